"""Player sheets: the map at print scale, area tints, write-in circles, legend, score box.

The drawing is built from public pieces so other pages (scored boards, kits) can compose
them: ``add_map`` draws a map with its circles and
optional written cells at an offset, ``add_legend`` the area key, ``sheet_svg`` a whole
player sheet.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import svgwrite
from svgwrite.container import Group

from sheetgen.model import ALL_AREAS, Area, Cell, CellKind, Map, MapGeometry, Ring, SpaceId
from sheetgen.render.draw import new_page, star_points
from sheetgen.render.patterns import pattern_fill
from sheetgen.render.style import Style, load_style
from sheetgen.render.text import fit_text, text, text_width
from sheetgen.templates import Paper

MARGIN = 10.0
"""Page margin in mm (the issue asks for at least 8)."""
HEADER = 14.0
"""Height of the header band (title, name line, score box), mm."""
FOOTER = 24.0
"""Height of the footer band (legend, attribution), mm."""


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


def _ring_path(rings: tuple[Ring, ...], dx: float, dy: float) -> str:
    parts = []
    for ring in rings:
        pts = " ".join(f"{x + dx:.2f},{y + dy:.2f}" for x, y in ring)
        parts.append(f"M{pts}Z")
    return "".join(parts)


def area_texture(dwg: svgwrite.Drawing, style: Style, area: Area) -> str | None:
    """The fill laid over an area's tint for its latitude's pattern (None: plain)."""
    return pattern_fill(dwg, style.area_pattern[area.latitude], style.ink["outline"],
                        pitch=2.4, opacity=0.45)


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
    context = dwg.g(class_="context", fill=style.ink["context_land"], stroke="#d0d0d0",
                    stroke_width=0.2)
    for ring in geometry.context:
        context.add(dwg.path(d=_ring_path((ring,), dx, dy)))
    group.add(context)

    spaces = dwg.g(class_="spaces", stroke=style.ink["outline"], stroke_width=0.3,
                   stroke_linejoin="round")
    for shape in geometry.shapes:
        space = game_map.space(shape.space)
        tinted = tint and len(space.regions) == 2
        fill = style.areas[space.area] if tinted else "#ffffff"
        path_d = _ring_path(shape.rings, dx, dy)
        spaces.add(dwg.path(d=path_d, fill=fill, fill_rule="evenodd", id=f"space-{space.id}"))
        texture = area_texture(dwg, style, space.area) if tinted else None
        if texture:
            spaces.add(dwg.path(d=path_d, fill=texture, fill_rule="evenodd", stroke="none"))
    group.add(spaces)

    links = dwg.g(class_="water-links", fill="none", stroke=style.ink["outline"],
                  stroke_width=0.45, stroke_dasharray="1.6,1.0", stroke_linecap="round")
    for line in geometry.lines:
        if line.kind == "water-link":
            links.add(dwg.polyline([(x + dx, y + dy) for x, y in line.points]))
    group.add(links)

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


def add_legend(dwg: svgwrite.Drawing, origin: tuple[float, float], style: Style) -> Group:
    """The area key as a 2 x 3 table: rows north/south, columns west/central/east, so a
    region is a whole row or column. Returns the group; its size is ``LEGEND_SIZE``."""
    x0, y0 = origin
    legend = dwg.g(class_="legend")
    cell_w, cell_h, head_w, head_h = 24.0, 6.0, 13.0, 4.2
    for j, lon in enumerate(("West", "Central", "East")):
        legend.add(text(dwg, lon, x0 + head_w + j * cell_w + cell_w / 2, y0 + head_h - 1.0,
                        7.5, bold=True, anchor="middle"))
    for i, lat in enumerate(("North", "South")):
        y = y0 + head_h + i * cell_h
        legend.add(text(dwg, lat, x0 + head_w - 1.5, y + cell_h / 2 + 1.0, 7.5, bold=True,
                        anchor="end"))
        for j, area in enumerate(a for a in ALL_AREAS if a.latitude.value == lat.lower()):
            x = x0 + head_w + j * cell_w
            legend.add(dwg.rect((x, y), (cell_w, cell_h), fill=style.areas[area],
                                stroke=style.ink["outline"], stroke_width=0.25))
            texture = area_texture(dwg, style, area)
            if texture:
                legend.add(dwg.rect((x, y), (cell_w, cell_h), fill=texture, stroke="none"))
            legend.add(text(dwg, area.name, x + cell_w / 2, y + cell_h / 2 + 1.0, 6.5,
                            anchor="middle"))
    return legend


LEGEND_SIZE = (13.0 + 3 * 24.0, 4.2 + 2 * 6.0)


def map_origin(page_w: float, page_h: float, geometry: MapGeometry) -> tuple[float, float]:
    """Top-left corner of the map on a sheet: centred between header and footer."""
    body_top = MARGIN + HEADER
    body_h = page_h - 2 * MARGIN - HEADER - FOOTER
    return ((page_w - geometry.width) / 2, body_top + (body_h - geometry.height) / 2)


def sheet_svg(game_map: Map, geometry: MapGeometry, paper: Paper,
              options: SheetOptions = SheetOptions(), style: Style | None = None) -> str:
    """One landscape player sheet as SVG text."""
    style = style or load_style()
    width, height = paper.landscape
    dwg = new_page(width, height)
    dwg.add(dwg.rect((0, 0), (width, height), fill="#ffffff"))

    # Header: title, name line, score box.
    top = MARGIN
    dwg.add(text(dwg, game_map.title, MARGIN, top + 7.0, 17, bold=True))
    if options.seed is not None:
        dwg.add(text(dwg, f"Seeded game · seed {options.seed}", MARGIN, top + 11.8, 8.5,
                     fill=style.ink["muted"]))
    name_x = MARGIN + 95.0
    dwg.add(text(dwg, "Name", name_x, top + 7.0, 9, fill=style.ink["muted"]))
    dwg.add(dwg.line((name_x + 10, top + 7.6), (name_x + 85, top + 7.6),
                     stroke=style.ink["outline"], stroke_width=0.3))
    if options.player:
        (name,), name_pt = fit_text(options.player, 72.0, 11, min_pt=6, bold=True)
        dwg.add(text(dwg, name, name_x + 12, top + 6.4, name_pt, bold=True,
                     class_="player-name"))
    box_w, box_h = 30.0, 11.0
    box_x = width - MARGIN - box_w
    dwg.add(text(dwg, "Score", box_x - 2.0, top + 7.0, 9, anchor="end",
                 fill=style.ink["muted"]))
    dwg.add(dwg.rect((box_x, top), (box_w, box_h), fill="#ffffff",
                     stroke=style.ink["outline"], stroke_width=0.4, class_="score-box"))

    geometry_origin = map_origin(width, height, geometry)
    dwg.add(add_map(dwg, game_map, geometry, geometry_origin, style,
                    cells=options.prefilled))

    # Footer: legend, route rule reminder, attribution.
    foot_y = height - MARGIN - FOOTER + 3.0
    dwg.add(add_legend(dwg, (MARGIN, foot_y), style))
    note_x = MARGIN + LEGEND_SIZE[0] + 8.0
    for k, line in enumerate((
            "Score: 1 point per space on your route + 1 per circled space on it.",
            "Route: neighbouring spaces, never lower, no space twice, never through an X;",
            "equal numbers may follow each other; a star is any number.")):
        dwg.add(text(dwg, line, note_x, foot_y + 5.0 + 4.0 * k, 7.5,
                     fill=style.ink["text"]))
    if options.attribution:
        for k, line in enumerate(reversed(options.attribution.splitlines())):
            dwg.add(text(dwg, line, width - MARGIN, height - MARGIN - 3.2 * k, 5.5,
                         anchor="end", fill=style.ink["muted"], class_="attribution"))
    return str(dwg.tostring())
