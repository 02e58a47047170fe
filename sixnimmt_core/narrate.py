"""Walk an event log: the table after every event, and each event in words.

The tracker applies events as data (no engine), so a stepper can go forward and back over any
log, and a narration can say *why* ("29 goes after 24: 69 and 81 are higher …") from the table
as it stood before the event.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sixnimmt_core.cards import total_heads
from sixnimmt_core.fold import Table
from sixnimmt_core.game import Event, Game, default_names
from sixnimmt_core.rules import Rules
from sixnimmt_core.table import LOW, NOWHERE, SIXTH, TIE, Placement, Spot, lay, placement
from sixnimmt_core.words import heads_words, join, say, spot_words


@dataclass(frozen=True)
class Frame:
    """One step of a walk over a log: the event, its words, and the table before and after."""

    index: int
    event: Event
    text: str
    before: Table
    after: Table
    special: str | None = None  # a key of SPECIAL when the event is a special moment

    def _repr_html_(self) -> str:
        from sixnimmt_core.display import table

        return table(self.after.rows, caption=f"Step {self.index + 1}", notes=[self.text])


class Narrator:
    """Turns events into sentences, using the table as it stood before each event."""

    def __init__(self, rules: Rules, players: int, names: list[str] | None = None, lang: str = "en") -> None:
        self.rules, self.players = rules, players
        self.names = names or default_names(players)
        self.lang = lang

    def name(self, seat: int | None) -> str:
        return self.names[seat] if seat is not None else ""

    def placement(self, e: Event, before: Table) -> Placement:
        """Rebuild the engine's explanation of a placement from the table before it."""
        return placement(e.data["card"], before.rows, two_sided=self.rules.two_sided)

    def text(self, e: Event, before: Table) -> str:  # noqa: C901 - one branch per event kind
        d, k, lang = e.data, e.kind, self.lang
        name = self.name(e.seat)
        if k == "hand_started":
            return say("event.hand_started", lang, hand=d["hand"])
        if k == "dealt" and d.get("given"):
            rows_words = "; ".join(say("given.row", lang, row=i + 1, cards=", ".join(map(str, r)))
                                   for i, r in enumerate(d["rows"]))
            hands_words = "; ".join(say("given.hand", lang, name=self.name(seat), cards=", ".join(map(str, h)))
                                    for seat, h in enumerate(d["hands"]))
            return say("event.dealt.given", lang, rows=rows_words, hands=hands_words)
        if k == "dealt":
            rows = d["rows"]
            text = say("event.dealt", lang, hand_size=len(d["hands"][0]), starters=join([r[0] for r in rows]))
            stacked = [r for r in rows if len(r) > 1 and r[0] == r[-1]]
            if stacked:
                text += " " + say("event.dealt.twins", lang, stacked=join(["+".join(map(str, r)) for r in stacked]))
            return text
        if k == "laid_out":
            return say("event.laid_out", lang, count=len(d["cards"]))
        if k == "drafted":
            key = "event.drafted" if any(before.hands) else "event.drafted.first"
            return say(key, lang, name=name, card=d["card"], hand_size=self.rules.hand_size)
        if k == "rows_started":
            return say("event.rows_started", lang, count=len(d["rows"]), starters=join([r[0] for r in d["rows"]]))
        if k == "sheets":
            who = "; ".join(f"{self.name(seat)} plays {self.name(h)}'s" for seat, h in enumerate(d["holders"]))
            return say("event.sheets", lang, hand=d["hand"], who=who)
        if k == "chose":
            if d.get("open"):
                return say("event.chose.open", lang, name=name, cards=join(d["cards"]))
            n = len(d["cards"])
            return say("event.chose", lang, name=name, count_words="a card" if n == 1 else f"{n} cards")
        if k == "played":
            n = len(d["cards"])
            return say("event.played", lang, name=name, cards=join(d["cards"]), them="it" if n == 1 else "them")
        if k == "revealed":
            shown = "; ".join(f"{self.name(s)} {join(c)}" for s, c in enumerate(d["cards"]) if c)
            return say("event.revealed.refined" if d.get("refined") else "event.revealed", lang, cards=shown)
        if k == "ordered":
            change = order_change(before.rows, d["first"], d["second"], self.rules.two_sided)
            if change is None:
                return say("event.ordered", lang, name=name, first=d["first"], second=d["second"])
            return say("event.ordered.matters", lang, name=name, first=d["first"], second=d["second"],
                       card=change.card, instead=_instead(change, lang))
        if k == "passed":
            return say("event.passed", lang, name=name)
        if k == "placed":
            if d["rule"] in (LOW, NOWHERE):
                text = say("event.placed.low", lang, name=name, card=d["card"], row=d["row"] + 1)
            else:
                p = self.placement(e, before)
                if p.rule == TIE:  # the player chose the spot (chose_spot said why)
                    spot = spot_words(d.get("side", "right"), d["end"], d["row"] + 1, lang)
                    key = "event.placed.chosen.sixth" if d["rule"] == SIXTH else "event.placed.chosen"
                    text = say(key, lang, name=name, card=d["card"], spot=spot)
                else:
                    text = f"{name}: {p.reason(lang)}"
            if len(d.get("owners", ())) > 1:
                names = join([self.name(x) for x in d["owners"]], lang)
                text = say("event.placed.stack", lang, names=names, card=d["card"], reason=text)
            return text
        if k == "chose_row":
            row = before.rows[d["row"]]
            reason = self.placement(e, before).reason(lang)
            return say("event.chose_row", lang, name=name, reason=reason, row=d["row"] + 1, row_cards=join(row),
                       heads=heads_words(total_heads(row), lang))
        if k == "chose_spot":
            reason = placement(d["card"], before.rows, two_sided=self.rules.two_sided).reason(lang)
            spot = spot_words(d["side"], _end_of(before.rows[d["row"]], d["side"]), d["row"] + 1, lang)
            return say("event.chose_spot", lang, name=name, reason=reason, card=d["card"], spot=spot)
        if k == "took":
            if "shared" in d:
                return say("event.took.shared", lang, names=join([self.name(x) for x in d["shared"]]),
                           row=d["row"] + 1, cards=join(d["cards"]), heads=heads_words(d["heads"], lang), share=d["share"])
            return say("event.took", lang, name=name, row=d["row"] + 1, cards=join(d["cards"]),
                       heads=heads_words(d["heads"], lang))
        if k == "split":
            return say("event.split", lang, name=name, to_hand=join(d["to_hand"]), to_pile=join(d["to_pile"]))
        if k == "marker":
            return say("event.marker", lang, name=name)
        if k == "hand_ended":
            return say("event.hand_ended", lang, scores=self._per_seat(d["scores"]), totals=self._per_seat(d["totals"]))
        if k == "match_ended":
            names = [self.name(s) for s in d["winners"]]
            win = say("wins" if len(names) == 1 else "win", lang, names=join(names))
            text = say("event.match_ended", lang, why=d["why"], winners=win)
            if "by_selection" in d:
                rows = [f"{self.name(sheet)}'s cards: " + ", ".join(f"{self.name(seat)} {pts}" for seat, pts in enumerate(r))
                        for sheet, r in enumerate(d["by_selection"])]
                text += " " + say("event.match_ended.selections", lang, table="; ".join(rows))
            return text
        return f"{k} {d}"

    def _per_seat(self, values: list[int]) -> str:
        return ", ".join(f"{self.name(s)} {v}" for s, v in enumerate(values))


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
        return say("instead.low", lang)
    if p.rule == NOWHERE:
        return say("instead.nowhere", lang)
    if p.rule == SIXTH:
        return say("instead.sixth", lang, row=p.row + 1)  # type: ignore[operator]
    if p.row is None:
        return say("instead.choice", lang)
    return say("instead.row", lang, row=p.row + 1)


# ---- special moments: the one set of ★ labels ---------------------------------------------------------
@dataclass(frozen=True)
class Special:
    """A moment where a rule acts in a way worth showing: its label, and words its narration uses."""

    label: str
    words: tuple[str, ...]  # every marked step's text contains one of these (tested)


SPECIAL: dict[str, Special] = {
    "sixth": Special("sixth card: the row is taken", ("sixth card",)),
    "low": Special("lower than every row end: a row is taken", ("lower than every row end",)),
    "stacked_starters": Special("Twins: twins among the starting cards are stacked", ("stacked",)),
    "draft": Special("Logic: the draft begins", ("draft",)),
    "rows_started": Special("Logic: the leftover cards start the rows", ("left over",)),
    "sheets": Special("Tournament: the sheets are passed on", ("sheet",)),
    "selections": Special("Tournament: results per selection", ("selection",)),
    "left": Special("Professional: a card at the left end", ("left end",)),
    "left_sixth": Special("Professional: a sixth card at the left end", ("left end",)),
    "tie": Special("Professional: a tie, the player chooses (a ruling)", ("equally near",)),
    "nowhere": Special("Professional: fits nowhere, a row is taken", ("fits no row",)),
    "face_up": Special("Open: cards are laid face up, in turn", ("face up",)),
    "marker": Special("Open: the start marker passes on", ("start marker",)),
    "order": Special("Refined: the chosen order changes where a card goes", ("order matters",)),
    "split": Special("Hand: taken cards go to the hand or the pile", ("in hand",)),
    "twin": Special("Twins: laid on its twin", ("twin",)),
    "stack": Special("Twins: twins placed as one stack", ("stack",)),
    "shared": Special("Twins: twins share a take", ("share",)),
}
ONCE_PER_HAND = frozenset({"face_up", "marker", "left"})  # shown the first time in a hand only


def base_play(rules: Rules) -> bool:
    """Whether a game is played by the base rules (base, Tactics): then the sixth card and the low
    card are its special moments; a variant's own moments replace them."""
    return (not rules.two_sided and rules.twins == "none" and rules.choosing == "hidden"
            and rules.cards_per_turn == 1 and rules.dealing == "shuffle" and not rules.keep_taken
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
        if e.kind == "hand_started":
            self.seen.clear()
        key = self._key(e, before)
        if key in ONCE_PER_HAND:
            if key in self.seen:
                return None
            self.seen.add(key)
        return key

    def _key(self, e: Event, before: Table) -> str | None:  # noqa: C901 - one branch per kind
        d, k = e.data, e.kind
        if k == "dealt":
            return "stacked_starters" if any(len(r) > 1 and r[0] == r[-1] for r in d["rows"]) else None
        if k == "drafted":
            return None if any(before.hands) else "draft"
        if k in ("rows_started", "sheets", "marker"):
            return k
        if k == "chose":
            return "face_up" if d.get("open") else None
        if k == "ordered":
            return "order" if order_change(before.rows, d["first"], d["second"], self.rules.two_sided) else None
        if k == "split":
            return "split" if d["to_hand"] else None
        if k == "chose_spot":
            return "tie"
        if k == "chose_row":
            rule = placement(d["card"], before.rows, two_sided=self.rules.two_sided).rule
            return "nowhere" if rule == NOWHERE else ("low" if rule == LOW and self.base else None)
        if k == "placed":
            if len(d.get("owners", ())) > 1:
                return "stack"
            if d["rule"] == "twin":
                return "twin"
            if d.get("side") == "left":
                return "left_sixth" if d["rule"] == SIXTH else "left"
            return "sixth" if d["rule"] == SIXTH and self.base else None
        if k == "took":
            return "shared" if "shared" in d else None
        if k == "match_ended":
            return "selections" if "by_selection" in d else None
        return None


def label(key: str | None) -> str | None:
    """The ★ label of a special moment's key."""
    return SPECIAL[key].label if key else None


def frames(game_or_log: Game | Any, lang: str = "en") -> list[Frame]:
    """Every event of a game (or a saved log) with its words, the table before and after, and its
    special moment (``Frame.special``)."""
    if isinstance(game_or_log, Game):
        game = game_or_log
    else:
        from sixnimmt_core.log import replay

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
        out.append(Frame(i, e, text, before, table.copy(), key))
    return out


def narrate(game: Game, lang: str = "en", skip: tuple[str, ...] = ()) -> list[str]:
    """The game as sentences, one per event (minus the kinds in ``skip``)."""
    return [f.text for f in frames(game, lang) if f.event.kind not in skip]


# ---- steps: what a stepper shows, one or more frames at a time -------------------------------------
TURN_START_KINDS = frozenset({"revealed", "played", "passed", "hand_started", "hand_ended", "match_ended"})


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
        for f in self.frames:
            k = f.event.kind
            if k in TURN_START_KINDS or f.before.starts_turn(f.event):
                return True
        return False


def _drawn(t: Table) -> tuple[Any, ...]:
    """What a stepper draws of a table: rows, cards laid (and whether face up), hands, piles, scores."""
    return (t.rows, t.laid, t.revealed, t.hands, t.piles, t.penalties, t.totals, t.draft_table)


def visible(f: Frame) -> bool:
    """Whether a frame changes what is drawn. A hand's start only announces the deal, and a card
    chosen face down shows nothing until the reveal: both count as invisible."""
    k = f.event.kind
    if k == "hand_started" or (k == "chose" and not f.event.data.get("open")):
        return False
    return _drawn(f.before) != _drawn(f.after)


def _face_down(f: Frame) -> bool:
    return f.event.kind == "chose" and not f.event.data.get("open")


def _texts(group: list[Frame], names: list[str], lang: str) -> str:
    """The words of a step: each frame's text, with a run of face-down choices said once."""
    out: list[str] = []
    i = 0
    while i < len(group):
        j = i
        while j < len(group) and _face_down(group[j]):
            j += 1
        run = group[i:j]
        if len(run) > 1 and len({len(f.event.data["cards"]) for f in run}) == 1:
            n = len(run[0].event.data["cards"])
            count_words = "a card" if n == 1 else f"{n} cards"
            seats = [f.event.seat for f in run]
            if len(set(seats)) == run[0].after.players:
                out.append(say("event.chose.all", lang, count_words=count_words))
            else:
                who = join([names[x] for x in seats if x is not None], lang)
                out.append(say("event.chose.some", lang, names=who, count_words=count_words))
        else:
            j = max(j, i + 1)
            out.extend(f.text for f in group[i:j])
        i = j
    return " ".join(out)


def make_step(group: list[Frame], names: list[str], lang: str = "en", main: Frame | None = None) -> Step:
    """One step of these frames; the last frame is drawn unless ``main`` says otherwise."""
    keys = [f.special for f in group if f.special]
    return Step(tuple(group), main or group[-1], _texts(group, names, lang), label(keys[0]) if keys else None)


def steps(frame_list: list[Frame], names: list[str] | None = None, lang: str = "en") -> list[Step]:
    """Fold frames into steps: frames where nothing drawn changes (``visible``) join the next frame
    that changes something, and the step says both; invisible frames at the very end (the match's
    end after the hand's) join the last step."""
    if not frame_list:
        return []
    names = list(names) if names else default_names(frame_list[0].after.players)
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


def walk(game_or_log: Game | Any, lang: str = "en", skip: tuple[str, ...] = (), title: str = "") -> Walk:
    """A game (or a saved log) as steps, minus the event kinds in ``skip``."""
    if not isinstance(game_or_log, Game):
        from sixnimmt_core.log import replay

        game_or_log = replay(game_or_log)
    game = game_or_log
    kept = [f for f in frames(game, lang) if f.event.kind not in skip]
    return Walk(tuple(steps(kept, game.names, lang)), game.rules, tuple(game.names), title)


__all__ = ["Table", "Frame", "Narrator", "frames", "narrate", "Spot", "Step", "steps", "Walk", "walk",
           "SPECIAL", "Special", "Specials", "label", "visible", "order_change", "base_play"]
