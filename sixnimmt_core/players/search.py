"""Information-set search for the expert bot and the Coach: determinized Monte Carlo over the unseen cards.

Each sample re-deals what the seat cannot see, tries every candidate answer on that same deal and
plays the hand out. The other seats are modelled as cautious players who now and then play any
legal card (a mixture: real tables hold careless and careful players alike), so the search does not
trust everyone to play like the cautious bot. Answers are compared on the same deals (paired), so
their differences are measured far more precisely than their costs; when the samples cannot
separate two answers, the cautious heuristic's order decides (a stable, sensible choice).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sixnimmt_core.engine.cards import total_heads
from sixnimmt_core.engine.decisions import Decision, PlayDecision
from sixnimmt_core.engine.game import Game
from sixnimmt_core.engine.information import Information
from sixnimmt_core.engine.options import Choosing, Dealing, Twins
from sixnimmt_core.engine.table import (
    LOW,
    NOWHERE,
    SIXTH,
    card_risk,
    cheapest_row,
    locate,
)
from sixnimmt_core.engine.worlds import Worlds, unseen
from sixnimmt_core.players import handloop, playout
from sixnimmt_core.players.agent import Agent

Z95 = 1.96  # a 95 % interval is the mean ± 1.96 standard errors
# Before a seat has laid a card, the chance that it plays as the cautious bot, not as a careless player.
# Among 3 cautious bots, reading their cards (prior 0.5) made the expert 3.62 ± 0.91 heads/hand better than
# the cautious bot against 2.00 ± 0.84 with every seat 10 % careless; among random bots no change
# (−0.49 ± 0.58 against −0.45 ± 0.58); 400 deals each, the same deals.
PRIOR_CAREFUL = 0.5


def cautious_rank(rows: Any) -> Any:
    """The cautious bot's card order on plain rows (one-sided, no twins) as a key: lowest plays first.

    The same quick risk as ``table.card_risk``, computed once per table (the play-out core's key maker):
    play-outs and the reading of an opponent's cards spend most of their time here."""
    return playout.cautious_key(rows, False)


class QuickCautious:
    """The cautious bot's very choices, its card ranking computed in one pass when the rows are plain
    (one hidden card a turn, one-sided rows, no twins)."""

    name = "cautious"

    def __init__(self, cautious: Agent) -> None:
        self.cautious = cautious

    def decide(self, d: Decision, view: Information) -> Any:
        if d.__class__ is not PlayDecision or not view.rules.plain:
            return self.cautious.decide(d, view)
        return min(d[1], key=cautious_rank(view.rows))  # the options


class Noisy:
    """An opponent model: the cautious bot, but with chance ``noise`` any legal answer instead."""

    name = "noisy"

    def __init__(self, cautious: Agent, careless: Agent, noise: float, rng: random.Random) -> None:
        self.cautious, self.careless, self.noise, self.rng = cautious, careless, noise, rng

    def decide(self, d: Decision, view: Information) -> Any:
        if self.noise and self.rng.random() < self.noise:
            return self.careless.decide(d, view)
        return self.cautious.decide(d, view)


@dataclass(frozen=True)
class Reading:
    """What one opponent's cards laid this hand say of them."""

    careful: float  # the chance they play as the cautious bot, given their cards so far
    allowed: frozenset[int] | None  # the hidden cards a careful player could still hold (None: any)


def _log_choose(n: int, k: int) -> float:
    return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1) if 0 <= k <= n else -math.inf


def _rank(rows: Any, two_sided: bool) -> Any:
    """The cautious bot's card order on ``rows`` as a key (``cautious_rank`` on plain rows)."""
    if not two_sided:
        return cautious_rank(rows)
    rows = [list(r) for r in rows]
    return lambda card: (card_risk(card, rows, True), card)


def read_seats(view: Information, hidden: list[int], prior: float) -> list[Reading | None]:
    """Each other seat's reading from the cards it laid this hand (where ``rules.one_hidden_each``; else None).

    A cautious player lays the card of lowest risk in hand, so every card still hidden in its hand
    ranked after each card it laid (on that turn's rows), and no card it laid later may rank before
    one it laid earlier. Bayes weighs that against a careless player, who lays any card alike: the
    chance that a random hand fits the cautious reading against the chance of laying just those cards.
    """
    out: list[Reading | None] = [None] * view.players
    rules = view.rules
    if not rules.one_hidden_each:
        return out
    draft = rules.dealing == Dealing.DRAFT
    two = rules.two_sided
    ranks = [_rank(rows, two) for rows, _ in view.shown]
    for s in range(view.players):
        if s == view.seat:
            continue
        plays = [cards[s] for _, cards in view.shown]
        unknown = 0 if draft else view.hand_sizes[s] + view.laid_sizes[s]
        # a draft's hands are public (with the card laid face down this turn, not told which)
        known = list(view.hands[s] or ()) + list(view.laid[s] or ()) if draft else []
        allowed = set(hidden)
        fits, log_careless = True, 0.0
        for t, rank in enumerate(ranks):
            laid = rank(plays[t])
            later = plays[t + 1:] + known
            if any(rank(c) < laid for c in later):
                fits = False
                break
            allowed = {c for c in allowed if rank(c) > laid}
            log_careless -= math.log(1 + len(later) + unknown)
        if not fits:
            out[s] = Reading(0.0, None)
            continue
        log_careful = _log_choose(len(allowed), unknown) - _log_choose(len(hidden), unknown)
        if log_careful == -math.inf:
            out[s] = Reading(0.0, None)
            continue
        odds = math.exp(min(700.0, log_careless - log_careful)) * (1 - prior) / prior if prior > 0 else math.inf
        out[s] = Reading(1 / (1 + odds), frozenset(allowed) if ranks else None)
    return out


def read_world(view: Information, rng: random.Random, readings: list[Reading | None],
               worlds: Worlds | None = None) -> tuple[Game, list[bool]]:
    """A determinization that fits the readings: each seat drawn careful (with its reading's chance)
    is dealt only cards its laid cards allow, and its hidden card this turn is its cautious choice.
    Returns the world and which seats were drawn careful. ``worlds``: ``view``'s, laid out once for many draws."""
    world = (worlds or Worlds(view)).draw(rng)
    careful = [r is not None and rng.random() < r.careful for r in readings]
    if not any(careful):
        return world, careful
    g = world
    seats = [s for s in range(g.players) if s != view.seat]
    if g.rules.dealing != Dealing.DRAFT:
        pool = list(g.undealt)
        for s in seats:
            pool += g.hands[s] + list(g.chosen[s] or ())
        rng.shuffle(pool)
        free = set(pool)
        deal: dict[int, list[int]] = {}
        need = {s: len(g.hands[s]) + len(g.chosen[s] or ()) for s in seats}
        allowed = {s: a for s in seats if careful[s] and (r := readings[s]) is not None and (a := r.allowed) is not None}
        for s in sorted(allowed, key=lambda s: len(allowed[s])):
            fit = [c for c in pool if c in free and c in allowed[s]]
            if len(fit) < need[s]:
                careful[s] = False
                continue
            deal[s] = fit[:need[s]]
            free.difference_update(deal[s])
        rest = [c for c in pool if c in free]
        for s in seats:
            if s not in deal:
                deal[s], rest = rest[:need[s]], rest[need[s]:]
        g.undealt = rest
        for s in seats:
            if g.chosen[s]:
                g.chosen[s], g.hands[s] = deal[s][:1], sorted(deal[s][1:])
            else:
                g.hands[s] = sorted(deal[s])
    rank = _rank(g.rows, g.rules.two_sided) if g.rows else None
    for s in seats:
        if rank and careful[s] and (laid := g.chosen[s]) and not g.revealed:  # it has laid its safest card
            cards = g.hands[s] + laid
            best = min(cards, key=rank)
            g.chosen[s] = [best]
            g.hands[s] = sorted(c for c in cards if c != best)
    g.pending = [d._replace(options=tuple(g.hands[d.seat])) if isinstance(d, PlayDecision) else d
                 for d in g.pending]
    return g, careful


def mean_se(xs: list[float]) -> tuple[float, float]:
    """The mean of ``xs`` and its standard error (0 for fewer than two values)."""
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, 0.0
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, math.sqrt(var / n)


def unseen_cards(view: Information) -> list[int]:
    """Every card ``view``'s seat cannot see and another seat could still play: in a draft, whose hands
    are public, every other hand (with any card laid face down this turn); else ``worlds.unseen``."""
    if view.rules.dealing != Dealing.DRAFT:
        return unseen(view)
    hidden = view.rules.choosing == Choosing.HIDDEN
    out: list[int] = []
    for s in range(view.players):
        if s != view.seat:
            out += view.hands[s] or ()
            if hidden:
                out += view.laid[s] or ()
    return out


def sure_cost(card: int, view: Information, unseen: list[int]) -> int | None:
    """The heads ``card`` surely costs this turn when the table already decides it, else None.

    Only for one hidden card a turn on one-sided rows without twins: there a card goes to its row
    untouched when no card another seat could play lies between that row's end and it, and none is
    lower than every row (such a card could take any row, the card's own among them).
    """
    rules = view.rules
    if rules.choosing != Choosing.HIDDEN or rules.cards_per_turn != 1 or rules.two_sided or rules.twins != Twins.NONE:
        return None
    rows = view.row_lists()
    rule, row, _ = locate(card, rows, False)
    lowest = min(r[-1] for r in rows)
    if rule in (LOW, NOWHERE):
        if all(c > card for c in unseen):  # laid first, before any other card: the cheapest row
            return total_heads(rows[cheapest_row(rows)])
        return None
    end = rows[row][-1]
    if any(end < c < card or c < lowest for c in unseen):
        return None
    return total_heads(rows[row]) if rule == SIXTH else 0


def play_out(g: Game, agents: Sequence[Agent], hand_no: int, until_turn: int) -> None:
    """Play on with ``agents`` until the turn ``until_turn`` starts or the hand ends."""
    while g.pending and g.hand_no == hand_no and g.turn < until_turn:
        d = g.pending[0]
        g.act(d.seat, agents[d.seat].decide(d, g.view(d.seat)))


def cost(g: Game, seat: int, hand: int | None = None) -> float:
    """The heads ``seat`` has so far: its total, and this hand's while it is being played. ``hand``: the
    hand a play-out started in; once it has ended, the next hand's dealt cards are not counted (Hand
    variant: cards held count as heads) — its total already holds the ended hand."""
    playing = not g.over and (hand is None or g.hand_no == hand)
    return g.totals[seat] + (g.scores()[seat] if playing else 0)


def search(d: Decision, view: Information, actions: list[Any], *, samples: int, horizon: int, noise: float,
           rng: random.Random, policy: Agent, careless: Agent, budget: float | None = None,
           min_samples: int = 2, prior: float | None = None) -> tuple[list[list[float]], list[list[float]]]:
    """Costs of each action on each sampled deal: (by the horizon, this turn alone), action-major.

    Every action is tried on the same re-dealt world with the same opponent noise (paired samples).
    With a ``prior`` (the chance that a seat plays carefully before any card of it is seen), the
    other seats are read from the cards they laid (``read_seats``): a seat drawn careful plays as the
    cautious bot on a hand its cards allow, any other as a careless player; without one, every seat
    is the cautious bot careless with chance ``noise``.
    With a ``budget`` (seconds) sampling stops once it is spent and ``min_samples`` are in.
    """
    seat = d.seat
    total: list[list[float]] = [[] for _ in actions]
    now: list[list[float]] = [[] for _ in actions]
    noise_rng = random.Random()
    quick = QuickCautious(policy)
    models = [Noisy(quick, careless, noise, noise_rng) for _ in range(view.players)]  # the other seats …
    agents: list[Agent] = list(models)
    agents[seat] = quick  # … and this one
    readings: list[Reading | None] = [None] * view.players
    if prior is not None:
        readings = read_seats(view, unseen_cards(view), prior)
    fast = playout.answerable(type(d), view.rules) or handloop.answerable(type(d), view.rules)  # Hand: handloop.py
    started = time.perf_counter()
    worlds = Worlds(view)
    n = 0
    while n < samples:
        if budget is not None and n >= min_samples and time.perf_counter() - started > budget:
            break
        n += 1
        world, careful = read_world(view, rng, readings, worlds)
        for s, r in enumerate(readings):
            if r is not None:
                models[s].noise = 0.0 if careful[s] else 1.0
        noise_seed = rng.random()
        if fast:  # the fast core: the same model of the table, played with plain ints (playout.py)
            seat_noise = [0.0 if s == seat else models[s].noise for s in range(view.players)]
            deal_fast(world, seat, type(d), actions, seat_noise, noise_rng, noise_seed, horizon, total, now)
        else:
            deal_engine(world, seat, actions, agents, noise_rng, noise_seed, horizon, total, now)
    return total, now


def deal_fast(world: Game, seat: int, asked: type[Decision], actions: list[Any], noise: list[float], noise_rng: random.Random,
              noise_seed: float, horizon: int, total: list[list[float]], now: list[list[float]]) -> None:
    """``search``'s play-outs of one deal on the fast core (``playout.Start``; Hand ``handloop.Start``): each
    action's costs appended."""
    noise_rng.seed(noise_seed)
    # the same careless moments for every action (paired): each reads the same draws, enough for the hand
    draws = playout.draws_for(noise, len(world.hands[seat]))
    begin = handloop.Start if handloop.supports(world.rules) else playout.Start  # Hand: its own core
    start = begin(world, seat, asked, noise, playout.Draws(noise_rng, draws), playout.Draws(noise_rng, draws))
    for i, action in enumerate(actions):
        c_now, c_total = start.out(action, horizon)
        now[i].append(c_now)
        total[i].append(c_total)


def deal_engine(world: Game, seat: int, actions: list[Any], agents: Sequence[Agent], noise_rng: random.Random,
                noise_seed: float, horizon: int, total: list[list[float]], now: list[list[float]]) -> None:
    """``search``'s play-outs of one deal on the engine (each action on a clone): each action's costs appended."""
    start = cost(world, seat)
    hand, turn = world.hand_no, world.turn
    for i, action in enumerate(actions):
        noise_rng.seed(noise_seed)  # the same careless moments for every action: paired
        g = world.clone()
        g.act(seat, action)
        play_out(g, agents, hand, turn + 1)
        now[i].append(cost(g, seat, hand) - start)
        play_out(g, agents, hand, turn + 1 + horizon)
        total[i].append(cost(g, seat, hand) - start)
