"""The variant "one number of each ten": which points a board can have scored.

RULES.md section 3: when a player first has a number of every ten (1x, 2x, ... 6x) on
the sheet, they score the coloured cities still empty at that moment, recorded during
play. docs/rules.md settles "that moment": after the round in which the sixth ten first
appears, both of that round's marks written; a city is empty when it holds neither a
number nor a cross. A player who did not play the variant records 0.

A finished board does not say in which order it was written, so it does not fix the
points; it does bound them:

- :func:`board_allows`: the points some order of writing the board's marks gives, with
  no dice (any mark in any round, a round of one or two marks). Exact for that question,
  and cheap (every choice of the completing round, a few hundred). A board without a
  number of some ten allows only 0. This is what ``score`` holds a written value to.
- :func:`script_allows`: whether a seeded game's dice give exactly these points in some
  legal way of writing the board (the rounds, their dice, re-rolls and the powers, as
  ``check`` explains the board). Exact: a search over the rounds in order, each state
  (numbers written, powers used) kept only when the rest of the board can still be
  written (``check``'s own search decides that), and left as soon as it has marked more
  coloured cities than the points allow. This is what ``check`` holds a written value to.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from sheetgen.games.dicetrip.check import Flags, _Budget, _plays, _Search, tokens_of
from sheetgen.games.dicetrip.rules import TripScript
from sheetgen.model import Board, CellKind, Map, SpaceId

TENS = range(1, 7)
"""The six tens: 1x (11-16) ... 6x (61-66)."""


def _marks(game_map: Map, board: Board) -> dict[SpaceId, int | None]:
    """Every city written on the board: its ten for a number, None for a cross."""
    marks: dict[SpaceId, int | None] = {}
    for space in game_map.spaces:
        cell = board.cells.get(space.id)
        if cell is None:
            continue
        if cell.kind is CellKind.NUMBER and cell.value is not None:
            marks[space.id] = cell.value // 10
        elif cell.kind is CellKind.CROSS:
            marks[space.id] = None
    return marks


def missing_tens(game_map: Map, board: Board) -> list[int]:
    """The tens the board has no number of (the variant never scored when any)."""
    present = {ten for ten in _marks(game_map, board).values() if ten is not None}
    return [ten for ten in TENS if ten not in present]


def board_allows(game_map: Map, board: Board) -> frozenset[int]:
    """Every number of variant points some order of writing ``board`` gives (0 always:
    the variant was not played).

    The completing round R holds a number c and perhaps one more mark m. The marks
    written before it, F, miss a ten that R brings and hold a number of every ten R does
    not bring. F may take any marks but R's and that ten's; the coloured cities in F
    range from the tens that only a coloured city can give to every coloured city F may
    take, each count in between reached by adding coloured cities one at a time."""
    marks = _marks(game_map, board)
    coloured = {s.id for s in game_map.spaces if s.colour}
    values = {0}
    if missing_tens(game_map, board):
        return frozenset(values)
    cities = list(marks)
    for c in cities:
        if marks[c] is None:
            continue
        for m in [None, *(x for x in cities if x != c)]:
            bring = {c} if m is None else {c, m}
            tens = {marks[x] for x in bring} - {None}
            need = set(TENS) - tens
            in_round = len(bring & coloured)
            for absent in tens:
                pool = [x for x in cities if x not in bring and marks[x] != absent]
                low = 0
                for ten in need:
                    givers = [x for x in pool if marks[x] == ten]
                    if not givers:
                        break
                    low += all(x in coloured for x in givers)
                else:
                    high = sum(x in coloured for x in pool)
                    values.update(len(coloured) - in_round - k for k in range(low, high + 1))
    return frozenset(values)


def spans(values: Iterable[int]) -> str:
    """``0, 2-6``: sorted values with runs joined."""
    ordered = sorted(set(values))
    runs: list[list[int]] = []
    for v in ordered:
        if runs and v == runs[-1][-1] + 1:
            runs[-1].append(v)
        else:
            runs.append([v])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 2 else ", ".join(map(str, r))
                     for r in runs)


def board_problem(game_map: Map, board: Board, points: int) -> str | None:
    """Why ``points`` variant points cannot come from ``board``; None when they can."""
    if points == 0:
        return None
    missing = missing_tens(game_map, board)
    if missing:
        tens = ", ".join(f"{t}1-{t}6" for t in missing)
        return (f"{points} variant points, but the board has no number of {tens}: the "
                "variant scores once a number of every ten is written; expected 0 or blank")
    allowed = board_allows(game_map, board)
    if points in allowed:
        return None
    return (f"{points} variant points, but in any order of writing this board the "
            f"coloured cities still empty after the round that first completed the tens "
            f"are {spans(allowed - {0})}; expected one of those, or 0 or blank")


@dataclass
class _Rounds:
    """The search of :func:`script_allows`."""

    search: _Search
    ten_masks: tuple[int, ...]
    coloured_mask: int
    coloured_total: int
    crosses: tuple[int, int]
    """(coloured, plain) crossed cities."""
    points: int
    states: int = 0
    seen: set[tuple[int, int, Flags]] = field(default_factory=set)

    def complete(self, covered: int) -> bool:
        return all(covered & mask for mask in self.ten_masks)

    def crosses_fit(self, r: int, covered: int) -> bool:
        """Whether the crosses can be placed so that exactly ``points`` coloured cities
        are empty after round ``r`` (0-based), which completed the tens."""
        capacity = self.search.capacity
        written = covered.bit_count()
        before = sum(capacity[:r + 1]) - written
        after = sum(capacity[r + 1:]) - (len(self.search.tokens) - written)
        coloured_x = self.coloured_total - self.points - (covered & self.coloured_mask
                                                          ).bit_count()
        total_c, total_p = self.crosses
        if not 0 <= coloured_x <= total_c:
            return False
        return any(coloured_x + plain <= before and total_c - coloured_x + total_p - plain
                   <= after for plain in range(total_p + 1))

    def go(self, r: int, covered: int, flags: Flags) -> bool:
        key = (r, covered, flags)
        if key in self.seen or r >= len(self.search.capacity):
            return False
        self.seen.add(key)
        self.states += 1
        if (covered & self.coloured_mask).bit_count() > self.coloured_total - self.points:
            return False
        everything = (1 << len(self.search.tokens)) - 1
        if not self.search.solve(covered, (1 << r) - 1, flags, everything):
            return False
        done = (1 << (r + 1)) - 1
        choices = [*self.search.plays[r].items(), (frozenset(), {(False, False)})]
        for play, needs in choices:
            mask = sum(1 << t for t in play)
            if mask & covered:
                continue
            for need in sorted(needs):
                if (need[0] and flags[0]) or (need[1] and flags[1]):
                    continue
                after = (flags[0] or need[0], flags[1] or need[1])
                now = covered | mask
                if self.complete(now):
                    if (self.crosses_fit(r, now)
                            and self.search.solve(now, done, after, everything)):
                        return True
                elif self.go(r + 1, now, after):
                    return True
        return False


def script_allows(game_map: Map, script: TripScript, board: Board, points: int) -> bool:
    """Whether some legal way of writing ``board`` in the seeded game ``script`` scores
    exactly ``points`` for the variant (0: always, the variant may not have been played).
    A board that is not a legal result of the game allows nothing but 0."""
    if points == 0:
        return True
    if points not in board_allows(game_map, board):
        return False
    tokens = tokens_of(game_map, board)
    if len({t.value for t in tokens}) < len(tokens):
        return False
    coloured = {s.id for s in game_map.spaces if s.colour}
    crossed = [s for s, ten in _marks(game_map, board).items() if ten is None]
    search = _Search(tuple(tokens), tuple(1 if r.last else 2 for r in script.rounds),
                     _plays(script, tokens), _Budget(None))
    rounds = _Rounds(
        search,
        tuple(sum(1 << t for t, tok in enumerate(tokens) if tok.value // 10 == ten)
              for ten in TENS),
        sum(1 << t for t, tok in enumerate(tokens) if tok.space in coloured),
        len(coloured),
        (sum(s in coloured for s in crossed), sum(s not in coloured for s in crossed)),
        points)
    return rounds.go(0, 0, (False, False))
