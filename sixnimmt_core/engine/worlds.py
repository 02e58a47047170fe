"""Determinization: a whole game built from one seat's information state, every card the seat cannot
see dealt at random to where it could be (OpenSpiel's ``resample_from_infostate``).

The Coach's and the expert bot's search play each answer out on many such worlds. A world is made
from the information state alone, never from the real game, so it cannot carry a hidden card, and
two games that look alike to the seat give the same worlds for the same draws.
"""

from __future__ import annotations

import random
from collections import Counter, deque

from sixnimmt_core.engine.decisions import PlayDecision, SplitDecision
from sixnimmt_core.engine.game import Game, default_names
from sixnimmt_core.engine.information import Information
from sixnimmt_core.engine.options import Choosing, Dealing

_FUTURE = random.Random(0).getstate()  # the deals after this hand: unknown to everyone, the same in every world


def unseen(info: Information) -> list[int]:
    """Every card the seat cannot see where it is, in order: the other hands, the cards they laid face down
    this turn and the cards no seat holds. In a draft, whose hands are public, only the cards of the seats
    that laid face down this turn: which of them is laid and which still held is not known."""
    if info.rules.dealing == Dealing.DRAFT:
        return sorted(c for s, h in enumerate(info.hands) if s != info.seat and info.laid_hidden[s] for c in h or ())
    seen: Counter[int] = Counter(info.hand)
    seen.update(info.draft_table)
    for group in (info.rows, info.piles):
        for cards in group:
            seen.update(cards)
    for laid in info.laid:
        if laid:
            seen.update(laid)
    p = info.progress
    for card, owners in p.queue:
        seen[card] += len(owners)
    if p.placing is not None:
        seen[p.placing[0]] += len(p.placing[1])
    for d in p.asked:
        if d.__class__ is SplitDecision:  # taken, and not yet split between hand and pile
            seen.update(d.options)
    return sorted((Counter(info.rules.deck_for(info.players)) - seen).elements())


def determinize(info: Information, rng: random.Random) -> Game:
    """A game that ``info``'s seat cannot tell from the real one: what it sees as it is, every unseen card
    (``unseen``) shuffled by ``rng`` and dealt where the seat cannot see, as many to each place as there are."""
    return Worlds(info).draw(rng)


class Worlds:
    """The determinizations of one information state, drawn one after another (a search draws hundreds
    for one decision): what the seat sees is laid out once, and each draw copies it and deals the rest."""

    __slots__ = ("info", "pool", "table", "hidden")

    def __init__(self, info: Information) -> None:
        self.info = info
        self.pool = unseen(info)
        self.table = _public(info)
        seat = info.seat
        self.hidden = [info.laid_sizes[s] if info.laid_hidden[s] and s != seat else 0 for s in range(info.players)]

    def draw(self, rng: random.Random) -> Game:
        """One world: the unseen cards shuffled by ``rng`` and dealt."""
        info, hidden = self.info, self.hidden
        g = self.table.clone()
        seat, players = info.seat, info.players
        pool = list(self.pool)
        rng.shuffle(pool)
        if info.rules.dealing == Dealing.DRAFT:  # every hand is known: only which of its cards a seat laid is not
            for s in range(players):
                if (k := hidden[s]):
                    mine = [c for c in pool if c in (info.hands[s] or ())]
                    g.chosen[s], g.hands[s] = mine[:k], sorted(mine[k:])
        else:
            i = 0
            for s in range(players):
                if s == seat:
                    continue
                if (k := hidden[s]):
                    g.chosen[s] = pool[i:i + k]
                    i += k
                k = info.hand_sizes[s]
                g.hands[s] = sorted(pool[i:i + k])
                i += k
            g.undealt = pool[i:]
        g.pending = [d._replace(options=tuple(g.hands[d[0]])) if d.__class__ is PlayDecision and d[0] != seat else d
                     for d in info.progress.asked]
        return g


def _public(info: Information) -> Game:
    """A game holding what ``info`` shows: the seat's own hand and choice, the table, the scores, the
    engine's place in the turn; other hands, hidden choices and the undealt cards still empty."""
    g = object.__new__(Game)
    rules, players, p = info.rules, info.players, info.progress
    g.rules, g.players, g.seed, g.names = rules, players, None, default_names(players)
    g.rng = random.Random()
    g.rng.setstate(_FUTURE)  # each world's copy (Game.clone) takes the same state
    g.deck = rules.deck_for(players)
    g.totals, g.hand_scores = list(info.totals), [list(s) for s in info.hand_scores]
    g.hand_no, g.turn, g.over, g.marker, g.pending = info.hand_no, info.turn, info.over, info.marker, []
    g.sheets, g.sheet_rows = [list(x) for x in p.sheets], [list(x) for x in p.sheet_rows]
    g.holders, g.by_selection = list(p.holders), [list(x) for x in p.by_selection]
    g.rows = [list(r) for r in info.rows]
    g.hands = [list(h) if h is not None and not info.laid_hidden[s] else [] for s, h in enumerate(info.hands)]
    if info.seat is not None:
        g.hands[info.seat] = list(info.hand)
    g.piles = [list(x) for x in info.piles]
    g.penalty = list(info.penalty)
    g.chosen = [list(c) if c else None for c in info.laid]
    g.undealt, g.draft_table, g.shown = [], list(info.draft_table), info.shown
    g._raw, g._events, g._read, g._record, g._chance, g._deal = [], [], 0, False, deque(), None
    g._one_hidden = rules.choosing == Choosing.HIDDEN and rules.cards_per_turn == 1
    g._simple = rules.plain
    g._queue, g._placing = list(p.queue), p.placing
    g._to_order, g._seat_order, g._round = list(p.to_order), list(p.seat_order), p.round
    g._revealed, g._after, g._drafter = p.revealed, p.after, p.drafter
    return g


__all__ = ["determinize", "unseen", "Worlds"]
