"""Explanations are data (a message key and its values); this is the one place that makes words.

The texts are in the message catalogues (``locale/<lang>/LC_MESSAGES/sixnimmt.po``, read through
:mod:`sixnimmt_core.words.i18n`): English, Czech, Slovak and Romanian, each in the words of its own
rulebook (docs/glossary/). Adding a language adds a catalogue and touches no code here.

One door to the words: :func:`text` (``text(key, lang, n=…, domain=…, **values)``), or a message
kept as data (:class:`Say`) and said once, at the top, with ``.words(lang)`` — both ask the same
lookup (``errors.message``). Each key lives in one catalogue domain.
"""

from __future__ import annotations

from typing import Any

from sixnimmt_core.engine.errors import WORDS, Say
from sixnimmt_core.engine.table import RIGHT, Side, spot_says
from sixnimmt_core.words.i18n import check_language, text


def join(items: list[Any] | tuple[Any, ...], lang: str = "en") -> str:
    """'8', '8 and 24', '8, 24 and 69' (in ``lang``: '8, 24 a 69', '8, 24 și 69')."""
    words = [str(i) for i in items]
    if not words:
        return text("list.nothing", lang)
    if len(words) == 1:
        return words[0]
    return text("join.and", lang, items=", ".join(words[:-1]), last=words[-1])


def explain_placement(p: Any, lang: str = "en") -> str:
    """Words for a :class:`~sixnimmt_core.engine.table.Placement` (its own message, ``Placement.says``)."""
    return p.says().words(check_language(lang))


def why_not(p: Any, row: int, side: Side = RIGHT, lang: str = "en") -> str:
    """Why a place is wrong for a :class:`~sixnimmt_core.engine.table.Placement`, in a few words, or ''."""
    said = p.why_not(row, side)
    return "" if said is None else said.words(check_language(lang))


def spot_words(side: Side, end: int, row: int, lang: str = "en") -> str:
    """'after 62 in row 2', 'before 80, at the left end of row 1' (``row`` counted from 1)."""
    return spot_says(side, end, row).words(check_language(lang))


def heads_words(n: int, lang: str = "en") -> str:
    """'1 head', '7 heads' ('3 hlavy', '5 hlav'; '20 de capete')."""
    return text("count.heads", lang, n=n)


def count_words(n: int, lang: str = "en") -> str:
    """'a card', '2 cards' (as the object of a verb: 'jednu kartu', '3 karty', '5 karet')."""
    return text("count.card", lang) if n == 1 else text("count.cards", lang, n=n)


def winners_words(names: str, n: int, lang: str = "en") -> str:
    """'Player A wins', 'Player A and Player B win' (``n`` winners named in ``names``)."""
    return text("winners", lang, n=n, names=names)


def seat_name(seat: int, lang: str = "en") -> str:
    """The name a seat has when no one named it: 'Player A', 'Hráč A', 'Jucătorul A'."""
    return text("seat.name", lang, letter=chr(ord("A") + seat))


def decimal(x: float, lang: str = "en") -> str:
    """``x`` with one decimal, as ``lang`` writes it ('1.5'; '1,5')."""
    text = f"{x:.1f}"
    return text if lang == "en" else text.replace(".", ",")


__all__ = ["check_language", "count_words", "decimal", "explain_placement", "heads_words", "join", "Say", "seat_name", "spot_words", "text", "why_not", "winners_words", "WORDS"]
