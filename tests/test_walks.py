"""What a stepper walks through says what it shows (issue 10): a given table is narrated as the
example's table, a one-turn example ends with its turn, invisible events are folded into the next
step, and ★ marks only a rule's own moments — with words that name that rule.

Everything here is the engine side (``narrate.steps``, ``teach.*_walk``), tested without widgets.
"""

from __future__ import annotations

import pytest

from sixnimmt_core import Deal, Game, Rules, advance, dumps, find_variant, make_bots
from sixnimmt_core.engine.errors import ImpossibleSetup
from sixnimmt_core.engine.log import replay as loads
from sixnimmt_core.engine.log import to_json
from sixnimmt_core.engine.rules import ONE_HAND
from sixnimmt_core.teaching.narrate import SPECIAL, frames, order_change, steps, visible, walk
from sixnimmt_core.teaching.scenarios import EXAMPLES, example
from sixnimmt_core.teaching.teach import TOURS, example_walk, hand_walk, tour_walk

PITFALL_ROWS = [[59, 61], [66, 80], [90, 95], [40, 45, 50, 53, 57]]  # scenarios.py, "pitfall-2"


def all_walks():
    for name in TOURS:
        yield f"tour {name}", tour_walk(name)
    for key in EXAMPLES:
        yield f"example {key}", example_walk(key)


# ---- 1. a given table is narrated as the example's table ------------------------------------------
def test_a_given_deal_is_logged_as_given_and_narrated_as_the_examples_table():
    game = example("pitfall-2").game()
    dealt = game.log[1]
    assert dealt.kind == "dealt" and dealt.data["given"] is True
    text = frames(game)[1].text
    assert text == ("The example's table: row 1 holds 59, 61; row 2 holds 66, 80; row 3 holds 90, 95; "
                    "row 4 holds 40, 45, 50, 53, 57. Player A holds 29; Player B holds 62.")
    assert "shuffled" not in text


def test_a_shuffled_deal_writes_no_given_field_and_both_replay():
    shuffled = Game(Rules(), 4, seed=1, one_hand=True)
    assert "given" not in to_json(shuffled)["events"][1]
    assert "shuffled and dealt" in frames(shuffled)[1].text
    given = example("pitfall-2").played_game()
    again = loads(dumps(given))
    assert [e.to_json() for e in again.log] == [e.to_json() for e in given.log]
    assert again.log[1].data.get("given") is True
    deal = Game(Rules(), 2, deal=Deal([[1, 60], [50, 70]], [[5, 6], [15], [25], [35]]), one_hand=True)
    advance(deal, make_bots(["cautious"], 2, 0))
    assert loads(dumps(deal)).log[1].data["given"] is True


# ---- 2. a one-turn example ends with its turn, then the rulebook's words -------------------------
def test_pitfall_2_walk_by_hand():
    # Rows end 61, 80, 95, 57; A plays 29, B plays 62 (Amigo rulebook, pitfall 2). By the rules:
    # 1 the table; 2 both cards laid face down and revealed; 3 29 is lower than every row end, A
    # chooses row 1 (the cheapest: 59, 61 = 2 heads) and 29 starts it; 4 A takes 59, 61;
    # 5 62 goes after 57 in row 4 as its sixth card; 6 B takes row 4; 7 the rulebook's words.
    w = example_walk("pitfall-2")
    texts = [s.text for s in w.steps]
    assert len(w.steps) == 7
    assert texts[0].startswith("The example's table: row 1 holds 59, 61;")
    assert w.steps[0].after.rows == PITFALL_ROWS and w.steps[0].after.hands == [[29], [62]]
    assert texts[1].startswith("Everyone lays a card face down. The cards are revealed:")
    assert "29 is lower than every row end" in texts[2] and "29 starts row 1" in texts[2]
    assert w.steps[2].after.rows[0] == [29]
    assert texts[3] == "Player A takes row 1: 59 and 61 — 2 heads."
    assert "62 is its sixth card" in texts[4] and w.steps[4].after.rows[3] == [62]
    # heads: 40 → 3 (multiple of 10), 45 → 2, 50 → 3, 53 → 1, 57 → 1: 10 heads
    assert texts[5] == "Player B takes row 4: 40, 45, 50, 53 and 57 — 10 heads."
    assert texts[6].startswith("The rulebook's words, from Amigo rulebook") and example("pitfall-2").text in texts[6]
    assert [s.mark for s in w.steps] == [None, None, SPECIAL["low"].label, None, SPECIAL["sixth"].label, None, None]
    assert w.title == example("pitfall-2").title and w.rules.name == "base"


@pytest.mark.parametrize("key", sorted(EXAMPLES))
def test_every_example_walk_starts_with_its_table_and_announces_no_hand_or_match(key):
    ex = example(key)
    w = example_walk(key)
    kinds = [f.event.kind for s in w.steps for f in s.frames]
    assert not {"hand_started", "hand_ended", "match_ended"} & set(kinds)
    assert w.steps[0].text.startswith("The example's table:") and w.steps[0].after.rows == ex.table()
    assert all("match is over" not in s.text and "wins" not in s.text and "shuffled" not in s.text
               for s in w.steps)
    assert kinds[-1] == "rulebook" and ex.text in w.steps[-1].text
    assert ("picture is lost" in w.steps[-1].text) == ex.reconstructed
    assert w.steps[-1].after.rows == w.steps[-2].after.rows  # the quote shows the turn's outcome


def test_the_amigo_example_ends_with_the_rows_the_rulebook_gives():
    # Amigo Fig. 1/2: "Rows after: 12 14 15 · 37 · 43 44 · 58 61"
    assert example_walk("amigo-fig1").steps[-1].after.rows == [[12, 14, 15], [37], [43, 44], [58, 61]]


def test_unknown_walks_are_refused_by_name():
    with pytest.raises(ImpossibleSetup, match="unknown example 'nope'"):
        example_walk("nope")
    with pytest.raises(ImpossibleSetup, match="unknown variant 'nope'; the variants are: base, "):
        tour_walk("nope")


# ---- 3. invisible frames are folded into the next visible one ------------------------------------
def test_pitfall_2_frames_fold_into_seven_steps_with_the_match_end_last():
    game = example("pitfall-2").played_game()
    fs = frames(game)
    got = steps(fs, game.names)
    # hand_started+dealt · chose,chose,revealed · chose_row,placed · took · placed · took · hand_ended+match_ended
    assert [[f.event.kind for f in s.frames] for s in got] == [
        ["hand_started", "dealt"], ["chose", "chose", "revealed"], ["chose_row", "placed"], ["took"],
        ["placed"], ["took"], ["hand_ended", "match_ended"]]
    assert got[-1].main.event.kind == "hand_ended"


@pytest.mark.parametrize("name", sorted(TOURS))
def test_every_frame_is_in_one_step_and_each_step_shows_something(name):
    game = TOURS[name].game()
    fs = frames(game)
    got = steps(fs, game.names)
    assert [f.index for s in got for f in s.frames] == list(range(len(fs)))
    for s in got:
        assert visible(s.main)
        # every frame before the one drawn changes nothing drawn (only the match's end may follow it)
        before_main = s.frames[: s.frames.index(s.main)]
        assert not any(visible(f) for f in before_main)
        assert all(f.event.kind == "match_ended" for f in s.frames[s.frames.index(s.main) + 1:])


def test_a_base_hand_has_one_step_per_deal_reveal_placement_and_take():
    # By the folding rule: the deal (with the hand's start), one step per turn for the four face-down
    # choices and the reveal, one per card placed (a low card's row choice with it), one per row
    # taken, and the hand's end with the match's end.
    game = TOURS["base"].game()
    kinds = [e.kind for e in game.log]
    assert kinds.count("revealed") == 10 and kinds.count("placed") == 40
    want = 1 + 10 + 40 + kinds.count("took") + 1
    assert len(hand_walk().steps) == len(walk(game).steps) == want


def test_face_down_choices_of_some_players_name_them():
    game = TOURS["base"].game()
    fs = [f for f in frames(game) if not (f.event.kind == "chose" and f.event.seat == 3)]
    first_turn = steps(fs, game.names)[1]
    assert first_turn.text.startswith("Player A, Player B and Player C each lay a card face down. The cards are")


# ---- 4. ★ marks a rule's own moments, and its words name the rule -----------------------------------
# every marked step's English text contains one of these words of its rule
RULE_WORDS = {
    "sixth": ("sixth card",),
    "low": ("lower than every row end",),
    "stacked_starters": ("stacked",),
    "draft": ("draft",),
    "rows_started": ("left over",),
    "sheets": ("sheet",),
    "selections": ("selection",),
    "left": ("left end",),
    "left_sixth": ("left end",),
    "tie": ("equally near",),
    "nowhere": ("fits no row",),
    "face_up": ("face up",),
    "marker": ("start marker",),
    "order": ("order matters",),
    "split": ("in hand",),
    "twin": ("twin",),
    "stack": ("stack",),
    "shared": ("share",),
}


def test_every_marked_step_names_its_rule():
    assert set(RULE_WORDS) == set(SPECIAL)
    checked = 0
    for where_, w in all_walks():
        for i, s in enumerate(w.steps):
            assert bool(s.mark) == bool(s.specials), (where_, i)
            for key in s.specials:
                assert any(word in s.text for word in RULE_WORDS[key]), (where_, i, key, s.text)
                checked += 1
    assert checked >= 40


PROMISED = {  # what each tour is chosen to show (RULES.md §3)
    "base": {"sixth", "low"},
    "tactics": {"sixth", "low"},
    "logic": {"draft", "rows_started"},
    "tournament": {"draft", "rows_started", "sheets", "selections"},
    "professional": {"left", "left_sixth", "nowhere"},
    "open": {"face_up", "marker"},
    "refined": {"order"},
    "hand": {"split"},
    "twins": {"stack", "twin", "shared"},
}


@pytest.mark.parametrize("name", sorted(TOURS))
def test_each_tour_marks_what_it_promises_and_nothing_else(name):
    w = tour_walk(name)
    marked = {k for s in w.steps for k in s.specials}
    assert marked == PROMISED[name]


def test_routine_moves_are_not_marked():
    logic = tour_walk("logic")
    drafts = [s for s in logic.steps if s.event.kind == "drafted"]
    assert len(drafts) == 30 and sum(1 for s in drafts if s.mark) == 1 and drafts[0].mark
    assert "The draft begins" in drafts[0].text
    hand = tour_walk("hand")
    assert not any(s.mark for s in hand.steps if s.event.kind == "played")
    split_steps = [s for s in hand.steps if any(f.event.kind == "split" for f in s.frames)]
    assert all(bool(s.mark) == any(f.event.data["to_hand"] for f in s.frames if f.event.kind == "split")
               for s in split_steps)
    refined = tour_walk("refined")
    orders = [s for s in refined.steps if any(f.event.kind == "ordered" for f in s.frames)]
    assert 0 < sum(1 for s in orders if s.mark) < len(orders)
    assert all(("order matters" in s.text) == bool(s.mark) for s in orders)
    opened = tour_walk("open")
    assert sum(1 for s in opened.steps for k in s.specials if k == "face_up") == 1
    assert sum(1 for s in opened.steps for k in s.specials if k == "marker") == 1


def test_the_twins_stack_step_says_stack():
    w = tour_walk("twins")
    stack = [s for s in w.steps if "stack" in s.specials]
    assert stack and all("played twins: the two" in s.text and "one stack" in s.text for s in stack)


def test_order_change_by_hand():
    rows = [[15], [6, 9], [88], [34, 36]]
    # 25 then 32: 25 after 15 (row 1), 32 after 25. The other way: 32 after 15 (closest of 15, 9),
    # then 25 finds 32, 9, 88, 36: only 9 is below 25 → row 2.
    other = order_change(rows, 25, 32)
    assert other is not None and (other.card, other.row) == (25, 1)
    # 12 then 25 on rows ending 10, 20, 30, 40: after 10 and after 20 in either order.
    assert order_change([[10], [20], [30], [40]], 12, 25) is None


def test_a_tie_is_marked_said_once_and_its_placement_says_the_player_chose():
    rows = [[10, 20], [30, 31], [60], [90]]  # 25: 5 after 20, 5 before 30 — a tie (a ruling)
    g = Game(find_variant("professional").but(match_end=ONE_HAND), 2, deal=Deal([[25], [99]], rows))
    g.act(0, 25)
    g.act(1, 99)
    g.act(0, (1, "left"))
    advance(g, make_bots(["cautious"], 2, 0))
    w = walk(g)
    tie = next(s for s in w.steps if "tie" in s.specials)
    assert tie.mark == SPECIAL["tie"].label
    assert "25 is equally near to" in tie.text and "chooses to put 25 before 30, at the left end of row 2" in tie.text
    assert tie.text.endswith("Player A: 25 goes before 30, at the left end of row 2, where the player chose.")
    assert tie.after.rows[1] == [25, 30, 31]
