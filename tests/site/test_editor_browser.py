"""The table editor (the app's lesson "Set up a table") in Chromium, used as a teacher uses it: the
Professional example 1 table typed with the keyboard, its link opened in a fresh browser (same
rows and cards), an impossible table refused in the engine's words, the QR code on screen read
back by zxing-cpp from a screenshot, "Step through this turn" on that table; the editor on a
laptop and a phone, nothing covering a control, axe-core clean. No request leaves the site."""

from __future__ import annotations

import io
from urllib.parse import parse_qsl, urlsplit

import pytest
from app_driver import (
    controls_covered,
    fragment,
    lesson,
    mouse_click,
    open_app,
    step_state,
    wait_app,
    wait_step,
)
from site_harness import SCREENSHOTS, recorded_context
from test_offline_browser import deployment  # noqa: F401 - the fixture: the site served, then down

from sixnimmt_core.teaching.position import Position

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
# 000 (Slovak), Variant 4, example 1: the table and the four cards played
PRO = Position("professional", 4, ((40, 41, 42, 43, 44), (30, 45, 60), (59,), (67,)), (5, 17, 58, 62))
TYPED_ROWS = ["40 41 42 43 44", "30 45 60", "59", "67"]


def shot(target, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    target.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def editor_boxes(frame) -> dict:
    """What the editor's boxes hold and its status says, as the page shows them."""
    return frame.evaluate("""() => {
        const ed = document.querySelector('.snt-app .snt-editor');
        const boxes = [...ed.querySelectorAll('.snt-edform input[type=text]')].filter(i => !i.readOnly).map(i => i.value);
        const select = ed.querySelector('.snt-edform select');
        return { variant: select.options[select.selectedIndex].textContent, players: ed.querySelector('.snt-edform input[type=number]').value,
                 boxes, status: ed.querySelector('.snt-edform [role=status]').textContent,
                 link: (ed.querySelector('input.snt-edlink') || {}).value || null,
                 drawn: [...ed.querySelectorAll('.snt-edtable [data-row]')].map(r => [...r.querySelectorAll('[data-card]')].map(c => +c.dataset.card)) };
    }""")


def wait_status(frame, text: str, timeout: int = 60_000) -> None:
    frame.wait_for_function("(t) => { const s = document.querySelector('.snt-app .snt-editor .snt-edform [role=status]');"
                            " return s && s.textContent.includes(t); }", arg=text, timeout=timeout)


def wait_drawn(frame, rows: list[list[int]], timeout: int = 60_000) -> None:
    """Wait until the drawn table shows ``rows``: Python checks each keystroke in its own time, and a
    table half typed ("5" of "59") can be one the rules allow too."""
    frame.wait_for_function("""(want) => { const ed = document.querySelector('.snt-app .snt-editor');
        const drawn = ed ? [...ed.querySelectorAll('.snt-edtable [data-row]')].map(
            r => [...r.querySelectorAll('[data-card]')].map(c => +c.dataset.card)) : [];
        return JSON.stringify(drawn) === JSON.stringify(want); }""", arg=rows, timeout=timeout)


def inside_viewport(frame, selector: str) -> list[str]:
    """The elements of ``selector`` not wholly inside the lesson frame's viewport."""
    return frame.evaluate("""(sel) => { const W = innerWidth, H = innerHeight; const out = [];
        for (const e of document.querySelectorAll(sel)) { const r = e.getBoundingClientRect();
            if (r.width === 0) continue;
            if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5)
                out.push((e.getAttribute('aria-label') || e.textContent || e.value || e.tagName).trim().slice(0, 40)); }
        return out; }""", selector)


def read_qr(png: bytes) -> list[str]:
    import zxingcpp
    from PIL import Image

    return [r.text for r in zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))]


def axe_serious(target) -> list[str]:
    from app_driver import axe_serious as run

    return run(target)


def test_a_teacher_types_example_1_shares_its_link_and_steps_through_it(page, browser, site_url, requests_seen):
    page.set_viewport_size(LAPTOP)
    frame = open_app(page, site_url, "lesson=table&lang=en")
    wait_status(frame, "The rules allow this table.")  # it opens with the Amigo rulebook's example, ready to step
    assert editor_boxes(frame)["drawn"] == [[12], [37], [43], [58]]
    # the keyboard only: the third Tab is the lesson's first control, the variant
    for _ in range(3):
        page.keyboard.press("Tab")
    assert frame.evaluate("document.activeElement.tagName") == "SELECT"
    page.keyboard.type("Pro")  # a closed <select> picks the option a person types
    frame.wait_for_function("() => { const s = document.querySelector('.snt-editor select');"
                            " return s.options[s.selectedIndex].textContent === 'Professional'; }")
    page.keyboard.press("Tab")  # players: 4 already, typed again
    page.keyboard.press("Control+A")
    page.keyboard.type("4")
    for text in [*TYPED_ROWS, "5 17 58 62"]:
        page.keyboard.press("Tab")
        page.keyboard.press("Control+A")  # each box holds the example's cards
        page.keyboard.type(text)
    wait_drawn(frame, [[40, 41, 42, 43, 44], [30, 45, 60], [59], [67]])
    wait_status(frame, "The rules allow this table.")
    shown = editor_boxes(frame)
    assert shown["variant"] == "Professional" and shown["players"] == "4"
    assert shown["boxes"] == [*TYPED_ROWS, "5 17 58 62", ""]
    assert shown["drawn"] == [[40, 41, 42, 43, 44], [30, 45, 60], [59], [67]]
    # the link: the app's own address, the table in its fragment, the language last
    frame.wait_for_function("(c) => { const l = document.querySelector('input.snt-edlink'); return l && l.value.includes(c); }",
                            arg=PRO.encode())
    link = editor_boxes(frame)["link"]
    url = urlsplit(link)
    assert f"{url.scheme}://{url.netloc}{url.path}" == f"{site_url}/app.html"
    assert parse_qsl(url.fragment) == [("lesson", "table"), ("pos", PRO.encode()), ("lang", "en")]
    page.wait_for_function("(f) => location.hash === '#' + f", arg=url.fragment, timeout=15_000)
    assert fragment(page) == url.fragment  # the page's own address carries the table too

    # the editor fits a laptop: every box, the words and the buttons in view, nothing covered
    assert inside_viewport(frame, ".snt-editor .snt-edform input, .snt-editor .snt-edform select, "
                                  ".snt-editor .snt-edform [role=status], .snt-editor .snt-edactions button") == []
    assert inside_viewport(frame, ".snt-editor .snt-edtable .snt-table, .snt-editor .snt-qr, input.snt-edlink") == []
    assert controls_covered(frame) == [] and controls_covered(page) == []
    assert axe_serious(frame) == []
    shot(page, "editor-pro1-1280x800")

    # the QR code on the screen reads back as the link (zxing-cpp on a screenshot of it)
    qr = frame.locator(".snt-editor .snt-qr")
    qr.scroll_into_view_if_needed()
    box = qr.bounding_box()
    assert box["width"] >= 150 and abs(box["width"] - box["height"]) <= 2
    assert read_qr(qr.screenshot()) == [link]

    # the link in a fresh browser (no storage, no cache): the same table on the screen
    context = recorded_context(browser, requests_seen)
    try:
        fresh = context.new_page()
        fresh.set_viewport_size(LAPTOP)
        fresh.goto(link)
        other = wait_app(fresh)
        wait_status(other, "The rules allow this table.")
        again = editor_boxes(other)
        assert (again["variant"], again["players"]) == ("Professional", "4")
        assert again["boxes"] == [*TYPED_ROWS, "5 17 58 62", ""]
        assert again["drawn"] == [[40, 41, 42, 43, 44], [30, 45, 60], [59], [67]]
        assert again["link"] == link
        assert read_qr(other.locator(".snt-editor .snt-qr").screenshot()) == [link]
    finally:
        context.close()

    # "Step through this turn": the stepper on that table, played out as the rulebook says
    mouse_click(page, frame.locator(".snt-editor .widget-button", has_text="Step through this turn"))
    frame.locator(".snt-app .snt-editor .snt-stepper").wait_for(state="visible", timeout=60_000)
    wait_step(frame, 1)
    first = step_state(frame)
    assert {40, 41, 42, 43, 44, 30, 45, 60, 59, 67} <= {int(c) for c in first["cards"]}
    assert first["tableInside"] is not False
    mouse_click(page, frame.locator(".snt-editor .snt-stepper .widget-button", has_text="End"))
    frame.wait_for_function("() => document.querySelector('.snt-editor .snt-stepper .snt-next').disabled")
    rows = frame.evaluate("""() => [...document.querySelectorAll('.snt-editor .snt-steptable [data-row]')]
        .map(r => [...r.querySelectorAll('[data-card]')].map(c => +c.dataset.card))""")
    # 000, Variant 4, example 1: B's 17 takes the full first row and starts it; 5 and 62 go to the
    # second row's ends, 58 before 59
    assert rows == [[17], [5, 30, 45, 60, 62], [58, 59], [67]]
    assert controls_covered(frame) == []
    shot(page, "editor-pro1-stepper-1280x800")
    mouse_click(page, frame.locator(".snt-editor .widget-button", has_text="Back to the table editor"))
    wait_status(frame, "The rules allow this table.")
    assert editor_boxes(frame)["boxes"] == [*TYPED_ROWS, "5 17 58 62", ""]

    # "Show the code large": the QR code alone, for the projector, as large as the frame allows
    mouse_click(page, frame.locator(".snt-editor .widget-button", has_text="Show the code large"))
    big = frame.locator(".snt-editor .snt-qrbig")
    big.wait_for(state="visible", timeout=60_000)
    size = big.bounding_box()
    assert size["width"] >= 400 and abs(size["width"] - size["height"]) <= 2, size
    assert inside_viewport(frame, ".snt-editor .snt-qrbig") == []
    assert read_qr(big.screenshot()) == [link]
    shot(page, "editor-qr-large-1280x800")

    # "Ask it in the trainer": the first card played, 5, on this table; "Play from here": a hand
    # dealt around the table, Player A holding the 5 laid this turn
    mouse_click(page, frame.locator(".snt-editor .widget-button", has_text="Back to the table editor"))
    mouse_click(page, frame.locator(".snt-editor .widget-button", has_text="Ask it in the trainer"))
    trainer = frame.locator(".snt-editor .snt-trainer")
    trainer.wait_for(state="visible", timeout=60_000)
    assert [int(c) for c in trainer.locator(".snt-tcard [data-card]").evaluate_all("es => es.map(e => e.dataset.card)")] == [5]
    table_cards = trainer.locator(".snt-ttable [data-card]").evaluate_all("es => es.map(e => +e.dataset.card)")
    assert sorted(set(table_cards)) == [30, 40, 41, 42, 43, 44, 45, 59, 60, 67]
    assert controls_covered(frame) == []
    mouse_click(page, frame.locator(".snt-editor .widget-button", has_text="Back to the table editor"))
    mouse_click(page, frame.locator(".snt-editor .widget-button", has_text="Play from here"))
    play = frame.locator(".snt-editor .snt-play")
    play.wait_for(state="visible", timeout=60_000)
    frame.wait_for_function("() => document.querySelectorAll('.snt-editor .snt-play .snt-card-btn').length === 10")
    hand = play.locator(".snt-card-btn").evaluate_all("es => es.map(e => e.textContent)")
    assert "Play 5, 2 heads" in [h.strip() for h in hand], hand
    frame.wait_for_function("""() => JSON.stringify([...document.querySelectorAll('.snt-editor .snt-play .snt-tablecell [data-row]')]
        .map(r => [...r.querySelectorAll('[data-card]')].map(c => +c.dataset.card))) === '[[40,41,42,43,44],[30,45,60],[59],[67]]'""",
                            timeout=60_000)
    assert controls_covered(frame) == []
    shot(page, "editor-play-1280x800")


def test_an_impossible_table_is_refused_in_plain_words_on_a_phone_too(page, site_url):
    page.set_viewport_size(PHONE)
    frame = open_app(page, site_url, "lesson=table&lang=en")
    wait_status(frame, "The rules allow this table.")
    boxes = frame.locator(".snt-editor .snt-edform input[type=text]")
    for i, text in enumerate(["8", "24", "24 30", "81"]):
        mouse_click(page, boxes.nth(i))
        page.keyboard.press("Control+A")
        page.keyboard.type(text)
    wait_status(frame, "24 is already in row 2: the deck holds only one 24")
    refused = editor_boxes(frame)
    assert refused["status"].startswith("✗ Not possible: 24 is already in row 2")
    assert refused["link"] is None and refused["drawn"] == []  # no link, no table, for what the rules refuse
    assert frame.locator(".snt-editor .snt-edactions button:not([disabled])").count() == 0
    # the phone: no sideways scroll, nothing covered, axe clean, the refusal in view of the boxes
    wide = frame.evaluate("""() => { const s = document.scrollingElement;
        return [s.scrollWidth - s.clientWidth, document.documentElement.scrollWidth - innerWidth]; }""")
    assert wide[0] <= 1 and wide[1] <= 1, wide
    assert controls_covered(frame) == []
    assert axe_serious(frame) == []
    shot(page, "editor-refused-390x844")
    # mended: the third row without the second 24, and the table is allowed again
    mouse_click(page, boxes.nth(2))
    page.keyboard.press("Control+A")
    page.keyboard.type("30")
    wait_status(frame, "The rules allow this table.")
    frame.wait_for_function("""() => JSON.stringify([...document.querySelectorAll('.snt-editor .snt-edtable [data-row]')]
        .map(r => [...r.querySelectorAll('[data-card]')].map(c => +c.dataset.card))) === '[[8],[24],[30],[81]]'""")
    assert editor_boxes(frame)["drawn"] == [[8], [24], [30], [81]]
    # a sixth card: the rule said by its name, no rule number
    mouse_click(page, boxes.nth(0))
    page.keyboard.press("Control+A")
    page.keyboard.type("1 2 3 4 5 6")
    wait_status(frame, "row 1 (1, 2, 3, 4, 5, 6) holds 6 places: a row never holds more than 5, the sixth card takes it")
    assert "rule 3" not in editor_boxes(frame)["status"]


def test_a_changed_link_is_refused_in_words_and_opens_no_table(page, site_url):
    code = PRO.encode().replace("59", "58", 1)
    frame = open_app(page, site_url, f"lesson=table&pos={code}&lang=cs")
    wait_status(frame, "stůl v tomto odkazu byl cestou změněn nebo zkrácen")
    assert editor_boxes(frame)["drawn"] == [] and lesson(page) is frame


def test_the_link_opens_the_same_table_offline_after_one_visit(browser, site_dir, deployment):  # noqa: F811
    """A student's browser visited the app once (all of it is stored); then, with no network and
    the server down, the teacher's link still opens the same table: the table is in the link."""
    from test_offline_browser import go_offline, only_update_checks, visited_once

    url = deployment[1]
    with visited_once(browser, site_dir, deployment, "lesson=cards&lang=en") as (dep, log, context, page):
        page.set_viewport_size(LAPTOP)
        go_offline(context, dep)
        page.goto("about:blank")
        page.goto(f"{url}/app.html#lesson=table&pos={PRO.encode()}&lang=en")
        frame = wait_app(page)
        wait_status(frame, "The rules allow this table.")
        shown = editor_boxes(frame)
        assert shown["boxes"] == [*TYPED_ROWS, "5 17 58 62", ""]
        assert shown["drawn"] == [[40, 41, 42, 43, 44], [30, 45, 60], [59], [67]]
        assert read_qr(frame.locator(".snt-editor .snt-qr").screenshot()) == [shown["link"]]
        assert only_update_checks(dep.while_down) == []
        assert not log.off_origin()


def test_every_label_of_the_editor_is_shown_whole_in_its_longest_language(page, site_url):
    """Romanian's labels are the longest ("Jucate în această tură"): none is cut to an ellipsis."""
    page.set_viewport_size(LAPTOP)
    frame = open_app(page, site_url, "lesson=table&lang=ro")
    frame.wait_for_selector(".snt-editor .snt-edform label")
    cut = frame.evaluate("""() => [...document.querySelectorAll('.snt-editor .snt-edform label')]
        .filter(l => l.offsetParent && l.scrollWidth > l.clientWidth + 1).map(l => l.textContent)""")
    labels = frame.evaluate("() => [...document.querySelectorAll('.snt-editor .snt-edform label')].map(l => l.textContent)")
    assert "Jucate în această tură" in labels and cut == []
