"""Driving the learning app (app.html) in Chromium as a person does: real mouse positions, the
keyboard, and what is inside the viewport. Used by the browser tests (tests/site); `wait_app`,
`lesson` and `mouse_click` are the benchmark's own (tools/site/bench_browser.py).

`open_app(page, site_url, fragment)` opens the app and waits until Python answers;
`lesson(page)` is the lesson frame; `mouse_click(page, locator)` clicks the element's centre with
the mouse; `step_state(frame)` reads what the current stepper shows and where it is drawn.
"""

from __future__ import annotations

import re

from bench_browser import aim, lesson, wait_app
from bench_browser import mouse_click as mouse_click
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from site_harness import KERNEL_TIMEOUT_MS

# A card number in the words, and not a count or an index: "row 2", "rule 3", "5 cards",
# "10 to each player", "(difference 4)", "step 3 of 7", "hand 1" are not cards.
_NOT_BEFORE = ("row", "rows", "rule", "hand", "step", "difference", "of", "Hand", "Step", "turn", "round",
               "than", "reaches", "to", "Variant", "Fig.")
_NUMBER = re.compile(r"(?<![\w.,×/])([1-9]\d{0,2})(?![\d.%×/])")  # "004" is a document, "1/2" a figure
_NOT_AFTER = re.compile(r"\s*(?:heads?|cards?|players?|rows?|turns?|hands?|times?|each|to each|or more|more|"
                        r"left|sampled|deals?|of \d|st\b|nd\b|rd\b|th\b|×)")
# Sentences of points, not cards ("Penalties this hand: Player A 0, Player B 29"), and the
# documents' own words in quotes (a quote speaks of its own picture, not of this step's).
_NOT_CARDS = re.compile(r"(?:Penalties this hand|Totals|Per selection)[^.]*\.|“[^”]*”")


def cards_named(words: str) -> set[int]:
    """The card numbers (1–104) a sentence names."""
    out = set()
    words = _NOT_CARDS.sub("", words)
    for m in _NUMBER.finditer(words):
        before = words[: m.start()].rstrip().split(" ")[-1].strip("(") if m.start() else ""
        if before in _NOT_BEFORE or _NOT_AFTER.match(words, m.end()):
            continue
        n = int(m.group(1))
        if 1 <= n <= 104:
            out.add(n)
    return out


def rows_named(words: str) -> set[int]:
    return {int(n) for n in re.findall(r"\brow (\d)\b", words)}


def open_app(page, site_url: str, fragment: str = ""):
    """Open app.html#fragment; wait for the curtain to lift and Python to answer the page."""
    page.goto(f"{site_url}/app.html" + (f"#{fragment}" if fragment else ""))
    return wait_app(page)


def tap(page, locator) -> None:
    """Scroll the element into view if a person would have to, then tap its centre on the touch screen
    (the page's context made with ``has_touch``)."""
    box = aim(page, locator)
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def tap_until(page, locator, effect, wait: int = 15_000, tries: int = 3) -> int:
    """``tap``, then wait for ``effect`` (a locator) to appear. A person whose tap met nothing taps again:
    again only when the element tapped got no click, or was redrawn away under the finger (the lesson
    redraws its buttons), never when the click reached a button still on the page and its answer is
    only slow (that would be a second press). Returns the taps it took."""
    for n in range(1, tries + 1):
        pressed = locator.element_handle()
        pressed.evaluate("e => { e.__sntClicked = false; e.addEventListener('click', () => { e.__sntClicked = true; },"
                         " {once: true}); }")
        tap(page, locator)
        try:
            effect.wait_for(timeout=wait)
            return n
        except PlaywrightTimeout:
            if pressed.evaluate("e => e.isConnected && e.__sntClicked") or locator.count() == 0:
                break  # the press was taken: its answer is on its way
    effect.wait_for(timeout=KERNEL_TIMEOUT_MS)
    return n


def wait_lesson(page, key: str, title: str, timeout: int = 15_000, lang: str | None = None) -> None:
    """Wait until the page's heading and the lesson frame both show lesson ``key`` (and, with ``lang``,
    the lesson in that language: the heading changes at once, the lesson once Python has drawn it)."""
    page.wait_for_function("(t) => document.querySelector('h1').textContent === t", arg=title, timeout=timeout)
    wait_drawn(page, key, lang, timeout)


def wait_drawn(page, key: str, lang: str | None, timeout: int):
    """Wait until the lesson frame shows lesson ``key`` drawn by Python (in ``lang``, if given); the frame."""
    in_lang = f".snt-lang-{lang}" if lang else ""
    frame = lesson(page)
    frame.locator(f".snt-app > .snt-lesson-{key}{in_lang}").wait_for(state="visible", timeout=timeout)
    return frame


def go(page, where: str, timeout: int = 60_000):
    """In the app already live, follow a link to ``where`` ("lesson=play&lang=cs") and wait until
    Python has drawn that lesson in that language; the lesson frame."""
    from urllib.parse import parse_qs

    asked = parse_qs(where)
    page.evaluate("h => { location.hash = h; }", where)
    return wait_drawn(page, asked["lesson"][0], asked.get("lang", ["en"])[0], timeout)


def fragment(page) -> str:
    return page.evaluate("location.hash.replace(/^#/, '')")


def wait_step(frame, n: int, timeout: int = 60_000, lang: str = "en") -> None:
    """Wait until the lesson's stepper shows step n (in the words of ``lang``: "step 3 of",
    "pasul 3 din"); if it never does, say what the lesson shows."""
    from sixnimmt_core.words.i18n import text

    start = text("stepper.position", lang, domain="widgets").split("{steps}")[0].format(step=n)
    try:
        frame.wait_for_function(
            "(start) => { const p = document.querySelector('.snt-app .snt-stepper .snt-pos');"
            " return p && p.textContent.startsWith(start); }", arg=start, timeout=timeout)
    except PlaywrightTimeout:
        shown = frame.evaluate("() => { const a = document.querySelector('.snt-app');"
                               " return a ? a.innerText.slice(0, 600) : '(no app drawn)'; }")
        hash_ = frame.page.evaluate("location.hash")
        raise AssertionError(f"step {n} never showed (page at {hash_}); the lesson shows: {shown!r}") from None


def step_state(frame) -> dict:
    """What the stepper shows now: its position, words, and every card and row drawn, each with
    whether it lies wholly inside the viewport (the lesson frame's, which lies inside the page's)."""
    return frame.evaluate("""() => {
        const st = document.querySelector('.snt-app .snt-stepper');
        const W = window.innerWidth, H = window.innerHeight;
        const inside = e => { const r = e.getBoundingClientRect();
            return r.width > 0 && r.height > 0 && r.left >= -0.5 && r.top >= -0.5 && r.right <= W + 0.5 && r.bottom <= H + 0.5; };
        const say = st.querySelector('.snt-say');
        const cards = {};
        for (const e of st.querySelectorAll('[data-card]')) {
            const n = +e.dataset.card; cards[n] = cards[n] || inside(e);
        }
        const rows = {};
        for (const e of st.querySelectorAll('.snt-steptable [data-row]')) rows[+e.dataset.row] = inside(e);
        const table = st.querySelector('.snt-steptable .snt-table');
        return { pos: st.querySelector('.snt-pos').textContent, words: say.textContent,
                 wordsInside: inside(say), tableInside: table ? inside(table) : null, cards, rows,
                 last: st.querySelector('.snt-next').disabled };
    }""")


def problems_at_step(state: dict) -> list[str]:
    """What a learner could not see at this step, in words (empty when all is in view)."""
    out = []
    if not state["wordsInside"]:
        out.append("the words are not wholly in view")
    if state["tableInside"] is False:
        out.append("the table is not wholly in view")
    drawn = {int(k): v for k, v in state["cards"].items()}
    for card in sorted(cards_named(state["words"])):
        if card not in drawn:
            out.append(f"{card} is named but not drawn")
        elif not drawn[card]:
            out.append(f"{card} is named but not in view")
    rows = {int(k): v for k, v in state["rows"].items()}
    for row in sorted(rows_named(state["words"])):
        if row in rows and not rows[row]:
            out.append(f"row {row} is named but not in view")
    return out


def controls_covered(frame_or_page) -> list[str]:
    """Every visible, enabled control whose centre, or a point 4 px inside its left or right edge,
    hits another element (something covers it). Controls out of view are scrolled in first."""
    return frame_or_page.evaluate("""async () => {
        const sel = 'button, select, input, textarea, a[href], [role=slider], [tabindex]:not([tabindex="-1"])';
        const bad = [];
        const visible = e => { const r = e.getBoundingClientRect(); const cs = getComputedStyle(e);
            const folded = e.closest('details:not([open])');  // a closed <details> shows its summary only
            return r.width > 0 && r.height > 0 && cs.visibility !== 'hidden' && !e.closest('[hidden]') &&
                   !(folded && !e.closest('summary')); };
        for (const el of document.querySelectorAll(sel)) {
            if (!visible(el) || el.disabled) continue;
            el.scrollIntoView({block: 'nearest', inline: 'nearest', behavior: 'instant'});  // no smooth scrolling under load
            await new Promise(r => requestAnimationFrame(r));
            const r = el.getBoundingClientRect();
            const y = r.top + r.height / 2;
            for (const [what, x] of [['centre', r.left + r.width / 2], ['left edge', r.left + 4], ['right edge', r.right - 4]]) {
                const hit = document.elementFromPoint(x, y);
                if (!hit || !(hit === el || el.contains(hit) || (el.tagName === 'INPUT' && el.labels && [...el.labels].some(l => l.contains(hit))))) {
                    const name = (el.getAttribute('aria-label') || el.textContent || el.value || el.className || el.tagName).trim().slice(0, 40);
                    bad.push(`${name} (${what}) is under ${hit ? (hit.className || hit.tagName).toString().slice(0, 60) : 'nothing'}`);
                    break;
                }
            }
        }
        return bad;
    }""")


class _Localized:
    """A browser whose new contexts speak ``locale`` (navigator.languages, Accept-Language)."""

    def __init__(self, browser, locale: str):
        self._browser, self._locale = browser, locale

    def new_context(self, **options):
        return self._browser.new_context(locale=self._locale, **options)


def localized_page(browser, requests_seen, locale: str):
    """A fresh recorded context (as the ``page`` fixture's: off-origin requests blocked and
    recorded) whose browser prefers ``locale`` ("cs-CZ"), and a page in it. Close its context."""
    from site_harness import recorded_context

    context = recorded_context(_Localized(browser, locale), requests_seen)
    return context.new_page()


def choose_language(page, name: str, press=mouse_click) -> None:
    """Choose a language by its own name on the page's switch, with the mouse (``press=tap``: a
    finger): on the app page open the switch (its button) first; the landing page shows the
    languages' links at once."""
    button = page.locator("button#lang")
    if button.count():
        press(page, button)
    press(page, page.locator("#langs a", has_text=name))


def axe_violations(target) -> list[dict]:
    """axe-core's violations in a page or frame (axe-core from axe-playwright-python's copy)."""
    from pathlib import Path

    axe = Path(__import__("axe_playwright_python").__file__).with_name("axe.min.js")
    target.evaluate(axe.read_text(encoding="utf-8"))
    return target.evaluate("axe.run(document, {resultTypes: ['violations']})")["violations"]


def axe_serious(target) -> list[str]:
    """axe-core's serious and critical findings in a page or frame, one line each (none: [])."""
    return [f"{v['id']} ({v['impact']}): {v['help']} — " + "; ".join(n["target"][0] for n in v["nodes"][:3])
            for v in axe_violations(target) if v["impact"] in ("serious", "critical")]
