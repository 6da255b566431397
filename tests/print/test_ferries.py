"""Links over water read back from the sheet's SVG: each a line of at least 6 mm between
its two circles' rims, not hidden under a third circle, with a ferry mark on it."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest

from sheetgen.games.ontour.sheet import sheet_svg
from sheetgen.maps import find_geometry, find_map
from sheetgen.templates import paper

SVG = "{http://www.w3.org/2000/svg}"


def _sample(points: list[tuple[float, float]], step: float = 0.05):
    for (ax, ay), (bx, by) in zip(points, points[1:], strict=False):
        n = max(1, int(math.dist((ax, ay), (bx, by)) / step))
        for k in range(n):
            yield (ax + (bx - ax) * k / n, ay + (by - ay) * k / n), \
                math.dist((ax, ay), (bx, by)) / n


def visible_length(points: list[tuple[float, float]],
                   circles: list[tuple[float, float, float]]) -> float:
    """The length of a polyline not under any write-in circle."""
    return sum(step for p, step in _sample(points)
               if all(math.dist(p, (cx, cy)) >= r for cx, cy, r in circles))


@pytest.mark.parametrize("paper_id", ["a4", "letter"])
@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_every_link_over_water_is_6_mm_of_line_with_a_ferry(map_id: str,
                                                            paper_id: str) -> None:
    game_map = find_map(map_id)
    root = ET.fromstring(sheet_svg(game_map, find_geometry(map_id), paper(paper_id)))
    circles = {el.get("id").removeprefix("circle-"): tuple(float(el.get(k)) for k in
                                                           ("cx", "cy", "r"))
               for el in root.iter(SVG + "circle") if el.get("class") == "circle"}
    links = {el.get("id").removeprefix("link-"): el for el in root.iter(SVG + "polyline")
             if (el.get("id") or "").startswith("link-")}
    assert set(links) == {f"{a}-{b}" for a, b in game_map.water_edges}
    ferries = [next(c for c in g.iter(SVG + "circle")) for g in root.iter(SVG + "g")
               if g.get("class") == "ferry"]
    assert len(ferries) == len(links)
    for pair, el in links.items():
        points = [tuple(map(float, p.split(","))) for p in el.get("points").split()]
        a, b = pair.split("-")
        # it runs from rim to rim
        ends = {a: points[0], b: points[-1]} if math.dist(points[0], circles[a][:2]) < \
            math.dist(points[0], circles[b][:2]) else {a: points[-1], b: points[0]}
        for space, (x, y) in ends.items():
            cx, cy, r = circles[space]
            assert abs(math.dist((x, y), (cx, cy)) - r) < 0.1, pair
        assert visible_length(points, list(circles.values())) >= 6.0, pair
        on_it = [f for f in ferries if min(math.dist((float(f.get("cx")),
                                                      float(f.get("cy"))), p)
                                           for p, _ in _sample(points)) < 0.1]
        assert len(on_it) == 1, pair
