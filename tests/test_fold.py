"""The fold event by event, on events written by hand: what each one changes on the table
(RULES.md §2–3); the engine is not involved (tests/test_properties.py checks the two agree)."""

from __future__ import annotations

from sixnimmt_core.engine.events import (
    Chose,
    Dealt,
    Drafted,
    HandEnded,
    HandStarted,
    LaidOut,
    Marker,
    MatchEnded,
    Passed,
    Placed,
    Played,
    Revealed,
    RowsStarted,
    Sheets,
    Split,
    Took,
)
from sixnimmt_core.engine.fold import Table
from sixnimmt_core.engine.rules import EndReason


def dealt_table() -> Table:
    t = Table(2)
    t.apply(HandStarted(hand=1))
    t.apply(Dealt(hands=[[10, 30, 3], [20, 40, 50]], rows=[[5], [15], [25], [35]]))
    return t


def test_a_new_table_has_a_place_for_every_seat():
    t = Table(3)
    assert (t.rows, t.hands, t.piles, t.penalties, t.totals, t.laid) == (
        [], [[], [], []], [[], [], []], [0, 0, 0], [0, 0, 0], [[], [], []])
    assert (t.revealed, t.draft_table, t.hand_no, t.marker, t.over) == (False, [], 0, None, False)
    assert t.hands[0] is not t.hands[1] and t.piles[0] is not t.piles[1] and t.laid[0] is not t.laid[1]


def test_a_hand_starts_empty_but_keeps_the_totals():
    t = Table(2, rows=[[5, 6]], hands=[[1], [2]], piles=[[7], []], penalties=[1, 0], totals=[10, 20],
              laid=[[3], []])
    t.apply(HandStarted(hand=2))
    assert (t.rows, t.hands, t.piles, t.penalties, t.laid, t.hand_no, t.totals) == (
        [], [[], []], [[], []], [0, 0], [[], []], 2, [10, 20])


def test_a_deal_and_sheets_copy_their_cards():
    hands, rows = [[10, 30], [20, 40]], [[5], [15], [25], [35]]
    for make in (Dealt, lambda **kw: Sheets(hand=2, holders=[1, 0], **kw)):
        t = Table(2)
        t.apply(make(hands=hands, rows=rows))
        hands[0].append(99)
        rows[0].append(99)
        assert t.hands == [[10, 30], [20, 40]] and t.rows == [[5], [15], [25], [35]]
        hands[0].pop()
        rows[0].pop()


def test_a_draft():
    t = Table(2)
    cards = [3, 1, 2, 9, 8, 7]
    t.apply(LaidOut(cards=cards))
    cards.append(50)
    assert t.draft_table == [3, 1, 2, 9, 8, 7]
    t.apply(Drafted(seat=0, card=9))
    t.apply(Drafted(seat=1, card=1))
    t.apply(Drafted(seat=0, card=3))
    assert t.draft_table == [2, 8, 7] and t.hands == [[9, 3], [1]]
    rows = [[2], [7], [8], [10]]
    t.apply(RowsStarted(rows=rows))
    rows[0].append(99)
    assert t.rows == [[2], [7], [8], [10]] and t.draft_table == [] and t.hands == [[3, 9], [1]]


def test_hidden_choices_then_the_reveal_then_a_new_turn():
    t = dealt_table()
    t.apply(Chose(seat=0, cards=[10]))
    assert t.laid == [[10], []] and t.hands[0] == [30, 3] and not t.revealed
    t.apply(Chose(seat=1, cards=[20]))
    assert t.laid == [[10], [20]] and t.hands[1] == [40, 50]
    t.apply(Revealed(cards=[[10], [20]]))
    assert t.revealed
    t.apply(Placed(seat=0, card=10, row=0, rule="closest", end=5))
    assert t.rows[0] == [5, 10] and t.laid == [[], [20]]
    # the next turn's first choice clears what is left of the last one
    t.apply(Chose(seat=0, cards=[30]))
    assert t.laid == [[30], []] and not t.revealed


def test_open_choices_lie_face_up_together_until_placed():
    # Open (RULES.md §3.5): each seat lays its card face up in turn; all are placed after the last
    t = dealt_table()
    t.apply(Chose(seat=1, cards=[40], open=True))
    assert t.laid == [[], [40]] and t.revealed
    assert not t.starts_turn(Chose(seat=0, cards=[10], open=True))
    t.apply(Chose(seat=0, cards=[10], open=True))
    assert t.laid == [[10], [40]] and t.revealed  # 40 still lies there: this was a bug (only 10 shown)
    t.apply(Revealed(cards=[[10], [40]]))
    t.apply(Placed(seat=0, card=10, row=0, rule="closest", end=5))
    t.apply(Placed(seat=1, card=40, row=3, rule="closest", end=35))
    assert t.laid == [[], []]
    assert t.starts_turn(Chose(seat=1, cards=[30], open=True))  # nothing laid: the next turn


def test_which_choice_starts_a_turn():
    t = dealt_table()
    assert t.starts_turn(Chose(seat=0, cards=[10]))  # nothing laid yet
    assert not t.starts_turn(Played(seat=0, cards=[10]))  # only a choice starts a turn
    t.laid, t.revealed = [[10], []], False
    assert not t.starts_turn(Chose(seat=1, cards=[20]))  # the second hidden choice
    t.revealed = True
    assert t.starts_turn(Chose(seat=1, cards=[20]))  # the last turn's cards, revealed
    assert not t.starts_turn(Chose(seat=1, cards=[20], open=True))


def test_played_cards_are_face_up_at_once():
    t = dealt_table()
    t.apply(Played(seat=0, cards=[10, 30]))
    assert t.laid == [[10, 30], []] and t.hands[0] == [3] and t.revealed
    t.apply(Placed(seat=0, card=10, row=0, rule="closest", end=5))  # Hand: placed at once
    t.apply(Placed(seat=0, card=30, row=2, rule="closest", end=25))
    t.apply(Played(seat=1, cards=[20]))
    assert t.laid == [[], [20]] and t.revealed and t.rows == [[5, 10], [15], [25, 30], [35]]


def test_a_placement_by_its_rule():
    t = dealt_table()
    t.laid = [[3], [20]]
    t.apply(Placed(seat=1, card=20, row=1, rule="closest", end=15))
    assert t.rows == [[5], [15, 20], [25], [35]] and t.laid == [[3], []]
    t.apply(Placed(seat=0, card=3, row=2, rule="low"))
    assert t.rows == [[5], [15, 20], [3], [35]] and t.laid == [[], []]
    t.apply(Placed(seat=0, card=4, row=0, rule="closest", end=5, side="left"))  # Professional
    assert t.rows[0] == [4, 5]
    t.laid = [[36], [36]]
    t.apply(Placed(seat=0, card=36, row=3, rule="closest", end=35, owners=[0, 1]))  # a twins stack
    assert t.rows[3] == [35, 36, 36] and t.laid == [[], []]


def test_takes_alone_shared_and_kept_back():
    t = dealt_table()
    t.apply(Took(seat=0, row=0, cards=[5, 10], heads=5, why="sixth"))
    assert t.piles == [[5, 10], []] and t.penalties == [5, 0]
    t.apply(Took(seat=0, row=1, cards=[15, 55], heads=9, why="sixth", shared=[0, 1], share=5))
    assert t.piles == [[5, 10, 15, 55], []] and t.penalties == [10, 5]
    t.apply(Took(seat=1, row=2, cards=[25, 26], heads=3, why="sixth", split=True))  # Hand: decided next
    assert t.piles == [[5, 10, 15, 55], []] and t.penalties == [10, 5]
    t.apply(Split(seat=1, to_hand=[26], to_pile=[25]))
    assert t.hands[1] == [20, 26, 40, 50] and t.piles[1] == [25] and t.penalties == [10, 7]  # 25: 2 heads


def test_marker_end_of_hand_and_match():
    t = dealt_table()
    t.apply(Marker(seat=1))
    assert t.marker == 1
    t.apply(HandEnded(hand=1, scores=[3, 4], totals=[13, 24], hands_left=None))
    assert t.penalties == [3, 4] and t.totals == [13, 24] and not t.over
    t.apply(MatchEnded(totals=[13, 24], winners=[0], why=EndReason.HANDS, hands=1))
    assert t.over
    t.apply(Passed(seat=0))  # an event with nothing to show changes nothing
    assert t.penalties == [3, 4] and t.over


def test_a_copy_shares_nothing():
    t = dealt_table()
    t.apply(LaidOut(cards=[1, 2]))
    t.apply(Chose(seat=0, cards=[10]))
    t.apply(Marker(seat=1))
    t.hand_no, t.totals = 3, [7, 8]
    t.apply(Took(seat=1, row=0, cards=[5], heads=2, why="low"))
    t.over = True
    c = t.copy()
    assert c == t and (c.piles, c.penalties, c.over) == ([[], [5]], [0, 2], True)
    for name in ("rows", "hands", "piles", "laid"):
        for inner in getattr(c, name):
            inner.append(99)
    c.penalties.append(1)
    c.totals.append(1)
    c.draft_table.append(1)
    assert t == dealt_copy(t) and t.rows == [[5], [15], [25], [35]] and t.laid == [[10], []]
    assert t.penalties == [0, 2] and t.totals == [7, 8] and t.draft_table == [1, 2] and t.piles == [[], [5]]
    assert (c.revealed, c.hand_no, c.marker, c.over) == (False, 3, 1, True)


def dealt_copy(t: Table) -> Table:
    return t.copy()


def test_a_table_shows_its_rows():
    html = dealt_table()._repr_html_()
    assert "Heads this hand: 0, 0. In all: 0, 0." in html  # two seats, nothing taken yet
