"""Seeded, narrated games kept as golden transcripts (a test fixture: not part of the package)."""

from __future__ import annotations

from sixnimmt_core.engine.game import Game
from sixnimmt_core.engine.rules import ONE_HAND, find_variant
from sixnimmt_core.players.bots import advance, make_bots
from sixnimmt_core.teaching.narrate import narrate

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


# Saved games (JSON logs) kept byte for byte in tests/golden/logs/: the golden hands above, plus
# games that hold what those do not — a shared Twins take and a low stack, a Professional tie, an
# example's fixed deal, a whole match of several hands. name: (variant, players, seed, bots, one_hand)
SAVED: dict[str, tuple[str, int, int, tuple[str, ...], bool]] = {
    **{name: (*spec, True) for name, spec in GOLDEN.items()},
    "twins-5p-shared": ("twins", 5, 14, ("cautious", "random"), True),
    "professional-4p-tie": ("professional", 4, 10, ("cautious", "random"), True),
    "base-4p-match": ("base", 4, 5, ("cautious", "random"), False),
}
SAVED_EXAMPLES = ("amigo-fig1", "pitfall-2")  # the documents' examples: a fixed deal (given)


def saved_game(name: str) -> Game:
    """A game of ``SAVED`` (played by seeded bots) or an example of ``SAVED_EXAMPLES``, played out."""
    if name in SAVED_EXAMPLES:
        from sixnimmt_core.teaching.scenarios import example

        return example(name).played_game()
    variant, players, seed, bots, one_hand = SAVED[name]
    game = Game(find_variant(variant), players, seed=seed, one_hand=one_hand)
    advance(game, make_bots(list(bots), players, seed))
    return game


def saved_names() -> list[str]:
    return sorted(SAVED) + list(SAVED_EXAMPLES)


if __name__ == "__main__":  # python tests/golden_games.py: rewrite tests/golden/ (then read the diff)
    from pathlib import Path

    from sixnimmt_core.engine.log import dumps

    out = Path(__file__).parent / "golden"
    (out / "logs").mkdir(parents=True, exist_ok=True)
    for name in sorted(GOLDEN):
        (out / f"{name}.txt").write_text(transcript(name), encoding="utf-8")
        print("wrote", name)
    for name in saved_names():
        (out / "logs" / f"{name}.json").write_text(dumps(saved_game(name)) + "\n", encoding="utf-8")
        print("wrote", name)
