"""One way to words (issue 26): the language is given once, at the top, and carried by one object
(a drawing, a handout, the Coach's words, a step maker, a stepper, the command's help), not passed
down from helper to helper. Counted over the package's source, with ``ast``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "sixnimmt_core"
# Functions and methods with a ``lang`` parameter: 181 before the language travelled in context
# objects; what is left are the entry points (notebooks, the site build, the command, the tests call
# them with lang=), the context objects' constructors, and messages' ``words(lang)``.
MOST_WITH_LANG = 156
# The objects that hold the language: none of their methods (but the constructor) takes ``lang``.
CONTEXTS = [
    ("drawing/render.py", "Drawing"),
    ("drawing/handouts.py", "Handout"),
    ("teaching/playflow.py", "CoachWords"),
    ("teaching/narrate.py", "StepMaker"),
    ("widgets/stepper.py", "Stepper"),
    ("cli.py", "_Help"),
]


def takes_lang(f: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    a = f.args
    return "lang" in [x.arg for x in a.posonlyargs + a.args + a.kwonlyargs]


def functions_with_lang() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and takes_lang(node):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {node.name}")
    return found


def test_few_functions_take_the_language():
    found = functions_with_lang()
    assert len(found) <= MOST_WITH_LANG, "\n".join(found)


@pytest.mark.parametrize(("module", "name"), CONTEXTS)
def test_a_context_s_methods_use_its_language(module, name):
    tree = ast.parse((PACKAGE / module).read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name)
    methods = [n for n in cls.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    assert len(methods) > 1
    assert [m.name for m in methods if takes_lang(m) and m.name != "__init__"] == []
