"""`make voila`: the notebooks as apps from a real kernel on this machine, checked in Chromium.

One Voilà server for the module, started exactly as `make voila` starts it (voila/launch.py) on a
free loopback port. Every page: no code shown, only prose and widgets, started by itself, and not
one request to another origin (the `open_page` fixture fails the test on any). A button clicked
changes what is shown. A second server is stopped and must leave no process and a free port.
"""

from __future__ import annotations

import json
import os
import re
import sys
import time
from pathlib import Path
from urllib.parse import quote

import pytest
from app_harness import (
    ROOT,
    Server,
    alive,
    children_of,
    free_port,
    listening_addresses,
    port_is_free,
)
from site_harness import screenshot

pytestmark = pytest.mark.browser

# SIXNIMMT_NOTEBOOKS: try the tests on another folder of notebooks (default: notebooks/).
NOTEBOOKS = Path(os.environ.get("SIXNIMMT_NOTEBOOKS", ROOT / "notebooks")).resolve()
TEMPLATE = ROOT / "voila" / "share" / "voila" / "templates" / "sixnimmt"
WIDGET_TIMEOUT_MS = 60_000
# What Voilà shows instead of an output when a cell failed (tracebacks are off for the class).
CELL_ERROR = re.compile(r"There was an error when executing cell|Traceback|Error:", re.I)


def notebook_names() -> list[str]:
    return sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))


def cells(name: str, kind: str) -> list[str]:
    nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    return [
        "".join(c["source"]) if isinstance(c["source"], list) else c["source"]
        for c in nb["cells"]
        if c["cell_type"] == kind
    ]


def uses_widgets(name: str) -> bool:
    return any(re.search(r"ipywidgets|sixnimmt_core\.widgets", s) for s in cells(name, "code"))


def button_first(names: list[str]) -> list[str]:
    """The notebooks in order, those whose code makes an ipywidgets Button itself first."""
    def makes_button(name: str) -> bool:
        return any(re.search(r"\bButton\s*\(", s) for s in cells(name, "code"))

    return [n for n in names if makes_button(n)] + [n for n in names if not makes_button(n)]


def code_lines(name: str) -> list[str]:
    """Lines of code distinctive enough that seeing one on the page means code is shown."""
    prose = "\n".join(cells(name, "markdown"))
    lines = {ln.strip() for s in cells(name, "code") for ln in s.splitlines()}
    return sorted(ln for ln in lines if len(ln) >= 12 and ln not in prose)


def render_url(base: str, name: str) -> str:
    return f"{base}/voila/render/{quote(name)}"


@pytest.fixture(scope="module")
def voila_url(launch):
    port = free_port()
    cmd = [sys.executable, str(ROOT / "voila" / "launch.py"), "--host", "127.0.0.1",
           "--port", str(port), "--notebooks", str(NOTEBOOKS)]
    server = Server(cmd, f"http://127.0.0.1:{port}", port, "voila", env=launch.voila_env())
    server.wait_ready("/")
    yield server.url
    server.stop()


def wait_for_app(page, name: str):
    """Wait until Voilà has run the notebook: its widgets drawn, or (without any) its cells shown."""
    if uses_widgets(name):
        page.locator("#rendered_cells .jupyter-widgets").first.wait_for(
            state="visible", timeout=WIDGET_TIMEOUT_MS)
    else:
        page.locator("#rendered_cells .jp-Cell").first.wait_for(
            state="visible", timeout=WIDGET_TIMEOUT_MS)


# --- set-up, no browser -------------------------------------------------------------------------

def test_pins_shared_with_the_site_agree():
    def pins(path: Path) -> dict[str, str]:
        out = {}
        for line in path.read_text().splitlines():
            line = line.split("#", 1)[0].strip()
            if "==" in line:
                name, version = line.split("==", 1)
                out[re.sub(r"[-_.]+", "-", name.strip().lower())] = version.strip()
        return out

    ours, site = pins(ROOT / "voila" / "requirements.txt"), pins(ROOT / "lite_site" / "requirements.txt")
    assert "voila" in ours
    clash = {n: (ours[n], site[n]) for n in ours.keys() & site.keys() if ours[n] != site[n]}
    assert not clash, f"voila/requirements.txt and lite_site/requirements.txt disagree: {clash}"


@pytest.mark.parametrize("ours, stock", [
    ("index.html.j2", "lab/index.html.j2"),
    ("page.html", "base/page.html"),
])
def test_template_is_voilas_own_without_the_cdn(ours, stock):
    """Our template is the installed Voilà's, minus its CDN links (so a Voilà bump that changes
    the stock template shows here, and the copy gets redone)."""
    import voila

    stock_dir = Path(voila.__file__).resolve().parents[4] / "share" / "jupyter" / "voila" / "templates"
    if not stock_dir.is_dir():  # installed outside a venv layout
        stock_dir = Path(sys.prefix) / "share" / "jupyter" / "voila" / "templates"
    upstream = (stock_dir / stock).read_text()
    assert "cdn.jsdelivr.net" in upstream, "Voilà's stock template has no CDN link any more?"
    mine = (TEMPLATE / ours).read_text()
    assert not re.search(r"https?://", re.sub(r"\{#.*?#\}", "", mine, flags=re.S)), \
        f"{ours} links another host"
    body = re.sub(r"\A\{#-.*?-#\}\n", "", mine, flags=re.S)  # our header comment
    body = body.split("{#- sixnimmt additions -#}")[0]
    kept = "".join(ln for ln in upstream.splitlines(keepends=True) if "cdn.jsdelivr.net" not in ln)
    if ours == "page.html":  # lab/page.html's stylesheets, put into base/page.html's block
        lab = (stock_dir / "lab" / "page.html").read_text()
        block = lab[lab.index("{% block stylesheets %}"):lab.index("{% endblock %}") + 14]
        kept = kept.replace("{% block stylesheets %}\n    {% endblock %}", block)
    assert body == kept


# --- in Chromium --------------------------------------------------------------------------------

def test_there_are_notebooks():
    assert notebook_names(), "notebooks/ holds no .ipynb"


def test_home_lists_every_notebook(voila_url, open_page):
    page, log = open_page(voila_url)
    page.goto(voila_url + "/")
    for name in notebook_names():
        page.get_by_text(name, exact=True).first.wait_for(timeout=30_000)
    assert log.saw(r"/voila/static/|/static/"), "the home page loaded none of Voilà's own assets"


@pytest.mark.parametrize("name", notebook_names())
def test_notebook_is_an_app_without_code(voila_url, open_page, name):
    page, log = open_page(voila_url)
    t0 = time.monotonic()
    page.goto(render_url(voila_url, name))
    wait_for_app(page, name)
    seconds = time.monotonic() - t0
    # Voilà has finished running the notebook (the spinner is gone, the cells are shown).
    page.locator("#rendered_cells").wait_for(state="visible", timeout=WIDGET_TIMEOUT_MS)
    screenshot(page, f"voila-{Path(name).stem}")

    # No code: no code cell shows an input, no editor, no prompt, no line of the notebook's code.
    shown = page.evaluate("""() => ({
        codeInputs: document.querySelectorAll(
            '.jp-CodeCell .jp-InputArea, .jp-CodeCell .jp-InputPrompt, .jp-CodeCell .highlight').length,
        codeCellsWithInput: document.querySelectorAll('.jp-CodeCell:not(.jp-mod-noInput)').length,
        editors: document.querySelectorAll('.jp-Editor, .cm-editor, .CodeMirror, textarea.jp-Cell').length,
        codeCells: document.querySelectorAll('.jp-CodeCell').length,
        text: document.querySelector('#rendered_cells').innerText,
    })""")
    assert shown["codeCells"] == len(cells(name, "code")), "Voilà did not render every code cell"
    assert shown["codeInputs"] == 0 and shown["codeCellsWithInput"] == 0 and shown["editors"] == 0, shown
    visible_code = [ln for ln in code_lines(name) if ln in shown["text"]]
    assert not visible_code, f"code shown on the page: {visible_code[:5]}"

    # The prose is there: the first heading of the notebook, as text.
    heading = next((m.group(1) for s in cells(name, "markdown")
                    for m in [re.search(r"^#+\s+(.+?)\s*$", s, re.M)] if m), None)
    if heading:
        assert re.sub(r"[*_`]", "", heading) in shown["text"]
    assert not CELL_ERROR.search(shown["text"]), f"a cell failed: {shown['text'][:2000]}"
    assert seconds < 60, f"{name}: first widget after {seconds:.1f} s"
    assert log.saw(r"/api/kernels/[^/]+/channels"), "no kernel connection was made"


def test_clicking_a_button_changes_what_is_shown(voila_url, open_page):
    """The first notebook that shows an (enabled) ipywidgets button: a click changes the page."""
    shown = """() => {
        const copy = document.querySelector('#rendered_cells').cloneNode(true);
        copy.querySelectorAll('button').forEach(b => b.remove());
        return copy.innerText + '\\n' + copy.innerHTML.length + copy.querySelectorAll('svg *').length;
    }"""
    for name in button_first(notebook_names()):
        page, _ = open_page(voila_url)
        page.goto(render_url(voila_url, name))
        wait_for_app(page, name)
        page.wait_for_function("() => window.getComputedStyle(document.querySelector('#rendered_cells'))"
                               ".display !== 'none'", timeout=WIDGET_TIMEOUT_MS)
        button = page.locator("#rendered_cells button.jupyter-button:visible:enabled").first
        if button.count() == 0:
            page.context.close()
            continue
        before = page.evaluate(shown)
        t0 = time.monotonic()
        button.click()
        page.wait_for_function(f"before => ({shown})() !== before", arg=before, timeout=20_000)
        assert time.monotonic() - t0 < 20
        screenshot(page, f"voila-{Path(name).stem}-clicked")
        return
    pytest.fail(f"no notebook in {NOTEBOOKS} shows an ipywidgets button: nothing to click")


def test_server_is_local_by_default_and_stops_cleanly(launch, open_page):
    """`make voila`'s command without --host: loopback only; on SIGTERM (what Ctrl-C's stop
    amounts to) Voilà shuts its kernels down and exits, and the port is free again."""
    port = free_port()
    cmd = [sys.executable, str(ROOT / "voila" / "launch.py"), "--port", str(port)]
    server = Server(cmd, f"http://127.0.0.1:{port}", port, "voila-stop", env=launch.voila_env())
    try:
        server.wait_ready("/")
        assert listening_addresses(port) == {"127.0.0.1"}, listening_addresses(port)
        page, _ = open_page(server.url)
        name = notebook_names()[0]
        page.goto(render_url(server.url, name))
        wait_for_app(page, name)
        kernels = children_of(server.proc.pid)
        assert kernels, "no kernel process under Voilà while a notebook is open"
        page.context.close()
    finally:
        rc = server.stop()
    assert rc == 0, f"Voilà exited with {rc}:\n{server.log()}"
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(alive(p) for p in kernels):
        time.sleep(0.2)
    assert not any(alive(p) for p in kernels), "a kernel outlived Voilà"
    assert port_is_free(port), f"port {port} still taken after Voilà stopped"


def test_launch_passes_host_and_port_and_tells_the_lan_address(launch, monkeypatch, capsys):
    """`make voila VOILA_HOST=0.0.0.0 VOILA_PORT=8900` → `launch.py --host 0.0.0.0 --port 8900`:
    Voilà gets both, from this Python, with our data folder first on JUPYTER_PATH."""
    ran = {}

    def fake_execve(path, argv, env):
        ran.update(path=path, argv=argv, env=env)

    monkeypatch.setattr(launch.os, "execve", fake_execve)
    monkeypatch.setattr(launch, "lan_addresses", lambda: ["192.0.2.7"])  # documentation range
    launch.main(["--host", "0.0.0.0", "--port", "8900"])
    assert ran["path"] == sys.executable
    assert ran["argv"][:3] == [sys.executable, "-m", "voila"]
    assert "--Voila.ip=0.0.0.0" in ran["argv"] and "--Voila.port=8900" in ran["argv"]
    assert ran["env"]["JUPYTER_PATH"].split(os.pathsep)[0] == str(ROOT / "voila" / "share")
    out = capsys.readouterr().out
    assert "http://192.0.2.7:8900/" in out
    # The default: this machine only, port 8866, and no word about other machines.
    ran.clear()
    launch.main([])
    assert "--Voila.ip=127.0.0.1" in ran["argv"] and "--Voila.port=8866" in ran["argv"]
    assert "Other machines" not in capsys.readouterr().out
    config = json.loads((ROOT / "voila" / "voila.json").read_text())
    assert config["Voila"]["ip"] == "127.0.0.1" and config["Voila"]["port"] == 8866
    assert config["VoilaConfiguration"]["template"] == "sixnimmt"
    assert config["VoilaConfiguration"]["strip_sources"] is True


def test_a_closed_page_frees_its_kernel_an_open_one_keeps_it(launch, browser):
    """voila.json culls kernels idle with no page connected (a closed tab); here with a timeout
    of seconds instead of the configured minutes."""
    config = json.loads((ROOT / "voila" / "voila.json").read_text())["MappingKernelManager"]
    assert config["cull_idle_timeout"] > 0 and config["cull_connected"] is False
    port = free_port()
    cmd = [sys.executable, str(ROOT / "voila" / "launch.py"), "--port", str(port), "--",
           "--MappingKernelManager.cull_idle_timeout=3", "--MappingKernelManager.cull_interval=1"]
    server = Server(cmd, f"http://127.0.0.1:{port}", port, "voila-cull", env=launch.voila_env())
    context = browser.new_context()
    try:
        server.wait_ready("/")
        name = notebook_names()[0]
        kept, closed = context.new_page(), context.new_page()
        for page in (kept, closed):
            page.goto(render_url(server.url, name))
            wait_for_app(page, name)
        kernels = children_of(server.proc.pid)
        assert len(kernels) == 2, kernels
        closed.close(run_before_unload=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and sum(alive(p) for p in kernels) > 1:
            time.sleep(0.5)
        assert sum(alive(p) for p in kernels) == 1, "the closed page's kernel was not ended"
        time.sleep(4)  # longer than the idle timeout: the open page's kernel stays
        assert sum(alive(p) for p in kernels) == 1, "the open page's kernel was ended"
        kept.locator("#rendered_cells .jupyter-widgets").first.wait_for(state="visible")
    finally:
        context.close()
        server.stop()
