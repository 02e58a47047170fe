"""Unit tests of the site's build tools (no browser, no network): the lock writer, the
precompiler and the landing page."""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tomllib
import zipfile
from pathlib import Path

import landing
import pytest
import site_lock

INFO = {"abi_version": "2026_0", "arch": "wasm32", "platform": "emscripten_5_0_3",
        "python": "3.14.2"}


def make_wheel(folder: Path, name: str, version: str, requires=(), files=None, top_level=None):
    path = folder / f"{name.replace('-', '_')}-{version}-py3-none-any.whl"
    dist = f"{name.replace('-', '_')}-{version}.dist-info"
    meta = ["Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}"]
    meta += [f"Requires-Dist: {r}" for r in requires]
    with zipfile.ZipFile(path, "w") as zf:
        for f in files or [f"{name.replace('-', '_').lower()}/__init__.py"]:
            zf.writestr(f, "")
        zf.writestr(f"{dist}/METADATA", "\n".join(meta) + "\n")
        zf.writestr(f"{dist}/RECORD", "")
        if top_level is not None:
            zf.writestr(f"{dist}/top_level.txt", "\n".join(top_level))
    return path


def lock_of(tmp_path, wheels, roots, sources=None, **cfg):
    """The lock of `wheels` as written to the site, read back."""
    lock = site_lock.build_lock(INFO, wheels, {"preload": roots, "on_import": [], **cfg}, (sources,) if sources else ())
    site_lock.write_lock(lock, tmp_path / "pyodide-lock.json")
    return json.loads((tmp_path / "pyodide-lock.json").read_text())


def test_lock_entries_point_at_the_wheels_with_their_sha256(tmp_path):
    a = make_wheel(tmp_path, "Alpha-Pkg", "1.0", requires=["beta>=2", "gamma; extra == 'test'"])
    b = make_wheel(tmp_path, "beta", "2.1", files=["beta.py", "_beta_speedups/__init__.py"])
    lock = lock_of(tmp_path, [a, b], roots=["alpha-pkg"])
    assert lock["info"] == INFO  # the npm lock's, nothing added (no `version`)
    assert sorted(lock["packages"]) == ["alpha-pkg", "beta"]
    alpha, beta = lock["packages"]["alpha-pkg"], lock["packages"]["beta"]
    assert alpha["file_name"] == a.name and "/" not in alpha["file_name"]
    assert alpha["sha256"] == hashlib.sha256(a.read_bytes()).hexdigest()
    assert alpha["depends"] == ["beta"]  # the test extra is not a runtime dependency
    assert alpha["imports"] == ["alpha_pkg"]
    assert sorted(beta["imports"]) == ["_beta_speedups", "beta"]
    assert alpha["install_dir"] == "site" and alpha["package_type"] == "package"
    assert alpha["unvendored_tests"] is False


def test_markers_are_evaluated_for_pyodide(tmp_path):
    a = make_wheel(tmp_path, "a", "1", requires=[
        'pexpect>4; sys_platform != "win32" and sys_platform != "emscripten"',
        'colorama; sys_platform == "win32"',
        'typing-extensions; python_version < "3.12"',
        'b; platform_system == "Emscripten"',
    ])
    b = make_wheel(tmp_path, "b", "1")
    assert lock_of(tmp_path, [a, b], roots=["a"])["packages"]["a"]["depends"] == ["b"]


def test_imports_of_precompiled_wheels_come_from_their_sources(tmp_path):
    src, shipped = tmp_path / "src", tmp_path / "shipped"
    src.mkdir()
    shipped.mkdir()
    make_wheel(src, "ipython", "9", files=["IPython/__init__.py", "single.py"])
    w = make_wheel(shipped, "ipython", "9", files=["IPython/__init__.pyc", "single.pyc"])
    entry = lock_of(tmp_path, [w], roots=["ipython"], sources=src)["packages"]["ipython"]
    assert sorted(entry["imports"]) == ["IPython", "single"]
    assert entry["sha256"] == hashlib.sha256(w.read_bytes()).hexdigest()  # the shipped file's


def test_missing_dependency_stops(tmp_path):
    a = make_wheel(tmp_path, "a", "1", requires=["b"])
    with pytest.raises(site_lock.LockError, match="a needs b"):
        lock_of(tmp_path, [a], roots=["a"])


def test_dependencies_not_in_the_browser_and_extra_ones(tmp_path):
    w = make_wheel(tmp_path, "ipywidgets", "8", requires=["widgetsnbextension~=4.0", "comm"])
    c = make_wheel(tmp_path, "comm", "0.2")
    p = make_wheel(tmp_path, "piplite", "0.8")
    m = make_wheel(tmp_path, "micropip", "0.11")
    lock = lock_of(
        tmp_path, [w, c, p, m], roots=["ipywidgets", "piplite"],
        not_in_browser=["widgetsnbextension"], extra_depends={"piplite": ["micropip"]},
    )
    assert lock["packages"]["ipywidgets"]["depends"] == ["comm"]
    assert lock["packages"]["piplite"]["depends"] == ["micropip"]


def test_unused_wheel_unknown_root_and_twins_stop(tmp_path):
    a = make_wheel(tmp_path, "a", "1")
    b = make_wheel(tmp_path, "b", "1")
    with pytest.raises(site_lock.LockError, match="no root needs.*b"):
        lock_of(tmp_path, [a, b], roots=["a"])
    with pytest.raises(site_lock.LockError, match="root c"):
        lock_of(tmp_path, [a, b], roots=["a", "b", "c"])
    a2 = make_wheel(tmp_path, "a", "2")
    with pytest.raises(site_lock.LockError, match="two wheels"):
        lock_of(tmp_path, [a, a2], roots=["a"])


def test_a_wheel_for_another_python_stops(tmp_path):
    bad = tmp_path / "x-1-cp312-cp312-manylinux_2_17_x86_64.whl"
    bad.write_bytes(b"")
    with pytest.raises(site_lock.LockError, match="x-1-cp312"):
        lock_of(tmp_path, [bad], roots=["x"])


# The lock the build makes for the pins of commit 70dd04a: lite_site/pyodide-wheels.txt (IPython
# 9.18.1, jedi 0.19.2, pygments 2.20.0, ipywidgets 8.1.9, segno 1.6.6 — the table editor's QR code,
# a dependency of the engine's wheel here by [lock.extra_depends] — …), the wheels bundled with
# jupyterlite-pyodide-kernel 0.8.6, Pyodide 314.0.6's lock `info`, and site.toml's [lock] rules.
# (Commit 412838a's pins, the same without segno, were fixtures/pyodide-lock-412838a.json.)
# Written by the command in REGENERATE. (The first proof, that pyodide-lock writes the lock the
# hand-written writer of commit 3bfa0b0 wrote, ran against fixtures/pyodide-lock-3bfa0b0.json up
# to commit 25c6a9f: see docs/site.md.)
PINNED = Path(__file__).parent / "fixtures" / "pyodide-lock-70dd04a.json"
REGENERATE = ("after checking why, write it again: .venv/bin/python tools/site/site_lock.py "
              "--cache build/cache --project-wheels build/wheel --out " +
              "tests/site/fixtures/pyodide-lock-70dd04a.json (and rename it after the commit "
              "that changes the pins, here and in the file)")


def site_cache() -> tuple[Path, Path]:
    """The build cache (fetch.py, precompile.mjs) and the engine's wheel folder the real-wheel
    tests read: build/ or SIXNIMMT_SITE_CACHE and SIXNIMMT_SITE_WHEEL."""
    root = Path(__file__).resolve().parents[2]
    cache = Path(os.environ.get("SIXNIMMT_SITE_CACHE", root / "build/cache"))
    project = Path(os.environ.get("SIXNIMMT_SITE_WHEEL", root / "build/wheel"))
    if not (cache / "wheels-pyc").is_dir() or not list(project.glob("*.whl")):
        pytest.fail(f"no fetched and precompiled wheels in {cache}: run `make site` first")
    return cache, project


def site_config() -> dict:
    return tomllib.loads((Path(__file__).resolve().parents[2] / "lite_site/site.toml").read_text())


def test_the_real_lock_equals_the_one_of_the_pinned_wheels(tmp_path):
    """The lock the build makes for the site's real wheels equals the fixture written for the
    pins (apart from list order): same `info`, packages, fields and values. The sha256 of the
    wheels the build makes itself (precompiled, trimmed, the engine) is checked against the
    files, not the fixture; the kernel's bundled wheels are shipped as they come, their sha256
    must equal the fixture's. When the pins or the [lock] rules change, this fails on purpose."""
    cache, project = site_cache()
    lock, wheels = site_lock.cache_lock(cache, project, site_config())
    site_lock.write_lock(lock, tmp_path / "pyodide-lock.json")
    after = json.loads((tmp_path / "pyodide-lock.json").read_text())
    pinned = json.loads(PINNED.read_text())
    built = {w.name for w in wheels if w.parent == cache / "wheels-pyc" or w.parent == project}
    diffs = []
    if after["info"] != pinned["info"]:
        diffs.append(f"info {after['info']} != {pinned['info']}")
    for name in sorted(set(after["packages"]) | set(pinned["packages"])):
        new, old = after["packages"].get(name), pinned["packages"].get(name)
        if new is None or old is None:
            diffs.append(f"{name}: only in the {'fixture' if new is None else 'built lock'}")
            continue
        for field in sorted(set(new) | set(old)):
            if field == "sha256" and new["file_name"] in built:
                continue
            a, b = new.get(field), old.get(field)
            if isinstance(a, list) and isinstance(b, list):
                a, b = sorted(a), sorted(b)
            if a != b:
                diffs.append(f"{name}.{field}: built {a!r}, fixture {b!r}")
    if diffs:
        pytest.fail(f"the lock differs from {PINNED.name}:\n  " + "\n  ".join(diffs) +
                    f"\nIf the pins or [lock] changed on purpose, {REGENERATE}")
    by_name = {w.name: w for w in wheels}
    for entry in after["packages"].values():
        data = by_name[entry["file_name"]].read_bytes()
        assert entry["sha256"] == hashlib.sha256(data).hexdigest(), entry["file_name"]


def write_notebook(path: Path, cells):
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4,
                                "nbformat_minor": 5}))


def test_landing_lists_notebooks_by_name_with_their_headings(tmp_path):
    nbs = tmp_path / "notebooks"
    nbs.mkdir()
    write_notebook(nbs / "02_rows.ipynb", [
        {"cell_type": "code", "source": "# not a title", "metadata": {}},
        {"cell_type": "markdown", "source": ["Intro\n", "## Rows & <rules>\n"], "metadata": {}},
    ])
    write_notebook(nbs / "01 cards.ipynb", [
        {"cell_type": "markdown", "source": "# Cards\nmore", "metadata": {}}])
    write_notebook(nbs / "03_untitled.ipynb", [])
    write_notebook(nbs / "04_numbered.ipynb", [
        {"cell_type": "markdown", "source": "# 4. A hand, and a match", "metadata": {}}])
    tpl = tmp_path / "tpl"
    tpl.mkdir()
    (tpl / "index.html").write_text("<html><head></head><body><ol>\n${notebooks}\n</ol></body>")
    (tpl / "item.html").write_text('<li><a href="${href}">${title}</a></li>\n')
    html = landing.render(tpl, nbs)
    items = [line for line in html.splitlines() if line.startswith("<li")]
    assert items == [
        '<li data-only-lang="en"><a href="notebooks/?path=01%20cards.ipynb">Cards</a></li>',
        '<li data-only-lang="en"><a href="notebooks/?path=02_rows.ipynb">Rows &amp; &lt;rules&gt;</a></li>',
        '<li data-only-lang="en"><a href="notebooks/?path=03_untitled.ipynb">03_untitled</a></li>',
        '<li data-only-lang="en"><a href="notebooks/?path=04_numbered.ipynb">A hand, and a match</a></li>',
    ]


def test_the_real_landing_template_renders_the_real_notebooks():
    root = Path(__file__).resolve().parents[2]
    html = landing.render(root / "lite_site" / "landing", root / "notebooks")
    for nb in sorted((root / "notebooks").glob("*.ipynb")):
        assert f'<li data-only-lang="en"><a href="{landing.notebook_href(nb.name)}">' in html
        for lang in ("cs", "sk", "ro"):  # each language's own notebooks, hidden until the page speaks it
            assert (root / "notebooks" / lang / nb.name).is_file()
            assert f'<li data-only-lang="{lang}" hidden><a href="notebooks/?path={lang}/{nb.name}">' in html
    assert '<a href="handouts/index.html" data-t="home.handouts">' in html
    assert "${" not in html
    # JupyterLite's apps look for the root config on the root page.
    assert 'id="jupyter-config-data"' in html and 'data-jupyter-lite-root="."' in html


def test_precompiled_wheel_imports_without_sources(tmp_path, monkeypatch):
    import precompile_wheels

    src = tmp_path / "src"
    src.mkdir()
    path = src / "demo-1.0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("demo/__init__.py", "from demo.core import answer\n")
        zf.writestr("demo/core.py", "def answer():\n    return 42\n")
        zf.writestr("demo/data.txt", "kept as is")
        zf.writestr("demo-1.0.dist-info/METADATA", "Name: demo\nVersion: 1.0\n")
        zf.writestr("demo-1.0.dist-info/RECORD", "stale")
    out = tmp_path / "out"
    assert precompile_wheels.main([str(src), str(out)]) == 0
    built = out / path.name
    with zipfile.ZipFile(built) as zf:
        names = set(zf.namelist())
        record = zf.read("demo-1.0.dist-info/RECORD").decode()
        assert all(i.compress_type == zipfile.ZIP_STORED for i in zf.infolist())
        for line in record.splitlines()[:-1]:
            name, digest, size = line.split(",")
            assert digest == precompile_wheels.record_line(name, zf.read(name)).split(",")[1]
    assert names == {"demo/__init__.pyc", "demo/core.pyc", "demo/data.txt",
                     "demo-1.0.dist-info/METADATA", "demo-1.0.dist-info/RECORD"}
    # Byte-identical when run again: reproducible builds.
    again = tmp_path / "again"
    precompile_wheels.main([str(src), str(again)])
    assert (again / path.name).read_bytes() == built.read_bytes()
    # The sourceless bytecode imports (here with the host's Python, which compiled it).
    monkeypatch.syspath_prepend(str(built))
    monkeypatch.delitem(sys.modules, "demo", raising=False)
    import demo

    assert demo.answer() == 42
    assert demo.__file__.endswith("__init__.pyc")
    monkeypatch.delitem(sys.modules, "demo")
    monkeypatch.delitem(sys.modules, "demo.core")


def test_precompiled_stdlib_zip_imports_without_sources(tmp_path, monkeypatch):
    """python_stdlib.zip compiled as the wheels are: stored, sourceless, reproducible, and
    zipimport loads it (here with the host's Python, which compiled it)."""
    import precompile_wheels

    src = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(src, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("stdpkg/", "")
        zf.writestr("stdpkg/__init__.py", "from stdpkg.sub import twice\n")
        zf.writestr("stdpkg/sub.py", "def twice(x):\n    return 2 * x\n")
        zf.writestr("stdmod.py", "VALUE = 'top'\n")
        zf.writestr("stdpkg/py.typed", "")
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    out = tmp_path / "stdlib-pyc" / "python_stdlib.zip"
    assert precompile_wheels.main([str(wheels), str(tmp_path / "w"), str(src), str(out)]) == 0
    with zipfile.ZipFile(out) as zf:
        assert set(zf.namelist()) == {"stdpkg/__init__.pyc", "stdpkg/sub.pyc", "stdmod.pyc",
                                      "stdpkg/py.typed"}
        assert all(i.compress_type == zipfile.ZIP_STORED for i in zf.infolist())
    again = tmp_path / "again.zip"
    precompile_wheels.precompile_zip(src, again, precompile_wheels.stdlib_mount())
    assert again.read_bytes() == out.read_bytes()
    monkeypatch.syspath_prepend(str(out))
    for name in ("stdpkg", "stdpkg.sub", "stdmod"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    import stdmod
    import stdpkg

    assert stdpkg.twice(21) == 42 and stdmod.VALUE == "top"
    assert stdpkg.__file__.endswith("__init__.pyc")
    for name in ("stdpkg", "stdpkg.sub", "stdmod"):
        monkeypatch.delitem(sys.modules, name)


def record_problems(wheel: Path) -> list[str]:
    """What is wrong with a wheel's RECORD: a listed file missing or not matching its hash or
    size, a file not listed."""
    import base64

    problems = []
    with zipfile.ZipFile(wheel) as zf:
        (record,) = [n for n in zf.namelist() if n.endswith(".dist-info/RECORD")]
        files = {n for n in zf.namelist() if not n.endswith("/")}
        listed = set()
        for line in zf.read(record).decode().splitlines():
            name, digest, size = line.rsplit(",", 2)
            listed.add(name)
            if name == record:
                continue
            if name not in files:
                problems.append(f"{name} listed, not in the wheel")
                continue
            data = zf.read(name)
            want = "sha256=" + base64.urlsafe_b64encode(
                hashlib.sha256(data).digest()).rstrip(b"=").decode()
            if digest != want or int(size) != len(data):
                problems.append(f"{name}: RECORD says {digest},{size}")
        problems += [f"{n} not in RECORD" for n in sorted(files - listed)]
    return problems


def pip_installs(wheel: Path, target: Path) -> None:
    import subprocess

    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index",
                    "--disable-pip-version-check", "--target", str(target), str(wheel)],
                   check=True)


def test_trim_leaves_out_its_globs_and_the_wheel_stays_installable(tmp_path):
    import precompile_wheels

    src = tmp_path / "src"
    src.mkdir()
    path = src / "demo_pkg-1.0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("demo/__init__.py", "from demo import kept\n")
        zf.writestr("demo/kept.py", "X = 1\n")
        zf.writestr("demo/extra_a.py", "")
        zf.writestr("demo/extra_b.py", "")
        zf.writestr("demo/stubs/one/a.pyi", "")
        zf.writestr("demo/stubs/two/b.pyi", "")
        zf.writestr("demo/data.txt", "")
        zf.writestr("demo_pkg-1.0.dist-info/METADATA", "Name: demo-pkg\nVersion: 1.0\n")
        zf.writestr("demo_pkg-1.0.dist-info/WHEEL", "Wheel-Version: 1.0\nRoot-Is-Purelib: true\n"
                    "Tag: py3-none-any\n")
        zf.writestr("demo_pkg-1.0.dist-info/RECORD", "stale")
    config = tmp_path / "site.toml"
    config.write_text('[trim]\ndemo-pkg = ["demo/stubs/*", "demo/extra_*.py", "!demo/extra_b.py"]\n')
    out = tmp_path / "out"
    assert precompile_wheels.main(["--config", str(config), str(src), str(out)]) == 0
    built = out / path.name
    with zipfile.ZipFile(built) as zf:
        names = set(zf.namelist())
    assert names == {"demo/__init__.pyc", "demo/kept.pyc", "demo/extra_b.pyc", "demo/data.txt",
                     "demo/stubs/",  # emptied, kept as a folder: a program may list it
                     "demo_pkg-1.0.dist-info/METADATA", "demo_pkg-1.0.dist-info/WHEEL",
                     "demo_pkg-1.0.dist-info/RECORD"}
    assert record_problems(built) == []
    pip_installs(built, tmp_path / "site-packages")
    assert (tmp_path / "site-packages/demo/kept.pyc").is_file()
    assert not (tmp_path / "site-packages/demo/extra_a.pyc").exists()


def test_a_trim_glob_that_matches_nothing_or_breaks_an_import_stops(tmp_path):
    import precompile_wheels

    src = tmp_path / "src"
    src.mkdir()
    with zipfile.ZipFile(src / "demo-1.0-py3-none-any.whl", "w") as zf:
        zf.writestr("demo/__init__.py", "def later():\n    from .helpers import tool\n")
        zf.writestr("demo/helpers.py", "")
        zf.writestr("demo-1.0.dist-info/RECORD", "")
    config = tmp_path / "site.toml"
    for globs, error in ([["demo/nothing*"], "matches nothing"],
                         [["demo/helpers.py"], "demo/__init__.py imports demo.helpers"]):
        config.write_text(f"[trim]\ndemo = {json.dumps(globs)}\n")
        with pytest.raises(precompile_wheels.TrimError, match=error):
            precompile_wheels.main(["--config", str(config), str(src), str(tmp_path / "out")])
    config.write_text('[trim]\nother = ["x"]\n')
    with pytest.raises(precompile_wheels.TrimError, match="not in .*: other"):
        precompile_wheels.main(["--config", str(config), str(src), str(tmp_path / "out")])


def test_trimmed_stdlib_zip_leaves_no_namespace_package_behind(tmp_path, monkeypatch):
    import precompile_wheels

    src = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(src, "w") as zf:
        zf.writestr("gonepkg/__init__.py", "")
        zf.writestr("gonepkg/sub.py", "")
        zf.writestr("stays.py", "")
    out = tmp_path / "out.zip"
    precompile_wheels.precompile_zip(src, out, "/lib/x.zip", ["gonepkg/*"])
    assert zipfile.ZipFile(out).namelist() == ["stays.pyc"]
    monkeypatch.syspath_prepend(str(out))
    with pytest.raises(ModuleNotFoundError):
        import gonepkg  # noqa: F401


def test_the_shipped_wheels_and_stdlib_hold_none_of_the_trimmed_paths():
    """In the build cache (made by precompile.mjs, inside Pyodide): each trimmed wheel and the
    standard library zip hold nothing [trim] leaves out, and every other file of the download;
    every wheel's RECORD lists exactly its files, each with its hash; pip installs the trimmed
    wheels."""
    import precompile_wheels

    cache, _ = site_cache()
    trim = site_config()["trim"]
    shipped = {precompile_wheels.project(w.name): w for w in (cache / "wheels-pyc").glob("*.whl")}
    downloads = {precompile_wheels.project(w.name): w for w in (cache / "wheels").glob("*.whl")}
    pairs = {name: (downloads[name], shipped[name]) for name in trim if name in shipped}
    pairs["python_stdlib.zip"] = (cache / "pyodide-core/python_stdlib.zip",
                                  cache / "stdlib-pyc/python_stdlib.zip")
    assert set(pairs) == set(trim)
    for name, (src, dst) in pairs.items():
        before = [n for n in zipfile.ZipFile(src).namelist() if not n.endswith("/")]
        gone = precompile_wheels.left_out(before, trim[name])
        assert gone, name
        after = set(zipfile.ZipFile(dst).namelist())
        as_shipped = {n + "c" if n.endswith(".py") and ".dist-info/" not in n else n
                      for n in before}
        assert not {n + "c" if n.endswith(".py") else n for n in gone} & after, name
        kept = {n + "c" if n.endswith(".py") and ".dist-info/" not in n else n
                for n in before if n not in gone}
        assert kept <= after and after - kept <= as_shipped | {
            d for d in after if d.endswith("/")}, name
    for wheel in shipped.values():
        assert record_problems(wheel) == [], wheel.name


def trimmed_on_host(tmp_path, project: str) -> Path:
    """The downloaded wheel `project` trimmed as site.toml says, compiled by this Python."""
    import precompile_wheels

    cache, _ = site_cache()
    (src,) = [w for w in (cache / "wheels").glob("*.whl")
              if precompile_wheels.project(w.name) == project]
    out = tmp_path / src.name
    precompile_wheels.precompile_wheel(src, out, trim=site_config()["trim"][project])
    return out


def run_python(code: str, path: Path) -> str:
    import subprocess

    env = {**os.environ, "PYTHONPATH": str(path)}
    done = subprocess.run([sys.executable, "-c", "import sys\n" + code, str(path)], env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_trimmed_pygments_finds_what_it_lists_and_nothing_else(tmp_path):
    """Every lexer, formatter and style left in pygments' tables loads; one left out is "not
    found" (ClassNotFound), by name, file name or guess, never an ImportError; what IPython asks
    of pygments (Python highlighted for tracebacks and `?` help, ipython-pygments-lexers' imports,
    its themes' styles) works."""
    wheel = trimmed_on_host(tmp_path, "pygments")
    assert record_problems(wheel) == []
    out = run_python("""
import pygments, pygments.lexers as L
from pygments.util import ClassNotFound
from pygments import highlight
from pygments.formatters import HtmlFormatter, Terminal256Formatter
assert pygments.__file__.startswith(sys.argv[1]), pygments.__file__
names = sorted(L.LEXERS)
for name in names:
    getattr(L, name)
print(len(names), len(list(L.get_all_lexers(plugins=False))))
for alias in ("matlab", "lisp-no", "cobol", "sql"):
    try:
        L.get_lexer_by_name(alias)
    except ClassNotFound:
        pass
    else:
        raise AssertionError(alias)
for filename in ("x.m", "x.cbl", "x.sql"):
    try:
        L.get_lexer_for_filename(filename)
    except ClassNotFound:
        pass
    else:
        raise AssertionError(filename)
L.guess_lexer("SELECT * FROM t;")
from pygments.lexers import (BashLexer, HtmlLexer, JavascriptLexer, RubyLexer, PerlLexer,
                             Python2Lexer, Python3Lexer, TexLexer, PythonTracebackLexer)
for alias in ("python", "pytb", "text", "json", "yaml", "md", "css", "diff", "toml", "bash"):
    L.get_lexer_by_name(alias)
code = "def f(x):\\n    return 1 / x\\n"
assert "\\x1b[" in highlight(code, L.PythonLexer(), Terminal256Formatter())
assert '<span class="k">def</span>' in highlight(code, L.PythonLexer(), HtmlFormatter())
from pygments.formatters import get_all_formatters, get_formatter_by_name
from pygments.styles import get_all_styles, get_style_by_name
assert len(list(get_all_formatters())) >= 5
styles = list(get_all_styles())
assert {"default", "monokai", "pastie", "gruvbox-dark"} <= set(styles), styles
for style in styles:
    get_style_by_name(style)
for find, name in ((get_formatter_by_name, "svg"), (get_formatter_by_name, "png"),
                   (get_style_by_name, "zenburn")):
    try:
        find(name)
    except ClassNotFound:
        pass
    else:
        raise AssertionError(name)
get_formatter_by_name("latex")
""", wheel)
    kept, listed = map(int, out.split())
    assert 80 < kept == listed < 200  # of ~600 lexers


def test_trimmed_jedi_still_completes(tmp_path):
    """jedi with typeshed's third-party and Python 2 stubs and Django's stubs left out, unpacked
    as Pyodide unpacks a wheel: completes from the standard library's stubs, and an import of
    a package whose stubs are gone completes nothing instead of failing."""
    import shutil

    wheel = trimmed_on_host(tmp_path, "jedi")
    assert record_problems(wheel) == []
    site = tmp_path / "site"
    shutil.unpack_archive(wheel, site, "zip")
    assert (site / "jedi/third_party/typeshed/third_party").is_dir()
    assert not list((site / "jedi/third_party/typeshed/third_party").iterdir())
    out = run_python("""
import jedi
assert jedi.__file__.startswith(sys.argv[1]), jedi.__file__
here = jedi.InterpreterEnvironment()  # as in the browser: no subprocess
names = [c.name for c in jedi.Script("import json\\njson.du", environment=here).complete()]
assert "dumps" in names and "dump" in names, names
names = [c.name for c in jedi.Interpreter("import random\\nrandom.ch", [{}]).complete()]
assert "choice" in names, names
hint = jedi.Script("import json\\njson.dumps", environment=here).infer(2, 8, only_stubs=True)
print(hint[0].module_path)
for code in ("import six\\nsix.", "import django\\ndjango.", "import requests\\nrequests."):
    jedi.Script(code, environment=here).complete()
""", site)
    assert "typeshed/stdlib" in out


def test_every_table_and_block_of_code_of_the_teacher_pages_is_a_named_region_the_keyboard_reaches():
    """axe's scrollable-region-focusable (serious) and landmark-unique: each <pre> and each table's
    scrolling box has tabindex 0, the role region and a name of its own in the page's language."""
    import re

    import teacher

    from sixnimmt_core.words import i18n

    for name, html_text in teacher.pages().items():
        lang = next((lang for lang in i18n.LANGUAGES if name == teacher.page_name(lang)), i18n.SOURCE)
        assert "<pre>" not in html_text  # every block of code reached by the keyboard
        boxes = re.findall(r'<(pre|div class="scroll") tabindex="0" role="region" aria-label="([^"]+)">', html_text)
        assert len(boxes) == html_text.count("<pre") + html_text.count("<table>"), name
        labels = [label for _, label in boxes]
        assert len(set(labels)) == len(labels), name
        if boxes:
            first = i18n.text("teacher.scroll.table" if boxes[0][0] != "pre" else "teacher.scroll.code", lang,
                              domain="teacher", n=1)
            assert first in labels, (name, labels[:2])
        assert html_text.count('<div class="scroll"') == html_text.count("</table></div>"), name


def test_the_browser_gets_the_engine_without_the_class_server(tmp_path):
    """The site's engine wheel (tools/site/browser_wheel.py) holds no module of the class server and
    not its catalogue, nor the handouts, lists exactly its files in RECORD, and pip installs it; its command line
    imports there, and says that the server is not installed only when asked to serve."""
    import subprocess

    _, project = site_cache()
    wheel = next(project.with_name(project.name + "-src").glob("sixnimmt-*.whl"))  # before its bytecode
    names = zipfile.ZipFile(wheel).namelist()
    shipped = zipfile.ZipFile(next(project.glob("sixnimmt-*.whl"))).namelist()  # as the site sends it
    assert sorted(n.removesuffix("c") if n.endswith(".pyc") else n for n in shipped) == sorted(names)
    assert not [n for n in shipped if n.endswith(".py")]
    assert "sixnimmt_core/engine/game.py" in names and "sixnimmt_core/cli.py" in names
    assert not [n for n in names if n.startswith("sixnimmt_core/server/") or n.endswith("/tables.mo")]
    # nor the printable handouts, which the site's build writes once (its teacher page links them)
    assert not [n for n in names if n.endswith(("drawing/handouts.py", "drawing/sheets.py", "/handouts.mo"))]
    assert "sixnimmt_core/drawing/render.py" in names
    # the stylesheets are package data: the drawing's and the widgets' (each read once where it is used)
    sheets = ("drawing/static/drawing.css", *(f"widgets/static/{n}" for n in
                                             ("widgets.css", "drills.css", "editor.css", "saved.css", "preview.css")))
    assert all(f"sixnimmt_core/{s}" in names for s in sheets), [n for n in names if n.endswith(".css")]
    assert record_problems(wheel) == []
    target = tmp_path / "lib"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target),
                    str(wheel)], check=True)
    code = ("import sixnimmt_core, sixnimmt_core.cli, sixnimmt_core.widgets, importlib.util; "
            "print(sixnimmt_core.__file__, importlib.util.find_spec('sixnimmt_core.server'))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(target)}, cwd=tmp_path)
    assert run.stdout.split() == [str(target / "sixnimmt_core" / "__init__.py"), "None"], run.stderr
    code = ("from sixnimmt_core.widgets._common import css, sheet; from sixnimmt_core.drawing.render import STYLE; "
            "print(len(STYLE), len(sheet('drills.css')), css().count('.snt-w'))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(target)}, cwd=tmp_path)
    from sixnimmt_core.drawing.render import STYLE
    from sixnimmt_core.widgets._common import css, sheet

    assert run.stdout.split() == [str(len(STYLE)), str(len(sheet("drills.css"))), str(css().count(".snt-w"))], run.stderr
