"""Walk an event log: the table after every event, and each event in words.

The tracker applies events as data (no engine), so a stepper can go forward and back over any
log, and a narration can say *why* ("29 goes after 24: 69 and 81 are higher …") from the table
as it stood before the event.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sixnimmt_core.engine.events import (
    Chose,
    Event,
    HandEnded,
    HandStarted,
    MatchEnded,
    Passed,
    Played,
    Revealed,
    classes,
)
from sixnimmt_core.engine.fold import Table
from sixnimmt_core.engine.game import Game, default_names
from sixnimmt_core.engine.rules import Rules
from sixnimmt_core.engine.table import (
    Spot,
)
from sixnimmt_core.teaching.narrator import Frame, Narrator, local_names, order_change
from sixnimmt_core.teaching.specials import (
    ONCE_PER_HAND,
    SPECIAL,
    Special,
    Specials,
    base_play,
    label,
)
from sixnimmt_core.words import (
    count_words,
    join,
    text,
)


def frames(game_or_log: Game | Any, lang: str = "en") -> list[Frame]:
    """Every event of a game (or a saved log) with its words, the table before and after, and its
    special moment (``Frame.special``)."""
    if isinstance(game_or_log, Game):
        game = game_or_log
    else:
        from sixnimmt_core.engine.log import replay

        game = replay(game_or_log)
    narrator = Narrator(game.rules, game.players, game.names, lang)
    specials = Specials(game.rules)
    table = Table(game.players)
    out = []
    for i, e in enumerate(game.log):
        before = table.copy()
        text = narrator.text(e, before)
        key = specials(e, before)
        table.apply(e)
        out.append(Frame(i, e, text, before, table.copy(), key, lang))
    return out


def narrate(game: Game, lang: str = "en", skip: Iterable[type[Event] | str] = ()) -> list[str]:
    """The game as sentences, one per event (minus the event classes in ``skip``, or kinds by name)."""
    left_out = classes(skip)
    return [f.text for f in frames(game, lang) if not isinstance(f.event, left_out)]


# ---- steps: what a stepper shows, one or more frames at a time -------------------------------------
TURN_STARTS = (Revealed, Played, Passed, HandStarted, HandEnded, MatchEnded)  # a turn or a hand starts or ends


@dataclass(frozen=True)
class Step:
    """One step of a stepper: consecutive frames, the last of which changes what is drawn.

    ``main`` is the frame whose picture is drawn (its table, its highlight); ``text`` says every
    frame of the step in order; ``mark`` is the ★ label of its first special moment, if any.
    """

    frames: tuple[Frame, ...]
    main: Frame
    text: str
    mark: str | None = None

    @property
    def event(self) -> Event:
        return self.main.event

    @property
    def before(self) -> Table:
        return self.frames[0].before

    @property
    def after(self) -> Table:
        return self.frames[-1].after

    @property
    def index(self) -> int:
        return self.main.index

    @property
    def specials(self) -> list[str]:
        return [f.special for f in self.frames if f.special]

    @property
    def starts_turn(self) -> bool:
        """Whether a turn (or a hand) starts or ends at this step (for "Next turn")."""
        return any(isinstance(f.event, TURN_STARTS) or f.before.starts_turn(f.event) for f in self.frames)


def _drawn(t: Table) -> tuple[Any, ...]:
    """What a stepper draws of a table: rows, cards laid (and whether face up), hands, piles, scores."""
    return (t.rows, t.laid, t.revealed, t.hands, t.piles, t.penalties, t.totals, t.draft_table)


def visible(f: Frame) -> bool:
    """Whether a frame changes what is drawn. A hand's start only announces the deal, and a card
    chosen face down shows nothing until the reveal: both count as invisible."""
    if isinstance(f.event, HandStarted) or _face_down(f):
        return False
    return _drawn(f.before) != _drawn(f.after)


def _face_down(f: Frame) -> bool:
    e = f.event
    return isinstance(e, Chose) and not e.open


class StepMaker:
    """Makes a stepper's steps from frames, in one language given once, naming the seats ``names``."""

    def __init__(self, names: list[str], lang: str = "en") -> None:
        self.names, self.lang = names, lang

    def texts(self, group: list[Frame]) -> str:
        """The words of a step: each frame's text, with a run of face-down choices said once."""
        out: list[str] = []
        i = 0
        while i < len(group):
            j = i
            while j < len(group) and _face_down(group[j]):
                j += 1
            run = group[i:j]
            laid = [len(f.event.cards) for f in run if isinstance(f.event, Chose)]  # face down: all of them
            if len(run) > 1 and len(set(laid)) == 1:
                n = laid[0]
                said = count_words(n, self.lang)
                seats = [f.event.seat for f in run]
                if len(set(seats)) == run[0].after.players:
                    out.append(text("event.chose.all", self.lang, count_words=said))
                else:
                    who = join([self.names[x] for x in seats if x is not None], self.lang)
                    out.append(text("event.chose.some", self.lang, names=who, count_words=said))
            else:
                j = max(j, i + 1)
                out.extend(f.text for f in group[i:j])
            i = j
        return " ".join(out)

    def step(self, group: list[Frame], main: Frame | None = None) -> Step:
        """One step of these frames; the last frame is drawn unless ``main`` says otherwise."""
        keys = [f.special for f in group if f.special]
        return Step(tuple(group), main or group[-1], self.texts(group), label(keys[0], self.lang) if keys else None)

    def fold(self, frame_list: list[Frame]) -> list[Step]:
        """Frames folded into steps (``steps``)."""
        out: list[Step] = []
        waiting: list[Frame] = []
        for f in frame_list:
            waiting.append(f)
            if visible(f):
                out.append(self.step(waiting))
                waiting = []
        if waiting:
            if out:
                last = out.pop()
                out.append(self.step([*last.frames, *waiting], main=last.main))
            else:
                out.append(self.step(waiting))
        return out

    def leave_out(self, given: Iterable[Step], skip: Iterable[type[Event] | str]) -> list[Step]:
        """Steps minus the events of the classes in ``skip`` (``leave_out``)."""
        left_out = classes(skip)
        out = []
        for st in given:
            kept = [f for f in st.frames if not isinstance(f.event, left_out)]
            if kept:
                main = st.main if st.main in kept else kept[-1]
                out.append(st if len(kept) == len(st.frames) else self.step(kept, main=main))
        return out


def make_step(group: list[Frame], names: list[str], lang: str = "en", main: Frame | None = None) -> Step:
    """One step of these frames; the last frame is drawn unless ``main`` says otherwise."""
    return StepMaker(names, lang).step(group, main)


def steps(frame_list: list[Frame], names: list[str] | None = None, lang: str = "en") -> list[Step]:
    """Fold frames into steps: frames where nothing drawn changes (``visible``) join the next frame
    that changes something, and the step says both; invisible frames at the very end (the match's
    end after the hand's) join the last step."""
    if not frame_list:
        return []
    names = local_names(list(names) if names else default_names(frame_list[0].after.players), lang)
    return StepMaker(names, lang).fold(frame_list)


@dataclass(frozen=True)
class Walk:
    """What a stepper walks through: its steps, the rules (to draw the rows), the seats' names."""

    steps: tuple[Step, ...]
    rules: Rules
    names: tuple[str, ...]
    title: str = ""

    def without(self, skip: Iterable[type[Event] | str], lang: str = "en") -> Walk:
        """The same walk minus the events of the classes in ``skip`` (or kinds by name): a step
        left with none of its frames goes; a step that loses some says only the rest."""
        return Walk(tuple(leave_out(self.steps, skip, self.names, lang)), self.rules, self.names, self.title)


def leave_out(given: Iterable[Step], skip: Iterable[type[Event] | str], names: Iterable[str],
              lang: str = "en") -> list[Step]:
    """Steps minus the events of the classes in ``skip`` (or kinds by name), each step kept whole
    when it loses nothing, drawn from its own main frame while that frame is kept."""
    return StepMaker(list(names), lang).leave_out(given, skip)


def walk(game_or_log: Game | Any, lang: str = "en", skip: Iterable[type[Event] | str] = (),
         title: str = "") -> Walk:
    """A game (or a saved log) as steps, minus the event classes in ``skip`` (or kinds by name)."""
    if not isinstance(game_or_log, Game):
        from sixnimmt_core.engine.log import replay

        game_or_log = replay(game_or_log)
    game = game_or_log
    left_out = classes(skip)
    kept = [f for f in frames(game, lang) if not isinstance(f.event, left_out)]
    return Walk(tuple(steps(kept, game.names, lang)), game.rules, tuple(game.names), title)




__all__ = ["Table", "Frame", "Narrator", "frames", "narrate", "Spot", "Step", "steps", "Walk", "walk", "leave_out",
           "SPECIAL", "Special", "Specials", "label", "visible", "order_change", "base_play", "local_names",
           "make_step", "StepMaker", "ONCE_PER_HAND", "TURN_STARTS"]
