"""The engine's wheel as the browser gets it: without the class server (sixnimmt_core/server and its
catalogue, tables.mo), which runs only on the teacher's machine — 28 kB of the offline set's 10 MB.

    python tools/site/browser_wheel.py build/wheel/sixnimmt-*.whl   (rewrites each wheel in place)

The command line still imports in the browser (cli.py reaches the server only when it runs); a
module of the wheel that imports the server at import time stops the build.
"""

from __future__ import annotations

import re
import sys
import zipfile
from fnmatch import fnmatchcase
from pathlib import Path

from precompile_wheels import read_wheel, record_line

SERVER_ONLY = ("sixnimmt_core/server/*", "sixnimmt_core/locale/*/LC_MESSAGES/tables.mo")
IMPORTS_SERVER = re.compile(rb"^(from|import) sixnimmt_core\.server\b", re.M)  # at a module's top level


def for_browser(wheel: Path) -> list[str]:
    """Rewrite ``wheel`` without what only the server needs; the names left out."""
    files, record_name = read_wheel(wheel)
    gone = sorted(n for n in files if any(fnmatchcase(n, g) for g in SERVER_ONLY))
    kept = {n: d for n, d in files.items() if n not in gone}
    importers = sorted(n for n, d in kept.items() if n.endswith(".py") and IMPORTS_SERVER.search(d))
    if importers:
        raise SystemExit(f"browser_wheel: {', '.join(importers)} import the server when imported")
    lines = [record_line(n, d) for n, d in sorted(kept.items())] + [f"{record_name},,"]
    kept[record_name] = ("\n".join(lines) + "\n").encode()
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as out:
        for name in sorted(kept):
            out.writestr(name, kept[name])
    return gone


def main(argv: list[str]) -> int:
    for name in argv:
        gone = for_browser(Path(name))
        print(f"browser_wheel: {Path(name).name} without {len(gone)} files of the class server")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
