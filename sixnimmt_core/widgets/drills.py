"""DrillTrainer: "Try it" — a variant's own rule as questions the engine judges (``sixnimmt_core.teaching.drills``)."""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from sixnimmt_core.drawing import render
from sixnimmt_core.drawing.display import stacks
from sixnimmt_core.teaching.drills import DOMAIN, Drill, Judged
from sixnimmt_core.widgets._common import (
    Lang,
    RowTable,
    button,
    close_all,
    esc,
    flex,
    panel,
    root,
    styles,
    variant_name,
)
from sixnimmt_core.words import heads_words, text


def try_toggle(lang: str = "en") -> W.ToggleButton:
    """The switch that shows a lesson's drill beside its tour: "Try it ✎" (a lesson that switches
    language draws these words again: ``VariantsLesson._picker_words``)."""
    t = W.ToggleButton(value=False, description=text("drill.toggle", lang, domain=DOMAIN),
                       tooltip=text("drill.toggle.tip", lang, domain=DOMAIN), layout=W.Layout(width="auto"))
    t.add_class("snt-trytoggle")
    return t


VERDICTS = {"right": ("snt-ok", "snt-icon-ok", "✓"), "allowed": ("snt-warn", "snt-icon-ok", "!"),
            "wrong": ("snt-bad", "snt-icon-bad", "✗")}


class DrillTrainer(W.VBox):
    """Try it: ``DrillTrainer(variant, seed=None, lang="en")`` asks the variant's drill question by question.

    Attributes for tests and notebooks: ``drill`` (the :class:`~sixnimmt_core.teaching.drills.Drill`),
    ``answer_buttons`` (each has ``.answer``, the answer's key; in the order they are drawn),
    ``new_button``, ``feedback``, ``score``, ``prompt``, ``facts``, ``table_view`` (a
    :class:`RowTable`), ``judged`` (the last answer judged, or None). The picture is the control: an
    answer that names a place on the table (a row, a Professional row's end) is that drawn row (its
    half); the others are buttons under the question (``answers``).
    """

    lang = Lang()

    def __init__(self, variant: str = "base", *, seed: int | None = None, lang: str = "en", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lang = lang
        self.drill = Drill(variant, seed)
        self.judged: Judged | None = None
        self.answer_buttons: list[W.Button] = []
        self.heading = W.HTML(layout=W.Layout(flex="1 1 auto"), tooltip="")
        self.heading.add_class("snt-dhead")
        self.score = W.HTML(tooltip="")
        self.source = W.HTML(tooltip="")
        self.card_view = W.HTML(layout=W.Layout(flex="0 0 auto"), tooltip="")
        self.card_view.add_class("snt-dcard")
        self.table_view = RowTable(layout=W.Layout(max_width="100%"))
        self.table_view.add_class("snt-dtable")
        self.facts = W.HTML(tooltip="")
        self.facts.add_class("snt-dfacts")
        self.prompt = W.HTML(layout=W.Layout(flex="1 1 160px", min_width="0"), tooltip="")
        self.answers = flex(cls="snt-danswers")
        self.feedback = W.HTML(tooltip="")
        self.feedback.add_class("snt-dfeedback")
        self.new_button = button("", on_click=lambda _: self._new_clicked(), style="primary")
        self.new_button.add_class("snt-dnew")
        root([styles("drills.css", base=False), flex([self.heading, self.score]), self.source, self.table_view,
              self.facts, flex([self.card_view, self.prompt], align="center"), self.answers, self.feedback,
              flex([self.new_button])], self)
        self.add_class("snt-drill")
        self._words()
        self.show()
        self.observe(lambda _change: self._retell(), names="lang")

    def _words(self) -> None:
        """The drill's own words in ``lang``: its heading and New position's tip."""
        lang = self.lang
        what = text(f"drill.what.{self.drill.topic}", lang, domain=DOMAIN)
        self.heading.value = panel(f'<p><b>{esc(text("drill.title", lang, domain=DOMAIN))}</b> · '
                                   f"{esc(variant_name(self.drill.variant, lang))}: {esc(what)}</p>", "snt-slim")
        self.new_button.tooltip = text("drill.new.tip", lang, domain=DOMAIN)

    def _retell(self) -> None:
        """The language switched: the same question asked in it, the answer given judged again (not
        counted again: ``Drill.answer``)."""
        judged = self.judged
        self._words()
        self.show()
        if judged is not None:
            self.answer(judged.answer.key)

    # ---- a question ---------------------------------------------------------------------------
    def show(self) -> None:
        """Draw the drill's current question, unanswered."""
        q, lang = self.drill.question, self.lang
        assert q is not None
        self.judged = None
        self.source.value = panel(f"<p>{esc(q.source.words(lang))}</p>", "snt-note") if q.source else ""
        self.card_view.value = render.card_svg(q.card, size="sm", lang=lang) if q.card is not None else ""
        close_all(self.answer_buttons)
        self.facts.value = panel("".join(f"<p>{esc(s.words(lang))}</p>" for s in q.show)) if q.show else ""
        self.prompt.value = panel(f'<p class="snt-say">{esc(q.prompt.words(lang))}</p>')
        self.feedback.value = ""
        per_row: list[list[W.Button]] = [[] for _ in q.rows]
        others = []
        for a in q.answers:
            b = button(a.label.words(lang), on_click=lambda _b, key=a.key: self._clicked(key))
            b.answer = a.key
            (per_row[a.place[0]] if a.place is not None and q.rows else others).append(b)
        rows = [stacks(r) for r in q.rows]
        if any(per_row):  # the rows are the answers that name them
            self.table_view.choose(rows, per_row, caption=text("drill.table", lang, domain=DOMAIN), two_sided=q.two_sided, lang=lang)
        else:
            self.table_view.value = render.table_html(rows, two_sided=q.two_sided, caption=text("drill.table", lang, domain=DOMAIN),
                                                      lang=lang) if q.rows else ""
        self.answer_buttons = [*self.table_view.row_buttons, *others]
        self.answers.children = tuple(others)
        left = self.drill.examples_left
        self.new_button.description = text("drill.next_example", lang, n=left, domain=DOMAIN) if left else text("drill.new", lang, domain=DOMAIN)
        self._score()

    def new_position(self) -> None:
        """The next example, else a fresh position."""
        self.drill.next()
        self.show()

    def _new_clicked(self) -> None:
        self.new_position()
        if self.answer_buttons:
            self.answer_buttons[0].focus()

    # ---- an answer ----------------------------------------------------------------------------
    def answer(self, key: Any) -> Judged:
        """Judge the answer ``key`` and show what it costs and why.

        :raises NotAnAnswer: not one of the question's answers (nothing changes)."""
        judged = self.drill.answer(key)
        self.judged = judged
        lang = self.lang
        cls, icon_cls, icon = VERDICTS[judged.verdict]
        self.feedback.value = panel(
            f'<p><span class="{icon_cls}" aria-hidden="true">{icon}</span>'
            f'<b>{esc(text("verdict." + judged.verdict, lang, domain=DOMAIN))}</b> {esc(judged.words(lang))}</p>', cls, "status")
        costs = {a.key: a for a in judged.question.answers}
        for b in self.answer_buttons:  # now each answer shows what it costs
            b.disabled = True
            a = costs[b.answer]
            if a.cost is not None:
                b.description = text("drill.cost", lang, domain=DOMAIN, label=a.label.words(lang), cost=heads_words(a.cost, lang))
            if b.answer == key:
                b.add_class("snt-chosen")
        self._score()
        return judged

    def _clicked(self, key: str) -> None:
        self.answer(key)
        self.new_button.focus()

    def _score(self) -> None:
        words = text("drill.score", self.lang, domain=DOMAIN, right=self.drill.right, asked=self.drill.asked)
        self.score.value = panel(f'<span class="snt-pos" role="status">{esc(words)}</span>', "snt-slim")


__all__ = ["DrillTrainer", "try_toggle"]
