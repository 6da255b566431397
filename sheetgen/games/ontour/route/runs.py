"""Long runs of equal numbers: one search for every start of a run.

A run (a component of equal numbers and stars, nine nodes or more) where the best route
covers nearly everything holds many starts, and each start's bound counts the whole run,
so each asks for a search of hundreds of states (thousands with rides) to show that it
does no better. One search serves them all (``run_best``): a route from the run walks a
path in it and then maybe rises from the path's end, on foot or by a ride; walked
backwards (every ride has its way back with the same bonus) the path starts at that end
and stays in the run, so per set of the run's stars it spends, the longest path from each
node next to a higher number plus that number's continuation is the best such route, and
it is a route: the run's best one is found at once and its other starts are skipped.
This is asked from the second pass over the starts on (the first pass leaves a floor
that cuts most of it), and given up after a few hundred states (twenty thousand with
rides), and then the run's starts are searched one by one as before.
"""

from __future__ import annotations

from sheetgen.games.ontour.route.bounds import _Bounds
from sheetgen.games.ontour.route.graph import Jump, RouteGraph, Solution, Step, route_total
from sheetgen.games.ontour.route.tables import _UNBOUNDED, _BudgetExceeded, _Tables

_RUN_NODES = 9
"""``run_best`` is asked only of runs of at least this many nodes."""

_RUN_STARS = 6
"""``run_best`` is asked only of runs with at most this many stars (every set of them
is a case)."""

_RUN_ALLOWANCE = 600
"""Search states ``run_best`` may spend on one run, in all its calls; beyond that the
run's starts are searched one by one."""

_RUN_ALLOWANCE_RIDES = 20_000
"""The same on boards with rides, where the search of each start of a long run takes
thousands of states."""


class _Runs(_Bounds):
    """A run's best route at once."""

    def run_best(self, node: int, c: int,
                 floor: int) -> tuple[int, tuple[Step, ...] | None]:
        """The best route of all that start in the run of ``node`` at value ``c``, when
        it beats ``floor``; else a bound no larger than ``floor`` and no route. The run is
        the component of free ``c``-numbers and stars around ``node`` (``c`` the lowest
        number, or ``node`` a number with no lower neighbour).

        Such a route walks a simple path in the run, spending some set ``t`` of its
        stars, and may then rise from its last node ``a`` to a higher number ``y``, on
        foot or by a ride. Walked backwards (every ride has its way back), the path starts
        at ``a`` and stays in the run without the other stars; a node left by a ride was
        not entered by one, so before a ride the backward path leaves ``a`` on foot. So
        per ``t`` (runs of at most ``_RUN_STARS`` stars) the best such route is the
        longest path from ``a`` in that part of the run plus ``y``'s best continuation
        with ``t`` spent (``rise``), or, never rising, the run's own best route; and each
        of these is a route, so the best of them is the run's best. Each start's own
        bound counts the whole run and so asks for a search of its own; this solves them
        all at once. Searched only as far as ``floor`` needs; remembered per run; given
        up past ``_RUN_ALLOWANCE`` states (``_RUN_ALLOWANCE_RIDES`` with rides) in all its
        calls, and then ``_UNBOUNDED``: the starts are searched one by one."""
        run = self.reach(node, c, 1 << node)[0] | 1 << node
        if run.bit_count() < _RUN_NODES:
            return _UNBOUNDED, None  # a search per start is cheap enough
        key = (run, c)
        hit = self.run_memo.get(key)
        if hit is not None and hit <= floor:
            return hit, None
        stars = run & self.star_mask
        spent = self.run_spent.get(key, 0)
        allowance = _RUN_ALLOWANCE_RIDES if self.has_jumps else _RUN_ALLOWANCE
        if stars.bit_count() > _RUN_STARS or spent >= allowance:
            return _UNBOUNDED, None
        exits = self.run_exits(run, c)
        best = -1  # the best route's total once one beats floor, else a bound
        found: tuple[Step, ...] | None = None
        t = 0
        while True:  # every set of the run's stars the path may spend
            inside = run & ~stars | t
            nodes, walks, staying = self.run_walk(inside)
            room = self.mask_weight(inside)  # no path in the run scores more
            if self.ride_ends:
                room += self.rides(inside & self.ride_ends)
            if room > floor:  # a route that never leaves the run
                if not staying:
                    whole = walks.whole()
                    self.states += whole.states
                    spent += whole.states
                    staying.append(whole)
                if staying[0].total > floor:
                    floor = staying[0].total
                    found = tuple(Step(nodes[st.node], st.by_jump, st.bonus)
                                  for st in staying[0].steps)
                best = max(best, staying[0].total)
            else:
                best = max(best, room)
            before, before_main, limit = walks.states, self.states, self.max_states
            walks.max_states = before + allowance - spent
            self.max_states = before_main + allowance - spent
            if limit is not None and limit < self.max_states:
                self.max_states = limit  # the caller's own limit comes first
            try:
                for a, (up, rides) in exits.items():
                    if not inside >> a & 1:
                        continue
                    k = nodes.index(a)
                    w = self.weights[a]
                    for jumped in (False, True):  # rising on foot, then by a ride
                        rises = [(bonus + self.ride_rise(y, t, floor - room - bonus), y, bonus)
                                 for y, bonus in rides] if jumped else [
                                 (self.rise(y, t, floor - room), y, 0) for y in up]
                        if not rises:
                            continue
                        most, y, bonus = max(rises)
                        if room + most <= floor:
                            best = max(best, room + most)
                            continue
                        term = w + most + walks.best(k, walks.distinct[0], 1 << k, jumped,
                                                     floor - most - w)
                        if term <= floor:
                            best = max(best, term)
                            continue
                        found = self.run_route(nodes, walks, k, jumped, t, y, bonus)
                        if route_total(self.graph, found) != term:
                            raise _BudgetExceeded  # not expected: search per start
                        floor = best = term
            except _BudgetExceeded:
                best, found = _UNBOUNDED, None  # too dear: the starts one by one
            finally:
                walks.max_states, self.max_states = None, limit
                spent += walks.states - before + self.states - before_main
                self.states += walks.states - before
            if best == _UNBOUNDED or t == stars:
                break
            t = (t - stars) & stars
        self.run_spent[key] = spent
        if best != _UNBOUNDED:
            self.run_memo[key] = best  # the best route's total is a bound too
        return best, found

    def run_exits(self, run: int,
                  c: int) -> dict[int, tuple[list[int], list[tuple[int, int]]]]:
        """Per node of ``run`` that a route can rise from: its higher neighbours, and
        the rides from it to higher docks as (dock, bonus)."""
        values = self.values
        exits: dict[int, tuple[list[int], list[tuple[int, int]]]] = {}
        for a in range(self.n):
            if run >> a & 1:
                up = [y for y in self.nbrs[a] if not run >> y & 1 and values[y] is not None
                      and values[y] > c]  # type: ignore[operator]
                rides = [(j.target, j.bonus) for j in self.jumps[a]
                         if not run >> j.target & 1 and values[j.target] is not None
                         and values[j.target] > c]  # type: ignore[operator]
                if up or rides:
                    exits[a] = (up, rides)
        return exits

    def run_walk(self, inside: int) -> tuple[list[int], _Tables, list[Solution]]:
        """The part ``inside`` of a run as a graph of its own: its nodes (in map
        order), a search of it, and its best route once needed. Remembered."""
        made = self.run_walks.get(inside)
        if made is None:
            nodes = [i for i in range(self.n) if inside >> i & 1]
            index = {x: k for k, x in enumerate(nodes)}
            sub = RouteGraph(tuple(self.values[x] for x in nodes),
                             tuple(self.weights[x] for x in nodes),
                             tuple(tuple(index[j] for j in self.nbrs[x] if j in index)
                                   for x in nodes),
                             tuple(tuple(Jump(index[j.target], j.bonus)
                                         for j in self.jumps[x] if j.target in index)
                                   for x in nodes) if self.has_jumps else ())
            made = self.run_walks[inside] = (nodes, type(self)(sub, None), [])
        return made

    def run_route(self, nodes: list[int], walks: _Tables, k: int, jumped: bool, t: int,
                  y: int, bonus: int) -> tuple[Step, ...]:
        """The route ``run_best`` found: the longest path from node ``k`` of the run's
        part (``walks``) walked backwards, the rise from it to ``y`` (by a ride worth
        ``bonus`` when ``jumped``) and ``y``'s best continuation with the stars ``t``
        spent."""
        back = [(nodes[k], False, 0)] + [(nodes[st.node], st.by_jump, st.bonus)
                                          for st in walks.follow(k, walks.distinct[0],
                                                                 1 << k, jumped)]
        steps = [Step(back[-1][0], False, 0)]
        for i in range(len(back) - 1, 0, -1):  # the move into back[i], walked backwards
            steps.append(Step(back[i - 1][0], back[i][1], back[i][2]))
        steps.append(Step(y, jumped, bonus))
        value = self.values[y]
        assert value is not None
        steps += self.follow(y, value, t | 1 << y, jumped)
        return tuple(steps)
