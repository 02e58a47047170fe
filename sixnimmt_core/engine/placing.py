"""Placing the cards laid in a turn, lowest first: the short loop of a plain turn, the queue, a low
card's row, a tie's place (Professional), the row taken and its split (Hand). A part of
:class:`~sixnimmt_core.engine.game.Game`: it reads and changes the game's state, declared in
``state.State``."""

from __future__ import annotations

from collections import Counter
from typing import Any

from sixnimmt_core.engine.answers import as_cards, as_spot, cards_listed, is_card, shown
from sixnimmt_core.engine.cards import total_heads
from sixnimmt_core.engine.decisions import Decision, SplitDecision, SpotDecision, TakeRowDecision
from sixnimmt_core.engine.errors import IllegalAction, Listed, Say
from sixnimmt_core.engine.events import ChoseSpot, Placed, Split, Took
from sixnimmt_core.engine.state import Owners, State
from sixnimmt_core.engine.table import (
    CLOSEST,
    FULL_ROW,
    LEFT,
    LOW,
    NOWHERE,
    RIGHT,
    ROWS,
    SIXTH,
    TIE,
    TWIN,
    Rule,
    Side,
    closest_lower,
    lay,
    locate,
    onto,
    placement,
)

_new = tuple.__new__  # builds a decision without the Python-level __new__ (hot paths)
_ROW_NUMBERS = tuple(range(ROWS))  # the answers to "which row do you take?"


class Placing(State):
    """The steps that place cards and take rows (``Game`` inherits them)."""

    __slots__ = ()

    def _place_simple(self, order: list[tuple[int, Owners]]) -> bool:
        """Base rows, single cards, no twins: place (card, owner) pairs in one loop.

        False when a low card stops it: its player is asked for a row, the rest wait in the queue."""
        rows, log, record = self.rows, self._raw, self._record
        for i, (card, owner) in enumerate(order):
            seat = owner[0]
            best, best_end = closest_lower(card, rows)
            if best < 0:
                self._placing = (card, owner, LOW)
                self.pending = [_new(TakeRowDecision, (seat, _ROW_NUMBERS, 1, 1, card, 0))]
                self._queue.extend(order[i + 1:])
                return False
            target = rows[best]
            if len(target) < FULL_ROW:
                target.append(card)
                if record:
                    log += ("placed", seat, card, best, CLOSEST, best_end)
                continue
            if record:
                log += ("placed", seat, card, best, SIXTH, best_end)
            self._take(owner, lay(rows, card, SIXTH, best), best, SIXTH)
        return True

    # ---- placing --------------------------------------------------------------------------------
    def _place_queue(self) -> None:
        """Place queued cards, lowest first, until one needs a decision."""
        queue = self._queue
        while queue:
            if self._simple:  # the rest of a base turn after a low card: back to the short loop
                self._queue = []
                self._place_simple(queue)
                return
            self._place_next()
            if self.pending:
                return

    def _place_next(self) -> None:
        card, owners = self._queue.pop(0)
        rule, row, side = locate(card, self.rows, self.rules.two_sided)
        if rule in (LOW, NOWHERE):
            self._placing = (card, owners, rule)
            self.pending = [TakeRowDecision(owners[0], tuple(range(len(self.rows))), card=card)]
        elif rule == TIE:
            self._placing = (card, owners, rule)
            spots = placement(card, self.rows, two_sided=True).tied
            self.pending = [SpotDecision(owners[0], spots, card=card)]
        else:
            self._put(card, owners, rule, row, side)

    def _log_placed(self, seat: int, card: int, row: int, side: Side, rule: Rule, owners: Owners) -> None:
        """A placement: the card, the row, the rule, and the card it went next to (if any)."""
        target = self.rows[row]
        if side == RIGHT and len(owners) == 1:  # the common case, recorded flat (FLAT)
            if rule in (CLOSEST, SIXTH, TWIN):
                self._raw += ("placed", seat, card, row, rule, target[-1])
            else:
                self._raw += ("placed_low", seat, card, row, rule)
            return
        data: dict[str, Any] = {"card": card, "row": row, "rule": rule}
        if rule in (CLOSEST, SIXTH, TWIN):
            data["end"] = target[0] if side == LEFT else target[-1]
        if side == LEFT:
            data["side"] = side
        if len(owners) > 1:
            data["owners"] = list(owners)
        self._raw += (Placed, seat, data)

    def _put(self, card: int, owners: Owners, rule: Rule, row: int, side: Side) -> None:
        if self._record:
            self._log_placed(owners[0], card, row, side, rule, owners)
        taken = lay(self.rows, card, rule, row, side, len(owners))
        if taken:
            self._take(owners, taken, row, SIXTH)

    def _resume_placing(self) -> tuple[int, Owners, Rule]:
        """The card that waited for this decision (card, owners, rule); the decision is answered."""
        assert self._placing is not None
        placing, self._placing, self.pending = self._placing, None, []
        return placing

    def _on_take_row(self, d: Decision, row: object) -> None:
        if not is_card(row) or not 0 <= row < len(self.rows):
            raise IllegalAction(Say("take_row.not_row", row=shown(row), rows=len(self.rows)), "take_row")
        card, owners, rule = self._resume_placing()
        if self._record:
            self._raw += ("chose_row", d.seat, row, card)
            self._log_placed(d.seat, card, row, RIGHT, rule, owners)
        self._take(owners, lay(self.rows, card, rule, row, count=len(owners)), row, rule)

    def _on_spot(self, d: Decision, action: object) -> None:
        spot = as_spot(action, d.options)
        if spot is None:
            allowed = Listed([Say(f"tie.{s.side}", row=s.row + 1) for s in d.options], "; ")
            raise IllegalAction(Say("tie.not_tied", action=shown(action), card=d.card, allowed=allowed), "tie")
        card, owners, _ = self._resume_placing()
        if self._record:
            self._log(ChoseSpot, d.seat, row=spot.row, side=spot.side, card=card)
        self._put(card, owners, onto(self.rows[spot.row]), spot.row, spot.side)

    def _take(self, owners: Owners, cards: list[int], row: int, why: Rule) -> None:
        h = total_heads(cards)
        seats = owners if len(owners) == 1 else sorted(set(owners))
        if len(seats) > 1:
            share = -(-h // len(seats))
            for s in seats:
                self.penalty[s] += share
            self.piles[seats[0]].extend(cards)
            if self._record:
                self._log(Took, seats[0], row=row, cards=list(cards), heads=h, why=why,
                          shared=seats, share=share)
            return
        s = seats[0]
        if self.rules.keep_taken:
            if self._record:
                self._log(Took, s, row=row, cards=list(cards), heads=h, why=why, split=True)
            room = self.rules.hand_limit - len(self.hands[s])
            self.pending = [SplitDecision(s, tuple(cards), room=max(room, 0))]
            return
        if self._record:
            self._raw += ("took", s, row, list(cards), h, why)
        self.piles[s].extend(cards)
        self.penalty[s] += h

    def _on_split(self, d: Decision, action: object) -> None:
        to_hand = as_cards(action, allow_empty=True)
        if to_hand is None:
            raise IllegalAction(Say("split.not_cards", action=shown(action)), "split")
        if Counter(to_hand) - Counter(d.options):
            raise IllegalAction(Say("split.not_taken", cards=cards_listed(to_hand), taken=cards_listed(d.options)), "split")
        if len(to_hand) > d.room:
            raise IllegalAction(Say("split.room", count=d.room, seat=self._seat(d.seat), room=d.room, got=len(to_hand),
                                    limit=self.rules.hand_limit), "hand_limit")
        to_pile = list(d.options)
        for c in to_hand:
            to_pile.remove(c)
        s = d.seat
        if self._record:
            self._log(Split, s, to_hand=list(to_hand), to_pile=to_pile)
        self.hands[s].extend(to_hand)
        self.hands[s].sort()
        self.piles[s].extend(to_pile)
        self.penalty[s] += total_heads(to_pile)
        self.pending = []
