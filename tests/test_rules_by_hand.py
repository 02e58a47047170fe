"""Every variant on a fixed deal with scripted answers. Each expected row, take and score is
worked out by hand from RULES.md, in the comments; none comes from running the engine or a bot.

Heads (RULES.md §1): 55 → 7; 11, 22 … 99 → 5; 10, 20 … 100 → 3; other multiples of 5 → 2; else 1.
Seats are A (0), B (1), C (2); rows are counted from 0, as in the log.
"""

from __future__ import annotations

import pytest
from helpers import snapshot

from sixnimmt_core import Deal, Game, IllegalAction, MatchEnd, Rules, find_variant, where
from sixnimmt_core.engine.rules import MAX_ROUNDS, ONE_HAND
from sixnimmt_core.engine.table import Spot
from sixnimmt_core.words import why_not


def one(name: str, **changes) -> Rules:
    return find_variant(name).but(match_end=ONE_HAND, **changes)


def answer(game: Game, *answers: tuple[int, object]) -> Game:
    """Give the answers in order; each must be asked for right then."""
    for seat, action in answers:
        assert game.decision(seat) is not None, f"seat {seat} is not asked; pending: {game.pending}"
        game.act(seat, action)
    return game


def took(game: Game) -> list[tuple[int, list[int]]]:
    return [(e.seat, e.data["cards"]) for e in game.log if e.kind == "took"]


# ---- base game -----------------------------------------------------------------------------------


def test_base_three_turns_closest_row_and_two_low_cards():
    g = Game(one("base"), 2, deal=Deal([[5, 11, 21], [3, 12, 45]], [[10], [20], [30], [40]]))
    answer(g, (0, 11), (1, 12))
    # 11 and 12 both go after the closest lower end, 10, in turn: lowest first (rules 1, 2)
    assert g.rows == [[10, 11, 12], [20], [30], [40]]
    answer(g, (0, 5), (1, 45))
    # 5 is below every end (12, 20, 30, 40): A is asked for a row before 45 is placed (rule 4)
    assert g.pending[0].kind == "take_row" and g.pending[0].seat == 0 and g.pending[0].card == 5
    answer(g, (0, 1))  # A takes row 1: [20], 3 heads
    # 45: ends 12, 5, 30, 40 → after 40
    assert g.rows == [[10, 11, 12], [5], [30], [40, 45]]
    answer(g, (0, 21), (1, 3))
    answer(g, (1, 1))  # 3 is below every end (12, 5, 30, 45): B takes row 1: [5], 2 heads
    # 21: ends 12, 3, 30, 45 → 12 is closest below (difference 9, against 18 for 3)
    assert g.rows == [[10, 11, 12, 21], [3], [30], [40, 45]]
    assert took(g) == [(0, [20]), (1, [5])]
    assert g.hand_scores == [[3, 2]] and g.over and g.winners() == [1]


def test_base_two_sixth_cards_in_one_turn():
    g = Game(one("base"), 2, deal=Deal([[6], [25]], [[1, 2, 3, 4, 5], [20, 21, 22, 23, 24], [50], [60]]))
    answer(g, (0, 6), (1, 25))
    # 6 is the sixth card of row 0: A takes 1, 2, 3, 4, 5 = 1+1+1+1+2 = 6 heads (rule 3)
    # 25 then goes after 24, the sixth card of row 1: B takes 20..24 = 3+1+5+1+1 = 11 heads
    assert took(g) == [(0, [1, 2, 3, 4, 5]), (1, [20, 21, 22, 23, 24])]
    assert g.rows == [[6], [25], [50], [60]] and g.hand_scores == [[6, 11]]


# ---- match end: exactly 66 ---------------------------------------------------------------------------

# A plays four low cards and takes 27 + 23 + 15 + 1 = 66 heads; B's 92 is a sixth card (13 heads).
SIXTY_SIX = Deal(
    hands=[[3, 4, 6, 8], [7, 9, 91, 92]],
    rows=[[55, 66, 77, 88, 99], [11, 22, 33, 44, 100], [10, 20, 30, 40, 50], [60, 70, 80, 90]],
)
SIXTY_SIX_ANSWERS = (
    (0, 8), (1, 9), (0, 0),  # 8 low: A takes row 0 = 7+5+5+5+5 = 27; 9 goes after 8
    (0, 6), (1, 7), (0, 1),  # 6 low: A takes row 1 = 5+5+5+5+3 = 23 (50 so far); 7 after 6
    (0, 4), (1, 91), (0, 2),  # 4 low: A takes row 2 = 3×5 = 15 (65); 91 after 90, row 3's fifth card
    (0, 3), (1, 92), (0, 2),  # 3 low: A takes row 2 = [4], 1 head (66); 92: sixth card of row 3
)


def test_a_total_of_exactly_66_ends_the_match_by_default():
    g = Game(Rules(), 2, deal=SIXTY_SIX, seed=1)
    answer(g, *SIXTY_SIX_ANSWERS)
    # B's take: 60, 70, 80, 90 (3 each) and 91 (1) = 13
    assert g.hand_scores == [[66, 13]] and g.totals == [66, 13]
    assert g.over and g.winners() == [1]
    # A's 66 reached the limit: saved as the code and its numbers, said from them
    assert g.log[-1].data == {"totals": [66, 13], "winners": [1], "why": "limit", "limit": 66, "reached": [0]}
    assert g.log[-1].says().words() == "a player has 66 or more"


def test_a_total_of_exactly_66_does_not_end_a_match_played_to_more_than_66():
    g = Game(Rules(match_end=MatchEnd(limit=66, exceeds=True)), 2, deal=SIXTY_SIX, seed=1)
    answer(g, *SIXTY_SIX_ANSWERS)
    assert g.totals == [66, 13] and not g.over and g.hand_no == 2  # a second hand is dealt


@pytest.mark.parametrize(
    ("match_end", "totals", "over"),
    [(MatchEnd(), [66, 0], True), (MatchEnd(), [65, 65], False), (MatchEnd(exceeds=True), [66, 3], False),
     (MatchEnd(exceeds=True), [10, 67], True), (MatchEnd(limit=30), [30], True), (MatchEnd(limit=30), [29], False)],
)
def test_the_match_end_rule_at_its_boundary(match_end, totals, over):
    assert match_end.reached(totals) is over


def test_a_fixed_number_of_hands_and_the_round_cap():
    rules = Rules(match_end=MatchEnd(limit=None, hands=3))
    assert [rules.match_over(4, n, [500, 0, 0, 0]) for n in (2, 3)] == [False, True]  # heads do not count
    hand = find_variant("hand")
    assert not hand.hand_over_after_round([[1], [2]], [[], []], MAX_ROUNDS - 1)
    assert hand.hand_over_after_round([[1], [2]], [[], []], MAX_ROUNDS) and MAX_ROUNDS == 60


# ---- Tactics, Logic, Tournament -------------------------------------------------------------------------


def test_tactics_deals_only_cards_1_to_10_players_plus_4():
    # 3 players: 10 × 3 + 4 = 34 cards, 1–34
    Game(one("tactics"), 3, deal=Deal([[34], [33], [32]], [[1], [2], [3], [4]]))
    with pytest.raises(IllegalAction, match=r"not in this deck.*\[35\]"):
        Game(one("tactics"), 3, deal=Deal([[35], [33], [32]], [[1], [2], [3], [4]]))


def test_logic_draft_round_robin_leaves_the_four_rows():
    g = Game(one("logic"), 2, seed=1)
    assert g.log[1].data["cards"] == list(range(1, 25))  # 2 players: cards 1–24, face up
    for _ in range(10):  # A always takes the highest card left, B the lowest
        answer(g, (0, max(g.draft_table)), (1, min(g.draft_table)))
    # A holds 15–24, B 1–10; 11, 12, 13, 14 are left and start the rows
    assert g.hands == [list(range(15, 25)), list(range(1, 11))]
    assert g.rows == [[11], [12], [13], [14]]
    answer(g, (0, 15), (1, 10), (1, 0))  # 10 is below every end: B takes row 0, [11] = 5 heads
    assert g.rows == [[10], [12], [13], [14, 15]] and g.penalty == [0, 5]


def test_tournament_sheets_pass_left_and_the_rows_repeat():
    g = Game(find_variant("tournament").but(hand_size=2), 2, seed=1)  # 2 × 2 + 4 = 8 cards: 1–8
    answer(g, (0, 8), (1, 1), (0, 7), (1, 2))  # A drafts 7, 8; B 1, 2; 3, 4, 5, 6 start the rows
    assert g.rows == [[3], [4], [5], [6]]
    # hand 1: 1 is low, B takes [3] (1 head); 7 after 6; then 2 after 1, 8 after 7
    answer(g, (0, 7), (1, 1), (1, 0), (0, 8), (1, 2))
    assert g.hand_scores == [[0, 1]] and g.hand_no == 2
    # hand 2: the sheets passed left: A plays B's 1, 2 and B plays A's 7, 8, on the same rows
    assert g.hands == [[1, 2], [7, 8]] and g.rows == [[3], [4], [5], [6]]
    answer(g, (0, 1), (1, 7), (0, 0), (0, 2), (1, 8))  # now A's 1 is low: A takes [3]
    assert g.hand_scores == [[0, 1], [1, 0]] and g.totals == [1, 1] and g.over
    # per selection: A's cards (7, 8) scored 0 for both; B's cards (1, 2) cost each player 1
    assert g.log[-1].data["by_selection"] == [[0, 0], [1, 1]] and g.winners() == [0, 1]


# ---- Professional ----------------------------------------------------------------------------------------------


def test_professional_sixth_card_on_the_left_a_tie_and_both_sides():
    rows = [[20, 21, 22, 23, 24], [40], [60, 70], [90]]
    g = Game(one("professional"), 2, deal=Deal([[19, 41], [18, 50]], rows))
    answer(g, (0, 19), (1, 50))
    # 19: no right end is below it; left ends above it: 20 (1), 40 (21), 60 (41), 90 (71) → left of
    # row 0, its sixth card: A takes 20..24 = 3+1+5+1+1 = 11 heads and 19 starts the row
    assert took(g) == [(0, [20, 21, 22, 23, 24])] and g.rows[0] == [19]
    # 50: right of 40 (difference 10) and left of 60 (difference 10) tie: B chooses (a ruling)
    d = g.pending[0]
    assert d.kind == "spot" and d.seat == 1 and set(d.options) == {Spot(1, "right", 40, 10), Spot(2, "left", 60, 10)}
    answer(g, (1, (2, "left")))
    assert g.rows == [[19], [40], [50, 60, 70], [90]]
    answer(g, (0, 41), (1, 18))
    # 18: left of 19 (1); 41: right of 40 (1) beats left of 50 (9)
    assert g.rows == [[18, 19], [40, 41], [50, 60, 70], [90]] and g.hand_scores == [[11, 0]]


# ---- Open --------------------------------------------------------------------------------------------------------


def test_open_cards_laid_face_up_in_seat_order_from_the_marker():
    g = Game(one("open"), 3, deal=Deal([[11, 50], [5, 21], [31, 41]], [[10], [20], [30], [40]]))
    order = []
    for card_of in ({0: 11, 1: 21, 2: 31}, {1: 5, 2: 41, 0: 50}):
        for _ in range(3):
            (d,) = g.pending  # one seat at a time
            order.append(d.seat)
            answer(g, (d.seat, card_of[d.seat]))
        if g.pending and g.pending[0].kind == "take_row":
            answer(g, (1, 3))  # 5 is below every end (11, 21, 31, 40): B takes [40], 3 heads
    assert order == [0, 1, 2, 1, 2, 0]  # the marker passed from A to B after the first turn
    # turn 1: 11, 21, 31 after 10, 20, 30. Turn 2: 5 takes row 3; 41 after 31; 50 after 41
    assert g.rows == [[10, 11], [20, 21], [30, 31, 41, 50], [5]] and g.hand_scores == [[0, 3, 0]]
    with pytest.raises(IllegalAction, match=r"not in this deck.*\[1\]"):  # card 1 is the start marker
        Game(one("open"), 3, deal=Deal([[1], [2], [3]], [[10], [20], [30], [40]]))


# ---- Refined ------------------------------------------------------------------------------------------------------


def test_refined_each_owner_places_both_cards_in_their_order():
    g = Game(one("refined"), 2, deal=Deal([[9, 50], [14, 16]], [[10], [20], [30], [40]]))
    answer(g, (0, (9, 50)), (1, (14, 16)))
    assert g.pending[0].kind == "order" and g.pending[0].seat == 0  # A holds the lowest card, 9
    answer(g, (0, (9, 50)), (0, 0))  # 9 is low: A takes [10], 3 heads; 50 after 40
    answer(g, (1, (16, 14)))  # B places 16 first: after 9 (difference 7)
    # then 14: the ends are 16, 20, 30, 50, all higher: low, though 9 was the lowest card
    assert g.pending[0].kind == "take_row" and g.pending[0].card == 14
    answer(g, (1, 1))  # B takes [20], 3 heads
    assert g.rows == [[9, 16], [14], [30], [40, 50]] and g.hand_scores == [[3, 3]]


# ---- Hand ----------------------------------------------------------------------------------------------------------

FULL_ROWS = [[10, 11, 12, 13, 14], [20, 21, 22, 23, 24], [30, 31, 32, 33, 34], [40, 41, 42, 43, 44]]


def test_hand_a_pile_of_20_plays_on_and_21_ends_the_hand_after_the_round():
    g = Game(one("hand"), 2, deal=Deal([[2, 15, 25, 35, 45, 100], [16, 17, 18, 19, 101, 102]], FULL_ROWS))
    # round 1: A lays 15 and 25, sixth cards of rows 0 and 1 (each split: nothing kept in hand)
    answer(g, (0, (15, 25)), (0, ()), (0, ()), (1, (16,)))
    # round 2: 35 and 45 take rows 2 and 3: A's pile holds 4 × 5 = 20 cards
    answer(g, (0, (35, 45)), (0, ()), (0, ()), (1, (17,)))
    assert len(g.piles[0]) == 20 and not g.over and g.decision(0).kind == "play"  # 20 is not more than 20
    # round 3: 2 is below every end (17, 25, 35, 45): A takes [25] → 21 cards; B still plays 18
    answer(g, (0, (2,)), (0, 1), (0, ()), (1, (18,)))
    assert len(g.piles[0]) == 21 and g.over
    assert g.rows == [[15, 16, 17, 18], [2], [35], [45]]
    # A: pile 11 + 11 + 11 + 11 (each full row) + 2 (25) = 46, hand [100] 3 × 2 = 6 → 52
    # B: pile empty, hand 19, 101, 102: 3 heads × 2 = 6
    assert g.hands == [[100], [19, 101, 102]] and g.hand_scores == [[52, 6]]


def test_hand_may_hold_exactly_16_cards_and_never_17():
    a = [6, *range(7, 20)]  # 14 cards
    g = Game(one("hand"), 2, deal=Deal([a, list(range(80, 94))], [[1, 2, 3, 4, 5], [50], [60], [70]]))
    answer(g, (0, (6,)))  # sixth card: A takes 1..5; 13 cards left in hand: room for 3 more
    assert g.pending[0].kind == "split" and g.pending[0].room == 3
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="not 4 .*more than 16") as info:
        g.act(0, (1, 2, 3, 4))
    assert info.value.rule == "hand_limit" and snapshot(g) == before
    answer(g, (0, (3, 4, 5)))
    # 16 in hand; 1 and 2 (1 head each) on the pile
    assert len(g.hands[0]) == 16 and g.piles[0] == [1, 2] and g.penalty[0] == 2


# ---- Twins ----------------------------------------------------------------------------------------------------------


def test_twins_share_an_odd_take_rounded_up_and_the_pile_is_the_earlier_seats():
    g = Game(one("twins"), 3, deal=Deal([[7], [77], [7]], [[1, 2, 3, 4, 6], [20], [30], [40]]))
    answer(g, (0, 7), (1, 77), (2, 7))
    # the two 7s are placed together: the sixth card of row 0, 1+1+1+1+1 = 5 heads, half rounded up = 3
    assert took(g) == [(0, [1, 2, 3, 4, 6])] and g.piles == [[1, 2, 3, 4, 6], [], []]
    assert g.penalty == [3, 0, 3] and g.rows == [[7, 7], [20], [30], [40, 77]]


def test_twins_low_pair_chosen_by_the_earlier_seat_and_shared():
    g = Game(one("twins"), 3, deal=Deal([[99], [2], [2]], [[10], [15], [25], [35]]))
    answer(g, (0, 99), (1, 2), (2, 2))
    assert g.pending[0].kind == "take_row" and g.pending[0].seat == 1  # B is the earlier owner
    answer(g, (1, 1))  # [15]: 2 heads, 1 each
    assert g.penalty == [0, 1, 1] and g.rows == [[10], [2, 2], [25], [35, 99]]


def test_twins_a_stack_fills_one_place_and_its_taker_scores_every_card():
    g = Game(one("twins"), 2, deal=Deal([[30, 25], [21, 99]], [[20], [30], [50], [60]]))
    answer(g, (0, 30), (1, 21))
    # 21 after 20; 30 is the twin of row 1's end: laid on it, the row does not grow
    assert g.rows == [[20, 21], [30, 30], [50], [60]]
    g2 = Game(one("twins"), 2, deal=Deal([[25], [99]], [[20, 21, 21, 22, 23, 24], [30], [50], [60]]))
    answer(g2, (0, 25), (1, 99))
    # row 0 has 6 cards in 5 places: 25 is its sixth card; A scores all six: 3+1+1+5+1+1 = 12
    assert took(g2) == [(0, [20, 21, 21, 22, 23, 24])] and g2.penalty == [12, 0]


# ---- what the trainer says about a wrong place -----------------------------------------------------------------------


def test_a_wrong_place_says_which_rule_it_breaks():
    p = where(29, [[8], [24], [69], [81]])
    assert p.allows(1) and not p.allows(0) and not p.allows(1, "left")
    assert why_not(p, 2) == ": 69 is higher than 29, and a row grows upwards"
    assert why_not(p, 0) == ": 29 could go there (difference 21), but another place is closer"
    assert why_not(p, 1) == ""
    pro = where(27, [[30, 40], [8], [70], [90]], two_sided=True)  # left of 30 (3) beats right of 8 (19)
    assert pro.allows(0, "left") and not pro.allows(1, "right")
    assert pro.wrong_place(1, "left") == ("lower", 8) and pro.wrong_place(0, "right") == ("higher", 40)
    assert pro.wrong_place(1, "right") == ("farther", 8)
    tie = where(25, [[10, 20], [30, 31], [60], [90]], two_sided=True)
    assert tie.allows(0, "right") and tie.allows(1, "left") and not tie.allows(2, "left")
    assert not where(3, [[8], [24], [69], [81]]).allows(0)  # a low card goes to no row end
