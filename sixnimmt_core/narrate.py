"""Walk an event log: the table after every event, and each event in words.

The tracker applies events as data (no engine), so a stepper can go forward and back over any
log, and a narration can say *why* ("29 goes after 24: 69 and 81 are higher …") from the table
as it stood before the event.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sixnimmt_core.cards import total_heads
from sixnimmt_core.game import Event, Game, default_names
from sixnimmt_core.rules import Rules
from sixnimmt_core.table import NOWHERE, Placement, Spot, lay, where
from sixnimmt_core.words import heads_words, join, say


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
            if kind == "chose" and not any(self.laid) or self.revealed:
                self.laid = [[] for _ in range(self.players)]
                self.revealed = False
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

    def _place(self, e: Event) -> None:
        d = e.data
        card, row, rule = d["card"], d["row"], d["rule"]
        owners = d.get("owners", [e.seat])
        for seat in owners:
            if card in self.laid[seat]:
                self.laid[seat].remove(card)
        lay(self.rows, card, rule, row, d.get("side", "right"), len(owners))


@dataclass(frozen=True)
class Frame:
    """One step of a walk over a log: the event, its words, and the table before and after."""

    index: int
    event: Event
    text: str
    before: Table
    after: Table

    def _repr_html_(self) -> str:
        from sixnimmt_core.display import table

        return table(self.after.rows, caption=f"Step {self.index + 1}", notes=[self.text])


class Narrator:
    """Turns events into sentences, using the table as it stood before each event."""

    def __init__(self, rules: Rules, players: int, names: list[str] | None = None, lang: str = "en") -> None:
        self.rules, self.players = rules, players
        self.names = names or default_names(players)
        self.lang = lang

    def name(self, seat: int | None) -> str:
        return self.names[seat] if seat is not None else ""

    def placement(self, e: Event, before: Table) -> Placement:
        """Rebuild the engine's explanation of a placement from the table before it."""
        return where(e.data["card"], before.rows, two_sided=self.rules.two_sided)

    def text(self, e: Event, before: Table) -> str:  # noqa: C901 - one branch per event kind
        d, k, lang = e.data, e.kind, self.lang
        name = self.name(e.seat)
        if k == "hand_started":
            return say("event.hand_started", lang, hand=d["hand"])
        if k == "dealt":
            rows = d["rows"]
            text = say("event.dealt", lang, hand_size=len(d["hands"][0]), starters=join([r[0] for r in rows]))
            stacked = [r for r in rows if len(r) > 1 and r[0] == r[-1]]
            if stacked:
                text += " " + say("event.dealt.twins", lang, stacked=join(["+".join(map(str, r)) for r in stacked]))
            return text
        if k == "laid_out":
            return say("event.laid_out", lang, count=len(d["cards"]))
        if k == "drafted":
            return say("event.drafted", lang, name=name, card=d["card"])
        if k == "rows_started":
            return say("event.rows_started", lang, count=len(d["rows"]), starters=join([r[0] for r in d["rows"]]))
        if k == "sheets":
            who = "; ".join(f"{self.name(seat)} plays {self.name(h)}'s" for seat, h in enumerate(d["holders"]))
            return say("event.sheets", lang, hand=d["hand"], who=who)
        if k == "chose":
            if d.get("open"):
                return say("event.chose.open", lang, name=name, cards=join(d["cards"]))
            n = len(d["cards"])
            return say("event.chose", lang, name=name, count_words="a card" if n == 1 else f"{n} cards")
        if k == "played":
            n = len(d["cards"])
            return say("event.played", lang, name=name, cards=join(d["cards"]), them="it" if n == 1 else "them")
        if k == "revealed":
            shown = "; ".join(f"{self.name(s)} {join(c)}" for s, c in enumerate(d["cards"]) if c)
            return say("event.revealed.refined" if d.get("refined") else "event.revealed", lang, cards=shown)
        if k == "ordered":
            return say("event.ordered", lang, name=name, first=d["first"], second=d["second"])
        if k == "passed":
            return say("event.passed", lang, name=name)
        if k == "placed":
            if d["rule"] in ("low", NOWHERE):
                return say("event.placed.low", lang, name=name, card=d["card"], row=d["row"] + 1)
            return f"{name}: {self.placement(e, before).reason(lang)}"
        if k == "chose_row":
            row = before.rows[d["row"]]
            reason = self.placement(e, before).reason(lang)
            return say("event.chose_row", lang, name=name, reason=reason, row=d["row"] + 1, row_cards=join(row),
                       heads=heads_words(total_heads(row), lang))
        if k == "chose_spot":
            return say("event.chose_spot", lang, name=name, card=d["card"], row=d["row"] + 1,
                       side_words=say("side." + d["side"], lang), end=_end_of(before.rows[d["row"]], d["side"]))
        if k == "took":
            if "shared" in d:
                return say("event.took.shared", lang, names=join([self.name(x) for x in d["shared"]]),
                           row=d["row"] + 1, cards=join(d["cards"]), heads=heads_words(d["heads"], lang), share=d["share"])
            return say("event.took", lang, name=name, row=d["row"] + 1, cards=join(d["cards"]),
                       heads=heads_words(d["heads"], lang))
        if k == "split":
            return say("event.split", lang, name=name, to_hand=join(d["to_hand"]), to_pile=join(d["to_pile"]))
        if k == "marker":
            return say("event.marker", lang, name=name)
        if k == "hand_ended":
            return say("event.hand_ended", lang, scores=self._per_seat(d["scores"]), totals=self._per_seat(d["totals"]))
        if k == "match_ended":
            names = [self.name(s) for s in d["winners"]]
            win = say("wins" if len(names) == 1 else "win", lang, names=join(names))
            text = say("event.match_ended", lang, why=d["why"], winners=win)
            if "by_selection" in d:
                rows = [f"{self.name(sheet)}'s cards: " + ", ".join(f"{self.name(seat)} {pts}" for seat, pts in enumerate(r))
                        for sheet, r in enumerate(d["by_selection"])]
                text += " " + say("event.match_ended.selections", lang, table="; ".join(rows))
            return text
        return f"{k} {d}"

    def _per_seat(self, values: list[int]) -> str:
        return ", ".join(f"{self.name(s)} {v}" for s, v in enumerate(values))


def _end_of(row: list[int], side: str) -> int:
    return row[0] if side == "left" else row[-1]


def frames(game_or_log: Game | Any, lang: str = "en") -> list[Frame]:
    """Every event of a game (or a saved log) with its words and the table before and after."""
    if isinstance(game_or_log, Game):
        game = game_or_log
    else:
        from sixnimmt_core.log import replay

        game = replay(game_or_log)
    narrator = Narrator(game.rules, game.players, game.names, lang)
    table = Table(game.players)
    out = []
    for i, e in enumerate(game.log):
        before = table.copy()
        text = narrator.text(e, before)
        table.apply(e)
        out.append(Frame(i, e, text, before, table.copy()))
    return out


def narrate(game: Game, lang: str = "en", skip: tuple[str, ...] = ()) -> list[str]:
    """The game as sentences, one per event (minus the kinds in ``skip``)."""
    return [f.text for f in frames(game, lang) if f.event.kind not in skip]


__all__ = ["Table", "Frame", "Narrator", "frames", "narrate", "Spot"]
