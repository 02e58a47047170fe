"""Stepper: walk any game's event log forwards and back, with the table and the engine's words.

The table shown at each step is the engine's own record (``narrate.Frame.before``/``after``),
never recomputed, so Back shows exactly what was there. One step is one or more frames
(``narrate.steps``): events that change nothing drawn are said together with the next one that
does. The ★ labels are the engine's (``narrate.SPECIAL``); this widget only shows them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import ipywidgets as W

from sixnimmt_core.drawing import render
from sixnimmt_core.drawing.display import stacks
from sixnimmt_core.engine.cards import total_heads
from sixnimmt_core.engine.events import (
    ChoseRow,
    ChoseSpot,
    Dealt,
    Drafted,
    Event,
    Placed,
    Revealed,
    Took,
    classes,
)
from sixnimmt_core.engine.game import Game
from sixnimmt_core.engine.table import CLOSEST, LOW, NOWHERE, SIXTH, lay
from sixnimmt_core.teaching.narrate import (
    SPECIAL,
    Frame,
    Step,
    Walk,
    frames,
    leave_out,
    local_names,
    steps,
)
from sixnimmt_core.widgets._common import (
    WIDGETS,
    CardStyles,
    Lang,
    button,
    cards_words,
    chips,
    esc,
    flex,
    game_title,
    panel,
    root,
    told,
)
from sixnimmt_core.words import heads_words, seat_name, text


def say_class(text: str) -> str:
    """The words' class: a long text (a rulebook quote with its translation) is set smaller, so that
    the whole of it stays beside the table on a laptop's screen."""
    if len(text) > 700:
        return "snt-say snt-say-longer"
    if len(text) > 420:
        return "snt-say snt-say-long"
    return "snt-say"

def _told_steps(game: Any) -> bool:
    """Whether ``game`` is frames or steps already told (a list of them)."""
    return isinstance(game, list) and all(isinstance(f, (Frame, Step)) for f in game)


class Stepper(W.VBox):
    """Step through a game: ``Stepper(game, start=0, skip=(), marks=None)``.

    ``game`` is a :class:`~sixnimmt_core.teaching.narrate.Walk` (``teach.example_walk``, ``tour_walk``,
    ``hand_walk``), a :class:`Game`, a saved log (dict or JSON text), or a list of frames or
    steps. Frames are folded into steps (``narrate.steps``). ``skip`` leaves out events of these
    classes (``sixnimmt_core.engine.events``), or kinds by name (``skip=("chose",)``).
    ``marks`` badges special moments: None for the engine's (``narrate.SPECIAL``), a set of
    ``SPECIAL`` keys, event classes or kinds' names, or a function frame -> label/None.
    Buttons: ``next_button``, ``back_button``, ``restart_button``, ``turn_button``,
    ``end_button``, ``mark_button``; views: ``table_view``, ``text_view``, ``position``; the
    steps: ``steps``. CSS classes: ``snt-stepper`` (root), ``snt-next``, ``snt-back``, ``snt-restart``, ``snt-turn``,
    ``snt-mark``, ``snt-end``; views ``snt-steppos``, ``snt-steptable``, ``snt-steptext``, ``snt-stepseats``.
    ``lang`` (en, cs, sk, ro): the language of its labels, of a game's or log's narration and of
    the seats no one named (a walk is said in the language it was made in: ``tour_walk(v, lang)``).
    """

    lang = Lang()

    def __init__(self, game: Walk | Game | Callable[[str], Walk] | Any, *, start: int = 0,
                 skip: Iterable[type[Event] | str] = (),
                 marks: Iterable[str | type[Event]] | Callable[[Frame], Any] | None = None,
                 show_hands: bool = True, title: str | Callable[[str], str] | None = None,
                 names: Sequence[str] | None = None, lang: str = "en", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lang = lang
        if not (isinstance(game, (Walk, Game)) or callable(game) or _told_steps(game)):
            from sixnimmt_core.engine.log import replay

            game = replay(game)  # a saved log: read once, told in any language
        self._source = (game, classes(skip), marks, names, title)
        self._load()
        self.show_hands = show_hands
        self.index = 0
        self._syncing = False
        self._make_controls()
        self._lay_out()
        self._words()
        self.go(start)
        self.observe(lambda _change: self._retell(), names="lang")

    def _retell(self) -> None:
        """The language switched: the same steps told again in it, at the same step."""
        self._load()
        self._words()
        self.go(self.index)

    def _load(self) -> None:
        """The steps of the game told (its frames folded, the classes left out skipped) in ``lang``,
        the seats' names and the marks, its rules and its title (``title_text``)."""
        game, left_out, marks, names, title = self._source
        lang = self.lang
        rules = None
        if callable(game) and not isinstance(game, (Walk, Game)):
            game = game(lang)  # a walk told in the language asked (``teach.example_walk`` …)
        if isinstance(game, Walk):
            rules, names, title = game.rules, names or game.names, told(title, lang) or game.title or None
            given: list[Any] = list(game.steps)
        elif _told_steps(game):
            given, title = game, told(title, lang)
        else:
            given, rules, names, title = frames(game, lang), game.rules, names or game.names, told(title, lang)
        self.rules = rules
        self.two_sided = bool(rules and rules.two_sided)
        players = given[0].after.players if given else 0
        self.names = local_names(list(names), lang) if names else [seat_name(i, lang) for i in range(players)]
        self.steps: list[Step] = self._as_steps(given, left_out, self.names)
        self.marked = [self._mark(st, marks) for st in self.steps]
        self.title_text = title or game_title(rules.name if rules else None, lang)

    def _make_controls(self) -> None:
        """The heading, the position, the slider, the buttons and the views (their words: ``_words``)."""
        self.styles = CardStyles()
        self.heading = W.HTML(tooltip="")
        self.position = W.HTML(tooltip="")
        self.restart_button = button("", on_click=self._click(self.restart))
        self.back_button = button("", on_click=self._click(self.back))
        self.back_button.add_class("snt-back")
        self.next_button = button("", on_click=self._click(self.next), style="primary")
        self.next_button.add_class("snt-next")
        self.turn_button = button("", on_click=self._click(self.next_turn))
        self.mark_button = button("", on_click=self._click(self.next_mark))
        self.end_button = button("", on_click=self._click(self.end))
        for b, name in ((self.restart_button, "restart"), (self.turn_button, "turn"), (self.mark_button, "mark"),
                        (self.end_button, "end")):
            b.add_class(f"snt-{name}")
        n = max(1, len(self.steps))
        self.slider = W.IntSlider(value=1, min=1, max=n, step=1, continuous_update=False, readout=False,
                                  layout=W.Layout(width="min(100%, 520px)"), tooltip="")
        self.slider.observe(self._on_slider, names="value")
        self.table_view = W.HTML(layout=W.Layout(max_width="100%"), tooltip="")
        self.text_view = W.HTML(layout=W.Layout(max_width="100%"), tooltip="")
        self.seats_view = W.HTML(layout=W.Layout(max_width="100%"), tooltip="")

    def _words(self) -> None:
        """The stepper's own words in ``lang``: the heading, the buttons, the slider's name."""
        lang = self.lang
        self.heading.value = f'<div class="snt snt-steptitle">{esc(self.title_text)}</div>'
        for b, key in ((self.restart_button, "restart"), (self.back_button, "back"), (self.next_button, "next"),
                       (self.turn_button, "turn"), (self.mark_button, "mark"), (self.end_button, "end")):
            b.description = text(f"stepper.{key}", lang, domain=WIDGETS)
            b.tooltip = text(f"stepper.{key}.tip", lang, domain=WIDGETS)
        self.slider.description = text("stepper.slider", lang, domain=WIDGETS)
        # "more": shown only where the app folds long words to fit a phone's screen (app.html, foldWords)
        self._more = (f'<details class="snt-more" hidden><summary><span class="snt-more-show">'
                      f'{esc(text("stepper.more", lang, domain=WIDGETS))}</span><span class="snt-more-hide">'
                      f'{esc(text("stepper.less", lang, domain=WIDGETS))}</span></summary></details>')

    def _lay_out(self) -> None:
        """The stage: the words and the players beside the table when the widget is wide (a container
        query), above it when it is narrow; in the app it fills the frame's height."""
        buttons = [self.restart_button, self.back_button, self.next_button, self.turn_button]
        if any(self.marked):
            buttons.append(self.mark_button)
        buttons.append(self.end_button)
        self.controls = flex(buttons)
        self.side = W.VBox([flex([self.heading, self.position], cls="snt-stephead"), self.slider, self.controls,
                            self.text_view, self.seats_view])
        self.side.add_class("snt-stepside")
        self.body = W.Box([self.side, self.table_view])
        self.body.add_class("snt-stepbody")
        self.position.add_class("snt-steppos")
        self.text_view.add_class("snt-steptext")
        self.table_view.add_class("snt-steptable")
        self.seats_view.add_class("snt-stepseats")
        root([self.styles.widget, self.body], self)
        self.add_class("snt-stepper")

    # ---- navigation --------------------------------------------------------------------------
    @property
    def frame(self) -> Step | None:
        """The step shown (its ``main`` frame is the one drawn)."""
        return self.steps[self.index] if self.steps else None

    def go(self, index: int) -> None:
        """Show step ``index`` (from 0), clamped to the steps there are."""
        self.index = max(0, min(int(index), len(self.steps) - 1)) if self.steps else 0
        self._show()

    def next(self) -> None:
        self.go(self.index + 1)

    def back(self) -> None:
        self.go(self.index - 1)

    def restart(self) -> None:
        self.go(0)

    def end(self) -> None:
        self.go(len(self.steps) - 1)

    def next_turn(self) -> None:
        for i in range(self.index + 1, len(self.steps)):
            if self.steps[i].starts_turn:
                self.go(i)
                return
        self.end()

    def next_mark(self) -> None:
        for i in range(self.index + 1, len(self.steps)):
            if self.marked[i]:
                self.go(i)
                return
        self.end()

    def _click(self, move: Callable[[], None]) -> Callable[[Any], None]:
        """A button handler; when the pressed button becomes disabled, focus moves to a live one."""
        def handler(b: Any) -> None:
            move()
            if b.disabled:
                (self.back_button if self.next_button.disabled else self.next_button).focus()
        return handler

    def _on_slider(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.go(change["new"] - 1)

    # ---- drawing -------------------------------------------------------------------------------
    def _show(self) -> None:
        n = len(self.steps)
        f = self.frame
        first, last = self.index == 0, self.index >= n - 1
        self.back_button.disabled = self.restart_button.disabled = first
        self.next_button.disabled = self.end_button.disabled = self.turn_button.disabled = last
        self.mark_button.disabled = not any(self.marked[self.index + 1:])
        self._syncing = True
        try:
            self.slider.value = self.index + 1
        finally:
            self._syncing = False
        if f is None:
            self.position.value = panel(f'<span class="snt-pos">{esc(text("stepper.none", self.lang, domain=WIDGETS))}</span>')
            self.table_view.value = self.text_view.value = self.seats_view.value = ""
            return
        rows, hl, caption = self._table_of(f.main)
        if rows:
            self.table_view.value = render.table_html([stacks(r) for r in rows], highlight=hl,
                                                      caption=caption or None, two_sided=self.two_sided, lang=self.lang)
        else:
            self.table_view.value = panel(f"<p>{esc(text('stepper.no_rows', self.lang, domain=WIDGETS))}</p>")
        mark = self.marked[self.index]
        badge = f'<span class="snt-mark-badge">★ {esc(mark)}</span>' if mark else ""
        who = self.names[f.event.seat] if f.event.seat is not None and f.event.seat < len(self.names) else ""
        whoh = f'<p class="snt-owner">{esc(who)}</p>' if who else ""
        self.text_view.value = panel(f'{whoh}<p class="{say_class(f.text)}" aria-live="polite">{esc(f.text)}</p>{badge}'
                                     f"{self._cards_html(f)}") + self._more
        self.seats_view.value = self._seats_html(f)
        # last: when the position says step N, the step's words and table have been sent before it
        hand = f.after.hand_no or f.before.hand_no
        pos = (text("stepper.position.hand", self.lang, domain=WIDGETS, step=self.index + 1, steps=n, hand=hand) if hand
               else text("stepper.position", self.lang, domain=WIDGETS, step=self.index + 1, steps=n))
        self.position.value = f'<span class="snt snt-pos" role="status">{esc(pos)}</span>'

    def _cards_html(self, f: Step) -> str:
        """The cards the words speak of that the table does not show: laid this turn, taken to a
        penalty pile, an example's hands."""
        t, lines, e, lang = f.after, [], f.event, self.lang
        if isinstance(e, Dealt) and e.given:
            lines += [(text("strip.holds", lang, domain=WIDGETS, name=self.names[s]), chips(h, lang=lang)) for s, h in enumerate(t.hands) if h]
        # the cards laid this turn as the words see them: all of them at the reveal, else those
        # still waiting before this step's placement (the one placed now included)
        reveal = next((fr.event for fr in f.frames if isinstance(fr.event, Revealed)), None)
        shown = f.main.before if isinstance(e, (Placed, Took, ChoseRow, ChoseSpot)) else t
        cards_laid = reveal.cards if reveal is not None else shown.laid
        laid = [(s, c) for s, c in enumerate(cards_laid) if c]
        if laid:
            face_up = reveal is not None or shown.revealed
            state = text("strip.laid" if face_up else "strip.laid_down", lang, domain=WIDGETS)
            placing = [e.card] if isinstance(e, Placed) else []
            lines.append((state, " ".join(
                f'<span class="snt-laiditem">{esc(self._short(s))} '
                f'{chips(c, new=placing, face_down=not face_up, lang=lang)}</span>' for s, c in laid)))
        for fr in f.frames:
            done = fr.event
            if isinstance(done, Took) and done.cards:
                who = self.names[done.seat] if done.seat is not None else ""
                lines.append((text("strip.pile", lang, domain=WIDGETS, name=who), chips(done.cards, lang=lang)))
            if isinstance(done, Drafted):
                lines.append((text("strip.drafts", lang, domain=WIDGETS, name=self.names[done.seat]),
                              chips([done.card], new=[done.card], lang=lang)))
        if t.draft_table:
            lines.append((text("strip.draft_table", lang, domain=WIDGETS, n=len(t.draft_table)), chips(sorted(t.draft_table), lang=lang)))
        return "".join(f'<p class="snt-strip"><b>{esc(label)}:</b> {cards}</p>' for label, cards in lines)

    def _short(self, seat: int) -> str:
        name = self.names[seat] if seat < len(self.names) else seat_name(seat, self.lang)
        return name.removeprefix(seat_name(0, self.lang)[:-1])  # "Player A" -> "A" ("Hráč A" -> "A")

    def _seats_html(self, f: Step) -> str:
        t, lang = f.after, self.lang
        acting = f.event.seat
        laid_any = any(t.laid)

        def th(key: str) -> str:
            return f"<th>{esc(text(key, lang, domain=WIDGETS))}</th>"

        head = "<tr>" + th("seats.player")
        head += th("seats.hand") if self.show_hands else ""
        head += th("seats.laid") if laid_any else ""
        head += th("seats.pile") + th("seats.this_hand") + th("seats.total") + "</tr>"
        body = []
        for s in range(t.players):
            name = self.names[s] if s < len(self.names) else seat_name(s, lang)
            mark = "▶ " if s == acting else ""
            cells_ = [f"<td>{'<b>' if mark else ''}{esc(mark + name)}{'</b>' if mark else ''}</td>"]
            if self.show_hands:
                new = [f.event.card] if isinstance(f.event, Drafted) and s == acting else []
                cells_.append(f"<td>{chips(t.hands[s], new=new, empty=text('seats.no_cards', lang, domain=WIDGETS), lang=lang)}</td>")
            if laid_any:
                cells_.append(f"<td>{chips(t.laid[s], face_down=not t.revealed, lang=lang)}</td>")
            pile = t.piles[s]
            cells_.append(f"<td>{cards_words(len(pile), lang)}, {heads_words(total_heads(pile), lang)}</td>")
            cells_.append(f'<td class="snt-num">{t.penalties[s]}</td><td class="snt-num">{t.totals[s]}</td>')
            body.append(f"<tr>{''.join(cells_)}</tr>")
        aria = esc(text("seats.aria", lang, domain=WIDGETS))
        return panel(f'<table class="snt-seats" aria-label="{aria}">{head}{"".join(body)}</table>')

    def _table_of(self, frame: Frame) -> tuple[list[list[int]], dict[str, int], str]:
        """The rows to draw for a frame, what to highlight, and a short caption (in the stepper's language)."""
        e, before, after, lang = frame.event, frame.before, frame.after, self.lang
        if isinstance(e, Placed):
            row, card = e.row, e.card
            if e.rule == SIXTH:  # show the sixth card in the row, before the take
                rows = [list(r) for r in before.rows]  # laid as if it fitted, before the take
                lay(rows, card, CLOSEST, row, e.side, len(e.placed_by))
                return rows, {"row": row + 1, "card": card}, text("caption.sixth", lang, domain=WIDGETS, card=card, row=row + 1)
            if e.rule in (LOW, NOWHERE):  # the row it takes, before the take
                return before.rows, {"taken": row + 1}, text("caption.takes", lang, domain=WIDGETS, card=card, row=row + 1)
            return after.rows, {"row": row + 1, "card": card}, text("caption.placed", lang, domain=WIDGETS, card=card, row=row + 1)
        if isinstance(e, ChoseRow):
            return before.rows, {"taken": e.row + 1}, text("caption.will_take", lang, domain=WIDGETS, row=e.row + 1)
        if isinstance(e, ChoseSpot):
            return before.rows, {"row": e.row + 1}, text("caption.goes", lang, domain=WIDGETS, card=e.card, row=e.row + 1)
        if isinstance(e, Took):
            return after.rows, {"row": e.row + 1}, text("caption.taken", lang, domain=WIDGETS, row=e.row + 1)
        return after.rows, {}, ""

    def _as_steps(self, given: list[Any], skip: tuple[type[Event], ...], names: list[str]) -> list[Step]:
        """Steps from frames (folded by ``narrate.steps``) or from steps (kept, minus skipped events)."""
        if given and isinstance(given[0], Step):
            return leave_out(given, skip, names, self.lang)
        return steps([f for f in given if not isinstance(f.event, skip)], names, self.lang)

    def _special_label(self, key: str) -> str:
        """The ★ label of a special moment (a key of ``narrate.SPECIAL``) in the stepper's language: the
        engine's own (``narrate.label``, one set of labels in its catalogue)."""
        return SPECIAL[key].label_in(self.lang)

    def _mark(self, st: Step, marks: Any) -> str | None:
        """The ★ label of a step: the engine's (``marks`` None), or as ``marks`` chooses."""
        if marks is None:
            key = next((f.special for f in st.frames if f.special), None)
            return self._special_label(key) if key else st.mark
        if callable(marks):
            for f in st.frames:
                got = marks(f)
                if got:
                    return got if isinstance(got, str) else (self._special_label(f.special) if f.special else f.event.kind)
            return None
        marks = list(marks)
        chosen = frozenset(m for m in marks if isinstance(m, str))  # keys of SPECIAL (or kinds' names)
        kinds = classes(marks)
        for f in st.frames:
            if f.special in chosen:
                return self._special_label(f.special)
            if isinstance(f.event, kinds):
                return self._special_label(f.special) if f.special else f.event.kind
        return None
