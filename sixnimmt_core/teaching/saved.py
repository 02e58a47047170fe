"""Saved games and replay with hindsight: a game's log as a file (the engine's JSON log,
docs/log-format.md), read back through the engine's own replay, and at each of a seat's decisions
what the Coach (``bots.coach_advice``: Play's own Coach, the same settings) would have chosen and what it
expected.

Pure: no widgets. A file that is not a saved game is refused with ``CorruptLog``, in words of every
language (the ``refusals`` catalogue for the log's own checks, ``teacher`` for the file's).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sixnimmt_core.engine import log
from sixnimmt_core.engine.decisions import (
    Decision,
    DraftDecision,
    OrderDecision,
    PlayDecision,
    SplitDecision,
    SpotDecision,
    TakeRowDecision,
)
from sixnimmt_core.engine.errors import CorruptLog, Say
from sixnimmt_core.engine.events import Answer, HandEnded, HandStarted, Played, Took
from sixnimmt_core.engine.fold import Table
from sixnimmt_core.engine.game import Game
from sixnimmt_core.engine.table import LEFT
from sixnimmt_core.players.bots import COACH_BUDGET, COACH_SAMPLES, Estimate, coach_advice
from sixnimmt_core.words import decimal, heads_words, join, text

DOMAIN = "teacher"  # sixnimmt_core/locale/<lang>/LC_MESSAGES/teacher.po
MAX_BYTES = 1 << 20  # a saved game is a few kilobytes; a file of more than a megabyte is not one
SAMPLES = COACH_SAMPLES  # the Coach as the Play table runs it (widgets/play.py, bots.coach_advice)
SAME = 1e-9  # two estimates this close are the same cost



# ---- saving and loading ----------------------------------------------------------------------------
def file_name(game: Game) -> str:
    """The saved game's file name: the variant and the number of players ('6nimmt-base-4p.json')."""
    return f"6nimmt-{game.rules.name or 'game'}-{game.players}p.json"


def save(game: Game) -> bytes:
    """The game's log as the bytes of a file (UTF-8 JSON, one event a line)."""
    data = log.to_json(game)
    events = ",\n".join(json.dumps(e, ensure_ascii=False) for e in data.pop("events"))
    head = json.dumps(data, ensure_ascii=False)[:-1]
    return f'{head}, "events": [\n{events}\n]}}\n'.encode()


def load(data: bytes | str) -> Game:
    """The game a saved file holds, replayed by the engine and checked event by event.

    :raises CorruptLog: more than ``MAX_BYTES``, not UTF-8 text, or not a log that replays to
        itself (``log.replay``: not JSON, another format, a tampered event …)."""
    if isinstance(data, (bytes, bytearray, memoryview)):
        raw = bytes(data)
        if len(raw) > MAX_BYTES:
            raise CorruptLog(Say("saved.too_big", domain=DOMAIN, size=len(raw), limit=MAX_BYTES), "log")
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise CorruptLog(Say("saved.not_text", domain=DOMAIN, at=exc.start), "log") from None
    elif isinstance(data, str):
        text = data
        if len(text) > MAX_BYTES:
            raise CorruptLog(Say("saved.too_big", domain=DOMAIN, size=len(text), limit=MAX_BYTES), "log")
    else:
        raise CorruptLog(Say("saved.not_text", domain=DOMAIN, at=0), "log")
    return log.replay(text)


# A refusal as a learner reads it (``plain_refusal``): the engine's keys, each to one short sentence of
# the ``teacher`` catalogue that never quotes the file back nor names a format, an event or a section.
NOT_A_GAME = ("saved.not_text", "log.json", "log.number", "log.deep", "log.format", "log.events", "log.names",
              "log.seed", "log.event", "log.malformed", "saved_event.kind", "saved_event.extra",
              "saved_event.missing", "saved_event.value")
CHANGED = ("log.differs", "log.length", "log.out_of_place")
# A move the engine refused while replaying the file: the rule it breaks, by its name.
BROKEN_RULE = {"play.not_held": "hand", "play.not_cards": "hand", "play.count": "count", "take_row.not_row": "low",
               "tie.not_tied": "tie", "order.not_order": "order", "split.not_cards": "split",
               "split.not_taken": "split", "split.room": "split", "draft.not_there": "draft",
               "turn.not_asked": "turn", "turn.over": "turn", "turn.no_seat": "turn"}


def plain_refusal(error: BaseException, lang: str = "en", *, command: bool = False) -> str:
    """Why a file was not opened, in one short sentence of ``lang`` a learner understands: not a
    saved game, too big, from another version, changed after it was saved — naming the rule a move
    breaks when the engine refused one. The exception keeps the engine's own words (``str(error)``);
    this is what a page shows and what the command line prints (``command``: the command's own
    refusals of a file — none, a folder, unreadable, nothing on standard input — and no button named).
    """
    key = getattr(error, "key", "")
    values = getattr(error, "values", {})
    if key == "file.unreadable":
        kind = "missing" if values.get("missing") else "folder" if values.get("folder") else "unreadable"
        return text(f"plain.file.{kind}", lang, domain=DOMAIN, file=values.get("file", ""))
    if key == "file.no_stdin":
        return text("plain.no_stdin", lang, domain=DOMAIN)
    if key in ("saved.too_big", "file.too_big"):
        return text("plain.too_big", lang, domain=DOMAIN)
    if key == "log.version":
        return text("plain.version", lang, domain=DOMAIN)
    if key in CHANGED:
        return text("plain.changed", lang, domain=DOMAIN)
    if key == "log.no_replay":
        inner = values.get("why")
        rule = BROKEN_RULE.get(getattr(inner, "key", ""))
        if rule is not None:
            return text("plain.breaks", lang, domain=DOMAIN, rule=text(f"plain.rule.{rule}", lang, domain=DOMAIN))
        return text("plain.changed", lang, domain=DOMAIN)
    return text("plain.not_a_game.command" if command else "plain.not_a_game", lang, domain=DOMAIN)


# ---- hindsight ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Moment:
    """One decision of a seat seen with hindsight: what was answered, the heads that seat took in
    that turn, the Coach's cheapest answer and its estimate of the answer given (None when the
    Coach did not weigh that answer: a pair of cards it left out)."""

    index: int  # the decision's event in the log
    seat: int
    asked: type[Decision]  # PlayDecision, TakeRowDecision, …
    hand: int
    turn: int
    answer: Any
    took: int
    best: Estimate
    mine: Estimate | None

    @property
    def agrees(self) -> bool:
        """Whether the answer given was as cheap as the Coach's own choice."""
        return self.mine is not None and self.mine.expected <= self.best.expected + SAME

    def words(self, lang: str = "en") -> str:
        """'Hand 1, turn 3: you played 55. This turn you took 7 heads. The Coach would have played 34,
        expected to cost ≈1.0. Your choice was expected to cost ≈4.2.'"""
        when = text("hindsight.when", lang, domain=DOMAIN, hand=self.hand, turn=self.turn)
        kind = self.asked.kind.value  # as the hindsight messages' keys write it
        parts = [text(f"hindsight.you.{kind}", lang, domain=DOMAIN, when=when, **answer_values(self.asked, self.answer, lang))]
        parts.append(text("hindsight.took", lang, domain=DOMAIN, heads=heads_words(self.took, lang)) if self.took
                     else text("hindsight.took.none", lang, domain=DOMAIN))
        if self.agrees:
            parts.append(text("hindsight.agree", lang, domain=DOMAIN, cost=decimal(self.best.expected, lang)))
        else:
            parts.append(text(f"hindsight.coach.{kind}", lang, domain=DOMAIN, cost=decimal(self.best.expected, lang), **answer_values(self.asked, self.best.action, lang)))
            if self.mine is not None:
                parts.append(text("hindsight.yours", lang, domain=DOMAIN, cost=decimal(self.mine.expected, lang)))
        return " ".join(parts)


def answer_values(asked: type[Decision], answer: Any, lang: str = "en") -> dict[str, Any]:
    """The values the words of an answer to an ``asked`` decision take: cards, row (counted from 1),
    side, first/second."""
    if issubclass(asked, PlayDecision):
        cards = list(answer) if isinstance(answer, (tuple, list)) else [answer]
        return {"cards": join(cards, lang)}
    if issubclass(asked, TakeRowDecision):
        return {"row": answer + 1}
    if issubclass(asked, SpotDecision):
        side = text("hindsight.left" if answer.side == LEFT else "hindsight.right", lang, domain=DOMAIN)
        return {"row": answer.row + 1, "side": side}
    if issubclass(asked, OrderDecision):
        return {"first": answer[0], "second": answer[1]}
    if issubclass(asked, DraftDecision):
        return {"card": answer}
    # a split: the taken cards going back to the hand
    return {"cards": join(list(answer), lang) if answer else text("hindsight.no_card", lang, domain=DOMAIN)}


def turns(events: list[Any], players: int) -> list[int]:
    """For each event, the number of the turn it belongs to (counted over the whole game): a new
    turn starts with a hand, with the first card laid of a turn (``Table.starts_turn``), and in the
    Hand variant with each card played."""
    table = Table(players)
    out, n = [], 0
    for e in events:
        if isinstance(e, (HandStarted, Played)) or table.starts_turn(e):
            n += 1
        out.append(n)
        table.apply(e)
        if isinstance(e, HandEnded):
            n += 1
    return out


def heads_taken(events: list[Any], seat: int) -> int:
    """The heads ``seat`` scored from these ``took`` events (a shared take scores its share)."""
    total = 0
    for e in events:
        if isinstance(e, Took):
            if e.shared:
                total += e.share if seat in e.shared else 0
            elif e.seat == seat:
                total += e.heads
    return total


class Hindsight:
    """The decisions of ``seat`` in a finished (or any) game, each weighed by the Coach when asked
    (``at(index)``, cached: a long match is not evaluated all at once).

    The Coach is Play's own (``bots.coach_advice``), with Play's deals and time budget: its deals are
    seeded by the game's seed and the decision's place in the log, as Play seeds them, so with the same
    deals (``budget=None``) hindsight gives exactly the advice Play gave. ``seed`` (None: the game's)
    samples other deals; ``budget`` (seconds) bounds each evaluation (None: ``samples`` deals, the same
    on every machine).
    """

    def __init__(self, game: Game | dict[str, Any] | str, seat: int = 0, *, seed: int | None = None,
                 samples: int = SAMPLES, budget: float | None = COACH_BUDGET) -> None:
        self.game = game if isinstance(game, Game) else log.replay(game)
        if not (isinstance(seat, int) and 0 <= seat < self.game.players):
            raise CorruptLog(Say("saved.no_seat", domain=DOMAIN, seat=seat, players=self.game.players), "seat")
        self.seat = seat
        self.seed, self.samples, self.budget = seed, samples, budget
        self.data = log.to_json(self.game)
        events = self.game.log
        self.turn_of = turns(events, self.game.players)
        self.decisions = [i for i, e in enumerate(events) if isinstance(e, Answer) and e.seat == seat]
        self._cache: dict[int, Moment | None] = {}

    def at(self, index: int) -> Moment | None:
        """The moment of the decision at event ``index``: None when that event is no decision of
        this seat, or a decision with one possible answer (nothing to weigh)."""
        if index not in self._cache:
            self._cache[index] = self._weigh(index) if index in self.decisions else None
        return self._cache[index]

    def moments(self) -> list[Moment]:
        """Every decision of the seat that had a choice, in order (evaluates them all)."""
        return [m for m in (self.at(i) for i in self.decisions) if m is not None]

    def _weigh(self, index: int) -> Moment | None:
        before = log.replay(self.data, upto=index)
        d = next(d for d in before.pending if d.seat == self.seat)
        event = self.game.log[index]
        if len(d.options) < 2 and not (isinstance(d, SplitDecision) and d.options):
            return None
        if self.seed is not None:  # another seed than the game's: the same Coach, other deals
            before.seed = self.seed
        estimates = coach_advice(before, d, self.samples, self.budget)
        answer = event.answer()
        mine = next((e for e in estimates if _same(d, e.action, answer)), None)
        turn = self.turn_of[index]
        took = heads_taken([e for j, e in enumerate(self.game.log) if j >= index and self.turn_of[j] == turn],
                           self.seat)
        return Moment(index, self.seat, type(d), before.hand_no, before.turn, answer, took, estimates[0], mine)


def _same(d: Decision, a: Any, b: Any) -> bool:
    """Whether two answers to ``d`` are the same (a single card and a one-card tuple are; a split keeps a set)."""
    if isinstance(d, PlayDecision):
        a = tuple(a) if isinstance(a, (tuple, list)) else (a,)
        b = tuple(b) if isinstance(b, (tuple, list)) else (b,)
        return a == b
    if isinstance(d, SplitDecision):
        return sorted(a) == sorted(b)
    return a == b
