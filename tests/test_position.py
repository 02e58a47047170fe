"""The table editor's position (sixnimmt_core/teaching/position.py) and its widget: a table set up by hand,
checked by the rules with their words in every language, written into a link and read back
exactly, refused when the link was changed, and turned into this turn played out, trainer
questions and a deal to play on. Every expectation is worked out here by hand from RULES.md and
the documents (../shared/seeds/000, Variant 4, example 1), never taken from the engine."""

from __future__ import annotations

import io
import re
from urllib.parse import parse_qsl, urlsplit

import pytest

from sixnimmt_core.engine.errors import ImpossibleSetup, ImpossibleTable, NoSuchCard, Say
from sixnimmt_core.engine.events import Placed, Took
from sixnimmt_core.teaching.position import (
    CorruptPosition,
    Position,
    decode,
    example_position,
    parse_cards,
)

PRO_ROWS = ((40, 41, 42, 43, 44), (30, 45, 60), (59,), (67,))  # 000, Variant 4, example 1 (its table)
PRO = Position("professional", 4, PRO_ROWS, (5, 17, 58, 62))
BASE_ROWS = ((12,), (37,), (43,), (58,))  # Amigo rulebook, Fig. 1


# ---- round trip ------------------------------------------------------------------------------------
def test_the_professional_example_1_table_as_a_link_text():
    code = PRO.encode()
    body, check = code.rsplit(".", 1)
    # version, variant, players, rows (cards with -, rows with _), played, hand (none)
    assert body == "1.professional.4.40-41-42-43-44_30-45-60_59_67.5-17-58-62."
    assert re.fullmatch(r"[0-9a-z]{4}", check)
    assert decode(code) == PRO
    assert example_position("pro-1") == PRO


@pytest.mark.parametrize("position", [
    PRO,
    Position("base", 4, BASE_ROWS, (14, 15, 44, 61)),
    Position("base", 2, BASE_ROWS, (), (3, 99, 104)),
    Position("refined", 3, BASE_ROWS, (1, 2, 60, 61, 70, 71), tuple(range(80, 92))),
    Position("twins", 5, ((24, 24), (25, 30), (50,), (60,)), (30,)),
    Position("open", 9, ((2,), (3,), (4,), (5,))),
    Position("tactics", 3, ((1,), (2,), (3,), (34,)), (4, 5), (6, 7, 8)),
    Position("tournament", 5, ((1,), (9,), (20,), (54,)), (2, 3, 4, 5, 6)),
    Position("hand", 2, ((10, 11, 12, 13, 14), (20,), (30,), (40,)), (1, 2)),
])
def test_every_position_comes_back_exactly_from_its_link(position):
    code = position.encode()
    assert set(code) <= set("0123456789abcdefghijklmnopqrstuvwxyz.-_")  # safe in a URL fragment as is
    again = decode(code)
    assert again == position
    assert (again.variant, again.players, again.rows, again.played, again.hand) == (
        position.variant, position.players, position.rows, position.played, position.hand)
    assert again.encode() == code


def test_the_rulebook_s_names_and_lists_are_read_as_the_variant_and_tuples():
    p = Position("PRO", 4, [[40, 41, 42, 43, 44], [30, 45, 60], [59], [67]], [5, 17, 58, 62])
    assert p == PRO and p.variant == "professional"  # 'pro' is the rulebook's short name
    assert p.rows == PRO_ROWS and p.played == (5, 17, 58, 62) and p.hand == ()


# ---- what the position becomes -----------------------------------------------------------------------
def test_example_1_played_out_says_what_the_slovak_rulebook_says():
    """000, Variant 4, example 1: 5 goes left of the second row; 17 left of the first row, which is
    full (five cards), so B takes 40 41 42 43 44 and 17 starts that row; 58 left of the third row
    (59); 62 right of the second row (60). The rows after: 17 · 5 30 45 60 62 · 58 59 · 67."""
    game = PRO.one_turn_game()
    assert game.rows == [[17], [5, 30, 45, 60, 62], [58, 59], [67]]
    assert game.piles == [[], [40, 41, 42, 43, 44], [], []]
    placed = {e.card: (e.row, e.side) for e in game.log if isinstance(e, Placed)}
    assert placed == {5: (1, "left"), 17: (0, "left"), 58: (2, "left"), 62: (1, "right")}
    took = [e for e in game.log if isinstance(e, Took)]
    assert [(t.seat, t.cards) for t in took] == [(1, [40, 41, 42, 43, 44])]
    assert took[0].heads == 3 + 1 + 1 + 1 + 5  # 40 a multiple of 10 (3 heads), 41–43 one each, 44 of 11 (5)


def test_a_low_card_takes_the_cheapest_row_when_the_turn_is_played_out():
    """Base game, rows 12 · 37 · 43 · 58 (1 head each), and 3 · 38 · 50 · 70 played: 3 is lower than
    every row end, its player takes the cheapest row — all cost 1 head, so the first, 12 — and 3
    starts it; 38 goes after 37, 50 after 43, 70 after 58 (RULES.md §2, the lowest card first)."""
    game = Position("base", 4, BASE_ROWS, (3, 38, 50, 70)).one_turn_game()
    assert game.rows == [[3], [37, 38], [43, 50], [58, 70]]
    assert game.piles == [[12], [], [], []]


def test_a_turn_is_played_out_only_when_every_seat_has_laid_its_card():
    p = Position("base", 4, BASE_ROWS, (3, 38))
    with pytest.raises(ImpossibleTable) as refused:
        p.one_turn_game()
    assert str(refused.value) == "to play this turn out, every player lays their cards: 4 cards are needed here, not 2"
    assert refused.value.words("cs") == ("aby se kolo dohrálo, vyloží každý hráč své karty: "
                                         "jsou potřeba 4 karty, ne 2")
    refined = Position("refined", 2, BASE_ROWS, (1, 2))
    with pytest.raises(ImpossibleTable) as refused:
        refined.one_turn_game()  # two seats lay two cards each: 4
    assert str(refused.value).endswith("4 cards are needed here, not 2")


def test_the_trainer_asks_each_played_card_on_the_table_else_each_card_of_the_hand():
    table = [list(r) for r in PRO_ROWS]
    assert PRO.trainer_questions() == [(table, 5), (table, 17), (table, 58), (table, 62)]
    hand_only = Position("base", 4, BASE_ROWS, (), (44, 13))  # a hand is kept lowest first
    assert hand_only.hand == (13, 44)
    assert hand_only.trainer_questions() == [([[12], [37], [43], [58]], 13), ([[12], [37], [43], [58]], 44)]
    with pytest.raises(ImpossibleTable) as refused:
        Position("base", 4, BASE_ROWS).trainer_questions()
    assert str(refused.value) == "set a card played this turn, or cards in hand, to ask where it goes"


def test_play_from_here_deals_the_rest_of_the_deck_around_what_is_set():
    """Base game, 4 players: A plays 14 and holds 1 2 3 (so 4 cards a hand), B C D play 15 44 61;
    each other hand gets 3 more cards from the 104 minus the 4 on the table and the 7 set."""
    p = Position("base", 4, BASE_ROWS, (14, 15, 44, 61), (1, 2, 3))
    deal = p.play_deal(seed=7)
    assert deal.rows == [[12], [37], [43], [58]]
    assert deal.hands[0] == [1, 2, 3, 14]
    for seat, card in ((1, 15), (2, 44), (3, 61)):
        assert len(deal.hands[seat]) == 4 and card in deal.hands[seat]
    used = [c for h in deal.hands for c in h] + [12, 37, 43, 58]
    assert len(used) == len(set(used)) == 4 * 4 + 4
    assert p.play_deal(seed=7) == deal  # the same seed deals the same
    assert p.play_deal(seed=8) != deal
    # no hand set: the variant's 10 cards each
    full = Position("base", 4, BASE_ROWS, (14, 15, 44, 61)).play_deal(seed=1)
    assert [len(h) for h in full.hands] == [10, 10, 10, 10]
    from sixnimmt_core.engine.game import Game

    game = Game(p.rules, 4, seed=7, deal=deal)  # the engine accepts it: a game starts from it
    assert game.rows == [[12], [37], [43], [58]] and game.hands[0] == [1, 2, 3, 14]


def test_play_from_here_says_when_the_deck_left_is_too_small():
    """Tactics with 2 players: 24 cards (10 × 2 + 4). 9 lie on the table; hands of 10 need 20
    cards, 1 of them (A's 10) is set, so 19 more are needed and only 24 − 9 − 1 = 14 are left."""
    p = Position("tactics", 2, ((1, 2, 3), (4, 5), (6, 7), (8, 9)), (10,))
    with pytest.raises(ImpossibleTable) as refused:
        p.play_deal(seed=1)
    assert str(refused.value) == ("not enough cards left to deal: every hand should hold 10, which needs 19 more, "
                                  "but the deck has 14 left")
    assert refused.value.words("ro").endswith("dar în pachet au rămas 14 cărți")


def test_a_drafted_variant_is_dealt_from_the_table_and_lasts_one_hand():
    rules = Position("logic", 3, ((1,), (2,), (3,), (4,))).rules
    assert rules.dealing == "shuffle" and rules.match_end.hands == 1 and rules.deck == "tactics"
    tournament = Position("tournament", 3, ((1,), (2,), (3,), (4,))).rules
    assert not tournament.sheets and tournament.match_end.hands == 1


# ---- refusals: each with its words, and no position made ----------------------------------------------
REFUSED = {  # what is typed, the refusal, its English and Czech words (written by hand)
    "twice": (dict(rows=((8,), (24,), (24, 30), (81,))), ImpossibleTable,
              "24 is already in row 2: the deck holds only one 24",
              "24 už je v řadě 2: balíček má jen jednu kartu 24"),
    "played_twice": (dict(rows=BASE_ROWS, played=(14, 37)), ImpossibleTable,
                     "37 is already in row 2: the deck holds only one 37",
                     "37 už je v řadě 2: balíček má jen jednu kartu 37"),
    "in_hand_and_played": (dict(rows=BASE_ROWS, played=(14, 15), hand=(15,)), ImpossibleTable,
                           "15 is already among the cards Player B played this turn: the deck holds only one 15",
                           "15 už je mezi kartami, které v tomto kole vyložil Hráč B: balíček má jen jednu kartu 15"),
    "six_cards": (dict(rows=((1, 2, 3, 4, 5, 6), (7,), (8,), (9,))), ImpossibleTable,
                  "row 1 (1, 2, 3, 4, 5, 6) holds 6 places: a row never holds more than 5, the sixth card takes it (rule 3)",
                  "řada 1 (1, 2, 3, 4, 5, 6) zabírá 6 míst: řada nikdy nemá víc než 5, šestá karta ji bere (pravidlo 3)"),
    "unsorted": (dict(rows=((12,), (40, 37), (43,), (58,))), ImpossibleTable,
                 "row 2 (40, 37) is not in ascending order: a row only grows with higher cards (rule 1)",
                 "řada 2 (40, 37) není seřazená vzestupně: řada roste jen vyššími kartami (pravidlo 1)"),
    "empty_row": (dict(rows=((12,), (37,), (), (58,))), ImpossibleTable,
                  "row 3 is empty: every row holds at least one card (RULES.md §2)",
                  "řada 3 je prázdná: každá řada má alespoň jednu kartu (RULES.md §2)"),
    "three_rows": (dict(rows=((12,), (37,), (43,))), ImpossibleTable,
                   "a table has 4 rows, not 3 (RULES.md §2)",
                   "stůl má 4 řady, ne 3 (RULES.md §2)"),
    "no_card_105": (dict(rows=((12,), (37,), (43,), (58, 105))), NoSuchCard,
                    "a card of row 4 is a whole number from 1 to 104, not 105: there is no card 105 (RULES.md §1)",
                    "karta řady 4 je celé číslo od 1 do 104, ne 105: karta 105 neexistuje (RULES.md §1)"),
    # Tactics with 3 players: only 10 × 3 + 4 = 34 cards, 1 to 34 (RULES.md §3.1)
    "outside_tactics": (dict(variant="tactics", players=3, rows=((1,), (2,), (3,), (50,))), NoSuchCard,
                        "50 is not a card of tactics with 3 players: its deck holds 1 to 34",
                        "50 není karta varianty Taktika pro 3 hráče: její balíček má karty 1 až 34"),
    # Open: card 1 is the start marker, out of the deck
    "open_marker": (dict(variant="open", rows=((1,), (2,), (3,), (4,))), NoSuchCard,
                    "1 is not a card of open with 4 players: its deck holds 2 to 104",
                    "1 není karta varianty Otevřená pro 4 hráče: její balíček má karty 2 až 104"),
    "tournament_6": (dict(variant="tournament", players=6, rows=BASE_ROWS), ImpossibleSetup,
                     "tournament is played by at most 5 players, not 6 (RULES.md §3)",
                     "variantu Turnaj hraje nejvýše 5 hráčů, ne 6 (RULES.md §3)"),
    # Open: card 1 is the marker, so 103 cards; 10 players need 10 × 10 + 4 = 104
    "open_10": (dict(variant="open", players=10, rows=((2,), (3,), (4,), (5,))), ImpossibleSetup,
                "open cannot be dealt to 10 players: 10 hands of 10 cards and 4 row cards need 104 cards, "
                "the deck has 103 (card 1 is the start marker)", None),
    "eleven_players": (dict(players=11, rows=BASE_ROWS), ImpossibleSetup,
                       "6 nimmt! is played by 2 to 10 players, not 11 (RULES.md §2)", None),
    "third_twin": (dict(variant="twins", rows=((24,), (24,), (24, 30), (50,))), ImpossibleTable,
                   "24 is already in row 1 and in row 2: the deck holds only two cards 24",
                   "24 už je v řadě 1 a v řadě 2: balíček má jen dvě karty 24"),
    "third_twin_same_row": (dict(variant="twins", rows=((24, 24, 24), (25,), (26,), (50,))), ImpossibleTable,
                            "24 is already twice in row 1: the deck holds only two cards 24",
                            "24 už je dvakrát v řadě 1: balíček má jen dvě karty 24"),
    "five_played": (dict(rows=BASE_ROWS, played=(1, 2, 3, 4, 5)), ImpossibleTable,
                    "5 cards are played this turn, but with 4 players at most 4 are laid",
                    "v tomto kole je vyloženo 5 karet, ale při 4 hráčích se v kole vyloží nejvýše 4"),
    "refined_odd": (dict(variant="refined", rows=BASE_ROWS, played=(1, 2, 3)), ImpossibleTable,
                    "in refined each player lays 2 cards, so the cards played this turn come in pairs (now 3)",
                    "ve variantě Rafinovaná vykládá každý hráč 2 karty, takže karty vyložené v tomto kole musí "
                    "být po dvou (teď je jich 3)"),
    # a hand holds 10 cards: with a card played, 9 are left in it
    "big_hand": (dict(rows=BASE_ROWS, played=(1,), hand=tuple(range(20, 30))), ImpossibleTable,
                 "Player A can hold at most 9 cards in hand here, not 10 (a hand starts with 10 cards)",
                 "Hráč A tu může mít v ruce nejvýše 9 karet, ne 10 (na začátku hry má hráč v ruce 10 karet)"),
    "unknown_variant": (dict(variant="nimmt7", rows=BASE_ROWS), ImpossibleSetup, None, None),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_each_refusal_names_what_is_wrong_in_the_engine_s_words(name):
    given, kind, english, czech = REFUSED[name]
    fields = {"variant": "base", "players": 4, **given}
    with pytest.raises(kind) as refused:
        Position(**fields)
    if english is not None:
        assert str(refused.value) == english
    if czech is not None:
        assert refused.value.words("cs") == czech
    for lang in ("sk", "ro"):  # every language has its own words for it (not the English)
        assert refused.value.words(lang) and (english is None or refused.value.words(lang) != english)


def test_the_refusals_speak_slovak_and_romanian_as_written_here():
    with pytest.raises(ImpossibleTable) as refused:
        Position("base", 4, ((8,), (24,), (24, 30), (81,)))
    assert refused.value.words("sk") == "24 už je v rade 2: balíček má len jednu kartu 24"
    assert refused.value.words("ro") == "24 este deja în rândul 2: pachetul are o singură carte 24"
    with pytest.raises(ImpossibleTable) as refused:
        Position("base", 4, BASE_ROWS, (14, 15), (15,))
    assert refused.value.words("ro") == ("15 este deja printre cărțile jucate în această tură de Jucătorul B: "
                                         "pachetul are o singură carte 15")


def test_a_refused_edit_leaves_the_editor_s_table_as_it_was():
    """The widget keeps the last table the rules allowed; what is typed wrong is said, not taken."""
    from sixnimmt_core.widgets.editor import PositionEditor

    editor = PositionEditor(PRO)
    assert editor.position == PRO and editor.error is None and editor.code == PRO.encode()
    editor.row_boxes[2].value = "44 59"  # 44 lies in row 1 already
    assert editor.position == PRO
    assert editor.code is None and editor.link is None  # no link to a table the rules refuse
    assert isinstance(editor.error, ImpossibleTable)
    assert "44 is already in row 1: the deck holds only one 44" in editor.status.value
    assert editor.step_button.disabled and editor.trainer_button.disabled and editor.play_button.disabled
    assert editor.qr_view.value == ""
    editor.row_boxes[2].value = "59"
    assert editor.position == PRO and editor.error is None and not editor.step_button.disabled


# ---- links that were changed or cut ---------------------------------------------------------------------
def tamper_cases() -> dict[str, str]:
    code = PRO.encode()
    body, check = code.rsplit(".", 1)
    other = "0000" if check != "0000" else "0001"
    return {
        "a card changed": code.replace("59", "58", 1),
        "the check changed": f"{body}.{other}",
        "cut short": code[:-6],
        "a row dropped": code.replace("_67", "", 1),
        "players changed": code.replace(".4.", ".5.", 1),
        "empty": "",
        "garbage": "hello world",
        "another version": "2" + code[1:],
        "too long": code + "9" * 500,
        "a negative card": code.replace("-17-", "--17-", 1),
    }


@pytest.mark.parametrize("name", sorted(tamper_cases()))
def test_a_changed_or_cut_link_is_refused_in_words(name):
    text = tamper_cases()[name]
    with pytest.raises(CorruptPosition) as refused:
        decode(text)
    said = str(refused.value)
    assert said in ("the table in this link was changed or cut on the way (its check characters do not match): "
                    "ask for the link again",
                    "this link does not hold a table of the table editor: it was cut or mistyped")
    assert refused.value.words("cs") != said and refused.value.words("ro") != said


def test_a_link_with_a_correct_check_is_still_checked_by_the_rules():
    """Someone who recomputes the check cannot smuggle in a table the rules refuse."""
    from sixnimmt_core.teaching.position import _check

    body = "1.base.4.24_24_30_81.."
    with pytest.raises(ImpossibleTable) as refused:
        decode(f"{body}.{_check(body)}")
    assert str(refused.value) == "24 is already in row 1: the deck holds only one 24"
    body = "1.nosuch.4.8_24_69_81.."
    with pytest.raises(ImpossibleSetup):
        decode(f"{body}.{_check(body)}")


def test_a_non_string_is_refused_not_crashed_on():
    for thing in (None, 42, b"1.base"):
        with pytest.raises(CorruptPosition):
            decode(thing)  # type: ignore[arg-type]


# ---- typed cards -----------------------------------------------------------------------------------------
def test_typed_cards_are_numbers_apart_by_spaces_or_commas():
    assert parse_cards(" 40 41,42 ;43  44 ") == (40, 41, 42, 43, 44)
    assert parse_cards("") == ()
    with pytest.raises(NoSuchCard) as refused:
        parse_cards("12 1x3", Say("card.of_row", row=2))
    assert str(refused.value) == "a card of row 2: “1x3” is not a number"
    assert refused.value.words("cs") == "karta řady 2: „1x3“ není číslo"
    with pytest.raises(NoSuchCard) as refused:
        parse_cards("0")
    assert str(refused.value) == "a card is a whole number from 1 to 104, not 0: there is no card 0 (RULES.md §1)"


# ---- the link and its QR code ----------------------------------------------------------------------------
def test_the_link_opens_the_table_lesson_with_the_position_and_the_language_last():
    from sixnimmt_core.widgets.apps import App, Route, parse_route
    from sixnimmt_core.widgets.editor import PositionEditor

    editor = PositionEditor(PRO, page="http://127.0.0.1:8000/app.html", lang="sk")
    url = urlsplit(editor.link)
    assert (url.scheme, url.netloc, url.path) == ("http", "127.0.0.1:8000", "/app.html")
    assert parse_qsl(url.fragment) == [("lesson", "table"), ("pos", PRO.encode()), ("lang", "sk")]
    route = parse_route(url.fragment)
    assert route == Route("table", None, None, "sk", PRO.encode())
    assert route.fragment() == url.fragment
    app = App(url.fragment)  # a fresh app opened at that link shows the same table
    shown = app.current.editor
    assert [b.value for b in shown.row_boxes] == ["40 41 42 43 44", "30 45 60", "59", "67"]
    assert shown.played_box.value == "5 17 58 62" and shown.variant.value == "professional"
    assert app.route.fragment() == url.fragment
    assert parse_route("lesson=cards&pos=" + PRO.encode()).pos is None  # only the table lesson has one


def test_the_app_opened_at_a_changed_link_says_so_and_shows_no_table():
    from sixnimmt_core.widgets.apps import App

    app = App("lesson=table&pos=" + PRO.encode().replace("59", "58", 1) + "&lang=ro")
    editor = app.current.editor
    assert isinstance(editor.error, CorruptPosition)
    assert editor.code is None and editor.link is None and editor.table_view.value == ""  # no table shown
    assert "masa din acest link a fost modificată sau trunchiată pe drum" in editor.status.value
    assert app.route.pos is None


def qr_text(svg: str) -> str:
    """Read a QR code drawn as SVG back to its text with zxing-cpp (an independent reader)."""
    import zxingcpp
    from PIL import Image, ImageDraw

    # segno's SVG: one <path> of horizontal strokes "M x y h w" in module units, in a viewBox.
    view = re.search(r'viewBox="0 0 (\d+) (\d+)"', svg)
    size = int(view.group(1))
    scale = 8
    image = Image.new("L", (size * scale, size * scale), 255)
    draw = ImageDraw.Draw(image)
    path = re.search(r'<path class="qrline" stroke="#000" d="([^"]+)"', svg).group(1)  # the dark modules
    x = y = 0.0
    for op, a, b in re.findall(r"([MmHhVv])\s*(-?[\d.]+)(?:[ ,](-?[\d.]+))?", path):
        if op in "Mm":
            x, y = (float(a), float(b)) if op == "M" else (x + float(a), y + float(b))
        elif op in "hH":
            end = x + float(a) if op == "h" else float(a)
            draw.rectangle([x * scale, (y - 0.5) * scale, end * scale - 1, (y + 0.5) * scale - 1], fill=0)
            x = end
    found = zxingcpp.read_barcodes(image)
    assert len(found) == 1, f"zxing-cpp found {len(found)} codes"
    return found[0].text


def test_the_qr_code_reads_back_as_the_link():
    from sixnimmt_core.widgets.editor import PositionEditor, qr_svg

    editor = PositionEditor(PRO, page="http://192.168.1.20:8000/app.html", lang="cs")
    assert qr_text(qr_svg(editor.link)) == editor.link
    assert 'role="img"' in editor.qr_view.value and "QR kód odkazu na tento stůl" in editor.qr_view.value
    assert qr_text(editor.qr_view.value) == editor.link  # the very drawing the widget shows


def test_the_qr_reader_is_not_fooled_by_another_link():
    from sixnimmt_core.widgets.editor import qr_svg

    other = Position("base", 4, BASE_ROWS, (14, 15, 44, 61))
    link = "app.html#lesson=table&pos=" + other.encode() + "&lang=en"
    assert qr_text(qr_svg(link)) == link and qr_text(qr_svg(link)) != "app.html#lesson=table&pos=" + PRO.encode()


def test_the_editor_opens_the_stepper_the_trainer_and_play_on_its_table():
    from sixnimmt_core.widgets.editor import PositionEditor
    from sixnimmt_core.widgets.play import PlayTable
    from sixnimmt_core.widgets.stepper import Stepper
    from sixnimmt_core.widgets.trainer import RowTrainer

    editor = PositionEditor(PRO)
    stepper = editor.step_through()
    assert isinstance(stepper, Stepper) and editor.shown is stepper
    assert editor.edit_view.layout.display == "none"
    first, last = stepper.steps[0], stepper.steps[-1]
    assert [list(r) for r in first.after.rows] == [list(r) for r in PRO_ROWS]  # the table laid out
    assert last.after.rows == [[17], [5, 30, 45, 60, 62], [58, 59], [67]]
    editor.back()
    assert editor.shown is None and editor.edit_view.layout.display == ""
    trainer = editor.ask_in_trainer()
    assert isinstance(trainer, RowTrainer) and trainer.two_sided
    assert (trainer.rows, trainer.card) == ([list(r) for r in PRO_ROWS], 5)
    editor.back()
    table = editor.play_from_here()
    assert isinstance(table, PlayTable)
    assert table.game.rows == [list(r) for r in PRO_ROWS] and 5 in table.game.hands[0]
    assert len(table.game.hands[0]) == 10


def test_a_turn_that_cannot_be_played_out_is_said_and_the_editor_stays():
    from sixnimmt_core.widgets.editor import PositionEditor

    editor = PositionEditor(Position("base", 4, BASE_ROWS, (3, 38)))
    assert editor.step_through() is None
    assert editor.shown is None and editor.edit_view.layout.display != "none"
    assert "4 cards are needed here, not 2" in editor.status.value


def test_qr_image_helper_reads_a_png_too():
    """zxing-cpp reads a PNG segno writes itself (the reader of the browser test's screenshot)."""
    import segno
    import zxingcpp
    from PIL import Image

    buffer = io.BytesIO()
    segno.make("app.html#lesson=table&lang=en", error="m").save(buffer, kind="png", scale=6, border=4)
    buffer.seek(0)
    assert zxingcpp.read_barcodes(Image.open(buffer))[0].text == "app.html#lesson=table&lang=en"


def test_switching_the_language_keeps_the_table_and_its_link_follows():
    from sixnimmt_core.widgets.apps import App

    app = App("lesson=table&pos=" + PRO.encode() + "&lang=en")
    app.go("lesson=table&lang=cs")  # the language switch names no table: the learner's stays
    editor = app.current.editor
    assert app.current.lang == "cs"
    assert [b.value for b in editor.row_boxes] == ["40 41 42 43 44", "30 45 60", "59", "67"]
    assert app.route.fragment() == "lesson=table&pos=" + PRO.encode() + "&lang=cs"
    assert editor.link.endswith("&lang=cs") and "Pravidla tento stůl dovolují." in editor.status.value


def test_a_new_table_typed_in_the_app_is_reported_to_the_page():
    from sixnimmt_core.widgets.apps import App

    app = App("lesson=table")
    seen = []
    app.observe_route(seen.append)
    editor = app.current.editor
    editor.played_box.value = ""  # the editor opens with the rulebook's example, its cards played
    for box, cards in zip(editor.row_boxes, ["12", "37", "43", "58"], strict=True):
        box.value = cards
    expected = Position("base", 4, BASE_ROWS).encode()
    assert seen[-1].pos == expected and seen[-1].lesson == "table"
    editor.row_boxes[0].value = "12 12"  # refused: no table to report, the route carries none
    assert app.route.pos is None


@pytest.mark.parametrize("typed", ["3²", "①", "٣", "12³", "４"])
def test_digits_that_are_not_ascii_are_refused_as_typed_words(typed):
    """str.isdigit() is true for ², ①, Arabic-Indic and full-width digits; int() refuses some and
    reads others: a card is typed with 0–9 only, and anything else is refused in the editor's words."""
    from sixnimmt_core.engine.errors import NoSuchCard
    from sixnimmt_core.teaching.position import parse_cards

    with pytest.raises(NoSuchCard) as refused:
        parse_cards(f"5 {typed}")
    assert typed[:12] in str(refused.value)
