"""The base game: cards, placement with reasons, the hand as a state machine, bad input."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from helpers import snapshot
from hypothesis import given
from hypothesis import strategies as st

from sixnimmt_core import (
    CorruptLog,
    Deal,
    Game,
    IllegalAction,
    ImpossibleSetup,
    MatchEnd,
    OutOfTurn,
    Rules,
    SixNimmtError,
    advance,
    dumps,
    find_variant,
    full_deck,
    heads,
    make_bots,
    narrate,
    replay,
    where,
)
from sixnimmt_core.engine.cards import total_heads
from sixnimmt_core.teaching.scenarios import EXAMPLES

# ---- cards ---------------------------------------------------------------------------------


def test_head_counts_match_the_documents():
    counts = Counter(heads(c) for c in full_deck())
    assert counts == {1: 76, 2: 9, 3: 10, 5: 8, 7: 1}
    assert total_heads(full_deck()) == 171


@pytest.mark.parametrize(("card", "h"), [(55, 7), (11, 5), (99, 5), (10, 3), (100, 3), (5, 2), (85, 2), (1, 1), (104, 1)])
def test_heads_of_single_cards(card, h):
    assert heads(card) == h


# ---- placement ---------------------------------------------------------------------------


def test_29_goes_after_24_and_says_why():
    p = where(29, [[8], [24], [69], [81]])
    assert (p.row, p.rule, p.takes, p.low) == (1, "closest", False, False)
    reason = p.reason()
    assert "29 goes after 24 in row 2" in reason
    assert "69 and 81 are higher" in reason and "of 8 and 24" in reason


def test_3_is_a_low_card_and_the_player_chooses():
    p = where(3, [[8], [24], [69], [81]])
    assert p.row is None and p.low and p.rule == "low"
    assert "lower than every row end" in p.reason()
    assert p.to_json()["row"] is None and p.to_json()["low"] is True


def test_highest_last_card_rule():
    ex = EXAMPLES["highest-last"]
    p = where(ex.played[0], ex.table())
    assert p.row == 2 and p.rule == "closest"


def test_sixth_card_takes_the_row():
    ex = EXAMPLES["sixth"]
    p = where(30, ex.table())
    assert p.row == 0 and p.takes
    game = ex.game()
    advance(game, make_bots(["cautious"], game.players, 1))
    took = [e for e in game.log if e.kind == "took"]
    assert took[0].data["cards"] == [3, 9, 14, 22, 27] and took[0].seat == 0
    assert game.penalty[0] == total_heads([3, 9, 14, 22, 27])


def test_amigo_figure_rows_after_the_turn():
    game = EXAMPLES["amigo-fig1"].game()
    advance(game, make_bots(["random"], game.players, 1))
    assert game.rows == [[12, 14, 15], [37], [43, 44], [58, 61]]


def test_pitfall_1_closer_full_row():
    p = where(45, EXAMPLES["pitfall-1"].table())
    assert p.row == 3 and p.takes


def test_pitfall_2_low_card_changes_the_table_first():
    game = EXAMPLES["pitfall-2"].game()
    game.act(0, 29)
    game.act(1, 62)
    assert game.pending[0].kind == "take_row" and game.pending[0].seat == 0
    game.act(0, 0)  # the first row, as in the rulebook
    assert game.rows[0] == [29]
    assert game.rows[3] == [62]
    assert game.piles[1] == [40, 45, 50, 53, 57]


@given(
    st.lists(st.integers(1, 104), min_size=4, max_size=4, unique=True),
    st.lists(st.integers(1, 104), min_size=2, max_size=10, unique=True),
)
def test_only_the_lowest_card_of_a_turn_can_be_low(starters, played):
    played = [c for c in played if c not in starters]
    if len(played) < 2:
        return
    rows = [[c] for c in starters]
    for i, card in enumerate(sorted(played)):
        p = where(card, rows)
        if i > 0:
            assert not p.low  # the first card placed is now a row end lower than this one
        if p.low:
            rows[0] = [card]
        elif p.takes:
            rows[p.row] = [card]
        else:
            rows[p.row].append(card)


# ---- the hand as a state machine ------------------------------------------------------------


def small_game(**kw) -> Game:
    deal = Deal(hands=[[10, 30], [20, 40]], rows=[[5], [15], [25], [35]])
    return Game(Rules(), 2, deal=deal, one_hand=True, **kw)


def test_simultaneous_choice_then_reveal_then_ascending_placement():
    g = small_game()
    assert {d.seat for d in g.pending} == {0, 1} and all(d.kind == "play" for d in g.pending)
    g.act(1, 20)
    assert [e.kind for e in g.log][-1] == "chose"  # nothing revealed until everyone chose
    g.act(0, 10)
    kinds = [e.kind for e in g.log]
    assert kinds[-3:] == ["revealed", "placed", "placed"]
    placed = [e.data["card"] for e in g.log if e.kind == "placed"]
    assert placed == [10, 20]
    assert g.rows == [[5, 10], [15, 20], [25], [35]]


def test_low_card_row_is_the_players_decision():
    deal = Deal(hands=[[1], [50]], rows=[[5, 6], [15], [25], [35]])
    g = Game(Rules(), 2, deal=deal, one_hand=True)
    g.act(0, 1)
    g.act(1, 50)
    assert [d.kind for d in g.pending] == ["take_row"] and g.pending[0].seat == 0
    g.act(0, 0)
    assert g.rows[0] == [1] and g.piles[0] == [5, 6] and g.penalty[0] == 3  # 5 has two heads
    assert g.over


def test_card_not_in_hand_is_refused_and_nothing_changes():
    g = small_game()
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="does not hold 99"):
        g.act(0, 99)
    assert snapshot(g) == before


def test_row_that_does_not_exist_is_refused_and_nothing_changes():
    deal = Deal(hands=[[1], [50]], rows=[[5], [15], [25], [35]])
    g = Game(Rules(), 2, deal=deal, one_hand=True)
    g.act(0, 1)
    g.act(1, 50)
    before = snapshot(g)
    for bad in (4, -1, "2", None, True):
        with pytest.raises(IllegalAction, match="not a row"):
            g.act(0, bad)
        assert snapshot(g) == before


def test_decision_out_of_turn_is_refused_and_nothing_changes():
    deal = Deal(hands=[[1], [50]], rows=[[5], [15], [25], [35]])
    g = Game(Rules(), 2, deal=deal, one_hand=True)
    g.act(0, 1)
    before = snapshot(g)
    with pytest.raises(OutOfTurn, match="not being asked"):
        g.act(0, 1)  # seat 0 already chose this turn
    with pytest.raises(OutOfTurn):
        g.act(5, 1)
    assert snapshot(g) == before
    g.act(1, 50)
    with pytest.raises(OutOfTurn):
        g.act(1, 2)  # only seat 0 chooses the row
    assert g.pending[0].seat == 0


@pytest.mark.parametrize("players", [1, 11, 0, -3])
def test_impossible_player_counts(players):
    with pytest.raises(ImpossibleSetup, match="2 to 10 players"):
        Game(Rules(), players)


def test_all_errors_are_value_errors_naming_a_rule():
    for exc in (IllegalAction, OutOfTurn, ImpossibleSetup, CorruptLog):
        assert issubclass(exc, SixNimmtError) and issubclass(exc, ValueError)
    with pytest.raises(SixNimmtError) as info:
        Game(Rules(), 11)
    assert info.value.rule == "players"


def test_explicit_deal_is_checked():
    with pytest.raises(IllegalAction, match="not in this deck"):
        Game(Rules(), 2, deal=Deal(hands=[[10], [10]], rows=[[5], [15], [25], [35]]))
    with pytest.raises(IllegalAction, match="4 rows"):
        Game(Rules(), 2, deal=Deal(hands=[[10], [11]], rows=[[5], [15], [25]]))


# ---- matches ------------------------------------------------------------------------------------


def play(rules: Rules, players: int = 4, seed: int = 1, bots=("random",)) -> Game:
    g = Game(rules, players, seed=seed)
    advance(g, make_bots(list(bots), players, seed))
    return g


def test_match_ends_when_someone_reaches_66():
    g = play(Rules())
    assert g.over and max(g.totals) >= 66
    running = [0] * 4
    for i, scores in enumerate(g.hand_scores):
        running = [a + b for a, b in zip(running, scores, strict=True)]
        if i < len(g.hand_scores) - 1:
            assert max(running) < 66  # it did not end early
    assert running == g.totals


def test_match_exceeds_option_and_other_limit():
    g = play(Rules(match_end=MatchEnd(limit=30, exceeds=True)), seed=3)
    assert max(g.totals) > 30
    for i in range(len(g.hand_scores) - 1):
        assert max(sum(s[seat] for s in g.hand_scores[: i + 1]) for seat in range(4)) <= 30


def test_match_fixed_number_of_hands():
    g = play(Rules(match_end=MatchEnd(limit=None, hands=3)), seed=5)
    assert g.hand_no == 3 and len(g.hand_scores) == 3
    assert g.log[-1].kind == "match_ended" and g.log[-1].data["winners"] == g.winners()


# ---- the log ---------------------------------------------------------------------------------------


def test_log_round_trips_through_json_and_replays():
    g = play(Rules(), seed=11, bots=("cautious", "random"))
    text = dumps(g)
    again = replay(json.loads(text))
    assert dumps(again) == text
    assert again.totals == g.totals and again.over


def test_replay_of_a_game_in_progress_continues_identically():
    g = small_game()
    g.act(0, 10)
    again = replay(dumps(g))
    assert [d.seat for d in again.pending] == [1]
    again.act(1, 20)
    g.act(1, 20)
    assert dumps(again) == dumps(g)


@pytest.mark.parametrize(
    "tamper",
    [
        lambda d: d["events"][1]["hands"][0].__setitem__(0, 104),  # a card from nowhere in the deal
        lambda d: d["events"].pop(5),  # an event missing
        lambda d: (e := next(e for e in d["events"] if e["kind"] == "placed")).__setitem__("row", (e["row"] + 1) % 4),
        lambda d: next(e for e in d["events"] if e["kind"] == "chose").__setitem__("cards", [999]),
        lambda d: d["events"].append({"kind": "took", "seat": 0, "cards": [1]}),
        lambda d: d.__setitem__("players", 11),
        lambda d: d.__setitem__("format", "chess"),
        lambda d: d["rules"].__setitem__("deck", "huge"),
        lambda d: d.__setitem__("events", "nope"),
    ],
)
def test_tampered_log_is_refused(tamper):
    g = play(Rules(match_end=MatchEnd(limit=None, hands=1)), seed=2)
    data = json.loads(dumps(g))
    tamper(data)
    with pytest.raises(CorruptLog):
        replay(data)


def test_corrupt_json_is_refused():
    with pytest.raises(CorruptLog, match="not valid JSON"):
        replay("{not json")


def test_narration_reads_like_a_teacher():
    g = Game(Rules(), 4, seed=7, one_hand=True)
    advance(g, make_bots(["cautious"], 4, 7))
    lines = narrate(g)
    assert lines[0] == "Hand 1 begins."
    assert any("goes after" in line and "rule 2" in line for line in lines)
    assert lines[-1].startswith("The match is over")


def test_variant_lookup_and_unknown_variant():
    assert find_variant("Nifty").name == "refined"
    with pytest.raises(ImpossibleSetup, match="unknown variant"):
        find_variant("chess")


def test_a_person_plugs_in_where_a_bot_does():
    from sixnimmt_core import Human

    g = Game(Rules(), 3, seed=4, one_hand=True)
    agents = [Human()] + make_bots(["random"], 2, 4)
    advance(g, agents)
    assert [d.seat for d in g.pending] == [0]  # the bots have chosen; the person is asked
    while not g.over:
        d = g.pending[0]
        assert d.seat == 0
        g.act(0, d.options[0])
        advance(g, agents)
    assert g.over and len(g.hand_scores) == 1


def test_lookahead_estimates_say_their_answer_like_people():
    from sixnimmt_core import LookaheadBot
    from sixnimmt_core.teaching.playflow import CoachWords

    g = Game(Rules(), 2, deal=Deal([[1, 60], [50, 70]], [[5, 6], [15], [25], [35]]), one_hand=True)
    g.act(0, 1)
    g.act(1, 50)
    d = g.pending[0]
    est = LookaheadBot(1, samples=2).evaluate(d, g.view(0))
    words = CoachWords("en")
    assert {words.answer_words(e) for e in est} == {"Take row 1", "Take row 2", "Take row 3", "Take row 4"}
    best = est[0]
    reason = words.coach_reason(best, "by the end of the hand")
    assert reason.startswith("Take row ") and "heads now" in reason
    # the cheapest row now is row 2 (15: 1 head) … or 3/4; never row 1 (5, 6: 3 heads) first
    assert best.action != 0
    g2 = Game(Rules(), 2, seed=3, one_hand=True)
    play = LookaheadBot(2, samples=2).evaluate(g2.pending[0], g2.view(0))
    assert all(words.answer_words(e) == f"Play {e.action}" for e in play)
    assert all("sampled deal" in words.coach_reason(e, "by the end of the hand") for e in play)


def test_lookahead_time_budget_keeps_at_least_half_the_samples_and_every_card():
    from sixnimmt_core import LookaheadBot

    g = Game(find_variant("refined"), 4, seed=5, one_hand=True)
    d, view = g.decision(0), g.view(0)
    full = LookaheadBot(1, 8, 10, every_card=True).evaluate(d, view)
    quick = LookaheadBot(1, 8, 10, budget=0.0, every_card=True).evaluate(d, view)
    assert {e.samples for e in full} == {8} and {e.samples for e in quick} == {4}
    assert {e.action for e in full} == {e.action for e in quick}
    assert [e.expected for e in full] == sorted(e.expected for e in full)
    assert all(any(c in e.action for e in full) for c in d.options)  # every card has a badge
    plain = LookaheadBot(1, 2, 10).evaluate(d, view)
    assert not all(any(c in e.action for e in plain) for c in d.options)  # only the safest five
    only = LookaheadBot(1, 8, 10).evaluate(d._replace(options=(1, 2), min_count=2), view)
    assert len(only) == 1 and only[0].samples == 0  # one possible answer: nothing to estimate


def test_lay_puts_a_card_as_its_placement_says_and_returns_what_is_taken():
    from sixnimmt_core.engine.table import lay

    rows = [[3, 9, 14, 22, 27], [35], [50, 52], [88]]
    assert lay(rows, 30, "sixth", 0) == [3, 9, 14, 22, 27] and rows[0] == [30]
    assert lay(rows, 40, "closest", 1) == [] and rows[1] == [35, 40]
    assert lay(rows, 45, "closest", 2, side="left") == [] and rows[2] == [45, 50, 52]
    assert lay(rows, 88, "twin", 3) == [] and rows[3] == [88, 88]
    assert lay(rows, 2, "low", 2, count=2) == [45, 50, 52] and rows[2] == [2, 2]
