"""Small helpers the engine tests share."""

from __future__ import annotations

from collections import Counter

from sixnimmt_core import Game, dumps
from sixnimmt_core.engine.table import places


def snapshot(game: Game) -> str:
    """Everything observable about a game, to prove an illegal action changed nothing."""
    return repr((dumps(game), game.rows, game.hands, game.piles, game.penalty, game.totals, game.pending,
                 game.chosen, game.over))


def check_invariants(game: Game) -> None:
    """Cards are conserved, no row holds more than five places, penalties match taken heads."""
    assert game.cards_in_play() == Counter(game.deck)
    for row in game.rows:
        assert 1 <= places(row) <= 5, row
        assert row == sorted(row), row


def heads_by_hand(card: int) -> int:
    """RULES.md §1, written out again (the tests' expectation, not the engine's):
    55 → 7; other multiples of 11 → 5; multiples of 10 → 3; other multiples of 5 → 2; all others → 1."""
    if card == 55:
        return 7
    if card % 11 == 0:
        return 5
    if card % 10 == 0:
        return 3
    return 2 if card % 5 == 0 else 1
