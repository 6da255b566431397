"""The best route as a scored page draws it, read back from the SVG: every step runs from
its circle to the next and passes no third circle. The drawn curve is sampled densely and
its distance to the rim of every other circle (the ring's outer edge where the space is on
the route) is held to ``ROUTE_CLEAR``, within the drawing's 0.01 mm rounding, for every
step of the best routes of seeded boards of each map (USA, Europe: the band; Paris: the
walking arrows)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from math import hypot

import pytest

from sheetgen.games.ontour.score import standings
from sheetgen.games.ontour.scored import RING_WIDTH, ROUTE_CLEAR, scored_pages
from sheetgen.games.paris.render import paris_scored_pages
from sheetgen.maps import find_geometry, find_map
from tests.games.ontour.test_scored import random_boards

SVG = "{http://www.w3.org/2000/svg}"
DENSE = 600
ROUNDING = 0.02
"""What the drawing's rounding to 0.01 mm can take off a distance, mm."""
NUMBER = r"(-?[\d.]+)"
CUBIC = re.compile(rf"M{NUMBER},{NUMBER}C{NUMBER},{NUMBER} {NUMBER},{NUMBER} {NUMBER},{NUMBER}$")

Point = tuple[float, float]


def cubic(d: str) -> list[Point]:
    """DENSE + 1 points of the cubic Bezier an SVG path draws (``M p0 C p1 p2 p3``)."""
    match = CUBIC.match(d)
    assert match, d
    v = [float(g) for g in match.groups()]
    (ax, ay), (bx, by), (cx, cy), (dx, dy) = zip(v[0::2], v[1::2], strict=True)
    out = []
    for k in range(DENSE + 1):
        t = k / DENSE
        s = 1 - t
        out.append((s ** 3 * ax + 3 * s * s * t * bx + 3 * s * t * t * cx + t ** 3 * dx,
                    s ** 3 * ay + 3 * s * s * t * by + 3 * s * t * t * cy + t ** 3 * dy))
    return out


def drawn_circles(*svgs: str) -> tuple[dict[str, Point], dict[str, float], float]:
    """Each space's circle centre and the outer edge of what is drawn round it (its
    outline, or its highlight ring), read from the page's layers; and the circle radius."""
    centres: dict[str, Point] = {}
    edge: dict[str, float] = {}
    radius = 0.0
    for svg in svgs:
        for el in ET.fromstring(svg).iter(f"{SVG}circle"):
            ident = el.get("id") or ""
            r = float(el.get("r", 0))
            if ident.startswith("circle-"):
                sid = ident[len("circle-"):]
                centres[sid] = (float(el.get("cx", 0)), float(el.get("cy", 0)))
                edge.setdefault(sid, r + float(el.get("stroke-width", 0)) / 2)
                radius = r
            elif ident.startswith("route-ring-"):
                edge[ident[len("route-ring-"):]] = r + RING_WIDTH / 2
    return centres, edge, radius


def steps_of(svg: str) -> list[ET.Element]:
    return [g for g in ET.fromstring(svg).iter(f"{SVG}g") if g.get("class") == "route-step"]


def least_room(points: list[Point], centres: dict[str, Point], edge: dict[str, float],
               skip: tuple[str, str], inside: float) -> float:
    """The least distance from the points (those outside both of ``skip``'s circles of
    radius ``inside``) to the drawn edge of every other circle."""
    room = float("inf")
    ends = [centres[s] for s in skip]
    for x, y in points:
        if any(hypot(x - ex, y - ey) < inside for ex, ey in ends):
            continue
        for sid, (cx, cy) in centres.items():
            if sid not in skip:
                room = min(room, hypot(x - cx, y - cy) - edge[sid])
    return room


def bent(d: str) -> bool:
    """Whether a drawn cubic leaves its chord by more than the rounding."""
    points = cubic(d)
    (ax, ay), (bx, by) = points[0], points[-1]
    length = hypot(bx - ax, by - ay) or 1.0
    return max(abs((x - ax) * (by - ay) - (y - ay) * (bx - ax)) / length
               for x, y in points) > 0.05


@pytest.mark.parametrize(("map_id", "seed"), [("usa", 1), ("europe", 11)])
def test_route_bands_pass_no_third_circle(map_id: str, seed: int) -> None:
    """On Tour's band: each step a curve from circle centre to circle centre, in route
    order, clear of every other circle; most clear it with the band's whole width. The
    seeds are boards whose best routes have steps that a straight band would run under
    a third circle (USA: VA-KY under WV; Europe: BE-FR under LU and others)."""
    from sheetgen.games.ontour.scored import BADGE_R, BAND_WIDTH
    from sheetgen.templates import paper

    game_map, geometry = find_map(map_id), find_geometry(map_id)
    boards = random_boards(map_id, 4, seed=seed)
    table = standings(game_map, boards)
    pages = scored_pages(game_map, geometry, paper("a4"), boards, table)
    steps, wide, bows, badges, on_band = 0, 0, 0, 0, 0
    for k in range(len(boards)):
        map_layer, band, circle_layer, marks = pages[k].svgs
        centres, edge, radius = drawn_circles(circle_layer, marks)
        route = table.players[k].result.route
        drawn = steps_of(band)
        assert len(drawn) == max(0, len(route) - 1)
        for (a, b), group in zip(zip(route, route[1:], strict=False), drawn, strict=True):
            points = cubic(group.find(f"{SVG}path").get("d"))
            assert hypot(points[0][0] - centres[a][0], points[0][1] - centres[a][1]) < 0.1
            assert hypot(points[-1][0] - centres[b][0], points[-1][1] - centres[b][1]) < 0.1
            room = least_room(points, centres, edge, (a, b), radius + RING_WIDTH)
            assert room >= ROUTE_CLEAR - ROUNDING, (map_id, k, a, b, room)
            steps += 1
            wide += room >= ROUTE_CLEAR + BAND_WIDTH / 2 - ROUNDING
            bows += bent(group.find(f"{SVG}path").get("d"))
            chevron = group.find(f"{SVG}polyline")
            if chevron is not None:  # the chevron stands on the curve
                tip = [float(v) for v in chevron.get("points").split()[1].split(",")]
                assert min(hypot(tip[0] - x, tip[1] - y) for x, y in points) < 1.0
        # a step badge keeps off the band (on main's straight bands, Europe's seed put
        # 4 of 34 on one)
        bands = [cubic(group.find(f"{SVG}path").get("d")) for group in drawn]
        for dot in ET.fromstring(marks).iter(f"{SVG}circle"):
            if dot.get("id") or dot.get("fill") == "none":
                continue
            x, y, r = float(dot.get("cx")), float(dot.get("cy")), float(dot.get("r"))
            if abs(r - BADGE_R) < 0.01:
                badges += 1
                on_band += any(hypot(x - px, y - py) < r + BAND_WIDTH / 2
                               for line in bands for px, py in line)
    assert steps >= 20 and wide >= 0.9 * steps and bows >= 2
    assert badges >= 20 and on_band <= 1


def test_paris_walking_arrows_pass_no_third_circle() -> None:
    """Paris's walking steps: each arrow from one ring's edge to the next, its head on
    the curve's end, clear of every other circle."""
    from sheetgen.templates import paper

    game_map, geometry = find_map("paris"), find_geometry("paris")
    boards = random_boards("paris", 4, seed=11)
    table = standings(game_map, boards)
    pages = paris_scored_pages(game_map, geometry, paper("a4"), boards, table)
    walked = 0
    for k in range(len(boards)):
        centres, edge, radius = drawn_circles(pages[k])
        result = table.players[k].result
        walks = [(a, b) for a, b in zip(result.route, result.route[1:], strict=False)
                 if (a, b) not in set(result.rides)]
        drawn = steps_of(pages[k])
        assert len(drawn) == len(walks)
        for (a, b), group in zip(walks, drawn, strict=True):
            points = cubic(group.find(f"{SVG}path").get("d"))
            head = [tuple(float(v) for v in pair.split(","))
                    for pair in group.find(f"{SVG}polygon").get("points").split()]
            gap = radius + RING_WIDTH
            apart = hypot(centres[b][0] - centres[a][0], centres[b][1] - centres[a][1])
            if apart > 2 * gap + 2.6:
                assert abs(hypot(points[0][0] - centres[a][0],
                                 points[0][1] - centres[a][1]) - gap) < 0.1
                assert abs(hypot(head[0][0] - centres[b][0], head[0][1] - centres[b][1])
                           - gap) < 0.1
            base = ((head[1][0] + head[2][0]) / 2, (head[1][1] + head[2][1]) / 2)
            assert hypot(points[-1][0] - base[0], points[-1][1] - base[1]) < 0.1
            room = least_room(points, centres, edge, (a, b), 0.0)
            assert room >= ROUTE_CLEAR - ROUNDING, (k, a, b, room)
            walked += 1
    assert walked >= 10


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_the_entry_page_bends_the_same_steps(map_id: str) -> None:
    """``sheetgen serve``'s page draws a link's step from the map view's ``bends``: every
    link whose straight band would pass within ROUTE_CLEAR of a third circle has a curve
    there, both ways, that clears every other circle; the others are drawn straight."""
    from sheetgen.serve.games import map_view

    view = map_view(map_id)
    centres = {s["id"]: (s["x"], s["y"]) for s in view["spaces"]}
    root = ET.fromstring(view["svg"])
    edge = {el.get("id")[len("circle-"):]: float(el.get("r")) + 0.35 / 2
            for el in root.iter(f"{SVG}circle") if (el.get("id") or "").startswith("circle-")}
    radius = view["radius"]
    crossing = 0
    for a, b in find_map(map_id).edges:
        line = [(centres[a][0] + (centres[b][0] - centres[a][0]) * k / DENSE,
                 centres[a][1] + (centres[b][1] - centres[a][1]) * k / DENSE)
                for k in range(DENSE + 1)]
        straight = least_room(line, centres, edge, (a, b), radius)
        if f"{a}>{b}" not in view["bends"]:
            assert straight >= ROUTE_CLEAR - ROUNDING, (a, b)
            continue
        crossing += straight < ROUTE_CLEAR
        there, back = cubic(view["bends"][f"{a}>{b}"]), cubic(view["bends"][f"{b}>{a}"])
        assert hypot(there[0][0] - centres[a][0], there[0][1] - centres[a][1]) < 0.1
        assert hypot(there[-1][0] - centres[b][0], there[-1][1] - centres[b][1]) < 0.1
        assert all(hypot(p[0] - q[0], p[1] - q[1]) < 0.05
                   for p, q in zip(there, reversed(back), strict=True))
        assert least_room(there, centres, edge, (a, b), radius) >= ROUTE_CLEAR - ROUNDING
    assert crossing >= 1


def polyline_points(points: str) -> list[Point]:
    """Points every 0.05 mm along an SVG polyline's ``points``."""
    corners = [tuple(float(v) for v in pair.split(",")) for pair in points.split()]
    out: list[Point] = []
    for (ax, ay), (bx, by) in zip(corners, corners[1:], strict=False):
        n = max(1, int(hypot(bx - ax, by - ay) / 0.05))
        out += [(ax + (bx - ax) * k / n, ay + (by - ay) * k / n) for k in range(n)]
    return out + [corners[-1]]


@pytest.mark.parametrize("paper_id", ["a4", "letter"])
def test_links_over_water_pass_no_third_circle(paper_id: str) -> None:
    """The Europe sheet's dashed links over water, rim to rim, keep LINK_CLEAR from every
    circle they do not join (read back from the sheet)."""
    from sheetgen.draw.pdf import page_svg
    from sheetgen.games import find_game
    from sheetgen.games.ontour.sheet import LINK_CLEAR
    from sheetgen.templates import paper

    game_map = find_map("europe")
    svg = page_svg(find_game("ontour").sheet_pages(game_map, paper(paper_id), [""])[0])
    centres, edge, radius = drawn_circles(svg)
    links = [el for el in ET.fromstring(svg).iter(f"{SVG}polyline")
             if (el.get("id") or "").startswith("link-")]
    assert len(links) == len(game_map.water_edges)
    for link in links:
        a, b = link.get("id")[len("link-"):].split("-")
        room = least_room(polyline_points(link.get("points")), centres, edge, (a, b), 0.0)
        assert room >= LINK_CLEAR - ROUNDING, (a, b, room)


def test_a_link_over_water_bends_round_a_circle_in_its_way() -> None:
    """Albania's circle moved onto the Greece-Italy ferry line: the line bends round it,
    clear by LINK_CLEAR from the line's edge, still rim to rim."""
    from dataclasses import replace

    from sheetgen.games.ontour.sheet import LINK_CLEAR, LINK_WIDTH, _border_marks, ferry_line

    game_map, geometry = find_map("europe"), find_geometry("europe")
    gr, it = geometry.shape("GR").anchor, geometry.shape("IT").anchor
    middle = ((gr[0] + it[0]) / 2 + 0.5, (gr[1] + it[1]) / 2 + 0.5)
    moved = replace(geometry, shapes=tuple(
        replace(s, anchor=middle) if s.space == "AL" else s for s in geometry.shapes))
    mark = next(m for m in _border_marks(game_map, moved) if set(m.pair) == {"GR", "IT"})
    line, _ = ferry_line(moved, mark)
    radius = moved.circle_diameter / 2
    assert len(line) > 2
    assert abs(hypot(line[0][0] - moved.shape(mark.pair[0]).anchor[0],
                     line[0][1] - moved.shape(mark.pair[0]).anchor[1]) - radius) < 0.1
    assert abs(hypot(line[-1][0] - moved.shape(mark.pair[1]).anchor[0],
                     line[-1][1] - moved.shape(mark.pair[1]).anchor[1]) - radius) < 0.1
    points = polyline_points(" ".join(f"{x},{y}" for x, y in line))
    room = min(hypot(x - middle[0], y - middle[1]) - radius for x, y in points)
    assert room >= LINK_CLEAR + LINK_WIDTH / 2 - ROUNDING
