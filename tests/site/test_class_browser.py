"""Play with the class in Chromium, against the real class server: ``sixnimmt serve`` as its own process
on a free port of 127.0.0.1 with a temporary SQLite file, serving the built site and the tables
(tools/class_server.py). Four pupils as four pages (a phone by touch, one by keyboard, two by mouse
clicks at the controls' places; one in Czech) and the projector play a hand to its end; a reload in the
middle of the hand keeps the seat; the turn timer counts down; a name with markup is shown as text;
each page is told only its own cards and the projector none; the stories are the narrator's; the
projector shows a draft as the rules make it public; the pages fit a phone, axe finds nothing serious and the
Content-Security-Policy reports no violation. On a static host the page says that the class tables
need the class server.
"""

from __future__ import annotations

import contextlib
import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from app_driver import axe_serious, mouse_click, tap
from site_harness import CSP_WATCH, SCREENSHOTS, RequestLog, recorded_context, screenshot

from sixnimmt_core.words.i18n import text

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))  # the server as a person runs it
from class_server import SIXNIMMT, Server  # noqa: E402

pytestmark = pytest.mark.browser

MARKUP_NAME = "<b>x</b>"


def word(key: str, lang: str, **values) -> str:
    return text(key, lang, domain="site", **values)


@pytest.fixture(scope="module")
def server(site_dir, tmp_path_factory):
    s = Server(site_dir, tmp_path_factory.mktemp("class") / "tables.db").start()
    yield s
    s.stop()


class Pupil:
    """A page of its own browser context (its own storage), recorded, off-origin requests blocked."""

    def __init__(self, browser, server: Server, locale: str = "en-GB", **options) -> None:
        self.log = RequestLog(origin=server.url)
        self.context = recorded_context(browser, self.log, locale=locale, **options)
        self.context.add_init_script(CSP_WATCH)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if "Content Security Policy" in m.text else None)
        self.frames: list[dict] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _frame(self, payload) -> None:
        with contextlib.suppress(TypeError, ValueError):
            self.frames.append(json.loads(payload))

    def state(self) -> dict:
        return self.page.evaluate("window.sixnimmtClass ? window.sixnimmtClass() : null") or {}

    def join(self, url: str, name: str) -> None:
        self.page.goto(url)
        self.page.locator("#name-input").wait_for(state="visible")
        self.page.locator("#name-input").fill(name)
        mouse_click(self.page, self.page.locator("#join-button"))
        self.page.locator("#table:not([hidden])").wait_for()

    def answer(self, touch: bool = False) -> bool:
        """Answer this seat's decision as a person does, with the mouse (or a finger): a card of the hand,
        the cards of a choice of several and the button that sends them, a card laid out to draft, a
        row drawn as a button, or the question's first answer. False: not asked."""
        def click(selector: str, _key: str = "") -> None:
            (tap if touch else mouse_click)(self.page, self.page.locator(selector).first)

        return self._answer(click) is not None

    def answer_by_keys(self) -> str | None:
        """Answer this seat's decision with the keyboard alone: the control focused, then Enter, or
        Space on each card of a choice of several and Enter on the button that sends it. Returns the
        decision's kind (None: not asked)."""
        def press(selector: str, key: str = "Enter") -> None:
            self.page.locator(selector).first.focus()
            self.page.keyboard.press(key)

        return self._answer(press)

    def _answer(self, act) -> str | None:
        """The controls a decision is answered with, each acted on by ``act(selector, key)`` (a click
        or a tap ignores the key; the keyboard picks a card of several with Space, sends with Enter)."""
        st = self.state()
        d = st.get("decision")
        if not d or st.get("sent"):
            return None
        if d["kind"] == "play" and d["max"] == 1:
            act("#hand button.pick:enabled", "Enter")
        elif d["kind"] == "play":
            for i in range(d["min"]):
                act(f"#hand button.pick:enabled >> nth={i}", " ")
            act("#ask button.answer:enabled", "Enter")
        elif d["kind"] == "draft":
            act("#ask button.pick:enabled", "Enter")
        elif d["kind"] == "take_row":
            act("#rows button.rowpick:enabled", "Enter")
        else:  # order, spot, split (nothing kept: every taken card to the pile)
            act("#ask button.answer:enabled", "Enter")
        self.page.wait_for_function("c => window.sixnimmtClass().count > c", arg=st["count"], timeout=20_000)
        return str(d["kind"])

    def close(self) -> None:
        """Close it: nothing asked of another origin, no script error, no violation of the policy."""
        for page in self.context.pages:
            assert page.evaluate("window.__csp || []") == []
        self.context.close()
        assert not self.log.off_origin(), self.log.off_origin()
        assert self.errors == []


def bot(server: Server, code: str, name: str = "Bot1") -> subprocess.Popen:
    return subprocess.Popen([*SIXNIMMT, "table", "join", code, "--server", server.url, "--name", name, "--bot", "cautious"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def fits(page) -> bool:
    return page.evaluate("document.scrollingElement.scrollWidth <= innerWidth + 1")


def only_own(frames: list[dict], seat: int | None) -> None:
    """Every state a page was told holds its own hand only (none for the projector): no other seat's
    dealt cards, no card another seat laid face down before the reveal, and no sentence naming one."""
    states = [f for f in frames if f.get("type") == "state" and f.get("info")]
    assert states
    for f in states:
        info = f["info"]
        assert f["seat"] == seat == info["seat"]
        assert all(h is None for s, h in enumerate(info["hands"]) if s != seat)
        assert all(c is None for s, c in enumerate(info["laid"]) if s != seat)
        for e in f["events"]:
            if e["kind"] == "dealt":
                assert all(h is None for s, h in enumerate(e["hands"]) if s != seat)
            elif e["kind"] == "chose" and e["seat"] != seat:
                assert "cards" not in e and not re.search(r"\d{2}", e["said"])


def saved_game(server: Server, table: dict):
    """The table's saved game, as the teacher downloads it."""
    import urllib.request

    from sixnimmt_core.engine.log import replay

    req = urllib.request.Request(f"{server.url}/class/api/tables/{table['code']}/log",
                                 headers={"X-Teacher-Token": table["teacher"]})
    with urllib.request.urlopen(req, timeout=10) as r:
        return replay(r.read().decode("utf-8"))


def set_timer(server: Server, table: dict, seconds: int) -> None:
    from class_server import Client

    c = Client(server)
    try:
        c.ask({"type": "hello", "code": table["code"], "token": table["teacher"]})
        c.send({"type": "teacher", "action": "timer", "seconds": seconds})
        c.until("state")
    finally:
        c.close()


def test_four_pupils_and_the_projector_play_a_hand_by_clicks(browser, server):
    """Four learners, each a page of its own (a phone by touch, one by keyboard, two by mouse; one in
    Czech) and the projector play a whole hand to its end; a reload in the middle keeps the seat; the
    turn timer counts down on the pages by itself; each page is told only its own cards, the projector
    none; each story is the narrator's sentences, as the app says them, in the page's language."""
    from sixnimmt_core.teaching.narrate import narrate

    table = server.new_table(variant="base", seats=4)
    set_timer(server, table, 600)  # long enough never to run out here: the pupils answer every decision
    url = server.url + table["link"]
    wall = Pupil(browser, server, viewport={"width": 1920, "height": 1080})
    wall.page.goto(url + "&view=projector")
    wall.page.locator("#lobby .bigcode").wait_for()
    assert table["code"] in wall.page.locator("#lobby .bigcode").inner_text()
    ana = Pupil(browser, server, viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    kim, jan, eva = Pupil(browser, server), Pupil(browser, server, locale="cs-CZ"), Pupil(browser, server)
    ana.mode, kim.mode, jan.mode, eva.mode = "touch", "keys", "mouse", "mouse"
    pupils = {"Ana": ana, "Kim": kim, "Jan": jan, MARKUP_NAME: eva}
    for name, p in list(pupils.items())[:3]:
        p.join(url, name)
    # the lobby fills; Jan's page speaks Czech; a name with markup is text
    jan.page.wait_for_function("() => document.querySelectorAll('#lobby li').length === 4")
    assert word("class.lobby.wait", "cs") in jan.page.locator("#lobby").inner_text()
    eva.join(url, MARKUP_NAME)  # the last seat: the table starts by itself
    for p in (*pupils.values(), wall):
        p.page.wait_for_function("() => window.sixnimmtClass().stage === 'playing'")
    assert word("class.ask.play", "cs") in jan.page.locator("#ask").inner_text()
    assert all(p.page.locator("#hand button.pick").count() == 10 for p in pupils.values())
    assert fits(ana.page)
    # the turn timer, counted down by the page each second with no message from the server
    timer = kim.page.locator("#timer")
    timer.wait_for(state="visible")
    assert timer.get_attribute("role") == "timer" and timer.get_attribute("aria-label") == word("class.timer.label", "en")
    told, shown = len(kim.frames), timer.inner_text()
    kim.page.wait_for_function("s => document.getElementById('timer').textContent !== s", arg=shown, timeout=5000)
    now = timer.inner_text()
    left = int(re.search(r"\d+", now)[0])
    assert 590 <= left < int(re.search(r"\d+", shown)[0]) and len(kim.frames) == told
    assert now == word("class.timer.mine", "en", n=left)
    assert all(name in wall.page.locator("#timer").inner_text() for name in ("Ana", "Kim", "Jan"))
    assert MARKUP_NAME in wall.page.locator("#timer").inner_text()
    screenshot(jan.page, "class-pupil-cs-1280x900")
    assert axe_serious(ana.page) == []
    answered = dict.fromkeys(pupils, 0)
    reloaded = False
    deadline = time.monotonic() + 300
    while eva.state().get("handsEnded", 0) < 1:
        assert time.monotonic() < deadline, "the hand did not end"
        moved = False
        for name, p in pupils.items():
            if p.answer_by_keys() if p.mode == "keys" else p.answer(touch=p.mode == "touch"):
                answered[name] += 1
                moved = True
        if answered[MARKUP_NAME] == 3 and not reloaded:  # a reload in the middle of the hand keeps the seat
            seat, held = eva.state()["seat"], eva.page.locator("#hand .snt-card").count()
            eva.page.reload()
            eva.page.wait_for_function("s => window.sixnimmtClass().seat === s && window.sixnimmtClass().stage === 'playing'", arg=seat)
            assert eva.page.locator("#join").is_hidden()
            assert 0 < eva.page.locator("#hand .snt-card").count() == held < 10
            reloaded = True
        if not moved:
            time.sleep(0.1)
    assert reloaded and all(n >= 10 for n in answered.values()), answered
    # every page told the hand to its end; the stories are the narrator's, as the app says them
    for p in (*pupils.values(), wall):
        p.page.wait_for_function("() => window.sixnimmtClass().handsEnded >= 1")
    time.sleep(0.5)  # the next hand's first messages: each page then holds what it was told
    game = saved_game(server, table)
    for p, lang in ((ana, "en"), (kim, "en"), (jan, "cs"), (eva, "en"), (wall, "en")):
        count = p.state()["count"]
        story = [li.text_content() for li in p.page.locator("#story li").all()]
        assert story == narrate(game, lang)[:count][-len(story):], lang
        said = narrate(game, lang)[next(i for i, e in enumerate(game.log) if e.kind == "hand_ended")]
        assert said in [e.get("said") for f in p.frames if f.get("type") == "state" for e in f["events"]]
    # another language: the story is told again in it
    count = kim.state()["count"]
    kim.page.evaluate("location.hash = '#lang=sk'")
    told = narrate(game, "sk")[:count][-12:]
    kim.page.wait_for_function("s => [...document.querySelectorAll('#story li')].map(li => li.textContent).join('|') === s",
                               arg="|".join(told))
    # each page was told only its own cards; the projector none
    for p in pupils.values():
        only_own(p.frames, p.state()["seat"])
    only_own(wall.frames, None)
    assert all(not f["info"]["hand"] for f in wall.frames if f.get("type") == "state" and f.get("info"))
    # the scores name every seat, the markup as text
    scores = wall.page.locator("#scores").inner_text()
    assert all(name in scores for name in pupils)
    assert wall.page.locator("#scores b, #story b").count() == 0
    # the projector: the rows large and whole at 1920×1080 and 1280×800, never a hand
    for size in ({"width": 1920, "height": 1080}, {"width": 1280, "height": 800}):
        wall.page.set_viewport_size(size)
        rows = wall.page.locator("#rows .snt-row")
        assert rows.count() == 4
        last = rows.nth(3).bounding_box()
        assert last["y"] + last["height"] <= size["height"], size
        card = wall.page.locator("#rows .snt-card").first.bounding_box()
        assert card["width"] >= (110 if size["width"] == 1920 else 80), (size, card)
        assert fits(wall.page)
        screenshot(wall.page, f"class-projector-{size['width']}x{size['height']}")
    assert wall.page.locator("#hand-box").is_hidden()
    assert wall.page.locator("#main button.pick").count() == 0
    assert fits(ana.page)
    # axe, on the pupils' pages (the phone's too) and the projector, in play
    for p in (ana, jan, wall):
        assert axe_serious(p.page) == []
    for p in (*pupils.values(), wall):
        p.close()


def test_the_projector_shows_a_draft_as_the_rules_make_it_public(browser, server):
    """Logic: the cards laid out face up, who takes one now, what each seat has taken — and no hand."""
    table = server.new_table(variant="logic", seats=2)
    url = server.url + table["link"]
    wall = Pupil(browser, server, viewport={"width": 1280, "height": 800})
    wall.page.goto(url + "&view=projector")
    wall.page.locator("#lobby .bigcode").wait_for()
    ola = Pupil(browser, server)
    ola.join(url, "Ola")  # seat 0: the draft's first to take a card
    seated = bot(server, table["code"])
    try:
        draft = wall.page.locator("#draft")
        draft.wait_for(state="visible")
        assert draft.locator(".snt-card").count() == 24  # two players: cards 1–24 laid out face up
        said = draft.inner_text()
        assert word("class.draft.title", "en") in said and word("class.waiting", "en", names="Ola") in said
        assert said.count(word("class.draft.nothing", "en")) == 2
        screenshot(wall.page, "class-projector-draft-1280x800")
        assert axe_serious(wall.page) == []
        ola.page.wait_for_function("() => window.sixnimmtClass().asked")
        picked = int(ola.page.locator("#ask button.pick").first.get_attribute("data-card"))
        mouse_click(ola.page, ola.page.locator("#ask button.pick").first)
        wall.page.wait_for_function("() => document.querySelectorAll('#draft .snt-card').length <= 23")
        assert f"Ola: {picked}" in draft.locator("ul.picks").inner_text()
        assert draft.locator(".snt-card[aria-label]").count() == draft.locator(".snt-card").count()
        assert wall.page.locator("#hand-box").is_hidden() and wall.page.locator("#main button.pick").count() == 0
        assert all(not f["info"]["hand"] for f in wall.frames if f.get("type") == "state" and f.get("info"))
    finally:
        seated.terminate()
        seated.wait(10)
    for p in (ola, wall):
        p.close()


def test_a_phone_joins_plays_by_touch_and_nothing_is_wider_than_the_screen(browser, server):
    table = server.new_table(variant="base", seats=2)
    phone = Pupil(browser, server, viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    phone.page.goto(server.url + "/class.html")
    phone.page.locator("#code-input").wait_for(state="visible")
    assert fits(phone.page)
    assert axe_serious(phone.page) == []
    screenshot(phone.page, "class-join-360x740")
    phone.page.locator("#code-input").fill(table["code"].lower())  # typed as it comes
    phone.page.locator("#name-input").fill("Ana")
    tap(phone.page, phone.page.locator("#join-button"))
    seated = bot(server, table["code"])
    try:
        phone.page.wait_for_function("() => window.sixnimmtClass().asked", timeout=20_000)
        assert fits(phone.page)
        assert phone.page.locator("#hand button.pick").count() == 10
        screenshot(phone.page, "class-pupil-360x740")
        assert axe_serious(phone.page) == []
        assert phone.answer(touch=True)
        assert "code=" + table["code"] in phone.page.url  # a reload comes back to the same table
        assert fits(phone.page)
    finally:
        seated.terminate()
        seated.wait(10)
    phone.close()


def test_a_wrong_code_is_refused_in_the_pupil_s_language(browser, server):
    pupil = Pupil(browser, server, locale="ro-RO")
    pupil.page.goto(server.url + "/class.html?code=ZZZZZ")
    pupil.page.locator("#name-input").fill("Ion")
    mouse_click(pupil.page, pupil.page.locator("#join-button"))
    refusal = pupil.page.locator("#refusal")
    refusal.wait_for(state="visible")
    assert refusal.inner_text() == text("error.no_table", "ro", domain="tables")
    assert pupil.page.locator("#join-button").is_enabled()
    pupil.close()


def test_on_a_static_host_the_page_says_it_needs_the_class_server(page, site_url):
    page.goto(site_url + "/class.html?code=ABCDE#lang=sk")
    page.locator("#static").wait_for(state="visible")
    said = page.locator("#static").inner_text()
    assert word("class.static", "sk") in said and "make serve" in said
    assert page.locator("#join").is_hidden()
    assert axe_serious(page) == []


@pytest.mark.parametrize("where", ["index.html", "app.html"])
def test_the_landing_page_and_the_app_link_play_with_the_class(page, site_url, where):
    page.goto(f"{site_url}/{where}#lang=cs")
    link = page.locator("#class-link")
    assert link.get_attribute("href") == "class.html#lang=cs"
    said = re.sub(r"\s+", " ", link.text_content()).strip()
    if where == "index.html":  # a section of its own, after the lessons
        assert said == word("class.link.go", "cs")
        assert page.locator("h2", has_text=word("class.link", "cs")).count() == 1
    else:  # in the lessons menu, beside the way home and the teacher page
        assert said == word("class.link", "cs")


def test_the_class_page_is_built_with_its_words_and_cards(site_dir: Path):
    page = (site_dir / "class.html").read_text("utf-8")
    assert 'src="class.js"' in page and (site_dir / "class.js").is_file()
    assert "'unsafe-inline'" not in re.search(r"script-src[^;]*", page)[0]
    cards = json.loads(re.search(r'<script id="class-cards" type="application/json">(.*?)</script>', page, re.S)[1])
    assert len(cards["cards"]) == 104 and cards["heads"]["55"] == 7
    assert 'id="snt-head"' in cards["head"]  # the bull's head once, each card refers to it
    assert all("<symbol" not in svg and 'href="#snt-head"' in svg for svg in cards["cards"].values())


# ---- the teacher page's Class tables ------------------------------------------------------------------
def read_qr(png: bytes) -> list[str]:
    import io

    import zxingcpp
    from PIL import Image

    return [r.text for r in zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))]


def test_the_teacher_makes_a_table_shows_its_qr_code_and_runs_it(browser, server, tmp_path):
    teacher = Pupil(browser, server, locale="cs-CZ")
    page = teacher.page
    page.goto(server.url + "/teacher.cs.html")
    page.locator("#ct-live").wait_for(state="visible")
    assert page.locator("#ct-none").is_visible()
    page.locator("#ct-variant").select_option("base")
    page.locator("#ct-seats").fill("3")
    page.locator("#ct-coach").check()
    mouse_click(page, page.locator("#ct-make"))
    card = page.locator(".ct-table").first
    card.locator(".ct-seats li").first.wait_for()
    code = card.locator(".ct-code").inner_text()
    assert re.fullmatch(r"[A-Z2-9]{5}", code)
    link = f"{server.url}/class.html?code={code}"
    assert card.locator(f'a[href="{link}"]').count() == 1
    assert card.locator(f'a[href="{link}&view=projector"]').count() == 1
    # the QR code drawn on the page reads back as the link (zxing-cpp, from a screenshot of it)
    assert read_qr(card.locator("svg.qr").screenshot()) == [link]
    assert word("class.teacher.stage.lobby", "cs") in card.inner_text()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#class-tables").screenshot(path=str(SCREENSHOTS / "class-teacher-cs-1280x900.png"))
    assert axe_serious(page) == []
    # two pupils join; the teacher sees their names (as text) fill the lobby
    eva, jan = Pupil(browser, server), Pupil(browser, server)
    eva.join(link, MARKUP_NAME)
    jan.join(link, "Jan")
    card.locator(".ct-seats li", has_text="Jan").wait_for()
    assert MARKUP_NAME in card.locator(".ct-seats").inner_text() and card.locator(".ct-seats b").count() == 0
    # the teacher's key is kept: a reload shows the same table, still watched
    page.reload()
    card = page.locator(f'.ct-table[data-code="{code}"]')
    card.locator(".ct-seats li", has_text="Jan").wait_for()
    # start now: the free seat goes to a bot
    mouse_click(page, card.locator('button[data-key="start"]'))
    card.locator(".ct-stage", has_text=word("class.teacher.stage.playing", "cs")).wait_for()
    eva.page.wait_for_function("() => window.sixnimmtClass().stage === 'playing'")
    # a turn timer
    card.locator('input[data-key="timer-input"]').fill("30")
    mouse_click(page, card.locator('button[data-key="timer"]'))
    card.locator(".ct-facts", has_text=word("class.facts.seconds", "cs", n=30)).wait_for()
    eva.page.locator("#table-title", has_text="30").wait_for()
    # Jan's seat to a bot: Jan's page says so, and the hand goes on without him
    jan_seat = jan.state()["seat"]
    mouse_click(page, card.locator(f'button[data-key="bot{jan_seat}"]'))
    card.locator(f'button[data-key="bot{jan_seat}"]').wait_for(state="detached")
    jan.page.locator("#table-title", has_text=word("class.bot_name", "en", name="Jan")).wait_for()
    jan.page.locator("#ask", has_text=word("class.ask.bot", "en")).wait_for()
    # end the table (confirmed), then its saved game is downloaded
    page.once("dialog", lambda d: d.accept())
    mouse_click(page, card.locator('button[data-key="end"]'))
    card.locator(".ct-stage", has_text=word("class.teacher.stage.ended", "cs")).wait_for()
    eva.page.wait_for_function("() => window.sixnimmtClass().stage === 'ended'")
    with page.expect_download() as got:
        mouse_click(page, card.locator('button[data-key="download"]'))
    saved = tmp_path / "game.json"
    got.value.save_as(saved)
    data = json.loads(saved.read_text("utf-8"))
    assert data["format"] == "sixnimmt-log" and data["players"] == 3
    assert data["names"][:2] == [MARKUP_NAME, "Jan"]
    assert axe_serious(page) == []
    for p in (eva, jan, teacher):
        p.close()


def test_the_teacher_page_on_a_static_host_says_the_class_tables_need_the_server(page, site_url):
    page.goto(site_url + "/teacher.ro.html")
    page.locator("#ct-static").wait_for(state="visible")
    assert word("class.static", "ro") in page.locator("#ct-static").inner_text()
    assert page.locator("#ct-live").is_hidden()


# Each variant's own decisions, answered with the keyboard alone; the Coach asked where the table allows it.
NEEDED = {"refined": {"play", "order"}, "logic": {"draft", "play"}, "hand": {"play"}, "professional": {"play"}}


@pytest.mark.parametrize("variant", list(NEEDED))
def test_every_kind_of_decision_is_answered_by_keyboard(browser, server, variant):
    table = server.new_table(variant=variant, seats=2, coach=variant == "refined")
    pupil = Pupil(browser, server)
    pupil.join(server.url + table["link"], "Kim")
    seated = bot(server, table["code"])
    seen: list[str] = []
    try:
        pupil.page.wait_for_function("() => window.sixnimmtClass().asked", timeout=20_000)
        # the keyboard alone reaches the first answer: Tab from the top of the page
        pupil.page.locator("body").focus()
        for _ in range(60):
            pupil.page.keyboard.press("Tab")
            if pupil.page.evaluate("document.activeElement.matches('button.pick, button.rowpick, button.answer')"):
                break
        else:
            raise AssertionError("Tab never reached an answer")
        if variant == "refined":  # the Coach: every answer's expected heads, the advice first
            coach = pupil.page.locator("#ask button.coach-ask")
            coach.focus()
            pupil.page.keyboard.press("Enter")
            pupil.page.locator("#ask ol.coach li.best").wait_for(timeout=60_000)
            assert pupil.page.locator("#ask ol.coach li").count() >= 2
            assert coach.is_disabled()
        deadline = time.monotonic() + 120
        while (not NEEDED[variant] <= set(seen) or len(seen) < 6) and pupil.state().get("stage") == "playing":
            assert time.monotonic() < deadline, (variant, seen)
            kind = pupil.answer_by_keys()
            if kind:
                seen.append(kind)
            else:
                time.sleep(0.05)
        assert NEEDED[variant] <= set(seen), seen
        assert pupil.page.locator("#refusal").inner_text() == ""
    finally:
        seated.terminate()
        seated.wait(10)
    pupil.close()


def test_a_killed_server_comes_back_and_the_pages_catch_up_by_themselves(browser, site_dir, tmp_path):
    """kill -9 of the server in the middle of a hand, then a start on the same port and file: the pupil's
    page and the projector reconnect by themselves (the pupil with its token and the events it has,
    ``since``: nothing told twice), and the hand goes on."""
    s = Server(site_dir, tmp_path / "tables.db").start()
    table = s.new_table(variant="base", seats=2)
    pupil, wall = Pupil(browser, s), Pupil(browser, s)
    pupil.join(s.url + table["link"], "Ola")
    seated = bot(s, table["code"])
    try:
        wall.page.goto(s.url + table["link"] + "&view=projector")
        for _ in range(2):
            pupil.page.wait_for_function("() => window.sixnimmtClass().asked", timeout=20_000)
            pupil.answer()
        pupil.page.wait_for_function("() => window.sixnimmtClass().asked", timeout=20_000)
        before, told = pupil.page.locator("#story").inner_text(), pupil.state()["count"]
        wall.page.wait_for_function("c => window.sixnimmtClass().count === c", arg=told)
        watched = wall.page.locator("#story").inner_text()
        s.kill()
        pupil.page.locator("#conn").wait_for(state="visible")
        assert pupil.page.locator("#conn").inner_text() == word("class.conn.lost", "en")
        s.start()
        for p in (pupil, wall):
            p.page.wait_for_function("c => window.sixnimmtClass().connected && window.sixnimmtClass().count === c",
                                     arg=told, timeout=30_000)
            p.page.locator("#conn").wait_for(state="hidden")
        assert pupil.page.locator("#story").inner_text() == before  # caught up, nothing told twice
        assert wall.page.locator("#story").inner_text() == watched
        assert pupil.answer()  # and the hand goes on
        assert pupil.page.locator("#refusal").inner_text() == ""
    finally:
        seated.terminate()
        seated.wait(10)
        s.stop()
    pupil.close()
    wall.close()


def test_the_projector_opened_without_a_code_asks_for_it_and_takes_no_seat(browser, server):
    table = server.new_table(variant="base", seats=2)
    wall = Pupil(browser, server, viewport={"width": 1280, "height": 800})
    wall.page.goto(server.url + "/class.html?view=projector")
    wall.page.locator("#code-input").wait_for(state="visible")
    assert wall.page.locator("#name-input").is_hidden()
    wall.page.locator("#code-input").fill(table["code"])
    wall.page.keyboard.press("Enter")
    wall.page.locator("#lobby .bigcode").wait_for()
    assert "view=projector" in wall.page.url and wall.state()["seat"] is None
    assert [s["taken"] for s in server_table(server, table["code"])["seats"]] == [False, False]
    assert axe_serious(wall.page) == []
    wall.close()


def server_table(server: Server, code: str) -> dict:
    """The table's lobby as the server tells a watcher."""
    from class_server import Client

    c = Client(server)
    try:
        return c.ask({"type": "watch", "code": code})["table"]
    finally:
        c.close()
