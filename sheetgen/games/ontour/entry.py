"""On Tour (maps ``usa`` and ``europe``): the registry entry naming its parts."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from sheetgen.document import Part
from sheetgen.games import CHECK_BUDGET, Game, GameError, Par, Perfect, Progress, Verdict
from sheetgen.games.ontour.rules import Script, ScriptError
from sheetgen.games.ontour.score import PlayerScore, Standings
from sheetgen.maps import MapDataError, attribution, find_geometry
from sheetgen.model import Board, CellKind, Deadline, Map, MapGeometry
from sheetgen.templates import Paper


def geometry_of(game_map: Map) -> MapGeometry:
    """The map's drawing; GameError when the map has none yet."""
    try:
        return find_geometry(game_map.id)
    except MapDataError as exc:
        raise GameError(str(exc)) from None


def _standings(map_id: str, players: Sequence[PlayerScore]) -> Standings:
    """Standings of boards scored one at a time: the same winners rule as
    ``score.standings`` (best score, then circled spaces on the board)."""
    winners: tuple[str, ...] = ()
    if players:
        top = max((p.result.score, p.circled_on_board) for p in players)
        winners = tuple(p.player for p in players
                        if (p.result.score, p.circled_on_board) == top)
    return Standings(map_id, tuple(players), winners)


class OnTour(Game):
    """On Tour: numbers on a map, the longest never-falling route scores."""

    id = "ontour"
    title = "On Tour"
    aliases = ("on-tour", "on tour")
    dice = "d10"
    kit_steps = ("rules", "player sheets", "cards", "dice", "seeded game", "scorepad",
                 "scoring how-to", "attribution", "cover")
    scorepad = "ontour"
    honours = frozenset({"player sheets", "sheet setup", "perfect", "cards", "scoring"})
    instead = {"planner": "`sheetgen plan` plans a drive of Highways & Byways, e.g. "
                          "`sheetgen plan byways --start TX --seed 7`"}

    # --- scoring -----------------------------------------------------------------------

    def template_csv(self, game_map: Map, players: Sequence[str]) -> str:
        from sheetgen.games.ontour.grammar import template_csv

        return template_csv(game_map, players)

    def default_map(self) -> str | None:
        """``ontour`` alone means the USA, the first map of the rulebook."""
        return "usa"

    def parse_boards(self, text: str, source: str, game_map: Map,
                     notes: list[str] | None = None, *, finished: bool = True) -> list[Board]:
        from sheetgen.games.ontour.grammar import parse_boards

        return parse_boards(text, source, game_map.id, notes=notes)[1]

    def score(self, game_map: Map, boards: Sequence[Board],
              progress: Progress = lambda step: None,
              working: Progress | None = None) -> Standings:
        from sheetgen.games.ontour.score import standings

        players: list[PlayerScore] = []
        for board in boards:
            note = None if working is None else (
                lambda text, who=board.player: working(f"{who}: {text}"))
            players.extend(standings(game_map, [board], progress=note).players)
            progress(board.player)
        return _standings(game_map.id, players)

    def score_json(self, result: Standings) -> dict[str, Any]:
        """``winner`` is a name, or, on a true tie (same score and same circled count on
        the board), the list of the tied names in CSV order."""
        winner: str | list[str] | None
        winner = list(result.winners) if len(result.winners) > 1 else (
            result.winners[0] if result.winners else None)
        from sheetgen.games.ontour.scored import place

        return {
            "schema": 1,
            "map": result.map_id,
            "players": [{"name": p.player, "rank": place(result, p), "score": p.result.score,
                         "route": list(p.result.route), "spaces": p.result.spaces,
                         "circled": p.result.circled,
                         "circled_on_board": p.circled_on_board} for p in result.players],
            "winner": winner,
            "winners": list(result.winners),
        }

    def standings_text(self, result: Standings) -> str:
        """The standings as a plain table, best first, then each player's route."""
        from sheetgen.games.ontour.scored import place, winner_line

        name_w = max([len("player")] + [len(p.player) for p in result.players])
        lines = [f"{'#':>2}  {'player':<{name_w}}  score  spaces  circled  on board"]
        for entry in result.ranked:
            r = entry.result
            lines.append(f"{place(result, entry):>2}  {entry.player:<{name_w}}  "
                         f"{r.score:>5}  {r.spaces:>6}  {r.circled:>7}  "
                         f"{entry.circled_on_board:>8}")
        lines.append(winner_line(result))
        for entry in result.players:
            route = " ".join(entry.result.route) or "(none)"
            flag = "" if entry.result.proven_optimal else " (not proven best)"
            lines.append(f"{entry.player}: {route}{flag}")
        return "\n".join(lines)

    def scored_parts(self, game_map: Map, paper: Paper, boards: Sequence[Board],
                     result: Standings) -> list[Part]:
        from sheetgen.games.ontour.scored import scored_pages

        pages = scored_pages(game_map, geometry_of(game_map), paper, list(boards), result)
        parts = [Part("Standings", tuple(pages[len(result.players):]))]
        parts += [Part(f"{p.player}: {p.result.score}", (page,))
                  for p, page in zip(result.players, pages, strict=False)]
        return parts

    def scorepad_rows(self, result: Standings) -> dict[str, dict[str, int | str]]:
        from sheetgen.games.ontour.scored import scorepad_values

        return {player: dict(row) for player, row in scorepad_values(result).items()}

    # --- seeded games ------------------------------------------------------------------

    def make_script(self, game_map: Map, seed: int, players: int | None = None) -> Script:
        from sheetgen.games.ontour.rules import make_script

        self._same_for_every_player(players)
        try:
            return make_script(game_map, seed)
        except ScriptError as exc:
            raise GameError(str(exc)) from None

    def script_json(self, script: Script) -> str:
        from sheetgen.games.ontour.rules import script_to_json

        return script_to_json(script)

    def script_pages(self, game_map: Map, script: Script, paper: Paper,
                     par: int | None = None) -> list[str]:
        from sheetgen.games.ontour.script import script_svgs

        return script_svgs(game_map, script, paper, par=par)

    def par(self, game_map: Map, script: Script) -> Par:
        from sheetgen.games.ontour.players import par_result

        result = par_result(game_map, script)
        return Par(
            score=result.score,
            summary=(f"{game_map.id} seed {script.seed}: par {result.score} "
                     f"({result.spaces} spaces, {result.circled} circled; route "
                     f"{'-'.join(result.route)})"),
            data={"map": game_map.id, "seed": script.seed, "par": result.score,
                  "route": list(result.route), "spaces": result.spaces,
                  "circled": result.circled})

    def check(self, game_map: Map, script: Script, board: Board,
              budget: int = CHECK_BUDGET) -> Verdict:
        from sheetgen.games.ontour.check import check_board

        result = check_board(game_map, script, board, budget)
        return Verdict(board.player, result.legal, result.problem, result.decided)

    def perfect_ready(self) -> None:
        from sheetgen.games.ontour.perfect import PerfectUnavailableError, require_optimiser

        try:
            require_optimiser()
        except PerfectUnavailableError as exc:
            raise GameError(str(exc)) from None

    def perfect(self, game_map: Map, script: Script,
                time_limit: float | Deadline) -> Perfect:
        from sheetgen.games.ontour.perfect import (
            PerfectError,
            PerfectUnavailableError,
            perfect_game,
        )

        self.perfect_ready()
        try:
            result = perfect_game(game_map, script, time_limit)
        except (PerfectError, PerfectUnavailableError) as exc:
            raise GameError(str(exc)) from None
        from sheetgen.games.ontour.grammar import format_boards

        clocked = isinstance(time_limit, Deadline)
        seconds = time_limit.seconds if isinstance(time_limit, Deadline) else time_limit
        best = Perfect(result.score, result.upper_bound, result.board, "",
                       route=tuple(result.route), rides=tuple(result.rides),
                       time_limit=seconds, clocked=clocked)
        if result.proven:
            words = f"{result.score}, proven optimal"
        else:
            words = (f"best found {result.score}, upper bound {result.upper_bound}, gap "
                     f"{result.gap} (not proven within {best.limit_words})")
        head, rest = format_boards(game_map, [result.board]).split("\n", 1)
        rides = "".join(f"\n# boat ride: {a} to {b}" for a, b in result.rides)
        text = (f"{head}\n# perfect game of {game_map.id} seed {script.seed}: {words}\n"
                f"# route: {'-'.join(result.route)}{rides}\n{rest}")
        return replace(best, board_csv=text)

    def perfect_pages(self, game_map: Map, script: Script, best: Perfect,
                      paper: Paper) -> list[Any]:
        """The board as a scored map (landscape) with its route, then the summary and
        the turns (portrait)."""
        from sheetgen.games.ontour.check import check_board
        from sheetgen.games.ontour.perfect_pages import (
            PerfectSummary,
            perfect_turn_pages,
            turn_rows,
        )
        from sheetgen.games.ontour.score import PlayerScore, RouteResult, star_values
        from sheetgen.games.ontour.verify import IllegalRouteError, check_route

        board = best.board
        try:
            route = check_route(game_map, board, best.route, best.rides)
        except IllegalRouteError as exc:  # pragma: no cover - a solver bug
            raise GameError(f"the perfect game's route: {exc}") from None
        explained = check_board(game_map, script, board, None)
        if not explained.legal:  # pragma: no cover - a solver bug
            raise GameError(f"the perfect game's board: {explained.problem}")
        values = [board.cells[s].value if board.cells[s].kind is CellKind.NUMBER else None
                  for s in best.route]
        stars = [s for s, v in zip(best.route, values, strict=True) if v is None]
        result = RouteResult(route=best.route, score=route.score, spaces=route.spaces,
                             circled=route.circled,
                             star_values=tuple(zip(stars, star_values(values), strict=True)),
                             proven_optimal=True, rides=best.rides, bonus=route.boat_points)
        par = self.par(game_map, script).score
        summary = PerfectSummary(script.seed, best.score, best.upper_bound, par,
                                 best.time_limit, best.route, best.rides, best.clocked)
        entry = PlayerScore(f"Seed {script.seed}", result,
                            sum(1 for c in board.cells.values() if c.circled))
        if best.proven:
            proof = f"proven optimal · par {par}"
        else:
            proof = f"upper bound {best.upper_bound} · gap {best.gap} · par {par}"
        page = self.perfect_map_page(game_map, paper, board, entry, proof,
                                     f"par {par} (the built-in player)")
        rows = turn_rows(game_map, script, board,
                         {p.turn: p.spaces for p in explained.placements})
        return [page, *perfect_turn_pages(game_map, (paper.width, paper.height), summary,
                                          board, rows)]

    def perfect_map_page(self, game_map: Map, paper: Paper, board: Board, entry: Any,
                         subtitle: str, note: str) -> Any:
        """The perfect board drawn as a scored map with its route (``entry``: its
        ``PlayerScore``), ``subtitle`` under its points and ``note`` ending its score's
        breakdown."""
        from sheetgen.games.ontour.scored import player_page, shared_layers

        geometry = geometry_of(game_map)
        shared = shared_layers(game_map, geometry, paper,
                               title=f"{game_map.title} · perfect game")
        return player_page(game_map, geometry, paper, board, entry, 1, 1, shared=shared,
                           subtitle=subtitle, board_note=note)

    # --- print -------------------------------------------------------------------------

    def sheet_pages(self, game_map: Map, paper: Paper, players: Sequence[str],
                    seed: int | None = None) -> Sequence[Any]:
        from sheetgen.draw.pdf import LazyPages
        from sheetgen.games.ontour.players.game import setup_cells
        from sheetgen.games.ontour.sheet import SheetBase, SheetOptions, sheet_layers

        geometry = geometry_of(game_map)
        prefilled = None
        if seed is not None:
            prefilled = setup_cells(self.make_script(game_map, seed))
        credit = attribution(game_map.id)
        names = list(players)
        # The sheet is drawn once; each page adds its name and the code with its number,
        # drawn when the page is taken.
        bases: dict[float, SheetBase] = {}
        return LazyPages(len(names), lambda k: sheet_layers(
            game_map, geometry, paper, SheetOptions(
                player=names[k], attribution=credit, seed=seed, prefilled=prefilled,
                sheet_number=k + 1), bases))

    def deck_pages(self, game_map: Map, paper: Paper, options: Any) -> list[str]:
        from sheetgen.draw.layout import LayoutError, imposition
        from sheetgen.games.ontour.cards import deck_pages

        if getattr(options, "deck", "all") != "all":
            raise GameError(f"{self.title} has one deck; print it with --deck all")
        try:
            geometry: MapGeometry | None = find_geometry(game_map.id)
        except MapDataError:
            geometry = None
        try:
            return deck_pages(game_map, paper, options, imposition(), geometry)
        except LayoutError as exc:
            raise GameError(str(exc)) from None

    def kit_parts(self, game_map: Map, paper: Paper, *, seed: int,
                  players: int | Sequence[str] = 8, backs: str = "duplex-long",
                  perfect: float | Deadline | Perfect | None = None,
                  progress: Progress = lambda step: None) -> list[Part]:
        from sheetgen.games.ontour.kit import build_kit

        try:
            return build_kit(game_map, paper, seed=seed, players=players, backs=backs,
                             perfect=perfect, progress=progress)
        except MapDataError as exc:
            raise GameError(str(exc)) from None
