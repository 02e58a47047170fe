"""The engine's refusals in every language: English exactly as before, Czech, Slovak and Romanian as
written here by hand; the game unchanged by a refusal; every raise site keyed; the CLI's one line."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from sixnimmt_core import Deal, Game, where
from sixnimmt_core.engine.errors import (
    CorruptLog,
    IllegalAction,
    ImpossibleSetup,
    ImpossibleTable,
    NoSuchCard,
    OutOfTurn,
    SixNimmtError,
)
from sixnimmt_core.engine.log import replay, to_json
from sixnimmt_core.engine.rules import BASE
from sixnimmt_core.teaching.scenarios import EXAMPLES, example
from sixnimmt_core.teaching.teach import TOURS, tour_walk
from sixnimmt_core.widgets.play import PlayTable

PACKAGE = Path(__file__).resolve().parent.parent / "sixnimmt_core"


def low_card_game() -> Game:
    """Two seats, one card each: 5 is lower than every row end, so seat 0 must choose a row to take."""
    game = Game(BASE, 2, deal=Deal(hands=[[5], [50]], rows=[[10], [20], [30], [40]]), one_hand=True)
    game.act(0, 5)
    game.act(1, 50)
    return game


def hand_game() -> Game:
    return Game(BASE, 4, deal=Deal(hands=[[3, 12], [13, 44], [60, 71], [80, 99]], rows=[[8], [24], [69], [81]]))


REFUSALS = {  # (what is refused, the error class, its words in en / cs / sk / ro — written by hand)
    "not_in_hand": (lambda g: g.act(0, 44), IllegalAction, {
        "en": "Player A does not hold 44 (hand: 3, 12): a card must come from your hand",
        "cs": "Hráč A nemá v ruce 44 (v ruce: 3, 12): karta musí být z tvé ruky",
        "sk": "Hráč A nemá na ruke 44 (na ruke: 3, 12): karta musí byť z tvojej ruky",
        "ro": "Jucătorul A nu are în mână 44 (în mână: 3, 12): cartea trebuie să fie din mâna ta",
    }),
    "no_such_seat": (lambda g: g.act(7, 3), OutOfTurn, {
        "en": "there is no seat 7: seats are numbered 0 to 3",
        "cs": "místo 7 neexistuje: místa jsou číslována 0 až 3",
        "sk": "miesto 7 neexistuje: miesta sú číslované 0 až 3",
        "ro": "nu există locul 7: locurile sunt numerotate de la 0 la 3",
    }),
    "out_of_turn": (lambda g: (g.act(0, 3), g.act(0, 12)), OutOfTurn, {
        "en": "Player A is not being asked for a decision now; waiting for: Player B (choose a card), "
              "Player C (choose a card), Player D (choose a card)",
        "cs": "Hráč A teď nerozhoduje; čeká se na: Hráč B (vybrat kartu), Hráč C (vybrat kartu), Hráč D (vybrat kartu)",
        "sk": "Hráč A teraz nerozhoduje; čaká sa na: Hráč B (vybrať kartu), Hráč C (vybrať kartu), Hráč D (vybrať kartu)",
        "ro": "Jucătorul A nu are acum de luat nicio decizie; se așteaptă: Jucătorul B (alege o carte), "
              "Jucătorul C (alege o carte), Jucătorul D (alege o carte)",
    }),
    "two_cards_in_base": (lambda g: g.act(0, [3, 12]), IllegalAction, {
        "en": "Player A must lay 1 card this turn, not 2 (one card each turn)",
        "cs": "Hráč A musí v tomto kole vyložit 1 kartu, ne 2 (jedna karta v každém kole)",
        "sk": "Hráč A musí v tomto kole vyložiť 1 kartu, nie 2 (jedna karta v každom kole)",
        "ro": "Jucătorul A trebuie să joace 1 carte în această tură, nu 2 (o carte la fiecare tură)",
    }),
}


@pytest.mark.parametrize("name", sorted(REFUSALS))
@pytest.mark.parametrize("lang", ["en", "cs", "sk", "ro"])
def test_a_refused_answer_in_each_language_leaves_the_game_unchanged(name, lang):
    wrong, kind, words = REFUSALS[name]
    game = hand_game()
    before = json.dumps(to_json(game))
    pending = list(game.pending)
    with pytest.raises(kind) as refused:
        wrong(game)
    if name == "out_of_turn":  # the first answer was legal: the state to compare is after it
        before, pending = None, None
    exc = refused.value
    assert exc.words(lang) == words[lang]
    assert str(exc) == words["en"] and exc.key and exc.values
    if before is not None:
        assert json.dumps(to_json(game)) == before and game.pending == pending


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "9 is not a row: choose a row from 1 to 4 (rule 4: a card lower than every row end takes a row of the "
           "player's choice)"),
    ("cs", "9 není řada: vyber řadu od 1 do 4 (pravidlo 4: karta nižší než všechny koncové karty bere řadu, kterou "
           "si hráč vybere)"),
    ("sk", "9 nie je rad: vyber rad od 1 do 4 (pravidlo 4: karta nižšia ako koniec každého radu berie rad, ktorý si "
           "hráč vyberie)"),
    ("ro", "9 nu este un rând: alege un rând de la 1 la 4 (regula 4: o carte mai mică decât ultima carte din fiecare "
           "rând ia un rând ales de jucător)"),
])
def test_a_row_that_is_not_a_row(lang, words):
    game = low_card_game()
    before = json.dumps(to_json(game))
    with pytest.raises(IllegalAction) as refused:
        game.act(0, 9)
    assert refused.value.words(lang) == words and refused.value.rule == "take_row"
    assert json.dumps(to_json(game)) == before
    game.act(0, 2)  # and the game goes on from where it was
    assert game.over


@pytest.mark.parametrize(("call", "kind", "words"), [
    (lambda: replay('{"format": "chess"}'), CorruptLog, {
        "en": "not a saved 6 nimmt! game (expected format 'sixnimmt-log')",
        "cs": "toto není uložená hra 6 bere! (očekávaný formát 'sixnimmt-log')",
        "sk": "toto nie je uložená hra 6 berie! (očakávaný formát 'sixnimmt-log')",
        "ro": "nu este un joc salvat din 6 ... ia și pierde! (formatul așteptat: 'sixnimmt-log')",
    }),
    (lambda: where(29, [[8], [24], [69]]), ImpossibleTable, {
        "en": "a table has 4 rows, not 3 (RULES.md §2)",
        "cs": "stůl má 4 řady, ne 3 (RULES.md §2)",
        "sk": "stôl má 4 rady, nie 3 (RULES.md §2)",
        "ro": "masa are 4 rânduri, nu 3 (RULES.md §2)",
    }),
    (lambda: where(200, [[8], [24], [69], [81]]), NoSuchCard, {
        "en": "a card is a whole number from 1 to 104, not 200: there is no card 200 (RULES.md §1)",
        "cs": "karta je celé číslo od 1 do 104, ne 200: karta 200 neexistuje (RULES.md §1)",
        "sk": "karta je celé číslo od 1 do 104, nie 200: karta 200 neexistuje (RULES.md §1)",
        "ro": "o carte este un număr întreg de la 1 la 104, nu 200: nu există cartea 200 (RULES.md §1)",
    }),
    (lambda: where(29, [[8], [8, 24], [69], [81]]), ImpossibleTable, {
        "en": "card 8 lies on the table twice: the deck holds only one 8 (RULES.md §1)",
        "cs": "karta 8 leží na stole dvakrát: balíček má jen jednu kartu 8 (RULES.md §1)",
        "sk": "karta 8 leží na stole dvakrát: balíček má len jednu kartu 8 (RULES.md §1)",
        "ro": "cartea 8 se află pe masă de două ori: pachetul are o singură carte 8 (RULES.md §1)",
    }),
    (lambda: where(10**30, [[8], [24], [69], [81]]), NoSuchCard, {
        "en": "a card is a whole number from 1 to 104, not a number of about 31 digits: there is no card a number "
              "of about 31 digits (RULES.md §1)",
        "cs": "karta je celé číslo od 1 do 104, ne číslo s asi 31 číslicemi: karta číslo s asi 31 číslicemi "
              "neexistuje (RULES.md §1)",
        "sk": "karta je celé číslo od 1 do 104, nie číslo s približne 31 číslicami: karta číslo s približne 31 "
              "číslicami neexistuje (RULES.md §1)",
        "ro": "o carte este un număr întreg de la 1 la 104, nu un număr de aproximativ 31 de cifre: nu există "
              "cartea un număr de aproximativ 31 de cifre (RULES.md §1)",
    }),
    (lambda: example("nope"), ImpossibleSetup, {
        "en": "unknown example 'nope'; the examples are: " + ", ".join(EXAMPLES),
        "cs": "neznámý příklad 'nope'; příklady jsou: " + ", ".join(EXAMPLES),
        "sk": "neznámy príklad 'nope'; príklady sú: " + ", ".join(EXAMPLES),
        "ro": "exemplu necunoscut 'nope'; exemplele sunt: " + ", ".join(EXAMPLES),
    }),
    (lambda: tour_walk("chess"), ImpossibleSetup, {
        "en": "unknown variant 'chess'; the variants are: " + ", ".join(TOURS),
        "cs": "neznámá varianta 'chess'; varianty jsou: " + ", ".join(TOURS),
        "sk": "neznámy variant 'chess'; varianty sú: " + ", ".join(TOURS),
        "ro": "variantă necunoscută 'chess'; variantele sunt: " + ", ".join(TOURS),
    }),
    (lambda: PlayTable(players=3, humans=[0, 5]), ImpossibleSetup, {
        "en": "seats for people must be numbered 0 to 2, not 5",
        "cs": "místa pro lidi musí být číslována 0 až 2, ne 5",
        "sk": "miesta pre ľudí musia byť číslované 0 až 2, nie 5",
        "ro": "locurile pentru oameni trebuie numerotate de la 0 la 2, nu 5",
    }),
], ids=["corrupt-log", "three-rows", "card-200", "card-twice", "huge-card", "example", "tour", "human-seats"])
def test_refusals_outside_a_game(call, kind, words):
    with pytest.raises(kind) as refused:
        call()
    for lang, text in words.items():
        assert refused.value.words(lang) == text, lang
    assert str(refused.value) == words["en"]


def test_plural_values_take_each_language_s_form():
    from sixnimmt_core.engine.rules import find_variant

    with pytest.raises(SixNimmtError) as refused:
        find_variant("tournament").check(6)
    assert str(refused.value) == "tournament is played by at most 5 players, not 6 (RULES.md §3)"
    assert refused.value.words("cs") == "variantu Turnaj hraje nejvýše 5 hráčů, ne 6 (RULES.md §3)"
    assert refused.value.words("sk") == "variant Turnaj hrá najviac 5 hráčov, nie 6 (RULES.md §3)"
    assert refused.value.words("ro") == "varianta Turneu se joacă de cel mult 5 jucători, nu 6 (RULES.md §3)"


def test_a_plain_text_error_still_speaks_and_an_unknown_language_is_english():
    plain = SixNimmtError("something", "rule")
    assert plain.key == "" and plain.values == {} and plain.words("cs") == "something"
    with pytest.raises(NoSuchCard) as refused:
        where(0, [[8], [24], [69], [81]])
    assert refused.value.words("de") == str(refused.value)


# ---- every raise site says what it says as a message key ------------------------------------------
ERRORS = {"SixNimmtError", "IllegalAction", "OutOfTurn", "ImpossibleSetup", "BadOption", "NoSuchCard",
          "ImpossibleTable", "CorruptLog", "UnknownLanguage", "err"}
# Raise sites in modules of other work in progress, not yet keyed (the count may only go down).
NOT_YET = {"i18n.py": 1}  # i18n.add_language: a programmer's mistake (a test installs a language)


def english_keys(domain: str) -> set[str]:
    with (PACKAGE / "locale" / "en" / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
        return {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}


def says(node: ast.expr) -> list[ast.Call]:
    return [n for n in ast.walk(node) if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "Say"]


def test_every_raise_site_in_the_package_carries_a_key():
    unkeyed: dict[str, int] = {}
    problems = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = {t.id: n.value.value for n in tree.body if isinstance(n, ast.Assign)
                     and isinstance(n.value, ast.Constant) for t in n.targets if isinstance(t, ast.Name)}
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
                continue
            if getattr(node.exc.func, "id", "") not in ERRORS:
                continue
            first = node.exc.args[0] if node.exc.args else None
            if not (isinstance(first, ast.Call) and getattr(first.func, "id", "") == "Say"):
                unkeyed[name] = unkeyed.get(name, 0) + 1
                continue
            for call in says(first):
                key = call.args[0]
                given = next((k.value for k in call.keywords if k.arg == "domain"), None)
                domain = ("refusals" if given is None else given.value if isinstance(given, ast.Constant)
                          else constants.get(getattr(given, "id", ""), "?"))  # DOMAIN = "teacher" at the top
                if isinstance(key, ast.Constant) and key.value not in english_keys(domain):
                    problems.append(f"{name}:{node.lineno}: {key.value} is not in {domain}.po")
    assert problems == []
    assert all(unkeyed.get(m, 0) <= n for m, n in NOT_YET.items()), unkeyed
    assert set(unkeyed) <= set(NOT_YET), f"raise sites without a message key: {unkeyed}"


def test_every_key_a_refusal_builds_at_run_time_is_in_the_catalogue():
    keys = english_keys("refusals")
    from sixnimmt_core.engine.decisions import DECISIONS, PlayDecision
    from sixnimmt_core.engine.rules import _CHOICES, _FLAGS

    for decision in DECISIONS:
        assert decision(0, (), card=5).says().key in keys
    assert PlayDecision(0, (), 2, 2).says().key in keys  # two cards a turn
    options = [*_CHOICES, *_FLAGS, "hand_size", "cards_per_turn", "hand_limit", "pile_limit", "max_players",
               "start_seat", "limit", "hands", "exceeds"]
    assert all(f"option.{o}" in keys for o in options)
    assert {"tie.left", "tie.right"} <= keys


# ---- the command line ---------------------------------------------------------------------------
def test_the_cli_says_a_refusal_in_czech_on_one_line(capsys):
    from sixnimmt_core.cli import main

    assert main(["where", "--rows", "8", "24", "69", "81", "--card", "200", "--lang", "cs"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == "sixnimmt: karta musí být číslo od 1 do 104: karta 200 neexistuje\n"  # the editor's plain words


def test_the_cli_s_own_words_follow_the_language(capsys, monkeypatch):
    from sixnimmt_core.cli import main

    with pytest.raises(SystemExit) as done:
        main(["play", "--seed", "-1", "--lang", "ro"])
    err = capsys.readouterr().err
    assert done.value.code == 2 and err.count("\n") == 1
    assert "--seed trebuie să fie de la 0 la 9.223.372.036.854.775.807, nu -1 (vezi sixnimmt play --help)" in err
    monkeypatch.setenv("LANGUAGE", "sk")
    with pytest.raises(SystemExit):
        main(["where", "--help"])
    assert "zahraná karta, 1–104, ktorá ešte neleží na stole" in " ".join(capsys.readouterr().out.split())
    assert main(["simulate", "--games", "3", "--players", "3", "--seed", "1", "--lang", "cs"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("3 hry varianty Základní hra, počet hráčů 3, za ")
    assert lines[1].startswith("  opatrný ") and "hlavy na hru (místa 1, 2, 3)" in lines[1]
