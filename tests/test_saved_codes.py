"""A saved game of codes (issue 34, item 5; version 2 of docs/log-format.md): a saved game holds
codes and numbers and no word of any language — a match's end is a reason code with its numbers, a
seat no one named has no name — and the words are made from the codes when the game is shown, in
the reader's language. Version 1 files (an English sentence for a match's end, "Player A" for an
unnamed seat) still open, and are saved again as version 2. Every expected value here is written by
hand (from the files' own numbers and the catalogues' sentences), not taken from the engine."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from sixnimmt_core.engine.errors import CorruptLog
from sixnimmt_core.engine.game import Game
from sixnimmt_core.engine.log import dumps, replay, to_json
from sixnimmt_core.engine.rules import VARIANTS, MatchEnd, find_variant
from sixnimmt_core.players.bots import advance, make_bots
from sixnimmt_core.teaching.narrate import narrate
from sixnimmt_core.teaching.saved import load
from sixnimmt_core.words import i18n

GOLDEN = Path(__file__).parent / "golden"
LOCALE = i18n.LOCALE_DIR


# ---- (1) no word of any language in a saved game -----------------------------------------------------
def catalogue_words() -> set[str]:
    """Every word of four letters or more of every text of every catalogue of every language, lower
    case (placeholders such as {limit} and HTML tags left out)."""
    words: set[str] = set()
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as f:
            catalog = read_po(f)
        for message in catalog:
            if not message.id:
                continue
            for form in message.string if isinstance(message.string, tuple) else (message.string,):
                plain = re.sub(r"<[^>]*>|\{[^}]*\}", " ", form or "")
                words |= {w.casefold() for w in re.findall(r"[^\W\d_]{4,}", plain)}
    return words


# The codes a saved game holds as strings. Several are English words that a catalogue uses too
# ("hidden", "sixth", "hands", "Tactics" …), so they are the only strings let through, each a value
# of a closed list that the engine compares and no reader is shown (written here by hand):
CODES = {
    "sixnimmt-log",  # the format's name (top level "format")
    # the events' kinds (each event's "kind")
    "hand_started", "dealt", "laid_out", "drafted", "rows_started", "sheets", "chose", "played", "revealed",
    "ordered", "placed", "chose_row", "chose_spot", "took", "split", "passed", "marker", "hand_ended", "match_ended",
    # the presets' names (rules "name"): base and the eight variants
    "base", "tactics", "logic", "tournament", "professional", "open", "refined", "hand", "twins",
    # the rule options' choices (rules "deck", "twins", "choosing", "dealing", "hand_end")
    "full", "none", "double", "elevens", "hidden", "immediate", "shuffle", "draft", "cards_out", "empty_or_pile",
    # where a card went and why a row was taken ("placed" rule and side, "took" why)
    "closest", "sixth", "low", "nowhere", "twin", "left", "right",
    # why the match ended ("match_ended" why)
    "limit", "exceeds", "hands",
}


def strings(value: Any) -> list[str]:
    """Every string value in a JSON document (not its keys), however deep."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def words_of_a_language(saved: dict[str, Any], known: set[str]) -> set[str]:
    """The strings of a saved game that are not codes and hold a word of a catalogue ("Player",
    "more"): a code's parts joined by "_" count as one word ("cards_out"), as the engine writes it."""
    found = set()
    for s in strings(saved):
        if s in CODES:
            continue
        found |= {w for w in re.findall(r"[^\W\d]{4,}", s) if w.casefold() in known}
    return found


# Players per variant: a Tournament seats at most five; every variant plays a whole match.
PLAYERS = {"base": 4, "tactics": 3, "logic": 2, "tournament": 3, "professional": 4, "open": 4, "refined": 3,
           "hand": 3, "twins": 5}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_whole_match_of_bots_saves_no_word_of_any_language(variant):
    players = PLAYERS[variant]
    game = Game(find_variant(variant), players, seed=3)
    advance(game, make_bots(["cautious", "random"], players, seed=3))
    assert game.over
    saved = json.loads(dumps(game))
    assert saved["version"] == 2 and saved["names"] == [None] * players
    assert words_of_a_language(saved, catalogue_words()) == set()
    assert set(strings(saved)) <= CODES  # every string in it is a code
    end = saved["events"][-1]
    assert end["kind"] == "match_ended" and end["why"] in ("limit", "hands")


def test_the_check_finds_the_words_a_version_1_file_holds():
    """Not an empty check: a version 1 file holds "Player A" and a sentence of English."""
    old = json.loads((GOLDEN / "logs-v1" / "base-4p-match.json").read_text(encoding="utf-8"))
    assert words_of_a_language(old, catalogue_words()) >= {"Player", "player", "more"}
    assert {"closest", "hidden", "hands", "tactics"} <= catalogue_words()  # why CODES are let through


# ---- (2) a version 1 file replays and is saved again as version 2 ---------------------------------------
@pytest.mark.parametrize(("name", "end"), [
    # seat 1's 67 reached 66 (the one total of 66 or more)
    ("base-4p-match", {"kind": "match_ended", "totals": [20, 67, 59, 61], "winners": [0], "why": "limit",
                       "limit": 66, "reached": [1]}),
    # a Tournament of three players plays three hands; its selections are kept as they were
    ("tournament-3p", {"kind": "match_ended", "totals": [9, 35, 63], "winners": [0], "why": "hands", "hands": 3,
                       "by_selection": [[5, 10, 22], [3, 15, 25], [1, 10, 16]]}),
    ("pitfall-2", {"kind": "match_ended", "totals": [2, 10], "winners": [0], "why": "hands", "hands": 1}),
])
def test_a_version_1_file_replays_and_is_saved_again_as_version_2(name, end):
    text = (GOLDEN / "logs-v1" / f"{name}.json").read_text(encoding="utf-8")
    old = json.loads(text)
    assert old["version"] == 1 and all(n.startswith("Player ") for n in old["names"])
    again = to_json(replay(text))
    assert again["version"] == 2
    assert again["names"] == [None] * old["players"]
    assert again["events"][-1] == end
    assert again["events"][:-1] == old["events"][:-1]  # only the match's end is written differently
    assert {k: v for k, v in again.items() if k not in ("version", "names", "events")} == {
        k: v for k, v in old.items() if k not in ("version", "names", "events")}
    assert to_json(replay(again)) == again  # and the version 2 file replays to itself


def test_a_version_1_name_given_by_a_person_is_kept():
    old = json.loads((GOLDEN / "logs-v1" / "logic-2p.json").read_text(encoding="utf-8"))
    old["names"] = ["Ann", "Player B"]
    assert to_json(replay(old))["names"] == ["Ann", None]


def test_a_seat_no_one_named_is_saved_without_a_name_and_said_in_the_reader_s_language():
    game = Game(find_variant("base"), 2, names=["Ann", None], seed=5, one_hand=True)
    advance(game, make_bots(["cautious"], 2, seed=5))
    saved = dumps(game)
    assert json.loads(saved)["names"] == ["Ann", None]
    said = {lang: "\n".join(narrate(load(saved), lang)) for lang in ("en", "cs", "sk", "ro")}
    assert "Ann" in said["cs"] and "Hráč B" in said["cs"] and "Player" not in said["cs"]
    assert "Hráč B" in said["sk"] and "Jucătorul B" in said["ro"] and "Player B" in said["en"]


@pytest.mark.parametrize(("version", "names"), [(1, [None, "Player B"]), (2, [3, None]), (2, "Ann")])
def test_names_a_version_does_not_write_are_refused(version, names):
    data = json.loads((GOLDEN / "logs-v1" / "logic-2p.json").read_text(encoding="utf-8"))
    data.update(version=version, names=names)
    with pytest.raises(CorruptLog) as refused:
        replay(json.dumps(data))
    assert refused.value.key == "log.names"


# ---- (3) a version 2 file says its match's end in the reader's language ------------------------------------
ENDED_BY_66 = {
    "en": "The match is over (a player has 66 or more). Player A wins with the fewest points.",
    "cs": "Zápas skončil (některý hráč má 66 nebo více bodů). Hráč A vyhrává s nejmenším počtem bodů.",
    "sk": "Zápas sa skončil (niektorý hráč má 66 alebo viac bodov). Hráč A vyhráva s najmenším počtom bodov.",
    "ro": "Partida s-a terminat (totalul unui jucător a ajuns la 66 sau mai mult). "
          "Jucătorul A câștigă cu cele mai puține puncte.",
}
THREE_HANDS = {"en": "The match is over (3 hands played). ", "cs": "Zápas skončil (odehrány 3 hry). ",
               "sk": "Zápas sa skončil (odohraté 3 hry). ", "ro": "Partida s-a terminat (3 mâini jucate). "}
OVER_30 = {"en": "The match is over (a player has more than 30). ",
           "cs": "Zápas skončil (některý hráč má víc než 30 bodů). ",
           "sk": "Zápas sa skončil (niektorý hráč má viac ako 30 bodov). ",
           "ro": "Partida s-a terminat (totalul unui jucător a trecut de 30). "}
# English words of a match's end that none of the other three languages has
ENGLISH = {"match", "over", "player", "players", "hand", "hands", "played", "wins", "more", "than", "with",
           "fewest", "points"}


def _no_english(line: str) -> bool:
    return not {w.casefold() for w in re.findall(r"[^\W\d_]+", line)} & ENGLISH


@pytest.mark.parametrize("lang", ["en", "cs", "sk", "ro"])
def test_a_version_2_file_says_its_match_s_end_in_the_reader_s_language(lang):
    saved = (GOLDEN / "logs" / "base-4p-match.json").read_bytes()
    assert json.loads(saved)["events"][-1]["why"] == "limit"
    assert narrate(load(saved), lang)[-1] == ENDED_BY_66[lang]
    tournament = narrate(load((GOLDEN / "logs" / "tournament-3p.json").read_bytes()), lang)
    assert tournament[-1].startswith(THREE_HANDS[lang])
    if lang != "en":
        assert _no_english(ENDED_BY_66[lang]) and _no_english(tournament[-1])


@pytest.mark.parametrize("lang", ["en", "cs", "sk", "ro"])
def test_a_match_ended_by_more_than_its_limit_is_said_from_its_code(lang):
    game = Game(find_variant("base").but(match_end=MatchEnd(limit=30, exceeds=True)), 3, seed=2)
    advance(game, make_bots(["random"], 3, seed=2))
    saved = json.loads(dumps(game))
    end = saved["events"][-1]
    assert (end["why"], end["limit"]) == ("exceeds", 30)
    assert end["reached"] == [s for s, t in enumerate(end["totals"]) if t > 30] != []
    line = narrate(load(json.dumps(saved)), lang)[-1]
    assert line.startswith(OVER_30[lang])
    assert lang == "en" or _no_english(line)


# ---- (4) a match's end changed in a file is refused ----------------------------------------------------
def _changed(path: Path, **change: Any) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    end = data["events"][-1]
    for key, value in change.items():
        if value is None:
            del end[key]
        else:
            end[key] = value
    return data


V2_CHANGES = [
    ({"why": "exceeds"}, "log.differs"),  # 67 is also more than 66: only the code tells them apart
    ({"limit": 65}, "log.differs"),
    ({"limit": 67}, "log.differs"),
    ({"reached": [1, 3]}, "log.differs"),
    ({"reached": [2]}, "log.differs"),
    ({"reached": None}, "log.differs"),  # left out
    ({"why": "hands", "limit": None, "reached": None, "hands": 9}, "log.differs"),
    ({"why": "lmit"}, "log.event"),  # no such code
    ({"why": "a player has 66 or more"}, "log.event"),  # version 1's sentence in a version 2 file
    ({"limit": None}, "log.event"),  # a limit's code without its limit
    ({"totals": [20, 67, 59, 60]}, "log.differs"),
]


@pytest.mark.parametrize(("change", "key"), V2_CHANGES, ids=[str(c) for c, _ in V2_CHANGES])
def test_a_changed_match_end_of_a_version_2_file_is_refused(change, key):
    data = _changed(GOLDEN / "logs" / "base-4p-match.json", **change)
    with pytest.raises(CorruptLog) as refused:
        replay(json.dumps(data))
    assert refused.value.key == key


V1_CHANGES = [
    ("base-4p-match", "a player has 65 or more"),
    ("base-4p-match", "a player has 67 or more"),
    ("base-4p-match", "a player has more than 66"),
    ("base-4p-match", "a player has 066 or more"),
    ("base-4p-match", "A player has 66 or more"),
    ("base-4p-match", "limit"),
    ("base-4p", "2 hands played"),
    ("base-4p", "1 hands played"),
    ("base-4p", "hands"),
    ("tournament-3p", "4 hands played"),
]


@pytest.mark.parametrize(("name", "why"), V1_CHANGES, ids=[f"{n}: {w}" for n, w in V1_CHANGES])
def test_a_changed_match_end_of_a_version_1_file_is_refused(name, why):
    data = _changed(GOLDEN / "logs-v1" / f"{name}.json", why=why)
    with pytest.raises(CorruptLog):
        replay(json.dumps(data))
