"""Helpers for the app tests (fixtures are in conftest.py beside this).

`Server` (a server in a subprocess, its log in build/app-tests/), `free_port`, `port_is_free`,
`listening_addresses`, `children_of`, `alive`, `guarded_context`, `load_launch` (voila/launch.py).
Reuses the site tests' harness (tests/site/site_harness.py: Debian's Chromium under Playwright,
request log, origin check) without changing it.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
for extra in (ROOT / "tools" / "site", ROOT / "tests" / "site"):
    if str(extra) not in sys.path:
        sys.path.insert(0, str(extra))

from site_harness import RequestLog, launch_chromium, same_origin  # noqa: E402,F401

LOGS = Path(os.environ.get("SIXNIMMT_APP_LOGS", ROOT / "build" / "app-tests"))


def load_launch():
    """voila/launch.py as a module (the folder is not a package and must not shadow `voila`)."""
    spec = importlib.util.spec_from_file_location("sixnimmt_voila_launch", ROOT / "voila" / "launch.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def port_is_free(port: int) -> bool:
    """Nothing listens on it and a server could listen again (connections of the old one may
    linger in TIME_WAIT; servers, Voilà included, bind with SO_REUSEADDR, so do we)."""
    if listening_addresses(port):
        return False
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def listening_addresses(port: int) -> set[str]:
    """The local addresses a socket LISTENs on with this port (from /proc/net/tcp{,6})."""
    found = set()
    for name in ("tcp", "tcp6"):
        path = Path("/proc/net") / name
        if not path.exists():
            continue
        for line in path.read_text().splitlines()[1:]:
            fields = line.split()
            local, state = fields[1], fields[3]
            addr_hex, port_hex = local.rsplit(":", 1)
            if state != "0A" or int(port_hex, 16) != port:  # 0A = LISTEN
                continue
            if len(addr_hex) == 8:
                found.add(socket.inet_ntop(socket.AF_INET, bytes.fromhex(addr_hex)[::-1]))
            else:
                raw = bytes.fromhex(addr_hex)
                raw = b"".join(raw[i:i + 4][::-1] for i in range(0, 16, 4))
                found.add(socket.inet_ntop(socket.AF_INET6, raw))
    return found


def children_of(pid: int) -> list[int]:
    """Direct and indirect child processes of `pid` (from /proc)."""
    parent = {}
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text()
        except OSError:
            continue
        parent[int(d.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        kids = [c for c, pp in parent.items() if pp == p]
        out += kids
        todo += kids
    return out


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


class Server:
    """A server in a subprocess (its own process group), its output in a log file."""

    def __init__(self, cmd: list[str], url: str, port: int, log_name: str,
                 env: dict[str, str] | None = None, cwd: Path = ROOT):
        LOGS.mkdir(parents=True, exist_ok=True)
        self.cmd, self.url, self.port = cmd, url, port
        self.log_path = LOGS / f"{log_name}.log"
        self._log = open(self.log_path, "w")  # noqa: SIM115 (closed in stop)
        self.proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=self._log,
                                     stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                     start_new_session=True)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def wait_ready(self, path: str = "/", timeout: float = 60.0) -> float:
        """Seconds until `path` answered 200; fails with the server's log otherwise."""
        t0 = time.monotonic()
        while time.monotonic() - t0 < timeout:
            if self.proc.poll() is not None:
                pytest.fail(f"server exited with {self.proc.returncode}:\n{self.log()}")
            try:
                with urllib.request.urlopen(self.url + path, timeout=2) as r:
                    if r.status == 200:
                        return time.monotonic() - t0
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.1)
        pytest.fail(f"no answer from {self.url}{path} in {timeout:.0f} s:\n{self.log()}")

    def stop(self, timeout: float = 20.0) -> int | None:
        """SIGTERM (as Ctrl-C's cousin), then wait; SIGKILL the group only if that failed."""
        rc = None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                rc = self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)
                rc = None
        else:
            rc = self.proc.returncode
        self._log.close()
        return rc


def guarded_context(browser, origin: str, log: RequestLog):
    """A fresh context (cold cache) recording every request and blocking off-origin ones."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.on("request", log.record)
    context.on("response", log.record_response)

    def guard(route):
        if same_origin(route.request.url, origin):
            route.continue_()
        else:
            route.abort()

    context.route("**/*", guard)
    return context


def ws_origin(url: str) -> str:
    """A WebSocket URL with the scheme of the page that opened it (ws→http, wss→https)."""
    return re.sub(r"^ws(s?)://", r"http\1://", url)


