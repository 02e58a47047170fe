"""The one hook through which the engine's objects show themselves in Jupyter (``_repr_html_``).

The engine never imports drawing code (docs/architecture.md): the drawing package registers how to
draw each class here when ``sixnimmt_core`` is imported, and an engine object asks :func:`html`.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

_DRAWN: dict[type, Callable[[Any], str]] = {}


def register(cls: type, draw: Callable[[Any], str]) -> None:
    """Draw objects of ``cls`` with ``draw`` (the drawing package's side of the hook)."""
    _DRAWN[cls] = draw


def html(obj: Any) -> str:
    """``obj`` drawn as HTML by what its class registered; its ``repr`` as text if nothing did."""
    draw = _DRAWN.get(type(obj))
    return draw(obj) if draw is not None else f"<pre>{escape(repr(obj))}</pre>"
