"""The documents' examples as named scenarios, shared by the notebooks, the trainer and the tests.

Where a document's picture is lost (the Professional examples, the Amigo figures) the table here
is a *reconstruction* that satisfies every statement of the text; ``reconstructed`` says so.
"""

from __future__ import annotations

from dataclasses import dataclass

from sixnimmt_core.cards import HIGHEST, LOWEST
from sixnimmt_core.game import Deal, Game
from sixnimmt_core.rules import ONE_HAND, Rules, find_variant


@dataclass(frozen=True)
class Example:
    """A table and the cards played on it, from a source document."""

    key: str
    title: str
    source: str
    rows: tuple[tuple[int, ...], ...]
    played: tuple[int, ...]  # one card per player, seats in order (A, B, C …)
    variant: str = "base"
    text: str = ""  # what the document says happens
    reconstructed: bool = False

    @property
    def rules(self) -> Rules:
        return find_variant(self.variant).but(match_end=ONE_HAND)

    def table(self) -> list[list[int]]:
        return [list(r) for r in self.rows]

    def game(self) -> Game:
        """A one-turn game in which player A, B, … each play their card on this table."""
        players = max(2, len(self.played))
        played = list(self.played) + _spare(self)[: players - len(self.played)]
        names = [f"Player {chr(65 + i)}" for i in range(players)]
        return Game(self.rules, players, deal=Deal([[c] for c in played], self.table()), names=names)


    def played_game(self) -> Game:
        """The one-turn game played out; a low card takes the cheapest row, as the rulebook advises."""
        from sixnimmt_core.bots import advance, make_bots

        game = self.game()
        return advance(game, make_bots(["cautious"], game.players, 0))


def _spare(ex: Example) -> list[int]:
    used = {c for r in ex.rows for c in r} | set(ex.played)
    return [c for c in range(HIGHEST, LOWEST - 1, -1) if c not in used]


EXAMPLES: dict[str, Example] = {
    e.key: e
    for e in [
        Example(
            "ends-29", "Card 29 on rows ending 8, 24, 69, 81", "004 (Romanian), also the Amigo rulebook",
            ((8,), (24,), (69,), (81,)), (29,),
            text="69 and 81 are higher than 29, so it can only go after 8 or 24; 24 is closest, so 29 goes after 24.",
        ),
        Example(
            "ends-3", "Card 3 on rows ending 8, 24, 69, 81", "004 (Romanian)",
            ((8,), (24,), (69,), (81,)), (3,),
            text="3 is lower than all four row ends: its player takes a row of their choice and 3 starts it.",
        ),
        Example(
            "highest-last", "The row with the highest last card below it", "003 (Czech)",
            ((5, 12), (17, 20, 33), (40,), (61, 70)), (45,),
            text="If several rows end lower than the card, the row with the highest last card is chosen: "
            "45 goes after 40, not after 12 or 33.",
        ),
        Example(
            "sixth", "The sixth card takes the row", "003, 004, 000 (all three documents)",
            ((3, 9, 14, 22, 27), (35,), (50, 52), (88,)), (30,),
            text="Row 1 already holds five cards: 30 is its sixth card, so its player takes those five and "
            "30 starts the row.",
        ),
        Example(
            "amigo-fig1", "Rows start 12, 37, 43, 58; cards 14, 15, 44, 61 are played", "Amigo rulebook, Fig. 1/2",
            ((12,), (37,), (43,), (58,)), (14, 15, 44, 61),
            text="14 and 15 can only go after 12 (rule 1, ascending); 44 could go after 12, 37 or 43 but goes "
            "after 43 (rule 2, smallest difference); 61 goes after 58. Rows after: 12 14 15 · 37 · 43 44 · 58 61.",
            reconstructed=True,
        ),
        Example(
            "pitfall-1", "Pitfall 1: a closer full row", "Amigo rulebook",
            ((5,), (20, 23), (30, 41), (35, 37, 38, 40, 42)), (45,),
            text="45 was meant to go after 41 in the third row, but the fourth row ends in 42, which is closer, "
            "and holds five cards: 45 is its sixth card.",
            reconstructed=True,
        ),
        Example(
            "pitfall-2", "Pitfall 2: a low card changes the table first", "Amigo rulebook",
            ((59, 61), (66, 80), (90, 95), (40, 45, 50, 53, 57)), (29, 62),
            text="62 was meant to go after 61 in the first row, but 29 is lower than every row end and is "
            "placed first: its player takes the first row (the cheapest), so 62 now goes after 57 in the "
            "fourth row — as its sixth card.",
            reconstructed=True,
        ),
        Example(
            "pro-1", "Professional, example 1: 5, 17, 58 and 62 are played", "000 (Slovak), Variant 4",
            ((40, 41, 42, 43, 44), (30, 45, 60), (59,), (67,)), (5, 17, 58, 62), variant="professional",
            text="A's 5 goes left of row 2. B's 17 goes left of row 1 as its sixth card: B takes row 1 and 17 "
            "starts it (it takes the place of the 40). C's 58 goes left of row 3. D's 62 goes right of row 2. "
            "Afterwards any of 1, 2, 3, 4, 63 or 64 would have to take row 2.",
            reconstructed=True,
        ),
        Example(
            "pro-2", "Professional, example 2: 59 and 60 fit nowhere", "000 (Slovak), Variant 4",
            ((21, 34, 61), (58, 63, 77), (9, 70, 88, 96), (45, 102)), (59,), variant="professional",
            text="59 and 60 fit no row on either side: every row starts below them and ends above them, so "
            "whoever plays one takes a row of their choice.",
            reconstructed=True,
        ),
    ]
}


def example(key: str) -> Example:
    """An example by key; the keys are listed in ``EXAMPLES``."""
    from sixnimmt_core.errors import ImpossibleSetup

    if key not in EXAMPLES:
        raise ImpossibleSetup(f"no example {key!r}; the examples are: {', '.join(EXAMPLES)}", "example")
    return EXAMPLES[key]


def trainer_examples(two_sided: bool = False) -> list[tuple[list[list[int]], int]]:
    """(table, card) pairs for the row trainer: every single-card example of that kind."""
    out = []
    for e in EXAMPLES.values():
        if (e.variant == "professional") == two_sided:
            for card in e.played[:1]:
                out.append((e.table(), card))
    return out
