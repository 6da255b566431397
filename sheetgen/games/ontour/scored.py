"""Scored boards: one page per player with the best route drawn, and standings pages.

A player's page is the map as the player filled it (every number, star, X and circle as
entered) with the best route drawn as a highlighted band from circle centre to circle
centre *under* the circles and labels, so no number or name is struck through; the route's
circles are ringed and each carries a numbered step badge outside its rim; the score is
worked out in the footer. The standings pages rank the players (score, then circled spaces
on the whole board), as many pages as the players need.

A player's page is a stack of four layers (``pdf.Layers``): the map (shared by every
page), the player's route band, the circles and labels (shared), and the player's marks,
rings, badges and text. The PDF stores each shared layer once.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from math import atan2, cos, hypot, pi, sin
from typing import Any

import svgwrite
from svgwrite.container import Group

from sheetgen.draw.bend import Bend, Circle, distance_to_segment, step_curve, straight
from sheetgen.draw.page import new_page
from sheetgen.draw.pdf import Layers, Page
from sheetgen.draw.style import Style, load_style
from sheetgen.draw.text import PT, fit_text, route_proof, text, text_width, wrap
from sheetgen.games.ontour.score import PlayerScore, Standings
from sheetgen.games.ontour.sheet import (
    FOOTER,
    MARGIN,
    add_map,
    furniture_box,
    map_origin,
    side_column,
)
from sheetgen.model import Board, Map, MapGeometry
from sheetgen.templates import Paper

BAND_WIDTH = 2.6
"""Width of the route band drawn under the circles, mm."""
BAND_OPACITY = 0.6
"""Opacity of the route band (the area tints show through)."""
CHEVRON = (1.5, 1.0)
"""Length and half width of the direction chevron on a band segment, mm."""
BADGE_R = 2.1
"""Radius of a step-number badge, mm."""
RING_WIDTH = 1.2
"""Width of the highlight ring around a route space's circle, mm."""
ROW_H = 7.5
"""Height of a standings row, mm."""


def _centres(geometry: MapGeometry, route: tuple[str, ...],
             origin: tuple[float, float]) -> list[tuple[float, float]]:
    dx, dy = origin
    return [(geometry.shape(s).anchor[0] + dx, geometry.shape(s).anchor[1] + dy)
            for s in route]


ROUTE_CLEAR = 0.8
"""Least room between a drawn route step and the rim of any circle it does not join, mm
(the drawn edge of a ring, where the circle is on the route)."""
OUTLINE = 0.35
"""How far a circle's drawn outline reaches past its radius, mm (taken wide)."""


def avoided_circles(geometry: MapGeometry, route: Sequence[str], *,
                    ring: float = RING_WIDTH) -> dict[str, Circle]:
    """Every circle of the map as drawn (map mm): its centre and its outer edge, the
    highlight ring (``ring`` wide) where the space is on the route, the outline else."""
    radius = geometry.circle_diameter / 2
    on_route = set(route)
    return {shape.space: (shape.anchor, radius + (ring if shape.space in on_route else OUTLINE))
            for shape in geometry.shapes}


def route_bends(geometry: MapGeometry, route: Sequence[str], width: float, *,
                ring: float = RING_WIDTH,
                skip: Collection[tuple[str, str]] = ()) -> list[Bend]:
    """Each step of the route as drawn (map mm), centre to centre: the least bend that
    keeps ``ROUTE_CLEAR`` from every circle the step does not join, measured from the
    edge of the drawn line (``width`` wide) where a bend up to ``bend.MAX_BOW`` can, else
    from its middle; the straight line when neither can (``Bend.clears`` false). Steps
    in ``skip`` (drawn otherwise, as Paris's boat rides) are the straight line."""
    circles = avoided_circles(geometry, route, ring=ring)
    bends = []
    for a, b in zip(route, route[1:], strict=False):
        if (a, b) in skip:
            bends.append(straight(circles[a][0], circles[b][0]))
            continue
        avoid = [circle for sid, circle in circles.items() if sid not in (a, b)]
        bends.append(step_curve(circles[a], circles[b], avoid, width, ROUTE_CLEAR))
    return bends


def path_data(controls: Sequence[tuple[float, float]], origin: tuple[float, float]) -> str:
    """SVG path data of a cubic Bezier's control points moved by ``origin``."""
    (x0, y0), *rest = ((x + origin[0], y + origin[1]) for x, y in controls)
    return f"M{x0:.2f},{y0:.2f}C" + " ".join(f"{x:.2f},{y:.2f}" for x, y in rest)


def add_route_band(dwg: svgwrite.Drawing, geometry: MapGeometry, route: tuple[str, ...],
                   origin: tuple[float, float], style: Style,
                   bends: Sequence[Bend] | None = None) -> Group:
    """The route as a band from circle centre to circle centre, bent where a straight
    band would pass a third circle (``route_bends``), with a chevron pointing the way at
    its middle where the gap between two circles leaves room. Drawn under the circles,
    whose white fill hides the band inside them. ``bends``: the route's, when worked
    out already."""
    radius = geometry.circle_diameter / 2
    bends = route_bends(geometry, route, BAND_WIDTH) if bends is None else bends
    ink = style.ink["highlight"]
    group = dwg.g(class_="route-band", opacity=BAND_OPACITY)
    # A white casing first, so the band stands off dark tints in greyscale too.
    casing = dwg.g(class_="route-casing", fill="none", stroke="#ffffff",
                   stroke_width=BAND_WIDTH + 1.0, stroke_linecap="round")
    for bend in bends:
        casing.add(dwg.path(d=path_data(bend.controls, origin)))
    group.add(casing)
    for bend in bends:
        step = dwg.g(class_="route-step")
        step.add(dwg.path(d=path_data(bend.controls, origin), fill="none", stroke=ink,
                          stroke_width=BAND_WIDTH, stroke_linecap="round"))
        (ax, ay), (bx, by) = bend.controls[0], bend.controls[3]
        if hypot(bx - ax, by - ay) - 2 * radius > CHEVRON[0] + 1.6:
            ux, uy = bend.direction(0.5)
            mx, my = bend.at(0.5)
            mx, my = mx + origin[0], my + origin[1]
            head, half = CHEVRON
            tip = (mx + ux * head / 2, my + uy * head / 2)
            back = (mx - ux * head / 2, my - uy * head / 2)
            step.add(dwg.polyline([(round(back[0] - uy * half, 2), round(back[1] + ux * half, 2)),
                                   (round(tip[0], 2), round(tip[1], 2)),
                                   (round(back[0] + uy * half, 2), round(back[1] - ux * half, 2))],
                                  fill="none", stroke="#ffffff", stroke_width=0.45,
                                  stroke_linecap="round", stroke_linejoin="round",
                                  class_="chevron"))
        group.add(step)
    return group


ROUTE_WIDTH = 0.9
"""Stroke width of a drawn arrow (``_arrow``), mm."""
ARROW = (2.6, 1.1)
"""Arrowhead length and half width, mm."""


def _arrow(dwg: svgwrite.Drawing, bend: Bend, gap: float, ink: str,
           origin: tuple[float, float] = (0.0, 0.0)) -> Group:
    """A step's curve (``route_bends``) from circle to circle (both of radius ``gap``,
    centres at its ends) ending in an arrowhead at the second circle's edge, moved by
    ``origin``. On Tour's scored pages draw the band instead; Paris draws its walking
    steps with this."""
    (ax, ay), (bx, by) = bend.controls[0], bend.controls[3]
    head, half = ARROW
    if hypot(bx - ax, by - ay) < 2 * gap + head:  # circles touching: a short arrow
        t0, t1 = 0.3, 0.7
    else:
        t0 = bend.leaves((ax, ay), gap)
        t1 = bend.leaves((bx, by), gap, backwards=True)
    tx, ty = bend.at(t1)
    lo, hi = t0, t1  # the arrowhead's base: ``head`` back from the tip along the curve
    for _ in range(30):
        mid = (lo + hi) / 2
        x, y = bend.at(mid)
        lo, hi = (mid, hi) if hypot(tx - x, ty - y) > head else (lo, mid)
    base_x, base_y = bend.at(lo)
    length = hypot(tx - base_x, ty - base_y) or 1.0
    ux, uy = (tx - base_x) / length, (ty - base_y) / length
    dx, dy = origin
    group = dwg.g(class_="route-step")
    group.add(dwg.path(d=path_data(bend.piece(t0, lo), origin), fill="none", stroke=ink,
                       stroke_width=ROUTE_WIDTH, stroke_linecap="round"))
    group.add(dwg.polygon([(round(tx + dx, 2), round(ty + dy, 2)),
                           (round(base_x - uy * half + dx, 2), round(base_y + ux * half + dy, 2)),
                           (round(base_x + uy * half + dx, 2), round(base_y - ux * half + dy, 2))],
                          fill=ink))
    return group


def step_directions(bends: Sequence[Bend], radius: float) -> list[list[float]]:
    """For each circle of a route, the angles (from its centre) at which the drawn steps
    cross its rim of ``radius``: where a badge should not go."""
    out: list[list[float]] = [[] for _ in range(len(bends) + 1)]
    for i, bend in enumerate(bends):
        for k, (end, backwards) in enumerate(((bend.controls[0], False),
                                              (bend.controls[3], True))):
            x, y = bend.at(bend.leaves(end, radius, backwards=backwards))
            if (x, y) == end:  # a curve that never leaves the circle: towards the other
                x, y = bend.controls[3 - 3 * k]
            out[i + k].append(atan2(y - end[1], x - end[0]))
    return out


def _badge_at(centre: tuple[float, float], directions: list[float],
              radius: float) -> tuple[float, float]:
    """Where a step badge sits around a circle: at ``radius`` from the centre, at the
    angle farthest from the route's segments and the label there."""
    best_angle, best_gap = -pi / 4, -1.0
    for k in range(16):
        angle = -pi / 4 + k * pi / 8
        gap = min((abs((angle - d + pi) % (2 * pi) - pi) for d in directions), default=pi)
        if gap > best_gap + 1e-9:
            best_angle, best_gap = angle, gap
    return (centre[0] + cos(best_angle) * radius, centre[1] + sin(best_angle) * radius)


BADGE_CLEAR = 1.0
"""Least room between a step badge and any other badge, circle (with its ring) or label,
mm; a step whose badge has no such place is numbered in the route's list alone."""


def badge_spots(geometry: MapGeometry, route: tuple[str, ...], labels: Mapping[str, str],
                bends: Sequence[Bend] | None = None) -> list[tuple[float, float] | None]:
    """Where each step's badge goes (map mm), touching its circle's highlight ring, at
    the angle (every 10 degrees) that keeps it furthest from where the route's band
    crosses the ring, every other circle and ring, every label and every badge placed
    before it, and off every step's band where an angle allows; ``None`` where no angle
    keeps ``BADGE_CLEAR`` from them all. ``labels`` gives each space's label (its plate
    is measured as the sheet draws it); ``bends`` the route's band (``route_bends``),
    when worked out already."""
    radius = geometry.circle_diameter / 2
    circles = list(avoided_circles(geometry, route).values())
    plates: list[tuple[float, float, float, float]] = []
    for shape in geometry.shapes:
        if shape.space in labels:
            w = text_width(labels[shape.space], 8, condensed=True) + 1.2
            x, y = shape.label_at
            plates.append((x - w / 2, y - 2.6, x + w / 2, y + 0.7))
    centres = [geometry.shape(sid).anchor for sid in route]
    placed: list[tuple[float, float]] = []
    out: list[tuple[float, float] | None] = []
    reach = radius + RING_WIDTH + BADGE_R
    bends = route_bends(geometry, route, BAND_WIDTH) if bends is None else bends
    directions = step_directions(bends, radius + RING_WIDTH)
    band = [[bend.at(k / BAND_PIECES) for k in range(BAND_PIECES + 1)] for bend in bends]
    for i, (cx, cy) in enumerate(centres):
        bands = directions[i]
        # the pieces of every band that come near this circle's badges
        pieces = [(p, q) for line in band for p, q in zip(line, line[1:], strict=False)
                  if distance_to_segment((cx, cy), p, q) < reach + BADGE_R + BAND_WIDTH]
        best: tuple[tuple[bool, float], tuple[float, float]] | None = None
        for k in range(36):
            angle = -pi / 4 + k * pi / 18
            bx, by = cx + cos(angle) * reach, cy + sin(angle) * reach
            clear = min(
                [hypot(bx - x, by - y) - r - BADGE_R for (x, y), r in circles
                 if (x, y) != (cx, cy)]
                + [hypot(bx - x, by - y) - 2 * BADGE_R for x, y in placed]
                + [hypot(max(x0 - bx, 0.0, bx - x1), max(y0 - by, 0.0, by - y1)) - BADGE_R
                   for x0, y0, x1, y1 in plates])
            if clear < BADGE_CLEAR:
                continue
            off_band = all(distance_to_segment((bx, by), p, q) >= BADGE_R + BAND_WIDTH / 2
                           for p, q in pieces)
            gap = min((abs((angle - d + pi) % (2 * pi) - pi) for d in bands), default=pi)
            # off the bands first, then room, then away from where its own band leaves
            key = (off_band, min(clear, 3.0) + gap)
            if best is None or key[0] > best[0][0] or (
                    key[0] == best[0][0] and key[1] > best[0][1] + 1e-9):
                best = (key, (round(bx, 2), round(by, 2)))
        out.append(best[1] if best else None)
        if best:
            placed.append(best[1])
    return out


BAND_PIECES = 24
"""Pieces of the polyline a band is taken as when badges keep off it."""


def route_rings(dwg: svgwrite.Drawing, route: Sequence[str],
                centres: Sequence[tuple[float, float]], radius: float, style: Style) -> Group:
    """A highlight ring around each circle of the route (``id`` route-ring-SPACE)."""
    rings = dwg.g(class_="route-rings", fill="none", stroke=style.ink["highlight"],
                  stroke_width=RING_WIDTH)
    for sid, (cx, cy) in zip(route, centres, strict=True):
        rings.add(dwg.circle((round(cx, 2), round(cy, 2)), radius + RING_WIDTH / 2,
                             id=f"route-ring-{sid}"))
    return rings


def add_route_marks(dwg: svgwrite.Drawing, geometry: MapGeometry, route: tuple[str, ...],
                    origin: tuple[float, float], style: Style,
                    labels: Mapping[str, str] | None = None,
                    bends: Sequence[Bend] | None = None) -> Group:
    """Highlight rings around the route's circles and a numbered badge touching each,
    where one fits (``badge_spots``; the route's list numbers every step)."""
    dx, dy = origin
    radius = geometry.circle_diameter / 2
    centres = _centres(geometry, route, origin)
    group = dwg.g(class_="route")
    group.add(route_rings(dwg, route, centres, radius, style))
    badges = dwg.g(class_="route-badges")
    for i, spot in enumerate(badge_spots(geometry, route, labels or {}, bends)):
        if spot is not None:
            badges.add(step_badge(dwg, i + 1, (spot[0] + dx, spot[1] + dy), BADGE_R, style))
    group.add(badges)
    return group


def step_badge(dwg: svgwrite.Drawing, step: int, at: tuple[float, float], radius: float,
               style: Style) -> Group:
    """A route step's number in a filled disc centred at ``at``."""
    bx, by = at
    badge = dwg.g(class_="route-badge", id=f"step-{step}")
    badge.add(dwg.circle((round(bx, 2), round(by, 2)), radius, fill=style.ink["route"],
                         stroke="#ffffff", stroke_width=0.35))
    size = 6.5 if step < 10 else 6.0
    badge.add(text(dwg, str(step), bx, by + size * 0.125, size, bold=True,
                   anchor="middle", fill="#ffffff"))
    return badge


def _split_map(group: Group) -> tuple[list[Any], list[Any], list[Any]]:
    """The map's elements split into what lies under the route (land, spaces, links),
    what lies over it (circles, leaders, labels) and the player's written marks."""
    under: list[Any] = []
    over: list[Any] = []
    marks: list[Any] = []
    for element in group.elements:
        if element.attribs.get("class") != "write-in":
            under.append(element)
            continue
        for child in element.elements:
            kind = str(child.attribs.get("class", "")).split(" ")[0]
            (marks if kind == "cell" else over).append(child)
    return under, over, marks


def _merge_numbers(dwg: svgwrite.Drawing, marks: list[Any]) -> list[Any]:
    """The written numbers as one text element with a position per digit, drawn exactly
    where each cell's own centred text would put them (cairo sets text a glyph at a time,
    without kerning, as ``text_width`` measures). One element instead of forty saves most
    of the cost of drawing a player's marks."""
    content, xs, ys = "", [], []
    attribs: dict[str, Any] = {}
    for mark in marks:
        kept = []
        for child in getattr(mark, "elements", []):
            a = child.attribs
            if child.elementname != "text" or a.get("text-anchor") != "middle":
                kept.append(child)
                continue
            style = {k: a.get(k) for k in ("font-family", "font-size", "font-weight", "fill")}
            if attribs and style != attribs:
                kept.append(child)
                continue
            attribs = style
            size_pt = float(a["font-size"]) / PT
            bold = a.get("font-weight") == "bold"
            word = "".join(str(t) for t in child.text) if isinstance(child.text, list) \
                else str(child.text)
            x = float(a["x"]) - text_width(word, size_pt, bold=bold) / 2
            for letter in word:
                content += letter
                xs.append(round(x, 2))
                ys.append(float(a["y"]))
                x += text_width(letter, size_pt, bold=bold)
        if hasattr(mark, "elements"):
            mark.elements[:] = kept
    if not content:
        return marks
    merged = dwg.text(content, x=xs, y=ys, class_="cell-numbers",
                      **{k.replace("-", "_"): v for k, v in attribs.items()})
    return [*marks, merged]


def _layer(width: float, height: float, elements: list[object], *,
           white: bool = False) -> str:
    dwg = new_page(width, height)
    if white:
        dwg.add(dwg.rect((0, 0), (width, height), fill="#ffffff"))
    for element in elements:
        dwg.add(element)
    return str(dwg.tostring())


def _route_text(entry: PlayerScore, board: Board) -> str:
    stars = dict(entry.result.star_values)
    parts: list[str] = []
    for sid in entry.result.route:
        cell = board.cells[sid]
        shown = cell.text
        if sid in stars:
            shown += f"={stars[sid]}"
        parts.append(f"{len(parts) + 1}. {sid} {shown}")
    return " › ".join(parts) if parts else "no space can be visited"


@dataclass(frozen=True)
class SharedLayers:
    """What every scored page of one map and paper shares."""

    map_layer: str
    """The map and the title, under the route (a white page)."""
    circle_layer: str
    """The circles, leaders and labels, over the route."""
    marks_geometry: MapGeometry
    """The geometry without outlines: enough to place a player's written marks."""


def shared_layers(game_map: Map, geometry: MapGeometry, paper: Paper,
                  style: Style | None = None, title: str | None = None) -> SharedLayers:
    """The layers every scored page of a map shares, drawn once; ``title`` replaces the
    page title ("<map> · scored")."""
    style = style or load_style()
    width, height = paper.landscape
    dwg = new_page(width, height)
    under, over, _ = _split_map(add_map(dwg, game_map, geometry,
                                        map_origin(width, height, geometry), style))
    heading = title if title is not None else f"{game_map.title} · scored"
    title_text = text(dwg, heading, MARGIN, MARGIN + 7.0, 15, bold=True)
    bare = replace(geometry, context=(), lines=(),
                   shapes=tuple(replace(shape, rings=()) for shape in geometry.shapes))
    return SharedLayers(_layer(width, height, [*under, title_text], white=True),
                        _layer(width, height, over), bare)


def player_page(game_map: Map, geometry: MapGeometry, paper: Paper, board: Board,
                entry: PlayerScore, rank: int, players: int,
                style: Style | None = None, *,
                shared: SharedLayers | None = None, subtitle: str | None = None,
                board_note: str | None = None) -> Layers:
    """One player's scored board as four layers: the map, the route band, the circles and
    labels, and the player's marks and text. The first and third are the same for every
    player of a map and paper (``shared_layers``; pass them as ``shared`` to draw them
    once for many players). ``subtitle`` replaces the line under the points ("place 1 of
    4") and ``board_note`` the tie-break count at the end of the score's breakdown."""
    style = style or load_style()
    width, height = paper.landscape
    dwg = new_page(width, height)
    result = entry.result
    origin = map_origin(width, height, geometry)
    shared = shared or shared_layers(game_map, geometry, paper, style)
    _, _, marks = _split_map(add_map(dwg, game_map, shared.marks_geometry, origin, style,
                                     cells=board.cells, labels=False))
    marks = _merge_numbers(dwg, marks)

    top = MARGIN
    points = f"{result.score} points"
    room = width - MARGIN - text_width(points, 15, bold=True) - 4.0 - (MARGIN + 110.0)
    (name,), name_pt = fit_text(entry.player, room, 15, min_pt=8, bold=True)
    words: list[object] = [
        text(dwg, name, MARGIN + 110.0, top + 7.0, name_pt, bold=True, class_="player"),
        text(dwg, points, width - MARGIN, top + 7.0, 15, bold=True,
             anchor="end", fill=style.ink["highlight"], class_="score"),
        text(dwg, subtitle if subtitle is not None else f"place {rank} of {players}",
             width - MARGIN, top + 11.8, 8, anchor="end", fill=style.ink["muted"])]
    foot_x, foot_y, foot_w = MARGIN, height - MARGIN - FOOTER + 4.0, width - 2 * MARGIN
    beside = side_column(width, geometry)
    if beside:  # a tall map (Europe): the text goes beside it
        foot_x, top_y, foot_w, _ = furniture_box(width, height, geometry)
        foot_y = top_y + 4.0
    proof = route_proof(result.proven_optimal)
    if board_note is None:
        board_note = f"circled on the whole board: {entry.circled_on_board} (tie-break)"
    breakdown = (f"Score {result.score} = {result.spaces} spaces on the route + "
                 f"{result.circled} circled on it · {proof} · {board_note}")
    lines = wrap(breakdown, foot_w, 8.5, bold=True)
    for k, line in enumerate(lines):
        words.append(text(dwg, line, foot_x, foot_y + 4.0 * k, 8.5, bold=True,
                          class_="breakdown"))
    route_y = foot_y + 4.0 * (len(lines) - 1) + 4.6
    for k, line in enumerate(wrap("Route: " + _route_text(entry, board), foot_w, 7.5)[
            :30 if beside else 4]):
        words.append(text(dwg, line, foot_x, route_y + 3.6 * k, 7.5, class_="route-text"))

    bends = route_bends(geometry, result.route, BAND_WIDTH)
    return Layers((
        shared.map_layer,
        _layer(width, height,
               [add_route_band(dwg, geometry, result.route, origin, style, bends)]),
        shared.circle_layer,
        _layer(width, height, [*marks,
                               add_route_marks(dwg, geometry, result.route, origin, style,
                                               {s.id: s.label for s in game_map.spaces},
                                               bends),
                               *words]),
    ))


NOTES_H = 16.0
"""Room kept under the last standings row for the notes, mm."""
TABLE_TOP = 28.0
"""Baseline of the standings' column heads below the top margin, mm."""


def standings_rows_per_page(paper: Paper) -> int:
    """How many players one standings page holds on ``paper`` (landscape)."""
    _, height = paper.landscape
    return int((height - 2 * MARGIN - TABLE_TOP - NOTES_H) // ROW_H)


def standings_pages(game_map: Map, paper: Paper, standings: Standings,
                    style: Style | None = None) -> list[str]:
    """The ranking of every player as SVG pages: as many as the players need, each with
    the column heads, the last with the notes."""
    per_page = standings_rows_per_page(paper)
    ranked = standings.ranked
    chunks = [ranked[i:i + per_page] for i in range(0, len(ranked), per_page)] or [()]
    return [_standings_page(game_map, paper, standings, chunk, k, len(chunks),
                            style or load_style())
            for k, chunk in enumerate(chunks)]


def standings_page(game_map: Map, paper: Paper, standings: Standings,
                   style: Style | None = None) -> str:
    """The first standings page alone (every player only when they fit one page:
    ``standings_rows_per_page``); ``standings_pages`` gives them all."""
    return standings_pages(game_map, paper, standings, style)[0]


def _standings_page(game_map: Map, paper: Paper, standings: Standings,
                    rows: tuple[PlayerScore, ...], index: int, count: int,
                    style: Style) -> str:
    width, height = paper.landscape
    dwg = new_page(width, height)
    dwg.add(dwg.rect((0, 0), (width, height), fill="#ffffff"))
    top = MARGIN
    heading = f"{game_map.title} · standings"
    if count > 1:
        heading += f" · page {index + 1} of {count}"
    dwg.add(text(dwg, heading, MARGIN, top + 7.0, 17, bold=True))
    (winner,), winner_pt = fit_text(winner_line(standings), width - 2 * MARGIN, 11, min_pt=7,
                                    bold=True)
    dwg.add(text(dwg, winner, MARGIN, top + 16.0, winner_pt, bold=True,
                 fill=style.ink["highlight"], class_="winner"))
    columns = (("#", 0.0, "end"), ("Player", 4.0, "start"), ("Score", 95.0, "end"),
               ("Spaces", 118.0, "end"), ("Circled", 141.0, "end"),
               ("Circled on board", 180.0, "end"), ("Proven", 200.0, "end"))
    x0, y = MARGIN + 6.0, top + TABLE_TOP
    for title, dx, anchor in columns:
        dwg.add(text(dwg, title, x0 + dx, y, 8.5, bold=True, anchor=anchor,
                     fill=style.ink["muted"]))
    dwg.add(dwg.line((MARGIN, y + 1.8), (width - MARGIN, y + 1.8),
                     stroke=style.ink["outline"], stroke_width=0.3))
    for entry in rows:
        rank = place(standings, entry)
        y += ROW_H
        r = entry.result
        if entry.player in standings.winners:
            dwg.add(dwg.rect((MARGIN, y - 5.0), (width - 2 * MARGIN, ROW_H - 0.6),
                             fill=style.ink["highlight"], fill_opacity=0.12))
        cells = (str(rank), _fit(entry.player, 85.0, 10), str(r.score), str(r.spaces),
                 str(r.circled), str(entry.circled_on_board),
                 "yes" if r.proven_optimal else "no")
        for (_, dx, anchor), value in zip(columns, cells, strict=True):
            dwg.add(text(dwg, value, x0 + dx, y, 10, bold=dx in (4.0, 95.0), anchor=anchor,
                         class_="standings-cell"))
    if index == count - 1:
        y += 12.0
        notes = ("Score: 1 point per space on the best route + 1 per circled space on it. "
                 "Ties on score are broken by the circled spaces on the whole board.")
        if all(p.result.proven_optimal for p in standings.players):
            notes += " Each route is the proven best one: no other legal route scores more."
        for k, line in enumerate(wrap(notes, width - 2 * MARGIN, 8)):
            dwg.add(text(dwg, line, MARGIN, y + 4.0 * k, 8, fill=style.ink["muted"]))
    else:
        dwg.add(text(dwg, "continued on the next page", width - MARGIN, y + 8.0, 8,
                     anchor="end", fill=style.ink["muted"]))
    return str(dwg.tostring())


def place(standings: Standings, entry: PlayerScore) -> int:
    """1 + the number of players strictly ahead (tied players share a place)."""
    key = (entry.result.score, entry.circled_on_board)
    return 1 + sum(1 for p in standings.players
                   if (p.result.score, p.circled_on_board) > key)


def _fit(content: str, width_mm: float, size_pt: float) -> str:
    return fit_text(content, width_mm, size_pt, min_pt=size_pt, bold=True)[0][0]


def winner_line(standings: Standings) -> str:
    """"Winner: Alice (27 points)", with the tie-break or a true tie spelt out."""
    winners = standings.winners
    if not winners:
        return "No players"
    best = next(p for p in standings.players if p.player == winners[0])
    points = f"{best.result.score} points"
    if len(winners) > 1:
        return (f"Tie: {' and '.join(winners)} ({points}, {best.circled_on_board} circled on "
                "the board each)")
    level = [p for p in standings.players
             if p.result.score == best.result.score and p.player != best.player]
    if level:
        most = max(p.circled_on_board for p in level)
        return (f"Winner: {best.player} ({points}; the tie on points is broken by circled "
                f"spaces on the board, {best.circled_on_board} to {most})")
    return f"Winner: {best.player} ({points})"


def scored_pages(game_map: Map, geometry: MapGeometry, paper: Paper,
                 boards: list[Board], standings: Standings,
                 style: Style | None = None) -> list[Page]:
    """Every player's page in CSV order, then the standings pages (the first of them at
    index ``len(boards)``)."""
    shared = shared_layers(game_map, geometry, paper, style)
    pages: list[Page] = [
        player_page(game_map, geometry, paper, board, entry, place(standings, entry),
                    len(boards), style, shared=shared)
        for board, entry in zip(boards, standings.players, strict=True)]
    pages.extend(standings_pages(game_map, paper, standings, style))
    return pages


def scorepad_values(standings: Standings) -> dict[str, dict[str, int]]:
    """Each player's first scorepad row, column id -> value: the parts of the score as
    the standings have them (boat points are the ride bonus; a pad without that column
    ignores it)."""
    return {entry.player: {"spaces": entry.result.spaces, "circled": entry.result.circled,
                           "boat": entry.result.bonus, "total": entry.result.score,
                           "circled_on_board": entry.circled_on_board,
                           "place": place(standings, entry)}
            for entry in standings.players}

