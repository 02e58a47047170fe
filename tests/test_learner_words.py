"""Words for the learner (issue 23, item 4): narration names the row it means, and the lessons
of Czech and Slovak say "ty" to the learner everywhere (the teacher's page and guide may stay formal)."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from sixnimmt_core import where
from sixnimmt_core.engine.errors import Say
from sixnimmt_core.words.i18n import LANGUAGES, LOCALE_DIR

PRO_TABLE = [[40, 41, 42, 43, 44], [30, 45, 60], [59], [67]]  # the Slovak rulebook's example 1 (rebuilt)
VAGUE = {"en": "that row", "cs": "té řady", "sk": "toho radu", "ro": "acelui rând"}
ROW = {"en": "row 1", "cs": "řady 1", "sk": "radu 1", "ro": "rândului 1"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_professional_s_sixth_card_names_its_row_among_the_others(lang):
    """39 goes before 40 in row 1 (difference 1; 59 and 67 are farther) and is row 1's sixth card:
    the words list rows 3 and 4 too, so they must say which row is taken — row 1."""
    p = where(39, PRO_TABLE, two_sided=True)
    assert (p.rule, p.row, p.side) == ("sixth", 0, "left")
    said = p.reason(lang)
    assert VAGUE[lang] not in said
    sixth = said.split("—")[-1]  # the part after the other places
    assert ROW[lang] in sixth, said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_tie_chosen_as_a_sixth_card_names_its_row(lang):
    said = Say("event.placed.chosen.sixth", domain="sixnimmt", name="A", card=50, spot="…", row=3).words(lang)
    assert VAGUE[lang] not in said and ("3" in said.split("—")[-1])


# ---- Czech and Slovak say "ty" to the learner ----------------------------------------------------------
# The formal (or plural) "you": imperatives and verbs in the second person plural a lesson would use,
# and the pronouns. (The teacher's page — the keys teacher.* — and the landing page may stay formal.)
FORMAL = {
    "cs": ("vyberte", "klikněte", "zvolte", "otevřete", "zkuste", "podívejte", "použijte", "zadejte", "napište",
           "stiskněte", "hrajte", "zahrajte", "zaškrtněte", "dejte", "pokračujte", "můžete", "smíte", "máte",
           "jste", "byste", "vyložíte", "přiložíte", "uvidíte", "projdete", "vezmete", "hrajete", "načtěte",
           "naučte", "uložte", "sbíráte", "vy", "vás", "vám", "vámi", "váš", "vaše", "vašeho", "vaši", "vaší", "vaším", "vašim", "vašem", "vašich", "vašimi"),
    "sk": ("vyberte", "kliknite", "zvoľte", "otvorte", "skúste", "pozrite", "použite", "zadajte", "napíšte",
           "stlačte", "hrajte", "zahrajte", "zaškrtnite", "dajte", "pokračujte", "môžete", "smiete", "máte",
           "ste", "vyložíte", "priložíte", "uvidíte", "prejdete", "vezmete", "hráte", "načítajte", "naučte",
           "uložte", "zbierate", "vy", "vás", "vám", "vami", "váš", "vaše", "vášho", "vaši", "vašej", "vašou", "vašom", "vašim", "vašich", "vašimi"),
}
# The catalogues a learner reads in the lessons: every key, but the teacher's page's; of the site's
# words, the app's (app.*).
LESSON_DOMAINS = ("lessons", "widgets", "drills", "sixnimmt", "editor", "coach", "teacher", "site")


def lesson_texts(lang: str) -> list[tuple[str, str, str]]:
    out = []
    for domain in LESSON_DOMAINS:
        with open(LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po", "rb") as f:
            catalog = read_po(f, locale=lang)
        for m in catalog:
            key = m.id if isinstance(m.id, str) else m.id[0]
            if not key or (domain == "teacher" and key.startswith("teacher.")):
                continue
            if domain == "site" and not key.startswith("app."):
                continue
            for text in (m.string if isinstance(m.string, (list, tuple)) else [m.string]):
                out.append((domain, key, text))
    return out


@pytest.mark.parametrize("lang", sorted(FORMAL))
def test_czech_and_slovak_lessons_say_ty_to_the_learner(lang):
    pattern = re.compile(r"\b(" + "|".join(FORMAL[lang]) + r")\b", re.IGNORECASE)
    texts = lesson_texts(lang)
    assert len(texts) > 300
    formal = [f"{domain}:{key}: {pattern.search(text).group(0)!r} in {text!r}"
              for domain, key, text in texts if pattern.search(text)]
    assert formal == []


@pytest.mark.parametrize("lang", sorted(FORMAL))
def test_czech_and_slovak_notebooks_say_ty_to_the_learner(lang):
    """The notebooks' prose in each language (tools/lesson_texts/<lang>/, from which notebooks/<lang>/
    is built), the English source phrases in its comments left out."""
    from pathlib import Path

    pattern = re.compile(r"\b(" + "|".join(FORMAL[lang]) + r")\b", re.IGNORECASE)
    texts = sorted((Path(__file__).parents[1] / "tools" / "lesson_texts" / lang).glob("*.md"))
    assert len(texts) == 6
    for path in texts:
        prose = re.sub(r"<!--.*?-->", " ", path.read_text(encoding="utf-8"), flags=re.S)
        assert [m.group(0) for m in pattern.finditer(prose)] == [], path.name


def test_the_formal_list_catches_what_it_is_for():
    """The lists find the forms this test was written against (the lessons' words before the fix)."""
    cs = re.compile(r"\b(" + "|".join(FORMAL["cs"]) + r")\b", re.IGNORECASE)
    sk = re.compile(r"\b(" + "|".join(FORMAL["sk"]) + r")\b", re.IGNORECASE)
    assert cs.search("klikněte na řadu") and cs.search("Hrajte proti počítači") and cs.search("si smíte vzít")
    assert sk.search("kliknite na rad") and sk.search("Hrajte proti počítaču") and sk.search("si smiete vziať")
    assert not cs.search("klikni na řadu: vyložíš jednu nebo dvě") and not sk.search("ešte raz, skús to")


# ---- accessible controls ---------------------------------------------------------------------------------
def test_no_widget_the_lessons_make_carries_the_tooltip_none(monkeypatch):
    """ipywidgets 8 writes a described control's tooltip into its label's title as it is: None
    becomes title="null" (a ToggleButton and a FileUpload set it with setAttribute, the same). Every
    widget the lessons make — at the start, in every language, and as a learner plays, answers,
    opens the editor's tables and a saved game — is made with a tooltip (a Button may keep None:
    its view shows its words then). ipywidgets itself is left as it ships: no global patch."""
    import ipywidgets as W
    from ipywidgets.widgets.widget_description import DescriptionWidget

    from sixnimmt_core.teaching.saved import save
    from sixnimmt_core.widgets.apps import LESSON_TYPES, App
    from sixnimmt_core.words.i18n import LANGUAGES

    assert W.HTML("x").tooltip is None and W.Text().tooltip is None  # ipywidgets' own default, untouched
    hook = W.Widget._widget_construction_callback
    assert not (callable(hook) and getattr(hook, "__module__", "").startswith("sixnimmt_core"))
    made: list[W.Widget] = []
    monkeypatch.setattr(W.Widget, "_widget_construction_callback", made.append)  # this test's own watch
    for lang in LANGUAGES:
        for lesson in LESSON_TYPES:
            App(f"lesson={lesson}&lang={lang}")
    app = App("lesson=play&lang=ro")
    table = app.current.launcher.table
    for _ in range(200):
        buttons = [b for b in table.choice_buttons if not b.disabled]
        if table.game is None or table.game.over or not buttons:
            break
        buttons[0].click()
    assert table.game.over
    app.current.launcher.saved.open_file(save(table.game), "game.json")
    trainer = App("lesson=trainer&lang=sk").current.trainer
    for _ in range(3):
        trainer.answer_buttons[0].click()
        trainer.new_button.click()
    variants = App("lesson=variants&lang=cs").current
    variants.try_toggle.value = True
    variants.drill.answer_buttons[0].click()
    editor = App("lesson=table&lang=en").current.editor
    assert editor.step_through() and editor.ask_in_trainer() and editor.play_from_here() and editor.show_qr()
    described = [w for w in made if isinstance(w, DescriptionWidget) and not isinstance(w, W.Button) and w.comm is not None]
    null = sorted({type(w).__name__ for w in described if w.tooltip is None})
    assert len(described) > 400 and null == []  # a Box writes no title for None: only described widgets do


def test_text_boxes_and_lists_show_the_keyboard_focus_over_ipywidgets_own_style():
    """ipywidgets sets `outline: none !important` on text inputs and selects: the ring needs !important."""
    from sixnimmt_core.widgets._common import css

    style = css()
    rule = re.search(r"\.snt-w \.widget-text input:focus[^{]*\{([^}]*)\}", style)
    assert rule and "outline:3px solid" in rule.group(1) and "!important" in rule.group(1)
    assert ".snt-w .widget-dropdown select:focus" in style and ".snt-w .snt-link input:focus" in style


def test_no_notebook_shows_a_learner_a_document_s_code():
    """The notebooks name a source by its language ("the Romanian document"), not by the seed file's
    code ("000", "003", "004"): a learner has no such files."""
    import json
    from pathlib import Path

    code = re.compile(r"(?<![\d,.])00[0-4](?![\d,.])")
    notebooks = sorted((Path(__file__).parents[1] / "notebooks").rglob("*.ipynb"))
    assert len(notebooks) == 24
    for path in notebooks:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        prose = " ".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
        assert not code.search(prose), (path, code.search(prose))
