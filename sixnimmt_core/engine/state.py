"""What a match holds: every attribute of a :class:`~sixnimmt_core.engine.game.Game`, declared once.

``Game`` is the loop and the turn; its other steps (``starting.HandStart``, ``placing.Placing``) read
and change the same state. They all inherit it from here, so that each attribute is declared with its
type in one place and a type checker proves what every step reads. ``__slots__`` keeps attribute access
fast (docs/performance.md): a new attribute is added here, or Python refuses it with an AttributeError.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass
from typing import Any

from sixnimmt_core.engine.decisions import Decision
from sixnimmt_core.engine.errors import Seat
from sixnimmt_core.engine.events import Dealt, Event
from sixnimmt_core.engine.phases import Phase
from sixnimmt_core.engine.rules import Rules
from sixnimmt_core.engine.table import Rule

Cards = tuple[int, ...]
Owners = tuple[int, ...]  # the seats whose card is placed: one, or the owners of a stack of twins
TurnsShown = tuple[tuple[tuple[Cards, ...], Cards], ...]  # each turn's rows before the reveal, and the cards


@dataclass(frozen=True)
class Deal:
    """An explicit deal: each seat's hand and the starting rows (a scenario, or a replayed deal)."""

    hands: list[list[int]]
    rows: list[list[int]]


class State:
    """The state of a match, read and changed by its steps (``Game`` and the parts it inherits)."""

    __slots__ = (
        "rules", "players", "seed", "names", "rng", "deck", "totals", "hand_scores", "hand_no", "turn",
        "over", "pending", "marker", "sheets", "sheet_rows", "holders", "by_selection",
        "rows", "hands", "piles", "penalty", "chosen", "undealt", "draft_table", "shown",
        "_raw", "_events", "_read", "_record", "_chance", "_deal", "_one_hidden", "_simple",
        "_queue", "_placing", "_to_order", "_seat_order", "_round", "_revealed", "_after", "_drafter",
    )

    # ---- the match ------------------------------------------------------------------------------
    rules: Rules
    players: int
    seed: int | None
    names: list[str]
    rng: random.Random
    deck: list[int]  # the cards in play for these rules and players
    totals: list[int]  # each seat's heads over the match
    hand_scores: list[list[int]]  # each hand's scores
    hand_no: int
    turn: int
    over: bool
    pending: list[Decision]  # the questions asked and not yet answered
    marker: int  # Open: the seat that lays first
    sheets: list[list[int]]  # Tournament: each seat's drafted selection …
    sheet_rows: list[list[int]]  # … and the rows every hand starts from
    holders: list[int]  # Tournament: which seat's selection each seat holds
    by_selection: list[list[int | None]]  # Tournament: scores by selection and seat
    # ---- this hand ------------------------------------------------------------------------------
    rows: list[list[int]]
    hands: list[list[int]]
    piles: list[list[int]]
    penalty: list[int]  # heads taken this hand
    chosen: list[list[int] | None]  # the cards each seat laid this turn (None: none yet)
    undealt: list[int]
    draft_table: list[int]  # Logic, Tournament: the cards laid out to draft
    shown: TurnsShown  # this hand's turns as every seat saw them (search.read_seats reads them)
    # ---- the log as recorded (records.FLAT) ----------------------------------------------------
    _raw: list[Any]  # tags, seats and values of many kinds in one flat list
    _events: list[Event]  # ``_raw`` built into typed events as far as read …
    _read: int  # … which is up to here in ``_raw``
    _record: bool
    _chance: deque[Dealt]  # the deals a replay gives back
    _deal: Deal | None  # a fixed deal, for the first hand
    # ---- the engine's own ------------------------------------------------------------------------
    _one_hidden: bool  # one hidden card a turn: ``act``'s short path
    _simple: bool  # the base game's turn (rules.plain): the short loop of ``placing``
    _queue: list[tuple[int, Owners]]  # cards to place, lowest first, with their owners
    _placing: tuple[int, Owners, Rule] | None  # the card waiting for a decision: card, owners, rule
    _to_order: list[int]  # Refined: the seats still to order their two cards
    _seat_order: list[int]  # Open, Hand: the seats still to lay this turn (round), in order
    _round: int  # Hand: the place in ``_seat_order`` of the seat laying next
    _revealed: bool
    _after: Phase  # the step ``_run`` takes once nothing is pending
    _drafter: int

    def _reset_hand(self) -> None:
        n = self.players
        self.rows = []
        self.hands = [[] for _ in range(n)]
        self.piles = [[] for _ in range(n)]
        self.penalty = [0] * n
        self.chosen = [None] * n
        self.undealt = []
        self.draft_table = []
        self._queue = []
        self._placing = None
        self._to_order = []
        self._seat_order = []
        self._round = 0
        self._revealed = False
        # this hand's turns so far, as every seat saw them: (the rows before the reveal, each seat's card);
        # kept where ``rules.one_hidden_each``, so that a bot can read its opponents (search.read_seats)
        self.shown = ()

    def _log(self, event: type[Event], seat: int | None = None, **data: Any) -> None:
        """Record an event that is not recorded flat: its class, seat and values (see FLAT)."""
        self._raw += (event, seat, data)

    def _seat(self, seat: int) -> Seat:
        """A seat's name in a refusal: said in the refusal's language when no one named it."""
        return Seat(seat, self.names[seat])


__all__ = ["State", "Deal", "Cards", "Owners", "TurnsShown"]
