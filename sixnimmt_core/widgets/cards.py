"""CardExplorer: the 104 cards and their cattle heads, one kind at a time (notebook 1)."""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from sixnimmt_core import render
from sixnimmt_core.cards import HIGHEST, LOWEST, heads
from sixnimmt_core.teach import head_count_rule, head_counts
from sixnimmt_core.widgets._common import button, css, esc, flex, panel, root


class CardExplorer(W.VBox):
    """Pick a card to see its heads and why; or show every card with 1, 2, 3, 5 or 7 heads.

    Buttons: ``kind_buttons`` (one per head count), ``prev_button``, ``next_button``; the card
    number is ``card_input`` (a number box labelled "Card", 1–104: a screen reader names it, which
    it cannot do for an ipywidgets slider; ``slider`` is the same box, the old name); views
    ``card_view`` and ``gallery``.
    """

    def __init__(self, card: int = 55, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.card_input = W.BoundedIntText(value=card, min=LOWEST, max=HIGHEST, description="Card", continuous_update=True,
                                           tooltip=f"a card number from {LOWEST} to {HIGHEST}", style={"description_width": "initial"},
                                           layout=W.Layout(width="8.5em"))
        self.slider = self.card_input
        self.prev_button = button("◀ Previous card", "the card one lower", on_click=lambda _: self._step(-1))
        self.next_button = button("Next card ▶", "the card one higher", on_click=lambda _: self._step(1))
        self.card_view = W.HTML()
        self.gallery = W.HTML()
        self.kind_buttons = [
            button(f"{h} head{'s' if h > 1 else ''}: {n} card{'s' if n > 1 else ''}",
                   f"show the {n} card{'s' if n > 1 else ''} with {h} head{'s' if h > 1 else ''}",
                   on_click=lambda _b, h=h: self.show_kind(h))
            for h, n, _ in head_counts()
        ]
        self.card_input.observe(lambda _change: self._draw_card(), names="value")
        root([W.HTML(css()), flex([self.prev_button, self.slider, self.next_button]), self.card_view,
              W.HTML(panel("<p><b>Show every card with …</b></p>")), flex(self.kind_buttons), self.gallery], self)
        self._draw_card()
        self.show_kind(7)

    @property
    def card(self) -> int:
        return int(self.card_input.value)

    def _step(self, delta: int) -> None:
        self.card_input.value = min(HIGHEST, max(LOWEST, self.card + delta))

    def _draw_card(self) -> None:
        c = self.card
        h = heads(c)
        self.card_view.value = (
            f'<div class="snt-flex" style="display:flex;gap:14px;align-items:center;flex-wrap:wrap">'
            f'{render.card_svg(c, size="lg")}'
            + panel(f'<p class="snt-say">Card {c}: {h} cattle head{"s" if h > 1 else ""}</p>'
                    f"<p>Why: {esc(_why(c))}.</p>", role="status")
            + "</div>"
        )

    def show_kind(self, h: int) -> None:
        """Show every card with ``h`` heads, with the rule that gives them."""
        for b, (kind, _, _) in zip(self.kind_buttons, head_counts(), strict=True):
            b.button_style = "info" if kind == h else ""
        for kind, n, cards in head_counts():
            if kind == h:
                self.gallery.value = (
                    panel(f"<p><b>{n} card{'s' if n > 1 else ''} with {h} head{'s' if h > 1 else ''}</b> "
                          f"({esc(head_count_rule(h))}).</p>", role="status")
                    + render.hand_html(cards)
                )


def _why(card: int) -> str:
    if card == 55:
        return "55 is the one card with 7 heads (it is a multiple of 11 and of 5)"
    if card % 11 == 0:
        return f"{card} is a multiple of 11"
    if card % 10 == 0:
        return f"{card} is a multiple of 10"
    if card % 5 == 0:
        return f"{card} is a multiple of 5 (not of 10)"
    return f"{card} is not a multiple of 5 or 11, so it carries one head"
