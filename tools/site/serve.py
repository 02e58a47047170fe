"""Serve the built site: WhiteNoise (precompressed gzip/brotli, MIME types) under waitress.

    python tools/site/serve.py build/site [--host 127.0.0.1] [--port 8000]

Used as is by `make serve`, by the browser tests and by the benchmark (`make_server`, with an
optional `Tally` that counts every response's bytes on the server side).
"""

from __future__ import annotations

import argparse
import contextlib
import re
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import csp
from waitress.server import create_server
from whitenoise import WhiteNoise

# Bundles whose names carry a content hash never change: cache them for good. Everything else is
# revalidated on every visit, so a redeployed site is seen at once.
HASHED = re.compile(r"[./-][0-9a-f]{7,}\.(js|css|woff2?|svg|ttf|eot)$")
MEDIA_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".ipynb": "application/json",
    ".webmanifest": "application/manifest+json",
}


def not_found(environ, start_response):
    body = b"Not found\n"
    start_response(
        "404 Not Found", [("Content-Type", "text/plain"), ("Content-Length", str(len(body)))]
    )
    return [body]


def serve_index_in_place(app):
    """Serve dir/index.html itself: WhiteNoise would redirect it to dir/ and drop the query,
    which JupyterLite's own links (notebooks/index.html?path=...) need."""

    def wrapped(environ, start_response):
        path = environ.get("PATH_INFO", "")
        if path.endswith("/index.html"):
            environ = {**environ, "PATH_INFO": path[: -len("index.html")]}
        return app(environ, start_response)

    return wrapped


def with_csp(app, root: Path):
    """Send each page's Content-Security-Policy (the <meta> the build wrote in it, tools/site/csp.py)
    as a header too."""
    found: dict[Path, tuple[float, str | None]] = {}

    def policy(path: str) -> str | None:
        rel = path.lstrip("/")
        file = (root / rel / "index.html") if rel == "" or path.endswith("/") else root / rel
        if file.suffix != ".html" or not file.is_file() or root.resolve() not in file.resolve().parents:
            return None
        mtime = file.stat().st_mtime
        if file not in found or found[file][0] != mtime:
            found[file] = (mtime, csp.of_page(file.read_text("utf-8")))
        return found[file][1]

    def wrapped(environ, start_response):
        value = policy(environ.get("PATH_INFO", ""))

        def start(status, headers, exc_info=None):
            if value and status.startswith("200"):
                headers = [*headers, ("Content-Security-Policy", value)]
            return start_response(status, headers, exc_info)

        return app(environ, start)

    return wrapped


def make_app(root: Path | str):
    root = Path(root)
    return with_csp(serve_index_in_place(WhiteNoise(
        not_found,
        root=str(root),
        index_file=True,
        max_age=0,
        mimetypes=MEDIA_TYPES,
        immutable_file_test=lambda path, url: bool(HASHED.search(url)),
    )), root)


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
