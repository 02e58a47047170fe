"""The class tables from the command line: make a table, play a seat (a bot or a person at the
terminal), read a table's saved game. ``sixnimmt table new|join|log`` (cli.py) calls these.

A seat plays from what the server tells it and nothing more: its information state. It keeps its
token and reconnects by itself when the server goes away and comes back.
"""

from __future__ import annotations

import json
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any
from urllib.parse import quote, urlsplit, urlunsplit

from sixnimmt_core.engine.decisions import Decision, SpotDecision
from sixnimmt_core.engine.information import Information, decision_from_json
from sixnimmt_core.engine.rules import VARIANTS, Rules
from sixnimmt_core.players.bots import TABLE_BOTS
from sixnimmt_core.words import text

DOMAIN = "tables"
RECONNECT_FOR = 120.0  # seconds a seat keeps trying to reach a server that went away


class ClientError(Exception):
    """The server refused a request, or could not be reached: ``words`` says why, in the reader's language."""

    def __init__(self, words: str, code: str = "") -> None:
        super().__init__(words)
        self.words, self.code = words, code


def _request(url: str, data: dict[str, Any] | None = None, headers: dict[str, str] | None = None) -> dict[str, Any]:
    """The server's JSON answer (an object: a table made, a saved game)."""
    body = json.dumps(data).encode() if data is not None else None
    req = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            answer: dict[str, Any] = json.loads(resp.read())
            return answer
    except urllib.error.HTTPError as exc:
        try:
            said = json.loads(exc.read())
        except ValueError:
            raise ClientError(str(exc)) from None
        raise ClientError(said.get("words", str(exc)), said.get("code", "")) from None
    except (urllib.error.URLError, OSError) as exc:
        raise ClientError(str(getattr(exc, "reason", exc))) from None


@dataclass
class Tables:
    """The class server's HTTP side, its refusals said in ``lang``."""

    server: str
    lang: str = "en"

    def new(self, variant: str, seats: int, bots: str = "cautious", coach: bool = False) -> dict[str, Any]:
        """A new table: its ``code``, the ``teacher``'s token, the pupils' ``link``."""
        return _request(f"{self.server.rstrip('/')}/class/api/tables?lang={self.lang}",
                        {"variant": variant, "seats": seats, "bots": bots, "coach": coach})

    def log(self, code: str, teacher: str | None = None) -> dict[str, Any]:
        """The table's saved game (the teacher's token, or anyone once the table has ended)."""
        headers = {"X-Teacher-Token": teacher} if teacher else {}
        return _request(f"{self.server.rstrip('/')}/class/api/tables/{quote(code)}/log?lang={self.lang}",
                        headers=headers)


def socket_url(server: str) -> str:
    parts = urlsplit(server)
    scheme = "wss" if parts.scheme == "https" else "ws"
    return urlunsplit((scheme, parts.netloc, "/class/ws", "", ""))


Answerer = Callable[[Decision, dict[str, Any], Rules], Any]


def bot_answerer(kind: str, seed: int | None = None) -> Answerer:
    """A bot that plays a seat from the information state the server sent it, read back into the engine's
    own value (``Information.from_json``): every bot decides from that alone, the expert's search too."""
    bot = TABLE_BOTS[kind](seed)

    def answer(d: Decision, info: dict[str, Any], rules: Rules) -> Any:
        chosen = bot.decide(d, Information.from_json(info))
        if hasattr(chosen, "side"):
            return [chosen.row, str(chosen.side)]
        return list(chosen) if isinstance(chosen, tuple) else chosen

    return answer


@dataclass
class Person:
    """A person at the terminal: the table shown, the question asked in ``lang``, the answer typed."""

    lang: str = "en"
    read: Callable[[], str] = sys.stdin.readline
    out: IO[str] = field(default_factory=lambda: sys.stdout)

    def tell(self, events: list[dict[str, Any]]) -> None:
        """The story of what happened since last told: the narrator's sentences the server sent."""
        for e in events:
            if e.get("said"):
                print(e["said"], file=self.out, flush=True)

    def __call__(self, d: Decision, info: dict[str, Any], rules: Rules) -> Any:
        rows = "  ".join(" ".join(map(str, r)) for r in info["rows"])
        print(text("cli.rows", self.lang, domain=DOMAIN, rows=rows), file=self.out)
        print(text("cli.hand", self.lang, domain=DOMAIN, cards=" ".join(map(str, info["hand"]))), file=self.out)
        print(d.describe(self.lang), file=self.out, flush=True)
        line = self.read()
        if not line:
            raise EOFError
        words = line.replace(",", " ").split()
        numbers = [int(w) if w.lstrip("-").isdigit() else w for w in words]
        if isinstance(d, SpotDecision) and len(numbers) == 2:
            return [numbers[0], numbers[1]]
        return numbers[0] if len(numbers) == 1 else numbers


class Seat:
    """One seat at a table of ``tables``' server, played over the WebSocket until the table ends (in
    ``tables``' language); every message written to ``trace``."""

    def __init__(self, tables: Tables, code: str, name: str, answerer: Answerer, trace: Path | None = None,
                 err: IO[str] = sys.stderr, pace: float = 0.0) -> None:
        self.url, self.code, self.name, self.answerer = socket_url(tables.server), code, name, answerer
        self.lang = tables.lang
        self.trace = trace.open("w", encoding="utf-8") if trace else None
        self.err, self.pace = err, pace
        self.token: str | None = None
        self.seat: int | None = None
        self.told = 0
        self.answered: dict[str, Any] | None = None  # the decision last answered: not answered twice
        self._last: dict[str, Any] = {}  # the last state told

    def _log(self, direction: str, msg: Any) -> None:
        if self.trace:
            self.trace.write(json.dumps({"dir": direction, "msg": msg, "t": time.time()}) + "\n")
            self.trace.flush()

    def _send(self, ws: Any, msg: dict[str, Any]) -> None:
        self._log("out", msg)
        ws.send(json.dumps(msg))

    def play(self) -> int:
        """Play to the table's end: 0; 1 when the server refused the seat or stayed away too long."""
        from websockets.exceptions import ConnectionClosed
        from websockets.sync.client import connect

        away_since: float | None = None
        while True:
            try:
                with connect(self.url, open_timeout=5, max_size=2**24) as ws:
                    away_since = None
                    if self.token is None:
                        self._send(ws, {"type": "join", "code": self.code, "name": self.name, "lang": self.lang})
                    else:
                        self._send(ws, {"type": "hello", "code": self.code, "token": self.token,
                                        "since": self.told, "lang": self.lang})
                    done = self._listen(ws)
                    if done is not None:
                        return done
            except (ConnectionClosed, OSError, TimeoutError):
                away_since = away_since or time.monotonic()
                if time.monotonic() - away_since > RECONNECT_FOR:
                    print(text("cli.gone", self.lang, domain=DOMAIN), file=self.err)
                    return 1
                time.sleep(0.3)

    def _listen(self, ws: Any) -> int | None:
        for raw in ws:
            msg = json.loads(raw)
            self._log("in", msg)
            kind = msg.get("type")
            if kind == "joined":
                self.token, self.seat, self.code = msg["token"], msg["seat"], msg["code"]
            elif kind == "error":
                print(msg.get("words", msg.get("code")), file=self.err)
                if self.seat is None or msg.get("code") in ("bad_token", "seat_is_bot", "table_ended"):
                    return 1 if msg.get("code") != "table_ended" else 0
                if msg.get("code") == "too_fast":
                    time.sleep(1.0)  # the server drops what comes faster: slow down, then answer again
                self.answered = None  # refused: answer the decision again
                self._maybe_answer(ws, self._last)
            elif kind == "state":
                self.told = msg["count"]
                self._last = msg
                if isinstance(self.answerer, Person):
                    self.answerer.tell(msg.get("events") or [])
                if msg["table"]["stage"] == "ended":
                    return 0
                self._maybe_answer(ws, msg)
        return None

    def _maybe_answer(self, ws: Any, msg: dict[str, Any]) -> None:
        info = msg.get("info")
        if not info or not info.get("decision") or info["decision"] == self.answered:
            return
        d = decision_from_json(info["decision"])
        rules = VARIANTS[msg["table"]["variant"]]
        self.answered = info["decision"]
        answer = self.answerer(d, info, rules)
        if self.pace:
            time.sleep(self.pace)
        self._send(ws, {"type": "answer", "answer": answer})


__all__ = ["Tables", "Seat", "bot_answerer", "Person", "ClientError"]
