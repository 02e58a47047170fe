"""Bot strength on paired deals: regenerates docs/bots.md (``make bench-bots``).

Each deal is played twice: once with the bot under test in a seat, once with the cautious bot in
that same seat, the other seats the same bots with the same seeds. The difference of the two
seats' heads is measured per deal, so the luck of the deal cancels out; the table gives its mean
with a 95 % confidence interval (1.96 standard errors). The seat under test turns round the table.

    python tools/bench_bots.py [--hands 2000] [--variant-hands 200] [--jobs 1] [--out docs/bots.md]

Prints figures and writes the page; no test depends on them (DEVELOPERS.md rule 5).
"""

from __future__ import annotations

import argparse
import datetime
import math
import platform
import re
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sixnimmt_core import Game, advance, find_variant  # noqa: E402
from sixnimmt_core.engine.rules import ONE_HAND, VARIANTS  # noqa: E402
from sixnimmt_core.players.bots import CoachBot, ExpertBot, MonteCarloBot, make_bot  # noqa: E402

PLAYERS = 4
BOT = "expert"
COACH_START, COACH_END = "<!-- coach: tools/bench_coach.py -->", "<!-- /coach -->"
COMPARE_START, COMPARE_END = "<!-- compare: tools/bench_bots.py --section -->", "<!-- /compare -->"
ROUNDS = 20  # each variant pairing grows by a twentieth of its deals a round, base by a fifth (first done)


def seat_heads(variant: str, seed: int, seat: int, test: str, opponents: str) -> float:
    """Heads per hand of ``seat`` (played by ``test``) in one deal of ``variant`` (one hand; a
    Tournament its whole match), the other seats ``opponents``."""
    rules = find_variant(variant)
    if not rules.sheets:
        rules = rules.but(match_end=ONE_HAND)
    g = Game(rules, PLAYERS, seed=seed, record=False)
    agents = [make_bot(opponents, seed * 10 + s + 1) for s in range(PLAYERS)]
    agents[seat] = bench_bot(test, seed * 10 + seat + 1)
    advance(g, agents)
    return sum(h[seat] for h in g.hand_scores) / len(g.hand_scores)


def bench_bot(name: str, seed: int) -> Any:
    """A bot by name, with the benchmark's own two: ``coach`` (the Coach exactly as Play builds it: its
    time budget, its advice) and ``mc`` (a plain Monte-Carlo player, 400 random play-outs a decision)."""
    if name == "coach":
        return CoachBot(seed)
    if name == "mc":
        return MonteCarloBot(seed)
    return make_bot(name, seed)


def pair(job: tuple[str, str, str, int]) -> tuple[float, float]:
    """(the bot's heads, the cautious bot's heads) in the same seat of the same deal."""
    variant, test, opponents, seed = job
    seat = seed % PLAYERS
    return (seat_heads(variant, seed, seat, test, opponents),
            seat_heads(variant, seed, seat, "cautious", opponents))


def mean_ci(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return m, 1.96 * math.sqrt(var / n)


def summarize(variant: str, test: str, opponents: str, pairs: list[tuple[float, float]], seconds: float) -> dict:
    diff, ci = mean_ci([a - b for a, b in pairs])
    return {"variant": variant, "bot": test, "opponents": opponents, "n": len(pairs),
            "bot_heads": mean_ci([p[0] for p in pairs]), "cautious_heads": mean_ci([p[1] for p in pairs]),
            "diff": diff, "ci": ci, "seconds": seconds}


def run(plan: list[tuple[str, str, int, str]], pool: Pool | None, write: Any, first_seed: int = 0) -> list[dict]:
    """Every pairing of ``plan`` (variant, opponents, deals) played in turn, a chunk at a time, the page
    rewritten after each chunk: a long run shows every pairing early and sharpens them all as it goes."""
    pairs: list[list[tuple[float, float]]] = [[] for _ in plan]
    seconds = [0.0] * len(plan)
    rows: list[dict | None] = [None] * len(plan)
    while any(len(p) < n for p, (_v, _o, n, _b) in zip(pairs, plan, strict=True)):
        for k, (variant, opponents, n, bot) in enumerate(plan):
            done = len(pairs[k])
            if done >= n:
                continue
            size = max(1, -(-n // (ROUNDS // 4 if variant == "base" else ROUNDS)))
            jobs = [(variant, bot, opponents, first_seed + seed) for seed in range(done, min(n, done + size))]
            t0 = time.perf_counter()
            pairs[k] += pool.map(pair, jobs, chunksize=2) if pool else [pair(j) for j in jobs]
            seconds[k] += time.perf_counter() - t0
            rows[k] = summarize(variant, bot, opponents, pairs[k], seconds[k])
            r = rows[k]
            print(f"{variant:<13} {bot} + 3 {opponents:<8} bot {r['bot_heads'][0]:5.2f}  cautious "
                  f"{r['cautious_heads'][0]:5.2f}  diff {r['diff']:+.2f} ± {r['ci']:.2f}  n={r['n']}", flush=True)
            write([r for r in rows if r is not None], finished=False)
    return [r for r in rows if r is not None]


HOW = """\
# The bots: how each decides, and how strong each is

Generated by `make bench-bots` (tools/bench_bots.py); do not edit the tables by hand.

## How each bot decides

Play's opponent menu names the levels for people; the old names still work (`make_bot`, saved games).

| level | bot | how it decides |
|---|---|---|
| beginner | `random` (`RandomBot`) | any legal answer, uniformly at random. |
| careful | `cautious` (`CautiousBot`) | one rule of thumb per decision: play the card with the lowest quick risk (a sure sixth card or a low card counts the row's heads; a card going onto a nearly full row counts part of them, more the fuller the row and the wider the gap); take the cheapest row; Refined: the order of two cards that costs least now; Hand: keep the one-head cards. |
| — | `lookahead` (`LookaheadBot`) | the Coach's engine before issue 14: re-deals the unseen cards 12 times, tries its five safest cards on each deal and plays 3 more turns, everyone as the cautious bot. Kept for old saved games. |
| — | `coach` (`CoachBot`, for this benchmark) | the Coach as a player: at each decision Play's Coach is asked afresh (its time budget, its advice) and its advice played. |
| — | `mc` (`MonteCarloBot`, for this benchmark) | a plain Monte-Carlo player, the kind public 6 nimmt! agents use: 400 play-outs a decision spread evenly over its legal answers, each on a random re-deal of the cards it cannot see with every seat, itself too, answering at random; it plays the answer with the fewest heads on average (no reading of the others, no pairing; two-card turns and drafts: the cautious bot's answer). |
| expert | `expert` (`ExpertBot`) | information-set search (determinized Monte Carlo): re-deals the cards it cannot see (the other hands, the undealt cards, cards laid face down) 32 times; on each deal it tries every candidate answer (every card; two-card turns: the safest five cards in pairs) and plays 10 more turns (the rest of the hand). It plays its own later turns as the cautious bot and reads each other seat from the cards it has laid this hand (base, Tactics, Logic, Tournament, Professional: one hidden card each a turn, one deck). A cautious player lays the card of lowest risk, so every card still in its hand ranks after each card it laid, and no card it laid later ranks before one it laid earlier; Bayes weighs that reading against a careless player who lays any card alike (before any card, even odds). On each deal a seat is drawn careful with that chance: it is then dealt only cards its laid cards allow and plays as the cautious bot; otherwise it plays any legal answer. Among 3 cautious bots this reading made it 3.62 ± 0.91 heads/hand better than the cautious bot, against 2.00 ± 0.84 with every seat modelled as 10 % careless (400 deals each, the same deals); in Professional 4.83 ± 2.31 against 0.65 ± 2.93 (60 deals). In the other variants (Open, Refined, Hand, Twins) each other seat is the cautious bot that, 10 % of the time, plays any legal answer instead. Draft picks (Logic, Tournament) follow the cautious rule (fewest heads, then nearest the middle of the cards left): its search's own picks did worse (Logic, 100 deals among random bots: +0.94 ± 1.09 heads/hand against the cautious bot with them, −0.66 ± 0.52 with the rule). All answers are tried on the same deals with the same careless moments, so their differences are measured on paired samples; a third of the deals go to every answer first, the rest only to the answers not already 0.5 heads behind beyond the margin. It advises the cheapest answer on average; among the answers the samples cannot separate from it (within 1.96 standard errors of the paired difference), the one the cautious bot prefers, so that its advice is stable from one run to the next. |

The Coach in Play (`bots.coach_bot`, asked through `bots.coach_advice`) is the expert bot with every
card of the hand tried (`every_card=True`), as many deals as fit in 0.25 s (at most 400, at least 4: 32
deals for every answer first, the rest for the answers not already behind beyond the margin), the Hand
variant 5 rounds ahead. Its play-outs run on the fast core (`playout.py`: the rest of a hand with plain
integers, checked against the engine on 2,000 random positions per variant) in base, Tactics, Logic and
Tournament after the draft, Professional, Open, Refined (and Refined on two-sided rows) and Twins; the
Hand variant (cards laid and placed at once, taken cards kept in hand) on its own core (`handloop.py`: the
rows as card lists in the order of their ends, each seat the same model from the same draws; checked
against the engine on 2,000 random positions, `tests/test_handloop.py`). It counts a play-out's heads as
the hand's score (pile, and cards left in hand twice). In a match the engine's play-out (`search.cost`)
counts the hand it started in and no more: until 2026-12-06 it counted, once the hand had ended, the next
hand's dealt cards twice as well (Hand, seed 5, cautious bots: 92 heads on seat 0 right after the first
hand, whose sheet says 40; `tests/test_bots.py`).
On four one-sided rows the inner loop (`rowloop.py`) keeps each row as its end, length and heads (Twins: its end, places,
cards and heads; no card lists), the rows in the order of their ends, reads each seat's cautious card from tables of the same floats as
`card_risk`, and runs Refined's pairs there too; every answer tried on a deal starts from one `playout.Start` (the hand turned into
integers and the other seats' cards of this turn picked once: they do not depend on the answer). Every
answer on a deal reads the same random draws (`playout.Draws`: common random numbers): a careless seat
is careless at the same moments and lays the same card by position in every answer, and the rows a
careless low card takes come from a second stream, so one answer's low card does not shift the draws
of the others.
Its advice is the answer with the lowest estimate, with no lean on the cautious bot's card (issue 24);
the answers its deals cannot separate from the advice (within 1.96 × √2 = 2.77 standard errors of the
paired difference: the margin beyond which a second look on other deals would see them apart too; with
one look's 95 % margin two seeds disagreed on 1 base position in 5 even with 400 deals) or that differ
from it by less than a quarter head are *about the same*: shown as equals (★ on their
badges) and named together ("these 3 are about the same"). The badges show whole heads, and one decimal
where whole heads would show a ★ badge's number on a badge without one (`playflow.fine_badges`: a phone in
Romanian showed "★ ≈11", an answer the deals could not set apart from the advice, beside four plain "≈11"
they had set apart): every ★ badge then reads no more heads than every other. A draft pick keeps the cautious rule and
shows its order. Play's Coach and the hindsight after a saved game (`saved.Hindsight`) ask the same
`coach_advice` with the same settings (the replay under Play uses `COACH_SAMPLES` and `COACH_BUDGET`,
no budget of its own), its deals seeded by the game's seed and the decision's place in the log, so the
hindsight of a position is the advice Play gave (with the same deals). Each `Estimate` carries the
standard error over the sampled deals (`se`), the usual range of the cost (`low`, `high`: the 10th and
90th percentile over the deals: "could be anything from 2 to 13"), whether the deals separate it from
the advice (`apart`), and, for a forced move whose row the table already decides (a sure sixth card, a
low card laid before any other, a safe place no other card can reach first), what it surely costs
(`sure`).
"""


def page(rows: list[dict], args: argparse.Namespace, seconds: float, finished: bool = True) -> str:
    out = [HOW, "## Strength on paired deals\n"]
    if not finished:
        out.append("*(Run in progress or stopped early: the rows grow a chunk at a time, in turn.)*\n")
    out.append(f"{PLAYERS} players; each deal played twice, the bot and the cautious bot in the same seat "
               "among the same opponents with the same seeds. Heads per hand (Tournament: per hand of its "
               "match); *difference* = the bot's heads − the cautious bot's heads on the same deals, "
               "negative is better, ± the 95 % confidence interval. "
               f"Run {datetime.date.today():%Y-%m-%d}, Python {platform.python_version()}, "
               f"{seconds / 60:.0f} min on {args.jobs} process(es)"
               + (f" for {', '.join(args.variants.split(','))}; the other rows are kept from the page before: "
                  f"{args.kept_run}" if getattr(args, "kept_run", "") else ".") + "\n")
    out += strength_table(rows)
    out.append("")
    out.append("*The bot is*: **better** when the whole 95 % interval of the difference is below 0, **worse** when "
               "it is above 0, else *not separated* (these deals cannot tell the two apart).\n")
    out.append("Targets (issue 14): at least 2 heads/hand better than cautious among 3 cautious bots; never "
               "worse than cautious among 3 random bots; in every variant at least as good as cautious.\n")
    out += [f"- {line}" for line in targets(rows)]
    out.append("")
    return "\n".join(out) + "\n" + kept_section(Path(args.out), COMPARE_START, COMPARE_END) + coach_section(
        Path(args.out))


def kept_rows(path: Path) -> tuple[list[dict], str]:
    """The rows of the page as it is (``--keep``: a run of some variants keeps the others' rows) and
    the sentence that says how they were run."""
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    rows = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 8 or " + 3 " not in cells[1] or cells[0] == "variant":
            continue
        bot, opponents = cells[1].split(" + 3 ")
        rows.append({"variant": cells[0], "bot": bot, "opponents": opponents, "n": int(cells[6].replace(",", "")),
                     "bot_heads": (float(cells[2]), 0.0), "cautious_heads": (float(cells[3]), 0.0),
                     "diff": float(cells[4]), "ci": float(cells[5].lstrip("± ")), "seconds": 0.0})
    run = re.search(r"(Run \d{4}-\d{2}-\d{2}, Python [^.]*(?:\.\d+)*[^\n]*)", text)
    return rows, run.group(1) if run else "an earlier run"


def verdict(r: dict) -> str:
    """Better, worse or not separated: where the 95 % interval of the difference lies against 0."""
    if r["diff"] + r["ci"] < 0:
        return "better"
    if r["diff"] - r["ci"] > 0:
        return "**worse**"
    return "not separated"



def strength_table(rows: list[dict]) -> list[str]:
    """The strength rows as a Markdown table: each bot against the cautious bot on the same deals."""
    out = ["| variant | table | bot heads/hand | cautious heads/hand (same seat) | difference | 95 % CI | hands "
           "| the bot is |", "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        out.append(f"| {r['variant']} | {r['bot']} + 3 {r['opponents']} | {r['bot_heads'][0]:.2f} | "
                   f"{r['cautious_heads'][0]:.2f} | {r['diff']:+.2f} | ± {r['ci']:.2f} | {r['n']:,} | {verdict(r)} |")
    return out

def targets(rows: list[dict]) -> list[str]:
    """Each target of issue 14 against this run's rows, in a line."""
    out = []
    for r in rows:
        where = f"{r['variant']}, {r['bot']} + 3 {r['opponents']} ({r['n']:,} deals)"
        if r["variant"] == "base" and r["opponents"] == "cautious":
            if r["diff"] + r["ci"] <= -2:
                state = "met: the whole interval is 2 or more heads/hand better"
            elif r["diff"] <= -2:
                state = "met on the mean, but the interval reaches above −2"
            else:
                state = "**not met**"
            out.append(f"{where}: at least 2 heads/hand better: {r['diff']:+.2f} ± {r['ci']:.2f}, {state}")
        elif r["variant"] == "base":
            state = "met" if r["diff"] - r["ci"] <= 0 else "**not met**"
            out.append(f"{where}: never worse: {r['diff']:+.2f} ± {r['ci']:.2f}, {state} ({verdict(r)})")
    worse = [f"{r['variant']} + 3 {r['opponents']}" for r in rows if r["variant"] != "base" and verdict(r) != "better"
             and r["diff"] - r["ci"] > 0]
    unsure = [f"{r['variant']} + 3 {r['opponents']} ({r['diff']:+.2f} ± {r['ci']:.2f})" for r in rows
              if r["variant"] != "base" and verdict(r) == "not separated"]
    variants = [r for r in rows if r["variant"] != "base"]
    if variants:
        out.append("every variant at least as good as cautious: "
                   + ("**not met**: worse in " + ", ".join(worse) if worse else "met: worse in none")
                   + ("; not separated from the cautious bot in " + ", ".join(unsure) if unsure else
                      "; better in every one"))
    return out


def kept_section(path: Path, start_mark: str, end_mark: str) -> str:
    """A section of the page between two markers, kept as it is ('' when there is none)."""
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    start, end = old.find(start_mark), old.find(end_mark)
    if start < 0 or end < start:
        return ""
    return "\n" + old[start:end + len(end_mark)] + "\n"


def compare_page(old: str, rows: list[dict], args: argparse.Namespace, seconds: float, finished: bool) -> str:
    """``old`` (the page) with its comparison section (``--section``) written from ``rows``: the bots of
    ``--bots`` side by side, each against the cautious bot on the same deals."""
    out = [COMPARE_START, "## The Coach, the expert and a plain Monte-Carlo player, side by side\n"]
    out.append(f"`python tools/bench_bots.py --section --bots {args.bots} --variants {args.variants} --hands "
               f"{args.hands}`: a reduced run ({'finished' if finished else 'stopped early: the deals below'}), "
               f"{datetime.date.today():%Y-%m-%d}, Python {platform.python_version()}, {seconds / 60:.0f} min on "
               f"{args.jobs} process(es) of a machine shared with other work (the Coach's 0.25 s budget then "
               "buys fewer deals than on an idle machine). `coach` is the Coach exactly as Play builds it (its "
               "time budget, its advice: the lowest estimate); `mc` a plain Monte-Carlo player (400 random "
               "play-outs a decision, every seat random in them); `expert` the expert level. Same columns as "
               "above: *difference* = the bot's heads − the cautious bot's on the same deals, ± the 95 % "
               "interval.\n")
    out += strength_table(rows)
    out.append(COMPARE_END)
    body = "\n".join(out)
    i, j = old.find(COMPARE_START), old.find(COMPARE_END)
    if 0 <= i < j:
        return old[:i] + body + old[j + len(COMPARE_END):]
    k = old.find(COACH_START)
    return (old[:k] + body + "\n\n" + old[k:]) if k >= 0 else old.rstrip("\n") + "\n\n" + body + "\n"


def coach_section(path: Path) -> str:
    """The Coach's figures (written by tools/bench_coach.py between its markers), kept as they are."""
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    start, end = old.find(COACH_START), old.find(COACH_END)
    if start < 0 or end < start:
        return ""
    return "\n" + old[start:end + len(COACH_END)] + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000, help="deals per base pairing")
    ap.add_argument("--variant-hands", type=int, default=200, help="deals per variant pairing")
    ap.add_argument("--jobs", type=int, default=1, help="processes (the machine is shared: 1 unless idle)")
    ap.add_argument("--variants", default=",".join(VARIANTS), help="comma-separated variants")
    ap.add_argument("--section", action="store_true",
                    help="write only the page's side-by-side section (the bots of --bots), keep the rest")
    ap.add_argument("--bots", default=BOT, help="the bots measured, comma-separated (expert, coach, mc, …)")
    ap.add_argument("--out", default=str(ROOT / "docs" / "bots.md"))
    ap.add_argument("--keep", action="store_true",
                    help="keep the page's rows of the variants not run now (a re-run of some variants)")
    ap.add_argument("--first-seed", type=int, default=0, help="the first deal's seed (a second run: other deals)")
    args = ap.parse_args()
    assert ExpertBot  # the bot measured is the expert level
    t0 = time.perf_counter()

    kept, args.kept_run = kept_rows(Path(args.out)) if args.keep else ([], "")
    ran = set(args.variants.split(","))
    kept = [r for r in kept if r["variant"] not in ran]

    def write(shown: list[dict], finished: bool = True) -> None:
        if args.section:
            path = Path(args.out)
            old = path.read_text(encoding="utf-8") if path.exists() else ""
            path.write_text(compare_page(old, shown, args, time.perf_counter() - t0, finished), encoding="utf-8")
            return
        new = {(r["variant"], r["bot"], r["opponents"]): r for r in shown}
        old = {(r["variant"], r["bot"], r["opponents"]): r for r in kept}
        bots = list(dict.fromkeys([*args.bots.split(","), *(r["bot"] for r in kept)]))
        rows = [new.get(k) or old.get(k) for v in VARIANTS for b in bots
                for k in ((v, b, "cautious"), (v, b, "random"))]
        Path(args.out).write_text(page([r for r in rows if r], args, time.perf_counter() - t0, finished),
                                  encoding="utf-8")

    plan = [(v, o, args.hands if v == "base" else args.variant_hands, b)
            for v in args.variants.split(",") for b in args.bots.split(",") for o in ("cautious", "random")]
    pool = Pool(args.jobs) if args.jobs > 1 else None
    try:
        rows = run(plan, pool, write, args.first_seed)
        write(rows)
    finally:
        if pool:
            pool.close()
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
