"""Drill questions on where a card goes (base, Professional: the engine's placement judges) and on
who pays in Twins (the engine plays the turn)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import Enum

from sixnimmt_core.engine.cards import total_heads
from sixnimmt_core.engine.errors import Listed, Say
from sixnimmt_core.engine.events import Placed, Took
from sixnimmt_core.engine.game import Deal, Game
from sixnimmt_core.engine.rules import ONE_HAND, find_variant
from sixnimmt_core.engine.table import LEFT, RIGHT, SIXTH, cheapest_row, onto, where
from sixnimmt_core.teaching.quiz import (
    DOMAIN,
    Answer,
    Heads,
    Question,
    Reason,
    Told,
    WhyNot,
    _pays,
    _seat,
    _settle,
)
from sixnimmt_core.teaching.scenarios import EXAMPLES
from sixnimmt_core.teaching.teach import practice_table


# ---- where does the card go? (base, Professional) -----------------------------------------------------
def where_question(rows: Sequence[Sequence[int]], card: int, two_sided: bool, kind: str,
                   source: Say | None = None) -> Question:
    """Which place (row and end) takes ``card``, or none (a row is taken): the engine's placement judges.

    A tie's places are all allowed (the player's choice, a ruling); the advice is the cheaper one."""
    p = where(card, [list(r) for r in rows], two_sided)
    answers = []
    sides = (LEFT, RIGHT) if two_sided else (RIGHT,)
    for i, row in enumerate(p.rows):
        for side in sides:
            end = row[0] if side == LEFT else row[-1]
            legal = p.allows(i, side)
            cost = total_heads(row) if onto(list(row)) == SIXTH else 0
            why = Say("where.cost", domain=DOMAIN, reason=Reason(p), cost=Heads(cost)) if legal else \
                Say("where.not", domain=DOMAIN, said=Say(f"where.said.{side}", domain=DOMAIN, row=i + 1, end=end), why=WhyNot(p, i, side))
            label = Say(f"where.{side}" if two_sided else "where.row", domain=DOMAIN, row=i + 1, end=end)
            answers.append(Answer(f"{side}:{i + 1}", label, legal, legal, cost if legal else None, why, (i, side)))
    low = cheapest_row([list(r) for r in p.rows])
    low_heads = total_heads(p.rows[low])
    why = Say("where.low.cost", domain=DOMAIN, reason=Reason(p), row=low + 1, cost=Heads(low_heads)) if p.low else \
        Say("where.not.low", domain=DOMAIN, reason=Reason(p))
    answers.append(Answer("low", Say("where.nowhere" if two_sided else "where.low", domain=DOMAIN), p.low, p.low,
                          low_heads if p.low else None, why))
    legal_costs = [a.cost for a in answers if a.legal and a.cost is not None]
    cheapest = min(legal_costs)
    answers = [Answer(a.key, a.label, a.legal, a.legal and a.cost == cheapest, a.cost, a.why, a.place) for a in answers]
    return Question(kind, Say("where.ask.two" if two_sided else "where.ask", domain=DOMAIN, card=card),
                    tuple(tuple(r) for r in p.rows), tuple(answers), two_sided, source=source, card=card)


def _source(key: str) -> Say:
    ex = EXAMPLES[key]
    return Say("source.rebuilt" if ex.reconstructed else "source.from", domain=DOMAIN, source=ExampleSource(key))


class ExampleSource:
    """Where a documents' example comes from, in the language asked (catalogue ``lessons``)."""

    def __init__(self, key: str) -> None:
        self.key = key

    def words(self, lang: str = "en") -> str:
        return EXAMPLES[self.key].source_in(lang)


def base_examples() -> list[Question]:
    out = []
    for key, ex in EXAMPLES.items():
        if ex.variant == "base" and len(ex.played) == 1 or key == "amigo-fig1":
            out.append(where_question(ex.table(), ex.played[0], False, "where", _source(key)))
    return out


def professional_examples() -> list[Question]:
    """Example 1 card by card, on the table each card finds (the engine plays it), then example 2."""
    from sixnimmt_core.engine.events import ChoseRow, ChoseSpot
    from sixnimmt_core.teaching.narrate import frames

    out = []
    ex = EXAMPLES["pro-1"]
    asked: set[int] = set()
    for f in frames(ex.played_game()):
        e = f.event
        if isinstance(e, (Placed, ChoseRow, ChoseSpot)) and e.card in ex.played and e.card not in asked:
            asked.add(e.card)
            out.append(where_question(f.before.rows, e.card, True, "professional", _source("pro-1")))
    ex2 = EXAMPLES["pro-2"]
    out.append(where_question(ex2.table(), ex2.played[0], True, "professional", _source("pro-2")))
    return out


def fresh_where(rng: random.Random) -> Question:
    rows, card = practice_table(rng, False)
    return where_question(rows, card, False, "where")


def fresh_professional(rng: random.Random) -> Question:
    rows, card = practice_table(rng, True)
    return where_question(rows, card, True, "professional")



# ---- Twins: who pays what ------------------------------------------------------------------------------
class TwinsKind(Enum):
    """A Twins situation a question shows (its value names the hint's message, ``twins.hint.<value>``)."""

    SHARED = "shared"  # two seats lay the same card onto a row they fill: they share its heads
    ON_TWIN = "on_twin"  # a card laid on its twin at a row's end
    STACK = "stack"  # the pair stacks as one place: the card after it is the sixth
    SHARED_LOW = "shared_low"  # a pair below every row end: they share the cheapest row


TWINS_KINDS = tuple(TwinsKind)


def twins_position(kind: TwinsKind, rng: random.Random) -> tuple[list[list[int]], list[int]]:
    """Rows and the cards the seats play for one Twins situation (``TWINS_KINDS``)."""
    for _ in range(200):
        full = sorted(rng.sample(range(12, 46), 5))
        others = sorted(rng.sample(range(56, 100), 3))
        if others[1] - others[0] < 5 or others[2] - others[1] < 5:
            continue  # the other cards played go after their own row end, never onto a twin
        if kind is TwinsKind.STACK:
            full = full[1:]  # four places: the stack fills the fifth, the next card is the sixth
        x = full[-1] + rng.randint(1, 3)
        rows = [full] + [[o] for o in others]
        if kind is TwinsKind.SHARED:
            played = [x, x, others[0] + 1]
        elif kind is TwinsKind.ON_TWIN:
            played = [full[-1], others[0] + rng.randint(1, 3), others[1] + 1]
        elif kind is TwinsKind.STACK:
            played = [x, x, x + 1]
        else:  # a pair below every row end
            low = rng.randint(1, full[0] - 1)
            played = [low, low, others[1] + 1]
        rng.shuffle(rows)
        rows = [sorted(r) for r in rows]
        h = total_heads(full) if kind is TwinsKind.SHARED else min(total_heads(r) for r in rows)
        if kind in (TwinsKind.SHARED, TwinsKind.SHARED_LOW) and (h % 2 == 0 or kind is TwinsKind.SHARED and h < 3) and _ < 150:
            continue  # an odd number of heads shows the rounding up
        if len(set(played)) == len(played) - (kind is not TwinsKind.ON_TWIN) and played[-1] <= 104:
            return rows, played
    raise AssertionError("no Twins position")  # pragma: no cover - 200 draws always find one


def twins_question(rows: list[list[int]], played: list[int], kind: TwinsKind | str) -> Question:
    """Who pays what after this turn: the engine plays it (a low pair takes the cheapest row)."""
    kind = TwinsKind(kind)
    rules = find_variant("twins").but(match_end=ONE_HAND)
    n = len(played)
    game = Game(rules, n, deal=Deal([[c] for c in played], [list(r) for r in rows]))
    start = len(game.log)
    for s, c in enumerate(played):
        game.act(s, c)
    _settle(game)
    truth = list(game.penalty)
    took = [e for e in game.log[start:] if isinstance(e, Took)]
    h = took[0].heads if took else 0
    alts: list[list[int]] = []
    if kind in (TwinsKind.SHARED, TwinsKind.SHARED_LOW):
        alts = [[h // 2, h // 2] + [0] * (n - 2), [h] + [0] * (n - 1), [h, h] + [0] * (n - 2)]
    elif kind is TwinsKind.ON_TWIN:
        row = next(r for r in rows if r[-1] == played[0])
        alts = [[total_heads(row)] + [0] * (n - 1), [0, total_heads(row)] + [0] * (n - 2)]
    elif kind is TwinsKind.STACK:
        row = next(r for r in rows if len(r) == 4)
        alts = [[0] * n, [0, 0, total_heads(row)] + [0] * (n - 3), [h // 2 + h % 2] * 2 + [0] * (n - 2)]
    vectors = [truth] + [v for v in alts if v != truth]
    seen: list[list[int]] = []
    for v in vectors:
        if v not in seen:
            seen.append(v)
    rng = random.Random(sum(played) * 7 + len(rows[0]))
    rng.shuffle(seen)
    told = Told(game, start, (Placed, Took))
    answers = tuple(Answer("-".join(map(str, v)), _pays(v), v == truth, v == truth, None,
                           Say("twins.why", domain=DOMAIN, told=told) if v == truth else Say("not.so", domain=DOMAIN, said=_pays(v)))
                    for v in seen)
    laid = Listed([Say("seat.card", domain=DOMAIN, seat=_seat(s), card=c) for s, c in enumerate(played)], "; ")
    return Question("twins", Say("twins.ask", domain=DOMAIN), tuple(tuple(r) for r in rows), answers,
                    show=(Say("twins.laid", domain=DOMAIN, laid=laid), Say(f"twins.hint.{kind.value}", domain=DOMAIN)))


def fresh_twins(rng: random.Random) -> Question:
    kind = TWINS_KINDS[rng.randrange(len(TWINS_KINDS))]
    rows, played = twins_position(kind, rng)
    return twins_question(rows, played, kind)

