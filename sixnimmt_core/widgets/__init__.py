"""Teaching widgets (ipywidgets 8.1): a Stepper over any game, a RowTrainer, a PlayTable.

Import this only where ipywidgets is installed (``pip install sixnimmt[widgets]``); the engine
(``import sixnimmt_core``) never imports it.
"""

from sixnimmt_core.widgets.play import PlayTable
from sixnimmt_core.widgets.stepper import Stepper
from sixnimmt_core.widgets.trainer import RowTrainer

__all__ = ["Stepper", "RowTrainer", "PlayTable"]
