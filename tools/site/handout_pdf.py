"""A handout's data (sixnimmt_core/drawing/sheets.py) drawn as an A4 PDF by fpdf2, with no browser.

The PDF is made from the very blocks the HTML page is written from (one source of truth, nothing
read back from HTML), laid out by fpdf2 itself: its text flow (``multi_cell``, markdown bold),
``table()`` for the score sheets, rectangles for rows and boxes. The cards are render.card_svg's
SVG, drawn white with black ink as the page's print style does. The font is Source Sans Pro (TTF,
from the ``font-source-sans-pro`` wheel): embedded, with a ToUnicode map, so the text can be
searched and copied, Czech, Slovak and Romanian letters included. The same handout gives the same
bytes (fixed creation date). Used only by the site build (tools/site), never by the engine.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from importlib.resources import files

from fpdf import FPDF, FontFace

from sixnimmt_core.drawing import render
from sixnimmt_core.drawing import sheets as sh

FONT = "SourceSans"
FONT_DIR = files("font_source_sans_pro") / "files"
DATE = datetime(2000, 1, 1, tzinfo=UTC)  # steady bytes: the site's version changes only with a handout
MARGIN = 12.0  # mm, the page's @page margin
PT = 25.4 / 72  # mm per point
CARD = 96 / 68  # a card's height over its width (render's viewBox)
# the page's print style in figures: (font size in pt, bold) of a paragraph's style; a heading's size
PARA = {"": (10.0, False), "sub": (9.0, False), "small": (8.5, False), "facts": (10.0, True), "label": (8.5, True)}
HEADING = {1: (17.0, 2.0), 2: (12.0, 1.2), 3: (10.5, 1.0)}  # size (pt), space after (mm)
# a bull's scissors are not in the font: "✂" is drawn as a small picture
SCISSORS = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><g fill="none" stroke="#000" '
            'stroke-width="2"><circle cx="6" cy="6" r="3"/><circle cx="6" cy="18" r="3"/>'
            '<path d="M8.1 8.1 20 20M8.1 15.9 20 4"/></g></svg>')


def paper_card(svg: str) -> str:
    """A card as the handout prints it: white, black edge and number (the page's print style)."""
    svg = re.sub(r"<title>.*?</title>", "", svg, flags=re.S)
    svg = re.sub(r'(<rect x="0" y="0" width="60" height="88" rx="7") fill="[^"]*" stroke="[^"]*"',
                 r'\1 fill="#fff" stroke="#000"', svg)
    svg = re.sub(r'(<text x="30" y="74"[^>]*?) fill="[^"]*"', r'\1 fill="#000"', svg)
    return re.sub(r'font-family="[^"]*"', f'font-family="{FONT}"', svg)


def _md(text: str) -> str:
    """``text`` safe inside fpdf2's markdown: its markers (**, __, ~~, --) written as themselves."""
    return re.sub(r"(\*\*|__|~~|--)", r"\\\1", text)


class Printer:
    """Draws a handout's blocks into an FPDF, one after the other, within the current margins."""

    def __init__(self, pdf: FPDF, lang: str) -> None:
        self.pdf = pdf
        self.draw = render.Drawing(lang)
        self.trial = False  # measuring (keep_together): the cards, which move no cursor, are not drawn
        self.top = 0.0  # where the current column or box starts: no space above its first heading
        self.cw, self.gap = 10.0, 1.1  # a card's width in the rows (mm), and the gap between cards

    # ---- text --------------------------------------------------------------------------------------
    def font(self, size: float, bold: bool = False) -> None:
        self.pdf.set_font(FONT, "B" if bold else "", size)

    def text(self, text: str, size: float = 10.0, bold: bool = False, after: float = 1.6,
             markdown: bool = False) -> None:
        """A paragraph, wrapped from the left margin; the cursor ends ``after`` mm below it."""
        self.font(size, bold)
        self.pdf.set_x(self.pdf.l_margin)
        self.pdf.multi_cell(0, size * 1.35 * PT, text, align="L", markdown=markdown, new_x="LMARGIN",
                            new_y="NEXT")
        self.pdf.set_y(self.pdf.get_y() + after)

    def blocks(self, blocks: Iterable[sh.Block]) -> None:
        for b in blocks:
            getattr(self, type(b).__name__.lower())(b)

    def heading(self, h: sh.Heading) -> None:
        size, after = HEADING[h.level]
        if h.level == 2 and self.pdf.get_y() > self.top + 0.1:  # not a box's first line
            self.pdf.set_y(self.pdf.get_y() + 1.8)
        self.text(h.text, size, True, after)

    def para(self, p: sh.Para) -> None:
        self.text(p.text, *PARA[p.style])

    def ruling(self, r: sh.Ruling) -> None:
        """The ruling's words beside a black bar, "RULING:" in bold capitals."""
        pdf = self.pdf
        top = pdf.get_y() + 0.6
        pdf.set_y(top + 0.6)
        with self.margins(pdf.l_margin + 3.7, pdf.r_margin):
            self.text(f"**{_md(r.lead.upper())}** {_md(r.text)}", 9, after=0, markdown=True)
        bottom = pdf.get_y() + 0.6
        pdf.set_fill_color(0)
        pdf.rect(pdf.l_margin, top, 1.2, bottom - top, style="F")
        pdf.set_y(bottom + 1.6)

    def steps(self, s: sh.Steps) -> None:
        for n, item in enumerate(s.items, 1):
            self.font(10)
            top = self.pdf.get_y()
            self.pdf.set_x(self.pdf.l_margin)
            self.pdf.cell(5, 10 * 1.35 * PT, f"{n}.")
            with self.margins(self.pdf.l_margin + 5, self.pdf.r_margin):
                self.pdf.set_y(top)
                self.text(item, after=0.8)
        self.pdf.set_y(self.pdf.get_y() + 0.8)

    # ---- placing: margins, columns, keeping together --------------------------------------------------
    @contextmanager
    def margins(self, left: float, right: float) -> Iterator[None]:
        """Within ``with``: the left and right margins moved, the cursor at the new left margin."""
        pdf, old = self.pdf, (self.pdf.l_margin, self.pdf.r_margin)
        pdf.set_margins(left, pdf.t_margin, right)
        pdf.set_x(left)
        yield
        pdf.set_margins(old[0], pdf.t_margin, old[1])
        pdf.set_x(old[0])

    def keep_together(self, draw: Callable[[], None]) -> None:
        """``draw()`` on this page if it fits, else on the next (a question, a card, a key item)."""
        with self.pdf.offset_rendering() as trial:
            draw_on, self.pdf, self.trial = self.pdf, trial, True
            try:
                draw()
            finally:
                self.pdf, self.trial = draw_on, False
        if trial.page_break_triggered:
            self.pdf.add_page()
        draw()

    def side_by_side(self, parts: list[Callable[[], None]], gap: float) -> None:
        """Each of ``parts`` drawn in a column of its own, the columns side by side; then below them all."""
        pdf = self.pdf
        left = pdf.l_margin
        w = (pdf.w - pdf.r_margin - left - gap * (len(parts) - 1)) / len(parts)
        top = bottom = pdf.get_y()
        for i, part in enumerate(parts):
            pdf.set_y(top)
            self.top = top
            with self.margins(left + i * (w + gap), pdf.w - (left + i * (w + gap) + w)):
                part()
                bottom = max(bottom, pdf.get_y())
        pdf.set_y(bottom)

    def columns(self, c: sh.Columns) -> None:
        self.side_by_side([lambda: self.blocks(c.left), lambda: self.blocks(c.right)], gap=6.0)

    # ---- cards and rows ---------------------------------------------------------------------------
    def card(self, card: int, w: float, x: float, y: float, stack: int = 1) -> None:
        if not self.trial:
            svg = paper_card(self.draw.card_svg(card, stack=stack))
            self.pdf.image(io.BytesIO(svg.encode()), x=x, y=y, w=w, h=w * CARD)

    def rows_size(self, r: sh.Rows) -> tuple[float, float]:
        places = r.places()
        width = 2 * 1.2 + 6 + max(map(len, places)) * (self.cw + self.gap)
        return width, 2 * 1.2 + len(places) * self.cw * CARD + (len(places) - 1) * self.gap

    def rows(self, r: sh.Rows, x: float | None = None) -> None:
        """The edition's rows: numbered, cards, dashed free places, the sixth place marked "6"."""
        pdf, cw, h = self.pdf, self.cw, self.cw * CARD
        x = pdf.l_margin if x is None else x
        top = pdf.get_y()
        width, height = self.rows_size(r)
        pdf.set_line_width(0.35)
        pdf.rect(x, top, width, height, round_corners=True, corner_radius=2.5)
        y = top + 1.2
        for number, places in enumerate(r.places(), 1):
            self.font(12 * cw / 10, True)
            pdf.set_xy(x + 1.2, y)
            pdf.cell(6, h, str(number), align="C")
            cx = x + 1.2 + 6 + self.gap
            for place in places:
                if isinstance(place, tuple):
                    self.card(place[0], cw, cx, y, stack=place[1])
                else:
                    pdf.set_line_width(0.45 if place == "six" else 0.25)
                    if place == "free":
                        pdf.set_dash_pattern(dash=0.8, gap=0.6)
                    pdf.rect(cx + cw * 0.059, y + h * 0.042, cw * 0.882, h * 0.916, round_corners=True,
                             corner_radius=cw * 0.0882)
                    pdf.set_dash_pattern()
                if place == "six":
                    self.font(5 / PT * cw / 10, True)
                    pdf.set_xy(cx, y)
                    pdf.cell(cw, h, "6", align="C")
                cx += cw + self.gap
            y += h + self.gap
        pdf.set_xy(pdf.l_margin, top + height + 1.0)

    def sized(self, cw: float, gap: float, draw: Callable[[], None]) -> None:
        """``draw()`` with the rows' cards ``cw`` mm wide, ``gap`` apart (the page's sizes by place)."""
        old, (self.cw, self.gap) = (self.cw, self.gap), (cw, gap)
        try:
            draw()
        finally:
            self.cw, self.gap = old

    def example(self, e: sh.Example) -> None:
        self.pdf.set_y(self.pdf.get_y() + 1.0)
        self.sized(8.0, 1.1, lambda: self.rows(e.rows))
        self.pdf.set_y(self.pdf.get_y() + 0.5)

    def strip(self, s: sh.Strip) -> None:
        """Cards in a line, each centred over its two lines of caption (the rules' kinds of cards)."""
        pdf = self.pdf
        top, x, bottom, w = pdf.get_y() + 1.0, pdf.l_margin, pdf.get_y(), 12.0
        self.font(8.5)
        for card, *lines in s.cards:
            cw = max(w + 5, max(pdf.get_string_width(t) for t in lines) + 0.5)
            self.card(card, w, x + (cw - w) / 2, top)
            pdf.set_y(top + w * CARD + 0.8)
            for t in lines:
                pdf.set_x(x)
                pdf.cell(cw, 8.5 * 1.35 * PT, t, align="C", new_x="LMARGIN", new_y="NEXT")
            bottom = max(bottom, pdf.get_y())
            x += cw + 2.5
        pdf.set_y(bottom + 2.0)

    # ---- the variants -------------------------------------------------------------------------------
    def variantcard(self, v: sh.VariantCard) -> None:
        """A bordered, rounded card that is never split across pages."""
        def draw() -> None:
            pdf = self.pdf
            top = pdf.get_y()
            with self.margins(pdf.l_margin + 4, pdf.r_margin + 4):
                pdf.set_y(top + 2.5)
                self.text(v.name, 13, True, 1.2)
                self.para(sh.Para(v.facts, "facts"))
                self.heading(sh.Heading(3, v.changes))
                self.para(sh.Para(v.rules))
                if v.ruling:
                    self.ruling(v.ruling)
                self.sized(7.2, 0.8, lambda: self.moment(v))
                bottom = pdf.get_y() + 1.5
            pdf.set_line_width(0.4)
            pdf.rect(pdf.l_margin, top, pdf.w - pdf.l_margin - pdf.r_margin, bottom - top,
                     round_corners=True, corner_radius=3)
            pdf.set_y(bottom + 3.0)
        self.keep_together(draw)

    def moment(self, v: sh.VariantCard) -> None:
        """A variant's moment: its tables side by side (each under its label), who laid what, what is said."""
        pdf = self.pdf
        top = pdf.get_y() + 2.0
        x, bottom = pdf.l_margin, top
        for picture in v.pictures:
            width, _height = self.rows_size(picture.rows)
            if x > pdf.l_margin and x + width > pdf.w - pdf.r_margin:
                x, top = pdf.l_margin, bottom + 1.5
            self.font(8.5, True)
            pdf.set_xy(x, top)
            pdf.cell(width, 8.5 * 1.35 * PT, picture.label)
            pdf.set_y(top + 8.5 * 1.35 * PT + 0.6)
            self.rows(picture.rows, x=x)
            bottom = max(bottom, pdf.get_y())
            x += width + 5.0
        pdf.set_y(bottom + 1.5)
        self.text(v.moment, 8.5, True)
        if v.laid:
            self.laid(v.laid)
        self.text(v.said, 8.6)

    def laid(self, laid: tuple[tuple[str, tuple[int, ...]], ...]) -> None:
        """Who laid which cards: "Name:" and the cards, side by side, wrapping."""
        pdf = self.pdf
        w, h = 7.5, 7.5 * CARD
        x, y = pdf.l_margin, pdf.get_y() + 1.0
        self.font(8.5, True)
        for who, cards in laid:
            name = f"{who}:"
            need = pdf.get_string_width(name) + 1 + len(cards) * (w + 1) + 3
            if x > pdf.l_margin and x + need > pdf.w - pdf.r_margin:
                x, y = pdf.l_margin, y + h + 1.5
            pdf.set_xy(x, y)
            pdf.cell(pdf.get_string_width(name) + 1, h, name)
            x = pdf.get_x()
            for card in cards:
                self.card(card, w, x, y)
                x += w + 1
            x += 3
        pdf.set_y(y + h + 1.0)

    # ---- the worksheet ------------------------------------------------------------------------------
    def questions(self, qs: sh.Questions) -> None:
        """Two questions a line, each line kept on one page."""
        for i in range(0, len(qs.questions), 2):
            pair = qs.questions[i:i + 2]
            self.keep_together(lambda pair=pair: self.side_by_side([lambda q=q: self.ask(q) for q in pair], 5.0))
            self.pdf.set_y(self.pdf.get_y() + 3.0)

    def ask(self, q: sh.Ask) -> None:
        """A question: its title (and in small type the kind of game), its rows, the lines to answer on."""
        pdf = self.pdf
        pdf.set_x(pdf.l_margin)
        self.font(10.5, True)
        pdf.write(10.5 * 1.35 * PT, q.title + " ")
        self.font(8.5)
        pdf.write(10.5 * 1.35 * PT, f"({q.kind})")
        pdf.ln(10.5 * 1.35 * PT)
        pdf.set_y(pdf.get_y() + 1.0)
        self.sized(8.4, 0.8, lambda: self.rows(q.rows))
        line = 8.3 * 1.45 * PT
        self.font(8.3)
        for parts in q.lines:
            pdf.set_x(pdf.l_margin)
            for part in parts:
                x, y = pdf.get_x(), pdf.get_y()
                pdf.set_line_width(0.3)
                if part == sh.Field.BOX:
                    pdf.rect(x, y + (line - 3.2) / 2, 3.2, 3.2)
                    pdf.set_x(x + 4.2)
                elif part == sh.Field.BLANK:
                    pdf.line(x, y + line - 0.4, x + 14, y + line - 0.4)
                    pdf.set_x(x + 14)
                elif part:
                    pdf.write(line, str(part))
            pdf.ln(line)

    def namefields(self, n: sh.NameFields) -> None:
        """The worksheet's "Name ____  Class ____": each a label over a line to write on."""
        pdf, line, gap = self.pdf, 10 * 1.35 * PT, 8.0
        w = (pdf.w - pdf.l_margin - pdf.r_margin - gap * (len(n.labels) - 1)) / len(n.labels)
        top = pdf.get_y()
        self.font(10)
        for i, label in enumerate(n.labels):
            x = pdf.l_margin + i * (w + gap)
            pdf.set_xy(x, top + 4)
            pdf.cell(w, line, label)
            pdf.set_line_width(0.3)
            pdf.line(x, top + 4 + line, x + w, top + 4 + line)
        pdf.set_y(top + 4 + line + 2)

    def keylist(self, k: sh.KeyList) -> None:
        def item(head: str, why: str) -> None:
            self.text(head, 10, True, 0)
            self.text(why, 8.6, after=2.2)

        for _n, head, why in k.items:
            self.keep_together(lambda head=head, why=why: item(head, why))
        self.pdf.set_y(self.pdf.get_y() + 0.8)

    # ---- the score sheet ----------------------------------------------------------------------------
    def ticket(self, t: sh.Ticket) -> None:
        pdf = self.pdf
        top = pdf.get_y()
        pdf.set_line_width(0.4)
        pdf.rect(pdf.l_margin, top, pdf.w - pdf.l_margin - pdf.r_margin, 131)
        with self.margins(pdf.l_margin + 4, pdf.r_margin + 4):
            pdf.set_y(top + 3)
            self.top = top + 3
            self.blocks(t.blocks)
        pdf.set_y(top + 131)

    def cut(self, c: sh.Cut) -> None:
        pdf = self.pdf
        y = pdf.get_y() + 3
        pdf.set_line_width(0.4)
        pdf.set_dash_pattern(dash=1.5, gap=1)
        pdf.line(pdf.l_margin, y, pdf.w - pdf.r_margin, y)
        pdf.set_dash_pattern()
        self.font(8)
        tw = pdf.get_string_width(c.text)
        x = (pdf.w - tw - 8) / 2
        pdf.set_fill_color(255)
        pdf.rect(x, y - 2, tw + 8, 4, style="F")
        pdf.image(io.BytesIO(SCISSORS.encode()), x=x + 1, y=y - 1.5, w=3, h=3)
        pdf.set_xy(x + 4.5, y - 2)
        pdf.cell(tw, 4, c.text)
        pdf.set_y(y + 3)

    def cells(self, c: sh.Cells) -> None:
        """A line of boxes to write in (the cards one was dealt, the rows' first cards), 10 mm high."""
        pdf = self.pdf
        self.font(7)
        pdf.set_line_width(0.3)
        pdf.set_y(pdf.get_y() + 1)
        with pdf.table(width=(pdf.w - pdf.l_margin - pdf.r_margin) * c.width / 100, align="LEFT", text_align="LEFT",
                       v_align="TOP", first_row_as_headings=False, line_height=7 * 1.2 * PT, padding=(0.5, 1.5)) as table:
            table.row(c.labels, min_height=10.0)
        pdf.set_y(pdf.get_y() + 2)

    def grid(self, g: sh.Grid) -> None:
        """A ruled table (fpdf2's table): each column as wide as its words ask, lines to write on 8 mm high."""
        pdf = self.pdf
        lines = [g.head, *g.rows, *([g.foot] if g.foot else [])]
        self.font(9, True)
        need = [max(pdf.get_string_width(line[i]) for line in lines) + 3 for i in range(len(g.head))]
        full = pdf.w - pdf.l_margin - pdf.r_margin
        spare = max(0.0, full - sum(need)) / len(need)
        self.font(9)
        pdf.set_line_width(0.3)
        pdf.set_y(pdf.get_y() + 1)
        with pdf.table(width=full, col_widths=[n + spare for n in need], align="LEFT", text_align="LEFT",
                       v_align="TOP", line_height=9 * 1.3 * PT, padding=(1, 2.5)) as table:
            for i, line in enumerate(lines):
                row = table.row(min_height=8.0 if i else None)
                for j, cell in enumerate(line):
                    bold = i == len(lines) - 1 and bool(g.foot) and j == 0
                    row.cell(cell, style=FontFace(emphasis="BOLD") if bold else None)
        pdf.set_y(pdf.get_y() + 2)


# ---- the document ----------------------------------------------------------------------------------
def pdf_bytes(page: sh.Page) -> bytes:
    """The handout ``page`` (sixnimmt_core.drawing.handouts.Handout.data) as the bytes of an A4 PDF."""
    pdf = FPDF(orientation="P", unit="mm", format="A4")
    pdf.set_creation_date(DATE)
    pdf.set_lang(page.lang)
    pdf.set_title(page.title)
    pdf.set_creator("6 nimmt! teaching edition")
    pdf.set_margins(MARGIN, MARGIN, MARGIN)
    pdf.c_margin = 0  # text starts at the margin, as the HTML page's does
    pdf.set_auto_page_break(True, MARGIN)
    pdf.add_font(FONT, "", str(FONT_DIR / "SourceSansPro-Regular.ttf"))
    pdf.add_font(FONT, "B", str(FONT_DIR / "SourceSansPro-Bold.ttf"))
    pdf.set_text_color(0)
    pdf.set_draw_color(0)
    printer = Printer(pdf, page.lang)
    for sheet in page.sheets:
        pdf.add_page()
        printer.top = pdf.t_margin
        printer.blocks(sheet.blocks)
    return bytes(pdf.output())
