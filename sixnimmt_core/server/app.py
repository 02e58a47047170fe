"""The class server: the built site and the class tables, on one port (Starlette on Uvicorn).

    sixnimmt serve --site build/site --host 127.0.0.1 --port 8000 --data tables.db

The tables speak JSON over one WebSocket, ``/class/ws`` (docs/class-tables.md lists every message);
a table is made and its saved game read over HTTP, ``/class/api/…``. Everything else is the static
site, served as tools/site/serve.py serves it. The server is the authority: a client sends only
its answers, and each message a seat receives is built from that seat's information state.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from a2wsgi import WSGIMiddleware
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from sixnimmt_core.engine.errors import SixNimmtError
from sixnimmt_core.players.bots import coach_advice
from sixnimmt_core.server.site import make_app
from sixnimmt_core.server.store import Store
from sixnimmt_core.server.tables import Stage, Table, TableError, as_json, new_code, normal_code
from sixnimmt_core.teaching.narrator import Narrator
from sixnimmt_core.words import text
from sixnimmt_core.words.i18n import LANGUAGES

LOG = logging.getLogger("sixnimmt.server")
DOMAIN = "tables"  # the catalogue of the class tables' words
MAX_MESSAGE = 16_384  # bytes: an answer is a few dozen; a longer message is refused unread
MAX_TABLES = 500  # tables not ended at once: past that, a new one is refused
RATE, BURST = 30.0, 100.0  # messages a second a connection may send, and how many at once


@dataclass(eq=False)
class Speaker:
    """Says the server's refusals in one client's language."""

    lang: str = "en"

    def error(self, code: str, **values: Any) -> dict[str, Any]:
        """A refusal by its code, with its words (catalogue ``tables``, key ``error.<code>``)."""
        return {"type": "error", "code": code, "words": text(f"error.{code}", self.lang, domain=DOMAIN, **values)}

    def refusal(self, exc: SixNimmtError) -> dict[str, Any]:
        """The engine's refusal of an answer, naming the rule."""
        return {"type": "error", "code": "refused", "rule": exc.rule, "words": exc.words(self.lang)}

    def narrator(self, t: Table) -> Narrator | None:
        """The narrator of ``t``'s game in this client's language (None before the game starts)."""
        if t.game is None:
            return None
        return Narrator(t.rules, t.players, list(t.game.names), self.lang)

    def http(self, exc: TableError, status: int) -> JSONResponse:
        return JSONResponse(self.error(exc.code, **exc.values), status_code=status)


def language(value: Any) -> str:
    return value if value in LANGUAGES else "en"


@dataclass(eq=False)
class Conn(Speaker):
    """One WebSocket: whose it is (a seat, the teacher, a watcher) and what it has been told."""

    ws: WebSocket = field(kw_only=True)
    table: Table | None = None
    seat: int | None = None
    teacher: bool = False
    told: int = 0  # events of the game this connection has been sent
    tokens: float = BURST
    refilled: float = field(default_factory=time.monotonic)

    def allowed(self) -> bool:
        """A token bucket: RATE messages a second, BURST at once."""
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.refilled) * RATE)
        self.refilled = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Hub:
    """Every table, the file behind them, and who is connected to each."""

    def __init__(self, store: Store) -> None:
        self.store = store
        store.forget_old()  # what is stored, and for how long: docs/class-tables.md
        self.tables: dict[str, Table] = store.load()
        self.conns: dict[str, set[Conn]] = {}
        self.asked: dict[tuple[str, int], tuple[Any, float]] = {}  # (code, seat) -> (decision, since when)

    # ---- tables ------------------------------------------------------------------------------
    def create(self, data: Any) -> Table:
        if not isinstance(data, dict):
            raise TableError("bad_request")
        if sum(t.stage is not Stage.ENDED for t in self.tables.values()) >= MAX_TABLES:
            raise TableError("too_many_tables")
        code = new_code()
        while code in self.tables:
            code = new_code()
        t = Table.create(code, data.get("variant", "base"), data.get("seats", 4), data.get("bots", "cautious"),
                         data.get("coach", False))
        self.store.add(t)
        self.tables[code] = t
        return t

    def find(self, code: Any) -> Table:
        t = self.tables.get(normal_code(code))
        if t is None:
            raise TableError("no_table")
        return t

    # ---- telling ----------------------------------------------------------------------------
    async def tell(self, conn: Conn, message: dict[str, Any]) -> None:
        with contextlib.suppress(Exception):  # a connection that just went away is no one's problem
            await conn.ws.send_text(json.dumps(message))

    async def update(self, conn: Conn) -> None:
        """Send ``conn`` the table as its seat may see it, with the events it has not been told."""
        assert conn.table is not None
        t = conn.table
        view = t.view(conn.seat, conn.told, conn.narrator(t))
        conn.told = view["count"]
        if conn.teacher:
            view["teacher"] = True
        here = {c.seat for c in self.conns.get(t.code, ()) if c.seat is not None}
        for seat in view["table"]["seats"]:
            seat["connected"] = seat["seat"] in here  # whom the teacher may hand to a bot
        view["timer_left"] = self.timer_left(t)
        await self.tell(conn, view)

    def timer_left(self, t: Table) -> dict[str, int]:
        """The seconds each seat still has before its bot answers for it (a table with a turn timer)."""
        if not t.timer or t.game is None:
            return {}
        now, out = time.monotonic(), {}
        for d in t.game.pending:
            seen = self.asked.get((t.code, d.seat))
            if seen is None or seen[0] != d:  # a seat's clock starts when it is first told it is asked
                seen = self.asked[t.code, d.seat] = (d, now)
            if t.seats[d.seat].bot is None:
                out[str(d.seat)] = max(0, round(t.timer - (now - seen[1])))
        return out

    async def broadcast(self, t: Table) -> None:
        for conn in list(self.conns.get(t.code, ())):
            await self.update(conn)

    def attach(self, conn: Conn, t: Table, seat: int | None, teacher: bool = False) -> None:
        self.detach(conn)
        conn.table, conn.seat, conn.teacher, conn.told = t, seat, teacher, 0
        self.conns.setdefault(t.code, set()).add(conn)

    def detach(self, conn: Conn) -> Table | None:
        """Forget ``conn``; the table it was at, if a seat went away from it (everyone is told)."""
        t = conn.table
        if t is None:
            return None
        self.conns.get(t.code, set()).discard(conn)
        return t if conn.seat is not None else None

    # ---- play ---------------------------------------------------------------------------------
    async def play_bots(self, t: Table, timed_out: int | None = None) -> None:
        """Let the bots answer, one journaled answer at a time, telling everyone after each."""
        while t.stage is Stage.PLAYING:
            answers = t.bot_answers(timed_out)
            if not answers:
                return
            for seat, answer in answers:
                t.act(seat, answer)
                self.store.append(t, seat, answer)
                timed_out = None if seat == timed_out else timed_out
            await self.broadcast(t)
            await asyncio.sleep(0)

    async def tick(self) -> None:
        """The turn timers: a seat that thought longer than its table allows is answered by a bot, once."""
        now = time.monotonic()
        for t in list(self.tables.values()):
            if t.stage is not Stage.PLAYING or not t.timer or t.game is None:
                continue
            for d in list(t.game.pending):
                key = (t.code, d.seat)
                seen = self.asked.get(key)
                if seen is None or seen[0] != d:
                    self.asked[key] = (d, now)
                elif now - seen[1] >= t.timer and t.seats[d.seat].bot is None:
                    del self.asked[key]
                    await self.play_bots(t, d.seat)
                    break

    # ---- messages -------------------------------------------------------------------------------
    async def handle(self, conn: Conn, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        if "lang" in msg:
            conn.lang = language(msg["lang"])
        handler = HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            await self.tell(conn, conn.error("unknown_type"))
            return
        await handler(self, conn, msg)

    async def on_join(self, conn: Conn, msg: dict[str, Any]) -> None:
        t = self.find(msg.get("code"))
        seat, token = t.join(msg.get("name"))
        if all(s.token is not None for s in t.seats):  # the last seat taken: the table starts by itself
            t.start()
        self.store.save_table(t)
        self.attach(conn, t, seat)
        await self.tell(conn, {"type": "joined", "code": t.code, "seat": seat, "token": token})
        await self.broadcast(t)
        await self.play_bots(t)

    async def on_hello(self, conn: Conn, msg: dict[str, Any]) -> None:
        """A reconnect: a seat's or the teacher's token, and the events already told (``since``)."""
        t = self.find(msg.get("code"))
        seat = t.seat_of(msg.get("token"))
        self.attach(conn, t, seat, teacher=seat is None)
        conn.told = told(msg.get("since"))
        if seat is None:
            await self.update(conn)
        else:  # a seat came back: everyone (the teacher) sees it connected again
            await self.broadcast(t)

    async def on_watch(self, conn: Conn, msg: dict[str, Any]) -> None:
        """The projector: the table for no seat; ``since``, as in ``hello``, on a reconnect."""
        self.attach(conn, self.find(msg.get("code")), None)
        conn.told = told(msg.get("since"))
        await self.update(conn)

    async def on_answer(self, conn: Conn, msg: dict[str, Any]) -> None:
        t = conn.table
        if t is None or conn.teacher:
            raise TableError("not_seated")
        if "answer" not in msg:
            raise TableError("bad_request")
        seat = t.apply(conn.seat, msg["answer"])
        self.store.append(t, seat, msg["answer"])
        await self.broadcast(t)
        await self.play_bots(t)

    async def on_teacher(self, conn: Conn, msg: dict[str, Any]) -> None:
        """The teacher's actions: start, a seat to a bot, the turn timer, end."""
        t = conn.table
        if t is None or not conn.teacher:
            raise TableError("not_teacher")
        action = msg.get("action")
        if action == "start":
            t.start()
        elif action == "bot":
            t.hand_to_bot(msg.get("seat"))
        elif action == "timer":
            seconds = msg.get("seconds")
            if seconds is not None and not (isinstance(seconds, int) and not isinstance(seconds, bool)
                                            and 5 <= seconds <= 600):
                raise TableError("bad_timer", least=5, most=600)
            t.timer = seconds
        elif action == "end":
            t.end()
        else:
            raise TableError("unknown_type")
        self.store.save_table(t)
        await self.broadcast(t)
        await self.play_bots(t)

    async def on_coach(self, conn: Conn, msg: dict[str, Any]) -> None:
        """The Coach for this seat's decision, where the teacher allowed it: every answer's expected
        heads, the advice first (numbers; the page says them). It sees what the seat sees: it samples
        the hidden cards, as in Play."""
        t = conn.table
        if t is None or conn.seat is None or t.game is None:
            raise TableError("not_seated")
        if not t.coach:
            raise TableError("no_coach")
        d = t.game.decision(conn.seat)
        if d is None:
            raise TableError("not_asked")
        world = t.game.clone(record=True)
        estimates = await asyncio.to_thread(coach_advice, world, d)
        await self.tell(conn, {"type": "coach", "count": len(world.log), "advice": [
            {"answer": as_json(e.action), "expected": round(e.expected, 2), "now": round(e.now, 2),
             "take_chance": round(e.take_chance, 3), "apart": e.apart, "samples": e.samples}
            for e in estimates]})

    async def on_ping(self, conn: Conn, msg: dict[str, Any]) -> None:
        await self.tell(conn, {"type": "pong"})


def told(since: Any) -> int:
    """How many events a client says it has been told (``since``): a whole number, else none."""
    return since if isinstance(since, int) and not isinstance(since, bool) and since >= 0 else 0


HANDLERS = {"join": Hub.on_join, "hello": Hub.on_hello, "watch": Hub.on_watch, "answer": Hub.on_answer,
            "teacher": Hub.on_teacher, "coach": Hub.on_coach, "ping": Hub.on_ping}


def same_origin(headers: Mapping[str, str]) -> bool:
    """A browser's WebSocket must come from a page of this server (a command-line client sends no Origin)."""
    origin = headers.get("origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc == headers.get("host", "")


async def socket(ws: WebSocket) -> None:
    hub: Hub = ws.app.state.hub
    if not same_origin(ws.headers):
        await ws.close(code=1008)
        return
    await ws.accept()
    conn = Conn(ws=ws)
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            data = message.get("text")
            if data is None:  # a binary frame: read as UTF-8 JSON like any other
                data = (message.get("bytes") or b"").decode("utf-8", "replace")
            await receive(hub, conn, data)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        left = hub.detach(conn)
        if left is not None:  # the others (the teacher) see the seat go quiet
            with contextlib.suppress(Exception):
                await hub.broadcast(left)


async def receive(hub: Hub, conn: Conn, data: str) -> None:
    """One message from a client: refused with a coded error, or handled; never a broken connection."""
    if not conn.allowed():
        if conn.tokens > -1:  # said once, then the flood is dropped unanswered until it slows
            conn.tokens -= 1
            await hub.tell(conn, conn.error("too_fast"))
        return
    if len(data) > MAX_MESSAGE:
        await hub.tell(conn, conn.error("too_large", most=MAX_MESSAGE))
        return
    try:
        msg = json.loads(data)
    except (ValueError, RecursionError):
        await hub.tell(conn, conn.error("bad_json"))
        return
    if not isinstance(msg, dict):
        await hub.tell(conn, conn.error("bad_json"))
        return
    try:
        await hub.handle(conn, msg)
    except TableError as exc:
        await hub.tell(conn, conn.error(exc.code, **exc.values))
    except SixNimmtError as exc:
        await hub.tell(conn, conn.refusal(exc))
    except Exception:  # a bug of the server's own: logged for the teacher, the connection goes on
        LOG.exception("a message the server could not handle")
        await hub.tell(conn, conn.error("internal"))


# ---- HTTP ------------------------------------------------------------------------------------
async def new_table(request: Request) -> Response:
    hub: Hub = request.app.state.hub
    speaker = Speaker(language(request.query_params.get("lang")))
    if not same_origin(request.headers):
        return speaker.http(TableError("other_origin"), 403)
    body = await request.body()
    try:
        data = json.loads(body) if len(body) <= MAX_MESSAGE else None
        t = hub.create(data)
    except ValueError:
        return speaker.http(TableError("bad_json"), 400)
    except TableError as exc:
        return speaker.http(exc, 400)
    return JSONResponse({"code": t.code, "teacher": t.teacher, "link": f"/class.html?code={t.code}",
                         "table": t.lobby()}, status_code=201)


async def table_log(request: Request) -> Response:
    """The saved game: to the teacher's token, or to anyone once the table has ended."""
    hub: Hub = request.app.state.hub
    speaker = Speaker(language(request.query_params.get("lang")))
    try:
        t = hub.find(request.path_params["code"])
    except TableError as exc:
        return speaker.http(exc, 404)
    token = request.headers.get("x-teacher-token") or request.query_params.get("teacher")
    if t.stage is not Stage.ENDED and not t.is_teacher(token):
        return speaker.http(TableError("not_teacher"), 403)
    saved = t.saved_game()
    if saved is None:
        return speaker.http(TableError("not_started"), 409)
    return JSONResponse(saved, headers={"Content-Disposition": f'attachment; filename="table-{t.code}.json"'})


async def alive(request: Request) -> Response:
    """What a page asks to know whether it is served by the class server (a static host has no such path)."""
    return JSONResponse({"class_tables": True})


def make_server_app(site: Path | str, data: Path | str) -> Starlette:
    hub = Hub(Store(data))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> Any:
        async def timers() -> None:
            while True:
                await asyncio.sleep(1)
                await hub.tick()

        task = asyncio.create_task(timers())
        yield
        task.cancel()
        hub.store.close()

    app = Starlette(routes=[
        WebSocketRoute("/class/ws", socket),
        Route("/class/api/tables", new_table, methods=["POST"]),
        Route("/class/api/tables/{code}/log", table_log),
        Route("/class/api/alive", alive),
        # a2wsgi types the apps it takes and is with TypedDicts of its own, which neither Starlette's Mount
        # nor a WSGI app of plain dicts (site.py) matches
        Mount("/", WSGIMiddleware(make_app(site))),  # type: ignore[arg-type]  # a2wsgi's own ASGI/WSGI types
    ], lifespan=lifespan)
    app.state.hub = hub
    return app


def serve(site: Path | str, host: str, port: int, data: Path | str) -> None:
    import uvicorn

    if not (Path(site) / "index.html").is_file():
        raise SystemExit(f"serve: {site} holds no built site (run `make site`)")
    app = make_server_app(site, data)
    print(f"Serving {site} and the class tables at http://{host}:{port}/ (data: {data}; Ctrl-C stops)",
          flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=4 * MAX_MESSAGE * 64,
                ws_ping_interval=20, ws_ping_timeout=20)


__all__ = ["make_server_app", "serve", "Hub", "Conn", "MAX_MESSAGE", "DOMAIN"]
