"""The ways the route solver proves a best route when its search runs long (the constraint
model, the sweep of the map, the search again with bounded tables) against brute force on
small graphs, every way forced on every graph; and the portfolio's choices."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from board_oracle import oracle_score
from hypothesis import given, settings
from hypothesis import strategies as st
from route_oracle import best_total
from test_bank_bounds import two_bank_graphs
from test_route_bounds import block_graphs, dock_graphs, run_graphs
from test_route_search import check_solution, graphs

import sheetgen.games.ontour.route as route
from sheetgen.games.ontour.grammar import parse_boards
from sheetgen.games.ontour.route import RouteGraph, Solution, cpsat, frontier, solve
from sheetgen.games.ontour.route.search import _Resumable
from sheetgen.games.ontour.route.tables import _UNBOUNDED
from sheetgen.games.ontour.score import best_route, route_graph
from sheetgen.games.ontour.verify import check_route
from sheetgen.maps import find_map
from sheetgen.model import Board, Map

every_graph = st.one_of(graphs(), graphs(jumps=True), run_graphs(), dock_graphs(),
                        two_bank_graphs(), block_graphs())


@contextmanager
def forced(way: str) -> Iterator[None]:
    """The portfolio with its searches stopped after a state and then only ``way``:
    ``model``, ``sweep``, or ``search`` (the search again, its tables cleared past three
    states); or ``alternate``: the model and the search in turn on tiny budgets
    (``alternate-late``: the searches stopped at once, so the last model proves;
    ``restarts``: the short runs under other seeds before the last model, one stopped at
    once, one on a tiny budget)."""
    names = ("SEARCH_LIMIT", "PURE_LIMIT", "SWEEP_WIDTH", "MEMO_LIMIT", "ALTERNATION",
             "RESTARTS")
    saved = [getattr(route, name) for name in names], cpsat.available
    route.SEARCH_LIMIT, route.PURE_LIMIT = 1, 1
    route.MEMO_LIMIT = 3
    if way == "model":
        route.ALTERNATION = ((None, None),)
    if way == "alternate":
        # The model stopped at once (its hint, maybe a bound), the search on a few
        # states, the model again a little, the search again, the model to the end.
        route.ALTERNATION = ((0.0, 2), (0.01, 4), (None, None))
    if way == "alternate-late":
        # The same with the searches stopped at once: the last model's turn.
        route.ALTERNATION = ((0.0, 1), (0.0, 1), (None, None))
    if way == "restarts":
        route.ALTERNATION = ((0.0, 1), (None, None))
        route.RESTARTS = ((0.0, 2), (0.001, 3))
    if not way.startswith(("model", "alternate", "restarts")):
        cpsat.available = lambda: False
    if way == "search":
        route.SWEEP_WIDTH = 0
    try:
        yield
    finally:
        for name, value in zip(names, saved[0], strict=True):
            setattr(route, name, value)
        cpsat.available = saved[1]


@pytest.mark.parametrize("way", ["model", "sweep", "search", "alternate", "alternate-late",
                                 "restarts"])
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


@settings(max_examples=100, deadline=None)
@given(graph=every_graph)
@pytest.mark.parametrize("way", ["alternate", "alternate-late"])
def test_alternating_gives_the_same_route_twice(way: str, graph: RouteGraph) -> None:
    with forced(way):
        first, second = solve(graph), solve(graph)
    assert (first.steps, first.total, first.states, first.method) == (
        second.steps, second.total, second.states, second.method)


@settings(max_examples=300, deadline=None)
@given(graph=every_graph, limits=st.lists(st.integers(0, 40), max_size=4),
       tight=st.booleans())
def test_resumed_search_proves_the_best(graph: RouteGraph, limits: list[int],
                                        tight: bool) -> None:
    # The search stopped and resumed at growing limits, keeping its tables and its best
    # route, ends at the best route; with the best total as its ceiling (a bound from
    # elsewhere) it stops as soon as a route reaches it.
    best = best_total(graph)
    search = _Resumable(graph)
    spent = 0
    for limit in sorted(limits):
        found = search.run(limit)
        assert found.states >= spent  # on from where it stopped
        spent = found.states
        assert check_solution(graph, found) == found.total <= best <= search.bound()
        if found.proven_optimal:
            assert found.total == best
    found = search.run(None, best if tight else _UNBOUNDED)
    assert found.proven_optimal
    assert found.total == best
    assert check_solution(graph, found) == best


def _big_rises() -> tuple[Map, Board]:
    # A board the search proves in 7001 states: past SEARCH_LIMIT, within the search's
    # first budget after the model's first turn (the model alone: 4.55 units).
    path = Path(__file__).resolve().parents[2] / "data/boards/adversarial/usa-big-rises-7.csv"
    (board,) = parse_boards(path.read_text(encoding="utf-8"), str(path))[1]
    return find_map(board.map_id), board


def test_a_board_the_search_proves_after_the_hand_off_is_proven_by_the_search() -> None:
    game_map, board = _big_rises()
    graph, _ = route_graph(game_map, board)
    handed = solve(graph, limit=route.SEARCH_LIMIT)
    assert not handed.proven_optimal  # the search alone stops at the hand-off
    first, second = solve(graph), solve(graph)
    assert first.method == "search"
    assert first.proven_optimal
    assert route.SEARCH_LIMIT < first.states <= route.ALTERNATION[0][1]
    assert first == second  # the same route on every run (work, never the clock)
    result = best_route(game_map, board)
    assert result.score == first.total
    assert check_route(game_map, board, result.route, result.rides).score == first.total
    low, high = oracle_score(game_map, board)
    assert low == first.total == high


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
