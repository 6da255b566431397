"""The perfect game of a seeded On Tour script: the best final score anyone could reach
knowing every card and roll in advance, and one board that reaches it.

The problem
-----------
Every legal way of writing every turn (the referee's reading, as in
:func:`sheetgen.games.ontour.players.game.legal_moves`, which ``sheetgen check`` accepts) ends in a
board; the perfect score is the highest best-route score over all of them. The choices of
one turn constrain the next ones through which spaces are still empty, and an X is allowed
only when the cards leave no legal space, so the game cannot be split into independent
turns; its size (about 20 turns of up to a few hundred moves) rules out enumeration.

The model (OR-Tools CP-SAT)
---------------------------
One constraint model decides at once where each turn's marks go and which route the final
board is scored by:

- ``a[t,k,s]``: mark ``k`` of turn ``t`` (its lower number, its higher number, or its star)
  is written in space ``s``; ``x[t,k,s]``: it became an X there; ``b[t,k,i]``: it was
  written on card ``i``. A written mark lies in its card's region; the two numbers of a
  turn use two different cards; a mark is circled when its card is its space's own.
- ``done[t,s]``: space ``s`` is filled before turn ``t``; each turn fills what it writes,
  so every space is written exactly once, in an empty space, and the board ends full.
- An X is allowed only when no legal space is left: a star turn's X, or both X of a number
  turn, need every space of every card's region filled; a single X needs no two-card
  placement of the two numbers to exist (no two cards with room in their regions, unless
  their only room is one and the same space).
- Last turns (no cards) put their marks in the spaces still empty, never circled.
- The route is a circuit through a dummy node (``AddCircuit``, skipped spaces take a
  self-loop), along map links, over no X, and every link it takes goes to a value at
  least as high (stars take any value, numbers their own).
- The objective is the route's spaces plus its circled spaces.

On Tour: Paris adds three things. A card names an arrondissement: a mark written in either
of its two clubs is circled, and a setup number goes in either club (``pick[j, s]``, one
per setup card and club, filling the club before the first turn). And the route may take
boat rides: arcs from every dock club to every other, worth the distance between the
docks' letters in the objective, at most one ride at each dock (a club entered by boat is
left on foot, and a club left by boat was entered on foot), numbers never decreasing
across a ride as along a link.

CP-SAT fits because the problem is a pure 0-1 feasibility core (placements, ordering,
circuit) with a linear objective: its clause learning handles the "X only when forced"
implications that a MIP relaxation would hardly tighten, its circuit constraint keeps the
route a single simple path without subtour cuts, and it reports a proven bound when time
runs out. The built-in player's game is given as a hint, so the search starts from a board
at least as good as the par.

The upper bound
---------------
The bound the solver proves stays near twice the number of spaces: its linear relaxation
spreads every mark thinly over many spaces and never sees that a route meets its numbers in
increasing order. So the reported bound is the smaller of the solver's and that of
:mod:`sheetgen.games.ontour.perfect_bound`, a relaxation that keeps the route's order and is
solved by dynamic programming in the last quarter of the time limit; when it cannot beat the
best board found, that board is proven best.

The patch search
----------------
The searches find their boards early and seldom better ones later. While the bound is
computed (one core, pure Python), the other core improves the best board: a patch of
``PATCH_SPACES`` spaces around a random one, ring by ring over the links and rides, is
freed, every mark outside it is fixed where it is, and the solver places the marks of the
patch afresh together with the route, starting from the board (small problems, most
solved to their optimum in a fraction of a unit of work). A board at least as good is
kept, so the next patches start from it. A bound that proves the board best stops them.

Every result is checked independently before it is returned: the board must pass
:func:`sheetgen.games.ontour.check.check_board` and its score is recomputed by the exact route
solver. The solver runs two searches side by side (``SEARCH_SEEDS``), each on one worker
with a fixed seed, its limit counted in the solver's deterministic work units (calibrated
to seconds on the reference machine), and the better board wins; the patches share that
count and a seeded random order, and the bound's programme stops at a fixed number of
states, so the same seed and time limit always give the same board and bound, however
busy or slow the machine.

The clock instead
-----------------
Given a :class:`~sheetgen.model.Deadline` instead of a number of seconds, the search is
timed by the wall clock and ends by the deadline on any machine: after the model and the
par game are built, what is left (less ``FINISH_S`` for the checks at the end) is shared
as before, the two searches get ``1 - BOUND_SHARE`` of it as the solver's wall-time limit,
and the bound's programme and the patches stop when the clock reaches the rest. The board
may then differ between machines and runs; a number of seconds keeps the same answer
everywhere.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from sheetgen.games.ontour.rules import Script, Turn
from sheetgen.games.ontour.score import best_route, dock_jumps
from sheetgen.model import Board, Cell, CellKind, Deadline, Map, SpaceId

DEFAULT_TIME_LIMIT = 60.0
"""Seconds the optimiser may search when no limit is given."""
WORK_PER_SECOND = 0.6
"""The solver's deterministic work units per second of search on usa, measured on a
2-core AMD EPYC with light load (2 units in 3.5 s; a heavily loaded machine manages a
quarter of that). The limit is given to the solver as work, not as wall time, so the same
seed and limit give the same board on every machine (a busy or slow machine takes longer
rather than stopping early with a different board)."""
SEARCH_SEEDS = (0, 1)
"""The optimiser's random seeds: one search each, side by side with the same work limit
(one thread each, so on two cores in the time of one), and the best board wins. The
searches' first boards come early and later ones seldom; a second seed is a second
chance at a better basin (README, "Perfect game")."""
BOUND_SHARE = 0.25
"""The share of the time limit given to the upper bound's programme; the optimiser gets the
rest."""
PATCH_SPACES = 18
"""Spaces freed at a time by the patch search: a ball around one space, found by a
breadth-first walk over the map's links and boat rides (README, "Perfect game")."""
PATCH_WORK = 0.5
"""The most work one patch may take; most are solved to their optimum in far less."""
FINISH_S = 0.3
"""With a deadline: the seconds kept for checking the boards found and scoring them."""
PATCH_S = 1.0
"""With a deadline: the most wall time one patch may take."""
BOUND_STATES_PER_SECOND = 80_000
"""States the upper bound's programme creates per second on the same machine (usa and
europe, light load); its share of the limit is given to it as this many states, so it too
stops at the same point on every machine."""


class PerfectUnavailableError(RuntimeError):
    """The optimisation library is not installed; says how to install it."""


class PerfectError(ValueError):
    """The perfect game cannot be computed for this map or script."""


@dataclass(frozen=True)
class PerfectResult:
    """The best board found and what is proven about it."""

    score: int
    """Best-route score of ``board`` (recomputed by the exact route solver)."""
    upper_bound: int
    """No legal game of the script scores more (proven)."""
    board: Board
    route: tuple[SpaceId, ...]
    """A best route of ``board``."""
    rides: tuple[tuple[SpaceId, SpaceId], ...] = ()
    """The route's boat rides (Paris), as (from, to)."""

    @property
    def proven(self) -> bool:
        return self.score >= self.upper_bound

    @property
    def gap(self) -> int:
        return self.upper_bound - self.score

    def to_data(self) -> dict[str, Any]:
        """The ``"perfect"`` object of the script JSON."""
        return {"score": self.score, "upper_bound": self.upper_bound, "proven": self.proven,
                "board": {sid: cell.text for sid, cell in self.board.cells.items()}}


def require_optimiser() -> None:
    """Raise ``PerfectUnavailableError`` (saying how to install it) when the optimisation
    library is missing."""
    _cp_model()


def _cp_model() -> Any:
    try:
        from ortools.sat.python import cp_model
    except ImportError:
        raise PerfectUnavailableError(
            "the perfect game needs OR-Tools: pip install 'sheetgen[perfect]'") from None
    return cp_model


def _in_order(spaces: Sequence[SpaceId], *parts: Sequence[SpaceId]) -> tuple[SpaceId, ...]:
    """The union of ``parts``, in the order of ``spaces``."""
    union = set().union(*parts)
    return tuple(s for s in spaces if s in union)


def _marks(turn: Turn) -> list[int | None]:
    """The marks a turn writes: its numbers, or one star (None)."""
    return [None] if turn.star else list(turn.numbers)


class _Model:
    """The CP-SAT model of one script (see the module text)."""

    def __init__(self, game_map: Map, script: Script) -> None:
        cp_model = _cp_model()
        self.map = game_map
        self.script = script
        self.m = m = cp_model.CpModel()
        ids = game_map.space_ids
        self.ids = ids
        # A setup card naming one space fixes its number there; on Paris it names an
        # arrondissement and the number goes in either club: ``pick[j, s]``.
        self.setup: dict[SpaceId, int] = {}
        self.pick: dict[tuple[int, SpaceId], Any] = {}
        choices: list[tuple[int, tuple[SpaceId, ...]]] = []
        for card, number in script.setup_cells:
            options = game_map.card_spaces(card)
            if len(options) == 1:
                self.setup[options[0]] = number
            else:
                choices.append((number, options))
        free = [s for s in ids if s not in self.setup]
        self.free = free
        picked: dict[SpaceId, list[Any]] = {s: [] for s in free}
        for j, (_, options) in enumerate(choices):
            here = []
            for s in options:
                var = self.pick[j, s] = m.NewBoolVar(f"pick{j}_{s}")
                picked[s].append(var)
                here.append(var)
            m.AddExactlyOne(here)
        self.picked_number = [number for number, _ in choices]
        turns = script.turns
        # Spaces are always taken in map order (never a set's order, which changes with
        # every run's string hashing): the model, and so the solver's search, is the same
        # from one run to the next.
        regions = [[tuple(s for s in free if c.region in game_map.space(s).regions)
                    for c in t.cards] for t in turns]
        self.a: dict[tuple[int, int, SpaceId], Any] = {}
        self.x: dict[tuple[int, int, SpaceId], Any] = {}
        self.b: dict[tuple[int, int, int], Any] = {}
        own: dict[SpaceId, list[Any]] = {s: [] for s in free}
        done: dict[SpaceId, Any] = {}
        for s in free:
            if picked[s]:
                done[s] = m.NewBoolVar(f"done0_{s}")
                m.Add(done[s] == sum(picked[s]))
            else:
                done[s] = m.NewConstant(0)
        for t, turn in enumerate(turns):
            marks = _marks(turn)
            filled_free = len(free) - turn.empty_before
            empty = {s: 1 - done[s] for s in free}
            cards = range(len(turn.cards))
            union = _in_order(free, *regions[t])
            # X marks are possible at all only when enough of the cards' regions is full.
            if turn.last:
                crossable = False
            elif turn.star:
                crossable = len(union) <= filled_free
            else:
                crossable = any(
                    len(set().union(*(regions[t][j] for j in cards if j != i)))
                    <= filled_free + 1 for i in cards)
            fills: dict[SpaceId, list[Any]] = {s: [] for s in free}
            written: list[Any] = []
            crossed: list[Any] = []
            for k, _ in enumerate(marks):
                a_k = {s: m.NewBoolVar(f"a{t}_{k}_{s}") for s in free}
                for s, var in a_k.items():
                    self.a[t, k, s] = var
                    fills[s].append(var)
                written.append(sum(a_k.values()))
                x_k: dict[SpaceId, Any] = {}
                if crossable:
                    x_k = {s: m.NewBoolVar(f"x{t}_{k}_{s}") for s in free}
                    for s, var in x_k.items():
                        self.x[t, k, s] = var
                        fills[s].append(var)
                crossed.append(sum(x_k.values()))
                if turn.last:
                    continue
                m.Add(written[k] + crossed[k] == 1)
                b_k = [m.NewBoolVar(f"b{t}_{k}_{i}") for i in cards]
                for i, var in enumerate(b_k):
                    self.b[t, k, i] = var
                    m.Add(sum(a_k[s] for s in regions[t][i]) >= var)
                    for home in game_map.card_spaces(turn.cards[i]):
                        if home in a_k:  # written here on this card: circled
                            q = m.NewBoolVar(f"q{t}_{k}_{i}_{home}")
                            m.AddImplication(q, var)
                            m.AddImplication(q, a_k[home])
                            own[home].append(q)
                m.Add(sum(b_k) == written[k])
            if turn.last:
                if turn.star or turn.empty_before == 2:
                    for w in written:
                        m.Add(w == 1)
                else:
                    m.Add(sum(written) == 1)
            elif not turn.star:
                for i in cards:
                    m.Add(self.b[t, 0, i] + self.b[t, 1, i] <= 1)
            if crossable:
                every = sum(crossed)
                for s in union:  # an X of a star turn, or two X: no card has room
                    m.Add(every + empty[s] <= len(marks))
                if not turn.star:  # one X: no placement of both numbers on two cards
                    room = []
                    for i in cards:
                        r = m.NewBoolVar(f"room{t}_{i}")
                        for s in regions[t][i]:
                            m.Add(r >= empty[s])
                        room.append(r)
                    for i in cards:
                        for j in cards:
                            if j <= i:
                                continue
                            both = _in_order(free, regions[t][i], regions[t][j])
                            g = m.NewBoolVar(f"two{t}_{i}_{j}")
                            m.Add(len(both) * g >= sum(empty[s] for s in both) - 1)
                            for k in range(2):
                                m.Add(crossed[k] + room[i] + room[j] + g <= 3)
            nxt = {}
            for s in free:
                if fills[s]:
                    d = m.NewBoolVar(f"done{t + 1}_{s}")
                    m.Add(d == done[s] + sum(fills[s]))
                    nxt[s] = d
                else:
                    nxt[s] = done[s]
            done = nxt
        for s in free:
            m.Add(done[s] == 1)

        # The route: a circuit through a dummy node, skipped spaces looping on themselves.
        n = len(ids)
        index = {s: i for i, s in enumerate(ids)}
        self.on = {s: m.NewBoolVar(f"on_{s}") for s in ids}
        self.value = {s: m.NewIntVar(0, 99, f"v_{s}") for s in ids}
        for s, number in self.setup.items():
            m.Add(self.value[s] == number)
        for (j, s), var in self.pick.items():
            m.Add(self.value[s] == self.picked_number[j]).OnlyEnforceIf(var)
        for (t, k, s), var in self.a.items():
            mark = _marks(turns[t])[k]
            if mark is not None:
                m.Add(self.value[s] == mark).OnlyEnforceIf(var)
        for s in free:
            xs = [var for (_, _, sx), var in self.x.items() if sx == s]
            if xs:
                m.Add(self.on[s] + sum(xs) <= 1)
        arcs: list[tuple[int, int, Any]] = []
        self.start = {s: m.NewBoolVar(f"start_{s}") for s in ids}
        self.end = {s: m.NewBoolVar(f"end_{s}") for s in ids}
        self.arc: dict[tuple[SpaceId, SpaceId], Any] = {}
        for s in ids:
            arcs.append((n, index[s], self.start[s]))
            arcs.append((index[s], n, self.end[s]))
            arcs.append((index[s], index[s], self.on[s].Not()))
        steps: dict[tuple[SpaceId, SpaceId], list[Any]] = {}
        for u, v in game_map.edges:
            for p, q in ((u, v), (v, u)):
                lit = m.NewBoolVar(f"arc_{p}_{q}")
                self.arc[p, q] = lit
                steps.setdefault((p, q), []).append(lit)
        # Boat rides (Paris): a dock has at most one ride, so rides never follow one
        # another; each adds the distance between the docks' letters.
        self.ride: dict[tuple[SpaceId, SpaceId], Any] = {}
        rides_at: dict[SpaceId, list[Any]] = {}
        ride_points = []
        for p, targets in sorted(dock_jumps(game_map).items(), key=lambda pt: index[pt[0]]):
            for q, points in targets:
                lit = m.NewBoolVar(f"ride_{p}_{q}")
                self.ride[p, q] = lit
                steps.setdefault((p, q), []).append(lit)
                rides_at.setdefault(p, []).append(lit)
                rides_at.setdefault(q, []).append(lit)
                ride_points.append(points * lit)
        for lits in rides_at.values():
            m.AddAtMostOne(lits)
        for (p, q), lits in steps.items():
            if len(lits) == 1:
                lit = lits[0]
            else:  # two docks also linked on foot: one arc, walked or ridden
                lit = m.NewBoolVar(f"step_{p}_{q}")
                m.Add(lit == sum(lits))
            arcs.append((index[p], index[q], lit))
            m.Add(self.value[q] >= self.value[p]).OnlyEnforceIf(lit)
        m.AddCircuit(arcs)
        m.Add(sum(self.start.values()) == 1)
        # Circled spaces on the route count twice.
        bonus = []
        for s in ids:
            if s in self.setup:
                bonus.append(self.on[s])
            elif own[s] or picked[s]:
                oc = m.NewBoolVar(f"oncircled_{s}")
                m.AddImplication(oc, self.on[s])
                m.Add(oc <= sum(own[s]) + sum(picked[s]))
                bonus.append(oc)
        m.Maximize(sum(self.on.values()) + sum(bonus) + sum(ride_points))

    def hint(self, board_moves: list[list[tuple[SpaceId, Cell, int | None]]],
             route: tuple[SpaceId, ...],
             rides: Sequence[tuple[SpaceId, SpaceId]] = ()) -> None:
        """Hint a played game (per turn: space, cell, card; its setup as the built-in
        player writes it) and a route of its board with the route's boat rides."""
        from sheetgen.games.ontour.players.game import setup_cells

        written = list(setup_cells(self.script, self.map))
        j = 0
        for (setup_card, _), chosen in zip(self.script.setup_cells, written, strict=True):
            options = self.map.card_spaces(setup_card)
            if len(options) > 1:
                for s in options:
                    self.m.AddHint(self.pick[j, s], s == chosen)
                j += 1
        for t, writes in enumerate(board_moves):
            marks = _marks(self.script.turns[t])
            used: set[int] = set()
            placed: dict[tuple[int, SpaceId], bool] = {}
            cards: dict[int, int | None] = {}
            crosses = [w for w in writes if w[1].kind is CellKind.CROSS]
            for space, cell, card in writes:
                if cell.kind is CellKind.CROSS:
                    continue
                k = 0 if cell.kind is CellKind.STAR else marks.index(cell.value)
                used.add(k)
                placed[k, space] = True
                cards[k] = card
            for (space, _, _), k in zip(crosses, [k for k in range(len(marks))
                                                  if k not in used], strict=False):
                placed[-1 - k, space] = True
            for (tt, k, s), var in self.a.items():
                if tt == t:
                    self.m.AddHint(var, placed.get((k, s), False))
            for (tt, k, s), var in self.x.items():
                if tt == t:
                    self.m.AddHint(var, placed.get((-1 - k, s), False))
            for (tt, k, i), var in self.b.items():
                if tt == t:
                    self.m.AddHint(var, cards.get(k) == i)
        on = set(route)
        for s, var in self.on.items():
            self.m.AddHint(var, s in on)
        for s in self.ids:
            self.m.AddHint(self.start[s], bool(route) and route[0] == s)
            self.m.AddHint(self.end[s], bool(route) and route[-1] == s)
        ridden = set(rides)
        steps = set(zip(route, route[1:], strict=False)) - ridden
        for key, var in self.arc.items():
            self.m.AddHint(var, key in steps)
        for key, var in self.ride.items():
            self.m.AddHint(var, key in ridden)

    def board(self, solver: Any) -> Board:
        """The board of the solver's current solution."""
        cells: dict[SpaceId, Cell] = {s: Cell.number(n, circled=True)
                                      for s, n in self.setup.items()}
        for (j, s), var in self.pick.items():
            if solver.Value(var):
                cells[s] = Cell.number(self.picked_number[j], circled=True)
        turns = self.script.turns
        for (t, k, s), var in self.a.items():
            if solver.Value(var):
                turn = turns[t]
                circled = any(solver.Value(self.b[t, k, i])
                              and self.map.card_covers(c, s)
                              for i, c in enumerate(turn.cards))
                number = _marks(turn)[k]
                cells[s] = Cell.star(circled) if number is None else Cell.number(number,
                                                                                  circled)
        for (_, _, s), var in self.x.items():
            if solver.Value(var):
                cells[s] = Cell.cross()
        return Board(self.map.id, "perfect", {s: cells[s] for s in self.ids})


def _hinted_model(game_map: Map, script: Script) -> tuple[_Model, Board, Any]:
    """The model of ``script`` hinted with the built-in player's game: (the model, that
    game's board, its best route)."""
    from sheetgen.games.ontour.players import par_game

    model = _Model(game_map, script)
    played = par_game(game_map, script)
    par = best_route(game_map, played.board)
    model.hint([[(w.space, w.cell, w.card) for w in move.writes] for move in played.moves],
               par.route, par.rides)
    return model, played.board, par


def _patch(game_map: Map, centre: SpaceId, rng: random.Random) -> set[SpaceId]:
    """``PATCH_SPACES`` spaces around ``centre``: ring after ring over the map's links and
    boat rides (every dock reaches every other), each ring in a random order, so the last
    ring taken is a random part of it."""
    docks = [d.space for d in game_map.docks]
    ball = [centre]
    taken = {centre}
    ring = [centre]
    while ring and len(ball) < PATCH_SPACES:
        nxt = []
        for s in ring:
            for n in (*sorted(game_map.neighbours[s]), *(docks if s in docks else ())):
                if n not in taken:
                    taken.add(n)
                    nxt.append(n)
        rng.shuffle(nxt)
        ball += nxt
        ring = nxt
    return set(ball[:PATCH_SPACES])


def _patch_search(cp_model: Any, model: _Model, solution: list[int], score: int,
                  work: float, seed: int, stop: threading.Event,
                  deadline: float | None = None) -> Board | None:
    """A better board near ``solution`` (the solver's values of every variable; ``score``
    its board's), or None: again and again, every mark outside a patch of the map stays
    where it is and the solver places those inside afresh, with the route, starting from
    the best board so far, until the work of all patches adds up to ``work`` (or, with a
    ``deadline``, the clock reaches it) or ``stop`` is set."""
    game_map = model.map
    placements: dict[SpaceId, list[int]] = {s: [] for s in model.ids}
    for (_, _, s), var in (*model.a.items(), *model.x.items()):
        placements[s].append(var.Index())
    for (_, s), var in model.pick.items():
        placements[s].append(var.Index())
    rng = random.Random(seed)
    board = None
    spent = 0.0
    rounds = 0
    while not stop.is_set() and (time.monotonic() < deadline if deadline is not None
                                 else spent < work):
        rounds += 1
        patch = _patch(game_map, rng.choice(model.ids), rng)
        m = model.m.clone()
        proto = m.Proto()
        for s, indices in placements.items():
            if s not in patch:
                for i in indices:
                    domain = proto.variables[i].domain
                    domain.clear()
                    domain.extend([solution[i], solution[i]])
        m.ClearHints()
        proto.solution_hint.vars.extend(range(len(solution)))
        proto.solution_hint.values.extend(solution)
        solver = cp_model.CpSolver()
        if deadline is not None:
            solver.parameters.max_time_in_seconds = max(
                0.01, min(PATCH_S, deadline - time.monotonic()))
        else:
            solver.parameters.max_deterministic_time = min(PATCH_WORK, work - spent)
        solver.parameters.num_workers = 1
        solver.parameters.random_seed = rounds
        status = solver.Solve(m)
        # A patch solved at once still counts, so the loop always ends.
        spent += max(solver.deterministic_time, 0.01)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            continue
        found = model.board(solver)
        scored = best_route(game_map, found).score
        if scored > score:
            board = found
        if scored >= score:  # equal boards too: the next patches start from elsewhere
            solution, score = list(solver.ResponseProto().solution), scored
    return board


def _search(cp_model: Any, m: Any, work: float | None, seed: int,
            seconds: float | None = None) -> tuple[Any, Any]:
    """One search of the model ``m`` on one worker: (solver, status). Limited by ``work``
    (deterministic) or, when that is None, by ``seconds`` of wall time."""
    solver = cp_model.CpSolver()
    if work is not None:
        solver.parameters.max_deterministic_time = work
    else:
        solver.parameters.max_time_in_seconds = max(0.01, seconds or 0.0)
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed
    return solver, solver.Solve(m)


def perfect_game(game_map: Map, script: Script,
                 time_limit: float | Deadline = DEFAULT_TIME_LIMIT) -> PerfectResult:
    """The hindsight-optimal game of ``script``: proven when ``score == upper_bound``.

    ``time_limit`` in seconds is deterministic work (seconds on the reference machine:
    the same board and bound on every machine); a :class:`~sheetgen.model.Deadline`
    times the search by the wall clock instead (module text, "The clock instead")."""
    from sheetgen.games.ontour.check import check_board
    from sheetgen.games.ontour.perfect_bound import perfect_upper_bound

    if script.map_id != game_map.id:
        raise PerfectError(f"the script is for map {script.map_id}, not {game_map.id}")
    clock = time_limit if isinstance(time_limit, Deadline) else None
    limit = 0.0 if isinstance(time_limit, Deadline) else float(time_limit)
    if clock is None and not limit > 0:
        raise PerfectError(f"the time limit must be more than 0 seconds, got {time_limit}")
    cp_model = _cp_model()
    model, par_board, par = _hinted_model(game_map, script)
    if clock is None:
        work: float | None = limit * (1 - BOUND_SHARE) * WORK_PER_SECOND
        patch_work = limit * BOUND_SHARE * WORK_PER_SECOND
        bound_states = int(limit * BOUND_SHARE * BOUND_STATES_PER_SECOND)
        search_s, bound_end = None, None
    else:
        left = max(0.0, clock.left(time.monotonic()) - FINISH_S)
        work, patch_work, bound_states = None, 0.0, 10**12
        search_s = left * (1 - BOUND_SHARE)
        bound_end = clock.at - FINISH_S
    # One search per seed, side by side: the solver lets go of the interpreter while it
    # searches. Each reads its own copy of the model (the variables keep their indices).
    with ThreadPoolExecutor(max_workers=len(SEARCH_SEEDS)) as pool:
        searches = list(pool.map(
            lambda seed: _search(cp_model, model.m.clone(), work, seed, search_s),
            SEARCH_SEEDS))
    # Each board scored by the exact route solver (the model's route may be shorter than
    # the board's best). The best wins: on a tie the first search's, and a search's board
    # over the par game's (never worse than the game the hints started from).
    bound = len(game_map.spaces) * 2
    board, result = par_board, par
    solution: list[int] | None = None
    for solver, status in searches:
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            continue
        bound = min(bound, int(round(solver.BestObjectiveBound())))
        found = model.board(solver)
        if not check_board(game_map, script, found, None).legal:  # pragma: no cover - a model bug
            raise PerfectError(f"seed {script.seed}: the optimiser's board fails the check")
        scored = best_route(game_map, found)
        if scored.score > result.score or (scored.score == result.score and solution is None):
            board, result = found, scored
            solution = list(solver.ResponseProto().solution)
    # The relaxation's bound last, and beside it, on the core it leaves idle, the patch
    # search from the best board: the bound is given that board's score (the better the
    # board it has to beat, the more of its states it can skip), the patches as much work
    # as the bound's share of the limit. A bound that proves the board best stops them.
    stop = threading.Event()
    with ThreadPoolExecutor(max_workers=1) as pool:
        patched = None
        if solution is not None and bound > result.score:
            patched = pool.submit(_patch_search, cp_model, model, solution, result.score,
                                  patch_work, script.seed, stop, bound_end)
        relaxed = perfect_upper_bound(game_map, script, known=result.score,
                                      budget=bound_states, deadline=bound_end)
        if relaxed.value <= result.score:
            stop.set()
        elif patched is not None and (better := patched.result()) is not None:
            if not check_board(game_map, script, better, None).legal:  # pragma: no cover - a bug
                raise PerfectError(f"seed {script.seed}: a patch's board fails the check")
            board, result = better, best_route(game_map, better)
    bound = min(bound, relaxed.value)
    return PerfectResult(score=result.score, upper_bound=max(bound, result.score),
                         board=board, route=result.route, rides=result.rides)

