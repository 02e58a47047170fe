"""The widgets and the learning app in every language of the edition: each lesson built in Czech,
Slovak and Romanian shows none of the widgets' English labels; the route carries the language;
switching the language keeps the learner's place; and a few labels, written here by hand, read as
a person of that language expects."""

from __future__ import annotations

import re
from html import unescape

import ipywidgets as W
import pytest
from babel.messages.pofile import read_po

from sixnimmt_core.engine.game import Deal, Game
from sixnimmt_core.teaching.narrate import SPECIAL
from sixnimmt_core.teaching.playflow import coach_reason
from sixnimmt_core.widgets.apps import LESSONS, App, Route, parse_route
from sixnimmt_core.widgets.cards import CardExplorer
from sixnimmt_core.widgets.play import PlayTable
from sixnimmt_core.widgets.snapshot import preview
from sixnimmt_core.widgets.stepper import Stepper
from sixnimmt_core.widgets.trainer import RowTrainer
from sixnimmt_core.words import i18n

LOCALE = i18n.LOCALE_DIR
OTHERS = [lang for lang in i18n.LANGUAGES if lang != "en"]


def catalog(lang: str):
    with (LOCALE / lang / "LC_MESSAGES" / "widgets.po").open("rb") as f:
        return read_po(f, locale=lang)


def forms(message) -> list[str]:
    return list(message.string) if message.pluralizable else [message.string]


def english_only(lang: str) -> dict[str, str]:
    """Every piece of English label text (between placeholders, with a word of 3+ letters) that
    ``lang``'s text of the same message does not contain -> the key it comes from."""
    own = catalog(lang)
    out = {}
    for m in catalog("en"):
        if not m.id:
            continue
        theirs = " ".join(forms(own[m.id]))
        for text in forms(m):
            for piece in re.split(r"\{[^}]*\}", text):
                piece = piece.strip(" .,:;()—·")
                if re.search(r"[A-Za-z]{3,}", piece) and piece not in theirs:
                    out[piece] = m.id if isinstance(m.id, str) else m.id[0]
    return out


# English that other modules show on purpose, taken out before looking for the widgets' English:
# a rulebook's own words quoted in the language they were written in (teach.Rulebook, the last step
# of an example: scenarios.Example.text). The lesson content (variant summaries, example titles and
# sources, head-count rules, the walks' titles) speaks every language itself.
def others_english() -> list[str]:
    from sixnimmt_core.teaching.scenarios import EXAMPLES

    return sorted({e.text for e in EXAMPLES.values() if e.text}, key=len, reverse=True)


def shown_text(w: W.Widget) -> str:
    """Every word a widget tree puts before a learner: HTML text and its titles and aria-labels,
    controls' labels, tooltips and options."""
    out: list[str] = []

    def html(value: str) -> None:
        value = re.sub(r"<style>.*?</style>", " ", value, flags=re.S)
        out.extend(unescape(a) for a in re.findall(r'(?:title|aria-label)="([^"]*)"', value))
        value = re.sub(r"<title>.*?</title>", " ", value, flags=re.S)  # the cards' own SVG names
        out.append(unescape(re.sub(r"<[^>]+>", " ", value)))

    def walk(x: W.Widget) -> None:
        if isinstance(x, W.HTML):
            html(x.value)
        for name in ("description", "tooltip"):
            if isinstance(getattr(x, name, None), str):
                out.append(getattr(x, name))
        if isinstance(x, (W.Dropdown, W.ToggleButtons)):
            out.extend(str(label) for label in x._options_labels)
        if isinstance(x, W.ToggleButtons):
            out.extend(x.tooltips or ())
        for child in getattr(x, "children", ()):
            walk(child)

    walk(w)
    return "\n".join(out)


# The drawing's own English (render.py, not the widgets: a card's, a row's, a table's, a hand's and a
# pile's accessible names, a row's "taken" / "N left" / "full!" mark), taken out likewise.
RENDER_ENGLISH = [r"\bcard \d+(×\d+)?, \d+ heads?", r"\brow \d+: [^\n\"<]*", r"\btable, \d+ rows?",
                  r"\bhand: [^\n\"<]*", r"\bpenalty pile, [^\n\"<]*", r"\bplay card [^\n\"<]*",
                  r"\btaken\b", r"\b\d+ left\b", r"\bfull!", r"\b\d+ cards?\b", r"\b\d+ heads?\b"]


def leftover_english(text: str, lang: str) -> list[str]:
    for other in others_english():
        text = text.replace(other, " ")
    for pattern in RENDER_ENGLISH:
        text = re.sub(pattern, " ", text)
    found = []
    for piece, key in english_only(lang).items():
        if re.search(r"(?<![A-Za-z])" + re.escape(piece) + r"(?![A-Za-z])", text):
            found.append(f"{piece!r} ({key})")
    return sorted(found)


def lesson_views(lang: str):
    """Each lesson of the app in ``lang``, as a learner first sees it and after a click or two."""
    for key in LESSONS:
        app = App(f"lesson={key}&lang={lang}")
        lesson = app.current
        yield key, app
        if lesson.stepper is not None:
            lesson.stepper.next_button.click()
            lesson.stepper.turn_button.click()
            yield f"{key}, later", app
        if key == "trainer":
            t = lesson.trainer
            t.answer_buttons[0].click()  # row 1 is wrong for 29 on 8, 24, 69, 81
            yield f"{key}, answered", app
        if key == "play":
            lesson.launcher.picker.value = "refined"  # two cards a turn: Lay cards, Clear
            yield f"{key}, refined", app
    app = App(f"lesson=variants&pick=professional&lang={lang}")
    app.current.stepper.end_button.click()
    yield "variants, professional", app


@pytest.mark.parametrize("lang", OTHERS)
def test_no_english_label_is_left_in_any_lesson(lang):
    problems = []
    for name, app in lesson_views(lang):
        assert app.route.lang == lang
        left = leftover_english(shown_text(app), lang)
        if left:
            problems.append(f"{name}: {', '.join(left)}")
    assert problems == []


def test_the_check_finds_english_where_there_is_english():
    # the same lessons in English are full of the words the check looks for
    text = shown_text(App("lesson=turn&lang=en"))
    assert "'Next'" in " ".join(leftover_english(text, "cs")) or "Next ▶" in text
    assert len(leftover_english(text, "cs")) > 5


def test_a_widget_made_in_english_is_english_and_the_others_are_not():
    for lang in OTHERS:
        assert leftover_english(shown_text(PlayTable(seed=3, coach=True, lang=lang)), lang) == []
        assert leftover_english(shown_text(RowTrainer(seed=2, two_sided=True, lang=lang)), lang) == []
        assert leftover_english(shown_text(CardExplorer(55, lang=lang)), lang) == []


# ---- the route carries the language -----------------------------------------------------------------
@pytest.mark.parametrize(("text", "route"), [
    ("lesson=turn&pick=pitfall-2&step=3&lang=cs", Route("turn", "pitfall-2", 3, "cs")),
    ("#lesson=cards&lang=ro", Route("cards", lang="ro")),
    ("lesson=variants&pick=twins&lang=sk", Route("variants", "twins", lang="sk")),
    ("lesson=turn&step=2&lang=de", Route("turn", step=2)),         # a language the edition does not speak
    ("lesson=turn&step=2&lang=", Route("turn", step=2)),
    ("lesson=turn&step=2&lang=CS", Route("turn", step=2)),
    ("lesson=chess&lang=cs", Route("cards", lang="cs")),           # no such lesson: the first, in Czech
])
def test_the_route_reads_the_language(text, route):
    assert parse_route(text) == route


def test_a_czech_route_round_trips_with_the_language_last():
    r = Route("turn", "pitfall-2", 3, "cs")
    assert r.fragment() == "lesson=turn&pick=pitfall-2&step=3&lang=cs"
    assert parse_route(r.fragment()) == r
    assert Route("cards", lang="en").fragment() == "lesson=cards&lang=en"
    app = App(r.fragment())
    assert app.route == r and app.route.fragment() == r.fragment()


def test_changing_only_the_language_keeps_lesson_pick_and_step():
    app = App("lesson=turn&pick=pitfall-2&step=3&lang=en")
    english = app.current
    seen: list[Route] = []
    news: list[dict] = []
    app.observe_route(seen.append)
    app.observe_progress(news.append)
    assert app.go("lesson=turn&pick=pitfall-2&step=3&lang=cs") == Route("turn", "pitfall-2", 3, "cs")
    assert app.current is english and english.lang == "cs"  # the same lesson, its words drawn again
    assert seen[-1] == Route("turn", "pitfall-2", 3, "cs")
    assert news == []  # the same lesson, not a new one seen
    # the learner moves on in Czech, then only the language changes (no pick or step named)
    app.current.stepper.next_button.click()
    assert app.go("lesson=turn&lang=sk") == Route("turn", "pitfall-2", 4, "sk")
    assert app.go(Route("turn", lang="en")) == Route("turn", "pitfall-2", 4, "en")
    assert app.current is english  # one lesson, built once and kept, whatever language it speaks
    assert set(app.lessons) == {"turn"}


def test_the_lessons_speak_the_language_of_the_route():
    app = App("lesson=variants&pick=professional&step=2&lang=cs")
    stepper = app.current.stepper
    assert stepper.next_button.description == "Další ▶"
    assert stepper.title_text == "Profesionál"
    assert "Profesionál" in [label for label in app.current.picker._options_labels]
    assert app.go("lesson=play&pick=twins&lang=ro").lang == "ro"
    launcher = app.current.launcher
    assert launcher.new_button.description == "Joc nou" and launcher.coach.description == "Antrenor"
    assert dict(launcher.picker.options)["Gemeni"] == "twins"
    assert "(2–10 jucători)" in launcher.about.value


# ---- labels written by hand -------------------------------------------------------------------------
NEXT = {"en": "Next ▶", "cs": "Další ▶", "sk": "Ďalej ▶", "ro": "Înainte ▶"}
PLAY_55 = {"en": "Play 55, 7 heads", "cs": "Zahrát 55, 7 hlav", "sk": "Zahrať 55, 7 hláv", "ro": "Joacă 55, 7 capete"}
PLAY_13 = {"en": "Play 13, 1 head", "cs": "Zahrát 13, 1 hlava", "sk": "Zahrať 13, 1 hlava", "ro": "Joacă 13, 1 cap"}
POSITION = {"en": "step 1 of", "cs": "krok 1 z", "sk": "krok 1 z", "ro": "pasul 1 din"}
KINDS = {  # the card explorer's buttons: heads, then how many cards (Romanian: "de" from 20 on)
    "en": ["1 head: 76 cards", "2 heads: 9 cards", "3 heads: 10 cards", "5 heads: 8 cards", "7 heads: 1 card"],
    "cs": ["1 hlava: 76 karet", "2 hlavy: 9 karet", "3 hlavy: 10 karet", "5 hlav: 8 karet", "7 hlav: 1 karta"],
    "sk": ["1 hlava: 76 kariet", "2 hlavy: 9 kariet", "3 hlavy: 10 kariet", "5 hláv: 8 kariet", "7 hláv: 1 karta"],
    "ro": ["1 cap: 76 de cărți", "2 capete: 9 cărți", "3 capete: 10 cărți", "5 capete: 8 cărți", "7 capete: 1 carte"],
}
WRONG = {"en": "Not quite.", "cs": "Ne tak docela.", "sk": "Nie celkom.", "ro": "Nu tocmai."}
CHOSE = {  # the trainer's first example, 29 on rows ending 8, 24, 69, 81, answered "row 1"
    "en": "You chose row 1: 29 could go there (difference 21), but another place is closer.",
    "cs": "Tvoje volba: řada 1: 29 by tam jít mohla (rozdíl 21), ale jiné místo je blíž.",
    "sk": "Tvoja voľba: rad 1:",
    "ro": "Ai ales rândul 1:",
}
SCORE = {"en": "Score: 1 of 1 right", "cs": "Skóre: 0 z 1 správně", "sk": "Skóre: 0 z 1 správne",
         "ro": "Scor: 0 din 1 corecte"}


def _hands():
    mine = [13, 22, 30, 45, 55, 88, 100, 104]
    rest = [c for c in range(14, 104) if c not in mine and c not in (20, 50, 70, 90)]
    return Deal([mine, rest[:8], rest[8:16], rest[16:24]], [[20], [50], [70], [90]])


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_hand_written_labels(lang):
    app = App(f"lesson=turn&lang={lang}")
    stepper = app.current.stepper
    assert stepper.next_button.description == NEXT[lang]
    assert re.search(r'class="snt snt-pos"[^>]*>' + re.escape(POSITION[lang]) + r" \d+( · |<)",
                     stepper.position.value)
    t = PlayTable(deal=_hands(), seed=1, lang=lang)
    named = {b.answer: b.description for b in t.choice_buttons}
    assert named[55] == PLAY_55[lang] and named[13] == PLAY_13[lang]
    assert [b.description for b in CardExplorer(13, lang=lang).kind_buttons] == KINDS[lang]
    trainer = RowTrainer(examples=[([[8], [24], [69], [81]], 29)], lang=lang)
    if lang == "en":
        next(b for b in trainer.answer_buttons if b.answer == ("row", 1)).click()
    else:
        next(b for b in trainer.answer_buttons if b.answer == ("row", 0)).click()
        assert WRONG[lang] in unescape(trainer.feedback.value)
        assert CHOSE[lang] in unescape(trainer.feedback.value)
    assert SCORE[lang] in trainer.score.value


def test_czech_seats_heads_and_the_end_of_a_hand():
    t = PlayTable(players=3, humans=(0,), bots=("cautious",), seed=4, lang="cs")
    while not t.game.over:
        t.choice_buttons[0].click()
    result = unescape(t.result.value)
    assert result.startswith('<div class="snt snt-panel snt-ok" role="status"><div class="snt-title">Hra skončila: ')
    assert "Hráč A (ty)" in result and "Hráč B (bot)" in result and "Player" not in result
    assert "Další hru začneš tlačítkem <b>Nová hra</b>." in result
    assert "Trestné body (vyhrává ten, kdo má nejméně)" in result


def test_romanian_counts_cards_with_de_from_twenty():
    from sixnimmt_core.widgets._common import cards_words

    assert [cards_words(n, "ro") for n in (1, 2, 19, 20, 76, 104, 120)] == \
        ["1 carte", "2 cărți", "19 cărți", "20 de cărți", "76 de cărți", "104 cărți", "120 de cărți"]
    assert [cards_words(n, "cs") for n in (1, 3, 5)] == ["1 karta", "3 karty", "5 karet"]


def test_a_game_stepped_through_is_narrated_in_the_stepper_s_language():
    from sixnimmt_core.engine.rules import find_variant
    from sixnimmt_core.players.bots import advance, make_bots
    from sixnimmt_core.teaching.narrate import narrate

    game = Game(find_variant("base"), 3, seed=5, one_hand=True)
    advance(game, make_bots(["cautious"], 3, 5))
    s = Stepper(game, lang="sk")
    assert s.steps[0].text.startswith(narrate(game, "sk")[0])
    assert "Player" not in s.seats_view.value and "Hráč A" in s.seats_view.value
    assert "<th>Mínusový balíček</th>" in s.seats_view.value


def test_the_english_catalogue_says_what_the_engine_says():
    # the ★ labels are the engine's catalogue's, one set in every language (narrate.SPECIAL); the
    # coach's reasons are the widgets' catalogue's in every language (the bots carry numbers, not words)
    assert SPECIAL["sixth"].label == "sixth card: the row is taken"
    for key, special in SPECIAL.items():
        assert all(special.label_in(lang) != special.label for lang in OTHERS), key
    t = PlayTable(deal=_hands(), seed=1, coach=True)
    d = t.decision
    for e in t.estimates(d):  # the reason's shape in English, from the catalogue (en/widgets.po, coach.*)
        assert re.fullmatch(rf"Play {e.action}: (takes no row this turn in any sampled deal|takes a row this turn in "
                            r"\d+% of sampled deals \(≈\d+\.\d heads\)); about \d+\.\d heads by the end of the hand",
                            coach_reason(e, t.coach_span(), "en")), coach_reason(e, t.coach_span(), "en")
    cs = PlayTable(deal=_hands(), seed=1, coach=True, lang="cs")
    assert "do konce hry" in cs.coach_view.value and "asi " in cs.coach_view.value
    # a decimal comma in the exact figures; each badge is whole heads (or one decimal, with a comma, where
    # whole heads would tie across the ★), ★ on the advice and its equals
    assert re.search(r"asi \d+,\d hlavy", cs.coach_view.value)
    assert all(re.search(r" · (★ )?≈\d+(,\d)?$", b.description) for b in cs.choice_buttons)
    assert "ale může to být cokoli od" in cs.coach_view.value and "Přesná čísla" in cs.coach_view.value


@pytest.mark.parametrize("lang", OTHERS)
def test_previews_are_written_in_the_language(lang):
    page = preview("turn", lang)
    assert f'<html lang="{lang}">' in page
    assert f">{NEXT[lang]}</button>" in page
    with pytest.raises(i18n.UnknownLanguage):
        preview("turn", "de")
