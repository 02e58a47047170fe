"""Decision makers for every decision the engine asks: random, cautious and a look-ahead bot.

Bots and people plug in at the same place, an :class:`Agent`: its ``decide(decision, view)`` returns
an answer, or ``None`` when a person still has to give it (then ``advance`` stops and waits).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from sixnimmt_core.engine.cards import heads, total_heads
from sixnimmt_core.engine.decisions import (
    Decision,
    DraftDecision,
    OrderDecision,
    PlayDecision,
    SplitDecision,
    SpotDecision,
    TakeRowDecision,
)
from sixnimmt_core.engine.errors import ImpossibleSetup, Say
from sixnimmt_core.engine.game import Game
from sixnimmt_core.engine.information import Information
from sixnimmt_core.engine.options import Choosing, Twins
from sixnimmt_core.engine.table import (
    LOW,
    NOWHERE,
    TIE,
    card_risk,
    cheapest_row,
    lay,
    locate,
    nearest_spots,
    onto,
    places,
)
from sixnimmt_core.engine.worlds import Worlds
from sixnimmt_core.players.agent import Agent
from sixnimmt_core.players.search import (
    PRIOR_CAREFUL,
    Z95,
    mean_se,
    play_out,
    search,
    sure_cost,
    unseen_cards,
)
from sixnimmt_core.players.search import cost as seat_cost


class Human:
    """A person at the table: the widget answers with ``game.act``; bots never answer for them."""

    name = "human"

    def decide(self, decision: Decision, view: Information) -> None:
        return None


def advance(game: Game, agents: Sequence[Agent]) -> Game:
    """Let the agents answer every pending decision until a person must decide or the match ends."""
    while game.pending:
        progressed = False
        for d in tuple(game.pending):  # simultaneous choices are independent: answer them all
            seat = d[0]
            agent = agents[seat]
            if agent.__class__ is RandomBot:  # it reads nothing of its seat: no information state to build
                action = agent.pick(d)
            else:
                action = agent.decide(d, game.view(seat))
            if action is not None:
                game.act(seat, action)
                progressed = True
        if not progressed:
            break
    return game


class RandomBot:
    """Any legal answer, uniformly (uses ``random()`` only, so seeded games match on every Python)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def decide(self, d: Decision, view: Information) -> Any:
        return self.pick(d)

    def pick(self, d: Decision) -> Any:
        """The answer, drawn from the decision alone (``advance`` asks this: the view is never read)."""
        r = self.rng.random
        opts = d[1]
        if d.__class__ is PlayDecision:
            if d[3] == 1:  # max_count
                return opts[int(r() * len(opts))]
            k = d.min_count + int(r() * (d.max_count - d.min_count + 1))
            if k == 1:
                return opts[int(r() * len(opts))]
            return tuple(_sample(list(opts), k, r))
        if isinstance(d, SplitDecision):
            k = int(r() * (min(d.room, len(opts)) + 1))
            return tuple(_sample(list(opts), k, r))
        return opts[int(r() * len(opts))]


def _sample(pool: list[Any], k: int, r: Any) -> list[Any]:
    out = []
    for _ in range(k):
        out.append(pool.pop(int(r() * len(pool))))
    return out


class CautiousBot:
    """A sensible heuristic: avoid sixth cards and near-full rows, take the cheapest row."""

    name = "cautious"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def decide(self, d: Decision, view: Information) -> Any:
        rows, two = view.row_lists(), view.rules.two_sided
        match d:
            case PlayDecision():
                ranked = sorted(d.options, key=lambda c: (card_risk(c, rows, two), c))
                if d.max_count == 1:
                    return ranked[0]
                return tuple(ranked[: d.min_count])
            case TakeRowDecision():
                return cheapest_row(rows)
            case OrderDecision():
                return min(d.options, key=lambda order: _order_cost(order, rows, two))
            case SpotDecision():
                return min(d.options, key=lambda s: (places(rows[s.row]), s.row))
            case SplitDecision():
                keep = sorted((c for c in d.options if heads(c) == 1), reverse=True)
                return tuple(keep[: max(0, min(d.room, 8 - len(view.hand)))])
            case DraftDecision():
                return min(d.options, key=lambda c: (heads(c), abs(c - len(d.options) // 2), c))
        return d.options[0]


def _order_cost(order: tuple[int, int], rows: list[list[int]], two_sided: bool) -> float:
    rows = [list(r) for r in rows]
    cost = 0.0
    for card in order:
        rule, row, side = locate(card, rows, two_sided)
        if rule in (LOW, NOWHERE):
            row = cheapest_row(rows)
        elif rule == TIE:  # either tied place will do for an estimate
            row, side = nearest_spots(card, rows)[0][0]
            rule = onto(rows[row])
        cost += total_heads(lay(rows, card, rule, row, side))
    return cost


@dataclass(frozen=True)
class Estimate:
    """What the look-ahead bot expects an answer to cost, as data (the widgets say it: ``playflow.CoachWords``)."""

    action: Any
    expected: float  # heads expected by the end of the look-ahead
    now: float  # heads expected in this turn alone
    take_chance: float  # how often it took a row this turn in the sampled worlds
    samples: int
    asked: type[Decision] = PlayDecision  # the kind of decision, so the answer can be said as people say it
    se: float = 0.0  # standard error of ``expected`` over the sampled deals (0: one deal, or all agree)
    sure: float | None = None  # heads this turn when the table already decides them, else None
    forced: bool = False  # the only possible answer
    apart: bool = True  # the samples separate it from the advised answer (or it is the advised one)
    low: float = 0.0  # the heads it cost on the cheapest tenth of the sampled deals …
    high: float = 0.0  # … and on the dearest tenth: "could be anything from low to high"

    @property
    def margin(self) -> float:
        """Half the width of the 95 % interval around ``expected``."""
        return Z95 * self.se


class LookaheadBot:
    """Monte Carlo over the unseen cards: re-deal what it cannot see, try each answer, play on."""

    name = "lookahead"

    def __init__(self, seed: int | None = None, samples: int = 12, horizon: int = 3, *,
                 budget: float | None = None, every_card: bool = False) -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self.horizon = horizon  # turns to play out after this one (the rest of the hand is cut off)
        self.budget = budget  # seconds: stop sampling once spent, with at least half the samples in
        self.every_card = every_card  # two-card turns: try every card (with its safest partner)
        self._policy = CautiousBot(0)

    def candidates(self, d: Decision, view: Information) -> list[Any]:
        if isinstance(d, PlayDecision) and d.max_count > 1:
            rows = view.row_lists()
            ranked = sorted(d.options, key=lambda c: card_risk(c, rows, view.rules.two_sided))
            pool = ranked[:5]
            pairs = [(a, b) for i, a in enumerate(pool) for b in pool[i + 1:]]
            singles = [(c,) for c in pool[:3]] if d.min_count == 1 else []
            out = singles + pairs
            if self.every_card:  # so that a coach can badge every card in the hand
                for c in d.options:
                    if not any(c in a for a in out):
                        out.append((c,) if d.min_count == 1 else (c, next((x for x in ranked if x != c), c)))
            return out
        if isinstance(d, SplitDecision):
            cautious = self._policy.decide(d, view)
            room = min(d.room, len(d.options))
            return list(dict.fromkeys([(), tuple(cautious), tuple(sorted(d.options)[:room])]))
        return list(dict.fromkeys(d.options))

    def evaluate(self, d: Decision, view: Information) -> list[Estimate]:
        """Every candidate answer with its expected cost, cheapest first."""
        actions = self.candidates(d, view)
        if len(actions) == 1:
            return [Estimate(actions[0], 0.0, 0.0, 0.0, 0, type(d))]
        seat = d.seat
        totals = {i: [0.0, 0.0, 0] for i in range(len(actions))}
        agents = [self._policy] * view.players
        started = time.perf_counter()
        worlds = Worlds(view)
        n = 0
        while n < self.samples:
            if self.budget is not None and 2 * n >= self.samples and time.perf_counter() - started > self.budget:
                break  # a slow device still answers quickly; the estimates say how many deals they rest on
            n += 1
            world = worlds.draw(self.rng)
            start = seat_cost(world, seat)
            hand, turn = world.hand_no, world.turn
            for i, action in enumerate(actions):
                g = world.clone()
                g.act(seat, action)
                play_out(g, agents, hand, turn + 1)
                now_cost = seat_cost(g, seat, hand) - start
                play_out(g, agents, hand, turn + 1 + self.horizon)
                t = totals[i]
                t[0] += seat_cost(g, seat, hand) - start
                t[1] += now_cost
                t[2] += 1 if now_cost > 0 else 0
        out = [Estimate(a, totals[i][0] / n, totals[i][1] / n, totals[i][2] / n, n, type(d))
               for i, a in enumerate(actions)]
        out.sort(key=lambda e: (e.expected, e.now))
        return out

    def decide(self, d: Decision, view: Information) -> Any:
        return self.evaluate(d, view)[0].action



# Draft picks (Logic, Tournament) follow the cautious rule (fewest heads, then nearest the middle of
# the cards left): the search's own picks did worse. Logic, 100 deals among 3 random bots: with the
# search +0.94 ± 1.09 heads/hand against the cautious bot, with the rule (the search playing the
# cards) -0.66 ± 0.52; 60 deals among 3 cautious bots: -12.80 ± 0.80 against -14.32 ± 0.82.


class ExpertBot(LookaheadBot):
    """Information-set search: on many re-deals of the unseen cards, every answer is tried on the same
    deal and the hand played out, the other seats cautious but now and then careless (``noise``).

    ``evaluate`` gives each answer's expected heads with its standard error; the advised answer is
    the cheapest, or (``steady``, the expert level), among answers the samples cannot tell apart, the
    one the cautious bot prefers. The Coach (``coach_bot``: ``steady=False``) always advises the cheapest
    and marks the answers about as cheap (``same``) as not ``apart`` from it.
    """

    name = "expert"

    def __init__(self, seed: int | None = None, samples: int = 32, horizon: int = 10, *,
                 budget: float | None = None, every_card: bool = False, noise: float = 0.1,
                 min_samples: int = 4, steady: bool = True, tolerance: float = 0.0, z: float = Z95,
                 prior: float | None = PRIOR_CAREFUL, first: int | None = None, same: float = 0.0,
                 keep: float = 0.5, apart_z: float = Z95) -> None:
        super().__init__(seed, samples, horizon, budget=budget, every_card=every_card)
        self.first = first  # deals for every answer before the rest go to those still in the running
        self.keep = keep  # heads behind the cheapest beyond the margin after the first deals: dropped
        self.same = same  # heads: an answer this close to the advice on the same deals is about the same
        self.apart_z = apart_z  # standard errors beyond which the deals separate an answer from the advice
        self.noise = noise
        self.steady = steady  # among answers the samples cannot separate, advise the cautious bot's
        self.min_samples = min_samples
        self.tolerance = tolerance  # heads: answers this close to the cheapest (beyond the margin) count as close
        self.z = z  # the margin in standard errors within which answers count as close
        self.prior = prior  # read the other seats from their cards, this the chance of careful before any
        self._careless = RandomBot(0)

    def evaluate(self, d: Decision, view: Information) -> list[Estimate]:
        """Every candidate answer with its expected cost and standard error, the advised one first."""
        actions = self.candidates(d, view)
        if not actions:
            return []
        started = time.perf_counter()
        many = len(actions) > 2
        first = self.samples // 3 if self.first is None else self.first
        first = min(self.samples, max(self.min_samples, first)) if many else self.samples
        total, now = self._search(d, view, actions, first, self.budget, 1 if len(actions) == 1 else self.min_samples)
        if first < self.samples:  # the rest of the deals for the answers still in the running
            self._more_deals(d, view, actions, total, now, first, started)
        sure = None
        if isinstance(d, PlayDecision) and d.max_count == 1 and len(actions) == 1:
            sure = sure_cost(actions[0], view, unseen_cards(view))
        elif isinstance(d, TakeRowDecision) and len(actions) == 1:
            sure = total_heads(view.rows[actions[0]])
        means = [mean_se(t) for t in total]
        best = min(range(len(actions)), key=lambda i: (means[i][0], sum(now[i])))
        order = self._prefer(d, view, actions)
        # answers the samples cannot tell from the cheapest: the cautious order decides among them
        close = [i for i in range(len(actions))
                 if i == best or _behind(total[i], total[best], self.z) <= self.tolerance]
        pick = min(close, key=lambda i: order[i]) if self.steady else best
        if isinstance(d, DraftDecision):  # a draft pick: the cautious rule, whatever the deals say (see above ExpertBot)
            pick = order.index(0)
        out = []
        for i, a in enumerate(actions):
            m, se = means[i]
            n = len(now[i])
            taken = sum(1 for x in now[i] if x > 0) / n
            apart = i == pick or (_behind(total[i], total[pick], self.apart_z) > 0
                                  and _gap(total[i], total[pick]) > self.same)
            if isinstance(d, DraftDecision):  # one deal, and the rule's pick: shown as a ranking, not as numbers
                apart = i == pick
            low, high = _spread(total[i])
            out.append(Estimate(a, m, sum(now[i]) / n, taken, n, type(d), se=se,
                                sure=sure if len(actions) == 1 else None, forced=len(actions) == 1, apart=apart, low=low,
                                high=high))
        out.sort(key=lambda e: (e.action != actions[pick], e.expected, e.now))
        # "about the same" as the advice runs down from the top: once an answer is apart, every dearer one
        # is shown apart too (never an equal of the advice below an answer shown as worse)
        for k in range(1, len(out)):
            if out[k - 1].apart and k > 1 and not out[k].apart:
                out[k] = replace(out[k], apart=True)
        return out

    def decide(self, d: Decision, view: Information) -> Any:
        if isinstance(d, DraftDecision):  # the advice ``evaluate`` gives, without the deals it shows beside it
            return self._policy.decide(d, view)
        return self.evaluate(d, view)[0].action

    def _search(self, d: Decision, view: Information, actions: list[Any], samples: int, budget: float | None,
                min_samples: int) -> tuple[list[list[float]], list[list[float]]]:
        return search(d, view, actions, samples=samples, horizon=self.horizon, noise=self.noise, rng=self.rng,
                      policy=self._policy, careless=self._careless, budget=budget, min_samples=min_samples,
                      prior=self.prior)

    def _more_deals(self, d: Decision, view: Information, actions: list[Any], total: list[list[float]],
                    now: list[list[float]], first: int, started: float) -> None:
        """The deals after the ``first`` for the answers still in the running (``keep``), added to their
        ``total`` and ``now``."""
        best = min(range(len(actions)), key=lambda i: mean_se(total[i])[0])
        keep = [i for i in range(len(actions))
                if i == best or _behind(total[i], total[best], self.apart_z) <= self.keep]
        left = None if self.budget is None else self.budget - (time.perf_counter() - started)
        if len(keep) > 1 and (left is None or left > 0):
            more, more_now = self._search(d, view, [actions[i] for i in keep], self.samples - first, left, 0)
            for j, i in enumerate(keep):
                total[i] += more[j]
                now[i] += more_now[j]

    def _prefer(self, d: Decision, view: Information, actions: list[Any]) -> list[int]:
        """Each action's place in the cautious bot's order (0 first): the tie-break among close answers."""
        first = self._policy.decide(d, view)
        rows, two = view.row_lists(), view.rules.two_sided
        if isinstance(d, PlayDecision):
            def key(a: Any) -> Any:
                cards = a if isinstance(a, tuple) else (a,)
                return (a != first, sum(card_risk(c, rows, two) for c in cards), cards)
        else:
            def key(a: Any) -> Any:
                return (a != first, actions.index(a))
        ranked = sorted(range(len(actions)), key=lambda i: key(actions[i]))
        place = [0] * len(actions)
        for k, i in enumerate(ranked):
            place[i] = k
        return place


def _spread(xs: list[float]) -> tuple[float, float]:
    """The 10th and the 90th percentile of ``xs`` (nearest rank): the usual range of an answer's cost."""
    ys = sorted(xs)
    n = len(ys)
    return ys[max(0, math.ceil(0.1 * n) - 1)], ys[max(0, math.ceil(0.9 * n) - 1)]


def _gap(a: list[float], b: list[float]) -> float:
    """How much more answer ``a`` costs than ``b`` on average, on the deals both were tried on."""
    k = min(len(a), len(b))
    return sum(x - y for x, y in zip(a[:k], b[:k], strict=True)) / k


def _behind(a: list[float], b: list[float], z: float = Z95) -> float:
    """How far answer ``a`` costs more than ``b`` beyond the 95 % margin, on the deals both were tried on
    (positive: the samples separate them; the first deals are common to every answer)."""
    k = min(len(a), len(b))
    m, se = mean_se([x - y for x, y in zip(a[:k], b[:k], strict=True)])
    return m - z * se


COACH_SAMPLES = 400  # the Coach's sampled deals per decision at most …
COACH_BUDGET = 0.25  # … and as many as fit in this many seconds (a slow device still answers) …
COACH_MIN_SAMPLES = 4  # … with at least this many deals in (a slow device, a slow variant)
COACH_FIRST = 32  # every answer gets this many deals, the rest go to the answers still in the running
COACH_SAME = 0.25  # heads: answers closer than this to the advice are "about the same" (shown as equals)
# … and so are the answers its deals do not separate from the advice beyond 1.96 × √2 standard errors of
# the paired difference: a second look, on other deals, then calls the first look's advice about the same
# as its own but about 1 time in 40 per close answer (at 1.96 it was 1 in 12: two seeds agreed on 80 % of
# base positions even with 400 deals; docs/bots.md)
COACH_APART_Z = Z95 * math.sqrt(2)
# The Coach advises the answer with the lowest estimate, whatever the cautious bot would play: its
# steadiness comes from many deals (the fast play-outs of playout.py), not from a tie rule (issue 24).


def coach_bot(seed: int | None, rules: Any, asked: type[Decision], samples: int = COACH_SAMPLES,
              budget: float | None = COACH_BUDGET) -> ExpertBot:
    """The Coach: the expert bot trying every card of the hand, as many deals as its time budget
    allows, advising the answer with the lowest estimate (no lean on the cautious bot's card); answers
    within ``COACH_SAME`` heads of it, or not ``COACH_APART_Z`` standard errors dearer, are about the same.

    Play's Coach and hindsight after a saved game (``saved.Hindsight``) ask this one (``coach_advice``);
    the row trainer and the drills judge answers by their exact costs under the rules and ask no Coach.
    A draft is played out to the end of the hand from one deal (every card is face up); the Hand
    variant looks 5 rounds ahead (its hands are long); everything else plays the hand out to its end.
    """
    if issubclass(asked, DraftDecision):
        samples, horizon = 1, 10
    elif rules.choosing == Choosing.IMMEDIATE:
        horizon = 5
    else:
        horizon = 10
    return ExpertBot(seed, samples, horizon, budget=budget, every_card=True,
                     min_samples=min(samples, COACH_MIN_SAMPLES), steady=False, first=COACH_FIRST,
                     same=COACH_SAME, keep=0.0, apart_z=COACH_APART_Z)


def coach_advice(game: Game, d: Decision, samples: int = COACH_SAMPLES,
                 budget: float | None = COACH_BUDGET) -> list[Estimate]:
    """The Coach's estimates for decision ``d`` pending in ``game``, the advice first: the one advisor of
    Play, hindsight and the trainers. Its deals are seeded by the game's seed and the decision's place in
    the log, so a position asked again (a saved game's hindsight) is sampled alike."""
    bot = coach_bot(nth_seed(game.seed, len(game.log)), game.rules, type(d), samples, budget)
    return bot.evaluate(d, game.view(d.seat))  # its worlds deal the unseen cards in their order: alike when replayed


class CoachBot:
    """The Coach as a player: at each decision Play's Coach (``coach_bot``, its time budget and its
    advice, the lowest estimate) is asked afresh and its advice played (for ``make bench-bots``)."""

    name = "coach"

    def __init__(self, seed: int | None = None, budget: float | None = COACH_BUDGET,
                 samples: int = COACH_SAMPLES) -> None:
        self.rng = random.Random(seed)
        self.budget, self.samples = budget, samples

    def decide(self, d: Decision, view: Information) -> Any:
        if len(d.options) == 1 and not isinstance(d, SplitDecision):
            return d.options[0]
        bot = coach_bot(self.rng.getrandbits(32), view.rules, type(d), self.samples, self.budget)
        return bot.evaluate(d, view)[0].action


class MonteCarloBot:
    """A plain Monte-Carlo player, the kind public 6 nimmt! agents use (the yardstick of issue 24): at
    each decision ``playouts`` play-outs in all, spread evenly over its legal answers; each re-deals
    the cards it cannot see at random and plays the hand out with every seat, itself too, answering
    at random; it plays the answer with the fewest heads on average. No reading of the other seats,
    no pairing of the answers on the same deals. Multi-card turns (Refined, Hand) and drafts: the
    cautious bot's answer."""

    name = "mc"

    def __init__(self, seed: int | None = None, playouts: int = 400) -> None:
        self.rng = random.Random(seed)
        self.playouts = playouts
        self._cautious = CautiousBot(0)
        self._random = RandomBot(0)

    def decide(self, d: Decision, view: Information) -> Any:
        opts = list(d.options)
        if len(opts) == 1 and not isinstance(d, SplitDecision):
            return opts[0]
        if not isinstance(d, (PlayDecision, TakeRowDecision, SpotDecision)) or (
                isinstance(d, PlayDecision) and d.max_count > 1):
            return self._cautious.decide(d, view)
        from sixnimmt_core.players import playout

        fast = playout.answerable(type(d), view.rules)
        total = [0.0] * len(opts)
        count = [0] * len(opts)
        self._random.rng = self.rng
        agents = [self._random] * view.players
        worlds = Worlds(view)
        for k in range(self.playouts):
            i = k % len(opts)
            cost: float
            world = worlds.draw(self.rng)
            if fast:
                policy = playout.Mixed([1.0] * view.players, self.rng, view.rules.two_sided,
                                       view.rules.twins != Twins.NONE)
                _now, cost = playout.play_out(world, d.seat, type(d), opts[i], policy, 99)
            else:
                start, hand = seat_cost(world, d.seat), world.hand_no
                world.act(d.seat, opts[i])
                play_out(world, agents, hand, 10**6)
                cost = seat_cost(world, d.seat, hand) - start
            total[i] += cost
            count[i] += 1
        return opts[min(range(len(opts)), key=lambda i: total[i] / count[i] if count[i] else math.inf)]


BOTS: dict[str, type[RandomBot | CautiousBot | LookaheadBot]] = {
    "random": RandomBot, "cautious": CautiousBot, "lookahead": LookaheadBot, "expert": ExpertBot}
TABLE_BOTS: dict[str, type[RandomBot | CautiousBot | ExpertBot]] = {  # the bots ``sixnimmt table join --bot`` plays
    "random": RandomBot, "cautious": CautiousBot, "expert": ExpertBot}
LEVELS = {"beginner": "random", "careful": "cautious", "expert": "expert"}  # levels named for people
ALIASES = {"strong": "expert"}


def make_bot(name: str, seed: int | None = None) -> Agent:
    """A bot by name: a level (beginner, careful, expert) or a bot (random, cautious, lookahead, expert)."""
    key = name.strip().lower() if isinstance(name, str) else name
    key = LEVELS.get(key, ALIASES.get(key, key))
    try:
        return BOTS[key](seed)
    except (KeyError, TypeError):
        names = ", ".join(dict.fromkeys([*LEVELS, *BOTS]))
        raise ImpossibleSetup(Say("setup.bot", name=repr(name), bots=names), "bots") from None


def make_bots(names: list[str], players: int, seed: int | None = None) -> list[Agent]:
    """One bot per seat; a shorter list repeats its last name; each bot gets its own seed."""
    if not names:
        names = ["cautious"]
    if not all(n.strip() for n in names):
        raise ImpossibleSetup(Say("setup.bot_blank", bots=repr(",".join(names))), "bots")
    if len(names) > players:
        raise ImpossibleSetup(Say("setup.bots", count=len(names), bots=len(names), players=players), "bots")
    names = list(names) + [names[-1]] * (players - len(names))
    return [make_bot(n, seat_seed(seed, i)) for i, n in enumerate(names)]


def seat_seed(seed: int | None, seat: int) -> int | None:
    """The seed of the bot in ``seat`` of a game seeded ``seed`` (None stays None: unseeded)."""
    return None if seed is None else seed * 1000 + seat + 1


def nth_seed(seed: int | None, n: int) -> int:
    """The seed of the ``n``-th of many games (a simulation, a coach's n-th look) from one seed."""
    return (seed or 0) * 1_000_003 + n
