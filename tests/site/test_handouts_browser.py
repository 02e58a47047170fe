"""The printed handouts (tools/site/handouts.py): the PDFs exist for every language, every page is
A4 (the MediaBox read from the PDF's bytes), the rules fit one page, the worksheet's answer key
starts a page of its own, and the words each page should print are in the PDF's text (read from
its content streams through the fonts' ToUnicode maps: no PDF library is needed).

The handouts are looked for in ``SIXNIMMT_HANDOUTS_DIR`` if set, else in the built site
(``<site>/handouts``): ``python tools/site/handouts.py /tmp/handouts`` and
``SIXNIMMT_HANDOUTS_DIR=/tmp/handouts pytest tests/site/test_handouts_browser.py`` test them alone.
"""

from __future__ import annotations

import os
import re
import unicodedata
import zlib
from pathlib import Path

import pytest
from site_harness import SITE_DIR

from sixnimmt_core import handouts, i18n

pytestmark = pytest.mark.browser

A4 = (595.28, 841.89)  # points: 210 × 297 mm


@pytest.fixture(scope="module")
def folder() -> Path:
    found = Path(os.environ.get("SIXNIMMT_HANDOUTS_DIR", SITE_DIR / "handouts"))
    if not (found / "index.html").is_file():
        pytest.fail(f"no handouts in {found}: run `make site`, or `make handouts` and set SIXNIMMT_HANDOUTS_DIR")
    return found


# ---- reading a PDF as Chromium writes it (PDF 1.4, no object streams, Flate, Type0 fonts) -------------
OBJ = re.compile(rb"(\d+) 0 obj\s*(.*?)\s*endobj", re.S)


def _objects(data: bytes) -> dict[int, bytes]:
    return {int(n): body for n, body in OBJ.findall(data)}


def _stream(body: bytes) -> bytes:
    head, _, rest = body.partition(b"stream")
    raw = rest.lstrip(b"\r\n").rsplit(b"endstream", 1)[0]
    return zlib.decompress(raw) if b"FlateDecode" in head else raw


def _unicode_map(cmap: bytes) -> dict[int, str]:
    out: dict[int, str] = {}
    for block in re.findall(rb"beginbfchar(.*?)endbfchar", cmap, re.S):
        for code, text in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            out[int(code, 16)] = bytes.fromhex(text.decode()).decode("utf-16-be")
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", cmap, re.S):
        for low, high, first in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            for i, code in enumerate(range(int(low, 16), int(high, 16) + 1)):
                out[code] = chr(int(first, 16) + i)
    return out


def pdf_pages(data: bytes) -> list[tuple[tuple[float, ...], str]]:
    """(MediaBox, text) of every page, in the page tree's order."""
    objs = _objects(data)
    root = next(n for n, b in objs.items() if re.search(rb"/Type\s*/Pages\b", b) and b"/Parent" not in b)
    order: list[int] = []

    def walk(n: int) -> None:
        if re.search(rb"/Type\s*/Page\b", objs[n]):
            order.append(n)
            return
        for kid in re.findall(rb"(\d+) 0 R", re.search(rb"/Kids\s*\[(.*?)\]", objs[n], re.S).group(1)):
            walk(int(kid))

    walk(root)
    out = []
    for n in order:
        body = objs[n]
        box = tuple(float(x) for x in re.search(rb"/MediaBox\s*\[([^\]]*)\]", body).group(1).split())
        fonts = {}
        fd = re.search(rb"/Font\s*<<(.*?)>>", body, re.S)
        for name, f in re.findall(rb"/(\w+)\s+(\d+) 0 R", fd.group(1) if fd else b""):
            to_unicode = re.search(rb"/ToUnicode\s+(\d+) 0 R", objs[int(f)])
            fonts[name] = _unicode_map(_stream(objs[int(to_unicode.group(1))])) if to_unicode else {}
        contents = re.search(rb"/Contents\s*(\[.*?\]|\d+ 0 R)", body, re.S).group(1)
        content = b"".join(_stream(objs[int(c)]) for c in re.findall(rb"(\d+) 0 R", contents))
        font: dict[int, str] = {}
        parts = []
        for m in re.finditer(rb"/(\w+)\s+[\d.]+\s+Tf|(\[[^\]]*\]\s*TJ|<[0-9A-Fa-f]*>\s*Tj)|\bET\b", content):
            if m.group(1):
                font = fonts.get(m.group(1), {})
            elif m.group(2):
                for h in re.findall(rb"<([0-9A-Fa-f]*)>", m.group(2)):
                    parts.extend(font.get(int(h[i:i + 4], 16), "") for i in range(0, len(h), 4))
            else:
                parts.append(" ")
        text = unicodedata.normalize("NFKC", "".join(parts))  # the "ﬁ" ligature is "fi"
        out.append((box, re.sub(r"\s+", " ", text)))
    return out


@pytest.fixture(scope="module")
def printed(folder) -> dict[tuple[str, str], list[tuple[tuple[float, ...], str]]]:
    out = {}
    for lang in i18n.LANGUAGES:
        for name in handouts.HANDOUTS:
            pdf = folder / handouts.file_name(name, lang, "pdf")
            assert pdf.is_file(), f"{pdf} is missing"
            data = pdf.read_bytes()
            assert data.startswith(b"%PDF-") and b"%%EOF" in data[-64:]
            assert b"/CreationDate (D:20000101000000" in data  # steady: the same handout, the same bytes
            out[name, lang] = pdf_pages(data)
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
        for box, _text in pages:
            x0, y0, x1, y1 = box
            assert (x0, y0) == (0, 0)
            assert abs(x1 - A4[0]) < 1 and abs(y1 - A4[1]) < 1, f"{lang}/{name}: {box} is not A4"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_page_counts_and_the_answer_key_on_a_page_of_its_own(printed, lang):
    assert len(printed["rules", lang]) == 1, "the rules summary is one page"
    assert len(printed["scoresheet", lang]) == 2  # two sheets to cut apart, and the results by selection
    assert 4 <= len(printed["variants", lang]) <= 6  # one card per variant, none split across pages
    pages = [text for _box, text in printed["worksheet", lang]]
    title = handouts.t("key.title", lang)
    starts = [i for i, text in enumerate(pages) if text.startswith(title)]
    assert len(starts) == 1 and starts[0] >= 1, f"the key starts no page: {[p[:40] for p in pages]}"
    first_key = starts[0]
    assert not any(title in text for text in pages[:first_key])
    questions = " ".join(pages[:first_key])
    key = " ".join(pages[first_key:])
    for q in handouts.worksheet_questions():
        asked = handouts.t("worksheet.question", lang, n=q.number, card=q.card)
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
            "scoresheet": ["Foaia de turneu", "Puncte de penalizare", "Rezultatele pe selecții"]}),
])
def test_each_pdf_prints_its_language_s_words(printed, lang, words):
    for name, expected in words.items():
        text = " ".join(t for _box, t in printed[name, lang])
        for word in expected:
            assert word in text, f"{lang}/{name}.pdf lacks {word!r}"


def test_the_browser_prints_each_page_as_the_pdf_beside_it(browser, folder, tmp_path):
    """Printing a handout's page from the browser gives the same pages as its PDF (no server needed:
    the page is a file; it asks for nothing else)."""
    context = browser.new_context()
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    try:
        for name in handouts.HANDOUTS:
            html = (folder / handouts.file_name(name, "sk")).resolve()
            page.goto(html.as_uri(), wait_until="load")
            out = tmp_path / f"{name}.pdf"
            page.pdf(path=str(out), prefer_css_page_size=True)
            again = pdf_pages(out.read_bytes())
            built = pdf_pages((folder / handouts.file_name(name, "sk", "pdf")).read_bytes())
            assert len(again) == len(built), name
            assert [t for _b, t in again] == [t for _b, t in built], name
    finally:
        context.close()
    assert all(u.startswith("file://") for u in asked), asked
