"""Typed events (sixnimmt_core/engine/events.py): each class saves and loads as docs/log-format.md says,
names its words by a key the catalogue holds, answers the decision it answers; and no module but
the events module tells events apart by a kind's name."""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import ClassVar

import pytest

from sixnimmt_core.engine.errors import CorruptLog
from sixnimmt_core.engine.events import (
    _ALWAYS,
    EVENTS,
    KINDS,
    Answer,
    Chose,
    ChoseRow,
    ChoseSpot,
    Dealt,
    Drafted,
    Event,
    HandEnded,
    HandStarted,
    LaidOut,
    Marker,
    MatchEnded,
    Ordered,
    Passed,
    Placed,
    Played,
    Revealed,
    RowsStarted,
    Sheets,
    Split,
    Took,
    classes,
    define,
    event_class,
)
from sixnimmt_core.engine.fold import Table
from sixnimmt_core.engine.game import ANSWERS, CHANCE, Game
from sixnimmt_core.engine.rules import EndReason, find_variant
from sixnimmt_core.teaching.narrator import _SAID
from sixnimmt_core.teaching.teach import Rulebook, hand_walk, one_hand, tour_walk
from sixnimmt_core.words import i18n

PACKAGE = Path(__file__).resolve().parent.parent / "sixnimmt_core"
LOGS = Path(__file__).parent / "golden" / "logs"

# Each event written by hand, beside the JSON object docs/log-format.md says a saved game holds for
# it: "kind", then "seat" when there is one, then the values in the documented order; optional
# values only when they say something (given, open, refined, end, side, owners, shared, split …).
SAVED: list[tuple[Event, str]] = [
    (HandStarted(hand=2), '{"kind": "hand_started", "hand": 2}'),
    (Dealt(hands=[[3, 40], [7, 9]], rows=[[5], [15], [25], [35]]),
     '{"kind": "dealt", "hands": [[3, 40], [7, 9]], "rows": [[5], [15], [25], [35]]}'),
    (Dealt(hands=[[3], [7]], rows=[[5, 5], [15], [25], [35]], given=True),
     '{"kind": "dealt", "hands": [[3], [7]], "rows": [[5, 5], [15], [25], [35]], "given": true}'),
    (LaidOut(cards=[1, 2, 3]), '{"kind": "laid_out", "cards": [1, 2, 3]}'),
    (Drafted(seat=1, card=17), '{"kind": "drafted", "seat": 1, "card": 17}'),
    (RowsStarted(rows=[[2], [8], [9], [11]]), '{"kind": "rows_started", "rows": [[2], [8], [9], [11]]}'),
    (Sheets(hand=2, holders=[2, 0, 1], hands=[[1], [2], [3]], rows=[[4], [5], [6], [7]]),
     '{"kind": "sheets", "hand": 2, "holders": [2, 0, 1], "hands": [[1], [2], [3]], "rows": [[4], [5], [6], [7]]}'),
    (Chose(seat=0, cards=[29]), '{"kind": "chose", "seat": 0, "cards": [29]}'),
    (Chose(seat=3, cards=[29], open=True), '{"kind": "chose", "seat": 3, "cards": [29], "open": true}'),
    (Played(seat=2, cards=[50, 8]), '{"kind": "played", "seat": 2, "cards": [50, 8]}'),
    (Revealed(cards=[[7], [], [26]]), '{"kind": "revealed", "cards": [[7], [], [26]]}'),
    (Revealed(cards=[[7, 9], [26, 30]], refined=True),
     '{"kind": "revealed", "cards": [[7, 9], [26, 30]], "refined": true}'),
    (Ordered(seat=1, first=30, second=26), '{"kind": "ordered", "seat": 1, "first": 30, "second": 26}'),
    (Placed(seat=0, card=29, row=1, rule="closest", end=24),
     '{"kind": "placed", "seat": 0, "card": 29, "row": 1, "rule": "closest", "end": 24}'),
    (Placed(seat=2, card=3, row=0, rule="low"), '{"kind": "placed", "seat": 2, "card": 3, "row": 0, "rule": "low"}'),
    (Placed(seat=1, card=17, row=0, rule="sixth", end=21, side="left"),
     '{"kind": "placed", "seat": 1, "card": 17, "row": 0, "rule": "sixth", "end": 21, "side": "left"}'),
    (Placed(seat=0, card=36, row=3, rule="closest", end=35, owners=[0, 4]),
     '{"kind": "placed", "seat": 0, "card": 36, "row": 3, "rule": "closest", "end": 35, "owners": [0, 4]}'),
    (ChoseRow(seat=2, row=3, card=3), '{"kind": "chose_row", "seat": 2, "row": 3, "card": 3}'),
    (ChoseSpot(seat=1, row=2, side="left", card=50),
     '{"kind": "chose_spot", "seat": 1, "row": 2, "side": "left", "card": 50}'),
    (Took(seat=0, row=1, cards=[6, 7, 24, 26, 27], heads=7, why="sixth"),
     '{"kind": "took", "seat": 0, "row": 1, "cards": [6, 7, 24, 26, 27], "heads": 7, "why": "sixth"}'),
    (Took(seat=0, row=2, cards=[15, 55], heads=9, why="sixth", shared=[0, 4], share=5),
     '{"kind": "took", "seat": 0, "row": 2, "cards": [15, 55], "heads": 9, "why": "sixth", "shared": [0, 4], "share": 5}'),
    (Took(seat=1, row=0, cards=[25, 26], heads=3, why="low", split=True),
     '{"kind": "took", "seat": 1, "row": 0, "cards": [25, 26], "heads": 3, "why": "low", "split": true}'),
    (Split(seat=1, to_hand=[26], to_pile=[25]), '{"kind": "split", "seat": 1, "to_hand": [26], "to_pile": [25]}'),
    (Passed(seat=2), '{"kind": "passed", "seat": 2}'),
    (Marker(seat=1), '{"kind": "marker", "seat": 1}'),
    (HandEnded(hand=1, scores=[3, 0], totals=[3, 0], hands_left=None),
     '{"kind": "hand_ended", "hand": 1, "scores": [3, 0], "totals": [3, 0], "hands_left": null}'),
    (HandEnded(hand=1, scores=[5, 2], totals=[5, 2], hands_left=[[9], []]),
     '{"kind": "hand_ended", "hand": 1, "scores": [5, 2], "totals": [5, 2], "hands_left": [[9], []]}'),
    (MatchEnded(totals=[70, 12], winners=[1], why=EndReason.LIMIT, limit=66, reached=[0]),
     '{"kind": "match_ended", "totals": [70, 12], "winners": [1], "why": "limit", "limit": 66, "reached": [0]}'),
    (MatchEnded(totals=[41, 44, 9], winners=[2], why=EndReason.EXCEEDS, limit=40, reached=[0, 1]),
     '{"kind": "match_ended", "totals": [41, 44, 9], "winners": [2], "why": "exceeds", "limit": 40, '
     '"reached": [0, 1]}'),
    (MatchEnded(totals=[4, 4], winners=[0, 1], why=EndReason.HANDS, hands=2, by_selection=[[1, 3], [3, 1]]),
     '{"kind": "match_ended", "totals": [4, 4], "winners": [0, 1], "why": "hands", "hands": 2, '
     '"by_selection": [[1, 3], [3, 1]]}'),
]


@pytest.mark.parametrize(("event", "saved"), SAVED, ids=[f"{e.kind}-{i}" for i, (e, _) in enumerate(SAVED)])
def test_an_event_saves_as_the_format_says_and_loads_back(event, saved):
    assert json.dumps(event.to_json()) == saved  # the keys in this order, byte for byte
    again = Event.from_json(json.loads(saved))
    assert type(again) is type(event) and again == event
    assert again.data == {k: v for k, v in json.loads(saved).items() if k not in ("kind", "seat")}


def test_every_kind_of_event_is_written_by_hand_above():
    assert {type(e) for e, _ in SAVED} == set(EVENTS)


def test_kinds_and_keys_are_one_per_class_and_the_catalogue_has_every_key():
    assert len({cls.kind for cls in EVENTS}) == len(EVENTS) == len(KINDS)
    assert len({cls.key for cls in EVENTS}) == len(EVENTS)
    assert all(cls.key == "event." + cls.kind and _has_text(cls.key) for cls in EVENTS)
    assert _has_text(Rulebook.key) and Rulebook.kind not in KINDS  # a lesson's step, never saved


def test_every_event_of_the_saved_games_loads_and_saves_unchanged():
    for path in sorted(LOGS.glob("*.json")):
        for obj in json.loads(path.read_text(encoding="utf-8"))["events"]:
            assert json.dumps(Event.from_json(obj).to_json()) == json.dumps(obj), path.name


def test_a_value_saved_as_another_type_than_its_default_is_kept():
    # "open": 0 is not the absence of "open" (False): a log that says it is written back as it was
    assert Chose(seat=0, cards=[3], open=0).to_json() == {"kind": "chose", "seat": 0, "cards": [3], "open": 0}
    assert Dealt(hands=[[3]], rows=[[5]], given=1).to_json()["given"] == 1


def test_a_class_made_elsewhere_is_made_like_the_events_here():
    @define
    class Remark(Event):
        kind: ClassVar[str] = "remark"
        key: ClassVar[str] = "event.remark"
        text: str
        loud: bool = False

    assert Remark._saved == (("text", _ALWAYS), ("loud", False))
    assert Remark(seat=1, text="hm").to_json() == {"kind": "remark", "seat": 1, "text": "hm"}
    assert Remark(text="hm", loud=True).data == {"text": "hm", "loud": True}
    assert Remark(text="hm") == Remark(text="hm") != Remark(text="hm", loud=True)
    assert not hasattr(Remark(text="hm"), "__dict__")  # slots
    with pytest.raises(TypeError):
        Remark(None, "hm")  # keywords only  # type: ignore[misc]
    with pytest.raises(TypeError):
        hash(Remark(text="hm"))  # like every event: its values may be lists
    assert repr(Remark(seat=1, text="hm")) == "Remark(seat=1, text='hm', loud=False)"
    assert "remark" not in KINDS  # an event class, not a kind a saved game may hold


def test_events_are_frozen():
    e = Placed(seat=0, card=29, row=1, rule="closest", end=24)
    with pytest.raises(AttributeError):
        e.card = 30  # type: ignore[misc]
    assert not hasattr(e, "__dict__")  # slots: an event holds its fields and nothing else


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        ({"kind": "tok", "seat": 0}, "a saved game has no event of kind 'tok'"),
        ({"kind": "took", "seat": 0, "cards": [1]}, "a took event needs row, heads, why"),
        ({"kind": "chose", "seat": 0, "cards": [3], "colour": "red"}, "a chose event has no 'colour'"),
        ({"kind": "marker", "seat": 1, "key": "event.marker"}, "a marker event has no 'key'"),
        ({"kind": 5}, "a saved game has no event of kind 5"),
        ({"kind": ["placed"]}, "a saved game has no event of kind ['placed']"),
        ({"kind": "chose", "seat": 0, "cards": [3], "colour": "red", "size": 2},
         "a chose event has no 'colour', 'size'"),
        # a name is shown whole up to 40 characters (its quotes included), else cut to 39 and "…"
        ({"kind": "x" * 38}, "a saved game has no event of kind '" + "x" * 38 + "'"),
        ({"kind": "x" * 39}, "a saved game has no event of kind '" + "x" * 38 + "…"),
        # a match's end: a code there is none of, a version 1 sentence, or a code without its number
        ({"kind": "match_ended", "totals": [70, 1], "winners": [1], "why": "lmit", "limit": 66},
         "a match_ended event holds a value no such event can hold"),
        ({"kind": "match_ended", "totals": [70, 1], "winners": [1], "why": "a player has 66 or more"},
         "a match_ended event holds a value no such event can hold"),
        ({"kind": "match_ended", "totals": [70, 1], "winners": [1], "why": "limit", "hands": 3},
         "a match_ended event holds a value no such event can hold"),
        ({"kind": "match_ended", "totals": [7, 1], "winners": [1], "why": "hands"},
         "a match_ended event holds a value no such event can hold"),
    ],
)
def test_an_event_that_is_not_one_is_a_corrupt_log(obj, message):
    with pytest.raises(CorruptLog) as info:
        Event.from_json(obj)
    assert (str(info.value), info.value.rule) == (message, "log")


def test_answers_are_what_game_act_takes():
    # one answer per decision the engine asks (decisions.Decision.kind), in the form act() takes
    assert Chose(seat=0, cards=[29]).answer() == (29,)
    assert Played(seat=0, cards=[50, 8]).answer() == (50, 8)
    assert Drafted(seat=0, card=17).answer() == 17
    assert Ordered(seat=0, first=30, second=26).answer() == (30, 26)
    assert ChoseRow(seat=0, row=3, card=3).answer() == 3
    assert ChoseSpot(seat=0, row=2, side="left", card=50).answer() == (2, "left")
    assert Split(seat=0, to_hand=[26], to_pile=[25]).answer() == (26,)
    assert ANSWERS == {"chose": "play", "played": "play", "drafted": "draft", "ordered": "order",
                       "chose_row": "take_row", "chose_spot": "spot", "split": "split"}
    assert {cls for cls in EVENTS if issubclass(cls, Answer)} == {Chose, Played, Drafted, Ordered, ChoseRow,
                                                                ChoseSpot, Split}
    assert CHANCE == ("dealt",)


def test_kinds_by_name_become_classes():
    assert event_class("placed") is Placed
    assert classes(["chose", Took, "no such kind"]) == (Chose, Took)
    with pytest.raises(KeyError):
        event_class("rulebook")


def test_the_log_holds_typed_events_built_when_read():
    g = Game(find_variant("base"), 4, seed=7, one_hand=True)
    assert type(g.log[0]) is HandStarted and type(g.log[1]) is Dealt
    for seat in range(4):
        g.act(seat, g.hands[seat][0])
    kinds = [type(e) for e in g.log]
    assert kinds[:7] == [HandStarted, Dealt, Chose, Chose, Chose, Chose, Revealed]
    assert all(type(e) in (Placed, Took, ChoseRow) for e in g.log[7:])


def test_every_kind_of_event_is_said_and_those_that_change_the_table_are_folded():
    assert set(_SAID) == set(EVENTS)  # the narrator's one method per kind
    t = Table(2, rows=[[5], [15], [25], [35]], hands=[[3, 40], [7, 9]])
    for e in (Ordered(seat=0, first=3, second=40), ChoseRow(seat=0, row=1, card=3),
              ChoseSpot(seat=0, row=1, side="left", card=3), Passed(seat=1)):
        before = t.copy()
        t.apply(e)  # the placement and take that follow say what changes
        assert t == before


# ---- no module tells events apart by a kind's name -------------------------------------------------
def _kind_compares(tree: ast.AST, names: set[str]) -> list[int]:
    """Lines that compare ``….kind`` with a text or look it up in a set of names kept elsewhere,
    compare a text that is an event kind's name, or look something up by ``….kind`` (but in a
    dict literal keyed by named constants)."""
    def texts(node: ast.AST) -> list[str]:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return [node.value]
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return [t for elt in node.elts for t in texts(elt)]
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("frozenset", "set", "tuple"):
            return [t for arg in node.args for t in texts(arg)]
        return []

    def is_kind(node: ast.AST) -> bool:
        return isinstance(node, ast.Attribute) and node.attr == "kind"

    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            said = [t for side in sides for t in texts(side)]
            held_elsewhere = is_kind(node.left) and any(  # kind in SOME_KINDS: names kept in a set
                isinstance(op, (ast.In, ast.NotIn)) and isinstance(c, (ast.Name, ast.Attribute))
                for op, c in zip(node.ops, node.comparators, strict=True))
            if (any(is_kind(s) for s in sides) and said) or any(t in names for t in said) or held_elsewhere:
                lines.append(node.lineno)
        elif isinstance(node, ast.Subscript) and is_kind(node.slice):
            keyed_by_constants = isinstance(node.value, ast.Dict) and all(
                isinstance(k, ast.Name) for k in node.value.keys)  # {PLAY: …}[d.kind]: a decision's kind
            if not keyed_by_constants:
                lines.append(node.lineno)
    return lines


def test_no_module_but_the_events_module_compares_kinds_by_name():
    names = set(KINDS) - {"split"}  # "split" is also a decision's kind, compared by its constant
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "events.py" and path.parent == PACKAGE / "engine":
            continue
        lines = _kind_compares(ast.parse(path.read_text(encoding="utf-8")), names)
        if lines:
            found[str(path.relative_to(PACKAGE))] = lines
    assert found == {}


def test_the_check_catches_what_it_looks_for():
    names = set(KINDS) - {"split"}
    caught = ['e.kind == "placed"', 'k in ("chose", "played")', 'e.kind in frozenset({"x"})',
              '"took" == kind', 'HANDLERS[e.kind]', 'k not in ("marker",)', '{"placed": 1}[e.kind]',
              'f.event.kind not in LEAVES_OUT', 'e.kind in self.skip']
    for code in caught:
        assert _kind_compares(ast.parse(code), names) == [1], code
    for code in ["d.kind == PLAY", "isinstance(e, Placed)", 'p.rule == "sixth"', 'side == "left"',
                 '{PLAY: "choose a card", DRAFT: "take one"}[d.kind]', "d.kind in (PLAY, DRAFT)"]:
        assert _kind_compares(ast.parse(code), names) == [], code


# ---- a tour of one hand (teach.one_hand) -------------------------------------------------------------
def test_a_one_hand_tour_ends_with_its_hand():
    full = hand_walk()
    shown = one_hand(full)
    assert isinstance(full.steps[-1].frames[-1].event, MatchEnded)  # the walk of the game itself
    assert not any(isinstance(f.event, MatchEnded) for st in shown.steps for f in st.frames)
    assert isinstance(shown.steps[-1].event, HandEnded)
    assert shown.steps[-1].text.startswith("The hand is over.") and "wins" not in shown.steps[-1].text
    assert len(shown.steps) == len(full.steps) and shown.steps[:-1] == full.steps[:-1]
    assert (shown.rules, shown.names, shown.title) == (full.rules, full.names, full.title)


def test_a_tour_of_a_whole_match_keeps_its_end():
    tournament = tour_walk("tournament")
    assert one_hand(tournament) is tournament


def _has_text(key: str) -> bool:
    """Whether the English catalogue has the key, singular or plural."""
    try:
        i18n.text(key)
    except KeyError:
        try:
            i18n.text(key, n=2)
        except KeyError:
            return False
    return True
