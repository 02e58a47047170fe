"""Fixtures for browser tests of the built site; helpers are in tools/site/site_harness.py and
tools/site/app_driver.py (shared with the benchmark), put on sys.path here with the build tools.

`site_dir` (the built folder), `site_url` (served on 127.0.0.1 by the very server `make serve`
uses), `browser` (Debian's Chromium, headless, via Playwright), `page` (a fresh context per test,
cold cache and empty storage, whose every request, workers' included, is recorded; a request to
another origin is blocked and fails the test) and `requests_seen` (that record).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parents[2] / "tools" / "site"
if str(TOOLS) not in sys.path:
    sys.path.insert(0, str(TOOLS))

from site_harness import SITE_DIR, RequestLog, launch_chromium, recorded_context  # noqa: E402


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
