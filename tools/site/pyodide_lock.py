"""Write the pyodide-lock.json for the wheels shipped inside the site.

Pyodide reads this lock to load packages with `loadPackage` (the kernel's preload list) and on a
plain `import` (through each entry's `imports`). Every entry points at a wheel next to the lock,
with the sha256 of that very file (Pyodide checks it). Dependencies come from each wheel's own
metadata, evaluated for Pyodide (sys_platform "emscripten"); the lock must be closed (every
dependency shipped) and lean (every wheel reachable from the roots), else this stops.

    python tools/site/pyodide_lock.py --config lite_site/site.toml \
        --info-from path/to/npm/pyodide-lock.json --wheels DIR --out DIR/pyodide-lock.json
"""

from __future__ import annotations

import argparse
import email.parser
import hashlib
import json
import re
import sys
import tomllib
import zipfile
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name


class LockError(Exception):
    """The shipped wheels do not make a consistent lock."""


def marker_env(python: str) -> dict[str, str]:
    """Environment markers of Pyodide's Python, e.g. python="3.14.2"."""
    major_minor = ".".join(python.split(".")[:2])
    return {
        "implementation_name": "cpython",
        "implementation_version": python,
        "os_name": "posix",
        "platform_machine": "wasm32",
        "platform_python_implementation": "CPython",
        "platform_release": "",
        "platform_system": "Emscripten",
        "platform_version": "",
        "python_full_version": python,
        "python_version": major_minor,
        "sys_platform": "emscripten",
        "extra": "",
    }


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def read_wheel(path: Path, env: dict[str, str]) -> dict:
    """Name, version, runtime requirements (canonical names) and top-level imports of a wheel."""
    if not path.name.endswith("-none-any.whl"):
        raise LockError(f"{path.name}: only pure-Python (py3-none-any) wheels can ship")
    with zipfile.ZipFile(path) as zf:
        names = zf.namelist()
        meta_name = next((n for n in names if re.fullmatch(r"[^/]+\.dist-info/METADATA", n)), None)
        if meta_name is None:
            raise LockError(f"{path.name}: no .dist-info/METADATA")
        meta = email.parser.Parser().parsestr(zf.read(meta_name).decode("utf-8"))
        top_level = next((n for n in names if n.endswith(".dist-info/top_level.txt")), None)
        imports = (
            zf.read(top_level).decode().split() if top_level else top_level_modules(names)
        )
    depends = set()
    for line in meta.get_all("Requires-Dist") or []:
        req = Requirement(line)
        if req.marker is None or req.marker.evaluate(env):
            depends.add(str(canonicalize_name(req.name)))
    return {
        "name": str(canonicalize_name(meta["Name"])),
        "version": meta["Version"],
        "depends": depends,
        "imports": sorted({i for i in imports if i.isidentifier()}),
    }


def top_level_modules(names: list[str]) -> list[str]:
    """Importable top-level names of a wheel's files (packages and single modules)."""
    found = set()
    for name in names:
        first, _, rest = name.partition("/")
        if first.endswith((".dist-info", ".data")):
            continue
        if rest:
            found.add(first)
        elif first.endswith(".py"):
            found.add(first[:-3])
    return sorted(found)


def build_lock(
    info: dict,
    wheels: list[Path],
    roots: list[str],
    not_in_browser: list[str] = (),
    extra_depends: dict[str, list[str]] | None = None,
) -> dict:
    """The lock as a dict: one entry per wheel, keyed by canonical name."""
    env = marker_env(info["python"])
    skip = {str(canonicalize_name(n)) for n in not_in_browser}
    extra = {
        str(canonicalize_name(k)): {str(canonicalize_name(d)) for d in v}
        for k, v in (extra_depends or {}).items()
    }
    packages: dict[str, dict] = {}
    for path in sorted(wheels):
        meta = read_wheel(path, env)
        name = meta["name"]
        if name in packages:
            raise LockError(f"two wheels for {name}: {packages[name]['file_name']}, {path.name}")
        packages[name] = {
            "name": name,
            "version": meta["version"],
            "file_name": path.name,
            "install_dir": "site",
            "sha256": sha256_of(path),
            "package_type": "package",
            "imports": meta["imports"],
            "depends": sorted((meta["depends"] | extra.get(name, set())) - skip),
            "unvendored_tests": False,
        }
    missing = sorted(
        f"{name} needs {dep}"
        for name, entry in packages.items()
        for dep in entry["depends"]
        if dep not in packages
    )
    if missing:
        raise LockError("dependencies not shipped: " + "; ".join(missing))
    wanted = closure([str(canonicalize_name(r)) for r in roots], packages)
    unused = sorted(set(packages) - wanted)
    if unused:
        raise LockError("wheels no root needs (drop them): " + ", ".join(unused))
    return {"info": dict(info), "packages": packages}


def closure(roots: list[str], packages: dict[str, dict]) -> set[str]:
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        if name not in packages:
            raise LockError(f"root {name} is not among the shipped wheels")
        seen.add(name)
        todo.extend(packages[name]["depends"])
    return seen


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, required=True, help="lite_site/site.toml")
    ap.add_argument("--info-from", type=Path, required=True, help="the npm package's lock")
    ap.add_argument("--wheels", type=Path, required=True, help="folder of the wheels to ship")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    cfg = tomllib.loads(args.config.read_text())["lock"]
    info = json.loads(args.info_from.read_text())["info"]
    try:
        lock = build_lock(
            info,
            list(args.wheels.glob("*.whl")),
            roots=cfg["preload"] + cfg["on_import"],
            not_in_browser=cfg.get("not_in_browser", []),
            extra_depends=cfg.get("extra_depends", {}),
        )
    except LockError as e:
        print(f"pyodide_lock: {e}", file=sys.stderr)
        return 1
    args.out.write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    print(f"pyodide_lock: {len(lock['packages'])} packages -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
