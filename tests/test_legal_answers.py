"""A decision lists its legal answers (``Decision.legal_answers``, as OpenSpiel's ``legal_actions``):
exactly the answers ``Game.act`` accepts, each once, in one form.

The counts by hand come from the rules: a Refined play is a set of two cards (their order is asked after the
reveal), so 3 cards in hand give C(3, 2) = 3 answers; the Hand variant lays one card or two placed in the order
given, so 3 cards give 3 + 3 × 2 = 9; a split keeps none to ``room`` of the taken cards. In every variant,
on positions of real games, every listed answer is accepted by ``act`` on a clone, and of many others (cards
not held, the wrong count, rows and places that are none, the same cards in another form) ``act`` accepts
exactly those that are a listed answer in another form.
"""

from __future__ import annotations

import random
from itertools import combinations, permutations
from typing import Any

import pytest

from sixnimmt_core import Deal, Game, find_variant, make_bots
from sixnimmt_core.engine.decisions import (
    Decision,
    DraftDecision,
    OrderDecision,
    PlayDecision,
    SplitDecision,
    SpotDecision,
    TakeRowDecision,
)
from sixnimmt_core.engine.errors import SixNimmtError
from sixnimmt_core.engine.options import Choosing
from sixnimmt_core.engine.table import LEFT, RIGHT, Spot


@pytest.mark.parametrize(("decision", "answers"), [
    (PlayDecision(0, (5, 17, 40)), (5, 17, 40)),  # one card: each card held
    (PlayDecision(0, (11, 11, 30)), (11, 30)),  # Twins: a card held twice is one answer
    (PlayDecision(0, (5, 17, 40), 2, 2), ((5, 17), (5, 40), (17, 40))),  # Refined: C(3, 2) sets of two
    (PlayDecision(0, (11, 11, 30), 2, 2), ((11, 11), (11, 30))),  # two of a card held twice: a set too
    (PlayDecision(0, (5, 17, 40), 1, 2),  # Hand: 3 single cards, then 3 × 2 pairs in the order laid
     (5, 17, 40, (5, 17), (5, 40), (17, 5), (17, 40), (40, 5), (40, 17))),
    (PlayDecision(0, (9,), 1, 1), (9,)),  # Hand, one card left: only it
    (DraftDecision(0, (3, 50, 104)), (3, 50, 104)),
    (OrderDecision(0, ((5, 12), (12, 5)), 2, 2), ((5, 12), (12, 5))),
    (TakeRowDecision(0, (0, 1, 2, 3), card=5), (0, 1, 2, 3)),
    (SpotDecision(0, (Spot(1, RIGHT, 40, 2), Spot(3, LEFT, 44, 2)), card=42),
     (Spot(1, RIGHT, 40, 2), Spot(3, LEFT, 44, 2))),
    (SplitDecision(0, (5, 6, 7), room=2),  # none, one or two of three: 1 + 3 + 3
     ((), (5,), (6,), (7,), (5, 6), (5, 7), (6, 7))),
    (SplitDecision(0, (6, 5), room=16), ((), (5,), (6,), (5, 6))),  # room for all: every subset, 2²
    (SplitDecision(0, (5, 6), room=0), ((),)),  # a full hand keeps nothing
])
def test_the_answers_counted_by_hand(decision: Decision, answers: tuple[Any, ...]) -> None:
    assert decision.legal_answers() == answers


def test_small_dealt_positions_counted_by_hand() -> None:
    """Three cards each, dealt by hand: Refined asks for 2 of 3 (3 sets, either order accepted), the Hand
    variant for 1 or 2 in order (3 + 6), the base game for 1 (3); every one accepted, none of the others."""
    rows = [[10], [30], [60], [90]]
    hands = [[5, 17, 40], [20, 50, 70], [25, 55, 80]]
    refused = [20, (5, 20), (5, 5), (5, 17, 40), [], 5.0, True]  # not held, held once, three, none, not cards
    for variant, want, also_refused in (
            ("refined", [(5, 17), (5, 40), (17, 40)], [5, (5,)]),  # two cards, never one
            ("hand", [5, 17, 40, (5, 17), (5, 40), (17, 5), (17, 40), (40, 5), (40, 17)], []),
            ("base", [5, 17, 40], [(5, 17)])):  # one card, never two
        g = Game(find_variant(variant), 3, deal=Deal([list(h) for h in hands], [list(r) for r in rows]),
                 one_hand=True)
        d = g.decision(0)
        assert d is not None and list(d.legal_answers()) == want, variant
        assert all(accepts(g, 0, a) for a in want)
        assert not any(accepts(g, 0, a) for a in refused + also_refused), variant
        if variant == "refined":
            assert accepts(g, 0, (40, 5)) and accepts(g, 0, [17, 5])  # a set, given in another order


# ---- against Game.act ---------------------------------------------------------------------------------
def accepts(game: Game, seat: int, answer: Any) -> bool:
    """Whether ``act`` takes ``answer`` (on a clone: the game itself is not changed)."""
    try:
        game.clone().act(seat, answer)
    except SixNimmtError:
        return False
    return True


def whole(x: Any) -> bool:
    """A card, a row: an int, never a bool (``True == 1``) or a float (``1.0 == 1``), which ``act`` refuses."""
    return isinstance(x, int) and not isinstance(x, bool)


def canonical(d: Decision, answer: Any, in_order: bool) -> Any:
    """The listed form of an answer ``act`` might take in another form (None: it has no listed form);
    ``in_order``: the cards of a play are placed in the order given (the Hand variant), else a set."""
    if isinstance(d, SpotDecision):
        if isinstance(answer, tuple) and len(answer) == 2 and whole(answer[0]):
            return next((s for s in d.options if (s.row, s.side) == answer), None)
        return answer if isinstance(answer, Spot) else None
    if whole(answer):
        cards: tuple[Any, ...] = (answer,)
    elif isinstance(answer, (list, tuple)) and all(whole(c) for c in answer):
        cards = tuple(answer)
    else:
        return None
    if isinstance(d, SplitDecision):
        return tuple(sorted(cards))
    if isinstance(d, PlayDecision):
        if len(cards) == 1:
            return cards[0]
        return cards if in_order else tuple(sorted(cards))
    if isinstance(d, OrderDecision):
        return cards
    return answer if whole(answer) else None  # a card to draft, a row to take


def others(g: Game, d: Decision, rng: random.Random) -> list[Any]:
    """Answers to try besides the listed ones: listed ones in other forms, and many that are none."""
    outside = [c for c in range(106) if c not in d.options]
    some = rng.sample(outside, 3) + [0, 105, -1]
    if isinstance(d, PlayDecision):
        hand = list(d.options)
        out: list[Any] = [*some, *([c] for c in hand[:3]), *((c,) for c in hand[:3]), (), [], (hand[0], some[0])]
        out += [tuple(p) for p in permutations(hand, 2)] + [(c, c) for c in hand]  # every pair, in both orders
        out += [list(p) for p in combinations(hand, 2)][:5] + [tuple(hand[:3])]
        return out
    if isinstance(d, SplitDecision):
        taken = list(d.options)
        subsets = [tuple(s) for k in range(len(taken) + 1) for s in combinations(taken, k)]
        return [*subsets, *(tuple(reversed(s)) for s in subsets), taken + [some[0]], [some[0]], taken[0]]
    if isinstance(d, (DraftDecision, TakeRowDecision)):
        return [*some, *range(-1, 6), True, 1.0, "1", *d.options]
    if isinstance(d, OrderDecision):
        a, b = d.options[0]
        return [(a, b), (b, a), [b, a], (a, a), (b, b), (a, some[0]), (a,), (a, b, a), a]
    return [(row, side) for row in range(-1, 5) for side in (LEFT, RIGHT, "left", "right", "up")] + [*d.options]


# which decisions each variant asks (a game is played until each has been seen)
ASKED = {
    "base": {PlayDecision, TakeRowDecision},
    "tactics": {PlayDecision, TakeRowDecision},
    "logic": {DraftDecision, PlayDecision, TakeRowDecision},
    "tournament": {DraftDecision, PlayDecision, TakeRowDecision},
    "professional": {PlayDecision, TakeRowDecision, SpotDecision},
    "open": {PlayDecision, TakeRowDecision},
    "refined": {PlayDecision, OrderDecision, TakeRowDecision},
    "hand": {PlayDecision, TakeRowDecision, SplitDecision},
    "twins": {PlayDecision, TakeRowDecision},
}
PER_KIND = 4  # decisions of each class checked in a variant


@pytest.mark.parametrize("variant", sorted(ASKED))
def test_act_accepts_exactly_the_listed_answers(variant: str) -> None:
    rules, players = find_variant(variant), 3
    rng = random.Random(variant)
    in_order = rules.choosing == Choosing.IMMEDIATE  # the Hand variant places a play's cards in its order
    checked: dict[type[Decision], int] = {}
    for seed in range(60):
        g = Game(rules, players, seed=seed, one_hand=True)
        bots = make_bots(["random"], players, seed)
        while g.pending:
            d = g.pending[0]
            if checked.get(type(d), 0) < PER_KIND:
                checked[type(d)] = checked.get(type(d), 0) + 1
                listed = d.legal_answers()
                assert len(set(listed)) == len(listed), listed  # each once …
                assert all(canonical(d, x, in_order) == x for x in listed), listed  # … in its one form
                assert all(accepts(g, d.seat, a) for a in listed), d
                for a in others(g, d, rng):
                    assert accepts(g, d.seat, a) == (canonical(d, a, in_order) in listed), (d, a)
            g.act(d.seat, bots[d.seat].decide(d, g.view(d.seat)))
        if all(checked.get(cls, 0) >= PER_KIND for cls in ASKED[variant]):
            break
    assert set(checked) == ASKED[variant]
