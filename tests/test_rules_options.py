"""rules.py option by option, expectations from RULES.md §2–4 worked out in the comments and
messages compared whole."""

from __future__ import annotations

import pytest

from sixnimmt_core.engine.errors import BadOption, ImpossibleSetup
from sixnimmt_core.engine.rules import (
    MAX_ROUNDS,
    ONE_HAND,
    VARIANTS,
    Choosing,
    Deck,
    MatchEnd,
    Rules,
    Twins,
    find_variant,
)

# ---- MatchEnd ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("options", "message"), [
    ({"limit": 0}, "a match's limit is a whole number from 1 to 1000, not 0 (RULES.md §2, match end)"),
    ({"limit": 1001}, "a match's limit is a whole number from 1 to 1000, not 1001 (RULES.md §2, match end)"),
    ({"limit": True}, "a match's limit is a whole number from 1 to 1000, not True (RULES.md §2, match end)"),
    ({"limit": "66"}, "a match's limit is a whole number from 1 to 1000, not '66' (RULES.md §2, match end)"),
    ({"hands": 0}, "a match's hands is a whole number from 1 to 1000, not 0 (RULES.md §2, match end)"),
    ({"hands": 1001}, "a match's hands is a whole number from 1 to 1000, not 1001 (RULES.md §2, match end)"),
    ({"exceeds": 1}, "a match's exceeds is True or False, not 1"),
])
def test_match_end_refusals_whole(options, message):
    with pytest.raises(BadOption) as info:
        MatchEnd(**options)
    assert (str(info.value), info.value.rule) == (message, "match_end")


def test_match_end_bounds_are_allowed():
    assert MatchEnd(limit=1).limit == 1 and MatchEnd(limit=1000).limit == 1000
    assert MatchEnd(hands=1).hands == 1 and MatchEnd(hands=1000).hands == 1000
    assert MatchEnd(limit=None, hands=None).limit is None


def test_match_end_reached():
    # default: 66 or more ends; with exceeds: more than 66 (RULES.md §2)
    assert not MatchEnd().reached([65, 0]) and MatchEnd().reached([0, 66])
    assert not MatchEnd(exceeds=True).reached([66, 3]) and MatchEnd(exceeds=True).reached([3, 67])
    assert not MatchEnd(limit=None, hands=3).reached([500])
    assert MatchEnd(limit=10).reached([10]) and not MatchEnd(limit=10).reached([9])


def test_match_end_words():
    assert MatchEnd().describe() == "when a player has 66 or more"
    assert MatchEnd(exceeds=True).describe() == "when a player has more than 66"
    assert MatchEnd(limit=None, hands=1).describe() == "after 1 hand"
    assert MatchEnd(hands=3).describe() == "after 3 hands"
    assert MatchEnd().why() == "a player has 66 or more"
    assert MatchEnd(limit=40, exceeds=True).why() == "a player has more than 40"
    assert MatchEnd(limit=None, exceeds=False, hands=1) == ONE_HAND


# ---- Rules: derived facts and the match end -------------------------------------------------------


def test_open_marker_and_cards_per_turn():
    assert Rules(choosing="open").open_marker and not Rules().open_marker
    assert not Rules(choosing="immediate").open_marker
    assert Rules().min_cards_per_turn == 1
    assert Rules(cards_per_turn=2).min_cards_per_turn == 2  # Refined: two each turn
    assert Rules(choosing="immediate", cards_per_turn=2).min_cards_per_turn == 1  # Hand: one or two


def test_match_over_and_its_words():
    base = Rules()
    assert base.hands_in_match(4) is None
    assert not base.match_over(4, 9, [65, 0, 0, 0]) and base.match_over(4, 1, [0, 0, 66, 0])
    assert base.match_end_why(4) == "a player has 66 or more"
    assert base.match_end_words(4) == "when a player has 66 or more"
    three = Rules(match_end=MatchEnd(limit=None, hands=3))
    assert three.hands_in_match(4) == 3
    assert not three.match_over(4, 2, [500, 0, 0, 0]) and three.match_over(4, 3, [0, 0, 0, 0])
    assert three.match_over(4, 4, [0, 0, 0, 0])
    assert three.match_end_why(4) == "3 hands played"
    assert three.match_end_words(4) == "after 3 hands"
    assert Rules(match_end=MatchEnd(limit=None, hands=1)).match_end_why(2) == "1 hand played"
    tour = VARIANTS["tournament"]  # as many hands as players
    assert tour.hands_in_match(4) == 4 and tour.hands_in_match(3) == 3
    assert not tour.match_over(4, 3, [0] * 4) and tour.match_over(4, 4, [0] * 4)
    assert tour.match_end_why(4) == "4 hands played"
    assert tour.match_end_words(4) == "after 4 hands, when every player has played every selection"
    assert tour.match_end_words(1) == "after 1 hand, when every player has played every selection"


def test_hand_over_after_round():
    hand = VARIANTS["hand"]  # RULES.md §3.7: a hand empty, or a pile of more than 20 cards
    assert hand.hand_over_after_round([[1], []], [[], []], 1)
    assert not hand.hand_over_after_round([[1], [2]], [[0] * 20, []], 1)
    assert hand.hand_over_after_round([[1], [2]], [[], [0] * 21], 1)
    assert not hand.hand_over_after_round([[1], [2]], [[], []], MAX_ROUNDS - 1)
    assert hand.hand_over_after_round([[1], [2]], [[], []], MAX_ROUNDS)
    assert MAX_ROUNDS == 60
    # without the pile rule a big pile does not end the hand
    assert not Rules().hand_over_after_round([[1], [2]], [[0] * 30, []], 1)


@pytest.mark.parametrize(("rules", "players", "first", "last", "count"), [
    (Rules(), 4, 1, 104, 104),
    (Rules(choosing="open"), 4, 2, 104, 103),  # card 1 is the start marker
    (Rules(deck="tactics"), 3, 1, 34, 34),  # 10 × 3 + 4
    (Rules(deck="tactics", choosing="open"), 3, 2, 35, 34),
    (Rules(deck="tactics", hand_size=20), 5, 1, 104, 104),  # 20 × 5 + 4 = 104 exactly
    (Rules(twins="double"), 4, 1, 104, 208),
    (Rules(twins="elevens"), 4, 1, 104, 113),
])
def test_the_deck_for_a_player_count(rules, players, first, last, count):
    for deck in (rules._deck_for(players), rules.deck_for(players)):  # the rule itself, and its cache
        assert (min(deck), max(deck), len(deck)) == (first, last, count)
        assert list(deck) == sorted(deck)
    if rules.twins == Twins.ELEVENS:
        assert [c for c in rules._deck_for(players) if rules._deck_for(players).count(c) == 2] == [
            11, 11, 22, 22, 33, 33, 44, 44, 55, 55, 66, 66, 77, 77, 88, 88, 99, 99]


# ---- Rules.check: what cannot be dealt --------------------------------------------------------------


@pytest.mark.parametrize(("rules", "players", "message", "rule"), [
    (Rules(), 2.0, "the number of players must be a whole number, not 2.0", "players"),
    (Rules(), True, "the number of players must be a whole number, not True", "players"),
    (Rules(), 1, "6 nimmt! is played by 2 to 10 players, not 1 (RULES.md §2)", "players"),
    (Rules(), 11, "6 nimmt! is played by 2 to 10 players, not 11 (RULES.md §2)", "players"),
    (Rules(), 10**6, "6 nimmt! is played by 2 to 10 players, not so many (RULES.md §2)", "players"),
    (Rules(), 999_999, "6 nimmt! is played by 2 to 10 players, not 999999 (RULES.md §2)", "players"),
    (Rules(name="x", max_players=5), 6, "x is played by at most 5 players, not 6 (RULES.md §3)", "players"),
    (Rules(name="t", deck="tactics", hand_size=20), 6,
     "t: a Tactics deck for 6 players would need cards up to 124, more than the deck has", "deck"),
    # open Tactics: card 1 is the marker, so 20 × 5 + 4 = 104 is one too many
    (Rules(name="t", deck="tactics", hand_size=20, choosing="open"), 5,
     "t: a Tactics deck for 5 players would need cards up to 104, more than the deck has", "deck"),
    (Rules(name="o", choosing="open"), 10,
     "o cannot be dealt to 10 players: 10 hands of 10 cards and 4 row cards need 104 cards, "
     "the deck has 103 (card 1 is the start marker)", "deck"),
    (Rules(name="r", hand_size=14, cards_per_turn=2), 8,
     "r cannot be dealt to 8 players: 8 hands of 14 cards and 4 row cards need 116 cards, the deck has 104",
     "deck"),
    (Rules(name="l", dealing="draft"), 4,
     "l: the draft leaves exactly 4 cards for the rows only when the deck holds hand size × players + 4 cards; "
     "this deck has 104 for 4 players (use the Tactics deck)", "draft"),
    (Rules(start_seat=3), 3, "start seat 4 does not exist with 3 players", "seat"),
])
def test_check_refuses_what_cannot_be_dealt(rules, players, message, rule):
    with pytest.raises(ImpossibleSetup) as info:
        rules.check(players)
    assert (str(info.value), info.value.rule) == (message, rule)


def test_check_allows_the_edges():
    Rules().check(2)
    Rules().check(10)  # 10 × 10 + 4 = 104: every card dealt
    Rules(max_players=5).check(5)
    Rules(start_seat=2).check(3)
    Rules(deck="tactics", hand_size=20).check(5)  # 104 exactly
    Rules(deck="tactics", hand_size=11, choosing="open").check(9)  # 11 × 9 + 4 = 103: cards 2–104 exactly
    Rules(choosing="open").check(9)
    VARIANTS["logic"].check(4)


# ---- Rules made: every option checked ----------------------------------------------------------------


@pytest.mark.parametrize(("options", "message"), [
    ({"name": 5}, "5: a variant's name is text, not 5"),
    ({"choosing": "hiden"}, "base: unknown choosing 'hiden' (hidden, open, immediate)"),
    ({"hand_end": "x"}, "base: unknown hand end 'x' (cards_out, empty_or_pile)"),
    ({"deck": None}, "base: unknown deck None (full, tactics)"),
    ({"hand_size": 21}, "base: hand size is a whole number from 1 to 20, not 21"),
    ({"cards_per_turn": 0}, "base: cards per turn is a whole number from 1 to 2, not 0"),
    ({"hand_limit": 41}, "base: hand limit is a whole number from 1 to 40, not 41"),
    ({"pile_limit": -1}, "base: pile limit is a whole number from 0 to 208, not -1"),
    ({"pile_limit": 209}, "base: pile limit is a whole number from 0 to 208, not 209"),
    ({"max_players": 1}, "base: max players is a whole number from 2 to 10, not 1"),
    ({"start_seat": 10}, "base: start seat is a whole number from 0 to 9, not 10"),
    ({"hand_size": 0, "two_sided": 1}, "base: hand size is a whole number from 1 to 20, not 0"),  # the first
    ({"sheets": 1}, "base: sheets is True or False, not 1"),
    ({"keep_taken": None}, "base: keep taken is True or False, not None"),
    ({"hand_cards_double": "no"}, "base: hand cards double is True or False, not 'no'"),
    ({"match_end": {"limit": 66}}, "base: match_end must be a MatchEnd, not {'limit': 66}"),
    ({"start_seat": 5, "max_players": 5}, "base: start seat 6 does not exist with at most 5 players"),
    ({"sheets": True}, "base: Tournament sheets are the drafted selections: sheets need dealing='draft'"),
    ({"dealing": "draft", "twins": "double"},
     "base: a draft with twins is not supported: the 4 leftover cards could not be completed"),
    ({"hand_cards_double": True},
     "base: hand cards score double only when hands can hold cards at the end (Hand variant)"),
    ({"keep_taken": True, "hand_limit": 9}, "base: a hand limit of 9 is below the hand size 10"),
    ({"match_end": MatchEnd(limit=None)}, "base: a match needs a penalty limit or a number of hands"),
])
def test_rules_refusals_whole(options, message):
    with pytest.raises(BadOption) as info:
        Rules(**options)
    assert (str(info.value), info.value.rule) == (message, "options")


def test_rules_edges_allowed():
    assert Rules(hand_size=1).hand_size == 1 and Rules(hand_size=20).hand_size == 20
    assert Rules(pile_limit=0).pile_limit == 0 and Rules(pile_limit=208).pile_limit == 208
    assert Rules(hand_limit=40).hand_limit == 40
    assert Rules(start_seat=9).start_seat == 9 and Rules(start_seat=4, max_players=5).start_seat == 4
    assert Rules(max_players=2).max_players == 2
    assert Rules(keep_taken=True, hand_limit=10).hand_limit == 10  # equal to the hand size: allowed
    assert Rules(hand_cards_double=True, keep_taken=True).hand_cards_double
    assert Rules(hand_cards_double=True, hand_end="empty_or_pile").hand_cards_double
    assert Rules(match_end=MatchEnd(limit=None, hands=2)).match_end.hands == 2
    assert Rules(dealing="draft", sheets=True, match_end=MatchEnd(limit=None, hands=None)).sheets
    r = Rules(deck="tactics", twins="elevens", choosing="open", dealing="shuffle", hand_end="cards_out")
    assert (r.deck, r.twins, r.choosing) == (Deck.TACTICS, Twins.ELEVENS, Choosing.OPEN)


# ---- saved rules, presets ------------------------------------------------------------------------


def test_rules_to_and_from_json():
    r = VARIANTS["hand"]
    data = r.to_json()
    assert data == {"name": "hand", "deck": "full", "twins": "none", "hand_size": 14, "choosing": "immediate",
                    "cards_per_turn": 2, "dealing": "shuffle", "sheets": False, "two_sided": False,
                    "keep_taken": True, "hand_limit": 16, "hand_end": "empty_or_pile", "pile_limit": 20,
                    "hand_cards_double": True, "max_players": 10, "start_seat": 0,
                    "match_end": {"limit": 66, "exceeds": False, "hands": None}}
    assert all(type(data[k]) is str for k in ("deck", "twins", "choosing", "dealing", "hand_end"))
    assert Rules.from_json(data) == r
    assert Rules.from_json({}) == Rules()
    assert Rules.from_json({"match_end": {"hands": 2, "limit": None}}).match_end == MatchEnd(limit=None, hands=2)


@pytest.mark.parametrize(("data", "error", "message"), [
    ([], ImpossibleSetup, "rules must be an object of options"),
    ({"colour": 1, "size": 2}, ImpossibleSetup, "unknown rule options: colour, size"),
    ({"match_end": 66}, BadOption, "match_end must be an object with limit, exceeds, hands"),
    ({"match_end": {"limit": 66, "when": 1}}, BadOption, "match_end must be an object with limit, exceeds, hands"),
])
def test_rules_from_bad_json(data, error, message):
    with pytest.raises(error) as info:
        Rules.from_json(data)
    assert (type(info.value), str(info.value), info.value.rule) == (error, message, "options")


def test_but_changes_some_options():
    assert VARIANTS["open"].but(twins="double") == Rules(name="open", choosing="open", twins="double")
    with pytest.raises(BadOption) as info:
        Rules().but(colour="red")
    assert str(info.value).startswith("bad rule options: ") and info.value.rule == "options"


def test_find_variant_reads_names_and_aliases():
    assert find_variant(" Nifty ") is VARIANTS["refined"]
    assert find_variant("DOUBLE") is VARIANTS["twins"]
    assert find_variant("pro") is VARIANTS["professional"]
    assert find_variant("6nimmt") is VARIANTS["base"]
    assert find_variant("logic") is VARIANTS["logic"]
    with pytest.raises(ImpossibleSetup) as info:
        find_variant("chess")
    assert (str(info.value), info.value.rule) == (
        "unknown variant 'chess'; the variants are: base, tactics, logic, tournament, professional, open, "
        "refined, hand, twins", "variant")


def test_the_presets_as_the_rulebooks_give_them():
    v = VARIANTS
    assert (v["tactics"].deck, v["logic"].dealing, v["tournament"].sheets, v["tournament"].max_players) == (
        "tactics", "draft", True, 5)
    assert v["tournament"].match_end == MatchEnd(limit=None, hands=None)
    assert (v["professional"].two_sided, v["open"].choosing, v["twins"].twins) == (True, "open", "double")
    assert (v["refined"].hand_size, v["refined"].cards_per_turn) == (14, 2)
    h = v["hand"]
    assert (h.hand_size, h.choosing, h.cards_per_turn, h.keep_taken, h.hand_end, h.hand_cards_double) == (
        14, "immediate", 2, True, "empty_or_pile", True)
    assert all(r.name == name for name, r in v.items())
