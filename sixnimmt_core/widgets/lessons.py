"""The app's lessons, one class each: a :class:`Lesson` is its widget in one language, with the pick
and the step the app's route carries (``widgets/apps.py``), and ``take_over``, which takes over the
place the learner had in the same lesson in another language (the card shown, the stepper's pick and
step, the trainer's question and score, the drill, Play's very game going on)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as W

from sixnimmt_core.engine.rules import VARIANTS, variant_summary
from sixnimmt_core.teaching.position import EDITOR
from sixnimmt_core.teaching.scenarios import EXAMPLES, example, trainer_examples
from sixnimmt_core.teaching.teach import example_walk, hand_walk, one_hand, tour_walk
from sixnimmt_core.widgets._common import WIDGETS, esc, flex, panel, root, styles, variant_name
from sixnimmt_core.widgets.cards import CardExplorer
from sixnimmt_core.widgets.drills import DrillTrainer, try_toggle
from sixnimmt_core.widgets.editor import PositionEditor
from sixnimmt_core.widgets.play import GameLauncher
from sixnimmt_core.widgets.stepper import Stepper
from sixnimmt_core.widgets.trainer import RowTrainer
from sixnimmt_core.words import seat_name, text


def _picker(on_pick: Callable[[str], None], value: str, *, names: list[str] | None = None,
            lang: str = "en") -> W.ToggleButtons:
    pick = W.ToggleButtons(options=[(variant_name(n, lang), n) for n in names or list(VARIANTS)], value=value,
                           tooltips=[variant_summary(n, lang) for n in names or list(VARIANTS)],
                           style={"button_width": "auto"}, layout=W.Layout(max_width="100%"), tooltip="")
    pick.observe(lambda change: on_pick(change["new"]), names="value")
    return pick


def _intro(words: str) -> W.HTML:
    """A lesson's opening words (plain text, one paragraph)."""
    return W.HTML(panel(f"<p>{esc(words)}</p>", "snt-intro"), tooltip="")


class Lesson:
    """One lesson in one language (``lang``): its widget, and the pick and step the route carries
    (None where it has none)."""

    key = ""
    picks: tuple[str, ...] = ()

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self.widget = W.VBox()
        self.widget.add_class("snt-lesson")
        self.widget.add_class(f"snt-lesson-{self.key}")  # the page and its tests see which lesson shows …
        self.widget.add_class(f"snt-lang-{lang}")  # … and in which language (each language has its own)
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

    @property
    def pos(self) -> str | None:
        """The table the lesson shows, as the route carries it (only the table editor has one)."""
        return None

    def set_pos(self, pos: str) -> None:
        """Show the table ``pos`` (``Position.encode``'s text)."""

    def take_over(self, other: Lesson) -> None:
        """Go on where ``other`` (this lesson in another language) is: the learner switched
        language. The pick, step and table the route carries are set by ``App.go``; a lesson
        with more of a place (a game, a score, an answer given) carries it here."""

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

    def __init__(self, lang: str = "en") -> None:
        super().__init__(lang)
        self.explorer = CardExplorer(55, lang=lang)
        root([styles(), _intro(text("lesson.cards", lang, domain=WIDGETS)), self.explorer], self.widget)

    def take_over(self, other: Lesson) -> None:
        """The same card, and the same kind of cards listed."""
        if isinstance(other, CardsLesson):
            self.explorer.card_input.value = other.explorer.card
            shown = [b.button_style for b in other.explorer.kind_buttons]
            if "info" in shown:
                from sixnimmt_core.teaching.teach import head_counts

                self.explorer.show_kind(head_counts()[shown.index("info")][0])


class StepperLesson(Lesson):
    """A lesson around one stepper at a time, chosen by a picker (examples, variants) or fixed."""

    inline_about = False  # the note about the pick beside the picker, not under it

    def __init__(self, words: str, picker: W.Widget | None, first: str | None, lang: str = "en") -> None:
        super().__init__(lang)
        self.holder = W.Box(layout=W.Layout(width="100%"))
        self.holder.add_class("snt-holder")
        self._stepper: Stepper | None = None
        self._pick = first
        self.picker = picker
        self.about = W.HTML(tooltip="")
        line = [picker] if picker is not None else []
        pick_line = flex([*line, self.about], cls="snt-pickline") if self.inline_about else None
        chrome = [pick_line] if pick_line is not None else [*line, self.about]
        root([styles(), _intro(words), *chrome, self.holder], self.widget)
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

    def __init__(self, lang: str = "en") -> None:
        picker = W.Dropdown(options=[(e.title_in(lang), k) for k, e in EXAMPLES.items()], value="amigo-fig1",
                            description=text("lesson.turn.example", lang, domain=WIDGETS), style={"description_width": "initial"},
                            layout=W.Layout(width="auto", max_width="100%"), tooltip="")
        picker.observe(lambda change: self._picked(change["new"]), names="value")
        super().__init__(text("lesson.turn", lang, domain=WIDGETS, next=text("stepper.next", lang, domain=WIDGETS), back=text("stepper.back", lang, domain=WIDGETS)),
                         picker, "amigo-fig1", lang)

    def build(self, pick: str | None) -> Stepper:
        ex = example(pick or "amigo-fig1")
        source = text("lesson.turn.rebuilt" if ex.reconstructed else "lesson.turn.from", self.lang, domain=WIDGETS, source=ex.source_in(self.lang))
        self.about.value = f'<p class="snt snt-source">{esc(source)}</p>'
        return Stepper(example_walk(ex.key, self.lang), lang=self.lang)


class HandLesson(StepperLesson):
    key = "hand"

    def __init__(self, lang: str = "en") -> None:
        super().__init__(text("lesson.hand", lang, domain=WIDGETS, turn=text("stepper.turn", lang, domain=WIDGETS)), None, None, lang)

    def build(self, pick: str | None) -> Stepper:
        return Stepper(one_hand(hand_walk(self.lang), self.lang), lang=self.lang)


class VariantsLesson(StepperLesson):
    key = "variants"
    picks = tuple(VARIANTS)

    def __init__(self, variant: str = "tactics", lang: str = "en") -> None:
        super().__init__(text("lesson.variants", lang, domain=WIDGETS), _picker(self._picked, variant, lang=lang), variant, lang)
        # "Try it" beside the picker: the variant's drill beside the tour, when the learner asks for it
        self.try_toggle = try_toggle(lang)
        self.try_toggle.observe(lambda _c: self._try_shown(), names="value")
        self.widget.children = tuple(flex([c, self.try_toggle], cls="snt-pickline") if c is self.picker else c
                                     for c in self.widget.children)

    def build(self, pick: str | None) -> Stepper:
        variant, lang = pick or "tactics", self.lang
        name = variant_name(variant, lang)
        jump = text("lesson.variants.jump", lang, domain=WIDGETS, mark=text("stepper.mark", lang, domain=WIDGETS))
        self.about.value = panel(f"<p><b>{esc(name)}:</b> {esc(variant_summary(variant, lang))} {esc(jump)}</p>", "snt-note")
        return Stepper(one_hand(tour_walk(variant, lang), lang), title=name, lang=lang)

    def _show(self, pick: str | None) -> None:
        """The variant's tour, and beside it "Try it": a drill on the variant's own rule."""
        super()._show(pick)
        self.drill = DrillTrainer(pick or "tactics", seed=1, lang=self.lang)
        self.holder.add_class("snt-tryholder")
        self.holder.children = (self.holder.children[0], self.drill)
        self._try_shown()

    def take_over(self, other: Lesson) -> None:
        """The same variant, "Try it" open or closed as it was, and its drill at the same question
        with the same score and the answer given (the drill itself is shared: its words are drawn
        in each language)."""
        if not isinstance(other, VariantsLesson):
            return
        if other.pick is not None:
            self.set_pick(other.pick)
        self.drill.drill = other.drill.drill
        self.drill.show()
        judged = other.drill.drill.judged
        if judged is not None:
            self.drill.answer(judged.answer.key)  # judged again, not counted again (``Drill.answer``)
        self.try_toggle.value = bool(other.try_toggle.value)

    def _try_shown(self) -> None:
        """Show the drill beside the tour while "Try it" is pressed, else the tour alone."""
        shown = getattr(self, "try_toggle", None) is not None and self.try_toggle.value
        self.drill.layout.display = "flex" if shown else "none"
        (self.holder.add_class if shown else self.holder.remove_class)("snt-tryopen")


class VariantTours(W.VBox):
    """Pick a variant, read what changes, step through its seeded game (``picker``, ``stepper``)."""

    def __init__(self, variant: str = "tactics", *, lang: str = "en", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lesson = VariantsLesson(variant, lang)
        self.picker, self.about = self.lesson.picker, self.lesson.about
        self.children = self.lesson.widget.children
        self.add_class("snt-w")

    @property
    def stepper(self) -> Stepper | None:
        return self.lesson.stepper


class TrainerLesson(Lesson):
    key = "trainer"

    def __init__(self, lang: str = "en") -> None:
        super().__init__(lang)
        self.trainer = t = RowTrainer(examples=trainer_examples(), seed=1, lang=lang)
        # names for the app's layout (the card and the question beside the table)
        t.add_class("snt-trainer")
        for part, cls in ((t.card_view, "snt-tcard"), (t.table_view, "snt-ttable"), (t.prompt, "snt-tprompt"),
                          (t.answers, "snt-tanswers"), (t.feedback, "snt-tfeedback"), (t.children[1], "snt-thead"), (t.children[-1], "snt-tnext")):
            part.add_class(cls)
        root([styles(), _intro(text("lesson.trainer", lang, domain=WIDGETS)), self.trainer], self.widget)

    def take_over(self, other: Lesson) -> None:
        """The same question (a documents' example or the random table drawn), the answers given
        to it, the score and the next tables to come."""
        if not isinstance(other, TrainerLesson):
            return
        t, o = self.trainer, other.trainer
        t.rng.setstate(o.rng.getstate())
        t.example_no = o.example_no
        t.ask(o.rows, o.card, o.note)
        if o.phase != "where" and o.choice is not None:
            t.answer(o.choice)
            if o.phase == "done" and o.placement is not None and o.placement.low and o.taken is not None:
                t.answer(("take", o.taken))
        t.right, t.asked, t.low_spotted, t.advised = o.right, o.asked, o.low_spotted, o.advised
        t._score()


class PlayLesson(Lesson):
    key = "play"
    picks = tuple(VARIANTS)

    def __init__(self, lang: str = "en") -> None:
        super().__init__(lang)
        self.launcher = GameLauncher(lang=lang)
        self.launcher.picker.observe(self._tell, names="value")
        root([styles(), _intro(text("lesson.play", lang, domain=WIDGETS, name=seat_name(0, lang))), self.launcher], self.widget)

    def take_over(self, other: Lesson) -> None:
        """The very game on the table, going on: the same deal, seats, bots, moves and Coach."""
        if isinstance(other, PlayLesson):
            self.launcher.carry_on(other.launcher)

    @property
    def pick(self) -> str | None:
        return self.launcher.picker.value

    def set_pick(self, pick: str) -> None:
        if pick != self.launcher.picker.value:
            self.launcher.picker.value = pick  # deals a game of it


class TableLesson(Lesson):
    """For teachers: a table set up by typing, checked by the rules, opened in the stepper, the
    trainer or Play, and shared as a link (the route's ``pos``) and its QR code."""

    key = "table"

    def __init__(self, lang: str = "en", page: str = "app.html") -> None:
        super().__init__(lang)
        self.editor = PositionEditor(page=page or "app.html", lang=lang)
        self.editor.observe_position(self._tell)
        root([styles(), _intro(text("editor.intro", lang, domain=EDITOR)), self.editor], self.widget)

    @property
    def pos(self) -> str | None:
        return self.editor.code

    def set_pos(self, pos: str) -> None:
        if pos != self.editor.code:
            self.editor.set_position(pos)  # a text that is no table is said in the editor's words


LESSON_TYPES: dict[str, type[Lesson]] = {
    "cards": CardsLesson, "turn": TurnLesson, "trainer": TrainerLesson, "hand": HandLesson,
    "variants": VariantsLesson, "play": PlayLesson, "table": TableLesson,
}
