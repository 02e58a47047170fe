"""Issue 34, item 4: a Hypothesis state machine plays matches of every variant with legal and illegal
answers mixed — no such seat, out of turn, a card not held, an answer of the wrong type, the wrong
count, a row or a place that is not one, … — and checks after every step that every card is in exactly
one place, no row holds more than five, the heads add up, an illegal answer was refused with the
engine's own error and changed nothing, and the log replays byte for byte.

What a check expects comes from RULES.md or a count by hand (the deck, the heads, the score), never
from the engine; where the engine is asked (``rules.deck_for``), it is checked against the hand count.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest
from helpers import heads_by_hand as heads
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from sixnimmt_core import Game, dumps, replay
from sixnimmt_core.engine.decisions import (
    Decision,
    DraftDecision,
    OrderDecision,
    PlayDecision,
    SplitDecision,
    SpotDecision,
    TakeRowDecision,
)
from sixnimmt_core.engine.errors import IllegalAction, OutOfTurn, SixNimmtError
from sixnimmt_core.engine.events import Event, HandEnded, HandStarted, Split, Took
from sixnimmt_core.engine.rules import VARIANTS
from sixnimmt_core.engine.table import Spot

LANGS = ("en", "cs", "sk", "ro")

# ---- the rules, by hand (RULES.md) -------------------------------------------------------------------




def heads_of(cards: Sequence[int]) -> int:
    return sum(heads(c) for c in cards)


# §2: 2–10 players; Tournament at most 5 (§3.3), Open 2–9 (§3.5), Refined and Hand 2–7 (§3.6, §3.7)
MOST_PLAYERS = {"tournament": 5, "open": 9, "refined": 7, "hand": 7}
ROWS, FULL = 4, 5  # §2: four rows; a row holds five cards, the sixth takes them
DOUBLED = {"hand"}  # §3.7: the cards left in hand count double


def deck_by_hand(name: str, players: int) -> Counter[int]:
    """The cards a match of ``name`` plays with, from the rules' text."""
    if name in ("tactics", "logic", "tournament"):  # §3.1–3.3: only 1 … 10 × players + 4
        cards = range(1, 10 * players + 4 + 1)
    elif name == "open":  # §3.5: the card 1 is the start marker
        cards = range(2, 104 + 1)
    else:  # §1: 104 cards (Refined and Hand deal 14 each of them)
        cards = range(1, 104 + 1)
    copies = 2 if name == "twins" else 1  # §3.8: two full decks
    return Counter({c: copies for c in cards})


def test_the_decks_and_player_counts_by_hand_are_the_engine_s():
    assert set(VARIANTS) == {"base", "tactics", "logic", "tournament", "professional", "open", "refined", "hand",
                             "twins"}
    for name, rules in VARIANTS.items():
        most = MOST_PLAYERS.get(name, 10)
        for players in range(2, most + 1):
            rules.check(players)
            assert Counter(rules.deck_for(players)) == deck_by_hand(name, players), (name, players)
        with pytest.raises(SixNimmtError):
            rules.check(most + 1)
    assert sum(deck_by_hand("twins", 4).values()) == 208 and sum(deck_by_hand("tactics", 3).values()) == 34


class Ledger:
    """The heads each seat took this hand, counted by hand from the takes the log records (§1; a take
    shared by twins: half each, rounded up, §3.8; Hand: what a split lays on the pile, §3.7), and the
    score of each hand that ended (Hand: the cards left in hand count double)."""

    def __init__(self, players: int, doubled: bool) -> None:
        self.players, self.doubled = players, doubled
        self.read = 0
        self.penalty = [0] * players
        self.moved = [0] * players  # what sharing moved: a seat's penalty minus the heads of its pile
        self.scores: list[list[int]] = []

    def follow(self, log: list[Event]) -> None:
        for e in log[self.read:]:
            if isinstance(e, HandStarted):
                self.penalty, self.moved = [0] * self.players, [0] * self.players
            elif isinstance(e, Took) and e.seat is not None:
                self._took(e, e.seat)
            elif isinstance(e, Split) and e.seat is not None:
                self.penalty[e.seat] += heads_of(e.to_pile)
            elif isinstance(e, HandEnded):
                left = e.hands_left or [[] for _ in range(self.players)]
                self.scores.append([p + (2 * heads_of(h) if self.doubled else 0) for p, h in zip(self.penalty, left,
                                                                                                strict=True)])
        self.read = len(log)

    def _took(self, e: Took, seat: int) -> None:
        h = heads_of(e.cards)
        if e.shared:  # the cards lie on one pile, the event's seat's; each sharer scores half, rounded up
            for s in e.shared:
                self.penalty[s] += -(-h // 2)
                self.moved[s] += -(-h // 2)
            self.moved[seat] -= h
        elif not e.split:  # (a split says which of them go to the pile)
            self.penalty[seat] += h


def snapshot(g: Game) -> tuple[Any, ...]:
    """Everything a refusal must leave as it was."""
    return (repr((g.rows, g.hands, g.piles, g.penalty, g.totals, g.hand_scores, g.pending, g.chosen, g.undealt,
                  g.draft_table)), g.over, g.turn, g.hand_no, g.marker, len(g.log), g.rng.getstate(), g.cards_in_play())


# ---- answers ----------------------------------------------------------------------------------------------


def legal_answers(d: Decision) -> st.SearchStrategy[Any]:
    """The answers the rules allow ``d``, in every form ``act`` takes (a card, a list, a tuple …)."""
    if isinstance(d, PlayDecision):
        most = min(d.max_count, len(d.options))
        return st.tuples(st.permutations(d.options), st.integers(d.min_count, most)).flatmap(
            lambda pk: as_forms(list(pk[0][:pk[1]])))
    if isinstance(d, SplitDecision):
        most = min(d.room, len(d.options))
        return st.tuples(st.permutations(d.options), st.integers(0, most)).flatmap(
            lambda pk: as_forms(list(pk[0][:pk[1]])))
    if isinstance(d, SpotDecision):
        return st.sampled_from(d.options).flatmap(lambda s: st.sampled_from([s, (s.row, s.side), [s.row, s.side]]))
    if isinstance(d, OrderDecision):
        return st.sampled_from(d.options).flatmap(lambda o: st.sampled_from([o, list(o)]))
    return st.sampled_from(d.options)  # a card laid out (draft), a row (take_row)


def as_forms(cards: list[int]) -> st.SearchStrategy[Any]:
    return st.sampled_from([cards, tuple(cards), *cards[:1]] if len(cards) == 1 else [cards, tuple(cards)])


JUNK = st.one_of(  # answers of no kind's type: never a card, a row, a list of cards or a place
    st.floats(allow_nan=True), st.booleans(), st.none(), st.text(max_size=4), st.binary(max_size=3),
    st.dictionaries(st.integers(0, 5), st.integers(0, 104), max_size=2),
    st.lists(st.lists(st.integers(0, 104), max_size=2), min_size=1, max_size=3),
    st.lists(st.one_of(st.floats(), st.booleans(), st.text(max_size=2), st.none()), min_size=1, max_size=3),
    st.sampled_from([10**30, -(10**30), set(), frozenset({5}), range(3), [[[[[5]]]]], [5] * 10_000]),
)
BAD_SEATS = st.one_of(st.sampled_from([False, True, 0.0, 1.0, -0.0, "0", "1", None, b"0", [0], (0,), {0: 0}]),
                      st.floats(), st.text(max_size=3))


def mistyped(answer: Any) -> list[Any]:
    """A legal answer with its numbers of another type: 12.0, "12", True for 1, [12.0], (1.0, "right") …"""
    if isinstance(answer, Spot):
        return [replace(answer, row=float(answer.row)), (float(answer.row), answer.side),
                (str(answer.row), answer.side), (answer.side, answer.row),
                *([(bool(answer.row), answer.side), replace(answer, row=bool(answer.row))] if answer.row < 2 else [])]
    if isinstance(answer, int):
        return [float(answer), str(answer), [str(answer)], [float(answer)], {answer: answer}, [[answer]],
                *([bool(answer)] if answer < 2 else [])]
    if len(answer) == 2 and isinstance(answer[1], str):  # a tied place as (row, side)
        return [(float(answer[0]), answer[1]), [str(answer[0]), answer[1]], (answer[0] == 1, answer[1])]
    if not answer:  # a split that keeps nothing
        return [[None], [[]], {}, "", None, [0.0]]
    return [[float(c) for c in answer], [str(c) for c in answer], [list(answer)], tuple(map(float, answer)),
            dict.fromkeys(answer)]


def wrong_answers(d: Decision) -> st.SearchStrategy[Any]:
    """Answers of the right type that the rules refuse ``d``."""
    anything = st.integers(-3, 108)
    if isinstance(d, PlayDecision):
        held = Counter(d.options)
        return st.one_of(
            st.tuples(anything.filter(lambda c: held[c] == 0), st.permutations(d.options),
                      st.integers(d.min_count, d.max_count)).map(lambda t: [t[0], *t[1][:t[2] - 1]]),  # not held
            st.lists(st.sampled_from(d.options), min_size=d.max_count + 1, max_size=d.max_count + 2),  # too many
            st.just([]) if d.min_count < 2 else st.sampled_from(d.options).map(lambda c: [c]),  # too few
            *([st.sampled_from([c for c, n in held.items() if n == 1]).map(lambda c: [c, c])]  # one held twice
              if d.max_count >= 2 and 1 in held.values() else []))
    if isinstance(d, DraftDecision):
        return anything.filter(lambda c: c not in d.options)
    if isinstance(d, TakeRowDecision):
        return st.one_of(st.integers(-5, 10).filter(lambda r: r not in d.options), st.just(10**30))
    if isinstance(d, SpotDecision):
        tied = {(s.row, s.side) for s in d.options}
        return st.sampled_from([(r, side) for r in range(-1, ROWS + 1) for side in ("left", "right", "middle")
                                if (r, side) not in tied] + [replace(d.options[0], diff=d.options[0].diff + 1)])
    if isinstance(d, OrderDecision):
        return wrong_orders(d)
    assert isinstance(d, SplitDecision)
    taken = Counter(d.options)
    return st.one_of(
        anything.filter(lambda c: taken[c] == 0).map(lambda c: [c]),  # a card not taken
        st.sampled_from(d.options).map(lambda c: [c] * (taken[c] + 1)),  # a taken card once too often
        st.permutations(d.options).map(lambda p: list(p[:d.room + 1])) if d.room < len(d.options) else st.nothing())


def wrong_orders(d: OrderDecision) -> st.SearchStrategy[Any]:
    a, b = d.options[0]
    orders = [[a], a, [a, b, a], [b, a, b]] + ([[a, a], [b, b]] if a != b else [[a, a, a]])
    return st.one_of(st.sampled_from(orders), st.integers(-3, 108).filter(lambda x: x not in (a, b)).map(
        lambda x: [a, x]))


STOP_AT: dict[bool, tuple[type[Decision], ...]] = {
    False: (SpotDecision, SplitDecision), True: (SpotDecision, SplitDecision, TakeRowDecision, OrderDecision)}
RULE_OF = {PlayDecision: "play", DraftDecision: "draft", OrderDecision: "order", TakeRowDecision: "take_row",
           SpotDecision: "tie", SplitDecision: "split"}


# ---- the machine ----------------------------------------------------------------------------------------


class Match(RuleBasedStateMachine):
    """A match of ``variant``: legal answers, many at a time, and illegal ones of every sort between."""

    variant = "base"

    @initialize(data=st.data())
    def deal(self, data: st.DataObject) -> None:
        players = data.draw(st.integers(2, MOST_PLAYERS.get(self.variant, 10)), label="players")
        seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
        one_hand = data.draw(st.booleans(), label="one_hand")
        self.game = Game(VARIANTS[self.variant], players, seed=seed, one_hand=one_hand)
        self.deck = deck_by_hand(self.variant, players)
        self.ledger = Ledger(players, self.variant in DOUBLED)

    # ---- legal answers ----
    @precondition(lambda self: self.game.pending)
    @rule(data=st.data(), many=st.integers(1, 40), stop=st.booleans())
    def answer(self, data: st.DataObject, many: int, stop: bool) -> None:
        """Up to ``many`` legal answers in a row, each checked (so that a few steps reach a hand's end),
        up to a rare question — a tied place, a split — and with ``stop`` up to a row to take or an
        order too, so that the illegal answers meet each of them."""
        g = self.game
        for _ in range(many):
            d = data.draw(st.sampled_from(g.pending))
            g.act(d.seat, data.draw(legal_answers(d)))
            self.check_table()
            if not g.pending or any(isinstance(p, STOP_AT[stop]) for p in g.pending):
                return

    # ---- illegal answers, a few each step (a refusal changes nothing, so the next meets the same question) ----
    @rule(data=st.data(), tries=st.integers(1, 4))
    def no_such_seat(self, data: st.DataObject, tries: int) -> None:
        g = self.game
        for _ in range(tries):
            seat = data.draw(st.one_of(BAD_SEATS, st.integers(max_value=-1), st.integers(min_value=g.players)))
            answer = data.draw(legal_answers(g.pending[0])) if g.pending else 10
            refusal = self.refused(seat, answer)
            assert type(refusal) is OutOfTurn and refusal.key == "turn.no_seat" and refusal.rule == "seat"

    @precondition(lambda self: self.not_asked())
    @rule(data=st.data(), tries=st.integers(1, 4))
    def out_of_turn(self, data: st.DataObject, tries: int) -> None:
        g = self.game
        for _ in range(tries):
            seat = data.draw(st.sampled_from(self.not_asked()))
            answer = data.draw(legal_answers(g.pending[0]) if g.pending else st.sampled_from(g.hands[seat] or [10]))
            refusal = self.refused(seat, answer)
            assert type(refusal) is OutOfTurn and refusal.key == ("turn.over" if g.over else "turn.not_asked")

    @precondition(lambda self: self.game.pending)
    @rule(data=st.data(), tries=st.integers(1, 4))
    def wrong_type(self, data: st.DataObject, tries: int) -> None:
        for _ in range(tries):
            d = data.draw(st.sampled_from(self.game.pending))
            legal = data.draw(legal_answers(d))
            # a legal answer mistyped (one of JUNK's many branches would otherwise be as likely)
            mistype = data.draw(st.booleans(), label="mistype a legal answer")
            answer = data.draw(st.sampled_from(mistyped(legal)) if mistype else JUNK)
            refusal = self.refused(d.seat, answer)
            assert type(refusal) is IllegalAction and refusal.rule == RULE_OF[type(d)]

    @precondition(lambda self: self.game.pending)
    @rule(data=st.data(), tries=st.integers(1, 4))
    def against_the_rules(self, data: st.DataObject, tries: int) -> None:
        for _ in range(tries):
            d = data.draw(st.sampled_from(self.game.pending))
            refusal = self.refused(d.seat, data.draw(wrong_answers(d)))
            assert type(refusal) is IllegalAction

    def not_asked(self) -> list[int]:
        asked = {d.seat for d in self.game.pending}
        return [s for s in range(self.game.players) if s not in asked]

    def refused(self, seat: Any, answer: Any) -> SixNimmtError:
        """The refusal of ``answer`` from ``seat``: the engine's own error, said in every language, and
        the game exactly as it was."""
        g = self.game
        before = snapshot(g)
        try:
            g.act(seat, answer)
        except SixNimmtError as exc:
            refusal = exc
        else:
            raise AssertionError(f"seat {seat!r} answered {answer!r} and the game took it")
        assert isinstance(refusal, IllegalAction) and refusal.rule and refusal.key
        assert all(refusal.words(lang) for lang in LANGS)
        assert snapshot(g) == before
        return refusal

    # ---- after every step ----
    @invariant()
    def cards_rows_and_heads(self) -> None:
        self.check_table()

    @invariant()
    def the_log_replays_byte_for_byte(self) -> None:
        saved = dumps(self.game)
        assert dumps(replay(saved)) == saved

    def check_table(self) -> None:
        g = self.game
        assert g.cards_in_play() == self.deck  # every card in exactly one place
        drafting = any(isinstance(d, DraftDecision) for d in g.pending)
        assert len(g.rows) == (0 if drafting else ROWS)
        copies = max(self.deck.values())
        for row in g.rows:  # ascending, five places at most (twins stacked on each other fill one, §3.8)
            assert row == sorted(row) and 1 <= len(set(row)) <= FULL and max(Counter(row).values()) <= copies, row
        self.check_heads()

    def check_heads(self) -> None:
        g, ledger = self.game, self.ledger
        ledger.follow(g.log)
        doubled = self.variant in DOUBLED
        assert g.penalty == ledger.penalty
        assert g.penalty == [heads_of(p) + m for p, m in zip(g.piles, ledger.moved, strict=True)]
        scores = [p + (2 * heads_of(h) if doubled else 0) for p, h in zip(g.penalty, g.hands, strict=True)]
        assert g.scores() == scores
        assert g.hand_scores == ledger.scores
        assert g.totals == [sum(s[i] for s in g.hand_scores) for i in range(g.players)]
        if g.over:
            assert g.hand_scores[-1] == scores


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_variant_keeps_its_rules_through_legal_and_illegal_answers(name: str) -> None:
    machine = type(f"{name.title()}Match", (Match,), {"variant": name})
    run_state_machine_as_test(machine, settings=settings(max_examples=16, stateful_step_count=40, deadline=None))
