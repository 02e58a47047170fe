"""The build's security steps without a browser (docs/site.md, "Security"): no JupyterLite app that
runs a link's code is shipped, and the pages' Content-Security-Policy (tools/site/csp.py), on made-up
text and on the built site; serve.py sends each page's policy as a header."""

from __future__ import annotations

import urllib.request

import csp
import pytest
from site_harness import SITE_DIR

PAGE = ('<!doctype html><html><head><meta charset="utf-8"><title>t</title>'
        '<script id="d" type="application/json">{"a": 1}</script><script src="x.js"></script>'
        '<script>console.log(1)</script><script type="module">import "./m.js";</script></head><body></body></html>')


def test_each_run_inline_script_is_hashed_and_data_is_not():
    assert csp.inline_scripts(PAGE) == ["console.log(1)", 'import "./m.js";']
    policy = csp.of_page(csp.add_to(PAGE))
    script_src = next(d for d in policy.split("; ") if d.startswith("script-src "))
    assert script_src.count("'sha256-") == 2 and csp.sha256("console.log(1)") in script_src
    assert "'unsafe-inline'" not in script_src and "'unsafe-eval'" not in script_src
    assert "'unsafe-eval'" in csp.of_page(csp.add_to(PAGE.replace("x.js", "config-utils.js")))


def test_the_policy_comes_first_and_a_changed_script_is_caught(tmp_path):
    text = csp.add_to(PAGE)
    assert text.index("Content-Security-Policy") < text.index("<script")
    assert csp.add_to(text) == text  # done again: the same page
    (tmp_path / "a.html").write_text(text.replace("console.log(1)", "console.log(2)"))
    with pytest.raises(csp.CSPError):
        csp.verify(tmp_path)


# ---- the built site ------------------------------------------------------------------------------
built = pytest.mark.skipif(not (SITE_DIR / "index.html").is_file(), reason="no built site (make site)")


@built
def test_the_built_site_ships_no_repl_and_every_page_has_its_policy():
    """JupyterLite's REPL runs a link's code= (its plugin reads getAll("code")): no REPL, Lab or
    consoles app is shipped; its plugin's chunk may stay in the shared build/, loaded by no app."""
    for app in ("repl", "lab", "consoles", "edit", "doc"):
        assert not (SITE_DIR / app).exists() and not (SITE_DIR / "build" / app).exists(), app
    readers = [p.relative_to(SITE_DIR).as_posix() for p in SITE_DIR.rglob("*.js") if b'getAll("code")' in p.read_bytes()]
    assert all(r.startswith("build/") and r.count("/") == 1 for r in readers), readers  # shared chunks only
    assert not [p for p in (SITE_DIR / "build").glob("*/bundle.js") if b"repl-extension:console" in p.read_bytes()]
    csp.verify(SITE_DIR)
    for name in ("app.html", "index.html", "teacher.html", "apps/live.html", "notebooks/index.html",
                 "tree/index.html"):
        policy = csp.of_page((SITE_DIR / name).read_text("utf-8"))
        assert "object-src 'none'" in policy and "'unsafe-inline'" not in policy.split("; ")[1], name


@built
def test_serve_sends_the_pages_policy_as_a_header():
    import serve

    with serve.Background(SITE_DIR) as url:
        for path, file in (("app.html", "app.html"), ("apps/live.html", "apps/live.html"),
                           ("tree/", "tree/index.html")):
            with urllib.request.urlopen(url + path, timeout=30) as resp:
                assert resp.headers["Content-Security-Policy"] == csp.of_page(
                    (SITE_DIR / file).read_text("utf-8")), path
        with urllib.request.urlopen(url + "offline.js", timeout=30) as resp:
            assert resp.headers["Content-Security-Policy"] is None
