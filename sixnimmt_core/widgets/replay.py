"""Saved games in Play: "Download this game" (the engine's JSON log, a real download by the
browser), "Open a saved game" (a file picker) and the game opened, stepped turn by turn with the
Coach's hindsight at each decision of the chosen seat.

The logic (save, load and its checks, hindsight) is ``sixnimmt_core.teaching.saved``; this is the widget.
A file the engine refuses changes nothing here but the message, which says why.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from typing import Any

import ipywidgets as W
import traitlets

from sixnimmt_core.engine.errors import SixNimmtError
from sixnimmt_core.engine.game import Game
from sixnimmt_core.players.bots import COACH_BUDGET, COACH_SAMPLES
from sixnimmt_core.teaching.saved import DOMAIN as TEACHER
from sixnimmt_core.teaching.saved import Hindsight, file_name, load, plain_refusal, save
from sixnimmt_core.widgets._common import Lang, esc, flex, follow, panel, relabel, root, styles
from sixnimmt_core.widgets.stepper import Stepper
from sixnimmt_core.words import text

BUDGET = COACH_BUDGET  # hindsight is Play's Coach: its time budget and its deals (bots.COACH_BUDGET, COACH_SAMPLES)


def css_text(text: str) -> str:
    """``text`` as a CSS string, quotes included (no quote, backslash or angle bracket left bare)."""
    return '"' + "".join(ch if ch.isalnum() or ch in " .,:;!?'’()-–" else f"\\{ord(ch):x} " for ch in text) + '"'


def open_css(lang: str = "en") -> str:
    """The file picker's button shows "Open a saved game" and not ipywidgets' count of the files in
    its value ("Open a saved game (0)", after every reset): the button's own text is drawn at size 0
    and the label again in front of it (as generated content that screen readers skip: its own
    text, with the tip, is what they read)."""
    label = css_text(text("saved.open", lang, domain=TEACHER))  # the rest of its look: static/saved.css
    return f'<style>.snt-savedgames .snt-open::before{{content:{label};content:{label} / ""}}</style>'


def download_link(game: Game, lang: str = "en") -> str:
    """An ``<a download>`` holding the game's log as a data: URL (nothing is sent anywhere)."""
    data = base64.b64encode(save(game)).decode("ascii")
    label, tip = text("saved.download", lang, domain=TEACHER), text("saved.download.tip", lang, domain=TEACHER)
    return (f'<a class="snt-download" download="{esc(file_name(game))}" title="{esc(tip)}" '
            f'href="data:application/json;base64,{data}">⤓ {esc(label)}</a>')


class ReplayView(W.VBox):
    """A game stepped turn by turn (a :class:`Stepper`) with, under it, the Coach's hindsight on the
    decisions of ``seat`` in the step shown (``hindsight_view``; ``seat_picker`` chooses the seat)."""

    lang = Lang()

    def __init__(self, game: Game, *, title: str | Callable[[str], str] | None = None, seat: int = 0,
                 lang: str = "en", budget: float | None = BUDGET, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lang, self.game, self.budget = lang, game, budget
        self.stepper = Stepper(game, title=title, lang=lang)
        self.hindsight = Hindsight(game, seat, samples=COACH_SAMPLES, budget=budget)
        self.seat_picker = W.Dropdown(options=[(n, i) for i, n in enumerate(self.stepper.names)], value=seat,
                                      style={"description_width": "initial"}, layout=W.Layout(width="auto"), tooltip="")
        self.hindsight_view = W.HTML(layout=W.Layout(max_width="100%"), tooltip="")
        self.seat_picker.observe(self._on_seat, names="value")
        self.stepper.slider.observe(lambda _: self.show(), names="value")
        root([styles("saved.css", base=False), self.stepper, flex([self.seat_picker]), self.hindsight_view], self)
        self.add_class("snt-replay")
        self._words()
        self.show()
        # a switch: the stepper first (the seats' names are its), then the picker and the hindsight
        follow(self.stepper, self)
        self.observe(lambda _change: (self._words(), self.show()), names="lang")

    def _words(self) -> None:
        """The seat picker's words in ``lang`` (the seat chosen stays; its hindsight is numbers)."""
        relabel(self.seat_picker, [(n, i) for i, n in enumerate(self.stepper.names)])
        self.seat_picker.description = text("saved.seat", self.lang, domain=TEACHER)

    def _on_seat(self, change: dict[str, Any]) -> None:
        self.hindsight = Hindsight(self.game, int(change["new"]), samples=COACH_SAMPLES, budget=self.budget)
        self.show()

    def lines(self) -> list[str]:
        """The hindsight on the step shown: one line per decision of the seat in it."""
        step, h = self.stepper.frame, self.hindsight
        if step is None:
            return []
        out = []
        for f in step.frames:
            if f.index in h.decisions:
                moment = h.at(f.index)
                out.append(moment.words(self.lang) if moment else text("saved.hindsight.forced", self.lang, domain=TEACHER))
        return out

    def show(self) -> None:
        lines = self.lines()
        name = self.stepper.names[self.hindsight.seat]
        body = ("".join(f'<p class="snt-say">{esc(line)}</p>' for line in lines) if lines
                else f"<p>{esc(text('saved.hindsight.none', self.lang, domain=TEACHER, name=name))}</p>")
        self.hindsight_view.value = panel(f'<p><b>{esc(text("saved.hindsight", self.lang, domain=TEACHER))}</b></p>{body}',
                                          "snt-hindsight", "status")


class SavedGames(W.VBox):
    """Under a Play table: ``download_view`` ("Download this game", once the table's game is over),
    ``upload`` ("Open a saved game", a FileUpload), ``message`` (why a file was refused) and
    ``shown`` (the :class:`ReplayView` of the last file opened: ``replay``)."""

    lang = Lang()

    def __init__(self, table: Any = None, *, lang: str = "en", budget: float | None = BUDGET, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lang, self.budget = lang, budget
        self.replay: ReplayView | None = None
        self._replay_link: traitlets.dlink | None = None
        self.opened = ""  # the name of the file shown in ``replay``
        self.game: Game | None = None  # the game offered for download
        self.refusal: SixNimmtError | None = None  # why the last file was refused (None: it was not)
        self.download_view = W.HTML(tooltip="")
        self.upload = W.FileUpload(accept=".json,application/json", multiple=False, layout=W.Layout(width="auto"), tooltip="")
        self.upload.add_class("snt-open")
        self.upload.observe(self._on_upload, names="value")
        self.message = W.HTML(tooltip="")
        self.open_style = W.HTML(tooltip="")
        self.shown = W.VBox()
        root([styles("saved.css", base=False), self.open_style, flex([self.download_view, self.upload], cls="snt-bar snt-saved"),
              self.message, self.shown], self)
        self.add_class("snt-savedgames")
        self._words()
        if table is not None:
            self.follow(table)
        self.observe(lambda _change: self._words(), names="lang")

    def _words(self) -> None:
        """Every word of the saved games in ``lang``: the buttons, the download, a refusal said again
        (the game opened follows the language itself: ``follow``)."""
        lang = self.lang
        self.upload.description = text("saved.open", lang, domain=TEACHER)
        self.upload.tooltip = text("saved.open.tip", lang, domain=TEACHER)
        self.open_style.value = open_css(lang)
        self.offer(self.game)
        self._say_refusal()

    def _say_refusal(self) -> None:
        self.message.value = "" if self.refusal is None else panel(
            f"<p><b>⚠ {esc(text('saved.refused', self.lang, domain=TEACHER))}</b> "
            f"{esc(plain_refusal(self.refusal, self.lang))}</p>", "snt-bad", "alert")

    def follow(self, table: Any) -> None:
        """Offer each game of ``table`` (a PlayTable) for download once it is over."""
        table.result.observe(lambda _: self.offer(table.game), names="value")
        self.offer(table.game)

    def offer(self, game: Game | None) -> None:
        self.game = game
        self.download_view.value = download_link(game, self.lang) if game is not None and game.over else ""

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        f = files[0]
        try:
            self.open_file(bytes(f["content"]), str(f.get("name", "")))
        finally:
            self.upload.value = ()  # the same file may be chosen again

    def open_file(self, data: bytes | str, name: str = "") -> bool:
        """Show the saved game in ``data``; a file the engine refuses leaves everything as it was
        but ``message``, which says why in one plain sentence (``saved.plain_refusal``)."""
        try:
            game = load(data)
        except SixNimmtError as exc:
            self.refusal = exc
            self._say_refusal()
            return False
        self.refusal = None
        self._say_refusal()
        self.opened = opened = name or file_name(game)
        self.replay = ReplayView(game, title=lambda lang: text("saved.title", lang, domain=TEACHER, file=opened),
                                 lang=self.lang, budget=self.budget)
        self._replay_link = follow(self.replay, self, self._replay_link)
        self.shown.children = (self.replay,)
        # into view: the game opened lies under the Play table, out of sight; its first control takes the
        # keyboard's focus, and the browser scrolls to a focused control
        self.replay.stepper.next_button.focus()
        return True
