"""The server `make serve` uses, against the built site: MIME types, compression, caching."""

from __future__ import annotations

import gzip
import json
import urllib.request

import pytest

pytestmark = pytest.mark.browser  # needs the built site and the site's tools (make test-site)


def get(url: str, encoding: str | None = None):
    req = urllib.request.Request(url, headers={"Accept-Encoding": encoding} if encoding else {})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return resp.status, {k.lower(): v for k, v in resp.headers.items()}, resp.read()


@pytest.mark.parametrize(
    ("path", "mime"),
    [
        ("/static/pyodide/pyodide.mjs", "text/javascript"),
        ("/static/pyodide/pyodide.asm.mjs", "text/javascript"),
        ("/static/pyodide/pyodide.asm.wasm", "application/wasm"),
        ("/static/pyodide/pyodide-lock.json", "application/json"),
        ("/config-utils.js", "text/javascript"),
        ("/", "text/html"),
    ],
)
def test_mime_types_and_gzip(site_url, path, mime):
    status, headers, body = get(site_url + path, "gzip")
    assert status == 200
    assert headers["content-type"].split(";")[0] == mime
    assert headers.get("content-encoding") == "gzip"
    assert len(gzip.decompress(body)) > len(body)


def test_brotli_when_accepted(site_url):
    _, headers, _ = get(site_url + "/static/pyodide/pyodide.asm.wasm", "gzip, br")
    assert headers.get("content-encoding") == "br"


def test_plain_when_nothing_accepted(site_url, site_dir):
    _, headers, body = get(site_url + "/static/pyodide/pyodide.mjs")
    assert "content-encoding" not in headers
    assert body == (site_dir / "static/pyodide/pyodide.mjs").read_bytes()


def test_index_html_with_query_is_served_not_redirected(site_url):
    status, headers, body = get(site_url + "/notebooks/index.html?path=x.ipynb")
    assert status == 200 and b"jupyter-config-data" in body


def test_notebooks_are_revalidated_and_hashed_bundles_cached(site_url, site_dir):
    _, headers, _ = get(site_url + "/api/contents/all.json")
    assert "max-age=0" in headers["cache-control"]
    bundle = next((site_dir / "build").glob("jlab_core.*.js"))
    _, headers, _ = get(f"{site_url}/build/{bundle.name}")
    assert "immutable" in headers["cache-control"]


def test_lock_points_at_shipped_files_with_their_hashes(site_dir):
    import hashlib

    lock = json.loads((site_dir / "static/pyodide/pyodide-lock.json").read_text())
    assert {"ipython", "ipywidgets", "sixnimmt", "piplite", "pyodide-kernel"} <= set(
        lock["packages"]
    )
    for entry in lock["packages"].values():
        data = (site_dir / "static/pyodide" / entry["file_name"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"]
    assert "sixnimmt_core" in lock["packages"]["sixnimmt"]["imports"]


def test_no_url_to_another_host_in_the_configs(site_dir):
    for cfg in site_dir.rglob("jupyter-lite.json"):
        text = cfg.read_text()
        assert "cdn.jsdelivr" not in text and "pypi.org" not in text, cfg


def test_only_the_configured_apps_and_extensions_ship(site_dir):
    import tomllib

    from site_harness import ROOT

    cfg = tomllib.loads((ROOT / "lite_site" / "site.toml").read_text())["site"]
    data = json.loads((site_dir / "jupyter-lite.json").read_text())["jupyter-config-data"]
    assert sorted(e["name"] for e in data["federated_extensions"]) == sorted(cfg["labextensions"])
    for app in cfg["apps"]:
        assert (site_dir / app / "index.html").is_file()
    for app in ("lab", "repl", "consoles", "edit"):
        assert app in cfg["apps"] or not (site_dir / app).exists()
    assert not list(site_dir.rglob("*.map"))
