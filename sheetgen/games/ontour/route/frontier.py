"""The best route by dynamic programming over a sweep of the map: a second, complete method.

Why a second method
-------------------
The search of ``route`` is fast where its bounds are close to the best route, and on
nearly every board they are. Where they are not (long runs of equal numbers joined by
stars, docks that are stars) it must try a great many partial routes before it can prove
the best one. The cost of this method depends on the shape of the map instead: it never
needs a bound to be close, so it finishes where the search's bounds say little.

The sweep
---------
The nodes are taken one at a time in a fixed order chosen so that few of those taken
still have links to nodes not yet taken (the *frontier*: on the On Tour maps at most 4-6
nodes). After each node, every way a route may cross the part taken so far is a set of
*pieces*: simple paths through taken nodes whose ends are frontier nodes (a piece grows
only at its ends, and only frontier nodes still have untaken neighbours) or route ends
already fixed. What the untaken part can still do with such a partial route depends
only on

- per frontier node: off the route or passed through (nothing can join it any more), or
  a piece end, with whether its piece is this node alone and whether it was entered by
  a ride (it cannot take another);
- per piece: its first and last number and which end is which (a piece holding two
  different numbers can be travelled one way only), and how many of its ends are fixed
  route ends.

A *state* is that description (its pieces numbered in frontier order, so that equal
descriptions are equal keys) and keeps the best points of the partial routes that lead
to it. Taking a node, each state goes on: the node off the route; the node as a piece of
its own; the node joined to the end of a frontier piece by a link or a ride; or the node
joining two pieces. A join keeps the numbers non-decreasing along the joined piece, and
no node takes two rides. When a node leaves the frontier, a piece end there becomes a
route end; a piece with two route ends is a whole route, allowed only when it is the only
piece, and its points are a candidate for the best.

Every route is made by exactly one sequence of such choices, and states with equal
descriptions have equal futures, so the best candidate is the best route.

Rides
-----
Rides are links between the jump ends with a bonus, and a node takes at most one. Taken
as links they keep every dock on the frontier from the first to the last (Paris: nine
docks joined each to each), which makes this method slow on maps with many rides: there
the search and the model of ``cpsat`` do better.

Bounds and memory
-----------------
A state whose weights plus the most the untaken nodes can add plus the best matching of
the jump ends cannot beat the best known (the ``floor``: with the search's best route,
only better routes are looked for) is dropped. The most the untaken nodes can add
(``_room``): the pieces end up in one route in the order of their numbers, so pieces
whose numbers overlap make the state dead; nothing fits inside a piece, so no untaken
number strictly between a piece's first and last number counts; a piece whose low end is
a route end leaves only numbers from its last one up (and one whose high end is: up to
its first one). Each state keeps the choices that made it as a chain shared with its
predecessors, so only the chains of live states are held; ``max_width`` bounds the
states kept after one node.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache

from sheetgen.games.ontour.route.graph import RouteGraph, Step, route_total

_LOW, _HIGH, _BOTH = 1, 2, 3
"""The kind of a piece end: where its lower numbers are, its higher ones, or either (a
piece of one number or of stars only)."""


@dataclass(frozen=True)
class FrontierResult:
    """The best route when it beats the floor (else ``floor`` and no steps), and the
    effort."""

    total: int
    steps: tuple[Step, ...]
    states: int
    """States kept over the whole sweep."""
    widest: int
    """Most states kept after one node."""


class StateLimitExceeded(Exception):
    """More states after one node than ``max_width`` allows."""


def reversible(graph: RouteGraph) -> bool:
    """Every jump has its way back with the same bonus (a requirement of this method)."""
    rides = {(i, j.target, j.bonus) for i, jumps in enumerate(graph.jumps) for j in jumps}
    return all((t, i, b) in rides for i, t, b in rides)


@lru_cache(maxsize=64)
def sweep_order(adjacency: tuple[int, ...]) -> tuple[int, ...]:
    """A node order with a small frontier: greedily the node after which the fewest
    taken nodes have untaken neighbours (ties: most links to the taken part, then the
    node's number), from each node of least degree; the order whose frontier sizes have
    the smallest sum of squares. ``adjacency``: per node the bit mask of its links."""
    n = len(adjacency)
    if n == 0:
        return ()
    everything = (1 << n) - 1
    degrees = [a.bit_count() for a in adjacency]
    least = min(degrees)
    starts = [v for v in range(n) if degrees[v] <= least + 1][:12]
    best: tuple[int, tuple[int, ...]] | None = None
    for start in starts:
        taken = 1 << start
        order = [start]
        cost = 1 if adjacency[start] else 0
        while len(order) < n:
            pick = -1
            pick_key = (n + 1, 0, 0)
            rest = everything & ~taken
            r = rest
            while r:
                bit = r & -r
                r ^= bit
                v = bit.bit_length() - 1
                now = taken | bit
                open_ = 0
                t = now
                while t:
                    low = t & -t
                    t ^= low
                    if adjacency[low.bit_length() - 1] & ~now:
                        open_ += 1
                key = (open_, -(adjacency[v] & taken).bit_count(), v)
                if key < pick_key:
                    pick, pick_key = v, key
            taken |= 1 << pick
            order.append(pick)
            cost += pick_key[0] * pick_key[0]
            if best is not None and cost >= best[0]:
                break
        else:
            if best is None or cost < best[0]:
                best = (cost, tuple(order))
    assert best is not None
    return best[1]


_Piece = tuple[int, int, int]
"""(first number's rank or -1, last number's rank or -1, route ends fixed)."""
_Key = tuple[tuple[int, ...], tuple[_Piece, ...]]
"""(per frontier node a slot code, the pieces)."""
_History = tuple[tuple[tuple[int, int, int], ...], "_History | None"] | None
"""The choices that made a state: per step a tuple of facts, then the step before.
A fact is (node, other node, kind): a link (kind 0), a ride (1), or the node on the
route (kind 2)."""
_Value = tuple[int, int, _History]
"""(points, the route's weights alone, history)."""


def solve_frontier(graph: RouteGraph, floor: int = 0, max_width: int | None = None,
                   progress: Callable[[int, int], None] | None = None) -> FrontierResult:
    """The best route of ``graph`` if it scores more than ``floor``; else ``floor`` and
    no steps. Jumps must be reversible. ``max_width``: most states kept after one node
    (``StateLimitExceeded`` past it). ``progress(done, of)`` after each node."""
    if not reversible(graph):
        raise ValueError("the sweep needs every jump to have its way back")
    n = len(graph.values)
    values = graph.values
    weights = graph.weights
    ride: dict[tuple[int, int], int] = {}
    for i, jumps in enumerate(graph.jumps):
        for jump in jumps:
            ride[i, jump.target] = max(ride.get((i, jump.target), 0), jump.bonus)
    adjacency = [0] * n
    for i in range(n):
        for j in graph.neighbours[i]:
            adjacency[i] |= 1 << j
    for i, j in ride:
        adjacency[i] |= 1 << j
    order = sweep_order(tuple(adjacency))
    position = [0] * n
    for k, v in enumerate(order):
        position[v] = k
    last_step = [max([position[u] for u in range(n) if adjacency[v] >> u & 1]
                     + [position[v]]) for v in range(n)]
    distinct = sorted({v for v in values if v is not None})
    rank_of = {v: r for r, v in enumerate(distinct)}
    ranks = [-1 if v is None else rank_of[v] for v in values]
    d = len(distinct)
    # Per step, the weight of the untaken stars and of the untaken numbers below each
    # rank (prefix sums), for ``_room``.
    star_rest = [0] * (n + 1)
    below: list[list[int]] = [[0] * (d + 1) for _ in range(n + 1)]
    for k in range(n - 1, -1, -1):
        v = order[k]
        star_rest[k] = star_rest[k + 1] + (weights[v] if ranks[v] < 0 else 0)
        row = below[k] = list(below[k + 1])
        if ranks[v] >= 0:
            for r in range(ranks[v] + 1, d + 1):
                row[r] += weights[v]
    ride_cap = _matching_cap(ride)
    best_total = floor
    best_history: _History = None
    frontier: list[int] = []
    states: dict[_Key, _Value] = {((), ()): (0, 0, None)}
    kept = 0
    widest = 0
    for step, x in enumerate(order):
        w = weights[x]
        links: list[tuple[int, int, bool]] = []  # (slot, bonus, by ride)
        for k, u in enumerate(frontier):
            if u in graph.neighbours[x]:
                links.append((k, 0, False))
            if (u, x) in ride:
                links.append((k, ride[u, x], True))
        width = len(frontier)
        leaving = [k for k, u in enumerate(frontier + [x]) if last_step[u] <= step]
        now_below, now_stars = below[step], star_rest[step]
        after_below, after_stars = below[step + 1], star_rest[step + 1]
        nxt: dict[_Key, _Value] = {}
        for key, (score, clubs, history) in states.items():
            room = _room(key, now_below, now_stars, d)
            if room < 0 or clubs + room + ride_cap <= best_total:
                continue
            for slots, pieces, gain, facts in _choices(key, x, width, ranks[x], links,
                                                       frontier):
                whole = _close(slots, pieces, leaving)
                if whole is None:
                    continue
                total = score + gain + (w if facts else 0)
                made: _History = (facts, history)
                if whole:
                    if total > best_total:
                        best_total = total
                        best_history = made
                    continue
                new_key = _canonical(slots, pieces, leaving)
                weight = clubs + (w if facts else 0)
                room = _room(new_key, after_below, after_stars, d)
                if room < 0 or weight + room + ride_cap <= best_total:
                    continue
                held = nxt.get(new_key)
                if held is None or total > held[0]:
                    nxt[new_key] = (total, weight, made)
        frontier = [u for k, u in enumerate(frontier + [x]) if k not in leaving]
        states = nxt
        kept += len(states)
        if len(states) > widest:
            widest = len(states)
            if max_width is not None and widest > max_width:
                raise StateLimitExceeded
        if progress is not None:
            progress(step + 1, n)
    if best_history is None:
        return FrontierResult(floor, (), kept, widest)
    on: list[int] = []
    route_links: list[tuple[int, int, bool]] = []
    history = best_history
    while history is not None:
        facts, history = history
        for u, v, kind in facts:
            if kind == 2:
                on.append(u)
            else:
                route_links.append((v, u, kind == 1))
    steps = _walk(graph, on, route_links, ride, ranks)
    assert steps is not None and route_total(graph, steps) == best_total
    return FrontierResult(best_total, steps, kept, widest)


_Facts = tuple[tuple[int, int, int], ...]


def _choices(key: _Key, x: int, width: int, rank: int, links: list[tuple[int, int, bool]],
             frontier: list[int]) -> list[tuple[list[int], list[_Piece], int, _Facts]]:
    """What a state may do with the node ``x`` (its slot at ``width``): as (slots,
    pieces, points of rides, facts). The node off the route (no facts), on it alone, or
    joined by one or two links or rides to frontier ends."""
    slots, pieces = key
    out: list[tuple[list[int], list[_Piece], int, _Facts]] = [
        ([*slots, 0], list(pieces), 0, ())]
    alone = [*slots, _code(len(pieces), _BOTH, False, True)]
    alone_pieces = [*pieces, (rank, rank, 0)]
    on: _Facts = ((x, x, 2),)
    out.append((alone, alone_pieces, 0, on))
    open_links = [link for link in links if slots[link[0]]]
    for a, (k, bonus, by_ride) in enumerate(open_links):
        s1 = list(alone)
        p1 = list(alone_pieces)
        if not _join(s1, p1, width, k, by_ride):
            continue
        fact = (x, frontier[k], 1 if by_ride else 0)
        out.append((s1, p1, bonus, on + (fact,)))
        for k2, bonus2, by_ride2 in open_links[a + 1:]:
            if k2 == k:
                continue
            s2 = list(s1)
            p2 = list(p1)
            if _join(s2, p2, width, k2, by_ride2):
                out.append((s2, p2, bonus + bonus2,
                            on + (fact, (x, frontier[k2], 1 if by_ride2 else 0))))
    return out


def _code(piece: int, kind: int, by_ride: bool, alone: bool) -> int:
    """A slot holding a piece end: its piece, its kind, whether it was reached by a ride,
    whether the piece is this node alone. 0: nothing can join the node any more."""
    return 1 + (piece << 4 | kind << 2 | by_ride << 1 | alone)


def _matching_cap(ride: dict[tuple[int, int], int]) -> int:
    """Most bonus points a route's rides can add: they never share an end (a matching
    on the jump ends), so the best matching's weight; with many jump ends, the largest
    ``ends // 2`` rides."""
    if not ride:
        return 0
    pairs: dict[tuple[int, int], int] = {}
    for (a, b), bonus in ride.items():
        key = (min(a, b), max(a, b))
        pairs[key] = max(pairs.get(key, 0), bonus)
    ends = sorted({x for pair in pairs for x in pair})
    if len(ends) > 16:
        return sum(sorted(pairs.values(), reverse=True)[: len(ends) // 2])
    index = {x: k for k, x in enumerate(ends)}
    weight = {(index[a], index[b]): w for (a, b), w in pairs.items()}

    @cache
    def best(mask: int) -> int:
        if not mask:
            return 0
        low = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << low)
        value = best(rest)
        r = rest
        while r:
            bit = r & -r
            r ^= bit
            pair = weight.get((low, bit.bit_length() - 1))
            if pair is not None:
                value = max(value, pair + best(rest & ~bit))
        return value

    return best((1 << len(ends)) - 1)


def _room(key: _Key, below: list[int], stars: int, d: int) -> int:
    """Most weight the untaken nodes can still add to a state's partial route
    (``below``: the weight of the untaken numbers under each rank; ``stars``: of the
    untaken stars), or -1 when its pieces can never make one route."""
    slots, pieces = key
    if len(pieces) > 1:
        spans = sorted((lo, hi) for lo, hi, _ in pieces if lo >= 0)
        for k in range(len(spans) - 1):
            if spans[k][1] > spans[k + 1][0]:
                return -1  # their numbers overlap: no order of the two is a route
    low, high = 0, d - 1
    inner = []
    for code in slots:
        if not code:
            continue
        c = code - 1
        lo, hi, closed = pieces[(c >> 4) & 0xFF]
        if lo < 0 or lo == hi:
            continue
        if closed:  # its one open end is this one
            kind = c >> 2 & 3
            if kind == _HIGH:
                low = max(low, hi)
            elif kind == _LOW:
                high = min(high, lo)
        inner.append((lo, hi))
    if low > high:
        return stars
    room = below[high + 1] - below[low] + stars
    for lo, hi in set(inner):
        a, b = max(lo + 1, low), min(hi, high + 1)
        if a < b:
            room -= below[b] - below[a]
    return room


def _join(slots: list[int], pieces: list[_Piece], a: int, b: int, by_ride: bool) -> bool:
    """Join the piece ends in slots ``a`` and ``b`` (in place), by a link or a ride.
    False when not allowed: the same piece (a cycle), a node's second ride, or numbers
    that would fall."""
    ca = slots[a] - 1
    cb = slots[b] - 1
    fa, ka, ra, da = (ca >> 4) & 0xFF, ca >> 2 & 3, ca >> 1 & 1, ca & 1
    fb, kb, rb, db = (cb >> 4) & 0xFF, cb >> 2 & 3, cb >> 1 & 1, cb & 1
    if fa == fb or by_ride and (ra or rb):
        return False
    lo_a, hi_a, closed_a = pieces[fa]
    lo_b, hi_b, closed_b = pieces[fb]
    if ka != _LOW and kb != _HIGH and (hi_a < 0 or lo_b < 0 or hi_a <= lo_b):
        a_first = True  # a's piece, then b's
        lo = lo_a if lo_a >= 0 else lo_b
        hi = hi_b if hi_b >= 0 else hi_a
    elif kb != _LOW and ka != _HIGH and (hi_b < 0 or lo_a < 0 or hi_b <= lo_a):
        a_first = False
        lo = lo_b if lo_b >= 0 else lo_a
        hi = hi_a if hi_a >= 0 else hi_b
    else:
        return False
    sloped = 0 <= lo < hi
    kind_a = (_LOW if a_first else _HIGH) if sloped else _BOTH  # of a's piece's other end
    kind_b = (_HIGH if a_first else _LOW) if sloped else _BOTH
    for j in range(len(slots)):
        c = slots[j]
        if not c or j in (a, b):
            continue
        c -= 1
        f = (c >> 4) & 0xFF
        if f == fa and not da:
            slots[j] = 1 + ((c & ~(0xFF << 4 | 0b1100)) | fa << 4 | kind_a << 2)
        elif f == fb and not db:
            slots[j] = 1 + ((c & ~(0xFF << 4 | 0b1100)) | fa << 4 | kind_b << 2)
    slots[a] = _code(fa, kind_a, by_ride, False) if da else 0
    slots[b] = _code(fa, kind_b, by_ride, False) if db else 0
    pieces[fa] = (lo, hi, closed_a + closed_b)
    pieces[fb] = (-2, -2, -2)  # joined into fa
    return True


def _close(slots: list[int], pieces: list[_Piece], leaving: list[int]) -> bool | None:
    """Nodes leave the frontier: their piece ends become route ends (in place). True:
    the partial route is a whole route, its only piece; None: a whole route beside other
    pieces (not allowed); False: go on."""
    live = sum(1 for p in pieces if p[2] >= 0)
    whole = any(p[2] >= 2 for p in pieces)
    for k in leaving:
        c = slots[k]
        if not c:
            continue
        c -= 1
        f = (c >> 4) & 0xFF
        lo, hi, closed = pieces[f]
        closed += 2 if c & 1 else 1
        pieces[f] = (lo, hi, closed)
        slots[k] = 0
        if closed >= 2:
            whole = True
    if whole:
        return True if live == 1 else None
    return False


def _canonical(slots: list[int], pieces: list[_Piece], leaving: list[int]) -> _Key:
    """The state's key: the frontier's slots without the nodes that left, the pieces
    numbered in order of first appearance."""
    renumber: dict[int, int] = {}
    out: list[int] = []
    kept: list[_Piece] = []
    gone = set(leaving)
    for k, c in enumerate(slots):
        if k in gone:
            continue
        if not c:
            out.append(0)
            continue
        c -= 1
        f = (c >> 4) & 0xFF
        new = renumber.get(f)
        if new is None:
            new = renumber[f] = len(kept)
            kept.append(pieces[f])
        out.append(1 + ((c & ~(0xFF << 4)) | new << 4))
    return tuple(out), tuple(kept)


def _walk(graph: RouteGraph, on: list[int], links: list[tuple[int, int, bool]],
          ride: dict[tuple[int, int], int], ranks: list[int]) -> tuple[Step, ...] | None:
    """The route through the nodes ``on`` along ``links``, read from the end where the
    numbers start lowest; None when the links do not make one route."""
    nbr: dict[int, list[tuple[int, bool]]] = {v: [] for v in on}
    for a, b, by_ride in links:
        nbr[a].append((b, by_ride))
        nbr[b].append((a, by_ride))
    ends = sorted(v for v in on if len(nbr[v]) < 2)
    if not ends:
        return None
    path = [(ends[0], False)]
    seen = {ends[0]}
    while True:
        here = path[-1][0]
        onward = [(v, r) for v, r in nbr[here] if v not in seen]
        if not onward:
            break
        path.append(onward[0])
        seen.add(onward[0][0])
    if len(path) != len(on):
        return None
    numbers = [ranks[v] for v, _ in path if ranks[v] >= 0]
    if numbers != sorted(numbers):
        path = [(path[-1][0], False)] + [(path[k][0], path[k + 1][1])
                                         for k in range(len(path) - 2, -1, -1)]
        numbers = [ranks[v] for v, _ in path if ranks[v] >= 0]
        if numbers != sorted(numbers):
            return None
    steps = [Step(path[0][0], False, 0)]
    for k in range(1, len(path)):
        v, by_ride = path[k]
        if by_ride and (path[k - 1][1] or (path[k - 1][0], v) not in ride):
            return None
        steps.append(Step(v, by_ride, ride[path[k - 1][0], v] if by_ride else 0))
    return tuple(steps)
