"""The site's landing page: the notebooks in order, each a deep link into the Notebook view.

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
from urllib.parse import quote

# JupyterLite's apps read the config of every page up to the root: the root page must carry this
# element (empty: the config lives in jupyter-lite.json), without the redirect script it usually has.
ROOT_CONFIG = (
    '<script id="jupyter-config-data" type="application/json" '
    'data-jupyter-lite-root=".">{}</script>'
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
                return m.group(1)
    return path.stem


def notebook_href(name: str) -> str:
    """Deep link into the Notebook view (not the Lab) for a notebook at the contents root."""
    return "notebooks/?path=" + quote(name)


def notebooks_in_order(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.ipynb"), key=lambda p: p.name)


def render(template_dir: Path, notebooks_dir: Path) -> str:
    page = Template((template_dir / "index.html").read_text(encoding="utf-8"))
    item = Template((template_dir / "item.html").read_text(encoding="utf-8").strip())
    items = [
        item.substitute(
            href=html.escape(notebook_href(p.name)), title=html.escape(notebook_title(p))
        )
        for p in notebooks_in_order(notebooks_dir)
    ]
    text = page.substitute(notebooks="\n".join(items))
    if 'id="jupyter-config-data"' not in text:
        if "</head>" not in text:
            raise ValueError("the landing template needs a </head>")
        text = text.replace("</head>", ROOT_CONFIG + "\n</head>", 1)
    return text
