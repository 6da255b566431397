"""Rides: their bonus in the bounds, and the bound per bank of a river.

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
"""

from __future__ import annotations

from sheetgen.games.ontour.route.graph import Jump, RouteGraph
from sheetgen.games.ontour.route.rises import _Rises
from sheetgen.games.ontour.route.tables import _UNBOUNDED, _BankParts, _BudgetExceeded

_BARE_ALLOWANCE = 50
"""Search states a rides-free continuation may take in ``_Search.bare_cap``."""


class _RideBounds(_Rises):
    """Rides in the bounds, and the component seen on foot."""

    def banks(self, node: int, comp: int, jumped: bool) -> _BankParts:
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

    def bank_bound(self, banks: _BankParts, rise_to: int = 0) -> int:
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

    def bank_rise(self, banks: _BankParts, node: int, comp: int, y: int, spent: int,
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

    def bare_cap(self, banks: _BankParts, y: int, spent: int, all_rides: int,
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
            bare = self.bare = type(self)(RouteGraph(
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
                # The terminals away from y are out of the part's way, but their
                # stars are not out of the route's: the continuation from y may enter
                # them, and it counts no star (``plain``), so every live star counts.
                out = self.near_terminals(terminals, y)[1] if self.sharp else 0
                numbers = (self.mask_weight(comp & ~star_mask & ~out)
                           + self.mask_weight(star_mask & live))
                cap = min(cap, numbers + extra + self.plain_rise(
                    plain, y, alpha - numbers - extra))
            if cap > best:
                best = cap
        return best

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
