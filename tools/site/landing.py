"""The site's landing page and the learning app's page: the lessons in one code-free app (JupyterLite's
REPL app showing only widgets, started once) and as notebooks in order, each a deep link into the
Notebook view.

Data-driven: the wording lives in lite_site/landing/index.html (a string.Template with
${notebooks}) and lite_site/landing/item.html (${href}, ${title}); the list is every
notebooks/*.ipynb sorted by file name, titled by its first markdown heading.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from string import Template
from urllib.parse import quote, urlencode

from sixnimmt_core.teach import APP_TITLES

# JupyterLite's apps read the config of every page up to the root: the root page must carry this
# element (empty: the config lives in jupyter-lite.json), without the redirect script it usually has.
ROOT_CONFIG = (
    '<script id="jupyter-config-data" type="application/json" '
    'data-jupyter-lite-root=".">{}</script>'
)
# A card with a 6 on it, inline: no request for an icon file.
ICON = "data:image/svg+xml," + quote(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="4" y="1" width="24" height="30" '
    'rx="4" fill="#fbf8ef" stroke="#2b2147" stroke-width="2"/><text x="16" y="23" font-size="18" '
    'font-family="sans-serif" font-weight="800" text-anchor="middle" fill="#2b2147">6</text></svg>'
)
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


# The REPL app that runs the lessons: the kernel starts, the page's line of code runs (it adds
# &code=… itself, with the route from its URL), only widgets show.
REPL = "repl/index.html?" + urlencode([("kernel", "python"), ("toolbar", "0"), ("showBanner", "0"),
                                       ("hideCodeInput", "1")])

# The old one-page-per-lesson addresses keep working: each sends the browser to its lesson.
REDIRECT = Template(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>'
    '<meta http-equiv="refresh" content="0; url=../${href}"></head>'
    '<body><p><a href="../${href}">${title}</a></p></body></html>'
)


def app_page(template_dir: Path) -> str:
    """The one app page: the lesson list as data, the REPL's address, the icon."""
    lessons = [{"key": name, "title": title, "line": line} for name, (title, line) in APP_TITLES.items()]
    data = json.dumps(lessons, ensure_ascii=False).replace("</", "<\\/")
    page = Template((template_dir / "app.html").read_text(encoding="utf-8"))
    return page.substitute(lessons=data, repl=json.dumps(REPL), icon=ICON)


def app_pages(template_dir: Path) -> dict[str, str]:
    """File name -> page for apps/: one redirect per lesson to its place in the app, and each
    lesson's preview (``preview-<lesson>.html``: its first view drawn at build time, shown while
    Python starts)."""
    from sixnimmt_core.widgets.snapshot import preview

    pages = {f"{name}.html": REDIRECT.substitute(title=html.escape(title), href=html.escape(app_href(name)))
             for name, (title, _line) in APP_TITLES.items()}
    pages.update({preview_name(name): preview(name) for name in APP_TITLES})
    return pages


def preview_name(lesson: str) -> str:
    return f"preview-{lesson}.html"


def render(template_dir: Path, notebooks_dir: Path) -> str:
    page = Template((template_dir / "index.html").read_text(encoding="utf-8"))
    item = Template((template_dir / "item.html").read_text(encoding="utf-8").strip())
    items = [
        item.substitute(
            href=html.escape(notebook_href(p.name)), title=html.escape(notebook_title(p))
        )
        for p in notebooks_in_order(notebooks_dir)
    ]
    apps = [f'<li><a href="{html.escape(app_href(name))}">{html.escape(title)}</a> — {html.escape(line)}</li>'
            for name, (title, line) in APP_TITLES.items()]
    text = page.substitute(notebooks="\n".join(items), apps="\n".join(apps), icon=ICON)
    if 'id="jupyter-config-data"' not in text:
        if "</head>" not in text:
            raise ValueError("the landing template needs a </head>")
        text = text.replace("</head>", ROOT_CONFIG + "\n</head>", 1)
    return text
