"""Reading a seat's answer: what ``Game.act`` accepts as cards, a card or a tied place."""

from __future__ import annotations

from typing import Any

from sixnimmt_core.engine.table import Spot


def is_card(x: Any) -> bool:
    """A card number as an answer gives it: an int, not a bool."""
    return isinstance(x, int) and not isinstance(x, bool)


def is_cards(x: Any) -> bool:
    """A list of card numbers (a hand or a row of a given deal)."""
    return isinstance(x, list) and all(is_card(c) for c in x)


def as_cards(action: Any, allow_empty: bool = False) -> tuple[int, ...] | None:
    """One card or a list or tuple of cards, as a tuple; None when it is not that (or empty, unless allowed)."""
    if is_card(action):
        return (action,)
    if isinstance(action, (list, tuple)) and all(is_card(c) for c in action) and (action or allow_empty):
        return tuple(action)
    return None


def as_spot(action: Any, options: tuple[Spot, ...]) -> Spot | None:
    """The tied place among ``options`` an answer names (a ``Spot`` or ``(row, side)``), else None."""
    if isinstance(action, Spot):
        return action if action in options else None
    if isinstance(action, (list, tuple)) and len(action) == 2:
        row, side = action
        for s in options:
            if s.row == row and s.side == side:
                return s
    return None


def cards_text(cards: Any) -> str:
    """Cards as a refusal lists them: "5, 12, 40"."""
    return ", ".join(str(c) for c in cards)  # never empty: a hand, a card missing, a take
