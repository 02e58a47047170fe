"""The teaching widgets as state after each click (Button.click() fires the handlers; no browser)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from html import escape
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from sixnimmt_core import Deal, Game, advance, dumps, find_variant, make_bots, where  # noqa: E402
from sixnimmt_core.engine.cards import total_heads  # noqa: E402
from sixnimmt_core.teaching.narrate import SPECIAL, frames  # noqa: E402
from sixnimmt_core.teaching.teach import TOURS, example_walk, hand_walk, tour_walk  # noqa: E402
from sixnimmt_core.widgets import PlayTable, RowTrainer, Stepper  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DOC_ROWS = [[8], [24], [69], [81]]  # 004_…txt: row ends 8, 24, 69, 81


def card_on_table(html: str, card: int) -> bool:
    """Whether the table HTML draws ``card`` (its accessible name "card 29, 1 head…")."""
    return f'aria-label="card {card}, ' in html


def said(t: PlayTable, kind: str) -> bool:
    """Whether the story shows the narrator's words for the last event of ``kind``."""
    text = [f.text for f in frames(t.game) if f.event.kind == kind][-1]
    return escape(text, quote=True) in t.story.value


def bot_game(variant: str = "base", seed: int = 7, players: int = 4) -> Game:
    g = Game(find_variant(variant), players, seed=seed, one_hand=True)
    advance(g, make_bots(["cautious"], players, seed=seed))
    assert g.over
    return g


# ---- the engine stays free of ipywidgets ------------------------------------------------------
def test_engine_import_does_not_pull_in_ipywidgets() -> None:
    code = ("import sys, sixnimmt_core, sixnimmt_core.drawing.render, sixnimmt_core.teaching.narrate, sixnimmt_core.engine.log; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'traitlets', "
            "'sixnimmt_core') and (m.startswith(('ipywidgets', 'traitlets')) or 'widgets' in m)))")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env,
                         check=True)
    assert out.stdout.strip() == "[]", out.stdout


# ---- Stepper ---------------------------------------------------------------------------------------
def test_stepper_next_back_restart_and_bounds() -> None:
    g = bot_game()
    s = Stepper(g)
    n = len(s.steps)
    kinds = [e.kind for e in g.log]
    # one step for the deal, one per turn (4 face-down choices + reveal), one per card placed, one
    # per row taken, one for the hand's and match's end (narrate.steps folds the rest)
    assert n == 1 + 10 + 40 + kinds.count("took") + 1 and s.index == 0
    assert sum(len(st.frames) for st in s.steps) == len(g.log)
    assert "step 1 of" in s.position.value and f"of {n}" in s.position.value
    s.back_button.click()
    s.restart_button.click()
    assert s.index == 0 and s.back_button.disabled and s.restart_button.disabled
    s.next_button.click()
    s.next_button.click()
    assert s.index == 2 and "step 3 of" in s.position.value
    assert s.text_view.value and s.steps[2].text.split(" ")[0] in s.text_view.value
    s.back_button.click()
    assert s.index == 1
    s.end_button.click()
    assert s.index == n - 1 and s.next_button.disabled
    s.next_button.click()
    s.turn_button.click()
    assert s.index == n - 1 and f"step {n} of {n}" in s.position.value
    assert "over" in s.text_view.value
    s.restart_button.click()
    assert s.index == 0 and "step 1 of" in s.position.value


def test_stepper_shows_the_card_that_moved_and_back_really_goes_back() -> None:
    g = bot_game()
    s = Stepper(g)
    i = next(k for k, f in enumerate(s.steps) if f.event.kind == "placed")
    card = s.steps[i].event.data["card"]
    s.go(i - 1)
    before = s.table_view.value
    assert not card_on_table(before, card)
    s.next_button.click()
    assert s.index == i
    assert card_on_table(s.table_view.value, card)
    assert f'card {card}, ' in s.table_view.value and ', new"' in s.table_view.value  # highlighted
    assert escape(s.steps[i].text, quote=True) in s.text_view.value
    s.back_button.click()
    assert s.table_view.value == before  # the very same table, from Frame.before/after
    # walking back from the end gives the same pictures as walking forward
    forward = []
    s.restart()
    for _ in range(len(s.steps)):
        forward.append(s.table_view.value)
        s.next()
    backward = []
    for _ in range(len(s.steps)):
        backward.append(s.table_view.value)
        s.back()
    assert forward == backward[::-1]


def test_stepper_sixth_card_and_taken_row() -> None:
    g = bot_game()
    s = Stepper(g)
    i = next(k for k, f in enumerate(s.steps)
             if f.event.kind == "placed" and f.event.data["rule"] == "sixth")
    s.go(i)
    d = s.steps[i].event.data
    assert "TAKE" in s.table_view.value and card_on_table(s.table_view.value, d["card"])
    assert escape(s.steps[i].text, quote=True) in s.text_view.value
    assert "★" in s.text_view.value  # the sixth card is a marked moment
    s.next_button.click()
    took = s.steps[s.index].event
    assert took.kind == "took"
    assert escape(s.steps[s.index].text, quote=True) in s.text_view.value


def test_stepper_skip_marks_turns_slider_and_saved_log() -> None:
    g = bot_game("refined", seed=3)
    s = Stepper(g, skip=("chose",), start=5)
    assert s.index == 5
    assert all(f.event.kind != "chose" for st in s.steps for f in st.frames)
    s.restart()
    s.mark_button.click()
    marked = s.steps[s.index]
    assert any(f.event.kind == "ordered" for f in marked.frames) and "the order matters" in marked.text
    assert "★" in s.text_view.value and SPECIAL["order"].label in s.text_view.value
    s.restart()
    s.turn_button.click()  # from the deal to the first turn's reveal
    assert s.index == 1 and any(f.event.kind == "revealed" for f in s.steps[1].frames)
    s.slider.value = 10
    assert s.index == 9 and "step 10 of" in s.position.value
    orders = sum(1 for st in s.steps if any(f.event.kind == "ordered" for f in st.frames))
    only = Stepper(g, marks={"ordered"})
    assert sum(1 for m in only.marked if m) == orders
    assert {m for m in only.marked if m} <= {"ordered", SPECIAL["order"].label}
    saved = Stepper(dumps(g))
    assert sum(len(st.frames) for st in saved.steps) == len(g.log)
    saved.end()
    assert "over" in saved.text_view.value


def test_stepper_root_and_step_buttons_carry_the_app_shells_classes() -> None:
    s = Stepper(bot_game())
    assert "snt-stepper" in s._dom_classes
    assert "snt-next" in s.next_button._dom_classes and "snt-back" in s.back_button._dom_classes


def test_stepper_over_an_example_shows_its_table_and_ends_with_the_turn() -> None:
    s = Stepper(example_walk("pitfall-2"))
    assert len(s.steps) == 7 and s.title_text == "Pitfall 2: a low card changes the table first"
    assert "The example&#x27;s table: row 1 holds 59, 61" in s.text_view.value
    assert all(card_on_table(s.table_view.value, c) for c in (59, 61, 66, 80, 90, 95, 40, 57))
    assert [bool(m) for m in s.marked] == [False, False, True, False, True, False, False]
    s.mark_button.click()
    assert s.index == 2 and "lower than every row end" in s.text_view.value
    s.mark_button.click()
    assert s.index == 4 and "sixth card" in s.text_view.value
    pictures = []
    s.restart()
    for _ in range(len(s.steps)):
        pictures.append((s.table_view.value, s.seats_view.value))
        s.next()
    # every step but the rulebook's words (which show the turn's outcome again) changes the picture
    assert all(a != b for a, b in zip(pictures[:-2], pictures[1:-1], strict=True))
    assert all(card_on_table(pictures[-1][0], c) for c in (29, 66, 80, 90, 95, 62))  # the outcome
    assert "rulebook" in s.text_view.value and "match is over" not in s.text_view.value
    assert Stepper(example_walk("pro-1")).two_sided


def test_stepper_over_tours_marks_only_the_variants_moments() -> None:
    logic = Stepper(tour_walk("logic"))
    assert [m for m in logic.marked if m] == [SPECIAL["draft"].label, SPECIAL["rows_started"].label]
    assert logic.rules.name == "logic" and logic.title_text == TOURS["logic"].summary
    hand = Stepper(hand_walk())
    assert hand.title_text == "A hand of the base game, four bots" and len(hand.steps) == len(hand_walk().steps)


def test_stepper_buttons_have_text_labels() -> None:
    s = Stepper(bot_game())
    for b in (s.next_button, s.back_button, s.restart_button, s.turn_button, s.end_button):
        assert any(ch.isalpha() for ch in b.description) and b.tooltip


# ---- RowTrainer ------------------------------------------------------------------------------------
def test_trainer_document_example_right_and_wrong() -> None:
    t = RowTrainer(examples=[(DOC_ROWS, 29), (DOC_ROWS, 29)])
    reason = where(29, DOC_ROWS).reason()
    assert "Where does 29 go?" in t.prompt.value
    wrong = next(b for b in t.answer_buttons if b.answer == ("row", 0))
    wrong.click()
    assert "✗" in t.feedback.value and "Not quite" in t.feedback.value
    assert "You chose row 1: 29 could go there (difference 21), but another place is closer" in t.feedback.value
    assert escape(reason, quote=True) in t.feedback.value
    assert t.phase == "done" and "0 of 1 right" in t.score.value
    assert t.answer_buttons == []
    t.new_button.click()
    right = next(b for b in t.answer_buttons if b.answer == ("row", 1))
    right.click()
    assert "✓" in t.feedback.value and escape(reason, quote=True) in t.feedback.value
    assert "1 of 2 right" in t.score.value and t.right == 1 and t.asked == 2
    assert card_on_table(t.table_view.value, 29)  # the result is shown on the table


def test_trainer_low_card_then_take_a_row() -> None:
    rows = [[8, 10], [24, 25], [69], [81, 85, 90]]  # heads 4, 3, 1, 6: row 3 is cheapest
    t = RowTrainer(examples=[(rows, 3), (rows, 3), (rows, 3)])
    next(b for b in t.answer_buttons if b.answer == ("row", 0)).click()  # wrong: 3 is low
    assert "You chose row 1: 10 is higher than 3, and a row grows upwards" in t.feedback.value
    assert "✗" in t.feedback.value and escape(where(3, rows).reason(), quote=True) in t.feedback.value
    assert t.phase == "take" and "Which row do you take?" in t.prompt.value
    take = [b for b in t.answer_buttons if b.answer[0] == "take"]
    assert len(take) == 4 and "1 head" in take[2].description
    take[0].click()  # allowed, but not the advice: row 1 holds 8 (1 head) and 10 (3 heads)
    fb = t.feedback.value
    assert "Allowed, not the advice." in fb and "✓" not in fb.split("Allowed, not")[1]
    assert "Allowed — any row may be taken — but row 3 has only 1 head; row 1 cost you 4 heads." in fb
    assert t.phase == "done" and "0 of 1 right" in t.score.value and t.advised is False
    t.new_button.click()
    t.low_button.click()
    assert "✓" in t.feedback.value and t.phase == "take"
    assert "0 of 2 right" in t.score.value  # named low; right only once the row taken is the advice
    next(b for b in t.answer_buttons if b.answer == ("take", 2)).click()
    assert "Any row is allowed, and row 3 has the fewest heads (1 head)" in t.feedback.value
    for said in re.findall(r"<p>(.*?)</p>", t.feedback.value):  # each answer's panel says "Right" once
        assert said.count("Right") == 1, said
    assert "1 of 2 right" in t.score.value and t.advised is True
    t.new_button.click()
    t.low_button.click()  # named low, then a dearer row: allowed, not counted right
    next(b for b in t.answer_buttons if b.answer == ("take", 3)).click()
    assert "row 3 has only 1 head; row 4 cost you 6 heads" in t.feedback.value  # 81, 85 (2), 90 (3)
    assert "1 of 3 right" in t.score.value


def test_trainer_sixth_card() -> None:
    rows = [[1, 2, 3, 4, 5], [50], [60], [70]]
    t = RowTrainer(examples=[(rows, 6)])
    next(b for b in t.answer_buttons if b.answer == ("row", 0)).click()
    assert "✓" in t.feedback.value and escape(where(6, rows).reason(), quote=True) in t.feedback.value
    assert f"costs {total_heads(rows[0])} heads" in t.feedback.value
    assert "TAKE" in t.table_view.value


def test_trainer_professional_sides_tie_and_nowhere() -> None:
    plain = [[40, 45], [10, 20], [60, 70], [80, 90]]  # 50: after 45 (5) beats before 60 (10)
    tie = [[40, 45], [10, 20], [55, 70], [80, 90]]  # 50: after 45 and before 55, both 5
    nowhere = [[10, 60], [20, 70], [30, 80], [40, 90]]
    t = RowTrainer(two_sided=True, examples=[(plain, 50), (plain, 50), (tie, 50), (nowhere, 50)])
    labels = [b.description for b in t.answer_buttons]
    assert "Left of row 3 · before 60" in labels and "Right of row 1 · after 45" in labels
    assert "Fits nowhere — take a row" in labels
    next(b for b in t.answer_buttons if b.answer == ("spot", 2, "left")).click()
    assert "✗" in t.feedback.value and "You chose left of row 3: 50 could go there (difference 10)" in t.feedback.value
    t.new_button.click()
    next(b for b in t.answer_buttons if b.answer == ("spot", 0, "right")).click()
    assert "✓" in t.feedback.value
    assert escape(where(50, plain, two_sided=True).reason(), quote=True) in t.feedback.value
    t.new_button.click()
    next(b for b in t.answer_buttons if b.answer == ("spot", 2, "left")).click()
    assert "✓" in t.feedback.value
    assert escape(where(50, tie, two_sided=True).reason(), quote=True) in t.feedback.value
    t.new_button.click()
    assert t.new_button.description == "New table"
    t.low_button.click()
    assert "✓" in t.feedback.value and t.phase == "take"
    assert escape(where(50, nowhere, two_sided=True).reason(), quote=True) in t.feedback.value
    assert "2 of 4 right" in t.score.value  # right once the row taken is the advice
    next(b for b in t.answer_buttons if b.answer == ("take", 3)).click()  # every row: 3 + 3 heads, all advised
    assert "Any row is allowed, and row 4 has the fewest heads (6 heads)" in t.feedback.value
    assert "Right. Right" not in t.feedback.value and "Right: " not in t.feedback.value
    assert "3 of 4 right" in t.score.value


def test_trainer_random_tables_are_varied_and_valid() -> None:
    for two_sided in (False, True):
        t = RowTrainer(seed=11, two_sided=two_sided)
        rules = set()
        for _ in range(40):
            rows, card = t.rows, t.card
            assert len(rows) == 4 and all(r == sorted(r) and 1 <= len(r) <= 5 for r in rows)
            assert card not in {c for r in rows for c in r}
            rules.add(t.placement.rule)
            t.new_button.click()
        want = {"closest", "sixth", "nowhere", "tie"} if two_sided else {"closest", "sixth", "low"}
        assert want <= rules
    a, b = RowTrainer(seed=5), RowTrainer(seed=5)
    assert (a.rows, a.card) == (b.rows, b.card)


# ---- PlayTable -------------------------------------------------------------------------------------
def click_through(t: PlayTable, limit: int = 3000) -> list[str]:
    """Answer every decision on the screen by clicking the first offered buttons; the kinds seen."""
    seen = []
    for _ in range(limit):
        if t.game.over:
            return seen
        if t.waiting:
            assert not t.choice_buttons and "Pass to" in t.result.value
            t.ready_button.click()
            continue
        d = t.decision
        assert d is not None
        seen.append(d.kind)
        assert t.choice_buttons, d
        for b in t.choice_buttons:
            assert b.description and b.tooltip
        if d.kind == "play" and d.max_count > 1:
            for b in t.choice_buttons[: d.min_count]:
                b.click()
            t.confirm_button.click()
        elif d.kind == "split":
            t.choice_buttons[0].value = True  # keep one taken card in hand
            t.confirm_button.click()
        else:
            t.choice_buttons[0].click()
    raise AssertionError("the game did not end")


def test_play_a_whole_hand_by_clicks() -> None:
    t = PlayTable(seed=4)
    kinds = click_through(t)
    assert t.game.over and kinds.count("play") == 10
    assert "The hand is over" in t.result.value and "wins with" in t.result.value
    for name in t.game.names:
        assert name in t.result.value and name in t.scores.value
    assert "The game is over" in t.status.value
    assert not t.choice_buttons
    old = t.game
    t.new_button.click()
    assert t.game is not old and not t.game.over and t.decision is not None and t.choice_buttons


def test_play_a_match() -> None:
    t = PlayTable(seed=1, one_hand=False)
    click_through(t)
    assert t.game.over and t.game.hand_no > 1 and max(t.game.totals) >= 66
    assert "The match is over" in t.result.value and "Total" in t.scores.value


def test_play_take_row_and_tie_spot_professional() -> None:
    rows = [[40], [10], [60], [90]]
    t = PlayTable("professional", deal=Deal([[50], [95], [96], [97]], rows), seed=1)
    assert t.decision.kind == "play"
    t.choice_buttons[0].click()
    assert t.decision.kind == "spot" and t.game.decision(0) == t.decision
    labels = [b.description for b in t.choice_buttons]
    assert labels == ["Right of row 1 · after 40", "Left of row 3 · before 60"]
    assert "the rules don" in t.status.value.replace("&#x27;", "'")
    t.choice_buttons[1].click()
    assert t.game.over and said(t, "chose_spot")
    assert [e.data for e in t.game.log if e.kind == "chose_spot"] == [{"row": 2, "side": "left", "card": 50}]
    t = PlayTable(deal=Deal([[5], [95], [96], [97]], [[40], [10], [60], [90]]), seed=1)
    t.choice_buttons[0].click()
    assert t.decision.kind == "take_row" and "Choose a row to take for 5" in t.table_view.value
    assert "Laid this turn" in t.laid_view.value and "placed lowest first" in t.laid_view.value
    assert all(f">{c}<" in t.laid_view.value for c in (95, 96, 97))  # revealed, not yet placed
    assert [b.description for b in t.choice_buttons][1] == "Take row 2 · 3 heads"
    t.choice_buttons[1].click()
    assert t.game.over and t.game.penalty[0] == 3


def test_play_refined_order_and_illegal_click() -> None:
    t = PlayTable("refined", deal=Deal([[20, 30], [95, 96], [97, 98], [99, 100]],
                                       [[10], [40], [60], [90]]), seed=2)
    d = t.decision
    assert d.kind == "play" and d.min_count == 2
    log, hand = len(t.game.log), list(t.game.hands[0])
    t.confirm_button.click()  # nothing chosen yet
    assert "Choose 2 cards first" in t.message.value
    t.choice_buttons[0].click()
    assert t.selection == [20] and t.choice_buttons[0].description.startswith("✓")
    t.confirm_button.click()  # one card is not enough: the engine says why
    assert "Not allowed" in t.message.value and "must lay 2 cards" in t.message.value
    assert len(t.game.log) == log and t.game.hands[0] == hand and t.decision == d
    t.choice_buttons[0].click()  # unselect
    assert t.selection == [] and not t.choice_buttons[0].description.startswith("✓")
    t.choice_buttons[1].click()
    t.choice_buttons[0].click()
    assert t.confirm_button.description == "Lay 30 and 20"
    t.confirm_button.click()
    assert t.message.value == ""
    assert t.decision.kind == "order"
    assert [b.description for b in t.choice_buttons] == ["20 first, then 30", "30 first, then 20"]
    t.choice_buttons[1].click()  # 30 goes after 10; then 20 is lower than every row end
    assert t.decision.kind == "take_row" and said(t, "ordered")
    t.choice_buttons[0].click()
    assert t.game.over


def test_play_illegal_answer_changes_nothing() -> None:
    t = PlayTable(seed=9)
    before = (len(t.game.log), list(t.game.hands[0]))
    assert t.act(999) is False
    assert "Not allowed" in t.message.value and "does not hold 999" in t.message.value
    assert "Traceback" not in t.message.value
    assert (len(t.game.log), list(t.game.hands[0])) == before and t.decision.kind == "play"
    t.choice_buttons[0].click()
    assert t.message.value == ""


def test_play_hand_variant_split() -> None:
    t = PlayTable("hand", deal=Deal([[5], [95], [96], [97]], [[40], [10], [60], [90]]), seed=3)
    d = t.decision
    assert d.kind == "play" and (d.min_count, d.max_count) == (1, 1)
    t.choice_buttons[0].click()
    assert t.decision.kind == "take_row"
    t.choice_buttons[1].click()  # take row 2: just the 10
    d = t.decision
    assert d.kind == "split" and d.options == (10,)
    assert "room for" not in t.prompt.value and "can take 16 more cards" in t.prompt.value
    toggle = t.choice_buttons[0]
    assert toggle.description == "10 → pile"
    toggle.value = True
    assert toggle.description == "✓ 10 → hand" and t.keep == [10]
    assert t.confirm_button.description == "Done: 1 to hand, 0 to pile"
    t.confirm_button.click()
    assert t.game.hands[0] == [10]
    assert said(t, "split")


def test_play_hand_variant_lays_two_in_order_and_empty_choice() -> None:
    t = PlayTable("hand", seed=5)
    d = t.decision
    assert (d.min_count, d.max_count) == (1, 2)
    t.confirm_button.click()
    assert "Choose 1 or 2 cards first" in t.message.value
    a, b = t.choice_buttons[3], t.choice_buttons[1]
    a.click()
    b.click()
    assert a.description.startswith("1st") and b.description.startswith("2nd")
    assert t.confirm_button.description == f"Lay {a.answer} then {b.answer}"
    t.confirm_button.click()
    played = next(e for e in t.game.log if e.kind == "played" and e.seat == 0)
    assert played.data["cards"] == [a.answer, b.answer]


def test_play_every_decision_kind_by_clicks() -> None:
    seen = set()
    for variant, kw in [("logic", {"players": 3}), ("refined", {}), ("hand", {"humans": (0, 1, 2, 3)}),
                        ("open", {"humans": (0, 1)}), ("twins", {})]:
        t = PlayTable(variant, seed=6, **kw)
        seen |= set(click_through(t))
        assert t.game.over and "over" in t.result.value
    assert {"play", "draft", "order", "take_row", "split"} <= seen


def test_pass_and_play_hides_hands_until_ready() -> None:
    t = PlayTable(humans=(0, 1), seed=2)
    assert t.waiting and t.decision.seat == 0
    assert "Pass to Player A — press Ready" in t.result.value and not t.choice_buttons
    assert t.gate.children == (t.ready_button,)
    assert t.hand_view.value == "" and "Ready" in t.ready_button.description
    t.ready_button.click()
    assert not t.waiting and [b.answer for b in t.choice_buttons] == t.game.hands[0]
    t.choice_buttons[0].click()
    assert t.waiting and t.decision.seat == 1 and "Pass to Player B" in t.result.value
    assert not t.choice_buttons
    t.ready_button.click()
    assert [b.answer for b in t.choice_buttons] == t.game.hands[1]


def test_coach_badges_every_card_and_is_fast() -> None:
    import re

    t = PlayTable(seed=3, coach=True)
    hand = t.game.hands[0]
    assert set(t.badges) == set(hand)
    starred, others = [], []
    places = set()
    for b in t.choice_buttons:  # expected heads in whole heads (one decimal where whole heads would tie); ★ on the advice and its equals
        m = re.search(r"· (★ )?≈(\d+)(\.\d)?$", b.description)
        assert m, b.description
        (starred if m.group(1) else others).append(float(m.group(2) + (m.group(3) or "")))
        places.add(bool(m.group(3)))
        assert "coach:" in b.tooltip and "heads by the end of the hand" in b.tooltip
    assert len(places) == 1  # one precision for the whole hand
    # the advice shows the lowest number: no answer shown as worse is shown with a smaller one
    assert starred and all(max(starred) <= n for n in others)
    assert "Coach" in t.coach_view.value and "Play " in t.coach_view.value
    assert "could be anything from" in t.coach_view.value and "Exact figures" in t.coach_view.value
    # the base game's deals fit the cards laid (search.read_seats); Refined's seats are 10 % careless
    assert "each fitting the cards every player has laid this hand" in t.coach_view.value
    t.coach_toggle.value = False
    assert t.badges == {} and all("≈" not in b.description for b in t.choice_buttons)
    assert t.coach_view.value == "" and t.coach is False and t.coach_toggle.description == "Coach"
    t.coach_toggle.value = True
    assert set(t.badges) == set(hand) and t.coach is True
    assert len(t.coach_seconds) == 1  # cached: toggling does not recompute
    # a two-card turn: every card gets a badge too
    r = PlayTable("refined", seed=3, coach=True)
    assert set(r.badges) == set(r.game.hands[0])
    assert "cautious players who now and then play any card" in r.coach_view.value
    # rows to take are badged with the row's words, counted from 1
    low = PlayTable(deal=Deal([[5], [95], [96], [97]], [[40], [10], [60], [90]]), seed=1, coach=True)
    low.choice_buttons[0].click()
    assert set(low.badges) == {0, 1, 2, 3} and "Take row 1:" in low.coach_view.value
    assert max(t.coach_seconds + r.coach_seconds + low.coach_seconds) < 1.5  # ~0.15 s budget, loaded CI


def every_card_covered(d, estimates) -> bool:
    return all(any(c in e.action for e in estimates) for c in d.options)


def test_two_equal_cards_can_both_be_selected() -> None:
    rules = find_variant("refined").but(twins="double", name="refined twins")
    t = PlayTable(rules, deal=Deal([[20, 20], [95, 96], [97, 98], [99, 100]], [[10], [40], [60], [90]]), seed=1)
    t.choice_buttons[0].click()
    t.choice_buttons[1].click()
    assert t.selection == [20, 20]
    t.confirm_button.click()
    assert t.decision.kind == "order" and [b.answer for b in t.choice_buttons] == [(20, 20)]
    click_through(t)
    assert t.game.over


def test_keyboard_focus_moves_to_what_comes_next(monkeypatch: pytest.MonkeyPatch) -> None:
    import ipywidgets

    focused = []
    monkeypatch.setattr(ipywidgets.Button, "focus", lambda self: focused.append(self))
    t = PlayTable(humans=(0, 1), seed=2)
    t.ready_button.click()
    assert focused[-1] is t.choice_buttons[0]
    t.choice_buttons[0].click()
    assert focused[-1] is t.ready_button
    r = RowTrainer(examples=[(DOC_ROWS, 29)])
    r.answer_buttons[1].click()
    assert focused[-1] is r.new_button
    r.new_button.click()
    assert focused[-1] is r.answer_buttons[0]
    s = Stepper(bot_game(), start=1)
    s.back_button.click()  # Back is now disabled: focus goes to Next
    assert focused[-1] is s.next_button


def test_match_says_when_a_hand_ends_and_replay_steps_through_it() -> None:
    t = PlayTable(seed=1, one_hand=False)
    for _ in range(10):
        t.choice_buttons[0].click()
        while t.decision is not None and t.decision.kind != "play":
            t.choice_buttons[0].click()
    assert t.game.hand_no == 2 and not t.game.over
    assert "Hand 1 is over — hand 2 begins" in t.result.value
    first = t.game.hand_scores[0]
    assert all(f'<td class="snt-num">{v}</td>' in t.result.value for v in first)
    t.choice_buttons[0].click()
    assert "Hand 1 is over" not in t.result.value
    s = t.replay(start=0)
    assert isinstance(s, Stepper) and s.index == 0 and len(s.steps) == len(Stepper(t.game).steps)


@pytest.mark.parametrize("variant", ["tactics", "logic", "tournament", "professional", "open", "refined",
                                     "hand", "twins"])
def test_stepper_walks_every_variant(variant: str) -> None:
    players = 3
    rules = find_variant(variant)
    g = Game(rules, players, seed=2, one_hand=not rules.sheets)
    advance(g, make_bots(["cautious", "random"], players, seed=2))
    s = Stepper(g)
    seen_rows = False
    for _ in range(len(s.steps)):
        f = s.frame
        if f.after.rows:
            seen_rows = True
            assert 'class="snt snt-table"' in s.table_view.value
        assert s.text_view.value and "step" in s.position.value
        s.next()
    assert seen_rows and s.index == len(s.steps) - 1 and "over" in s.text_view.value
    kinds = {m for m in s.marked if m}
    special = {"logic": "draft", "tournament": "sheets", "hand": "split", "open": "face_up"}
    if variant in special:
        assert SPECIAL[special[variant]].label in kinds


def test_split_beyond_the_hand_limit_is_refused_in_words() -> None:
    rows = [[40, 41, 42, 43, 44], [10], [60], [90]]
    used = {c for r in rows for c in r} | {5}
    rest = [c for c in range(11, 105) if c not in used]
    hands = [[5] + rest[:13], rest[13:27], rest[27:41], rest[41:55]]
    t = PlayTable("hand", deal=Deal(hands, rows), seed=1)
    t.choice_buttons[0].click()  # select 5: lower than every row end
    t.confirm_button.click()
    assert t.decision.kind == "take_row"
    t.choice_buttons[0].click()  # take row 1: five cards
    d = t.decision
    assert d.kind == "split" and d.room == 3 and len(d.options) == 5
    assert "can take 3 more cards" in t.prompt.value
    for toggle in t.choice_buttons[:4]:
        toggle.value = True
    log, hand = len(t.game.log), list(t.game.hands[0])
    t.confirm_button.click()
    assert "Not allowed" in t.message.value and "can take 3 more cards, not 4" in t.message.value
    assert len(t.game.log) == log and t.game.hands[0] == hand and t.decision == d
    t.choice_buttons[3].value = False
    assert t.keep == [40, 41, 42]
    t.confirm_button.click()
    assert t.message.value == "" and {40, 41, 42} <= set(t.game.hands[0]) and 44 in t.game.piles[0]


def test_trainer_says_why_an_impossible_side_is_wrong() -> None:
    plain = [[40, 45], [10, 20], [60, 70], [80, 90]]
    t = RowTrainer(two_sided=True, examples=[(plain, 50), (plain, 50)])
    next(b for b in t.answer_buttons if b.answer == ("spot", 0, "left")).click()
    assert "You chose left of row 1: 40 is lower than 50, and a row grows downwards on its left" in t.feedback.value
    t.new_button.click()
    next(b for b in t.answer_buttons if b.answer == ("spot", 3, "right")).click()
    assert "You chose right of row 4: 90 is higher than 50, and a row grows upwards" in t.feedback.value
    assert "0 of 2 right" in t.score.value


# ---- GameLauncher: one control per setting; the game is what the controls show -------------------
def widget_tree(w):
    """``w`` and every widget inside it."""
    yield w
    for child in getattr(w, "children", ()):
        yield from widget_tree(child)


def test_launcher_new_game_uses_what_the_controls_show() -> None:
    from sixnimmt_core.widgets.play import GameLauncher

    launcher = GameLauncher(seed=5)  # base, 4 players, coach on
    t = launcher.table
    assert t.game.rules.name == "base" and t.game.players == 4 and t.badges
    # the report of issue 10: Professional picked, Coach unticked, New game pressed
    launcher.picker.value = "professional"
    launcher.coach.value = False
    old = t.game
    launcher.new_button.click()
    assert launcher.table is t and t.game is not old
    assert t.game.rules.name == "professional" and t.game.rules.two_sided
    assert t.badges == {} and t.coach_view.value == ""
    assert t.choice_buttons and all("≈" not in b.description for b in t.choice_buttons)
    assert "snt-twosided" in t._dom_classes
    # every other setting, then New game: exactly what the controls show
    launcher.players.value = 3
    launcher.opponents.value = "Easy"
    launcher.match.value = True
    launcher.new_button.click()
    g = t.game
    assert (g.rules.name, g.players, t.players) == ("professional", 3, 3)
    assert g.rules.match_end.hands != 1 and not t.one_hand
    assert [type(a).__name__ for a in t.agents] == ["Human", "RandomBot", "RandomBot"]
    # a setting changed between games deals with it at once: the table never shows another game
    launcher.picker.value = "refined"
    assert t.game is not g and t.game.rules.name == "refined" and t.game.players == 3
    assert t.decision.kind == "play" and t.decision.min_count == 2
    launcher.start_button.click()  # the old name is the same button
    assert t.game.rules.name == "refined"


def test_launcher_has_one_control_per_setting_each_named() -> None:
    import ipywidgets as W

    from sixnimmt_core.widgets.play import GameLauncher

    launcher = GameLauncher()
    widgets = list(widget_tree(launcher))
    coach = [w for w in widgets if isinstance(w, (W.Checkbox, W.ToggleButton)) and "Coach" in w.description]
    assert coach == [launcher.coach] and launcher.table.coach_toggle is launcher.coach
    new = [w for w in widgets if isinstance(w, W.Button) and "New game" in w.description]
    assert new == [launcher.new_button] and launcher.table.new_button is launcher.new_button
    assert not [w for w in widgets if isinstance(w, W.Button) and "Deal" in w.description]
    pickers = [w for w in widgets if isinstance(w, (W.Dropdown, W.ToggleButtons))]
    assert launcher.picker in pickers and len([p for p in pickers if "base" in p.options
                                               or ("Base", "base") in p.options]) == 1
    for w in widgets:  # every setting has a visible label that names it
        if isinstance(w, (W.Checkbox, W.ToggleButton, W.Dropdown, W.IntText, W.BoundedIntText)):
            assert any(ch.isalpha() for ch in w.description), w
    assert [launcher.players.description, launcher.picker.description, launcher.coach.description,
            launcher.match.description] == ["Players", "Variant", "Coach", "Whole match"]


def test_launcher_coach_switched_mid_game_applies_to_that_game() -> None:
    from sixnimmt_core.widgets.play import GameLauncher

    launcher = GameLauncher(seed=2, coach=True)
    t = launcher.table
    t.choice_buttons[0].click()  # one card played: the game is under way
    while t.decision is not None and t.decision.kind != "play":
        t.choice_buttons[0].click()
    game, log = t.game, len(t.game.log)
    hand = t.game.hands[0]
    assert set(t.badges) == set(hand) and "Coach" in t.coach_view.value
    assert all(" · " in b.description for b in t.choice_buttons)  # each card badged
    launcher.coach.value = False
    assert t.game is game and len(t.game.log) == log  # the same game goes on
    assert t.coach is False and t.badges == {} and t.coach_view.value == ""
    assert all(" · " not in b.description for b in t.choice_buttons)
    launcher.coach.value = True
    assert t.game is game and t.coach is True and set(t.badges) == set(hand)
    assert all(" · " in b.description for b in t.choice_buttons)  # each card badged


# most players each variant seats, from RULES.md: 2–10 players (§2); Tournament at most 5 (§3.3);
# Open 2–9, as card 1 is the marker (§3.5); Refined and Hand 14 cards each, so 2–7 (§3.6, §3.7)
MOST = {"base": 10, "tactics": 10, "logic": 10, "tournament": 5, "professional": 10, "open": 9,
        "refined": 7, "hand": 7, "twins": 10}


@pytest.mark.parametrize(("variant", "most"), sorted(MOST.items()))
def test_launcher_players_refuses_what_the_variant_cannot_seat(variant: str, most: int) -> None:
    from sixnimmt_core.widgets.play import GameLauncher

    launcher = GameLauncher(seed=1, coach=False)
    launcher.picker.value = variant
    assert (launcher.players.min, launcher.players.max) == (2, most)
    launcher.players.value = most + 1  # refused: held at the most the variant seats
    assert launcher.players.value == most
    assert launcher.table.game.players == most and launcher.table.game.rules.name == variant
    launcher.players.value = 1
    assert launcher.players.value == 2 and launcher.table.game.players == 2
    assert f"(2–{most} players)" in launcher.about.value


def test_launcher_refined_8_and_tournament_6_are_refused_and_tournament_is_a_match() -> None:
    from sixnimmt_core.widgets.play import GameLauncher

    launcher = GameLauncher("refined", players=8, coach=False)
    assert launcher.players.value == 7 and launcher.table.game.players == 7
    launcher.picker.value = "base"
    launcher.players.value = 6
    launcher.picker.value = "tournament"
    assert launcher.players.value == 5 and launcher.table.game.players == 5
    assert launcher.match.value is True and launcher.match.disabled  # the variant is a match
    assert not launcher.table.one_hand
    launcher.picker.value = "base"
    assert launcher.match.value is False and not launcher.match.disabled  # the learner's choice again
    assert launcher.table.one_hand


def test_card_buttons_are_named_with_number_and_heads() -> None:
    # heads by hand (RULES.md §1): 55 → 7; multiples of 11 → 5; of 10 → 3; of 5 → 2; else 1
    mine = [13, 22, 30, 45, 55, 88, 100, 104]
    want = {13: "1 head", 22: "5 heads", 30: "3 heads", 45: "2 heads", 55: "7 heads", 88: "5 heads",
            100: "3 heads", 104: "1 head"}
    rest = [c for c in range(14, 104) if c not in mine and c not in (20, 50, 70, 90)]
    hands = [mine, rest[:8], rest[8:16], rest[16:24]]
    t = PlayTable(deal=Deal(hands, [[20], [50], [70], [90]]), seed=1)
    named = {b.answer: b for b in t.choice_buttons}
    assert sorted(named) == mine
    for card, heads_ in want.items():
        b = named[card]
        assert b.description == f"Play {card}, {heads_}"
        assert f"play {card}, {heads_}" in b.tooltip
    coached = PlayTable(deal=Deal(hands, [[20], [50], [70], [90]]), seed=1, coach=True)
    for b in coached.choice_buttons:  # the coach's badge follows the name
        assert b.description.startswith(f"Play {b.answer}, {want[b.answer]} · ")  # ≈ heads ±, or #rank
    # a two-card turn keeps the names while cards are selected
    r = PlayTable("refined", deal=Deal([[13, 55], [95, 96], [97, 98], [99, 101]], [[10], [40], [60], [90]]),
                  seed=2)
    r.choice_buttons[1].click()
    assert r.choice_buttons[1].description == "✓ Play 55, 7 heads"


def test_card_explorer_controls_are_named() -> None:
    import ipywidgets as W

    from sixnimmt_core.widgets.cards import CardExplorer

    ex = CardExplorer(13)
    assert isinstance(ex.card_input, W.BoundedIntText) and ex.card_input.description == "Card"
    assert "Card 13: 1 cattle head" in ex.card_view.value
    ex.card_input.value = 200  # refused: held at 104
    assert ex.card == 104 and "Card 104: 1 cattle head" in ex.card_view.value
    assert not any(isinstance(w, W.IntSlider) for w in widget_tree(ex))  # a slider has no name for a reader
    labels = [b.description for b in ex.kind_buttons]
    assert labels == ["1 head: 76 cards", "2 heads: 9 cards", "3 heads: 10 cards", "5 heads: 8 cards",
                      "7 heads: 1 card"]


@pytest.mark.parametrize(("card", "why"), [
    (55, "55 is the one card with 7 heads (it is a multiple of 11 and of 5)"),  # RULES.md §1: 55 → 7
    (33, "33 is a multiple of 11"),  # other multiples of 11 → 5
    (20, "20 is a multiple of 10"),  # multiples of 10 → 3
    (15, "15 is a multiple of 5 (not of 10)"),  # other multiples of 5 → 2
    (13, "13 is not a multiple of 5 or 11, so it carries one head"),  # the rest → 1
])
def test_the_card_explorer_says_which_clause_of_the_heads_rule_gives_a_card_its_heads(card, why) -> None:
    from sixnimmt_core.widgets.cards import CardExplorer

    assert f"Why: {why}." in CardExplorer(card).card_view.value


def test_the_trainer_resumes_where_the_learner_was():
    """RowTrainer.resume: the documents' third example (Amigo's tables in scenarios.trainer_examples)
    with 1 right of 2; one past the last is a fresh table; a question or score that cannot be is
    refused and nothing changes."""
    from sixnimmt_core.teaching.scenarios import trainer_examples
    from sixnimmt_core.widgets.trainer import RowTrainer

    examples = trainer_examples()
    t = RowTrainer(examples=examples, seed=1)
    t.resume(2, 1, 2)
    assert (t.card, t.rows) == (examples[2][1], [list(r) for r in examples[2][0]])
    assert (t.right, t.asked, t.phase) == (1, 2, "where") and "1" in t.score.value and "2" in t.score.value
    before = (t.card, t.rows, t.right, t.asked, t.example_no)
    for bad in [(len(examples) + 1, 0, 0), (-1, 0, 0), (0, 3, 2), (0, -1, 0), (True, 0, 0), ("1", 0, 0)]:
        with pytest.raises(ValueError):
            t.resume(*bad)
        assert (t.card, t.rows, t.right, t.asked, t.example_no) == before
    t.resume(len(examples), 4, 7)  # after the last example: a practice table
    assert t.example_no == len(examples) and (t.right, t.asked) == (4, 7)
