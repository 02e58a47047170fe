"""The bots and the Coach's engine: levels named for people, honest estimates, a forced move's cost,
and the expert bot beating the cautious bot on the same deals."""

from __future__ import annotations

import math
import random
from math import comb

import pytest

from sixnimmt_core import Deal, Game, ImpossibleSetup, Rules, advance, find_variant
from sixnimmt_core.engine.rules import ONE_HAND
from sixnimmt_core.players.bots import (
    CautiousBot,
    Estimate,
    ExpertBot,
    LookaheadBot,
    RandomBot,
    coach_bot,
    make_bot,
    make_bots,
)
from sixnimmt_core.players.search import (
    Z95,
    Reading,
    card_risk,
    cautious_rank,
    mean_se,
    read_seats,
    read_world,
    sure_cost,
    unseen_cards,
)
from sixnimmt_core.players.search import (
    cost as search_cost,
)

# Two players, one card each. Player A's 40 comes after row 2's fifth card, 39; no other card can lie
# between 39 and 40, and none below row 1's end, 1: whatever B plays, A's 40 is the sixth card and
# takes row 2: 35 (2 heads, a multiple of 5) + 36, 37, 38, 39 (1 head each) = 6 heads.
SIXTH_ROWS = [[1], [35, 36, 37, 38, 39], [60], [80]]
SIXTH_HEADS = 6

# A's only card, 2, is below every row end (10, 4, 55, 50) and 1 is on the table, so A's card is
# laid first whatever B plays, and A takes a row: the cheapest is row 2, 3 and 4 (1 + 1 = 2 heads);
# row 1 is 1 + 10 (1 + 3 = 4), row 3 is 55 (7), row 4 is 44 + 50 (5 + 3 = 8).
LOW_ROWS = [[1, 10], [3, 4], [55], [44, 50]]
LOW_HEADS = 2


def _forced(card: int, rows: list[list[int]]) -> Game:
    return Game(Rules(), 2, deal=Deal([[card], [70]], rows), one_hand=True)


@pytest.mark.parametrize(("card", "rows", "cost"), [(40, SIXTH_ROWS, SIXTH_HEADS), (2, LOW_ROWS, LOW_HEADS)])
def test_a_forced_card_says_what_it_surely_costs(card, rows, cost):
    g = _forced(card, rows)
    d, view = g.pending[0], g.view(0)
    assert d.options == (card,)
    assert sure_cost(card, view, unseen_cards(view)) == cost
    (e,) = ExpertBot(1, samples=6).evaluate(d, view)
    assert e.action == card and e.forced and e.sure == cost
    assert e.expected == cost and e.se == 0.0 and e.samples >= 1  # the last card: this turn is the hand
    # the old look-ahead said 0.0 for any single option (issue 14's "Play 18 · ≈0.0" took a row)
    (old,) = LookaheadBot(1, samples=6).evaluate(d, view)
    assert old.expected == 0.0


def test_the_coach_badges_a_forced_card_with_its_cost_not_zero():
    from sixnimmt_core.widgets.play import PlayTable

    t = PlayTable(deal=Deal([[40], [70]], SIXTH_ROWS), seed=1, coach=True, players=2)
    assert t.badges == {40: "only card · 6 heads"}
    assert "≈0.0" not in t.choice_buttons[0].description
    assert "it costs you 6 heads this turn" in t.coach_view.value
    cs = PlayTable(deal=Deal([[40], [70]], SIXTH_ROWS), seed=1, coach=True, players=2, lang="cs")
    assert cs.badges == {40: "jediná karta · 6 hlav"}


def test_a_card_whose_row_others_can_still_change_is_not_sure():
    # 45 goes after 39 as the sixth card only if nobody lays 40 … 44 first: not decided yet
    g = _forced(45, SIXTH_ROWS)
    view = g.view(0)
    unseen = unseen_cards(view)
    assert 41 in unseen and sure_cost(45, view, unseen) is None
    (e,) = ExpertBot(1, samples=30).evaluate(g.pending[0], view)
    assert e.forced and e.sure is None
    assert 0 < e.expected < SIXTH_HEADS + 1  # B's 70 is known to A only as "a card A cannot see"


def test_mean_and_standard_error_by_hand():
    # 1, 2, 3, 4: mean 2.5; sample variance (2.25 + 0.25 + 0.25 + 2.25) / 3 = 5/3; se = sqrt(5/12)
    m, se = mean_se([1, 2, 3, 4])
    assert m == 2.5 and se == pytest.approx((5 / 12) ** 0.5)
    assert mean_se([7]) == (7, 0.0) and mean_se([3, 3, 3]) == (3, 0.0)
    e = Estimate(5, 3.0, 0.0, 0.0, 10, se=0.5)
    assert e.margin == pytest.approx(Z95 * 0.5)


def test_estimates_carry_their_uncertainty_and_it_shrinks_with_more_deals():
    g = Game(find_variant("base"), 4, seed=3, one_hand=True)
    d, view = g.pending[0], g.view(0)
    few = {e.action: e for e in ExpertBot(5, samples=8, min_samples=8).evaluate(d, view)}  # every card, every deal
    many = {e.action: e for e in ExpertBot(5, samples=32).evaluate(d, view)}
    assert set(few) == set(many) == set(d.options)
    assert all(e.samples == 8 and e.se > 0 for e in few.values())  # the first turn: deals differ
    # a third of the deals (32 // 3 = 10) for every card first; the rest only for the cards still close
    assert {e.samples for e in many.values()} <= {10, 32}
    full = [a for a, e in many.items() if e.samples == 32]
    assert len(full) >= 2
    # the standard error falls about as 1/sqrt(n): 4× the deals, about half the error (loosely)
    ratio = sum(many[a].se for a in full) / sum(few[a].se for a in full)
    assert 0.3 < ratio < 0.8
    est = ExpertBot(5, samples=32).evaluate(d, view)
    assert est[0].apart and est[0].samples == 32  # the advised answer first, on every deal
    assert all(e.expected >= 0 and e.margin >= 0 for e in est)


def test_levels_are_named_for_people_and_the_old_names_still_work():
    assert type(make_bot("beginner")) is RandomBot
    assert type(make_bot("careful")) is CautiousBot
    assert type(make_bot("expert")) is ExpertBot
    assert type(make_bot(" Expert ")) is ExpertBot
    assert [type(make_bot(n)) for n in ("random", "cautious", "lookahead")] == [RandomBot, CautiousBot, LookaheadBot]
    assert [type(b) for b in make_bots(["careful", "beginner"], 3, 1)] == [CautiousBot, RandomBot, RandomBot]
    with pytest.raises(ImpossibleSetup) as info:
        make_bot("grandmaster")
    assert "beginner" in str(info.value) and "expert" in str(info.value)


def test_the_play_menu_offers_the_levels():
    from sixnimmt_core.widgets.play import OPPONENTS, GameLauncher

    launcher = GameLauncher(seed=1, coach=False)
    labels = dict((v, k) for k, v in launcher.opponents.options)
    assert labels == {"Mixed": "Mixed", "Easy": "Beginners", "Cautious": "Careful", "Strong": "Experts"}
    assert OPPONENTS["Strong"] == ("expert",)
    launcher.opponents.value = "Strong"
    assert [type(a).__name__ for a in launcher.table.agents[1:]] == ["ExpertBot"] * 3


def _hand(seed: int, seat: int, test: object, opponents: str) -> int:
    g = Game(find_variant("base").but(match_end=ONE_HAND), 4, seed=seed, record=False)
    agents = [make_bot(opponents, seed * 10 + s + 1) for s in range(4)]
    agents[seat] = test
    advance(g, agents)
    return g.hand_scores[0][seat]


def test_the_expert_bot_beats_the_cautious_bot_on_the_same_deals():
    # Seeded, paired: each deal is played twice, once with the expert in a seat and once with the
    # cautious bot in the same seat, among the same three cautious bots. Everything is seeded (no
    # time budget), so the result is the same on every run. Measured beforehand on these 8 deals:
    # the expert took 19 heads fewer in all (per deal -1, -23, 0, +12, 0, 0, -2, -5); the test asks
    # for fewer at all, and for more deals won than lost.
    diffs = []
    for seed in range(8):
        seat = seed % 4
        expert = _hand(seed, seat, ExpertBot(seed, samples=16), "cautious")
        cautious = _hand(seed, seat, CautiousBot(seed), "cautious")
        diffs.append(expert - cautious)
    assert sum(diffs) < 0
    assert sum(x < 0 for x in diffs) > sum(x > 0 for x in diffs)


# Reading the other seats from their cards (search.read_seats). Rows: 5 6 7 8 9 (full: 2 + 1 + 1 + 1 + 1
# = 6 heads), 50, 70, 90. Turn 1: A lays 71 (onto 70), B lays 10 (the sixth card on 9: it takes the
# row), C lays 91 (onto 90, a gap of 1), D lays 92. The cautious bot's quick risk (search.card_risk): a
# sixth card counts the row + 0.5 = 6.5, so every card from 10 to 49 has risk 6.5 and the lower card
# ranks first; 91 onto a one-card row with a gap of 1 costs (1/5)³ · 1/20 · (3 + 1) + 1/1000 = 0.0026,
# and only 51 (onto 50) and 71 (onto 70) tie with it, lower, so they rank before it.
READ_ROWS = [[5, 6, 7, 8, 9], [50], [70], [90]]
READ_A = [71, 73, 74, 76, 77, 78, 79, 81, 82, 83]
READ_C = [91, 93, 94, 95, 96, 97, 98, 99, 100, 101]
READ_D = [92, 102, 103, 104, 84, 85, 86, 87, 88, 89]
# At turn 2 A cannot see 104 − 9 (its hand) − 8 (the rows dealt) − 4 (the cards laid) = 83 cards.
READ_HIDDEN = 83


def _read_game(b_hand: list[int], turns: list[list[int]]) -> Game:
    g = Game(Rules(), 4, deal=Deal([READ_A, b_hand, READ_C, READ_D], READ_ROWS), one_hand=True, record=False)
    for cards in turns:
        for seat, card in enumerate(cards):
            g.act(seat, card)
    return g


def _careful(allowed: int, hidden: int, unknown: int, hand_sizes: list[int], prior: float = 0.5) -> float:
    """Bayes by hand: a careful seat's unknown cards all come from the allowed ones (a share of all the
    ways to hold them), a careless seat laid each of its cards with chance 1 / the cards in its hand."""
    careful = comb(allowed, unknown) / comb(hidden, unknown)
    careless = 1.0
    for n in hand_sizes:
        careless /= n
    return prior * careful / (prior * careful + (1 - prior) * careless)


def test_a_seats_laid_cards_say_which_cards_a_careful_player_still_holds():
    g = _read_game(list(range(10, 20)), [[71, 10, 91, 92]])
    hidden = unseen_cards(g.view(0))
    assert len(hidden) == READ_HIDDEN
    b, c = read_seats(g.view(0), hidden, 0.5)[1:3]
    # B laid 10, a sixth card: careful, it held only other sixth cards, higher: 11 … 49 (39 cards, all hidden)
    assert b.allowed == frozenset(range(11, 50))
    assert b.careful == pytest.approx(_careful(39, READ_HIDDEN, 9, [10]))
    assert b.careful < 0.02  # a cautious player lays a sixth card only when it holds nothing safer
    # C laid the safest card there was: only 51 could have been safer (71 is A's, laid): 82 cards fit
    assert c.allowed == frozenset(hidden) - {51}
    assert c.careful == pytest.approx(_careful(82, READ_HIDDEN, 9, [10]))
    assert c.careful > 0.85


def test_a_card_laid_after_a_safer_one_was_held_reads_as_careless():
    # B holds 55 (onto 50: safe) yet lays the sixth card 10 first: no cautious player does that
    g = _read_game([10, 55, *range(11, 19)], [[71, 10, 91, 92], [73, 55, 93, 102]])
    reading = read_seats(g.view(0), unseen_cards(g.view(0)), 0.5)
    assert reading[1] == Reading(0.0, None)
    # C laid 91, then 93 onto 90 91 92 (3 cards, 5 heads: (3/5)³ · 1/20 · (5 + 1) + 1/1000 = 0.0658): still
    # possibly careful, but then it held no 11, which went onto row 1's 10 for (1/5)³ · 1/20 · (3 + 5)
    # + 1/1000 = 0.0042, nor 72, onto 70 71 for (2/5)³ · 1/20 · (4 + 1) + 1/1000 = 0.017: few hands lack them
    assert 0 < reading[2].careful < 0.5
    assert 11 not in reading[2].allowed and 72 not in reading[2].allowed and 94 in reading[2].allowed


def test_a_world_deals_a_careful_seat_only_cards_its_laid_cards_allow():
    g = _read_game(list(range(10, 20)), [[71, 10, 91, 92]])
    view = g.view(0)
    reading = read_seats(view, unseen_cards(view), 0.5)
    drawn = 0
    for seed in range(40):
        world, careful = read_world(view, random.Random(seed), reading)
        assert sorted(world.hands[0]) == sorted(g.hands[0])  # A's own hand is never re-dealt
        hidden = sorted(world.undealt + world.hands[1] + world.hands[2] + world.hands[3])
        assert hidden == sorted(unseen_cards(view))  # the same cards, only re-dealt
        for seat in (1, 2):
            if careful[seat]:
                drawn += 1
                assert set(world.hands[seat]) <= reading[seat].allowed
    assert drawn > 20  # C is drawn careful about 9 times in 10


@pytest.mark.parametrize(("variant", "read"), [("base", True), ("logic", True), ("professional", True),
                                               ("twins", False), ("refined", False), ("open", False), ("hand", False)])
def test_seats_are_read_where_each_lays_one_hidden_card_of_a_single_deck(variant, read):
    # Among cautious bots every laid card fits the cautious reading: no seat is ever read as careless.
    # Twins (two of each card), Refined (two cards a turn), Open (laid face up in turn) and Hand (laid
    # and placed at once) are not read: their seats stay the cautious bot, now and then careless.
    g = Game(find_variant(variant).but(match_end=ONE_HAND), 4, seed=5, record=False)
    bots = make_bots(["cautious"], 4, 5)
    while g.pending and g.turn < 4:
        d = g.pending[0]
        g.act(d.seat, bots[d.seat].decide(d, g.view(d.seat)))
    view = g.view(0)
    readings = read_seats(view, unseen_cards(view), 0.5)
    assert readings[0] is None
    if read:
        assert len(g.shown) == 3 and all(r is not None and r.careful > 0 for r in readings[1:])
    else:
        assert readings == [None] * 4


def test_a_draft_pick_is_the_cautious_rule_s_for_the_expert_and_the_coach():
    # Logic: the cards lie face up and seat 0 picks first. The cautious rule takes the card with the
    # fewest heads, then the one nearest the middle (44 cards laid out: 44 // 2 = 22), then the lower.
    # 22 is a multiple of 11 (5 heads); of the 1-head cards (neither a multiple of 5 nor of 11) 21 and
    # 23 are 1 away from 22: the lower, 21.
    g = Game(find_variant("logic"), 4, seed=1, one_hand=True)
    d = g.pending[0]
    assert d.kind == "draft" and sorted(d.options) == list(range(1, 45))
    rule = CautiousBot(0).decide(d, g.view(0))
    assert rule == 21
    assert ExpertBot(1, samples=4).decide(d, g.view(0)) == rule
    advice = coach_bot(1, g.rules, type(d), budget=None).evaluate(d, g.view(0))
    assert advice[0].action == rule and {e.action for e in advice} == set(d.options)


def test_the_quick_cautious_order_is_the_cautious_bot_s_risk():
    # search.cautious_rank recomputes card_risk's formula once per table for the play-outs; on plain
    # rows (one-sided, one deck) both must rank every card alike, or the reading of seats and the
    # play-outs would model a player other than the cautious bot.
    rng = random.Random(7)
    for _ in range(200):
        deck = list(range(1, 105))
        rng.shuffle(deck)
        rows = [sorted(deck[i * 5:i * 5 + rng.randint(1, 5)]) for i in range(4)]
        on_table = {c for r in rows for c in r}
        rank = cautious_rank(rows)
        for card in (c for c in range(1, 105) if c not in on_table):
            assert rank(card) == pytest.approx((card_risk(card, rows), card)), (rows, card)


def _recorded_positions(variant: str, n: int) -> list[tuple[Game, object]]:
    """Seat 0's decisions with a choice in seeded games of cautious players (4 seats, one hand)."""
    out = []
    seed = 0
    while len(out) < n:
        g = Game(find_variant(variant), 4, seed=seed, one_hand=True, record=False)
        bots = make_bots(["cautious"], 4, seed)
        stop = seed % 7
        while g.pending:
            d = g.pending[0]
            if d.seat == 0 and g.turn >= stop and len(d.options) > 1:
                out.append((g, d))
                break
            g.act(d.seat, bots[d.seat].decide(d, g.view(d.seat)))
        seed += 1
    return out


@pytest.mark.parametrize("variant", ["base", "professional", "open", "refined", "twins", "hand"])
def test_the_coach_advises_its_lowest_estimate_and_groups_what_the_deals_cannot_separate(variant):
    for i, (g, d) in enumerate(_recorded_positions(variant, 4)):
        est = coach_bot(i, g.rules, type(d), samples=16, budget=None).evaluate(d, g.view(0))
        shown = [e.expected for e in est]
        assert shown == sorted(shown), (variant, i)  # the advice first, every other answer no cheaper
        assert est[0].apart  # the advice itself
        equals = [not e.apart for e in est[1:]]  # its equals come first, right after it: a run from the top
        assert equals == sorted(equals, reverse=True), (variant, i)
        for e in est[1:]:  # "about the same" as the advice: within the margin, or within a quarter head
            if not e.apart:
                assert e.expected - est[0].expected <= max(0.25, 3 * (e.margin + est[0].margin)), (variant, i)


@pytest.mark.parametrize(("spread", "apart"), [(2.261, False), (1.421, True)])
def test_the_coach_shows_an_answer_apart_only_beyond_two_looks_margin(spread, apart):
    # Two answers on the same 100 deals: the second costs 0.5 + spread and 0.5 − spread heads more, deal by
    # deal in turn, so on average 0.5 heads more (beyond the quarter head of COACH_SAME), with a standard
    # error of spread / √99 (sample variance spread² · 100/99, over 100 deals). spread 2.261: 0.5 is 2.2
    # standard errors, beyond one look's 1.96 but not 1.96 · √2 = 2.77 — a second look on other deals
    # could well call it the cheaper, so the Coach shows it as about the same; spread 1.421: 3.5, apart.
    from sixnimmt_core.players.bots import COACH_APART_Z, coach_bot

    assert abs(COACH_APART_Z - 2.772) < 0.001
    g = Game(find_variant("base"), 4, seed=3, one_hand=True)
    d = g.pending[0]
    bot = coach_bot(1, g.rules, type(d), samples=100, budget=None)
    a, b = d.options[:2]
    bot.candidates = lambda d, view: [a, b]
    extra = [0.5 + spread, 0.5 - spread] * 50
    bot._search = lambda *args: ([[1.0] * 100, [1.0 + x for x in extra]], [[0.0] * 100, [0.0] * 100])
    est = bot.evaluate(d, g.view(0))
    assert [e.action for e in est] == [a, b] and abs(est[1].expected - 1.5) < 1e-9
    assert est[1].apart is apart


def test_a_play_out_past_its_hand_counts_that_hand_and_not_the_next_deal():
    """Hand variant, a match going on: once the first hand has ended, a play-out that started in it costs
    that hand's score sheet, not the next hand's dealt cards as well (held cards count twice there)."""
    g = Game(find_variant("hand"), 4, seed=5, record=False)
    bots = make_bots(["cautious"], 4, 5)
    while g.pending and g.hand_no == 1:
        d = g.pending[0]
        g.act(d.seat, bots[d.seat].decide(d, g.view(d.seat)))
    assert g.hand_no == 2 and not g.over and all(g.hands)  # the next hand is dealt
    assert [search_cost(g, s, 1) for s in range(4)] == g.hand_scores[0]
    assert [search_cost(g, s) for s in range(4)] != g.hand_scores[0]  # counted in the new hand, they differ


@pytest.mark.parametrize("variant", ["base", "twins", "hand"])
def test_every_star_badge_reads_no_more_heads_than_every_other_on_recorded_positions(variant):
    from sixnimmt_core.teaching.playflow import coach_badges

    rules = find_variant(variant)
    for i, (g, d) in enumerate(_recorded_positions(variant, 4)):
        est = coach_bot(i, g.rules, type(d), samples=16, budget=None).evaluate(d, g.view(0))
        badge = coach_badges(d, est, rules)[0]
        star = [float(b.split("≈")[1]) for b in badge.values() if b.startswith("★")]
        plain = [float(b.split("≈")[1]) for b in badge.values() if not b.startswith("★")]
        assert not plain or max(star) <= min(plain), (variant, i, badge)
        assert not plain or max(star) < min(plain) or any("." in b for b in badge.values()), (variant, i, badge)


# ---- the search's parts by hand (mutation testing, 2026-12-07) ------------------------------------------
# Rows end 2, 30, 60, 80; row 2 is 10, 20, 30 (3 heads each, multiples of 10). A's 35 goes after 30, the
# highest end below it, as that row's fourth card: no take.
FOURTH_ROWS = [[2], [10, 20, 30], [60], [80]]


def test_a_card_sure_of_its_row_costs_nothing_unless_it_is_the_sixth():
    # The cards A cannot see (given here by hand) are 25 and 70: 25 is below 30 and goes elsewhere, 70
    # after 60; neither can come between 30 and 35, and neither is below 2. So 35 surely costs 0.
    view = Game(Rules(), 2, deal=Deal([[35, 90], [70, 91]], FOURTH_ROWS), one_hand=True).view(0)
    assert sure_cost(35, view, [25, 70]) == 0
    assert sure_cost(35, view, [25, 33, 70]) is None  # 33, laid first, would lie between 30 and 35
    assert sure_cost(35, view, [1, 70]) is None  # 1 is below every end: it may take row 2 first


@pytest.mark.parametrize("variant", ["professional", "open", "refined", "twins"])
def test_no_sure_cost_where_the_table_alone_does_not_decide(variant):
    # Two-sided rows, cards laid face up one after another, two cards a turn, twins: the reckoning above
    # does not hold there, so the same table and the same unseen cards give no sure cost.
    view = Game(find_variant(variant), 2, deal=Deal([[35, 90], [70, 91]], FOURTH_ROWS), one_hand=True).view(0)
    assert sure_cost(35, view, [25, 70]) is None


def test_the_number_of_ways_to_choose_k_of_n_cards_by_hand():
    from sixnimmt_core.players.search import _log_choose

    assert _log_choose(5, 2) == pytest.approx(math.log(10))  # 5 · 4 / 2
    assert _log_choose(4, 0) == pytest.approx(0.0) and _log_choose(4, 4) == pytest.approx(0.0)  # one way
    assert _log_choose(3, 5) == -math.inf and _log_choose(3, -1) == -math.inf  # no way


class _Says:
    def __init__(self, answer: str) -> None:
        self.answer = answer

    def decide(self, d, view):
        return self.answer


def test_a_noisy_seat_is_careless_about_as_often_as_its_noise():
    from sixnimmt_core.players.search import Noisy

    # noise 0.25: of 400 decisions about 100 careless (binomial: standard deviation sqrt(400·0.25·0.75) ≈ 8.7)
    seat = Noisy(_Says("careful"), _Says("careless"), 0.25, random.Random(1))
    careless = sum(seat.decide(None, None) == "careless" for _ in range(400))
    assert 100 - 4 * 9 < careless < 100 + 4 * 9
    quiet = Noisy(_Says("careful"), _Says("careless"), 0.0, random.Random(1))
    assert {quiet.decide(None, None) for _ in range(50)} == {"careful"}


def test_the_quick_cautious_model_lays_the_safe_card_not_the_lowest():
    from sixnimmt_core.players.search import QuickCautious

    # Rows end 1, 39, 60, 80; row 2 holds five cards: A's 40 would be its sixth (takes 6 heads), A's 61 goes
    # after 60 as that row's second card. The cautious choice is 61, though 40 is lower.
    g = Game(Rules(), 2, deal=Deal([[40, 61], [90, 91]], SIXTH_ROWS), one_hand=True)
    assert QuickCautious(CautiousBot(1)).decide(g.pending[0], g.view(0)) == 61
