"""The picture is the control (issue 23, item 2): where a learner chooses a row — the trainer's
question and its low card's row to take, a drill's places, Play's row to take and a tie's places —
the drawn row is the button. Each row's box holds the row's drawing (render's one drawing of a row)
and its button(s); pressing a row's button answers that row.

Expected answers are worked out by hand from the rules (RULES.md), not asked of the engine."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as W  # noqa: E402

from sixnimmt_core import Deal
from sixnimmt_core.drawing import render  # noqa: E402
from sixnimmt_core.widgets import PlayTable, RowTrainer  # noqa: E402
from sixnimmt_core.widgets._common import RowTable  # noqa: E402
from sixnimmt_core.widgets.drills import DrillTrainer  # noqa: E402
from sixnimmt_core.widgets.snapshot import static_html  # noqa: E402

AMIGO = [[8], [24], [69], [81]]  # 004_…txt: card 29 goes after 24 (row 2); card 3 is lower than every end


def cards_in(box: W.Box) -> list[int]:
    """The cards drawn in a row's box (its drawing's ``data-card``s)."""
    return [int(c) for c in re.findall(r'data-card="(\d+)"', box.children[0].value)]


def buttons_in(box: W.Box) -> list[W.Button]:
    return [w for w in box.children[1].children if isinstance(w, W.Button)]


def test_the_trainer_s_rows_are_its_answer_buttons():
    """Amigo's table, card 29: each drawn row holds its cards and the button that answers it; the
    drawing is render's own; row 2 (after 24, the smallest difference) is right."""
    t = RowTrainer(examples=[(AMIGO, 29)])
    table = t.table_view
    assert isinstance(table, RowTable) and len(table.row_boxes) == 4
    drawn = render.rows_html(AMIGO, lang="en")
    for i, box in enumerate(table.row_boxes):
        assert cards_in(box) == AMIGO[i]
        assert box.children[0].value == drawn[i]  # the one drawing of a row, not a copy
        (b,) = buttons_in(box)
        assert b.answer == ("row", i) and b.description == f"Row {i + 1} · after {AMIGO[i][0]}"
        assert "snt-rowbtn" in b._dom_classes and "snt-rowpick" in box._dom_classes
    # the buttons offered: the rows' in order, then "lower than every row end" (a button of its own)
    assert t.answer_buttons == [*table.row_buttons, t.low_button]
    assert t.low_button in t.answers.children and t.low_button not in table.row_buttons
    assert table.value == render.table_html(AMIGO, caption="The table", lang="en")  # the picture, as before
    buttons_in(table.row_boxes[1])[0].click()  # row 2
    assert (t.right, t.asked, t.phase) == (1, 1, "done")
    assert "snt-picking" not in table._dom_classes and table.row_boxes == []  # the result is a picture
    assert 'data-card="29"' in table.value


def test_a_wrong_row_is_wrong():
    t = RowTrainer(examples=[(AMIGO, 29)])
    buttons_in(t.table_view.row_boxes[0])[0].click()  # row 1: 8 is lower, but 24 is closer
    assert (t.right, t.asked) == (0, 1) and "Not quite" in t.feedback.value


@pytest.mark.parametrize("row,advised", [(0, True), (3, False)])
def test_a_low_card_s_row_is_taken_on_the_drawn_row(row, advised):
    """Rows 59 61 (2 heads) · 66 80 (5 + 3 = 8) · 90 95 (3 + 2 = 5) · 40 45 50 53 57 (3+2+3+1+1 = 10);
    card 29 is lower than every end (61, 80, 95, 57): any row may be taken, row 1 is the advice."""
    rows = [[59, 61], [66, 80], [90, 95], [40, 45, 50, 53, 57]]
    t = RowTrainer(examples=[(rows, 29)])
    t.low_button.click()
    assert t.phase == "take"
    boxes = t.table_view.row_boxes
    assert [cards_in(b) for b in boxes] == rows
    assert [[b.answer for b in buttons_in(box)] for box in boxes] == [[("take", i)] for i in range(4)]
    assert [b.description for b in t.answer_buttons] == ["Take row 1 · 2 heads", "Take row 2 · 8 heads",
                                                         "Take row 3 · 5 heads", "Take row 4 · 10 heads"]
    assert t.answers.children == ()  # nothing but the rows to choose
    assert "Choose a row to take for 29" in t.table_view.value
    buttons_in(boxes[row])[0].click()
    assert t.phase == "done" and t.advised is advised and (t.right, t.asked) == (int(advised), 1)


def test_a_professional_row_has_two_halves():
    """The Slovak rulebook's Professional example 1: card 5 on rows 40–44 · 30 45 60 · 59 · 67. No
    right end is below 5; of the left ends above it, 30 is the nearest (25): left of row 2."""
    rows = [[40, 41, 42, 43, 44], [30, 45, 60], [59], [67]]
    t = RowTrainer(two_sided=True, examples=[(rows, 5)])
    for i, box in enumerate(t.table_view.row_boxes):
        left, right = buttons_in(box)
        assert (left.answer, right.answer) == (("spot", i, "left"), ("spot", i, "right"))
        assert "snt-rowbtn-left" in left._dom_classes and "snt-rowbtn-right" in right._dom_classes
        assert "snt-rowpick-two" in box._dom_classes and cards_in(box) == rows[i]
    assert t.low_button.description == "Fits nowhere — take a row"
    buttons_in(t.table_view.row_boxes[1])[1].click()  # the right of row 2: 60 is above 5
    assert (t.right, t.asked) == (0, 1)
    t = RowTrainer(two_sided=True, examples=[(rows, 5)])
    buttons_in(t.table_view.row_boxes[1])[0].click()  # the left of row 2
    assert (t.right, t.asked) == (1, 1)


def test_a_drill_s_places_are_its_rows():
    """The base drill's first question is Amigo's 29: row 2 on the drawn row is right; "lower than
    every row end" stays a button of its own."""
    d = DrillTrainer("base", seed=1)
    boxes = d.table_view.row_boxes
    assert [cards_in(b) for b in boxes] == AMIGO
    assert [[b.answer for b in buttons_in(box)] for box in boxes] == [["right:1"], ["right:2"], ["right:3"], ["right:4"]]
    assert [b.answer for b in d.answers.children] == ["low"]
    assert [b.answer for b in d.answer_buttons] == ["right:1", "right:2", "right:3", "right:4", "low"]
    buttons_in(boxes[1])[0].click()
    assert d.judged is not None and d.judged.verdict == "right" and d.drill.right == 1
    assert all(b.disabled for b in d.answer_buttons)  # answered: each row shows what it cost
    assert "snt-chosen" in buttons_in(boxes[1])[0]._dom_classes


def test_a_professional_drill_answers_on_the_halves():
    d = DrillTrainer("professional", seed=1)  # example 1's card 5 (above): left of row 2
    box = d.table_view.row_boxes[1]
    assert [b.answer for b in buttons_in(box)] == ["left:2", "right:2"] and cards_in(box) == [30, 45, 60]
    buttons_in(box)[0].click()
    assert d.judged.verdict == "right"


def test_a_drill_without_places_keeps_its_buttons():
    d = DrillTrainer("tactics", seed=1)
    assert d.table_view.row_boxes == [] and d.answer_buttons == list(d.answers.children)


def test_play_s_row_to_take_is_the_drawn_row():
    """Rows 40 · 10 · 60 · 90, card 5 lower than every end: the player takes a row of their choice;
    row 2 (the 10, a multiple of 10: 3 heads) costs 3."""
    t = PlayTable(deal=Deal([[5], [95], [96], [97]], [[40], [10], [60], [90]]), seed=1)
    t.choice_buttons[0].click()
    assert t.decision.kind == "take_row"
    boxes = t.table_view.row_boxes
    assert [cards_in(b) for b in boxes] == [[40], [10], [60], [90]]
    assert [[b.answer for b in buttons_in(box)] for box in boxes] == [[0], [1], [2], [3]]
    assert t.choice_buttons == t.table_view.row_buttons and t.choices.children == ()
    buttons_in(boxes[1])[0].click()
    assert t.game.over and t.game.penalty[0] == 3
    assert t.table_view.row_boxes == []  # after the choice, the table is a picture again


def test_play_s_tied_places_are_on_their_rows():
    """Professional, rows 40 · 10 · 60 · 90, card 50: right of 40 and left of 60 are both 10 away
    (a tie: the player chooses, a ruling); each choice is on its own row."""
    t = PlayTable("professional", deal=Deal([[50], [95], [96], [97]], [[40], [10], [60], [90]]), seed=1)
    t.choice_buttons[0].click()
    assert t.decision.kind == "spot"
    boxes = t.table_view.row_boxes
    assert [len(buttons_in(b)) for b in boxes] == [1, 0, 1, 0]
    assert [b.description for b in t.choice_buttons] == ["Right of row 1 · after 40", "Left of row 3 · before 60"]
    buttons_in(boxes[2])[0].click()
    assert [e.data for e in t.game.log if e.kind == "chose_spot"] == [{"row": 2, "side": "left", "card": 50}]


def test_the_snapshot_draws_the_rows_as_buttons():
    """What the app page shows before Python (widgets.snapshot): each row's box with its drawing
    and its button, in the order of the trainer's answers."""
    t = RowTrainer(examples=[(AMIGO, 29)])
    html = static_html(t.table_view)
    boxes = re.findall(r'<div class="[^"]*snt-rowpick[^"]*".*?</button>', html, re.S)
    assert len(boxes) == 4
    for i, box in enumerate(boxes):
        assert f'data-row="{i + 1}"' in box and f">Row {i + 1} · after {AMIGO[i][0]}</button>" in box
    buttons = re.findall(r">([^<>]+)</button>", static_html(t))
    assert buttons[:5] == [b.description for b in t.answer_buttons]


def test_a_row_table_refuses_buttons_for_rows_it_has_not():
    with pytest.raises(ValueError):
        RowTable().choose([[1], [2]], [[W.Button()]])
