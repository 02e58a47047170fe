"""A match of 6 nimmt! as an explicit state machine (RULES.md §2–3).

The engine asks for each decision (``pending``), takes the answer (``act``), and records every
step as a typed event (``sixnimmt_core.engine.events``). Chance (the deal) is an event too, so the log
replays the game exactly (OpenSpiel treats the deal the same way). A single hand is a match of one
hand.
Illegal answers raise an :class:`~sixnimmt_core.engine.errors.IllegalAction` before anything changes.

``Game`` is the loop, the turn and the end of a hand; its other steps live beside it: ``starting``
(the deal, the sheets, the draft) and ``placing`` (placing cards, taking rows), the decisions it asks
in ``decisions``, its steps in ``phases``, the log as recorded in ``records``.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Any

from sixnimmt_core.engine.answers import as_cards, as_seat, cards_listed, shown
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
from sixnimmt_core.engine.errors import (
    IllegalAction,
    ImpossibleSetup,
    Listed,
    OutOfTurn,
    Say,
    Shown,
)
from sixnimmt_core.engine.events import (
    Chose,
    Dealt,
    Event,
    HandEnded,
    Marker,
    MatchEnded,
    Ordered,
    Passed,
    Played,
    Revealed,
)
from sixnimmt_core.engine.information import Information, information
from sixnimmt_core.engine.options import Choosing, Dealing, Twins
from sixnimmt_core.engine.phases import (
    ASK_OPEN,
    ASK_ORDER,
    END_TURN,
    NEXT_SEAT,
    REVEAL,
    START_HAND,
    TRANSITIONS,
    Phase,
)
from sixnimmt_core.engine.placing import Placing
from sixnimmt_core.engine.records import ANSWERS, CHANCE, FLAT, read_event
from sixnimmt_core.engine.rules import BASE, ONE_HAND, EndReason, Rules
from sixnimmt_core.engine.shown import html as shown_html
from sixnimmt_core.engine.starting import HandStart
from sixnimmt_core.engine.state import Deal, State

_new = tuple.__new__  # builds a decision without the Python-level __new__ (hot paths)

# module-level names of the options the turn reads (as for Phase: an enum's member read as
# Choosing.HIDDEN goes through the class machinery on every use, several times a turn)
_HIDDEN, _OPEN, _IMMEDIATE = Choosing.HIDDEN, Choosing.OPEN, Choosing.IMMEDIATE
_NO_TWINS, _DRAFTED = Twins.NONE, Dealing.DRAFT
_SOLO = tuple((s,) for s in range(26))  # one owner, as the tuples of owners the queue holds
_NAMES = tuple(f"Player {chr(ord('A') + i)}" for i in range(26))


def default_names(players: int) -> list[str]:
    """The names of seats no one named ("Player A" …): a saved game keeps no name for them
    (``log.saved_names``), and a reader says them in its language (``narrator.local_names``)."""
    return list(_NAMES[:players])


class Game(HandStart, Placing):
    """A match: hands of play until the match ends; ask ``pending`` and answer with ``act``."""

    __slots__ = ()  # every attribute is declared in state.State, with its slot

    def __init__(
        self,
        rules: Rules = BASE,
        players: int = 4,
        *,
        seed: int | None = None,
        deal: Deal | None = None,
        names: Sequence[str | None] | None = None,
        record: bool = True,
        one_hand: bool = False,
        _chance: list[Dealt] | None = None,
    ) -> None:
        if one_hand:
            rules = rules.but(match_end=ONE_HAND)
        rules.check(players)
        if names is not None and len(names) != players:
            raise ImpossibleSetup(Say("setup.names", count=len(names), names=len(names), players=players), "players")
        self.rules = rules
        self.players = players
        self.seed = seed
        # a seat given no name (None, as a saved game keeps it) has its default name
        self.names = [_NAMES[i] if n is None else n for i, n in enumerate(names)] if names else default_names(players)
        self.rng = random.Random(seed)
        self._raw: list[Any] = []  # events as recorded (see FLAT)
        self._events: list[Event] = []  # the same, built into typed events as far as read …
        self._read = 0  # … which is up to here in _raw
        self._record = record
        self._chance = deque(_chance or ())
        self._deal = deal
        self.deck = rules.deck_for(players)
        self._one_hidden = rules.choosing == _HIDDEN and rules.cards_per_turn == 1
        self._simple = rules.plain
        self.totals = [0] * players
        self.hand_scores: list[list[int]] = []
        self.hand_no = 0
        self.turn = 0
        self.over = False
        self.pending: list[Decision] = []
        self.marker = rules.start_seat
        self.sheets: list[list[int]] = []
        self.sheet_rows: list[list[int]] = []
        self.holders: list[int] = []  # Tournament: which seat's selection each seat holds
        self.by_selection: list[list[int | None]] = []
        self._drafter = 0
        self._queue: list[tuple[int, tuple[int, ...]]] = []  # the rest of a hand's state: _reset_hand
        self._after = START_HAND
        self._run()

    # ---- public ---------------------------------------------------------------------------
    def act(self, seat: int, action: object) -> None:
        """Answer the pending decision of ``seat`` (0-based) and play on until the next decision.

        :raises OutOfTurn: no such seat (an int of the table: not False, 0.0 or "0"), or none pending for it.
        :raises IllegalAction: an answer the rules do not allow, naming the rule. Either way the game
            is exactly as it was."""
        if type(seat) is not int:  # not False (== 0), not 0.0: the one check the common case pays
            seat = as_seat(seat, self.players)
        pending = self.pending
        for d in pending:
            if d[0] == seat:
                break
        else:
            if not 0 <= seat < self.players:
                raise OutOfTurn(Say("turn.no_seat", seat=Shown(seat), last=self.players - 1), "seat")
            if self.over:
                raise OutOfTurn(Say("turn.over"), "turn")
            asked = Listed([Say("turn.asked", seat=self._seat(d.seat), what=d.says()) for d in self.pending], ", ")
            raise OutOfTurn(Say("turn.not_asked", seat=self._seat(seat), asked=asked), "turn")
        if d.__class__ is PlayDecision and self._one_hidden and type(action) is int and action in self.hands[seat]:
            self.hands[seat].remove(action)  # the common case, kept short: one hidden card
            self.chosen[seat] = [action]
            if self._record:
                self._raw += ("chose", seat, action)
            pending.remove(d)
            if pending:
                return
            self._reveal()
            if not self.pending:
                self._run()
            return
        _HANDLERS[d.__class__](self, d, action)
        if not self.pending:
            self._run()

    @property
    def log(self) -> list[Event]:
        """Every event so far, oldest first."""
        raw, events, i = self._raw, self._events, self._read
        while i < len(raw):
            e, i = read_event(raw, i)
            events.append(e)
        self._read = i
        return events

    def decision(self, seat: int) -> Decision | None:
        """The decision pending for ``seat``, if any."""
        for d in self.pending:
            if d.seat == seat:
                return d
        return None

    def _repr_html_(self) -> str:
        return shown_html(self)

    def view(self, seat: int | None) -> Information:
        """What ``seat`` may know now, its information state (``information.information``): a copy, so a
        bot given it cannot read another seat's hidden card, nor change the game."""
        return information(self, seat)

    @property
    def revealed(self) -> bool:
        """Whether this turn's cards laid face down have been turned face up."""
        return self._revealed

    def scores(self) -> list[int]:
        """What each seat would score for this hand if it ended now."""
        if not self.rules.hand_cards_double:
            return list(self.penalty)
        return [p + 2 * total_heads(h) for p, h in zip(self.penalty, self.hands, strict=True)]

    def winners(self) -> list[int]:
        best = min(self.totals)
        return [s for s, t in enumerate(self.totals) if t == best]

    def cards_in_play(self) -> Counter[int]:
        """Every card wherever it is now (hands, rows, piles, laid this turn, out of play)."""
        c: Counter[int] = Counter(self.undealt)
        c.update(self.draft_table)
        for group in (self.hands, self.rows, self.piles):
            for cards in group:
                c.update(cards)
        for laid in self.chosen:
            if laid:
                c.update(laid)
        for card, owners in self._queue:
            c[card] += len(owners)
        if self._placing:
            c[self._placing[0]] += len(self._placing[1])
        for d in self.pending:
            if isinstance(d, SplitDecision):  # taken, and not yet split between hand and pile
                c.update(d.options)
        return c

    # ---- the loop ---------------------------------------------------------------------------
    def _run(self) -> None:
        while not self.pending and not self.over:
            if self._queue:
                self._place_queue()
            else:
                step, self._after = self._after, END_TURN
                _STEPS[step](self)

    def __getstate__(self) -> tuple[None, dict[str, Any]]:
        """For copy and pickle (slots, so there is no ``__dict__``)."""
        return None, dict(zip(_STATE, _get_state(self), strict=True))

    # ---- turns --------------------------------------------------------------------------------
    def _start_turn(self) -> None:
        rules = self.rules
        if rules.choosing == _IMMEDIATE:
            self._round = 0
            self._seat_order = [(rules.start_seat + i) % self.players for i in range(self.players)]
            self._after = NEXT_SEAT
            return
        if not any(self.hands):
            self._end_hand()
            return
        self.turn += 1
        self.chosen = [None] * self.players
        self._revealed = False
        k = rules.cards_per_turn
        if rules.choosing == _HIDDEN:
            self.pending = [_new(PlayDecision, (s, tuple(h), k, k, None, 0)) for s, h in enumerate(self.hands)]
            self._after = REVEAL
        else:  # open: face up in seat order from the start marker
            self._seat_order = [(self.marker + i) % self.players for i in range(self.players)]
            self._ask_open()

    def _ask_open(self) -> None:
        if not self._seat_order:
            self._after = REVEAL
            return
        s = self._seat_order.pop(0)
        k = self.rules.cards_per_turn
        self.pending = [PlayDecision(s, tuple(self.hands[s]), k, k)]
        self._after = ASK_OPEN

    def _on_play(self, d: Decision, action: object) -> None:
        hand = self.hands[d[0]]
        cards = as_cards(action)
        if cards is None:
            raise IllegalAction(Say("play.not_cards", action=shown(action)), "play")
        if not d.min_count <= len(cards) <= d.max_count:
            raise IllegalAction(Say("play.count", seat=self._seat(d.seat), cards=d.how_many(), got=len(cards),
                                    rule=self._turn_rule()), "play")
        missing = Counter(cards) - Counter(hand)
        if missing:
            raise IllegalAction(Say("play.not_held", seat=self._seat(d.seat), cards=cards_listed(sorted(missing.elements())),
                                    hand=cards_listed(hand)), "play")
        for c in cards:
            hand.remove(c)
        s = d.seat
        if self.rules.choosing == _IMMEDIATE:
            if self._record:
                self._log(Played, s, cards=list(cards))
            self._queue.extend((c, (s,)) for c in cards)
            self.pending = []
            self._after = NEXT_SEAT
            return
        self.chosen[s] = list(cards)
        if self._record:
            if self.rules.choosing == _OPEN:
                self._log(Chose, s, cards=list(cards), open=True)
            else:
                self._log(Chose, s, cards=list(cards))
        self.pending = [p for p in self.pending if p.seat != s]

    def _turn_rule(self) -> Say:
        r = self.rules
        if r.choosing == _IMMEDIATE:
            return Say("rule.hand.cards")
        return Say("rule.refined.cards") if r.cards_per_turn == 2 else Say("rule.one.card")

    def _reveal(self) -> None:
        chosen = self.chosen
        self._revealed = True
        if self._simple:  # one card from every seat, base rows: place them now, lowest first
            cards = tuple([c[0] for c in chosen if c])  # every seat has laid its card
            self._show(cards)
            if self._record:
                self._raw += ("revealed", None, cards)
            self.chosen = [None] * self.players
            self._after = END_TURN
            if self._place_simple(sorted([(c, _SOLO[s]) for s, c in enumerate(cards)])):
                self._start_turn()
            return
        if self._record:
            if self.rules.cards_per_turn == 2:
                self._log(Revealed, cards=[list(c) if c else [] for c in chosen], refined=True)
            else:
                self._log(Revealed, cards=[c or [] for c in chosen])
        if self.rules.cards_per_turn == 2:
            self._to_order = [s for s, c in enumerate(chosen) if c]
            self._after = ASK_ORDER
            return
        if self.rules.twins == _NO_TWINS:
            if self.rules.one_hidden_each:  # Professional: one hidden card each, as in the plain turn above
                self._show(tuple([c[0] for c in chosen if c]))
            order = sorted([(c[0], _SOLO[s]) for s, c in enumerate(chosen) if c])
            self.chosen = [None] * self.players
            self._after = END_TURN
            self._queue.extend(order)
            return
        # lowest card first; twins laid in the same turn are placed together as one stack
        units: dict[int, list[int]] = {}
        for s, laid in enumerate(chosen):
            if laid:
                for c in laid:
                    units.setdefault(c, []).append(s)
        self._queue.extend((c, tuple(units[c])) for c in sorted(units))
        self.chosen = [None] * self.players
        self._after = END_TURN

    def _show(self, cards: tuple[int, ...]) -> None:
        """Keep this turn's reveal, each seat's card with the rows it was laid on, for ``shown``."""
        self.shown += ((tuple(map(tuple, self.rows)), cards),)

    def _ask_order(self) -> None:
        left = [(min(laid), s, laid) for s in self._to_order if (laid := self.chosen[s])]
        if not left:
            self._after = END_TURN
            return
        _, s, laid = min(left)  # the seat holding the lowest card (seats differ: the cards are never compared)
        a, b = sorted(laid)
        options = ((a, b),) if a == b else ((a, b), (b, a))
        self.pending = [OrderDecision(s, options, 2, 2)]

    def _on_order(self, d: Decision, action: object) -> None:
        cards = as_cards(action)
        if cards is None or tuple(cards) not in d.options:
            raise IllegalAction(Say("order.not_order", action=shown(action), seat=self._seat(d.seat),
                                    cards=cards_listed(d.options[0])), "order")
        first, second = cards
        if self._record:
            self._log(Ordered, d.seat, first=first, second=second)
        self.chosen[d.seat] = None
        self._queue.extend(((first, (d.seat,)), (second, (d.seat,))))
        self.pending = []
        self._after = ASK_ORDER

    def _next_seat(self) -> None:
        """Hand variant: the next seat lays one or two cards and places them at once."""
        while True:
            if self._round >= len(self._seat_order):
                self.turn += 1
                if self._hand_over_immediate():
                    self._end_hand()
                    return
                self._round = 0
            s = self._seat_order[self._round]
            self._round += 1
            hand = self.hands[s]
            if hand:
                most = min(self.rules.cards_per_turn, len(hand))
                self.pending = [PlayDecision(s, tuple(hand), 1, most)]
                return
            if self._record:
                self._log(Passed, s)

    def _hand_over_immediate(self) -> bool:
        return self.rules.hand_over_after_round(self.hands, self.piles, self.turn)

    def _end_turn(self) -> None:
        if self.rules.choosing == _OPEN:
            self.marker = (self.marker + 1) % self.players
            if self._record:
                self._log(Marker, self.marker)
        self._start_turn()

    # ---- ending ---------------------------------------------------------------------------------
    def _end_hand(self) -> None:
        scores = self.scores()
        self.hand_scores.append(scores)
        self.totals = [t + s for t, s in zip(self.totals, scores, strict=True)]
        if self.rules.sheets:
            if not self.by_selection:
                self.by_selection = [[None] * self.players for _ in range(self.players)]
            for seat, sheet in enumerate(self.holders):
                self.by_selection[sheet][seat] = scores[seat]
        if self._record:
            self._log(HandEnded, hand=self.hand_no, scores=scores, totals=list(self.totals),
                      hands_left=[list(h) for h in self.hands] if any(self.hands) else None)
        if self._match_over():
            self.over = True
            self.pending = []
            if self._record:
                self._log(MatchEnded, **self._match_end())
            return
        self._after = START_HAND

    def _match_end(self) -> dict[str, Any]:
        """The values of the match's end: totals, winners, why it ended as a code and its numbers."""
        why, number = self.rules.match_end_reason(self.players)
        data: dict[str, Any] = {"totals": list(self.totals), "winners": self.winners(), "why": why}
        if why == EndReason.HANDS:
            data["hands"] = number
        else:
            data["limit"] = number
            data["reached"] = self.rules.match_end.reaching(self.totals)
        if self.rules.sheets:
            data["by_selection"] = [list(r) for r in self.by_selection]
        return data

    def _match_over(self) -> bool:
        return self.rules.match_over(self.players, self.hand_no, self.totals)

    # ---- worlds for look-ahead -----------------------------------------------------------------
    def clone(self, record: bool = False) -> Game:
        """An independent copy (without the log unless ``record``), for look-ahead."""
        g = object.__new__(Game)
        for name, value in zip(_STATE, _get_state(self), strict=True):
            setattr(g, name, value)
        g._raw = list(self._raw) if record else []
        g._events = list(self._events) if record else []
        g._read = self._read if record else 0
        g._record = record
        g.rng = random.Random()
        g.rng.setstate(self.rng.getstate())
        g._chance = deque()
        for name in ("rows", "hands", "piles", "sheets", "sheet_rows"):
            setattr(g, name, [list(x) for x in getattr(self, name)])
        g.chosen = [list(c) if c else c for c in self.chosen]
        for name in ("penalty", "totals", "undealt", "draft_table", "pending", "holders",
                     "_to_order", "_seat_order"):
            setattr(g, name, list(getattr(self, name)))
        g.hand_scores = [list(s) for s in self.hand_scores]
        g.by_selection = [list(s) for s in self.by_selection]
        g._queue = list(self._queue)
        return g


_STATE = State.__slots__
_get_state = attrgetter(*_STATE)
_STEPS: list[Callable[[Game], None]] = [Game._start_hand, Game._start_turn, Game._ask_open, Game._reveal,
                    Game._ask_order, Game._next_seat, Game._end_turn]  # indexed by Phase
_HANDLERS = {PlayDecision: Game._on_play, DraftDecision: Game._on_draft, OrderDecision: Game._on_order,
             TakeRowDecision: Game._on_take_row, SpotDecision: Game._on_spot, SplitDecision: Game._on_split}


# Names other modules import from here: the game's parts live in the modules named above.
__all__ = ["Game", "Decision", "Event", "Deal", "ANSWERS", "CHANCE", "FLAT", "Phase", "TRANSITIONS",
           "default_names"]
