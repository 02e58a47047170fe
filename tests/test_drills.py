"""The "Try it" drills (sixnimmt_core.teaching.drills) and their widget: each variant's own rule on a hand-built
position, the right answer and its cost worked out by hand from RULES.md (heads: 55 → 7, other
multiples of 11 → 5, of 10 → 3, of 5 → 2, else 1), a wrong answer's words, and answers that are
not answers refused with nothing changed."""

from __future__ import annotations

import pytest

from sixnimmt_core.engine.errors import IllegalAction
from sixnimmt_core.engine.game import Deal, Game
from sixnimmt_core.engine.rules import ONE_HAND, find_variant
from sixnimmt_core.teaching.drills import (
    Drill,
    NotAnAnswer,
    Question,
    TwinsKind,
    hand_question,
    open_question,
    refined_question,
    tactics_question,
    twins_question,
    where_question,
)


def answer(q: Question, key: str):
    return next(a for a in q.answers if a.key == key)


def judged(q: Question, key: str, lang: str = "en"):
    from sixnimmt_core.teaching.drills import Judged

    return Judged(q, answer(q, key)).words(lang)


def game_of(variant: str, hands, rows) -> Game:
    return Game(find_variant(variant).but(match_end=ONE_HAND), len(hands), deal=Deal(hands, rows))


# ---- base: where does the card go (the documents first) ----------------------------------------------
def test_base_drill_starts_with_the_documents_example_29():
    d = Drill("base", seed=1)
    q = d.question
    assert q.card == 29 and q.rows == ((8,), (24,), (69,), (81,))  # 004: rows ending 8, 24, 69, 81
    assert q.source is not None and "the Romanian rulebook" in q.source.words()
    right = answer(q, "right:2")  # 29 goes after 24 (004)
    assert right.right and right.cost == 0
    assert [a.key for a in q.answers if a.right] == ["right:2"]
    words = judged(q, "right:1")
    assert words.startswith("Not after 8 in row 1: 29 could go there (difference 21), but another place is closer.")
    assert "The right answer: “Row 2 · after 24”." in words
    assert d.examples_left >= 4  # the other documents' examples come next


def test_a_low_card_any_row_is_allowed_the_fewest_heads_is_advised():
    rows = [[8, 10], [24, 25], [69], [81, 85, 90]]  # heads 1+3, 1+2, 1, 1+2+3: row 3 is cheapest
    q = where_question(rows, 3, False, "where")
    low = answer(q, "low")
    assert low.right and low.cost == 1
    assert "the advice is the fewest heads: row 3, 1 head." in low.why.words()
    assert not answer(q, "right:1").legal


# ---- Professional: which end of which row ------------------------------------------------------------------
def test_professional_documents_example_1_card_by_card_then_example_2():
    d = Drill("professional", seed=1)
    want = [(5, "left:2", 0), (17, "left:1", 3 + 1 + 1 + 1 + 5), (58, "left:3", 0), (62, "right:2", 0)]
    for card, key, cost in want:  # 000, Variant 4, example 1: A's 5 left of row 2, B's 17 takes row 1 …
        q = d.question
        assert q.card == card and [a.key for a in q.answers if a.right] == [key]
        assert answer(q, key).cost == cost  # 17: the sixth card of 40, 41, 42, 43, 44: 3 + 1 + 1 + 1 + 5
        d.next()
    q = d.question  # example 2: 59 fits no row on either side
    assert q.card == 59 and [a.key for a in q.answers if a.right] == ["low"]


def test_professional_a_tie_is_the_player_s_choice_and_the_cheaper_place_is_advised():
    rows = [[40, 41, 42, 43, 45], [10, 20], [55, 70], [80, 90]]
    q = where_question(rows, 50, True, "professional")  # after 45 and before 55 both differ by 5
    full, free = answer(q, "right:1"), answer(q, "left:3")
    assert full.legal and free.legal  # a ruling: equal differences, the player chooses
    assert free.right and free.cost == 0
    assert not full.advised and full.cost == 3 + 1 + 1 + 1 + 2  # the sixth card of 40, 41, 42, 43, 45
    words = judged(q, "right:1")
    assert words.startswith("Allowed — but the advice is “Left of row 3 · before 55”, which costs 0 heads; "
                            "yours costs 8 heads.")
    assert not answer(q, "left:1").legal and not answer(q, "low").legal


def test_professional_a_wrong_end_says_why():
    rows = [[40, 45], [10, 20], [60, 70], [80, 90]]  # 50: after 45 (5) is nearer than before 60 (10)
    q = where_question(rows, 50, True, "professional")
    assert [a.key for a in q.answers if a.right] == ["right:1"]
    assert judged(q, "left:3").startswith("Not before 60 in row 3: 50 could go there (difference 10)")
    assert judged(q, "left:1").startswith("Not before 40 in row 1: 40 is lower than 50")


# ---- Twins: who pays what ---------------------------------------------------------------------------------
FULL = [12, 20, 26, 31, 39]  # heads 1 + 3 + 1 + 1 + 1 = 7


def test_twins_share_a_sixth_card_take_rounded_up():
    q = twins_question([FULL, [60], [75], [90]], [40, 40, 61], TwinsKind.SHARED)  # A and B both lay 40
    assert [a.key for a in q.answers if a.right] == ["4-4-0"]  # 7 heads shared: 3.5 each, rounded up to 4
    assert answer(q, "4-4-0").label.words() == "Player A pays 4 heads, Player B pays 4 heads"
    words = judged(q, "3-3-0")  # rounded down
    assert words.startswith("Not “Player A pays 3 heads, Player B pays 3 heads”. The right answer: “Player A pays 4")
    assert "share" in words


def test_twins_a_twin_of_a_row_end_lands_on_it_and_no_one_pays():
    q = twins_question([FULL, [60], [75], [90]], [39, 61, 76], TwinsKind.ON_TWIN)  # A's 39 is the twin of row 1's end
    assert [a.key for a in q.answers if a.right] == ["0-0-0"]
    assert answer(q, "0-0-0").label.words() == "No one pays"
    assert not answer(q, "7-0-0").legal  # as if it were the sixth card of row 1: 7 heads


def test_twins_a_stack_fills_one_place_and_the_taker_scores_every_card():
    row = [20, 26, 31, 39]  # four places; 40 + 40 fill the fifth as one stack; 41 is the sixth card
    q = twins_question([row, [60], [75], [90]], [40, 40, 41], TwinsKind.STACK)
    assert [a.key for a in q.answers if a.right] == ["0-0-12"]  # 3 + 1 + 1 + 1 + 3 + 3 (both 40s)
    assert not answer(q, "0-0-6").legal  # the four cards only


def test_twins_a_low_pair_shares_the_row_the_earlier_seat_takes():
    rows = [[12, 20], [60], [75, 77], [90]]  # heads 4, 3, 3, 3: the cheapest, fewest cards first: row 2
    q = twins_question(rows, [5, 5, 91], TwinsKind.SHARED_LOW)
    assert [a.key for a in q.answers if a.right] == ["2-2-0"]  # 3 heads shared: 1.5 each, rounded up


# ---- Refined: the order of two cards ------------------------------------------------------------------------
def test_refined_each_order_s_cost():
    rows = [[50, 51, 52, 53, 54], [60], [80], [100]]  # row 1: 3 + 1 + 1 + 1 + 1 = 7 heads
    game = game_of("refined", [[55, 56], [90, 95]], rows)
    game.act(0, [55, 56])
    game.act(1, [90, 95])
    q = refined_question(game)
    assert q is not None
    low_first, high_first = answer(q, "55,56"), answer(q, "56,55")
    assert low_first.cost == 7  # 55 is the sixth card (7 heads), then 56 goes after it
    assert high_first.cost == 8  # 56 takes the 7 heads; 55 is then below every end: the row [56], 1 head
    assert low_first.right and high_first.legal and not high_first.advised
    words = judged(q, "56,55")
    assert words.startswith("Allowed — but the advice is “First 55, then 56”, which costs 7 heads; yours costs 8 heads.")


# ---- Hand: what to keep, with the 16-card cap ---------------------------------------------------------------
def test_hand_keeping_taken_cards_within_the_cap():
    rows = [[21, 23, 25, 27, 30], [60], [70], [80]]  # heads 1, 1, 2, 1, 3 = 8
    mine = [31, 81, 82, 83, 84, 85, 86, 87, 89, 91, 92, 93, 94, 95]
    q = hand_question(rows, [mine, list(range(1, 15))], 31)  # 31: the sixth card; 13 cards left: room for 3
    cheap = answer(q, "keep:21,23,27")
    assert cheap.right and "Penalty pile now: 5 heads. In your hand: 3 heads — counted double, 6 heads" in cheap.why.words()
    assert answer(q, "keep:").right  # nothing kept: all 8 heads now
    assert "Penalty pile now: 8 heads" in answer(q, "keep:").why.words()
    dear = answer(q, "keep:21,25,30")
    assert dear.legal and not dear.advised
    too_many = answer(q, "keep:21,23,25,27,30")  # 5 cards, room for 3: the engine refuses
    assert not too_many.legal
    words = judged(q, "keep:21,23,25,27,30")
    assert "can take 3 more cards, not 5" in words and "a hand may never hold more than 16" in words


# ---- Open: choosing with the cards laid before you -------------------------------------------------------------
def test_open_choose_seeing_the_cards_laid_before():
    rows = [[10], [20], [30, 31, 32, 33], [50]]
    game = game_of("open", [[35, 70], [60, 71], [12, 36]], rows)
    game.act(0, 35)  # face up: row 3 now fills its fifth place with 35
    game.act(1, 60)
    q = open_question(game)
    assert q is not None and [a.key for a in q.answers if a.right] == ["card:12"]
    assert answer(q, "card:12").cost == 0  # after 10
    assert answer(q, "card:36").cost == 3 + 1 + 1 + 5 + 2  # the sixth card of 30, 31, 32, 33, 35
    assert "Player A: 35; Player B: 60" in q.show[0].words()


# ---- Logic, Tournament: the last draft pick ----------------------------------------------------------------
@pytest.mark.parametrize("variant", ["logic", "tournament"])
def test_draft_last_pick_leaves_the_four_others_to_start_the_rows(variant):
    d = Drill(variant, seed=4)
    q = d.question
    table = sorted(int(a.key.split(":")[1]) for a in q.answers)
    assert len(table) == 5 and all(1 <= c <= 24 for c in table)  # 2 players: cards 1–24 (000, Variant 2)
    for card in table:
        left = [c for c in table if c != card]
        words = answer(q, f"card:{card}").why.words()
        expect = ", ".join(map(str, left[:-1])) + f" and {left[-1]}"
        assert words.startswith(f"Taking {card} leaves {expect} to start the rows.")
    costs = [a.cost for a in q.answers]
    assert all(a.legal for a in q.answers)
    assert {a.key for a in q.answers if a.right} == {a.key for a in q.answers if a.cost == min(costs)}
    again = Drill(variant, seed=4).question  # the same seed, the same position
    assert again.keys == q.keys and [a.cost for a in again.answers] == costs


# ---- Tactics: what can still come ---------------------------------------------------------------------------
def test_tactics_counts_the_cards_not_seen_below_every_row_end():
    rows = [[9], [20], [27], [34]]  # 3 players: cards 1–34 (000, Variant 1), every card dealt
    mine = [1, 2, 10, 11, 12, 13, 14, 15, 16, 17]
    b = [3, 4, 5, 18, 19, 21, 22, 23, 24, 25]
    c = [6, 7, 8, 26, 28, 29, 30, 31, 32, 33]
    q = tactics_question(game_of("tactics", [mine, b, c], rows), 0)
    assert [a.key for a in q.answers if a.right] == ["count:6"]  # 3, 4, 5, 6, 7, 8; your own 1 and 2 are seen
    assert "count:8" in q.keys  # counting your own hand too
    right = answer(q, "count:6").why.words()
    assert right.endswith("Lower than 9: 3, 4, 5, 6, 7 and 8 — 6 in all.")
    assert judged(q, "count:8").startswith("Not “8 cards”. The right answer: “6 cards”.")
    assert answer(q, "count:6").label.words("cs") == "6 karet" and answer(q, "count:8").label.words("ro") == "8 cărți"



def test_tactics_a_card_already_taken_is_seen_not_unseen():
    """A card in a penalty pile is known (it was on the table): it does not count among the cards
    still to come, even when it is lower than every row end (issue 26: no test caught that)."""
    rows = [[9], [20], [27], [34]]  # 3 players: cards 1–34
    mine = [1, 2, 10, 11, 12, 13, 14, 15, 16, 17]
    b = [3, 4, 5, 18, 19, 21, 22, 23, 24, 25]
    c = [6, 7, 8, 26, 28, 29, 30, 31, 32, 33]
    game = game_of("tactics", [mine, b, c], rows)
    for seat, card in ((0, 10), (1, 3), (2, 26)):
        game.act(seat, card)
    game.act(1, 0)  # 3 is lower than every row end: its player takes row 1, the 9 (RULES.md: a low card)
    assert game.rows == [[3, 10], [20, 26], [27], [34]] and game.piles[1] == [9]
    q = tactics_question(game, 0)
    # lower than 10 (the lowest end): 1–9; seen: 1 and 2 (the hand), 3 (a row), 9 (taken): 4–8 unseen
    assert [a.key for a in q.answers if a.right] == ["count:5"]
    assert "count:6" in q.keys  # the taken 9 counted as unseen: offered, and wrong
    assert answer(q, "count:5").why.words().endswith("Lower than 10: 4, 5, 6, 7 and 8 — 5 in all.")

# ---- the drill: score, order, bad input --------------------------------------------------------------------
def test_the_score_counts_advised_answers_once():
    d = Drill("professional", seed=1)
    for _ in range(4):
        d.next()  # to example 2: 59 fits nowhere
    d.answer("left:1")  # not allowed
    assert (d.right, d.asked) == (0, 1)
    d.answer("low")  # a second answer to the same question is judged, not counted
    assert (d.right, d.asked) == (0, 1)
    d.next()
    q = d.question
    d.answer(q.best.key)
    assert (d.right, d.asked) == (1, 2)


def test_the_tie_s_dearer_place_is_allowed_but_not_counted_right():
    d = Drill("base", seed=1)
    rows = [[40, 41, 42, 43, 45], [10, 20], [55, 70], [80, 90]]
    d.question = where_question(rows, 50, True, "professional")
    j = d.answer("right:1")
    assert j.verdict == "allowed" and (d.right, d.asked) == (0, 1)


@pytest.mark.parametrize("variant", ["base", "professional", "twins", "refined", "hand", "open", "logic",
                                     "tournament", "tactics"])
def test_an_answer_that_is_not_an_option_is_refused_and_changes_nothing(variant):
    d = Drill(variant, seed=2)
    q = d.question
    with pytest.raises(NotAnAnswer) as caught:
        d.answer("row 9")
    assert isinstance(caught.value, IllegalAction) and isinstance(caught.value, ValueError)
    assert str(caught.value).startswith("'row 9' is not an answer to this question: the answers are ")
    assert caught.value.words("cs").startswith("'row 9' není odpověď na tuto otázku")
    assert d.question is q and (d.right, d.asked) == (0, 0) and d.judged is None
    assert d.question.best.key in q.keys  # every question has an advised answer


def test_fresh_positions_are_reproducible_and_varied():
    for variant in ("twins", "refined", "open", "hand", "tactics", "professional"):
        a, b = Drill(variant, seed=7), Drill(variant, seed=7)
        seen = set()
        for _ in range(4):
            assert a.question.keys == b.question.keys and a.question.rows == b.question.rows
            seen.add((a.question.rows, a.question.keys))
            a.next()
            b.next()
        assert len(seen) > 1, variant


def test_an_unknown_variant_is_refused():
    from sixnimmt_core.engine.errors import ImpossibleSetup

    with pytest.raises(ImpossibleSetup):
        Drill("chess")


# ---- the widget -----------------------------------------------------------------------------------------
def test_drill_trainer_right_then_wrong_by_its_buttons():
    pytest.importorskip("ipywidgets")
    from sixnimmt_core.widgets.drills import DrillTrainer

    t = DrillTrainer("base", seed=1)
    assert "Try it" in t.heading.value and t.new_button.description.startswith("Next example")
    right = next(b for b in t.answer_buttons if b.answer == "right:2")
    right.click()
    assert "Right." in t.feedback.value and "snt-ok" in t.feedback.value
    assert "Score: 1 of 1" in t.score.value and all(b.disabled for b in t.answer_buttons)
    labels = {b.answer: b.description for b in t.answer_buttons}  # now each allowed answer shows its cost
    assert labels["right:2"] == "Row 2 · after 24 · 0 heads" and labels["right:1"] == "Row 1 · after 8"
    t.new_button.click()  # the documents' next example: 3 on the same rows
    assert t.drill.question.card == 3
    next(b for b in t.answer_buttons if b.answer == "right:2").click()
    assert "Not quite." in t.feedback.value and "snt-bad" in t.feedback.value
    assert "Score: 1 of 2" in t.score.value
    before = t.feedback.value
    with pytest.raises(NotAnAnswer):
        t.answer("nowhere at all")
    assert t.feedback.value == before and "Score: 1 of 2" in t.score.value


def test_drill_trainer_speaks_czech():
    pytest.importorskip("ipywidgets")
    from sixnimmt_core.widgets.drills import DrillTrainer

    t = DrillTrainer("professional", seed=1, lang="cs")
    assert "Vyzkoušej si to" in t.heading.value and "Profesionál" in t.heading.value
    assert "Vlevo v řadě 2 · před 30" in [b.description for b in t.answer_buttons]
    t.answer("left:2")
    assert "Správně." in t.feedback.value and "Skóre: 1 z 1" in t.score.value
    t.new_position()  # 17: the sixth card at the left end of row 1, 40 41 42 43 44: 3 + 1 + 1 + 1 + 5 heads
    t.answer("left:1")
    assert "Vlevo v řadě 1 · před 40 · 11 hlav" in [b.description for b in t.answer_buttons]


def test_the_variants_lesson_shows_the_drill_beside_its_stepper():
    pytest.importorskip("ipywidgets")
    from sixnimmt_core.widgets.apps import App
    from sixnimmt_core.widgets.drills import DrillTrainer
    from sixnimmt_core.widgets.stepper import Stepper

    app = App("lesson=variants&pick=twins&lang=en")
    lesson = app.current
    kinds = [type(c) for c in lesson.holder.children]
    assert kinds == [Stepper, DrillTrainer] and lesson.drill.drill.variant == "twins"
    assert lesson.try_toggle.description == "Try it ✎" and lesson.drill.layout.display == "none"  # the tour alone
    lesson.try_toggle.value = True
    assert lesson.drill.layout.display == "flex" and "snt-tryopen" in lesson.holder._dom_classes
    app.go("lesson=variants&pick=hand&lang=en")  # another variant: its drill, still shown
    assert app.current.drill.drill.variant == "hand" and app.current.drill.layout.display == "flex"
    lesson.try_toggle.value = False
    assert app.current.drill.layout.display == "none" and "snt-tryopen" not in lesson.holder._dom_classes
