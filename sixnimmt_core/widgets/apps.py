"""Code-free apps: each lesson as prose plus widgets in one box, and two pickers.

``app(name)`` is what the site's app pages and Voilà-style views run: no code is shown, the page is
only words and widgets. ``VariantTours`` steps through any variant's seeded game; ``GameLauncher``
starts a game of any variant against the bots.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as W

from sixnimmt_core.rules import DESCRIPTIONS, VARIANTS, find_variant
from sixnimmt_core.scenarios import example, trainer_examples
from sixnimmt_core.teach import APP_TITLES, TOURS, special_frame, why_only_the_lowest_can_be_low
from sixnimmt_core.widgets._common import button, css, esc, flex, panel, root
from sixnimmt_core.widgets.cards import CardExplorer
from sixnimmt_core.widgets.play import PlayTable
from sixnimmt_core.widgets.stepper import Stepper
from sixnimmt_core.widgets.trainer import RowTrainer

NAMES = {name: name.capitalize() for name in VARIANTS}


def _picker(on_pick: Callable[[str], None], value: str, *, names: list[str] | None = None) -> W.ToggleButtons:
    pick = W.ToggleButtons(options=[(NAMES[n], n) for n in names or list(VARIANTS)], value=value,
                           tooltips=[DESCRIPTIONS[n] for n in names or list(VARIANTS)],
                           style={"button_width": "auto"}, layout=W.Layout(max_width="100%"))
    pick.observe(lambda change: on_pick(change["new"]), names="value")
    return pick


class VariantTours(W.VBox):
    """Pick a variant, read what changes, step through its seeded game (``picker``, ``stepper``)."""

    def __init__(self, variant: str = "tactics", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.picker = _picker(self.show, variant)
        self.about = W.HTML()
        self.holder = W.Box(layout=W.Layout(width="100%"))
        self.stepper: Stepper | None = None
        root([W.HTML(css()), self.picker, self.about, self.holder], self)
        self.show(variant)

    def show(self, variant: str) -> None:
        tour = TOURS[variant]
        self.about.value = panel(f'<div class="snt-title">{esc(NAMES[variant])}</div><p>{esc(tour.summary)}</p>'
                                 "<p>Next special ★ jumps to the moments this variant adds.</p>")
        self.stepper = Stepper(tour.game(), skip=("chose",), marks=special_frame)
        self.holder.children = (self.stepper,)


class GameLauncher(W.VBox):
    """Choose a variant, the number of players and the coach, then play (``start_button``, ``table``)."""

    def __init__(self, variant: str = "base", players: int = 4, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.picker = _picker(lambda _v: self._limits(), variant)
        self.players = W.BoundedIntText(value=players, min=2, max=10, description="Players",
                                        layout=W.Layout(width="auto"))
        self.coach = W.Checkbox(value=True, description="Coach", indent=False, layout=W.Layout(width="auto"))
        self.match = W.Checkbox(value=False, description="Whole match (to 66)", indent=False,
                                layout=W.Layout(width="auto"))
        self.start_button = button("Deal ▶", "start a game with these settings", style="primary",
                                   on_click=lambda _: self.start())
        self.note = W.HTML()
        self.holder = W.Box(layout=W.Layout(width="100%"))
        self.table: PlayTable | None = None
        root([W.HTML(css()), self.picker, flex([self.players, self.coach, self.match, self.start_button]),
              self.note, self.holder], self)
        self._limits()
        self.start()

    def _limits(self) -> None:
        most = max(p for p in range(2, 11) if _possible(self.picker.value, p))
        self.players.max = most
        self.players.value = min(self.players.value, most)
        self.note.value = panel(f"<p>{esc(DESCRIPTIONS[self.picker.value])} (2–{most} players)</p>")

    def start(self) -> None:
        self.table = PlayTable(self.picker.value, players=int(self.players.value), bots=("cautious", "random"),
                               coach=bool(self.coach.value), one_hand=not self.match.value)
        self.holder.children = (self.table,)


def _possible(variant: str, players: int) -> bool:
    try:
        find_variant(variant).check(players)
    except ValueError:
        return False
    return True


def _lesson(title: str, words: str, *widgets: W.Widget) -> W.VBox:
    box = W.VBox()
    root([W.HTML(css()), W.HTML(panel(f'<div class="snt-title">{esc(title)}</div>{words}')), *widgets], box)
    return box


def _cards() -> W.VBox:
    return _lesson(APP_TITLES["cards"][0],
                   "<p>104 cards, each with 1, 2, 3, 5 or 7 cattle heads — the penalty points you collect. "
                   "Fewest heads wins. Pick a card, or show every card of one kind.</p>", CardExplorer(55))


def _turn() -> W.VBox:
    return _lesson(APP_TITLES["turn"][0],
                   "<p>Everyone lays a card face down; all are revealed; the cards are placed lowest first — "
                   "after the closest lower row end; a sixth card takes the row; a card below every row end "
                   "takes a row of its player's choice. Use Next ▶ and ◀ Back.</p>",
                   Stepper(example("amigo-fig1").played_game(), title="Rows 12, 37, 43, 58; cards 14, 15, 44, 61"),
                   Stepper(example("pitfall-2").played_game(), title="Pitfall: 29 and 62"),
                   W.HTML(panel(f"<p>{esc(why_only_the_lowest_can_be_low())}</p>")))


def _trainer() -> W.VBox:
    return _lesson(APP_TITLES["trainer"][0],
                   "<p>Click the row where the card goes. The documents' examples come first, then fresh tables.</p>",
                   RowTrainer(examples=trainer_examples(), seed=1))


def _hand() -> W.VBox:
    return _lesson(APP_TITLES["hand"][0],
                   "<p>Four bots play a whole hand of ten turns. Next turn ▶▶ jumps a turn at a time. "
                   "Ruling: a match ends after the hand in which someone has 66 or more.</p>",
                   Stepper(TOURS["base"].game(), skip=("chose",)))


def _variants() -> W.VBox:
    return _lesson(APP_TITLES["variants"][0], "<p>Choose a variant to see what changes and step through a game.</p>",
                   VariantTours())


def _play() -> W.VBox:
    return _lesson(APP_TITLES["play"][0],
                   "<p>You are Player A: click a card to play it. The coach shows what each card is expected to "
                   "cost, and why.</p>", GameLauncher())


_BUILDERS: dict[str, Callable[[], W.VBox]] = {
    "cards": _cards, "turn": _turn, "trainer": _trainer, "hand": _hand, "variants": _variants, "play": _play,
}
APPS: dict[str, tuple[str, Callable[[], W.VBox]]] = {name: (APP_TITLES[name][0], _BUILDERS[name]) for name in APP_TITLES}

# The site's app pages run in JupyterLite's REPL: hide its empty prompt, toolbar and execution
# counts, so the page is words and widgets only.
HIDE_PROMPT = ("<style>.jp-CodeConsole-promptCell,.jp-ConsolePanel>.jp-Toolbar,"
               ".jp-CodeConsole .jp-OutputPrompt,.jp-CodeConsole .jp-InputPrompt{display:none}"
               ".jp-ConsolePanel{background:var(--jp-layout-color0)}</style>")


def app(name: str) -> W.VBox:
    """The code-free app ``name`` (one of ``APPS``): prose and widgets in one box."""
    if name not in APPS:
        from sixnimmt_core.errors import ImpossibleSetup

        raise ImpossibleSetup(f"no app {name!r}; the apps are: {', '.join(APPS)}", "app")
    box = APPS[name][1]()
    box.children = (W.HTML(HIDE_PROMPT), *box.children)
    return box


__all__ = ["APPS", "app", "VariantTours", "GameLauncher"]
