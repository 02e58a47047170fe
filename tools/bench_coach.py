"""The Coach's answer: its time in CPython and in Pyodide (the browser's Python), and its stability.

``latency``: ~30 positions of Play (base, Professional, Refined: a decision of seat 0 after a few
turns of cautious play), each timed as the Coach answers it (``coach_bot(...).evaluate``, every card
badged, as PlayTable does). ``python tools/bench_coach.py`` times them in this CPython, then runs the
same code in Pyodide under Node from the site's own copy (build/cache/pyodide-core, read only;
tools/site/pyodide_bench.mjs) and prints both with their ratio; then, as shipped, in the browser: a page of
headless Chromium served from the built site, its Pyodide and engine wheel (tools/site/pyodide_browser.py).

``playouts``: play-outs per second of the engine and of the fast core (playout.py), side by side.

``stability``: on 200 random positions per variant the Coach answers twice with different seeds, as
shipped; how often is its advice the same, or one the other look calls about the same?

    python tools/bench_coach.py [--positions 30] [--stability 200] [--playouts 9] [--no-pyodide] [--core DIR]
        [--site DIR] [--no-browser]

Prints figures only; no test depends on them (DEVELOPERS.md rule 5).
"""

from __future__ import annotations

import argparse
import datetime
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sixnimmt_core import Game, find_variant, make_bots  # noqa: E402
from sixnimmt_core.engine.decisions import PlayDecision  # noqa: E402
from sixnimmt_core.players import handloop, playout  # noqa: E402
from sixnimmt_core.players.bots import (  # noqa: E402  # noqa: E402
    COACH_BUDGET,
    COACH_SAMPLES,
    CautiousBot,
    RandomBot,
    coach_bot,
    nth_seed,
)
from sixnimmt_core.players.search import Noisy, QuickCautious, play_out  # noqa: E402

VARIANTS = ("base", "professional", "refined")
CORE = ROOT / "build" / "cache" / "pyodide-core"
FIXED = 8  # deals per answer for the like-for-like yardstick


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


def latency(n: int = 30, samples: int = COACH_SAMPLES, budget: float | None = COACH_BUDGET) -> list[dict]:
    """Each position's Coach answer: milliseconds and the deals it sampled (as shipped: the Coach's
    deals and time budget; ``budget=None`` and a fixed ``samples``: the same work on every Python)."""
    rows = []
    for variant, i, g, d in positions(n):
        bot = coach_bot(nth_seed(i, 1), g.rules, type(d), samples, budget)
        t0 = time.perf_counter()
        est = bot.evaluate(d, g.view(0))
        ms = (time.perf_counter() - t0) * 1000
        rows.append({"variant": variant, "deal": i, "turn": g.turn, "ms": ms, "samples": est[0].samples,
                     "answers": len(est)})
    return rows


STABILITY_VARIANTS = ("base", "tactics", "professional", "open", "refined", "twins", "hand")


def stability(n: int = 200, samples: int = COACH_SAMPLES, budget: float | None = COACH_BUDGET,
              variant: str = "base") -> dict:
    """On ``n`` positions of ``variant`` the Coach answers twice with different seeds, as shipped (its deals
    and time budget): how often the same advice (``same``); how often each look's advice is one the other
    calls about the same as its own (``group``: the Coach's agreement, see docs/bots.md); how often both
    looks show the very same answers as equals first (``groups``); how often the advice is the lowest estimate shown
    (``lowest``; the target is every time); how often the advice's 95 % interval is under ±1 head
    (``tight``); the deals behind the advice (``deals``: median)."""
    out = {"n": 0, "same": 0, "group": 0, "groups": 0, "lowest": 0, "tight": 0, "deals": []}
    for _variant, i, g, d in positions(n, (variant,), start=1000):
        a = coach_bot(nth_seed(i, 1), g.rules, type(d), samples, budget).evaluate(d, g.view(0))
        b = coach_bot(nth_seed(i, 2), g.rules, type(d), samples, budget).evaluate(d, g.view(0))
        equal_a = {a[0].action} | {e.action for e in a[1:] if not e.apart}
        equal_b = {b[0].action} | {e.action for e in b[1:] if not e.apart}
        out["n"] += 1
        out["same"] += a[0].action == b[0].action
        out["group"] += a[0].action in equal_b and b[0].action in equal_a
        out["groups"] += equal_a == equal_b
        out["lowest"] += all(a[0].expected <= e.expected for e in a) and all(b[0].expected <= e.expected for e in b)
        out["tight"] += a[0].margin < 1
        out["deals"].append(a[0].samples)
    out["deals"] = statistics.median(out["deals"])
    return out


PLAYOUT_VARIANTS = ("base", "tactics", "professional", "open", "twins", "refined", "hand")


CORE_PASSES = 10  # the core's side of each run of ``playouts``, repeated (about 10× faster)


def playouts(variant: str, n: int = 40, rounds: int = 9) -> list[tuple[float, float]]:
    """Playouts per second of the engine and of the fast core (sixnimmt_core/players/playout.py), side by side:
    ``n`` positions of seat 0 (4 players, cautious play to turn i % 8), every card of its hand played
    out to the hand's end, the other seats the search's model (cautious, 10 % careless). The engine's
    play-out is the search's own before issue 24 (clone, act, play on, for each card); the core's is the
    search's now: one ``playout.Start`` per position (the game turned into ints and the other seats'
    cards of this turn picked, counted in its time), then each card played out from it (Hand: ``handloop.Start``;
    each card alone and with the next, laid in that order). ``rounds`` alternating runs: [(engine/s, core/s), …],
    after one that is not counted (it warms both up: first calls, the core's tables of risks). In each run the
    core plays the positions ``CORE_PASSES`` times (fresh draws each time), so that both sides are timed over
    spans of about the same length, not a few milliseconds against a tenth of a second. Timed in this
    process's CPU time (``time.process_time``), not on the wall clock: on a shared machine the wall clock
    counts the other work too."""
    import random

    rules = find_variant(variant)
    hand = handloop.supports(rules)
    begin = handloop.Start if hand else playout.Start
    pos = []
    i = 0
    while len(pos) < n:
        g = Game(rules, 4, seed=i, one_hand=True, record=False)
        bots = make_bots(["cautious"], 4, i)
        while g.pending:
            d = g.pending[0]
            if d.seat == 0 and isinstance(d, PlayDecision) and g.turn > i % (8 if d.max_count == 1 else 5):
                # every card; Refined: each card with the next (as many pairs as cards, less one)
                o = d.options
                pairs = [(o[j], o[j + 1]) for j in range(len(o) - 1)]
                pos.append((g, list(o) if d.max_count == 1 else [(c,) for c in o] + pairs if hand else pairs))
                break
            g.act(d.seat, bots[d.seat].decide(d, g.view(d.seat)))
        i += 1
    out = []
    for round_ in range(rounds + 1):
        rng = random.Random(1)
        policy = QuickCautious(CautiousBot(0))
        agents = [Noisy(policy, RandomBot(0), 0.1, rng) for _ in range(4)]
        agents[0] = policy
        t0 = time.process_time()
        k = 0
        for g, answers in pos:
            for a in answers:
                w = g.clone()
                w.act(0, a)
                play_out(w, agents, w.hand_no, 99)
                k += 1
        engine = k / (time.process_time() - t0)
        noise = [0.0, 0.1, 0.1, 0.1]
        t0 = time.process_time()
        for _ in range(CORE_PASSES):
            for g, answers in pos:
                draws = playout.draws_for(noise, len(g.hands[0]))  # as the search shares them (search.deal_fast)
                start = begin(g, 0, PlayDecision, noise, playout.Draws(rng, draws), playout.Draws(rng, draws))
                for a in answers:
                    start.out(a, 99)
        core = k * CORE_PASSES / (time.process_time() - t0)
        if round_:
            out.append((engine, core))
    return out


def summary(rows: list[dict]) -> dict:
    ms = sorted(r["ms"] for r in rows)
    q = statistics.quantiles(ms, n=10)
    return {"median": statistics.median(ms), "p10": q[0], "p90": q[-1], "min": ms[0], "max": ms[-1],
            "samples_median": statistics.median(r["samples"] for r in rows), "n": len(rows)}


def _in_pyodide(code: str, core: Path) -> dict | None:
    """Run ``code`` (Python with ``bench_coach`` imported, ending in a JSON text) in Pyodide under Node
    (tools/site/pyodide_bench.mjs); None when Node or the core is missing or the run fails."""
    if not core.exists():
        print(f"  (no Pyodide core at {core}: `make site` fetches it)")
        return None
    script = ROOT / "tools" / "site" / "pyodide_bench.mjs"
    out = subprocess.run(["node", str(script), str(core), str(ROOT), code], capture_output=True, text=True,
                         check=False)
    if out.returncode != 0:
        print(out.stderr[-2000:])
        return None
    return json.loads(out.stdout.strip().splitlines()[-1])


def pyodide(n: int, fixed: int = 0, core: Path = CORE) -> dict | None:
    """The same positions timed in Pyodide (warmed up first: imports, first calls)."""
    kw = f"samples={fixed}, budget=None" if fixed else ""
    return _in_pyodide(f"import json\nbench_coach.latency(3)\n"
                       f"json.dumps(bench_coach.summary(bench_coach.latency({n}, {kw})))", core)


def pyodide_playouts(rounds: int, core: Path = CORE) -> dict | None:
    """``playouts`` of every variant in Pyodide."""
    return _in_pyodide(f"import json\njson.dumps({{v: bench_coach.playouts(v, rounds={rounds}) "
                       f"for v in {list(PLAYOUT_VARIANTS)!r}}})", core)


def show(name: str, s: dict) -> str:
    return say(f"{name}: median {s['median']:.0f} ms, p10–p90 {s['p10']:.0f}–{s['p90']:.0f} ms, "
               f"min–max {s['min']:.0f}–{s['max']:.0f} ms, deals sampled (median) {s['samples_median']:.0f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--stability", type=int, default=200, help="positions per variant for the agreement")
    ap.add_argument("--core", default=str(CORE), help="the Pyodide core (default: the site's cache)")
    ap.add_argument("--no-pyodide", action="store_true")
    ap.add_argument("--site", default=str(ROOT / "build" / "site"),
                    help="the built site whose Pyodide times the Coach in headless Chromium")
    ap.add_argument("--no-browser", action="store_true", help="no timing in headless Chromium")
    ap.add_argument("--playouts", type=int, default=9, help="runs of the play-out speed comparison (0: none)")
    ap.add_argument("--variants", default=None,
                    help="comma-separated variants for the play-outs and the agreement (default: all of them)")
    ap.add_argument("--latency", type=int, default=1, help="0: skip the Coach's time per decision")
    ap.add_argument("--doc", default=str(ROOT / "docs" / "bots.md"), help="page whose Coach section is rewritten "
                    "('-': none)")
    args = ap.parse_args()
    lines: list[str] = []
    print(f"Coach benchmark — {args.positions} positions of Play ({', '.join(VARIANTS)}), 4 players")
    chosen = args.variants.split(",") if args.variants else None
    for variant in [v for v in PLAYOUT_VARIANTS if not chosen or v in chosen] if args.playouts else ():
        runs = playouts(variant, rounds=args.playouts)
        ratios = sorted(c / e for e, c in runs)
        lines.append(say(f"play-outs per second, {variant}: engine {statistics.median(e for e, _ in runs):,.0f}, "
                         f"fast core {statistics.median(c for _, c in runs):,.0f}; core / engine "
                         f"{statistics.median(ratios):.1f}× (median of {len(runs)} runs, "
                         f"{ratios[0]:.1f}–{ratios[-1]:.1f}×)"))
    if args.playouts and not args.no_pyodide:
        for variant, runs in (pyodide_playouts(args.playouts, Path(args.core)) or {}).items():
            ratios = sorted(c / e for e, c in runs)
            lines.append(say(f"play-outs per second in Pyodide, {variant}: engine "
                             f"{statistics.median(e for e, _ in runs):,.0f}, fast core "
                             f"{statistics.median(c for _, c in runs):,.0f}; core / engine "
                             f"{statistics.median(ratios):.1f}× (median of {len(runs)} runs, "
                             f"{ratios[0]:.1f}–{ratios[-1]:.1f}×)"))
    if args.latency:
        coach_time(args, lines)
    for variant in [v for v in STABILITY_VARIANTS if not chosen or v in chosen] if args.stability else ():
        st = stability(args.stability, variant=variant)
        n = st["n"]
        lines.append(say(f"{variant}, {n} positions, two looks with different seeds as shipped: the same advice "
                         f"{st['same'] / n:.0%}; each advice among the other's 'about the same' {st['group'] / n:.0%}; "
                         f"the same answers shown as equals first {st['groups'] / n:.0%}; "
                         f"advice = lowest estimate shown {st['lowest'] / n:.0%}; advice's 95 % interval under "
                         f"±1 head {st['tight'] / n:.0%}; deals behind the advice (median) {st['deals']:.0f}"))
    if args.doc != "-":
        write_doc(Path(args.doc), args.positions, lines)


def coach_time(args: argparse.Namespace, lines: list[str]) -> None:
    """The Coach's time per decision in CPython and (unless ``--no-pyodide``) in Pyodide."""
    fixed = FIXED
    cpy_fixed = summary(latency(args.positions, fixed, None))
    cpy = summary(latency(args.positions))
    lines.append(show(f"CPython, the same work ({fixed} deals, no budget)", cpy_fixed))
    lines.append(show("CPython, as shipped", cpy))
    if not args.no_pyodide:
        pyo_fixed = pyodide(args.positions, fixed, Path(args.core))
        pyo = pyodide(args.positions, 0, Path(args.core))
        if pyo_fixed is not None and pyo is not None:
            lines.append(show(f"Pyodide, the same work ({fixed} deals, no budget)", pyo_fixed))
            lines.append(show("Pyodide, as shipped", pyo))
            lines.append(say(f"Pyodide / CPython on the same work: {pyo_fixed['median'] / cpy_fixed['median']:.2f}× "
                             f"(medians). As shipped, the Pyodide median is {pyo['median']:.0f} ms (target ≤ 300 ms: "
                             f"{'met' if pyo['median'] <= 300 else 'NOT met'}) with a median of "
                             f"{pyo['samples_median']:.0f} deals (CPython {cpy['samples_median']:.0f})"))
    site = Path(args.site)
    if not args.no_pyodide and not args.no_browser:
        n = args.positions
        both = in_browser(f"import json\nbench_coach.latency(3)\n"
                          f"json.dumps([bench_coach.summary(bench_coach.latency({n}, {fixed}, None)), "
                          f"bench_coach.summary(bench_coach.latency({n}))])", site)
        if both is not None:
            web_fixed, web = both
            lines.append(show(f"In the browser (headless Chromium, the site's Pyodide and wheel), the same work "
                              f"({fixed} deals, no budget)", web_fixed))
            lines.append(show("In the browser, as shipped", web))
            lines.append(say(f"Browser / CPython on the same work: {web_fixed['median'] / cpy_fixed['median']:.2f}× "
                             f"(medians). As shipped, the browser's median is {web['median']:.0f} ms (target ≤ 300 ms: "
                             f"{'met' if web['median'] <= 300 else 'NOT met'}) with a median of "
                             f"{web['samples_median']:.0f} deals"))


def in_browser(code: str, site: Path) -> Any:
    """``code`` run as ``_in_pyodide`` runs it, but in a page of headless Chromium served from the built
    site (tools/site/pyodide_browser.py); None when the site or Chromium is missing or the run fails."""
    if not (site / "static" / "pyodide").is_dir():
        print(f"  (no built site at {site}: `make site` builds it)")
        return None
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "site" / "pyodide_browser.py"), str(site), code],
                         capture_output=True, text=True, check=False)
    if out.returncode != 0:
        print(out.stderr[-2000:])
        return None
    return json.loads(out.stdout.strip().splitlines()[-1])


def say(line: str) -> str:
    print("  " + line)
    return line


def write_doc(path: Path, n: int, lines: list[str]) -> None:
    """Rewrite the Coach's section of ``path`` (docs/bots.md) between its markers (added at the end once)."""
    start, end = "<!-- coach: tools/bench_coach.py -->", "<!-- /coach -->"
    body = (f"{start}\n## The Coach's answer: time and stability\n\n`make bench-coach` (tools/bench_coach.py), "
            f"{datetime.date.today():%Y-%m-%d}, this machine: {n} positions of Play ({', '.join(VARIANTS)}), "
            "the Coach's evaluate as PlayTable calls it (every card; as many deals as fit in 0.25 s, at most 400, at "
            "least 4; the advice is the lowest estimate; an answer is shown apart from it only beyond 1.96 × √2 "
            "standard errors of the paired difference and a quarter head); "
            "Pyodide under Node from the site's own copy (build/cache/pyodide-core). The machine is shared: "
            "times taken while other work ran are longer.\n\n" + "\n".join(f"- {x}" for x in lines) + f"\n{end}")
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    i, j = old.find(start), old.find(end)
    new = old[:i] + body + old[j + len(end):] if 0 <= i < j else old.rstrip("\n") + "\n\n" + body + "\n"
    path.write_text(new, encoding="utf-8")


if __name__ == "__main__":
    main()
