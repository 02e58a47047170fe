"""Driving the built site in headless Chromium: the browser tests' harness (tests/site, whose
fixtures are in conftest.py here; tests/apps). Chromium itself and the steps the benchmarks share
come from tools/site/bench_browser.py (put on sys.path here, with the build tools); they are named
here too, so that a test imports every helper from one place.

`launch_chromium`, `RequestLog`, `recorded_context(browser, log)`, `open_notebook(page, site_url, path)`,
`run_all_cells(page)`, `wait_for_idle_cells(page)`, `wait_for_widget(page)`, `error_outputs(page)`,
`screenshot(page, name)`, `notebook_paths()`.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ROOT / "tools" / "site"
if str(TOOLS) not in sys.path:
    sys.path.insert(0, str(TOOLS))

from bench_browser import CHROMIUM_ARGS as CHROMIUM_ARGS  # noqa: E402
from bench_browser import KERNEL_TIMEOUT_MS as KERNEL_TIMEOUT_MS  # noqa: E402
from bench_browser import VIEWPORT as VIEWPORT  # noqa: E402
from bench_browser import WIDGET as WIDGET  # noqa: E402
from bench_browser import launch_chromium as launch_chromium  # noqa: E402
from bench_browser import open_notebook as open_notebook  # noqa: E402
from bench_browser import run_all_cells as run_all_cells  # noqa: E402
from bench_browser import same_origin as same_origin  # noqa: E402
from bench_browser import wait_for_widget as wait_for_widget  # noqa: E402

SITE_DIR = Path(os.environ.get("SIXNIMMT_SITE_DIR", ROOT / "build" / "site"))
SCREENSHOTS = Path(os.environ.get("SIXNIMMT_SCREENSHOTS", ROOT / "build" / "screenshots"))
NOTEBOOKS = ROOT / "notebooks"

# From a page's (or frame's) first script on: the Content-Security-Policy's violations, as the page
# sees them (read back as window.__csp by the security and class pages' tests).
CSP_WATCH = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', e => window.__csp.push(
  {directive: e.effectiveDirective, blocked: e.blockedURI, source: e.sourceFile, line: e.lineNumber}));
"""


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


def wait_for_idle_cells(page, timeout_ms: int = KERNEL_TIMEOUT_MS) -> None:
    """Wait until every code cell shows an execution count ([n]), i.e. has run."""
    page.wait_for_function(
        """() => {
            const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')];
            return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
        }""",
        timeout=timeout_ms,
    )


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
