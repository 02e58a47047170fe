"""Where a card goes, as pure functions that return the reason, not just a row (RULES.md §2, §3.4).

Rows are lists of cards, lowest first. In Twins a row may hold the same number twice (a stack):
it fills one place, so a row's length in *places* is the count of distinct numbers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from sixnimmt_core.engine.cards import ELEVENS, check_card, heads, total_heads
from sixnimmt_core.engine.errors import WORDS, ImpossibleTable, Listed, Say, Shown
from sixnimmt_core.engine.options import Twins
from sixnimmt_core.engine.shown import html as shown_html

_DOUBLE, _ELEVENS = Twins.DOUBLE, Twins.ELEVENS  # read per card: module names, not the enum class
ROWS = 4  # the table has four rows (RULES.md §2)
FULL_ROW = 5  # a row holds five places; the sixth card takes it (rule 3)



class Code(StrEnum):
    """A code a saved game writes as its text (``"closest"``): compared as a member, never as a text,
    and shown as its text too (``repr``), so an explanation, a refusal or a saved event reads as it did
    when the codes were texts."""

    __repr__ = str.__repr__


class Rule(Code):
    """The rule that places a card (a placement's ``rule``; a saved ``placed``'s ``rule`` and a saved
    ``took``'s ``why``). The Amigo rulebook's numbers are in brackets in the words."""

    CLOSEST = "closest"  # rule 1 and 2: after the highest row end still below the card
    SIXTH = "sixth"  # rule 3: that row already has five places
    LOW = "low"  # rule 4: below every row end: the player chooses a row to take
    NOWHERE = "nowhere"  # Professional: fits no row on either side: take a row, as rule 4
    TWIN = "twin"  # Twins: the twin of a row's end card is laid on it
    TIE = "tie"  # Professional: equally near on both sides: the player chooses (a ruling)


class Side(Code):
    """The end of a row a card is laid at (Professional's rows grow at both)."""

    RIGHT = "right"  # after a lower end (every row of the other variants)
    LEFT = "left"  # before a higher left end


class Wrong(Code):
    """Why a card may not go at a row's end (``Placement.wrong_place``; the message ``why_not.<code>``)."""

    HIGHER = "higher"  # the row's right end is above the card (rule 1)
    LOWER = "lower"  # the row's left end is below it (Professional)
    FARTHER = "farther"  # the card fits there, but another place is nearer (rule 2)


# module-level names: the engine reads them per card, and Rule.X goes through the enum's class machinery
CLOSEST, SIXTH, LOW, NOWHERE, TWIN, TIE = Rule
RIGHT, LEFT = Side


def places(row: Sequence[int]) -> int:
    """How many places a row fills (twins stacked on each other fill one)."""
    n = len(row)
    for i in range(1, n):
        if row[i] == row[i - 1]:
            n -= 1
    return n


def is_full(row: Sequence[int]) -> bool:
    """Rule 3: a row of five places is full, so the next card laid on it is its sixth card."""
    return places(row) >= FULL_ROW


def onto(row: Sequence[int]) -> Rule:
    """The rule for a card laid at an end of ``row``: SIXTH when the row is full, else CLOSEST."""
    return SIXTH if places(row) >= FULL_ROW else CLOSEST


def most_copies(card: int, twins: str) -> int:
    """How many copies of ``card`` the deck holds: 1; 2 with two decks; 2 of the elevens with 113 cards."""
    if twins == _DOUBLE or (twins == _ELEVENS and card in ELEVENS):
        return 2
    return 1


def check_rows(rows: Any, twins: str = "none", card: Any = None) -> list[list[int]]:
    """``rows`` as lists, when a game could lay them out; with ``card``, also one that could be played.

    :raises ImpossibleTable: not 4 rows, an empty row, a row not in ascending order or over 5
        places, a card more often than the deck holds it (``twins`` says how often: RULES.md §3.8).
    :raises NoSuchCard: a number that is not a card."""
    if not isinstance(rows, (list, tuple)) or len(rows) != ROWS:
        count = len(rows) if isinstance(rows, (list, tuple)) else Shown(rows)
        raise ImpossibleTable(Say("table.rows", rows=ROWS, got=count), "rows")
    out: list[list[int]] = []
    for i, row in enumerate(rows, 1):
        if not isinstance(row, (list, tuple)) or not row:
            raise ImpossibleTable(Say("table.empty", row=i), "rows")
        cards = [check_card(c, Say("card.of_row", row=i)) for c in row]
        if cards != sorted(cards):
            raise ImpossibleTable(Say("table.unsorted", row=i, cards=Listed(cards, ", ")), "rows")
        if places(cards) > FULL_ROW:
            raise ImpossibleTable(Say("table.too_long", row=i, cards=Listed(cards, ", "), places=places(cards),
                                      most=FULL_ROW), "rows")
        out.append(cards)
    counts = Counter(c for r in out for c in r)
    if card is not None:
        counts[check_card(card)] += 1
    for c, n in sorted(counts.items()):
        most = most_copies(c, twins)
        if n > most:
            lying = n - (c == card)  # copies already on the table: 2 or more, else n <= most
            times = Say("times.twice") if lying == 2 else Say("times", count=lying)
            what = Say("table.card.on_table", card=c) if c == card else Say("table.card.lies", card=c, times=times)
            if c == card and most > 1:
                what = Say("table.card.already_lies", card=c, times=times)
            deck = Say("table.deck.one", card=c) if most == 1 else Say("table.deck.two", card=c)
            key = "table.copies.twins" if twins != Twins.NONE else "table.copies"
            raise ImpossibleTable(Say(key, what=what, deck=deck), "cards")
    return out


@dataclass(frozen=True)
class Spot:
    """One place a card could go: a row and a side, next to the card ``end``."""

    row: int
    side: Side  # RIGHT (after a lower end) or LEFT (before a higher left end)
    end: int
    diff: int

    def to_json(self) -> dict[str, Any]:
        return {"row": self.row + 1, "side": self.side, "end": self.end, "difference": self.diff}

    def says_diff(self) -> Say:
        """'after 62 in row 2 (3 away)': the place and how far the card is from its end."""
        return _said("spot.diff", side=_said("side." + self.side), end=self.end, row=self.row + 1, diff=self.diff)


def spot_says(side: Side, end: int, row: int) -> Say:
    """'after 62 in row 2', 'before 80, at the left end of row 1' (``row`` counted from 1), as a message."""
    return _said("spot." + side, end=end, row=row)


def _said(key: str, **values: Any) -> Say:
    """A message of the domain the table's explanations live in (``sixnimmt``)."""
    return Say(key, domain=WORDS, **values)


@dataclass(frozen=True)
class Placement:
    """Where a card goes and why: the data behind "29 goes after 24: 69 and 81 are higher …"."""

    card: int
    rule: Rule
    row: int | None  # index from 0; None when the player must choose (low card, nowhere, tie)
    side: Side = RIGHT
    ends: tuple[Any, ...] = ()  # the row ends looked at: ints, or (left, right) pairs if two-sided
    candidates: tuple[Spot, ...] = ()
    tied: tuple[Spot, ...] = ()
    two_sided: bool = False
    rows: tuple[tuple[int, ...], ...] = field(default=(), compare=False, repr=False)

    @property
    def takes(self) -> bool:
        """True when placing the card makes its player take a row by itself (a sixth card)."""
        return self.rule == SIXTH

    @property
    def low(self) -> bool:
        """True when the player must choose a row to take (below every end, or fits nowhere)."""
        return self.rule in (LOW, NOWHERE)

    @property
    def choice_needed(self) -> bool:
        return self.row is None

    def allows(self, row: int, side: Side = RIGHT) -> bool:
        """Whether the rules put the card at the end ``side`` of ``row`` (any tied place; never a
        low card or one that fits nowhere, whose player takes a row instead)."""
        if self.row is None:  # only a tie has tied places; a low card or one that fits nowhere has none
            return any(s.row == row and s.side == side for s in self.tied)
        return self.row == row and self.side == side

    def wrong_place(self, row: int, side: Side = RIGHT) -> tuple[Wrong, int] | None:
        """Why the card may not go next to the ``side`` end of ``row``: (HIGHER, end) a right end
        above the card (rule 1), (LOWER, end) a left end below it (Professional), (FARTHER, end)
        a place the card fits but another is closer (rule 2); None when it may go there or the row
        needs no reason (its twin, a low card)."""
        if self.allows(row, side) or not self.rows:
            return None
        cells = self.rows[row]
        end = cells[0] if side == LEFT else cells[-1]
        if side == RIGHT and end > self.card:
            return Wrong.HIGHER, end
        if side == LEFT and end < self.card:
            return Wrong.LOWER, end
        if end == self.card:  # its twin (a low card's ends are all higher: answered above)
            return None
        return Wrong.FARTHER, end

    def reason(self, lang: str = "en") -> str:
        """Why the card goes where it goes, in ``lang`` ("29 goes after 24 in row 2: …")."""
        return self.says().words(lang)

    def says(self) -> Say:
        """Why the card goes where it goes, as a message (domain ``sixnimmt``): data, not words."""
        if self.two_sided:
            return self._says_two_sided()
        if self.row is None:  # a low card: on one-sided rows the only placement without a row
            return _said("place.low", card=self.card, ends=Listed(self.ends))
        row = self.row + 1
        if self.rule == TWIN:
            return _said("place.twin", card=self.card, row=row)
        end = self.ends[self.row]
        if self.rule == SIXTH:
            return _said("place.sixth", card=self.card, end=end, row=row)
        higher = sorted(e for e in self.ends if e > self.card)
        lower = sorted(e for e in self.ends if e < self.card)
        if len(lower) == 1:
            return _said("place.closest.only", card=self.card, end=end, row=row)
        higher_words = (Say("why.higher", count=len(higher), domain=WORDS, higher=Listed(higher), card=self.card)
                        if higher else "")
        why = _said("why.closest", higher_words=higher_words, lower=Listed(lower), card=self.card, end=end)
        return _said("place.closest", card=self.card, end=end, row=row, why=why)

    def _says_two_sided(self) -> Say:
        if self.row is None:  # the player chooses: a card that fits nowhere, or tied places
            if self.rule == TIE:
                return _said("place.two.tie", card=self.card, tied=Listed(s.says_diff() for s in self.tied))
            return _said("place.two.nowhere", card=self.card)
        row = self.row + 1
        if self.rule == TWIN:
            return _said("place.twin", card=self.card, row=row)
        chosen = next(s for s in self.candidates if s.row == self.row and s.side == self.side)
        others = [s for s in self.candidates if s is not chosen]
        why = _said("why.two.nearest", others=Listed(s.says_diff() for s in others)) if others else ""
        key = "place.two.sixth" if self.rule == SIXTH else "place.two.closest"
        return _said(key, card=self.card, spot=spot_says(self.side, chosen.end, row), diff=chosen.diff, why=why,
                     row=row)

    def why_not(self, row: int, side: Side = RIGHT) -> Say | None:
        """Why a place is wrong, as a message ("69 is higher than 29"), or None when it is allowed."""
        wrong = self.wrong_place(row, side)
        if wrong is None:
            return None
        key, end = wrong
        return _said("why_not." + key, card=self.card, end=end, diff=abs(self.card - end))

    def _repr_html_(self) -> str:
        return shown_html(self)

    def to_json(self) -> dict[str, Any]:
        """As data, rows counted from 1 as people count them."""
        out: dict[str, Any] = {
            "card": self.card,
            "row": None if self.row is None else self.row + 1,
            "takes": self.takes,
            "low": self.low,
            "rule": self.rule,
            "reason": self.reason(),
            "candidates": [s.to_json() for s in self.candidates],
        }
        if self.two_sided:
            out["side"] = None if self.row is None else self.side
            out["fits_nowhere"] = self.rule == NOWHERE
            out["tied"] = [s.to_json() for s in self.tied]
        return out


# ---- each rule once, on plain ints (issue 34): the game, the bots, the Coach and the play-out cores ask these

def nearest_spots(card: int, rows: Sequence[Sequence[int]]) -> tuple[list[tuple[int, Side]], int]:
    """Professional (RULES.md §3.4): the nearest places (row, side) for ``card`` and their distance; two or
    more places: a tie; none (distance 999): it fits nowhere; distance 0: the end it equals, its twin."""
    best: list[tuple[int, Side]] = []
    near = 999
    for i, r in enumerate(rows):
        right = r[-1]
        if right <= card:
            d = card - right
            if d < near:
                near, best = d, [(i, RIGHT)]
            elif d == near:
                best.append((i, RIGHT))
        left = r[0]
        if left > card or left == card != right:
            d = left - card
            if d < near:
                near, best = d, [(i, LEFT)]
            elif d == near:
                best.append((i, LEFT))
    return best, near


def closest_lower(card: int, rows: Sequence[Sequence[int]]) -> tuple[int, int]:
    """Rules 1 and 2: the row whose end is the highest still below ``card``, and that end.

    (-1, 0) when every row end is higher (rule 4, a low card)."""
    best = -1
    best_end = 0
    for i, row in enumerate(rows):
        end = row[-1]
        if best_end < end < card:
            best, best_end = i, end
    return best, best_end


def locate(card: int, rows: Sequence[Sequence[int]], two_sided: bool = False) -> tuple[Rule, int, Side]:
    """The placement rule (RULES.md §2, §3.4, §3.8): (rule, row, side) for ``card`` on ``rows``; row -1
    when its player chooses (LOW, NOWHERE, TIE). A twin lands on its twin at a row's end; a full row's
    next card is its sixth (SIXTH); else CLOSEST."""
    if two_sided:
        near, gap = nearest_spots(card, rows)
        if len(near) != 1:
            return (TIE if near else NOWHERE), -1, RIGHT
        i, side = near[0]
        if not gap:
            return TWIN, i, side
        row = rows[i]
        return (onto(row) if len(row) >= FULL_ROW else CLOSEST), i, side
    for i, row in enumerate(rows):
        if row[-1] == card:
            return TWIN, i, RIGHT
    best, _end = closest_lower(card, rows)
    if best < 0:
        return LOW, -1, RIGHT
    row = rows[best]
    if len(row) >= FULL_ROW:  # places() only matters for a row this long
        return onto(row), best, RIGHT
    return CLOSEST, best, RIGHT


def cheapest(row_heads: Sequence[int], cards: Sequence[int], at: Sequence[int] | None = None) -> int:
    """The cheapest row, given each row's heads and ``cards`` (and place ``at`` the table, when the rows
    are in another order): the fewest heads, then the fewest cards, then the first at the table."""
    place = range(len(row_heads)) if at is None else at
    return min(range(len(row_heads)), key=lambda i: (row_heads[i], cards[i], place[i]))


def cheapest_row(rows: Sequence[Sequence[int]]) -> int:
    """The row with the fewest heads (fewest cards on a tie): the usual advice for a low card."""
    return cheapest([total_heads(r) for r in rows], [len(r) for r in rows])


LOW_RISK = 0.25  # a low card's risk: the cheapest row's heads and this
CHOICE_RISK = 0.1  # a twin on its twin, or a tie's card (its player picks the place): nearly safe


def row_risk(fill: int, row_heads: int, card_heads: int, gap: int) -> float:
    """The risk of a row: the cautious bot's guess of the heads a card of ``card_heads`` costs laid ``gap``
    past the end of a row of ``fill`` places and ``row_heads`` heads (its sixth card: all of them, + 0.5)."""
    if fill >= FULL_ROW:
        return row_heads + 0.5
    return (fill / FULL_ROW) ** 3 * (gap if gap < 20 else 20) / 20 * (row_heads + card_heads) + gap / 1000


def card_risk(card: int, rows: Sequence[Sequence[int]], two_sided: bool = False) -> float:
    """The cautious bot's quick guess of the heads ``card`` costs if laid now: where it goes
    (``locate``), the risk of that row (``row_risk``); a low card the cheapest row's heads + LOW_RISK."""
    rule, row, _ = locate(card, rows, two_sided)
    if rule is LOW or rule is NOWHERE:
        return total_heads(rows[cheapest_row(rows)]) + LOW_RISK
    if rule is TWIN or rule is TIE:
        return CHOICE_RISK
    target = rows[row]
    gap = card - target[-1] if card > target[-1] else target[0] - card
    return row_risk(places(target), total_heads(target), heads(card), gap)


def where(card: int, rows: list[list[int]], two_sided: bool = False, *, twins: str = "none") -> Placement:
    """Where ``card`` goes on a table of ``rows``, with every candidate and the rule applied.

    ``twins`` is the deck's twins option ("none", "double", "elevens"): how often a number may appear.

    :raises NoSuchCard: ``card`` or a card on the rows is not a card from 1 to 104.
    :raises ImpossibleTable: rows no game can reach (see :func:`check_rows`), or ``card`` already on
        the table as often as the deck holds it."""
    card = check_card(card)
    return placement(card, check_rows(rows, twins, card), two_sided)


def placement(card: int, rows: list[list[int]], two_sided: bool = False) -> Placement:
    """:func:`where` for a table the engine itself holds (not checked again)."""
    return replace(_where(card, rows, two_sided), rows=tuple(tuple(r) for r in rows))


def _where(card: int, rows: list[list[int]], two_sided: bool) -> Placement:
    """The placement ``locate`` gives, with the ends and places looked at (the explanation's data)."""
    rule, row, side = locate(card, rows, two_sided)
    if two_sided:
        return _where_two_sided(card, rows, rule, row, side)
    ends = tuple(r[-1] for r in rows)
    if row < 0:
        return Placement(card, rule, None, RIGHT, ends)
    if rule is TWIN:
        return Placement(card, TWIN, row, RIGHT, ends)
    candidates = tuple(Spot(i, RIGHT, e, card - e) for i, e in enumerate(ends) if e < card)
    return Placement(card, rule, row, RIGHT, ends, candidates)


def _where_two_sided(card: int, rows: list[list[int]], rule: Rule, row: int, side: Side) -> Placement:
    ends = tuple((r[0], r[-1]) for r in rows)
    if rule is TWIN:
        return Placement(card, TWIN, row, side, ends, two_sided=True)
    if rule is NOWHERE:
        return Placement(card, NOWHERE, None, RIGHT, ends, two_sided=True)
    spots = []
    for i, (left, right) in enumerate(ends):
        if right < card:
            spots.append(Spot(i, RIGHT, right, card - right))
        if left > card:
            spots.append(Spot(i, LEFT, left, left - card))
    if rule is TIE:
        near, _ = nearest_spots(card, rows)
        tied = tuple(s for s in spots if (s.row, s.side) in near)
        return Placement(card, TIE, None, RIGHT, ends, tuple(spots), tied, two_sided=True)
    return Placement(card, rule, row, side, ends, tuple(spots), two_sided=True)


def lay(rows: list[list[int]], card: int, rule: Rule, row: int, side: Side = RIGHT, count: int = 1) -> list[int]:
    """Put ``card`` (``count`` copies: a twins stack) on ``rows`` as the placement says.

    Returns the cards the player takes (a sixth card, a low card, fits nowhere), else []."""
    stack = [card] * count
    target = rows[row]
    if rule in (SIXTH, LOW, NOWHERE):
        rows[row] = stack
        return target
    if side == RIGHT and (rule != TWIN or target[-1] == card):
        target.extend(stack)
    else:  # the left end (Professional), or the twin of the left end
        target[0:0] = stack
    return []


def laid_at(rows: list[list[int]], card: int, row: int, side: Side = RIGHT) -> list[list[int]]:
    """A copy of ``rows`` with ``card`` at the ``side`` end of ``row``, before any take: the moment a
    picture of a sixth card shows (six cards in the row)."""
    out = [list(r) for r in rows]
    if side == RIGHT:
        out[row].append(card)
    else:
        out[row].insert(0, card)
    return out
