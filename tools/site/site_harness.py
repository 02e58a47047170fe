"""Driving the built site in headless Chromium, shared by the browser tests (tests/site, whose
fixtures are in conftest.py there; tests/apps) and the benchmark (bench.py beside this). It lives
with the tools so that the benchmark imports nothing from tests/.

`launch_chromium`, `RequestLog`, `open_notebook(page, site_url, path)`, `run_all_cells(page)`,
`wait_for_idle_cells(page)`, `wait_for_widget(page)`, `error_outputs(page)`,
`screenshot(page, name)`, `notebook_paths()`.
"""

from __future__ import annotations

import os
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]

SITE_DIR = Path(os.environ.get("SIXNIMMT_SITE_DIR", ROOT / "build" / "site"))
SCREENSHOTS = Path(os.environ.get("SIXNIMMT_SCREENSHOTS", ROOT / "build" / "screenshots"))
NOTEBOOKS = ROOT / "notebooks"

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
# Generous: the first Pyodide start in a cold browser takes seconds, more on a busy CI machine.
# From a page's (or frame's) first script on: the Content-Security-Policy's violations, as the page
# sees them (read back as window.__csp by the security and class pages' tests).
CSP_WATCH = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', e => window.__csp.push(
  {directive: e.effectiveDirective, blocked: e.blockedURI, source: e.sourceFile, line: e.lineNumber}));
"""
VIEWPORT = {"width": 1280, "height": 900}  # a laptop's window: every fresh context's screen
KERNEL_TIMEOUT_MS = int(os.environ.get("SIXNIMMT_KERNEL_TIMEOUT_MS", "120000"))
WIDGET = ".jupyter-widgets:not(.jp-OutputArea-output)"


def launch_chromium(playwright):
    """Debian's Chromium under Playwright (never a browser Playwright downloads)."""
    exe = shutil.which("chromium")
    if exe is None:
        raise RuntimeError("chromium is not on PATH: run `make browser-deps` (apt-get install chromium)")
    return playwright.chromium.launch(executable_path=exe, headless=True, args=CHROMIUM_ARGS)


@dataclass
class RequestLog:
    """Every request a browser context made, and which of them left the site's origin."""

    origin: str
    urls: list[str] = field(default_factory=list)
    statuses: dict[str, int] = field(default_factory=dict)

    def record(self, request) -> None:
        self.urls.append(request.url)

    def record_response(self, response) -> None:
        self.statuses[response.url] = response.status

    def off_origin(self) -> list[str]:
        return [u for u in self.urls if not same_origin(u, self.origin)]

    def saw(self, pattern: str) -> bool:
        return any(re.search(pattern, u) for u in self.urls)


def same_origin(url: str, origin: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about"):
        return True  # in-memory, never on the network
    return f"{parts.scheme}://{parts.netloc}" == origin


def recorded_context(browser, log: RequestLog, block: bool = True, **options):
    """A fresh browser context (cold cache, empty storage) whose every request, the kernel
    worker's and the service worker's included, goes into `log`; off-origin ones are aborted.
    ``options`` go to the context (a phone's viewport and touch screen)."""
    context = browser.new_context(**{"viewport": VIEWPORT, **options})
    context.on("request", log.record)
    context.on("response", log.record_response)

    def guard(route):
        if same_origin(route.request.url, log.origin):
            route.continue_()
        else:
            route.abort()

    if block:
        context.route("**/*", guard)
    return context


def notebook_paths() -> list[str]:
    return sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))


def open_notebook(page, site_url: str, path: str):
    """Open a notebook in the Notebook view (the landing page's deep link) and wait for cells."""
    page.goto(f"{site_url}/notebooks/?path={path}")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    return page


def run_all_cells(page) -> None:
    """Run → Run All Cells, through the menu, as a learner would."""
    page.locator(".lm-MenuBar-item", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-item:visible", has_text="Run All Cells").first.click()


def wait_for_idle_cells(page, timeout_ms: int = KERNEL_TIMEOUT_MS) -> None:
    """Wait until every code cell shows an execution count ([n]), i.e. has run."""
    page.wait_for_function(
        """() => {
            const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')];
            return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
        }""",
        timeout=timeout_ms,
    )


def wait_for_widget(page, selector: str = WIDGET, timeout_ms: int = KERNEL_TIMEOUT_MS):
    """Wait for a rendered ipywidgets view (not the kernel's status label) and return it."""
    widget = page.locator(selector).first
    widget.wait_for(state="visible", timeout=timeout_ms)
    return widget


def error_outputs(page) -> list[str]:
    """Texts of error/stderr outputs and of widget views that failed to render."""
    return page.evaluate(
        """() => [...document.querySelectorAll(
                '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"],'
                + ' .jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"],'
                + ' .jupyter-widgets .widget-error, .jp-RenderedJavaScript.jp-mod-error')]
            .map(e => e.innerText.trim())"""
    )


def screenshot(page, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
