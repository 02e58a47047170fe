"""Cards and their cattle heads (RULES.md §1)."""

from __future__ import annotations

HIGHEST = 104


def heads(card: int) -> int:
    """Penalty points (cattle heads) printed on a card: 55→7, ×11→5, ×10→3, ×5→2, else 1."""
    if card == 55:
        return 7
    if card % 11 == 0:
        return 5
    if card % 10 == 0:
        return 3
    if card % 5 == 0:
        return 2
    return 1
