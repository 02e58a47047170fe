"""The lesson content in four languages (issue 12): titles, variant names and summaries, the examples,
and the rulebooks' words quoted in their own language. The expected texts are written by hand."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sixnimmt_core.engine.rules import VARIANTS, variant_name, variant_summary
from sixnimmt_core.teaching.scenarios import EXAMPLES, example
from sixnimmt_core.teaching.teach import (
    APP_TITLES,
    TOURS,
    app_title,
    example_walk,
    hand_walk,
    head_count_lines,
    head_count_rule,
    lessons,
    tour_walk,
    why_only_the_lowest_can_be_low,
)
from sixnimmt_core.words.i18n import LANGUAGES

# The source documents (../shared/seeds/), copied into the repository so that a clone checks the
# quotes on its own; beside the shared folder, the copies are checked against the originals.
SEEDS = Path(__file__).resolve().parent / "fixtures" / "seeds"
SHARED_SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"
SEED_OF = {"ro": "004_", "cs": "003_", "sk": "000_"}  # the document each non-English quote comes from
OTHERS = [lang for lang in LANGUAGES if lang != "en"]


def seed_text(lang: str) -> str:
    (found,) = sorted(SEEDS.glob(SEED_OF[lang] + "*.txt"))
    return found.read_text(encoding="utf-8")


def test_the_copied_seed_documents_are_the_originals():
    copies = sorted(p.name for p in SEEDS.glob("*.txt"))
    assert copies == ["000_e1abab4293dc46e0.txt", "003_a17a29ccf9b8a985.txt", "004_864f8ed968f4affc.txt"]
    for name in copies if SHARED_SEEDS.is_dir() else []:
        assert (SEEDS / name).read_bytes() == (SHARED_SEEDS / name).read_bytes(), name


# ---- titles and variants ----------------------------------------------------------------------------
@pytest.mark.parametrize(("lang", "titles"), [
    ("cs", {"cards": "Karty a kravské hlavy", "trainer": "Kam patří moje karta?", "variants": "Osm variant"}),
    ("sk", {"cards": "Karty a kravské hlavy", "trainer": "Kam patrí moja karta?", "variants": "Osem variantov"}),
    ("ro", {"cards": "Cărți și capete de taur", "trainer": "Unde merge cartea mea?", "variants": "Cele opt variante"}),
])
def test_lesson_titles_in_each_language(lang, titles):
    for name, title in titles.items():
        assert app_title(name, lang) == title
        assert lessons(lang)[name][0] == title


# What each variant changes, as the English lessons said it when the words were still in the code.
DESCRIPTIONS = {
    "base": "All 104 cards, 10 each, hidden choice, lowest card placed first.",
    "tactics": "Only cards 1 … 10 × players + 4: every card in play is known.",
    "logic": "Tactics deck laid face up; players draft their 10 cards one at a time; 4 left start the rows.",
    "tournament": "Logic draft once; selections pass left each hand until everyone played each; totals.",
    "professional": "Rows grow at both ends; nearest difference wins; sixth card at either end.",
    "open": "Card 1 is the start marker; cards are laid face up in seat order; the marker moves left.",
    "refined": "14 cards, two per turn; the lowest card's owner places both, in an order they choose.",
    "hand": "14 cards; lay one or two and place them at once; taken cards may go to your hand (max 16).",
    "twins": "Two decks: twins stack, a twin lands on its twin at a row end, shared takes split heads.",
}


def test_english_is_as_it_was():
    assert lessons("en") == APP_TITLES
    assert {name: variant_summary(name) for name in VARIANTS} == DESCRIPTIONS
    assert {name: TOURS[name].summary for name in TOURS} == {name: DESCRIPTIONS[name] for name in TOURS}
    assert hand_walk().title == "A hand of the base game, four bots"
    assert head_count_rule(5) == "other multiples of 11" and head_count_rule(1, "cs") == "všechny ostatní karty"
    assert why_only_the_lowest_can_be_low().startswith("Cards are placed lowest first.")
    assert head_count_lines().splitlines()[0] == "76 cards with 1 head"
    for ex in EXAMPLES.values():
        assert ex.title_in("en") == ex.title and ex.source_in("en") == ex.source and ex.text_in("en") == ex.text


@pytest.mark.parametrize("lang", OTHERS)
def test_no_english_title_in_another_language_s_lesson_list(lang):
    english = {text for pair in APP_TITLES.values() for text in pair}
    english |= {e.title for e in EXAMPLES.values()} | set(DESCRIPTIONS.values())
    own = [text for pair in lessons(lang).values() for text in pair]
    own += [e.title_in(lang) for e in EXAMPLES.values()] + [variant_summary(v, lang) for v in VARIANTS]
    assert not english & set(own), sorted(english & set(own))


@pytest.mark.parametrize(("lang", "names"), [
    ("cs", "Taktika Logika Turnaj Profesionál Otevřená Rafinovaná Ruka Dvojčata"),
    ("sk", "Taktika Logika Turnaj Profesionál Otvorená Rafinovaná Ruka Dvojičky"),
    ("ro", "Tactică Logică Turneu Profesionist Deschisă Rafinată Mână Gemeni"),
    ("en", "Tactics Logic Tournament Professional Open Refined Hand Twins"),
])
def test_variant_names_are_the_glossary_s(lang, names):
    assert [variant_name(v, lang) for v in VARIANTS if v != "base"] == names.split()
    assert variant_name("nifty", lang) == variant_name("refined", lang)  # the rulebook's alias


@pytest.mark.parametrize(("variant", "lang", "summary"), [
    ("tactics", "cs", "Jen karty 1 … 10 × počet hráčů + 4: každá karta ve hře je známá."),
    ("refined", "sk", "14 kariet, dve v každom kole; kto má kartu s najnižším číslom, priloží obe, v poradí "
                      "podľa svojej voľby."),
    ("professional", "ro", "Rândurile cresc la ambele capete; câștigă cea mai mică diferență; a șasea carte, "
                           "la oricare capăt, ia rândul."),
])
def test_a_variant_summary_in_each_language(variant, lang, summary):
    assert variant_summary(variant, lang) == summary
    assert tour_walk(variant, lang).title == summary


def test_the_deck_is_counted_in_each_language_s_grammar():
    assert head_count_lines("cs").splitlines()[-2:] == ["7 hlav: 1 karta", "hlav v celém balíčku: 171"]
    assert head_count_lines("sk").splitlines()[0] == "1 hlava: 76 kariet"
    assert head_count_lines("ro").splitlines()[:2] == ["76 de cărți cu 1 cap", "9 cărți cu 2 capete"]


# ---- the rulebooks' words: in their own language, translated where the page's language differs -------
QUOTED = sorted(k for k, e in EXAMPLES.items() if e.quote_lang != "en")


@pytest.mark.parametrize("key", QUOTED)
def test_a_quote_is_the_seed_document_s_own_words(key):
    ex = example(key)
    seed = " ".join(seed_text(ex.quote_lang).split())
    for part in ex.quote.split(" … "):  # a quote of two passages joins them with " … "
        assert " ".join(part.split()) in seed, (key, part)


def test_the_quotes_cover_every_seed_language():
    assert {example(k).quote_lang for k in QUOTED} == {"cs", "sk", "ro"}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("key", sorted(EXAMPLES))
def test_an_example_ends_with_the_quote_and_a_translation_where_needed(key, lang):
    ex = example(key)
    last = example_walk(key, lang).steps[-1].text
    assert ex.original in last
    if lang == ex.quote_lang:
        assert ex.text_in(lang) == ex.original and last.count(ex.original) == 1
        assert not any(w in last for w in ("in English:", "česky:", "po slovensky:", "în română:"))
    else:
        assert ex.text_in(lang) in last and ex.text_in(lang) != ex.original


def test_quotes_and_translations_by_hand():
    """Each language's own rulebook first (English: RULES.md's wording), the original after; the
    source named by its language, never by a document's code."""
    cs = example_walk("highest-last", "cs").steps[-1].text
    assert cs == ("Citace z pravidel — český encyklopedický článek: „Hráč přiloží kartu do řady, jejíž poslední karta "
                  "má nižší hodnotu než hodnota hrané karty. Existuje-li více takových řad, vybere se řada s nejvyšší "
                  "hodnotou poslední karty.“")
    ro = example_walk("ends-3", "ro").steps[-1].text
    assert ro.startswith("Ce spun regulile — regulamentul românesc: „Dacă cartea de jucat ar fi fost 3")
    sk = example_walk("ends-3", "sk").steps[-1].text
    assert sk.startswith("Citát z pravidiel — rumunské pravidlá — po slovensky: „Keby hraná karta bola 3 — teda karta "
                         "nižšia ako všetky 4 ležiace — hráč by si musel vziať karty jedného radu podľa svojej voľby a "
                         "položiť na ich miesto 3.“ — v origináli: „Dacă cartea de jucat ar fi fost 3")
    en = example_walk("pro-2", "en").steps[-1].text
    assert en.startswith("The rulebook's words, from the Slovak rulebook of the variants, Variant 4 (its picture is "
                         "lost: this table is rebuilt to fit the text) — in English: “Of the cards not on this table, "
                         "exactly 59 and 60 fit no row on either side: a card that fits nowhere takes any row, as in "
                         "the base game.” — the original: “Hráč, ktorý by teraz vyložil kartu s číslom 59 alebo 60")
    en = example_walk("ends-29", "en").steps[-1].text  # RULES.md §2's own example, in its words
    assert "in English: “A card goes at the end of the row whose last card is the highest card still lower than it. "\
           "Row ends 8, 24, 69, 81: card 29 goes after 24 (69 and 81 are higher; of 8 and 24, 24 is closest).”" in en


DOCUMENT_CODE = re.compile(r"(?<![\d,.])00[0-4](?![\d,.])")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_quotes_its_own_rulebook_first_and_names_no_document_code(lang):
    for key, ex in EXAMPLES.items():
        last = example_walk(key, lang).steps[-1].text
        own = ex.text_in(lang)
        assert last.index(own) <= last.index(ex.original), (key, lang)  # its own words come first
        assert not DOCUMENT_CODE.search(last), (key, lang, last)
        assert not DOCUMENT_CODE.search(ex.source_in(lang))


@pytest.mark.parametrize("lang", OTHERS)
def test_the_original_language_catalogue_holds_the_quote_itself(lang):
    for ex in EXAMPLES.values():
        if ex.quote_lang == lang:
            from sixnimmt_core.words import i18n

            assert i18n.text(f"example.{ex.key}.text", lang, domain="lessons") == ex.original
