"""The walkthroughs' frames for the app page (issue 22): every step of every walkthrough, in every
language, drawn by the engine and the widgets at build time (``sixnimmt_core.widgets.frames``) and
written as ``frames/<hash>/<lesson>[-<pick>].<lang>.json``, so a learner steps through them before Python
has started in the browser; and the trainer's documents' questions with every answer judged
(``trainer.<lang>.json``). Also ``apps/static.html``, the page the app shows them in. The folder
is named by the files' content, so a browser that kept them (the service worker, cache-first)
never shows another build's frames.

Drawing them all takes half a minute; they are kept in the build cache under a hash of the
package's sources and catalogues, and drawn again only when one of those changed.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "sixnimmt_core"


def sources_key() -> str:
    """A hash of everything the frames are drawn from: the package's Python files and catalogues."""
    h = hashlib.sha256()
    for p in sorted([*PACKAGE.rglob("*.py"), *PACKAGE.rglob("*.mo")]):
        h.update(str(p.relative_to(PACKAGE)).encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def _draw(job: tuple[str, str | None, str]) -> tuple[str, bytes]:
    from sixnimmt_core.widgets.frames import (
        cards_file,
        cards_frames,
        frame_file,
        trainer_file,
        trainer_frames,
        walk_frames,
    )

    lesson, pick, lang = job
    if lesson == "trainer":  # the documents' questions, every answer judged
        name, data = trainer_file(lang), trainer_frames(lang)
    elif lesson == "cards":  # every card, every kind
        name, data = cards_file(lang), cards_frames(lang)
    else:
        name, data = frame_file(lesson, pick, lang), walk_frames(lesson, pick, lang)
    return name, json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


def draw_all(out: Path, workers: int = 2) -> int:
    """Every walkthrough's frames in every language into ``out`` (the site's root); their number."""
    from sixnimmt_core.widgets.frames import walks
    from sixnimmt_core.words.i18n import LANGUAGES

    jobs = [(lesson, None, lang) for lesson in ("trainer", "cards") for lang in LANGUAGES]  # the longest first
    jobs += [(lesson, pick, lang) for lang in LANGUAGES for lesson, pick in walks()]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for name, data in pool.map(_draw, jobs):
            out.mkdir(parents=True, exist_ok=True)
            (out / name).write_bytes(data)
    return len(jobs)


def folder_name(files: Path) -> str:
    """``frames/<hash>/``: the site's folder for these files, named by their content."""
    h = hashlib.sha256()
    for p in sorted(files.glob("*.json")):
        h.update(p.name.encode() + b"\0" + p.read_bytes())
    return f"frames/{h.hexdigest()[:16]}/"


def folder(site: Path) -> Path:
    """The built site's folder of frame files (the one ``frames/<hash>/``)."""
    found = [p for p in (site / "frames").iterdir() if p.is_dir()]
    if len(found) != 1:
        raise FileNotFoundError(f"{site / 'frames'} holds {len(found)} folders of frames, not one")
    return found[0]


def build(site: Path, cache: Path) -> str:
    """The frames into ``site/frames/<hash>/`` (from ``cache`` when the sources are unchanged) and
    ``site/apps/static.html``; the folder's path in the site (``frames/<hash>/``)."""
    kept = cache / f"frames-{sources_key()}"
    if not (kept / ".done").is_file():
        shutil.rmtree(kept, ignore_errors=True)
        for old in cache.glob("frames-*"):
            shutil.rmtree(old, ignore_errors=True)
        draw_all(kept)
        (kept / ".done").write_text("")
    name = folder_name(kept)
    shutil.copytree(kept, site / name, ignore=shutil.ignore_patterns(".done"))
    from sixnimmt_core.widgets.snapshot import static_page

    (site / "apps").mkdir(exist_ok=True)  # the page the app draws frames in, with the lessons' look
    (site / "apps" / "static.html").write_text(static_page(), encoding="utf-8")
    return name
