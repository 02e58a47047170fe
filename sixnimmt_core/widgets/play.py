"""PlayTable: play a hand (or a match) against bots, or pass and play on one screen, by clicks.
GameLauncher: the Play lesson — one line of settings (variant, players, opponents, coach, whole
match, New game) over one PlayTable.

Every decision the engine asks is offered as buttons; illegal answers come back as the engine's
own words. A Coach checkbox badges each choice with the look-ahead bot's expected penalty.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from typing import Any

import ipywidgets as W

from sixnimmt_core.drawing import render
from sixnimmt_core.drawing.display import stacks
from sixnimmt_core.engine.cards import total_heads
from sixnimmt_core.engine.errors import ImpossibleSetup, Say, SixNimmtError
from sixnimmt_core.engine.events import HandEnded, Marker, MatchEnded, Placed
from sixnimmt_core.engine.game import (
    DRAFT,
    ORDER,
    PLAY,
    SPLIT,
    SPOT,
    TAKE_ROW,
    Deal,
    Decision,
    Game,
)
from sixnimmt_core.engine.rules import VARIANTS, Rules, find_variant, variant_summary
from sixnimmt_core.engine.table import (
    LOW,
    NOWHERE,
    SIXTH,
    TIE,
    TWIN,
    Spot,
    cheapest_row,
    locate,
    places,
)
from sixnimmt_core.players.bots import (
    COACH_BUDGET,
    COACH_SAMPLES,
    ExpertBot,
    Human,
    advance,
    coach_advice,
    make_bot,
    seat_seed,
)
from sixnimmt_core.teaching.narrate import Narrator, Table, local_names
from sixnimmt_core.widgets._common import (
    CardStyles,
    RowTable,
    button,
    card_button,
    card_name,
    cards_words,
    checkbox,
    chips,
    close_all,
    css,
    error_words,
    esc,
    flex,
    game_title,
    panel,
    root,
    tr,
    tr_n,
    variant_name,
    words_in,
)
from sixnimmt_core.words import heads_words, join

STORY_LINES = 30  # the most narration lines shown at once
HAND_TURNS = 10  # the coach plays a hand out to its end (at most 10 more turns)
HAND_VARIANT_ROUNDS = 5  # the Hand variant's hands are long: the coach looks 5 rounds ahead


def _spot_words(s: Spot, lang: str = "en") -> str:
    """'Left of row 3 · before 60', 'Right of row 1 · after 45' (the row trainer's words)."""
    return tr("answer.left" if s.side == "left" else "answer.right", lang, row=s.row + 1, end=s.end)


def _spot_tip(s: Spot, card: int, lang: str = "en") -> str:
    return tr("answer.left.tip" if s.side == "left" else "answer.right.tip", lang, card=card, row=s.row + 1, end=s.end)


def decimal(x: float, lang: str = "en") -> str:
    """``x`` with one decimal, as ``lang`` writes it ('1.5'; '1,5')."""
    text = f"{x:.1f}"
    return text if lang == "en" else text.replace(".", ",")


def _pair(key: str, cards: Sequence[int], lang: str) -> str:
    """'30', '30 and 20', '20 then 30' ('20, potom 30')."""
    if len(cards) == 2:
        return tr(key, lang, first=cards[0], second=cards[1])
    return join(list(cards), lang)


def answer_words(e: Any, lang: str = "en") -> str:
    """A look-ahead estimate's answer as a button says it: 'Play 29', 'Take row 2', '29 first, then 31' …
    (in English, the look-ahead bot's own words: ``Estimate.answer_words``)."""
    a = e.action
    if e.kind == TAKE_ROW:
        return tr("coach.take_row", lang, row=a + 1)
    if e.kind == SPOT:
        return tr("coach.spot." + a.side, lang, row=a.row + 1)
    if e.kind == ORDER:
        return tr("order.label", lang, first=a[0], second=a[1])
    if e.kind == DRAFT:
        return tr("draft.card", lang, card=a)
    if e.kind == SPLIT:
        return tr("coach.keep", lang, cards=", ".join(map(str, a))) if a else tr("coach.keep_none", lang)
    if isinstance(a, tuple):
        return tr("play.card", lang, card=_pair("lay.then", a, lang))
    return tr("play.card", lang, card=a)


def coach_reason(e: Any, span: str, lang: str = "en") -> str:
    """A look-ahead estimate's reason in ``lang`` (in English, ``Estimate.reason``'s words)."""
    if e.kind in (TAKE_ROW, SPLIT):
        now = tr("coach.now", lang, now=decimal(e.now, lang))
    elif e.take_chance == 0:
        now = tr("coach.no_take", lang)
    else:
        now = tr("coach.takes", lang, pct=round(e.take_chance * 100), now=decimal(e.now, lang))
    return tr("coach.reason", lang, answer=answer_words(e, lang), now=now, expected=decimal(e.expected, lang),
              span=span)


coach_words, coach_words_n = words_in("coach")  # the Coach's and the levels' words


def badge_words(e: Any, lang: str = "en", rank: int | None = None, advice: bool = False) -> str:
    """An estimate's badge: '≈7' (whole heads); '★ ≈7' for the advice and every answer about as good
    (``advice``); '#2' (``rank``: a draft, the rule's order); 'only card · 2 heads' for a forced move
    whose cost this turn the table already decides."""
    if e.forced:
        only = coach_words("badge.only" if e.kind == PLAY else "badge.only_choice", lang)
        if e.sure is not None and e.kind in (PLAY, TAKE_ROW):
            return coach_words("badge.only.sure", lang, only=only, heads=heads_words(round(e.sure), lang))
        return coach_words("badge.only.estimate", lang, only=only, expected=decimal(e.expected, lang),
                           margin=decimal(e.margin, lang))
    if rank is not None:
        return coach_words("badge.rank", lang, rank=rank)
    return coach_words("badge.advice" if advice else "badge.about", lang, n=round(e.expected))


def advice_group(est: list[Any]) -> list[Any]:
    """The advice and every answer the Coach counts as about the same (its deals cannot separate them,
    or they differ by less than a quarter head): shown as equals, cheapest first."""
    if not est:
        return []
    return [est[0]] + [e for e in est[1:] if not e.apart]


def advice_words(est: list[Any], span: str, lang: str = "en") -> str:
    """The advice in plain words: 'Play 29: about 7 heads by the end of the hand — could be anything
    from 2 to 13.'; for several answers about the same, 'Play 12, Play 40 or Play 55 — these 3 are
    about the same: …'."""
    group = advice_group(est)
    best = group[0]
    heads = heads_words(round(best.expected), lang)
    low, high = round(min(e.low for e in group)), round(max(e.high for e in group))
    if len(group) > 1:
        names = [answer_words(e, lang) for e in group]
        answers = coach_words("answers.or", lang, rest=", ".join(names[:-1]), last=names[-1])
        return coach_words_n("advice.same", len(group), lang, answers=answers, heads=heads, span=span,
                             low=low, high=high)
    if low == high:
        return coach_words("advice.sure", lang, answer=answer_words(best, lang), heads=heads, span=span)
    return coach_words("advice", lang, answer=answer_words(best, lang), heads=heads, span=span, low=low, high=high)


def why_words(e: Any, rows: list[list[int]], rules: Rules, lang: str = "en") -> str:
    """One line on what matters for the answer ``e`` on these rows: a sixth card, a low card's row, a
    row about to fill, a wide gap, room; a row to take; else that it costs least on average."""
    a = e.action
    if e.kind == PLAY and not isinstance(a, tuple):
        rule, row, side = locate(a, rows, rules.two_sided)
        if rule == SIXTH:
            return coach_words("why.sixth", lang, card=a, row=row + 1, heads=heads_words(total_heads(rows[row]), lang))
        if rule in (LOW, NOWHERE):
            cheapest = total_heads(rows[cheapest_row(rows)])
            return coach_words("why.low", lang, card=a, heads=heads_words(cheapest, lang))
        if rule == TWIN:
            return coach_words("why.twin", lang, card=a, row=row + 1)
        if rule != TIE:
            target = rows[row]
            if places(target) == 4:
                return coach_words("why.fills", lang, card=a, row=row + 1)
            if side == "left":
                return coach_words("why.left", lang, card=a, end=target[0], row=row + 1)
            end = target[-1]
            if places(target) >= 3 and a - end >= 10:
                return coach_words("why.gap", lang, card=a, end=end, row=row + 1)
            return coach_words("why.safe", lang, card=a, end=end, row=row + 1)
    if e.kind == TAKE_ROW:
        heads = heads_words(total_heads(rows[a]), lang)
        key = "why.cheapest" if a == cheapest_row(rows) else "why.row_later"
        return coach_words(key, lang, row=a + 1, heads=heads)
    return coach_words("why.average", lang)


def _line(inner: str) -> str:
    """One short line on a slim panel (light ground, dark ink: any theme)."""
    return panel(f"<p>{inner}</p>", "snt-slim")


def match_words(rules: Rules, players: int, lang: str = "en") -> str:
    """When the match ends, in words ("when a player has 66 or more"; Tournament: its hands)."""
    return rules.match_end_words(players, lang)


def _rules(rules: Rules | str | None) -> Rules:
    if rules is None:
        return find_variant("base")
    if isinstance(rules, str):
        return find_variant(rules)
    return rules


class PlayTable(W.VBox):
    """Play 6 nimmt! by clicks: ``PlayTable(rules=None, players=4, humans=(0,), bots=("cautious",),
    seed=None, one_hand=True, coach=False)``.

    ``rules`` is a :class:`Rules` or a variant name ("refined", "professional" …). ``humans`` are
    the seats played on this screen (several: pass and play, with a "Pass to …, press Ready"
    screen between them). ``bots`` names the bots of the other seats in order (the last repeats).
    ``deal`` (a :class:`Deal`) fixes the cards, for lessons and tests.

    Its own line of controls (a "Coach" checkbox and "New game") is shown unless
    ``controls=False``; a launcher passes its own ``coach_toggle`` (a Checkbox: the one coach
    control, observed here) and ``new_button`` (focused when a game ends; the launcher handles
    its clicks). ``setup(rules=…, players=…, one_hand=…, bots=…)`` changes the settings of the
    next ``new_game()``.

    For tests and notebooks: ``game``, ``decision`` (the human decision shown, or None),
    ``waiting`` (True while the Ready screen hides a hand), ``choice_buttons`` (each has
    ``.answer``), ``confirm_button``, ``clear_button``, ``ready_button``, ``new_button``,
    ``coach_toggle``, ``coach`` (bool), ``badges`` (answer -> coach badge text), ``message``,
    ``status``, ``story``, ``table_view``, ``scores``, ``result``, ``selection``, ``keep``.
    ``lang`` (en, cs, sk, ro): the language of its words and of the narration; seats no one named
    are named in it ("Hráč A").
    """

    def __init__(self, rules: Rules | str | None = None, *, players: int = 4,
                 humans: Iterable[int] = (0,), bots: Sequence[str] = ("cautious",),
                 seed: int | None = None, one_hand: bool = True, coach: bool = False,
                 names: Sequence[str] | None = None, deal: Deal | None = None,
                 coach_samples: int = COACH_SAMPLES, coach_budget: float | None = COACH_BUDGET, title: str | None = None,
                 controls: bool = True, coach_toggle: W.Checkbox | None = None,
                 new_button: W.Button | None = None, lang: str = "en", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lang = lang
        self.humans = tuple(sorted(set(humans)))
        self.rules = _rules(rules)
        self.players = players
        self.one_hand = one_hand
        self.bot_names = list(bots) or ["cautious"]
        self._check_seats()
        self.seed = seed
        self.names_given = list(names) if names else None
        self.deal = deal
        self.coach_samples = coach_samples
        self.coach_budget = coach_budget
        self.title = title
        self.games_started = 0
        self.coach_seconds: list[float] = []  # how long each coach evaluation took

        self.styles = CardStyles()
        self.heading = W.HTML(layout=W.Layout(flex="1 1 320px"))
        self._refocus = False
        if new_button is None:
            new_button = button(tr("play.new", lang), tr("play.new.tip", lang), on_click=lambda _: self._new_clicked())
        self.new_button = new_button
        if coach_toggle is None:
            coach_toggle = checkbox(tr("coach.label", lang), tr("coach.label.tip", lang), value=coach)
        self.coach_toggle = coach_toggle
        self.coach_toggle.observe(self._on_coach, names="value")
        self.status = W.HTML()
        self.table_view = RowTable(layout=W.Layout(max_width="100%"))
        self.story = W.HTML(layout=W.Layout(max_width="100%"))
        self.laid_view = W.HTML()
        self.prompt = W.HTML()
        self.choices = flex(cls="snt-felt snt-choices", align="stretch")  # pictures level
        self.message = W.HTML()
        self.coach_view = W.HTML()
        self.hand_view = W.HTML()
        self.scores = W.HTML()
        self.result = W.HTML()
        self.confirm_button = button(tr("lay.cards", lang), tr("lay.tip", lang), on_click=lambda _: self._confirm(),
                                     style="primary")
        self.clear_button = button(tr("play.clear", lang), tr("play.clear.tip", lang), on_click=lambda _: self._clear())
        self.ready_button = button(tr("play.ready", lang), tr("play.ready.tip", lang), on_click=lambda _: self._ready(),
                                   style="primary")
        self.actions = flex()
        self.gate = flex()  # the Ready button of pass and play, where it is seen
        # One box, laid out by CSS (_common.WIDGET_CSS): on a wide screen the table on the left and
        # everything else in a column beside it, so rows, laid cards and hand are seen together;
        # on a narrow one, one column in this order.
        self.table_view.add_class("snt-tablecell")
        self.body = W.Box([self.status, self.result, self.gate, self.laid_view, self.table_view, self.prompt,
                           self.choices, self.actions, self.message, self.coach_view, self.hand_view,
                           self.story, self.scores])
        self.body.add_class("snt-playbody")
        self.bar = flex([self.heading, self.coach_toggle, self.new_button], cls="snt-bar")
        root([self.styles.widget, *([self.bar] if controls else []), self.body], self)
        self.add_class("snt-play")  # smaller cards: table and hand fit one screen together
        self._dress()
        self.new_game()

    # ---- settings ------------------------------------------------------------------------------
    def _check_seats(self) -> None:
        bad = [h for h in self.humans if not (isinstance(h, int) and 0 <= h < self.players)]
        if bad:
            raise ImpossibleSetup(Say("setup.human_seats", last=self.players - 1, bad=", ".join(map(repr, bad))),
                                  "players")
        self.rules.check(self.players)

    def setup(self, rules: Rules | str | None = None, *, players: int | None = None,
              one_hand: bool | None = None, bots: Sequence[str] | None = None) -> None:
        """Change the settings of the next :meth:`new_game` (what is not given stays).

        Refuses (``ImpossibleSetup``) what cannot be dealt, and then changes nothing.
        """
        old = (self.rules, self.players, self.one_hand, self.bot_names)
        if rules is not None:
            self.rules = _rules(rules)
        if players is not None:
            self.players = players
        if one_hand is not None:
            self.one_hand = one_hand
        if bots is not None:
            self.bot_names = list(bots) or ["cautious"]
        try:
            self._check_seats()
        except ImpossibleSetup:
            self.rules, self.players, self.one_hand, self.bot_names = old
            raise
        self._dress()

    def _dress(self) -> None:
        """The heading and the CSS class that follow the rules (two-sided rows are wider)."""
        name = self.title or game_title(self.rules.name, self.lang)
        desc = variant_summary(self.rules.name, self.lang) if self.rules.name in VARIANTS else ""
        self.heading.value = (f'<p class="snt-bartext"><b>{esc(name)}</b>'
                              + (f" · {esc(desc)}" if desc else "") + "</p>")
        if self.rules.two_sided:
            self.add_class("snt-twosided")
        else:
            self.remove_class("snt-twosided")

    @property
    def coach(self) -> bool:
        """Whether the coach is on (what the coach control shows)."""
        return bool(self.coach_toggle.value)

    @coach.setter
    def coach(self, on: bool) -> None:
        self.coach_toggle.value = bool(on)

    # ---- game flow -----------------------------------------------------------------------------
    def _new_clicked(self) -> None:
        self._refocus = True
        self.new_game()

    def new_game(self) -> None:
        """Deal a new game (the same seats and bots; the next seed when a seed was given)."""
        seed = None if self.seed is None else self.seed + self.games_started
        self.games_started += 1
        deal = self.deal if self.games_started == 1 else None
        self.game = Game(self.rules, self.players, seed=seed, deal=deal, names=self.names_given,
                         one_hand=self.one_hand)
        self.agents: list[Any] = []
        for s in range(self.players):
            if s in self.humans:
                self.agents.append(Human())
            else:
                k = len(self.agents) - sum(1 for h in self.humans if h < s)
                bot = self.bot_names[min(k, len(self.bot_names) - 1)]
                self.agents.append(make_bot(bot, seat_seed(seed, s)))
        self._narrator = Narrator(self.game.rules, self.players, self.game.names, self.lang)
        self.names = local_names(list(self.game.names), self.lang)  # the seats as this table says them
        self._table = Table(self.players)
        self._lines: list[tuple[Any, str]] = []  # (event, words) for every event so far
        self.seen = dict.fromkeys(self.humans, 0)
        self._shown_seat: int | None = None
        self.decision: Decision | None = None
        self.waiting = False
        self.message.value = ""
        self._coach_cache: dict[Any, list[Any]] = {}
        self._step()

    def carry_on(self, other: PlayTable) -> None:
        """Go on with the very game of ``other`` (the same table in another language): its rules,
        seats, bots, deal and every move made so far, the Coach's estimates already made, the seat
        whose turn is shown and the cards selected; only the words change (the story is told again
        from the game's log in this table's language)."""
        self.humans, self.rules, self.players, self.one_hand = other.humans, other.rules, other.players, other.one_hand
        self.bot_names, self.seed, self.deal = list(other.bot_names), other.seed, other.deal
        self.names_given, self.games_started = other.names_given, other.games_started
        self.game, self.agents = other.game, other.agents  # the one game: only one table is shown at a time
        self._narrator = Narrator(self.game.rules, self.players, self.game.names, self.lang)
        self.names = local_names(list(self.game.names), self.lang)
        self._table = Table(self.players)
        self._lines = []
        self.seen = dict(other.seen)
        self._shown_seat = other._shown_seat
        self.message.value = ""
        self._coach_cache = other._coach_cache  # estimates are numbers: the same in every language
        self._catch_up()
        self._dress()
        self.coach_toggle.unobserve(self._on_coach, names="value")
        try:
            self.coach = other.coach  # drawn once, just below
        finally:
            self.coach_toggle.observe(self._on_coach, names="value")
        self._step()
        if other.decision == self.decision and (other.picked or other.kept):
            self.picked, self.kept = list(other.picked), list(other.kept)
            self._draw()
            self._mark_selection()

    def _catch_up(self) -> None:
        log = self.game.log
        while len(self._lines) < len(log):
            e = log[len(self._lines)]
            text = self._narrator.text(e, self._table)
            self._table.apply(e)
            self._lines.append((e, text))

    def _step(self) -> None:
        """Let the bots play until a person must decide; then show that decision."""
        advance(self.game, self.agents)
        self._catch_up()
        self.picked: list[int] = []  # indices of the selected card buttons, in click order
        self.kept: list[int] = []  # split: indices of the taken cards going to the hand
        g = self.game
        mine = [d for d in g.pending if d.seat in self.humans]
        if g.over or not mine:
            self.decision = None
            self.waiting = False
        else:
            d = next((d for d in mine if d.seat == self._shown_seat), mine[0])
            self.decision = d
            self.waiting = len(self.humans) > 1 and d.seat != self._shown_seat
            if not self.waiting:
                self._shown_seat = d.seat
        self._draw()

    def _ready(self) -> None:
        if self.decision is not None and self.waiting:
            self.waiting = False
            self._shown_seat = self.decision.seat
            self._refocus = True
            self._draw()

    def act(self, answer: Any) -> bool:
        """Answer the decision shown; an illegal answer shows the engine's words and changes nothing."""
        d = self.decision
        if d is None or self.waiting:
            return False
        mark = len(self.game.log)
        try:
            self.game.act(d.seat, answer)
        except SixNimmtError as exc:
            self.message.value = panel(f"<p><b>⚠ {esc(tr('play.not_allowed', self.lang))}</b> "
                                       f"{esc(error_words(exc, self.lang))}</p>",
                                       "snt-bad", "alert")
            return False
        self.message.value = ""
        self.seen[d.seat] = mark
        self._refocus = True
        self._step()
        return True

    # ---- clicks ------------------------------------------------------------------------------------
    @property
    def selection(self) -> list[int]:
        """The cards selected for a multi-card turn, in the order they were clicked."""
        return [self.choice_buttons[i].answer for i in self.picked]  # type: ignore[attr-defined]

    def _pick(self, index: int) -> None:
        """A card clicked in a multi-card turn: select it (in order) or unselect it."""
        if index in self.picked:
            self.picked.remove(index)
        else:
            self.picked.append(index)
        self._mark_selection()

    @property
    def keep(self) -> list[int]:
        """Split: the taken cards chosen to go to the hand."""
        d = self.decision
        return [d.options[i] for i in self.kept] if d is not None and d.kind == SPLIT else []

    def _toggle_keep(self, index: int, value: bool) -> None:
        if value and index not in self.kept:
            self.kept.append(index)
        elif not value and index in self.kept:
            self.kept.remove(index)
        self._confirm_words()

    def _confirm(self) -> None:
        d = self.decision
        if d is None or self.waiting:
            return
        if d.kind == SPLIT:
            self.act(tuple(self.keep))
        elif d.kind == PLAY:
            if not self.selection:
                first = tr("play.first.two" if d.min_count == 2 else "play.first.one_two", self.lang)
                self.message.value = panel(f"<p><b>{esc(first)}</b> {esc(tr('play.first.how', self.lang))}</p>",
                                           "snt-warn", "alert")
                return
            self.act(tuple(self.selection))

    def _clear(self) -> None:
        self.picked = []
        self._mark_selection()

    def _on_coach(self, _change: dict[str, Any]) -> None:
        """The coach switched on or off: this game's choices are drawn again, with or without it."""
        if hasattr(self, "game"):
            self._draw()

    # ---- coach -------------------------------------------------------------------------------------
    def estimates(self, d: Decision) -> list[Any]:
        """The look-ahead's estimates for a decision (cached), cheapest first."""
        key = (len(self.game.log), d)
        if key not in self._coach_cache:
            t0 = time.perf_counter()
            self._coach_cache[key] = coach_advice(self.game, d, self.coach_samples, self.coach_budget)
            self.coach_seconds.append(time.perf_counter() - t0)
        return self._coach_cache[key]

    def coach_plan(self, d: Decision) -> tuple[int, int]:
        """(sampled deals, turns played out after this one) for the coach on this decision.

        A draft is played out to the end of the hand once (every card is face up, so there is
        nothing to sample); the Hand variant looks 5 rounds ahead (its hands are long);
        everything else plays the hand out to its end.
        """
        if d.kind == DRAFT:
            return 1, HAND_TURNS
        if self.game.rules.choosing == "immediate":
            return self.coach_samples, HAND_VARIANT_ROUNDS
        return self.coach_samples, HAND_TURNS

    def coach_span(self) -> str:
        """How far the coach looks, in words (in English, the look-ahead bot's own words for its horizon)."""
        rules = self.game.rules
        horizon = HAND_VARIANT_ROUNDS if rules.choosing == "immediate" else HAND_TURNS
        if self.lang == "en":
            return ExpertBot(horizon=horizon).span(rules)
        if rules.choosing == "immediate":
            return tr("coach.span.rounds", self.lang, n=horizon + 1)
        turns = -(-rules.hand_size // rules.cards_per_turn)  # as LookaheadBot.span counts them
        if horizon + 1 >= turns:
            return tr("coach.span.hand", self.lang)
        return tr("coach.span.turns", self.lang, n=horizon + 1)

    def _badges(self, d: Decision) -> tuple[dict[Any, str], dict[Any, str], list[Any]]:
        """(answer -> badge, answer -> reason, estimates) for the options shown as buttons."""
        est = self.estimates(d)
        badge: dict[Any, str] = {}
        why: dict[Any, str] = {}
        ranks = d.kind == DRAFT  # a draft pick is the rule's: its order, not one deal's numbers
        group = [e.action for e in advice_group(est)]
        if d.kind == PLAY and d.max_count > 1:
            for card in d.options:
                having = [(k, e) for k, e in enumerate(est) if card in e.action]
                if having:
                    k, best = having[0]
                    badge[card] = badge_words(best, self.lang, None, best.action in group)
                    why[card] = tr("coach.best_with", self.lang, card=card, reason=self.reason(d, best))
            return badge, why, est
        for k, e in enumerate(est):
            a = e.action
            badge[a] = badge_words(e, self.lang, k + 1 if ranks else None, a in group)
            why[a] = self.reason(d, e)
        return badge, why, est

    @staticmethod
    def coach_separates(est: list[Any]) -> bool:
        """Whether the sampled deals tell some choice apart from the advice (else all are about the same)."""
        return len(est) < 2 or any(e.apart for e in est[1:])

    def reason(self, d: Decision, e: Any) -> str:
        """The estimate's reason, in the engine's words (answers said as the buttons say them)."""
        if self.lang == "en":
            return e.reason()
        return coach_reason(e, self.coach_span(), self.lang)

    # ---- drawing -----------------------------------------------------------------------------------
    def _name(self, seat: int) -> str:
        base = self.names[seat]
        if seat in self.humans:
            return tr("seat.you", self.lang, name=base) if len(self.humans) == 1 else base
        return tr("seat.bot", self.lang, name=base)

    def _draw(self) -> None:
        self._draw_all()
        if self._refocus:  # keyboard users keep their place: focus what comes next
            self._refocus = False
            target = (self.new_button if self.decision is None else self.ready_button if self.waiting
                      else self.choice_buttons[0] if self.choice_buttons else None)
            if target is not None:
                target.focus()

    def _draw_all(self) -> None:
        g, lang = self.game, self.lang
        d = self.decision
        self.badges: dict[Any, str] = {}
        close_all(getattr(self, "choice_buttons", []))
        self.choice_buttons: list[W.Widget] = []
        self.actions.children = ()
        self.gate.children = ()
        self.choices.children = ()
        self.choices.layout.display = "none"
        self.prompt.value = self.coach_view.value = self.hand_view.value = self.laid_view.value = ""
        self.result.value = ""
        self._draw_scores()
        seat = d.seat if d is not None else None
        self._draw_story(seat)
        self._draw_table(d)
        if g.over or d is None:
            self.status.value = panel(f'<p class="snt-say" role="status">{esc(tr("play.over", lang))}</p>', "snt-slim")
            self._draw_result()
            return
        who = self.names[d.seat]
        if self.waiting:
            self.status.value = panel(f'<p class="snt-say" role="status">{esc(tr("pass.to", lang, name=who))}</p>',
                                      "snt-slim")
            self.ready_button.description = tr("pass.ready", lang, name=who)
            self.ready_button.tooltip = tr("pass.ready.tip", lang, name=who)
            self.prompt.value = panel(f'<div class="snt-private"><p class="snt-say">'
                                      f'{esc(tr("pass.press", lang, name=who))}</p>'
                                      f'<p>{esc(tr("pass.hidden", lang, name=who))}</p></div>')
            self.result.value = self.prompt.value
            self.prompt.value = ""
            self.gate.children = (self.ready_button,)
            self.story.value = ""
            return
        you = tr("turn.yours", lang) if len(self.humans) == 1 else tr("turn.whose", lang, name=who)
        self.status.value = panel(f'<p class="snt-say" role="status">{esc(tr("turn.ask", lang, turn=you, ask=self._ask(d)))}'
                                  "</p>", "snt-slim")
        self._draw_hand_over(d.seat)
        self._draw_decision(d)
        self._draw_laid(d)

    def _draw_hand_over(self, seat: int) -> None:
        """In a match: a hand ended since this seat's last move: say so, with the scores."""
        ended = [e for e, _t in self._lines[self.seen.get(seat, 0):] if isinstance(e, HandEnded)]
        if not ended:
            return
        e, lang = ended[-1], self.lang
        rows = "".join(f'<tr><td>{esc(self._name(s))}</td><td class="snt-num">{e.scores[s]}</td>'
                       f'<td class="snt-num">{e.totals[s]}</td></tr>' for s in range(self.players))
        self.result.value = panel(
            f'<div class="snt-title">{esc(tr("hand.over", lang, hand=e.hand, next=self.game.hand_no))}</div>'
            f'<table class="snt-seats" aria-label="{esc(tr("hand.over.aria", lang, hand=e.hand))}"><tr>'
            f'<th>{esc(tr("seats.player", lang))}</th><th>{esc(tr("seats.this_hand", lang))}</th>'
            f'<th>{esc(tr("seats.total", lang))}</th></tr>{rows}</table>'
            f"<p>{esc(tr('hand.over.ends', lang, ends=match_words(self.game.rules, self.players, lang)))}</p>",
            "snt-warn", "status")

    def replay(self, **kwargs: Any) -> Any:
        """A :class:`Stepper` over the game so far (for looking back after a hand)."""
        from sixnimmt_core.widgets.stepper import Stepper

        kwargs.setdefault("lang", self.lang)
        return Stepper(self.game, **kwargs)

    def _ask(self, d: Decision) -> str:
        lang = self.lang
        if d.kind == PLAY:
            if d.max_count == 1:
                return tr("ask.play", lang)
            if d.min_count == 2:
                return tr("ask.play.two", lang, lay=tr("lay.cards", lang))
            return tr("ask.play.one_two", lang, lay=tr("lay.cards", lang))
        if d.kind == DRAFT:
            return tr("ask.draft", lang)
        if d.kind == ORDER:
            return tr("ask.order", lang)
        if d.kind == TAKE_ROW:
            return tr("ask.take_row.two" if self.game.rules.two_sided else "ask.take_row", lang, card=d.card)
        if d.kind == SPOT:
            return tr("ask.spot", lang, card=d.card)
        if d.kind == SPLIT:
            return tr("ask.split", lang)
        return d.describe()

    def _draw_decision(self, d: Decision) -> None:
        coach, lang = self.coach, self.lang
        badge, why, est = self._badges(d) if coach else ({}, {}, [])
        self.badges = badge
        hand = self.game.hands[d.seat]
        buttons: list[W.Widget] = []

        def tip(base: str, answer: Any) -> str:
            return tr("coach.tip", lang, tip=base, why=why[answer]) if answer in why else base

        def label(base: str, answer: Any) -> str:
            return base + (f" · {badge[answer]}" if answer in badge else "")

        if d.kind in (PLAY, DRAFT):
            cards = sorted(d.options)
            self.styles.need(cards)
            verb = "play.card" if d.kind == PLAY else "draft.card"
            single = d.kind == DRAFT or d.max_count == 1
            for i, c in enumerate(cards):
                handler = (lambda _b, c=c: self.act(c)) if single else (lambda _b, i=i: self._pick(i))
                b = card_button(c, label(tr(verb, lang, card=card_name(c, lang)), c),
                                tip(tr(verb + ".tip", lang, card=card_name(c, lang)), c), on_click=handler)
                b.answer = c  # type: ignore[attr-defined]
                b.base = b.description  # type: ignore[attr-defined]
                buttons.append(b)
            self.choices.children = tuple(buttons)
            self.choices.layout.display = "flex"
            if not single:
                self.actions.children = (self.confirm_button, self.clear_button)
                self._mark_selection()
            if d.kind == DRAFT:
                self.prompt.value = _line(f"<b>{esc(tr('draft.face_up', lang, n=len(cards)))}</b>")
                self.hand_view.value = self._draft_hands()
            else:
                self.prompt.value = _line(f"<b>{esc(tr('play.your_hand', lang))}</b> — {cards_words(len(hand), lang)}, "
                                          f"{heads_words(total_heads(hand), lang)}")
        else:
            if d.kind == ORDER:
                for a, b_ in d.options:
                    ans = (a, b_)
                    buttons.append(self._choice(label(tr("order.label", lang, first=a, second=b_), ans),
                                                tip(tr("order.tip", lang, first=a, second=b_), ans), ans))
            elif d.kind == TAKE_ROW:  # the picture is the control: each drawn row takes itself
                per_row: list[list[W.Button]] = [[] for _ in self.game.rows]
                for i in d.options:
                    row = self.game.rows[i]
                    h = heads_words(total_heads(row), lang)
                    per_row[i].append(self._choice(label(tr("answer.take", lang, row=i + 1, heads=h), i),
                                                   tip(tr("play.take.tip", lang, row=i + 1, cards=join(row, lang),
                                                          heads=h), i), i))
                buttons = self._on_rows(per_row)
            elif d.kind == SPOT:  # a tie: each tied place on its drawn row
                per_row = [[] for _ in self.game.rows]
                for s in d.options:
                    per_row[s.row].append(self._choice(label(_spot_words(s, lang), s),
                                                       tip(_spot_tip(s, d.card, lang), s), s))
                buttons = self._on_rows(per_row)
            elif d.kind == SPLIT:
                for i, c in enumerate(d.options):
                    t = W.ToggleButton(value=False, description=tr("split.pile", lang, card=c),
                                       tooltip=tr("split.tip", lang, card=card_name(c, lang)),
                                       layout=W.Layout(width="auto", height="auto"))
                    t.add_class("snt-btn")
                    t.answer = c  # type: ignore[attr-defined]
                    t.observe(lambda ch, i=i, c=c, t=t: self._split_toggle(t, i, c, ch["new"]), names="value")
                    buttons.append(t)
                room = d.room
                self.prompt.value = panel(
                    f"<p><b>{esc(tr('split.took', lang, cards=join(d.options, lang)))}</b> "
                    f"{esc(tr_n('split.room', room, lang, limit=self.game.rules.hand_limit))} "
                    f"{esc(tr('split.double', lang))}</p>")
                self.actions.children = (self.confirm_button,)
                self._confirm_words()
            if d.kind not in (TAKE_ROW, SPOT):
                self.choices.children = tuple(buttons)
                self.choices.layout.display = "flex"
            self.hand_view.value = render.hand_html(hand, lang=self.lang) if hand else ""
        self.choice_buttons = buttons
        if coach and est:
            samples = max(e.samples for e in est)
            span = self.coach_span()
            if d.kind == DRAFT:
                how = tr("coach.how.draft", lang)
            else:
                how = coach_words_n("how.read" if self.game.rules.one_hidden_each else "how", samples, lang)
            if len(est) == 1:
                e = est[0]
                if e.sure is not None:
                    only = coach_words("only.sure", lang, heads=heads_words(round(e.sure), lang))
                else:
                    only = coach_words("only.estimate", lang, expected=decimal(e.expected, lang),
                                       margin=decimal(e.margin, lang), span=span)
                lines = f"<li>{esc(only)}</li>"
                self.coach_view.value = panel(
                    f"<p><b>{esc(tr('coach.label', lang))}</b> — {esc(coach_words('about', lang, how=how, span=span))}"
                    f'</p><ol class="snt-lines snt-coachnote" tabindex="0" aria-label="{esc(tr("coach.aria", lang))}">'
                    f"{lines}</ol>", "snt-warn")
                return
            if d.kind == DRAFT:
                advice = self.reason(d, est[0])
                why_line = coach_words("why.average", lang)
            else:
                advice = advice_words(est, span, lang)
                why_line = why_words(est[0], self.game.rows, self.game.rules, lang)
            lines = "".join(f"<li>{esc(coach_words('details.line', lang, reason=self.reason(d, e), margin=decimal(e.margin, lang)))}</li>"
                            for e in est[:3])
            about = coach_words("about.details", lang, how=how, span=span)
            self.coach_view.value = panel(
                f'<p class="snt-say"><b>{esc(tr("coach.label", lang))}</b> — {esc(advice)}</p>'
                f"<p>{esc(why_line)}</p>"
                f"<details><summary>{esc(coach_words('details', lang))}</summary><p>{esc(about)}</p>"
                f'<ol class="snt-lines snt-coachnote" tabindex="0" aria-label="{esc(tr("coach.aria", lang))}">'
                f"{lines}</ol></details>", "snt-warn")

    def _on_rows(self, per_row: list[list[W.Button]]) -> list[W.Button]:
        """The table drawn again with each row's buttons on it (``RowTable.choose``); the buttons, in order."""
        rows, highlight, caption = self._drawn
        self.table_view.choose(rows, per_row, caption=caption, highlight=highlight,
                               two_sided=self.game.rules.two_sided, lang=self.lang)
        return list(self.table_view.row_buttons)

    def _choice(self, text: str, tip: str, answer: Any) -> W.Button:
        b = button(text, tip, on_click=lambda _b, a=answer: self.act(a))
        b.answer = answer  # type: ignore[attr-defined]
        return b

    def _split_toggle(self, t: W.ToggleButton, index: int, card: int, value: bool) -> None:
        t.description = tr("split.hand" if value else "split.pile", self.lang, card=card)
        t.button_style = "info" if value else ""
        self._toggle_keep(index, value)

    def _confirm_words(self) -> None:
        d = self.decision
        if d is None:
            return
        lang = self.lang
        if d.kind == SPLIT:
            to_pile = len(d.options) - len(self.keep)
            self.confirm_button.description = tr("split.done", lang, hand=len(self.keep), pile=to_pile)
            self.confirm_button.tooltip = tr("split.done.tip", lang)
        elif d.kind == PLAY:
            sep = "lay.then" if d.min_count == 1 else "lay.and"
            self.confirm_button.description = tr("lay.these", lang, cards=_pair(sep, self.selection, lang)) \
                if self.selection else tr("lay.cards", lang)
            self.confirm_button.tooltip = tr("lay.tip.order" if d.min_count == 1 else "lay.tip", lang)

    def _mark_selection(self) -> None:
        d = self.decision
        for i, b in enumerate(self.choice_buttons):
            base = getattr(b, "base", b.description)
            if i in self.picked:
                pos = self.picked.index(i)
                b.add_class("snt-selected")
                tag = tr("sel.first" if pos == 0 else "sel.second", self.lang) \
                    if d is not None and d.min_count == 1 else "✓"
                b.description = f"{tag} · {base}" if tag != "✓" else f"✓ {base}"
            else:
                b.remove_class("snt-selected")
                b.description = base
        self._confirm_words()

    def _draw_laid(self, d: Decision) -> None:
        """Cards laid this turn and not yet placed: face down until the reveal (face up in Open)."""
        t = self._table
        laid = [(s, c) for s, c in enumerate(t.laid) if c]
        if not laid:
            return
        shown, lang = t.revealed, self.lang
        parts = "".join(f'<span class="snt-laiditem">{esc(self._name(s))}: '
                        f"{chips(c, face_down=not shown, lang=lang)}</span>" for s, c in laid)
        what = tr("laid.lowest" if shown and self.game.rules.choosing != "open"
                  else "laid.seats" if shown else "laid.down", lang)
        self.laid_view.value = panel(f'<div class="snt-laid" aria-label="{esc(tr("laid.aria", lang))}">'
                                     f"<b>{esc(tr('strip.laid', lang))}</b> <span>({esc(what)})</span>{parts}</div>",
                                     "snt-slim")

    def _draft_hands(self) -> str:
        lang = self.lang
        rows = "".join(f"<tr><td>{esc(self._name(s))}</td>"
                       f"<td>{chips(sorted(h), empty=tr('draft.none_yet', lang), lang=lang)}</td></tr>"
                       for s, h in enumerate(self.game.hands))
        return panel(f"<p><b>{esc(tr('draft.taken', lang))}</b> ({esc(tr('draft.taken.why', lang))})</p>"
                     f'<table class="snt-seats">{rows}</table>')

    def _draw_table(self, d: Decision | None) -> None:
        g = self.game
        if not g.rows:
            self.table_view.value = panel(f"<p>{esc(tr('draft.rows_later', self.lang))}</p>")
            return
        hl: dict[str, int] = {}
        since = self.seen.get(d.seat, 0) if d is not None else 0
        for e, _t in reversed(self._lines[since:]):
            if isinstance(e, Placed):
                if e.row < len(g.rows) and e.card in g.rows[e.row]:
                    hl = {"row": e.row + 1, "card": e.card}
                break
        caption = None
        if d is not None and not self.waiting and d.kind == TAKE_ROW:
            caption = tr("take.choose", self.lang, card=d.card)
            hl = {}
        self._drawn = ([stacks(r) for r in g.rows], hl, caption)
        self.table_view.value = render.table_html(self._drawn[0], highlight=hl, caption=caption,
                                                  two_sided=g.rules.two_sided, lang=self.lang)

    def _draw_story(self, seat: int | None) -> None:
        start = self.seen.get(seat, 0) if seat is not None else max(0, len(self._lines) - STORY_LINES)
        lines = self._lines[start:]
        more = len(lines) > STORY_LINES
        lines = lines[-STORY_LINES:]
        items = "".join(f'<li{" class=snt-you" if seat is not None and e.seat == seat else ""}>{esc(t)}</li>'
                        for e, t in lines if not isinstance(e, Marker))
        if not items:
            self.story.value = ""
            return
        head = tr("story.since" if seat is not None and start else "story.head", self.lang)
        latest = " " + esc(tr("story.latest", self.lang)) if more else ""
        self.story.value = panel(f"<p><b>{esc(head)}</b>{latest}</p>"
                                 f'<ol class="snt-lines" tabindex="0" aria-label="{esc(head)}" aria-live="polite">{items}</ol>')

    def _draw_scores(self) -> None:
        g, lang = self.game, self.lang
        scores = g.scores()
        match = not self.one_hand
        head = "<tr>" + "".join(f"<th>{esc(tr(k, lang))}</th>" for k in ("seats.player", "scores.in_hand",
                                                                          "seats.pile", "seats.this_hand"))
        head += f"<th>{esc(tr('seats.total', lang))}</th></tr>" if match else "</tr>"
        rows = []
        for s in range(self.players):
            pile = g.piles[s]
            total = f'<td class="snt-num">{g.totals[s] + (0 if g.over else scores[s])}</td>' if match else ""
            rows.append(f"<tr><td>{esc(self._name(s))}</td><td class=\"snt-num\">{len(g.hands[s])}</td>"
                        f"<td>{cards_words(len(pile), lang)}, {heads_words(total_heads(pile), lang)}</td>"
                        f'<td class="snt-num">{scores[s]}</td>{total}</tr>')
        hand = tr("scores.hand_turn", lang, hand=g.hand_no, turn=g.turn) if g.turn \
            else tr("scores.hand", lang, hand=g.hand_no)
        self.scores.value = panel(f'<p><b>{esc(tr("scores.title", lang))}</b> — {esc(hand)}</p><table class="snt-seats" '
                                  f'aria-label="{esc(tr("scores.aria", lang))}">{head}{"".join(rows)}</table>')

    def _draw_result(self) -> None:
        g, lang = self.game, self.lang
        if not g.over:
            self.result.value = panel(f"<p>{esc(tr('play.no_decision', lang))}</p>")
            return
        totals = g.totals
        best = min(totals)
        order = sorted(range(self.players), key=lambda s: (totals[s], s))
        rows = "".join(
            f'<tr class="{"snt-best" if totals[s] == best else ""}"><td>{"★ " if totals[s] == best else ""}'
            f'{esc(self._name(s))}</td><td class="snt-num">{totals[s]}</td></tr>' for s in order)
        winners = [self.names[s] for s in g.winners()]
        words = join(winners, lang)
        over = tr_n("result.hand" if self.one_hand else "result.match", len(winners), lang, names=words,
                    heads=heads_words(best, lang))
        ending = next((t for e, t in reversed(self._lines) if isinstance(e, (MatchEnded, HandEnded))), "")
        hand_cards = (" " + tr("result.double", lang) if g.rules.hand_cards_double else "")
        again = tr("result.again", lang, button="\0")  # the button's name in bold
        before, _, after = esc(again).partition("\0")
        self.result.value = panel(
            f'<div class="snt-title">{esc(over)}</div>'
            f"<p>{esc(ending)}{esc(hand_cards)}</p>"
            f'<table class="snt-seats" aria-label="{esc(tr("result.aria", lang))}"><tr>'
            f'<th>{esc(tr("seats.player", lang))}</th><th>{esc(tr("result.points", lang))}</th></tr>{rows}</table>'
            f"<p>{before}<b>{esc(self.new_button.description)}</b>{after}</p>", "snt-ok", "status")




# ---- the Play lesson: one line of settings over one table ---------------------------------------
OPPONENTS = {  # the choice (its value, kept from older editions) -> the bot levels of the other seats, in seat
    "Mixed": ("careful", "beginner"),  # order (the last repeats)
    "Easy": ("beginner",),
    "Cautious": ("careful",),
    "Strong": ("expert",),
}
OPPONENT_WORDS = {"Easy": "opponents.beginner", "Cautious": "opponents.careful", "Strong": "opponents.expert"}


def opponents_label(choice: str, lang: str = "en") -> str:
    """The opponents choice as the menu says it: levels named for people (Beginners, Careful, Experts)."""
    if choice in OPPONENT_WORDS:
        return coach_words(OPPONENT_WORDS[choice], lang)
    return tr("opponents." + choice.lower(), lang)


def seats_for(variant: str) -> list[int]:
    """The numbers of players the engine can deal ``variant`` to (``Rules.check``)."""
    rules = find_variant(variant)
    ok = []
    for p in range(2, 11):
        try:
            rules.check(p)
        except ImpossibleSetup:
            continue
        ok.append(p)
    return ok


class GameLauncher(W.VBox):
    """The Play lesson: ``GameLauncher(variant="base", players=4, *, coach=True, whole_match=False,
    opponents="Mixed", seed=None)``.

    One control per setting, on one line: ``picker`` (variant), ``players`` (only the counts
    the variant can be dealt to), ``opponents``, ``coach`` (a Checkbox, the table's one coach
    control: switching it applies to the game on the table at once), ``match`` ("Whole match";
    always on for Tournament, whose match is part of the variant) and ``new_button`` ("New game";
    ``start_button`` is the same button). The game on ``table`` (a :class:`PlayTable`) is always
    the one the controls show: changing the variant, players, opponents or whole match deals a new
    game with them at once, and New game deals again with them. ``lang`` (en, cs, sk, ro): the
    language of its words (``opponents`` keeps the English choices as values, "Mixed" …).
    """

    def __init__(self, variant: str = "base", players: int = 4, *, coach: bool = True,
                 whole_match: bool = False, opponents: str = "Mixed", seed: int | None = None,
                 lang: str = "en", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lang = lang
        if variant not in VARIANTS:
            find_variant(variant)  # refuses in the engine's words
        narrow = {"description_width": "initial"}
        self.picker = W.Dropdown(options=[(variant_name(n, lang), n) for n in VARIANTS], value=variant,
                                 description=tr("launcher.variant", lang), style=narrow, layout=W.Layout(width="13.5em"))
        self.players = W.BoundedIntText(value=players, min=2, max=10, description=tr("launcher.players", lang),
                                        style=narrow, layout=W.Layout(width="8em"))
        self.opponents = W.Dropdown(options=[(opponents_label(o, lang), o) for o in OPPONENTS],
                                    value=opponents, description=tr("launcher.opponents", lang),
                                    style=narrow, layout=W.Layout(width="12.5em"))
        self.coach = checkbox(tr("coach.label", lang), tr("coach.label.tip", lang), value=coach)
        self.match = checkbox(tr("launcher.match", lang), tr("launcher.match.tip", lang), value=whole_match)
        self._match_wish = whole_match  # what the learner chose, kept while Tournament forces a match
        self.new_button = button(tr("play.new", lang), tr("launcher.new.tip", lang), style="primary",
                                 on_click=lambda _: self.start(focus=True))
        self.start_button = self.new_button
        self.about = W.HTML(layout=W.Layout(flex="1 1 16em", min_width="0"))
        self._quiet = True
        self._limits()
        self.table = PlayTable(self.picker.value, players=int(self.players.value), bots=self.bots, seed=seed,
                               one_hand=not self.match.value, controls=False, coach_toggle=self.coach,
                               new_button=self.new_button, lang=lang)
        self._quiet = False
        self.picker.observe(self._on_variant, names="value")
        for control in (self.players, self.opponents, self.match):
            control.observe(self._on_setting, names="value")
        self.bar = flex([self.picker, self.players, self.opponents, self.coach, self.match, self.new_button,
                         self.about], cls="snt-bar")
        # "Download this game", "Open a saved game" (widgets/replay.py)
        from sixnimmt_core.widgets.replay import SavedGames

        self.saved = SavedGames(self.table, lang=lang)
        root([W.HTML(css()), self.bar, self.table, self.saved], self)
        self.add_class("snt-launcher")

    @property
    def bots(self) -> tuple[str, ...]:
        return OPPONENTS[self.opponents.value]

    def _limits(self) -> None:
        """Players: only the counts this variant can be dealt to; Tournament is always a match."""
        variant = self.picker.value
        ok = seats_for(variant)
        lo, hi = ok[0], ok[-1]
        assert ok == list(range(lo, hi + 1)), ok  # the engine's limits are a range
        self.players.min, self.players.max = lo, hi  # BoundedIntText clamps the value into it
        rules = find_variant(variant)
        forced = rules.sheets  # Tournament: as many hands as players, by the variant's own rule
        self.match.disabled = forced
        self.match.value = True if forced else self._match_wish
        self._match_tip()
        self.about.value = (f'<p class="snt-bartext">{esc(variant_summary(variant, self.lang))} '
                            f"<span>{esc(tr('launcher.seats', self.lang, low=lo, high=hi))}</span></p>")

    def _match_tip(self) -> None:
        rules = find_variant(self.picker.value)
        ends = match_words(rules, int(self.players.value), self.lang)
        self.match.tooltip = tr("launcher.match.always" if rules.sheets else "launcher.match.when", self.lang, ends=ends)

    def _on_variant(self, _change: dict[str, Any]) -> None:
        self._quiet = True
        try:
            self._limits()
        finally:
            self._quiet = False
        self.start()

    def _on_setting(self, change: dict[str, Any]) -> None:
        if change["owner"] is self.match and not self.match.disabled:
            self._match_wish = bool(self.match.value)
        if not self._quiet:
            self.start()

    def start(self, focus: bool = False) -> None:
        """Deal a new game with exactly what the controls show."""
        self.table.setup(self.picker.value, players=int(self.players.value), one_hand=not self.match.value,
                         bots=self.bots)
        self._match_tip()
        if focus:
            self.table._refocus = True  # keyboard users land on their first card
        self.table.new_game()

    def carry_on(self, other: GameLauncher) -> None:
        """Show what ``other`` (the Play lesson in another language) shows: its settings and, on the
        table, its very game going on (``PlayTable.carry_on``), not a new deal."""
        self.picker.unobserve(self._on_variant, names="value")
        self._quiet = True
        try:
            self.picker.value = other.picker.value
            self._match_wish = other._match_wish
            self._limits()
            self.players.value = other.players.value
            self.opponents.value = other.opponents.value
            self.match.value = other.match.value
            self._match_tip()
        finally:
            self._quiet = False
            self.picker.observe(self._on_variant, names="value")
        self.table.carry_on(other.table)
        self.saved.carry_on(other.saved)
