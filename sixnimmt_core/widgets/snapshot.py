"""A widget tree as a static HTML page: what a lesson shows before Python has started.

The site builds one such page per lesson and language (``preview(key, lang)``) and shows it while the kernel starts,
so a learner reads the lesson's words and sees its table at once; the live widgets replace it.
Controls are drawn disabled: nothing in a preview answers a click.
"""

from __future__ import annotations

import re
from html import escape
from importlib import resources

import ipywidgets as W

# Just enough of ipywidgets' own look for the boxes and controls of a preview (package data, read once).
PREVIEW_CSS = resources.files("sixnimmt_core.widgets").joinpath("static", "preview.css").read_text("utf-8")


def _style(w: W.Widget) -> str:
    layout = getattr(w, "layout", None)
    if layout is None:
        return ""
    parts = []
    for key in layout.keys:
        if key.startswith("_"):
            continue
        value = getattr(layout, key)
        if value not in (None, ""):
            parts.append(f"{key.replace('_', '-')}:{value}")
    return f' style="{escape(";".join(parts))}"' if parts else ""


def _classes(w: W.Widget, *base: str) -> str:
    return escape(" ".join([*base, *getattr(w, "_dom_classes", ())]))


def static_html(w: W.Widget) -> str:
    """The widget as it is drawn now, as HTML; controls disabled, nothing that runs."""
    style = _style(w)
    if isinstance(w, W.HTML):
        return (f'<div class="{_classes(w, "widget-inline-hbox", "widget-html")}"{style}>'
                f'<div class="widget-html-content">{w.value}</div></div>')
    if isinstance(w, W.Button):
        mod = f" mod-{w.button_style}" if w.button_style else ""
        return (f'<button type="button" disabled class="{_classes(w, "jupyter-button", "widget-button")}{mod}"'
                f'{style}>{escape(w.description)}</button>')
    if isinstance(w, W.ToggleButton):  # one switch ("Try it"): drawn, not yet pressed
        active = " mod-active" if w.value else ""
        return (f'<button type="button" disabled aria-pressed="{str(bool(w.value)).lower()}" class="'
                f'{_classes(w, "jupyter-button", "widget-toggle-button")}{active}"{style}>{escape(w.description)}</button>')
    if isinstance(w, W.ToggleButtons):
        buttons = "".join(
            f'<button type="button" disabled class="jupyter-button{" mod-active" if i == w.index else ""}"'
            f' aria-pressed="{"true" if i == w.index else "false"}" data-value="{escape(str(value))}">{escape(label)}</button>'
            for i, (label, value) in enumerate(zip(w._options_labels, w._options_values, strict=True)))
        return f'<div class="{_classes(w, "widget-toggle-buttons")}"{style}>{buttons}</div>'
    if isinstance(w, W.Dropdown):
        label = f'<label class="widget-label">{escape(w.description)}</label>' if w.description else ""
        options = "".join(f'<option value="{escape(str(value))}"{" selected" if i == w.index else ""}>{escape(text)}</option>'
                          for i, (text, value) in enumerate(zip(w._options_labels, w._options_values, strict=True)))
        return (f'<div class="{_classes(w, "widget-inline-hbox", "widget-dropdown")}"{style}>{label}'
                f'<select disabled>{options}</select></div>')
    if isinstance(w, W.Checkbox):
        checked = " checked" if w.value else ""
        return (f'<div class="{_classes(w, "widget-inline-hbox", "widget-checkbox")}"{style}><label>'
                f'<input type="checkbox" disabled{checked}> {escape(w.description)}</label></div>')
    if isinstance(w, (W.IntText, W.BoundedIntText, W.Text)):
        return (f'<div class="{_classes(w, "widget-inline-hbox", "widget-text")}"{style}>'
                f'<label class="widget-label">{escape(w.description)}</label>'
                f'<input disabled size="5" aria-label="{escape(w.description)}" value="{escape(str(w.value))}"></div>')
    if isinstance(w, W.IntSlider):
        return (f'<div class="{_classes(w, "widget-inline-hbox", "widget-slider")}"{style}>'
                f'<label class="widget-label">{escape(w.description)}</label>'
                '<div class="snt-preview-slider"></div></div>')
    if isinstance(w, W.Box):
        kind = "widget-vbox" if isinstance(w, W.VBox) else "widget-hbox" if isinstance(w, W.HBox) else ""
        inner = "".join(static_html(c) for c in w.children)
        return f'<div class="{_classes(w, "widget-container", "widget-box", kind)}"{style}>{inner}</div>'
    return ""  # a widget a preview does not draw


def _once(html: str) -> str:
    """``html`` with every repeat of an identical <style> element left out."""
    seen: set[str] = set()

    def keep(m: re.Match[str]) -> str:
        if m.group(0) in seen:
            return ""
        seen.add(m.group(0))
        return m.group(0)

    return re.sub(r"<style>.*?</style>", keep, html, flags=re.S)


def preview_page(w: W.Widget, *, title: str, lang: str = "en") -> str:
    """A whole HTML page showing ``w`` as it is drawn now, for the app's start-up curtain."""
    body = _once(static_html(w))
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            f"<title>{escape(title)}</title><style>{PREVIEW_CSS}</style></head>"
            f'<body><div class="jp-OutputArea-output">{body}</div></body></html>')


def static_page() -> str:
    """The empty page the app draws a walkthrough's frames in (``widgets.frames``): the look of a
    preview and the lessons' CSS, once; ``#root`` is where a frame's HTML goes."""
    from sixnimmt_core.widgets._common import css

    return ('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>6 nimmt!</title>'
            f'<style>{PREVIEW_CSS}</style>{css()}</head>'
            '<body><div class="jp-OutputArea-output" id="root"></div></body></html>')


def without_styles(html: str) -> str:
    """``html`` without its <style> elements (a page that holds the CSS once shows it)."""
    return re.sub(r"<style>.*?</style>", "", html, flags=re.S)


def preview(lesson: str, lang: str = "en") -> str:
    """The preview page of one lesson of the app at its start, in ``lang`` (en, cs, sk, ro).

    :raises UnknownLanguage: a language the edition does not speak (a build should not write an
        English page under another language's name)."""
    from sixnimmt_core.teaching.teach import app_title
    from sixnimmt_core.widgets.apps import App, Route
    from sixnimmt_core.words.i18n import check_language

    check_language(lang)
    return preview_page(App(Route(lesson, lang=lang)), title=app_title(lesson, lang), lang=lang)


__all__ = ["preview", "preview_page", "static_html", "static_page", "without_styles"]
