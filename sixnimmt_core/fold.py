"""The fold: a log's events applied, one by one, to the table a spectator sees (RULES.md §2–3).

One function of (table, event) for every reader of a log: the narrator's and the stepper's "before"
and "after" (``narrate.frames``), the replay's pictures. It reads events as data, without the
engine, so a walk can go forward and back over any saved game; ``tests/test_properties.py`` checks
on random games of every variant that it ends where the engine ends (rows, hands, piles, penalties).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sixnimmt_core.cards import total_heads
from sixnimmt_core.game import Event
from sixnimmt_core.table import lay


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
        from sixnimmt_core.display import table

        return table(self.rows, notes=[f"penalties: {self.penalties}", f"totals: {self.totals}"])

    def copy(self) -> Table:
        return Table(
            self.players, [list(r) for r in self.rows], [list(h) for h in self.hands],
            [list(p) for p in self.piles], list(self.penalties), list(self.totals),
            [list(c) for c in self.laid], self.revealed, list(self.draft_table), self.hand_no,
            self.marker, self.over,
        )

    def apply(self, e: Event) -> None:
        """Change the table as the event says."""
        d, s, kind = e.data, e.seat, e.kind
        if kind == "hand_started":
            n = self.players
            self.rows, self.hands = [], [[] for _ in range(n)]
            self.piles, self.penalties = [[] for _ in range(n)], [0] * n
            self.laid, self.hand_no = [[] for _ in range(n)], d["hand"]
        elif kind in ("dealt", "sheets"):
            self.hands = [list(h) for h in d["hands"]]
            self.rows = [list(r) for r in d["rows"]]
        elif kind == "laid_out":
            self.draft_table = list(d["cards"])
        elif kind == "drafted":
            self.draft_table.remove(d["card"])
            self.hands[s].append(d["card"])
        elif kind == "rows_started":
            self.rows = [list(r) for r in d["rows"]]
            self.draft_table = []
            for h in self.hands:
                h.sort()
        elif kind in ("chose", "played"):
            if self.starts_turn(e):
                self.laid = [[] for _ in range(self.players)]
            for c in d["cards"]:
                self.hands[s].remove(c)
            self.laid[s] = list(d["cards"])
            self.revealed = kind == "played" or bool(d.get("open"))
        elif kind == "revealed":
            self.revealed = True
        elif kind == "placed":
            self._place(e)
        elif kind == "took":
            cards = d["cards"]
            if "shared" in d:
                self.piles[s].extend(cards)
                for seat in d["shared"]:
                    self.penalties[seat] += d["share"]
            elif not d.get("split"):
                self.piles[s].extend(cards)
                self.penalties[s] += d["heads"]
        elif kind == "split":
            self.hands[s].extend(d["to_hand"])
            self.hands[s].sort()
            self.piles[s].extend(d["to_pile"])
            self.penalties[s] += total_heads(d["to_pile"])
        elif kind == "marker":
            self.marker = s
        elif kind == "hand_ended":
            self.totals = list(d["totals"])
            self.penalties = list(d["scores"])
        elif kind == "match_ended":
            self.over = True

    def starts_turn(self, e: Event) -> bool:
        """Whether ``e`` is the first choice of a turn: nothing is laid, or the cards laid are the last
        turn's, revealed (a face-up choice in Open does not end the turn of the cards laid before it)."""
        return e.kind == "chose" and (not any(self.laid) or (self.revealed and not e.data.get("open")))

    def _place(self, e: Event) -> None:
        d = e.data
        card, row, rule = d["card"], d["row"], d["rule"]
        owners = d.get("owners", [e.seat])
        for seat in owners:
            if card in self.laid[seat]:
                self.laid[seat].remove(card)
        lay(self.rows, card, rule, row, d.get("side", "right"), len(owners))
