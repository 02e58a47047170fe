"""Write build/preview/render.html: every piece of sixnimmt_core.drawing.render, for a visual check.

Usage: python3 tools/render_preview.py [OUTPUT]
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sixnimmt_core.drawing import render  # noqa: E402


def build() -> str:
    """The preview page as one HTML string."""
    classes = "".join(render.card_svg(c) for c in (7, 5, 10, 11, 55, 104))
    states = "".join([
        render.card_svg(29, highlight="new"),
        render.card_svg(66, highlight="take"),
        render.card_svg(3, highlight="choice"),
        render.card_svg(55, stack=2),
        render.card_svg(1, face_down=True),
        render.card_svg(45, size="sm"),
        render.card_svg(45, size="lg"),
    ])
    rows = [[8, 12, 14, 15], [24, 31, 40, 44, 45], [69], [81, 85]]
    table = render.table_html(
        rows, caption="Turn 3: 45 went after 44", highlight={"row": 4, "card": 45})
    taken = render.table_html(
        [[29], [33, 35], [(50, 2), 52], [90, 96, 99, 100]], highlight={"taken": 1},
        caption="Twins: row 1 taken by 29; 50 is a twin stack")
    two = render.row_html([17, 20, 30], index=1, two_sided=True, label="Professional: both ends")
    hand = render.hand_html([91, 3, 55, 17, 66, 42, 10, 28, 77, 5], selectable=True,
                            badges={3: "+5 expected", 55: "risky", 42: "safe"})
    piles = (render.pile_html([55, 11, 3, 4], owner="Ada")
             + " " + render.pile_html([], owner="Bo & Cy"))
    text = "\n\n".join([render.table_text(rows), render.hand_text([3, 17, 55])])
    return render.page(
        '<h1 style="margin:0 0 8px">6 nimmt! render preview</h1>'
        f'<h2>Head classes: 1, 2, 3, 5, 7</h2><div style="display:flex;gap:8px;flex-wrap:wrap">{classes}</div>'
        f'<h2>Highlights, twin stack, face down, sizes</h2>'
        f'<div style="display:flex;gap:8px;flex-wrap:wrap;align-items:end">{states}</div>'
        f"<h2 id='table'>Table</h2>{table}<h2 id='taken'>Taken row</h2>{taken}<h2 id='two'>Two-sided row</h2>{two}"
        f"<h2 id='hand'>Hand</h2>{hand}<h2>Penalty piles</h2>{piles}"
        '<h2>On a dark theme</h2><div style="background:#111;padding:12px">'
        f"{render.hand_html([12, 22, 33], badges={22: '+1'})} {render.pile_html([10, 20])}</div>"
        f"<h2>Text</h2><pre>{text}</pre>",
        title="sixnimmt render preview")


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else ROOT / "build" / "preview" / "render.html"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(build(), encoding="utf-8")
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
