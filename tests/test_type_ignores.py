"""Issue 34: the types are the checker's (``make lint``: mypy --strict, pyproject's [tool.mypy]), not waved
through: at most 10 ``# type: ignore`` in the whole package, each naming its error code and saying why on
its line (``# type: ignore[code]  # why``)."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import sixnimmt_core

PACKAGE = Path(sixnimmt_core.__file__).parent
MOST = 10
IGNORE = re.compile(r"#\s*type:\s*ignore")
WITH_REASON = re.compile(r"^#\s*type:\s*ignore\[[a-z-]+(,\s*[a-z-]+)*\]\s+#\s*\S")


def ignores(source: str) -> list[tuple[int, str]]:
    """Each ``type: ignore`` comment of a module: its line and the comment from it on."""
    out = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT and (m := IGNORE.search(tok.string)):
            out.append((tok.start[0], tok.string[m.start():]))
    return out


def test_few_type_ignores_each_with_its_code_and_reason() -> None:
    found = {f"{path.relative_to(PACKAGE)}:{line}": comment
             for path in sorted(PACKAGE.rglob("*.py")) for line, comment in ignores(path.read_text(encoding="utf-8"))}
    assert len(found) <= MOST, found
    assert {where: c for where, c in found.items() if not WITH_REASON.match(c)} == {}


def test_the_check_reads_what_it_looks_for() -> None:
    source = ("x = 1  # type: ignore\ny = 2  # type: ignore[attr-defined]\n"
              "z = 3  # type: ignore[assignment]  # typeshed: a method\ns = '# type: ignore'\n")
    found = ignores(source)
    assert [line for line, _ in found] == [1, 2, 3]  # not the one inside a string
    assert [bool(WITH_REASON.match(c)) for _, c in found] == [False, False, True]
