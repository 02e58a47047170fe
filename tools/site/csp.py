"""A Content-Security-Policy for the site's pages, as a <meta> in each page (a static host may send
no headers; tools/site/serve.py also sends it as a header).

Each page gets the policy below with one 'sha256-…' per inline <script> it runs (computed from the
page's final text), so no other inline script, ``on…=`` attribute or ``javascript:`` link runs,
whatever markup a widget, an output or a link manages to put in the page. docs/site.md, "Security".

``add(site)`` writes the meta into every page (``pages``); ``verify(site)`` checks, after every
other step that edits pages, that each page's hashes are still those of its inline scripts.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
from pathlib import Path

from sixnimmt_core.server.site import META_RE, of_page

# Each source, and why the site needs it:
SOURCES = {
    # Nothing but this site's own files, unless a directive below says otherwise.
    "default-src": ["'self'"],
    # The site's scripts; the page's own inline scripts by hash (added per page). 'wasm-unsafe-eval':
    # Pyodide compiles WebAssembly. JupyterLite's pages add 'unsafe-eval' (EVAL below). No
    # 'unsafe-inline': no inline handler (onerror=…) and no injected <script> runs.
    "script-src": ["'self'", "'wasm-unsafe-eval'"],
    # Inline styles: JupyterLab, ipywidgets and the lessons set style attributes and <style>.
    "style-src": ["'self'", "'unsafe-inline'"],
    # The pages' icon is an inline SVG (data:); widgets' pictures may be data: or blob: URLs.
    "img-src": ["'self'", "data:", "blob:"],
    # JupyterLab's icon fonts are inlined in its CSS as data: URLs.
    "font-src": ["'self'", "data:"],
    # Pyodide, the wheels, the notebooks, the settings: fetched from this site only.
    "connect-src": ["'self'"],
    # The kernel's worker (a file of this site) and any worker made from a blob: by the front end.
    "worker-src": ["'self'", "blob:"],
    # The app page's lesson frame (apps/live.html) and preview frame: pages of this site.
    "frame-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    # The web app manifest (<link rel="manifest">).
    "manifest-src": ["'self'"],
}
# JupyterLite's app pages (notebooks/, tree/: they load config-utils.js) only: JupyterLab compiles
# its settings' JSON schemas with ajv (new Function); without it its plugins fail to start. The site's own pages (app, landing, teacher's, …) need no eval.
EVAL = "'unsafe-eval'"
JUPYTERLITE_PAGE = "config-utils.js"
META = '<meta http-equiv="Content-Security-Policy" content="{}">'
# The meta as the server reads it back (sixnimmt_core/server/site.py): one pattern for both.
SCRIPT_RE = re.compile(r"<script(?P<attrs>(?:\s[^>]*)?)>(?P<body>.*?)</script>", re.S | re.I)
# Types a browser runs (no type, a JavaScript MIME type, module); others (application/json) are data.
RUNS = re.compile(r"^(?:|text/javascript|application/javascript|module)$", re.I)
TYPE_RE = re.compile(r"""\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))""", re.I)
SRC_RE = re.compile(r"\ssrc\s*=", re.I)


class CSPError(RuntimeError):
    """A page's policy does not fit the page."""


def pages(site: Path) -> list[Path]:
    """Every page of the site: the app, landing and teacher's pages, JupyterLite's app pages
    (notebooks/, tree/), apps/ (redirects, previews), the handouts and the guide's documents."""
    return sorted(site.rglob("*.html"))


def inline_scripts(text: str) -> list[str]:
    """The bodies of the page's inline scripts a browser runs (not data, not src=…)."""
    out = []
    for m in SCRIPT_RE.finditer(text):
        attrs = m["attrs"] or ""
        if SRC_RE.search(attrs):
            continue
        t = TYPE_RE.search(attrs)
        kind = next((g for g in t.groups() if g is not None), "") if t else ""
        if RUNS.match(kind.strip()):
            out.append(m["body"])
    return out


def sha256(body: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode() + "'"


def policy(scripts: list[str], jupyterlite: bool = False) -> str:
    """The policy for a page running these inline scripts (``jupyterlite``: one of JupyterLite's)."""
    parts = []
    for name, sources in SOURCES.items():
        if name == "script-src":
            sources = [*sources, *([EVAL] if jupyterlite else []), *sorted({sha256(s) for s in scripts})]
        parts.append(" ".join([name, *sources]))
    return "; ".join(parts)


def add_to(text: str) -> str:
    """The page with its policy as the first thing in <head> (before any script); an old one replaced.

    :raises CSPError: no <head>, or the charset no longer within the first 1024 bytes."""
    text = META_RE.sub("", text)
    head = re.search(r"<head(?:\s[^>]*)?>", text, re.I)
    if head is None:
        raise CSPError("no <head>")
    meta = META.format(html.escape(policy(inline_scripts(text), JUPYTERLITE_PAGE in text), quote=False).replace('"', "&quot;"))
    new = text[: head.end()] + "\n" + meta + text[head.end():]
    charset = re.search(r"<meta charset[^>]*>", new, re.I)
    if charset is not None and len(new[: charset.end()].encode("utf-8")) > 1024:
        raise CSPError("the policy pushes <meta charset> past the first 1024 bytes")
    return new


def add(site: Path) -> list[Path]:
    """Write the policy into every page of ``site``; return the pages."""
    done = []
    for page in pages(site):
        text = page.read_text("utf-8")
        try:
            new = add_to(text)
        except CSPError as e:
            raise CSPError(f"{page.relative_to(site)}: {e}") from None
        if new != text:
            page.unlink()  # a fresh file, never an edit of a shared (hard-linked) one
            page.write_text(new, encoding="utf-8")
        done.append(page)
    return done


def verify(site: Path) -> None:
    """Every page has a policy whose hashes are exactly those of its inline scripts now.

    :raises CSPError: a page has none, or a step after ``add`` changed an inline script."""
    for page in pages(site):
        text = page.read_text("utf-8")
        found = of_page(text)
        if found is None:
            raise CSPError(f"{page.relative_to(site)} has no Content-Security-Policy")
        if found != policy(inline_scripts(text), JUPYTERLITE_PAGE in text):
            raise CSPError(f"{page.relative_to(site)}: its inline scripts changed after their hashes were taken")
