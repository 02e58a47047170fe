"""Drill questions on a player's choices, judged by playing each answer through the engine: the order
of Refined's two cards, what Hand keeps, Open's row, a draft pick (Logic, Tournament) and
Tactics' cards still unseen."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from sixnimmt_core.engine.cards import heads, total_heads
from sixnimmt_core.engine.decisions import OrderDecision, PlayDecision, SplitDecision
from sixnimmt_core.engine.errors import IllegalAction, Listed, Say
from sixnimmt_core.engine.events import Placed, Took
from sixnimmt_core.engine.game import Deal, Game
from sixnimmt_core.engine.rules import ONE_HAND, find_variant
from sixnimmt_core.engine.table import where
from sixnimmt_core.players.bots import make_bots
from sixnimmt_core.teaching.quiz import (
    DOMAIN,
    Answer,
    Builder,
    Heads,
    Question,
    Refusal,
    _each_answer,
    _games,
    _seat,
    _step,
    cards_list,
)


# ---- Refined: the order of your two cards -----------------------------------------------------------------
def refined_question(game: Game) -> Question | None:
    """The order decision pending in ``game``: what each order costs its player (the engine places both);
    None when both orders cost the same."""
    d = game.pending[0]
    me = d.seat
    answers = _each_answer(game)
    costs = {c for _, c, _ in answers}
    if len(costs) < 2:
        return None
    best = min(costs)
    revealed = Listed([Say("seat.hand", domain=DOMAIN, seat=_seat(s), cards=Listed(sorted(c)))
                       for s, c in enumerate(game.chosen) if c], "; ")
    out = tuple(Answer(f"{a},{b}", Say("refined.order", domain=DOMAIN, first=a, second=b), True, cost == best, cost,
                       Say("refined.why", domain=DOMAIN, first=a, second=b, cost=Heads(cost), told=told))
                for (a, b), cost, told in answers)
    return Question("refined", Say("refined.ask", domain=DOMAIN, seat=_seat(me), low=min(d.options[0])),
                    tuple(tuple(r) for r in game.rows), out,
                    show=(Say("refined.revealed", domain=DOMAIN, cards=revealed),))


def fresh_refined(rng: random.Random) -> Question:
    for game, bots in _games("refined", 3, rng):
        while game.pending and not game.over:
            if isinstance(game.pending[0], OrderDecision) and len(game.pending[0].options) == 2:
                q = refined_question(game)
                if q is not None:
                    return q
            _step(game, bots)
    raise AssertionError("no Refined position")  # pragma: no cover


# ---- Hand: which taken cards you keep ---------------------------------------------------------------------
def hand_question(rows: list[list[int]], hands: list[list[int]], card: int) -> Question:
    """Seat A lays ``card``, the sixth card of a row, and splits the row it takes (the engine judges)."""
    rules = find_variant("hand").but(match_end=ONE_HAND)
    game = Game(rules, len(hands), deal=Deal([list(h) for h in hands], [list(r) for r in rows]))
    game.act(0, [card])
    d = game.pending[0]
    assert isinstance(d, SplitDecision), d
    taken = list(d.options)
    cheap = sorted((c for c in taken if heads(c) == 1), reverse=True)[: d.room]
    dear = sorted(taken, key=lambda c: (-heads(c), c))[: d.room]
    keeps = [tuple(sorted(cheap)), (), tuple(sorted(dear)), tuple(taken)]  # the advice first
    answers, seen = [], set()
    for keep in keeps:
        if keep in seen:
            continue
        seen.add(keep)
        g = game.clone()
        pile = [c for c in taken if c not in keep]
        try:
            g.act(0, list(keep))
        except IllegalAction as exc:
            answers.append(Answer(_keep_key(keep), _keep_label(keep), False, False, None,
                                  Say("hand.refused", domain=DOMAIN, why=Refusal(exc))))
            continue
        now, later = total_heads(pile), total_heads(keep)
        advised = all(heads(c) == 1 for c in keep)
        answers.append(Answer(_keep_key(keep), _keep_label(keep), True, advised, None,
                              Say("hand.cost", domain=DOMAIN, pile=Heads(now), hand=Heads(later), double=Heads(2 * later))))
    return Question("hand", Say("hand.ask", domain=DOMAIN, card=card, room=d.room, limit=rules.hand_limit),
                    tuple(tuple(r) for r in rows), tuple(answers),
                    show=(Say("hand.holding", count=len(game.hands[0]), domain=DOMAIN, n=len(game.hands[0]), cards=Listed(game.hands[0], ", ")),
                          Say("hand.taken", domain=DOMAIN, cards=Listed(taken, ", "), heads=Heads(total_heads(taken)))),
                    card=card)


def _keep_key(keep: Sequence[int]) -> str:
    return "keep:" + ",".join(map(str, keep))


def _keep_label(keep: Sequence[int]) -> Say:
    return Say("hand.keep", domain=DOMAIN, cards=Listed(keep)) if keep else Say("hand.keep.none", domain=DOMAIN)


def fresh_hand(rng: random.Random) -> Question:
    for _ in range(200):
        deck = list(range(1, 105))
        rng.shuffle(deck)
        full = sorted(deck[:5])
        if not any(heads(c) > 1 for c in full) or sum(heads(c) == 1 for c in full) < 2 or full[-1] > 95:
            continue
        card = full[-1] + 1
        if card in deck[5:9]:
            continue
        others = [c for c in deck[5:] if c != card]
        starters = [c for c in others if c > card + 3][:3]
        rest = [c for c in others if c not in starters and c != card]
        rows = sorted([full] + [[s] for s in starters], key=lambda r: r[0])
        mine = sorted([card] + rest[:13])
        theirs = sorted(rest[13:27])
        return hand_question(rows, [mine, theirs], card)
    raise AssertionError("no Hand position")  # pragma: no cover


# ---- Open: choose, seeing the cards laid before you --------------------------------------------------------
def open_question(game: Game) -> Question | None:
    """The last seat to lay this turn chooses, every other card laid face up: what each card costs it."""
    d = game.pending[0]
    me = d.seat
    answers = _each_answer(game, (Placed, Took))
    costs = {c for _, c, _ in answers}
    if len(costs) < 2:
        return None
    best = min(costs)
    laid = Listed([Say("seat.card", domain=DOMAIN, seat=_seat(s), card=c[0]) for s, c in enumerate(game.view(me).laid)
                   if c and s != me], "; ")
    out = tuple(Answer(f"card:{c}", Say("open.lay", domain=DOMAIN, card=c), True, cost == best, cost,
                       Say("open.why", domain=DOMAIN, card=c, cost=Heads(cost), told=told)) for c, cost, told in answers)
    return Question("open", Say("open.ask", domain=DOMAIN, seat=_seat(me)), tuple(tuple(r) for r in game.rows), out,
                    show=(Say("open.laid", domain=DOMAIN, laid=laid), Say("open.hand", domain=DOMAIN, cards=Listed(d.options, ", "))))


def fresh_open(rng: random.Random) -> Question:
    for game, bots in _games("open", 4, rng):
        while game.pending and not game.over:
            d = game.pending[0]
            last = (game.marker + game.players - 1) % game.players
            if isinstance(d, PlayDecision) and d.seat == last and game.turn >= 2 and len(d.options) <= 6:
                q = open_question(game)
                if q is not None:
                    return q
            _step(game, bots)
    raise AssertionError("no Open position")  # pragma: no cover


# ---- Logic, Tournament: the last draft pick ------------------------------------------------------------
def draft_question(game: Game, variant: str) -> Question:
    """The last pick of the draft: the four cards left start the rows; each pick played out by careful bots."""
    d = game.pending[0]
    me = d.seat
    answers = []
    for card in sorted(d.options):
        g = game.clone()
        g.act(me, card)
        bots = make_bots(["cautious"], g.players, 0)
        while g.pending and not g.over:
            _step(g, bots)
        rows = sorted(c for c in d.options if c != card)
        answers.append((card, g.totals[me], rows))
    best = min(c for _, c, _ in answers)
    out = tuple(Answer(f"card:{c}", Say("draft.take", domain=DOMAIN, card=c), True, cost == best, cost,
                       Say("draft.why", domain=DOMAIN, card=c, rows=Listed(rows), cost=Heads(cost)))
                for c, cost, rows in answers)
    hands = [Say("seat.hand", domain=DOMAIN, seat=_seat(s), cards=Listed(sorted(h), ", ")) for s, h in enumerate(game.hands)]
    return Question(variant, Say(f"draft.ask.{variant}", domain=DOMAIN, seat=_seat(me)), (), out,
                    show=(Say("draft.table", domain=DOMAIN, cards=Listed(sorted(d.options), ", ")), *hands))


def fresh_draft(variant: str) -> Builder:
    def build(rng: random.Random) -> Question:
        rules = find_variant(variant).but(match_end=ONE_HAND) if variant == "logic" else find_variant(variant)
        for _ in range(40):
            game = Game(rules, 2, seed=rng.randrange(10**6))
            while len(game.pending[0].options) > 5:  # the picks before the last, at random
                d = game.pending[0]
                game.act(d.seat, d.options[rng.randrange(len(d.options))])
            q = draft_question(game, variant)
            if len({a.cost for a in q.answers}) > 1:
                return q
        return q
    return build


# ---- Tactics: what can still come ----------------------------------------------------------------------
def tactics_question(game: Game, me: int = 0) -> Question:
    """How many cards you have not seen are lower than every row end (every card in play is known)."""
    deck = game.rules.deck_for(game.players)
    hand = game.hands[me]
    on_rows = [c for r in game.rows for c in r]
    taken = [c for p in game.piles for c in p]
    unseen = sorted((Counter(deck) - Counter(hand) - Counter(on_rows) - Counter(taken)).elements())
    low_end = min(r[-1] for r in game.rows)
    low = [c for c in unseen if where(c, game.rows).low]
    n = len(low)
    mine = [c for c in hand if where(c, game.rows).low]
    gone = [c for c in taken if c < low_end]
    counts = [n, n + len(mine), n + len(gone), n + len(mine) + len(gone), n + 1, max(n - 1, 0), n + 2]
    options: list[int] = []
    for c in counts:
        if c not in options and len(options) < 4:
            options.append(c)
    options.sort()
    why = Say("tactics.why", domain=DOMAIN, players=game.players, deck_low=deck[0], deck_high=deck[-1], hand=cards_list(hand), taken=cards_list(taken), unseen=cards_list(unseen), end=low_end, low=cards_list(low), n=n)
    answers = tuple(Answer(f"count:{c}", Say("tactics.count", count=c, domain=DOMAIN, n=c), c == n, c == n, None,
                           why if c == n else Say("not.so", domain=DOMAIN, said=Say("tactics.count", count=c, domain=DOMAIN, n=c))) for c in options)
    return Question("tactics", Say("tactics.ask", domain=DOMAIN, end=low_end), tuple(tuple(r) for r in game.rows), answers,
                    show=(Say("tactics.deck", domain=DOMAIN, players=game.players, low=deck[0], high=deck[-1]),
                          Say("tactics.hand", domain=DOMAIN, cards=Listed(hand, ", ")), Say("tactics.taken", domain=DOMAIN, cards=cards_list(taken))))


def fresh_tactics(rng: random.Random) -> Question:
    q = None
    for game, bots in _games("tactics", 3, rng):
        turns = rng.randint(2, 6)
        while game.pending and not game.over and game.turn <= turns:
            _step(game, bots)
        if game.over or not game.pending or not isinstance(game.pending[0], PlayDecision):
            continue
        q = tactics_question(game, game.pending[0].seat)
        if q.best.key != "count:0":
            return q
    assert q is not None
    return q


