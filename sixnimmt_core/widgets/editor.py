"""PositionEditor: a teacher sets up a table by typing, the rules check it as they type, and it
opens in the stepper, the trainer or Play — or goes to the class as a link and its QR code.

The table itself is :class:`sixnimmt_core.teaching.position.Position` (checked, encoded, played out there);
this widget only reads the typed cards, shows the engine's words and draws the link's QR code
(``segno``, pure Python: it runs in the browser too). Its words are the catalogue ``editor``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar
from urllib.parse import urlencode

import ipywidgets as W
import segno
import traitlets

from sixnimmt_core.drawing import render
from sixnimmt_core.engine.errors import Say, Seat, SixNimmtError
from sixnimmt_core.engine.rules import VARIANTS, find_variant
from sixnimmt_core.teaching.narrate import walk
from sixnimmt_core.teaching.position import (
    EDITOR,
    Position,
    decode,
    example_position,
    parse_cards,
    plain_words,
)
from sixnimmt_core.teaching.teach import ONE_TURN_LEAVES_OUT
from sixnimmt_core.widgets._common import (
    Lang,
    button,
    esc,
    flex,
    follow,
    panel,
    relabel,
    root,
    styles,
    variant_name,
)
from sixnimmt_core.widgets.play import PlayTable
from sixnimmt_core.widgets.stepper import Stepper
from sixnimmt_core.widgets.trainer import RowTrainer
from sixnimmt_core.words import seat_name, text

LESSON = "table"  # the app's lesson of the editor: its links open there
FIRST = "amigo-fig1"  # the table the editor opens with: the rulebook's example, one card per player, ready to step

Shown = TypeVar("Shown", bound=W.Widget)  # what a button opens: a stepper, a trainer, a table, a QR code



def link_of(position: Position, lang: str = "en", page: str = "app.html") -> str:
    """The app's address that opens ``position`` in the editor's lesson, in ``lang``."""
    return f"{page}#{urlencode([('lesson', LESSON), ('pos', position.encode()), ('lang', lang)])}"


def qr_svg(text: str) -> str:
    """``text`` as a QR code (SVG, black on white, the standard 4-module quiet zone, sized by CSS)."""
    return segno.make(text, error="m", micro=False).svg_inline(scale=1, border=4, dark="#000", light="#fff",
                                                                omitsize=True)


class PositionEditor(W.VBox):
    """Set up a table: ``PositionEditor(position=None, *, page="app.html", seed=1, lang="en")``.

    ``variant`` (a Dropdown), ``players``, ``row_boxes`` (four Text boxes), ``played_box`` and
    ``hand_box`` are typed in; each change is checked at once (``position``: the last table the
    rules allowed; ``error``: the refusal of what is typed now, or None; ``status``: its words).
    ``step_button``, ``trainer_button``, ``play_button`` open the table in a ``Stepper``, a
    ``RowTrainer`` or a ``PlayTable`` (``shown``), ``qr_button`` its QR code alone, large;
    ``back_button`` comes back. ``link`` is the app's address with the table in it (``page``: the
    app page's own address), drawn in ``link_view`` and as a QR code in ``qr_view``.
    ``set_position(position or its encoded text)``; ``observe_position(f)`` calls ``f()`` when a
    new table is allowed. It opens with the rulebook's example table (``FIRST``), ready to step.

    The verdict is the very check each button makes (``ready``: Step's ``one_turn_game``, the
    trainer's questions, Play's deal), run as the table is typed: "✓ allowed" only when all of them
    pass, else the first refusal, and a button whose check fails is disabled — so a verdict is never
    followed by a refusal on a click."""

    lang = Lang()

    def __init__(self, position: Position | str | None = None, *, page: str = "app.html", seed: int = 1,
                 lang: str = "en", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lang = lang
        self.page = page
        self.seed = seed
        self.position: Position | None = None
        self.error: BaseException | None = None
        self.shown: W.Widget | None = None
        self._listeners: list[Callable[[], None]] = []
        self.ready: dict[str, BaseException | None] = {}
        self._quiet = False
        self._qr = False  # the QR code alone is shown (``show_qr``)
        self._link: traitlets.dlink | None = None  # the language link of the table opened (``shown``)
        self._make_boxes()
        self._make_views()
        self._words()
        self.set_position(position if position is not None else example_position(FIRST))
        self.observe(lambda _change: self._retell(), names="lang")

    def _make_boxes(self) -> None:
        """The boxes the table is typed in (variant, players, four rows, the cards played, the hand),
        each checked as it changes (their words: ``_words``)."""
        label = {"description_width": "13.5em"}  # the longest label, "Jucate în această tură", whole
        wide = W.Layout(width="100%", max_width="38em")
        self.variant = W.Dropdown(options=[(n, n) for n in VARIANTS], value="base", style=label, layout=wide, tooltip="")
        self.players = W.BoundedIntText(value=4, min=2, max=10, style=label, layout=W.Layout(width="19em"), tooltip="")
        self.row_boxes = [W.Text(style=label, layout=wide, tooltip="") for _ in range(1, 5)]
        self.played_box = W.Text(style=label, layout=wide, tooltip="")
        self.hand_box = W.Text(style=label, layout=wide, tooltip="")
        for box in (self.variant, self.players, *self.row_boxes, self.played_box, self.hand_box):
            box.observe(self._changed, names="value")

    def _words(self) -> None:
        """The boxes' and the buttons' words in ``lang`` (what is typed stays)."""
        lang = self.lang
        relabel(self.variant, [(variant_name(n, lang), n) for n in VARIANTS])
        self.variant.description = text("editor.variant", lang, domain=EDITOR)
        self.players.description = text("editor.players", lang, domain=EDITOR)
        for i, box in enumerate(self.row_boxes, 1):
            box.description = text("editor.row", lang, domain=EDITOR, row=i)
            box.placeholder = text("editor.row.hint", lang, domain=EDITOR)
        self.played_box.description = text("editor.played", lang, domain=EDITOR)
        self.played_box.placeholder = text("editor.played.hint", lang, domain=EDITOR)
        self.hand_box.description = text("editor.hand", lang, domain=EDITOR, seat=seat_name(0, lang))
        self.hand_box.placeholder = text("editor.hand.hint", lang, domain=EDITOR)
        for b, key in ((self.step_button, "editor.step"), (self.trainer_button, "editor.train"),
                       (self.play_button, "editor.play"), (self.qr_button, "editor.qr.big"), (self.back_button, "editor.back")):
            b.description, b.tooltip = text(key, lang, domain=EDITOR), text(key + ".tip", lang, domain=EDITOR)

    def _retell(self) -> None:
        """The language switched: the same boxes, the verdict said again, the table opened told in it
        (it follows: ``follow``), a QR code drawn again (its link names the language)."""
        self._words()
        if self.error is not None:
            self._refused(self.error)  # a refusal stays what it was (a link's text is not in the boxes)
        else:
            self._check()
        if self.shown is not None and self._qr:
            self.shown.value = self._qr_html()

    def _make_views(self) -> None:
        """The verdict, the table drawn, the link and its QR code, the buttons, and the layout."""
        self.status = W.HTML(tooltip="")
        self.status.add_class("snt-edstatus")  # the verdict: the words that speak of the table drawn
        self.table_view = W.HTML(tooltip="")
        self.table_view.add_class("snt-edtable")
        self.link_view = W.HTML(tooltip="")
        self.qr_view = W.HTML(tooltip="")
        self.step_button = button("", style="primary", on_click=lambda _: self.step_through())
        self.trainer_button = button("", on_click=lambda _: self.ask_in_trainer())
        self.play_button = button("", on_click=lambda _: self.play_from_here())
        self.qr_button = button("", on_click=lambda _: self.show_qr())
        self.back_button = button("", on_click=lambda _: self.back())
        self.actions = flex([self.step_button, self.trainer_button, self.play_button, self.qr_button], cls="snt-edactions")
        form = W.VBox([self.variant, self.players, *self.row_boxes, self.played_box, self.hand_box, self.status,
                       self.actions, self.link_view])
        form.add_class("snt-edform")
        show = W.VBox([self.table_view, self.qr_view])
        show.add_class("snt-edshow")
        self.edit_view = W.Box([form, show])
        self.edit_view.add_class("snt-edbody")
        self.holder = W.Box(layout=W.Layout(width="100%"))
        self.holder.add_class("snt-holder")
        self.result_bar = flex([self.back_button], cls="snt-edback")
        self.result_bar.layout.display = "none"
        root([styles(), styles("editor.css", base=False), self.edit_view, self.result_bar, self.holder], self)
        self.add_class("snt-editor")

    # ---- the table ---------------------------------------------------------------------------
    @property
    def code(self) -> str | None:
        """The allowed table as its link text (``Position.encode``), or None while none is."""
        return self.position.encode() if self.position is not None and self.error is None else None

    @property
    def link(self) -> str | None:
        """The app's address that opens this table, or None while the rules refuse what is typed."""
        return link_of(self.position, self.lang, self.page) if self.code else None

    def set_position(self, position: Position | str) -> bool:
        """Show ``position`` (or its encoded text) in the boxes. A text that is not one, or a table
        the rules refuse, is said in ``status`` and nothing else changes; returns whether it was shown."""
        if isinstance(position, str):
            try:
                position = decode(position)
            except SixNimmtError as error:
                self._refused(error)
                return False
        self._quiet = True
        try:
            self.variant.value = position.variant
            self.players.value = position.players
            for box, row in zip(self.row_boxes, position.rows, strict=True):
                box.value = " ".join(map(str, row))
            self.played_box.value = " ".join(map(str, position.played))
            self.hand_box.value = " ".join(map(str, position.hand))
        finally:
            self._quiet = False
        self._check()
        return True

    def observe_position(self, callback: Callable[[], None]) -> None:
        self._listeners.append(callback)

    def _changed(self, _change: Any = None) -> None:
        if not self._quiet:
            self._check()

    def _typed(self) -> Position:
        """What the boxes hold, as a position the rules allow (else their refusal)."""
        lang_free = Seat(0, seat_name(0))
        rows = tuple(parse_cards(box.value, Say("card.of_row", row=i)) for i, box in enumerate(self.row_boxes, 1))
        played = parse_cards(self.played_box.value, Say("card.played", domain="editor"))
        hand = parse_cards(self.hand_box.value, Say("card.hand", domain="editor", seat=lang_free))
        return Position(self.variant.value, int(self.players.value), rows, played, hand)

    def _check(self) -> None:
        """Check what is typed; show the engine's words, the table, its link and QR code."""
        lang = self.lang
        if not any(b.value.strip() for b in (*self.row_boxes, self.played_box, self.hand_box)):
            self.error = None
            self.ready = {}
            self._show(None, panel(f"<p>{esc(text('editor.blank', lang, domain=EDITOR))}</p>", "snt-note", "status"))
            return
        try:
            found = self._typed()
        except SixNimmtError as error:
            self._refused(error)
            return
        self.error = None
        new = found != self.position
        self.position = found
        self.ready = self._ready(found)
        refusal = next((e for e in self.ready.values() if e is not None), None)
        if refusal is None:
            status = panel(f'<p><span class="snt-icon-ok" aria-hidden="true">✓</span> '
                           f"{esc(text('editor.ok', lang, domain=EDITOR))}</p>", "snt-ok", "status")
        else:
            status = self._refusal_panel(refusal)
        self._show(found, status)
        if new:
            for callback in self._listeners:
                callback()

    def _ready(self, p: Position) -> dict[str, BaseException | None]:
        """Each button's own check on ``p``, run now: None where it passes, else its refusal."""
        checks: dict[str, Callable[[], Any]] = {"step": p.one_turn_game, "trainer": p.trainer_questions,
                                                "play": lambda: p.play_deal(self.seed)}
        out: dict[str, BaseException | None] = {}
        for name, check in checks.items():
            try:
                check()
                out[name] = None
            except SixNimmtError as error:
                out[name] = error
        return out

    def _refusal_panel(self, error: BaseException) -> str:
        return panel(f'<p><span class="snt-icon-bad" aria-hidden="true">✗</span> '
                     f"<b>{esc(text('editor.bad', self.lang, domain=EDITOR))}</b> {esc(plain_words(error, self.lang))}</p>",
                     "snt-bad snt-edrefusal", "status")

    def _refused(self, error: BaseException) -> None:
        self.error = error
        self.ready = {}
        self._show(None, self._refusal_panel(error))

    def _show(self, found: Position | None, status: str) -> None:
        lang = self.lang
        self.status.value = status
        for name, b in (("step", self.step_button), ("trainer", self.trainer_button), ("play", self.play_button),
                        ("qr", self.qr_button)):
            b.disabled = found is None or self.ready.get(name) is not None
        if found is None:
            self.table_view.value = self.link_view.value = self.qr_view.value = ""
            return
        rules = find_variant(found.variant)
        lines = []
        if found.played:
            by_seat = [f"{seat_name(s, lang)}: {' '.join(map(str, found.played_by(s)))}" for s in range(found.seats_played)]
            lines.append(f"<p><b>{esc(text('editor.played', lang, domain=EDITOR))}:</b> {esc(' · '.join(by_seat))}</p>")
        if found.hand:
            lines.append(f"<p><b>{esc(text('editor.hand', lang, domain=EDITOR, seat=seat_name(0, lang)))}:</b> "
                         f"{esc(' '.join(map(str, found.hand)))}</p>")
        table = render.table_html([list(r) for r in found.rows], two_sided=rules.two_sided,
                                  caption=text("editor.preview", lang, domain=EDITOR), lang=lang)
        self.table_view.value = panel(table + "".join(lines), "snt-felt")
        link = link_of(found, lang, self.page)
        self.link_view.value = (
            f'<div class="snt snt-link"><label for="snt-edlink">{esc(text("editor.link", lang, domain=EDITOR))}</label>'
            f'<input id="snt-edlink" class="snt-edlink" type="text" readonly value="{esc(link)}">'
            f'<p>{esc(text("editor.link.hint", lang, domain=EDITOR))}</p></div>')
        self.qr_view.value = (f'<figure class="snt-qr" role="img" aria-label="{esc(text("editor.qr", lang, domain=EDITOR))}">'
                              f"{qr_svg(link)}</figure>")

    # ---- what the table opens in --------------------------------------------------------------
    def _open(self, make: Callable[[Position], Shown], check: str = "") -> Shown | None:
        if self.position is None or self.error is not None or self.ready.get(check) is not None:
            return None  # the status says why already
        try:
            shown = make(self.position)
        except SixNimmtError as error:
            self._refused(error)
            return None
        self.shown = shown
        self._qr = not hasattr(shown, "lang")
        if not self._qr:
            self._link = follow(shown, self, self._link)
        self.holder.children = (shown,)
        self.edit_view.layout.display = "none"
        self.result_bar.layout.display = ""
        return shown

    def step_through(self) -> Stepper | None:
        """This turn played out on the table, step by step (the engine's words at each step)."""
        def make(p: Position) -> Stepper:
            game = p.one_turn_game()
            return Stepper(lambda lang: walk(game, lang, skip=ONE_TURN_LEAVES_OUT, title=text("editor.turn.title", lang, domain=EDITOR)),
                           lang=self.lang)
        shown = self._open(make, "step")
        if shown is not None:
            self.add_class("snt-edresult")  # in the app, the stepper takes the height the lesson leaves
        return shown

    def ask_in_trainer(self) -> RowTrainer | None:
        """Each card played this turn (else each card of the hand) as a trainer question on this table."""
        def make(p: Position) -> RowTrainer:
            t = RowTrainer(examples=p.trainer_questions(), two_sided=p.rules.two_sided, seed=self.seed,
                           title=lambda lang: text("editor.trainer.title", lang, domain=EDITOR), lang=self.lang)
            t.add_class("snt-trainer")  # the app's layout: the card and the question beside the table
            for part, cls in ((t.card_view, "snt-tcard"), (t.table_view, "snt-ttable"), (t.prompt, "snt-tprompt"),
                              (t.answers, "snt-tanswers"), (t.feedback, "snt-tfeedback"), (t.children[1], "snt-thead"),
                              (t.children[-1], "snt-tnext")):
                part.add_class(cls)
            return t
        return self._open(make, "trainer")

    def play_from_here(self) -> PlayTable | None:
        """A hand played on from this table against the bots: the rest of the deck dealt by ``seed``."""
        def make(p: Position) -> PlayTable:
            return PlayTable(p.rules, players=p.players, deal=p.play_deal(self.seed), seed=self.seed,
                             one_hand=True, lang=self.lang)
        return self._open(make, "play")

    def show_qr(self) -> W.HTML | None:
        """The link's QR code alone, as large as the screen allows (for the projector)."""
        def make(_p: Position) -> W.HTML:
            return W.HTML(self._qr_html(), layout=W.Layout(width="100%"), tooltip="")
        return self._open(make)

    def _qr_html(self) -> str:
        """The link's QR code, large, in ``lang`` (the link names the language)."""
        assert self.position is not None
        link = link_of(self.position, self.lang, self.page)
        return (f'<figure class="snt-qrbig" role="img" aria-label="{esc(text("editor.qr", self.lang, domain=EDITOR))}">'
                f"{qr_svg(link)}</figure>")

    def back(self) -> None:
        """Back to the boxes, as they were."""
        if self._link is not None:
            self._link.unlink()
            self._link = None
        self.shown = None
        self.holder.children = ()
        self.result_bar.layout.display = "none"
        self.edit_view.layout.display = ""
        self.remove_class("snt-edresult")


__all__ = ["PositionEditor", "link_of", "qr_svg"]
