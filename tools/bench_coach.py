"""The Coach's answer: its time in CPython and in Pyodide (the browser's Python), and its stability.

``latency``: ~30 positions of Play (base, Professional, Refined: a decision of seat 0 after a few
turns of cautious play), each timed as the Coach answers it (``coach_bot(...).evaluate``, every card
badged, as PlayTable does). ``python tools/bench_coach.py`` times them in this CPython, then runs the
same code in Pyodide under Node from the site's own copy (build/cache/pyodide-core, read only;
tools/site/bench_coach.mjs) and prints both with their ratio.

``stability``: on ~100 random positions the Coach answers twice with different seeds; how often is
its advice the same?

    python tools/bench_coach.py [--positions 30] [--stability 100] [--no-pyodide]

Prints figures only; no test depends on them (DEVELOPERS.md rule 5).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sixnimmt_core import Game, find_variant, make_bots  # noqa: E402
from sixnimmt_core.bots import coach_bot, nth_seed  # noqa: E402

VARIANTS = ("base", "professional", "refined")
CORE = ROOT / "build" / "cache" / "pyodide-core"


def positions(n: int, variants: tuple[str, ...] = VARIANTS, players: int = 4, start: int = 0) -> list:
    """``n`` decisions of seat 0: deal ``start + i``, cautious players, stopped at turn i % 8 (variants in turn)."""
    out = []
    i = start
    while len(out) < n:
        variant = variants[i % len(variants)]
        g = Game(find_variant(variant), players, seed=i, one_hand=True, record=False)
        bots = make_bots(["cautious"], players, i)
        stop = (i // len(variants)) % 8
        while g.pending:
            d = g.pending[0]
            if d.seat == 0 and g.turn >= stop and len(d.options) > 1:
                out.append((variant, i, g, d))
                break
            g.act(d.seat, bots[d.seat].decide(d, g.view(d.seat)))
        i += 1
    return out


def latency(n: int = 30) -> list[dict]:
    """Each position's Coach answer: milliseconds and the deals it sampled."""
    rows = []
    for variant, i, g, d in positions(n):
        bot = coach_bot(nth_seed(i, 1), g.rules, d.kind)
        t0 = time.perf_counter()
        est = bot.evaluate(d, g.view(0))
        ms = (time.perf_counter() - t0) * 1000
        rows.append({"variant": variant, "deal": i, "turn": g.turn, "ms": ms, "samples": est[0].samples,
                     "answers": len(est)})
    return rows


def stability(n: int = 100) -> tuple[int, int]:
    """(positions where two runs with different seeds advise the same answer, positions)."""
    same = 0
    pos = positions(n, start=1000)
    for _variant, i, g, d in pos:
        a = coach_bot(nth_seed(i, 1), g.rules, d.kind, budget=None).evaluate(d, g.view(0))[0].action
        b = coach_bot(nth_seed(i, 2), g.rules, d.kind, budget=None).evaluate(d, g.view(0))[0].action
        same += a == b
    return same, len(pos)


def summary(rows: list[dict]) -> dict:
    ms = sorted(r["ms"] for r in rows)
    q = statistics.quantiles(ms, n=10)
    return {"median": statistics.median(ms), "p10": q[0], "p90": q[-1], "min": ms[0], "max": ms[-1],
            "samples_median": statistics.median(r["samples"] for r in rows), "n": len(rows)}


def pyodide(n: int) -> dict | None:
    """The same positions timed in Pyodide under Node (None when Node or the core is missing)."""
    script = ROOT / "tools" / "site" / "bench_coach.mjs"
    if not CORE.exists():
        print(f"  (no Pyodide core at {CORE}: `make site` fetches it)")
        return None
    out = subprocess.run(["node", str(script), str(CORE), str(ROOT), str(n)], capture_output=True, text=True,
                         check=False)
    if out.returncode != 0:
        print(out.stderr[-2000:])
        return None
    return json.loads(out.stdout.strip().splitlines()[-1])


def show(name: str, s: dict) -> None:
    print(f"  {name:<8} median {s['median']:6.0f} ms   p10–p90 {s['p10']:.0f}–{s['p90']:.0f} ms   "
          f"min–max {s['min']:.0f}–{s['max']:.0f} ms   deals sampled (median) {s['samples_median']:.0f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--stability", type=int, default=100)
    ap.add_argument("--no-pyodide", action="store_true")
    args = ap.parse_args()
    print(f"Coach benchmark — {args.positions} positions of Play ({', '.join(VARIANTS)}), 4 players")
    cpy = summary(latency(args.positions))
    show("CPython", cpy)
    if not args.no_pyodide:
        pyo = pyodide(args.positions)
        if pyo is not None:
            show("Pyodide", pyo)
            print(f"  Pyodide / CPython: {pyo['median'] / cpy['median']:.2f}× (medians); target: Pyodide median "
                  f"≤ 300 ms ({'met' if pyo['median'] <= 300 else 'NOT met'})")
    if args.stability:
        same, n = stability(args.stability)
        print(f"  stability: the same advice in two runs (different seeds, no time budget) on {same} of {n} "
              f"positions ({same / n:.0%}; target ≥ 90 %)")


if __name__ == "__main__":
    main()
