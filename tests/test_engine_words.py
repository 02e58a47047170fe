"""The engine's own messages, read in English with their default arguments (mutation testing found
these untested once the words moved into the engine as data): each expectation is the catalogue's
English text filled in by hand from the table or the rule."""

from __future__ import annotations

import pytest

from sixnimmt_core import Game, find_variant, where
from sixnimmt_core.engine import cards, rules
from sixnimmt_core.engine.decisions import PlayDecision
from sixnimmt_core.engine.errors import BadOption, IllegalAction, ImpossibleSetup
from sixnimmt_core.engine.options import Twins
from sixnimmt_core.engine.rules import MatchEnd, Rules


def test_the_tactics_deck_has_ten_cards_a_player_and_four_by_default() -> None:
    # RULES.md: Tactics plays with 10 × players + 4 cards; a hand is 10 cards unless said otherwise
    assert cards.tactics_size(4) == 44
    assert cards.tactics_size(3) == 34


def test_a_card_number_is_shown_in_english_words_by_default() -> None:
    assert cards.short(5) == "5"


def test_a_variant_is_named_and_summed_up_in_english_by_default() -> None:
    assert rules.variant_name("tactics") == "Tactics"
    assert rules.variant_name("base") == rules.variant_name("base", "en")
    assert rules.variant_summary("open") == (
        "Card 1 is the start marker; cards are laid face up in seat order; the marker moves left.")


def test_when_a_match_ends_is_said_in_english_by_default() -> None:
    base = find_variant("base")
    assert base.match_end_words(4) == "when a player has 66 or more"
    assert base.match_end.describe() == "when a player has 66 or more"
    assert base.match_end.why() == "a player has 66 or more"
    assert MatchEnd(limit=50).describe() == "when a player has 50 or more"
    assert MatchEnd(limit=50).why() == "a player has 50 or more"


def test_an_unknown_option_is_refused_with_the_option_named() -> None:
    with pytest.raises(BadOption) as refused:
        Rules().but(colour=1)
    assert "colour" in str(refused.value) and str(refused.value).startswith("bad rule options: ")


def test_a_twin_on_a_two_sided_table_is_explained_with_its_row() -> None:
    # 50 is the twin of row 2's end card 50 (Twins, double deck): laid on it, the row does not grow
    p = where(50, [[40, 45], [10, 50], [60, 70], [80, 90]], two_sided=True, twins=Twins.DOUBLE)
    assert p.says().words() == (
        "50 is the twin of the end card of row 2: it is laid on it, and the row does not grow (Twins).")


def test_a_two_sided_tie_names_both_places() -> None:
    # 50: after 45 (difference 5) and before 55 (difference 5) are equally near
    p = where(50, [[40, 45], [10, 20], [55, 70], [80, 90]], two_sided=True)
    assert p.says().words() == (
        "50 is equally near to after 45 in row 1 (difference 5) and before 55 in row 3 (difference 5): "
        "the rules don't say; this edition lets the player choose (a ruling).")


def test_why_not_looks_at_the_right_end_by_default() -> None:
    # 50 belongs after 45 (row 1); row 3 ends in 70, higher than 50; row 2 ends in 20, 30 away
    p = where(50, [[40, 45], [10, 20], [60, 70], [80, 90]])
    assert p.why_not(2).words() == ": 70 is higher than 50, and a row grows upwards"
    assert p.why_not(1).words() == ": 50 could go there (difference 30), but another place is closer"
    assert p.why_not(0) is None


def test_a_turn_of_one_or_two_cards_is_counted_in_each_language_s_plural() -> None:
    # "1 or 2 cards": the plural form that 2 takes (cs/sk 2–4: karty; ro 2–19: cărți), not that of 1
    d = PlayDecision(0, (5, 9, 33), 1, 2)
    assert d.how_many().words() == "1 or 2 cards"
    assert d.how_many().words("cs") == "1 nebo 2 karty"
    assert d.how_many().words("sk") == "1 alebo 2 karty"
    assert d.how_many().words("ro") == "1 sau 2 cărți"
    assert d.describe() == "choose 1 or 2 cards"


def test_a_refusal_names_an_unnamed_seat_in_the_language_it_is_read_in() -> None:
    # seat 1 had no name given: 'Player B' in English, 'Hráč B' in Czech
    g = Game(find_variant("base"), players=3, seed=1)
    with pytest.raises(IllegalAction) as refused:
        g.act(1, next(c for c in range(1, 105) if c not in g.hands[1]))
    assert str(refused.value).startswith("Player B does not hold ")
    assert refused.value.says.words("cs").startswith("Hráč B nemá v ruce ")


def test_a_match_of_fixed_hands_is_counted_in_the_language_s_plural() -> None:
    # Tournament: as many hands as players (4); Czech 'po 4 hrách'
    assert find_variant("tournament").match_end_words(4).startswith("after 4 hands")
    assert find_variant("tournament").match_end_words(4, "cs").startswith("po 4 hrách")
    assert MatchEnd(limit=None, hands=3).describe("ro") == "după 3 mâini"


def test_too_few_names_are_counted_in_each_language_s_plural() -> None:
    # 2 names for 3 seats: Czech says 2 in its 2–4 form (zadána 2 jména), not that of 1 (jméno) or 5+ (jmen)
    with pytest.raises(ImpossibleSetup) as refused:
        Game(find_variant("base"), 3, names=["Ana", "Ben"])
    assert str(refused.value) == "2 names given for 3 players"
    assert refused.value.says.words("cs") == "zadána 2 jména, ale počet hráčů je 3"
    assert refused.value.says.words("ro") == "2 nume date pentru 3 jucători"
