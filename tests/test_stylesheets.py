"""The widgets' and the drawing's CSS are stylesheet files shipped as package data, read once, and
sent to a page once: one shared <style> widget, however many lessons and tables show it."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import ipywidgets as W

from sixnimmt_core.drawing import render
from sixnimmt_core.widgets import _common
from sixnimmt_core.widgets.apps import App

PACKAGE = Path(_common.__file__).parents[1]
SHEETS = ("widgets.css", "drills.css", "editor.css", "saved.css", "preview.css")
# a CSS declaration opening a rule: "{display:flex" (minified, as the sheets are), "{{" in an f-string;
# not a format field ("{x:.4g}")
DECLARATION = re.compile(r"\{\{?[a-z-]+:(?![.\d]*[a-z]?\})\S")


def tree(w: W.Widget) -> list[W.Widget]:
    out = [w]
    for c in getattr(w, "children", ()):
        out.extend(tree(c))
    return out


def test_the_sheets_are_files_of_the_package():
    for name in SHEETS:
        path = PACKAGE / "widgets" / "static" / name
        assert path.is_file() and _common.sheet(name) == path.read_text("utf-8")
    assert (PACKAGE / "drawing" / "static" / "drawing.css").read_text("utf-8") == render.STYLE
    # what the sheets hold: the card buttons, the drill's table, the editor's form, the download link
    assert ".jupyter-button.snt-card-btn{" in _common.sheet("widgets.css")
    assert ".snt-w.snt-drill" in _common.sheet("drills.css") and ".snt-editor .snt-edbody{" in _common.sheet("editor.css")
    assert "a.snt-download{" in _common.sheet("saved.css") and ".snt-slot{" in render.STYLE


def test_no_module_of_the_widgets_or_the_drawing_holds_a_stylesheet():
    """CSS lives in the .css files; what Python still writes is one rule each made from data: a card's
    picture (``card_rule``) and the file picker's label in the learner's language (``open_css``)."""
    found = {}
    for path in [*sorted((PACKAGE / "widgets").glob("*.py")), PACKAGE / "drawing" / "render.py"]:
        n = len(DECLARATION.findall(path.read_text("utf-8")))
        if n:
            found[path.name] = n
    assert found == {"_common.py": 1, "replay.py": 1}


def test_a_sheet_is_read_once_however_many_lessons_show_it(monkeypatch):
    reads: list[str] = []
    files = resources.files

    class Counting:
        def __init__(self, package: str) -> None:
            self.root = files(package)

        def joinpath(self, *parts: str):
            reads.append("/".join(parts))
            return self.root.joinpath(*parts)

    _common.sheet.cache_clear()
    monkeypatch.setattr(_common, "_STYLES", {})  # as in a new kernel: no style widget made yet
    monkeypatch.setattr(_common.resources, "files", Counting)
    try:
        app = App("lesson=turn")
        for lesson in ("cards", "trainer", "play", "table", "variants", "hand"):
            app.go(f"lesson={lesson}")
        for lang in ("cs", "sk", "ro"):
            app.go(f"lesson=variants&lang={lang}")
    finally:
        _common.sheet.cache_clear()
    assert sorted(reads) == ["static/drills.css", "static/editor.css", "static/saved.css", "static/widgets.css"]


def test_every_tree_shows_the_one_style_widget():
    """Every lesson, its stepper, its table and its trainer show the same <style> widget: a page
    receives the widget CSS once (one model), not once per tree."""
    app = App("lesson=turn")
    shown = []
    for lesson in ("turn", "cards", "trainer", "play", "table", "variants", "hand"):
        app.go(f"lesson={lesson}")
        shown += [w for w in tree(app) if isinstance(w, W.HTML) and ".snt-w{--snt-bw" in w.value]
    assert len(shown) > 7 and len({w.model_id for w in shown}) == 1
    assert shown[0].value.startswith(f"<style>{render.STYLE}") and shown[0].value.count("<style>") == 1


def test_a_closed_style_widget_is_made_again():
    first = _common.styles()
    assert _common.styles() is first
    first.close()
    again = _common.styles()
    assert again is not first and again.comm is not None and again.value == first.value
