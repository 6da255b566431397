"""Dice Trip Germany: the map data against the rules of RULES.md section 3 and the design
choices of docs/maps.md (2-5 roads a city, planar roads, zones by position)."""

from __future__ import annotations

from collections import Counter, deque
from itertools import combinations

from sheetgen.maps import find_geometry, find_map
from sheetgen.model import Point

ZONES = ("north-west", "north-east", "south")
COLOURS = ("red", "blue", "green", "yellow")


def _cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    def orient(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    return (orient(a, b, c) * orient(a, b, d) < 0) and (orient(c, d, a) * orient(c, d, b) < 0)


def test_germany_has_25_cities_in_three_zones_of_8_or_9() -> None:
    germany = find_map("germany")
    assert germany.game == "dicetrip"
    assert len(germany.spaces) == 25
    sizes = Counter(s.zone for s in germany.spaces)
    assert set(sizes) == set(ZONES)
    assert all(n in (8, 9) for n in sizes.values()), sizes


def test_eight_coloured_cities_two_per_colour_in_different_zones() -> None:
    germany = find_map("germany")
    coloured = [s for s in germany.spaces if s.colour is not None]
    assert len(coloured) == 8
    for colour in COLOURS:
        pair = [s for s in coloured if s.colour == colour]
        assert len(pair) == 2, colour
        assert pair[0].zone != pair[1].zone, colour
    assert set(Counter(s.zone for s in coloured)) == set(ZONES)


def test_every_city_has_two_to_five_roads_and_the_network_is_connected() -> None:
    germany = find_map("germany")
    degrees = {s: len(n) for s, n in germany.neighbours.items()}
    assert all(2 <= d <= 5 for d in degrees.values()), degrees
    seen = {"Hamburg"}
    queue = deque(seen)
    while queue:
        for there in germany.neighbours[queue.popleft()]:
            if there not in seen:
                seen.add(there)
                queue.append(there)
    assert seen == set(germany.space_ids)


def test_roads_do_not_cross_and_are_drawn_between_the_circles() -> None:
    germany = find_map("germany")
    geometry = find_geometry("germany")
    at = {s.space: s.anchor for s in geometry.shapes}
    for (a, b), (c, d) in combinations(germany.edges, 2):
        if {a, b} & {c, d}:
            continue
        assert not _cross(at[a], at[b], at[c], at[d]), f"{a}-{b} crosses {c}-{d}"
    drawn = {ln.ref for ln in geometry.lines if ln.kind == "road"}
    assert drawn == {f"{a}-{b}" for a, b in germany.edges}


def test_no_road_passes_through_a_third_city_circle() -> None:
    germany = find_map("germany")
    geometry = find_geometry("germany")
    at = {s.space: s.anchor for s in geometry.shapes}
    r = geometry.circle_diameter / 2
    for a, b in germany.edges:
        (ax, ay), (bx, by) = at[a], at[b]
        for city, (px, py) in at.items():
            if city in (a, b):
                continue
            dx, dy = bx - ax, by - ay
            t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
            gap = ((ax + t * dx - px) ** 2 + (ay + t * dy - py) ** 2) ** 0.5
            assert gap > r + 0.5, f"road {a}-{b} runs through {city}"


def test_circles_are_at_least_9_mm_and_apart_and_inside_the_map() -> None:
    geometry = find_geometry("germany")
    assert geometry.circle_diameter >= 9
    at = [s.anchor for s in geometry.shapes]
    for (ax, ay), (bx, by) in combinations(at, 2):
        assert ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5 >= geometry.circle_diameter + 1
    r = geometry.circle_diameter / 2
    assert all(r <= x <= geometry.width - r and r <= y <= geometry.height - r for x, y in at)


def test_zone_areas_hold_their_own_cities() -> None:
    germany = find_map("germany")
    geometry = find_geometry("germany")

    def inside(p: Point, ring: tuple[Point, ...]) -> bool:
        x, y = p
        result = False
        for i in range(len(ring)):
            (x1, y1), (x2, y2) = ring[i - 1], ring[i]
            if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
                result = not result
        return result

    areas = [ln for ln in geometry.lines if ln.kind == "zone"]
    assert {ln.ref for ln in areas} == set(ZONES)
    for shape in geometry.shapes:
        zone = germany.space(shape.space).zone
        holders = {ln.ref for ln in areas if inside(shape.anchor, ln.points)}
        if holders:
            assert holders == {zone}, shape.space
        else:  # Konstanz sits on the lake shore, just outside the outline
            gap = min(_seg_gap(shape.anchor, ln.points[i - 1], ln.points[i])
                      for ln in areas if ln.ref == zone for i in range(len(ln.points)))
            assert gap < geometry.circle_diameter / 2, shape.space


def _seg_gap(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy or 1e-12
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return float(((a[0] + t * dx - p[0]) ** 2 + (a[1] + t * dy - p[1]) ** 2) ** 0.5)
