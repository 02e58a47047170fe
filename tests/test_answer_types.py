"""Issue 34, item 4: ``Game.act`` checks its seat and its answer's type. A seat that is not an int of
the table (False, 0.0, "0", …) is no seat; an answer of the wrong type for any kind of decision is an
``IllegalAction`` naming the rule, never a TypeError, ValueError or KeyError; either way the game is
exactly as it was and nothing is logged. The positions are small fixed deals, worked out by hand."""

from __future__ import annotations

from enum import IntEnum
from typing import Any

import pytest
from helpers import snapshot

from sixnimmt_core import Deal, Game, Rules, dumps
from sixnimmt_core.engine.decisions import (
    DraftDecision,
    OrderDecision,
    PlayDecision,
    SplitDecision,
    SpotDecision,
    TakeRowDecision,
)
from sixnimmt_core.engine.errors import IllegalAction, OutOfTurn, SixNimmtError
from sixnimmt_core.engine.rules import find_variant
from sixnimmt_core.engine.table import Spot

ROWS4 = [[5], [15], [25], [35]]
LANGS = ("en", "cs", "sk", "ro")
HUGE = 10**5000  # more digits than Python writes as text (4,300): a message must never try


class Seat(IntEnum):
    FIRST = 0


class Card(int):
    """An int of another class: the engine takes it as the number it is (an IntEnum row does too)."""


def base() -> Game:
    # A holds 10 and 30, B 20 and 40; rows end 5, 15, 25, 35; both are asked for a card
    return Game(Rules(), 2, deal=Deal([[10, 30], [20, 40]], ROWS4), one_hand=True)


def refused(game: Game, seat: Any, answer: Any, error: type[IllegalAction] = IllegalAction) -> IllegalAction:
    before, logged = snapshot(game), len(game.log)
    with pytest.raises(SixNimmtError) as info:
        game.act(seat, answer)
    assert type(info.value) is error
    assert snapshot(game) == before and len(game.log) == logged
    for lang in LANGS:  # said in every language, never as thousands of characters
        assert 0 < len(info.value.words(lang)) < 400
    return info.value


# ---- seats -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seat", [False, True, 0.0, 1.0, -0.0, 0.5, "0", "1", b"0", None, [0], (0,), {0: 0},
                                  -1, 2, 10**30, -(10**30), HUGE, float("nan"), float("inf")],
                         ids=lambda s: type(s).__name__ + ":" + (repr(s)[:12] if s is not HUGE else "huge"))
def test_a_seat_that_is_not_an_int_of_the_table_is_no_seat(seat):
    g = base()  # seat 0 and seat 1 are both asked: False == 0 and 1.0 == 1 would each match one
    exc = refused(g, seat, 10 if seat in (0, False) else 20, OutOfTurn)
    assert (exc.key, exc.rule) == ("turn.no_seat", "seat")
    assert '"seat": false' not in dumps(g) and '"seat": true' not in dumps(g)


@pytest.mark.parametrize(("seat", "words"), [
    ("0", {"en": "there is no seat '0': seats are numbered 0 to 1",
           "cs": "místo '0' neexistuje: místa jsou číslována 0 až 1",
           "sk": "miesto '0' neexistuje: miesta sú číslované 0 až 1",
           "ro": "nu există locul '0': locurile sunt numerotate de la 0 la 1"}),
    (False, {"en": "there is no seat False: seats are numbered 0 to 1",
             "cs": "místo False neexistuje: místa jsou číslována 0 až 1",
             "sk": "miesto False neexistuje: miesta sú číslované 0 až 1",
             "ro": "nu există locul False: locurile sunt numerotate de la 0 la 1"}),
    (0.0, {"en": "there is no seat 0.0: seats are numbered 0 to 1",
           "cs": "místo 0.0 neexistuje: místa jsou číslována 0 až 1",
           "sk": "miesto 0.0 neexistuje: miesta sú číslované 0 až 1",
           "ro": "nu există locul 0.0: locurile sunt numerotate de la 0 la 1"}),
    (HUGE, {"en": "there is no seat a number of about 5001 digits: seats are numbered 0 to 1",
            "cs": "místo číslo s asi 5001 číslicemi neexistuje: místa jsou číslována 0 až 1",
            "sk": "miesto číslo s približne 5001 číslicami neexistuje: miesta sú číslované 0 až 1",
            "ro": "nu există locul un număr de aproximativ 5001 cifre: locurile sunt numerotate de la 0 la 1"}),
], ids=["text", "false", "float", "huge"])
def test_a_bad_seat_is_said_as_given_in_every_language(seat, words):
    exc = refused(base(), seat, 10, OutOfTurn)
    assert {lang: exc.words(lang) for lang in LANGS} == words


def test_a_seat_of_another_int_class_is_its_number_and_is_logged_as_one():
    g, plain = base(), base()
    g.act(Seat.FIRST, 10)
    g.act(Card(1), 20)
    plain.act(0, 10)
    plain.act(1, 20)
    assert dumps(g) == dumps(plain)
    assert all(type(e.seat) is int for e in g.log if e.seat is not None)


def test_a_seat_of_another_int_class_not_asked_is_told_so():
    g = base()
    g.act(0, 10)
    exc = refused(g, Seat.FIRST, 30, OutOfTurn)
    assert exc.key == "turn.not_asked"


# ---- answers of the wrong type, for every kind of decision ------------------------------------------------


def spot_at(row: Any) -> Spot:
    """A place named with a row of any type (the tie below: row 2's right end, 40, is 5 from 45)."""
    return Spot(row, "right", 40, 5)


def play() -> Game:
    return base()


def draft() -> Game:
    return Game(find_variant("logic"), 2, seed=1, one_hand=True)  # cards 1–24 laid out; A takes first


def order() -> Game:
    # Refined: A lays 10 and 12, B 20 and 22; A holds the lowest card, so A orders first
    g = Game(find_variant("refined"), 2, deal=Deal([[10, 12], [20, 22]], ROWS4), one_hand=True)
    g.act(0, [10, 12])
    g.act(1, [20, 22])
    return g


def take_row() -> Game:
    # A's 3 is lower than every row end (5, 15, 25, 35): A chooses a row to take (rule 4)
    g = Game(Rules(), 2, deal=Deal([[3, 30], [20, 40]], ROWS4), one_hand=True)
    g.act(0, 3)
    g.act(1, 20)
    return g


def spot() -> Game:
    # Professional: rows 10 20 | 30 40 | 50 | 70 80; 45 is 5 right of 40 and 5 left of 50: a tie
    g = Game(find_variant("professional"), 2,
             deal=Deal([[45, 90], [95, 96]], [[10, 20], [30, 40], [50], [70, 80]]), one_hand=True)
    g.act(0, 45)
    g.act(1, 95)
    return g


def split() -> Game:
    # Hand: A lays 3, lower than every end, and takes row 1 (5 and 6); which of them go to A's hand?
    g = Game(find_variant("hand"), 2, deal=Deal([[3, *range(40, 53)], list(range(60, 74))],
                                                [[5, 6], [15], [25], [35]]), one_hand=True)
    g.act(0, 3)
    g.act(0, 0)
    return g


POSITIONS = {"play": (play, PlayDecision, "play"), "draft": (draft, DraftDecision, "draft"),
             "order": (order, OrderDecision, "order"), "take_row": (take_row, TakeRowDecision, "take_row"),
             "spot": (spot, SpotDecision, "tie"), "split": (split, SplitDecision, "split")}
WRONG = {"float": 10.0, "float row": 1.0, "nan": float("nan"), "bool": True, "false": False, "text": "10",
         "none": None, "dict": {10: 10}, "empty dict": {}, "nested": [[10]], "nested pair": [[10, 12]],
         "floats": [10.0, 12.0], "texts": ["10"], "bools": [True], "none in list": [None], "bytes": b"10",
         "set": {10}, "range": range(1), "object": object(), "huge": HUGE, "huge in list": [HUGE],
         "huge list": [10] * 100_000, "huge text": "9" * 100_000, "deep": [[[[[[[[[[10]]]]]]]]]],
         "spot of a bool": (True, "right"), "spot of a float": (1.0, "right"), "spot of a text": ("1", "right"),
         "Spot of a bool": spot_at(True), "Spot of a float": spot_at(1.0)}


@pytest.mark.parametrize("kind", sorted(POSITIONS))
@pytest.mark.parametrize("wrong", sorted(WRONG))
def test_an_answer_of_the_wrong_type_is_illegal_and_changes_nothing(kind, wrong):
    make, decision, rule = POSITIONS[kind]
    g = make()
    d = g.pending[0]
    assert type(d) is decision
    assert refused(g, d.seat, WRONG[wrong]).rule == rule


@pytest.mark.parametrize(("kind", "answer", "words"), [
    ("play", "10", "'10' is not a card or a list of cards"),
    ("play", 10.0, "10.0 is not a card or a list of cards"),
    ("play", HUGE, "Player A does not hold a number of about 5001 digits (hand: 10, 30): a card must come "
                   "from your hand"),
    # shown to 60 characters: "[", eleven "'x', " (55), "'x'", then "…"
    ("play", ["x"] * 100_000, "['x', 'x', 'x', 'x', 'x', 'x', 'x', 'x', 'x', 'x', 'x', 'x'… is not a card or a list"
                              " of cards"),
    ("draft", 24.0, "24.0 is not on the table to take (Logic: take one of the cards laid out)"),
    ("take_row", 1.0, "1.0 is not a row: choose a row from 1 to 4 (rule 4: a card lower than every row end takes"
                      " a row of the player's choice)"),
    ("take_row", HUGE, "a number of about 5001 digits is not a row: choose a row from 1 to 4 (rule 4: a card"
                       " lower than every row end takes a row of the player's choice)"),
    ("spot", (True, "right"), "(True, 'right') is not one of the tied places for 45 (row 2 right; row 3 left);"
                              " the rules don't say which, so this edition lets the player choose among them"),
    ("order", [10.0, 12.0], "[10.0, 12.0] is not an order of Player A's two cards 10, 12 (Refined: the player"
                            " places both of their own cards, in an order they choose)"),
    ("split", [HUGE], "a number of about 5001 digits are not all among the cards taken (5, 6)"),
], ids=["play-text", "play-float", "play-huge", "play-long-list", "draft-float", "row-float", "row-huge",
        "tie-bool", "order-floats", "split-huge"])
def test_a_refused_answer_is_shown_as_given(kind, answer, words):
    g = POSITIONS[kind][0]()
    assert str(refused(g, g.pending[0].seat, answer)) == words


def test_a_tie_named_by_a_bool_or_a_float_row_is_no_tied_place():
    # before issue 34, (True, "right") matched row 1 (True == 1) and the log said "row": true
    g = spot()
    for answer in ((True, "right"), (1.0, "right"), [2.0, "left"], spot_at(True), spot_at(1.0)):
        assert refused(g, 0, answer).rule == "tie"
    g.act(0, Spot(1, "right", 40, 5))
    assert '"row": true' not in dumps(g) and g.rows[1] == [30, 40, 45]
