"""The rules on a table of plain ints (``playout.py``'s play-outs): where each card goes and who takes what.

A table is a list of rows, each a list of cards; where a card goes is the engine's one rule, ``table.locate``
(rules 1–4, RULES.md §2; Professional's two ends, §3.4; Twins' stacks, §3.8), and here is what follows: who
takes what, Refined's pairs (§3.6); no events, no words, no checks. Where the rules leave a choice to a player, ``policy`` answers (``row``,
``spot``, ``order``; ``cards`` and ``pairs`` for the cards laid).
"""

from __future__ import annotations

from typing import Any

from sixnimmt_core.engine.table import (
    CLOSEST,
    RIGHT,
    SIXTH,
    TIE,
    TWIN,
    Side,
    locate,
    nearest_spots,
    onto,
)
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
    """``card`` at the ``side`` end of row ``i``: the row's sixth card takes it (rule 3: ``table.onto``)."""
    target = rows[i]
    if onto(target) is SIXTH:
        take(rows, i, card, seat, pen, takes)
    elif side is RIGHT:
        target.append(card)
    else:
        target.insert(0, card)


def place(rows: list[list[int]], card: int, seat: int, pen: list[int], two_sided: bool, policy: Any,
          takes: list[Any] | None = None) -> None:
    """Place one card where ``table.locate`` says, asking ``policy`` where the rules leave the choice to its
    player (a row to take, a tied place)."""
    rule, i, side = locate(card, rows, two_sided)
    if rule is CLOSEST:
        target = rows[i]
        if side is RIGHT:
            target.append(card)
        else:
            target.insert(0, card)
    elif rule is SIXTH:
        take(rows, i, card, seat, pen, takes)
    elif rule is TIE:
        i, side = policy.spot(seat, nearest_spots(card, rows)[0], rows, card)
        put(rows, i, side, card, seat, pen, takes)
    elif rule is TWIN:  # its twin at a row's end (two decks): the stack does not grow the row
        rows[i].insert(len(rows[i]) if side is RIGHT else 0, card)
    else:  # rule 4, or fits nowhere: take a row
        take(rows, policy.row(seat, rows, card), card, seat, pen, takes)


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
    rule, i, _ = locate(card, rows)
    if rule is CLOSEST or rule is TWIN:
        rows[i].extend([card] * len(owners))
    elif rule is SIXTH:
        take_stack(rows, i, card, owners, pen, takes)
    else:
        take_stack(rows, policy.row(owners[0], rows, card), card, owners, pen, takes)


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
