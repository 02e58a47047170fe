"""Issue 26: the package stays small enough to read: no module over 600 lines, no function over 50 lines
(its last line 50 or more lines below its ``def``), in every part of ``sixnimmt_core``."""

from __future__ import annotations

import ast
from pathlib import Path

import sixnimmt_core

PACKAGE = Path(sixnimmt_core.__file__).parent


def too_big(path: Path) -> list[str]:
    """What in ``path`` is over the limits, in words: the module's lines, each long function's."""
    text = path.read_text(encoding="utf-8")
    out = []
    if len(text.splitlines()) > 600:
        out.append(f"{path.name}: {len(text.splitlines())} lines")
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno - node.lineno >= 50:
            out.append(f"{path.name}: {node.name} {node.end_lineno - node.lineno + 1} lines")
    return out


def test_the_package_stays_small() -> None:
    found = [x for path in sorted(PACKAGE.rglob("*.py")) for x in too_big(path)]
    assert found == []


def test_the_count_sees_a_long_function(tmp_path: Path) -> None:
    """The rule as written: a function whose last line is 50 or more lines below its ``def`` (51 lines in
    all) is too long, one of 50 lines is not; a module of 601 lines is too long."""
    body = "\n".join(f"    x{i} = {i}" for i in range(49))
    (tmp_path / "long_f.py").write_text(f"def f():\n{body}\n    return 0\n", encoding="utf-8")  # 51 lines
    (tmp_path / "short_f.py").write_text(f"def f():\n{body}\n", encoding="utf-8")  # 50 lines
    (tmp_path / "long.py").write_text("x = 1\n" * 601, encoding="utf-8")
    assert too_big(tmp_path / "long_f.py") == ["long_f.py: f 51 lines"]
    assert too_big(tmp_path / "short_f.py") == []
    assert too_big(tmp_path / "long.py") == ["long.py: 601 lines"]
