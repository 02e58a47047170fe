"""The class server as a person runs it, for the tests and the load benchmark: the real ``sixnimmt serve`` process on a free
port of 127.0.0.1 with a temporary SQLite file, killed with SIGKILL when asked; and a plain
WebSocket client that says what it sends and reads what it is told."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

SIXNIMMT = [sys.executable, "-m", "sixnimmt_core"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``sixnimmt serve`` in its own process; ``kill()`` is kill -9, ``start()`` again on the same file."""

    def __init__(self, site: Path, data: Path, port: int | None = None) -> None:
        self.site, self.data, self.port = site, data, port or free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        self.proc = subprocess.Popen([*SIXNIMMT, "serve", "--site", str(self.site), "--host", "127.0.0.1",
                                      "--port", str(self.port), "--data", str(self.data)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.url + "/class/api/alive", timeout=2) as r:
                    if json.loads(r.read()) == {"class_tables": True}:
                        return self
            except OSError:
                if self.proc.poll() is not None:
                    raise RuntimeError(self.proc.stderr.read().decode() if self.proc.stderr else "") from None
                time.sleep(0.1)
        raise TimeoutError("the class server did not start")

    def kill(self) -> None:
        """kill -9: no clean shutdown, no chance to write anything more."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def new_table(self, **data: Any) -> dict[str, Any]:
        req = urllib.request.Request(self.url + "/class/api/tables", data=json.dumps(data).encode(),
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as r:
            return json.loads(r.read())  # type: ignore[no-any-return]

    def journal(self, code: str) -> list[tuple[int, str]]:
        """The answers the file holds for a table, read from the file itself."""
        db = sqlite3.connect(self.data)
        try:
            return list(db.execute("SELECT seat, answer FROM answers WHERE code=? ORDER BY n", (code,)))
        finally:
            db.close()


class Client:
    """One WebSocket to the server, as a browser or the command line holds it."""

    def __init__(self, server: Server, origin: str | None = None) -> None:
        headers = {"Origin": origin} if origin else None
        self._open = contextlib.ExitStack()
        self.ws = self._open.enter_context(connect(server.url.replace("http", "ws") + "/class/ws",
                                                   additional_headers=headers, open_timeout=10, max_size=2**24))

    def send(self, msg: Any) -> None:
        self.ws.send(msg if isinstance(msg, str) else json.dumps(msg))

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        return json.loads(self.ws.recv(timeout))  # type: ignore[no-any-return]

    def ask(self, msg: Any, timeout: float = 10) -> dict[str, Any]:
        """Send, then the first reply that is not a state pushed for someone else's move."""
        self.send(msg)
        return self.recv(timeout)

    def until(self, want: str, timeout: float = 10) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            msg = self.recv(max(0.1, deadline - time.monotonic()))
            if msg.get("type") == want:
                return msg

    def latest(self, quiet: float = 0.3) -> dict[str, Any] | None:
        """The last message told before the connection stays quiet for ``quiet`` seconds."""
        last = None
        while True:
            try:
                last = self.recv(quiet)
            except TimeoutError:
                return last

    def close(self) -> None:
        self._open.close()
