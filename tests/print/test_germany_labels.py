"""The Dice Trip sheet read back from its SVG: no city name on a writing circle or a
coloured ring, and no road or zone line through a name."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pytest

from sheetgen.draw.pdf import page_svg
from sheetgen.draw.text import PT, text_width
from sheetgen.games import find_game
from sheetgen.maps import find_map
from sheetgen.templates import paper

SVG = "{http://www.w3.org/2000/svg}"


def _boxes(root: ET.Element) -> dict[str, tuple[float, float, float, float]]:
    """Each city name's box as drawn: its anchor, its font size and the font's advance."""
    out = {}
    for el in root.iter(SVG + "text"):
        if el.get("class") != "city-name":
            continue
        size = float(el.get("font-size")) / PT
        name = "".join(el.itertext())
        w = text_width(name, size, condensed=True)
        x, y = float(el.get("x")), float(el.get("y"))
        out[name] = (x - w / 2, y - 0.72 * size * PT, x + w / 2, y + 0.22 * size * PT)
    return out


def _gap(box: tuple[float, float, float, float], p: tuple[float, float]) -> float:
    return math.hypot(max(box[0] - p[0], 0.0, p[0] - box[2]),
                      max(box[1] - p[1], 0.0, p[1] - box[3]))


@pytest.mark.parametrize("paper_id", ["a4", "letter"])
def test_city_names_clear_of_circles_rings_and_roads(paper_id: str) -> None:
    germany = find_map("germany")
    root = ET.fromstring(page_svg(find_game("dicetrip").sheet_pages(
        germany, paper(paper_id), [""], seed=7)[0]))
    boxes = _boxes(root)
    assert len(boxes) == len(germany.spaces)
    discs = [(float(el.get("cx")), float(el.get("cy")), float(el.get("r")))
             for g in root.iter(SVG + "g") if (g.get("class") or "").startswith("city ")
             for el in g.iter(SVG + "circle")]
    worst_disc = min(_gap(box, (cx, cy)) - r for box in boxes.values() for cx, cy, r in discs)
    assert worst_disc >= 0.0, worst_disc
    lines = []
    for el in root.iter(SVG + "path"):
        cls = el.get("class") or ""
        if cls.startswith("road "):
            pts = [tuple(map(float, p.split(","))) for p in
                   re.findall(r"[\d.]+,[\d.]+", el.get("d"))]
            lines += list(zip(pts, pts[1:], strict=False))
    assert len(lines) >= 40
    worst_line = math.inf
    for box in boxes.values():
        for a, b in lines:
            n = max(1, int(math.dist(a, b) / 0.1))
            for k in range(n + 1):
                p = (a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n)
                worst_line = min(worst_line, _gap(box, p))
    assert worst_line > 0.0, worst_line
