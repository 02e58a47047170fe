"""A language switch in the app (issue 36, item 4): the language is a trait (``lang``) of one widget
tree, observed where words are drawn. Mid-lesson, en → cs → sk → ro → the pseudo language → en: every
lesson keeps its place (the step, the trainer's question and score, the game in Play with its hand,
selection and log, the saved game opened, the drill's question, the editor's table and what it
opened), no widget of the tree is replaced (the same objects, the same models), and in the pseudo
language every word shown is in the catalogues' brackets (``test_pseudo_locale``'s check): no word
was left in the language before."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import ipywidgets as W
import pytest
from test_pseudo_locale import PSEUDO, Seen, build_pseudo_catalogues

from sixnimmt_core.engine.game import Game
from sixnimmt_core.players.bots import advance, make_bots
from sixnimmt_core.teaching.saved import save
from sixnimmt_core.widgets._common import RowTable, relabel
from sixnimmt_core.widgets.apps import LESSONS, App
from sixnimmt_core.words import i18n

SWITCHES = ["cs", "sk", "ro", PSEUDO, "en"]
NEXT = {"en": "Next ▶", "cs": "Další ▶", "sk": "Ďalej ▶", "ro": "Înainte ▶", PSEUDO: "⟦Ñéxť ▶⟧"}


@pytest.fixture(scope="module", autouse=True)
def pseudo_language(tmp_path_factory) -> Iterator[None]:
    root = tmp_path_factory.mktemp("pseudo-locale")
    build_pseudo_catalogues(root)
    i18n.add_language(PSEUDO, root)
    yield
    i18n.remove_language(PSEUDO)


def tree(w: W.Widget) -> list[W.Widget]:
    """Every widget of the tree under ``w`` but the answers drawn for the question shown (the buttons
    that carry an ``answer``, and the rows a RowTable draws around them: each question's own)."""
    out = [w]
    if isinstance(w, RowTable):
        return [*out, w.picture]
    for child in getattr(w, "children", ()):
        if not hasattr(child, "answer"):
            out.extend(tree(child))
    return out


# ---- each lesson, mid-way -------------------------------------------------------------------------
def mid_lesson(key: str) -> App:
    """The app at lesson ``key`` in English, the learner some way into it."""
    if key in ("turn", "hand", "variants"):
        app = App({"turn": "lesson=turn&pick=pitfall-2&step=3", "hand": "lesson=hand&step=5",
                   "variants": "lesson=variants&pick=professional&step=2"}[key] + "&lang=en")
        app.current.stepper.next_button.click()
        if key == "variants":
            drill = app.current.drill
            app.current.try_toggle.value = True
            drill.answer(drill.answer_buttons[-1].answer)
        return app
    app = App(f"lesson={key}&lang=en")
    lesson = app.current
    if key == "cards":
        lesson.explorer.card_input.value = 33
        lesson.explorer.show_kind(5)
    elif key == "trainer":
        t = lesson.trainer
        t.answer(("row", 0))  # 29 on 8, 24, 69, 81 goes after 24 (row 2): wrong, 0 of 1
        t.new_button.click()
        t.answer(("low",))  # 3 is below every row end: named low, its row still to take
    elif key == "play":
        _play_on(lesson.launcher)
    elif key == "table":
        editor = lesson.editor
        editor.hand_box.value = "5 90"
        editor.step_through().go(1)
    return app


def _play_on(launcher: Any) -> None:
    """Refined (two cards a turn) for 3 with Experts and the Coach (4 deals): one turn laid, one card
    selected for the next; a saved game opened under the table at its 4th step, for seat B."""
    launcher.players.value = 3
    launcher.opponents.value = "Strong"
    launcher.picker.value = "refined"
    table = launcher.table
    table.flow.coach_samples, table.flow.coach_budget = 4, None
    table._pick(0)
    table._pick(1)
    table._confirm()
    while table.decision is not None and table.decision.kind != "play":
        table.act(table.decision.options[0])
    table._pick(2)
    game = advance(Game(players=3, seed=5), make_bots(["cautious"], 3, seed=5))
    saved = launcher.saved
    assert saved.open_file(save(game), "evening.json")
    saved.replay.stepper.go(3)
    saved.replay.seat_picker.value = 1


def place(app: App) -> tuple[Any, ...]:
    """Where the learner is in the lesson shown, the language aside."""
    lesson = app.current
    r = app.route
    where: tuple[Any, ...] = (r.lesson, r.pick, r.step, r.pos)
    if lesson.key == "cards":
        return (*where, lesson.explorer.card, lesson.explorer.kind)
    if lesson.key == "trainer":
        t = lesson.trainer
        return (*where, t.card, t.rows, t.phase, t.right, t.asked, t.choice, t.example_no,
                [b.answer for b in t.answer_buttons], bool(t.feedback.value))
    if lesson.key == "variants":
        d = lesson.drill
        return (*where, lesson.try_toggle.value, d.drill.question, d.judged.answer.key, d.drill.asked, d.drill.right,
                [b.disabled for b in d.answer_buttons])
    if lesson.key == "play":
        launcher = lesson.launcher
        t, replay = launcher.table, launcher.saved.replay
        return (*where, launcher.players.value, launcher.opponents.value, launcher.coach.value, t.game,
                len(t.game.log), list(t.game.hands[0]), t.decision, t.selection, launcher.saved.opened,
                replay.stepper.index, replay.seat_picker.value, replay.hindsight)
    if lesson.key == "table":
        e = lesson.editor
        return (*where, [b.value for b in e.row_boxes], e.hand_box.value, e.shown, e.shown.index)
    return where


@pytest.mark.parametrize("key", LESSONS)
def test_a_switch_mid_lesson_keeps_every_widget_and_the_place_and_speaks_the_new_language(key):
    app = mid_lesson(key)
    lesson = app.current
    before = tree(app)
    models = [w.model_id for w in before]
    here = place(app)
    for lang in SWITCHES:
        if lang == PSEUDO:
            app.lang = PSEUDO  # not a language a route names: the app's trait itself
        else:
            assert app.go(f"lesson={key}&lang={lang}").lang == lang
        assert app.current is lesson and lesson.lang == lang and set(app.lessons) == {key}
        now = {id(w) for w in tree(app)}
        assert [id(w) for w in before if id(w) not in now] == []  # no widget replaced …
        assert [w.model_id for w in before] == models  # … nor its model
        assert place(app) == here, lang
        assert f"snt-lang-{lang}" in lesson.widget._dom_classes
        assert [c for c in lesson.widget._dom_classes if c.startswith("snt-lang-")] == [f"snt-lang-{lang}"]
        if lesson.stepper is not None:
            assert lesson.stepper.next_button.description == NEXT[lang]
        if lang == PSEUDO:
            seen = Seen()
            seen.widget(app, f"{key} switched to the pseudo language")
            seen.check()


def test_a_lesson_left_in_one_language_speaks_the_next_when_shown_again():
    """The trainer answered in English, the cards shown, Czech chosen there: back at the trainer, the
    same trainer, in Czech, at its question with its score (a lesson not shown is told again only
    when it is shown)."""
    app = App("lesson=trainer&lang=en")
    trainer = app.current.trainer
    trainer.answer(("row", 1))  # 29 after 24: right, 1 of 1
    app.go("lesson=cards&lang=en")
    app.go("lesson=cards&lang=cs")
    assert trainer.lang == "en"  # not shown: not told again yet
    app.go("lesson=trainer&lang=cs")
    assert app.current.trainer is trainer and trainer.lang == "cs"
    assert (trainer.card, trainer.phase, trainer.right, trainer.asked) == (29, "done", 1, 1)
    assert "Skóre: 1 z 1 správně" in trainer.score.value


def test_relabelled_choices_keep_their_value_and_tell_no_observer():
    """Giving a Dropdown or ToggleButtons new labels would select its first option and tell its
    observers (ipywidgets does, even in ``hold_trait_notifications``); ``relabel`` keeps the pick."""
    told: list[Any] = []
    for choice in (W.Dropdown(options=[("One", 1), ("Two", 2), ("Three", 3)], value=2),
                   W.ToggleButtons(options=[("One", 1), ("Two", 2), ("Three", 3)], value=2, tooltips=["a", "b", "c"])):
        choice.observe(told.append, names=["value", "index"])
        relabel(choice, [("Jedna", 1), ("Dva", 2), ("Tři", 3)], ["á", "b", "c"])
        assert (choice.value, choice.index, choice.label) == (2, 1, "Dva")
        assert choice._options_labels == ("Jedna", "Dva", "Tři") and dict(choice.options) == {"Jedna": 1, "Dva": 2, "Tři": 3}
        assert told == []
        choice.value = 3  # still a choice like any other
        assert told and choice.label == "Tři"
        told.clear()
    with pytest.raises(ValueError):
        relabel(W.Dropdown(options=[("One", 1)]), [("Jedna", 2)])


def test_a_split_half_chosen_is_drawn_as_chosen_after_a_switch():
    """Hand variant: 5 is low, row 2 (just the 10) taken; the 10 chosen for the hand; in Czech the
    toggle still says hand, and Done keeps it (RULES.md §3.7: the taker decides card by card)."""
    from sixnimmt_core.engine.game import Deal
    from sixnimmt_core.widgets.play import PlayTable

    t = PlayTable("hand", deal=Deal([[5], [95], [96], [97]], [[40], [10], [60], [90]]), seed=3)
    t.choice_buttons[0].click()
    t.choice_buttons[1].click()  # take row 2: just the 10
    toggle = t.choice_buttons[0]
    toggle.value = True
    t.lang = "cs"
    assert t.keep == [10] and t.choice_buttons[0].value is True and t.choice_buttons[0].button_style == "info"
    assert t.choice_buttons[0].description == "✓ 10 → ruka"
    t.confirm_button.click()
    assert t.game.hands[0] == [10]
