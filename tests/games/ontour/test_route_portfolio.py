"""The ways the route solver proves a best route when its search runs long (the constraint
model, the sweep of the map, the search again with bounded tables) against brute force on
small graphs, every way forced on every graph; and the portfolio's choices."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from route_oracle import best_total
from test_bank_bounds import two_bank_graphs
from test_route_bounds import block_graphs, dock_graphs, run_graphs
from test_route_search import check_solution, graphs

import sheetgen.games.ontour.route as route
from sheetgen.games.ontour.route import RouteGraph, Solution, cpsat, frontier, solve

every_graph = st.one_of(graphs(), graphs(jumps=True), run_graphs(), dock_graphs(),
                        two_bank_graphs(), block_graphs())


@contextmanager
def forced(way: str) -> Iterator[None]:
    """The portfolio with its searches stopped after a state and then only ``way``:
    ``model``, ``sweep``, or ``search`` (the search again, its tables cleared past three
    states)."""
    names = ("SEARCH_LIMIT", "PURE_LIMIT", "SWEEP_WIDTH", "MEMO_LIMIT")
    saved = [getattr(route, name) for name in names], cpsat.available
    route.SEARCH_LIMIT, route.PURE_LIMIT = 1, 1
    route.MEMO_LIMIT = 3
    if way != "model":
        cpsat.available = lambda: False
    if way == "search":
        route.SWEEP_WIDTH = 0
    try:
        yield
    finally:
        for name, value in zip(names, saved[0], strict=True):
            setattr(route, name, value)
        cpsat.available = saved[1]


@pytest.mark.parametrize("way", ["model", "sweep", "search"])
@settings(max_examples=150, deadline=None)
@given(graph=every_graph)
def test_every_way_proves_the_best_route(way: str, graph: RouteGraph) -> None:
    best = best_total(graph)
    with forced(way):
        solution = solve(graph)
    assert solution.proven_optimal
    assert solution.total == best
    assert check_solution(graph, solution) == best


@settings(max_examples=300, deadline=None)
@given(graph=every_graph, slack=st.integers(0, 3))
def test_sweep_finds_only_better_routes_than_its_floor(graph: RouteGraph,
                                                        slack: int) -> None:
    # The sweep needs rides with their way back; below the best it returns the best
    # route, at or above it nothing.
    if not frontier.reversible(graph):
        with pytest.raises(ValueError):
            frontier.solve_frontier(graph)
        return
    best = best_total(graph)
    floor = max(0, best - slack)
    result = frontier.solve_frontier(graph, floor)
    if floor < best:
        assert result.total == best
        assert check_solution(graph, Solution(result.steps, best, True, 0)) == best
    else:
        assert (result.total, result.steps) == (floor, ())


@settings(max_examples=300, deadline=None)
@given(graph=every_graph)
def test_model_started_from_the_search_proves_the_best(graph: RouteGraph) -> None:
    best = best_total(graph)
    start = solve(graph, limit=2)  # a route, maybe not the best, as the hint
    result = cpsat.solve_model(graph, start.steps)
    assert result is not None
    assert result.total == best
    if best:
        assert check_solution(graph, Solution(result.steps, best, True, 0)) == best


def test_sweep_keeps_to_its_width() -> None:
    # A grid of stars: the sweep's states outgrow a width of 5 and it says so.
    side = 4
    n = side * side
    nbrs = tuple(tuple(j for j in (i - side, i + side, i - 1 if i % side else -1,
                                   i + 1 if (i + 1) % side else -1) if 0 <= j < n)
                 for i in range(n))
    graph = RouteGraph((None,) * n, (1,) * n, nbrs)
    with pytest.raises(frontier.StateLimitExceeded):
        frontier.solve_frontier(graph, max_width=5)
    assert frontier.solve_frontier(graph).total == n
