"""The teaching tours really contain what the notebooks promise."""

from __future__ import annotations

import pytest

from sixnimmt_core import VARIANTS, where
from sixnimmt_core.teach import TOURS, head_count_rule, head_counts, moments

PROMISED = {
    "logic": {"Logic: draft"},
    "tournament": {"Tournament: sheets passed", "Tournament: results per selection"},
    "professional": {"Professional: left end"},
    "open": {"Open: laid face up", "Open: marker moves"},
    "refined": {"Refined: order chosen"},
    "hand": {"Hand: taken cards split", "Hand: laid and placed at once"},
    "twins": {"Twins: shared take", "Twins: laid on its twin"},
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
    from sixnimmt_core.scenarios import trainer_examples

    for two_sided in (False, True):
        examples = trainer_examples(two_sided=two_sided)
        assert examples
        for rows, card in examples:
            reason = where(card, rows, two_sided=two_sided).reason()
            assert reason.startswith(str(card)) and "row" in reason
