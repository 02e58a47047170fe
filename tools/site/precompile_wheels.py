"""Rewrite pure-Python wheels with bytecode in place of sources, as Pyodide's own packages are.

In the browser, importing IPython, jedi and pygments from .py sources compiles them first, which
is about a second of a cold start on a small machine. Bytecode is specific to the interpreter's
version, so this runs *inside Pyodide itself* at build time (tools/site/precompile.mjs, under
Node): the bytecode is made by the very Python the browser runs. Each .py becomes a sourceless
.pyc beside it (unchecked-hash, so reproducible); other files stay; RECORD is rewritten; the
zip is stored uncompressed (the server sends it brotli- or gzip-compressed).

What the app never imports is left out on the way (lite_site/site.toml `[trim]`: globs per wheel
and for the standard library zip, see `left_out`). Every glob must match something; in a wheel no
module kept may import one left out, in the standard library no module-level import may (checked
here, so a new version that moved things stops the build); directories a trim empties stay in a wheel as empty directories (jedi lists
typeshed/third_party); pygments' tables of lexers, formatters and styles (`_mapping.py`) lose
the entries of the modules left out, so looking one up is "not found" (ClassNotFound), not an
ImportError.

Pure stdlib; also runs on the host Python (its unit test does so, with the host's bytecode).
"""

from __future__ import annotations

import ast
import base64
import hashlib
import io
import py_compile
import re
import sys
import sysconfig
import tempfile
import tomllib
import zipfile
from fnmatch import fnmatchcase
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


class TrimError(ValueError):
    """A [trim] glob that matches nothing, or a kept module importing one left out."""


def left_out(names: list[str], globs: list[str]) -> set[str]:
    """The names (paths inside a wheel or zip, as downloaded: `.py`) that `globs` leave out. A
    glob (fnmatch: `*` also crosses `/`) leaves out what it matches; `!glob` keeps it again; the
    last glob that matches a name decides. A glob that matches nothing is an error."""
    out: set[str] = set()
    for glob in globs:
        keep = glob.startswith("!")
        hit = {n for n in names if fnmatchcase(n, glob.removeprefix("!"))}
        if not hit:
            raise TrimError(f"trim glob {glob!r} matches nothing")
        out = out - hit if keep else out | hit
    return out


def module_name(path: str) -> str | None:
    if not path.endswith(".py"):
        return None
    parts = path[:-3].split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_nodes(tree: ast.Module, unconditional: bool):
    """The import statements of a module: all of them, or only those that run whenever it is
    imported (module level and class bodies, not in a function, an `if` or a `try`)."""
    if not unconditional:
        yield from (n for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom))
        return
    todo = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.ClassDef | ast.With):
            todo.extend(node.body)


def imported(path: str, source: bytes, unconditional: bool = False) -> set[str]:
    """Every name an import statement of the module at `path` may load (`from a import b` gives
    `a` and `a.b`), relative imports resolved; see import_nodes for `unconditional`."""
    name = module_name(path) or ""
    package = name if path.endswith("/__init__.py") else name.rpartition(".")[0]
    found: set[str] = set()
    for node in import_nodes(ast.parse(source, path), unconditional):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        else:
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            found |= {base} | {f"{base}.{a.name}" for a in node.names}
    return found


def check_imports(files: dict[str, bytes], gone: set[str], label: str,
                  unconditional: bool = False) -> None:
    """No module kept in `files` may import a module of `gone` (paths left out); with
    `unconditional`, only the imports that run whenever a module is imported count."""
    gone_modules = {m for m in map(module_name, gone) if m}
    broken = sorted(f"{path} imports {m}" for path, data in files.items() if path.endswith(".py")
                    for m in imported(path, data, unconditional) & gone_modules)
    if broken:
        raise TrimError(f"{label}: kept modules import modules left out: " + "; ".join(broken))


# pygments' generated tables: which module holds each lexer, formatter and style.
PYGMENTS_MAPPINGS = {"pygments/lexers/_mapping.py": "LEXERS",
                     "pygments/formatters/_mapping.py": "FORMATTERS",
                     "pygments/styles/_mapping.py": "STYLES"}


def prune_pygments_mapping(source: bytes, gone_modules: set[str], path: str) -> bytes:
    """One of pygments' tables (`path`, a generated `NAME = {class: (module, …), …}`, one entry a
    line) without the entries whose module is in `gone_modules`; checked by evaluating it."""
    table = PYGMENTS_MAPPINGS[path]
    entries = ast.literal_eval(next(
        n.value for n in ast.parse(source).body
        if isinstance(n, ast.Assign) and [t.id for t in n.targets] == [table]))
    drop = {name for name, entry in entries.items() if entry[0] in gone_modules}
    entry_re = re.compile(r"^    '(\w+)': \(")
    lines = [line for line in source.decode().splitlines(keepends=True)
             if not ((m := entry_re.match(line)) and m.group(1) in drop)]
    pruned = "".join(lines).encode()
    namespace: dict = {}
    exec(compile(pruned, path, "exec"), namespace)
    if namespace[table] != {k: v for k, v in entries.items() if k not in drop}:
        raise TrimError(f"{path}: not laid out one entry a line as expected")
    return pruned


def trimmed(files: dict[str, bytes], globs: list[str], label: str, wheel: bool) -> dict[str, bytes]:
    """`files` (path → bytes, sources) without what `globs` leave out (see `left_out`)."""
    gone = left_out(sorted(files), globs)
    kept = {n: d for n, d in files.items() if n not in gone}
    # In a wheel no import at all of what is left out; the standard library imports much lazily
    # or on one platform only (concurrent.futures its process pool when asked for it), so there
    # only the imports that run whenever a module is imported count.
    check_imports(kept, gone, label, unconditional=not wheel)
    modules = {module_name(n) for n in gone}
    for path in PYGMENTS_MAPPINGS:
        if gone and path in kept:
            kept[path] = prune_pygments_mapping(kept[path], modules, path)
    return kept


def emptied_dirs(before: list[str], after: list[str]) -> list[str]:
    """The outermost directories that held files in `before` and hold none in `after`."""
    def dirs(names):
        return {"/".join(n.split("/")[:i]) for n in names for i in range(1, n.count("/") + 1)}
    gone = dirs(before) - dirs(after)
    return sorted(d for d in gone if d.rpartition("/")[0] not in gone)


def project(wheel_name: str) -> str:
    """A wheel file's project name, normalised as in site.toml's [trim] (PEP 503)."""
    return re.sub(r"[-_.]+", "-", wheel_name.split("-")[0]).lower()


def read_wheel(src: Path) -> tuple[dict[str, bytes], str]:
    files: dict[str, bytes] = {}
    record_name = None
    with zipfile.ZipFile(src) as zin:
        for info in zin.infolist():
            if info.is_dir():
                continue
            if info.filename.endswith(".dist-info/RECORD"):
                record_name = info.filename
            else:
                files[info.filename] = zin.read(info)
    if record_name is None:
        raise ValueError(f"{src.name}: no RECORD")
    return files, record_name


def compiled(kept: dict[str, bytes], prefix: str) -> dict[str, bytes]:
    """``kept`` with every module as a .pyc in place of its source, naming ``prefix``/<name> in tracebacks."""
    return {(n + "c" if compiles(n) else n): (compile_source(d, f"{prefix}/{n}") if compiles(n) else d)
            for n, d in kept.items()}


def write_stored(out: dict[str, bytes], dst: Path, dirs: list[str] = ()) -> int:
    """Write dst: the zip of ``out`` and the directories ``dirs``, stored, not deflated: the server's
    brotli over the whole file beats per-member deflate (4.7 MB instead of 7.0 MB for the kernel's
    wheels), and nothing is inflated on import. Returns how many modules it holds compiled."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as zout:
        for name in sorted([*out, *(d + "/" for d in dirs)]):
            zout.writestr(zipfile.ZipInfo(name, ZIP_DATE), out.get(name, b""))
    dst.write_bytes(buf.getvalue())
    return sum(1 for n in out if n.endswith(".pyc"))


def precompile_wheel(src: Path, dst: Path, site_packages: str | None = None,
                     trim: list[str] = ()) -> int:
    """Write dst: src with every module compiled and what `trim` (globs) leaves out left out, RECORD
    rewritten; returns how many modules were compiled."""
    files, record_name = read_wheel(src)
    kept = trimmed(files, list(trim), src.name, wheel=True)
    out = compiled(kept, site_packages or sysconfig.get_paths()["purelib"])
    lines = [record_line(n, d) for n, d in sorted(out.items())] + [f"{record_name},,"]
    out[record_name] = ("\n".join(lines) + "\n").encode()
    return write_stored(out, dst, emptied_dirs(list(files), list(kept)))


def precompile_zip(src: Path, dst: Path, mount: str, trim: list[str] = ()) -> int:
    """Write dst: the standard library zip src (Pyodide's python_stdlib.zip, all sources) with
    every module compiled, naming ``mount``/<name> in tracebacks (where Pyodide puts the zip),
    and what `trim` leaves out left out; returns how many modules were compiled. zipimport loads
    a sourceless .pyc. No directory entries: zipimport would take an emptied package's directory
    for a namespace package, and its import would not fail."""
    with zipfile.ZipFile(src) as zin:
        files = {i.filename: zin.read(i) for i in zin.infolist() if not i.is_dir()}
    return write_stored(compiled(trimmed(files, list(trim), src.name, wheel=False), mount), dst)


def stdlib_mount() -> str:
    """Where the running Pyodide keeps its standard library zip (/lib/python314.zip)."""
    found = [p for p in sys.path if p.endswith(".zip")]
    return found[0] if found else f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"


STDLIB_KEY = "python_stdlib.zip"


def main(argv: list[str]) -> int:
    """precompile_wheels [--config SITE_TOML] IN_DIR OUT_DIR [STDLIB_ZIP OUT_STDLIB_ZIP]

    With --config, its [trim] table: project name (or "python_stdlib.zip") → globs left out."""
    trim: dict[str, list[str]] = {}
    if argv[:1] == ["--config"]:
        trim = tomllib.loads(Path(argv[1]).read_text()).get("trim", {})
        argv = argv[2:]
    src_dir, dst_dir = Path(argv[0]), Path(argv[1])
    dst_dir.mkdir(parents=True, exist_ok=True)
    wheels = sorted(src_dir.glob("*.whl"))
    if unknown := sorted(set(trim) - {STDLIB_KEY} - {project(w.name) for w in wheels}):
        raise TrimError(f"[trim] names wheels not in {src_dir}: {', '.join(unknown)}")
    for wheel in wheels:
        globs = trim.get(project(wheel.name), [])
        n = precompile_wheel(wheel, dst_dir / wheel.name, trim=globs)
        print(f"precompile: {wheel.name}: {n} modules" + (" (trimmed)" if globs else ""), flush=True)
    if len(argv) == 4:
        src, dst = Path(argv[2]), Path(argv[3])
        dst.parent.mkdir(parents=True, exist_ok=True)
        n = precompile_zip(src, dst, stdlib_mount(), trim.get(STDLIB_KEY, []))
        print(f"precompile: {src.name}: {n} modules", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
