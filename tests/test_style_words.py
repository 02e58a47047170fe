"""The style guide's words to avoid stay gone (issue 38): docs/translating.md ("Style guide") holds, per
language, a table of words to avoid with the word to use; every one of them found in that language's
files — its catalogues, its lesson texts and notebooks, its teacher's guide — fails, naming the file and
the line. A rulebook's own words (a passage of the seed documents), code and the lesson texts' marks are
left alone. And the game is named by its rulebook's name: "6 nimmt!" only in parentheses."""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "translating.md"
LOCALE = ROOT / "sixnimmt_core" / "locale"
SEEDS = Path(__file__).resolve().parent / "fixtures" / "seeds"
LANGS = ["cs", "sk", "ro"]
SCOPES = {"all", "learner", "teacher"}


@dataclass(frozen=True)
class Avoid:
    word: str  # as the guide writes it; * stands for any ending
    use: str
    scope: str  # all, learner or teacher
    pattern: re.Pattern


def avoid_pattern(word: str) -> re.Pattern:
    parts = [re.escape(piece).replace(r"\*", r"\w*") for piece in word.split()]
    return re.compile(r"(?<!\w)" + r"\s+".join(parts) + r"(?!\w)", re.IGNORECASE)


def words_to_avoid(lang: str) -> list[Avoid]:
    """The rows of the table after ``<!-- words to avoid: <lang> -->`` in docs/translating.md."""
    lines = GUIDE.read_text("utf-8").splitlines()
    start = lines.index(f"<!-- words to avoid: {lang} -->")
    rows = []
    for line in lines[start + 1:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[0] in ("avoid", "---") or set(cells[0]) <= set("-: "):
            continue
        words, use, scope = re.findall(r"`([^`]+)`", cells[0]), cells[1], cells[2]
        assert words and scope in SCOPES, line
        rows += [Avoid(w, use, scope, avoid_pattern(w)) for w in words]
    return rows


def normal(text: str) -> str:
    return " ".join(text.replace("**", "").replace("*", "").split())


SEED_TEXT = normal(" ".join(p.read_text("utf-8") for p in sorted(SEEDS.glob("*.txt"))))


def is_seed_passage(text: str) -> bool:
    """Whether ``text`` is a rulebook's own words: each part (a quote of two passages joins them with
    " … ") found in a seed document."""
    parts = [normal(p).strip(" .,;:") for p in re.split(r"\s*…\s*", text)]
    parts = [p for p in parts if len(p) > 3]
    return bool(parts) and all(p in SEED_TEXT for p in parts)


# ---- what is read, and whose it is -------------------------------------------------------------------
@dataclass
class Text:
    """A text of a file: where it starts (``lines[i]`` is the file's line of ``text``'s i-th line, or
    one line for all) and whose it is (learner or teacher)."""
    file: Path
    text: str
    lines: list[int]
    scope: str
    what: str = ""

    def line_of(self, offset: int) -> int:
        i = self.text.count("\n", 0, offset)
        return self.lines[min(i, len(self.lines) - 1)]


def po_forms(path: Path) -> list[tuple[str, list[tuple[int, str]]]]:
    """Each translation of a catalogue (each plural form on its own) as its key and its parts, each part
    with the file's line it is written on."""
    forms: list[tuple[str, list[tuple[int, str]]]] = []
    key, field = "", None
    for n, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        if line.startswith("msgid "):
            key, field = ast.literal_eval(line[6:]), "msgid"
        elif line.startswith("msgid_plural "):
            field = "msgid"
        elif line.startswith("msgstr"):  # msgstr or msgstr[i]: a text of its own
            field = "msgstr"
            forms.append((key, [(n, ast.literal_eval(line.split(" ", 1)[1]))]))
        elif line.startswith('"') and field == "msgstr":
            forms[-1][1].append((n, ast.literal_eval(line)))
    return [(k, parts) for k, parts in forms if k and "".join(s for _, s in parts)]


# The messages only the teacher reads, by catalogue: the teacher page's own words, and the class tables'
# answers to whoever makes a table (its code and key, a variant, seats, bots or a timer it cannot have).
TEACHER_KEYS = {
    "teacher": ("teacher.",),
    "tables": ("cli.made", "error.bad_variant", "error.bad_seats", "error.bad_bot", "error.bad_timer",
               "error.bad_seat", "error.too_many_tables"),
    "site": ("class.teacher.",),
}


def po_texts(lang: str) -> list[Text]:
    """Every translation in the language's catalogues, each part of it on its own line of the text (so
    that an offset maps to the file's line); a message that is a rulebook's passage is left out."""
    out = []
    for path in sorted((LOCALE / lang / "LC_MESSAGES").glob("*.po")):
        for key, parts in po_forms(path):
            if is_seed_passage("".join(s for _, s in parts)):
                continue
            scope = "teacher" if key.startswith(TEACHER_KEYS.get(path.stem, ())) else "learner"
            out.append(Text(path, "\n".join(s for _, s in parts), [n for n, _ in parts], scope,
                            f"{path.stem}:{key}"))
    return out


QUOTE = re.compile(r"„[^“”„]*[“”]|“[^”]*”|\"[^\"\n]*\"")


def mask(text: str, quotes: bool = True) -> str:
    """Markdown with what is not prose blanked (newlines kept): fenced code, inline code, HTML
    comments, link targets and URLs, and quotes that are a rulebook's own words."""
    def blank(m: re.Match) -> str:
        return re.sub(r"[^\n]", " ", m.group(0))

    text = re.sub(r"^ *(```|~~~).*?^ *\1 *$", blank, text, flags=re.M | re.S)
    text = re.sub(r"<!--.*?-->", blank, text, flags=re.S)
    text = re.sub(r"`[^`\n]*`", blank, text)
    text = re.sub(r"\]\([^)\s]*\)", blank, text)
    text = re.sub(r"https?://\S+", blank, text)
    if quotes:
        text = QUOTE.sub(lambda m: blank(m) if is_seed_passage(m.group(0)[1:-1]) else m.group(0), text)
    return text


def markdown_texts(lang: str) -> list[Text]:
    guide = ROOT / "docs" / f"teacher-guide.{lang}.md"
    out = [Text(guide, mask(guide.read_text("utf-8")), [], "teacher")]
    for path in sorted((ROOT / "tools" / "lesson_texts" / lang).glob("*.md")):
        out.append(Text(path, mask(path.read_text("utf-8")), [], "learner"))
    for t in out:
        t.lines = list(range(1, t.text.count("\n") + 2))
    return out


def notebook_texts(lang: str) -> list[Text]:
    """The markdown cells of the language's notebooks, each line with its line in the .ipynb file."""
    out = []
    for path in sorted((ROOT / "notebooks" / lang).glob("*.ipynb")):
        raw = path.read_text("utf-8").splitlines()
        cells = json.loads("\n".join(raw))["cells"]
        at = 0
        for cell in cells:
            if cell["cell_type"] != "markdown":
                continue
            source = "".join(cell["source"]).split("\n")
            numbers = []
            for line in source:
                encoded = json.dumps(line, ensure_ascii=False)[:-1]  # the opening quote and the text
                while at < len(raw) and not raw[at].strip().startswith(encoded):
                    at += 1
                numbers.append(at + 1)
            out.append(Text(path, mask("\n".join(source)), numbers, "learner", f"cell {cell.get('id', '?')}"))
    return out


def texts(lang: str) -> list[Text]:
    return po_texts(lang) + markdown_texts(lang) + notebook_texts(lang)


def finds(lang: str, found_in: list[Text] | None = None) -> list[str]:
    avoid = words_to_avoid(lang)
    out = []
    for t in found_in if found_in is not None else texts(lang):
        for a in avoid:
            if a.scope not in ("all", t.scope):
                continue
            for m in a.pattern.finditer(t.text):
                out.append(f"{t.file.relative_to(ROOT)}:{t.line_of(m.start())}: {m.group(0)!r} "
                           f"({t.what + ', ' if t.what else ''}{t.scope}; the style guide: avoid `{a.word}`, "
                           f"use {a.use})")
    return out


# ---- the tests ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_the_style_guide_lists_words_to_avoid_for_each_reader(lang):
    avoid = words_to_avoid(lang)
    assert len(avoid) > 20
    assert {a.scope for a in avoid} == SCOPES  # words for everyone, and each reader's address


@pytest.mark.parametrize("lang", LANGS)
def test_every_file_of_a_language_is_read(lang):
    found = texts(lang)
    files = {t.file for t in found}
    assert {p.stem for p in files if p.suffix == ".po"} >= {"sixnimmt", "widgets", "lessons", "handouts", "site",
                                                            "teacher", "drills", "refusals", "editor", "coach", "cli"}
    assert sum(p.suffix == ".ipynb" for p in files) == 6 and sum(p.parent.name == lang for p in files) >= 12
    assert len([t for t in found if t.file.suffix == ".po"]) > 900
    assert {t.scope for t in found} == {"learner", "teacher"}


@pytest.mark.parametrize("lang", LANGS)
def test_no_word_the_style_guide_avoids(lang):
    found = finds(lang)
    assert not found, "\n".join(found)


def german_name_outside_parentheses(text: str) -> list[int]:
    """Where "6 nimmt!" is written other than in parentheses (as the original name)."""
    out = []
    for m in re.finditer(r"6 nimmt!", text):
        before, after = text[:m.start()], text[m.end():]
        if not (before.rfind("(") > before.rfind(")") and ")" in after):
            out.append(m.start())
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_the_game_is_named_by_its_rulebook_and_6_nimmt_only_in_parentheses(lang):
    bad = []
    for t in texts(lang):
        for at in german_name_outside_parentheses(t.text):
            bad.append(f"{t.file.relative_to(ROOT)}:{t.line_of(at)}: \"6 nimmt!\" outside parentheses "
                       f"({t.what or t.scope}); the rulebook's name is the game's")
    assert not bad, "\n".join(bad)


def sample(text: str, scope: str = "learner") -> list[Text]:
    return [Text(GUIDE, text, [1], scope)]


def test_the_lists_catch_what_they_are_for():
    """The faults issue 38 found, as they were written, are caught; their natural forms are not."""
    caught = {
        "ro": ["așa că jucătorul ei ia cele 5 cărți", "Permis, dar nu este sfatul.", "Totaluri: {totals}",
               "{n} de libere", "rândul {row} stânga", "Rândul tău: antrenorul de rânduri",
               "Amestecați", "întreab-o la exerciții", "Cartea 1 este marcajul de start",
               "Cuvintele regulilor — regulamentul românesc"],
        "cs": ["turnajový lístok (A4, PDF)", "libovolná varianta, s rádcem, který vysvětluje", "Slova pravidel —",
               "Vyhrává nejméně hlav.", "se přiloží na sebe jako jeden balíček", "Naučte se a učte karetní hru",
               "její hráč si vezme první řadu", "každou odpověď posoudí engine"],
        "sk": ["padne na svoje dvojča", "ten rad si zoberieš", "Slová pravidiel —", "jej hráč si vezme",
               "je nižšia než posledné karty", "Naučte sa a učte", "Kariet v ruke", "s radcom"],
    }
    for lang, said in caught.items():
        for text in said:
            assert finds(lang, sample(text)), (lang, text)
    natural = {
        "ro": ["așa că cine a jucat-o ia cele 5 cărți", "Permis, dar nerecomandat.", "În total: {totals}",
               "{n} locuri libere", "rândul {row}, la stânga"],
        "cs": ["turnajový lístek", "s trenérem", "Vyhrává ten, kdo má nejméně hlav.", "Nauč se hrát"],
        "sk": ["padne na svoju dvojičku", "ten rad si vezmeš", "zobraziť", "hráč, ktorý ju zahral", "na ruke",
               "nižšia ako"],
    }
    for lang, said in natural.items():
        for text in said:
            assert finds(lang, sample(text)) == [], (lang, text)
    # each reader's address: the teacher's words may say vy / dumneavoastră, the learner's may not
    assert finds("ro", sample("Alegeți varianta", "teacher")) == []
    assert finds("ro", sample("Alegeți varianta", "learner"))
    assert finds("ro", sample("în ce ordine îți așezi cele două cărți", "teacher"))
    assert finds("cs", sample("Naučte se hrát", "teacher")) == [] and finds("cs", sample("tvůj tah", "teacher"))


def test_the_german_name_is_caught_outside_parentheses_only():
    assert german_name_outside_parentheses("Fișierul acesta nu este un joc salvat de 6 nimmt! sau este deteriorat.")
    assert german_name_outside_parentheses("Învață jocul 6 ... ia și pierde! (6 nimmt!, Take 6!)") == []
    assert german_name_outside_parentheses("hru **6 bere!** (německy 6 nimmt!) pomocí notebooků") == []


def test_a_rulebook_s_own_words_are_left_alone():
    # the Romanian rulebook's "Cardul", the Slovak one quoted in a Romanian guide
    assert is_seed_passage("Cardul nu poate fi plasat pe rândurile cu 69 sau 81, care sunt mai mari de 29.")
    assert "Dokola" not in mask("fișa spune „Dokola si postupne všetci hráči berú po jednej karte” (pe rând)")
    assert "sfatul" in mask("primește „Permis, dar nu este sfatul.”")  # an app's words in quotes are read


def test_a_find_names_the_file_and_the_line():
    po = [t for t in po_texts("ro") if t.what == "sixnimmt:place.sixth"]
    assert len(po) == 1 and po[0].file.name == "sixnimmt.po"
    lines = po[0].file.read_text("utf-8").splitlines()
    last = po[0].line_of(len(po[0].text) - 1)
    assert ast.literal_eval(lines[last - 1]) == po[0].text.split("\n")[-1] and "regula 3" in po[0].text
    (nb,) = [t for t in notebook_texts("ro") if t.file.name == "06_play.ipynb" and t.text.startswith("# 6.")]
    raw = nb.file.read_text("utf-8").splitlines()
    assert "# 6." in raw[nb.lines[0] - 1]
