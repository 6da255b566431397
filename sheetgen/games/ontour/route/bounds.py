"""The upper bound of a state's best continuation: what lets the search cut.

The upper bound of a state: the route first walks a simple path in the component, which
runs down one chain of the component's block-cut tree (``blocks``). Ending there, it
scores at most the best chain's blocks; rising to a higher number ``y``, it must leave
from a neighbour of ``y``, so it scores at most the blocks on the chain to that
neighbour, plus ``y`` and ``y``'s best continuation with only the spent stars visited
(``rises``). That relaxation may spend again the stars the component's path spent, which
on boards of long runs and several stars counted each star twice; so a second bound
counts the numbers on the chain, every star the route may still enter once, and ``y``'s
continuation counting numbers only; a third splits by the set of the component's stars
the path spends (its numbers plus those stars, then ``y``'s continuation with them spent
too: a star between a long run and the next number counts once), and each rise takes
the smallest. Small components use a cheaper count: every node, but at most one node
with a single neighbour among them (it can only end the route). Large components without
rides build the block-cut tree before the rises (``chain_bound``), so each rise is asked
only whether it beats the best so far over the chain to it: a higher floor, less search.
With rides, the bounds of ``banks`` join in.
"""

from __future__ import annotations

from collections.abc import Mapping

from sheetgen.games.ontour.route.banks import _RideBounds

_SPLIT_STARS = 4
"""``split_rise`` is asked only of components with at most this many free stars (every
subset of them is a case)."""


class _Bounds(_RideBounds):
    """The upper bound of a state."""

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
