"""Each variant's special rules (RULES.md §3), combinations, impossible set-ups, bad input."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from helpers import snapshot

from sixnimmt_core import (
    Deal,
    Game,
    IllegalAction,
    ImpossibleSetup,
    OutOfTurn,
    advance,
    find_variant,
    make_bots,
    where,
)
from sixnimmt_core.cli import main
from sixnimmt_core.engine.cards import total_heads
from sixnimmt_core.engine.rules import ONE_HAND
from sixnimmt_core.engine.table import places
from sixnimmt_core.teaching.scenarios import EXAMPLES


def one(name: str, **changes):
    return find_variant(name).but(match_end=ONE_HAND, **changes)


def kinds(game: Game) -> list[str]:
    return [e.kind for e in game.log]


# ---- 1. Tactics ------------------------------------------------------------------------------


def test_tactics_deck_is_10n_plus_4():
    assert find_variant("tactics").deck_for(3) == list(range(1, 35))
    g = Game(one("tactics"), 5, seed=1)
    assert sorted(g.cards_in_play()) == list(range(1, 55)) and g.undealt == []


# ---- 2. Logic -------------------------------------------------------------------------------------


def test_logic_draft_of_a_taken_card_is_refused():
    g = Game(one("logic"), 3, seed=1)
    g.act(0, 7)
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="not on the table"):
        g.act(1, 7)
    assert snapshot(g) == before


# ---- 3. Tournament ----------------------------------------------------------------------------------


def test_tournament_sheets_rotate_left_with_the_same_rows():
    g = Game(find_variant("tournament"), 3, seed=2)
    advance(g, make_bots(["cautious", "random"], 3, 2))
    assert g.over and g.hand_no == 3
    start = next(e for e in g.log if e.kind == "rows_started").data["rows"]
    sheets = [e for e in g.log if e.kind == "sheets"]
    assert [s.data["holders"] for s in sheets] == [[2, 0, 1], [1, 2, 0]]  # each sheet passed to the left
    assert all(s.data["rows"] == start for s in sheets)
    table = g.log[-1].data["by_selection"]
    assert all(v is not None for row in table for v in row)  # every player played every selection
    assert [sum(table[sheet][seat] for sheet in range(3)) for seat in range(3)] == g.totals


# ---- 4. Professional -------------------------------------------------------------------------------


def test_professional_example_1_every_statement():
    ex = EXAMPLES["pro-1"]
    g = ex.game()
    for seat, card in enumerate(ex.played):
        g.act(seat, card)
    placed = {e.data["card"]: e for e in g.log if e.kind == "placed"}
    assert (placed[5].data["row"], placed[5].data.get("side")) == (1, "left")
    assert (placed[17].data["row"], placed[17].data["side"], placed[17].data["rule"]) == (0, "left", "sixth")
    took = next(e for e in g.log if e.kind == "took")
    assert took.seat == 1 and took.data["cards"][0] == 40 and len(took.data["cards"]) == 5
    assert g.rows[0] == [17]
    assert (placed[58].data["row"], placed[58].data.get("side")) == (2, "left")
    assert (placed[62].data["row"], placed[62].data.get("side", "right")) == (1, "right")
    on_table = {c for r in g.rows for c in r}
    takers = [c for c in range(1, 105) if c not in on_table and (p := where(c, g.rows, True)).row == 1 and p.takes]
    assert takers == [1, 2, 3, 4, 63, 64]


def test_professional_example_2_only_59_and_60_fit_nowhere():
    ex = EXAMPLES["pro-2"]
    on_table = {c for r in ex.rows for c in r}
    nowhere = [c for c in range(1, 105) if c not in on_table and where(c, ex.table(), True).rule == "nowhere"]
    assert nowhere == [59, 60]


def test_professional_nearest_difference_across_sides():
    rows = [[10, 12], [30, 40], [60], [90]]
    p = where(27, rows, True)
    assert (p.row, p.side) == (1, "left") and "difference 3" in p.reason()  # 30-27 < 27-12
    p = where(15, rows, True)
    assert (p.row, p.side) == (0, "right")


def test_professional_tie_is_the_players_choice():
    rows = [[10, 20], [30, 31], [60], [90]]
    p = where(25, rows, True)
    assert p.rule == "tie" and {(s.row, s.side) for s in p.tied} == {(0, "right"), (1, "left")}
    g = Game(one("professional"), 2, deal=Deal([[25], [99]], rows))
    g.act(0, 25)
    g.act(1, 99)
    d = g.pending[0]
    assert d.kind == "spot" and d.seat == 0
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="tied places"):
        g.act(0, (2, "left"))
    assert snapshot(g) == before
    g.act(0, (1, "left"))
    assert g.rows[1] == [25, 30, 31]


def test_professional_fits_nowhere_takes_a_chosen_row():
    ex = EXAMPLES["pro-2"]
    g = Game(one("professional"), 2, deal=Deal([[59], [1]], ex.table()))
    g.act(0, 59)
    g.act(1, 1)
    # 1 goes left of row 3 (9) first; then 59 fits nowhere: its player chooses a row
    assert g.pending[0].kind == "take_row" and g.pending[0].card == 59
    g.act(0, 3)
    assert g.rows[3] == [59] and g.piles[0] == [45, 102]


def test_professional_sixth_card_at_the_left_end():
    rows = [[20, 21, 22, 23, 24], [50], [70], [90]]
    p = where(19, rows, True)
    assert (p.row, p.side, p.takes) == (0, "left", True)


def test_where_cli_professional_json(capsys):
    assert main(["where", "--variant", "professional", "--rows", "21,34,61", "58,63,77", "9,70,88,96", "45,102",
                 "--card", "59", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["row"] is None and data["side"] is None and data["fits_nowhere"] is True
    assert main(["where", "--variant", "professional", "--rows", "30,40", "8", "70", "90", "--card", "27",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["row"], data["side"]) == (1, "left")
    assert main(["where", "--variant", "professional", "--rows", "10,20", "30,31", "60", "90", "--card", "25",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["row"] is None and {(t["row"], t["side"]) for t in data["tied"]} == {(1, "right"), (2, "left")}


# ---- 5. Open ---------------------------------------------------------------------------------------------


def test_open_card_1_is_the_marker_and_seats_lay_in_order():
    g = Game(one("open"), 4, seed=3)
    assert 1 not in g.cards_in_play() and len(g.deck) == 103
    order = []
    for _ in range(8):  # two turns
        d = g.pending[0]
        assert len(g.pending) == 1
        order.append(d.seat)
        if len(order) == 2:  # the second seat sees the first seat's card, face up
            laid = g.view(d.seat).laid
            assert laid[order[0]] is not None
        g.act(d.seat, d.options[0])
        while g.pending and g.pending[0].kind == "take_row":
            g.act(g.pending[0].seat, 0)
    assert order == [0, 1, 2, 3, 1, 2, 3, 0]  # the marker passed to the left
    assert any(e.kind == "marker" for e in g.log)


# ---- 6. Refined ---------------------------------------------------------------------------------------------


def test_refined_two_cards_a_turn_and_the_third_is_refused():
    g = Game(one("refined"), 3, seed=4)
    assert all(len(h) == 14 for h in g.hands)
    d = g.pending[0]
    assert (d.min_count, d.max_count) == (2, 2)
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="must lay 2 cards"):
        g.act(d.seat, tuple(d.options[:3]))
    with pytest.raises(IllegalAction, match="must lay 2 cards"):
        g.act(d.seat, d.options[0])
    assert snapshot(g) == before
    advance(g, make_bots(["random"], 3, 4))
    assert g.over and sum(1 for e in g.log if e.kind == "revealed") == 7


def test_refined_owner_order_and_a_low_card_that_is_not_the_lowest():
    g = Game(one("refined"), 2, deal=Deal([[9, 50], [14, 16]], [[10], [20], [30], [40]]))
    g.act(1, (14, 16))
    g.act(0, (9, 50))
    assert g.pending[0].kind == "order" and g.pending[0].seat == 0  # owner of the lowest card (9)
    g.act(0, (9, 50))
    assert g.pending[0].kind == "take_row" and g.pending[0].card == 9
    g.act(0, 0)
    assert g.pending[0].kind == "order" and g.pending[0].seat == 1
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="not an order"):
        g.act(1, (14, 50))
    assert snapshot(g) == before
    g.act(1, (16, 14))  # 16 after 9, then 14 is below every row end though 9 was lower
    d = g.pending[0]
    assert d.kind == "take_row" and d.seat == 1 and d.card == 14


# ---- 7. Hand ----------------------------------------------------------------------------------------------------


def hand_deal():
    rows = [[1, 2, 3, 4, 5], [50], [60], [70]]
    a = [6] + list(range(7, 20))
    b = list(range(80, 94))
    return Deal([a, b], rows)


def test_hand_lay_one_or_two_and_place_at_once():
    g = Game(one("hand"), 2, deal=hand_deal())
    d = g.pending[0]
    assert d.seat == 0 and (d.min_count, d.max_count) == (1, 2)
    g.act(0, (6,))
    assert kinds(g)[-3:] == ["played", "placed", "took"]  # placed at once, before the next seat
    assert g.pending[0].kind == "split"


def test_hand_scoring_doubles_cards_left_in_hand_and_end_rule():
    g = Game(one("hand"), 3, seed=5)
    advance(g, make_bots(["random"], 3, 5))
    end = next(e for e in g.log if e.kind == "hand_ended")
    for seat in range(3):
        assert end.data["scores"][seat] == total_heads(g.piles[seat]) + 2 * total_heads(g.hands[seat])
    assert (not all(g.hands)) or any(len(p) > 20 for p in g.piles)


# ---- 8. Twins ----------------------------------------------------------------------------------------------------


def twins_game(hands, rows):
    return Game(one("twins"), len(hands), deal=Deal(hands, rows))


def test_twins_deck_and_the_113_card_option():
    assert len(find_variant("twins").deck_for(4)) == 208
    deck = find_variant("twins").but(twins="elevens").deck_for(4)
    assert len(deck) == 113 and Counter(deck)[55] == 2 and Counter(deck)[56] == 1


def test_twins_played_together_stack_and_fill_one_place():
    g = twins_game([[25], [25]], [[10], [20], [30], [40]])
    g.act(0, 25)
    g.act(1, 25)
    assert g.rows[1] == [20, 25, 25] and places(g.rows[1]) == 2


def test_twin_of_an_end_card_is_laid_on_it():
    g = twins_game([[30], [99]], [[10], [20], [30], [40]])
    g.act(0, 30)
    g.act(1, 99)
    assert g.rows[2] == [30, 30] and places(g.rows[2]) == 1
    assert next(e for e in g.log if e.kind == "placed").data["rule"] == "twin"


def test_twins_low_pair_earlier_seat_chooses_and_they_share():
    g = twins_game([[99], [2], [2]], [[10], [15], [25], [35]])
    for seat, card in enumerate((99, 2, 2)):
        g.act(seat, card)
    d = g.pending[0]
    assert d.kind == "take_row" and d.seat == 1
    before = snapshot(g)
    with pytest.raises(OutOfTurn):
        g.act(2, 0)  # the later seat of the pair may not choose
    assert snapshot(g) == before
    g.act(1, 0)  # row 1: 10, 3 heads
    assert g.penalty == [0, 2, 2] and g.rows[0] == [2, 2]


def test_twins_among_the_starting_cards_are_stacked():
    for seed in range(500):
        g = Game(one("twins"), 4, seed=seed)
        stacked = [r for r in g.rows if len(r) == 2]
        if stacked:
            break
    else:
        pytest.fail("no seed in 500 dealt twins among the starters")
    assert len(g.rows) == 4 and stacked[0][0] == stacked[0][1]
    assert Counter(g.cards_in_play()) == Counter(g.deck)


# ---- combinations -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("base", "changes", "players"),
    [
        ("professional", {"deck": "tactics"}, 4),
        ("open", {"twins": "double"}, 5),
        ("refined", {"two_sided": True}, 3),
        ("logic", {"two_sided": True}, 3),
        ("hand", {"deck": "tactics"}, 3),
        ("twins", {"cards_per_turn": 2, "hand_size": 14}, 4),
    ],
)
def test_unnamed_combinations_play(base, changes, players):
    g = Game(one(base, **changes), players, seed=9)
    advance(g, make_bots(["random"], players, 9))
    assert g.over and Counter(g.cards_in_play()) == Counter(g.deck)


@pytest.mark.parametrize(
    ("name", "players", "words"),
    [("open", 10, "start marker"), ("refined", 8, "cannot be dealt"), ("hand", 8, "cannot be dealt"),
     ("tournament", 6, "at most 5"), ("logic", 11, "2 to 10")],
)
def test_impossible_setups_are_refused_before_dealing(name, players, words):
    with pytest.raises(ImpossibleSetup, match=words):
        Game(find_variant(name), players)


def test_bad_rule_options_are_refused():
    with pytest.raises(ImpossibleSetup, match="sheets need"):
        find_variant("base").but(sheets=True).check(3)
    with pytest.raises(ImpossibleSetup, match="draft leaves exactly"):
        find_variant("logic").but(deck="full").check(3)
