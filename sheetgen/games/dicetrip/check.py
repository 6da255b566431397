"""Could a filled Dice Trip board be a legal result of a seeded game?

The board does not say which round wrote which number, so the check looks for any
assignment of the board's numbers to the 13 rounds that the rules allow:

- rounds 1-12 write two things each, round 13 one; a thing is a number or a cross, and
  crosses are allowed anywhere, so only the numbers need explaining (any round slot left
  over is a cross);
- two numbers of one round come from one split of its four dice into two pairs (each
  number made of its pair, in either order); a round that writes one number (and a cross)
  makes it from any two of its dice, as the last round does;
- a number in parentheses was made with the die of its city's colour;
- the re-roll power, at most once: in one round, any of the dice replaced by their
  pre-rolled alternatives (docs/rules.md);
- the use-one-die-twice power, at most once, not in the last round: one die in both
  numbers (never paired with itself), another die unused.

The search is exact, in two steps. First a quick one: numbers with the fewest ways to be
explained are placed first, and failed states (numbers placed, rounds used, powers used)
are remembered; it settles a player's board in a few dozen states. A board it has not
settled within ``QUICK_STATES`` states is searched again with the powers' rounds fixed
in turn (the re-roll in round r, the die twice in round d, every pair of rounds): with no
power left to place anywhere, every round offers only its own plays, and a state is ruled
out at once when

- the rounds left cannot hold the numbers left: each round holds two numbers when one of
  its splits makes two of them, one when it makes one, so the free places are counted;
- no assignment of the numbers left to the rounds left exists, each number to a round
  that makes it, each round taking at most its count (a bipartite matching);

and it branches on the number or the round with the fewest ways left (a round must take
two numbers when no place is spare). Failed states are remembered across the rounds
tried for the powers once both powers are spent.

The search has a budget (``budget`` states in all, ``DEFAULT_BUDGET``): past it the
verdict is *undecided* (``TripCheck.decided`` False), never a guess. When a board is not
legal, the first cell (in map order, the order of the scoring CSV) whose number cannot be
explained together with the ones before it is named; when the budget runs out while that
cell is sought, the verdict stands and no cell is named.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from sheetgen.games.dicetrip.rules import DICE_COLOURS, Dice, PairIdx, TripScript, any_two, modes
from sheetgen.model import Board, CellKind, Map, SpaceId

Flags = tuple[bool, bool]
"""(re-roll used, die-twice used)."""

DEFAULT_BUDGET = 100_000
"""Search states one board may take before its verdict is undecided (the slowest boards
known take a few thousand; docs/benchmarks.md)."""
QUICK_STATES = 200
"""States the quick search may take before the search with the powers' rounds fixed."""
NAMING_STATES = 20_000
"""States the search for the first number that fails may take, once a board is known not
to be legal; past them the verdict is given without naming a city."""


class _OutOfStates(Exception):
    """A search used the states it was given."""


@dataclass
class _Budget:
    """States left for one board; ``spend`` raises ``_OutOfStates`` past the limit."""

    left: int | None
    """The most states in all (None: no limit)."""
    used: int = 0

    def spend(self) -> None:
        if self.left is not None and self.used >= self.left:
            raise _OutOfStates
        self.used += 1


@dataclass(frozen=True)
class Token:
    """A number on the board that needs explaining."""

    space: SpaceId
    value: int
    die: int | None
    """The index of the die that must be in its pair (a number in parentheses), else None."""


@dataclass(frozen=True)
class TripCheck:
    legal: bool
    problem: str = ""
    space: SpaceId | None = None
    rounds: tuple[tuple[int, tuple[SpaceId, ...]], ...] = ()
    """When legal: one way it could have gone, (round, cities whose numbers it wrote)."""
    reroll_round: int | None = None
    double_round: int | None = None
    states: int = 0
    decided: bool = True
    """False when the search ran out of its budget: ``legal`` is then False but nothing is
    proven either way (``problem`` says so)."""


def _makes(dice: Dice, pair: PairIdx, token: Token) -> bool:
    a, b = dice[pair[0]], dice[pair[1]]
    return (token.value in (10 * a + b, 10 * b + a)
            and (token.die is None or token.die in pair))


@dataclass
class _Search:
    """The quick search: numbers with the fewest explanations first, powers placed as
    they are needed."""

    tokens: tuple[Token, ...]
    capacity: tuple[int, ...]
    plays: list[dict[frozenset[int], set[Flags]]]
    budget: _Budget
    states: int = 0
    failed: set[tuple[int, int, Flags]] = field(default_factory=set)
    chosen: dict[int, tuple[frozenset[int], Flags]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.by_token: list[list[tuple[int, frozenset[int], int, Flags]]] = [
            [] for _ in self.tokens]
        for r, plays in enumerate(self.plays):
            for play, needs in sorted(plays.items(), key=lambda kv: sorted(kv[0])):
                mask = sum(1 << t for t in play)
                for need in sorted(needs):
                    for t in play:
                        self.by_token[t].append((r, play, mask, need))

    def options(self, token: int, covered: int, used: int,
                flags: Flags) -> list[tuple[int, frozenset[int], Flags]]:
        return [(r, play, need) for r, play, mask, need in self.by_token[token]
                if not used >> r & 1 and not mask & covered
                and not (need[0] and flags[0]) and not (need[1] and flags[1])]

    def solve(self, covered: int, used: int, flags: Flags, wanted: int) -> bool:
        if covered & wanted == wanted:
            return True
        key = (covered, used, flags)
        if key in self.failed:
            return False
        self.states += 1
        self.budget.spend()
        left = bin(wanted & ~covered).count("1")
        room = sum(c for r, c in enumerate(self.capacity) if not used >> r & 1)
        if left > room:
            self.failed.add(key)
            return False
        best: list[tuple[int, frozenset[int], Flags]] | None = None
        for t in range(len(self.tokens)):
            if wanted >> t & 1 and not covered >> t & 1:
                opts = self.options(t, covered, used, flags)
                if best is None or len(opts) < len(best):
                    best = opts
                if not opts:
                    break
        assert best is not None
        # plays writing two numbers first: they leave more rounds free
        for r, play, need in sorted(best, key=lambda o: (-len(o[1]), o[2], o[0])):
            mask = sum(1 << t for t in play)
            if mask & ~wanted:
                continue
            new_flags = (flags[0] or need[0], flags[1] or need[1])
            if self.solve(covered | mask, used | 1 << r, new_flags, wanted):
                self.chosen[r] = (play, need)
                return True
        self.failed.add(key)
        return False


Play = tuple[int, Flags]
"""A play as the mask of the numbers it writes and the powers it needs."""


class _Fixed:
    """The search with the powers' rounds fixed: the re-roll's round ``rho`` and the die
    twice's round ``delta`` (see the module text)."""

    def __init__(self, tokens: Sequence[Token], capacity: Sequence[int],
                 plays: Sequence[dict[frozenset[int], set[Flags]]], budget: _Budget) -> None:
        self.count = len(tokens)
        self.capacity = tuple(capacity)
        self.budget = budget
        self.by_need: list[dict[Flags, list[int]]] = []
        for round_plays in plays:
            needs: dict[Flags, list[int]] = {}
            for play, wants in sorted(round_plays.items(), key=lambda kv: sorted(kv[0])):
                for need in sorted(wants):
                    needs.setdefault(need, []).append(sum(1 << t for t in play))
            self.by_need.append(needs)
        self.plain = [self._round(r, -1, -1) for r in range(len(plays))]
        self.failed: set[tuple[int, int, int, int]] = set()
        self.chosen: dict[int, tuple[frozenset[int], Flags]] = {}
        self.rho = self.delta = -1
        self.fixed = self.plain

    def _round(self, r: int, rho: int, delta: int) -> list[Play]:
        """Round ``r``'s plays when the re-roll is used in round ``rho`` and the die twice
        in round ``delta``; a play several needs allow keeps the least demanding."""
        allowed = [need for need in ((False, False), (True, False), (False, True),
                                     (True, True))
                   if (not need[0] or r == rho) and (not need[1] or r == delta)]
        out: dict[int, Flags] = {}
        for need in allowed:
            for mask in self.by_need[r].get(need, ()):
                out.setdefault(mask, need)
        return sorted(out.items())

    def _adds(self, r: int, left: int) -> bool:
        """Whether round ``r``, fixed for a power, has a play of numbers of ``left`` that
        it has not without the power."""
        plain = {mask for mask, _ in self.plain[r]}
        return any(not mask & ~left and mask not in plain for mask, _ in self.fixed[r])

    def solve(self, wanted: int) -> bool:
        """Whether the numbers of ``wanted`` (a mask) can all be explained; when they
        can, ``chosen`` says how. The rounds for the powers are tried the roomiest first
        (most places to spare for the numbers once the powers' plays are added)."""
        rounds = len(self.capacity)
        trials = []
        for rho in range(rounds):
            for delta in range(rounds):
                if self.capacity[delta] < 2:  # not in the last round
                    continue
                fixed = [self._round(r, rho, delta) for r in range(rounds)]
                room = sum(min(self.capacity[r], max((bin(mask & wanted).count("1")
                                                      for mask, _ in fixed[r]
                                                      if not mask & ~wanted), default=0))
                           for r in range(rounds))
                trials.append((-room, rho, delta, fixed))
        trials.sort(key=lambda trial: trial[:3])
        for _, rho, delta, fixed in trials:
            self.rho, self.delta, self.fixed = rho, delta, fixed
            self.chosen = {}
            if self._solve(0, 0, wanted):
                return True
        return False

    def _solve(self, covered: int, used: int, wanted: int) -> bool:
        left = wanted & ~covered
        if not left:
            return True
        # a power's round still free counts only while its power adds a play of the
        # numbers left; otherwise the state is that of a game without it, whatever
        # rounds were fixed (so failed states are shared between them)
        rho = self.rho if not used >> self.rho & 1 and self._adds(self.rho, left) else -1
        delta = (self.delta if not used >> self.delta & 1 and self._adds(self.delta, left)
                 else -1)
        key = (covered, used, rho, delta)
        if key in self.failed:
            return False
        self.budget.spend()
        pairs: dict[int, list[Play]] = {}
        singles: dict[int, list[Play]] = {}
        caps: dict[int, int] = {}
        reach: dict[int, int] = {}
        for r in range(len(self.capacity)):
            if used >> r & 1:
                continue
            two: list[Play] = []
            one: list[Play] = []
            mask_of_round = 0
            for play in self.fixed[r] if r in (rho, delta) else self.plain[r]:
                mask = play[0]
                if mask & ~left:
                    continue
                mask_of_round |= mask
                (two if mask & (mask - 1) else one).append(play)
            cap = min(self.capacity[r], 2 if two else 1 if one else 0)
            if cap:
                # A number the round can write with a partner left is never written
                # alone there: the partner's own round would only lose a number.
                partnered = 0
                for mask, _ in two:
                    partnered |= mask
                one = [play for play in one if not play[0] & partnered]
                pairs[r], singles[r], caps[r], reach[r] = two, one, cap, mask_of_round
        slack = sum(caps.values()) - bin(left).count("1")
        if slack < 0 or not _assignable(left, caps, reach):
            self.failed.add(key)
            return False
        best: list[tuple[int, Play]] | None = None
        for t in range(self.count):
            bit = 1 << t
            if not left & bit:
                continue
            options = [(r, play) for r in pairs for play in pairs[r] if play[0] & bit]
            options += [(r, play) for r in singles if slack >= caps[r] - 1
                        for play in singles[r] if play[0] & bit]
            if best is None or len(options) < len(best):
                best = options
                if len(best) <= 1:
                    break
        assert best is not None
        if len(best) > 1:
            for r in pairs:
                if caps[r] < 2:
                    continue
                # a round that can write something writes it (crossing instead would
                # only leave a number to a later round)
                options = [(r, play) for play in pairs[r]]
                if slack >= 1:
                    options += [(r, play) for play in singles[r]]
                if len(options) < len(best):
                    best = options
                    if len(best) <= 1:
                        break
        # plays writing two numbers first: they leave more rounds free
        for r, (mask, need) in sorted(best, key=lambda o: (-bin(o[1][0]).count("1"),
                                                             o[1][1], o[0], o[1][0])):
            if self._solve(covered | mask, used | 1 << r, wanted):
                self.chosen[r] = (frozenset(t for t in range(self.count) if mask >> t & 1),
                                  need)
                return True
        self.failed.add(key)
        return False


def _assignable(left: int, caps: dict[int, int], reach: dict[int, int]) -> bool:
    """Whether every number of ``left`` can go to a round that makes it, round ``r``
    taking at most ``caps[r]`` (augmenting paths; a necessary condition)."""
    numbers = [t for t in range(left.bit_length()) if left >> t & 1]
    rounds = {t: [r for r in reach if reach[r] >> t & 1] for t in numbers}
    load: dict[int, list[int]] = {r: [] for r in reach}

    def place(t: int, seen: set[int]) -> bool:
        for r in rounds[t]:
            if r in seen:
                continue
            seen.add(r)
            if len(load[r]) < caps[r]:
                load[r].append(t)
                return True
            for k, other in enumerate(load[r]):
                if place(other, seen):
                    load[r][k] = t
                    return True
        return False

    return all(place(t, set()) for t in sorted(numbers, key=lambda t: len(rounds[t])))


def _explain(tokens: Sequence[Token], capacity: Sequence[int],
             plays: list[dict[frozenset[int], set[Flags]]], wanted: int,
             budget: _Budget) -> dict[int, tuple[frozenset[int], Flags]] | None:
    """One way the numbers of ``wanted`` can have been written (round -> the numbers it
    wrote and the powers it used), or None when there is none; raises ``_OutOfStates``
    when the budget runs out first."""
    quick = _Search(tuple(tokens), tuple(capacity), plays,
                    _Budget(QUICK_STATES if budget.left is None
                            else min(QUICK_STATES, budget.left - budget.used)))
    try:
        found = quick.solve(0, 0, (False, False), wanted)
    except _OutOfStates:
        budget.used += quick.budget.used
    else:
        budget.used += quick.budget.used
        return quick.chosen if found else None
    fixed = _Fixed(tokens, capacity, plays, budget)
    return fixed.chosen if fixed.solve(wanted) else None


def _plays(script: TripScript, tokens: Sequence[Token]) -> list[dict[frozenset[int], set[Flags]]]:
    out: list[dict[frozenset[int], set[Flags]]] = []
    for rnd in script.rounds:
        plays: dict[frozenset[int], set[Flags]] = {}
        for mode in modes(rnd.dice, rnd.alternatives, reroll=True, double=not rnd.last):
            need = (mode.reroll, mode.double)
            if not mode.double:
                for t, token in enumerate(tokens):
                    if any(_makes(mode.dice, p, token) for p in any_two(mode.dice)):
                        plays.setdefault(frozenset((t,)), set()).add(need)
            if rnd.last:
                continue
            for p, q in mode.splits:
                from_p = [t for t, tok in enumerate(tokens) if _makes(mode.dice, p, tok)]
                from_q = [t for t, tok in enumerate(tokens) if _makes(mode.dice, q, tok)]
                for a in from_p:
                    for b in from_q:
                        if a != b:
                            plays.setdefault(frozenset((a, b)), set()).add(need)
        for key, needs in plays.items():  # keep only the least demanding needs
            plays[key] = {n for n in needs
                          if not any(m != n and m[0] <= n[0] and m[1] <= n[1] for m in needs)}
        out.append(plays)
    return out


def tokens_of(game_map: Map, board: Board) -> list[Token]:
    """The board's numbers in map order, each with the die its parentheses demand."""
    tokens = []
    for space in game_map.spaces:
        cell = board.cells.get(space.id)
        if cell is None or cell.kind is not CellKind.NUMBER or cell.value is None:
            continue
        die = (DICE_COLOURS.index(space.colour)
               if cell.circled and space.colour in DICE_COLOURS else None)
        tokens.append(Token(space.id, cell.value, die))
    return tokens


def check_trip_board(game_map: Map, script: TripScript, board: Board,
                     budget: int | None = DEFAULT_BUDGET) -> TripCheck:
    """Whether ``board`` could be a result of ``script`` (see the module text), within
    ``budget`` search states (None: no limit); past it the result is undecided."""
    tokens = tokens_of(game_map, board)
    seen: dict[int, SpaceId] = {}
    for token in tokens:
        if token.value in seen:
            return TripCheck(False, f"{game_map.space(token.space).name}: {token.value} is "
                                    f"written twice (also in "
                                    f"{game_map.space(seen[token.value]).name})",
                             token.space)
        seen[token.value] = token.space
    capacity = tuple(1 if r.last else 2 for r in script.rounds)
    plays = _plays(script, tokens)
    spent = _Budget(budget)
    # a number no round makes at all: the board is not legal, and no later number can be
    # the first to fail
    hi = next((t + 1 for t in range(len(tokens)) if not any(bad_index_play(plays, t))),
              None)
    if hi is None:
        try:
            chosen = _explain(tokens, capacity, plays, (1 << len(tokens)) - 1, spent)
        except _OutOfStates:
            return TripCheck(False, f"undecided: the search gave up after {budget} states "
                             "(the budget) without an answer", decided=False,
                             states=spent.used)
        if chosen is not None:
            rounds = []
            reroll = double = None
            for r, (play, need) in sorted(chosen.items()):
                rounds.append((r + 1, tuple(tokens[t].space for t in sorted(play))))
                if need[0]:
                    reroll = r + 1
                if need[1]:
                    double = r + 1
            return TripCheck(True, rounds=tuple(rounds), reroll_round=reroll,
                             double_round=double, states=spent.used)
        hi = len(tokens)
    # the first token that cannot join the ones before it (feasibility is monotone)
    lo = 0  # tokens[:lo] feasible, tokens[:hi] not
    naming = NAMING_STATES if budget is None else min(NAMING_STATES, budget - spent.used)
    spent = _Budget(spent.used + max(naming, 0), spent.used)
    try:
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if _explain(tokens, capacity, plays, (1 << mid) - 1, spent) is not None:
                lo = mid
            else:
                hi = mid
    except _OutOfStates:
        return TripCheck(False, "the numbers cannot all be explained together: each round "
                         "writes two numbers from one split of its dice (or one number and "
                         "a cross), and each power is used at most once (the budget ran "
                         "out before the first number that fails was found)",
                         states=spent.used)
    bad = tokens[hi - 1]
    name = game_map.space(bad.space).name
    alone = any(bad_index_play(plays, hi - 1))
    if not alone:
        colour = f" with the {DICE_COLOURS[bad.die]} die" if bad.die is not None else ""
        why = (f"no round's dice (nor their re-rolls) make {bad.value}{colour}")
    else:
        why = (f"{bad.value} cannot be explained together with the numbers before it: "
               "each round writes two numbers from one split of its dice (or one number "
               "and a cross), and each power is used at most once")
    return TripCheck(False, f"{name}: {why}", bad.space, states=spent.used)


def bad_index_play(plays: Sequence[dict[frozenset[int], set[Flags]]], token: int) -> list[bool]:
    """For each round: whether any play of it writes ``token``."""
    return [any(token in play for play in round_plays) for round_plays in plays]
