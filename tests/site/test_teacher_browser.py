"""The teacher's toolkit in the browser (issue 13): the teacher page (the guide in each language,
linked from the landing page and the app), printing a lesson (all of it, not the frame's visible
part), and saved games in Play (download, open, a tampered file refused).

Expected words come from the guides' own Markdown and from the catalogues, never from the pages."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from app_driver import controls_covered, go, mouse_click
from site_harness import ROOT

from sixnimmt_core.engine.errors import CorruptLog
from sixnimmt_core.words import i18n

DOCS = ROOT / "docs"
GUIDES = {"en": "teacher-guide.md", "cs": "teacher-guide.cs.md", "sk": "teacher-guide.sk.md",
          "ro": "teacher-guide.ro.md"}
PAGES = {"en": "teacher.html", "cs": "teacher.cs.html", "sk": "teacher.sk.html", "ro": "teacher.ro.html"}


def teacher_word(key: str, lang: str) -> str:
    return i18n.text(key, lang, domain="teacher")


def guide_headings(lang: str) -> list[str]:
    """The headings of a guide as its Markdown writes them (levels 1–3), markup taken out."""
    out, fenced = [], False
    for line in (DOCS / GUIDES[lang]).read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        m = re.match(r"^(#{1,3}) (.+?)\s*$", line)
        if m and not fenced:
            out.append(re.sub(r"[`*]", "", m.group(2)))
    return out


def inside_viewport(page, locator) -> bool:
    box = locator.bounding_box()
    vp = page.viewport_size
    return bool(box) and box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= vp["width"] \
        and box["y"] + box["height"] <= vp["height"]


# ---- the teacher page -----------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", list(GUIDES))
def test_the_landing_page_links_the_teacher_page_in_its_language(page, site_url, lang):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{site_url}/index.html#lang={lang}")
    link = page.locator("a#teacher")
    link.wait_for(state="visible")
    assert link.inner_text() == teacher_word("teacher.link", lang)
    mouse_click(page, link)
    page.wait_for_url(re.compile(re.escape(PAGES[lang]) + "$"))
    assert page.locator("h1").inner_text() == guide_headings(lang)[0]
    assert page.evaluate("document.documentElement.lang") == lang


# The landmark and region rules axe reports (some only as "moderate"): every page's content inside a
# landmark, one main, no scrolling box the keyboard cannot reach.
LANDMARK_RULES = ("region", "landmark-one-main", "landmark-no-duplicate-main", "landmark-unique",
                  "landmark-complementary-is-top-level", "landmark-main-is-top-level", "scrollable-region-focusable")


def axe_violations(page) -> list[tuple[str, str, int]]:
    from app_driver import axe_violations as found

    return [(v["id"], v["impact"], len(v["nodes"])) for v in found(page)]


@pytest.mark.parametrize("where", ["index.html#lang=en", "index.html#lang=cs", *PAGES.values()])
def test_axe_finds_nothing_serious_and_the_landmarks_right_on_the_landing_and_teacher_pages(page, site_url, where):
    for size in ({"width": 1280, "height": 800}, {"width": 390, "height": 844}):
        page.set_viewport_size(size)
        page.goto(f"{site_url}/{where}")
        page.locator("h1").wait_for(state="visible")
        found = axe_violations(page)
        assert [v for v in found if v[1] in ("serious", "critical")] == [], (where, size)
        assert [v for v in found if v[0] in LANDMARK_RULES] == [], (where, size)


def test_the_teacher_page_s_wide_tables_and_code_scroll_by_keyboard(page, site_url):
    """Each table and block of code is a named region the keyboard reaches; on a phone one that is
    wider than the screen scrolls with the arrow keys, the page itself does not scroll sideways."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site_url}/{PAGES['cs']}")
    boxes = page.locator("main .scroll, main pre")
    assert boxes.count() >= 5
    names = boxes.evaluate_all("es => es.map(e => [e.tabIndex, e.getAttribute('role'), e.getAttribute('aria-label')])")
    assert all(t == 0 and r == "region" and label for t, r, label in names), names
    labels = [label for _, _, label in names]
    assert len(set(labels)) == len(labels)  # no two regions share a name (axe: landmark-unique)
    assert teacher_word("teacher.scroll.table", "cs").format(n=1) in labels
    assert teacher_word("teacher.scroll.code", "cs").format(n=1) in labels
    wide = boxes.evaluate_all("es => es.findIndex(e => e.scrollWidth > e.clientWidth + 1)")
    assert wide >= 0  # a line of code wider than a phone
    box = boxes.nth(wide)
    box.focus()
    box.press("ArrowRight")
    page.wait_for_function("(i) => document.querySelectorAll('main .scroll, main pre')[i].scrollLeft > 0", arg=wide)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth + 1")


@pytest.mark.parametrize("lang", list(GUIDES))
def test_each_teacher_page_shows_its_guide_s_headings(page, site_url, lang):
    page.goto(f"{site_url}/{PAGES[lang]}")
    # the guide's headings (the Class tables section after its title is the page's own: test_class_browser.py)
    shown = [h.strip() for h in page.locator("main :is(h1, h2, h3):not(#class-tables *)").all_inner_texts()]
    assert shown == guide_headings(lang)
    assert page.title().startswith(guide_headings(lang)[0])
    # its own words, in its language: the way home, to the app, to the handouts
    for key in ("teacher.home", "teacher.app", "teacher.handouts"):
        assert page.locator("header nav a", has_text=teacher_word(key, lang)).count() == 1, key
    assert page.locator("#print").inner_text() == teacher_word("teacher.print", lang)
    # every link within the page lands on a heading of it
    anchors = page.evaluate("[...document.querySelectorAll('main a[href^=\"#\"]')].map(a => a.getAttribute('href'))")
    assert len(anchors) >= 5  # the guide's contents line
    missing = page.evaluate("(hs) => hs.filter(h => !document.getElementById(decodeURIComponent(h.slice(1))))", anchors)
    assert not missing, missing


def test_the_teacher_page_s_links_into_docs_and_to_the_handouts_work(page, site_url):
    page.goto(f"{site_url}/teacher.cs.html")
    for name in ("site.md", "rulings.md"):
        heading = next(line[2:].strip() for line in (DOCS / name).read_text(encoding="utf-8").splitlines()
                       if line.startswith("# "))
        link = page.locator(f'main a[href="guide-docs/{name[:-3]}.html"]').first
        assert link.count() == 1, name
        mouse_click(page, link)
        page.wait_for_url(re.compile(f"guide-docs/{name[:-3]}.html$"))
        assert page.locator("main h1").inner_text().replace("`", "") == heading.replace("`", "")
        page.go_back()
    handouts = page.locator("header nav a", has_text=teacher_word("teacher.handouts", "cs"))
    mouse_click(page, handouts)
    page.wait_for_url(re.compile(r"handouts/index\.html$"))
    assert page.locator('a[href="cs/rules.pdf"]').count() == 1
    # the other languages, each by its own name
    page.goto(f"{site_url}/teacher.cs.html")
    mouse_click(page, page.locator("#langs a", has_text=i18n.NAMES["ro"]))
    page.wait_for_url(re.compile(r"teacher\.ro\.html$"))
    assert page.locator("h1").inner_text() == guide_headings("ro")[0]


def test_the_teacher_page_fits_a_phone(page, site_url):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site_url}/teacher.sk.html")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert inside_viewport(page, page.locator("header nav a").first)


def test_the_app_links_the_teacher_page_in_its_language(page, site_url):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{site_url}/app.html#lesson=cards&lang=sk")
    mouse_click(page, page.locator("#menu"))
    link = page.locator("#lessons a#teacher")
    link.wait_for(state="visible")
    assert link.inner_text() == teacher_word("teacher.link", "sk") and inside_viewport(page, link)
    mouse_click(page, link)
    page.wait_for_url(re.compile(r"teacher\.sk\.html$"))
    assert page.locator("h1").inner_text() == guide_headings("sk")[0]


# ---- printing a lesson ----------------------------------------------------------------------------------
def pdf_tools() -> None:
    if not (shutil.which("pdftotext") and shutil.which("pdftoppm")):
        pytest.fail("pdftotext/pdftoppm missing: `make browser-deps` installs poppler-utils")


def ink(png: Path) -> float:
    """The share of a page's pixels that are not white (a blank page has none)."""
    from PIL import Image

    img = Image.open(png).convert("L")
    dark = sum(img.histogram()[:200])
    return dark / (img.width * img.height)


def test_printing_a_lesson_prints_all_of_it(live, tmp_path):
    pdf_tools()
    page = live
    page.set_viewport_size({"width": 1280, "height": 800})
    frame = go(page, "lesson=cards&lang=en")
    # "every card with 1 head": 76 cards, far more than the lesson's frame shows at once
    mouse_click(page, frame.locator("button", has_text="76"))
    last = frame.locator(".snt-app [data-card='104']").first
    last.wait_for(state="attached")
    assert last.bounding_box()["y"] > frame.evaluate("innerHeight"), "104 is shown without scrolling"
    pdf = tmp_path / "lesson.pdf"
    page.pdf(path=str(pdf), prefer_css_page_size=True)
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    one_head = [c for c in range(1, 105) if c % 5 and c % 11]  # the cards with one head (the rules)
    assert len(one_head) == 76
    printed = {int(n) for n in re.findall(r"\b\d{1,3}\b", text)}
    assert set(one_head) <= printed, sorted(set(one_head) - printed)
    assert "76 cards with 1 head" in text and "Card 55: 7 cattle heads" in text
    # no page chrome: not the title bar, the lesson list, Previous / Next
    for chrome in ("☰", "Previous", "Next lesson", "Lesson 1 of"):
        assert chrome not in text, chrome
    pages = int(re.search(r"Pages:\s+(\d+)", subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True,
                                                               check=True).stdout).group(1))
    assert pages >= 2  # all of it, not one screen's worth
    subprocess.run(["pdftoppm", "-r", "50", "-gray", "-png", str(pdf), str(tmp_path / "page")], check=True)
    shots = sorted(tmp_path.glob("page-*.png"))
    assert len(shots) == pages and all(ink(p) > 0.01 for p in shots)
    # after printing the app is as it was: the copy is gone, the lesson still shown
    assert page.evaluate("document.getElementById('print-copy').children.length") == 0
    assert frame.locator(".snt-app").is_visible()


def luminance(colour: str) -> float:
    """The relative luminance of an #rrggbb colour (WCAG: white 1, black 0)."""
    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(int(colour[i:i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_printing_the_teacher_page_prints_the_guide_alone(page, site_url, tmp_path):
    pdf_tools()
    page.goto(f"{site_url}/teacher.ro.html")
    pdf = tmp_path / "guide.pdf"
    page.pdf(path=str(pdf), prefer_css_page_size=True)
    text = " ".join(subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout.split())
    for heading in guide_headings("ro"):
        assert " ".join(heading.split()) in text, heading
    guide = " ".join((DOCS / GUIDES["ro"]).read_text(encoding="utf-8").split())
    for key in ("teacher.print", "teacher.home", "teacher.app"):  # the page's own bar is not printed
        word = teacher_word(key, "ro")  # (the guide may name a button of the bar in its text)
        assert text.count(word) == guide.count(word), key
    subprocess.run(["pdftoppm", "-r", "40", "-gray", "-png", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "g")],
                   check=True)
    (png,) = tmp_path.glob("g-*.png")
    assert ink(png) > 0.01


def test_a_printed_lesson_draws_the_heads_outlined_in_black(live):
    page = live
    frame = go(page, "lesson=cards&lang=en")
    frame.locator(".snt-app svg[data-card='55']").first.wait_for()
    page.emulate_media(media="print")
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")  # what the browser does before it prints
    heads = page.evaluate("""() => {
        const card = document.querySelector('#print-copy svg[data-card="55"]');
        if (!card) return null;
        const uses = [...card.querySelectorAll('use')].filter(u => /snt-head/.test(u.getAttribute('href')));
        const symbol = document.getElementById(uses[0].getAttribute('href').slice(1));
        return { drawn: uses.filter(u => { const r = u.getBoundingClientRect(); return r.width > 4 && r.height > 4; }).length,
                 stroke: symbol.querySelector('g[stroke]').getAttribute('stroke'),
                 shown: getComputedStyle(document.getElementById('print-copy')).display,
                 app: getComputedStyle(document.querySelector('main')).display };
    }""")
    assert heads is not None, "the printed copy has no card 55"
    assert heads["drawn"] == 7  # 55 carries 7 heads (the rules), each drawn at a visible size
    # outlined in near-black (at least 15:1 against the white paper): they show without colour
    assert (1 + 0.05) / (luminance(heads["stroke"]) + 0.05) >= 15
    assert heads["shown"] == "block" and heads["app"] == "none"  # the copy prints, the frame does not
    page.evaluate("window.dispatchEvent(new Event('afterprint'))")
    page.emulate_media(media="screen")
    assert page.evaluate("document.getElementById('print-copy').children.length") == 0


# ---- saved games ----------------------------------------------------------------------------------------
# Play's choices: its cards and buttons, and a row to take (or a tie's place) on the drawn row itself
PLAY_CHOICES = ".snt-app .snt-tablecell button:enabled, .snt-app .snt-choices button:enabled"


def play_out(page, frame) -> None:
    """Play the learner's seat to the end of the hand with the mouse: the first choice offered each time."""
    body = frame.locator(".snt-app .snt-playbody")
    for _ in range(40):
        # Python answers in its own time: the next choice, or (the hand over) the download link
        frame.wait_for_function("""(choices) => document.querySelector('.snt-app a.snt-download') ||
            [...document.querySelectorAll(choices)].some(b => !b.disabled && b.offsetParent)""", arg=PLAY_CHOICES,
                                timeout=60_000)
        if frame.locator(".snt-app a.snt-download").count():
            return
        before = body.inner_text()
        choice = frame.locator(PLAY_CHOICES).first
        mouse_click(page, choice)
        frame.wait_for_function("(t) => document.querySelector('.snt-app .snt-playbody').innerText !== t", arg=before,
                                timeout=60_000)
    raise AssertionError("the hand never ended")


def replay_state(frame) -> dict:
    return frame.evaluate("""() => { const r = document.querySelector('.snt-app .snt-replay');
        return { pos: r.querySelector('.snt-pos').textContent, words: r.querySelector('.snt-steptext').innerText,
                 hindsight: r.querySelector('.snt-hindsight').innerText }; }""")


def test_a_game_is_downloaded_opened_again_and_a_tampered_file_refused(live, tmp_path):
    from sixnimmt_core.teaching.saved import load

    lang = "cs"
    page = live
    page.set_viewport_size({"width": 1280, "height": 800})
    frame = go(page, f"lesson=play&lang={lang}")
    assert frame.locator(".snt-app a.snt-download").count() == 0  # nothing to download before a game ends
    play_out(page, frame)
    link = frame.locator(".snt-app a.snt-download")
    assert link.inner_text().strip().endswith(teacher_word("saved.download", lang))
    with page.expect_download() as info:
        mouse_click(page, link)
    download = info.value
    assert download.suggested_filename == "6nimmt-base-4p.json"
    saved = tmp_path / download.suggested_filename
    download.save_as(str(saved))
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["format"] == "sixnimmt-log" and data["players"] == 4
    game = load(saved.read_bytes())  # the engine replays it event by event
    assert game.over
    shown = frame.locator(".snt-app .snt-playbody .snt-ok table.snt-seats").inner_text()
    assert sorted(int(n) for n in re.findall(r"\t(\d+)\s*$", shown, re.M)) == sorted(game.totals)

    # open it again: the file chooser, by a click of the mouse
    with page.expect_file_chooser() as chooser:
        mouse_click(page, frame.locator(".snt-app .snt-open"))
    chooser.value.set_files(str(saved))
    replay = frame.locator(".snt-app .snt-replay")
    replay.wait_for(state="visible", timeout=60_000)
    title = i18n.text("saved.title", lang, domain="teacher").format(file=saved.name)
    assert replay.locator(".snt-steptitle").inner_text() == title
    # opened into view: its Next button has the keyboard's focus and lies inside the lesson's frame
    frame.wait_for_function("() => document.activeElement && document.activeElement.closest('.snt-replay')"
                            " && document.activeElement.classList.contains('snt-next')", timeout=15_000)
    inside = frame.evaluate("""() => { const r = document.activeElement.getBoundingClientRect();
        return [r.top, r.bottom, innerHeight]; }""")
    assert inside[0] >= 0 and inside[1] <= inside[2], inside  # within the lesson frame's viewport
    # step on to the learner's first card: the Coach's hindsight on it, in Czech
    when = i18n.text("hindsight.when", lang, domain="teacher").format(hand=1, turn=1)
    for _ in range(6):
        if when in replay.locator(".snt-hindsight").inner_text():
            break
        before = replay.locator(".snt-pos").inner_text()
        mouse_click(page, replay.locator(".snt-next"))
        frame.wait_for_function("(t) => document.querySelector('.snt-replay .snt-pos').textContent !== t", arg=before)
    hindsight = replay.locator(".snt-hindsight").inner_text()
    assert f"{when}: tvůj tah — " in hindsight and "≈" in hindsight
    kept = replay_state(frame)

    # a tampered copy: a score changed by hand
    data["events"][-2]["scores"][0] += 1
    assert data["events"][-2]["kind"] == "hand_ended"
    bad = tmp_path / "tampered.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CorruptLog) as refused:
        load(bad.read_bytes())
    with page.expect_file_chooser() as chooser:
        mouse_click(page, frame.locator(".snt-app .snt-open"))
    chooser.value.set_files(str(bad))
    alert = frame.locator(".snt-app .snt-savedgames .snt-bad[role=alert]")
    alert.wait_for(state="visible", timeout=60_000)
    said = alert.inner_text()
    from sixnimmt_core.teaching.saved import plain_refusal

    assert teacher_word("saved.refused", lang) in said and plain_refusal(refused.value, lang) in said
    assert not any(w in said for w in ("JSON", "event", "hand_ended", "{", "§"))  # plain words, no file quoted
    # the picker shows its label and no count of files ("(0)" after the reset): ipywidgets' own text at
    # size 0, the label drawn before it
    shown_label = frame.evaluate("""() => { const b = document.querySelector('.snt-app .snt-open');
        return [getComputedStyle(b).fontSize, getComputedStyle(b, '::before').content,
                getComputedStyle(b, '::before').fontSize]; }""")
    assert shown_label[0] == "0px" and teacher_word("saved.open", lang) in shown_label[1] and shown_label[2] != "0px"
    assert replay_state(frame) == kept  # the stepper shows what it showed
    assert frame.locator(".snt-app .snt-replay").count() == 1
    assert frame.locator(".snt-app a.snt-download").count() == 1  # the game played is still there to save

    # the saved game's controls and the replay: nothing covers them, axe finds nothing serious, and
    # on a phone nothing scrolls sideways
    from app_driver import axe_serious

    assert not controls_covered(frame)
    assert not axe_serious(frame)
    page.set_viewport_size({"width": 390, "height": 844})
    frame.wait_for_function("() => innerWidth < 400")
    assert frame.evaluate("document.querySelector('.snt-app').scrollWidth <= innerWidth + 1")
    assert not controls_covered(frame)


# ---- every bad saved game of tests/fixtures/bad_saves, in the browser ------------------------------------
BAD_SAVES = ROOT / "tests" / "fixtures" / "bad_saves"


@pytest.mark.parametrize("lang", ["cs", "en", "sk", "ro"])
def test_every_bad_saved_game_is_refused_in_plain_words_and_python_lives_on(live, lang):
    """Each bad file (all of them in Czech, three in the other languages) is refused with the sentence
    saved.plain_refusal gives, with no JSON, event or section in it; between two bad files the good
    one opens, so each refusal is seen to be new and Python is seen to be alive (the 6,000 brackets
    once killed it for good)."""
    from sixnimmt_core.teaching.saved import load, plain_refusal

    names = sorted(p.name for p in BAD_SAVES.glob("*.json") if p.name != "good.json")
    if lang != "cs":
        names = ["deep-brackets.json", "chose-without-card.json", "card-not-in-hand.json"]
    page = live
    page.set_viewport_size({"width": 1280, "height": 800})
    frame = go(page, f"lesson=play&lang={lang}")
    alert = frame.locator(".snt-app .snt-savedgames .snt-bad[role=alert]")
    title = frame.locator(".snt-app .snt-replay .snt-steptitle")

    def choose(name: str) -> None:
        with page.expect_file_chooser() as chooser:
            mouse_click(page, frame.locator(".snt-app .snt-open"))
        chooser.value.set_files(str(BAD_SAVES / name))

    for name in names:
        choose("good.json")
        frame.wait_for_function("(t) => { const e = document.querySelector('.snt-replay .snt-steptitle');"
                                " return e && e.textContent === t && !document.querySelector('.snt-savedgames .snt-bad'); }",
                                arg=i18n.text("saved.title", lang, domain="teacher").format(file="good.json"), timeout=60_000)
        choose(name)
        alert.wait_for(state="visible", timeout=60_000)
        with pytest.raises(CorruptLog) as refused:
            load((BAD_SAVES / name).read_bytes())
        said = alert.inner_text()
        assert plain_refusal(refused.value, lang) in said, name
        assert not any(w in said for w in ("JSON", "event", "§", ".md", "{", "Expecting")), (name, said)
        assert title.inner_text() == i18n.text("saved.title", lang, domain="teacher").format(file="good.json")  # kept
    # the lesson still answers: a step of the game opened last
    before = frame.locator(".snt-app .snt-replay .snt-pos").inner_text()
    mouse_click(page, frame.locator(".snt-app .snt-replay .snt-next"))
    frame.wait_for_function("(t) => document.querySelector('.snt-replay .snt-pos').textContent !== t", arg=before)
