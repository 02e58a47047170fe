"""Printable handouts: print-ready A4 HTML pages, drawn with the edition's own cards (render.py).

Four handouts, each in every language of the edition (the texts in the catalogue domain
``handouts``, the engine's explanations from its own catalogue):

- ``rules`` — the rules on one page;
- ``variants`` — one card per variant: what changes, and a moment of a seeded game of it;
- ``worksheet`` — "where does the card go?" on 12 seeded tables (8 base game, 4 Professional),
  the answer key, computed by the engine (``table.where``), on a page of its own;
- ``scoresheet`` — the Tournament sheet ("turnajový lístok") and a table of results by selection.

Pure Python, no dependencies: :func:`document` gives a whole HTML page; ``tools/site/handouts.py``
prints them to PDF with Chromium. Black and white friendly: the cards are drawn white with black
numbers and outlined heads, nothing is said by colour alone, every page is A4 (``@page``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from html import escape

from sixnimmt_core.drawing import render
from sixnimmt_core.drawing.display import stacks
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

    def _head(self, handout: str, sub: str = "") -> str:
        sub_html = f'<p class="sub">{sub}</p>' if sub else ""
        return f'<h1>{_e(text("game", self.lang, domain=SITE))} — {_e(text("handout." + handout, self.lang, domain=DOMAIN))}</h1>{sub_html}'

    def _rows(self, rows: list[list[int]], two_sided: bool = False) -> str:
        return self.draw.table_html([stacks(list(r)) for r in rows], two_sided=two_sided)

    def rules_summary(self) -> str:
        strip = "".join(
            f'<figure>{self.draw.card_svg(card, size="sm")}<figcaption>{_e(text("count.heads", self.lang, n=heads(card)))}'
            f'<br/>{_e(text("count.cards", self.lang, n=count))}</figcaption></figure>' for card, count in HEAD_KINDS)
        ends = [[8], [24], [69], [81]]
        example = "".join(f"<p>{_e(where(card, ends).reason(self.lang))}</p>" for card in (29, 3))
        rules = "".join(f"<li>{_e(text(f'rules.rule{i}', self.lang, domain=DOMAIN))}</li>" for i in range(1, 5))
        left = (f'<h2>{_e(text("rules.goal.title", self.lang, domain=DOMAIN))}</h2><p>{_e(text("rules.goal", self.lang, domain=DOMAIN))}</p>'
                f'<h2>{_e(text("rules.cards.title", self.lang, domain=DOMAIN))}</h2><p>{_e(text("rules.cards", self.lang, domain=DOMAIN))}</p>'
                f'<div class="strip">{strip}</div>'
                f'<h2>{_e(text("rules.setup.title", self.lang, domain=DOMAIN))}</h2><p>{_e(text("rules.setup", self.lang, domain=DOMAIN))}</p>'
                f'<h2>{_e(text("rules.turn.title", self.lang, domain=DOMAIN))}</h2><p>{_e(text("rules.turn", self.lang, domain=DOMAIN))}</p>'
                f'<h2>{_e(text("rules.end.title", self.lang, domain=DOMAIN))}</h2><p>{_e(text("rules.end", self.lang, domain=DOMAIN))}</p>'
                f'<p class="ruling"><b>{_e(text("ruling", self.lang, domain=DOMAIN))}</b> {_e(text("rules.ruling.end", self.lang, domain=DOMAIN))}</p>'
                f'<p class="ruling"><b>{_e(text("ruling", self.lang, domain=DOMAIN))}</b> {_e(text("rules.ruling.deck", self.lang, domain=DOMAIN))}</p>')
        right = (f'<h2>{_e(text("rules.place.title", self.lang, domain=DOMAIN))}</h2><ol class="plain">{rules}</ol>'
                 f'<h3>{_e(text("rules.example.title", self.lang, domain=DOMAIN))}</h3>'
                 f'<div class="example">{self._rows(ends)}</div>{example}'
                 f'<p class="small">{_e(text("rules.lowest.why", self.lang, domain=DOMAIN))}</p>'
                 f'<p>{_e(text("rules.taken", self.lang, domain=DOMAIN))}</p>'
                 f'<p class="small">{_e(text("rules.more", self.lang, domain=DOMAIN))}</p>')
        body = self._head("rules") + f'<div class="cols"><div>{left}</div><div>{right}</div></div>'
        return self.document(text("handout.rules", self.lang, domain=DOMAIN), [_sheet(body, "rules")])

    def variant_moment(self, variant: str) -> tuple[Step, ...]:
        """The steps of the variant's tour (teach.TOURS) its card shows: the first step marked with its
        moment (and, for Open, the steps after it that finish the turn's laying out)."""
        wanted = MOMENTS[variant]
        shown = tour_walk(variant, self.lang).steps
        for i, step in enumerate(shown):
            if any(key in wanted for key in step.specials):
                return shown[i:i + SPAN.get(variant, 1)]
        raise LookupError(f"the {variant} tour has no step marked {wanted}")  # a test keeps this from happening

    def _laid_html(self, first: Step, last: Step, names: list[str]) -> str:
        laid = last.after.laid if any(last.after.laid) else first.before.laid
        if not any(laid):
            return ""
        parts = [f'<div><b>{_e(names[seat])}:</b>{"".join(self.draw.card_svg(c, size="sm") for c in cards)}</div>'
                 for seat, cards in enumerate(laid) if cards]
        return f'<div class="laid">{"".join(parts)}</div>'

    def _variant_card(self, variant: str) -> str:
        tour = TOURS[variant]
        steps = self.variant_moment(variant)
        first, last = steps[0], steps[-1]
        rules = tour.game().rules
        names = local_names([f"Player {chr(65 + i)}" for i in range(tour.players)], self.lang)
        before, after = first.before.rows, last.after.rows
        pictures = []
        if before and before != after and variant not in AFTER_ONLY:
            pictures.append(f'<div><p class="label">{_e(text("variants.before", self.lang, domain=DOMAIN))}</p>'
                            f"{self._rows(before, rules.two_sided)}</div>")
        if after:
            word = text("variants.after", self.lang, domain=DOMAIN) if pictures else text("variants.table", self.lang, domain=DOMAIN)
            pictures.append(f'<div><p class="label">{_e(word)}</p>{self._rows(after, rules.two_sided)}</div>')
        ruling = ""
        if self._has(f"variant.{variant}.ruling"):
            ruling = f'<p class="ruling"><b>{_e(text("ruling", self.lang, domain=DOMAIN))}</b> {_e(text(f"variant.{variant}.ruling", self.lang, domain=DOMAIN))}</p>'
        said = (f'<div class="said"><p class="label">{_e(text("variants.moment", self.lang, domain=DOMAIN, players=tour.players))}</p>'
                f"{self._laid_html(first, last, names)}<p>{_e(' '.join(s.text for s in steps))}</p></div>")
        return (f'<article class="vcard" data-variant="{variant}"><h2>{_e(text(f"variant.{variant}.name", self.lang, domain=LESSONS))}</h2>'
                f'<p class="facts">{_e(text(f"variant.{variant}.facts", self.lang, domain=DOMAIN))}</p>'
                f'<h3>{_e(text("variants.changes", self.lang, domain=DOMAIN))}</h3><p>{_e(text(f"variant.{variant}.rules", self.lang, domain=DOMAIN))}</p>{ruling}'
                f'<div class="moment">{"".join(pictures)}{said}</div></article>')

    def _has(self, key: str) -> bool:
        try:
            text(key, self.lang, domain=DOMAIN)
        except KeyError:
            return False
        return True

    def variant_cards(self) -> str:
        cards = [self._variant_card(v) for v in VARIANT_ORDER]
        sheets = []
        for i in range(0, len(cards), 2):
            head = self._head("variants", _e(text("variants.intro", self.lang, domain=DOMAIN))) if i == 0 else ""
            sheets.append(_sheet(head + "".join(cards[i:i + 2]), "variants"))
        return self.document(text("handout.variants", self.lang, domain=DOMAIN), sheets)

    def short_answer(self, p: Placement) -> str:
        """The answer in a few words: "after 24 in row 2", "sixth card: …", "the player chooses …"."""
        if p.rule == LOW:
            return text("key.low", self.lang, domain=DOMAIN)
        if p.rule == NOWHERE:
            return text("key.nowhere", self.lang, domain=DOMAIN)
        if p.rule == TIE:
            spots = join([spot_words(s.side, s.end, s.row + 1, self.lang) for s in p.tied], self.lang)
            return text("key.tie", self.lang, domain=DOMAIN, spots=spots)
        assert p.row is not None
        end = p.ends[p.row][0 if p.side == LEFT else 1] if p.two_sided else p.ends[p.row]
        spot = spot_words(p.side, end, p.row + 1, self.lang)
        return text("key.sixth", self.lang, domain=DOMAIN, spot=spot) if p.rule == SIXTH else spot

    def _answer_lines(self, q: Question) -> str:
        box = '<span class="box"></span>'
        row = _e(text("worksheet.row", self.lang, domain=DOMAIN)).format(blank='<span class="blank"></span>')
        lines = [row + (f' &#160; {box}{_e(text("end.left", self.lang, domain=DOMAIN))} &#160; {box}{_e(text("end.right", self.lang, domain=DOMAIN))}'
                        if q.two_sided else "")]
        lines.append(box + _e(text("worksheet.sixth", self.lang, domain=DOMAIN)))
        lines.append(box + _e(text("worksheet.nowhere" if q.two_sided else "worksheet.low", self.lang, domain=DOMAIN)))
        if q.two_sided:
            lines.append(box + _e(text("worksheet.tie", self.lang, domain=DOMAIN)))
        return '<div class="answer">' + "<br/>".join(lines) + "</div>"

    def worksheet(self) -> str:
        qs = worksheet_questions()
        cells = []
        for q in qs:
            kind = text("worksheet.pro" if q.two_sided else "worksheet.base", self.lang, domain=DOMAIN)
            cells.append(f'<div class="q" data-question="{q.number}"><h3>{_e(text("worksheet.question", self.lang, domain=DOMAIN, n=q.number, card=q.card))}'
                         f' <span class="v">({_e(kind)})</span></h3>{self._rows([list(r) for r in q.rows], q.two_sided)}'
                         f"{self._answer_lines(q)}</div>")
        name = (f'<div class="name"><span>{_e(text("worksheet.name", self.lang, domain=DOMAIN))}</span>'
                f'<span>{_e(text("worksheet.class", self.lang, domain=DOMAIN))}</span></div>')
        intro = f'<p>{_e(text("worksheet.intro", self.lang, domain=DOMAIN))}</p><p class="small">{_e(text("worksheet.pro.intro", self.lang, domain=DOMAIN))}</p>'
        questions = _sheet(self._head("worksheet") + name + intro + f'<div class="questions">{"".join(cells)}</div>',
                           "worksheet")
        items = "".join(f'<li data-question="{q.number}"><b>{q.number}. {q.card}: {_e(self.short_answer(q.answer))}</b>'
                        f'<br/><span class="why">{_e(q.answer.reason(self.lang))}</span></li>' for q in qs)
        key = _sheet(f'<h1>{_e(text("key.title", self.lang, domain=DOMAIN))}</h1><p class="sub">{_e(text("key.intro", self.lang, domain=DOMAIN))}</p>'
                     f'<ol class="keylist">{items}</ol>', "key")
        return self.document(text("handout.worksheet", self.lang, domain=DOMAIN), [questions, key])

    def _ticket(self) -> str:
        numbers = "".join(f"<span>{i}</span>" for i in range(1, 11))
        starters = "".join("<span></span>" for _ in range(4))
        head = (f'<tr><th>{_e(text("sheet.hand", self.lang, domain=DOMAIN))}</th><th>{_e(text("sheet.player", self.lang, domain=DOMAIN))}</th>'
                f'<th>{_e(text("sheet.name", self.lang, domain=DOMAIN))}</th><th>{_e(text("sheet.points", self.lang, domain=DOMAIN))}</th></tr>')
        rows = "".join(f'<tr><td>{n}.</td><td>{_e(text("sheet.player.n", self.lang, domain=DOMAIN, n=n))}'
                       f'{" — " + _e(text("sheet.owner", self.lang, domain=DOMAIN)) if n == 1 else ""}</td><td></td><td></td></tr>'
                       for n in range(1, MAX_TOURNAMENT + 1))
        return (f'<div class="ticket"><h2>{_e(text("game", self.lang, domain=SITE))} — {_e(text("sheet.title", self.lang, domain=DOMAIN))}</h2>'
                f'<p class="small">{_e(text("sheet.intro", self.lang, domain=DOMAIN))}</p>'
                f'<h3>{_e(text("sheet.cards", self.lang, domain=DOMAIN))}</h3>'
                f'<div class="cells" style="grid-template-columns:repeat(10,1fr)">{numbers}</div>'
                f'<h3>{_e(text("sheet.rowcards", self.lang, domain=DOMAIN))}</h3>'
                f'<div class="cells" style="grid-template-columns:repeat(4,1fr);width:40%">{starters}</div>'
                f'<table class="grid">{head}{rows}</table></div>')

    def score_sheet(self) -> str:
        cut = f'<div class="cut"><span>✂ {_e(text("sheet.cut", self.lang, domain=DOMAIN))}</span></div>'
        first = _sheet(self._ticket() + cut + self._ticket(), "scoresheet")
        players = "".join(f'<th>{_e(text("sheet.player.n", self.lang, domain=DOMAIN, n=n))}</th>' for n in range(1, MAX_TOURNAMENT + 1))
        lines = "".join(f'<tr><td>{_e(text("summary.sheet", self.lang, domain=DOMAIN, n=n))}</td>{"<td></td>" * MAX_TOURNAMENT}</tr>'
                        for n in range(1, MAX_TOURNAMENT + 1))
        total = f'<tr><th>{_e(text("summary.total", self.lang, domain=DOMAIN))}</th>{"<td></td>" * MAX_TOURNAMENT}</tr>'
        summary = _sheet(f'<h1>{_e(text("game", self.lang, domain=SITE))} — {_e(text("summary.title", self.lang, domain=DOMAIN))}</h1>'
                         f'<p>{_e(text("summary.intro", self.lang, domain=DOMAIN))}</p>'
                         f'<table class="grid"><tr><th></th>{players}</tr>{lines}{total}</table>'
                         f'<p class="small">{_e(text("summary.debrief", self.lang, domain=DOMAIN))}</p>', "scoresheet")
        return self.document(text("handout.scoresheet", self.lang, domain=DOMAIN), [first, summary])


# ---- all of them ------------------------------------------------------------------------------------------------
BUILDERS: dict[str, Callable[[Handout], str]] = {
    "rules": Handout.rules_summary, "variants": Handout.variant_cards, "worksheet": Handout.worksheet,
    "scoresheet": Handout.score_sheet,
}


def handout(name: str, lang: str) -> str:
    """The handout ``name`` (one of HANDOUTS) in ``lang``, as a whole HTML page."""
    if name not in BUILDERS:
        raise KeyError(f"no handout {name!r}; the handouts are: {', '.join(HANDOUTS)}")
    return BUILDERS[name](Handout(i18n.check_language(lang)))


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
