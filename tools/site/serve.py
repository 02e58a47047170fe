"""Serve the built site: WhiteNoise (precompressed gzip/brotli, MIME types) under waitress.

    python tools/site/serve.py build/site [--host 127.0.0.1] [--port 8000]

Used as is by `make serve`, by the browser tests and by the benchmark (`make_server`, with an
optional `Tally` that counts every response's bytes on the server side).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from waitress.server import create_server

from sixnimmt_core.server.site import make_app


@dataclass
class Hit:
    t: float
    path: str
    status: int
    nbytes: int
    encoding: str


@dataclass
class Tally:
    """Every response the server sent: when, what, and its body's bytes on the wire."""

    hits: list[Hit] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def wrap(self, app):
        def counted(environ, start_response):
            def start(status, headers, exc_info=None):
                h = {k.lower(): v for k, v in headers}
                nbytes = int(h.get("content-length", 0))
                if environ["REQUEST_METHOD"] == "HEAD":
                    nbytes = 0
                hit = Hit(time.monotonic(), environ.get("PATH_INFO", ""), int(status[:3]),
                          nbytes, h.get("content-encoding", ""))
                with self.lock:
                    self.hits.append(hit)
                return start_response(status, headers, exc_info)

            return app(environ, start_response=start)

        return counted

    def snapshot(self) -> list[Hit]:
        with self.lock:
            return list(self.hits)

    def clear(self) -> None:
        with self.lock:
            self.hits.clear()


def make_server(root: Path, host: str = "127.0.0.1", port: int = 0, tally: Tally | None = None):
    """A waitress server for the site (port 0: any free port; see .effective_port)."""
    if not (root / "index.html").is_file():
        raise SystemExit(f"serve: {root} holds no built site (run `make site`)")
    app = make_app(root)
    if tally is not None:
        app = tally.wrap(app)
    return create_server(app, host=host, port=port, threads=8, ident="sixnimmt-site")


class Background:
    """The server on a thread, for tests and the benchmark: `with Background(root) as url: ...`"""

    def __init__(self, root: Path, tally: Tally | None = None, port: int = 0):
        self.server = make_server(root, port=port, tally=tally)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.effective_port}/"

    def __enter__(self) -> str:
        self.thread.start()
        return self.url

    def __exit__(self, *exc) -> None:
        self.server.close()
        self.thread.join(timeout=5)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", type=Path)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8000)
    args = ap.parse_args(argv)
    server = make_server(args.root, args.host, args.port)
    print(f"Serving {args.root} at http://{args.host}:{server.effective_port}/ (Ctrl-C stops)",
          flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
