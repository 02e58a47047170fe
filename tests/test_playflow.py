"""Play's turn flow and the Coach's badge data, without ipywidgets (sixnimmt_core.teaching.playflow).

Expected values come from RULES.md (/work/shared/RULES.md) and hand calculations, noted beside them.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from sixnimmt_core.engine.decisions import (
    DraftDecision,
    OrderDecision,
    PlayDecision,
    SplitDecision,
    SpotDecision,
    TakeRowDecision,
)
from sixnimmt_core.engine.errors import ImpossibleSetup, SixNimmtError
from sixnimmt_core.engine.events import Placed
from sixnimmt_core.engine.game import Deal
from sixnimmt_core.engine.rules import BASE, find_variant
from sixnimmt_core.players.bots import Estimate
from sixnimmt_core.teaching.playflow import (
    TurnFlow,
    advice_group,
    advice_words,
    answer_words,
    badge_words,
    coach_badges,
    coach_horizon,
    coach_note,
    coach_reason,
    coach_separates,
    coach_span,
    decimal,
    fine_badges,
    seat_agents,
    turns_in_hand,
    why_words,
)


def _est(action, expected, apart=True, low=0.0, high=0.0, asked=PlayDecision, *, now=0.0, take=0.0, se=0.2, sure=None,
         forced=False, samples=100):
    return Estimate(action, expected, now, take, samples, asked, se, sure, forced, apart, low, high)


def test_the_flow_module_needs_no_ipywidgets():
    code = ("import sys; sys.modules['ipywidgets'] = None; import sixnimmt_core.teaching.playflow as f; "
            "t = f.TurnFlow(seed=1); t.new_game(); print(t.decision.kind)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "play"


# ---- how far the Coach looks -----------------------------------------------------------------------
@pytest.mark.parametrize(("variant", "turns"), [
    ("base", 10),  # RULES.md §2: ten cards each, one a turn
    ("refined", 7),  # §3 Refined: 14 cards, two a turn
    ("hand", 7),  # §3 Hand: 14 cards, at most two a turn
])
def test_turns_in_a_hand(variant, turns):
    assert turns_in_hand(find_variant(variant)) == turns


def test_how_far_the_coach_looks():
    # the Coach plays the hand out (10 more turns cover a 10-turn hand); the Hand variant looks 5 rounds ahead
    assert coach_horizon(BASE) == 10 and coach_horizon(find_variant("hand")) == 5
    assert coach_span(BASE) == "by the end of the hand"
    assert coach_span(find_variant("hand")) == "over the next 6 rounds"  # this round and 5 more
    assert coach_span(find_variant("refined")) == "by the end of the hand"  # 11 turns ≥ 7
    assert coach_span(find_variant("hand"), "cs") != coach_span(find_variant("hand"))
    assert "6" in coach_span(find_variant("hand"), "cs")


# ---- the Coach's words for one estimate ----------------------------------------------------------------
def test_numbers_as_each_language_writes_them():
    assert decimal(1.25) == "1.2" and decimal(1.5, "cs") == "1,5" and decimal(7.0, "ro") == "7,0"


def test_answers_as_the_buttons_say_them():
    from sixnimmt_core.engine.table import Spot

    assert answer_words(_est(29, 1)) == "Play 29"
    assert answer_words(_est(1, 1, asked=TakeRowDecision)) == "Take row 2"  # rows are numbered from 1
    assert answer_words(_est((29, 31), 1, asked=OrderDecision)) == "29 first, then 31"
    assert answer_words(_est(Spot(2, "left", 60, 5), 1, asked=SpotDecision)) == "Left of row 3"
    assert answer_words(_est((), 1, asked=SplitDecision)) == "Keep no card in hand"
    assert answer_words(_est(29, 1), "cs") == "Zahrát 29"


def test_the_reason_in_english():
    # the catalogue's words (en/widgets.po coach.*) filled by hand from each estimate's numbers
    span = "by the end of the hand"
    assert coach_reason(_est(29, 6.84, now=1.5, take=0.25), span) == (
        "Play 29: takes a row this turn in 25% of sampled deals (≈1.5 heads); about 6.8 heads by the end of the hand")
    assert coach_reason(_est(29, 2.0), span) == (
        "Play 29: takes no row this turn in any sampled deal; about 2.0 heads by the end of the hand")
    assert coach_reason(_est(1, 3.0, asked=TakeRowDecision, now=3.0), span) == (
        "Take row 2: ≈3.0 heads now; about 3.0 heads by the end of the hand")
    e = _est(29, 6.84, now=1.5, take=0.25)
    assert "25" in coach_reason(e, "do konce hry", "cs") and "6,8" in coach_reason(e, "do konce hry", "cs")


def test_badges():
    assert badge_words(_est(29, 6.6)) == "≈7"  # whole heads
    assert badge_words(_est(29, 6.6), advice=True) == "★ ≈7"
    assert badge_words(_est(29, 6.6), rank=2) == "#2"  # a draft: the rule's order
    # a forced move whose cost the table decides: the only card, 2 heads this turn
    assert badge_words(_est(29, 2.0, sure=2.0, forced=True)) == "only card · 2 heads"
    # a forced row to take whose cost is estimated: ±1.96 standard errors (0.5 → 0.98)
    assert badge_words(_est((), 3.0, asked=SplitDecision, se=0.5, forced=True)) == "only choice · ≈3.0 ±1.0"


# ---- the Coach's words for a decision ------------------------------------------------------------------
def test_the_advice_and_its_equals():
    est = [_est(12, 2.1), _est(40, 2.2, False), _est(55, 2.3, False), _est(90, 6.0)]
    assert [e.action for e in advice_group(est)] == [12, 40, 55]
    assert advice_group([]) == []
    assert coach_separates(est) and coach_separates(est[:1])
    assert not coach_separates(est[:3])  # only answers the deals cannot tell apart


def test_the_advice_in_plain_words_with_its_range_and_its_equals():
    span = "by the end of the hand"
    one = [_est(29, 6.8, low=2, high=13), _est(60, 9.1, low=4, high=15)]
    assert advice_words(one, span) == "Play 29: about 7 heads by the end of the hand — could be anything from 2 to 13."
    sure = [_est(29, 1.0, low=1, high=1), _est(60, 3.0, low=3, high=3)]
    assert advice_words(sure, span) == "Play 29: 1 head by the end of the hand, on every deal."
    three = [_est(12, 2.1, low=0, high=5), _est(40, 2.2, False, 0, 6), _est(55, 2.3, False, 1, 5), _est(90, 6.0)]
    assert advice_words(three, span) == ("Play 12, Play 40 or Play 55 — these 3 are about the same: about 2 heads "
                                         "by the end of the hand, could be anything from 0 to 6.")
    assert advice_words(three, "do konce hry", "cs").startswith("Zahrát 12, Zahrát 40 nebo Zahrát 55 — tyto 3 možnosti")


@pytest.mark.parametrize(("card", "rows", "words"), [
    # rule 3: 29 comes after 28, the fifth card of row 2: 24, 26, 27, 28 one head each, 25 two: 6 heads
    (29, [[8], [24, 25, 26, 27, 28], [69], [81]], "29 would be the sixth card of row 2: you take that row (6 heads)."),
    # rule 4: 3 is below 8, 24, 69 and 81; the cheapest row is one card of one head
    (3, [[8], [24, 25], [69], [81]], "3 is lower than the last card of every row: you take a row, and the cheapest "
                                     "now has 1 head."),
    # 12 after 11, the fourth card of row 1: it would be the fifth
    (12, [[8, 9, 10, 11], [24], [69], [81]], "12 would be the fifth card of row 1: whoever lays a card there next "
                                             "takes the row."),
    # 45 after 32 in a row of three: 13 numbers lie between
    (45, [[8], [30, 31, 32], [69], [81]], "45 goes after 32 in row 2, but cards between 32 and 45 may get there first."),
    (70, [[8], [24], [69], [81]], "70 goes after 69 in row 3, where there is room."),
])
def test_the_reason_names_what_matters(card, rows, words):
    assert why_words(_est(card, 1.0), rows, BASE) == words
    for lang in ("cs", "sk", "ro"):
        said = why_words(_est(card, 1.0), rows, BASE, lang)
        assert said != words and str(card) in said, lang


def test_the_reason_on_two_sided_rows_and_otherwise():
    pro = find_variant("professional")
    # Professional (RULES.md §3.4): 38 could go right of 30 (8 away) or left of 40 (2 away): the smaller
    # difference wins, the left end of row 2
    assert why_words(_est(38, 1.0), [[5], [40], [30], [90]], pro) == "38 goes before 40 at the left end of row 2."
    assert why_words(_est((20, 30), 1.0), [[8], [24], [69], [81]], BASE) == ("Over all the deals, this costs you the "
                                                                             "fewest heads on average.")


def test_the_reason_for_a_row_to_take():
    rows = [[55], [10], [7], [50]]  # 7, 3, 1 and 3 heads (RULES.md §1)
    assert why_words(_est(2, 1.0, asked=TakeRowDecision), rows, BASE) == "Row 3 has the fewest heads now: 1 head."
    assert why_words(_est(1, 3.0, asked=TakeRowDecision), rows, BASE) == ("Row 2 costs 3 heads now, but leaves the table "
                                                                  "better for your next cards.")
    assert why_words(_est(1, 3.0, asked=TakeRowDecision), rows, BASE, "ro") == ("Rândul 2 te costă acum 3 capete, dar lasă "
                                                                        "masa mai bună pentru cărțile tale următoare.")


def test_badges_per_answer_ranked_for_a_draft_and_per_card_in_a_two_card_turn():
    play = PlayDecision(0, (12, 40, 90))
    est = [_est(12, 2.1), _est(40, 2.2, False), _est(90, 6.0)]
    badge, why = coach_badges(play, est, BASE)
    assert badge == {12: "★ ≈2", 40: "★ ≈2", 90: "≈6"}
    assert why[90] == "Play 90: takes no row this turn in any sampled deal; about 6.0 heads by the end of the hand"
    draft = DraftDecision(0, (12, 40, 90))
    assert coach_badges(draft, [_est(a, x, asked=DraftDecision) for a, x in ((40, 1), (12, 2), (90, 3))], BASE)[0] == \
        {40: "#1", 12: "#2", 90: "#3"}
    # two cards a turn: each card carries its best pair's badge (20 is in the advice, 30 only in the dearer pair)
    refined = find_variant("refined")
    two = PlayDecision(0, (20, 30, 50), 2, 2)
    pairs = [_est((20, 50), 1.0), _est((30, 20), 4.0)]
    badge, why = coach_badges(two, pairs, refined)
    assert badge == {20: "★ ≈1", 50: "★ ≈1", 30: "≈4"}
    assert why[30] == ("best with 30: Play 30 then 20: takes no row this turn in any sampled deal; about 4.0 heads "
                       "by the end of the hand")


def test_badges_show_a_decimal_where_whole_heads_would_hide_which_is_cheaper():
    # 91 is the advice (9.2 heads); 94 (10.6) the deals cannot set apart from it, so it is about the same;
    # 86 (10.7) they set apart. In whole heads both read 11, "★ ≈11" beside "≈11": so every badge of this
    # decision shows one decimal, and the ★ ones read no more heads than the others (9.2, 9.8, 10.6 against
    # 10.7, 12.0), in each language's own decimal sign.
    play = PlayDecision(0, (29, 86, 89, 91, 94))
    est = [_est(91, 9.2), _est(89, 9.8, False), _est(94, 10.6, False), _est(86, 10.7), _est(29, 12.0)]
    assert fine_badges(est)
    assert coach_badges(play, est, BASE)[0] == {91: "★ ≈9.2", 89: "★ ≈9.8", 94: "★ ≈10.6", 86: "≈10.7", 29: "≈12.0"}
    assert coach_badges(play, est, BASE, "ro")[0][94] == "★ ≈10,6"
    # without 94 the whole numbers already tell them apart: ★ 9 and 10 against 11 and 12
    est = [e for e in est if e.action != 94]
    assert not fine_badges(est)
    assert coach_badges(play, est, BASE)[0] == {91: "★ ≈9", 89: "★ ≈10", 86: "≈11", 29: "≈12"}
    assert not fine_badges(est[:1]) and not fine_badges([_est(91, 9.2), _est(89, 9.4, False)])  # no plain badge


def test_the_coach_s_note():
    d = PlayDecision(0, (29, 60))
    note = coach_note(d, [_est(29, 6.8, low=2, high=13), _est(60, 9.1)], BASE, [[8], [24], [69], [81]])
    assert not note.only and note.advice.startswith("Play 29: about 7 heads")
    assert note.why == "29 goes after 24 in row 2, where there is room."
    assert len(note.lines) == 2 and "100" in note.about  # 100 sampled deals
    only = coach_note(d, [_est(29, 2.0, sure=2.0, forced=True)], BASE, [[8], [24], [69], [81]])
    assert only.only and only.lines == ("This is your only choice; whatever the others play, it costs you 2 heads "
                                        "this turn.",)


# ---- the turn flow ---------------------------------------------------------------------------------------
def test_seats_and_bots():
    agents = seat_agents(4, (0, 2), ["random", "cautious"], 1)
    assert [type(a).__name__ for a in agents] == ["Human", "RandomBot", "Human", "CautiousBot"]
    assert [type(a).__name__ for a in seat_agents(3, (0,), ["random"], None)] == ["Human", "RandomBot", "RandomBot"]
    with pytest.raises(ImpossibleSetup):
        TurnFlow(players=3, humans=(3,))
    flow = TurnFlow(players=4)
    with pytest.raises(ImpossibleSetup):
        flow.setup("base", players=11)  # RULES.md §2: 2–10 players
    assert flow.players == 4


def test_a_hand_to_its_end():
    # RULES.md §2 rule 4: 5 is lower than every row end (40, 10, 60, 90): its owner takes a row
    flow = TurnFlow(deal=Deal([[5], [95], [96], [97]], [[40], [10], [60], [90]]), seed=1)
    flow.new_game()
    assert flow.decision == PlayDecision(0, (5,)) and not flow.waiting and flow.cards == [5]
    assert flow.act(5)
    d = flow.decision
    assert isinstance(d, TakeRowDecision) and (d.card, d.options) == (5, (0, 1, 2, 3))
    assert flow.seen[0] > 0 and not any(isinstance(e, Placed) for e, _t in flow.since(0))
    assert flow.act(1)  # row 2: the 10, 3 heads (RULES.md §1)
    assert flow.game.over and flow.decision is None and flow.idle
    assert flow.game.penalty[0] == 3
    # then 95, 96, 97 follow 90 on row 4: the last placed is 97, the fourth card of that row
    assert flow.last_placed(None) == {"row": 4, "card": 97}
    assert not flow.act(5) and flow.refused is None  # nothing to answer


def test_an_illegal_answer_changes_nothing():
    flow = TurnFlow(seed=9)
    flow.new_game()
    before = (len(flow.game.log), list(flow.game.hands[0]), flow.decision)
    assert flow.act(999) is False and isinstance(flow.refused, SixNimmtError)
    assert (len(flow.game.log), list(flow.game.hands[0]), flow.decision) == before
    assert flow.act(flow.cards[0]) and flow.refused is None


def test_pass_and_play_waits_for_ready():
    flow = TurnFlow(players=2, humans=(0, 1), deal=Deal([[20, 30], [50, 60]], [[10], [40], [70], [90]]), seed=1)
    flow.new_game()
    assert flow.decision.seat == 0 and flow.waiting and flow.idle
    assert not flow.act(20)  # hidden behind Ready: no answer
    assert flow.ready() and not flow.waiting and not flow.ready()
    assert flow.act(20)
    assert flow.decision.seat == 1 and flow.waiting  # the next person presses Ready first
    assert flow.ready() and flow.act(50)
    # the turn is over (20 after 10, 50 after 40): the second turn is asked of seat 1 first — its screen is shown
    assert flow.decision.seat == 1 and not flow.waiting


def test_the_selection_of_a_two_card_turn():
    # Refined (RULES.md §3): two cards a turn
    flow = TurnFlow("refined", deal=Deal([[30, 20], [95, 96], [97, 98], [99, 100]], [[10], [40], [60], [90]]),
                    seed=2)
    flow.new_game()
    assert flow.cards == [20, 30] and flow.needs_selection and flow.confirmed() is None
    flow.pick(1)
    flow.pick(0)
    assert flow.selection == [30, 20] and flow.confirmed() == (30, 20)
    flow.pick(1)  # unselect 30
    assert flow.selection == [20]
    assert flow.act(flow.confirmed()) is False and flow.refused is not None  # one card is not two
    flow.clear()
    assert flow.selection == [] and flow.needs_selection
    flow.pick(0)
    flow.pick(1)
    assert flow.act(flow.confirmed())
    assert isinstance(flow.decision, OrderDecision) and flow.picked == []


def test_a_split_keeps_what_is_chosen():
    flow = TurnFlow("hand", deal=Deal([[5], [95], [96], [97]], [[40], [10], [60], [90]]), seed=3)
    flow.new_game()
    assert flow.act(5) and flow.act(1)  # 5 is low: take row 2, the 10
    assert isinstance(flow.decision, SplitDecision) and flow.decision.options == (10,)
    assert flow.keep == [] and flow.confirmed() == ()
    flow.toggle_keep(0, True)
    flow.toggle_keep(0, True)
    assert flow.keep == [10] and flow.confirmed() == (10,)
    flow.toggle_keep(0, False)
    assert flow.keep == []


def test_retelling_in_another_language_keeps_the_game_and_the_selection():
    flow = TurnFlow("refined", seed=4)
    flow.new_game()
    flow.pick(0)
    game, decision, english = flow.game, flow.decision, list(flow.lines)
    flow.retell("cs")
    assert flow.game is game and flow.decision == decision and flow.picked == [0]
    assert [e for e, _t in flow.lines] == [e for e, _t in english]  # the same events, told again
    assert all(t != e for (_x, t), (_y, e) in zip(flow.lines, english, strict=True) if e)
    assert flow.names[0] == "Hráč A"


def test_the_coach_s_estimates_are_cached():
    flow = TurnFlow(deal=Deal([[5, 70], [95, 20], [96, 30], [97, 50]], [[40], [10], [60], [90]]), seed=1,
                    coach_budget=None, coach_samples=4)
    flow.new_game()
    d = flow.decision
    badge, why, est = flow.badges(d)
    assert {e.action for e in est} == {5, 70} and set(badge) == {5, 70}
    assert flow.estimates(d) is est and len(flow.coach_seconds) == 1
