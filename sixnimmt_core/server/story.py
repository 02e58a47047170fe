"""A class table's story: each event in the narrator's sentence (the app's story), as one seat saw it,
in that seat's language.

The narrator reads the event as the seat was told of it (``seen_by``): another seat's dealt hand and a
card laid face down by another seat are blanked (card 0, which no deck holds) before the narrator
reads it, so no sentence can name a card the rules still hide from that seat. The table "before" it
reads for its reasons (the rows, the cards laid out to draft) is public.
"""

from __future__ import annotations

import json
from typing import Any

from sixnimmt_core.engine.events import Event
from sixnimmt_core.engine.fold import Table as Folded
from sixnimmt_core.engine.game import Game
from sixnimmt_core.engine.information import hands_open, seen_by
from sixnimmt_core.teaching.narrator import Narrator

BLANK = 0  # a card no deck holds: what a hidden card becomes before the narrator reads it


def _blank(value: Any) -> Any:
    """``value`` with every card a zero (its shape kept: how many cards is public, which ones is not)."""
    if isinstance(value, list):
        return [_blank(v) for v in value]
    return BLANK if isinstance(value, int) and not isinstance(value, bool) else value


def _fill(real: Any, seen: Any) -> Any:
    """What the seat was told (``seen``), with what it was not told blanked in the shape of ``real``."""
    if seen is None and real is not None:
        return _blank(real)
    if isinstance(real, list) and isinstance(seen, list):
        return [_fill(r, s) for r, s in zip(real, seen, strict=True)]
    return seen


def as_seen(event: Event, seat: int | None, hands_known: bool) -> tuple[Event, dict[str, Any]]:
    """``event`` as ``seat`` saw it: the JSON it is told (``seen_by``) and the event the narrator
    reads, rebuilt from that JSON alone, hidden cards blanked."""
    seen = seen_by(event, seat, hands_known)
    real = event.to_json()
    if seen == real:
        return event, seen
    told = {k: _fill(v, seen.get(k)) for k, v in real.items()}
    return Event.from_json(told), seen


class Story:
    """The sentences of one table's events in one language, for each reader (every seat, and None: the
    projector), grown as the game goes on: each event is said once a way it is seen (most events are
    seen alike by all), from the table as it stood before it."""

    def __init__(self, game: Game, narrator: Narrator) -> None:
        self.readers: list[int | None] = [None, *range(game.players)]
        self.known = hands_open(game)
        self.narrator = narrator  # it holds the language
        self.folded = Folded(game.players)  # the table before each event; the narrator reads its public parts
        self.said: list[dict[int | None, str]] = []  # each event's sentence, by reader

    def _say(self, e: Event) -> dict[int | None, str]:
        real = e.to_json()
        by_seen: dict[str, str] = {}
        out: dict[int | None, str] = {}
        for reader in self.readers:
            shown, seen = as_seen(e, reader, self.known)
            key = "" if seen == real else json.dumps(seen, sort_keys=True)
            if key not in by_seen:
                by_seen[key] = self.narrator.text(shown, self.folded)
            out[reader] = by_seen[key]
        return out

    def told(self, log: list[Event], seat: int | None, since: int) -> list[dict[str, Any]]:
        """The events from ``since`` on, each as ``seat`` saw it, with its sentence (``said``)."""
        while len(self.said) < len(log):  # each event said once, in order, from the table before it
            e = log[len(self.said)]
            self.said.append(self._say(e))
            self.folded.apply(e)
        return [{**seen_by(e, seat, self.known), "said": self.said[i][seat]}
                for i, e in enumerate(log[since:], since)]


__all__ = ["Story", "as_seen", "BLANK"]
