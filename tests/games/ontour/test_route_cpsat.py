"""The route solver's constraint model (``route.cpsat``) on its own: the best route on
small graphs against brute force, with and without its layer constraints and hint; a
work limit; the same route and the same work on every run; and on the kept hard boards, as the
search hands them on, the textbook model's score."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("ortools")

from board_oracle import oracle_score  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from route_oracle import best_total  # noqa: E402
from test_bank_bounds import two_bank_graphs  # noqa: E402
from test_route_bounds import block_graphs, dock_graphs, run_graphs  # noqa: E402
from test_route_search import check_solution, graphs  # noqa: E402

from sheetgen.games.ontour import route  # noqa: E402
from sheetgen.games.ontour.grammar import parse_boards  # noqa: E402
from sheetgen.games.ontour.route import RouteGraph, Solution, cpsat  # noqa: E402
from sheetgen.games.ontour.route.graph import route_total  # noqa: E402
from sheetgen.games.ontour.route.search import _search_solve  # noqa: E402
from sheetgen.games.ontour.score import dock_jumps, route_graph  # noqa: E402
from sheetgen.maps import find_map  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]
BOARDS = sorted((ROOT / "tests" / "data" / "boards" / "adversarial").glob("*.csv"))

every_graph = st.one_of(graphs(), graphs(jumps=True), run_graphs(), dock_graphs(),
                        two_bank_graphs(), block_graphs())


def _checked(graph: RouteGraph, result: cpsat.ModelResult | None, best: int) -> None:
    assert result is not None
    assert result.total == best
    if best:
        assert check_solution(graph, Solution(result.steps, best, True, 0)) == best


@settings(max_examples=300, deadline=None)
@given(graph=every_graph, limit=st.integers(1, 40), plain=st.booleans())
def test_model_proves_the_brute_force_best(graph: RouteGraph, limit: int,
                                           plain: bool) -> None:
    # Started from a route of a short search, maybe not the best, as the portfolio hands
    # a board on; with and without the ranks and layer constraints.
    best = best_total(graph)
    start = _search_solve(graph, None, limit)
    _checked(graph, cpsat.solve_model(graph, start.steps, plain=plain), best)


@settings(max_examples=150, deadline=None)
@given(graph=every_graph)
def test_model_without_hint_or_bound_proves_the_best(graph: RouteGraph) -> None:
    _checked(graph, cpsat.solve_model(graph), best_total(graph))


@pytest.mark.parametrize("limit", [{"work_limit": 0.05},
                                   {"parameters": "max_deterministic_time: 0.05"}])
def test_model_stops_at_a_work_limit(limit: dict[str, Any]) -> None:
    # No proof within the limit, however it is set: the best route so far, unproven, no
    # worse than the hint it started from, and the limit kept to.
    graph, start = _handed_on(ROOT / "tests" / "data" / "boards" / "adversarial"
                              / "usa-cut-stars-climb.csv")
    result = cpsat.solve_model(graph, start.steps, **limit)
    assert result is not None and not result.proven
    assert result.deterministic_time <= 0.05 + 0.01
    if result.total >= 0:
        assert result.total == route_total(graph, result.steps) >= start.total


def _handed_on(path: Path) -> tuple[RouteGraph, Solution]:
    (board,) = parse_boards(path.read_text(encoding="utf-8"), str(path))[1]
    game_map = find_map(board.map_id)
    graph, _ = route_graph(game_map, board, dock_jumps(game_map) if game_map.docks else None)
    return graph, _search_solve(graph, None, route.SEARCH_LIMIT)


def test_model_gives_the_same_route_and_work_twice() -> None:
    # One worker and no clock: the same route, branches and deterministic time.
    graph, start = _handed_on(ROOT / "tests" / "data" / "boards" / "adversarial"
                              / "europe-cut-stars-search.csv")
    assert not start.proven_optimal
    first = cpsat.solve_model(graph, start.steps)
    second = cpsat.solve_model(graph, start.steps)
    assert first is not None and second is not None
    assert first == second


@pytest.mark.slow
@pytest.mark.parametrize("path", BOARDS, ids=[p.stem for p in BOARDS])
def test_model_on_a_hard_board_agrees_with_the_textbook_model(path: Path) -> None:
    graph, start = _handed_on(path)
    result = cpsat.solve_model(graph, start.steps)
    assert result is not None
    (board,) = parse_boards(path.read_text(encoding="utf-8"), str(path))[1]
    low, high = oracle_score(find_map(board.map_id), board)
    assert result.total >= start.total
    assert low <= result.total <= high
    assert check_solution(graph, Solution(result.steps, result.total, True, 0)) == result.total
