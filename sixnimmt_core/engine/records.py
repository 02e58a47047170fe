"""The log as the engine records it: flat records for the frequent events, read into typed events."""

from __future__ import annotations

from typing import Any

from sixnimmt_core.engine.events import (
    EVENTS,
    Answer,
    Chose,
    ChoseRow,
    Dealt,
    Event,
    Placed,
    Revealed,
    Took,
)

# Events that answer a decision, and the decision they answer: the replay feeds these back.
ANSWERS = {cls.kind: cls.asks for cls in EVENTS if issubclass(cls, Answer)}
CHANCE = (Dealt.kind,)


# A hand of play has about 110 events. The frequent ones are recorded flat, as a tag, the seat and
# the values below appended to one list of numbers and words (no object per event); the others as
# their class, seat and a dict of values. Both are built into typed events (``events``) only when
# the log is read: tag -> (how many values follow the seat, the event they make).
FLAT: dict[str, tuple[int, Any]] = {
    "chose": (1, lambda s, card: Chose(seat=s, cards=[card])),
    "revealed": (1, lambda s, cards: Revealed(cards=[[c] for c in cards])),  # one card per seat
    "placed": (4, lambda s, card, row, rule, end: Placed(seat=s, card=card, row=row, rule=rule, end=end)),
    "placed_low": (3, lambda s, card, row, rule: Placed(seat=s, card=card, row=row, rule=rule)),
    "took": (4, lambda s, row, cards, h, why: Took(seat=s, row=row, cards=cards, heads=h, why=why)),
    "chose_row": (2, lambda s, row, card: ChoseRow(seat=s, row=row, card=card)),
}


def read_event(raw: list[Any], i: int) -> tuple[Event, int]:
    """The event recorded at ``raw[i]``, and where the next one starts."""
    tag = raw[i]
    if tag.__class__ is str:
        width, make = FLAT[tag]
        end = i + 2 + width
        return make(*raw[i + 1:end]), end
    return tag(seat=raw[i + 1], **raw[i + 2]), i + 3


__all__ = ["ANSWERS", "CHANCE", "FLAT", "read_event"]
