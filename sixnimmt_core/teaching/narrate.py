"""Walk an event log: the table after every event, and each event in words.

The tracker applies events as data (no engine), so a stepper can go forward and back over any
log, and a narration can say *why* ("29 goes after 24: 69 and 81 are higher …") from the table
as it stood before the event.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from sixnimmt_core.engine.cards import total_heads
from sixnimmt_core.engine.events import (
    Chose,
    ChoseRow,
    ChoseSpot,
    Dealt,
    Drafted,
    Event,
    HandEnded,
    HandStarted,
    LaidOut,
    Marker,
    MatchEnded,
    Ordered,
    Passed,
    Placed,
    Played,
    Revealed,
    RowsStarted,
    Sheets,
    Split,
    Took,
    classes,
)
from sixnimmt_core.engine.fold import Table
from sixnimmt_core.engine.game import Game, default_names
from sixnimmt_core.engine.options import Choosing, Dealing, Twins
from sixnimmt_core.engine.rules import Rules
from sixnimmt_core.engine.shown import html as shown_html
from sixnimmt_core.engine.table import (
    LOW,
    NOWHERE,
    SIXTH,
    TIE,
    TWIN,
    Placement,
    Spot,
    lay,
    placement,
)
from sixnimmt_core.words import (
    count_words,
    heads_words,
    join,
    seat_name,
    spot_words,
    text,
    winners_words,
)


@dataclass(frozen=True)
class Frame:
    """One step of a walk over a log: the event, its words, and the table before and after."""

    index: int
    event: Event
    text: str
    before: Table
    after: Table
    special: str | None = None  # a key of SPECIAL when the event is a special moment
    lang: str = "en"  # the language of ``text``, and of the caption when a notebook shows the step

    def _repr_html_(self) -> str:
        return shown_html(self)


def local_names(names: list[str], lang: str) -> list[str]:
    """The seats' names in ``lang``: a seat no one named ("Player B") gets its name in that language."""
    default = default_names(len(names))
    return [seat_name(i, lang) if name == default[i] else name for i, name in enumerate(names)]


class Narrator:
    """Turns events into sentences, using the table as it stood before each event.

    Each kind of event has one method here (``_SAID``) that picks its message — the event's ``key``,
    or a key beside it such as ``event.placed.low`` — and the values to fill in; ``words.say`` makes
    the sentence. A translation changes the catalogue, never this code."""

    def __init__(self, rules: Rules, players: int, names: list[str] | None = None, lang: str = "en") -> None:
        self.rules, self.players = rules, players
        self.lang = lang
        self.names = local_names(names or default_names(players), lang)

    def name(self, seat: int | None) -> str:
        return self.names[seat] if seat is not None else ""

    def placement(self, e: Placed | ChoseRow | ChoseSpot, before: Table) -> Placement:
        """Rebuild the engine's explanation of a placement from the table before it."""
        return placement(e.card, before.rows, two_sided=self.rules.two_sided)

    def text(self, e: Event, before: Table) -> str:
        """The event in words, with its reason where the table before it gives one."""
        said = _SAID.get(type(e))
        if said is None:  # not a game's event (a lesson's own step says itself)
            return f"{e.kind} {e.data}"
        return said(self, e, before)

    def say(self, key: str, **values: Any) -> str:
        return text(key, self.lang, **values)

    def _count(self, n: int) -> str:
        return count_words(n, self.lang)

    def join(self, items: Any) -> str:
        return join(list(items), self.lang)

    def _names(self, seats: list[int]) -> str:
        return join([self.name(s) for s in seats], self.lang)

    # ---- one method per kind of event ---------------------------------------------------------------
    def _hand_started(self, e: HandStarted, before: Table) -> str:
        return self.say(e.key, hand=e.hand)

    def _dealt(self, e: Dealt, before: Table) -> str:
        if e.given:
            rows = "; ".join(self.say("given.row", row=i + 1, cards=", ".join(map(str, r)))
                             for i, r in enumerate(e.rows))
            hands = "; ".join(self.say("given.hand", name=self.name(seat), cards=", ".join(map(str, h)))
                              for seat, h in enumerate(e.hands))
            return self.say(e.key + ".given", rows=rows, hands=hands)
        text = self.say(e.key, hand_size=len(e.hands[0]), starters=self.join(r[0] for r in e.rows))
        stacked = [r for r in e.rows if len(r) > 1 and r[0] == r[-1]]
        if stacked:
            text += " " + self.say(e.key + ".twins", stacked=self.join("+".join(map(str, r)) for r in stacked))
        return text

    def _laid_out(self, e: LaidOut, before: Table) -> str:
        return text(e.key, self.lang, n=len(e.cards), count=len(e.cards))

    def _drafted(self, e: Drafted, before: Table) -> str:
        key = e.key if any(before.hands) else e.key + ".first"
        return self.say(key, name=self.name(e.seat), card=e.card, hand_size=self.rules.hand_size)

    def _rows_started(self, e: RowsStarted, before: Table) -> str:
        return text(e.key, self.lang, n=len(e.rows), count=len(e.rows), starters=self.join(r[0] for r in e.rows))

    def _sheets(self, e: Sheets, before: Table) -> str:
        who = "; ".join(self.say("sheets.holder", name=self.name(seat), holder=self.name(h))
                        for seat, h in enumerate(e.holders))
        return self.say(e.key, hand=e.hand, who=who)

    def _chose(self, e: Chose, before: Table) -> str:
        if e.open:
            return self.say(e.key + ".open", name=self.name(e.seat), cards=self.join(e.cards))
        return self.say(e.key, name=self.name(e.seat), count_words=self._count(len(e.cards)))

    def _played(self, e: Played, before: Table) -> str:
        them = self.say("pronoun.it" if len(e.cards) == 1 else "pronoun.them")
        return self.say(e.key, name=self.name(e.seat), cards=self.join(e.cards), them=them)

    def _revealed(self, e: Revealed, before: Table) -> str:
        shown = "; ".join(self.say("seat.cards", name=self.name(s), cards=self.join(c)) for s, c in enumerate(e.cards) if c)
        return self.say(e.key + ".refined" if e.refined else e.key, cards=shown)

    def _ordered(self, e: Ordered, before: Table) -> str:
        change = order_change(before.rows, e.first, e.second, self.rules.two_sided)
        if change is None:
            return self.say(e.key, name=self.name(e.seat), first=e.first, second=e.second)
        return self.say(e.key + ".matters", name=self.name(e.seat), first=e.first, second=e.second,
                        card=change.card, instead=_instead(change, self.lang))

    def _passed(self, e: Passed, before: Table) -> str:
        return self.say(e.key, name=self.name(e.seat))

    def _placed(self, e: Placed, before: Table) -> str:
        name = self.name(e.seat)
        if e.rule in (LOW, NOWHERE):
            text = self.say(e.key + ".low", name=name, card=e.card, row=e.row + 1)
        else:
            p = self.placement(e, before)
            if p.rule == TIE:  # the player chose the spot (chose_spot said why)
                spot = spot_words(e.side, e.end, e.row + 1, self.lang)  # type: ignore[arg-type]
                key = e.key + (".chosen.sixth" if e.rule == SIXTH else ".chosen")
                text = self.say(key, name=name, card=e.card, spot=spot, row=e.row + 1)
            else:
                text = self.say(e.key, name=name, reason=p.reason(self.lang))
        if e.owners and len(e.owners) > 1:
            text = self.say(e.key + ".stack", names=self._names(e.owners), card=e.card, reason=text)
        return text

    def _chose_row(self, e: ChoseRow, before: Table) -> str:
        row = before.rows[e.row]
        return self.say(e.key, name=self.name(e.seat), reason=self.placement(e, before).reason(self.lang),
                        row=e.row + 1, row_cards=self.join(row), heads=heads_words(total_heads(row), self.lang))

    def _chose_spot(self, e: ChoseSpot, before: Table) -> str:
        spot = spot_words(e.side, _end_of(before.rows[e.row], e.side), e.row + 1, self.lang)
        return self.say(e.key, name=self.name(e.seat), reason=self.placement(e, before).reason(self.lang),
                        card=e.card, spot=spot)

    def _took(self, e: Took, before: Table) -> str:
        heads = heads_words(e.heads, self.lang)
        if e.shared is not None:
            return self.say(e.key + ".shared", names=self._names(e.shared), row=e.row + 1, cards=self.join(e.cards),
                            heads=heads, share=e.share)
        return self.say(e.key, name=self.name(e.seat), row=e.row + 1, cards=self.join(e.cards), heads=heads)

    def _split(self, e: Split, before: Table) -> str:
        return self.say(e.key, name=self.name(e.seat), to_hand=self.join(e.to_hand), to_pile=self.join(e.to_pile))

    def _marker(self, e: Marker, before: Table) -> str:
        return self.say(e.key, name=self.name(e.seat))

    def _hand_ended(self, e: HandEnded, before: Table) -> str:
        return self.say(e.key, scores=self._per_seat(e.scores), totals=self._per_seat(e.totals))

    def _match_ended(self, e: MatchEnded, before: Table) -> str:
        win = winners_words(self._names(e.winners), len(e.winners), self.lang)
        why = e.why if self.lang == "en" else self.rules.match_end_why(self.players, self.lang)
        text = self.say(e.key, why=why, winners=win)
        if e.by_selection is not None:
            rows = [self.say("selection.row", sheet=self.name(sheet), scores=self._per_seat(r))
                    for sheet, r in enumerate(e.by_selection)]
            text += " " + self.say(e.key + ".selections", table="; ".join(rows))
        return text

    def _per_seat(self, values: list[Any]) -> str:
        return ", ".join(self.say("seat.value", name=self.name(s), value=v) for s, v in enumerate(values))


# How each kind of event is said (a method of Narrator, given the event and the table before it).
_SAID: dict[type[Event], Callable[[Narrator, Any, Table], str]] = {
    HandStarted: Narrator._hand_started,
    Dealt: Narrator._dealt,
    LaidOut: Narrator._laid_out,
    Drafted: Narrator._drafted,
    RowsStarted: Narrator._rows_started,
    Sheets: Narrator._sheets,
    Chose: Narrator._chose,
    Played: Narrator._played,
    Revealed: Narrator._revealed,
    Ordered: Narrator._ordered,
    Passed: Narrator._passed,
    Placed: Narrator._placed,
    ChoseRow: Narrator._chose_row,
    ChoseSpot: Narrator._chose_spot,
    Took: Narrator._took,
    Split: Narrator._split,
    Marker: Narrator._marker,
    HandEnded: Narrator._hand_ended,
    MatchEnded: Narrator._match_ended,
}


def _end_of(row: list[int], side: str) -> int:
    return row[0] if side == "left" else row[-1]


# ---- the order of two cards (Refined) --------------------------------------------------------------
def _laid(rows: list[list[int]], card: int, two_sided: bool) -> list[list[int]] | None:
    """The rows after ``card`` is placed, or None when its placement waits for a player's choice."""
    p = placement(card, rows, two_sided=two_sided)
    if p.row is None:  # low card, fits nowhere, a tie: the player chooses
        return None
    after = [list(r) for r in rows]
    lay(after, card, p.rule, p.row, p.side)
    return after


def order_change(rows: list[list[int]], first: int, second: int, two_sided: bool = False) -> Placement | None:
    """Where a card would go if a player placed ``second`` before ``first`` instead — when that
    differs from where it goes in the chosen order; None when the order changes no card's place.

    Only what the table decides is compared: when a card's placement waits for a choice (a low
    card's row, a tie) the other card's place after it is unknown, and that side is not judged.
    """
    def same(a: Placement, b: Placement) -> bool:
        return (a.rule, a.row, a.side) == (b.rule, b.row, b.side)

    after_first = _laid(rows, first, two_sided)
    if after_first is not None:  # the other way round, second goes first, on today's rows
        chosen, other = placement(second, after_first, two_sided=two_sided), placement(second, rows, two_sided=two_sided)
        if not same(chosen, other):
            return other
    after_second = _laid(rows, second, two_sided)
    if after_second is not None:  # the other way round, first goes after second
        chosen, other = placement(first, rows, two_sided=two_sided), placement(first, after_second, two_sided=two_sided)
        if not same(chosen, other):
            return other
    return None


def _instead(p: Placement, lang: str) -> str:
    if p.rule == LOW:
        return text("instead.low", lang)
    if p.rule == NOWHERE:
        return text("instead.nowhere", lang)
    if p.rule == SIXTH:
        return text("instead.sixth", lang, row=p.row + 1)  # type: ignore[operator]
    if p.row is None:
        return text("instead.choice", lang)
    return text("instead.row", lang, row=p.row + 1)


# ---- special moments: the one set of ★ labels ---------------------------------------------------------
@dataclass(frozen=True)
class Special:
    """A moment where a rule acts in a way worth showing: its key (its ★ label is the message
    ``special.<key>`` of the engine's catalogue), and English words its narration uses."""

    key: str
    words: tuple[str, ...]  # every marked step's English text contains one of these (tested)

    @property
    def label(self) -> str:
        """The ★ label in English ('sixth card: the row is taken')."""
        return self.label_in("en")

    def label_in(self, lang: str = "en") -> str:
        """The ★ label in ``lang`` ('šestá karta: řada se bere')."""
        return text("special." + self.key, lang)


SPECIAL: dict[str, Special] = {key: Special(key, words) for key, words in {
    "sixth": ("sixth card",),
    "low": ("lower than every row end",),
    "stacked_starters": ("stacked",),
    "draft": ("draft",),
    "rows_started": ("left over",),
    "sheets": ("sheet",),
    "selections": ("selection",),
    "left": ("left end",),
    "left_sixth": ("left end",),
    "tie": ("equally near",),
    "nowhere": ("fits no row",),
    "face_up": ("face up",),
    "marker": ("start marker",),
    "order": ("order matters",),
    "split": ("in hand",),
    "twin": ("twin",),
    "stack": ("stack",),
    "shared": ("share",),
}.items()}
ONCE_PER_HAND = frozenset({"face_up", "marker", "left"})  # shown the first time in a hand only


def base_play(rules: Rules) -> bool:
    """Whether a game is played by the base rules (base, Tactics): then the sixth card and the low
    card are its special moments; a variant's own moments replace them."""
    return (not rules.two_sided and rules.twins == Twins.NONE and rules.choosing == Choosing.HIDDEN
            and rules.cards_per_turn == 1 and rules.dealing == Dealing.SHUFFLE and not rules.keep_taken
            and not rules.sheets)


class Specials:
    """Which events are special moments (keys of ``SPECIAL``), walking a log in order.

    Rare moments are marked each time (a sixth or low card in a base game, a twin, a tie, a row
    taken by a card that fits nowhere, the sheets passed on); frequent ones only when they show
    something: the draft's first pick, a Refined order that changes where a card goes (see
    ``order_change``), a Hand split that keeps cards in hand, and — once per hand — the first card
    laid face up (Open), the marker's first move (Open), the first card put at a left end
    (Professional; a sixth card at a left end is marked every time).
    """

    def __init__(self, rules: Rules) -> None:
        self.rules, self.base = rules, base_play(rules)
        self.seen: set[str] = set()

    def __call__(self, e: Event, before: Table) -> str | None:
        if isinstance(e, HandStarted):
            self.seen.clear()
        moment = _MOMENTS.get(type(e))
        key = moment(self, e, before) if moment is not None else None
        if key in ONCE_PER_HAND:
            if key in self.seen:
                return None
            self.seen.add(key)
        return key

    # ---- one method per kind of event that can be a special moment -------------------------------------
    def _dealt(self, e: Dealt, before: Table) -> str | None:
        return "stacked_starters" if any(len(r) > 1 and r[0] == r[-1] for r in e.rows) else None

    def _drafted(self, e: Drafted, before: Table) -> str | None:
        return None if any(before.hands) else "draft"

    def _rows_started(self, e: RowsStarted, before: Table) -> str | None:
        return "rows_started"

    def _sheets(self, e: Sheets, before: Table) -> str | None:
        return "sheets"

    def _marker(self, e: Marker, before: Table) -> str | None:
        return "marker"

    def _chose(self, e: Chose, before: Table) -> str | None:
        return "face_up" if e.open else None

    def _ordered(self, e: Ordered, before: Table) -> str | None:
        return "order" if order_change(before.rows, e.first, e.second, self.rules.two_sided) else None

    def _split(self, e: Split, before: Table) -> str | None:
        return "split" if e.to_hand else None

    def _chose_spot(self, e: ChoseSpot, before: Table) -> str | None:
        return "tie"

    def _chose_row(self, e: ChoseRow, before: Table) -> str | None:
        rule = placement(e.card, before.rows, two_sided=self.rules.two_sided).rule
        return "nowhere" if rule == NOWHERE else ("low" if rule == LOW and self.base else None)

    def _placed(self, e: Placed, before: Table) -> str | None:
        if e.owners and len(e.owners) > 1:
            return "stack"
        if e.rule == TWIN:
            return "twin"
        if e.side == "left":
            return "left_sixth" if e.rule == SIXTH else "left"
        return "sixth" if e.rule == SIXTH and self.base else None

    def _took(self, e: Took, before: Table) -> str | None:
        return "shared" if e.shared is not None else None

    def _match_ended(self, e: MatchEnded, before: Table) -> str | None:
        return "selections" if e.by_selection is not None else None


# Which kinds of event can be special moments, and how each is judged.
_MOMENTS: dict[type[Event], Callable[[Specials, Any, Table], str | None]] = {
    Dealt: Specials._dealt,
    Drafted: Specials._drafted,
    RowsStarted: Specials._rows_started,
    Sheets: Specials._sheets,
    Marker: Specials._marker,
    Chose: Specials._chose,
    Ordered: Specials._ordered,
    Split: Specials._split,
    ChoseSpot: Specials._chose_spot,
    ChoseRow: Specials._chose_row,
    Placed: Specials._placed,
    Took: Specials._took,
    MatchEnded: Specials._match_ended,
}


def label(key: str | None, lang: str = "en") -> str | None:
    """The ★ label of a special moment's key, in ``lang``."""
    return SPECIAL[key].label_in(lang) if key else None


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


def _texts(group: list[Frame], names: list[str], lang: str) -> str:
    """The words of a step: each frame's text, with a run of face-down choices said once."""
    out: list[str] = []
    i = 0
    while i < len(group):
        j = i
        while j < len(group) and _face_down(group[j]):
            j += 1
        run = group[i:j]
        if len(run) > 1 and len({len(f.event.cards) for f in run}) == 1:  # type: ignore[attr-defined]
            n = len(run[0].event.cards)  # type: ignore[attr-defined]
            said = count_words(n, lang)
            seats = [f.event.seat for f in run]
            if len(set(seats)) == run[0].after.players:
                out.append(text("event.chose.all", lang, count_words=said))
            else:
                who = join([names[x] for x in seats if x is not None], lang)
                out.append(text("event.chose.some", lang, names=who, count_words=said))
        else:
            j = max(j, i + 1)
            out.extend(f.text for f in group[i:j])
        i = j
    return " ".join(out)


def make_step(group: list[Frame], names: list[str], lang: str = "en", main: Frame | None = None) -> Step:
    """One step of these frames; the last frame is drawn unless ``main`` says otherwise."""
    keys = [f.special for f in group if f.special]
    return Step(tuple(group), main or group[-1], _texts(group, names, lang), label(keys[0], lang) if keys else None)


def steps(frame_list: list[Frame], names: list[str] | None = None, lang: str = "en") -> list[Step]:
    """Fold frames into steps: frames where nothing drawn changes (``visible``) join the next frame
    that changes something, and the step says both; invisible frames at the very end (the match's
    end after the hand's) join the last step."""
    if not frame_list:
        return []
    names = local_names(list(names) if names else default_names(frame_list[0].after.players), lang)
    out: list[Step] = []
    waiting: list[Frame] = []
    for f in frame_list:
        waiting.append(f)
        if visible(f):
            out.append(make_step(waiting, names, lang))
            waiting = []
    if waiting:
        if out:
            last = out.pop()
            out.append(make_step([*last.frames, *waiting], names, lang, main=last.main))
        else:
            out.append(make_step(waiting, names, lang))
    return out


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
    left_out, names = classes(skip), list(names)
    out = []
    for st in given:
        kept = [f for f in st.frames if not isinstance(f.event, left_out)]
        if kept:
            main = st.main if st.main in kept else kept[-1]
            out.append(st if len(kept) == len(st.frames) else make_step(kept, names, lang, main=main))
    return out


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
           "SPECIAL", "Special", "Specials", "label", "visible", "order_change", "base_play"]
