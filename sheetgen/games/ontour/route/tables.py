"""What the search knows of a graph before it starts, and how it names a state.

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

Stars that no route from a state can enter again (every neighbour spent or a lower
number, the current node aside) are dropped from its memo key, and from the stars the
second bound of ``bounds`` counts once, so routes that differ only in those stars meet
in one state. These sharper keys and bounds, like the greedy floor routes of ``search``,
are used only without a budget: what a budget reaches, and so the built-in player's
games and the seeds' pars, stay as they were.

The search is a stack of classes, one per module, each adding its part: ``_Tables`` here
(the graph as bit masks: per node its links, per number the nodes that hold it or a
higher one, the stars, the jump ends and the best ride between two of them; and every
table the search fills as it goes), then ``blocks``, ``rises``, ``banks``, ``bounds``,
``runs`` and ``search`` on top. What a lower part needs from a higher one (the search
itself, a rise's continuation) is named here as an abstract method. The tables only
remember: ``forget`` clears them all past ``memo_limit`` states (a bound on memory), and
the search stays exact.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable

from sheetgen.games.ontour.route.graph import Jump, RouteGraph, Solution, Step


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

_BankParts = tuple[int, int, int, tuple[tuple[int, int, int, int], ...]]
"""``_Search.banks``: (fixed, open end, docks that may ride, terminals as (weight, dock,
nodes next to the piece on foot, the piece))."""


_NO_MOVE = (-1, False, 0)


class _Tables(ABC):
    """The graph as the search sees it, and the search's tables."""

    def __init__(self, graph: RouteGraph, max_states: int | None,
                 numbers_only: bool = False, sharp: bool | None = None,
                 memo_limit: int | None = None) -> None:
        g = graph
        self.memo_limit = memo_limit
        """Past this many remembered states every table is cleared (a bound on memory:
        the tables only remember, so the search stays exact, only slower)."""
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
        self.bank_memo: dict[tuple[int, int, bool, int], _BankParts] = {}
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
        self.run_walks: dict[int, tuple[list[int], _Tables, list[Solution]]] = {}
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
        self.plain: _Tables | None = None
        """The same search counting numbers only (stars weigh nothing), for the second
        bound of a rise; made when first needed, on boards with stars and several
        numbers."""
        self.bare: _Tables | None = None
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
        self.ticker: Callable[[int], None] | None = None
        """Told the states so far every 16 384 states (a sign of life on long boards)."""

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

    def forget(self) -> None:
        """Clear every table (past ``memo_limit``): what they remember is found again
        when needed."""
        for table in (self.memo, self.canonical, self.chains, self.leaf_memo,
                      self.bank_memo, self.mask_weights, self.rise_gain,
                      self.ride_rise_gain, self.rise_known, self.run_walks):
            table.clear()
        self.plain = None
        self.bare = None

    # --- what the layers above provide (the search recurses through them) ----------------

    @abstractmethod
    def best(self, node: int, c: int, visited: int, jumped: bool, alpha: int,
             cap: int = _UNBOUNDED) -> int:
        """The best continuation of a state (``search``)."""

    @abstractmethod
    def follow(self, node: int, c: int, visited: int, jumped: bool,
               value: int = -1) -> list[Step]:
        """The best continuation of a state solved exactly, as steps (``search``)."""

    @abstractmethod
    def whole(self) -> Solution:
        """This graph's best route, searched in full (``search``)."""

    @abstractmethod
    def rise(self, y: int, spent: int = 0, floor: int = -1, jumped: bool = False) -> int:
        """The best continuation from entering the number ``y`` (``rises``)."""
