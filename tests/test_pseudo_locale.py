"""A pseudo language: every message of every catalogue domain bracketed and accented ("⟦Ñéxt ▶⟧"),
its placeholders and plural forms kept. Every lesson, widget, handout, narrated game, refusal and
command is rendered in it; a run of words outside the brackets is a string that bypassed the
catalogues, and the test names it and where it was seen (docs/translating.md, "The pseudo language").
"""

from __future__ import annotations

import contextlib
import errno
import importlib
import inspect
import io
import os
import pkgutil
import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import ipywidgets as W
import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import sixnimmt_core.widgets as widgets_package
from sixnimmt_core import cli
from sixnimmt_core.drawing import handouts
from sixnimmt_core.engine.errors import SixNimmtError
from sixnimmt_core.engine.game import Game
from sixnimmt_core.engine.rules import MIN_PLAYERS, VARIANTS, find_variant
from sixnimmt_core.players.bots import advance, make_bots
from sixnimmt_core.teaching.narrate import frames, steps
from sixnimmt_core.teaching.scenarios import EXAMPLES
from sixnimmt_core.words import i18n

PSEUDO = "qps"  # the pseudo-locale's conventional code (qps-ploc); never one of i18n.LANGUAGES
OPEN, CLOSE = "⟦", "⟧"
LOCALE = i18n.LOCALE_DIR
ACCENTS = str.maketrans("aeiouycnszrdltgAEIOUYCNSZRDLTG", "áéíóúýçñšžřďĺťğÁÉÍÓÚÝÇÑŠŽŘĎĹŤĞ")
# what a message keeps as it is: {placeholders}, argparse's %(name)s / %s / %r / %%
KEPT = re.compile(r"(\{[^{}]*\}|%\([a-z_]+\)[sdr]|%[sdr%])")


def pseudo(text: str) -> str:
    """'Next {card}' -> '⟦Ñéxť {card}⟧': accented, bracketed, placeholders untouched."""
    parts = KEPT.split(text)
    return OPEN + "".join(p if i % 2 else p.translate(ACCENTS) for i, p in enumerate(parts)) + CLOSE


def build_pseudo_catalogues(root: Path) -> list[str]:
    """Every English catalogue, each message made pseudo, compiled into ``root/qps/LC_MESSAGES``."""
    out = root / PSEUDO / "LC_MESSAGES"
    out.mkdir(parents=True)
    domains = []
    for po in sorted((LOCALE / "en" / "LC_MESSAGES").glob("*.po")):
        with po.open("rb") as f:
            catalog = read_po(f, locale="en")
        for m in catalog:
            if m.id:
                m.string = tuple(pseudo(s) for s in m.string) if m.pluralizable else pseudo(m.string)
        with (out / f"{po.stem}.mo").open("wb") as f:
            write_mo(f, catalog)
        domains.append(po.stem)
    return domains


@pytest.fixture(scope="module", autouse=True)
def pseudo_language(tmp_path_factory) -> Iterator[list[str]]:
    root = tmp_path_factory.mktemp("pseudo-locale")
    domains = build_pseudo_catalogues(root)
    i18n.add_language(PSEUDO, root)
    yield domains
    i18n.remove_language(PSEUDO)


# ---- what is left outside the brackets -------------------------------------------------------------
def _allowed() -> list[str]:
    """Words shown on purpose in no catalogue's brackets: a rulebook's passage quoted in its own
    language (scenarios.Example.quote, with its translation beside it), longest first."""
    quotes = {e.quote for e in EXAMPLES.values() if getattr(e, "quote", "")}
    parts = {p.strip() for q in quotes for p in q.split("…")}
    return sorted((p for p in quotes | parts if p), key=len, reverse=True)


WORD = r"[^\W\d_]{2,}"  # two or more letters: a word (a lone letter is a seat's or a row's name)
RUN = re.compile(rf"{WORD}(?:(?:[^\S\n]|[\d'’\-–,.:;()!?×/]){{0,8}}{WORD})*")


def unbracketed(text: str, allowed: tuple[str, ...] = ()) -> list[str]:
    """The runs of words in ``text`` that no message's brackets hold (brackets nest: a message put
    into another's placeholder)."""
    for name in (*_allowed(), *allowed):
        text = text.replace(name, " ")
    inner = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
    while True:
        shorter = inner.sub("\n", text)  # a run of words never spans a message
        if shorter == text:
            break
        text = shorter
    return [m.group(0) for m in RUN.finditer(text)]


def html_texts(value: str) -> list[str]:
    """What an HTML fragment shows or says: its text (tags stripped), and its titles, aria-labels,
    alt texts and placeholders (a drawn card's <title> and aria-label among them)."""
    value = re.sub(r"<(style|script)\b.*?</\1>", " ", value, flags=re.S)
    attrs = re.findall(r'(?:title|aria-label|alt|placeholder)="([^"]*)"', value)
    return [unescape(a) for a in attrs] + [unescape(re.sub(r"<[^>]+>", " ", value))]


def widget_texts(w: W.Widget, where: str) -> list[tuple[str, str]]:
    """(where, text) for every text a widget tree puts before a learner."""
    out: list[tuple[str, str]] = []

    def walk(x: W.Widget, path: str) -> None:
        here = f"{path} > {type(x).__name__}"
        if isinstance(x, (W.HTML, W.HTMLMath)):
            out.extend((f"{here}.value", t) for t in html_texts(x.value))
        elif isinstance(x, (W.Label, W.Text, W.Textarea)):
            out.append((f"{here}.value", str(x.value)))
        for name in ("description", "tooltip", "placeholder"):
            value = getattr(x, name, None)
            if isinstance(value, str) and value:
                out.extend((f"{here}.{name}", t) for t in html_texts(value))
        if isinstance(x, (W.Dropdown, W.ToggleButtons, W.RadioButtons, W.Select, W.SelectMultiple)):
            out.extend((f"{here}.options", str(label)) for label in x._options_labels)
        if isinstance(x, W.ToggleButtons):
            out.extend((f"{here}.tooltips", t) for t in x.tooltips or ())
        if isinstance(x, W.Output):
            for o in x.outputs:
                data = o.get("data", {})
                text = data.get("text/html") or data.get("text/plain") or o.get("text", "")
                out.extend((f"{here}.outputs", t) for t in html_texts("".join(text)))
        for i, child in enumerate(getattr(x, "children", ())):
            walk(child, f"{here}[{i}]")

    walk(w, where)
    return out


class Seen:
    """Everything rendered in the pseudo language, and the words found outside its brackets."""

    def __init__(self) -> None:
        self.problems: dict[str, str] = {}  # the unbracketed words -> where they were first seen
        self.texts = 0

    def text(self, where: str, text: str, allowed: tuple[str, ...] = ()) -> None:
        self.texts += 1
        for run in unbracketed(text, allowed):
            self.problems.setdefault(run, f"{where}: {text.strip()[:160]!r}")

    def widget(self, w: W.Widget, where: str) -> None:
        for place, text in widget_texts(w, where):
            self.text(place, text)

    def report(self) -> list[str]:
        return [f"{run!r} in {where}" for run, where in sorted(self.problems.items(), key=lambda kv: kv[1])]

    def check(self) -> None:
        """Fail naming every run of words outside the brackets, and where each was first seen."""
        found = self.report()
        assert not found, f"{len(found)} texts outside the catalogues:\n" + "\n".join(found)


# ---- the check itself can fail --------------------------------------------------------------------
def test_every_message_of_every_domain_is_bracketed_with_its_placeholders_kept(pseudo_language):
    assert {"sixnimmt", "widgets", "refusals", "cli", "site", "handouts", "lessons"} <= set(pseudo_language)
    assert i18n.text("stepper.next", PSEUDO, domain="widgets") == "⟦Ñéxť ▶⟧"
    assert i18n.text("count.heads", PSEUDO, n=5) == "⟦5 héáďš⟧"
    assert i18n.text("count.heads", PSEUDO, n=1) == "⟦1 héáď⟧"
    assert PSEUDO not in i18n.LANGUAGES and i18n.speaks(PSEUDO)


def test_the_check_names_english_words_and_passes_bracketed_ones():
    assert unbracketed("⟦Ñéxť ▶⟧ 29 ×2 — 6 ⟦ďá {x} ⟦šó⟧⟧") == []
    assert unbracketed("⟦Řów 1⟧: card 29, 1 head") == ["card 29, 1 head"]
    assert unbracketed("step ⟦3⟧ of 9") == ["step", "of"]
    assert unbracketed("⟦Pláýér⟧ A") == []


def test_the_english_app_is_full_of_words_the_check_finds():
    from sixnimmt_core.widgets.apps import App

    seen = Seen()
    seen.widget(App("lesson=turn&lang=en"), "turn in English")
    assert len(seen.problems) > 10 and "Next" in " ".join(seen.problems)


# ---- every lesson of the app, each pick, each step -------------------------------------------------
def _every_step(stepper, where: str, seen: Seen) -> None:
    n = len(stepper.steps)
    stepper.restart_button.click()
    for i in range(n):
        seen.widget(stepper, f"{where}, step {i + 1} of {n}")
        stepper.next_button.click()


def _lessons() -> list[str]:
    from sixnimmt_core.widgets.apps import LESSONS

    return list(LESSONS)


@pytest.mark.parametrize("lesson", _lessons())
def test_every_lesson_every_pick_every_step(lesson):
    from sixnimmt_core.widgets.apps import PICKS, App, Route

    seen = Seen()
    app = App(Route(lesson, lang=PSEUDO))
    assert app.route.lang == PSEUDO
    for pick in (None, *PICKS.get(lesson, ())):
        app.go(Route(lesson, pick, lang=PSEUDO))
        where = f"lesson {lesson}" + (f", pick {pick}" if pick else "")
        seen.widget(app, where)
        current = app.current
        if current.stepper is not None:
            _every_step(current.stepper, where, seen)
            current.stepper.mark_button.click()
            current.stepper.turn_button.click()
            seen.widget(app, f"{where}, after Next special and Next turn")
        trainer = getattr(current, "trainer", None)
        if trainer is not None:
            _train(trainer, where, seen)
        launcher = getattr(current, "launcher", None)
        if launcher is not None:
            _play(launcher.table, where, seen)
    app.show_error(find_error())
    seen.widget(app, f"lesson {lesson}, an error shown")
    assert seen.texts > 20
    seen.check()


def find_error() -> SixNimmtError:
    try:
        Game(find_variant("open"), 11)
    except SixNimmtError as exc:
        return exc
    raise AssertionError("Open with 11 players was dealt")


# ---- every widget ---------------------------------------------------------------------------------
def _train(trainer, where: str, seen: Seen) -> None:
    """Answer wrongly then rightly, then a new table, a few times over (the take question too)."""
    for round_ in range(6):
        seen.widget(trainer, f"{where}, trainer question {round_ + 1}")
        for button in list(trainer.answer_buttons)[:2]:
            if button in trainer.answer_buttons and not button.disabled:
                button.click()
                seen.widget(trainer, f"{where}, trainer answered ({button.description!r})")
        if trainer.low_button is not None and not trainer.low_button.disabled:
            trainer.low_button.click()
            seen.widget(trainer, f"{where}, trainer 'low' answered")
        for button in list(trainer.answer_buttons):  # a take question after a low card
            if not button.disabled:
                button.click()
                seen.widget(trainer, f"{where}, trainer take answered")
                break
        trainer.new_button.click()


def _play(table, where: str, seen: Seen, moves: int = 12) -> None:
    """A few moves at a play table with the coach on (each decision's first offer, then Lay/Ready)."""
    table.coach_toggle.value = True
    for move in range(moves):
        seen.widget(table, f"{where}, play move {move + 1}")
        if table.game is not None and table.game.over:
            break
        if table.waiting:
            table.ready_button.click()
            continue
        offered = [b for b in table.choice_buttons if not b.disabled]
        if not offered:
            break
        if isinstance(offered[0], W.ToggleButton):  # Hand: keep a taken card in hand, or not
            offered[0].value = not offered[0].value
        else:
            offered[0].click()
        if table.confirm_button in table.actions.children and not table.confirm_button.disabled:
            table.confirm_button.click()
    seen.widget(table, f"{where}, play at the end")


@pytest.mark.parametrize("two_sided", [False, True])
def test_the_row_trainer(two_sided):
    from sixnimmt_core.widgets.trainer import RowTrainer

    seen = Seen()
    _train(RowTrainer(seed=3, two_sided=two_sided, lang=PSEUDO), f"RowTrainer(two_sided={two_sided})", seen)
    seen.check()


def test_the_cards_explorer():
    from sixnimmt_core.widgets.cards import CardExplorer

    seen = Seen()
    explorer = CardExplorer(55, lang=PSEUDO)
    for h in (1, 2, 3, 5, 7):
        explorer.show_kind(h)
        seen.widget(explorer, f"CardExplorer, cards of {h} heads")
    for button in [b for b in widget_buttons(explorer)][:6]:
        button.click()
        seen.widget(explorer, f"CardExplorer after {button.description!r}")
    seen.check()


def widget_buttons(w: W.Widget) -> list[W.Button]:
    found = [w] if isinstance(w, W.Button) else []
    for child in getattr(w, "children", ()):
        found.extend(widget_buttons(child))
    return found


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_play_table_with_the_coach(variant):
    from sixnimmt_core.widgets.play import PlayTable

    seen = Seen()
    players = max(3, MIN_PLAYERS)
    table = PlayTable(variant, players=players, seed=5, coach=True, coach_samples=2, coach_budget=None, lang=PSEUDO)
    _play(table, f"PlayTable({variant!r})", seen, moves=40)
    seen.check()


def test_a_play_table_passed_between_two_people():
    from sixnimmt_core.widgets.play import PlayTable

    seen = Seen()
    table = PlayTable("base", players=3, humans=(0, 1), seed=2, lang=PSEUDO)
    _play(table, "PlayTable, pass and play", seen, moves=8)
    seen.check()


def _widget_classes() -> list[tuple[str, type]]:
    """Every widget class of the widgets package that can be made with ``lang=`` alone: the ones
    other work adds are covered here as they come."""
    found = []
    for info in pkgutil.iter_modules(widgets_package.__path__):
        module = importlib.import_module(f"{widgets_package.__name__}.{info.name}")
        for name, cls in vars(module).items():
            if not (isinstance(cls, type) and issubclass(cls, W.DOMWidget) and cls.__module__ == module.__name__):
                continue
            params = inspect.signature(cls.__init__).parameters
            needed = [p for p in list(params.values())[1:] if p.default is p.empty
                      and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
            if "lang" in params and not needed:
                found.append((f"{info.name}.{name}", cls))
    return found


@pytest.mark.parametrize(("name", "cls"), _widget_classes(), ids=[n for n, _ in _widget_classes()])
def test_every_widget_class_as_it_is_first_shown(name, cls):
    seen = Seen()
    w = cls(lang=PSEUDO)
    seen.widget(w, name)
    for button in widget_buttons(w)[:8]:
        if not button.disabled:
            button.click()
            seen.widget(w, f"{name} after {button.description!r}")
    seen.check()


def test_a_stepper_over_a_whole_match_of_every_variant():
    from sixnimmt_core.widgets.stepper import Stepper

    seen = Seen()
    for variant in VARIANTS:
        stepper = Stepper(_game(variant, match=False), lang=PSEUDO)
        _every_step(stepper, f"Stepper({variant})", seen)
    seen.check()


# ---- the engine's words: narration, ★ labels, refusals ------------------------------------------------
def _players(variant: str) -> int:
    from sixnimmt_core.widgets.play import seats_for

    return 3 if 3 in seats_for(variant) else seats_for(variant)[0]


def _game(variant: str, match: bool, seed: int = 11) -> Game:
    players = _players(variant)
    game = Game(find_variant(variant), players, seed=seed, one_hand=not match)
    advance(game, make_bots(["cautious", "random", "lookahead"], players, seed))
    return game


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_narration_of_whole_games_and_their_special_moments(variant):
    seen = Seen()
    for match in (False, True):
        game = _game(variant, match)
        said = frames(game, PSEUDO)
        for f in said:
            seen.text(f"{variant} {'match' if match else 'hand'}, event {f.index} ({f.event.kind})", f.text)
        for st in steps(said, game.names, PSEUDO):
            if st.mark:
                seen.text(f"{variant}, ★ label of step at event {st.index}", st.mark)
    assert seen.texts > 20
    seen.check()


def _refusals() -> list[tuple[str, object]]:
    from sixnimmt_core.engine.game import Deal
    from sixnimmt_core.engine.log import replay
    from sixnimmt_core.engine.rules import Rules
    from sixnimmt_core.engine.table import where

    def game() -> Game:
        return Game(find_variant("base"), 4, deal=Deal(hands=[[3, 12], [13, 44], [60, 71], [80, 99]],
                                                       rows=[[8], [24], [69], [81]]))

    return [
        ("a card not in hand", lambda: game().act(0, 44)),
        ("no such seat", lambda: game().act(7, 3)),
        ("out of turn", lambda: (lambda g: (g.act(0, 3), g.act(0, 12)))(game())),
        ("two cards in the base game", lambda: game().act(0, [3, 12])),
        ("not a saved game", lambda: replay('{"format": "chess"}')),
        ("not JSON", lambda: replay("{")),
        ("three rows", lambda: where(29, [[8], [24], [69]])),
        ("card 200", lambda: where(200, [[8], [24], [69], [81]])),
        ("a card twice", lambda: where(29, [[8], [8, 24], [69], [81]])),
        ("a huge card", lambda: where(10**30, [[8], [24], [69], [81]])),
        ("Open with 11 players", lambda: Game(find_variant("open"), 11)),
        ("one player", lambda: Game(find_variant("base"), 1)),
        ("an unknown variant", lambda: find_variant("chess")),
        ("an unknown option", lambda: Rules(choosing="hiden")),
        ("an unknown language", lambda: i18n.check_language("de")),
    ]


@pytest.mark.parametrize(("what", "call"), _refusals(), ids=[w for w, _ in _refusals()])
def test_every_refusal_s_words(what, call):
    with pytest.raises(SixNimmtError) as refused:
        call()
    seen = Seen()
    seen.text(f"refusal: {what}", refused.value.words(PSEUDO), allowed=PYTHON_SAYS)
    seen.check()


# Words Python writes itself, kept as Python wrote them (a JSON parser's, the system's).
PYTHON_SAYS = ("Expecting property name enclosed in double quotes", "Expecting value",
               os.strerror(errno.ENOENT))


# ---- the handouts -----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", handouts.HANDOUTS)
def test_every_handout(name):
    seen = Seen()
    page = handouts.handout(name, PSEUDO)
    page = re.sub(r"<head>.*?</head>", "", page, flags=re.S)  # the page's <title> is checked on its own
    title = re.search(r"<title>(.*?)</title>", handouts.handout(name, PSEUDO), flags=re.S)
    for text in html_texts(page) + ([unescape(title.group(1))] if title else []):
        seen.text(f"handout {name}", text)
    seen.check()


# ---- the command ------------------------------------------------------------------------------------
# What one types is code, not words: the command's name, its subcommands, options, variant, bot and
# language codes, the log's format name, the rule book's file name.
CODE = tuple(sorted({"sixnimmt", "where", "play", "simulate", "replay", "serve", "table", "new", "join", "log",
                     "RULES.md", "sixnimmt-log", *VARIANTS, "random", "cautious", "lookahead", *i18n.LANGUAGES},
                    key=len, reverse=True))


def _code_words(text: str) -> str:
    """``text`` with what one types (options, {choices}, codes) taken out."""
    text = re.sub(r"(?<![\w-])--?[a-z][a-z-]*", " ", text)
    text = re.sub(r"\{[a-z,]+\}", " ", text)
    for word in CODE:
        text = re.sub(rf"(?<![\w.-]){re.escape(word)}(?![\w-])", " ", text)
    return text


def run_cli(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(args)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
    return code, out.getvalue(), err.getvalue()


ROWS = ["--rows", "8", "24", "69", "81"]
COMMANDS = [
    (["--help"], 0), (["where", "--help"], 0), (["play", "--help"], 0), (["simulate", "--help"], 0),
    (["replay", "--help"], 0), (["serve", "--help"], 0), (["table", "--help"], 0), (["table", "new", "--help"], 0),
    (["table", "join", "--help"], 0), (["table", "log", "--help"], 0),
    (["where", *ROWS, "--card", "29"], 0), (["where", *ROWS, "--card", "5"], 0),
    (["where", *ROWS, "--card", "29", "--variant", "professional"], 0),
    (["where", "--rows", "8", "8,24", "69", "81", "--card", "29"], 2),
    *[(["play", "--variant", v, "--players", "3", "--seed", "4"], 0) for v in VARIANTS],
    (["play", "--match", "--players", "3", "--seed", "2", "--hands", "2"], 0),
    (["simulate", "--games", "5", "--seed", "1", "--bots", "cautious,random"], 0),
    (["replay", "/no/such/file.json"], 2), (["replay", "/"], 2),
    ([], 2), (["chess"], 2), (["where", "--card", "29"], 2), (["where", *ROWS, "--card", "x"], 2),
    (["where", *ROWS, "--card", "29", "--colour", "red"], 2), (["where", *ROWS, "--card"], 2),
    (["where", "--rows", "8,,9", "--card", "29"], 2), (["play", "--players", "99"], 2),
    (["play", "--seed", "-1"], 2), (["play", "--variant", "chess"], 2), (["play", "--l", "3"], 2),
]


@pytest.mark.parametrize(("args", "code"), COMMANDS, ids=[" ".join(a) or "(nothing)" for a, _ in COMMANDS])
def test_every_command_s_output_and_help(args, code):
    got, out, err = run_cli([*args, "--lang", PSEUDO] if args else ["--lang", PSEUDO])
    assert got == code, (out, err)
    assert out or err
    seen = Seen()
    for name, text in (("stdout", out), ("stderr", err)):  # whole: argparse wraps a message over lines
        seen.text(f"sixnimmt {' '.join(args)}: {name}", _code_words(text), allowed=PYTHON_SAYS)
    seen.check()


def test_a_replayed_game_is_narrated_in_the_pseudo_language(tmp_path):
    got, log, _ = run_cli(["play", "--json", "--players", "3", "--seed", "9", "--lang", PSEUDO])
    assert got == 0
    saved = tmp_path / "game.json"
    saved.write_text(log, encoding="utf-8")
    got, out, err = run_cli(["replay", str(saved), "--lang", PSEUDO])
    assert got == 0 and out.count("\n") > 10, err
    seen = Seen()
    seen.text("sixnimmt replay", _code_words(out))
    seen.check()


# ---- the notebooks ------------------------------------------------------------------------------------
NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def _notebook_cells(lang: str) -> list[tuple[str, str]]:
    import json

    out = []
    for path in sorted((NOTEBOOKS / lang).glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        out += [(f"{lang}/{path.name}, cell {i}", "".join(c["source"])) for i, c in enumerate(cells)
                if c["cell_type"] == "code"]
    return out


@pytest.mark.parametrize("lang", ["cs", "sk", "ro"])
def test_every_notebook_cell_speaks_the_notebook_s_language(lang):
    """Each code cell of the Czech, Slovak and Romanian notebooks, run with its language swapped
    for the pseudo one: what it prints and every widget it shows (a stepper at every step, the
    "Step N" caption of a step shown on its own) is in the catalogues' brackets, but for the words
    the cell writes itself (a title, a label: already in the notebook's language)."""
    import ast

    seen = Seen()
    scope: dict[str, object] = {}
    cells = _notebook_cells(lang)
    assert len(cells) >= 15
    for where, source in cells:
        code = source.replace(f'lang="{lang}"', f'lang="{PSEUDO}"')
        assert code != source or "lang=" not in source, where
        own = tuple(n.value for n in ast.walk(ast.parse(code)) if isinstance(n, ast.Constant) and isinstance(n.value, str)
                    and re.search(WORD, n.value))
        tree = ast.parse(code)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(tree, where, "exec"), scope)  # noqa: S102 - the repository's own notebooks
            shown = eval(compile(ast.Expression(last.value), where, "eval"), scope) if last else None  # noqa: S307
        seen.text(f"{where}: printed", printed.getvalue(), allowed=own)
        if isinstance(shown, W.Widget):
            for place, text in widget_texts(shown, where):
                seen.text(place, text, allowed=own)
            stepper = shown if hasattr(shown, "steps") and hasattr(shown, "go") else None
            if stepper is not None:
                for i in range(0, len(stepper.steps), max(1, len(stepper.steps) // 6)):
                    stepper.go(i)
                    for place, text in widget_texts(stepper, f"{where}, step {i + 1}"):
                        seen.text(place, text, allowed=own)
                    frame = stepper.steps[i].main
                    seen.text(f"{where}, step {i + 1} shown on its own", " ".join(html_texts(frame._repr_html_())),
                              allowed=own)
    seen.check()


# A language switch in the app, mid-lesson, into the pseudo language: tests/test_language_switch.py.
