"""What a player is: one protocol, :class:`Agent`, that every bot, the Coach, the search's models of the
other seats and a person (``bots.Human``) fulfil; and :class:`View`, what a bot that plays from the table
alone reads of its seat.
"""

from __future__ import annotations

from typing import Any, Protocol

from sixnimmt_core.engine.decisions import Decision
from sixnimmt_core.engine.game import SeatView
from sixnimmt_core.engine.rules import Rules


class Agent(Protocol):
    """What a player is: a ``name`` and, for each decision asked of its seat, ``decide`` — an answer
    ``Game.act`` takes, or None when a person still has to give it. Every bot, the Coach, the search's
    models of the other seats and a ``Human`` are one."""

    name: str

    def decide(self, decision: Decision, view: SeatView) -> Any: ...


class View(Protocol):
    """What a bot that plays from the table alone reads of its seat (``RandomBot``, ``CautiousBot``): a
    game's ``SeatView``, or a class table's seat told only its information state (``server.client``)."""

    @property
    def seat(self) -> int: ...

    @property
    def players(self) -> int: ...

    @property
    def rules(self) -> Rules: ...

    @property
    def rows(self) -> list[list[int]]: ...

    @property
    def hand(self) -> list[int]: ...


__all__ = ["Agent", "View"]
