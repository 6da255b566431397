"""On Tour: Paris (map ``paris``): On Tour with jazz clubs and Bateaux Mouches.

Everything On Tour does holds, with three changes the entry names here: a card names an
arrondissement (a number in either of its two clubs is circled, a setup number goes in
either club), routes may ride the boats (the solver takes the map's docks as jumps), and
the sheet, the scored pages and the deck are drawn by ``games.paris.render``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sheetgen.document import Part
from sheetgen.games import Par, Perfect, Progress
from sheetgen.games.ontour.entry import OnTour, geometry_of
from sheetgen.games.ontour.rules import Script
from sheetgen.games.ontour.score import RouteResult, Standings
from sheetgen.maps import attribution, find_map
from sheetgen.model import Deadline, Map, MapGeometry, ride_points
from sheetgen.templates import Paper


def ride_letters(game_map: Map, result: RouteResult) -> list[list[str]]:
    """The rides of a route as dock letters: ``[["A", "G"], ...]``."""
    letter = {d.space: d.letter for d in game_map.docks}
    return [[letter[a], letter[b]] for a, b in result.rides]


def setup_notes(game_map: Map, script: Script) -> dict[str, str]:
    """Each setup number beside its arrondissement (the player picks the club):
    numeral -> "(14)" or "(14) (41)"."""
    notes: dict[str, list[str]] = {}
    for card, number in script.setup_cells:
        notes.setdefault(card.space, []).append(f"({number:02d})")
    return {group: " ".join(numbers) for group, numbers in notes.items()}


class Paris(OnTour):
    """On Tour: Paris: 40 jazz clubs in 20 arrondissements, boat rides on the Seine."""

    id = "paris"
    title = "On Tour: Paris"
    aliases = ("on-tour-paris", "ontour-paris")

    def default_map(self) -> str | None:
        """``paris`` is both the game and its only map."""
        return "paris"

    # --- scoring -----------------------------------------------------------------------

    def score_json(self, result: Standings) -> dict[str, Any]:
        """On Tour's Score JSON with ``boat_points`` and ``rides`` (dock letters) for each
        player."""
        data = super().score_json(result)
        game_map = find_map(result.map_id)
        for entry, player in zip(data["players"], result.players, strict=True):
            entry["boat_points"] = player.result.bonus
            entry["rides"] = ride_letters(game_map, player.result)
        return data

    def standings_text(self, result: Standings) -> str:
        """The standings with a boats column, then each route with its rides marked."""
        from sheetgen.games.ontour.scored import place, winner_line

        game_map = find_map(result.map_id)
        letter = {d.space: d.letter for d in game_map.docks}
        name_w = max([len("player")] + [len(p.player) for p in result.players])
        lines = [f"{'#':>2}  {'player':<{name_w}}  score  clubs  circled  boats  on board"]
        for entry in result.ranked:
            r = entry.result
            lines.append(f"{place(result, entry):>2}  {entry.player:<{name_w}}  "
                         f"{r.score:>5}  {r.spaces:>5}  {r.circled:>7}  {r.bonus:>5}  "
                         f"{entry.circled_on_board:>8}")
        lines.append(winner_line(result))
        for entry in result.players:
            r = entry.result
            rides = set(r.rides)
            words: list[str] = []
            for i, sid in enumerate(r.route):
                if i and (r.route[i - 1], sid) in rides:
                    a, b = letter[r.route[i - 1]], letter[sid]
                    words.append(f"~boat {a}-{b} +{ride_points(a, b)}~")
                words.append(sid)
            flag = "" if r.proven_optimal else " (not proven best)"
            lines.append(f"{entry.player}: {' '.join(words) or '(none)'}{flag}")
        return "\n".join(lines)

    def scored_parts(self, game_map: Map, paper: Paper, boards: Sequence[Any],
                     result: Standings) -> list[Part]:
        from sheetgen.games.paris.render import paris_scored_pages

        pages = paris_scored_pages(game_map, geometry_of(game_map), paper, list(boards),
                                   result)
        parts = [Part("Standings", tuple(pages[len(result.players):]))]
        parts += [Part(f"{p.player}: {p.result.score}", (page,))
                  for p, page in zip(result.players, pages, strict=False)]
        return parts

    # --- seeded games ------------------------------------------------------------------

    def par(self, game_map: Map, script: Script) -> Par:
        from sheetgen.games.ontour.players import par_result

        result = par_result(game_map, script)
        rides = ride_letters(game_map, result)
        ride_text = ", ".join(f"{a}-{b}" for a, b in rides) or "none"
        return Par(
            score=result.score,
            summary=(f"{game_map.id} seed {script.seed}: par {result.score} "
                     f"({result.spaces} clubs, {result.circled} circled, "
                     f"{result.bonus} boat points; rides {ride_text}; route "
                     f"{'-'.join(result.route)})"),
            data={"map": game_map.id, "seed": script.seed, "par": result.score,
                  "route": list(result.route), "spaces": result.spaces,
                  "circled": result.circled, "boat_points": result.bonus,
                  "rides": rides})

    def perfect_map_page(self, game_map: Map, paper: Paper, board: Any, entry: Any,
                         subtitle: str, note: str) -> Any:
        """The perfect board on the Paris map, its route and boat rides drawn."""
        from sheetgen.games.paris.render import paris_player_page

        return paris_player_page(game_map, geometry_of(game_map), paper, board, entry, 1, 1,
                                 title="perfect game", subtitle=subtitle, board_note=note)

    # --- print -------------------------------------------------------------------------

    def sheet_pages(self, game_map: Map, paper: Paper, players: Sequence[str],
                    seed: int | None = None) -> Sequence[Any]:
        """Paris sheets; with ``seed`` the setup numbers stand beside their
        arrondissements' numerals, since the player picks the club."""
        from sheetgen.draw.pdf import LazyPages
        from sheetgen.games.ontour.sheet import SheetBase, SheetOptions
        from sheetgen.games.paris.render import paris_sheet_layers

        geometry = geometry_of(game_map)
        notes = setup_notes(game_map, self.make_script(game_map, seed)) if seed is not None \
            else None
        credit = attribution(game_map.id)
        names = list(players)
        # The sheet is drawn once; each page adds its name and numbered code.
        bases: dict[float, SheetBase] = {}
        return LazyPages(len(names), lambda k: paris_sheet_layers(
            game_map, geometry, paper, SheetOptions(
                player=names[k], attribution=credit, seed=seed, sheet_number=k + 1),
            bases, notes))

    def kit_parts(self, game_map: Map, paper: Paper, *, seed: int,
                  players: int | Sequence[str] = 8, backs: str = "duplex-long",
                  perfect: float | Deadline | Perfect | None = None,
                  progress: Progress = lambda step: None) -> list[Part]:
        """On Tour's kit with the Paris rules (boats included), Paris sheets (its
        ``sheet_pages``) and a cover showing the Seine."""
        from sheetgen.games.paris.render import add_paris_map
        from sheetgen.products.cover import cover_svg
        from sheetgen.products.kit import prose
        from sheetgen.products.textpage import prose_page

        parts = super().kit_parts(game_map, paper, seed=seed, players=players, backs=backs,
                                  perfect=perfect, progress=progress)
        geometry = geometry_of(game_map)
        swaps = {"Rules summary": (prose_page(paper, prose("paris-rules")),)}
        body = [Part(p.title, swaps.get(p.title, p.pages)) for p in parts[1:]]
        def preview(dwg: Any, game_map: Map, geometry: MapGeometry,
                    origin: tuple[float, float], style: Any) -> Any:
            return add_paris_map(dwg, game_map, geometry, origin, style, letters=False)

        cover = cover_svg(game_map, geometry, paper, body, draw_map=preview)
        return [Part(parts[0].title, (cover,)), *body]
