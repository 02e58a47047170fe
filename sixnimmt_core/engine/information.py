"""What one seat may know: its information state, and each event as that seat may see it.

OpenSpiel's ``information_state(player)`` and boardgame.io's ``playerView``: one function of the
game decides what a seat is told, so a class table, a bot or a saved game sent to a pupil cannot
carry a card the rules still hide. Hidden: the other seats' hands (except where a draft laid every
card face up: Logic, Tournament) and the cards laid face down this turn until they are revealed.
A watcher (``seat=None``: the projector) sees only what every seat sees.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from sixnimmt_core.engine.decisions import BY_KIND, Decision, PlayDecision
from sixnimmt_core.engine.events import Ask, Chose, Dealt, Event
from sixnimmt_core.engine.options import Choosing, Dealing
from sixnimmt_core.engine.phases import Phase
from sixnimmt_core.engine.rules import Rules
from sixnimmt_core.engine.state import State, TurnsShown
from sixnimmt_core.engine.table import Rule, Side, Spot

Cards = tuple[int, ...]
_HIDDEN, _DRAFT = Choosing.HIDDEN, Dealing.DRAFT
_make = tuple.__new__  # a named tuple from its fields, without the Python-level __new__ (once per decision)


def _answer_part(x: Any) -> Any:
    """A decision's option as JSON: a card, cards, a row, or a tied place (row and side)."""
    if isinstance(x, Spot):
        return {"row": x.row, "side": str(x.side), "end": x.end, "diff": x.diff}
    if isinstance(x, tuple):
        return list(x)
    return x


def decision_json(d: Decision) -> dict[str, Any]:
    """A decision as the seat it asks is told of it: its kind and its legal answers' parts."""
    out: dict[str, Any] = {"kind": str(d.kind), "seat": d.seat, "options": [_answer_part(o) for o in d.options],
                           "min": d.min_count, "max": d.max_count}
    if d.card is not None:
        out["card"] = d.card
    if d.room:
        out["room"] = d.room
    return out


class Progress(NamedTuple):
    """Where the engine is in the turn, as every seat may know it: the step it takes next, the revealed
    cards still to place (with their owners), the card waiting for a row, the seats still to lay or to
    order, a draft's turn and a Tournament's sheets, and every pending question (another seat's play
    without its options: they are its hidden hand). Enough to play on from here (``worlds.determinize``)."""

    after: Phase
    queue: tuple[tuple[int, Cards], ...]  # (card, its owners), lowest first
    placing: tuple[int, Cards, Rule] | None  # the card waiting for a decision, its owners, its rule
    to_order: Cards  # Refined: the seats still to order their two cards
    seat_order: Cards  # Open, Hand: the seats still to lay this round, in order
    round: int  # Hand: the place in ``seat_order`` of the seat laying next
    revealed: bool
    drafter: int
    asked: tuple[Decision, ...]  # every pending decision (another seat's play: no options)
    sheets: tuple[Cards, ...]  # Tournament: the selections drafted face up …
    sheet_rows: tuple[Cards, ...]  # … the rows every hand starts from …
    holders: Cards  # … which seat's selection each seat holds …
    by_selection: tuple[tuple[int | None, ...], ...]  # … and the scores by selection and seat

    def to_json(self) -> dict[str, Any]:
        return {"after": int(self.after), "queue": [[c, list(o)] for c, o in self.queue],
                "placing": None if self.placing is None else [self.placing[0], list(self.placing[1]), str(self.placing[2])],
                "to_order": list(self.to_order), "seat_order": list(self.seat_order), "round": self.round,
                "revealed": self.revealed, "drafter": self.drafter, "asked": [decision_json(d) for d in self.asked],
                "sheets": [list(x) for x in self.sheets], "sheet_rows": [list(x) for x in self.sheet_rows],
                "holders": list(self.holders), "by_selection": [list(x) for x in self.by_selection]}

    @classmethod
    def from_json(cls, o: dict[str, Any]) -> Progress:
        """:raises KeyError, TypeError, ValueError: not a progress (``to_json``)."""
        p = o["placing"]
        return cls(Phase(o["after"]), tuple((int(c), _ints(w)) for c, w in o["queue"]),
                   None if p is None else (int(p[0]), _ints(p[1]), Rule(p[2])), _ints(o["to_order"]),
                   _ints(o["seat_order"]), int(o["round"]), bool(o["revealed"]), int(o["drafter"]),
                   tuple(decision_from_json(d) for d in o["asked"]), _rows(o["sheets"]), _rows(o["sheet_rows"]),
                   _ints(o["holders"]),
                   tuple(tuple(None if x is None else int(x) for x in r) for r in o["by_selection"]))


def _ints(xs: Any) -> Cards:
    return tuple(int(x) for x in xs)


def _rows(xs: Any) -> tuple[Cards, ...]:
    return tuple(_ints(x) for x in xs)


def _maybe(xs: Any) -> tuple[Cards | None, ...]:
    return tuple(None if x is None else _ints(x) for x in xs)


class Information(NamedTuple):
    """One seat's information state: its hand, the table, what has been revealed, the scores, and its
    own pending decision. Immutable (a named tuple: made at C speed, once per decision of a bot): a copy,
    never a window onto the game. Every bot and the Coach
    decide from this alone (``Agent.decide``); a class table sends exactly this (``to_json``)."""

    seat: int | None  # None: a watcher (the projector), who holds no hand
    players: int
    hand_no: int
    turn: int
    over: bool
    hand: Cards  # this seat's cards (empty for a watcher)
    hands: tuple[Cards | None, ...]  # every hand this seat may see (its own; all after an open draft, with
    # the cards another seat laid face down this turn, not told which)
    hand_sizes: Cards  # how many cards each seat holds: on the table for everyone to count
    rows: tuple[Cards, ...]
    laid: tuple[Cards | None, ...]  # cards laid this turn that this seat may see (face up, or its own)
    laid_hidden: tuple[bool, ...]  # which seats have laid a card face down this turn
    draft_table: Cards  # Logic, Tournament: the cards still laid out to draft
    penalty: Cards  # heads each seat has taken this hand (its score so far, Hand: without the hand)
    pile_sizes: Cards
    totals: Cards
    hand_scores: tuple[Cards, ...]
    marker: int
    waiting: Cards  # the seats the game is waiting for
    decision: Decision | None  # this seat's pending decision, if any
    rules: Rules
    piles: tuple[Cards, ...]  # the cards each seat has taken this hand (each was face up in a row)
    undealt: int  # how many cards no seat holds (their faces unseen)
    laid_sizes: Cards  # how many cards each seat has laid this turn, face up or down
    shown: TurnsShown  # this hand's turns: the rows before each reveal and each seat's card
    progress: Progress

    def row_lists(self) -> list[list[int]]:
        """The rows as lists, a copy: what the rules' functions on a table (``engine.table``) take."""
        return [list(r) for r in self.rows]

    def to_json(self) -> dict[str, Any]:
        """JSON-ready: what a class table sends this seat (``from_json`` reads it back)."""
        return {
            "seat": self.seat, "players": self.players, "hand_no": self.hand_no, "turn": self.turn,
            "over": self.over, "hand": list(self.hand),
            "hands": [None if h is None else list(h) for h in self.hands],
            "hand_sizes": list(self.hand_sizes), "rows": [list(r) for r in self.rows],
            "laid": [None if c is None else list(c) for c in self.laid], "laid_hidden": list(self.laid_hidden),
            "draft_table": list(self.draft_table), "penalty": list(self.penalty),
            "pile_sizes": list(self.pile_sizes), "totals": list(self.totals),
            "hand_scores": [list(s) for s in self.hand_scores], "marker": self.marker,
            "waiting": list(self.waiting),
            "decision": None if self.decision is None else decision_json(self.decision),
            "rules": self.rules.to_json(), "piles": [list(p) for p in self.piles], "undealt": self.undealt,
            "laid_sizes": list(self.laid_sizes),
            "shown": [[[list(r) for r in rows], list(cards)] for rows, cards in self.shown],
            "progress": self.progress.to_json(),
        }

    @classmethod
    def from_json(cls, o: dict[str, Any]) -> Information:
        """A seat's information state as a class table sent it (``to_json``): the same typed value, for a
        bot that plays a seat from afar (``sixnimmt table join --bot``).

        :raises KeyError, TypeError, ValueError, SixNimmtError: not an information state."""
        seat = o["seat"]
        return cls(
            None if seat is None else int(seat), int(o["players"]), int(o["hand_no"]), int(o["turn"]),
            bool(o["over"]), _ints(o["hand"]), _maybe(o["hands"]), _ints(o["hand_sizes"]), _rows(o["rows"]),
            _maybe(o["laid"]), tuple(bool(x) for x in o["laid_hidden"]), _ints(o["draft_table"]),
            _ints(o["penalty"]), _ints(o["pile_sizes"]), _ints(o["totals"]), _rows(o["hand_scores"]),
            int(o["marker"]), _ints(o["waiting"]),
            None if o["decision"] is None else decision_from_json(o["decision"]),
            Rules.from_json(o["rules"]), _rows(o["piles"]), int(o["undealt"]), _ints(o["laid_sizes"]),
            tuple((_rows(rows), _ints(cards)) for rows, cards in o["shown"]), Progress.from_json(o["progress"]),
        )


def hands_open(game: State) -> bool:
    """Whether every hand is known to every seat: drafted from cards laid face up (Logic, Tournament)."""
    return game.rules.dealing == Dealing.DRAFT


def information(game: State, seat: int | None) -> Information:
    """What ``seat`` may know of ``game`` now (``None``: a watcher, who sees only the public table)."""
    known = game.rules.dealing == _DRAFT
    face_up = game.rules.choosing != _HIDDEN or game._revealed
    chosen = game.chosen
    laid = tuple([tuple(c) if c and (face_up or s == seat) else None for s, c in enumerate(chosen)])
    hidden = tuple([bool(c) and not face_up for c in chosen])
    mine = None
    asked = []
    for d in game.pending:
        if d[0] == seat:
            mine = d
        elif d.__class__ is PlayDecision and not known:
            d = _make(PlayDecision, (d[0], (), d[2], d[3], d[4], d[5]))  # its options are its hidden hand
        asked.append(d)
    hands = game.hands
    if known:  # every hand is public; a card laid face down is not told apart from the hand it left
        seen: tuple[Cards | None, ...] = tuple([
            tuple(h) if s == seat or not hidden[s] else tuple(sorted(h + (chosen[s] or []))) for s, h in enumerate(hands)])
    else:
        seen = tuple([tuple(h) if s == seat else None for s, h in enumerate(hands)])
    return _make(Information, (
        seat, game.players, game.hand_no, game.turn, game.over, () if seat is None else tuple(hands[seat]),
        seen, tuple([len(h) for h in hands]), tuple(map(tuple, game.rows)), laid, hidden,
        tuple(game.draft_table), tuple(game.penalty), tuple([len(p) for p in game.piles]), tuple(game.totals),
        tuple(map(tuple, game.hand_scores)), game.marker, tuple([d[0] for d in game.pending]), mine,
        game.rules, tuple(map(tuple, game.piles)), len(game.undealt),
        tuple([len(c) if c else 0 for c in chosen]), game.shown, _progress(game, tuple(asked))))


def _progress(game: State, asked: tuple[Decision, ...]) -> Progress:
    return _make(Progress, (game._after, tuple(game._queue), game._placing, tuple(game._to_order),
                            tuple(game._seat_order), game._round, game._revealed, game._drafter, asked,
                            tuple(map(tuple, game.sheets)), tuple(map(tuple, game.sheet_rows)), tuple(game.holders),
                            tuple(map(tuple, game.by_selection))))


def seen_by(event: Event, seat: int | None, hands_known: bool = False) -> dict[str, Any]:
    """``event`` as JSON as ``seat`` may see it: another seat's dealt hand is ``null``, and a card
    laid face down by another seat is left out until the reveal (``hidden: true``).
    ``hands_known``: every hand is public (an open draft), so a deal hides nothing."""
    data = event.to_json()
    if isinstance(event, Dealt) and not hands_known:
        data["hands"] = [h if s == seat else None for s, h in enumerate(event.hands)]
    elif isinstance(event, Chose) and not event.open and event.seat != seat:
        del data["cards"]
        data["hidden"] = True
    return data




def decision_from_json(obj: dict[str, Any]) -> Decision:
    """A decision as a seat was told of it (``decision_json``), as the engine's own object again, for
    a bot that plays a seat from afar (``sixnimmt table join --bot``).

    :raises KeyError, TypeError, ValueError: not a decision."""
    cls = BY_KIND[Ask(obj["kind"])]
    options: list[Any] = []
    for o in obj["options"]:
        if isinstance(o, dict):
            options.append(Spot(int(o["row"]), Side(o["side"]), int(o["end"]), int(o.get("diff", 0))))
        elif isinstance(o, list):
            options.append(tuple(int(c) for c in o))
        else:
            options.append(int(o))
    return cls(int(obj["seat"]), tuple(options), int(obj["min"]), int(obj["max"]), obj.get("card"),
               int(obj.get("room", 0)))


__all__ = ["Information", "Progress", "information", "seen_by", "decision_json", "decision_from_json", "hands_open"]
