"""The engine's speed against an earlier commit, side by side (DEVELOPERS.md rule 5): hands per second
with random bots (event log on), per variant, in this tree and in a git worktree of ``--against``,
run in turns so that both see the same load. Prints each variant's ratio (this / that) with the
spread of its rounds.

    python tools/bench_against.py --against HEAD~3 [--rounds 5] [--seconds 1] [--variants base,hand]

Prints figures only; no test depends on them.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Run inside each tree: the public API only, which both commits share.
PROBE = """
import json, sys, time
from sixnimmt_core import Game, advance, find_variant, make_bots
out = {}
for variant in sys.argv[2].split(","):
    rules = find_variant(variant).but(match_end=find_variant(variant).match_end.__class__(limit=None, hands=1))
    bots = make_bots(["random"], 4, 1)
    hands, i, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < float(sys.argv[1]):
        g = Game(rules, 4, seed=i, record=True)
        advance(g, bots)
        hands += g.hand_no
        i += 1
    out[variant] = hands / (time.perf_counter() - start)
print(json.dumps(out))
"""


def measure(tree: Path, seconds: float, variants: list[str]) -> dict[str, float]:
    done = subprocess.run([sys.executable, "-c", PROBE, str(seconds), ",".join(variants)], cwd=tree,
                          env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"}, capture_output=True, text=True,
                          check=True)
    return json.loads(done.stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", required=True, help="the commit to compare with (a git revision)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--variants", default="base,tactics,professional,open,refined,hand,twins,logic")
    args = ap.parse_args()
    variants = args.variants.split(",")
    with tempfile.TemporaryDirectory() as tmp:
        other = Path(tmp) / "other"
        subprocess.run(["git", "worktree", "add", "-q", "--detach", str(other), args.against], cwd=ROOT, check=True)
        for mo in ROOT.glob("sixnimmt_core/locale/*/LC_MESSAGES/*.mo"):  # compiled, not in git: the same words
            target = other / mo.relative_to(ROOT)
            if target.parent.is_dir():
                shutil.copyfile(mo, target)
        try:
            ratios: dict[str, list[float]] = {v: [] for v in variants}
            for r in range(args.rounds):  # in turns, variant by variant, each tree first every other round:
                for v in variants:  # both see the same moments of the machine's load
                    pair = (ROOT, other) if r % 2 == 0 else (other, ROOT)
                    first, second = (measure(tree, args.seconds, [v])[v] for tree in pair)
                    here, there = (first, second) if r % 2 == 0 else (second, first)
                    ratios[v].append(here / there)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(other)], cwd=ROOT, check=True)
    print(f"hands/s, this tree ÷ {args.against}, {args.rounds} rounds of {args.seconds} s each (median, min–max):")
    for v in variants:
        r = ratios[v]
        print(f"  {v:13s} {statistics.median(r):.3f}  ({min(r):.3f}–{max(r):.3f})")


if __name__ == "__main__":
    main()
