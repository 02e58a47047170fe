"""The ``sixnimmt`` command: where a card goes, a narrated game, a simulation, a replayed log.

Rule errors become one line on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from sixnimmt_core.bots import advance, make_bots, nth_seed
from sixnimmt_core.cards import HIGHEST, LOWEST
from sixnimmt_core.errors import CorruptLog, ImpossibleSetup, SixNimmtError
from sixnimmt_core.events import Chose
from sixnimmt_core.game import Game
from sixnimmt_core.i18n import LANGUAGES, UnknownLanguage, check_language, environment_language
from sixnimmt_core.log import dumps, replay
from sixnimmt_core.narrate import narrate
from sixnimmt_core.rules import (
    MAX_HANDS,
    MAX_LIMIT,
    MAX_PLAYERS,
    MIN_PLAYERS,
    VARIANTS,
    MatchEnd,
    Rules,
    find_variant,
)
from sixnimmt_core.table import ROWS, where
from sixnimmt_core.words import seat_name

MAX_GAMES = 1_000_000  # simulate: at most this many hands (about two minutes at 10,000 hands/s)
MAX_SEED = 2**63 - 1
MAX_LOG_BYTES = 50_000_000  # a saved game larger than this is refused before it is parsed


class Parser(argparse.ArgumentParser):
    """argparse that reports a bad command line as one line on stderr and exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _whole(text: str, what: str, bounds: str = "a number of at most 20 digits") -> int:
    """``text`` as a whole number of at most 20 digits (never a 5,000-digit conversion), or a one-line
    argparse error."""
    t = text.strip()
    body = t[1:] if t[:1] in "+-" else t
    if not body.isascii() or not body.isdigit():
        raise argparse.ArgumentTypeError(f"{what} must be a whole number, not {text[:20]!r}")
    if len(body) > 20:
        raise argparse.ArgumentTypeError(f"{what} must be {bounds}, not a {len(body)}-digit number")
    return int(t)


def _number(what: str, lo: int | None = None, hi: int | None = None) -> Callable[[str], int]:
    """A parser of whole numbers; with ``lo``/``hi``, only from ``lo`` to ``hi`` (said in --help)."""
    bounds = "a number of at most 20 digits" if lo is None or hi is None else f"from {lo:,} to {hi:,}"

    def parse(text: str) -> int:
        n = _whole(text, what, bounds)
        if lo is not None and hi is not None and not lo <= n <= hi:
            raise argparse.ArgumentTypeError(f"{what} must be {bounds}, not {n:,}")
        return n
    return parse


def _row(text: str) -> list[int]:
    parts = text.split(",")
    if any(not p.strip() for p in parts):
        raise argparse.ArgumentTypeError(f"{text!r} is not a row: cards joined by commas, like 3,7,12, "
                                         "with no empty place")
    # a number outside 1–104 is parsed here and refused by where(), which names the rule
    return [_whole(p, "a card") for p in parts]


def _language(text: str) -> str:
    try:
        return check_language(text)
    except UnknownLanguage as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _lang(args: argparse.Namespace) -> str:
    """The language asked for with --lang, else the environment's."""
    return args.lang or environment_language()


def _bots(text: str) -> list[str]:
    return [b.strip() for b in text.split(",") if b.strip()]


def build_parser() -> argparse.ArgumentParser:
    p = Parser(prog="sixnimmt", description="6 nimmt! — teaching edition")
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser)

    # the language of the words (not of --help): en, cs, sk or ro; by default the environment's locale
    lang = argparse.ArgumentParser(add_help=False)
    lang.add_argument("--lang", type=_language, default=None,
                      help=f"the language of the explanations: {', '.join(LANGUAGES)} "
                           "(default: the environment's locale, else en)")
    w = sub.add_parser("where", help="where a card goes on a table, and why", parents=[lang])
    w.add_argument("--rows", type=_row, nargs="+", required=True,
                   help=f"the {ROWS} rows, each its cards in ascending order joined by commas (8 24,31 69 81)")
    w.add_argument("--card", type=_number("--card"), required=True,
                   help=f"the card played, {LOWEST}–{HIGHEST}, not already on the table")
    w.add_argument("--variant", default="base",
                   help="professional: rows grow at both ends; twins: a number may lie twice")
    w.add_argument("--json", action="store_true", help="print the answer as data")

    def game_args(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--players", type=_number("--players"), default=4,
                        help=f"{MIN_PLAYERS}–{MAX_PLAYERS} (fewer in some variants; default 4)")
        sp.add_argument("--variant", default="base", help=f"one of: {', '.join(VARIANTS)}")
        sp.add_argument("--bots", type=_bots, default=["cautious"],
                        help="bots by seat, comma-separated: random, cautious, lookahead (the last repeats)")
        sp.add_argument("--seed", type=_number("--seed", 0, MAX_SEED), default=None,
                        help="0 to 2**63-1: the same seed deals the same cards")
        sp.add_argument("--limit", type=_number("--limit", 1, MAX_LIMIT), default=None,
                        help=f"match: the penalty limit, 1–{MAX_LIMIT} (default 66)")
        sp.add_argument("--exceeds", action="store_true", help="match: end when a player exceeds the limit")
        sp.add_argument("--hands", type=_number("--hands", 1, MAX_HANDS), default=None,
                        help=f"match: a fixed number of hands, 1–{MAX_HANDS}")

    g = sub.add_parser("play", help="a hand (or --match) with bots, narrated turn by turn", parents=[lang])
    game_args(g)
    g.add_argument("--match", action="store_true", help="play a whole match, not one hand")
    g.add_argument("--json", action="store_true", help="print the JSON event log instead of words")

    s = sub.add_parser("simulate", help="many hands with bots: average penalty per bot, hands per second")
    game_args(s)
    s.add_argument("--games", type=_number("--games", 1, MAX_GAMES), default=1000,
                   help=f"how many hands to play, 1–{MAX_GAMES:,} (default 1000)")

    r = sub.add_parser("replay", help="check a saved event log and tell the game it records", parents=[lang])
    r.add_argument("file", help="a JSON log written by 'sixnimmt play --json' (- for stdin), "
                                f"UTF-8, at most {MAX_LOG_BYTES // 1_000_000} MB")
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
    p = where(args.card, args.rows, two_sided=rules.two_sided, twins=rules.twins)
    if args.json:
        print(json.dumps(p.to_json()))
    else:
        print(p.reason(_lang(args)))
    return 0


def _game(args: argparse.Namespace, match: bool) -> tuple[Game, list[object]]:
    rules = _rules(args, match)
    game = Game(rules, args.players, seed=args.seed, one_hand=not match)
    return game, make_bots(args.bots, args.players, args.seed)


def cmd_play(args: argparse.Namespace) -> int:
    game, bots = _game(args, args.match)
    lang = _lang(args)
    names = [f"{seat_name(i, lang)} ({b.name})" for i, b in enumerate(bots)]
    game.names = names
    advance(game, bots)
    if args.json:
        print(dumps(game, indent=None))
        return 0
    for line in narrate(game, lang, skip=(Chose,) if game.rules.choosing == "hidden" else ()):
        print(line)
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    rules = _rules(args, match=False).but(match_end=MatchEnd(limit=None, hands=1))
    bots = make_bots(args.bots, args.players, args.seed)
    totals = [0] * args.players
    start = time.perf_counter()
    hands = 0
    for i in range(args.games):
        game = Game(rules, args.players, seed=nth_seed(args.seed, i), record=False)
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
        if args.file == "-":
            raw = sys.stdin.buffer.read(MAX_LOG_BYTES + 1)
        else:
            with Path(args.file).open("rb") as f:
                raw = f.read(MAX_LOG_BYTES + 1)
    except OSError as exc:
        raise ImpossibleSetup(f"cannot read {args.file}: {exc.strerror}", "file") from None
    if len(raw) > MAX_LOG_BYTES:
        raise CorruptLog(f"{args.file} is larger than {MAX_LOG_BYTES // 1_000_000} MB: not a saved game", "log")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CorruptLog(f"{args.file} is not UTF-8 text (byte {exc.start}): not a saved game", "log") from None
    game = replay(text)
    for line in narrate(game, _lang(args), skip=(Chose,) if game.rules.choosing == "hidden" else ()):
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
