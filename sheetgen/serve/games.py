"""What the entry page needs of each game, found by game id as the registry finds games:
the map drawn as on the printed sheet, which number pad to offer, and the legality of a
board that is still being filled in.

The map comes from the map's geometry (``maps/<id>/geometry.json`` through
``sheetgen.maps``) drawn by the same renderer as the player sheet (``render.sheet``,
``render.paris``, ``render.dicetrip_sheet``), with no cells written; the page writes the
values, the route and the tap targets over it at the geometry's own circle centres.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from sheetgen.games import Game, GameError, Verdict, game_of
from sheetgen.maps import MapDataError, find_geometry
from sheetgen.model import Board, Map, MapGeometry

MARGIN = 3.0
"""White space around the drawn map, map mm."""

Drawer = Callable[[Any, Map, MapGeometry, tuple[float, float]], Any]


def _ontour_map(dwg: Any, game_map: Map, geometry: MapGeometry,
                origin: tuple[float, float]) -> Any:
    from sheetgen.draw.style import load_style
    from sheetgen.games.ontour.sheet import add_map

    return add_map(dwg, game_map, geometry, origin, load_style())


def _paris_map(dwg: Any, game_map: Map, geometry: MapGeometry,
               origin: tuple[float, float]) -> Any:
    from sheetgen.draw.style import load_style
    from sheetgen.games.paris.render import add_paris_map

    return add_paris_map(dwg, game_map, geometry, origin, load_style())


def _trip_map(dwg: Any, game_map: Map, geometry: MapGeometry,
              origin: tuple[float, float]) -> Any:
    from sheetgen.games.dicetrip.sheet import add_trip_map

    return add_trip_map(dwg, game_map, geometry, origin)


def _cells_so_far(game: Game, game_map: Map, script: Any, board: Board) -> Verdict:
    """On Tour's check replays a finished board; while cells are missing, each filled
    cell must be one some turn of the seed could have written there (a setup space: its
    setup number, circled): the check's own test (``writable``). The whole replay runs
    once the board is full."""
    if all(s.id in board.cells for s in game_map.spaces):
        return game.check(game_map, script, board)
    from sheetgen.games.ontour.check import describe_cell, writable

    fits = writable(game_map, script)
    for space in game_map.spaces:
        cell = board.cells.get(space.id)
        if cell is not None and cell not in fits[space.id]:
            return Verdict(board.player, False,
                           f"{space.id} holds {describe_cell(cell)}, which no turn of seed "
                           f"{script.seed} could have written there")
    return Verdict(board.player, True)


def _board_so_far(game: Game, game_map: Map, script: Any, board: Board) -> Verdict:
    """Dice Trip's check explains the numbers on the board (a cross fits anywhere), so a
    board being filled in is checked as it stands; its variant points, which depend on
    the whole sheet, once it is full."""
    if getattr(board, "variant", 0) and not all(s.id in board.cells for s in game_map.spaces):
        board = replace(board, variant=0)  # type: ignore[call-arg]
    return game.check(game_map, script, board)


@dataclass(frozen=True)
class EntryKind:
    """How one game's boards are entered on the page."""

    pad: str
    """The number pad: ``ontour`` (0-99, star, X, circled) or ``dicetrip`` (two die
    faces 1-6, X, parentheses on a coloured city)."""
    draw: Drawer
    so_far: Callable[[Game, Map, Any, Board], Verdict]
    """The legality of a board being filled in, for a seeded game."""


KINDS: dict[str, EntryKind] = {
    "ontour": EntryKind("ontour", _ontour_map, _cells_so_far),
    "paris": EntryKind("ontour", _paris_map, _cells_so_far),
    "dicetrip": EntryKind("dicetrip", _trip_map, _board_so_far),
}


def entry_kind(game_map: Map) -> EntryKind:
    """The map's game's entry kind; GameError for a game whose boards have no scoring CSV
    to enter."""
    game = game_of(game_map)
    kind = KINDS.get(game.id)
    if kind is None:
        raise GameError(f"{game.title} has no scoring CSV to enter on the page")
    return kind


def entry_maps() -> tuple[str, ...]:
    """The maps whose boards can be entered (their game has an entry kind and a drawing)."""
    from sheetgen.maps import find_map, map_ids

    out = []
    for map_id in map_ids():
        game_map = find_map(map_id)
        if game_of(game_map).id in KINDS:
            try:
                find_geometry(map_id)
            except MapDataError:
                continue
            out.append(map_id)
    return tuple(out)


@cache
def map_view(map_id: str) -> dict[str, Any]:
    """The page's map: the drawing as SVG text and each space's circle (centre, radius,
    tap radius), in the SVG's own units (map mm plus the margin)."""
    from sheetgen.draw.page import new_page
    from sheetgen.maps import find_map

    game_map = find_map(map_id)
    kind = entry_kind(game_map)
    try:
        geometry = find_geometry(map_id)
    except MapDataError as exc:
        raise GameError(str(exc)) from None
    width, height = geometry.width + 2 * MARGIN, geometry.height + 2 * MARGIN
    dwg = new_page(width, height)
    dwg.attribs["width"] = "100%"
    dwg.attribs.pop("height", None)
    dwg.add(dwg.rect((0, 0), (width, height), fill="#ffffff"))
    dwg.add(kind.draw(dwg, game_map, geometry, (MARGIN, MARGIN)))
    radius = geometry.circle_diameter / 2
    centres = {s.space: (s.anchor[0] + MARGIN, s.anchor[1] + MARGIN) for s in geometry.shapes}
    spaces = []
    for space in game_map.spaces:
        x, y = centres[space.id]
        nearest = min((math.dist((x, y), c) for sid, c in centres.items() if sid != space.id),
                      default=4 * radius)
        spaces.append({"id": space.id, "name": space.name, "label": space.label,
                       "x": round(x, 2), "y": round(y, 2),
                       "hit": round(max(radius, min(2 * radius, nearest / 2)), 2),
                       "colour": space.colour})
    colours = {}
    if any(s.colour for s in game_map.spaces):
        from sheetgen.draw.style import dice_colours

        colours = {c.name: {"fill": c.colour, "letter": c.letter} for c in dice_colours()}
    return {"id": game_map.id, "title": game_map.title, "game": game_map.game,
            "pad": kind.pad, "width": round(width, 2), "height": round(height, 2),
            "radius": radius, "spaces": spaces, "colours": colours,
            "docks": {d.letter: d.space for d in game_map.docks},
            "bends": step_bends(game_map, centres, radius),
            "svg": dwg.tostring()}


BAND = 0.9
"""Width of the page's route band, as a share of the circle radius (app.js)."""


def step_bends(game_map: Map, centres: dict[str, tuple[float, float]],
               radius: float) -> dict[str, str]:
    """SVG path data of each link's step, both ways ("A>B"), where the page's band
    drawn straight would pass within ``ROUTE_CLEAR`` of a third circle: the scored page's
    curve (``route_bends``) for the page's band; links drawn straight are left out."""
    from sheetgen.draw.bend import reverse, step_curve
    from sheetgen.games.ontour.scored import OUTLINE, ROUTE_CLEAR, path_data

    out = {}
    for a, b in game_map.edges:
        avoid = [(c, radius + OUTLINE) for sid, c in centres.items() if sid not in (a, b)]
        bend = step_curve((centres[a], radius), (centres[b], radius), avoid,
                          BAND * radius, ROUTE_CLEAR)
        if not bend.straight:
            out[f"{a}>{b}"] = path_data(bend.controls, (0.0, 0.0))
            out[f"{b}>{a}"] = path_data(reverse(bend).controls, (0.0, 0.0))
    return out
