"""What one seat may know: its information state, and each event as that seat may see it.

OpenSpiel's ``information_state(player)`` and boardgame.io's ``playerView``: one function of the
game decides what a seat is told, so a class table, a bot or a saved game sent to a pupil cannot
carry a card the rules still hide. Hidden: the other seats' hands (except where a draft laid every
card face up: Logic, Tournament) and the cards laid face down this turn until they are revealed.
A watcher (``seat=None``: the projector) sees only what every seat sees.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sixnimmt_core.engine.decisions import BY_KIND, Decision
from sixnimmt_core.engine.events import Ask, Chose, Dealt, Event
from sixnimmt_core.engine.game import Game
from sixnimmt_core.engine.options import Choosing, Dealing
from sixnimmt_core.engine.table import Side, Spot

Cards = tuple[int, ...]


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


@dataclass(frozen=True, slots=True)
class Information:
    """One seat's information state: its hand, the table, what has been revealed, the scores, and its
    own pending decision. Immutable: a copy, never a window onto the game."""

    seat: int | None  # None: a watcher (the projector), who holds no hand
    players: int
    hand_no: int
    turn: int
    over: bool
    hand: Cards  # this seat's cards (empty for a watcher)
    hands: tuple[Cards | None, ...]  # every hand this seat may see (its own; all after an open draft)
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

    def to_json(self) -> dict[str, Any]:
        """JSON-ready: what a class table sends this seat."""
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
        }


def hands_open(game: Game) -> bool:
    """Whether every hand is known to every seat: drafted from cards laid face up (Logic, Tournament)."""
    return game.rules.dealing == Dealing.DRAFT


def information(game: Game, seat: int | None) -> Information:
    """What ``seat`` may know of ``game`` now (``None``: a watcher, who sees only the public table)."""
    own = game.hands[seat] if seat is not None else []
    known = hands_open(game)
    face_up = game.rules.choosing != Choosing.HIDDEN or game.revealed
    laid: list[Cards | None] = []
    for s, cards in enumerate(game.chosen):
        laid.append(tuple(cards) if cards and (face_up or s == seat) else None)
    mine = game.decision(seat) if seat is not None else None
    return Information(
        seat=seat, players=game.players, hand_no=game.hand_no, turn=game.turn, over=game.over,
        hand=tuple(own),
        hands=tuple(tuple(h) if known or s == seat else None for s, h in enumerate(game.hands)),
        hand_sizes=tuple(len(h) for h in game.hands),
        rows=tuple(tuple(r) for r in game.rows),
        laid=tuple(laid), laid_hidden=tuple(bool(c) and not face_up for c in game.chosen),
        draft_table=tuple(game.draft_table),
        penalty=tuple(game.penalty),
        pile_sizes=tuple(len(p) for p in game.piles),
        totals=tuple(game.totals), hand_scores=tuple(tuple(s) for s in game.hand_scores),
        marker=game.marker, waiting=tuple(d.seat for d in game.pending), decision=mine,
    )


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


__all__ = ["Information", "information", "seen_by", "decision_json", "decision_from_json", "hands_open"]
