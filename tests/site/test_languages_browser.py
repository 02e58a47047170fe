"""The learning app in English, Czech, Slovak and Romanian in Chromium (issue 12): every lesson at
1280×800, a screenshot of each per language (build/screenshots/lang-<lang>-<lesson>.png), and — in
Czech, Slovak and Romanian — no English sentence left on screen: a visible line that is an English
message of the catalogues, where that language says it otherwise, fails the test and is named.
The lesson text, its buttons, the narration after a Next and a trainer answer's feedback are read;
the language stays across a reload and every lesson switch."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from app_driver import fragment, lesson, mouse_click, open_app, wait_app, wait_lesson, wait_step
from babel.messages.pofile import read_po
from site_harness import SCREENSHOTS

from sixnimmt_core.teaching.teach import app_title
from sixnimmt_core.words import i18n

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 800}
LOCALE = i18n.LOCALE_DIR
PROPER_NAMES = {"6 nimmt!"}  # the game's own name, which a page may keep beside the language's ('6 bere!')


def shot(page, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


@cache
def english_sentences(lang: str) -> list[tuple[re.Pattern[str], str]]:
    """Every English text of every catalogue domain that ``lang`` says otherwise, as a whole-line
    pattern (a {placeholder} matches any words), with the key it comes from. Texts without a word
    of three letters are left out (a number, '{game} — {variant}', 'OK')."""
    out = []
    for po in sorted((LOCALE / "en" / "LC_MESSAGES").glob("*.po")):
        with po.open("rb") as f:
            english = read_po(f, locale="en")
        with (LOCALE / lang / "LC_MESSAGES" / po.name).open("rb") as f:
            own = read_po(f, locale=lang)
        for m in english:
            if not m.id:
                continue
            key = m.id if isinstance(m.id, str) else m.id[0]
            theirs = own.get(key)
            their_forms = set(theirs.string if theirs and theirs.pluralizable else [theirs.string if theirs else ""])
            for text in (m.string if m.pluralizable else [m.string]):
                if text in their_forms or text in PROPER_NAMES or not re.search(r"[A-Za-z]{3,}", re.sub(r"\{[^}]*\}", "", text)):
                    continue
                parts = re.split(r"\{[^}]*\}", text.strip())
                pattern = ".+?".join(re.escape(p) for p in parts)
                out.append((re.compile(rf"^\W*{pattern}\W*$"), f"{po.stem}:{key}"))
    return out


def english_left(text: str, lang: str) -> list[str]:
    """The visible lines of ``text`` (and each sentence of a line) that are an English message."""
    found = []
    for line in {x.strip() for x in text.splitlines() if x.strip()}:
        pieces = {line, *(s.strip() for s in re.split(r"(?<=[.!?:])\s+", line) if s.strip())}
        for piece in pieces:
            for pattern, key in english_sentences(lang):
                if pattern.match(piece):
                    found.append(f"{piece!r} ({key})")
                    break
    return sorted(set(found))


def site_lessons(page) -> list[str]:
    """The lessons the built app offers, in its order (the page's own list)."""
    return [x["key"] for x in page.evaluate("JSON.parse(document.getElementById('lesson-data').textContent)")]


def visible_text(page) -> str:
    """What the app page shows: its own header and the lesson frame's text."""
    head = page.locator("header").inner_text() if page.locator("header").count() else ""
    return head + "\n" + lesson(page).locator(".snt-app").inner_text()


def test_the_check_finds_english_in_an_english_lesson():
    # the Czech check applied to English words: the stepper's buttons and a trainer's feedback are found
    text = "Next ▶\nNot quite.\nDalší ▶\n6 nimmt!\n29"
    left = english_left(text, "cs")
    assert any("'Next ▶'" in x for x in left) and any("Not quite." in x for x in left)
    assert not any("Další" in x or "6 nimmt" in x or "'29'" in x for x in left)


@pytest.mark.parametrize("lang", ["en", "cs", "sk", "ro"])
def test_every_lesson_in_the_language_with_a_screenshot_and_no_english_left(page, site_url, lang):
    page.set_viewport_size(LAPTOP)
    open_app(page, site_url, f"lesson=cards&lang={lang}")
    problems = []
    for i, key in enumerate(site_lessons(page)):
        if i:  # the next lesson, with the mouse on the page's own button: the language stays
            mouse_click(page, page.locator("#next"))
            wait_lesson(page, key, app_title(key, lang))
        assert fragment(page).startswith(f"lesson={key}") and fragment(page).endswith(f"lang={lang}")
        assert page.evaluate("document.documentElement.lang") == lang
        frame = lesson(page)
        frame.wait_for_timeout(400)
        shot(page, f"lang-{lang}-{key}-1280x800")
        if lang != "en":
            problems += [f"{key}: {x}" for x in english_left(visible_text(page), lang)]
        if key == "turn":  # the narration after a Next
            mouse_click(page, frame.locator(".snt-app .snt-stepper .snt-next").first)
            wait_step(frame, 2, lang=lang)
            if lang != "en":
                problems += [f"{key}, after Next: {x}" for x in english_left(visible_text(page), lang)]
            shot(page, f"lang-{lang}-{key}-step2-1280x800")
        if key == "trainer":  # an answer and its feedback
            answer = frame.locator(".snt-app .snt-trainer .jupyter-button").filter(has_text=re.compile(r"\d")).first
            mouse_click(page, answer)
            frame.locator(".snt-app .snt-trainer [role=status]").first.wait_for(state="visible", timeout=60_000)
            feedback = frame.locator(".snt-app .snt-trainer [role=status]").first.inner_text()
            assert feedback.strip(), "the trainer said nothing after an answer"
            if lang != "en":
                problems += [f"{key}, answered: {x}" for x in english_left(visible_text(page), lang)]
            shot(page, f"lang-{lang}-{key}-answered-1280x800")
    assert not problems, "English left on screen:\n" + "\n".join(problems)


def test_the_language_stays_across_a_reload_and_every_lesson_switch(page, site_url):
    page.set_viewport_size(LAPTOP)
    open_app(page, site_url, "lesson=cards&lang=sk")
    lessons = site_lessons(page)
    for key in lessons[1:]:
        mouse_click(page, page.locator("#next"))
        wait_lesson(page, key, app_title(key, "sk"))
        # the table editor's lesson carries its table (it opens with the rulebook's example)
        assert re.fullmatch(rf"lesson={key}(&pick=[\w-]+)?(&pos=[\w.-]+)?(&step=\d+)?&lang=sk", fragment(page))
        if key == "hand":  # a reload in the middle keeps the language and the lesson
            page.reload()
            wait_app(page)
            wait_lesson(page, key, app_title(key, "sk"))
            assert fragment(page).startswith(f"lesson={key}") and fragment(page).endswith("&lang=sk")
        assert page.evaluate("document.documentElement.lang") == "sk"
        assert page.locator("h1").inner_text() == app_title(key, "sk")
    mouse_click(page, page.locator("#prev"))
    wait_lesson(page, lessons[-2], app_title(lessons[-2], "sk"))
    assert fragment(page).startswith(f"lesson={lessons[-2]}") and fragment(page).endswith("&lang=sk")
