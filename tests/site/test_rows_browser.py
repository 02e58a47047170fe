"""The picture is the control (issue 23, item 2), in Chromium on the built app: the trainer's row
question and its low card's "which row do you take" are answered by clicking (a laptop, the mouse)
or tapping (a phone, the touch screen) the drawn row — a card inside it, not its label chip — and by
the keyboard alone (Tab, Enter, Space); a drill ("Try it" in the variants lesson) is completed by
the keyboard alone. axe-core finds nothing serious on the trainer's rows and nothing covers a control.

The answers are worked out by hand from the rules (RULES.md): Amigo's table (rows ending 8, 24, 69,
81): 29 goes after 24 (row 2, the smallest difference); 3 is lower than every end, and every row has
1 head, so any row is the advice. The trainer's last documents' question: rows 59 61 (2 heads) ·
66 80 (8) · 90 95 (5) · 40 45 50 53 57 (10), card 29 below every end: row 1 is the advice.
Professional example 1 (the Slovak rulebook): 5 goes left of row 2 (30 is the nearest left end
above it, no right end is below it); then 17 left of row 1 (40 the nearest left end above it)."""

from __future__ import annotations

import pytest
from app_driver import (
    axe_serious,
    controls_covered,
    mouse_click,
    open_app,
    tap,
    tap_until,
    wait_app,
)
from site_harness import screenshot

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
AMIGO = [8, 24, 69, 81]


def row_box(frame, scope: str, i: int):
    """The box of drawn row i (from 0) in a table (``scope``: the trainer's or a drill's)."""
    return frame.locator(f"{scope} .snt-rowpick").nth(i)


def card_in(frame, scope: str, card: int):
    """A card drawn in a row of the table: pressing it presses its row's button."""
    return frame.locator(f'{scope} .snt-rowpick svg[data-card="{card}"]')


def said(frame, part: str) -> str:
    return " ".join(frame.locator(f".snt-app .snt-t{part}").inner_text().split())


def wait_said(frame, part: str, words: str) -> None:
    frame.locator(f".snt-app .snt-t{part}", has_text=words).wait_for(timeout=60_000)


def focused(frame) -> str:
    """The words of the control that has the keyboard's focus in the lesson ("" if none there)."""
    return frame.evaluate("() => { const e = document.activeElement;"
                          " return e && e !== document.body ? e.textContent.trim() : ''; }")


def wait_focus(frame, words: str) -> None:
    """Wait until the control named ``words`` has the focus (Python moves it in its own time)."""
    frame.wait_for_function("(w) => { const e = document.activeElement;"
                            " return e && e !== document.body && e.textContent.trim() === w; }", arg=words,
                            timeout=60_000)


def tab_to(page, frame, words: str, limit: int = 80) -> None:
    """Press Tab until the control named ``words`` has the focus (the keyboard alone)."""
    for _ in range(limit):
        if focused(frame) == words:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {words!r} (last: {focused(frame)!r})")


def test_the_trainer_s_rows_by_mouse_then_by_keyboard(page, site_url):
    page.set_viewport_size(LAPTOP)
    frame = open_app(page, site_url, "lesson=trainer&lang=en")
    table = ".snt-app .snt-ttable"
    frame.locator(f"{table} .snt-rowpick").first.wait_for(state="visible", timeout=60_000)
    # each drawn row holds its cards and the button that answers it, and is a target of 44 px or more
    for i, end in enumerate(AMIGO):
        box = row_box(frame, table, i)
        assert box.locator(f'svg[data-card="{end}"]').count() == 1
        assert " ".join(box.locator("button").inner_text().split()) == f"Row {i + 1} · after {end}"
        assert box.bounding_box()["height"] >= 44
    assert controls_covered(frame) == []
    assert axe_serious(frame) == [], "the trainer with its rows as buttons"
    mouse_click(page, card_in(frame, table, 24))  # the card 24 in row 2, not its chip
    frame.locator(".snt-app .snt-tfeedback .snt-ok").wait_for(timeout=60_000)
    assert "goes after 24 in row 2" in said(frame, "feedback")
    wait_said(frame, "head", "Score: 1 of 1 right")
    # the next question by the keyboard alone: 3 is lower than every end, then a row to take
    wait_focus(frame, "Next example (6 left)")  # the trainer moved the focus there
    page.keyboard.press("Enter")
    wait_said(frame, "prompt", "Where does 3 go?")
    wait_focus(frame, "Row 1 · after 8")  # the first answer: the first drawn row
    tab_to(page, frame, "Lower than every row end — take a row", limit=5)
    page.keyboard.press("Enter")
    wait_said(frame, "prompt", "Which row do you take?")
    wait_focus(frame, "Take row 1 · 1 head")
    page.keyboard.press("Tab")
    assert focused(frame) == "Take row 2 · 1 head"
    # the focus is seen on the whole row: a blue ring drawn round the row's box, not only the chip
    ring = frame.evaluate("() => getComputedStyle(document.activeElement, '::before').boxShadow")
    assert "rgb(31, 95, 209)" in ring, ring
    screenshot(page, "rows-trainer-focus")
    page.keyboard.press("Space")
    wait_said(frame, "feedback", "row 2 has the fewest heads")
    wait_said(frame, "head", "Score: 2 of 2 right")


def settled_controls_covered(frame, seconds: float = 10.0) -> list[str]:
    """``controls_covered`` once the lesson has settled: the question's controls come in more than one
    update, so a control may be covered for a moment while the next is on its way; what is still
    covered after ``seconds`` is what a person meets."""
    covered = controls_covered(frame)
    for _ in range(int(seconds / 0.2)):
        if not covered:
            break
        frame.wait_for_timeout(200)
        covered = controls_covered(frame)
    return covered


def test_a_low_card_s_row_by_mouse_on_the_drawn_row(page, site_url):
    """The last documents' question (card 29 below every end): the row to take clicked on its
    cards; first the dearest row (allowed, not the advice), then, asked again, the advice."""
    page.set_viewport_size(LAPTOP)
    frame = open_app(page, site_url, "lesson=trainer&lang=en")
    table = ".snt-app .snt-ttable"
    nxt = frame.locator(".snt-app .snt-tnext button")
    for left in range(6, 0, -1):  # skip to the last question
        nxt.filter(has_text=f"({left} left)").wait_for(timeout=60_000)
        mouse_click(page, nxt)
    nxt.filter(has_text="New table").wait_for(timeout=60_000)
    card_in(frame, table, 59).wait_for(state="visible", timeout=60_000)  # the last question's table
    mouse_click(page, frame.locator(".snt-app .snt-tanswers button", has_text="Lower than every row end"))
    wait_said(frame, "prompt", "29 takes a row. Which row do you take?")
    assert settled_controls_covered(frame) == []
    mouse_click(page, card_in(frame, table, 50))  # row 4: 10 heads
    wait_said(frame, "feedback", "row 1 has only 2 heads; row 4 cost you 10 heads")
    wait_said(frame, "head", "Score: 0 of 1 right")


@pytest.fixture
def phone(browser, site_url):
    """A phone: 390×844, a touch screen; off-origin requests refused."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(site_url)
                  else route.abort())
    page = context.new_page()
    yield page
    context.close()


def test_the_trainer_s_rows_by_touch_on_a_phone(phone, site_url):
    page = phone
    page.goto(f"{site_url}/app.html#lesson=trainer&lang=en")
    frame = wait_app(page)
    table = ".snt-app .snt-ttable"
    card_in(frame, table, 8).wait_for(state="visible", timeout=60_000)
    assert controls_covered(frame) == []
    tap(page, card_in(frame, table, 8))  # row 1: 8 is below 29, but 24 is nearer
    frame.locator(".snt-app .snt-tfeedback .snt-bad").wait_for(timeout=60_000)
    assert "goes after 24 in row 2" in said(frame, "feedback")
    wait_said(frame, "head", "Score: 0 of 1 right")
    nxt = frame.locator(".snt-app .snt-tnext button")
    nxt.filter(has_text="(6 left)").wait_for(timeout=60_000)
    for left in range(6, 0, -1):  # on to the last documents' question
        after = nxt.filter(has_text=f"({left - 1} left)" if left > 1 else "New table")
        tap_until(page, nxt.filter(has_text=f"({left} left)"), after)
    card_in(frame, table, 59).wait_for(state="visible", timeout=60_000)  # the last question's table
    tap(page, frame.locator(".snt-app .snt-tanswers button", has_text="Lower than every row end"))
    wait_said(frame, "prompt", "Which row do you take?")
    # the prompt is sent before the table's new row buttons are drawn: wait for all four, so the
    # layout has settled before anything is measured (the table grows by their chips)
    frame.wait_for_function("() => [...document.querySelectorAll('.snt-app .snt-ttable button')]"
                            ".filter(b => b.textContent.startsWith('Take row')).length === 4", timeout=60_000)
    page.wait_for_timeout(300)
    assert controls_covered(frame) == []
    screenshot(page, "rows-trainer-phone-take")
    tap(page, card_in(frame, table, 61))  # row 1: 2 heads, the fewest
    wait_said(frame, "feedback", "row 1 has the fewest heads (2 heads)")
    wait_said(frame, "head", "Score: 1 of 2 right")
    assert frame.evaluate("() => document.scrollingElement.scrollWidth") <= PHONE["width"]


def test_a_drill_by_the_keyboard_alone(page, site_url):
    """Professional's "Try it" opened and two questions answered with Tab, Space and Enter only."""
    page.set_viewport_size(LAPTOP)
    frame = open_app(page, site_url, "lesson=variants&pick=professional&lang=en")
    frame.locator(".snt-app .snt-lesson-variants .snt-trytoggle").wait_for(timeout=60_000)
    tab_to(page, frame, "Try it ✎")
    page.keyboard.press("Space")
    drill = frame.locator(".snt-app .snt-drill")
    drill.wait_for(state="visible", timeout=60_000)
    table = ".snt-app .snt-drill .snt-dtable"
    left, right = row_box(frame, table, 1).locator("button").all()
    assert (left.inner_text().strip(), right.inner_text().strip()) == ("Left of row 2 · before 30",
                                                                       "Right of row 2 · after 60")
    tab_to(page, frame, "Left of row 2 · before 30")
    page.keyboard.press("Enter")
    drill.locator(".snt-dfeedback .snt-ok", has_text="Right.").wait_for(timeout=60_000)
    wait_focus(frame, "Next example (4 left)")  # Professional example 1 card by card, then example 2
    page.keyboard.press("Enter")
    # the next card, 17: its first answer (the left of row 1, where 17 goes) has the focus
    frame.locator(".snt-app .snt-drill .snt-say", has_text="Where does 17 go").wait_for(timeout=60_000)
    wait_focus(frame, "Left of row 1 · before 40")
    page.keyboard.press("Space")
    drill.locator(".snt-dfeedback .snt-ok", has_text="Right.").wait_for(timeout=60_000)
    assert drill.locator(".snt-pos").inner_text() == "Score: 2 of 2"
    assert controls_covered(frame) == []


def test_a_drill_s_row_half_by_mouse(page, site_url):
    """The halves of a Professional row: a click on row 2's right-hand card (60) answers "right of
    row 2" (wrong: 60 is above 5, and only a lower right end takes a card on the right)."""
    page.set_viewport_size(LAPTOP)
    frame = open_app(page, site_url, "lesson=variants&pick=professional&lang=en")
    toggle = frame.locator(".snt-app .snt-lesson-variants .snt-trytoggle")
    toggle.wait_for(timeout=60_000)
    mouse_click(page, toggle)
    drill = frame.locator(".snt-app .snt-drill")
    drill.wait_for(state="visible", timeout=60_000)
    table = ".snt-app .snt-drill .snt-dtable"
    mouse_click(page, card_in(frame, table, 60))
    drill.locator(".snt-dfeedback .snt-bad").wait_for(timeout=60_000)
    assert "right" in drill.locator(".snt-dfeedback").inner_text().lower()
    # the answer marked on row 2's right half (its own update: waited for, as the eye waits)
    row_box(frame, table, 1).locator("button.snt-rowbtn-right.snt-chosen").wait_for(timeout=60_000)
