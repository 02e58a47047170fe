"""The ``sixnimmt`` command: where a card goes, a narrated game, a simulation, a replayed log.

Rule errors become one line on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from sixnimmt_core.bots import advance, make_bots
from sixnimmt_core.errors import ImpossibleSetup, SixNimmtError
from sixnimmt_core.game import Game
from sixnimmt_core.log import dumps, replay
from sixnimmt_core.narrate import narrate
from sixnimmt_core.rules import VARIANTS, MatchEnd, Rules, find_variant
from sixnimmt_core.table import FULL_ROW, places, where


def _row(text: str) -> list[int]:
    try:
        cards = [int(c) for c in text.split(",") if c.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a row: cards joined by commas, like 3,7,12") from None
    if not cards:
        raise argparse.ArgumentTypeError("an empty row")
    return cards


def _bots(text: str) -> list[str]:
    return [b.strip() for b in text.split(",") if b.strip()]


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="sixnimmt", description="6 nimmt! — teaching edition")
    sub = p.add_subparsers(dest="command", required=True)

    w = sub.add_parser("where", help="where a card goes on a table, and why")
    w.add_argument("--rows", type=_row, nargs="+", required=True,
                   help="the rows, each its cards joined by commas (8 24,31 69 81)")
    w.add_argument("--card", type=int, required=True)
    w.add_argument("--variant", default="base", help="professional: rows grow at both ends")
    w.add_argument("--json", action="store_true", help="print the answer as data")

    def game_args(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--players", type=int, default=4)
        sp.add_argument("--variant", default="base", help=f"one of: {', '.join(VARIANTS)}")
        sp.add_argument("--bots", type=_bots, default=["cautious"],
                        help="bots by seat, comma-separated: random, cautious, lookahead (the last repeats)")
        sp.add_argument("--seed", type=int, default=None)
        sp.add_argument("--limit", type=int, default=None, help="match: the penalty limit (default 66)")
        sp.add_argument("--exceeds", action="store_true", help="match: end when a player exceeds the limit")
        sp.add_argument("--hands", type=int, default=None, help="match: a fixed number of hands")

    g = sub.add_parser("play", help="a hand (or --match) with bots, narrated turn by turn")
    game_args(g)
    g.add_argument("--match", action="store_true", help="play a whole match, not one hand")
    g.add_argument("--json", action="store_true", help="print the JSON event log instead of words")

    s = sub.add_parser("simulate", help="many hands with bots: average penalty per bot, hands per second")
    game_args(s)
    s.add_argument("--games", type=int, default=1000, help="how many hands to play")

    r = sub.add_parser("replay", help="check a saved event log and tell the game it records")
    r.add_argument("file", help="a JSON log written by 'sixnimmt play --json' (- for stdin)")
    return p


def _rules(args: argparse.Namespace, match: bool) -> Rules:
    rules = find_variant(args.variant)
    if match:
        if args.hands is not None:
            rules = rules.but(match_end=MatchEnd(limit=None, hands=args.hands))
        elif args.limit is not None or args.exceeds:
            limit = args.limit if args.limit is not None else rules.match_end.limit or 66
            rules = rules.but(match_end=MatchEnd(limit=limit, exceeds=args.exceeds))
    return rules


def cmd_where(args: argparse.Namespace) -> int:
    rules = find_variant(args.variant)
    rows = args.rows
    if not 1 <= args.card <= 104:
        raise ImpossibleSetup(f"there is no card {args.card}: cards run from 1 to 104", "cards")
    for r in rows:
        if r != sorted(r) or any(not 1 <= c <= 104 for c in r):
            raise ImpossibleSetup(f"row {','.join(map(str, r))} must hold cards 1–104 in ascending order", "rows")
        if places(r) > FULL_ROW:
            raise ImpossibleSetup(f"row {','.join(map(str, r))} holds more than {FULL_ROW} cards", "rows")
    p = where(args.card, rows, two_sided=rules.two_sided)
    if args.json:
        print(json.dumps(p.to_json()))
    else:
        print(p.reason())
    return 0


def _game(args: argparse.Namespace, match: bool) -> tuple[Game, list[object]]:
    rules = _rules(args, match)
    game = Game(rules, args.players, seed=args.seed, one_hand=not match)
    return game, make_bots(args.bots, args.players, args.seed)


def cmd_play(args: argparse.Namespace) -> int:
    game, bots = _game(args, args.match)
    names = [f"{n} ({b.name})" for n, b in zip(game.names, bots, strict=True)]
    game.names = names
    advance(game, bots)
    if args.json:
        print(dumps(game, indent=None))
        return 0
    for line in narrate(game, skip=("chose",) if game.rules.choosing == "hidden" else ()):
        print(line)
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise ImpossibleSetup("--games must be at least 1", "games")
    rules = _rules(args, match=False).but(match_end=MatchEnd(limit=None, hands=1))
    bots = make_bots(args.bots, args.players, args.seed)
    totals = [0] * args.players
    base = args.seed or 0
    start = time.perf_counter()
    hands = 0
    for i in range(args.games):
        game = Game(rules, args.players, seed=base * 1_000_003 + i, record=False)
        advance(game, bots)
        for scores in game.hand_scores:
            for seat, pts in enumerate(scores):
                totals[seat] += pts
            hands += 1
    secs = time.perf_counter() - start
    by_bot: dict[str, list[int]] = {}
    for seat, bot in enumerate(bots):
        by_bot.setdefault(bot.name, []).append(seat)
    print(f"{hands} hands of {rules.name} with {args.players} players in {secs:.2f} s: {hands / secs:,.0f} hands/s")
    for name, seats in by_bot.items():
        avg = sum(totals[s] for s in seats) / (len(seats) * hands)
        print(f"  {name:<10} {avg:6.2f} heads per hand (seats {', '.join(str(s + 1) for s in seats)})")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text(encoding="utf-8")
    except OSError as exc:
        raise ImpossibleSetup(f"cannot read {args.file}: {exc.strerror}", "file") from None
    game = replay(text)
    for line in narrate(game, skip=("chose",) if game.rules.choosing == "hidden" else ()):
        print(line)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler = {"where": cmd_where, "play": cmd_play, "simulate": cmd_simulate, "replay": cmd_replay}[args.command]
    try:
        return handler(args)
    except SixNimmtError as exc:
        print(f"sixnimmt: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
