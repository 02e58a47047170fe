"""6 nimmt! rules engine: cards, rows, placement, taking, scoring, variants, bots.

Pure Python with no dependencies, so it runs unchanged in CPython and in Pyodide.
"""

from sixnimmt_core import display as _display  # noqa: F401  (fills the engine's display hook)
from sixnimmt_core import events
from sixnimmt_core.bots import (
    CautiousBot,
    Human,
    LookaheadBot,
    RandomBot,
    advance,
    make_bot,
    make_bots,
)
from sixnimmt_core.cards import full_deck, heads, tactics_deck, total_heads
from sixnimmt_core.errors import (
    CorruptLog,
    IllegalAction,
    ImpossibleSetup,
    OutOfTurn,
    SixNimmtError,
)
from sixnimmt_core.events import Event
from sixnimmt_core.game import Deal, Decision, Game, SeatView
from sixnimmt_core.log import dumps, replay, to_json
from sixnimmt_core.narrate import Frame, Narrator, Table, frames, narrate
from sixnimmt_core.rules import VARIANTS, MatchEnd, Rules, find_variant
from sixnimmt_core.table import Placement, Spot, where

__all__ = [
    "heads", "total_heads", "full_deck", "tactics_deck",
    "Rules", "MatchEnd", "VARIANTS", "find_variant",
    "Game", "Deal", "Decision", "Event", "events", "SeatView",
    "where", "Placement", "Spot",
    "RandomBot", "CautiousBot", "LookaheadBot", "Human", "advance", "make_bot", "make_bots",
    "dumps", "replay", "to_json",
    "frames", "narrate", "Narrator", "Table", "Frame",
    "SixNimmtError", "IllegalAction", "OutOfTurn", "ImpossibleSetup", "CorruptLog",
]
__version__ = "0.1.0"
