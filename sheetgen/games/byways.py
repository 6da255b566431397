"""Highways & Byways in the registry: the board, the planner (and, as they land, the
decks, the seeded setup and the kit)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sheetgen.byways import LETTERS, RoadMap, find_roadmap
from sheetgen.games import Game, GameError
from sheetgen.model import Map
from sheetgen.solve.byways import Plan
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
        from sheetgen.maps import attribution, find_geometry
        from sheetgen.render.byways import plan_pages

        return plan_pages(self.road, find_geometry(self.road.map.id), paper,
                          [s.space for s in self.plan.drive], self.title,
                          self.lines[:5], self.lines[5:], attribution(self.road.map.id))


class Byways(Game):
    id = "byways"
    title = "Highways & Byways"
    aliases = ("highways-and-byways", "highways")

    def road(self, game_map: Map) -> RoadMap:
        return find_roadmap(game_map.id)

    def plan(self, game_map: Map, *, start: str, hand: Sequence[str] | None,
             seed: int | None, avoid: str | None) -> PlanReport:
        from sheetgen.rules.byways import deal_hand
        from sheetgen.solve.byways import PlanError, plan, plan_json, plan_lines

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
            cards = list(deal_hand(road, seed))
        else:
            assert hand is not None
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

    def deck_pages(self, game_map: Map, paper: Paper, options: Any) -> list[str]:
        """The red, blue, construction, event and vehicle decks (``options.deck``)."""
        from sheetgen.maps import find_geometry
        from sheetgen.render.byways_cards import DECKS, deck_pages
        from sheetgen.render.layout import LayoutError, imposition

        deck = getattr(options, "deck", "all")
        if deck not in DECKS:
            raise GameError(f"unknown deck {deck!r}; decks: {', '.join(DECKS)}")
        try:
            return deck_pages(self.road(game_map), find_geometry(game_map.id), paper,
                              options, imposition(), deck)
        except LayoutError as exc:
            raise GameError(str(exc)) from None

    def sheet_pages(self, game_map: Map, paper: Paper, players: Sequence[str],
                    seed: int | None = None) -> list[str]:
        """The board: an overview page, then the full-size board tiled over the paper
        (the board is shared, so the number of players does not change it)."""
        from sheetgen.maps import attribution, find_geometry
        from sheetgen.render.byways import board_pages

        if seed is not None:
            raise GameError("--seed: the board of Highways & Byways has nothing to pre-fill; "
                            "`sheetgen script byways --seed N` prints a seeded setup")
        return board_pages(self.road(game_map), find_geometry(game_map.id), paper,
                           tiled=True, attribution=attribution(game_map.id))
