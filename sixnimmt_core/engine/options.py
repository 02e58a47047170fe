"""The rule options that are a choice among named ways (RULES.md §2–4), as enums: compared as types,
written in a saved game as their strings (``Rules.to_json``). ``rules.Rules`` holds one of each."""

from __future__ import annotations

from enum import StrEnum


class Deck(StrEnum):
    """Which cards are dealt: all 104, or the lowest hand size × players + 4 (Tactics)."""

    FULL = "full"
    TACTICS = "tactics"


class Twins(StrEnum):
    """Copies of a number: none; two full decks (208 cards); one deck plus a second of each eleven (113)."""

    NONE = "none"
    DOUBLE = "double"
    ELEVENS = "elevens"


class Choosing(StrEnum):
    """How cards are laid: all face down at once; face up in seat order (Open); laid and placed at once (Hand)."""

    HIDDEN = "hidden"
    OPEN = "open"
    IMMEDIATE = "immediate"


class Dealing(StrEnum):
    """Shuffled and dealt, or drafted one card at a time from the table (Logic)."""

    SHUFFLE = "shuffle"
    DRAFT = "draft"


class HandEnd(StrEnum):
    """When a hand ends: the cards run out; or after the round in which a hand is empty or a pile too big (Hand)."""

    CARDS_OUT = "cards_out"
    EMPTY_OR_PILE = "empty_or_pile"
