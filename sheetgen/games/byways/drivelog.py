"""Highways & Byways drive logs: a player's race as a CSV, read, written, checked and
placed (pure: text in, values out).

```
# map: byways
seed,7
players,3
seat,1
player,Ann
vehicle,Cowboy
start,IA
drop,Tioga Road
round,spaces,actions
1,"Des Moines > Omaha",draw + choice
2,"Lincoln, NE > North Platte > ..."
```

The rows before the ``round,spaces,actions`` header name the race (``seed``, ``players``,
``seat``), the player (``player``, optional), the ``vehicle``, the ``start`` (a state code
or the space) and the byways dropped (``drop``: one red or two blue, joined with ``+``);
``finish`` (optional) claims the round the car got home. Each row below is one round:
the spaces entered in order, joined with ``>``, and the planning actions (``draw``,
``choice``, joined with ``+`` or spaces). A round with no row is a round without moves.

A space is named by its id, its full name (``Dallas, TX``) or a city's name as the board
prints it (``Dallas``; a name two cities share means the one the move can reach). The
unnamed highway spaces between two cities may be left out: ``Dallas > Abilene`` enters the
highway spaces between them too, when one shortest chain of them links the two.

:func:`judge` holds a log to the seeded race's table: that round's construction card and
the event played on the seat (``Race.event_on``), the vehicle's immunities and extra moves,
the planning days, each byway driven whole and the finishing round. Every problem names
the round and the space. :func:`standings` places the logs of a race among themselves and
the built-in drivers of the seats no log covers.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sheetgen.csvio import (
    Problems,
    Records,
    name_problem,
    near_space,
    quote_field,
    resolve_map,
    short,
    trim,
)
from sheetgen.games.byways.decks import Effect, event_deck, find_vehicle, vehicles
from sheetgen.games.byways.race import (
    ACTIONS,
    Course,
    Outcome,
    Race,
    allowed_drops,
    completed,
    driving_order,
    limits,
    resolve,
    turn_problem,
)
from sheetgen.games.byways.roadmap import RoadMap, SpaceKind
from sheetgen.games.byways.rules import MAX_PLAYERS, MIN_PLAYERS, ROUND_LIMIT
from sheetgen.maps import find_map
from sheetgen.model import Board, Map, SpaceId

KEYS = ("seed", "players", "seat", "player", "vehicle", "start", "drop", "finish")
REQUIRED = ("seed", "players", "seat", "vehicle", "start", "drop")
HEADER = ("round", "spaces", "actions")
STEP = ">"
JOIN = "+"


@dataclass(frozen=True)
class LoggedTurn:
    """One row of a drive log."""

    round: int
    line: int
    """Where it stands in the file."""
    moves: tuple[SpaceId, ...]
    """Every space entered, in order (the left-out highway spaces filled in)."""
    actions: tuple[str, ...]


@dataclass(frozen=True)
class DriveLog(Board):
    """One player's race: the header rows and a row per round with moves."""

    seed: int = 0
    players: int = 0
    seat: int = 0
    vehicle: str = ""
    start: SpaceId = ""
    drop: tuple[str, ...] = ()
    """Byway ids dropped."""
    finish: int | None = None
    """The round the log claims the car got home (None: no claim)."""
    turns: tuple[LoggedTurn, ...] = ()

    def __hash__(self) -> int:
        return hash((super().__hash__(), self.seed, self.players, self.seat, self.vehicle,
                     self.start, self.drop, self.finish, self.turns))


# --- naming spaces ---------------------------------------------------------------------------


def is_leg(road: RoadMap, space: SpaceId) -> bool:
    """A highway space between two cities: the board prints no name on it."""
    return road.kinds[space] is SpaceKind.HIGHWAY and "," not in road.map.space(space).name


def candidates(road: RoadMap, text: str) -> list[SpaceId]:
    """The spaces a word may name: by id or full name, else by the city's name as the
    board prints it (``Dallas``), which two cities may share."""
    found = road.map.find_space(text)
    if found is not None:
        return [found.id]
    key = text.strip().casefold()
    return [s.id for s in road.map.spaces
            if "," in s.name and s.name.split(",")[0].strip().casefold() == key]


def leg_chain(road: RoadMap, here: SpaceId, there: SpaceId) -> list[SpaceId] | None:
    """The spaces entered going from ``here`` to ``there``: ``[there]`` when linked, else
    the one shortest chain through unnamed highway spaces (None: none, or several)."""
    links = road.map.neighbours
    if there in links[here]:
        return [there]
    parent: dict[SpaceId, SpaceId | None] = {here: None}
    ways: dict[SpaceId, int] = {here: 1}
    depth = {here: 0}
    todo = deque([here])
    while todo:
        at = todo.popleft()
        if at != here and not is_leg(road, at):
            continue  # only unnamed highway spaces lie between
        for nxt in links[at]:
            if nxt not in depth:
                depth[nxt] = depth[at] + 1
                ways[nxt] = ways[at]
                parent[nxt] = at
                todo.append(nxt)
            elif depth[nxt] == depth[at] + 1:
                ways[nxt] += ways[at]
    if there not in depth or ways[there] != 1:
        return None
    out = [there]
    while (up := parent[out[-1]]) is not None and up != here:
        out.append(up)
    return out[::-1]


def compact(road: RoadMap, here: SpaceId, moves: Sequence[SpaceId]) -> list[SpaceId]:
    """``moves`` with the unnamed highway spaces left out where reading puts them back."""
    out: list[SpaceId] = []
    at = here
    k = 0
    while k < len(moves):
        # the farthest later space the chain rule reaches exactly by these moves
        best = k
        for j in range(len(moves) - 1, k, -1):
            if all(is_leg(road, s) for s in moves[k:j]) and \
                    leg_chain(road, at, moves[j]) == list(moves[k:j + 1]):
                best = j
                break
        out.append(moves[best])
        at = moves[best]
        k = best + 1
    return out


# --- reading ---------------------------------------------------------------------------------


def _int(text: str, low: int, high: int) -> int | None:
    digits = text.strip()
    if not digits.isdigit() or len(digits) > 6:
        return None
    value = int(digits)
    return value if low <= value <= high else None


def parse_drive_log(text: str, source: str, road: RoadMap, map_override: str | None = None,
                    lookup: Callable[[str], Map] = find_map) -> DriveLog:
    """A drive log from its CSV text. Raises BoardFormatError carrying every error found,
    each with its line and column and what was expected there."""
    problems = Problems(source)
    records = Records(text, problems)
    game_map: Map | None = None
    values: dict[str, tuple[str, int]] = {}
    header_line = 0
    turns: list[LoggedTurn] = []
    at: SpaceId | None = None
    last_round = 0
    for record in records:
        if game_map is None:
            game_map = resolve_map(records, problems, map_override, lookup, "byways")
            if game_map.id != road.map.id:
                raise problems.fatal(records.map_line or 1, 1,
                                     f"a drive log of map {game_map.id}; expected "
                                     f"{road.map.id}")
        line, cells = record.line, trim(record.cells)
        word = cells[0].casefold()
        if not header_line:
            if word == HEADER[0]:
                if [c.casefold() for c in cells] != list(HEADER[:len(cells)]) \
                        or len(cells) < 2:
                    problems.add(line, 1, "expected the header 'round,spaces,actions'")
                header_line = line
                at = _header_start(values, road, problems)
                continue
            if word not in KEYS:
                raise problems.fatal(line, 1, f"expected one of {', '.join(KEYS)} or the "
                                              f"header 'round,spaces,actions'; got "
                                              f"{short(cells[0])}")
            if word in values:
                problems.add(line, 1, f"{word} is given twice (also line {values[word][1]})")
                continue
            if len(cells) != 2:
                problems.add(line, 3 if len(cells) > 2 else 2,
                             f"expected '{word},VALUE': one value after the key")
                continue
            values[word] = (cells[1], line)
            continue
        number = _int(cells[0], 1, ROUND_LIMIT)
        if number is None:
            problems.add(line, 1, f"expected a round number 1-{ROUND_LIMIT}; got "
                                  f"{short(cells[0])}")
            continue
        if number <= last_round:
            problems.add(line, 1, f"round {number} after round {last_round}: one row a "
                                  "round, in order")
            continue
        last_round = number
        if len(cells) > len(HEADER):
            problems.add(line, len(HEADER) + 1, "expected 3 cells: round, spaces, actions")
            continue
        moves: list[SpaceId] = []
        if len(cells) > 1 and cells[1]:
            for token in cells[1].split(STEP):
                if not token.strip():
                    problems.add(line, 2, f"an empty space name between '{STEP}'s")
                    moves = []
                    break
                step = _step(road, at, token, problems, line)
                if step is None:
                    moves = []
                    break
                moves += step
                at = step[-1]
        actions: list[str] = []
        if len(cells) > 2 and cells[2]:
            for word_ in cells[2].replace(JOIN, " ").split():
                if word_.casefold() not in ACTIONS:
                    problems.add(line, 3, f"expected planning actions 'draw' or 'choice' "
                                          f"joined with '{JOIN}'; got {short(word_)}")
                    break
                actions.append(word_.casefold())
        turns.append(LoggedTurn(number, line, tuple(moves), tuple(actions)))
    if game_map is None:
        resolve_map(records, problems, map_override, lookup, "byways")
        raise problems.fatal(records.last_line or 1, 1, "the log is empty; expected the "
                                                        "rows seed, players, seat, vehicle, "
                                                        "start, drop and the rounds")
    if not header_line:
        problems.add(records.last_line, 1, "no header 'round,spaces,actions' before the "
                                           "rounds")
        _header_start(values, road, problems)
    problems.raise_if_any()
    return _log(values, road, turns, problems, source)


def _header_start(values: dict[str, tuple[str, int]], road: RoadMap,
                  problems: Problems) -> SpaceId | None:
    """The start space of the header rows (None when missing or unknown)."""
    if "start" not in values:
        return None
    text, line = values["start"]
    found = road.start_space(text)
    if found is None:
        known = ", ".join(road.starts)
        problems.add(line, 2, f"expected a start space ({known}); got {short(text)}")
    return found


def _step(road: RoadMap, at: SpaceId | None, token: str, problems: Problems,
          line: int) -> list[SpaceId] | None:
    """The spaces one token of a row enters from ``at``."""
    options = candidates(road, token)
    if not options:
        problems.add(line, 2, f"no space called {short(token.strip())}"
                              f"{near_space(road.map, token.strip())}")
        return None
    if at is None:
        return [options[0]] if len(options) == 1 else None
    reach = [(s, chain) for s in options if (chain := leg_chain(road, at, s)) is not None]
    if len(reach) == 1:
        return reach[0][1]
    if not reach and len(options) == 1:
        return options  # a move to a space not linked: ``judge`` names the round
    if not reach:
        problems.add(line, 2, f"{short(token.strip())} could be "
                              f"{' or '.join(road.map.space(s).name for s in options)}, "
                              f"and none is linked to {road.map.space(at).name}; write the "
                              "full name")
    else:
        problems.add(line, 2, f"{short(token.strip())} could be "
                              f"{' or '.join(road.map.space(s).name for s, _ in reach)}; "
                              "write the full name")
    return None


def _log(values: dict[str, tuple[str, int]], road: RoadMap, turns: list[LoggedTurn],
         problems: Problems, source: str) -> DriveLog:
    for key in REQUIRED:
        if key not in values:
            problems.add(None, None, f"no '{key}' row; a drive log names "
                                     f"{', '.join(REQUIRED)} before the rounds")
    problems.raise_if_any()
    seed_text, seed_line = values["seed"]
    seed = int(seed_text) if seed_text.isdigit() else None
    if seed is None:
        problems.add(seed_line, 2, f"expected a seed, a whole number 0 or more; got "
                                   f"{short(seed_text)}")
    players = _int(values["players"][0], MIN_PLAYERS, MAX_PLAYERS)
    if players is None:
        problems.add(values["players"][1], 2,
                     f"expected the number of players, {MIN_PLAYERS}-{MAX_PLAYERS}; got "
                     f"{short(values['players'][0])}")
    seat = _int(values["seat"][0], 1, players or MAX_PLAYERS)
    if seat is None:
        problems.add(values["seat"][1], 2, f"expected a seat 1-{players or MAX_PLAYERS}; "
                                           f"got {short(values['seat'][0])}")
    vehicle = find_vehicle(values["vehicle"][0])
    if vehicle is None:
        problems.add(values["vehicle"][1], 2,
                     f"expected a vehicle ({', '.join(v.name for v in vehicles())}); got "
                     f"{short(values['vehicle'][0])}")
    start = road.start_space(values["start"][0])
    drop: list[str] = []
    drop_text, drop_line = values["drop"]
    for name in drop_text.split(JOIN):
        found = road.find_byway(name)
        if found is None:
            problems.add(drop_line, 2, f"no byway called {short(name.strip())}; byways "
                                       f"dropped are joined with '{JOIN}'")
            break
        drop.append(found.id)
    finish = None
    if "finish" in values:
        finish = _int(values["finish"][0], 1, ROUND_LIMIT)
        if finish is None:
            problems.add(values["finish"][1], 2, f"expected the round the car got home, "
                                                 f"1-{ROUND_LIMIT}; got "
                                                 f"{short(values['finish'][0])}")
    player = values["player"][0] if "player" in values else f"Seat {seat or '?'}"
    if "player" in values and (problem := name_problem(player)):
        problems.add(values["player"][1], 2, f"expected a player name; got {problem}")
    problems.raise_if_any()
    assert seed is not None and players and seat and vehicle and start
    return DriveLog(road.map.id, player, seed=seed, players=players, seat=seat,
                    vehicle=vehicle.name, start=start, drop=tuple(drop), finish=finish,
                    turns=tuple(turns))


# --- writing ---------------------------------------------------------------------------------


def format_drive_log(race: Race, course: Course, seat: int, player: str = "") -> str:
    """The drive log of one seat of a race (the built-in driver's own drive)."""
    road = course.road
    result = race.seats[seat - 1]
    state = next(k for k, s in road.starts.items() if s == result.start)
    name = {b.id: b.name for b in road.byways}
    lines = [f"# map: {road.map.id}",
             f"# Highways & Byways drive log: sheetgen check THIS.csv --seed "
             f"{race.setup.seed}",
             f"seed,{race.setup.seed}", f"players,{race.setup.players}", f"seat,{seat}",
             f"player,{quote_field(player or f'Seat {seat}')}",
             f"vehicle,{result.vehicle.name}", f"start,{state}",
             f"drop,{quote_field(f' {JOIN} '.join(name[b] for b in result.dropped))}",
             f"finish,{result.home_round}", ",".join(HEADER)]
    at = result.start
    for record in race.rounds:
        turn = next((t for t in record.turns if t.seat == seat), None)
        if turn is None or not (turn.moves or turn.actions):
            continue
        spaces = f" {STEP} ".join(road.map.space(s).name for s in compact(road, at,
                                                                           turn.moves))
        lines.append(f"{record.round},{quote_field(spaces)},{f' {JOIN} '.join(turn.actions)}")
        if turn.moves:
            at = turn.moves[-1]
    return "\n".join(lines) + "\n"


# --- judging ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Judgement:
    """A drive log held to its race."""

    problem: str
    """The first rule broken ("" when none), naming the round and the space."""
    home_round: int | None
    """The round the car got home (None: not home)."""
    driven: tuple[str, ...]
    """Kept byways driven end to end, in the order driven."""
    kept: tuple[str, ...]


def judge(course: Course, race: Race, log: DriveLog) -> Judgement:
    """Whether ``log`` is a legal drive in seat ``log.seat`` of ``race`` (the seeded race of
    its seed and players, built-in drivers in every other seat)."""
    road = course.road
    setup = race.setup
    hand = [road.byway(b) for b in setup.hands[log.seat - 1]]
    kept = tuple(b.id for b in hand if b.id not in log.drop)

    def verdict(problem: str, home: int | None = None,
                driven: Sequence[str] = ()) -> Judgement:
        return Judgement(problem, home, tuple(driven), kept)

    if log.seed != setup.seed or log.players != setup.players:
        return verdict(f"the log is of seed {log.seed} with {log.players} players; the race "
                       f"is seed {setup.seed} with {setup.players}")
    drops = allowed_drops(hand)
    if tuple(log.drop) not in drops and tuple(log.drop[::-1]) not in drops:
        return verdict("drop: seat " + str(log.seat) + " may drop one of its red byways "
                       "or two of its blue ones: " + "; ".join(
                           " + ".join(road.byway(b).name for b in d) for d in drops))
    for other in race.seats:
        if other.seat == log.seat:
            continue
        if other.vehicle.name == log.vehicle:
            return verdict(f"vehicle: the {log.vehicle} is driven by seat {other.seat}'s "
                           "built-in driver in this race; take another")
        if other.start == log.start:
            return verdict(f"start: {course.name(log.start)} is seat {other.seat}'s start "
                           "in this race; take another")
    vehicle = next(v for v in vehicles() if v.name == log.vehicle)
    deck = event_deck()
    rows = {t.round: t for t in log.turns}
    last = max(rows, default=0)
    at = log.start
    trail: list[SpaceId] = []
    driven: list[str] = []
    home: int | None = None
    for round_no in range(1, last + 1):
        row = rows.get(round_no)
        if home is not None:
            if row is not None and (row.moves or row.actions):
                return verdict(f"round {round_no}: the car was home in round {home}",
                               home, driven)
            continue
        letter = setup.letter(round_no)
        planning_day = course.closed(at, letter)
        card = race.event_on(log.seat, round_no)
        effect = Effect()
        if card is not None:
            event = deck[card]
            if resolve(course, event, vehicle, at, letter, planning_day=planning_day,
                       hand_after=None) is Outcome.APPLIED:
                effect = event.effect
        lim = limits(course, at, letter, vehicle, effect, setup.reshuffled(round_no))
        moves = row.moves if row else ()
        actions = row.actions if row else ()
        found = turn_problem(course, lim, at, moves, actions)
        if found is not None:
            step, reason = found
            where = f"round {round_no}" + (f", move {step + 1}" if step is not None else "")
            return verdict(f"{where}: {reason}", None, driven)
        for k, there in enumerate(moves):
            trail.append(there)
            at = there
            driven += [b for b in completed(road, trail) if b in kept and b not in driven]
            if at == log.start and set(driven) >= set(kept):
                if k != len(moves) - 1:
                    return verdict(f"round {round_no}, move {k + 2}: the car was home at "
                                   f"{course.name(at)} already", round_no, driven)
                home = round_no
    if log.finish is not None and log.finish != home:
        said = "not home" if home is None else f"home in round {home}"
        return verdict(f"finish: the log says round {log.finish}; the drive is {said}",
                       home, driven)
    return verdict("", home, driven)


# --- placing ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """One log's result in its race."""

    log: DriveLog
    judgement: Judgement
    place: int
    """Among the logs of its race and the built-in drivers of the other seats."""


@dataclass(frozen=True)
class Rival:
    """A built-in driver in a seat no log covers."""

    seed: int
    seat: int
    vehicle: str
    start: SpaceId
    home_round: int
    place: int


@dataclass(frozen=True)
class RaceStandings:
    map_id: str
    entries: tuple[Entry, ...]
    """In the order of the logs."""
    rivals: tuple[Rival, ...]


def standings(course: Course, logs: Sequence[DriveLog],
              race_of: Callable[[int, int], Race]) -> RaceStandings:
    """Every log judged and placed: in each race (seed and players), the cars home sooner
    place higher; in one round, the earlier in the driving order. A log that breaks a rule
    or is not home places after every car home."""
    seen: dict[tuple[int, int, int], str] = {}
    for log in logs:
        key = (log.seed, log.players, log.seat)
        if key in seen:
            raise ValueError(f"seat {log.seat} of seed {log.seed} is driven by both "
                             f"{seen[key]} and {log.player}")
        seen[key] = log.player
    judged = []
    rivals: list[Rival] = []
    races = sorted({(log.seed, log.players) for log in logs})
    places: dict[tuple[int, int, int], int] = {}
    for seed, players in races:
        race = race_of(seed, players)
        order = driving_order(players)
        mine = {log.seat: log for log in logs if (log.seed, log.players) == (seed, players)}
        finish: dict[int, float] = {}
        for seat in range(1, players + 1):
            if seat in mine:
                result = judge(course, race, mine[seat])
                judged.append((mine[seat], result))
                ok = not result.problem and result.home_round is not None
                finish[seat] = result.home_round if ok and result.home_round else math.inf
            else:
                finish[seat] = race.seats[seat - 1].home_round
        ranked = sorted(finish, key=lambda s: (finish[s], order.index(s)))
        for place, seat in enumerate(ranked, start=1):
            places[(seed, players, seat)] = place
            if seat not in mine:
                result_ = race.seats[seat - 1]
                rivals.append(Rival(seed, seat, result_.vehicle.name, result_.start,
                                    result_.home_round, place))
    by_log = {id(log): j for log, j in judged}
    entries = tuple(Entry(log, by_log[id(log)], places[(log.seed, log.players, log.seat)])
                    for log in logs)
    return RaceStandings(course.road.map.id, entries, tuple(rivals))
