"""Printable handouts: print-ready A4 HTML pages, drawn with the edition's own cards (render.py).

Four handouts, each in every language of the edition (the texts in the catalogue domain
``handouts``, the engine's explanations from its own catalogue):

- ``rules`` — the rules on one page;
- ``variants`` — one card per variant: what changes, and a moment of a seeded game of it;
- ``worksheet`` — "where does the card go?" on 12 seeded tables (8 base game, 4 Professional),
  the answer key, computed by the engine (``table.where``), on a page of its own;
- ``scoresheet`` — the Tournament sheet ("turnajový lístok") and a table of results by selection.

Pure Python, no dependencies: each handout is first data (sheets.py, ``Handout.data``); from it
:func:`handout` writes the HTML page and ``tools/site/handout_pdf.py`` draws the PDF. Black and white friendly: the cards are drawn white with black
numbers and outlined heads, nothing is said by colour alone, every page is A4 (``@page``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from html import escape

from sixnimmt_core.drawing import render
from sixnimmt_core.drawing.sheets import (
    Ask,
    Block,
    Cells,
    Columns,
    Cut,
    Example,
    Field,
    Grid,
    Heading,
    KeyList,
    Line,
    NameFields,
    Page,
    Para,
    Picture,
    Questions,
    Rows,
    Ruling,
    Sheet,
    Steps,
    Strip,
    Ticket,
    VariantCard,
)
from sixnimmt_core.engine.cards import heads
from sixnimmt_core.engine.table import (
    CLOSEST,
    LEFT,
    LOW,
    NOWHERE,
    SIXTH,
    TIE,
    Placement,
    Rule,
    Side,
    where,
)
from sixnimmt_core.teaching.narrate import Step, local_names
from sixnimmt_core.teaching.teach import TOURS, practice_table, tour_walk
from sixnimmt_core.words import i18n, join, spot_words, text

DOMAIN = "handouts"
SITE = "site"  # the game's name on a page: "6 nimmt!", "6 bere!"
LESSONS = "lessons"  # the variants' names
HANDOUTS = ("rules", "variants", "worksheet", "scoresheet")
VARIANT_ORDER = ("tactics", "logic", "tournament", "professional", "open", "refined", "hand", "twins")
# the moment each variant's card shows: the first step of its tour marked with one of these (★ keys)
MOMENTS = {
    "tactics": ("sixth", "low"),
    "logic": ("rows_started",),
    "tournament": ("sheets",),
    "professional": ("left", "left_sixth"),
    "open": ("marker",),
    "refined": ("order",),
    "hand": ("split",),
    "twins": ("stack", "twin"),
}
# the worksheet: (case the card is in, two-sided rows, side) for each table, in order; each table is
# the first seeded practice table (teach.practice_table, seeds from SEED_BASE + 100 × number) whose
# card is in that case
PLAN = (
    (CLOSEST, False, None), (CLOSEST, False, None), (SIXTH, False, None), (LOW, False, None),
    (CLOSEST, False, None), (SIXTH, False, None), (CLOSEST, False, None), (LOW, False, None),
    (CLOSEST, True, LEFT), (SIXTH, True, None), (NOWHERE, True, None), (TIE, True, None),
)
SEED_BASE = 6_000
SPAN = {"open": 4}  # steps shown from the moment on (Open: the marker moves, then every card laid face up)
AFTER_ONLY = frozenset({"logic", "tournament"})  # their moment starts the rows: only the table after it



def _e(text: object) -> str:
    return escape(str(text), quote=True)


# ---- the page -------------------------------------------------------------------------------------
PAGE_MARGIN = "12mm"
STYLE = """
@page { size: A4; margin: 12mm; }
html { -webkit-print-color-adjust: economy; print-color-adjust: economy; }
body.ho { margin: 0; color: #000; background: #fff;
  font: 10pt/1.35 system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', Helvetica, Arial, sans-serif; }
.sheet { box-sizing: border-box; width: 186mm; break-after: page; page-break-after: always; }
.sheet:last-child { break-after: auto; page-break-after: auto; }
.sheet.key { break-before: page; page-break-before: always; }
@media screen {
  body.ho { background: #9a9a9a; padding: 8mm 0; }
  .sheet { width: 210mm; min-height: 297mm; margin: 0 auto 8mm; padding: 12mm; background: #fff;
    box-shadow: 0 1mm 4mm rgba(0,0,0,.4); }
}
h1 { font-size: 17pt; margin: 0 0 2mm; } h2 { font-size: 12pt; margin: 3mm 0 1.2mm; }
h3 { font-size: 10.5pt; margin: 0 0 1mm; }
p { margin: 0 0 1.6mm; } ul, ol { margin: 0 0 1.6mm; padding-left: 5mm; } li { margin: 0 0 .8mm; }
.sub { font-size: 9pt; margin-bottom: 3mm; }
.small { font-size: 8.5pt; }
.ruling { border-left: 1.2mm solid #000; padding: .6mm 0 .6mm 2.5mm; font-size: 9pt; margin: 1.6mm 0; }
.ruling b { text-transform: uppercase; letter-spacing: .03em; }
.cols { display: grid; grid-template-columns: 1fr 1fr; gap: 0 6mm; }
.strip { display: flex; flex-wrap: wrap; gap: 2.5mm; align-items: flex-end; margin: 1mm 0 2mm; }
.strip figure { margin: 0; text-align: center; font-size: 8.5pt; }
.strip figure .snt-card { width: 12mm; margin: 0 auto .8mm; }
/* the edition's cards and rows (render.py), for paper: white cards, black ink, no screen sizing */
.ho .snt { --snt-cw: 10mm; --snt-gap: 1.1mm; color: #000; font-family: inherit; }
.ho .snt-table { background: none; border: .35mm solid #000; border-radius: 2.5mm; padding: 1.2mm;
  overflow: visible; max-width: none; width: max-content; }
.ho .snt-row { background: none; border: 0; padding: 0; box-shadow: none; }
.ho .snt-rowhead { width: 6mm; }
.ho .snt-rowno { font-size: 12pt; }
.ho .snt-free, .ho .snt-takes, .ho .snt-mark { display: none; }
.ho .snt-empty::before { border: .25mm dashed #444; background: none; }
.ho .snt-danger::before { border: .45mm solid #000; background: none; }
.ho .snt-six { color: #000; font-size: 5mm; }
.ho svg.snt-card > rect[rx="7"] { fill: #fff; stroke: #000; }
.ho svg.snt-card > text[y="74"] { fill: #000; }
/* rules */
.rules .cols > div > h2:first-child { margin-top: 0; }
.example { display: flex; gap: 3mm; align-items: flex-start; margin: 1mm 0 1.5mm; }
.example .snt { --snt-cw: 8mm; }
.example p { font-size: 8.8pt; }
/* variants */
.vcard { border: .4mm solid #000; border-radius: 3mm; padding: 2.5mm 4mm; margin: 0 0 3mm;
  break-inside: avoid; page-break-inside: avoid; box-sizing: border-box; }
.vcard h2 { margin: 0 0 .5mm; font-size: 13pt; }
.vcard .facts { font-weight: 600; margin-bottom: 1.5mm; }
.vcard .snt { --snt-cw: 7.2mm; --snt-gap: .8mm; }
.moment { display: flex; flex-wrap: wrap; gap: 1.5mm 5mm; align-items: flex-start; margin-top: 2mm; }
.moment .said { font-size: 8.6pt; flex: 1 1 100%; }
.moment .label { font-weight: 700; font-size: 8.5pt; margin: 0 0 .6mm; }
.laid { display: flex; flex-wrap: wrap; gap: 1.5mm 3mm; margin: 1mm 0; font-size: 8.5pt; }
.laid > div { display: flex; align-items: center; gap: 1mm; }
.laid .snt-card { width: 7.5mm; }
/* worksheet */
.name { display: flex; gap: 8mm; margin: 0 0 2mm; }
.name span { flex: 1; border-bottom: .3mm solid #000; padding-top: 4mm; }
.questions { display: grid; grid-template-columns: 1fr 1fr; gap: 3mm 5mm; }
.q { break-inside: avoid; page-break-inside: avoid; }
.q h3 .v { font-weight: 400; font-size: 8.5pt; }
.q .snt { --snt-cw: 8.4mm; --snt-gap: .8mm; }
.answer { margin-top: 1mm; font-size: 8.3pt; line-height: 1.45; }
.box { display: inline-block; width: 3.2mm; height: 3.2mm; border: .3mm solid #000; vertical-align: -.5mm; margin-right: 1mm; }
.blank { display: inline-block; min-width: 14mm; border-bottom: .3mm solid #000; }
.keylist { padding-left: 0; list-style: none; }
.keylist li { margin: 0 0 2.2mm; break-inside: avoid; }
.keylist .why { font-size: 8.6pt; }
/* score sheet */
.ticket { border: .4mm solid #000; padding: 3mm 4mm; height: 131mm; box-sizing: border-box; }
.cut { border-top: .4mm dashed #000; margin: 3mm 0; text-align: center; font-size: 8pt; line-height: 0; }
.cut span { background: #fff; padding: 0 2mm; }
table.grid { border-collapse: collapse; width: 100%; margin: 1mm 0 2mm; }
table.grid th, table.grid td { border: .3mm solid #000; padding: 1mm 1.5mm; text-align: left; font-size: 9pt; }
table.grid td { height: 8mm; }
table.grid th { font-weight: 700; }
.cells { display: grid; gap: 0; margin: 1mm 0 2mm; }
.cells span { border: .3mm solid #000; height: 10mm; margin: 0 -.3mm -.3mm 0; font-size: 7pt; padding: .5mm; }
.index li { margin-bottom: 2mm; }
"""


def _sheet(inner: str, cls: str = "") -> str:
    return f'<section class="sheet {cls}">{inner}</section>'


# ---- (a) the rules on one page ----------------------------------------------------------------------
HEAD_KINDS = ((3, 76), (5, 9), (10, 10), (11, 8), (55, 1))  # a card of each kind, and how many there are


# ---- (c) the row-choice worksheet -------------------------------------------------------------------------
@dataclass(frozen=True)
class Question:
    """One table of the worksheet: its rows, the card asked about, and the engine's answer."""

    number: int
    rows: tuple[tuple[int, ...], ...]
    card: int
    two_sided: bool
    seed: int

    @property
    def answer(self) -> Placement:
        return where(self.card, [list(r) for r in self.rows], self.two_sided)


def _question(number: int, case: Rule, two_sided: bool, side: Side | None) -> Question:
    seed = SEED_BASE + 100 * number
    while True:
        rows, card = practice_table(random.Random(seed), two_sided)
        p = where(card, rows, two_sided)
        if p.rule == case and (side is None or p.side == side):
            return Question(number, tuple(tuple(r) for r in rows), card, two_sided, seed)
        seed += 1


def worksheet_questions() -> list[Question]:
    """The worksheet's 12 tables, the same on every run (seeded), in the cases PLAN asks for."""
    return [_question(i, case, two, side) for i, (case, two, side) in enumerate(PLAN, 1)]


# ---- (d) the Tournament score sheet -------------------------------------------------------------------------
MAX_TOURNAMENT = 5


# ---- the handouts in one language --------------------------------------------------------------------------
class Handout:
    """The handouts in one language: ``lang`` given once, every page, card and word of them in it."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.draw = render.Drawing(lang)

    def document(self, title: str, sheets: list[str], *, body_class: str = "") -> str:
        """A whole HTML page: A4 sheets (each ``<section class="sheet">``, a page break after each)."""
        i18n.check_language(self.lang)
        return (f'<!DOCTYPE html>\n<html lang="{self.lang}"><head><meta charset="utf-8"/>'
                f'<meta name="viewport" content="width=device-width, initial-scale=1"/>'
                f"<title>{_e(title)}</title><style>{render.STYLE}{STYLE}</style></head>"
                f'<body class="ho {body_class}">{"".join(sheets)}</body></html>\n')

    def data(self, name: str) -> Page:
        """The handout ``name`` (one of HANDOUTS) as data: its HTML page and its PDF are made from it."""
        if name not in BUILDERS:
            raise KeyError(f"no handout {name!r}; the handouts are: {', '.join(HANDOUTS)}")
        return BUILDERS[name](self)

    def html(self, page: Page) -> str:
        """A handout's data (sheets.Page) as its whole HTML page."""
        return self.document(page.title, [sheet.html(self.draw) for sheet in page.sheets])

    def text(self, key: str, **values: object) -> str:
        """A text of the handouts' catalogue in the handouts' language."""
        return text(key, self.lang, domain=DOMAIN, **values)

    def _head(self, handout: str, sub: str = "") -> tuple[Block, ...]:
        title = Heading(1, f'{text("game", self.lang, domain=SITE)} — {self.text("handout." + handout)}')
        return (title, Para(sub, "sub")) if sub else (title,)

    def _page(self, handout: str, *sheets: Sheet) -> Page:
        return Page(self.lang, self.text("handout." + handout), sheets)

    def rules_summary(self) -> Page:
        strip = Strip(tuple((card, text("count.heads", self.lang, n=heads(card)), text("count.cards", self.lang, n=count))
                            for card, count in HEAD_KINDS))
        ends = ((8,), (24,), (69,), (81,))
        t, ruling = self.text, self.text("ruling")
        left = (Heading(2, t("rules.goal.title")), Para(t("rules.goal")),
                Heading(2, t("rules.cards.title")), Para(t("rules.cards")), strip,
                Heading(2, t("rules.setup.title")), Para(t("rules.setup")),
                Heading(2, t("rules.turn.title")), Para(t("rules.turn")),
                Heading(2, t("rules.end.title")), Para(t("rules.end")),
                Ruling(ruling, t("rules.ruling.end")), Ruling(ruling, t("rules.ruling.deck")))
        right = (Heading(2, t("rules.place.title")), Steps(tuple(t(f"rules.rule{i}") for i in range(1, 5))),
                 Heading(3, t("rules.example.title")), Example(Rows(ends)),
                 *(Para(where(card, [list(r) for r in ends]).reason(self.lang)) for card in (29, 3)),
                 Para(t("rules.lowest.why"), "small"), Para(t("rules.taken")), Para(t("rules.more"), "small"))
        return self._page("rules", Sheet("rules", (*self._head("rules"), Columns(left, right))))

    def variant_moment(self, variant: str) -> tuple[Step, ...]:
        """The steps of the variant's tour (teach.TOURS) its card shows: the first step marked with its
        moment (and, for Open, the steps after it that finish the turn's laying out)."""
        wanted = MOMENTS[variant]
        shown = tour_walk(variant, self.lang).steps
        for i, step in enumerate(shown):
            if any(key in wanted for key in step.specials):
                return shown[i:i + SPAN.get(variant, 1)]
        raise LookupError(f"the {variant} tour has no step marked {wanted}")  # a test keeps this from happening

    def _pictures(self, variant: str, first: Step, last: Step, two_sided: bool) -> tuple[Picture, ...]:
        before, after = first.before.rows, last.after.rows
        pictures = []
        if before and before != after and variant not in AFTER_ONLY:
            pictures.append(Picture(self.text("variants.before"), Rows(_rows(before), two_sided)))
        if after:
            word = self.text("variants.after") if pictures else self.text("variants.table")
            pictures.append(Picture(word, Rows(_rows(after), two_sided)))
        return tuple(pictures)

    def _variant_card(self, variant: str) -> VariantCard:
        tour = TOURS[variant]
        steps = self.variant_moment(variant)
        first, last = steps[0], steps[-1]
        names = local_names([f"Player {chr(65 + i)}" for i in range(tour.players)], self.lang)
        laid = last.after.laid if any(last.after.laid) else first.before.laid
        ruling = (Ruling(self.text("ruling"), self.text(f"variant.{variant}.ruling"))
                  if self._has(f"variant.{variant}.ruling") else None)
        return VariantCard(
            variant, text(f"variant.{variant}.name", self.lang, domain=LESSONS), self.text(f"variant.{variant}.facts"),
            self.text("variants.changes"), self.text(f"variant.{variant}.rules"), ruling,
            self._pictures(variant, first, last, tour.game().rules.two_sided),
            self.text("variants.moment", players=tour.players),
            tuple((names[seat], tuple(cards)) for seat, cards in enumerate(laid) if cards),
            " ".join(s.text for s in steps))

    def _has(self, key: str) -> bool:
        try:
            self.text(key)
        except KeyError:
            return False
        return True

    def variant_cards(self) -> Page:
        cards = [self._variant_card(v) for v in VARIANT_ORDER]
        head = self._head("variants", self.text("variants.intro"))
        return self._page("variants", *(Sheet("variants", (*(head if i == 0 else ()), *cards[i:i + 2]))
                                         for i in range(0, len(cards), 2)))

    def short_answer(self, p: Placement) -> str:
        """The answer in a few words: "after 24 in row 2", "sixth card: …", "the player chooses …"."""
        if p.rule == LOW:
            return self.text("key.low")
        if p.rule == NOWHERE:
            return self.text("key.nowhere")
        if p.rule == TIE:
            spots = join([spot_words(s.side, s.end, s.row + 1, self.lang) for s in p.tied], self.lang)
            return self.text("key.tie", spots=spots)
        assert p.row is not None
        end = p.ends[p.row][0 if p.side == LEFT else 1] if p.two_sided else p.ends[p.row]
        spot = spot_words(p.side, end, p.row + 1, self.lang)
        return self.text("key.sixth", spot=spot) if p.rule == SIXTH else spot

    def _answer_lines(self, q: Question) -> tuple[Line, ...]:
        before, _, after = self.text("worksheet.row").partition("{blank}")
        row: Line = (before, Field.BLANK, after)
        if q.two_sided:
            row += (" \xa0 ", Field.BOX, self.text("end.left"), " \xa0 ", Field.BOX, self.text("end.right"))
        lines = [row, (Field.BOX, self.text("worksheet.sixth")),
                 (Field.BOX, self.text("worksheet.nowhere" if q.two_sided else "worksheet.low"))]
        if q.two_sided:
            lines.append((Field.BOX, self.text("worksheet.tie")))
        return tuple(lines)

    def worksheet(self) -> Page:
        qs = worksheet_questions()
        asked = Questions(tuple(
            Ask(q.number, self.text("worksheet.question", n=q.number, card=q.card),
                self.text("worksheet.pro" if q.two_sided else "worksheet.base"), Rows(q.rows, q.two_sided),
                self._answer_lines(q)) for q in qs))
        questions = Sheet("worksheet", (
            *self._head("worksheet"), NameFields((self.text("worksheet.name"), self.text("worksheet.class"))),
            Para(self.text("worksheet.intro")), Para(self.text("worksheet.pro.intro"), "small"), asked))
        key = Sheet("key", (Heading(1, self.text("key.title")), Para(self.text("key.intro"), "sub"),
                            KeyList(tuple((q.number, f"{q.number}. {q.card}: {self.short_answer(q.answer)}",
                                           q.answer.reason(self.lang)) for q in qs))))
        return self._page("worksheet", questions, key)

    def _ticket(self) -> Ticket:
        t = self.text
        rows = tuple((f"{n}.", t("sheet.player.n", n=n) + (" — " + t("sheet.owner") if n == 1 else ""), "", "")
                     for n in range(1, MAX_TOURNAMENT + 1))
        return Ticket((
            Heading(2, f'{text("game", self.lang, domain=SITE)} — {t("sheet.title")}'), Para(t("sheet.intro"), "small"),
            Heading(3, t("sheet.cards")), Cells(tuple(str(i) for i in range(1, 11))),
            Heading(3, t("sheet.rowcards")), Cells(("",) * 4, width=40),
            Grid((t("sheet.hand"), t("sheet.player"), t("sheet.name"), t("sheet.points")), rows)))

    def score_sheet(self) -> Page:
        t = self.text
        players = tuple(t("sheet.player.n", n=n) for n in range(1, MAX_TOURNAMENT + 1))
        lines = tuple((t("summary.sheet", n=n), *("",) * MAX_TOURNAMENT) for n in range(1, MAX_TOURNAMENT + 1))
        summary = Sheet("scoresheet", (
            Heading(1, f'{text("game", self.lang, domain=SITE)} — {t("summary.title")}'), Para(t("summary.intro")),
            Grid(("", *players), lines, (t("summary.total"), *("",) * MAX_TOURNAMENT)),
            Para(t("summary.debrief"), "small")))
        return self._page("scoresheet", Sheet("scoresheet", (self._ticket(), Cut(t("sheet.cut")), self._ticket())),
                          summary)


def _rows(rows: list[list[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(r) for r in rows)


# ---- all of them ------------------------------------------------------------------------------------------------
BUILDERS: dict[str, Callable[[Handout], Page]] = {
    "rules": Handout.rules_summary, "variants": Handout.variant_cards, "worksheet": Handout.worksheet,
    "scoresheet": Handout.score_sheet,
}


def handout(name: str, lang: str) -> str:
    """The handout ``name`` (one of HANDOUTS) in ``lang``, as a whole HTML page."""
    h = Handout(i18n.check_language(lang))
    return h.html(h.data(name))


def document(lang: str, title: str, sheets: list[str], *, body_class: str = "") -> str:
    """A whole HTML page in ``lang`` (Handout.document)."""
    return Handout(lang).document(title, sheets, body_class=body_class)


def variant_moment(variant: str, lang: str = "en") -> tuple[Step, ...]:
    """The steps of the variant's tour its card shows, told in ``lang`` (Handout.variant_moment)."""
    return Handout(lang).variant_moment(variant)


def short_answer(p: Placement, lang: str) -> str:
    """The worksheet's answer in a few words, in ``lang`` (Handout.short_answer)."""
    return Handout(lang).short_answer(p)


def file_name(name: str, lang: str, ext: str = "html") -> str:
    """``<lang>/<handout>.<ext>``, the handout's place in a folder of handouts."""
    return f"{lang}/{name}.{ext}"


def index_page(pdf: bool = True) -> str:
    """The page listing every handout in every language (links relative to the handouts' folder)."""
    blocks = []
    for lang in i18n.LANGUAGES:
        items = []
        for name in HANDOUTS:
            links = f'<a href="{file_name(name, lang)}">{_e(text("index.page", lang, domain=DOMAIN))}</a>'
            if pdf:
                links += f' · <a href="{file_name(name, lang, "pdf")}">PDF</a>'
            items.append(f"<li><b>{_e(text('handout.' + name, lang, domain=DOMAIN))}</b> — {links}</li>")
        blocks.append(f'<section lang="{lang}"><h2>{_e(i18n.NAMES[lang])}</h2><p>{_e(text("index.intro", lang, domain=DOMAIN))}</p>'
                      f'<ul class="index">{"".join(items)}</ul></section>')
    return document("en", text("index.title", "en", domain=DOMAIN), [_sheet(f'<h1>{_e(text("index.title", "en", domain=DOMAIN))}</h1>' + "".join(blocks))])


CARD_RE = re.compile(r'<svg[^>]*class="snt-card[^"]*"[^>]*data-card="(\d+)"[^>]*>(.*?)</svg>', re.S)


def drawn_cards(page: str) -> list[tuple[int, int]]:
    """(card, heads drawn on it) for every face-up card of a page (the tests' and the build's check)."""
    return [(int(card), inner.count('<use href="#snt-head"')) for card, inner in CARD_RE.findall(page)]


__all__ = ["HANDOUTS", "Handout", "Question", "document", "drawn_cards", "file_name", "handout", "index_page",
           "short_answer", "variant_moment", "worksheet_questions"]
