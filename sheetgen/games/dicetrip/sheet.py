"""Dice Trip sheets: the map of cities and roads in three zones, the 36-number tracker,
the special powers, the variant boxes and the scoring area; and the scored sheet.

A4 and Letter portrait, one page a player. The map is drawn at print scale (the geometry
is in mm). Zones read in greyscale by texture (``templates/dicetrip.toml``) and by their
printed names; a coloured city carries its die's colour as a patterned ring AND the die's
letter in a badge, so it reads without colour too. The scored page is the same sheet with
the player's numbers written in, the longest road drawn as arrows, the series as a
dashed band, crossed numbers struck off the tracker and the scoring area filled in.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from math import hypot
from typing import Any

import svgwrite
from svgwrite.container import Group

from sheetgen.draw.marks import QR_MODULE, add_registration_marks, sheet_code
from sheetgen.draw.page import new_page
from sheetgen.draw.patterns import pattern_fill
from sheetgen.draw.pdf import Layers
from sheetgen.draw.qr import add_qr, qr_side, seed_code
from sheetgen.draw.style import DiceColour, dice_colours, load_style
from sheetgen.draw.text import PT, text, text_width, wrap
from sheetgen.games.dicetrip.rules import TRACKER
from sheetgen.games.dicetrip.score import ZONES, TripScore, TripStandings
from sheetgen.model import Board, Cell, CellKind, Map, MapGeometry, SpaceId
from sheetgen.templates import Paper, load

ROAD_INK = "#d4145a"
"""The longest road on a scored sheet."""
SERIES_INK = "#1f7a8c"
"""The series on a scored sheet."""


@dataclass(frozen=True)
class TripSheetOptions:
    player: str = ""
    """Printed on the name line (blank: a line to write on)."""
    seed: int | None = None
    """A seeded game: printed in the header."""
    attribution: str = ""
    sheet_number: int = 1
    """Which sheet of a printed set this is (carried in the sheet's code)."""


@dataclass(frozen=True)
class Zone:
    id: str
    label: str
    tint: str
    pattern: str
    label_at: tuple[float, float]


@cache
def zones() -> tuple[Zone, ...]:
    data = load("dicetrip")
    return tuple(Zone(z, data["zones"][z]["label"], data["zones"][z]["tint"],
                      data["zones"][z]["pattern"],
                      (float(data["zone_labels"][z][0]), float(data["zone_labels"][z][1])))
                 for z in ZONES)


@cache
def layout() -> Mapping[str, Any]:
    return dict(load("dicetrip")["sheet"])


def _colour(name: str | None) -> DiceColour | None:
    return next((c for c in dice_colours() if c.name == name), None)


def _path(points: Sequence[tuple[float, float]], dx: float, dy: float,
          closed: bool = True) -> str:
    pts = " ".join(f"{x + dx:.2f},{y + dy:.2f}" for x, y in points)
    return f"M{pts}{'Z' if closed else ''}"


def _letter_ink(colour: str) -> str:
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return "#ffffff" if 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.45 else "#1a1a1a"


def die_chip(dwg: svgwrite.Drawing, colour: DiceColour, x: float, y: float, side: float,
             value: int | None = None, faint: bool = False) -> Group:
    """A die of ``colour`` as a rounded square at (x, y) top left: colour, pattern and
    letter; with ``value`` the face value in a white disc."""
    g = dwg.g(class_=f"die die-{colour.name}", opacity="0.75" if faint else "1")
    g.add(dwg.rect((round(x, 2), round(y, 2)), (side, side), rx=side * 0.18,
                   fill=colour.colour, stroke="#1a1a1a", stroke_width=0.25))
    pattern = pattern_fill(dwg, colour.pattern, _letter_ink(colour.colour), pitch=1.4,
                           opacity=0.5)
    if pattern:
        g.add(dwg.rect((round(x, 2), round(y, 2)), (side, side), rx=side * 0.18,
                       fill=pattern))
    if value is None:
        g.add(text(dwg, colour.letter, x + side / 2, y + side * 0.7, side * 1.6,
                   bold=True, anchor="middle", fill=_letter_ink(colour.colour)))
        return g
    # the value in a white disc right of centre, the letter in the band left of it
    cx, cy = x + side * 0.6, y + side * 0.53
    g.add(dwg.circle((round(cx, 2), round(cy, 2)), side * 0.31,
                     fill="#ffffff", stroke="#1a1a1a", stroke_width=0.15))
    g.add(text(dwg, str(value), cx, cy + side * 0.15, side * 1.15,
               bold=True, anchor="middle", class_="die-value"))
    g.add(text(dwg, colour.letter, x + side * 0.16, y + side * 0.42, side * 0.8,
               bold=True, anchor="middle", fill=_letter_ink(colour.colour)))
    return g


LABEL_PT = 7.5
"""City names, points (condensed bold)."""
RING = 1.5
"""How far a coloured city's ring reaches beyond its writing circle, mm."""


@cache
def scaled(geometry: MapGeometry, scale: float) -> MapGeometry:
    """The geometry drawn ``scale`` times larger (positions and outlines; circles keep
    their size), for a sheet that fits the map to its paper."""
    if scale == 1.0:
        return geometry

    def pt(p: tuple[float, float]) -> tuple[float, float]:
        return (round(p[0] * scale, 2), round(p[1] * scale, 2))

    return replace(
        geometry, width=round(geometry.width * scale, 2),
        height=round(geometry.height * scale, 2),
        shapes=tuple(replace(s, rings=tuple(tuple(pt(p) for p in r) for r in s.rings),
                             anchor=pt(s.anchor), label_at=pt(s.label_at),
                             leader_to=pt(s.leader_to) if s.leader_to else None)
                     for s in geometry.shapes),
        context=tuple(tuple(pt(p) for p in r) for r in geometry.context),
        lines=tuple(replace(ln, points=tuple(pt(p) for p in ln.points))
                    for ln in geometry.lines))


def _segment_gap(box: tuple[float, float, float, float], a: tuple[float, float],
                 b: tuple[float, float]) -> float:
    """The least distance between a box and a segment (0 when they meet), sampled every
    0.1 mm along the segment."""
    x0, y0, x1, y1 = box
    n = max(1, int(math.dist(a, b) / 0.1))
    return min(math.hypot(max(x0 - x, 0.0, x - x1), max(y0 - y, 0.0, y - y1))
               for x, y in ((a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n)
                            for k in range(n + 1)))


@cache
def label_spots(game_map: Map, geometry: MapGeometry,
                scale: float = 1.0) -> dict[str, tuple[float, float]]:
    """Each city name's baseline centre (map mm, on the map drawn ``scale`` times larger:
    see :func:`scaled`): the first of eight places round its
    circle (below, above, right, left, then the diagonals) whose box, measured in the
    drawn font, keeps 0.4 mm from every circle and coloured ring, die letter, road, zone
    line and zone name and from the names already placed, top to bottom; failing that
    the place with the most room."""
    geometry = scaled(geometry, scale)
    r = geometry.circle_diameter / 2
    cities = {shape.space: shape.anchor for shape in geometry.shapes}
    reach = {sid: r + (RING if _colour(game_map.space(sid).colour) else 0.0) + 0.2
             for sid in cities}
    discs = [((x, y), reach[sid]) for sid, (x, y) in cities.items()]
    discs += [((x + r * 0.78, y - r * 0.78), 2.3) for sid, (x, y) in cities.items()
              if _colour(game_map.space(sid).colour)]
    lines = [(a, b, 0.5) for line in geometry.lines if line.kind in ("road", "zone")
             for a, b in zip(line.points, line.points[1:], strict=False)]
    boxes: list[tuple[float, float, float, float]] = []
    for zone in zones():
        w = text_width(zone.label.upper(), 10, bold=True) + 0.4 * len(zone.label)
        zx, zy = zone.label_at[0] * scale, zone.label_at[1] * scale
        boxes.append((zx, zy - 2.6, zx + w, zy + 0.3))
    out: dict[str, tuple[float, float]] = {}
    cap, descent = LABEL_PT * PT * 0.72, LABEL_PT * PT * 0.25
    for sid in sorted(cities, key=lambda c: (cities[c][1], cities[c][0])):
        x, y = cities[sid]
        w = text_width(game_map.space(sid).name, LABEL_PT, condensed=True)
        d = reach[sid] + 0.5
        diag = d * 0.72
        places = [(x, y + d + cap), (x, y - d - descent), (x + d + w / 2, y + cap / 2),
                  (x - d - w / 2, y + cap / 2), (x + diag + w / 2, y + diag + cap),
                  (x - diag - w / 2, y + diag + cap), (x + diag + w / 2, y - diag - descent),
                  (x - diag - w / 2, y - diag - descent)]
        h = cap + descent
        for extra in (0.0, 1.5, 3.0):  # then every 15 degrees, stepping out
            for k in range(24):
                t = math.radians(90 + 15 * k)
                cx_ = x + math.cos(t) * (d + extra + w / 2 * abs(math.cos(t)))
                cy_ = y + math.sin(t) * (d + extra + h / 2 * abs(math.sin(t)))
                places.append((cx_, cy_ + cap - h / 2))
        best: tuple[float, tuple[float, float], tuple[float, float, float, float]] | None = None
        for bx, by in places:
            box = (bx - w / 2, by - cap, bx + w / 2, by + descent)
            clear = min(
                [math.hypot(max(box[0] - cx, 0.0, cx - box[2]),
                            max(box[1] - cy, 0.0, cy - box[3])) - rad
                 for (cx, cy), rad in discs]
                + [_segment_gap(box, a, b) - half for a, b, half in lines]
                + [math.hypot(max(box[0] - o[2], 0.0, o[0] - box[2]),
                              max(box[1] - o[3], 0.0, o[1] - box[3])) for o in boxes])
            if clear >= 0.4:
                best = (clear, (bx, by), box)
                break
            if best is None or clear > best[0]:
                best = (clear, (bx, by), box)
        assert best is not None
        boxes.append(best[2])
        out[sid] = (round(best[1][0], 2), round(best[1][1], 2))
    return out


def add_trip_map(dwg: svgwrite.Drawing, game_map: Map, geometry: MapGeometry,
                 origin: tuple[float, float], *,
                 cells: Mapping[SpaceId, Cell] | None = None,
                 road: Sequence[SpaceId] = (), series: Sequence[SpaceId] = (),
                 bonus: Sequence[SpaceId] = (), names: bool = True,
                 scale: float = 1.0) -> Group:
    """The map at ``origin``: neighbours, zones, roads, city circles and names; with
    ``cells`` the numbers written, ``road`` and ``series`` drawn, ``bonus`` marked.
    ``names`` False leaves out the city names and die letters (a small preview).
    ``scale`` draws the map that many times larger, its circles and type as they are."""
    dx, dy = origin
    base, geometry = geometry, scaled(geometry, scale)
    style = load_style()
    group = dwg.g(class_="trip-map")
    context = dwg.g(class_="context", fill=style.ink["context_land"], stroke="#d0d0d0",
                    stroke_width=0.2)
    for ring in geometry.context:
        context.add(dwg.path(d=_path(ring, dx, dy)))
    group.add(context)
    by_zone = {z.id: z for z in zones()}
    area = dwg.g(class_="zones", stroke="none")
    for line in geometry.lines:
        if line.kind == "zone":
            zone = by_zone[line.ref]
            area.add(dwg.path(d=_path(line.points, dx, dy), fill=zone.tint,
                              class_=f"zone zone-{zone.id}"))
            texture = pattern_fill(dwg, zone.pattern, "#5a5a5a", pitch=2.2, opacity=0.35)
            if texture:
                area.add(dwg.path(d=_path(line.points, dx, dy), fill=texture))
    group.add(area)
    borders = dwg.g(class_="borders", fill="none", stroke="#3a3a3a", stroke_width=0.35,
                    stroke_linejoin="round")
    for line in geometry.lines:
        if line.kind == "border":
            borders.add(dwg.path(d=_path(line.points, dx, dy)))
    group.add(borders)
    # zone boundaries: the zone areas' outlines, dashed, over the country
    edges = dwg.g(class_="zone-lines", fill="none", stroke="#3a3a3a", stroke_width=0.5,
                  stroke_dasharray="2.2,1.4")
    for line in geometry.lines:
        if line.kind == "zone":
            edges.add(dwg.path(d=_path(line.points, dx, dy)))
    group.add(edges)

    cfg = layout()
    roads = dwg.g(class_="roads", stroke=cfg["road_ink"], stroke_width=cfg["road_width"],
                  stroke_linecap="round")
    for line in geometry.lines:
        if line.kind == "road":
            roads.add(dwg.path(d=_path(line.points, dx, dy, closed=False),
                               class_=f"road road-{line.ref}"))
    group.add(roads)
    for zone in zones():  # over the roads, on a halo of the zone's tint
        lx, ly = zone.label_at[0] * scale, zone.label_at[1] * scale
        # The halo is the letters' outline only (fill none): drawn as shapes, not as a
        # second copy of the text that a PDF reader would extract.
        group.add(text(dwg, zone.label.upper(), lx + dx, ly + dy, 10, bold=True,
                       fill="none", stroke=zone.tint, stroke_width=1.2,
                       stroke_linejoin="round", letter_spacing="0.4"))
        group.add(text(dwg, zone.label.upper(), lx + dx, ly + dy, 10, bold=True,
                       fill="#4a4a4a", class_=f"zone-label zone-label-{zone.id}",
                       letter_spacing="0.4"))

    at = {s.space: (s.anchor[0] + dx, s.anchor[1] + dy) for s in geometry.shapes}
    r = geometry.circle_diameter / 2
    if series:
        _add_series(dwg, group, [at[c] for c in series])
    if road:
        _add_road(dwg, group, [at[c] for c in road], r)

    circles = dwg.g(class_="cities")
    for shape in geometry.shapes:
        space = game_map.space(shape.space)
        cx, cy = at[shape.space]
        colour = _colour(space.colour)
        city = dwg.g(class_=f"city city-{space.id}")
        if colour is not None:
            city.add(dwg.circle((round(cx, 2), round(cy, 2)), r + 1.5, fill=colour.colour,
                                stroke="#1a1a1a", stroke_width=0.25))
            pattern = pattern_fill(dwg, colour.pattern, _letter_ink(colour.colour),
                                   pitch=1.4, opacity=0.5)
            if pattern:
                city.add(dwg.circle((round(cx, 2), round(cy, 2)), r + 1.5, fill=pattern))
        city.add(dwg.circle((round(cx, 2), round(cy, 2)), r, fill="#ffffff",
                            stroke="#1a1a1a", stroke_width=0.35,
                            class_="write-in", data_space=space.id, id=f"circle-{space.id}"))
        if colour is not None and names:
            bx, by = cx + r * 0.78, cy - r * 0.78
            city.add(dwg.circle((round(bx, 2), round(by, 2)), 2.0, fill="#ffffff",
                                stroke=colour.colour, stroke_width=0.6))
            city.add(text(dwg, colour.letter, bx, by + 1.05, 7.5, bold=True,
                          anchor="middle", class_="die-letter"))
        circles.add(city)
    group.add(circles)
    labels = dwg.g(class_="labels")
    spots = label_spots(game_map, base, scale) if names else {}
    for shape in geometry.shapes if names else ():
        space = game_map.space(shape.space)
        lx, ly = spots[shape.space][0] + dx, spots[shape.space][1] + dy
        labels.add(text(dwg, space.name, lx, ly, LABEL_PT, condensed=True, anchor="middle",
                        fill="none", stroke="#ffffff", stroke_width=0.8,
                        stroke_linejoin="round", class_="city-halo"))
        labels.add(text(dwg, space.name, lx, ly, LABEL_PT, condensed=True, anchor="middle",
                        class_="city-name"))
    group.add(labels)
    if cells:
        group.add(_written(dwg, at, r, cells, set(bonus)))
    return group


def _add_road(dwg: svgwrite.Drawing, group: Group, points: list[tuple[float, float]],
              r: float) -> None:
    ink = ROAD_INK
    road = dwg.g(class_="longest-road", stroke=ink, fill=ink, stroke_width=1.0,
                 stroke_linecap="round")
    for (ax, ay), (bx, by) in zip(points, points[1:], strict=False):
        length = hypot(bx - ax, by - ay) or 1.0
        ux, uy = (bx - ax) / length, (by - ay) / length
        sx, sy = ax + ux * (r + 0.4), ay + uy * (r + 0.4)
        ex, ey = bx - ux * (r + 0.4), by - uy * (r + 0.4)
        hx, hy = ex - ux * 2.4, ey - uy * 2.4
        road.add(dwg.line((round(sx, 2), round(sy, 2)), (round(hx, 2), round(hy, 2))))
        road.add(dwg.polygon([(round(ex, 2), round(ey, 2)),
                              (round(hx - uy * 1.2, 2), round(hy + ux * 1.2, 2)),
                              (round(hx + uy * 1.2, 2), round(hy - ux * 1.2, 2))],
                             stroke="none"))
    group.add(road)


def _add_series(dwg: svgwrite.Drawing, group: Group,
                points: list[tuple[float, float]]) -> None:
    pts = [(round(x, 2), round(y, 2)) for x, y in points]
    band = dwg.g(class_="series", fill="none", stroke_linecap="round",
                 stroke_linejoin="round")
    band.add(dwg.polyline(pts, stroke=SERIES_INK, stroke_width=4.2, stroke_opacity=0.35))
    band.add(dwg.polyline(pts, stroke=SERIES_INK, stroke_width=0.7,
                          stroke_dasharray="1.6,1.0"))
    group.add(band)


def _written(dwg: svgwrite.Drawing, at: Mapping[SpaceId, tuple[float, float]], r: float,
             cells: Mapping[SpaceId, Cell], bonus: set[SpaceId]) -> Group:
    """What the player wrote: numbers (in parentheses when written with the city's die),
    crosses; a bonus city gets a small +1 tag."""
    out = dwg.g(class_="written")
    for city, cell in sorted(cells.items()):
        cx, cy = at[city]
        if cell.kind is CellKind.CROSS:
            d = r * 0.62
            out.add(dwg.path(d=f"M{cx - d:.2f},{cy - d:.2f}L{cx + d:.2f},{cy + d:.2f}"
                               f"M{cx - d:.2f},{cy + d:.2f}L{cx + d:.2f},{cy - d:.2f}",
                             stroke="#1a1a1a", stroke_width=0.8, class_="cross"))
            continue
        label = f"({cell.value})" if cell.circled else f"{cell.value}"
        size = 11.0 if not cell.circled else 9.0
        out.add(text(dwg, label, cx, cy + 1.4, size, bold=True, anchor="middle",
                     fill="#1b3a8a", class_="written-number", data_space=city))
        if city in bonus:
            tx, ty = cx - r * 0.78, cy - r * 0.78
            out.add(dwg.circle((round(tx, 2), round(ty, 2)), 2.0, fill="#1a1a1a"))
            out.add(text(dwg, "+1", tx, ty + 0.9, 6, bold=True, anchor="middle",
                         fill="#ffffff", class_="bonus-tag"))
    return out


# --- the sheet's furniture ----------------------------------------------------------------


def add_tracker(dwg: svgwrite.Drawing, x: float, y: float, width: float,
                used: set[int] | None = None) -> float:
    """The 36 numbers in two rows of 18 (11 ... 36, then 41 ... 66); 16 stands next to 21
    as the rules say. Returns the height used."""
    cfg = layout()
    box = float(cfg["tracker_box"])
    gap = (width - 18 * box - 2 * 1.6) / 17  # extra room between tens-groups
    group = dwg.g(class_="tracker")
    group.add(text(dwg, "Numbers used: cross each one off as you write it (16 and 21 "
                        "follow each other, as do 26 and 31 ...)", x, y + 3.0, 8,
                   bold=True))
    top = y + 4.8
    for i, number in enumerate(TRACKER):
        row, col = divmod(i, 18)
        bx = x + col * (box + gap) + (col // 6) * 1.6
        by = top + row * (box * 0.82 + 2.2)
        group.add(dwg.rect((round(bx, 2), round(by, 2)), (box, box * 0.82), rx=1.0,
                           fill="#ffffff", stroke="#3a3a3a", stroke_width=0.3,
                           class_="tracker-box", data_number=str(number)))
        group.add(text(dwg, str(number), bx + box / 2, by + box * 0.58, 10, bold=True,
                       anchor="middle", fill="#4a4a4a", class_="tracker-number"))
        if used and number in used:
            group.add(dwg.line((round(bx + 1, 2), round(by + box * 0.72, 2)),
                               (round(bx + box - 1, 2), round(by + 1, 2)),
                               stroke="#1b3a8a", stroke_width=0.7, class_="tracker-used"))
    dwg.add(group)
    return tracker_height()


def tracker_height() -> float:
    """Height of :func:`add_tracker`, mm."""
    box = float(layout()["tracker_box"])
    return 4.8 + 2 * box * 0.82 + 2.2


def _box(dwg: svgwrite.Drawing, x: float, y: float, w: float, h: float,
         value: str = "", cls: str = "score-box") -> Group:
    g = dwg.g(class_=cls)
    g.add(dwg.rect((round(x, 2), round(y, 2)), (w, h), rx=0.8, fill="#ffffff",
                   stroke="#1a1a1a", stroke_width=0.35))
    if value:
        g.add(text(dwg, value, x + w / 2, y + h / 2 + 1.6, 11, bold=True, anchor="middle",
                   fill="#1b3a8a", class_="score-value"))
    return g


def _title(dwg: svgwrite.Drawing, title: str, x: float, y: float, width: float) -> float:
    """A block's title in 9 pt bold, wrapped to ``width``; returns the height used."""
    lines = wrap(title, width, 9, bold=True)
    for k, line in enumerate(lines):
        dwg.add(text(dwg, line, x, y + 3.5 + 3.8 * k, 9, bold=True))
    return 5.0 + 3.8 * (len(lines) - 1)


def add_side_column(dwg: svgwrite.Drawing, game_map: Map, x: float, y: float, width: float,
                    height: float, used: set[int] | None = None) -> float:
    """Powers, variant boxes, dice legend and zones key, top to bottom, spread over
    ``height`` (at most 6 mm between blocks). Returns the height used."""
    blocks = [_powers, _variant, _coloured, _zones_key]
    sizes = [block(svgwrite.Drawing(), game_map, x, 0.0, width, used) for block in blocks]
    gap = min(6.0, max(2.5, (height - sum(sizes)) / (len(blocks) - 1)))
    top = y
    for block in blocks:
        y += block(dwg, game_map, x, y, width, used) + gap
    return y - gap - top


def _powers(dwg: svgwrite.Drawing, game_map: Map, x: float, y: float, width: float,
            used: set[int] | None) -> float:
    top = y
    y += _title(dwg, "Special powers", x, y, width) + 0.5
    for label, hint in (("Re-roll", "any dice, once"), ("One die twice", "not with itself")):
        dwg.add(_box(dwg, x, y, 5.0, 5.0, cls="power-box"))
        dwg.add(text(dwg, label, x + 7.0, y + 2.6, 8, bold=True))
        dwg.add(text(dwg, hint, x + 7.0, y + 5.4, 6.5, fill="#6b6b6b"))
        y += 7.0
    return y - top


def _variant(dwg: svgwrite.Drawing, game_map: Map, x: float, y: float, width: float,
             used: set[int] | None) -> float:
    top = y
    y += _title(dwg, "Variant: one of each ten", x, y, width)
    step = min(7.0, (width - 0.5) / 6)
    tens = {n // 10 for n in used} if used else set()
    for k in range(6):
        bx = x + k * step
        dwg.add(_box(dwg, bx, y, step - 1.2, 5.5, cls="variant-box"))
        dwg.add(text(dwg, f"{k + 1}x", bx + (step - 1.2) / 2, y + 8.5, 6.5, anchor="middle",
                     fill="#6b6b6b"))
        if k + 1 in tens:  # a tick, drawn (the fonts have no tick glyph)
            dwg.add(dwg.polyline([(round(bx + 1.2, 2), round(y + 2.9, 2)),
                                  (round(bx + 2.4, 2), round(y + 4.3, 2)),
                                  (round(bx + step - 2.6, 2), round(y + 1.2, 2))],
                                 fill="none", stroke="#1b3a8a", stroke_width=0.6,
                                 class_="variant-tick"))
    return y + 9.0 - top


def _coloured(dwg: svgwrite.Drawing, game_map: Map, x: float, y: float, width: float,
              used: set[int] | None) -> float:
    top = y
    y += _title(dwg, "Coloured cities", x, y, width)
    for colour in dice_colours():
        cities = [s.name for s in game_map.spaces if s.colour == colour.name]
        dwg.add(die_chip(dwg, colour, x, y, 5.0))
        dwg.add(text(dwg, ", ".join(cities), x + 6.5, y + 3.7, 7, condensed=True))
        y += 6.2
    return y - 1.2 - top


def _zones_key(dwg: svgwrite.Drawing, game_map: Map, x: float, y: float, width: float,
               used: set[int] | None) -> float:
    top = y
    y += _title(dwg, "Zones", x, y, width)
    for zone in zones():
        dwg.add(dwg.rect((x, y), (8.0, 4.5), fill=zone.tint, stroke="#3a3a3a",
                         stroke_width=0.25))
        texture = pattern_fill(dwg, zone.pattern, "#5a5a5a", pitch=2.2, opacity=0.35)
        if texture:
            dwg.add(dwg.rect((x, y), (8.0, 4.5), fill=texture))
        dwg.add(text(dwg, zone.label, x + 10.0, y + 3.5, 7.5))
        y += 5.6
    return y - 1.1 - top


SCORING_ROWS = (
    ("bonus", "Bonus cities", "+1 a double or its colour"),
    ("crossed", "Crossed cities", "-1 each"),
    ("road", "Longest road", "+1 a city, numbers rising"),
    ("series", "Series", "4=2 5=3 6=4 7-9=6 10+=9"),
    ("zones", "Uncrossed zones", "1=4 2=7 3=9"),
    ("variant", "Variant", "empty coloured cities"),
    ("total", "Total", ""),
)
SCORING_COLUMNS = 4
"""Cells a row of the scoring band (two rows: four, then three and the total), beside the
sheet's code: a name or hint at most 25 mm, a box and room between."""
SCORING_CELL_H = 9.5
SCORING_H = 5.0 + 2 * SCORING_CELL_H
"""Height of the scoring band under the tracker, mm."""


def add_scoring_area(dwg: svgwrite.Drawing, x: float, y: float, width: float,
                     score: TripScore | None = None) -> float:
    """The scoring band, ``width`` mm wide: a title, then each part (name, how it scores,
    a box) in two rows of four cells, the total last; with ``score`` every box filled.
    Returns the height used."""
    values: dict[str, str] = {}
    if score is not None:
        values = {"bonus": str(score.bonus_points), "crossed": str(score.crossed_points),
                  "road": str(score.road_points), "series": str(score.series_points),
                  "zones": str(score.zone_points), "variant": str(score.variant_points),
                  "total": str(score.score)}
    dwg.add(text(dwg, "Scoring", x, y + 3.5, 9, bold=True))
    cell_w = width / SCORING_COLUMNS
    box_w = 11.0
    for k, (key, label, hint) in enumerate(SCORING_ROWS):
        row_k, col = divmod(k, SCORING_COLUMNS)
        cx, cy = x + col * cell_w, y + 5.0 + row_k * SCORING_CELL_H
        right = cx + cell_w - 3.0  # room between cells
        h = SCORING_CELL_H - 1.7
        row = dwg.g(class_=f"scoring-row scoring-{key}")
        row.add(text(dwg, label, cx, cy + 3.4 if hint else cy + 5.3,
                     8 if key != "total" else 10, bold=True))
        if hint:
            row.add(text(dwg, hint, cx, cy + 6.6, 6.0, fill="#6b6b6b"))
        row.add(_box(dwg, right - box_w, cy, box_w, h, values.get(key, "")))
        if key == "total":
            row.add(dwg.rect((round(right - box_w - 0.6, 2), round(cy - 0.6, 2)),
                             (box_w + 1.2, h + 1.2), rx=1.0, fill="none", stroke="#1a1a1a",
                             stroke_width=0.35))
        dwg.add(row)
    return SCORING_H


COLUMN_MIN = 32.0
"""Least width of the column beside the map, mm: the map takes the rest."""
CREDIT_ROOM = 4.5
"""Room kept above the bottom margin's credit line, mm."""


def _page_frame(paper: Paper, geometry: MapGeometry,
                foot_extra: float = 0.0) -> tuple[float, float, float, float, float]:
    """(map x, map y, side column x, side column width, scale): the map as large as the
    paper allows with a column of at least ``COLUMN_MIN`` mm
    beside it and the tracker, ``foot_extra`` mm of notes and the scoring band below it."""
    cfg = layout()
    margin, header, gap = float(cfg["margin"]), float(cfg["header"]), float(cfg["column_gap"])
    top = margin + header
    foot = 2.0 + tracker_height() + foot_extra + 3.0 + SCORING_H + CREDIT_ROOM
    scale = min((paper.width - 2 * margin - gap - COLUMN_MIN) / geometry.width,
                (paper.height - margin - top - foot) / geometry.height)
    scale = math.floor(scale * 100) / 100
    side_x = margin + geometry.width * scale + gap
    return margin, top, side_x, paper.width - margin - side_x, scale


def _header(dwg: svgwrite.Drawing, game_map: Map, paper: Paper, player: str,
            note: str) -> None:
    margin = float(layout()["margin"])
    dwg.add(text(dwg, game_map.title, margin, margin + 6.0, 15, bold=True))
    if note:
        dwg.add(text(dwg, note, margin, margin + 10.5, 7.5, fill="#6b6b6b"))
    name_x = margin + 92.0
    dwg.add(text(dwg, "Name", name_x, margin + 6.0, 9, bold=True))
    line_end = paper.width - margin
    dwg.add(dwg.line((name_x + 10.0, margin + 6.8), (line_end, margin + 6.8),
                     stroke="#3a3a3a", stroke_width=0.3, class_="name-line"))
    _add_player_name(dwg, paper, player)


def _add_player_name(dwg: svgwrite.Drawing, paper: Paper, player: str) -> None:
    """The player's name on the header's name line (nothing for a blank sheet)."""
    if not player:
        return
    margin = float(layout()["margin"])
    name_x, line_end = margin + 92.0, paper.width - margin
    size = 12.0
    while text_width(player, size, bold=True) > line_end - name_x - 12 and size > 6:
        size -= 0.5
    dwg.add(text(dwg, player, name_x + 12.0, margin + 5.8, size, bold=True,
                 class_="player-name"))


def _sheet(game_map: Map, geometry: MapGeometry, paper: Paper, player: str, note: str,
           attribution: str, *, board: Board | None = None,
           score: TripScore | None = None, code_side: float = 0.0) -> svgwrite.Drawing:
    """The page; ``code_side`` (mm, with its quiet zone) keeps the bottom right corner
    free for the sheet's code, beside the scoring band."""
    dwg = new_page(paper.width, paper.height)
    dwg.add(dwg.rect((0, 0), (paper.width, paper.height), fill="#ffffff"))
    margin = float(layout()["margin"])
    parts: list[str] = []
    if score is not None:
        parts = wrap(f"Road: {' > '.join(game_map.space(c).name for c in score.road)}",
                     paper.width - 2 * margin, 7)
        if score.series:
            parts += wrap("Series: " + " > ".join(game_map.space(c).name
                                                  for c in score.series),
                          paper.width - 2 * margin, 7)
    notes_h = 3.6 * len(parts) + (1.0 if parts else 0.0)
    map_x, map_y, side_x, side_w, scale = _page_frame(paper, geometry, notes_h)
    _header(dwg, game_map, paper, player, note)
    cells = board.cells if board is not None else None
    dwg.add(add_trip_map(dwg, game_map, geometry, (map_x, map_y), cells=cells,
                         road=score.road if score else (),
                         series=score.series if score else (),
                         bonus=score.bonus_cities if score else (), scale=scale))
    used = ({c.value for c in board.cells.values() if c.value is not None}
            if board is not None else None)
    map_h = geometry.height * scale
    add_side_column(dwg, game_map, side_x, map_y, side_w, map_h, used)
    # a map held back by the paper's width leaves height over: shared out between the
    # gaps above the tracker and above the scoring band
    spare = (paper.height - margin - map_y - map_h - CREDIT_ROOM - 2.0 - tracker_height()
             - notes_h - 3.0 - SCORING_H) / 2
    tracker_y = map_y + map_h + 2.0 + max(0.0, spare)
    foot = tracker_y + add_tracker(dwg, margin, tracker_y, paper.width - 2 * margin, used)
    for k, line in enumerate(parts):
        dwg.add(text(dwg, line, margin, foot + 3.4 + 3.6 * k, 7, class_="score-note"))
    foot += notes_h + max(0.0, spare)
    code_room = code_side - 4 * QR_MODULE + 3.0 if code_side else 0.0
    add_scoring_area(dwg, margin, foot + 3.0, paper.width - 2 * margin - code_room, score)
    if attribution:
        # 2 mm right of the registration mark in the corner
        dwg.add(text(dwg, attribution, margin + 2.0, paper.height - margin + 2.5, 6,
                     fill="#6b6b6b", class_="attribution"))
    return dwg


def _note(seed: int | None) -> str:
    if seed is not None:
        return (f"Seeded game {seed_code(seed)}: roll nothing, read the dice from the "
                "script. No number twice.")
    return "Write two numbers a round: one of the dice pairs each (11-66). No number twice."


def _code_side(game_map: Map, paper: Paper, seed: int | None) -> float:
    """The room the code takes in the corner (mm, with its quiet zone) for any sheet of a
    set of this seed (up to sheet 99999): the scoring band stops short of it, the same on
    every sheet of the set."""
    return qr_side(sheet_code(game_map.id, paper.id, seed, 99999), QR_MODULE)


def _add_code(dwg: svgwrite.Drawing, game_map: Map, paper: Paper,
              options: TripSheetOptions) -> None:
    """The sheet's code (map, paper, seed, sheet number) in the bottom right corner, its
    quiet zone inside the margin (clear of the registration mark)."""
    payload = sheet_code(game_map.id, paper.id, options.seed, options.sheet_number)
    margin = float(layout()["margin"])
    side = qr_side(payload, QR_MODULE)
    dwg.add(add_qr(dwg, payload, paper.width - margin - side, paper.height - margin - side,
                   QR_MODULE))


def sheet_page(game_map: Map, geometry: MapGeometry, paper: Paper,
               options: TripSheetOptions) -> str:
    """A blank player sheet as SVG text, with the four registration marks and, in the
    bottom right corner, the code On Tour sheets carry (map, paper, seed, sheet number),
    so a photo of the filled sheet can be read back (``sheetgen read``)."""
    dwg = _sheet(game_map, geometry, paper, options.player, _note(options.seed),
                 options.attribution, code_side=_code_side(game_map, paper, options.seed))
    dwg.add(add_registration_marks(dwg, paper.width, paper.height))
    _add_code(dwg, game_map, paper, options)
    return str(dwg.tostring())


def sheet_base(game_map: Map, geometry: MapGeometry, paper: Paper, seed: int | None,
               attribution: str) -> str:
    """What every sheet of a set shares: the sheet without its name and code (nothing
    in it moves with the code's size), drawn once and stored once in the PDF."""
    dwg = _sheet(game_map, geometry, paper, "", _note(seed), attribution,
                 code_side=_code_side(game_map, paper, seed))
    dwg.add(add_registration_marks(dwg, paper.width, paper.height))
    return str(dwg.tostring())


def sheet_layers(game_map: Map, paper: Paper, options: TripSheetOptions, base: str) -> Layers:
    """One sheet of a set as two layers: ``base`` (``sheet_base``) and, on a transparent
    page, what this sheet has of its own: the player's name and the code with its
    number. ``sheet_page`` draws the same sheet as one drawing."""
    dwg = new_page(paper.width, paper.height)
    _add_player_name(dwg, paper, options.player)
    _add_code(dwg, game_map, paper, options)
    return Layers((base, str(dwg.tostring())))


def scored_page(game_map: Map, geometry: MapGeometry, paper: Paper, board: Board,
                score: TripScore, attribution: str = "") -> str:
    """A player's sheet as filled in, with the road, the series and the score drawn."""
    note = (f"Scored: {score.score} points. Road (red arrows) {score.road_points}, "
            f"series (blue band) {score.series_points}.")
    return str(_sheet(game_map, geometry, paper, board.player, note, attribution,
                      board=board, score=score).tostring())


def standings_page(paper: Paper, game_map: Map, standings: TripStandings) -> str:
    """Every player's parts and total, best first; ties said as ties."""
    dwg = new_page(paper.width, paper.height)
    dwg.add(dwg.rect((0, 0), (paper.width, paper.height), fill="#ffffff"))
    margin = float(layout()["margin"])
    dwg.add(text(dwg, f"{game_map.title} · standings", margin, margin + 8.0, 17, bold=True))
    if len(standings.winners) > 1:
        verdict = "Tie: " + ", ".join(standings.winners) + " share the best score"
    elif standings.winners:
        verdict = f"Winner: {standings.winners[0]}"
    else:
        verdict = "No boards"
    dwg.add(text(dwg, verdict, margin, margin + 17.0, 12, bold=True, fill=ROAD_INK,
                 class_="winner"))
    cols = (("Player", 0.0, "start"), ("Bonus", 70.0, "end"), ("Crossed", 88.0, "end"),
            ("Road", 104.0, "end"), ("Series", 120.0, "end"), ("Zones", 136.0, "end"),
            ("Variant", 154.0, "end"), ("Total", 174.0, "end"))
    y = margin + 30.0
    for title, dx, anchor in cols:
        dwg.add(text(dwg, title, margin + dx, y, 8.5, bold=True, anchor=anchor,
                     fill="#6b6b6b"))
    dwg.add(dwg.line((margin, y + 1.8), (paper.width - margin, y + 1.8), stroke="#3a3a3a",
                     stroke_width=0.3))
    for p in standings.ranked:
        y += 7.5
        values = (p.player, str(p.bonus_points), str(p.crossed_points), str(p.road_points),
                  str(p.series_points), str(p.zone_points), str(p.variant_points),
                  str(p.score))
        for (_, dx, anchor), value in zip(cols, values, strict=True):
            dwg.add(text(dwg, value, margin + dx, y, 10, bold=dx in (0.0, 174.0),
                         anchor=anchor, class_="standings-cell"))
    return str(dwg.tostring())
