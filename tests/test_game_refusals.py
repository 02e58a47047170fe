"""Every refusal of game.py, on small fixed deals, with its whole message and rule, and the game
unchanged; the deals are worked out by hand in the comments (RULES.md §2–3)."""

from __future__ import annotations

import json

import pytest
from helpers import snapshot

from sixnimmt_core import Deal, Game, Rules, dumps, replay
from sixnimmt_core.engine.decisions import OrderDecision, PlayDecision
from sixnimmt_core.engine.errors import CorruptLog, IllegalAction, ImpossibleSetup, OutOfTurn
from sixnimmt_core.engine.rules import find_variant
from sixnimmt_core.engine.table import Spot

ROWS4 = [[5], [15], [25], [35]]


def refused(game: Game, seat, action, error=IllegalAction) -> tuple[str, str]:
    before = snapshot(game)
    with pytest.raises(error) as info:
        game.act(seat, action)
    assert type(info.value) is error
    assert snapshot(game) == before
    return str(info.value), info.value.rule


def base() -> Game:
    # A holds 10 and 30, B 20 and 40; rows end 5, 15, 25, 35
    return Game(Rules(), 2, deal=Deal([[10, 30], [20, 40]], ROWS4), one_hand=True)


# ---- who is asked ----------------------------------------------------------------------------------


def test_a_seat_not_asked_is_told_who_is():
    g = base()
    assert g.turn == 1
    g.act(0, 10)
    assert refused(g, 0, 30, OutOfTurn) == (
        "Player A is not being asked for a decision now; waiting for: Player B (choose a card)", "turn")
    assert refused(g, 2, 30, OutOfTurn) == ("there is no seat 2: seats are numbered 0 to 1", "seat")
    g.act(1, 20)
    assert g.turn == 2  # the second of two turns


def test_a_finished_match_asks_no_one():
    g = base()
    for seat, card in ((0, 10), (1, 20), (0, 30), (1, 40)):
        g.act(seat, card)
    assert g.over
    assert refused(g, 0, 10, OutOfTurn) == ("the match is over: no decision is pending", "turn")


def test_names_must_match_the_seats():
    with pytest.raises(ImpossibleSetup) as info:
        Game(Rules(), 2, names=["Ann"])
    assert (str(info.value), info.value.rule) == ("1 names given for 2 players", "players")


# ---- playing a card ----------------------------------------------------------------------------------


def test_play_refusals_base():
    g = base()
    assert refused(g, 0, [10, 30]) == ("Player A must lay 1 card this turn, not 2 (one card each turn)", "play")
    assert refused(g, 0, 7) == ("Player A does not hold 7 (hand: 10, 30): a card must come from your hand", "play")
    assert refused(g, 0, [10, 10]) == ("Player A must lay 1 card this turn, not 2 (one card each turn)", "play")
    assert refused(g, 0, "x") == ("'x' is not a card or a list of cards", "play")
    assert refused(g, 0, []) == ("[] is not a card or a list of cards", "play")


def refined() -> Game:
    # Refined: two cards each turn (hand size 14; two cards each are enough here)
    return Game(find_variant("refined"), 2, deal=Deal([[10, 12, 40, 41], [20, 22, 50, 51]], ROWS4),
                one_hand=True)


def test_play_refusals_refined_and_the_order():
    g = refined()
    assert refused(g, 0, 10) == ("Player A must lay 2 cards this turn, not 1 (Refined: two cards each turn)",
                                 "play")
    g.act(0, [12, 10])
    assert refused(g, 0, [40, 41], OutOfTurn) == (
        "Player A is not being asked for a decision now; waiting for: Player B (choose 2 cards)", "turn")
    g.act(1, [20, 22])
    # revealed: 10 is the lowest card, so A orders their 10 and 12 first (RULES.md §3.6)
    assert g.pending == [OrderDecision(0, ((10, 12), (12, 10)), 2, 2)]
    assert refused(g, 1, [20, 22], OutOfTurn) == (
        "Player B is not being asked for a decision now; waiting for: Player A (choose the order of your two cards)",
        "turn")
    assert refused(g, 0, [10, 13]) == (
        "[10, 13] is not an order of Player A's two cards 10, 12 (Refined: the player places both of their own "
        "cards, in an order they choose)", "order")
    g.act(0, [12, 10])
    # 12 first goes after 5; then 10 is below every end (5 12, 15, 25, 35): rule 4, A takes a row
    assert g.rows[0] == [5, 12] and g.decision(0).describe() == "choose a row to take for 10"
    assert g.chosen == [None, [20, 22]]  # A's cards are placed; B's wait for B's order


def test_refined_twins_in_one_hand_have_one_order():
    rules = find_variant("refined").but(twins="double")
    g = Game(rules, 2, deal=Deal([[30, 30, 60, 61], [40, 41, 70, 71]], ROWS4), one_hand=True)
    g.act(0, [30, 30])
    g.act(1, [40, 41])
    assert g.pending == [OrderDecision(0, ((30, 30),), 2, 2)]


def hand_game() -> Game:
    # Hand: lay and place at once; a hand holds at most 14 here (the hand size), so room is tight.
    # A: 3 and 40–52 (14 cards); B: 60–73. Rows 5 6 | 15 | 25 | 35.
    rules = find_variant("hand").but(hand_limit=14)
    return Game(rules, 2, deal=Deal([[3, *range(40, 53)], list(range(60, 74))], [[5, 6], [15], [25], [35]]),
                one_hand=True)


def test_hand_variant_refusals_and_the_split():
    g = hand_game()
    assert refused(g, 1, 60, OutOfTurn) == (
        "Player B is not being asked for a decision now; waiting for: Player A (choose 1 or 2 cards)", "turn")
    assert refused(g, 0, [40, 41, 42]) == (
        "Player A must lay 1 or 2 cards this turn, not 3 (Hand: one or two cards)", "play")
    g.act(0, 3)  # below every end (rule 4): A takes a row
    assert refused(g, 1, 60, OutOfTurn) == (
        "Player B is not being asked for a decision now; waiting for: Player A (choose a row to take for 3)", "turn")
    assert refused(g, 0, 4) == (
        "4 is not a row: choose a row from 1 to 4 (rule 4: a card lower than every row end takes a row of the "
        "player's choice)", "take_row")
    g.act(0, 0)  # takes 5 and 6; 13 cards left in hand, so room for 1
    took = [e for e in g.log if e.kind == "took"]
    assert [(e.seat, e.data) for e in took] == [
        (0, {"row": 0, "cards": [5, 6], "heads": 3, "why": "low", "split": True})]  # 5: 2 heads, 6: 1
    assert refused(g, 1, 60, OutOfTurn) == (
        "Player B is not being asked for a decision now; waiting for: Player A (choose which taken cards go to "
        "your hand (room for 1))", "turn")
    assert refused(g, 0, "x") == ("'x' is not a list of cards", "split")
    assert refused(g, 0, [6, 7]) == ("6, 7 are not all among the cards taken (5, 6)", "split")
    assert refused(g, 0, [5, 6]) == (
        "Player A's hand can take 1 more card, not 2 (Hand: a hand may never hold more than 14)", "hand_limit")
    g.act(0, [6])
    assert g.hands[0] == [6, *range(40, 53)] and g.piles[0] == [5] and g.penalty[0] == 2  # 5: two heads
    assert g.rows[0] == [3] and g.turn == 0  # still the first round: B lays next
    g.act(1, 60)
    assert g.turn == 1 and g.decision(0) is not None  # the second round starts with A
    g.act(0, 40)  # ends 3, 15, 25, 60 (B's 60 went after 35): 40 after 25
    g.act(1, 61)  # after 60
    assert g.turn == 2 and g.decision(0) is not None and g.rows == [[3], [15], [25, 40], [35, 60, 61]]


def test_a_split_with_room_for_two_says_cards():
    g = Game(find_variant("hand").but(hand_limit=15), 2,
             deal=Deal([[3, *range(40, 53)], list(range(60, 74))], [[5, 6], [15], [25], [35]]), one_hand=True)
    g.act(0, 3)
    g.act(0, 0)
    assert g.decision(0).room == 2
    assert refused(g, 0, [5, 6, 6]) == ("5, 6, 6 are not all among the cards taken (5, 6)", "split")
    g = Game(find_variant("hand").but(hand_limit=15), 2,
             deal=Deal([[3, *range(40, 53)], list(range(60, 74))], [[5, 6, 7], [15], [25], [35]]), one_hand=True)
    g.act(0, 3)
    g.act(0, 0)
    assert refused(g, 0, [5, 6, 7]) == (
        "Player A's hand can take 2 more cards, not 3 (Hand: a hand may never hold more than 15)", "hand_limit")


def test_draft_refusals():
    g = Game(find_variant("logic"), 2, seed=1, one_hand=True)  # 2 × 10 + 4 = 24 cards laid out: 1–24
    assert g.decision(0).describe() == "take a card from the table"
    assert refused(g, 1, 5, OutOfTurn) == (
        "Player B is not being asked for a decision now; waiting for: Player A (take a card from the table)", "turn")
    assert refused(g, 0, 25) == ("25 is not on the table to take (Logic: take one of the cards laid out)", "draft")
    assert refused(g, 0, True) == ("True is not on the table to take (Logic: take one of the cards laid out)", "draft")
    g.act(0, 24)
    assert g.draft_table == list(range(1, 24)) and g.hands[0] == [24] and g.decision(1) is not None
    assert refused(g, 1, 24) == ("24 is not on the table to take (Logic: take one of the cards laid out)", "draft")


def professional_tie() -> Game:
    # rows 10 20 | 30 40 | 50 | 70 80: 45 is 5 right of 40 and 5 left of 50, a tie (docs/rulings.md)
    return Game(find_variant("professional"), 2,
                deal=Deal([[45, 90], [95, 96]], [[10, 20], [30, 40], [50], [70, 80]]), one_hand=True)


def test_a_tied_place_is_chosen_among_the_tied_ones():
    g = professional_tie()
    g.act(0, 45)
    g.act(1, 95)
    d = g.decision(0)
    assert d.describe() == "choose where 45 goes"
    assert d.options == (Spot(1, "right", 40, 5), Spot(2, "left", 50, 5))
    assert refused(g, 1, (1, "right"), OutOfTurn) == (
        "Player B is not being asked for a decision now; waiting for: Player A (choose where 45 goes)", "turn")
    why = ("the rules don't say which, so this edition lets the player choose among them", "tie")
    for bad in ((0, "right"), (1, "left"), Spot(0, "right", 20, 25), 1, (1, "right", 0), "1 right"):
        text, rule = refused(g, 0, bad)
        assert (text, rule) == (f"{bad!r} is not one of the tied places for 45 (row 2 right; row 3 left); {why[0]}",
                                why[1])
    g.act(0, Spot(2, "left", 50, 5))
    assert g.rows[2] == [45, 50]
    g2 = professional_tie()
    g2.act(0, 45)
    g2.act(1, 95)
    g2.act(0, [1, "right"])
    assert g2.rows[1] == [30, 40, 45]


# ---- a deal given or replayed ----------------------------------------------------------------------


@pytest.mark.parametrize(("hands", "rows", "message", "rule"), [
    ([[10]], ROWS4, "a deal needs a list of 2 hands, each a list of cards", "deal"),
    (([10], [20]), ROWS4, "a deal needs a list of 2 hands, each a list of cards", "deal"),
    ([[10], ["20"]], ROWS4, "a deal needs a list of 2 hands, each a list of cards", "deal"),
    ([[10], [20]], [[5], [15], [25]], "a deal needs 4 rows, each a non-empty list of cards", "deal"),
    ([[10], [20]], ([5], [15], [25], [35]), "a deal needs 4 rows, each a non-empty list of cards", "deal"),
    ([[10], [20]], [[5], [], [25], [35]], "a deal needs 4 rows, each a non-empty list of cards", "deal"),
    ([[10], [20]], [[5], ["x"], [25], [35]], "a deal needs 4 rows, each a non-empty list of cards", "deal"),
    ([[10, 11], [20]], ROWS4, "every hand must hold the same number of cards, 1 to 10", "deal"),
    ([[], []], ROWS4, "every hand must hold the same number of cards, 1 to 10", "deal"),
    ([list(range(40, 51)), list(range(60, 71))], ROWS4, "every hand must hold the same number of cards, 1 to 10",
     "deal"),
    ([[10], [20]], [[5], [16, 15], [25], [35]],
     "the deal's rows: row 2 (16, 15) is not in ascending order: a row only grows with higher cards (rule 1)",
     "rows"),
    ([[10], [10]], ROWS4, "cards not in this deck (or too many copies): [10]", "deal"),
    ([[10], [5]], ROWS4, "cards not in this deck (or too many copies): [5]", "deal"),
])
def test_a_deal_the_deck_cannot_give_is_refused(hands, rows, message, rule):
    with pytest.raises(IllegalAction) as info:
        Game(Rules(), 2, deal=Deal(hands, rows))
    assert (type(info.value), str(info.value), info.value.rule) == (IllegalAction, message, rule)


def test_open_deals_without_the_marker():
    with pytest.raises(IllegalAction) as info:
        Game(find_variant("open"), 2, deal=Deal([[1], [20]], ROWS4))
    assert str(info.value) == "cards not in this deck (or too many copies): [1]"


def test_a_given_deal_leaves_the_rest_undealt():
    g = base()
    assert g.undealt == [c for c in range(1, 105) if c not in (5, 10, 15, 20, 25, 30, 35, 40)]
    assert g.hands == [[10, 30], [20, 40]] and g.rows == ROWS4


def test_a_replayed_deal_that_is_not_a_deal_is_a_corrupt_log():
    data = json.loads(dumps(base()))
    dealt = next(e for e in data["events"] if e["kind"] == "dealt")
    dealt["hands"] = [[10, 30]]
    with pytest.raises(CorruptLog) as info:
        replay(data)
    assert (type(info.value), str(info.value), info.value.rule) == (
        CorruptLog, "a deal needs a list of 2 hands, each a list of cards", "deal")


# ---- what the log records about a placement --------------------------------------------------------


def test_a_low_card_take_is_logged_with_its_rule():
    g = Game(Rules(), 2, deal=Deal([[3, 30], [20, 40]], ROWS4), one_hand=True)
    g.act(0, 3)
    g.act(1, 20)
    g.act(0, 0)  # A takes row 1 (the 5: two heads) and 3 starts it
    took = [e for e in g.log if e.kind == "took"]
    assert [(e.seat, e.data["row"], e.data["cards"], e.data["heads"], e.data["why"]) for e in took] == [
        (0, 0, [5], 2, "low")]
    assert g.rows == [[3], [15, 20], [25], [35]] and g.penalty == [2, 0]


def test_a_left_placement_and_a_shared_stack_are_logged_whole():
    g = Game(find_variant("professional"), 2, deal=Deal([[47, 90], [95, 96]], [[10, 20], [30, 40], [50], [70, 80]]),
             one_hand=True)
    g.act(0, 47)
    g.act(1, 95)  # 47: 3 left of 50 beats 7 right of 40; 95: 15 right of 80
    placed = [e for e in g.log if e.kind == "placed"]
    assert [(e.seat, e.data) for e in placed] == [
        (0, {"card": 47, "row": 2, "rule": "closest", "end": 50, "side": "left"}),
        (1, {"card": 95, "row": 3, "rule": "closest", "end": 80})]
    # Twins: both lay 30; the stack goes after 25 as one card of both players (RULES.md §3.8)
    g = Game(find_variant("twins"), 2, deal=Deal([[30, 60], [30, 61]], [[5], [15], [20, 25], [35]]), one_hand=True)
    g.act(0, 30)
    g.act(1, 30)
    placed = [e for e in g.log if e.kind == "placed"]
    assert [(e.seat, e.data) for e in placed] == [(0, {"card": 30, "row": 2, "rule": "closest", "end": 25,
                                                       "owners": [0, 1]})]
    assert g.rows[2] == [20, 25, 30, 30]


def test_the_end_of_a_hand_and_of_the_match_as_logged():
    g = base()
    # 10 after 5, 20 after 15, then 30 after 25, 40 after 35: nobody takes a row
    for seat, card in ((0, 10), (1, 20), (0, 30), (1, 40)):
        g.act(seat, card)
    ended = [e for e in g.log if e.kind in ("hand_ended", "match_ended")]
    assert [(e.kind, e.seat, e.data) for e in ended] == [
        ("hand_ended", None, {"hand": 1, "scores": [0, 0], "totals": [0, 0], "hands_left": None}),
        ("match_ended", None, {"totals": [0, 0], "winners": [0, 1], "why": "hands", "hands": 1})]
    assert g.over and g.pending == [] and g.hand_scores == [[0, 0]]


def test_a_shared_sixth_card_take_is_logged_with_the_share():
    # Twins: both lay 30 on a full row; its heads 20→3, 21→1, 22→5, 23→1, 25→2 = 12, shared 6 and 6
    g = Game(find_variant("twins"), 2, deal=Deal([[30, 60], [30, 61]], [[5], [15], [20, 21, 22, 23, 25], [35]]),
             one_hand=True)
    g.act(0, 30)
    g.act(1, 30)
    took = [e for e in g.log if e.kind == "took"]
    assert [(e.seat, e.data) for e in took] == [
        (0, {"row": 2, "cards": [20, 21, 22, 23, 25], "heads": 12, "why": "sixth", "shared": [0, 1], "share": 6})]
    assert g.penalty == [6, 6] and g.piles == [[20, 21, 22, 23, 25], []] and g.rows[2] == [30, 30]


def test_open_with_two_cards_a_turn_asks_for_two():
    # an unnamed combination still plays (rules.py): Open choosing, two cards each turn
    g = Game(Rules(choosing="open", cards_per_turn=2, hand_size=14), 2,
             deal=Deal([[10, 12, 40, 41], [20, 22, 50, 51]], ROWS4), one_hand=True)
    assert g.pending == [PlayDecision(0, (10, 12, 40, 41), 2, 2)]
    g.act(0, [10, 12])
    assert g.pending == [PlayDecision(1, (20, 22, 50, 51), 2, 2)]


def test_a_shared_take_adds_to_what_was_taken_before():
    # turn 1: A's 3 is below every end, A takes the 5 (2 heads); B's 40 goes after 35
    # turn 2: both lay 30, the sixth card of 20 21 22 23 25 (12 heads): 6 each, A 2 + 6 = 8
    g = Game(find_variant("twins"), 2, deal=Deal([[3, 30], [30, 40]], [[5], [15], [20, 21, 22, 23, 25], [35]]),
             one_hand=True)
    g.act(0, 3)
    g.act(1, 40)
    g.act(0, 0)
    g.act(0, 30)
    g.act(1, 30)
    assert g.penalty == [8, 6] and g.hand_scores == [[8, 6]]


def test_everyone_still_asked_is_named():
    g = Game(Rules(), 3, deal=Deal([[10, 30], [20, 40], [50, 60]], ROWS4), one_hand=True)
    g.act(0, 10)
    assert refused(g, 0, 30, OutOfTurn) == (
        "Player A is not being asked for a decision now; waiting for: Player B (choose a card), "
        "Player C (choose a card)", "turn")


def test_a_hand_variant_hand_ends_with_cards_left_and_they_count_double():
    # Hand (RULES.md §3.7): A lays both cards at once and has none left, so the hand ends after
    # this round; B keeps 22 (5 heads), which counts double: 10
    g = Game(find_variant("hand"), 2, deal=Deal([[10, 12], [20, 22]], ROWS4), one_hand=True)
    g.act(0, [10, 12])  # 10 after 5, 12 after 10
    g.act(1, 20)  # after 15
    ended = [e for e in g.log if e.kind in ("hand_ended", "match_ended")]
    assert [(e.kind, e.data) for e in ended] == [
        ("hand_ended", {"hand": 1, "scores": [0, 10], "totals": [0, 10], "hands_left": [[], [22]]}),
        ("match_ended", {"totals": [0, 10], "winners": [0], "why": "hands", "hands": 1})]
    assert g.rows == [[5, 10, 12], [15, 20], [25], [35]]


def test_a_new_game_as_made():
    g = Game(seed=5)  # four players by default, named A, B, C, D
    assert (g.players, len(g.hands), g.seed, g.over) == (4, 4, 5, False)
    assert g.names == ["Player A", "Player B", "Player C", "Player D"]
    named = Game(Rules(), 2, names=["Ann", "Bob"], seed=5)
    assert named.names == ["Ann", "Bob"] and json.loads(dumps(named))["seed"] == 5


def test_a_full_hand_has_no_room_to_keep_a_taken_card():
    # Hand variant (RULES.md §3.7): a hand holds at most 16 cards; seed 49 with random bots reaches a
    # take by a seat holding 16 already, so its room is 16 - 16 = 0 and keeping any card is refused
    from sixnimmt_core import make_bots
    from sixnimmt_core.engine.decisions import SplitDecision

    g = Game(find_variant("hand"), 4, seed=49, one_hand=True)
    bots = make_bots(["random"], 4, 49)
    while not (isinstance(g.pending[0], SplitDecision) and len(g.hands[g.pending[0].seat]) == 16):
        d = g.pending[0]
        g.act(d.seat, bots[d.seat].decide(d, g.view(d.seat)))
    d = g.pending[0]
    assert d.room == 0
    before = snapshot(g)
    with pytest.raises(IllegalAction):
        g.act(d.seat, [d.options[0]])
    assert snapshot(g) == before
    g.act(d.seat, [])  # every taken card to the penalty pile
