"""Saved games kept byte for byte (tests/golden/logs/, version 2 of the format): the engine writes
each of them again exactly, and each loads and replays to itself. The same games as version 1 wrote
them (tests/golden/logs-v1/, written before the events were typed, and never rewritten) still
replay, and are saved again as the version 2 files.

Regenerate tests/golden/logs/ only for an intended change of the format (docs/log-format.md), with
``python tests/golden_games.py``, and read the diff.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from golden_games import saved_game, saved_names

from sixnimmt_core.engine.log import dumps, replay, to_json

LOGS = Path(__file__).parent / "golden" / "logs"
LOGS_V1 = Path(__file__).parent / "golden" / "logs-v1"


@pytest.mark.parametrize("name", saved_names())
def test_the_engine_writes_the_saved_game_byte_for_byte(name):
    assert dumps(saved_game(name)) + "\n" == (LOGS / f"{name}.json").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", saved_names())
def test_a_saved_game_loads_and_replays_to_itself(name):
    text = (LOGS / f"{name}.json").read_text(encoding="utf-8")
    game = replay(text)
    assert dumps(game) + "\n" == text
    assert to_json(replay(json.loads(text))) == json.loads(text)


@pytest.mark.parametrize("name", saved_names())
def test_a_game_saved_by_version_1_replays_and_is_saved_again_as_version_2(name):
    old = (LOGS_V1 / f"{name}.json").read_text(encoding="utf-8")
    assert json.loads(old)["version"] == 1
    assert dumps(replay(old)) + "\n" == (LOGS / f"{name}.json").read_text(encoding="utf-8")
    assert to_json(replay(json.loads(old))) == json.loads((LOGS / f"{name}.json").read_text(encoding="utf-8"))


def test_the_saved_games_hold_every_kind_of_event_the_engine_writes():
    kinds = set()
    for path in LOGS.glob("*.json"):
        kinds |= {e["kind"] for e in json.loads(path.read_text(encoding="utf-8"))["events"]}
    # 'passed' is never written (docs/testing.md: no seat is asked with an empty hand)
    assert kinds == {"hand_started", "dealt", "laid_out", "drafted", "rows_started", "sheets", "chose",
                     "played", "revealed", "ordered", "placed", "chose_row", "chose_spot", "took", "split",
                     "marker", "hand_ended", "match_ended"}
