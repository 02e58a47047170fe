"""The sixnimmt command: words, JSON, exit codes, and one line on stderr for bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from sixnimmt_core import replay
from sixnimmt_core.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_where_in_words(capsys):
    code, out, _ = run(capsys, "where", "--rows", "8", "24", "69", "81", "--card", "29")
    assert code == 0 and out.startswith("29 goes after 24 in row 2")


def test_where_json_counts_rows_from_one(capsys):
    code, out, _ = run(capsys, "where", "--rows", "8", "24", "69", "81", "--card", "29", "--json")
    data = json.loads(out)
    assert code == 0
    assert {k: data[k] for k in ("card", "row", "takes", "low")} == {"card": 29, "row": 2, "takes": False, "low": False}
    assert "24" in data["reason"]


def test_where_json_low_card(capsys):
    _, out, _ = run(capsys, "where", "--rows", "8", "24", "69", "81", "--card", "3", "--json")
    data = json.loads(out)
    assert data["row"] is None and data["low"] is True


def test_where_rows_with_several_cards(capsys):
    _, out, _ = run(capsys, "where", "--rows", "3,7,12", "24", "69,70", "81", "--card", "72", "--json")
    assert json.loads(out)["row"] == 3


def test_where_sixth_card(capsys):
    _, out, _ = run(capsys, "where", "--rows", "3,9,14,22,27", "35", "50,52", "88", "--card", "30", "--json")
    data = json.loads(out)
    assert data["row"] == 1 and data["takes"] is True


def test_play_narrates_a_hand(capsys):
    code, out, _ = run(capsys, "play", "--players", "4", "--seed", "7", "--bots", "cautious,random")
    assert code == 0
    assert "Hand 1 begins." in out and "The match is over" in out
    assert "(cautious)" in out and "(random)" in out


def test_play_json_is_a_replayable_log(capsys):
    code, out, _ = run(capsys, "play", "--players", "3", "--seed", "2", "--json", "--match", "--hands", "2")
    assert code == 0
    game = replay(out)
    assert game.over and game.hand_no == 2


def test_simulate_reports_each_bot_and_speed(capsys):
    code, out, _ = run(capsys, "simulate", "--players", "4", "--games", "50", "--bots", "cautious,random", "--seed", "1")
    assert code == 0
    assert "hands/s" in out and "cautious" in out and "random" in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["play", "--players", "11"], "2 to 10 players"),
        (["play", "--players", "10", "--variant", "open"], "start marker"),
        (["play", "--players", "8", "--variant", "refined"], "cannot be dealt"),
        (["play", "--players", "6", "--variant", "tournament"], "at most 5 players"),
        (["play", "--variant", "chess"], "unknown variant"),
        (["play", "--bots", "genius"], "unknown bot"),
        (["where", "--rows", "8", "24", "69", "81", "--card", "105"], "no card 105"),
        (["where", "--rows", "24,8", "69", "81", "90", "--card", "30"], "ascending"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and words in err and "Traceback" not in err


def test_corrupt_saved_game(tmp_path, capsys):
    bad = tmp_path / "game.json"
    bad.write_text('{"format": "sixnimmt-log", "version": 1, "events": [{"kind": "dealt"}]}')
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 2 and "sixnimmt:" in err and err.count("\n") == 1


def test_module_entry_point_runs():
    proc = subprocess.run([sys.executable, "-m", "sixnimmt_core", "where", "--rows", "8", "24", "69", "81",
                           "--card", "3"], capture_output=True, text=True, check=False)
    assert proc.returncode == 0 and "lower than every row end" in proc.stdout
    proc = subprocess.run([sys.executable, "-m", "sixnimmt_core", "play", "--players", "1"],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 2 and proc.stderr.startswith("sixnimmt:") and "Traceback" not in proc.stderr


@pytest.mark.parametrize("variant", ["tactics", "logic", "tournament", "professional", "open", "refined", "hand",
                                     "twins"])
def test_every_variant_plays_and_simulates_from_the_command_line(capsys, variant):
    code, out, _ = run(capsys, "play", "--variant", variant, "--players", "3", "--seed", "1")
    assert code == 0 and "The match is over" in out
    code, out, _ = run(capsys, "play", "--variant", variant, "--players", "3", "--seed", "1", "--json")
    assert code == 0 and replay(out).rules.name == variant
    code, out, _ = run(capsys, "simulate", "--variant", variant, "--players", "3", "--games", "5")
    assert code == 0 and f"of {variant} with 3 players" in out
