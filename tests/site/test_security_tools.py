"""The build's security steps without a browser (docs/site.md, "Security"): the REPL patch
(tools/site/repl_start.py) and the pages' Content-Security-Policy (tools/site/csp.py), on made-up
text and on the built site; serve.py sends each page's policy as a header."""

from __future__ import annotations

import shutil
import subprocess
import urllib.request

import csp
import pytest
import repl_start
from site_harness import SITE_DIR

# The plugin as JupyterLite 0.8 minifies it (shortened), names as one build gave them.
PLUGIN = ('f={id:"@jupyterlite/repl-extension:console",description:"Opens a code console and parses URL query '
          'parameters.",autoStart:!0,activate:(e,t,o)=>{var n,a;if(!t)return;let{commands:l,started:i}=e,'
          's=r.getShareableParams(),d=s.getAll("code"),c=s.get("execute"),p=s.get("kernel")||void 0;'
          'if(d.length>0)if("0"===c){o.replaceSelection(d.join("\\n"))}else d.forEach(e=>o.inject(e))}};')


def test_the_patch_runs_only_the_fixed_line():
    out = repl_start.patch_text(PLUGIN)
    assert 'getAll("code")' not in out and 'get("execute")' not in out
    assert 's.get("sixnimmt")' in out and ",c=null," in out
    assert "start_encoded(" in out


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not on PATH")
def test_the_patched_code_is_valid_javascript_that_gates_on_base64url(tmp_path):
    out = repl_start.patch_text(PLUGIN)
    start = out.index("d=") + 2
    expr = out[start: out.index(",c=null,")]
    script = tmp_path / "gate.js"
    script.write_text(
        "const cases = [null, '', 'abc', 'ab\"c', 'a b', 'a+b', 'x'.repeat(4097), 'x'.repeat(4096)];\n"
        "for (const v of cases) { const s = {get: k => k === 'sixnimmt' ? v : null}; const d = " + expr + ";"
        " console.log(JSON.stringify(d)); }\n")
    lines = subprocess.run(["node", str(script)], capture_output=True, text=True, check=True).stdout.splitlines()
    assert lines[:6] == ["[]", "[]",
                         '["from sixnimmt_core.widgets.apps import start_encoded; start_encoded(\\"abc\\")"]',
                         "[]", "[]", "[]"]
    assert lines[6] == "[]" and lines[7] != "[]"


@pytest.mark.parametrize("text", [
    PLUGIN.replace('c=s.get("execute")', 'c=s.get("run")'),  # another shape
    PLUGIN + PLUGIN,  # twice
    PLUGIN.replace('"@jupyterlite/repl-extension:console"', '"other"'),  # code= read outside the plugin
])
def test_any_other_shape_stops_the_build(text):
    with pytest.raises(repl_start.PatchError):
        repl_start.patch_text(text)


def test_text_without_the_plugin_is_left_alone():
    assert repl_start.patch_text("let a=1;") == "let a=1;"


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
def test_the_built_site_reads_no_code_from_a_url_and_every_page_has_its_policy():
    left = [p for p in SITE_DIR.rglob("*.js") if b'getAll("code")' in p.read_bytes()]
    assert not left
    csp.verify(SITE_DIR)
    for name in ("app.html", "index.html", "teacher.html", "repl/index.html", "notebooks/index.html",
                 "tree/index.html"):
        policy = csp.of_page((SITE_DIR / name).read_text("utf-8"))
        assert "object-src 'none'" in policy and "'unsafe-inline'" not in policy.split("; ")[1], name


@built
def test_serve_sends_the_pages_policy_as_a_header():
    import serve

    with serve.Background(SITE_DIR) as url:
        for path, file in (("app.html", "app.html"), ("repl/index.html", "repl/index.html"),
                           ("tree/", "tree/index.html")):
            with urllib.request.urlopen(url + path, timeout=30) as resp:
                assert resp.headers["Content-Security-Policy"] == csp.of_page(
                    (SITE_DIR / file).read_text("utf-8")), path
        with urllib.request.urlopen(url + "offline.js", timeout=30) as resp:
            assert resp.headers["Content-Security-Policy"] is None
