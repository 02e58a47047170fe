"""A handout as data: its A4 sheets and their blocks (headings, paragraphs, rows of cards, a
variant's card, a worksheet's question, a ticket to cut out…), each already in its language.

handouts.py builds one :class:`Page` per handout and language; the HTML page is ``Page.html()``
(each block writes its own HTML, with render.py's cards and rows), and the PDF is drawn from the
very same blocks by ``tools/site/handout_pdf.py`` with fpdf2's layout: nothing is read back from HTML.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from html import escape

from sixnimmt_core.drawing import render
from sixnimmt_core.drawing.display import stacks


def _e(text: object) -> str:
    return escape(str(text), quote=True).replace("\xa0", "&#160;")


class Field(Enum):
    """A place to write on a worksheet's answer line: a box to tick, a line to fill in."""

    BOX = '<span class="box"></span>'
    BLANK = '<span class="blank"></span>'


Line = tuple[str | Field, ...]  # an answer line: words and places to write


@dataclass(frozen=True)
class Heading:
    level: int  # 1 the sheet's title, 2 a section, 3 a subsection
    text: str

    def html(self, draw: render.Drawing) -> str:
        return f"<h{self.level}>{_e(self.text)}</h{self.level}>"


@dataclass(frozen=True)
class Para:
    text: str
    style: str = ""  # "" plain, "sub" under a title, "small", "facts" (bold), "label" (bold, small)

    def html(self, draw: render.Drawing) -> str:
        return f'<p class="{self.style}">{_e(self.text)}</p>' if self.style else f"<p>{_e(self.text)}</p>"


@dataclass(frozen=True)
class Ruling:
    """One of the edition's rulings: "RULING:" in bold, then what it rules, a black bar beside it."""

    lead: str
    text: str

    def html(self, draw: render.Drawing) -> str:
        return f'<p class="ruling"><b>{_e(self.lead)}</b> {_e(self.text)}</p>'


@dataclass(frozen=True)
class Steps:
    """A numbered list (the four rules of where a card goes)."""

    items: tuple[str, ...]

    def html(self, draw: render.Drawing) -> str:
        return '<ol class="plain">' + "".join(f"<li>{_e(i)}</li>" for i in self.items) + "</ol>"


@dataclass(frozen=True)
class Strip:
    """Cards in a line, each with two lines under it: (card, first line, second line)."""

    cards: tuple[tuple[int, str, str], ...]

    def html(self, draw: render.Drawing) -> str:
        figures = "".join(f'<figure>{draw.card_svg(c, size="sm")}<figcaption>{_e(a)}<br/>{_e(b)}</figcaption></figure>'
                          for c, a, b in self.cards)
        return f'<div class="strip">{figures}</div>'


@dataclass(frozen=True)
class Rows:
    """A table of rows of cards (twins lying on each other drawn as one stack)."""

    rows: tuple[tuple[int, ...], ...]
    two_sided: bool = False

    def html(self, draw: render.Drawing) -> str:
        return draw.table_html([stacks(list(r)) for r in self.rows], two_sided=self.two_sided)

    def places(self) -> list[list[tuple[int, int] | str]]:
        """Each row's places left to right (render.places): a (card, count) stack, "free" or "six"."""
        out: list[list[tuple[int, int] | str]] = []
        for row in self.rows:
            cells = [c if isinstance(c, tuple) else (c, 1) for c in stacks(list(row))]
            laid = iter(cells)
            out.append([next(laid) if p == "card" else p for p in render.places(len(cells), self.two_sided)])
        return out


@dataclass(frozen=True)
class Example:
    """Small rows beside the rules (the worked example)."""

    rows: Rows

    def html(self, draw: render.Drawing) -> str:
        return f'<div class="example">{self.rows.html(draw)}</div>'


@dataclass(frozen=True)
class Columns:
    left: tuple[Block, ...]
    right: tuple[Block, ...]

    def html(self, draw: render.Drawing) -> str:
        return f'<div class="cols"><div>{_html(self.left, draw)}</div><div>{_html(self.right, draw)}</div></div>'


@dataclass(frozen=True)
class Picture:
    """A labelled table on a variant's card ("Before", "After", "The table")."""

    label: str
    rows: Rows


@dataclass(frozen=True)
class VariantCard:
    """One variant: its name, facts, what changes (and the edition's ruling), and a moment of a game."""

    variant: str
    name: str
    facts: str
    changes: str
    rules: str
    ruling: Ruling | None
    pictures: tuple[Picture, ...]
    moment: str  # "From a game of 4 players:"
    laid: tuple[tuple[str, tuple[int, ...]], ...]  # who laid which cards
    said: str

    def html(self, draw: render.Drawing) -> str:
        pictures = "".join(f'<div><p class="label">{_e(p.label)}</p>{p.rows.html(draw)}</div>' for p in self.pictures)
        laid = "".join(f'<div><b>{_e(who)}:</b>{"".join(draw.card_svg(c, size="sm") for c in cards)}</div>'
                       for who, cards in self.laid)
        laid = f'<div class="laid">{laid}</div>' if laid else ""
        said = f'<div class="said"><p class="label">{_e(self.moment)}</p>{laid}<p>{_e(self.said)}</p></div>'
        ruling = self.ruling.html(draw) if self.ruling else ""
        return (f'<article class="vcard" data-variant="{self.variant}"><h2>{_e(self.name)}</h2>'
                f'<p class="facts">{_e(self.facts)}</p><h3>{_e(self.changes)}</h3><p>{_e(self.rules)}</p>{ruling}'
                f'<div class="moment">{pictures}{said}</div></article>')


@dataclass(frozen=True)
class Ask:
    """One table of the worksheet: "Where does 56 go? (base game)", its rows, the lines to answer on."""

    number: int
    title: str
    kind: str
    rows: Rows
    lines: tuple[Line, ...]

    def html(self, draw: render.Drawing) -> str:
        lines = "<br/>".join("".join(p.value if isinstance(p, Field) else _e(p) for p in line) for line in self.lines)
        return (f'<div class="q" data-question="{self.number}"><h3>{_e(self.title)} <span class="v">({_e(self.kind)})</span>'
                f'</h3>{self.rows.html(draw)}<div class="answer">{lines}</div></div>')


@dataclass(frozen=True)
class Questions:
    """The worksheet's questions, two a line."""

    questions: tuple[Ask, ...]

    def html(self, draw: render.Drawing) -> str:
        return f'<div class="questions">{_html(self.questions, draw)}</div>'


@dataclass(frozen=True)
class NameFields:
    """Labels over lines to write on ("Name", "Class")."""

    labels: tuple[str, ...]

    def html(self, draw: render.Drawing) -> str:
        return '<div class="name">' + "".join(f"<span>{_e(x)}</span>" for x in self.labels) + "</div>"


@dataclass(frozen=True)
class KeyList:
    """The answer key: (question, the answer in bold, the engine's reason under it)."""

    items: tuple[tuple[int, str, str], ...]

    def html(self, draw: render.Drawing) -> str:
        return '<ol class="keylist">' + "".join(
            f'<li data-question="{n}"><b>{_e(head)}</b><br/><span class="why">{_e(why)}</span></li>'
            for n, head, why in self.items) + "</ol>"


@dataclass(frozen=True)
class Cells:
    """A line of boxes to write in, each with its small label ("1"…"10", or none)."""

    labels: tuple[str, ...]
    width: int = 100  # per cent of the line

    def html(self, draw: render.Drawing) -> str:
        style = f"grid-template-columns:repeat({len(self.labels)},1fr)" + (f";width:{self.width}%" if self.width < 100 else "")
        return f'<div class="cells" style="{style}">' + "".join(f"<span>{_e(x)}</span>" for x in self.labels) + "</div>"


@dataclass(frozen=True)
class Grid:
    """A ruled table to fill in: a line of headings, lines of cells ("" a cell to write in), and a
    last line whose first cell is a heading (the total)."""

    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    foot: tuple[str, ...] = ()

    def html(self, draw: render.Drawing) -> str:
        head = "<tr>" + "".join(f"<th>{_e(x)}</th>" for x in self.head) + "</tr>"
        rows = "".join("<tr>" + "".join(f"<td>{_e(x)}</td>" for x in r) + "</tr>" for r in self.rows)
        foot = (f"<tr><th>{_e(self.foot[0])}</th>" + "".join(f"<td>{_e(x)}</td>" for x in self.foot[1:]) + "</tr>"
                if self.foot else "")
        return f'<table class="grid">{head}{rows}{foot}</table>'


@dataclass(frozen=True)
class Ticket:
    """A bordered half page to cut out (the Tournament sheet)."""

    blocks: tuple[Block, ...]

    def html(self, draw: render.Drawing) -> str:
        return f'<div class="ticket">{_html(self.blocks, draw)}</div>'


@dataclass(frozen=True)
class Cut:
    """A dashed line to cut along, with scissors and its words."""

    text: str

    def html(self, draw: render.Drawing) -> str:
        return f'<div class="cut"><span>✂ {_e(self.text)}</span></div>'


Block = (Heading | Para | Ruling | Steps | Strip | Rows | Example | Columns | VariantCard | Ask
         | Questions | NameFields | KeyList | Cells | Grid | Ticket | Cut)


@dataclass(frozen=True)
class Sheet:
    """One A4 sheet (a page break after it); ``style`` names the handout ("rules", "key"…)."""

    style: str
    blocks: tuple[Block, ...]

    def html(self, draw: render.Drawing) -> str:
        return f'<section class="sheet {self.style}">{_html(self.blocks, draw)}</section>'


@dataclass(frozen=True)
class Page:
    """A whole handout in one language: its title and sheets."""

    lang: str
    title: str
    sheets: tuple[Sheet, ...]


def _html(blocks: tuple[Block, ...] | tuple[Ask, ...], draw: render.Drawing) -> str:
    return "".join(b.html(draw) for b in blocks)


__all__ = ["Ask", "Block", "Cells", "Columns", "Cut", "Example", "Field", "Grid", "Heading", "KeyList", "Line",
           "NameFields", "Page", "Para", "Picture", "Questions", "Rows", "Ruling", "Sheet",
           "Steps", "Strip", "Ticket", "VariantCard"]
