"""Highways & Byways on paper: the seeded race turn by turn, the solo challenge, and the
one-page event and construction reference (JSON-ready data and printable pages).

``BywaysScript`` is one seed's game: the setup (``rules.make_setup``) and, computed when
first asked for, the race of built-in drivers in every seat (``driver.par_race``): its
picks, every round's construction card, the card each neighbour picks and what each car
does. The solo challenge replays that race's table for one seat: the construction cards,
the events played on the seat, and the other drivers' positions round by round.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from sheetgen.games.byways.decks import event_deck, events, immune_to, vehicles
from sheetgen.games.byways.drivelog import HEADER, JOIN, STEP, compact
from sheetgen.games.byways.race import (
    Course,
    Outcome,
    Race,
    Turn,
)
from sheetgen.games.byways.roadmap import LETTERS, RoadMap
from sheetgen.games.byways.rules import SLOTS, Setup
from sheetgen.model import SpaceId
from sheetgen.templates import Paper

SOLO_EXTRA_ROUNDS = 8
"""The solo log sheet runs this many rounds past the last driver home."""


@dataclass(frozen=True)
class BywaysScript:
    """One seed's game: the setup and the race of built-in drivers."""

    course: Course
    setup: Setup

    @property
    def road(self) -> RoadMap:
        return self.course.road

    @property
    def seed(self) -> int:
        return self.setup.seed

    @cached_property
    def race(self) -> Race:
        from sheetgen.games.byways.driver import par_race

        return par_race(self.road.map.id, self.setup.seed, self.setup.players)


# --- words -----------------------------------------------------------------------------------


def state_of(road: RoadMap, space: SpaceId) -> str:
    return next((k for k, s in road.starts.items() if s == space), space)


def short_name(road: RoadMap, space: SpaceId) -> str:
    """A space as the board prints it: the city without its state, or the highway's name."""
    return road.map.space(space).name.split(",")[0]


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _title(card: int | None) -> str | None:
    return None if card is None else event_deck()[card].title


def _outcome_words(turn: Turn) -> str:
    if turn.card is None:
        return "no event (an empty hand)"
    assert turn.pick is not None and turn.outcome is not None
    title = event_deck()[turn.card].title
    pick = f"card {turn.pick[0]} of {turn.pick[1]}"
    return {Outcome.APPLIED: f"{title} ({pick})",
            Outcome.IMMUNE: f"{title} ({pick}; the vehicle is immune)",
            Outcome.CANNOT: f"{title} ({pick}; cannot be done: discarded)",
            Outcome.CONFLICT: f"{title} ({pick}; conflicts with the construction card: "
                              "discarded)"}[turn.outcome]


def script_data(script: BywaysScript) -> dict[str, Any]:
    """The seeded race as JSON-ready data (byway and event names, space ids)."""
    road, setup, race = script.road, script.setup, script.race
    name = {b.id: b.name for b in road.byways}
    titles = [e.title for e in event_deck()]

    def steps(draft: Any) -> list[dict[str, Any]]:
        return [{"player": st.player, "draws": [name[c] for c in st.drawn],
                 "passed_in": name[st.passed_in] if st.passed_in else None,
                 "keeps": name[st.kept], "passes": name[st.passed_on]} for st in draft]

    def turn(t: Turn) -> dict[str, Any]:
        return {"player": t.seat, "event": _title(t.card),
                "pick": list(t.pick) if t.pick else [],
                "outcome": t.outcome.value if t.outcome else None,
                "planning_day": t.planning_day, "moves": list(t.moves),
                "actions": list(t.actions), "kept": _title(t.kept), "at": t.at,
                "byways": [name[b] for b in t.completed], "home": t.home}

    cycles = -(-len(race.rounds) // SLOTS)
    return {
        "map": road.map.id, "seed": setup.seed, "players": setup.players,
        "draft": {"red": steps(setup.red_draft), "blue": steps(setup.blue_draft)},
        "hands": [[name[b] for b in hand] for hand in setup.hands],
        "driving_order": list(race.order),
        "construction": [list(c) for c in setup.construction[:cycles]],
        "event_hands": [[titles[i] for i in hand] for hand in setup.event_hands],
        "event_deck": [titles[i] for i in setup.remaining_deck],
        "rounds": [{"round": r.round, "construction": r.letter, "slot": r.slot,
                    "reshuffle": r.reshuffled, "hands_passed": r.passed,
                    "deck_reshuffles": r.deck_reshuffles,
                    "turns": [turn(t) for t in r.turns]} for r in race.rounds],
        "par": [{"player": s.seat, "vehicle": s.vehicle.name,
                 "start": state_of(road, s.start), "dropped": [name[b] for b in s.dropped],
                 "spaces": s.plan_spaces, "turns": -(-s.plan_spaces // 6),
                 "round": s.home_round, "place": s.place, "replans": s.replans}
                for s in race.seats],
    }


def par_summary(script: BywaysScript) -> str:
    road, race = script.road, script.race
    seats = "; ".join(f"player {s.seat} ({s.vehicle.name} from {state_of(road, s.start)}) "
                      f"home in round {s.home_round}, {ordinal(s.place)}"
                      for s in race.seats)
    return f"{road.map.id} seed {script.seed}, {script.setup.players} players: {seats}"


def _moves_words(road: RoadMap, at: SpaceId, t: Turn) -> str:
    if t.planning_day:
        return "a planning day on a closed space"
    if not t.moves:
        return "no moves"
    return f" {STEP} ".join(short_name(road, s) for s in compact(road, at, t.moves))


def _card_words(cards: Sequence[int]) -> str:
    return ", ".join(event_deck()[c].title for c in cards)


def race_blocks(script: BywaysScript) -> list[Any]:
    """The seeded race in words, in the order the table plays it."""
    from sheetgen.products.textpage import Block

    road, setup, race = script.road, script.setup, script.race
    data = script_data(script)
    name = {b.id: b.name for b in road.byways}
    players = setup.players
    blocks = [Block("h1", f"{road.map.title}: seeded race {setup.seed}, {players} players"),
              Block("p", "Everything chance decides, from one seed: the byway draft, the "
                         "construction cards, the event deck and the card each neighbour "
                         "picks. The picks, drops and moves below are the built-in "
                         "drivers'; play your own, and the cards still come in this order "
                         "(a pick is a position in the hand, counting from the card "
                         "received first). "
                         f"`sheetgen script byways --seed {setup.seed} -n {players} "
                         "--solo 1` races one seat against the drivers.")]
    blocks.append(Block("h2", "The byway draft"))
    blocks.append(Block("p", "Red, then blue, in the rules' order, as the cards come off "
                             "the shuffled decks. The hands assume each player keeps the "
                             "card passed in and passes on the one just drawn (Player 1: "
                             "keeps the first of the two)."))
    for colour in ("red", "blue"):
        for st in data["draft"][colour]:
            got = f" (passed in: {st['passed_in']})" if st["passed_in"] else ""
            blocks.append(Block("li", f"{colour.title()}, player {st['player']}: draws "
                                      f"{' + '.join(st['draws'])}{got}"))
    blocks.append(Block("h2", "The seats"))
    for s in race.seats:
        hand = ", ".join(name[b] for b in setup.hands[s.seat - 1])
        blocks.append(Block("li", f"Player {s.seat}: {s.vehicle.name}, start "
                                  f"{short_name(road, s.start)} ({state_of(road, s.start)}); "
                                  f"byways {hand}; drops "
                                  f"{' and '.join(name[b] for b in s.dropped)} (plan: "
                                  f"{s.plan_spaces} spaces)."))
    blocks.append(Block("p", f"Driving order: player {race.order[0]} (now Player 1, who "
                             "lays the construction cards) first, then "
                             + ", ".join(f"player {k}" for k in race.order[1:]) + "."))
    blocks.append(Block("h2", "Event cards"))
    for i, hand in enumerate(data["event_hands"]):
        blocks.append(Block("li", f"Player {i + 1}'s first hand: {', '.join(hand)}"))
    blocks.append(Block("li", "The deck after the deal, top first: "
                              + ", ".join(data["event_deck"])))
    at = {s.seat: s.start for s in race.seats}
    for record in race.rounds:
        head = f"Round {record.round}: construction {record.letter} (slot {record.slot})"
        if record.reshuffled:
            head += ", reshuffled"
        blocks.append(Block("h2", head))
        if record.passed:
            blocks.append(Block("p", "The five construction cards are reshuffled; every "
                                     "player still racing passes their hand clockwise."))
        if record.deck_reshuffles:
            blocks.append(Block("p", "The event deck runs out this round: the discards "
                                     "are shuffled into a new deck."))
        for t in record.turns:
            words = [f"Player {t.seat}: {_outcome_words(t)}; "
                     f"{_moves_words(road, at[t.seat], t)}"]
            if t.actions:
                words.append(" + ".join(t.actions))
            if t.completed:
                words.append("drives " + " and ".join(name[b] for b in t.completed))
            if t.home:
                place = race.seats[t.seat - 1].place
                words.append(f"home, {ordinal(place)}")
            elif t.kept is not None:
                words.append(f"keeps {event_deck()[t.kept].title}")
            blocks.append(Block("li", "; ".join(words) + "."))
            at[t.seat] = t.at
    blocks.append(Block("h2", "Finishing order"))
    for s in sorted(race.seats, key=lambda s: s.place):
        blocks.append(Block("li", f"{ordinal(s.place)}: player {s.seat} ({s.vehicle.name}), "
                                  f"home in round {s.home_round}; its plan changed "
                                  f"{s.replans} times"))
    return blocks


def race_pages(script: BywaysScript, paper: Paper) -> list[str]:
    from sheetgen.products.textpage import prose_pages

    return prose_pages(paper, race_blocks(script), continued="The race, continued")


# --- the solo challenge ----------------------------------------------------------------------


def solo_rounds(script: BywaysScript) -> int:
    """The rounds the solo log sheet lists."""
    race = script.race
    last = max(s.home_round for s in race.seats)
    return min(last + SOLO_EXTRA_ROUNDS, len(script.setup.picks))


def solo_data(script: BywaysScript, seat: int) -> dict[str, Any]:
    """What the table does round by round, for one human seat against the drivers."""
    road, setup, race = script.road, script.setup, script.race
    if not 1 <= seat <= setup.players:
        raise ValueError(f"seat {seat} is not one of the {setup.players} seats")
    drivers = [s for s in race.seats if s.seat != seat]
    rows = []
    for round_no in range(1, solo_rounds(script) + 1):
        positions = {}
        for s in drivers:
            if round_no >= s.home_round:
                positions[s.seat] = "home" if round_no > s.home_round else \
                    f"home ({ordinal(s.place)})"
            else:
                positions[s.seat] = race.position(s.seat, round_no)
        rows.append({"round": round_no, "construction": setup.letter(round_no),
                     "reshuffle": setup.reshuffled(round_no),
                     "event": _title(race.event_on(seat, round_no)),
                     "drivers": positions})
    return {"seat": seat, "drivers": [{"player": s.seat, "vehicle": s.vehicle.name,
                                       "start": state_of(road, s.start),
                                       "round": s.home_round} for s in drivers],
            "rounds": rows}


def solo_pages(script: BywaysScript, seat: int, paper: Paper) -> list[str]:
    """The solo challenge: the rules of the challenge and the targets, then a log sheet
    with a row per round (construction, the event played on you, where the drivers are)
    and room to write your moves."""
    from sheetgen.products.textpage import Block, prose_pages

    road, setup, race = script.road, script.setup, script.race
    data = solo_data(script, seat)
    name = {b.id: b for b in road.byways}
    taken_v = [d["vehicle"] for d in data["drivers"]]
    taken_s = [d["start"] for d in data["drivers"]]
    free_v = [v.name for v in vehicles() if v.name not in taken_v]
    free_s = [k for k in road.starts if k not in taken_s]
    hand = [name[b] for b in setup.hands[seat - 1]]
    targets = sorted(data["drivers"], key=lambda d: d["round"])
    blocks = [
        Block("h1", f"Solo challenge: seed {setup.seed}, player {seat} of {setup.players}"),
        Block("p", "Race the built-in drivers of the other seats on the printed board. "
                   "Their finishing rounds are your targets: "
                   + "; ".join(f"player {d['player']} ({d['vehicle']} from {d['start']}) "
                               f"home in round {d['round']}" for d in targets)
                   + f". The driver in your own seat got home in round "
                     f"{race.seats[seat - 1].home_round}."),
        Block("h2", "Set up"),
        Block("li", f"Take a vehicle the drivers left: {', '.join(free_v)}; and a start "
                    f"space: {', '.join(free_s)}."),
        Block("li", "Your byways (the seed's draft): " + "; ".join(
            f"{b.name} ({b.colour.value}, {b.length})" for b in hand)
            + ". Drop one red byway or two blue ones; `sheetgen plan byways --seed "
              f"{setup.seed} --seat {seat} -n {setup.players} --start {free_s[0]}` finds "
              f"the shortest drive from {free_s[0]} (name another start to plan from it)."),
        Block("h2", "Each round"),
        Block("li", "The log sheet gives the construction card face up: nobody may enter "
                    "a highway space with its letter; a car standing on one spends a "
                    "planning day (no moves)."),
        Block("li", "It gives the event the table plays on you (the reference page says "
                    "what each does): your vehicle may be immune; a traffic card with no "
                    "linked space farther that way, or only closed ones, is discarded. "
                    "The table holds your event hand, so you draw no cards; unused "
                    "spaces may still buy Draw and Choice actions, which only count."),
        Block("li", "Move up to six spaces (the Rustbucket nine in a reshuffled round; Open "
                    "Road eight) and write the spaces you enter in the log. A byway counts "
                    "when driven end to end in one go. Then compare with the drivers' "
                    "positions."),
        Block("h2", "Check your drive"),
        Block("p", "Type the log into a CSV file and run `sheetgen check drive.csv --seed "
                   f"{setup.seed}`: it names the first round and space that break a rule, "
                   "and the round you got home; `sheetgen score drive.csv` places you "
                   "among the drivers. The file starts:"),
        Block("mono", "# map: byways"),
        Block("mono", f"seed,{setup.seed}"),
        Block("mono", f"players,{setup.players}"),
        Block("mono", f"seat,{seat}"),
        Block("mono", f"vehicle,{free_v[0]}"),
        Block("mono", f"start,{free_s[0]}"),
        Block("mono", f"drop,{hand[0].name}"),
        Block("mono", ",".join(HEADER)),
        Block("mono", f'1,"{short_name(road, road.starts[free_s[0]])} {STEP} ...",draw '
                      f'{JOIN} choice'),
        Block("p", f"Spaces are joined with '{STEP}'; a city may be written as the board "
                   "names it, and the unnamed highway spaces between two cities may be left "
                   "out."),
    ]
    pages = prose_pages(paper, blocks, continued="Solo challenge, continued")
    return pages + solo_sheets(script, seat, paper, data)


def solo_sheets(script: BywaysScript, seat: int, paper: Paper,
                data: dict[str, Any]) -> list[str]:
    """The log sheet: landscape pages with a ruled row per round."""
    from sheetgen.draw.page import new_page
    from sheetgen.draw.text import fit_text, text

    road = script.road
    width, height = paper.landscape
    margin = 10.0
    drivers = data["drivers"]
    cols = [("Round", 12.0), ("Construction", 24.0), ("Event played on you", 44.0)]
    cols += [(f"Player {d['player']} ({d['vehicle']})", 34.0) for d in drivers]
    used = sum(w for _, w in cols)
    cols.append(("Your spaces this round", width - 2 * margin - used))
    row_h, head_h, top = 7.6, 10.0, margin + 12.0
    per_page = int((height - margin - 6.0 - top - head_h) // row_h)
    rows = data["rounds"]
    pages = []
    for first in range(0, len(rows), per_page):
        chunk = rows[first:first + per_page]
        dwg = new_page(width, height)
        dwg.add(dwg.rect((0, 0), (width, height), fill="#ffffff"))
        dwg.add(text(dwg, f"Solo challenge log: seed {script.seed}, player {seat} of "
                          f"{script.setup.players}", margin, margin + 5, 13, bold=True))
        dwg.add(text(dwg, "In a reshuffled round the drivers pass their event hands and a "
                          "Rustbucket moves up to nine spaces. Write the spaces you enter, "
                          "joined with >.", margin, margin + 10, 7.5, fill="#4a4a4a"))
        x = margin
        for label, w in cols:
            lines, size = fit_text(label, w - 2, 7.5, min_pt=6.5, max_lines=2, bold=True)
            for k, line in enumerate(lines):
                dwg.add(text(dwg, line, x + 1, top + 4 + k * 3.4, size, bold=True))
            x += w
        y = top + head_h
        dwg.add(dwg.line((margin, y), (width - margin, y), stroke="#1a1a1a",
                         stroke_width=0.4))
        for k, row in enumerate(chunk):
            if k % 2:
                dwg.add(dwg.rect((margin, y), (width - 2 * margin, row_h), fill="#f0f0f0"))
            cells = [str(row["round"]),
                     row["construction"] + (" (reshuffled)" if row["reshuffle"] else ""),
                     row["event"] or "none"]
            for d in drivers:
                where = row["drivers"][d["player"]]
                cells.append(where if where.startswith("home") else short_name(road, where))
            cells.append("")
            x = margin
            for (_, w), content in zip(cols, cells, strict=True):
                lines, size = fit_text(content, w - 2, 8.5, min_pt=6.5, max_lines=1,
                                       bold=content.startswith("home"))
                dwg.add(text(dwg, lines[0], x + 1, y + row_h * 0.66, size,
                             bold=content.startswith("home")))
                x += w
            y += row_h
            dwg.add(dwg.line((margin, y), (width - margin, y), stroke="#9a9a9a",
                             stroke_width=0.2))
        x = margin
        for _, w in cols[:-1]:
            x += w
            dwg.add(dwg.line((x, top), (x, y), stroke="#9a9a9a", stroke_width=0.2))
        pages.append(str(dwg.tostring()))
    return pages


# --- the reference page ----------------------------------------------------------------------


def reference_page(road: RoadMap, paper: Paper) -> str:
    """One page: every event card, what it does and whom it does not touch; each
    construction letter and the spaces it closes; the order of a round."""
    from sheetgen.products.textpage import Block, prose_page

    blocks = [Block("h1", "Events and construction"),
              Block("p", "A round: Player 1 lays a construction card (after five: "
                         "reshuffle, and pass event hands clockwise). Each turn: the "
                         "player on your left picks an event from your hand unseen; "
                         "resolve it; move up to six; trade unused spaces for Draw or "
                         "Choice (two each, one Choice); draw two events, keep one.")]
    blocks.append(Block("h2", "Event cards"))
    for e in events():
        free = immune_to(e.kind)
        blocks.append(Block("li", f"{e.title} (x{e.count}): {e.text} "
                                  + (f"Not {', '.join(free)}." if free else "")))
    blocks.append(Block("p", "A card that cannot be done (no linked space farther that "
                             "way, no card to discard) or that conflicts with the "
                             "construction card (every such space closed) is discarded "
                             "unresolved."))
    blocks.append(Block("h2", "Construction cards"))
    for letter in LETTERS:
        spaces = ", ".join(short_name(road, s) for s in road.lettered(letter))
        blocks.append(Block("li", f"{letter} closes: {spaces}."))
    return prose_page(paper, blocks, margin=12.0)
