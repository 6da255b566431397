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

from collections.abc import Mapping, Sequence
from math import hypot

import svgwrite
from svgwrite.container import Group

from sheetgen.model import Cell, Map, MapGeometry, SpaceId
from sheetgen.render.draw import new_page
from sheetgen.render.sheet import (
    LEGEND_SIZE,
    MARGIN,
    SheetOptions,
    _cell_mark,
    _ring_path,
    add_legend,
    area_texture,
)
from sheetgen.render.style import Style, load_style
from sheetgen.render.text import text, text_width
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
FOOTER = 22.0


def lines_of(geometry: MapGeometry, kind: str) -> list[tuple[str, tuple[tuple[float, float],
                                                                          ...]]]:
    return [(ln.ref, ln.points) for ln in geometry.lines if ln.kind == kind]


def _shift(points: Sequence[tuple[float, float]], dx: float,
           dy: float) -> list[tuple[float, float]]:
    return [(round(x + dx, 2), round(y + dy, 2)) for x, y in points]


def add_paris_map(dwg: svgwrite.Drawing, game_map: Map, geometry: MapGeometry,
                  origin: tuple[float, float], style: Style, *,
                  cells: Mapping[SpaceId, Cell] | None = None, tint: bool = True,
                  notes: Mapping[str, str] | None = None) -> Group:
    """The Paris map at ``origin``: arrondissements tinted by area, the Seine with its
    islands, numerals, links, club circles (with ``cells`` written in them) and docks.
    ``notes`` prints a short text beside an arrondissement's numeral (setup numbers)."""
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
        fill = style.areas[space.area] if tint else "#ffffff"
        arrs.add(dwg.path(d=path_d, fill=fill, id=f"arrondissement-{space.group}"))
        texture = area_texture(dwg, style, space.area) if tint else None
        if texture:
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
            numerals.add(text(dwg, notes[ref], x, y + 4.2, 8, bold=True, anchor="middle",
                              fill=style.ink["highlight"], class_="setup-note"))
    group.add(numerals)

    docks = dwg.g(class_="docks")
    for letter, pts in lines_of(geometry, "dock"):
        (rx, ry), (cx, cy) = pts
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
        docks.add(text(dwg, letter, rx + dx, ry + dy + 1.15, 8, bold=True, anchor="middle",
                       fill="#ffffff"))
    group.add(docks)

    circles = dwg.g(class_="write-in")
    for shape in geometry.shapes:
        cx, cy = shape.anchor[0] + dx, shape.anchor[1] + dy
        circles.add(dwg.circle((round(cx, 2), round(cy, 2)), radius, fill="#ffffff",
                               stroke=style.ink["outline"], stroke_width=0.4,
                               class_="circle", id=f"circle-{shape.space}"))
        # The club's letter (a/b) small inside the rim, for copying a board into a CSV.
        circles.add(text(dwg, shape.space[-1], cx + radius * 0.62, cy + radius * 0.78, 5,
                         anchor="middle", fill=style.ink["muted"], class_="club-letter"))
        if cells and shape.space in cells:
            circles.add(_cell_mark(dwg, cells[shape.space], cx, cy, radius, style))
    group.add(circles)
    return group


def ride_points(a: str, b: str) -> int:
    """The points of a boat ride between docks ``a`` and ``b``: their letters' distance."""
    return abs(ord(a) - ord(b))


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


SCORE_FIELDS = ("Clubs", "Circled", "Boats", "Total")


def paris_sheet_svg(game_map: Map, geometry: MapGeometry, paper: Paper,
                    options: SheetOptions | None = None, style: Style | None = None,
                    notes: Mapping[str, str] | None = None) -> str:
    """One landscape Paris player sheet as SVG text. ``notes`` maps an arrondissement's
    numeral to a text printed under it (the setup numbers of a seeded game)."""
    style = style or load_style()
    options = options or SheetOptions()
    width, height = paper.landscape
    dwg = new_page(width, height)
    dwg.add(dwg.rect((0, 0), (width, height), fill="#ffffff"))

    top = MARGIN
    dwg.add(text(dwg, game_map.title, MARGIN, top + 7.0, 17, bold=True))
    if options.seed is not None:
        dwg.add(text(dwg, f"Seeded game · seed {options.seed}", MARGIN, top + 11.8, 8.5,
                     fill=style.ink["muted"]))
    name_x = MARGIN + 72.0
    dwg.add(text(dwg, "Name", name_x, top + 7.0, 9, fill=style.ink["muted"]))
    dwg.add(dwg.line((name_x + 10, top + 7.6), (name_x + 70, top + 7.6),
                     stroke=style.ink["outline"], stroke_width=0.3))
    if options.player:
        dwg.add(text(dwg, options.player, name_x + 12, top + 6.4, 11, bold=True))
    box_w, box_h = 17.0, 10.0
    x = width - MARGIN - len(SCORE_FIELDS) * box_w - (len(SCORE_FIELDS) - 1) * 4.0
    for k, field in enumerate(SCORE_FIELDS):
        dwg.add(dwg.rect((round(x, 2), top + 2.5), (box_w, box_h), fill="#ffffff",
                         stroke=style.ink["outline"],
                         stroke_width=0.6 if field == "Total" else 0.35,
                         class_="score-box", id=f"score-{field.lower()}"))
        dwg.add(text(dwg, field, x + box_w / 2, top + 1.6, 6.5, anchor="middle",
                     fill=style.ink["muted"]))
        if k < len(SCORE_FIELDS) - 1:
            dwg.add(text(dwg, "=" if k == len(SCORE_FIELDS) - 2 else "+", x + box_w + 2.0,
                         top + 9.2, 10, bold=True, anchor="middle"))
        x += box_w + 4.0

    body_top = MARGIN + HEADER
    body_h = height - 2 * MARGIN - HEADER - RULER_H - FOOTER
    origin = ((width - geometry.width) / 2,
              body_top + max(0.0, (body_h - geometry.height) / 2))
    dwg.add(add_paris_map(dwg, game_map, geometry, origin, style, cells=options.prefilled,
                          notes=notes))
    ruler_y = origin[1] + geometry.height + 1.0
    dwg.add(add_ride_ruler(dwg, game_map, (MARGIN, ruler_y), width - 2 * MARGIN, style))

    foot_y = height - MARGIN - FOOTER + 4.0
    dwg.add(add_legend(dwg, (MARGIN, foot_y), style))
    note_x = MARGIN + LEGEND_SIZE[0] + 8.0
    for k, line in enumerate((
            "Score: 1 point per club on your route + 1 per circled club on it + boat points.",
            "Route: linked clubs, never lower, no club twice, never through an X; a star is",
            "any number. Cross the Seine only by boat: end at a dock, go on from another.")):
        dwg.add(text(dwg, line, note_x, foot_y + 5.0 + 4.0 * k, 7.5, fill=style.ink["text"]))
    if options.attribution:
        for k, line in enumerate(reversed(options.attribution.splitlines())):
            dwg.add(text(dwg, line, width - MARGIN, height - MARGIN - 3.2 * k, 5.5,
                         anchor="end", fill=style.ink["muted"], class_="attribution"))
    return str(dwg.tostring())
