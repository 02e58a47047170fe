"""Widgets drawn by the app's own page, with no Jupyter kernel: comms over a function the host gives.

In the browser the app's Python runs in a Pyodide worker that the app page starts itself
(lite_site/landing/live.js): no JupyterLab, no kernel, no IPython. ipywidgets speaks to its front
end through ``comm`` objects; here each comm's messages become JSON text handed to ``post`` (the
worker's ``postMessage``), and the page's messages come back through ``PageComms.receive``. The page
runs ipywidgets' own JavaScript models and views (@jupyter-widgets/base-manager and controls).

Messages to the page: ``{"type": "comm_open" | "comm_msg" | "comm_close", "comm_id", "data",
"metadata", "parent", ...}``, ``{"type": "display", "model_id"}`` and ``{"type": "idle", "parent"}``
once a message of the page's has been handled (ipywidgets' front end counts them to throttle).
"""

from __future__ import annotations

import json
import logging
import sys
import types
from collections.abc import Callable, Sequence
from typing import Any

import comm
from comm.base_comm import BaseComm, CommManager

Post = Callable[[str, list[Any]], None]
log = logging.getLogger(__name__)


class PageComm(BaseComm):
    """A comm whose messages go to the page (through its ``PageComms``)."""

    def __init__(self, host: PageComms, **kwargs: Any) -> None:
        self.host = host
        super().__init__(**kwargs)

    def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None,
                    buffers: Any = None, **keys: Any) -> None:
        self.host.send({"type": msg_type, "comm_id": self.comm_id, "data": data or {},
                        "metadata": metadata or {}, **keys}, buffers)


class PageComms:
    """The comms of one page: made by ipywidgets through ``comm.create_comm``, answered by the page."""

    def __init__(self, post: Post) -> None:
        self.post = post
        self.manager = CommManager()
        self.parent = ""  # the page's message being handled: its answers name it (ipywidgets' echo)

    def install(self) -> PageComms:
        """Make this the comm factory ipywidgets uses (``comm.create_comm``); returns self."""
        comm.create_comm = lambda **kwargs: PageComm(self, **kwargs)
        comm.get_comm_manager = lambda: self.manager
        return self

    def send(self, message: dict[str, Any], buffers: Sequence[Any] | None = None) -> None:
        message["parent"] = self.parent
        self.post(json.dumps(message, default=str), [bytes(b) for b in buffers or ()])

    def show(self, widget: Any) -> None:
        """Ask the page to draw ``widget`` (what ``display`` does in a notebook)."""
        self.send({"type": "display", "model_id": widget.model_id})

    def receive(self, text: str, buffers: Sequence[Any] = ()) -> None:
        """A message of the page's (``comm_msg`` or ``comm_close``); anything else is dropped."""
        try:
            message = json.loads(text)
            kind, comm_id, msg_id = message["type"], message["comm_id"], message.get("msg_id", "")
        except (TypeError, ValueError, KeyError):
            log.warning("not a comm message: %.80r", text)
            return
        if kind not in ("comm_msg", "comm_close") or not isinstance(comm_id, str):
            return
        msg = {"content": {"comm_id": comm_id, "data": message.get("data") or {}},
               "metadata": {}, "buffers": [memoryview(as_bytes(b)) for b in buffers],
               "header": {"msg_id": msg_id}}
        self.parent = str(msg_id)
        try:
            getattr(self.manager, kind)(None, None, msg)
        finally:
            self.parent = ""
            self.send({"type": "idle", "msg_id": msg_id})


def as_bytes(buffer: Any) -> bytes:
    """A binary part of a page's message: bytes, or a JavaScript Uint8Array (Pyodide's JsProxy)."""
    return buffer.to_bytes() if hasattr(buffer, "to_bytes") else bytes(buffer)


def without_ipython() -> None:
    """Let ipywidgets import where IPython is absent: the few names it imports, doing nothing.

    ipywidgets imports ``get_ipython``, ``display``, ``clear_output`` and ``InteractiveShell`` at
    import time; the app uses none of them (it has no shell, no Output widget). Loading IPython
    itself would cost the app's start about 4 MB of wheels and its imports."""
    if "IPython" in sys.modules:
        return
    names = {
        "IPython": {"get_ipython": lambda: None},
        "IPython.display": {"display": lambda *a, **k: None, "clear_output": lambda *a, **k: None},
        "IPython.core": {},
        "IPython.core.interactiveshell": {"InteractiveShell": type("InteractiveShell", (), {})},
    }
    for name, attrs in names.items():
        module = types.ModuleType(name)
        module.__dict__.update(attrs)
        sys.modules[name] = module
