"""Chromium as the benchmarks drive it (bench.py, pyodide_browser.py): Debian's Chromium under
Playwright, kept on loopback, and the few steps a benchmark takes in the built site. The browser
tests build on these (tests/site/site_harness.py, app_driver.py); tools never import from tests/.

`launch_chromium(playwright)`, `same_origin(url, origin)`, `open_notebook(page, site_url, path)`,
`run_all_cells(page)`, `wait_for_widget(page)`, `wait_app(page)`, `lesson(page)`,
`mouse_click(page, locator)`.
"""

from __future__ import annotations

import os
import re
import shutil
from urllib.parse import urlsplit

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # Belt and braces: no name resolves but loopback, and anything not on loopback (an IP
    # literal too) goes to a proxy that is not there, so nothing leaves this machine even if
    # the site asked for it (the request is still recorded and fails the test). Chromium never
    # sends loopback through a proxy.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
    "--proxy-server=http://127.0.0.1:9",
]
VIEWPORT = {"width": 1280, "height": 900}  # a laptop's window: every fresh context's screen
# Generous: the first Pyodide start in a cold browser takes seconds, more on a busy CI machine.
KERNEL_TIMEOUT_MS = int(os.environ.get("SIXNIMMT_KERNEL_TIMEOUT_MS", "120000"))
WIDGET = ".jupyter-widgets:not(.jp-OutputArea-output)"


def launch_chromium(playwright):
    """Debian's Chromium under Playwright (never a browser Playwright downloads)."""
    exe = shutil.which("chromium")
    if exe is None:
        raise RuntimeError("chromium is not on PATH: run `make browser-deps` (apt-get install chromium)")
    return playwright.chromium.launch(executable_path=exe, headless=True, args=CHROMIUM_ARGS)


def same_origin(url: str, origin: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about"):
        return True  # in-memory, never on the network
    return f"{parts.scheme}://{parts.netloc}" == origin


def open_notebook(page, site_url: str, path: str):
    """Open a notebook in the Notebook view (the landing page's deep link) and wait for cells."""
    page.goto(f"{site_url}/notebooks/?path={path}")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    return page


def run_all_cells(page) -> None:
    """Run → Run All Cells, through the menu, as a learner would."""
    page.locator(".lm-MenuBar-item", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-item:visible", has_text="Run All Cells").first.click()


def wait_for_widget(page, selector: str = WIDGET, timeout_ms: int = KERNEL_TIMEOUT_MS):
    """Wait for a rendered ipywidgets view (not the kernel's status label) and return it."""
    widget = page.locator(selector).first
    widget.wait_for(state="visible", timeout=timeout_ms)
    return widget


def wait_app(page):
    """Wait, on the app page already open (or just reloaded), until its lesson is live."""
    page.locator("#starting").wait_for(state="hidden", timeout=KERNEL_TIMEOUT_MS)
    page.wait_for_function("() => document.documentElement.dataset.python === 'ready'", timeout=30_000)
    frame = lesson(page)
    frame.locator(".snt-app").wait_for(state="visible", timeout=60_000)  # drawn, not only started
    return frame


def lesson(page):
    """The lesson frame (apps/live.html inside the app page: the live lessons; before 2026-12-08, a
    JupyterLite REPL: the benchmark compares with builds of then)."""
    for f in page.frames:
        if "/apps/live.html" in f.url or "/repl/" in f.url:
            return f
    raise AssertionError("the app page has no lesson frame")


def aim(page, locator) -> dict:
    """Where a person presses: the element's centre once it is in view, enabled and no longer moving
    (Python redraws a lesson in its own time; a press at the place an element is leaving meets nothing)."""
    locator.scroll_into_view_if_needed()
    box = None
    for _ in range(40):
        page.wait_for_timeout(50)
        now = locator.bounding_box()
        if now is not None and now == box and locator.is_enabled():
            break
        box = now
    assert box, "the element is not drawn"
    return box


def mouse_click(page, locator) -> None:
    """Scroll the element into view if a person would have to, then click its centre with the mouse."""
    box = aim(page, locator)
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
