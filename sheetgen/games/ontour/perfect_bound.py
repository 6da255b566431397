"""An upper bound on the perfect game of a seeded On Tour script, from a relaxation solved
by dynamic programming.

Why a bound of our own
----------------------
The perfect-game model (:mod:`sheetgen.games.ontour.perfect`) finds good boards, but the bound its
solver proves stays near twice the number of spaces: its linear relaxation spreads every
mark thinly over many spaces and so never sees that a route must meet its numbers in
increasing order. This module bounds the score by a problem that keeps exactly that order
and drops what is hard to reason about.

The relaxation
--------------
A finished board's best route is a path of spaces, each holding a *mark*: a setup number
(fixed in its space, circled), a number of a turn, or a star. Reading the route in travel
order, the numbers never decrease. Every mark of a turn was written in the region of one
of the turn's cards (last turns: anywhere), and it is circled only if written in one of
those cards' own spaces. So the route is a walk that, step by step, moves to a linked
space and *uses* a mark:

- a number mark whose value is at least the last one used (marks of equal value in any
  order), allowed in that space by its turn's cards, or the setup number of that space;
- or a star, allowed by its turn's cards, which leaves the current value unchanged;

and each mark is used at most once. A step scores 1, plus 1 when the mark is circled
there (setup numbers always). What the relaxation forgets: that the two numbers of a
turn need two different cards (and that the last turn with one space left writes only
one of its two), that the marks off the route must also find legal spaces (and an X is
allowed only when forced), and that the walk must not come back to a space. The first two
only remove boards, so the best relaxed score is an upper bound on the perfect game.

The last one is partly restored, in the three ways exact vehicle-routing pricing uses. Each
state remembers which of the current space's neighbours the walk has visited and keeps
remembering them while it stays next to them (*ng-memory*), so the walk never steps back to
a space it has just left, nor circles a small ring. The dynamic programme over states
(space, marks used so far, stars used, remembered spaces) is first solved in rounds: if its
best walk still visits a space twice, that space is *watched* (remembered for good) and the
programme runs again (decremental state-space relaxation). Once the best walk is a simple
path, the relaxation is solved exactly; this is what happens on small maps. On the real
maps the watched spaces soon make the states too many, so the rounds stop at a share of a
fixed state budget (counted, not timed: the same script always gives the same bound), and
"each space at most once" is *priced* instead (Lagrangian relaxation): a step into a space
costs that space's penalty, the bound is the sum of the penalties plus the best walk, and
the penalties rise for spaces the best walk visits twice and fall for those it misses
(subgradient steps). The priced rounds price the two-card rule too: a turn's two numbers
never both lie in spaces that only one and the same of its cards' regions holds, so a
number written there pays that (turn, card)'s price, which rises when the best walk puts
both numbers there and falls otherwise; the last turn with one space left is priced the
same way, as a turn with one card reaching every space. The prices join once the spaces'
penalties first settle, and where the rounds end with budget left a second, more patient
run starts again from 0 (``SCHEDULES``). Any penalties and prices give an upper bound,
and the bound is the lowest of all rounds; on usa and europe the priced rounds take it
about eight points lower than the first round (README, "Perfect game").

Two facts keep the programme small. A step that does not circle only ever needs the
*lowest* usable mark at its space (any route using a higher one can use the lower one
instead and keep every later choice), and a circling step the lowest circling one; so
each step has a handful of choices. With two-card prices a higher mark is kept only when
it gains more, after its price, than every lower one kept. And states are pruned by an
exact upper bound on what can follow them (the same programme run backwards with nothing
remembered), against the best score the caller already has: if nothing can beat it, the
caller's board is proven best.

Paris
-----
On Paris the spaces are the clubs and a card names an arrondissement: a number written in
either of its two clubs is circled, and a setup number goes in either club of the drawn
arrondissement (the player's choice). So a setup number is a mark of both clubs, circled
in both, and only a setup card naming a single space (usa, europe) takes its space from
the turns; on Paris every club stays open to them, which only adds boards. A step of the
walk may also be a boat ride from a dock club to another one (no link needed), scoring the
step's gain plus the ride's bonus; a state remembers, in a bit above the spaces, that it
arrived by a ride, and then offers no ride, as the rules say (the backward bound carries
the same flag). Ride steps enter a space like any other, so the remembered neighbours,
the watched spaces and the penalties treat them alike. Every legal route with its rides
is such a walk with the same score, so the bound holds. A route's rides share no dock (a
dock is visited once and one reached by boat is left on foot), so no route scores more
than every club twice plus the heaviest such set of rides: the bound before any round.
"""

from __future__ import annotations

import heapq
import time
from dataclasses import dataclass

from sheetgen.games.ontour.rules import Script
from sheetgen.games.ontour.score import dock_jumps
from sheetgen.model import Map

DEFAULT_STATE_BUDGET = 800_000
"""States the programme may create in all (about 8 s of work on the reference machine)."""
ELEMENTARY_SHARE = 8
"""The exact rounds may spend 1/8 of the budget; the priced rounds the rest."""
SCALE = 1024
"""Scores and penalties are counted in 1/1024 of a point, so the arithmetic stays exact."""
CLOCK_EVERY = 1024
"""With a deadline, the clock is read once every this many states."""
SCHEDULES = ((4, 1 / 32), (10, 1 / 1024))
"""The priced rounds' runs, each from penalties 0, while the budget lasts: (rounds
without a better bound before the step is halved, the step at which the run stops). The
bound is the lowest of all rounds. Halving after 4 stalls brings the bound down fastest on
most seeds and uses the whole budget where rounds are dear; where they are cheap, a
second, more patient run follows (europe seed 7: the first stops at 49 after 285 000
states, the second reaches the best board's 48, so proving it)."""
PRICING_STEP = 1 / 8
"""The step a run goes on with when the two-card prices join (see ``_priced``)."""

_Layer = tuple[int, int, int]
"""(group of the last number used, equal-valued marks of it used, stars used)."""


@dataclass(frozen=True)
class Bound:
    """The relaxation's answer."""

    value: int
    """No legal game of the script scores more."""
    exact: bool
    """The relaxation was solved exactly (its best walk is a simple path)."""
    rounds: int
    states: int


@dataclass(frozen=True)
class _Mark:
    spaces: int
    """Bit set of the spaces the mark may be written in."""
    circles: int
    """Bit set of the spaces where it is circled."""
    pair: int = -1
    """The number turn whose two numbers this is one of (an index into the relaxation's
    pairs), or -1 (setup numbers, stars, last turns)."""


class _Relaxation:
    def __init__(self, game_map: Map, script: Script) -> None:
        self.deadline: float | None = None
        """``solve`` stops (``_OverBudget``) once ``time.monotonic()`` passes it."""
        ids = game_map.space_ids
        self.n = n = len(ids)
        index = {s: i for i, s in enumerate(ids)}
        self.nbrs = tuple(tuple(index[t] for t in game_map.neighbours[s]) for s in ids)
        jumps = dock_jumps(game_map)
        self.ride_to = tuple(tuple(index[t] for t, _ in jumps.get(s, ())) for s in ids)
        """Per space, the dock spaces a boat ride from it reaches (empty but at docks)."""
        self.ride_bonus = tuple({index[t]: bonus * SCALE for t, bonus in jumps.get(s, ())}
                                for s in ids)
        """Per space, per ride target: the ride's bonus, scaled."""
        self.rode = 1 << n
        """The bit of a state's remembered set above the spaces: it arrived by a ride."""
        self.top = 2 * n + _most_ride_points(self.ride_bonus) // SCALE
        """No route scores more: every space twice, plus the best rides."""
        # A setup number may go in any space its card names (Paris: either club of the
        # arrondissement); only a space that is a card's sole one is taken for good.
        setup = [(sum(1 << index[s] for s in game_map.card_spaces(card)), number)
                 for card, number in script.setup_cells]
        fixed = sum(bits for bits, _ in setup if bits.bit_count() == 1)
        free_mask = ((1 << n) - 1) & ~fixed
        numbers: list[tuple[int, _Mark]] = []
        stars: list[_Mark] = []
        only: list[tuple[int, ...]] = []
        for turn in script.turns:
            if turn.last:
                allowed, circles = free_mask, 0
            else:
                allowed = 0
                circles = 0
                for card in turn.cards:
                    for space in game_map.spaces_in(card.region):
                        allowed |= 1 << index[space.id]
                    for own in game_map.card_spaces(card):
                        circles |= 1 << index[own]
            allowed &= free_mask
            circles &= free_mask
            if turn.star:
                stars.append(_Mark(allowed, circles))
            elif turn.last and turn.empty_before == 1:
                # One space left: the player writes one of the two numbers. Both stay
                # marks, priced like the two-card rule with one card reaching every space.
                numbers.extend((v, _Mark(allowed, circles, len(only))) for v in turn.numbers)
                only.append(tuple(0 if free_mask >> x & 1 else -1 for x in range(n)))
            elif turn.last:
                numbers.extend((v, _Mark(allowed, circles)) for v in turn.numbers)
            else:
                # The two numbers go on two different cards: not both in the spaces that
                # only one card's region holds. Per space, that card (or -1).
                regions = [sum(1 << index[sp.id] for sp in game_map.spaces_in(card.region))
                           for card in turn.cards]
                sole = [-1] * n
                for x in range(n):
                    reach = [i for i, region in enumerate(regions) if region >> x & 1]
                    if len(reach) == 1 and free_mask >> x & 1:
                        sole[x] = reach[0]
                numbers.extend((v, _Mark(allowed, circles, len(only)))
                               for v in turn.numbers)
                only.append(tuple(sole))
        for bits, v in setup:
            numbers.append((v, _Mark(bits, bits)))
        numbers.sort(key=lambda vm: vm[0])
        groups: list[list[_Mark]] = []
        last: int | None = None
        for v, mark in numbers:
            if v != last:
                groups.append([])
                last = v
            groups[-1].append(mark)
        self.G = g_count = len(groups)
        self.values = tuple(sorted({v for v, _ in numbers}))
        """Per group, the value of its numbers."""
        self.only = tuple(only)
        """Per number turn (pair), per space: the card whose region alone holds it, or -1
        (the last turn with one space left: card 0 everywhere, so one of its numbers)."""
        self.pair_of = tuple(tuple(m.pair for m in grp) for grp in groups)
        """Per group, per mark: its pair, or -1."""
        self.pairs = len(only)
        self.price: list[int] = [0] * (3 * len(only))
        """The two-card rule's price per (pair, card), scaled: what a step pays for
        writing a number of the pair in a space only that card's region holds."""
        self.priced = False
        """Some price is above 0 (the moves then weigh each mark's price)."""
        self.rise_memo: dict[tuple[int, int], tuple[tuple[int, int, int], ...]] = {}
        # Per space: per group the usable marks (index in group, circled), and the stars.
        self.feas = tuple(
            tuple(tuple((k, bool(m.circles >> x & 1)) for k, m in enumerate(grp)
                        if m.spaces >> x & 1) for grp in groups) for x in range(n))
        self.star_feas = tuple(tuple((j, bool(m.circles >> x & 1)) for j, m in enumerate(stars)
                                     if m.spaces >> x & 1) for x in range(n))
        # Per space, the first group from g on with a usable / a circling mark.
        self.next_any: list[list[int]] = []
        self.next_circle: list[list[int]] = []
        for x in range(n):
            any_row = [g_count] * (g_count + 1)
            circle_row = [g_count] * (g_count + 1)
            for g in range(g_count - 1, -1, -1):
                any_row[g] = g if self.feas[x][g] else any_row[g + 1]
                circle_row[g] = (g if any(c for _, c in self.feas[x][g])
                                 else circle_row[g + 1])
            self.next_any.append(any_row)
            self.next_circle.append(circle_row)
        self.togo: dict[tuple[_Layer, int], int] = {}
        self.penalty = [0] * n
        self.ng = [0] * n
        for x in range(n):
            self.ng[x] = sum(1 << y for y in self.nbrs[x]) | 1 << x

    def cost(self, g: int, k: int, x: int) -> int:
        """The two-card price mark ``k`` of group ``g`` pays when written in space ``x``."""
        pair = self.pair_of[g][k]
        if pair < 0:
            return 0
        card = self.only[pair][x]
        return 0 if card < 0 else self.price[3 * pair + card]

    def rises(self, x: int, start: int) -> tuple[tuple[int, int, int], ...]:
        """With prices: the marks of groups ``start`` and up worth using in ``x``, as
        (group, mark, scaled gain). A mark of a lower group with at least the same gain
        leaves every later mark free, so a higher one is kept only when it gains more
        than every mark kept below its group."""
        key = (x, start)
        hit = self.rise_memo.get(key)
        if hit is not None:
            return hit
        out: list[tuple[int, int, int]] = []
        threshold = -1
        for h in range(start, self.G):
            top = threshold
            for k, circled in self.feas[x][h]:
                gain = (2 if circled else 1) * SCALE - self.cost(h, k, x)
                if gain > threshold:
                    out.append((h, k, gain))
                    top = max(top, gain)
            threshold = top
            if threshold >= 2 * SCALE:
                break
        result = self.rise_memo[key] = tuple(out)
        return result

    def moves(self, layer: _Layer, targets: tuple[int, ...] | range
              ) -> list[tuple[_Layer, int, int]]:
        """The steps from ``layer`` into each target space: (new layer, space, gain), the
        gain in 1/``SCALE`` points less the two-card price (not the space's penalty)."""
        g, used, stars = layer
        out: list[tuple[_Layer, int, int]] = []
        g_count = self.G
        priced = self.priced
        for x in targets:
            if g >= 0:
                for k, circled in self.feas[x][g]:
                    if not used >> k & 1:
                        out.append(((g, used | 1 << k, stars), x,
                                    (2 if circled else 1) * SCALE
                                    - (self.cost(g, k, x) if priced else 0)))
            if priced:
                for h, k, gain in self.rises(x, g + 1):
                    out.append(((h, 1 << k, stars), x, gain))
            else:
                first = self.next_any[x][g + 1]
                circling = self.next_circle[x][g + 1]
                if first < g_count:
                    for k, circled in self.feas[x][first]:
                        if first == circling or not circled:
                            out.append(((first, 1 << k, stars), x,
                                        2 * SCALE if circled else SCALE))
                if circling < g_count and circling != first:
                    for k, circled in self.feas[x][circling]:
                        if circled:
                            out.append(((circling, 1 << k, stars), x, 2 * SCALE))
            for j, circled in self.star_feas[x]:
                if not stars >> j & 1:
                    out.append(((g, used, stars | 1 << j), x, 2 * SCALE if circled else SCALE))
        return out

    def to_go(self, layer: _Layer, x: int, rode: bool = False) -> int:
        """Most (scaled, penalised) points a walk can add after reaching ``x`` in ``layer``
        (nothing remembered), by a ride if ``rode`` (it cannot ride on)."""
        key = (layer, x + self.n if rode else x)
        value = self.togo.get(key)
        if value is None:
            value = 0
            penalty = self.penalty
            for nxt, y, gain in self.moves(layer, self.nbrs[x]):
                value = max(value, gain - penalty[y] + self.to_go(nxt, y))
            if not rode and self.ride_to[x]:
                bonus = self.ride_bonus[x]
                for nxt, y, gain in self.moves(layer, self.ride_to[x]):
                    value = max(value, gain + bonus[y] - penalty[y]
                                + self.to_go(nxt, y, True))
            self.togo[key] = value
        return value

    def set_prices(self, price: list[int]) -> None:
        """Set the two-card prices (see ``price``)."""
        if price != self.price:
            self.price = price
            self.priced = any(price)
            self.rise_memo = {}
            self.togo = {}

    def solve(self, watched: int, floor: int, budget: int, penalty: list[int]
              ) -> tuple[int, list[tuple[_Layer, int]], int] | None:
        """The best walk that never enters a remembered space, if it scores more than
        ``floor``: (score, (layer, space) per step in order, states). Scores are in
        1/``SCALE`` points; every step into space ``x`` costs ``penalty[x]`` of them, and
        a number the two-card price of its space; a boat ride (Paris) adds its bonus, and
        a step that arrives by one sets the bit ``rode`` of the remembered set. None when
        nothing beats ``floor``; raises ``_OverBudget`` past ``budget`` states."""
        if penalty != self.penalty:
            self.penalty = penalty
            self.togo = {}
        layers: dict[_Layer, dict[tuple[int, int], tuple[int, tuple[_Layer, int, int] | None]]]
        layers = {}
        ng = self.ng
        heap: list[tuple[int, int, int, _Layer]] = []
        best = floor
        best_ref: tuple[_Layer, int, int] | None = None
        states = 0
        rode = self.rode

        def order(layer: _Layer) -> tuple[int, int, int, _Layer]:
            return (layer[0], layer[1].bit_count(), layer[2].bit_count(), layer)

        def push(layer: _Layer, x: int, seen: int, value: int,
                 parent: tuple[_Layer, int, int] | None) -> None:
            nonlocal states
            if value + self.to_go(layer, x, seen >= rode) <= best:
                return
            cell = layers.get(layer)
            if cell is None:
                cell = layers[layer] = {}
                heapq.heappush(heap, order(layer))
            old = cell.get((x, seen))
            if old is None:
                states += 1
                if states > budget or (
                        self.deadline is not None and not states % CLOCK_EVERY
                        and time.monotonic() > self.deadline):
                    raise _OverBudget(states)
            if old is None or old[0] < value:
                cell[x, seen] = (value, parent)

        start: _Layer = (-1, 0, 0)
        for layer, x, gain in self.moves(start, range(self.n)):
            push(layer, x, 1 << x, gain - penalty[x], None)
        while heap:
            layer = heapq.heappop(heap)[3]
            for (x, seen), (value, _) in layers[layer].items():
                if value > best:
                    best = value
                    best_ref = (layer, x, seen)
                if value + self.to_go(layer, x, seen >= rode) <= best:
                    continue
                for nxt, y, gain in self.moves(layer, self.nbrs[x]):
                    if seen >> y & 1:
                        continue
                    push(nxt, y, seen & (ng[y] | watched) | 1 << y,
                         value + gain - penalty[y], (layer, x, seen))
                if seen < rode and self.ride_to[x]:
                    # A boat ride, not after another: the flag bit drops at the next step.
                    bonus = self.ride_bonus[x]
                    for nxt, y, gain in self.moves(layer, self.ride_to[x]):
                        if seen >> y & 1:
                            continue
                        push(nxt, y, seen & (ng[y] | watched) | 1 << y | rode,
                             value + gain + bonus[y] - penalty[y], (layer, x, seen))
        if best_ref is None:
            return None
        path: list[tuple[_Layer, int]] = []
        ref: tuple[_Layer, int, int] | None = best_ref
        while ref is not None:
            path.append((ref[0], ref[1]))
            ref = layers[ref[0]][ref[1], ref[2]][1]
        path.reverse()
        return best, path, states

    def sole_counts(self, path: list[tuple[_Layer, int]]) -> list[int]:
        """Per (pair, card): how many numbers of the pair the walk writes in spaces that
        only that card's region holds (the two-card rule allows one)."""
        counts = [0] * (3 * self.pairs)
        g0, used0, stars0 = -1, 0, 0
        for (g, used, stars), x in path:
            if stars == stars0:  # a number: the new bit of its group
                k = (used if g != g0 else used ^ used0).bit_length() - 1
                pair = self.pair_of[g][k]
                if pair >= 0 and self.only[pair][x] >= 0:
                    counts[3 * pair + self.only[pair][x]] += 1
            g0, used0, stars0 = g, used, stars
        return counts


class _OverBudget(Exception):
    """The states given ran out, or the deadline passed: ``args[0]`` states were made."""


def _most_ride_points(ride_bonus: tuple[dict[int, int], ...]) -> int:
    """The most (scaled) points a route's rides can bring: a space is visited once and a
    space entered by a ride is left on foot, so the rides never share an end and form a
    matching on the docks; this is its heaviest weight (0 without docks)."""
    docks = [x for x, rides in enumerate(ride_bonus) if rides]
    memo: dict[int, int] = {}

    def heaviest(left: int) -> int:
        """The heaviest matching on the docks of bit set ``left`` (bits index ``docks``)."""
        if not left:
            return 0
        hit = memo.get(left)
        if hit is None:
            first = (left & -left).bit_length() - 1
            rest = left & ~(1 << first)
            hit = heaviest(rest)  # the first dock rides with none
            for j in range(first + 1, len(docks)):
                if rest >> j & 1:
                    weight = ride_bonus[docks[first]].get(docks[j], 0)
                    hit = max(hit, weight + heaviest(rest & ~(1 << j)))
            memo[left] = hit
        return hit

    return heaviest((1 << len(docks)) - 1)


def perfect_upper_bound(game_map: Map, script: Script, known: int = 0,
                        budget: int = DEFAULT_STATE_BUDGET,
                        deadline: float | None = None) -> Bound:
    """An upper bound on the perfect game of ``script`` (see the module text). ``known``
    is a score already reached: a bound equal to it proves that score the best. The
    programme stops at ``budget`` states, or (``deadline``, a ``time.monotonic()`` value)
    when the clock reaches it, whichever comes first; the bound is then the best so far."""
    relaxation = _Relaxation(game_map, script)
    relaxation.deadline = deadline
    elementary = _elementary(relaxation, known, budget // ELEMENTARY_SHARE)
    if elementary.exact:
        return elementary
    if deadline is not None and time.monotonic() > deadline:
        return elementary
    priced = _priced(relaxation, known, budget - elementary.states)
    if priced.exact:
        return priced
    return Bound(min(elementary.value, priced.value), False,
                 elementary.rounds + priced.rounds, elementary.states + priced.states)


def _elementary(relaxation: _Relaxation, known: int, budget: int) -> Bound:
    """The relaxation itself, solved in rounds that remember every space a round's best
    walk visited twice, until the best walk is a simple path or the budget runs out."""
    zero = [0] * relaxation.n
    watched = 0
    value = relaxation.top
    rounds = 0
    spent = 0
    while True:
        try:
            found = relaxation.solve(watched, (known + 1) * SCALE - 1, budget - spent, zero)
        except _OverBudget as stop:
            return Bound(value, False, rounds, min(budget, spent + stop.args[0]))
        rounds += 1
        if found is None:  # nothing beats the known score: it is the best
            return Bound(known, True, rounds, spent)
        scaled, path, states = found
        value = scaled // SCALE
        spent += states
        twice = sum(1 << x for x, v in enumerate(_visits(path, relaxation.n)) if v > 1)
        if not twice:
            return Bound(value, True, rounds, spent)
        watched |= twice


def _visits(path: list[tuple[_Layer, int]], n: int) -> list[int]:
    """How often a walk enters each of the ``n`` spaces."""
    visits = [0] * n
    for _, x in path:
        visits[x] += 1
    return visits


def _priced(relaxation: _Relaxation, known: int, budget: int) -> Bound:
    """The priced rounds (``_priced_run``) in every schedule of ``SCHEDULES`` while the
    budget lasts; the lowest bound of all."""
    best = relaxation.top
    rounds = 0
    spent = 0
    for patience, min_step in SCHEDULES:
        if spent >= budget or (relaxation.deadline is not None
                               and time.monotonic() > relaxation.deadline):
            break
        run = _priced_run(relaxation, known, budget - spent, patience, min_step)
        rounds += run.rounds
        spent += run.states
        best = min(best, run.value)
        if run.exact:
            return Bound(best, True, rounds, spent)
    return Bound(best, False, rounds, spent)


def _priced_run(relaxation: _Relaxation, known: int, budget: int, patience: int,
                min_step: float) -> Bound:
    """The relaxation with "each space at most once" priced instead of enforced, and the
    two-card rule priced as well: every step into space ``x`` costs ``penalty[x]``, a
    number written where only one card's region reaches costs that (pair, card)'s price,
    and the bound is the penalties' and prices' sum plus the best walk (nothing
    remembered beyond the neighbours). For penalties and prices >= 0 this is an upper
    bound, since a route visits each space at most once and a turn's two numbers never
    both lie where one card alone reaches. They follow the subgradient (more for spaces
    the best walk visits twice and for pairs it writes twice on one card, less for the
    rest), with Polyak's step towards ``known``, halved after ``patience`` rounds without
    a better bound. The prices join when the step first falls below ``min_step`` or at
    half the budget; the run stops when it falls below ``min_step`` again."""
    n = relaxation.n
    penalty = [0] * n
    price = [0] * (3 * relaxation.pairs)
    best = relaxation.top
    theta = 1.0
    stall = 0
    rounds = 0
    spent = 0
    pricing = False  # the second phase: the two-card prices join
    try:
        while True:
            if not pricing and (spent >= budget // 2 or theta < min_step):
                pricing = True
                theta = max(theta, PRICING_STEP)
            if theta < min_step:
                break
            total = sum(penalty) + sum(price)
            relaxation.set_prices(price)
            try:
                found = relaxation.solve(0, (known + 1) * SCALE - total - 1, budget - spent,
                                         penalty)
            except _OverBudget as stop:
                return Bound(best, False, rounds, min(budget, spent + stop.args[0]))
            rounds += 1
            if found is None:  # no priced walk beats the known score: it is the best
                return Bound(known, True, rounds, spent)
            scaled, path, states = found
            spent += states
            bound = (total + scaled) // SCALE
            if bound < best:
                best, stall = bound, 0
            else:
                stall += 1
                if stall == patience:
                    theta, stall = theta / 2, 0
            gradient = [1 - v for v in _visits(path, n)]
            # The prices' subgradient, projected: a price at 0 whose rule holds stays 0.
            twice = [1 - c for c in relaxation.sole_counts(path)]
            twice = [g if g < 0 or p else 0 for g, p in zip(twice, price, strict=True)]
            if all(g >= 0 for g in gradient) and not any(
                    penalty[x] for x in range(n) if gradient[x]):
                if all(g >= 0 for g in twice) and not any(
                        p for p, g in zip(price, twice, strict=True) if g):
                    # A simple walk keeping the two-card rule and paying nothing for the
                    # spaces it misses: the relaxation's best.
                    return Bound(best, True, rounds, spent)
                if not pricing:  # the spaces are settled; the two-card rule is not
                    pricing = True
                    theta = max(theta, PRICING_STEP)
            if not pricing:
                twice = [0] * len(price)
            norm = sum(g * g for g in gradient) + sum(g * g for g in twice)
            step = theta * ((total + scaled) / SCALE - known) / norm
            penalty = [max(0, p - round(step * SCALE * g))
                       for p, g in zip(penalty, gradient, strict=True)]
            price = [max(0, p - round(step * SCALE * g))
                     for p, g in zip(price, twice, strict=True)]
        return Bound(best, False, rounds, spent)
    finally:
        relaxation.set_prices([0] * (3 * relaxation.pairs))
