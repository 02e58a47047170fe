"""One exception family for everything a caller can get wrong, and its words in every language.

Every error is a ``ValueError`` that names the rule it breaks, and is raised *before* any state
changes, so the game is exactly as it was (python-chess's ``IllegalMoveError`` is the model).

An error is raised with what it says as data: a :class:`Say` (a message key of the catalogue
domain ``refusals`` and its values). ``str(exc)`` is its English text; ``exc.words(lang)`` says it
in any language of the edition. A value that is itself words — a sub-phrase (another ``Say``), a
list joined with "and" (:class:`Listed`), a seat's name (:class:`Seat`), a big number
(:class:`Number`), a value shown as the caller gave it (:class:`Shown`), a variant's name
(:class:`Variant`), an inner error — is put into words in the same language when it is said.
"""

from __future__ import annotations

import gettext
import reprlib
from functools import cache
from pathlib import Path
from typing import Any

REFUSALS = "refusals"  # the catalogue domain of refusals
WORDS = "sixnimmt"  # the catalogue domain of the engine's explanations (where a card goes, and why)
LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
# Languages spoken beyond i18n.LANGUAGES, each with the folder of its compiled catalogues: only what
# i18n.add_language puts here (the pseudo-locale test's bracketed language); no page offers them.
ADDED: dict[str, Path] = {}


@cache
def catalogue(lang: str, domain: str) -> gettext.NullTranslations:
    """The compiled catalogue ``domain`` of ``lang`` over the English one; English for a language the
    edition does not speak. The one reader of the catalogue files: :mod:`sixnimmt_core.words.i18n`
    asks it too, after checking the language (the engine stands below the words).

    :raises FileNotFoundError: the catalogues were never compiled (``make catalogues``)."""
    english = gettext.translation(domain, LOCALE_DIR, languages=["en"])
    if lang == "en":
        return english
    try:
        own = gettext.translation(domain, ADDED.get(lang, LOCALE_DIR), languages=[lang])
    except FileNotFoundError:
        return english
    own.add_fallback(english)
    return own


def message(key: str, lang: str, domain: str, count: int | None = None,
            values: dict[str, Any] | None = None) -> str:
    """The one lookup of the edition's words: the text of ``key`` in catalogue ``domain`` in ``lang``
    — for a number ``count``, the plural form ``lang``'s grammar takes for it (when the message has
    plural forms) with ``{n}`` filled by it — filled with ``values`` (each said in ``lang`` first);
    the bare text when there is nothing to fill. :func:`sixnimmt_core.words.text` and
    :meth:`Say.words` ask it.

    :raises KeyError: a key no catalogue has (a bug in the caller)."""
    cat = catalogue(lang, domain)
    if count is not None and _has_forms(key, domain):
        found = cat.ngettext(key, key + ".plural", count)
    else:
        found = cat.gettext(key)
    if found in (key, key + ".plural"):
        raise KeyError(key)
    if count is not None:
        values = {"n": count, **(values or {})}
    if not values:
        return found
    return found.format(**{k: _said(v, lang) for k, v in values.items()})


def _has_forms(key: str, domain: str) -> bool:
    """Whether message ``key`` has plural forms (the English catalogue, which has every key, says)."""
    return (key, 0) in getattr(catalogue("en", domain), "_catalog", {})


def _said(value: Any, lang: str) -> Any:
    """A value as it goes into a sentence in ``lang``: words for anything that says itself."""
    words = getattr(value, "words", None)
    return words(lang) if callable(words) else value


class Say:
    """A message: its key in a catalogue domain and its values; words only when asked for.

    With ``count``, a plural message: the form ``lang``'s grammar takes for that number."""

    __slots__ = ("count", "domain", "key", "values")

    def __init__(self, key: str, /, *, count: int | None = None, domain: str = REFUSALS, **values: Any) -> None:
        self.key = key
        self.values = values
        self.count = count
        self.domain = domain

    def words(self, lang: str = "en") -> str:
        """The message in ``lang`` (English where that catalogue lacks it, or for a language the edition
        does not speak), its values in words too.

        :raises KeyError: a key no catalogue has."""
        return message(self.key, lang, self.domain, self.count, self.values)

    def __repr__(self) -> str:
        return f"Say({self.key!r}, {self.values!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Say) and (self.key, self.values, self.count, self.domain) == (
            other.key, other.values, other.count, other.domain)

    __hash__ = None  # type: ignore[assignment]  # unhashable as its values (a dict) are (typeshed: a method)


class Listed:
    """Items in a row: joined with "and" in the language ('8, 24 and 69', '8, 24 a 69'), or with
    ``sep`` (', ' or '; ') alone; each item said in the language first."""

    __slots__ = ("items", "sep")

    def __init__(self, items: Any, sep: str | None = None) -> None:
        self.items = tuple(items)
        self.sep = sep

    def words(self, lang: str = "en") -> str:
        said = [str(_said(i, lang)) for i in self.items]
        if self.sep is not None:
            return self.sep.join(said)
        if len(said) < 2:  # as words.join says a list
            return said[0] if said else message("list.nothing", lang, WORDS)
        return message("join.and", lang, WORDS, values={"items": ", ".join(said[:-1]), "last": said[-1]})


class Seat:
    """A seat's name: the one it was given, or — when no one named it ('Player A') — its name in the
    language ('Hráč A', 'Jucătorul A')."""

    __slots__ = ("name", "seat")

    def __init__(self, seat: int, name: str) -> None:
        self.seat = seat
        self.name = name

    def words(self, lang: str = "en") -> str:
        if lang != "en" and 0 <= self.seat < 26:
            letter = chr(ord("A") + self.seat)
            if self.name == message("seat.name", "en", WORDS, values={"letter": letter}):  # as words.seat_name
                return message("seat.name", lang, WORDS, values={"letter": letter})
        return self.name


class Number:
    """A whole number with its thousands grouped as the language writes them (1,000,000; 1 000 000)."""

    __slots__ = ("n",)

    def __init__(self, n: int) -> None:
        self.n = n

    def words(self, lang: str = "en") -> str:
        n = self.n
        if n < 0:
            return "-" + Number(-n).words(lang)
        if n < 1000:
            return str(n)
        return Say("number.thousands", high=Number(n // 1000), low=f"{n % 1000:03d}").words(lang)


class Shown:
    """A value as the caller gave it (its ``repr``, cut to ``width`` characters); a huge number is
    never converted to its thousands of digits, but said: 'a number of about 31 digits'. Only what
    the width shows is ever made: a list of a million items, a number of ten thousand digits inside
    a list or a nest a thousand deep is cut short, never raised on."""

    __slots__ = ("value", "width")

    def __init__(self, value: Any, width: int = 30) -> None:
        self.value = value
        self.width = width

    def words(self, lang: str = "en") -> str:
        x = self.value
        if isinstance(x, int) and not isinstance(x, bool) and abs(x) >= 10**20:
            digits = int(abs(x).bit_length() * 0.30103) + 1
            return Say("shown.negative" if x < 0 else "shown.huge", count=digits).words(lang)
        text = _Short(self.width).repr(x)
        return text if len(text) <= self.width else text[:self.width - 1] + "…"


class _Short(reprlib.Repr):
    """``repr`` up to ``width`` characters as the builtin writes it (a dict's or a set's items sorted),
    and past them only as much as shows that the text goes on: a container's first ``width`` items
    (each takes more than one character), a string's or another object's first ``2 × width``
    characters, a number too long to show as '…'."""

    def __init__(self, width: int) -> None:
        super().__init__()
        self.width = width
        self.maxlist = self.maxtuple = self.maxset = self.maxfrozenset = self.maxdeque = width
        self.maxdict = self.maxarray = width
        self.maxstring = self.maxother = 2 * width + 10  # reprlib cuts in the middle: the start stays whole

    def repr_int(self, x: int, level: int) -> str:
        # 4 bits a digit is more digits than the width shows: never write them (over 4,300 raises)
        return "…" if x.bit_length() > 4 * self.width else repr(x)


class Variant:
    """A variant's name: as the rules name it in English ('open'); in another language the name its
    lessons give it ('Otevřená') when it is one of the edition's variants."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def words(self, lang: str = "en") -> str:
        if lang != "en":
            try:
                return Say(f"variant.{self.name}.name", domain="lessons").words(lang)
            except (KeyError, OSError):
                pass
        return str(self.name)


class SixNimmtError(ValueError):
    """Base of all rule errors; ``rule`` names the rule broken (a key of RULES.md).

    Raised with a :class:`Say` (``key`` and ``values``), it speaks every language: ``str(exc)`` is
    the English text, ``words(lang)`` the text in ``lang``. Raised with a plain text (older callers),
    that text is its words in every language and ``key`` is empty."""

    def __init__(self, message: str | Say, rule: str = "") -> None:
        self.says = message if isinstance(message, Say) else None
        if self.says is not None:
            try:
                message = self.says.words("en")
            except OSError:  # the catalogues were never compiled: still an error that names itself
                message = f"{self.says.key} {self.says.values!r}"
        super().__init__(message)
        self.rule = rule

    @property
    def key(self) -> str:
        """The message key of the refusal (domain ``refusals``), or '' for a plain text."""
        return self.says.key if self.says is not None else ""

    @property
    def values(self) -> dict[str, Any]:
        """The refusal's values (some of them words themselves, said in the language asked)."""
        return dict(self.says.values) if self.says is not None else {}

    def words(self, lang: str = "en") -> str:
        """What is wrong, in ``lang`` (``str(exc)`` is the English; so is a language the edition does
        not speak)."""
        if self.says is None or lang == "en":
            return str(self)
        return self.says.words(lang)


class IllegalAction(SixNimmtError):
    """An answer to a decision that the rules do not allow (a card not in hand, no such row …)."""


class OutOfTurn(IllegalAction):
    """A decision by a seat that is not being asked for one right now."""


class ImpossibleSetup(SixNimmtError):
    """Rules and player count that cannot be dealt (Open with 10 players, Refined with 8 …)."""


class BadOption(ImpossibleSetup):
    """A rule option that does not exist or is out of range (``Rules(choosing="hiden")``)."""


class NoSuchCard(SixNimmtError):
    """A number that is not a card of the deck (cards run from 1 to 104, RULES.md §1)."""


class ImpossibleTable(SixNimmtError):
    """Rows no game can lay out: a wrong row count, an empty or unsorted row, a card twice …"""


class CorruptLog(SixNimmtError):
    """A saved event log that is malformed, tampered with, or does not replay to itself."""


__all__ = ["BadOption", "CorruptLog", "IllegalAction", "ImpossibleSetup", "ImpossibleTable", "Listed",
           "NoSuchCard", "Number", "OutOfTurn", "Say", "Seat", "Shown", "SixNimmtError", "Variant"]
