"""Download what the browser's Python needs, each file checked by hash.

- Pyodide's core from the npm registry (`npm pack pyodide@VERSION`, which checks the tarball
  against the registry's `dist.integrity`): its sha512 must also equal the integrity pinned in
  lite_site/site.toml. Only the files listed in the config are extracted. (jupyterlite-pyodide-
  kernel's PyodideAddon takes a release `.bz2` from GitHub, out of reach here, or a folder: the
  build gives it the folder this makes.)
- The pure-Python wheels of lite_site/pyodide-wheels.txt from PyPI, by pip in hash-checking mode.

    python tools/site/fetch.py --config lite_site/site.toml \
        --wheels-req lite_site/pyodide-wheels.txt --out build/cache
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import tomllib
from pathlib import Path


def npm_integrity(path: Path) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()


def fetch_pyodide(version: str, integrity: str, files: list[str], out: Path) -> Path:
    """Extract the listed files of pyodide@version into out/pyodide-core; returns that folder."""
    npm_dir = out / "npm"
    npm_dir.mkdir(parents=True, exist_ok=True)
    tgz = npm_dir / f"pyodide-{version}.tgz"
    if not tgz.exists() or npm_integrity(tgz) != integrity:
        tgz.unlink(missing_ok=True)
        # npm checks the tarball against the registry's dist.integrity (EINTEGRITY otherwise).
        subprocess.run(["npm", "pack", "--silent", f"pyodide@{version}"], cwd=npm_dir, check=True,
                       stdout=subprocess.DEVNULL)
        got = npm_integrity(tgz)
        if got != integrity:
            tgz.unlink()
            sys.exit(f"fetch: {tgz.name} has integrity {got}, expected {integrity}")
    core = out / "pyodide-core"
    shutil.rmtree(core, ignore_errors=True)
    core.mkdir(parents=True)
    wanted = {f"package/{name}": name for name in [*files, "pyodide-lock.json", "package.json"]}
    with tarfile.open(tgz) as tar:
        for member in tar.getmembers():
            if member.name in wanted and member.isfile():
                (core / wanted.pop(member.name)).write_bytes(tar.extractfile(member).read())
    if wanted:
        sys.exit(f"fetch: not in {tgz.name}: {sorted(wanted.values())}")
    shipped = json.loads((core / "package.json").read_text())["version"]
    if shipped != version:
        sys.exit(f"fetch: {tgz.name} holds pyodide {shipped}, not {version}")
    return core


def fetch_wheels(requirements: Path, python: str, out: Path) -> Path:
    """pip download (hash-checked, no deps, pure-Python only) into out/wheels; returns it."""
    dest = out / "wheels"
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--require-hashes",
         "--only-binary=:all:", "--implementation", "py", "--abi", "none", "--platform", "any",
         "--python-version", python, "-r", str(requirements), "-d", str(dest)],
        check=True,
    )
    return dest


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, required=True)
    ap.add_argument("--wheels-req", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    cfg = tomllib.loads(args.config.read_text())["pyodide"]
    core = fetch_pyodide(cfg["version"], cfg["integrity"], cfg["files"], args.out)
    python = json.loads((core / "pyodide-lock.json").read_text())["info"]["python"]
    fetch_wheels(args.wheels_req, ".".join(python.split(".")[:2]), args.out)
    print(f"fetch: pyodide {cfg['version']} (Python {python}) and wheels in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
