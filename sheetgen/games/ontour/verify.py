"""An independent legality check for On Tour routes (kept apart from the search so each
can catch the other's mistakes).

A route is legal when it visits no space twice, each step follows a link of the map (or,
on a map with docks, is a boat ride named in ``rides``: dock to dock, never straight after
another ride), every
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
    boat_points: int = 0


def check_route(game_map: Map, board: Board, route: Sequence[SpaceId],
                rides: Sequence[tuple[SpaceId, SpaceId]] = ()) -> RouteScore:
    """The score of a legal route; IllegalRouteError otherwise. ``rides`` are the steps
    (from, to) taken by boat."""
    known = set(game_map.space_ids)
    letter = {d.space: d.letter for d in game_map.docks}
    by_boat = set(rides)
    steps = set(zip(route, route[1:], strict=False))
    for a, b in by_boat - steps:
        raise IllegalRouteError(f"the ride {a}-{b} is not a step of the route")
    seen: set[SpaceId] = set()
    last_number = -1
    circled = 0
    boat_points = 0
    rode = False
    for step, sid in enumerate(route, start=1):
        if sid not in known:
            raise IllegalRouteError(f"step {step}: {sid!r} is not a space of {game_map.id}")
        if sid in seen:
            raise IllegalRouteError(f"step {step}: {sid} is visited twice")
        seen.add(sid)
        ride = step > 1 and (route[step - 2], sid) in by_boat
        if ride:
            prev = route[step - 2]
            if prev not in letter or sid not in letter:
                raise IllegalRouteError(f"step {step}: a boat ride from {prev} to {sid}; "
                                        "rides go from dock to dock")
            if rode:
                raise IllegalRouteError(f"step {step}: a boat ride straight after another; "
                                        "a dock reached by boat is left on foot")
            boat_points += abs(ord(letter[prev]) - ord(letter[sid]))
        elif step > 1 and sid not in game_map.neighbours[route[step - 2]]:
            raise IllegalRouteError(f"step {step}: {route[step - 2]} and {sid} are not linked")
        rode = ride
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
    return RouteScore(score=len(route) + circled + boat_points, spaces=len(route),
                      circled=circled, boat_points=boat_points)
