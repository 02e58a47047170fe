"""Cards, cattle heads and decks (RULES.md §1, §3)."""

from __future__ import annotations

from collections.abc import Iterable

HIGHEST = 104
ELEVENS = (11, 22, 33, 44, 55, 66, 77, 88, 99)


def heads(card: int) -> int:
    """Penalty points (cattle heads) printed on a card: 55→7, ×11→5, ×10→3, ×5→2, else 1."""
    return _HEADS[card]


def _heads(card: int) -> int:
    if card == 55:
        return 7
    if card % 11 == 0:
        return 5
    if card % 10 == 0:
        return 3
    if card % 5 == 0:
        return 2
    return 1


_HEADS = [0] + [_heads(c) for c in range(1, HIGHEST + 1)]


class Card(int):
    """A card number that draws itself as a card in Jupyter (``Card(55)``)."""

    def _repr_svg_(self) -> str:
        from sixnimmt_core.render import card_svg

        return card_svg(int(self), size="lg")

    def __repr__(self) -> str:
        return f"Card({int(self)})"


def total_heads(cards: Iterable[int]) -> int:
    """Sum of the heads on some cards."""
    h = _HEADS
    total = 0
    for c in cards:
        total += h[c]
    return total


def full_deck() -> list[int]:
    """The 104 cards, 1 to 104."""
    return list(range(1, HIGHEST + 1))


def tactics_deck(players: int, hand_size: int = 10, lowest: int = 1) -> list[int]:
    """Tactics: only the lowest ``hand_size × players + 4`` cards (3 players: 1–34)."""
    return list(range(lowest, lowest + hand_size * players + 4))
