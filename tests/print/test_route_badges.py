"""Scored boards read back from their drawn layers: every step badge touches its own
circle's ring and keeps 1 mm from every other badge, circle and label; a step without a
badge is still numbered in the route's list."""

from __future__ import annotations

import itertools
import math
import xml.etree.ElementTree as ET

import pytest

from sheetgen.draw.text import PT
from sheetgen.games.ontour.score import standings
from sheetgen.games.ontour.scored import scored_pages
from sheetgen.maps import find_geometry, find_map
from sheetgen.templates import paper
from tests.games.ontour.test_scored import random_boards

SVG = "{http://www.w3.org/2000/svg}"


def _root(svgs: tuple[str, ...]) -> list[ET.Element]:
    return [ET.fromstring(svg) for svg in svgs]


def measure(layers: tuple[str, ...]) -> dict[str, float]:
    """The least gaps on one scored page: badge-badge, badge to another circle (with its
    ring) or label plate, and the worst miss of a badge's touch on its own ring."""
    roots = _root(layers)
    circles = {el.get("id").removeprefix("circle-"): tuple(float(el.get(k)) for k in
                                                           ("cx", "cy", "r"))
               for root in roots for el in root.iter(SVG + "circle")
               if el.get("class") == "circle"}
    rings = {el.get("id").removeprefix("route-ring-"): (float(el.get("cx")),
                                                        float(el.get("cy")),
                                                        float(el.get("r")))
             for root in roots for el in root.iter(SVG + "circle")
             if (el.get("id") or "").startswith("route-ring-")}
    ring_w = max(float(g.get("stroke-width")) for root in roots for g in root.iter(SVG + "g")
                 if g.get("class") == "route-rings")
    plates = [(float(el.get("x")), float(el.get("y")), float(el.get("width")),
               float(el.get("height"))) for root in roots for el in root.iter(SVG + "rect")
              if el.get("class") == "label-plate"]
    badges = {}
    for root in roots:
        for g in root.iter(SVG + "g"):
            if g.get("class") == "route-badge":
                disc = next(g.iter(SVG + "circle"))
                badges[int(g.get("id").removeprefix("step-"))] = (
                    float(disc.get("cx")), float(disc.get("cy")), float(disc.get("r")))
    route = list(rings)
    out = {"badge-badge": 99.0, "badge-circle": 99.0, "badge-label": 99.0, "touch": 0.0,
           "badged": len(badges), "steps": len(route)}
    for (_, a), (_, b) in itertools.combinations(badges.items(), 2):
        out["badge-badge"] = min(out["badge-badge"], math.dist(a[:2], b[:2]) - a[2] - b[2])
    for step, (bx, by, br) in badges.items():
        own = route[step - 1]
        for sid, (cx, cy, r) in circles.items():
            if sid == own:
                outer = rings[sid][2] + ring_w / 2
                out["touch"] = max(out["touch"], abs(math.dist((bx, by), (cx, cy)) - outer - br))
                continue
            reach = r + (ring_w if sid in rings else 0.0)
            out["badge-circle"] = min(out["badge-circle"],
                                      math.dist((bx, by), (cx, cy)) - reach - br)
        for x, y, w, h in plates:
            gap = math.hypot(max(x - bx, 0.0, bx - x - w), max(y - by, 0.0, by - y - h)) - br
            out["badge-label"] = min(out["badge-label"], gap)
    return out


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_badges_touch_their_circle_clear_of_everything_else(map_id: str) -> None:
    game_map = find_map(map_id)
    boards = random_boards(map_id, 4, seed=11)
    table = standings(game_map, boards)
    pages = scored_pages(game_map, find_geometry(map_id), paper("a4"), boards, table)
    for page in pages[:len(boards)]:
        found = measure(page.svgs)
        assert found["badge-badge"] >= 1.0 - 0.05, found
        assert found["badge-circle"] >= 1.0 - 0.05, found
        assert found["badge-label"] >= 1.0 - 0.05, found
        assert found["touch"] <= 0.1, found
        # every step is numbered: by its badge, or in the route list under the map
        listed = "".join("".join(t.itertext()) for root in _root(page.svgs)
                         for t in root.iter(SVG + "text") if t.get("class") == "route-text")
        for step in range(1, found["steps"] + 1):
            assert f"{step}. " in listed
        for root in _root(page.svgs):
            for g in root.iter(SVG + "g"):
                if g.get("class") == "route-badge":
                    label = next(g.iter(SVG + "text"))
                    assert float(label.get("font-size")) / PT >= 6.0 - 0.01
