"""Tests for sixnimmt_core.drawing.render: well-formed markup, accessible names, drawn heads, colours."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from sixnimmt_core.drawing import render
from sixnimmt_core.engine.cards import heads

SVG = "{http://www.w3.org/2000/svg}"


def parse(fragment: str) -> ET.Element:
    """Parse an HTML fragment as XHTML (fails on unescaped text or unclosed tags)."""
    return ET.fromstring(f"<div>{fragment}</div>")


def head_uses(svg: ET.Element) -> list[ET.Element]:
    return [u for u in svg.iter(f"{SVG}use") if u.get("href") == "#snt-head"]


def card_fill(svg: ET.Element) -> str:
    """The fill of the card face: the first rect with the full card size."""
    return next(r.get("fill") for r in svg.iter(f"{SVG}rect") if r.get("width") == "60")


def luminance(colour: str) -> float:
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("card", range(1, 105))
def test_every_card_is_wellformed_named_and_draws_its_heads(card):
    markup = render.card_svg(card)
    svg = ET.fromstring(markup)
    assert svg.tag == f"{SVG}svg"
    assert svg.get("role") == "img"
    expected = f"card {card}, {heads(card)} head" + ("s" if heads(card) > 1 else "")
    assert svg.get("aria-label") == expected
    assert svg.find(f"{SVG}title").text == expected
    assert len(head_uses(svg)) == heads(card)
    texts = [t.text for t in svg.iter(f"{SVG}text")]
    assert texts == [str(card)]
    assert card_fill(svg) == render.PALETTE[heads(card)][0]
    # the head symbol is defined once per SVG and reused
    assert len(list(svg.iter(f"{SVG}symbol"))) == 1
    assert len(markup) < 2500


def test_known_head_counts():
    assert render.card_text(55) == "card 55, 7 heads"
    assert render.card_text(44) == "card 44, 5 heads"
    assert render.card_text(70) == "card 70, 3 heads"
    assert render.card_text(75) == "card 75, 2 heads"
    assert render.card_text(1) == "card 1, 1 head"


def test_colours_differ_by_head_class_and_keep_the_number_readable():
    fills = {h: card_fill(ET.fromstring(render.card_svg(c)))
             for h, c in {1: 1, 2: 5, 3: 10, 5: 11, 7: 55}.items()}
    assert len(set(fills.values())) == 5
    for bg, edge, ink, _face in render.PALETTE.values():
        assert contrast(bg, ink) >= 4.5, (bg, ink)
        assert bg != edge
    # the 1-head card is very light, the red and purple ones are not
    assert luminance(fills[1]) > 0.85
    assert luminance(fills[5]) < 0.4 and luminance(fills[7]) < 0.2


def test_heads_are_laid_out_inside_the_card_without_overlap():
    for card in (1, 5, 10, 11, 55):
        boxes = [tuple(float(u.get(k)) for k in ("x", "y", "width"))
                 for u in head_uses(ET.fromstring(render.card_svg(card)))]
        for x, y, w in boxes:
            assert x >= 0 and x + w <= 60 and y >= 0 and y + w <= 40
        for i, (x1, y1, w) in enumerate(boxes):
            for x2, y2, _ in boxes[i + 1:]:
                assert abs(x1 - x2) >= w * 0.99 or abs(y1 - y2) >= w * 0.9


@pytest.mark.parametrize(("kind", "word"), [("new", "NEW"), ("take", "TAKE"), ("choice", "CHOICE")])
def test_highlight_adds_an_outline_and_a_label(kind, word):
    plain = ET.fromstring(render.card_svg(40))
    marked = ET.fromstring(render.card_svg(40, highlight=kind))
    assert [t.text for t in marked.iter(f"{SVG}text")] == ["40", word]
    outlines = [r for r in marked.iter(f"{SVG}rect") if r.get("fill") == "none"]
    assert len(outlines) == 1 and float(outlines[0].get("stroke-width")) >= 3
    assert not [r for r in plain.iter(f"{SVG}rect") if r.get("fill") == "none"]
    assert marked.get("aria-label") == f"card 40, 3 heads, {kind}"
    assert len(head_uses(marked)) == 3


def test_highlight_kinds_differ_in_dash_pattern_not_only_colour():
    dashes = {render.HIGHLIGHTS[k][1] for k in render.HIGHLIGHTS}
    assert len(dashes) == len(render.HIGHLIGHTS)


def test_unknown_highlight_is_escaped_label():
    svg = ET.fromstring(render.card_svg(9, highlight="<x&y>"))
    assert [t.text for t in svg.iter(f"{SVG}text")][1] == "<X&Y>"


def test_twin_stack_and_face_down():
    stack = ET.fromstring(render.card_svg(55, stack=2))
    assert stack.get("aria-label") == "card 55×2, 14 heads"
    assert "×2" in [t.text for t in stack.iter(f"{SVG}text")]
    assert len(head_uses(stack)) == 7  # one card drawn, a badge and a shadow say "two"
    back = ET.fromstring(render.card_svg(55, face_down=True))
    assert back.get("aria-label") == "face-down card"
    assert not list(back.iter(f"{SVG}text"))  # the number is hidden


def test_sizes_and_bad_input():
    widths = [int(ET.fromstring(render.card_svg(3, size=s)).get("width")) for s in ("sm", "md", "lg")]
    assert widths == sorted(widths) and len(set(widths)) == 3
    for bad in (0, 105, True, "7", 3.0):
        with pytest.raises(ValueError):
            render.card_svg(bad)
    with pytest.raises(ValueError):
        render.card_svg(3, size="xl")
    with pytest.raises(ValueError):
        render.card_svg(3, stack=0)


def test_row_text():
    assert render.row_text([24, 31, 40], index=2) == "row 2: 24, 31, 40 — 5 heads"
    assert render.row_text([7], index=1) == "row 1: 7 — 1 head"
    assert render.row_text([], index=3) == "row 3: empty — 0 heads"
    assert render.row_text([(55, 2), 60], index=4) == "row 4: 55×2, 60 — 17 heads"
    assert render.row_text([1], index=1, taken=True, label="Ada") == "row 1: 1 — 1 head (taken); Ada"


def slots(row: ET.Element) -> list[ET.Element]:
    return [e for e in row.iter("div") if "snt-slot" in e.get("class", "").split()]


def test_row_html_names_itself_and_shows_free_places():
    row = parse(render.row_html([24, 31, 40], index=2))[0]
    assert row.get("aria-label") == "row 2: 24, 31, 40 — 5 heads"
    assert row.get("role") == "group"
    kinds = [e.get("class") for e in slots(row)]
    assert kinds == ["snt-slot"] * 3 + ["snt-slot snt-empty"] * 2 + ["snt-slot snt-danger"]
    assert "2 left" in ET.tostring(row, encoding="unicode")
    full = parse(render.row_html([1, 2, 3, 4, 6], index=1, highlight_last=True))[0]
    assert [e.get("class") for e in slots(full)][-1] == "snt-slot snt-danger"
    assert len(slots(full)) == 6 and "full!" in ET.tostring(full, encoding="unicode")
    labels = [s.get("aria-label") for s in full.iter(f"{SVG}svg")]
    assert labels[-1] == "card 6, 1 head, new" and labels[0] == "card 1, 1 head"


def test_a_sixth_card_sits_in_the_danger_place_marked_take():
    row = parse(render.row_html([1, 2, 3, 4, 5, (6, 2)], index=3, highlight_last=True))[0]
    places = slots(row)
    assert len(places) == 6 and places[-1].get("class") == "snt-slot snt-danger"
    assert places[-1].find(f"{SVG}svg").get("aria-label") == "card 6×2, 2 heads, take"
    assert row.get("aria-label") == "row 3: 1, 2, 3, 4, 5, 6×2 — 8 heads"


def test_two_sided_row_has_a_danger_place_at_each_end():
    row = parse(render.row_html([17, 20, 30], index=1, two_sided=True))[0]
    kinds = [e.get("class").replace("snt-slot", "").strip() for e in slots(row)]
    assert kinds == ["snt-danger", "snt-empty", "", "", "", "snt-empty", "snt-danger"]


def test_row_label_is_escaped():
    html = render.row_html([5], index=1, label='<b>"Bo" & co</b>', taken=True)
    row = parse(html)[0]
    assert row.get("aria-label") == 'row 1: 5 — 2 heads (taken); <b>"Bo" & co</b>'
    assert "<b>" not in html
    assert "snt-taken" in row.get("class")


def test_table_text_and_html():
    rows = [[8, 12], [24, 31, 40], [69], [81, 85, 90, 95, 99]]
    assert render.table_text(rows).splitlines() == [
        "row 1: 8, 12 — 2 heads",
        "row 2: 24, 31, 40 — 5 heads",
        "row 3: 69 — 1 head",
        "row 4: 81, 85, 90, 95, 99 — 13 heads",
    ]
    assert render.table_text(rows, caption="Turn 1").splitlines()[0] == "Turn 1"
    table = parse(render.table_html(rows, caption="A & B", highlight={"row": 2, "card": 69, "taken": 4}))[0]
    assert table.get("aria-label") == "A & B"
    assert table.find("figcaption").text == "A & B"
    names = [r.get("aria-label") for r in table.iter("div") if "snt-row" in r.get("class").split()]
    assert names == render.table_text(rows).splitlines()[:3] + [
        "row 4: 81, 85, 90, 95, 99 — 13 heads (taken)"]
    classes = [r.get("class") for r in table.iter("div") if "snt-row" in r.get("class").split()]
    assert "snt-row-hl" in classes[1] and "snt-taken" in classes[3]
    assert "snt-row-hl" not in classes[0]
    new = [s.get("aria-label") for s in table.iter(f"{SVG}svg") if "new" in s.get("aria-label")]
    assert new == ["card 69, 1 head, new"]
    with pytest.raises(ValueError):
        render.table_html(rows, highlight={"colour": 1})


def test_hand_is_sorted_with_badges():
    html = render.hand_html([55, 3, 17], badges={3: "+3 expected", 55: "<risky>"})
    hand = parse(html)[0]
    assert hand.get("aria-label") == "hand: 3, 17, 55 — 9 heads"
    cards = [s.get("aria-label") for s in hand.iter(f"{SVG}svg")]
    assert cards == ["card 3, 1 head", "card 17, 1 head", "card 55, 7 heads"]
    badges = [s.text for s in hand.iter("span") if s.get("class") == "snt-badge"]
    assert badges == ["+3 expected", "<risky>"]
    picks = parse(render.hand_html([9, 2], selectable=True, badges={9: "safe"}))[0]
    buttons = picks.findall("button")
    assert [b.get("data-card") for b in buttons] == ["2", "9"]
    assert buttons[1].get("aria-label") == "play card 9, 1 head; safe"
    assert render.hand_text([]) == "hand: empty — 0 heads"
    parse(render.hand_html([]))


def test_pile():
    assert render.pile_text([55, 10, 3], owner="Ada") == "Ada: penalty pile, 3 cards, 11 heads"
    assert render.pile_text([]) == "penalty pile, 0 cards, 0 heads"
    pile = parse(render.pile_html([55, 10, 3], owner="A<&>"))[0]
    assert pile.get("aria-label") == "A<&>: penalty pile, 3 cards, 11 heads"
    text = "".join(pile.itertext())
    assert "A<&>" in text and "3 cards" in text and "11 heads" in text
    assert "1 card" in "".join(parse(render.pile_html([7]))[0].itertext())


def test_style_and_page():
    selectors = re.findall(r"\.(snt[-\w]*)", render.STYLE)
    assert selectors and all(s == "snt" or s.startswith("snt-") for s in selectors)
    used = set(re.findall(r'class="([^"]+)"', render.table_html([[1, 2], [3]])
                          + render.hand_html([4], selectable=True, badges={4: "x"})
                          + render.pile_html([5])))
    for cls in {c for group in used for c in group.split()} - {"snt-md"}:
        assert cls in selectors, cls
    doc = render.page(render.table_html([[1]]), title="a<b")
    assert doc.startswith("<!DOCTYPE html>") and render.STYLE in doc
    assert "<title>a&lt;b</title>" in doc
    assert "@media" in render.STYLE and "overflow-x:auto" in render.STYLE


def test_module_has_no_dependencies():
    source = Path(render.__file__).read_text(encoding="utf-8")
    imports = re.findall(r"^(?:from|import) (\S+)", source, flags=re.M)
    # the engine's cards and table (the full row), the words (its catalogues, read with gettext) and
    # the standard library's importlib (its stylesheet, drawing/static/drawing.css, is package data)
    assert set(imports) <= {"__future__", "collections.abc", "html", "importlib", "sixnimmt_core", "sixnimmt_core.engine.cards",
                            "sixnimmt_core.engine.table", "sixnimmt_core.words"}
    assert len(source.splitlines()) < 400


def test_drawing_takes_the_full_row_from_the_rules():
    """A row holds five places and the sixth card takes it: one home, the engine's table."""
    from sixnimmt_core.engine import table

    assert render.FULL_ROW is table.FULL_ROW and table.FULL_ROW == 5  # RULES.md: the sixth card takes the row
