"""clone() and determinize(): what a look-ahead may copy and what it may re-deal.

A seat sees its own hand and choice, the rows, the penalties and whatever is face up (Open, or every
card once revealed); everything else (the other hands, their hidden choices, the undealt cards) may be
re-dealt, with the same number of cards in each place and the same cards in all (RULES.md §2, §3)."""

from __future__ import annotations

import random
from collections import Counter

from helpers import snapshot
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sixnimmt_core import Deal, Game, Rules
from sixnimmt_core.engine.decisions import PlayDecision, TakeRowDecision
from sixnimmt_core.engine.rules import ONE_HAND, VARIANTS, find_variant
from sixnimmt_core.engine.state import State
from sixnimmt_core.engine.worlds import determinize
from sixnimmt_core.engine.worlds import unseen as unseen_by
from sixnimmt_core.players.bots import RandomBot

ROWS4 = [[5], [15], [25], [35]]


def unseen(g: Game, seat: int, hidden_choices: bool = True) -> Counter:
    """The cards ``seat`` cannot see: other hands, other hidden choices, the undealt cards."""
    out = Counter(g.undealt)
    for s in range(g.players):
        if s != seat:
            out.update(g.hands[s])
            if hidden_choices and g.chosen[s]:
                out.update(g.chosen[s])
    return out


def test_a_world_redeals_only_what_the_seat_cannot_see():
    g = Game(Rules(), 3, seed=7)
    before = snapshot(g)
    world = determinize(g.view(0), random.Random(1))
    assert snapshot(g) == before  # the game itself is untouched
    assert world.hands[0] == g.hands[0] and world.rows == g.rows and world.penalty == g.penalty
    assert [len(h) for h in world.hands] == [10, 10, 10] and len(world.undealt) == len(g.undealt) == 70
    assert all(h == sorted(h) for h in world.hands)
    assert unseen(world, 0) == unseen(g, 0)  # the same cards, dealt again
    assert world.hands[1] != g.hands[1] and world.hands[2] != g.hands[2]
    # each pending play decision offers the new hand
    assert world.pending == [PlayDecision(s, tuple(world.hands[s]), 1, 1) for s in range(3)]
    assert world.log == []  # a world does not record


def test_a_world_keeps_the_own_choice_and_redeals_the_hidden_ones():
    g = Game(Rules(), 3, seed=7)
    a, b = g.hands[1][0], g.hands[0][0]
    g.act(1, a)
    g.act(0, b)
    world = determinize(g.view(0), random.Random(2))
    assert world.chosen[0] == [b] and world.hands[0] == g.hands[0]
    assert len(world.chosen[1]) == 1 and world.chosen[2] is None
    assert unseen(world, 0) == unseen(g, 0)
    g2 = Game(Rules(), 3, seed=7)  # two hidden choices besides the seat's own
    g2.act(1, g2.hands[1][0])
    g2.act(2, g2.hands[2][0])
    for seed in range(5):
        w = determinize(g2.view(0), random.Random(seed))
        assert unseen(w, 0) == unseen(g2, 0) and [len(c) for c in w.chosen[1:]] == [1, 1]
        assert [len(h) for h in w.hands] == [10, 9, 9]
    assert sum(1 for seed in range(20) if determinize(g.view(0), random.Random(seed)).chosen[1] != [a]) > 10
    mine = determinize(g.view(1), random.Random(2))  # seat 1 knows its own choice, not seat 0's
    assert mine.chosen[1] == [a] and unseen(mine, 1) == unseen(g, 1)
    assert world.pending == [PlayDecision(2, tuple(world.hands[2]), 1, 1)]


def test_open_choices_are_face_up_and_stay():
    g = Game(find_variant("open"), 3, seed=3)
    first = g.pending[0].seat
    card = g.hands[first][0]
    g.act(first, card)
    nxt = g.pending[0].seat
    for seed in range(5):
        world = determinize(g.view(nxt), random.Random(seed))
        assert world.chosen[first] == [card]
        assert unseen(world, nxt, hidden_choices=False) == unseen(g, nxt, hidden_choices=False)
        assert world.hands[nxt] == g.hands[nxt]


def test_revealed_cards_stay_where_they_are():
    # Refined: after the reveal, A (10, 12) orders first; B's 20, 22 are face up
    g = Game(find_variant("refined"), 2, deal=Deal([[10, 12, 40, 41], [20, 22, 50, 51]], ROWS4), one_hand=True)
    g.act(0, [10, 12])
    g.act(1, [20, 22])
    assert g.decision(0).kind == "order"
    for seed in range(5):
        world = determinize(g.view(0), random.Random(seed))
        assert world.chosen == g.chosen == [[10, 12], [20, 22]]
        assert world.pending == g.pending  # an order decision is not a play: kept as it is
        assert Counter(world.hands[1] + world.undealt) == Counter(g.hands[1] + g.undealt)


def test_a_low_card_decision_is_kept_in_a_world():
    g = Game(Rules(), 2, deal=Deal([[3, 30], [20, 40]], ROWS4), one_hand=True)
    g.act(0, 3)
    g.act(1, 20)  # 3 is below every end: A chooses a row
    world = determinize(g.view(1), random.Random(0))
    assert world.pending == [TakeRowDecision(0, (0, 1, 2, 3), 1, 1, 3, 0)]


def drafted_logic_game() -> Game:
    """Logic, three seats, three cards each, two a turn (seed 5): drafted to its first play, each seat
    taking the first card it is offered."""
    rules = Rules(deck="tactics", dealing="draft", hand_size=3, cards_per_turn=2)
    g = Game(rules, 3, seed=5, one_hand=True)
    while g.pending and g.pending[0].kind == "draft":
        d = g.pending[0]
        g.act(d.seat, d.options[0])
    return g


def test_in_a_draft_every_hand_is_known():
    # Logic with two cards a turn: hands are known; only a hidden choice moves within its own seat
    g = drafted_logic_game()
    hands = [list(h) for h in g.hands]
    g.act(1, hands[1][:2])
    for seed in range(5):
        world = determinize(g.view(0), random.Random(seed))
        assert world.hands[0] == g.hands[0] and world.undealt == g.undealt
        assert world.hands[2] == g.hands[2] and world.chosen[2] is None  # seat 2 has not chosen: as it was
        assert Counter(world.hands[1] + world.chosen[1]) == Counter(hands[1])
        assert len(world.chosen[1]) == 2 and world.hands[1] == sorted(world.hands[1])
    assert any(determinize(g.view(0), random.Random(seed)).chosen[1] != hands[1][:2] for seed in range(20))
    own = determinize(g.view(1), random.Random(0))
    assert own.chosen[1] == hands[1][:2] and own.hands == g.hands
    g.act(0, g.hands[0][:2])
    g.act(2, g.hands[2][:2])  # revealed: the choices are face up now, the lowest card's owner orders
    assert [d.kind for d in g.pending] == ["order"]
    for seed in range(5):
        world = determinize(g.view(0), random.Random(seed))
        assert world.chosen == g.chosen and world.hands == g.hands


# ---- clone ---------------------------------------------------------------------------------------


def test_a_clone_without_record_has_no_log_and_plays_on_alike():
    g = Game(Rules(), 3, seed=11)
    c = g.clone()
    assert c.log == [] and g.log != []
    for seat in range(3):
        g.act(seat, g.hands[seat][0])
        c.act(seat, c.hands[seat][0])
    assert c.log == [] and (c.rows, c.hands, c.penalty) == (g.rows, g.hands, g.penalty)


def test_a_recording_clone_continues_the_same_log():
    g = Game(Rules(), 3, seed=11)
    g.act(0, g.hands[0][0])
    n = len(g.log)
    c = g.clone(record=True)
    assert [e.to_json() for e in c.log] == [e.to_json() for e in g.log] and len(c.log) == n
    for game in (g, c):
        for seat in (1, 2):
            game.act(seat, game.hands[seat][0])
    assert [e.to_json() for e in c.log] == [e.to_json() for e in g.log] and len(g.log) > n


def shake(c: Game) -> None:
    """Change every list the clone holds."""
    for name in ("rows", "hands", "piles", "chosen", "hand_scores", "by_selection", "sheets", "sheet_rows"):
        for inner in getattr(c, name):
            if isinstance(inner, list):
                inner.append(999)


def test_a_clone_shares_no_list_with_its_game():
    g = Game(Rules(), 3, seed=11)
    g.act(0, g.hands[0][0])  # a choice lies face down
    before = snapshot(g)
    c = g.clone()
    assert c.chosen == g.chosen and c.chosen[0] is not g.chosen[0]
    shake(c)
    assert snapshot(g) == before


def test_a_clone_after_a_hand_of_a_tournament():
    g = Game(find_variant("tournament"), 2, seed=4)
    while g.hand_no < 2:  # play the first hand with the first legal answer
        d = g.pending[0]
        g.act(d.seat, d.options[0])
    assert g.hand_scores and g.by_selection
    before = snapshot(g)
    c = g.clone()
    assert c.hand_scores == g.hand_scores and c.by_selection == g.by_selection
    shake(c)
    assert snapshot(g) == before and g.by_selection[0][-1] != 999 and g.hand_scores[0][-1] != 999
    c = g.clone()
    while not c.over:
        d = c.pending[0]
        c.act(d.seat, d.options[0])
    assert c.over and len(c.hand_scores) == 2


def test_shown_keeps_each_turn_s_cards_with_the_rows_they_were_laid_on():
    # what every seat saw this hand (search.read_seats reads it): turn 1 laid 11 and 21 on rows
    # 10/20/30/40; turn 2 laid 50 and 60 on the rows as turn 1 left them (11 after 10, 21 after 20)
    rows = [[10], [20], [30], [40]]
    for variant in ("base", "professional"):  # Professional: one hidden card each, the other path
        g = Game(find_variant(variant), 2, deal=Deal([[11, 50], [21, 60]], rows), one_hand=True)
        assert g.shown == ()
        g.act(0, 11)
        g.act(1, 21)
        assert g.shown == ((((10,), (20,), (30,), (40,)), (11, 21)),), variant
        g.act(0, 50)
        g.act(1, 60)
        assert g.shown[1] == (((10, 11), (20, 21), (30,), (40,)), (50, 60)), variant


# ---- a world from the information state alone ---------------------------------------------------------
PUBLIC = [n for n in State.__slots__ if n not in {  # what a world may hold otherwise than the game
    "hands", "chosen", "undealt", "pending", "rng", "seed", "names", "_raw", "_events", "_read", "_record", "_chance",
    "_deal"}]


@settings(max_examples=60, deadline=None)
@given(variant=st.sampled_from(list(VARIANTS)), players=st.integers(2, 5), seed=st.integers(0, 10**6),
       steps=st.integers(0, 60), draw=st.integers(0, 10**6))
def test_a_world_is_a_game_the_seat_cannot_tell_from_the_real_one(variant, players, seed, steps, draw):
    rules = VARIANTS[variant].but(match_end=ONE_HAND)
    g = Game(rules, players, seed=seed, record=False)
    bot = RandomBot(seed)
    for _ in range(steps):
        if not g.pending:
            break
        d = g.pending[-1]
        g.act(d.seat, bot.decide(d, g.view(d.seat)))
    assume(g.pending)
    seat = g.pending[draw % len(g.pending)].seat
    world = determinize(g.view(seat), random.Random(draw))
    assert world.view(seat) == g.view(seat)  # the seat sees the very same table, hand and questions
    for name in PUBLIC:  # and the engine stands at the very same place
        assert getattr(world, name) == getattr(g, name), name
    assert world.cards_in_play() == g.cards_in_play() == Counter(g.deck)  # the same cards, only re-dealt
    assert [len(h) for h in world.hands] == [len(h) for h in g.hands]
    assert [len(c or ()) for c in world.chosen] == [len(c or ()) for c in g.chosen]
    hand = world.hand_no
    while world.pending and world.hand_no == hand:  # and it plays on under the rules
        d = world.pending[0]
        world.act(d.seat, bot.decide(d, world.view(d.seat)))


# ---- unseen: exactly the cards the seat cannot see (mutation testing, 2026-12-07) -----------------------
def test_a_twin_waiting_in_the_turn_is_seen_as_well_as_its_twin_in_the_hand():
    # Twins (RULES.md §3.8: two decks, 208 cards), rows end 10, 20, 30, 40. A holds 5, 23, 50 and lays 50;
    # B holds 5, 61, 63 and C 23, 62, 64 (every hand the same size).
    # B lays 5 (below every end: B must choose a row, so 5 waits), C lays 23 (waits in the queue after 5).
    # A now sees both 5s (one in hand, one waiting) and both 23s, the four rows and its own 50: nine cards.
    # Unseen: 208 - 9 = 199, with no 5 and no 23; B's 61 is unseen twice (B's copy and the other deck's).
    g = Game(find_variant("twins"), 3, deal=Deal([[5, 23, 50], [5, 61, 63], [23, 62, 64]], [[10], [20], [30], [40]]),
             one_hand=True)
    g.act(0, 50)
    g.act(1, 5)
    g.act(2, 23)
    p = g.view(0).progress
    assert p.placing is not None and p.placing[:2] == (5, (1,)) and [c for c, _ in p.queue] == [23, 50]
    cards = unseen_by(g.view(0))
    assert len(cards) == 199 and 5 not in cards and 23 not in cards and cards.count(61) == 2
    assert cards.count(50) == 1 and cards.count(10) == 1  # the other decks' 50 and 10


def test_cards_taken_and_not_yet_split_are_seen_by_every_seat():
    # Hand (RULES.md §3.7, 104 cards): A lays 3, below every end, and takes row 1 (5, 6); until A splits
    # them between hand and pile they are face up for all. B sees its 14 cards, the rows 3, 15, 25, 35 and
    # the taken 5, 6: 20 cards; 84 unseen, among them A's 40 but not 5 or 6.
    g = Game(find_variant("hand").but(hand_limit=14), 2,
             deal=Deal([[3, *range(40, 53)], list(range(60, 74))], [[5, 6], [15], [25], [35]]), one_hand=True)
    g.act(0, 3)
    g.act(0, 0)
    assert g.decision(0).kind == "split"
    cards = unseen_by(g.view(1))
    assert len(cards) == 84 and 5 not in cards and 6 not in cards and 40 in cards and 3 not in cards


def test_in_a_draft_only_the_hands_of_seats_that_laid_face_down_are_unseen():
    # Logic (RULES.md §3.2): every drafted hand is face up. Once B has laid two cards face down, A cannot
    # tell which of B's cards are laid: B's whole hand is unseen to A, and C's (not laid yet) is not.
    # B itself knows its own cards: nothing is unseen to B.
    g = drafted_logic_game()
    before = [list(h) for h in g.hands]
    g.act(1, before[1][:2])
    assert unseen_by(g.view(0)) == unseen_by(g.view(2)) == sorted(before[1])
    assert unseen_by(g.view(1)) == []

