"""The house (docs/architecture.md): each package imports only the ones below it, the engine nothing
outside itself, and no module imports another in a cycle (not even lazily, inside a function)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "sixnimmt_core"
# Bottom to top: a package may import itself and those before it in this list, never those after.
LAYERS = ("engine", "words", "players", "teaching", "drawing", "widgets")
# The command line sits beside the widgets: it may use everything below them, never the widgets.
CLI = "cli"
# The class server and its client: below the command line (which runs them), beside the widgets.
SERVER = "server"


def module_name(path: Path) -> str:
    """sixnimmt_core/engine/game.py -> engine.game; sixnimmt_core/words/__init__.py -> words."""
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """The sixnimmt_core modules a file imports anywhere (top level or inside a function), as
    ``engine.game``; ``from sixnimmt_core.engine import events`` counts as ``engine.events``."""
    out: set[str] = set()
    modules = {module_name(p) for p in PACKAGE.rglob("*.py")}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name.removeprefix("sixnimmt_core.") for a in node.names if a.name.startswith("sixnimmt_core."))
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("sixnimmt_core"):
            base = node.module.removeprefix("sixnimmt_core").lstrip(".")
            for a in node.names:
                name = f"{base}.{a.name}" if base else a.name
                out.add(name if name in modules else base or "__init__")
    return out - {""}


def layer(module: str) -> str:
    return module.split(".")[0]


def graph() -> dict[str, set[str]]:
    return {module_name(p): imports_of(p) - {module_name(p)} for p in PACKAGE.rglob("*.py")
            if p.stem != "__main__" and module_name(p)}


def test_the_engine_imports_nothing_outside_itself():
    found = {m: sorted(d for d in deps if layer(d) != "engine")
             for m, deps in graph().items() if layer(m) == "engine"}
    assert {m: d for m, d in found.items() if d} == {}
    assert {"engine.game", "engine.rules", "engine.table", "engine.cards", "engine.events", "engine.fold",
            "engine.log", "engine.errors"} <= set(found)


def test_the_engine_and_the_widgets_know_nothing_of_the_server():
    found = {m: sorted(d for d in deps if layer(d) == SERVER)
             for m, deps in graph().items() if layer(m) in LAYERS}
    assert {m: d for m, d in found.items() if d} == {}


def test_each_package_imports_only_those_below_it():
    wrong = {}
    for m, deps in graph().items():
        own = layer(m)
        if own in LAYERS:
            allowed = set(LAYERS[:LAYERS.index(own) + 1])
        elif own == CLI:
            allowed = set(LAYERS) - {"widgets"} | {SERVER}
        else:  # the package's front door, sixnimmt_core/__init__.py, may gather the public API below the widgets
            allowed = set(LAYERS) - {"widgets"}
        bad = sorted(d for d in deps if layer(d) not in allowed and layer(d) != own)
        if bad:
            wrong[m] = bad
    assert wrong == {}


def test_no_module_imports_another_in_a_cycle():
    deps = graph()
    deps = {m: {d for d in ds if d in deps} for m, ds in deps.items()}
    assert deps["engine.cards"] == {"engine.errors"}  # cards ↔ render was a cycle once
    seen: dict[str, int] = {}  # 1: on the path, 2: done

    def visit(m: str, path: list[str]) -> None:
        seen[m] = 1
        for d in sorted(deps[m]):
            assert seen.get(d) != 1, "import cycle: " + " → ".join([*path, m, d])
            if d not in seen:
                visit(d, [*path, m])
        seen[m] = 2

    for m in sorted(deps):
        if m not in seen:
            visit(m, [])


def test_the_check_sees_an_import_inside_a_function(tmp_path):
    """The scan must find the lazy imports that once climbed the wrong way (``table`` → ``words``)."""
    source = tmp_path / "lazy.py"
    source.write_text("def f():\n    from sixnimmt_core.words import say\n    import sixnimmt_core.drawing.render\n"
                      "    from sixnimmt_core.teaching import narrate\n")
    assert imports_of(source) == {"words", "drawing.render", "teaching.narrate"}


def test_the_golden_fixture_is_not_shipped():
    assert not list(PACKAGE.rglob("golden.py"))


OPTIONS = {"choosing", "twins", "deck", "dealing", "hand_end"}  # the rule options that are enums (engine/options.py)


def option_strings(tree: ast.AST) -> list[int]:
    """Lines where a rule option is compared with a string ("rules.choosing == 'open'") instead of its enum."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        if not any(isinstance(s, ast.Attribute) and s.attr in OPTIONS for s in sides):
            continue
        values = [e for s in sides for e in (s.elts if isinstance(s, (ast.Tuple, ast.List, ast.Set)) else [s])]
        if any(isinstance(v, ast.Constant) and isinstance(v.value, str) for v in values):
            found.append(node.lineno)
    return found


def test_no_rule_option_is_compared_as_a_string():
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        lines = option_strings(ast.parse(path.read_text(encoding="utf-8")))
        if lines:
            found[module_name(path)] = lines
    assert found == {}


def test_the_option_check_catches_what_it_looks_for():
    caught = ['rules.choosing == "open"', 'r.twins != "none"', 'g.rules.dealing in ("draft", "shuffle")',
              '"immediate" == self.rules.choosing']
    for source in caught:
        assert option_strings(ast.parse(source)) == [1], source
    assert option_strings(ast.parse("rules.choosing == Choosing.OPEN")) == []


# The codes a placement and a match's end carry (engine/table.py Rule, Side, Wrong; engine/rules.py EndReason),
# as a saved game writes them: compared as enum members, never as these texts.
CODES = {"closest", "sixth", "low", "nowhere", "twin", "tie", "left", "right", "higher", "lower", "farther",
         "limit", "exceeds", "hands"}


def code_strings(tree: ast.AST) -> list[int]:
    """Lines where a rule, a side, a reason a place is wrong or a match's end is compared with its text
    (``side == "left"``, ``rule in ("low", "nowhere")``, ``case "tie":``) instead of its enum member."""
    def text(node: ast.AST) -> bool:
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return any(text(e) for e in node.elts)
        return isinstance(node, ast.Constant) and node.value in CODES

    found = []
    for node in ast.walk(tree):
        compared = isinstance(node, ast.Compare) and any(text(s) for s in [node.left, *node.comparators])
        if compared or (isinstance(node, ast.MatchValue) and text(node.value)):
            found.append(node.lineno)
    return found


def test_no_rule_side_or_reason_is_compared_as_a_string():
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        lines = code_strings(ast.parse(path.read_text(encoding="utf-8")))
        if lines:
            found[module_name(path)] = lines
    assert found == {}


def test_the_code_check_catches_what_it_looks_for():
    caught = ['side == "left"', '"right" != s.side', 'p.rule in ("low", "nowhere")', 'e.why == "sixth"',
              'wrong[0] == "farther"', 'why != "hands"', 'choice[0] == "low"', "match e.rule:\n    case 'tie':\n        pass"]
    for source in caught:
        assert code_strings(ast.parse(source)) == [1 if "match" not in source else 2], source
    for source in ["side == LEFT", "p.rule in (LOW, NOWHERE)", 'choice[0] == "spot"', 'e.kind == "placed"',
                   'WEIGHTS = {CLOSEST: 45}', 'data["limit"] = 66']:
        assert code_strings(ast.parse(source)) == [], source


ASKED = {"PLAY", "DRAFT", "ORDER", "TAKE_ROW", "SPOT", "SPLIT"}  # events.Ask: a decision's kind, by name
ASKED_TEXTS = {"play", "draft", "order", "take_row", "spot", "split"}  # … and as a saved game writes it


def kind_compares(tree: ast.AST) -> list[int]:
    """Lines that tell decisions apart by their kind instead of their class: an ``Ask`` member
    (``PLAY``, ``Ask.PLAY``) compared with ``==``/``in``/``is`` or matched as a value, or a ``….kind``
    compared with a decision kind's text ("d.kind == 'play'")."""
    def asked(node: ast.AST) -> bool:
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return any(asked(e) for e in node.elts)
        return ((isinstance(node, ast.Name) and node.id in ASKED)
                or (isinstance(node, ast.Attribute) and node.attr in ASKED
                    and isinstance(node.value, ast.Name) and node.value.id == "Ask"))

    def text(node: ast.AST) -> bool:
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return any(text(e) for e in node.elts)
        return isinstance(node, ast.Constant) and node.value in ASKED_TEXTS

    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            kind = any((isinstance(s, ast.Attribute) and s.attr == "kind") or (isinstance(s, ast.Name) and s.id == "kind")
                       for s in sides)
            if any(asked(s) for s in sides) or (kind and any(text(s) for s in sides)):
                found.append(node.lineno)
        elif isinstance(node, ast.MatchValue) and asked(node.value):
            found.append(node.lineno)
    return found


def test_no_decision_is_told_apart_by_its_kind():
    """Decisions are typed classes (engine/decisions.py), matched with ``isinstance``/``match``; their
    ``kind`` is only the name a saved game and a message key use."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        lines = kind_compares(ast.parse(path.read_text(encoding="utf-8")))
        if lines:
            found[module_name(path)] = lines
    assert found == {}


def test_the_decision_check_catches_what_it_looks_for():
    caught = ["d.kind == PLAY", "d.kind in (TAKE_ROW, SPOT)", "d[0] is PLAY", "kind != Ask.SPLIT",
              'd.kind == "take_row"', 'kind != "play"', 'kind in ("play", "spot")', 'game.pending[0].kind not in ("order", "draft")', "e.asked == DRAFT",
              "match d.kind:\n    case Ask.PLAY:\n        pass"]
    for source in caught:
        assert kind_compares(ast.parse(source)) == [1 if "match" not in source else 2], source
    for source in ["isinstance(d, PlayDecision)", "issubclass(e.asked, (TakeRowDecision, SpotDecision))",
                   'e.kind == "placed"', "rules.dealing == Dealing.DRAFT", 'side == "left"',
                   "match d:\n    case PlayDecision():\n        pass"]:
        assert kind_compares(ast.parse(source)) == [], source
