"""The events of a game: one frozen class per kind, each with its typed fields and message key.

The engine records every step of a match as one of these (``Game.log``); the fold
(``fold.Table``), the narrator (``narrate``), the replay (``log``) and the widgets dispatch on
the class, never on a kind's name. ``kind`` is the name a saved game uses (docs/log-format.md);
``key`` is the stable id of the event's words (``words.MESSAGES``; a translation is keyed by it).

A saved event is ``{"kind": …, "seat": …, <fields in the order declared>}``: ``seat`` only when the
event has one, a field with a default only when its value differs from it. ``to_json`` writes that,
``Event.from_json`` reads it, so a saved game stays byte for byte what it was before events were
typed. Field values are the log's own lists: read them, do not change them.

This module is the one place where a kind's name is compared: ``event_class(name)`` and
``classes(names)`` turn names (a notebook's ``skip=("chose",)``) into classes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import MISSING, dataclass, fields
from enum import StrEnum
from typing import Any, ClassVar, TypeVar, dataclass_transform

from sixnimmt_core.engine.errors import CorruptLog, Say
from sixnimmt_core.engine.rules import EndReason, why_ended
from sixnimmt_core.engine.table import RIGHT, Rule, Side


class Ask(StrEnum):
    """The names of the decisions the engine asks (``decisions.Decision.kind``); each answer event
    answers one of them. Code tells decisions apart by their class; a kind is the name a saved game
    and a message key use."""

    PLAY = "play"
    DRAFT = "draft"
    ORDER = "order"
    TAKE_ROW = "take_row"
    SPOT = "spot"
    SPLIT = "split"

    __hash__ = str.__hash__  # the engine looks up a handler per decision: at the string's C speed


# module-level names: reading Ask.X goes through the enum's class machinery on every use
PLAY, DRAFT, ORDER, TAKE_ROW, SPOT, SPLIT = Ask

_ALWAYS: Any = object()  # a field without a default: always saved
E = TypeVar("E", bound="Event")


@dataclass_transform(frozen_default=True, kw_only_default=True)
def define(cls: type[E]) -> type[E]:
    """Make an event class: a frozen dataclass with slots and keyword-only fields, noting which of
    its fields a saved event writes (every field after ``seat``, in order; one with a default only
    when its value differs). ``repr`` and ``==`` come from :class:`Event`, written once for every
    class (generating them for each costs import time, which the site pays in the browser)."""
    made = dataclass(frozen=True, slots=True, kw_only=True, repr=False, eq=False)(cls)
    made._saved = tuple((f.name, _ALWAYS if f.default is MISSING else f.default)
                        for f in fields(made) if f.name != "seat")
    made._seated = any(f.name == "seat" and f.default is MISSING for f in fields(made))
    return made


@define
class Event:
    """One step of the game; ``seat`` is the player it concerns (None: the table's event)."""

    kind: ClassVar[str] = "event"
    key: ClassVar[str] = "event"
    _saved: ClassVar[tuple[tuple[str, Any], ...]] = ()  # (field, default) after seat, in saved order
    _seated: ClassVar[bool] = False  # a seat's own event (``Seated``): its seat is always given
    _codes: ClassVar[dict[str, type[StrEnum]]] = {}  # the values that are codes, read from their text
    seat: int | None = None

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in ("seat", *(n for n, _ in self._saved)))
        return f"{type(self).__name__}({shown})"

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.seat == other.seat and all(
            getattr(self, name) == getattr(other, name) for name, _ in self._saved)

    __hash__ = None  # type: ignore[assignment]  # unhashable: its values are the log's lists (typeshed: a method)

    def to_json(self) -> dict[str, Any]:
        """The event as a saved game writes it (docs/log-format.md)."""
        out: dict[str, Any] = {"kind": self.kind}
        if self.seat is not None:
            out["seat"] = self.seat
        for name, default in self._saved:
            value = getattr(self, name)
            if default is _ALWAYS or value.__class__ is not default.__class__ or value != default:
                out[name] = value
        return out

    @property
    def data(self) -> dict[str, Any]:
        """The event's values as a saved game writes them, without ``kind`` and ``seat``."""
        out = self.to_json()
        del out["kind"]
        out.pop("seat", None)
        return out

    @staticmethod
    def from_json(obj: dict[str, Any]) -> Event:
        """The event a saved game's object records.

        :raises CorruptLog: an unknown kind, a value the kind does not have, or one it needs missing."""
        kind = obj.get("kind")
        cls = KINDS.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise CorruptLog(Say("saved_event.kind", kind=_shown(obj.get("kind"))), "log")
        values = {k: v for k, v in obj.items() if k != "kind"}
        extra = [k for k in values if k != "seat" and all(k != name for name, _ in cls._saved)]
        if extra:
            raise CorruptLog(Say("saved_event.extra", kind=cls.kind, names=", ".join(map(_shown, extra))), "log")
        missing = [name for name, default in cls._saved if default is _ALWAYS and name not in values]
        if cls._seated and values.get("seat") is None:
            missing.insert(0, "seat")
        if missing:
            raise CorruptLog(Say("saved_event.missing", kind=cls.kind, names=", ".join(missing)), "log")
        try:
            for name, code in cls._codes.items():
                if name in values:
                    values[name] = code(values[name])
            return cls(**values)
        except ValueError:  # a code that is none, or a value the class checks when made (a match's end)
            raise CorruptLog(Say("saved_event.value", kind=cls.kind), "log") from None


def _shown(x: Any) -> str:
    text = repr(x)
    return text if len(text) <= 40 else text[:39] + "…"


@define
class Seated(Event):
    """An event of one seat's own (its card, its take, its answer): its ``seat`` is always given."""

    seat: int


@define
class Answer(Seated):
    """An event that answers a decision (``asks``); the replay feeds ``answer()`` back to ``Game.act``."""

    asks: ClassVar[Ask | None] = None

    def answer(self) -> Any:
        raise NotImplementedError


# ---- chance: what the shuffle decided ----------------------------------------------------------------
@define
class Dealt(Event):
    """Each seat's cards and the starting rows; ``given`` when the deal was fixed, not shuffled."""

    kind: ClassVar[str] = "dealt"
    key: ClassVar[str] = "event.dealt"
    hands: list[list[int]]
    rows: list[list[int]]
    given: bool = False


# ---- consequences: what the rules did ------------------------------------------------------------------
@define
class HandStarted(Event):
    kind: ClassVar[str] = "hand_started"
    key: ClassVar[str] = "event.hand_started"
    hand: int


@define
class LaidOut(Event):
    """The deck laid face up for a draft (Logic, Tournament)."""

    kind: ClassVar[str] = "laid_out"
    key: ClassVar[str] = "event.laid_out"
    cards: list[int]


@define
class RowsStarted(Event):
    """The cards left over after a draft start the rows."""

    kind: ClassVar[str] = "rows_started"
    key: ClassVar[str] = "event.rows_started"
    rows: list[list[int]]


@define
class Sheets(Event):
    """Tournament: each seat plays the selection of ``holders[seat]``; the hands and rows of it."""

    kind: ClassVar[str] = "sheets"
    key: ClassVar[str] = "event.sheets"
    hand: int
    holders: list[int]
    hands: list[list[int]]
    rows: list[list[int]]


@define
class Revealed(Event):
    """Each seat's cards this turn, turned face up; ``refined`` when two each."""

    kind: ClassVar[str] = "revealed"
    key: ClassVar[str] = "event.revealed"
    cards: list[list[int]]
    refined: bool = False


@define
class Placed(Seated):
    """A card laid in a row by ``rule`` (table.py); ``end``: the card it went next to (none for a
    low card or one that fits nowhere); ``owners`` when twins were placed together."""

    kind: ClassVar[str] = "placed"
    key: ClassVar[str] = "event.placed"
    _codes: ClassVar[dict[str, type[StrEnum]]] = {"rule": Rule, "side": Side}
    card: int
    row: int
    rule: Rule
    end: int | None = None
    side: Side = RIGHT
    owners: list[int] | None = None

    @property
    def placed_by(self) -> list[int]:
        """The seats whose card this is (two for a stack of twins)."""
        return self.owners if self.owners else [self.seat]


@define
class Took(Seated):
    """A row taken (``why``: sixth, low, nowhere); ``shared``/``share`` when twins share the take
    (each scores ``share``); ``split`` when a split decision follows (Hand)."""

    kind: ClassVar[str] = "took"
    key: ClassVar[str] = "event.took"
    _codes: ClassVar[dict[str, type[StrEnum]]] = {"why": Rule}
    row: int
    cards: list[int]
    heads: int
    why: Rule  # SIXTH, LOW or NOWHERE
    shared: list[int] | None = None
    share: int | None = None
    split: bool = False


@define
class Passed(Seated):
    """Hand variant: a seat with no cards passes."""

    kind: ClassVar[str] = "passed"
    key: ClassVar[str] = "event.passed"


@define
class Marker(Seated):
    """Open: the start marker passes to ``seat``."""

    kind: ClassVar[str] = "marker"
    key: ClassVar[str] = "event.marker"


@define
class HandEnded(Event):
    """This hand's scores and the totals; ``hands_left``: cards left in hand (Hand), else None."""

    kind: ClassVar[str] = "hand_ended"
    key: ClassVar[str] = "event.hand_ended"
    hand: int
    scores: list[int]
    totals: list[int]
    hands_left: list[list[int]] | None  # saved even when None


@define
class MatchEnded(Event):
    """The totals, the winners and why the match ended: a code (``why``) and its numbers — the
    ``limit`` a total reached and the seats that ``reached`` it, or the ``hands`` played;
    ``by_selection[sheet][seat]`` (Tournament). A code read as its text becomes the code."""

    kind: ClassVar[str] = "match_ended"
    key: ClassVar[str] = "event.match_ended"
    totals: list[int]
    winners: list[int]
    why: EndReason
    limit: int | None = None
    hands: int | None = None
    reached: list[int] | None = None
    by_selection: list[list[int | None]] | None = None

    def __post_init__(self) -> None:
        why = EndReason(self.why)  # ValueError: not a reason (Event.from_json refuses it)
        if (self.hands if why == EndReason.HANDS else self.limit) is None:
            raise ValueError(why)  # its number is missing
        object.__setattr__(self, "why", why)

    def to_json(self) -> dict[str, Any]:
        out = Event.to_json(self)
        out["why"] = self.why.value  # the code as plain text, as a saved game holds it
        return out

    def says(self) -> Say:
        """Why the match ended, as a message ("a player has 66 or more", "1 hand played")."""
        return why_ended(self.why, self.hands if self.why == EndReason.HANDS else self.limit)


# ---- decisions: the answers the engine asked for ---------------------------------------------------------
@define
class Chose(Answer):
    """Cards laid for the turn: face down, or face up (``open``, Open)."""

    kind: ClassVar[str] = "chose"
    key: ClassVar[str] = "event.chose"
    asks: ClassVar[Ask] = PLAY
    cards: list[int]
    open: bool = False

    def answer(self) -> tuple[int, ...]:
        return tuple(self.cards)


@define
class Played(Answer):
    """Hand variant: one or two cards laid and placed at once, in this order."""

    kind: ClassVar[str] = "played"
    key: ClassVar[str] = "event.played"
    asks: ClassVar[Ask] = PLAY
    cards: list[int]

    def answer(self) -> tuple[int, ...]:
        return tuple(self.cards)


@define
class Drafted(Answer):
    kind: ClassVar[str] = "drafted"
    key: ClassVar[str] = "event.drafted"
    asks: ClassVar[Ask] = DRAFT
    card: int

    def answer(self) -> int:
        return self.card


@define
class Ordered(Answer):
    """Refined: the order in which a player places their two cards."""

    kind: ClassVar[str] = "ordered"
    key: ClassVar[str] = "event.ordered"
    asks: ClassVar[Ask] = ORDER
    first: int
    second: int

    def answer(self) -> tuple[int, int]:
        return (self.first, self.second)


@define
class ChoseRow(Answer):
    """The row a player takes for a card lower than every row end (or that fits nowhere)."""

    kind: ClassVar[str] = "chose_row"
    key: ClassVar[str] = "event.chose_row"
    asks: ClassVar[Ask] = TAKE_ROW
    row: int
    card: int

    def answer(self) -> int:
        return self.row


@define
class ChoseSpot(Answer):
    """Professional: the place a player chose among tied ones."""

    kind: ClassVar[str] = "chose_spot"
    key: ClassVar[str] = "event.chose_spot"
    asks: ClassVar[Ask] = SPOT
    _codes: ClassVar[dict[str, type[StrEnum]]] = {"side": Side}
    row: int
    side: Side
    card: int

    def answer(self) -> tuple[int, Side]:
        return (self.row, self.side)


@define
class Split(Answer):
    """Hand variant: which taken cards go to the hand, and which to the penalty pile."""

    kind: ClassVar[str] = "split"
    key: ClassVar[str] = "event.split"
    asks: ClassVar[Ask] = SPLIT
    to_hand: list[int]
    to_pile: list[int]

    def answer(self) -> tuple[int, ...]:
        return tuple(self.to_hand)


# Every kind a game records, in the order of docs/log-format.md.
EVENTS: tuple[type[Event], ...] = (
    Dealt, Chose, Played, Drafted, Ordered, ChoseRow, ChoseSpot, Split, HandStarted, LaidOut, RowsStarted,
    Sheets, Revealed, Placed, Took, Passed, Marker, HandEnded, MatchEnded,
)
KINDS: dict[str, type[Event]] = {cls.kind: cls for cls in EVENTS}


def event_class(name: str) -> type[Event]:
    """The class of the events a saved game calls ``name`` ("placed" → :class:`Placed`).

    :raises KeyError: no event has that name."""
    return KINDS[name]


def classes(kinds: Iterable[str | type[Event]]) -> tuple[type[Event], ...]:
    """Event classes, given as classes or by their names (``("chose",)`` → ``(Chose,)``), for
    ``isinstance``; a name no event has stands for nothing.
    """
    return tuple(k if isinstance(k, type) else KINDS[k] for k in kinds if isinstance(k, type) or k in KINDS)


__all__ = ["Event", "Seated", "Answer", "EVENTS", "KINDS", "event_class", "classes", "define",
           "Dealt", "HandStarted", "LaidOut", "RowsStarted", "Sheets", "Revealed", "Placed", "Took",
           "Passed", "Marker", "HandEnded", "MatchEnded",
           "Chose", "Played", "Drafted", "Ordered", "ChoseRow", "ChoseSpot", "Split"]
