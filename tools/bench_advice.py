"""The Coach's advice on fixed seeded positions, saved and compared between two checkouts (main and a branch).

``--dump FILE``: on ``--positions`` decisions of seat 0 across every variant (deal i, cautious players,
stopped at turn i % 8), the Coach's estimates with a fixed number of deals and no time budget (the same
work on every machine), and the time each took. ``--other-deals``: the same positions, the Coach drawing other deals (a second look in the same checkout:
what chance alone gives). ``--against FILE``: compare two dumps: the advice (the
best card), each answer's estimate as a z-score of the difference over both standard errors, and the
Coach's time per decision as a ratio. Run each checkout with its own package on PYTHONPATH:

    PYTHONPATH=/work/main python tools/bench_advice.py --dump main.json
    PYTHONPATH=. python tools/bench_advice.py --dump branch.json --against main.json

Prints figures only; no test depends on them (DEVELOPERS.md rule 5).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from pathlib import Path
from typing import Any

from sixnimmt_core import Game, find_variant, make_bots
from sixnimmt_core.engine.rules import VARIANTS
from sixnimmt_core.players.bots import coach_advice


def positions(n: int, players: int = 4, record: bool = False) -> list[tuple[str, int, Game, Any]]:
    """``n`` decisions of seat 0 with more than one answer: deal i of variant i % 9, cautious players.
    ``record``: the games keep their log, so the Coach (seeded by the log's length) draws other deals."""
    names = list(VARIANTS)
    out = []
    i = 0
    while len(out) < n:
        variant = names[i % len(names)]
        g = Game(find_variant(variant), players, seed=i, one_hand=True, record=record)
        bots = make_bots(["cautious"], players, i)
        stop = i % 8
        while g.pending:
            d = g.pending[0]
            if d.seat == 0 and g.turn >= stop and len(d.options) > 1:
                out.append((variant, i, g, d))
                break
            g.act(d.seat, bots[d.seat].decide(d, g.view(d.seat)))
        i += 1
    return out


def dump(n: int, samples: int, repeat: int = 1, record: bool = False) -> list[dict[str, Any]]:
    """Each position's estimates, and the least time of ``repeat`` answers (the same deals each time)."""
    rows = []
    for variant, i, g, d in positions(n, record=record):
        ms = math.inf
        for _ in range(repeat):
            t0 = time.perf_counter()
            est = coach_advice(g, d, samples=samples, budget=None)
            ms = min(ms, (time.perf_counter() - t0) * 1000)
        rows.append({"variant": variant, "deal": i, "turn": g.turn, "kind": str(d.kind), "ms": ms,
                     "advice": repr(est[0].action),
                     "answers": {repr(e.action): [e.expected, e.se, e.apart, e.samples] for e in est}})
    return rows


def compare(mine: list[dict[str, Any]], theirs: list[dict[str, Any]]) -> None:
    same = close = 0
    zs: list[float] = []
    ratios = []
    print(f"{'variant':<13}{'deal':>5} {'advice here':>12} {'there':>8}  max |z|   ms here / there")
    for a, b in zip(mine, theirs, strict=True):
        assert (a["variant"], a["deal"]) == (b["variant"], b["deal"])
        same += a["advice"] == b["advice"]
        # the other look's advice is one this look shows as about the same as its own (not apart), both ways
        close += a["advice"] == b["advice"] or (not a["answers"][b["advice"]][2] and not b["answers"][a["advice"]][2])
        worst = 0.0
        for action, (m, se, _apart, _n) in a["answers"].items():
            m2, se2, _a2, _n2 = b["answers"][action]
            spread = math.hypot(se, se2)
            z = (m - m2) / spread if spread else (0.0 if m == m2 else math.inf)
            zs.append(z)
            worst = max(worst, abs(z))
        ratios.append(a["ms"] / b["ms"])
        print(f"{a['variant']:<13}{a['deal']:>5} {a['advice']:>12} {b['advice']:>8}  {worst:7.2f}   "
              f"{a['ms']:8.0f} / {b['ms']:8.0f}")
    n = len(mine)
    finite = [z for z in zs if math.isfinite(z)]
    print(f"same advice: {same}/{n}; the same, or each look's advice one the other shows as about the same as "
          f"its own: {close}/{n}")
    print(f"estimates: {len(zs)} answers, |z| > 2: {sum(abs(z) > 2 for z in zs)}, |z| > 3: "
          f"{sum(abs(z) > 3 for z in zs)} (chance alone: about 5 % and 0.3 %); mean z {statistics.mean(finite):+.3f}, "
          f"sd {statistics.pstdev(finite):.3f} (chance alone: 0 and 1)")
    ratios.sort()
    print(f"Coach time per decision here / there: median {statistics.median(ratios):.3f} "
          f"(quartiles {ratios[len(ratios) // 4]:.3f} … {ratios[3 * len(ratios) // 4]:.3f})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--samples", type=int, default=200, help="the Coach's deals per decision (no time budget)")
    ap.add_argument("--repeat", type=int, default=1, help="answers per position: the least time is kept")
    ap.add_argument("--other-deals", action="store_true",
                    help="the Coach draws other deals on the same positions (a second look: the yardstick of chance)")
    ap.add_argument("--dump", type=Path, required=True)
    ap.add_argument("--against", type=Path, default=None)
    args = ap.parse_args()
    rows = dump(args.positions, args.samples, args.repeat, args.other_deals)
    args.dump.write_text(json.dumps(rows, indent=1), "utf-8")
    if args.against:
        compare(rows, json.loads(args.against.read_text("utf-8")))


if __name__ == "__main__":
    main()
