"""One exception family for everything a caller can get wrong.

Every error is a ``ValueError`` that names the rule it breaks, and is raised *before* any state
changes, so the game is exactly as it was (python-chess's ``IllegalMoveError`` is the model).
"""

from __future__ import annotations


class SixNimmtError(ValueError):
    """Base of all rule errors; ``rule`` names the rule broken (a key of RULES.md)."""

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.rule = rule


class IllegalAction(SixNimmtError):
    """An answer to a decision that the rules do not allow (a card not in hand, no such row …)."""


class OutOfTurn(IllegalAction):
    """A decision by a seat that is not being asked for one right now."""


class ImpossibleSetup(SixNimmtError):
    """Rules and player count that cannot be dealt (Open with 10 players, Refined with 8 …)."""


class BadOption(ImpossibleSetup):
    """A rule option that does not exist or is out of range (``Rules(choosing="hiden")``)."""


class NoSuchCard(SixNimmtError):
    """A number that is not a card of the deck (cards run from 1 to 104, RULES.md §1)."""


class ImpossibleTable(SixNimmtError):
    """Rows no game can lay out: a wrong row count, an empty or unsorted row, a card twice …"""


class CorruptLog(SixNimmtError):
    """A saved event log that is malformed, tampered with, or does not replay to itself."""
