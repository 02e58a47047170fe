"""The special moments of a game — where a rule acts in a way worth showing — and their one set of
★ labels (messages ``special.<key>`` of the engine's catalogue)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sixnimmt_core.engine.events import (
    Chose,
    ChoseRow,
    ChoseSpot,
    Dealt,
    Drafted,
    Event,
    HandStarted,
    Marker,
    MatchEnded,
    Ordered,
    Placed,
    RowsStarted,
    Sheets,
    Split,
    Took,
)
from sixnimmt_core.engine.fold import Table
from sixnimmt_core.engine.options import Choosing, Dealing, Twins
from sixnimmt_core.engine.rules import Rules
from sixnimmt_core.engine.table import (
    LEFT,
    LOW,
    NOWHERE,
    SIXTH,
    TWIN,
    placement,
)
from sixnimmt_core.teaching.narrator import order_change
from sixnimmt_core.words import (
    text,
)


# ---- special moments: the one set of ★ labels ---------------------------------------------------------
@dataclass(frozen=True)
class Special:
    """A moment where a rule acts in a way worth showing: its key (its ★ label is the message
    ``special.<key>`` of the engine's catalogue)."""

    key: str

    @property
    def label(self) -> str:
        """The ★ label in English ('sixth card: the row is taken')."""
        return self.label_in("en")

    def label_in(self, lang: str = "en") -> str:
        """The ★ label in ``lang`` ('šestá karta: řada se bere')."""
        return text("special." + self.key, lang)


SPECIAL: dict[str, Special] = {key: Special(key) for key in (
    "sixth", "low", "stacked_starters", "draft", "rows_started", "sheets", "selections", "left", "left_sixth",
    "tie", "nowhere", "face_up", "marker", "order", "split", "twin", "stack", "shared",
)}
ONCE_PER_HAND = frozenset({"face_up", "marker", "left"})  # shown the first time in a hand only


def base_play(rules: Rules) -> bool:
    """Whether a game is played by the base rules (base, Tactics): then the sixth card and the low
    card are its special moments; a variant's own moments replace them."""
    return (not rules.two_sided and rules.twins == Twins.NONE and rules.choosing == Choosing.HIDDEN
            and rules.cards_per_turn == 1 and rules.dealing == Dealing.SHUFFLE and not rules.keep_taken
            and not rules.sheets)


class Specials:
    """Which events are special moments (keys of ``SPECIAL``), walking a log in order.

    Rare moments are marked each time (a sixth or low card in a base game, a twin, a tie, a row
    taken by a card that fits nowhere, the sheets passed on); frequent ones only when they show
    something: the draft's first pick, a Refined order that changes where a card goes (see
    ``order_change``), a Hand split that keeps cards in hand, and — once per hand — the first card
    laid face up (Open), the marker's first move (Open), the first card put at a left end
    (Professional; a sixth card at a left end is marked every time).
    """

    def __init__(self, rules: Rules) -> None:
        self.rules, self.base = rules, base_play(rules)
        self.seen: set[str] = set()

    def __call__(self, e: Event, before: Table) -> str | None:
        if isinstance(e, HandStarted):
            self.seen.clear()
        moment = _MOMENTS.get(type(e))
        key = moment(self, e, before) if moment is not None else None
        if key in ONCE_PER_HAND:
            if key in self.seen:
                return None
            self.seen.add(key)
        return key

    # ---- one method per kind of event that can be a special moment -------------------------------------
    def _dealt(self, e: Dealt, before: Table) -> str | None:
        return "stacked_starters" if any(len(r) > 1 and r[0] == r[-1] for r in e.rows) else None

    def _drafted(self, e: Drafted, before: Table) -> str | None:
        return None if any(before.hands) else "draft"

    def _rows_started(self, e: RowsStarted, before: Table) -> str | None:
        return "rows_started"

    def _sheets(self, e: Sheets, before: Table) -> str | None:
        return "sheets"

    def _marker(self, e: Marker, before: Table) -> str | None:
        return "marker"

    def _chose(self, e: Chose, before: Table) -> str | None:
        return "face_up" if e.open else None

    def _ordered(self, e: Ordered, before: Table) -> str | None:
        return "order" if order_change(before.rows, e.first, e.second, self.rules.two_sided) else None

    def _split(self, e: Split, before: Table) -> str | None:
        return "split" if e.to_hand else None

    def _chose_spot(self, e: ChoseSpot, before: Table) -> str | None:
        return "tie"

    def _chose_row(self, e: ChoseRow, before: Table) -> str | None:
        rule = placement(e.card, before.rows, two_sided=self.rules.two_sided).rule
        return "nowhere" if rule == NOWHERE else ("low" if rule == LOW and self.base else None)

    def _placed(self, e: Placed, before: Table) -> str | None:
        if e.owners and len(e.owners) > 1:
            return "stack"
        if e.rule == TWIN:
            return "twin"
        if e.side == LEFT:
            return "left_sixth" if e.rule == SIXTH else "left"
        return "sixth" if e.rule == SIXTH and self.base else None

    def _took(self, e: Took, before: Table) -> str | None:
        return "shared" if e.shared is not None else None

    def _match_ended(self, e: MatchEnded, before: Table) -> str | None:
        return "selections" if e.by_selection is not None else None


# Which kinds of event can be special moments, and how each is judged.
_MOMENTS: dict[type[Event], Callable[[Specials, Any, Table], str | None]] = {
    Dealt: Specials._dealt,
    Drafted: Specials._drafted,
    RowsStarted: Specials._rows_started,
    Sheets: Specials._sheets,
    Marker: Specials._marker,
    Chose: Specials._chose,
    Ordered: Specials._ordered,
    Split: Specials._split,
    ChoseSpot: Specials._chose_spot,
    ChoseRow: Specials._chose_row,
    Placed: Specials._placed,
    Took: Specials._took,
    MatchEnded: Specials._match_ended,
}


def label(key: str | None, lang: str = "en") -> str | None:
    """The ★ label of a special moment's key, in ``lang``."""
    return SPECIAL[key].label_in(lang) if key else None


