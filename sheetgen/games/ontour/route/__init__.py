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
constraint model of ``cpsat`` (OR-Tools CP-SAT, started from that route), and the two
then take turns (``ALTERNATION``), each with a budget of work: the model a little, the
search on from where it stopped, the model again with more, until one proves the best
route (some boards the search proves in a few thousand states more, where the model
takes seconds; on others the model is far quicker). Each starts from what the other
found: the model from the search's best route and bound, the search from the model's
route and bound (a route that reaches it is proven). Without OR-Tools, to the sweep of
``frontier`` (a dynamic programme over the map's frontier, whose cost depends on the
map's shape, not on the bounds), its states bounded; and past that bound to the search
again, its tables bounded. Each proves the best route; the search's route is kept where
the others find no better one.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from sheetgen.games.ontour.route.graph import Jump, RouteGraph, Solution, Step, Value, route_total
from sheetgen.games.ontour.route.search import _Resumable, _search_solve
from sheetgen.games.ontour.route.tables import _UNBOUNDED as _NO_BOUND

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
    constraint model of ``cpsat`` started from the search's best route and the search
    again in turn, each on a budget of work (``ALTERNATION``; the last model without
    one, after short runs under other seeds of CP-SAT, ``RESTARTS``). Without OR-Tools
    (or when the model stops at its memory): the search up to ``PURE_LIMIT``, then on a
    graph without rides the sweep of ``frontier`` where it fits in ``SWEEP_WIDTH``
    states, and last the search without a limit, its tables bounded by ``MEMO_LIMIT``.
    Each way proves the best route; the search's route is kept where a later way finds
    no better one."""
    if max_states is not None or limit is not None:
        return _search_solve(graph, max_states, limit)
    search = _Resumable(graph)
    best = search.run(SEARCH_LIMIT)
    if best.proven_optimal:
        return best
    from sheetgen.games.ontour.route import cpsat, frontier

    say = progress or (lambda text: None)
    if cpsat.available():
        proven = _alternate(graph, search, say)
        if proven is not None:
            return proven
        best = search.solution()
        # The model stopped at its memory: the pure ways.
    if best.states < PURE_LIMIT:
        say(f"searching on (best so far {best.total})")
        best = search.run(PURE_LIMIT)
        if best.proven_optimal:
            return best
    del search  # (its tables: the ways below have bounds on memory of their own)
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


def _alternate(graph: RouteGraph, search: _Resumable,
               say: Callable[[str], None]) -> Solution | None:
    """The search (stopped at ``SEARCH_LIMIT``) and the constraint model of ``cpsat`` in
    turn, each with a budget of work (``ALTERNATION``), each starting from what the
    other found: the model from the search's best route, its objective bounded by the
    search's bound; the search on with its tables, the model's route if better, and the
    model's bound as a ceiling (a route that reaches it is proven). The last model has
    no budget and proves the best route; None when it stops at its memory."""
    from sheetgen.games.ontour.route import cpsat

    for work, states in ALTERNATION:
        best = search.solution()
        modelling = f"proving the best route with a constraint model (best so far {best.total}"
        say(modelling + ")")
        upper = search.bound()
        runs = [(work, "")]
        if work is None:
            # Before the last model: short runs under other seeds (CP-SAT's time to a
            # proof is heavy-tailed in its seed; one of a few short runs often proves
            # what one long run takes minutes on).
            runs[:0] = [(budget, f"random_seed: {seed}") for budget, seed in RESTARTS]
        for budget, parameters in runs:
            result = cpsat.solve_model(graph, search.best_steps,
                                       functools.partial(_bound_note, say, modelling),
                                       budget, None if upper >= _NO_BOUND else upper,
                                       parameters=parameters)
            if result is None:
                return None
            if result.total > search.best_total:
                search.best_total, search.best_steps = result.total, result.steps
            if result.proven:
                return Solution(search.best_steps, search.best_total, True, search.states,
                                "model")
        if states is None:
            continue
        ceiling = _NO_BOUND if result is None or result.bound is None else result.bound
        say(f"searching on for the best route (best so far {search.best_total})")
        found = search.run(states, ceiling)
        if found.proven_optimal:
            return found
    return None


def _bound_note(say: Callable[[str], None], doing: str, bound: float) -> None:
    say(f"{doing}, at most {round(bound)})")


SEARCH_LIMIT = 4000
"""Search states before the portfolio of ``solve`` hands a board to the model (on Paris's
long runs of seeds 1-3 the best trade: the model is slower than the search on some
boards the search proves in a few thousand states)."""

ALTERNATION: tuple[tuple[float | None, int | None], ...] = (
    (0.25, 8_000), (4.0, 48_000), (None, None))
"""Past ``SEARCH_LIMIT``: the model's budget of deterministic time (CP-SAT's
``max_deterministic_time``, about seconds of one core), then the search's states in all
to go on to, in turn (None: no budget, the last model). Measured on the hardest boards
found (``benchmarks/adversarial.py``): a quarter unit proves the boards the model finds
easy; 8000 states prove those the search nearly had (a usa board in 7001 states, where
the model takes 4.6 units); 4 units more prove all but one of the others; the search to
48 000 states proves that one (a Paris board the model takes 12.8 units on). One search
state is about 1/16 000 of a unit there, and each model restarts from the hint: longer
schedules lose more on the boards the model proves than they win."""

RESTARTS: tuple[tuple[float, int], ...] = ((0.5, 2), (0.5, 3), (1.0, 4), (1.0, 5))
"""Before the last model (without a budget): short runs of the model on a budget of
work, each under another seed of CP-SAT's search (``random_seed``; the default is 1).
CP-SAT's work to a proof is heavy-tailed in its seed: on a Paris board of the hill climbs
the default seed had not proven the best route after 12 units where seeds 3 and 4 took
0.4 (the board 91 s -> 7.5 s); a board no seed proves quickly pays the 3 units (a usa
board 17.4 -> 20.4 units; doubling on to 2-unit runs cost it 7). The same seeds give the
same runs, so the route stays the same on every machine."""

PURE_LIMIT = 30_000
"""Without OR-Tools: search states before the sweep."""

SWEEP_WIDTH = 150_000
"""Most states the sweep may keep after one node (a bound on its memory, about 100 MB)."""

MEMO_LIMIT = 150_000
"""Remembered states past which the last resort's search clears its tables."""
