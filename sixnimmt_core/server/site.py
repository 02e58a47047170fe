"""The built site as a WSGI app: WhiteNoise (precompressed gzip/brotli, MIME types, caching) and each
page's Content-Security-Policy sent as a header too. ``make serve`` (the class server) and
tools/site/serve.py (the plain static server of the tests and benchmarks) both serve it this way.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

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
META_RE = re.compile(r'\n?<meta http-equiv="Content-Security-Policy" content="([^"]*)">')

Environ = dict[str, Any]
StartResponse = Callable[..., Any]
WSGIApp = Callable[[Environ, StartResponse], Iterable[bytes]]


def of_page(text: str) -> str | None:
    """The policy in a page's meta, or None."""
    m = META_RE.search(text)
    return html.unescape(m[1]) if m else None


def not_found(environ: Environ, start_response: StartResponse) -> list[bytes]:
    body = b"Not found\n"
    start_response("404 Not Found", [("Content-Type", "text/plain"), ("Content-Length", str(len(body)))])
    return [body]


def serve_index_in_place(app: WSGIApp) -> WSGIApp:
    """Serve dir/index.html itself: WhiteNoise would redirect it to dir/ and drop the query,
    which JupyterLite's own links (notebooks/index.html?path=...) need."""

    def wrapped(environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        if path.endswith("/index.html"):
            environ = {**environ, "PATH_INFO": path[: -len("index.html")]}
        return app(environ, start_response)

    return wrapped


def with_csp(app: WSGIApp, root: Path) -> WSGIApp:
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
            found[file] = (mtime, of_page(file.read_text("utf-8")))
        return found[file][1]

    def wrapped(environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
        value = policy(environ.get("PATH_INFO", ""))

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            if value and status.startswith("200"):
                headers = [*headers, ("Content-Security-Policy", value)]
            return start_response(status, headers, exc_info)

        return app(environ, start)

    return wrapped


def make_app(root: Path | str) -> WSGIApp:
    root = Path(root)
    return with_csp(serve_index_in_place(WhiteNoise(
        not_found,
        root=str(root),
        index_file=True,
        max_age=0,
        mimetypes=MEDIA_TYPES,
        immutable_file_test=lambda path, url: bool(HASHED.search(url)),
    )), root)


__all__ = ["make_app", "of_page", "META_RE", "HASHED", "MEDIA_TYPES"]
