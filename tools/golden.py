"""Rewrite the golden transcripts in tests/golden/ (then read the diff before committing)."""

from pathlib import Path

from sixnimmt_core.golden import GOLDEN, transcript

out = Path(__file__).resolve().parent.parent / "tests" / "golden"
out.mkdir(exist_ok=True)
for name in sorted(GOLDEN):
    (out / f"{name}.txt").write_text(transcript(name), encoding="utf-8")
    print("wrote", name)
