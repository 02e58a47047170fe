"""The teacher page: the teacher's guide (docs/teacher-guide.md and its cs/sk/ro versions) as the
site's own pages, one per language — teacher.html, teacher.cs.html, teacher.sk.html,
teacher.ro.html — rendered at build time with markdown-it-py, in the landing page's style, with the
start page, the learning app, the handouts and the other languages a click away.

Links inside a guide keep working in the site: to another language's guide, to that language's
page; to another document of docs/ (site.md, rulings.md), to its own page under guide-docs/
(rendered too, in English, as it is written); within the page, to the heading of that name (ids
as GitHub makes them). A link to a file the site does not hold is left as its text.

The pages' own words are the catalogue domain ``teacher`` (sixnimmt_core/locale/<lang>/LC_MESSAGES/
teacher.po, keys ``teacher.*``); the layout is lite_site/landing/teacher.html (a string.Template).

    python tools/site/teacher.py OUT   # writes the pages into OUT (build_site.py does it for the site)
"""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path
from string import Template
from typing import NamedTuple
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import classpage  # noqa: E402
import landing  # noqa: E402

from sixnimmt_core.words import i18n  # noqa: E402
from sixnimmt_core.words.i18n import text  # noqa: E402

DOCS = ROOT / "docs"
TEMPLATE = ROOT / "lite_site" / "landing" / "teacher.html"
DOMAIN = "teacher"
DOCS_DIR = "guide-docs"  # the other documents the guides link to, in the site
GUIDE = re.compile(r"^teacher-guide(?:\.([a-z]{2}))?\.md$")
SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)


def page_name(lang: str) -> str:
    """The teacher page of ``lang`` at the site's root: teacher.html in English, teacher.cs.html …"""
    return "teacher.html" if lang == i18n.SOURCE else f"teacher.{lang}.html"


def guide_file(lang: str, docs: Path = DOCS) -> Path:
    return docs / ("teacher-guide.md" if lang == i18n.SOURCE else f"teacher-guide.{lang}.md")


def slug(text: str, seen: dict[str, int]) -> str:
    """A heading's id as GitHub makes it: lower case, only letters, digits, '-', '_' and spaces,
    spaces made '-'; a repeated one gets -1, -2 …"""
    base = re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")
    n = seen.get(base, 0)
    seen[base] = n + 1
    return base if n == 0 else f"{base}-{n}"


def _markdown():
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False}).enable("table")


class Rendered(NamedTuple):
    """A document rendered: its HTML, its first heading (the title) and the documents of docs/ it
    links to (besides the guides)."""

    body: str
    title: str
    links: set[str]


def target(href: str, here: str, docs: Path = DOCS) -> tuple[str | None, str | None]:
    """Where a link of a document goes in the site, from a page at ``here`` ("" at the root, or
    DOCS_DIR): (the new href, or None to drop the link; the docs/ file it needs rendered, if any)."""
    if href.startswith("#") or SCHEME.match(href):
        return href, None
    path, _, frag = href.partition("#")
    frag = "#" + frag if frag else ""
    up = "../" if here else ""
    m = GUIDE.match(path)
    if m:
        return up + page_name(m.group(1) or i18n.SOURCE) + frag, None
    if path.endswith(".md") and "/" not in path and (docs / path).is_file():
        stem = path[:-3]
        return (f"{stem}.html" if here else f"{DOCS_DIR}/{stem}.html") + frag, path
    return None, None


def render(text: str, here: str = "", docs: Path = DOCS) -> Rendered:
    """A Markdown document as HTML: ids on the headings, links rewritten for the site (``target``);
    the lines before the first heading (the guide's own line of languages) are left out."""
    lines = text.splitlines()
    first = next((i for i, line in enumerate(lines) if line.startswith("# ")), 0)
    md = _markdown()
    tokens = md.parse("\n".join(lines[first:]))
    seen: dict[str, int] = {}
    title, needed = "", set()
    for i, tok in enumerate(tokens):
        if tok.type == "heading_open":
            words = "".join(c.content for c in tokens[i + 1].children or [] if c.type in ("text", "code_inline"))
            tok.attrSet("id", slug(words, seen))
            if tok.tag == "h1" and not title:
                title = words
        if tok.type == "inline" and tok.children:
            kept, dropping = [], 0
            for c in tok.children:
                if c.type == "link_open":
                    href, doc = target(str(c.attrGet("href") or ""), here, docs)
                    if href is None:
                        dropping += 1
                        continue
                    c.attrSet("href", href)
                    if doc:
                        needed.add(doc)
                elif c.type == "link_close" and dropping:
                    dropping -= 1
                    continue
                kept.append(c)
            tok.children = kept
    return Rendered(md.renderer.render(tokens, md.options, {}), title, needed)


def _nav(lang: str, here: str) -> str:
    up = "../" if here else ""
    items = [(f"{up}index.html#lang={lang}", "teacher.home"), (f"{up}app.html#lang={lang}", "teacher.app"),
             (f"{up}handouts/index.html", "teacher.handouts")]
    if here:
        items.insert(0, (up + page_name(lang), "teacher.link"))
    return "".join(f'<li><a href="{html.escape(href)}" data-nav="{key}">{html.escape(text(key, lang, domain=DOMAIN))}</a></li>'
                   for href, key in items)


def _langs(lang: str) -> str:
    out = []
    for other in i18n.LANGUAGES:
        current = ' aria-current="page"' if other == lang else ""
        out.append(f'<li><a href="{page_name(other)}" lang="{other}" hreflang="{other}" data-lang="{other}"'
                   f'{current}>{html.escape(i18n.NAMES[other])}</a></li>')
    return "".join(out)


def scrollable(body: str, lang: str) -> str:
    """Each table and each block of code as a box that scrolls sideways on a narrow screen and that
    the keyboard can reach and scroll (axe: scrollable-region-focusable): tabindex 0, the role
    region and a name in ``lang``, numbered so that no two regions of a page share one. A table
    keeps its own role: a box around it scrolls."""
    count = {"pre": 0, "table": 0}

    def named(m: re.Match[str]) -> str:
        tag = m.group(1)
        count[tag] += 1
        label = html.escape(text("teacher.scroll.code" if tag == "pre" else "teacher.scroll.table", lang, domain=DOMAIN, n=str(count[tag])), quote=True)
        if tag == "pre":
            return f'<pre tabindex="0" role="region" aria-label="{label}">'
        return f'<div class="scroll" tabindex="0" role="region" aria-label="{label}"><table>'

    body = re.sub(r"<(pre|table)>", named, body)
    return body.replace("</table>", "</table></div>")


def with_class_tables(guide: str, lang: str) -> str:
    """The guide with the Class tables section after its title (tools/site/classpage.py)."""
    section = classpage.teacher_section(lang, TEMPLATE.parent)
    return guide.replace("</h1>", "</h1>\n" + section, 1) if "</h1>" in guide else section + guide


def page(lang: str, body: Rendered, here: str = "", template: Path = TEMPLATE) -> str:
    """One page: the layout with the document, the links and the words of ``lang``; a guide (at the
    site's root) with the Class tables section."""
    t = Template(template.read_text(encoding="utf-8"))
    guide = scrollable(body.body, lang)
    return t.substitute(
        lang=lang, title=html.escape(text("teacher.page_title", lang, domain=DOMAIN, guide=body.title, game=text("game", lang, domain="site"))),
        icon=landing.ICON, nav=_nav(lang, here), nav_label=html.escape(text("teacher.nav", lang, domain=DOMAIN)),
        langs="" if here else _langs(lang), lang_label=html.escape(text("teacher.lang", lang, domain=DOMAIN)),
        print_label=html.escape(text("teacher.print", lang, domain=DOMAIN)),
        guide=guide if here else with_class_tables(guide, lang),
        note="" if not here else f'<p class="note">{html.escape(text("teacher.english_only", lang, domain=DOMAIN))}</p>',
    )


def pages(docs: Path = DOCS, template: Path = TEMPLATE) -> dict[str, str]:
    """Relative path in the site -> page: each language's guide, then every document of docs/ the
    guides (and those documents) link to."""
    out: dict[str, str] = {}
    todo: list[str] = []
    for lang in i18n.LANGUAGES:
        guide = guide_file(lang, docs)
        if not guide.is_file():
            raise FileNotFoundError(f"{guide} is missing: every language of the edition has its guide")
        r = render(guide.read_text(encoding="utf-8"), "", docs)
        out[page_name(lang)] = page(lang, r, "", template)
        todo += sorted(r.links)
    done: set[str] = set()
    while todo:
        name = todo.pop(0)
        if name in done:
            continue
        done.add(name)
        r = render((docs / name).read_text(encoding="utf-8"), DOCS_DIR, docs)
        out[f"{DOCS_DIR}/{quote(name[:-3])}.html"] = page(i18n.SOURCE, r, DOCS_DIR, template)
        todo += sorted(r.links - done)
    return out


def build(out: Path, docs: Path = DOCS, template: Path = TEMPLATE) -> list[Path]:
    """Write the teacher pages into the site folder ``out``; return the files written."""
    written = []
    for name, page in pages(docs, template).items():
        path = out / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(page, encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print(__doc__.strip().splitlines()[-1].strip(), file=sys.stderr)
        return 2
    for path in build(Path(args[0])):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
