""""Try it" questions for each variant's own rule, judged and explained by the engine.

A :class:`Drill` asks one :class:`Question` at a time: first the documents' examples where the
documents have them (``scenarios``), then fresh positions drawn from a seed (the same seed, the
same positions). Every question lists its answers (:class:`Answer`): whether the rules allow
each, whether it is the advice, what it costs (heads), and the words that explain it — the
engine's own explanations (``table.Placement.reason``, the narration of the events it played),
never a rule written again here. Words are data (:class:`~sixnimmt_core.engine.errors.Say` of the
catalogue domain ``drills``), said in a language only when asked (``words(lang)``).
No widgets here: ``sixnimmt_core.widgets.drills`` draws a drill.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sixnimmt_core.engine.cards import heads, total_heads
from sixnimmt_core.engine.decisions import (
    DraftDecision,
    OrderDecision,
    PlayDecision,
    SplitDecision,
    SpotDecision,
    TakeRowDecision,
)
from sixnimmt_core.engine.errors import IllegalAction, Listed, Say, Seat, Shown, SixNimmtError
from sixnimmt_core.engine.events import Ordered, Placed, Split, Took
from sixnimmt_core.engine.game import Deal, Game
from sixnimmt_core.engine.rules import ONE_HAND, find_variant
from sixnimmt_core.engine.table import SIXTH, cheapest_row, onto, where
from sixnimmt_core.players.bots import make_bots
from sixnimmt_core.teaching.scenarios import EXAMPLES
from sixnimmt_core.teaching.teach import practice_table
from sixnimmt_core.words import heads_words, seat_name, why_not

DOMAIN = "drills"  # the catalogue: locale/<lang>/LC_MESSAGES/drills.po


def say(key: str, /, count: int | None = None, **values: Any) -> Say:
    """A message of the domain ``drills`` (with ``count``: its plural form for that number)."""
    return Say(key, count=count, domain=DOMAIN, **values)


class NotAnAnswer(IllegalAction):
    """An answer that is not one of the question's answers (nothing is judged or counted)."""


# ---- words made by the engine, said in the language asked ------------------------------------------
class Heads:
    """'7 heads' in any language (the engine's words)."""

    def __init__(self, n: int) -> None:
        self.n = n

    def words(self, lang: str = "en") -> str:
        return heads_words(self.n, lang)


class Reason:
    """Where a card goes and why, as the engine explains it (``Placement.reason``)."""

    def __init__(self, placement: Any) -> None:
        self.placement = placement

    def words(self, lang: str = "en") -> str:
        return self.placement.reason(lang)


class WhyNot:
    """Why a place is wrong for a card, in the engine's few words (': 98 is higher than 64')."""

    def __init__(self, placement: Any, row: int, side: str) -> None:
        self.placement, self.row, self.side = placement, row, side

    def words(self, lang: str = "en") -> str:
        return why_not(self.placement, self.row, self.side, lang=lang)


class Told:
    """Events of a game from ``start`` on, as the engine narrates them (only ``kinds``)."""

    def __init__(self, game: Game, start: int, kinds: tuple[type, ...] = (Ordered, Placed, Took, Split)) -> None:
        self.game, self.start, self.kinds = game, start, kinds

    def words(self, lang: str = "en") -> str:
        from sixnimmt_core.teaching.narrate import frames

        return " ".join(f.text for f in frames(self.game, lang)[self.start:] if isinstance(f.event, self.kinds))


class Refusal:
    """An engine refusal, in the language asked."""

    def __init__(self, error: SixNimmtError) -> None:
        self.error = error

    def words(self, lang: str = "en") -> str:
        return self.error.words(lang)


def cards_list(cards: Sequence[int]) -> Listed | Say:
    """Cards as a list in words ('8, 24 and 69'), or 'none'."""
    return Listed(cards) if cards else say("cards.none")


# ---- questions and answers ---------------------------------------------------------------------
@dataclass(frozen=True)
class Answer:
    """One answer: its key (what a button sends), its label, whether the rules allow it, whether it
    is the advice, what it costs in heads (None where a question is not about cost), and its words;
    ``place``: the place on the table it names, (row from 0, "left" or "right"), where it names one
    (a drill draws that answer on the row itself)."""

    key: str
    label: Say
    legal: bool
    advised: bool
    cost: int | None
    why: Say
    place: tuple[int, str] | None = None

    @property
    def right(self) -> bool:
        return self.legal and self.advised


@dataclass(frozen=True)
class Question:
    """A position and what is asked about it.

    ``rows`` is the table; ``show`` lists lines of facts shown beside it (``Say``); ``source`` says
    where a documents' example comes from (None for a fresh position)."""

    drill: str
    prompt: Say
    rows: tuple[tuple[int, ...], ...]
    answers: tuple[Answer, ...]
    two_sided: bool = False
    show: tuple[Say, ...] = ()
    source: Say | None = None
    card: int | None = None  # the card asked about, where there is one (drawn beside the table)

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(a.key for a in self.answers)

    def find(self, key: Any) -> Answer:
        """The answer ``key``.

        :raises NotAnAnswer: ``key`` is not one of this question's answers."""
        for a in self.answers:
            if a.key == key:
                return a
        raise NotAnAnswer(say("refuse.not_answer", answer=Shown(key), answers=Listed(self.keys, ", ")), "drill")

    @property
    def best(self) -> Answer:
        """The advised answer (the cheapest of them when several are)."""
        advised = [a for a in self.answers if a.right]
        return min(advised, key=lambda a: a.cost if a.cost is not None else 0)


@dataclass(frozen=True)
class Judged:
    """An answer judged: right (allowed and advised), allowed but not advised, or not allowed."""

    question: Question
    answer: Answer

    @property
    def right(self) -> bool:
        return self.answer.right

    @property
    def verdict(self) -> str:
        """'right', 'allowed' (allowed, not the advice) or 'wrong' (not allowed)."""
        return "right" if self.right else "allowed" if self.answer.legal else "wrong"

    def says(self) -> Say:
        a, best = self.answer, self.question.best
        if self.right:
            return say("judged.right", why=a.why)
        if a.legal and a.cost is not None and best.cost is not None:
            return say("judged.dearer", best=best.label, best_cost=Heads(best.cost), cost=Heads(a.cost), why=a.why,
                       best_why=best.why)
        if a.legal:
            return say("judged.not_advised", best=best.label, why=a.why)
        return say("judged.wrong", why=a.why, best=best.label, best_why=best.why)

    def words(self, lang: str = "en") -> str:
        return self.says().words(lang)


# ---- the drills -------------------------------------------------------------------------------------
Builder = Callable[[random.Random], Question]


@dataclass
class Drill:
    """Questions on one variant's own rule: the documents' examples first, then fresh seeded positions.

    ``answer(key)`` judges the question shown and counts it (once); ``next()`` asks the next one.
    ``right`` counts advised answers, ``asked`` questions answered."""

    variant: str
    seed: int | None = None
    right: int = 0
    asked: int = 0
    examples: list[Question] = field(default_factory=list)
    example_no: int = 0
    question: Question | None = None
    judged: Judged | None = None

    def __post_init__(self) -> None:
        self.variant = find_variant(self.variant).name  # refuses an unknown variant
        self.rng = random.Random(self.seed)
        self.topic = KINDS[self.variant]
        self.examples = DOCUMENTED.get(self.topic, lambda: [])()
        self.next()

    @property
    def examples_left(self) -> int:
        return len(self.examples) - self.example_no

    def next(self) -> Question:
        """The next documents' example, else a fresh position."""
        if self.example_no < len(self.examples):
            q = self.examples[self.example_no]
            self.example_no += 1
        else:
            q = FRESH[self.topic](self.rng)
        self.question, self.judged = q, None
        return q

    def answer(self, key: Any) -> Judged:
        """Judge ``key``; the first answer to a question counts, a second is judged but not counted.

        :raises NotAnAnswer: ``key`` is not one of the question's answers (nothing changes)."""
        assert self.question is not None
        a = self.question.find(key)
        judged = Judged(self.question, a)
        if self.judged is None:
            self.asked += 1
            self.right += judged.right
        self.judged = judged
        return judged


# ---- where does the card go? (base, Professional) -----------------------------------------------------
def where_question(rows: Sequence[Sequence[int]], card: int, two_sided: bool, kind: str,
                   source: Say | None = None) -> Question:
    """Which place (row and end) takes ``card``, or none (a row is taken): the engine's placement judges.

    A tie's places are all allowed (the player's choice, a ruling); the advice is the cheaper one."""
    p = where(card, [list(r) for r in rows], two_sided)
    answers = []
    sides = ("left", "right") if two_sided else ("right",)
    for i, row in enumerate(p.rows):
        for side in sides:
            end = row[0] if side == "left" else row[-1]
            legal = p.allows(i, side)
            cost = total_heads(row) if onto(list(row)) == SIXTH else 0
            why = say("where.cost", reason=Reason(p), cost=Heads(cost)) if legal else \
                say("where.not", said=say(f"where.said.{side}", row=i + 1, end=end), why=WhyNot(p, i, side))
            label = say(f"where.{side}" if two_sided else "where.row", row=i + 1, end=end)
            answers.append(Answer(f"{side}:{i + 1}", label, legal, legal, cost if legal else None, why, (i, side)))
    low = cheapest_row([list(r) for r in p.rows])
    low_heads = total_heads(p.rows[low])
    why = say("where.low.cost", reason=Reason(p), row=low + 1, cost=Heads(low_heads)) if p.low else \
        say("where.not.low", reason=Reason(p))
    answers.append(Answer("low", say("where.nowhere" if two_sided else "where.low"), p.low, p.low,
                          low_heads if p.low else None, why))
    legal_costs = [a.cost for a in answers if a.legal and a.cost is not None]
    cheapest = min(legal_costs)
    answers = [Answer(a.key, a.label, a.legal, a.legal and a.cost == cheapest, a.cost, a.why, a.place) for a in answers]
    return Question(kind, say("where.ask.two" if two_sided else "where.ask", card=card),
                    tuple(tuple(r) for r in p.rows), tuple(answers), two_sided, source=source, card=card)


def _source(key: str) -> Say:
    ex = EXAMPLES[key]
    return say("source.rebuilt" if ex.reconstructed else "source.from", source=ExampleSource(key))


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


# ---- playing a position through the engine ---------------------------------------------------------
def _seat(s: int) -> Seat:
    return Seat(s, seat_name(s))


def _settle(game: Game, seat: int | None = None) -> None:
    """Answer the choices a placement waits for as the usual advice has it (the cheapest row; a tie's
    nearer-to-empty row), until a new turn, the next order or a draft pick comes."""
    bots = make_bots(["cautious"], game.players, 0)
    while game.pending and not game.over:
        d = game.pending[0]
        if isinstance(d, (PlayDecision, OrderDecision, DraftDecision)) or (
                seat is not None and isinstance(d, SplitDecision) and d.seat == seat):
            return
        if isinstance(d, (TakeRowDecision, SpotDecision, SplitDecision)):
            game.act(d.seat, bots[d.seat].decide(d, game.view(d.seat)))
        else:
            return


def _pays(vector: Sequence[int]) -> Say:
    if not any(vector):
        return say("pays.nobody")
    return say("pays", who=Listed([say("pays.seat", seat=_seat(s), heads=Heads(v)) for s, v in enumerate(vector) if v],
                                  ", "))


# ---- Twins: who pays what ------------------------------------------------------------------------------
TWINS_KINDS = ("shared", "on_twin", "stack", "shared_low")


def twins_position(kind: str, rng: random.Random) -> tuple[list[list[int]], list[int]]:
    """Rows and the cards the seats play for one Twins situation (``TWINS_KINDS``)."""
    for _ in range(200):
        full = sorted(rng.sample(range(12, 46), 5))
        others = sorted(rng.sample(range(56, 100), 3))
        if others[1] - others[0] < 5 or others[2] - others[1] < 5:
            continue  # the other cards played go after their own row end, never onto a twin
        if kind == "stack":
            full = full[1:]  # four places: the stack fills the fifth, the next card is the sixth
        x = full[-1] + rng.randint(1, 3)
        rows = [full] + [[o] for o in others]
        if kind == "shared":
            played = [x, x, others[0] + 1]
        elif kind == "on_twin":
            played = [full[-1], others[0] + rng.randint(1, 3), others[1] + 1]
        elif kind == "stack":
            played = [x, x, x + 1]
        else:  # a pair below every row end
            low = rng.randint(1, full[0] - 1)
            played = [low, low, others[1] + 1]
        rng.shuffle(rows)
        rows = [sorted(r) for r in rows]
        h = total_heads(full) if kind == "shared" else min(total_heads(r) for r in rows)
        if kind in ("shared", "shared_low") and (h % 2 == 0 or kind == "shared" and h < 3) and _ < 150:
            continue  # an odd number of heads shows the rounding up
        if len(set(played)) == len(played) - (kind != "on_twin") and played[-1] <= 104:
            return rows, played
    raise AssertionError("no Twins position")  # pragma: no cover - 200 draws always find one


def twins_question(rows: list[list[int]], played: list[int], kind: str) -> Question:
    """Who pays what after this turn: the engine plays it (a low pair takes the cheapest row)."""
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
    if kind in ("shared", "shared_low"):
        alts = [[h // 2, h // 2] + [0] * (n - 2), [h] + [0] * (n - 1), [h, h] + [0] * (n - 2)]
    elif kind == "on_twin":
        row = next(r for r in rows if r[-1] == played[0])
        alts = [[total_heads(row)] + [0] * (n - 1), [0, total_heads(row)] + [0] * (n - 2)]
    elif kind == "stack":
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
                           say("twins.why", told=told) if v == truth else say("not.so", said=_pays(v)))
                    for v in seen)
    laid = Listed([say("seat.card", seat=_seat(s), card=c) for s, c in enumerate(played)], "; ")
    return Question("twins", say("twins.ask"), tuple(tuple(r) for r in rows), answers,
                    show=(say("twins.laid", laid=laid), say(f"twins.hint.{kind}")))


def fresh_twins(rng: random.Random) -> Question:
    kind = TWINS_KINDS[rng.randrange(len(TWINS_KINDS))]
    rows, played = twins_position(kind, rng)
    return twins_question(rows, played, kind)


# ---- positions from a seeded game -------------------------------------------------------------------
def _games(variant: str, players: int, rng: random.Random, tries: int = 40):
    """Seeded one-hand games of ``variant``, each with its careful bots."""
    rules = find_variant(variant).but(match_end=ONE_HAND)
    for _ in range(tries):
        seed = rng.randrange(10**6)
        yield Game(rules, players, seed=seed), make_bots(["cautious"], players, seed)


def _step(game: Game, bots: list[Any]) -> None:
    """Let the bots answer the first pending decision."""
    d = game.pending[0]
    game.act(d.seat, bots[d.seat].decide(d, game.view(d.seat)))


def _each_answer(game: Game, kinds: tuple[type, ...] = (Ordered, Placed, Took, Split)) -> list[tuple[Any, int, Told]]:
    """Each answer to ``game``'s first pending decision, played out on a copy as the engine places it:
    (answer, the heads it costs its player this turn, the engine's words for it)."""
    d = game.pending[0]
    out = []
    for answer in d.options:
        g = game.clone(record=True)
        start = len(g.log)
        g.act(d.seat, answer)
        _settle(g)
        out.append((answer, g.penalty[d.seat] - game.penalty[d.seat], Told(g, start, kinds)))
    return out


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
    revealed = Listed([say("seat.cards", seat=_seat(s), cards=Listed(sorted(c)))
                       for s, c in enumerate(game.chosen) if c], "; ")
    out = tuple(Answer(f"{a},{b}", say("refined.order", first=a, second=b), True, cost == best, cost,
                       say("refined.why", first=a, second=b, cost=Heads(cost), told=told))
                for (a, b), cost, told in answers)
    return Question("refined", say("refined.ask", seat=_seat(me), low=min(d.options[0])),
                    tuple(tuple(r) for r in game.rows), out,
                    show=(say("refined.revealed", cards=revealed),))


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
                                  say("hand.refused", why=Refusal(exc))))
            continue
        now, later = total_heads(pile), total_heads(keep)
        advised = all(heads(c) == 1 for c in keep)
        answers.append(Answer(_keep_key(keep), _keep_label(keep), True, advised, None,
                              say("hand.cost", pile=Heads(now), hand=Heads(later), double=Heads(2 * later))))
    return Question("hand", say("hand.ask", card=card, room=d.room, limit=rules.hand_limit),
                    tuple(tuple(r) for r in rows), tuple(answers),
                    show=(say("hand.holding", count=len(game.hands[0]), n=len(game.hands[0]),
                              cards=Listed(game.hands[0], ", ")),
                          say("hand.taken", cards=Listed(taken, ", "), heads=Heads(total_heads(taken)))),
                    card=card)


def _keep_key(keep: Sequence[int]) -> str:
    return "keep:" + ",".join(map(str, keep))


def _keep_label(keep: Sequence[int]) -> Say:
    return say("hand.keep", cards=Listed(keep)) if keep else say("hand.keep.none")


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
    laid = Listed([say("seat.card", seat=_seat(s), card=c[0]) for s, c in enumerate(game.view(me).laid_face_up)
                   if c and s != me], "; ")
    out = tuple(Answer(f"card:{c}", say("open.lay", card=c), True, cost == best, cost,
                       say("open.why", card=c, cost=Heads(cost), told=told)) for c, cost, told in answers)
    return Question("open", say("open.ask", seat=_seat(me)), tuple(tuple(r) for r in game.rows), out,
                    show=(say("open.laid", laid=laid), say("open.hand", cards=Listed(d.options, ", "))))


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
    out = tuple(Answer(f"card:{c}", say("draft.take", card=c), True, cost == best, cost,
                       say("draft.why", card=c, rows=Listed(rows), cost=Heads(cost)))
                for c, cost, rows in answers)
    hands = [say("seat.cards", seat=_seat(s), cards=Listed(sorted(h), ", ")) for s, h in enumerate(game.hands)]
    return Question(variant, say(f"draft.ask.{variant}", seat=_seat(me)), (), out,
                    show=(say("draft.table", cards=Listed(sorted(d.options), ", ")), *hands))


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
    why = say("tactics.why", players=game.players, deck_low=deck[0], deck_high=deck[-1], hand=cards_list(hand),
              taken=cards_list(taken), unseen=cards_list(unseen), end=low_end, low=cards_list(low), n=n)
    answers = tuple(Answer(f"count:{c}", say("tactics.count", count=c, n=c), c == n, c == n, None,
                           why if c == n else say("not.so", said=say("tactics.count", count=c, n=c))) for c in options)
    return Question("tactics", say("tactics.ask", end=low_end), tuple(tuple(r) for r in game.rows), answers,
                    show=(say("tactics.deck", players=game.players, low=deck[0], high=deck[-1]),
                          say("tactics.hand", cards=Listed(hand, ", ")), say("tactics.taken", cards=cards_list(taken))))


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


# ---- which drill each variant has ------------------------------------------------------------------------
KINDS = {"base": "where", "tactics": "tactics", "logic": "logic", "tournament": "tournament",
         "professional": "professional", "open": "open", "refined": "refined", "hand": "hand", "twins": "twins"}
FRESH: dict[str, Builder] = {
    "where": fresh_where, "professional": fresh_professional, "twins": fresh_twins, "refined": fresh_refined,
    "hand": fresh_hand, "open": fresh_open, "logic": fresh_draft("logic"), "tournament": fresh_draft("tournament"),
    "tactics": fresh_tactics,
}
DOCUMENTED: dict[str, Callable[[], list[Question]]] = {"where": base_examples, "professional": professional_examples}


def drill(variant: str, seed: int | None = None) -> Drill:
    """The drill of ``variant`` (its own rule), seeded.

    :raises ImpossibleSetup: an unknown variant."""
    return Drill(variant, seed)


__all__ = ["Answer", "Drill", "Judged", "NotAnAnswer", "Question", "drill", "where_question", "twins_question",
           "refined_question", "hand_question", "open_question", "draft_question", "tactics_question", "KINDS"]

