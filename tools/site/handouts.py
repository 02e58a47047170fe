"""Write the printable handouts (sixnimmt_core/drawing/handouts.py) into a folder, each as HTML and PDF.

    python tools/site/handouts.py OUT [--lang cs ...] [--no-pdf]

OUT gets ``index.html`` (every handout in every language) and ``<lang>/<handout>.html`` and
``.pdf`` (A4). The page and the PDF are made from the same data (handouts.Handout.data), the PDF
by handout_pdf.py (fpdf2, pure Python): no browser is needed, and the same data give the same bytes.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
for folder in (ROOT, HERE):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import handout_pdf  # noqa: E402

from sixnimmt_core.drawing import handouts  # noqa: E402
from sixnimmt_core.words import i18n  # noqa: E402


def log(msg: str) -> None:
    print(f"handouts: {msg}", flush=True)


def check(name: str, lang: str, page: str) -> None:
    """Refuse a page that would print wrongly: not A4, or a card without its heads."""
    if "@page { size: A4;" not in page:
        raise ValueError(f"{lang}/{name}: no A4 @page rule")
    from sixnimmt_core.engine.cards import heads

    for card, drawn in handouts.drawn_cards(page):
        if drawn != heads(card):
            raise ValueError(f"{lang}/{name}: card {card} drawn with {drawn} heads, not {heads(card)}")


def write_pages(out: Path, langs: list[str], pdf: bool = True) -> list[Path]:
    """Every handout of ``langs`` under ``out`` as an HTML page and (``pdf``) an A4 PDF beside it, both
    made from the handout's data (handouts.Handout.data; handout_pdf: no browser); return the pages."""
    written = []
    for lang in langs:
        made = handouts.Handout(lang)
        for name in handouts.HANDOUTS:
            data = made.data(name)
            page = made.html(data)
            check(name, lang, page)
            path = out / handouts.file_name(name, lang)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(page, encoding="utf-8")
            if pdf:
                path.with_suffix(".pdf").write_bytes(handout_pdf.pdf_bytes(data))
            written.append(path)
    return written


def build(out: Path, langs: list[str] | None = None, pdf: bool = True) -> list[Path]:
    """The handouts of ``langs`` (default: every language) into ``out``; return what was written."""
    langs = langs or list(i18n.LANGUAGES)
    t0 = time.monotonic()
    out.mkdir(parents=True, exist_ok=True)
    pages = write_pages(out, langs, pdf)
    (out / "index.html").write_text(handouts.index_page(pdf=pdf), encoding="utf-8")
    files = pages + ([p.with_suffix(".pdf") for p in pages] if pdf else [])
    size = sum(p.stat().st_size for p in files) / 1e6
    log(f"{len(pages)} handouts{' and their PDFs' if pdf else ''} in {out} "
        f"({size:.1f} MB) in {time.monotonic() - t0:.1f} s")
    return files


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path, help="the folder to write into (e.g. build/handouts, <site>/handouts)")
    ap.add_argument("--lang", action="append", choices=i18n.LANGUAGES, help="default: every language")
    ap.add_argument("--no-pdf", action="store_true", help="the HTML pages only")
    args = ap.parse_args(argv)
    build(args.out, args.lang, pdf=not args.no_pdf)
    return 0


if __name__ == "__main__":
    sys.exit(main())
