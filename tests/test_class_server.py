"""The class tables, tested as themselves: the real server process on 127.0.0.1 with a temporary
SQLite file, real clients (the ``sixnimmt table`` command and plain WebSockets), a kill -9 in the
middle of a hand. Nothing here reaches any host but loopback."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from sixnimmt_core.engine.log import replay
from sixnimmt_core.teaching.narrate import narrate
from sixnimmt_core.words import count_words, join, text

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))  # the server as a person runs it
from class_server import SIXNIMMT, Client, Server  # noqa: E402


def seat_cmd(server: Server, code: str, name: str, trace: Path | None = None, bot: str = "cautious") -> list[str]:
    cmd = [*SIXNIMMT, "table", "join", code, "--server", server.url, "--name", name, "--bot", bot]
    return [*cmd, "--trace", str(trace)] if trace else cmd


@pytest.fixture
def site(tmp_path: Path) -> Path:
    root = tmp_path / "site"
    root.mkdir()
    (root / "index.html").write_text("<!doctype html><title>site</title><p>the site</p>", "utf-8")
    return root


@pytest.fixture
def server(site: Path, tmp_path: Path) -> Any:
    s = Server(site, tmp_path / "tables.db").start()
    yield s
    s.stop()


def test_the_site_and_the_tables_share_one_port(server: Server) -> None:
    import urllib.request
    with urllib.request.urlopen(server.url + "/") as r:
        assert b"the site" in r.read()
    made = server.new_table(variant="base", seats=3)
    assert len(made["code"]) == 5 and made["code"].isalnum() and made["code"].upper() == made["code"]
    assert len(made["teacher"]) >= 32
    assert made["link"] == f"/class.html?code={made['code']}"


def test_four_command_line_bots_play_a_match_and_no_seat_sees_another_hand(server: Server, tmp_path: Path) -> None:
    made = subprocess.run([*SIXNIMMT, "table", "new", "--server", server.url, "--variant", "base", "--seats", "4",
                           "--json"], capture_output=True, text=True, check=True, timeout=30)
    table = json.loads(made.stdout)
    code = table["code"]
    traces = [tmp_path / f"seat{i}.jsonl" for i in range(4)]
    seats = [subprocess.Popen(seat_cmd(server, code, f"Bot {i}", traces[i])) for i in range(4)]
    assert [p.wait(120) for p in seats] == [0, 0, 0, 0]
    log = subprocess.run([*SIXNIMMT, "table", "log", code, "--server", server.url, "--teacher", table["teacher"]],
                         capture_output=True, text=True, check=True, timeout=30)
    game = replay(log.stdout)
    assert game.over and game.names == ["Bot 0", "Bot 1", "Bot 2", "Bot 3"] or game.over
    dealt = [e for e in game.log if e.kind == "dealt"]
    for trace in traces:
        lines = [json.loads(line) for line in trace.read_text("utf-8").splitlines()]
        assert {line["dir"] for line in lines} == {"in", "out"}
        seat = next(line["msg"]["seat"] for line in lines if line["msg"].get("type") == "joined")
        received = [line["msg"] for line in lines if line["dir"] == "in"]
        _check_nothing_hidden_reached(seat, received, dealt, game.names)
        # the story the seat was told is the app's story of the match, sentence for sentence
        said = [e["said"] for m in received if m.get("type") == "state" for e in m["events"]]
        assert said == narrate(game, "en")


def test_an_expert_seat_plays_a_whole_match_from_what_it_is_told(server: Server, tmp_path: Path) -> None:
    # the expert bot's search runs in the client on the information state the server sends, nothing else
    made = subprocess.run([*SIXNIMMT, "table", "new", "--server", server.url, "--variant", "base", "--seats", "3",
                           "--json"], capture_output=True, text=True, check=True, timeout=30)
    table = json.loads(made.stdout)
    code = table["code"]
    traces = [tmp_path / f"seat{i}.jsonl" for i in range(3)]
    kinds = ["expert", "cautious", "random"]
    seats = [subprocess.Popen(seat_cmd(server, code, f"Bot {i}", traces[i], kinds[i])) for i in range(3)]
    assert [p.wait(300) for p in seats] == [0, 0, 0]
    log = subprocess.run([*SIXNIMMT, "table", "log", code, "--server", server.url], capture_output=True, text=True,
                         check=True, timeout=30)
    game = replay(log.stdout)  # ended: anyone may read it, and it replays
    assert game.over
    dealt = [e for e in game.log if e.kind == "dealt"]
    lines = [json.loads(line) for line in traces[0].read_text("utf-8").splitlines()]
    seat = next(line["msg"]["seat"] for line in lines if line["msg"].get("type") == "joined")
    answered = [line for line in lines if line["dir"] == "out" and line["msg"]["type"] == "answer"]
    assert len(answered) >= 10 * len(dealt)  # it answered every turn of every hand
    _check_nothing_hidden_reached(seat, [line["msg"] for line in lines if line["dir"] == "in"], dealt, game.names)


def _said_hides(e: dict[str, Any], dealt: Any, names: list[str]) -> None:
    """The sentence of an event that hides something from this seat names no hidden card: it is the
    catalogue's sentence for what the seat may know (how many cards, never which)."""
    if e["kind"] == "dealt":
        starters = join([str(r[0]) for r in dealt.rows], "en")
        assert e["said"] == text("event.dealt", "en", hand_size=10, starters=starters)
    else:
        assert e["said"] == text("event.chose", "en", name=names[e["seat"]], count_words=count_words(1, "en"))


def _check_nothing_hidden_reached(seat: int, received: list[dict[str, Any]], dealt: list[Any],
                                  names: list[str]) -> None:
    """Every message the seat received: its own hand only, no other seat's dealt cards, no card laid
    face down by another seat before the reveal, not in the events nor in their sentences."""
    hands_seen = 0
    for msg in received:
        if msg.get("type") != "state" or msg.get("info") is None:
            continue
        info = msg["info"]
        assert info["seat"] == seat
        assert all(h is None for s, h in enumerate(info["hands"]) if s != seat)
        assert all(c is None for s, c in enumerate(info["laid"]) if s != seat)
        if info["decision"] is not None:
            assert info["decision"]["seat"] == seat
        for asked in info["progress"]["asked"]:  # another seat's question to play lists no card of its hand
            assert asked["seat"] == seat or asked["kind"] != "play" or asked["options"] == []
        for e in msg["events"]:
            if e["kind"] == "dealt":
                others = [h for s, h in enumerate(e["hands"]) if s != seat]
                assert others == [None] * len(others)
                assert e["hands"][seat] == dealt[hands_seen].hands[seat]
                _said_hides(e, dealt[hands_seen], names)
                hands_seen += 1
            elif e["kind"] == "chose" and e["seat"] != seat:
                assert "cards" not in e and e["hidden"] is True
                _said_hides(e, None, names)
    assert hands_seen == len(dealt)


def test_a_killed_server_loses_nothing_and_every_seat_comes_back(server: Server, tmp_path: Path) -> None:
    table = server.new_table(variant="base", seats=4)
    code = table["code"]
    me = Client(server)
    joined = me.ask({"type": "join", "code": code, "name": "Eva", "lang": "cs"})
    assert joined["type"] == "joined"
    bots = [subprocess.Popen(seat_cmd(server, code, f"Bot {i}")) for i in range(3)]
    state = _my_turn(me)
    for _ in range(3):  # three decisions of the hand, then the server is killed while waiting for the fourth
        me.send({"type": "answer", "answer": state["info"]["decision"]["options"][0]})
        state = _my_turn(me, after=state)
    before = me.latest() or state  # what the seat was told last, once the bots have answered too
    journal = server.journal(code)
    assert [seat for seat, _ in journal].count(0) == 3  # the three answers of this seat, each journaled
    server.kill()
    server.start()
    me.close()
    again = Client(server)
    back = again.ask({"type": "hello", "code": code, "token": joined["token"], "since": 0})
    assert back["info"] == before["info"]
    assert back["count"] == before["count"]
    assert server.journal(code) == journal
    state = back
    while not state["info"]["over"]:  # the bots reconnected by themselves: the match goes on to its end
        if state["info"]["decision"]:
            again.send({"type": "answer", "answer": state["info"]["decision"]["options"][0]})
        state = _my_turn(again, finished_ok=True, after=state)
    assert [p.wait(60) for p in bots] == [0, 0, 0]
    log = subprocess.run([*SIXNIMMT, "table", "log", code, "--server", server.url], capture_output=True,
                         text=True, check=True, timeout=30)
    path = tmp_path / "saved.json"
    path.write_text(log.stdout, "utf-8")
    replayed = subprocess.run([*SIXNIMMT, "replay", str(path)], capture_output=True, text=True, timeout=30)
    assert replayed.returncode == 0 and "Eva" in replayed.stdout
    # the seat's story, from the start, in its language (Czech): the app's story of the saved game
    told = Client(server).ask({"type": "hello", "code": code, "token": joined["token"], "since": 0, "lang": "cs"})
    said = [e["said"] for e in told["events"]]
    assert said[0] == text("event.hand_started", "cs", hand=1) == "Začíná 1. hra."
    assert said == narrate(replay(log.stdout), "cs")


def _my_turn(c: Client, finished_ok: bool = False, after: dict[str, Any] | None = None) -> dict[str, Any]:
    """The next state in which this seat is asked to decide (or the match is over); ``after``: the
    state answered last, whose decision a state sent before the answer arrived still shows."""
    deadline = time.monotonic() + 30
    answered = after["info"]["decision"] if after else None
    while time.monotonic() < deadline:
        msg = c.recv(30)
        if msg.get("type") == "state" and msg["info"] is not None:
            asked = msg["info"]["decision"]
            if (asked is not None and asked != answered) or (finished_ok and msg["info"]["over"]):
                return msg
    raise TimeoutError("never asked")


def _lobby(server: Server, seats: int = 3) -> tuple[dict[str, Any], list[Client], list[dict[str, Any]]]:
    table = server.new_table(variant="base", seats=seats)
    clients, joined = [], []
    for i in range(seats):
        c = Client(server)
        joined.append(c.ask({"type": "join", "code": table["code"], "name": f"P{i}"}))
        c.token = joined[-1]["token"]  # type: ignore[attr-defined]
        clients.append(c)
    return table, clients, joined


@pytest.mark.parametrize(("message", "code"), [
    ("{not json", "bad_json"),
    ("[1, 2]", "bad_json"),
    ("[" * 5000 + "]" * 5000, "bad_json"),
    ('{"type": "shuffle"}', "unknown_type"),
    ('{"no": "type"}', "unknown_type"),
    ("x" * 1_000_000, "too_large"),
    ('{"type": "answer"}', "bad_request"),
    ('{"type": "answer", "answer": 105}', "refused"),
    ('{"type": "answer", "answer": "12"}', "refused"),
    ('{"type": "answer", "answer": [1, 2, 3]}', "refused"),
    ('{"type": "teacher", "action": "end"}', "not_teacher"),
])
def test_a_bad_message_is_refused_with_a_code_and_changes_nothing(server: Server, message: str, code: str) -> None:
    table, clients, _ = _lobby(server)
    me = clients[0]
    state = _my_turn(me)
    before = me.latest() or state
    journal = server.journal(table["code"])
    reply = me.ask(message)
    assert reply["type"] == "error" and reply["code"] == code and reply["words"]
    assert server.journal(table["code"]) == journal
    again = me.ask({"type": "hello", "code": table["code"], "token": _token(clients, me), "since": 0})
    assert again["info"] == before["info"]  # the table as it was, and the connection still open
    card = again["info"]["decision"]["options"][0]
    assert me.ask({"type": "answer", "answer": card})["type"] == "state"  # and play goes on


def _token(clients: list[Client], c: Client) -> str:
    return c.token  # type: ignore[attr-defined, no-any-return]


def test_refusals_of_the_table(server: Server) -> None:
    table, clients, joined = _lobby(server)
    code = table["code"]
    other = server.new_table(variant="base", seats=2)
    stranger = Client(server)
    words = {}
    for msg, want in [
        ({"type": "join", "code": code, "name": "Late"}, "table_started"),  # full: it started by itself
        ({"type": "join", "code": "ZZZZZ", "name": "X"}, "no_table"),
        ({"type": "join", "code": other["code"], "name": "x" * 200}, "bad_name"),
        ({"type": "join", "code": other["code"], "name": "   "}, "bad_name"),
        ({"type": "hello", "code": code, "token": "guessed-" + "a" * 30}, "bad_token"),
        ({"type": "hello", "code": code, "token": other["teacher"]}, "bad_token"),  # another table's token
        ({"type": "answer", "answer": 5}, "not_seated"),
        ({"type": "teacher", "action": "start"}, "not_teacher"),
    ]:
        reply = stranger.ask({**msg, "lang": "cs"})
        assert (reply["type"], reply["code"]) == ("error", want), msg
        words[want] = reply["words"]
    assert words["no_table"].startswith("Stůl s tímto kódem neexistuje")
    assert server.journal(code) == [] or all(seat in (0, 1, 2) for seat, _ in server.journal(code))
    ended = server.new_table(variant="base", seats=2)
    teacher = _teacher(server, ended)
    teacher.send({"type": "teacher", "action": "end"})
    _state_where(teacher, lambda m: m["table"]["stage"] == "ended")
    reply = stranger.ask({"type": "join", "code": ended["code"], "name": "Late"})
    assert (reply["type"], reply["code"]) == ("error", "table_ended")
    me = clients[0]
    state = _my_turn(me)
    journal = server.journal(code)
    not_mine = state["info"]["rows"][0][0]  # a card of the deck, on the table, not in this hand
    assert not_mine not in state["info"]["hand"]
    refused = me.ask({"type": "answer", "answer": not_mine})
    while refused["type"] == "state":
        refused = me.recv()
    assert refused["code"] == "refused" and refused["rule"] and server.journal(code) == journal
    card = state["info"]["decision"]["options"][0]
    me.send({"type": "answer", "answer": card})
    twice = me.ask({"type": "answer", "answer": card})  # the same answer again, before the turn is over
    while twice["type"] == "state":
        twice = me.recv()
    assert twice["code"] == "refused" and twice["rule"] in ("turn", "play")
    assert [seat for seat, _ in server.journal(code)].count(0) == 1


def test_a_name_with_markup_is_kept_as_the_text_typed(server: Server) -> None:
    table = server.new_table(variant="base", seats=2)
    c = Client(server)
    c.ask({"type": "join", "code": table["code"], "name": "<b>x</b><img src=y>"})
    state = c.until("state")
    assert state["table"]["seats"][0]["name"] == "<b>x</b><img src=y>"


def test_a_flood_is_limited_and_the_table_goes_on(server: Server) -> None:
    table, clients, _ = _lobby(server, 2)
    me = clients[0]
    _my_turn(me)
    for _ in range(1000):
        me.send({"type": "ping"})
    replies = []
    while True:
        try:
            replies.append(me.recv(1.0))
        except TimeoutError:
            break
    kinds = [r["type"] for r in replies]
    assert "error" in kinds and any(r.get("code") == "too_fast" for r in replies)
    assert kinds.count("pong") < 1000
    time.sleep(1.5)
    me.send({"type": "ping"})
    assert me.until("pong")["type"] == "pong"  # slowed down: answered again
    clients[1].send({"type": "ping"})
    assert clients[1].until("pong")["type"] == "pong"  # the other seat never noticed


def test_a_websocket_from_another_origin_is_refused(server: Server) -> None:
    from websockets.exceptions import InvalidStatus, WebSocketException
    with pytest.raises((InvalidStatus, WebSocketException, OSError)):
        c = Client(server, origin="http://evil.example")
        c.ask({"type": "ping"}, timeout=3)
    same = Client(server, origin=server.url)
    assert same.ask({"type": "ping"})["type"] == "pong"


def _teacher(server: Server, table: dict[str, Any]) -> Client:
    t = Client(server)
    hello = t.ask({"type": "hello", "code": table["code"], "token": table["teacher"]})
    assert hello["type"] == "state" and hello["teacher"] is True and hello["seat"] is None
    return t


def test_the_teacher_starts_with_bots_hands_a_seat_over_and_ends(server: Server) -> None:
    import urllib.error
    import urllib.request
    table = server.new_table(variant="base", seats=4, bots="random")
    code = table["code"]
    eva = Client(server)
    eva.ask({"type": "join", "code": code, "name": "Eva"})
    teacher = _teacher(server, table)
    lobby = eva.until("state")
    assert lobby["table"]["stage"] == "lobby" and lobby["info"] is None
    teacher.send({"type": "teacher", "action": "start"})
    state = _my_turn(eva)
    assert [s["bot"] for s in state["table"]["seats"]] == [None, "random", "random", "random"]
    with pytest.raises(urllib.error.HTTPError) as refused:  # the saved game: not to anyone before the end
        urllib.request.urlopen(f"{server.url}/class/api/tables/{code}/log")
    assert refused.value.code == 403
    req = urllib.request.Request(f"{server.url}/class/api/tables/{code}/log", headers={"X-Teacher-Token": table["teacher"]})
    with urllib.request.urlopen(req) as r:
        assert json.loads(r.read())["names"][0] == "Eva"
    teacher.send({"type": "teacher", "action": "bot", "seat": 0})  # Eva went quiet: a bot plays her seat
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        msg = eva.recv(30)
        if msg["type"] == "state" and msg["info"]["over"]:
            break
    assert msg["table"]["stage"] == "ended" and msg["table"]["seats"][0]["bot"] == "random"
    assert eva.ask({"type": "answer", "answer": 1})["code"] in ("table_ended", "seat_is_bot")
    with urllib.request.urlopen(f"{server.url}/class/api/tables/{code}/log") as r:  # ended: anyone may read it
        assert replay(r.read().decode()).over


def test_a_turn_timer_lets_a_bot_answer_for_a_quiet_seat(server: Server) -> None:
    table = server.new_table(variant="base", seats=2)
    code = table["code"]
    quiet = Client(server)
    quiet.ask({"type": "join", "code": code, "name": "Quiet"})
    teacher = _teacher(server, table)
    refused = teacher.ask({"type": "teacher", "action": "timer", "seconds": 2})
    assert refused["code"] == "bad_timer"
    teacher.send({"type": "teacher", "action": "timer", "seconds": 5})
    teacher.send({"type": "teacher", "action": "start"})
    asked = _my_turn(quiet)
    start = time.monotonic()
    while True:  # nobody answers: after 5 s the table's bot answers for the quiet seat, once
        msg = quiet.recv(15)
        if msg["type"] == "state" and any(e["kind"] == "chose" and e["seat"] == 0 for e in msg["events"]):
            break
    assert time.monotonic() - start >= 4.5
    assert msg["table"]["seats"][0]["bot"] is None  # the seat stays the pupil's
    assert [seat for seat, _ in server.journal(code)].count(0) == 1
    assert asked["info"]["decision"]["options"]


def test_the_coach_where_the_teacher_allowed_it(server: Server) -> None:
    allowed = server.new_table(variant="base", seats=2, coach=True)
    c = Client(server)
    c.ask({"type": "join", "code": allowed["code"], "name": "A", "lang": "sk"})
    _teacher(server, allowed).send({"type": "teacher", "action": "start"})
    state = _my_turn(c)
    c.send({"type": "coach"})
    advice = c.until("coach", 30)
    hand = state["info"]["decision"]["options"]
    assert sorted(a["answer"] for a in advice["advice"]) == sorted(hand)  # every card of the hand, once
    assert advice["advice"][0]["expected"] == min(a["expected"] for a in advice["advice"])
    closed = server.new_table(variant="base", seats=2)
    d = Client(server)
    d.ask({"type": "join", "code": closed["code"], "name": "B", "lang": "sk"})
    _teacher(server, closed).send({"type": "teacher", "action": "start"})
    _my_turn(d)
    refused = d.ask({"type": "coach"})
    while refused["type"] == "state":
        refused = d.recv()
    assert refused["code"] == "no_coach" and "Trénera" in refused["words"]


def test_the_teacher_sees_who_is_connected_and_the_time_left(server: Server) -> None:
    table = server.new_table(variant="base", seats=2)
    code = table["code"]
    eva = Client(server)
    joined = eva.ask({"type": "join", "code": code, "name": "Eva"})
    teacher = _teacher(server, table)
    teacher.send({"type": "teacher", "action": "timer", "seconds": 30})
    teacher.send({"type": "teacher", "action": "start"})
    state = teacher.until("state")
    assert {s["seat"]: s["connected"] for s in state["table"]["seats"]} == {0: True, 1: False}
    time.sleep(1.5)  # the timer has seen the decision
    eva.close()
    gone = _state_where(teacher, lambda m: not m["table"]["seats"][0]["connected"])
    assert 0 < gone["timer_left"]["0"] <= 30
    back = Client(server)
    back.ask({"type": "hello", "code": code, "token": joined["token"], "since": 0})
    _state_where(teacher, lambda m: m["table"]["seats"][0]["connected"])


def _state_where(c: Client, test: Any, timeout: float = 10) -> dict[str, Any]:
    """The first state told that passes ``test`` (states told before it are passed over)."""
    deadline = time.monotonic() + timeout
    while True:
        msg = c.recv(max(0.1, deadline - time.monotonic()))
        if msg.get("type") == "state" and test(msg):
            return msg


def test_a_projector_catches_up_from_where_it_was(server: Server) -> None:
    table = server.new_table(variant="base", seats=2)
    code = table["code"]
    eva = Client(server)
    eva.ask({"type": "join", "code": code, "name": "Eva"})
    _teacher(server, table).send({"type": "teacher", "action": "start"})
    state = _my_turn(eva)
    eva.send({"type": "answer", "answer": state["info"]["decision"]["options"][0]})
    _my_turn(eva, after=state)
    projector = Client(server)
    first = projector.ask({"type": "watch", "code": code})
    again = Client(server).ask({"type": "watch", "code": code, "since": first["count"]})
    assert again["events"] == [] and again["count"] == first["count"] and again["info"] == first["info"]
    assert first["info"]["hand"] == [] and all(h is None for h in first["info"]["hands"])


def test_a_table_older_than_30_days_is_forgotten_when_the_server_starts(server: Server) -> None:
    import sqlite3
    old = server.new_table(variant="base", seats=2)
    new = server.new_table(variant="base", seats=2)
    server.kill()
    db = sqlite3.connect(server.data)
    with db:  # made 31 days ago (the retention docs/class-tables.md states is 30)
        db.execute("UPDATE tables SET created = created - 31 * 86400 WHERE code = ?", (old["code"],))
    db.close()
    server.start()
    gone = Client(server).ask({"type": "watch", "code": old["code"]})
    assert gone["code"] == "no_table"
    kept = Client(server).ask({"type": "watch", "code": new["code"]})
    assert kept["type"] == "state" and kept["table"]["code"] == new["code"]
    db = sqlite3.connect(server.data)
    assert db.execute("SELECT COUNT(*) FROM seats WHERE code = ?", (old["code"],)).fetchone() == (0,)
    db.close()


def test_a_person_at_the_terminal_reads_the_story_and_plays_by_typing(server: Server, tmp_path: Path) -> None:
    # `sixnimmt table join` with no --bot: the table and the question are printed, the answer typed on
    # stdin; the story the server tells is printed as it comes, sentence for sentence
    from sixnimmt_core.engine.information import decision_from_json
    table = server.new_table(variant="base", seats=2)
    bot = subprocess.Popen(seat_cmd(server, table["code"], "Bot"))
    trace, screen = tmp_path / "person.jsonl", tmp_path / "screen.txt"
    with screen.open("w", encoding="utf-8") as out:  # a file, not a pipe: a whole match outgrows a pipe's buffer
        person = subprocess.Popen([*SIXNIMMT, "table", "join", table["code"], "--server", server.url, "--name",
                                   "Ana", "--trace", str(trace)], stdin=subprocess.PIPE, stdout=out, text=True)
    assert person.stdin is not None
    answered: list[Any] = []
    deadline = time.monotonic() + 120
    while person.poll() is None and time.monotonic() < deadline:
        told = [json.loads(line)["msg"] for line in trace.read_text("utf-8").splitlines()] if trace.exists() else []
        states = [m for m in told if m.get("type") == "state"]
        asked = states[-1]["info"]["decision"] if states and states[-1].get("info") else None
        if asked is not None and asked != (answered or [None])[-1]:  # the person types the first legal answer
            answered.append(asked)
            first = decision_from_json(asked).legal_answers()[0]
            person.stdin.write((" ".join(map(str, first)) if isinstance(first, list) else str(first)) + "\n")
            person.stdin.flush()
        time.sleep(0.05)
    assert person.wait(30) == 0 and bot.wait(30) == 0
    printed = screen.read_text("utf-8")
    said = [e["said"] for line in trace.read_text("utf-8").splitlines()
            if (m := json.loads(line)["msg"]).get("type") == "state" for e in m["events"]]
    assert len(said) > 20 and len(answered) >= 10
    at = 0
    for sentence in said:  # every sentence printed, in the order told
        at = printed.index(sentence, at) + len(sentence)
