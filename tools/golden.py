"""Rewrite the golden transcripts in tests/golden/ (then read the diff before committing)."""

import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent / "tests"
sys.path.insert(0, str(TESTS))
from golden_games import GOLDEN, transcript  # noqa: E402  (a test fixture, beside the tests)

out = TESTS / "golden"
out.mkdir(exist_ok=True)
for name in sorted(GOLDEN):
    (out / f"{name}.txt").write_text(transcript(name), encoding="utf-8")
    print("wrote", name)
