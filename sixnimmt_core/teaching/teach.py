"""Teaching material the notebooks show: a seeded game per variant and its special moments, what a
stepper walks through (``example_walk``, ``tour_walk``, ``hand_walk``), and the row trainer's
practice tables.

The notebooks stay thin (prose and a line that builds a widget); what they pick lives here, where
tests check that each seeded game really contains the moments the prose promises.

Every text a learner reads takes ``lang`` (English by default); the texts are in the catalogue
``lessons`` (``locale/<lang>/LC_MESSAGES/lessons.po``), the engine's own words in ``sixnimmt``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from sixnimmt_core.engine.cards import full_deck, heads
from sixnimmt_core.engine.errors import ImpossibleSetup, Say
from sixnimmt_core.engine.events import Event, HandEnded, HandStarted, MatchEnded, define
from sixnimmt_core.engine.game import Game
from sixnimmt_core.engine.rules import ONE_HAND, find_variant, variant_summary
from sixnimmt_core.engine.table import (
    CLOSEST,
    LOW,
    NOWHERE,
    SIXTH,
    TIE,
    Placement,
    cheapest_row,
    lay,
    onto,
    placement,
)
from sixnimmt_core.players.bots import advance, make_bots
from sixnimmt_core.teaching.narrate import Frame, Walk, frames, label, make_step, steps, walk
from sixnimmt_core.teaching.scenarios import example
from sixnimmt_core.words import heads_words, text


@dataclass(frozen=True)
class Tour:
    """A seeded game of one variant, chosen because it shows that variant's special moments."""

    variant: str
    players: int
    seed: int
    bots: tuple[str, ...] = ("cautious", "random")

    def game(self) -> Game:
        rules = find_variant(self.variant)
        if not rules.sheets:
            rules = rules.but(match_end=ONE_HAND)
        g = Game(rules, self.players, seed=self.seed)
        advance(g, make_bots(list(self.bots), self.players, self.seed))
        return g

    @property
    def summary(self) -> str:
        """What the tour's variant changes, in English."""
        return variant_summary(self.variant)

    def describe(self, lang: str = "en") -> str:
        """What the tour's variant changes, in ``lang`` (``summary`` in English)."""
        return variant_summary(self.variant, lang)


TOURS: dict[str, Tour] = {
    "base": Tour("base", 4, 1),
    "tactics": Tour("tactics", 4, 1),
    "logic": Tour("logic", 3, 1),
    "tournament": Tour("tournament", 3, 1),
    "professional": Tour("professional", 4, 1),
    "open": Tour("open", 4, 1),
    "refined": Tour("refined", 3, 1),
    "hand": Tour("hand", 3, 1),
    "twins": Tour("twins", 4, 63),
}


# The code-free apps of the site, in lesson order; their titles and lines are in the catalogue
# ``lessons`` (lesson.<name>.title, lesson.<name>.line), English like every language.
APPS = ("cards", "turn", "trainer", "hand", "variants", "play", "table")


class _Titles(Mapping[str, tuple[str, str]]):
    """The apps in lesson order: name -> (title, one line for the landing page), in English (read
    from the catalogue when asked; ``lessons(lang)`` gives them in every language)."""

    def __getitem__(self, name: str) -> tuple[str, str]:
        if name not in APPS:
            raise KeyError(name)
        return app_title(name), app_line(name)

    def __iter__(self) -> Iterator[str]:
        return iter(APPS)

    def __len__(self) -> int:
        return len(APPS)


APP_TITLES: Mapping[str, tuple[str, str]] = _Titles()


def app_title(name: str, lang: str = "en") -> str:
    """A lesson's title in ``lang`` ("Cards and cattle heads"; "Karty a kravské hlavy")."""
    return text(f"lesson.{name}.title", lang, domain="lessons")


def app_line(name: str, lang: str = "en") -> str:
    """A lesson's one line for the lesson list and the landing page, in ``lang``."""
    return text(f"lesson.{name}.line", lang, domain="lessons")


def lessons(lang: str = "en") -> dict[str, tuple[str, str]]:
    """``APP_TITLES`` in ``lang``: name -> (title, one line), in lesson order."""
    return {name: (app_title(name, lang), app_line(name, lang)) for name in APPS}


def special_frame(frame: Any) -> str | None:
    """The ★ label of a frame's special moment (``narrate.SPECIAL``, the one set of labels), or None;
    in the language of the frame's words (a Czech notebook's stepper badges in Czech)."""
    return label(frame.special, getattr(frame, "lang", "en"))


# ---- what a stepper walks through: a documents' example, a variant's tour, the whole hand ----------
ONE_TURN_LEAVES_OUT = (HandStarted, HandEnded, MatchEnded)


@define
class Rulebook(Event):
    """An example's last step: the rulebook's own words (a lesson's step, not a game's event)."""

    kind: ClassVar[str] = "rulebook"
    key: ClassVar[str] = "event.rulebook"
    source: str
    text: str  # the document's own words, in its own language
    reconstructed: bool = False
    translation: str = ""  # ``text`` in the page's language, when the document's language differs

    def words(self, lang: str = "en") -> str:
        """The quote as the document says it, and its translation when there is one (issue 12:
        quotes stay in their original language)."""
        rebuilt = text(self.key + ".rebuilt", lang) if self.reconstructed else ""
        if self.translation:
            return text(self.key + ".translated", lang, source=self.source, rebuilt=rebuilt, text=self.text, translation=self.translation)
        return text(self.key, lang, source=self.source, rebuilt=rebuilt, text=self.text)


def example_walk(key: str, lang: str = "en") -> Walk:
    """A documents' example step by step (``scenarios.EXAMPLES`` key): the example's table, the
    cards laid and revealed, each placement and take — the turn's outcome — and last the rulebook's
    own words — in the document's language, with a translation into ``lang`` where that differs. A
    one-turn example announces no hand or match: those events are left out.

    Raises ``ImpossibleSetup`` (a ``ValueError``) for an unknown key.
    """
    ex = example(key)
    game = ex.played_game()
    kept = [f for f in frames(game, lang) if not isinstance(f.event, ONE_TURN_LEAVES_OUT)]
    shown = steps(kept, game.names, lang)
    end = kept[-1].after
    translation = "" if lang == ex.quote_lang else ex.text_in(lang)
    quote = Rulebook(source=ex.source_in(lang), text=ex.original, reconstructed=ex.reconstructed,
                     translation=translation)
    last = Frame(len(game.log), quote, quote.words(lang), end, end, lang=lang)
    shown.append(make_step([last], game.names, lang))
    return Walk(tuple(shown), game.rules, tuple(game.names), ex.title_in(lang))


def tour_walk(variant: str, lang: str = "en") -> Walk:
    """A variant's seeded game (``TOURS``) step by step; ★ marks that variant's own moments.

    Raises ``ImpossibleSetup`` for an unknown variant."""
    if variant not in TOURS:
        raise ImpossibleSetup(Say("setup.variant", name=repr(variant), variants=", ".join(TOURS)), "variant")
    tour = TOURS[variant]
    return walk(tour.game(), lang, title=tour.describe(lang))


def hand_walk(lang: str = "en") -> Walk:
    """The whole-hand lesson: four bots play one hand of the base game, step by step."""
    return walk(TOURS["base"].game(), lang, title=text("walk.hand.title", lang, domain="lessons"))


def one_hand(shown: Walk, lang: str = "en") -> Walk:
    """A tour as a stepper shows it: a tour of one hand is not a match, so it ends with the hand and
    announces no match's end; a tour of a whole match (Tournament) is kept as it is."""
    if shown.rules.match_end != ONE_HAND:
        return shown
    return shown.without((MatchEnded,), lang)


def head_counts() -> list[tuple[int, int, list[int]]]:
    """(heads, how many cards, which cards) for each kind of card, fewest heads first."""
    by: dict[int, list[int]] = {}
    for c in full_deck():
        by.setdefault(heads(c), []).append(c)
    return [(h, len(cards), cards) for h, cards in sorted(by.items())]


def head_count_rule(h: int, lang: str = "en") -> str:
    """The rule that gives a card this many heads, in words ("other multiples of 11").

    :raises KeyError: a number of heads no card has."""
    if h not in (1, 2, 3, 5, 7):
        raise KeyError(h)
    return text(f"heads.rule.{h}", lang, domain="lessons")


def head_count_lines(lang: str = "en") -> str:
    """The deck counted, a line per kind of card ("76 cards with 1 head"), and the heads of the deck."""
    lines = [text("deck.line", lang, domain="lessons", cards=text("deck.cards", lang, n=n, domain="lessons"), heads=heads_words(h, lang))
        for h, n, _cards in head_counts()]
    total = sum(h * n for h, n, _cards in head_counts())
    lines.append(text("deck.total", lang, domain="lessons", n=total))
    return "\n".join(lines)


def scores_lines(game: Game, lang: str = "en") -> str:
    """A match's penalty points, a line per hand ("hand 1: [4, 11, 2, 7]"), then the totals."""
    lines = [text("scores.hand", lang, domain="lessons", n=number, scores=scores)
             for number, scores in enumerate(game.hand_scores, 1)]
    lines.append(text("scores.totals", lang, domain="lessons", totals=game.totals))
    return "\n".join(lines)


def moments(game: Game) -> Counter[str]:
    """How often each special moment (its ★ label) occurs in a game."""
    return Counter(label(f.special) for f in frames(game) if f.special)


def why_only_the_lowest_can_be_low(lang: str = "en") -> str:
    """The argument the rules notebook makes, in words."""
    return text("lowest.why", lang, domain="lessons")


# ---- practice tables for the row trainer ----------------------------------------------------------
WEIGHTS_ONE = {CLOSEST: 45, SIXTH: 25, LOW: 30}
WEIGHTS_TWO = {CLOSEST: 35, SIXTH: 20, NOWHERE: 20, TIE: 25}


def _apply(rows: list[list[int]], card: int, p: Placement, rng: random.Random) -> None:
    """Put ``card`` on ``rows`` as a game would (a low card takes the cheapest row)."""
    if p.low:
        lay(rows, card, p.rule, cheapest_row(rows))
        return
    if p.rule == TIE:
        spot = p.tied[int(rng.random() * len(p.tied))]
        lay(rows, card, onto(rows[spot.row]), spot.row, spot.side)
        return
    lay(rows, card, p.rule, p.row, p.side)


def practice_table(rng: random.Random, two_sided: bool = False) -> tuple[list[list[int]], int]:
    """A table for the row trainer, as play leaves it (4 starters, then random cards placed by the
    rules), and a card not on it.

    The card's case is drawn with weights (closest, sixth card, low / fits nowhere, tie), so full
    rows and low cards come up often; when a table has no card of the wanted case, try again.
    """
    weights = WEIGHTS_TWO if two_sided else WEIGHTS_ONE
    kinds, w = list(weights), list(weights.values())
    want = rng.choices(kinds, w)[0]
    rows: list[list[int]] = []
    free: list[int] = []
    for _ in range(80):
        deck = full_deck()
        rng.shuffle(deck)
        rows = [[c] for c in deck[:4]]
        for card in deck[4:4 + rng.randint(6, 20)]:
            _apply(rows, card, placement(card, rows, two_sided), rng)
        used = {c for r in rows for c in r}
        free = [c for c in full_deck() if c not in used]
        fitting = [c for c in free if placement(c, rows, two_sided).rule == want]
        if fitting:
            return rows, fitting[int(rng.random() * len(fitting))]
    return rows, free[int(rng.random() * len(free))]


__all__: list[Any] = ["Tour", "TOURS", "special_frame", "example_walk", "tour_walk", "hand_walk", "one_hand",
                      "Rulebook", "head_counts", "head_count_lines", "scores_lines", "app_title", "app_line",
                      "lessons", "why_only_the_lowest_can_be_low",
                      "head_count_rule", "moments", "practice_table"]
