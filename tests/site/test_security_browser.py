"""No link runs code, and the Content-Security-Policy holds, in Chromium against the built site
(docs/site.md, "Security"): no JupyterLite page that runs a link's code is shipped, a code= beside
the live lessons' start never runs, start data outside base64url (or of the wrong shape) starts nothing, an inline event handler in a page or in the lesson frame does not
run, and a normal start and a lesson step report no violation of the policy."""

from __future__ import annotations

import base64
import json
import secrets
import time
from urllib.parse import quote

import pytest
from app_driver import lesson, mouse_click, open_app, wait_step
from site_harness import CSP_WATCH, KERNEL_TIMEOUT_MS

pytestmark = pytest.mark.browser

LIVE = "apps/live.html"


@pytest.fixture
def watched(page):
    """The `page`, its every frame reporting policy violations (``violations(page)``) and its console's
    messages about the policy kept in ``page.csp_console``."""
    page.context.add_init_script(CSP_WATCH)
    page.csp_console = []
    page.on("console", lambda m: page.csp_console.append(m.text)
            if "Content Security Policy" in m.text else None)
    return page


def violations(page) -> list[dict]:
    found = []
    for f in page.frames:
        if f.url.startswith("http"):
            found += [{**v, "frame": f.url.split("?")[0]} for v in f.evaluate("window.__csp || []")]
    return found


def encoded(route: str = "lesson=cards&lang=en", channel: str = "sixnimmt-test1", page: str = "") -> str:
    raw = json.dumps([route, channel, page]).encode("utf-8")
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def marker_code() -> tuple[str, str]:
    """Python that prints a fresh marker, and the marker (never written whole in the code)."""
    a, b = "pwned" + secrets.token_hex(4), secrets.token_hex(4)
    return f'print("{a}" + "{b}")', a + b


@pytest.mark.parametrize("address", ["repl/index.html?kernel=python&code={code}", "repl/index.html#code={code}",
                                     "lab/index.html?code={code}", "consoles/index.html?code={code}"])
def test_no_jupyterlite_page_that_runs_a_links_code_is_shipped(page, site_url, address):
    """JupyterLite's REPL runs a link's code= (and its Lab and consoles open one): none is in the site."""
    code, _ = marker_code()
    response = page.goto(f"{site_url}/" + address.format(code=quote(code)))
    assert response is not None and response.status == 404


@pytest.mark.parametrize("address", ["notebooks/index.html?path=01_cards.ipynb&code={code}", "tree/index.html?code={code}"])
def test_the_notebooks_pages_run_no_code_from_a_link(page, site_url, address):
    code, marker = marker_code()
    page.goto(f"{site_url}/" + address.format(code=quote(code)))
    page.locator(".jp-Notebook, .jp-DirListing").first.wait_for(state="visible", timeout=KERNEL_TIMEOUT_MS)
    time.sleep(5)  # a plugin that ran the link's code would have by now
    assert marker not in page.evaluate("document.body.innerText")


@pytest.mark.parametrize("where", ["query", "fragment"])
def test_code_in_a_link_to_the_live_lessons_runs_none_of_it(page, site_url, where):
    """code= beside the app's own start: the start runs (Python works), the link's code never does."""
    code, marker = marker_code()
    if where == "query":
        url = f"{site_url}/{LIVE}?code={quote(code)}#{encoded()}"
    else:
        url = f"{site_url}/{LIVE}#{encoded()}&code={quote(code)}"
    page.goto(url)
    if where == "query":
        page.locator(".snt-app").wait_for(state="visible", timeout=KERNEL_TIMEOUT_MS)  # Python ran the start
    else:  # the fragment is the start data: with more after it, it is not base64url and starts nothing
        page.wait_for_function("() => document.body.dataset.failed === 'ValueError'", timeout=KERNEL_TIMEOUT_MS)
        assert page.locator(".snt-app").count() == 0
    time.sleep(3)  # code injected after the start would have run by now
    assert marker not in page.evaluate("document.body.innerText")


@pytest.mark.parametrize("data", [
    'abc");print("x',  # a quote
    "abc\\x22", "abc def", "abc+/=",  # a backslash, a space, base64's own + / =
    "x" * 4097,  # too long
])
def test_start_data_outside_base64url_runs_nothing(page, site_url, data):
    """Python refuses the start data (start_encoded raises ValueError) and draws nothing."""
    page.goto(f"{site_url}/{LIVE}#{quote(data)}")
    page.wait_for_function("() => document.body.dataset.failed === 'ValueError'", timeout=KERNEL_TIMEOUT_MS)
    assert page.locator(".snt-app").count() == 0
    assert "x" * 50 not in page.evaluate("document.body.innerText")


def test_base64url_that_is_not_the_app_pages_start_starts_nothing(page, site_url):
    """Good characters, wrong shape ([route, channel] only): Python refuses (start_encoded raises
    ValueError; tests/test_start_encoded.py), no app is drawn."""
    wrong = base64.urlsafe_b64encode(json.dumps(["lesson=cards", "sixnimmt-x1"]).encode()).decode().rstrip("=")
    page.goto(f"{site_url}/{LIVE}#{wrong}")
    page.wait_for_function("() => document.body.dataset.failed === 'ValueError'", timeout=KERNEL_TIMEOUT_MS)
    time.sleep(1)
    assert page.locator(".snt-app").count() == 0


HANDLER = """() => new Promise(done => {
    document.addEventListener('securitypolicyviolation', e => done(e.effectiveDirective), {once: true});
    document.body.insertAdjacentHTML('beforeend', '<img src="x" onerror="document.title = \\'pwned\\'">');
    setTimeout(() => done(null), 5000);
})"""


def assert_handler_blocked(frame) -> None:
    directive = frame.evaluate(HANDLER)
    time.sleep(0.5)
    assert frame.evaluate("document.title") != "pwned"
    assert directive == "script-src-attr"  # the policy blocked it, not chance


def test_an_inline_handler_runs_nowhere(watched, site_url):
    """Markup with onerror= put into the lesson frame (where widgets draw), the app page and the
    landing page: the policy blocks the handler and says so."""
    page = watched
    frame = open_app(page, site_url)
    assert_handler_blocked(lesson(page))
    assert_handler_blocked(page.main_frame)
    assert {v["directive"] for v in violations(page)} == {"script-src-attr"}  # the watch sees them too
    page.goto(f"{site_url}/index.html")
    assert_handler_blocked(page.main_frame)
    assert frame is not None


def test_the_policy_breaks_nothing_in_a_start_and_a_step(watched, site_url):
    page = watched
    frame = open_app(page, site_url, "lesson=turn&lang=en")
    wait_step(frame, 1)
    mouse_click(page, frame.locator(".snt-app .snt-stepper .snt-next").first)
    wait_step(frame, 2)
    page.goto(f"{site_url}/index.html")
    page.locator("h1").first.wait_for(state="visible")
    page.goto(f"{site_url}/teacher.html")
    page.locator("#print").wait_for(state="visible")
    time.sleep(1)
    assert violations(page) == []
    assert page.csp_console == []


def test_the_page_sends_its_start_as_base64url(page, site_url):
    """The app page's frame is the live page with the start data after its #, and nothing else."""
    open_app(page, site_url, "lesson=hand&lang=cs")
    src = page.locator("#app").get_attribute("src")
    assert src.startswith(LIVE + "#") and "?" not in src
    data = src.split("#", 1)[1]
    route, channel, address = json.loads(base64.urlsafe_b64decode(data + "=" * (-len(data) % 4)))
    # the address as the page opened (Python starts with the page) …
    assert route == "lesson=hand&lang=cs" and channel.startswith("sixnimmt-")
    assert address == f"{site_url}/app.html"
    # … and what it is given when it asks, ready to draw: where the learner is by then, in the same
    # form (the lesson's frames have opened it at step 1)
    data = page.evaluate("() => window.liveStart()")
    assert json.loads(base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))) == [
        "lesson=hand&step=1&lang=cs", channel, address]
