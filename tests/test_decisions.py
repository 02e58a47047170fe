"""The decisions as typed classes (engine/decisions.py): one class per kind, told apart by class, the
kind kept as the name saved games and message keys use, the words what the seat is asked."""

from __future__ import annotations

import pytest

from sixnimmt_core import Game
from sixnimmt_core.engine.decisions import (
    BY_KIND,
    DECISIONS,
    Decision,
    DraftDecision,
    OrderDecision,
    PlayDecision,
    SplitDecision,
    SpotDecision,
    TakeRowDecision,
)
from sixnimmt_core.engine.game import ANSWERS


def test_each_kind_is_a_class_and_its_name_is_the_saved_one():
    assert [cls.kind.value for cls in DECISIONS] == ["play", "draft", "order", "take_row", "spot", "split"]
    assert all(issubclass(cls, Decision) and BY_KIND[cls.kind] is cls for cls in DECISIONS)
    assert set(ANSWERS.values()) == set(BY_KIND)  # every kind is answered by a saved event, and only these


def test_a_decision_equals_only_one_of_its_own_class():
    play, draft = PlayDecision(0, (5, 12)), DraftDecision(0, (5, 12))
    assert play != draft and (play == draft) is False  # the same fields, another question
    assert play == PlayDecision(0, (5, 12), 1, 1, None, 0) and hash(play) == hash(PlayDecision(0, (5, 12)))
    assert play != (0, (5, 12), 1, 1, None, 0)  # not a bare tuple either
    assert play._replace(options=(7,)) == PlayDecision(0, (7,))  # a re-dealt world keeps the class
    assert repr(TakeRowDecision(1, (0, 1, 2, 3), card=5)) == (
        "TakeRowDecision(seat=1, options=(0, 1, 2, 3), min_count=1, max_count=1, card=5, room=0)")


@pytest.mark.parametrize(("decision", "words"), [
    (PlayDecision(0, (5, 12)), "choose a card"),
    (PlayDecision(0, (5, 12, 40), 2, 2), "choose 2 cards"),
    (PlayDecision(0, (5, 12, 40), 1, 2), "choose 1 or 2 cards"),
    (DraftDecision(0, (5, 12)), "take a card from the table"),
    (OrderDecision(0, ((5, 12), (12, 5)), 2, 2), "choose the order of your two cards"),
    (TakeRowDecision(0, (0, 1, 2, 3), card=5), "choose a row to take for 5"),
    (SpotDecision(0, (), card=50), "choose where 50 goes"),
    (SplitDecision(0, (10, 11), room=3), "choose which taken cards go to your hand (room for 3)"),
])
def test_what_each_decision_asks_in_words(decision, words):
    assert decision.describe() == words  # refusals.po, English


def test_the_engine_asks_typed_decisions_and_a_match_reads_them():
    g = Game(players=2, seed=1)
    assert all(type(d) is PlayDecision for d in g.pending) and [d.seat for d in g.pending] == [0, 1]
    match g.pending[0]:
        case PlayDecision(seat=0, options=cards, max_count=1):
            assert cards == tuple(g.hands[0])
        case _:
            pytest.fail("a plain turn asks seat 0 for one card")
