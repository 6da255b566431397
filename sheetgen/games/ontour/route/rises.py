"""A rise's best continuation: the relaxation every bound of a rise leans on.

A route that leaves a component for a higher number ``y`` scores, from ``y`` on, at most
what a route from ``y`` can score with only the stars it spent before visited: numbers
below ``y`` can never be entered again, so they need not be known (``rise``). That is
one question per (``y``, stars spent), shared by every state, asked with the floor the
bound must beat, so it is searched only as far as a cut needs; the answers for other
sets of spent stars bound it from both sides. Its second form counts the numbers only
(``plain``: the same search with stars weighing nothing), for the bound that counts
every star the route may still enter once (``live_mask``) beside it.
"""

from __future__ import annotations

from sheetgen.games.ontour.route.blocks import _Blocks
from sheetgen.games.ontour.route.tables import _UNBOUNDED, _BudgetExceeded, _Tables


class _Rises(_Blocks):
    """The continuations from a higher number."""

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

    def ride_rise(self, y: int, spent: int, floor: int) -> int:
        """``rise`` for a route entering ``y`` by a ride (so leaving it on foot)."""
        return self.rise(y, spent, floor, jumped=True)

    def plain_rise(self, plain: _Tables, y: int, floor: int) -> int:
        """``plain.rise``, its search states counted against this search's budget."""
        before = plain.states
        gain = plain.rise(y, 0, floor)
        self.states += plain.states - before
        if self.max_states is not None and self.states > self.max_states:
            raise _BudgetExceeded
        return gain

    def plain_search(self) -> _Tables | None:
        """The same search counting numbers only, made on first use; None where stars
        never matter (no stars, or one number)."""
        if self.plain is None and self.wants_plain:
            self.plain = type(self)(self.graph, None, numbers_only=True, sharp=self.sharp,
                                    memo_limit=self.memo_limit)
        return self.plain

    def plain_and_loose(self, node: int, c: int, visited: int, jumped: bool,
                        reached: tuple[int, int], live: int) -> tuple[_Tables | None, int]:
        """The numbers-only search (made on first use) and the weight of the stars a
        route from ``node`` may still enter (``live``: their mask, or -1 when not worked
        out yet)."""
        plain = self.plain_search()
        if plain is None:
            return None, 0
        live = self.live_mask(node, c, visited, jumped, reached, live)
        return plain, self.mask_weight(self.star_mask & live)

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
