"""The learning app: every lesson in one widget, reached without starting Python again.

``App`` holds the lessons (built when first shown, then kept, so a learner coming back finds the
lesson as they left it) and a :class:`Route` — lesson, what is picked in it (an example, a
variant), the step of its stepper and the language — that the page around it keeps in the URL
fragment. A lesson is built once per language; switching the language keeps the pick, the step and
the rest of the place (``Lesson.take_over``: the game in Play, the trainer's score …).
``App.go(route)`` shows a route; ``observe_route`` and ``observe_progress`` report what the
learner does. The widgets know nothing of the page: ``sixnimmt_core.widgets.browser`` connects
them to it.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl, urlencode

import ipywidgets as W

from sixnimmt_core.engine.log import too_deep
from sixnimmt_core.engine.rules import VARIANTS, variant_summary
from sixnimmt_core.teaching.scenarios import EXAMPLES, example, trainer_examples
from sixnimmt_core.teaching.teach import (
    APP_TITLES,
    example_walk,
    hand_walk,
    one_hand,
    tour_walk,
)
from sixnimmt_core.widgets._common import css, error_words, esc, flex, panel, root, tr, variant_name
from sixnimmt_core.widgets.cards import CardExplorer
from sixnimmt_core.widgets.drills import DrillTrainer, try_toggle
from sixnimmt_core.widgets.editor import PositionEditor
from sixnimmt_core.widgets.editor import words as editor_words
from sixnimmt_core.widgets.play import GameLauncher
from sixnimmt_core.widgets.stepper import Stepper
from sixnimmt_core.widgets.trainer import RowTrainer
from sixnimmt_core.words import seat_name
from sixnimmt_core.words.i18n import LANGUAGES

NAMES = {name: name.capitalize() for name in VARIANTS}  # the variants' English names (variant_name: any language)
LESSONS: tuple[str, ...] = tuple(APP_TITLES)


# ---- the route: where the learner is -----------------------------------------------------------
@dataclass(frozen=True)
class Route:
    """A place in the app: a lesson, what is picked in it (or None), a step from 1 (or None), the
    language it is shown in (one of ``i18n.LANGUAGES``) and, in the table editor's lesson, the table
    set up there (``pos``: ``Position.encode``'s text, or None)."""

    lesson: str = LESSONS[0]
    pick: str | None = None
    step: int | None = None
    lang: str = "en"
    pos: str | None = None

    def fragment(self) -> str:
        """The route as a URL fragment without '#', the language always last and always there:
        ``lesson=turn&pick=pitfall-2&step=3&lang=cs``, ``lesson=cards&lang=en``."""
        parts = [("lesson", self.lesson)]
        if self.pick:
            parts.append(("pick", self.pick))
        if self.step:
            parts.append(("step", str(self.step)))
        if self.pos:
            parts.append(("pos", self.pos))
        parts.append(("lang", self.lang))
        return urlencode(parts)


def parse_route(text: str | Route | None) -> Route:
    """Read a URL fragment; whatever is not a lesson, a pick of that lesson, a step or a language
    the edition speaks is left out (a language left out is English).

    A link that was cut or mistyped still opens the app — at the lesson's start — rather than
    an error page.
    """
    if isinstance(text, Route):
        return text
    fields = dict(parse_qsl((text or "").lstrip("#"), keep_blank_values=False))
    lang = fields.get("lang", "en")
    if lang not in LANGUAGES:
        lang = "en"
    lesson = fields.get("lesson", "")
    if lesson not in LESSONS:
        return Route(lang=lang)
    pick = fields.get("pick")
    if pick not in PICKS.get(lesson, ()):
        pick = None
    step_text = fields.get("step", "")
    step = int(step_text) if step_text.isascii() and step_text.isdigit() and 0 < len(step_text) <= 4 and int(step_text) > 0 else None
    pos = fields.get("pos")
    if lesson not in POS_LESSONS or not POS.fullmatch(pos or ""):
        pos = None  # a table's text is checked (and refused in words) by the lesson itself
    return Route(lesson, pick, step, lang, pos)


# ---- the lessons ---------------------------------------------------------------------------------
def _picker(on_pick: Callable[[str], None], value: str, *, names: list[str] | None = None,
            lang: str = "en") -> W.ToggleButtons:
    pick = W.ToggleButtons(options=[(variant_name(n, lang), n) for n in names or list(VARIANTS)], value=value,
                           tooltips=[variant_summary(n, lang) for n in names or list(VARIANTS)],
                           style={"button_width": "auto"}, layout=W.Layout(max_width="100%"))
    pick.observe(lambda change: on_pick(change["new"]), names="value")
    return pick


def _intro(words: str) -> W.HTML:
    """A lesson's opening words (plain text, one paragraph)."""
    return W.HTML(panel(f"<p>{esc(words)}</p>", "snt-intro"))


class Lesson:
    """One lesson in one language (``lang``): its widget, and the pick and step the route carries
    (None where it has none)."""

    key = ""
    picks: tuple[str, ...] = ()

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
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
        root([W.HTML(css()), _intro(tr("lesson.cards", lang)), self.explorer], self.widget)

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

    def __init__(self, lang: str = "en") -> None:
        picker = W.Dropdown(options=[(e.title_in(lang), k) for k, e in EXAMPLES.items()], value="amigo-fig1",
                            description=tr("lesson.turn.example", lang), style={"description_width": "initial"},
                            layout=W.Layout(width="auto", max_width="100%"))
        picker.observe(lambda change: self._picked(change["new"]), names="value")
        super().__init__(tr("lesson.turn", lang, next=tr("stepper.next", lang), back=tr("stepper.back", lang)),
                         picker, "amigo-fig1", lang)

    def build(self, pick: str | None) -> Stepper:
        ex = example(pick or "amigo-fig1")
        source = tr("lesson.turn.rebuilt" if ex.reconstructed else "lesson.turn.from", self.lang,
                    source=ex.source_in(self.lang))
        self.about.value = f'<p class="snt snt-source">{esc(source)}</p>'
        return Stepper(example_walk(ex.key, self.lang), lang=self.lang)


class HandLesson(StepperLesson):
    key = "hand"

    def __init__(self, lang: str = "en") -> None:
        super().__init__(tr("lesson.hand", lang, turn=tr("stepper.turn", lang)), None, None, lang)

    def build(self, pick: str | None) -> Stepper:
        return Stepper(one_hand(hand_walk(self.lang), self.lang), lang=self.lang)


class VariantsLesson(StepperLesson):
    key = "variants"
    picks = tuple(VARIANTS)

    def __init__(self, variant: str = "tactics", lang: str = "en") -> None:
        super().__init__(tr("lesson.variants", lang), _picker(self._picked, variant, lang=lang), variant, lang)
        # "Try it" beside the picker: the variant's drill beside the tour, when the learner asks for it
        self.try_toggle = try_toggle(lang)
        self.try_toggle.observe(lambda _c: self._try_shown(), names="value")
        self.widget.children = tuple(flex([c, self.try_toggle], cls="snt-pickline") if c is self.picker else c
                                     for c in self.widget.children)

    def build(self, pick: str | None) -> Stepper:
        variant, lang = pick or "tactics", self.lang
        name = variant_name(variant, lang)
        jump = tr("lesson.variants.jump", lang, mark=tr("stepper.mark", lang))
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
        root([W.HTML(css()), _intro(tr("lesson.trainer", lang)), self.trainer], self.widget)

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
        root([W.HTML(css()), _intro(tr("lesson.play", lang, name=seat_name(0, lang))), self.launcher], self.widget)

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
        root([W.HTML(css()), _intro(editor_words("editor.intro", lang)), self.editor], self.widget)

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
POS_LESSONS = ("table",)  # the lessons whose route carries a table (``pos``)
POS = re.compile(r"[0-9a-z._-]{1,400}")  # what a table's text may hold (``Position.encode``)
PICKS: dict[str, tuple[str, ...]] = {key: kind.picks for key, kind in LESSON_TYPES.items()}
PAGE = re.compile(r"https?://[^\s\"'<>`\\]{1,2000}")  # the app page's own address (``safe_page``)
START_DATA = re.compile(r"[A-Za-z0-9_-]{1,4096}")  # base64url, as the site's REPL lets through


# ---- the app -------------------------------------------------------------------------------------
class App(W.VBox):
    """Every lesson in one widget; ``go(route)`` shows one, ``route`` says where the learner is.

    The route's ``lang`` is the language the lessons speak: each lesson is built once per
    language and kept; going to another language keeps the lesson, and its pick and step unless
    the route names others, and the lesson takes over the place the learner had in it
    (``Lesson.take_over``): the game in Play going on, the trainer's question and score, the
    drill's, the card shown.

    ``observe_route(f)`` calls ``f(route)`` when the learner moves (a step, a pick, a lesson);
    ``observe_progress(f)`` calls ``f({"seen": lesson})`` when a lesson is shown and
    ``f({"trainer": {"right": r, "asked": a}})`` when a trainer answer is judged.
    """

    def __init__(self, route: str | Route | None = None, *, page: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.page = page  # the app page's own address (for the links the table editor makes)
        self.lessons: dict[tuple[str, str], Lesson] = {}  # (lesson, language) -> the lesson, once built
        self.lang = "en"
        self._route_listeners: list[Callable[[Route], None]] = []
        self._progress_listeners: list[Callable[[dict[str, Any]], None]] = []
        self._quiet = False
        self._carrying = False  # a lesson takes over another's place: its score is no news
        self.current: Lesson | None = None
        self.add_class("snt-app")
        self.go(route)

    @property
    def route(self) -> Route:
        lesson = self.current
        if lesson is None:
            return Route(lang=self.lang)
        return Route(lesson.key, lesson.pick, lesson.step, lesson.lang, lesson.pos)

    def lesson(self, key: str, lang: str = "en") -> Lesson:
        """The lesson ``key`` in ``lang``, built the first time it is asked for."""
        if (key, lang) not in self.lessons:
            kind = LESSON_TYPES[key]
            lesson = kind(lang=lang, page=self.page) if kind is TableLesson else kind(lang=lang)
            lesson.changed(self._moved)
            if isinstance(lesson, TrainerLesson):
                trainer = lesson.trainer
                trainer.score.observe(lambda _c, t=trainer: self._progress(
                    {"trainer": {"right": t.right, "asked": t.asked}}), names="value")
            self.lessons[key, lang] = lesson
        return self.lessons[key, lang]

    def go(self, route: str | Route | None) -> Route:
        """Show ``route`` (a fragment or a Route; what is not valid in it is left out); return it.

        Only the language changed (the same lesson, no pick or step named): the lesson in the new
        language opens at the pick and step the learner was at."""
        r = parse_route(route)
        here = self.current
        if here is not None and here.key == r.lesson and here.lang != r.lang:
            r = Route(r.lesson, r.pick if r.pick is not None else here.pick,
                      r.step if r.step is not None else here.step, r.lang, r.pos if r.pos is not None else here.pos)
        self.lang = r.lang
        lesson = self.lesson(r.lesson, r.lang)
        self._quiet = True
        try:
            if here is not None and here is not lesson and here.key == lesson.key:
                self._carrying = True
                try:
                    lesson.take_over(here)  # the place in the lesson, not only its pick and step
                finally:
                    self._carrying = False
            if r.pick is not None:
                lesson.set_pick(r.pick)
            if r.step is not None:
                lesson.set_step(r.step)
            if r.pos is not None:
                lesson.set_pos(r.pos)
        finally:
            self._quiet = False
        if lesson is not self.current:
            seen = here is None or here.key != lesson.key  # a lesson in another language is not a new one
            self.current = lesson
            self.children = (lesson.widget,)
            if seen:
                self._progress({"seen": lesson.key})
        self._moved()
        return self.route

    def resume_trainer(self, example: int, right: int, asked: int) -> None:
        """The trainer, if it is the lesson shown, at the documents' example ``example`` (from 0)
        with that score (``RowTrainer.resume``): where the learner had got to before Python."""
        if isinstance(self.current, TrainerLesson):
            self.current.trainer.resume(example, right, asked)

    def resume_cards(self, card: int, kind: int) -> None:
        """The cards lesson, if it is shown, at ``card`` with the cards of ``kind`` heads listed:
        where the learner got to before Python.

        :raises ValueError: no such card or kind of card (nothing changes)."""
        from sixnimmt_core.engine.cards import HIGHEST, LOWEST
        from sixnimmt_core.teaching.teach import head_counts

        lesson = self.current
        if not isinstance(lesson, CardsLesson):
            return
        if not (type(card) is int and LOWEST <= card <= HIGHEST and type(kind) is int
                and kind in [h for h, _n, _c in head_counts()]):
            raise ValueError(f"no card {card!r} or no cards of {kind!r} heads")
        lesson.explorer.card_input.value = card
        lesson.explorer.show_kind(kind)

    def resume_try(self, shown: bool, answer: str | None = None) -> None:
        """The variants lesson, if it is shown, with "Try it" open or closed and, if ``answer`` is
        given, its drill's question answered so (where the learner got to before Python).

        :raises ValueError: an answer the drill's question does not have; the drill stays as it was."""
        lesson = self.current
        if not isinstance(lesson, VariantsLesson) or not isinstance(shown, bool):
            return
        if answer is not None and lesson.drill.judged is None:
            lesson.drill.answer(answer)
        lesson.try_toggle.value = shown

    def show_error(self, error: BaseException) -> None:
        """Say in words that the lesson could not be drawn (the page stays usable)."""
        self.children = (W.HTML(panel(f"<p><b>{esc(tr('app.error', self.lang))}</b> {esc(error_words(error, self.lang))}</p>"
                                      f"<p>{esc(tr('app.error.what', self.lang))}</p>", "snt-bad", "alert")),)
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
        if self._carrying:
            return
        for callback in self._progress_listeners:
            callback(news)


def safe_page(page: str) -> str:
    """``page`` if it is an http(s) address holding no quote, angle bracket, backslash or space
    (it becomes the table editor's link and QR code), else "" (the links are then relative)."""
    return page if isinstance(page, str) and PAGE.fullmatch(page) else ""


def start(route: str = "", channel: str = "", page: str = "") -> App:
    """The site's app page runs this: the app at ``route``, connected to the page on ``channel``;
    ``page`` is the page's own address (without its fragment), for the links the lessons make.
    All three come from a URL anyone can write: each is only ever data (see ``safe_page``)."""
    from sixnimmt_core.widgets.browser import connect

    app = App(route, page=safe_page(page))
    connect(app, channel)
    return app


def decode_start(data: str) -> tuple[str, str, str]:
    """``[route, channel, page]`` from the app page's ``sixnimmt=`` parameter: base64url (unpadded)
    of UTF-8 JSON, a list of exactly three strings.

    :raises ValueError: anything else."""
    if not isinstance(data, str) or not START_DATA.fullmatch(data):
        raise ValueError("not base64url text of at most 4096 characters")
    try:
        text = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4)).decode("utf-8")
        if too_deep(text, limit=1):  # counted first: deep nesting kills Python in the browser (log.MAX_DEPTH)
            raise ValueError("nested deeper than [route, channel, page]")
        value = json.loads(text)
    except (binascii.Error, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ValueError(f"not base64url of UTF-8 JSON: {e}") from None
    if not (isinstance(value, list) and len(value) == 3 and all(isinstance(v, str) for v in value)):
        raise ValueError("not a list of three strings [route, channel, page]")
    return value[0], value[1], value[2]


def start_encoded(data: str) -> App:
    """What the site's REPL runs (tools/site/repl_start.py): ``start(*decode_start(data))``.

    :raises ValueError: ``data`` is not what the app page sends; nothing is started (the app
        page then says, in the learner's words, that the lesson could not start)."""
    return start(*decode_start(data))


__all__ = ["App", "Route", "parse_route", "start", "start_encoded", "decode_start", "safe_page", "LESSONS", "VariantTours", "GameLauncher"]
