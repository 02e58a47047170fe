"""The engine's wheel as the browser gets it: without the class server (sixnimmt_core/server and its
catalogue, tables.mo), which runs only on the teacher's machine, and without the printable handouts
(drawing/handouts.py, drawing/sheets.py, handouts.mo), which the site's build writes once — together
about 60 kB of the offline set's 10 MB.

    python tools/site/browser_wheel.py build/wheel/sixnimmt-*.whl   (rewrites each wheel in place)

The command line still imports in the browser (cli.py reaches the server only when it runs); a
module of the wheel that imports what is left out at import time stops the build.
"""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path

from precompile_wheels import check_imports, left_out, read_wheel, record_line

LEFT_OUT = ("sixnimmt_core/server/*", "sixnimmt_core/locale/*/LC_MESSAGES/tables.mo",
            "sixnimmt_core/drawing/handouts.py", "sixnimmt_core/drawing/sheets.py",
            "sixnimmt_core/locale/*/LC_MESSAGES/handouts.mo")


def for_browser(wheel: Path) -> list[str]:
    """Rewrite ``wheel`` without what only the server and the build need; the names left out."""
    files, record_name = read_wheel(wheel)
    gone = left_out(sorted(files), list(LEFT_OUT))
    kept = {n: d for n, d in files.items() if n not in gone}
    check_imports(kept, gone, f"browser_wheel: {wheel.name}", unconditional=True)  # at import time
    lines = [record_line(n, d) for n, d in sorted(kept.items())] + [f"{record_name},,"]
    kept[record_name] = ("\n".join(lines) + "\n").encode()
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as out:
        for name in sorted(kept):
            out.writestr(name, kept[name])
    return sorted(gone)


def main(argv: list[str]) -> int:
    for name in argv:
        gone = for_browser(Path(name))
        print(f"browser_wheel: {Path(name).name} without {len(gone)} files of the class server and the handouts")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
