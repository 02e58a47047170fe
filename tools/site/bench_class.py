"""A class at once: every student's browser fetching the whole site, cold, at the same moment.

    python tools/site/bench_class.py build/site [--clients 30] [--connections 6] [--timeout 300]
                                                [--server serve|http.server|http.server-class] [--verify]

Starts the site's server on a free port of 127.0.0.1 — tools/site/serve.py, the one `make serve`
runs; or Python's own, as the teacher's guide gives it: `python -m http.server` (one learner), or
its line for a class (CLASS_SERVER: a longer queue of waiting connections, HTTP/1.1) — then N clients at once each fetch every file a browser stores on its first visit (precache.json,
the service worker's own list, and the worker and version.json themselves), over 6 keep-alive
connections like a browser, asking for `Accept-Encoding: gzip, deflate, br, zstd` like Chromium.
Bounded: at most 200 clients and 16 connections each, and the whole run stops after --timeout
seconds; the server is stopped at the end (it is this program's own child process).

Prints the failed requests (there must be none), each student's time to the last byte (median and
max) and the server's throughput, and what that means for a class on a school network. Exit code 1
when a request failed, a byte is missing, or the time ran out. --verify also decompresses every
response and checks its sha256 against the list (slower: for tests, not timing).
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import hashlib
import json
import re
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ACCEPT_ENCODING = "gzip, deflate, br, zstd"  # what Chromium sends
MAX_CLIENTS, MAX_CONNECTIONS = 200, 16
# Python's own server for a class (docs/teacher-guide.md gives this line with port 8000 and no bind):
# `python -m http.server` keeps 5 connections waiting and speaks HTTP/1.0 (one connection per file);
# with 30 browsers at once some connections are refused and the last student waits minutes.
CLASS_SERVER = ("import http.server as h; h.ThreadingHTTPServer.request_queue_size = 128; "
                "h.test(h.SimpleHTTPRequestHandler, h.ThreadingHTTPServer, 'HTTP/1.1', {port}{bind})")
SERVERS = {"serve": "tools/site/serve.py", "http.server": "python -m http.server",
           "http.server-class": "Python's server as the guide gives it for a class"}
NETWORKS = [("a slow school Wi-Fi", 20), ("a 100 Mbit/s school network", 100), ("1 Gbit/s", 1000)]


@dataclass
class Student:
    """One browser: when it received its last byte, what it got, what failed."""

    done_at: float | None = None
    wire_bytes: int = 0
    requests: int = 0
    failures: list[str] = field(default_factory=list)


def file_list(site: Path) -> list[tuple[str, int, str | None]]:
    """(url path, bytes, sha256) of what a browser fetches to have the whole site: the worker's
    list plus the worker and version.json (whose sha256 is not in the list)."""
    data = json.loads((site / "precache.json").read_text())
    files = [(path, size, sha) for path, size, sha in data["files"]]
    for extra in ("service-worker.js", "version.json"):
        files.append((extra, (site / extra).stat().st_size, None))
    return files


def decode(body: bytes, encoding: str) -> bytes:
    if encoding == "br":
        import brotli

        return brotli.decompress(body)
    if encoding == "gzip":
        return gzip.decompress(body)
    if encoding in ("", "identity"):
        return body
    raise ValueError(f"unexpected Content-Encoding {encoding!r}")


async def fetch(reader, writer, host: str, path: str) -> tuple[int, dict, bytes]:
    writer.write(
        f"GET /{path} HTTP/1.1\r\nHost: {host}\r\nUser-Agent: sixnimmt-bench-class\r\nAccept: */*\r\n"
        f"Accept-Encoding: {ACCEPT_ENCODING}\r\nConnection: keep-alive\r\n\r\n".encode()
    )
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:] if line)}
    if "content-length" not in headers:
        raise ValueError("no Content-Length")
    body = await reader.readexactly(int(headers["content-length"]))
    if lines[0].startswith("HTTP/1.0") and headers.get("connection", "").lower() != "keep-alive":
        headers["connection"] = "close"  # http.server speaks HTTP/1.0: one request per connection
    return status, headers, body


async def student(host: str, port: int, files, connections: int, verify: bool, t0: float) -> Student:
    me = Student()
    todo = list(reversed(files))

    async def connection():
        reader = writer = None
        while todo:
            path, size, sha = todo.pop()
            try:
                if writer is None:
                    reader, writer = await asyncio.open_connection(host, port)
                status, headers, body = await fetch(reader, writer, f"{host}:{port}", path)
                me.requests += 1
                me.wire_bytes += len(body)
                if status != 200:
                    raise ValueError(f"HTTP {status}")
                encoding = headers.get("content-encoding", "")
                if verify:
                    data = decode(body, encoding)
                    if len(data) != size or (sha and hashlib.sha256(data).hexdigest() != sha):
                        raise ValueError(f"not the file: {len(data)} bytes, sha256 differs or size {size}")
                elif not encoding and len(body) != size:
                    raise ValueError(f"{len(body)} bytes, not the file's {size}")
                if headers.get("connection", "").lower() == "close":
                    writer.close()
                    reader = writer = None
            except (OSError, ValueError, asyncio.IncompleteReadError, asyncio.LimitOverrunError) as e:
                me.failures.append(f"/{path}: {type(e).__name__}: {e}")
                if writer is not None:
                    writer.close()
                reader = writer = None
        if writer is not None:
            writer.close()

    await asyncio.gather(*(connection() for _ in range(connections)))
    me.done_at = time.monotonic() - t0
    return me


async def a_class(host: str, port: int, files, clients: int, connections: int, verify: bool,
                  timeout: float) -> tuple[list[Student], float, bool]:
    t0 = time.monotonic()
    tasks = [asyncio.ensure_future(student(host, port, files, connections, verify, t0)) for _ in range(clients)]
    done, pending = await asyncio.wait(tasks, timeout=timeout)
    for task in pending:
        task.cancel()
    students = [t.result() for t in done]
    students += [Student(failures=["did not finish in time"]) for _ in pending]
    return students, time.monotonic() - t0, not pending


def start_server(site: Path, kind: str) -> tuple[subprocess.Popen, int]:
    """The server as its own process on a free port of 127.0.0.1; returns it and its port."""
    if kind == "serve":
        cmd = [sys.executable, str(HERE / "serve.py"), str(site), "--host", "127.0.0.1", "--port", "0"]
        pattern = re.compile(r"http://127\.0\.0\.1:(\d+)/")
    elif kind == "http.server":
        cmd = [sys.executable, "-u", "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(site), "0"]
        pattern = re.compile(r"port (\d+)")
    else:  # run inside the folder, as the guide says
        cmd = [sys.executable, "-u", "-c", CLASS_SERVER.format(port=0, bind=", '127.0.0.1'")]
        pattern = re.compile(r"port (\d+)")
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=site)
    line = proc.stdout.readline()  # both print their address first ("" if it died)
    match = pattern.search(line)
    if not match:
        proc.kill()
        raise SystemExit(f"bench_class: the server did not start ({line.strip()!r})")
    return proc, int(match.group(1))


def run(site: Path, clients: int = 30, connections: int = 6, timeout: float = 300, server: str = "serve",
        verify: bool = False) -> dict:
    """Serve `site` and fetch it for `clients` students at once; the figures as a dict."""
    site = site.resolve()  # the server runs inside the folder: a relative path would not find it
    if not 1 <= clients <= MAX_CLIENTS or not 1 <= connections <= MAX_CONNECTIONS:
        raise SystemExit(f"bench_class: at most {MAX_CLIENTS} clients and {MAX_CONNECTIONS} connections each")
    if not (site / "precache.json").is_file():
        raise SystemExit(f"bench_class: {site} holds no built site with precache.json (run `make site`)")
    files = file_list(site)
    proc, port = start_server(site, server)
    try:
        with ThreadPoolExecutor(1) as thread:  # its own event loop, whatever the caller runs
            students, elapsed, finished = thread.submit(
                asyncio.run, a_class("127.0.0.1", port, files, clients, connections, verify, timeout)).result()
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
    times = [s.done_at for s in students if s.done_at is not None]
    wire = sum(s.wire_bytes for s in students)
    return {
        "server": SERVERS[server],
        "clients": clients, "connections": connections, "files": len(files),
        "raw_bytes": sum(size for _p, size, _s in files),
        "requests": sum(s.requests for s in students),
        "failures": [f for s in students for f in s.failures],
        "finished": finished,
        "per_student_bytes": [s.wire_bytes for s in students],
        "median_s": statistics.median(times) if times else None,
        "max_s": max(times) if times else None,
        "elapsed_s": elapsed,
        "wire_bytes": wire,
    }


def report(r: dict) -> str:
    per = statistics.median(r["per_student_bytes"]) if r["per_student_bytes"] else 0
    out = [
        f"A class at once: {r['clients']} students, {r['connections']} connections each, cold, from "
        f"{r['server']} on 127.0.0.1",
        f"per student: {r['files']} files, {per / 1e6:.1f} MB on the wire ({r['raw_bytes'] / 1e6:.1f} MB "
        f"uncompressed)",
        f"failed requests: {len(r['failures'])} of {r['requests'] + len(r['failures'])}"
        + ("" if r["finished"] else f" (stopped after {r['elapsed_s']:.0f} s)"),
    ]
    out += [f"  {f}" for f in r["failures"][:10]]
    if r["median_s"] is not None:
        out.append(f"time to last byte per student: median {r['median_s']:.1f} s, max {r['max_s']:.1f} s")
    rate = r["wire_bytes"] / r["elapsed_s"] if r["elapsed_s"] else 0
    out.append(f"server throughput: {r['wire_bytes'] / 1e6:.0f} MB in {r['elapsed_s']:.1f} s = "
               f"{rate / 1e6:.1f} MB/s ({rate * 8 / 1e6:.0f} Mbit/s), {r['requests'] / r['elapsed_s']:.0f} requests/s")
    total = per * r["clients"]
    out.append(f"on a network, {r['clients']} students x {per / 1e6:.1f} MB = {total / 1e6:.0f} MB take at least:")
    out += [f"  {name}: {total * 8 / (mbit * 1e6):.0f} s" for name, mbit in NETWORKS]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("site", type=Path)
    ap.add_argument("--clients", type=int, default=30)
    ap.add_argument("--connections", type=int, default=6, help="per client (a browser opens 6)")
    ap.add_argument("--timeout", type=float, default=300, help="seconds for the whole run")
    ap.add_argument("--server", choices=list(SERVERS), default="serve")
    ap.add_argument("--verify", action="store_true", help="decompress and check every file's sha256")
    args = ap.parse_args(argv)
    r = run(args.site, args.clients, args.connections, args.timeout, args.server, args.verify)
    print(report(r), flush=True)
    return 0 if r["finished"] and not r["failures"] else 1


if __name__ == "__main__":
    sys.exit(main())
