"""Rule options and the eight named variants as presets of them (RULES.md §2–4).

One ``Rules`` object of orthogonal settings drives the engine; a named variant is only a preset
(python-chess keeps variants the same way, as small variations of one board). A combination the
rulebook does not name still plays; one that cannot be dealt is refused by :meth:`Rules.check`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, fields, replace
from enum import StrEnum
from functools import lru_cache
from typing import Any

from sixnimmt_core.engine.cards import HIGHEST, LOWEST, tactics_deck, tactics_size
from sixnimmt_core.engine.errors import WORDS, BadOption, ImpossibleSetup, Say, Shown, Variant
from sixnimmt_core.engine.options import Choosing, Dealing, Deck, HandEnd, Twins
from sixnimmt_core.engine.table import ROWS, most_copies

MIN_PLAYERS, MAX_PLAYERS = 2, 10
MAX_HANDS = 1000  # a match of a fixed number of hands: at most this many (so every match ends)
MAX_LIMIT = 1000  # a match's penalty limit: at most this (171 heads lie in a deck)
MAX_ROUNDS = 60  # Hand variant: the rules set no limit; this edition ends a hand after 60 rounds
MAX_HAND_SIZE = 20
PENALTY_LIMIT = 66  # a match ends when a player has 66 heads or more (RULES.md §2, match end)


def _whole(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


class EndReason(StrEnum):
    """Why a match ended, as a saved game records it (the ``why`` of its ``match_ended``): a code, said
    in a language only when shown (:func:`why_ended`). Each is named after the option of
    :class:`MatchEnd` that ended the match."""

    LIMIT = "limit"  # a total reached the limit (66 or more)
    EXCEEDS = "exceeds"  # a total went over the limit (more than 66)
    HANDS = "hands"  # the match's hands were played (a Tournament: one per player)


def why_ended(reason: EndReason, number: int | None) -> Say:
    """Why a match ended, as a message from its code and number (the limit, or the hands played):
    "a player has 66 or more", "a player has more than 66", "3 hands played"."""
    if reason == EndReason.HANDS:
        return Say("match.why.hands", count=number, domain=WORDS)
    return Say("match.why.exceeds" if reason == EndReason.EXCEEDS else "match.why.limit", domain=WORDS,
               limit=number)


def reaching(totals: Sequence[int], limit: int, exceeds: bool = False) -> list[int]:
    """The seats whose total reaches ``limit`` (is more than it, with ``exceeds``), lowest first."""
    return [s for s, t in enumerate(totals) if (t > limit if exceeds else t >= limit)]


@dataclass(frozen=True)
class MatchEnd:
    """When a match ends: after ``hands`` hands, or once a total reaches (or exceeds) ``limit``.

    :raises BadOption: a limit or a number of hands that is not a whole number from 1 to 1000."""

    limit: int | None = PENALTY_LIMIT
    exceeds: bool = False
    hands: int | None = None

    def __post_init__(self) -> None:
        for what, value, most in (("limit", self.limit, MAX_LIMIT), ("hands", self.hands, MAX_HANDS)):
            if value is not None and not (_whole(value) and 1 <= value <= most):
                raise BadOption(Say("match_end.range", option=Say(f"option.{what}"), most=most, shown=Shown(value)),
                                "match_end")
        if not isinstance(self.exceeds, bool):
            raise BadOption(Say("match_end.flag", option=Say("option.exceeds"), value=repr(self.exceeds)), "match_end")

    def reached(self, totals: Sequence[int]) -> bool:
        """Whether a total ends the match: 66 or more by default; more than the limit with ``exceeds``."""
        limit = self.limit
        if limit is None:
            return False
        if self.exceeds:
            return any(t > limit for t in totals)
        return any(t >= limit for t in totals)

    def reaching(self, totals: Sequence[int]) -> list[int]:
        """The seats whose total ends the match (:meth:`reached`), lowest first; none without a limit."""
        return [] if self.limit is None else reaching(totals, self.limit, self.exceeds)

    def describe(self, lang: str = "en") -> str:
        """When the match ends, in words ("when a player has 66 or more")."""
        if self.hands is not None:
            return Say("match.when.hands", count=self.hands, domain=WORDS).words(lang)
        return Say("match.when.exceeds" if self.exceeds else "match.when.limit", domain=WORDS,
                   limit=self.limit).words(lang)

    def why(self, lang: str = "en") -> str:
        """Why a match ended by its limit, in words ("a player has 66 or more")."""
        return why_ended(EndReason.EXCEEDS if self.exceeds else EndReason.LIMIT, self.limit).words(lang)


ONE_HAND = MatchEnd(limit=None, hands=1)


@lru_cache(maxsize=256)
def _deck(rules: Rules, players: int) -> tuple[int, ...]:
    """``Rules.deck_for``, kept per rules and player count (every game asks for it twice)."""
    return rules._deck_for(players)

_CHOICES: dict[str, type[StrEnum]] = {
    "deck": Deck, "twins": Twins, "choosing": Choosing, "dealing": Dealing, "hand_end": HandEnd,
}
_FLAGS = ("sheets", "two_sided", "keep_taken", "hand_cards_double")


@dataclass(frozen=True)
class Rules:
    """Orthogonal rule options; every named variant is a preset of these.

    Every option is checked when a ``Rules`` is made (``Rules(choosing="hiden")`` raises).

    :raises BadOption: an unknown choice, a value out of range, or options that contradict each other."""

    name: str = "base"
    deck: Deck = Deck.FULL  # full: 1–104; tactics: only the lowest hand_size × players + 4
    twins: Twins = Twins.NONE  # none; double: two full decks (208); elevens: +11, 22 … 99 (113)
    hand_size: int = 10
    choosing: Choosing = Choosing.HIDDEN  # hidden: all at once face down; open: face up in seat order
    #                                        from the start marker; immediate: lay and place at once (Hand)
    cards_per_turn: int = 1  # hidden/open: 1, or 2 (Refined); immediate: the most one may lay
    dealing: Dealing = Dealing.SHUFFLE  # or draft: cards face up, taken one at a time (Logic)
    sheets: bool = False  # Tournament: drafted selections pass left each hand, same rows
    two_sided: bool = False  # Professional: rows grow at both ends
    keep_taken: bool = False  # Hand: taken cards may go to the hand instead of the pile
    hand_limit: int = 16  # with keep_taken: the most cards a hand may hold
    hand_end: HandEnd = HandEnd.CARDS_OUT  # or empty_or_pile: after the round in which a hand is empty
    #                                        or a penalty pile holds more than pile_limit cards (Hand)
    pile_limit: int = 20
    hand_cards_double: bool = False  # Hand: cards left in hand score double
    max_players: int = MAX_PLAYERS
    start_seat: int = 0
    match_end: MatchEnd = field(default_factory=MatchEnd)

    def __post_init__(self) -> None:
        for name, kind in _CHOICES.items():
            value = getattr(self, name)
            try:
                object.__setattr__(self, name, kind(value))
            except (ValueError, TypeError):
                known = ", ".join(k.value for k in kind)
                raise BadOption(Say("options.unknown_choice", variant=Variant(self.name), option=Say(f"option.{name}"),
                                    value=repr(value), known=known), "options") from None
        self._check_options()

    # ---- derived facts -------------------------------------------------------------------
    @property
    def open_marker(self) -> bool:
        """Open choosing uses card 1 as the start marker, so it is out of the deck."""
        return self.choosing == Choosing.OPEN

    @property
    def one_hidden_each(self) -> bool:
        """Every seat lays one hidden card of a single deck a turn and keeps nothing it takes: what
        each seat laid can be read (``Game.shown``, ``search.read_seats``)."""
        return (self.choosing == Choosing.HIDDEN and self.cards_per_turn == 1 and self.twins == Twins.NONE
                and not self.keep_taken)

    @property
    def plain(self) -> bool:
        """That turn laid on one-sided rows: the base game's turn (the engine's fast path)."""
        return self.one_hidden_each and not self.two_sided

    @property
    def min_cards_per_turn(self) -> int:
        return 1 if self.choosing == Choosing.IMMEDIATE else self.cards_per_turn

    def hands_in_match(self, players: int) -> int | None:
        """A fixed number of hands, or None when a penalty limit ends the match."""
        return players if self.sheets else self.match_end.hands

    def match_over(self, players: int, hands_played: int, totals: Sequence[int]) -> bool:
        """Whether the match ends after ``hands_played`` hands with these totals (RULES.md §2, match end)."""
        fixed = self.hands_in_match(players)
        if fixed is not None:
            return hands_played >= fixed
        return self.match_end.reached(totals)

    def match_end_reason(self, players: int) -> tuple[EndReason, int | None]:
        """What ends a match of ``players``, as a saved game records it: the code and its number (the
        hands to play, or the limit)."""
        fixed = self.hands_in_match(players)
        if fixed is not None:
            return EndReason.HANDS, fixed
        return (EndReason.EXCEEDS if self.match_end.exceeds else EndReason.LIMIT), self.match_end.limit

    def match_end_why(self, players: int, lang: str = "en") -> str:
        """Why the match ended, as the narration says it ("a player has 66 or more")."""
        return why_ended(*self.match_end_reason(players)).words(lang)

    def match_end_words(self, players: int, lang: str = "en") -> str:
        """When the match will end, in words ("when a player has 66 or more"; Tournament: its hands)."""
        fixed = self.hands_in_match(players)
        if self.sheets and fixed:
            return Say("match.when.sheets", count=fixed, domain=WORDS).words(lang)
        return self.match_end.describe(lang)

    def hand_over_after_round(self, hands: Sequence[Sequence[int]], piles: Sequence[Sequence[int]],
                              rounds: int) -> bool:
        """Hand variant: the hand ends after a round that leaves a hand empty, or a penalty pile with more
        than ``pile_limit`` cards (RULES.md §3.7), or after ``MAX_ROUNDS`` rounds (a ruling)."""
        if not all(hands):
            return True
        if self.hand_end == HandEnd.EMPTY_OR_PILE and any(len(p) > self.pile_limit for p in piles):
            return True
        return rounds >= MAX_ROUNDS

    def deck_for(self, players: int) -> list[int]:
        """The cards in play for this many players (a multiset: twins appear twice)."""
        return list(_deck(self, players))

    def _deck_for(self, players: int) -> tuple[int, ...]:
        lowest = LOWEST + 1 if self.open_marker else LOWEST
        if self.deck == Deck.TACTICS:
            base = [c for c in tactics_deck(players, self.hand_size, lowest) if c <= HIGHEST]
        else:
            base = list(range(lowest, HIGHEST + 1))
        if self.twins == Twins.NONE:
            return tuple(base)
        return tuple(sorted(c for c in base for _ in range(most_copies(c, self.twins))))

    # ---- checks --------------------------------------------------------------------------
    def check(self, players: int) -> None:
        """Refuse what cannot be dealt to ``players`` (the options were checked when made).

        :raises ImpossibleSetup: naming the rule (players, deck, draft, seat)."""
        if not _whole(players):
            raise ImpossibleSetup(Say("setup.players.whole", value=repr(players)), "players")
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            shown = players if abs(players) < 10**6 else Say("setup.so_many")
            raise ImpossibleSetup(Say("setup.players", lo=MIN_PLAYERS, hi=MAX_PLAYERS, shown=shown), "players")
        if players > self.max_players:
            raise ImpossibleSetup(Say("setup.players.variant", count=self.max_players, variant=Variant(self.name),
                                      most=self.max_players, players=players), "players")
        tactics = tactics_size(players, self.hand_size)
        if self.deck == Deck.TACTICS and tactics > HIGHEST - (1 if self.open_marker else 0):
            raise ImpossibleSetup(Say("setup.tactics", variant=Variant(self.name), players=players,
                                      need=tactics), "deck")
        need = self.hand_size * players + ROWS
        have = len(self.deck_for(players))
        if need > have:
            key = "setup.deal.marker" if self.open_marker else "setup.deal"
            raise ImpossibleSetup(Say(key, variant=Variant(self.name), players=players, size=self.hand_size,
                                      rows=ROWS, need=need, have=have), "deck")
        if self.dealing == Dealing.DRAFT and need != have:
            raise ImpossibleSetup(Say("setup.draft", variant=Variant(self.name), rows=ROWS, have=have,
                                      players=players), "draft")
        if self.start_seat >= players:
            raise ImpossibleSetup(Say("setup.start_seat", seat=self.start_seat + 1, players=players),
                                  "seat")

    def _check_options(self) -> None:
        bad: Say | None = None
        whole = {"hand_size": (1, MAX_HAND_SIZE), "cards_per_turn": (1, 2), "hand_limit": (1, 2 * MAX_HAND_SIZE),
                 "pile_limit": (0, 208), "max_players": (MIN_PLAYERS, MAX_PLAYERS),
                 "start_seat": (0, MAX_PLAYERS - 1)}
        if not isinstance(self.name, str):
            bad = Say("options.name", value=repr(self.name))
        for option, (lo, hi) in whole.items():
            value = getattr(self, option)
            if bad is None and not (_whole(value) and lo <= value <= hi):
                bad = Say("options.range", option=Say(f"option.{option}"), lo=lo, hi=hi, shown=Shown(value))
        for option in _FLAGS:
            if bad is None and not isinstance(getattr(self, option), bool):
                bad = Say("options.flag", option=Say(f"option.{option}"), value=repr(getattr(self, option)))
        if bad:
            pass
        elif not isinstance(self.match_end, MatchEnd):
            bad = Say("options.match_end", value=repr(self.match_end))
        elif self.start_seat >= self.max_players:
            bad = Say("options.start_seat", seat=self.start_seat + 1, most=self.max_players)
        elif self.sheets and self.dealing != Dealing.DRAFT:
            bad = Say("options.sheets")
        elif self.dealing == Dealing.DRAFT and self.twins != Twins.NONE:
            bad = Say("options.draft_twins")
        elif self.hand_cards_double and not self.keep_taken and self.hand_end == HandEnd.CARDS_OUT:
            bad = Say("options.double")
        elif self.keep_taken and self.hand_limit < self.hand_size:
            bad = Say("options.hand_limit", limit=self.hand_limit, size=self.hand_size)
        elif not self.sheets and self.match_end.hands is None and self.match_end.limit is None:
            bad = Say("options.no_end")
        if bad:
            raise BadOption(Say("options.bad", variant=Variant(self.name), bad=bad), "options")

    # ---- (de)serialisation ---------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """Every option as plain JSON values (enums as their strings)."""
        out = asdict(self)
        for name in _CHOICES:
            out[name] = str(out[name])
        return out

    @classmethod
    def from_json(cls, data: object) -> Rules:
        """The rules a saved game names (its ``to_json``): any JSON, refused unless it is that.

        :raises ImpossibleSetup: not an object of options, or an unknown option.
        :raises BadOption: an option with a bad value."""
        if not isinstance(data, dict):
            raise ImpossibleSetup(Say("options.not_object"), "options")
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ImpossibleSetup(Say("options.unknown", names=", ".join(sorted(unknown))), "options")
        data = dict(data)
        if "match_end" in data:
            me = data["match_end"]
            if not isinstance(me, dict) or set(me) - {"limit", "exceeds", "hands"}:
                raise BadOption(Say("options.match_end_object"), "options")
            data["match_end"] = MatchEnd(**me)
        return cls(**data)

    def but(self, **changes: Any) -> Rules:
        """These rules with some options changed (``find_variant('open').but(twins='double')``)."""
        try:
            return replace(self, **changes)
        except TypeError as exc:
            raise BadOption(Say("options.but", why=str(exc)), "options") from None


# ---- the named variants --------------------------------------------------------------------
BASE = Rules()
VARIANTS: dict[str, Rules] = {
    "base": BASE,
    "tactics": Rules(name="tactics", deck=Deck.TACTICS),
    "logic": Rules(name="logic", deck=Deck.TACTICS, dealing=Dealing.DRAFT),
    "tournament": Rules(
        name="tournament", deck=Deck.TACTICS, dealing=Dealing.DRAFT, sheets=True, max_players=5,
        match_end=MatchEnd(limit=None, hands=None),  # as many hands as players: see hands_in_match
    ),
    "professional": Rules(name="professional", two_sided=True),
    "open": Rules(name="open", choosing=Choosing.OPEN),
    "refined": Rules(name="refined", hand_size=14, cards_per_turn=2),
    "hand": Rules(
        name="hand", hand_size=14, choosing=Choosing.IMMEDIATE, cards_per_turn=2, keep_taken=True,
        hand_end=HandEnd.EMPTY_OR_PILE, hand_cards_double=True,
    ),
    "twins": Rules(name="twins", twins=Twins.DOUBLE),
}
ALIASES = {"nifty": "refined", "double": "twins", "pro": "professional", "6nimmt": "base"}

def variant_name(name: str, lang: str = "en") -> str:
    """A variant's name in ``lang`` as its rulebook gives it ("Tactics"; "Taktika", "Tactică"),
    from the catalogue ``lessons`` (docs/glossary/).

    :raises ImpossibleSetup: an unknown variant."""
    return Say(f"variant.{find_variant(name).name}.name", domain="lessons").words(lang)


def variant_summary(name: str, lang: str = "en") -> str:
    """What a variant changes, in one line, in ``lang`` (the catalogue ``lessons``).

    :raises ImpossibleSetup: an unknown variant."""
    return Say(f"variant.{find_variant(name).name}.summary", domain="lessons").words(lang)


def find_variant(name: str) -> Rules:
    """The preset for a variant name (case-insensitive; 'nifty' and 'double' are the rulebook's)."""
    key = str(name).strip().lower()
    key = ALIASES.get(key, key)
    if key not in VARIANTS:
        raise ImpossibleSetup(Say("setup.variant", name=repr(name), variants=", ".join(VARIANTS)), "variant")
    return VARIANTS[key]
