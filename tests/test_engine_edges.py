"""Bad input at the engine's edges: each refused with a named error, and nothing changed."""

from __future__ import annotations

import copy

import pytest
from helpers import snapshot

from sixnimmt_core import Deal, Game, MatchEnd, Rules, where
from sixnimmt_core.engine.cards import heads
from sixnimmt_core.engine.errors import (
    BadOption,
    IllegalAction,
    ImpossibleTable,
    NoSuchCard,
    OutOfTurn,
)
from sixnimmt_core.engine.rules import Choosing, find_variant

ENDS = [[8], [24], [69], [81]]  # 004_…txt: row ends 8, 24, 69, 81


def repr_short(x) -> str:
    return "huge" if isinstance(x, int) and x > 10**100 else repr(x)

# ---- where(): cards that do not exist, tables no game can reach ------------------------------------


@pytest.mark.parametrize("card", [0, 105, 200, -1, True, "29", 29.0, None, 10**5000], ids=repr_short)
def test_where_refuses_a_card_that_does_not_exist(card):
    rows = copy.deepcopy(ENDS)
    with pytest.raises(NoSuchCard) as info:
        where(card, rows)
    assert info.value.rule == "cards" and "1 to 104" in str(info.value)
    assert rows == ENDS  # the caller's rows are untouched
    assert len(str(info.value)) < 200  # a 5,000-digit number is not printed whole


@pytest.mark.parametrize(
    ("rows", "words", "rule"),
    [
        ([[8], [24], [69]], "4 rows, not 3", "rows"),
        ([[8]], "4 rows, not 1", "rows"),
        ([[8], [24], [69], [81], [90]], "4 rows, not 5", "rows"),
        ([[8], [], [69], [81]], "row 2 is empty", "rows"),
        ([[8], [24, 8], [69], [81]], "row 2 (24, 8) is not in ascending order", "rows"),
        ([[1, 2, 3, 4, 5, 6], [24], [69], [81]], "row 1 (1, 2, 3, 4, 5, 6) holds 6 places", "rows"),
        ([[8, 24], [24], [69], [81]], "card 24 lies on the table twice", "cards"),
        ([[8], [24], [69], [81, 105]], "not 105", "cards"),
        ("8 24 69 81", "4 rows", "rows"),
    ],
)
def test_where_refuses_a_table_no_game_can_reach(rows, words, rule):
    given = copy.deepcopy(rows)
    with pytest.raises((ImpossibleTable, NoSuchCard)) as info:
        where(29, rows)
    assert words in str(info.value) and info.value.rule == rule
    assert rows == given


def test_where_refuses_a_card_already_on_the_table():
    with pytest.raises(ImpossibleTable, match="card 24 is already on the table: the deck holds only one 24"):
        where(24, ENDS)


def test_twins_allow_two_copies_of_a_number_and_refuse_a_third():
    rows = [[8, 8], [24], [69], [81]]  # twins among the starters are stacked (RULES.md §3.8)
    assert where(9, rows, twins="double").row == 0
    assert where(24, rows, twins="double").rule == "twin"  # the second 24 lands on the first
    with pytest.raises(ImpossibleTable, match="only two 8s"):
        where(8, rows, twins="double")
    with pytest.raises(ImpossibleTable, match="3 times"):
        where(30, [[8, 8, 8], [24], [69], [81]], twins="double")
    with pytest.raises(ImpossibleTable, match="only one 8"):
        where(9, rows)  # one deck: a table with two 8s is impossible


def test_the_113_card_deck_doubles_only_the_elevens():
    assert where(56, [[55, 55], [24], [69], [81]], twins="elevens").row == 0
    with pytest.raises(ImpossibleTable, match="only one 56"):
        where(60, [[56, 56], [24], [69], [81]], twins="elevens")


def test_heads_refuses_a_card_that_does_not_exist():
    for bad in (0, -1, 105):  # -1 used to read the last entry of the head table
        with pytest.raises(NoSuchCard):
            heads(bad)


# ---- views hand out copies ---------------------------------------------------------------------------


def test_a_seat_view_cannot_change_the_game():
    g = Game(Rules(), 2, deal=Deal([[10, 30], [20, 40]], [[5], [15], [25], [35]]), one_hand=True)
    before = snapshot(g)
    view = g.view(0)
    with pytest.raises(AttributeError):  # immutable: the rows and the hand are tuples, the view a named tuple
        view.rows[0].append(99)
    with pytest.raises(AttributeError):
        view.hand = (77,)
    rows = view.row_lists()  # the rows as lists, for the table's functions: a copy
    rows[0].append(99)
    rows.clear()
    assert snapshot(g) == before
    assert view.rows == ((5,), (15,), (25,), (35,)) and view.hand == (10, 30) and view.row_lists() == [[5], [15], [25], [35]]


# ---- Rules checked when made -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"choosing": "hiden"}, "unknown choosing 'hiden' (hidden, open, immediate)"),
        ({"deck": "huge"}, "unknown deck"),
        ({"twins": "triple"}, "unknown twins"),
        ({"dealing": "snake"}, "unknown dealing"),
        ({"hand_end": "never"}, "unknown hand end"),
        ({"start_seat": -1}, "start seat is a whole number from 0 to 9, not -1"),
        ({"hand_size": 2.5}, "hand size is a whole number from 1 to 20, not 2.5"),
        ({"hand_size": 0}, "hand size is a whole number from 1 to 20, not 0"),
        ({"hand_size": True}, "hand size is a whole number"),
        ({"cards_per_turn": 3}, "cards per turn is a whole number from 1 to 2"),
        ({"max_players": 11}, "max players is a whole number from 2 to 10"),
        ({"two_sided": "yes"}, "two sided is True or False"),
        ({"match_end": 66}, "match_end must be a MatchEnd"),
        ({"sheets": True}, "sheets need dealing='draft'"),
        ({"keep_taken": True, "hand_limit": 5}, "hand limit of 5 is below the hand size 10"),
        ({"match_end": MatchEnd(limit=None)}, "needs a penalty limit or a number of hands"),
    ],
)
def test_rules_are_checked_when_made(options, words):
    with pytest.raises(BadOption) as info:
        Rules(**options)
    assert words in str(info.value) and info.value.rule == "options"


@pytest.mark.parametrize(
    ("options", "words"),
    [({"hands": 0}, "hands is a whole number from 1 to 1000, not 0"),
     ({"hands": -2}, "not -2"), ({"hands": 10**26}, "hands is a whole number from 1 to 1000, not a number of about 27"),
     ({"hands": 1.5}, "not 1.5"), ({"limit": -5}, "limit is a whole number from 1 to 1000, not -5"),
     ({"limit": 0}, "not 0"), ({"exceeds": "no"}, "exceeds is True or False")],
)
def test_match_end_is_checked_when_made(options, words):
    with pytest.raises(BadOption, match=words.replace("(", r"\(")) as info:
        MatchEnd(**options)
    assert info.value.rule == "match_end"


def test_changing_a_rule_to_a_bad_value_leaves_the_preset_as_it_was():
    open_rules = find_variant("open")
    with pytest.raises(BadOption, match="unknown choosing"):
        open_rules.but(choosing="hiden")
    with pytest.raises(BadOption, match="bad rule options"):
        open_rules.but(colour="red")
    assert open_rules.choosing is Choosing.OPEN and open_rules == find_variant("open")


def test_options_are_enums_that_read_and_save_as_their_words():
    r = Rules(choosing="open")
    assert r.choosing is Choosing.OPEN and r.choosing == "open"
    assert r.to_json()["choosing"] == "open" and type(r.to_json()["choosing"]) is str
    assert Rules.from_json(r.to_json()) == r


# ---- seats that do not exist ---------------------------------------------------------------------------


@pytest.mark.parametrize("seat", [-1, 2, 10**4000, "0", None, True], ids=repr_short)
def test_a_seat_that_does_not_exist_is_refused_and_nothing_changes(seat):
    g = Game(Rules(), 2, deal=Deal([[10, 30], [20, 40]], [[5], [15], [25], [35]]), one_hand=True)
    before = snapshot(g)
    with pytest.raises(OutOfTurn, match="there is no seat") as info:
        g.act(seat, 10)
    assert info.value.rule == "seat" and snapshot(g) == before


def test_a_deal_with_an_impossible_row_is_refused():
    with pytest.raises(IllegalAction, match="row 2 .* is not in ascending order"):
        Game(Rules(), 2, deal=Deal([[10], [20]], [[5], [16, 15], [25], [35]]))
    with pytest.raises(IllegalAction, match="card 5 lies on the table twice"):
        Game(Rules(), 2, deal=Deal([[10], [20]], [[5], [5, 15], [25], [35]]))


# ---- the card rule itself (the table heads() reads is built at import, out of mutmut's reach) -----------


def test_the_heads_rule_as_written():
    from collections import Counter

    from sixnimmt_core.engine.cards import full_deck, heads_by_rule, tactics_deck

    # RULES.md §1: 55 → 7; other multiples of 11 → 5; multiples of 10 → 3; other multiples of 5 → 2
    assert [heads_by_rule(c) for c in (55, 11, 99, 10, 100, 5, 95, 1, 104)] == [7, 5, 5, 3, 3, 2, 2, 1, 1]
    assert Counter(heads_by_rule(c) for c in full_deck()) == {1: 76, 2: 9, 3: 10, 5: 8, 7: 1}
    assert full_deck() == list(range(1, 105)) and tactics_deck(3) == list(range(1, 35))
    assert tactics_deck(2, 10, 2) == list(range(2, 26))  # Open: card 1 is the marker


def test_what_a_bad_card_is_called_in_an_error():
    from sixnimmt_core.engine.cards import check_card, short

    with pytest.raises(NoSuchCard) as info:
        check_card(0)
    assert str(info.value) == "a card is a whole number from 1 to 104, not 0: there is no card 0 (RULES.md §1)"
    assert check_card(104) == 104 and check_card(1) == 1
    assert short(10**20) == "a number of about 21 digits" and short(-(10**25)) == "a negative number of about 26 digits"
    assert short(10**20 - 1) == "99999999999999999999" and short("x" * 40) == "'" + "x" * 28 + "…"
    assert short(5) == "5" and short("y" * 28) == "'" + "y" * 28 + "'"  # 30 characters: kept whole
    assert short("y" * 29) == "'" + "y" * 28 + "…"  # 31 characters: cut to 30
