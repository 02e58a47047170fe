"""Engine benchmark: hands per second with random bots (event log on), per variant; import time.

Prints figures only; no test depends on them (DEVELOPERS.md rule 5).
"""

from __future__ import annotations

import subprocess
import sys
import time

from sixnimmt_core import Game, LookaheadBot, advance, find_variant, make_bots
from sixnimmt_core.engine.rules import ONE_HAND, VARIANTS


def hands_per_second(variant: str, players: int = 4, seconds: float = 1.5, record: bool = True) -> float:
    """Random bots, one hand each (a Tournament counts each of its hands)."""
    rules = find_variant(variant).but(match_end=ONE_HAND)
    bots = make_bots(["random"], players, 1)
    hands = 0
    i = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(50):
            g = Game(rules, players, seed=i, record=record)
            advance(g, bots)
            hands += g.hand_no
            i += 1
    return hands / (time.perf_counter() - start)


def import_ms() -> float:
    code = "import time; t = time.perf_counter(); import sixnimmt_core; print((time.perf_counter() - t) * 1000)"
    runs = [float(subprocess.check_output([sys.executable, "-X", "frozen_modules=on", "-c", code])) for _ in range(5)]
    return min(runs)


def lookahead_ms(decisions: int = 20) -> float:
    bot = LookaheadBot(1)
    g = Game(find_variant("base"), 4, seed=3, one_hand=True)
    total = 0.0
    n = 0
    others = make_bots(["cautious"], 4, 3)
    while g.pending and n < decisions:
        d = g.pending[0]
        t = time.perf_counter()
        action = bot.decide(d, g.view(d.seat)) if d.seat == 0 else others[d.seat].decide(d, g.view(d.seat))
        if d.seat == 0:
            total += time.perf_counter() - t
            n += 1
        g.act(d.seat, action)
    return total / max(n, 1) * 1000


def main() -> None:
    print(f"engine benchmark — Python {sys.version.split()[0]}, random bots, 4 players")
    print(f"  import sixnimmt_core: {import_ms():.1f} ms (best of 5, fresh interpreter)")
    base = hands_per_second("base")
    off = hands_per_second("base", record=False)
    print(f"  base hands/s with the event log: {base:,.0f}   (target ≥ 12,000)")
    print(f"  base hands/s without the log:    {off:,.0f}   (log costs {off / base:.2f}×)")
    for name in VARIANTS:
        if name == "base":
            continue
        players = 4
        hps = hands_per_second(name, players, seconds=0.8)
        print(f"  {name:<13} {hps:9,.0f} hands/s   ({hps / base:.2f}× base)")
    print(f"  lookahead bot: {lookahead_ms():.0f} ms per decision (base, 4 players, CPython)")


if __name__ == "__main__":
    main()
