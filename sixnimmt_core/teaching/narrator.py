"""Each event of a log in words: the :class:`Narrator` says why ("29 goes after 24: 69 and 81 are
higher …") from the table as it stood before the event; a :class:`Frame` holds one event with its
words and the tables around it. :mod:`sixnimmt_core.teaching.narrate` walks a whole log.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sixnimmt_core.engine.cards import total_heads
from sixnimmt_core.engine.events import (
    Chose,
    ChoseRow,
    ChoseSpot,
    Dealt,
    Drafted,
    Event,
    HandEnded,
    HandStarted,
    LaidOut,
    Marker,
    MatchEnded,
    Ordered,
    Passed,
    Placed,
    Played,
    Revealed,
    RowsStarted,
    Sheets,
    Split,
    Took,
)
from sixnimmt_core.engine.fold import Table
from sixnimmt_core.engine.game import default_names
from sixnimmt_core.engine.rules import Rules
from sixnimmt_core.engine.shown import html as shown_html
from sixnimmt_core.engine.table import (
    LEFT,
    LOW,
    NOWHERE,
    SIXTH,
    TIE,
    Placement,
    Side,
    lay,
    placement,
)
from sixnimmt_core.words import (
    count_words,
    heads_words,
    join,
    seat_name,
    spot_words,
    text,
    winners_words,
)


@dataclass(frozen=True)
class Frame:
    """One step of a walk over a log: the event, its words, and the table before and after."""

    index: int
    event: Event
    text: str
    before: Table
    after: Table
    special: str | None = None  # a key of SPECIAL when the event is a special moment
    lang: str = "en"  # the language of ``text``, and of the caption when a notebook shows the step

    def _repr_html_(self) -> str:
        return shown_html(self)


def local_names(names: list[str], lang: str) -> list[str]:
    """The seats' names in ``lang``: a seat no one named ("Player B") gets its name in that language."""
    default = default_names(len(names))
    return [seat_name(i, lang) if name == default[i] else name for i, name in enumerate(names)]


class Narrator:
    """Turns events into sentences, using the table as it stood before each event.

    Each kind of event has one method here (``_SAID``) that picks its message — the event's ``key``,
    or a key beside it such as ``event.placed.low`` — and the values to fill in; ``words.say`` makes
    the sentence. A translation changes the catalogue, never this code."""

    def __init__(self, rules: Rules, players: int, names: list[str] | None = None, lang: str = "en") -> None:
        self.rules, self.players = rules, players
        self.lang = lang
        self.names = local_names(names or default_names(players), lang)

    def name(self, seat: int | None) -> str:
        return self.names[seat] if seat is not None else ""

    def placement(self, e: Placed | ChoseRow | ChoseSpot, before: Table) -> Placement:
        """Rebuild the engine's explanation of a placement from the table before it."""
        return placement(e.card, before.rows, two_sided=self.rules.two_sided)

    def text(self, e: Event, before: Table) -> str:
        """The event in words, with its reason where the table before it gives one."""
        said = _SAID.get(type(e))
        if said is None:  # not a game's event (a lesson's own step says itself)
            return f"{e.kind} {e.data}"
        return said(self, e, before)

    def say(self, key: str, **values: Any) -> str:
        return text(key, self.lang, **values)

    def _count(self, n: int) -> str:
        return count_words(n, self.lang)

    def join(self, items: Any) -> str:
        return join(list(items), self.lang)

    def _names(self, seats: list[int]) -> str:
        return join([self.name(s) for s in seats], self.lang)

    # ---- one method per kind of event ---------------------------------------------------------------
    def _hand_started(self, e: HandStarted, before: Table) -> str:
        return self.say(e.key, hand=e.hand)

    def _dealt(self, e: Dealt, before: Table) -> str:
        if e.given:
            rows = "; ".join(self.say("given.row", row=i + 1, cards=", ".join(map(str, r)))
                             for i, r in enumerate(e.rows))
            hands = "; ".join(self.say("given.hand", name=self.name(seat), cards=", ".join(map(str, h)))
                              for seat, h in enumerate(e.hands))
            return self.say(e.key + ".given", rows=rows, hands=hands)
        text = self.say(e.key, hand_size=len(e.hands[0]), starters=self.join(r[0] for r in e.rows))
        stacked = [r for r in e.rows if len(r) > 1 and r[0] == r[-1]]
        if stacked:
            text += " " + self.say(e.key + ".twins", stacked=self.join("+".join(map(str, r)) for r in stacked))
        return text

    def _laid_out(self, e: LaidOut, before: Table) -> str:
        return text(e.key, self.lang, n=len(e.cards), count=len(e.cards))

    def _drafted(self, e: Drafted, before: Table) -> str:
        key = e.key if any(before.hands) else e.key + ".first"
        return self.say(key, name=self.name(e.seat), card=e.card, hand_size=self.rules.hand_size)

    def _rows_started(self, e: RowsStarted, before: Table) -> str:
        return text(e.key, self.lang, n=len(e.rows), count=len(e.rows), starters=self.join(r[0] for r in e.rows))

    def _sheets(self, e: Sheets, before: Table) -> str:
        who = "; ".join(self.say("sheets.holder", name=self.name(seat), holder=self.name(h))
                        for seat, h in enumerate(e.holders))
        return self.say(e.key, hand=e.hand, who=who)

    def _chose(self, e: Chose, before: Table) -> str:
        if e.open:
            return self.say(e.key + ".open", name=self.name(e.seat), cards=self.join(e.cards))
        return self.say(e.key, name=self.name(e.seat), count_words=self._count(len(e.cards)))

    def _played(self, e: Played, before: Table) -> str:
        them = self.say("pronoun.it" if len(e.cards) == 1 else "pronoun.them")
        return self.say(e.key, name=self.name(e.seat), cards=self.join(e.cards), them=them)

    def _revealed(self, e: Revealed, before: Table) -> str:
        shown = "; ".join(self.say("seat.cards", name=self.name(s), cards=self.join(c)) for s, c in enumerate(e.cards) if c)
        return self.say(e.key + ".refined" if e.refined else e.key, cards=shown)

    def _ordered(self, e: Ordered, before: Table) -> str:
        change = order_change(before.rows, e.first, e.second, self.rules.two_sided)
        if change is None:
            return self.say(e.key, name=self.name(e.seat), first=e.first, second=e.second)
        return self.say(e.key + ".matters", name=self.name(e.seat), first=e.first, second=e.second,
                        card=change.card, instead=_instead(change, self.lang))

    def _passed(self, e: Passed, before: Table) -> str:
        return self.say(e.key, name=self.name(e.seat))

    def _placed(self, e: Placed, before: Table) -> str:
        name = self.name(e.seat)
        if e.rule in (LOW, NOWHERE):
            text = self.say(e.key + ".low", name=name, card=e.card, row=e.row + 1)
        else:
            p = self.placement(e, before)
            if p.rule == TIE:  # the player chose the spot (chose_spot said why)
                spot = spot_words(e.side, _end_of(before.rows[e.row], e.side), e.row + 1, self.lang)
                key = e.key + (".chosen.sixth" if e.rule == SIXTH else ".chosen")
                text = self.say(key, name=name, card=e.card, spot=spot, row=e.row + 1)
            else:
                text = self.say(e.key, name=name, reason=p.reason(self.lang))
        if e.owners and len(e.owners) > 1:
            text = self.say(e.key + ".stack", names=self._names(e.owners), card=e.card, reason=text)
        return text

    def _chose_row(self, e: ChoseRow, before: Table) -> str:
        row = before.rows[e.row]
        return self.say(e.key, name=self.name(e.seat), reason=self.placement(e, before).reason(self.lang),
                        row=e.row + 1, row_cards=self.join(row), heads=heads_words(total_heads(row), self.lang))

    def _chose_spot(self, e: ChoseSpot, before: Table) -> str:
        spot = spot_words(e.side, _end_of(before.rows[e.row], e.side), e.row + 1, self.lang)
        return self.say(e.key, name=self.name(e.seat), reason=self.placement(e, before).reason(self.lang),
                        card=e.card, spot=spot)

    def _took(self, e: Took, before: Table) -> str:
        heads = heads_words(e.heads, self.lang)
        if e.shared is not None:
            return self.say(e.key + ".shared", names=self._names(e.shared), row=e.row + 1, cards=self.join(e.cards),
                            heads=heads, share=e.share)
        return self.say(e.key, name=self.name(e.seat), row=e.row + 1, cards=self.join(e.cards), heads=heads)

    def _split(self, e: Split, before: Table) -> str:
        return self.say(e.key, name=self.name(e.seat), to_hand=self.join(e.to_hand), to_pile=self.join(e.to_pile))

    def _marker(self, e: Marker, before: Table) -> str:
        return self.say(e.key, name=self.name(e.seat))

    def _hand_ended(self, e: HandEnded, before: Table) -> str:
        return self.say(e.key, scores=self._per_seat(e.scores), totals=self._per_seat(e.totals))

    def _match_ended(self, e: MatchEnded, before: Table) -> str:
        win = winners_words(self._names(e.winners), len(e.winners), self.lang)
        text = self.say(e.key, why=e.says(), winners=win)
        if e.by_selection is not None:
            rows = [self.say("selection.row", sheet=self.name(sheet), scores=self._per_seat(r))
                    for sheet, r in enumerate(e.by_selection)]
            text += " " + self.say(e.key + ".selections", table="; ".join(rows))
        return text

    def _per_seat(self, values: list[Any]) -> str:
        return ", ".join(self.say("seat.value", name=self.name(s), value=v) for s, v in enumerate(values))


# How each kind of event is said (a method of Narrator, given the event and the table before it).
_SAID: dict[type[Event], Callable[[Narrator, Any, Table], str]] = {
    HandStarted: Narrator._hand_started,
    Dealt: Narrator._dealt,
    LaidOut: Narrator._laid_out,
    Drafted: Narrator._drafted,
    RowsStarted: Narrator._rows_started,
    Sheets: Narrator._sheets,
    Chose: Narrator._chose,
    Played: Narrator._played,
    Revealed: Narrator._revealed,
    Ordered: Narrator._ordered,
    Passed: Narrator._passed,
    Placed: Narrator._placed,
    ChoseRow: Narrator._chose_row,
    ChoseSpot: Narrator._chose_spot,
    Took: Narrator._took,
    Split: Narrator._split,
    Marker: Narrator._marker,
    HandEnded: Narrator._hand_ended,
    MatchEnded: Narrator._match_ended,
}


def _end_of(row: list[int], side: Side) -> int:
    """The end of ``row`` a card laid at ``side`` goes next to."""
    return row[0] if side == LEFT else row[-1]


# ---- the order of two cards (Refined) --------------------------------------------------------------
def _laid(rows: list[list[int]], card: int, two_sided: bool) -> list[list[int]] | None:
    """The rows after ``card`` is placed, or None when its placement waits for a player's choice."""
    p = placement(card, rows, two_sided=two_sided)
    if p.row is None:  # low card, fits nowhere, a tie: the player chooses
        return None
    after = [list(r) for r in rows]
    lay(after, card, p.rule, p.row, p.side)
    return after


def order_change(rows: list[list[int]], first: int, second: int, two_sided: bool = False) -> Placement | None:
    """Where a card would go if a player placed ``second`` before ``first`` instead — when that
    differs from where it goes in the chosen order; None when the order changes no card's place.

    Only what the table decides is compared: when a card's placement waits for a choice (a low
    card's row, a tie) the other card's place after it is unknown, and that side is not judged.
    """
    def same(a: Placement, b: Placement) -> bool:
        return (a.rule, a.row, a.side) == (b.rule, b.row, b.side)

    after_first = _laid(rows, first, two_sided)
    if after_first is not None:  # the other way round, second goes first, on today's rows
        chosen, other = placement(second, after_first, two_sided=two_sided), placement(second, rows, two_sided=two_sided)
        if not same(chosen, other):
            return other
    after_second = _laid(rows, second, two_sided)
    if after_second is not None:  # the other way round, first goes after second
        chosen, other = placement(first, rows, two_sided=two_sided), placement(first, after_second, two_sided=two_sided)
        if not same(chosen, other):
            return other
    return None


def _instead(p: Placement, lang: str) -> str:
    if p.rule == LOW:
        return text("instead.low", lang)
    if p.rule == NOWHERE:
        return text("instead.nowhere", lang)
    if p.row is None:  # tied places: the player chooses
        return text("instead.choice", lang)
    if p.rule == SIXTH:
        return text("instead.sixth", lang, row=p.row + 1)
    return text("instead.row", lang, row=p.row + 1)


