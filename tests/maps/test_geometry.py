"""The committed print-scale geometry of the On Tour maps (``maps/<id>/geometry.json``),
read back through ``find_geometry`` and checked with plain plane geometry."""

from __future__ import annotations

import math

import pytest

from sheetgen.maps import find_geometry, find_map
from sheetgen.model import MapGeometry, Point, Ring

MAPS = ["usa", "europe"]
BOX = {"usa": (255.0, 150.0), "europe": (255.0, 146.0)}
"""The largest map each sheet layout has room for (width, height) in mm: both sheets keep
a band below the map (Europe's rules take a line more)."""


def ring_area(ring: Ring) -> float:
    return abs(sum(ring[i - 1][0] * ring[i][1] - ring[i][0] * ring[i - 1][1]
                   for i in range(len(ring)))) / 2


def inside(p: Point, rings: tuple[Ring, ...]) -> bool:
    """Even-odd point in polygon."""
    x, y = p
    result = False
    for ring in rings:
        for i in range(len(ring)):
            (x1, y1), (x2, y2) = ring[i - 1], ring[i]
            if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
                result = not result
    return result


def edge_distance(p: Point, rings: tuple[Ring, ...]) -> float:
    best = math.inf
    for ring in rings:
        for i in range(len(ring)):
            (ax, ay), (bx, by) = ring[i - 1], ring[i]
            dx, dy = bx - ax, by - ay
            length2 = dx * dx + dy * dy
            t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx
                                                            + (p[1] - ay) * dy) / length2))
            best = min(best, math.hypot(ax + t * dx - p[0], ay + t * dy - p[1]))
    return best


@pytest.fixture(params=MAPS)
def geometry(request: pytest.FixtureRequest) -> MapGeometry:
    return find_geometry(request.param)


def test_one_shape_per_space_in_map_order(geometry: MapGeometry) -> None:
    game_map = find_map(geometry.map_id)
    assert [s.space for s in geometry.shapes] == list(game_map.space_ids)


def test_fits_the_sheet_box_and_circles_are_big_enough(geometry: MapGeometry) -> None:
    box_w, box_h = BOX[geometry.map_id]
    assert 0 < geometry.width <= box_w and 0 < geometry.height <= box_h
    # the map fills its box in one direction
    assert max(geometry.width / box_w, geometry.height / box_h) >= 0.99
    assert geometry.circle_diameter >= 10
    for shape in geometry.shapes:
        for ring in shape.rings:
            for x, y in ring:
                assert -0.01 <= x <= geometry.width + 0.01, shape.space
                assert -0.01 <= y <= geometry.height + 0.01, shape.space


def test_every_space_has_an_outline_with_area(geometry: MapGeometry) -> None:
    for shape in geometry.shapes:
        assert shape.rings, shape.space
        assert all(len(ring) >= 3 for ring in shape.rings), shape.space
        assert sum(ring_area(ring) for ring in shape.rings) > 1.0, shape.space


def test_circles_do_not_overlap_and_stay_in_the_box(geometry: MapGeometry) -> None:
    r = geometry.circle_diameter / 2
    anchors = [(s.space, s.anchor) for s in geometry.shapes]
    for i, (a, p) in enumerate(anchors):
        assert r <= p[0] <= geometry.width - r and r <= p[1] <= geometry.height - r, a
        for b, q in anchors[i + 1:]:
            assert math.dist(p, q) >= geometry.circle_diameter, f"{a} and {b} overlap"


INSIDE_SHARE = {"usa": 0.98, "europe": 0.5}
"""Least share of an inside circle's area within its own outline: the USA circles fit
(Tennessee and West Virginia, the narrowest, overflow by under 2 %); a Europe circle has
its centre on its country and at least half of it there (the rest mostly sea), more than
on any neighbour; a country that cannot give it that gets a call-out."""


def circle_share(centre: Point, r: float, rings: tuple[Ring, ...]) -> float:
    """Share of the circle's area inside the rings, sampled on a 0.25 mm grid."""
    step = 0.25
    n = math.ceil(r / step)
    total = hits = 0
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            p = (centre[0] + i * step, centre[1] + j * step)
            if math.dist(p, centre) <= r:
                total += 1
                hits += inside(p, rings)
    return hits / total


@pytest.mark.slow
def test_inside_circles_lie_within_their_outline(geometry: MapGeometry) -> None:
    r = geometry.circle_diameter / 2
    for shape in geometry.shapes:
        if shape.leader_to is None:
            assert inside(shape.anchor, shape.rings), shape.space
            share = circle_share(shape.anchor, r, shape.rings)
            least = INSIDE_SHARE[geometry.map_id]
            assert share >= least, (shape.space, share)
            for other in geometry.shapes:  # the circle is on its own space most
                if other.space != shape.space and math.dist(other.anchor, shape.anchor) < 40:
                    assert circle_share(shape.anchor, r, other.rings) < share, (
                        shape.space, other.space)


CALL_OUTS = {"usa": {"MIDC"}, "europe": {"LU"}}
"""The only spaces whose circle stands beside them with a leader: too small (or, for
Mid-Coastal, too ragged) to hold one (Europe's lenses give the Netherlands, Belgium,
Estonia, Latvia and Moldova their own circles; Luxembourg, landlocked, calls out)."""


def test_call_outs_only_where_the_space_is_too_small(geometry: MapGeometry) -> None:
    assert {s.space for s in geometry.shapes if s.leader_to is not None} == (
        CALL_OUTS[geometry.map_id])


def beside_the_outline(rings: tuple[Ring, ...], shortest: float,
                       offset: float) -> list[tuple[Point, Point]]:
    """For each segment of the outline at least ``shortest`` long, the two points
    ``offset`` mm either side of its middle."""
    out = []
    for ring in rings:
        for i in range(len(ring)):
            (ax, ay), (bx, by) = ring[i - 1], ring[i]
            length = math.hypot(bx - ax, by - ay)
            if length >= shortest:
                mx, my = (ax + bx) / 2, (ay + by) / 2
                nx, ny = -(by - ay) / length * offset, (bx - ax) / length * offset
                out.append(((mx + nx, my + ny), (mx - nx, my - ny)))
    return out


def on_the_coast(geometry: MapGeometry, space: str) -> bool:
    """Whether ``space`` meets the sea: just outside some stretch of its outline (0.2 mm
    out from a segment's middle) lies no space and no context land."""
    land = [s.rings for s in geometry.shapes] + [(ring,) for ring in geometry.context]
    return any(not any(inside(p, other) for other in land)
               for pair in beside_the_outline(geometry.shape(space).rings, 0.5, 0.2)
               for p in pair)


def test_the_call_out_of_a_space_on_the_coast_stands_on_the_sea(geometry: MapGeometry) -> None:
    """A call-out's circle stands on no other space's land when its space has a coast:
    no outline, its own or another's, comes within the circle (the first Europe layout put
    Estonia's circle on Russia and Belgium's partly on the Netherlands). A landlocked
    space's call-out (Luxembourg, Moldova) cannot: it stands beside it, on a neighbour."""
    r = geometry.circle_diameter / 2
    land = [s.rings for s in geometry.shapes] + [(ring,) for ring in geometry.context]
    coastal = 0
    for shape in geometry.shapes:
        if shape.leader_to is None or not on_the_coast(geometry, shape.space):
            continue
        coastal += 1
        for rings in land:
            assert not inside(shape.anchor, rings), shape.space
            assert edge_distance(shape.anchor, rings) >= r, shape.space
    assert coastal >= (geometry.map_id == "usa")  # Mid-Coastal


@pytest.mark.parametrize(("map_id", "space"), [
    ("usa", "TN"), ("usa", "WV"), ("europe", "IT"), ("europe", "CH"), ("europe", "MK"),
    ("europe", "GR"), ("europe", "AL")])
def test_named_circles_sit_on_their_own_space(map_id: str, space: str) -> None:
    """The circles the first printing put on a neighbour (Tennessee's in Alabama) or at
    the end of a long leader sit on their own space."""
    geometry = find_geometry(map_id)
    shape = geometry.shape(space)
    assert shape.leader_to is None
    assert inside(shape.anchor, shape.rings)
    for other in geometry.shapes:
        if other.space != space:
            assert not inside(shape.anchor, other.rings), other.space


def test_europe_russia_is_cut_where_turkey_ends() -> None:
    """Russia takes no room the other countries do not need: the map's east edge is
    Turkey's."""
    europe = find_geometry("europe")
    east = max(x for ring in europe.shape("TR").rings for x, _ in ring)
    assert east >= europe.width - 2.0


def test_leaders_are_short(geometry: MapGeometry) -> None:
    """The drawn leader (circle rim to dot) is at most 5 mm: a call-out sits by its
    space."""
    r = geometry.circle_diameter / 2
    lengths = [math.dist(s.anchor, s.leader_to) - r for s in geometry.shapes
               if s.leader_to is not None]
    assert all(length <= 5.0 for length in lengths), lengths


def segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    def orient(p: Point, q: Point, s: Point) -> float:
        return (q[0] - p[0]) * (s[1] - p[1]) - (q[1] - p[1]) * (s[0] - p[0])

    return (orient(c, d, a) * orient(c, d, b) < 0) and (orient(a, b, c) * orient(a, b, d) < 0)


def segment_point_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx
                                                    + (p[1] - a[1]) * dy) / length2))
    return math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1])


def leaders(geometry: MapGeometry) -> list[tuple[str, Point, Point]]:
    """Each call-out's drawn leader: from the circle's rim to the dot."""
    r = geometry.circle_diameter / 2
    out = []
    for s in geometry.shapes:
        if s.leader_to is not None:
            (cx, cy), (lx, ly) = s.anchor, s.leader_to
            d = math.dist(s.anchor, s.leader_to)
            out.append((s.space, (cx + (lx - cx) * r / d, cy + (ly - cy) * r / d),
                        s.leader_to))
    return out


def test_leaders_do_not_cross_each_other_nor_other_circles(geometry: MapGeometry) -> None:
    r = geometry.circle_diameter / 2
    drawn = leaders(geometry)
    for i, (a, p, q) in enumerate(drawn):
        for b, s, t in drawn[i + 1:]:
            assert not segments_cross(p, q, s, t), f"leaders {a} and {b} cross"
        for other in geometry.shapes:
            if other.space != a:
                assert segment_point_distance(other.anchor, p, q) >= r, f"{a} over {other.space}"


def test_labels_are_nearest_their_own_circle(geometry: MapGeometry) -> None:
    """Every label's box is nearer its own circle than any other circle."""
    game_map = find_map(geometry.map_id)
    for shape in geometry.shapes:
        half = 0.9 * len(game_map.space(shape.space).label) + 0.5
        x, y = shape.label_at
        box = (x - half, y - 3.0, x + half, y)

        def gap(p: Point, box: tuple[float, float, float, float] = box) -> float:
            return math.hypot(max(box[0] - p[0], 0.0, p[0] - box[2]),
                              max(box[1] - p[1], 0.0, p[1] - box[3]))

        mine = gap(shape.anchor)
        for other in geometry.shapes:
            if other.space != shape.space:
                assert gap(other.anchor) > mine, f"label {shape.space} nearer {other.space}"


def test_call_outs_point_into_their_outline_from_outside(geometry: MapGeometry) -> None:
    r = geometry.circle_diameter / 2
    for shape in geometry.shapes:
        if shape.leader_to is not None:
            assert inside(shape.leader_to, shape.rings), shape.space
            assert not inside(shape.anchor, shape.rings), shape.space
            assert edge_distance(shape.anchor, shape.rings) >= r, shape.space


def test_labels_do_not_cover_circles(geometry: MapGeometry) -> None:
    """A label is at most 3 mm tall above its baseline and 2 mm per character wide."""
    r = geometry.circle_diameter / 2
    game_map = find_map(geometry.map_id)
    for shape in geometry.shapes:
        half = len(game_map.space(shape.space).label)
        x, y = shape.label_at
        box = (x - half, y - 3.0, x + half, y)
        for other in geometry.shapes:
            px, py = other.anchor
            dx = max(box[0] - px, 0.0, px - box[2])
            dy = max(box[1] - py, 0.0, py - box[3])
            assert math.hypot(dx, dy) >= r, f"label {shape.space} over circle {other.space}"


def shared_points(geometry: MapGeometry, a: str, b: str) -> set[Point]:
    pa = {p for ring in geometry.shape(a).rings for p in ring}
    return {p for ring in geometry.shape(b).rings for p in ring if p in pa}


@pytest.mark.parametrize("map_id", MAPS)
def test_neighbours_meet_exactly_along_their_borders(map_id: str) -> None:
    """Borders were simplified once for both sides: every land link's two outlines share
    at least two vertices (a border, not a gap)."""
    geometry = find_geometry(map_id)
    game_map = find_map(map_id)
    for a, b in game_map.edges:
        if (a, b) not in game_map.water_edges:
            assert len(shared_points(geometry, a, b)) >= 2, f"{a}-{b}"


def test_usa_four_corners_touch_at_a_point_only() -> None:
    usa = find_geometry("usa")
    assert len(shared_points(usa, "AZ", "CO")) == 1
    assert len(shared_points(usa, "NM", "UT")) == 1


def test_usa_mid_coastal_calls_out_over_the_atlantic() -> None:
    usa = find_geometry("usa")
    midc = usa.shape("MIDC")
    assert midc.leader_to is not None
    assert not any(inside(midc.anchor, s.rings) for s in usa.shapes)


def test_europe_water_links_are_drawn_between_their_countries() -> None:
    europe = find_geometry("europe")
    game_map = find_map("europe")
    drawn = {ln.ref for ln in europe.lines if ln.kind == "water-link"}
    assert drawn == {f"{a}-{b}" for a, b in game_map.water_edges}
    for line in europe.lines:
        a, b = line.ref.split("-")
        assert edge_distance(line.points[0], europe.shape(a).rings) < 0.01, line.ref
        assert edge_distance(line.points[-1], europe.shape(b).rings) < 0.01, line.ref


@pytest.mark.parametrize("space", ["NENG", "MIDC"])
def test_usa_merged_spaces_have_no_inner_lines(space: str) -> None:
    """New England and Mid-Coastal are drawn as one space each: every segment of their
    outline has the space on one side only (no state line runs through them)."""
    rings = find_geometry("usa").shape(space).rings
    for left, right in beside_the_outline(rings, 0.2, 0.01):
        assert inside(left, rings) != inside(right, rings)
