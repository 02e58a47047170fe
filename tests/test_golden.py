"""Golden playthroughs: seeded, narrated games kept as text and compared word for word.

Regenerate after an intended change with ``python tests/golden_games.py`` and read the diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from golden_games import GOLDEN, transcript

HERE = Path(__file__).parent / "golden"


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_transcript(name):
    expected = (HERE / f"{name}.txt").read_text(encoding="utf-8")
    assert transcript(name) == expected
