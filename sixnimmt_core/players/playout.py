"""The rest of a hand played with plain integers: the Coach's fast play-outs (issue 24).

The engine (``game.py``) records every step, checks every answer and asks for every decision; a
search that plays thousands of hands out needs none of that. Here a table is four lists of ints,
hands are lists of ints and each seat's heads an int; the rules are those of ``table.py`` (rules 1–4,
RULES.md §2; Professional's two ends, §3.4) and nothing else: no events, no words, no checks. Where
each card goes is ``placing.py``'s; here are the policies that answer for the seats and the bridge
from an engine's game (``Hand``, ``Start``, ``play_out``).

It covers the variants in which every seat lays its cards hidden or in seat order and keeps nothing
it takes (``supports``): base, Tactics, Logic and Tournament once drafted, Professional, Open (its
cards are laid face up in seat order, but placed as in the base game: lowest first, so the same
answers give the same table), Twins (twins laid together stack as one, a twin lands on its twin at a
row's end, a shared take splits the heads, RULES.md §3.8) and Refined (two cards each, the holder of
the lowest unplaced card placing both in its order, §3.6). Hand (cards laid and placed at once, taken
cards kept) has its own core, ``handloop.py``. On four one-sided rows the search's play-outs run in
``rowloop.py``, the rows kept compact (``Start``).

Decisions are asked of a *policy* (``cards``: the cards the seats lay this turn; ``row``: the row a
low card takes; ``spot``: one of the tied places of a Professional card). ``tests/test_playout.py``
checks on thousands of random positions of every covered variant that the same answers give the
same rows, takes and heads as the engine.
"""

from __future__ import annotations

import random
from itertools import chain, islice, repeat, starmap
from operator import length_hint
from typing import Any

from sixnimmt_core.engine.cards import _HEADS
from sixnimmt_core.engine.decisions import (
    Decision,
    OrderDecision,
    PlayDecision,
    SpotDecision,
    TakeRowDecision,
)
from sixnimmt_core.engine.options import Choosing, HandEnd, Twins
from sixnimmt_core.engine.table import (
    CHOICE_RISK,
    FULL_ROW,
    LOW_RISK,
    Side,
    cheapest_row,
    nearest_spots,
    places,  # stacked twins fill one
)
from sixnimmt_core.players.placing import (
    place,
    place_all,
    place_pairs,
    place_stack,
    play_turns,
    put,
    take,
    take_stack,
)
from sixnimmt_core.players.rowloop import (
    card_seats,
    compact,
    order_cost_plain,
    pick_pairs,
    pick_plain,
    pick_sorted,
    risk_lines,
    row_heads,
    rows_by_end,
    run_pairs,
    run_sorted,
    run_twins,
    turn_risks,
    twins_by_end,
)

H = _HEADS


def supports(rules: Any) -> bool:
    """Whether ``rules`` are played here: one card each a turn (or Refined's two, one deck), taken cards to
    the pile, the hand ending when the cards run out, cards left in hand not scored."""
    one = rules.choosing in (Choosing.HIDDEN, Choosing.OPEN) and rules.cards_per_turn == 1 and (rules.twins == Twins.NONE or not rules.two_sided)
    two = rules.choosing == Choosing.HIDDEN and rules.cards_per_turn == 2 and rules.twins == Twins.NONE
    return (one or two) and not rules.keep_taken and rules.hand_end == HandEnd.CARDS_OUT and not rules.hand_cards_double


# ---- policies -------------------------------------------------------------------------------


def cautious_key(rows: list[list[int]], two_sided: bool, twins: bool = False) -> Any:
    """The cautious bot's card order (``table.card_risk``) on ``rows`` as a key: lowest plays first. Each
    row's risks are read from ``rowloop.risk_lines`` (``table.row_risk``'s floats), a row's places counting
    a stack once; a low card risks the cheapest row's heads + LOW_RISK, a twin or a tie CHOICE_RISK."""
    rh = [row_heads(r) for r in rows]
    low = min(rh) + LOW_RISK
    tables = [risk_lines(min(places(r), FULL_ROW), x) for r, x in zip(rows, rh, strict=True)]
    if two_sided:
        return _key_two_sided(rows, tables, low)
    ends = [r[-1] for r in rows]

    def key(card: int) -> tuple[float, int]:
        best, top = -1, 0  # inlined table.locate (one-sided), the row's risk read from its table
        for i, end in enumerate(ends):
            if end == card:  # its twin (Twins)
                return CHOICE_RISK, card
            if top < end < card:
                best, top = i, end
        if best < 0:
            return low, card
        return tables[best][card][card - top], card

    return key


def _key_two_sided(rows: list[list[int]], tables: list[Any], low: float) -> Any:
    """``cautious_key`` on Professional's two-sided rows: a card with tied nearest places risks CHOICE_RISK."""

    def key2(card: int) -> tuple[float, int]:
        near, gap = nearest_spots(card, rows)
        if not near:
            return low, card
        if len(near) > 1 or not gap:  # a tie, or its twin
            return CHOICE_RISK, card
        return tables[near[0][0]][card][gap], card

    return key2


def order_cost(order: tuple[int, int], rows: list[list[int]], two_sided: bool) -> int:
    """The heads the cautious bot expects two cards laid in ``order`` to take (``bots._order_cost``): each
    placed on a copy of the rows, a low card taking the cheapest row, a tie the first of its places."""
    rows = [list(r) for r in rows]
    pen = [0]
    first = _First()
    for card in order:
        place(rows, card, 0, pen, two_sided, first)
    return pen[0]


class _First:
    """The cautious estimate's answers: the cheapest row, the first tied place."""

    def row(self, seat: int, rows: list[list[int]], card: int) -> int:
        return cheapest_row(rows)

    def spot(self, seat: int, near: list[tuple[int, Side]], rows: list[list[int]], card: int) -> tuple[int, Side]:
        return near[0]


class Mixed:
    """The search's model of the table: each seat plays as the cautious bot, but with chance
    ``noise[seat]`` any legal answer instead. Its chances are drawn from ``rng`` (a ``random.Random`` or
    a function giving uniform draws); the rows and places of low cards and ties from ``rows`` (default:
    the same draws), so that every answer tried on a deal sees its cards laid alike (``Draws``)."""

    __slots__ = ("noise", "r", "rr", "two_sided", "twins")

    def __init__(self, noise: list[float], rng: Any, two_sided: bool, twins: bool = False, rows: Any = None) -> None:
        self.noise, self.two_sided, self.twins = noise, two_sided, twins
        self.r = rng.random if isinstance(rng, random.Random) else rng
        self.rr = self.r if rows is None else rows

    def _careless(self, seat: int, r: Any) -> bool:
        p = self.noise[seat]
        return bool(p) and r() < p

    def cards(self, hands: list[list[int]], rows: list[list[int]], seats: Any) -> list[int]:
        if self.twins and not self.two_sided and len(rows) == 4:
            ends, rh = [x[-1] for x in rows], [row_heads(x) for x in rows]
            laid = pick_plain(ends, [places(x) for x in rows], rh, hands, seats, self.noise, self.r, True, False)
            return [v >> 4 for v in laid]
        if self.two_sided and not self.twins and len(rows) == 4:
            return self._two_sided(hands, rows, seats)
        if self.two_sided or self.twins:
            key = None
            r = self.r
            out = []
            for s in seats:
                hand = hands[s]
                if self._careless(s, r):
                    out.append(hand[int(r() * len(hand))])
                    continue
                if key is None:
                    key = cautious_key(rows, self.two_sided, self.twins)
                out.append(min(hand, key=key))
            return out
        return self._plain(hands, rows, seats)

    def _two_sided(self, hands: list[list[int]], rows: list[list[int]], seats: Any) -> list[int]:
        """``cards`` on four two-sided rows: ``cautious_key`` inlined. A card's nearest places are the highest
        right end below it and the lowest left end above it (all ends differ: one deck), found among the ends
        sorted once a turn; a card as near to both ties (CHOICE_RISK); risks read from ``risk_lines``."""
        noise, r = self.noise, self.r
        out = []
        r0 = None
        for s in seats:
            hand = hands[s]
            p = noise[s]
            if p and r() < p:
                out.append(hand[int(r() * len(hand))])
                continue
            if r0 is None:  # once a turn
                (r0, j0), (r1, j1), (r2, j2), (r3, j3) = sorted((x[-1], i) for i, x in enumerate(rows))
                (l0, k0), (l1, k1), (l2, k2), (l3, k3) = sorted((x[0], i) for i, x in enumerate(rows))
                low, *tables = turn_risks([len(x) for x in rows], [row_heads(x) for x in rows])
            c, bk = 0, 1e18
            for x in hand:
                if x > r2:  # inlined table.locate (two-sided) — below: the highest right end under the card
                    db, jb = (x - r3, j3) if x > r3 else (x - r2, j2)
                elif x > r0:
                    db, jb = (x - r1, j1) if x > r1 else (x - r0, j0)
                else:
                    db = 999
                if x < l1:  # above: the lowest left end over it
                    da, ja = (l0 - x, k0) if x < l0 else (l1 - x, k1)
                elif x < l3:
                    da, ja = (l2 - x, k2) if x < l2 else (l3 - x, k3)
                else:
                    da = 999
                if db < da:
                    k = tables[jb][x][db]
                elif da < db:
                    k = tables[ja][x][da]
                else:  # fits nowhere, or as near to two places
                    k = low if db == 999 else CHOICE_RISK
                if k < bk:
                    c, bk = x, k
            out.append(c)
        return out

    def _plain(self, hands: list[list[int]], rows: list[list[int]], seats: Any) -> list[int]:
        """``cards`` on one-sided rows: ``rowloop.pick_plain`` (the cards stay in the hands)."""
        return [v >> 4 for v in pick_plain(*compact(rows), hands, seats, self.noise, self.r, False, False)]

    def run_plain(self, rows: list[list[int]], hands: list[list[int]], pen: list[int], turns: int, seat: int) -> None:
        """``play_turns`` on the four one-sided rows with this policy, the same choices drawn from ``rng`` in
        the same order (``run_sorted``), for ``seat``'s heads (the others' may miss the hand's last turn);
        ``rows`` is left as it was (only heads and hands change)."""
        run_sorted(rows_by_end(rows), hands, pen, self.noise, self.r, self.rr, turns, seat=seat)

    def pairs(self, hands: list[list[int]], rows: list[list[int]], seats: Any) -> list[tuple[int, int]]:
        """Refined: the two cards each of ``seats`` lays: any two when careless (drawn as the random bot
        draws them), else the cautious bot's two safest."""
        r = self.r
        key = None
        out = []
        for s in seats:
            hand = hands[s]
            if self._careless(s, r):
                pool = list(hand)
                a = pool.pop(int(r() * len(pool)))
                out.append((a, pool.pop(int(r() * len(pool)))))
                continue
            if key is None:
                key = cautious_key(rows, self.two_sided)
            a, b = sorted(hand, key=key)[:2]
            out.append((a, b))
        return out

    def order(self, seat: int, pair: tuple[int, int], rows: list[list[int]]) -> tuple[int, int]:
        """Refined: the order ``seat`` places its two cards in (``pair`` lowest first): either when careless,
        else the one the cautious bot finds cheaper (``bots._order_cost``; lowest first on a tie)."""
        a, b = pair
        if self._careless(seat, self.rr):
            return pair if self.rr() < 0.5 else (b, a)
        if self.two_sided:
            return pair if order_cost(pair, rows, True) <= order_cost((b, a), rows, True) else (b, a)
        ends, lens, rh = compact(rows)
        return pair if order_cost_plain(pair, ends, lens, rh) <= order_cost_plain((b, a), ends, lens, rh) else (b, a)

    def row(self, seat: int, rows: list[list[int]], card: int) -> int:
        if self._careless(seat, self.rr):
            return int(self.rr() * len(rows))
        return cheapest_row(rows)

    def spot(self, seat: int, near: list[tuple[int, Side]], rows: list[list[int]], card: int) -> tuple[int, Side]:
        if self._careless(seat, self.rr):
            return near[int(self.rr() * len(near))]
        return min(near, key=lambda s: (len(rows[s[0]]), s[0]))


class Scripted:
    """Given answers, seat by seat, in the order they are asked (for checking against the engine)."""

    def __init__(self, cards: dict[int, list[Any]], rows: dict[int, list[int]],
                 spots: dict[int, list[tuple[int, Side]]], orders: dict[int, list[tuple[int, int]]] | None = None) -> None:
        self._cards, self._rows, self._spots, self._orders = cards, rows, spots, orders or {}

    def cards(self, hands: list[list[int]], rows: list[list[int]], seats: Any) -> list[int]:
        return [self._cards[s].pop(0) for s in seats]

    def pairs(self, hands: list[list[int]], rows: list[list[int]], seats: Any) -> list[tuple[int, int]]:
        return [tuple(self._cards[s].pop(0)) for s in seats]

    def order(self, seat: int, pair: tuple[int, int], rows: list[list[int]]) -> tuple[int, int]:
        return self._orders[seat].pop(0)

    def row(self, seat: int, rows: list[list[int]], card: int) -> int:
        return self._rows[seat].pop(0)

    def spot(self, seat: int, near: list[tuple[int, Side]], rows: list[list[int]], card: int) -> tuple[int, Side]:
        return self._spots[seat].pop(0)


# ---- from an engine's game ------------------------------------------------------------------


class Hand:
    """A hand of an engine's ``Game`` as plain ints, from the decision pending for ``seat``: the rows,
    the hands, this hand's heads, this turn's cards already laid and the cards still to place."""

    __slots__ = ("rows", "hands", "pen", "laid", "queue", "placing", "owners", "two_sided", "twins", "pairs", "chosen")

    def __init__(self, g: Any) -> None:
        self.rows = [list(r) for r in g.rows]
        self.hands = [sorted(h) for h in g.hands]
        self.pen = list(g.penalty)
        self.two_sided = g.rules.two_sided
        self.twins = g.rules.twins != Twins.NONE
        self.pairs = g.rules.cards_per_turn == 2
        self.laid = [c[0] if c else None for c in g.chosen]
        self.chosen = {s: tuple(c) for s, c in enumerate(g.chosen) if c} if self.pairs else {}  # Refined
        self.queue = list(g._queue)  # (card, owners), lowest first
        self.placing = g._placing[0] if g._placing else None
        self.owners = g._placing[1] if g._placing else ()

    def copy(self) -> Hand:
        """A copy to play on (this one unchanged)."""
        new = Hand.__new__(Hand)
        new.rows = [list(r) for r in self.rows]
        new.hands = [list(h) for h in self.hands]
        new.pen, new.laid, new.queue = list(self.pen), list(self.laid), self.queue
        new.placing, new.owners, new.two_sided, new.twins = self.placing, self.owners, self.two_sided, self.twins
        new.pairs, new.chosen = self.pairs, dict(self.chosen)
        return new

    def answer(self, asked: type[Decision], seat: int, action: Any, policy: Any, takes: list[Any] | None = None) -> None:
        """``seat``'s answer to the pending decision, then the rest of this turn (``policy`` for the others)."""
        rows, pen = self.rows, self.pen
        if self.pairs:
            self._answer_pair(asked, seat, action, policy, takes)
            return
        if issubclass(asked, PlayDecision):
            card = action[0] if isinstance(action, tuple) else action
            self.hands[seat].remove(card)
            laid = self.laid
            laid[seat] = card
            todo = [s for s, c in enumerate(laid) if c is None]
            if todo:
                picks = policy.cards(self.hands, rows, todo)
                for s, c in zip(todo, picks, strict=True):
                    self.hands[s].remove(c)
                    laid[s] = c
            place_all(rows, [(c, s) for s, c in enumerate(laid) if c is not None], pen, self.two_sided, policy, takes,
                      self.twins)
            return
        card = self.placing
        if card is None:  # no card waits for this decision
            raise ValueError(asked)
        if issubclass(asked, TakeRowDecision) and self.twins:
            take_stack(rows, action, card, self.owners, pen, takes)
        elif issubclass(asked, TakeRowDecision):
            take(rows, action, card, seat, pen, takes)
        elif issubclass(asked, SpotDecision):
            put(rows, action.row, action.side, card, seat, pen, takes)
        else:
            raise ValueError(asked)
        for c, owners in self.queue:  # the rest of this turn's cards, lowest first
            if self.twins:
                place_stack(rows, c, owners, pen, policy, takes)
            else:
                place(rows, c, owners[0], pen, self.two_sided, policy, takes)


    def _answer_pair(self, asked: type[Decision], seat: int, action: Any, policy: Any, takes: list[Any] | None) -> None:
        """Refined: the answer (two cards, an order, a row), then the rest of this turn's placing."""
        rows, pen, chosen, two = self.rows, self.pen, self.chosen, self.two_sided
        if issubclass(asked, PlayDecision):
            for c in action:
                self.hands[seat].remove(c)
            chosen[seat] = tuple(action)
            todo = [s for s in range(len(self.hands)) if s not in chosen]
            if todo:
                for s, pair in zip(todo, policy.pairs(self.hands, rows, todo), strict=True):
                    for c in pair:
                        self.hands[s].remove(c)
                    chosen[s] = pair
        elif issubclass(asked, OrderDecision):
            chosen.pop(seat)
            place(rows, action[0], seat, pen, two, policy, takes)
            place(rows, action[1], seat, pen, two, policy, takes)
        elif issubclass(asked, TakeRowDecision) and self.placing is not None:
            take(rows, action, self.placing, seat, pen, takes)
            for c, owners in self.queue:  # the seat's other card, when the first took a row
                place(rows, c, owners[0], pen, two, policy, takes)
        elif issubclass(asked, SpotDecision) and self.placing is not None:
            put(rows, action.row, action.side, self.placing, seat, pen, takes)
            for c, owners in self.queue:
                place(rows, c, owners[0], pen, two, policy, takes)
        else:
            raise ValueError(asked)
        place_pairs(rows, chosen, pen, two, policy, takes)


def answerable(asked: type[Decision], rules: Any) -> bool:
    """Whether a decision of this class, in these rules, is played out here (else by the engine)."""
    return supports(rules) and issubclass(asked, (PlayDecision, TakeRowDecision, SpotDecision, OrderDecision))


def draws_for(noise: list[float], cards: int) -> int:
    """How many draws a deal's answers share (``Draws``) when ``cards`` are left in the hand: a careless
    seat draws at most two a turn for its card, two for a row it takes."""
    return 2 * sum(1 for p in noise if p) * (cards + 1)


class Draws:
    """Uniform draws shared by every answer tried on one deal (common random numbers): each reader gives
    the same ``n`` draws from the start, then fresh ones from ``rng`` once they run out."""

    __slots__ = ("u", "fresh")

    def __init__(self, rng: random.Random, n: int) -> None:
        r = rng.random
        self.u = list(starmap(r, repeat((), n)))  # [r() for _ in range(n)], in C
        self.fresh = r

    def reader(self, skip: int = 0) -> Any:
        return chain(islice(self.u, skip, None) if skip else self.u, iter(self.fresh, None)).__next__


class Start:
    """One sampled deal, ready for every answer of ``seat`` to be tried on it (``out``): the hand as plain
    ints once, the others' cards of this turn picked once (they do not depend on the answer; not in Refined
    on two-sided rows), and on four one-sided rows (one card each, Twins, Refined's two) the rows kept compact
    in the order of their ends; each answer then copies only the small lists it changes and plays on with
    ``run`` (two-sided rows: with ``play_out``)."""

    __slots__ = ("hand", "seat", "asked", "noise", "cards", "rows", "laid", "hands", "tail", "compact", "run", "own")

    def __init__(self, g: Any, seat: int, asked: type[Decision], noise: list[float], cards: Draws, rows: Draws) -> None:
        hand = self.hand = Hand(g)
        self.seat, self.asked, self.noise, self.cards, self.rows = seat, asked, noise, cards, rows
        self.laid: list[int] | None = None
        self.tail = cards.u  # the draws every answer reads from its turn on (after the others' picks)
        if hand.two_sided and not hand.pairs and issubclass(asked, PlayDecision):  # Professional: the others'
            shared = iter(cards.u)  # cards of this turn picked once, their draws skipped by every answer
            todo = [s for s, c in enumerate(hand.laid) if c is None and s != seat]
            picks = Mixed(noise, chain(shared, iter(cards.fresh, None)).__next__, True).cards(hand.hands, hand.rows, todo)
            for s, c in zip(todo, picks, strict=True):
                hand.hands[s].remove(c)
                hand.laid[s] = c
            self.tail = cards.u[len(cards.u) - length_hint(shared):]
            return
        if hand.two_sided or len(hand.rows) != 4 or not issubclass(asked, PlayDecision):
            return
        self.compact = twins_by_end(hand.rows) if hand.twins else rows_by_end(hand.rows)
        self.run = run_twins if hand.twins else run_pairs if hand.pairs else run_sorted
        hands = self.hands = hand.hands  # this turn's cards leave them (the Hand is not played on)
        shared = iter(cards.u)  # the draws this turn's picks use are skipped by every answer's reader
        nxt = chain(shared, iter(cards.fresh, None)).__next__
        ends, lens, rh = self.compact[0], self.compact[1], self.compact[-2 if hand.twins else 2]
        if hand.pairs:  # Refined: the pairs already chosen, then the others'
            todo = [s for s in range(len(hands)) if s not in hand.chosen and s != seat]
            self.laid = [(a << 11 | b << 4 | s) for s, (a, b) in ((s, sorted(p)) for s, p in hand.chosen.items())]
            self.laid += pick_pairs([ends, lens, rh], hands, todo, noise, nxt)
        else:
            todo = [s for s, c in enumerate(hand.laid) if c is None and s != seat]
            self.laid = pick_sorted([ends, lens, rh], hands, todo, noise, nxt, hand.twins)
            self.laid += [c << 4 | s for s, c in enumerate(hand.laid) if c is not None]
            if not hand.twins:  # run_sorted: the cards alone, each card's seat in ``own``
                self.own = card_seats(hands, self.laid)
                self.laid = [v >> 4 for v in self.laid]
        self.tail = cards.u[len(cards.u) - length_hint(shared):]  # the draws left for every answer's turns

    def out(self, action: Any, horizon: int) -> tuple[int, int]:
        """``seat``'s ``action``, the hand played on for ``horizon`` more turns (``play_out``'s answer)."""
        seat, noise = self.seat, self.noise
        if self.laid is None:
            hand = self.hand
            policy = Mixed(noise, self._draws(), hand.two_sided, hand.twins, self.rows.reader())
            return play_out(None, seat, self.asked, action, policy, horizon, hand.copy())
        hands = list(map(list.copy, self.hands))
        pen = self.hand.pen.copy()
        start = pen[seat]
        if self.run is run_pairs:
            a, b = sorted(action)
            hands[seat].remove(a)
            hands[seat].remove(b)
            mine = a << 11 | b << 4 | seat
        else:
            card = action[0] if isinstance(action, tuple) else action
            hands[seat].remove(card)
            if self.run is run_sorted:
                return self._sorted(card, self.laid, hands, pen, start, horizon)
            mine = card << 4 | seat
        now = self.run(list(map(list.copy, self.compact)), hands, pen, noise,
                       self._draws(), self.rows.reader(), horizon, self.laid + [mine], seat)
        return now - start, pen[seat] - start

    def _sorted(self, card: int, laid: list[int], hands: list[list[int]], pen: list[int], start: int,
                horizon: int) -> tuple[int, int]:
        """``out`` on plain rows (``run_sorted``): ``card`` laid with the others' cards of this turn (``laid``)."""
        seat = self.seat
        now = run_sorted(list(map(list.copy, self.compact)), hands, pen, self.noise,
                         self._draws(), self.rows.reader(), horizon, [*laid, card], seat, self.own)
        return now - start, pen[seat] - start

    def _draws(self) -> Any:
        """An answer's reader of the shared draws: ``tail``, then fresh ones."""
        return chain(self.tail, iter(self.cards.fresh, None)).__next__


def play_out(g: Any, seat: int, asked: type[Decision], action: Any, policy: Any, horizon: int,
             hand: Hand | None = None) -> tuple[int, int]:
    """``seat``'s answer to its pending decision in ``g`` (not changed; or from ``hand``, which is), the hand
    played on with ``policy``: (heads ``seat`` takes this turn, heads by ``horizon`` more turns or the
    hand's end)."""
    if hand is None:
        hand = Hand(g)
    start = hand.pen[seat]
    hand.answer(asked, seat, action, policy)
    now = hand.pen[seat] - start
    if not hand.two_sided and not hand.twins and not hand.pairs and type(policy) is Mixed and len(hand.rows) == 4:
        policy.run_plain(hand.rows, hand.hands, hand.pen, horizon, seat)
    else:
        play_turns(hand.rows, hand.hands, hand.pen, hand.two_sided, policy, horizon, twins=hand.twins,
                   pairs=hand.pairs)
    return now, hand.pen[seat] - start
