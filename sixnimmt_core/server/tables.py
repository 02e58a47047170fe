"""A class table: its lobby, its seats and tokens, its game, and what each seat is told.

No network and no storage here (``app`` and ``store`` do those): a table takes a pupil's join or
answer, and says what changed. Every message for a seat is built from that seat's information
state (``engine.information``); the server is the authority and a client sends only its answers.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from sixnimmt_core.engine.errors import SixNimmtError
from sixnimmt_core.engine.game import Game, default_names
from sixnimmt_core.engine.information import information
from sixnimmt_core.engine.log import to_json
from sixnimmt_core.engine.rules import MAX_PLAYERS, MIN_PLAYERS, VARIANTS, Rules
from sixnimmt_core.players.bots import BOTS, make_bot, seat_seed
from sixnimmt_core.server.story import Story
from sixnimmt_core.teaching.narrator import Narrator

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no I, O, 0, 1: nothing to mistake when typed
CODE_LENGTH = 5  # 32⁵ ≈ 33 million codes; a code only finds a table, the tokens give a seat
MAX_NAME = 24  # letters of a pupil's name
BOT_KINDS = ("random", "cautious", "expert")


class Stage(StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    ENDED = "ended"


class TableError(Exception):
    """A request the table refuses: ``code`` names it (the catalogue ``tables`` says it, ``error.<code>``)."""

    def __init__(self, code: str, **values: Any) -> None:
        super().__init__(code)
        self.code = code
        self.values = values


def new_code(rng: random.Random | None = None) -> str:
    pick = (rng or random.SystemRandom()).choice
    return "".join(pick(CODE_LETTERS) for _ in range(CODE_LENGTH))


def normal_code(text: Any) -> str:
    """A typed code as stored: upper case, spaces and dashes left out (``ab-c de`` → ``ABCDE``)."""
    if not isinstance(text, str):
        raise TableError("no_table")
    return "".join(ch for ch in text.upper() if ch not in " -")


def new_token() -> str:
    return secrets.token_urlsafe(24)


def clean_name(name: object) -> str:
    """A pupil's name as kept: trimmed, one line, at most MAX_NAME letters (shown as text, never markup)."""
    if not isinstance(name, str) or not name.strip():
        raise TableError("bad_name", most=MAX_NAME)
    name = " ".join(name.split())
    if len(name) > MAX_NAME or any(not ch.isprintable() for ch in name):
        raise TableError("bad_name", most=MAX_NAME)
    return name


@dataclass
class Seat:
    name: str | None = None  # a pupil's name; None while the seat is free (or a bot's)
    token: str | None = None
    bot: str | None = None  # the bot playing it: from the start (an empty seat) or handed over


@dataclass
class Table:
    code: str
    variant: str
    players: int
    seed: int
    teacher: str
    coach: bool = False
    bots: str = "cautious"  # the bot that takes the seats no pupil took
    timer: int | None = None  # seconds a seat may think before its bot answers for it once
    stage: Stage = Stage.LOBBY
    seats: list[Seat] = field(default_factory=list)
    game: Game | None = None
    answers: list[tuple[int, Any]] = field(default_factory=list)  # every accepted answer, as journaled
    stories: dict[str, Story] = field(default_factory=dict, repr=False)  # by language

    @classmethod
    def create(cls, code: str, variant: Any, players: Any, bots: Any = "cautious", coach: Any = False,
               seed: int | None = None) -> Table:
        """A new table in its lobby. :raises TableError: a variant, seat count or bot it cannot have."""
        if not isinstance(variant, str) or variant not in VARIANTS:
            raise TableError("bad_variant", variants=", ".join(VARIANTS))
        rules = VARIANTS[variant]
        most = min(MAX_PLAYERS, rules.max_players or MAX_PLAYERS)
        if not isinstance(players, int) or isinstance(players, bool) or not MIN_PLAYERS <= players <= most:
            raise TableError("bad_seats", least=MIN_PLAYERS, most=most)
        try:
            rules.check(players)
        except SixNimmtError:
            raise TableError("bad_seats", least=MIN_PLAYERS, most=most) from None
        if bots not in BOT_KINDS:
            raise TableError("bad_bot", bots=", ".join(BOT_KINDS))
        return cls(code=code, variant=variant, players=players, teacher=new_token(), bots=bots,
                   coach=bool(coach), seed=seed if seed is not None else secrets.randbelow(2**62),
                   seats=[Seat() for _ in range(players)])

    @property
    def rules(self) -> Rules:
        return VARIANTS[self.variant]

    # ---- the lobby ------------------------------------------------------------------------------
    def join(self, name: Any) -> tuple[int, str]:
        """Seat a pupil in the first free seat: (seat, token). :raises TableError: started, ended, full."""
        if self.stage is Stage.ENDED:
            raise TableError("table_ended")
        if self.stage is Stage.PLAYING:
            raise TableError("table_started")
        name = clean_name(name)
        for i, s in enumerate(self.seats):
            if s.token is None and s.bot is None:
                s.name, s.token = name, new_token()
                return i, s.token
        raise TableError("table_full", seats=self.players)

    def seat_of(self, token: Any) -> int | None:
        """The seat a token holds; None for the teacher's token. :raises TableError: no such token here."""
        if isinstance(token, str) and token:
            if secrets.compare_digest(token, self.teacher):
                return None
            for i, s in enumerate(self.seats):
                if s.token is not None and secrets.compare_digest(token, s.token):
                    return i
        raise TableError("bad_token")

    def is_teacher(self, token: Any) -> bool:
        return isinstance(token, str) and secrets.compare_digest(token, self.teacher)

    def names(self) -> list[str]:
        """The names the game is played with: a pupil's, else the seat's default name."""
        default = default_names(self.players)
        return [s.name or default[i] for i, s in enumerate(self.seats)]

    def start(self) -> None:
        """Start the game now; a bot takes every seat no pupil took. :raises TableError: not in the lobby."""
        if self.stage is not Stage.LOBBY:
            raise TableError("table_started" if self.stage is Stage.PLAYING else "table_ended")
        for s in self.seats:
            if s.token is None:
                s.bot = s.bot or self.bots
        self.stage = Stage.PLAYING
        self.game = Game(self.rules, self.players, seed=self.seed, names=self.names())

    def hand_to_bot(self, seat: Any) -> None:
        """The teacher gives a seat that went quiet to the table's bot (the pupil may not take it back)."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise TableError("bad_seat", last=self.players)
        self.seats[seat].bot = self.seats[seat].bot or self.bots

    def end(self) -> None:
        self.stage = Stage.ENDED

    # ---- play -------------------------------------------------------------------------------
    def check_answer(self, seat: int | None, answer: Any) -> Game:
        """The game, if ``seat`` may answer now (the engine still judges the answer itself)."""
        if self.stage is Stage.LOBBY or self.game is None:
            raise TableError("not_started")
        if self.stage is Stage.ENDED:
            raise TableError("table_ended")
        if seat is None:
            raise TableError("not_seated")
        if self.seats[seat].bot is not None:
            raise TableError("seat_is_bot")
        return self.game

    def apply(self, seat: int | None, answer: Any) -> int:
        """A pupil's answer for ``seat``, judged by the engine; the caller journals it (for the seat
        returned), then tells the seats. :raises TableError, SixNimmtError: refused, and nothing changed."""
        self.check_answer(seat, answer)
        assert seat is not None
        self.act(seat, answer)
        return seat

    def act(self, seat: int, answer: Any) -> None:
        """Any answer (a pupil's or a bot's, or one read back from the journal) played and kept."""
        assert self.game is not None
        self.game.act(seat, answer)
        self.answers.append((seat, answer))
        if self.game.over:
            self.stage = Stage.ENDED

    def bot_answers(self, also: int | None = None) -> list[tuple[int, Any]]:
        """The answers the bots give now, one decision at a time (each to be journaled and applied);
        ``also``: a seat whose timer ran out, answered once by its bot."""
        game = self.game
        if game is None or game.over:
            return []
        for d in game.pending:
            seat = d.seat
            kind = self.seats[seat].bot or (self.bots if seat == also else None)
            if kind is not None:
                bot = make_bot(kind, seat_seed(self.seed + len(self.answers), seat))
                return [(seat, as_json(bot.decide(d, game.view(seat))))]
        return []

    # ---- what each one is told ---------------------------------------------------------------
    def lobby(self) -> dict[str, Any]:
        """The lobby everyone may see: names, bots, the stage (never a token)."""
        return {"code": self.code, "variant": self.variant, "players": self.players, "coach": self.coach,
                "stage": str(self.stage), "timer": self.timer,
                "seats": [{"seat": i, "name": s.name, "bot": s.bot, "taken": s.token is not None}
                          for i, s in enumerate(self.seats)]}

    def story(self, narrator: Narrator) -> Story:
        """The story told by ``narrator`` (in its language): one a language, kept, for every reader."""
        assert self.game is not None
        if narrator.lang not in self.stories:
            self.stories[narrator.lang] = Story(self.game, narrator)
        return self.stories[narrator.lang]

    def narrator(self) -> Narrator:
        """The narrator of this table's game in English (a connection's own speaks its language)."""
        assert self.game is not None
        return Narrator(self.rules, self.players, list(self.game.names))

    def view(self, seat: int | None, since: int = 0, narrator: Narrator | None = None) -> dict[str, Any]:
        """What ``seat`` (None: the projector or the teacher) is told: the lobby, its information state,
        and the events from ``since`` on, each as this seat may see it, with the narrator's sentence
        for it (``said``: the app's story, told from what this seat saw, in the narrator's language)."""
        out: dict[str, Any] = {"type": "state", "table": self.lobby(), "seat": seat}
        game = self.game
        if game is None:
            out.update(info=None, events=[], count=0)
            return out
        story = self.story(narrator or self.narrator())
        out.update(info=information(game, seat).to_json(), count=len(game.log),
                   events=story.told(game.log, seat, max(0, since)))
        return out

    def saved_game(self) -> dict[str, Any] | None:
        return to_json(self.game) if self.game is not None else None


def as_json(answer: Any) -> Any:
    """A bot's answer as the journal keeps it: cards and orders as lists, a tied place as [row, side]."""
    if hasattr(answer, "row") and hasattr(answer, "side"):
        return [answer.row, str(answer.side)]
    if isinstance(answer, tuple):
        return [as_json(a) for a in answer]
    return answer


__all__ = ["Table", "Seat", "Stage", "TableError", "new_code", "normal_code", "new_token", "clean_name",
           "BOT_KINDS", "BOTS", "CODE_LETTERS", "CODE_LENGTH", "MAX_NAME", "as_json"]
