"""The build tools import in one direction only: no cycle among tools/site/*.py (imports inside
functions count), and nothing in tools/ imports from tests/ (the tests may use the tools, never the
other way round), not even by putting a folder of tests/ on sys.path."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "tools"
SITE_TOOLS = TOOLS / "site"
TESTS = ROOT / "tests"


def imported_names(tree: ast.AST) -> set[str]:
    """The top-level names of every absolute import anywhere in a module (functions included)."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module.split(".")[0])
    return out


def is_sys_path(node: ast.AST) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr == "path"
            and isinstance(node.value, ast.Name) and node.value.id == "sys")


def changes_sys_path(node: ast.AST) -> bool:
    """sys.path.insert/append/extend(...), sys.path = ..., sys.path += ..."""
    if isinstance(node, ast.Call):
        return isinstance(node.func, ast.Attribute) and is_sys_path(node.func.value)
    if isinstance(node, ast.Assign):
        return any(is_sys_path(t) for t in node.targets)
    return isinstance(node, ast.AugAssign) and is_sys_path(node.target)


def sys_path_changes(tree: ast.AST, source: str) -> list[str]:
    """The source of every change to sys.path (insert, append, extend, assignment, +=), with the
    values of the names it uses (`TESTS = ROOT / "tests"; sys.path.insert(0, str(TESTS))`)."""
    values: dict[str, list[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                for name in ast.walk(t):
                    if isinstance(name, ast.Name):
                        values.setdefault(name.id, []).append(ast.get_source_segment(source, node.value))
        elif isinstance(node, ast.For):  # for extra in (ROOT / "tests" / "site",): sys.path.insert(0, str(extra))
            for name in ast.walk(node.target):
                if isinstance(name, ast.Name):
                    values.setdefault(name.id, []).append(ast.get_source_segment(source, node.iter))
    changes = [node for node in ast.walk(tree) if changes_sys_path(node)]
    out = []
    for node in changes:
        text, seen, todo = [ast.get_source_segment(source, node)], set(), [node]
        while todo:  # follow the names it uses to what they were given, and theirs in turn
            for name in ast.walk(todo.pop()):
                if isinstance(name, ast.Name) and name.id not in seen and name.id in values:
                    seen.add(name.id)
                    for v in values[name.id]:
                        text.append(v)
                        todo.append(ast.parse(v, mode="eval"))
        out.append(" | ".join(text))
    return out


def import_graph() -> dict[str, set[str]]:
    modules = {p.stem: p for p in SITE_TOOLS.glob("*.py")}
    return {m: (imported_names(ast.parse(p.read_text(encoding="utf-8"))) & set(modules)) - {m}
            for m, p in modules.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    seen: dict[str, int] = {}  # 1: on the path, 2: done

    def visit(m: str, path: list[str]) -> list[str] | None:
        seen[m] = 1
        for d in sorted(graph[m]):
            if seen.get(d) == 1:
                return [*path, m, d]
            if d not in seen and (cycle := visit(d, [*path, m])):
                return cycle
        seen[m] = 2
        return None

    for m in sorted(graph):
        if m not in seen and (cycle := visit(m, [])):
            return cycle
    return None


def test_the_cycle_finder_finds_a_lazy_cycle():
    tree = ast.parse("import b\n")
    lazy = ast.parse("def f():\n    import a\n")
    graph = {"a": imported_names(tree) & {"a", "b"}, "b": imported_names(lazy) & {"a", "b"}}
    assert find_cycle(graph) == ["a", "b", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_site_tools_have_no_import_cycle():
    graph = import_graph()
    assert {"build_site", "site_lock", "bench"} <= set(graph)
    assert "build_site" not in graph["site_lock"]  # site_lock -> build_site -> site_lock was a cycle
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle in tools/site: " + " → ".join(cycle)


def test_the_sys_path_check_follows_names():
    src = 'T = ROOT / "tests" / "site"\nX = str(T)\nsys.path.insert(0, X)\n'
    (change,) = sys_path_changes(ast.parse(src), src)
    assert "tests" in change


def test_tools_import_nothing_from_tests():
    test_modules = {p.stem for p in TESTS.rglob("*.py")} - {p.stem for p in TOOLS.rglob("*.py")}
    problems = []
    for path in sorted(TOOLS.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source)
        name = path.relative_to(ROOT)
        if bad := sorted(imported_names(tree) & (test_modules | {"tests"})):
            problems.append(f"{name} imports {', '.join(bad)} from tests/")
        problems += [f"{name} puts tests/ on sys.path: {c}" for c in sys_path_changes(tree, source)
                     if "tests" in c.lower()]
    assert not problems, "\n".join(problems)


def test_browser_waits_are_functions_the_csp_allows():
    """The site's pages forbid eval (their Content-Security-Policy). Playwright evaluates a bare
    expression string again on every poll, which that policy refuses after the first try; a function
    string is compiled once. So every wait_for_function written as a string must be a function."""
    bare = []
    for path in [*TESTS.rglob("*.py"), *TOOLS.rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "wait_for_function" and node.args):
                first = node.args[0]
                text = first.value if isinstance(first, ast.Constant) else None
                if isinstance(first, ast.JoinedStr):
                    part = first.values[0]
                    text = part.value if isinstance(part, ast.Constant) else "("
                if isinstance(text, str) and not (text.lstrip().startswith(("(", "function"))
                                                  or "=>" in text.split("\n")[0][:40]):
                    bare.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert bare == [], f"bare expressions, poll them as '() => …' instead: {bare}"
