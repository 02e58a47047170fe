"""6 nimmt! rules engine: cards, rows, placement, taking, scoring, variants, bots.

Pure Python with no dependencies, so it runs unchanged in CPython and in Pyodide.
"""

from sixnimmt_core.cards import heads

__all__ = ["heads"]
__version__ = "0.1.0"
