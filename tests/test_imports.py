"""The engine's modules import each other in one direction only (no cycles, not even lazy ones)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "sixnimmt_core"


def imports_of(path: Path) -> set[str]:
    """The sixnimmt_core modules a file imports anywhere (top level or inside a function)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("sixnimmt_core"):
            parts = node.module.split(".")
            if len(parts) == 1:  # from sixnimmt_core import render
                out.update(a.name for a in node.names)
            else:
                out.add(parts[1])
    return out


def test_engine_modules_have_no_import_cycle():
    graph = {p.stem: imports_of(p) - {p.stem} for p in PACKAGE.glob("*.py") if p.stem not in ("__init__", "__main__")}
    graph = {m: {d for d in deps if d in graph} for m, deps in graph.items()}
    assert graph["cards"] == {"errors"} and "render" not in graph["cards"]  # cards ↔ render was a cycle
    seen: dict[str, int] = {}  # 1: on the path, 2: done

    def visit(m: str, path: list[str]) -> None:
        seen[m] = 1
        for d in sorted(graph[m]):
            assert seen.get(d) != 1, "import cycle: " + " → ".join([*path, m, d])
            if d not in seen:
                visit(d, [*path, m])
        seen[m] = 2

    for m in sorted(graph):
        if m not in seen:
            visit(m, [])


def test_the_golden_fixture_is_not_shipped():
    assert not (PACKAGE / "golden.py").exists()
