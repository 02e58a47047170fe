"""The search's inner loop (issue 24): the rest of a hand on four one-sided rows kept compact.

``playout.py`` plays the rules on rows as lists of cards; here, for the Coach's thousands of play-outs,
each row is only its end, its length (Twins: its places and cards) and its heads, the rows kept in the
order of their ends (a card laid on a row keeps that order; only a low card's take moves its row first),
each turn's cards as ints (``card << 4 | seat``; Refined's pairs ``low << 11 | high << 4 | seat``; in
``run_sorted`` the cards alone, each card's seat looked up in ``card_seats``, which a hand never changes). Every
seat plays as ``playout.Mixed``: the cautious bot, or with chance ``noise[seat]`` any card, the same
choices from the same draws. The cautious bot's ``card_risk`` is read from tables (``risk_lines``) made of
the very floats it computes, so the same cards win, ties included. ``tests/test_playout.py`` checks every
answer played here against the general loop on the same draws, and that loop against the engine.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import repeat
from typing import Any

from sixnimmt_core.engine.cards import _HEADS
from sixnimmt_core.engine.table import (
    CHOICE_RISK,
    FULL_ROW,
    LOW_RISK,
    cheapest,
    places,  # twins stacked on each other fill one place
    row_risk,
)

H = _HEADS
HEADS = set(_HEADS[1:105])  # the heads a card can have


def row_heads(row: list[int]) -> int:
    return sum(map(H.__getitem__, row))


def compact(rows: list[list[int]]) -> tuple[list[int], list[int], list[int]]:
    """The rows as the inner loop keeps them: each row's end, length and heads."""
    return [r[-1] for r in rows], [len(r) for r in rows], [row_heads(r) for r in rows]


def risk_lines(n: int, r: int) -> list[list[float]]:
    """The risk of a row of ``n`` places (at most 5) and ``r`` heads (``table.row_risk``) as a table: line
    the card (each card's line is that of its heads), column the gap; the rule's very floats. Kept once
    made (for at most a few hundred rows)."""
    lines = RISK[n][r]
    if lines is None:
        if n >= FULL_ROW:
            lines = [[row_risk(n, r, 0, 0)] * 105] * 105
        else:
            by_heads = {hx: _line(n, r + hx) for hx in HEADS}
            lines = [by_heads.get(hx, []) for hx in H]  # card 0 does not exist
        RISK[n][r] = lines
    return lines


def _line(n: int, heads: int) -> list[float]:
    """``row_risk`` of a row of ``n`` places by the gap, for a row and a card of ``heads`` heads together
    (the risk reads only their sum): shared by every ``risk_lines`` that needs it."""
    line = LINES.get((n, heads))
    if line is None:
        line = LINES[n, heads] = list(map(row_risk, repeat(n, 105), repeat(heads, 105), repeat(0, 105), range(105)))
    return line


LINES: dict[tuple[int, int], list[float]] = {}
RISK: list[list[list[list[float]] | None]] = [[None] * 400 for _ in range(6)]  # risk_lines made so far, by cards and heads


def turn_risks(lens: list[int], rh: list[int]) -> tuple[float, list[Any], list[Any], list[Any], list[Any]]:
    """What the careful seats of a turn read on four rows (lengths or places ``lens``, heads ``rh``): the risk
    of a low card (the fewest heads of a row + 0.25, ``card_risk``) and each row's ``risk_lines``."""
    r0, r1, r2, r3 = rh
    n0, n1, n2, n3 = lens
    low = r0 if r0 < r1 else r1  # min(rh) without a call of min, which cost about 4 % of a play-out
    if r2 < low:
        low = r2
    if r3 < low:
        low = r3
    return (low + LOW_RISK, RISK[n0][r0] or risk_lines(n0, r0), RISK[n1][r1] or risk_lines(n1, r1),
            RISK[n2][r2] or risk_lines(n2, r2), RISK[n3][r3] or risk_lines(n3, r3))


def under(card: int, ends: list[int]) -> int:
    """The row ``table.locate`` lays ``card`` on, among four row ends in ascending order (-1: below every
    end, rule 4): the rule inlined for the play-out cores, as the hot loops below inline it again
    (marked ``inlined table.locate``); ``tests/test_rules_once.py`` proves each equal to the rule."""
    return 3 if card > ends[3] else 2 if card > ends[2] else 1 if card > ends[1] else 0 if card > ends[0] else -1


def by_end(ends: list[int], lens: list[int], rh: list[int]) -> list[list[int]]:
    """Compact rows in the order of their ends: [ends, lengths, heads, each row's place at the table]."""
    order = sorted(range(4), key=ends.__getitem__)
    return [list(map(ends.__getitem__, order)), list(map(lens.__getitem__, order)), list(map(rh.__getitem__, order)),
            order]


def rows_by_end(rows: list[list[int]]) -> list[list[int]]:
    """``by_end(*compact(rows))`` in one pass."""
    ends = [r[-1] for r in rows]
    order = sorted(range(len(rows)), key=ends.__getitem__)
    return [[ends[i] for i in order], [len(rows[i]) for i in order], [row_heads(rows[i]) for i in order], order]


def pick_sorted(rows: list[list[int]], hands: list[list[int]], seats: Any, noise: list[float], r: Any,
                twins: bool = False, take: bool = True) -> list[int]:
    """``pick_plain`` on rows kept by ``by_end``."""
    ends, lens, rh = rows[0], rows[1], rows[2]
    laid = []
    t0 = None
    for s in seats:
        hand = hands[s]
        p = noise[s]
        if p and r() < p:
            c = hand[int(r() * len(hand))]
        elif len(hand) == 1:
            c = hand[0]
        else:
            if t0 is None:  # once a turn
                e0, e1, e2, e3 = ends
                low, t0, t1, t2, t3 = turn_risks(lens, rh)
            if twins:
                c = _pick_twins(hand, e0, e1, e2, e3, t0, t1, t2, t3, low)
            else:
                c, bk = 0, 1e18
                for x in hand:  # sorted: of equal risks the first, the lowest card, stays
                    if x > e3:  # inlined table.locate (``under``) and the row's risk, read from its table
                        k = t3[x][x - e3]
                    elif x > e2:
                        k = t2[x][x - e2]
                    elif x > e1:
                        k = t1[x][x - e1]
                    elif x > e0:
                        k = t0[x][x - e0]
                    else:
                        k = low
                    if k < bk:
                        c, bk = x, k
        if take:
            hand.remove(c)
        laid.append(c << 4 | s)
    return laid


def pick_plain(ends: list[int], lens: list[int], rh: list[int], hands: list[list[int]], seats: Any,
               noise: list[float], r: Any, twins: bool = False, take: bool = True) -> list[int]:
    """The cards ``seats`` lay (``card << 4 | seat``), taken from their sorted hands: with chance
    ``noise[seat]`` any card, else the cautious bot's (``card_risk``'s order and floats, read from each
    row's ``risk_lines``; the rows in the order of their ends). ``twins``: a card that is the twin of a
    row's end risks CHOICE_RISK (``lens`` then counts each row's places). ``take``: the cards leave the hands
    (else the caller takes them)."""
    return pick_sorted(by_end(ends, lens, rh), hands, seats, noise, r, twins, take)


def _pick_twins(hand: list[int], e0: int, e1: int, e2: int, e3: int, t0: Any, t1: Any, t2: Any, t3: Any,
                low: float) -> int:
    """The careful card in Twins (``pick_sorted``, ``run_twins``), the lowest of equal risks: the twin of a row's
    end risks CHOICE_RISK (row ends all differ, so a card equal to an end is met where it is not above it)."""
    c, bk = 0, 1e18
    for x in hand:  # sorted. Inlined table.locate (``under``; its twin too) and the row's risk, read from its table
        if x > e3:
            k = t3[x][x - e3]
        elif x > e2:
            k = CHOICE_RISK if x == e3 else t2[x][x - e2]
        elif x > e1:
            k = CHOICE_RISK if x == e2 else t1[x][x - e1]
        elif x > e0:
            k = CHOICE_RISK if x == e1 else t0[x][x - e0]
        else:
            k = CHOICE_RISK if x == e0 else low
        if k < bk:
            c, bk = x, k
    return c


def lay_sorted(rows: list[list[int]], pen: list[int], laid: list[int], own: list[int], noise: list[float],
               rr: Any) -> None:
    """Place one turn's cards (``laid``: cards; ``own``: each card's seat) lowest first on four rows kept by
    ``by_end`` (rules 1–4); a low card takes a row as ``take_low`` says. Each card's row is found from the
    ends the turn began with: a card laid before it, lower, keeps its row between the same ends; only a
    low card's take moves the rows (the ends are then read again)."""
    h = H
    ends, lens, rh, at = rows
    e0, e1, e2, e3 = ends
    laid.sort()
    for card in laid:
        if card > e1:  # inlined table.locate (``under``): the row below the card in two or three comparisons
            j = 3 if card > e3 else 2 if card > e2 else 1
        elif card > e0:
            j = 0
        else:
            take_low(rows, card, own[card], pen, noise, rr)
            e0, e1, e2, e3 = ends
            continue
        if lens[j] < 5:
            lens[j] += 1
            rh[j] += h[card]
        else:
            pen[own[card]] += rh[j]
            lens[j] = 1
            rh[j] = h[card]
        ends[j] = card


def card_seats(hands: list[list[int]], laid: Iterable[int] = ()) -> list[int]:
    """Each card's seat (indexed by card): the cards in ``hands`` and this turn's ``laid`` (``card << 4 | seat``)."""
    own = [0] * 105
    for s, hand in enumerate(hands):
        for c in hand:
            own[c] = s
    for v in laid:
        own[v >> 4] = v & 15
    return own


def take_low(rows: list[list[int]], card: int, s: int, pen: list[int], noise: list[float], rr: Any) -> None:
    """Rule 4 on rows kept by ``by_end``: ``card`` of seat ``s`` takes the cheapest row (fewest heads, then
    cards, then first at the table), or with chance ``noise[s]`` any row (as ``Mixed.row``); that row,
    now ending with the lowest card, moves first."""
    ends, lens, rh, at = rows
    p = noise[s]
    j = at.index(int(rr() * 4)) if p and rr() < p else cheapest(rh, lens, at)
    pen[s] += rh[j]
    if j:
        del ends[j], lens[j], rh[j]
        ends.insert(0, card)
        lens.insert(0, 1)
        rh.insert(0, H[card])
        at.insert(0, at.pop(j))
    else:  # already first
        ends[0], lens[0], rh[0] = card, 1, H[card]


def run_sorted(rows: list[list[int]], hands: list[list[int]], pen: list[int], noise: list[float], r: Any, rr: Any,
               turns: int, laid: list[int] | None = None, seat: int = 0, own: list[int] | None = None) -> int:
    """Up to ``turns`` whole turns on rows kept by ``by_end`` (fewer when the cards run out): each turn the
    seats' cards (``pick_sorted``, inlined: the search's inner loop), then ``lay_sorted``. ``laid``: this
    turn's cards, already picked, laid first; ``own``: each card's seat (``card_seats``; from ``hands`` when
    not given). Returns ``seat``'s heads once ``laid`` is placed (before the turns that follow)."""
    risk = RISK
    ends, lens, rh = rows[0], rows[1], rows[2]
    own = card_seats(hands) if own is None else own
    table = list(zip(hands, noise))  # noqa: B905 (one of each per seat)
    mine = hands[seat]
    if laid:
        lay_sorted(rows, pen, laid, own, noise, rr)
    now = pen[seat]
    for _ in range(turns):
        if len(mine) < 2:
            if mine:
                last_turn(rows, hands, pen, own, noise, r, rr, mine[0])
            return now
        e0, e1, e2, e3 = ends  # the careful cards of this turn; turn_risks, inlined
        r0, r1, r2, r3 = rh
        n0, n1, n2, n3 = lens
        low: float = r0 if r0 < r1 else r1
        if r2 < low:
            low = r2
        if r3 < low:
            low = r3
        low += LOW_RISK
        t0 = risk[n0][r0] or risk_lines(n0, r0)
        t1 = risk[n1][r1] or risk_lines(n1, r1)
        t2 = risk[n2][r2] or risk_lines(n2, r2)
        t3 = risk[n3][r3] or risk_lines(n3, r3)
        laid = []
        for hand, p in table:
            if p and r() < p:
                c = hand[int(r() * len(hand))]
            else:
                c, bk = 0, 1e18
                for x in hand:  # sorted: of equal risks the first, the lowest card, stays
                    if x > e1:  # inlined table.locate (``under``) and the row's risk, read from its table
                        k = t3[x][x - e3] if x > e3 else t2[x][x - e2] if x > e2 else t1[x][x - e1]
                    else:
                        k = t0[x][x - e0] if x > e0 else low
                    if k < bk:
                        c, bk = x, k
            hand.remove(c)
            laid.append(c)
        lay_sorted(rows, pen, laid, own, noise, rr)
    return now


def last_turn(rows: list[list[int]], hands: list[list[int]], pen: list[int], own: list[int], noise: list[float],
              r: Any, rr: Any, mine: int) -> None:
    """The hand's last turn on rows kept by ``by_end``: every card is forced; the cards up to ``mine`` are
    placed (those above it change nothing for its seat). A careless seat's draws are drawn all the same:
    a row taken after them may read the same stream."""
    for p in noise:
        if p and r() < p:
            r()
    laid = sorted([hand[0] for hand in hands])
    lay_sorted(rows, pen, laid[:laid.index(mine) + 1], own, noise, rr)


def twins_by_end(rows: list[list[int]]) -> list[list[int]]:
    """Twins' rows kept compact in the order of their ends: [ends, places, cards, heads, place at the table]."""
    order = sorted(range(len(rows)), key=lambda i: rows[i][-1])
    return [[rows[i][-1] for i in order], [places(rows[i]) for i in order], [len(rows[i]) for i in order],
            [row_heads(rows[i]) for i in order], order]


def lay_twins(rows: list[list[int]], pen: list[int], laid: list[int], noise: list[float], rr: Any) -> None:
    """``lay_sorted`` for Twins (RULES.md §3.8) on rows kept by ``twins_by_end`` (ends, places, cards,
    heads, place at the table): equal cards laid together go as one stack, a stack on its twin at a row's
    end stays there, owners of a stack that takes a row share its heads (each its share rounded up); as
    ``place_stack``, ``take_stack``. Row ends are all different (RULES.md §3.8: twins among the starting
    cards are stacked), so a card on its row keeps the rows in the order of their ends."""
    h = H
    ends, fill, cnt, rh, at = rows
    laid.sort()
    i, n = 0, len(laid)
    while i < n:
        v = laid[i]
        card = v >> 4
        j = i + 1
        while j < n and laid[j] >> 4 == card:
            j += 1
        k = j - i
        if card in ends:  # on its twin at a row's end: the row does not grow
            b = ends.index(card)
            cnt[b] += k
            rh[b] += h[card] * k
            i = j
            continue
        b = under(card, ends)
        if b >= 0 and fill[b] < 5:
            fill[b] += 1
            cnt[b] += k
            ends[b] = card
            rh[b] += h[card] * k
            i = j
            continue
        if b < 0:  # below every end: the owner in the earliest seat picks a row, which then comes first
            b = low_row(rows, noise[v & 15], rr)
            for x in rows:
                x.insert(0, x.pop(b))
            b = 0
        heads = rh[b]
        if k > 1:
            share = -(-heads // k)
            for t in range(i, j):
                pen[laid[t] & 15] += share
        else:
            pen[v & 15] += heads
        ends[b], fill[b], cnt[b], rh[b] = card, 1, k, h[card] * k
        i = j


def low_row(rows: list[list[int]], p: float, rr: Any) -> int:
    """Twins: the row (its place in ``rows``) a careful player takes with a low card: the fewest heads, then
    cards, then first at the table; with chance ``p`` any row (as ``Mixed.row``, drawn by ``rr``)."""
    ends, fill, cnt, rh, at = rows
    if p and rr() < p:
        return at.index(int(rr() * 4))
    return cheapest(rh, cnt, at)


def run_twins(rows: list[list[int]], hands: list[list[int]], pen: list[int], noise: list[float], r: Any, rr: Any,
              turns: int, laid: list[int] | None = None, seat: int = 0) -> int:
    """``run_sorted`` for Twins, on rows kept by ``twins_by_end``: a card that is the twin of a row's end
    risks CHOICE_RISK (``card_risk``), the cards are placed by ``lay_twins``."""
    ends, fill, _, rh, _ = rows
    seats = range(len(hands))
    first = hands[0]
    if laid:
        lay_twins(rows, pen, laid, noise, rr)
    now = pen[seat]
    for _ in range(turns):
        if not first:
            return now
        laid = []
        t0 = None
        for s in seats:
            hand = hands[s]
            p = noise[s]
            if p and r() < p:
                c = hand[int(r() * len(hand))]
            elif len(hand) == 1:
                c = hand[0]
            else:
                if t0 is None:  # once a turn
                    e0, e1, e2, e3 = ends
                    low, t0, t1, t2, t3 = turn_risks(fill, rh)
                c = _pick_twins(hand, e0, e1, e2, e3, t0, t1, t2, t3, low)
            hand.remove(c)
            laid.append(c << 4 | s)
        lay_twins(rows, pen, laid, noise, rr)
    return now


def pick_pairs(rows: list[list[int]], hands: list[list[int]], seats: Any, noise: list[float], r: Any) -> list[int]:
    """Refined: the two cards each of ``seats`` lays, taken from their sorted hands, as ``Mixed.pairs``
    picks them on rows kept by ``by_end`` (any two when careless, else the two of lowest ``card_risk``,
    the lower card first on a tie), each pair as ``low << 11 | high << 4 | seat`` (sorted: lowest first)."""
    ends, lens, rh = rows[0], rows[1], rows[2]
    out = []
    t0 = None
    for s in seats:
        hand = hands[s]
        p = noise[s]
        if p and r() < p:
            a = hand.pop(int(r() * len(hand)))
            b = hand.pop(int(r() * len(hand)))
        elif len(hand) == 2:
            a, b = hand
            hand.clear()
        else:
            if t0 is None:  # once a turn
                e0, e1, e2, e3 = ends
                low, t0, t1, t2, t3 = turn_risks(lens, rh)
            a, ka, b, kb = 0, 1e18, 0, 1e18
            for x in hand:  # sorted: of equal risks the lower card first
                if x > e3:  # inlined table.locate (``under``) and the row's risk, read from its table
                    k = t3[x][x - e3]
                elif x > e2:
                    k = t2[x][x - e2]
                elif x > e1:
                    k = t1[x][x - e1]
                elif x > e0:
                    k = t0[x][x - e0]
                else:
                    k = low
                if k < ka:
                    b, kb, a, ka = a, ka, x, k
                elif k < kb:
                    b, kb = x, k
            hand.remove(a)
            hand.remove(b)
        out.append((a << 11 | b << 4 | s) if a < b else (b << 11 | a << 4 | s))
    return out


def lay_pairs(rows: list[list[int]], pen: list[int], pairs: list[int], noise: list[float], rr: Any) -> None:
    """Refined (RULES.md §3.6) on rows kept by ``by_end``: the seat holding the lowest card not yet placed
    places its two (``pick_pairs``' ints), in the order ``Mixed.order`` picks (either when careless, drawn by
    ``rr``; else the one of fewer heads by ``order_cost_plain``, lowest first on a tie), then the next."""
    pairs.sort()
    for v in pairs:
        s, lo, hi = v & 15, v >> 11, v >> 4 & 127
        p = noise[s]
        if p and rr() < p:
            up = rr() < 0.5
        else:
            ends, lens, rh, at = rows
            up = order_cost_sorted(lo, hi, ends, lens, rh, at) <= order_cost_sorted(hi, lo, ends, lens, rh, at)
        if up:
            lay_one(rows, lo, s, pen, noise, rr)
            lay_one(rows, hi, s, pen, noise, rr)
        else:
            lay_one(rows, hi, s, pen, noise, rr)
            lay_one(rows, lo, s, pen, noise, rr)


def lay_one(rows: list[list[int]], card: int, s: int, pen: list[int], noise: list[float], rr: Any) -> None:
    """One card of seat ``s`` on rows kept by ``by_end`` (rules 1–4, a low card as ``take_low``)."""
    ends, lens, rh, _ = rows
    j = 3 if card > ends[3] else 2 if card > ends[2] else 1 if card > ends[1] else 0 if card > ends[0] else -1
    if j < 0:  # (above: inlined table.locate, ``under``)
        take_low(rows, card, s, pen, noise, rr)
    elif lens[j] < 5:
        lens[j] += 1
        rh[j] += H[card]
        ends[j] = card
    else:
        pen[s] += rh[j]
        lens[j], rh[j], ends[j] = 1, H[card], card


def order_cost_sorted(first: int, second: int, ends: list[int], lens: list[int], rh: list[int], at: list[int]) -> int:
    """``order_cost_plain`` on rows kept by ``by_end``: the heads the cautious bot expects ``first`` then
    ``second`` to take (a low card the cheapest row: fewest heads, then cards, then first at the table)."""
    h = H
    j = 3 if first > ends[3] else 2 if first > ends[2] else 1 if first > ends[1] else 0 if first > ends[0] else -1
    # (above: inlined table.locate, ``under``)
    if j < 0:  # a low card: the cheapest row
        j = cheapest(rh, lens, at)
        cost, n1, r1 = rh[j], 1, h[first]
    elif lens[j] >= 5:  # the sixth card
        cost, n1, r1 = rh[j], 1, h[first]
    else:
        cost, n1, r1 = 0, lens[j] + 1, rh[j] + h[first]
    # the second card on the rows as the first left them (row j: ends with ``first``)
    best, top = -1, 0  # inlined table.closest_lower, on the ends as the first card left them
    for i in range(4):
        e = first if i == j else ends[i]
        if top < e < second:
            best, top = i, e
    if best < 0:
        rj, nj = rh[j], lens[j]  # the cheapest row with row j as the first card left it
        rh[j], lens[j] = r1, n1
        best = cheapest(rh, lens, at)
        rh[j], lens[j] = rj, nj
        return cost + (r1 if best == j else rh[best])
    n = n1 if best == j else lens[best]
    return cost + ((r1 if best == j else rh[best]) if n >= 5 else 0)


def order_cost_plain(order: tuple[int, int], ends: list[int], lens: list[int], rh: list[int]) -> int:
    """``order_cost`` on one-sided rows kept compact (``compact``): ``order_cost_sorted`` on them in the order
    of their ends (the same heads, no rows copied)."""
    return order_cost_sorted(order[0], order[1], *by_end(ends, lens, rh))


def run_pairs(rows: list[list[int]], hands: list[list[int]], pen: list[int], noise: list[float], r: Any, rr: Any,
              turns: int, pairs: list[int] | None = None, seat: int = 0) -> int:
    """``run_sorted`` for Refined: each turn ``pick_pairs`` then ``lay_pairs``; ``pairs``: this turn's,
    already picked, laid first; returns ``seat``'s heads once they are."""
    if pairs:
        lay_pairs(rows, pen, pairs, noise, rr)
    now = pen[seat]
    seats = range(len(hands))
    first = hands[0]
    for _ in range(turns):
        if not first:
            return now
        lay_pairs(rows, pen, pick_pairs(rows, hands, seats, noise, r), noise, rr)
    return now
