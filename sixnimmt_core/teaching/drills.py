""""Try it" questions for each variant's own rule, judged and explained by the engine.

A :class:`Drill` asks one :class:`Question` at a time: first the documents' examples where the
documents have them (``scenarios``), then fresh positions drawn from a seed (the same seed, the
same positions). Every question lists its answers (:class:`Answer`): whether the rules allow
each, whether it is the advice, what it costs (heads), and the words that explain it — the
engine's own explanations (``table.Placement.reason``, the narration of the events it played),
never a rule written again here. Words are data (:class:`~sixnimmt_core.engine.errors.Say` of the
catalogue domain ``drills``), said in a language only when asked (``words(lang)``).
No widgets here: ``sixnimmt_core.widgets.drills`` draws a drill.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sixnimmt_core.engine.rules import find_variant
from sixnimmt_core.teaching.drills_choosing import (
    draft_question,
    fresh_draft,
    fresh_hand,
    fresh_open,
    fresh_refined,
    fresh_tactics,
    hand_question,
    open_question,
    refined_question,
    tactics_question,
)
from sixnimmt_core.teaching.drills_placing import (
    TWINS_KINDS,
    TwinsKind,
    base_examples,
    fresh_professional,
    fresh_twins,
    fresh_where,
    professional_examples,
    twins_position,
    twins_question,
    where_question,
)
from sixnimmt_core.teaching.quiz import DOMAIN, Answer, Builder, Judged, NotAnAnswer, Question


# ---- the drills -------------------------------------------------------------------------------------
@dataclass
class Drill:
    """Questions on one variant's own rule: the documents' examples first, then fresh seeded positions.

    ``answer(key)`` judges the question shown and counts it (once); ``next()`` asks the next one.
    ``right`` counts advised answers, ``asked`` questions answered."""

    variant: str
    seed: int | None = None
    right: int = 0
    asked: int = 0
    examples: list[Question] = field(default_factory=list)
    example_no: int = 0
    question: Question | None = None
    judged: Judged | None = None

    def __post_init__(self) -> None:
        self.variant = find_variant(self.variant).name  # refuses an unknown variant
        self.rng = random.Random(self.seed)
        self.topic = KINDS[self.variant]
        self.examples = DOCUMENTED.get(self.topic, lambda: [])()
        self.next()

    @property
    def examples_left(self) -> int:
        return len(self.examples) - self.example_no

    def next(self) -> Question:
        """The next documents' example, else a fresh position."""
        if self.example_no < len(self.examples):
            q = self.examples[self.example_no]
            self.example_no += 1
        else:
            q = FRESH[self.topic](self.rng)
        self.question, self.judged = q, None
        return q

    def answer(self, key: Any) -> Judged:
        """Judge ``key``; the first answer to a question counts, a second is judged but not counted.

        :raises NotAnAnswer: ``key`` is not one of the question's answers (nothing changes)."""
        assert self.question is not None
        a = self.question.find(key)
        judged = Judged(self.question, a)
        if self.judged is None:
            self.asked += 1
            self.right += judged.right
        self.judged = judged
        return judged
# ---- which drill each variant has ------------------------------------------------------------------------
KINDS = {"base": "where", "tactics": "tactics", "logic": "logic", "tournament": "tournament",
         "professional": "professional", "open": "open", "refined": "refined", "hand": "hand", "twins": "twins"}
FRESH: dict[str, Builder] = {
    "where": fresh_where, "professional": fresh_professional, "twins": fresh_twins, "refined": fresh_refined,
    "hand": fresh_hand, "open": fresh_open, "logic": fresh_draft("logic"), "tournament": fresh_draft("tournament"),
    "tactics": fresh_tactics,
}
DOCUMENTED: dict[str, Callable[[], list[Question]]] = {"where": base_examples, "professional": professional_examples}


def drill(variant: str, seed: int | None = None) -> Drill:
    """The drill of ``variant`` (its own rule), seeded.

    :raises ImpossibleSetup: an unknown variant."""
    return Drill(variant, seed)


__all__ = ["DOMAIN", "TWINS_KINDS", "Answer", "Drill", "TwinsKind", "twins_position", "Judged", "NotAnAnswer", "Question", "drill", "where_question", "twins_question",
           "refined_question", "hand_question", "open_question", "draft_question", "tactics_question", "KINDS"]

