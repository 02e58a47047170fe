"""Every walkthrough's steps drawn at build time: what the app shows and steps through before Python
has started in the browser.

A walkthrough is the stepper a lesson shows for one pick (an example of the turn lesson, a variant,
the hand). ``walk_frames(lesson, pick, lang)`` builds the very app the live site builds, at that
lesson and pick, steps its stepper through every step and keeps, at each step, what its four views
hold (the position, the table, the words, the players: the HTML the live widget shows) and where
each of its buttons leads. The app page puts the lesson's first view (``chrome``: ``static_html``
of the app at step 1) on screen and swaps a step's views into it: there is no second renderer.

The cards' pictures repeat from step to step; each distinct ``<svg>…</svg>`` is kept once
(``svg``) and a step's HTML names it as ``\\u0001n\\u0002`` (``unpack`` puts it back).
"""

from __future__ import annotations

import re
from typing import Any

from sixnimmt_core.widgets.apps import PICKS, App, Route, TrainerLesson
from sixnimmt_core.widgets.drills import DrillTrainer
from sixnimmt_core.widgets.lessons import CardsLesson
from sixnimmt_core.widgets.snapshot import static_html, without_styles

# The lessons that are walkthroughs (a stepper per pick), and the pick each opens at (None: no picker).
WALK_LESSONS: dict[str, str | None] = {"turn": "amigo-fig1", "hand": None, "variants": "tactics"}
VIEWS = ("pos", "table", "text", "seats")  # the stepper's views, as the page names them (snt-step<view>)
BUTTONS = ("restart", "back", "next", "turn", "mark", "end")  # the stepper's buttons (snt-<button>)
SVG = re.compile(r"<svg\b.*?</svg>", re.S)
REF = re.compile("\u0001(\\d+)\u0002")


def walks() -> list[tuple[str, str | None]]:
    """Every walkthrough of the app: (lesson, pick), the lesson's first pick first."""
    return [(lesson, pick) for lesson in WALK_LESSONS for pick in (PICKS[lesson] or (None,))]


def frame_file(lesson: str, pick: str | None, lang: str) -> str:
    """A walkthrough's frame file, by name (the app page builds the same name; the site keeps the
    files in a folder named by their content: ``frames/<hash>/``)."""
    return f"{lesson}{'-' + pick if pick else ''}.{lang}.json"


class _Packer:
    """Keeps each distinct SVG picture once; texts name them by number."""

    def __init__(self) -> None:
        self.svg: list[str] = []
        self._ids: dict[str, int] = {}

    def __call__(self, html: str) -> str:
        def ref(m: re.Match[str]) -> str:
            n = self._ids.setdefault(m.group(0), len(self.svg))
            if n == len(self.svg):
                self.svg.append(m.group(0))
            return f"\u0001{n}\u0002"
        return SVG.sub(ref, html)


def unpack(text: str, svg: list[str]) -> str:
    """A packed text with its pictures back in place (what the app page does, in Python)."""
    return REF.sub(lambda m: svg[int(m.group(1))], text)


def walk_frames(lesson: str, pick: str | None, lang: str) -> dict[str, Any]:
    """The frames of one walkthrough in one language: ``chrome`` (the app at step 1), ``steps``
    (per step: the four views' HTML, ``to``: the step each button leads to, ``off``: the buttons
    disabled there) and ``svg`` (the pictures they share)."""
    app = App(Route(lesson, pick, 1, lang))
    stepper = app.current.stepper if app.current is not None else None
    if stepper is None:
        raise ValueError(f"lesson {lesson!r} has no stepper")
    pack = _Packer()
    chrome = pack(without_styles(static_html(app)))  # the CSS is the page's (static_page)
    views = {"pos": stepper.position, "table": stepper.table_view, "text": stepper.text_view,
             "seats": stepper.seats_view}
    moves = {"restart": stepper.restart, "back": stepper.back, "next": stepper.next,
             "turn": stepper.next_turn, "mark": stepper.next_mark, "end": stepper.end}
    buttons = {"restart": stepper.restart_button, "back": stepper.back_button, "next": stepper.next_button,
               "turn": stepper.turn_button, "mark": stepper.mark_button, "end": stepper.end_button}
    steps = []
    for k in range(len(stepper.steps)):
        stepper.go(k)
        step: dict[str, Any] = {view: pack(views[view].value) for view in VIEWS}
        step["off"] = [name for name in BUTTONS if buttons[name].disabled]
        to = []
        for name in BUTTONS:
            moves[name]()
            to.append(stepper.index + 1)
            stepper.go(k)
        step["to"] = to
        steps.append(step)
    stepper.go(0)
    out = {"lesson": lesson, "pick": pick, "lang": lang, "chrome": chrome, "steps": steps, "svg": pack.svg}
    drill = getattr(app.current, "drill", None)
    if drill is not None:  # "Try it": the drill's first question, each answer judged
        out["drill"] = {"views": pack(without_styles(static_html(drill))), "answers": []}
        for b in drill.answer_buttons:
            fresh = DrillTrainer(drill.drill.variant, seed=1, lang=lang)
            fresh.answer(b.answer)
            out["drill"]["answers"].append({"key": b.answer, "views": pack(without_styles(static_html(fresh)))})
    return out





# ---- the trainer: the documents' questions, every answer judged at build time -----------------


def _trainer_parts(trainer: Any, pack: _Packer) -> dict[str, str]:
    """The trainer's views that change with a question or an answer, as HTML (each part whole)."""
    parts = {"card": trainer.card_view, "table": trainer.table_view, "prompt": trainer.prompt,
             "answers": trainer.answers, "feedback": trainer.feedback, "next": trainer.children[-1]}
    return {name: pack(without_styles(static_html(w))) for name, w in parts.items()}


def trainer_frames(lang: str) -> dict[str, Any]:
    """The trainer lesson before Python: its first view (``chrome``), and for each of the documents'
    questions (``questions``) its views unanswered and, for each answer button (in order), the views
    after it, ``right``/``asked`` (what it adds to the score) and, where a row must be taken next,
    the same for each take button (``then``); ``score``: the score line for "right/asked"."""
    def at(question: int) -> tuple[Any, Any]:
        """A fresh trainer lesson (the app's), showing the documents' question ``question`` (from 0), unanswered."""
        lesson = TrainerLesson(lang)
        trainer = lesson.trainer
        for _ in range(question):
            trainer.new_table()
        return lesson, trainer

    app = App(Route("trainer", lang=lang))
    assert isinstance(app.current, TrainerLesson)
    trainer = app.current.trainer
    pack = _Packer()
    chrome = pack(without_styles(static_html(app)))
    count = len(trainer.examples)
    questions = []
    for q in range(count):
        _app, trainer = at(q)
        entry: dict[str, Any] = {"views": _trainer_parts(trainer, pack), "answers": []}
        for i in range(len(trainer.answer_buttons)):
            _app, trainer = at(q)
            trainer.answer(trainer.answer_buttons[i].answer)
            judged: dict[str, Any] = {"views": _trainer_parts(trainer, pack), "right": trainer.right,
                                      "asked": trainer.asked, "then": []}
            for j in range(len(trainer.answer_buttons) if trainer.phase == "take" else 0):
                _app, again = at(q)
                again.answer(again.answer_buttons[i].answer)
                again.answer(again.answer_buttons[j].answer)
                judged["then"].append({"views": _trainer_parts(again, pack), "right": again.right,
                                       "asked": again.asked})
            entry["answers"].append(judged)
        questions.append(entry)
    _app, trainer = at(0)
    score = {}
    for asked in range(count + 1):
        for right in range(asked + 1):
            trainer.right, trainer.asked = right, asked
            trainer._score()
            score[f"{right}/{asked}"] = pack(static_html(trainer.children[1]))
    return {"lesson": "trainer", "lang": lang, "chrome": chrome, "questions": questions, "score": score,
            "svg": pack.svg}


# ---- the cards: each card's picture and words, each kind's gallery --------------------------------
def cards_frames(lang: str) -> dict[str, Any]:
    """The cards lesson before Python: its first view (``chrome``: card 55, the cards with 7 heads),
    each card's view (``card``: "1".."104") and each kind's gallery (``kinds``: heads -> HTML),
    taken from the live ``CardExplorer``."""
    from sixnimmt_core.engine.cards import HIGHEST, LOWEST
    from sixnimmt_core.teaching.teach import head_counts

    app = App(Route("cards", lang=lang))
    assert isinstance(app.current, CardsLesson)
    explorer = app.current.explorer
    pack = _Packer()
    chrome = pack(without_styles(static_html(app)))
    first = (explorer.card, next(h for (h, _n, _c), b in zip(head_counts(), explorer.kind_buttons, strict=True)
                                 if b.button_style == "info"))
    cards = {}
    for card in range(LOWEST, HIGHEST + 1):
        explorer.card_input.value = card
        cards[str(card)] = pack(static_html(explorer.card_view))
    kinds = {}
    for h, _n, _c in head_counts():
        explorer.show_kind(h)
        kinds[str(h)] = pack(static_html(explorer.gallery))
    return {"lesson": "cards", "lang": lang, "chrome": chrome, "first": {"card": first[0], "kind": first[1]},
            "card": cards, "kinds": kinds, "order": [h for h, _n, _c in head_counts()], "svg": pack.svg}


def cards_file(lang: str) -> str:
    """The cards lesson's frame file, by name (as ``frame_file``)."""
    return f"cards.{lang}.json"


def trainer_file(lang: str) -> str:
    """The trainer's frame file, by name (as ``frame_file``)."""
    return f"trainer.{lang}.json"



__all__ = ["WALK_LESSONS", "VIEWS", "BUTTONS", "walks", "frame_file", "walk_frames", "trainer_frames",
           "trainer_file", "cards_frames", "cards_file", "unpack"]
