"""Rewrite pure-Python wheels with bytecode in place of sources, as Pyodide's own packages are.

In the browser, importing IPython, jedi and pygments from .py sources compiles them first, which
is about a second of a cold start on a small machine. Bytecode is specific to the interpreter's
version, so this runs *inside Pyodide itself* at build time (tools/site/precompile.mjs, under
Node): the bytecode is made by the very Python the browser runs. Each .py becomes a sourceless
.pyc beside it (unchecked-hash, so reproducible); other files stay; RECORD is rewritten; the
zip is stored uncompressed (the server sends it brotli- or gzip-compressed).

Pure stdlib; also runs on the host Python (its unit test does so, with the host's bytecode).
"""

from __future__ import annotations

import base64
import hashlib
import io
import py_compile
import sys
import sysconfig
import tempfile
import zipfile
from pathlib import Path

ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def compile_source(source: bytes, install_path: str) -> bytes:
    """Bytecode of one module as a .pyc file's bytes, naming install_path in tracebacks."""
    with tempfile.TemporaryDirectory() as tmp:
        src, dst = Path(tmp, "m.py"), Path(tmp, "m.pyc")
        src.write_bytes(source)
        py_compile.compile(
            str(src), cfile=str(dst), dfile=install_path, doraise=True,
            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
        )
        return dst.read_bytes()


def compiles(name: str) -> bool:
    first = name.split("/", 1)[0]
    return name.endswith(".py") and not first.endswith((".dist-info", ".data"))


def precompile_wheel(src: Path, dst: Path, site_packages: str | None = None) -> int:
    """Write dst: src with every module compiled; returns how many modules were."""
    site_packages = site_packages or sysconfig.get_paths()["purelib"]
    out: dict[str, bytes] = {}
    record_name = None
    with zipfile.ZipFile(src) as zin:
        for info in zin.infolist():
            if info.is_dir():
                continue
            data = zin.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                record_name = info.filename
            elif compiles(info.filename):
                out[info.filename + "c"] = compile_source(data, f"{site_packages}/{info.filename}")
            else:
                out[info.filename] = data
    if record_name is None:
        raise ValueError(f"{src.name}: no RECORD")
    lines = [record_line(n, d) for n, d in sorted(out.items())] + [f"{record_name},,"]
    out[record_name] = ("\n".join(lines) + "\n").encode()
    buf = io.BytesIO()
    # Stored, not deflated: the server's brotli over the whole file beats per-member deflate
    # (4.7 MB instead of 7.0 MB for the kernel's wheels), and unpacking is quicker.
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as zout:
        for name in sorted(out):
            zout.writestr(zipfile.ZipInfo(name, ZIP_DATE), out[name])
    dst.write_bytes(buf.getvalue())
    return sum(1 for n in out if n.endswith(".pyc"))


def precompile_zip(src: Path, dst: Path, mount: str) -> int:
    """Write dst: the standard library zip src (Pyodide's python_stdlib.zip, all sources) with
    every module compiled, naming ``mount``/<name> in tracebacks (where Pyodide puts the zip);
    returns how many modules were. zipimport loads a sourceless .pyc; stored, not deflated, as
    the wheels (the server compresses the whole file, and nothing is inflated per import)."""
    out: dict[str, bytes] = {}
    with zipfile.ZipFile(src) as zin:
        for info in zin.infolist():
            if info.is_dir():
                continue
            data = zin.read(info)
            if info.filename.endswith(".py"):
                out[info.filename + "c"] = compile_source(data, f"{mount}/{info.filename}")
            else:
                out[info.filename] = data
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as zout:
        for name in sorted(out):
            zout.writestr(zipfile.ZipInfo(name, ZIP_DATE), out[name])
    dst.write_bytes(buf.getvalue())
    return sum(1 for n in out if n.endswith(".pyc"))


def stdlib_mount() -> str:
    """Where the running Pyodide keeps its standard library zip (/lib/python314.zip)."""
    found = [p for p in sys.path if p.endswith(".zip")]
    return found[0] if found else f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"


def main(argv: list[str]) -> int:
    """precompile_wheels IN_DIR OUT_DIR [STDLIB_ZIP OUT_STDLIB_ZIP]"""
    src_dir, dst_dir = Path(argv[0]), Path(argv[1])
    dst_dir.mkdir(parents=True, exist_ok=True)
    for wheel in sorted(src_dir.glob("*.whl")):
        n = precompile_wheel(wheel, dst_dir / wheel.name)
        print(f"precompile: {wheel.name}: {n} modules", flush=True)
    if len(argv) == 4:
        src, dst = Path(argv[2]), Path(argv[3])
        dst.parent.mkdir(parents=True, exist_ok=True)
        n = precompile_zip(src, dst, stdlib_mount())
        print(f"precompile: {src.name}: {n} modules", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
