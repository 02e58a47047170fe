"""Rich display for core objects (``_repr_html_``), the python-chess way: a game, a table, a
placement show themselves as cards in Jupyter and in static exports."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sixnimmt_core.drawing import render
from sixnimmt_core.engine import shown
from sixnimmt_core.words import text


class Card(int):
    """A card number that draws itself as a card in Jupyter (``Card(55)``)."""

    def _repr_svg_(self) -> str:
        return render.card_svg(int(self), size="lg")

    def __repr__(self) -> str:
        return f"Card({int(self)})"


def stacks(row: Sequence[int]) -> list[int | tuple[int, int]]:
    """A row as render cells: twins lying on each other become one ``(card, 2)`` stack."""
    out: list[int | tuple[int, int]] = []
    for card in row:
        last = out[-1] if out else None
        if last is not None and (last if isinstance(last, int) else last[0]) == card:
            out[-1] = (card, 1 + (1 if isinstance(last, int) else last[1]))
        else:
            out.append(card)
    return out


def table(rows: Sequence[Sequence[int]], *, two_sided: bool = False, highlight: dict[str, int] | None = None,
          caption: str | None = None, notes: Sequence[str] = (), lang: str = "en") -> str:
    """A table of rows with the shared style, plus optional lines of text under it."""
    body = render.table_html([stacks(r) for r in rows], highlight=highlight, caption=caption, two_sided=two_sided,
                             lang=lang)
    text = "".join(f"<p>{render._esc(n)}</p>" for n in notes)
    return f"<div><style>{render.STYLE}</style>{body}{text}</div>"


def placement(p: Any, rows: Sequence[Sequence[int]], lang: str = "en") -> str:
    hl = {"row": p.row + 1} if p.row is not None else {}
    return table(rows, two_sided=p.two_sided, highlight=hl, caption=text("display.where", lang, card=p.card),
                 notes=[p.reason(lang)], lang=lang)


def game(g: Any, lang: str = "en") -> str:
    """A game as its table, a caption (hand and turn) and one line per seat."""
    seats = [text("display.seat", lang, name=name, cards=len(hand), heads=pen, total=tot)
             for name, hand, pen, tot in zip(g.names, g.hands, g.penalty, g.totals, strict=True)]
    caption = text("display.game.over" if g.over else "display.game", lang, hand=g.hand_no, turn=g.turn)
    return table(g.rows, two_sided=g.rules.two_sided, caption=caption, notes=seats, lang=lang)


def fold_table(t: Any) -> str:
    """The fold's table after an event: its rows, and each seat's penalties and totals."""
    heads, totals = (", ".join(map(str, x)) for x in (t.penalties, t.totals))
    return table(t.rows, notes=[text("display.fold", "en", heads=heads, totals=totals)])


def _register() -> None:
    """Fill the engine's one display hook (``shown``): the engine never imports this module."""
    from sixnimmt_core.engine.fold import Table
    from sixnimmt_core.engine.game import Game
    from sixnimmt_core.engine.table import Placement
    from sixnimmt_core.teaching.narrate import Frame

    shown.register(Game, game)
    shown.register(Table, fold_table)
    shown.register(Placement, lambda p: placement(p, p.rows) if p.rows else f"<p>{render._esc(p.reason())}</p>")
    shown.register(Frame, frame)


def frame(f: Any) -> str:
    """One step of a walk: the table after it, its number and its words."""
    return table(f.after.rows, caption=text("display.step", f.lang, step=f.index + 1), notes=[f.text], lang=f.lang)


_register()
