"""The learning app (app.html) in Chromium, used as a person uses it: the mouse at real positions,
the keyboard, the browser's Back button and reload, a laptop's screen and a phone's. Python starts
once; every lesson is reached without a page load. No request leaves the site (the `page`
fixture fails the test on any)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from app_driver import (
    axe_serious,
    cards_named,
    choose_language,
    controls_covered,
    fragment,
    go,
    lesson,
    localized_page,
    mouse_click,
    open_app,
    problems_at_step,
    step_state,
    wait_app,
    wait_lesson,
    wait_step,
)
from site_harness import SCREENSHOTS, error_outputs

from sixnimmt_core.teaching.scenarios import EXAMPLES
from sixnimmt_core.teaching.teach import APP_TITLES

pytestmark = pytest.mark.browser

LESSONS = list(APP_TITLES)
TITLES = [title for title, _line in APP_TITLES.values()]
VARIANTS = ["base", "tactics", "logic", "tournament", "professional", "open", "refined", "hand", "twins"]
LAPTOPS = [{"width": 1280, "height": 800}, {"width": 1366, "height": 768}]
PHONE = {"width": 390, "height": 844}


def shot(page, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def lesson_text(frame) -> str:
    return frame.locator(".snt-app").inner_text()


def test_the_words_name_cards_and_nothing_else():
    """The tests' own reading of a step's words (no engine involved)."""
    assert cards_named("Player B: 62 would go after 57 in row 4, but that row already holds 5 cards: 62 is "
                       "its sixth card (rule 3, full row).") == {62, 57}
    assert cards_named("The cards are shuffled and dealt: 10 to each player; 40, 7, 25 and 12 start the "
                       "four rows.") == {40, 7, 25, 12}
    assert cards_named("57 goes before 58 (difference 1); after 10 in row 4 (difference 47).") == {57, 58, 10}
    assert cards_named("step 3 of 7 · hand 1; Player A takes 2 heads") == set()


def test_landing_page_leads_into_the_app(page, site_url):
    page.goto(site_url + "/")
    links = page.locator("ol.apps a")
    assert [links.nth(i).inner_text() for i in range(links.count())] == TITLES
    assert "Run → Run All Cells" in page.inner_text("body")  # the notebooks' own menu words
    mouse_click(page, links.nth(1))
    # the lesson's frames at once (drawn at build time), at its first example's first step
    page.wait_for_url(re.compile(r"/app\.html#lesson=turn&pick=amigo-fig1&step=1&lang=en$"))
    page.frame_locator("#preview").locator(".snt-stepper .snt-next:enabled").wait_for(timeout=10_000)
    assert page.locator("#stage").count() == 1  # Python's start has its progress line, for the lessons that need it
    frame = open_app(page, site_url, "lesson=turn")
    assert page.locator("h1").inner_text() == TITLES[1]
    assert "rulebooks' examples" in lesson_text(frame)


def test_the_lesson_is_on_screen_before_python_starts(page, site_url):
    """A lesson that needs Python for every answer shows its first view, drawn at build time, with
    the progress of Python's start, until the widgets are live; nothing in it answers before."""
    page.set_viewport_size(LAPTOPS[0])
    page.goto(site_url + "/app.html#lesson=play")
    preview = page.frame_locator("#preview")
    preview.locator(".snt-app .snt-intro").wait_for(state="visible", timeout=10_000)
    assert page.evaluate("document.documentElement.dataset.python") is None  # Python not there yet
    assert "Starting Python" in page.locator("#starting").inner_text()
    # the first deal: a table of four rows, drawn with its cards, and the hand
    assert preview.locator(".snt-table [data-card]").count() >= 4
    assert preview.locator("button:not([disabled])").count() == 0  # nothing answers yet
    shot(page, "app-play-starting-1280x800")
    frame = wait_app(page)
    assert not page.locator("#starting").is_visible()
    assert frame.locator(".snt-play .snt-card-btn").first.is_enabled()


def test_old_lesson_addresses_open_their_lesson(page, site_url):
    page.goto(site_url + "/apps/trainer.html")
    page.wait_for_url(re.compile(r"/app\.html#lesson=trainer(&lang=en)?$"))
    page.wait_for_function("() => location.hash === '#lesson=trainer&lang=en'")  # lang always


def test_lessons_switch_without_starting_python_again(page, site_url, requests_seen):
    # Python's runtime as the page's worker asks for it (the service worker fetches it too, to store it
    # for offline use, once Python is up: that is not Python starting)
    started: list[str] = []
    page.context.on("request", lambda r: None if r.service_worker or not r.url.endswith("pyodide.asm.wasm")
                    else started.append(r.url))
    frame = open_app(page, site_url, "lesson=cards")
    runtime = list(started)
    kernels = [u for u in requests_seen.urls if "/api/kernels" in u]
    assert runtime, "the runtime was never fetched"
    seen = []
    for i in range(1, len(LESSONS)):
        mouse_click(page, page.locator("#next"))
        wait_lesson(page, LESSONS[i], TITLES[i])
        assert fragment(page).startswith(f"lesson={LESSONS[i]}")
        seen.append(lesson_text(frame)[:60])
    assert len(set(seen)) == len(seen)  # each lesson shows something of its own
    assert page.locator("#next").is_disabled()
    assert started == runtime
    assert [u for u in requests_seen.urls if "/api/kernels" in u] == kernels
    assert lesson(page) is frame  # the same frame, never reloaded
    assert error_outputs(page) == []


def test_a_link_opens_the_same_lesson_and_step_after_reload_and_back(page, site_url):
    frame = open_app(page, site_url, "lesson=turn&pick=pitfall-2&step=3")
    wait_step(frame, 3)
    assert frame.locator("select").first.input_value().startswith("Pitfall 2")
    mouse_click(page, frame.locator(".snt-stepper .snt-next"))
    wait_step(frame, 4)
    page.wait_for_function("() => location.hash === '#lesson=turn&pick=pitfall-2&step=4&lang=en'")
    page.reload()
    frame = wait_app(page)
    wait_step(frame, 4)
    assert frame.locator("select").first.input_value().startswith("Pitfall 2")
    # the lesson list, then the browser's Back button
    mouse_click(page, page.locator("#menu"))
    mouse_click(page, page.locator("#lessons a", has_text=TITLES[4]))
    wait_lesson(page, LESSONS[4], TITLES[4])
    page.go_back()
    wait_lesson(page, LESSONS[1], TITLES[1])
    wait_step(frame, 4)
    assert fragment(page) == "lesson=turn&pick=pitfall-2&step=4&lang=en"


def test_progress_survives_a_reload(page, site_url):
    frame = open_app(page, site_url, "lesson=trainer")
    right = frame.locator(".widget-button", has_text="Row 2 · after 24")  # 29 on 8, 24, 69, 81
    mouse_click(page, right)
    frame.locator(".snt-ok", has_text="Right.").wait_for(timeout=60_000)
    mouse_click(page, page.locator("#next"))
    wait_lesson(page, LESSONS[3], TITLES[3])
    page.wait_for_function("() => document.getElementById('seen-count').textContent.startsWith('2 of 7')")
    page.reload()
    wait_app(page)
    count = page.locator("#seen-count").inner_text()
    assert count.startswith("2 of 7 lessons seen") and "trainer best: 1 right" in count
    mouse_click(page, page.locator("#menu"))
    ticks = page.locator("#lessons li")
    assert [ticks.nth(i).locator(".tick").inner_text() for i in range(len(LESSONS))] == \
        ["", "", "✓", "✓", "", "", ""]


@pytest.mark.parametrize("stored", ["42", '"text"', "[]", '{"seen": 5, "trainer": "x"}', "not json"])
def test_progress_of_the_wrong_shape_is_reset_and_kept_again(page, site_url, stored):
    """What the browser keeps may be anything (another page's, a hand's edit): the app drops a value
    of the wrong shape, raises no error, and keeps progress from then on."""
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site_url + "/index.html")
    page.evaluate("v => localStorage.setItem('sixnimmt-progress', v)", stored)
    open_app(page, site_url, "lesson=cards")
    mouse_click(page, page.locator("#next"))
    wait_lesson(page, LESSONS[1], TITLES[1])
    page.wait_for_function("() => document.getElementById('seen-count').textContent.startsWith('2 of 7')")
    kept = json.loads(page.evaluate("localStorage.getItem('sixnimmt-progress')"))
    assert set(kept["seen"]) == {LESSONS[0], LESSONS[1]}
    assert errors == []


def test_trainer_controls_stay_clear_when_its_examples_run_out(live):
    page = live
    frame = go(page, "lesson=trainer&lang=en")
    page.set_viewport_size(LAPTOPS[0])
    nxt = frame.locator(".snt-app .widget-button", has_text=re.compile(r"^(Next example|New table)"))
    for _ in range(len(EXAMPLES) + 2):
        mouse_click(page, nxt)
        frame.wait_for_timeout(150)
    assert nxt.inner_text() == "New table"
    assert controls_covered(frame) == []


def test_keyboard_only(page, site_url):
    frame = open_app(page, site_url, "lesson=turn")
    page.set_viewport_size(LAPTOPS[0])
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "menu"
    page.keyboard.press("Tab")  # the language switch
    assert page.evaluate("document.activeElement.id") == "lang"
    page.keyboard.press("Tab")  # the third Tab is inside the lesson: its first control
    focused = frame.evaluate("document.activeElement && document.activeElement.closest('.snt-app') !== null")
    assert focused, "the third Tab does not reach the lesson"
    assert frame.evaluate("document.activeElement.matches(':focus-visible')")
    assert frame.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    # Tab on to Next ▶, press it with Enter, then Space, then the arrow keys
    for _ in range(12):
        if frame.evaluate("document.activeElement.classList.contains('snt-next')"):
            break
        page.keyboard.press("Tab")
    assert frame.evaluate("document.activeElement.classList.contains('snt-next')")
    page.keyboard.press("Enter")
    wait_step(frame, 2)
    page.keyboard.press(" ")
    wait_step(frame, 3)
    page.keyboard.press("ArrowRight")
    wait_step(frame, 4)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    wait_step(frame, 2)
    # the lesson list by keyboard: Shift+Tab back to the page, open it, pick a lesson with Enter
    page.focus("#menu")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.closest('#lessons') !== null")
    for _ in range(3):
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # the 5th lesson (the 2nd was focused, three Tabs on)
    wait_lesson(page, LESSONS[4], TITLES[4])
    # the app's own Next lesson button, by keyboard
    page.focus("#next")
    page.keyboard.press("Enter")
    wait_lesson(page, LESSONS[5], TITLES[5])


def walk_every_step(page, frame, route: str, failures: list[str], sizes=(None,)) -> int:
    """Go to route, then through every step of its stepper with the → key; at each step, on each of
    ``sizes`` (the window resized: the layout is CSS, Python is not asked), collect what is out of view.
    The sizes are taken in turn from the one the step before ended on: one resize a step."""
    page.evaluate("(f) => { location.hash = f; }", route)
    # Python has shown the route once it reports its step (the lesson before may also be at step 1)
    page.wait_for_function("(f) => location.hash.startsWith('#' + f + '&step=1&')", arg=route, timeout=60_000)
    wait_step(frame, 1)
    n = 1
    while True:
        for size in (sizes if n % 2 else sizes[::-1]):
            if size is not None and page.viewport_size != size:
                page.set_viewport_size(size)
                frame.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            state = step_state(frame)
            where = f"{size['width']}x{size['height']} " if size else ""
            failures += [f"{where}{route} {state['pos']}: {p}" for p in problems_at_step(state)]
        if state["last"]:
            return n
        page.keyboard.press("ArrowRight")
        n += 1
        wait_step(frame, n)


def test_every_step_fits_a_laptop(live):
    """At every step of every stepper, on each laptop screen, the words and the cards and rows they
    name are in view (one walk: each step is looked at on both screens). Python's start is not what
    is tested: the shared page (``live``), each stepper reached by its link; no test before this one
    in the module steps a walkthrough, so each opens at its first step (else the walk waits in vain)."""
    page = live
    page.set_viewport_size(LAPTOPS[0])
    frame = lesson(page)
    page.focus("#menu")
    failures: list[str] = []
    steps = 0
    routes = [f"lesson=turn&pick={key}" for key in EXAMPLES] + ["lesson=hand"] + \
             [f"lesson=variants&pick={v}" for v in VARIANTS]
    for route in routes:
        steps += walk_every_step(page, frame, route, failures, LAPTOPS)
    assert steps > 400
    assert failures == [], f"{len(failures)} of {steps} steps: " + "\n".join(failures[:40])


@pytest.mark.parametrize("size", LAPTOPS, ids=lambda s: f"{s['width']}x{s['height']}")
def test_play_shows_rows_laid_cards_and_hand_together(live, size):
    page = live
    page.set_viewport_size(size)
    frame = go(page, "lesson=play&lang=en")
    cards = frame.get_by_role("button", name=re.compile(r"^Play \d+, \d heads?"))
    cards.first.wait_for()
    assert cards.count() == 10

    def in_view(locator) -> bool:
        return locator.evaluate("e => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.left >= 0 && "
                                "r.bottom <= innerHeight && r.right <= innerWidth; }")

    assert in_view(frame.locator(".snt-play .snt-table").first), "the rows are out of view"
    for i in range(cards.count()):
        assert in_view(cards.nth(i)), f"card {i + 1} of the hand is out of view"
    assert in_view(frame.locator(".snt-play .snt-laid").first), "the cards laid this turn are out of view"
    assert error_outputs(page) == []


def test_a_new_game_uses_what_the_picker_shows(live):
    page = live
    frame = go(page, "lesson=play&lang=en")
    frame.locator(".snt-play .snt-card-btn").first.wait_for()
    frame.locator("select").first.select_option(label="Professional")  # a person picks from the list
    frame.wait_for_function("() => document.querySelector('.snt-play .snt-twosided, .snt-twosided') !== null")
    coach = frame.get_by_role("checkbox", name="Coach")
    mouse_click(page, coach)
    mouse_click(page, frame.locator(".widget-button", has_text="New game"))
    frame.wait_for_function("() => document.querySelector('.snt-twosided') !== null")
    # the new game comes without the coach's badges on the cards (Python answers in its own time)
    frame.wait_for_function("() => !document.querySelector('.snt-app').innerText.includes('≈')", timeout=30_000)
    assert not coach.is_checked()
    page.wait_for_function("() => location.hash === '#lesson=play&pick=professional&lang=en'", timeout=30_000)


# ---- the site's languages (issue 12): the page's own words from the catalogue domain `site` ------
def site_text(key: str, lang: str) -> str:
    from sixnimmt_core.words import i18n

    return i18n.text(key, lang, domain="site")


def lesson_title(name: str, lang: str) -> str:
    from sixnimmt_core.teaching.teach import app_title

    return app_title(name, lang)


def wait_lang(page, lang: str, timeout: int = 15_000) -> None:
    page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang, timeout=timeout)


def test_a_czech_browser_opens_the_app_in_czech(browser, requests_seen, site_url):
    page = localized_page(browser, requests_seen, "cs-CZ")
    try:
        page.set_viewport_size(LAPTOPS[0])
        page.goto(site_url + "/app.html#lesson=turn")
        wait_lang(page, "cs")
        # the choice goes into the link; the lesson's frames open at its first example's first step
        page.wait_for_function("() => location.hash === '#lesson=turn&pick=amigo-fig1&step=1&lang=cs'")
        assert page.locator("#lang").inner_text().startswith("Čeština")
        assert page.locator("h1").inner_text() == lesson_title("turn", "cs") == "Jedno kolo krok za krokem"
        assert page.locator("#menu").inner_text() == "☰ Lekce"
        assert page.frame_locator("#preview").locator(".snt-steppos").inner_text().startswith("krok 1 z")
        assert page.locator("#next .wide").inner_text() == "Další lekce"
        wait_app(page)
        assert page.locator("#where").inner_text() == "Lekce 2 z 7"
        assert page.title() == "Jedno kolo krok za krokem — 6 bere!"
        shot(page, "app-turn-cs-1280x800")
    finally:
        page.context.close()


def test_choosing_romanian_with_the_mouse_changes_the_words_and_the_link(page, site_url, site_dir):
    page.set_viewport_size(LAPTOPS[0])
    frame = open_app(page, site_url, "lesson=turn&pick=pitfall-2&step=3")
    english = lesson_text(frame)
    choose_language(page, "Română")
    wait_lang(page, "ro")
    page.wait_for_function("() => location.hash === '#lesson=turn&pick=pitfall-2&step=3&lang=ro'")
    assert page.locator("h1").inner_text() == lesson_title("turn", "ro")
    assert page.locator("#menu").inner_text() == site_text("app.menu", "ro") == "☰ Lecții"
    assert page.locator("#lang").inner_text().startswith("Română")
    assert page.locator("#where").inner_text() == "Lecția 2 din 7"
    assert not page.locator("#langs").is_visible()  # the switch closes once a language is chosen
    assert lesson(page).evaluate("() => document.documentElement.lang") == "ro"  # the screen reader's language
    page.reload()
    frame = wait_app(page)
    wait_lang(page, "ro")
    assert fragment(page) == "lesson=turn&pick=pitfall-2&step=3&lang=ro"
    assert page.locator("h1").inner_text() == lesson_title("turn", "ro")
    wait_step(frame, 3, lang="ro")
    if speaks_languages(site_dir):  # the lessons themselves speak the language (Python's side)
        frame.wait_for_function("(e) => document.querySelector('.snt-app').innerText !== e", arg=english)
    # the next lesson, and the landing page, stay Romanian; a link without lang= too (kept choice)
    mouse_click(page, page.locator("#next"))
    wait_lesson(page, "trainer", lesson_title("trainer", "ro"))
    assert fragment(page) == "lesson=trainer&lang=ro"
    page.goto(site_url + "/")
    wait_lang(page, "ro")
    assert page.locator("h1").inner_text() == site_text("home.title", "ro").format(game="6 ... ia și pierde!")
    assert page.locator("ol.apps a").first.get_attribute("href") == "app.html#lesson=cards&lang=ro"


def speaks_languages(site_dir) -> bool:
    """Whether the built site's Python side speaks the languages (its lessons' previews were drawn
    in each: snapshot.preview takes lang once apps.Route carries it)."""
    return (site_dir / "apps" / "preview-turn-ro.html").is_file()


def test_a_slovak_link_opens_in_slovak_and_the_landing_page_switches_too(page, site_url):
    page.goto(site_url + "/app.html#lesson=cards&lang=sk")
    wait_lang(page, "sk")
    assert page.locator("h1").inner_text() == lesson_title("cards", "sk")
    assert page.locator("#menu").inner_text() == "☰ Lekcie"
    assert page.locator("#lang").inner_text().startswith("Slovenčina")
    wait_app(page)
    assert fragment(page) == "lesson=cards&lang=sk"  # Python's reply keeps the page's language
    page.goto(site_url + "/#lang=sk")
    wait_lang(page, "sk")
    assert page.locator("h2").first.inner_text() == "Rovno sa učiť"
    links = page.locator("ol.apps a")
    assert [links.nth(i).inner_text() for i in range(links.count())] == [lesson_title(k, "sk") for k in LESSONS]
    notebooks = page.locator("ol.notebooks a:visible")  # the Slovak notebooks, not the English ones
    assert notebooks.count() == 6
    assert all(notebooks.nth(i).get_attribute("href").startswith("notebooks/?path=sk/") for i in range(6))
    assert page.locator("a[href='handouts/index.html']").inner_text().startswith("Pracovné listy na tlač")
    choose_language(page, "Čeština")
    wait_lang(page, "cs")
    assert page.locator("h1").inner_text() == "6 bere! — výuková edice"
    assert fragment(page) == "lang=cs"
    assert "Spustit → Spustit všechny buňky" in page.inner_text("body")
    shot(page, "landing-cs")


def test_the_switch_fits_a_phone_and_a_laptop_and_axe_finds_nothing(page, site_url):
    page.set_viewport_size(PHONE)
    open_app(page, site_url, "lesson=cards&lang=ro")
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 1
    mouse_click(page, page.locator("#lang"))
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 1
    for i in range(4):  # every language's link lies wholly inside the phone's screen
        box = page.locator("#langs a").nth(i).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 0.5, i
    shot(page, "app-langs-ro-390x844")
    assert axe_serious(page) == [], "the app page, the language switch open"
    page.keyboard.press("Escape")
    assert not page.locator("#langs").is_visible()
    page.set_viewport_size(LAPTOPS[0])
    box = page.locator("#lang").bounding_box()
    assert box and box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= 1280 and box["y"] + box["height"] <= 800
    for lang in ("cs", "sk", "ro", "en"):
        page.goto(f"{site_url}/#lang={lang}")
        wait_lang(page, lang)
        assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 1
        assert axe_serious(page) == [], f"the landing page in {lang}"
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 1
    shot(page, "landing-en-390x844")
