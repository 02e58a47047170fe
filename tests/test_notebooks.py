"""Every notebook runs top to bottom in CPython (nbclient): the fast check before the browser.

The English notebooks are ``notebooks/*.ipynb``; each other language's are ``notebooks/<lang>/``, made
from them and ``tools/lesson_texts/<lang>/`` by ``tools/lesson_notebooks.py`` (docs/translating.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
ENGLISH = sorted((ROOT / "notebooks").glob("*.ipynb"))
LANGUAGES = sorted(p.name for p in (ROOT / "tools" / "lesson_texts").iterdir() if p.is_dir())
NOTEBOOKS = ENGLISH + sorted(p for lang in LANGUAGES for p in (ROOT / "notebooks" / lang).glob("*.ipynb"))
IDS = [str(p.relative_to(ROOT / "notebooks")) for p in NOTEBOOKS]
pytestmark = pytest.mark.notebooks


def test_there_are_six_notebooks_in_order():
    assert [p.name[:3] for p in ENGLISH] == ["01_", "02_", "03_", "04_", "05_", "06_"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_has_every_notebook(lang):
    assert [p.name for p in sorted((ROOT / "notebooks" / lang).glob("*.ipynb"))] == [p.name for p in ENGLISH]


def test_the_languages_notebooks_are_made_from_the_english_ones_and_their_texts():
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "lesson_notebooks.py"), "check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr + done.stdout


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_notebook_is_committed_clean(path):
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_notebook_runs_without_errors(path):
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": "/tmp"}}).execute()
    widgets = 0
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            assert out.output_type != "error", f"{path.name}: {out.get('ename')}: {out.get('evalue')}"
            assert "Traceback" not in str(out.get("text", ""))
            if "application/vnd.jupyter.widget-view+json" in out.get("data", {}):
                widgets += 1
    assert widgets >= 1, f"{path.name} shows no widget"


def test_notebooks_read_no_files():
    for path in NOTEBOOKS:
        source = "\n".join(c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code")
        assert "open(" not in source and "read_text" not in source and "%pip" not in source
