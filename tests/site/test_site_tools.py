"""Unit tests of the site's build tools (no browser, no network): the lock writer and the
landing page."""

from __future__ import annotations

import hashlib
import json
import sys
import zipfile
from pathlib import Path

import landing
import pyodide_lock
import pytest

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


def test_lock_entries_point_at_the_wheels_with_their_sha256(tmp_path):
    a = make_wheel(tmp_path, "Alpha-Pkg", "1.0", requires=["beta>=2", "gamma; extra == 'test'"])
    b = make_wheel(tmp_path, "beta", "2.1", files=["beta.py", "_beta_speedups/__init__.py"])
    lock = pyodide_lock.build_lock(INFO, [a, b], roots=["alpha-pkg"])
    assert lock["info"] == INFO
    alpha, beta = lock["packages"]["alpha-pkg"], lock["packages"]["beta"]
    assert alpha["file_name"] == a.name and "/" not in alpha["file_name"]
    assert alpha["sha256"] == hashlib.sha256(a.read_bytes()).hexdigest()
    assert alpha["depends"] == ["beta"]  # the test extra is not a runtime dependency
    assert alpha["imports"] == ["alpha_pkg"]
    assert beta["imports"] == ["_beta_speedups", "beta"]
    assert alpha["install_dir"] == "site" and alpha["package_type"] == "package"
    json.dumps(lock)  # serialisable as is


def test_markers_are_evaluated_for_pyodide(tmp_path):
    a = make_wheel(tmp_path, "a", "1", requires=[
        'pexpect>4; sys_platform != "win32" and sys_platform != "emscripten"',
        'colorama; sys_platform == "win32"',
        'typing-extensions; python_version < "3.12"',
        'b; platform_system == "Emscripten"',
    ])
    b = make_wheel(tmp_path, "b", "1")
    lock = pyodide_lock.build_lock(INFO, [a, b], roots=["a"])
    assert lock["packages"]["a"]["depends"] == ["b"]


def test_top_level_txt_wins(tmp_path):
    a = make_wheel(tmp_path, "ipython", "9", files=["IPython/__init__.py"], top_level=["IPython"])
    lock = pyodide_lock.build_lock(INFO, [a], roots=["ipython"])
    assert lock["packages"]["ipython"]["imports"] == ["IPython"]


def test_missing_dependency_stops(tmp_path):
    a = make_wheel(tmp_path, "a", "1", requires=["b"])
    with pytest.raises(pyodide_lock.LockError, match="a needs b"):
        pyodide_lock.build_lock(INFO, [a], roots=["a"])


def test_dependencies_not_in_the_browser_and_extra_ones(tmp_path):
    w = make_wheel(tmp_path, "ipywidgets", "8", requires=["widgetsnbextension~=4.0", "comm"])
    c = make_wheel(tmp_path, "comm", "0.2")
    p = make_wheel(tmp_path, "piplite", "0.8")
    m = make_wheel(tmp_path, "micropip", "0.11")
    lock = pyodide_lock.build_lock(
        INFO, [w, c, p, m], roots=["ipywidgets", "piplite"],
        not_in_browser=["widgetsnbextension"], extra_depends={"piplite": ["micropip"]},
    )
    assert lock["packages"]["ipywidgets"]["depends"] == ["comm"]
    assert lock["packages"]["piplite"]["depends"] == ["micropip"]


def test_unused_wheel_and_unknown_root_stop(tmp_path):
    a = make_wheel(tmp_path, "a", "1")
    b = make_wheel(tmp_path, "b", "1")
    with pytest.raises(pyodide_lock.LockError, match="no root needs.*b"):
        pyodide_lock.build_lock(INFO, [a, b], roots=["a"])
    with pytest.raises(pyodide_lock.LockError, match="root c"):
        pyodide_lock.build_lock(INFO, [a, b], roots=["a", "b", "c"])


def test_only_pure_python_wheels(tmp_path):
    bad = tmp_path / "x-1-cp314-cp314-pyodide_2026_0_wasm32.whl"
    bad.write_bytes(b"")
    with pytest.raises(pyodide_lock.LockError, match="pure-Python"):
        pyodide_lock.build_lock(INFO, [bad], roots=["x"])


def test_main_writes_the_lock(tmp_path):
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    make_wheel(wheels, "a", "1", requires=["b"])
    make_wheel(wheels, "b", "1")
    cfg = tmp_path / "site.toml"
    cfg.write_text('[lock]\npreload = ["a"]\non_import = []\n')
    npm_lock = tmp_path / "npm-lock.json"
    npm_lock.write_text(json.dumps({"info": INFO, "packages": {"numpy": {}}}))
    out = tmp_path / "pyodide-lock.json"
    args = ["--config", str(cfg), "--info-from", str(npm_lock), "--wheels", str(wheels)]
    assert pyodide_lock.main([*args, "--out", str(out)]) == 0
    lock = json.loads(out.read_text())
    assert sorted(lock["packages"]) == ["a", "b"]  # nothing of the stock lock's CDN packages
    (wheels / "b-1-py3-none-any.whl").unlink()
    assert pyodide_lock.main([*args, "--out", str(out)]) == 1


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
