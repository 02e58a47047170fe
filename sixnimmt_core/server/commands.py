"""``sixnimmt serve`` and ``sixnimmt table new|join|log``: the class server and its client on the
command line (cli.py adds them to its parser). The server's packages are imported only when run."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sixnimmt_core.engine.rules import VARIANTS
from sixnimmt_core.players.bots import TABLE_BOTS
from sixnimmt_core.words import text

DOMAIN = "tables"
SERVER = "http://127.0.0.1:8000"  # where `make serve` listens
BOT_CHOICES = tuple(TABLE_BOTS)  # bots that play from a seat's information state alone


@dataclass
class TableHelp:
    """The class commands' help in one language (argparse %-formats it: % doubled)."""

    lang: str

    def __call__(self, key: str, **values: Any) -> str:
        return text(key, self.lang, domain=DOMAIN, **values).replace("%", "%%")


def add_commands(sub: Any, parents: list[argparse.ArgumentParser], say: TableHelp) -> None:
    s = sub.add_parser("serve", help=say("help.serve"), parents=parents)
    s.add_argument("--site", type=Path, default=Path("build/site"), metavar=say("meta.site"), help=say("help.site"))
    s.add_argument("--host", default="127.0.0.1", metavar=say("meta.host"), help=say("help.host"))
    s.add_argument("--port", type=int, default=8000, metavar=say("meta.port"), help=say("help.port"))
    s.add_argument("--data", type=Path, default=Path("tables.db"), metavar=say("meta.data"), help=say("help.data"))
    t = sub.add_parser("table", help=say("help.table"), parents=parents)
    tsub = t.add_subparsers(dest="table_command", required=True, metavar="{new,join,log}",
                            parser_class=type(t))
    new = tsub.add_parser("new", help=say("help.table.new"), parents=parents)
    new.add_argument("--server", default=SERVER, metavar=say("meta.server"), help=say("help.server"))
    new.add_argument("--variant", default="base", choices=list(VARIANTS), metavar=say("meta.variant"),
                     help=say("help.table.variant"))
    new.add_argument("--seats", type=int, default=4, metavar=say("meta.seats"), help=say("help.table.seats"))
    new.add_argument("--bots", default="cautious", metavar=say("meta.bots"), help=say("help.table.bots"))
    new.add_argument("--coach", action="store_true", help=say("help.table.coach"))
    new.add_argument("--json", action="store_true", help=say("help.table.json"))
    join = tsub.add_parser("join", help=say("help.table.join"), parents=parents)
    join.add_argument("code", metavar=say("meta.code"), help=say("help.table.code"))
    join.add_argument("--server", default=SERVER, metavar=say("meta.server"), help=say("help.server"))
    join.add_argument("--name", required=True, metavar=say("meta.name"), help=say("help.table.name"))
    join.add_argument("--bot", choices=BOT_CHOICES, default=None, help=say("help.table.bot"))
    join.add_argument("--trace", type=Path, default=None, metavar=say("meta.data"), help=say("help.table.trace"))
    join.add_argument("--pace", type=float, default=0.0, metavar=say("meta.pace"), help=say("help.table.pace"))
    log = tsub.add_parser("log", help=say("help.table.log"), parents=parents)
    log.add_argument("code", metavar=say("meta.code"), help=say("help.table.code"))
    log.add_argument("--server", default=SERVER, metavar=say("meta.server"), help=say("help.server"))
    log.add_argument("--teacher", default=None, metavar=say("meta.teacher"), help=say("help.table.teacher"))


def cmd_serve(args: argparse.Namespace) -> int:
    from sixnimmt_core.server.app import serve

    serve(args.site, args.host, args.port, args.data)
    return 0


def cmd_table(args: argparse.Namespace) -> int:
    """``table new|join|log``; ``args.lang``: the language the command speaks, already settled."""
    from sixnimmt_core.server import client

    lang = args.lang
    try:
        if args.table_command == "new":
            made = client.Tables(args.server, lang).new(args.variant, args.seats, args.bots, args.coach)
            if args.json:
                print(json.dumps({"code": made["code"], "teacher": made["teacher"], "link": made["link"]}))
            else:
                print(text("cli.made", lang, domain=DOMAIN, code=made["code"], teacher=made["teacher"],
                           link=args.server.rstrip("/") + made["link"]))
            return 0
        if args.table_command == "log":
            print(json.dumps(client.Tables(args.server, lang).log(args.code, args.teacher), indent=1))
            return 0
        answerer = client.bot_answerer(args.bot) if args.bot else client.Person(lang)
        return client.Seat(client.Tables(args.server, lang), args.code, args.name, answerer, args.trace,
                           pace=args.pace).play()
    except client.ClientError as exc:
        print(f"sixnimmt: {exc.words}", file=sys.stderr)
        return 2
    except (EOFError, KeyboardInterrupt):
        return 1


__all__ = ["add_commands", "cmd_serve", "cmd_table", "TableHelp"]
