"""The handouts' PDFs (tools/site/handouts.py, drawn by handout_pdf.py from the handouts' data): they exist for every
language, every page is A4, the rules fit one page, the worksheet's answer key starts a page of its
own, the words each page should print are in the PDF's text (read through the embedded font's
ToUnicode map, by pypdf), every card is drawn with its heads, and the PDF says what its HTML page says.
No browser is needed.

The handouts are looked for in ``SIXNIMMT_HANDOUTS_DIR`` if set, else in the built site
(``<site>/handouts``): ``python tools/site/handouts.py /tmp/handouts`` and
``SIXNIMMT_HANDOUTS_DIR=/tmp/handouts pytest tests/site/test_handouts_pdf.py`` test them alone.
"""

from __future__ import annotations

import html
import os
import re
import unicodedata
from pathlib import Path

import pytest
from pypdf import PdfReader
from site_harness import SITE_DIR

from sixnimmt_core.drawing import handouts
from sixnimmt_core.engine.cards import heads
from sixnimmt_core.words import i18n, text

A4 = (595.28, 841.89)  # points: 210 × 297 mm
MUZZLE = b"0.9647 0.7137 0.6706 rg"  # a bull's muzzle (render._HEAD, #f6b6ab): one fill per head drawn


@pytest.fixture(scope="module")
def folder() -> Path:
    found = Path(os.environ.get("SIXNIMMT_HANDOUTS_DIR", SITE_DIR / "handouts"))
    if not (found / "index.html").is_file():
        pytest.fail(f"no handouts in {found}: run `make site`, or `make handouts` and set SIXNIMMT_HANDOUTS_DIR")
    return found


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text)).strip()


def pdf_pages(path: Path) -> list[tuple[tuple[float, ...], str, int]]:
    """(MediaBox, text, heads drawn) of every page."""
    out = []
    for page in PdfReader(path).pages:
        box = tuple(float(x) for x in page.mediabox)
        out.append((box, _flat(page.extract_text()), page.get_contents().get_data().count(MUZZLE)))
    return out


@pytest.fixture(scope="module")
def printed(folder) -> dict[tuple[str, str], list[tuple[tuple[float, ...], str, int]]]:
    out = {}
    for lang in i18n.LANGUAGES:
        for name in handouts.HANDOUTS:
            pdf = folder / handouts.file_name(name, lang, "pdf")
            assert pdf.is_file(), f"{pdf} is missing"
            data = pdf.read_bytes()
            assert data.startswith(b"%PDF-") and b"%%EOF" in data[-64:]
            assert b"/CreationDate (D:20000101000000" in data  # steady: the same handout, the same bytes
            out[name, lang] = pdf_pages(pdf)
    return out


def test_the_index_links_every_handout_and_each_link_is_there(folder):
    index = (folder / "index.html").read_text("utf-8")
    links = re.findall(r'href="([^"]+)"', index)
    assert len(links) == 2 * len(handouts.HANDOUTS) * len(i18n.LANGUAGES)
    for link in links:
        assert (folder / link).is_file(), link


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_page_of_every_pdf_is_a4(printed, lang):
    for name in handouts.HANDOUTS:
        pages = printed[name, lang]
        assert pages, f"{lang}/{name}.pdf has no page"
        for box, _text, _heads in pages:
            x0, y0, x1, y1 = box
            assert (x0, y0) == (0, 0)
            assert abs(x1 - A4[0]) < 1 and abs(y1 - A4[1]) < 1, f"{lang}/{name}: {box} is not A4"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_page_counts_and_the_answer_key_on_a_page_of_its_own(printed, lang):
    assert len(printed["rules", lang]) == 1, "the rules summary is one page"
    assert len(printed["scoresheet", lang]) == 2  # two sheets to cut apart, and the results by selection
    assert 4 <= len(printed["variants", lang]) <= 6  # one card per variant, none split across pages
    pages = [text for _box, text, _heads in printed["worksheet", lang]]
    title = text("key.title", lang, domain=handouts.DOMAIN)
    starts = [i for i, text in enumerate(pages) if text.startswith(title)]
    assert len(starts) == 1 and starts[0] >= 1, f"the key starts no page: {[p[:40] for p in pages]}"
    first_key = starts[0]
    assert not any(title in text for text in pages[:first_key])
    questions = " ".join(pages[:first_key])
    key = " ".join(pages[first_key:])
    for q in handouts.worksheet_questions():
        asked = text("worksheet.question", lang, domain=handouts.DOMAIN, n=q.number, card=q.card)
        assert asked in questions and asked not in key
        assert f"{q.number}. {q.card}: " in key
        for card in (c for row in q.rows for c in row):  # the tables' card numbers are printed
            assert re.search(rf"(?<!\d){card}(?!\d)", questions)


@pytest.mark.parametrize(("lang", "words"), [
    ("en", {"rules": ["6 nimmt!", "cattle heads", "Smallest difference", "29 goes after 24 in row 2"],
            "variants": ["Professional", "Twins", "RULING:", "The 4 cards left over start the rows"],
            "worksheet": ["Where does 56 go?", "Answer key", "(rule 2, smallest difference)"],
            "scoresheet": ["Tournament sheet", "Penalty points", "Results by selection"]}),
    ("cs", {"rules": ["6 bere!", "kravských hlav", "Nejmenší rozdíl", "29 jde za 24 v řadě 2"],
            "variants": ["Profesionál", "Dvojčata", "Otevřená", "Startovní kartu"],
            "worksheet": ["Kam jde 56?", "Řešení", "(pravidlo 2, nejmenší rozdíl)"],
            "scoresheet": ["Turnajový lístek", "Trestné body", "Výsledky podle výběru karet"]}),
    ("sk", {"rules": ["6 berie!", "mínusové body", "Najmenší rozdiel", "29 ide za 24 v rade 2"],
            "variants": ["Profesionál", "Dvojičky", "Otvorená", "Štartovaciu kartu"],
            "worksheet": ["Kam ide 56?", "Riešenie", "(pravidlo 2, najmenší rozdiel)"],
            "scoresheet": ["Turnajový lístok", "Mínusové body", "ľavému susedovi"]}),
    ("ro", {"rules": ["6 ... ia și pierde!", "capete de taur", "Cea mai mică diferență", "29 se așază după 24 în rândul 2"],
            "variants": ["Profesionist", "Gemeni", "Deschisă", "Cartea de start"],
            "worksheet": ["Unde se așază 56?", "Rezolvări", "(regula 2, cea mai mică diferență)"],
            "scoresheet": ["Foaia de turneu", "Puncte de penalizare", "Rezultatele fiecărei foi"]}),
])
def test_each_pdf_prints_its_language_s_words(printed, lang, words):
    for name, expected in words.items():
        text = " ".join(t for _box, t, _heads in printed[name, lang])
        for word in expected:
            assert word in text, f"{lang}/{name}.pdf lacks {word!r}"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_card_is_drawn_with_its_heads(printed, folder, lang):
    """As many heads in the PDF as the HTML page's cards carry (55: 7, multiples of 11: 5, …);
    the rules' page alone holds a card of every kind."""
    for name in handouts.HANDOUTS:
        page = (folder / handouts.file_name(name, lang)).read_text("utf-8")
        cards = handouts.drawn_cards(page)  # none on the score sheet
        drawn = sum(h for _box, _text, h in printed[name, lang])
        assert drawn == sum(heads(card) for card, _drawn in cards), f"{lang}/{name}"
    kinds = {heads(card) for card, _drawn in handouts.drawn_cards(
        (folder / handouts.file_name("rules", lang)).read_text("utf-8"))}
    assert kinds == {1, 2, 3, 5, 7}


def page_words(page: str) -> list[str]:
    """The texts of an HTML page's body, in order, the cards and rows (drawn, not written) left out."""
    body = re.sub(r"<svg\b.*?</svg>|<figure class=\"snt snt-table\".*?</figure>", " ",
                  page.split("<body", 1)[1].split(">", 1)[1], flags=re.S)
    texts = [_flat(t) for t in re.split(r"<[^>]+>", body)]
    return [html.unescape(t).replace("✂", "").strip() for t in texts if t.strip()]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_each_pdf_says_what_its_html_page_says(printed, folder, lang):
    """Every piece of text of the HTML page (a heading, a paragraph, a run of bold, a cell…) is in
    its PDF, in the page's order: the PDF is made from the page, it drops or reorders nothing."""
    for name in handouts.HANDOUTS:
        page = (folder / handouts.file_name(name, lang)).read_text("utf-8")
        text = " ".join(t for _box, t, _heads in printed[name, lang]).casefold()
        at = 0
        for words in page_words(page):
            words = _flat(words).casefold()
            if not words:
                continue
            found = text.find(words, at)
            assert found >= 0, f"{lang}/{name}.pdf lacks {words!r} (after {text[max(0, at - 60):at]!r})"
            at = found + len(words)


def test_the_pdf_is_drawn_from_the_handout_s_data_the_same_bytes_every_time(folder):
    """Each PDF is exactly what handout_pdf draws from the handout's data (the data its HTML page beside
    it is written from), and drawing it again gives the same bytes (the site's version hash stays put
    while the handouts do)."""
    import csp
    import handout_pdf

    for name in ("rules", "worksheet"):
        data = handouts.Handout("cs").data(name)
        page = (folder / handouts.file_name(name, "cs")).read_text("utf-8")
        written = handouts.Handout("cs").html(data)
        # in the built site each page also carries the site's policy (csp.add_to), in a folder of handouts not
        assert (csp.add_to(written) if csp.META.split("{")[0] in page else written) == page
        made = handout_pdf.pdf_bytes(data)
        assert made == handout_pdf.pdf_bytes(handouts.Handout("cs").data(name))
        assert made == (folder / handouts.file_name(name, "cs", "pdf")).read_bytes()


def test_the_pdf_writer_draws_every_kind_of_block():
    """Every kind of block a handout is made of (sheets.Block) has its drawing in handout_pdf, so no
    block of the HTML page is left out of the PDF."""
    import typing

    import handout_pdf

    from sixnimmt_core.drawing import sheets

    kinds = typing.get_args(sheets.Block)
    assert len(kinds) >= 15
    for kind in kinds:
        assert callable(getattr(handout_pdf.Printer, kind.__name__.lower(), None)), kind.__name__
