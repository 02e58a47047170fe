"""Teaching widgets (ipywidgets 8.1): a Stepper over any game, a RowTrainer, a PlayTable.

Import this only where ipywidgets is installed (``pip install sixnimmt[widgets]``); the engine
(``import sixnimmt_core``) never imports it.

- ``Stepper(game, start=0, skip=(), marks=None)``: walk a game's events with Next / Back /
  Restart / Next turn / Next special / End and a slider; the table (from the engine's own
  before/after records), the event in words, hands and penalty piles.
- ``RowTrainer(seed=None, two_sided=False, examples=None)``: click where the card goes; ✓/✗
  with the engine's reason; low cards then ask which row to take; a running score.
- ``PlayTable(rules=None, players=4, humans=(0,), bots=("cautious",), seed=None,
  one_hand=True, coach=False)``: play by clicks against bots or pass and play, every decision
  kind, with an optional look-ahead Coach.

Each is an ``ipywidgets.VBox``: put it last in a cell (or ``display`` it).
"""

from importlib import import_module
from typing import Any

# Imported when first asked for, so that ``sixnimmt_core.widgets.pagecomm`` can prepare the ground
# (the app in the browser has no IPython) before ipywidgets is imported.
_WHERE = {"PlayTable": "play", "Stepper": "stepper", "RowTrainer": "trainer"}
__all__ = ["Stepper", "RowTrainer", "PlayTable"]


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{_WHERE[name]}"), name)
