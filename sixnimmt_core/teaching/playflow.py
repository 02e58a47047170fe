"""Play's turn flow and its Coach's badge data, without any drawing (no ipywidgets).

:class:`TurnFlow` is a game on one screen: the bots play until a person must decide; it says which
decision is shown and for which seat, whether pass and play waits for the next person's Ready,
which cards a multi-card turn has selected and which taken cards a split keeps, and it answers
for the person, keeping the engine's refusal when an answer is illegal. The Coach's words for a
decision (a badge and a reason per answer, the advice, the line on what matters) are chosen here
from the engine's estimates (:func:`coach_badges`, :func:`coach_words`); ``widgets/play.py``
only draws them.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from sixnimmt_core.engine.cards import total_heads
from sixnimmt_core.engine.decisions import (
    Decision,
    DraftDecision,
    OrderDecision,
    PlayDecision,
    SplitDecision,
    SpotDecision,
    TakeRowDecision,
)
from sixnimmt_core.engine.errors import ImpossibleSetup, Say, SixNimmtError
from sixnimmt_core.engine.events import HandEnded, Placed
from sixnimmt_core.engine.game import Deal, Game
from sixnimmt_core.engine.rules import Choosing, Rules, find_variant
from sixnimmt_core.engine.table import (
    LEFT,
    LOW,
    NOWHERE,
    SIXTH,
    TIE,
    TWIN,
    cheapest_row,
    locate,
    places,
)
from sixnimmt_core.players.agent import Agent
from sixnimmt_core.players.bots import (
    COACH_BUDGET,
    COACH_SAMPLES,
    Human,
    advance,
    coach_advice,
    coach_bot,
    make_bot,
    seat_seed,
)
from sixnimmt_core.teaching.narrate import Narrator, Table, local_names
from sixnimmt_core.words import decimal, heads_words, join, text

WIDGETS = "widgets"  # the widgets' words of the turn flow
COACH = "coach"  # the Coach's and the levels' words


# ---- how far the Coach looks -----------------------------------------------------------------------
def turns_in_hand(rules: Rules) -> int:
    """How many turns a hand has: its cards, ``cards_per_turn`` a turn (Refined: 14 cards, two a turn: 7)."""
    return -(-rules.hand_size // rules.cards_per_turn)


@lru_cache(maxsize=64)
def _coach_of(rules: Rules) -> Any:
    """The Coach for these rules, asked only how far it looks (making one takes a tenth of a millisecond)."""
    return coach_bot(0, rules, PlayDecision)


def coach_horizon(rules: Rules) -> int:
    """The turns the Coach plays out after this one (``bots.coach_bot``, the one home of its distance)."""
    return _coach_of(rules).horizon


# ---- the Coach's words for a decision ------------------------------------------------------------------
def advice_group(est: list[Any]) -> list[Any]:
    """The advice and every answer the Coach counts as about the same (its deals cannot separate them,
    or they differ by less than a quarter head): shown as equals, cheapest first."""
    if not est:
        return []
    return [est[0]] + [e for e in est[1:] if not e.apart]


def fine_badges(est: list[Any]) -> bool:
    """Whether a decision's badges need one decimal: in whole heads some badge without a ★ would show the
    number of a ★ badge ("★ ≈11" beside "≈11": the deals cannot set that ★ answer apart from the advice, and
    they set the other apart, yet the whole numbers hide which is cheaper). The equals come first, the
    rest no cheaper, so with one decimal every ★ badge shows no more heads than every other."""
    plain = [round(e.expected) for e in est[1:] if e.apart]
    return bool(plain) and min(plain) <= max(round(e.expected) for e in advice_group(est))


def coach_separates(est: list[Any]) -> bool:
    """Whether the sampled deals tell some choice apart from the advice (else all are about the same)."""
    return len(est) < 2 or any(e.apart for e in est[1:])


@dataclass(frozen=True)
class CoachNote:
    """What the Coach's panel says about a decision: ``about`` (how it looked, how far), ``advice``
    and ``why`` (empty when there is only one answer), ``lines`` (the best answers' reasons, or the
    only answer's cost); ``only``: a single answer."""

    about: str
    lines: tuple[str, ...]
    advice: str = ""
    why: str = ""
    only: bool = False


# ---- the Coach's words in one language ---------------------------------------------------------------
class CoachWords:
    """The Coach's words in one language, given once: how far it looks, its answers, badges, reasons and
    panel (the module's functions of the same names are the entry points, taking ``lang`` at the top)."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang

    def coach_span(self, rules: Rules) -> str:
        """How far the Coach looks, in words ("by the end of the hand", "over the next 5 rounds")."""
        ahead = _coach_of(rules).horizon + 1
        if rules.choosing == Choosing.IMMEDIATE:
            return text("coach.span.rounds", self.lang, domain=WIDGETS, n=ahead)
        if ahead >= turns_in_hand(rules):
            return text("coach.span.hand", self.lang, domain=WIDGETS)
        return text("coach.span.turns", self.lang, domain=WIDGETS, n=ahead)

    def pair_words(self, key: str, cards: Sequence[int]) -> str:
        """'30', '30 and 20', '20 then 30' ('20, potom 30'): ``key`` names how two cards are joined."""
        if len(cards) == 2:
            return text(key, self.lang, domain=WIDGETS, first=cards[0], second=cards[1])
        return join(list(cards), self.lang)

    def answer_words(self, e: Any) -> str:
        """A look-ahead estimate's answer as a button says it: 'Play 29', 'Take row 2', '29 first, then 31' …."""
        a = e.action
        if issubclass(e.asked, TakeRowDecision):
            return text("coach.take_row", self.lang, domain=WIDGETS, row=a + 1)
        if issubclass(e.asked, SpotDecision):
            return text("coach.spot." + a.side, self.lang, domain=WIDGETS, row=a.row + 1)
        if issubclass(e.asked, OrderDecision):
            return text("order.label", self.lang, domain=WIDGETS, first=a[0], second=a[1])
        if issubclass(e.asked, DraftDecision):
            return text("draft.card", self.lang, domain=WIDGETS, card=a)
        if issubclass(e.asked, SplitDecision):
            return text("coach.keep", self.lang, domain=WIDGETS, cards=", ".join(map(str, a))) if a else text("coach.keep_none", self.lang, domain=WIDGETS)
        if isinstance(a, tuple):
            return text("play.card", self.lang, domain=WIDGETS, card=self.pair_words("lay.then", a))
        return text("play.card", self.lang, domain=WIDGETS, card=a)

    def coach_reason(self, e: Any, span: str) -> str:
        """A look-ahead estimate's reason in ``self.lang``: the answer, what it costs now, what by ``span``."""
        if issubclass(e.asked, (TakeRowDecision, SplitDecision)):
            now = text("coach.now", self.lang, domain=WIDGETS, now=decimal(e.now, self.lang))
        elif e.take_chance == 0:
            now = text("coach.no_take", self.lang, domain=WIDGETS)
        else:
            now = text("coach.takes", self.lang, domain=WIDGETS, pct=round(e.take_chance * 100), now=decimal(e.now, self.lang))
        return text("coach.reason", self.lang, domain=WIDGETS, answer=self.answer_words(e), now=now, expected=decimal(e.expected, self.lang), span=span)

    def reason(self, e: Any, rules: Rules) -> str:
        """The estimate's reason, in the catalogue's words (answers said as the buttons say them)."""
        return self.coach_reason(e, self.coach_span(rules))

    def badge_words(self, e: Any, rank: int | None = None, advice: bool = False, fine: bool = False) -> str:
        """An estimate's badge: '≈7' (whole heads; ``fine``: '≈6.6', see ``fine_badges``); '★ ≈7' for the
        advice and every answer about as good (``advice``); '#2' (``rank``: a draft, the rule's order);
        'only card · 2 heads' for a forced move whose cost this turn the table already decides."""
        if e.forced:
            only = text("badge.only" if issubclass(e.asked, PlayDecision) else "badge.only_choice", self.lang, domain=COACH)
            if e.sure is not None and issubclass(e.asked, (PlayDecision, TakeRowDecision)):
                return text("badge.only.sure", self.lang, domain=COACH, only=only, heads=heads_words(round(e.sure), self.lang))
            return text("badge.only.estimate", self.lang, domain=COACH, only=only, expected=decimal(e.expected, self.lang), margin=decimal(e.margin, self.lang))
        if rank is not None:
            return text("badge.rank", self.lang, domain=COACH, rank=rank)
        n = decimal(e.expected, self.lang) if fine else round(e.expected)
        return text("badge.advice" if advice else "badge.about", self.lang, domain=COACH, n=n)

    def advice_words(self, est: list[Any], span: str) -> str:
        """The advice in plain words: 'Play 29: about 7 heads by the end of the hand — could be anything
        from 2 to 13.'; for several answers about the same, 'Play 12, Play 40 or Play 55 — these 3 are
        about the same: …'."""
        group = advice_group(est)
        best = group[0]
        heads = heads_words(round(best.expected), self.lang)
        low, high = round(min(e.low for e in group)), round(max(e.high for e in group))
        if len(group) > 1:
            names = [self.answer_words(e) for e in group]
            answers = text("answers.or", self.lang, domain=COACH, rest=", ".join(names[:-1]), last=names[-1])
            return text("advice.same", self.lang, n=len(group), domain=COACH, answers=answers, heads=heads, span=span, low=low, high=high)
        if low == high:
            return text("advice.sure", self.lang, domain=COACH, answer=self.answer_words(best), heads=heads, span=span)
        return text("advice", self.lang, domain=COACH, answer=self.answer_words(best), heads=heads, span=span, low=low, high=high)

    def _why_card(self, card: int, rows: list[list[int]], rules: Rules) -> str | None:
        """What matters for laying ``card`` on these rows (None for a tie: no one line says it)."""
        rule, row, side = locate(card, rows, rules.two_sided)
        if rule == SIXTH:
            return text("why.sixth", self.lang, domain=COACH, card=card, row=row + 1, heads=heads_words(total_heads(rows[row]), self.lang))
        if rule in (LOW, NOWHERE):
            cheapest = total_heads(rows[cheapest_row(rows)])
            return text("why.low", self.lang, domain=COACH, card=card, heads=heads_words(cheapest, self.lang))
        if rule == TWIN:
            return text("why.twin", self.lang, domain=COACH, card=card, row=row + 1)
        if rule == TIE:
            return None
        target = rows[row]
        if places(target) == 4:
            return text("why.fills", self.lang, domain=COACH, card=card, row=row + 1)
        if side == LEFT:
            return text("why.left", self.lang, domain=COACH, card=card, end=target[0], row=row + 1)
        end = target[-1]
        if places(target) >= 3 and card - end >= 10:
            return text("why.gap", self.lang, domain=COACH, card=card, end=end, row=row + 1)
        return text("why.safe", self.lang, domain=COACH, card=card, end=end, row=row + 1)

    def why_words(self, e: Any, rows: list[list[int]], rules: Rules) -> str:
        """One line on what matters for the answer ``e`` on these rows: a sixth card, a low card's row, a
        row about to fill, a wide gap, room; a row to take; else that it costs least on average."""
        a = e.action
        if issubclass(e.asked, PlayDecision) and not isinstance(a, tuple):
            said = self._why_card(a, rows, rules)
            if said is not None:
                return said
        if issubclass(e.asked, TakeRowDecision):
            heads = heads_words(total_heads(rows[a]), self.lang)
            key = "why.cheapest" if a == cheapest_row(rows) else "why.row_later"
            return text(key, self.lang, domain=COACH, row=a + 1, heads=heads)
        return text("why.average", self.lang, domain=COACH)

    def coach_badges(self, d: Decision, est: list[Any], rules: Rules) -> tuple[dict[Any, str], dict[Any, str]]:
        """(answer -> badge, answer -> reason) for the answers of ``d`` the Coach estimated (``est``, the
        advice first). A draft's badges are ranks (the rule's order); in a multi-card turn each card
        carries the badge of the best answer that lays it."""
        badge: dict[Any, str] = {}
        why: dict[Any, str] = {}
        group = [e.action for e in advice_group(est)]
        fine = fine_badges(est)
        if isinstance(d, PlayDecision) and d.max_count > 1:
            for card in d.options:
                best = next((e for e in est if card in e.action), None)
                if best is not None:
                    badge[card] = self.badge_words(best, None, best.action in group, fine)
                    why[card] = text("coach.best_with", self.lang, domain=WIDGETS, card=card, reason=self.reason(best, rules))
            return badge, why
        ranks = isinstance(d, DraftDecision)  # a draft pick is the rule's: its order, not one deal's numbers
        for k, e in enumerate(est):
            badge[e.action] = self.badge_words(e, k + 1 if ranks else None, e.action in group, fine)
            why[e.action] = self.reason(e, rules)
        return badge, why

    def coach_note(self, d: Decision, est: list[Any], rules: Rules, rows: list[list[int]]) -> CoachNote:
        """The Coach's panel for decision ``d`` from its estimates ``est`` (at least one, the advice first)."""
        span = self.coach_span(rules)
        if isinstance(d, DraftDecision):
            how = text("coach.how.draft", self.lang, domain=WIDGETS)
        else:
            how = text("how.read" if rules.one_hidden_each else "how", self.lang, n=max(e.samples for e in est), domain=COACH)
        if len(est) == 1:
            e = est[0]
            if e.sure is not None:
                only = text("only.sure", self.lang, domain=COACH, heads=heads_words(round(e.sure), self.lang))
            else:
                only = text("only.estimate", self.lang, domain=COACH, expected=decimal(e.expected, self.lang), margin=decimal(e.margin, self.lang), span=span)
            return CoachNote(text("about", self.lang, domain=COACH, how=how, span=span), (only,), only=True)
        if isinstance(d, DraftDecision):
            advice, why = self.reason(est[0], rules), text("why.average", self.lang, domain=COACH)
        else:
            advice, why = self.advice_words(est, span), self.why_words(est[0], rows, rules)
        lines = tuple(text("details.line", self.lang, domain=COACH, reason=self.reason(e, rules), margin=decimal(e.margin, self.lang))
                      for e in est[:3])
        return CoachNote(text("about.details", self.lang, domain=COACH, how=how, span=span), lines, advice, why)


# ---- the entry points: the language given once, at the top (each is CoachWords(lang).<the same name>) --
def coach_span(rules: Rules, lang: str = "en") -> str:
    return CoachWords(lang).coach_span(rules)


def pair_words(key: str, cards: Sequence[int], lang: str) -> str:
    return CoachWords(lang).pair_words(key, cards)


def answer_words(e: Any, lang: str = "en") -> str:
    return CoachWords(lang).answer_words(e)


def coach_reason(e: Any, span: str, lang: str = "en") -> str:
    return CoachWords(lang).coach_reason(e, span)


def badge_words(e: Any, lang: str = "en", rank: int | None = None, advice: bool = False) -> str:
    return CoachWords(lang).badge_words(e, rank, advice)


def advice_words(est: list[Any], span: str, lang: str = "en") -> str:
    return CoachWords(lang).advice_words(est, span)


def why_words(e: Any, rows: list[list[int]], rules: Rules, lang: str = "en") -> str:
    return CoachWords(lang).why_words(e, rows, rules)


def coach_badges(d: Decision, est: list[Any], rules: Rules, lang: str = "en") -> tuple[dict[Any, str], dict[Any, str]]:
    return CoachWords(lang).coach_badges(d, est, rules)


def coach_note(d: Decision, est: list[Any], rules: Rules, rows: list[list[int]], lang: str = "en") -> CoachNote:
    return CoachWords(lang).coach_note(d, est, rules, rows)


# ---- the turn flow ---------------------------------------------------------------------------------------
def as_rules(rules: Rules | str | None) -> Rules:
    """``rules`` as a :class:`Rules`: a variant's name found, None the base game."""
    if rules is None:
        return find_variant("base")
    if isinstance(rules, str):
        return find_variant(rules)
    return rules


def seat_agents(players: int, humans: Sequence[int], bot_names: Sequence[str], seed: int | None) -> list[Agent]:
    """Who answers for each seat: a :class:`Human` on the people's seats; the bots named in order on the
    others (the last name repeats), each seeded from ``seed`` by its seat."""
    agents: list[Agent] = []
    for s in range(players):
        if s in humans:
            agents.append(Human())
        else:
            k = s - sum(1 for h in humans if h < s)  # the how-manieth bot seat this is
            agents.append(make_bot(bot_names[min(k, len(bot_names) - 1)], seat_seed(seed, s)))
    return agents


class TurnFlow:
    """A game played on one screen: ``TurnFlow(rules=None, players=4, humans=(0,), bots=("cautious",),
    seed=None, one_hand=True, names=None, deal=None, coach_samples=…, coach_budget=…, lang="en")``.

    After :meth:`new_game` (and each answer) the bots have played until a person must decide:
    ``decision`` is the person's decision shown (None: the game is over, or no person is asked);
    ``waiting`` is True while pass and play hides that seat's hand until :meth:`ready`. ``lines``
    is every event so far with its words in ``lang``; ``seen[seat]`` is where that seat's last
    answer stood in it (what happened since is news to them). ``picked`` (card indices in the
    order clicked, of ``cards``) and ``kept`` (split: indices of the taken cards going to the hand)
    are the selection of the decision shown. :meth:`act` answers it; an illegal answer changes
    nothing and leaves the engine's error in ``refused``.
    """

    def __init__(self, rules: Rules | str | None = None, *, players: int = 4, humans: Iterable[int] = (0,),
                 bots: Sequence[str] = ("cautious",), seed: int | None = None, one_hand: bool = True,
                 names: Sequence[str] | None = None, deal: Deal | None = None, coach_samples: int = COACH_SAMPLES,
                 coach_budget: float | None = COACH_BUDGET, lang: str = "en") -> None:
        self.lang = lang
        self.humans = tuple(sorted(set(humans)))
        self.rules = as_rules(rules)
        self.players = players
        self.one_hand = one_hand
        self.bot_names = list(bots) or ["cautious"]
        self.check_seats()
        self.seed = seed
        self.names_given = list(names) if names else None
        self.deal = deal
        self.coach_samples = coach_samples
        self.coach_budget = coach_budget
        self.games_started = 0
        self.coach_seconds: list[float] = []  # how long each Coach evaluation took
        self.refused: SixNimmtError | None = None

    # ---- settings ------------------------------------------------------------------------------
    def check_seats(self) -> None:
        """Refuse (``ImpossibleSetup``) people's seats that are not seats, or rules that cannot be dealt."""
        bad = [h for h in self.humans if not (isinstance(h, int) and 0 <= h < self.players)]
        if bad:
            raise ImpossibleSetup(Say("setup.human_seats", last=self.players - 1, bad=", ".join(map(repr, bad))),
                                  "players")
        self.rules.check(self.players)

    def setup(self, rules: Rules | str | None = None, *, players: int | None = None,
              one_hand: bool | None = None, bots: Sequence[str] | None = None) -> None:
        """Change the settings of the next :meth:`new_game` (what is not given stays).

        Refuses (``ImpossibleSetup``) what cannot be dealt, and then changes nothing."""
        old = (self.rules, self.players, self.one_hand, self.bot_names)
        if rules is not None:
            self.rules = as_rules(rules)
        if players is not None:
            self.players = players
        if one_hand is not None:
            self.one_hand = one_hand
        if bots is not None:
            self.bot_names = list(bots) or ["cautious"]
        try:
            self.check_seats()
        except ImpossibleSetup:
            self.rules, self.players, self.one_hand, self.bot_names = old
            raise

    # ---- games ---------------------------------------------------------------------------------
    def new_game(self) -> None:
        """Deal a new game (the same seats and bots; the next seed when a seed was given; ``deal`` fixes
        the first game's cards only) and play until a person must decide."""
        seed = None if self.seed is None else self.seed + self.games_started
        self.games_started += 1
        deal = self.deal if self.games_started == 1 else None
        self.game = Game(self.rules, self.players, seed=seed, deal=deal, names=self.names_given,
                         one_hand=self.one_hand)
        self.agents = seat_agents(self.players, self.humans, self.bot_names, seed)
        self._start_story()
        self.seen = dict.fromkeys(self.humans, 0)
        self.shown_seat: int | None = None
        self._coach_cache: dict[Any, list[Any]] = {}
        self.step()

    def retell(self, lang: str) -> None:
        """Tell the game in ``lang`` from now on: the story so far told again from the game's log in it,
        the seats named in it; the game, the bots, the Coach's estimates, the seat shown and the cards
        selected stay as they are (the learner switched language)."""
        self.lang = lang
        if hasattr(self, "game"):
            self._start_story()
            self._catch_up()

    def _start_story(self) -> None:
        self._narrator = Narrator(self.game.rules, self.players, self.game.names, self.lang)
        self.names = local_names(list(self.game.names), self.lang)  # the seats as this screen says them
        self.folded = Table(self.players)  # the table as the story has told it so far
        self.lines: list[tuple[Any, str]] = []  # (event, words) for every event so far

    def _catch_up(self) -> None:
        log = self.game.log
        while len(self.lines) < len(log):
            e = log[len(self.lines)]
            text = self._narrator.text(e, self.folded)
            self.folded.apply(e)
            self.lines.append((e, text))

    def step(self) -> None:
        """Let the bots play until a person must decide; then choose the decision shown: the seat shown
        before if it is asked again, else the first person asked (pass and play: behind Ready)."""
        advance(self.game, self.agents)
        self._catch_up()
        self.picked: list[int] = []
        self.kept: list[int] = []
        g = self.game
        mine = [d for d in g.pending if d.seat in self.humans]
        if g.over or not mine:
            self.decision: Decision | None = None
            self.waiting = False
            return
        d = next((d for d in mine if d.seat == self.shown_seat), mine[0])
        self.decision = d
        self.waiting = len(self.humans) > 1 and d.seat != self.shown_seat
        if not self.waiting:
            self.shown_seat = d.seat

    def ready(self) -> bool:
        """The next person pressed Ready: show their decision (False: nothing was waiting)."""
        if self.decision is None or not self.waiting:
            return False
        self.waiting = False
        self.shown_seat = self.decision.seat
        return True

    @property
    def idle(self) -> bool:
        """No answer can be given now: no decision, or one hidden behind Ready."""
        return self.decision is None or self.waiting

    def act(self, answer: Any) -> bool:
        """Answer the decision shown and play on. An illegal answer changes nothing: False, with the
        engine's error in ``refused``; False too (``refused`` None) when no answer can be given."""
        self.refused = None
        d = self.decision
        if d is None or self.waiting:
            return False
        mark = len(self.game.log)
        try:
            self.game.act(d.seat, answer)
        except SixNimmtError as exc:
            self.refused = exc
            return False
        self.seen[d.seat] = mark
        self.step()
        return True

    def since(self, seat: int | None) -> list[tuple[Any, str]]:
        """The events (with their words) since ``seat`` last answered (None: every event)."""
        return self.lines[self.seen.get(seat, 0):] if seat is not None else self.lines

    def hand_ended(self, seat: int) -> HandEnded | None:
        """In a match: the last hand that ended since ``seat`` last answered, if one did."""
        return next((e for e, _t in reversed(self.since(seat)) if isinstance(e, HandEnded)), None)

    def last_placed(self, seat: int | None) -> dict[str, int]:
        """The card placed last since ``seat`` last answered, where it still lies: {"row": 1-based, "card"}."""
        rows = self.game.rows
        for e, _t in reversed(self.since(seat)):
            if isinstance(e, Placed):
                return {"row": e.row + 1, "card": e.card} if e.row < len(rows) and e.card in rows[e.row] else {}
        return {}

    # ---- the selection of a multi-card turn, and a split ------------------------------------------
    @property
    def cards(self) -> list[int]:
        """The cards offered by the decision shown, in the order shown (low to high): play and draft."""
        d = self.decision
        return sorted(d.options) if d is not None and isinstance(d, (PlayDecision, DraftDecision)) else []

    @property
    def selection(self) -> list[int]:
        """The cards selected for a multi-card turn, in the order they were clicked."""
        cards = self.cards
        return [cards[i] for i in self.picked]

    def pick(self, index: int) -> None:
        """A card (an index of ``cards``) clicked in a multi-card turn: select it (in order) or unselect it."""
        if index in self.picked:
            self.picked.remove(index)
        else:
            self.picked.append(index)

    def clear(self) -> None:
        self.picked = []

    @property
    def keep(self) -> list[int]:
        """Split: the taken cards chosen to go to the hand."""
        d = self.decision
        return [d.options[i] for i in self.kept] if d is not None and isinstance(d, SplitDecision) else []

    def toggle_keep(self, index: int, value: bool) -> None:
        """Split: the taken card ``index`` goes to the hand (``value``) or to the pile."""
        if value and index not in self.kept:
            self.kept.append(index)
        elif not value and index in self.kept:
            self.kept.remove(index)

    @property
    def needs_selection(self) -> bool:
        """A multi-card turn confirmed with no card selected."""
        d = self.decision
        return d is not None and isinstance(d, PlayDecision) and not self.picked

    def confirmed(self) -> tuple[int, ...] | None:
        """The answer the confirm button gives: the split's kept cards, or the selected cards (None: no
        answer is confirmed now)."""
        d = self.decision
        if self.idle or d is None:
            return None
        if isinstance(d, SplitDecision):
            return tuple(self.keep)
        if isinstance(d, PlayDecision) and self.picked:
            return tuple(self.selection)
        return None

    # ---- the Coach -----------------------------------------------------------------------------
    def estimates(self, d: Decision) -> list[Any]:
        """The Coach's estimates for a decision (cached: the same position is not asked twice), cheapest first."""
        key = (len(self.game.log), d)
        if key not in self._coach_cache:
            t0 = time.perf_counter()
            self._coach_cache[key] = coach_advice(self.game, d, self.coach_samples, self.coach_budget)
            self.coach_seconds.append(time.perf_counter() - t0)
        return self._coach_cache[key]

    def badges(self, d: Decision) -> tuple[dict[Any, str], dict[Any, str], list[Any]]:
        """(answer -> badge, answer -> reason, estimates) for the answers of ``d``."""
        est = self.estimates(d)
        badge, why = CoachWords(self.lang).coach_badges(d, est, self.game.rules)
        return badge, why, est

    def note(self, d: Decision) -> CoachNote | None:
        """The Coach's panel for ``d`` (None: it estimated nothing)."""
        est = self.estimates(d)
        return CoachWords(self.lang).coach_note(d, est, self.game.rules, self.game.rows) if est else None
