"""The learning app as state after each click (no browser): lessons, routes, progress, and the
messages it exchanges with the page around it."""

from __future__ import annotations

import json

import pytest

from sixnimmt_core.teaching.scenarios import EXAMPLES
from sixnimmt_core.teaching.teach import APP_TITLES
from sixnimmt_core.widgets.apps import LESSONS, App, Route, VariantTours, parse_route
from sixnimmt_core.widgets.browser import connect, messages


def test_lessons_are_the_landing_page_lessons_in_order():
    assert LESSONS == ("cards", "turn", "trainer", "hand", "variants", "play", "table")
    assert tuple(APP_TITLES) == LESSONS


@pytest.mark.parametrize(("text", "route"), [
    ("", Route("cards")),
    ("#lesson=turn", Route("turn")),
    ("lesson=turn&pick=pitfall-2&step=3", Route("turn", "pitfall-2", 3)),
    ("lesson=variants&pick=twins", Route("variants", "twins")),
    ("lesson=chess&step=2", Route("cards")),                     # no such lesson: the first one
    ("lesson=turn&pick=twins", Route("turn")),                  # twins is a variant, not an example
    ("lesson=turn&step=-4", Route("turn")),
    ("lesson=turn&step=0", Route("turn")),
    ("lesson=turn&step=3.5", Route("turn")),
    ("lesson=turn&step=99999", Route("turn")),
    ("lesson=cards&pick=base", Route("cards")),                 # the cards lesson has no picks
])
def test_routes_keep_only_what_is_valid(text, route):
    assert parse_route(text) == route


def test_a_route_reads_back_from_its_fragment():
    r = Route("turn", "pitfall-2", 4)
    assert r.fragment() == "lesson=turn&pick=pitfall-2&step=4&lang=en"  # the language always, and last
    assert parse_route(r.fragment()) == r
    assert Route("cards").fragment() == "lesson=cards&lang=en"
    assert parse_route("lesson=turn&pick=pitfall-2&step=4") == r  # a link without a language: English


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_lesson_opens_at_its_start(lesson):
    app = App(f"lesson={lesson}")
    assert app.route.lesson == lesson
    assert app.children == (app.current.widget,)
    if app.current.stepper is not None:
        assert app.route.step == 1


def test_an_example_opens_at_the_step_of_the_link():
    app = App("lesson=turn&pick=pitfall-2&step=3")
    assert app.route == Route("turn", "pitfall-2", 3)
    stepper = app.current.stepper
    assert stepper.index == 2
    # pitfall 2 starts on the example's table, rows ending 61, 80, 95, 57 (RULES/Amigo pitfall 2)
    assert "59" in stepper.steps[0].text and "example" in stepper.steps[0].text.lower()


def test_a_step_beyond_the_end_shows_the_last_step():
    app = App("lesson=turn&pick=sixth&step=999")
    stepper = app.current.stepper
    assert app.route.step == len(stepper.steps)


def test_lessons_are_kept_when_the_learner_comes_back():
    app = App("lesson=turn&pick=pitfall-1")
    turn = app.current
    turn.stepper.next_button.click()
    app.go("lesson=cards")
    assert app.route == Route("cards")
    app.go("lesson=turn")
    assert app.current is turn and app.route == Route("turn", "pitfall-1", 2)


def test_the_learner_moving_is_reported_as_a_route():
    app = App("lesson=variants&pick=twins")
    seen: list[Route] = []
    app.observe_route(seen.append)
    stepper = app.current.stepper
    stepper.next_button.click()
    stepper.next_button.click()
    assert seen[-1] == Route("variants", "twins", 3)
    app.current.picker.value = "logic"
    assert seen[-1] == Route("variants", "logic", 1)
    stepper = app.current.stepper
    stepper.end_button.click()
    assert seen[-1] == Route("variants", "logic", len(stepper.steps))


def test_every_example_of_the_documents_can_be_picked():
    app = App("lesson=turn")
    for key in EXAMPLES:
        route = app.go(f"lesson=turn&pick={key}")
        assert route.pick == key and route.step == 1
        assert app.current.stepper.steps


def test_play_takes_the_variant_of_the_link():
    app = App("lesson=play&pick=professional")
    launcher = app.current.launcher
    assert launcher.picker.value == "professional"
    assert launcher.table.rules.name == "professional"
    assert app.route == Route("play", "professional")


def test_progress_reports_lessons_seen_and_trainer_answers():
    app = App("lesson=cards")
    news: list[dict] = []
    app.observe_progress(news.append)
    app.go("lesson=trainer")
    assert news == [{"seen": "trainer"}]
    trainer = app.current.trainer
    # the first question is the documents' example: 29 on rows ending 8, 24, 69, 81 -> row 2
    right = next(b for b in trainer.answer_buttons if b.description.startswith("Row 2"))
    right.click()
    assert news[-1] == {"trainer": {"right": 1, "asked": 1}}
    app.go("lesson=trainer")  # already shown: not seen again
    assert [n for n in news if "seen" in n] == [{"seen": "trainer"}]


def test_messages_to_and_from_the_page():
    app = App("lesson=hand")
    sent: list[dict] = []
    receive = messages(app, lambda text: sent.append(json.loads(text)))
    assert sent == [{"ready": "lesson=hand&step=1&lang=en"}, {"progress": {"seen": "hand"}}]
    receive(json.dumps({"go": "lesson=turn&pick=ends-3&step=2"}))
    assert app.route == Route("turn", "ends-3", 2)
    assert sent[-1] == {"route": "lesson=turn&pick=ends-3&step=2&lang=en"}
    receive(json.dumps({"go": "lesson=turn&pick=ends-3&step=2&lang=sk"}))
    assert sent[-1] == {"route": "lesson=turn&pick=ends-3&step=2&lang=sk"}
    assert {"progress": {"seen": "turn"}} in sent
    before = app.route
    receive("not json")
    receive(json.dumps(["go", "lesson=cards"]))
    receive(json.dumps({"go": 3}))
    assert app.route == before  # what is not a message of ours changes nothing


def test_the_page_tells_the_trainer_where_the_learner_got_to():
    """{"trainer": …} from the page: the trainer at the documents' question 3 (index 2) with 1 right of
    2; a message the trainer cannot follow, or one while another lesson shows, changes nothing."""
    from sixnimmt_core.teaching.scenarios import trainer_examples

    app = App("lesson=trainer")
    receive = messages(app, lambda text: None)
    trainer = app.current.trainer
    receive(json.dumps({"trainer": {"example": 2, "right": 1, "asked": 2}}))
    assert (trainer.card, trainer.right, trainer.asked) == (trainer_examples()[2][1], 1, 2)
    for bad in [{"example": 99, "right": 0, "asked": 0}, {"example": 1, "right": 3, "asked": 1}, {"example": "1"}, []]:
        receive(json.dumps({"trainer": bad}))
        assert (trainer.card, trainer.right, trainer.asked) == (trainer_examples()[2][1], 1, 2)
    receive(json.dumps({"go": "lesson=hand"}))
    receive(json.dumps({"trainer": {"example": 0, "right": 0, "asked": 0}}))
    assert (trainer.right, trainer.asked) == (1, 2)


def test_the_page_tells_the_variants_lesson_what_was_tried():
    """{"try": …}: "Try it" opened and its first question answered as before Python; an answer the
    question does not have, or a message of another shape, changes nothing."""
    app = App("lesson=variants&pick=twins")
    receive = messages(app, lambda text: None)
    lesson = app.current
    key = lesson.drill.answer_buttons[0].answer
    for bad in [{"shown": True, "answer": "no such answer"}, {"shown": "yes"}, {"answer": key}, "open"]:
        receive(json.dumps({"try": bad}))
        assert lesson.drill.judged is None and lesson.try_toggle.value is False
    receive(json.dumps({"try": {"shown": True, "answer": key}}))
    assert lesson.try_toggle.value is True and lesson.drill.judged is not None
    assert lesson.drill.drill.asked == 1


def test_outside_the_browser_nothing_is_connected():
    assert connect(App(), "sixnimmt-abcdef") is None


def test_variant_tours_switch_the_game():
    tours = VariantTours("tactics")
    first = tours.stepper
    assert first.rules.name == "tactics"
    tours.picker.value = "twins"
    assert tours.stepper is not first and tours.stepper.rules.name == "twins"
    assert "Twins" in tours.about.value


@pytest.mark.parametrize("route", ["lesson=hand", "lesson=variants&pick=twins"])
def test_a_one_hand_tour_ends_with_the_hand_not_a_match(route):
    app = App(route)
    stepper = app.current.stepper
    stepper.end()
    last = stepper.steps[-1].text
    assert last.startswith("The hand is over.")
    assert "match" not in last and "wins" not in last


def test_the_tournament_tour_ends_with_its_match():
    app = App("lesson=variants&pick=tournament")
    last = app.current.stepper.steps[-1].text
    assert "The match is over" in last  # three hands, every sheet played (RULES.md, Tournament)


@pytest.mark.parametrize("step", ["²", "٣", "１"])
def test_a_step_of_non_ascii_digits_is_no_step(step):
    """'²'.isdigit() is true and int('²') raises: such a link opens the lesson at its start."""
    assert parse_route(f"lesson=turn&step={step}").step is None


def test_the_page_tells_the_cards_lesson_which_card():
    """{"cards": …}: card 33 (5 heads: a double, RULES.md) and the 5-head cards listed; a card or a
    kind there is not changes nothing."""
    app = App("lesson=cards")
    receive = messages(app, lambda text: None)
    explorer = app.current.explorer
    receive(json.dumps({"cards": {"card": 33, "kind": 5}}))
    assert explorer.card == 33 and "5 heads" in explorer.card_view.value
    assert [b.button_style for b in explorer.kind_buttons] == ["", "", "", "info", ""]  # 1, 2, 3, 5, 7 heads
    for bad in [{"card": 0, "kind": 5}, {"card": 105, "kind": 1}, {"card": 12, "kind": 4}, {"card": "12", "kind": 1},
                {"card": True, "kind": 1}]:
        receive(json.dumps({"cards": bad}))
        assert explorer.card == 33 and explorer.kind_buttons[3].button_style == "info"


# ---- a language switch loses nothing (issue 23, item 5) ------------------------------------------
def _play_my_card(table, card):
    """Seat 0 lays ``card``; a row to take (a card below every row end) is the first offered."""
    assert card in table.decision.options
    next(b for b in table.choice_buttons if b.answer == card).click()
    while table.decision is not None and table.decision.kind == "take_row":
        table.choice_buttons[0].click()


def test_switching_language_in_play_goes_on_with_the_same_game():
    """Two turns in English (3 players, Experts, no Coach, seat 0 dealt 3 13 22 30 45 55 88 96 100 104),
    then Czech: the same widgets (nothing rebuilt), the same deal, seats, bots, moves, rows, hand and
    piles, in Czech words; the game goes on in Czech and, back in English, is the one played in Czech."""
    from sixnimmt_core.engine.game import Deal

    app = App("lesson=play&lang=en")
    launcher = app.current.launcher
    launcher.players.value = 3
    launcher.opponents.value = "Strong"
    launcher.coach.value = False
    mine = [3, 13, 22, 30, 45, 55, 88, 96, 100, 104]
    rest = [c for c in range(1, 105) if c not in mine and c not in (20, 50, 70, 90)]
    table = launcher.table
    table.deal, table.games_started = Deal([mine, rest[:10], rest[10:20]], [[20], [50], [70], [90]]), 0
    table.new_game()
    _play_my_card(table, 104)
    _play_my_card(table, 100)
    assert table.game.turn == 3 and table.game.hands[0] == [3, 13, 22, 30, 45, 55, 88, 96]  # 10 - 2 cards
    game, events = table.game, [e.to_json() for e in table.game.log]
    rows, piles = [list(r) for r in game.rows], [list(p) for p in game.piles]
    agents = table.agents

    news: list[dict] = []
    app.observe_progress(news.append)
    assert app.go("lesson=play&pick=base&lang=cs") == Route("play", "base", None, "cs")
    czech = app.current.launcher
    assert czech is launcher and czech.lang == "cs" and czech.table is table and czech.table.lang == "cs"
    assert (czech.players.value, czech.opponents.value, czech.coach.value, czech.match.value) == (3, "Strong", False, False)
    t = czech.table
    assert t.game is game and t.agents is agents and t.coach is False
    assert [e.to_json() for e in t.game.log] == events  # not a move more or less
    assert [list(r) for r in t.game.rows] == rows and [list(p) for p in t.game.piles] == piles
    assert t.decision.seat == 0 and t.decision.options == (3, 13, 22, 30, 45, 55, 88, 96)
    assert sorted(b.answer for b in t.choice_buttons) == [3, 13, 22, 30, 45, 55, 88, 96]
    assert t.new_button.description == "Nová hra"
    assert "Hráč A (ty)" in t.scores.value and "3. kolo" in t.scores.value  # hand 1, turn 3
    assert "Player" not in t.story.value + t.scores.value and "Hráč B" in t.story.value
    assert news == []  # the same lesson: nothing new seen
    _play_my_card(t, 96)  # the game goes on in Czech
    assert t.game.hands[0] == [3, 13, 22, 30, 45, 55, 88] and t.game.turn == 4
    assert len(t.game.log) > len(events)
    app.go("lesson=play&pick=base&lang=en")
    assert app.current.launcher is launcher and launcher.lang == "en" and launcher.table.game.turn == 4
    assert sorted(b.answer for b in launcher.table.choice_buttons) == [3, 13, 22, 30, 45, 55, 88]
    assert "Player A (you)" in launcher.table.scores.value


def test_after_a_switch_the_play_controls_still_deal():
    app = App("lesson=play&lang=en")
    app.go("lesson=play&pick=base&lang=ro")
    launcher = app.current.launcher
    first = launcher.table.game
    launcher.picker.value = "refined"  # a variant chosen deals a game of it at once
    assert launcher.table.game is not first and launcher.table.rules.name == "refined"
    assert app.route == Route("play", "refined", None, "ro")
    before = launcher.table.game
    launcher.new_button.click()
    assert launcher.table.game is not before


def test_switching_language_keeps_the_trainer_s_question_answers_and_score():
    """The documents' first question (29 on rows ending 8, 24, 69, 81: row 2, RULES.md §2) answered
    wrong with row 1, the second (3: below every row end, rule 4) named low: 0 of 2 so far (a low
    card counts as right once its row is taken too), its row still to take. In Slovak the same question waits for the row; every row holds one 1-head card, so
    any row is the advice: 1 of 2. In Romanian the score is the same and so is the next question."""
    from sixnimmt_core.teaching.scenarios import trainer_examples

    app = App("lesson=trainer&lang=en")
    news: list[dict] = []
    app.observe_progress(news.append)
    t = app.current.trainer
    t.answer(("row", 0))
    t.new_button.click()
    assert (t.card, t.rows) == (3, [[8], [24], [69], [81]])
    t.answer(("low",))
    assert (t.phase, t.right, t.asked) == ("take", 0, 2)
    told = len(news)
    app.go("lesson=trainer&lang=sk")
    s = app.current.trainer
    assert s is t and (s.card, s.rows, s.phase, s.right, s.asked) == (3, [[8], [24], [69], [81]], "take", 0, 2)
    assert "Skóre: 0 z 2 správne" in s.score.value
    assert [b.answer for b in s.answer_buttons] == [("take", 0), ("take", 1), ("take", 2), ("take", 3)]
    assert len(news) == told  # nothing answered in Slovak: no score to report
    s.answer_buttons[2].click()
    assert (s.phase, s.right, s.asked) == ("done", 1, 2) and s.advised is True
    assert news[-1] == {"trainer": {"right": 1, "asked": 2}}
    app.go("lesson=trainer&lang=ro")
    r = app.current.trainer
    assert (r.card, r.phase, r.right, r.asked, r.taken) == (3, "done", 1, 2, 2)
    assert "Scor: 1 din 2 corecte" in r.score.value and r.feedback.value and r.answer_buttons == []
    assert len(news) == told + 1
    r.new_button.click()  # the third of the documents' questions, as in any language
    assert (r.card, r.rows) == (trainer_examples()[2][1], trainer_examples()[2][0])


def test_switching_language_keeps_the_trainer_s_random_tables():
    """After the documents' questions the trainer draws tables: the one shown stays, and the next
    one is the one the first language would have drawn."""
    app = App("lesson=trainer&lang=en")
    t = app.current.trainer
    t.resume(len(t.examples), 3, 4)
    shown = (t.card, [list(r) for r in t.rows])
    app.go("lesson=trainer&lang=cs")
    c = app.current.trainer
    assert c is t and (c.card, c.rows, c.right, c.asked) == (*shown, 3, 4)
    fresh = App("lesson=trainer&lang=en").current.trainer  # the same random tables, never switched
    fresh.resume(len(fresh.examples), 3, 4)
    assert (fresh.card, fresh.rows) == shown
    fresh.new_table()
    c.new_table()
    assert (c.card, c.rows) == (fresh.card, fresh.rows)


def test_switching_language_keeps_the_drill_and_the_card():
    app = App("lesson=variants&pick=twins&lang=en")
    lesson = app.current
    lesson.try_toggle.value = True
    key = lesson.drill.answer_buttons[0].answer
    lesson.drill.answer(key)
    asked = lesson.drill.drill.asked
    app.go("lesson=variants&pick=twins&lang=cs")
    czech = app.current
    assert czech is lesson and czech.try_toggle.value is True and czech.drill.judged is not None
    assert czech.drill.judged.answer.key == key and czech.drill.drill.asked == asked == 1
    assert all(b.disabled for b in czech.drill.answer_buttons)
    app = App("lesson=cards&lang=en")
    app.current.explorer.card_input.value = 33
    app.current.explorer.show_kind(5)
    app.go("lesson=cards&lang=sk")
    explorer = app.current.explorer
    assert explorer.card == 33 and [b.button_style for b in explorer.kind_buttons] == ["", "", "", "info", ""]


def test_switching_language_keeps_the_saved_game_opened_in_play():
    """A saved game opened under Play (3 players, seed 5), stepped to its 4th step: in Slovak the same
    file at the same step, for the same seat, its hindsight not weighed again."""
    from sixnimmt_core.engine.game import Game
    from sixnimmt_core.players.bots import advance, make_bots
    from sixnimmt_core.teaching.saved import save

    game = advance(Game(players=3, seed=5), make_bots(["cautious"], 3, seed=5))
    app = App("lesson=play&lang=en")
    saved = app.current.launcher.saved
    assert saved.open_file(save(game), "evening.json")
    saved.replay.stepper.go(3)
    app.go("lesson=play&pick=base&lang=sk")
    slovak = app.current.launcher.saved
    assert slovak is saved and slovak.replay is not None and slovak.replay.lang == "sk"
    assert slovak.replay.stepper.index == 3
    assert "evening.json" in slovak.replay.stepper.title_text and slovak.opened == "evening.json"
    assert slovak.replay.stepper.next_button.description == "Ďalej ▶"
