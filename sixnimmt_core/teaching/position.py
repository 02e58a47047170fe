"""A table set up by hand — the position editor's data: a variant, a player count, the four rows,
the cards played this turn and Player A's hand — checked by the engine's own rules, written as a
short text for a link (``encode``/``decode``), and turned into what the lessons show: this turn
played out (``one_turn_game``), trainer questions (``trainer_questions``) and a game to play on
from it (``play_deal``).

Pure: no widgets. Every refusal is a ``SixNimmtError`` with words in every language (the engine's
own where it has them: rows, cards, players; the catalogue domain ``editor`` for the rest).
"""

from __future__ import annotations

import random
import re
import zlib
from collections import Counter
from dataclasses import dataclass
from typing import Any

from sixnimmt_core.engine.cards import check_card
from sixnimmt_core.engine.errors import (
    ImpossibleTable,
    NoSuchCard,
    Say,
    Seat,
    Shown,
    SixNimmtError,
    Variant,
)
from sixnimmt_core.engine.game import Deal, Game, default_names
from sixnimmt_core.engine.options import Dealing
from sixnimmt_core.engine.rules import ONE_HAND, Rules, find_variant
from sixnimmt_core.engine.table import ROWS, check_rows, most_copies

EDITOR = "editor"  # the catalogue domain of the editor's own words
VERSION = "1"  # the first field of an encoded position; a new layout gets a new version
MAX_LINK = 400  # an encoded position is far shorter (a full table and hand: about 120 characters)
_FIELD = re.compile(r"[0-9]{1,3}")
_TYPED = re.compile(r"[\s,;]+")


class CorruptPosition(SixNimmtError):
    """A link's position text that is not one, or was changed or cut on the way (its check fails)."""


@dataclass(frozen=True)
class Position:
    """A table to discuss: ``variant`` (a name of ``rules.VARIANTS``), ``players``, ``rows`` (four
    rows of cards, lowest first), ``played`` (the cards laid this turn: seat A's, then B's … —
    two each in Refined) and ``hand`` (the rest of Player A's hand, kept lowest first; may be empty).

    Made only when the rules allow it: a refusal (``ImpossibleSetup``, ``ImpossibleTable``,
    ``NoSuchCard``) names what is wrong, and no position exists."""

    variant: str = "base"
    players: int = 4
    rows: tuple[tuple[int, ...], ...] = ()
    played: tuple[int, ...] = ()
    hand: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        rules = find_variant(self.variant)  # ImpossibleSetup: no such variant
        rules.check(self.players)  # ImpossibleSetup: too many players for the variant …
        object.__setattr__(self, "variant", rules.name)
        rows = self.rows
        if not isinstance(rows, (list, tuple)) or len(rows) != ROWS or not all(
                isinstance(r, (list, tuple)) and r for r in rows):
            check_rows(rows, rules.twins)  # raises: not 4 rows, an empty row (the engine's words)
        played = _cards(self.played, Say("card.played", domain="editor"))
        hand = _cards(self.hand, Say("card.hand", domain="editor", seat=_seat(0)))
        places = [(c, Say("place.row", domain="editor", row=i)) for i, r in enumerate(rows, 1) for c in _cards(r, Say("card.of_row", row=i))]
        per_seat = self.per_seat
        places += [(c, Say("place.played.by", domain="editor", seat=_seat(i // per_seat))) for i, c in enumerate(played)]
        places += [(c, Say("place.hand", domain="editor", seat=_seat(0))) for c in hand]
        _check_deck(places, rules, self.players)
        table = check_rows([list(r) for r in rows], rules.twins)  # out of order, a sixth card (rule 3)
        if len(played) > per_seat * self.players:
            raise ImpossibleTable(Say("played.many", domain="editor", count=len(played), n=len(played), players=self.players,
                                       most=per_seat * self.players), "turn")
        if len(played) % per_seat:
            raise ImpossibleTable(Say("played.pairs", domain="editor", variant=Variant(rules.name), per_seat=per_seat,
                                       n=len(played)), "turn")
        room = rules.hand_size - (per_seat if played else 0)
        if len(hand) > room:
            raise ImpossibleTable(Say("hand.size", domain="editor", count=room, seat=_seat(0), most=room, n=len(hand),
                                       size=rules.hand_size), "hand")
        object.__setattr__(self, "rows", tuple(tuple(r) for r in table))
        object.__setattr__(self, "played", played)
        object.__setattr__(self, "hand", tuple(sorted(hand)))  # a hand is held lowest first

    @property
    def rules(self) -> Rules:
        """The variant's rules for a game from this table: one hand; a drafted variant (Logic,
        Tournament) is dealt instead, its hands being set here."""
        rules = find_variant(self.variant)
        if rules.dealing == Dealing.DRAFT:
            return rules.but(dealing=Dealing.SHUFFLE, sheets=False, match_end=ONE_HAND)
        return rules.but(match_end=ONE_HAND)

    @property
    def per_seat(self) -> int:
        """How many cards each seat lays this turn (2 in Refined, else 1)."""
        return find_variant(self.variant).min_cards_per_turn

    @property
    def seats_played(self) -> int:
        """How many seats have laid their cards this turn."""
        return len(self.played) // self.per_seat

    def played_by(self, seat: int) -> tuple[int, ...]:
        """The cards ``seat`` laid this turn (none when it has not)."""
        k = self.per_seat
        return self.played[seat * k:(seat + 1) * k]

    # ---- a link ------------------------------------------------------------------------------
    def encode(self) -> str:
        """The position as a short text for a URL fragment (digits, letters, ``.``, ``-``, ``_``):
        ``1.professional.4.40-41-42-43-44_30-45-60_59_67.5-17-58-62..<check>``."""
        body = ".".join([VERSION, self.variant, str(self.players), "_".join(_joined(r) for r in self.rows),
                         _joined(self.played), _joined(self.hand)])
        return f"{body}.{_check(body)}"

    # ---- what the lessons show ---------------------------------------------------------------
    def one_turn_game(self) -> Game:
        """This turn played out: each seat lays the cards set for it and they are placed by the
        rules; a low card takes the cheapest row, as the rulebook advises.

        :raises ImpossibleTable: not every seat has laid its cards."""
        from sixnimmt_core.players.bots import advance, make_bots

        need = self.per_seat * self.players
        if len(self.played) != need:
            raise ImpossibleTable(Say("played.each", domain="editor", count=need, need=need, players=self.players,
                                       n=len(self.played)), "turn")
        hands = [list(self.played_by(s)) for s in range(self.players)]
        game = Game(self.rules, self.players, deal=Deal(hands, [list(r) for r in self.rows]),
                    names=default_names(self.players))
        return advance(game, make_bots(["cautious"], self.players, 0))

    def trainer_questions(self) -> list[tuple[list[list[int]], int]]:
        """Questions for the row trainer: each card played this turn (else each card of the hand)
        on this table, "where does it go?".

        :raises ImpossibleTable: no card is set to ask about."""
        cards = self.played or self.hand
        if not cards:
            raise ImpossibleTable(Say("no_card", domain="editor"), "turn")
        return [([list(r) for r in self.rows], c) for c in cards]

    def play_deal(self, seed: int | None = None) -> Deal:
        """A deal to play on from this table: each seat holds the cards it laid this turn, Player A
        also the hand set here, and the rest of the deck is shuffled by ``seed`` and dealt until
        every hand holds as many as Player A's (the variant's hand size when no hand is set).

        :raises ImpossibleTable: the deck left over is too small for those hands."""
        size = len(self.hand) + len(self.played_by(0)) if self.hand else self.rules.hand_size
        hands = [list(self.played_by(s)) for s in range(self.players)]
        hands[0] += self.hand
        left = Counter(self.rules.deck_for(self.players))
        left.subtract(c for group in (self.rows, hands) for cards in group for c in cards)
        rest = sorted(left.elements())
        random.Random(seed).shuffle(rest)
        need = sum(size - len(h) for h in hands)
        if need > len(rest):
            raise ImpossibleTable(Say("deal.short", domain="editor", count=len(rest), size=size, players=self.players,
                                       need=need, left=len(rest)), "deal")
        for h in hands:
            take = size - len(h)
            h += rest[:take]
            del rest[:take]
        return Deal([sorted(h) for h in hands], [list(r) for r in self.rows])


def _seat(seat: int) -> Seat:
    return Seat(seat, default_names(seat + 1)[seat])


def _joined(cards: tuple[int, ...]) -> str:
    return "-".join(str(c) for c in cards)


def _check(body: str) -> str:
    """Four characters (base 36) that change when any character of ``body`` does."""
    n = zlib.crc32(body.encode("ascii")) % 36**4
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    return "".join(digits[n // 36**i % 36] for i in (3, 2, 1, 0))


def _cards(cards: Any, what: Say) -> tuple[int, ...]:
    """``cards`` as a tuple of card numbers (NoSuchCard names one that is not a card)."""
    if not isinstance(cards, (list, tuple)):
        raise NoSuchCard(Say("card.range", what=what, lowest=1, highest=104, shown=Shown(cards)), "cards")
    return tuple(check_card(c, what) for c in cards)


def _check_deck(places: list[tuple[int, Say]], rules: Rules, players: int) -> None:
    """Each card is in this variant's deck and lies only where the deck has a copy for it: "24 is
    already in row 2"."""
    deck = Counter(rules.deck_for(players))
    seen: dict[int, list[Say]] = {}
    for card, where in places:
        if card not in deck:
            raise NoSuchCard(Say("not_in_deck", domain="editor", card=card, variant=Variant(rules.name), count=players,
                                  players=players, lowest=min(deck), highest=max(deck)), "cards")
        before = seen.setdefault(card, [])
        if len(before) >= most_copies(card, rules.twins):
            if len(before) == 1:
                raise ImpossibleTable(Say("again", domain="editor", card=card, where=before[0]), "cards")
            if before[0] == before[1]:
                raise ImpossibleTable(Say("again.twins.same", domain="editor", card=card, where=before[0]), "cards")
            raise ImpossibleTable(Say("again.twins", domain="editor", card=card, first=before[0], second=before[1]), "cards")
        before.append(where)


def parse_cards(text: str, what: Say | None = None) -> tuple[int, ...]:
    """Cards typed by a person: numbers apart by spaces or commas ("40 41, 42"); nothing typed is
    no cards.

    :raises NoSuchCard: a word that is not a number, or a number that is not a card."""
    what = what or Say("card.a")
    words = [w for w in _TYPED.split(str(text).strip()) if w]
    for w in words:
        if not (w.isascii() and w.isdigit()) or len(w) > 6:  # "²".isdigit() is true, int() refuses it
            raise NoSuchCard(Say("typed", domain="editor", what=what, text=w[:12]), "cards")
    return tuple(check_card(int(w), what) for w in words)


def decode(text: str) -> Position:
    """The position a link carries (``Position.encode``).

    :raises CorruptPosition: a text that is not one, was changed or was cut;
    :raises ImpossibleSetup, ImpossibleTable, NoSuchCard: a position the rules do not allow."""
    if not isinstance(text, str) or len(text) > MAX_LINK:
        raise CorruptPosition(Say("link.form", domain="editor"), "link")
    parts = text.split(".")
    if len(parts) != 7 or parts[0] != VERSION or not re.fullmatch(r"[a-z]{1,20}", parts[1]):
        raise CorruptPosition(Say("link.form", domain="editor"), "link")
    body, check = ".".join(parts[:6]), parts[6]
    if check != _check(body):
        raise CorruptPosition(Say("link.changed", domain="editor"), "link")
    _, variant, players, rows, played, hand = parts[:6]

    def numbers(field: str) -> tuple[int, ...]:
        cards = field.split("-") if field else []
        if not all(_FIELD.fullmatch(c) for c in cards):
            raise CorruptPosition(Say("link.form", domain="editor"), "link")
        return tuple(int(c) for c in cards)

    if not _FIELD.fullmatch(players):
        raise CorruptPosition(Say("link.form", domain="editor"), "link")
    return Position(variant, int(players), tuple(numbers(r) for r in rows.split("_")), numbers(played),
                    numbers(hand))


def plain_words(error: BaseException, lang: str = "en") -> str:
    """A refusal of a typed table or a link as the editor shows it: the engine's words where they
    are plain already, and where they cite a document or a section ("RULES.md §2", "rule 3") the
    editor's own sentence with the same values that names the rule by its name (the catalogue
    ``editor``, ``plain.<the engine's key>``). The exception keeps the engine's words for the
    command line."""
    says = getattr(error, "says", None)
    if isinstance(says, Say):
        if says.domain != EDITOR:
            try:
                return Say(f"plain.{says.key}", domain=EDITOR, count=says.count, **says.values).words(lang)
            except KeyError:
                pass
        return says.words(lang)
    return Say("plain.other", domain=EDITOR).words(lang)


def example_position(key: str) -> Position:
    """A documents' example as a position (``scenarios.EXAMPLES``): its table, its played cards."""
    from sixnimmt_core.teaching.scenarios import example

    ex = example(key)
    players = max(2, len(ex.played))
    return Position(ex.variant, players, ex.rows, ex.played)


__all__ = ["EDITOR", "CorruptPosition", "Position", "decode", "example_position", "parse_cards", "plain_words"]
