"""Property tests over random deals and random legal decisions, in every variant."""

from __future__ import annotations

from helpers import check_invariants
from hypothesis import given
from hypothesis import strategies as st

from sixnimmt_core import VARIANTS, Game, RandomBot, dumps, find_variant, replay
from sixnimmt_core.engine.cards import total_heads
from sixnimmt_core.teaching.narrate import Table


def max_players(name: str) -> int:
    return {"tournament": 5, "refined": 7, "hand": 7, "open": 9}.get(name, 10)


@st.composite
def setups(draw):
    name = draw(st.sampled_from(sorted(VARIANTS)))
    players = draw(st.integers(2, max_players(name)))
    return name, players, draw(st.integers(0, 2**32 - 1))


def play_checked(name: str, players: int, seed: int) -> Game:
    """Play a whole hand with random decisions, checking invariants and the tracker at every step."""
    game = Game(find_variant(name), players, seed=seed, one_hand=True)
    bot = RandomBot(seed)
    table = Table(players)
    applied = 0
    steps = 0
    while game.pending:
        d = game.pending[0]
        game.act(d.seat, bot.decide(d, game.view(d.seat)))
        check_invariants(game)
        for e in game.log[applied:]:
            table.apply(e)
        applied = len(game.log)
        if not game.over and game.hand_no == table.hand_no:
            assert table.rows == game.rows  # the stepper's table is the engine's table
            assert [sorted(h) for h in table.hands] == [sorted(h) for h in game.hands]
            assert [sorted(p) for p in table.piles] == [sorted(p) for p in game.piles]
            assert table.penalties == game.penalty
            if game.pending and game.pending[0].kind == "play":  # cards chosen this turn lie laid (Open: face up)
                assert [sorted(c) for c in table.laid] == [sorted(c or []) for c in game.chosen]
        steps += 1
        assert steps < 5000, "the hand never ends"
    assert game.over
    return game


@given(setups())
def test_random_games_keep_the_rules(setup):
    name, players, seed = setup
    game = play_checked(name, players, seed)
    taken = [e for e in game.log if e.kind == "took"]
    if not game.rules.keep_taken and game.rules.twins == "none":
        for seat in range(players):
            pile = [c for e in taken if e.seat == seat for c in e.data["cards"]]
            assert sorted(pile) == sorted(game.piles[seat]) or game.rules.sheets
        if not game.rules.sheets:
            assert [total_heads(p) for p in game.piles] == game.hand_scores[-1]
    assert dumps(replay(dumps(game))) == dumps(game)


@given(st.integers(2, 10), st.integers(0, 2**32 - 1))
def test_base_penalties_equal_heads_taken(players, seed):
    game = play_checked("base", players, seed)
    assert sum(game.totals) == sum(e.data["heads"] for e in game.log if e.kind == "took")
    assert sum(len(p) for p in game.piles) == sum(len(e.data["cards"]) for e in game.log if e.kind == "took")


@given(st.integers(2, 10), st.integers(0, 2**32 - 1))
def test_the_short_base_path_plays_exactly_like_the_general_one(players, seed):
    """The base game's short placement loop (``_place_simple``) is only a faster copy: switched off,
    the general path (queue, ``locate``, ``_put``) writes the very same events for the same answers."""
    fast = Game(find_variant("base"), players, seed=seed, one_hand=True)
    general = Game(find_variant("base"), players, seed=seed, one_hand=True)
    general._simple = False
    assert fast._simple
    bot = RandomBot(seed)
    while fast.pending:
        d = fast.pending[0]
        answer = bot.decide(d, fast.view(d.seat))
        fast.act(d.seat, answer)
        general.act(d.seat, answer)
        assert fast.pending == general.pending
    assert general.over and dumps(general) == dumps(fast)
