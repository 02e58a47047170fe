"""Every lesson on the five screens a class uses: two phones, a tablet, a laptop and a projector
(issue 23). Python starts once per screen; each lesson is reached from the lesson list and each
language chosen on the page's switch, with the mouse (a finger on the touch screens). On each:
no sideways scrolling, every control a finger's 44×44 px square, the lesson's words and the
picture they speak of on the screen together, nothing serious for axe-core (on the laptop again
after a few clicks, and on the page around the lessons); what a learner sees first goes to
build/screenshots/screens/: axe and the screenshots in one pass.

Each screen shows every lesson in one language and each lesson is shown in every language over
the five screens (the languages turn round), so the longest words of each meet every layout
without 140 lesson loads."""

from __future__ import annotations

import pytest
from app_driver import (
    axe_serious,
    choose_language,
    controls_covered,
    lesson,
    mouse_click,
    open_app,
    tap,
    wait_lesson,
)
from site_harness import SCREENSHOTS, error_outputs, recorded_context

from sixnimmt_core.teaching.teach import APP_TITLES, app_title
from sixnimmt_core.words.i18n import LANGUAGES, NAMES

pytestmark = pytest.mark.browser

SCREENS = [(360, 740), (390, 844), (768, 1024), (1280, 800), (1920, 1080)]  # phones, tablet, laptop, projector
LAPTOP = (1280, 800)
LESSONS = list(APP_TITLES)

# The words of each lesson's first view and what they speak of (selectors inside the lesson):
# they must fit on the screen together, the first of them the place the eye starts.
TOGETHER = {
    "cards": [".snt-ccard"],  # the card drawn and its words, one element
    "turn": [".snt-steptext .snt-say", ".snt-steptable .snt-table"],
    "hand": [".snt-steptext .snt-say", ".snt-steptable .snt-table"],
    "variants": [".snt-steptext .snt-say", ".snt-steptable .snt-table"],
    "trainer": [".snt-tprompt", ".snt-tcard .snt-card", ".snt-ttable"],
    "play": [".snt-playbody > :first-child", ".snt-play .snt-table", ".snt-play .snt-card-btn"],
    "table": [".snt-edstatus", ".snt-edtable .snt-table"],
}

# Where a finger lands on a touch screen: a 44×44 px square centred on each control (WCAG 2.5.5),
# its four edges 21 px out from the centre, must all land on the control (its label, for a check
# box); with a mouse, a 24×24 px square (WCAG 2.5.8), so a laptop keeps its compact controls.
TARGETS = """(reach) => {
    const sel = 'button, select, input, textarea, a[href], [role=slider]';
    const seen = e => { const r = e.getBoundingClientRect(); const cs = getComputedStyle(e);
        return r.width > 0 && r.height > 0 && cs.visibility !== 'hidden' && !e.closest('[hidden]') &&
               !e.closest('details:not([open])') && !e.disabled; };
    const small = [];
    for (const el of document.querySelectorAll(sel)) {
        if (!seen(el)) continue;
        // a drawn row's button covers its whole row (the picture is the control): the row is the target
        const target = el.classList.contains('snt-rowbtn') ? (el.closest('.snt-rowpick') || el) : el;
        target.scrollIntoView({block: 'center', inline: 'nearest', behavior: 'instant'});
        const r = target.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
        const on = (dx, dy) => { const h = document.elementFromPoint(x + dx, y + dy);
            return h && (h === el || el.contains(h) || (el.labels && [...el.labels].some(l => l.contains(h)))); };
        if (![[-reach, 0], [reach, 0], [0, -reach], [0, reach]].every(([dx, dy]) => on(dx, dy)))
            small.push(`${(el.getAttribute('aria-label') || el.textContent || el.type || el.tagName).trim().slice(0, 30)}`
                       + ` ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
    return small;
}"""

# Brings the first of the parts to the top of the lesson, as a reader scrolls to it (every
# scrolling box on the way), then says where each part is, in the page's coordinates.
TOGETHER_JS = """([sels, top]) => {
    const parts = sels.map(s => document.querySelector('.snt-app ' + s));
    if (parts.some(p => !p)) return {missing: sels.filter((s, i) => !parts[i])};
    const tops = parts.map(p => p.getBoundingClientRect().top);
    parts[tops.indexOf(Math.min(...tops))].scrollIntoView({block: 'start', inline: 'nearest', behavior: 'instant'});
    const sc = document.scrollingElement;
    return {boxes: parts.map(p => { const r = p.getBoundingClientRect(); return [r.top + top, r.bottom + top]; }),
            wide: [sc.scrollWidth - sc.clientWidth, document.documentElement.scrollWidth - innerWidth]};
}"""


def clicked_then_axe(page, frame) -> list[str]:
    """The lesson's first three enabled buttons clicked with the mouse, then axe-core's serious findings."""
    buttons = frame.locator(".snt-app .widget-button:not([disabled])")
    for i in range(min(3, buttons.count())):
        b = buttons.nth(i)
        if b.is_visible() and b.is_enabled():
            mouse_click(page, b)
            frame.wait_for_timeout(300)
    return axe_serious(frame)


def go(page, name: str, lang: str, press) -> None:
    """Lesson ``name`` from the lesson list, in the page's language; then ``lang`` on the switch;
    ``press``: the mouse or a finger."""
    title = app_title(name, page.evaluate("document.documentElement.lang"))
    if not page.locator("#lessons").is_visible():
        press(page, page.locator("#menu"))
    press(page, page.locator("#lessons a", has_text=title))
    wait_lesson(page, name, title, timeout=30_000)
    if page.evaluate("document.documentElement.lang") != lang:
        choose_language(page, NAMES[lang], press)
        wait_lesson(page, name, app_title(name, lang), timeout=30_000, lang=lang)
    frame = lesson(page)
    for sel in TOGETHER[name]:
        frame.locator(".snt-app " + sel).first.wait_for(state="visible", timeout=30_000)
    page.wait_for_timeout(300)  # the layout settles (fonts, the lesson's own CSS)


@pytest.mark.parametrize("width,height", SCREENS, ids=[f"{w}x{h}" for w, h in SCREENS])
def test_every_lesson_on_the_screen(browser, requests_seen, site_url, width, height):
    touch = width < 1000
    context = recorded_context(browser, requests_seen, viewport={"width": width, "height": height},
                               has_touch=touch, is_mobile=width < 500)
    page = context.new_page()
    try:
        s = SCREENS.index((width, height))
        open_app(page, site_url, "lesson=cards&lang=en")
        folder = SCREENSHOTS / "screens"
        folder.mkdir(parents=True, exist_ok=True)
        failures: list[str] = []
        for i, name in enumerate(LESSONS):
            lang = LANGUAGES[(i + s) % len(LANGUAGES)]
            go(page, name, lang, tap if touch else mouse_click)
            frame = lesson(page)
            where = f"{name} ({lang}, {width}×{height})"
            frame.evaluate("() => { document.scrollingElement.scrollTop = 0; }")
            page.screenshot(path=str(folder / f"{width}x{height}-{name}-{lang}.png"))

            area = page.evaluate("() => [document.querySelector('header').getBoundingClientRect().bottom,"
                                 " document.querySelector('footer').getBoundingClientRect().top]")
            top = page.evaluate("() => document.getElementById('app')"
                                ".getBoundingClientRect().top")
            seen = frame.evaluate(TOGETHER_JS, [TOGETHER[name], top])
            if "missing" in seen:
                failures.append(f"{where}: not drawn: {seen['missing']}")
                continue
            assert seen["wide"][0] <= 1 and seen["wide"][1] <= 1, f"{where}: the lesson scrolls sideways {seen['wide']}"
            assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 1, f"{where}: the page scrolls sideways"
            span = max(b for _t, b in seen["boxes"]) - min(t for t, _b in seen["boxes"])
            low, high = area
            if span > high - low + 2:
                failures.append(f"{where}: the words and the picture need {span:.0f} px, the screen has {high - low:.0f}")
            else:
                for sel, (t, b) in zip(TOGETHER[name], seen["boxes"], strict=True):
                    if t < low - 2 or b > high + 2:  # a pixel's rounding either side
                        failures.append(f"{where}: {sel} at {t:.0f}–{b:.0f}, not between {low:.0f} and {high:.0f}")
            reach = 21 if touch else 11
            small = frame.evaluate(TARGETS, reach) + page.evaluate(TARGETS, reach)
            failures += [f"{where}: {c} is smaller than {'a finger' if touch else 'a mouse needs'}" for c in small]
            failures += [f"{where}: covered: {c}" for c in controls_covered(frame)]
            failures += [f"{where}: axe: {v}" for v in axe_serious(frame)]
            if (width, height) == LAPTOP:  # axe again after a few clicks (the lesson's answers drawn)
                failures += [f"{where}, after a few clicks: axe: {v}" for v in clicked_then_axe(page, frame)]
        failures += [f"{width}×{height}: axe on the page: {v}" for v in axe_serious(page)]
        assert error_outputs(page) == []
        assert failures == [], "\n".join(failures)
    finally:
        context.close()
