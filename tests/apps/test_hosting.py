"""The built site hosted as docs/teacher-guide.md says: the folder copied elsewhere (a USB stick,
a school server) and served by a plain static server, here the guide's own command
`python3 -m http.server --directory <folder> <port>`. The landing page lists the notebooks, a
notebook opens, runs its Python in the browser and answers a click; the server sends the MIME
types the browser insists on; not one request leaves the origin. Also what the guide says does
not work (opening index.html as a file) and what does (a plain-HTTP school server, no HTTPS).

`make test-hosting` builds the site first; without build/site these tests fail, they never skip.
"""

from __future__ import annotations

import contextlib
import re
import shutil
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from app_harness import Server, free_port, guarded_context
from site_harness import (
    CHROMIUM_ARGS,
    KERNEL_TIMEOUT_MS,
    SITE_DIR,
    RequestLog,
    notebook_paths,
    run_all_cells,
    screenshot,
    wait_for_widget,
)

pytestmark = pytest.mark.browser

SCHOOL_HOST = "classroom.test"  # a name that is not loopback: no secure context, as on a LAN


def guide_server(folder: Path, port: int) -> list[str]:
    """The guide's command for a USB stick / any machine with Python 3 (bound to loopback here)."""
    python = shutil.which("python3") or sys.executable
    return [python, "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(folder), str(port)]


@pytest.fixture(scope="module")
def copied_site(tmp_path_factory) -> Path:
    if not (SITE_DIR / "index.html").is_file():
        pytest.fail(f"no built site in {SITE_DIR}: run `make site` first (make test-hosting does)")
    # The build replaces build/site whole (a new folder renamed into place): if that happens
    # while we copy (someone ran `make site`), copy again.
    for _ in range(3):
        dest = tmp_path_factory.mktemp("stick") / "site"
        try:
            before = SITE_DIR.stat().st_ino
            shutil.copytree(SITE_DIR, dest)
            if SITE_DIR.stat().st_ino == before:
                return dest
        except (OSError, shutil.Error):
            time.sleep(2)
    pytest.fail(f"{SITE_DIR} kept changing while it was copied (a `make site` running?)")


@pytest.fixture(scope="module")
def hosted(copied_site):
    port = free_port()
    server = Server(guide_server(copied_site, port), f"http://127.0.0.1:{port}", port,
                    "http-server", cwd=copied_site.parent)
    server.wait_ready("/")
    yield server
    server.stop()
    assert server.proc.poll() is not None


def failed_loads(log: RequestLog) -> dict[str, int]:
    """Responses >= 400 for anything the app needs (a missing favicon is not that)."""
    return {u: s for u, s in log.statuses.items() if s >= 400 and not re.search(r"\.ico(\?|$)", u)}


def open_and_run_first_notebook(page, base: str, log: RequestLog):
    """As a learner: landing page, first notebook, Run All, a widget, a click that changes it.
    On failure: a screenshot (build/screenshots/hosting-failed.png) and what failed to load."""
    try:
        _open_and_run_first_notebook(page, base)
    except Exception as exc:
        with contextlib.suppress(Exception):
            screenshot(page, "hosting-failed")
        raise AssertionError(f"{exc}\nfailed loads: {failed_loads(log)}\n"
                             f"last requests: {log.urls[-10:]}") from exc


def _open_and_run_first_notebook(page, base: str):
    page.goto(base + "/")
    links = page.locator("ol.notebooks a:visible")
    assert links.count() == len(notebook_paths()), page.inner_text("body")
    links.first.click()
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    run_all_cells(page)
    wait_for_widget(page)
    button = page.locator(".jp-OutputArea button.jupyter-button:visible").first
    if button.count():
        text = "() => [...document.querySelectorAll('.jp-OutputArea')].map(e => e.innerText).join('|')"
        before = page.evaluate(text)
        button.click()
        page.wait_for_function(f"before => ({text})() !== before", arg=before, timeout=30_000)


def test_served_mime_types(hosted, copied_site):
    """What a browser refuses otherwise: module scripts must come as JavaScript, and WebAssembly
    streams only as application/wasm."""
    wanted = {".mjs": r"^(text|application)/javascript", ".js": r"^(text|application)/javascript",
              ".wasm": r"^application/wasm", ".json": r"^application/json"}
    for ext, pattern in wanted.items():
        sample = next(copied_site.rglob(f"*{ext}"), None)
        assert sample is not None, f"the site has no {ext} file"
        url = f"{hosted.url}/{sample.relative_to(copied_site).as_posix()}"
        with urllib.request.urlopen(urllib.request.Request(url, method="HEAD"), timeout=10) as r:
            assert re.match(pattern, r.headers["Content-Type"]), (url, r.headers["Content-Type"])


def test_landing_and_a_notebook_on_a_plain_static_server(hosted, open_page):
    page, log = open_page(hosted.url)
    t0 = time.monotonic()
    open_and_run_first_notebook(page, hosted.url, log)
    screenshot(page, "hosting-http-server")
    assert not failed_loads(log), failed_loads(log)
    assert log.saw(r"pyodide\.asm\.wasm"), "Pyodide never loaded"
    assert time.monotonic() - t0 < KERNEL_TIMEOUT_MS / 1000


@pytest.fixture(scope="module")
def school_browser(playwright):
    """Chromium that resolves SCHOOL_HOST to this machine (and nothing else but loopback)."""
    args = [a for a in CHROMIUM_ARGS if not a.startswith("--host-resolver-rules")]
    args.append(f"--host-resolver-rules=MAP {SCHOOL_HOST} 127.0.0.1, MAP * ~NOTFOUND, "
                "EXCLUDE 127.0.0.1, EXCLUDE localhost")
    args.append(f"--proxy-bypass-list={SCHOOL_HOST}")  # only it skips the harness's dead-end proxy
    b = playwright.chromium.launch(executable_path=shutil.which("chromium"), headless=True,
                                   args=args)
    yield b
    b.close()


def test_a_school_server_without_https_works(hosted, school_browser):
    """On the school's network the site is reached by a name or address that is not loopback,
    often over plain HTTP: no secure context, so no service worker. It must work all the same."""
    base = f"http://{SCHOOL_HOST}:{hosted.port}"
    log = RequestLog(origin=base)
    context = guarded_context(school_browser, base, log)
    try:
        page = context.new_page()
        page.goto(base + "/")
        assert page.evaluate("window.isSecureContext") is False
        open_and_run_first_notebook(page, base, log)
    finally:
        context.close()
    assert not log.off_origin(), log.off_origin()
    assert not failed_loads(log), failed_loads(log)


def test_opening_the_folder_as_files_does_not_work(copied_site, browser):
    """What the guide warns about: a double-click on index.html (file://) shows the landing page,
    but no notebook opens (the browser refuses the app's scripts and data from files)."""
    log = RequestLog(origin="file://")
    context = browser.new_context()  # no route guard: interception does not take file:// URLs
    context.on("request", log.record)
    errors = []
    try:
        page = context.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto((copied_site / "index.html").as_uri())
        assert page.locator("ol.notebooks a:visible").count() == len(notebook_paths())
        nb = (copied_site / "notebooks" / "index.html").as_uri() + "?path=" + notebook_paths()[0]
        page.goto(nb)
        refused = re.compile(r"CORS|Cross origin")
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not any(refused.search(e) for e in errors):
            page.wait_for_timeout(250)
        assert any(refused.search(e) for e in errors), errors
        page.wait_for_timeout(2000)
        assert page.locator(".jp-Notebook .jp-Cell").count() == 0
    finally:
        context.close()
    assert not log.off_origin(), log.off_origin()


def test_guide_gives_these_commands():
    guide = (Path(__file__).resolve().parents[2] / "docs" / "teacher-guide.md").read_text()
    assert "python3 -m http.server" in guide and "--directory" in guide
    assert "make voila" in guide and "file://" in guide
