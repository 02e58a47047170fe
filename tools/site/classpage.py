"""The class tables' pages: class.html (a pupil plays a seat; ``?view=projector``: the projector) and the
Class tables section of the teacher's pages (tools/site/teacher.py). Plain JavaScript, usable as soon
as the page is: they never wait for Python. They speak to the class server (sixnimmt_core/server,
`make serve`) over one WebSocket; on a static host they say that the class tables need it.

The cards are the one drawing of the edition (``drawing/render.py``): each card's SVG is drawn here at
build time by ``render.card_svg`` and put into the page as data (the bull's head once, each card's
picture without its words); the page gives each card its accessible name in the reader's language
(``render.card`` of the catalogue ``sixnimmt``) and lays the cards out in rows with the same classes
as ``render.row_html``, styled by ``render.STYLE``.

The words: the catalogue domain ``site`` (keys ``class.*``), and the few words of other domains the
pages say too (a card's and a row's name, heads counted, a seat no one named, the variants' names),
every language in each page as landing.py embeds them (``${words}``, lite_site/landing/i18n.js).
The scripts are files of their own (lite_site/landing/class.js, teacher-class.js, qr.js), copied to
the site's root: the policy allows the site's own files (tools/site/csp.py).
"""

from __future__ import annotations

import html
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from string import Template

import landing

from sixnimmt_core.drawing import render
from sixnimmt_core.engine.cards import heads
from sixnimmt_core.engine.rules import MAX_PLAYERS, MIN_PLAYERS, VARIANTS
from sixnimmt_core.words import i18n
from sixnimmt_core.words.i18n import text

SCRIPTS = ("class.js", "teacher-class.js", "qr.js")  # lite_site/landing/ → the site's root
CLASS_PREFIX = "class."
OWN = ("game", "lang.label")  # the other words of the domain site the class pages say
# The words of other domains the class pages say: (domain, keys).
BORROWED = {
    "sixnimmt": ("render.card", "render.face_down", "render.row", "render.row.taken", "render.empty",
                 "render.status.taken", "render.status.left", "render.status.full", "render.six",
                 "render.hand", "render.hand.none", "count.heads", "seat.name"),
    "lessons": tuple(f"variant.{name}.name" for name in VARIANTS),
}
DEFS = re.compile(r"<defs>(.*?)</defs>", re.S)


def card_sheet() -> dict:
    """Every card's picture as ``render.card_svg`` draws it, without its words and without the bull's
    head it shares (``head``: the SVG ``<symbol>``, once per page); ``back``: a card face down;
    ``heads``: each card's heads (for its name)."""
    head, cards = "", {}
    for card in range(1, 105):
        cards[str(card)] = _bare(render.card_svg(card), render.card_text(card))
        head = head or DEFS.search(render.card_svg(card))[1]
    back = _bare(render.card_svg(1, face_down=True), render.card_text(1, face_down=True))
    return {"head": head, "cards": cards, "back": back, "heads": {str(c): heads(c) for c in range(1, 105)}}


def _bare(svg: str, label: str) -> str:
    """A card's SVG with its words emptied (the page writes them in the reader's language) and its
    head symbol left out (the page holds it once)."""
    said = html.escape(label, quote=True)
    out = DEFS.sub("", svg, count=1).replace(f'aria-label="{said}"', 'aria-label=""', 1)
    out = out.replace(f"<title>{said}</title>", "<title></title>", 1)
    if said in out:
        raise ValueError(f"a card's words are left in its picture: {label!r}")
    return out


def class_words() -> dict:
    """Every language's words for the class pages: the domain ``site`` with the borrowed words."""
    words = landing.site_words(class_pages=True)
    for lang, entry in words.items():
        entry["words"] = {k: v for k, v in entry["words"].items() if k.startswith(CLASS_PREFIX) or k in OWN}
        for domain, keys in BORROWED.items():
            found = landing.catalogue_words(lang, domain)["words"]
            entry["words"].update({k: found[k] for k in keys if k in found})
    return words


def class_page(template_dir: Path) -> str:
    """lite_site/landing/class.html with the words, the cards, the style of the drawing and the i18n script."""
    page = Template((template_dir / "class.html").read_text(encoding="utf-8"))
    words = class_words()
    return page.substitute(words=landing._json(words), i18n=landing._script(template_dir, words),
                           cards=landing._json(card_sheet()), style=render.STYLE, icon=landing.ICON)


TEACHER_WORDS = "class-words.{lang}.json"  # the teacher pages' Class tables: the words their script says
SAID = re.compile(r"\{\{([\w.]+)(?:\|(\w+)=(.*?))?\}\}")


def teacher_words(lang: str) -> dict:
    """The words the teacher page's Class tables script says (seats, stages, buttons, refusals), in
    ``lang``: written into ``class-words.<lang>.json``, which the script reads only when the class
    server is there (the teacher pages are stored for offline use; these words are not)."""
    words = class_words()[lang]["words"]
    return {k: v for k, v in words.items() if k.startswith(CLASS_PREFIX) or k.startswith("variant.") or k == "seat.name"}


def _said(lang: str) -> Callable[[re.Match[str]], str]:
    """``{{key}}`` → the message of the domain ``site`` in ``lang``, as HTML text; ``{{key|name=<html>}}``
    with the placeholder ``{name}`` filled by that markup (written here, never a person's)."""
    def one(m: re.Match[str]) -> str:
        words = html.escape(text(m[1], lang, domain=landing.DOMAIN))
        return words.replace("{" + m[2] + "}", m[3]) if m[2] else words
    return one


def teacher_section(lang: str, template_dir: Path) -> str:
    """The Class tables section of the teacher page of ``lang`` (lite_site/landing/teacher-class.html):
    its words written now, in the page's one language; its script's settings; the language's plural
    rule as a function (the policy allows no eval)."""
    rule = landing.catalogue_words(lang)["plural"]  # checked there (PLURAL_EXPR)
    settings = {"lang": lang, "words": TEACHER_WORDS.format(lang=lang), "least": MIN_PLAYERS, "most": MAX_PLAYERS,
                "most_of": {name: min(MAX_PLAYERS, rules.max_players or MAX_PLAYERS) for name, rules in VARIANTS.items()}}
    variants = "".join(f'<option value="{name}"{" selected" if name == "base" else ""}>'
                       f'{html.escape(text(f"variant.{name}.name", lang, domain="lessons"))}</option>' for name in VARIANTS)
    section = Template((template_dir / "teacher-class.html").read_text(encoding="utf-8"))
    filled = section.substitute(settings=landing._json(settings), plural=f"n => +({rule})", variants=variants)
    return SAID.sub(_said(lang), filled)


def copy_scripts(template_dir: Path, site: Path) -> list[Path]:
    """The pages' scripts, files of their own, to the site's root."""
    out = []
    for name in SCRIPTS:
        shutil.copyfile(template_dir / name, site / name)
        out.append(site / name)
    return out


def build(template_dir: Path, site: Path) -> list[Path]:
    """class.html, its scripts and the teacher pages' words for theirs into the site folder ``site``."""
    (site / "class.html").write_text(class_page(template_dir), encoding="utf-8")
    written = [site / "class.html", *copy_scripts(template_dir, site)]
    for lang in i18n.LANGUAGES:
        path = site / TEACHER_WORDS.format(lang=lang)
        path.write_text(landing._json(teacher_words(lang)), encoding="utf-8")
        written.append(path)
    return written

