"""Highways & Byways drawings: the board (overview and full-size tiles) and planned drives.

Everything is drawn in board millimetres (the full-size board, 1:1) inside a group that is
scaled for the page, so the overview and the tiles come from one drawing routine.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import svgwrite
from svgwrite.container import Group

from sheetgen.draw.page import new_page, star_points
from sheetgen.draw.pdf import Layers, Page, Placed, page_svg
from sheetgen.draw.text import PT, TYPE_MIN_PT, text
from sheetgen.games.byways.roadmap import Colour, RoadMap, SpaceKind
from sheetgen.model import MapGeometry, SpaceId
from sheetgen.templates import Paper, load


@dataclass(frozen=True)
class BoardStyle:
    ink: dict[str, str]
    margin: float
    band: float
    space_d: float
    highway_w: float
    byway_w: float
    blue_dash: str
    label_pt: float
    byway_label_pt: float
    letter_pt: float
    slots: int
    slot_w: float
    slot_h: float
    slot_gap: float
    tile_margin: float
    tile_overlap: float
    tile_caption: float


@cache
def board_style() -> BoardStyle:
    data = load("byways")
    b, s, t = data["board"], data["slots"], data["tiles"]
    return BoardStyle(dict(data["ink"]), b["margin"], b["band"], b["space_d"], b["highway_w"],
                      b["byway_w"], b["blue_dash"], b["label_pt"], b["byway_label_pt"],
                      b["letter_pt"], s["count"], s["width"], s["height"], s["gap"],
                      t["margin"], t["overlap"], t["caption"])


def board_size(geo: MapGeometry) -> tuple[float, float]:
    """Width and height of the full-size board in mm (map, margins and the band)."""
    st = board_style()
    return (round(geo.width + 2 * st.margin, 2),
            round(geo.height + 2 * st.margin + st.band, 2))


def slot_rects(geo: MapGeometry) -> list[tuple[float, float, float, float]]:
    """The five construction-card slots (x, y, w, h) at the bottom right of the board."""
    st = board_style()
    w, h = board_size(geo)
    y = h - st.margin - st.slot_h
    right = w - st.margin
    out = []
    for i in range(st.slots):
        x = right - (st.slots - i) * st.slot_w - (st.slots - 1 - i) * st.slot_gap
        out.append((round(x, 2), round(y, 2), st.slot_w, st.slot_h))
    return out


def _pos(geo: MapGeometry, space: SpaceId) -> tuple[float, float]:
    st = board_style()
    x, y = geo.shape(space).anchor
    return (x + st.margin, y + st.margin)


def _diamond(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [(round(cx, 2), round(cy - r, 2)), (round(cx + r, 2), round(cy, 2)),
            (round(cx, 2), round(cy + r, 2)), (round(cx - r, 2), round(cy, 2))]


def add_board(dwg: svgwrite.Drawing, road: RoadMap, geo: MapGeometry, *,
              detail: bool = True, scale: float = 1.0) -> Group:
    """The whole board in board mm (origin at its top left). ``detail`` adds the place
    names and byway names (for the full-size board; the overview leaves them out).
    ``scale`` is what the page shrinks the board by: every text is drawn so that it
    prints at 6 pt at least (the overview's construction letters and key grow)."""
    st = board_style()
    least = TYPE_MIN_PT / scale
    ink = st.ink
    bw, bh = board_size(geo)
    m = st.margin
    g = dwg.g(class_="board")
    g.add(dwg.rect((0, 0), (bw, bh), fill=ink["water"]))
    land = dwg.g(class_="states", fill=ink["land"], stroke=ink["border"], stroke_width=0.5,
                 stroke_linejoin="round")
    for ring in geo.context:
        land.add(dwg.polygon([(round(x + m, 2), round(y + m, 2)) for x, y in ring]))
    g.add(land)

    kinds = {ln.ref: ln.kind for ln in geo.lines}
    roads = dwg.g(class_="roads", fill="none", stroke_linecap="round")
    for layer in ("casing", "highway", "red", "blue"):
        for ref, kind in kinds.items():
            a, b = ref.split("|")
            (x1, y1), (x2, y2) = _pos(geo, a), _pos(geo, b)
            if layer == "casing" and kind == "highway":
                roads.add(dwg.line((x1, y1), (x2, y2), stroke=ink["casing"],
                                   stroke_width=st.highway_w + 0.6))
            elif layer == "highway" == kind:
                roads.add(dwg.line((x1, y1), (x2, y2), stroke=ink["highway"],
                                   stroke_width=st.highway_w, class_="highway"))
            elif layer == kind == "red":
                roads.add(dwg.line((x1, y1), (x2, y2), stroke=ink["red"],
                                   stroke_width=st.byway_w, class_="byway-red"))
            elif layer == kind == "blue":
                roads.add(dwg.line((x1, y1), (x2, y2), stroke=ink["blue"],
                                   stroke_width=st.byway_w, stroke_dasharray=st.blue_dash,
                                   stroke_linecap="butt", class_="byway-blue"))
    g.add(roads)

    r = st.space_d / 2
    starts = set(road.starts.values())
    spaces = dwg.g(class_="spaces", stroke=ink["casing"], stroke_width=0.35)
    for space in road.map.space_ids:
        cx, cy = _pos(geo, space)
        kind = road.kinds[space]
        if space in starts:
            spaces.add(dwg.polygon(star_points(cx, cy, r * 2.1), fill=ink["start"],
                                   class_="start"))
        if kind is SpaceKind.HIGHWAY:
            spaces.add(dwg.circle((cx, cy), r, fill=ink["highway"], class_="space-highway"))
        elif kind is SpaceKind.RED:
            spaces.add(dwg.circle((cx, cy), r, fill=ink["red"], class_="space-red"))
        elif kind is SpaceKind.BLUE:
            spaces.add(dwg.polygon(_diamond(cx, cy, r * 1.15), fill=ink["blue"],
                                   class_="space-blue"))
        else:
            half = dwg.g(class_="space-intersection")
            half.add(dwg.path(d=f"M{cx - r:.2f},{cy:.2f} A{r},{r} 0 0 1 {cx + r:.2f},{cy:.2f}Z",
                              fill=ink["red"], stroke="none"))
            half.add(dwg.path(d=f"M{cx - r:.2f},{cy:.2f} A{r},{r} 0 0 0 {cx + r:.2f},{cy:.2f}Z",
                              fill=ink["blue"], stroke="none"))
            half.add(dwg.circle((cx, cy), r, fill="none"))
            k = r * 0.6
            half.add(dwg.line((cx - k, cy - k), (cx + k, cy + k), stroke="#ffffff",
                              stroke_width=0.8))
            half.add(dwg.line((cx - k, cy + k), (cx + k, cy - k), stroke="#ffffff",
                              stroke_width=0.8))
            spaces.add(half)
        if space in road.letters:
            size = max(st.letter_pt, least)
            if size > st.letter_pt:  # the overview: a letter larger than its space
                _haloed(spaces, dwg, road.letters[space], cx, cy + size * PT * 0.36, size,
                        ink["text"], bold=True, cls="letter")
            else:
                spaces.add(text(dwg, road.letters[space], cx, cy + size * 0.125, size,
                                bold=True, anchor="middle", fill=ink["text"], stroke="none",
                                class_="letter"))
    g.add(spaces)

    if detail:
        g.add(_labels(dwg, road, geo))
    g.add(_band(dwg, road, geo, detail, least))
    return g


def _labels(dwg: svgwrite.Drawing, road: RoadMap, geo: MapGeometry) -> Group:
    st = board_style()
    ink = st.ink
    r = st.space_d / 2
    labels = dwg.g(class_="labels")
    for space in road.map.space_ids:
        s = road.map.space(space)
        if road.kinds[space] is SpaceKind.HIGHWAY and "," not in s.name:
            continue  # a highway space between cities carries no name
        cx, cy = _pos(geo, space)
        name = s.name.split(",")[0]
        _haloed(labels, dwg, name, cx, cy + r + st.label_pt * 0.38 + 0.4, st.label_pt,
                ink["text"], bold=False, cls="place")
    for byway in road.byways:
        mid = byway.spaces[len(byway.spaces) // 2]
        cx, cy = _pos(geo, mid)
        colour = ink["red"] if byway.colour is Colour.RED else ink["blue"]
        _haloed(labels, dwg, byway.name, cx, cy - r - 1.0, st.byway_label_pt, colour,
                bold=True, cls="byway-name")
    return labels


def _haloed(group: Group, dwg: svgwrite.Drawing, content: str, x: float, y: float,
            size: float, colour: str, *, bold: bool, cls: str) -> None:
    """Text over a white halo of itself, legible across roads and borders. The halo is
    the letters' outline stroked (fill none), which the PDF holds as shapes: the text is
    extracted once."""
    group.add(text(dwg, content, x, y, size, bold=bold, anchor="middle", fill="none",
                   stroke="#ffffff", stroke_width=0.9, stroke_linejoin="round",
                   class_="halo"))
    group.add(text(dwg, content, x, y, size, bold=bold, anchor="middle", fill=colour,
                   class_=cls))


def _band(dwg: svgwrite.Drawing, road: RoadMap, geo: MapGeometry, detail: bool,
          least: float = TYPE_MIN_PT) -> Group:
    """Title, legend and the five construction-card slots under the map; no text smaller
    than ``least`` points (board units)."""
    st = board_style()
    key_pt = max(14.0, least)
    ink = st.ink
    bw, bh = board_size(geo)
    top = bh - st.margin - st.band + 6
    band = dwg.g(class_="band")
    band.add(text(dwg, road.map.title, st.margin + 4, top + 16, 40, bold=True, fill=ink["text"]))
    legend = [("space-highway", "Highway space (white road)"),
              ("space-red", "Red byway space (solid red road)"),
              ("space-blue", "Blue byway space (dashed blue road)"),
              ("space-intersection", "Intersection: a red and a blue byway cross"),
              ("start", "Start space"),
              ("letter", "Construction letter: closed while its card is up")]
    r = st.space_d / 2
    for i, (kind, label) in enumerate(legend):
        x = st.margin + 10 + (i // 3) * 190
        y = top + 38 + (i % 3) * 14
        if kind == "space-highway":
            band.add(dwg.circle((x, y), r, fill=ink["highway"], stroke=ink["casing"],
                                stroke_width=0.35))
        elif kind == "space-red":
            band.add(dwg.circle((x, y), r, fill=ink["red"], stroke=ink["casing"],
                                stroke_width=0.35))
        elif kind == "space-blue":
            band.add(dwg.polygon(_diamond(x, y, r * 1.15), fill=ink["blue"],
                                 stroke=ink["casing"], stroke_width=0.35))
        elif kind == "space-intersection":
            band.add(dwg.path(d=f"M{x - r},{y} A{r},{r} 0 0 1 {x + r},{y}Z", fill=ink["red"]))
            band.add(dwg.path(d=f"M{x - r},{y} A{r},{r} 0 0 0 {x + r},{y}Z", fill=ink["blue"]))
            band.add(dwg.circle((x, y), r, fill="none", stroke=ink["casing"],
                                stroke_width=0.35))
        elif kind == "start":
            band.add(dwg.polygon(star_points(x, y, r * 2.1), fill=ink["start"],
                                 stroke=ink["casing"], stroke_width=0.35))
        else:
            band.add(dwg.circle((x, y), r, fill=ink["highway"], stroke=ink["casing"],
                                stroke_width=0.35))
            size = max(st.letter_pt, least)
            _haloed(band, dwg, "A", x, y + size * PT * 0.36, size, ink["text"], bold=True,
                    cls="letter")
        band.add(text(dwg, label, x + 8, y + key_pt * PT * 0.36, key_pt, fill=ink["text"]))
    for i, (x, y, w, h) in enumerate(slot_rects(geo)):
        band.add(dwg.rect((x, y), (w, h), rx=3, fill="#ffffff", stroke=ink["casing"],
                          stroke_width=0.6, stroke_dasharray="2,1.2", class_="slot"))
        band.add(text(dwg, str(i + 1), x + w / 2, y + h / 2 + 6, 48, bold=True,
                      anchor="middle", fill="#d9d9d9"))
    x0 = slot_rects(geo)[0][0]
    band.add(text(dwg, "Construction cards: Player 1 lays one a turn, left to right",
                  x0, top + 1, key_pt, fill=ink["text"]))
    return band


# --- pages ---------------------------------------------------------------------------------


def _fit(avail_w: float, avail_h: float, w: float, h: float) -> float:
    return min(avail_w / w, avail_h / h)


def add_drive(dwg: svgwrite.Drawing, geo: MapGeometry, drive: Sequence[SpaceId],
              width: float, marks: Sequence[tuple[int, str]] | None = None) -> Group:
    """A planned drive on the board (board mm): one line through the spaces driven, a
    dot at the start, and turn numbers every six moves (or ``marks``: a label at each
    given index of ``drive``, such as the round a drive log ends there)."""
    st = board_style()
    g = dwg.g(class_="drive", fill="none")
    pts = [_pos(geo, s) for s in drive]
    g.add(dwg.polyline(pts, stroke="#1a1a1a", stroke_width=width * 1.6,
                       stroke_linejoin="round", stroke_linecap="round"))
    g.add(dwg.polyline(pts, stroke=st.ink["route"], stroke_width=width,
                       stroke_linejoin="round", stroke_linecap="round"))
    if marks is None:
        marks = [(i, str(turn)) for turn, i in enumerate(range(6, len(pts) - 1, 6), start=1)]
    for i, label in marks:
        x, y = pts[i]
        g.add(dwg.circle((x, y), width * 1.3, fill="#ffffff", stroke=st.ink["route"],
                         stroke_width=width * 0.35))
        g.add(text(dwg, label, x, y + width * 0.55, width * (4.3 if len(label) < 2 else 3.4),
                   bold=True, anchor="middle", fill=st.ink["text"]))
    return g


def overview_svg(road: RoadMap, geo: MapGeometry, paper: Paper, *, title: str = "",
                 drive: Sequence[SpaceId] = (), notes: Sequence[str] = (),
                 attribution: str = "", marks: Sequence[tuple[int, str]] | None = None
                 ) -> str:
    """The whole board on one landscape page, optionally with a drive drawn on it."""
    page_w, page_h = paper.landscape
    margin, head = 10.0, 12.0
    foot = 6.0 + 4.0 * len(notes)
    bw, bh = board_size(geo)
    scale = _fit(page_w - 2 * margin, page_h - 2 * margin - head - foot, bw, bh)
    dwg = new_page(page_w, page_h)
    dwg.add(text(dwg, title or road.map.title, margin, margin + 6, 16, bold=True))
    x0 = (page_w - bw * scale) / 2
    holder = dwg.g(transform=f"translate({x0:.3f},{margin + head:.3f}) scale({scale:.5f})")
    holder.add(add_board(dwg, road, geo, detail=False, scale=scale))
    if drive:
        holder.add(add_drive(dwg, geo, drive, 1.6 / scale, marks))
    dwg.add(holder)
    y = margin + head + bh * scale + 5
    for line in notes:
        dwg.add(text(dwg, line, margin, y, 8))
        y += 4
    if attribution:
        dwg.add(text(dwg, attribution, page_w - margin, page_h - margin + 1.5, TYPE_MIN_PT,
                     anchor="end", fill="#6b6b6b", class_="attribution"))
    return str(dwg.tostring())


@dataclass(frozen=True)
class Tile:
    """One page of the full-size board: the part of the board (x, y, w, h) it prints."""

    row: int
    col: int
    x: float
    y: float
    w: float
    h: float

    @property
    def name(self) -> str:
        """``A1`` is the top left tile: rows are letters, columns numbers."""
        return f"{'ABCDEFGHIJ'[self.row]}{self.col + 1}"


def tiles(paper: Paper, geo: MapGeometry) -> tuple[list[Tile], int, int]:
    """The full-size board cut into landscape pages; neighbours share ``overlap`` mm."""
    st = board_style()
    page_w, page_h = paper.landscape
    tw = page_w - 2 * st.tile_margin
    th = page_h - 2 * st.tile_margin - st.tile_caption
    bw, bh = board_size(geo)
    ov = st.tile_overlap
    cols = max(1, math.ceil((bw - ov) / (tw - ov)))
    rows = max(1, math.ceil((bh - ov) / (th - ov)))
    out = []
    for row in range(rows):
        for col in range(cols):
            x, y = col * (tw - ov), row * (th - ov)
            out.append(Tile(row, col, round(x, 3), round(y, 3), round(min(tw, bw - x), 3),
                            round(min(th, bh - y), 3)))
    return out, rows, cols


def _align_mark(dwg: svgwrite.Drawing, x: float, y: float, name: str) -> Group:
    """A registration cross in a circle, centred on (x, y) (page mm)."""
    g = dwg.g(class_="align-mark", id=name)
    g.add(dwg.circle((round(x, 3), round(y, 3)), 2.2, fill="none", stroke="#000000",
                     stroke_width=0.2))
    g.add(dwg.line((round(x - 3.5, 3), round(y, 3)), (round(x + 3.5, 3), round(y, 3)),
                   stroke="#000000", stroke_width=0.2))
    g.add(dwg.line((round(x, 3), round(y - 3.5, 3)), (round(x, 3), round(y + 3.5, 3)),
                   stroke="#000000", stroke_width=0.2))
    return g


def mark_points(tile: Tile, all_tiles: Sequence[Tile]) -> list[tuple[str, float, float]]:
    """Alignment marks on a tile in board mm: on every seam the tile shares with a
    neighbour, three marks on the seam's trim line (the middle of the overlap)."""
    st = board_style()
    ov = st.tile_overlap
    by_pos = {(t.row, t.col): t for t in all_tiles}
    marks: list[tuple[str, float, float]] = []
    for (dr, dc) in ((0, -1), (0, 1), (-1, 0), (1, 0)):
        other = by_pos.get((tile.row + dr, tile.col + dc))
        if other is None:
            continue
        a, b = sorted([tile, other], key=lambda t: (t.row, t.col))
        seam = f"{a.name}-{b.name}"
        if dc:  # a vertical seam at b's left edge plus half the overlap
            x = b.x + ov / 2
            y0, y1 = max(a.y, b.y), min(a.y + a.h, b.y + b.h)
            marks += [(f"{seam}-{k}", x, y0 + (y1 - y0) * f)
                      for k, f in enumerate((0.15, 0.5, 0.85))]
        else:
            y = b.y + ov / 2
            x0, x1 = max(a.x, b.x), min(a.x + a.w, b.x + b.w)
            marks += [(f"{seam}-{k}", x0 + (x1 - x0) * f, y)
                      for k, f in enumerate((0.15, 0.5, 0.85))]
    return marks


def board_svg(road: RoadMap, geo: MapGeometry) -> str:
    """The full-size board alone, as a drawing of its own size (1 mm a user unit): what
    every tile page shows a window of."""
    bw, bh = board_size(geo)
    dwg = new_page(bw, bh)
    dwg.add(add_board(dwg, road, geo, detail=True))
    return str(dwg.tostring())


def tile_layers(road: RoadMap, geo: MapGeometry, paper: Paper, tile: Tile,
                all_tiles: Sequence[Tile], rows: int, cols: int,
                board: str | None = None) -> Layers:
    """One page of the full-size board at 1:1: the board (``board_svg``, drawn once for
    all tiles and stored once in the PDF) placed so that the tile's part of it shows
    through the page's window, and over it the trim lines through the overlaps,
    alignment marks on them, and a key placing the page in the grid."""
    st = board_style()
    page_w, page_h = paper.landscape
    m = st.tile_margin
    dx, dy = m - tile.x, m - tile.y
    window = Placed(board if board is not None else board_svg(road, geo),
                    round(dx, 3), round(dy, 3), (m, m, tile.w, tile.h))
    return Layers((window, _tile_furniture(road, paper, tile, all_tiles, rows, cols)),
                  size=(page_w, page_h))


def tile_svg(road: RoadMap, geo: MapGeometry, paper: Paper, tile: Tile,
             all_tiles: Sequence[Tile], rows: int, cols: int) -> str:
    """One tile page (``tile_layers``) as a single drawing."""
    return page_svg(tile_layers(road, geo, paper, tile, all_tiles, rows, cols))


def _tile_furniture(road: RoadMap, paper: Paper, tile: Tile, all_tiles: Sequence[Tile],
                    rows: int, cols: int) -> str:
    """What a tile page draws over the board, on a transparent page: the window's edge,
    the trim lines, the alignment marks, the caption and the assembly key."""
    st = board_style()
    page_w, page_h = paper.landscape
    m = st.tile_margin
    ov = st.tile_overlap
    dx, dy = m - tile.x, m - tile.y
    dwg = new_page(page_w, page_h)
    dwg.add(dwg.rect((m, m), (tile.w, tile.h), fill="none", stroke="#9a9a9a",
                     stroke_width=0.15, class_="tile-edge"))
    # trim lines: through the middle of every overlap shared with a neighbour
    trims = dwg.g(class_="trim", stroke="#000000", stroke_width=0.25,
                  stroke_dasharray="3,1.5")
    has_left, has_top = tile.col > 0, tile.row > 0
    has_right, has_bottom = tile.col < cols - 1, tile.row < rows - 1
    if has_left:
        trims.add(dwg.line((m + ov / 2, m), (m + ov / 2, m + tile.h)))
    if has_top:
        trims.add(dwg.line((m, m + ov / 2), (m + tile.w, m + ov / 2)))
    if has_right:
        x = m + tile.w - ov / 2
        trims.add(dwg.line((x, m), (x, m + tile.h)))
    if has_bottom:
        y = m + tile.h - ov / 2
        trims.add(dwg.line((m, y), (m + tile.w, y)))
    dwg.add(trims)
    for name, bx, by in mark_points(tile, all_tiles):
        dwg.add(_align_mark(dwg, bx + dx, by + dy, name))
    # caption and assembly key, in the band kept for them under the board (inside the
    # page margin, as everything on the page)
    base = page_h - m - st.tile_caption + 3.7
    dwg.add(text(dwg, f"{road.map.title}: full-size board, page {tile.name} "
                 f"(row {tile.row + 1} of {rows}, column {tile.col + 1} of {cols})",
                 m, base, 8, bold=True))
    dwg.add(text(dwg, "Cut along the dashed lines through the overlaps; butt the pages "
                 "edge to edge so the crossed circles meet, and tape from behind.",
                 m, base + 3.6, 6.5))
    cell = 3.2
    kx = page_w - m - cols * cell
    ky = page_h - m - st.tile_caption + 3.1
    key = dwg.g(class_="assembly-key")
    for t in all_tiles:
        key.add(dwg.rect((kx + t.col * cell, ky + t.row * cell * 0.5 - 2.5), (cell, cell * 0.5),
                         fill="#1a1a1a" if t is tile else "#ffffff", stroke="#1a1a1a",
                         stroke_width=0.15))
    key.add(text(dwg, tile.name, kx - 1.5, base, 8, bold=True, anchor="end"))
    dwg.add(key)
    return str(dwg.tostring())


def board_pages(road: RoadMap, geo: MapGeometry, paper: Paper, *, tiled: bool,
                attribution: str = "") -> list[Page]:
    """The overview page, then (``tiled``) the full-size board page by page, each a
    window on one drawing of the board."""
    all_tiles, rows, cols = tiles(paper, geo)
    notes = []
    if tiled:
        notes = [f"Full-size board: {len(all_tiles)} pages, {rows} rows (A-"
                 f"{'ABCDEFGHIJ'[rows - 1]}) x {cols} columns (1-{cols}); page A1 is the "
                 "top left. Each page shares a strip with its neighbours: cut along the "
                 "dashed lines and match the crossed circles."]
    pages: list[Page] = [overview_svg(road, geo, paper, notes=notes, attribution=attribution)]
    if tiled:
        board = board_svg(road, geo)
        pages += [tile_layers(road, geo, paper, t, all_tiles, rows, cols, board)
                  for t in all_tiles]
    return pages


def plan_pages(road: RoadMap, geo: MapGeometry, paper: Paper, drive: Sequence[SpaceId],
               title: str, summary: Sequence[str], steps: Sequence[str],
               attribution: str = "", marks: Sequence[tuple[int, str]] | None = None,
               heading: str = "The drive, turn by turn ([ ] marks a byway driven end to end)"
               ) -> list[str]:
    """A planned drive: the board with the drive drawn, then the drive step by step."""
    from sheetgen.products.textpage import Block, prose_page

    pages = [overview_svg(road, geo, paper, title=title, drive=drive, notes=summary[-1:],
                          attribution=attribution, marks=marks)]
    blocks = [Block("h1", title)] + [Block("p", line) for line in summary]
    blocks.append(Block("h2", heading))
    blocks += [Block("p", line) for line in steps]
    chunk: list[Block] = []
    for block in blocks:
        try:
            prose_page(paper, [*chunk, block])
        except ValueError:
            pages.append(prose_page(paper, chunk))
            chunk = [Block("h2", "The drive, continued")]
        chunk.append(block)
    pages.append(prose_page(paper, chunk))
    return pages
