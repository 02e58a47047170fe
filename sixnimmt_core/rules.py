"""Rule options and the eight named variants as presets of them (RULES.md §2–4).

One ``Rules`` object of orthogonal settings drives the engine; a named variant is only a preset
(python-chess keeps variants the same way, as small variations of one board). A combination the
rulebook does not name still plays; one that cannot be dealt is refused by :meth:`Rules.check`.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from sixnimmt_core.cards import ELEVENS, HIGHEST, tactics_deck
from sixnimmt_core.errors import ImpossibleSetup

ROWS = 4
MIN_PLAYERS, MAX_PLAYERS = 2, 10


@dataclass(frozen=True)
class MatchEnd:
    """When a match ends: after ``hands`` hands, or once a total reaches (or exceeds) ``limit``."""

    limit: int | None = 66
    exceeds: bool = False
    hands: int | None = None

    def describe(self) -> str:
        if self.hands is not None:
            return f"after {self.hands} hand{'s' if self.hands != 1 else ''}"
        return f"when a player {'has more than' if self.exceeds else 'has'} {self.limit}{'' if self.exceeds else ' or more'}"


ONE_HAND = MatchEnd(limit=None, hands=1)


@dataclass(frozen=True)
class Rules:
    """Orthogonal rule options; every named variant is a preset of these."""

    name: str = "base"
    deck: str = "full"  # "full": 1–104; "tactics": only the lowest hand_size × players + 4
    twins: str = "none"  # "none"; "double": two full decks (208); "elevens": +11, 22 … 99 (113)
    hand_size: int = 10
    choosing: str = "hidden"  # "hidden": all at once face down; "open": face up in seat order
    #                           from the start marker; "immediate": lay and place at once (Hand)
    cards_per_turn: int = 1  # hidden/open: 1, or 2 (Refined); immediate: the most one may lay
    dealing: str = "shuffle"  # "shuffle", or "draft": cards face up, taken one at a time (Logic)
    sheets: bool = False  # Tournament: drafted selections pass left each hand, same rows
    two_sided: bool = False  # Professional: rows grow at both ends
    keep_taken: bool = False  # Hand: taken cards may go to the hand instead of the pile
    hand_limit: int = 16  # with keep_taken: the most cards a hand may hold
    hand_end: str = "cards_out"  # or "empty_or_pile": after the round in which a hand is empty
    #                              or a penalty pile holds more than pile_limit cards (Hand)
    pile_limit: int = 20
    hand_cards_double: bool = False  # Hand: cards left in hand score double
    max_players: int = MAX_PLAYERS
    start_seat: int = 0
    match_end: MatchEnd = field(default_factory=MatchEnd)

    # ---- derived facts -------------------------------------------------------------------
    @property
    def open_marker(self) -> bool:
        """Open choosing uses card 1 as the start marker, so it is out of the deck."""
        return self.choosing == "open"

    @property
    def min_cards_per_turn(self) -> int:
        return 1 if self.choosing == "immediate" else self.cards_per_turn

    def hands_in_match(self, players: int) -> int | None:
        """A fixed number of hands, or None when a penalty limit ends the match."""
        return players if self.sheets else self.match_end.hands

    def deck_for(self, players: int) -> list[int]:
        """The cards in play for this many players (a multiset: twins appear twice)."""
        lowest = 2 if self.open_marker else 1
        if self.deck == "tactics":
            base = [c for c in tactics_deck(players, self.hand_size, lowest) if c <= HIGHEST]
        else:
            base = list(range(lowest, HIGHEST + 1))
        if self.twins == "double":
            return sorted(base + base)
        if self.twins == "elevens":
            return sorted(base + [c for c in ELEVENS if c in base])
        return base

    # ---- checks --------------------------------------------------------------------------
    def check(self, players: int) -> None:
        """Raise :class:`ImpossibleSetup` if these rules cannot be dealt to ``players``."""
        name = self.name
        if not isinstance(players, int) or isinstance(players, bool):
            raise ImpossibleSetup(f"the number of players must be a whole number, not {players!r}", "players")
        self._check_options()
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ImpossibleSetup(
                f"6 nimmt! is played by 2 to 10 players, not {players} (RULES.md §2)", "players"
            )
        if players > self.max_players:
            raise ImpossibleSetup(
                f"{name} is played by at most {self.max_players} players, not {players} (RULES.md §3)",
                "players",
            )
        if self.deck == "tactics" and self.hand_size * players + ROWS > HIGHEST - (1 if self.open_marker else 0):
            raise ImpossibleSetup(
                f"{name}: a Tactics deck for {players} players would need cards up to "
                f"{self.hand_size * players + ROWS}, more than the deck has", "deck"
            )
        need = self.hand_size * players + ROWS
        have = len(self.deck_for(players))
        if need > have:
            why = " (card 1 is the start marker)" if self.open_marker else ""
            raise ImpossibleSetup(
                f"{name} cannot be dealt to {players} players: {players} hands of {self.hand_size} "
                f"cards and {ROWS} row cards need {need} cards, the deck has {have}{why}",
                "deck",
            )
        if self.dealing == "draft" and need != have:
            raise ImpossibleSetup(
                f"{name}: the draft leaves exactly {ROWS} cards for the rows only when the deck holds "
                f"hand size × players + 4 cards; this deck has {have} for {players} players "
                "(use the Tactics deck)", "draft"
            )
        if self.start_seat >= players:
            raise ImpossibleSetup(f"start seat {self.start_seat + 1} does not exist with {players} players", "seat")

    def _check_options(self) -> None:
        bad = None
        if self.deck not in ("full", "tactics"):
            bad = f"unknown deck {self.deck!r} (full or tactics)"
        elif self.twins not in ("none", "double", "elevens"):
            bad = f"unknown twins option {self.twins!r} (none, double or elevens)"
        elif self.choosing not in ("hidden", "open", "immediate"):
            bad = f"unknown choosing {self.choosing!r} (hidden, open or immediate)"
        elif self.dealing not in ("shuffle", "draft"):
            bad = f"unknown dealing {self.dealing!r} (shuffle or draft)"
        elif self.hand_end not in ("cards_out", "empty_or_pile"):
            bad = f"unknown hand end {self.hand_end!r} (cards_out or empty_or_pile)"
        elif not 1 <= self.cards_per_turn <= 2:
            bad = "a turn lays one or two cards"
        elif not 1 <= self.hand_size <= 20:
            bad = f"a hand of {self.hand_size} cards is not possible"
        elif self.sheets and self.dealing != "draft":
            bad = "Tournament sheets are the drafted selections: sheets need dealing='draft'"
        elif self.dealing == "draft" and self.twins != "none":
            bad = "a draft with twins is not supported: the 4 leftover cards could not be completed"
        elif self.hand_cards_double and not self.keep_taken and self.hand_end == "cards_out":
            bad = "hand cards score double only when hands can hold cards at the end (Hand variant)"
        elif not self.sheets and self.match_end.hands is None and self.match_end.limit is None:
            bad = "a match needs a penalty limit or a number of hands"
        if bad:
            raise ImpossibleSetup(f"{self.name}: {bad}", "options")

    # ---- (de)serialisation ---------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Rules:
        if not isinstance(data, dict):
            raise ImpossibleSetup("rules must be an object of options", "options")
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ImpossibleSetup(f"unknown rule options: {', '.join(sorted(unknown))}", "options")
        data = dict(data)
        if "match_end" in data:
            me = data["match_end"]
            if not isinstance(me, dict) or set(me) - {"limit", "exceeds", "hands"}:
                raise ImpossibleSetup("match_end must be an object with limit, exceeds, hands", "options")
            data["match_end"] = MatchEnd(**me)
        try:
            rules = cls(**data)
        except TypeError as exc:
            raise ImpossibleSetup(f"bad rule options: {exc}", "options") from None
        rules._check_options()
        return rules

    def but(self, **changes: Any) -> Rules:
        """These rules with some options changed (``find_variant('open').but(twins='double')``)."""
        try:
            return replace(self, **changes)
        except TypeError as exc:
            raise ImpossibleSetup(f"bad rule options: {exc}", "options") from None


# ---- the named variants --------------------------------------------------------------------
BASE = Rules()
VARIANTS: dict[str, Rules] = {
    "base": BASE,
    "tactics": Rules(name="tactics", deck="tactics"),
    "logic": Rules(name="logic", deck="tactics", dealing="draft"),
    "tournament": Rules(
        name="tournament", deck="tactics", dealing="draft", sheets=True, max_players=5,
        match_end=MatchEnd(limit=None, hands=None),  # as many hands as players: see hands_in_match
    ),
    "professional": Rules(name="professional", two_sided=True),
    "open": Rules(name="open", choosing="open"),
    "refined": Rules(name="refined", hand_size=14, cards_per_turn=2),
    "hand": Rules(
        name="hand", hand_size=14, choosing="immediate", cards_per_turn=2, keep_taken=True,
        hand_end="empty_or_pile", hand_cards_double=True,
    ),
    "twins": Rules(name="twins", twins="double"),
}
ALIASES = {"nifty": "refined", "double": "twins", "pro": "professional", "6nimmt": "base"}

DESCRIPTIONS = {
    "base": "All 104 cards, 10 each, hidden choice, lowest card placed first.",
    "tactics": "Only cards 1 … 10 × players + 4: every card in play is known.",
    "logic": "Tactics deck laid face up; players draft their 10 cards one at a time; 4 left start the rows.",
    "tournament": "Logic draft once; selections pass left each hand until everyone played each; totals.",
    "professional": "Rows grow at both ends; nearest difference wins; sixth card at either end.",
    "open": "Card 1 is the start marker; cards are laid face up in seat order; the marker moves left.",
    "refined": "14 cards, two per turn; the lowest card's owner places both, in an order they choose.",
    "hand": "14 cards; lay one or two and place them at once; taken cards may go to your hand (max 16).",
    "twins": "Two decks: twins stack, a twin lands on its twin at a row end, shared takes split heads.",
}


def find_variant(name: str) -> Rules:
    """The preset for a variant name (case-insensitive; 'nifty' and 'double' are the rulebook's)."""
    key = str(name).strip().lower()
    key = ALIASES.get(key, key)
    if key not in VARIANTS:
        raise ImpossibleSetup(
            f"unknown variant {name!r}; the variants are: {', '.join(VARIANTS)}", "variant"
        )
    return VARIANTS[key]
