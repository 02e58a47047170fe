"""Serve the notebooks as apps with Voilà, from a real Python kernel on this machine.

    python voila/launch.py [--host 127.0.0.1] [--port 8866] [--notebooks notebooks] [-- VOILA ARGS]

What `make voila` runs (the tests run the same command line, from `voila_command`). Each notebook
becomes a page that runs by itself and shows only its prose and its widgets, never its code.

- Bound to 127.0.0.1 unless told otherwise: `--host 0.0.0.0` lets the other machines of the
  classroom in (there is no password: only do that on the school's own network).
- The settings are in voila/voila.json; the template `sixnimmt` (voila/share/voila/templates/)
  is Voilà's `lab` template without its links to a CDN, so a page asks nothing of any other host.
- The kernel is always this very Python (voila/share/kernels/python3), the one with
  `sixnimmt_core` installed, even when the machine has another `python3` kernel of its own.
"""

from __future__ import annotations

import argparse
import os
import socket
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SHARE = HERE / "share"  # a Jupyter data folder: voila/templates/sixnimmt, kernels/python3
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8866
NOTEBOOKS = ROOT / "notebooks"


def voila_env(base: dict[str, str] | None = None) -> dict[str, str]:
    """The environment for Voilà: our data folder first on JUPYTER_PATH."""
    env = dict(os.environ if base is None else base)
    rest = env.get("JUPYTER_PATH")
    env["JUPYTER_PATH"] = str(SHARE) + (os.pathsep + rest if rest else "")
    env.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")  # quiets a debugger warning per kernel
    return env


def voila_command(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT,
                  notebooks: Path = NOTEBOOKS, extra: list[str] | tuple[str, ...] = ()) -> list[str]:
    """The command line that serves `notebooks` (a folder: Voilà lists it at /)."""
    return [
        sys.executable, "-m", "voila", str(notebooks),
        f"--Voila.config_file_paths={HERE}",
        f"--Voila.ip={host}",
        f"--Voila.port={port}",
        "--no-browser",
        *extra,
    ]


def lan_addresses() -> list[str]:
    """This machine's addresses that others may reach (best effort, no traffic sent)."""
    found = set()
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.add(info[4][0])
    except OSError:
        pass
    return sorted(a for a in found if not a.startswith("127."))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--host", default=DEFAULT_HOST,
                    help="address to listen on (default 127.0.0.1: this machine only; "
                         "0.0.0.0: the whole network)")
    ap.add_argument("--port", type=int, default=DEFAULT_PORT, help="default 8866")
    ap.add_argument("--notebooks", type=Path, default=NOTEBOOKS)
    ap.add_argument("extra", nargs="*", help="further Voilà options, after --")
    args = ap.parse_args(argv)
    if not args.notebooks.is_dir():
        print(f"voila: no folder {args.notebooks}", file=sys.stderr)
        return 2
    print(f"Notebooks as apps: http://127.0.0.1:{args.port}/ on this machine (Ctrl-C stops).")
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        others = lan_addresses() or ["<this machine's address>"]
        print("Other machines of the network: "
              + ", ".join(f"http://{a}:{args.port}/" for a in others))
    sys.stdout.flush()
    cmd = voila_command(args.host, args.port, args.notebooks, args.extra)
    os.execve(sys.executable, cmd, voila_env())
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main())
