"""The rules on a table of plain ints (``playout.py``'s play-outs): where each card goes and who takes what.

A table is a list of rows, each a list of cards; the rules are those of ``table.py`` (rules 1–4, RULES.md
§2; Professional's two ends, §3.4; Twins' stacks, §3.8; Refined's pairs, §3.6) and nothing else: no
events, no words, no checks. Where the rules leave a choice to a player, ``policy`` answers (``row``,
``spot``, ``order``; ``cards`` and ``pairs`` for the cards laid).
"""

from __future__ import annotations

from typing import Any

from sixnimmt_core.engine.table import LEFT, RIGHT, Side, places  # places: stacked twins fill one
from sixnimmt_core.players.rowloop import row_heads


def take(rows: list[list[int]], i: int, card: int, seat: int, pen: list[int], takes: list[Any] | None) -> None:
    """``card`` takes row ``i``: its heads go to ``seat``, the card starts the row."""
    taken = rows[i]
    n = row_heads(taken)
    pen[seat] += n
    rows[i] = [card]
    if takes is not None:
        takes.append((seat, i, n))


def put(rows: list[list[int]], i: int, side: Side, card: int, seat: int, pen: list[int],
        takes: list[Any] | None) -> None:
    """``card`` at the ``side`` end of row ``i``: the row's sixth card takes it (rule 3)."""
    target = rows[i]
    if len(target) >= 5:
        take(rows, i, card, seat, pen, takes)
    elif side == RIGHT:
        target.append(card)
    else:
        target.insert(0, card)


def spots(card: int, rows: list[list[int]]) -> tuple[list[tuple[int, Side]], int]:
    """Professional: the nearest places (row, side) for ``card`` and their distance ([] : fits nowhere)."""
    best: list[tuple[int, Side]] = []
    near = 999
    for i, r in enumerate(rows):
        right = r[-1]
        if right < card:
            d = card - right
            if d < near:
                near, best = d, [(i, RIGHT)]
            elif d == near:
                best.append((i, RIGHT))
        left = r[0]
        if left > card:
            d = left - card
            if d < near:
                near, best = d, [(i, LEFT)]
            elif d == near:
                best.append((i, LEFT))
    return best, near


def place(rows: list[list[int]], card: int, seat: int, pen: list[int], two_sided: bool, policy: Any,
          takes: list[Any] | None = None) -> None:
    """Place one card as the rules say, asking ``policy`` where the rules leave the choice to its player."""
    if not two_sided:
        best, top = -1, 0
        for i, r in enumerate(rows):
            end = r[-1]
            if top < end < card:
                best, top = i, end
        if best < 0:  # rule 4: below every row end
            take(rows, policy.row(seat, rows, card), card, seat, pen, takes)
            return
        target = rows[best]
        if len(target) >= 5:
            take(rows, best, card, seat, pen, takes)
        else:
            target.append(card)
        return
    near, _ = spots(card, rows)
    if not near:  # fits nowhere: take a row, as rule 4
        take(rows, policy.row(seat, rows, card), card, seat, pen, takes)
        return
    i, side = near[0] if len(near) == 1 else policy.spot(seat, near, rows, card)
    put(rows, i, side, card, seat, pen, takes)


def place_all(rows: list[list[int]], laid: list[tuple[int, int]], pen: list[int], two_sided: bool, policy: Any,
              takes: list[Any] | None = None, twins: bool = False) -> None:
    """Place this turn's (card, seat) pairs, lowest card first (Twins: equal cards as one stack)."""
    if twins:
        units: dict[int, list[int]] = {}
        for card, seat in sorted(laid, key=lambda x: x[1]):
            units.setdefault(card, []).append(seat)
        for card in sorted(units):
            place_stack(rows, card, tuple(units[card]), pen, policy, takes)
        return
    for card, seat in sorted(laid):
        place(rows, card, seat, pen, two_sided, policy, takes)


def place_pairs(rows: list[list[int]], chosen: dict[int, tuple[int, int]], pen: list[int], two_sided: bool,
                policy: Any, takes: list[Any] | None = None) -> None:
    """Refined (RULES.md §3.6): the seat holding the lowest card not yet placed orders its two (``policy.order``)
    and places both, one after the other; then the next, until every seat's pair is placed."""
    while chosen:
        s = min(chosen, key=lambda seat: (min(chosen[seat]), seat))
        a, b = sorted(chosen.pop(s))
        first, second = policy.order(s, (a, b), rows)
        place(rows, first, s, pen, two_sided, policy, takes)
        place(rows, second, s, pen, two_sided, policy, takes)


def take_stack(rows: list[list[int]], i: int, card: int, owners: tuple[int, ...], pen: list[int],
               takes: list[Any] | None) -> None:
    """Twins: the stack of ``card`` (one copy per owner) takes row ``i``; owners who laid it together
    share the heads, each paying its share rounded up."""
    taken = rows[i]
    n = row_heads(taken)
    rows[i] = [card] * len(owners)
    seats = owners if len(owners) == 1 else sorted(set(owners))
    if len(seats) > 1:
        share = -(-n // len(seats))
        for s in seats:
            pen[s] += share
    else:
        pen[seats[0]] += n
    if takes is not None:
        takes.append((seats[0], i, n))


def place_stack(rows: list[list[int]], card: int, owners: tuple[int, ...], pen: list[int], policy: Any,
                takes: list[Any] | None = None) -> None:
    """Twins: place ``card`` laid by ``owners`` (one copy each): on its twin at a row's end, else by rules 1–4
    (a row's places count a stack once)."""
    stack = [card] * len(owners)
    best, top = -1, 0
    for i, r in enumerate(rows):
        end = r[-1]
        if end == card:
            r.extend(stack)
            return
        if top < end < card:
            best, top = i, end
    if best < 0:
        take_stack(rows, policy.row(owners[0], rows, card), card, owners, pen, takes)
    elif places(rows[best]) >= 5:
        take_stack(rows, best, card, owners, pen, takes)
    else:
        rows[best].extend(stack)


def play_turns(rows: list[list[int]], hands: list[list[int]], pen: list[int], two_sided: bool, policy: Any,
               turns: int, takes: list[Any] | None = None, twins: bool = False, pairs: bool = False) -> None:
    """Play up to ``turns`` whole turns (fewer when the cards run out): every seat lays a card its policy
    picks, then the cards are placed lowest first (Refined, ``pairs``: two cards each, ``place_pairs``)."""
    for _ in range(turns):
        if not hands[0]:
            return
        if pairs:
            chosen = dict(enumerate(policy.pairs(hands, rows, range(len(hands)))))
            for s, pair in chosen.items():
                for c in pair:
                    hands[s].remove(c)
            place_pairs(rows, chosen, pen, two_sided, policy, takes)
            continue
        cards = policy.cards(hands, rows, range(len(hands)))
        laid = []
        for s, c in enumerate(cards):
            hands[s].remove(c)
            laid.append((c, s))
        place_all(rows, laid, pen, two_sided, policy, takes, twins)
