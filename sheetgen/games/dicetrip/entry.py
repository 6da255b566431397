"""Dice Trip (map ``germany``): the registry entry naming its parts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sheetgen.document import Part
from sheetgen.games import Game, GameError, Par, Progress, Verdict
from sheetgen.games.dicetrip.rules import ScriptError, TripScript
from sheetgen.games.dicetrip.score import TripStandings
from sheetgen.maps import MapDataError, find_geometry
from sheetgen.model import Board, Map, MapGeometry
from sheetgen.templates import Paper


def geometry_of(game_map: Map) -> MapGeometry:
    try:
        return find_geometry(game_map.id)
    except MapDataError as exc:
        raise GameError(str(exc)) from None


class DiceTrip(Game):
    """Dice Trip: four coloured dice make two numbers a round; roads, series, zones."""

    id = "dicetrip"
    title = "Dice Trip"
    aliases = ("dice-trip", "dice trip")
    dice = "dicetrip"
    kit_steps = ("rules", "player sheets", "dice", "seeded game", "scorepad",
                 "scoring how-to", "attribution", "cover")
    scorepad = "dicetrip"

    # --- scoring -----------------------------------------------------------------------

    def template_csv(self, game_map: Map, players: Sequence[str]) -> str:
        from sheetgen.games.dicetrip.grammar import trip_template_csv

        return trip_template_csv(game_map, players)

    def parse_boards(self, text: str, source: str, game_map: Map,
                     notes: list[str] | None = None) -> list[Board]:
        from sheetgen.games.dicetrip.grammar import parse_trip_boards

        return list(parse_trip_boards(text, source, game_map.id, notes=notes).boards)

    def score(self, game_map: Map, boards: Sequence[Board],
              progress: Progress = lambda step: None) -> TripStandings:
        from sheetgen.games.dicetrip.score import trip_standings

        result = trip_standings(game_map, boards)
        for board in boards:
            progress(board.player)
        return result

    def score_json(self, result: TripStandings) -> dict[str, Any]:
        from sheetgen.games.dicetrip.score import score_to_json

        return score_to_json(result)

    def scorepad_rows(self, result: TripStandings) -> dict[str, dict[str, int | str]]:
        """Each player's first pad row: the parts of the score as the Score JSON has them.
        Crossed cities are written as a count (the pad's column subtracts them), so the
        row adds up to the total."""
        from sheetgen.games.dicetrip.score import rank

        return {p.player: {"bonus_cities": p.bonus_points, "crossed_cities": len(p.crossed),
                           "longest_road": p.road_points, "series": p.series_points,
                           "zones": p.zone_points, "variant_bonus": p.variant_points,
                           "total": p.score, "place": rank(result, p)}
                for p in result.players}

    def standings_text(self, result: TripStandings) -> str:
        from sheetgen.games.dicetrip.score import standings_text

        return standings_text(result).rstrip("\n")

    def scored_parts(self, game_map: Map, paper: Paper, boards: Sequence[Board],
                     result: TripStandings) -> list[Part]:
        from sheetgen.games.dicetrip.sheet import scored_page, standings_page

        geometry = geometry_of(game_map)
        parts = [Part(f"{p.player}: {p.score}",
                      (scored_page(game_map, geometry, paper, board, p),))
                 for board, p in zip(boards, result.players, strict=True)]
        parts.append(Part("Standings", (standings_page(paper, game_map, result),)))
        return parts

    # --- seeded games ------------------------------------------------------------------

    def make_script(self, game_map: Map, seed: int, players: int | None = None) -> TripScript:
        from sheetgen.games.dicetrip.rules import make_script

        self._same_for_every_player(players)
        try:
            return make_script(game_map.id, seed)
        except ScriptError as exc:
            raise GameError(str(exc)) from None

    def script_json(self, script: TripScript) -> str:
        from sheetgen.games.dicetrip.rules import script_json_text

        return script_json_text(script)

    def script_pages(self, game_map: Map, script: TripScript, paper: Paper,
                     par: int | None = None) -> list[str]:
        from sheetgen.games.dicetrip.script import script_page

        return [script_page(game_map, script, paper, par)]

    def par(self, game_map: Map, script: TripScript) -> Par:
        from sheetgen.games.dicetrip.player import par_score

        score, game = par_score(game_map, script)
        powers = []
        if game.reroll_round:
            powers.append(f"re-roll in round {game.reroll_round}")
        if game.double_round:
            powers.append(f"one die twice in round {game.double_round}")
        return Par(
            score=score.score,
            summary=(f"{game_map.id} seed {script.seed}: par {score.score} (bonus "
                     f"{score.bonus_points}, crossed {score.crossed_points}, road "
                     f"{score.road_points}, series {score.series_points}, zones "
                     f"{score.zone_points}; {', '.join(powers) or 'no powers'})"),
            data={"map": game_map.id, "seed": script.seed, "par": score.score,
                  "bonus_cities": list(score.bonus_cities), "crossed": list(score.crossed),
                  "road": list(score.road), "road_points": score.road_points,
                  "series": list(score.series), "series_points": score.series_points,
                  "clean_zones": list(score.clean_zones), "zone_points": score.zone_points,
                  "reroll_round": game.reroll_round, "double_round": game.double_round,
                  "board": {city: cell.text for city, cell in game.board.cells.items()}})

    def check(self, game_map: Map, script: TripScript, board: Board) -> Verdict:
        from sheetgen.games.dicetrip.check import check_trip_board

        result = check_trip_board(game_map, script, board)
        return Verdict(board.player, result.legal, result.problem)

    # --- print -------------------------------------------------------------------------

    def sheet_pages(self, game_map: Map, paper: Paper, players: Sequence[str],
                    seed: int | None = None) -> list[str]:
        from sheetgen.games.dicetrip.sheet import TripSheetOptions, sheet_page
        from sheetgen.maps import attribution

        geometry = geometry_of(game_map)
        credit = attribution(game_map.id)
        # Each sheet carries its number in its code, so every page is drawn.
        return [sheet_page(game_map, geometry, paper, TripSheetOptions(
                    player=name, seed=seed, attribution=credit, sheet_number=number))
                for number, name in enumerate(players, start=1)]

    def kit_parts(self, game_map: Map, paper: Paper, *, seed: int, players: int = 8,
                  backs: str = "duplex-long", perfect: float | None = None,
                  progress: Progress = lambda step: None) -> list[Part]:
        """The kit; ``backs`` is ignored (Dice Trip has no cards)."""
        if perfect is not None:
            self.perfect_ready()
        from sheetgen.games.dicetrip.kit import build_trip_kit

        try:
            return build_trip_kit(game_map, paper, seed=seed, players=players,
                                  progress=progress)
        except MapDataError as exc:
            raise GameError(str(exc)) from None
