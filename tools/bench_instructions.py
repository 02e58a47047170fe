"""Instructions per hand and per Coach answer, counted by callgrind (independent of the machine's load),
in this tree and in another checkout, side by side (docs/performance.md: "200 hands less none").

    python tools/bench_instructions.py --other /work/main [--hands 60] [--variants base,hand]

Each count runs in a fresh interpreter under ``valgrind --tool=callgrind`` with that tree's package on
PYTHONPATH: random bots playing ``--hands`` one-hand games per variant, less the same script playing
none (once per tree); and the Coach (fixed deals, every answer on every deal, no time budget) on a few
seeded positions, less none. ``--core V,…``: the fast play-out core alone (``tools/bench_coach.py``'s
``playouts``: ``--positions`` positions, every answer played out from one ``Start`` a deal, twice, less none;
``PYTHONHASHSEED=0``), each count made ``--repeat`` times (min–max).
Prints figures only; no test depends on them.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HANDS = """
import sys
from sixnimmt_core import Game, advance, find_variant, make_bots
from sixnimmt_core.engine.rules import ONE_HAND
rules = find_variant(sys.argv[1]).but(match_end=ONE_HAND)
bots = make_bots(["random"], 4, 1)
for i in range(int(sys.argv[2])):
    advance(Game(rules, 4, seed=i, record=True), bots)
"""
COACH = """
import sys
from sixnimmt_core import Game, find_variant, make_bots
from sixnimmt_core.players.bots import coach_bot
for variant in sys.argv[1].split(","):
    g = Game(find_variant(variant), 4, seed=7, one_hand=True, record=False)
    bots = make_bots(["cautious"], 4, 7)
    while g.pending:
        d = g.pending[0]
        if d.seat == 0 and g.turn >= 3 and len(d.options) > 1:
            break
        g.act(d.seat, bots[d.seat].decide(d, g.view(d.seat)))
    if int(sys.argv[2]):  # every answer on every deal (none dropped after the first): the same work in both trees
        bot = coach_bot(7, g.rules, type(d), int(sys.argv[2]), None)
        bot.first = bot.samples
        bot.evaluate(d, g.view(0))
"""
CORE = """
import random, sys
from sixnimmt_core import Game, find_variant, make_bots
from sixnimmt_core.engine.decisions import PlayDecision
from sixnimmt_core.players import handloop, playout
rules = find_variant(sys.argv[1])
hand = handloop.supports(rules)
begin = handloop.Start if hand else playout.Start
pos, i = [], 0
while len(pos) < int(sys.argv[2]):  # as tools/bench_coach.py's playouts (a copy: this script runs in older trees too)
    g = Game(rules, 4, seed=i, one_hand=True, record=False)
    bots = make_bots(["cautious"], 4, i)
    while g.pending:
        d = g.pending[0]
        if d.seat == 0 and isinstance(d, PlayDecision) and g.turn > i % (8 if d.max_count == 1 else 5):
            o = d.options
            pairs = [(o[j], o[j + 1]) for j in range(len(o) - 1)]
            pos.append((g, list(o) if d.max_count == 1 else [(c,) for c in o] + pairs if hand else pairs))
            break
        g.act(d.seat, bots[d.seat].decide(d, g.view(d.seat)))
    i += 1
rng, noise = random.Random(1), [0.0, 0.1, 0.1, 0.1]
for _ in range(int(sys.argv[3])):
    for g, answers in pos:
        draws = playout.draws_for(noise, len(g.hands[0]))
        start = begin(g, 0, PlayDecision, noise, playout.Draws(rng, draws), playout.Draws(rng, draws))
        for a in answers:
            start.out(a, 99)
"""


def instructions(tree: str, script: str, *args: str) -> int:
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c",
                          script, *args], env={"PYTHONPATH": tree, "PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0"},
                         capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    assert found, run.stderr
    return int(found.group(1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--other", required=True, help="the other checkout (its root directory)")
    ap.add_argument("--hands", type=int, default=60)
    ap.add_argument("--variants", default="base,tactics,logic,tournament,professional,open,refined,hand,twins")
    ap.add_argument("--coach", default="base,professional,refined,hand,twins", help="variants of the Coach's positions")
    ap.add_argument("--samples", type=int, default=48)
    ap.add_argument("--core", default="", help="variants whose play-out core alone is counted (then nothing else)")
    ap.add_argument("--positions", type=int, default=8, help="positions of each --core variant")
    ap.add_argument("--repeat", type=int, default=3, help="counts of each --core variant")
    args = ap.parse_args()
    trees = {"here": str(ROOT), "other": args.other}
    for tree in trees.values():  # compiled once before counting: a fresh .pyc is not the engine's work
        subprocess.run([sys.executable, "-c", COACH, "base", "1"], env={"PYTHONPATH": tree}, check=True)
        subprocess.run([sys.executable, "-c", CORE, "hand", "1", "1"], env={"PYTHONPATH": tree}, check=True)
    if args.core:
        core(args, trees)
        return
    none = {name: instructions(tree, HANDS, "base", "0") for name, tree in trees.items()}
    for variant in args.variants.split(","):
        per = {}
        for name, tree in trees.items():
            per[name] = (instructions(tree, HANDS, variant, str(args.hands)) - none[name]) / args.hands
        print(f"{variant:<13} {per['here'] / 1e6:7.3f} M / hand here, {per['other'] / 1e6:7.3f} M there: "
              f"{per['other'] / per['here']:.3f}× the speed", flush=True)
    coach = {name: instructions(tree, COACH, args.coach, str(args.samples)) - instructions(tree, COACH, args.coach, "0")
             for name, tree in trees.items()}
    print(f"Coach ({args.coach}, {args.samples} deals each): {coach['here'] / 1e6:.1f} M here, "
          f"{coach['other'] / 1e6:.1f} M there: {coach['other'] / coach['here']:.3f}× the speed")


def core(args: argparse.Namespace, trees: dict[str, str]) -> None:
    """The play-out core's instructions, less the positions built and nothing played, ``--repeat`` times."""
    n = str(args.positions)
    for variant in args.core.split(","):
        per: dict[str, list[int]] = {name: [] for name in trees}
        for _ in range(args.repeat):
            for name, tree in trees.items():
                per[name].append(instructions(tree, CORE, variant, n, "2") - instructions(tree, CORE, variant, n, "0"))
        here, there = sorted(per["here"]), sorted(per["other"])
        ratios = sorted(t / h for h in here for t in there)
        print(f"core {variant:<13} {here[len(here) // 2] / 1e6:8.2f} M here ({here[0] / 1e6:.2f}–{here[-1] / 1e6:.2f}), "
              f"{there[len(there) // 2] / 1e6:8.2f} M there: {ratios[len(ratios) // 2]:.3f}× the speed "
              f"({ratios[0]:.3f}–{ratios[-1]:.3f})", flush=True)


if __name__ == "__main__":
    main()
