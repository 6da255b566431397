"""The bound per bank (Paris: no link crosses the river, rides join the pieces) against
brute force: at random states of small two-bank graphs, the search's upper bound is never
below the best continuation found by trying every one; and the whole search stays exact."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st
from route_oracle import best_total
from test_route_search import check_solution

from sheetgen.games.ontour.route import Jump, RouteGraph, solve
from sheetgen.games.ontour.route.search import _Search


@st.composite
def two_bank_graphs(draw: st.DrawFn) -> RouteGraph:
    """Two banks of 3-6 nodes, links only within a bank, 2-5 docks on either bank with a
    ride from every dock to every other worth the distance between their letters (or,
    one way only, some worth nothing); stars and a few numbers, so runs, rises and both
    kinds of pieces (one dock, several) occur."""
    sizes = (draw(st.integers(3, 6)), draw(st.integers(3, 6)))
    n = sum(sizes)
    nbrs: list[set[int]] = [set() for _ in range(n)]
    start = 0
    for size in sizes:
        bank = range(start, start + size)
        for a, b in draw(st.lists(st.tuples(st.sampled_from(bank), st.sampled_from(bank)),
                                  max_size=2 * size)):
            if a != b:
                nbrs[a].add(b)
                nbrs[b].add(a)
        start += size
    docks = draw(st.lists(st.integers(0, n - 1), min_size=2, max_size=5, unique=True))
    one_way = draw(st.booleans())  # rides one way only (and some worth nothing)
    jumps: list[list[Jump]] = [[] for _ in range(n)]
    for a, b in combinations(range(len(docks)), 2):
        jumps[docks[a]].append(Jump(docks[b], (b - a) % 3 if one_way else b - a))
        if not one_way:
            jumps[docks[b]].append(Jump(docks[a], b - a))
    values = tuple(draw(st.lists(st.sampled_from((None, 3, 3, 3, 4, 5)),
                                 min_size=n, max_size=n)))
    weights = tuple(draw(st.lists(st.integers(1, 2), min_size=n, max_size=n)))
    return RouteGraph(values, weights, tuple(tuple(sorted(s)) for s in nbrs),
                      tuple(tuple(j) for j in jumps))


def _moves(graph: RouteGraph, node: int, c: int, visited: int,
           jumped: bool) -> list[tuple[int, bool, int, int]]:
    """Every legal next step: (node, by ride, points, value after)."""
    out = []
    steps = [(j, False, 0) for j in graph.neighbours[node]]
    if not jumped:
        steps += [(jp.target, True, jp.bonus) for jp in graph.jumps[node]]
    for j, ride, bonus in steps:
        v = graph.values[j]
        if visited >> j & 1 or (v is not None and v < c):
            continue
        out.append((j, ride, graph.weights[j] + bonus, c if v is None else v))
    return out


def best_continuation(graph: RouteGraph, node: int, c: int, visited: int,
                      jumped: bool) -> int:
    """The most points a route at ``node`` can still add, trying every continuation."""
    best = 0
    for j, ride, points, value in _moves(graph, node, c, visited, jumped):
        best = max(best, points + best_continuation(graph, j, value, visited | 1 << j, ride))
    return best


def check_bound_at_a_random_state(graph: RouteGraph, data: st.DataObject,
                                  search: _Search, steps: int = 5) -> None:
    """A random route prefix of at most ``steps`` moves, then the bound and the search at
    its last state against brute force. Asked with a floor, the bound may stop short of
    the exact value but never goes below it; the search returns the exact value above the
    floor, else a bound no larger than the floor and no smaller than the exact value."""
    n = len(graph.values)
    node = data.draw(st.integers(0, n - 1))
    lowest = min((v for v in graph.values if v is not None), default=0)
    c = lowest if graph.values[node] is None else graph.values[node]
    assert c is not None
    visited, jumped = 1 << node, False
    for _ in range(data.draw(st.integers(0, steps))):
        moves = _moves(graph, node, c, visited, jumped)
        if not moves:
            break
        node, jumped, _, c = data.draw(st.sampled_from(moves))
        visited |= 1 << node
    exact = best_continuation(graph, node, c, visited, jumped)
    for alpha in data.draw(st.lists(st.integers(-1, exact + 3), min_size=1, max_size=3)):
        assert search.upper_bound(node, c, visited, None, alpha, jumped) >= exact
        value = search.best(node, c, visited, jumped, alpha)
        assert value == exact if exact > alpha else exact <= value <= alpha
    assert search.best(node, c, visited, jumped, -1) == exact


@settings(max_examples=250, deadline=None)
@given(graph=two_bank_graphs(), data=st.data())
def test_bank_bound_is_never_below_the_best_continuation(graph: RouteGraph,
                                                          data: st.DataObject) -> None:
    check_bound_at_a_random_state(graph, data, _Search(graph, None))


@settings(max_examples=400, deadline=None)
@given(graph=two_bank_graphs(), data=st.data())
def test_bank_bound_with_every_part_on_small_components(graph: RouteGraph,
                                                         data: st.DataObject) -> None:
    # The bounds kept for components of nine nodes and more (the stars counted once
    # across a rise, the rides counted once) on every component, so that these small
    # graphs reach them: the stars of a piece the run cannot walk to before the rise
    # are still the continuation's to enter (Paris seed 3, long runs, board 35).
    search = _Search(graph, None)
    search.block_threshold = 1
    check_bound_at_a_random_state(graph, data, search)


@settings(max_examples=100, deadline=None)
@given(two_bank_graphs())
def test_two_bank_graphs_match_brute_force(graph: RouteGraph) -> None:
    solution = solve(graph)
    assert solution.proven_optimal
    assert solution.total == best_total(graph)
    assert check_solution(graph, solution) == solution.total


def test_only_one_piece_with_a_single_dock_counts() -> None:
    """Stars on two banks: the piece 0-1 (dock 0) on one, and the pieces 4-5 (dock 4)
    and 6-7 (dock 6) on the other, each with a single dock. A route entering such a piece
    by boat can leave it only on foot, so it visits at most one of them and ends there:
    the bound counts one (3 points of ride and 2 clubs), not both."""
    #   0-1   (start piece, dock 0)      4-5 (dock 4)      6-7 (dock 6)
    nbrs = ((1,), (0,), (), (), (5,), (4,), (7,), (6,))
    jumps: list[list[Jump]] = [[] for _ in range(8)]
    for a, b, bonus in ((0, 4, 3), (0, 6, 3), (4, 6, 1)):
        jumps[a].append(Jump(b, bonus))
        jumps[b].append(Jump(a, bonus))
    graph = RouteGraph((None,) * 8, (1,) * 8, nbrs, tuple(tuple(j) for j in jumps))
    search = _Search(graph, None)
    # At 1 (entered on foot from 0, which is spent): no dock left to ride from.
    assert search.upper_bound(1, 0, 0b11, None, -1, False) == 0
    # At 0: walk to 1 and stop (1), or ride to one single-dock piece (3 + 2 clubs).
    bound = search.upper_bound(0, 0, 0b1, None, -1, False)
    assert bound == best_continuation(graph, 0, 0, 0b1, False) == 5


def test_a_star_after_the_rise_still_counts() -> None:
    """Five docks 0-4 with rides between all of them, 0 and 3 linked on foot; 3 holds 4,
    8 holds 3 and the rest are stars. From the star 1 (at value 3) the best route rides
    to 3 (3 points of ride, 1 club), walks to the star 0 and rides to 4 (3 + 1): 9. The
    star 0 cannot be walked to before the rise to 3, yet the route enters it after:
    the bound of that rise counts it once (it was left out, and the bound was 8)."""
    rides = {(0, 1): 1, (0, 2): 1, (0, 3): 2, (0, 4): 3, (1, 2): 2, (1, 3): 3, (1, 4): 4,
             (2, 3): 1, (2, 4): 2, (3, 4): 1}
    jumps: list[list[Jump]] = [[] for _ in range(9)]
    for (a, b), bonus in rides.items():
        jumps[a].append(Jump(b, bonus))
        jumps[b].append(Jump(a, bonus))
    nbrs = ((3,), (), (), (0,), (), (), (), (), ())
    graph = RouteGraph((None, None, None, 4, None, None, None, None, 3), (1,) * 9, nbrs,
                       tuple(tuple(j) for j in jumps))
    exact = best_continuation(graph, 1, 3, 0b10, False)
    assert exact == 9
    search = _Search(graph, None)
    search.block_threshold = 1  # the bound of large components, on this small one
    assert search.upper_bound(1, 3, 0b10, None, 0, False) >= exact
    assert search.best(1, 3, 0b10, False, -1) == exact
