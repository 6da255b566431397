"""The generic search agrees exactly with exhaustive enumeration on small random graphs."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from route_oracle import best_total

from sheetgen.games.ontour.route import Jump, RouteGraph, Solution, Step, solve


@st.composite
def graphs(draw: st.DrawFn, jumps: bool = False) -> RouteGraph:
    n = draw(st.integers(0, 9))
    pairs = draw(st.lists(st.tuples(st.integers(0, max(n - 1, 0)),
                                    st.integers(0, max(n - 1, 0))), max_size=16))
    nbrs: list[set[int]] = [set() for _ in range(n)]
    for a, b in pairs:
        if a != b:
            nbrs[a].add(b)
            nbrs[b].add(a)
    values = tuple(draw(st.lists(st.one_of(st.none(), st.integers(0, 4)),
                                 min_size=n, max_size=n)))
    weights = tuple(draw(st.lists(st.integers(1, 2), min_size=n, max_size=n)))
    jump_moves: tuple[tuple[Jump, ...], ...] = ()
    if jumps and n:
        targets = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1),
                                          st.integers(0, 4)), max_size=6))
        per: list[list[Jump]] = [[] for _ in range(n)]
        for a, b, bonus in targets:
            if a != b:
                per[a].append(Jump(b, bonus))
        jump_moves = tuple(tuple(j) for j in per)
    return RouteGraph(values, weights, tuple(tuple(sorted(s)) for s in nbrs), jump_moves)


def check_solution(graph: RouteGraph, solution: Solution) -> int:
    """Independent check of a generic route: simple, every move a link or a jump, no two
    jumps in a row, numbers never decreasing (stars skipped). Returns its total."""
    steps = solution.steps
    nodes = [s.node for s in steps]
    assert len(set(nodes)) == len(nodes), "a node twice"
    if steps:
        assert not steps[0].by_jump and steps[0].bonus == 0
    for prev, step in zip(steps, steps[1:], strict=False):
        if step.by_jump:
            assert not prev.by_jump, "two jumps in a row"
            assert Jump(step.node, step.bonus) in graph.jumps[prev.node]
        else:
            assert step.bonus == 0
            assert step.node in graph.neighbours[prev.node]
    numbers = [graph.values[i] for i in nodes if graph.values[i] is not None]
    assert numbers == sorted(numbers)  # type: ignore[type-var]
    return sum(graph.weights[s.node] + s.bonus for s in steps)


@settings(max_examples=400, deadline=None)
@given(graphs())
def test_search_matches_brute_force(graph: RouteGraph) -> None:
    solution = solve(graph)
    assert solution.proven_optimal
    assert solution.total == best_total(graph)
    assert check_solution(graph, solution) == solution.total


@st.composite
def flat_graphs(draw: st.DrawFn) -> RouteGraph:
    """Stars and at most one number, no jumps: every route can be walked backwards, and
    the search drops starts it has searched in full as route ends."""
    graph = draw(graphs())
    number = draw(st.integers(0, 99))
    values = tuple(None if v is None or v % 2 else number for v in graph.values)
    return RouteGraph(values, graph.weights, graph.neighbours)


@settings(max_examples=300, deadline=None)
@given(flat_graphs())
def test_flat_boards_match_brute_force(graph: RouteGraph) -> None:
    solution = solve(graph)
    assert solution.proven_optimal
    assert solution.total == best_total(graph)
    assert check_solution(graph, solution) == solution.total


@settings(max_examples=250, deadline=None)
@given(graphs(jumps=True))
def test_search_with_jumps_matches_brute_force(graph: RouteGraph) -> None:
    solution = solve(graph)
    assert solution.total == best_total(graph)
    assert check_solution(graph, solution) == solution.total


def test_jump_bonus_is_taken_and_not_chained() -> None:
    # 0 - 1   2 - 3, jumps 1->2 (bonus 5) and 2->3 (bonus 5): the second may not follow
    # the first, so the best is 0 1 ~> 2 3 on foot: 4 nodes + 5.
    graph = RouteGraph(values=(1, 2, 3, 4), weights=(1, 1, 1, 1),
                       neighbours=((1,), (0,), (3,), (2,)),
                       jumps=((), (Jump(2, 5),), (Jump(3, 5),), ()))
    solution = solve(graph)
    assert solution.total == 9
    assert solution.steps == (Step(0, False, 0), Step(1, False, 0), Step(2, True, 5),
                              Step(3, False, 0))


def test_state_budget_gives_a_legal_unproven_route() -> None:
    n = 9
    nbrs = tuple(tuple(j for j in range(n) if j != i) for i in range(n))
    graph = RouteGraph(values=(None,) * n, weights=(1,) * n, neighbours=nbrs)
    solution = solve(graph, max_states=3)
    assert not solution.proven_optimal
    assert check_solution(graph, solution) == solution.total >= 1


def test_same_graph_same_route() -> None:
    graph = RouteGraph(values=(None, 5, 5, 5, None), weights=(1, 2, 1, 2, 1),
                       neighbours=((1, 2), (0, 2, 3), (0, 1, 4), (1, 4), (2, 3)))
    assert solve(graph) == solve(graph)
    assert solve(graph).total == 7


def test_graph_rejects_one_way_links() -> None:
    import pytest

    with pytest.raises(ValueError, match="symmetric"):
        RouteGraph(values=(1, 2), weights=(1, 1), neighbours=((1,), ()))


def test_a_budget_spent_while_ranking_the_starts_still_gives_a_route() -> None:
    # The upper bounds that order the start nodes count against the budget as well; on
    # this graph they exhaust a budget of 0 before any route is tried.
    graph = RouteGraph(values=(2, 2, 3, None, 5), weights=(1, 1, 1, 1, 1),
                       neighbours=((3, 4), (4,), (3,), (0, 2), (0, 1)))
    solution = solve(graph, max_states=0)
    assert not solution.proven_optimal
    assert check_solution(graph, solution) == solution.total >= 1
