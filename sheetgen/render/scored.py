"""Scored boards: one page per player with the best route drawn, and a standings page.

A player's page is the map as the player filled it (drawn by ``sheet.add_map``: every
number, star, X and circle as entered), with the spaces of the best route ringed in the
highlight colour, the route drawn from circle to circle as arrows in travel order with a
numbered badge at each step, and the score worked out in the footer. The standings page
ranks the players (score, then circled spaces on the whole board).
"""

from __future__ import annotations

from math import atan2, cos, hypot, pi, sin

import svgwrite
from svgwrite.container import Group

from sheetgen.model import Board, Map, MapGeometry
from sheetgen.render.draw import new_page
from sheetgen.render.sheet import FOOTER, MARGIN, add_map, map_origin
from sheetgen.render.style import Style, load_style
from sheetgen.render.text import fit_text, text, text_width, wrap
from sheetgen.solve.ontour import PlayerScore, Standings
from sheetgen.templates import Paper

ROUTE_WIDTH = 0.9
"""Stroke width of the route line, mm."""
ARROW = (2.6, 1.1)
"""Arrowhead length and half width, mm."""
BADGE_R = 2.1
"""Radius of a step-number badge, mm."""
RING_WIDTH = 1.2
"""Width of the highlight ring around a route space's circle, mm."""


def _arrow(dwg: svgwrite.Drawing, a: tuple[float, float], b: tuple[float, float],
           gap: float, ink: str) -> Group:
    """A line from circle ``a`` to circle ``b`` (both of radius ``gap``) ending in an
    arrowhead at ``b``'s edge."""
    (ax, ay), (bx, by) = a, b
    length = hypot(bx - ax, by - ay) or 1.0
    ux, uy = (bx - ax) / length, (by - ay) / length
    sx, sy = ax + ux * gap, ay + uy * gap
    tx, ty = bx - ux * gap, by - uy * gap
    head, half = ARROW
    if length < 2 * gap + head:  # circles touching: a short arrow between the centres
        sx, sy = ax + (bx - ax) * 0.3, ay + (by - ay) * 0.3
        tx, ty = ax + (bx - ax) * 0.7, ay + (by - ay) * 0.7
    base_x, base_y = tx - ux * head, ty - uy * head
    group = dwg.g(class_="route-step")
    group.add(dwg.line((round(sx, 2), round(sy, 2)), (round(base_x, 2), round(base_y, 2)),
                       stroke=ink, stroke_width=ROUTE_WIDTH, stroke_linecap="round"))
    group.add(dwg.polygon([(round(tx, 2), round(ty, 2)),
                           (round(base_x - uy * half, 2), round(base_y + ux * half, 2)),
                           (round(base_x + uy * half, 2), round(base_y - ux * half, 2))],
                          fill=ink))
    return group


def _badge_at(centre: tuple[float, float], directions: list[float],
              radius: float) -> tuple[float, float]:
    """Where a step badge sits on the rim of a circle: the rim point farthest in angle
    from the route's segments there."""
    best_angle, best_gap = -pi / 4, -1.0
    for k in range(16):
        angle = -pi / 4 + k * pi / 8
        gap = min((abs((angle - d + pi) % (2 * pi) - pi) for d in directions), default=pi)
        if gap > best_gap + 1e-9:
            best_angle, best_gap = angle, gap
    return (centre[0] + cos(best_angle) * radius, centre[1] + sin(best_angle) * radius)


def add_route(dwg: svgwrite.Drawing, geometry: MapGeometry, route: tuple[str, ...],
              origin: tuple[float, float], style: Style) -> Group:
    """Highlight rings, arrows between consecutive spaces and numbered step badges."""
    dx, dy = origin
    radius = geometry.circle_diameter / 2
    centres = [(geometry.shape(s).anchor[0] + dx, geometry.shape(s).anchor[1] + dy)
               for s in route]
    group = dwg.g(class_="route")
    rings = dwg.g(class_="route-rings", fill="none", stroke=style.ink["highlight"],
                  stroke_width=RING_WIDTH)
    for sid, (cx, cy) in zip(route, centres, strict=True):
        rings.add(dwg.circle((round(cx, 2), round(cy, 2)), radius + RING_WIDTH / 2,
                             id=f"route-ring-{sid}"))
    group.add(rings)
    arrows = dwg.g(class_="route-arrows")
    for a, b in zip(centres, centres[1:], strict=False):
        arrows.add(_arrow(dwg, a, b, radius + RING_WIDTH, style.ink["route"]))
    group.add(arrows)
    badges = dwg.g(class_="route-badges")
    for i, centre in enumerate(centres):
        shape = geometry.shape(route[i])
        label = (shape.label_at[0] + dx, shape.label_at[1] + dy)
        directions = [atan2(label[1] - 1.5 - centre[1], label[0] - centre[0])]
        for j in (i - 1, i + 1):
            if 0 <= j < len(centres):
                directions.append(atan2(centres[j][1] - centre[1], centres[j][0] - centre[0]))
        bx, by = _badge_at(centre, directions, radius + RING_WIDTH)
        badge = dwg.g(class_="route-badge", id=f"step-{i + 1}")
        badge.add(dwg.circle((round(bx, 2), round(by, 2)), BADGE_R, fill=style.ink["route"],
                             stroke="#ffffff", stroke_width=0.35))
        size = 6.5 if i + 1 < 10 else 5.6
        badge.add(text(dwg, str(i + 1), bx, by + size * 0.125, size, bold=True,
                       anchor="middle", fill="#ffffff"))
        badges.add(badge)
    group.add(badges)
    return group


def _route_text(entry: PlayerScore, board: Board) -> str:
    stars = dict(entry.result.star_values)
    parts = []
    for sid in entry.result.route:
        cell = board.cells[sid]
        shown = cell.text
        if sid in stars:
            shown += f"={stars[sid]}"
        parts.append(f"{sid} {shown}")
    return " › ".join(parts) if parts else "no space can be visited"


def player_page(game_map: Map, geometry: MapGeometry, paper: Paper, board: Board,
                entry: PlayerScore, rank: int, players: int,
                style: Style | None = None) -> str:
    """One player's scored board as SVG text."""
    style = style or load_style()
    width, height = paper.landscape
    dwg = new_page(width, height)
    dwg.add(dwg.rect((0, 0), (width, height), fill="#ffffff"))
    result = entry.result

    top = MARGIN
    dwg.add(text(dwg, f"{game_map.title} · scored", MARGIN, top + 7.0, 15, bold=True))
    points = f"{result.score} points"
    room = width - MARGIN - text_width(points, 15, bold=True) - 4.0 - (MARGIN + 110.0)
    (name,), name_pt = fit_text(entry.player, room, 15, min_pt=8, bold=True)
    dwg.add(text(dwg, name, MARGIN + 110.0, top + 7.0, name_pt, bold=True, class_="player"))
    dwg.add(text(dwg, points, width - MARGIN, top + 7.0, 15, bold=True,
                 anchor="end", fill=style.ink["highlight"], class_="score"))
    dwg.add(text(dwg, f"place {rank} of {players}", width - MARGIN, top + 11.8, 8,
                 anchor="end", fill=style.ink["muted"]))

    origin = map_origin(width, height, geometry)
    dwg.add(add_map(dwg, game_map, geometry, origin, style, cells=board.cells))
    dwg.add(add_route(dwg, geometry, result.route, origin, style))

    foot_y = height - MARGIN - FOOTER + 4.0
    proof = "proven best route" if result.proven_optimal else "best route found (not proven)"
    breakdown = (f"Score {result.score} = {result.spaces} spaces on the route + "
                 f"{result.circled} circled on it · {proof} · "
                 f"circled on the whole board: {entry.circled_on_board} (tie-break)")
    dwg.add(text(dwg, breakdown, MARGIN, foot_y, 8.5, bold=True, class_="breakdown"))
    for k, line in enumerate(wrap("Route: " + _route_text(entry, board),
                                  width - 2 * MARGIN, 7.5)[:4]):
        dwg.add(text(dwg, line, MARGIN, foot_y + 4.6 + 3.6 * k, 7.5, class_="route-text"))
    return str(dwg.tostring())


def standings_page(game_map: Map, paper: Paper, standings: Standings,
                   style: Style | None = None) -> str:
    """The ranking of every player as SVG text."""
    style = style or load_style()
    width, height = paper.landscape
    dwg = new_page(width, height)
    dwg.add(dwg.rect((0, 0), (width, height), fill="#ffffff"))
    top = MARGIN
    dwg.add(text(dwg, f"{game_map.title} · standings", MARGIN, top + 7.0, 17, bold=True))
    (winner,), winner_pt = fit_text(winner_line(standings), width - 2 * MARGIN, 11, min_pt=7,
                                    bold=True)
    dwg.add(text(dwg, winner, MARGIN, top + 16.0, winner_pt, bold=True,
                 fill=style.ink["highlight"], class_="winner"))
    columns = (("#", 0.0, "end"), ("Player", 4.0, "start"), ("Score", 95.0, "end"),
               ("Spaces", 118.0, "end"), ("Circled", 141.0, "end"),
               ("Circled on board", 180.0, "end"), ("Proven", 200.0, "end"))
    x0, y = MARGIN + 6.0, top + 28.0
    for title, dx, anchor in columns:
        dwg.add(text(dwg, title, x0 + dx, y, 8.5, bold=True, anchor=anchor,
                     fill=style.ink["muted"]))
    dwg.add(dwg.line((MARGIN, y + 1.8), (width - MARGIN, y + 1.8),
                     stroke=style.ink["outline"], stroke_width=0.3))
    row_h = 7.5
    for entry in standings.ranked:
        rank = place(standings, entry)
        y += row_h
        r = entry.result
        if entry.player in standings.winners:
            dwg.add(dwg.rect((MARGIN, y - 5.0), (width - 2 * MARGIN, row_h - 0.6),
                             fill=style.ink["highlight"], fill_opacity=0.12))
        cells = (str(rank), _fit(entry.player, 85.0, 10), str(r.score), str(r.spaces),
                 str(r.circled), str(entry.circled_on_board),
                 "yes" if r.proven_optimal else "no")
        for (_, dx, anchor), value in zip(columns, cells, strict=True):
            dwg.add(text(dwg, value, x0 + dx, y, 10, bold=dx in (4.0, 95.0), anchor=anchor,
                         class_="standings-cell"))
    y += 12.0
    notes = ("Score: 1 point per space on the best route + 1 per circled space on it. "
             "Ties on score are broken by the circled spaces on the whole board.")
    if all(p.result.proven_optimal for p in standings.players):
        notes += " Each route is the proven best one: no other legal route scores more."
    for k, line in enumerate(wrap(notes, width - 2 * MARGIN, 8)):
        dwg.add(text(dwg, line, MARGIN, y + 4.0 * k, 8, fill=style.ink["muted"]))
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
                 style: Style | None = None) -> list[str]:
    """Every player's page in CSV order, then the standings page."""
    pages = [player_page(game_map, geometry, paper, board, entry, place(standings, entry),
                         len(boards), style)
             for board, entry in zip(boards, standings.players, strict=True)]
    pages.append(standings_page(game_map, paper, standings, style))
    return pages
