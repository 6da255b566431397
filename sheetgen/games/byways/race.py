"""Highways & Byways: the driving stage as rules (pure: no I/O, no drawing).

A round (RULES.md section 4, rulebook "The Driving Stage"): Player 1 lays the next
construction card (after five full slots: reshuffles the five, and every player still racing
passes their event hand clockwise); then each player in turn, Player 1 first:

1. the player clockwise of them picks an event card from their hand without looking; it is
   resolved (a vehicle immune to its kind shrugs it off; a card that asks what cannot be
   done, or conflicts with the construction card, is discarded without effect);
2. a car standing on a highway space with the face-up letter spends a planning day:
   no moves, discard up to three event cards and draw as many;
3. otherwise it moves up to six spaces along links (backtracking allowed), never onto a
   highway space with the face-up letter, and trades unused spaces two at a time for
   planning actions: Draw (discard one card, draw one) and, at most once, Choice;
4. pruning: draw two event cards (five after a Choice) and keep one.

A byway counts when its spaces are entered in order, end to end, in consecutive moves
(either way); a car home at its start space with every kept byway driven has finished, its
events go to the discard pile, and the others race on for the places.

:func:`run_race` plays a seeded :class:`~sheetgen.games.byways.rules.Setup` with one
:class:`Driver` a seat; the same functions (:func:`resolve`, :func:`limits`,
:func:`turn_problem`, :func:`completed`) judge a drive log in ``games/byways/drivelog.py``.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from typing import Protocol

from sheetgen.games.byways.decks import (
    Direction,
    Effect,
    Event,
    Extra,
    Vehicle,
    event_deck,
    vehicles,
)
from sheetgen.games.byways.planner import drop_options
from sheetgen.games.byways.roadmap import Byway, RoadMap, SpaceKind, find_roadmap
from sheetgen.games.byways.rules import ROUND_LIMIT, SLOTS, Setup
from sheetgen.model import SpaceId

MOVES = 6
"""Spaces a turn offers: moves, and two for each planning action."""
ACTION_COST = 2
PLANNING_DAY_CARDS = 3
"""A planning day discards up to this many event cards and draws as many."""
PRUNE_DRAW = 2
CHOICE_EXTRA = 3
"""A Choice action draws this many more cards at the end of the turn."""
DRAW, CHOICE = "draw", "choice"
ACTIONS = (DRAW, CHOICE)

Point = tuple[float, float]


class RaceError(RuntimeError):
    """A race that cannot go on: a driver broke a rule, or it ran past ``ROUND_LIMIT``."""


@dataclass(frozen=True)
class Course:
    """The board as the rules see it: the road network and where each space lies (print
    millimetres, x to the east, y to the south: the board's own geometry decides what
    is north of what)."""

    road: RoadMap
    at: Mapping[SpaceId, Point]
    _dist: dict[SpaceId, dict[SpaceId, int]] = field(default_factory=dict, compare=False,
                                                     hash=False, repr=False)

    def links(self, space: SpaceId) -> tuple[SpaceId, ...]:
        return self.road.map.neighbours[space]

    def is_byway_space(self, space: SpaceId) -> bool:
        return self.road.kinds[space] is not SpaceKind.HIGHWAY

    def closed(self, space: SpaceId, letter: str | None) -> bool:
        """Whether the face-up construction card ``letter`` closes ``space``."""
        return letter is not None and self.road.letters.get(space) == letter

    def farther(self, here: SpaceId, there: SpaceId, toward: Direction) -> bool:
        """Whether ``there`` lies strictly farther ``toward`` than ``here``."""
        (x0, y0), (x1, y1) = self.at[here], self.at[there]
        if toward is Direction.NORTH:
            return y1 < y0
        if toward is Direction.SOUTH:
            return y1 > y0
        if toward is Direction.EAST:
            return x1 > x0
        return x1 < x0

    def distances(self, source: SpaceId) -> dict[SpaceId, int]:
        """Moves from ``source`` to every space with every road open (cached)."""
        found = self._dist.get(source)
        if found is None:
            found = {source: 0}
            todo = deque([source])
            while todo:
                here = todo.popleft()
                for there in self.links(here):
                    if there not in found:
                        found[there] = found[here] + 1
                        todo.append(there)
            self._dist[source] = found
        return found

    def name(self, space: SpaceId) -> str:
        """A space as an error message names it: ``Abilene - Dallas (abilene__dallas_1)``."""
        return f"{self.road.map.space(space).name} ({space})"


@cache
def find_course(map_id: str = "byways") -> Course:
    """The course of a Highways & Byways map: its road network and its drawn geometry."""
    from sheetgen.maps import find_geometry

    road = find_roadmap(map_id)
    geometry = find_geometry(road.map.id)
    return Course(road, {s: geometry.shape(s).anchor for s in road.map.space_ids})


# --- one turn's rules ------------------------------------------------------------------------


class Outcome(StrEnum):
    """What became of the event card played on a player."""

    APPLIED = "applied"
    IMMUNE = "immune"
    """The vehicle is immune to the card's kind: discarded without effect."""
    CANNOT = "cannot"
    """The card asks for what cannot be done here (no space farther that way, no card to
    discard, a traffic card on a planning day): discarded without effect."""
    CONFLICT = "conflict"
    """The card conflicts with the construction card (every space farther that way is
    closed by it): discarded without effect."""


def resolve(course: Course, event: Event, vehicle: Vehicle, at: SpaceId, letter: str, *,
            planning_day: bool, hand_after: int | None) -> Outcome:
    """Whether ``event``, played on a car of ``vehicle`` standing at ``at`` while
    construction ``letter`` is up, takes effect. ``hand_after``: the cards left in the
    player's hand once the event is played (None when unknown: a drive log)."""
    if event.kind in vehicle.immune:
        return Outcome.IMMUNE
    effect = event.effect
    if effect.toward is not None:
        if planning_day:
            return Outcome.CANNOT
        ahead = [s for s in course.links(at) if course.farther(at, s, effect.toward)]
        if not ahead:
            return Outcome.CANNOT
        if all(course.closed(s, letter) for s in ahead):
            return Outcome.CONFLICT
    if effect.discard and hand_after == 0:
        return Outcome.CANNOT
    return Outcome.APPLIED


@dataclass(frozen=True)
class Limits:
    """What bounds one player's moves in one turn."""

    letter: str
    """The face-up construction card: its highway spaces are closed."""
    planning_day: bool
    """The car stands on a closed space: no moves and no planning actions."""
    allowance: int
    """Spaces the turn offers: moves plus two per planning action."""
    cap: int
    """Moves at most."""
    toward: Direction | None = None
    """If the car moves, its first move goes to a space farther this way."""
    no_byways: bool = False
    """No byway space may be entered."""


def limits(course: Course, at: SpaceId, letter: str, vehicle: Vehicle, effect: Effect,
           reshuffled: bool) -> Limits:
    """The limits of a turn begun at ``at`` with construction ``letter`` up and ``effect``
    (the event's, or ``Effect()`` when none applies) in force; ``reshuffled``: the
    construction cards were reshuffled this round (the Rustbucket's extra moves)."""
    if course.closed(at, letter):
        return Limits(letter, True, 0, 0)
    allowance = effect.allowance if effect.allowance is not None else MOVES
    if vehicle.extra is Extra.RESHUFFLE_MOVES and reshuffled:
        allowance += vehicle.amount
    cap = allowance if effect.cap is None else min(allowance, effect.cap)
    return Limits(letter, False, allowance, cap, effect.toward, effect.no_byways)


def step_problem(course: Course, lim: Limits, here: SpaceId, there: SpaceId,
                 first: bool) -> str | None:
    """Why the move from ``here`` to ``there`` breaks ``lim`` (None when it does not)."""
    if there not in course.links(here):
        return f"{course.name(there)} is not linked to {course.name(here)}"
    if course.closed(there, lim.letter):
        return f"{course.name(there)} is closed: construction {lim.letter} is up"
    if lim.no_byways and course.is_byway_space(there):
        return f"{course.name(there)} is a byway space, and no byway space may be entered " \
               "this turn (Snow on the Pass)"
    if first and lim.toward is not None and not course.farther(here, there, lim.toward):
        return f"the first move must go {lim.toward.value} (traffic), and " \
               f"{course.name(there)} is not farther {lim.toward.value} than " \
               f"{course.name(here)}"
    return None


def turn_problem(course: Course, lim: Limits, at: SpaceId, path: Sequence[SpaceId],
                 actions: Sequence[str]) -> tuple[int | None, str] | None:
    """Why a turn begun at ``at`` that enters ``path`` and takes ``actions`` breaks
    ``lim``: (the 0-based step at fault or None, the reason); None when it is legal."""
    if lim.planning_day and (path or actions):
        return (0 if path else None,
                f"the car stands on {course.name(at)}, closed by construction "
                f"{lim.letter}: a planning day, no moves and no planning actions")
    unknown = [a for a in actions if a not in ACTIONS]
    if unknown:
        return None, f"unknown planning action {unknown[0]!r}; expected draw or choice"
    if actions.count(CHOICE) > 1:
        return None, "at most one Choice action a turn"
    if len(path) > lim.cap:
        return lim.cap, f"{len(path)} moves, at most {lim.cap} this turn: " \
                        f"{course.name(path[lim.cap])} is one too many"
    used = len(path) + ACTION_COST * len(actions)
    if used > lim.allowance:
        return None, f"{len(path)} moves and {len(actions)} planning action(s) use {used} " \
                     f"spaces; the turn offers {lim.allowance}"
    here = at
    for k, there in enumerate(path):
        problem = step_problem(course, lim, here, there, k == 0)
        if problem:
            return k, problem
        here = there
    return None


def completed(road: RoadMap, trail: Sequence[SpaceId]) -> tuple[str, ...]:
    """The byways the last space of ``trail`` (every space entered, in order, after the
    start) completes: those whose spaces the trail ends with, in either direction."""
    if not trail:
        return ()
    last = trail[-1]
    out = []
    for byway in road.byway_of_space.get(last, ()):
        size = len(byway.spaces)
        if len(trail) < size:
            continue
        tail = tuple(trail[-size:])
        if tail == byway.spaces or tail == byway.spaces[::-1]:
            out.append(byway.id)
    return tuple(out)


def allowed_drops(hand: Sequence[Byway]) -> list[tuple[str, ...]]:
    """The drops the rules allow for a hand: one red byway, or two blue ones."""
    return [tuple(hand[i].id for i in option) for option in drop_options(hand)]


def next_pass(round_no: int) -> int:
    """The first round after ``round_no`` that starts with a reshuffle and a hand pass."""
    return (round_no - 1) // SLOTS * SLOTS + SLOTS + 1


# --- what a driver sees and decides ----------------------------------------------------------


@dataclass(frozen=True)
class View:
    """What a player knows when deciding: the board, their own car and hand."""

    round: int
    seat: int
    """1-based."""
    vehicle: Vehicle
    start: SpaceId
    at: SpaceId
    trail: tuple[SpaceId, ...]
    """Every space entered since the start, in order."""
    remaining: frozenset[str]
    """Kept byways not yet driven."""
    hand: tuple[int, ...]
    """Event cards (indexes into ``decks.event_deck()``) in the order received."""
    letter: str
    slot: int
    """1-5: the slot the face-up construction card lies in."""
    cycle_letters: tuple[str, ...]
    """The construction cards laid this cycle, the face-up one last."""
    receiver: Vehicle | None
    """The vehicle of the player the hand goes to at the next pass (None: nobody)."""
    turns_to_pass: int
    """This player's turns after this one before their hand is passed on."""


class Driver(Protocol):
    """The decisions of one seat. The engine asks, validates and applies."""

    def pick_vehicle(self, free: Sequence[Vehicle]) -> Vehicle: ...

    def pick_start(self, free: Sequence[SpaceId]) -> SpaceId: ...

    def drop(self, start: SpaceId, hand: Sequence[Byway]) -> tuple[str, ...]:
        """The byway ids to drop: one of ``allowed_drops(hand)``."""
        ...

    def discard(self, view: View, most: int, least: int, why: str) -> Sequence[int]:
        """Cards of ``view.hand`` to discard, between ``least`` and ``most`` of them;
        ``why``: "checkpoint", "planning day" or "draw"."""
        ...

    def move(self, view: View, lim: Limits) -> tuple[Sequence[SpaceId], Sequence[str]]:
        """The spaces to enter this turn, in order, and the planning actions."""
        ...

    def keep(self, view: View, drawn: Sequence[int], why: str) -> int:
        """The card of ``drawn`` to keep (the others are discarded); ``why``: "prune" or
        "draw now"."""
        ...

    @property
    def replans(self) -> int:
        """How many times the driver's plan had to change so far."""
        ...

    @property
    def plan_spaces(self) -> int:
        """The moves of the driver's first plan (0 before the drop)."""
        ...


# --- the record of a race --------------------------------------------------------------------


@dataclass(frozen=True)
class Turn:
    """One player's turn, as the table saw it."""

    round: int
    seat: int
    card: int | None
    """The event card played on the player (None: an empty hand)."""
    pick: tuple[int, int] | None
    """(position counting from 1, hand size): which card the neighbour took."""
    outcome: Outcome | None
    planning_day: bool
    moves: tuple[SpaceId, ...]
    actions: tuple[str, ...]
    discarded: tuple[int, ...]
    """Cards the player discarded by choice (Checkpoint, planning day, Draw)."""
    drawn: tuple[int, ...]
    """Cards drawn into the hand before pruning (planning day, Draw, Roadside Diner)."""
    pruned: tuple[int, ...]
    """The cards drawn at the end of the turn."""
    kept: int | None
    """The pruned card kept."""
    at: SpaceId
    """Where the car stands after the turn."""
    completed: tuple[str, ...]
    """Byways completed this turn."""
    home: bool
    """The player finished this turn."""
    replanned: bool = False
    """The driver's plan had to change this turn."""


@dataclass(frozen=True)
class RoundRecord:
    round: int
    letter: str
    slot: int
    reshuffled: bool
    """Player 1 reshuffled the construction cards before laying this one."""
    passed: bool
    """Hands were passed clockwise at the start of the round."""
    turns: tuple[Turn, ...]
    deck_reshuffles: int = 0
    """How often the event discards were shuffled into a new deck this round."""


@dataclass(frozen=True)
class SeatResult:
    seat: int
    vehicle: Vehicle
    start: SpaceId
    dropped: tuple[str, ...]
    kept: tuple[str, ...]
    plan_spaces: int
    """Moves of the seat's first plan (the exact drive, ignoring events and construction)."""
    home_round: int
    place: int
    replans: int


@dataclass(frozen=True)
class Race:
    """A whole race: the setup, the picks and every round."""

    setup: Setup
    order: tuple[int, ...]
    """Seats in driving order: Player 1 of the driving stage (the seat that picked its
    vehicle and start last) first, then clockwise."""
    seats: tuple[SeatResult, ...]
    rounds: tuple[RoundRecord, ...]

    def turn(self, seat: int, round_no: int) -> Turn | None:
        """The seat's turn in a round (None: it was home by then)."""
        if not 1 <= round_no <= len(self.rounds):
            return None
        return next((t for t in self.rounds[round_no - 1].turns if t.seat == seat), None)

    def event_on(self, seat: int, round_no: int) -> int | None:
        """The event card the table plays on ``seat`` in ``round_no``. While the seat's
        driver races, the card its neighbour picked; from the round after it got home,
        the next card of the setup's spare stack, one a round (the solo challenge)."""
        result = self.seats[seat - 1]
        if round_no <= result.home_round:
            found = self.turn(seat, round_no)
            return found.card if found else None
        spare = self.setup.spare
        return spare[(round_no - result.home_round - 1) % len(spare)]

    def trail(self, seat: int) -> tuple[SpaceId, ...]:
        """Every space the seat's car entered, in order, its start first."""
        out = [self.seats[seat - 1].start]
        for record in self.rounds:
            for t in record.turns:
                if t.seat == seat:
                    out += t.moves
        return tuple(out)

    def position(self, seat: int, round_no: int) -> SpaceId:
        """Where the seat's car stands at the end of ``round_no``."""
        at = self.seats[seat - 1].start
        for record in self.rounds[:round_no]:
            for t in record.turns:
                if t.seat == seat:
                    at = t.at
        return at


# --- the engine ------------------------------------------------------------------------------


@dataclass
class _Seat:
    seat: int
    driver: Driver
    vehicle: Vehicle
    start: SpaceId
    kept: tuple[str, ...]
    hand: list[int]
    at: SpaceId
    trail: list[SpaceId] = field(default_factory=list)
    driven: set[str] = field(default_factory=set)
    home: int = 0


class _Events:
    """The event deck and its discard pile; the discards are shuffled into a new deck
    (by the setup's reshuffle generator) when a card is wanted and the deck is empty."""

    def __init__(self, setup: Setup) -> None:
        self.deck = list(setup.remaining_deck)
        self.discards: list[int] = []
        self.rng = random.Random(setup.reshuffle_seed)
        self.reshuffles = 0

    def draw(self, count: int) -> list[int]:
        out: list[int] = []
        for _ in range(count):
            if not self.deck:
                if not self.discards:
                    break
                self.deck, self.discards = self.discards, []
                self.rng.shuffle(self.deck)
                self.reshuffles += 1
            out.append(self.deck.pop(0))
        return out


def driving_order(players: int) -> tuple[int, ...]:
    """Seats in driving order: the last to pick (seat ``players``) is Player 1."""
    return (players, *range(1, players))


def run_race(course: Course, setup: Setup, drivers: Sequence[Driver]) -> Race:
    """The race of ``setup`` with ``drivers[i]`` in seat i + 1, to the last car home."""
    road = course.road
    players = setup.players
    if len(drivers) != players:
        raise ValueError(f"{players} seats need {players} drivers, got {len(drivers)}")
    deck = event_deck()
    free_vehicles = list(vehicles())
    picked_vehicles = []
    for driver in drivers:
        vehicle = driver.pick_vehicle(tuple(free_vehicles))
        free_vehicles.remove(vehicle)
        picked_vehicles.append(vehicle)
    free_starts = list(road.starts.values())
    starts = []
    for driver in drivers:
        start = driver.pick_start(tuple(free_starts))
        free_starts.remove(start)
        starts.append(start)
    seats: list[_Seat] = []
    plans: list[int] = []
    for i, driver in enumerate(drivers):
        hand = [road.byway(b) for b in setup.hands[i]]
        dropped = tuple(driver.drop(starts[i], hand))
        if dropped not in allowed_drops(hand):
            raise RaceError(f"seat {i + 1}: the drop {dropped} is not one the rules allow")
        kept = tuple(b.id for b in hand if b.id not in dropped)
        seats.append(_Seat(i + 1, driver, picked_vehicles[i], starts[i], kept,
                           list(setup.event_hands[i]), starts[i]))
        plans.append(driver.plan_spaces)
    events = _Events(setup)
    order = driving_order(players)
    rounds: list[RoundRecord] = []
    finished: list[int] = []
    cycle_letters: list[str] = []
    for round_no in range(1, ROUND_LIMIT + 1):
        if len(finished) == players:
            break
        letter, slot = setup.letter(round_no), setup.slot(round_no)
        reshuffled = setup.reshuffled(round_no)
        if slot == 1:
            cycle_letters = []
        cycle_letters.append(letter)
        racing = [s for s in seats if not s.home]
        passed = reshuffled and len(racing) > 1
        if passed:
            hands = [s.hand for s in racing]
            for k, s in enumerate(racing):
                s.hand = hands[k - 1]  # each hand goes one racing seat clockwise
        before = events.reshuffles
        turns = []
        for seat_no in order:
            s = seats[seat_no - 1]
            if s.home:
                continue
            turns.append(_turn(course, setup, deck, events, seats, s, round_no, letter,
                               slot, tuple(cycle_letters), reshuffled))
            if s.home:
                finished.append(s.seat)
        rounds.append(RoundRecord(round_no, letter, slot, reshuffled, passed, tuple(turns),
                                  events.reshuffles - before))
    else:
        if len(finished) < players:
            raise RaceError(f"seed {setup.seed}: {players - len(finished)} car(s) still "
                            f"racing after round {ROUND_LIMIT}")
    results = tuple(SeatResult(s.seat, s.vehicle, s.start,
                               tuple(b for b in setup.hands[s.seat - 1] if b not in s.kept),
                               s.kept, plans[s.seat - 1], s.home, finished.index(s.seat) + 1,
                               s.driver.replans) for s in seats)
    return Race(setup, order, results, tuple(rounds))


def _receiver(seats: Sequence[_Seat], s: _Seat) -> _Seat | None:
    """The racing seat clockwise of ``s`` (itself excluded), which gets its hand at a pass."""
    n = len(seats)
    for k in range(1, n):
        other = seats[(s.seat - 1 + k) % n]
        if not other.home:
            return other
    return None


def _turn(course: Course, setup: Setup, deck: Sequence[Event], events: _Events,
          seats: Sequence[_Seat], s: _Seat, round_no: int, letter: str, slot: int,
          cycle_letters: tuple[str, ...], reshuffled: bool) -> Turn:
    road = course.road
    receiver = _receiver(seats, s)

    def view() -> View:
        return View(round_no, s.seat, s.vehicle, s.start, s.at, tuple(s.trail),
                    frozenset(b for b in s.kept if b not in s.driven), tuple(s.hand),
                    letter, slot, cycle_letters,
                    receiver.vehicle if receiver else None, next_pass(round_no) - 1 - round_no)

    def throw(cards: Sequence[int], most: int, least: int, why: str) -> list[int]:
        chosen = list(cards)
        if not least <= len(chosen) <= most or len(set(chosen)) != len(chosen) \
                or any(c not in s.hand for c in chosen):
            raise RaceError(f"seat {s.seat}, round {round_no}: the {why} discard {chosen} "
                            f"is not {least}-{most} cards of the hand {s.hand}")
        for c in chosen:
            s.hand.remove(c)
        events.discards.extend(chosen)
        return chosen

    def take(drawn: list[int], why: str) -> int | None:
        if not drawn:
            return None
        kept = s.driver.keep(view(), tuple(drawn), why)
        if kept not in drawn:
            raise RaceError(f"seat {s.seat}, round {round_no}: kept {kept}, not drawn")
        s.hand.append(kept)
        events.discards.extend(c for c in drawn if c != kept)
        return kept

    replans = s.driver.replans
    card: int | None = None
    pick: tuple[int, int] | None = None
    if s.hand:
        index = int(setup.picks[round_no - 1][s.seat - 1] * len(s.hand))
        pick = (index + 1, len(s.hand))
        card = s.hand.pop(index)
    planning_day = course.closed(s.at, letter)
    outcome = None
    effect = Effect()
    discarded: list[int] = []
    drawn: list[int] = []
    if card is not None:
        event = deck[card]
        outcome = resolve(course, event, s.vehicle, s.at, letter, planning_day=planning_day,
                          hand_after=len(s.hand))
        if outcome is Outcome.APPLIED:
            effect = event.effect
            if effect.discard:
                most = min(effect.discard, len(s.hand))
                discarded += throw(s.driver.discard(view(), most, most, "checkpoint"), most,
                                   most, "checkpoint")
            if effect.draw:
                got = events.draw(effect.draw)
                kept = take(got, "draw now")
                if kept is not None:
                    drawn.append(kept)
        events.discards.append(card)
    path: tuple[SpaceId, ...] = ()
    actions: tuple[str, ...] = ()
    done: list[str] = []
    if planning_day:
        most = min(PLANNING_DAY_CARDS, len(s.hand))
        out = throw(s.driver.discard(view(), most, 0, "planning day"), most, 0,
                    "planning day")
        discarded += out
        new = events.draw(len(out))
        s.hand += new
        drawn += new
    else:
        lim = limits(course, s.at, letter, s.vehicle, effect, reshuffled)
        chosen_path, chosen_actions = s.driver.move(view(), lim)
        path, actions = tuple(chosen_path), tuple(chosen_actions)
        problem = turn_problem(course, lim, s.at, path, actions)
        if problem:
            raise RaceError(f"seat {s.seat}, round {round_no}: {problem[1]}")
        for k, there in enumerate(path):
            s.trail.append(there)
            s.at = there
            for b in completed(road, s.trail):
                if b in s.kept and b not in s.driven:
                    s.driven.add(b)
                    done.append(b)
            if s.at == s.start and s.driven >= set(s.kept):
                if k != len(path) - 1:
                    raise RaceError(f"seat {s.seat}, round {round_no}: moves on after "
                                    "getting home")
                s.home = round_no
        if s.home:
            events.discards.extend(s.hand)
            s.hand = []
            return Turn(round_no, s.seat, card, pick, outcome, planning_day, path, actions,
                        tuple(discarded), tuple(drawn), (), None, s.at, tuple(done), True,
                        s.driver.replans > replans)
        better = s.vehicle.amount if s.vehicle.extra is Extra.BETTER_DRAW else 1
        for action in actions:
            if action == DRAW and s.hand:
                out = throw(s.driver.discard(view(), min(better, len(s.hand)), 1, "draw"),
                            min(better, len(s.hand)), 1, "draw")
                discarded += out
                new = events.draw(len(out))
                s.hand += new
                drawn += new
    count = PRUNE_DRAW + (s.vehicle.amount if s.vehicle.extra is Extra.MORE_PRUNE else 0)
    if CHOICE in actions:
        count += CHOICE_EXTRA
    pruned = events.draw(count)
    kept_card = take(pruned, "prune")
    return Turn(round_no, s.seat, card, pick, outcome, planning_day, path, actions,
                tuple(discarded), tuple(drawn), tuple(pruned), kept_card, s.at, tuple(done),
                False, s.driver.replans > replans)
