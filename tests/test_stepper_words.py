"""Every card a stepper's words name is drawn at that step, in its words or on its table (CPython;
test_app_browser.py checks in Chromium that what is drawn is also in view)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path[:0] = [str(Path(__file__).resolve().parent / "site"), str(Path(__file__).resolve().parent.parent / "tools" / "site")]
from app_driver import cards_named  # noqa: E402  (the browser tests' reading of the words)

from sixnimmt_core.teaching.scenarios import EXAMPLES  # noqa: E402
from sixnimmt_core.teaching.teach import TOURS, example_walk, hand_walk, tour_walk  # noqa: E402
from sixnimmt_core.widgets.stepper import Stepper  # noqa: E402

WALKS = {f"example {k}": (lambda k=k: example_walk(k)) for k in EXAMPLES}
WALKS["hand"] = hand_walk
WALKS.update({f"tour {v}": (lambda v=v: tour_walk(v)) for v in TOURS})


@pytest.mark.parametrize("name", list(WALKS))
def test_every_named_card_is_drawn(name):
    stepper = Stepper(WALKS[name]())
    missing = []
    for i, step in enumerate(stepper.steps):
        stepper.go(i)
        drawn = {int(c) for c in re.findall(r'data-card="(\d+)"', stepper.text_view.value + stepper.table_view.value)}
        lost = sorted(cards_named(step.text) - drawn)
        if lost:
            missing.append(f"step {i + 1}: {lost} in {step.text[:120]!r}")
    assert missing == []


def test_a_low_card_shows_the_row_it_takes_before_the_take():
    # pitfall 2 (Amigo rulebook): 29 is lower than every row end and takes row 1 (59, 61)
    stepper = Stepper(example_walk("pitfall-2"))
    i = next(i for i, s in enumerate(stepper.steps) if "29 starts row 1" in s.text)
    stepper.go(i)
    table = stepper.table_view.value
    assert 'data-card="59"' in table and 'data-card="61"' in table
    assert "snt-taken" in table
    assert 'data-card="29"' in stepper.text_view.value  # laid this turn, beside the words
