"""The code-free apps and the two pickers, as state after each click (no browser)."""

from __future__ import annotations

import pytest

from sixnimmt_core import ImpossibleSetup
from sixnimmt_core.widgets.apps import APPS, GameLauncher, VariantTours, app
from sixnimmt_core.widgets.cards import CardExplorer


@pytest.mark.parametrize("name", sorted(APPS))
def test_every_app_is_prose_and_widgets(name):
    box = app(name)
    title = APPS[name][0]
    assert any(title in getattr(c, "value", "") for c in box.children)
    assert len(box.children) >= 3


def test_unknown_app_is_refused():
    with pytest.raises(ImpossibleSetup, match="no app"):
        app("chess")


def test_variant_tours_switch_the_game():
    tours = VariantTours("tactics")
    first = tours.stepper
    assert first.rules.name == "tactics"
    tours.picker.value = "twins"
    assert tours.stepper is not first and tours.stepper.rules.name == "twins"
    assert "Twins" in tours.about.value


@pytest.mark.parametrize(("variant", "most"), [("base", 10), ("open", 9), ("refined", 7), ("hand", 7),
                                               ("tournament", 5)])
def test_launcher_offers_only_possible_player_counts(variant, most):
    launcher = GameLauncher()
    launcher.players.value = 10
    launcher.picker.value = variant
    assert launcher.players.max == most and launcher.players.value <= most
    launcher.start_button.click()
    assert launcher.table.rules.name == variant and launcher.table.players == launcher.players.value


def test_card_explorer_buttons_change_what_is_shown():
    ex = CardExplorer(55)
    assert "Card 55: 7 cattle heads" in ex.card_view.value
    ex.next_button.click()
    assert ex.card == 56 and "Card 56: 1 cattle head" in ex.card_view.value
    ex.prev_button.click()
    ex.prev_button.click()
    assert ex.card == 54
    ex.kind_buttons[2].click()  # 3 heads
    assert "10 cards with 3 heads" in ex.gallery.value and "multiples of 10" in ex.gallery.value
    ex.slider.value = 1
    ex.prev_button.click()
    assert ex.card == 1
