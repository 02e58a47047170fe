"""The teacher's guide in Czech, Slovak and Romanian (issue 12): each translation keeps the English
guide's shape — the headings level by level, every fenced code block byte for byte (commands are
not translated), the same links and URLs, in-page links that land on the same section — uses its
language's words from docs/glossary/ and its own letters (Romanian ș ț with the comma below), keeps
the app's labels as the app shows them today, and leaves no English paragraph untranslated."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
FILES = {
    "en": DOCS / "teacher-guide.md",
    "cs": DOCS / "teacher-guide.cs.md",
    "sk": DOCS / "teacher-guide.sk.md",
    "ro": DOCS / "teacher-guide.ro.md",
}
NAMES = {"en": "English", "cs": "Čeština", "sk": "Slovenčina", "ro": "Română"}
TRANSLATIONS = ["cs", "sk", "ro"]

# Each language's game words, from its glossary (docs/glossary/<lang>.md): the game's name, the row,
# the heads and penalty points, the match, and the eight variants' names.
TERMS = {
    "cs": ["6 bere!", "řada", "řady", "koncové karty", "kravských hlav", "trestné body", "zápas",
           "kolo", "rubem navrch", "Taktika", "Logika", "Turnaj", "Profesionál", "Otevřená",
           "Rafinovaná", "Ruka", "Dvojčata"],
    "sk": ["6 berie!", "rad", "radu", "kravské hlavy", "mínusové body", "zápas", "kolo",
           "turnajový lístok", "zakryte", "Taktika", "Logika", "Turnaj", "Profesionál", "Otvorená",
           "Rafinovaná", "Ruka", "Dvojičky"],
    "ro": ["6 ... ia și pierde!", "rând", "rânduri", "ultima carte din", "capul taurului",
           "capete de taur", "puncte de penalizare", "partidă", "tură", "mână", "cu fața în jos",
           "Tactică", "Logică", "Turneu", "Profesionist", "Deschisă", "Rafinată", "Mână", "Gemeni"],
}
# Letters each language must use, and letters of the others it must not (a Czech page with Slovak ľ,
# a Slovak page with Czech ř ů ě, is a page half in the wrong language).
LETTERS = {"cs": ("řůěčšžý", "ľĺŕôä"), "sk": ("ľôäčšžý", "řůě"), "ro": ("ăâîșț", "řůěľô")}
CEDILLA = "şţŞŢ"  # Romanian is written with ș ț (U+0219, U+021B), never with these
# The app's labels the guide names: in English in every language until the app speaks them.
JUPYTERLITE_MENUS = ["Run → Run All Cells", "File → Download"]  # JupyterLite's own menus stay English
APP_LABELS = [("site", "home.use"), ("site", "home.inside"), ("site", "app.menu"), ("widgets", "stepper.next"),
              ("widgets", "stepper.back")]

FENCE = re.compile(r"^ *(```|~~~)")
HEADING = re.compile(r"^(#{1,6}) +(.+?) *#*$")
LINK = re.compile(r"\]\(([^)\s]+)\)")
URL = re.compile(r"https?://[^\s<>`'\"()\[\]]+")
CODE = re.compile(r"`([^`\n]+)`")
QUOTE = re.compile(r"„[^“”]*[“”]")  # Czech and Slovak „…“, Romanian „…”
ITEM = re.compile(r"^(\s*[-*] |\s*\d+\. |\|)")


def read(lang: str) -> str:
    return FILES[lang].read_text("utf-8")


def split(text: str) -> tuple[list[str], list[str]]:
    """The prose lines (each fenced block left as one empty line) and the fenced blocks, verbatim."""
    prose: list[str] = []
    fences: list[str] = []
    block: list[str] | None = None
    for line in text.split("\n"):
        if block is None:
            if FENCE.match(line):
                block = [line]
            else:
                prose.append(line)
        else:
            block.append(line)
            if line.strip() in ("```", "~~~"):
                fences.append("\n".join(block))
                prose.append("")
                block = None
    assert block is None, "a fenced block is not closed"
    return prose, fences


def body(lang: str) -> str:
    """The prose without the first line (the language switch, different in every language)."""
    prose, _ = split(read(lang))
    return "\n".join(prose[1:])


def headings(lang: str) -> list[tuple[int, str]]:
    prose, _ = split(read(lang))
    return [(len(m[1]), m[2]) for line in prose if (m := HEADING.match(line))]


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: its text lower-cased, punctuation dropped (letters with
    diacritics kept), spaces as hyphens."""
    text = heading.replace("`", "").replace("*", "").strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(lang: str) -> list[int]:
    """Each in-page link of the guide, as the index of the heading it lands on."""
    slugs = [slug(text) for _, text in headings(lang)]
    found = []
    for target in LINK.findall(body(lang)):
        if target.startswith("#"):
            assert target[1:] in slugs, f"{FILES[lang].name}: {target} is no heading of the page"
            found.append(slugs.index(target[1:]))
    return found


def units(lang: str) -> list[str]:
    """Paragraphs, list items and table rows, each on one line with its spaces collapsed."""
    prose, _ = split(read(lang))
    out: list[str] = []
    current: list[str] = []
    for line in [*prose, ""]:
        if not line.strip() or ITEM.match(line):
            if current:
                out.append(" ".join(" ".join(current).split()))
            current = [line] if line.strip() else []
        else:
            current.append(line)
    return out


def has_words(unit: str) -> bool:
    """Whether a unit holds words to translate (not only code, URLs, numbers or table rules)."""
    text = URL.sub(" ", LINK.sub(" ", CODE.sub(" ", unit)))
    return re.search(r"[^\W\d_]{3,}", text) is not None


def test_the_english_guide_exists_and_has_the_shape_the_tests_read():
    levels = [level for level, _ in headings("en")]
    assert levels.count(1) == 1 and levels.count(2) >= 5 and levels.count(3) >= 4
    assert len(split(read("en"))[1]) >= 7
    assert anchors("en")  # the contents line


@pytest.mark.parametrize("lang", list(FILES))
def test_each_guide_starts_with_the_line_to_the_other_languages(lang):
    first = read(lang).split("\n", 1)[0]
    others = [FILES[other].name for other in FILES if other != lang]
    assert LINK.findall(first) == others, first
    assert f"**{NAMES[lang]}**" in first
    positions = [first.index(NAMES[other]) for other in FILES]
    assert positions == sorted(positions), "the four languages in the same order everywhere"
    for name in others:
        assert (DOCS / name).is_file(), name


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_translation_has_the_english_headings_level_by_level(lang):
    assert [level for level, _ in headings(lang)] == [level for level, _ in headings("en")]
    translated = [text for _, text in headings(lang)]
    english = [text for _, text in headings("en")]
    assert all(a != b for a, b in zip(translated, english, strict=True)), "every heading translated"


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_translation_keeps_every_code_block_byte_for_byte(lang):
    assert split(read(lang))[1] == split(read("en"))[1]


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_translation_keeps_every_command_and_file_name_written_as_code(lang):
    english = set(CODE.findall(body("en")))
    missing = english - set(CODE.findall(body(lang)))
    assert not missing, f"{FILES[lang].name} lacks these `code` spans of the English guide: {missing}"


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_translation_has_the_same_links_and_urls(lang):
    def others(text):
        return Counter(t for t in LINK.findall(text) if not t.startswith(("#", "http")))

    assert Counter(URL.findall(body(lang))) == Counter(URL.findall(body("en")))
    assert others(body(lang)) == others(body("en"))
    for target in others(body(lang)):
        assert (DOCS / target).is_file(), target


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_translation_links_to_the_same_sections(lang):
    assert anchors(lang) == anchors("en")


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_translation_uses_the_words_of_its_glossary(lang):
    text = read(lang)
    missing = [t for t in TERMS[lang] if not re.search(rf"(?<!\w){re.escape(t)}(?!\w)", text)]
    assert not missing, f"{FILES[lang].name} lacks these glossary terms: {missing}"


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_translation_is_written_in_its_own_letters(lang):
    text = read(lang)
    needed, foreign = LETTERS[lang]
    assert all(c in text for c in needed), [c for c in needed if c not in text]
    unquoted = QUOTE.sub(" ", text)  # a rulebook's words stay in the rulebook's language
    assert not [c for c in foreign if c in unquoted]


def test_romanian_uses_the_comma_below_never_the_cedilla():
    text = read("ro")
    wrong = sorted({c for c in text if c in CEDILLA})
    assert not wrong, f"cedilla letters in the Romanian guide: {wrong} (use ș ț Ș Ț)"
    assert "ș" in text and "ț" in text


@pytest.mark.parametrize("lang", list(FILES))
def test_each_guide_names_the_buttons_and_lessons_as_the_app_shows_them_in_its_language(lang):
    from sixnimmt_core.teaching.teach import APP_TITLES, app_title
    from sixnimmt_core.words import i18n

    labels = [app_title(name, lang) for name in APP_TITLES]
    labels += [i18n.text(key, lang, domain=domain) for domain, key in APP_LABELS] + JUPYTERLITE_MENUS
    text = read(lang)
    assert not [label for label in labels if label not in text]


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_no_english_paragraph_is_left_untranslated(lang):
    english = {u for u in units("en") if has_words(u)}
    assert len(english) > 60
    left = sorted(english & set(units(lang)))
    assert not left, f"{FILES[lang].name} has English paragraphs unchanged: {left}"
