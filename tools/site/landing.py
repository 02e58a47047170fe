"""The site's landing page and the learning app's page: the lessons in one code-free app (its own
Python, started once: lite_site/live/) and as notebooks in order, each a deep link into the
Notebook view.

Data-driven: the pages' layout lives in lite_site/landing/index.html (a string.Template with
${notebooks}; it carries the root config JupyterLite's apps look for) and lite_site/landing/item.html (${href}, ${title}); the notebook list is every
notebooks/*.ipynb sorted by file name, titled by its first markdown heading, and the same for each
language's folder (notebooks/cs/ …), each item marked with its language (the page shows its own).

The pages' words are the catalogue domain ``site`` (sixnimmt_core/locale/<lang>/LC_MESSAGES/site.po,
compiled by ``make catalogues``), every language of the edition embedded in each page as one JSON
(${words}); lite_site/landing/i18n.js (${i18n}) picks the language — the fragment's ``lang=``, else
the choice kept in the browser, else the browser's languages, else English — and fills every element
marked ``data-t``. docs/translating.md, "The site".
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from string import Template
from urllib.parse import quote, urlencode

from sixnimmt_core.teaching.teach import APP_TITLES, lessons
from sixnimmt_core.words import i18n

DOMAIN = "site"
# A catalogue's plural rule goes into the page as JavaScript: only these characters may.
PLURAL_EXPR = re.compile(r"[n0-9\s()?:=!<>&|%]+")

# A card with a 6 on it (lite_site/landing/icon.svg), inline: no request for an icon file.
ICON = "data:image/svg+xml," + quote((Path(__file__).parents[2] / "lite_site/landing/icon.svg").read_text("utf-8").strip())
HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$")


def notebook_title(path: Path) -> str:
    """The first markdown heading of a notebook, else its file name without extension."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    for cell in nb.get("cells", []):
        if cell.get("cell_type") != "markdown":
            continue
        source = cell.get("source", "")
        text = "".join(source) if isinstance(source, list) else source
        for line in text.splitlines():
            m = HEADING.match(line)
            if m:
                return re.sub(r"^\d+\.\s+", "", m.group(1))  # the list numbers the lessons itself
    return path.stem


def notebook_href(name: str) -> str:
    """Deep link into the Notebook view (not the Lab) for a notebook at the contents root."""
    return "notebooks/?path=" + quote(name)


def notebooks_in_order(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.ipynb"), key=lambda p: p.name)


def app_href(name: str) -> str:
    """The landing page's link to a lesson of the app."""
    return "app.html#" + urlencode([("lesson", name)])


# The old one-page-per-lesson addresses keep working: each sends the browser to its lesson.
REDIRECT = Template(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>'
    '<meta http-equiv="refresh" content="0; url=../${href}"></head>'
    '<body><p><a href="../${href}">${title}</a></p></body></html>'
)


def _json(data) -> str:
    """JSON for a <script type="application/json"> element (no "</" to end it early)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")


def catalogue_words(lang: str, domain: str = DOMAIN) -> dict:
    """The domain ``site`` (or ``domain``) of ``lang`` as the pages read it: its name (in itself), its plural rule
    (a JavaScript expression of n) and {key: text, or [text per plural form]}; a key the language
    lacks is left out (the page falls back on English).

    :raises FileNotFoundError: the catalogues were never compiled (``make catalogues``)."""
    from babel.messages.mofile import read_mo

    mo = i18n.LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.mo"
    if not mo.is_file():
        raise FileNotFoundError(f"{mo} is missing: run `make catalogues`")
    with mo.open("rb") as f:
        catalog = read_mo(f)
    if not PLURAL_EXPR.fullmatch(catalog.plural_expr):
        raise ValueError(f"{mo}: a plural rule the page cannot run: {catalog.plural_expr!r}")
    words = {}
    for m in catalog:
        if not m.id:
            continue
        key = m.id[0] if isinstance(m.id, (list, tuple)) else m.id
        if isinstance(m.string, (list, tuple)):
            if all(m.string):
                words[key] = list(m.string)
        elif m.string:
            words[key] = m.string
    return {"name": i18n.NAMES[lang], "plural": catalog.plural_expr, "words": words}


# The class tables' own words (keys class.*) are for their pages (tools/site/classpage.py); the other
# pages carry only their link to them.
CLASS_LINK = ("class.link", "class.link.what", "class.link.go")


def site_words(class_pages: bool = False) -> dict:
    """Every language's words for the pages, English first: the domain ``site``, and the lessons'
    titles and lines (``lesson.<name>.title``/``.line``, the lessons' own: ``teach.lessons``).
    ``class_pages``: with the class tables' own words (``class.*``), else only their link."""
    out = {lang: catalogue_words(lang) for lang in i18n.LANGUAGES}
    for lang, entry in out.items():
        if not class_pages:
            entry["words"] = {k: v for k, v in entry["words"].items() if not k.startswith("class.") or k in CLASS_LINK}
        for name, (title, line) in lessons(lang).items():
            entry["words"][f"lesson.{name}.title"] = title
            entry["words"][f"lesson.{name}.line"] = line
        # the links to the teacher page (tools/site/teacher.py): its words are the domain ``teacher``
        teacher = catalogue_words(lang, "teacher")["words"]
        entry["words"].update({k: v for k, v in teacher.items() if k.startswith("teacher.")})
    return out


def _script(template_dir: Path, words: dict) -> str:
    """lite_site/landing/i18n.js after each language's plural rule as a function (PLURAL_RULES): the
    page's policy allows no eval (tools/site/csp.py); catalogue_words checked the rules (PLURAL_EXPR)."""
    rules = ", ".join(f"{json.dumps(lang)}: n => +({entry['plural']})" for lang, entry in words.items())
    return f"const PLURAL_RULES = {{{rules}}};\n" + (template_dir / "i18n.js").read_text(encoding="utf-8")


def app_page(template_dir: Path, frames: str = "frames/") -> str:
    """The one app page: the lessons (keys), the words of every language,
    the languages of the previews, the icon, the folder of the lessons' frames (tools/site/frames.py)."""
    from sixnimmt_core.widgets.apps import PICKS
    from sixnimmt_core.widgets.frames import BUTTONS, VIEWS, WALK_LESSONS

    # a walkthrough lesson: the pick it opens at and the picks it has (their frames are in frames/)
    lessons = [{"key": name, **({"walk": {"first": WALK_LESSONS[name], "picks": list(PICKS[name])}}
                                if name in WALK_LESSONS else {})} for name in APP_TITLES]
    page = Template((template_dir / "app.html").read_text(encoding="utf-8"))
    words = site_words()
    return page.substitute(lessons=_json(lessons), words=_json(words), i18n=_script(template_dir, words),
                           previews=json.dumps(list(i18n.LANGUAGES)), icon=ICON,
                           frames=json.dumps(frames), views=json.dumps(VIEWS), buttons=json.dumps(BUTTONS), langs=json.dumps(list(words)),
                           walks=json.dumps({name: {"first": first, "picks": list(PICKS[name])}
                                             for name, first in WALK_LESSONS.items()}))


def app_pages(template_dir: Path) -> dict[str, str]:
    """File name -> page for apps/: one redirect per lesson to its place in the app, and each
    lesson's preview in each language it can be drawn in (``preview-<lesson>.html`` in English,
    ``preview-<lesson>-<lang>.html`` in the others: its first view drawn at build time, shown
    while Python starts)."""
    from sixnimmt_core.widgets.snapshot import preview

    pages = {f"{name}.html": REDIRECT.substitute(title=html.escape(title), href=html.escape(app_href(name)))
             for name, (title, _line) in APP_TITLES.items()}
    for lang in i18n.LANGUAGES:
        for name in APP_TITLES:
            pages[preview_name(name, lang)] = preview(name, lang=lang)
    return pages


def preview_name(lesson: str, lang: str = i18n.SOURCE) -> str:
    return f"preview-{lesson}.html" if lang == i18n.SOURCE else f"preview-{lesson}-{lang}.html"


def render(template_dir: Path, notebooks_dir: Path) -> str:
    page = Template((template_dir / "index.html").read_text(encoding="utf-8"))
    item = Template((template_dir / "item.html").read_text(encoding="utf-8").strip())
    items = []
    for lang in i18n.LANGUAGES:  # English at the root, each other language in its folder
        folder = notebooks_dir if lang == i18n.SOURCE else notebooks_dir / lang
        for p in notebooks_in_order(folder) if folder.is_dir() else []:
            name = p.name if lang == i18n.SOURCE else f"{lang}/{p.name}"
            li = item.substitute(href=html.escape(notebook_href(name)), title=html.escape(notebook_title(p)))
            hidden = "" if lang == i18n.SOURCE else " hidden"  # the page shows its language's (i18n.js)
            items.append(li.replace("<li>", f'<li data-only-lang="{lang}"{hidden}>', 1))
    apps = [f'<li><a href="{html.escape(app_href(name))}" data-lesson="{html.escape(name)}" '
            f'data-t="lesson.{html.escape(name)}.title">{html.escape(title)}</a> — '
            f'<span data-t="lesson.{html.escape(name)}.line">{html.escape(line)}</span></li>'
            for name, (title, line) in APP_TITLES.items()]
    site = site_words() if "${words}" in page.template else {}  # a bare template needs no catalogue
    words = _json(site) if site else "{}"
    script = _script(template_dir, site) if "${i18n}" in page.template else ""
    return page.substitute(notebooks="\n".join(items), apps="\n".join(apps), icon=ICON, words=words, i18n=script)
