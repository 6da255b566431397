"""The Paris map against its design rules (docs/maps.md, the map's notes): checked on the
committed map data and geometry with plainly written oracles."""

from __future__ import annotations

from collections import Counter, deque
from math import dist

import pytest

from sheetgen.maps import find_geometry, find_map
from sheetgen.model import Card, Map, MapGeometry, Region

NUMERALS = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
            "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX"]
LEFT_BANK = {"V", "VI", "VII", "XIII", "XIV", "XV"}

Point = tuple[float, float]


@pytest.fixture(scope="module")
def paris() -> Map:
    return find_map("paris")


@pytest.fixture(scope="module")
def geometry() -> MapGeometry:
    return find_geometry("paris")


def lines(geometry: MapGeometry, kind: str) -> list[tuple[str, tuple[Point, ...]]]:
    return [(ln.ref, ln.points) for ln in geometry.lines if ln.kind == kind]


def orient(p: Point, q: Point, r: Point) -> float:
    return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])


def cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Proper crossing of segments ab and cd (touching at an end does not count)."""
    return (orient(c, d, a) * orient(c, d, b) < 0) and (orient(a, b, c) * orient(a, b, d) < 0)


def seg_dist(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return dist(p, (a[0] + t * dx, a[1] + t * dy))


def inside(p: Point, ring: tuple[Point, ...]) -> bool:
    result = False
    for i in range(len(ring)):
        (x1, y1), (x2, y2) = ring[i - 1], ring[i]
        if (y1 > p[1]) != (y2 > p[1]) and p[0] < (x2 - x1) * (p[1] - y1) / (y2 - y1) + x1:
            result = not result
    return result


def test_forty_clubs_two_in_each_of_twenty_arrondissements(paris: Map) -> None:
    assert len(paris.spaces) == 40
    assert Counter(s.group for s in paris.spaces) == {n: 2 for n in NUMERALS}
    assert paris.groups == tuple(NUMERALS)


def test_regions_bank_and_position(paris: Map, geometry: MapGeometry) -> None:
    by_group: dict[str, set[tuple[Region, ...]]] = {}
    for s in paris.spaces:
        by_group.setdefault(s.group or "", set()).add(s.regions)
    for group, regions in by_group.items():
        assert len(regions) == 1, f"{group}'s clubs disagree on regions"
        (lat, lon), = regions
        assert lat is (Region.SOUTH if group in LEFT_BANK else Region.NORTH), group
    # The rulebook's example: arrondissement I is north and central.
    assert paris.space("1a").regions == (Region.NORTH, Region.CENTRAL)
    # Every area holds an arrondissement; west lies west of east on each bank.
    assert len({s.area for s in paris.spaces}) == 6
    for lat in (Region.NORTH, Region.SOUTH):
        xs = {lon: [geometry.shape(s.id).anchor[0] for s in paris.spaces
                    if s.regions == (lat, lon)] for lon in (Region.WEST, Region.EAST)}
        assert sum(xs[Region.WEST]) / len(xs[Region.WEST]) < \
            sum(xs[Region.EAST]) / len(xs[Region.EAST])


def test_forty_distinct_cards_one_per_arrondissement_and_region(paris: Map) -> None:
    assert len(paris.cards) == 40 == len(set(paris.cards))
    expected = {Card(s.group or "", r) for s in paris.spaces for r in s.regions}
    assert set(paris.cards) == expected
    assert paris.card_spaces(Card("XIV", Region.SOUTH)) == ("14a", "14b")


def test_links_are_drawn_exactly_and_never_cross(paris: Map, geometry: MapGeometry) -> None:
    drawn = {tuple(sorted(ref.split("-"))): pts for ref, pts in lines(geometry, "link")}
    assert set(drawn) == set(paris.edges)
    for (a, b), pts in drawn.items():
        assert dist(pts[0], geometry.shape(a).anchor) < 0.01
        assert dist(pts[1], geometry.shape(b).anchor) < 0.01
    segs = list(drawn.items())
    for i, ((a, b), p) in enumerate(segs):
        for (c, d), q in segs[i + 1:]:
            if len({a, b, c, d}) == 4:
                assert not cross(p[0], p[1], q[0], q[1]), f"{a}-{b} crosses {c}-{d}"
        # and no link runs over a third club's circle
        for s in geometry.shapes:
            if s.space not in (a, b):
                assert seg_dist(s.anchor, p[0], p[1]) > geometry.circle_diameter / 2


def test_no_link_crosses_the_seine(paris: Map, geometry: MapGeometry) -> None:
    for a, b in paris.edges:
        assert paris.space(a).regions[0] is paris.space(b).regions[0], f"{a}-{b}"
    river = [pts for _, pts in lines(geometry, "river") + lines(geometry, "river-arm")]
    assert river
    for _, (p, q) in lines(geometry, "link"):
        for pts in river:
            assert not any(cross(p, q, u, v) for u, v in zip(pts, pts[1:], strict=False))


def shared_border(a: tuple[Point, ...], b: tuple[Point, ...]) -> float:
    """Length of the border two outlines share (segments with both ends in common)."""
    segs_a = {frozenset((a[i - 1], a[i])) for i in range(len(a))}
    return sum(dist(b[i - 1], b[i]) for i in range(len(b))
               if frozenset((b[i - 1], b[i])) in segs_a)


def test_both_clubs_of_an_arrondissement_and_bordering_pairs_are_linked(
        paris: Map, geometry: MapGeometry) -> None:
    edges = set(paris.edges)
    outline = {}
    for s in paris.spaces:
        assert tuple(sorted((s.id[:-1] + "a", s.id[:-1] + "b"))) in edges
        outline[s.group] = geometry.shape(s.id).rings[0]
    bordering = 0
    for i, g in enumerate(NUMERALS):
        for h in NUMERALS[i + 1:]:
            if (g in LEFT_BANK) != (h in LEFT_BANK) or shared_border(outline[g],
                                                                     outline[h]) < 1.0:
                continue
            bordering += 1
            clubs_g = [s.id for s in paris.spaces if s.group == g]
            clubs_h = [s.id for s in paris.spaces if s.group == h]
            assert any(tuple(sorted((x, y))) in edges for x in clubs_g for y in clubs_h), \
                f"{g} and {h} border each other but no link joins them"
    assert bordering >= 35


def test_each_bank_is_connected(paris: Map) -> None:
    for lat in (Region.NORTH, Region.SOUTH):
        ids = [s.id for s in paris.spaces if s.regions[0] is lat]
        seen = {ids[0]}
        queue = deque([ids[0]])
        while queue:
            for n in paris.neighbours[queue.popleft()]:
                if n not in seen:
                    seen.add(n)
                    queue.append(n)
        assert seen == set(ids)


def along(p: Point, river: tuple[Point, ...]) -> float:
    """How far down the river line the point of it nearest ``p`` lies."""
    best, where, run = float("inf"), 0.0, 0.0
    for u, v in zip(river, river[1:], strict=False):
        dx, dy = v[0] - u[0], v[1] - u[1]
        t = max(0.0, min(1.0, ((p[0] - u[0]) * dx + (p[1] - u[1]) * dy) / (dx * dx + dy * dy)))
        d = dist(p, (u[0] + t * dx, u[1] + t * dy))
        if d < best:
            best, where = d, run + t * dist(u, v)
        run += dist(u, v)
    return where


def test_nine_docks_in_river_order_at_riverside_clubs(paris: Map,
                                                      geometry: MapGeometry) -> None:
    assert [d.letter for d in paris.docks] == list("ABCDEFGHI")
    assert len({d.space for d in paris.docks}) == 9
    (_, river), = lines(geometry, "river")
    assert river[0][0] > river[-1][0], "the river line runs east (upstream) to west"
    marks = dict(lines(geometry, "dock"))
    positions = []
    for dock in paris.docks:
        on_river, club = marks[dock.letter]
        assert dist(club, geometry.shape(dock.space).anchor) < 0.01
        assert min(seg_dist(on_river, u, v) for u, v in zip(river, river[1:],
                                                              strict=False)) < 0.05
        # riverside: the club's circle is within a badge's width of the water
        assert dist(on_river, club) < geometry.circle_diameter + 3
        positions.append(along(on_river, river))
    assert positions == sorted(positions)
    assert min(b - a for a, b in zip(positions, positions[1:], strict=False)) >= 5.9


def test_circles_fit_inside_their_arrondissement_and_apart(geometry: MapGeometry) -> None:
    r = geometry.circle_diameter / 2
    assert geometry.circle_diameter >= 9
    assert geometry.width <= 255 and geometry.height <= 150
    for s in geometry.shapes:
        ring = s.rings[0]
        assert inside(s.anchor, ring), s.space
        clear = min(seg_dist(s.anchor, ring[i - 1], ring[i]) for i in range(len(ring)))
        assert clear >= r, s.space
    for i, s in enumerate(geometry.shapes):
        for t in geometry.shapes[i + 1:]:
            assert dist(s.anchor, t.anchor) >= 2 * r + 1.0, (s.space, t.space)
