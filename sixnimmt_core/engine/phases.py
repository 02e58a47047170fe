"""The steps of a match the engine takes when no decision is pending, and which may follow which."""

from __future__ import annotations

from enum import IntEnum


class Phase(IntEnum):
    """What the engine does next when no decision is pending (``Game._run``; table: ``TRANSITIONS``).

    An IntEnum, so that the loop indexes its list of steps at C speed."""

    START_HAND = 0  # deal, lay out a draft, or hand out the next Tournament sheets
    START_TURN = 1  # ask every seat for its cards (or the first seat: Open, Hand)
    ASK_OPEN = 2  # Open: the next seat in marker order lays face up
    REVEAL = 3  # every card is laid: reveal and queue them, lowest first
    ASK_ORDER = 4  # Refined: the owner of the lowest unplaced card orders their two
    NEXT_SEAT = 5  # Hand: the next seat of the round lays and places at once
    END_TURN = 6  # Open: the marker passes left; then the next turn


# module-level names: reading Phase.X goes through the enum's class machinery on every use
START_HAND, START_TURN, ASK_OPEN, REVEAL, ASK_ORDER, NEXT_SEAT, END_TURN = Phase


# Which step ``_run`` may run right after which (a test plays every variant and checks both ways).
# Some steps go straight on without the loop: _end_turn starts the next turn itself, and the last
# hidden card of a turn reveals in ``act``; those moves do not appear here.
TRANSITIONS: dict[Phase, frozenset[Phase]] = {
    Phase.START_HAND: frozenset({Phase.START_TURN}),
    Phase.START_TURN: frozenset({Phase.REVEAL, Phase.ASK_OPEN, Phase.NEXT_SEAT, Phase.END_TURN}),
    Phase.ASK_OPEN: frozenset({Phase.ASK_OPEN, Phase.REVEAL}),
    Phase.REVEAL: frozenset({Phase.END_TURN, Phase.ASK_ORDER}),
    Phase.ASK_ORDER: frozenset({Phase.ASK_ORDER, Phase.END_TURN}),
    Phase.NEXT_SEAT: frozenset({Phase.NEXT_SEAT, Phase.START_HAND}),
    Phase.END_TURN: frozenset({Phase.REVEAL, Phase.ASK_OPEN, Phase.START_HAND, Phase.END_TURN}),
}


__all__ = ["Phase", "TRANSITIONS", "START_HAND", "START_TURN", "ASK_OPEN", "REVEAL", "ASK_ORDER", "NEXT_SEAT",
           "END_TURN"]
