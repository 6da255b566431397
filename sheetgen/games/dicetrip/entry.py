"""Dice Trip (map ``germany``): the registry entry naming its parts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sheetgen.document import Part
from sheetgen.games import CHECK_BUDGET, Game, GameError, Par, Perfect, Progress, Verdict
from sheetgen.games.dicetrip.rules import ScriptError, TripScript
from sheetgen.games.dicetrip.score import TripStandings
from sheetgen.maps import MapDataError, find_geometry
from sheetgen.model import Board, Deadline, Map, MapGeometry
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
    honours = frozenset({"player sheets", "sheet setup", "scoring"})
    instead = {"cards": "it is played with four coloured dice: print them with "
                        "`sheetgen dice dicetrip`",
               "perfect game": "the perfect game is On Tour's (usa, europe, paris)",
               "planner": "`sheetgen plan` plans a drive of Highways & Byways, e.g. "
                          "`sheetgen plan byways --start TX --seed 7`"}

    def map_json(self, game_map: Map) -> dict[str, Any]:
        """The map JSON with the zones (their cities, and the points for clean zones)
        and the coloured cities by dice colour."""
        from sheetgen.games.dicetrip.rules import DICE_COLOURS, ZONE_POINTS
        from sheetgen.games.dicetrip.score import ZONES

        data = super().map_json(game_map)
        data["zones"] = [{"id": z, "spaces": [s.id for s in game_map.spaces if s.zone == z]}
                         for z in ZONES]
        data["zone_points"] = list(ZONE_POINTS)
        data["colours"] = [{"colour": c, "spaces": [s.id for s in game_map.spaces
                                                    if s.colour == c]}
                           for c in DICE_COLOURS]
        return data

    # --- scoring -----------------------------------------------------------------------

    def template_csv(self, game_map: Map, players: Sequence[str]) -> str:
        from sheetgen.games.dicetrip.grammar import trip_template_csv

        return trip_template_csv(game_map, players)

    def parse_boards(self, text: str, source: str, game_map: Map,
                     notes: list[str] | None = None, *, finished: bool = True) -> list[Board]:
        from sheetgen.games.dicetrip.grammar import parse_trip_boards

        return list(parse_trip_boards(text, source, game_map.id, notes=notes,
                                      finished=finished).boards)

    def score(self, game_map: Map, boards: Sequence[Board],
              progress: Progress = lambda step: None,
              working: Progress | None = None) -> TripStandings:
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
        parts = [Part("Standings", (standings_page(paper, game_map, result),))]
        parts += [Part(f"{p.player}: {p.score}",
                       (scored_page(game_map, geometry, paper, board, p),))
                  for board, p in zip(boards, result.players, strict=True)]
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

    def check(self, game_map: Map, script: TripScript, board: Board,
              budget: int = CHECK_BUDGET) -> Verdict:
        """Whether the board's numbers can come from the seed's dice (within ``budget``
        search states) and, when the board records variant points, whether some such way
        of writing it scores exactly them."""
        from sheetgen.games.dicetrip.check import check_trip_board
        from sheetgen.games.dicetrip.rules import TripBoard
        from sheetgen.games.dicetrip.variant import script_allows

        result = check_trip_board(game_map, script, board, budget)
        points = board.variant if isinstance(board, TripBoard) else 0
        if result.legal and not script_allows(game_map, script, board, points):
            return Verdict(board.player, False,
                           f"{points} variant points: in no way the dice of seed "
                           f"{script.seed} can have written this board were {points} "
                           "coloured cities still empty after the round that first "
                           "completed the tens")
        return Verdict(board.player, result.legal, result.problem, result.decided)

    # --- print -------------------------------------------------------------------------

    def sheet_pages(self, game_map: Map, paper: Paper, players: Sequence[str],
                    seed: int | None = None) -> Sequence[Any]:
        from sheetgen.draw.pdf import LazyPages
        from sheetgen.games.dicetrip.sheet import TripSheetOptions, sheet_base, sheet_layers
        from sheetgen.maps import attribution

        geometry = geometry_of(game_map)
        credit = attribution(game_map.id)
        names = list(players)
        # The sheet is drawn once; each page adds its name and the code with its number,
        # drawn when the page is taken.
        base = sheet_base(game_map, geometry, paper, seed, credit)
        return LazyPages(len(names), lambda k: sheet_layers(game_map, paper, TripSheetOptions(
            player=names[k], seed=seed, attribution=credit, sheet_number=k + 1), base))

    def kit_parts(self, game_map: Map, paper: Paper, *, seed: int,
                  players: int | Sequence[str] = 8, backs: str = "duplex-long",
                  perfect: float | Deadline | Perfect | None = None,
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
