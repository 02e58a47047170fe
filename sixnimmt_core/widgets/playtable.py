"""PlayTable: play a hand (or a match) against bots, or pass and play on one screen, by clicks.

The game and its turns are a :class:`~sixnimmt_core.teaching.playflow.TurnFlow` (which decision is shown, for
which seat, the selection, the answer and its refusal) and the Coach's words come from
``sixnimmt_core.teaching.playflow``; this widget draws them and forwards the clicks. Every decision the
engine asks is offered as buttons; illegal answers come back as the engine's own words. A Coach
checkbox badges each choice with the expert's expected penalty.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import ipywidgets as W

from sixnimmt_core.drawing import render
from sixnimmt_core.drawing.display import stacks
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
from sixnimmt_core.engine.game import Deal
from sixnimmt_core.engine.rules import VARIANTS, Rules, variant_summary
from sixnimmt_core.engine.table import LEFT, Spot
from sixnimmt_core.players.bots import COACH_BUDGET, COACH_SAMPLES
from sixnimmt_core.teaching.playflow import TurnFlow, coach_span, pair_words
from sixnimmt_core.widgets._common import (
    WIDGETS,
    CardStyles,
    Lang,
    RowTable,
    button,
    card_button,
    card_name,
    cards_words,
    checkbox,
    close_all,
    error_words,
    esc,
    flex,
    game_title,
    panel,
    root,
    told,
)
from sixnimmt_core.widgets.play_panels import (
    coach_html,
    draft_hands_html,
    hand_over_html,
    laid_html,
    line,
    result_html,
    scores_html,
    story_html,
)
from sixnimmt_core.words import heads_words, join, text


def _spot_words(s: Spot, lang: str = "en") -> str:
    """'Left of row 3 · before 60', 'Right of row 1 · after 45' (the row trainer's words)."""
    return text("answer.left" if s.side == LEFT else "answer.right", lang, domain=WIDGETS, row=s.row + 1, end=s.end)


def _spot_tip(s: Spot, card: int, lang: str = "en") -> str:
    return text("answer.left.tip" if s.side == LEFT else "answer.right.tip", lang, domain=WIDGETS, card=card, row=s.row + 1, end=s.end)


def _flow_attr(name: str, doc: str) -> Any:
    """An attribute of the table that is its flow's (``PlayTable.game`` is ``PlayTable.flow.game``)."""
    return property(lambda self: getattr(self.flow, name), lambda self, value: setattr(self.flow, name, value),
                    doc=doc)


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

    For tests and notebooks: ``flow`` (the :class:`TurnFlow`), ``game``, ``decision`` (the human
    decision shown, or None), ``waiting`` (True while the Ready screen hides a hand),
    ``choice_buttons`` (each has ``.answer``), ``confirm_button``, ``clear_button``,
    ``ready_button``, ``new_button``, ``coach_toggle``, ``coach`` (bool), ``badges`` (answer ->
    coach badge text), ``message``, ``status``, ``story``, ``table_view``, ``scores``, ``result``,
    ``selection``, ``keep``. ``lang`` (en, cs, sk, ro): the language of its words and of the
    narration; seats no one named are named in it ("Hráč A").
    """

    game = _flow_attr("game", "The game on the table.")
    agents = _flow_attr("agents", "Who answers for each seat.")
    decision = _flow_attr("decision", "The person's decision shown (None: none).")
    waiting = _flow_attr("waiting", "True while the Ready screen hides a hand.")
    humans = _flow_attr("humans", "The seats played on this screen.")
    rules = _flow_attr("rules", "The rules of the next game.")
    players = _flow_attr("players", "How many players the next game has.")
    one_hand = _flow_attr("one_hand", "One hand (True) or a whole match.")
    bot_names = _flow_attr("bot_names", "The bots of the other seats, in order.")
    seed = _flow_attr("seed", "The first game's seed (None: unseeded).")
    deal = _flow_attr("deal", "The first game's cards (None: shuffled).")
    games_started = _flow_attr("games_started", "How many games were dealt.")
    names_given = _flow_attr("names_given", "The seats' names given (None: the language's own).")
    names = _flow_attr("names", "The seats' names as this table says them.")
    coach_samples = _flow_attr("coach_samples", "The Coach's deals (at most, within its time budget).")
    coach_budget = _flow_attr("coach_budget", "The Coach's time budget in seconds (None: all its deals).")
    coach_seconds = _flow_attr("coach_seconds", "How long each Coach evaluation took.")
    seen = _flow_attr("seen", "Where each person's last answer stood in the story.")
    lang = Lang()

    def __init__(self, rules: Rules | str | None = None, *, players: int = 4,
                 humans: Iterable[int] = (0,), bots: Sequence[str] = ("cautious",),
                 seed: int | None = None, one_hand: bool = True, coach: bool = False,
                 names: Sequence[str] | None = None, deal: Deal | None = None,
                 coach_samples: int = COACH_SAMPLES, coach_budget: float | None = COACH_BUDGET,
                 title: str | Callable[[str], str] | None = None,
                 controls: bool = True, coach_toggle: W.Checkbox | None = None,
                 new_button: W.Button | None = None, lang: str = "en", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lang = lang
        self.flow = TurnFlow(rules, players=players, humans=humans, bots=bots, seed=seed, one_hand=one_hand,
                             names=names, deal=deal, coach_samples=coach_samples, coach_budget=coach_budget,
                             lang=lang)
        self.title = title
        self.styles = CardStyles()
        self.heading = W.HTML(layout=W.Layout(flex="1 1 320px"), tooltip="")
        self._refocus = False
        self._own = (new_button is None, coach_toggle is None)  # the controls whose words are the table's
        self.new_button = new_button if new_button is not None else button("", on_click=lambda _: self._new_clicked())
        self.coach_toggle = coach_toggle if coach_toggle is not None else checkbox("", value=coach)
        self.coach_toggle.observe(self._on_coach, names="value")
        self._make_views()
        self.bar = flex([self.heading, self.coach_toggle, self.new_button], cls="snt-bar")
        root([self.styles.widget, *([self.bar] if controls else []), self.body], self)
        self.add_class("snt-play")  # smaller cards: table and hand fit one screen together
        self._words()
        self.new_game()
        self.observe(lambda _change: self._retell(), names="lang")

    def _words(self) -> None:
        """The table's own words in ``lang``: the heading, its buttons (and its own New game and Coach)."""
        lang = self.lang
        self._dress()
        own_new, own_coach = self._own
        words = [(self.confirm_button, "lay.button", "lay.tip"), (self.clear_button, "play.clear", "play.clear.tip"),
                 (self.ready_button, "play.ready", "play.ready.tip")]
        words += [(self.new_button, "play.new", "play.new.tip")] if own_new else []
        words += [(self.coach_toggle, "coach.label", "coach.label.tip")] if own_coach else []
        for control, label, tip in words:
            control.description, control.tooltip = text(label, lang, domain=WIDGETS), text(tip, lang, domain=WIDGETS)

    def _retell(self) -> None:
        """The language switched: the very game goes on, told in it (``TurnFlow.retell``): the same deal,
        moves, seat shown, cards selected and Coach; only the words change."""
        self.message.value = ""
        self.flow.retell(self.lang)
        self._words()
        self._draw()

    def _make_views(self) -> None:
        """The views and the buttons of a turn, in ``body``: one box laid out by CSS (static/widgets.css):
        on a wide screen the table on the left and everything else in a column beside it, so rows,
        laid cards and hand are seen together; on a narrow one, one column in this order."""
        self.status = W.HTML(tooltip="")
        self.table_view = RowTable(layout=W.Layout(max_width="100%"))
        self.story = W.HTML(layout=W.Layout(max_width="100%"), tooltip="")
        self.laid_view = W.HTML(tooltip="")
        self.prompt = W.HTML(tooltip="")
        self.choices = flex(cls="snt-felt snt-choices", align="stretch")  # pictures level
        self.message = W.HTML(tooltip="")
        self.coach_view = W.HTML(tooltip="")
        self.hand_view = W.HTML(tooltip="")
        self.scores = W.HTML(tooltip="")
        self.result = W.HTML(tooltip="")
        self.confirm_button = button("", on_click=lambda _: self._confirm(), style="primary")
        self.clear_button = button("", on_click=lambda _: self._clear())
        self.ready_button = button("", on_click=lambda _: self._ready(), style="primary")
        self.actions = flex()
        self.gate = flex()  # the Ready button of pass and play, where it is seen
        self.table_view.add_class("snt-tablecell")
        self.body = W.Box([self.status, self.result, self.gate, self.laid_view, self.table_view, self.prompt,
                           self.choices, self.actions, self.message, self.coach_view, self.hand_view,
                           self.story, self.scores])
        self.body.add_class("snt-playbody")

    # ---- settings ------------------------------------------------------------------------------
    def setup(self, rules: Rules | str | None = None, *, players: int | None = None,
              one_hand: bool | None = None, bots: Sequence[str] | None = None) -> None:
        """Change the settings of the next :meth:`new_game` (what is not given stays).

        Refuses (``ImpossibleSetup``) what cannot be dealt, and then changes nothing.
        """
        self.flow.setup(rules, players=players, one_hand=one_hand, bots=bots)
        self._dress()

    def _dress(self) -> None:
        """The heading and the CSS class that follow the rules (two-sided rows are wider)."""
        name = told(self.title, self.lang) or game_title(self.rules.name, self.lang)
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
        self.message.value = ""
        self.flow.new_game()
        self._draw()

    def _ready(self) -> None:
        if self.flow.ready():
            self._refocus = True
            self._draw()

    def act(self, answer: Any) -> bool:
        """Answer the decision shown; an illegal answer shows the engine's words and changes nothing."""
        if self.flow.act(answer):
            self.message.value = ""
            self._refocus = True
            self._draw()
            return True
        if self.flow.refused is not None:
            self.message.value = panel(f"<p><b>⚠ {esc(text('play.not_allowed', self.lang, domain=WIDGETS))}</b> "
                                       f"{esc(error_words(self.flow.refused, self.lang))}</p>",
                                       "snt-bad", "alert")
        return False

    # ---- clicks ------------------------------------------------------------------------------------
    @property
    def selection(self) -> list[int]:
        """The cards selected for a multi-card turn, in the order they were clicked."""
        return self.flow.selection

    @property
    def keep(self) -> list[int]:
        """Split: the taken cards chosen to go to the hand."""
        return self.flow.keep

    def _pick(self, index: int) -> None:
        """A card clicked in a multi-card turn: select it (in order) or unselect it."""
        self.flow.pick(index)
        self._mark_selection()

    def _confirm(self) -> None:
        d = self.decision
        if self.flow.idle or d is None:
            return
        if self.flow.needs_selection:
            first = text("play.first.two" if d.min_count == 2 else "play.first.one_two", self.lang, domain=WIDGETS)
            self.message.value = panel(f"<p><b>{esc(first)}</b> {esc(text('play.first.how', self.lang, domain=WIDGETS))}</p>",
                                       "snt-warn", "alert")
            return
        answer = self.flow.confirmed()
        if answer is not None:
            self.act(answer)

    def _clear(self) -> None:
        self.flow.clear()
        self._mark_selection()

    def _on_coach(self, _change: dict[str, Any]) -> None:
        """The coach switched on or off: this game's choices are drawn again, with or without it."""
        if hasattr(self.flow, "game"):
            self._draw()

    # ---- coach -------------------------------------------------------------------------------------
    def estimates(self, d: Decision) -> list[Any]:
        """The Coach's estimates for a decision (cached), cheapest first."""
        return self.flow.estimates(d)

    def coach_span(self) -> str:
        """How far the coach looks, in words."""
        return coach_span(self.game.rules, self.lang)

    def replay(self, **kwargs: Any) -> Any:
        """A :class:`Stepper` over the game so far (for looking back after a hand)."""
        from sixnimmt_core.widgets.stepper import Stepper

        kwargs.setdefault("lang", self.lang)
        return Stepper(self.game, **kwargs)

    # ---- drawing -----------------------------------------------------------------------------------
    def _draw(self) -> None:
        self._draw_all()
        if self._refocus:  # keyboard users keep their place: focus what comes next
            self._refocus = False
            target = (self.new_button if self.decision is None else self.ready_button if self.waiting
                      else self.choice_buttons[0] if self.choice_buttons else None)
            if target is not None:
                target.focus()

    def _draw_all(self) -> None:
        g, lang, flow = self.game, self.lang, self.flow
        d = self.decision
        self.badges: dict[Any, str] = {}
        self._why: dict[Any, str] = {}
        close_all(getattr(self, "choice_buttons", []))
        self.choice_buttons: list[W.Widget] = []
        self.actions.children = ()
        self.gate.children = ()
        self.choices.children = ()
        self.choices.layout.display = "none"
        self.prompt.value = self.coach_view.value = self.hand_view.value = self.laid_view.value = ""
        self.result.value = ""
        self.scores.value = scores_html(flow)
        seat = d.seat if d is not None else None
        self.story.value = story_html(flow, seat)
        self._draw_table(d)
        if g.over or d is None:
            self.status.value = panel(f'<p class="snt-say" role="status">{esc(text("play.over", lang, domain=WIDGETS))}</p>', "snt-slim")
            self.result.value = result_html(flow, self.new_button.description)
            return
        if self.waiting:
            self._draw_gate(self.names[d.seat])
            return
        who = self.names[d.seat]
        you = text("turn.yours", lang, domain=WIDGETS) if len(self.humans) == 1 else text("turn.whose", lang, domain=WIDGETS, name=who)
        self.status.value = panel(f'<p class="snt-say" role="status">{esc(text("turn.ask", lang, domain=WIDGETS, turn=you, ask=self._ask(d)))}'
                                  "</p>", "snt-slim")
        ended = flow.hand_ended(d.seat)
        if ended is not None:
            self.result.value = hand_over_html(flow, ended)
        self._draw_decision(d)
        self.laid_view.value = laid_html(flow)

    def _draw_gate(self, who: str) -> None:
        """Pass and play: the hand hidden until ``who`` presses Ready."""
        lang = self.lang
        self.status.value = panel(f'<p class="snt-say" role="status">{esc(text("pass.to", lang, domain=WIDGETS, name=who))}</p>',
                                  "snt-slim")
        self.ready_button.description = text("pass.ready", lang, domain=WIDGETS, name=who)
        self.ready_button.tooltip = text("pass.ready.tip", lang, domain=WIDGETS, name=who)
        self.result.value = panel(f'<div class="snt-private"><p class="snt-say">'
                                  f'{esc(text("pass.press", lang, domain=WIDGETS, name=who))}</p>'
                                  f'<p>{esc(text("pass.hidden", lang, domain=WIDGETS, name=who))}</p></div>')
        self.gate.children = (self.ready_button,)
        self.story.value = ""

    def _draw_table(self, d: Decision | None) -> None:
        g = self.game
        if not g.rows:
            self.table_view.value = panel(f"<p>{esc(text('draft.rows_later', self.lang, domain=WIDGETS))}</p>")
            return
        hl = self.flow.last_placed(d.seat if d is not None else None)
        caption = None
        if d is not None and not self.waiting and isinstance(d, TakeRowDecision):
            caption = text("take.choose", self.lang, domain=WIDGETS, card=d.card)
            hl = {}
        self._drawn = ([stacks(r) for r in g.rows], hl, caption)
        self.table_view.value = render.table_html(self._drawn[0], highlight=hl, caption=caption,
                                                  two_sided=g.rules.two_sided, lang=self.lang)

    def _ask(self, d: Decision) -> str:
        lang = self.lang
        if isinstance(d, PlayDecision):
            if d.max_count == 1:
                return text("ask.play", lang, domain=WIDGETS)
            if d.min_count == 2:
                return text("ask.play.two", lang, domain=WIDGETS, lay=text("lay.button", lang, domain=WIDGETS))
            return text("ask.play.one_two", lang, domain=WIDGETS, lay=text("lay.button", lang, domain=WIDGETS))
        if isinstance(d, DraftDecision):
            return text("ask.draft", lang, domain=WIDGETS)
        if isinstance(d, OrderDecision):
            return text("ask.order", lang, domain=WIDGETS)
        if isinstance(d, TakeRowDecision):
            return text("ask.take_row.two" if self.game.rules.two_sided else "ask.take_row", lang, domain=WIDGETS, card=d.card)
        if isinstance(d, SpotDecision):
            return text("ask.spot", lang, domain=WIDGETS, card=d.card)
        if isinstance(d, SplitDecision):
            return text("ask.split", lang, domain=WIDGETS)
        return d.describe()

    def _label(self, base: str, answer: Any) -> str:
        """A button's words with the Coach's badge for its answer, when it has one."""
        return base + (f" · {self.badges[answer]}" if answer in self.badges else "")

    def _tip(self, base: str, answer: Any) -> str:
        """A button's tooltip with the Coach's reason for its answer, when it has one."""
        return text("coach.tip", self.lang, domain=WIDGETS, tip=base, why=self._why[answer]) if answer in self._why else base

    def _draw_decision(self, d: Decision) -> None:
        if self.coach:
            self.badges, self._why, est = self.flow.badges(d)
        else:
            est = []
        if isinstance(d, (PlayDecision, DraftDecision)):
            self._draw_cards(d)
        else:
            self._draw_answers(d)
        note = self.flow.note(d) if self.coach and est else None
        if note is not None:
            self.coach_view.value = coach_html(note, self.lang)

    def _draw_cards(self, d: Decision) -> None:
        """Play or draft: each card a button (a multi-card turn selects, then "Lay these cards")."""
        lang = self.lang
        cards = self.flow.cards
        self.styles.need(cards)
        verb = "play.card" if isinstance(d, PlayDecision) else "draft.card"
        single = isinstance(d, DraftDecision) or d.max_count == 1
        buttons: list[W.Widget] = []
        for i, c in enumerate(cards):
            handler = (lambda _b, c=c: self.act(c)) if single else (lambda _b, i=i: self._pick(i))
            b = card_button(c, self._label(text(verb, lang, domain=WIDGETS, card=card_name(c, lang)), c),
                            self._tip(text(verb + ".tip", lang, domain=WIDGETS, card=card_name(c, lang)), c), on_click=handler)
            b.answer = c
            b.base = b.description
            buttons.append(b)
        self.choices.children = tuple(buttons)
        self.choices.layout.display = "flex"
        self.choice_buttons = buttons
        if not single:
            self.actions.children = (self.confirm_button, self.clear_button)
            self._mark_selection()
        if isinstance(d, DraftDecision):
            self.prompt.value = line(f"<b>{esc(text('draft.face_up', lang, domain=WIDGETS, n=len(cards)))}</b>")
            self.hand_view.value = draft_hands_html(self.flow)
        else:
            hand = self.game.hands[d.seat]
            self.prompt.value = line(f"<b>{esc(text('play.your_hand', lang, domain=WIDGETS))}</b> — {cards_words(len(hand), lang)}, "
                                     f"{heads_words(total_heads(hand), lang)}")

    def _draw_answers(self, d: Decision) -> None:
        """Order, a row to take, a tie's places, a split: the answers as buttons (rows: on the drawn rows)."""
        if isinstance(d, OrderDecision):
            buttons = self._order_buttons(d)
        elif isinstance(d, TakeRowDecision):  # the picture is the control: each drawn row takes itself
            buttons = self._take_buttons(d)
        elif isinstance(d, SpotDecision):  # a tie: each tied place on its drawn row
            per_row: list[list[W.Button]] = [[] for _ in self.game.rows]
            for s in d.options:
                per_row[s.row].append(self._choice(self._label(_spot_words(s, self.lang), s),
                                                   self._tip(_spot_tip(s, d.card, self.lang), s), s))
            buttons = self._on_rows(per_row)
        elif isinstance(d, SplitDecision):
            buttons = self._split_buttons(d)
        else:
            buttons = []
        if not isinstance(d, (TakeRowDecision, SpotDecision)):
            self.choices.children = tuple(buttons)
            self.choices.layout.display = "flex"
        hand = self.game.hands[d.seat]
        self.hand_view.value = render.hand_html(hand, lang=self.lang) if hand else ""
        self.choice_buttons = buttons

    def _order_buttons(self, d: Decision) -> list[W.Widget]:
        lang = self.lang
        return [self._choice(self._label(text("order.label", lang, domain=WIDGETS, first=a, second=b), (a, b)),
                             self._tip(text("order.tip", lang, domain=WIDGETS, first=a, second=b), (a, b)), (a, b))
                for a, b in d.options]

    def _take_buttons(self, d: Decision) -> list[W.Widget]:
        lang = self.lang
        per_row: list[list[W.Button]] = [[] for _ in self.game.rows]
        for i in d.options:
            row = self.game.rows[i]
            h = heads_words(total_heads(row), lang)
            per_row[i].append(self._choice(self._label(text("answer.take", lang, domain=WIDGETS, row=i + 1, heads=h), i),
                                           self._tip(text("play.take.tip", lang, domain=WIDGETS, row=i + 1, cards=join(row, lang), heads=h), i), i))
        return self._on_rows(per_row)

    def _split_buttons(self, d: Decision) -> list[W.Widget]:
        """Split: a toggle per taken card (to the hand or to the pile), and "Done"."""
        lang = self.lang
        buttons: list[W.Widget] = []
        for i, c in enumerate(d.options):
            kept = i in self.flow.kept  # drawn again (the Coach switched, another language): as chosen
            t = W.ToggleButton(value=kept, description=text("split.hand" if kept else "split.pile", lang, domain=WIDGETS, card=c),
                               tooltip=text("split.tip", lang, domain=WIDGETS, card=card_name(c, lang)),
                               button_style="info" if kept else "", layout=W.Layout(width="auto", height="auto"))
            t.add_class("snt-btn")
            t.answer = c
            t.observe(lambda ch, i=i, c=c, t=t: self._split_toggle(t, i, c, ch["new"]), names="value")
            buttons.append(t)
        self.prompt.value = panel(
            f"<p><b>{esc(text('split.took', lang, domain=WIDGETS, cards=join(d.options, lang)))}</b> "
            f"{esc(text('split.room_left', lang, n=d.room, domain=WIDGETS, limit=self.game.rules.hand_limit))} "
            f"{esc(text('split.double', lang, domain=WIDGETS))}</p>")
        self.actions.children = (self.confirm_button,)
        self._confirm_words()
        return buttons

    def _on_rows(self, per_row: list[list[W.Button]]) -> list[W.Button]:
        """The table drawn again with each row's buttons on it (``RowTable.choose``); the buttons, in order."""
        rows, highlight, caption = self._drawn
        self.table_view.choose(rows, per_row, caption=caption, highlight=highlight,
                               two_sided=self.game.rules.two_sided, lang=self.lang)
        return list(self.table_view.row_buttons)

    def _choice(self, text: str, tip: str, answer: Any) -> W.Button:
        b = button(text, tip, on_click=lambda _b, a=answer: self.act(a))
        b.answer = answer
        return b

    def _split_toggle(self, t: W.ToggleButton, index: int, card: int, value: bool) -> None:
        t.description = text("split.hand" if value else "split.pile", self.lang, domain=WIDGETS, card=card)
        t.button_style = "info" if value else ""
        self.flow.toggle_keep(index, value)
        self._confirm_words()

    def _confirm_words(self) -> None:
        d = self.decision
        if d is None:
            return
        lang = self.lang
        if isinstance(d, SplitDecision):
            keep = len(self.keep)
            self.confirm_button.description = text("split.done", lang, domain=WIDGETS, hand=keep, pile=len(d.options) - keep)
            self.confirm_button.tooltip = text("split.done.tip", lang, domain=WIDGETS)
        elif isinstance(d, PlayDecision):
            sep = "lay.then" if d.min_count == 1 else "lay.and"
            self.confirm_button.description = text("lay.these", lang, domain=WIDGETS, cards=pair_words(sep, self.selection, lang)) \
                if self.selection else text("lay.button", lang, domain=WIDGETS)
            self.confirm_button.tooltip = text("lay.tip.order" if d.min_count == 1 else "lay.tip", lang, domain=WIDGETS)

    def _mark_selection(self) -> None:
        d = self.decision
        picked = self.flow.picked
        for i, b in enumerate(self.choice_buttons):
            base = getattr(b, "base", b.description)
            if i in picked:
                pos = picked.index(i)
                b.add_class("snt-selected")
                tag = text("sel.first" if pos == 0 else "sel.second", self.lang, domain=WIDGETS) \
                    if d is not None and d.min_count == 1 else "✓"
                b.description = f"{tag} · {base}" if tag != "✓" else f"✓ {base}"
            else:
                b.remove_class("snt-selected")
                b.description = base
        self._confirm_words()
