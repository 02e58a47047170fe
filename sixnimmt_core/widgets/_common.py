"""Shared pieces of the teaching widgets: styles, card-shaped buttons, small HTML helpers.

Everything drawn comes from :mod:`sixnimmt_core.drawing.render`; this module only adds the CSS that
dresses ipywidgets buttons as cards and the panels around the table. Game surfaces (table, hand,
notes) carry their own light background and dark ink, so they read the same in light and dark
Jupyter themes; buttons keep the theme's colours.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from html import escape
from importlib import resources
from typing import Any
from urllib.parse import quote

import ipywidgets as W
import traitlets

from sixnimmt_core.drawing import render
from sixnimmt_core.engine.cards import heads
from sixnimmt_core.words import heads_words, text

ROOT_CLASS = "snt-w"
WIDGETS = "widgets"  # the widgets' own catalogue: locale/<lang>/LC_MESSAGES/widgets.po


# No title="null": ipywidgets 8 writes a described control's tooltip into its label's title as it is
# (``label.title = tooltip``; a ToggleButton and a FileUpload set it with setAttribute), and its
# default tooltip is None, which becomes the title "null". So every described widget made here is
# given a tooltip: its own words, or "" (no tooltip: the views then write none). A Button keeps None
# when it has no words of its own (its view shows the description as its title then).


@cache
def sheet(name: str) -> str:
    """The stylesheet ``widgets/static/<name>`` (package data), read once."""
    return resources.files("sixnimmt_core.widgets").joinpath("static", name).read_text("utf-8")


def css() -> str:
    """The engine's STYLE plus the widget CSS (``static/widgets.css``), as one <style> element."""
    return f"<style>{render.STYLE}{sheet('widgets.css')}</style>"


_STYLES: dict[tuple[bool, tuple[str, ...]], W.HTML] = {}


def styles(*names: str, base: bool = True) -> W.HTML:
    """One hidden <style> widget, shared by every tree that shows it: the widget CSS (``css()``;
    not with ``base=False``) then the sheets ``names`` (``"drills.css"`` …). A page receives each
    such widget once, however many lessons, steppers or tables show it."""
    key = (base, names)
    w = _STYLES.get(key)
    if w is None or w.comm is None:  # a widget closed (W.Widget.close_all) is made again
        sheets = "".join(f"<style>{sheet(n)}</style>" for n in names)
        w = _STYLES[key] = W.HTML(css() + sheets if base else sheets, tooltip="")
    return w


# ---- the language: a trait of one widget tree -------------------------------------------------------
def Lang() -> traitlets.Unicode:  # noqa: N802 - a trait, declared like one
    """The ``lang`` trait of everything that draws words (en, cs, sk, ro): set it and the words are
    drawn again in place, nothing rebuilt (each owner observes it where it draws words)."""
    return traitlets.Unicode("en", help="The language of the words drawn (en, cs, sk, ro).")


def follow(child: traitlets.HasTraits, parent: traitlets.HasTraits,
           was: traitlets.dlink | None = None) -> traitlets.dlink:
    """``child`` speaks ``parent``'s language from now on (a ``traitlets.dlink`` of ``lang``); ``was``,
    the link of a child it replaces, is undone (the replaced child no longer follows)."""
    if was is not None:
        was.unlink()
    return traitlets.dlink((parent, "lang"), (child, "lang"))


def relabel(choice: W.Dropdown | W.ToggleButtons, options: Sequence[tuple[str, Any]],
            tooltips: Sequence[str] | None = None) -> None:
    """New labels for a choice's options (the same values, in the same order), its value kept.

    Giving a choice new options selects its first one and tells every observer of its value (even
    inside ``hold_trait_notifications``); only the labels change here: the choice is told it is being
    set up (ipywidgets' own ``_initializing_traits_``), so the selection stays and no pick is observed."""
    value, index = choice.value, choice.index
    if [v for _label, v in options] != list(choice._options_values):
        raise ValueError("relabel changes the labels, not the values")
    choice._initializing_traits_ = True
    try:
        choice.options = tuple(options)
    finally:
        choice._initializing_traits_ = False
    if tooltips is not None and isinstance(choice, W.ToggleButtons):
        choice.tooltips = list(tooltips)
    if index is not None:
        choice.set_trait("label", choice._options_labels[index])
    assert choice.value == value and choice.index == index


def told(words: str | Callable[[str], str] | None, lang: str) -> str | None:
    """A title given as words (kept as they are) or as a function of the language (said in ``lang``)."""
    return words(lang) if callable(words) else words


def esc(text: Any) -> str:
    return escape(str(text), quote=True)



def error_words(error: BaseException, lang: str = "en") -> str:
    """An error in ``lang`` when it can say itself (``exc.words(lang)``), else its own text."""
    words = getattr(error, "words", None)
    if callable(words):
        try:
            return str(words(lang))
        except Exception:  # noqa: BLE001 - a learner sees the error's own words rather than none
            pass
    return str(error)


def cards_words(n: int, lang: str = "en") -> str:
    """'1 card', '5 cards' ('5 karet', '20 de cărți')."""
    return text("count.cards", lang, n=n)


def variant_name(name: str, lang: str = "en") -> str:
    """A variant's name as its language's rulebook says it ('Tactics', 'Taktika', 'Tactică': the
    engine's ``rules.variant_name``, one set of names); rules of one's own keep their own name
    ('Refined twins')."""
    from sixnimmt_core.engine import rules

    return rules.variant_name(name, lang) if name in rules.VARIANTS else name.capitalize()


def game_title(variant: str | None, lang: str = "en") -> str:
    """'6 nimmt! — Tactics' ('6 bere! — Taktika'); the game's name alone without a variant."""
    if variant is None:
        return text("game.name", lang, domain=WIDGETS)
    return text("game.title", lang, domain=WIDGETS, game=text("game.name", lang, domain=WIDGETS), variant=variant_name(variant, lang))


def flex(children: Iterable[W.Widget] = (), *, column: bool = False, cls: str = "",
         align: str = "center") -> W.Box:
    """A wrapping flex box (row by default)."""
    layout = W.Layout(display="flex", flex_flow="column" if column else "row wrap",
                      align_items="stretch" if column else align, width="100%" if column else "auto",
                      max_width="100%")
    box = W.Box(list(children), layout=layout)
    box.add_class("snt-flex")
    for c in cls.split():
        box.add_class(c)
    return box


def button(description: str, tooltip: str = "", *, on_click: Callable[[Any], None] | None = None,
           style: str = "", disabled: bool = False) -> W.Button:
    """A text button (keyboard: Tab to it, Enter or Space presses it)."""
    b = W.Button(description=description, tooltip=tooltip or description, button_style=style,
                 disabled=disabled, layout=W.Layout(width="auto", height="auto"))
    b.add_class("snt-btn")
    if on_click is not None:
        b.on_click(on_click)
    return b


def checkbox(description: str, tooltip: str = "", *, value: bool = False) -> W.Checkbox:
    """An on/off setting whose visible label names it (the label is its accessible name)."""
    c = W.Checkbox(value=value, description=description, tooltip=tooltip or description, indent=False,
                   layout=W.Layout(width="auto"))
    c.add_class("snt-check")
    return c


def card_class(card: int) -> str:
    return f"snt-cb{card}"


_CARD_RULES: dict[int, str] = {}


def card_rule(card: int) -> str:
    """A CSS rule that paints ``card``'s picture (render.card_svg) on a card button."""
    rule = _CARD_RULES.get(card)
    if rule is None:
        svg = render.card_svg(card).replace("<title>", "<!--").replace("</title>", "-->")
        uri = "data:image/svg+xml;charset=utf-8," + quote(svg, safe=" =:/,.;'-()")
        rule = f'.snt-w .jupyter-button.{card_class(card)}{{background-image:url("{uri}")}}'
        _CARD_RULES[card] = rule
    return rule


def card_button(card: int, label: str, tooltip: str, *, on_click: Callable[[Any], None] | None = None) -> W.Button:
    """A button drawn as the card, with a visible text label under the picture.

    The label is the button's accessible name, so it should carry the card's number and heads
    ("Play 29, 1 head": ``f"Play {card_name(29)}"``); the picture is a CSS background.
    """
    b = W.Button(description=label, tooltip=tooltip, layout=W.Layout(width="auto", height="auto"))
    b.add_class("snt-card-btn")
    b.add_class(card_class(card))
    b.card = card
    if on_click is not None:
        b.on_click(on_click)
    return b


class CardStyles:
    """Hidden <style> widgets: the CSS once, then the pictures of the cards shown as buttons.

    Pictures are only ever added, in small batches, so a long match never resends them all.
    """

    def __init__(self) -> None:
        self.cards: set[int] = set()
        self.widget = W.Box([styles()], layout=W.Layout(display="none"))
        self.widget.add_class("snt-style")

    def need(self, cards: Iterable[int]) -> None:
        new = sorted(set(cards) - self.cards)
        if new:
            self.cards.update(new)
            rules = "".join(card_rule(c) for c in new)
            self.widget.children = (*self.widget.children, W.HTML(f"<style>{rules}</style>", tooltip=""))


class RowTable(W.VBox):
    """The table: a picture (``value``: ``render.table_html``'s HTML) or, where a row is to be chosen
    (``choose``), the same rows drawn one by one, each row the button that chooses it.

    A chosen row is a box holding the row's drawing (``render.rows_html``, the one drawing of a row)
    and its button(s), a chip at the row's end naming the answer; CSS (``static/widgets.css``, "The picture is
    the control") stretches a button over the whole row, so a click or a tap on the row presses it,
    and a real button is reached by Tab and pressed by Enter or Space. ``value`` is always the
    table's picture (what ``table_html`` draws for the same rows). ``row_buttons``: the buttons in
    the table now, in order; ``row_boxes``: the rows' boxes (each: the drawing, then a box of chips).
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._html = ""
        self.picture = W.HTML(tooltip="")
        self.row_buttons: list[W.Button] = []
        self.row_boxes: list[W.Box] = []
        self.children = (self.picture,)
        self.add_class("snt-rowtable")

    @property
    def value(self) -> str:
        """The table's picture, as HTML."""
        return self._html

    @value.setter
    def value(self, html: str) -> None:
        self._unpick()
        self._html = self.picture.value = html
        self.children = (self.picture,)

    def _unpick(self) -> None:
        old = [*self.row_boxes, *(c for b in self.row_boxes for c in b.children if not isinstance(c, W.Button))]
        close_all(old, keep=self.row_buttons)  # the buttons are their owner's
        self.row_boxes, self.row_buttons = [], []
        for cls in ("snt", "snt-table", "snt-picking"):
            self.remove_class(cls)
        if len(self.children) > 1:
            close_all(self.children, keep=[self.picture])

    def choose(self, rows: Sequence[Sequence[Any]], buttons: Sequence[Sequence[W.Button]], *,
               caption: str | None = None, highlight: Mapping[str, int] | None = None, two_sided: bool = False,
               lang: str = "en") -> None:
        """Draw ``rows`` (cells as for ``render.table_html``), row i with ``buttons[i]``: one button
        stretches over the whole row; two (a two-sided row), the first over its left half and the
        second over its right half; none, the row is drawn and chooses nothing."""
        if len(buttons) != len(rows):
            raise ValueError(f"{len(rows)} rows, {len(buttons)} lists of buttons")
        self._unpick()
        self._html = render.table_html(rows, highlight=highlight, caption=caption, two_sided=two_sided, lang=lang)
        drawn = render.rows_html(rows, highlight=highlight, two_sided=two_sided, lang=lang)
        for html, mine in zip(drawn, buttons, strict=True):
            sides = ("snt-rowbtn-left", "snt-rowbtn-right") if len(mine) == 2 else ("snt-rowbtn-whole",) * len(mine)
            for b, side in zip(mine, sides, strict=True):
                b.add_class("snt-rowbtn")
                b.add_class(side)
            chips = W.Box(list(mine))
            chips.add_class("snt-rowchips")
            box = W.Box([W.HTML(html, tooltip=""), chips])
            box.add_class("snt-rowpick")
            if len(mine) == 2:
                box.add_class("snt-rowpick-two")
            self.row_boxes.append(box)
            self.row_buttons.extend(mine)
        cap = W.HTML(f'<div class="snt-cap">{esc(caption)}</div>' if caption else "", tooltip="")
        body = W.VBox(self.row_boxes)
        body.add_class("snt-rows")
        self.children = (cap, body) if caption else (body,)
        for cls in ("snt", "snt-table", "snt-picking"):
            self.add_class(cls)


def close_all(widgets: Iterable[W.Widget], keep: Iterable[W.Widget] = ()) -> None:
    """Close widgets that are replaced for good (their models leave the page)."""
    kept = {id(w) for w in keep}
    for w in widgets:
        if id(w) not in kept:
            w.close()


def card_name(card: int, lang: str = "en") -> str:
    """"29, 1 head" ("29, 1 hlava")."""
    return f"{card}, {heads_words(heads(card), lang)}"


def chips(cards: Iterable[int], *, new: Iterable[int] = (), face_down: bool = False, empty: str = "—",
          lang: str = "en") -> str:
    """Small cards as text (for compact hands): each its number plus its heads as a superscript."""
    def chip(card: int) -> str:
        if face_down:
            return f'<span class="snt-chip snt-down" title="{esc(text("chip.face_down", lang, domain=WIDGETS))}">?</span>'
        h = heads(card)
        cls = f"snt-chip snt-h{h}" + (" snt-new" if card in new else "")
        return (f'<span class="{cls}" title="{esc(card_name(card, lang))}" data-card="{card}">{card}'
                f'<sup aria-hidden="true">{h}</sup></span>')

    cards = list(cards)
    new = set(new)
    if not cards:
        return f'<span class="snt-none">{esc(empty)}</span>'
    return '<span class="snt-chips">' + "".join(chip(c) for c in cards) + "</span>"


def panel(inner: str, cls: str = "", role: str = "") -> str:
    r = f' role="{role}"' if role else ""
    return f'<div class="snt snt-panel {cls}"{r}>{inner}</div>'


def feedback(ok: bool | None, said: str, lang: str = "en") -> str:
    """A feedback panel whose meaning is in the words and the sign, not only the colour."""
    if ok is None:
        return panel(f"<p>{esc(said)}</p>", "snt-warn", "status")
    icon = (f'<span class="snt-icon-ok" aria-hidden="true">✓</span><b>{esc(text("feedback.right", lang, domain=WIDGETS))}</b> '
            if ok else
            f'<span class="snt-icon-bad" aria-hidden="true">✗</span><b>{esc(text("feedback.wrong", lang, domain=WIDGETS))}</b> ')
    return panel(f"<p>{icon}{esc(said)}</p>", "snt-ok" if ok else "snt-bad", "status")


def root(children: Iterable[W.Widget], box: W.Box) -> None:
    """Make ``box`` a top-level widget: flex column, the root class, the given children."""
    box.children = tuple(children)
    box.layout = W.Layout(display="flex", flex_flow="column", align_items="stretch", max_width="100%",
                          width="100%")
    box.add_class(ROOT_CLASS)
