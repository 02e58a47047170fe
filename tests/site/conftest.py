"""Fixtures for browser tests of the built site; helpers are in site_harness.py and app_driver.py
beside this (what the benchmark shares with them is in tools/site/bench_browser.py); the build
tools (tools/site) are put on sys.path here.

`site_dir` (the built folder), `site_url` (served on 127.0.0.1 by the very server `make serve`
uses), `browser` (Debian's Chromium, headless, via Playwright), `page` (a fresh context per test,
cold cache and empty storage, whose every request, workers' included, is recorded; a request to
another origin is blocked and fails the test) and `requests_seen` (that record).

`live_app`: one app page whose Python has started, shared by the tests of a module where the start
is not what they test (a cold start costs seconds of CPU, a lesson reached by its link a fraction of
one); each test reaches its lesson by the address with `go(live_app, "lesson=…&lang=…")`, as a
learner's link or the lesson list would. Tests of the start itself, of a reload, of what is stored
or of a first visit keep `page`.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parents[2] / "tools" / "site"
if str(TOOLS) not in sys.path:
    sys.path.insert(0, str(TOOLS))

from site_harness import (  # noqa: E402
    SITE_DIR,
    VIEWPORT,
    RequestLog,
    error_outputs,
    launch_chromium,
    recorded_context,
)


@pytest.fixture(scope="session")
def site_dir() -> Path:
    if not (SITE_DIR / "index.html").is_file():
        pytest.fail(f"no built site in {SITE_DIR}: run `make site` first")
    return SITE_DIR


@pytest.fixture(scope="session")
def site_url(site_dir):
    import serve

    with serve.Background(site_dir) as url:
        yield url.rstrip("/")


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = launch_chromium(pw)
        yield b
        b.close()


@pytest.fixture
def requests_seen(site_url) -> RequestLog:
    return RequestLog(origin=site_url)


@pytest.fixture
def page(browser, site_url, requests_seen):
    """A page in a fresh context (cold cache, empty storage) that records every request,
    the kernel worker's and the service worker's included, and blocks off-origin ones."""
    context = recorded_context(browser, requests_seen)
    pg = context.new_page()
    yield pg
    context.close()
    off = requests_seen.off_origin()
    assert not off, f"requests outside {site_url}: {off}"


@pytest.fixture(scope="module")
def live_app(browser, site_url):
    """One app page of a fresh context, Python started, shared by a module's tests (see above);
    after each test the screen is the laptop's again and no error is shown."""
    from app_driver import open_app

    log = RequestLog(origin=site_url)
    context = recorded_context(browser, log)
    pg = context.new_page()
    open_app(pg, site_url, "lesson=cards&lang=en")
    yield pg
    context.close()
    assert not log.off_origin(), f"requests outside {site_url}: {log.off_origin()}"


@pytest.fixture
def live(live_app):
    """``live_app`` for one test: the laptop's screen restored and no error output left behind."""
    yield live_app
    live_app.set_viewport_size(VIEWPORT)
    assert error_outputs(live_app) == []
