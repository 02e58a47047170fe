"""What a player is: one protocol, :class:`Agent`, that every bot, the Coach, the search's models of the
other seats and a person (``bots.Human``) fulfil. A player decides from its seat's information state
(``engine.information.Information``) and nothing else: the same value a class table sends a pupil.
"""

from __future__ import annotations

from typing import Any, Protocol

from sixnimmt_core.engine.decisions import Decision
from sixnimmt_core.engine.information import Information


class Agent(Protocol):
    """What a player is: a ``name`` and, for each decision asked of its seat, ``decide`` — an answer
    ``Game.act`` takes, or None when a person still has to give it — from the seat's information state
    ``view`` alone. Every bot, the Coach, the search's models of the other seats and a ``Human`` are one."""

    name: str

    def decide(self, decision: Decision, view: Information) -> Any: ...


__all__ = ["Agent"]
