"""The textbook constraint model of a board's best route, straight from the map and the
board (no route graph, no search): an oracle for full maps, where brute force cannot go.

A circuit through a dummy node (``AddCircuit``; a space off the route takes a loop) over
the map's links in both directions and, on a map with docks, a ride arc from every dock
to every other (at most one ride at each dock, as the rules say); a value per space on
the route (a number's own, a star's anything in 0-99) that never decreases along an arc;
maximise spaces + circled spaces + ride points. One worker. ``benchmarks/
bench_route_cpsat.py`` times the route solver against it."""

from __future__ import annotations

import time
from typing import Any

from sheetgen.model import Board, CellKind, Map, ride_points

TIME_LIMIT = 600.0
"""Seconds CP-SAT may take per board before it counts as unproven (the textbook model
does not prove every board built to be hard within them: then it gives the best route
it found and a bound, and the tests add the sweep of ``frontier`` where it applies)."""


def oracle_score(game_map: Map, board: Board, time_limit: float = 120.0) -> tuple[int, int]:
    """The best score as far as the oracles know it: (at least, at most), the same when
    known. The textbook model first; where it stops short and the map has no rides, the
    sweep of the map (a dynamic programme with no bound shared with the search) settles
    it."""
    low, high, _ = score_bounds(game_map, board, time_limit)
    if low < high and not game_map.docks:
        from sheetgen.games.ontour.route.frontier import solve_frontier
        from sheetgen.games.ontour.score import route_graph

        graph, _ = route_graph(game_map, board)
        low = high = solve_frontier(graph).total
    return low, high


def cp_sat_route(game_map: Map, board: Board,
                 time_limit: float = TIME_LIMIT) -> tuple[int, bool, float]:
    """The best route's score by CP-SAT: (score, proven optimal, solve seconds)."""
    low, high, seconds = score_bounds(game_map, board, time_limit)
    return low, low == high, seconds


def score_bounds(game_map: Map, board: Board,
                 time_limit: float = TIME_LIMIT) -> tuple[int, int, float]:
    """What CP-SAT knows of the best score within ``time_limit`` seconds: the best
    route it found, a bound no route beats (the same when proven), and the CPU seconds
    of its solve (one worker, so the same as its wall time on an idle machine and far
    less load-dependent)."""
    from ortools.sat.python import cp_model

    m = cp_model.CpModel()
    ids = [s for s in game_map.space_ids
           if s in board.cells and board.cells[s].kind is not CellKind.CROSS]
    if not ids:
        return 0, 0, 0.0
    node = {s: i + 1 for i, s in enumerate(ids)}
    value: dict[str, Any] = {}
    on: dict[str, Any] = {}
    arcs: list[tuple[int, int, Any]] = []
    points: list[Any] = []
    for s in ids:
        cell = board.cells[s]
        low, high = (cell.value, cell.value) if cell.value is not None else (0, 99)
        value[s] = m.NewIntVar(low, high, f"v_{s}")
        on[s] = m.NewBoolVar(f"on_{s}")
        arcs += [(node[s], node[s], ~on[s]), (0, node[s], m.NewBoolVar(f"start_{s}")),
                 (node[s], 0, m.NewBoolVar(f"end_{s}"))]
        points.append(on[s] * (2 if cell.circled else 1))

    def arc(a: str, b: str) -> Any:
        lit = m.NewBoolVar(f"arc_{a}_{b}")
        arcs.append((node[a], node[b], lit))
        m.Add(value[a] <= value[b]).OnlyEnforceIf(lit)
        return lit

    for a, b in game_map.edges:
        if a in node and b in node:
            arc(a, b)
            arc(b, a)
    rides_at: dict[str, list[Any]] = {}
    docks = [d for d in game_map.docks if d.space in node]
    for d1 in docks:
        for d2 in docks:
            if d1.space != d2.space:
                ride = arc(d1.space, d2.space)
                points.append(ride * ride_points(d1.letter, d2.letter))
                rides_at.setdefault(d1.space, []).append(ride)
                rides_at.setdefault(d2.space, []).append(ride)
    for rides in rides_at.values():  # a dock reached by boat is left on foot
        m.Add(sum(rides) <= 1)
    m.AddCircuit(arcs)
    m.Add(sum(on.values()) >= 1)
    m.Maximize(sum(points))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = time_limit
    began = time.process_time()
    status = solver.Solve(m)
    seconds = time.process_time() - began
    low = round(solver.ObjectiveValue())
    high = low if status == cp_model.OPTIMAL else int(solver.BestObjectiveBound() + 1e-6)
    return low, high, seconds
