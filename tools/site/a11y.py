"""The notebooks' pages get lite_site/a11y.js: repairs, in the page, of the few places where
JupyterLab's own interface fails axe-core (the script says which, and why). The app, landing and
teacher pages need none."""

from __future__ import annotations

import shutil
from pathlib import Path

LITE_SITE = Path(__file__).resolve().parents[2] / "lite_site"
PAGES = ("notebooks/index.html", "tree/index.html")  # JupyterLite's pages a learner opens
TAG = '<script src="../a11y.js" defer></script>'


def add(site: Path) -> list[str]:
    """Copy a11y.js to the site's root and load it from the notebooks' pages; return those pages."""
    shutil.copyfile(LITE_SITE / "a11y.js", site / "a11y.js")
    done = []
    for rel in PAGES:
        page = site / rel
        text = page.read_text("utf-8")
        if TAG not in text:
            if "</head>" not in text:
                raise ValueError(f"{rel} has no </head>")
            text = text.replace("</head>", TAG + "\n</head>", 1)
            page.unlink()  # a fresh file, never an edit of a shared (hard-linked) one
            page.write_text(text, encoding="utf-8")
        done.append(rel)
    return done
