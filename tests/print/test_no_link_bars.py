"""No-link bars read back from the USA sheet's SVG: each on the border of exactly its two
spaces, clear of every other outline, and nothing else drawn like a bar."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pytest

from sheetgen.games.ontour.sheet import sheet_svg
from sheetgen.maps import find_geometry, find_map
from sheetgen.templates import paper

SVG = "{http://www.w3.org/2000/svg}"
Point = tuple[float, float]


def _segment_distance(p: Point, q: Point, a: Point, b: Point) -> float:
    def orient(u: Point, v: Point, w: Point) -> float:
        return (v[0] - u[0]) * (w[1] - u[1]) - (v[1] - u[1]) * (w[0] - u[0])

    if (orient(a, b, p) > 0) != (orient(a, b, q) > 0) and \
            (orient(p, q, a) > 0) != (orient(p, q, b) > 0):
        return 0.0

    def point(u: Point, v: Point, w: Point) -> float:
        vx, vy = w[0] - v[0], w[1] - v[1]
        t = max(0.0, min(1.0, ((u[0] - v[0]) * vx + (u[1] - v[1]) * vy)
                         / ((vx * vx + vy * vy) or 1.0)))
        return math.hypot(v[0] + t * vx - u[0], v[1] + t * vy - u[1])

    return min(point(p, a, b), point(q, a, b), point(a, p, q), point(b, p, q))


def _outlines(root: ET.Element) -> dict[str, set[tuple[Point, Point]]]:
    """Each space's drawn outline as a set of segments (endpoints sorted)."""
    out: dict[str, set[tuple[Point, Point]]] = {}
    for el in root.iter(SVG + "path"):
        ident = el.get("id") or ""
        if not ident.startswith("space-"):
            continue
        segs: set[tuple[Point, Point]] = set()
        for ring in re.findall(r"M([^Z]*)Z", el.get("d")):
            pts = [tuple(map(float, p.split(","))) for p in ring.split()]
            for a, b in zip(pts, pts[1:] + pts[:1], strict=True):
                segs.add((a, b) if a < b else (b, a))
        out[ident.removeprefix("space-")] = segs
    return out


@pytest.fixture(scope="module", params=["a4", "letter"])
def usa_sheet(request: pytest.FixtureRequest) -> ET.Element:
    return ET.fromstring(sheet_svg(find_map("usa"), find_geometry("usa"),
                                   paper(request.param)))


def test_each_bar_crosses_its_border_clear_of_every_other(usa_sheet: ET.Element) -> None:
    outlines = _outlines(usa_sheet)
    everything = set().union(*outlines.values())
    bars = {el.get("id").removeprefix("no-link-"): el for el in usa_sheet.iter(SVG + "line")
            if (el.get("id") or "").startswith("no-link-")}
    assert set(bars) == {"GA-NC", "MIDC-WV"}
    for pair, el in bars.items():
        a, b = pair.split("-")
        shared = outlines[a] & outlines[b]
        p = (float(el.get("x1")), float(el.get("y1")))
        q = (float(el.get("x2")), float(el.get("y2")))
        assert min(_segment_distance(p, q, *s) for s in shared) == 0.0, pair  # crosses it
        others = min(_segment_distance(p, q, *s) for s in everything - shared)
        assert others >= 1.0, (pair, others)
        assert math.dist(p, q) >= 3.0


def test_nothing_else_is_drawn_like_a_bar(usa_sheet: ET.Element) -> None:
    """The bold north/south line has no piece shorter than 6 mm (a stub alone on a coast
    reads as a bar), and the hollow stroke is the bars' alone."""
    divide = next(el for el in usa_sheet.iter(SVG + "path")
                  if el.get("class") == "latitude-divide")
    segs = [((float(a), float(b)), (float(c), float(d))) for a, b, c, d in
            re.findall(r"M([\d.]+),([\d.]+)L([\d.]+),([\d.]+)", divide.get("d"))]
    pieces: list[list[tuple[Point, Point]]] = []
    for seg in segs:  # touching segments make one piece
        joined = [p for p in pieces if any(set(seg) & set(s) for s in p)]
        merged = [seg] + [s for p in joined for s in p]
        pieces = [p for p in pieces if p not in joined] + [merged]
    lengths = sorted(sum(math.dist(*s) for s in p) for p in pieces)
    assert lengths and lengths[0] >= 6.0, lengths
    cores = [el for el in usa_sheet.iter() if "no-link-core" in (el.get("class") or "")]
    assert len(cores) == 2
