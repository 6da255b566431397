"""Exact best route on a graph of numbered spaces: the longest non-decreasing simple path.

The problem (``graph``)
-----------------------
The best route on a graph whose nodes carry a weight and a number or a wild star: a
simple path along links (and, on Paris, boat rides that carry a bonus and never follow
one another) whose numbers never decrease.

Why a plain DAG longest path does not work
------------------------------------------
Moving to a strictly higher number is a step in a DAG, but equal numbers and stars let a
route wander back and forth, so the graph of allowed moves has cycles and the route must
stay simple. The problem contains the Hamiltonian path problem (a board of stars), so no
polynomial method is expected; the method must be exact anyway.

The method
----------
A memoised branch and bound over states (node, current number, the part of the visited
set that still matters), one module per part, each explaining its own:

- ``graph``: the problem as data (``RouteGraph``, ``Jump``, ``Step``, ``Solution``);
- ``tables``: the graph as bit masks and a state's memo key (the decomposition by value:
  once the route climbs, what it left behind is forgotten);
- ``search``: the depth-first search with fail-soft alpha pruning, its passes over the
  starts and its greedy floor routes;
- ``bounds``: the upper bound of a state (a segment through its component, then a rise
  and the best continuation, each star counted once), with ``blocks`` (the block-cut
  tree), ``rises`` (the continuation from a higher number) and ``banks`` (rides, as a
  matching, and the bound per bank of a river);
- ``runs``: one search for all the starts of a long run of equal numbers;
- ``cpsat`` and ``frontier``: the two complete methods a long board is handed to.

When the search runs long
-------------------------
Nearly every board is proven by the search in a few hundred states; boards built to be
hard (stars where long runs of equal numbers hang together, docks that are stars) can
keep its bounds far above the best route for minutes. ``solve`` therefore stops the
search after ``SEARCH_LIMIT`` states and hands the board on with its best route: to the
constraint model of ``cpsat`` (OR-Tools CP-SAT, started from that route); without
OR-Tools, to the sweep of ``frontier`` (a dynamic programme over the map's frontier,
whose cost depends on the map's shape, not on the bounds), its states bounded; and past
that bound to the search again, its tables bounded. Each proves the best route; the
search's route is kept where the others find no better one.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from sheetgen.games.ontour.route.graph import Jump, RouteGraph, Solution, Step, Value, route_total
from sheetgen.games.ontour.route.search import _search_solve

__all__ = ["MEMO_LIMIT", "PURE_LIMIT", "SEARCH_LIMIT", "SWEEP_WIDTH", "Jump", "RouteGraph",
           "Solution", "Step", "Value", "route_total", "solve"]


def solve(graph: RouteGraph, max_states: int | None = None, limit: int | None = None,
          progress: Callable[[str], None] | None = None) -> Solution:
    """The best route on ``graph``, proven, unless ``max_states`` or ``limit`` search
    states were not enough (then the best route found so far). ``max_states`` is a
    budget (the cheaper search that the built-in player's games and the seeds' pars were
    made with); ``limit`` stops the exact search after that many states without
    changing it. ``progress`` is told now and then what the solver is doing (on boards
    that take long).

    Without either, a portfolio, every step of it limited by work (states), never by the
    clock, so the same board always gets the same route: the search up to
    ``SEARCH_LIMIT`` states (nearly every board is proven well before), then the
    constraint model of ``cpsat`` started from the search's best route. Without OR-Tools
    (or when the model stops at its memory): the search up to ``PURE_LIMIT``, then on a
    graph without rides the sweep of ``frontier`` where it fits in ``SWEEP_WIDTH``
    states, and last the search without a limit, its tables bounded by ``MEMO_LIMIT``.
    Each way proves the best route; the search's route is kept where a later way finds
    no better one."""
    if max_states is not None or limit is not None:
        return _search_solve(graph, max_states, limit)
    best = _search_solve(graph, None, SEARCH_LIMIT)
    if best.proven_optimal:
        return best
    from sheetgen.games.ontour.route import cpsat, frontier

    say = progress or (lambda text: None)
    if cpsat.available():
        modelling = f"proving the best route with a constraint model (best so far {best.total}"
        say(modelling + ")")
        result = cpsat.solve_model(graph, best.steps,
                                   functools.partial(_bound_note, say, modelling))
        if result is not None:
            if result.total > best.total:
                return Solution(result.steps, result.total, True, best.states, "model")
            return Solution(best.steps, best.total, True, best.states, "model")
        # The model stopped at its memory: the pure ways.
    if best.states < PURE_LIMIT:
        say(f"searching on (best so far {best.total})")
        best = _search_solve(graph, None, PURE_LIMIT)
        if best.proven_optimal:
            return best
    if not any(graph.jumps):
        # (With rides the sweep keeps every dock on its frontier: slower than the search.)
        say(f"proving the best route by a sweep of the map (best so far {best.total})")
        try:
            swept = frontier.solve_frontier(graph, best.total, SWEEP_WIDTH, lambda done, of: say(
                f"proving the best route by a sweep of the map: {done} of {of} spaces"))
        except frontier.StateLimitExceeded:
            pass
        else:
            if swept.steps:
                return Solution(swept.steps, swept.total, True, best.states, "sweep")
            return Solution(best.steps, best.total, True, best.states, "sweep")
    say(f"searching every route (best so far {best.total})")
    return _search_solve(graph, None, None, MEMO_LIMIT, lambda states: say(
        f"searching every route: {states:,} states"))


def _bound_note(say: Callable[[str], None], doing: str, bound: float) -> None:
    say(f"{doing}, at most {round(bound)})")


SEARCH_LIMIT = 4000
"""Search states before the portfolio of ``solve`` hands a board to the model (on Paris's
long runs of seeds 1-3 the best trade: the model is slower than the search on some
boards the search proves in a few thousand states)."""

PURE_LIMIT = 30_000
"""Without OR-Tools: search states before the sweep."""

SWEEP_WIDTH = 150_000
"""Most states the sweep may keep after one node (a bound on its memory, about 100 MB)."""

MEMO_LIMIT = 150_000
"""Remembered states past which the last resort's search clears its tables."""
