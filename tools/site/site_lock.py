"""The site's pyodide-lock.json, made with pyodide-lock (the Pyodide project's own library).

pyodide-lock reads each shipped wheel — name, version, `imports`, `depends` from its metadata with
the markers evaluated for Pyodide, sha256 — and adds it to a lock. Only what it cannot do is here:

- The base: Pyodide's npm lock points every package at a CDN, so only its `info` is kept.
  pyodide-lock 0.1.2, the last for Python 3.11, still requires `info.version`, which Pyodide 314's
  lock no longer has: a placeholder is given on reading and left out on writing (as 0.1.3 does).
- pyodide-lock finds `imports` from `.py` files, and the precompiled wheels hold `.pyc` only: it
  reads those wheels as downloaded (`sources`), then each sha256 is taken of the shipped file.
- The site's rules (site.toml `[lock]`): dependencies never imported in the browser are dropped,
  undeclared ones added; every dependency must ship and every wheel be needed by a root.
- Which wheels ship (`shipped_wheels`), the kernel's bundled ones checked against its index:
  build_site.py stages that list, so this module needs nothing from it.

As a command, it writes the lock the build makes for a cache (tests/site/fixtures/ keeps one):

    python tools/site/site_lock.py --cache build/cache --project-wheels build/wheel --out FILE
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
import tempfile
import tomllib
from pathlib import Path

from packaging.utils import canonicalize_name
from pyodide_lock import PyodideLockSpec
from pyodide_lock.spec import InfoSpec
from pyodide_lock.utils import add_wheels_to_spec, update_package_sha256


class LockError(Exception):
    """The shipped wheels do not make a consistent lock."""


def names(items) -> set[str]:
    return {str(canonicalize_name(n)) for n in items}


def build_lock(info: dict, wheels: list[Path], cfg: dict, sources: tuple[Path, ...] = ()):
    """The lock of `wheels` (the shipped files) as a PyodideLockSpec. `info` is the npm lock's,
    `cfg` site.toml's [lock]; the folders `sources` hold wheels before precompiling (their imports
    are read from their sources)."""
    base = PyodideLockSpec(info=InfoSpec(**{"version": "", **info}), packages={})
    with tempfile.TemporaryDirectory() as tmp:
        readable = []
        for w in wheels:
            src = next((d / w.name for d in sources if (d / w.name).is_file()), w)
            readable.append(Path(shutil.copy(src, tmp)))
        try:
            lock = add_wheels_to_spec(base, readable, ignore_missing_dependencies=True)
        except RuntimeError as e:  # e.g. a wheel for another Python or platform
            raise LockError(str(e)) from e
    if len(lock.packages) != len(wheels):
        raise LockError(f"two wheels for one package among {sorted(w.name for w in wheels)}")
    skip = names(cfg.get("not_in_browser", []))
    extra = {str(canonicalize_name(k)): names(v) for k, v in cfg.get("extra_depends", {}).items()}
    by_file = {p.file_name: p for p in lock.packages.values()}
    for w in wheels:
        pkg = update_package_sha256(by_file[w.name], w)
        pkg.depends = sorted((set(pkg.depends) | extra.get(pkg.name, set())) - skip)
    packages = lock.packages
    missing = sorted(f"{p} needs {d}" for p in packages for d in packages[p].depends
                     if d not in packages)
    if missing:
        raise LockError("dependencies not shipped: " + "; ".join(missing))
    wanted: set[str] = set()
    todo = sorted(names(cfg["preload"] + cfg["on_import"]))
    while todo:
        name = todo.pop()
        if name not in packages:
            raise LockError(f"root {name} is not among the shipped wheels")
        if name not in wanted:
            wanted.add(name)
            todo.extend(packages[name].depends)
    if unused := sorted(set(packages) - wanted):
        raise LockError("wheels no root needs (drop them): " + ", ".join(unused))
    return lock


def write_lock(lock: PyodideLockSpec, path: Path) -> None:
    data = lock.model_dump(exclude={"info": {"version"}})
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


def kernel_share() -> Path:
    """The kernel's labextension folder inside this environment."""
    return Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension"


def kernel_wheels(names: list[str]) -> list[Path]:
    """The wheels bundled with the kernel, checked against the sha256 of its own index."""
    pypi = kernel_share() / "static/pypi"
    index = json.loads((pypi / "all.json").read_text())
    found = []
    for name in names:
        releases = index[name]["releases"]
        (files,) = releases.values()
        (entry,) = [f for f in files if f["filename"].endswith(".whl")]
        path = pypi / entry["filename"]
        if hashlib.sha256(path.read_bytes()).hexdigest() != entry["digests"]["sha256"]:
            raise LockError(f"{path} does not match the kernel's index")
        found.append(path)
    return found


def shipped_wheels(cache: Path, project_wheels: Path, cfg: dict) -> list[Path]:
    """Every wheel the site ships, `cfg` being site.toml: PyPI's, precompiled (precompile.mjs),
    the kernel's bundled ones and the engine's. Here, not in build_site.py, so that this module
    and its command need nothing from the build (build_site imports this one)."""
    return [*sorted((cache / "wheels-pyc").glob("*.whl")),
            *kernel_wheels(cfg["kernel"]["bundled_wheels"]),
            *sorted(project_wheels.glob("*.whl"))]


def cache_lock(cache: Path, project_wheels: Path, cfg: dict):
    """The lock build_site.py makes for a build cache (tools/site/fetch.py, precompile.mjs) and the
    engine's wheel, `cfg` being site.toml; returns it and the wheels it was made of."""
    wheels = shipped_wheels(cache, project_wheels, cfg)
    info = json.loads((cache / "pyodide-core/pyodide-lock.json").read_text())["info"]
    sources = (cache / "wheels", project_wheels.with_name(project_wheels.name + "-src"))
    return build_lock(info, wheels, cfg["lock"], sources=sources), wheels


def main(argv: list[str] | None = None) -> int:
    root = Path(__file__).resolve().parents[2]
    ap = argparse.ArgumentParser(description="Write the site's lock for a build cache.")
    ap.add_argument("--cache", type=Path, default=root / "build/cache")
    ap.add_argument("--project-wheels", type=Path, default=root / "build/wheel")
    ap.add_argument("--config", type=Path, default=root / "lite_site/site.toml")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    try:
        lock, wheels = cache_lock(args.cache, args.project_wheels,
                                  tomllib.loads(args.config.read_text()))
    except LockError as e:
        sys.exit(f"site_lock: {e}")
    write_lock(lock, args.out)
    print(f"site_lock: {len(wheels)} wheels, lock in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
