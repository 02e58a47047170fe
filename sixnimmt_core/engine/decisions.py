"""The questions the engine asks a seat: one class per kind of decision, like the events.

Code that answers or draws a decision tells the kinds apart by class (``isinstance``, ``match``);
``kind`` (an :class:`~sixnimmt_core.engine.events.Ask`) is the name a saved game and a message key
use. A decision is a tuple underneath, so that the engine makes one at C speed on every question.
"""

from __future__ import annotations

from itertools import combinations, permutations
from typing import Any, ClassVar, NamedTuple

from sixnimmt_core.engine.errors import Say
from sixnimmt_core.engine.events import Ask
from sixnimmt_core.engine.table import Spot

Cards = tuple[int, ...]
Action = int | Cards | Spot  # an answer as ``legal_answers`` lists it: a card or row, cards, a tied place


class _Question(NamedTuple):
    """The fields every decision has (a decision's kind is its class)."""

    seat: int
    options: tuple[Any, ...]  # the legal answers' parts
    min_count: int = 1  # play: how many cards to lay at least …
    max_count: int = 1  # … and at most
    card: int | None = None  # take_row / spot: the card being placed
    room: int = 0  # split: how many of the taken cards the hand can still hold


class Decision(_Question):
    """A question the engine asks one seat; ``options`` lists the legal answers' parts."""

    __slots__ = ()
    kind: ClassVar[Ask]

    def __eq__(self, other: object) -> bool:  # a play and a draft of the same cards are not equal
        return other.__class__ is self.__class__ and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = tuple.__hash__

    def describe(self, lang: str = "en") -> str:
        """What the seat is asked, in words ("choose a card", in ``lang``)."""
        return self.says().words(lang)

    def says(self) -> Say:
        """What the seat is asked, as a message of the domain ``refusals``."""
        return Say(f"decision.{self.kind}")

    def legal_answers(self) -> tuple[Action, ...]:
        """Every answer ``Game.act`` accepts for this decision, once each, in one form (as OpenSpiel's
        ``legal_actions``): ``act`` also takes a card as ``[12]`` or ``(12,)``, a place as ``(row, side)``,
        the cards of a set in any order; each of those is one of these."""
        return tuple(dict.fromkeys(self.options))

    def how_many(self) -> Say:
        """How many cards a play decision lays: '1 card', '2 cards', '1 or 2 cards' (in words)."""
        if self.min_count == self.max_count:
            return Say("lay.cards", count=self.max_count)
        return Say("lay.cards.range", count=self.max_count, lo=self.min_count, hi=self.max_count)


class PlayDecision(Decision):
    """Lay ``min_count`` to ``max_count`` cards of the hand (``options``)."""

    __slots__ = ()
    kind = Ask.PLAY

    def says(self) -> Say:
        return Say("decision.play") if self.max_count == 1 else Say("decision.play.many", cards=self.how_many())

    @property
    def in_order(self) -> bool:
        """Whether the cards laid are placed in the order given: the Hand variant lays one card or two
        and places them at once. A play of a fixed count (Refined's two) lays a set, ordered after the
        reveal (``OrderDecision``)."""
        return self.min_count < self.max_count

    def legal_answers(self) -> tuple[int | Cards, ...]:
        """Each card of the hand (one card), each set of cards as a sorted tuple (Refined's two), or each
        sequence of cards in the order it is placed (the Hand variant's one or two); a card held twice
        (Twins) may be laid twice, and the same answer is listed once."""
        hand = sorted(self.options)
        out: list[int | Cards] = []
        for k in range(self.min_count, self.max_count + 1):
            if k == 1:
                out += dict.fromkeys(hand)
            else:
                out += dict.fromkeys(permutations(hand, k) if self.in_order else combinations(hand, k))
        return tuple(out)


class DraftDecision(Decision):
    """Logic, Tournament: take one card of those laid out (``options``)."""

    __slots__ = ()
    kind = Ask.DRAFT

    def legal_answers(self) -> tuple[int, ...]:
        """Each card laid out."""
        return tuple(dict.fromkeys(self.options))


class OrderDecision(Decision):
    """Refined: the order in which to place one's two cards (``options``: the orders)."""

    __slots__ = ()
    kind = Ask.ORDER

    def legal_answers(self) -> tuple[tuple[int, int], ...]:
        """Each order of the two cards (one when they are the same number)."""
        return tuple(dict.fromkeys(self.options))


class _Placing(Decision):
    """A decision about placing ``card``: said with the card."""

    __slots__ = ()

    def says(self) -> Say:
        return Say(f"decision.{self.kind}", card=self.card)


class TakeRowDecision(_Placing):
    """Which row to take for ``card``, lower than every row's end (or fitting nowhere)."""

    __slots__ = ()
    kind = Ask.TAKE_ROW

    def legal_answers(self) -> tuple[int, ...]:
        """Each row, counted from 0."""
        return tuple(dict.fromkeys(self.options))


class SpotDecision(_Placing):
    """Professional: where ``card`` goes among the tied places (``options``: the spots)."""

    __slots__ = ()
    kind = Ask.SPOT

    def legal_answers(self) -> tuple[Spot, ...]:
        """Each tied place, as the engine's ``Spot``."""
        return tuple(dict.fromkeys(self.options))


class SplitDecision(Decision):
    """Hand: which of the taken cards (``options``) go back to the hand, at most ``room`` of them."""

    __slots__ = ()
    kind = Ask.SPLIT

    def says(self) -> Say:
        return Say("decision.split", room=self.room)

    def legal_answers(self) -> tuple[Cards, ...]:
        """Each choice of the taken cards for the hand, none to ``room`` of them, as a sorted tuple (the rest
        go to the pile); a card taken twice (Twins) may go back twice, and the same answer is listed once."""
        taken = sorted(self.options)
        out: list[Cards] = []
        for k in range(min(self.room, len(taken)) + 1):
            out += dict.fromkeys(combinations(taken, k))
        return tuple(out)


DECISIONS: tuple[type[Decision], ...] = (
    PlayDecision, DraftDecision, OrderDecision, TakeRowDecision, SpotDecision, SplitDecision)
BY_KIND: dict[Ask, type[Decision]] = {cls.kind: cls for cls in DECISIONS}  # a saved kind's class


__all__ = ["Action", "Decision", "PlayDecision", "DraftDecision", "OrderDecision", "TakeRowDecision", "SpotDecision",
           "SplitDecision", "DECISIONS", "BY_KIND"]
