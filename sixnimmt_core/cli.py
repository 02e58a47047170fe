"""The ``sixnimmt`` command: where a card goes, a narrated game, a simulation, a replayed log.

Rule errors become one line on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

from sixnimmt_core.engine.cards import HIGHEST, LOWEST
from sixnimmt_core.engine.errors import (
    CorruptLog,
    ImpossibleSetup,
    Number,
    Say,
    SixNimmtError,
    Variant,
)
from sixnimmt_core.engine.events import Chose
from sixnimmt_core.engine.game import Game
from sixnimmt_core.engine.log import dumps, replay
from sixnimmt_core.engine.options import Choosing
from sixnimmt_core.engine.rules import (
    MAX_HANDS,
    MAX_LIMIT,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PENALTY_LIMIT,
    VARIANTS,
    MatchEnd,
    Rules,
    find_variant,
)
from sixnimmt_core.engine.table import ROWS, where
from sixnimmt_core.players.agent import Agent
from sixnimmt_core.players.bots import advance, make_bots, nth_seed
from sixnimmt_core.teaching.narrate import narrate
from sixnimmt_core.teaching.position import plain_words
from sixnimmt_core.teaching.saved import plain_refusal
from sixnimmt_core.words import seat_name, text
from sixnimmt_core.words.i18n import LANGUAGES, environment_language, speaks

MAX_GAMES = 1_000_000  # simulate: at most this many hands (about two minutes at 10,000 hands/s)
MAX_SEED = 2**63 - 1
MAX_LOG_BYTES = 50_000_000  # a saved game larger than this is refused before it is parsed
CLI = "cli"  # the command's own catalogue domain


def _point(number: str, lang: str) -> str:
    """A decimal number written with the language's decimal mark ('3.45', '3,45')."""
    whole, _, fraction = number.partition(".")
    return Say("number.point", domain=CLI, whole=whole, fraction=fraction).words(lang) if fraction else whole


# argparse's own words (its English message -> the key of the domain cli, and how each {placeholder}
# of the catalogue's text is written back for argparse's %-formatting)
ARGPARSE_WORDS: dict[str, tuple[str, dict[str, str]]] = {
    "usage: ": ("argparse.usage", {}),
    "positional arguments": ("argparse.positional", {}),
    "options": ("argparse.options", {}),
    "show this help message and exit": ("argparse.help", {}),
    "argument %(argument_name)s: %(message)s": ("argparse.argument", {"argument": "%(argument_name)s",
                                                                      "message": "%(message)s"}),
    "unrecognized arguments: %s": ("argparse.unrecognized", {"arguments": "%s"}),
    "not allowed with argument %s": ("argparse.not_allowed", {"argument": "%s"}),
    "ignored explicit argument %r": ("argparse.ignored", {"value": "%r"}),
    "the following arguments are required: %s": ("argparse.required", {"arguments": "%s"}),
    "one of the arguments %s is required": ("argparse.one_required", {"arguments": "%s"}),
    "expected one argument": ("argparse.expected_one", {}),
    "expected at most one argument": ("argparse.expected_at_most_one", {}),
    "expected at least one argument": ("argparse.expected_at_least_one", {}),
    "ambiguous option: %(option)s could match %(matches)s": ("argparse.ambiguous", {"option": "%(option)s",
                                                                                     "matches": "%(matches)s"}),
    "invalid %(type)s value: %(value)r": ("argparse.invalid_value", {"type": "%(type)s", "value": "%(value)r"}),
    "invalid choice: %(value)r (choose from %(choices)s)": ("argparse.invalid_choice", {"value": "%(value)r",
                                                                                        "choices": "%(choices)s"}),
    "unknown parser %(parser_name)r (choices: %(choices)s)": ("argparse.unknown_parser", {
        "name": "%(parser_name)r", "choices": "%(choices)s"}),
    "unexpected option string: %s": ("argparse.unexpected_option", {"option": "%s"}),
}


@contextmanager
def argparse_words(lang: str) -> Iterator[None]:
    """argparse speaks ``lang`` while inside: its words ("usage:", "options", its errors) are read
    from the domain ``cli`` (argparse looks each one up through its module's ``_`` when it writes it;
    no gettext domain of argparse's own is shipped). A message not listed stays argparse's English."""
    def gettext(message: str) -> str:
        found = ARGPARSE_WORDS.get(message)
        if found is None:
            return message
        key, specs = found
        said = text(key, lang, domain=CLI).replace("%", "%%")
        for name, spec in specs.items():
            said = said.replace("{" + name + "}", spec)
        return said + " " * (len(message) - len(message.rstrip(" ")))

    module = vars(argparse)  # its gettext, ``_``, which typeshed does not declare
    saved = module["_"]
    module["_"] = gettext
    try:
        yield
    finally:
        module["_"] = saved


class Parser(argparse.ArgumentParser):
    """argparse that speaks the language the parser was built for (its own words too: see
    ``argparse_words``) and reports a bad command line as one line on stderr and exit code 2."""

    lang = "en"

    def __init__(self, *args: Any, **kwargs: Any) -> None:  # argparse's own
        with argparse_words(self.lang):
            super().__init__(*args, **kwargs)

    def parse_known_args(self, *args: Any, **kwargs: Any) -> Any:  # argparse's own (typeshed: overloads)
        with argparse_words(self.lang):
            return super().parse_known_args(*args, **kwargs)

    def format_usage(self) -> str:
        with argparse_words(self.lang):
            return super().format_usage()

    def format_help(self) -> str:
        with argparse_words(self.lang):
            return super().format_help()

    def error(self, message: str) -> NoReturn:
        self.exit(2, Say("usage.error", domain=CLI, prog=self.prog, message=message).words(self.lang) + "\n")


def _lang(args: argparse.Namespace) -> str:
    """The language asked for with --lang, else the environment's."""
    return args.lang or environment_language()


def asked_language(argv: Sequence[str]) -> str:
    """The language of a command line before it is parsed: its ``--lang`` when that is one the edition
    speaks, else the environment's (so --help and argparse's errors are in it too)."""
    for i, arg in enumerate(argv):
        value = argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else arg[7:] if arg.startswith("--lang=") else ""
        if speaks(value):
            return value
    return environment_language()


def _bots(text: str) -> list[str]:
    """The names after --bots; an empty one is kept, for make_bots to refuse (``--bots random,,cautious``)."""
    return [b.strip() for b in text.split(",")]


def bot_name(name: str, lang: str) -> str:
    """A bot's name as the command shows it: the one typed after --bots in English, else in ``lang``."""
    try:
        return Say(f"bot.{name}", domain=CLI).words(lang)
    except KeyError:
        return name


class _Help:
    """The command line's help texts, value names and value parsers (their errors) in one language."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __call__(self, key: str, /, **values: object) -> str:  # argparse %-formats a help text: % doubled
        return Say(key, domain=CLI, **values).words(self.lang).replace("%", "%%")

    def meta(self, key: str) -> str:  # what an option's value is called in --help ('CARD', 'KARTA')
        return Say("metavar." + key, domain=CLI).words(self.lang)

    def whole(self, text: str, what: object, bounds: object = None) -> int:
        """``text`` as a whole number of at most 20 digits (never a 5,000-digit conversion), or a
        one-line argparse error."""
        t = text.strip()
        body = t[1:] if t[:1] in "+-" else t
        if not body.isascii() or not body.isdigit():
            raise argparse.ArgumentTypeError(Say("number.whole", domain=CLI, what=what, text=repr(text[:20])).words(self.lang))
        if len(body) > 20:
            bounds = Say("number.bounds.digits", domain=CLI) if bounds is None else bounds
            raise argparse.ArgumentTypeError(
                Say("number.digits", count=len(body), domain=CLI, what=what, bounds=bounds, n=len(body)).words(self.lang))
        return int(t)

    def number(self, what: str, lo: int | None = None, hi: int | None = None) -> Callable[[str], int]:
        """A parser of whole numbers; with ``lo``/``hi``, only from ``lo`` to ``hi`` (said in --help)."""
        bounds = Say("number.bounds", domain=CLI, lo=Number(lo), hi=Number(hi)) if lo is not None and hi is not None \
            else None

        def parse(text: str) -> int:
            n = self.whole(text, what, bounds)
            if lo is not None and hi is not None and not lo <= n <= hi:
                raise argparse.ArgumentTypeError(Say("number.range", domain=CLI, what=what, bounds=bounds, n=Number(n)).words(self.lang))
            return n
        return parse

    def row(self) -> Callable[[str], list[int]]:
        """A parser of a row: cards separated by commas."""
        def parse(text: str) -> list[int]:
            parts = text.split(",")
            if any(not p.strip() for p in parts):
                raise argparse.ArgumentTypeError(Say("row.not_row", domain=CLI, text=repr(text)).words(self.lang))
            # a number outside 1–104 is parsed here and refused by where(), which names the rule
            return [self.whole(p, Say("row.a_card", domain=CLI)) for p in parts]
        return parse

    def language(self) -> Callable[[str], str]:
        """A parser of --lang: a language the edition speaks."""
        def parse(text: str) -> str:
            if not speaks(text):
                raise argparse.ArgumentTypeError(
                    Say("language.unknown", lang=repr(text), languages=", ".join(LANGUAGES)).words(self.lang))
            return text
        return parse


def build_parser(lang: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; its help texts and errors in ``lang`` (default: the environment's)."""
    lang = lang or environment_language()
    say = _Help(lang)
    parser_class = type("Parser", (Parser,), {"lang": lang})
    p = parser_class(prog="sixnimmt", description=say("help.description"))
    commands = "{where,play,simulate,replay,serve,table}"  # what is typed: shown as it is, also in argparse's errors
    sub = p.add_subparsers(dest="command", required=True, parser_class=parser_class, title=say("help.commands"),
                           metavar=commands)
    # the language of the words: en, cs, sk or ro; by default the environment's locale
    with_lang = parser_class(add_help=False)
    with_lang.add_argument("--lang", type=say.language(), default=None, metavar=say.meta("lang"),
                           help=say("help.lang", languages=", ".join(LANGUAGES)))
    _where_command(sub.add_parser("where", help=say("help.where"), parents=[with_lang]), say)
    g = sub.add_parser("play", help=say("help.play"), parents=[with_lang])
    _game_options(g, say)
    g.add_argument("--match", action="store_true", help=say("help.match"))
    g.add_argument("--json", action="store_true", help=say("help.play.json"))
    s = sub.add_parser("simulate", help=say("help.simulate"), parents=[with_lang])
    _game_options(s, say)
    s.add_argument("--games", type=say.number("--games", 1, MAX_GAMES), default=1000, metavar=say.meta("games"),
                   help=say("help.games", most=Number(MAX_GAMES)))
    r = sub.add_parser("replay", help=say("help.replay"), parents=[with_lang])
    r.add_argument("file", metavar=say.meta("file"), help=say("help.file", mb=MAX_LOG_BYTES // 1_000_000))
    from sixnimmt_core.server import (
        commands as class_commands,  # the class server: not in the browser's wheel
    )

    class_commands.add_commands(sub, [with_lang], class_commands.TableHelp(lang))
    return p


def _where_command(w: argparse.ArgumentParser, say: _Help) -> None:
    """``sixnimmt where``: the rows, the card and the variant."""
    w.add_argument("--rows", type=say.row(), nargs="+", required=True, metavar=say.meta("rows"),
                   help=say("help.rows", rows=ROWS))
    w.add_argument("--card", type=say.number("--card"), required=True, metavar=say.meta("card"),
                   help=say("help.card", lowest=LOWEST, highest=HIGHEST))
    w.add_argument("--variant", default="base", metavar=say.meta("variant"), help=say("help.where.variant"))
    w.add_argument("--json", action="store_true", help=say("help.where.json"))


def _game_options(sp: argparse.ArgumentParser, say: _Help) -> None:
    """What ``play`` and ``simulate`` share: players, variant, bots, seed and the match's end."""
    meta = say.meta
    sp.add_argument("--players", type=say.number("--players"), default=4, metavar=meta("players"),
                    help=say("help.players", lo=MIN_PLAYERS, hi=MAX_PLAYERS))
    sp.add_argument("--variant", default="base", metavar=meta("variant"),
                    help=say("help.variant", variants=", ".join(VARIANTS)))
    sp.add_argument("--bots", type=_bots, default=["cautious"], metavar=meta("bots"), help=say("help.bots"))
    sp.add_argument("--seed", type=say.number("--seed", 0, MAX_SEED), default=None, metavar=meta("seed"),
                    help=say("help.seed"))
    sp.add_argument("--limit", type=say.number("--limit", 1, MAX_LIMIT), default=None, metavar=meta("limit"),
                    help=say("help.limit", most=MAX_LIMIT))
    sp.add_argument("--exceeds", action="store_true", help=say("help.exceeds"))
    sp.add_argument("--hands", type=say.number("--hands", 1, MAX_HANDS), default=None, metavar=meta("hands"),
                    help=say("help.hands", most=MAX_HANDS))


def _rules(args: argparse.Namespace, match: bool) -> Rules:
    rules = find_variant(args.variant)
    if match:
        if args.hands is not None:
            rules = rules.but(match_end=MatchEnd(limit=None, hands=args.hands))
        elif args.limit is not None or args.exceeds:
            limit = args.limit if args.limit is not None else rules.match_end.limit or PENALTY_LIMIT
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


def _game(args: argparse.Namespace, match: bool) -> tuple[Game, list[Agent]]:
    rules = _rules(args, match)
    game = Game(rules, args.players, seed=args.seed, one_hand=not match)
    return game, make_bots(args.bots, args.players, args.seed)


def cmd_play(args: argparse.Namespace) -> int:
    game, bots = _game(args, args.match)
    lang = _lang(args)
    advance(game, bots)
    if args.json:  # the saved game: codes and numbers, its seats unnamed (no words of any language)
        print(dumps(game, indent=None))
        return 0
    game.names = [f"{seat_name(i, lang)} ({bot_name(b.name, lang)})" for i, b in enumerate(bots)]
    for line in narrate(game, lang, skip=(Chose,) if game.rules.choosing == Choosing.HIDDEN else ()):
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
    lang = _lang(args)
    print(Say("simulate.summary", count=hands, domain=CLI, hands=hands, variant=Variant(rules.name), players=args.players, secs=_point(f"{secs:.2f}", lang), rate=Number(round(hands / secs))).words(lang))
    for name, seats in by_bot.items():
        avg = sum(totals[s] for s in seats) / (len(seats) * hands)
        print(Say("simulate.bot", domain=CLI, name=bot_name(name, lang).ljust(10), average=_point(f"{avg:6.2f}", lang), seats=", ".join(str(s + 1) for s in seats)).words(lang))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        if args.file == "-":
            if sys.stdin is None:  # `sixnimmt replay - <&-`
                raise ImpossibleSetup(Say("file.no_stdin"), "file")
            raw = sys.stdin.buffer.read(MAX_LOG_BYTES + 1)
        else:
            with Path(args.file).open("rb") as f:
                raw = f.read(MAX_LOG_BYTES + 1)
    except OSError as exc:
        raise ImpossibleSetup(Say("file.unreadable", file=args.file, why=exc.strerror,
                                  missing=isinstance(exc, FileNotFoundError),
                                  folder=isinstance(exc, IsADirectoryError)), "file") from None
    if len(raw) > MAX_LOG_BYTES:
        raise CorruptLog(Say("file.too_big", file=args.file, mb=MAX_LOG_BYTES // 1_000_000), "log")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CorruptLog(Say("file.not_utf8", file=args.file, byte=exc.start), "log") from None
    game = replay(text)
    for line in narrate(game, _lang(args), skip=(Chose,) if game.rules.choosing == Choosing.HIDDEN else ()):
        print(line)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(asked_language(argv))
    args = parser.parse_args(argv)
    if args.command in ("serve", "table"):  # the class server and its client (server/commands.py)
        from sixnimmt_core.server import commands as class_commands

        args.lang = _lang(args)
        return class_commands.cmd_serve(args) if args.command == "serve" else class_commands.cmd_table(args)
    handler = {"where": cmd_where, "play": cmd_play, "simulate": cmd_simulate, "replay": cmd_replay}[args.command]
    try:
        return handler(args)
    except SixNimmtError as exc:
        print(f"sixnimmt: {_one_line(refusal(exc, _lang(args)))}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


def refusal(error: SixNimmtError, lang: str) -> str:
    """What the command says when it refuses: the learner's sentence the lessons show for the same
    refusal (one place for both), never the engine's file format, events, sections or system words.
    A file or a move in it: ``saved.plain_refusal``; a table, a card, the players:
    ``position.plain_words``; a variant or a bot that does not exist: the engine's own sentence,
    which names what there is."""
    key = getattr(error, "key", "")
    if isinstance(error, CorruptLog) or key.startswith("file."):
        return plain_refusal(error, lang, command=True)
    if key in OWN_WORDS:
        return error.words(lang)
    return plain_words(error, lang)


OWN_WORDS = ("setup.variant",)  # the editor's plain words for these speak of a table typed there


def _one_line(text: str) -> str:
    return " ".join(text.split("\n"))


if __name__ == "__main__":
    raise SystemExit(main())
