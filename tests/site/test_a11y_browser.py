"""Details a keyboard or screen-reader user meets (issue 23, item 7), in the built app in Chromium:
no control carries the tooltip "null", and a text box shows where the keyboard is. One app page
(``live``) is shared: each test reaches its lesson by its link."""

from __future__ import annotations

import pytest
from app_driver import go

pytestmark = pytest.mark.browser

LESSONS = ("cards", "turn", "trainer", "hand", "variants", "play", "table")


@pytest.mark.parametrize("key", LESSONS)
def test_no_control_carries_the_tooltip_null(live, key):
    """ipywidgets writes a tooltip of None into its labels' title attribute as the word "null"."""
    frame = go(live, f"lesson={key}&lang=cs")
    counts = frame.evaluate("""() => [document.querySelectorAll('.snt-app [title]').length,
        [...document.querySelectorAll('[title]')].filter(e => e.getAttribute('title') === 'null')
            .map(e => e.outerHTML.slice(0, 80))]""")
    assert counts[0] > 0  # titles there are (the buttons' tips)
    assert counts[1] == []


def test_a_text_box_shows_a_focus_ring(live):
    frame = go(live, "lesson=table&lang=en")
    box = frame.locator(".snt-editor .snt-edform input[type=text]").first
    box.focus()
    ring = frame.evaluate("""() => { const s = getComputedStyle(document.activeElement);
        return [document.activeElement.type, s.outlineStyle, parseFloat(s.outlineWidth)]; }""")
    assert ring[0] == "text" and ring[1] == "solid" and ring[2] >= 2, ring
    select = frame.locator(".snt-editor .snt-edform select").first
    select.focus()
    ring = frame.evaluate("() => { const s = getComputedStyle(document.activeElement); return [s.outlineStyle, parseFloat(s.outlineWidth)]; }")
    assert ring[0] == "solid" and ring[1] >= 2, ring


@pytest.mark.parametrize("key", ["play", "cards"])
def test_every_control_reached_by_tab_shows_a_focus_ring(live, key):
    """Tab through the lesson's first 12 controls: each shows an outline of at least 2 px."""
    page = live
    frame = go(live, f"lesson={key}&lang=en")
    first = frame.locator(".snt-app button:not([disabled]), .snt-app input, .snt-app select, "
                          ".snt-app .noUi-handle").first
    first.focus()
    seen = []
    for _ in range(12):
        ring = frame.evaluate("""() => { const e = document.activeElement; const s = getComputedStyle(e);
            return [e.tagName + '.' + e.className.toString().slice(0, 40), s.outlineStyle, parseFloat(s.outlineWidth)]; }""")
        if ring[0].startswith("BODY"):
            break
        seen.append(ring)
        page.keyboard.press("Tab")
    assert len(seen) >= 3
    assert [r for r in seen if r[1] in ("none", "") or r[2] < 2] == [], seen
