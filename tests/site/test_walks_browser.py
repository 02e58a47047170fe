"""Every step of every walkthrough on two phones and a tablet held upright (issue 38): the turn
lesson's examples, the hand and each variant, stepped by a finger on Next before Python starts
(its WebAssembly refused, no service worker to fetch it), each step in the language whose words
for it are longest. After each Next, without scrolling, the step's words (the whole text box, a
fold included), its rows (the table and every place in it, no row scrolling sideways), its title
line and Next itself are on the screen together, and every card's number is drawn at least ``NUMBER_PX`` CSS px.

One page per screen walks all of it: the learner scrolls once to put the stepper at the top of the
screen (as after picking a walkthrough) and then only taps Next. Where another language than the
one on screen is the longest for the next step, the walkthrough is opened in it one step before
(a link keeps the step) and Next is tapped there. The words that do not fit fold behind "more"
(app.html, foldWords): at 360×740 the first fold is opened by a finger and checked with axe."""

from __future__ import annotations

import html
import json
import re

import pytest
from app_driver import axe_serious, tap
from site_harness import recorded_context

from sixnimmt_core.widgets.frames import frame_file, walks
from sixnimmt_core.words.i18n import LANGUAGES

pytestmark = pytest.mark.browser

SCREENS = [(360, 740), (390, 844), (768, 1024)]  # two phones, a tablet held upright

# A card's number, as drawn, in CSS px (its font size: the digits are about 0.72 of it). 14 px is
# the smallest size of the lesson's own words on a phone (a panel's clamp(14px, …)): a card's
# number, the thing a learner compares, is never drawn smaller than the words about it. At 14 px
# the bold digits are 10 px tall, above the 11 pt Apple and 12 sp Android give as their least
# readable sizes' x-height.
NUMBER_PX = 14

TAG = re.compile(r"<[^>]+>")


def words_of(view: str) -> str:
    """A view's text as the browser gives it (textContent): the tags out, the entities read."""
    return html.unescape(TAG.sub("", re.sub("\u0001\\d+\u0002", "", view)))


def plan(site_dir) -> list[dict]:
    """Each walkthrough with, per step, the language whose words are longest there and what the
    stepper shows then (its position line and its words), from the frame files the page steps."""
    from frames import folder

    out = []
    for lesson, pick in walks():
        data = {lang: json.loads((folder(site_dir) / frame_file(lesson, pick, lang)).read_text(encoding="utf-8"))
                for lang in LANGUAGES}
        steps = []
        for k in range(len(data[LANGUAGES[0]]["steps"])):
            said = {lang: {v: words_of(data[lang]["steps"][k][v]) for v in ("pos", "text")} for lang in LANGUAGES}
            longest = max(LANGUAGES, key=lambda lang: len(said[lang]["text"]))
            steps.append({"lang": longest, "said": said})
        out.append({"lesson": lesson, "pick": pick, "steps": steps})
    return out


def link(walk: dict, step: int, lang: str) -> str:
    pick = f"&pick={walk['pick']}" if walk["pick"] else ""
    return f"lesson={walk['lesson']}{pick}&step={step}&lang={lang}"


# Waits until the stepper shows the step expected (its position line and words), then says where
# its parts are in the frame's viewport: the words' box, the table, each place in the rows, Next,
# the smallest card number's size; and whether the table scrolls sideways.
SHOWN = """async ([pos, words]) => {
    const st = () => document.querySelector('.snt-app .snt-stepper');
    const said = part => { const e = st() && st().querySelector('.snt-step' + part); return e ? e.textContent : null; };
    for (let i = 0; i < 1500 && !(said('pos') === pos && said('text') === words); i++)
        await new Promise(r => setTimeout(r, 10));
    if (said('pos') !== pos) return {missing: said('pos')};
    const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    const table = st().querySelector('.snt-steptable .snt-table') || st().querySelector('.snt-steptable');
    let small = Infinity;
    for (const t of st().querySelectorAll('.snt-steptable svg.snt-card text')) {
        const svg = t.ownerSVGElement, size = +t.getAttribute('font-size');
        if (size >= 20) small = Math.min(small, size * svg.getBoundingClientRect().width / svg.viewBox.baseVal.width);
    }
    const more = st().querySelector('.snt-steptext details.snt-more');
    return {words: box(st().querySelector('.snt-steptext')), table: box(table),
            places: [...st().querySelectorAll('.snt-steptable .snt-slot')].map(box),
            sideways: table.scrollWidth - table.clientWidth, next: box(st().querySelector('.snt-next')),
            lesson: (a => a.scrollWidth - a.clientWidth)(document.querySelector('.snt-app')),
            head: box(st().querySelector('.snt-stephead')),
            number: small === Infinity ? null : small, folded: !!more && !more.hidden,
            screen: [innerWidth, innerHeight]};
}"""


def problems(seen: dict) -> list[str]:
    """What a learner could not see or read at this step without scrolling, in words."""
    if "missing" in seen:
        return [f"the step never showed (the stepper shows {seen['missing']!r})"]
    w, h = seen["screen"]

    def off(b) -> bool:
        return b[0] < -1 or b[1] < -1 or b[2] > w + 1 or b[3] > h + 1

    out = [f"{what} at {[round(x) for x in seen[key]]}, off the {w}×{h} screen"
           for key, what in (("head", "the step's title"), ("words", "the words"), ("table", "the rows"), ("next", "Next"))
           if off(seen[key])]
    places = [b for b in seen["places"] if off(b)]
    if places and not off(seen["table"]):
        out.append(f"{len(places)} places of the rows off the screen")
    if seen["sideways"] > 1:
        out.append(f"the rows scroll sideways by {seen['sideways']} px")
    if seen["lesson"] > 1:  # e.g. the players' table below the rows, wider than the phone
        out.append(f"the lesson scrolls sideways by {seen['lesson']} px")
    if seen["number"] is not None and seen["number"] < NUMBER_PX:
        out.append(f"a card's number is {seen['number']:.1f} px, under {NUMBER_PX}")
    return out


class Walker:
    """One screen's page, the stepper before Python, tapped as a finger taps."""

    def __init__(self, page, site_url: str):
        self.page, self.site_url = page, site_url
        self.frame = None
        self.at: dict = {}
        self.failures: list[str] = []
        self.steps = 0

    def open(self, walk: dict, step: int, lang: str) -> dict:
        """The walkthrough at ``step`` in ``lang`` by a link; the stepper scrolled to the screen's top."""
        self.page.goto(f"{self.site_url}/app.html#{link(walk, step, lang)}")
        self.frame = self.page.frame(url=lambda u: u.endswith("/apps/static.html"))
        self.at = self.page.evaluate("() => document.getElementById('preview').getBoundingClientRect().toJSON()")
        said = walk["steps"][step - 1]["said"][lang]
        seen = self.frame.evaluate(SHOWN, [said["pos"], said["text"]])
        if "missing" not in seen:
            self.frame.evaluate("() => document.querySelector('.snt-app .snt-stepper')"
                                ".scrollIntoView({block: 'start', behavior: 'instant'})")
            seen = self.frame.evaluate(SHOWN, [said["pos"], said["text"]])
        return seen

    def next(self, seen: dict, said: dict) -> dict:
        """Tap Next where it is (a learner scrolls to it first if it is off the screen), then what shows."""
        nxt = self.frame.locator(".snt-app .snt-stepper .snt-next")
        if "missing" in seen or any(p.startswith("Next") for p in problems(seen)):
            tap(self.page, nxt)
        else:
            left, top, right, bottom = seen["next"]  # in the frame; the frame where the page has it
            self.page.touchscreen.tap(self.at["x"] + (left + right) / 2, self.at["y"] + (top + bottom) / 2)
        self.steps += 1
        return self.frame.evaluate(SHOWN, [said["pos"], said["text"]])

    def check(self, where: str, seen: dict) -> None:
        self.failures += [f"{where}: {p}" for p in problems(seen)]

    def walk(self, walk: dict, size: str) -> dict | None:
        """Every step of one walkthrough, each in its longest language; the first folded step seen."""
        steps, lang = walk["steps"], walk["steps"][0]["lang"]
        name = f"{walk['lesson']} {walk['pick']}" if walk["pick"] else walk["lesson"]  # "variants hand", "hand"
        seen = self.open(walk, 1, lang)
        self.check(f"{size} {name} step 1 ({lang})", seen)
        folded = None
        for k in range(2, len(steps) + 1):
            want = steps[k - 1]["lang"]
            if want != lang:  # the next step is longest in another language: open it there one step before
                lang = want
                seen = self.open(walk, k - 1, lang)
            seen = self.next(seen, steps[k - 1]["said"][lang])
            self.check(f"{size} {name} step {k} ({lang})", seen)
            if folded is None and seen.get("folded"):
                folded = {"walk": walk, "step": k, "lang": lang}
        return folded


def check_fold(walker: Walker, folded: dict) -> list[str]:
    """A folded step: "more" is a finger's target, opens the rest of the words, and axe finds nothing."""
    out = []
    walker.open(folded["walk"], folded["step"], folded["lang"])
    doc = walker.frame
    words = doc.locator(".snt-app .snt-steptext .snt-panel")
    capped = words.evaluate("e => e.scrollHeight - e.clientHeight")
    summary = doc.locator(".snt-app .snt-steptext details.snt-more > summary")
    box = summary.bounding_box()
    if box is None or box["height"] < 44:
        out.append(f"'more' is {box and round(box['height'])} px high, under a finger's 44")
    out += [f"axe on a folded step: {v}" for v in axe_serious(doc)]
    tap(walker.page, summary)
    doc.locator(".snt-app .snt-steptext details.snt-more[open]").wait_for(state="attached", timeout=5_000)
    if capped <= 0 or words.evaluate("e => e.scrollHeight - e.clientHeight") > 1:
        out.append(f"'more' does not show the rest of the words (hidden before: {capped} px)")
    return out


@pytest.fixture(scope="module")
def walks_plan(site_dir) -> list[dict]:
    return plan(site_dir)


@pytest.mark.parametrize("width,height", SCREENS, ids=[f"{w}x{h}" for w, h in SCREENS])
def test_every_step_of_every_walkthrough_fits_the_screen(browser, requests_seen, site_url, walks_plan, width, height):
    context = recorded_context(browser, requests_seen, viewport={"width": width, "height": height},
                               has_touch=True, is_mobile=width < 500, service_workers="block")
    context.route("**/*.wasm", lambda route: None)  # held, never answered: Python never starts, the frames alone
    try:
        walker = Walker(context.new_page(), site_url)
        folds = [walker.walk(walk, f"{width}×{height}") for walk in walks_plan]
        assert walker.steps == sum(len(w["steps"]) - 1 for w in walks_plan)  # every Next of every walkthrough
        if (width, height) == SCREENS[0]:
            folded = next((f for f in folds if f), None)
            assert folded is not None, "no step folds its words at 360×740 (then 'more' is never checked)"
            walker.failures += check_fold(walker, folded)
        assert walker.page.evaluate("() => document.documentElement.dataset.python") is None
        assert walker.failures == [], f"{len(walker.failures)} steps:\n" + "\n".join(walker.failures[:60])
    finally:
        context.close()
