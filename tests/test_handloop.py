"""The Hand variant's fast play-outs (sixnimmt_core/players/handloop.py) against the engine, and by hand.

The equivalence test compares two implementations of the same rules and the same model of the table:
on random positions of the Hand variant the engine plays the rest of the hand with each seat asked as
the search's model (the cautious bot, or with a seat's chance any legal answer, drawn as the random bot
draws it: cards from one stream of draws, rows and splits from another); the core plays it from the
same draws and must end with the same rows, the same takes (seat, row, heads) in the same order, the
same hands, piles and heads, and the same heads now and by the horizon. The hand-made tables below take
their expected values from RULES.md §2 and §3.7.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from sixnimmt_core import Game, find_variant
from sixnimmt_core.engine.decisions import (
    PlayDecision,
    SplitDecision,
    SpotDecision,
    TakeRowDecision,
)
from sixnimmt_core.engine.events import Took
from sixnimmt_core.engine.options import HandEnd
from sixnimmt_core.engine.rules import MAX_ROUNDS, VARIANTS
from sixnimmt_core.players import handloop
from sixnimmt_core.players.bots import CautiousBot, RandomBot
from sixnimmt_core.players.handloop import (
    Start,
    Table,
    answerable,
    careful_card,
    lay,
    play_rounds,
    score,
    supports,
)
from sixnimmt_core.players.playout import Draws
from sixnimmt_core.players.search import cost, play_out

HAND = find_variant("hand")
POSITIONS = 2000  # random positions
HORIZONS = (0, 1, 2, 5, 99)  # rounds played after this one (99: to the hand's end)


class _Reads:
    """A ``random.Random`` look-alike whose draws come from a ``Draws`` reader (for ``RandomBot``)."""

    def __init__(self, read):
        self.random = read


class Model:
    """A seat of the search's model as an engine agent: with chance ``p`` any legal answer (as the random
    bot), else the cautious bot's; its cards read the draws ``r``, its rows and splits the draws ``rr``."""

    def __init__(self, p, r, rr):
        self.p, self.r, self.rr = p, r, rr
        self.cautious = CautiousBot(0)
        self.by_cards, self.by_rows = RandomBot(0), RandomBot(0)
        self.by_cards.rng, self.by_rows.rng = _Reads(r), _Reads(rr)

    def decide(self, d, view):
        read, careless = (self.r, self.by_cards) if isinstance(d, PlayDecision) else (self.rr, self.by_rows)
        if self.p and read() < self.p:
            return careless.decide(d, view)
        return self.cautious.decide(d, view)


def _position(seed: int):
    """A random position: a one-hand Hand game of 2–7 players, cautious and random, stopped at a random
    decision (play, take_row, split); (the game, that decision)."""
    rng = random.Random(seed)
    players = rng.randint(2, 7)
    stop = rng.randint(0, 16 * players)
    while True:
        g = Game(HAND, players, seed=seed, one_hand=True, record=False)
        bots = [RandomBot(seed * 10 + s) if rng.random() < 0.5 else CautiousBot(0) for s in range(players)]
        steps = 0
        while g.pending and not g.over:
            d = g.pending[0]
            if steps >= stop and answerable(type(d), HAND):
                return g, d
            g.act(d.seat, bots[d.seat].decide(d, g.view(d.seat)))
            steps += 1
        stop = rng.randint(0, steps - 1)  # the hand ended first: stop earlier


def _compare(seed: int) -> str:
    g, d = _position(seed)
    rng = random.Random(seed + 1)
    seat = d.seat
    bot = RandomBot(seed + 1) if rng.random() < 0.7 else CautiousBot(0)
    answer = bot.decide(d, g.view(seat))
    noise = [[0.0, 1.0, 0.3, 0.1][rng.randrange(4)] for _ in range(g.players)]
    horizon = HORIZONS[rng.randrange(len(HORIZONS))]
    cards, rows = Draws(random.Random(seed), 3000), Draws(random.Random(-seed), 3000)
    start = Start(g, seat, type(d), noise, cards, rows)  # before the engine plays on: from the same position

    e = g.clone(record=True)
    r, rr = cards.reader(), rows.reader()  # one stream of each for all the seats, as in the core
    agents = [Model(p, r, rr) for p in noise]
    before, logged, hand_no, turn = cost(e, seat), len(e.log), e.hand_no, e.turn
    e.act(seat, answer)
    play_out(e, agents, hand_no, turn + 1)
    now = cost(e, seat, hand_no) - before
    play_out(e, agents, hand_no, turn + 1 + horizon)
    total = cost(e, seat, hand_no) - before
    want_takes = [(x.seat, x.row, x.heads) for x in e.log[logged:] if isinstance(x, Took)]

    takes: list = []
    got_now, got_total, t = start.play(answer, horizon, takes)
    where = f"seed {seed}: {d.kind} {answer!r}, horizon {horizon}, noise {noise}"
    assert takes == want_takes, where
    assert (got_now, got_total) == (now, total), where
    assert t.table_rows() == e.rows, where
    assert t.hands == e.hands, where
    assert t.pen == e.penalty and t.pile == [len(p) for p in e.piles], where
    return d.kind


def test_the_core_plays_the_hand_variant_only():
    assert [v for v in VARIANTS if supports(VARIANTS[v])] == ["hand"]
    assert all(answerable(k, HAND) for k in (PlayDecision, TakeRowDecision, SplitDecision))
    assert not answerable(PlayDecision, VARIANTS["base"])


def test_the_same_model_and_draws_give_the_same_rows_takes_hands_and_heads_as_the_engine():
    kinds = {_compare(seed) for seed in range(POSITIONS)}
    assert kinds == {"play", "take_row", "split"}


# ---- by hand: RULES.md §2 and §3.7 ----------------------------------------------------------


def _table(rows, hands, noise=None):
    """A table of one-sided ``rows`` (in the order of their ends) and sorted ``hands``, careful seats."""
    t = Table.__new__(Table)
    t.rows = [list(r) for r in rows]
    t.rh = [sum(_heads(c) for c in r) for r in rows]
    t.at = list(range(len(rows)))
    t.hands = [sorted(h) for h in hands]
    t.pen, t.pile = [0] * len(hands), [0] * len(hands)
    t.noise = noise or [0.0] * len(hands)
    t.most, t.limit, t.keep = 2, 16, True
    t.r = t.rr = t.takes = None
    return t


def _heads(card: int) -> int:
    """A card's heads by the rulebook (RULES.md §1): 55: 7; multiples of 11: 5; of 10: 3; of 5: 2; else 1."""
    if card == 55:
        return 7
    return 5 if card % 11 == 0 else 3 if card % 10 == 0 else 2 if card % 5 == 0 else 1


def test_a_sixth_card_takes_the_row_and_a_careful_seat_keeps_its_one_head_cards_up_to_eight():
    # row 2 holds 21 22 23 24 25 (1+5+1+1+2 = 10 heads); 26 is its sixth card: seat 0 takes it. With 5 cards
    # in hand it keeps the one-head cards, highest first, up to 8 in hand: 24, 23, 21; 22 (5) and 25 (2) go
    # to its pile, 7 heads.
    t = _table([[10], [21, 22, 23, 24, 25], [60], [90]], [[1, 2, 3, 4, 5], [50]])
    lay(t, 0, 26)
    assert t.rows[1] == [26]
    assert t.hands[0] == [1, 2, 3, 4, 5, 21, 23, 24] and t.pen[0] == 7 and t.pile[0] == 2


def test_a_low_card_takes_the_cheapest_row_which_then_comes_first():
    # 5 is below every end: it takes the row of fewest heads, 91 92 (2 heads; 10 and 60 have 3, 21 22 six).
    # Seat 1 holds 7 cards: room for one more up to 8, its highest one-head card, 92; 91 goes to its pile.
    t = _table([[10], [21, 22], [60], [91, 92]], [[50], [1, 2, 3, 4, 6, 7, 8]])
    lay(t, 1, 5)
    assert t.table_rows() == [[10], [21, 22], [60], [5]] and t.rows[0] == [5]
    assert t.hands[1] == [1, 2, 3, 4, 6, 7, 8, 92] and t.pen == [0, 1] and t.pile == [0, 1]


def test_the_hand_ends_after_the_round_that_empties_a_hand():
    # seat 0 lays its last card in the first round; seat 1 still plays that round; then the hand is over
    t = _table([[10], [20], [30], [40]], [[45], [46, 47, 48]])
    assert play_rounds(t, [0, 1], 0, 0, 99, 20) is True
    assert t.hands == [[], [47, 48]] and t.rows[3] == [40, 45, 46]


def test_a_rule_set_that_keeps_nothing_puts_every_taken_card_on_the_pile():
    # Hand's way of placing with the base game's taking (a rule set of its own): the sixth card 26 takes
    # 21 22 23 24 25, all five cards and their 10 heads to the pile (4 + 10 = 14 heads, 3 + 5 = 8 cards)
    t = _table([[10], [21, 22, 23, 24, 25], [60], [90]], [[1, 2], [50]])
    t.keep, t.pen, t.pile = False, [4, 0], [3, 0]
    lay(t, 0, 26)
    assert t.rows[1] == [26] and t.hands[0] == [1, 2] and t.pen == [14, 0] and t.pile == [8, 0]


def test_the_careful_card_reads_each_row_s_own_heads_with_no_risk_kept_yet(monkeypatch):
    # Rows of two cards each (ends 11, 23, 27, 37) with 8, 4, 3 and 2 heads (10: 3, 11: 5; 20: 3, 23: 1;
    # 25: 2, 27: 1; 36, 37: 1 each); 12, 24, 28 and 38 (one head each) go one past an end. A row's risk
    # (table.row_risk) is (2/5)³ × 1/20 × (the row's heads + 1) + 1/1000: 12 → 0.0298, 24 → 0.017,
    # 28 → 0.0138, 38 → 0.0106, so of two neighbours the card on the row of fewer heads is the careful one.
    # The risks kept from earlier play-outs are emptied: each row's are worked out here afresh.
    monkeypatch.setattr(handloop, "RISK", [[None] * 400 for _ in range(6)])
    rows = [[10, 11], [20, 23], [25, 27], [36, 37]]
    rh = [8, 4, 3, 2]
    assert careful_card(rows, rh, [12, 24]) == (24, 1)
    assert careful_card(rows, rh, [24, 28]) == (28, 2)
    assert careful_card(rows, rh, [28, 38]) == (38, 3)
    assert careful_card(rows, rh, [1, 12]) == (12, 0)  # 1 below every end: 2 + 0.25


def test_the_hand_ends_after_the_sixtieth_round_whatever_the_hands_hold():
    # the ruling (rules.py, MAX_ROUNDS): the rules set no limit, this edition ends a hand after 60 rounds.
    # 59 rounds done, every hand holds three cards: one more round (one card each) ends the hand.
    t = _table([[10], [20], [30], [40]], [[41, 42, 43], [44, 45, 46]])
    assert MAX_ROUNDS == 60
    assert play_rounds(t, [0, 1], 0, 59, 99, 20) is True
    assert [len(h) for h in t.hands] == [2, 2]


def test_a_hand_scores_its_pile_and_its_cards_in_hand_double_only_when_they_count_double():
    # RULES.md §3.7: heads in the pile once, cards left in hand double: 3 + 2 × (55: 7, 10: 3) = 23;
    # a rule set whose cards in hand do not count scores its pile alone, 3
    t = _table([[1], [2], [3], [4]], [[10, 55]])
    t.pen = [3]
    assert score(t, 0, True) == 23 and score(t, 0, False) == 3


def _start(t, seat, asked, order, pos):
    """A ``Start`` made by hand on the table ``t``: ``seat`` to answer ``asked`` at ``pos`` in ``order``, no
    card waiting, careful seats (the draws are never read), the Hand variant's end (a pile over 20)."""
    s = Start.__new__(Start)
    s.table, s.seat, s.asked, s.order, s.pos, s.done = t, seat, asked, order, pos, 0
    s.cards = s.draws = Draws(random.Random(0), 0)
    s.queue, s.placing, s.taken, s.pile_limit, s.double = [], None, [], 20, True
    return s


def test_an_answer_s_takes_and_heads_by_hand():
    # seat 0, last of the round, lays 26 as the sixth card of 21 22 23 24 25 (10 heads, the row in place 1)
    # and keeps 24, 23, 21 (as in the sixth-card test above). In hand before: 1 2 3 4 5 26, 1+1+1+1+2+1 = 7
    # heads, 14 doubled; after: 1 2 3 4 5 21 23 24, 9 heads, 18, and 7 in the pile: 25, so 11 from now.
    t = _table([[10], [21, 22, 23, 24, 25], [60], [90]], [[1, 2, 3, 4, 5, 26], [50]])
    takes: list = []
    assert _start(t, 0, PlayDecision, [1, 0], 2).out(26, 0, takes) == (11, 11)
    assert takes == [(0, 1, 10)]


def test_a_decision_the_core_does_not_answer_is_refused_by_name():
    t = _table([[10], [20], [30], [40]], [[50], [60]])
    with pytest.raises(ValueError, match="SpotDecision"):
        _start(t, 0, SpotDecision, [0, 1], 1).answer(t, (0, "right"))


def test_only_the_hand_variant_s_end_reads_the_pile_limit():
    # RULES.md §3.7: the hand ends after a round that leaves a pile over 20 cards; a rule set that ends
    # the hand when the cards run out has no pile limit to read
    hand_end = Start(Game(HAND, 3, seed=1, one_hand=True), 0, PlayDecision, [0.0] * 3, None, None)
    cards_out = replace(HAND, hand_end=HandEnd.CARDS_OUT)
    other_end = Start(Game(cards_out, 3, seed=1, one_hand=True), 0, PlayDecision, [0.0] * 3, None, None)
    assert hand_end.pile_limit == 20 and other_end.pile_limit is None


def test_the_coachs_search_plays_the_hand_variant_out_here_not_through_the_engine(monkeypatch):
    from sixnimmt_core.players import bots, handloop, search

    made = []

    class Counted(handloop.Start):
        __slots__ = ()

        def __init__(self, *args):
            made.append(args[2])
            super().__init__(*args)

    def engine_play_out(*args):
        raise AssertionError("a Hand play-out went through the engine")

    monkeypatch.setattr(handloop, "Start", Counted)
    monkeypatch.setattr(search, "play_out", engine_play_out)
    seen = set()
    for seed in range(60):
        g, d = _position(seed)
        if type(d) in seen:
            continue
        seen.add(type(d))
        est = bots.coach_bot(seed, g.rules, type(d), samples=6, budget=None).evaluate(d, g.view(d.seat))
        assert est and all(e.samples >= 2 for e in est)
    assert seen == {PlayDecision, TakeRowDecision, SplitDecision} and set(made) == seen
