"""Learning before Python has started (issue 22): the walkthroughs' frames, drawn at build time, step
by mouse and keyboard with Python kept from starting (its .wasm refused), in every language; the URL
follows the step and a reload opens it; then, with Python allowed, the live lesson takes over at
the step reached, with the focus on the same control, and shows what the frame showed."""

from __future__ import annotations

import json

import pytest
from app_driver import axe_serious, choose_language, lesson, mouse_click, wait_step

from sixnimmt_core.words.i18n import LANGUAGES, text

pytestmark = pytest.mark.browser


def no_python(page) -> None:
    """Keep Python from starting: the browser's request for Pyodide's WebAssembly is held, never
    answered (Python still starting, as on a slow line; refused, the app would say it failed)."""
    page.context.route("**/*.wasm", lambda route: None)  # the context's: Python's worker fetches it


def still(page):
    return page.frame_locator("#preview")


def step_words(n: int, lang: str) -> str:
    """How a stepper's position line starts at step n ("step 3 of", "krok 3 z"), from the catalogue."""
    return text("stepper.position", lang, domain="widgets").split("{steps}")[0].format(step=n)


def wait_frame_step(page, n: int, lang: str = "en") -> None:
    page.wait_for_function(
        "(start) => { const d = document.getElementById('preview').contentDocument;"
        " const p = d && d.querySelector('.snt-stepper .snt-steppos .snt-pos');"
        " return p && p.textContent.startsWith(start); }", arg=step_words(n, lang), timeout=10_000)


def frame_steps(site_dir, lesson_key: str, pick: str | None, lang: str) -> int:
    """How many steps the walkthrough has, as its frame file says."""
    from frames import folder

    from sixnimmt_core.widgets.frames import frame_file

    return len(json.loads((folder(site_dir) / frame_file(lesson_key, pick, lang)).read_text(encoding="utf-8"))["steps"])


def static_doc(page):
    """The frame the lesson's frames are drawn in (apps/static.html)."""
    return page.frame(url=lambda u: u.endswith("/apps/static.html"))


def hash_of(page) -> str:
    return page.evaluate("() => location.hash")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_walkthrough_steps_without_python(page, site_url, site_dir, lang):
    """One turn (the first example) from its first step to its last by mouse, back by keyboard;
    the URL follows; a reload opens the step; Python never started."""
    no_python(page)
    page.goto(f"{site_url}/app.html#lesson=turn&lang={lang}")
    n = frame_steps(site_dir, "turn", "amigo-fig1", lang)
    assert n >= 5  # the example's reveal, its four placements (Amigo fig. 1: four players)
    wait_frame_step(page, 1, lang)
    nxt = still(page).locator(".snt-stepper .snt-next")
    for k in range(2, n + 1):
        mouse_click(page, nxt)
        wait_frame_step(page, k, lang)
        assert hash_of(page) == f"#lesson=turn&pick=amigo-fig1&step={k}&lang={lang}"
    assert nxt.is_disabled()  # the last step
    back = still(page).locator(".snt-stepper .snt-back")
    assert still(page).locator(":focus").count() == 1  # the focus stays on a control of the frame
    for k in range(n - 1, 0, -1):
        page.keyboard.press("ArrowLeft")
        wait_frame_step(page, k, lang)
    assert back.is_disabled() and hash_of(page).endswith(f"&step=1&lang={lang}")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    wait_frame_step(page, 3, lang)
    page.reload()
    wait_frame_step(page, 3, lang)
    assert hash_of(page) == f"#lesson=turn&pick=amigo-fig1&step=3&lang={lang}"
    assert page.evaluate("() => document.documentElement.dataset.python") is None  # all of it without Python


def test_every_walkthrough_lesson_and_pick_without_python(page, site_url, site_dir):
    """The hand to its end and back to its start; a variant picked with the mouse opens at its first
    step, in the URL; Next there; the lesson list and a language switch, all before Python."""
    no_python(page)
    page.goto(f"{site_url}/app.html#lesson=hand&lang=en")
    wait_frame_step(page, 1)
    n = frame_steps(site_dir, "hand", None, "en")
    mouse_click(page, still(page).locator(".snt-stepper .snt-end"))
    wait_frame_step(page, n)
    assert hash_of(page) == f"#lesson=hand&step={n}&lang=en"
    mouse_click(page, still(page).locator(".snt-stepper .snt-restart"))
    wait_frame_step(page, 1)
    # the lesson list: the eight variants, then Professional picked by the mouse
    mouse_click(page, page.locator("#menu"))
    mouse_click(page, page.locator("#lessons a", has_text="The eight variants"))
    page.wait_for_function("() => location.hash === '#lesson=variants&pick=tactics&step=1&lang=en'")
    mouse_click(page, still(page).locator(".snt-pickline button[data-value='professional']"))
    page.wait_for_function("() => location.hash === '#lesson=variants&pick=professional&step=1&lang=en'")
    wait_frame_step(page, 1)
    assert "Professional" in still(page).locator(".snt-stepper .snt-steptitle").inner_text()
    mouse_click(page, still(page).locator(".snt-stepper .snt-next"))
    wait_frame_step(page, 2)
    assert axe_serious(static_doc(page)) == [], "a variant's frame, before Python"
    # another language keeps the place: the same variant and step, in Romanian words
    choose_language(page, "Română")
    page.wait_for_function("() => location.hash === '#lesson=variants&pick=professional&step=2&lang=ro'")
    wait_frame_step(page, 2, "ro")
    assert page.evaluate("() => document.documentElement.dataset.python") is None


def test_a_lesson_that_needs_python_says_what_it_waits_for(page, site_url):
    """Play, with Python kept from starting: its first view at once, a progress line, nothing that answers."""
    no_python(page)
    page.goto(f"{site_url}/app.html#lesson=play&lang=en")
    still(page).locator(".snt-app .snt-intro").wait_for(state="visible", timeout=10_000)
    assert page.locator("#starting .toast").is_visible()
    assert "Starting Python" in page.locator("#starting").inner_text()
    assert still(page).locator("button:not([disabled])").count() == 0


def shown(frame_or_doc) -> dict:
    """What a stepper shows: its position line, its words, and the cards of each drawn row."""
    return frame_or_doc.evaluate("""() => { const st = document.querySelector('.snt-app .snt-stepper');
        return { pos: st.querySelector('.snt-steppos').textContent,
                 words: st.querySelector('.snt-steptext').textContent,
                 rows: [...st.querySelectorAll('.snt-steptable [data-row]')].map(r =>
                     [r.dataset.row, [...r.querySelectorAll('[data-card]')].map(c => c.dataset.card)]) }; }""")


def test_python_that_cannot_load_is_said_and_the_walkthrough_still_steps(page, site_url):
    """Pyodide refused (a broken download): the page says the lesson could not start (its
    catalogue's words, not a traceback); the walkthrough's frames still step."""
    page.context.route("**/pyodide.mjs", lambda route: route.abort())
    page.goto(f"{site_url}/app.html#lesson=turn&lang=en")
    wait_frame_step(page, 1)
    page.locator('#starting-words[data-t="app.failed"]').wait_for(timeout=60_000)
    assert "Traceback" not in page.locator("#starting").inner_text()
    mouse_click(page, still(page).locator(".snt-stepper .snt-next"))
    wait_frame_step(page, 2)
    assert page.evaluate("() => document.documentElement.dataset.python") is None


def test_python_takes_over_at_the_step_reached(page, site_url):
    """Step 3 by mouse before Python is up; at the handover the live lesson is at step 3, shows the
    same words and the same cards in the same rows, and has the focus on Next; the next Enter is
    the live lesson's."""
    page.goto(f"{site_url}/app.html#lesson=turn&lang=en")
    wait_frame_step(page, 1)
    nxt = still(page).locator(".snt-stepper .snt-next")
    mouse_click(page, nxt)
    mouse_click(page, nxt)
    wait_frame_step(page, 3)
    before = shown(static_doc(page))
    page.locator("#starting").wait_for(state="hidden", timeout=120_000)  # the handover
    frame = lesson(page)
    wait_step(frame, 3)
    assert shown(frame) == before
    assert frame.evaluate("() => document.activeElement.classList.contains('snt-next')")
    page.keyboard.press("Enter")
    wait_step(frame, 4)
    page.wait_for_function("() => location.hash === '#lesson=turn&pick=amigo-fig1&step=4&lang=en'")


# The app page's channel to Python (its name is the page's own), heard by the test as Python's
# messages arrive: the first is Python's "ready" with the place it drew.
HEAR = """(() => { const Channel = window.BroadcastChannel; window.heard = [];
  window.BroadcastChannel = class extends Channel { constructor(name) { super(name);
    const ear = new Channel(name); ear.onmessage = (e) => window.heard.push(JSON.parse(e.data)); } }; })()"""


def test_python_starts_where_the_learner_is_when_it_is_ready(page, site_url):
    """Python starts with the page, but asks where to start only once it can draw: three Nexts
    taken while its WebAssembly is still on its way (held), and Python's first word is "ready" at
    step 4 — drawn there at once, with no step 1 first and no "go" after it."""
    held = []
    page.context.route("**/*.wasm", lambda route: held.append(route))  # Python's worker waits for it
    page.add_init_script(HEAR)
    page.goto(f"{site_url}/app.html#lesson=turn&lang=en")
    wait_frame_step(page, 1)
    nxt = still(page).locator(".snt-stepper .snt-next")
    for step in (2, 3, 4):
        mouse_click(page, nxt)
        wait_frame_step(page, step)
    page.wait_for_function("() => document.querySelector('#app').src.includes('live.html#')")
    assert len(held) == 1 and page.evaluate("() => window.heard") == []  # Python asked for Pyodide, no further
    held[0].continue_()
    page.locator("#starting").wait_for(state="hidden", timeout=120_000)  # the handover
    wait_step(lesson(page), 4)
    assert page.evaluate("() => window.heard[0]") == {"ready": "lesson=turn&pick=amigo-fig1&step=4&lang=en"}


def trainer_said(page_or_frame, part: str) -> str:
    return page_or_frame.evaluate("(p) => document.querySelector('.snt-app .snt-t' + p).textContent", part)


def drawn_card(root, card: int):
    """Card ``card`` drawn in a row of the trainer's table (clicking it presses the row's button)."""
    return root.locator(f'.snt-app .snt-ttable .snt-rowpick svg[data-card="{card}"]')


def test_the_documents_questions_are_answered_before_python(page, site_url):
    """The trainer's first question (Amigo: rows 8, 24, 69, 81; card 29) with Python kept from
    starting: "row 1" by the mouse is wrong — 29 goes after 24, in row 2 (rule 2, the smallest
    difference, RULES.md) — and scores 0 of 1; the next question by the keyboard; "row 2"… right.
    A row is answered by clicking the drawn row (its card), as on the live trainer."""
    no_python(page)
    page.goto(f"{site_url}/app.html#lesson=trainer&lang=en")
    answers = still(page).locator(".snt-app .snt-ttable button")
    answers.first.wait_for(state="visible", timeout=10_000)
    assert answers.first.is_enabled()
    mouse_click(page, drawn_card(still(page), 8))  # row 1 (its end 8), on the drawn row
    doc = static_doc(page)
    said = trainer_said(doc, "feedback")
    assert "Not quite" in said and "goes after 24 in row 2" in said and "rule 2" in said
    assert "0 of 1" in trainer_said(doc, "head")
    nxt = still(page).locator(".snt-app .snt-tnext button")
    assert nxt.is_enabled()
    assert axe_serious(doc) == [], "the trainer's frame, answered, before Python"
    nxt.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('preview').contentDocument"
                           ".querySelector('.snt-app .snt-tfeedback').textContent.trim() === ''")
    assert page.evaluate("() => document.documentElement.dataset.python") is None


def test_the_trainer_judges_as_the_engine_does_and_python_takes_over(page, site_url):
    """The first question answered before Python ("row 2": right, 1 of 1), the second asked; at the
    handover Python asks that same second question with the score 1 of 1, and its judgement of
    the first, asked again later in the live trainer, is the frames' word for word."""
    page.goto(f"{site_url}/app.html#lesson=trainer&lang=en")
    answers = still(page).locator(".snt-app .snt-ttable button")
    answers.first.wait_for(state="visible", timeout=10_000)
    mouse_click(page, drawn_card(still(page), 24))  # row 2, on the drawn row
    doc = static_doc(page)
    judged = trainer_said(doc, "feedback")
    assert "Right" in judged and "1 of 1" in trainer_said(doc, "head")
    mouse_click(page, still(page).locator(".snt-app .snt-tnext button"))
    second = trainer_said(doc, "prompt")
    page.locator("#starting").wait_for(state="hidden", timeout=120_000)
    frame = lesson(page)
    assert trainer_said(frame, "prompt") == second and "1 of 1" in trainer_said(frame, "head")
    # the same first question in the live trainer (a new visit), answered the same way
    page.goto(f"{site_url}/app.html#lesson=play&lang=en")
    page.goto(f"{site_url}/app.html#lesson=trainer&lang=en")
    page.reload()
    page.locator("#starting").wait_for(state="hidden", timeout=120_000)
    frame = lesson(page)
    mouse_click(page, drawn_card(frame, 24))  # row 2
    frame.locator(".snt-app .snt-tfeedback .snt-ok").wait_for()
    assert trainer_said(frame, "feedback") == judged


def test_try_it_before_python_and_after(page, site_url):
    """Twins' "Try it" opened and its first question answered by mouse before Python is up: the
    judgement shows at once; at the handover the live lesson has "Try it" open with the same
    judgement, word for word."""
    page.goto(f"{site_url}/app.html#lesson=variants&pick=twins&lang=en")
    wait_frame_step(page, 1)
    toggle = still(page).locator(".snt-pickline .snt-trytoggle")
    mouse_click(page, toggle)
    answer = still(page).locator(".snt-drill .snt-danswers button").first
    answer.wait_for(state="visible")
    mouse_click(page, answer)
    doc = static_doc(page)
    judged = doc.evaluate("() => document.querySelector('.snt-drill .snt-dfeedback').textContent")
    assert judged.strip() and any(w in judged for w in ("Right", "Allowed", "Wrong", "Not"))
    page.locator("#starting").wait_for(state="hidden", timeout=120_000)
    frame = lesson(page)
    assert frame.locator(".snt-app .snt-drill").is_visible()
    assert frame.evaluate("() => document.querySelector('.snt-app .snt-drill .snt-dfeedback').textContent") == judged


SCREENS = [(360, 740), (390, 844), (768, 1024), (1280, 800), (1920, 1080)]  # phones, tablet, laptop, projector


@pytest.mark.parametrize("width,height", SCREENS, ids=[f"{w}x{h}" for w, h in SCREENS])
def test_the_words_the_rows_and_next_are_in_view_together(page, site_url, width, height):
    """On each screen, before Python: at each step of one turn and of the hand's first turn, the
    step's words and the row they are about (highlighted) fit on the screen together, between the
    page's header and footer, and are drawn next to each other; Next can be clicked; the page never
    scrolls sideways."""
    no_python(page)
    page.set_viewport_size({"width": width, "height": height})
    for route, steps in (("lesson=turn&pick=pitfall-2", 7), ("lesson=hand", 6)):
        page.goto("about:blank")  # a fresh page each time (not a change of the fragment)
        page.goto(f"{site_url}/app.html#{route}&lang=en")
        wait_frame_step(page, 1)
        for k in range(1, steps + 1):
            if k > 1:
                mouse_click(page, still(page).locator(".snt-stepper .snt-next"))
                wait_frame_step(page, k)
            still(page).locator(".snt-stepper .snt-next").scroll_into_view_if_needed()
            view = page.evaluate("""() => {
                const f = document.getElementById('preview'), d = f.contentDocument, top = f.getBoundingClientRect().top;
                const box = s => { const e = d.querySelector(s); if (!e) return null; const r = e.getBoundingClientRect();
                                   return [r.top + top, r.bottom + top]; };
                return { area: [document.querySelector('header').getBoundingClientRect().bottom,
                                document.querySelector('footer').getBoundingClientRect().top],
                         words: box('.snt-stepper .snt-steptext .snt-say'), row: box('.snt-stepper .snt-row-hl'),
                         next: box('.snt-stepper .snt-next'), wide: d.scrollingElement.scrollWidth > d.scrollingElement.clientWidth }; }""")
            low, high = view["area"]
            parts = [view[p] for p in ("row", "words") if view[p] is not None]  # no row: the deal, the reveal
            span = max(b for _t, b in parts) - min(t for t, _b in parts)
            assert span <= high - low + 1, f"{route} step {k}: the row and the words need {span:.0f} px, the screen has {high - low:.0f}"
            top, bottom = view["next"]
            assert top >= low - 1 and bottom <= high + 1, f"{route} step {k}: Next {view['next']} not in {view['area']}"
            assert not view["wide"], f"{route} step {k}: the page scrolls sideways"


def test_the_cards_before_python_and_after(page, site_url):
    """The cards lesson (the app's first): Next card by mouse (55 → 56, 1 head), the 5-head kind by
    mouse (a double: 11, 22, …, 99, not 55 — RULES.md), card 33 typed with the keyboard (5 heads);
    then Python takes over showing card 33 and the 5-head cards."""
    page.goto(f"{site_url}/app.html#lesson=cards&lang=en")
    nxt = still(page).locator(".snt-app .snt-cnext")
    nxt.wait_for(state="visible", timeout=10_000)
    mouse_click(page, nxt)
    doc = static_doc(page)
    said = lambda part: doc.evaluate("(p) => document.querySelector('.snt-app .snt-c' + p).textContent", part)  # noqa: E731
    assert "56" in said("card") and "1 head" in said("card")
    mouse_click(page, still(page).locator(".snt-app .snt-ckind").nth(3))  # 1, 2, 3, 5, 7 heads
    gallery = said("gallery")
    assert "5 heads" in gallery and "8 cards" in gallery
    box = still(page).locator(".snt-app .snt-cinput input")
    mouse_click(page, box)
    page.keyboard.press("Control+A")
    page.keyboard.type("33")
    page.wait_for_function("() => document.getElementById('preview').contentDocument"
                           ".querySelector('.snt-app .snt-ccard').textContent.includes('33')")
    assert "5 heads" in said("card")
    card, gallery = said("card"), said("gallery")
    page.locator("#starting").wait_for(state="hidden", timeout=120_000)
    frame = lesson(page)
    live = lambda part: frame.evaluate("(p) => document.querySelector('.snt-app .snt-c' + p).textContent", part)  # noqa: E731
    assert live("card") == card and live("gallery") == gallery
