"""The documents' examples as named scenarios, shared by the notebooks, the trainer and the tests.

Where a document's picture is lost (the Professional examples, the Amigo figures) the table here
is a *reconstruction* that satisfies every statement of the text; ``reconstructed`` says so.

Each example keeps the document's own words in the document's language (``quote``, ``quote_lang``:
a passage of ``../shared/seeds/``, verbatim; the Amigo rulebook's facts in English, as RULES.md §5
gives them). Its title, source and the quote's translation are in the catalogue ``lessons``
(``example.<key>.title``, ``.source``, ``.text``); ``text`` is the English one: for a seed's
example the English wording of RULES.md, which English lessons show first (teach.example_walk: each
language's lesson shows its own rulebook's words first, the original after). A source names the
rulebook by its language, never by a document's code.
"""

from __future__ import annotations

from dataclasses import dataclass

from sixnimmt_core.engine.cards import HIGHEST, LOWEST
from sixnimmt_core.engine.game import Deal, Game
from sixnimmt_core.engine.rules import ONE_HAND, Rules, find_variant
from sixnimmt_core.words import text


@dataclass(frozen=True)
class Example:
    """A table and the cards played on it, from a source document."""

    key: str
    title: str
    source: str
    rows: tuple[tuple[int, ...], ...]
    played: tuple[int, ...]  # one card per player, seats in order (A, B, C …)
    variant: str = "base"
    text: str = ""  # what the document says happens, in English
    reconstructed: bool = False
    quote: str = ""  # the document's own words, verbatim in its language ("" = ``text``, English)
    quote_lang: str = "en"  # the language of ``quote``

    @property
    def original(self) -> str:
        """The document's own words, in the document's language."""
        return self.quote or self.text

    def title_in(self, lang: str = "en") -> str:
        """The example's title in ``lang``."""
        return text(f"example.{self.key}.title", lang, domain="lessons")

    def source_in(self, lang: str = "en") -> str:
        """Where the example comes from, in ``lang`` ("the Romanian rulebook")."""
        return text(f"example.{self.key}.source", lang, domain="lessons")

    def text_in(self, lang: str = "en") -> str:
        """What the document says, in ``lang``: the quote itself in its own language, else a translation."""
        if lang == self.quote_lang:
            return self.original
        return text(f"example.{self.key}.text", lang, domain="lessons")

    @property
    def rules(self) -> Rules:
        return find_variant(self.variant).but(match_end=ONE_HAND)

    def table(self) -> list[list[int]]:
        return [list(r) for r in self.rows]

    def game(self) -> Game:
        """A one-turn game in which player A, B, … each play their card on this table."""
        players = max(2, len(self.played))
        played = list(self.played) + _spare(self)[: players - len(self.played)]
        return Game(self.rules, players, deal=Deal([[c] for c in played], self.table()))  # seats unnamed


    def played_game(self) -> Game:
        """The one-turn game played out; a low card takes the cheapest row, as the rulebook advises."""
        from sixnimmt_core.players.bots import advance, make_bots

        game = self.game()
        return advance(game, make_bots(["cautious"], game.players, 0))


def _spare(ex: Example) -> list[int]:
    used = {c for r in ex.rows for c in r} | set(ex.played)
    return [c for c in range(HIGHEST, LOWEST - 1, -1) if c not in used]


EXAMPLES: dict[str, Example] = {
    e.key: e
    for e in [
        Example(
            "ends-29", "Card 29 on rows ending 8, 24, 69, 81", "the Romanian rulebook, also the Amigo rulebook",
            ((8,), (24,), (69,), (81,)), (29,),
            text="A card goes at the end of the row whose last card is the highest card still lower than it. "
            "Row ends 8, 24, 69, 81: card 29 goes after 24 (69 and 81 are higher; of 8 and 24, 24 is "
            "closest).",
            quote="Cardul nu poate fi plasat pe rândurile cu 69 sau 81, care sunt mai mari de 29. Prin urmare, trebuie "
            "să alegeți între 8 și 24. 24 este cel mai apropiat număr de 29, 29 trebuie așadar plasat după 24 "
            "(pe același rând)", quote_lang="ro",
        ),
        Example(
            "ends-3", "Card 3 on rows ending 8, 24, 69, 81", "the Romanian rulebook",
            ((8,), (24,), (69,), (81,)), (3,),
            text="Card 3 is lower than every row end: the player chooses any row, takes all its cards "
            "(however few) and the played card starts that row.",
            quote="Dacă cartea de jucat ar fi fost 3 - deci o carte mai mică de 4 prezente - jucătorul ar fi trebuit "
            "să ia cărțile dintr-un rând la alegere și să le pună pe 3 în locul lor.", quote_lang="ro",
        ),
        Example(
            "highest-last", "The row with the highest last card below it", "the Czech encyclopedia article",
            ((5, 12), (17, 20, 33), (40,), (61, 70)), (45,),
            text="A card goes at the end of the row whose last card is the highest card still lower than it.",
            quote="Hráč přiloží kartu do řady, jejíž poslední karta má nižší hodnotu než hodnota hrané karty. "
            "Existuje-li více takových řad, vybere se řada s nejvyšší hodnotou poslední karty.", quote_lang="cs",
        ),
        Example(
            "sixth", "The sixth card takes the row", "the Czech encyclopedia article; the Romanian and Czech rulebooks say the same",
            ((3, 9, 14, 22, 27), (35,), (50, 52), (88,)), (30,),
            text="If that row already holds 5 cards, the player takes those 5 cards as penalty and the "
            "played card starts the row.",
            quote="Pokud hráč přikládá šestou kartu do řady, vezme všechny dosud položené karty z této řady a jeho "
            "karta poslouží jako základ nové řady.", quote_lang="cs",
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
            "pro-1", "Professional, example 1: 5, 17, 58 and 62 are played", "the Slovak rulebook of the variants, Variant 4",
            ((40, 41, 42, 43, 44), (30, 45, 60), (59,), (67,)), (5, 17, 58, 62), variant="professional",
            text="A's 5 goes left of row 2. B's 17 goes left of row 1, as its sixth card: B takes row 1 and "
            "17 stays as its new start. C's 58 goes left of row 3. D's 62 goes right of row 2. "
            "Afterwards, of the cards not on the table, exactly 1, 2, 3, 4, 63 and 64 would have to "
            "take row 2.",
            quote="Hráč A musí svoju kartu 5 položiť do druhého radu vľavo. Hráč B musí položiť 17 do prvého radu "
            "vľavo a berie všetky karty tohto radu, samozrejme bez svojej sedemnástky, tá ostane v strede stola ako "
            "nový začiatok prvého radu. Hráč C priloží 58 k tretiemu radu vľavo. Hráč D priloží 62 k druhému radu "
            "vpravo. … Ak by niekto teraz vyložil niektorú z kariet 1, 2, 3, 4, 63, 64, musel by vziať karty "
            "druhého radu.", quote_lang="sk",
            reconstructed=True,
        ),
        Example(
            "pro-2", "Professional, example 2: 59 and 60 fit nowhere", "the Slovak rulebook of the variants, Variant 4",
            ((21, 34, 61), (58, 63, 77), (9, 70, 88, 96), (45, 102)), (59,), variant="professional",
            text="Of the cards not on this table, exactly 59 and 60 fit no row on either side: a card that "
            "fits nowhere takes any row, as in the base game.",
            quote="Hráč, ktorý by teraz vyložil kartu s číslom 59 alebo 60, nemôže ju priložiť do žiadneho radu, "
            "ani vpravo ani vľavo. To znamená, že musí vziať ľubovoľný celý rad.", quote_lang="sk",
            reconstructed=True,
        ),
    ]
}


def example(key: str) -> Example:
    """An example by key; the keys are listed in ``EXAMPLES``."""
    from sixnimmt_core.engine.errors import ImpossibleSetup, Say

    if key not in EXAMPLES:
        raise ImpossibleSetup(Say("setup.example", name=repr(key), examples=", ".join(EXAMPLES)), "example")
    return EXAMPLES[key]


def trainer_examples(two_sided: bool = False) -> list[tuple[list[list[int]], int]]:
    """(table, card) pairs for the row trainer: every single-card example of that kind."""
    out = []
    for e in EXAMPLES.values():
        if (e.variant == "professional") == two_sided:
            for card in e.played[:1]:
                out.append((e.table(), card))
    return out
