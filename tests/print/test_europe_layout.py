"""The Europe sheet read back from its SVG: every circle on its own country (or beside it
with a short leader that ends inside it), every label on its own country or the sea and
plainly nearer its own circle than any other, circles 10 mm and 3 mm apart; and the
no-link bars and links over water still right on this layout."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pytest

from sheetgen.games.ontour.sheet import SheetOptions, map_origin, sheet_svg, side_column
from sheetgen.maps import attribution, find_geometry, find_map
from sheetgen.templates import paper

SVG = "{http://www.w3.org/2000/svg}"
Point = tuple[float, float]
Box = tuple[float, float, float, float]


def _rings(d: str) -> list[list[Point]]:
    return [[(float(x), float(y)) for x, y in re.findall(r"(-?[\d.]+),(-?[\d.]+)", ring)]
            for ring in re.findall(r"M([^Z]*)Z", d)]


def _inside(p: Point, rings: list[list[Point]]) -> bool:
    x, y = p
    result = False
    for ring in rings:
        for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
            if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
                result = not result
    return result


def _box_dist(p: Point, box: Box) -> float:
    return math.hypot(max(box[0] - p[0], 0.0, p[0] - box[2]),
                      max(box[1] - p[1], 0.0, p[1] - box[3]))


class Drawn:
    """What a Europe sheet draws, read from its SVG (page mm)."""

    def __init__(self, svg: str) -> None:
        root = ET.fromstring(svg)
        self.spaces: dict[str, list[list[Point]]] = {}
        self.context: list[list[Point]] = []
        for g in root.iter(SVG + "g"):
            if g.get("class") == "context":
                for el in g.iter(SVG + "path"):
                    self.context += _rings(el.get("d"))
        for el in root.iter(SVG + "path"):
            ident = el.get("id") or ""
            if ident.startswith("space-"):
                self.spaces[ident.removeprefix("space-")] = _rings(el.get("d"))
        self.bars = {el.get("id").removeprefix("no-link-"):
                     ((float(el.get("x1")), float(el.get("y1"))),
                      (float(el.get("x2")), float(el.get("y2"))))
                     for el in root.iter(SVG + "line")
                     if (el.get("id") or "").startswith("no-link-")}
        self.circles: dict[str, tuple[float, float, float]] = {}
        self.leaders: dict[str, tuple[Point, Point]] = {}
        self.plates: dict[str, Box] = {}
        group = next(g for g in root.iter(SVG + "g") if g.get("class") == "write-in")
        pending: tuple[Point, Point] | None = None
        plate: Box | None = None
        for el in group:
            cls = el.get("class") or ""
            if cls == "leader":
                pending = ((float(el.get("x1")), float(el.get("y1"))),
                           (float(el.get("x2")), float(el.get("y2"))))
            elif cls == "circle":
                space = el.get("id").removeprefix("circle-")
                self.circles[space] = (float(el.get("cx")), float(el.get("cy")),
                                       float(el.get("r")))
                if pending is not None:
                    self.leaders[space] = pending
                pending = None
            elif cls == "label-plate":
                x, y = float(el.get("x")), float(el.get("y"))
                plate = (x, y, x + float(el.get("width")), y + float(el.get("height")))
            elif cls == "label":
                assert plate is not None
                self.plates["".join(el.itertext())] = plate
                plate = None


@pytest.fixture(scope="module", params=["a4", "letter"])
def drawn(request: pytest.FixtureRequest) -> Drawn:
    return Drawn(sheet_svg(find_map("europe"), find_geometry("europe"),
                           paper(request.param)))


def test_circles_are_10_mm_and_3_mm_apart(drawn: Drawn) -> None:
    assert len(drawn.circles) == 39
    assert all(abs(2 * r - 10.0) < 0.01 for _, _, r in drawn.circles.values())
    items = sorted(drawn.circles.items())
    gaps = [(math.dist(p[:2], q[:2]) - p[2] - q[2], a, b)
            for i, (a, p) in enumerate(items) for b, q in items[i + 1:]]
    assert min(gaps)[0] >= 3.0 - 0.01, min(gaps)


def test_each_circle_is_on_its_own_country_or_points_into_it(drawn: Drawn) -> None:
    """A circle's centre lies in its own country, and more of the circle is on it than on
    any other; a call-out's leader runs from its rim at most 6 mm and ends inside."""
    for space, (cx, cy, r) in drawn.circles.items():
        rings = drawn.spaces[space]
        if space not in drawn.leaders:
            assert _inside((cx, cy), rings), space
            own, other = _shares(drawn, space, (cx, cy), r)
            assert own >= 0.5 and own > other, (space, own, other)
            continue
        (sx, sy), end = drawn.leaders[space]
        assert abs(math.dist((sx, sy), (cx, cy)) - r) < 0.1, space  # from the rim
        assert math.dist((sx, sy), end) <= 6.0, space
        assert _inside(end, rings), space
        assert not _inside((cx, cy), rings), space
        for other, (ox, oy, _) in drawn.circles.items():
            if other != space:
                assert math.dist(end, (ox, oy)) > r + 0.5, (space, other)


def _shares(drawn: Drawn, space: str, c: Point, r: float) -> tuple[float, float]:
    """The share of the circle on its own country and the largest on any other."""
    counts: dict[str, int] = {}
    total = 0
    near = [(s, rings) for s, rings in drawn.spaces.items()
            if any(math.dist(p, c) < 40 for ring in rings for p in ring[::5])]
    step = 0.5
    n = int(r / step)
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            p = (c[0] + i * step, c[1] + j * step)
            if math.dist(p, c) > r:
                continue
            total += 1
            for s, rings in near:
                if _inside(p, rings):
                    counts[s] = counts.get(s, 0) + 1
                    break
    own = counts.pop(space, 0) / total
    return own, max(counts.values(), default=0) / total


def test_no_label_stands_on_another_country(drawn: Drawn) -> None:
    """Every point of a label's plate (0.1 mm in from its edge) is on its own country or
    on the sea: not on another country, not on grey context land."""
    assert len(drawn.plates) == 39
    for space, (x0, y0, x1, y1) in drawn.plates.items():
        others = [rings for s, rings in drawn.spaces.items() if s != space]
        others += [[ring] for ring in drawn.context]
        points = [(x0 + 0.1 + (x1 - x0 - 0.2) * i / 8, y0 + 0.1 + (y1 - y0 - 0.2) * j / 4)
                  for i in range(9) for j in range(5)]
        for p in points:
            assert not any(_inside(p, rings) for rings in others), (space, p)


def test_each_label_is_2_mm_nearer_its_own_circle(drawn: Drawn) -> None:
    for space, box in drawn.plates.items():
        cx, cy, r = drawn.circles[space]
        own = _box_dist((cx, cy), box) - r
        for other, (ox, oy, orad) in drawn.circles.items():
            if other != space:
                assert _box_dist((ox, oy), box) - orad >= own + 2.0 - 0.01, (space, other)


def test_labels_are_clear_of_circles_and_of_each_other(drawn: Drawn) -> None:
    for space, box in drawn.plates.items():
        for other, (ox, oy, r) in drawn.circles.items():
            assert _box_dist((ox, oy), box) >= r + 0.3, (space, other)
        for other, b in drawn.plates.items():
            if other != space:
                gap = math.hypot(max(box[0] - b[2], 0.0, b[0] - box[2]),
                                 max(box[1] - b[3], 0.0, b[1] - box[3]))
                assert gap >= 0.3, (space, other)


def test_the_bars_are_clear_of_circles_and_labels(drawn: Drawn) -> None:
    """A no-link bar is not hidden under a circle or a label plate."""
    assert len(drawn.bars) == 8
    for pair, (p, q) in drawn.bars.items():
        mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
        for space, (cx, cy, r) in drawn.circles.items():
            assert math.dist(mid, (cx, cy)) >= r + 0.5, (pair, space)
        for space, box in drawn.plates.items():
            assert _box_dist(mid, box) >= 0.5, (pair, space)


def test_the_map_takes_the_page_width_with_the_band_below() -> None:
    """The map is as wide as Letter allows (the legend, score and turns in a band under
    it), not a column beside it: it was 201 mm wide."""
    geometry = find_geometry("europe")
    for paper_id in ("a4", "letter"):
        width, height = paper(paper_id).landscape
        assert not side_column(width, geometry)
        ox, oy = map_origin(width, height, geometry)
        assert ox >= 10.0 and ox + geometry.width <= width - 10.0
    assert geometry.width >= 245.0 and geometry.height >= 140.0


@pytest.mark.parametrize("map_id", ["europe", "usa"])
@pytest.mark.parametrize("paper_id", ["a4", "letter"])
def test_the_band_under_the_map_prints_no_text_over_text(map_id: str, paper_id: str) -> None:
    """The rules, the credit, the score and turn labels keep apart (a taller map leaves a
    lower band: the credit once ran into the rules' last line)."""
    from sheetgen.draw.text import PT, text_width

    options = SheetOptions(attribution=attribution(map_id))
    svg = sheet_svg(find_map(map_id), find_geometry(map_id), paper(paper_id), options)
    root = ET.fromstring(svg)
    top = map_origin(*paper(paper_id).landscape, find_geometry(map_id))[1] + \
        find_geometry(map_id).height
    boxes: list[tuple[str, Box]] = []
    assert any(el.get("class") == "attribution" and float(el.get("y", "0")) > top
               for el in root.iter(SVG + "text"))
    for el in root.iter(SVG + "text"):
        words = "".join(el.itertext())
        y = float(el.get("y", "0"))
        if not words or y < top:
            continue
        size = float(el.get("font-size", "0"))
        width = text_width(words, size / PT, bold=el.get("font-weight") == "bold")
        x = float(el.get("x", "0"))
        x0 = {"middle": x - width / 2, "end": x - width}.get(el.get("text-anchor", ""), x)
        boxes.append((words, (x0, y - 0.72 * size, x0 + width, y + 0.22 * size)))
    for i, (a, p) in enumerate(boxes):
        for b, q in boxes[i + 1:]:
            apart = p[2] <= q[0] or q[2] <= p[0] or p[3] <= q[1] or q[3] <= p[1]
            assert apart, (a, b)


def test_the_bars_cross_their_border_clear_of_every_other() -> None:
    """Each no-link bar crosses the border of the two countries it separates and keeps
    1 mm from every other outline; bars are 3 mm long or more (on the first layout FR-LU
    stood 0.6 mm and HU-SI 0.5 mm from another border; on the second Croatia-Montenegro,
    a border 1 mm long, touched the coast)."""
    from tests.print.test_no_link_bars import _outlines, _segment_distance

    root = ET.fromstring(sheet_svg(find_map("europe"), find_geometry("europe"), paper("a4")))
    outlines = _outlines(root)
    everything = set().union(*outlines.values())
    bars = {el.get("id").removeprefix("no-link-"): el for el in root.iter(SVG + "line")
            if (el.get("id") or "").startswith("no-link-")}
    assert len(bars) == 8
    for pair, el in bars.items():
        a, b = pair.split("-")
        shared = outlines[a] & outlines[b]
        p = (float(el.get("x1")), float(el.get("y1")))
        q = (float(el.get("x2")), float(el.get("y2")))
        assert min(_segment_distance(p, q, *s) for s in shared) == 0.0, pair
        assert math.dist(p, q) >= 3.0 - 0.01, pair
        others = min(_segment_distance(p, q, *s) for s in everything - shared)
        assert others >= 1.0, (pair, others)


@pytest.mark.parametrize("paper_id", ["a4", "letter"])
def test_links_over_water_pass_no_third_circle(paper_id: str) -> None:
    """Each ferry line, as drawn from rim to rim (or through its strait), keeps off every
    circle but its own two."""
    root = ET.fromstring(sheet_svg(find_map("europe"), find_geometry("europe"),
                                   paper(paper_id)))
    circles = {el.get("id").removeprefix("circle-"): (float(el.get("cx")),
                                                      float(el.get("cy")), float(el.get("r")))
               for el in root.iter(SVG + "circle") if el.get("class") == "circle"}
    links = {el.get("id").removeprefix("link-"): el for el in root.iter(SVG + "polyline")
             if (el.get("id") or "").startswith("link-")}
    assert len(links) == 6
    for pair, el in links.items():
        points = [tuple(map(float, p.split(","))) for p in el.get("points").split()]
        for space, (cx, cy, r) in circles.items():
            if space in pair.split("-"):
                continue
            for a, b in zip(points, points[1:], strict=False):
                assert _seg_dist((cx, cy), a, b) >= r + 0.5, (pair, space)


def _seg_dist(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = dx * dx + dy * dy
    t = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / n))
    return math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1])
