"""A class table's story (sixnimmt_core/server/story.py): each seat is told the app's narration of the
game, sentence for sentence, in every variant and language; a sentence the seat hears about a hidden
card is the same whatever that card is."""

from __future__ import annotations

import pytest

from sixnimmt_core.engine.events import Chose, Dealt
from sixnimmt_core.engine.rules import VARIANTS
from sixnimmt_core.server.story import as_seen
from sixnimmt_core.server.tables import Table
from sixnimmt_core.teaching.narrate import narrate
from sixnimmt_core.teaching.narrator import Narrator
from sixnimmt_core.words import count_words, text


def played(variant: str, players: int = 3) -> Table:
    """A table of bots played to its end (looked at by the seats on the way, as a server does)."""
    t = Table.create("ABCDE", variant, players, bots="random", seed=11)
    t.start()
    while t.game is not None and not t.game.over:
        for seat, answer in t.bot_answers():
            t.act(seat, answer)
        if len(t.answers) % 5 == 0:  # a seat told part of the story, then the rest
            t.view(0, 0, Narrator(t.rules, t.players, t.names(), "cs"))
    return t


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_seat_is_told_the_app_s_story(variant: str) -> None:
    t = played(variant)
    assert t.game is not None
    for lang in ("en", "cs"):
        app = narrate(t.game, lang)
        for seat in (None, 0, 1, 2):
            told = t.view(seat, 0, Narrator(t.rules, t.players, t.names(), lang))["events"]
            assert [e["said"] for e in told] == app


def test_a_hidden_card_changes_no_sentence() -> None:
    """Another seat's card laid face down, and its dealt hand, are said the same whatever they are:
    how many, never which (the catalogue's sentence)."""
    names = ["Eva", "Jan", "Ola"]
    say = Narrator(VARIANTS["base"], 3, names, "en")
    from sixnimmt_core.engine.fold import Table as Folded

    before = Folded(3)
    for cards in ([12], [97]):
        shown, seen = as_seen(Chose(seat=1, cards=cards), 0, False)
        assert "cards" not in seen and seen["hidden"] is True
        assert say.text(shown, before) == text("event.chose", "en", name="Jan", count_words=count_words(1, "en"))
    rows = [[5], [40], [60], [80]]
    hands = [[[1, 2], [3, 4], [6, 7]], [[1, 2], [90, 91], [92, 93]]]
    said = {say.text(as_seen(Dealt(hands=h, rows=rows), 0, False)[0], before) for h in hands}
    assert len(said) == 1
