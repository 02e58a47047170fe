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
from typing import Any

from sixnimmt_core.cards import _HEADS, total_heads
from sixnimmt_core.game import Decision, Game, SeatView
from sixnimmt_core.table import LOW, NOWHERE, SIXTH, cheapest_row, closest_lower, locate

Z95 = 1.96  # a 95 % interval is the mean ± 1.96 standard errors


class QuickCautious:
    """The cautious bot's very choices, its card ranking computed in one pass when the rows are plain
    (one hidden card a turn, one-sided rows, no twins): play-outs spend most of their time there."""

    name = "cautious"

    def __init__(self, cautious: Any) -> None:
        self.cautious = cautious

    def decide(self, d: Decision, view: SeatView) -> Any:
        g = view._game
        if d[0] != "play" or not g._simple:
            return self.cautious.decide(d, view)
        rows = g.rows
        h = _HEADS
        row_heads = [total_heads(r) for r in rows]
        low = min(row_heads) + 0.25
        best_key: Any = None
        best = None
        for card in d[2]:
            target, end = closest_lower(card, rows)
            if target < 0:
                risk = low
            else:
                n = len(rows[target])
                if n >= 5:
                    risk = row_heads[target] + 0.5
                else:
                    gap = card - end
                    risk = (n / 5) ** 3 * min(gap, 20) / 20 * (row_heads[target] + h[card]) + gap / 1000
            key = (risk, card)
            if best_key is None or key < best_key:
                best_key, best = key, card
        return best


class Noisy:
    """An opponent model: the cautious bot, but with chance ``noise`` any legal answer instead."""

    name = "noisy"

    def __init__(self, cautious: Any, careless: Any, noise: float, rng: random.Random) -> None:
        self.cautious, self.careless, self.noise, self.rng = cautious, careless, noise, rng

    def decide(self, d: Decision, view: SeatView) -> Any:
        if self.noise and self.rng.random() < self.noise:
            return self.careless.decide(d, view)
        return self.cautious.decide(d, view)


def mean_se(xs: list[float]) -> tuple[float, float]:
    """The mean of ``xs`` and its standard error (0 for fewer than two values)."""
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, 0.0
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, math.sqrt(var / n)


def unseen_cards(view: SeatView, world: Game) -> list[int]:
    """Every card ``view``'s seat cannot see and another seat could still play (from one sampled world)."""
    seat = view.seat
    out: list[int] = list(world.undealt) if world.rules.dealing != "draft" else []
    for s in range(world.players):
        if s != seat:
            out += world.hands[s]
            if world.chosen[s] and world.rules.choosing == "hidden":
                out += world.chosen[s]
    return out


def sure_cost(card: int, view: SeatView, unseen: list[int]) -> int | None:
    """The heads ``card`` surely costs this turn when the table already decides it, else None.

    Only for one hidden card a turn on one-sided rows without twins: there a card goes to its row
    untouched when no card another seat could play lies between that row's end and it, and none is
    lower than every row (such a card could take any row, the card's own among them).
    """
    rules = view.rules
    if rules.choosing != "hidden" or rules.cards_per_turn != 1 or rules.two_sided or rules.twins != "none":
        return None
    rows = view.rows
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


def _play_out(g: Game, agents: list[Any], hand_no: int, until_turn: int) -> None:
    """Play on with ``agents`` until the turn ``until_turn`` starts or the hand ends."""
    while g.pending and g.hand_no == hand_no and g.turn < until_turn:
        d = g.pending[0]
        g.act(d.seat, agents[d.seat].decide(d, g.view(d.seat)))


def _cost(g: Game, seat: int) -> float:
    return g.totals[seat] + (g.scores()[seat] if not g.over else 0)


def search(d: Decision, view: SeatView, actions: list[Any], *, samples: int, horizon: int, noise: float,
           rng: random.Random, policy: Any, careless: Any, budget: float | None = None,
           min_samples: int = 2) -> tuple[list[list[float]], list[list[float]]]:
    """Costs of each action on each sampled deal: (by the horizon, this turn alone), action-major.

    Every action is tried on the same re-dealt world with the same opponent noise (paired samples).
    With a ``budget`` (seconds) sampling stops once it is spent and ``min_samples`` are in.
    """
    seat = d.seat
    total: list[list[float]] = [[] for _ in actions]
    now: list[list[float]] = [[] for _ in actions]
    noise_rng = random.Random()
    policy = QuickCautious(policy)
    agents = [Noisy(policy, careless, noise, noise_rng) for _ in range(view.players)]
    agents[seat] = policy
    started = time.perf_counter()
    n = 0
    while n < samples:
        if budget is not None and n >= min_samples and time.perf_counter() - started > budget:
            break
        n += 1
        world = view.sample_world(rng)
        start = _cost(world, seat)
        hand, turn = world.hand_no, world.turn
        noise_seed = rng.random()
        for i, action in enumerate(actions):
            noise_rng.seed(noise_seed)  # the same careless moments for every action: paired
            g = world.clone()
            g.act(seat, action)
            _play_out(g, agents, hand, turn + 1)
            now[i].append(_cost(g, seat) - start)
            _play_out(g, agents, hand, turn + 1 + horizon)
            total[i].append(_cost(g, seat) - start)
    return total, now
