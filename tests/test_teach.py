"""The teaching tours really contain what the notebooks promise."""

from __future__ import annotations

import random

import pytest

from sixnimmt_core import VARIANTS, where
from sixnimmt_core.teaching.teach import (
    TOURS,
    head_count_rule,
    head_counts,
    moments,
    practice_table,
)

PROMISED = {  # the ★ labels each tour's game must contain (the one label set: narrate.SPECIAL)
    "logic": {"Logic: the draft begins", "Logic: the leftover cards start the rows"},
    "tournament": {"Tournament: the sheets are passed on", "Tournament: results per selection"},
    "professional": {"Professional: a card at the left end"},
    "open": {"Open: cards are laid face up, in turn", "Open: the start marker passes on"},
    "refined": {"Refined: the chosen order changes where a card goes"},
    "hand": {"Hand: taken cards go to the hand or the pile"},
    "twins": {"Twins: twins share a take", "Twins: laid on its twin", "Twins: twins placed as one stack"},
}


def test_every_variant_has_a_tour():
    assert set(TOURS) == set(VARIANTS)


@pytest.mark.parametrize("name", sorted(TOURS))
def test_tour_shows_its_special_moments(name):
    game = TOURS[name].game()
    assert game.over
    assert PROMISED.get(name, set()) <= set(moments(game))


def test_professional_tour_also_has_a_sixth_card_and_a_fits_nowhere_or_tie():
    game = TOURS["professional"].game()
    kinds = {(e.kind, e.data.get("rule")) for e in game.log}
    assert ("placed", "sixth") in kinds
    assert ("placed", "nowhere") in kinds or ("chose_spot", None) in kinds


def test_tournament_tour_same_cards_different_results():
    game = TOURS["tournament"].game()
    table = game.log[-1].data["by_selection"]
    assert all(len(set(scores)) > 1 for scores in table)


def test_head_counts_table():
    rows = head_counts()
    assert [(h, n) for h, n, _ in rows] == [(1, 76), (2, 9), (3, 10), (5, 8), (7, 1)]
    assert rows[-1][2] == [55] and head_count_rule(5) == "other multiples of 11"


def test_every_trainer_example_has_a_reason_in_words():
    from sixnimmt_core.teaching.scenarios import trainer_examples

    for two_sided in (False, True):
        examples = trainer_examples(two_sided=two_sided)
        assert examples
        for rows, card in examples:
            reason = where(card, rows, two_sided=two_sided).reason()
            assert reason.startswith(str(card)) and "row" in reason


@pytest.mark.parametrize("two_sided", [False, True])
def test_practice_tables_are_valid_and_show_every_case(two_sided):
    rng = random.Random(11)
    rules = set()
    for _ in range(60):
        rows, card = practice_table(rng, two_sided)
        assert len(rows) == 4 and all(r == sorted(r) and 1 <= len(r) <= 5 for r in rows)
        cards = [c for r in rows for c in r]
        assert len(cards) == len(set(cards)) and card not in cards
        rules.add(where(card, rows, two_sided).rule)
    want = {"closest", "sixth", "nowhere", "tie"} if two_sided else {"closest", "sixth", "low"}
    assert want <= rules
    assert practice_table(random.Random(5), two_sided) == practice_table(random.Random(5), two_sided)
