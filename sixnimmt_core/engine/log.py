"""The event log as JSON, and replay: a saved game is its rules, seats and events (docs/log-format.md).

Replaying feeds the logged deals and answers back into a fresh engine and checks that it writes
the very same events, so a tampered or corrupt log is caught, never half-loaded.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any, cast

from sixnimmt_core.engine.errors import CorruptLog, Say, SixNimmtError
from sixnimmt_core.engine.events import KINDS, Answer, Dealt, Event, MatchEnded
from sixnimmt_core.engine.game import Game, default_names
from sixnimmt_core.engine.rules import EndReason, Rules, reaching

FORMAT = "sixnimmt-log"
VERSION = 2  # the version written; every version of READ is read
READ = (1, 2)


def saved_names(names: Sequence[str]) -> list[str | None]:
    """The seats' names as a saved game keeps them: None for a seat no one named (its default name)."""
    default = default_names(len(names))
    return [None if name == default[i] else name for i, name in enumerate(names)]


def to_json(game: Game) -> dict[str, Any]:
    """The whole game as JSON-ready data: codes and numbers, no words (a seat no one named: null)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": game.rules.to_json(),
        "players": game.players,
        "names": saved_names(game.names),
        "seed": game.seed,
        "events": [e.to_json() for e in game.log],
    }


def dumps(game: Game, indent: int | None = None) -> str:
    return json.dumps(to_json(game), indent=indent)


def answer_of(event: Event) -> Any:
    """The answer a decision event records, in the form ``Game.act`` takes.

    :raises KeyError: the event answers no decision (a placement, a take …)."""
    if not isinstance(event, Answer):
        raise KeyError(event.kind)
    return event.answer()


def _as_saved(obj: dict[str, Any]) -> dict[str, Any]:
    """A saved event as the replay must write it again (a null seat is the same as none)."""
    return {k: v for k, v in obj.items() if not (k == "seat" and v is None)}


# A saved game nests four deep (the log, its events, an event, a row); JSON's parser recurses once a
# level, and in the browser it overflows JavaScript's stack — killing Python for good — near 2,000
# levels, long before CPython would raise RecursionError. So the nesting is counted first.
MAX_DEPTH = 32


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether the JSON ``text`` nests arrays or objects deeper than ``limit`` (a linear scan;
    brackets inside strings do not count)."""
    depth, in_string, escaped = 0, False, False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def replay(data: dict[str, Any] | str, upto: int | None = None) -> Game:
    """Rebuild a game from its log (a JSON string or its parsed data), up to event ``upto``.

    :raises CorruptLog: not JSON (or nested too deep, or a number too long), not a saved game, or
        a log that does not replay to itself event by event."""
    data = _parsed(data) if isinstance(data, str) else data
    raw = _checked(data)
    if data["version"] == 1:
        raw = [_from_v1(i, e) for i, e in enumerate(raw)]
    game = _replayed(data, raw, upto)
    want = [_as_saved(e) for e in (raw[:upto] if upto is not None else raw)]
    got = [e.to_json() for e in game.log[: len(want)]]
    for i, (a, b) in enumerate(zip(want, got, strict=False)):
        if a != b:
            raise CorruptLog(Say("log.differs", event=i, saved=str(a), replayed=str(b)), "log")
    if len(got) < len(want) or (upto is None and len(game.log) != len(want)):
        raise CorruptLog(Say("log.length", count=len(want), saved=len(want), replayed=len(game.log)), "log")
    return game


def _parsed(text: str) -> Any:
    """The JSON of a saved game, or the refusal of what is not JSON a saved game can be."""
    if too_deep(text):
        raise CorruptLog(Say("log.deep"), "log")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CorruptLog(Say("log.json", why=exc.msg, line=exc.lineno, column=exc.colno, char=exc.pos),
                         "log") from None
    except ValueError:  # a number of thousands of digits
        raise CorruptLog(Say("log.number"), "log") from None
    except RecursionError:
        raise CorruptLog(Say("log.deep"), "log") from None


def _checked(data: Any) -> list[Any]:
    """The saved events, once the file is known to be a saved game of this format and version."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CorruptLog(Say("log.format", format=repr(FORMAT)), "log")
    version = data.get("version")
    if version not in READ:
        raise CorruptLog(Say("log.version", version=repr(version), expected=VERSION), "log")
    raw = data.get("events")
    if not isinstance(raw, list) or not all(isinstance(e, dict) and isinstance(e.get("kind"), str) for e in raw):
        raise CorruptLog(Say("log.events"), "log")
    names, seed = data.get("names"), data.get("seed")
    unnamed = version != 1  # version 1 wrote "Player A" for a seat no one named; version 2 null
    if names is not None and not (isinstance(names, list)
                                  and all(isinstance(n, str) or (unnamed and n is None) for n in names)):
        raise CorruptLog(Say("log.names"), "log")
    if seed is not None and not (isinstance(seed, int) and not isinstance(seed, bool) and abs(seed) < 2**64):
        raise CorruptLog(Say("log.seed"), "log")
    return raw


def _replayed(data: dict[str, Any], raw: list[Any], upto: int | None) -> Game:
    """The engine run again on the saved deals and answers; anything it refuses is a corrupt log."""
    try:
        events = [_read(i, e) for i, e in enumerate(raw)]
        rules = Rules.from_json(data.get("rules"))
        chance = [e for e in events if isinstance(e, Dealt)]
        players = cast(int, data.get("players"))  # any JSON: the game refuses what is not a player count
        game = Game(rules, players, names=data.get("names"), seed=data.get("seed"), _chance=chance)
        for i, e in enumerate(events[:upto] if upto is not None else events):
            if isinstance(e, Answer):
                if i != len(game.log):
                    raise CorruptLog(Say("log.out_of_place", event=i, kind=e.kind, expected=_expected(game, i)), "log")
                game.act(e.seat, e.answer())
    except CorruptLog:
        raise
    except SixNimmtError as exc:
        raise CorruptLog(Say("log.no_replay", why=exc), exc.rule or "log") from None
    except (LookupError, TypeError, ValueError, AttributeError, RecursionError) as exc:
        shown = repr(exc) if len(repr(exc)) <= 200 else repr(exc)[:197] + "…"
        raise CorruptLog(Say("log.malformed", why=shown), "log") from None
    return game


def _read(i: int, obj: dict[str, Any]) -> Event:
    try:
        return Event.from_json(obj)
    except CorruptLog as exc:
        raise CorruptLog(Say("log.event", event=i, why=exc), "log") from None


def _expected(game: Game, i: int) -> str | Say:
    return game.log[i].kind if i < len(game.log) else Say("log.a_decision")


# ---- version 1 ------------------------------------------------------------------------------------------
# Version 1 differs from version 2 in two things: a seat no one named was saved as "Player A" (the
# engine's default name, which version 2 reads as it is), and a match's end said why in an English
# sentence instead of a code and its numbers. These are that sentence's only forms (the texts version 1
# was written with, never shown: the words shown come from the catalogues); ``{}`` is the number.
V1_WHY = {EndReason.LIMIT: "a player has {} or more", EndReason.EXCEEDS: "a player has more than {}"}
V1_HANDS = ("{} hand played", "{} hands played")  # one hand; any other number


def v1_why(why: EndReason, number: int) -> str:
    """The sentence version 1 wrote for a match ended by ``why`` and its number."""
    if why == EndReason.HANDS:
        return V1_HANDS[number != 1].format(number)
    return V1_WHY[why].format(number)


def _from_v1(i: int, obj: dict[str, Any]) -> dict[str, Any]:
    """A saved event of version 1 as version 2 writes it: a match's end with its sentence read back
    into the code and its numbers (the seats that reached the limit from the saved totals); every
    other event is the same in both.

    :raises CorruptLog: a match's end whose why is not a sentence version 1 wrote, word for word."""
    if KINDS.get(obj["kind"]) is not MatchEnded or not isinstance(obj.get("why"), str):
        return obj
    said = obj["why"]
    found = re.fullmatch(r"[^0-9]*([0-9]{1,4})[^0-9]*", said)
    number = int(found.group(1)) if found else 0
    why = next((w for w in EndReason if v1_why(w, number) == said), None)
    if why is None:
        raise CorruptLog(Say("log.event", event=i, why=Say("saved_event.value", kind=MatchEnded.kind)), "log")
    out = {k: v for k, v in obj.items() if k not in ("why", "by_selection")}
    out["why"] = why.value
    if why == EndReason.HANDS:
        out["hands"] = number
    else:
        out["limit"] = number
        totals = obj.get("totals")
        if isinstance(totals, list) and all(isinstance(t, int) for t in totals):
            out["reached"] = reaching(totals, number, exceeds=why == EndReason.EXCEEDS)
    if "by_selection" in obj:
        out["by_selection"] = obj["by_selection"]
    return out
