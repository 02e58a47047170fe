"""The class load: real network clients (``sixnimmt table join`` bots, each its own process) at class
tables of the real server on 127.0.0.1 (part of `make bench`; docs/class-tables.md keeps the figures).

For every answer a client sends, the time until the last seat of its table has been told of it
(read from the clients' traces: each line carries the client's clock, one clock for the machine);
the server's memory per table (its resident memory with the tables open, less before) and its CPU
time per answer, and from that how many tables one core carries at a person's pace. Bounded: each
round plays one match per table and stops by itself; nothing leaves 127.0.0.1.

    python tools/bench_tables.py [--tables 5 10] [--seats 6] [--pace 0.3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from class_server import SIXNIMMT, Server  # tools/class_server.py, beside this file

ANSWERS = {"chose", "played", "drafted", "ordered", "chose_row", "chose_spot", "split"}
HUMAN_PACE = 5.0  # seconds a pupil takes for a decision, for the tables-per-core figure


def proc_stat(pid: int) -> tuple[float, float]:
    """(resident MiB, CPU seconds) of a process, from /proc."""
    rss = 0.0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1]) / 1024
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])
    return rss, ticks / 100.0


def latencies(traces: list[Path]) -> list[float]:
    """For each answer sent at a table: the seconds until every seat was told of it."""
    seats: dict[int, list[dict[str, Any]]] = {}
    for trace in traces:
        lines = [json.loads(x) for x in trace.read_text("utf-8").splitlines()]
        seat = next(x["msg"]["seat"] for x in lines if x["msg"].get("type") == "joined")
        seats[seat] = lines
    out = []
    for seat, lines in seats.items():
        sent = [x["t"] for x in lines if x["dir"] == "out" and x["msg"].get("type") == "answer"]
        told_all: list[float] = []
        for other in seats.values():  # when each seat was told of this seat's k-th answer
            told = [x["t"] for x in other if x["dir"] == "in" and x["msg"].get("type") == "state"
                    for e in x["msg"]["events"] if e["kind"] in ANSWERS and e.get("seat") == seat]
            told_all = told if not told_all else [max(a, b) for a, b in zip(told_all, told, strict=False)]
        out += [t - s for s, t in zip(sent, told_all, strict=False)]
    return out


def round_of(server: Server, tables: int, seats: int, pace: float, work: Path) -> dict[str, Any]:
    assert server.proc is not None
    rss0, cpu0 = proc_stat(server.proc.pid)
    codes = [server.new_table(variant="base", seats=seats)["code"] for _ in range(tables)]
    traces = {c: [work / f"{c}-{i}.jsonl" for i in range(seats)] for c in codes}
    clients = [subprocess.Popen([*SIXNIMMT, "table", "join", c, "--server", server.url, "--name", f"S{i}",
                                 "--bot", "cautious", "--pace", str(pace), "--trace", str(traces[c][i])],
                                stdout=subprocess.DEVNULL) for c in codes for i in range(seats)]
    peak = rss0
    while any(p.poll() is None for p in clients):
        peak = max(peak, proc_stat(server.proc.pid)[0])
        time.sleep(0.2)
    rss1, cpu1 = proc_stat(server.proc.pid)
    lat = sorted(x for c in codes for x in latencies(traces[c]))
    answers = len(lat)
    cpu_per_answer = (cpu1 - cpu0) / max(1, answers)
    per_table_rate = seats / HUMAN_PACE  # answers a second at a table of people
    return {"tables": tables, "clients": tables * seats, "answers": answers,
            "p50_ms": 1000 * statistics.median(lat), "p95_ms": 1000 * lat[int(0.95 * (answers - 1))],
            "max_ms": 1000 * lat[-1], "failed": sum(p.returncode != 0 for p in clients),
            "mib_per_table": (peak - rss0) / tables, "cpu_ms_per_answer": 1000 * cpu_per_answer,
            "tables_per_core": 1 / (cpu_per_answer * per_table_rate) if cpu_per_answer else float("inf")}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, nargs="+", default=[5, 10])
    ap.add_argument("--seats", type=int, default=6)
    ap.add_argument("--pace", type=float, default=0.3, help="seconds each bot waits before it answers")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        site = work / "site"
        site.mkdir()
        (site / "index.html").write_text("<!doctype html><title>bench</title>")
        server = Server(site, work / "tables.db").start()
        try:
            print(f"class load: {args.seats} seats a table, bots answering after {args.pace} s, base game, "
                  f"one match a table; times from an answer to the last seat's update")
            for n in args.tables:
                r = round_of(server, n, args.seats, args.pace, work)
                print(f"  {r['tables']:3d} tables, {r['clients']:3d} clients: {r['answers']} answers, "
                      f"p50 {r['p50_ms']:.1f} ms, p95 {r['p95_ms']:.1f} ms, max {r['max_ms']:.1f} ms, "
                      f"failed clients {r['failed']}; server {r['mib_per_table']:.2f} MiB a table, "
                      f"{r['cpu_ms_per_answer']:.2f} ms CPU an answer -> {r['tables_per_core']:.0f} tables "
                      f"of {args.seats} a core at {HUMAN_PACE:.0f} s a decision")
        finally:
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
