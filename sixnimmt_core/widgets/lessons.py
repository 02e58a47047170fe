"""The app's lessons, one class each: a :class:`Lesson` is its widget, with the pick and the step the
app's route carries (``widgets/apps.py``) and a ``lang`` trait its widgets follow (``_common.follow``):
a language switch draws every word again in place, so the learner's place in the lesson (the card
shown, the stepper's pick and step, the trainer's question and score, the drill, Play's very game
going on) is simply kept — nothing is rebuilt and nothing copied."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as W
import traitlets

from sixnimmt_core.engine.rules import VARIANTS, variant_summary
from sixnimmt_core.teaching.drills import DOMAIN as DRILL
from sixnimmt_core.teaching.position import EDITOR
from sixnimmt_core.teaching.scenarios import EXAMPLES, example, trainer_examples
from sixnimmt_core.teaching.teach import example_walk, hand_walk, one_hand, tour_walk
from sixnimmt_core.widgets._common import (
    WIDGETS,
    Lang,
    esc,
    flex,
    follow,
    panel,
    relabel,
    root,
    styles,
    variant_name,
)
from sixnimmt_core.widgets.cards import CardExplorer
from sixnimmt_core.widgets.drills import DrillTrainer, try_toggle
from sixnimmt_core.widgets.editor import PositionEditor
from sixnimmt_core.widgets.play import GameLauncher
from sixnimmt_core.widgets.stepper import Stepper
from sixnimmt_core.widgets.trainer import RowTrainer
from sixnimmt_core.words import seat_name, text


def _picker(on_pick: Callable[[str], None], value: str) -> W.ToggleButtons:
    """The variants' picker (its words: ``VariantsLesson._picker_words``)."""
    pick = W.ToggleButtons(options=[(n, n) for n in VARIANTS], value=value, tooltips=list(VARIANTS),
                           style={"button_width": "auto"}, layout=W.Layout(max_width="100%"), tooltip="")
    pick.observe(lambda change: on_pick(change["new"]), names="value")
    return pick


class Lesson(traitlets.HasTraits):
    """One lesson: its widget, speaking ``lang`` (a switch draws its words again in place, nothing
    rebuilt), and the pick and step the route carries (None where it has none)."""

    key = ""
    picks: tuple[str, ...] = ()
    lang = Lang()

    def __init__(self, lang: str = "en") -> None:
        super().__init__()
        self.lang = lang
        self.widget = W.VBox()
        self.widget.add_class("snt-lesson")
        self.widget.add_class(f"snt-lesson-{self.key}")  # the page and its tests see which lesson shows …
        self._lang_class = ""  # … and in which language (``snt-lang-cs``)
        self.intro = W.HTML(tooltip="")  # the lesson's opening words (plain text, one paragraph)
        self._listeners: list[Callable[[], None]] = []

    def _start(self, *children: traitlets.HasTraits) -> None:
        """The lesson built: ``children`` follow its language, then its own words are drawn, now and on
        every switch (``_words``)."""
        for child in children:
            follow(child, self)
        self.observe(lambda _change: self._speak(), names="lang")
        self._speak()

    def _speak(self) -> None:
        """The lesson's words drawn in ``lang``; then, last, its class names the language (the page
        and its tests wait for ``snt-lang-cs``: every word is Czech by then)."""
        self._words()
        self.widget.remove_class(self._lang_class)
        self._lang_class = f"snt-lang-{self.lang}"
        self.widget.add_class(self._lang_class)

    def _words(self) -> None:
        """The lesson's own words in ``lang`` (its children draw theirs)."""
        self.intro.value = panel(f"<p>{esc(self.intro_words())}</p>", "snt-intro")

    def intro_words(self) -> str:
        """The lesson's opening words in ``lang``."""
        raise NotImplementedError

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
        root([styles(), self.intro, self.explorer], self.widget)
        self._start(self.explorer)

    def intro_words(self) -> str:
        return text("lesson.cards", self.lang, domain=WIDGETS)


class StepperLesson(Lesson):
    """A lesson around one stepper at a time, chosen by a picker (examples, variants) or fixed; the
    stepper shown follows the lesson's language (the one before it no longer does)."""

    inline_about = False  # the note about the pick beside the picker, not under it

    def __init__(self, picker: W.Widget | None, first: str | None, lang: str = "en") -> None:
        super().__init__(lang)
        self.holder = W.Box(layout=W.Layout(width="100%"))
        self.holder.add_class("snt-holder")
        self._stepper: Stepper | None = None
        self._link: traitlets.dlink | None = None
        self._pick = first
        self.picker = picker
        self.about = W.HTML(tooltip="")
        line = [picker] if picker is not None else []
        pick_line = flex([*line, self.about], cls="snt-pickline") if self.inline_about else None
        chrome = [pick_line] if pick_line is not None else [*line, self.about]
        root([styles(), self.intro, *chrome, self.holder], self.widget)
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
        self._link = follow(self._stepper, self, self._link)
        self._watch(self._stepper)
        self.holder.children = (self._stepper,)
        self._about()

    def _words(self) -> None:
        super()._words()
        self._picker_words()
        self._about()

    def _picker_words(self) -> None:
        """The picker's words in ``lang`` (the pick stays: ``relabel``)."""

    def _about(self) -> None:
        """The note about the pick shown, in ``lang``."""

    def build(self, pick: str | None) -> Stepper:
        raise NotImplementedError


class TurnLesson(StepperLesson):
    """One turn on the documents' tables: every example of the rulebooks, step by step."""

    key = "turn"
    picks = tuple(EXAMPLES)
    inline_about = True

    def __init__(self, lang: str = "en") -> None:
        picker = W.Dropdown(options=[(k, k) for k in EXAMPLES], value="amigo-fig1", style={"description_width": "initial"},
                            layout=W.Layout(width="auto", max_width="100%"), tooltip="")
        picker.observe(lambda change: self._picked(change["new"]), names="value")
        super().__init__(picker, "amigo-fig1", lang)
        self._start()

    def intro_words(self) -> str:
        lang = self.lang
        return text("lesson.turn", lang, domain=WIDGETS, next=text("stepper.next", lang, domain=WIDGETS),
                    back=text("stepper.back", lang, domain=WIDGETS))

    def _picker_words(self) -> None:
        assert isinstance(self.picker, W.Dropdown)
        relabel(self.picker, [(e.title_in(self.lang), k) for k, e in EXAMPLES.items()])
        self.picker.description = text("lesson.turn.example", self.lang, domain=WIDGETS)

    def _about(self) -> None:
        ex = example(self._pick or "amigo-fig1")
        source = text("lesson.turn.rebuilt" if ex.reconstructed else "lesson.turn.from", self.lang, domain=WIDGETS,
                      source=ex.source_in(self.lang))
        self.about.value = f'<p class="snt snt-source">{esc(source)}</p>'

    def build(self, pick: str | None) -> Stepper:
        key = example(pick or "amigo-fig1").key
        return Stepper(lambda lang: example_walk(key, lang), lang=self.lang)


class HandLesson(StepperLesson):
    key = "hand"

    def __init__(self, lang: str = "en") -> None:
        super().__init__(None, None, lang)
        self._start()

    def intro_words(self) -> str:
        return text("lesson.hand", self.lang, domain=WIDGETS, turn=text("stepper.turn", self.lang, domain=WIDGETS))

    def build(self, pick: str | None) -> Stepper:
        return Stepper(lambda lang: one_hand(hand_walk(lang), lang), lang=self.lang)


class VariantsLesson(StepperLesson):
    key = "variants"
    picks = tuple(VARIANTS)

    def __init__(self, variant: str = "tactics", lang: str = "en") -> None:
        self._drill_link: traitlets.dlink | None = None
        self.try_toggle = try_toggle(lang)  # "Try it" beside the picker: the variant's drill beside the tour
        self.try_toggle.observe(lambda _c: self._try_shown(), names="value")
        super().__init__(_picker(self._picked, variant), variant, lang)
        self.widget.children = tuple(flex([c, self.try_toggle], cls="snt-pickline") if c is self.picker else c
                                     for c in self.widget.children)
        self._start()

    def intro_words(self) -> str:
        return text("lesson.variants", self.lang, domain=WIDGETS)

    def _picker_words(self) -> None:
        lang = self.lang
        assert isinstance(self.picker, W.ToggleButtons)
        relabel(self.picker, [(variant_name(n, lang), n) for n in VARIANTS], [variant_summary(n, lang) for n in VARIANTS])
        self.try_toggle.description = text("drill.toggle", lang, domain=DRILL)
        self.try_toggle.tooltip = text("drill.toggle.tip", lang, domain=DRILL)

    def _about(self) -> None:
        variant, lang = self._pick or "tactics", self.lang
        jump = text("lesson.variants.jump", lang, domain=WIDGETS, mark=text("stepper.mark", lang, domain=WIDGETS))
        self.about.value = panel(f"<p><b>{esc(variant_name(variant, lang))}:</b> {esc(variant_summary(variant, lang))} "
                                 f"{esc(jump)}</p>", "snt-note")

    def build(self, pick: str | None) -> Stepper:
        variant = pick or "tactics"
        return Stepper(lambda lang: one_hand(tour_walk(variant, lang), lang), title=lambda lang: variant_name(variant, lang),
                       lang=self.lang)

    def _show(self, pick: str | None) -> None:
        """The variant's tour, and beside it "Try it": a drill on the variant's own rule."""
        super()._show(pick)
        self.drill = DrillTrainer(pick or "tactics", seed=1, lang=self.lang)
        self._drill_link = follow(self.drill, self, self._drill_link)
        self.holder.add_class("snt-tryholder")
        self.holder.children = (self.holder.children[0], self.drill)
        self._try_shown()

    def _try_shown(self) -> None:
        """Show the drill beside the tour while "Try it" is pressed, else the tour alone."""
        drill = getattr(self, "drill", None)
        shown = bool(self.try_toggle.value) and drill is not None
        if drill is not None:
            drill.layout.display = "flex" if shown else "none"
        (self.holder.add_class if shown else self.holder.remove_class)("snt-tryopen")


class VariantTours(W.VBox):
    """Pick a variant, read what changes, step through its seeded game (``picker``, ``stepper``)."""

    lang = Lang()

    def __init__(self, variant: str = "tactics", *, lang: str = "en", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lang = lang
        self.lesson = VariantsLesson(variant, lang)
        follow(self.lesson, self)
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
        root([styles(), self.intro, self.trainer], self.widget)
        self._start(self.trainer)

    def intro_words(self) -> str:
        return text("lesson.trainer", self.lang, domain=WIDGETS)


class PlayLesson(Lesson):
    key = "play"
    picks = tuple(VARIANTS)

    def __init__(self, lang: str = "en") -> None:
        super().__init__(lang)
        self.launcher = GameLauncher(lang=lang)
        self.launcher.picker.observe(self._tell, names="value")
        root([styles(), self.intro, self.launcher], self.widget)
        self._start(self.launcher)

    def intro_words(self) -> str:
        return text("lesson.play", self.lang, domain=WIDGETS, name=seat_name(0, self.lang))

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
        root([styles(), self.intro, self.editor], self.widget)
        self._start(self.editor)

    def intro_words(self) -> str:
        return text("editor.intro", self.lang, domain=EDITOR)

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
