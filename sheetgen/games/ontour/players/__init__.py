"""Built-in players: play a seeded game turn by turn, seeing only what a player at the
table sees, and produce a finished board (par scores, realistic benchmark boards)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sheetgen.games.ontour.players.game import PlayedGame
    from sheetgen.games.ontour.rules import Script
    from sheetgen.games.ontour.score import RouteResult
    from sheetgen.model import Map


@lru_cache(maxsize=8)
def par_game(game_map: Map, script: Script) -> PlayedGame:
    """The built-in player's game on ``script`` (played once per map and script: the
    kit, the perfect game and its pages all ask for it; the player is deterministic)."""
    from sheetgen.games.ontour.players.game import play
    from sheetgen.games.ontour.players.planner import PlannerPlayer

    return play(game_map, script, PlannerPlayer())


def par_result(game_map: Map, script: Script) -> RouteResult:
    """The built-in player's game on ``script``, scored exactly: a seeded challenge's par."""
    from sheetgen.games.ontour.score import best_route

    return best_route(game_map, par_game(game_map, script).board)
