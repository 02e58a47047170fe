"""Cards, cattle heads and decks (RULES.md §1, §3): the one home of the deck range 1–104."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sixnimmt_core.engine.errors import NoSuchCard, Say, Shown

LOWEST = 1
HIGHEST = 104
ELEVENS = (11, 22, 33, 44, 55, 66, 77, 88, 99)


def heads(card: int) -> int:
    """Penalty points (cattle heads) printed on a card: 55→7, ×11→5, ×10→3, ×5→2, else 1.

    :raises NoSuchCard: for a number that is not a card (not an int from 1 to 104)."""
    return _HEADS[check_card(card)]


def heads_by_rule(card: int) -> int:
    """RULES.md §1 as written (``heads`` reads a table built from it once, at import)."""
    if card == 55:
        return 7
    if card % 11 == 0:
        return 5
    if card % 10 == 0:
        return 3
    if card % 5 == 0:
        return 2
    return 1


_HEADS = [0] + [heads_by_rule(c) for c in range(LOWEST, HIGHEST + 1)]


def is_card(x: Any) -> bool:
    """True for a card number: an int (not a bool) from 1 to 104."""
    return isinstance(x, int) and not isinstance(x, bool) and LOWEST <= x <= HIGHEST


def check_card(x: Any, what: str | Say | None = None) -> int:
    """``x`` as a plain int when it is a card number (``what`` says what it is, in words: 'a card').

    :raises NoSuchCard: naming the number and the deck's range (RULES.md §1)."""
    if not is_card(x):
        raise NoSuchCard(Say("card.range", what=Say("card.a") if what is None else what, lowest=LOWEST,
                             highest=HIGHEST, shown=Shown(x)), "cards")
    return int(x)


def short(x: Any) -> str:
    """``repr(x)`` cut to 30 characters; a huge number is never converted to its thousands of digits."""
    return Shown(x).words("en")


def total_heads(cards: Iterable[int]) -> int:
    """Sum of the heads on some cards (cards are not checked: the engine's hot path)."""
    h = _HEADS
    total = 0
    for c in cards:
        total += h[c]
    return total


def full_deck() -> list[int]:
    """The 104 cards, 1 to 104."""
    return list(range(LOWEST, HIGHEST + 1))


TACTICS_EXTRA = 4  # Tactics deals the hands' cards and one more for each of the four rows (RULES.md §3.1)


def tactics_size(players: int, hand_size: int = 10) -> int:
    """How many cards the Tactics deck holds: ``hand_size × players + 4`` (3 players, 10 each: 34)."""
    return hand_size * players + TACTICS_EXTRA


def tactics_deck(players: int, hand_size: int = 10, lowest: int = LOWEST) -> list[int]:
    """Tactics: only the lowest ``tactics_size`` cards (3 players: 1–34)."""
    return list(range(lowest, lowest + tactics_size(players, hand_size)))
