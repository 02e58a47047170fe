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
    assert json.loads(out)["names"] == [None, None, None]  # no words: the reader names the seats
    code, out, _ = run(capsys, "play", "--players", "2", "--seed", "2", "--json", "--lang", "cs")
    assert code == 0 and json.loads(out)["names"] == [None, None] and "Hráč" not in out


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


NOT_A_GAME = "sixnimmt: This file is not a saved game of 6 nimmt!, or it is damaged.\n"
CHANGED = "what it says happened is not what the rules give, so it cannot be opened."


def _saved(capsys) -> dict:
    return json.loads(run(capsys, "play", "--players", "3", "--seed", "2", "--json")[1])


def _chose(data: dict) -> dict:
    return next(e for e in data["events"] if e["kind"] == "chose")


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda d: "é".encode("latin-1") + json.dumps(d).encode(), NOT_A_GAME),
        (lambda d: b"[" * 100_000 + b"]" * 100_000, NOT_A_GAME),
        (lambda d: b'{"format": "sixnimmt-log", "version": 1, "players": ' + HUGE.encode() + b"}", NOT_A_GAME),
        (lambda d: (_chose(d).__setitem__("seat", -1), json.dumps(d).encode())[1],
         "one of its moves breaks a rule of the game — each player plays only when it is their turn."),
        (lambda d: (_chose(d).__setitem__("cards", None), json.dumps(d).encode())[1], NOT_A_GAME),
        (lambda d: (d["rules"].__setitem__("choosing", "hiden"), json.dumps(d).encode())[1], CHANGED),
        (lambda d: (d.__setitem__("names", 5), json.dumps(d).encode())[1], NOT_A_GAME),
        (lambda d: b"", NOT_A_GAME),
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
    assert proc.stderr == "sixnimmt: There is nothing to read: give the saved game's file name instead of -.\n"


@pytest.mark.parametrize("variant", ["tactics", "logic", "tournament", "professional", "open", "refined", "hand",
                                     "twins"])
def test_every_variant_plays_and_simulates_from_the_command_line(capsys, variant):
    code, out, _ = run(capsys, "play", "--variant", variant, "--players", "3", "--seed", "1")
    assert code == 0 and "The match is over" in out
    code, out, _ = run(capsys, "play", "--variant", variant, "--players", "3", "--seed", "1", "--json")
    assert code == 0 and replay(out).rules.name == variant
    code, out, _ = run(capsys, "simulate", "--variant", variant, "--players", "3", "--games", "5")
    assert code == 0 and f"of {variant} with 3 players" in out


# ---- refusals in a learner's words (issue 23): files, tables, moves -------------------------------
# the engine's programmer words, in each language: none of these may reach a learner
PROGRAMMER_WORDS = {
    "en": ["JSON", "event", "§", ".md", "Traceback", "Error", "line 1", "char ", "{", "}", "sixnimmt-log", "errno"],
    "cs": ["událost"], "sk": ["udalos"], "ro": ["eveniment"],
}


def _files(tmp_path, capsys) -> dict[str, object]:
    """A bad file of each kind, from a real saved game (3 players, seed 2: seat 0 is dealt
    3 4 21 22 30 32 82 88 93 101 and lays 32 first; seat 1 holds 103)."""
    data = _saved(capsys)
    dealt = next(e for e in data["events"] if e["kind"] == "dealt")
    assert dealt["hands"][0] == [3, 4, 21, 22, 30, 32, 82, 88, 93, 101] and 103 in dealt["hands"][1]
    stolen = json.loads(json.dumps(data))
    first = next(e for e in stolen["events"] if e["kind"] == "chose" and e["seat"] == 0)
    first["cards"] = [103]  # seat 1's card: the move breaks "a card played must come from the player's hand"
    cut = dict(data, events=data["events"][:-3])  # the end of the game cut off
    newer = dict(data, version=3)
    files = {"not a game": b"a shopping list\n", "empty": b"", "stolen card": json.dumps(stolen).encode(),
             "cut": json.dumps(cut).encode(), "newer": json.dumps(newer).encode(),
             "latin-1": "é".encode("latin-1") + json.dumps(data).encode()}
    out = {}
    for name, content in files.items():
        path = tmp_path / (name.replace(" ", "-") + ".json")
        path.write_bytes(content)
        out[name] = path
    out["missing"] = tmp_path / "no-such-game.json"
    out["folder"] = tmp_path
    return out


FILE_WORDS = {  # the English sentence for each (the teacher catalogue's plain.*, as the page shows them)
    "not a game": "This file is not a saved game of 6 nimmt!, or it is damaged.",
    "empty": "This file is not a saved game of 6 nimmt!, or it is damaged.",
    "latin-1": "This file is not a saved game of 6 nimmt!, or it is damaged.",
    "stolen card": "This saved game was changed after it was saved: one of its moves breaks a rule of the game — "
                   "a card played must come from the player's hand.",
    "cut": "This saved game was changed after it was saved: what it says happened is not what the rules give, "
           "so it cannot be opened.",
    "newer": "This saved game was made by another version of this edition and cannot be opened here.",
    "missing": "There is no file {file}: check its name and its folder.",
    "folder": "{file} is a folder, not a saved game: give the file itself.",
}
FILE_KEYS = {"not a game": "plain.not_a_game.command", "empty": "plain.not_a_game.command",
             "latin-1": "plain.not_a_game.command", "stolen card": "plain.breaks", "cut": "plain.changed",
             "newer": "plain.version", "missing": "plain.file.missing", "folder": "plain.file.folder"}


def _plain_line(code, out, err, lang, named: object = "") -> str:
    """The one line refused, checked for the engine's words (the file it names left out)."""
    one_line_exit_2(code, out, err)
    line = err.removeprefix("sixnimmt: ").rstrip("\n")
    words = line.replace(str(named), "") if named else line
    for word in PROGRAMMER_WORDS["en"] + PROGRAMMER_WORDS[lang]:
        assert word.lower() not in words.lower(), f"{word!r} in {line!r}"
    return line


@pytest.mark.parametrize("lang", ["en", "cs", "sk", "ro"])
@pytest.mark.parametrize("kind", list(FILE_WORDS))
def test_a_refused_file_is_one_plain_sentence_in_the_language(tmp_path, capsys, lang, kind):
    from sixnimmt_core.teaching.saved import DOMAIN
    from sixnimmt_core.words import text

    path = _files(tmp_path, capsys)[kind]
    before = {p: p.read_bytes() for p in tmp_path.iterdir()}
    line = _plain_line(*run(capsys, "replay", str(path), "--lang", lang), lang, named=path)
    if lang == "en":
        assert line == FILE_WORDS[kind].format(file=path)
    else:
        rule = {"rule": text("plain.rule.hand", lang, domain=DOMAIN)} if kind == "stolen card" else {}
        assert line == text(FILE_KEYS[kind], lang, domain=DOMAIN, file=path, **rule) != text(FILE_KEYS[kind], "en", domain=DOMAIN, file=path, **rule)
    assert {p: p.read_bytes() for p in tmp_path.iterdir()} == before  # nothing changed


def test_a_saved_game_too_big_is_said_without_reading_it(tmp_path, capsys, monkeypatch):
    from sixnimmt_core import cli

    monkeypatch.setattr(cli, "MAX_LOG_BYTES", 100)
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 101)
    for lang, words in [("en", "This file is far too big to be a saved game: a saved game is a few kilobytes."),
                        ("cs", "Tento soubor je příliš velký na uloženou hru: uložená hra má jen pár kilobajtů.")]:
        assert _plain_line(*run(capsys, "replay", str(path), "--lang", lang), lang) == words


TABLES = [  # a typed table the rules refuse, and the English sentence (no section, no rule number)
    (["--rows", "8", "24", "69", "81", "--card", "24"], "card 24 is already on the table: the deck holds only one 24"),
    (["--rows", "8", "24", "69", "--card", "29"], "a table has 4 rows, not 3"),
    (["--rows", "8,3", "24", "69", "81", "--card", "29"],
     "row 1 (8, 3) is not in ascending order: a row only grows with higher cards"),
    (["--rows", "8,9,10,11,12,13", "24", "69", "81", "--card", "29"],
     "row 1 (8, 9, 10, 11, 12, 13) holds 6 places: a row never holds more than 5, the sixth card takes it"),
    (["--rows", "8", "24", "69", "81", "--card", "105"], "a card must be a number from 1 to 104: there is no card 105"),
]


@pytest.mark.parametrize("lang", ["en", "cs", "sk", "ro"])
@pytest.mark.parametrize(("argv", "english"), TABLES)
def test_a_refused_table_is_the_editor_s_plain_sentence(capsys, lang, argv, english):
    line = _plain_line(*run(capsys, "where", *argv, "--lang", lang), lang)
    if lang == "en":
        assert line == english
    else:
        assert line != english and "(" not in line.replace("(8, 3)", "").replace("(8, 9, 10, 11, 12, 13)", "")


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "6 nimmt! is played by 2 to 10 players, not 11"),
    ("cs", "6 bere! hraje 2 až 10 hráčů, ne 11"),
    ("sk", "6 berie! hrá 2 až 10 hráčov, nie 11"),
    ("ro", "6 ... ia și pierde! se joacă de la 2 la 10 jucători, nu 11"),
])
def test_too_many_players_is_said_without_a_section(capsys, lang, words):
    assert _plain_line(*run(capsys, "play", "--players", "11", "--lang", lang), lang) == words
