"""Pure rendering of cards, rows, the table, a hand and a penalty pile as SVG/HTML strings.

No dependencies (CPython 3.11+ and Pyodide). Every HTML fragment is well-formed XHTML, has the
root classes ``snt snt-<piece>`` and relies on ``STYLE``. A row cell is a card ``int`` or a
``(card, count)`` twin stack. Each ``*_html`` has a ``*_text`` twin giving its accessible name.
Every word drawn or said (a card's name, a row's marks, a highlight's label) is in ``lang``, from
the engine's catalogue (keys ``render.*`` of the domain ``sixnimmt``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from importlib import resources

from sixnimmt_core.engine.cards import check_card, heads
from sixnimmt_core.engine.table import FULL_ROW
from sixnimmt_core.words import WORDS, Say, check_language, heads_words, text

Cells = Sequence[int | tuple[int, int]]  # a row: cards and twin stacks (card, count)
_BOLD = "\x00"  # where a number goes in bold in a pile's words

__all__ = [
    "STYLE", "Drawing", "card_svg", "card_text", "hand_html", "hand_text", "page", "pile_html", "places",
    "pile_text", "row_html", "row_text", "rows_html", "table_html", "table_text",
]

SIZES = {"sm": 48, "md": 68, "lg": 96}  # px width of a standalone card; CSS rescales in HTML
# head class -> (card background, card edge, number ink, head face)
PALETTE = {
    1: ("#fbf8ef", "#8d86a6", "#2b2147", "#a58fe0"),
    2: ("#a9d8f5", "#2f78b7", "#0b2545", "#3f86cf"),
    3: ("#ffc93c", "#a86f00", "#3b2500", "#b8632a"),
    5: ("#e94b2c", "#8f1d09", "#1f0500", "#fff1e0"),
    7: ("#9b2ca8", "#56105f", "#ffffff", "#ffffff"),
}
# highlight kind -> (outline colour, dash pattern); its label is the message render.mark.<kind>;
# any other string is its own label
HIGHLIGHTS = {
    "new": ("#1f5fd1", ""),
    "take": ("#c0261a", "6 3"),
    "choice": ("#0d7a3e", "2 2.5"),
}
_HEAD_ROWS = {1: (1,), 2: (2,), 3: (3,), 4: (2, 2), 5: (3, 2), 6: (3, 3), 7: (4, 3)}
_FONT = "system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif"
_INK = "#2a1a10"
# a bull's head in a 24x24 box: horns, ears, face (currentColor), muzzle, nostrils, eyes
_HEAD = (
    '<symbol id="snt-head" viewBox="0 0 24 24"><g stroke="#2a1a10" stroke-width="1.1" '
    'stroke-linejoin="round"><path fill="#f6ecd2" d="M7.6 6.6C3.4 6.8 1.4 4.6 1.6 1.2 '
    '3.2 3.6 5 4.4 8.4 4.2ZM16.4 6.6C20.6 6.8 22.6 4.6 22.4 1.2 20.8 3.6 19 4.4 15.6 4.2Z"/>'
    '<g fill="currentColor"><ellipse cx="3.8" cy="9.6" rx="3.2" ry="1.7" '
    'transform="rotate(18 3.8 9.6)"/><ellipse cx="20.2" cy="9.6" rx="3.2" ry="1.7" '
    'transform="rotate(-18 20.2 9.6)"/><path d="M7.8 3.8h8.4c2.2 0 3 1.7 2.6 3.9L17.6 15H6.4'
    'L5.2 7.7c-.4-2.2.4-3.9 2.6-3.9Z"/></g><ellipse fill="#f6b6ab" cx="12" cy="17.4" rx="6" '
    'ry="4.4"/><circle fill="#fff" cx="9" cy="9.4" r="1.8"/><circle fill="#fff" cx="15" '
    'cy="9.4" r="1.8"/></g><g fill="#2a1a10"><circle cx="9.3" cy="9.7" r=".9"/><circle '
    'cx="15.3" cy="9.7" r=".9"/><ellipse cx="9.6" cy="17.6" rx=".9" ry="1.2"/><ellipse '
    'cx="14.4" cy="17.6" rx=".9" ry="1.2"/></g></symbol>'
)


def _esc(text: object) -> str:
    return escape(str(text), quote=True)


def _cell(cell: int | tuple[int, int]) -> tuple[int, int]:
    card, count = cell if isinstance(cell, tuple) else (cell, 1)
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"a twin stack holds 1 or more cards, not {count!r}")
    return check_card(card), count


def _heads_svg(n: int) -> str:
    rows = _HEAD_ROWS.get(n, (n,))
    size = min(22.0, 58 / max(rows), 33 / (len(rows) * 0.92))
    out = []
    for r, k in enumerate(rows):
        y = 3 + r * size * 0.92 + (33 - len(rows) * size * 0.92) / 2
        for i in range(k):
            x = 30 + (i - (k - 1) / 2) * size - size / 2
            out.append(f'<use href="#snt-head" x="{x:.4g}" y="{y:.4g}" '
                       f'width="{size:.4g}" height="{size:.4g}"/>')
    return "".join(out)


def _slot(inner: str = "", kind: str = "") -> str:
    hidden = "" if inner else ' aria-hidden="true"'
    return f'<div class="snt-slot{kind}"{hidden}>{inner}</div>'


def places(n: int, two_sided: bool = False) -> list[str]:
    """A row of ``n`` cells' places, left to right: "card" (the next cell), "free", "six" (the sixth place)."""
    free, left = max(0, FULL_ROW - n), max(0, FULL_ROW - n) // 2 if two_sided else 0
    return ["six"] * two_sided + ["free"] * left + ["card"] * n + ["free"] * (free - left) + ["six"] * (two_sided or n <= FULL_ROW)


class Drawing:
    """Cards, rows, tables, hands and piles in one language, given once (the module's functions: entry points)."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang

    def mark_words(self, highlight: str) -> str:
        """A highlight's word: 'new', 'take', 'choice' in its language; any other string is its own word."""
        return text("render.mark." + highlight, self.lang) if highlight in HIGHLIGHTS else highlight

    def _cells_text(self, cells: Iterable[int | tuple[int, int]]) -> tuple[str, int]:
        parts, total = [], 0
        for card, count in map(_cell, cells):
            parts.append(f"{card}×{count}" if count > 1 else str(card))
            total += heads(card) * count
        return ", ".join(parts) or text("render.empty", self.lang), total

    def card_text(self, card: int, *, stack: int = 1, highlight: str | None = None, face_down: bool = False) -> str:
        """Accessible name of a card: "card 55, 7 heads" (stack: "card 55×2, 14 heads"), in its language."""
        if face_down:
            return text("render.face_down", self.lang)
        card, stack = _cell((card, stack))
        h = heads_words(heads(card) * stack, self.lang)
        said = (text("render.card.stack", self.lang, card=card, stack=stack, heads=h) if stack > 1
                else text("render.card", self.lang, card=card, heads=h))
        return text("render.with", self.lang, text=said, more=self.mark_words(highlight)) if highlight else said

    def card_svg(self, card: int, *, size: str = "md", highlight: str | None = None, stack: int = 1,
                 face_down: bool = False) -> str:
        """One card as an SVG string with role="img" and aria-label/title = card_text(...)."""
        if size not in SIZES:
            raise ValueError(f"size is one of {sorted(SIZES)}, not {size!r}")
        label = _esc(self.card_text(card, stack=stack, highlight=highlight, face_down=face_down))
        w = SIZES[size]
        cls = f"snt-card snt-{size}" + (f" snt-hl-{_esc(highlight)}" if highlight else "")
        number = "" if face_down else f' data-card="{_cell((card, stack))[0]}"'
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="{cls}" viewBox="-4 -4 68 96" '
               f'width="{w}" height="{round(w * 96 / 68)}" role="img" aria-label="{label}"{number}>'
               f'<title>{label}</title><defs>{_HEAD}</defs>']
        rect = '<rect x="{}" y="{}" width="60" height="88" rx="7" fill="{}" stroke="{}" stroke-width="{}"/>'
        if face_down:
            out.append(rect.format(0, 0, "#1e3a6e", "#0c1a36", 1.5))
            out.append('<rect x="5" y="5" width="50" height="78" rx="4" fill="none" stroke="#9fb8e6" '
                       'stroke-width="1.5" stroke-dasharray="4 3"/><use href="#snt-head" x="14" '
                       'y="28" width="32" height="32" color="#9fb8e6"/>')
        else:
            card, stack = _cell((card, stack))
            h = heads(card)
            bg, edge, ink, face = PALETTE[h]
            if stack > 1:  # an offset shadow: another card underneath
                out.append(rect.format(3.5, 3.5, bg, edge, 1.5).replace("<rect", '<rect opacity=".8"'))
            out.append(rect.format(0, 0, bg, edge, 1.5))
            out.append(f'<g color="{face}">{_heads_svg(h)}</g>')
            fs = 40 if card < 10 else 38 if card < 100 else 34
            fit = ' textLength="54" lengthAdjust="spacingAndGlyphs"' if card >= 100 else ""
            out.append(f'<text x="30" y="74" text-anchor="middle" font-family="{_FONT}" '
                       f'font-weight="800" font-size="{fs}" fill="{ink}"{fit}>{card}</text>')
        if highlight:
            colour, dash = HIGHLIGHTS.get(highlight, ("#1d1b16", ""))
            word = self.mark_words(highlight).upper()
            word = word if highlight in HIGHLIGHTS else word[:8]
            fit = ' textLength="44" lengthAdjust="spacingAndGlyphs"' if len(word) > 6 else ""  # 'ALEGERE'
            dash = f' stroke-dasharray="{dash}"' if dash else ""
            out.append(f'<rect x="-2.2" y="-2.2" width="64.4" height="92.4" rx="9" fill="none" '
                       f'stroke="{colour}" stroke-width="3.6"{dash}/><rect x="6" y="77" width="48" '
                       f'height="13" rx="3" fill="{colour}"/><text x="30" y="86.8" '
                       f'text-anchor="middle" font-family="{_FONT}" font-weight="800" '
                       f'font-size="9" letter-spacing=".6" fill="#fff"{fit}>{_esc(word)}</text>')
        if stack > 1 and not face_down:  # drawn last, over any highlight outline
            out.append(f'<circle cx="55" cy="4" r="7.5" fill="{_INK}" stroke="#fff" '
                       f'stroke-width="1.2"/><text x="55" y="7.2" text-anchor="middle" '
                       f'font-family="{_FONT}" font-weight="700" font-size="8.5" '
                       f'fill="#fff">×{stack}</text>')
        out.append("</svg>")
        return "".join(out)

    def row_text(self, cards: Cells, *, index: int, taken: bool = False, label: str | None = None) -> str:
        """Accessible name of a row: "row 2: 24, 31, 40 — 5 heads" (+ " (taken)", "; label"), in its language."""
        listed, total = self._cells_text(cards)
        said = text("render.row", self.lang, index=index, cards=listed, heads=heads_words(total, self.lang))
        said = text("render.row.taken", self.lang, row=said) if taken else said
        return text("render.note", self.lang, text=said, note=label) if label else said

    def _danger(self) -> str:
        """The sixth place: '6 takes' (hidden from screen readers: the row's name says it is full)."""
        return _slot(f'<span class="snt-six">6</span><span class="snt-takes">{_esc(text("render.six", self.lang))}</span>',
                     " snt-danger")

    def row_html(self, cells: Cells, *, index: int, new_card: int | None = None, highlight_last: bool = False,
                 taken: bool = False, two_sided: bool = False, label: str | None = None, marked: bool = False) -> str:
        """One table row (index from 1): cards, dashed free places, the sixth place marked."""
        cells = [_cell(c) for c in cells]
        n = len(cells)
        cards = []
        for i, (card, count) in enumerate(cells):
            hl = "new" if card == new_card or (highlight_last and i == n - 1) else None
            hl = "take" if i == FULL_ROW and not two_sided else hl  # a sixth card takes the row
            cards.append(_slot(self.card_svg(card, stack=count, highlight=hl),
                               " snt-danger" if i == FULL_ROW and not two_sided else ""))
        free = max(0, FULL_ROW - n)
        danger, laid = self._danger(), iter(cards)
        slots = [next(laid) if p == "card" else danger if p == "six" else _slot("", " snt-empty")
                 for p in places(n, two_sided)]
        cls = "snt snt-row" + " snt-row-hl" * marked + " snt-taken" * taken + " snt-two" * two_sided
        name = _esc(self.row_text(cells, index=index, taken=taken, label=label))
        status = _esc(text("render.status.taken", self.lang) if taken else
                      text("render.status.left", self.lang, n=free) if free else text("render.status.full", self.lang))
        mark = '<span class="snt-mark">▶</span>' if marked else ""
        extra = f'<div class="snt-rowlabel">{_esc(label)}</div>' if label else ""
        return (f'<div class="{cls}" role="group" aria-label="{name}" title="{name}" data-row="{index}">'
                f'<div class="snt-slots"><div class="snt-rowhead" aria-hidden="true">{mark}'
                f'<span class="snt-rowno">{index}</span><span class="snt-free">{status}</span></div>'
                f'{"".join(slots)}</div>{extra}</div>')

    def table_text(self, rows: Sequence[Cells], *, caption: str | None = None) -> str:
        """Plain text of the table: the caption (if any), then one row_text line per row."""
        lines = [caption] if caption else []
        return "\n".join(lines + [self.row_text(r, index=i) for i, r in enumerate(rows, 1)])

    def rows_html(self, rows: Sequence[Cells], *, highlight: Mapping[str, int] | None = None,
                  two_sided: bool = False) -> list[str]:
        """Each row of ``table_html`` on its own (numbered 1..n, the same highlight), for a table whose
        rows are drawn one by one (a row that is also a button: ``widgets._common.RowTable``)."""
        hl = dict(highlight or {})
        unknown = set(hl) - {"row", "card", "taken"}
        if unknown:
            raise ValueError(f"unknown highlight keys: {sorted(unknown)}")
        return [self.row_html(r, index=i, new_card=hl.get("card"), taken=hl.get("taken") == i,
                              two_sided=two_sided, marked=hl.get("row") == i) for i, r in enumerate(rows, 1)]

    def table_html(self, rows: Sequence[Cells], *, highlight: Mapping[str, int] | None = None,
                   caption: str | None = None, two_sided: bool = False) -> str:
        """The rows stacked, numbered 1..n; highlight: {"row": i, "card": c, "taken": i} (all optional)."""
        body = "".join(self.rows_html(rows, highlight=highlight, two_sided=two_sided))
        name = _esc(caption if caption else text("render.table", self.lang, n=len(rows)))
        cap = f"<figcaption>{_esc(caption)}</figcaption>" if caption else ""
        return (f'<figure class="snt snt-table" role="group" aria-label="{name}">{cap}'
                f'<div class="snt-rows">{body}</div></figure>')

    def hand_text(self, cards: Iterable[int]) -> str:
        """Accessible name of a hand: "hand: 3, 17, 55 — 9 heads" (sorted ascending), in its language."""
        listed, total = self._cells_text(sorted(map(check_card, cards)))
        return text("render.hand", self.lang, cards=listed, heads=heads_words(total, self.lang))

    def hand_html(self, cards: Iterable[int], *, selectable: bool = False, badges: Mapping[int, str] | None = None) -> str:
        """A hand sorted ascending; badges maps card -> short text shown under the card."""
        cards = sorted(map(check_card, cards))
        badges = badges or {}
        items = []
        for card in cards:
            badge = badges.get(card)
            svg = self.card_svg(card)
            note = f'<span class="snt-badge">{_esc(badge)}</span>' if badge else ""
            if selectable:
                name = text("render.play", self.lang, card=self.card_text(card))
                name = _esc(text("render.note", self.lang, text=name, note=badge) if badge else name)
                items.append(f'<button type="button" class="snt-pick" data-card="{card}" '
                             f'aria-label="{name}">{svg}{note}</button>')
            else:
                items.append(f'<div class="snt-hcard">{svg}{note}</div>')
        if not cards:
            items.append(f'<span class="snt-none">{_esc(text("render.hand.none", self.lang))}</span>')
        name = _esc(self.hand_text(cards))
        return f'<div class="snt snt-hand" role="group" aria-label="{name}">{"".join(items)}</div>'

    def pile_text(self, cards: Iterable[int], *, owner: str | None = None) -> str:
        """Accessible name of a penalty pile: "Ada: penalty pile, 3 cards, 9 heads", in its language."""
        cards = [check_card(c) for c in cards]
        said = text("render.pile", self.lang, cards=text("render.pile.cards", self.lang, n=len(cards)), heads=heads_words(sum(map(heads, cards)), self.lang))
        return text("render.pile.owner", self.lang, owner=owner, pile=said) if owner else said

    def pile_html(self, cards: Iterable[int], *, owner: str | None = None) -> str:
        """A compact penalty pile: owner, a card-back stack with the count, a head with the total."""
        cards = [check_card(c) for c in cards]
        total = sum(map(heads, cards))
        who = f'<span class="snt-owner">{_esc(owner)}</span>' if owner else ""
        backs = "".join(f'<rect x="{4 - 2 * i}" y="{2 * i}" width="20" height="28" rx="3" '
                        f'fill="#1e3a6e" stroke="#9fb8e6"/>' for i in range(min(3, len(cards))))
        backs = backs or '<rect x="2" y="2" width="20" height="28" rx="3" fill="none" stroke="#4d6b53" stroke-dasharray="3 2"/>'
        icon = (f'<svg xmlns="http://www.w3.org/2000/svg" class="snt-icon" viewBox="-1 -1 58 34" '
                f'aria-hidden="true"><defs>{_HEAD}</defs>{backs}'
                f'<use href="#snt-head" x="30" y="4" width="26" height="26" color="#a58fe0"/></svg>')
        # the number in bold inside the words of the language ('<b>3</b> karty', '<b>20</b> de capete')
        count = _esc(Say("render.pile.cards", count=len(cards), domain=WORDS, n=_BOLD).words(check_language(self.lang))).replace(_BOLD, f"<b>{len(cards)}</b>")
        total_words = _esc(Say("count.heads", count=total, domain=WORDS, n=_BOLD).words(check_language(self.lang))).replace(_BOLD, f"<b>{total}</b>")
        return (f'<div class="snt snt-pile" role="group" aria-label="{_esc(self.pile_text(cards, owner=owner))}">'
                f'{who}{icon}<span class="snt-count">{count}</span><span class="snt-total">{total_words}</span></div>')


# ---- the entry points: the language given once, at the top (each is Drawing(lang).<the same name>) ----
def card_text(card: int, *, stack: int = 1, highlight: str | None = None, face_down: bool = False,
              lang: str = "en") -> str:
    return Drawing(lang).card_text(card, stack=stack, highlight=highlight, face_down=face_down)


def card_svg(card: int, *, size: str = "md", highlight: str | None = None, stack: int = 1,
             face_down: bool = False, lang: str = "en") -> str:
    return Drawing(lang).card_svg(card, size=size, highlight=highlight, stack=stack, face_down=face_down)


def row_text(cards: Cells, *, index: int, taken: bool = False, label: str | None = None, lang: str = "en") -> str:
    return Drawing(lang).row_text(cards, index=index, taken=taken, label=label)


def row_html(cards: Cells, *, index: int, highlight_last: bool = False, taken: bool = False,
             two_sided: bool = False, label: str | None = None, lang: str = "en") -> str:
    return Drawing(lang).row_html(cards, index=index, highlight_last=highlight_last, taken=taken,
                                  two_sided=two_sided, label=label)


def table_text(rows: Sequence[Cells], *, caption: str | None = None, lang: str = "en") -> str:
    return Drawing(lang).table_text(rows, caption=caption)


def rows_html(rows: Sequence[Cells], *, highlight: Mapping[str, int] | None = None, two_sided: bool = False,
              lang: str = "en") -> list[str]:
    return Drawing(lang).rows_html(rows, highlight=highlight, two_sided=two_sided)


def table_html(rows: Sequence[Cells], *, highlight: Mapping[str, int] | None = None, caption: str | None = None,
               two_sided: bool = False, lang: str = "en") -> str:
    return Drawing(lang).table_html(rows, highlight=highlight, caption=caption, two_sided=two_sided)


def hand_text(cards: Iterable[int], lang: str = "en") -> str:
    return Drawing(lang).hand_text(cards)


def hand_html(cards: Iterable[int], *, selectable: bool = False, badges: Mapping[int, str] | None = None,
              lang: str = "en") -> str:
    return Drawing(lang).hand_html(cards, selectable=selectable, badges=badges)


def pile_text(cards: Iterable[int], *, owner: str | None = None, lang: str = "en") -> str:
    return Drawing(lang).pile_text(cards, owner=owner)


def pile_html(cards: Iterable[int], *, owner: str | None = None, lang: str = "en") -> str:
    return Drawing(lang).pile_html(cards, owner=owner)


STYLE = resources.files("sixnimmt_core.drawing").joinpath("static", "drawing.css").read_text("utf-8")
"""The drawing's stylesheet (``drawing/static/drawing.css``, package data), read once at import."""


def page(body_html: str, *, title: str = "6 nimmt!", lang: str = "en") -> str:
    """A full HTML document with STYLE, for previews and screenshots (``lang``: its <html lang>)."""
    return (f'<!DOCTYPE html>\n<html lang="{_esc(lang)}"><head><meta charset="utf-8"/><meta name="viewport" '
            f'content="width=device-width, initial-scale=1"/><title>{_esc(title)}</title>'
            f"<style>{STYLE}</style></head><body class=\"snt-page\">{body_html}</body></html>\n")
