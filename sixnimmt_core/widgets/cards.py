"""CardExplorer: the 104 cards and their cattle heads, one kind at a time (notebook 1)."""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from sixnimmt_core.drawing import render
from sixnimmt_core.engine.cards import HIGHEST, LOWEST, heads
from sixnimmt_core.teaching.teach import head_count_rule, head_counts
from sixnimmt_core.widgets._common import (
    WIDGETS,
    Lang,
    button,
    cards_words,
    esc,
    flex,
    panel,
    root,
    styles,
)
from sixnimmt_core.words import heads_words, text


class CardExplorer(W.VBox):
    """Pick a card to see its heads and why; or show every card with 1, 2, 3, 5 or 7 heads.

    ``lang`` (en, cs, sk, ro): the language of its words.

    Buttons: ``kind_buttons`` (one per head count), ``prev_button``, ``next_button``; the card
    number is ``card_input`` (a number box labelled "Card", 1–104: a screen reader names it, which
    it cannot do for an ipywidgets slider; ``slider`` is the same box, the old name); views
    ``card_view`` and ``gallery``.
    """

    lang = Lang()

    def __init__(self, card: int = 55, *, lang: str = "en", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lang = lang
        self.kind = 7  # the heads of the cards listed
        self.card_input = W.BoundedIntText(value=card, min=LOWEST, max=HIGHEST, continuous_update=True, tooltip="",
                                           style={"description_width": "initial"}, layout=W.Layout(width="8.5em"))
        self.slider = self.card_input
        self.prev_button = button("", on_click=lambda _: self._step(-1))
        self.next_button = button("", on_click=lambda _: self._step(1))
        self.card_view = W.HTML(tooltip="")
        self.gallery = W.HTML(tooltip="")
        self.every = W.HTML(tooltip="")
        self.kind_buttons = [button("", on_click=lambda _b, h=h: self.show_kind(h)) for h, _n, _ in head_counts()]
        # names for the app page, which draws this lesson before Python has started (widgets.frames)
        for w, cls in ((self.card_input, "snt-cinput"), (self.prev_button, "snt-cprev"), (self.next_button, "snt-cnext"),
                       (self.card_view, "snt-ccard"), (self.gallery, "snt-cgallery")):
            w.add_class(cls)
        for b in self.kind_buttons:
            b.add_class("snt-ckind")
        self.card_input.observe(lambda _change: self._draw_card(), names="value")
        root([styles(), flex([self.prev_button, self.slider, self.next_button]), self.card_view,
              self.every, flex(self.kind_buttons), self.gallery], self)
        self._words()
        self.observe(lambda _change: self._words(), names="lang")

    def _words(self) -> None:
        """Every word of the explorer in ``lang``; the card and the kind shown stay."""
        lang = self.lang
        self.card_input.description = text("cards.input", lang, domain=WIDGETS)
        self.card_input.tooltip = text("cards.input.tip", lang, domain=WIDGETS, low=LOWEST, high=HIGHEST)
        for b, key in ((self.prev_button, "cards.prev"), (self.next_button, "cards.next")):
            b.description, b.tooltip = text(key, lang, domain=WIDGETS), text(key + ".tip", lang, domain=WIDGETS)
        for b, (h, n, _) in zip(self.kind_buttons, head_counts(), strict=True):
            b.description = text("cards.kind", lang, domain=WIDGETS, heads=heads_words(h, lang), cards=cards_words(n, lang))
            b.tooltip = text("cards.kind.tip", lang, n=h, domain=WIDGETS)
        self.every.value = panel(f"<p><b>{esc(text('cards.every', lang, domain=WIDGETS))}</b></p>")
        self._draw_card()
        self.show_kind(self.kind)

    @property
    def card(self) -> int:
        return int(self.card_input.value)

    def _step(self, delta: int) -> None:
        self.card_input.value = min(HIGHEST, max(LOWEST, self.card + delta))

    def _draw_card(self) -> None:
        c, lang = self.card, self.lang
        h = heads(c)
        self.card_view.value = (
            f'<div class="snt-flex" style="display:flex;gap:14px;align-items:center;flex-wrap:wrap">'
            f'{render.card_svg(c, size="lg", lang=lang)}'
            + panel(f'<p class="snt-say">{esc(text("cards.heads", lang, n=h, domain=WIDGETS, card=c))}</p>'
                    f"<p>{esc(text('cards.why', lang, domain=WIDGETS, why=self._why(c)))}</p>", role="status")
            + "</div>"
        )

    def _why(self, card: int) -> str:
        """Why ``card`` has its heads, in words: the clause of the rule that gives them (asked of ``cards.heads``)."""
        return text(WHY[heads(card)], self.lang, domain=WIDGETS, card=card)

    def show_kind(self, h: int) -> None:
        """Show every card with ``h`` heads, with the rule that gives them."""
        self.kind = h
        for b, (kind, _, _) in zip(self.kind_buttons, head_counts(), strict=True):
            b.button_style = "info" if kind == h else ""
        for kind, n, cards in head_counts():
            if kind == h:
                what = text("cards.gallery", self.lang, domain=WIDGETS, cards=cards_words(n, self.lang), heads=heads_words(h, self.lang))
                self.gallery.value = (
                    panel(f"<p><b>{esc(what)}</b> ({esc(head_count_rule(h, self.lang))}).</p>", role="status")
                    + render.hand_html(cards, lang=self.lang)
                )


WHY = {7: "cards.why.55", 5: "cards.why.11", 3: "cards.why.10", 2: "cards.why.5", 1: "cards.why.1"}
"""The words of each clause of the heads rule, by the heads it gives (RULES.md §1: 55 → 7, other multiples of
11 → 5, of 10 → 3, of 5 → 2, else 1): the rule itself is ``cards.heads``'s alone."""
