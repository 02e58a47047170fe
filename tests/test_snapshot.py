"""A lesson's preview: its first view as static HTML, drawn before Python starts in the browser."""

from __future__ import annotations

import re

import ipywidgets as W
import pytest

from sixnimmt_core.teaching.teach import APP_TITLES
from sixnimmt_core.widgets.snapshot import preview, static_html


def test_controls_are_drawn_disabled_and_words_kept():
    box = W.VBox([W.HTML("<p>29 goes after 24</p>"), W.Button(description="Next ▶", button_style="primary"),
                  W.Dropdown(options=[("Pitfall 2", "p2")], description="Example"),
                  W.Checkbox(value=True, description="Coach")])
    box.add_class("snt-app")
    html = static_html(box)
    assert "<p>29 goes after 24</p>" in html
    assert re.search(r"<button[^>]*disabled[^>]*>Next ▶</button>", html)
    assert '<select disabled><option value="p2" selected>Pitfall 2</option></select>' in html  # each option, by its value
    assert "checked" in html and 'class="widget-container widget-box widget-vbox snt-app"' in html


def test_text_is_escaped_where_it_is_not_html():
    html = static_html(W.Button(description="<b>A & B</b>"))
    assert "&lt;b&gt;A &amp; B&lt;/b&gt;" in html


@pytest.mark.parametrize("lesson", list(APP_TITLES))
def test_every_lesson_has_a_preview_with_its_words_and_nothing_that_runs(lesson):
    page = preview(lesson)
    assert page.startswith("<!doctype html>") and f"<title>{APP_TITLES[lesson][0]}" in page
    assert "<script" not in page
    addresses = set(re.findall(r"https?://[\w./-]+", page))
    assert addresses <= {"http://www.w3.org/2000/svg"}  # the SVG namespace only: nothing is fetched
    assert 'class="widget-container widget-box widget-vbox snt-app"' in page
    assert "snt-intro" in page


def test_the_turn_preview_shows_the_first_example_on_its_table():
    page = preview("turn")
    # Amigo fig. 1: the rows start 12, 37, 43 and 58 (scenarios: "amigo-fig1")
    for card in (12, 37, 43, 58):
        assert f'data-card="{card}"' in page
    assert "The example&#x27;s table" in page or "The example's table" in page
    assert page.count("<style>") == len(set(re.findall(r"<style>.*?</style>", page, flags=re.S)))  # each once


@pytest.mark.parametrize("lang", ["cs", "sk", "ro"])
@pytest.mark.parametrize("lesson", list(APP_TITLES))
def test_every_lesson_has_a_preview_in_every_language(lesson, lang):
    page = preview(lesson, lang)
    assert page.startswith("<!doctype html>") and f'<html lang="{lang}">' in page
    assert "<script" not in page and "snt-intro" in page
    assert page != preview(lesson)  # its words are its language's, not English
