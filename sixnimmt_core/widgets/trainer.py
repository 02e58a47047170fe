"""RowTrainer: where does this card go? Click the row (and the side); the engine says why."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import ipywidgets as W

from sixnimmt_core.drawing import render
from sixnimmt_core.drawing.display import stacks
from sixnimmt_core.engine.cards import total_heads
from sixnimmt_core.engine.table import (
    LEFT,
    LOW,
    NOWHERE,
    RIGHT,
    TIE,
    Placement,
    cheapest_row,
    laid_at,
    lay,
    where,
)
from sixnimmt_core.teaching.teach import practice_table
from sixnimmt_core.widgets._common import (
    WIDGETS,
    CardStyles,
    Lang,
    RowTable,
    button,
    close_all,
    esc,
    feedback,
    flex,
    panel,
    root,
    told,
)
from sixnimmt_core.words import heads_words, text, why_not

DRILLS = "drills"  # the trainer's words about the advice

class RowTrainer(W.VBox):
    """Where does the card go? ``RowTrainer(seed=None, two_sided=False, examples=None)``.

    ``examples`` is a list of ``(rows, card)`` (or ``(rows, card, note)``) asked first; then
    "New table" draws random tables. Attributes for tests and notebooks: ``answer_buttons``
    (the buttons offered now, in order; each has ``.answer``), ``low_button``, ``new_button``,
    ``feedback``, ``score``, ``right``, ``asked``, ``rows``, ``card``, ``placement``, ``phase``
    ("where", "take" or "done"), ``advised`` (whether the row taken had the fewest heads).
    A low card's question is right when it is named low and the row taken is the advice: every row
    is allowed, the fewest heads is advised, and the feedback says both. The picture is the control:
    a row's answer (a row, a Professional row's left or right end, the row to take) is the drawn
    row itself (``table_view``, a :class:`RowTable`; its ``row_buttons``), the answer "lower than
    every row end" a button of its own (``answers``). ``lang`` (en, cs, sk, ro): the language of its words.
    """

    lang = Lang()

    def __init__(self, *, seed: int | None = None, two_sided: bool = False,
                 examples: Iterable[Sequence[Any]] | None = None, title: str | Callable[[str], str] | None = None,
                 lang: str = "en", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lang = lang
        self.rng = random.Random(seed)
        self.two_sided = two_sided
        self.examples = [tuple(e) for e in (examples or [])]
        self.example_no = 0
        self.right = 0
        self.asked = 0
        self.rows: list[list[int]] = []
        self.card = 0
        self.note = ""
        self.placement: Placement | None = None
        self.phase = "where"
        self.low_spotted = False  # the last low card was named as low (its take decides if it is right)
        self.advised: bool | None = None  # the last row taken was the advice (fewest heads)
        self.taken: int | None = None  # the row taken for the last low card (counted from 0)
        self.choice: tuple[Any, ...] | None = None
        self.answer_buttons: list[W.Button] = []
        self.low_button: W.Button | None = None

        self.title = title
        self.styles = CardStyles()
        self.heading = W.HTML(layout=W.Layout(flex="1 1 auto"), tooltip="")
        self.score = W.HTML(tooltip="")
        self.card_view = W.HTML(layout=W.Layout(flex="0 1 auto"), tooltip="")
        self.table_view = RowTable(layout=W.Layout(flex="3 1 460px", max_width="100%", min_width="0"))
        self.prompt = W.HTML(tooltip="")
        self.answers = flex()
        self.feedback = W.HTML(tooltip="")
        self.new_button = button("", on_click=lambda _: self._new_clicked(), style="primary")
        root([self.styles.widget, flex([self.heading, self.score]),
              flex([self.card_view, self.table_view], align="flex-start"), self.prompt, self.answers,
              self.feedback, flex([self.new_button])], self)
        self._words()
        self.new_table()
        self.observe(lambda _change: self._retell(), names="lang")

    def _words(self) -> None:
        """The trainer's own words in ``lang``: its heading and New table's tip."""
        lang = self.lang
        variant = text("trainer.two_sided" if self.two_sided else "trainer.question", lang, domain=WIDGETS)
        title = told(self.title, lang) or text("trainer.title", lang, domain=WIDGETS)
        self.heading.value = panel(f"<p><b>{esc(title)}</b> · {esc(variant)}</p>", "snt-slim")
        self.new_button.tooltip = text("trainer.new.tip", lang, domain=WIDGETS)

    def _retell(self) -> None:
        """The language switched: the same question asked again in it, the answers given to it judged
        again (not counted again), the score as it was."""
        self._words()
        kept = (self.right, self.asked, self.low_spotted, self.advised, self.taken)
        phase, choice, taken = self.phase, self.choice, self.taken
        self.ask(self.rows, self.card, self.note)
        if phase != "where" and choice is not None:
            self.answer(choice)
            if phase == "done" and taken is not None and self.placement is not None and self.placement.low:
                self.answer(("take", taken))
        self.right, self.asked, self.low_spotted, self.advised, self.taken = kept
        self._score()

    # ---- questions -------------------------------------------------------------------------
    def resume(self, example: int, right: int, asked: int) -> None:
        """Ask example ``example`` (from 0; one past the last: a new table) with the score ``right``
        of ``asked``: where a learner had got to before Python started (the app page's frames,
        ``widgets.frames``).

        :raises ValueError: an example there is not, or a score that cannot be; nothing changes."""
        if not (isinstance(example, int) and not isinstance(example, bool) and 0 <= example <= len(self.examples)):
            raise ValueError(f"no example {example!r}: the trainer has {len(self.examples)}")
        if not (isinstance(right, int) and isinstance(asked, int) and 0 <= right <= asked <= len(self.examples)):
            raise ValueError(f"not a score: {right!r} right of {asked!r}")
        self.example_no, self.right, self.asked = example, right, asked
        self.new_table()

    def _new_clicked(self) -> None:
        self.new_table()
        self.answer_buttons[0].focus()  # keyboard users start at the first answer

    def new_table(self) -> None:
        """The next example, or a fresh random table and card."""
        if self.example_no < len(self.examples):
            ex = self.examples[self.example_no]
            self.example_no += 1
            self.ask([list(r) for r in ex[0]], int(ex[1]), ex[2] if len(ex) > 2 else "")
        else:
            rows, card = practice_table(self.rng, self.two_sided)
            self.ask(rows, card)

    def ask(self, rows: list[list[int]], card: int, note: str = "") -> None:
        """Ask where ``card`` goes on ``rows``."""
        self.rows, self.card, self.note = [list(r) for r in rows], card, note
        self.placement = where(card, self.rows, self.two_sided)
        self.phase, self.choice = "where", None
        left = len(self.examples) - self.example_no
        self.new_button.description = text("trainer.next_example", self.lang, n=left, domain=WIDGETS) if left \
            else text("trainer.new", self.lang, domain=WIDGETS)
        self._draw_card()
        self.prompt.value = panel(f'<p class="snt-say">{esc(text("trainer.where", self.lang, domain=WIDGETS, card=card))}</p>')
        self.feedback.value = ""
        per_row = self._where_buttons()
        words = text("answer.nowhere" if self.two_sided else "answer.low", self.lang, domain=WIDGETS)
        self.low_button = self._answer_button(words, (LOW,), words)
        self._offer(per_row, [self.low_button], text("trainer.table", self.lang, domain=WIDGETS))
        self._score()

    def _where_buttons(self) -> list[list[W.Button]]:
        """Each row's answers: the row (its left and right ends, two-sided)."""
        out, lang, card = [], self.lang, self.card
        for i, row in enumerate(self.rows):
            if self.two_sided:
                out.append([
                    self._answer_button(text("answer.left", lang, domain=WIDGETS, row=i + 1, end=row[0]), ("spot", i, LEFT),
                                        text("answer.left.tip", lang, domain=WIDGETS, card=card, row=i + 1, end=row[0])),
                    self._answer_button(text("answer.right", lang, domain=WIDGETS, row=i + 1, end=row[-1]), ("spot", i, RIGHT),
                                        text("answer.right.tip", lang, domain=WIDGETS, card=card, row=i + 1, end=row[-1]))])
            else:
                out.append([self._answer_button(text("answer.row", lang, domain=WIDGETS, row=i + 1, end=row[-1]), ("row", i),
                                                text("answer.row.tip", lang, domain=WIDGETS, card=card, row=i + 1, end=row[-1]))])
        return out

    def _answer_button(self, text: str, answer: tuple[Any, ...], tip: str) -> W.Button:
        b = button(text, tip, on_click=lambda _b, a=answer: self._clicked(a))
        b.answer = answer
        return b

    def _offer(self, per_row: list[list[W.Button]], others: list[W.Button], caption: str) -> None:
        """Offer the rows' answers on the drawn rows (the table as it stands) and ``others`` under it;
        ``answer_buttons`` is all of them in the order they are drawn (and tabbed to)."""
        close_all(self.answer_buttons)
        self.table_view.choose([stacks(r) for r in self.rows], per_row, caption=caption, two_sided=self.two_sided,
                               lang=self.lang)
        self.answer_buttons = [*self.table_view.row_buttons, *others]
        self.answers.children = tuple(others)

    def _offer_none(self) -> None:
        close_all(self.answer_buttons)
        self.answer_buttons = []
        self.answers.children = ()

    # ---- answers ---------------------------------------------------------------------------
    def _clicked(self, choice: tuple[Any, ...]) -> None:
        self.answer(choice)
        (self.answer_buttons[0] if self.answer_buttons else self.new_button).focus()

    def answer(self, choice: tuple[Any, ...]) -> bool | None:
        """Answer the question shown: ("row", i), ("spot", i, side), (LOW,) (a row is taken: "low") or ("take", i)."""
        if self.phase == "where":
            return self._answer_where(tuple(choice))
        if self.phase == "take" and choice[0] == "take":
            return self._answer_take(int(choice[1]))
        return None

    def correct(self, choice: tuple[Any, ...]) -> bool:
        """Whether ``choice`` is where the engine puts the card (``Placement.allows``)."""
        p = self.placement
        assert p is not None
        if choice[0] == LOW:
            return p.low
        return p.allows(choice[1], choice[2] if choice[0] == "spot" else RIGHT)

    def _said(self, choice: tuple[Any, ...]) -> str:
        if choice[0] == LOW:
            return text("said.nowhere" if self.two_sided else "said.low", self.lang, domain=WIDGETS)
        if choice[0] == "row":
            return text("said.row", self.lang, domain=WIDGETS, row=choice[1] + 1)
        return text("said." + choice[2], self.lang, domain=WIDGETS, row=choice[1] + 1)

    def _why_not(self, choice: tuple[Any, ...]) -> str:
        """Why a wrong place is wrong, in a few words (": 98 is higher than 64"), from the engine."""
        p = self.placement
        assert p is not None
        if choice[0] == LOW:
            return ""  # the reason that follows names the row end below the card
        return why_not(p, choice[1], choice[2] if choice[0] == "spot" else RIGHT, lang=self.lang)

    def _answer_where(self, choice: tuple[Any, ...]) -> bool:
        p = self.placement
        assert p is not None
        ok = self.correct(choice)
        self.choice = choice
        self.asked += 1
        self.low_spotted = ok and p.low  # a low card is right once its row is the advice too (_answer_take)
        self.right += ok and not p.low
        self._score()
        lang = self.lang
        lead = "" if ok else text("trainer.chose", lang, domain=WIDGETS, said=self._said(choice), why=self._why_not(choice)) + " "
        said = lead + p.reason(lang)
        if p.takes:
            said += " " + text("trainer.costs", lang, domain=WIDGETS, heads=heads_words(total_heads(self.rows[p.row]), lang))
        if p.low:
            self.phase = "take"
            self.feedback.value = feedback(ok, said, lang)
            self.prompt.value = panel(f'<p class="snt-say">{esc(text("trainer.which", lang, domain=WIDGETS, card=self.card))}</p>')
            self._offer([[self._answer_button(text("answer.take", lang, domain=WIDGETS, row=i + 1, heads=heads_words(total_heads(r), lang)),
                                               ("take", i),
                                               text("answer.take.tip", lang, domain=WIDGETS, row=i + 1, cards=", ".join(map(str, r)), heads=heads_words(total_heads(r), lang)))]
                         for i, r in enumerate(self.rows)], [], text("take.choose", lang, domain=WIDGETS, card=self.card))
            return ok
        self.phase = "done"
        self.feedback.value = feedback(ok, said, lang)
        self.prompt.value = ""
        self._offer_none()
        self._show_result(choice)
        return ok

    def _answer_take(self, row: int) -> bool:
        rows = self.rows
        best = cheapest_row(rows)
        fewest = total_heads(rows[best])
        mine = total_heads(rows[row])
        lang = self.lang
        advised = mine == fewest  # every row is allowed; the fewest heads is the advice
        if advised:
            said = feedback(True, text("row.take.cheapest", lang, domain=DRILLS, row=row + 1, heads=heads_words(mine, lang)), lang)
            self.right += self.low_spotted
        else:
            line = text("row.take.dearer", lang, domain=DRILLS, best=best + 1, best_heads=heads_words(fewest, lang), row=row + 1, heads=heads_words(mine, lang))
            said = panel(f'<p><span class="snt-icon-ok" aria-hidden="true">!</span>'
                         f'<b>{esc(text("row.take.verdict", lang, domain=DRILLS))}</b> {esc(line)}</p>', "snt-warn", "status")
        self.advised = advised
        self.taken = row
        self.phase = "done"
        self._score()
        self.feedback.value = self.feedback.value + said
        self.prompt.value = ""
        self._offer_none()
        after = [list(r) for r in rows]
        lay(after, self.card, self.placement.rule if self.placement else LOW, row)
        self.table_view.value = render.table_html(
            [stacks(r) for r in after], highlight={"row": row + 1, "card": self.card},
            caption=text("take.caption", lang, domain=WIDGETS, card=self.card, row=row + 1, heads=heads_words(mine, lang)),
            two_sided=self.two_sided, lang=lang)
        return True

    def _show_result(self, choice: tuple[Any, ...]) -> None:
        p = self.placement
        assert p is not None
        if p.rule == TIE:
            spot = next((s for s in p.tied if (s.row, s.side) == tuple(choice[1:])), p.tied[0])
            row, side = spot.row, spot.side
        else:
            row, side = p.row, p.side
        assert row is not None
        rows = laid_at(self.rows, self.card, row, side)
        if p.takes:
            caption = text("result.sixth", self.lang, domain=WIDGETS, card=self.card, row=row + 1)
        elif p.rule == NOWHERE:
            caption = ""
        else:
            end = self.rows[row][0] if side == LEFT else self.rows[row][-1]
            caption = text("result.before" if side == LEFT else "result.after", self.lang, domain=WIDGETS, card=self.card, end=end, row=row + 1)
        self.table_view.value = render.table_html([stacks(r) for r in rows], highlight={"row": row + 1, "card": self.card},
                                                  caption=caption or None, two_sided=self.two_sided, lang=self.lang)

    # ---- drawing ---------------------------------------------------------------------------------
    def _draw_card(self) -> None:
        note = f"<p>{esc(self.note)}</p>" if self.note else ""
        self.card_view.value = panel(
            f'<p class="snt-say">{esc(text("trainer.card", self.lang, domain=WIDGETS))}</p><div>'
            f'{render.card_svg(self.card, size="lg", lang=self.lang)}</div>{note}')

    def _score(self) -> None:
        score = text("trainer.score", self.lang, domain=WIDGETS, right=self.right, asked=self.asked)
        self.score.value = panel(f'<span class="snt-pos" role="status">{esc(score)}</span>', "snt-slim")
