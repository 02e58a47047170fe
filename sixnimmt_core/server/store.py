"""The class tables in an embedded SQLite file (WAL): each table, its seats, and a journal of answers.

The state of a table is the replay of its journal: the game is seeded, so its deals come back from
the seed and every accepted answer (a pupil's or a bot's) is played again in order. An answer is
committed before any seat is told of it, so a killed server loses nothing anyone has seen.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

from sixnimmt_core.server.tables import Seat, Stage, Table

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY, created REAL NOT NULL, variant TEXT NOT NULL, players INTEGER NOT NULL,
    seed INTEGER NOT NULL, teacher TEXT NOT NULL, coach INTEGER NOT NULL, bots TEXT NOT NULL,
    timer INTEGER, stage TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT, token TEXT, bot TEXT,
    PRIMARY KEY (code, seat));
CREATE TABLE IF NOT EXISTS answers (
    code TEXT NOT NULL, n INTEGER NOT NULL, seat INTEGER NOT NULL, answer TEXT NOT NULL,
    PRIMARY KEY (code, n));
"""
KEEP_DAYS = 30  # an ended table (and its saved game) is forgotten this long after it was made


class Store:
    """The file behind the tables; every write is its own committed transaction."""

    def __init__(self, path: Path | str) -> None:
        self.db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")  # survives a killed process (not a power cut)
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    def add(self, t: Table) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("INSERT INTO tables VALUES (?,?,?,?,?,?,?,?,?,?)",
                            (t.code, time.time(), t.variant, t.players, t.seed, t.teacher, int(t.coach),
                             t.bots, t.timer, str(t.stage)))
            self.db.executemany("INSERT INTO seats VALUES (?,?,?,?,?)",
                                [(t.code, i, s.name, s.token, s.bot) for i, s in enumerate(t.seats)])

    def save_table(self, t: Table) -> None:
        """The lobby and the stage as they are now (a join, a start, a bot taking over, an end)."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("UPDATE tables SET stage=?, timer=? WHERE code=?", (str(t.stage), t.timer, t.code))
            self.db.executemany("UPDATE seats SET name=?, token=?, bot=? WHERE code=? AND seat=?",
                                [(s.name, s.token, s.bot, t.code, i) for i, s in enumerate(t.seats)])

    def append(self, t: Table, seat: int, answer: Any) -> None:
        """Journal the answer just played (``t.answers`` holds it as its last)."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("INSERT INTO answers VALUES (?,?,?,?)",
                            (t.code, len(t.answers) - 1, seat, json.dumps(answer)))
            if t.stage is Stage.ENDED:
                self.db.execute("UPDATE tables SET stage=? WHERE code=?", (str(t.stage), t.code))

    def codes(self) -> set[str]:
        return {row[0] for row in self.db.execute("SELECT code FROM tables")}

    def forget_old(self, now: float | None = None) -> int:
        """Forget the tables made more than KEEP_DAYS ago; how many."""
        cut = (now or time.time()) - KEEP_DAYS * 86400
        old = [r[0] for r in self.db.execute("SELECT code FROM tables WHERE created < ?", (cut,))]
        with self.db:
            self.db.execute("BEGIN")
            for code in old:
                for table in ("tables", "seats", "answers"):
                    self.db.execute(f"DELETE FROM {table} WHERE code=?", (code,))
        return len(old)

    def load(self) -> dict[str, Table]:
        """Every table as it was: its lobby, and its game replayed from the journal."""
        tables: dict[str, Table] = {}
        for code, _, variant, players, seed, teacher, coach, bots, timer, stage in self.db.execute(
                "SELECT * FROM tables ORDER BY created"):
            seats = [Seat(name, token, bot) for name, token, bot in self.db.execute(
                "SELECT name, token, bot FROM seats WHERE code=? ORDER BY seat", (code,))]
            t = Table(code=code, variant=variant, players=players, seed=seed, teacher=teacher,
                      coach=bool(coach), bots=bots, timer=timer, seats=seats)
            if stage != Stage.LOBBY:
                t.stage = Stage.LOBBY
                t.start()
                for seat, answer in self.db.execute(
                        "SELECT seat, answer FROM answers WHERE code=? ORDER BY n", (code,)):
                    t.act(seat, json.loads(answer))
                t.stage = Stage(stage) if not (t.game and t.game.over) else Stage.ENDED
            tables[code] = t
        return tables


__all__ = ["Store", "KEEP_DAYS"]
