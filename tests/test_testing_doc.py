"""docs/testing.md's table of the paths a person takes through the site names real tests: every test
it names (`file.py::test_name`, or a part of a name, `…czech_browser…`, after its file) is in that
file, and every browser test file of tests/site is in the table. A test merged, moved or dropped
without the table following fails here, so nothing is dropped unnoticed."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "testing.md"
SITE_TESTS = ROOT / "tests" / "site"
HEADING = "## The site in the browser"


def table_rows() -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index(HEADING):]
    section = section[:section.index("\n## ", len(HEADING))]
    return [line for line in section.splitlines() if line.startswith("| ") and "test" in line]


def functions_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")}


def named(row: str) -> list[tuple[Path, str | None]]:
    """The files and tests a row names, in order: (file, None) for a file, (file, name or …part…)."""
    out: list[tuple[Path, str | None]] = []
    current: Path | None = None
    for token in re.findall(r"`([^`]+)`", row):
        file, _, test = token.partition("::")
        if file.endswith(".py"):
            current = ROOT / file if file.startswith("tests/") else SITE_TESTS / file
            out.append((current, test or None))
        elif token.startswith(("…", "test_")) and current is not None:
            out.append((current, token))  # a test of the file named before it
    return out


def missing(rows: list[str]) -> list[str]:
    problems = []
    for row in rows:
        for path, test in named(row):
            if not path.is_file():
                problems.append(f"{path.relative_to(ROOT)} does not exist")
            elif test is not None:
                part = test.strip("…")
                names = functions_of(path)
                found = any(part in n for n in names) if test != part else part in names
                if not found:
                    problems.append(f"{path.relative_to(ROOT)} has no test {test}")
    return problems


def test_the_check_finds_a_test_that_is_gone():
    rows = ["| a person | `test_app_browser.py::test_gone_for_good`, `test_no_such_file.py`, "
            "`test_app_browser.py` (`…keyboard_only`, `…nothing_like_this…`) |"]
    assert missing(rows) == ["tests/site/test_app_browser.py has no test test_gone_for_good",
                             "tests/site/test_no_such_file.py does not exist",
                             "tests/site/test_app_browser.py has no test …nothing_like_this…"]


def test_every_test_the_table_names_exists():
    rows = table_rows()
    assert len(rows) >= 10
    assert missing(rows) == []


def test_every_browser_test_file_is_in_the_table():
    text = "\n".join(table_rows())
    files = sorted(p.name for p in SITE_TESTS.glob("test_*.py")
                   if p.name.endswith("_browser.py") or p.name == "test_class_load.py")
    assert [f for f in files if f"`{f}" not in text] == []
