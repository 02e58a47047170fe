"""Reading a seat's answer: what ``Game.act`` accepts as cards, a card or a tied place.

A card, a row and a seat are ``int``s (an ``IntEnum`` too), never a bool (``True == 1``), a float
(``1.0 == 1``) or a text ("12"): an answer of another type is refused, naming the rule, like any other.
"""

from __future__ import annotations

from typing import TypeGuard

from sixnimmt_core.engine.errors import Listed, OutOfTurn, Say, Shown
from sixnimmt_core.engine.table import Spot

ANSWER_WIDTH = 60  # how much of a refused answer a refusal shows (a tied place's Spot, whole)


def is_card(x: object) -> TypeGuard[int]:
    """A card number (a row, a seat) as an answer gives it: an int, not a bool."""
    return isinstance(x, int) and not isinstance(x, bool)


def as_seat(seat: object, players: int) -> int:
    """A seat ``act`` was given that is not a plain int: an int of another class (an ``IntEnum``) as its
    number.

    :raises OutOfTurn: a bool, a float, a text, None …: no seat (``False == 0``, but False is no seat)."""
    if isinstance(seat, int) and not isinstance(seat, bool):
        return int(seat)
    raise OutOfTurn(Say("turn.no_seat", seat=Shown(seat), last=players - 1), "seat")


def is_cards(x: object) -> TypeGuard[list[int]]:
    """A list of card numbers (a hand or a row of a given deal)."""
    return isinstance(x, list) and all(is_card(c) for c in x)


def as_cards(action: object, allow_empty: bool = False) -> tuple[int, ...] | None:
    """One card or a list or tuple of cards, as a tuple; None when it is not that (or empty, unless allowed)."""
    if is_card(action):
        return (action,)
    if isinstance(action, (list, tuple)) and all(is_card(c) for c in action) and (action or allow_empty):
        return tuple(action)
    return None


def as_spot(action: object, options: tuple[Spot, ...]) -> Spot | None:
    """The tied place among ``options`` an answer names (a ``Spot`` or ``(row, side)``), else None.

    The place returned is the engine's own, never the answer: a row given as ``True`` or ``1.0``
    names no place."""
    if isinstance(action, Spot):
        if is_card(action.row):
            for s in options:
                if s == action:
                    return s
        return None
    if isinstance(action, (list, tuple)) and len(action) == 2:
        row, side = action
        if is_card(row):
            for s in options:
                if s.row == row and s.side == side:
                    return s
    return None


def shown(answer: object) -> Shown:
    """A refused answer as a refusal shows it: as given (its ``repr``), cut short."""
    return Shown(answer, ANSWER_WIDTH)


LISTED = 40  # the most cards a refusal lists: a hand at its largest (rules: hand_limit); then "…"


def cards_listed(cards: tuple[int, ...] | list[int]) -> Listed:
    """Cards as a refusal lists them: "5, 12, 40" — the first ``LISTED`` and "…" for the rest, a number
    of a thousand digits said in words. Never empty: a hand, a card missing, a take."""
    said: list[Shown | str] = [Shown(c) for c in cards[:LISTED]]
    return Listed(said + ["…"] if len(cards) > LISTED else said, ", ")
