"""The app's link to the page around it, when Python runs in the browser (Pyodide).

The kernel runs in a web worker, which cannot see the page's URL or storage; the page and the
worker talk over a ``BroadcastChannel`` whose name the page chose (one per page, so two open tabs
never hear each other). Messages are JSON text:

- to the page: ``{"ready": fragment}`` once, ``{"route": fragment}`` when the learner moves,
  ``{"progress": {...}}`` (see ``App.observe_progress``);
- from the page: ``{"go": fragment}`` (the URL changed: Back button, the lesson list, a link),
  ``{"trainer": {"example": n, "right": r, "asked": a}}`` (where the learner got to in the trainer's
  documents' questions before Python started: ``App.resume_trainer``), ``{"try": {"shown": bool,
  "answer": key or null}}`` (the variants lesson's "Try it" before Python: ``App.resume_try``),
  ``{"cards": {"card": n, "kind": heads}}`` (the cards lesson: ``App.resume_cards``).

Outside the browser (CPython, Voilà) ``connect`` does nothing and returns None.
"""

from __future__ import annotations

import json
import re
from typing import Any

CHANNEL = re.compile(r"sixnimmt-[A-Za-z0-9]{4,40}")


def messages(app: Any, post: Any) -> Any:
    """Wire ``app`` to ``post(text)``; return the handler for the page's messages (text in)."""
    def send(kind: str, value: Any) -> None:
        post(json.dumps({kind: value}))

    app.observe_route(lambda route: send("route", route.fragment()))
    app.observe_progress(lambda news: send("progress", news))

    def receive(text: str) -> None:
        try:
            message = json.loads(text)
        except (TypeError, ValueError):
            return  # not ours
        if isinstance(message, dict) and isinstance(message.get("go"), str):
            try:
                app.go(message["go"])
            except Exception as error:  # noqa: BLE001 - a learner sees words, not a traceback
                app.show_error(error)
        trainer = message.get("trainer") if isinstance(message, dict) else None
        if isinstance(trainer, dict):
            try:
                app.resume_trainer(trainer.get("example"), trainer.get("right"), trainer.get("asked"))
            except ValueError:
                return  # not where the trainer can be: it stays where it is
        cards = message.get("cards") if isinstance(message, dict) else None
        if isinstance(cards, dict):
            try:
                app.resume_cards(cards.get("card"), cards.get("kind"))
            except ValueError:
                return  # no such card: the lesson stays as it is
        tried = message.get("try") if isinstance(message, dict) else None
        if isinstance(tried, dict) and isinstance(tried.get("shown"), bool) and isinstance(tried.get("answer"), (str, type(None))):
            try:
                app.resume_try(tried["shown"], tried.get("answer"))
            except ValueError:
                return  # not an answer of the drill's question: it stays as it was

    send("ready", app.route.fragment())
    if app.current is not None:  # shown before the page could hear it
        send("progress", {"seen": app.current.key})
    return receive


def connect(app: Any, channel: str) -> Any:
    """Connect ``app`` to the page over the BroadcastChannel ``channel`` (in Pyodide only)."""
    try:
        import js
        from pyodide.ffi import create_proxy
    except ImportError:
        return None
    if not CHANNEL.fullmatch(channel or ""):
        return None
    port = js.BroadcastChannel.new(channel)
    receive = messages(app, port.postMessage)
    handler = create_proxy(lambda event: receive(event.data))
    port.onmessage = handler
    app._browser_link = (port, handler)  # kept alive as long as the app
    return port


__all__ = ["connect", "messages"]
