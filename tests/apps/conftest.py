"""Fixtures for the app tests: Voilà on a local kernel (test_voila.py) and the built site on a
plain static server as the teacher's guide says (test_hosting.py); helpers are in app_harness.py.

Every server here listens on a free loopback port; every browser context records all its
requests (and WebSockets), blocks any to another origin, and the test fails if one was made.
"""

from __future__ import annotations

import pytest
from app_harness import RequestLog, guarded_context, launch_chromium, load_launch, ws_origin


@pytest.fixture(scope="session")
def playwright():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright):
    b = launch_chromium(playwright)
    yield b
    b.close()


@pytest.fixture(scope="session")
def launch():
    return load_launch()


@pytest.fixture
def open_page(browser):
    """open_page(origin) -> (page, RequestLog); the log has every request of the context and every
    WebSocket the page opened. On teardown, fails on any of them outside `origin`."""
    opened = []

    def make(origin: str):
        log = RequestLog(origin=origin.rstrip("/"))
        context = guarded_context(browser, log.origin, log)
        page = context.new_page()
        page.on("websocket", lambda ws: log.urls.append(ws_origin(ws.url)))
        opened.append((context, log))
        return page, log

    yield make
    for context, _ in opened:
        context.close()
    for _, log in opened:
        off = log.off_origin()
        assert not off, f"requests outside {log.origin}: {off}"
