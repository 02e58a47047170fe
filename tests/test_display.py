"""Core objects draw themselves (_repr_svg_ / _repr_html_), so they show in static exports too."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from sixnimmt_core import Game, advance, find_variant, frames, make_bots, where
from sixnimmt_core.drawing.display import Card, stacks


def test_card_draws_itself_as_svg():
    svg = Card(55)._repr_svg_()
    root = ET.fromstring(svg)
    assert root.get("aria-label") == "card 55, 7 heads"
    assert Card(55) == 55 and repr(Card(55)) == "Card(55)"


def test_placement_shows_the_table_and_the_reason():
    html = where(29, [[8], [24], [69], [81]])._repr_html_()
    assert "29 goes after 24 in row 2" in html
    assert 'aria-label="row 2: 24 — 1 head"' in html and "snt-row-hl" in html


def test_game_and_frames_show_their_table():
    g = advance(Game(players=3, seed=2, one_hand=True), make_bots(["random"], 3, 2))
    html = g._repr_html_()
    for i, row in enumerate(g.rows, 1):
        assert f'aria-label="row {i}: {", ".join(map(str, row))}' in html
    frame = frames(g)[12]
    assert frame.text.split(":")[0] in frame._repr_html_()
    assert "<figcaption>Step 13</figcaption>" in frame._repr_html_()


def test_a_step_shown_in_a_notebook_speaks_the_walk_s_language():
    g = advance(Game(players=3, seed=2, one_hand=True), make_bots(["random"], 3, 2))
    cs = frames(g, "cs")[12]._repr_html_()
    ro = frames(g, "ro")[12]._repr_html_()
    assert "<figcaption>Krok 13</figcaption>" in cs and 'aria-label="řada 1: ' in cs
    assert "<figcaption>Pasul 13</figcaption>" in ro and "Step" not in ro


def test_twins_on_each_other_are_one_stack():
    assert stacks([12, 30, 30, 31]) == [12, (30, 2), 31]


def test_a_game_shows_each_seat_in_the_catalogue_s_words():
    """A dealt game of 3 in a notebook: each seat holds 10 cards and no heads yet (RULES.md §2)."""
    html = Game(find_variant("base"), 3, seed=1)._repr_html_()
    assert "Hand 1, turn 1" in html and "— over" not in html
    assert html.count("in hand: 10; heads this hand: 0; in all: 0") == 3
