"""The Play lesson: ``GameLauncher``, one line of settings (variant, players, opponents, coach, whole
match, New game) over one :class:`PlayTable` (``widgets/playtable.py``, re-exported here)."""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from sixnimmt_core.engine.errors import ImpossibleSetup
from sixnimmt_core.engine.rules import VARIANTS, find_variant, variant_summary
from sixnimmt_core.widgets._common import (
    WIDGETS,
    Lang,
    button,
    checkbox,
    esc,
    flex,
    follow,
    relabel,
    root,
    styles,
    variant_name,
)
from sixnimmt_core.widgets.play_panels import COACH, match_words
from sixnimmt_core.widgets.playtable import PlayTable
from sixnimmt_core.words import text

__all__ = ["OPPONENTS", "GameLauncher", "PlayTable", "match_words", "opponents_label", "seats_for"]


# ---- the Play lesson: one line of settings over one table ---------------------------------------
OPPONENTS = {  # the choice (its value, kept from older editions) -> the bot levels of the other seats, in seat
    "Mixed": ("careful", "beginner"),  # order (the last repeats)
    "Easy": ("beginner",),
    "Cautious": ("careful",),
    "Strong": ("expert",),
}
OPPONENT_WORDS = {"Easy": "opponents.beginner", "Cautious": "opponents.careful", "Strong": "opponents.expert"}


def opponents_label(choice: str, lang: str = "en") -> str:
    """The opponents choice as the menu says it: levels named for people (Beginners, Careful, Experts)."""
    if choice in OPPONENT_WORDS:
        return text(OPPONENT_WORDS[choice], lang, domain=COACH)
    return text("opponents." + choice.lower(), lang, domain=WIDGETS)


def seats_for(variant: str) -> list[int]:
    """The numbers of players the engine can deal ``variant`` to (``Rules.check``)."""
    rules = find_variant(variant)
    ok = []
    for p in range(2, 11):
        try:
            rules.check(p)
        except ImpossibleSetup:
            continue
        ok.append(p)
    return ok


class GameLauncher(W.VBox):
    """The Play lesson: ``GameLauncher(variant="base", players=4, *, coach=True, whole_match=False,
    opponents="Mixed", seed=None)``.

    One control per setting, on one line: ``picker`` (variant), ``players`` (only the counts
    the variant can be dealt to), ``opponents``, ``coach`` (a Checkbox, the table's one coach
    control: switching it applies to the game on the table at once), ``match`` ("Whole match";
    always on for Tournament, whose match is part of the variant) and ``new_button`` ("New game";
    ``start_button`` is the same button). The game on ``table`` (a :class:`PlayTable`) is always
    the one the controls show: changing the variant, players, opponents or whole match deals a new
    game with them at once, and New game deals again with them. ``lang`` (en, cs, sk, ro): the
    language of its words (``opponents`` keeps the English choices as values, "Mixed" …).
    """

    lang = Lang()

    def __init__(self, variant: str = "base", players: int = 4, *, coach: bool = True,
                 whole_match: bool = False, opponents: str = "Mixed", seed: int | None = None,
                 lang: str = "en", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lang = lang
        if variant not in VARIANTS:
            find_variant(variant)  # refuses in the engine's words
        narrow = {"description_width": "initial"}
        self.picker = W.Dropdown(options=[(n, n) for n in VARIANTS], value=variant, style=narrow,
                                 layout=W.Layout(width="13.5em"), tooltip="")
        self.players = W.BoundedIntText(value=players, min=2, max=10, style=narrow, layout=W.Layout(width="8em"), tooltip="")
        self.opponents = W.Dropdown(options=[(o, o) for o in OPPONENTS], value=opponents, style=narrow,
                                    layout=W.Layout(width="12.5em"), tooltip="")
        self.coach = checkbox("", value=coach)
        self.match = checkbox("", value=whole_match)
        self._match_wish = whole_match  # what the learner chose, kept while Tournament forces a match
        self.new_button = button("", style="primary", on_click=lambda _: self.start(focus=True))
        self.start_button = self.new_button
        self.about = W.HTML(layout=W.Layout(flex="1 1 16em", min_width="0"), tooltip="")
        self._words()
        self._quiet = True
        self._limits()
        self.table = PlayTable(self.picker.value, players=int(self.players.value), bots=self.bots, seed=seed,
                               one_hand=not self.match.value, controls=False, coach_toggle=self.coach,
                               new_button=self.new_button, lang=lang)
        self._quiet = False
        self.picker.observe(self._on_variant, names="value")
        for control in (self.players, self.opponents, self.match):
            control.observe(self._on_setting, names="value")
        self.bar = flex([self.picker, self.players, self.opponents, self.coach, self.match, self.new_button,
                         self.about], cls="snt-bar")
        # "Download this game", "Open a saved game" (widgets/replay.py)
        from sixnimmt_core.widgets.replay import SavedGames

        self.saved = SavedGames(self.table, lang=lang)
        root([styles(), self.bar, self.table, self.saved], self)
        self.add_class("snt-launcher")
        # a switch: the launcher's words first (the table names its New game button), then the table's
        self.observe(lambda _change: self._retell(), names="lang")
        follow(self.table, self)
        follow(self.saved, self)

    def _words(self) -> None:
        """The settings' words in ``lang`` (the choices keep their values: ``relabel``)."""
        lang = self.lang
        relabel(self.picker, [(variant_name(n, lang), n) for n in VARIANTS])
        relabel(self.opponents, [(opponents_label(o, lang), o) for o in OPPONENTS])
        for control, key in ((self.picker, "launcher.variant"), (self.players, "launcher.players"),
                             (self.opponents, "launcher.opponents")):
            control.description = text(key, lang, domain=WIDGETS)
        self.coach.description, self.coach.tooltip = text("coach.label", lang, domain=WIDGETS), text("coach.label.tip", lang, domain=WIDGETS)
        self.match.description = text("launcher.match", lang, domain=WIDGETS)
        self.new_button.description, self.new_button.tooltip = text("play.new", lang, domain=WIDGETS), text("launcher.new.tip", lang, domain=WIDGETS)

    def _retell(self) -> None:
        self._words()
        self._about()
        self._match_tip()

    @property
    def bots(self) -> tuple[str, ...]:
        return OPPONENTS[self.opponents.value]

    def _limits(self) -> None:
        """Players: only the counts this variant can be dealt to; Tournament is always a match."""
        variant = self.picker.value
        ok = seats_for(variant)
        lo, hi = ok[0], ok[-1]
        assert ok == list(range(lo, hi + 1)), ok  # the engine's limits are a range
        self.players.min, self.players.max = lo, hi  # BoundedIntText clamps the value into it
        rules = find_variant(variant)
        forced = rules.sheets  # Tournament: as many hands as players, by the variant's own rule
        self.match.disabled = forced
        self.match.value = True if forced else self._match_wish
        self._match_tip()
        self._about()

    def _about(self) -> None:
        """The variant's summary and the numbers of players it can be dealt to."""
        variant, lo, hi = self.picker.value, self.players.min, self.players.max
        self.about.value = (f'<p class="snt-bartext">{esc(variant_summary(variant, self.lang))} '
                            f"<span>{esc(text('launcher.seats', self.lang, domain=WIDGETS, low=lo, high=hi))}</span></p>")

    def _match_tip(self) -> None:
        rules = find_variant(self.picker.value)
        ends = match_words(rules, int(self.players.value), self.lang)
        self.match.tooltip = text("launcher.match.always" if rules.sheets else "launcher.match.when", self.lang, domain=WIDGETS, ends=ends)

    def _on_variant(self, _change: dict[str, Any]) -> None:
        self._quiet = True
        try:
            self._limits()
        finally:
            self._quiet = False
        self.start()

    def _on_setting(self, change: dict[str, Any]) -> None:
        if change["owner"] is self.match and not self.match.disabled:
            self._match_wish = bool(self.match.value)
        if not self._quiet:
            self.start()

    def start(self, focus: bool = False) -> None:
        """Deal a new game with exactly what the controls show."""
        self.table.setup(self.picker.value, players=int(self.players.value), one_hand=not self.match.value,
                         bots=self.bots)
        self._match_tip()
        if focus:
            self.table._refocus = True  # keyboard users land on their first card
        self.table.new_game()
