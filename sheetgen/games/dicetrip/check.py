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

The search is exact: numbers with the fewest ways to be explained are placed first, and
failed states (numbers placed, rounds used, powers used) are remembered. When a board is
not legal, the first cell (in map order, the order of the scoring CSV) whose number cannot
be explained together with the ones before it is named.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from sheetgen.games.dicetrip.rules import DICE_COLOURS, Dice, PairIdx, TripScript, any_two, modes
from sheetgen.model import Board, CellKind, Map, SpaceId

Flags = tuple[bool, bool]
"""(re-roll used, die-twice used)."""


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


def _makes(dice: Dice, pair: PairIdx, token: Token) -> bool:
    a, b = dice[pair[0]], dice[pair[1]]
    return (token.value in (10 * a + b, 10 * b + a)
            and (token.die is None or token.die in pair))


@dataclass
class _Search:
    tokens: tuple[Token, ...]
    capacity: tuple[int, ...]
    plays: list[dict[frozenset[int], set[Flags]]]
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


def check_trip_board(game_map: Map, script: TripScript, board: Board) -> TripCheck:
    """Whether ``board`` could be a result of ``script`` (see the module text)."""
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
    search = _Search(tuple(tokens), capacity, _plays(script, tokens))
    everything = (1 << len(tokens)) - 1
    if search.solve(0, 0, (False, False), everything):
        rounds = []
        reroll = double = None
        for r, (play, need) in sorted(search.chosen.items()):
            rounds.append((r + 1, tuple(tokens[t].space for t in sorted(play))))
            if need[0]:
                reroll = r + 1
            if need[1]:
                double = r + 1
        return TripCheck(True, rounds=tuple(rounds), reroll_round=reroll,
                         double_round=double, states=search.states)
    # the first token that cannot join the ones before it (feasibility is monotone)
    lo, hi = 0, len(tokens)  # tokens[:lo] feasible, tokens[:hi] not
    while hi - lo > 1:
        mid = (lo + hi) // 2
        search.failed.clear()
        if search.solve(0, 0, (False, False), (1 << mid) - 1):
            lo = mid
        else:
            hi = mid
    bad = tokens[hi - 1]
    name = game_map.space(bad.space).name
    alone = any(bad_index_play(search.plays, hi - 1))
    if not alone:
        colour = f" with the {DICE_COLOURS[bad.die]} die" if bad.die is not None else ""
        why = (f"no round's dice (nor their re-rolls) make {bad.value}{colour}")
    else:
        why = (f"{bad.value} cannot be explained together with the numbers before it: "
               "each round writes two numbers from one split of its dice (or one number "
               "and a cross), and each power is used at most once")
    return TripCheck(False, f"{name}: {why}", bad.space, states=search.states)


def bad_index_play(plays: Sequence[dict[frozenset[int], set[Flags]]], token: int) -> list[bool]:
    """For each round: whether any play of it writes ``token``."""
    return [any(token in play for play in round_plays) for round_plays in plays]
