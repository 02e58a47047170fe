"""The walkthroughs' frames in the built site (issue 22), without a browser: one file per walkthrough
and language, each step the live widget's own at that step when the app is sent there by a link
(the route the page sends Python at the handover), small enough to send."""

from __future__ import annotations

import json
import re

import brotli
import pytest
from frames import folder

from sixnimmt_core.widgets.apps import App, Route
from sixnimmt_core.widgets.frames import BUTTONS, VIEWS, frame_file, unpack, walks
from sixnimmt_core.widgets.snapshot import static_html, without_styles
from sixnimmt_core.words.i18n import LANGUAGES

LIMIT_BR = 300_000  # issue 22: the largest frame file, as sent (brotli)


def load(site_dir, lesson, pick, lang) -> dict:
    return json.loads((folder(site_dir) / frame_file(lesson, pick, lang)).read_text(encoding="utf-8"))


def test_one_file_per_walkthrough_and_language(site_dir):
    from sixnimmt_core.widgets.frames import trainer_file

    expected = {frame_file(lesson, pick, lang) for lang in LANGUAGES for lesson, pick in walks()}
    from sixnimmt_core.widgets.frames import cards_file

    expected |= {trainer_file(lang) for lang in LANGUAGES} | {cards_file(lang) for lang in LANGUAGES}
    present = {p.name for p in folder(site_dir).glob("*.json")}
    assert present == expected
    # the lessons' walkthroughs: the nine examples of one turn, one hand, the nine variants (RULES.md)
    assert len(walks()) == 9 + 1 + 9


def sent_size(path) -> int:
    """The bytes a browser that accepts brotli is sent: the build's .br beside the file (checked to be
    that file), else the file compressed here (as slowly: quality 11)."""
    br = path.with_name(path.name + ".br")
    if not br.is_file():
        return len(brotli.compress(path.read_bytes()))
    assert brotli.decompress(br.read_bytes()) == path.read_bytes(), br.name
    return br.stat().st_size


def test_each_file_is_small_enough_to_send(site_dir):
    sizes = {p.name: sent_size(p) for p in folder(site_dir).glob("*.json")}
    assert max(sizes.values()) <= LIMIT_BR, max(sizes.items(), key=lambda kv: kv[1])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_frames_are_the_live_widget_at_each_step(site_dir, lang):
    """For every walkthrough: the first view is the app's (without its CSS, which the page holds),
    and every step is what the live stepper shows when a link opens the app there — the four
    views, and which buttons are off."""
    app = App(Route("turn", lang=lang))
    for lesson, pick in walks():
        data = load(site_dir, lesson, pick, lang)
        n = len(data["steps"])
        app.go(Route(lesson, pick, 1, lang))
        assert unpack(data["chrome"], data["svg"]) == without_styles(static_html(app)), (lesson, pick)
        for k in range(1, n + 1):
            app.go(Route(lesson, pick, k, lang))
            stepper = app.current.stepper
            assert stepper.index == k - 1
            live = {"pos": stepper.position.value, "table": stepper.table_view.value,
                    "text": stepper.text_view.value, "seats": stepper.seats_view.value}
            step = data["steps"][k - 1]
            assert {v: unpack(step[v], data["svg"]) for v in VIEWS} == live, (lesson, pick, k)
            off = [b for b in BUTTONS if getattr(stepper, f"{b}_button").disabled]
            assert step["off"] == off, (lesson, pick, k)


def test_the_buttons_lead_where_a_stepper_goes(site_dir):
    """By hand: Back from step k is k-1 (1 stays 1), Next is k+1 (the last stays), Restart 1, End n;
    Next turn lands on a later step (or the end)."""
    for lesson, pick in walks():
        steps = load(site_dir, lesson, pick, "en")["steps"]
        n = len(steps)
        for k, step in enumerate(steps, start=1):
            to = dict(zip(BUTTONS, step["to"], strict=True))
            assert to == to | {"restart": 1, "back": max(1, k - 1), "next": min(n, k + 1), "end": n}
            assert k < to["turn"] <= n or k == n
            assert ("back" in step["off"]) == (k == 1) and ("next" in step["off"]) == (k == n)


def test_the_first_example_shows_the_rulebook_table(site_dir):
    """Amigo's figure 1: rows start 12, 37, 43, 58; the players hold 14, 15, 44 and 61 (the
    rulebook's picture, scenarios.py), in the first step's words and table."""
    data = load(site_dir, "turn", "amigo-fig1", "en")
    first = data["steps"][0]
    table = unpack(first["table"], data["svg"])
    rows = [re.findall(r'data-card="(\d+)"', r) for r in re.split(r'data-row="\d"', table)[1:]]
    assert [r[0] for r in rows] == ["12", "37", "43", "58"]
    words = re.sub(r"<[^>]+>", " ", first["text"])
    for card in ("14", "15", "44", "61"):
        assert card in words


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_trainer_questions_are_judged_in_every_language(site_dir, lang):
    """Every documents' question is there with its answers; the first (rows ending 8, 24, 69, 81,
    card 29 — RULES.md rule 2: after the closest lower end) is right only as "row 2"."""
    from sixnimmt_core.teaching.scenarios import trainer_examples
    from sixnimmt_core.widgets.frames import trainer_file

    data = json.loads((folder(site_dir) / trainer_file(lang)).read_text(encoding="utf-8"))
    assert len(data["questions"]) == len(trainer_examples())
    first = data["questions"][0]["answers"]
    assert len(first) == 4 + 1  # a button per row, and "lower than every row"
    assert [a["right"] for a in first] == [0, 1, 0, 0, 0] and all(a["asked"] == 1 for a in first)
    for q in data["questions"]:
        for a in q["answers"]:
            assert a["views"]["feedback"].strip(), "every answer is explained"
            for then in a["then"]:  # a low card: the row taken decides
                assert then["asked"] == 1 and then["right"] in (0, 1)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_is_drawn_with_its_heads(site_dir, lang):
    """The cards lesson's file: 104 cards, each with its number; the kinds 1, 2, 3, 5, 7 heads
    (RULES.md); card 55 shows 7 heads' worth of pictures at first."""
    from sixnimmt_core.widgets.frames import cards_file

    data = json.loads((folder(site_dir) / cards_file(lang)).read_text(encoding="utf-8"))
    assert sorted(map(int, data["card"])) == list(range(1, 105)) and data["order"] == [1, 2, 3, 5, 7]
    for n, html in data["card"].items():
        assert f'data-card="{n}"' in unpack(html, data["svg"])
    assert data["first"] == {"card": 55, "kind": 7}
