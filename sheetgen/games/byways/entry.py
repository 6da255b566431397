"""Highways & Byways in the registry: the board, the planner (and, as they land, the
decks, the seeded setup and the kit)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sheetgen.games import Game, GameError, Par, Perfect
from sheetgen.games.byways.planner import Plan
from sheetgen.games.byways.roadmap import LETTERS, RoadMap, find_roadmap
from sheetgen.model import Deadline, Map
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


@dataclass(frozen=True)
class BywaysScript:
    """A seeded setup with every seat's best plan from every start (the par)."""

    road: RoadMap
    setup: Any
    """A games.byways.rules.Setup."""
    plans: tuple[dict[str, Plan], ...]
    """Per seat: start state -> the best plan of the seat's hand from there."""

    @property
    def seed(self) -> int:
        return int(self.setup.seed)

    def best(self, seat: int) -> tuple[str, Plan]:
        """The seat's best start (fewest moves; ties: the rules' order CA WY IA TX GA PA)."""
        return min(self.plans[seat].items(),
                   key=lambda kv: (kv[1].spaces, list(self.road.starts).index(kv[0])))


class Byways(Game):
    id = "byways"
    title = "Highways & Byways"
    aliases = ("highways-and-byways", "highways")
    kit_steps = ("rules", "board", "cards", "vehicle aid", "seeded setup", "scorepad",
                 "credits")
    scorepad = "byways"

    def road(self, game_map: Map) -> RoadMap:
        return find_roadmap(game_map.id)

    def plan(self, game_map: Map, *, start: str, hand: Sequence[str] | None,
             seed: int | None, avoid: str | None) -> PlanReport:
        from sheetgen.games.byways.planner import PlanError, plan, plan_json, plan_lines
        from sheetgen.games.byways.rules import deal_hand

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

    def make_script(self, game_map: Map, seed: int, players: int | None = None
                    ) -> BywaysScript:
        from sheetgen.games.byways.cards import events
        from sheetgen.games.byways.planner import plan
        from sheetgen.games.byways.rules import make_setup

        road = self.road(game_map)
        count = sum(e.count for e in events())
        try:
            setup = make_setup(road, seed, 4 if players is None else players, count)
        except ValueError as exc:
            raise GameError(f"--players: {exc}" if "players" in str(exc) else
                            f"--seed: {exc}") from None
        plans = tuple({state: plan(road, start, [road.byway(b) for b in hand])
                       for state, start in road.starts.items()} for hand in setup.hands)
        return BywaysScript(road, setup, plans)

    def script_json(self, script: BywaysScript) -> str:
        import json

        return json.dumps(script_data(script), indent=2, ensure_ascii=False) + "\n"

    def script_pages(self, game_map: Map, script: BywaysScript, paper: Paper,
                     par: int | None = None) -> list[str]:
        from sheetgen.products.textpage import Block

        blocks = [Block("h1", f"{game_map.title}: seeded game {script.seed}")]
        blocks += [Block("p", line) for line in script_lines(script)]
        return _prose_pages(paper, blocks)

    def par(self, game_map: Map, script: BywaysScript) -> Par:
        seats = [script.best(i) for i in range(len(script.plans))]
        summary = "; ".join(f"player {i + 1}: {p.spaces} spaces from {state} "
                            f"({p.turns} turns)" for i, (state, p) in enumerate(seats))
        return Par(score=min(p.spaces for _, p in seats),
                   summary=f"{game_map.id} seed {script.seed}: par {summary}",
                   data={"map": game_map.id, "seed": script.seed,
                         "par": [{"player": i + 1, "start": state, "spaces": p.spaces,
                                  "turns": p.turns} for i, (state, p) in enumerate(seats)]})

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

    def kit_parts(self, game_map: Map, paper: Paper, *, seed: int, players: int = 8,
                  backs: str = "duplex-long", perfect: float | Deadline | Perfect | None = None,
                  progress: Any = lambda step: None) -> list[Any]:
        """Rules, the board (overview and full-size tiles), the five decks with backs,
        the vehicle aid, a seeded setup with par, a blank scorepad, credits."""
        if perfect is not None:
            self.perfect_ready()
        from sheetgen.document import Part
        from sheetgen.draw.layout import card_size, default_card_size, imposition
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
        progress("seeded setup")
        script = self.make_script(game_map, seed, players=min(max(players, 2), 4))
        setup = Part(f"Seeded setup {seed}",
                     tuple(self.script_pages(game_map, script, paper)))
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
        return [rules, board, cards, aid, setup, pad, credits]

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


def script_data(script: BywaysScript) -> dict[str, Any]:
    """The seeded setup as JSON-ready data (byway and event names, not ids)."""
    from sheetgen.games.byways.cards import events

    road, setup = script.road, script.setup
    name = {b.id: b.name for b in road.byways}
    titles = [e.title for e in events() for _ in range(e.count)]

    def steps(draft: Any) -> list[dict[str, Any]]:
        return [{"player": st.player, "draws": [name[c] for c in st.drawn],
                 "passed_in": name[st.passed_in] if st.passed_in else None,
                 "keeps": name[st.kept], "passes": name[st.passed_on]} for st in draft]

    return {
        "map": road.map.id, "seed": setup.seed, "players": setup.players,
        "draft": {"red": steps(setup.red_draft), "blue": steps(setup.blue_draft)},
        "hands": [[name[b] for b in hand] for hand in setup.hands],
        "construction": [list(c) for c in setup.construction],
        "event_hands": [[titles[i] for i in hand] for hand in setup.event_hands],
        "par": [{"player": i + 1, "start": state, "dropped": [name[b] for b in p.dropped],
                 "spaces": p.spaces, "turns": p.turns,
                 "by_start": {st: q.spaces for st, q in script.plans[i].items()}}
                for i, (state, p) in enumerate(script.best(i) for i in
                                               range(len(script.plans)))],
    }


def script_lines(script: BywaysScript) -> list[str]:
    """The seeded setup in words, in the order the table plays it."""
    data = script_data(script)
    lines = [f"{data['players']} players. Player 1 is whoever most recently drove 50 miles "
             "in one trip; seats go clockwise from there. Vehicles and start spaces are "
             "the players' own choice, in the rules' order (Player 1 first).",
             "Byway draft, red then blue, in the rules' order. The script shows the cards "
             "as they come off the shuffled decks; which card to keep is yours. The hands "
             "and par below assume each player keeps the card passed in and passes on the "
             "one just drawn (Player 1: keeps the first of the two)."]
    for colour in ("red", "blue"):
        for st in data["draft"][colour]:
            got = f" (passed in: {st['passed_in']})" if st["passed_in"] else ""
            lines.append(f"{colour.title()} draw, player {st['player']}: "
                         f"{' + '.join(st['draws'])}{got}")
    for i, hand in enumerate(data["hands"]):
        lines.append(f"Player {i + 1}'s byways: {', '.join(hand)}")
    for i, order in enumerate(data["construction"]):
        lines.append(f"Construction cards, cycle {i + 1}: {' '.join(order)}")
    for i, hand in enumerate(data["event_hands"]):
        lines.append(f"Player {i + 1}'s first event hand: {', '.join(hand)}")
    for entry in data["par"]:
        others = ", ".join(f"{st} {n}" for st, n in entry["by_start"].items())
        lines.append(f"Par, player {entry['player']}: {entry['spaces']} spaces "
                     f"({entry['turns']} turns) from {entry['start']}, dropping "
                     f"{' and '.join(entry['dropped'])}; from each start: {others}")
    return lines


def _prose_pages(paper: Paper, blocks: Sequence[Any]) -> list[str]:
    from sheetgen.products.textpage import Block, prose_page

    pages: list[str] = []
    chunk: list[Any] = []
    for block in blocks:
        try:
            prose_page(paper, [*chunk, block])
        except ValueError:
            pages.append(prose_page(paper, chunk))
            chunk = [Block("h2", "Continued")]
        chunk.append(block)
    pages.append(prose_page(paper, chunk))
    return pages


def vehicle_aid(paper: Paper) -> str:
    """One page: each vehicle's ability and which events leave it alone."""
    from sheetgen.games.byways.cards import events, immune_to, vehicles
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
