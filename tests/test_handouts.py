"""The printable handouts (sixnimmt_core/drawing/handouts.py): the worksheet's answers checked by hand from
the rules, every page A4, every card drawn with its heads, every language with all of its words.
The PDFs themselves are tested in tests/site/test_handouts_pdf.py (no browser needed)."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po
from helpers import heads_by_hand

from sixnimmt_core.drawing import handouts
from sixnimmt_core.engine.table import CLOSEST, LOW, NOWHERE, SIXTH, TIE
from sixnimmt_core.words import i18n

LOCALE = i18n.LOCALE_DIR
PAGES = [(name, lang) for lang in i18n.LANGUAGES for name in handouts.HANDOUTS]


@pytest.fixture(scope="module")
def pages() -> dict[tuple[str, str], str]:
    return {(name, lang): handouts.handout(name, lang) for name, lang in PAGES}




# ---- the worksheet -----------------------------------------------------------------------------------
# Five of its tables as they are printed, with the answer worked out by hand from RULES.md (row and
# side counted from 0 as the engine counts; a person reads row + 1).
BY_HAND = {
    # row ends 96, 7, 33, 65: below 56 are 7 and 33; 33 is closest; row 3 holds one card → after 33
    1: (((30, 39, 83, 87, 96), (7,), (33,), (5, 59, 65)), 56, CLOSEST, 2, "right"),
    # row ends 55, 78, 85, 96: below 88 are 55, 78, 85; 85 is closest, and its row holds 5 cards → sixth
    3: (((32, 55), (68, 78), (34, 39, 65, 81, 85), (44, 86, 91, 96)), 88, SIXTH, 2, "right"),
    # row ends 92, 24, 74, 103: all above 15 → lower than every row end, its player chooses
    4: (((34, 81, 88, 92), (9, 24), (20, 73, 74), (86, 95, 103)), 15, LOW, None, "right"),
    # Professional: no right end below 24 (32, 43, 101, 73); left ends above it: 83 (59 away) and
    # 62 (38 away) → left of 62, row 4
    9: (((5, 32), (19, 31, 43), (83, 101), (62, 70, 73)), 24, CLOSEST, 3, "left"),
    # Professional: after 17 in row 2 is 2 away, before 21 in row 4 is 2 away too → a tie, the
    # player chooses (the edition's ruling)
    12: (((42, 51, 68), (9, 17), (66, 81, 90, 104), (21,)), 19, TIE, None, "right"),
}


def test_the_worksheet_has_twelve_seeded_tables_in_the_planned_cases():
    qs = handouts.worksheet_questions()
    assert len(qs) == 12 and [q.number for q in qs] == list(range(1, 13))
    assert [q.two_sided for q in qs] == [False] * 8 + [True] * 4
    assert [q.answer.rule for q in qs] == [case for case, _two, _side in handouts.PLAN]
    assert {q.answer.rule for q in qs} == {CLOSEST, SIXTH, LOW, NOWHERE, TIE}
    assert qs == handouts.worksheet_questions()  # the same tables on every run
    for q in qs:
        on_table = [c for r in q.rows for c in r]
        assert q.card not in on_table and len(set(on_table)) == len(on_table)


@pytest.mark.parametrize("number", sorted(BY_HAND))
def test_worksheet_answers_checked_by_hand(number):
    rows, card, rule, row, side = BY_HAND[number]
    q = handouts.worksheet_questions()[number - 1]
    assert (q.rows, q.card) == (rows, card), "the printed table changed: work its answer out again"
    p = q.answer
    assert (p.rule, p.row) == (rule, row)
    if row is not None:
        assert p.side == side


def test_the_tie_and_the_low_card_are_keyed_as_the_player_s_choice():
    qs = handouts.worksheet_questions()
    tie = handouts.short_answer(qs[11].answer, "en")
    assert tie == "a tie: its player chooses between after 17 in row 2 and before 21, at the left end of row 4"
    assert handouts.short_answer(qs[3].answer, "en").startswith("lower than every row end")
    assert handouts.short_answer(qs[0].answer, "en") == "after 33 in row 3"
    assert handouts.short_answer(qs[2].answer, "en") == "after 85 in row 3, as its sixth card: its player takes the row"
    assert handouts.short_answer(qs[8].answer, "cs") == "před 62, na levý konec řady 4"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_answer_key_is_a_page_of_its_own_with_the_engine_s_reasons(pages, lang):
    page = pages["worksheet", lang]
    sheets = re.findall(r'<section class="sheet ([^"]*)">', page)
    assert sheets == ["worksheet", "key"]
    assert ".sheet.key { break-before: page;" in page
    questions, key = page.split('<section class="sheet key">')
    assert i18n.text("key.title", lang, domain="handouts") in key and i18n.text("key.title", lang, domain="handouts") not in questions
    for q in handouts.worksheet_questions():
        assert f'data-question="{q.number}"' in questions and f'data-question="{q.number}"' in key
        assert re.sub(r"&#x27;|&quot;", "", q.answer.reason(lang)).split(":")[0] in key.replace("&#x27;", "")


# ---- every page -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "lang"), PAGES)
def test_every_page_is_a4_with_page_breaks(pages, name, lang):
    page = pages[name, lang]
    assert "@page { size: A4; margin: 12mm; }" in page
    assert f'<html lang="{lang}">' in page
    assert page.count('<section class="sheet') >= 1
    assert ".sheet { box-sizing: border-box; width: 186mm; break-after: page;" in page
    assert "http://" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "") and "https://" not in page


@pytest.mark.parametrize(("name", "lang"), PAGES)
def test_every_card_drawn_has_its_heads(pages, name, lang):
    drawn = handouts.drawn_cards(pages[name, lang])
    if name != "scoresheet":  # the score sheet is boxes to write in, no cards
        assert len(drawn) >= {"rules": 5 + 4, "variants": 8 * 4, "worksheet": 12 * 4}[name]
    for card, count in drawn:
        assert count == heads_by_hand(card), f"card {card}: {count} heads drawn"


def test_cards_print_black_on_white_and_the_screen_words_of_rows_are_not_printed(pages):
    page = pages["worksheet", "cs"]
    assert '.ho svg.snt-card > rect[rx="7"] { fill: #fff; stroke: #000; }' in page
    assert ".ho .snt-free, .ho .snt-takes, .ho .snt-mark { display: none; }" in page  # English words


# ---- the languages ------------------------------------------------------------------------------------------
def english_texts() -> dict[str, list[str]]:
    with (LOCALE / "en" / "LC_MESSAGES" / "handouts.po").open("rb") as f:
        catalog = read_po(f, locale="en")
    return {(m.id[0] if isinstance(m.id, tuple) else m.id):
            (list(m.string) if isinstance(m.string, tuple) else [m.string]) for m in catalog if m.id}


@pytest.mark.parametrize("lang", [lang for lang in i18n.LANGUAGES if lang != "en"])
def test_each_language_has_every_text_of_its_own(pages, lang):
    english = english_texts()
    assert len(english) > 90
    same = {"summary.total"}  # "Total" is Romanian too
    for key, forms in english.items():
        if key.endswith(".plural") or key in same:
            continue
        if len(forms) > 1:
            assert all(i18n.text(key, lang, n=n, domain="handouts") != i18n.text(key, n=n, domain="handouts") for n in (1, 2, 5)), key
        else:
            assert i18n.text(key, lang, domain="handouts", **dict.fromkeys(["n", "card", "players", "spot", "spots", "blank"], "X")) \
                != forms[0].format(**dict.fromkeys(["n", "card", "players", "spot", "spots", "blank"], "X")), key
    printed = " ".join(pages[name, lang] for name in handouts.HANDOUTS)
    for key, forms in english.items():  # no English sentence fell through into the pages
        text = forms[0]
        if len(text) > 14 and "{" not in text and key not in same:
            assert handouts._e(text) not in printed, f"{lang}: English text of {key} printed"
    for word in ("Player ", "goes after", "heads", "row end"):  # nor the engine's English
        assert word not in re.sub(r'(aria-label|title)="[^"]*"|<title>[^<]*</title>', "", printed), (lang, word)


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["The rules on one page", "cattle heads", "Answer key", "Tournament sheet", "Professional"]),
    ("cs", ["6 bere!", "kravských hlav", "trestné body", "Řešení", "Turnajový lístek", "Profesionál", "řady"]),
    ("sk", ["6 berie!", "mínusové body", "Riešenie", "Turnajový lístok", "Dvojičky", "ľavý sused"]),
    ("ro", ["6 ... ia și pierde!", "capete de taur", "Rezolvări", "Foaia de turneu", "Gemeni", "rândul"]),
])
def test_each_language_in_its_rulebook_s_words(pages, lang, words):
    printed = " ".join(pages[name, lang] for name in handouts.HANDOUTS)
    for word in words:
        assert handouts._e(word) in printed, (lang, word)


def test_counts_under_the_cards_follow_each_language_s_grammar(pages):
    assert "5 hlav<br/>8 karet" in pages["rules", "cs"] and "7 hláv<br/>1 karta" in pages["rules", "sk"]
    assert "3 capete<br/>10 cărți" in pages["rules", "ro"] and "1 head<br/>76 cards" in pages["rules", "en"]


# ---- the variants ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", handouts.VARIANT_ORDER)
def test_each_variant_card_shows_a_moment_of_its_own_tour(pages, variant):
    steps = handouts.variant_moment(variant)
    assert any(key in handouts.MOMENTS[variant] for key in steps[0].specials)
    page = pages["variants", "en"]
    card = page.split(f'data-variant="{variant}"')[1].split("</article>")[0]
    assert steps[0].text in card.replace("&#x27;", "'")
    assert 'class="snt snt-table"' in card
    assert ("snt-two" in card) == (variant == "professional")


def test_twins_are_drawn_as_stacks():
    card = handouts.handout("variants", "en").split('data-variant="twins"')[1].split("</article>")[0]
    assert "card 4×2, 2 heads" in card


def test_the_index_lists_every_handout_in_every_language():
    index = handouts.index_page()
    for lang in i18n.LANGUAGES:
        for name in handouts.HANDOUTS:
            assert f'href="{lang}/{name}.html"' in index and f'href="{lang}/{name}.pdf"' in index
    assert 'href="en/rules.pdf"' not in handouts.index_page(pdf=False)


def test_an_unknown_handout_or_language_is_refused():
    with pytest.raises(KeyError):
        handouts.handout("poster", "en")
    with pytest.raises(i18n.UnknownLanguage):
        handouts.handout("rules", "de")


def test_a_row_s_places_as_the_table_shows_them():
    """A row of 2 cards: 3 free places, then the sixth; two-sided, the sixth place is at both ends and
    the free places are shared out, the odd one to the right (as render.row_html draws them)."""
    from sixnimmt_core.drawing import render, sheets

    assert render.places(2) == ["card", "card", "free", "free", "free", "six"]
    assert render.places(2, two_sided=True) == ["six", "free", "card", "card", "free", "free", "six"]
    assert render.places(5) == ["card"] * 5 + ["six"]
    assert sheets.Rows(((4, 4, 9),)).places() == [[(4, 2), (9, 1), "free", "free", "free", "six"]]  # twins stacked


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_each_page_is_written_from_the_handout_s_data(pages, lang):
    for name in handouts.HANDOUTS:
        data = handouts.Handout(lang).data(name)
        assert data.lang == lang and data.sheets
        assert handouts.Handout(lang).html(data) == pages[name, lang]
