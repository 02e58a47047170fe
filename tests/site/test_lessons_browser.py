"""The teaching widgets used as a person would, in the built site in Chromium: step a turn forward
and back, answer the trainer right and wrong, play a whole hand against bots by clicking only."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from site_harness import error_outputs, open_notebook, run_all_cells, screenshot, wait_for_widget

pytestmark = pytest.mark.browser


def first_stepper(page):
    return page.locator(".snt-w", has=page.locator(".widget-button", has_text="Next ▶")).first


def test_stepper_goes_forward_and_really_back(page, site_url):
    open_notebook(page, site_url, "02_one_turn.ipynb")
    run_all_cells(page)
    wait_for_widget(page, ".widget-button:has-text('Next ▶')")
    stepper = first_stepper(page)
    position = stepper.locator(".snt-pos").first
    row_1 = stepper.locator("[aria-label^='row 1:']").first
    next_step = stepper.locator(".widget-button", has_text="Next ▶")

    def at_step(n):  # the position text is redrawn on every step: wait on the locator, not an element
        expect(position).to_contain_text(f"step {n} of", timeout=60_000)

    assert re.search(r"step 1 of \d+", position.inner_text())
    # the example starts on its own table (Amigo fig. 1: rows start 12, 37, 43, 58)
    assert "example's table" in stepper.locator(".snt-say").first.inner_text()
    assert row_1.get_attribute("aria-label").startswith("row 1: 12 —")
    first = stepper.locator(".snt-table").first.inner_html()
    step = 1
    while not row_1.get_attribute("aria-label").startswith("row 1: 12, 14 "):  # until 14 is placed
        next_step.click()
        step += 1
        at_step(step)
        assert step < 12, "14 was never placed after 12"
    stepper.locator(".widget-button", has_text="◀ Back").click()
    at_step(step - 1)
    assert row_1.get_attribute("aria-label").startswith("row 1: 12 —")  # Back really goes back
    stepper.locator(".widget-button", has_text="|◀ Restart").click()
    at_step(1)
    assert stepper.locator(".snt-table").first.inner_html() == first
    screenshot(page, "lesson-stepper")
    assert error_outputs(page) == []


def test_trainer_right_and_wrong_answers(page, site_url):
    open_notebook(page, site_url, "03_where_does_my_card_go.ipynb")
    run_all_cells(page)
    right = wait_for_widget(page, ".widget-button:has-text('Row 2 · after 24')")
    right.click()  # 29 on rows ending 8, 24, 69, 81
    feedback = page.locator(".snt-ok", has_text="Right.")
    feedback.wait_for(timeout=60_000)
    assert "29 goes after 24 in row 2" in feedback.inner_text()
    assert "Score: 1 of 1" in page.locator(".snt-pos", has_text="Score").inner_text()
    page.locator(".widget-button", has_text="Next example").click()
    wrong = page.locator(".widget-button", has_text="Row 1 · after 8")
    wrong.wait_for(timeout=60_000)
    wrong.click()  # 3 is lower than every row end: no row is right
    bad = page.locator(".snt-bad", has_text="Not quite.")
    bad.wait_for(timeout=60_000)
    assert "lower than every row end" in bad.inner_text()
    page.locator(".widget-button", has_text="Take row 1").click()
    page.locator(".snt-ok", has_text="Any row is allowed").wait_for(timeout=60_000)
    assert "Score: 1 of 2" in page.locator(".snt-pos", has_text="Score").inner_text()
    screenshot(page, "lesson-trainer")
    assert error_outputs(page) == []


def test_play_a_whole_hand_by_clicking_only(page, site_url):
    open_notebook(page, site_url, "06_play.ipynb")
    run_all_cells(page)
    wait_for_widget(page, ".snt-card-btn")
    table = page.locator(".snt-w", has=page.locator(".widget-button", has_text="New game")).first
    over = table.locator("[role=status]", has_text="The game is over.")
    for _ in range(80):  # ten cards, a few rows to take: far fewer clicks than this
        if over.count():
            break
        choice = table.locator(".snt-card-btn:not([disabled]), .widget-button:has-text('Take row')").first
        choice.wait_for(timeout=60_000)
        clicked = choice.element_handle()
        clicked.click()
        # each decision replaces its buttons: wait until the clicked one is gone
        page.wait_for_function("(el) => !el.isConnected", arg=clicked, timeout=60_000)
    assert over.count() == 1
    assert re.search(r"heads", table.inner_text())
    screenshot(page, "lesson-play")
    assert error_outputs(page) == []
