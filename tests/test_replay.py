"""Saved games and hindsight (sixnimmt_core/teaching/saved.py): a saved file loads back as the same game,
a corrupt or tampered file is refused with the engine's words in every language, and the Coach's
hindsight on hand-built games says what a hand calculation says."""

from __future__ import annotations

import json

import pytest

from sixnimmt_core.engine import log
from sixnimmt_core.engine.decisions import PlayDecision, TakeRowDecision
from sixnimmt_core.engine.errors import CorruptLog
from sixnimmt_core.engine.game import Deal, Game
from sixnimmt_core.engine.rules import Rules
from sixnimmt_core.players.bots import advance, make_bots
from sixnimmt_core.teaching.saved import MAX_BYTES, Hindsight, file_name, load, save


def bot_game(variant: str = "base", players: int = 4, seed: int = 7, one_hand: bool = True) -> Game:
    from sixnimmt_core.engine.rules import find_variant

    game = Game(find_variant(variant), players, seed=seed, one_hand=one_hand)
    advance(game, make_bots(["cautious", "random"], players, seed=seed))
    assert game.over
    return game


def two_card_game(row_taken: int = 3) -> Game:
    """Tactics deck for 2 players with 2 cards each: the deck is 1–8, so nothing is hidden from
    seat 0 but the order of the other seat's cards. Seat 0 holds 2 and 5, seat 1 holds 1 and 8,
    the rows start 3, 4, 6, 7. Turn 1: seat 0 plays 2 (lower than every row end: it takes row
    ``row_taken``, one head), seat 1 plays 8. Turn 2: 5 and 1; 1 takes the row of 2."""
    g = Game(Rules(name="tactics", deck="tactics", hand_size=2), 2,
             deal=Deal(hands=[[2, 5], [1, 8]], rows=[[3], [4], [6], [7]]), one_hand=True)
    g.act(0, 2)
    g.act(1, 8)
    g.act(0, row_taken)
    g.act(0, 5)
    g.act(1, 1)
    g.act(1, 0)
    assert g.over
    return g


def seven_heads_game() -> Game:
    """One card each, the full deck: seat 0 lays 3, seat 1 lays 60, the rows end 55 (7 heads),
    10 (3), 7 (1) and 50 (3). 3 is lower than every row end, so seat 0 must take a row — and takes
    the row of 55."""
    g = Game(Rules(hand_size=1), 2, deal=Deal(hands=[[3], [60]], rows=[[55], [10], [7], [50]]), one_hand=True)
    g.act(0, 3)
    g.act(1, 60)
    g.act(0, 0)
    assert g.over
    return g


# ---- saving and loading ------------------------------------------------------------------------------
@pytest.mark.parametrize("variant,players,one_hand", [("base", 4, True), ("professional", 3, True),
                                                      ("refined", 4, True), ("base", 3, False)])
def test_a_saved_game_loads_back_as_the_same_game(variant, players, one_hand):
    game = bot_game(variant, players, one_hand=one_hand)
    data = save(game)
    assert isinstance(data, bytes) and data.endswith(b"\n")
    again = load(data)
    assert again.log == game.log
    assert log.to_json(again) == log.to_json(game)
    assert again.rules == game.rules and list(again.names) == list(game.names) and again.totals == game.totals
    assert json.loads(data) == log.to_json(game)  # the file is the engine's own log, nothing added
    assert load(data.decode()).log == game.log  # text reads the same as bytes


def test_a_saved_game_has_a_plain_file_name():
    assert file_name(bot_game("professional", 3)) == "6nimmt-professional-3p.json"
    assert file_name(seven_heads_game()) == "6nimmt-base-2p.json"


def refused(data, key: str) -> CorruptLog:
    with pytest.raises(CorruptLog) as info:
        load(data)
    assert info.value.key == key, info.value
    return info.value


def test_a_file_that_is_not_json_is_refused_in_every_language():
    data = save(two_card_game())
    exc = refused(data[: len(data) // 2], "log.json")  # cut off in the middle
    for lang in ("en", "cs", "sk", "ro"):
        assert exc.words(lang) and "{" not in exc.words(lang)
    assert exc.words("en") != exc.words("cs") != exc.words("ro")


def test_a_file_that_is_not_text_is_refused():
    exc = refused(b"\xff\xfe\x00{", "saved.not_text")
    assert exc.words("en") == "The file is not text (UTF-8): byte 0 cannot be read."
    assert exc.words("cs") == "Soubor není text (UTF-8): bajt č. 0 nelze přečíst."
    assert exc.words("sk") == "Súbor nie je text (UTF-8): bajt č. 0 sa nedá prečítať."
    assert exc.words("ro") == "Fișierul nu este text (UTF-8): octetul 0 nu poate fi citit."


def test_a_huge_file_is_refused_before_it_is_read():
    exc = refused(b" " * (MAX_BYTES + 1), "saved.too_big")
    assert str(MAX_BYTES + 1) in exc.words("en") and str(MAX_BYTES) in exc.words("ro")


def test_another_json_file_is_refused():
    refused(b'{"format": "something else"}', "log.format")
    refused(b"[1, 2, 3]", "log.format")


def tampered(game: Game, index: int, **change) -> bytes:
    data = log.to_json(game)
    data["events"][index].update(change)
    return json.dumps(data).encode()


def test_a_tampered_take_is_refused_with_the_event_it_differs_at():
    game = seven_heads_game()
    took = next(i for i, e in enumerate(log.to_json(game)["events"]) if e["kind"] == "took")
    exc = refused(tampered(game, took, heads=1), "log.differs")  # the row of 55 made to cost 1 head
    assert exc.values["event"] == took
    for lang in ("en", "cs", "sk", "ro"):
        assert str(took) in exc.words(lang)


def test_a_card_changed_in_a_hand_is_refused():
    game = two_card_game()
    # seat 0 "laid" 8, a card seat 1 holds: the engine refuses the answer while replaying it
    with pytest.raises(CorruptLog) as info:
        load(tampered(game, 2, cards=[8]))
    assert info.value.key in ("log.no_replay", "log.differs")
    assert "8" in info.value.words("en")


def test_a_log_with_an_event_left_out_is_refused():
    data = log.to_json(seven_heads_game())
    del data["events"][-1]
    refused(json.dumps(data), "log.length")


# ---- hindsight ------------------------------------------------------------------------------------------
def test_hindsight_on_a_row_of_55_says_the_row_of_7_was_expected_to_cost_1():
    # Seat 0 took row 1 (55: 7 heads). Everything is face up at that point and only 60 is left to
    # place: after 50 (or, when the row of 50 was taken and starts with 3, after 10), never a sixth
    # card. So taking row 1 costs 7, row 2 (10) 3, row 3 (7) 1, row 4 (50) 3: the cheapest is row
    # 3, expected to cost exactly 1; the answer given, exactly 7.
    h = Hindsight(seven_heads_game(), 0)
    (moment,) = h.moments()  # laying 3 was no choice: seat 0 held one card
    assert moment.asked is TakeRowDecision and moment.answer == 0 and moment.took == 7
    assert moment.best.action == 2 and moment.best.expected == 1.0
    assert moment.mine is not None and moment.mine.expected == 7.0 and not moment.agrees
    assert moment.words("en") == ("Hand 1, turn 1: you took row 1. This turn you took 7 heads. "
                                  "The Coach would have taken row 3: expected to cost ≈1.0 heads. "
                                  "Your choice was expected to cost ≈7.0 heads.")
    assert moment.words("cs") == ("Hra 1, kolo 1: tvoje volba — řada 1. Sebráno v tomto kole: 7 hlav. "
                                  "Trenér by vzal řadu 3: očekávaná ztráta ≈1,0 hlavy. "
                                  "Tvoje volba: očekávaná ztráta ≈7,0 hlavy.")
    assert moment.words("ro").startswith("Mâna 1, tura 1: ai luat rândul 1. În tura aceasta ai luat 7 capete. "
                                         "Antrenorul ar fi luat rândul 3")
    assert "7 hláv" in moment.words("sk")


def test_hindsight_on_a_low_card_played_too_early():
    # Turn 1, seat 0 chooses between 2 and 5 before seat 1 has chosen; seat 1's cards are exactly
    # 1 and 8 (the deck is 1-8). The Coach's model of seat 1, which has laid no card yet: careful with
    # chance 1/2 (it then plays as the cautious bot: 8, after 7, no risk, before 1, a take), else
    # careless (either card alike). So seat 1 lays 1 in turn 1 with chance 1/2 × 1/2 = 1/4.
    # - Play 2: when seat 1 lays 8, 2 is below every row end (3, 4, 6, 7: one head each): it takes a
    #   row, 1 head; turn 2: 1 takes a row, 5 goes after 4 or 3: nothing more. When seat 1 lays 1, 1 is
    #   placed first and takes a row, 2 goes after it: nothing; turn 2: 5 and 8 land safely. Expected
    #   3/4 × 1 + 1/4 × 0 = 0.75 heads.
    # - Play 5: after 4, whatever seat 1 lays; turn 2: 1 (whenever seat 1 lays it) is placed before 2 and
    #   starts a row, so 2 goes after 1: nothing taken. Cost 0 on every deal.
    h = Hindsight(two_card_game(), 0)
    play = h.at(2)
    assert play is not None and play.asked is PlayDecision and play.answer == (2,) and play.took == 1
    assert play.best.action == 5 and play.best.expected == 0.0
    assert abs(play.mine.expected - 0.75) <= max(0.05, 3 * play.mine.se) and not play.agrees
    assert play.words("en") == ("Hand 1, turn 1: you played 2. This turn you took 1 head. "
                                "The Coach would have played 5: expected to cost ≈0.0 heads. "
                                f"Your choice was expected to cost ≈{play.mine.expected:.1f} heads.")
    # Which row 2 takes: each row costs 1 now, and nothing later (turn 2: 1 takes a row, 5 lands
    # after 4 or after 2): every answer is expected to cost 1 — the answer given as good as any.
    take = h.at(5)
    assert take is not None and take.asked is TakeRowDecision and take.answer == 3 and take.took == 1
    assert take.agrees and take.best.expected == 1.0
    assert take.words("en") == ("Hand 1, turn 1: you took row 4. This turn you took 1 head. "
                                "As good as the Coach's choice: expected to cost ≈1.0 heads.")
    assert h.at(9) is None  # turn 2: one card left, nothing to choose
    assert h.at(3) is None and h.at(12) is None  # seat 1's decisions are not seat 0's
    assert [m.index for m in h.moments()] == [2, 5]


def test_hindsight_of_the_other_seat():
    # Seat 1 in turn 1: 1 or 8, after seat 0 laid 2 (hidden; seat 1 cannot know it was not 5).
    # Turn 2, seat 1's 1 takes a row: the rows are then 3 | 4 | 6 8 | 2 (seat 0's 2 took row 4, 8
    # went after 6). Seat 1 took row 1 (3: one head); rows 2 and 4 cost one head too, row 3 two;
    # 5 then goes after 4 whatever was taken. Expected: 1, as good as the Coach's choice.
    h = Hindsight(two_card_game(), 1)
    assert [m.index for m in h.moments()] == [3, 12]
    take = h.at(12)
    assert take.took == 1 and take.agrees and take.best.expected == 1.0


def test_hindsight_refuses_a_seat_the_game_has_not():
    with pytest.raises(CorruptLog) as info:
        Hindsight(seven_heads_game(), 2)
    assert info.value.key == "saved.no_seat"
    assert info.value.words("sk") == "Hra 2 hráčov nemá miesto 2."


def test_hindsight_reads_a_saved_file_and_a_bot_game():
    game = bot_game("base", 4)
    h = Hindsight(load(save(game)), 0, samples=2)
    moments = h.moments()
    assert moments, "seat 0 had choices in a ten-turn hand"
    assert all(m.seat == 0 and m.best.expected <= (m.mine.expected if m.mine else m.best.expected)
               for m in moments)
    # one PLAY moment a turn (the last turn, one card left, is none): their heads are part of the total
    plays = [m for m in moments if m.asked is PlayDecision]
    assert len({m.turn for m in plays}) == len(plays) <= 9
    assert sum(m.took for m in plays) <= game.totals[0]
    assert all(m.words(lang) for m in moments for lang in ("en", "cs", "sk", "ro"))


# ---- the widget (sixnimmt_core/widgets/replay.py) ----------------------------------------------------
def test_the_download_link_holds_the_saved_file_once_the_game_is_over():
    import base64
    import re

    from sixnimmt_core.widgets.replay import SavedGames

    saved = SavedGames(lang="sk")
    game = Game(Rules(hand_size=1), 2, deal=Deal(hands=[[3], [60]], rows=[[55], [10], [7], [50]]), one_hand=True)
    saved.offer(game)
    assert saved.download_view.value == ""  # nothing to download before the game is over
    game.act(0, 3)
    game.act(1, 60)
    game.act(0, 0)
    saved.offer(game)
    link = saved.download_view.value
    assert 'download="6nimmt-base-2p.json"' in link and "Stiahnuť túto hru" in link
    data = base64.b64decode(re.search(r'href="data:application/json;base64,([^"]+)"', link).group(1))
    assert load(data).log == game.log


def test_a_refused_file_changes_nothing_but_the_message():
    from sixnimmt_core.widgets.replay import SavedGames

    saved = SavedGames(lang="ro", budget=None)
    assert saved.open_file(save(seven_heads_game()), "a.json")
    shown = saved.replay
    shown.stepper.end()
    before = (shown.stepper.index, shown.hindsight_view.value, saved.shown.children)
    bad = tampered(seven_heads_game(), 1, rows=[[55], [10], [7], [51]])  # a row card changed: not the deal played
    assert not saved.open_file(bad, "b.json")
    assert "Fișierul acesta nu poate fi deschis:" in saved.message.value and 'role="alert"' in saved.message.value
    assert saved.replay is shown and (shown.stepper.index, shown.hindsight_view.value, saved.shown.children) == before
    assert saved.open_file(save(two_card_game()), "c.json")  # a good file again: shown, the message gone
    assert saved.message.value == "" and saved.replay is not shown


def test_the_replay_shows_the_hindsight_of_the_step_shown():
    from sixnimmt_core.widgets.replay import ReplayView

    view = ReplayView(seven_heads_game(), budget=None)
    said = []
    for i in range(len(view.stepper.steps)):
        view.stepper.go(i)
        said.append(view.hindsight_view.value)
    take = [v for v in said if "you took row 1" in v]
    assert len(take) == 1 and "The Coach would have taken row 3: expected to cost ≈1.0 heads." in take[0]
    assert sum("Nothing to choose here" in v for v in said) == 1  # laying 3, the only card
    view.seat_picker.value = 1  # the last step: the hand's end, no decision of anyone's
    assert "Player B decides nothing in this step" in view.hindsight_view.value
    said = []
    for i in range(len(view.stepper.steps)):
        view.stepper.go(i)
        said.append(view.hindsight_view.value)
    assert sum("Nothing to choose here" in v for v in said) == 1  # Player B laid 60, the only card
    assert not any("you took" in v or "you played" in v for v in said)


def test_nesting_is_refused_before_json_parses_it(monkeypatch):
    """6,000 bytes of brackets killed Python in the browser (JSON's parser overflowed the JavaScript
    stack): the nesting is counted first, and json.loads is never reached."""
    def never(*_a, **_k):
        raise AssertionError("json.loads was called on a too-deep log")

    monkeypatch.setattr(log.json, "loads", never)
    for text in ("[" * 3000 + "]" * 3000, '{"a":' * 33 + "1" + "}" * 33, "[" * 33):
        with pytest.raises(CorruptLog, match="nested too deeply"):
            log.replay(text)


def test_the_nesting_count_is_exact_and_skips_strings():
    assert not log.too_deep("[" * 32 + "]" * 32) and log.too_deep("[" * 33 + "]" * 33)
    assert not log.too_deep(json.dumps({"names": ["[" * 500, '\\"[[[' * 50, "{" * 99]}))
    assert log.too_deep('["\\\\"' + "[" * 40)  # an escaped backslash ends before the quote: brackets count


def test_a_saved_game_with_brackets_in_its_names_replays():
    game = bot_game()
    saved = json.loads(log.dumps(game))
    saved["names"] = ["[[[[[[[[[[" * 10, "{{{{" * 30, "B", "C"]
    assert log.replay(json.dumps(saved)).names[0] == "[[[[[[[[[[" * 10


@pytest.mark.parametrize("variant", ["base", "professional", "refined", "twins", "open"])
def test_hindsight_of_a_position_is_the_advice_play_gave_live(variant):
    # One advisor: Play's Coach and hindsight after the saved game ask bots.coach_advice, seeded by the
    # game's seed and the decision's place in the log; with the same deals (no time budget) the hindsight
    # of each decision is exactly the live advice, numbers and all.
    from sixnimmt_core.widgets.play import PlayTable

    t = PlayTable(variant, seed=11, coach=True, coach_samples=12, coach_budget=None)
    live = {}
    while t.decision is not None and len(live) < 4:
        d = t.decision
        est = t.estimates(d)
        index = len(t.game.log)
        if len(d.options) > 1:
            live[index] = est
        t.act(est[-1].action if len(live) % 2 else est[0].action)  # the advice, or the last answer shown
    h = Hindsight(load(save(t.game)), 0, samples=12, budget=None)
    assert live
    for index, est in live.items():
        m = h.at(index)
        assert m is not None and m.best == est[0], (variant, index)
        assert m.mine in est


def test_the_replays_hindsight_is_plays_coach_with_its_own_settings():
    # One advisor, one budget: the replay under Play asks the Coach with Play's deals and time budget
    # (bots.COACH_SAMPLES, COACH_BUDGET), not a budget of its own; and with the same deals (no time
    # budget) the replay's hindsight at a recorded decision is the advice Play showed live for it.
    import inspect

    from sixnimmt_core.players.bots import COACH_BUDGET, COACH_SAMPLES
    from sixnimmt_core.widgets.play import PlayTable
    from sixnimmt_core.widgets.replay import ReplayView, SavedGames

    assert inspect.signature(PlayTable).parameters["coach_budget"].default == COACH_BUDGET
    assert inspect.signature(ReplayView).parameters["budget"].default == COACH_BUDGET
    assert inspect.signature(SavedGames).parameters["budget"].default == COACH_BUDGET
    view = ReplayView(seven_heads_game())
    assert (view.hindsight.samples, view.hindsight.budget) == (COACH_SAMPLES, COACH_BUDGET)
    t = PlayTable("base", seed=5, coach=True, coach_budget=None)
    assert t.coach_samples == COACH_SAMPLES
    live = {}
    while t.decision is not None and len(live) < 2:
        d = t.decision
        est = t.estimates(d)
        if len(d.options) > 1:
            live[len(t.game.log)] = est
        t.act(est[0].action)
    view = ReplayView(load(save(t.game)), budget=None)
    for index, est in live.items():
        m = view.hindsight.at(index)
        assert m is not None and m.best == est[0] and m.mine == est[0], index
