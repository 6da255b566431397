"""On Tour: Paris drawings: the city with the Seine, club circles, links and docks.

The map data (``maps/paris/geometry.json``) gives each club the outline of its
arrondissement, and lines of these kinds: ``river`` (the Seine's main line, east to west),
``river-arm`` (the north arm past the islands), ``numeral`` (where an arrondissement's
numeral goes; ``ref`` is the numeral), ``dock`` (``ref`` the letter; the point on the
river, then the dock club's centre) and ``link`` (``ref`` "A-B"; the two club centres).

``add_paris_map`` draws the map at an origin (for sheets, scored pages and the kit);
``add_ride_ruler`` the boat-ride ruler; ``paris_sheet_svg`` a whole player sheet.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import cache
from math import hypot

import svgwrite
from svgwrite.container import Group

from sheetgen.draw.layout import Rect
from sheetgen.draw.marks import QR_MODULE
from sheetgen.draw.page import new_page
from sheetgen.draw.pdf import Layers
from sheetgen.draw.qr import add_qr, qr_side
from sheetgen.draw.style import Style, load_style
from sheetgen.draw.text import TYPE_MIN_PT, route_proof, text, text_width, wrap
from sheetgen.games.ontour.score import PlayerScore, Standings
from sheetgen.games.ontour.sheet import (
    MARGIN,
    SheetBase,
    SheetOptions,
    _cell_mark,
    _ring_path,
    add_credit,
    add_legend,
    add_score_boxes,
    add_turn_tracker,
    area_paint,
    legend_size,
    score_size,
    sheet_code,
    sheet_layers,
    sheet_page,
    turn_count,
)
from sheetgen.model import Board, Cell, Map, MapGeometry, SpaceId, ride_points
from sheetgen.templates import Paper

WATER = "#a9cfee"
"""The Seine's fill (light blue; a light grey in greyscale, framed by darker banks)."""
BANK = "#3f6f9a"
"""The river's bank lines and the dock badges."""
RIVER_W = 3.4
"""Width of the Seine's main line, mm."""
ARM_W = 2.2
"""Width of the north arm past the islands, mm."""
BADGE_R = 2.3
"""Radius of a dock badge on the river, mm."""
LINK_W = 0.55
"""Stroke of a link between two clubs, mm."""
HEADER = 14.0
RULER_H = 16.0
"""Height of the boat-ride ruler band under the map, mm."""


def lines_of(geometry: MapGeometry, kind: str) -> list[tuple[str, tuple[tuple[float, float],
                                                                          ...]]]:
    return [(ln.ref, ln.points) for ln in geometry.lines if ln.kind == kind]


def _shift(points: Sequence[tuple[float, float]], dx: float,
           dy: float) -> list[tuple[float, float]]:
    return [(round(x + dx, 2), round(y + dy, 2)) for x, y in points]


TAG_R = 1.7
"""Radius of a dock club's letter tag, mm: the tag sits just outside the club's rim."""
LETTER_R = 1.1
"""Half the box of a club's a/b letter (6 pt), mm."""


def _point_segment(p: tuple[float, float], a: tuple[float, float],
                   b: tuple[float, float]) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    vx, vy = bx - ax, by - ay
    t = ((px - ax) * vx + (py - ay) * vy) / ((vx * vx + vy * vy) or 1.0)
    t = max(0.0, min(1.0, t))
    return hypot(px - ax - t * vx, py - ay - t * vy)


@cache
def badge_spots(geometry: MapGeometry) -> dict[str, tuple[float, float]]:
    """Each dock badge's centre (map mm): the geometry's point on the river, slid along
    the river (in 0.25 mm steps, nearest first) where the badge would touch a club's
    circle or an earlier badge, so that it keeps 0.3 mm clear of both."""
    radius = geometry.circle_diameter / 2
    circles = [shape.anchor for shape in geometry.shapes]
    river = [pts for _, pts in lines_of(geometry, "river")]
    points = [p for pts in river for p in pts]
    path: list[tuple[float, float]] = []
    for pts in river:  # the river sampled every 0.25 mm
        for (ax, ay), (bx, by) in zip(pts, pts[1:], strict=False):
            n = max(1, int(hypot(bx - ax, by - ay) / 0.25))
            path += [(ax + (bx - ax) * k / n, ay + (by - ay) * k / n) for k in range(n)]
    out: dict[str, tuple[float, float]] = {}
    for letter, pts in lines_of(geometry, "dock"):
        start = pts[0]

        def clear(p: tuple[float, float]) -> bool:
            return all(hypot(p[0] - x, p[1] - y) >= radius + BADGE_R + 0.3
                       for x, y in circles) and all(
                hypot(p[0] - x, p[1] - y) >= 2 * BADGE_R + 0.3 for x, y in out.values())

        if clear(start) or not points:
            out[letter] = start
            continue
        here = min(range(len(path)), key=lambda k: hypot(path[k][0] - start[0],
                                                         path[k][1] - start[1]))
        found = start
        for step in range(1, len(path)):
            candidates = [k for k in (here - step, here + step) if 0 <= k < len(path)]
            hit = [path[k] for k in candidates if clear(path[k])]
            if hit:
                found = hit[0]
                break
        out[letter] = (round(found[0], 2), round(found[1], 2))
    return out


@cache
def letter_spots(geometry: MapGeometry,
                 docks: tuple[tuple[str, str], ...]) -> dict[str, tuple[float, float]]:
    """Where each club's letter goes (map mm, the centre of its tag or letter): just
    outside the club's rim, at the angle (every 10 degrees) that keeps it furthest from
    every link, river line, dock badge, numeral, other circle and letter already placed;
    a dock club's tag prefers the side facing its river badge. ``docks`` pairs a club with
    its dock letter."""
    radius = geometry.circle_diameter / 2
    dock_of = dict(docks)
    badge = badge_spots(geometry)
    circles = {shape.space: shape.anchor for shape in geometry.shapes}
    segments: list[tuple[tuple[float, float], tuple[float, float], float]] = []
    for _, (a, b) in lines_of(geometry, "link"):
        segments.append((a, b, LINK_W / 2))
    for kind, width in (("river", RIVER_W), ("river-arm", ARM_W)):
        for _, pts in lines_of(geometry, kind):
            segments += [(p, q, width / 2 + 0.35) for p, q in zip(pts, pts[1:], strict=False)]
    discs = [(xy, BADGE_R) for xy in badge.values()]
    for ref, pts in lines_of(geometry, "numeral"):
        x, y = pts[0]
        w = text_width(ref, 9, bold=True) + 1.4
        discs.append(((x, y - 1.05), max(w / 2, 1.95)))
    placed: dict[str, tuple[float, float]] = {}
    for shape in geometry.shapes:
        cx, cy = shape.anchor
        size = TAG_R if shape.space in dock_of else LETTER_R
        own_tie = None
        if shape.space in dock_of:
            own_tie = badge[dock_of[shape.space]]
        best: tuple[float, float, tuple[float, float]] | None = None
        for step in range(36):
            angle = math.radians(45 + 10 * step)
            d = radius + size + 0.3
            spot = (cx + d * math.cos(angle), cy + d * math.sin(angle))
            clear = min(
                [_point_segment(spot, a, b) - w - size for a, b, w in segments]
                + [hypot(spot[0] - x, spot[1] - y) - r - size for (x, y), r in discs]
                + [hypot(spot[0] - x, spot[1] - y) - radius - size
                   for space, (x, y) in circles.items() if space != shape.space]
                + [hypot(spot[0] - x, spot[1] - y) - 2 * LETTER_R for x, y in placed.values()])
            lean = 0.0
            if own_tie is not None:  # the tag faces its badge
                lean = -hypot(spot[0] - own_tie[0], spot[1] - own_tie[1]) * 0.05
            key = (round(min(clear, 1.5) + lean, 3), -step)
            if best is None or key > (best[0], best[1]):
                best = (key[0], key[1], spot)
        assert best is not None
        placed[shape.space] = (round(best[2][0], 2), round(best[2][1], 2))
    return placed


def add_paris_map(dwg: svgwrite.Drawing, game_map: Map, geometry: MapGeometry,
                  origin: tuple[float, float], style: Style, *,
                  cells: Mapping[SpaceId, Cell] | None = None, tint: bool = True,
                  notes: Mapping[str, str] | None = None, letters: bool = True) -> Group:
    """The Paris map at ``origin``: arrondissements tinted by area, the Seine with its
    islands, numerals, links, club circles (with ``cells`` written in them) and docks.
    ``notes`` prints a short text beside an arrondissement's numeral (setup numbers).
    ``letters`` False leaves out the docks' and clubs' letters (a small preview)."""
    dx, dy = origin
    group = dwg.g(class_="map paris")
    arrs = dwg.g(class_="arrondissements", stroke=style.ink["outline"], stroke_width=0.35,
                 stroke_linejoin="round")
    seen: set[str] = set()
    for shape in geometry.shapes:
        space = game_map.space(shape.space)
        if space.group in seen:
            continue
        seen.add(space.group or space.id)
        path_d = _ring_path(shape.rings, dx, dy)
        fill, textures = area_paint(dwg, style, space.area) if tint else ("#ffffff", [])
        arrs.add(dwg.path(d=path_d, fill=fill, id=f"arrondissement-{space.group}"))
        for texture in textures:
            arrs.add(dwg.path(d=path_d, fill=texture, stroke="none"))
    group.add(arrs)

    river = dwg.g(class_="seine", fill="none", stroke_linecap="round",
                  stroke_linejoin="round")
    for kind, width in (("river", RIVER_W), ("river-arm", ARM_W)):
        for _, pts in lines_of(geometry, kind):
            river.add(dwg.polyline(_shift(pts, dx, dy), stroke=BANK, stroke_width=width + 0.7))
    for kind, width in (("river", RIVER_W), ("river-arm", ARM_W)):
        for _, pts in lines_of(geometry, kind):
            river.add(dwg.polyline(_shift(pts, dx, dy), stroke=WATER, stroke_width=width,
                                   class_=kind))
    group.add(river)

    radius = geometry.circle_diameter / 2
    links = dwg.g(class_="links", stroke=style.ink["outline"], stroke_width=LINK_W,
                  stroke_linecap="round")
    for ref, pts in lines_of(geometry, "link"):
        (ax, ay), (bx, by) = pts
        length = hypot(bx - ax, by - ay) or 1.0
        ux, uy = (bx - ax) / length, (by - ay) / length
        links.add(dwg.line((round(ax + ux * radius + dx, 2), round(ay + uy * radius + dy, 2)),
                           (round(bx - ux * radius + dx, 2), round(by - uy * radius + dy, 2)),
                           class_="link", id=f"link-{ref}"))
    group.add(links)

    numerals = dwg.g(class_="numerals")
    for ref, pts in lines_of(geometry, "numeral"):
        x, y = pts[0][0] + dx, pts[0][1] + dy
        w = text_width(ref, 9, bold=True) + 1.4
        numerals.add(dwg.rect((round(x - w / 2, 2), round(y - 3.0, 2)), (round(w, 2), 3.9),
                              rx=0.8, fill="#ffffff", fill_opacity=0.8))
        numerals.add(text(dwg, ref, x, y, 9, bold=True, anchor="middle", class_="numeral"))
        if notes and ref in notes:
            nw = text_width(notes[ref], 8, bold=True) + 1.2
            numerals.add(dwg.rect((round(x - nw / 2, 2), round(y + 1.3, 2)),
                                  (round(nw, 2), 3.7), rx=0.8, fill="#ffffff"))
            numerals.add(text(dwg, notes[ref], x, y + 4.2, 8, bold=True, anchor="middle",
                              fill=style.ink["highlight"], class_="setup-note"))
    group.add(numerals)

    docks = dwg.g(class_="docks")
    badges = badge_spots(geometry)
    for letter, pts in lines_of(geometry, "dock"):
        (rx, ry), (cx, cy) = badges[letter], pts[1]
        length = hypot(cx - rx, cy - ry) or 1.0
        if length > radius + BADGE_R:
            ux, uy = (cx - rx) / length, (cy - ry) / length
            docks.add(dwg.line((round(rx + ux * BADGE_R + dx, 2),
                                round(ry + uy * BADGE_R + dy, 2)),
                               (round(cx - ux * radius + dx, 2),
                                round(cy - uy * radius + dy, 2)),
                               stroke=BANK, stroke_width=0.9, class_="dock-tie"))
        docks.add(dwg.circle((round(rx + dx, 2), round(ry + dy, 2)), BADGE_R, fill=BANK,
                             stroke="#ffffff", stroke_width=0.4, class_="dock",
                             id=f"dock-{letter}"))
        if letters:
            docks.add(text(dwg, letter, rx + dx, ry + dy + 1.15, 8, bold=True,
                           anchor="middle", fill="#ffffff"))
    group.add(docks)

    circles = dwg.g(class_="write-in")
    dock_of = {d.space: d.letter for d in game_map.docks}
    spots = letter_spots(geometry, tuple(sorted(dock_of.items())))
    for shape in geometry.shapes:
        cx, cy = shape.anchor[0] + dx, shape.anchor[1] + dy
        circles.add(dwg.circle((round(cx, 2), round(cy, 2)), radius, fill="#ffffff",
                               stroke=style.ink["outline"], stroke_width=0.4,
                               class_="circle", id=f"circle-{shape.space}"))
        if shape.space in dock_of:
            # A dock club wears its dock's letter in a tag just outside its rim.
            tx, ty = spots[shape.space][0] + dx, spots[shape.space][1] + dy
            circles.add(dwg.circle((round(tx, 2), round(ty, 2)), TAG_R, fill=BANK,
                                   stroke="#ffffff", stroke_width=0.3, class_="dock-tag"))
            if letters:
                circles.add(text(dwg, dock_of[shape.space], tx, ty + 0.85, 6, bold=True,
                                 anchor="middle", fill="#ffffff"))
        elif letters:
            # The club's letter (a/b) just outside the rim, for copying a board to a CSV.
            lx, ly = spots[shape.space][0] + dx, spots[shape.space][1] + dy
            circles.add(text(dwg, shape.space[-1], lx, ly + 0.6, TYPE_MIN_PT, bold=True,
                             anchor="middle", fill=style.ink["muted"],
                             class_="club-letter"))
        if cells and shape.space in cells:
            circles.add(_cell_mark(dwg, cells[shape.space], cx, cy, radius, style))
    group.add(circles)
    return group


def add_ride_ruler(dwg: svgwrite.Drawing, game_map: Map, origin: tuple[float, float],
                   width: float, style: Style) -> Group:
    """The boat-ride ruler: docks A-I one step apart, so a ride's points are read off as
    the steps between its letters."""
    x0, y0 = origin
    letters = [d.letter for d in game_map.docks]
    group = dwg.g(class_="ride-ruler")
    group.add(text(dwg, "Bateaux Mouches", x0, y0 + 4.0, 9, bold=True))
    group.add(text(dwg, "a ride scores the steps between its docks", x0, y0 + 8.0, 7,
                   fill=style.ink["muted"]))
    left = x0 + 58.0
    step = min(14.0, (width - 58.0 - 44.0) / max(1, len(letters) - 1))
    y = y0 + 5.5
    group.add(dwg.line((left, y), (left + step * (len(letters) - 1), y), stroke=WATER,
                       stroke_width=RIVER_W))
    for i, letter in enumerate(letters):
        x = left + i * step
        group.add(dwg.circle((round(x, 2), y), BADGE_R, fill=BANK, stroke="#ffffff",
                             stroke_width=0.4, class_="ruler-dock"))
        group.add(text(dwg, letter, x, y + 1.15, 8, bold=True, anchor="middle",
                       fill="#ffffff"))
        group.add(text(dwg, str(i), x, y + 6.6, 7, anchor="middle", fill=style.ink["muted"],
                       class_="ruler-step"))
    if letters:
        first, last = letters[0], letters[-1]
        examples = f"{first}-{last} = {ride_points(first, last)} · A-G = 6 · C-D = 1"
        group.add(text(dwg, examples, left + step * (len(letters) - 1) + 6.0, y + 1.2, 8,
                       bold=True))
        group.add(text(dwg, "never two rides in a row", left + step * (len(letters) - 1)
                       + 6.0, y + 5.4, 7, fill=style.ink["muted"]))
    return group


SCORE_FIELDS = (("Clubs on route", "score-clubs"), ("Circled on route", "score-circled"),
                ("Boat rides", "score-boats"))
"""The Paris score breakdown: clubs + circled clubs + boat-ride points = total."""
RULES = ("Score: 1 point per club on your route + 1 per circled club on it + the points of "
         "its boat rides. Route: linked clubs, never lower, no club twice, never through an "
         "X; a star is any number. Cross the Seine only by boat: end at a dock, go on from "
         "another. Tie-break: most circled clubs on the whole board.")
COLUMN_GAP = 5.0
"""Space between the map and the column beside it (key and turn tracker), mm."""


def paris_layout(paper: Paper, geometry: MapGeometry) -> dict[str, Rect]:
    """Where a Paris sheet puts its parts on ``paper`` (landscape), in mm: the map at
    the left under the header, the ride ruler under it, the column beside the map (key,
    turn tracker), the band under the ruler (score, rules) and the corner code."""
    width, height = paper.landscape
    mx, my = MARGIN, MARGIN + HEADER
    col_x = mx + geometry.width + COLUMN_GAP
    ruler_y = my + geometry.height + 1.0
    band_y = ruler_y + RULER_H
    return {"map": Rect(mx, my, geometry.width, geometry.height),
            "ruler": Rect(mx, ruler_y, geometry.width, RULER_H),
            "column": Rect(col_x, my, width - MARGIN - col_x, band_y - my),
            "band": Rect(mx, band_y, width - 2 * MARGIN, height - MARGIN - band_y)}


def paris_sheet_svg(game_map: Map, geometry: MapGeometry, paper: Paper,
                    options: SheetOptions | None = None, style: Style | None = None,
                    notes: Mapping[str, str] | None = None) -> str:
    """One landscape Paris player sheet as SVG text: what every On Tour sheet carries
    (header with seed and date, registration marks, key, score breakdown with a
    boat-ride box, tie-break, turn tracker, code) round the Paris map and its ride
    ruler. ``notes`` maps an arrondissement's numeral to a text printed under it (the
    setup numbers of a seeded game)."""
    return _paris_sheet(game_map, geometry, paper, options or SheetOptions(),
                        style or load_style(), notes)[0]


def paris_sheet_layers(game_map: Map, geometry: MapGeometry, paper: Paper,
                       options: SheetOptions, bases: dict[float, SheetBase],
                       notes: Mapping[str, str] | None = None) -> Layers:
    """One Paris sheet of a set as two layers, as ``sheet_layers`` makes an On Tour
    sheet: the sheet without its name and code (drawn once per size of code, kept in
    ``bases``), and the name and code."""
    return sheet_layers(game_map, geometry, paper, options, bases, base=lambda o, style:
                        _paris_sheet(game_map, geometry, paper, o, style, notes, marks=False))


def _paris_sheet(game_map: Map, geometry: MapGeometry, paper: Paper, options: SheetOptions,
                 style: Style, notes: Mapping[str, str] | None, *,
                 marks: bool = True) -> SheetBase:
    """The sheet as SVG text and where its code stands (``marks`` False: without the
    name and the code)."""
    dwg, width, height = sheet_page(game_map.title, paper, options, style, name=marks)

    parts = paris_layout(paper, geometry)
    where, ruler, column, band = parts["map"], parts["ruler"], parts["column"], parts["band"]
    dwg.add(add_paris_map(dwg, game_map, geometry, (where.x, where.y), style,
                          cells=options.prefilled, notes=notes))
    dwg.add(add_ride_ruler(dwg, game_map, (ruler.x, ruler.y), ruler.w, style))

    dwg.add(add_legend(dwg, (column.x, column.y), style, columns=1, width=column.w))
    tracker_y = column.y + legend_size(1, column.w)[1] + 5.0
    tracker, _ = add_turn_tracker(dwg, column.x, tracker_y, column.w, turn_count(game_map),
                                  style)
    dwg.add(tracker)

    payload = sheet_code(game_map, paper, options)
    code_side = qr_side(payload, QR_MODULE)
    # In the corner, its quiet zone inside the margin (clear of the registration mark).
    qx, qy = width - MARGIN - code_side, height - MARGIN - code_side
    if marks:
        dwg.add(add_qr(dwg, payload, qx, qy, QR_MODULE, id_="sheet-code"))

    dwg.add(add_score_boxes(dwg, band.x, band.y, style, SCORE_FIELDS))
    rules_x = band.x + score_size(SCORE_FIELDS)[0] + 8.0
    for k, line in enumerate(wrap(RULES, qx - 2.0 - rules_x, 7.0)):
        dwg.add(text(dwg, line, rules_x, band.y + 3.2 + 3.4 * k, 7.0, fill=style.ink["text"],
                     class_="rules"))
    add_credit(dwg, options.attribution.splitlines(), qx - 2.0, height - MARGIN, 0.0, style)
    return str(dwg.tostring()), (qx, qy)


# --- scored boards ------------------------------------------------------------------------

RIDE_W = 1.3
"""Stroke of a boat ride drawn along the river, mm (dashed, unlike the walking arrows)."""


def _along(p: tuple[float, float], line: Sequence[tuple[float, float]]) -> float:
    """How far down ``line`` the point of it nearest ``p`` lies."""
    best, where, run = float("inf"), 0.0, 0.0
    for (ax, ay), (bx, by) in zip(line, line[1:], strict=False):
        dx, dy = bx - ax, by - ay
        seg2 = dx * dx + dy * dy
        t = 0.0 if seg2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy)
                                               / seg2))
        d = hypot(ax + t * dx - p[0], ay + t * dy - p[1])
        if d < best:
            best, where = d, run + t * seg2 ** 0.5
        run += seg2 ** 0.5
    return where


def _point_at(line: Sequence[tuple[float, float]], s: float) -> tuple[float, float]:
    run = 0.0
    for (ax, ay), (bx, by) in zip(line, line[1:], strict=False):
        seg = hypot(bx - ax, by - ay)
        if run + seg >= s and seg > 0:
            t = (s - run) / seg
            return (ax + t * (bx - ax), ay + t * (by - ay))
        run += seg
    return line[-1]


def river_between(line: Sequence[tuple[float, float]], p: tuple[float, float],
                  q: tuple[float, float]) -> list[tuple[float, float]]:
    """The stretch of the river line from the point nearest ``p`` to the one nearest
    ``q``, in that direction."""
    a, b = _along(p, line), _along(q, line)
    run, inner = 0.0, []
    marks = []
    for (ax, ay), (bx, by) in zip(line, line[1:], strict=False):
        run += hypot(bx - ax, by - ay)
        marks.append((run, (bx, by)))
    lo, hi = min(a, b), max(a, b)
    inner = [pt for s, pt in marks if lo < s < hi]
    if a > b:
        inner.reverse()
    return [_point_at(line, a), *inner, _point_at(line, b)]


PLATE_SPOTS = tuple(sorted((k / 20 for k in range(2, 19)), key=lambda s: (abs(s - 0.5), s)))
"""Where along its stretch of the Seine a ride's plate is tried, as shares of its length:
the middle first, then further out until it is clear of the circles and of the plates
before it."""


def _plate_spot(path: Sequence[tuple[float, float]], width: float,
                plates: Sequence[tuple[float, float, float, float]], circles: int
                ) -> tuple[float, float]:
    """The centre of a ride's plate (``width`` wide, 4.4 mm high): the first spot of
    ``PLATE_SPOTS`` along ``path`` whose plate keeps 0.5 mm from every box of ``plates``
    (the first ``circles`` the circles', then the plates placed before it), else the
    first clear of the plates alone, else the middle."""
    length = sum(hypot(q[0] - p[0], q[1] - p[1]) for p, q in zip(path, path[1:], strict=False))
    spots = [_point_at(path, share * length) for share in PLATE_SPOTS]

    def clear(spot: tuple[float, float], boxes: Sequence[tuple[float, float, float, float]]
              ) -> bool:
        x, y = spot
        return all(x + width / 2 + 0.5 <= x0 or x1 + 0.5 <= x - width / 2
                   or y + 1.2 + 0.5 <= y0 or y1 + 0.5 <= y - 3.2 for x0, y0, x1, y1 in boxes)

    return next((spot for spot in spots if clear(spot, plates)),
                next((spot for spot in spots if clear(spot, plates[circles:])), spots[0]))


def add_paris_route(dwg: svgwrite.Drawing, game_map: Map, geometry: MapGeometry,
                    route: Sequence[SpaceId], rides: Sequence[tuple[SpaceId, SpaceId]],
                    origin: tuple[float, float], style: Style) -> Group:
    """The route: highlight rings and numbered badges as on every scored board, walking
    steps as arrows, and each boat ride as a dashed line along the Seine with its points."""
    from sheetgen.games.ontour.scored import BADGE_R as STEP_R
    from sheetgen.games.ontour.scored import (
        RING_WIDTH,
        ROUTE_WIDTH,
        _arrow,
        _badge_at,
        route_bends,
        route_rings,
        step_badge,
        step_directions,
    )

    dx, dy = origin
    radius = geometry.circle_diameter / 2
    centres = [(geometry.shape(s).anchor[0] + dx, geometry.shape(s).anchor[1] + dy)
               for s in route]
    by_boat = set(rides)
    dock_at = {letter: pts[0] for letter, pts in lines_of(geometry, "dock")}
    letter = {d.space: d.letter for d in game_map.docks}
    river = [(x + dx, y + dy) for _, pts in lines_of(geometry, "river") for x, y in pts]
    group = dwg.g(class_="route")
    group.add(route_rings(dwg, route, centres, radius, style))
    bends = route_bends(geometry, route, ROUTE_WIDTH, skip=by_boat)
    steps = dwg.g(class_="route-arrows")
    reach = radius + RING_WIDTH  # every circle as its box, ringed or not, taken wide
    labels: list[Group] = []
    plates: list[tuple[float, float, float, float]] = [
        (x + dx - reach, y + dy - reach, x + dx + reach, y + dy + reach)
        for x, y in (shape.anchor for shape in geometry.shapes)]
    for i in range(1, len(route)):
        a, b = centres[i - 1], centres[i]
        if (route[i - 1], route[i]) not in by_boat:
            steps.add(_arrow(dwg, bends[i - 1], radius + RING_WIDTH, style.ink["route"],
                             origin))
            continue
        la, lb = letter[route[i - 1]], letter[route[i]]
        pa = (dock_at[la][0] + dx, dock_at[la][1] + dy)
        pb = (dock_at[lb][0] + dx, dock_at[lb][1] + dy)
        path = [a, *river_between(river, pa, pb), b]
        ride = dwg.g(class_="boat-ride", id=f"ride-{la}-{lb}")
        ride.add(dwg.polyline([(round(x, 2), round(y, 2)) for x, y in path], fill="none",
                              stroke=style.ink["highlight"], stroke_width=RIDE_W,
                              stroke_dasharray="2.4,1.2", stroke_linecap="round",
                              stroke_linejoin="round"))
        label = f"{la}-{lb} +{ride_points(la, lb)}"
        w = text_width(label, 8, bold=True) + 2.0
        mid = _plate_spot(path, w, plates, len(geometry.shapes))
        plates.append((mid[0] - w / 2, mid[1] - 3.2, mid[0] + w / 2, mid[1] + 1.2))
        plate = dwg.g(class_="ride-plate", id=f"ride-plate-{la}-{lb}")
        plate.add(dwg.rect((round(mid[0] - w / 2, 2), round(mid[1] - 3.2, 2)),
                           (round(w, 2), 4.4), rx=1.0, fill="#ffffff",
                           stroke=style.ink["highlight"], stroke_width=0.4))
        plate.add(text(dwg, label, mid[0], mid[1] + 0.3, 8, bold=True, anchor="middle",
                       fill=style.ink["highlight"], class_="ride-points"))
        labels.append(plate)
        steps.add(ride)
    for plate in labels:  # over every ride's line: a later ride's dashes hid a letter
        steps.add(plate)
    group.add(steps)
    badges = dwg.g(class_="route-badges")
    crossings = step_directions(bends, radius + RING_WIDTH)
    for i, centre in enumerate(centres):
        bx, by = _badge_at(centre, [-1.9, *crossings[i]], radius + RING_WIDTH)
        badges.add(step_badge(dwg, i + 1, (bx, by), STEP_R, style))
    group.add(badges)
    return group


def paris_player_page(game_map: Map, geometry: MapGeometry, paper: Paper, board: Board,
                      entry: PlayerScore, rank: int, players: int,
                      style: Style | None = None, *, title: str = "scored",
                      subtitle: str | None = None, board_note: str | None = None) -> str:
    """One player's scored Paris board as SVG text. ``title`` follows the map's title
    in the heading, ``subtitle`` replaces the line under the points ("place 1 of 4") and
    ``board_note`` the tie-break count after the boat rides."""
    from sheetgen.games.ontour.scored import _route_text

    style = style or load_style()
    width, height = paper.landscape
    dwg = new_page(width, height)
    dwg.add(dwg.rect((0, 0), (width, height), fill="#ffffff"))
    result = entry.result
    top = MARGIN
    dwg.add(text(dwg, f"{game_map.title} · {title}", MARGIN, top + 7.0, 15, bold=True))
    dwg.add(text(dwg, entry.player, MARGIN + 110.0, top + 7.0, 15, bold=True,
                 class_="player"))
    dwg.add(text(dwg, f"{result.score} points", width - MARGIN, top + 7.0, 15, bold=True,
                 anchor="end", fill=style.ink["highlight"], class_="score"))
    dwg.add(text(dwg, subtitle if subtitle is not None else f"place {rank} of {players}",
                 width - MARGIN, top + 11.8, 8, anchor="end", fill=style.ink["muted"]))
    origin = ((width - geometry.width) / 2, MARGIN + HEADER)
    dwg.add(add_paris_map(dwg, game_map, geometry, origin, style, cells=board.cells))
    dwg.add(add_paris_route(dwg, game_map, geometry, result.route, result.rides, origin,
                            style))
    foot_y = origin[1] + geometry.height + 7.0
    letter = {d.space: d.letter for d in game_map.docks}
    rides = ", ".join(f"{letter[a]}-{letter[b]} ({ride_points(letter[a], letter[b])})"
                      for a, b in result.rides) or "none"
    proof = route_proof(result.proven_optimal)
    breakdown = (f"Score {result.score} = {result.spaces} clubs + {result.circled} circled + "
                 f"{result.bonus} boat points · {proof}")
    dwg.add(text(dwg, breakdown, MARGIN, foot_y, 9, bold=True, class_="breakdown"))
    if board_note is None:
        board_note = f"circled on the whole board: {entry.circled_on_board} (tie-break)"
    dwg.add(text(dwg, f"Boat rides: {rides} · {board_note}", MARGIN, foot_y + 4.6, 8,
                 class_="rides"))
    for k, line in enumerate(wrap("Route: " + _route_text(entry, board),
                                  width - 2 * MARGIN, 7.5)[:5]):
        dwg.add(text(dwg, line, MARGIN, foot_y + 9.2 + 3.6 * k, 7.5, class_="route-text"))
    return str(dwg.tostring())


def paris_standings_page(game_map: Map, paper: Paper, standings: Standings,
                         style: Style | None = None) -> str:
    """The ranking of every player, with clubs, circled and boat points, as SVG text."""
    from sheetgen.games.ontour.scored import _fit, place, winner_line

    style = style or load_style()
    width, height = paper.landscape
    dwg = new_page(width, height)
    dwg.add(dwg.rect((0, 0), (width, height), fill="#ffffff"))
    top = MARGIN
    dwg.add(text(dwg, f"{game_map.title} · standings", MARGIN, top + 7.0, 17, bold=True))
    dwg.add(text(dwg, winner_line(standings), MARGIN, top + 16.0, 11, bold=True,
                 fill=style.ink["highlight"], class_="winner"))
    columns = (("#", 0.0, "end"), ("Player", 4.0, "start"), ("Score", 95.0, "end"),
               ("Clubs", 115.0, "end"), ("Circled", 135.0, "end"), ("Boats", 155.0, "end"),
               ("Circled on board", 192.0, "end"), ("Proven", 212.0, "end"))
    x0, y = MARGIN + 6.0, top + 28.0
    for title, dx, anchor in columns:
        dwg.add(text(dwg, title, x0 + dx, y, 8.5, bold=True, anchor=anchor,
                     fill=style.ink["muted"]))
    dwg.add(dwg.line((MARGIN, y + 1.8), (width - MARGIN, y + 1.8),
                     stroke=style.ink["outline"], stroke_width=0.3))
    row_h = 7.5
    for entry in standings.ranked:
        y += row_h
        r = entry.result
        if entry.player in standings.winners:
            dwg.add(dwg.rect((MARGIN, y - 5.0), (width - 2 * MARGIN, row_h - 0.6),
                             fill=style.ink["highlight"], fill_opacity=0.12))
        cells = (str(place(standings, entry)), _fit(entry.player, 85.0, 10), str(r.score),
                 str(r.spaces), str(r.circled), str(r.bonus), str(entry.circled_on_board),
                 "yes" if r.proven_optimal else "no")
        for (_, dx, anchor), value in zip(columns, cells, strict=True):
            dwg.add(text(dwg, value, x0 + dx, y, 10, bold=dx in (4.0, 95.0), anchor=anchor,
                         class_="standings-cell"))
    y += 12.0
    notes = ("Score: 1 point per club on the best route + 1 per circled club on it + the "
             "points of its boat rides (the steps between the docks' letters). Ties on "
             "score are broken by the circled clubs on the whole board.")
    if all(p.result.proven_optimal for p in standings.players):
        notes += " Each route is the proven best one: no other legal route scores more."
    for k, line in enumerate(wrap(notes, width - 2 * MARGIN, 8)):
        dwg.add(text(dwg, line, MARGIN, y + 4.0 * k, 8, fill=style.ink["muted"]))
    return str(dwg.tostring())


def paris_scored_pages(game_map: Map, geometry: MapGeometry, paper: Paper,
                       boards: list[Board], standings: Standings,
                       style: Style | None = None) -> list[str]:
    """Every player's page in CSV order, then the standings page."""
    from sheetgen.games.ontour.scored import place

    pages = [paris_player_page(game_map, geometry, paper, board, entry,
                               place(standings, entry), len(boards), style)
             for board, entry in zip(boards, standings.players, strict=True)]
    pages.append(paris_standings_page(game_map, paper, standings, style))
    return pages
