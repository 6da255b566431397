"""The search: memoised depth-first branch and bound over the states of ``tables``.

Each state's best continuation is found by a depth-first search with fail-soft
alpha pruning: a call ``best(state, alpha)`` returns the exact value when it exceeds
``alpha`` and otherwise an upper bound no larger than ``alpha``. The memo stores which of
the two it holds, so a bound is reused only where it still proves a cut. A state is cut
without search when its upper bound cannot beat ``alpha`` and a search stops as soon as it
reaches the state's upper bound. Both cuts discard only routes that provably cannot score
more, so the value at the root is the exact optimum.

The starts are tried best bound first (their full bounds when these take under 200
states, as on boards of mostly distinct numbers; else the quick bounds that search
nothing below the start), in passes: first with an allowance of a few dozen search
states each, then without limit (on boards of stars and one number with rides: a few
hundred, a few thousand, no limit). A start whose search outgrows its allowance waits
while the others are tried, so a good route found from a later start raises the floor
before the long searches go on; while it waits, a greedy route from it (always the
lowest next value, then the fewest free neighbours; once spending stars freely, once
sparing them; with rides, each of these again taking the dearest ride to a dock with
somewhere to walk on whenever one fits; then made longer by free nodes that fit between
two of its neighbours, never inside a ride) raises the floor too, unless the search has
a budget; a start searched in full is done, and the last pass searches every start left
in full, so the result stays exact. On boards of stars and one number every route can be
walked backwards (rides included when every ride has its way back with the same bonus),
so the bounds drop as route ends the starts already searched in full; without rides such
boards are searched start by start in one pass, as those drops then cut more than the
passes.

Ties: among routes of equal score the first one met in the search order (greedy routes
included) is returned. The order depends only on the graph and the board (starts by upper
bound then map order, in the fixed passes above; moves by fewest onward moves, then node
order, rides after walks as above), so the same board always gives the same route.

``_Search`` is the top of the stack of ``tables``: the bounds, rides and runs below it,
the search and its moves here; ``_search_solve`` runs it over the starts.
"""

from __future__ import annotations

from collections.abc import Callable

from sheetgen.games.ontour.route.graph import RouteGraph, Solution, Step, route_total
from sheetgen.games.ontour.route.runs import _Runs
from sheetgen.games.ontour.route.tables import (
    _NO_MOVE,
    _RIDE_DEAD_END,
    _UNBOUNDED,
    _BudgetExceeded,
)


class _Search(_Runs):
    """A search of one graph: its tables, bounds and moves."""

    def best(self, node: int, c: int, visited: int, jumped: bool, alpha: int,
             cap: int = _UNBOUNDED) -> int:
        """Exact best continuation value if it exceeds ``alpha``, else an upper bound
        that is at most ``alpha``. ``cap``: an upper bound known beforehand (the search
        stops at it)."""
        # The visited nodes of the value and the stars name the state exactly; the
        # canonical key (dearer to compute) is looked up through them.
        exact_key = (node, c, visited & (self.eq_mask[c] | self.star_mask), jumped)
        key = self.canonical.get(exact_key)
        reached = None
        if key is None:
            reached = self.reach(node, c, visited)
            key = self.canonical[exact_key] = self.key_of(node, c, visited, jumped, reached)
        hit = self.memo.get(key)
        if hit is not None:
            value, exact, _ = hit
            if exact or value <= alpha:
                return value
        far = self.star_mask & visited
        if far:
            # The same state with the spent stars that lie away from the component
            # still free can only score more: its value, if known, bounds this one.
            if reached is None:
                reached = self.reach(node, c, visited)
            far &= ~(reached[1] | (1 << node))
            if far:
                wider = self.memo.get((node, c, key[2] | far, jumped))
                if wider is not None and wider[0] <= alpha:
                    self.memo[key] = (wider[0], False, _NO_MOVE)
                    return wider[0]
                if wider is not None and (hit is None or wider[0] < hit[0]):
                    hit = (wider[0], False, _NO_MOVE)
        self.states += 1
        if self.max_states is not None and self.states > self.max_states:
            raise _BudgetExceeded
        if self.memo_limit is not None and len(self.memo) > self.memo_limit:
            self.forget()
        if self.ticker is not None and not self.states & 0x3FFF:
            self.ticker(self.states)
        ub = self.upper_bound(node, c, visited, reached, alpha, jumped, key[2])
        if hit is not None:
            ub = min(ub, hit[0])
        if cap < ub:
            ub = cap
        if ub <= alpha:
            self.memo[key] = (ub, ub == 0, _NO_MOVE)
            return ub
        best = 0
        best_move = _NO_MOVE
        bound = 0  # the largest bound of a child that could not beat the best
        for nxt, by_jump, bonus, nv in self._moves(node, c, visited, jumped):
            step = self.weights[nxt] + bonus
            floor = max(alpha, best) - step
            sub = self.best(nxt, nv, visited | (1 << nxt), by_jump, floor)
            if sub > floor:
                best = step + sub
                best_move = (nxt, by_jump, bonus)
                if best >= ub:
                    break
            elif step + sub > bound:
                bound = step + sub
        if best > alpha:
            self.memo[key] = (best, True, best_move)
            return best
        result = max(best, bound)
        self.memo[key] = (result, False, _NO_MOVE)
        return result

    def _moves(self, node: int, c: int, visited: int,
               jumped: bool) -> list[tuple[int, bool, int, int]]:
        values = self.values
        free = self.ge_mask[c] & ~visited
        nbr_mask = self.nbr_mask
        cand: list[tuple[int, int, int, bool, int, int]] = []
        for j in self.nbrs[node]:
            if free >> j & 1:
                v = values[j]
                cand.append(((nbr_mask[j] & free).bit_count(), j, j, False, 0,
                             c if v is None else v))
        if not jumped:
            # Rides after the walks, the dearest first, and last those to a dock with
            # nowhere to walk on (they end the route).
            for j, bonus, rank in self.ride_moves[node]:
                if free >> j & 1:
                    v = values[j]
                    onward = (nbr_mask[j] & free).bit_count()
                    cand.append((rank + onward if onward else rank + _RIDE_DEAD_END, j, j,
                                 True, bonus, c if v is None else v))
        cand.sort()
        return [(m[2], m[3], m[4], m[5]) for m in cand]

    def dive(self, node: int, c: int, spare_stars: bool,
             rides_first: bool = False) -> tuple[int, list[Step]]:
        """A greedy route from ``node`` (at value ``c``) and the points it adds: always
        the move to the lowest value (with ``spare_stars``, a number before a star of
        the same value), among those the one with the fewest free neighbours; with
        ``rides_first``, the dearest ride among them to a dock with somewhere to walk on
        (a ride is worth up to eight clubs, and the walks-first order leaves most of
        them untaken). Only a floor for the search; no search state is spent on it."""
        star = self.star_mask if spare_stars else 0
        visited = 1 << node
        jumped = False
        total = 0
        steps: list[Step] = []
        while True:
            moves = self._moves(node, c, visited, jumped)
            if not moves:
                return total, steps
            move = min(moves, key=lambda m: (m[3], star >> m[0] & 1))
            if rides_first:
                low = move[3]
                free = self.ge_mask[low] & ~visited
                rides = [m for m in moves if m[1] and m[3] == low and self.nbr_mask[m[0]] & free]
                if rides:
                    move = max(rides, key=lambda m: m[2])
            nxt, by_jump, bonus, c = move
            total += self.weights[nxt] + bonus
            steps.append(Step(nxt, by_jump, bonus))
            visited |= 1 << nxt
            node, jumped = nxt, by_jump

    def widen(self, route: tuple[Step, ...]) -> tuple[Step, ...]:
        """A greedy route made longer where it can be without search: a free node put
        between two neighbours on the route that it links (one, or two in a row), or in
        front of the first, as long as the numbers never decrease; the heaviest first,
        until none fits. Never inside a jump (the route's jumps stay as they are). Only a
        floor for the search."""
        values = self.values
        nbr_mask = self.nbr_mask
        weights = self.weights
        steps = list(route)
        nodes = [step.node for step in route]
        used = 0
        for x in nodes:
            used |= 1 << x
        while True:
            # The last number at or before each place, the first at or after it.
            before: list[int] = []
            last = -1
            for x in nodes:
                v = values[x]
                if v is not None:
                    last = v
                before.append(last)
            after = [_UNBOUNDED] * len(nodes)
            first = _UNBOUNDED
            for i in range(len(nodes) - 1, -1, -1):
                v = values[nodes[i]]
                if v is not None:
                    first = v
                after[i] = first
            insert: list[int] = []
            place = 0
            front = nbr_mask[nodes[0]] & ~used
            while front:
                bit = front & -front
                front ^= bit
                w = bit.bit_length() - 1
                v = values[w]
                if (v is None or v <= after[0]) and (not insert or weights[w] > weights[insert[0]]):
                    insert = [w]
            for i in range(len(nodes) - 1):
                if insert:
                    break
                if steps[i + 1].by_jump:
                    continue  # a jump goes straight from one dock to the other
                u, nxt = nodes[i], nodes[i + 1]
                lo, hi = before[i], after[i + 1]
                place = i + 1
                common = nbr_mask[u] & nbr_mask[nxt] & ~used
                while common:
                    bit = common & -common
                    common ^= bit
                    w = bit.bit_length() - 1
                    v = values[w]
                    if (v is None or lo <= v <= hi) and (not insert
                                                         or weights[w] > weights[insert[0]]):
                        insert = [w]
                if insert:
                    break
                firsts = nbr_mask[u] & ~used
                while firsts and not insert:
                    bit = firsts & -firsts
                    firsts ^= bit
                    w = bit.bit_length() - 1
                    v = values[w]
                    if v is not None and not lo <= v <= hi:
                        continue
                    low = lo if v is None else v
                    seconds = nbr_mask[w] & nbr_mask[nxt] & ~used & ~bit
                    while seconds:
                        bit2 = seconds & -seconds
                        seconds ^= bit2
                        w2 = bit2.bit_length() - 1
                        v2 = values[w2]
                        if v2 is None or low <= v2 <= hi:
                            insert = [w, w2]
                            break
            if not insert:
                return tuple(steps)
            nodes[place:place] = insert
            steps[place:place] = [Step(x, False, 0) for x in insert]
            for x in insert:
                used |= 1 << x

    def follow(self, node: int, c: int, visited: int, jumped: bool,
               value: int = -1) -> list[Step]:
        """The memoised best continuation from a state solved exactly. With its
        ``value`` known, a state the tables have forgotten (``forget``) is searched
        again, so the continuation is whole."""
        steps: list[Step] = []
        while True:
            hit = self.memo.get(self.key(node, c, visited, jumped))
            if value > 0 and (hit is None or not hit[1]):
                self.best(node, c, visited, jumped, value - 1)
                hit = self.memo.get(self.key(node, c, visited, jumped))
            if hit is None or not hit[1] or hit[2][0] < 0:
                return steps
            nxt, by_jump, bonus = hit[2]
            steps.append(Step(nxt, by_jump, bonus))
            value -= self.weights[nxt] + bonus
            v = self.values[nxt]
            c = c if v is None else v
            visited |= 1 << nxt
            node, jumped = nxt, by_jump

    def whole(self) -> Solution:
        """This graph's best route, searched in full by a search of its own."""
        return _search_solve(self.graph, None, None)


def _search_solve(graph: RouteGraph, max_states: int | None, limit: int | None,
                  memo_limit: int | None = None,
                  ticker: Callable[[int], None] | None = None) -> Solution:
    """The search alone: ``solve`` without the portfolio."""
    return _Resumable(graph, max_states, memo_limit, ticker).run(limit)


class _Resumable:
    """The search over the starts, resumable: ``run(limit)`` searches until the search
    has spent ``limit`` states in all (None: no limit); a later ``run`` with a larger
    limit goes on with the tables, the ranking of the starts and the best route of the
    earlier ones (the passes start again, but every start searched before is answered
    by its tables at once). ``max_states``: a budget instead (the cheaper search of the
    built-in player; not resumable)."""

    def __init__(self, graph: RouteGraph, max_states: int | None = None,
                 memo_limit: int | None = None,
                 ticker: Callable[[int], None] | None = None) -> None:
        self.graph = graph
        self.exact = max_states is None
        self.budget = max_states
        self.search = _Search(graph, max_states, sharp=self.exact, memo_limit=memo_limit)
        self.search.ticker = ticker
        self.best_total = 0
        self.best_steps: tuple[Step, ...] = ()
        self.starts: list[tuple[int, int, int]] | None = None
        self.dived = 0
        """Starts whose greedy routes were tried (once is enough)."""
        self.proven = False

    @property
    def states(self) -> int:
        return self.search.states

    def bound(self) -> int:
        """An upper bound on the best route's total: the best start's bound (ranked
        before the search, so it holds for every route), or the total once proven."""
        if self.proven:
            return self.best_total
        if not self.starts:
            return _UNBOUNDED
        return max(self.best_total, -self.starts[0][0])

    def solution(self) -> Solution:
        return Solution(self.best_steps, self.best_total, self.proven, self.search.states)

    def run(self, limit: int | None, ceiling: int = _UNBOUNDED) -> Solution:
        """Search on until the best route is proven or ``limit`` states are spent in
        all. ``ceiling``: an upper bound on the best total known from elsewhere (the
        constraint model's): a route that reaches it is proven at once."""
        if self.proven:
            return self.solution()
        search, graph = self.search, self.graph
        max_states = self.budget if not self.exact else limit
        search.max_states = max_states
        if self.best_total >= ceiling:
            self.proven = True
            return self.solution()
        try:
            self._passes(max_states, ceiling)
            self.proven = True
        except _BudgetExceeded:
            if not self.best_steps:
                s = max(range(search.n), key=lambda i: (graph.weights[i], -i))
                self.best_steps = (Step(s, False, 0),)
                self.best_total = graph.weights[s]
        return self.solution()

    def _rank(self, max_states: int | None) -> list[tuple[int, int, int]]:
        """The starts, best bound first (the bounds count against the budget too)."""
        search, graph = self.search, self.graph
        n = search.n
        lowest = search.distinct[0]
        firsts: list[tuple[int, int]] = []
        for s in range(n):
            v = graph.values[s]
            if v is not None and any(
                    graph.values[j] is not None and graph.values[j] < v  # type: ignore[operator]
                    for j in graph.neighbours[s]):
                # A route from s can always be made longer by the lower neighbour in front
                # (it can never be on the route), so that longer route's start covers it.
                continue
            firsts.append((s, lowest if v is None else v))
        # The starts are ranked by their full bounds when these come cheap (mostly
        # distinct numbers), else by the quick bounds (no search below the start).
        stop = search.states + _RANKING_ALLOWANCE
        if max_states is None or stop < max_states:
            search.max_states = stop
        try:
            starts = [(-graph.weights[s] - search.upper_bound(s, c, 1 << s), s, c)
                      for s, c in firsts]
        except _BudgetExceeded:
            if search.max_states == max_states:
                raise
            search.max_states = max_states
            starts = [(-graph.weights[s] - search.upper_bound(s, c, 1 << s, None, _UNBOUNDED),
                       s, c) for s, c in firsts]
        finally:
            search.max_states = max_states
        if search.flat and search.has_jumps:
            # Stars and one number with rides: among starts of equal bound, those with
            # the fewest links first (a route covering nearly every club must start or
            # end at the clubs with one way out).
            nbr_mask = search.nbr_mask
            starts.sort(key=lambda t: (t[0], nbr_mask[t[1]].bit_count(), t[1]))
        else:
            starts.sort()
        return starts

    def _passes(self, max_states: int | None, ceiling: int) -> None:
        search, graph, exact = self.search, self.graph, self.exact
        if search.n == 0:
            return
        if self.starts is None:
            self.starts = self._rank(max_states)
        starts = self.starts
        # Passes with a growing allowance of states per start, the last one unlimited:
        # a start whose search runs long waits while the others are tried, so a good
        # route found early raises the floor for it. A start searched in full is done.
        allowances = (_ALLOWANCES if not search.flat else
                      _FLAT_ALLOWANCES if search.has_jumps else (None,))
        # The greedy routes of a start that waits, as (spare_stars, rides_first): sparing
        # stars or not, and with rides also taking the dearest ride that fits.
        dives: tuple[tuple[bool, bool], ...] = ((False, False), (True, False))
        if search.has_jumps:
            dives += ((False, True), (True, True))
        # Long runs: one search for every start of a run (``run_best``).
        runs = search.sharp and search.reversible and not search.flat
        for allowance in allowances:
            waiting: list[tuple[int, int, int]] = []
            for neg_ub, s, c in starts:
                if -neg_ub <= self.best_total or self.best_total >= ceiling:
                    break
                if runs and self.best_total and allowance != allowances[0]:
                    value, run_route = search.run_best(s, c, self.best_total)
                    if run_route is not None:  # the run's best route beats the best one
                        self.best_total, self.best_steps = value, run_route
                    if value <= self.best_total:
                        continue  # no route from this start's run beats the best one
                w = graph.weights[s]
                floor = self.best_total - w
                if allowance is not None:
                    stop = search.states + allowance
                    if max_states is None or stop < max_states:
                        search.max_states = stop
                try:
                    sub = search.best(s, c, 1 << s, False, floor, ceiling - w)
                except _BudgetExceeded:
                    if search.max_states == max_states:
                        raise
                    waiting.append((neg_ub, s, c))
                    if allowance == allowances[0] and exact and not self.dived >> s & 1:
                        # While it waits, a greedy route from it may raise the floor
                        # (not under a budget: what a budget reaches, and so the built-in
                        # player's games and the seeds' pars, stay as they were).
                        self.dived |= 1 << s
                        for spare_stars, rides_first in dives:
                            _, steps = search.dive(s, c, spare_stars, rides_first)
                            route = search.widen((Step(s, False, 0), *steps))
                            total = route_total(graph, route)
                            if total > self.best_total:
                                self.best_total = total
                                self.best_steps = route
                    continue
                finally:
                    search.max_states = max_states
                if sub > floor:
                    self.best_total = w + sub
                    self.best_steps = (Step(s, False, 0),
                                       *search.follow(s, c, 1 << s, False, sub))
                if search.flat:
                    search.no_end |= 1 << s
                    search.chains.clear()
            starts = waiting


_RANKING_ALLOWANCE = 200
"""Search states the full bounds of the starts may take before the quick ones are used."""

_ALLOWANCES: tuple[int | None, ...] = (50, None)
"""Search states per start in each pass over the starts (None: no limit)."""

_FLAT_ALLOWANCES: tuple[int | None, ...] = (300, 3000, None)
"""The same on boards of stars and one number with rides, where a start's search needs a
few hundred states to walk its first full route."""
