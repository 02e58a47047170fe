"""table.py piece by piece, each expectation worked out by hand from RULES.md (§2 placement, rule 3
the sixth card, rule 4 a low card, §3.4 Professional, §3.8 Twins) and compared whole."""

from __future__ import annotations

import copy

import pytest

from sixnimmt_core.engine.errors import ImpossibleTable, NoSuchCard
from sixnimmt_core.engine.table import (
    CLOSEST,
    LOW,
    NOWHERE,
    SIXTH,
    TIE,
    TWIN,
    Placement,
    Spot,
    cheapest_row,
    check_rows,
    closest_lower,
    is_full,
    laid_at,
    lay,
    locate,
    most_copies,
    onto,
    placement,
    places,
    where,
)

ENDS = [[8], [24], [69], [81]]  # 004_…txt: row ends 8, 24, 69, 81
# Professional: rows with two ends. Left ends 10, 30, 50, 70; right ends 20, 40, 50, 80.
PRO = [[10, 20], [30, 40], [50], [70, 80]]
PRO_ENDS = ((10, 20), (30, 40), (50, 50), (70, 80))


# ---- places, is_full, onto: rule 3 and the Twins stack (§3.8) ------------------------------------


@pytest.mark.parametrize(
    ("row", "n"),
    [
        ([], 0),
        ([5], 1),
        ([5, 5], 1),  # a stack of twins fills one place
        ([5, 6], 2),
        ([5, 5, 6], 2),
        ([5, 6, 6], 2),
        ([4, 5, 5, 6], 3),
        ([1, 2, 3, 4, 5], 5),
        ([1, 2, 3, 4, 5, 5], 5),  # six cards, five places: not full beyond five
        ([1, 1, 2, 2, 3, 3], 3),
    ],
)
def test_places_counts_a_stack_of_twins_once(row, n):
    assert places(row) == n


@pytest.mark.parametrize(
    ("row", "full"),
    [([1, 2, 3, 4], False), ([1, 2, 3, 4, 4], False), ([1, 2, 3, 4, 5], True), ([1, 2, 3, 4, 5, 5], True)],
)
def test_a_row_is_full_at_five_places_and_its_next_card_is_a_sixth(row, full):
    assert is_full(row) is full
    assert onto(row) == (SIXTH if full else CLOSEST)


def test_how_many_copies_the_deck_holds():
    # one deck: one of each; two decks ("double"): two of each; 113 cards: two of each eleven only
    assert [most_copies(c, "none") for c in (11, 12)] == [1, 1]
    assert [most_copies(c, "double") for c in (11, 12)] == [2, 2]
    assert [most_copies(c, "elevens") for c in (11, 12, 99, 100)] == [2, 1, 2, 1]


# ---- check_rows: every message, matched whole -----------------------------------------------------


def refusal(rows, twins="none", card=None, error=ImpossibleTable):
    given = copy.deepcopy(rows)
    with pytest.raises(error) as info:
        check_rows(rows, twins, card)
    assert rows == given
    return str(info.value), info.value.rule


def test_check_rows_returns_lists_of_plain_ints():
    out = check_rows(((8,), (24, 30), (69,), (81,)))
    assert out == [[8], [24, 30], [69], [81]] and all(type(r) is list for r in out)
    assert check_rows([[8, 8], [24], [69], [81]], "double") == [[8, 8], [24], [69], [81]]
    assert check_rows([[1, 2, 3, 4, 5, 5], [24], [69], [81]], "double")[0] == [1, 2, 3, 4, 5, 5]


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([[8], [24], [69]], "a table has 4 rows, not 3 (RULES.md §2)"),
        ([[8]] * 5, "a table has 4 rows, not 5 (RULES.md §2)"),
        ("abcd", "a table has 4 rows, not 'abcd' (RULES.md §2)"),
        (None, "a table has 4 rows, not None (RULES.md §2)"),
        ([[8], [], [69], [81]], "row 2 is empty: every row holds at least one card (RULES.md §2)"),
        ([[8], [24], [69], 81], "row 4 is empty: every row holds at least one card (RULES.md §2)"),
        ([[8], [24, 8], [69], [81]],
         "row 2 (24, 8) is not in ascending order: a row only grows with higher cards (rule 1)"),
        ([[8], [24], [69, 70, 68], [81]],
         "row 3 (69, 70, 68) is not in ascending order: a row only grows with higher cards (rule 1)"),
        ([[1, 2, 3, 4, 5, 6], [24], [69], [81]],
         "row 1 (1, 2, 3, 4, 5, 6) holds 6 places: a row never holds more than 5, the sixth card takes it (rule 3)"),
    ],
)
def test_check_rows_refuses_a_layout_no_game_reaches(rows, message):
    assert refusal(rows) == (message, "rows")


def test_check_rows_names_a_bad_card_and_its_row():
    text, rule = refusal([[8], [24], [69], [81, 105]], error=NoSuchCard)
    assert (text, rule) == ("a card of row 4 is a whole number from 1 to 104, not 105: there is no card 105 "
                            "(RULES.md §1)", "cards")
    text, _rule = refusal([[8], [24], [69], [81]], card=0, error=NoSuchCard)
    assert text.startswith("a card is a whole number from 1 to 104, not 0")


@pytest.mark.parametrize(
    ("rows", "twins", "card", "message"),
    [
        ([[8, 24], [24], [69], [81]], "none", None,
         "card 24 lies on the table twice: the deck holds only one 24 (RULES.md §1)"),
        ([[8], [24], [69], [81]], "none", 24,
         "card 24 is already on the table: the deck holds only one 24 (RULES.md §1)"),
        # the lowest number is named first, wherever it lies
        ([[50], [60], [70], [80]], "none", 50, "card 50 is already on the table: the deck holds only one 50 (RULES.md §1)"),
        ([[50, 60], [60], [8], [8]], "none", None,
         "card 8 lies on the table twice: the deck holds only one 8 (RULES.md §1)"),
        ([[8, 8], [24], [69], [81]], "none", None,
         "card 8 lies on the table twice: the deck holds only one 8 (RULES.md §1)"),
        ([[8, 8], [24], [69], [81]], "double", 8,
         "card 8 already lies on the table twice: the deck holds only two 8s (Twins, RULES.md §3.8)"),
        ([[8, 8, 8], [24], [69], [81]], "double", 30,
         "card 8 lies on the table 3 times: the deck holds only two 8s (Twins, RULES.md §3.8)"),
        ([[8, 8, 8], [24], [69], [81]], "double", 8,
         "card 8 already lies on the table 3 times: the deck holds only two 8s (Twins, RULES.md §3.8)"),
        ([[56, 56], [24], [69], [81]], "elevens", 60,
         "card 56 lies on the table twice: the deck holds only one 56 (Twins, RULES.md §3.8)"),
        ([[55, 55], [24], [69], [81]], "elevens", 55,
         "card 55 already lies on the table twice: the deck holds only two 55s (Twins, RULES.md §3.8)"),
    ],
)
def test_check_rows_counts_copies_against_the_deck(rows, twins, card, message):
    assert refusal(rows, twins, card) == (message, "cards")


def test_one_deck_unless_told():
    # without ``twins``: one deck, RULES.md §1
    message = "card 8 lies on the table twice: the deck holds only one 8 (RULES.md §1)"
    with pytest.raises(ImpossibleTable, match=rf"^{message.replace('(', '[(]').replace(')', '[)]')}$"):
        check_rows([[8, 8], [24], [69], [81]])
    message = "card 24 is already on the table: the deck holds only one 24 (RULES.md §1)"
    with pytest.raises(ImpossibleTable, match=rf"^{message.replace('(', '[(]').replace(')', '[)]')}$"):
        where(24, ENDS)
    assert locate(5, ENDS) == (LOW, -1, "right")  # one-sided unless told: 5 is below every right end
    assert locate(5, ENDS, True) == (CLOSEST, 0, "left")  # Professional: left of 8


def test_check_rows_allows_what_the_deck_holds():
    assert check_rows([[8], [24], [69], [81]], "double", 24) == ENDS
    assert check_rows([[55, 55], [24], [69], [81]], "elevens", 60)[0] == [55, 55]


# ---- closest_lower and locate (the engine's fast path) -------------------------------------------


def test_closest_lower_is_the_highest_end_below_the_card():
    assert closest_lower(29, ENDS) == (1, 24)  # 24 < 29, and 8 < 24
    assert closest_lower(70, ENDS) == (2, 69)
    assert closest_lower(100, ENDS) == (3, 81)
    assert closest_lower(24, ENDS) == (0, 8)  # an end equal to the card is not below it
    assert closest_lower(5, ENDS) == (-1, 0)  # below every end: rule 4
    assert closest_lower(5, [[1], [24], [69], [81]]) == (0, 1)  # the lowest card, 1, is a row end too
    assert closest_lower(2, [[1], [24], [69], [81]]) == (0, 1)


@pytest.mark.parametrize(
    ("card", "rows", "two_sided", "expected"),
    [
        (29, ENDS, False, (CLOSEST, 1, "right")),
        (5, ENDS, False, (LOW, -1, "right")),
        (24, [[8], [24], [69], [81]], False, (TWIN, 1, "right")),
        (16, [[10, 11, 12, 13, 15], [24], [69], [81]], False, (SIXTH, 0, "right")),  # five cards: full
        (16, [[10, 11, 12, 15], [24], [69], [81]], False, (CLOSEST, 0, "right")),  # four: not yet
        (16, [[10, 11, 12, 15, 15], [24], [69], [81]], False, (CLOSEST, 0, "right")),  # five cards, four places
        (16, [[10, 11, 12, 13, 15, 15], [24], [69], [81]], False, (SIXTH, 0, "right")),
        (44, PRO, True, (CLOSEST, 1, "right")),
        (47, PRO, True, (CLOSEST, 2, "left")),
        (45, PRO, True, (TIE, -1, "right")),
        (50, [[10, 90], [20, 80], [30, 70], [40, 60]], True, (NOWHERE, -1, "right")),
    ],
)
def test_locate_answers_as_where_does(card, rows, two_sided, expected):
    assert locate(card, rows, two_sided) == expected
    p = where(card, rows, two_sided, twins="double")
    assert (p.rule, -1 if p.row is None else p.row, p.side) == expected


# ---- where: the whole Placement -------------------------------------------------------------------


def test_where_in_the_base_game_lists_every_lower_end():
    p = where(29, ENDS)
    # 8 and 24 are below 29 (differences 21 and 5); 24 is the closest (rule 2)
    assert p == Placement(29, CLOSEST, 1, "right", (8, 24, 69, 81),
                          (Spot(0, "right", 8, 21), Spot(1, "right", 24, 5)))
    assert p.rows == ((8,), (24,), (69,), (81,))
    assert (p.takes, p.low, p.choice_needed, p.two_sided) == (False, False, False, False)


def test_where_a_sixth_card_takes_the_row():
    rows = [[10, 11, 12, 13, 15], [24], [69], [81]]
    p = where(16, rows)
    assert p == Placement(16, SIXTH, 0, "right", (15, 24, 69, 81), (Spot(0, "right", 15, 1),))
    assert (p.takes, p.low, p.choice_needed) == (True, False, False)


def test_where_a_low_card_leaves_the_choice_to_its_player():
    p = where(5, ENDS)
    assert p == Placement(5, LOW, None, "right", (8, 24, 69, 81))
    assert (p.takes, p.low, p.choice_needed) == (False, True, True)


def test_where_a_twin_lands_on_its_twin():
    p = where(24, ENDS, twins="double")
    assert p == Placement(24, TWIN, 1, "right", (8, 24, 69, 81))
    assert (p.takes, p.low, p.choice_needed) == (False, False, False)


def test_where_professional_takes_the_nearest_of_both_sides():
    # 44: right of 20 (24), right of 40 (4), left of 50 (6), left of 70 (26): right of 40 is nearest
    p = where(44, PRO, two_sided=True)
    assert p == Placement(44, CLOSEST, 1, "right", PRO_ENDS,
                          (Spot(0, "right", 20, 24), Spot(1, "right", 40, 4), Spot(2, "left", 50, 6),
                           Spot(3, "left", 70, 26)), (), two_sided=True)
    # 47: 27, 7, 3, 23: left of 50
    p = where(47, PRO, two_sided=True)
    assert p == Placement(47, CLOSEST, 2, "left", PRO_ENDS,
                          (Spot(0, "right", 20, 27), Spot(1, "right", 40, 7), Spot(2, "left", 50, 3),
                           Spot(3, "left", 70, 23)), (), two_sided=True)
    assert p.rows == ((10, 20), (30, 40), (50,), (70, 80))


def test_where_professional_tie_offers_both_nearest_places():
    # 45: right of 40 and left of 50 are both 5 away: the player chooses (docs/rulings.md)
    spots = (Spot(0, "right", 20, 25), Spot(1, "right", 40, 5), Spot(2, "left", 50, 5), Spot(3, "left", 70, 25))
    p = where(45, PRO, two_sided=True)
    assert p == Placement(45, TIE, None, "right", PRO_ENDS, spots, (spots[1], spots[2]), two_sided=True)
    assert (p.takes, p.low, p.choice_needed) == (False, False, True)


def test_where_professional_card_that_fits_nowhere():
    rows = [[10, 90], [20, 80], [30, 70], [40, 60]]  # 50: every right end higher, every left end lower
    p = where(50, rows, two_sided=True)
    assert p == Placement(50, NOWHERE, None, "right", ((10, 90), (20, 80), (30, 70), (40, 60)), two_sided=True)
    assert (p.takes, p.low, p.choice_needed) == (False, True, True)


def test_where_professional_sixth_card_on_either_side():
    rows = [[10, 11, 12, 13, 14], [30], [50], [70]]
    ends = ((10, 14), (30, 30), (50, 50), (70, 70))
    p = where(15, rows, two_sided=True)  # 1 right of 14; 15, 35, 55 left of the others
    assert p == Placement(15, SIXTH, 0, "right", ends,
                          (Spot(0, "right", 14, 1), Spot(1, "left", 30, 15), Spot(2, "left", 50, 35),
                           Spot(3, "left", 70, 55)), two_sided=True)
    p = where(9, rows, two_sided=True)  # 1 left of 10
    assert p == Placement(9, SIXTH, 0, "left", ends,
                          (Spot(0, "left", 10, 1), Spot(1, "left", 30, 21), Spot(2, "left", 50, 41),
                           Spot(3, "left", 70, 61)), two_sided=True)
    assert p.takes


def test_where_professional_twin_lands_on_the_end_it_matches():
    assert where(10, PRO, True, twins="double") == Placement(10, TWIN, 0, "left", PRO_ENDS, two_sided=True)
    assert where(20, PRO, True, twins="double") == Placement(20, TWIN, 0, "right", PRO_ENDS, two_sided=True)
    assert where(50, PRO, True, twins="double") == Placement(50, TWIN, 2, "right", PRO_ENDS, two_sided=True)


def test_placement_is_where_without_the_checks():
    assert placement(29, ENDS) == where(29, ENDS)
    assert placement(29, ENDS).rows == ((8,), (24,), (69,), (81,))
    assert placement(47, PRO, True) == where(47, PRO, True)


# ---- allows and wrong_place: what the trainer says about a place ----------------------------------


def test_allows_only_the_rules_place():
    p = where(29, ENDS)
    assert [p.allows(r) for r in range(4)] == [False, True, False, False]
    assert not p.allows(1, "left")
    assert not any(where(5, ENDS).allows(r) for r in range(4))  # a low card goes nowhere: a row is taken
    tie = where(45, PRO, two_sided=True)
    assert [(r, s) for r in range(4) for s in ("left", "right") if tie.allows(r, s)] == [(1, "right"), (2, "left")]


def test_wrong_place_names_the_end_that_forbids_it():
    p = where(29, ENDS)
    assert [p.wrong_place(r) for r in range(4)] == [("farther", 8), None, ("higher", 69), ("higher", 81)]
    assert [where(5, ENDS).wrong_place(r) for r in range(4)] == [("higher", e) for e in (8, 24, 69, 81)]
    pro = where(47, PRO, two_sided=True)  # goes left of 50
    assert pro.wrong_place(2, "left") is None
    assert pro.wrong_place(0, "left") == ("lower", 10)
    assert pro.wrong_place(2, "right") == ("higher", 50)
    assert pro.wrong_place(3, "left") == ("farther", 70)
    assert pro.wrong_place(1, "right") == ("farther", 40)
    assert pro.wrong_place(1, "left") == ("lower", 30)
    twin = where(50, PRO, True, twins="double")  # lands on the 50 of row 3
    assert twin.wrong_place(2, "left") is None  # the other side of the same single 50
    assert twin.wrong_place(3, "left") == ("farther", 70)
    # a placement made without rows (the engine's own) has no picture to explain
    assert Placement(29, CLOSEST, 1, "right", (8, 24, 69, 81)).wrong_place(2) is None


# ---- lay and laid_at ------------------------------------------------------------------------------


def test_lay_puts_the_card_where_the_rule_says():
    rows = copy.deepcopy(ENDS)
    assert lay(rows, 29, CLOSEST, 1) == [] and rows == [[8], [24, 29], [69], [81]]
    assert lay(rows, 5, LOW, 2) == [69] and rows == [[8], [24, 29], [5], [81]]
    rows = [[10, 11, 12, 13, 15], [24], [69], [81]]
    assert lay(rows, 16, SIXTH, 0) == [10, 11, 12, 13, 15] and rows[0] == [16]
    rows = copy.deepcopy(PRO)
    assert lay(rows, 47, CLOSEST, 2, "left") == [] and rows[2] == [47, 50]
    assert lay(rows, 9, SIXTH, 0, "left") == [10, 20] and rows[0] == [9]
    rows = [[10, 90], [20, 80], [30, 70], [40, 60]]
    assert lay(rows, 50, NOWHERE, 3) == [40, 60] and rows[3] == [50]


def test_lay_a_twin_and_a_stack():
    rows = copy.deepcopy(PRO)
    assert lay(rows, 10, TWIN, 0, "left") == [] and rows[0] == [10, 10, 20]
    rows = copy.deepcopy(PRO)
    assert lay(rows, 10, TWIN, 0) == [] and rows[0] == [10, 10, 20]  # its twin is the left end
    assert lay(rows, 20, TWIN, 0) == [] and rows[0] == [10, 10, 20, 20]
    rows = copy.deepcopy(ENDS)
    assert lay(rows, 30, CLOSEST, 1, count=2) == [] and rows[1] == [24, 30, 30]
    assert lay(rows, 5, LOW, 0, count=2) == [8] and rows[0] == [5, 5]
    assert lay(rows, 4, CLOSEST, 0, "left", count=2) == [] and rows[0] == [4, 4, 5, 5]


def test_laid_at_is_a_copy_with_the_card_added():
    rows = [[10, 11, 12, 13, 15], [24], [69], [81]]
    assert laid_at(rows, 16, 0) == [[10, 11, 12, 13, 15, 16], [24], [69], [81]]
    assert laid_at(rows, 9, 0, "left") == [[9, 10, 11, 12, 13, 15], [24], [69], [81]]
    assert laid_at(rows, 30, 1, "right") == [[10, 11, 12, 13, 15], [24, 30], [69], [81]]
    assert rows == [[10, 11, 12, 13, 15], [24], [69], [81]]


def test_cheapest_row_fewest_heads_then_fewest_cards_then_first():
    # heads: 55 → 7; 10 → 3; 1, 2, 3 → 1 each
    assert cheapest_row([[55], [10], [1, 2, 3], [4, 6]]) == 3  # 2 heads
    assert cheapest_row([[55], [1, 2, 3], [10], [4, 6, 7]]) == 2  # 3 heads in one card beats three
    assert cheapest_row([[55], [12, 13], [1], [4]]) == 2  # 1 head, 1 card, first of two
    assert cheapest_row([[1, 2], [55], [3, 4], [7]]) == 3


# ---- as data: sixnimmt where --json ---------------------------------------------------------------


def test_spot_and_placement_as_json_count_rows_from_one():
    assert Spot(2, "left", 50, 3).to_json() == {"row": 3, "side": "left", "end": 50, "difference": 3}
    p = where(29, ENDS)
    assert p.to_json() == {"card": 29, "row": 2, "takes": False, "low": False, "rule": CLOSEST,
                           "reason": p.reason(),
                           "candidates": [{"row": 1, "side": "right", "end": 8, "difference": 21},
                                          {"row": 2, "side": "right", "end": 24, "difference": 5}]}
    assert where(5, ENDS).to_json() == {"card": 5, "row": None, "takes": False, "low": True, "rule": LOW,
                                        "reason": where(5, ENDS).reason(), "candidates": []}


def test_professional_placement_as_json():
    p = where(47, PRO, two_sided=True)
    spots = [{"row": 1, "side": "right", "end": 20, "difference": 27},
             {"row": 2, "side": "right", "end": 40, "difference": 7},
             {"row": 3, "side": "left", "end": 50, "difference": 3},
             {"row": 4, "side": "left", "end": 70, "difference": 23}]
    assert p.to_json() == {"card": 47, "row": 3, "takes": False, "low": False, "rule": CLOSEST,
                           "reason": p.reason(), "candidates": spots, "side": "left", "fits_nowhere": False,
                           "tied": []}
    tie = where(45, PRO, two_sided=True)
    assert tie.to_json()["side"] is None and tie.to_json()["row"] is None
    assert tie.to_json()["tied"] == [{"row": 2, "side": "right", "end": 40, "difference": 5},
                                     {"row": 3, "side": "left", "end": 50, "difference": 5}]
    nowhere = where(50, [[10, 90], [20, 80], [30, 70], [40, 60]], two_sided=True)
    assert nowhere.to_json()["fits_nowhere"] is True and nowhere.to_json()["low"] is True


def test_reason_and_picture_name_the_card():
    p = where(29, ENDS)
    assert p.reason() == p.reason("en") and "29" in p.reason() and "24" in p.reason()
    bare = Placement(29, CLOSEST, 1, "right", (8, 24, 69, 81))  # no rows to draw
    assert bare._repr_html_() == f"<p>{bare.reason()}</p>"
    html = p._repr_html_()
    assert "Where does 29 go?" in html and not html.startswith("<p>")
