"""Exact best route on a graph of numbered spaces: the longest non-decreasing simple path.

The problem
-----------
Nodes ``0..n-1`` each carry a weight (On Tour: 1, or 2 when circled) and a value: a number,
or ``None`` for a wild star. A route is a simple path along the graph's links (and,
optionally, along one-way *jumps* that carry a bonus and may not follow one another: the
Paris boat rides) whose numbers never decrease, each star standing for a number of its
own. The score is the sum of the weights on the route plus the bonuses of the jumps taken.
Crossed spaces are simply not nodes.

Why a plain DAG longest path does not work
------------------------------------------
Moving to a strictly higher number is a step in a DAG, but equal numbers and stars let a
route wander back and forth, so the graph of allowed moves has cycles and the route must
stay simple. The problem contains the Hamiltonian path problem (a board of stars), so no
polynomial method is expected; the method must be exact anyway.

The method: memoised branch and bound on (space, value, relevant visited set)
--------------------------------------------------------------------------------
A search state is the current node, the *current value* ``c`` (the last number on the
route; a star is always given ``c``, the smallest number it may stand for, which never
leaves fewer moves than any higher choice), the set of visited nodes and whether the
route arrived by a jump. The future of a state depends on the visited set only through
the visited nodes that could still be entered: numbers below ``c`` can never be entered
again and numbers above ``c`` cannot have been visited (the route never decreases), so
only the visited nodes holding exactly ``c`` and the visited stars matter. Of the free
nodes holding ``c``, only those the route can walk to without rising (the *component* of
free ``c``-nodes and stars around the current node) can still be entered: any other would
need a rise first. The memo key is therefore ``(node, c, component | free stars,
arrived_by_jump)``: routes that sealed off different pockets of a run of equal numbers
meet in one state. This is the decomposition by value: once the route climbs to a higher
number, everything it left behind, except the stars it spent, is forgotten, so boards
whose numbers are mostly distinct are solved by what amounts to a DAG dynamic programme,
and the exhaustive part is confined to runs of equal numbers and to the stars (which are
used at any value, once). A star before any number stands for the board's lowest number,
so a route starting on stars shares its states with one starting on that number.

Each state's best continuation is found by a depth-first search with fail-soft
alpha pruning: a call ``best(state, alpha)`` returns the exact value when it exceeds
``alpha`` and otherwise an upper bound no larger than ``alpha``. The memo stores which of
the two it holds, so a bound is reused only where it still proves a cut. A state is cut
without search when its upper bound cannot beat ``alpha`` and a search stops as soon as it
reaches the state's upper bound. Both cuts discard only routes that provably cannot score
more, so the value at the root is the exact optimum.

The upper bound of a state: the route first walks a simple path in the component, which
runs down one chain of the component's block-cut tree (a path cannot come back through a
cut vertex). Ending there, it scores at most the best chain's blocks; rising to a higher
number ``y``, it must leave from a neighbour of ``y``, so it scores at most the blocks on
the chain to that neighbour, plus ``y`` and ``y``'s best continuation with only the
spent stars visited (a relaxation shared by every state; asked with the floor the bound
must beat, so it is solved only as far as a cut needs). That relaxation may spend again
the stars the component's path spent, which on boards of long runs and several stars
counted each star twice; so a second bound counts the numbers on the chain, every free
star once, and ``y``'s continuation counting numbers only (the same search on the same
graph with stars weighing nothing); a third splits by the set of the component's stars
the path spends (its numbers plus those stars, then ``y``'s continuation with them spent
too: a star between a long run and the next number counts once), and each rise takes
the smallest. Small components
use a cheaper count: every node, but at most one node with a single neighbour among them
(it can only end the route). A block counts less by the nodes no path through it can
visit: a node with two links only, passed through, takes both, so of two such nodes on
the same two neighbours one is left out, and a node can carry no more than two of them
(the block's entry one). Large components without rides build the block-cut tree before
the rises, so each rise is asked only whether it beats the best so far over the chain to
it: a higher floor, less search.

Stars that no route from a state can enter again (every neighbour spent or a lower
number, the current node aside) are dropped from its memo key, and from the stars the
second bound counts once, so routes that differ only in those stars meet in one state.
These sharper keys and bounds, like the greedy floor routes below, are used only without
a budget: what a budget reaches, and so the built-in player's games and the seeds' pars,
stay as they were.

Jumps (boat rides) add their bonuses on top. A node is visited once and a node entered by
a jump is left on foot, so the rides of a route never share an end: they form a matching
on the jump ends. The bound adds the heaviest matching on the free jump ends of the
component, the current node (when it may still ride away) and ``y``, solved exactly over
subsets (Paris: nine docks, so at most four rides, worth at most 20 together, where a
bound that let every dock be entered by its best ride allowed 56).

Jumps also cut the component apart: seen on foot (Paris: no link crosses the Seine) it
falls into pieces joined only by jumps, and the jumps merge every dock into one block of
the block-cut tree, so that bound says nothing there. The bound per bank replaces it: a
piece other than the current node's that holds a single free dock can only be entered by
a jump and left on foot, so the route's part in the component ends there and visits at
most one such piece (a rise to ``y`` leaves from the other pieces or from such a piece
next to ``y``, so the clubs, stars and rides of the others do not count for it); when
the current node cannot jump and its piece holds no other dock, no other piece can be
reached; a rise into a dock by a jump is bounded by the continuation of a node entered
by a jump (which cannot jump on, where ``rise`` may); and on large components a third
bound counts every ride of the route once (the clubs before the rise, the best matching
on every dock still usable, and the continuation's clubs from the same search with rides
worth nothing, when that settles within 50 states). Moves try walks before rides (the
dearest first, a ride to a dock with nowhere to walk on last), and on flat boards with
rides the starts of equal bound go fewest links first.

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
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

Value = int | None
"""A node's number, or None for a wild star."""


@dataclass(frozen=True)
class Jump:
    """A one-way move to a non-adjacent node worth ``bonus`` extra points (Paris: a boat
    ride between two docks). A node entered by a jump must be left on foot."""

    target: int
    bonus: int


@dataclass(frozen=True)
class RouteGraph:
    """The search problem: per node a value and a weight, its links, and optional jumps."""

    values: tuple[Value, ...]
    weights: tuple[int, ...]
    """Positive points a node adds to a route that visits it."""
    neighbours: tuple[tuple[int, ...], ...]
    """Undirected links (each listed at both ends), in the order moves are tried on ties."""
    jumps: tuple[tuple[Jump, ...], ...] = ()
    """Per node, the jumps that leave it; empty for maps without them."""

    def __post_init__(self) -> None:
        n = len(self.values)
        if len(self.weights) != n or len(self.neighbours) != n:
            raise ValueError("values, weights and neighbours must have one entry per node")
        if self.jumps and len(self.jumps) != n:
            raise ValueError("jumps must be empty or have one entry per node")
        for i, nbrs in enumerate(self.neighbours):
            for j in nbrs:
                if not 0 <= j < n or j == i or i not in self.neighbours[j]:
                    raise ValueError(f"link {i}-{j} is not a symmetric link between nodes")
        for w in self.weights:
            if w <= 0:
                raise ValueError(f"weights must be positive, got {w}")
        for jumps in self.jumps:
            for jump in jumps:
                if not 0 <= jump.target < n or jump.bonus < 0:
                    raise ValueError(f"bad jump {jump}")


@dataclass(frozen=True)
class Step:
    """One move of a solved route."""

    node: int
    by_jump: bool
    bonus: int


@dataclass(frozen=True)
class Solution:
    """The best route found: nodes in travel order and its total."""

    steps: tuple[Step, ...]
    total: int
    proven_optimal: bool
    states: int
    """Search states expanded (a measure of effort)."""

    @property
    def nodes(self) -> tuple[int, ...]:
        return tuple(s.node for s in self.steps)


class _BudgetExceeded(Exception):
    pass


_UNBOUNDED = 1 << 62

_RIDE_STEP = 1 << 10
"""Move order: a ride's rank above every walk's (a walk ranks by its onward moves, fewer
than this), one step per point of bonus below the dearest ride."""
_RIDE_LAST = 1 << 40
_RIDE_DEAD_END = 1 << 50
"""Added to a ride's rank when its dock has nowhere to walk on: such a ride ends the
route, so it is tried last."""

_Banks = tuple[int, int, int, tuple[tuple[int, int, int, int], ...]]
"""``_Search.banks``: (fixed, open end, docks that may ride, terminals as (weight, dock,
nodes next to the piece on foot, the piece))."""


_NO_MOVE = (-1, False, 0)


class _Search:
    def __init__(self, graph: RouteGraph, max_states: int | None,
                 numbers_only: bool = False, sharp: bool | None = None) -> None:
        g = graph
        self.n = n = len(g.values)
        self.values = g.values
        self.weights = g.weights
        self.numbers_only = numbers_only
        if numbers_only:
            self.weights = tuple(0 if v is None else w
                                 for v, w in zip(g.values, g.weights, strict=True))
        self.nbrs = g.neighbours
        self.jumps: tuple[tuple[Jump, ...], ...] = g.jumps or tuple(() for _ in range(n))
        self.has_jumps = any(self.jumps)
        self.nbr_mask = [sum(1 << j for j in nb) for nb in g.neighbours]
        # For bounds: links and jumps in both directions.
        self.any_mask = list(self.nbr_mask)
        for i, jumps in enumerate(self.jumps):
            for jump in jumps:
                self.any_mask[i] |= 1 << jump.target
                self.any_mask[jump.target] |= 1 << i
        # Rides never follow one another and every node is visited once, so the rides
        # of a route form a matching on the jump ends: bounds count its best weight.
        self.ride_weight: dict[tuple[int, int], int] = {}
        for i, jumps in enumerate(self.jumps):
            for jump in jumps:
                pair = (min(i, jump.target), max(i, jump.target))
                if jump.bonus > self.ride_weight.get(pair, 0):
                    self.ride_weight[pair] = jump.bonus
        top_bonus = max(self.ride_weight.values(), default=0)
        self.ride_moves = [tuple((jump.target, jump.bonus,
                                  _RIDE_LAST + (top_bonus - jump.bonus) * _RIDE_STEP)
                                 for jump in jumps) for jumps in self.jumps]
        self.ride_ends = 0
        self.ride_partners = [0] * n
        for a, b in self.ride_weight:
            self.ride_ends |= 1 << a | 1 << b
            self.ride_partners[a] |= 1 << b
            self.ride_partners[b] |= 1 << a
        self.ride_memo: dict[int, int] = {0: 0}
        # Every jump's ends, worth points or not, for the bound per bank.
        self.docks = 0
        self.dock_partners = [0] * n
        for i, jumps in enumerate(self.jumps):
            for jump in jumps:
                self.docks |= 1 << i | 1 << jump.target
                self.dock_partners[i] |= 1 << jump.target
                self.dock_partners[jump.target] |= 1 << i
        self.bank_memo: dict[tuple[int, int, bool, int], _Banks] = {}
        self.star_mask = sum(1 << i for i, v in enumerate(g.values) if v is None)
        distinct = sorted({v for v in g.values if v is not None} or {0})
        self.distinct = distinct
        self.eq_mask = dict.fromkeys(distinct, 0)
        for i, v in enumerate(g.values):
            if v is not None:
                self.eq_mask[v] |= 1 << i
        # Nodes that may be entered at value c: stars and numbers >= c.
        self.ge_mask: dict[int, int] = {}
        above = self.star_mask
        for c in reversed(distinct):
            above |= self.eq_mask[c]
            self.ge_mask[c] = above
        self.memo: dict[tuple[int, int, int, bool], tuple[int, bool, tuple[int, bool, int]]] = {}
        rides = {(i, jump.target, jump.bonus)
                 for i, jumps in enumerate(self.jumps) for jump in jumps}
        self.reversible = all((t, i, b) in rides for i, t, b in rides)
        """Every jump has its way back with the same bonus, so a path of equal numbers
        and stars can be walked backwards (its rides, walked backwards, still never
        follow one another)."""
        self.flat = len(distinct) == 1 and self.reversible
        """Every route can be walked backwards: stars and one number, and reversible
        jumps."""
        self.no_end = 0
        """On a flat board: starts already searched in full. A better route cannot end
        at one (walked backwards it would start there), so bounds may drop them as ends."""
        self.rise_gain: dict[tuple[int, int], int] = {}
        self.ride_rise_gain: dict[tuple[int, int], int] = {}
        self.rise_known: dict[tuple[int, bool], list[tuple[int, int, bool]]] = {}
        """``rise``'s answers per number (and whether entered by a ride): the stars
        spent, the answer and whether it is exact (else a bound)."""
        self.run_walks: dict[int, tuple[list[int], _Search, list[Solution]]] = {}
        """``run_walk``: parts of runs as graphs of their own."""
        self.run_spent: dict[tuple[int, int], int] = {}
        """``run_best``'s search states so far per run, against its allowance."""
        self.run_memo: dict[tuple[int, int], int] = {}
        """``run_best`` per run and value: a bound on every route from the run (the
        best one's total, once found)."""
        self.chains: dict[tuple[int, int, bool],
                          tuple[int, dict[int, tuple[int, int]]]] = {}
        self.mask_weights: dict[int, int] = {}
        self.leaf_memo: dict[tuple[int, int, int], int] = {}
        self.number_weights = [0 if v is None else w
                               for v, w in zip(g.values, self.weights, strict=True)]
        self.graph = graph
        self.plain: _Search | None = None
        """The same search counting numbers only (stars weigh nothing), for the second
        bound of a rise; made when first needed, on boards with stars and several
        numbers."""
        self.bare: _Search | None = None
        """The same search with rides worth nothing, for ``bare_cap``."""
        self.wants_plain = not numbers_only and bool(self.star_mask) and len(distinct) > 1
        self.canonical: dict[tuple[int, int, int, bool], tuple[int, int, int, bool]] = {}
        self.states = 0
        self.max_states = max_states
        self.sharp = max_states is None if sharp is None else sharp
        """Use the keys without dead stars, the stars-once bound over live stars only and
        the nodes blocks leave out. Not under a budget: what a budget reaches (and so the
        built-in player's games and the seeds' pars) stays as it was."""
        self.block_threshold = 9
        """Reachable sets at least this large get the (dearer, stronger) block bound."""

    # --- bounds ----------------------------------------------------------------------

    def reach(self, node: int, c: int, visited: int) -> tuple[int, int]:
        """The free stars and numbers equal to ``c`` that a route at ``node`` can still
        walk to without a rise (the component), and every node next to it or to
        ``node`` (the border)."""
        same = (self.eq_mask[c] | self.star_mask) & ~visited
        any_mask = self.any_mask
        comp = 0
        border = any_mask[node]
        frontier = border & same
        while frontier:
            comp |= frontier
            nxt = 0
            f = frontier
            while f:
                low = f & -f
                nxt |= any_mask[low.bit_length() - 1]
                f ^= low
            border |= nxt
            frontier = nxt & same & ~comp
        return comp, border

    def key(self, node: int, c: int, visited: int, jumped: bool) -> tuple[int, int, int, bool]:
        """The memo key: what the future of a state depends on. Numbers below ``c`` can
        never be entered again, higher numbers are all still free, and an equal number
        outside the component cannot be reached (the route would have to rise first), so
        only the component and the free stars matter."""
        return self.key_of(node, c, visited, jumped, self.reach(node, c, visited))

    def key_of(self, node: int, c: int, visited: int, jumped: bool,
               reached: tuple[int, int]) -> tuple[int, int, int, bool]:
        comp = reached[0]
        stars = self.star_mask & ~visited & ~comp
        if stars and self.sharp:
            stars = self.live_stars(node, visited, c, stars)
        return (node, c, comp | stars, jumped)

    def live_stars(self, node: int, visited: int, c: int, stars: int) -> int:
        """Of the free ``stars`` outside the component, those a route at ``node`` (value
        ``c``) might still enter: next to ``node`` or to a free star or number of at least
        ``c``. The others are walled in by spent nodes and lower numbers, so whether they
        were spent changes nothing."""
        near = self.ge_mask[c] & ~visited | 1 << node
        any_mask = self.any_mask
        live = 0
        rest = stars
        while rest:
            low = rest & -rest
            rest ^= low
            if any_mask[low.bit_length() - 1] & near:
                live |= low
        return live

    def upper_bound(self, node: int, c: int, visited: int,
                    reached: tuple[int, int] | None = None, alpha: int = -1,
                    jumped: bool = False, live: int = -1) -> int:
        """Most points a continuation from ``node`` at value ``c`` could add (excluding
        ``node`` itself): a segment through stars and numbers equal to ``c``, then
        possibly a step up to a higher number ``y`` and whatever follows from ``y``.

        The segment is a simple path from ``node`` in the component of the free equal
        nodes; it runs down one chain of the component's block-cut tree. Ending inside,
        it scores at most the best chain (``block_chains``); leaving for ``y`` it must end
        at a neighbour ``a`` of ``y``, so it scores at most the blocks on the chain from
        ``node`` to ``a``, and then at most ``y``'s weight plus ``y``'s best continuation
        (``rise``: with only the spent stars visited). That relaxation may spend again
        the stars the segment spent, so a second bound counts every free star once:
        the numbers on the chain to ``a``, plus the free stars, plus ``y``'s best
        continuation counting numbers only (``plain``); each rise takes the smaller. The
        rides of the segment, with the one into ``y``, are a matching on the jump ends
        there: ``rides`` bounds their bonuses."""
        comp, border = reached or self.reach(node, c, visited)
        free = self.ge_mask[c] & ~visited
        same = free & (self.eq_mask[c] | self.star_mask)
        higher = border & free & ~same
        ride_ends = self.ride_ends
        ride_memo = self.ride_memo
        bonus = 0
        ends = 0
        if ride_ends:
            ends = comp & ride_ends
            if not jumped and ride_ends >> node & 1:
                ends |= 1 << node
            hit = ride_memo.get(ends)
            bonus = self.rides(ends) if hit is None else hit
        # Paris: with docks in the component, the bound per bank of the Seine.
        banks = self.banks(node, comp, jumped) if comp & self.docks else None
        if not higher:
            if not comp:
                return bonus
            quick = self.leaf_bound(node, comp) + bonus
            if banks is not None:
                quick = min(quick, self.bank_bound(banks, 0))
            if quick <= alpha or comp.bit_count() < self.block_threshold or (
                    banks is not None and self.sharp and not comp & self.star_mask):
                # Rides join every dock into one block, so on a run without stars the
                # block-cut tree is seldom below the bound per bank: not worth building.
                return quick
            segment = self.block_chains(node, comp, False)[0] + bonus
            return segment if banks is None else min(quick, segment)
        if self.sharp and not ride_ends and comp.bit_count() >= self.block_threshold:
            return self.chain_bound(node, c, visited, jumped, (comp, border), higher, alpha,
                                    live)
        # The rises' gains first: with the whole component they give a cheap bound,
        # often enough for a cut before the block-cut tree is built.
        # Without star weights (``plain``) spent stars matter little: forget them.
        spent = 0 if self.numbers_only else visited & self.star_mask
        everything = self.leaf_bound(node, comp)
        quick = everything + bonus
        bank0 = 0
        if banks is not None:
            bank0 = self.bank_bound(banks, 0)
            quick = min(quick, bank0)
        # A rise's gain is only needed to decide whether it can beat alpha: asked with
        # that floor, ``rise`` may answer with a bound instead of the exact value.
        gains: list[tuple[int, int, int, int]] = []
        rise_gain = self.rise_gain
        all_rides = -1  # the rides of the whole future, asked for when first needed
        h = higher
        while h:
            low = h & -h
            h ^= low
            y = low.bit_length() - 1
            extra = bonus
            if banks is not None and self.sharp:
                # Rising to y, the part's rides are among the docks that may ride, those
                # of the terminals next to y and y.
                rising = (banks[2] | self.near_terminals(banks[3], y)[0] | low) & ride_ends
                hit = ride_memo.get(rising)
                extra = self.rides(rising) if hit is None else hit
            elif ride_ends & low:
                hit = ride_memo.get(ends | low)
                extra = self.rides(ends | low) if hit is None else hit
            if banks is None:
                before = everything + extra
                gain = rise_gain.get((y, spent))
                if gain is None:
                    gain = self.rise(y, spent, alpha - before)
                cap = before + gain
            else:
                cap, gain = self.bank_rise(banks, node, comp, y, spent,
                                           min(everything + bonus, bank0),
                                           everything + extra, alpha)
                if (cap > alpha and self.bare is not self
                        and comp.bit_count() >= self.block_threshold):
                    if all_rides < 0:
                        all_rides = self.rides(ends | (self.ge_mask[c] & ~visited & ride_ends))
                    cap = min(cap, self.bare_cap(banks, y, spent, all_rides, alpha))
            gains.append((y, gain + extra, extra, cap))
            if cap > quick:
                quick = cap
        if quick <= alpha or comp.bit_count() < self.block_threshold:
            return quick
        if banks is not None:
            return self.bank_stars(node, c, visited, jumped, (comp, border), live,
                                   banks[3], gains, bank0, alpha)
        segment, chain = self.block_chains(node, comp)
        best = segment + bonus
        plain, loose = self.plain_and_loose(node, c, visited, jumped, (comp, border), live)
        around = comp | (1 << node)
        for y, gain, extra, _ in gains:
            reach, reach_numbers = self.chain_reach(chain, y, around)
            value = reach + gain
            if value > best and value > alpha and plain is not None:
                value = min(value, reach_numbers + loose + extra + self.plain_rise(
                    plain, y, alpha - reach_numbers - loose - extra))
            if value > best:
                best = value
        return best

    def plain_and_loose(self, node: int, c: int, visited: int, jumped: bool,
                        reached: tuple[int, int], live: int) -> tuple[_Search | None, int]:
        """The numbers-only search (made on first use) and the weight of the stars a
        route from ``node`` may still enter (``live``: their mask, or -1 when not worked
        out yet)."""
        plain = self.plain_search()
        if plain is None:
            return None, 0
        live = self.live_mask(node, c, visited, jumped, reached, live)
        return plain, self.mask_weight(self.star_mask & live)

    def plain_search(self) -> _Search | None:
        """The same search counting numbers only, made on first use; None where stars
        never matter (no stars, or one number)."""
        if self.plain is None and self.wants_plain:
            self.plain = _Search(self.graph, None, numbers_only=True, sharp=self.sharp)
        return self.plain

    def live_mask(self, node: int, c: int, visited: int, jumped: bool,
                  reached: tuple[int, int], live: int) -> int:
        """A mask holding the stars a route from ``node`` may still enter: the memo key's
        (``live``, when already worked out, else -1); every free star without the
        sharper keys."""
        if not self.sharp:
            return ~visited
        if live < 0:
            return self.key_of(node, c, visited, jumped, reached)[2]
        return live

    def near_terminals(self, terminals: tuple[tuple[int, int, int, int], ...],
                       y: int) -> tuple[int, int]:
        """Of the component's terminals (``banks``), the docks of those next to ``y``
        and the nodes of the others. A rise to ``y`` leaves from the pieces or from a
        terminal next to ``y`` (a terminal, left on foot, ends the route's part in the
        component), so the other terminals are out of its way."""
        docks = out = 0
        for _, dock, border, piece in terminals:
            if border >> y & 1:
                docks |= dock
            else:
                out |= piece
        return docks, out

    def chain_reach(self, chain: Mapping[int, tuple[int, int]], y: int, around: int
                    ) -> tuple[int, int]:
        """The longest chain to a node of ``around`` next to ``y``: (all weights,
        numbers only)."""
        reach = reach_numbers = 0
        attach = self.any_mask[y] & around
        while attach:
            bit = attach & -attach
            attach ^= bit
            r, r_numbers = chain[bit.bit_length() - 1]
            if r > reach:
                reach = r
            if r_numbers > reach_numbers:
                reach_numbers = r_numbers
        return reach, reach_numbers

    def chain_bound(self, node: int, c: int, visited: int, jumped: bool,
                    reached: tuple[int, int], higher: int, alpha: int, live: int) -> int:
        """``upper_bound`` of a large component without rides, the block-cut tree first:
        each rise then needs its gain only as far as it can beat the best so far over
        the chain to its neighbour, which asks ``rise`` with a higher floor."""
        spent = 0 if self.numbers_only else visited & self.star_mask
        comp = reached[0]
        comp_stars = comp & self.star_mask if not self.numbers_only else 0
        if comp_stars.bit_count() > _SPLIT_STARS:
            comp_stars = 0
        segment, chain = self.block_chains(node, comp)
        best = segment
        plain, loose = self.plain_and_loose(node, c, visited, jumped, reached, live)
        rise_gain = self.rise_gain
        around = comp | (1 << node)
        h = higher
        while h:
            low = h & -h
            h ^= low
            y = low.bit_length() - 1
            floor = max(alpha, best)
            gain = rise_gain.get((y, spent))
            if gain is not None and segment + gain <= floor:
                # No chain is longer than the best one: that settles it as it is.
                if segment + gain > best:
                    best = segment + gain
                continue
            reach, reach_numbers = self.chain_reach(chain, y, around)
            if gain is None:
                gain = self.rise(y, spent, floor - reach)
            value = reach + gain
            if value > floor and plain is not None:
                value = min(value, reach_numbers + loose + self.plain_rise(
                    plain, y, floor - reach_numbers - loose))
            if value > floor and comp_stars:
                value = min(value, self.split_rise(y, spent, comp_stars, reach,
                                                   reach_numbers, gain, floor, value))
            if value > best:
                best = value
        return best

    def split_rise(self, y: int, spent: int, stars: int, reach: int, reach_numbers: int,
                   gain: int, floor: int, ceiling: int) -> int:
        """A third bound of a rise to ``y`` after a segment through the component: the
        first one (``reach + gain``) lets a star of the component count twice, in the
        segment and again in ``y``'s continuation. Split by the set ``t`` of the
        component's free ``stars`` the segment spends: it scores at most ``reach`` and
        at most its numbers (``reach_numbers``) plus ``t``'s weight, and the
        continuation at most ``rise`` with ``t`` spent as well. ``gain`` is ``rise``
        with none of them spent, which no set can beat: a set whose segment cannot lift
        that above ``floor`` needs no search. Remembered rises make the sets cheap. Stops
        once the bound reaches ``ceiling`` (a bound the caller has already)."""
        best = -1
        t = 0
        while True:  # every subset of ``stars``, the empty one first
            head = reach_numbers + self.mask_weight(t)
            if head > reach:
                head = reach
            cap = head + gain
            if cap > best:
                if cap > floor:
                    cap = head + self.rise(y, spent | t, max(floor, best) - head)
                if cap > best:
                    best = cap
                    if best >= ceiling:
                        return best
            if t == stars:
                return best
            t = (t - stars) & stars

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
                    whole = solve(walks.graph)
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

    def run_exits(self, run: int, c: int) -> dict[int, tuple[list[int], list[tuple[int, int]]]]:
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

    def run_walk(self, inside: int) -> tuple[list[int], _Search, list[Solution]]:
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
            made = self.run_walks[inside] = (nodes, _Search(sub, None), [])
        return made

    def run_route(self, nodes: list[int], walks: _Search, k: int, jumped: bool, t: int,
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

    def banks(self, node: int, comp: int, jumped: bool) -> _Banks:
        """The component seen on foot (Paris: no link crosses the Seine, so a run on both
        banks falls apart into pieces joined only by rides). The route's part in the
        component walks the piece of ``node``, then may ride to a dock of another piece,
        walk it and ride on from another of its docks. A piece with a single free dock
        can only be entered by a ride and left on foot, so it ends that part: a route
        visits at most one such piece (a *terminal*). A node that is no dock and has a
        single neighbour on foot can only end the part. When ``node`` cannot ride away
        (it was entered by a ride, or is no dock) and its piece has no other dock, the
        other pieces cannot be reached at all.

        Returns ``(fixed, open_end, base, terminals)``: the weight of the piece of
        ``node`` and of the pieces with several docks (every node but the ones that can
        only end the part), the best end among those, their docks that may ride, and for
        every terminal its weight (one end included), its dock and the nodes next to it on
        foot. ``bank_bound`` turns these into a bound. Remembered."""
        key = (node, comp, jumped, self.no_end)
        hit = self.bank_memo.get(key)
        if hit is not None:
            return hit
        nbr_mask = self.nbr_mask
        weights = self.weights
        docks = self.docks
        no_end = self.no_end
        around = comp | (1 << node)
        fixed = open_end = base = 0
        terminals: list[tuple[int, int, int, int]] = []
        rest = around
        first = True
        while rest:
            seed = (1 << node) if first else rest & -rest
            piece = frontier = seed
            while frontier:
                nxt = 0
                f = frontier
                while f:
                    low = f & -f
                    f ^= low
                    nxt |= nbr_mask[low.bit_length() - 1]
                frontier = nxt & around & ~piece
                piece |= frontier
            rest &= ~piece
            inner = end = 0
            p = piece & ~(1 << node)
            while p:
                low = p & -p
                p ^= low
                i = low.bit_length() - 1
                w = weights[i]
                if docks & low or (nbr_mask[i] & around).bit_count() >= 2:
                    inner += w
                elif w > end and not no_end & low:
                    end = w
            piece_docks = piece & docks
            if first:
                first = False
                if jumped:
                    piece_docks &= ~(1 << node)
                fixed += inner
                open_end = end
                base = piece_docks
                if not piece_docks:
                    break  # no ride can leave this piece: the others are out of reach
            elif piece_docks & (piece_docks - 1):
                fixed += inner
                open_end = max(open_end, end)
                base |= piece_docks
            else:
                border = 0
                p = piece
                while p:
                    low = p & -p
                    p ^= low
                    border |= nbr_mask[low.bit_length() - 1]
                terminals.append((inner + end, piece_docks, border, piece))
        hit = self.bank_memo[key] = (fixed, open_end, base, tuple(terminals))
        return hit

    def bank_bound(self, banks: _Banks, rise_to: int = 0) -> int:
        """Most the route's part in the component (``banks``) can score, its rides
        included, when it ends there (``rise_to`` 0) or walks on to the higher number
        ``rise_to`` (its bit): ending in the pieces or in one terminal (when walking
        on, a terminal next to ``rise_to``)."""
        fixed, open_end, base, terminals = banks
        rides = self.ride_memo
        hit = rides.get(base)
        best = open_end + (self.rides(base) if hit is None else hit)
        for weight, dock, border, _ in terminals:
            if rise_to and not border & rise_to:
                continue
            ends = base | dock
            hit = rides.get(ends)
            value = weight + (self.rides(ends) if hit is None else hit)
            if value > best:
                best = value
        return fixed + best

    def bank_rise(self, banks: _Banks, node: int, comp: int, y: int, spent: int,
                  on_foot: int, by_ride: int, alpha: int) -> tuple[int, int]:
        """Bounds of a rise to ``y`` from the component (``banks``): the most the route
        scores from here on when it rises to ``y``, and the most it scores from ``y`` on.
        Walking to ``y`` and riding to it are bounded apart (``on_foot`` and
        ``by_ride``: bounds of the part before, its rides included): ``y``
        entered by a ride cannot ride on, which ``rise`` (entering on foot) allows."""
        low = 1 << y
        cap = gain = -1
        if self.nbr_mask[y] & (comp | (1 << node)):
            before = min(on_foot, self.bank_bound(banks, low)) if banks[3] else on_foot
            hit = self.rise_gain.get((y, spent))
            gain = self.rise(y, spent, alpha - before) if hit is None else hit
            cap = before + gain
        if self.dock_partners[y] & banks[2]:
            hit = self.ride_memo.get(banks[2] | low)
            before = min(by_ride, banks[0] + (self.rides(banks[2] | low) if hit is None
                                              else hit))
            if gain >= 0 and before + gain <= max(alpha, cap):
                # The walk's gain, no smaller, settles it already.
                return max(cap, before + gain), gain
            hit = self.ride_rise_gain.get((y, spent))
            ride_gain = self.ride_rise(y, spent, alpha - before) if hit is None else hit
            cap = max(cap, before + ride_gain)
            gain = max(gain, ride_gain)
        return cap, gain

    def bare_cap(self, banks: _Banks, y: int, spent: int, all_rides: int,
                 alpha: int) -> int:
        """A third bound of a rise to ``y`` from the component (``banks``), with every
        ride counted once over the whole route. The bound of a rise adds the rides
        before ``y`` to the best continuation from ``y``, rides included, and the two
        may together count more rides than a route can take (4 rides on 9 docks are
        worth at most 20 in all). Here: the clubs of the component's part, the heaviest
        matching on every dock the route may still use (``all_rides``), and ``y``'s
        continuation counting clubs only (the same search with rides worth nothing),
        when that search settles within a few dozen states (else no bound: ``rise``
        on a long run can cost more than the bound saves). Asked for large components
        only (on small ones it costs more than it saves)."""
        fixed, open_end, _, terminals = banks
        clubs = fixed + max(open_end, max((t[0] for t in terminals), default=0))
        bare = self.bare
        if bare is None:
            g = self.graph
            bare = self.bare = _Search(RouteGraph(
                g.values, g.weights, g.neighbours,
                tuple(tuple(Jump(j.target, 0) for j in jumps) for jumps in self.jumps)),
                None, sharp=self.sharp)
            bare.bare = bare  # its rides are worth nothing: no third bound there
        before = bare.states
        bare.max_states = before + _BARE_ALLOWANCE
        try:
            gain = bare.rise(y, spent, alpha - clubs - all_rides)
        except _BudgetExceeded:
            gain = _UNBOUNDED
        self.states += bare.states - before
        if self.max_states is not None and self.states > self.max_states:
            raise _BudgetExceeded
        return clubs + all_rides + gain

    def bank_stars(self, node: int, c: int, visited: int, jumped: bool,
                   reached: tuple[int, int], live: int,
                   terminals: tuple[tuple[int, int, int, int], ...],
                   gains: list[tuple[int, int, int, int]], best: int, alpha: int) -> int:
        """The bank bound's rises with every free star counted once (the second bound
        of ``upper_bound``, without the block-cut tree, which rides merge into one
        block): the numbers of the component, the stars the route may still enter, the
        rides, and ``y``'s continuation counting numbers only. ``best`` is the bound
        without a rise."""
        comp = reached[0]
        plain = self.plain_search()
        if plain is None:
            return max(best, max(cap for _, _, _, cap in gains))
        live = self.live_mask(node, c, visited, jumped, reached, live)
        star_mask = self.star_mask
        for y, _, extra, cap in gains:
            if cap > best and cap > alpha:
                out = self.near_terminals(terminals, y)[1] if self.sharp else 0
                numbers = (self.mask_weight(comp & ~star_mask & ~out)
                           + self.mask_weight(star_mask & live & ~out))
                cap = min(cap, numbers + extra + self.plain_rise(
                    plain, y, alpha - numbers - extra))
            if cap > best:
                best = cap
        return best

    def ride_rise(self, y: int, spent: int, floor: int) -> int:
        """``rise`` for a route entering ``y`` by a ride (so leaving it on foot)."""
        return self.rise(y, spent, floor, jumped=True)

    def plain_rise(self, plain: _Search, y: int, floor: int) -> int:
        """``plain.rise``, its search states counted against this search's budget."""
        before = plain.states
        gain = plain.rise(y, 0, floor)
        self.states += plain.states - before
        if self.max_states is not None and self.states > self.max_states:
            raise _BudgetExceeded
        return gain

    def mask_weight(self, mask: int) -> int:
        """The weight of the nodes in ``mask`` (stars or numbers), remembered."""
        weight = self.mask_weights.get(mask)
        if weight is None:
            weight = 0
            s = mask
            while s:
                low = s & -s
                s ^= low
                weight += self.weights[low.bit_length() - 1]
            self.mask_weights[mask] = weight
        return weight

    def rides(self, ends: int) -> int:
        """Most bonus points the rides between the jump ends ``ends`` can add. A node is
        visited once and a node entered by a ride is left on foot, so the rides of a
        route never share an end: they form a matching, and this is its best weight
        (each pair weighing its dearer ride), found over subsets and remembered. On
        graphs with many jump ends, the cheaper bound of the ``len(ends) // 2`` largest
        rides touching distinct ends."""
        hit = self.ride_memo.get(ends)
        if hit is not None:
            return hit
        if self.ride_ends.bit_count() > 16:
            tops = []
            e = ends
            while e:
                low = e & -e
                e ^= low
                i = low.bit_length() - 1
                tops.append(max((self.ride_weight[min(i, j), max(i, j)]
                                 for j in range(self.n) if self.ride_partners[i] >> j & 1),
                                default=0))
            tops.sort(reverse=True)
            value = sum(tops[: len(tops) // 2])
        else:
            low = ends & -ends
            i = low.bit_length() - 1
            rest = ends ^ low
            value = self.rides(rest)
            partners = self.ride_partners[i] & rest
            while partners:
                bit = partners & -partners
                partners ^= bit
                j = bit.bit_length() - 1
                value = max(value, self.ride_weight[min(i, j), max(i, j)]
                            + self.rides(rest ^ bit))
        self.ride_memo[ends] = value
        return value

    def rise(self, y: int, spent: int = 0, floor: int = -1, jumped: bool = False) -> int:
        """Most a route can score from entering number ``y`` on, with only the stars
        ``spent`` visited before, leaving out the bonus of a ride into ``y``: the
        relaxation of every rise to ``y`` after them (lower numbers can never be entered
        again, so they need not be known). Exact (and remembered) when above ``floor``;
        otherwise possibly only a bound no larger than ``floor``. ``jumped``: ``y`` is
        entered by a ride.

        Without a budget, the answers already given for other sets of spent stars bound
        this one: with more stars free a route can only score more, so an answer for a
        subset of ``spent`` bounds it from above (when it cannot beat ``floor`` it is
        answer enough, else the search stops once it reaches it) and an exact one for a
        superset from below (the search need only beat it; when the two meet, that is
        the answer)."""
        memo = self.ride_rise_gain if jumped else self.rise_gain
        gain = memo.get((y, spent))
        if gain is None:
            value = self.values[y]
            assert value is not None
            w = self.weights[y]
            ceiling = _UNBOUNDED
            least = -1
            if self.sharp:
                for other, bound, exact in self.rise_known.get((y, jumped), ()):
                    if other & ~spent == 0:
                        ceiling = min(ceiling, bound)
                    elif exact and spent & ~other == 0:
                        least = max(least, bound)
                if ceiling <= floor:
                    return ceiling
                if least >= ceiling:
                    memo[y, spent] = ceiling
                    return ceiling
            alpha = max(floor, least - 1)  # the search's answer is exact above it
            gain = w + self.best(y, value, spent | 1 << y, jumped, alpha - w, ceiling - w)
            if gain > floor:
                memo[y, spent] = gain
            if self.sharp:
                self.rise_known.setdefault((y, jumped), []).append((spent, gain, gain > alpha))
        return gain

    def leaf_bound(self, node: int, reach: int) -> int:
        """Weights of ``reach``, counting at most one node that has a single neighbour
        among ``reach`` and ``node`` (such a node can only end a route). Remembered
        (with the ends already ruled out, which only grow)."""
        key = (node, reach, self.no_end)
        hit = self.leaf_memo.get(key)
        if hit is not None:
            return hit
        any_mask = self.any_mask
        around = reach | (1 << node)
        weights = self.weights
        total = 0
        best_end = 0
        r = reach
        while r:
            low = r & -r
            i = low.bit_length() - 1
            r ^= low
            w = weights[i]
            if (any_mask[i] & around).bit_count() >= 2:
                total += w
            elif w > best_end and not self.no_end >> i & 1:
                best_end = w
        self.leaf_memo[key] = total + best_end
        return total + best_end

    def block_chains(self, root: int, reach: int,
                     chains: bool = True) -> tuple[int, dict[int, tuple[int, int]]]:
        """``_block_chains``, remembered: states that differ only in the stars outside
        the component share it. A root with a single neighbour ``s`` in ``reach`` hangs
        by a bridge from the tree of ``s`` over the rest, which is what the route's
        next state there asks for: one answer serves both, shifted by ``s``."""
        key = (root, reach, chains)
        hit = self.chains.get(key)
        if hit is None:
            link = self.any_mask[root] & reach
            if link & (link - 1) == 0 and link != reach:
                s = link.bit_length() - 1
                rest_segment, rest_chain = self.block_chains(s, reach ^ link, chains)
                if rest_segment:  # else the bridge may be a dead end: see _block_chains
                    w = self.weights[s]
                    w_numbers = 0 if self.star_mask >> s & 1 else w
                    chain = {root: (0, 0)}
                    if chains:
                        chain = {x: (a + w, b + w_numbers)
                                 for x, (a, b) in rest_chain.items()}
                        chain[root] = (0, 0)
                    hit = self.chains[key] = (w + rest_segment, chain)
                    return hit
            hit = self.chains[key] = self._block_chains(root, reach, chains)
        return hit

    def _block_chains(self, root: int, reach: int,
                      chains: bool = True) -> tuple[int, dict[int, tuple[int, int]]]:
        """The block-cut tree bounds of simple paths leaving ``root`` through ``reach``.

        Such a path runs through a chain of biconnected blocks, each entered at a cut
        vertex and left by another, never coming back. Returns the most it can score
        along any chain (the weight of every block's vertices other than its entry, along
        the best chain from ``root`` downwards), and for every vertex ``a`` the most a path
        ending at ``a`` can score: the blocks on the chain from ``root`` to ``a``, with
        every node and with the numbers only. A block counts less by the nodes that no
        path through it can visit (``_forced_skips``; one fewer where the path ends).

        One depth-first pass over bitsets, without recursion: a vertex's block closes at
        its parent when no link from it or its descendants climbs above the parent."""
        any_mask = self.any_mask
        wb = self.weights
        wn = self.number_weights
        around = reach | (1 << root)
        no_end = self.no_end
        n = self.n
        links = [0] * n  # neighbours in around
        touch = [0] * n  # neighbours of the vertex and of its descendants
        below = [0] * n  # best chain value of the blocks hanging from the vertex
        # The vertex's open part (descendants whose block is not closed yet): the best
        # ``below`` among them, their weight, without stars, and their set.
        deep = [0] * n
        weight = [0] * n
        numbers = [0] * n
        members = [0] * n
        blocks: list[tuple[int, int, int, int, int, int]] = []
        seen = path = 1 << root  # path: the vertices on the depth-first path
        pairs = 0  # vertices with exactly two neighbours in around
        sharp = self.sharp
        links[root] = any_mask[root] & around
        work = [root]
        u = root
        while True:
            fresh = links[u] & ~seen
            if fresh:
                bit = fresh & -fresh
                seen |= bit
                path |= bit
                u = bit.bit_length() - 1
                nb = links[u] = any_mask[u] & around
                if sharp and nb.bit_count() == 2:
                    pairs |= bit
                work.append(u)
                continue
            work.pop()
            if not work:
                break
            path ^= 1 << u
            p = work[-1]
            reached = touch[u] | links[u]
            if reached & (path ^ 1 << p):
                # A link from u's side climbs above p: u's open part belongs to p's block.
                touch[p] |= reached
                weight[p] += wb[u] + weight[u]
                numbers[p] += wn[u] + numbers[u]
                members[p] |= members[u] | 1 << u
                d = below[u]
                if deep[u] > d:
                    d = deep[u]
                if d > deep[p]:
                    deep[p] = d
                u = p
                continue
            # A block hangs from p: u and its open part.
            deepest = below[u]
            group = members[u] | 1 << u
            if members[u]:
                total = strict = wb[u] + weight[u]
                count = count_strict = wn[u] + numbers[u]
                if deep[u] > deepest:
                    deepest = deep[u]
                inner = pairs & group
                if inner & (inner - 1):
                    skip, least, least_numbers = self._forced_skips(
                        inner, group | 1 << p, p, links)
                    if skip:
                        # Passed through, the block leaves out ``skip`` of them; ending
                        # in it, one of them may be the end.
                        strict -= skip * least
                        count_strict -= skip * least_numbers
                        total -= (skip - 1) * least
                        count -= (skip - 1) * least_numbers
            else:  # a bridge, the commonest block on a map
                total = strict = wb[u]
                count = count_strict = wn[u]
                if not deepest and no_end >> u & 1:
                    total = count = 0  # a dead end where a better route cannot end
            if chains:
                blocks.append((p, group, total, count, strict, count_strict))
            value = strict + deepest if deepest else total
            if total > value:
                value = total
            if value > below[p]:
                below[p] = value
            u = p
        chain = {root: (0, 0)}
        through = {root: (0, 0)}
        for entry, group, total, count, strict, count_strict in reversed(blocks):
            base, base_numbers = through[entry]
            pair = (base + total, base_numbers + count)
            passed = (base + strict, base_numbers + count_strict)
            while group:
                bit = group & -group
                group ^= bit
                x = bit.bit_length() - 1
                chain[x] = pair
                through[x] = passed
        return below[root], chain


    def _forced_skips(self, inner: int, block: int, entry: int,
                      links: list[int]) -> tuple[int, int, int]:
        """Vertices of a block that no path through it can visit, at least: ``inner`` are
        its vertices (not the entry) with exactly two neighbours (``links``: each vertex's
        neighbours in the component), both in the block. Passed through, such a vertex
        takes both links; the entry has room for one link inside the block (the route
        arrives there from outside, or starts there), any other vertex for two; and two
        such vertices on the same two neighbours close a cycle. Each vertex not passed
        through frees at most two places, so at least half the excess is not passed
        through, and of two twins one is not. Returns how many are not, at least (a path
        that ends in the block may end at one of them; the others are left out), and the
        least weights (all, numbers only) among ``inner``."""
        wb = self.weights
        wn = self.number_weights
        least = least_numbers = _UNBOUNDED
        pairs: set[int] = set()
        kept = touched = 0
        count = 0
        v_mask = inner
        while v_mask:
            bit = v_mask & -v_mask
            v_mask ^= bit
            v = bit.bit_length() - 1
            nb = links[v]
            if nb & ~block:
                continue  # not both neighbours inside: never mind this one
            kept |= bit
            touched |= nb
            count += 1
            pairs.add(nb)
            if wb[v] < least:
                least = wb[v]
            if wn[v] < least_numbers:
                least_numbers = wn[v]
        excess = 0
        while touched:
            bit = touched & -touched
            touched ^= bit
            a = bit.bit_length() - 1
            k = (links[a] & kept).bit_count()
            room = 1 if a == entry else 2
            if k > room:
                excess += k - room
        out = max((excess + 1) // 2, count - len(pairs))
        return out, least, least_numbers

    # --- search ----------------------------------------------------------------------

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

    def follow(self, node: int, c: int, visited: int, jumped: bool) -> list[Step]:
        """The memoised best continuation from a state solved exactly."""
        steps: list[Step] = []
        while True:
            hit = self.memo.get(self.key(node, c, visited, jumped))
            if hit is None or not hit[1] or hit[2][0] < 0:
                return steps
            nxt, by_jump, bonus = hit[2]
            steps.append(Step(nxt, by_jump, bonus))
            v = self.values[nxt]
            c = c if v is None else v
            visited |= 1 << nxt
            node, jumped = nxt, by_jump


def solve(graph: RouteGraph, max_states: int | None = None) -> Solution:
    """The best route on ``graph``. Exact (``proven_optimal``) unless ``max_states``
    search states were not enough, in which case the best route found so far."""
    search = _Search(graph, max_states)
    n = search.n
    if n == 0:
        return Solution((), 0, True, 0)
    best_total = 0
    best_steps: tuple[Step, ...] = ()
    proven = True
    try:  # the bounds that rank the starts count against the budget too
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
        limit = search.states + _RANKING_ALLOWANCE
        if max_states is None or limit < max_states:
            search.max_states = limit
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
                if -neg_ub <= best_total:
                    break
                if runs and best_total and allowance != allowances[0]:
                    value, run_route = search.run_best(s, c, best_total)
                    if run_route is not None:  # the run's best route beats the best one
                        best_total, best_steps = value, run_route
                    if value <= best_total:
                        continue  # no route from this start's run beats the best one
                w = graph.weights[s]
                floor = best_total - w
                if allowance is not None:
                    limit = search.states + allowance
                    if max_states is None or limit < max_states:
                        search.max_states = limit
                try:
                    sub = search.best(s, c, 1 << s, False, floor)
                except _BudgetExceeded:
                    if search.max_states == max_states:
                        raise
                    waiting.append((neg_ub, s, c))
                    if allowance == allowances[0] and max_states is None:
                        # While it waits, a greedy route from it may raise the floor
                        # (not under a budget: what a budget reaches, and so the built-in
                        # player's games and the seeds' pars, stay as they were).
                        for spare_stars, rides_first in dives:
                            _, steps = search.dive(s, c, spare_stars, rides_first)
                            route = search.widen((Step(s, False, 0), *steps))
                            total = route_total(graph, route)
                            if total > best_total:
                                best_total = total
                                best_steps = route
                    continue
                finally:
                    search.max_states = max_states
                if sub > floor:
                    best_total = w + sub
                    best_steps = (Step(s, False, 0), *search.follow(s, c, 1 << s, False))
                if search.flat:
                    search.no_end |= 1 << s
                    search.chains.clear()
            starts = waiting
    except _BudgetExceeded:
        proven = False
        if not best_steps:
            s = max(range(n), key=lambda i: (graph.weights[i], -i))
            best_steps = (Step(s, False, 0),)
            best_total = graph.weights[s]
    return Solution(best_steps, best_total, proven, search.states)


_RANKING_ALLOWANCE = 200
"""Search states the full bounds of the starts may take before the quick ones are used."""

_ALLOWANCES: tuple[int | None, ...] = (50, None)
"""Search states per start in each pass over the starts (None: no limit)."""

_FLAT_ALLOWANCES: tuple[int | None, ...] = (300, 3000, None)
"""The same on boards of stars and one number with rides, where a start's search needs a
few hundred states to walk its first full route."""

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

_SPLIT_STARS = 4
"""``split_rise`` is asked only of components with at most this many free stars (every
subset of them is a case)."""

_BARE_ALLOWANCE = 50
"""Search states a rides-free continuation may take in ``_Search.bare_cap``."""


def route_total(graph: RouteGraph, steps: Sequence[Step]) -> int:
    """Points of a route: weights of its nodes plus its jump bonuses."""
    return sum(graph.weights[s.node] + s.bonus for s in steps)
