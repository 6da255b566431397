"""The built-in On Tour player: plans a long route through the map and keeps numbers
rising along it.

Before play it finds long simple paths through the map (a deterministic depth-first search
that tries the neighbour with the fewest free neighbours first). Each turn it scores every
legal move by how good the board would be along its best few planned paths, and plays the
best. The score of a board along a path is the best stretch of the path that can still be a
route: written numbers that never decrease (stars wild, no X), plus the empty spaces of the
stretch, each counted by the chance that a number fitting between its neighbours will still
come (from how many numbers the game has left and how many dice numbers fit the gap), less
a charge for the spaces inside the run expected to stay short (the last numbers of the
game must go somewhere, and one written inside the run splits it).

Near the end (at most ``ENDGAME`` spaces left to fill after the move) a fixed path no longer
says much: the route bends around the numbers that did not fit. There the best few moves
by the path value are scored instead with the exact route solver, between the board's
route with every empty space crossed and its route with every empty space wild.

The player sees only the board, the current turn's cards and dice, and how many spaces the
game will still fill; never a later card or roll.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from math import exp

from sheetgen.games.ontour.players.game import Move, View
from sheetgen.model import Cell, CellKind, Map, SpaceId

PATHS_KEPT = 6
"""Planned paths evaluated each turn (the best ones for the board so far)."""
PATH_POOL = 48
"""Long paths found before play, from which the kept ones are picked."""
REACH = 0.75
"""Share of a gap's fitting numbers the player expects to be able to place there (the
cards do not always allow the space)."""
BREAK = 0.5
"""Charge per expected space left short inside a run (measured: 0 and 1 both play worse)."""
SHORTLIST_FROM = 40
"""Above this many legal moves, only moves made of individually strong writes are scored."""
SHORTLIST = 6
"""Writes kept per number (or star, or X) when shortlisting."""
ENDGAME = 10
"""Spaces left to fill after the move at or below which moves are scored by the solver
(measured on usa seeds 0-19: 6 gave 28.85, 8 28.9, 10 29.3, 12 28.85)."""
ENDGAME_MOVES = 6
"""Moves, best by the path value, that the solver scores in the end game."""
ENDGAME_HOPE = 0.5
"""Where the end-game score lies between the route with the empty spaces crossed (0) and
with them wild (1) (measured: 0.35 and 0.65 both play worse)."""
ENDGAME_STATES = 5000
"""Search states allowed for the route with wild spaces (a board of many stars can take
long; past the budget the crossed route stands in). Keeps a game well under a second."""


@cache
def long_paths(game_map: Map, count: int = PATH_POOL) -> tuple[tuple[SpaceId, ...], ...]:
    """Long simple paths through the map, longest first, each in both directions. On a map
    with docks a path stuck at a dock it did not reach by boat rides on to the free dock
    with the most free neighbours (so a plan may cross the Seine)."""
    ids = game_map.space_ids
    neighbours = game_map.neighbours
    docks = [d.space for d in game_map.docks]
    rng = random.Random(0)
    found: dict[tuple[SpaceId, ...], None] = {}
    budget = 4000
    for start in ids:
        for attempt in range(3):
            path = [start]
            seen = {start}
            rode = False
            while True:
                options = [n for n in neighbours[path[-1]] if n not in seen]
                if not options and path[-1] in docks and not rode:
                    free = [d for d in docks if d not in seen]
                    if free:
                        nxt = max(free, key=lambda d: (
                            sum(1 for m in neighbours[d] if m not in seen), -docks.index(d)))
                        path.append(nxt)
                        seen.add(nxt)
                        rode = True
                        continue
                rode = False
                if not options:
                    break
                degree = {n: sum(1 for m in neighbours[n] if m not in seen) for n in options}
                low = min(degree.values())
                best = [n for n in options if degree[n] == low]
                nxt = best[0] if attempt == 0 else best[rng.randrange(len(best))]
                path.append(nxt)
                seen.add(nxt)
            budget -= 1
            key = tuple(path)
            found[key] = None
            found[tuple(reversed(key))] = None
        if budget <= 0:
            break
    ranked = sorted(found, key=lambda p: (-len(p), p))
    return tuple(ranked[:count])


_COUNT = [0]
for _v in range(100):
    _COUNT.append(_COUNT[-1] + (_v // 10 != _v % 10))


def fitting_numbers(lo: int, hi: int) -> int:
    """How many dice numbers (two different digits) lie from ``lo`` to ``hi``."""
    if hi < lo:
        return 0
    return _COUNT[min(hi, 99) + 1] - _COUNT[max(lo, 0)]


@cache
def gap_fill(k: int, lo: int, hi: int, numbers_left: int) -> tuple[float, float]:
    """Of ``k`` empty spaces that need numbers from lo to hi: the expected number that
    will get one, and the expected number left short.

    Each of the numbers still to come is a given dice number with chance 1/100 (a roll
    makes two numbers; each number comes from two of the hundred rolls), and only a share
    ``REACH`` of the fitting ones can be placed there (cards, the other number of the
    turn). Fitting numbers arrive as a Poisson count N; the gap gets min(k, N).
    """
    if k == 0:
        return 0.0, 0.0
    lam = REACH * numbers_left * fitting_numbers(lo, hi) / 100
    p = exp(-lam)
    cdf = p
    expected = 0.0
    for j in range(k):
        expected += 1.0 - cdf
        p = p * lam / (j + 1)
        cdf += p
    return expected, k - expected


def path_value(path: Sequence[SpaceId], cells: Mapping[SpaceId, Cell],
               numbers_left: int) -> float:
    """The best stretch of ``path`` that can still become a route (see module doc)."""
    best = 0.0
    block: list[Cell | None] = []
    for space in [*path, None]:
        cell = cells.get(space) if space is not None else Cell.cross()
        if cell is not None and cell.kind is CellKind.CROSS:
            if block:
                best = max(best, _block_value(block, numbers_left))
            block = []
        else:
            block.append(cell)
    return best


def _block_value(block: Sequence[Cell | None], numbers_left: int) -> float:
    """Best stretch within an X-free part of a path (None = empty).

    A stretch holds one maximal non-decreasing run of the written numbers and reaches out
    to (not including) the numbers on either side that break the run. Its value: the
    written spaces (2 if circled; stars are wild), plus the expected fills of its gaps;
    a gap between two numbers of the run is charged ``BREAK`` per expected space left
    short (a number that does not fit, written there at the end, splits the route).
    """
    nums = [i for i, c in enumerate(block) if c is not None and c.kind is CellKind.NUMBER]
    if not nums:
        stars = sum(1 + c.circled for c in block if c is not None)
        return stars + gap_fill(sum(1 for c in block if c is None), 0, 99, numbers_left)[0]
    number_at = {i: cell.value for i in nums
                 if (cell := block[i]) is not None and cell.value is not None}
    best = 0.0
    first, m = 0, len(nums)
    while first < m:
        last = first
        while last + 1 < m and number_at[nums[last + 1]] >= number_at[nums[last]]:
            last += 1
        begin = nums[first - 1] + 1 if first > 0 else 0
        end = nums[last + 1] if last + 1 < m else len(block)
        value, low, k, inner = 0.0, 0, 0, False
        for cell in block[begin:end]:
            if cell is None:
                k += 1
            elif cell.kind is CellKind.STAR:
                value += 1 + cell.circled
            else:
                number = cell.value or 0
                filled, short = gap_fill(k, low, number, numbers_left)
                value += filled + 1 + cell.circled - (BREAK * short if inner else 0.0)
                low, k, inner = number, 0, True
        value += gap_fill(k, low, 99, numbers_left)[0]
        best = max(best, value)
        first = last + 1
    return best


@dataclass
class PlannerPlayer:
    """Greedy on the planned-path value; ties go to the move listed first."""

    name: str = "planner"
    paths_kept: int = PATHS_KEPT
    shortlist: int = SHORTLIST
    endgame: int = ENDGAME

    def value(self, view: View, cells: Mapping[SpaceId, Cell],
              paths: Sequence[Sequence[SpaceId]]) -> float:
        left = view.numbers_left
        return max(path_value(p, cells, left) for p in paths)

    def choose(self, view: View) -> Move:
        if view.turn.last:
            return _best_last_move(view)
        pool = long_paths(view.game_map)
        left_now = view.numbers_left + view.turn.fills
        ranked = sorted(pool, key=lambda p: -path_value(p, view.cells, left_now))
        paths = ranked[:self.paths_kept]
        cells = dict(view.cells)
        moves = self._shortlist(view, cells, paths)
        scored: list[tuple[float, int]] = []
        for index, move in enumerate(moves):
            for w in move.writes:
                cells[w.space] = w.cell
            scored.append((-self.value(view, cells, paths), index))
            for w in move.writes:
                del cells[w.space]
        scored.sort()
        if view.numbers_left > self.endgame:
            return moves[scored[0][1]]
        best_move, best_value = moves[scored[0][1]], -1.0
        for _, index in scored[:ENDGAME_MOVES]:
            move = moves[index]
            score = _endgame_value(view, {**cells, **{w.space: w.cell for w in move.writes}})
            if score > best_value + 1e-9:
                best_value, best_move = score, move
        return best_move


    def _shortlist(self, view: View, cells: dict[SpaceId, Cell],
                   paths: Sequence[Sequence[SpaceId]]) -> Sequence[Move]:
        """With many moves, keep those whose every write is among the best few writes of
        its kind (the same number, star or X) when made alone."""
        if len(view.moves) <= SHORTLIST_FROM:
            return view.moves
        alone: dict[tuple[SpaceId, Cell], float] = {}
        for move in view.moves:
            for w in move.writes:
                key = (w.space, w.cell)
                if key not in alone:
                    cells[w.space] = w.cell
                    alone[key] = self.value(view, cells, paths)
                    del cells[w.space]
        by_kind: dict[tuple[CellKind, int | None], list[tuple[float, int, SpaceId]]] = {}
        order = {s: i for i, s in enumerate(view.game_map.space_ids)}
        for (space, cell), score in alone.items():
            by_kind.setdefault((cell.kind, cell.value), []).append(
                (-score, order[space], space))
        kept: set[tuple[SpaceId, Cell]] = set()
        for (kind, value), ranked in by_kind.items():
            ranked.sort()
            for _, _, space in ranked[:self.shortlist]:
                kept |= {(space, c) for (sp, c) in alone if sp == space
                         and (c.kind, c.value) == (kind, value)}
        short = [m for m in view.moves if all((w.space, w.cell) in kept for w in m.writes)]
        return short or view.moves


def _endgame_value(view: View, cells: Mapping[SpaceId, Cell]) -> float:
    """A nearly full board's worth: its exact route with the empty spaces crossed, plus a
    share ``ENDGAME_HOPE`` of what the route gains when they are wild."""
    from sheetgen.games.ontour.score import best_route
    from sheetgen.model import Board

    game_map = view.game_map
    crossed = best_route(game_map, Board(game_map.id, "", dict(cells))).score
    wild = {**cells, **{s: Cell.star() for s in game_map.space_ids if s not in cells}}
    hoped = best_route(game_map, Board(game_map.id, "", wild),
                       max_states=ENDGAME_STATES).score
    return crossed + ENDGAME_HOPE * max(0, hoped - crossed)


def _best_last_move(view: View) -> Move:
    """On a last turn the board is (nearly) final: score each move exactly."""
    from sheetgen.games.ontour.score import best_route
    from sheetgen.model import Board

    def score(move: Move) -> int:
        cells = {**view.cells, **{w.space: w.cell for w in move.writes}}
        return best_route(view.game_map, Board(view.game_map.id, "", cells)).score

    scores = [score(m) for m in view.moves]
    return view.moves[scores.index(max(scores))]


@dataclass
class FirstFitPlayer:
    """A simple baseline: the first legal move in map order."""

    name: str = "first-fit"

    def choose(self, view: View) -> Move:
        return view.moves[0]



@dataclass
class RandomPlayer:
    """Any legal move, drawn from its own seeded generator (boards for tests and
    benchmarks)."""

    seed: int = 0
    name: str = "random"

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    def choose(self, view: View) -> Move:
        return view.moves[self._rng.randrange(len(view.moves))]
