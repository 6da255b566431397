"""An independent legality check for On Tour routes (kept apart from the search so each
can catch the other's mistakes).

A route is legal when it visits no space twice, each step follows a link of the map, every
space on it is written and not crossed, and its numbers never decrease once every star is
given some number. The last condition is checked directly: stars are skipped and the
numbers that remain must not decrease (a star between two numbers a <= b can stand for a).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sheetgen.model import Board, CellKind, Map, SpaceId


class IllegalRouteError(ValueError):
    """A route that breaks a rule; the message names the step and the rule."""


@dataclass(frozen=True)
class RouteScore:
    score: int
    spaces: int
    circled: int


def check_route(game_map: Map, board: Board, route: Sequence[SpaceId]) -> RouteScore:
    """The score of a legal route; IllegalRouteError otherwise."""
    known = set(game_map.space_ids)
    seen: set[SpaceId] = set()
    last_number = -1
    circled = 0
    for step, sid in enumerate(route, start=1):
        if sid not in known:
            raise IllegalRouteError(f"step {step}: {sid!r} is not a space of {game_map.id}")
        if sid in seen:
            raise IllegalRouteError(f"step {step}: {sid} is visited twice")
        seen.add(sid)
        if step > 1 and sid not in game_map.neighbours[route[step - 2]]:
            raise IllegalRouteError(f"step {step}: {route[step - 2]} and {sid} are not linked")
        cell = board.cells.get(sid)
        if cell is None:
            raise IllegalRouteError(f"step {step}: {sid} is empty")
        if cell.kind is CellKind.CROSS:
            raise IllegalRouteError(f"step {step}: {sid} is crossed out")
        if cell.kind is CellKind.NUMBER:
            assert cell.value is not None
            if cell.value < last_number:
                raise IllegalRouteError(
                    f"step {step}: {sid} holds {cell.value}, below {last_number} before it")
            last_number = cell.value
        if cell.circled:
            circled += 1
    return RouteScore(score=len(route) + circled, spaces=len(route), circled=circled)
