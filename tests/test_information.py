"""What a seat may know (engine/information.py): one function, and nothing of another seat's hidden cards."""

from __future__ import annotations

import json
import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sixnimmt_core import Deal, Game, find_variant
from sixnimmt_core.engine.information import Information, hands_open, information, seen_by
from sixnimmt_core.engine.options import Choosing
from sixnimmt_core.engine.rules import VARIANTS
from sixnimmt_core.players.agent import Agent
from sixnimmt_core.players.bots import CautiousBot, ExpertBot, RandomBot

HIDDEN_DEAL = ["base", "tactics", "professional", "open", "refined", "hand", "twins"]


def _deal(variant: str, players: int, seed: int, shuffle_others: int | None) -> Deal:
    """A shuffled deal; with ``shuffle_others``, the same deal with the other seats' cards (and the
    cards left undealt) shuffled among them: the same table and hand for seat 0."""
    g = Game(find_variant(variant), players, seed=seed)
    hands, rows = [list(h) for h in g.hands], [list(r) for r in g.rows]
    if shuffle_others is not None:
        pool = [c for h in hands[1:] for c in h] + list(g.undealt)
        random.Random(shuffle_others).shuffle(pool)
        size = len(hands[0])
        hands[1:] = [sorted(pool[i * size:(i + 1) * size]) for i in range(players - 1)]
    return Deal(hands, rows)


@settings(max_examples=40, deadline=None)
@given(variant=st.sampled_from(HIDDEN_DEAL), players=st.integers(3, 5), seed=st.integers(0, 10**6),
       other=st.integers(0, 10**6))
def test_games_that_differ_only_in_hidden_cards_look_alike(variant: str, players: int, seed: int, other: int) -> None:
    a = Game(find_variant(variant), players, deal=_deal(variant, players, seed, None))
    b = Game(find_variant(variant), players, deal=_deal(variant, players, seed, other))
    assert information(a, 0) == information(b, 0)
    assert information(a, None) == information(b, None)
    if a.decision(0) is not None and a.decision(1) is not None:  # hidden choice: every seat asked at once
        mine = a.decision(0).options[: a.decision(0).max_count]
        a.act(0, list(mine))
        b.act(0, list(mine))
        for g in (a, b):  # seat 1 lays its lowest cards face down: different cards in a and b
            d = g.decision(1)
            g.act(1, list(d.options[: d.max_count]))
        assert information(a, 0) == information(b, 0)
        seen_a = [seen_by(e, 0) for e in a.log]
        seen_b = [seen_by(e, 0) for e in b.log]
        assert seen_a == seen_b


def test_a_seat_sees_its_own_hand_and_no_other() -> None:
    g = Game(find_variant("base"), 4, deal=Deal([[1, 2], [3, 4], [5, 6], [7, 8]], [[10], [20], [30], [40]]))
    info = information(g, 2)
    assert info.hand == (5, 6)
    assert info.hands == (None, None, (5, 6), None)
    assert info.hand_sizes == (2, 2, 2, 2)
    assert info.rows == ((10,), (20,), (30,), (40,))
    assert info.decision is not None and info.decision.seat == 2
    assert information(g, None).hand == ()
    assert information(g, None).decision is None
    dealt = [seen_by(e, 2) for e in g.log if e.kind == "dealt"][0]
    assert dealt["hands"] == [None, None, [5, 6], None]


def test_a_card_laid_face_down_stays_hidden_until_the_reveal() -> None:
    g = Game(find_variant("base"), 3, deal=Deal([[1, 50], [3, 60], [5, 70]], [[10], [20], [30], [40]]))
    g.act(0, 50)
    assert information(g, 1).laid == (None, None, None)
    assert information(g, 1).laid_hidden == (True, False, False)
    assert information(g, 0).laid == ((50,), None, None)
    chose = [seen_by(e, 1) for e in g.log if e.kind == "chose"][0]
    assert chose == {"kind": "chose", "seat": 0, "hidden": True}
    assert "50" not in json.dumps(information(g, 1).to_json()).replace("[10]", "")
    g.act(1, 60)
    g.act(2, 70)  # revealed: 50 after 40, 60 and 70 after it
    assert information(g, 1).rows[3] == (40, 50, 60, 70)


def test_open_cards_are_seen_by_everyone() -> None:
    g = Game(find_variant("open"), 3, seed=5)
    first = g.pending[0].seat
    card = g.decision(first).options[0]
    g.act(first, card)
    other = (first + 1) % 3
    assert information(g, other).laid[first] == (card,)
    assert [seen_by(e, other) for e in g.log if e.kind == "chose"][0]["cards"] == [card]


def test_an_open_draft_shows_every_hand() -> None:
    g = Game(find_variant("logic"), 2, seed=1)
    while g.turn == 0:  # the draft: each seat takes the lowest card laid out
        d = g.pending[0]
        g.act(d.seat, min(d.options))
    info = information(g, 0)
    assert all(h is not None for h in info.hands)
    assert info.hands[1] == tuple(g.hands[1])


def test_information_is_a_copy() -> None:
    g = Game(find_variant("base"), 4, seed=2)
    info = information(g, 0)
    g.act(0, info.hand[0])
    assert len(info.hand) == 10
    assert len(information(g, 0).hand) == 9


def _bots() -> list[Agent]:
    """The deterministic bots (seeded, no time budget): each answers from the information state alone."""
    return [RandomBot(3), CautiousBot(3), ExpertBot(3, samples=6, horizon=3, budget=None)]


def _answers(info: Information) -> list[object]:
    d = info.decision
    assert d is not None
    return [bot.decide(d, info) for bot in _bots()]


def _draft_pair(variant: str, players: int, seed: int) -> tuple[Game, Game] | None:
    """An open draft, played alike to its first turn; then seat 1 lays a different card face down in each
    game (its hand is public; which card it laid is not). None when there is no such turn."""
    games = [Game(find_variant(variant), players, seed=seed) for _ in range(2)]
    for g in games:
        while g.pending and g.pending[0].kind == "draft":
            d = g.pending[0]
            g.act(d.seat, min(d.options))
    d = games[0].decision(1)
    if d is None or d.kind != "play" or games[0].rules.choosing != Choosing.HIDDEN or len(d.options) <= d.max_count:
        return None
    k = d.max_count
    games[0].act(1, list(d.options[:k]))
    games[1].act(1, list(d.options[-k:]))
    return games[0], games[1]


@settings(max_examples=25, deadline=None)
@given(variant=st.sampled_from(list(VARIANTS)), players=st.integers(2, 5), seed=st.integers(0, 10**6),
       other=st.integers(0, 10**6))
def test_games_of_every_variant_that_differ_only_in_hidden_cards_get_the_same_answers(
        variant: str, players: int, seed: int, other: int) -> None:
    if variant in HIDDEN_DEAL:  # the other hands and the undealt cards differ
        pair: tuple[Game, Game] | None = (
            Game(find_variant(variant), players, deal=_deal(variant, players, seed, None)),
            Game(find_variant(variant), players, deal=_deal(variant, players, seed, other)))
    else:  # an open draft: the card another seat laid face down differs
        pair = _draft_pair(variant, players, seed)
    assume(pair is not None)
    assert pair is not None
    a, b = pair
    assume(a.hands != b.hands or a.chosen != b.chosen or a.undealt != b.undealt)  # they do differ
    seat = 0 if a.decision(0) is not None else a.pending[0].seat
    ia, ib = information(a, seat), information(b, seat)
    assert ia == ib
    assert Information.from_json(json.loads(json.dumps(ia.to_json()))) == ia  # the wire keeps it whole
    if ia.decision is not None:
        assert _answers(ia) == _answers(ib)


# ---- the wire keeps a turn's every part (mutation testing, 2026-12-07) ------------------------------
def test_a_turn_stopped_at_a_low_card_travels_whole() -> None:
    # Twins, rows end 10, 20, 30, 40. A lays 50, B lays 5, C lays 23; revealed, lowest first: B's 5 is below
    # every end (rule 4), so it waits for B's row with its owner B, and C's 23 and A's 50 wait after it.
    g = Game(find_variant("twins"), 3, deal=Deal([[5, 23, 50], [5, 61, 63], [23, 62, 64]], [[10], [20], [30], [40]]),
             one_hand=True)
    g.act(0, 50)
    g.act(1, 5)
    g.act(2, 23)
    info = information(g, 0)
    sent = json.loads(json.dumps(info.to_json()))
    progress = sent["progress"]
    assert progress["placing"] == [5, [1], "low"] and progress["queue"] == [[23, [2]], [50, [0]]]
    assert progress["revealed"] is True and sent["waiting"] == [1] and sent["decision"] is None
    assert Information.from_json(sent) == info
    # B is asked which row to take for 5: any of the four rows, numbered from 0 on the wire
    asked = json.loads(json.dumps(information(g, 1).to_json()))
    assert asked["decision"] == {"kind": "take_row", "seat": 1, "options": [0, 1, 2, 3], "min": 1, "max": 1, "card": 5}
    assert Information.from_json(asked) == information(g, 1)


def _sent(g: Game, seat: int) -> dict:
    """What a class table sends ``seat``, through JSON text and back."""
    return json.loads(json.dumps(information(g, seat).to_json()))


def test_a_tie_between_two_places_travels_with_its_places() -> None:
    # Professional (RULES.md §3.4), rows 10 | 20 | 30 | 40, one card each (so both ends are that card).
    # A lays 15: right of 10 is 5 away, left of 20 is 5 away: a tie, A chooses (the edition's ruling).
    g = Game(find_variant("professional"), 2, deal=Deal([[15, 60], [50, 70]], [[10], [20], [30], [40]]), one_hand=True)
    g.act(0, 15)
    g.act(1, 50)
    sent = _sent(g, 0)
    assert sent["decision"] == {"kind": "spot", "seat": 0, "min": 1, "max": 1, "card": 15, "options": [
        {"row": 0, "side": "right", "end": 10, "diff": 5}, {"row": 1, "side": "left", "end": 20, "diff": 5}]}
    assert sent["shown"] == [[[[10], [20], [30], [40]], [15, 50]]]  # this turn: the rows it met, each seat's card
    assert Information.from_json(sent) == information(g, 0)


def test_an_order_of_two_cards_travels_as_pairs() -> None:
    # Refined (RULES.md §3.6), rows 5 | 15 | 25 | 35: A lays 10 and 12, B 20 and 22; A holds the lowest card
    # and places both, in the order A chooses: 10 then 12, or 12 then 10.
    g = Game(find_variant("refined"), 2, deal=Deal([[10, 12, 40, 41], [20, 22, 50, 51]], [[5], [15], [25], [35]]),
             one_hand=True)
    g.act(0, [10, 12])
    g.act(1, [20, 22])
    sent = _sent(g, 0)
    assert sent["decision"]["kind"] == "order" and sorted(sent["decision"]["options"]) == [[10, 12], [12, 10]]
    assert Information.from_json(sent) == information(g, 0)


def test_a_tournament_s_scores_by_selection_travel_whole() -> None:
    # Tournament (RULES.md §3.3), two seats: after the first hand each seat has played only its own
    # selection, so of the scores by selection and seat only the diagonal is known: the other two are null.
    # Sheets pass to the left: in the second hand A plays B's selection and B plays A's, which fills them.
    g = Game(find_variant("tournament"), 2, seed=4)
    bot = RandomBot(4)
    while g.hand_no == 1:
        d = g.pending[0]
        g.act(d.seat, bot.decide(d, g.view(d.seat)))
    info = information(g, 0)
    sent = json.loads(json.dumps(info.to_json()))
    by_selection = sent["progress"]["by_selection"]
    assert [[x is None for x in r] for r in by_selection] == [[False, True], [True, False]]
    assert [by_selection[0][0], by_selection[1][1]] == sent["hand_scores"][0]  # the first hand's scores, A then B
    assert Information.from_json(sent) == info
    while g.pending:  # two seats, two selections: the match ends after the second hand
        d = g.pending[0]
        g.act(d.seat, bot.decide(d, g.view(d.seat)))
    assert g.hand_no == 2
    for seat in (0, None):  # a seat, and a watcher (the projector), who has no seat
        over = json.loads(json.dumps(information(g, seat).to_json()))
        assert over["over"] is True and over["seat"] == seat and over["progress"]["by_selection"] == [
            [by_selection[0][0], over["hand_scores"][1][1]], [over["hand_scores"][1][0], by_selection[1][1]]]
        assert Information.from_json(over) == information(g, seat)


def test_a_split_travels_with_its_room() -> None:
    # Hand (RULES.md §3.7) with a hand limit of 14: A holds 14 cards (3 and 40–52), lays 3 below every end and
    # takes row 1 (5, 6). A now holds 13, so 1 of the two taken cards may go to A's hand: room 1.
    g = Game(find_variant("hand").but(hand_limit=14), 2,
             deal=Deal([[3, *range(40, 53)], list(range(60, 74))], [[5, 6], [15], [25], [35]]), one_hand=True)
    g.act(0, 3)
    g.act(0, 0)
    sent = _sent(g, 0)
    assert {k: sent["decision"][k] for k in ("kind", "seat", "options", "room")} == {
        "kind": "split", "seat": 0, "options": [5, 6], "room": 1}
    assert Information.from_json(sent) == information(g, 0)


def test_another_seat_s_play_is_told_without_its_cards() -> None:
    # Hand (RULES.md §3.7): A is asked to lay one or two cards. B is told that A is asked, and how many
    # A may lay (1 to 2), but not A's cards: the options are A's hidden hand.
    g = Game(find_variant("hand").but(hand_limit=14), 2,
             deal=Deal([[3, *range(40, 53)], list(range(60, 74))], [[5, 6], [15], [25], [35]]), one_hand=True)
    sent = _sent(g, 1)
    assert sent["decision"] is None and sent["waiting"] == [0]
    assert sent["progress"]["asked"] == [{"kind": "play", "seat": 0, "options": [], "min": 1, "max": 2}]


def test_only_a_draft_shows_every_hand() -> None:
    # RULES.md §3.2, §3.3: Logic and Tournament draft their hands from cards laid face up; every other
    # variant deals them face down.
    for variant in VARIANTS:
        assert hands_open(Game(find_variant(variant), 3, seed=1)) is (variant in ("logic", "tournament")), variant
