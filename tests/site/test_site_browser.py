"""The built site in headless Chromium: landing page, every notebook run top to bottom, widgets
rendered and clickable, edits not kept, and never a request outside the site's own origin
(the `page` fixture fails the test on any)."""

from __future__ import annotations

import json
import re
import shutil

import pytest
from app_driver import axe_serious
from playwright.sync_api import expect
from site_harness import (
    NOTEBOOKS,
    error_outputs,
    notebook_paths,
    open_notebook,
    run_all_cells,
    screenshot,
    wait_for_idle_cells,
    wait_for_widget,
)

pytestmark = pytest.mark.browser

OUTPUT_TEXT = "() => [...document.querySelectorAll('.jp-OutputArea')].map(e => e.innerText).join('\\n')"


def notebook_source(name: str) -> str:
    nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    return "\n".join(
        "".join(c["source"]) if isinstance(c["source"], list) else c["source"]
        for c in nb["cells"]
        if c["cell_type"] == "code"
    )


def test_there_are_notebooks():
    assert notebook_paths(), "notebooks/ holds no .ipynb"


def test_landing_page_lists_notebooks_in_order(page, site_url):
    import landing

    page.goto(site_url + "/#lang=en")
    links = page.locator("ol.notebooks a:visible")  # the English ones; each language has its own
    expected = [(landing.notebook_title(NOTEBOOKS / n), n) for n in notebook_paths()]
    assert links.count() == len(expected)
    for i, (title, name) in enumerate(expected):
        assert links.nth(i).inner_text().strip() == title
        assert links.nth(i).get_attribute("href") == landing.notebook_href(name)
    assert re.search(r"edits", page.inner_text("body"), re.I)
    screenshot(page, "landing")
    # The deep link opens the Notebook view (not the Lab) with the notebook in it.
    links.first.click()
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    assert "/notebooks/" in page.url and "/lab" not in page.url


@pytest.mark.parametrize("name", notebook_paths())
def test_notebook_runs_in_the_browser(page, site_url, requests_seen, name):
    source = notebook_source(name)
    open_notebook(page, site_url, name)
    run_all_cells(page)
    shows_widgets = "ipywidgets" in source or "sixnimmt_core.widgets" in source
    if shows_widgets:
        wait_for_widget(page)
    wait_for_idle_cells(page)
    assert error_outputs(page) == []
    # The record covers the kernel worker: it fetched Pyodide and its wheels from this site.
    assert requests_seen.saw(r"/static/pyodide/pyodide\.asm\.wasm$")
    assert requests_seen.saw(r"/static/pyodide/ipython-[^/]+\.whl$")
    # Nothing asked PyPI's mirror of the kernel (piplite's index) for anything.
    assert not requests_seen.saw(r"/pypi/all\.json")
    if shows_widgets:
        before = page.evaluate(OUTPUT_TEXT)
        page.locator(".jp-OutputArea .widget-button:not([disabled])").first.click()
        page.wait_for_function(f"(before) => ({OUTPUT_TEXT})() !== before", arg=before,
                               timeout=60_000)
        assert error_outputs(page) == []
    # axe-core on the whole page: the lesson's widgets and JupyterLab's own interface (lite_site/a11y.js
    # repairs the few places where the latter falls short)
    assert axe_serious(page) == [], name
    screenshot(page, name.removesuffix(".ipynb"))


def test_the_notebooks_list_passes_axe(page, site_url):
    page.goto(f"{site_url}/tree/index.html")
    page.wait_for_selector(".jp-DirListing-item", timeout=60_000)
    assert axe_serious(page) == []


def test_cards_notebook_shows_each_card_and_its_heads(page, site_url):
    open_notebook(page, site_url, "01_cards.ipynb")
    run_all_cells(page)
    following = wait_for_widget(page, ".widget-button:has-text('Next card ▶')")
    said = page.locator("[role=status] .snt-say").first
    assert said.inner_text() == "Card 55: 7 cattle heads"
    assert page.locator("svg[aria-label='card 55, 7 heads']").count() >= 1  # drawn, with its name
    following.click()
    # Python answers a click in its own time: on a loaded machine, with later cells still running, late
    # read anew each time: the widget's HTML is redrawn on every change (a handle would go stale)
    expect(said).to_have_text("Card 56: 1 cattle head", timeout=60_000)
    page.locator(".widget-button", has_text="5 heads: 8 cards").click()
    page.locator("[role=status]", has_text="8 cards with 5 heads").wait_for(timeout=60_000)
    assert page.locator(".snt-hand svg[aria-label='card 99, 5 heads']").count() == 1


def test_edits_are_not_kept_so_a_redeploy_shows_fresh_notebooks(page, site_url):
    name = notebook_paths()[0]
    open_notebook(page, site_url, name)
    editor = page.locator(".jp-CodeCell .cm-content").first
    # the editor is drawn before its text arrives: read the cell once it holds the notebook's code
    expect(editor).to_have_text(re.compile(r"\S"), timeout=60_000)
    original = editor.inner_text()
    editor.click()
    page.keyboard.press("Control+End")
    page.keyboard.type("\n# a learner's edit")
    page.keyboard.press("Control+s")
    page.wait_for_timeout(1000)
    assert "a learner's edit" in editor.inner_text()
    page.reload()
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    # the cell's text as a person reads it (its lines apart), once it has arrived
    page.wait_for_function("() => { const e = document.querySelector('.jp-CodeCell .cm-content');"
                           " return e && /\\S/.test(e.innerText) }", timeout=60_000)
    assert page.locator(".jp-CodeCell .cm-content").first.inner_text() == original


def test_a_redeployed_site_shows_the_new_notebook_not_the_old_edit(browser, site_dir, tmp_path):
    """Same browser, same origin: visit, edit and save; the site is redeployed with a changed
    notebook; the next visit shows the new notebook, not the learner's stale copy."""
    import serve
    from site_harness import RequestLog, recorded_context

    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    name = notebook_paths()[0]
    with serve.Background(site) as url:
        port = int(url.rstrip("/").rsplit(":", 1)[1])
        log = RequestLog(origin=url.rstrip("/"))
        # No routing here: routing would turn the HTTP cache off, and the cache is part of it.
        context = recorded_context(browser, log, block=False)
        page = context.new_page()
        open_notebook(page, log.origin, name)
        editor = page.locator(".jp-CodeCell .cm-content").first
        editor.click()
        page.keyboard.press("Control+End")
        page.keyboard.type("\n# a stale edit")
        page.keyboard.press("Control+s")
        page.wait_for_timeout(1000)
        page.close()  # the learner closes the tab; the browser (its cache and storage) stays
    # Redeploy: the notebook changes (its precompressed copies are redone as a build would).
    target = site / "files" / name
    nb = json.loads(target.read_text(encoding="utf-8"))
    nb["cells"].insert(0, {"cell_type": "markdown", "id": "redeployed", "metadata": {},
                           "source": ["# Redeployed edition"]})
    target.write_text(json.dumps(nb), encoding="utf-8")
    for ext in (".gz", ".br"):
        target.with_name(target.name + ext).unlink(missing_ok=True)
    with serve.Background(site, port=port):
        page = context.new_page()
        open_notebook(page, log.origin, name)
        page.get_by_role("heading", name="Redeployed edition").wait_for(timeout=15_000)
        assert "a stale edit" not in page.inner_text(".jp-Notebook")
        context.close()
    assert log.off_origin() == []


# What the trim of docs/site.md's Start-up (site.toml [trim]) must leave working, in one kernel.

LAST_CELL = ".jp-Notebook .jp-CodeCell >> nth=-1"


def run_new_cell(page, code: str, timeout_ms: int = 60_000):
    """A code cell added at the notebook's end, run; returns the cell once it has run."""
    page.locator(".jp-Notebook .jp-Cell").last.locator(".jp-InputPrompt").click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    page.keyboard.press("Enter")
    page.keyboard.insert_text(code)  # no key events: no brackets closed for us
    page.keyboard.press("Control+Enter")  # runs it, adds no cell below
    cell = page.locator(LAST_CELL)
    page.wait_for_function(
        "(cell) => /\\[\\d+\\]/.test(cell.querySelector('.jp-InputPrompt').textContent)",
        arg=cell.element_handle(), timeout=timeout_ms)
    return cell


def test_trimmed_site_keeps_tracebacks_completion_help_and_widgets(page, site_url):
    """With jedi's, pygments' and the standard library's unused parts left out: the widgets of a
    notebook show; an exception shows IPython's coloured traceback; Tab completes (IPython with
    jedi, and jedi from typeshed's stubs); `?` and help() show help; what a learner imports
    imports, what cannot work in a browser is missing as a module; a lexer left out of pygments
    is "no lexer found"."""
    open_notebook(page, site_url, "01_cards.ipynb")
    run_all_cells(page)
    wait_for_widget(page)
    wait_for_idle_cells(page)
    assert error_outputs(page) == []

    cell = run_new_cell(page, "def share(heads, players):\n    return heads / players\n\n"
                              "share(7, 0)")
    # JupyterLab renders an error output as stderr, its ANSI colours as classes.
    error = cell.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')
    text = error.inner_text()
    assert "ZeroDivisionError" in text and "return heads / players" in text
    assert error.locator(".ansi-red-fg").count() > 0 and error.locator(".ansi-green-fg").count() > 0
    screenshot(page, "trim-traceback")

    cell = run_new_cell(page, "import jedi\nsorted(c.name for c in jedi.Interpreter("
                              "'import random\\nrandom.ch', [{}]).complete())")
    assert "'choice'" in cell.locator(".jp-OutputArea").inner_text()

    page.locator(".jp-Notebook .jp-Cell").last.locator(".jp-InputPrompt").click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    page.keyboard.press("Enter")
    page.keyboard.insert_text("import json\njson.du")
    page.keyboard.press("Tab")
    items = page.locator(".jp-Completer .jp-Completer-item")
    items.first.wait_for(timeout=30_000)
    matches = page.locator(".jp-Completer .jp-Completer-item .jp-Completer-match")
    assert {"dump", "dumps"} <= {t.strip() for t in matches.all_inner_texts()}
    screenshot(page, "trim-completion")
    page.keyboard.press("Escape")

    cell = run_new_cell(page, "len?")
    page.get_by_text("Return the number of items in a container").first.wait_for(timeout=30_000)

    cell = run_new_cell(page, "\n".join([
        "import importlib",
        "learner = ['random', 'statistics', 'json', 'itertools', 'collections', 'math',",
        "           'dataclasses', 'typing', 'datetime', 'decimal', 'fractions', 'functools',",
        "           'asyncio', 'concurrent.futures', 'logging', 'logging.config', 'pdb', 'pydoc',",
        "           'unittest', 'doctest', 'csv', 'sqlite3', 'zipfile', 'tarfile', 'pathlib',",
        "           'pprint', 'textwrap', 'string', 're', 'heapq', 'bisect', 'enum', 'timeit',",
        "           'cProfile', 'email.message', 'http.client', 'urllib.request', 'xml.etree.ElementTree',",
        "           'html.parser', 'code', 'inspect', 'traceback', 'tomllib', 'zoneinfo']",
        "for name in learner:",
        "    importlib.import_module(name)",
        "gone = []",
        "for name in ['multiprocessing', '_pyrepl.readline', 'xmlrpc.client', 'wsgiref', 'smtplib']:",
        "    try:",
        "        importlib.import_module(name)",
        "    except ModuleNotFoundError:",
        "        gone.append(name)",
        "from pygments.lexers import get_lexer_by_name",
        "from pygments.util import ClassNotFound",
        "try:",
        "    get_lexer_by_name('matlab')",
        "except ClassNotFound:",
        "    gone.append('matlab lexer')",
        "help(len)",
        "print('ok', len(learner), gone)",
    ]))
    out = cell.locator(".jp-OutputArea").inner_text()
    assert "Return the number of items in a container" in out
    assert ("ok 44 ['multiprocessing', '_pyrepl.readline', 'xmlrpc.client', 'wsgiref', 'smtplib', "
            "'matlab lexer']") in out
    assert len(error_outputs(page)) == 1  # the traceback asked for, nothing else
