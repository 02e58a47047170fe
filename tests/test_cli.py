"""The sixnimmt command: words, JSON, exit codes, and one line on stderr for bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from sixnimmt_core import replay
from sixnimmt_core.cli import main


def run(capsys, *argv):
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's own errors end the program
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def one_line_exit_2(code, out, err) -> None:
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("sixnimmt") and "Traceback" not in err


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


HUGE = "9" * 5000  # a 5,000-digit number: Python refuses to convert it without a limit raised
ENDS = ["--rows", "8", "24", "69", "81"]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["play", "--players", "11"], "2 to 10 players"),
        (["play", "--players", "10", "--variant", "open"], "start marker"),
        (["play", "--players", "8", "--variant", "refined"], "cannot be dealt"),
        (["play", "--players", "6", "--variant", "tournament"], "at most 5 players"),
        (["play", "--variant", "chess"], "unknown variant"),
        (["play", "--bots", "genius"], "unknown bot"),
        (["play", "--players", "-3"], "2 to 10 players, not -3"),
        (["play", "--players", HUGE], "at most 20 digits, not a 5000-digit number"),
        (["play", "--match", "--hands", "0"], "--hands must be from 1 to 1,000, not 0"),
        (["play", "--match", "--hands", "-4"], "not -4"),
        (["play", "--match", "--hands", str(10**26)], "--hands must be from 1 to 1,000, not a 27-digit number"),
        (["play", "--match", "--limit", "-5"], "--limit must be from 1 to 1,000, not -5"),
        (["play", "--match", "--limit", str(10**12)], "not 1,000,000,000,000"),
        (["play", "--seed", "-1"], "--seed must be from 0"),
        (["play", "--seed", "x"], "--seed must be a whole number, not 'x'"),
        (["simulate", "--games", str(10**23)], "--games must be from 1 to 1,000,000, not a 24-digit number"),
        (["simulate", "--games", "0"], "not 0"),
        (["play", "--frobnicate"], "unrecognized arguments: --frobnicate"),
        (["where", "--card", "3"], "required: --rows"),
        (["where", *ENDS, "--card", "105"], "no card 105"),
        (["where", *ENDS, "--card", "0"], "no card 0"),
        (["where", *ENDS, "--card", HUGE], "--card must be a number of at most 20 digits"),
        (["where", *ENDS, "--card", "24"], "card 24 is already on the table: the deck holds only one 24"),
        (["where", "--rows", "8,8", "24", "69", "81", "--card", "30"], "card 8 lies on the table twice"),
        (["where", "--variant", "twins", "--rows", "8,8", "24", "69", "81", "--card", "8"], "only two 8s"),
        (["where", "--rows", "8", "--card", "30"], "a table has 4 rows, not 1"),
        (["where", "--rows", "8", "24", "69", "--card", "30"], "a table has 4 rows, not 3"),
        (["where", *ENDS, "90", "--card", "30"], "a table has 4 rows, not 5"),
        (["where", "--rows", "8,,9", "24", "69", "81", "--card", "30"], "'8,,9' is not a row"),
        (["where", "--rows", "24,8", "69", "81", "90", "--card", "30"], "not in ascending order"),
        (["where", "--rows", "1,2,3,4,5,6", "24", "69", "81", "--card", "30"], "holds 6 places"),
        (["play", "--bots", ""], "an empty bot name in ''"),
        (["play", "--bots", "random,,cautious", "--players", "3"], "an empty bot name in 'random,,cautious'"),
        (["simulate", "--bots", "random, ", "--games", "1"], "an empty bot name"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    one_line_exit_2(code, out, err)
    assert words in err


@pytest.mark.parametrize(
    ("command", "bounds"),
    [("play", ["2–10", "1–1000", "0 to 2**63-1"]), ("simulate", ["1–1,000,000"]), ("where", ["1–104"])],
)
def test_help_states_the_bounds(capsys, command, bounds):
    code, out, _ = run(capsys, command, "--help")
    assert code == 0
    flat = " ".join(out.split())
    assert all(b in flat for b in bounds)


def _saved(capsys) -> dict:
    return json.loads(run(capsys, "play", "--players", "3", "--seed", "2", "--json")[1])


def _chose(data: dict) -> dict:
    return next(e for e in data["events"] if e["kind"] == "chose")


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda d: "é".encode("latin-1") + json.dumps(d).encode(), "is not UTF-8 text"),
        (lambda d: b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (lambda d: b'{"format": "sixnimmt-log", "version": 1, "players": ' + HUGE.encode() + b"}", "too long"),
        (lambda d: (_chose(d).__setitem__("seat", -1), json.dumps(d).encode())[1], "there is no seat -1"),
        (lambda d: (_chose(d).__setitem__("cards", None), json.dumps(d).encode())[1], "malformed"),
        (lambda d: (d["rules"].__setitem__("choosing", "hiden"), json.dumps(d).encode())[1], "unknown choosing"),
        (lambda d: (d.__setitem__("names", 5), json.dumps(d).encode())[1], "names must be a list"),
        (lambda d: b"", "not valid JSON"),
    ],
)
def test_a_bad_saved_game_is_one_line_and_exit_2(tmp_path, capsys, make, words):
    path = tmp_path / "game.json"
    path.write_bytes(make(_saved(capsys)))
    code, out, err = run(capsys, "replay", str(path))
    one_line_exit_2(code, out, err)
    assert words in err


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


def test_replay_from_a_closed_standard_input_is_one_line_and_exit_2():
    """`sixnimmt replay - <&-`: Python gives no sys.stdin at all; said in a line, no traceback."""
    proc = subprocess.run([sys.executable, "-m", "sixnimmt_core", "replay", "-"], stdin=None,
                          capture_output=True, text=True, check=False, preexec_fn=lambda: os.close(0))
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == "sixnimmt: standard input is closed: there is no saved game to read from -\n"


@pytest.mark.parametrize("variant", ["tactics", "logic", "tournament", "professional", "open", "refined", "hand",
                                     "twins"])
def test_every_variant_plays_and_simulates_from_the_command_line(capsys, variant):
    code, out, _ = run(capsys, "play", "--variant", variant, "--players", "3", "--seed", "1")
    assert code == 0 and "The match is over" in out
    code, out, _ = run(capsys, "play", "--variant", variant, "--players", "3", "--seed", "1", "--json")
    assert code == 0 and replay(out).rules.name == variant
    code, out, _ = run(capsys, "simulate", "--variant", variant, "--players", "3", "--games", "5")
    assert code == 0 and f"of {variant} with 3 players" in out
