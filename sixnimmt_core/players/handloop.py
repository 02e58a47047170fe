"""The Hand variant's play-outs with plain integers: the fast core of ``playout.py`` for cards laid and
placed at once and taken cards kept in hand (RULES.md §3.7; issue 24).

Each seat in turn lays one or two cards face up and places them at once, one after the other; a seat
that takes a row splits the taken cards between its hand (at most ``hand_limit``) and its pile; the hand
ends after a round that leaves a hand empty or a pile over ``pile_limit`` cards, or after ``MAX_ROUNDS``
rounds; cards left in hand score double. Here the rows are lists of cards in the order of their ends (a
card laid on a row keeps that order; a low card's take moves its row first) with their heads and places
at the table, the hands sorted lists, the piles their heads and sizes: no events, no words, no checks.

Every seat plays as the search's model of the table (``playout.Mixed``): the cautious bot (``CautiousBot``:
one card of lowest ``card_risk``, the cheapest row, the one-head cards kept up to eight in hand), or with
chance ``noise[seat]`` any legal answer, drawn as ``RandomBot`` draws it. A seat's cards read the draws
``r``, its rows and splits the draws ``rr`` (``playout.Draws``: every answer tried on a deal reads the
same). ``tests/test_handloop.py`` checks on thousands of random positions that the engine, its seats
asked alike from the same draws, ends with the same rows, takes, hands, piles and heads.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sixnimmt_core.engine.cards import _HEADS
from sixnimmt_core.engine.decisions import Decision, PlayDecision, SplitDecision, TakeRowDecision
from sixnimmt_core.engine.options import Choosing, HandEnd, Twins
from sixnimmt_core.engine.rules import MAX_ROUNDS
from sixnimmt_core.engine.table import LOW_RISK, cheapest
from sixnimmt_core.players.rowloop import RISK, risk_lines, under

H = _HEADS
Draw = Callable[[], float]  # a reader of uniform draws (``playout.Draws.reader``)
Take = tuple[int, int, int]  # a row taken, as a play-out notes it: the seat, the row's place at the table, heads
KINDS = (PlayDecision, TakeRowDecision, SplitDecision)  # the decisions of the Hand variant answered here


def supports(rules: Any) -> bool:
    """Whether ``rules`` are played here: cards laid and placed at once on one-sided rows of one deck."""
    return rules.choosing == Choosing.IMMEDIATE and not rules.two_sided and rules.twins == Twins.NONE


def answerable(asked: type[Decision], rules: Any) -> bool:
    """Whether a decision of this class, in these rules, is played out here."""
    return issubclass(asked, KINDS) and supports(rules)


class Table:
    """One play-out's state: the rows in the order of their ends (cards, heads, place at the table), the
    hands (sorted), each seat's penalty heads and pile size; the model's chances, its draws, the rules."""

    __slots__ = ("rows", "rh", "at", "hands", "pen", "pile", "noise", "r", "rr", "most", "limit", "keep", "takes")
    rows: list[list[int]]  # in the order of their ends
    rh: list[int]  # each row's heads
    at: list[int]  # each row's place at the table
    hands: list[list[int]]
    pen: list[int]
    pile: list[int]  # how many cards each pile holds
    noise: list[float]  # each seat's chance of a careless answer
    r: Draw  # the draws for cards laid …
    rr: Draw  # … and for rows and splits
    most: int  # the most cards a seat lays at once
    limit: int  # the most cards a hand may hold
    keep: bool  # taken cards may go back to the hand
    takes: list[Take] | None  # the rows taken, when asked for (tests)

    def copy(self, r: Draw, rr: Draw, takes: list[Take] | None = None) -> Table:
        """A copy to play on (this one unchanged), reading the draws ``r`` and ``rr``."""
        t = Table.__new__(Table)
        t.rows = [list(x) for x in self.rows]
        t.rh, t.at, t.pen, t.pile = list(self.rh), list(self.at), list(self.pen), list(self.pile)
        t.hands = [list(h) for h in self.hands]
        t.noise, t.most, t.limit, t.keep = self.noise, self.most, self.limit, self.keep
        t.r, t.rr, t.takes = r, rr, takes
        return t

    def table_rows(self) -> list[list[int]]:
        """The rows in their places at the table (as ``Game.rows``)."""
        out: list[list[int]] = [[] for _ in self.rows]
        for row, i in zip(self.rows, self.at, strict=True):
            out[i] = list(row)
        return out


def careful_card(rows: list[list[int]], rh: list[int], hand: list[int]) -> tuple[int, int]:
    """The cautious bot's card: the lowest ``card_risk`` (read from ``rowloop.risk_lines``, the same
    floats), the lowest card of equal risks (hands are sorted); with the row it goes to (-1: below every end)."""
    r0, r1, r2, r3 = rows
    e0, e1, e2, e3 = r0[-1], r1[-1], r2[-1], r3[-1]
    risk = RISK
    t0 = risk[len(r0)][rh[0]] or risk_lines(len(r0), rh[0])
    t1 = risk[len(r1)][rh[1]] or risk_lines(len(r1), rh[1])
    t2 = risk[len(r2)][rh[2]] or risk_lines(len(r2), rh[2])
    t3 = risk[len(r3)][rh[3]] or risk_lines(len(r3), rh[3])
    low = min(rh) + LOW_RISK
    c, bk, row = 0, 1e18, -1
    for x in hand:  # inlined table.locate (``rowloop.under``) and the row's risk, read from its table
        if x > e3:
            k, j = t3[x][x - e3], 3
        elif x > e2:
            k, j = t2[x][x - e2], 2
        elif x > e1:
            k, j = t1[x][x - e1], 1
        elif x > e0:
            k, j = t0[x][x - e0], 0
        else:
            k, j = low, -1
        if k < bk:
            c, bk, row = x, k, j
    return c, row


def careless_cards(hand: list[int], most: int, r: Draw) -> list[int]:
    """The cards a careless seat lays, in order, taken from its hand: one, or (``most`` two) one or two,
    drawn as ``RandomBot`` draws them."""
    most = min(most, len(hand))
    k = 1 if most == 1 else 1 + int(r() * most)
    return [hand.pop(int(r() * len(hand))) for _ in range(k)]


def lay(t: Table, s: int, card: int) -> None:
    """Seat ``s`` places ``card`` (rules 1–4): after the closest lower end; as a row's sixth card it takes
    the row; below every end it takes the row ``low_row`` picks."""
    rows, rh = t.rows, t.rh
    j = under(card, [rows[0][-1], rows[1][-1], rows[2][-1], rows[3][-1]])  # table.locate on the ends, in order
    if j < 0:
        take_row(t, s, low_row(t, s), card)
        return
    row = rows[j]
    if len(row) < 5:
        row.append(card)
        rh[j] += H[card]
        return
    heads = rh[j]
    rows[j] = [card]
    rh[j] = H[card]
    took(t, s, t.at[j], row, heads)


def low_row(t: Table, s: int) -> int:
    """Rule 4: the row (its place in ``t.rows``) seat ``s`` takes with a low card: the cheapest (fewest
    heads, then cards, then first at the table), or with chance ``noise[s]`` any, drawn as ``RandomBot``."""
    p = t.noise[s]
    if p:
        rr = t.rr
        if rr() < p:
            return t.at.index(int(rr() * 4))
    return cheapest(t.rh, [len(r) for r in t.rows], t.at)


def take_row(t: Table, s: int, j: int, card: int) -> None:
    """``card`` of seat ``s`` takes row ``j`` (its place in ``t.rows``) and starts it; the row, now ending
    with the lowest card, moves first."""
    rows, rh, at = t.rows, t.rh, t.at
    taken, heads, i = rows.pop(j), rh.pop(j), at.pop(j)
    rows.insert(0, [card])
    rh.insert(0, H[card])
    at.insert(0, i)
    took(t, s, i, taken, heads)


def took(t: Table, s: int, row: int, taken: list[int], heads: int) -> None:
    """Seat ``s`` took ``taken`` (``heads``) from row ``row``: to its pile, or (``keep``) split between its
    hand and its pile as ``split`` decides."""
    if t.takes is not None:
        t.takes.append((s, row, heads))
    if not t.keep:
        t.pen[s] += heads
        t.pile[s] += len(taken)
        return
    hand = t.hands[s]
    kept(t, s, taken, heads, split(t, s, taken, max(t.limit - len(hand), 0)))


def kept(t: Table, s: int, taken: list[int], heads: int, keep: list[int]) -> None:
    """The cards ``keep`` of ``taken`` go to seat ``s``'s hand (kept sorted), the rest to its pile."""
    if keep:
        hand = t.hands[s]
        hand.extend(keep)
        hand.sort()
        heads -= sum(map(H.__getitem__, keep))
    t.pen[s] += heads
    t.pile[s] += len(taken) - len(keep)


def split(t: Table, s: int, taken: list[int], room: int) -> list[int]:
    """The taken cards seat ``s`` keeps in hand (at most ``room``): with chance ``noise[s]`` any, drawn as
    ``RandomBot`` draws them; else the cautious bot's, its one-head cards, highest first, up to eight in hand."""
    p = t.noise[s]
    if p:
        rr = t.rr
        if rr() < p:
            pool = list(taken)
            k = int(rr() * (min(room, len(pool)) + 1))
            return [pool.pop(int(rr() * len(pool))) for _ in range(k)]
    n = min(room, 8 - len(t.hands[s]))
    if n <= 0:
        return []
    return sorted((c for c in taken if H[c] == 1), reverse=True)[:n]


def play_rounds(t: Table, order: list[int], pos: int, done: int, until: int, pile_limit: int | None) -> bool:
    """Seats lay and place their cards in ``order`` from ``pos`` on, round after round (``done`` rounds
    done so far), until ``until`` rounds are done or the hand is over; True when it is over (a hand
    empty, a pile over ``pile_limit`` cards, or ``MAX_ROUNDS``: ``Rules.hand_over_after_round``). A seat
    lays its one card of lowest risk or, with chance ``noise[seat]``, the cards ``careless_cards`` draws."""
    hands, rows, rh, noise, r, h = t.hands, t.rows, t.rh, t.noise, t.r, H
    n = len(order)
    while True:
        if pos >= n:
            done += 1
            if not all(hands) or done >= MAX_ROUNDS or (pile_limit is not None and max(t.pile) > pile_limit):
                return True
            if done >= until:
                return False
            pos = 0
        s = order[pos]
        pos += 1
        hand = hands[s]
        if not hand:  # an empty hand passes
            continue
        p = noise[s]
        if p and r() < p:
            for c in careless_cards(hand, t.most, r):
                lay(t, s, c)
            continue
        c, j = careful_card(rows, rh, hand) if len(hand) > 1 else (hand[0], -2)
        hand.remove(c)
        if j == -2:  # its last card
            lay(t, s, c)
        elif j < 0:
            take_row(t, s, low_row(t, s), c)
        elif len(rows[j]) < 5:
            rows[j].append(c)
            rh[j] += h[c]
        else:  # the row's sixth card
            taken, heads = rows[j], rh[j]
            rows[j], rh[j] = [c], h[c]
            took(t, s, t.at[j], taken, heads)


_heads: Callable[[int], int] = H.__getitem__


def score(t: Table, seat: int, double: bool) -> int:
    """What ``seat`` would score for the hand if it ended now (``Game.scores``)."""
    return t.pen[seat] + (2 * sum(map(_heads, t.hands[seat])) if double else 0)


class Start:
    """One sampled deal of the Hand variant, ready for every answer of ``seat`` to its pending decision
    (play, take_row, split) to be tried on it (``out``), as ``playout.Start`` is for the other variants."""

    __slots__ = ("table", "seat", "asked", "cards", "draws", "order", "pos", "done", "queue", "placing",
                 "taken", "pile_limit", "double")

    def __init__(self, g: Any, seat: int, asked: type[Decision], noise: list[float], cards: Any, rows: Any) -> None:
        rules = g.rules
        t = self.table = Table.__new__(Table)
        order = sorted(range(len(g.rows)), key=lambda i: g.rows[i][-1])
        t.rows = [list(g.rows[i]) for i in order]
        t.rh = [sum(map(H.__getitem__, r)) for r in t.rows]
        t.at = order
        t.hands = [sorted(h) for h in g.hands]
        t.pen, t.pile = list(g.penalty), [len(p) for p in g.piles]
        t.noise, t.most, t.limit, t.keep = noise, rules.cards_per_turn, rules.hand_limit, rules.keep_taken
        t.takes = None  # the draws (r, rr) are each copy's own: ``copy``
        self.seat, self.asked, self.cards, self.draws = seat, asked, cards, rows
        self.order, self.pos, self.done = list(g._seat_order), g._round, g.turn
        self.queue = [c for c, _ in g._queue]  # the seat's second card, still to place
        self.placing = g._placing[0] if g._placing else None  # take_row: the low card
        d = g.decision(seat)
        self.taken = list(d.options) if issubclass(asked, SplitDecision) else []
        self.pile_limit = rules.pile_limit if rules.hand_end == HandEnd.EMPTY_OR_PILE else None
        self.double = rules.hand_cards_double

    def out(self, action: Any, horizon: int, takes: list[Take] | None = None) -> tuple[int, int]:
        """``seat``'s ``action``, the hand played on for ``horizon`` more rounds after this one: (heads ``seat``
        scores by the end of this round, by the end of those rounds or the hand), counted from now."""
        return self.play(action, horizon, takes)[:2]

    def play(self, action: Any, horizon: int, takes: list[Take] | None = None) -> tuple[int, int, Table]:
        """``out`` with the table as the play-out left it."""
        t = self.table.copy(self.cards.reader(), self.draws.reader(), takes)
        seat, double = self.seat, self.double
        start = score(t, seat, double)
        self.answer(t, action)
        over = play_rounds(t, self.order, self.pos, self.done, self.done + 1, self.pile_limit)
        now = score(t, seat, double) - start
        if not over and horizon > 0:
            play_rounds(t, self.order, 0, self.done + 1, self.done + 1 + horizon, self.pile_limit)
        return now, score(t, seat, double) - start, t

    def answer(self, t: Table, action: Any) -> None:
        """``seat``'s answer to the pending decision, then the rest of its cards of this turn."""
        seat, asked = self.seat, self.asked
        if issubclass(asked, PlayDecision):
            cards = (action,) if isinstance(action, int) else tuple(action)
            hand = t.hands[seat]
            for c in cards:
                hand.remove(c)
            for c in cards:
                lay(t, seat, c)
            return
        if issubclass(asked, TakeRowDecision) and self.placing is not None:
            take_row(t, seat, t.at.index(action), self.placing)
        elif issubclass(asked, SplitDecision):
            kept(t, seat, self.taken, sum(map(H.__getitem__, self.taken)), list(action))
        else:
            raise ValueError(asked)
        for c in self.queue:
            lay(t, seat, c)
