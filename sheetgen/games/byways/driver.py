"""Highways & Byways: the built-in driver, and the blind driver it is measured against.

The built-in driver (:class:`BuiltInDriver`):

- picks the first free vehicle of :data:`VEHICLE_PREFERENCE` and the free start space
  nearest, on average, to every byway space (it picks before the draft, as the rules
  order it, so it cannot know its hand);
- drops what the exact planner (``games/byways/planner.py``) drops and drives the
  planner's order of byways;
- each turn searches every sequence of moves the turn allows (construction, the event)
  over states (space, byway of its order being driven, spaces of it driven so far) and
  ends where the rest of its plan is shortest, standing off a highway space whose letter
  may be laid next round; a turn that falls short of what the limits allowed (a road
  closed, traffic, snow) changes the plan: the next turn starts from an exact re-plan over
  the byways left. It is never stuck while a move brings it closer;
- keeps in its hand the events that hurt it least, and, when a hand pass is coming, the
  ones that hurt the player it will pass them to most (:func:`card_value`); spends unused
  spaces on a Draw when a card in hand is worse than the deck's average and on a Choice.

The blind driver (``blind=True``) makes the same picks and the same first plan, then
follows that plan's drive step by step, stopping where a step is not allowed, and never
takes a planning action or chooses among cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from sheetgen.games.byways.decks import Event, Extra, Vehicle, event_deck
from sheetgen.games.byways.planner import Plan, plan
from sheetgen.games.byways.race import (
    ACTION_COST,
    CHOICE,
    DRAW,
    MOVES,
    Course,
    Limits,
    Race,
    View,
    find_course,
    run_race,
)
from sheetgen.games.byways.roadmap import LETTERS, Byway
from sheetgen.games.byways.rules import SLOTS, make_setup
from sheetgen.model import SpaceId

VEHICLE_PREFERENCE = ("Ancient One", "Cowboy", "Rustbucket", "Five-O", "Soccermobile",
                      "Stationary Wagon")
"""The built-in driver's choice of vehicle, best first (measured: benchmarks/)."""
PASS_WEIGHT = 0.5
"""What a move lost by the player receiving your hand is worth to you, against one of
your own."""
MARGIN = 0.25
"""A card is thrown away only when it is worse than the deck's average by this much."""


def harm(event: Event, vehicle: Vehicle) -> float:
    """The moves an event costs a car of ``vehicle``, roughly (negative: it gains)."""
    if event.kind in vehicle.immune:
        return 0.0
    effect = event.effect
    if effect.cap is not None:
        return 0.75 * (MOVES - effect.cap)
    if effect.toward is not None or effect.no_byways:
        return 1.5
    if effect.discard:
        return 0.5
    if effect.allowance is not None:
        return -0.75 * (effect.allowance - MOVES)
    if effect.draw:
        return -0.5
    return 0.0


def card_value(event: Event, view: View, hand_size: int) -> float:
    """How bad it is for the player of ``view`` to hold ``event`` (lower: keep it). It is
    played on them with the chance that a blind pick takes it before the next pass, and
    else passed on, where it hurts the receiver."""
    share = 1.0 - 1.0 / max(hand_size, 1)
    stays = share ** view.turns_to_pass if view.receiver is not None else 0.0
    mine = (1.0 - stays) * harm(event, view.vehicle)
    theirs = stays * harm(event, view.receiver) if view.receiver is not None else 0.0
    return mine - PASS_WEIGHT * theirs


@dataclass(frozen=True)
class Leg:
    """A byway of the plan, with its spaces in the order it will be driven."""

    byway: str
    spaces: tuple[SpaceId, ...]


def legs_of(road_plan: Plan, byways: dict[str, Byway]) -> list[Leg]:
    out = []
    for byway_id, entry in road_plan.legs():
        spaces = byways[byway_id].spaces
        out.append(Leg(byway_id, spaces if entry == spaces[0] else spaces[::-1]))
    return out


def start_ranking(course: Course) -> tuple[SpaceId, ...]:
    """The start spaces, nearest on average to every byway space first (ties: the rules'
    order CA WY IA TX GA PA)."""
    road = course.road
    spaces = sorted({s for b in road.byways for s in b.spaces})
    starts = list(road.starts.values())

    def total(start: SpaceId) -> int:
        dist = course.distances(start)
        return sum(dist[s] for s in spaces)

    return tuple(sorted(starts, key=lambda s: (total(s), starts.index(s))))


State = tuple[SpaceId, int, int, int]
"""(space, index of the leg being worked on, spaces of it driven so far, 1 when driven
against the plan's direction)."""
Node = tuple[State, bool]
"""A state of the turn's search, and whether the car has moved yet (the first move may be
bound by traffic, so standing where it started is not the same after moving)."""


class BuiltInDriver:
    """One seat's decisions (see the module's doc); ``blind=True``: the blind driver."""

    def __init__(self, course: Course, *, blind: bool = False) -> None:
        self.course = course
        self.blind = blind
        self.byways = {b.id: b for b in course.road.byways}
        self.home: SpaceId = ""
        self.legs: list[Leg] = []
        self.route: list[SpaceId] = []
        self.done = 0
        self.stale = False
        self._replans = 0
        self._plan_spaces = 0

    @property
    def replans(self) -> int:
        return self._replans

    @property
    def plan_spaces(self) -> int:
        return self._plan_spaces

    # --- setup ---------------------------------------------------------------------------

    def pick_vehicle(self, free: Sequence[Vehicle]) -> Vehicle:
        for name in VEHICLE_PREFERENCE:
            for vehicle in free:
                if vehicle.name == name:
                    return vehicle
        return free[0]

    def pick_start(self, free: Sequence[SpaceId]) -> SpaceId:
        return next(s for s in start_ranking(self.course) if s in free)

    def drop(self, start: SpaceId, hand: Sequence[Byway]) -> tuple[str, ...]:
        first = plan(self.course.road, start, hand)
        self.home = start
        self._plan_spaces = first.spaces
        self.legs = legs_of(first, self.byways)
        self.route = [step.space for step in first.drive[1:]]
        return first.dropped

    # --- cards ---------------------------------------------------------------------------

    def _values(self, view: View, cards: Sequence[int]) -> list[tuple[float, int]]:
        deck = event_deck()
        return [(card_value(deck[c], view, len(view.hand)), c) for c in cards]

    def _average(self, view: View) -> float:
        deck = event_deck()
        return sum(card_value(e, view, len(view.hand)) for e in deck) / len(deck)

    def discard(self, view: View, most: int, least: int, why: str) -> Sequence[int]:
        if self.blind:
            return view.hand[:least]
        ranked = sorted(self._values(view, view.hand), key=lambda vc: (-vc[0], vc[1]))
        bar = self._average(view) + MARGIN
        out = [c for v, c in ranked[:most] if v > bar]
        for _, c in ranked:
            if len(out) >= least:
                break
            if c not in out:
                out.append(c)
        return out

    def keep(self, view: View, drawn: Sequence[int], why: str) -> int:
        if self.blind:
            return drawn[0]
        return min(self._values(view, drawn))[1]

    def _actions(self, view: View, spare: int) -> list[str]:
        if self.blind:
            return []
        count = spare // ACTION_COST
        bar = self._average(view) + MARGIN
        bad = sum(1 for v, _ in self._values(view, view.hand) if v > bar)
        per = self.course_better_draw(view)
        out: list[str] = []
        if count and bad:
            out.append(DRAW)
            count, bad = count - 1, bad - per
        if count:
            out.append(CHOICE)
            count -= 1
        while count and bad > 0:
            out.append(DRAW)
            count, bad = count - 1, bad - per
        return out

    @staticmethod
    def course_better_draw(view: View) -> int:
        """Cards one Draw may swap for this vehicle."""
        return view.vehicle.amount if view.vehicle.extra is Extra.BETTER_DRAW else 1

    # --- moves ---------------------------------------------------------------------------

    def move(self, view: View, lim: Limits) -> tuple[Sequence[SpaceId], Sequence[str]]:
        if self.blind:
            return self._follow(view, lim), ()
        self.legs = [leg for leg in self.legs if leg.byway in view.remaining]
        if self.stale or {leg.byway for leg in self.legs} != view.remaining:
            self._replan(view)
            self.stale = False
        path, progress, possible = self._search(view, lim)
        if progress < possible:
            self._replans += 1
            self.stale = True
        finishing = bool(path) and path[-1] == self.home and not self._left(view, path)
        spare = 0 if finishing else lim.allowance - len(path)
        return path, self._actions(view, spare)

    def _left(self, view: View, path: Sequence[SpaceId]) -> bool:
        """Whether byways would be left after ``path`` (by the driver's own reckoning)."""
        state = self._start_state(view)
        for there in path:
            state = self._advance(state, there)
        return state[1] < len(self.legs)

    def _follow(self, view: View, lim: Limits) -> list[SpaceId]:
        path: list[SpaceId] = []
        here = view.at
        while len(path) < lim.cap and self.done < len(self.route):
            there = self.route[self.done]
            if not self._allowed(lim, here, there, not path):
                break
            path.append(there)
            here = there
            self.done += 1
        return path

    def _allowed(self, lim: Limits, here: SpaceId, there: SpaceId, first: bool) -> bool:
        course = self.course
        if course.closed(there, lim.letter):
            return False
        if lim.no_byways and course.is_byway_space(there):
            return False
        return not (first and lim.toward is not None
                    and not course.farther(here, there, lim.toward))

    def _replan(self, view: View) -> None:
        road = self.course.road
        order = [b for b in road.byways if b.id in view.remaining]
        k, rev = self._progress(view)
        if k and self.legs:
            first = self.legs[0]
            if rev:
                first = Leg(first.byway, first.spaces[::-1])
            rest = [b for b in order if b.id != first.byway]
            again = plan(road, first.spaces[-1], rest, finish=self.home, drop=False)
            self.legs = [first] + legs_of(again, self.byways)
        else:
            again = plan(road, view.at, order, finish=self.home, drop=False)
            self.legs = legs_of(again, self.byways)

    def _progress(self, view: View) -> tuple[int, int]:
        """(spaces of the first leg the trail ends with, 1 when driven against the plan's
        direction); (0, 0) when not on it."""
        if not self.legs:
            return 0, 0
        trail = view.trail
        best = (0, 0)
        for rev, spaces in enumerate((self.legs[0].spaces, self.legs[0].spaces[::-1])):
            for k in range(min(len(spaces) - 1, len(trail)), best[0], -1):
                if tuple(trail[-k:]) == spaces[:k]:
                    best = (k, rev)
                    break
        return best

    def _start_state(self, view: View) -> State:
        k, rev = self._progress(view)
        return (view.at, 0, k, rev)

    def _advance(self, state: State, there: SpaceId) -> State:
        """The state after entering ``there``: a leg is driven either way, and counts once
        its last space is entered in one go."""
        _, j, k, rev = state
        while j < len(self.legs):
            spaces = self.legs[j].spaces
            seq = spaces[::-1] if rev else spaces
            if k > 0 and k < len(seq) and there == seq[k]:
                k += 1
            elif there == spaces[0]:
                k, rev = 1, 0
            elif there == spaces[-1]:
                k, rev = 1, 1
            else:
                return (there, j, 0, 0)
            if k < len(spaces):
                return (there, j, k, rev)
            j, k, rev = j + 1, 0, 0  # the leg is driven; does the same space start the next?
            if j < len(self.legs) and there in (self.legs[j].spaces[0],
                                                self.legs[j].spaces[-1]):
                continue
            return (there, j, 0, 0)
        return (there, j, 0, 0)

    def _tails(self) -> tuple[list[int], list[int]]:
        """Moves left once leg j is driven, for every j: leaving by the plan's exit, and
        leaving by its entry (the leg driven the other way)."""
        n = len(self.legs)
        ahead = [0] * n
        back = [0] * n
        for j in range(n - 1, -1, -1):
            spaces = self.legs[j].spaces
            if j == n - 1:
                home = self.course.distances(self.home)
                ahead[j], back[j] = home[spaces[-1]], home[spaces[0]]
            else:
                nxt = self.legs[j + 1].spaces
                to_next = self.course.distances(nxt[0])
                rest = len(nxt) - 1 + ahead[j + 1]
                ahead[j], back[j] = to_next[spaces[-1]] + rest, to_next[spaces[0]] + rest
        return ahead, back

    def _search(self, view: View, lim: Limits) -> tuple[list[SpaceId], int, int]:
        """The best moves this turn, the progress they make (moves of the plan left before
        minus after) and the progress the limits allowed."""
        course = self.course
        ahead, back = self._tails()
        n = len(self.legs)

        def cost(state: State) -> int:
            space, j, k, rev = state
            if j >= n:
                return course.distances(self.home)[space]
            spaces = self.legs[j].spaces
            if k:
                return len(spaces) - k + (back[j] if rev else ahead[j])
            return min(course.distances(spaces[0])[space] + len(spaces) - 1 + ahead[j],
                       course.distances(spaces[-1])[space] + len(spaces) - 1 + back[j])

        fresh = view.slot == SLOTS
        open_letters = set(LETTERS) if fresh else set(LETTERS) - set(view.cycle_letters)

        def risk(space: SpaceId) -> float:
            letter = course.road.letters.get(space)
            if letter is None or letter not in open_letters:
                return 0.0
            return MOVES / len(open_letters)

        start = self._start_state(view)
        before = cost(start)
        root: Node = (start, False)
        parent: dict[Node, Node | None] = {root: None}
        best, best_key = root, (before + risk(start[0]), 0)
        frontier = [root]
        for t in range(1, lim.cap + 1):
            nxt: list[Node] = []
            for node in frontier:
                state = node[0]
                for there in course.links(state[0]):
                    if not self._allowed(lim, state[0], there, t == 1):
                        continue
                    new: Node = (self._advance(state, there), True)
                    if new in parent:
                        continue
                    parent[new] = node
                    nxt.append(new)
                    if new[0][1] >= n and there == self.home:
                        return self._path(parent, new), before, min(lim.cap, before)
                    key = (cost(new[0]) + risk(there), t)
                    if key < best_key:
                        best, best_key = new, key
            frontier = nxt
        return self._path(parent, best), before - cost(best[0]), min(lim.cap, before)

    @staticmethod
    def _path(parent: dict[Node, Node | None], end: Node) -> list[SpaceId]:
        out: list[SpaceId] = []
        node: Node | None = end
        while node is not None and parent[node] is not None:
            out.append(node[0][0])
            node = parent[node]
        return out[::-1]


@lru_cache(maxsize=16)
def par_race(map_id: str, seed: int, players: int, *, blind: bool = False) -> Race:
    """The seeded race of ``seed`` with a built-in driver (or a blind one) in every seat:
    the race ``script --par`` reports, the solo challenge's table, what ``check`` holds a
    drive log to."""
    course = find_course(map_id)
    setup = make_setup(course.road, seed, players, len(event_deck()))
    return run_race(course, setup, [BuiltInDriver(course, blind=blind)
                                    for _ in range(players)])
