"""The pieces of a "try it" drill: a question, its answers, the judgement, and the words made by the
engine that explain them (data — :class:`~sixnimmt_core.engine.errors.Say` of the catalogue domain
``drills`` — said in a language only when asked); and the plays through the engine the questions
are built from. The questions of each variant are in ``drills_placing`` and ``drills_choosing``;
the drill that asks them one at a time is :mod:`sixnimmt_core.teaching.drills`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sixnimmt_core.engine.decisions import (
    DraftDecision,
    OrderDecision,
    PlayDecision,
    SplitDecision,
    SpotDecision,
    TakeRowDecision,
)
from sixnimmt_core.engine.errors import IllegalAction, Listed, Say, Seat, Shown, SixNimmtError
from sixnimmt_core.engine.events import Ordered, Placed, Split, Took
from sixnimmt_core.engine.game import Game
from sixnimmt_core.engine.rules import ONE_HAND, find_variant
from sixnimmt_core.engine.table import Side
from sixnimmt_core.players.bots import make_bots
from sixnimmt_core.words import heads_words, seat_name, why_not

DOMAIN = "drills"  # the catalogue: locale/<lang>/LC_MESSAGES/drills.po


class NotAnAnswer(IllegalAction):
    """An answer that is not one of the question's answers (nothing is judged or counted)."""


# ---- words made by the engine, said in the language asked ------------------------------------------
class Heads:
    """'7 heads' in any language (the engine's words)."""

    def __init__(self, n: int) -> None:
        self.n = n

    def words(self, lang: str = "en") -> str:
        return heads_words(self.n, lang)


class Reason:
    """Where a card goes and why, as the engine explains it (``Placement.reason``)."""

    def __init__(self, placement: Any) -> None:
        self.placement = placement

    def words(self, lang: str = "en") -> str:
        return self.placement.reason(lang)


class WhyNot:
    """Why a place is wrong for a card, in the engine's few words (': 98 is higher than 64')."""

    def __init__(self, placement: Any, row: int, side: Side) -> None:
        self.placement, self.row, self.side = placement, row, side

    def words(self, lang: str = "en") -> str:
        return why_not(self.placement, self.row, self.side, lang=lang)


class Told:
    """Events of a game from ``start`` on, as the engine narrates them (only ``kinds``)."""

    def __init__(self, game: Game, start: int, kinds: tuple[type, ...] = (Ordered, Placed, Took, Split)) -> None:
        self.game, self.start, self.kinds = game, start, kinds

    def words(self, lang: str = "en") -> str:
        from sixnimmt_core.teaching.narrate import frames

        return " ".join(f.text for f in frames(self.game, lang)[self.start:] if isinstance(f.event, self.kinds))


class Refusal:
    """An engine refusal, in the language asked."""

    def __init__(self, error: SixNimmtError) -> None:
        self.error = error

    def words(self, lang: str = "en") -> str:
        return self.error.words(lang)


def cards_list(cards: Sequence[int]) -> Listed | Say:
    """Cards as a list in words ('8, 24 and 69'), or 'none'."""
    return Listed(cards) if cards else Say("cards.none", domain=DOMAIN)


# ---- questions and answers ---------------------------------------------------------------------
@dataclass(frozen=True)
class Answer:
    """One answer: its key (what a button sends), its label, whether the rules allow it, whether it
    is the advice, what it costs in heads (None where a question is not about cost), and its words;
    ``place``: the place on the table it names, (row from 0, "left" or "right"), where it names one
    (a drill draws that answer on the row itself)."""

    key: str
    label: Say
    legal: bool
    advised: bool
    cost: int | None
    why: Say
    place: tuple[int, str] | None = None

    @property
    def right(self) -> bool:
        return self.legal and self.advised


@dataclass(frozen=True)
class Question:
    """A position and what is asked about it.

    ``rows`` is the table; ``show`` lists lines of facts shown beside it (``Say``); ``source`` says
    where a documents' example comes from (None for a fresh position)."""

    drill: str
    prompt: Say
    rows: tuple[tuple[int, ...], ...]
    answers: tuple[Answer, ...]
    two_sided: bool = False
    show: tuple[Say, ...] = ()
    source: Say | None = None
    card: int | None = None  # the card asked about, where there is one (drawn beside the table)

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(a.key for a in self.answers)

    def find(self, key: Any) -> Answer:
        """The answer ``key``.

        :raises NotAnAnswer: ``key`` is not one of this question's answers."""
        for a in self.answers:
            if a.key == key:
                return a
        raise NotAnAnswer(Say("refuse.not_answer", domain=DOMAIN, answer=Shown(key), answers=Listed(self.keys, ", ")), "drill")

    @property
    def best(self) -> Answer:
        """The advised answer (the cheapest of them when several are)."""
        advised = [a for a in self.answers if a.right]
        return min(advised, key=lambda a: a.cost if a.cost is not None else 0)


@dataclass(frozen=True)
class Judged:
    """An answer judged: right (allowed and advised), allowed but not advised, or not allowed."""

    question: Question
    answer: Answer

    @property
    def right(self) -> bool:
        return self.answer.right

    @property
    def verdict(self) -> str:
        """'right', 'allowed' (allowed, not the advice) or 'wrong' (not allowed)."""
        return "right" if self.right else "allowed" if self.answer.legal else "wrong"

    def says(self) -> Say:
        a, best = self.answer, self.question.best
        if self.right:
            return Say("judged.right", domain=DOMAIN, why=a.why)
        if a.legal and a.cost is not None and best.cost is not None:
            return Say("judged.dearer", domain=DOMAIN, best=best.label, best_cost=Heads(best.cost), cost=Heads(a.cost), why=a.why, best_why=best.why)
        if a.legal:
            return Say("judged.not_advised", domain=DOMAIN, best=best.label, why=a.why)
        return Say("judged.wrong", domain=DOMAIN, why=a.why, best=best.label, best_why=best.why)

    def words(self, lang: str = "en") -> str:
        return self.says().words(lang)


# ---- playing a position through the engine ---------------------------------------------------------
def _seat(s: int) -> Seat:
    return Seat(s, seat_name(s))


def _settle(game: Game, seat: int | None = None) -> None:
    """Answer the choices a placement waits for as the usual advice has it (the cheapest row; a tie's
    nearer-to-empty row), until a new turn, the next order or a draft pick comes."""
    bots = make_bots(["cautious"], game.players, 0)
    while game.pending and not game.over:
        d = game.pending[0]
        if isinstance(d, (PlayDecision, OrderDecision, DraftDecision)) or (seat is not None and isinstance(d, SplitDecision) and d.seat == seat):
            return
        if isinstance(d, (TakeRowDecision, SpotDecision, SplitDecision)):
            game.act(d.seat, bots[d.seat].decide(d, game.view(d.seat)))
        else:
            return


def _pays(vector: Sequence[int]) -> Say:
    if not any(vector):
        return Say("pays.nobody", domain=DOMAIN)
    return Say("pays", domain=DOMAIN, who=Listed([Say("pays.seat", domain=DOMAIN, seat=_seat(s), heads=Heads(v)) for s, v in enumerate(vector) if v],
                                  ", "))


# ---- positions from a seeded game -------------------------------------------------------------------
def _games(variant: str, players: int, rng: random.Random, tries: int = 40):
    """Seeded one-hand games of ``variant``, each with its careful bots."""
    rules = find_variant(variant).but(match_end=ONE_HAND)
    for _ in range(tries):
        seed = rng.randrange(10**6)
        yield Game(rules, players, seed=seed), make_bots(["cautious"], players, seed)


def _step(game: Game, bots: list[Any]) -> None:
    """Let the bots answer the first pending decision."""
    d = game.pending[0]
    game.act(d.seat, bots[d.seat].decide(d, game.view(d.seat)))


def _each_answer(game: Game, kinds: tuple[type, ...] = (Ordered, Placed, Took, Split)) -> list[tuple[Any, int, Told]]:
    """Each answer to ``game``'s first pending decision, played out on a copy as the engine places it:
    (answer, the heads it costs its player this turn, the engine's words for it)."""
    d = game.pending[0]
    out = []
    for answer in d.options:
        g = game.clone(record=True)
        start = len(g.log)
        g.act(d.seat, answer)
        _settle(g)
        out.append((answer, g.penalty[d.seat] - game.penalty[d.seat], Told(g, start, kinds)))
    return out


Builder = Callable[[random.Random], Question]  # a drill's fresh questions, from a seeded draw
