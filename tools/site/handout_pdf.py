"""A handout's A4 HTML page (sixnimmt_core/drawing/handouts.py) laid out as a PDF, with no browser.

The page itself is read (html.parser) and drawn with fpdf2 by its own vocabulary of classes
(``sheet``, ``cols``, ``snt-table``, ``vcard``, ``q``, ``ticket``…), so the PDF prints the very
words and cards of the HTML page: one source of truth. The cards are render.card_svg's SVG, drawn
white with black ink as the page's print style does. The font is Source Sans Pro (TTF, from the
``font-source-sans-pro`` wheel): embedded, with a ToUnicode map, so the text can be searched and
copied, Czech, Slovak and Romanian letters included. The same page gives the same bytes (fixed
creation date). Used only by the site build (tools/site), never by the engine.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from html.parser import HTMLParser
from importlib.resources import files
from pathlib import Path

from fpdf import FPDF

FONT = "SourceSans"
FONT_DIR = files("font_source_sans_pro") / "files"
DATE = datetime(2000, 1, 1, tzinfo=UTC)  # steady bytes: the site's version changes only with a handout
MARGIN = 12.0  # mm, the page's @page margin
PT = 25.4 / 72  # mm per point
VOID = {"br", "meta", "hr", "img", "input", "link"}
INLINE = {"b", "strong", "span", "br", "i", "em", "a"}
# a bull's scissors are not in the font: "✂" is drawn as a small picture
SCISSORS = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><g fill="none" stroke="#000" '
            'stroke-width="2"><circle cx="6" cy="6" r="3"/><circle cx="6" cy="18" r="3"/>'
            '<path d="M8.1 8.1 20 20M8.1 15.9 20 4"/></g></svg>')


# ---- the page as a tree -----------------------------------------------------------------------------
@dataclass
class Node:
    tag: str
    attrs: dict[str, str]
    children: list[Node | str] = field(default_factory=list)

    @property
    def cls(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def kids(self) -> list[Node]:
        return [c for c in self.children if isinstance(c, Node)]


class _Tree(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("root", {})
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        node = Node(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag, attrs):
        self.stack[-1].children.append(Node(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        while len(self.stack) > 1:
            if self.stack.pop().tag == tag:
                break

    def handle_data(self, data):
        self.stack[-1].children.append(data)


SVG = re.compile(r"<svg\b.*?</svg>", re.S)


def parse(page: str) -> tuple[Node, list[str]]:
    """The page's tree, each <svg> left as an empty <svg data-i=k>, and the SVGs themselves."""
    svgs: list[str] = []

    def keep(m: re.Match) -> str:
        svgs.append(m.group(0))
        return f'<svg data-i="{len(svgs) - 1}"></svg>'

    tree = _Tree()
    tree.feed(SVG.sub(keep, page))
    return tree.root, svgs


def paper_card(svg: str) -> str:
    """A card as the handout prints it: white, black edge and number (the page's print style)."""
    svg = re.sub(r"<title>.*?</title>", "", svg, flags=re.S)
    svg = re.sub(r'(<rect x="0" y="0" width="60" height="88" rx="7") fill="[^"]*" stroke="[^"]*"',
                 r'\1 fill="#fff" stroke="#000"', svg)
    svg = re.sub(r'(<text x="30" y="74"[^>]*?) fill="[^"]*"', r'\1 fill="#000"', svg)
    return re.sub(r'font-family="[^"]*"', f'font-family="{FONT}"', svg)


# ---- styles: size (pt), bold, line height, space after (mm) --------------------------------------------
@dataclass(frozen=True)
class Style:
    size: float = 10.0
    bold: bool = False
    lh: float = 1.35
    upper: bool = False
    cw: float = 10.0  # a card's width in the rows (mm), and the gap between cards
    gap: float = 1.1

    @property
    def line(self) -> float:
        return self.size * self.lh * PT


def style_of(node: Node, parent: Style) -> Style:
    s, c, tag = parent, node.cls, node.tag
    sizes = {"h1": 17, "h2": 12, "h3": 10.5}
    if tag in sizes:
        s = replace(s, size=13 if tag == "h2" and parent.cw == 7.2 else sizes[tag], bold=True)
    if tag in ("b", "strong", "th"):
        s = replace(s, bold=True)
    for name, size in (("sub", 9), ("small", 8.5), ("ruling", 9), ("said", 8.6), ("label", 8.5),
                       ("laid", 8.5), ("why", 8.6), ("v", 8.5), ("cut", 8)):
        if name in c:
            s = replace(s, size=size)
    if "label" in c or "facts" in c:
        s = replace(s, bold=True)
    if "v" in c:
        s = replace(s, bold=False)
    if "answer" in c:
        s = replace(s, size=8.3, lh=1.45)
    if "example" in c:
        s = replace(s, size=8.8, cw=8.0)
    if "vcard" in c:
        s = replace(s, cw=7.2, gap=0.8)
    if "q" in c:
        s = replace(s, cw=8.4, gap=0.8)
    return s


# ---- the layout ----------------------------------------------------------------------------------------
class Layout:
    """Draws a page's tree into an FPDF, block by block, within the current left/right margins."""

    def __init__(self, pdf: FPDF, svgs: list[str]) -> None:
        self.pdf = pdf
        self.svgs = svgs
        self.trial = False  # measuring (keep_together): the cards, which move no cursor, are not drawn
        self.top = 0.0  # where the current column or box starts: no space above its first heading

    # text
    def font(self, s: Style) -> None:
        self.pdf.set_font(FONT, "B" if s.bold else "", s.size)

    def runs(self, node: Node, s: Style, out: list) -> None:
        """The inline content of ``node``: (text, style), ("br",), ("box",), ("blank",)."""
        for child in node.children:
            if isinstance(child, str):
                text = re.sub(r"[ \t\r\n]+", " ", child)
                out.append((text.upper() if s.upper else text, s))
            elif child.tag == "br":
                out.append(("br", s))
            elif "box" in child.cls:
                out.append(("box", s))
            elif "blank" in child.cls:
                out.append(("blank", s))
            else:
                cs = style_of(child, s)
                if child.tag == "b" and "ruling" in node.cls:
                    cs = replace(cs, upper=True)
                self.runs(child, cs, out)

    def flow(self, node: Node, s: Style, align_center: bool = False) -> None:
        """Inline content as wrapped lines from the left margin; the cursor ends below it."""
        pdf = self.pdf
        items: list = []
        self.runs(node, s, items)
        # no space at the start of a line
        while items and isinstance(items[0][0], str) and items[0][0] not in ("br", "box", "blank") \
                and not items[0][0].strip():
            items.pop(0)
        if items and items[0][0] not in ("br", "box", "blank"):
            items[0] = (items[0][0].lstrip(), items[0][1])
        if not items:
            return
        line = max(st.line for _t, st in items)
        pdf.set_x(pdf.l_margin)
        if align_center:
            text = "".join(t for t, _st in items if t not in ("br", "box", "blank")).strip()
            self.font(s)
            pdf.multi_cell(0, line, text, align="C", new_x="LMARGIN", new_y="NEXT")
            return
        for text, st in items:
            if text == "br":
                pdf.ln(line)
                pdf.set_x(pdf.l_margin)
            elif text in ("box", "blank"):
                w = 3.2 if text == "box" else 14.0
                if pdf.get_x() + w > pdf.w - pdf.r_margin:
                    pdf.ln(line)
                x, y = pdf.get_x(), pdf.get_y()
                pdf.set_line_width(0.3)
                if text == "box":
                    pdf.rect(x, y + (line - 3.2) / 2, 3.2, 3.2)
                    pdf.set_x(x + 4.2)
                else:
                    pdf.line(x, y + line - 0.4, x + w, y + line - 0.4)
                    pdf.set_x(x + w)
            elif text:
                self.font(st)
                pdf.write(line, text)
        pdf.ln(line)

    # blocks
    SPACE_AFTER = {"p": 1.6, "h1": 2.0, "h2": 1.2, "h3": 1.0, "li": 0.8}

    def blocks(self, node: Node, s: Style) -> None:
        for child in node.kids():
            self.block(child, s)

    def is_inline(self, node: Node) -> bool:
        return all(isinstance(c, str) or (c.tag in INLINE and self.is_inline(c)) for c in node.children)

    def block(self, node: Node, parent: Style) -> None:
        pdf, c, tag = self.pdf, node.cls, node.tag
        s = style_of(node, parent)
        if tag == "h2" and parent.cw != 7.2 and pdf.get_y() > self.top + 0.1:  # not a box's first line
            pdf.set_y(pdf.get_y() + 1.8)
        if tag == "svg":
            self.card(node, 12.0, center=True)
        elif "snt-table" in c:
            self.table_of_rows(node, s)
        elif "cols" in c:
            self.columns(node.kids(), s, gap=6.0)
        elif "questions" in c:
            self.grid(node.kids(), s, cols=2, gap=5.0, vgap=3.0)
        elif "strip" in c:
            self.strip(node, s)
        elif "example" in c:
            self.example(node, s)
        elif "vcard" in c:
            self.boxed(node, s, pad=(2.5, 4.0), after=3.0)
        elif "moment" in c:
            self.moment(node, s)
        elif "laid" in c:
            self.laid(node, s)
        elif "ticket" in c:
            self.ticket(node, s)
        elif "cut" in c:
            self.cut(node, s)
        elif "name" in c:
            self.name_fields(node, s)
        elif "cells" in c:
            self.cells(node, s)
        elif tag == "table":
            self.grid_table(node, s)
        elif tag in ("ol", "ul"):
            self.items(node, s)
        elif "ruling" in c:
            self.ruling(node, s)
        elif self.is_inline(node) and tag not in ("section", "article", "figure"):
            self.flow(node, s)
            pdf.set_y(pdf.get_y() + self.SPACE_AFTER.get(tag, 0))
        else:
            self.blocks(node, s)

    def keep_together(self, draw) -> None:
        """``draw()`` on this page if it fits, else on the next (a question, a card, a key item)."""
        with self.pdf.offset_rendering() as trial:
            draw_on = self.pdf
            self.pdf, self.trial = trial, True
            try:
                draw()
            finally:
                self.pdf, self.trial = draw_on, False
        if trial.page_break_triggered:
            self.pdf.add_page()
        draw()

    def margins(self, left: float, right: float) -> tuple[float, float]:
        old = self.pdf.l_margin, self.pdf.r_margin
        self.pdf.set_left_margin(left)
        self.pdf.set_right_margin(right)
        self.pdf.set_x(left)
        return old

    def restore(self, old: tuple[float, float]) -> None:
        self.pdf.set_left_margin(old[0])
        self.pdf.set_right_margin(old[1])
        self.pdf.set_x(old[0])

    def columns(self, kids: list[Node], s: Style, gap: float) -> None:
        pdf = self.pdf
        left, right = pdf.l_margin, pdf.w - pdf.r_margin
        w = (right - left - gap * (len(kids) - 1)) / len(kids)
        top, bottom = pdf.get_y(), pdf.get_y()
        for i, kid in enumerate(kids):
            pdf.set_y(top)
            self.top = top
            old = self.margins(left + i * (w + gap), pdf.w - (left + i * (w + gap) + w))
            self.blocks(kid, style_of(kid, s)) if not self.is_inline(kid) else self.flow(kid, s)
            bottom = max(bottom, pdf.get_y())
            self.restore(old)
        pdf.set_y(bottom)

    def grid(self, kids: list[Node], s: Style, cols: int, gap: float, vgap: float) -> None:
        for i in range(0, len(kids), cols):
            row = kids[i:i + cols]
            self.keep_together(lambda row=row: self.columns(row, s, gap))
            self.pdf.set_y(self.pdf.get_y() + vgap)

    def boxed(self, node: Node, s: Style, pad: tuple[float, float], after: float) -> None:
        """A bordered, rounded box that is never split across pages (a variant's card)."""
        def draw() -> None:
            pdf = self.pdf
            top = pdf.get_y()
            old = self.margins(pdf.l_margin + pad[1], pdf.r_margin + pad[1])
            pdf.set_y(top + pad[0])
            self.blocks(node, s)
            bottom = pdf.get_y() + pad[0] - 1.0
            self.restore(old)
            pdf.set_line_width(0.4)
            pdf.rect(pdf.l_margin, top, pdf.w - pdf.l_margin - pdf.r_margin, bottom - top,
                     round_corners=True, corner_radius=3)
            pdf.set_y(bottom + after)
        self.keep_together(draw)

    def ruling(self, node: Node, s: Style) -> None:
        pdf = self.pdf
        top = pdf.get_y() + 0.6
        pdf.set_y(top + 0.6)
        old = self.margins(pdf.l_margin + 3.7, pdf.r_margin)
        self.flow(node, s)
        self.restore(old)
        bottom = pdf.get_y() + 0.6
        pdf.set_fill_color(0)
        pdf.rect(pdf.l_margin, top, 1.2, bottom - top, style="F")
        pdf.set_y(bottom + 1.6)

    def items(self, node: Node, s: Style) -> None:
        pdf = self.pdf
        plain = "keylist" in node.cls
        indent = 0.0 if plain else 5.0
        for n, li in enumerate(node.kids(), 1):
            def draw(li=li, n=n) -> None:
                top = self.pdf.get_y()
                if not plain:
                    self.font(s)
                    self.pdf.set_xy(self.pdf.l_margin, top)
                    self.pdf.cell(indent, s.line, f"{n}." if node.tag == "ol" else "•")
                old = self.margins(self.pdf.l_margin + indent, self.pdf.r_margin)
                self.pdf.set_y(top)
                if self.is_inline(li):
                    self.flow(li, s)
                else:
                    self.blocks(li, s)
                self.restore(old)
                self.pdf.set_y(self.pdf.get_y() + (2.2 if plain else 0.8))
            self.keep_together(draw) if plain else draw()
        pdf.set_y(pdf.get_y() + 0.8)

    # cards and rows
    def card(self, node: Node, w: float, x: float | None = None, y: float | None = None,
             center: bool = False) -> None:
        pdf = self.pdf
        if self.trial:
            return
        svg = paper_card(self.svgs[int(node.attrs["data-i"])])
        h = w * 96 / 68
        if x is None:
            x = (pdf.w - w) / 2 if center else pdf.get_x()
        y = pdf.get_y() if y is None else y
        pdf.image(io.BytesIO(svg.encode()), x=x, y=y, w=w, h=h)

    def rows_size(self, node: Node, s: Style) -> tuple[float, float]:
        rows = [r for r in self.find(node, "snt-row")]
        slots = max(len(self.find(r, "snt-slot")) for r in rows)
        h = s.cw * 96 / 68
        width = 2 * 1.2 + 6 + slots * (s.cw + s.gap)
        height = 2 * 1.2 + len(rows) * h + (len(rows) - 1) * s.gap
        return width, height

    def find(self, node: Node, cls: str) -> list[Node]:
        out = []
        for kid in node.kids():
            if cls in kid.cls:
                out.append(kid)
            else:
                out.extend(self.find(kid, cls))
        return out

    def table_of_rows(self, node: Node, s: Style, x: float | None = None) -> None:
        """The edition's rows: numbered, cards, dashed free places, the sixth place marked "6"."""
        pdf = self.pdf
        x = pdf.l_margin if x is None else x
        top = pdf.get_y()
        width, height = self.rows_size(node, s)
        pdf.set_line_width(0.35)
        pdf.rect(x, top, width, height, round_corners=True, corner_radius=2.5)
        h = s.cw * 96 / 68
        y = top + 1.2
        for row in self.find(node, "snt-row"):
            head = self.find(row, "snt-rowno")[0]
            pdf.set_font(FONT, "B", 12 * s.cw / 10)
            pdf.set_xy(x + 1.2, y)
            pdf.cell(6, h, head.text().strip(), align="C")
            cx = x + 1.2 + 6 + s.gap
            for slot in self.find(row, "snt-slot"):
                svg = next((k for k in slot.kids() if k.tag == "svg"), None)
                ix, iy, iw, ih = cx + s.cw * 0.059, y + h * 0.042, s.cw * 0.882, h * 0.916
                if svg is not None:
                    self.card(svg, s.cw, cx, y)
                elif "snt-danger" in slot.cls:
                    pdf.set_line_width(0.45)
                    pdf.rect(ix, iy, iw, ih, round_corners=True, corner_radius=iw * 0.1)
                    pdf.set_font(FONT, "B", 5 / PT * s.cw / 10)
                    pdf.set_xy(cx, y)
                    pdf.cell(s.cw, h, "6", align="C")
                else:
                    pdf.set_line_width(0.25)
                    pdf.set_dash_pattern(dash=0.8, gap=0.6)
                    pdf.rect(ix, iy, iw, ih, round_corners=True, corner_radius=iw * 0.1)
                    pdf.set_dash_pattern()
                cx += s.cw + s.gap
            y += h + s.gap
        pdf.set_xy(pdf.l_margin, top + height + 1.0)

    def strip(self, node: Node, s: Style) -> None:
        """Cards in a line, each with its caption under it (the rules' kinds of cards)."""
        pdf = self.pdf
        top, x, bottom, w = pdf.get_y() + 1.0, pdf.l_margin, pdf.get_y(), 12.0
        for fig in node.kids():
            svg = next(k for k in fig.kids() if k.tag == "svg")
            cap = next(k for k in fig.kids() if k.tag == "figcaption")
            self.card(svg, w, x + 2.5, top)
            lines = [part.strip() for part in _split_br(cap)]
            pdf.set_font(FONT, "", 8.5)
            cw = max(pdf.get_string_width(t) for t in lines) + 0.5
            cw = max(cw, w + 5)
            pdf.set_xy(x, top + w * 96 / 68 + 0.8)
            for t in lines:
                pdf.set_x(x)
                pdf.cell(cw, 8.5 * 1.35 * PT, t, align="C", new_x="LMARGIN", new_y="NEXT")
            # the card centred over its caption
            bottom = max(bottom, pdf.get_y())
            x += cw + 2.5
        pdf.set_y(bottom + 2.0)

    def example(self, node: Node, s: Style) -> None:
        pdf = self.pdf
        top = pdf.get_y() + 1.0
        pdf.set_y(top)
        for kid in node.kids():
            if "snt-table" in kid.cls:
                self.table_of_rows(kid, s)
        pdf.set_y(pdf.get_y() + 0.5)

    def moment(self, node: Node, s: Style) -> None:
        """A variant's moment: the tables side by side (each with its label), then what is said."""
        pdf = self.pdf
        top = pdf.get_y() + 2.0
        x, bottom = pdf.l_margin, top
        for kid in node.kids():
            if "said" in kid.cls:
                pdf.set_y(bottom + 1.5)
                self.blocks(kid, style_of(kid, s))
                continue
            table = self.find(kid, "snt-table")[0]
            width, height = self.rows_size(table, s)
            if x > pdf.l_margin and x + width > pdf.w - pdf.r_margin:
                x, top = pdf.l_margin, bottom + 1.5
            label = next(k for k in kid.kids() if "label" in k.cls)
            pdf.set_font(FONT, "B", 8.5)
            pdf.set_xy(x, top)
            pdf.cell(width, 8.5 * 1.35 * PT, label.text().strip())
            pdf.set_y(top + 8.5 * 1.35 * PT + 0.6)
            self.table_of_rows(table, s, x=x)
            bottom = max(bottom, pdf.get_y())
            x += width + 5.0

    def laid(self, node: Node, s: Style) -> None:
        """Who laid which cards: "Name:" and the cards, side by side, wrapping."""
        pdf = self.pdf
        w, h = 7.5, 7.5 * 96 / 68
        x, y = pdf.l_margin, pdf.get_y() + 1.0
        for who in node.kids():
            name = "".join(k.text() for k in who.kids() if k.tag == "b")
            cards = [k for k in who.kids() if k.tag == "svg"]
            pdf.set_font(FONT, "B", s.size)
            need = pdf.get_string_width(name) + 1 + len(cards) * (w + 1) + 3
            if x > pdf.l_margin and x + need > pdf.w - pdf.r_margin:
                x, y = pdf.l_margin, y + h + 1.5
            pdf.set_xy(x, y)
            pdf.cell(pdf.get_string_width(name) + 1, h, name)
            cx = pdf.get_x()
            for card in cards:
                self.card(card, w, cx, y)
                cx += w + 1
            x = cx + 3
        pdf.set_y(y + h + 1.0)

    # the score sheet
    def ticket(self, node: Node, s: Style) -> None:
        pdf = self.pdf
        top = pdf.get_y()
        pdf.set_line_width(0.4)
        pdf.rect(pdf.l_margin, top, pdf.w - pdf.l_margin - pdf.r_margin, 131)
        old = self.margins(pdf.l_margin + 4, pdf.r_margin + 4)
        pdf.set_y(top + 3)
        self.top = top + 3
        self.blocks(node, s)
        self.restore(old)
        pdf.set_y(top + 131)

    def cut(self, node: Node, s: Style) -> None:
        pdf = self.pdf
        y = pdf.get_y() + 3
        pdf.set_line_width(0.4)
        pdf.set_dash_pattern(dash=1.5, gap=1)
        pdf.line(pdf.l_margin, y, pdf.w - pdf.r_margin, y)
        pdf.set_dash_pattern()
        text = node.text().replace("✂", "").strip()
        pdf.set_font(FONT, "", s.size)
        tw = pdf.get_string_width(text)
        w = tw + 4 + 4
        x = (pdf.w - w) / 2
        pdf.set_fill_color(255)
        pdf.rect(x, y - 2, w, 4, style="F")
        pdf.image(io.BytesIO(SCISSORS.encode()), x=x + 1, y=y - 1.5, w=3, h=3)
        pdf.set_xy(x + 4.5, y - 2)
        pdf.cell(tw, 4, text)
        pdf.set_y(y + 3)

    def name_fields(self, node: Node, s: Style) -> None:
        """The worksheet's "Name ____  Class ____": each a label over a line to write on."""
        pdf = self.pdf
        fields = node.kids()
        gap = 8.0
        w = (pdf.w - pdf.l_margin - pdf.r_margin - gap * (len(fields) - 1)) / len(fields)
        top = pdf.get_y()
        self.font(s)
        for i, f in enumerate(fields):
            x = pdf.l_margin + i * (w + gap)
            pdf.set_xy(x, top + 4)
            pdf.cell(w, s.line, f.text().strip())
            pdf.set_line_width(0.3)
            pdf.line(x, top + 4 + s.line, x + w, top + 4 + s.line)
        pdf.set_y(top + 4 + s.line + 2)

    def cells(self, node: Node, s: Style) -> None:
        """A grid of boxes to write in (the cards one was dealt, the rows' first cards)."""
        pdf = self.pdf
        style = node.attrs.get("style", "")
        n = int(re.search(r"repeat\((\d+)", style).group(1))
        pct = re.search(r"width:(\d+)%", style)
        full = pdf.w - pdf.l_margin - pdf.r_margin
        width = full * int(pct.group(1)) / 100 if pct else full
        w, top = width / n, pdf.get_y() + 1
        pdf.set_line_width(0.3)
        pdf.set_font(FONT, "", 7)
        for i, cell in enumerate(node.kids()):
            x = pdf.l_margin + i * w
            pdf.rect(x, top, w, 10)
            if cell.text().strip():
                pdf.set_xy(x + 0.5, top + 0.5)
                pdf.cell(w - 1, 7 * 1.2 * PT, cell.text().strip())
        pdf.set_y(top + 10 + 2)

    def grid_table(self, node: Node, s: Style) -> None:
        """A ruled table (the score sheet's): a column as wide as its words ask, rows at least 8 mm."""
        pdf = self.pdf
        rows = [r for r in self.find_tags(node, "tr")]
        cells = [[(c, c.text().strip()) for c in r.kids() if c.tag in ("th", "td")] for r in rows]
        ncol = max(len(r) for r in cells)
        full = pdf.w - pdf.l_margin - pdf.r_margin
        pdf.set_font(FONT, "B", 9)
        need = [max(pdf.get_string_width(t) for r in cells if i < len(r) for _c, t in [r[i]]) + 3
                for i in range(ncol)]
        spare = max(0.0, full - sum(need))
        widths = [n + spare / ncol for n in need] if sum(need) < full else [full / ncol] * ncol
        y = pdf.get_y() + 1
        pdf.set_line_width(0.3)
        for r in cells:
            heights = []
            for (c, t), w in zip(r, widths, strict=False):
                pdf.set_font(FONT, "B" if c.tag == "th" else "", 9)
                lines = pdf.multi_cell(w - 3, 9 * 1.3 * PT, t, dry_run=True, output="LINES") if t else [""]
                heights.append(len(lines) * 9 * 1.3 * PT + 2)
            h = max([*heights, 8.0 if any(c.tag == "td" for c, _t in r) else 0])
            x = pdf.l_margin
            for (c, t), w in zip(r, widths, strict=False):
                pdf.rect(x, y, w, h)
                if t:
                    pdf.set_font(FONT, "B" if c.tag == "th" else "", 9)
                    pdf.set_xy(x + 1.5, y + 1)
                    pdf.multi_cell(w - 3, 9 * 1.3 * PT, t)
                x += w
            y += h
        pdf.set_xy(pdf.l_margin, y + 2)

    def find_tags(self, node: Node, tag: str) -> list[Node]:
        out = []
        for kid in node.kids():
            out.extend([kid] if kid.tag == tag else self.find_tags(kid, tag))
        return out


def _split_br(node: Node) -> list[str]:
    parts, cur = [], ""
    for c in node.children:
        if isinstance(c, Node) and c.tag == "br":
            parts.append(cur)
            cur = ""
        else:
            cur += c if isinstance(c, str) else c.text()
    return [*parts, cur]


# ---- the document ------------------------------------------------------------------------------------
def pdf_bytes(page: str) -> bytes:
    """The handout ``page`` (a whole HTML page of sixnimmt_core.drawing.handouts) as the bytes of an A4 PDF."""
    root, svgs = parse(page)
    html = next(k for k in root.kids() if k.tag == "html")
    title = next((n.text() for n in Layout(FPDF(), []).find_tags(html, "title")), "")
    pdf = FPDF(orientation="P", unit="mm", format="A4")
    pdf.set_creation_date(DATE)
    pdf.set_lang(html.attrs.get("lang", "en"))
    pdf.set_title(title)
    pdf.set_creator("6 nimmt! teaching edition")
    pdf.set_margins(MARGIN, MARGIN, MARGIN)
    pdf.set_auto_page_break(True, MARGIN)
    pdf.add_font(FONT, "", str(FONT_DIR / "SourceSansPro-Regular.ttf"))
    pdf.add_font(FONT, "B", str(FONT_DIR / "SourceSansPro-Bold.ttf"))
    pdf.set_text_color(0)
    pdf.set_draw_color(0)
    layout = Layout(pdf, svgs)
    body = layout.find_tags(html, "body")[0]
    for sheet in body.kids():
        pdf.add_page()
        layout.top = pdf.t_margin
        layout.block(sheet, Style())
    return bytes(pdf.output())


def write(page: str, path: Path) -> Path:
    """``page`` printed to the PDF ``path``."""
    path.write_bytes(pdf_bytes(page))
    return path
