"""Player sheets: the map at print scale, region tints, write-in circles, what players
write during a game, and marks for reading a filled sheet back.

The drawing is built from public pieces so other pages (scored boards, kits) can compose
them: ``add_map`` draws a map with its circles and optional written cells at an offset,
``add_legend`` the region key, ``sheet_svg`` a whole player sheet.

Colours: a space is tinted with a light shade of its longitude region's card colour
(west, central, east), the south is hatched in the south card's colour and the line
between north and south is drawn bold, so the five card colours are the five things
they mean on the map too. Where the drawn map and the board disagree, the sheet says so:
a bar across a shared border that is not a link, a connector for a link that is not a
shared border (``border_marks``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import svgwrite
from svgwrite.container import Group

from sheetgen.draw.bend import step_curve
from sheetgen.draw.marks import (
    QR_MODULE,
    add_registration_marks,
)
from sheetgen.draw.marks import sheet_code as marks_code
from sheetgen.draw.page import new_page, star_points
from sheetgen.draw.patterns import pattern_fill
from sheetgen.draw.pdf import Layers
from sheetgen.draw.qr import add_qr, qr_side, seed_code
from sheetgen.draw.style import Style, load_style
from sheetgen.draw.text import TYPE_MIN_PT, fit_text, text, text_width, wrap
from sheetgen.model import (
    ALL_AREAS,
    Area,
    Cell,
    CellKind,
    Map,
    MapGeometry,
    Point,
    Region,
    Ring,
    SpaceId,
    make_edge,
)
from sheetgen.templates import Paper

MARGIN = 10.0
"""Page margin in mm (the issue asks for at least 8)."""
HEADER = 12.0
"""Height of the header band (title, name line, seed and date), mm."""
FOOTER = 24.0
"""Height of the band below a wide map (key, score, tie-break, turns, code), mm."""
SIDE_MIN = 48.0
"""A map leaving at least this much width beside it gets a side column (Europe); a wider
map gets the band below it (USA)."""
RULES_PT = 7.0
"""Type of the rules printed on a sheet, points."""


@dataclass(frozen=True)
class SheetOptions:
    """What varies between sheets of one map."""

    player: str = ""
    """Printed on the name line (blank for a line to write on)."""
    seed: int | None = None
    """A seeded game: printed in the header."""
    prefilled: Mapping[SpaceId, Cell] | None = None
    """Cells already written (the setup numbers of a seeded game)."""
    attribution: str = ""
    """Open-data credit printed in small type."""
    sheet_number: int = 1
    """Which sheet of a printed set this is (carried in the sheet's code)."""
    date: str = ""
    """Printed in the date field (blank for a line to write on)."""


def _ring_path(rings: tuple[Ring, ...], dx: float, dy: float) -> str:
    parts = []
    for ring in rings:
        pts = " ".join(f"{x + dx:.2f},{y + dy:.2f}" for x, y in ring)
        parts.append(f"M{pts}Z")
    return "".join(parts)


def area_texture(dwg: svgwrite.Drawing, style: Style, area: Area) -> str | None:
    """The fill laid over an area's tint: its latitude region's pattern in that region's
    card colour (None: plain)."""
    return pattern_fill(dwg, style.area_pattern[area.latitude],
                        style.region_colour[area.latitude], pitch=2.4, opacity=0.6)


def area_paint(dwg: svgwrite.Drawing, style: Style, area: Area) -> tuple[str, list[str]]:
    """How an area is painted: its fill and the patterns laid over it. Full ink: the
    longitude region's tint and the latitude region's pattern; low ink: white, the
    longitude region's pattern in its colour, and the latitude region's pattern."""
    layers = []
    fill = style.areas[area]
    if style.low_ink:
        fill = "#ffffff"
        own = pattern_fill(dwg, style.region_pattern[area.longitude],
                           style.region_colour[area.longitude], pitch=2.4, opacity=0.55)
        if own:
            layers.append(own)
    texture = area_texture(dwg, style, area)
    if texture:
        layers.append(texture)
    return fill, layers


Segment = tuple[Point, Point]


def shared_borders(geometry: MapGeometry) -> dict[tuple[SpaceId, SpaceId], list[Segment]]:
    """The outline segments two spaces share (a border drawn on the map), by pair."""
    owners: dict[Segment, set[SpaceId]] = {}
    for shape in geometry.shapes:
        for ring in shape.rings:
            for i in range(len(ring)):
                a, b = ring[i - 1], ring[i]
                key = (a, b) if a < b else (b, a)
                owners.setdefault(key, set()).add(shape.space)
    out: dict[tuple[SpaceId, SpaceId], list[Segment]] = {}
    for seg, spaces in sorted(owners.items()):
        if len(spaces) == 2:
            first, second = sorted(spaces)
            out.setdefault((first, second), []).append(seg)
    return out


@dataclass(frozen=True)
class BorderMark:
    """Where the drawn map and the board's links disagree."""

    kind: str
    """``bar``: a shared border that is not a link; ``connector``: a link that is not a
    shared border."""
    pair: tuple[SpaceId, SpaceId]
    points: tuple[Point, ...]
    """The bar's two ends, or the connector's polyline, in map mm."""


BAR_LENGTH = 4.5
"""Length of a no-link bar across its border, mm."""
BAR_SHORTEST = 3.0
"""A bar is shortened down to this where its border runs close to another."""
DIVIDE_SHORTEST = 6.0
"""A piece of the bold north/south line shorter than this is not drawn: alone on a
coast it would read as a no-link bar (the Delmarva peninsula's few millimetres)."""


def _segment_distance(p: Point, q: Point, a: Point, b: Point) -> float:
    """The least distance between segments pq and ab (0 when they cross)."""
    def orient(u: Point, v: Point, w: Point) -> float:
        return (v[0] - u[0]) * (w[1] - u[1]) - (v[1] - u[1]) * (w[0] - u[0])

    d1, d2 = orient(a, b, p), orient(a, b, q)
    d3, d4 = orient(p, q, a), orient(p, q, b)
    if ((d1 > 0) != (d2 > 0)) and ((d3 > 0) != (d4 > 0)) and d1 and d2 and d3 and d4:
        return 0.0

    def point(u: Point, v: Point, w: Point) -> float:
        vx, vy = w[0] - v[0], w[1] - v[1]
        length2 = vx * vx + vy * vy
        t = 0.0 if not length2 else max(0.0, min(1.0, ((u[0] - v[0]) * vx
                                                        + (u[1] - v[1]) * vy) / length2))
        return math.hypot(v[0] + t * vx - u[0], v[1] + t * vy - u[1])

    return min(point(p, a, b), point(q, a, b), point(a, p, q), point(b, p, q))


def _across(m: Point, segments: list[Segment], own: Segment) -> Point:
    """The unit normal of a border near ``m``: across the border's general direction
    within 2 mm (segment directions summed, each by its length), not the last
    segment's, which on a jagged river may point anywhere."""
    sx = sy = 0.0
    ref = (own[1][0] - own[0][0], own[1][1] - own[0][1])
    for a, b in segments:
        if _segment_distance(m, m, a, b) <= 2.0:
            vx, vy = b[0] - a[0], b[1] - a[1]
            if vx * ref[0] + vy * ref[1] < 0:  # segments run either way: align them
                vx, vy = -vx, -vy
            sx, sy = sx + vx, sy + vy
    length = math.hypot(sx, sy) or 1.0
    return (-sy / length, sx / length)


def _bar(pair_segments: list[Segment], others: list[Segment]) -> tuple[Point, Point]:
    """The no-link bar for a border: across it, at the point (every 0.5 mm along the
    shared segments) where the bar keeps furthest from every other outline, the
    longest segment's middle first on a tie; shortened (not below ``BAR_SHORTEST``) when
    the full length would come within 1 mm of another outline."""
    candidates: list[tuple[Point, Point]] = []
    for a, b in sorted(pair_segments, key=lambda s: (-math.dist(*s), s)):
        length = math.dist(a, b)
        n = max(1, int(length / 0.5))
        for k in sorted(range(n + 1), key=lambda k: (abs(k - n / 2), k)):
            m = (a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n)
            candidates.append((m, _across(m, pair_segments, (a, b))))
    best: tuple[float, float, Point, Point] | None = None
    for m, (nx, ny) in candidates:
        near = [s for s in others if min(math.dist(m, s[0]), math.dist(m, s[1]),
                                         _segment_distance(m, m, *s)) < BAR_LENGTH + 2.0]
        for half in (BAR_LENGTH / 2, (BAR_LENGTH + BAR_SHORTEST) / 4, BAR_SHORTEST / 2):
            p = (m[0] - nx * half, m[1] - ny * half)
            q = (m[0] + nx * half, m[1] + ny * half)
            clear = min((_segment_distance(p, q, *s) for s in near), default=99.0)
            if clear >= 1.0 or half == BAR_SHORTEST / 2:
                score = (min(clear, 2.0), half)
                if best is None or score > (best[0], best[1]):
                    best = (score[0], score[1], p, q)
                break
    assert best is not None
    return best[2], best[3]


@lru_cache(maxsize=8)
def _border_marks(game_map: Map, geometry: MapGeometry) -> tuple[BorderMark, ...]:
    """``border_marks`` of a map, found once (placing the bars clear of every outline
    takes seconds; a sheet, a kit's cover and its scored pages all draw them)."""
    return border_marks(game_map, geometry)


def border_marks(game_map: Map, geometry: MapGeometry,
                 borders: dict[tuple[SpaceId, SpaceId], list[Segment]] | None = None
                 ) -> tuple[BorderMark, ...]:
    """A bar across every shared border that is not a link (where it keeps clear of every
    other outline), and a connector for every link whose spaces share no border (the
    geometry's own line for it when it has one, else a straight line between the nearest
    outline points)."""
    if borders is None:
        borders = shared_borders(geometry)
    links = set(game_map.edges)
    marks: list[BorderMark] = []
    outline: set[Segment] = set()
    for shape in geometry.shapes:
        for ring in shape.rings:
            for i in range(len(ring)):
                u, v = ring[i - 1], ring[i]
                outline.add((u, v) if u < v else (v, u))
    for pair, segs in borders.items():
        if make_edge(*pair) in links:
            continue
        own = set(segs)
        p, q = _bar(segs, sorted(outline - own))
        marks.append(BorderMark("bar", pair, ((round(p[0], 2), round(p[1], 2)),
                                              (round(q[0], 2), round(q[1], 2)))))
    lines = {make_edge(*ln.ref.split("-", 1)): ln.points for ln in geometry.lines
             if "-" in ln.ref}
    for a, b in sorted(links):
        if (a, b) in borders or (b, a) in borders:
            continue
        if (a, b) in lines:
            pts = lines[(a, b)]
        else:
            pa = [p for ring in geometry.shape(a).rings for p in ring]
            pb = [p for ring in geometry.shape(b).rings for p in ring]
            if not pa or not pb:
                continue  # a geometry without outlines (marks drawn alone): nothing to join
            _, p, q = min((math.dist(p, q), p, q) for p in pa for q in pb)
            pts = (p, q)
        marks.append(BorderMark("connector", (a, b), tuple(pts)))
    return tuple(marks)


def ferry_line(geometry: MapGeometry, mark: BorderMark) -> tuple[tuple[Point, ...], Point]:
    """A link over water as drawn, from one write-in circle's rim to the other's (so it
    reads as a link, not as coastline, however narrow the strait): straight when that
    keeps ``LINK_CLEAR`` from every third circle, else the least bend that does (as a
    scored page bends a route's step), else through the strait (the geometry's
    coast-to-coast line); and where its ferry mark goes: the point of the line nearest
    the strait's middle."""
    radius = geometry.circle_diameter / 2
    a, b = (geometry.shape(s).anchor for s in mark.pair)
    others = [shape.anchor for shape in geometry.shapes if shape.space not in mark.pair]
    strait = list(mark.points)
    if math.dist(a, strait[-1]) + math.dist(b, strait[0]) < \
            math.dist(a, strait[0]) + math.dist(b, strait[-1]):
        strait.reverse()

    def clear(path: list[Point]) -> float:
        return min((_segment_distance(c, c, p, q) - radius for c in others
                    for p, q in zip(path, path[1:], strict=False)), default=99.0)

    path = [a, b]
    if clear(path) < LINK_CLEAR + LINK_WIDTH / 2:
        bend = step_curve((a, radius), (b, radius), [(c, radius) for c in others],
                          LINK_WIDTH, LINK_CLEAR)
        through = [a, *strait, b]
        if bend.clears:
            path = [bend.at(k / LINK_PIECES) for k in range(LINK_PIECES + 1)]
        elif clear(through) > clear(path):
            path = through
    # cut at the rims
    (p0, p1), (q1, q0) = path[:2], path[-2:]
    d0, d1 = math.dist(p0, p1) or 1.0, math.dist(q0, q1) or 1.0
    start = (p0[0] + (p1[0] - p0[0]) * radius / d0, p0[1] + (p1[1] - p0[1]) * radius / d0)
    end = (q0[0] + (q1[0] - q0[0]) * radius / d1, q0[1] + (q1[1] - q0[1]) * radius / d1)
    line = [start, *path[1:-1], end] if len(path) > 2 else [start, end]
    mid = (sum(x for x, _ in strait) / len(strait), sum(y for _, y in strait) / len(strait))
    best = min(((math.dist(mid, m), m) for m in _along(line, 0.25)
                if math.dist(m, start) >= FERRY_R + 0.5 and math.dist(m, end) >= FERRY_R + 0.5),
               default=(0.0, _along(line, 0.25)[len(_along(line, 0.25)) // 2]))
    at = best[1]
    return tuple((round(x, 2), round(y, 2)) for x, y in line), (round(at[0], 2),
                                                               round(at[1], 2))


def _along(line: Sequence[Point], step: float) -> list[Point]:
    """Points every ``step`` mm along a polyline."""
    out: list[Point] = []
    for (ax, ay), (bx, by) in zip(line, line[1:], strict=False):
        n = max(1, int(math.dist((ax, ay), (bx, by)) / step))
        out += [(ax + (bx - ax) * k / n, ay + (by - ay) * k / n) for k in range(n)]
    return out + [line[-1]]


FERRY_R = 1.9
"""Radius of the white disc a ferry mark stands on, mm."""
LINK_WIDTH = 0.45
"""Width of the dashed line of a link over water, mm."""
LINK_CLEAR = 0.8
"""Least room between a link over water and a circle it does not join, mm (where a
bend can keep it)."""
LINK_PIECES = 24
"""Pieces of the polyline a bent link over water is drawn as."""


def _ferry(dwg: svgwrite.Drawing, x: float, y: float, style: Style) -> Group:
    """A ferry mark: a small boat (hull and funnel) on a white disc."""
    g = dwg.g(class_="ferry")
    g.add(dwg.circle((round(x, 2), round(y, 2)), FERRY_R, fill="#ffffff",
                     stroke=style.ink["outline"], stroke_width=0.3))
    ink = style.ink["text"]
    hull = [(x - 1.3, y + 0.1), (x + 1.3, y + 0.1), (x + 0.8, y + 0.9), (x - 0.8, y + 0.9)]
    g.add(dwg.polygon([(round(px, 2), round(py, 2)) for px, py in hull], fill=ink))
    g.add(dwg.rect((round(x - 0.35, 2), round(y - 0.9, 2)), (0.7, 0.9), fill=ink))
    return g


def divide_segments(game_map: Map,
                    borders: dict[tuple[SpaceId, SpaceId], list[Segment]]) -> list[Segment]:
    """The bold line between north and south: the borders whose two sides differ in
    latitude, less the pieces (runs of touching segments) shorter than
    ``DIVIDE_SHORTEST``."""
    segs = sorted(seg for (a, b), found in borders.items()
                  if game_map.space(a).area.latitude != game_map.space(b).area.latitude
                  for seg in found)
    at: dict[Point, list[int]] = {}
    for k, (p, q) in enumerate(segs):
        at.setdefault(p, []).append(k)
        at.setdefault(q, []).append(k)
    piece = list(range(len(segs)))

    def root(k: int) -> int:
        while piece[k] != k:
            piece[k] = piece[piece[k]]
            k = piece[k]
        return k

    for ks in at.values():
        for k in ks[1:]:
            piece[root(k)] = root(ks[0])
    length: dict[int, float] = {}
    for k, (p, q) in enumerate(segs):
        length[root(k)] = length.get(root(k), 0.0) + math.dist(p, q)
    return [seg for k, seg in enumerate(segs) if length[root(k)] >= DIVIDE_SHORTEST]


def add_map(dwg: svgwrite.Drawing, game_map: Map, geometry: MapGeometry,
            origin: tuple[float, float], style: Style, *,
            cells: Mapping[SpaceId, Cell] | None = None,
            tint: bool = True, labels: bool = True) -> Group:
    """Draw the map with its write-in circles at ``origin`` (top left, mm).

    ``cells`` are values already written (drawn as a person would: the number, a star or
    an X in the circle, and a ring around it when circled). ``tint`` False draws the map in
    white, for pages where something else carries the colour.
    """
    dx, dy = origin
    group = dwg.g(class_="map")
    context = dwg.g(class_="context",
                    fill="#ffffff" if style.low_ink else style.ink["context_land"],
                    stroke="#b0b0b0" if style.low_ink else "#d0d0d0", stroke_width=0.2)
    for ring in geometry.context:
        context.add(dwg.path(d=_ring_path((ring,), dx, dy)))
    group.add(context)

    spaces = dwg.g(class_="spaces", stroke=style.ink["outline"], stroke_width=0.3,
                   stroke_linejoin="round")
    for shape in geometry.shapes:
        space = game_map.space(shape.space)
        tinted = tint and len(space.regions) == 2
        fill, textures = area_paint(dwg, style, space.area) if tinted else ("#ffffff", [])
        path_d = _ring_path(shape.rings, dx, dy)
        spaces.add(dwg.path(d=path_d, fill=fill, fill_rule="evenodd", id=f"space-{space.id}"))
        for texture in textures:
            spaces.add(dwg.path(d=path_d, fill=texture, fill_rule="evenodd", stroke="none"))
    group.add(spaces)

    # The line between north and south: the borders whose two sides differ in latitude.
    borders = shared_borders(geometry)
    divide = [f"M{p[0] + dx:.2f},{p[1] + dy:.2f}L{q[0] + dx:.2f},{q[1] + dy:.2f}"
              for p, q in divide_segments(game_map, borders)]
    if divide:
        group.add(dwg.path(d="".join(divide), fill="none", stroke=style.ink["text"],
                           stroke_width=0.9, stroke_linecap="round", class_="latitude-divide"))

    marks = _border_marks(game_map, geometry)
    links = dwg.g(class_="water-links", fill="none", stroke=style.ink["outline"],
                  stroke_width=LINK_WIDTH, stroke_dasharray="1.6,1.0", stroke_linecap="round")
    ferries = dwg.g(class_="ferries")
    for mark in marks:
        if mark.kind == "connector":
            drawn, at = ferry_line(geometry, mark)
            links.add(dwg.polyline([(round(x + dx, 2), round(y + dy, 2)) for x, y in drawn],
                                   class_="connector", id=f"link-{'-'.join(mark.pair)}"))
            ferries.add(_ferry(dwg, at[0] + dx, at[1] + dy, style))
    connected = {"-".join(m.pair) for m in marks if m.kind == "connector"}
    for line in geometry.lines:
        if line.kind == "water-link" and "-".join(sorted(line.ref.split("-", 1))) not in connected:
            links.add(dwg.polyline([(x + dx, y + dy) for x, y in line.points]))
    group.add(links)
    group.add(ferries)
    bars = dwg.g(class_="no-links", stroke_linecap="butt")
    for mark in marks:
        if mark.kind == "bar":
            (x1, y1), (x2, y2) = mark.points
            ends = ((round(x1 + dx, 2), round(y1 + dy, 2)), (round(x2 + dx, 2), round(y2 + dy, 2)))
            # A hollow bar (two strokes with white between) on a white casing: drawn
            # like nothing else on the sheet.
            bars.add(dwg.line(*ends, stroke="#ffffff", stroke_width=2.4))
            bars.add(dwg.line(*ends, stroke=style.ink["text"], stroke_width=1.4,
                              class_="no-link", id=f"no-link-{'-'.join(mark.pair)}"))
            bars.add(dwg.line(*ends, stroke="#ffffff", stroke_width=0.5,
                              class_="no-link-core"))
    group.add(bars)

    radius = geometry.circle_diameter / 2
    circles = dwg.g(class_="write-in")
    for shape in geometry.shapes:
        cx, cy = shape.anchor[0] + dx, shape.anchor[1] + dy
        if shape.leader_to is not None:
            lx, ly = shape.leader_to[0] + dx, shape.leader_to[1] + dy
            length = ((lx - cx) ** 2 + (ly - cy) ** 2) ** 0.5 or 1.0
            sx, sy = cx + (lx - cx) * radius / length, cy + (ly - cy) * radius / length
            circles.add(dwg.line((round(sx, 2), round(sy, 2)), (round(lx, 2), round(ly, 2)),
                                 stroke=style.ink["outline"], stroke_width=0.3,
                                 class_="leader"))
            circles.add(dwg.circle((round(lx, 2), round(ly, 2)), 0.7,
                                   fill=style.ink["outline"]))
        circles.add(dwg.circle((round(cx, 2), round(cy, 2)), radius, fill="#ffffff",
                               stroke=style.ink["outline"], stroke_width=0.35,
                               class_="circle", id=f"circle-{shape.space}"))
        if labels:
            space = game_map.space(shape.space)
            lx, ly = shape.label_at[0] + dx, shape.label_at[1] + dy
            # A white plate under the label keeps it legible over borders and hatching.
            plate_w = text_width(space.label, 8, condensed=True) + 1.2
            circles.add(dwg.rect((round(lx - plate_w / 2, 2), round(ly - 2.6, 2)),
                                 (round(plate_w, 2), 3.3), rx=0.6, fill="#ffffff",
                                 fill_opacity=0.85, class_="label-plate"))
            circles.add(text(dwg, space.label, lx, ly, 8, condensed=True, anchor="middle",
                             class_="label"))
        if cells and shape.space in cells:
            circles.add(_cell_mark(dwg, cells[shape.space], cx, cy, radius, style))
    group.add(circles)
    return group


def _cell_mark(dwg: svgwrite.Drawing, cell: Cell, cx: float, cy: float, radius: float,
               style: Style) -> Group:
    """A written value in its circle: number, star or X, ringed when circled."""
    ink = style.ink["text"]
    mark = dwg.g(class_=f"cell cell-{cell.kind.value}")
    if cell.kind is CellKind.NUMBER:
        mark.add(text(dwg, f"{cell.value:02d}", cx, cy + 1.75, 14, bold=True,
                      anchor="middle", fill=ink))
    elif cell.kind is CellKind.STAR:
        mark.add(dwg.polygon(star_points(cx, cy, radius * 0.62), fill=ink))
    else:
        r = radius * 0.5
        mark.add(dwg.line((cx - r, cy - r), (cx + r, cy + r), stroke=ink, stroke_width=0.8,
                          stroke_linecap="round"))
        mark.add(dwg.line((cx - r, cy + r), (cx + r, cy - r), stroke=ink, stroke_width=0.8,
                          stroke_linecap="round"))
    if cell.circled:
        mark.add(dwg.circle((round(cx, 2), round(cy, 2)), radius - 0.9, fill="none",
                            stroke=ink, stroke_width=0.6, class_="circled"))
    return mark


KEY_ORDER = (Region.NORTH, Region.SOUTH, Region.WEST, Region.CENTRAL, Region.EAST)


def _region_tint(style: Style, region: Region) -> str:
    """The map tint of a longitude region (its areas share one tint)."""
    area = next(a for a in ALL_AREAS if a.longitude is region)
    return style.areas[area]


def add_legend(dwg: svgwrite.Drawing, origin: tuple[float, float], style: Style, *,
               columns: int = 5, width: float = 0.0) -> Group:
    """The region key: each of the five regions as its card shows it (colour, pattern,
    name) beside how the map shows it (a tint for west, central and east; the hatch and
    the bold divide for south and north). ``columns`` 5 lays the key out in a row, 1 in
    a column ``width`` mm wide. Returns the group; its size is ``legend_size``."""
    x0, y0 = origin
    legend = dwg.g(class_="legend")
    cell_w, cell_h = legend_cell(columns, width)
    chip_w = 9.0
    for k, region in enumerate(KEY_ORDER):
        x = x0 + (k % columns) * cell_w
        y = y0 + (k // columns) * cell_h
        item = dwg.g(class_=f"key key-{region.value}")
        colour = style.region_colour[region]
        item.add(dwg.rect((x, y), (chip_w, 5.0), rx=0.5,
                          fill="#ffffff" if style.low_ink else colour,
                          stroke=colour if style.low_ink else "none", stroke_width=0.6,
                          class_="key-chip"))
        texture = pattern_fill(dwg, style.region_pattern[region],
                               colour if style.low_ink else "#ffffff", pitch=1.6,
                               opacity=0.9)
        if texture:
            item.add(dwg.rect((x, y), (chip_w, 5.0), rx=0.5, fill=texture))
        sx = x + chip_w + 1.0
        if region in (Region.NORTH, Region.SOUTH):
            sample = dwg.g(class_="key-map")
            sample.add(dwg.rect((sx, y), (6.0, 5.0), fill="#ffffff",
                                stroke=style.ink["outline"], stroke_width=0.25))
            hatch = pattern_fill(dwg, style.area_pattern[region], style.region_colour[region],
                                 pitch=2.4, opacity=0.6)
            if hatch:
                sample.add(dwg.rect((sx, y), (6.0, 5.0), fill=hatch))
            edge = y + 5.0 if region is Region.NORTH else y
            sample.add(dwg.line((sx, edge), (sx + 6.0, edge), stroke=style.ink["text"],
                                stroke_width=0.9))
            item.add(sample)
        else:
            area = next(a for a in ALL_AREAS if a.longitude is region)
            fill, textures = area_paint(dwg, style, area)
            if not style.low_ink:
                fill, textures = _region_tint(style, region), []
            item.add(dwg.rect((sx, y), (6.0, 5.0), fill=fill, stroke=style.ink["outline"],
                              stroke_width=0.25, class_="key-map"))
            for texture in textures:
                if texture != area_texture(dwg, style, area):
                    item.add(dwg.rect((sx, y), (6.0, 5.0), fill=texture))
        item.add(text(dwg, region.value.capitalize(), sx + 7.2, y + 3.9, 8, bold=True,
                      fill=style.ink["text"]))
        legend.add(item)
    return legend


def legend_cell(columns: int, width: float = 0.0) -> tuple[float, float]:
    """Width and height of one entry of the region key."""
    return (max(width / columns, 40.0) if columns == 1 else 37.0, 6.4)


def legend_size(columns: int = 5, width: float = 0.0) -> tuple[float, float]:
    cell_w, cell_h = legend_cell(columns, width)
    rows = -(-len(KEY_ORDER) // columns)
    return (cell_w * columns, cell_h * rows)


LEGEND_SIZE = legend_size()


def side_column(page_w: float, geometry: MapGeometry) -> bool:
    """Does the sheet put its furniture beside the map (True) or below it?"""
    return page_w - 2 * MARGIN - geometry.width - 4.0 >= SIDE_MIN


def map_origin(page_w: float, page_h: float, geometry: MapGeometry) -> tuple[float, float]:
    """Top-left corner of the map on a sheet: under the header; at the left margin when
    the furniture goes beside it, else centred above the band."""
    body_top = MARGIN + HEADER
    if side_column(page_w, geometry):
        body_h = page_h - 2 * MARGIN - HEADER
        return (MARGIN, body_top + max(0.0, (body_h - geometry.height) / 2))
    return ((page_w - geometry.width) / 2, body_top)


def furniture_box(page_w: float, page_h: float,
                  geometry: MapGeometry) -> tuple[float, float, float, float]:
    """The free rectangle (x, y, width, height) for the sheet's furniture: the column
    beside the map or the band below it."""
    ox, oy = map_origin(page_w, page_h, geometry)
    if side_column(page_w, geometry):
        x = ox + geometry.width + 5.0
        return (x, MARGIN + HEADER, page_w - MARGIN - x, page_h - 2 * MARGIN - HEADER)
    y = oy + geometry.height + 3.0
    return (MARGIN, y, page_w - 2 * MARGIN, page_h - MARGIN - y)


def sheet_code(game_map: Map, paper: Paper, options: SheetOptions) -> str:
    """What the sheet's QR code carries (``draw.marks.sheet_code``):
    ``sheetgen:sheet:v3:<map>:<paper>:<seed>:<n>``, seed ``-`` on a sheet printed without
    one (a blank sheet, every sheet of a kit). Sheets of layout 1 carried no layout field:
    ``sheetgen:sheet:<map>:<paper>:<seed>:<n>``."""
    return marks_code(game_map.id, paper.id, options.seed, options.sheet_number)


def turn_count(game_map: Map) -> int:
    """Boxes in the turn tracker: two numbers a turn after the four setup numbers, plus a
    few for star turns and the last turns."""
    return -(-(len(game_map.spaces) - 4) // 2) + 5


def _box(dwg: svgwrite.Drawing, x: float, y: float, w: float, h: float, style: Style,
         class_: str) -> Any:
    return dwg.rect((round(x, 2), round(y, 2)), (round(w, 2), round(h, 2)), rx=0.6,
                    fill="#ffffff", stroke=style.ink["outline"], stroke_width=0.4,
                    class_=class_)


SCORE_FIELDS = (("Spaces on route", "score-spaces"), ("Circled on route", "score-circled"))
"""What the score breakdown adds up before its total: (label, class) per box."""


def add_score_boxes(dwg: svgwrite.Drawing, x: float, y: float, style: Style,
                    fields: tuple[tuple[str, str], ...] = SCORE_FIELDS) -> Group:
    """Score breakdown (each of ``fields`` + ... = total) and the tie-break box (circled
    spaces on the whole board) under the total, top left at (x, y); ``score_size(fields)``
    wide and high."""
    group = dwg.g(class_="score-boxes")
    muted = style.ink["muted"]
    box_w, box_h = 12.0, 8.0
    group.add(text(dwg, "Score", x, y + 3.2, 8.5, bold=True))
    cells = (*fields, ("Total", "score-total"))
    for k, (label, cls) in enumerate(cells):
        bx = x + k * (box_w + 6.0)
        group.add(text(dwg, label, bx, y + 7.4, TYPE_MIN_PT, fill=muted))
        group.add(_box(dwg, bx, y + 8.6, box_w, box_h, style, f"score-box {cls}"))
        if k < len(fields):
            group.add(text(dwg, "+" if k < len(fields) - 1 else "=", bx + box_w + 3.0,
                           y + 14.4, 11, bold=True, anchor="middle"))
    ty = y + 8.6 + box_h + 1.5
    group.add(text(dwg, "Tie-break:", x, ty + 3.0, 6.5, bold=True))
    group.add(text(dwg, "circled on the whole board", x, ty + 6.2, 6.5, fill=muted))
    group.add(_box(dwg, x + len(fields) * (box_w + 6.0), ty, box_w, 6.5, style,
                   "tie-break-box"))
    return group


def score_size(fields: tuple[tuple[str, str], ...] = SCORE_FIELDS) -> tuple[float, float]:
    """Width and height of :func:`add_score_boxes` with ``fields``."""
    n = len(fields) + 1
    return (n * 12.0 + (n - 1) * 6.0, 8.6 + 8.0 + 1.5 + 6.5)


SCORE_SIZE = score_size()


def add_turn_tracker(dwg: svgwrite.Drawing, x: float, y: float, width: float, turns: int,
                     style: Style) -> tuple[Group, float]:
    """Numbered boxes to tick, one a turn, in rows that fit ``width`` (the title too:
    wrapped when narrower than it); the group and its height."""
    group = dwg.g(class_="turn-tracker")
    title = wrap("Turns (tick one a turn)", width, 8.5, bold=True)
    for k, line in enumerate(title):
        group.add(text(dwg, line, x, y + 3.2 + 3.6 * k, 8.5, bold=True))
    y += 3.6 * (len(title) - 1)
    side, pitch = 4.6, 5.4
    per_row = max(1, int((width + pitch - side) // pitch))
    for k in range(turns):
        bx = x + (k % per_row) * pitch
        by = y + 5.0 + (k // per_row) * (pitch + 2.2)
        group.add(dwg.rect((round(bx, 2), round(by, 2)), (side, side), fill="#ffffff",
                           stroke=style.ink["outline"], stroke_width=0.3, class_="turn-box"))
        group.add(text(dwg, str(k + 1), bx + side / 2, by + side + 2.1, TYPE_MIN_PT,
                       anchor="middle",
                       fill=style.ink["muted"]))
    rows = -(-turns // per_row)
    return group, 3.6 * (len(title) - 1) + 5.0 + rows * (pitch + 2.2)


RULES = ("Route: neighbouring spaces, never lower, no space twice, never through an X; "
         "equal numbers may follow each other; a star is any number. "
         "Score: 1 point per space on your route + 1 per circled space on it. "
         "A hollow bar across a border: no link there.")
"""The rules in brief, printed on every sheet (the tie-break is spelt out at its box)."""
FERRY_RULE = " A dashed line with a boat: a link over water."
"""Added to :data:`RULES` on a map with links over water."""


def rules_text(game_map: Map) -> str:
    """The rules a sheet of ``game_map`` prints."""
    return RULES + (FERRY_RULE if game_map.water_edges else "")


NAME_X = MARGIN + 72.0
"""Where the header's name field starts, mm from the left edge."""


def add_player_name(dwg: svgwrite.Drawing, options: SheetOptions) -> None:
    """The player's name on the header's name line (nothing for a blank sheet)."""
    if options.player:
        (name,), name_pt = fit_text(options.player, 66.0, 11, min_pt=6, bold=True)
        dwg.add(text(dwg, name, NAME_X + 12, MARGIN + 6.9, name_pt, bold=True,
                     class_="player-name"))


def add_header(dwg: svgwrite.Drawing, title: str, width: float, options: SheetOptions,
               style: Style, *, name: bool = True) -> None:
    """The header band of a sheet ``width`` mm wide: title, name line, seed and date
    fields (filled from ``options``), and a note under the title on a seeded sheet.
    ``name`` False leaves the name line blank (the name drawn apart: ``sheet_layers``)."""
    muted = style.ink["muted"]
    top = MARGIN
    dwg.add(text(dwg, title, MARGIN + 0.5, top + 7.5, 17, bold=True))
    name_x = NAME_X
    dwg.add(text(dwg, "Name", name_x, top + 7.5, 9, fill=muted))
    dwg.add(dwg.line((name_x + 10, top + 8.1), (name_x + 80, top + 8.1),
                     stroke=style.ink["outline"], stroke_width=0.3, class_="name-line"))
    if name:
        add_player_name(dwg, options)
    field_x = width - MARGIN - 88.0
    for label, value, fx, fw, cls in (
            ("Seed", "" if options.seed is None else seed_code(options.seed), field_x, 40.0,
             "seed-field"),
            ("Date", options.date, field_x + 50.0, 38.0, "date-field")):
        dwg.add(text(dwg, label, fx, top + 7.5, 9, fill=muted))
        dwg.add(dwg.line((fx + 9.0, top + 8.1), (fx + fw, top + 8.1),
                         stroke=style.ink["outline"], stroke_width=0.3, class_=cls))
        if value:
            (shown,), size = fit_text(value, fw - 10.0, 10, min_pt=5, bold=True)
            dwg.add(text(dwg, shown, fx + 10.0, top + 6.9, size, bold=True,
                         class_=f"{cls}-value"))
    if options.seed is not None:
        dwg.add(text(dwg, f"Seeded game · seed {seed_code(options.seed)}", MARGIN + 0.5,
                     top + 11.3, 7, fill=muted))


def sheet_page(title: str, paper: Paper, options: SheetOptions,
               style: Style, *, name: bool = True) -> tuple[svgwrite.Drawing, float, float]:
    """A blank landscape player sheet of every map: white paper, the registration marks
    and the header with the seed and date fields (and the name unless ``name`` is
    False). Returns it with its width and height."""
    width, height = paper.landscape
    dwg = new_page(width, height)
    dwg.add(dwg.rect((0, 0), (width, height), fill="#ffffff"))
    dwg.add(add_registration_marks(dwg, width, height))
    add_header(dwg, title, width, options, style, name=name)
    return dwg, width, height


def sheet_svg(game_map: Map, geometry: MapGeometry, paper: Paper,
              options: SheetOptions = SheetOptions(), style: Style | None = None) -> str:
    """One landscape player sheet as SVG text."""
    return _sheet(game_map, geometry, paper, options, style or load_style())[0]


SheetBase = tuple[str, tuple[float, float]]
"""What the sheets of one run share: the sheet drawn without its name and code, and where
the code goes (mm)."""


def sheet_marks_svg(game_map: Map, paper: Paper, options: SheetOptions,
                    code_at: tuple[float, float]) -> str:
    """What one sheet of a set has of its own, on a transparent page: the player's name
    and the code carrying the sheet's number (top left of the code at ``code_at``)."""
    width, height = paper.landscape
    dwg = new_page(width, height)
    add_player_name(dwg, options)
    dwg.add(add_qr(dwg, sheet_code(game_map, paper, options), *code_at, QR_MODULE,
                   id_="sheet-code"))
    return str(dwg.tostring())


def sheet_layers(game_map: Map, geometry: MapGeometry, paper: Paper, options: SheetOptions,
                 bases: dict[float, SheetBase], style: Style | None = None,
                 base: Callable[[SheetOptions, Style], SheetBase] | None = None) -> Layers:
    """One sheet of a set as two layers: the sheet without its name and code, drawn once
    for the set (kept in ``bases`` by the code's size, which moves what stands beside
    the code) and stored once in the PDF, and the name and code (``sheet_marks_svg``).
    ``base`` draws the sheet without its name and code (a map that draws its sheets its
    own way; by default On Tour's)."""
    side = qr_side(sheet_code(game_map, paper, options), QR_MODULE)
    if side not in bases:
        style = style or load_style()
        bases[side] = (base(options, style) if base is not None else
                       _sheet(game_map, geometry, paper, options, style, marks=False))
    drawn, code_at = bases[side]
    return Layers((drawn, sheet_marks_svg(game_map, paper, options, code_at)))


def _sheet(game_map: Map, geometry: MapGeometry, paper: Paper, options: SheetOptions,
           style: Style, *, marks: bool = True) -> SheetBase:
    """The sheet as SVG text and where its code stands; ``marks`` False leaves out the
    name and the code (what ``sheet_marks_svg`` draws)."""
    dwg, width, height = sheet_page(game_map.title, paper, options, style, name=marks)

    origin = map_origin(width, height, geometry)
    dwg.add(add_map(dwg, game_map, geometry, origin, style, cells=options.prefilled))

    fx, fy, fw, fh = furniture_box(width, height, geometry)
    payload = sheet_code(game_map, paper, options)
    code_side = qr_side(payload, QR_MODULE)
    credit = options.attribution.splitlines()
    if side_column(width, geometry):
        y = fy
        dwg.add(add_legend(dwg, (fx, y), style, columns=1, width=fw))
        y += legend_size(1, fw)[1] + 4.0
        dwg.add(add_score_boxes(dwg, fx, y, style))
        y += SCORE_SIZE[1] + 5.0
        tracker, th = add_turn_tracker(dwg, fx, y, fw, turn_count(game_map), style)
        dwg.add(tracker)
        y += th + 3.0
        for line in wrap(rules_text(game_map), fw, RULES_PT):
            dwg.add(text(dwg, line, fx, y + 2.5, RULES_PT, fill=style.ink["text"],
                         class_="rules"))
            y += 3.1
        qx, qy = fx - 4 * QR_MODULE, fy + fh - code_side + 4 * QR_MODULE
        credit_x = qx + code_side - 4 * QR_MODULE + 2.0
        credit_y, credit_w = fy + fh, fx + fw - credit_x
    else:
        x = fx
        dwg.add(add_legend(dwg, (x, fy), style, columns=3))
        ks = legend_size(3)
        rules_w = ks[0] - 2.0
        for k, line in enumerate(wrap(rules_text(game_map), rules_w, RULES_PT)):
            dwg.add(text(dwg, line, x, fy + ks[1] + 2.9 + 3.0 * k, RULES_PT,
                         fill=style.ink["text"], class_="rules"))
        x += ks[0] + 4.0
        dwg.add(add_score_boxes(dwg, x, fy, style))
        x += SCORE_SIZE[0] + 7.0
        # The code's quiet zone stays inside the margin, clear of the registration mark.
        qx, qy = fx + fw - code_side, fy + fh - code_side
        tracker_w = qx + 4 * QR_MODULE - 3.0 - x
        tracker, _ = add_turn_tracker(dwg, x, fy, tracker_w, turn_count(game_map), style)
        dwg.add(tracker)
        # The credit under the rules, as wide as the key.
        credit_x, credit_y, credit_w = fx, fy + fh, ks[0]
    if marks:
        dwg.add(add_qr(dwg, payload, qx, qy, QR_MODULE, id_="sheet-code"))
    add_credit(dwg, credit, credit_x, credit_y, credit_w, style)
    return str(dwg.tostring()), (qx, qy)


def add_credit(dwg: svgwrite.Drawing, credit: list[str], x: float, bottom: float,
               width: float, style: Style) -> None:
    """The open-data credit in small type, its last line's baseline at ``bottom``: set
    from ``x`` and wrapped to ``width`` mm, or (``width`` 0) ending at ``x`` unwrapped."""
    anchor = "start" if width else "end"
    if width:
        credit = [part for line in credit for part in wrap(line, width, TYPE_MIN_PT)]
    for k, line in enumerate(reversed(credit)):
        dwg.add(text(dwg, line, x, bottom - 2.7 * k, TYPE_MIN_PT, anchor=anchor,
                     fill=style.ink["muted"], class_="attribution"))
