"""The notebooks in every language, made from the English ones and each language's lesson texts
(docs/translating.md, "Lesson prose").

A translator edits text, not code: ``tools/lesson_texts/<lang>/<notebook>.md`` holds, for one
notebook, each markdown cell's text (``<!-- cell <id> -->`` and the cell's text in that language) and
each phrase of its code cells a learner reads (``<!-- string: <English> -->`` and its translation).
This script writes ``notebooks/<lang>/<notebook>.ipynb``: the English notebook with those texts put in,
and ``lang="<lang>"`` added to every call that takes it (the engine's lessons, and each widget once its
constructor has a ``lang`` parameter: the script asks the code's signatures).

    python tools/lesson_notebooks.py build      # write notebooks/<lang>/ for every language with texts
    python tools/lesson_notebooks.py check      # exit 1 when a written notebook is not what build gives
    python tools/lesson_notebooks.py template xx  # a texts file per notebook for a new language, in English

A text missing from a language's file (a new cell, a new phrase) stops the build and names it.
"""

from __future__ import annotations

import argparse
import ast
import copy
import importlib
import inspect
import json
import re
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
TEXTS = ROOT / "tools" / "lesson_texts"
SOURCE = "en"

# Calls that may take ``lang``: a function or class by its name in a cell, a method by its name.
CALLABLES = {
    "CardExplorer": "sixnimmt_core.widgets.cards:CardExplorer",
    "Stepper": "sixnimmt_core.widgets.stepper:Stepper",
    "RowTrainer": "sixnimmt_core.widgets.trainer:RowTrainer",
    "GameLauncher": "sixnimmt_core.widgets.play:GameLauncher",
    "PlayTable": "sixnimmt_core.widgets.play:PlayTable",
    "VariantTours": "sixnimmt_core.widgets.apps:VariantTours",
    "example_walk": "sixnimmt_core.teaching.teach:example_walk",
    "tour_walk": "sixnimmt_core.teaching.teach:tour_walk",
    "hand_walk": "sixnimmt_core.teaching.teach:hand_walk",
    "head_count_lines": "sixnimmt_core.teaching.teach:head_count_lines",
    "scores_lines": "sixnimmt_core.teaching.teach:scores_lines",
    "why_only_the_lowest_can_be_low": "sixnimmt_core.teaching.teach:why_only_the_lowest_can_be_low",
}
METHODS = {
    "reason": "sixnimmt_core.engine.table:Placement.reason",
    "describe": "sixnimmt_core.teaching.teach:Tour.describe",
    "text_in": "sixnimmt_core.teaching.scenarios:Example.text_in",
    "title_in": "sixnimmt_core.teaching.scenarios:Example.title_in",
}
MARK = re.compile(r"^<!-- (cell (?P<cell>[\w-]+)|string: (?P<string>.*?)) -->\s*$", re.M)


def takes_lang(target: str) -> bool:
    """Whether the callable ``module:Name[.method]`` has a ``lang`` parameter."""
    module, _, name = target.partition(":")
    obj = importlib.import_module(module)
    for part in name.split("."):
        obj = getattr(obj, part)
    try:
        return "lang" in inspect.signature(obj).parameters
    except (TypeError, ValueError):
        return False


def learner_strings(code: str) -> list[str]:
    """The string literals of a code cell a learner reads: those with a space or ending in ':' (keys
    such as ``"amigo-fig1"`` or ``"cautious"`` are code)."""
    out = []
    for node in ast.walk(ast.parse(code)):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and (" " in node.value or node.value.endswith(":")) and node.value not in out):
            out.append(node.value)
    return out


def read_texts(path: Path) -> tuple[dict[str, str], dict[str, str]]:
    """(cell id → markdown, English phrase → translation) from a language's texts file."""
    text = path.read_text(encoding="utf-8")
    cells: dict[str, str] = {}
    strings: dict[str, str] = {}
    marks = list(MARK.finditer(text))
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        body = text[m.end():end].strip("\n")
        if m.group("cell"):
            cells[m.group("cell")] = body.rstrip()
        else:
            strings[m.group("string")] = body.strip()
    return cells, strings


def _offset(lines: list[str], lineno: int, col: int) -> int:
    return sum(len(line) for line in lines[: lineno - 1]) + len(lines[lineno - 1].encode("utf-8")[:col].decode("utf-8"))


def translate_code(code: str, lang: str, strings: dict[str, str], where: str) -> str:
    """A code cell in ``lang``: its learner's phrases translated, ``lang=`` given to each call that takes it."""
    tree = ast.parse(code)
    lines = code.splitlines(keepends=True)
    edits: list[tuple[int, int, str]] = []  # (start, end, new text) in the cell's characters
    missing = [s for s in learner_strings(code) if s not in strings]
    if missing:
        raise SystemExit(f"{where}: no translation of the phrase(s) {missing}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in strings:
            start = _offset(lines, node.lineno, node.col_offset)
            end = _offset(lines, node.end_lineno, node.end_col_offset)
            edits.append((start, end, json.dumps(strings[node.value], ensure_ascii=False)))
        if isinstance(node, ast.Call) and not any(k.arg == "lang" for k in node.keywords):
            f = node.func
            target = (CALLABLES.get(f.id) if isinstance(f, ast.Name)
                      else METHODS.get(f.attr) if isinstance(f, ast.Attribute) else None)
            if target is None or not takes_lang(target):
                continue
            close = _offset(lines, node.end_lineno, node.end_col_offset) - 1  # the call's ')'
            before = code[:close].rstrip()
            sep = "" if before.endswith(("(", ",")) else ", "
            edits.append((close, close, f'{sep}lang="{lang}"'))
    for start, end, new in sorted(edits, reverse=True):
        code = code[:start] + new + code[end:]
    return code


def build_one(path: Path, lang: str) -> nbformat.NotebookNode:
    """The notebook ``path`` (English) in ``lang``."""
    cells, strings = read_texts(TEXTS / lang / (path.stem + ".md"))
    nb = copy.deepcopy(nbformat.read(path, as_version=4))
    where = f"tools/lesson_texts/{lang}/{path.stem}.md"
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            if cell.id not in cells:
                raise SystemExit(f"{where}: no text for the markdown cell {cell.id}")
            cell.source = cells[cell.id]
        elif cell.cell_type == "code":
            cell.source = translate_code(cell.source, lang, strings, where)
            cell.outputs, cell.execution_count = [], None
    nb.metadata["sixnimmt"] = {"lang": lang, "made_from": f"notebooks/{path.name}", "texts": where}
    return nb


def languages() -> list[str]:
    return sorted(p.name for p in TEXTS.iterdir() if p.is_dir()) if TEXTS.is_dir() else []


def english() -> list[Path]:
    return sorted(NOTEBOOKS.glob("*.ipynb"))


def rendered(nb: nbformat.NotebookNode) -> str:
    return nbformat.writes(nb) + "\n"


def build(check: bool = False) -> int:
    stale = []
    for lang in languages():
        for path in english():
            out = NOTEBOOKS / lang / path.name
            text = rendered(build_one(path, lang))
            if out.exists() and out.read_text(encoding="utf-8") == text:
                continue
            stale.append(out.relative_to(ROOT))
            if not check:
                out.parent.mkdir(parents=True, exist_ok=True)
                out.write_text(text, encoding="utf-8")
    if check and stale:
        print("not made from the English notebooks and tools/lesson_texts/ (run "
              "`python tools/lesson_notebooks.py build`): " + ", ".join(map(str, stale)), file=sys.stderr)
        return 1
    for s in stale:
        print(f"lesson_notebooks: wrote {s}")
    return 0


def template(lang: str) -> int:
    """A texts file per notebook for a new language, each text in English, ready to translate."""
    for path in english():
        nb = nbformat.read(path, as_version=4)
        parts = [f"<!-- Texts of notebooks/{path.name} in '{lang}': translate the text under each mark; "
                 "keep the marks. -->\n"]
        for cell in nb.cells:
            if cell.cell_type == "markdown":
                parts.append(f"<!-- cell {cell.id} -->\n{cell.source}\n")
            elif cell.cell_type == "code":
                parts += [f"<!-- string: {s} -->\n{s}\n" for s in learner_strings(cell.source)]
        out = TEXTS / lang / (path.stem + ".md")
        if out.exists():
            print(f"lesson_notebooks: {out.relative_to(ROOT)} exists, left as it is")
            continue
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text("\n".join(parts), encoding="utf-8")
        print(f"lesson_notebooks: wrote {out.relative_to(ROOT)}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("command", choices=["build", "check", "template"])
    ap.add_argument("lang", nargs="?", help="template: the new language's code")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    if args.command == "template":
        if not args.lang:
            ap.error("template needs a language code")
        return template(args.lang)
    return build(check=args.command == "check")


if __name__ == "__main__":
    sys.exit(main())
