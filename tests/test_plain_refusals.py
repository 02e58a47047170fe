"""What a learner reads when a saved game, a link's table or a typed table is refused (issue 23,
item 3): one short sentence in their language that names the rule by its name — never "JSON", an
"event", a section sign or a file name of the documents, never the file quoted back, no Python
English inside a Czech, Slovak or Romanian sentence — and nothing changes but the message.

The bad saved games are the files in tests/fixtures/bad_saves/ (each made from good.json, a
two-card Tactics game, by the change its name says); the bad tables and links are listed here."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from sixnimmt_core.engine.errors import CorruptLog, SixNimmtError
from sixnimmt_core.teaching.position import Position, decode, plain_words
from sixnimmt_core.teaching.saved import load, plain_refusal

BAD_SAVES = Path(__file__).parent / "fixtures" / "bad_saves"
LANGS = ("en", "cs", "sk", "ro")
# What a learner must never read: the file's format, the log's words, a section sign, the documents'
# files, Python's parser and reprs.
FORBIDDEN = ("JSON", "json", "event", "§", ".md", "RULES", "Expecting", "{", "}", "line ", "column",
             "char ", "kind", "Traceback", "Error")
SECTION_NUMBER = re.compile(r"\b(rule|pravidlo|regula|pravidla) \d", re.IGNORECASE)
# English words that give English away inside another language's sentence (none of them is a word
# of Czech, Slovak or Romanian).
ENGLISH = ("the", "is", "not", "file", "saved", "game", "card", "cards", "row", "rule", "rules", "value",
           "line", "player", "players", "number", "with", "of", "was", "must", "table", "deck", "holds",
           "expected", "has", "does", "cannot", "this", "that", "only", "more", "empty", "changed")


def shown_text(markup: str) -> str:
    """The words an HTML fragment shows (tags dropped, entities read)."""
    return html.unescape(re.sub(r"<[^>]+>", " ", markup)).strip()


def plain_problems(text: str, lang: str) -> list[str]:
    problems = [f"{t!r} in {text!r}" for t in FORBIDDEN if t in text]
    if SECTION_NUMBER.search(text):
        problems.append(f"a rule by its number in {text!r}")
    if lang != "en":
        words = set(re.findall(r"[A-Za-z]+", text))
        problems += [f"English {w!r} in the {lang} text {text!r}" for w in ENGLISH if w in words]
    return problems


def bad_saves() -> list[Path]:
    files = sorted(p for p in BAD_SAVES.glob("*.json") if p.name != "good.json")
    assert len(files) >= 15
    return files


def test_the_good_file_of_the_fixtures_loads():
    """The bad files are refused for their change, not because the file they were made from is bad."""
    assert load((BAD_SAVES / "good.json").read_bytes()).over


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", bad_saves(), ids=lambda p: p.stem)
def test_a_bad_saved_game_is_refused_in_one_plain_sentence(path, lang):
    from sixnimmt_core.widgets.replay import SavedGames

    data = path.read_bytes()
    with pytest.raises(CorruptLog) as refused:
        load(data)
    said = plain_refusal(refused.value, lang)
    assert plain_problems(said, lang) == []
    assert 20 < len(said) < 260
    saved = SavedGames(lang=lang)
    saved.open_file((BAD_SAVES / "good.json").read_bytes(), "good.json")
    before, shown = saved.replay, saved.shown.children
    assert saved.open_file(data, path.name) is False
    assert saved.replay is before and saved.shown.children == shown  # the game opened before stays
    message = shown_text(saved.message.value)
    assert said in message and path.name not in message
    assert plain_problems(message, lang) == []


def test_the_refusals_say_what_kind_of_bad_file_it_is():
    def said(name: str) -> str:
        with pytest.raises(CorruptLog) as refused:
            load((BAD_SAVES / name).read_bytes())
        return plain_refusal(refused.value)

    not_a_game = "This file is not a saved game of 6 nimmt!, or it is damaged. Open a file saved with “Download this game”."
    for name in ("cut-off.json", "empty.json", "not-text.json", "deep-brackets.json", "a-list.json",
                 "chose-without-card.json", "long-number.json"):
        assert said(name) == not_a_game, name
    assert said("version-3.json") == ("This saved game was made by another version of this edition and cannot be "
                                      "opened here.")
    assert said("took-changed.json").startswith("This saved game was changed after it was saved")
    # the engine refused a move while replaying: the rule it breaks, by its name
    assert said("card-not-in-hand.json").endswith("a card played must come from the player's hand.")
    assert said("no-such-row.json").endswith("a card lower than every row's last card takes one of the four rows.")


def test_a_refusal_never_quotes_a_huge_event_back():
    """One probe's refusal quoted a 100,000-card event: 400,176 characters on screen."""
    data = json.loads((BAD_SAVES / "good.json").read_text(encoding="utf-8"))
    chose = next(e for e in data["events"] if e["kind"] == "chose")
    chose["cards"] = list(range(1, 100_001))
    with pytest.raises(CorruptLog) as refused:
        load(json.dumps(data))
    for lang in LANGS:
        assert len(plain_refusal(refused.value, lang)) < 260


def test_a_czech_refusal_carries_no_python_english():
    """The engine's own words (the command line's) quote json's message; a learner's never do."""
    with pytest.raises(CorruptLog) as refused:
        load((BAD_SAVES / "cut-off.json").read_bytes())
    assert "Expecting" in refused.value.words("cs") or "delimiter" in refused.value.words("cs")
    assert plain_refusal(refused.value, "cs") == ("Tento soubor není uložená hra 6 bere!, nebo je poškozený. "
                                                  "Otevři soubor uložený tlačítkem „Stáhnout tuto hru“.")


# ---- tables typed in the editor, and links ------------------------------------------------------------
BASE_ROWS = ((12,), (37,), (43,), (58,))
BAD_TABLES = {  # what is typed in the editor's boxes: rows, played, hand, variant, players
    "a card twice": (["8", "24", "24 30", "81"], "", "", "base", 4),
    "six cards in a row": (["1 2 3 4 5 6", "7", "8", "9"], "", "", "base", 4),
    "not ascending": (["12", "40 37", "43", "58"], "", "", "base", 4),
    "an empty row": (["12", "37", "", "58"], "1 2 3 4", "", "base", 4),
    "no card 105": (["12", "37", "43", "58 105"], "", "", "base", 4),
    "a word": (["12", "37", "43", "karta"], "", "", "base", 4),
    "a superscript": (["12", "37", "43", "3²"], "", "", "base", 4),
    "a circled digit": (["12", "37", "43", "①"], "", "", "base", 4),
    "outside Tactics": (["1", "2", "3", "50"], "", "", "tactics", 3),
    "the Open marker": (["1", "2", "3", "4"], "", "", "open", 4),
    "Tournament for 6": (["12", "37", "43", "58"], "", "", "tournament", 6),
    "too few played": (["12", "37", "43", "58"], "14 15", "", "base", 4),
    "five played": (["12", "37", "43", "58"], "1 2 3 4 5", "", "base", 4),
    "Refined odd": (["12", "37", "43", "58"], "1 2 3", "", "refined", 4),
    "a big hand": (["12", "37", "43", "58"], "1 2 3 4", "20 21 22 23 24 25 26 27 28 29", "base", 4),
    "twins thrice": (["24", "24", "24 30", "50"], "", "", "twins", 4),
}


def typed(editor, rows, played, hand, variant, players) -> None:
    editor.variant.value = variant
    editor.players.value = players
    for box, cards in zip(editor.row_boxes, rows, strict=True):
        box.value = cards
    editor.played_box.value = played
    editor.hand_box.value = hand


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(BAD_TABLES))
def test_a_refused_table_is_said_plainly_and_nothing_opens(name, lang):
    from sixnimmt_core.widgets.editor import PositionEditor

    editor = PositionEditor(lang=lang)
    typed(editor, *BAD_TABLES[name])
    status = shown_text(editor.status.value)
    assert "✗" in status and "✓" not in status
    assert plain_problems(status, lang) == []
    assert editor.step_button.disabled  # never "allowed" and then refused on Step
    assert editor.step_through() is None and editor.shown is None


def tampered_links() -> dict[str, str]:
    from sixnimmt_core.teaching.position import _check

    code = Position("base", 4, BASE_ROWS, (14, 15, 44, 61)).encode()
    rules_refuse = "1.base.4.24_24_30_81.."
    unknown_variant = "1.nosuch.4.8_24_69_81.."
    return {"a card changed": code.replace("14", "13", 1), "cut short": code[:-6], "garbage": "hello world",
            "too long": code + "9" * 500, "empty": "",
            "rules refuse it": f"{rules_refuse}.{_check(rules_refuse)}",
            "no such variant": f"{unknown_variant}.{_check(unknown_variant)}"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(tampered_links()))
def test_a_bad_link_is_said_plainly_and_the_table_stays(name, lang):
    from sixnimmt_core.widgets.editor import PositionEditor

    text = tampered_links()[name]
    with pytest.raises(SixNimmtError) as refused:
        decode(text)
    assert plain_problems(plain_words(refused.value, lang), lang) == []
    editor = PositionEditor(lang=lang)
    before = editor.position
    assert editor.set_position(text) is False
    assert editor.position == before and editor.code is None and editor.qr_view.value == ""
    status = shown_text(editor.status.value)
    assert plain_problems(status, lang) == [] and (not text or text[:20] not in status)


def test_the_plain_words_name_the_rule_not_its_section():
    with pytest.raises(SixNimmtError) as refused:
        Position("base", 4, ((12,), (40, 37), (43,), (58,)))
    assert str(refused.value).endswith("(rule 1)")  # the engine's own words, for the command line
    assert plain_words(refused.value) == "row 2 (40, 37) is not in ascending order: a row only grows with higher cards"
    assert plain_words(refused.value, "cs") == "řada 2 (40, 37) není seřazená vzestupně: řada roste jen vyššími kartami"
    with pytest.raises(SixNimmtError) as refused:
        Position("tournament", 6, BASE_ROWS)
    assert plain_words(refused.value, "ro") == "varianta Turneu se joacă de cel mult 5 jucători, nu 6"
    assert plain_words(refused.value, "sk") == "variant Turnaj hrá najviac 5 hráčov, nie 6"


# ---- the editor's verdict is the check its buttons make ---------------------------------------------------
def test_the_editor_opens_with_the_rulebook_s_example_ready_to_step():
    """The Amigo rulebook's figure: rows start 12, 37, 43, 58; 14, 15, 44, 61 are played. 14 and 15
    go after 12 (ascending order), 44 after 43 (smallest difference), 61 after 58."""
    from sixnimmt_core.widgets.editor import PositionEditor

    editor = PositionEditor()
    assert [b.value for b in editor.row_boxes] == ["12", "37", "43", "58"]
    assert editor.played_box.value == "14 15 44 61" and editor.variant.value == "base" and editor.players.value == 4
    assert "✓" in shown_text(editor.status.value)
    assert not any(b.disabled for b in (editor.step_button, editor.trainer_button, editor.play_button))
    stepper = editor.step_through()
    assert stepper is not None and stepper.steps[-1].after.rows == [[12, 14, 15], [37], [43, 44], [58, 61]]


def test_four_players_with_two_cards_played_are_refused_at_once():
    from sixnimmt_core.widgets.editor import PositionEditor

    editor = PositionEditor()
    editor.played_box.value = "14 15"
    status = shown_text(editor.status.value)
    assert "✓" not in status and "4 cards are needed here, not 2" in status
    assert editor.step_button.disabled and not editor.trainer_button.disabled and not editor.play_button.disabled
    assert editor.step_through() is None
    assert editor.ask_in_trainer() is not None  # the two cards played are asked about
    editor.back()
    editor.played_box.value = ""  # the rows alone: Play deals from them; nothing to step or to ask
    assert editor.step_button.disabled and editor.trainer_button.disabled and not editor.play_button.disabled
    assert "✓" not in shown_text(editor.status.value)


def test_whenever_the_editor_says_allowed_every_button_opens():
    """Random tables typed (seeded): after each "✓", Step, the trainer and Play all open; after
    each "✗", the disabled buttons are exactly the ones whose own check refuses."""
    import random

    from sixnimmt_core.widgets.editor import PositionEditor

    rnd = random.Random(23)
    editor = PositionEditor()
    allowed = 0
    for _ in range(40):
        variant = rnd.choice(["base", "professional", "refined", "tactics", "open"])
        players = rnd.randint(2, 5)
        cards = rnd.sample(range(2, 35), 4 + 10)
        rows = [str(c) for c in cards[:4]]
        played = " ".join(map(str, cards[4:4 + rnd.randint(0, 2 * players)]))
        typed(editor, rows, played, "", variant, players)
        if editor.position is None or editor.error is not None:
            continue
        ok = "✓" in shown_text(editor.status.value)
        for opener, button in ((editor.step_through, editor.step_button),
                               (editor.ask_in_trainer, editor.trainer_button),
                               (editor.play_from_here, editor.play_button)):
            if ok:
                assert not button.disabled
            shown = opener() if not button.disabled else None
            assert (shown is not None) == (not button.disabled)
            editor.back()
        allowed += ok
    assert allowed >= 5


def test_the_file_picker_shows_its_label_without_a_count():
    """ipywidgets draws the picker as "<description> (<number of files>)": "(0)" after every reset.
    The button's own text is drawn at size 0 and the label in front of it."""
    from sixnimmt_core.widgets.replay import SavedGames

    for lang, label in (("en", "Open a saved game"), ("cs", "Otevřít uloženou hru")):
        saved = SavedGames(lang=lang)
        style = saved.children[0].value + saved.children[1].value  # the sheet (static/saved.css), then the label
        assert ".snt-open{font-size:0!important}" in style and style.index("font-size:0") < style.index("::before{content")
        assert f'.snt-open::before{{content:"{label}"' in style
        saved._on_upload({"new": ({"content": b"[", "name": "x.json"},)})
        assert saved.upload.value == ()  # reset: the same file may be chosen again
