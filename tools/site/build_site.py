"""Build the offline JupyterLite site into one folder (build/site by default).

Steps: stage a lite dir (build/lite) holding lite_site's config and Pyodide with its wheels and a
pyodide-lock.json written for them; `jupyter lite build` the notebook and tree apps with the
notebooks as contents; write the landing and app pages, the app's lesson frame (lite_site/live/,
its script bundled by esbuild); check that nothing points off-site; a Content-Security-Policy in each page (csp.py); precompress
(gzip and brotli) for the server. Downloads come from tools/site/fetch.py (build/cache).

    python tools/site/build_site.py --cache build/cache --project-wheels build/wheel --out build/site
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import a11y
import classpage
import csp
import frames
import handouts
import landing
import offline
import site_lock
import teacher

ROOT = Path(__file__).resolve().parents[2]
LITE_SITE = ROOT / "lite_site"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
# Apps the build ships whatever --apps says, never loaded by the apps in lite_site/site.toml.
DROP = ["doc", "lab", "repl", "consoles", "edit"]
URL_RE = re.compile(r"^(?:[a-z][a-z0-9+.-]*:)?//", re.I)


def log(msg: str) -> None:
    print(f"build_site: {msg}", flush=True)


def check_kernel_version(expected: str) -> None:
    from jupyterlite_pyodide_kernel import constants

    if expected != constants.PYODIDE_VERSION:
        sys.exit(
            f"build_site: jupyterlite-pyodide-kernel expects Pyodide {constants.PYODIDE_VERSION}, "
            f"lite_site/site.toml ships {expected}: bump them together"
        )


def stage(cfg: dict, cache: Path, project_wheels: Path, lite: Path) -> None:
    shutil.rmtree(lite, ignore_errors=True)
    pyodide_dir = lite / "static" / "pyodide"
    pyodide_dir.mkdir(parents=True)
    for name in cfg["pyodide"]["files"]:
        compiled = cache / "stdlib-pyc" / name  # python_stdlib.zip as bytecode (precompile.mjs)
        shutil.copy2(compiled if compiled.is_file() else cache / "pyodide-core" / name, pyodide_dir / name)
    lock, wheels = site_lock.cache_lock(cache, project_wheels, cfg)
    for w in wheels:
        shutil.copy2(w, pyodide_dir / w.name)
    site_lock.write_lock(lock, pyodide_dir / "pyodide-lock.json")
    config = json.loads((LITE_SITE / "jupyter-lite.json").read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    kernel["loadPyodideOptions"]["packages"] = list(cfg["lock"]["preload"])
    (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=2))
    shutil.copy2(LITE_SITE / "overrides.json", lite / "overrides.json")
    log(f"staged {len(wheels)} wheels and Pyodide {cfg['pyodide']['version']} in {lite}")


def lite_build(site_cfg: dict, lite: Path, notebooks: Path, out: Path) -> None:
    cmd = [
        str(Path(sys.executable).parent / "jupyter-lite"), "build",
        "--lite-dir", str(lite), "--output-dir", str(out),
        "--contents", str(notebooks.resolve()),
        "--no-sourcemaps", "--no-unused-shared-packages",
        # Only the extensions named in the config, not whatever else .venv holds.
        "--ignore-sys-prefix",
    ]
    for app in site_cfg["apps"]:
        cmd += ["--apps", app]
    labext = Path(sys.prefix) / "share/jupyter/labextensions"
    for name in site_cfg["labextensions"]:
        if not (labext / name / "package.json").is_file():
            sys.exit(f"build_site: labextension {name} is not installed in {sys.prefix}")
        cmd.append(f"--LiteBuildConfig.federated_extensions={labext / name}")
    t0 = time.monotonic()
    subprocess.run(cmd, check=True, cwd=lite, stdout=subprocess.DEVNULL)
    log(f"jupyter lite build took {time.monotonic() - t0:.0f} s")


def check_offline(site: Path) -> None:
    """Every config the apps read must keep Pyodide and its packages on this origin."""
    for cfg_path in site.rglob("jupyter-lite.json"):
        data = json.loads(cfg_path.read_text()).get("jupyter-config-data", {})
        kernel = data.get("litePluginSettings", {}).get(KERNEL_PLUGIN)
        if kernel is None:
            continue
        url = kernel.get("pyodideUrl", "")
        if not url or URL_RE.match(url):
            sys.exit(f"build_site: {cfg_path} has pyodideUrl {url!r}, not a path on this site")
        if not kernel.get("disablePyPIFallback"):
            sys.exit(f"build_site: {cfg_path} lacks disablePyPIFallback")
        for u in kernel.get("pipliteUrls", []):
            if URL_RE.match(u):
                sys.exit(f"build_site: {cfg_path} has piplite URL {u!r} off this site")
    lock = json.loads((site / "static/pyodide/pyodide-lock.json").read_text())
    for name, entry in lock["packages"].items():
        if "/" in entry["file_name"] or not (site / "static/pyodide" / entry["file_name"]).exists():
            sys.exit(f"build_site: lock entry {name} does not point at a shipped file")


def trim(site: Path, keep_apps: list[str]) -> None:
    for name in DROP:
        if name in keep_apps:
            continue
        shutil.rmtree(site / name, ignore_errors=True)
    for pattern in ("**/*.map", "**/.doit.db*", "rspack.config*.js"):
        for p in site.glob(pattern):
            p.unlink()


# Icons the Jupyter front end asks for (it swaps them while the kernel is busy), which the
# JupyterLite build does not ship: the app's own icon under each name, so nothing is a 404.
FAVICONS = ["favicon.ico", "favicon-notebook.ico", "favicon-busy-1.ico", "favicon-busy-2.ico",
            "favicon-busy-3.ico", "favicon-file.ico"]


def add_favicons(site: Path) -> None:
    icon = site / "notebooks" / "favicon.ico"
    folder = site / "static" / "favicons"
    folder.mkdir(parents=True, exist_ok=True)
    for name in FAVICONS:
        shutil.copyfile(icon, folder / name)
    shutil.copyfile(icon, site / "favicon.ico")


def compress(site: Path, cache: Path) -> None:
    """Write .gz and .br beside each file (WhiteNoise's compressor keeps one only when it saves
    space). Results are cached by content hash: a rebuild compresses only what changed."""
    import brotli
    from whitenoise.compress import Compressor

    class Quicker(Compressor):
        @staticmethod
        def compress_brotli(data: bytes) -> bytes:
            # Quality 11 takes 40 s for pyodide.asm.wasm alone; 10 is 2.5x quicker, 2% larger.
            return brotli.compress(data, quality=10 if len(data) > 1 << 20 else 11)

    t0 = time.monotonic()
    # .whl included: the precompiled ones are stored zips; .zip too (WhiteNoise skips it by
    # default): python_stdlib.zip is a stored zip of bytecode (precompile.mjs).
    comp = Quicker(quiet=True, extensions=[e for e in Compressor.SKIP_COMPRESS_EXTENSIONS if e != "zip"])
    cache.mkdir(parents=True, exist_ok=True)
    files = [p for p in site.rglob("*") if p.is_file() and comp.should_compress(p.name)]
    keys = {p: cache / hashlib.sha256(p.read_bytes()).hexdigest() for p in files}
    todo = {key: p for p, key in keys.items() if not key.with_suffix(".done").exists()}

    def fill(key: Path, path: Path) -> None:
        for out in comp.compress(str(path)):
            shutil.copy2(out, key.with_suffix(Path(out).suffix))
        key.with_suffix(".done").touch()

    # zlib and brotli release the GIL: threads use every core.
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        for future in [pool.submit(fill, k, p) for k, p in todo.items()]:
            future.result()
    for p, key in keys.items():
        for ext in (".gz", ".br"):
            if key.with_suffix(ext).exists():
                shutil.copy2(key.with_suffix(ext), p.with_name(p.name + ext))
    log(f"compressed {len(files)} files ({len(todo)} new) in {time.monotonic() - t0:.0f} s")


def live_page(apps: Path) -> None:
    """The app's lesson frame (lite_site/live/): live.html, its worker, and live.js with ipywidgets'
    front end bundled by esbuild (pinned in tools/site/package.json) into live.js and live.css."""
    live = LITE_SITE / "live"
    esbuild = ROOT / "tools" / "site" / "node_modules" / ".bin" / "esbuild"
    done = subprocess.run([str(esbuild), str(live / "live.js"), "--bundle", "--minify", "--format=esm",
                           "--target=es2020", "--legal-comments=none", f"--outfile={apps / 'live.js'}"],
                          capture_output=True, text=True, env={**os.environ, "NODE_PATH": str(esbuild.parents[1])})
    if done.returncode:
        sys.exit(f"build_site: esbuild failed (tools/site: npm ci?): {done.stderr.strip()[-2000:]}")
    for name in ("live.html", "live-worker.mjs"):
        shutil.copy2(live / name, apps / name)
    log(f"live page: live.js {(apps / 'live.js').stat().st_size // 1024} kB, live.css {(apps / 'live.css').stat().st_size // 1024} kB")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cache", type=Path, default=ROOT / "build/cache")
    ap.add_argument("--project-wheels", type=Path, default=ROOT / "build/wheel")
    ap.add_argument("--notebooks", type=Path, default=ROOT / "notebooks")
    ap.add_argument("--lite-dir", type=Path, default=ROOT / "build/lite")
    ap.add_argument("--out", type=Path, default=ROOT / "build/site")
    args = ap.parse_args(argv)
    for name in ("cache", "project_wheels", "notebooks", "lite_dir", "out"):
        setattr(args, name, getattr(args, name).resolve())
    cfg = tomllib.loads((LITE_SITE / "site.toml").read_text())
    check_kernel_version(cfg["pyodide"]["version"])
    if not list(args.project_wheels.glob("*.whl")):
        sys.exit(f"build_site: no project wheel in {args.project_wheels}")
    try:
        stage(cfg, args.cache, args.project_wheels, args.lite_dir)
    except site_lock.LockError as e:
        sys.exit(f"build_site: {e}")
    tmp = args.out.with_name(args.out.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    lite_build(cfg["site"], args.lite_dir, args.notebooks, tmp)
    trim(tmp, cfg["site"]["apps"])
    add_favicons(tmp)
    (tmp / "index.html").write_text(
        landing.render(LITE_SITE / "landing", args.notebooks), encoding="utf-8"
    )
    frames_folder = frames.build(tmp, args.cache)  # every walkthrough's steps, drawn now (tools/site/frames.py)
    log(f"{len(list((tmp / frames_folder).glob('*.json')))} frame files in {frames_folder}")
    (tmp / "app.html").write_text(landing.app_page(LITE_SITE / "landing", frames_folder), encoding="utf-8")
    (tmp / "apps").mkdir(exist_ok=True)
    live_page(tmp / "apps")
    for name, page in landing.app_pages(LITE_SITE / "landing").items():
        (tmp / "apps" / name).write_text(page, encoding="utf-8")
    handouts.build(tmp / "handouts")  # printable A4 handouts, HTML and PDF (docs/teacher-guide.md)
    teacher.build(tmp)  # the teacher's guide as pages: teacher.html, teacher.cs.html … (tools/site/teacher.py)
    classpage.build(LITE_SITE / "landing", tmp)  # Play with the class: class.html and its scripts (tools/site/classpage.py)
    a11y.add(tmp)  # repairs of JupyterLab's own interface where axe-core finds it wanting (tools/site/a11y.py)
    check_offline(tmp)
    try:  # a Content-Security-Policy in every page (tools/site/csp.py), its hashes checked after the last edit
        csp.add(tmp)
        offline.add_offline(tmp)  # service worker, precache list, manifest (docs/site.md)
        csp.verify(tmp)
    except csp.CSPError as e:
        sys.exit(f"build_site: {e}")
    compress(tmp, args.cache / "compressed")
    shutil.rmtree(args.out, ignore_errors=True)
    tmp.rename(args.out)
    size = sum(p.stat().st_size for p in args.out.rglob("*") if p.is_file()) / 1e6
    log(f"site in {args.out} ({size:.1f} MB on disk with .gz/.br copies)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
