"""Highways & Byways race results from drive logs: the Score JSON, the standings as text,
and each drive drawn on the board (``sheetgen score drive.csv...``)."""

from __future__ import annotations

from typing import Any

from sheetgen.document import Part
from sheetgen.games.byways.drivelog import STEP, Entry, RaceStandings, compact
from sheetgen.games.byways.roadmap import RoadMap
from sheetgen.games.byways.script import ordinal, short_name, state_of
from sheetgen.templates import Paper


def winners(result: RaceStandings) -> list[str]:
    """The logs placed first in their race (none when a built-in driver won)."""
    return [e.log.player for e in result.entries if e.place == 1]


def standings_json(road: RoadMap, result: RaceStandings) -> dict[str, Any]:
    name = {b.id: b.name for b in road.byways}
    first = winners(result)
    return {
        "map": result.map_id,
        "players": [{"name": e.log.player, "seed": e.log.seed, "players": e.log.players,
                     "seat": e.log.seat, "vehicle": e.log.vehicle,
                     "start": state_of(road, e.log.start),
                     "dropped": [name[b] for b in e.log.drop],
                     "byways": len(e.judgement.kept), "driven": len(e.judgement.driven),
                     "round": e.judgement.home_round if not e.judgement.problem else None,
                     "place": e.place, "legal": not e.judgement.problem,
                     "problem": e.judgement.problem or None} for e in result.entries],
        "drivers": [{"seed": r.seed, "player": r.seat, "vehicle": r.vehicle,
                     "start": state_of(road, r.start), "round": r.home_round,
                     "place": r.place} for r in result.rivals],
        "winner": first[0] if len(first) == 1 else (first or None),
        "winners": first,
    }


def _entry_words(road: RoadMap, e: Entry) -> str:
    log, j = e.log, e.judgement
    who = (f"{log.player} (player {log.seat}, {log.vehicle} from "
           f"{state_of(road, log.start)})")
    if j.problem:
        return f"{who}: not placed among the cars home; {j.problem}"
    if j.home_round is None:
        return (f"{who}: not home yet ({len(j.driven)} of {len(j.kept)} byways "
                "driven)")
    return f"{who}: home in round {j.home_round}"


def standings_lines(road: RoadMap, result: RaceStandings) -> list[str]:
    lines: list[str] = []
    for seed, players in sorted({(e.log.seed, e.log.players) for e in result.entries}):
        lines.append(f"Seed {seed}, {players} players:")
        rows: list[tuple[int, str]] = []
        for e in result.entries:
            if (e.log.seed, e.log.players) == (seed, players):
                rows.append((e.place, _entry_words(road, e)))
        for r in result.rivals:
            if r.seed == seed:
                rows.append((r.place, f"built-in driver (player {r.seat}, {r.vehicle} from "
                                      f"{state_of(road, r.start)}): home in round "
                                      f"{r.home_round}"))
        for place, words in sorted(rows):
            lines.append(f"  {ordinal(place):>4}  {words}")
    return lines


def standings_text(road: RoadMap, result: RaceStandings) -> str:
    return "\n".join(standings_lines(road, result))


def drive_parts(road: RoadMap, paper: Paper, result: RaceStandings) -> list[Part]:
    """Each log's drive drawn on the board with its rounds in words, then the standings."""
    from sheetgen.games.byways.board import plan_pages
    from sheetgen.maps import attribution, find_geometry
    from sheetgen.products.textpage import Block, prose_page

    geometry = find_geometry(road.map.id)
    parts = []
    name = {b.id: b.name for b in road.byways}
    for e in result.entries:
        log, j = e.log, e.judgement
        trail = [log.start] + [s for t in log.turns for s in t.moves]
        summary = [f"Byways driven: {', '.join(name[b] for b in j.driven) or 'none'}",
                   f"{_entry_words(road, e)}; {ordinal(e.place)} of {log.players}"]
        rounds = []
        marks: list[tuple[int, str]] = []
        at = log.start
        index = 0
        for t in log.turns:
            if t.moves:
                index += len(t.moves)
                marks.append((index, str(t.round)))
            words = f" {STEP} ".join(short_name(road, s) for s in compact(road, at, t.moves))
            if t.actions:
                words += ("; " if words else "") + " + ".join(t.actions)
            rounds.append(f"Round {t.round:>2}: {words}")
            if t.moves:
                at = t.moves[-1]
        title = f"{log.player}: seed {log.seed}, player {log.seat} of {log.players}"
        parts.append(Part(f"{log.player}: {ordinal(e.place)}",
                          tuple(plan_pages(road, geometry, paper, trail, title, summary,
                                           rounds, attribution(road.map.id), marks,
                                           "The drive, round by round (numbers on the "
                                           "board: where each round ended)"))))
    blocks = [Block("h1", "Standings")] + [Block("p", line.strip())
                                            for line in standings_lines(road, result)]
    parts.append(Part("Standings", (prose_page(paper, blocks),)))
    return parts
