"""Built-in players: play a seeded game turn by turn, seeing only what a player at the
table sees, and produce a finished board (par scores, realistic benchmark boards)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sheetgen.games.ontour.rules import Script
    from sheetgen.games.ontour.score import RouteResult
    from sheetgen.model import Map


def par_result(game_map: Map, script: Script) -> RouteResult:
    """The built-in player's game on ``script``, scored exactly: a seeded challenge's par."""
    from sheetgen.games.ontour.players.game import play
    from sheetgen.games.ontour.players.planner import PlannerPlayer
    from sheetgen.games.ontour.score import best_route

    return best_route(game_map, play(game_map, script, PlannerPlayer()).board)
