"""The learning app: every lesson in one widget, reached without starting Python again.

``App`` holds the lessons (built when first shown, then kept, so a learner coming back finds the
lesson as they left it) and a :class:`Route` — lesson, what is picked in it (an example, a
variant), the step of its stepper and the language — that the page around it keeps in the URL
fragment. The language is the app's ``lang`` trait, which the lesson shown follows (and its widgets
follow it): a switch draws the words again in place, so the pick, the step and the rest of the place
(the game in Play, the trainer's score …) simply stay.
``App.go(route)`` shows a route; ``observe_route`` and ``observe_progress`` report what the
learner does. The widgets know nothing of the page: ``sixnimmt_core.widgets.browser`` connects
them to it. The lessons themselves are in ``sixnimmt_core.widgets.lessons``.
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
import traitlets

from sixnimmt_core.engine.log import too_deep
from sixnimmt_core.engine.rules import VARIANTS
from sixnimmt_core.teaching.teach import APP_TITLES
from sixnimmt_core.widgets._common import WIDGETS, Lang, error_words, esc, follow, panel
from sixnimmt_core.widgets.lessons import (
    LESSON_TYPES,
    CardsLesson,
    GameLauncher,
    Lesson,
    PlayLesson,
    TableLesson,
    TrainerLesson,
    VariantsLesson,
    VariantTours,
)
from sixnimmt_core.words import text
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


POS_LESSONS = ("table",)  # the lessons whose route carries a table (``pos``)
POS = re.compile(r"[0-9a-z._-]{1,400}")  # what a table's text may hold (``Position.encode``)
PICKS: dict[str, tuple[str, ...]] = {key: kind.picks for key, kind in LESSON_TYPES.items()}
PAGE = re.compile(r"https?://[^\s\"'<>`\\]{1,2000}")  # the app page's own address (``safe_page``)
START_DATA = re.compile(r"[A-Za-z0-9_-]{1,4096}")  # base64url: the app page's start data


# ---- the app -------------------------------------------------------------------------------------
class App(W.VBox):
    """Every lesson in one widget; ``go(route)`` shows one, ``route`` says where the learner is.

    The route's ``lang`` is the app's ``lang``, which the lesson shown follows (``_common.follow``;
    a lesson shown again follows it again): each lesson is built once and kept, and a switch only
    draws its words again, so its pick and step (unless the route names others) and everything else
    of the learner's place stay: the game in Play going on, the trainer's question and score, the
    drill's, the card shown, the table typed.

    ``observe_route(f)`` calls ``f(route)`` when the learner moves (a step, a pick, a lesson);
    ``observe_progress(f)`` calls ``f({"seen": lesson})`` when a lesson is shown and
    ``f({"trainer": {"right": r, "asked": a}})`` when a trainer answer is judged.
    """

    lang = Lang()

    def __init__(self, route: str | Route | None = None, *, page: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.page = page  # the app page's own address (for the links the table editor makes)
        self.lessons: dict[str, Lesson] = {}  # lesson -> the lesson, once built
        self._link: traitlets.dlink | None = None  # the lesson shown follows the app's language
        self._route_listeners: list[Callable[[Route], None]] = []
        self._progress_listeners: list[Callable[[dict[str, Any]], None]] = []
        self._quiet = False
        self._switching = False  # the words drawn again in another language: a score redrawn is no news
        self.current: Lesson | None = None
        self.add_class("snt-app")
        self.go(route)

    @property
    def route(self) -> Route:
        lesson = self.current
        if lesson is None:
            return Route(lang=self.lang)
        return Route(lesson.key, lesson.pick, lesson.step, lesson.lang, lesson.pos)

    def lesson(self, key: str) -> Lesson:
        """The lesson ``key``, built the first time it is asked for (in the app's language)."""
        if key not in self.lessons:
            kind = LESSON_TYPES[key]
            lesson = kind(lang=self.lang, page=self.page) if kind is TableLesson else kind(lang=self.lang)
            lesson.changed(self._moved)
            if isinstance(lesson, TrainerLesson):
                trainer = lesson.trainer
                trainer.score.observe(lambda _c, t=trainer: self._progress(
                    {"trainer": {"right": t.right, "asked": t.asked}}), names="value")
            self.lessons[key] = lesson
        return self.lessons[key]

    def go(self, route: str | Route | None) -> Route:
        """Show ``route`` (a fragment or a Route; what is not valid in it is left out); return it.

        Only the language changed (the same lesson, no pick or step named): the lesson is the same
        one, its words drawn again in the new language, at the pick and step the learner was at."""
        r = parse_route(route)
        here = self.current
        self._quiet = True
        try:
            self._switching = True
            try:
                if self._link is not None and (here is None or here.key != r.lesson):
                    self._link.unlink()  # the lesson left keeps its words until it is shown again
                    self._link = None
                self.lang = r.lang  # the lesson shown speaks it at once (it follows)
                lesson = self.lesson(r.lesson)
                if self._link is None:
                    self._link = follow(lesson, self)  # a lesson kept from before catches up
            finally:
                self._switching = False
            if r.pick is not None:
                lesson.set_pick(r.pick)
            if r.step is not None:
                lesson.set_step(r.step)
            if r.pos is not None:
                lesson.set_pos(r.pos)
        finally:
            self._quiet = False
        if lesson is not self.current:
            self.current = lesson
            self.children = (lesson.widget,)
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
        self.children = (W.HTML(panel(f"<p><b>{esc(text('app.error', self.lang, domain=WIDGETS))}</b> {esc(error_words(error, self.lang))}</p>"
                                      f"<p>{esc(text('app.error.what', self.lang, domain=WIDGETS))}</p>", "snt-bad", "alert"), tooltip=""),)
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
        if self._switching:
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
    """``[route, channel, page]`` from the app page's start data (after the lesson frame's ``#``): base64url (unpadded)
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
    """What the app's lesson frame runs (lite_site/live/live-worker.mjs): ``start(*decode_start(data))``.

    :raises ValueError: ``data`` is not what the app page sends; nothing is started (the app
        page then says, in the learner's words, that the lesson could not start)."""
    return start(*decode_start(data))


__all__ = ["App", "Route", "parse_route", "start", "start_encoded", "decode_start", "safe_page", "LESSONS", "VariantTours",
           "GameLauncher", "LESSON_TYPES", "PICKS", "PlayLesson", "TrainerLesson"]
