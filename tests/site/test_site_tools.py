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
    lock = site_lock.build_lock(INFO, wheels, {"preload": roots, "on_import": [], **cfg}, sources)
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


# The lock the build makes for the pins of commit 412838a: lite_site/pyodide-wheels.txt (IPython
# 9.18.1, jedi 0.19.2, pygments 2.20.0, ipywidgets 8.1.9, …), the wheels bundled with
# jupyterlite-pyodide-kernel 0.8.6, Pyodide 314.0.6's lock `info`, and site.toml's [lock] rules.
# Written by the command in REGENERATE. (The first proof, that pyodide-lock writes the lock the
# hand-written writer of commit 3bfa0b0 wrote, ran against fixtures/pyodide-lock-3bfa0b0.json up
# to commit 25c6a9f: see docs/site.md.)
PINNED = Path(__file__).parent / "fixtures" / "pyodide-lock-412838a.json"
REGENERATE = ("after checking why, write it again: .venv/bin/python tools/site/site_lock.py "
              "--cache build/cache --project-wheels build/wheel --out " +
              "tests/site/fixtures/pyodide-lock-412838a.json (and rename it after the commit "
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
    items = [line for line in html.splitlines() if line.startswith("<li>")]
    assert items == [
        '<li><a href="notebooks/?path=01%20cards.ipynb">Cards</a></li>',
        '<li><a href="notebooks/?path=02_rows.ipynb">Rows &amp; &lt;rules&gt;</a></li>',
        '<li><a href="notebooks/?path=03_untitled.ipynb">03_untitled</a></li>',
        '<li><a href="notebooks/?path=04_numbered.ipynb">A hand, and a match</a></li>',
    ]
    # JupyterLite's apps look for the root config on the root page.
    assert 'id="jupyter-config-data"' in html and 'data-jupyter-lite-root="."' in html


def test_the_real_landing_template_renders_the_real_notebooks():
    root = Path(__file__).resolve().parents[2]
    html = landing.render(root / "lite_site" / "landing", root / "notebooks")
    for nb in sorted((root / "notebooks").glob("*.ipynb")):
        assert landing.notebook_href(nb.name) in html
    assert "${" not in html


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

