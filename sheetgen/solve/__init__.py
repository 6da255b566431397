"""Route search: the exact best On Tour route (``ontour``) over a generic search
(``route``), and an independent legality check (``verify``)."""

from sheetgen.solve.ontour import (
    PlayerScore,
    RouteResult,
    Standings,
    best_route,
    standings,
)
from sheetgen.solve.route import Jump, RouteGraph, Solution, solve
from sheetgen.solve.verify import IllegalRouteError, check_route

__all__ = ["IllegalRouteError", "Jump", "PlayerScore", "RouteGraph", "RouteResult",
           "Solution", "Standings", "best_route", "check_route", "solve", "standings"]
