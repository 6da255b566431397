"""The route search's bounds and start passes against brute force: boat-dock cliques of
rides, long runs of one number with stars, tiny allowances per start, and the ride
matching bound against an exhaustive matching."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from route_oracle import best_total
from test_bank_bounds import best_continuation, check_bound_at_a_random_state, two_bank_graphs
from test_route_search import check_solution

import sheetgen.games.ontour.route as route
from sheetgen.games.ontour.route import Jump, RouteGraph, runs, solve
from sheetgen.games.ontour.route import search as searching


def _links(draw: st.DrawFn, n: int, most: int) -> tuple[tuple[int, ...], ...]:
    pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)),
                          max_size=most))
    nbrs: list[set[int]] = [set() for _ in range(n)]
    for a, b in pairs:
        if a != b:
            nbrs[a].add(b)
            nbrs[b].add(a)
    return tuple(tuple(sorted(s)) for s in nbrs)


@st.composite
def dock_graphs(draw: st.DrawFn) -> RouteGraph:
    """Like Paris: a few docks with a ride from every dock to every other, worth the
    distance between their letters, on a graph of stars and one or two numbers."""
    n = draw(st.integers(2, 10))
    nbrs = _links(draw, n, 14)
    docks = draw(st.lists(st.integers(0, n - 1), min_size=2, max_size=6, unique=True))
    jumps: list[list[Jump]] = [[] for _ in range(n)]
    for a, b in combinations(range(len(docks)), 2):
        jumps[docks[a]].append(Jump(docks[b], b - a))
        jumps[docks[b]].append(Jump(docks[a], b - a))
    values = tuple(draw(st.lists(st.one_of(st.none(), st.integers(3, 4)),
                                 min_size=n, max_size=n)))
    weights = tuple(draw(st.lists(st.integers(1, 2), min_size=n, max_size=n)))
    return RouteGraph(values, weights, nbrs, tuple(tuple(j) for j in jumps))


@settings(max_examples=200, deadline=None)
@given(dock_graphs())
def test_dock_rides_match_brute_force(graph: RouteGraph) -> None:
    solution = solve(graph)
    assert solution.proven_optimal
    assert solution.total == best_total(graph)
    assert check_solution(graph, solution) == solution.total


@st.composite
def run_graphs(draw: st.DrawFn) -> RouteGraph:
    """Ten to twelve nodes, mostly one number, some stars and a few higher numbers: long
    runs where the block-cut bound and the stars-counted-once bound are both used."""
    n = draw(st.integers(10, 12))
    nbrs = _links(draw, n, 20)
    values = tuple(draw(st.lists(st.sampled_from((None, 5, 5, 5, 7, 9)),
                                 min_size=n, max_size=n)))
    weights = tuple(draw(st.lists(st.integers(1, 2), min_size=n, max_size=n)))
    return RouteGraph(values, weights, nbrs)


@settings(max_examples=80, deadline=None)
@given(run_graphs())
def test_long_runs_with_stars_match_brute_force(graph: RouteGraph) -> None:
    solution = solve(graph)
    assert solution.proven_optimal
    assert solution.total == best_total(graph)
    assert check_solution(graph, solution) == solution.total


@settings(max_examples=120, deadline=None)
@given(st.one_of(run_graphs(), dock_graphs()))
def test_tiny_allowances_per_start_still_exact(graph: RouteGraph) -> None:
    # Starts whose search outgrows its allowance wait for a later pass; with allowances
    # of one and three states nearly every start waits at least once.
    original = searching._ALLOWANCES, searching._FLAT_ALLOWANCES
    searching._ALLOWANCES = searching._FLAT_ALLOWANCES = (1, 3, None)
    try:
        solution = solve(graph)
        again = solve(graph)
    finally:
        searching._ALLOWANCES, searching._FLAT_ALLOWANCES = original
    assert solution.proven_optimal
    assert solution.total == best_total(graph)
    assert check_solution(graph, solution) == solution.total
    assert again == solution


def _matchings(pairs: dict[tuple[int, int], int], ends: int) -> Iterator[int]:
    """Totals of every set of pairs within ``ends`` that share no end."""
    usable = [(a, b, w) for (a, b), w in pairs.items()
              if w and ends >> a & 1 and ends >> b & 1]

    def extend(i: int, used: int, total: int) -> Iterator[int]:
        yield total
        for k in range(i, len(usable)):
            a, b, w = usable[k]
            if not used >> a & 1 and not used >> b & 1:
                yield from extend(k + 1, used | 1 << a | 1 << b, total + w)

    yield from extend(0, 0, 0)


@pytest.mark.parametrize("ends_count", [9, 20])
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_ride_bound_is_the_best_matching(ends_count: int, data: st.DataObject) -> None:
    # Up to 16 jump ends the bound is the heaviest matching exactly; with more, a
    # cheaper bound that is never below it.
    n = ends_count
    rides = data.draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1),
                                         st.integers(0, 8)), min_size=1, max_size=12))
    jumps: list[list[Jump]] = [[] for _ in range(n)]
    for a, b, bonus in rides:
        if a != b:
            jumps[a].append(Jump(b, bonus))
    # Every node is a jump end, so the fallback is used for 20 nodes.
    for i in range(n):
        jumps[i].append(Jump((i + 1) % n, 0))
    graph = RouteGraph((None,) * n, (1,) * n, ((),) * n, tuple(tuple(j) for j in jumps))
    search = searching._Search(graph, None)
    pairs = search.ride_weight
    ends = data.draw(st.integers(0, (1 << n) - 1))
    exact = max(_matchings(pairs, ends))
    if n <= 16:
        assert search.rides(ends) == exact
    else:
        assert search.rides(ends) >= exact


def _paths_from(graph: RouteGraph, root: int, inside: int) -> Iterator[tuple[list[int], int]]:
    """Every simple path from ``root`` through the nodes of the mask ``inside``."""
    def extend(path: list[int]) -> Iterator[tuple[list[int], int]]:
        yield path, path[-1]
        for j in graph.neighbours[path[-1]]:
            if inside >> j & 1 and j not in path:
                yield from extend(path + [j])

    for path, _ in extend([root]):
        yield path, path[-1]


@st.composite
def block_graphs(draw: st.DrawFn) -> RouteGraph:
    """Small graphs full of cycles, 4-cycles and nodes with two links: the block-cut
    bound's skipped nodes."""
    n = draw(st.integers(3, 10))
    nbrs = _links(draw, n, 18)
    values = tuple(draw(st.lists(st.sampled_from((None, 5)), min_size=n, max_size=n)))
    weights = tuple(draw(st.lists(st.integers(1, 2), min_size=n, max_size=n)))
    return RouteGraph(values, weights, nbrs)


@settings(max_examples=300, deadline=None)
@given(block_graphs(), st.data())
def test_block_bound_never_below_a_path(graph: RouteGraph, data: st.DataObject) -> None:
    # The block-cut bound of a root over a set of nodes against every simple path from
    # the root inside the set: the best chain bounds every path, and a node's chain
    # bounds every path ending there (all weights, and numbers only).
    n = len(graph.values)
    root = data.draw(st.integers(0, n - 1))
    reach = data.draw(st.integers(0, (1 << n) - 1)) & ~(1 << root)
    search = searching._Search(graph, None)
    segment, chain = search._block_chains(root, reach)
    numbers = [0 if v is None else w for v, w in zip(graph.values, graph.weights,
                                                       strict=True)]
    for path, end in _paths_from(graph, root, reach):
        total = sum(graph.weights[i] for i in path[1:])
        assert total <= segment
        assert total <= chain[end][0]
        assert sum(numbers[i] for i in path[1:]) <= chain[end][1]


@settings(max_examples=150, deadline=None)
@given(st.one_of(run_graphs(), block_graphs()))
def test_block_bound_everywhere_still_exact(graph: RouteGraph) -> None:
    # With the block-cut bound used on every component, however small.
    original = searching._Search.__init__

    def init(self: searching._Search, *args: object, **kwargs: object) -> None:
        original(self, *args, **kwargs)  # type: ignore[arg-type]
        self.block_threshold = 1

    searching._Search.__init__ = init  # type: ignore[method-assign, assignment]
    try:
        solution = solve(graph)
    finally:
        searching._Search.__init__ = original  # type: ignore[method-assign]
    assert solution.proven_optimal
    assert solution.total == best_total(graph)
    assert check_solution(graph, solution) == solution.total


@settings(max_examples=300, deadline=None)
@given(st.one_of(run_graphs(), block_graphs(), dock_graphs(), two_bank_graphs()), st.data())
def test_widened_greedy_routes_stay_legal(graph: RouteGraph, data: st.DataObject) -> None:
    # The floor routes: a greedy route (walks first, or the dearest ride first) made
    # longer by nodes put between its neighbours (or in front) is still a legal route,
    # keeps every ride of the greedy one, is no lighter, and is never above the true best.
    search = searching._Search(graph, None)
    start = data.draw(st.integers(0, len(graph.values) - 1))
    value = graph.values[start]
    c = search.distinct[0] if value is None else value
    total, steps = search.dive(start, c, data.draw(st.booleans()), data.draw(st.booleans()))
    greedy = (route.Step(start, False, 0), *steps)
    assert check_solution(graph, route.Solution(greedy, 0, False, 0)) == (
        graph.weights[start] + total)
    wider = search.widen(greedy)
    wide_total = check_solution(graph, route.Solution(wider, 0, False, 0))
    assert [s for s in wider if s.by_jump] == [s for s in greedy if s.by_jump]
    assert wide_total >= graph.weights[start] + total
    assert wide_total <= best_total(graph)


def test_a_greedy_route_can_take_the_dearest_ride_first() -> None:
    # A path 0-1-2 and a dock 3 off it, a ride 0 -> 3 worth 5 (and back): walking
    # first the greedy route takes 1 and 2 and never the ride; rides first, it rides
    # to 3 at once, where a walk goes on (3-4).
    graph = RouteGraph((None,) * 5, (1,) * 5, ((1,), (0, 2), (1,), (4,), (3,)),
                       ((Jump(3, 5),), (), (), (Jump(0, 5),), ()))
    search = searching._Search(graph, None)
    walked = search.dive(0, search.distinct[0], False)
    ridden = search.dive(0, search.distinct[0], False, rides_first=True)
    assert [s.node for s in walked[1]] == [1, 2]
    assert [(s.node, s.by_jump) for s in ridden[1]] == [(3, True), (4, False)]
    assert ridden[0] == 5 + 2


@st.composite
def star_run_graphs(draw: st.DrawFn) -> RouteGraph:
    """A run of one number holding several stars, and higher numbers some of which are
    reached only through those stars: a segment that spends a star leaves it to no
    rise after it (``split_rise``)."""
    n = draw(st.integers(6, 10))
    nbrs: list[set[int]] = [set() for _ in range(n)]
    extra = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)),
                          max_size=n))
    for a, b in [(i, draw(st.integers(0, i - 1))) for i in range(1, n)] + extra:
        if a != b:  # a tree (connected), and a few cycles
            nbrs[a].add(b)
            nbrs[b].add(a)
    values = tuple(draw(st.lists(st.sampled_from((None, None, 5, 5, 5, 7, 8)),
                                 min_size=n, max_size=n)))
    weights = tuple(draw(st.lists(st.integers(1, 2), min_size=n, max_size=n)))
    return RouteGraph(values, weights, tuple(tuple(sorted(s)) for s in nbrs),
                      tuple(() for _ in range(n)))


@settings(max_examples=300, deadline=None)
@given(graph=star_run_graphs(), data=st.data())
def test_star_split_bound_is_never_below_the_best_continuation(graph: RouteGraph,
                                                               data: st.DataObject) -> None:
    # With the block-cut bound (and so the split by spent stars) on every component.
    search = searching._Search(graph, None)
    search.block_threshold = 1
    check_bound_at_a_random_state(graph, data, search, steps=4)


def test_a_star_spent_in_the_run_is_not_counted_again_after_the_rise() -> None:
    # 0 (a 5) - 2 (a star) - 3 (a 7). From 0 a route takes the star and then the 7 (2
    # points); the 7's best continuation alone would step back onto the star, so the
    # bound without the split counts the star twice (3).
    graph = RouteGraph((5, 5, None, 7, None), (1, 1, 1, 1, 1),
                       ((2,), (4,), (0, 3), (2,), (1,)), tuple(() for _ in range(5)))
    exact = best_continuation(graph, 0, 5, 1, False)
    assert exact == 2
    search = searching._Search(graph, None)
    search.block_threshold = 1
    assert search.upper_bound(0, 5, 1) == exact


@settings(max_examples=300, deadline=None)
@given(st.one_of(star_run_graphs(), run_graphs(), dock_graphs(), two_bank_graphs()))
def test_one_search_per_run_still_exact(graph: RouteGraph) -> None:
    # With every run, however small, solved at once (``run_best``: its best route
    # walked backwards from where it rises, on foot or by a ride), and a tiny allowance
    # now and then (when it runs out, the starts are searched one by one).
    original = (runs._RUN_NODES, runs._RUN_ALLOWANCE, runs._RUN_ALLOWANCE_RIDES,
                searching._ALLOWANCES)
    runs._RUN_NODES = 1
    searching._ALLOWANCES = (1, None)  # so that most starts reach the pass that asks
    try:
        solution = solve(graph)
        runs._RUN_ALLOWANCE = runs._RUN_ALLOWANCE_RIDES = 3
        tight = solve(graph)
    finally:
        (runs._RUN_NODES, runs._RUN_ALLOWANCE, runs._RUN_ALLOWANCE_RIDES,
         searching._ALLOWANCES) = original
    best = best_total(graph)
    assert solution.proven_optimal and tight.proven_optimal
    assert solution.total == tight.total == best
    assert check_solution(graph, solution) == solution.total


def test_one_bound_per_run_skips_the_other_starts() -> None:
    # A run of three 5s and a star (node 2) linked in a ring with a chord, the 8 off the
    # star and the 7 off node 3. Once one start has found a route of 5, the run's bound
    # (5) rules out every other start of the run, where their own bounds (each counting
    # the whole run) asked for a search of each.
    graph = RouteGraph((5, 5, None, 5, 8, 7), (1,) * 6,
                       ((1, 2, 3), (0, 2), (0, 1, 3, 4), (0, 2, 5), (2,), (3,)),
                       tuple(() for _ in range(6)))
    original = runs._RUN_NODES, searching._ALLOWANCES
    try:
        searching._ALLOWANCES = (1, None)  # the run is solved in the second pass
        runs._RUN_NODES = 1
        with_bound = solve(graph)
        runs._RUN_NODES = 100
        without = solve(graph)
    finally:
        runs._RUN_NODES, searching._ALLOWANCES = original
    assert with_bound.total == without.total == best_total(graph) == 5
    assert with_bound.states < without.states


def test_a_run_rises_by_a_ride_from_the_end_of_its_path() -> None:
    # A run of three 5s (0 - 1 - 2), a dock at 0 with a ride worth 3 to the dock 3 (an
    # 8) across the river, and a 9 after it. The run's best route walks 2, 1, 0 (its
    # longest path from 0, walked backwards), rides to 3 and walks on to 4: 8 points.
    graph = RouteGraph((5, 5, 5, 8, 9), (1,) * 5, ((1,), (0, 2), (1,), (4,), (3,)),
                       ((Jump(3, 3),), (), (), (Jump(0, 3),), ()))
    original = runs._RUN_NODES
    try:
        runs._RUN_NODES = 1
        search = searching._Search(graph, None)
        value, found = search.run_best(1, 5, 0)
    finally:
        runs._RUN_NODES = original
    assert found is not None
    assert value == best_total(graph) == 8
    assert [step.node for step in found] == [2, 1, 0, 3, 4]
    assert found[3] == route.Step(3, True, 3)
    assert check_solution(graph, route.Solution(found, 0, False, 0)) == 8


def test_no_run_is_solved_at_once_where_rides_go_one_way() -> None:
    # A path walked backwards must ride back the way it came, which a one-way ride
    # cannot: such boards search every start.
    graph = RouteGraph((5, 5, 5, 8), (1,) * 4, ((1,), (0, 2), (1,), ()),
                       ((Jump(3, 3),), (), (), ()))
    assert not searching._Search(graph, None).reversible
    assert solve(graph).total == best_total(graph) == 7


def test_the_run_search_counts_a_route_that_never_leaves_the_run() -> None:
    # Two circled 7s joined by a star, and a 5 off the star. The best route, 7 * 7 (5
    # points), never rises out of the 7s' run: the run's search must count such
    # routes, or the 7s are skipped once the 5's route (5 * 7, 4 points) is found.
    graph = RouteGraph((7, None, 7, 5), (2, 1, 2, 1), ((1,), (0, 2, 3), (1,), (1,)),
                       tuple(() for _ in range(4)))
    original = runs._RUN_NODES, searching._ALLOWANCES
    try:
        runs._RUN_NODES = 1
        searching._ALLOWANCES = (1, None)  # the runs are solved in the second pass
        solution = solve(graph)
    finally:
        runs._RUN_NODES, searching._ALLOWANCES = original
    assert solution.total == best_total(graph) == 5


@st.composite
def star_graphs(draw: st.DrawFn) -> RouteGraph:
    """Four to nine nodes, half of them stars, two numbers: which stars a route has spent
    changes what it can still score."""
    n = draw(st.integers(4, 9))
    nbrs = _links(draw, n, 16)
    values = tuple(draw(st.lists(st.sampled_from((None, None, 5, 6)), min_size=n,
                                 max_size=n)))
    weights = tuple(draw(st.lists(st.integers(1, 2), min_size=n, max_size=n)))
    return RouteGraph(values, weights, nbrs)


@settings(max_examples=200, deadline=None)
@given(st.one_of(star_graphs(), run_graphs(), dock_graphs()), st.data())
def test_rises_with_other_stars_spent_keep_their_answers(graph: RouteGraph,
                                                         data: st.DataObject) -> None:
    # One search asked for the same number's continuation again and again, with random
    # spent stars and floors: answers known for fewer stars spent bound a later question
    # from above, exact ones for more stars spent from below, so every answer is checked
    # against brute force: exact above the floor, else between the exact value and the
    # floor.
    numbers = [i for i, v in enumerate(graph.values) if v is not None]
    stars = [i for i, v in enumerate(graph.values) if v is None]
    if not numbers or not stars:
        return
    rides = any(graph.jumps)
    if not graph.jumps:  # the brute force reads a jump list per node
        graph = RouteGraph(graph.values, graph.weights, graph.neighbours,
                           ((),) * len(graph.values))
    search = searching._Search(graph, None)
    y = data.draw(st.sampled_from(numbers))
    value = graph.values[y]
    assert value is not None
    for _ in range(data.draw(st.integers(1, 12))):
        jumped = rides and data.draw(st.booleans())
        spent = sum(1 << s for s in data.draw(st.lists(st.sampled_from(stars), unique=True)))
        floor = data.draw(st.integers(-1, 2 * len(graph.values)))
        exact = graph.weights[y] + best_continuation(graph, y, value, spent | 1 << y, jumped)
        answer = search.rise(y, spent, floor, jumped)
        if answer > floor:
            assert answer == exact
        else:
            assert exact <= answer <= floor


def test_rises_bounded_by_other_spent_stars_on_a_fork() -> None:
    # y (5) forks: over the star s1 to a 6 and the star s6 (1 + 1 + 1), or over the star
    # s2 to a 6 worth 2 and the star s5 (1 + 2 + 1). Spending s5 or s6 costs a point on
    # its branch only, spending s1 or s2 closes it.
    y, s1, s2, s5, s6 = 0, 1, 3, 5, 6
    graph = RouteGraph((5, None, 6, None, 6, None, None), (1, 1, 1, 1, 2, 1, 1),
                       ((1, 3), (0, 2), (1, 6), (0, 4), (3, 5), (4,), (2,)), ((),) * 7)
    value = {0: 5, 1 << s1: 5, 1 << s2: 4, 1 << s1 | 1 << s6: 5, 1 << s2 | 1 << s5: 4,
             1 << s1 | 1 << s2: 1}
    for spent, expected in value.items():
        assert graph.weights[y] + best_continuation(graph, y, 5, spent | 1 << y,
                                                    False) == expected
    # A known answer for a set that is neither a subset nor a superset says nothing.
    search = searching._Search(graph, None)
    assert [search.rise(y, spent, -1) for spent in (0, 1 << s1, 1 << s2)] == [5, 5, 4]
    # A superset's exact answer is a floor, a subset's a ceiling.
    search = searching._Search(graph, None)
    asked = (0, 1 << s2 | 1 << s5, 1 << s2)
    assert [search.rise(y, spent, -1) for spent in asked] == [5, 4, 4]
    # Equal, they are the answer: no search.
    search = searching._Search(graph, None)
    assert [search.rise(y, spent, -1) for spent in (0, 1 << s1 | 1 << s6)] == [5, 5]
    states = search.states
    assert search.rise(y, 1 << s1, -1) == 5
    assert search.states == states
