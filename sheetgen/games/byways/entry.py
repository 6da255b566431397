"""Highways & Byways in the registry: the board, the decks, the planner, the seeded race
with its built-in drivers and solo challenge, drive logs (check, score, scorepad) and the
kit."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sheetgen.document import Part
from sheetgen.games import CHECK_BUDGET, Game, GameError, Par, Perfect, Progress, Verdict
from sheetgen.games.byways.drivelog import RaceStandings
from sheetgen.games.byways.planner import Plan
from sheetgen.games.byways.roadmap import LETTERS, RoadMap, find_roadmap
from sheetgen.games.byways.script import BywaysScript
from sheetgen.maps import find_map
from sheetgen.model import Board, Deadline, Map
from sheetgen.templates import Paper


@dataclass(frozen=True)
class PlanReport:
    """A plan, ready to print: text lines, JSON data, and its pages on demand."""

    road: RoadMap
    plan: Plan
    lines: tuple[str, ...]
    json: dict[str, Any]

    @property
    def title(self) -> str:
        return (f"{self.road.map.title}: the best drive from "
                f"{self.road.map.space(self.plan.start).name}")

    def pages(self, paper: Paper) -> list[str]:
        from sheetgen.games.byways.board import plan_pages
        from sheetgen.maps import attribution, find_geometry

        return plan_pages(self.road, find_geometry(self.road.map.id), paper,
                          [s.space for s in self.plan.drive], self.title,
                          self.lines[:5], self.lines[5:], attribution(self.road.map.id))


class Byways(Game):
    id = "byways"
    title = "Highways & Byways"
    aliases = ("highways-and-byways", "highways")
    kit_steps = ("rules", "board", "cards", "vehicle aid", "reference", "seeded race",
                 "solo challenge", "scorepad", "credits")
    scorepad = "byways"
    honours = frozenset({"seats", "cards", "decks", "planner", "solo"})
    instead = {"perfect game": "the shortest drive of a hand is `sheetgen plan byways "
                               "--start TX --seed 7`",
               "player sheets": "its board is shared: `sheetgen sheet byways`"}

    def decks(self) -> tuple[str, ...]:
        from sheetgen.games.byways.cards import DECKS

        return ("all", *(d for d in DECKS if d != "all"))

    def start_spaces(self, game_map: Map) -> tuple[str, ...]:
        return tuple(self.road(game_map).starts)

    def map_json(self, game_map: Map) -> dict[str, Any]:
        """The map JSON with what the race adds: each space's kind (highway, red, blue,
        intersection), state and construction letter, the start spaces, the byways and
        the spaces each construction letter closes."""
        road = self.road(game_map)
        data = super().map_json(game_map)
        for entry in data["spaces"]:
            sid = entry["id"]
            entry["kind"] = road.kinds[sid].value
            entry["state"] = road.states[sid]
            if sid in road.letters:
                entry["letter"] = road.letters[sid]
        data["starts"] = dict(road.starts)
        data["byways"] = [{"id": b.id, "name": b.name, "colour": b.colour.value,
                           "length": b.length, "spaces": list(b.spaces),
                           "states": list(b.states)} for b in road.byways]
        data["construction"] = {letter: list(road.lettered(letter)) for letter in LETTERS}
        return data

    def road(self, game_map: Map) -> RoadMap:
        return find_roadmap(game_map.id)

    def plan(self, game_map: Map, *, start: str, hand: Sequence[str] | None,
             seed: int | None, avoid: str | None, seat: int = 1,
             players: int | None = None) -> PlanReport:
        from sheetgen.games.byways.planner import PlanError, plan, plan_json, plan_lines
        from sheetgen.games.byways.rules import DEFAULT_PLAYERS, deal_hand

        road = self.road(game_map)
        start_space = road.start_space(start)
        if start_space is None:
            known = ", ".join(f"{st} ({road.map.space(s).name})"
                              for st, s in road.starts.items())
            raise GameError(f"--start: {start!r} is not a start space; start spaces: {known}")
        if (hand is None) == (seed is None):
            raise GameError("--hand/--seed: give exactly one of them")
        if seed is not None:
            if seed < 0:
                raise GameError(f"--seed: expected a whole number 0 or more, got {seed}")
            count = DEFAULT_PLAYERS if players is None else players
            try:
                cards = list(deal_hand(road, seed, seat, count))
            except ValueError as exc:
                option = "-n" if "players" in str(exc) else "--seat"
                raise GameError(f"{option}: {exc}") from None
        else:
            assert hand is not None
            if players is not None or seat != 1:
                raise GameError("--seat/-n: they pick a seat of a seeded deal; give --seed "
                                "(a --hand is already one seat's)")
            cards = []
            for name in hand:
                found = road.find_byway(name)
                if found is None:
                    raise GameError(f"--hand: no byway called {name.strip()!r}; "
                                    "`sheetgen map show byways` lists them")
                if found in cards:
                    raise GameError(f"--hand: {found.name!r} is named twice")
                cards.append(found)
        letter = None
        if avoid is not None:
            letter = avoid.strip().upper()
            if letter not in LETTERS:
                raise GameError(f"--avoid: expected a construction letter A-E, got {avoid!r}")
        try:
            result = plan(road, start_space, cards, letter)
        except PlanError as exc:
            raise GameError(str(exc)) from None
        return PlanReport(road, result, tuple(plan_lines(road, result)),
                          plan_json(road, result))

    # --- the seeded race -----------------------------------------------------------------

    def make_script(self, game_map: Map, seed: int, players: int | None = None
                    ) -> BywaysScript:
        """The seeded game: the setup now, the race of built-in drivers when first asked
        for (``BywaysScript.race``)."""
        from sheetgen.games.byways.decks import event_deck
        from sheetgen.games.byways.race import find_course
        from sheetgen.games.byways.rules import DEFAULT_PLAYERS, make_setup

        course = find_course(game_map.id)
        try:
            setup = make_setup(course.road, seed,
                               DEFAULT_PLAYERS if players is None else players,
                               len(event_deck()))
        except ValueError as exc:
            raise GameError(f"-n: {exc}" if "players" in str(exc) else
                            f"--seed: {exc}") from None
        return BywaysScript(course, setup)

    def script_json(self, script: BywaysScript) -> str:
        import json

        from sheetgen.games.byways.script import script_data

        return json.dumps(script_data(script), indent=2, ensure_ascii=False) + "\n"

    def script_pages(self, game_map: Map, script: BywaysScript, paper: Paper,
                     par: int | None = None) -> list[str]:
        from sheetgen.games.byways.script import race_pages

        return race_pages(script, paper)

    def solo_pages(self, game_map: Map, script: BywaysScript, seat: int,
                   paper: Paper) -> list[str]:
        from sheetgen.games.byways.script import solo_pages

        if not 1 <= seat <= script.setup.players:
            raise GameError(f"--solo: expected a seat 1-{script.setup.players}, got {seat}")
        return solo_pages(script, seat, paper)

    def par(self, game_map: Map, script: BywaysScript) -> Par:
        from sheetgen.games.byways.script import par_summary, state_of

        race = script.race
        return Par(score=min(s.home_round for s in race.seats),
                   summary=par_summary(script),
                   data={"map": game_map.id, "seed": script.seed,
                         "players": script.setup.players,
                         "par": [{"player": s.seat, "vehicle": s.vehicle.name,
                                  "start": state_of(script.road, s.start),
                                  "round": s.home_round, "place": s.place}
                                 for s in race.seats]})

    # --- drive logs ----------------------------------------------------------------------

    def template_csv(self, game_map: Map, players: Sequence[str]) -> str:
        raise GameError("Highways & Byways has no scoring CSV: it is a race, and a drive "
                        "log records it (`sheetgen script byways --seed N --solo 1` shows "
                        "its rows), which `sheetgen check` and `sheetgen score` read")

    def parse_boards(self, text: str, source: str, game_map: Map,
                     notes: list[str] | None = None, *, finished: bool = True) -> list[Board]:
        from sheetgen.games.byways.drivelog import parse_drive_log

        return [parse_drive_log(text, source, self.road(game_map), game_map.id)]

    def check(self, game_map: Map, script: BywaysScript, board: Board,
              budget: int = CHECK_BUDGET) -> Verdict:
        """A drive log against the seeded race (a replay, no search: ``budget`` is not
        needed)."""
        from sheetgen.games.byways.drivelog import DriveLog, judge
        from sheetgen.games.byways.driver import par_race
        from sheetgen.games.byways.race import find_course

        if not isinstance(board, DriveLog):
            raise GameError("Highways & Byways checks drive logs")
        race = par_race(game_map.id, script.seed, board.players)
        result = judge(find_course(game_map.id), race, board)
        return Verdict(board.player, not result.problem, result.problem)

    def score(self, game_map: Map, boards: Sequence[Board],
              progress: Progress = lambda step: None,
              working: Progress | None = None) -> RaceStandings:
        from sheetgen.games.byways.drivelog import DriveLog, standings
        from sheetgen.games.byways.driver import par_race
        from sheetgen.games.byways.race import find_course

        logs = [b for b in boards if isinstance(b, DriveLog)]
        if len(logs) != len(boards):
            raise GameError("Highways & Byways scores drive logs")
        try:
            result = standings(find_course(game_map.id), logs,
                               lambda seed, players: par_race(game_map.id, seed, players))
        except ValueError as exc:
            raise GameError(str(exc)) from None
        for log in logs:
            progress(log.player)
        return result

    def score_json(self, result: RaceStandings) -> dict[str, Any]:
        from sheetgen.games.byways.standings import standings_json

        return standings_json(self.road(find_map(result.map_id)), result)

    def standings_text(self, result: RaceStandings) -> str:
        from sheetgen.games.byways.standings import standings_text

        return standings_text(self.road(find_map(result.map_id)), result)

    def scorepad_rows(self, result: RaceStandings) -> dict[str, dict[str, int | str]]:
        from sheetgen.games.byways.script import state_of

        road = self.road(find_map(result.map_id))
        return {e.log.player: {"vehicle": e.log.vehicle, "start": state_of(road, e.log.start),
                               "round": e.judgement.home_round or "-", "place": e.place}
                for e in result.entries}

    def scored_parts(self, game_map: Map, paper: Paper, boards: Sequence[Board],
                     result: RaceStandings) -> list[Part]:
        from sheetgen.games.byways.standings import drive_parts

        return drive_parts(self.road(game_map), paper, result)

    def deck_pages(self, game_map: Map, paper: Paper, options: Any) -> list[str]:
        """The red, blue, construction, event and vehicle decks (``options.deck``)."""
        from sheetgen.draw.layout import LayoutError, imposition
        from sheetgen.games.byways.cards import DECKS, deck_pages
        from sheetgen.maps import find_geometry

        deck = getattr(options, "deck", "all")
        if deck not in DECKS:
            raise GameError(f"unknown deck {deck!r}; decks: {', '.join(DECKS)}")
        try:
            return deck_pages(self.road(game_map), find_geometry(game_map.id), paper,
                              options, imposition(), deck)
        except LayoutError as exc:
            raise GameError(str(exc)) from None

    def kit_parts(self, game_map: Map, paper: Paper, *, seed: int,
                  players: int | Sequence[str] = 8, backs: str = "duplex-long",
                  perfect: float | Deadline | Perfect | None = None,
                  progress: Any = lambda step: None) -> list[Any]:
        """Rules, the board (overview and full-size tiles), the five decks with backs,
        the vehicle aid, the event and construction reference, the seeded race, the
        solo challenge (player 1 against the drivers), a blank scorepad, credits."""
        if perfect is not None:
            self.perfect_ready()
        from sheetgen.draw.layout import card_size, default_card_size, imposition
        from sheetgen.games.byways.script import reference_page
        from sheetgen.maps import attribution
        from sheetgen.products.cards import Backs, DeckOptions
        from sheetgen.products.kit import prose
        from sheetgen.products.textpage import Block, prose_page

        progress("rules")
        rules = Part("Rules summary", (prose_page(paper, prose("byways-rules"), margin=14.0),))
        progress("board")
        board = Part("The board: overview, then the full-size board page by page",
                     tuple(self.sheet_pages(game_map, paper, [])))
        progress("cards")
        options = DeckOptions(card_size(default_card_size()), imposition().bleed,
                              Backs(backs))
        cards = Part("Cards" + (" (double-sided, flip on the long edge)"
                                if options.backs is Backs.DUPLEX_LONG else ""),
                     tuple(self.deck_pages(game_map, paper, options)))
        progress("vehicle aid")
        aid = Part("Vehicles and events", (vehicle_aid(paper),))
        progress("reference")
        reference = Part("Events and construction",
                         (reference_page(self.road(game_map), paper),))
        progress("seeded race")
        seats = players if isinstance(players, int) else len(players)
        script = self.make_script(game_map, seed, players=min(max(seats, 2), 4))
        race = Part(f"Seeded race {seed}", tuple(self.script_pages(game_map, script, paper)))
        progress("solo challenge")
        solo = Part(f"Solo challenge {seed}",
                    tuple(self.solo_pages(game_map, script, 1, paper)))
        progress("scorepad")
        pad = Part("Scorepad", tuple(self.scorepad_pages(game_map, paper, 4, 8)))
        progress("credits")
        credit = attribution(game_map.id)
        credits = Part("Open data and fonts", (prose_page(paper, [
            Block("h1", "Open data and fonts"),
            *[Block("p", line) for line in credit.splitlines()],
            Block("p", "Type: Open Sans, digitized data copyright (c) 2010-2011 Google "
                       "Corporation, Apache License 2.0, embedded in this file."),
            Block("p", "This kit is an unofficial print-and-play aid for owners of "
                       "Highways & Byways. The board, the byway list and the card texts "
                       "are sheetgen's own, built on real US cities and scenic roads."),
        ]),))
        return [rules, board, cards, aid, reference, race, solo, pad, credits]

    def sheet_pages(self, game_map: Map, paper: Paper, players: Sequence[str],
                    seed: int | None = None) -> list[Any]:
        """The board: an overview page, then the full-size board tiled over the paper
        (the board is shared, so the number of players does not change it)."""
        from sheetgen.games.byways.board import board_pages
        from sheetgen.maps import attribution, find_geometry

        if seed is not None:
            raise GameError("--seed: the board of Highways & Byways has nothing to pre-fill; "
                            "`sheetgen script byways --seed N` prints a seeded setup")
        return board_pages(self.road(game_map), find_geometry(game_map.id), paper,
                           tiled=True, attribution=attribution(game_map.id))


def vehicle_aid(paper: Paper) -> str:
    """One page: each vehicle's ability and which events leave it alone."""
    from sheetgen.games.byways.decks import events, immune_to, vehicles
    from sheetgen.products.textpage import Block, prose_page

    blocks = [Block("h1", "Vehicles and events")]
    for v in vehicles():
        blocks.append(Block("h2", v.name))
        blocks.append(Block("p", v.ability))
    blocks.append(Block("h2", "Which events touch whom"))
    seen: list[str] = []
    for e in events():
        if e.title in seen:
            continue
        seen.append(e.title)
        free = immune_to(e.kind)
        blocks.append(Block("li", f"{e.title} ({e.count} cards): {e.text} "
                                  + (f"Not {', '.join(free)}." if free else "Every vehicle.")))
    return prose_page(paper, blocks, margin=14.0)
