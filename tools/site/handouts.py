"""Write the printable handouts (sixnimmt_core/handouts.py) into a folder, and print each to PDF.

    python tools/site/handouts.py OUT [--lang cs ...] [--no-pdf]

OUT gets ``index.html`` (every handout in every language) and ``<lang>/<handout>.html`` and
``.pdf`` (A4). The PDFs are printed by Debian's Chromium (``chromium`` on PATH, as the browser
tests use it) through Playwright, from the very pages written beside them; Playwright never
downloads a browser. Each page is loaded from the folder itself (``file://``), with every request
off that folder refused: a handout needs nothing from anywhere else.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sixnimmt_core import handouts, i18n  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def log(msg: str) -> None:
    print(f"handouts: {msg}", flush=True)


def check(name: str, lang: str, page: str) -> None:
    """Refuse a page that would print wrongly: not A4, or a card without its heads."""
    if "@page { size: A4;" not in page:
        raise ValueError(f"{lang}/{name}: no A4 @page rule")
    from sixnimmt_core.cards import heads

    for card, drawn in handouts.drawn_cards(page):
        if drawn != heads(card):
            raise ValueError(f"{lang}/{name}: card {card} drawn with {drawn} heads, not {heads(card)}")


def write_pages(out: Path, langs: list[str]) -> list[Path]:
    """Every handout of ``langs`` as HTML under ``out``, and the index; return the handouts' pages."""
    written = []
    for lang in langs:
        for name in handouts.HANDOUTS:
            page = handouts.handout(name, lang)
            check(name, lang, page)
            path = out / handouts.file_name(name, lang)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(page, encoding="utf-8")
            written.append(path)
    return written


DATE = re.compile(rb"/(CreationDate|ModDate) \(D:\d{14}")
STEADY_DATE = b"20000101000000"  # the same length: the PDF's byte offsets stay right


def steady(pdf: Path) -> None:
    """The PDF's dates fixed: the same handouts print to the same bytes (the site's version, its
    compressed copies and the students' caches change only when a handout does)."""
    data = pdf.read_bytes()
    pdf.write_bytes(DATE.sub(lambda m: b"/" + m.group(1) + b" (D:" + STEADY_DATE, data))


def print_pdfs(pages: list[Path]) -> None:
    """Each page to a PDF beside it, by Chromium's own printing (the page's @page size: A4)."""
    from playwright.sync_api import sync_playwright

    exe = shutil.which("chromium")
    if exe is None:
        sys.exit("handouts: chromium is not on PATH (make browser-deps), or use --no-pdf")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=exe, headless=True, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context()
            tab = context.new_page()
            folders = tuple({p.parent.resolve().as_uri() + "/" for p in pages})

            def only_the_folder(route) -> None:  # a handout needs nothing else
                if route.request.url.startswith(folders):
                    route.continue_()
                else:
                    route.abort()

            tab.route("**/*", only_the_folder)
            tab.emulate_media(media="print")
            for path in pages:
                tab.goto(path.resolve().as_uri(), wait_until="load")
                tab.pdf(path=str(path.with_suffix(".pdf")), prefer_css_page_size=True,
                        print_background=False, tagged=True, outline=False)
                steady(path.with_suffix(".pdf"))
            context.close()
        finally:
            browser.close()


def build(out: Path, langs: list[str] | None = None, pdf: bool = True) -> list[Path]:
    """The handouts of ``langs`` (default: every language) into ``out``; return what was written."""
    langs = langs or list(i18n.LANGUAGES)
    t0 = time.monotonic()
    out.mkdir(parents=True, exist_ok=True)
    pages = write_pages(out, langs)
    (out / "index.html").write_text(handouts.index_page(pdf=pdf), encoding="utf-8")
    if pdf:
        print_pdfs(pages)
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
