"""Seeded, narrated games kept as golden transcripts (a test fixture: not part of the package)."""

from __future__ import annotations

from sixnimmt_core.bots import advance, make_bots
from sixnimmt_core.game import Game
from sixnimmt_core.narrate import narrate
from sixnimmt_core.rules import ONE_HAND, find_variant

# name: (variant, players, seed, bots)
GOLDEN: dict[str, tuple[str, int, int, tuple[str, ...]]] = {
    "base-4p": ("base", 4, 7, ("cautious", "random")),
    "tactics-3p": ("tactics", 3, 3, ("cautious",)),
    "logic-2p": ("logic", 2, 4, ("cautious", "random")),
    "tournament-3p": ("tournament", 3, 5, ("cautious", "random")),
    "professional-4p": ("professional", 4, 11, ("cautious", "random")),
    "open-4p": ("open", 4, 2, ("cautious", "random")),
    "refined-3p": ("refined", 3, 6, ("cautious", "random")),
    "hand-3p": ("hand", 3, 8, ("cautious", "random")),
    "twins-5p": ("twins", 5, 9, ("cautious", "random")),
}


def golden_game(name: str) -> Game:
    variant, players, seed, bots = GOLDEN[name]
    game = Game(find_variant(variant).but(match_end=ONE_HAND), players, seed=seed)
    advance(game, make_bots(list(bots), players, seed))
    return game


def transcript(name: str) -> str:
    """The game in words, one event a line, headed by how it was made."""
    variant, players, seed, bots = GOLDEN[name]
    head = f"# {variant}, {players} players, seed {seed}, bots {', '.join(bots)}\n"
    return head + "\n".join(narrate(golden_game(name))) + "\n"
