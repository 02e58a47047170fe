"""The fast play-out core (sixnimmt_core/players/playout.py) against the engine, and its rules by hand.

The equivalence test compares two implementations of the same rules: on random positions of every
variant the core plays, the engine plays the rest of the hand with random answers; the core is given
the very same answers and must end with the same rows, the same takes (seat, row, heads) in the same
order and the same heads per seat. The hand-made tables below take their expected values from
RULES.md §2 (rules 1–4) and §3.4 (Professional).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from sixnimmt_core import Game, find_variant
from sixnimmt_core.engine.decisions import (
    DraftDecision,
    OrderDecision,
    PlayDecision,
    SplitDecision,
    SpotDecision,
    TakeRowDecision,
)
from sixnimmt_core.engine.events import HandEnded, Took
from sixnimmt_core.engine.options import HandEnd, Twins
from sixnimmt_core.engine.rules import VARIANTS
from sixnimmt_core.engine.table import Side, Spot
from sixnimmt_core.players.bots import RandomBot
from sixnimmt_core.players.playout import (
    Draws,
    Hand,
    Mixed,
    Scripted,
    Start,
    answerable,
    cautious_key,
    order_cost,
    place,
    play_out,
    play_turns,
    supports,
)
from sixnimmt_core.players.search import card_risk

COVERED = ("base", "tactics", "logic", "tournament", "professional", "open", "refined", "twins")
POSITIONS = 2000  # random positions per variant


def test_the_core_covers_every_variant_but_hand_and_leaves_drafts_to_the_engine():
    assert [v for v in VARIANTS if supports(VARIANTS[v])] == list(COVERED)
    assert answerable(OrderDecision, VARIANTS["refined"]) and not answerable(DraftDecision, VARIANTS["logic"])
    assert not answerable(PlayDecision, VARIANTS["hand"]) and not answerable(SplitDecision, VARIANTS["hand"])
    assert answerable(TakeRowDecision, VARIANTS["base"]) and answerable(SpotDecision, VARIANTS["professional"])


def test_rule_sets_of_other_ways_of_laying_are_left_to_their_own_core_or_the_engine():
    # cards laid and placed at once (Hand's way) with the base game's taking and ending: handloop.py's way
    # of laying, not this core's; Refined's two cards laid face up in seat order: this core lays pairs hidden
    at_once = replace(VARIANTS["hand"], keep_taken=False, hand_end=HandEnd.CARDS_OUT, hand_cards_double=False,
                      cards_per_turn=1)
    open_pairs = replace(VARIANTS["open"], cards_per_turn=2, hand_size=14)
    twin_pairs = replace(VARIANTS["refined"], twins=Twins.DOUBLE)  # Refined's pairs from two decks
    assert not supports(at_once) and not supports(open_pairs) and not supports(twin_pairs)


def _position(variant: str, seed: int) -> tuple[Game, object]:
    """A random position: a one-hand game of random players (2–6) stopped at a random decision of its
    first hand that the core answers; (the game, that decision)."""
    rng = random.Random(seed)
    rules = find_variant(variant) if isinstance(variant, str) else variant
    players = rng.randint(2, min(rules.max_players, 6))
    stop = rng.randint(0, 12 * players)
    while True:
        g = Game(rules, players, seed=seed, one_hand=True)
        bots = [RandomBot(seed * 10 + s) for s in range(players)]
        pick = random.Random(seed)
        steps = 0
        while g.pending and g.hand_no == 1:
            d = g.pending[pick.randrange(len(g.pending))]
            if steps >= stop and answerable(type(d), rules):
                return g, d
            g.act(d.seat, bots[d.seat].decide(d, g.view(d.seat)))
            steps += 1
        stop = rng.randint(0, steps - 1)  # the hand ended first: stop earlier


def _compare(variant: str, seed: int) -> None:
    g, d = _position(variant, seed)
    hand = Hand(g)
    rng = random.Random(seed + 1)
    if isinstance(d, PlayDecision) and d.max_count > 1:  # Refined: two cards
        first = RandomBot(seed + 1).decide(d, g.view(d.seat))
    else:
        first = rng.randrange(4) if isinstance(d, TakeRowDecision) else d.options[rng.randrange(len(d.options))]
    start = len(g.log)
    bots = [RandomBot(seed * 7 + s) for s in range(g.players)]
    cards: dict[int, list[int]] = {s: [] for s in range(g.players)}
    rows: dict[int, list[int]] = {s: [] for s in range(g.players)}
    spots: dict[int, list] = {s: [] for s in range(g.players)}
    orders: dict[int, list] = {s: [] for s in range(g.players)}
    hand_no = g.hand_no
    g.act(d.seat, first)
    while g.pending and g.hand_no == hand_no and not g.over:
        e = g.pending[0]
        a = bots[e.seat].decide(e, g.view(e.seat))
        if isinstance(e, PlayDecision):
            cards[e.seat].append(a)
        elif isinstance(e, TakeRowDecision):
            rows[e.seat].append(a)
        elif isinstance(e, SpotDecision):
            spots[e.seat].append((a.row, a.side))
        elif isinstance(e, OrderDecision):
            orders[e.seat].append(tuple(a))
        g.act(e.seat, a)
    events = g.log[start:]
    ended = next(e for e in events if isinstance(e, HandEnded))
    events = events[:events.index(ended)]
    want_takes = [(e.seat, e.row, e.heads) for e in events if isinstance(e, Took)]
    takes: list = []
    script = Scripted(cards, rows, spots, orders)
    hand.answer(type(d), d.seat, first, script, takes)
    play_turns(hand.rows, hand.hands, hand.pen, hand.two_sided, script, 99, takes, hand.twins, hand.pairs)
    where = f"{variant} seed {seed}"
    assert takes == want_takes, where
    assert hand.pen == ended.scores, where
    assert all(not h for h in hand.hands), where
    if g.over:  # the table stays as the hand left it (a Tournament deals on)
        assert hand.rows == g.rows, where


@pytest.mark.parametrize("variant", COVERED)
def test_the_same_answers_give_the_same_rows_takes_and_heads_as_the_engine(variant):
    for seed in range(POSITIONS):
        _compare(variant, seed)


REFINED_PRO = replace(VARIANTS["refined"], name="refined", two_sided=True)  # a combination RULES.md §4 allows


def test_refined_on_two_sided_rows_too():
    assert supports(REFINED_PRO)
    for seed in range(POSITIONS // 4):
        _compare(REFINED_PRO, seed)


# ---- by hand: RULES.md §2 and §3.4 ----------------------------------------------------------


class Always:
    """A policy that takes row ``row`` and the first tied place."""

    def __init__(self, row: int = 0) -> None:
        self.r = row

    def row(self, seat, rows, card):
        return self.r

    def spot(self, seat, near, rows, card):
        return near[0]


def test_rules_one_to_four_by_hand():
    rows = [[8], [24, 25, 26, 27, 28], [69], [81]]
    pen = [0, 0]
    place(rows, 29, 0, pen, False, Always())  # rule 3: the sixth card of row 2 takes it (1+2+1+1+1 heads)
    assert rows[1] == [29] and pen == [6, 0]
    place(rows, 70, 1, pen, False, Always())  # rules 1, 2: after 69, the closest lower end
    assert rows[2] == [69, 70] and pen == [6, 0]
    place(rows, 3, 1, pen, False, Always(3))  # rule 4: below every end, takes the row its player names (81: 1 head)
    assert rows[3] == [3] and pen == [6, 1]


def test_professional_both_ends_by_hand():
    rows = [[21, 34, 61], [58, 63, 77], [9, 70, 88, 96], [45, 102]]
    pen = [0]
    # no right end below 59 and no left end above it: it fits nowhere and takes a row (45: 2 heads, 102: 1)
    place(rows, 59, 0, pen, True, Always(3))
    assert rows[3] == [59] and pen == [3]
    place(rows, 60, 0, pen, True, Always())  # 59 is 1 below: after it, on the right of row 4
    assert rows[3] == [59, 60] and pen == [3]


def test_professional_left_end_tie_and_nowhere_by_hand():
    rows = [[30, 40], [50], [60, 70, 80, 90, 100], [104]]
    pen = [0, 0]
    place(rows, 29, 0, pen, True, Always())  # 30 is 1 above: the left end of row 1
    assert rows[0] == [29, 30, 40]
    place(rows, 55, 1, pen, True, Always())  # 50 (5 below) and 60 (5 above) tie: its player picks the first
    assert rows[1] == [50, 55] and pen == [0, 0]
    place(rows, 59, 1, pen, True, Always())  # 60 is 1 above, the row holds 5: the sixth card takes it
    assert rows[2] == [59] and pen == [0, 3 + 3 + 3 + 3 + 3]


def test_a_twin_is_laid_on_its_twin_at_either_end_by_hand():
    # RULES.md, Twins: "a card that is the twin of a row's end card is laid on that card (the row does
    # not grow)" — at the right end; two-sided rows (Twins with Professional) have two ends, the left one too
    rows = [[5, 10], [30, 31, 32, 33, 34], [50], [70]]
    pen = [0]
    place(rows, 10, 0, pen, False, Always())
    assert rows == [[5, 10, 10], [30, 31, 32, 33, 34], [50], [70]] and pen == [0]
    place(rows, 34, 0, pen, False, Always())  # on a row of five: a twin is not a sixth card, nothing taken
    assert rows[1] == [30, 31, 32, 33, 34, 34] and pen == [0]
    rows = [[20, 25], [40], [60], [80]]
    place(rows, 20, 0, pen, True, Always())
    assert rows == [[20, 20, 25], [40], [60], [80]] and pen == [0]


def test_the_cautious_order_is_the_cautious_bots():
    rng = random.Random(5)
    for two in (False, True):
        for _ in range(300):
            cards = rng.sample(range(1, 105), 20 + 10)
            rows = [sorted(cards[5 * i:5 * i + rng.randint(1, 5)]) for i in range(4)]
            hand = cards[20:]
            key = cautious_key(rows, two)
            assert min(hand, key=key) == min(hand, key=lambda c: (card_risk(c, rows, two), c))
            if two:  # the search's inlined pick on two-sided rows (hands are kept sorted)
                assert Mixed([0.0], rng, True).cards([sorted(hand)], rows, [0]) == [min(hand, key=key)]


def test_play_out_leaves_the_game_as_it_was_and_counts_heads_from_now():
    g = Game(find_variant("base"), 4, seed=3, one_hand=True)
    d = g.pending[0]
    before = ([list(r) for r in g.rows], [list(h) for h in g.hands], list(g.penalty))
    now, total = play_out(g, 0, PlayDecision, d.options[0], Mixed([0.0] * 4, random.Random(1), False), 10)
    assert ([list(r) for r in g.rows], [list(h) for h in g.hands], list(g.penalty)) == before
    assert 0 <= now <= total


class Generic(Mixed):
    """``Mixed`` through the general loop (``play_turns`` inlines only ``Mixed`` itself)."""


@pytest.mark.parametrize("variant", ["base", "tactics", "open"])
def test_the_inlined_search_loop_equals_the_general_one(variant):
    for seed in range(300):
        g, d = _position(variant, seed)
        if not isinstance(d, PlayDecision):
            continue
        noise = [0.0] + [0.5] * (g.players - 1)
        a = play_out(g, d.seat, PlayDecision, d.options[0], Mixed(noise, random.Random(seed), False), 99)
        b = play_out(g, d.seat, PlayDecision, d.options[0], Generic(noise, random.Random(seed), False), 99)
        assert a == b, seed


@pytest.mark.parametrize("variant", ["base", "tactics", "open", "professional", "twins", "refined", REFINED_PRO])
def test_the_searchs_start_plays_each_answer_as_play_out_does(variant):
    # Start picks the others' cards of this turn once per deal and keeps plain rows compact; every answer
    # played from it must equal play_out through the general loop on the same draws (enough of them: at
    # most two a seat and turn for its card, two for each row it takes as a low card). The other decisions
    # (a row, a tied place, Refined's order) are played out from Start alike.
    for seed in range(200):
        g, d = _position(variant, seed)
        if not isinstance(d, PlayDecision):
            answers = list(d.options)
        elif d.max_count == 1:
            answers = [(a,) for a in d.options]
        else:
            answers = [tuple(d.options[:2]), tuple(d.options[-2:])]
        noise = [0.0] + [[0.0, 1.0, 0.3][(seed + s) % 3] for s in range(1, g.players)]
        cards, rows = Draws(random.Random(seed), 2 * 11 * g.players), Draws(random.Random(-seed), 2 * 11 * g.players)
        start = Start(g, d.seat, type(d), noise, cards, rows)
        for a in answers:
            policy = Generic(noise, cards.reader(), g.rules.two_sided, g.rules.twins != "none", rows.reader())
            assert start.out(a, 99) == play_out(g, d.seat, type(d), a, policy, 99), (seed, a)


def test_draws_read_alike_from_the_start_then_fresh():
    draws = Draws(random.Random(3), 5)
    a, b = draws.reader(), draws.reader(2)
    first = [a() for _ in range(5)]
    assert first == draws.u and [b() for _ in range(3)] == draws.u[2:]
    assert all(0 <= a() < 1 for _ in range(20))  # past the shared draws: fresh ones, no end


def test_a_careful_seat_of_the_model_plays_refined_as_the_cautious_bot():
    from sixnimmt_core.players.bots import CautiousBot

    seen = set()
    for variant in ("refined", REFINED_PRO):
        for seed in range(300):
            g, d = _position(variant, seed)
            model = Mixed([0.0] * g.players, random.Random(0), g.rules.two_sided)
            bot = CautiousBot(0).decide(d, g.view(d.seat))
            if isinstance(d, PlayDecision):
                assert model.pairs(g.hands, g.rows, [d.seat]) == [tuple(bot)], (seed, d)
            elif isinstance(d, OrderDecision):
                assert model.order(d.seat, d.options[0], g.rows) == tuple(bot), (seed, d)
            else:
                continue
            seen.add(type(d))
    assert seen == {PlayDecision, OrderDecision}


def test_a_careful_seat_of_the_model_lays_the_cautious_bots_card():
    from sixnimmt_core.players.bots import CautiousBot

    for variant in ("base", "professional", "twins"):
        for seed in range(200):
            g, d = _position(variant, seed)
            if not isinstance(d, PlayDecision):
                continue
            model = Mixed([0.0] * g.players, random.Random(0), g.rules.two_sided, g.rules.twins != "none")
            (card,) = model.cards(g.hands, g.rows, [d.seat])
            assert card == CautiousBot(0).decide(d, g.view(d.seat)), (variant, seed)


# ---- the compact loop (rowloop.py) by hand: RULES.md §3.6 and §3.8 ---------------------------


def test_refined_the_lowest_card_places_its_pair_first_by_hand():
    from sixnimmt_core.players.rowloop import by_end, lay_pairs

    # rows 10 (3 heads), 21, 31, 41 (1 head each). Seat 1 holds the lowest card, 3: it places first, 3 below
    # every end takes the cheapest row (21: 1 head; 31 and 41 tie with it, the first at the table), then 50
    # goes after 41. Seat 0's 5 and 6 then follow the 3 on that row and take nothing.
    rows = by_end([10, 21, 31, 41], [1, 1, 1, 1], [3, 1, 1, 1])
    pen = [0, 0]
    lay_pairs(rows, pen, [5 << 11 | 6 << 4 | 0, 3 << 11 | 50 << 4 | 1], [0.0, 0.0], None)
    assert pen == [0, 1]
    ends, lens, heads, at = rows
    table = {at[i]: (ends[i], lens[i], heads[i]) for i in range(4)}
    assert table == {0: (10, 1, 3), 1: (6, 3, 1 + 2 + 1), 2: (31, 1, 1), 3: (50, 2, 1 + 3)}


def test_refined_a_careful_seat_lays_its_low_card_first_when_that_is_cheaper_by_hand():
    from sixnimmt_core.players.rowloop import by_end, lay_pairs

    # 5 first: it takes the 1-head row 21, then 6 follows it (1 head in all). 6 first: it takes that row, then
    # 5 is below every end and takes a row again (1 more head). A careful seat lays 5 first.
    rows = by_end([10, 21, 31, 41], [1, 1, 1, 1], [3, 1, 1, 1])
    pen = [0]
    lay_pairs(rows, pen, [5 << 11 | 6 << 4 | 0], [0.0], None)
    assert pen == [1] and rows[0] == [6, 10, 31, 41] and rows[1] == [2, 1, 1, 1]


def test_refined_a_careful_seat_s_order_breaks_a_tie_of_rows_by_their_place_at_the_table_by_hand():
    from sixnimmt_core.players.rowloop import lay_pairs, rows_by_end

    # At the table: row 0 = 24 26 27 28 29 (5 heads, 5 cards), row 1 = 14 16 17 18 19 (5 heads, 5 cards),
    # row 2 = 31–35 (1+1+5+1+2 = 10 heads), row 3 = 51–55 (1+1+1+1+7 = 11 heads). Kept by their ends the rows
    # are 19, 29, 35, 55: row 1 comes before row 0. The seat lays 3 (1 head) and 25 (2 heads).
    # 3 first: below every end (rule 4) it takes the cheapest row; rows 0 and 1 tie on heads and cards, the
    # first at the table, row 0, is taken (5). Then 25's closest lower end is 19, a full row: its sixth card
    # takes row 1 (5 more): 10. 25 first: the sixth card of row 1 (5), which then holds 25 alone (2 heads);
    # 3 is below every end and takes the cheapest row, that one (2): 7. 7 < 10: 25 first, then 3 (had the
    # tie been broken by the order of the ends, 3 first would cost 5 and come first).
    rows = rows_by_end([[24, 26, 27, 28, 29], [14, 16, 17, 18, 19], [31, 32, 33, 34, 35], [51, 52, 53, 54, 55]])
    pen = [0]
    lay_pairs(rows, pen, [3 << 11 | 25 << 4 | 0], [0.0], None)
    assert pen == [5 + 2]
    ends, lens, heads, at = rows
    table = {at[i]: (ends[i], lens[i], heads[i]) for i in range(4)}
    assert table == {0: (29, 5, 5), 1: (3, 1, 1), 2: (35, 5, 10), 3: (55, 5, 11)}


def test_refined_a_careless_seat_may_lay_its_higher_card_first_below_every_end_by_hand():
    from sixnimmt_core.players.rowloop import by_end, lay_pairs

    # Rows 10 (3 heads), 21, 31, 41 (1 head each), at the table in that order. A careless seat (noise 1.0) lays
    # 5 (2 heads) and 6 (1 head): its draws say careless (0.0 < 1.0), then 0.75 >= 0.5: the higher card 6
    # first. 6 is below every end (rule 4): careless again (0.0), the row drawn 0.6 × 4 → place 2 (row 31,
    # 1 head); 6 starts it. 5 is now below every end too: careless (0.0), 0.1 × 4 → place 0 (row 10, 3 heads);
    # 5 starts it. 1 + 3 = 4 heads.
    draws = iter([0.0, 0.75, 0.0, 0.6, 0.0, 0.1])
    rows = by_end([10, 21, 31, 41], [1, 1, 1, 1], [3, 1, 1, 1])
    pen = [0]
    lay_pairs(rows, pen, [5 << 11 | 6 << 4 | 0], [1.0], draws.__next__)
    assert pen == [1 + 3]
    ends, lens, heads, at = rows
    table = {at[i]: (ends[i], lens[i], heads[i]) for i in range(4)}
    assert table == {0: (5, 1, 2), 1: (21, 1, 1), 2: (6, 1, 1), 3: (41, 1, 1)}
    assert next(draws, None) is None


def test_twins_a_shared_take_and_a_twin_on_a_rows_end_by_hand():
    from sixnimmt_core.players.rowloop import lay_twins, twins_by_end

    # seats 0 and 2 lay the twins 15 together: one stack, the sixth place of row 10–14 (3+5+1+1+1 = 11
    # heads), each pays its half rounded up, 6; seat 1's 30 is the twin of a row's end and lies on it.
    rows = twins_by_end([[10, 11, 12, 13, 14], [30], [50], [70]])
    pen = [0, 0, 0]
    lay_twins(rows, pen, [15 << 4 | 2, 30 << 4 | 1, 15 << 4 | 0], [0.0, 0.0, 0.0], None)
    assert pen == [6, 0, 6]
    ends, places_, cards, heads, at = rows
    table = {at[i]: (ends[i], places_[i], cards[i], heads[i]) for i in range(4)}
    assert table == {0: (15, 1, 2, 4), 1: (30, 1, 2, 6), 2: (50, 1, 1, 3), 3: (70, 1, 1, 3)}


# ---- the model's answers by hand (mutation testing, docs/testing.md) ------------------------------


def _reads(*draws):
    """A reader of the uniform draws ``draws``, in order (a ``Draws.reader`` whose draws are known)."""
    return iter(draws).__next__


def test_a_careless_seat_on_two_sided_rows_lays_the_card_the_random_bot_draws():
    # Professional, four rows 10, 20, 30, 40: the careful card of 5, 50, 77 is 5 (2 left of 10: the least
    # risk). A seat careless every time draws 0.99 (< 1: careless) then 0.6: the card at 0.6 × 3 → place
    # 1 of its sorted hand, 50, as the random bot reads it; a careful seat lays 5.
    rows = [[10], [20], [30], [40]]
    assert Mixed([1.0], _reads(0.99, 0.6), True).cards([[5, 50, 77]], rows, [0]) == [50]
    assert Mixed([0.0], _reads(), True).cards([[5, 50, 77]], rows, [0]) == [5]


def test_a_tied_place_the_careful_seat_takes_the_shorter_row_then_the_first_and_a_careless_one_draws():
    # the cautious bot's spot (bots.CautiousBot): the tied place on the row of fewest places, then the first
    # at the table; careless, the place its draw names: 0.99 < 1, then 0.7 × 2 → the second place
    near = [(0, Side.RIGHT), (1, Side.LEFT)]
    longer_first = [[1, 2, 3], [9], [50], [60]]
    same = [[1, 2], [8, 9], [50], [60]]
    assert Mixed([0.0], _reads(), True).spot(0, near, longer_first, 5) == (1, Side.LEFT)
    assert Mixed([0.0], _reads(), True).spot(0, near, same, 5) == (0, Side.RIGHT)
    assert Mixed([1.0], _reads(), True, rows=_reads(0.99, 0.7)).spot(0, near, same, 5) == (1, Side.LEFT)


def test_the_cautious_order_cost_takes_the_first_of_tied_places():
    # Professional: 16 is 4 right of row 1's end 12 and 4 left of row 2's 20: a tie; the cautious estimate
    # (bots._order_cost) takes the first place, row 1's right end, its sixth card: 8+9+10+11+12 = 1+1+3+5+1
    # = 11 heads; then 45 goes after 40 and takes nothing
    rows = [[8, 9, 10, 11, 12], [20], [30], [40]]
    assert order_cost((16, 45), rows, True) == 11


def _hand(rows, hands, laid, two_sided=False, twins=False, pairs=False):
    """A ``Hand`` made by hand: ``rows``, ``hands``, the cards already ``laid`` this turn (None: not yet)."""
    h = Hand.__new__(Hand)
    h.rows, h.hands, h.pen = [list(r) for r in rows], [sorted(x) for x in hands], [0] * len(hands)
    h.laid, h.chosen, h.queue, h.placing, h.owners = list(laid), {}, [], None, ()
    h.two_sided, h.twins, h.pairs = two_sided, twins, pairs
    return h


def test_professional_the_turns_after_the_answer_grow_rows_at_both_ends_by_hand():
    # rows 20, 40, 60, 80 (Professional). Turn 1: seat 0 answers 25 (5 right of 20), seat 1 had laid 45 (5
    # right of 40). Turn 2: 5 is 15 left of 20: the left end of row 1, nothing taken; 90 after 80.
    h = _hand([[20], [40], [60], [80]], [[5, 25], [90]], [None, 45], two_sided=True)
    script = Scripted({0: [5], 1: [90]}, {0: [], 1: []}, {0: [], 1: []})
    assert play_out(None, 0, PlayDecision, 25, script, 99, h) == (0, 0)
    assert h.rows == [[5, 20, 25], [40, 45], [60], [80, 90]] and h.pen == [0, 0]


def test_twins_the_model_plays_the_turns_after_the_answer_with_twins_by_hand():
    # Twins, careful seats. Turn 1: seat 1 had laid 25, seat 0 answers 30: row 20 21 22 grows to five cards
    # (3+1+5+2+3 = 14 heads). Turn 2 (one card each): 50 is the twin of row 40 50's end and lies on it,
    # nothing taken (laid after 30 it would be that row's sixth card: 14 heads); 90 after 70.
    h = _hand([[10], [20, 21, 22], [40, 50], [70]], [[30, 50], [90]], [None, 25], twins=True)
    assert play_out(None, 0, PlayDecision, 30, Mixed([0.0, 0.0], random.Random(0), False, True), 99, h) == (0, 0)
    assert h.pen == [0, 0]


def test_refined_on_two_sided_rows_a_tied_card_placed_then_the_seat_s_other_card_by_hand():
    # Refined on Professional's rows: seat 0's 16 is 4 right of 12 and 4 left of 20, a tie; the seat picks
    # row 1's right end: its sixth card, 1+1+3+5+1 = 11 heads. Its other card, 39, is 1 left of 40: the
    # left end of row 3, which holds five: its sixth card, 3+1+1+1+5 = 11 heads more.
    h = _hand([[8, 9, 10, 11, 12], [20], [40, 41, 42, 43, 44], [60]], [[], []], [None, None],
              two_sided=True, pairs=True)
    h.placing, h.owners, h.queue = 16, (0,), [(39, (0,))]
    takes: list = []
    h.answer(SpotDecision, 0, Spot(0, Side.RIGHT, 12, 4), Always(), takes)
    assert h.rows == [[16], [20], [39], [60]] and h.pen == [22, 0] and takes == [(0, 0, 11), (0, 2, 11)]
    with pytest.raises(ValueError, match="SplitDecision"):
        h.answer(SplitDecision, 0, (), Always())
    # 15 ties between 10 and 20: the right end of row 1; its other card 25 ties between 20 and 30 and
    # asks its player again (the first place: row 2's right end); nothing taken
    h = _hand([[10], [20], [30], [40]], [[], []], [None, None], two_sided=True, pairs=True)
    h.placing, h.owners, h.queue = 15, (0,), [(25, (0,))]
    h.answer(SpotDecision, 0, Spot(0, Side.RIGHT, 10, 5), Always())
    assert h.rows == [[10, 15], [20, 25], [30], [40]] and h.pen == [0, 0]


def test_a_decision_the_core_cannot_answer_is_refused_by_name():
    h = _hand([[10], [20], [30], [40]], [[5], [6]], [None, None])
    with pytest.raises(ValueError, match="TakeRowDecision"):  # no card waits for a row
        h.answer(TakeRowDecision, 0, 0, Always())
    h.placing, h.owners = 5, (0,)
    with pytest.raises(ValueError, match="OrderDecision"):  # an order outside Refined
        h.answer(OrderDecision, 0, (5, 6), Always())


def test_professional_a_card_of_the_turn_after_a_tied_one_may_tie_again_by_hand():
    # seat 0's 15 ties between 10 and 20 and goes right of 10; seat 1's 25, still to place, ties between
    # 20 and 30: its player is asked (the first place, right of 20)
    h = _hand([[10], [20], [30], [40]], [[], []], [15, 25], two_sided=True)
    h.placing, h.owners, h.queue = 15, (0,), [(25, (1,))]
    h.answer(SpotDecision, 0, Spot(0, Side.RIGHT, 10, 5), Always())
    assert h.rows == [[10, 15], [20, 25], [30], [40]] and h.pen == [0, 0]
