"""The fold: a log's events applied, one by one, to the table a spectator sees (RULES.md §2–3).

One fold of (table, event) for every reader of a log: the narrator's and the stepper's "before"
and "after" (``narrate.frames``), the replay's pictures. It reads events as data, without the
engine, so a walk can go forward and back over any saved game; ``tests/test_properties.py`` checks
on random games of every variant that it ends where the engine ends (rows, hands, piles, penalties).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sixnimmt_core.engine.cards import total_heads
from sixnimmt_core.engine.events import (
    Chose,
    Dealt,
    Drafted,
    Event,
    HandEnded,
    HandStarted,
    LaidOut,
    Marker,
    MatchEnded,
    Placed,
    Played,
    Revealed,
    RowsStarted,
    Sheets,
    Split,
    Took,
)
from sixnimmt_core.engine.shown import html as shown_html
from sixnimmt_core.engine.table import lay


@dataclass
class Table:
    """Everything a spectator of the whole game could see after an event (hands included)."""

    players: int
    rows: list[list[int]] = field(default_factory=list)
    hands: list[list[int]] = field(default_factory=list)
    piles: list[list[int]] = field(default_factory=list)
    penalties: list[int] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    laid: list[list[int]] = field(default_factory=list)  # cards laid this turn, not yet placed
    revealed: bool = False
    draft_table: list[int] = field(default_factory=list)
    hand_no: int = 0
    marker: int | None = None
    over: bool = False

    def __post_init__(self) -> None:
        n = self.players
        self.hands = self.hands or [[] for _ in range(n)]
        self.piles = self.piles or [[] for _ in range(n)]
        self.penalties = self.penalties or [0] * n
        self.totals = self.totals or [0] * n
        self.laid = self.laid or [[] for _ in range(n)]

    def _repr_html_(self) -> str:
        return shown_html(self)

    def copy(self) -> Table:
        return Table(
            self.players, [list(r) for r in self.rows], [list(h) for h in self.hands],
            [list(p) for p in self.piles], list(self.penalties), list(self.totals),
            [list(c) for c in self.laid], self.revealed, list(self.draft_table), self.hand_no,
            self.marker, self.over,
        )

    def apply(self, e: Event) -> None:
        """Change the table as the event says (an event that changes nothing seen: nothing)."""
        step = _APPLY.get(type(e))
        if step is not None:
            step(self, e)

    def starts_turn(self, e: Event) -> bool:
        """Whether ``e`` is the first choice of a turn: nothing is laid, or the cards laid are the last
        turn's, revealed (a face-up choice in Open does not end the turn of the cards laid before it)."""
        return isinstance(e, Chose) and (not any(self.laid) or (self.revealed and not e.open))

    # ---- one method per kind of event that changes the table ----------------------------------------
    def _hand_started(self, e: HandStarted) -> None:
        n = self.players
        self.rows, self.hands = [], [[] for _ in range(n)]
        self.piles, self.penalties = [[] for _ in range(n)], [0] * n
        self.laid, self.hand_no = [[] for _ in range(n)], e.hand

    def _dealt(self, e: Dealt | Sheets) -> None:
        self.hands = [list(h) for h in e.hands]
        self.rows = [list(r) for r in e.rows]

    def _laid_out(self, e: LaidOut) -> None:
        self.draft_table = list(e.cards)

    def _drafted(self, e: Drafted) -> None:
        self.draft_table.remove(e.card)
        self.hands[e.seat].append(e.card)

    def _rows_started(self, e: RowsStarted) -> None:
        self.rows = [list(r) for r in e.rows]
        self.draft_table = []
        for h in self.hands:
            h.sort()

    def _laid_now(self, e: Chose | Played) -> None:
        s = e.seat
        if self.starts_turn(e):
            self.laid = [[] for _ in range(self.players)]
        for c in e.cards:
            self.hands[s].remove(c)
        self.laid[s] = list(e.cards)
        self.revealed = isinstance(e, Played) or e.open

    def _revealed(self, e: Revealed) -> None:
        self.revealed = True

    def _placed(self, e: Placed) -> None:
        owners = e.placed_by
        for seat in owners:
            if e.card in self.laid[seat]:
                self.laid[seat].remove(e.card)
        lay(self.rows, e.card, e.rule, e.row, e.side, len(owners))

    def _took(self, e: Took) -> None:
        s = e.seat
        if e.shared is not None and e.share is not None:  # twins laid together: each pays its share
            self.piles[s].extend(e.cards)
            for seat in e.shared:
                self.penalties[seat] += e.share
        elif not e.split:
            self.piles[s].extend(e.cards)
            self.penalties[s] += e.heads

    def _split(self, e: Split) -> None:
        s = e.seat
        self.hands[s].extend(e.to_hand)
        self.hands[s].sort()
        self.piles[s].extend(e.to_pile)
        self.penalties[s] += total_heads(e.to_pile)

    def _marker(self, e: Marker) -> None:
        self.marker = e.seat

    def _hand_ended(self, e: HandEnded) -> None:
        self.totals = list(e.totals)
        self.penalties = list(e.scores)

    def _match_ended(self, e: MatchEnded) -> None:
        self.over = True


# What each kind of event does to the table; the others (passed, ordered, chose_row, chose_spot)
# change nothing a spectator sees: the placement and the take that follow them do.
_APPLY: dict[type[Event], Callable[[Table, Any], None]] = {
    HandStarted: Table._hand_started,
    Dealt: Table._dealt,
    Sheets: Table._dealt,
    LaidOut: Table._laid_out,
    Drafted: Table._drafted,
    RowsStarted: Table._rows_started,
    Chose: Table._laid_now,
    Played: Table._laid_now,
    Revealed: Table._revealed,
    Placed: Table._placed,
    Took: Table._took,
    Split: Table._split,
    Marker: Table._marker,
    HandEnded: Table._hand_ended,
    MatchEnded: Table._match_ended,
}
