"""Make a built site work offline after one visit, and installable as an app.

Writes into the site folder (docs/site.md, "Offline after one visit"):

- `service-worker.js` — lite_site/service-worker.js made by Workbox (tools/site/workbox.mjs, with
  workbox-build from tools/site/package.json): the precache manifest of Workbox's globs
  (lite_site/site.toml [offline]), each file with its sha256, and Workbox's libraries beside it
  (`workbox-v*/`), over JupyterLite's own worker of that name (which JupyterLite's pages register);
  it imports JupyterLite's worker as JupyterLite ships it (build/service-worker.js);
- `offline.js` — lite_site/offline.js, loaded first thing by every page: registers the worker, says
  when the app is all in the browser. Its `<script>` and a link to the manifest go into the site's
  pages here (app.html, index.html, JupyterLite's app pages), unless a page has them already;
- `precache.json` — the precache (path, bytes, sha256) and the version: what `tools/site/bench_class.py`
  fetches per student;
- `version.json` — the version alone;
- `manifest.webmanifest` (lite_site/landing's, with a shortcut per lesson: the app is the start
  page) and `icon.svg`.

The version is a hash of the worker with its manifest: a change to any precached file is a new version.
Run by build_site.py before compressing; `python tools/site/offline.py SITE` redoes it on a built
site (it drops the stale .gz/.br copies of the files it writes).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

import landing

ROOT = Path(__file__).resolve().parents[2]
LITE_SITE = ROOT / "lite_site"
WORKBOX = Path(__file__).with_name("workbox.mjs")
COMPRESSED = (".gz", ".br")
LANDING = LITE_SITE / "landing"
# offline.js (deferred: the page draws first) and the manifest link, put into each page
TAGS = ('<script src="{up}offline.js" defer></script>', '<link rel="manifest" href="{up}manifest.webmanifest">')


def log(msg: str) -> None:
    print(f"offline: {msg}", flush=True)


def write(path: Path, text: str) -> None:
    """Write a file of the site and drop compressed copies of what it held before."""
    for ext in COMPRESSED:
        path.with_name(path.name + ext).unlink(missing_ok=True)
    path.unlink(missing_ok=True)  # a fresh file, never an edit of a shared (hard-linked) one
    path.write_text(text, encoding="utf-8")


def pages(site: Path) -> list[Path]:
    """The site's pages: the landing and app pages at the root, and JupyterLite's own app pages
    (they load config-utils.js). Not apps/*.html, which only redirect."""
    jupyterlite = [p for p in site.glob("*/index.html") if "config-utils.js" in p.read_text("utf-8")]
    if not jupyterlite:
        raise ValueError(f"{site} holds no JupyterLite app page")
    return sorted([*site.glob("*.html"), *jupyterlite])


def add_tags(page: Path, site: Path) -> bool:
    """offline.js first thing in the page's head, after its charset (before JupyterLite looks at
    service workers), and the manifest link, each unless the page has it already."""
    text = page.read_text("utf-8")
    up = "../" * (len(page.relative_to(site).parts) - 1)
    tags = [t.format(up=up) for t in TAGS if t.format(up=up) not in text]
    tags = [t for t in tags if 'rel="manifest"' not in t or 'rel="manifest"' not in text]
    head = re.search(r"<head[^>]*>", text)
    if head is None:
        raise ValueError(f"{page} has no <head>")
    if not tags:
        return False
    charset = re.compile(r"<meta charset[^>]*>", re.I).search(text, head.end(), text.find("</head>"))
    at = (charset or head).end()  # after the charset, which must come early
    write(page, text[:at] + "".join("\n" + t for t in tags) + text[at:])
    return True


def workbox(site: Path, config: dict) -> dict:
    """Workbox writes the worker over service-worker.js (tools/site/workbox.mjs); its answer.

    :raises ValueError: a glob matches no file (the site changed under the list), or the site's
        build/service-worker.js, which the worker imports, is not JupyterLite's."""
    if unmatched := [g for g in config["globPatterns"] if next(site.glob(g), None) is None]:
        raise ValueError(f"lite_site/site.toml [offline] globPatterns: {unmatched} match no file of {site}")
    jupyterlite = site / "build" / "service-worker.js"
    if '"/sw-api.v1"' not in jupyterlite.read_text("utf-8"):
        raise ValueError(f"{jupyterlite} is not JupyterLite's worker (its BroadcastChannel /sw-api.v1)")
    # Fresh files, never an edit of a shared (hard-linked) one: Workbox writes in place.
    for ext in ("", *COMPRESSED):
        (site / ("service-worker.js" + ext)).unlink(missing_ok=True)
    for library in site.glob("workbox-v*"):
        shutil.rmtree(library)
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"site": str(site), "swSrc": str(LITE_SITE / "service-worker.js"),
                   "swDest": str(site / "service-worker.js"), **config}, f)
    try:
        done = subprocess.run(["node", str(WORKBOX), f.name], capture_output=True, text=True)
    finally:
        Path(f.name).unlink()
    if done.returncode:
        raise RuntimeError(f"workbox.mjs failed: {done.stderr.strip()[-2000:]}\n(tools/site: npm ci?)")
    return json.loads(done.stdout.strip().splitlines()[-1])


def add_offline(site: Path, config: dict | None = None) -> str:
    """Write everything above into a built site (``config``: the [offline] table of site.toml, by
    default lite_site's); return its version."""
    config = config or tomllib.loads((LITE_SITE / "site.toml").read_text())["offline"]
    tagged = [p.relative_to(site).as_posix() for p in pages(site) if add_tags(p, site)]
    manifest = json.loads((LANDING / "manifest.webmanifest").read_text("utf-8"))
    manifest["shortcuts"] = [{"name": title, "description": line, "url": "./" + landing.app_href(key)}
                             for key, (title, line) in landing.APP_TITLES.items()]
    manifest["shortcuts"].append({"name": "All lessons and the notebooks", "url": "./index.html"})
    write(site / "manifest.webmanifest", json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")
    write(site / "icon.svg", (LANDING / "icon.svg").read_text("utf-8"))
    version = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]["appVersion"]
    write(site / "offline.js", (LITE_SITE / "offline.js").read_text("utf-8").replace("@@JUPYTERLITE_VERSION@@", version))
    made = workbox(site, config)
    version, files = made["version"], made["manifest"]
    write(site / "precache.json", json.dumps({"version": version, "files": files}, separators=(",", ":")))
    write(site / "version.json", json.dumps({"version": version}) + "\n")
    total = sum(size for _path, size, _sha in files)
    log(f"version {version}: {len(files)} files, {total / 1e6:.1f} MB in the precache (Workbox {made['library']});"
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
