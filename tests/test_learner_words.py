"""Words for the learner (issue 23, item 4): narration names the row it means, and the lessons
of Czech and Slovak say "ty" to the learner everywhere (the teacher's page and guide may stay formal)."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from sixnimmt_core import where
from sixnimmt_core.errors import Say
from sixnimmt_core.i18n import LANGUAGES, LOCALE_DIR

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
           "naučte", "uložte", "vy", "vás", "vám", "váš", "vaše", "vašeho", "vaši"),
    "sk": ("vyberte", "kliknite", "zvoľte", "otvorte", "skúste", "pozrite", "použite", "zadajte", "napíšte",
           "stlačte", "hrajte", "zahrajte", "zaškrtnite", "dajte", "pokračujte", "môžete", "smiete", "máte",
           "ste", "vyložíte", "priložíte", "uvidíte", "prejdete", "vezmete", "hráte", "načítajte", "naučte",
           "uložte", "vy", "vás", "vám", "váš", "vaše", "vášho", "vaši"),
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


def test_the_formal_list_catches_what_it_is_for():
    """The lists find the forms this test was written against (the lessons' words before the fix)."""
    cs = re.compile(r"\b(" + "|".join(FORMAL["cs"]) + r")\b", re.IGNORECASE)
    sk = re.compile(r"\b(" + "|".join(FORMAL["sk"]) + r")\b", re.IGNORECASE)
    assert cs.search("klikněte na řadu") and cs.search("Hrajte proti počítači") and cs.search("si smíte vzít")
    assert sk.search("kliknite na rad") and sk.search("Hrajte proti počítaču") and sk.search("si smiete vziať")
    assert not cs.search("klikni na řadu: vyložíš jednu nebo dvě") and not sk.search("ešte raz, skús to")
