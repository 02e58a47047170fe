"""The languages of the edition, read with the standard library's ``gettext``.

Every message has a key (``"place.closest"``, ``"count.heads"``); each language's catalogue
(``locale/<lang>/LC_MESSAGES/sixnimmt.po``, compiled to ``.mo`` when the package is built) gives
its text. English is a catalogue like the others, and the one the others fall back on.
docs/translating.md says how to add a language; docs/glossary/ holds each language's game terms.
"""

from __future__ import annotations

import gettext
import os
from pathlib import Path
from typing import Any

from sixnimmt_core.engine import errors
from sixnimmt_core.engine.errors import Say, SixNimmtError

DOMAIN = "sixnimmt"
LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
LANGUAGES = ("en", "cs", "sk", "ro")
NAMES = {"en": "English", "cs": "Čeština", "sk": "Slovenčina", "ro": "Română"}
SOURCE = "en"


class UnknownLanguage(SixNimmtError):
    """A language the edition does not speak."""


def check_language(lang: str) -> str:
    """``lang`` itself when the edition speaks it.

    :raises UnknownLanguage: any other code, with the list of those it speaks."""
    if not speaks(lang):
        raise UnknownLanguage(Say("language.unknown", lang=repr(lang), languages=", ".join(LANGUAGES)),
                              "language")
    return lang


def speaks(lang: str) -> bool:
    """Whether the edition speaks ``lang``: one of ``LANGUAGES``, or a language added with
    :func:`add_language`."""
    return lang in LANGUAGES or lang in errors.ADDED


def add_language(code: str, locale_dir: Path) -> None:
    """Speak one more language, read from the compiled catalogues in ``locale_dir``
    (``<locale_dir>/<code>/LC_MESSAGES/<domain>.mo``), until :func:`remove_language`.

    The pseudo-locale test's way in (tests/test_pseudo_locale.py: every message bracketed, so a word
    that comes out unbracketed bypassed the catalogues). It is never listed in ``LANGUAGES``: no
    page, menu or ``--help`` offers it."""
    if code in LANGUAGES:
        raise ValueError(f"{code!r} is one of the edition's own languages")
    errors.ADDED[code] = Path(locale_dir)
    _forget()


def remove_language(code: str) -> None:
    """Stop speaking a language added with :func:`add_language`."""
    errors.ADDED.pop(code, None)
    _forget()


def _forget() -> None:
    errors.catalogue.cache_clear()


def catalogue(lang: str, domain: str = DOMAIN) -> gettext.NullTranslations:
    """The compiled catalogue ``domain`` of ``lang``, falling back on English for a key it lacks.

    The engine's words are the domain ``sixnimmt``; other parts of the edition (the widgets, the
    site) keep their own domain, a catalogue file of their own in each language. The files are read
    in one place, the engine's ``errors.catalogue`` (the refusals are said there too).

    :raises UnknownLanguage: a language the edition does not speak.
    :raises FileNotFoundError: the catalogues were never compiled (``make catalogues``)."""
    return errors.catalogue(check_language(lang), domain)


def text(key: str, lang: str = SOURCE, /, *, n: int | None = None, domain: str = DOMAIN,
         **values: Any) -> str:
    """The edition's one lookup of words: message ``key`` of catalogue ``domain`` in ``lang`` (its
    English text when ``lang`` lacks it), with ``n`` the form ``lang``'s grammar takes for that
    number (Czech 1 / 2–4 / 5+, Romanian 1 / 2–19 / 20+ "de") and ``{n}`` filled with it, filled
    with ``values`` (a value that says itself — a :class:`Say` — said in ``lang`` too). With
    nothing to fill, the bare text.

    :raises KeyError: a key no catalogue has, English included (a bug in the caller).
    :raises UnknownLanguage: a language the edition does not speak."""
    return errors.message(key, check_language(lang), domain, n, values)


def language_from(tags: str | None) -> str:
    """The first of the edition's languages in a locale or Accept-Language style list
    (``"cs_CZ.UTF-8"``, ``"sk-SK,sk;q=0.9,en;q=0.8"``), else English."""
    for tag in (tags or "").replace(":", ",").split(","):
        code = tag.strip().split(";")[0].replace("-", "_").split("_")[0].split(".")[0].lower()
        if speaks(code):
            return code
    return SOURCE


def environment_language() -> str:
    """The language of the environment's locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            return language_from(value)
    return SOURCE


__all__ = ["LANGUAGES", "NAMES", "UnknownLanguage", "add_language", "catalogue", "check_language",
           "environment_language", "language_from", "remove_language", "speaks", "text"]
