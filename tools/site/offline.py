"""Make a built site work offline after one visit, and installable as an app.

Writes into the site folder (docs/site.md, "Offline after one visit"):

- `service-worker.js` — lite_site/service-worker.js with this build's version and file list, over
  JupyterLite's own worker of that name (which JupyterLite's pages register);
- `offline.js` — lite_site/offline.js, loaded first thing by every page: registers the worker, says
  when the site is all in the browser. Its `<script>` and a link to the manifest go into the site's
  pages here (app.html, index.html, JupyterLite's app pages), unless a page has them already;
- `precache.json` — the file list (path, bytes, sha256) and the version: what the worker stores,
  what `tools/site/bench_class.py` fetches per student;
- `version.json` — the version alone, which the worker asks the server for when a page opens;
- `manifest.webmanifest` (JupyterLite's, rewritten: the app is the start page) and `icon.svg`.

The version is a hash of every file (path and sha256) and of the worker's code: any change is a new version.
Run by build_site.py before compressing; `python tools/site/offline.py SITE` redoes it on a built
site (it drops the stale .gz/.br copies of the files it writes).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from pathlib import Path
from urllib.parse import quote, unquote

import landing

ROOT = Path(__file__).resolve().parents[2]
LITE_SITE = ROOT / "lite_site"
# Files the worker writes or asks for itself, and the compressed copies the server picks from.
NOT_CACHED = {"service-worker.js", "build/service-worker.js", "version.json", "precache.json"}
# Printed from the server by the teacher, never needed offline by a student: left out of the ~40 MB
# each browser stores (the handouts are ~6.5 MB).
NOT_CACHED_FOLDERS = ("handouts/",)
COMPRESSED = (".gz", ".br")
FILES_MARKER = "/*@@FILES@@*/[]"
SCRIPT_TAG = '<script src="{up}offline.js"></script>'
MANIFEST_TAG = '<link rel="manifest" href="{up}manifest.webmanifest">'


def log(msg: str) -> None:
    print(f"offline: {msg}", flush=True)


def write(path: Path, text: str) -> None:
    """Write a file of the site and drop compressed copies of what it held before."""
    for ext in COMPRESSED:
        path.with_name(path.name + ext).unlink(missing_ok=True)
    path.unlink(missing_ok=True)  # a fresh file, never an edit of a shared (hard-linked) one
    path.write_text(text, encoding="utf-8")


def fill(template: str, **values: str) -> str:
    for key, value in values.items():
        marker = f"@@{key}@@"
        if template.count(marker) != 1:
            raise ValueError(f"the template must hold {marker} exactly once")
        template = template.replace(marker, value)
    return template


def jupyterlite_version(site: Path) -> str:
    data = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    return data["appVersion"]


def pages(site: Path) -> list[Path]:
    """The site's pages: the landing and app pages at the root, and JupyterLite's own app pages
    (notebooks/, tree/, repl/: they load config-utils.js). Not apps/*.html, which only redirect."""
    jupyterlite = [p for p in site.glob("*/index.html") if "config-utils.js" in p.read_text("utf-8")]
    if not jupyterlite:
        raise ValueError(f"{site} holds no JupyterLite app page")
    return sorted([*site.glob("*.html"), *jupyterlite])


def add_tags(page: Path, site: Path) -> bool:
    """offline.js first thing in the page's head (before JupyterLite looks at service workers), and
    the manifest link, each unless the page has it already."""
    text = page.read_text("utf-8")
    up = "../" * (len(page.relative_to(site).parts) - 1)
    tags = []
    if SCRIPT_TAG.format(up=up) not in text:
        tags.append(SCRIPT_TAG.format(up=up))
    if 'rel="manifest"' not in text:
        tags.append(MANIFEST_TAG.format(up=up))
    if not tags:
        return False
    head = re.search(r"<head[^>]*>", text)
    if head is None:
        raise ValueError(f"{page} has no <head>")
    charset = re.compile(r"<meta charset[^>]*>", re.I).search(text, head.end(), text.find("</head>"))
    at = (charset or head).end()  # after the charset, which must come early
    new = text[:at] + "".join("\n" + t for t in tags) + text[at:]
    write(page, new)
    return True


def manifest(site: Path) -> dict:
    """JupyterLite's manifest names JupyterLite and starts its Lab (not shipped here): this one
    starts the learning app, with a shortcut per lesson."""
    shortcuts = [{"name": title, "description": line, "url": "./" + landing.app_href(key)}
                 for key, (title, line) in landing.APP_TITLES.items()]
    shortcuts.append({"name": "All lessons and the notebooks", "url": "./index.html"})
    return {
        "id": "./app.html",
        "name": "6 nimmt! — learn to play",
        "short_name": "6 nimmt!",
        "description": "Learn and teach the card game 6 nimmt! in the browser; works offline after one visit.",
        "lang": "en",
        "start_url": "./app.html",
        "scope": "./",
        "display": "standalone",
        "background_color": "#fbf9f3",
        "theme_color": "#f4f1e8",
        "icons": [{"src": "./icon.svg", "type": "image/svg+xml", "sizes": "any", "purpose": "any"}],
        "shortcuts": shortcuts,
    }


def icon_svg() -> str:
    """The app's icon (the card with a 6 the pages show inline), as a file."""
    prefix = "data:image/svg+xml,"
    if not landing.ICON.startswith(prefix):
        raise ValueError("landing.ICON is not an inline SVG")
    return unquote(landing.ICON[len(prefix):])


def precache_files(site: Path) -> list[list]:
    """[url path, bytes, sha256] of every file a browser may need, sorted by path."""
    out = []
    for p in sorted(site.rglob("*")):
        rel = p.relative_to(site).as_posix()
        if not p.is_file() or rel.endswith(COMPRESSED) or rel in NOT_CACHED or rel.startswith(NOT_CACHED_FOLDERS):
            continue
        data = p.read_bytes()
        out.append([quote(rel, safe="/@-._~!$&'()*+,;=:"), len(data), hashlib.sha256(data).hexdigest()])
    return out


def version_of(files: list[list], worker: str) -> str:
    """A hash of every file and of the worker's own code."""
    lines = "".join(f"{path}\0{sha}\n" for path, _size, sha in files) + worker
    return hashlib.sha256(lines.encode()).hexdigest()[:16]


def add_offline(site: Path) -> str:
    """Write everything above into a built site; return its version."""
    tagged = [p.relative_to(site).as_posix() for p in pages(site) if add_tags(p, site)]
    write(site / "manifest.webmanifest", json.dumps(manifest(site), indent=2, ensure_ascii=False) + "\n")
    write(site / "icon.svg", icon_svg())
    write(site / "offline.js", fill((LITE_SITE / "offline.js").read_text("utf-8"),
                                    JUPYTERLITE_VERSION=jupyterlite_version(site)))
    files = precache_files(site)
    template = (LITE_SITE / "service-worker.js").read_text("utf-8")
    version = version_of(files, template)
    total = sum(size for _path, size, _sha in files)
    write(site / "precache.json", json.dumps({"version": version, "files": files}, separators=(",", ":")))
    write(site / "version.json", json.dumps({"version": version}) + "\n")
    rows = ",\n".join("  " + json.dumps(f, separators=(",", ":")) for f in files)
    worker = fill(template, VERSION=version)
    if worker.count(FILES_MARKER) != 1:
        raise ValueError(f"the worker's template must hold {FILES_MARKER} exactly once")
    write(site / "service-worker.js", worker.replace(FILES_MARKER, "[\n" + rows + "\n]"))
    log(f"version {version}: {len(files)} files, {total / 1e6:.1f} MB for the service worker;"
        f" offline.js added to {', '.join(tagged) or 'no page'}")
    return version


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("site", type=Path)
    args = ap.parse_args(argv)
    if not (args.site / "jupyter-lite.json").is_file():
        sys.exit(f"offline: {args.site} holds no built site")
    add_offline(args.site)
    return 0


if __name__ == "__main__":
    sys.exit(main())
