"""No link runs code, and the Content-Security-Policy holds, in Chromium against the built site
(docs/site.md, "Security"): a REPL link's code= (query or fragment) never runs, a sixnimmt= value
outside base64url runs nothing, an inline event handler in a page or in the lesson frame does not
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

REPL = "repl/index.html?kernel=python&toolbar=0&showBanner=0"
STDOUT = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stdout"]'


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


def repl_frame_text(page) -> str:
    return page.evaluate("document.body.innerText")


@pytest.mark.parametrize("where", ["query", "fragment"])
def test_a_repl_link_with_code_runs_none_of_it(page, site_url, where):
    """code= beside the site's own start: the start runs (the kernel works), the link's code never does."""
    code, marker = marker_code()
    if where == "query":
        url = f"{site_url}/{REPL}&code={quote(code)}&sixnimmt={encoded()}"
    else:  # the REPL reads the fragment instead when it holds one of its parameters (code= does)
        url = f"{site_url}/repl/index.html#kernel=python&toolbar=0&code={quote(code)}&sixnimmt={encoded()}"
    page.goto(url)
    page.locator(".snt-app").wait_for(state="visible", timeout=KERNEL_TIMEOUT_MS)  # Python ran the start
    time.sleep(3)  # code injected after the start would have run by now
    assert marker not in repl_frame_text(page)
    assert page.locator(STDOUT).count() == 0


def type_and_run(page, code: str) -> None:
    """Type code into the console's prompt and run it (Shift+Enter), as a person does."""
    prompt = page.locator(".jp-CodeConsole-promptCell .cm-content")
    prompt.wait_for(state="visible", timeout=KERNEL_TIMEOUT_MS)
    mouse_click(page, prompt)
    page.keyboard.type(code)
    page.keyboard.press("Shift+Enter")


@pytest.mark.parametrize("data", [
    'abc");print("x',  # a quote: would end the string in the fixed line
    "abc\\x22", "abc def", "abc+/=",  # a backslash, a space, base64's own + / =
    "x" * 4097,  # too long
])
def test_sixnimmt_outside_base64url_runs_nothing(page, site_url, data):
    code, marker = marker_code()
    page.goto(f"{site_url}/{REPL}&sixnimmt={quote(data)}&code={quote(code)}")
    page.locator(".jp-CodeConsole").wait_for(state="visible", timeout=KERNEL_TIMEOUT_MS)
    type_and_run(page, "print(6 * 7)")  # the kernel is up: what we type runs
    page.locator(STDOUT, has_text="42").wait_for(state="visible", timeout=KERNEL_TIMEOUT_MS)
    assert marker not in repl_frame_text(page)
    assert page.locator(STDOUT).count() == 1  # ours alone
    assert page.locator(".snt-app").count() == 0
    assert page.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"]').count() == 0


def test_base64url_that_is_not_the_app_pages_start_starts_nothing(page, site_url):
    """Good characters, wrong shape ([route, channel] only): the fixed line runs and Python refuses
    (start_encoded raises ValueError; tests/test_start_encoded.py), no app is drawn."""
    wrong = base64.urlsafe_b64encode(json.dumps(["lesson=cards", "sixnimmt-x1"]).encode()).decode().rstrip("=")
    page.goto(f"{site_url}/{REPL}&sixnimmt={wrong}")
    page.locator(".jp-CodeConsole-content", has_text=f'start_encoded("{wrong}")').wait_for(
        state="visible", timeout=KERNEL_TIMEOUT_MS)
    # Python has answered the line: its refusal is shown (a ValueError), and it drew nothing
    page.locator(".jp-OutputArea-output", has_text="ValueError").wait_for(state="visible", timeout=KERNEL_TIMEOUT_MS)
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
    """The app page's frame carries sixnimmt= alone, no code=, and it decodes to the page's start."""
    open_app(page, site_url, "lesson=hand&lang=cs")
    src = page.locator("#app").get_attribute("src")
    assert "code=" not in src
    data = src.split("sixnimmt=", 1)[1]
    route, channel, address = json.loads(base64.urlsafe_b64decode(data + "=" * (-len(data) % 4)))
    # the place the learner is at when Python starts: the lesson's frames have opened it at step 1
    assert route == "lesson=hand&step=1&lang=cs" and channel.startswith("sixnimmt-")
    assert address == f"{site_url}/app.html"
