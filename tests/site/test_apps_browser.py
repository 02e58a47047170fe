"""The code-free app pages of the static site, offline: a curtain while Python starts, then only
words and widgets — no code anywhere — that answer clicks, and no request off the site's origin
(the `page` fixture fails the test on any)."""

from __future__ import annotations

import pytest
from site_harness import KERNEL_TIMEOUT_MS, error_outputs, screenshot

from sixnimmt_core.teach import APP_TITLES

pytestmark = pytest.mark.browser

WIDGET = ".jupyter-widgets:not(.jp-OutputArea-output)"


def open_app(page, site_url, name):
    """Follow the landing page's link to an app, as a learner would; return the lesson's frame."""
    page.goto(site_url + "/")
    page.locator("ol.apps a", has_text=APP_TITLES[name][0]).click()
    page.wait_for_url(f"**/apps/{name}.html")
    curtain = page.locator("#starting")
    assert "Starting Python in your browser" in curtain.inner_text()
    frame = page.frame_locator("iframe#app")
    frame.locator(WIDGET).first.wait_for(state="visible", timeout=KERNEL_TIMEOUT_MS)
    curtain.wait_for(state="hidden", timeout=15_000)  # the curtain lifts by itself
    return frame


def visible_code(frame) -> list[str]:
    """Texts of every visible code editor or input area in the lesson's frame."""
    return frame.locator(".jp-InputArea, .jp-CodeConsole-promptCell, .cm-editor").evaluate_all(
        "els => els.filter(e => e.offsetParent !== null).map(e => e.innerText)")


def test_landing_offers_apps_and_notebooks(page, site_url):
    page.goto(site_url + "/")
    apps = page.locator("ol.apps a")
    assert apps.count() == len(APP_TITLES)
    assert [apps.nth(i).inner_text() for i in range(apps.count())] == [t for t, _ in APP_TITLES.values()]
    assert page.locator("ol.notebooks a").count() >= 6
    text = page.inner_text("body")
    assert "Just use it" in text and "Look inside" in text


@pytest.mark.parametrize("name", list(APP_TITLES))
def test_app_shows_only_words_and_widgets(page, site_url, name):
    frame = open_app(page, site_url, name)
    assert visible_code(frame) == []
    body = frame.locator("body").inner_text()
    assert "sixnimmt_core" not in body and "import" not in body  # the line that builds the app stays hidden
    assert APP_TITLES[name][0] in body
    button = frame.locator(".widget-button:not([disabled])").first
    before = frame.locator(".jp-OutputArea").first.inner_text()
    button.click()
    frame.locator(".jp-OutputArea").first.evaluate(
        "(el, before) => new Promise((ok, no) => { const t = Date.now(); (function poll() {"
        " if (el.innerText !== before) ok(); else if (Date.now() - t > 15000) no('no change');"
        " else setTimeout(poll, 100); })(); })", before)
    assert frame.locator('[data-mime-type="application/vnd.jupyter.error"]').count() == 0
    screenshot(page, f"app-{name}")
    assert error_outputs(page) == []
