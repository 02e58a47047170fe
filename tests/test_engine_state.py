"""The engine's state and log as objects: read while growing, copied, pickled, freed."""

from __future__ import annotations

import copy
import gc
import pickle
from enum import IntEnum

import pytest

from sixnimmt_core import Game, advance, find_variant, make_bots
from sixnimmt_core.engine.events import TAKE_ROW
from sixnimmt_core.engine.log import to_json
from sixnimmt_core.engine.rules import ONE_HAND

BASE_HAND = find_variant("base").but(match_end=ONE_HAND)


def _play(game: Game, seed: int = 3) -> Game:
    return advance(game, make_bots(["random"], game.players, seed))


def _events(game: Game) -> list[dict]:
    return [e.to_json() for e in game.log]


@pytest.mark.parametrize("variant", ["base", "refined", "professional", "twins"])
def test_log_read_after_every_answer_equals_the_log_read_once(variant):
    rules = find_variant(variant).but(match_end=ONE_HAND)
    watched, unwatched = Game(rules, 4, seed=11), Game(rules, 4, seed=11)
    bots = make_bots(["random"], 4, 5)
    seen = []
    while watched.pending:
        d = watched.pending[0]
        watched.act(d.seat, bots[d.seat].decide(d, watched.view(d.seat)))
        seen = [e.to_json() for e in watched.log]  # read mid-hand, many times
    _play(unwatched, 5)
    assert seen == _events(unwatched)
    assert [e.kind for e in watched.log].count("chose") >= 10
    assert watched.log is watched.log  # one list, extended as the game goes on


def test_flat_events_read_back_with_the_documented_fields():
    g = _play(Game(BASE_HAND, 4, seed=2))
    kinds = {e.kind: e.data for e in g.log}
    assert set(kinds["chose"]) == {"cards"} and len(kinds["chose"]["cards"]) == 1
    assert all(len(c) == 1 for c in kinds["revealed"]["cards"]) and len(kinds["revealed"]["cards"]) == 4
    assert {"card", "row", "rule"} <= set(kinds["placed"])
    assert set(kinds["took"]) == {"row", "cards", "heads", "why"}
    low = [e for e in g.log if e.kind == "placed" and e.data["rule"] == "low"]
    assert low and all("end" not in e.data for e in low)  # a low card went next to no card


def test_copy_and_pickle_give_independent_games_that_play_on_identically():
    g = Game(BASE_HAND, 4, seed=8)
    _play_turns(g, 3)
    twins = [copy.deepcopy(g), pickle.loads(pickle.dumps(g)), g.clone(record=True)]
    before = to_json(g)
    for other in twins:
        assert to_json(other) == before
        _play(other, 4)
    assert to_json(g) == before  # playing the copies changed nothing here
    _play(g, 4)
    assert all(to_json(other) == to_json(g) for other in twins)


def _play_turns(g: Game, turns: int) -> None:
    bots = make_bots(["random"], g.players, 1)
    while g.pending and g.turn <= turns:
        d = g.pending[0]
        g.act(d.seat, bots[d.seat].decide(d, g.view(d.seat)))


def test_a_finished_game_is_freed_without_the_cycle_collector():
    gc.collect()
    gc.disable()
    try:
        g = _play(Game(find_variant("base"), 4, seed=4))
        view = g.view(0)  # seat views are handed out, and must not tie the game to itself
        assert view.hand == () and view.seat == 0
        del view
        del g
        assert gc.collect() == 0
    finally:
        gc.enable()


class Row(IntEnum):
    FIRST = 0
    SECOND = 1


def test_a_row_given_as_an_int_subclass_plays_as_a_plain_int():
    """A row is any int (IntEnum too) and gives the same game as the plain number."""
    for seed in range(40):
        short, general = Game(BASE_HAND, 4, seed=seed), Game(BASE_HAND, 4, seed=seed)
        bots = make_bots(["random"], 4, seed)
        while short.pending and short.pending[0].kind != TAKE_ROW:
            d = short.pending[0]
            answer = bots[d.seat].decide(d, short.view(d.seat))
            short.act(d.seat, answer)
            general.act(d.seat, answer)
        if short.pending:
            break
    seat = short.pending[0].seat
    short.act(seat, 1)
    general.act(seat, Row.SECOND)
    assert _events(short) == _events(general)
    assert short.rows == general.rows and short.pending == general.pending


def test_the_phase_machine_moves_only_as_its_transition_table_says():
    """Every variant, random answers: each step ``_run`` takes follows the one before it as
    ``TRANSITIONS`` says, and every transition in the table happens (it lists no dead ones)."""
    from sixnimmt_core.engine import game as engine
    from sixnimmt_core.engine.rules import MatchEnd

    seen: set[tuple[engine.Phase, engine.Phase]] = set()
    last: dict[int, engine.Phase] = {}

    def watched(phase, step):
        def run(game):
            if id(game) in last:
                seen.add((last[id(game)], phase))
            last[id(game)] = phase
            step(game)
        return run

    steps = list(engine._STEPS)
    engine._STEPS[:] = [watched(phase, steps[phase]) for phase in engine.Phase]
    try:
        for name in ("base", "logic", "tournament", "open", "refined", "hand", "twins"):
            rules = find_variant(name)
            if not rules.sheets:
                rules = rules.but(match_end=MatchEnd(limit=None, hands=2))
            for seed in range(6):
                last.clear()
                _play(Game(rules, 3, seed=seed, record=False), seed)
    finally:
        engine._STEPS[:] = steps
    table = {(a, b) for a, nexts in engine.TRANSITIONS.items() for b in nexts}
    assert seen == table
