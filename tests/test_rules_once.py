"""Each rule once (issue 34): the placement (``table.locate``), the cheapest row (``table.cheapest_row``) and
the risk of a row (``table.row_risk``, ``table.card_risk``) are written once in the engine; the play-out
cores keep inlined copies for speed (rows kept in the order of their ends, risks read from tables). These
property tests draw tables of every kind — one- and two-sided rows, Twins' stacks, the Hand variant's hands
and limits — and check that every inlined copy returns what the rule returns."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from sixnimmt_core.engine.cards import heads, total_heads
from sixnimmt_core.engine.options import Twins
from sixnimmt_core.engine.table import (
    CLOSEST,
    LOW,
    NOWHERE,
    SIXTH,
    TIE,
    card_risk,
    cheapest,
    cheapest_row,
    locate,
    places,
    row_risk,
    where,
)
from sixnimmt_core.players import handloop, placing, playout, rowloop
from sixnimmt_core.players.bots import _order_cost


@st.composite
def tables(draw, twins: bool = False, hand: int = 0):
    """Four rows (lowest first, 1–5 places; ``twins``: some places a stack of two), a card to place that the
    deck still holds, and ``hand`` more cards (distinct, not on the table)."""
    lens = [draw(st.integers(1, 5)) for _ in range(4)]
    numbers = draw(st.permutations(range(1, 105)))
    rows, k = [], 0
    for n in lens:
        cells = sorted(numbers[k:k + n])
        k += n
        if twins:
            cells = [c for c in cells for _ in range(2 if draw(st.booleans()) else 1)]
        rows.append(cells)
    rest = list(numbers[k:])
    singles = sorted(c for r in rows for c in r if r.count(c) == 1)
    card = draw(st.sampled_from(singles + rest[:20])) if twins else rest[0]
    others = [c for c in rest if c != card]
    return rows, card, sorted(draw(st.lists(st.sampled_from(others), min_size=hand, max_size=hand, unique=True)))


def as_table(compact: list[list[int]], at: list[int]) -> list[tuple[int, ...]]:
    """Compact rows (each field a list in the order of the ends) as (end, fields…) at their places at the table."""
    out: list[tuple[int, ...]] = [()] * len(at)
    for k, i in enumerate(at):
        out[i] = tuple(field[k] for field in compact)
    return out


def summary(rows: list[list[int]], twins: bool = False) -> list[tuple[int, ...]]:
    """Each row as the compact cores keep it: end, places (Twins: and cards), heads."""
    if twins:
        return [(r[-1], places(r), len(r), total_heads(r)) for r in rows]
    return [(r[-1], len(r), total_heads(r)) for r in rows]


def careful(hand: list[int], rows: list[list[int]], two_sided: bool = False) -> int:
    """The rule's careful card: the lowest ``card_risk``, the lowest card of equal risks."""
    return min(hand, key=lambda c: (card_risk(c, rows, two_sided), c))


def never() -> float:
    raise AssertionError("a careful seat draws nothing")


# ---- the placement: the compact cores place a card where locate says ---------------------------


@given(tables())
def test_under_is_the_rule(t):
    """``rowloop.under``, the rule on four ends in ascending order, gives ``locate``'s row (-1: rule 4)."""
    rows, card, _ = t
    ends, _, _, at = rowloop.rows_by_end(rows)
    j = rowloop.under(card, ends)
    assert (at[j] if j >= 0 else -1) == locate(card, rows)[1]


@given(tables())
def test_lay_one_places_as_the_rule(t):
    """``rowloop.lay_one`` (and its low card, ``take_low``) on rows kept by their ends = ``placing.place``."""
    rows, card, _ = t
    compact = rowloop.rows_by_end(rows)
    at = list(compact[3])
    pen, ref_pen = [0], [0]
    rowloop.lay_one(compact, card, 0, pen, [0.0], never)
    ref = [list(r) for r in rows]
    placing.place(ref, card, 0, ref_pen, False, playout._First())
    assert as_table(compact[:3], compact[3]) == summary(ref)
    assert pen == ref_pen
    assert sorted(at) == sorted(compact[3])


@given(tables(), st.integers(0, 3))
def test_lay_sorted_places_a_turn_as_the_rule(t, more):
    """``rowloop.lay_sorted`` (a turn's cards at once, each card's row from the ends the turn began with)."""
    rows, card, hand = t
    laid = sorted([card, *hand[:more]])
    own = [0] * 105
    for s, c in enumerate(laid):
        own[c] = s
    compact = rowloop.rows_by_end(rows)
    pen, ref_pen = [0] * 4, [0] * 4
    rowloop.lay_sorted(compact, pen, list(laid), own, [0.0] * 4, never)
    ref = [list(r) for r in rows]
    placing.place_all(ref, [(c, own[c]) for c in laid], ref_pen, False, playout._First())
    assert as_table(compact[:3], compact[3]) == summary(ref)
    assert pen == ref_pen


@given(tables(twins=True), st.integers(1, 2))
def test_lay_twins_places_as_the_rule(t, owners):
    """``rowloop.lay_twins`` (a stack on its twin, a stack's places counted once, a shared take) = ``place_stack``."""
    rows, card, _ = t
    if any(card in r for r in rows):  # the deck holds two: one on the table, one laid
        owners = 1
    compact = rowloop.twins_by_end(rows)
    pen, ref_pen = [0, 0], [0, 0]
    rowloop.lay_twins(compact, pen, [card << 4 | s for s in range(owners)], [0.0, 0.0], never)
    ref = [list(r) for r in rows]
    placing.place_stack(ref, card, tuple(range(owners)), ref_pen, playout._First())
    assert as_table(compact[:4], compact[4]) == summary(ref, twins=True)
    assert pen == ref_pen


def hand_table(rows: list[list[int]], hand: list[int], keep: bool = False, limit: int = 16) -> handloop.Table:
    """A Hand variant's play-out table for seat 0 (as ``handloop.Start`` builds it), every seat careful."""
    t = handloop.Table.__new__(handloop.Table)
    order = sorted(range(4), key=lambda i: rows[i][-1])
    t.rows = [list(rows[i]) for i in order]
    t.rh = [total_heads(r) for r in t.rows]
    t.at = order
    t.hands = [list(hand), [], [], []]
    t.pen, t.pile = [0] * 4, [0] * 4
    t.noise, t.most, t.limit, t.keep, t.takes = [0.0] * 4, 2, limit, keep, None
    t.r, t.rr = never, never
    return t


@given(tables(hand=3), st.integers(1, 16))
def test_hand_lay_places_as_the_rule(t, limit):
    """The Hand variant's ``handloop.lay`` (and its low row) = ``placing.place``; the cards a taker keeps
    (``split``) change its hand, not the rows."""
    rows, card, hand = t
    table = hand_table(rows, hand, keep=True, limit=limit)
    handloop.lay(table, 0, card)
    ref, ref_pen = [list(r) for r in rows], [0]
    placing.place(ref, card, 0, ref_pen, False, playout._First())
    assert table.table_rows() == ref
    assert [total_heads(r) for r in table.rows] == table.rh
    assert table.pen[0] + total_heads(table.hands[0]) - total_heads(hand) == ref_pen[0]


# ---- the careful card: the compact cores' risks are the rule's ---------------------------------


@given(tables(hand=6), st.booleans())
def test_picks_are_the_careful_card_of_the_rule(t, twins):
    """``rowloop.pick_sorted`` (plain and Twins) and the Hand's ``careful_card`` lay the card of lowest
    ``card_risk``; the Hand's row is where ``locate`` puts it."""
    rows, card, hand = t
    hand = sorted([card, *hand])
    compact = rowloop.twins_by_end(rows) if twins else rowloop.rows_by_end(rows)
    view = [compact[0], compact[1], compact[3 if twins else 2]]
    laid = rowloop.pick_sorted(view, [list(hand)], [0], [0.0], never, twins, take=False)
    assert laid == [careful(hand, rows) << 4]
    sorted_rows = [list(rows[i]) for i in compact[-1]]
    c, j = handloop.careful_card(sorted_rows, [total_heads(r) for r in sorted_rows], hand)
    assert c == careful(hand, rows)
    rule, row, _ = locate(c, rows)
    assert (compact[-1][j] if j >= 0 else -1) == (-1 if rule is LOW else row)


@given(tables(twins=True, hand=6))
def test_twins_picks_are_the_careful_card_of_the_rule(t):
    """Twins' stacks: ``pick_sorted``'s twin risk (CHOICE_RISK) and places counted once, and the general
    ``cautious_key``, are ``card_risk``'s."""
    rows, card, hand = t
    hand = sorted({card, *hand})
    compact = rowloop.twins_by_end(rows)
    laid = rowloop.pick_sorted([compact[0], compact[1], compact[3]], [list(hand)], [0], [0.0], never, True,
                               take=False)
    assert laid == [careful(hand, rows) << 4]
    key = playout.cautious_key(rows, False, True)
    assert [key(c) for c in hand] == [(card_risk(c, rows), c) for c in hand]


@given(tables(hand=6))
def test_two_sided_picks_are_the_careful_card_of_the_rule(t):
    """Professional: ``Mixed._two_sided`` (risks read from tables, ties found among sorted ends) and
    ``cautious_key`` give ``card_risk``'s order on two-sided rows."""
    rows, card, hand = t
    hand = sorted([card, *hand])
    mixed = playout.Mixed([0.0], never, True)
    assert mixed._two_sided([list(hand)], rows, [0]) == [careful(hand, rows, True)]
    key = playout.cautious_key(rows, True)
    assert [key(c) for c in hand] == [(card_risk(c, rows, True), c) for c in hand]


@given(tables(hand=6))
def test_pairs_are_the_careful_pair_of_the_rule(t):
    """Refined: ``pick_pairs`` lays the two cards of lowest ``card_risk`` (the lower card first on a tie)."""
    rows, card, hand = t
    hand = sorted([card, *hand])
    compact = rowloop.rows_by_end(rows)
    [v] = rowloop.pick_pairs(compact[:3], [list(hand)], [0], [0.0], never)
    a, b = sorted(hand, key=lambda c: (card_risk(c, rows), c))[:2]
    assert (v >> 11, v >> 4 & 127) == (min(a, b), max(a, b))
    assert playout.cautious_key(rows, False)(card) == (card_risk(card, rows), card)


@given(st.integers(0, 5), st.integers(0, 120), st.integers(1, 104), st.integers(0, 104))
def test_risk_tables_hold_the_rule_floats(n, r, card, gap):
    """``rowloop.risk_lines`` holds ``row_risk``'s very floats (the careful cards' ties depend on them)."""
    assert rowloop.risk_lines(n, r)[card][gap] == row_risk(n, r, heads(card), gap)


# ---- a Refined order's cost and the cheapest row ----------------------------------------------


@given(tables(hand=1), st.booleans())
def test_order_costs_are_the_rule(t, two_sided):
    """The heads a careful player expects two cards laid in an order to take: ``order_cost_plain``,
    ``order_cost_sorted`` and ``playout.order_cost`` = the cautious bot's ``_order_cost`` (``locate``,
    ``cheapest_row``)."""
    rows, card, hand = t
    order = (card, hand[0])
    expected = _order_cost(order, rows, two_sided)
    assert playout.order_cost(order, rows, two_sided) == expected
    if not two_sided:
        assert rowloop.order_cost_plain(order, *rowloop.compact(rows)) == expected
        assert rowloop.order_cost_sorted(*order, *rowloop.rows_by_end(rows)) == expected


@given(tables(twins=True), st.booleans())
def test_low_rows_are_the_cheapest_row(t, hand_variant):
    """A careful low card's row, in every core: ``rowloop.low_row`` (Twins), ``handloop.low_row`` = ``cheapest_row``."""
    rows, _, _ = t
    if hand_variant:
        rows = [sorted(set(r)) for r in rows]
        table = hand_table(rows, [])
        assert table.at[handloop.low_row(table, 0)] == cheapest_row(rows)
    else:
        compact = rowloop.twins_by_end(rows)
        assert compact[4][rowloop.low_row(compact, 0.0, never)] == cheapest_row(rows)
    assert cheapest([total_heads(r) for r in rows], [len(r) for r in rows]) == cheapest_row(rows)


# ---- the engine's explanation is the rule's placement ----------------------------------------


@given(tables(twins=True), st.booleans())
def test_where_explains_the_placement_locate_gives(t, two_sided):
    """``where`` (what the game and the lessons explain) places every card where ``locate`` does, on rows of
    every kind (two-sided, Twins' stacks): the same rule, row and end."""
    rows, card, _ = t
    p = where(card, rows, two_sided, twins=Twins.DOUBLE)
    rule, row, side = locate(card, rows, two_sided)
    assert (p.rule, -1 if p.row is None else p.row, p.side) == (rule, row, side)
    if rule is TIE:
        assert len(p.tied) > 1
    assert (rule in (LOW, NOWHERE, TIE)) == (p.row is None)


def test_a_seeded_draw_of_every_kind_is_checked():
    """The strategy reaches every kind of placement (not only the easy ones)."""
    seen = set()
    rng = random.Random(5)
    for _ in range(400):
        rows = [sorted(rng.sample(range(1, 105), rng.randint(1, 5))) for _ in range(4)]
        seen.add(locate(rng.randint(1, 104), rows, rng.random() < 0.5)[0])
    assert seen >= {CLOSEST, SIXTH, LOW, NOWHERE, TIE}
