"""The learning app: every lesson in one widget, reached without starting Python again.

``App`` holds the lessons (built when first shown, then kept, so a learner coming back finds the
lesson as they left it) and a :class:`Route` — lesson, what is picked in it (an example, a
variant) and the step of its stepper — that the page around it keeps in the URL fragment.
``App.go(route)`` shows a route; ``observe_route`` and ``observe_progress`` report what the
learner does. The widgets know nothing of the page: ``sixnimmt_core.widgets.browser`` connects
them to it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl, urlencode

import ipywidgets as W

from sixnimmt_core.rules import DESCRIPTIONS, VARIANTS
from sixnimmt_core.scenarios import EXAMPLES, example, trainer_examples
from sixnimmt_core.teach import (
    APP_TITLES,
    TOURS,
    example_walk,
    hand_walk,
    one_hand,
    tour_walk,
)
from sixnimmt_core.widgets._common import css, esc, flex, panel, root
from sixnimmt_core.widgets.cards import CardExplorer
from sixnimmt_core.widgets.play import GameLauncher
from sixnimmt_core.widgets.stepper import Stepper
from sixnimmt_core.widgets.trainer import RowTrainer

NAMES = {name: name.capitalize() for name in VARIANTS}
LESSONS: tuple[str, ...] = tuple(APP_TITLES)


# ---- the route: where the learner is -----------------------------------------------------------
@dataclass(frozen=True)
class Route:
    """A place in the app: a lesson, what is picked in it (or None) and a step from 1 (or None)."""

    lesson: str = LESSONS[0]
    pick: str | None = None
    step: int | None = None

    def fragment(self) -> str:
        """The route as a URL fragment without '#': ``lesson=turn&pick=pitfall-2&step=3``."""
        parts = [("lesson", self.lesson)]
        if self.pick:
            parts.append(("pick", self.pick))
        if self.step:
            parts.append(("step", str(self.step)))
        return urlencode(parts)


def parse_route(text: str | Route | None) -> Route:
    """Read a URL fragment; whatever is not a lesson, a pick of that lesson or a step is left out.

    A link that was cut or mistyped still opens the app — at the lesson's start — rather than
    an error page.
    """
    if isinstance(text, Route):
        return text
    fields = dict(parse_qsl((text or "").lstrip("#"), keep_blank_values=False))
    lesson = fields.get("lesson", "")
    if lesson not in LESSONS:
        return Route()
    pick = fields.get("pick")
    if pick not in PICKS.get(lesson, ()):
        pick = None
    step_text = fields.get("step", "")
    step = int(step_text) if step_text.isdigit() and 0 < len(step_text) <= 4 and int(step_text) > 0 else None
    return Route(lesson, pick, step)


# ---- the lessons ---------------------------------------------------------------------------------
def _picker(on_pick: Callable[[str], None], value: str, *, names: list[str] | None = None) -> W.ToggleButtons:
    pick = W.ToggleButtons(options=[(NAMES[n], n) for n in names or list(VARIANTS)], value=value,
                           tooltips=[DESCRIPTIONS[n] for n in names or list(VARIANTS)],
                           style={"button_width": "auto"}, layout=W.Layout(max_width="100%"))
    pick.observe(lambda change: on_pick(change["new"]), names="value")
    return pick


def _intro(words: str) -> W.HTML:
    return W.HTML(panel(words, "snt-intro"))


class Lesson:
    """One lesson: its widget, and the pick and step the route carries (None where it has none)."""

    key = ""
    picks: tuple[str, ...] = ()

    def __init__(self) -> None:
        self.widget = W.VBox()
        self.widget.add_class("snt-lesson")
        self.widget.add_class(f"snt-lesson-{self.key}")  # the page and its tests see which lesson shows
        self._listeners: list[Callable[[], None]] = []

    # what the route carries; a lesson without picks or steps keeps the defaults
    @property
    def pick(self) -> str | None:
        return None

    def set_pick(self, pick: str) -> None:
        """Show ``pick`` (one of ``picks``)."""

    @property
    def stepper(self) -> Stepper | None:
        return None

    @property
    def step(self) -> int | None:
        s = self.stepper
        return s.index + 1 if s is not None and s.steps else None

    def set_step(self, step: int) -> None:
        if self.stepper is not None:
            self.stepper.go(step - 1)

    def changed(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` whenever the learner changes the pick or the step."""
        self._listeners.append(callback)

    def _tell(self, *_: Any) -> None:
        for callback in self._listeners:
            callback()

    def _watch(self, stepper: Stepper) -> None:
        stepper.slider.observe(self._tell, names="value")


class CardsLesson(Lesson):
    key = "cards"

    def __init__(self) -> None:
        super().__init__()
        root([W.HTML(css()), _intro("<p>104 cards, each with 1, 2, 3, 5 or 7 cattle heads — the penalty points you "
                                    "collect. Fewest heads wins. Pick a card, or show every card of one kind.</p>"),
              CardExplorer(55)], self.widget)


class StepperLesson(Lesson):
    """A lesson around one stepper at a time, chosen by a picker (examples, variants) or fixed."""

    inline_about = False  # the note about the pick beside the picker, not under it

    def __init__(self, words: str, picker: W.Widget | None, first: str | None) -> None:
        super().__init__()
        self.holder = W.Box(layout=W.Layout(width="100%"))
        self.holder.add_class("snt-holder")
        self._stepper: Stepper | None = None
        self._pick = first
        self.picker = picker
        self.about = W.HTML()
        line = [picker] if picker is not None else []
        pick_line = flex([*line, self.about], cls="snt-pickline") if self.inline_about else None
        chrome = [pick_line] if pick_line is not None else [*line, self.about]
        root([W.HTML(css()), _intro(words), *chrome, self.holder], self.widget)
        self._show(first)

    @property
    def stepper(self) -> Stepper | None:
        return self._stepper

    @property
    def pick(self) -> str | None:
        return self._pick if self.picks else None

    def set_pick(self, pick: str) -> None:
        if pick != self._pick and pick in self.picks:
            self.picker.value = pick  # observed: shows it

    def _picked(self, pick: str) -> None:
        self._show(pick)
        self._tell()

    def _show(self, pick: str | None) -> None:
        self._pick = pick
        self._stepper = self.build(pick)
        self._watch(self._stepper)
        self.holder.children = (self._stepper,)

    def build(self, pick: str | None) -> Stepper:
        raise NotImplementedError


class TurnLesson(StepperLesson):
    """One turn on the documents' tables: every example of the rulebooks, step by step."""

    key = "turn"
    picks = tuple(EXAMPLES)
    inline_about = True

    def __init__(self) -> None:
        picker = W.Dropdown(options=[(e.title, k) for k, e in EXAMPLES.items()], value="amigo-fig1",
                            description="Example", style={"description_width": "initial"},
                            layout=W.Layout(width="auto", max_width="100%"))
        picker.observe(lambda change: self._picked(change["new"]), names="value")
        super().__init__("<p>The rulebooks' examples, one turn each: pick one, then step through it with "
                         "Next ▶ and ◀ Back, or the ← and → keys.</p>", picker, "amigo-fig1")

    def build(self, pick: str | None) -> Stepper:
        ex = example(pick or "amigo-fig1")
        source = f"From: {ex.source}" + (" (table rebuilt from the text)" if ex.reconstructed else "")
        self.about.value = f'<p class="snt snt-source">{esc(source)}.</p>'
        return Stepper(example_walk(ex.key))


class HandLesson(StepperLesson):
    key = "hand"

    def __init__(self) -> None:
        super().__init__("<p>Four bots play a whole hand of ten turns; Next turn ▶▶ jumps a turn at a time. "
                         "Ruling: a match ends after the hand in which someone has 66 or more.</p>", None, None)

    def build(self, pick: str | None) -> Stepper:
        return Stepper(one_hand(hand_walk()))


class VariantsLesson(StepperLesson):
    key = "variants"
    picks = tuple(VARIANTS)

    def __init__(self, variant: str = "tactics") -> None:
        super().__init__("<p>Pick a variant: what it changes, then a game of it step by step.</p>",
                         _picker(self._picked, variant), variant)

    def build(self, pick: str | None) -> Stepper:
        variant = pick or "tactics"
        self.about.value = panel(f'<p><b>{esc(NAMES[variant])}:</b> {esc(TOURS[variant].summary)} '
                                 "Next special ★ jumps to the moments this variant adds.</p>", "snt-note")
        return Stepper(one_hand(tour_walk(variant)), title=NAMES[variant])


class VariantTours(W.VBox):
    """Pick a variant, read what changes, step through its seeded game (``picker``, ``stepper``)."""

    def __init__(self, variant: str = "tactics", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lesson = VariantsLesson(variant)
        self.picker, self.about = self.lesson.picker, self.lesson.about
        self.children = self.lesson.widget.children
        self.add_class("snt-w")

    @property
    def stepper(self) -> Stepper | None:
        return self.lesson.stepper


class TrainerLesson(Lesson):
    key = "trainer"

    def __init__(self) -> None:
        super().__init__()
        self.trainer = t = RowTrainer(examples=trainer_examples(), seed=1)
        # names for the app's layout (the card and the question beside the table)
        t.add_class("snt-trainer")
        for part, cls in ((t.card_view, "snt-tcard"), (t.table_view, "snt-ttable"), (t.prompt, "snt-tprompt"),
                          (t.answers, "snt-tanswers"), (t.feedback, "snt-tfeedback"), (t.children[1], "snt-thead"), (t.children[-1], "snt-tnext")):
            part.add_class(cls)
        root([W.HTML(css()), _intro("<p>Click the row where the card goes. The documents' examples come first, "
                                    "then fresh tables.</p>"), self.trainer], self.widget)


class PlayLesson(Lesson):
    key = "play"
    picks = tuple(VARIANTS)

    def __init__(self) -> None:
        super().__init__()
        self.launcher = GameLauncher()
        self.launcher.picker.observe(self._tell, names="value")
        root([W.HTML(css()), _intro("<p>You are Player A: click a card to play it. The coach shows what each "
                                    "card is expected to cost, and why.</p>"), self.launcher], self.widget)

    @property
    def pick(self) -> str | None:
        return self.launcher.picker.value

    def set_pick(self, pick: str) -> None:
        if pick != self.launcher.picker.value:
            self.launcher.picker.value = pick  # deals a game of it


LESSON_TYPES: dict[str, type[Lesson]] = {
    "cards": CardsLesson, "turn": TurnLesson, "trainer": TrainerLesson, "hand": HandLesson,
    "variants": VariantsLesson, "play": PlayLesson,
}
PICKS: dict[str, tuple[str, ...]] = {key: kind.picks for key, kind in LESSON_TYPES.items()}


# ---- the app -------------------------------------------------------------------------------------
class App(W.VBox):
    """Every lesson in one widget; ``go(route)`` shows one, ``route`` says where the learner is.

    ``observe_route(f)`` calls ``f(route)`` when the learner moves (a step, a pick, a lesson);
    ``observe_progress(f)`` calls ``f({"seen": lesson})`` when a lesson is shown and
    ``f({"trainer": {"right": r, "asked": a}})`` when a trainer answer is judged.
    """

    def __init__(self, route: str | Route | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lessons: dict[str, Lesson] = {}
        self._route_listeners: list[Callable[[Route], None]] = []
        self._progress_listeners: list[Callable[[dict[str, Any]], None]] = []
        self._quiet = False
        self.current: Lesson | None = None
        self.add_class("snt-app")
        self.go(route)

    @property
    def route(self) -> Route:
        lesson = self.current
        if lesson is None:
            return Route()
        return Route(lesson.key, lesson.pick, lesson.step)

    def lesson(self, key: str) -> Lesson:
        """The lesson ``key``, built the first time it is asked for."""
        if key not in self.lessons:
            lesson = LESSON_TYPES[key]()
            lesson.changed(self._moved)
            if isinstance(lesson, TrainerLesson):
                trainer = lesson.trainer
                trainer.score.observe(lambda _c, t=trainer: self._progress(
                    {"trainer": {"right": t.right, "asked": t.asked}}), names="value")
            self.lessons[key] = lesson
        return self.lessons[key]

    def go(self, route: str | Route | None) -> Route:
        """Show ``route`` (a fragment or a Route; what is not valid in it is left out); return it."""
        r = parse_route(route)
        lesson = self.lesson(r.lesson)
        self._quiet = True
        try:
            if r.pick is not None:
                lesson.set_pick(r.pick)
            if r.step is not None:
                lesson.set_step(r.step)
        finally:
            self._quiet = False
        if lesson is not self.current:
            self.current = lesson
            self.children = (lesson.widget,)
            self._progress({"seen": lesson.key})
        self._moved()
        return self.route

    def show_error(self, error: BaseException) -> None:
        """Say in words that the lesson could not be drawn (the page stays usable)."""
        self.children = (W.HTML(panel(f"<p><b>This lesson could not be shown.</b> {esc(error)}</p>"
                                      "<p>Pick another lesson, or reload the page.</p>", "snt-bad", "alert")),)
        self.current = None

    def observe_route(self, callback: Callable[[Route], None]) -> None:
        self._route_listeners.append(callback)

    def observe_progress(self, callback: Callable[[dict[str, Any]], None]) -> None:
        self._progress_listeners.append(callback)

    def _moved(self) -> None:
        if self._quiet:
            return
        r = self.route
        for callback in self._route_listeners:
            callback(r)

    def _progress(self, news: dict[str, Any]) -> None:
        for callback in self._progress_listeners:
            callback(news)


def start(route: str = "", channel: str = "") -> App:
    """The site's app page runs this: the app at ``route``, connected to the page on ``channel``."""
    from sixnimmt_core.widgets.browser import connect

    app = App(route)
    connect(app, channel)
    return app


__all__ = ["App", "Route", "parse_route", "start", "LESSONS", "VariantTours", "GameLauncher"]
