"""6 nimmt! rules engine: cards, rows, placement, taking, scoring, variants, bots.

Pure Python with no dependencies, so it runs unchanged in CPython and in Pyodide.
"""

from sixnimmt_core.drawing import display as _display  # noqa: F401  (fills the engine's display hook)
from sixnimmt_core.engine import decisions, events
from sixnimmt_core.engine.cards import full_deck, heads, tactics_deck, total_heads
from sixnimmt_core.engine.errors import (
    CorruptLog,
    IllegalAction,
    ImpossibleSetup,
    OutOfTurn,
    SixNimmtError,
)
from sixnimmt_core.engine.events import Event
from sixnimmt_core.engine.game import Deal, Decision, Game
from sixnimmt_core.engine.information import Information
from sixnimmt_core.engine.log import dumps, replay, to_json
from sixnimmt_core.engine.rules import VARIANTS, MatchEnd, Rules, find_variant
from sixnimmt_core.engine.table import Placement, Spot, where
from sixnimmt_core.players.bots import (
    CautiousBot,
    Human,
    LookaheadBot,
    RandomBot,
    advance,
    make_bot,
    make_bots,
)
from sixnimmt_core.teaching.narrate import Frame, Narrator, Table, frames, narrate

__all__ = [
    "heads", "total_heads", "full_deck", "tactics_deck",
    "Rules", "MatchEnd", "VARIANTS", "find_variant",
    "Game", "Deal", "Decision", "decisions", "Event", "events", "Information",
    "where", "Placement", "Spot",
    "RandomBot", "CautiousBot", "LookaheadBot", "Human", "advance", "make_bot", "make_bots",
    "dumps", "replay", "to_json",
    "frames", "narrate", "Narrator", "Table", "Frame",
    "SixNimmtError", "IllegalAction", "OutOfTurn", "ImpossibleSetup", "CorruptLog",
]
__version__ = "0.1.0"
