"""Could a filled On Tour board be a legal result of a seeded game?

The script fixes every turn's cards and numbers; the board shows only where things ended
up. Numbers repeat across turns, and whether a space was legal depends on what was still
empty, so the check replays the game: turn by turn, in order, it tries every way the
board's cells can be that turn's writes, keeping the set of spaces still empty, and backs
up when a turn cannot be explained. Failed (turn, filled spaces) states are remembered, so
no state is explored twice; the search is exact.

Before a state is explored, the turns left are ruled out all at once when they cannot fill
the spaces left: every turn left writes a known number of marks (two numbers, or a star),
each mark fits only the spaces that hold it in a region of one of its cards (or an X), and
the marks must cover the empty spaces one to one. When no such matching exists (a
bipartite matching, found by augmenting paths), no order of play can explain the board
from there, and the spaces that cannot all be matched are named. On boards made for
another seed this ends the search at its first state.

The search has a budget (``budget`` search states, ``DEFAULT_BUDGET``): past it the
verdict is *undecided* (``CheckResult.decided`` False), never a guess.

The reading of the rules (every game the built-in player's referee plays passes it; the
referee is stricter about an X, see below):

- Setup spaces hold their numbers, circled.
- A number turn writes its two numbers in two spaces, each in the region of a different
  card. A circle needs the card of that very space. A missing circle is accepted (it only
  costs the player).
- An X stands for a number of a number turn, or for the star of a star turn, and only when
  that number or star had no legal space at the moment it was written. The two numbers are
  written one after the other: after one is written (card c, space s), the other may be an
  X only when no card but c has an empty space other than s in its region. (The referee
  of :mod:`sheetgen.games.ontour.players.game` offers that X only when no placement of both numbers
  on two cards exists at all, so it never plays such a board.)
- A star turn's star lies in the region of one of its cards (circled only in that card's
  own space). A last turn's star may be anywhere and is never circled; last-turn numbers
  are never circled; with one space left, either number.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from sheetgen.games.ontour.rules import Script, Turn
from sheetgen.model import Board, Cell, CellKind, Map, SpaceId

DEFAULT_BUDGET = 100_000
"""Search states one board may take before its verdict is undecided. The slowest boards
known take a few hundred (docs/benchmarks.md); a state costs about 50 microseconds."""


class _OutOfBudget(Exception):
    """The search used its budget of states."""


@dataclass(frozen=True)
class Placement:
    """How one turn was explained: the spaces it filled."""

    turn: int
    spaces: tuple[SpaceId, ...]


@dataclass(frozen=True)
class CheckResult:
    """The verdict. When legal, ``placements`` is one way the game could have gone."""

    legal: bool
    problem: str = ""
    """When not legal: the first thing that cannot be explained, in words."""
    space: SpaceId | None = None
    turn: int | None = None
    placements: tuple[Placement, ...] = ()
    states: int = 0
    """Search states visited (for measurements)."""
    decided: bool = True
    """False when the search ran out of its budget: ``legal`` is then False but nothing is
    proven either way (``problem`` says so)."""


def describe_cell(cell: Cell) -> str:
    """A cell as a message names it: ``07``, ``a star``, ``37 (circled)``."""
    return {CellKind.NUMBER: f"{cell.value:02d}" if cell.value is not None else "",
            CellKind.STAR: "a star", CellKind.CROSS: "an X"}[cell.kind] + (
        " (circled)" if cell.circled else "")


def _cards(turn: Turn) -> str:
    return ", ".join(f"{c.space} {c.region.value}" for c in turn.cards)


class _Game:
    def __init__(self, game_map: Map, script: Script, cells: Mapping[SpaceId, Cell],
                 budget: int | None = None) -> None:
        self.map = game_map
        self.turns = script.turns
        self.cells = cells
        self.ids = game_map.space_ids
        self.bit = {s: 1 << i for i, s in enumerate(self.ids)}
        # For each turn and card: bitmask of spaces in the card's region.
        self.region_mask = [[sum(self.bit[s] for s in self.ids
                                 if c.region in game_map.space(s).regions)
                             for c in t.cards] for t in script.turns]
        self.failed: set[tuple[int, int]] = set()
        self.deepest = -1
        self.deepest_empty = 0
        self.states = 0
        self.budget = budget
        self.marks = [self._marks(t) for t in range(len(self.turns))]
        """Per turn, the spaces each of its marks could stand in (bitmasks; see ``fits``)."""

    # -- ruling out the turns left at once ------------------------------------------------

    def _marks(self, t: int) -> list[int]:
        """The marks turn ``t`` writes, each as the mask of the spaces it could stand in
        on this board, were they empty: a number or star where the board holds it in the
        region of one of the turn's cards (circled only in the card's own space), or in
        any X (an X is allowed only when no space is left, which this does not check);
        last turns' marks where the board holds them uncircled."""
        turn, cells = self.turns[t], self.cells
        if turn.last:
            wants: list[tuple[CellKind, tuple[int, ...]]] = (
                [(CellKind.STAR, ())] if turn.star
                else [(CellKind.NUMBER, (n,)) for n in turn.numbers] if turn.fills == 2
                else [(CellKind.NUMBER, turn.numbers)])
            return [sum(self.bit[s] for s in self.ids
                        if cells[s].kind is kind and not cells[s].circled
                        and (not values or cells[s].value in values))
                    for kind, values in wants]
        crosses = sum(self.bit[s] for s in self.ids if cells[s].kind is CellKind.CROSS)
        if turn.star:
            wants = [(CellKind.STAR, ())]
        else:
            wants = [(CellKind.NUMBER, (n,)) for n in turn.numbers]
        return [crosses | sum(self.bit[s] for s in self.ids
                              if cells[s].kind is kind
                              and (not values or cells[s].value in values)
                              and self._cards_for(turn, s, cells[s]))
                for kind, values in wants]

    def unmatched(self, t: int, empty: int) -> tuple[list[SpaceId], list[int]]:
        """Whether the marks of turns ``t``... can fill the ``empty`` spaces one to one:
        ``([], [])`` when they can, else spaces that cannot all be filled and the turns
        (0-based) whose marks could go in any of them (fewer marks than spaces)."""
        marks = [(u, m & empty) for u in range(t, len(self.turns)) for m in self.marks[u]]
        spaces = [s for s in self.ids if empty & self.bit[s]]
        # Each space to a mark, by augmenting paths (Kuhn); a space that finds none names,
        # with every space its search met, a set with fewer marks than spaces (Hall).
        by_space = {s: [i for i, (_, m) in enumerate(marks) if m & self.bit[s]]
                    for s in spaces}
        holder: dict[int, SpaceId] = {}

        def place(s: SpaceId, seen: set[int], met: list[SpaceId]) -> bool:
            met.append(s)
            for i in by_space[s]:
                if i in seen:
                    continue
                seen.add(i)
                if i not in holder or place(holder[i], seen, met):
                    holder[i] = s
                    return True
            return False

        for s in sorted(spaces, key=lambda s: len(by_space[s])):
            seen: set[int] = set()
            met: list[SpaceId] = []
            if not place(s, seen, met):
                turns = sorted({marks[i][0] for i in seen})
                return sorted(set(met), key=self.ids.index), turns
        if len(spaces) != len(marks):  # pragma: no cover - the script's counts disagree
            return spaces, []
        return [], []

    # -- what one cell can be, given the turn and card --------------------------------

    def _card_ok(self, turn: Turn, card: int, space: SpaceId, cell: Cell) -> bool:
        c = turn.cards[card]
        if c.region not in self.map.space(space).regions:
            return False
        return not cell.circled or self.map.card_covers(c, space)

    def _cards_for(self, turn: Turn, space: SpaceId, cell: Cell) -> list[int]:
        return [i for i in range(len(turn.cards)) if self._card_ok(turn, i, space, cell)]

    def _holding(self, empty: int, kind: CellKind, value: int | None = None,
                 circled: bool | None = None) -> list[SpaceId]:
        out = []
        for s in self.ids:
            if empty & self.bit[s]:
                c = self.cells[s]
                if c.kind is kind and (value is None or c.value == value) and (
                        circled is None or c.circled == circled):
                    out.append(s)
        return out

    def _any_room(self, t: int, empty: int, cards: Sequence[int]) -> bool:
        return any(self.region_mask[t][i] & empty for i in cards)

    # -- the options of a turn ---------------------------------------------------------

    def options(self, t: int, empty: int) -> list[tuple[SpaceId, ...]]:
        turn = self.turns[t]
        if turn.last:
            if turn.star:
                return [(s,) for s in self._holding(empty, CellKind.STAR, circled=False)]
            lo, hi = turn.numbers
            spaces = [s for s in self.ids if empty & self.bit[s]]
            if len(spaces) == 1:
                c = self.cells[spaces[0]]
                ok = c.kind is CellKind.NUMBER and not c.circled and c.value in (lo, hi)
                return [(spaces[0],)] if ok else []
            a, b = spaces
            kinds_ok = all(self.cells[s].kind is CellKind.NUMBER and not self.cells[s].circled
                           for s in spaces)
            values = sorted(self.cells[s].value or 0 for s in spaces if kinds_ok)
            return [(a, b)] if kinds_ok and values == [lo, hi] else []
        all_cards = range(len(turn.cards))
        crosses = self._holding(empty, CellKind.CROSS)
        out: list[tuple[SpaceId, ...]]
        if turn.star:
            out = [(s,) for s in self._holding(empty, CellKind.STAR)
                   if self._cards_for(turn, s, self.cells[s])]
            if not self._any_room(t, empty, all_cards):
                out += [(s,) for s in crosses]
            return out
        first, second = turn.numbers
        firsts = self._holding(empty, CellKind.NUMBER, first)
        seconds = self._holding(empty, CellKind.NUMBER, second)
        out = []
        for s in firsts:
            cards_s = self._cards_for(turn, s, self.cells[s])
            for u in seconds:
                cards_u = self._cards_for(turn, u, self.cells[u])
                if s != u and any(i != j for i in cards_s for j in cards_u):
                    out.append((s, u))
        # One number written, the other an X: the X must have had no legal space left.
        for s in firsts + seconds:
            rest = empty & ~self.bit[s]
            for i in self._cards_for(turn, s, self.cells[s]):
                others = [j for j in all_cards if j != i]
                if not self._any_room(t, rest, others):
                    out += [(s, x) for x in crosses if (s, x) not in out]
                    break
        if not self._any_room(t, empty, all_cards):
            out += list(combinations(crosses, 2))
        return out

    # -- the search --------------------------------------------------------------------

    def solve(self, t: int, empty: int, path: list[Placement]) -> bool:
        if t == len(self.turns):
            return empty == 0
        if (t, empty) in self.failed:
            return False
        self.states += 1
        if self.budget is not None and self.states > self.budget:
            raise _OutOfBudget
        if t > self.deepest:
            self.deepest, self.deepest_empty = t, empty
        if self.unmatched(t, empty)[0]:
            self.failed.add((t, empty))
            return False
        for spaces in self.options(t, empty):
            mask = empty
            for s in spaces:
                mask &= ~self.bit[s]
            path.append(Placement(self.turns[t].turn, spaces))
            if self.solve(t + 1, mask, path):
                return True
            path.pop()
        self.failed.add((t, empty))
        return False

    def why(self, t: int, empty: int) -> tuple[str, SpaceId | None]:
        """Words for why turn ``t`` cannot be played with ``empty`` spaces left."""
        turn = self.turns[t]
        head = f"turn {turn.turn}"
        spaces, turns = self.unmatched(t, empty)
        if spaces:
            return f"{head}: {self._unmatched_words(spaces, turns)}", spaces[0]
        if turn.last:
            if turn.star:
                return (f"{head} (last turn, doubles) needs an uncircled star in a space still "
                        "empty, and none is left", None)
            return (f"{head} (last turn) rolls {_pair(turn.numbers)}: the spaces still empty "
                    "do not hold them uncircled", None)
        if turn.star:
            return (f"{head} (star turn; cards {_cards(turn)}) needs a star in the region of "
                    "one of its cards among the spaces still empty, and none is left", None)
        for n in turn.numbers:
            holding = self._holding(empty, CellKind.NUMBER, n)
            fits = [s for s in holding if self._cards_for(turn, s, self.cells[s])]
            if not fits:
                if holding:
                    return (f"{head} (cards {_cards(turn)}) rolls {n:02d}, but {holding[0]} "
                            f"holding {describe_cell(self.cells[holding[0]])} is in no region of "
                            "its cards (or circled without its card)", holding[0])
                return (f"{head} (cards {_cards(turn)}) rolls {n:02d}: no space still empty "
                        f"holds {n:02d}, and an X is only allowed when no legal space was "
                        "left", None)
        return (f"{head} (cards {_cards(turn)}) rolls {_pair(turn.numbers)}: its two numbers "
                "cannot stand on two different cards' regions in the spaces still empty", None)


    def _unmatched_words(self, spaces: list[SpaceId], turns: list[int]) -> str:
        """Words for ``spaces`` that the turns left cannot all fill: only the marks of
        ``turns`` could stand in them, and there are fewer."""
        shown = ", ".join(f"{s} {describe_cell(self.cells[s])}" for s in spaces[:6])
        if len(spaces) > 6:
            shown += f" and {len(spaces) - 6} more"
        if not turns:
            return f"{shown}: none of the turns left could write that there"
        mask = sum(self.bit[s] for s in spaces)
        marks = sum(1 for u in turns for m in self.marks[u] if m & mask)
        named = ", ".join(str(self.turns[u].turn) for u in turns[:8])
        if len(turns) > 8:
            named += ", ..."
        return (f"{shown} need {len(spaces)} marks, but only {marks} mark"
                f"{'s' if marks > 1 else ''} of the turns left could go there "
                f"(turn{'s' if len(turns) > 1 else ''} {named})")


def _pair(numbers: Sequence[int]) -> str:
    return " and ".join(f"{n:02d}" for n in numbers)


def _possible(game_map: Map, script: Script, space: SpaceId, cell: Cell) -> bool:
    """Could any turn (ignoring order) have written ``cell`` in ``space``?"""
    regions = game_map.space(space).regions
    for turn in script.turns:
        if turn.last:
            if cell.circled or cell.kind is CellKind.CROSS:
                continue
            if (cell.kind is CellKind.STAR) == turn.star and (
                    turn.star or cell.value in turn.numbers):
                return True
            continue
        if cell.kind is CellKind.CROSS:
            return True
        if (cell.kind is CellKind.STAR) != turn.star:
            continue
        if cell.kind is CellKind.NUMBER and cell.value not in turn.numbers:
            continue
        if any(c.region in regions and (not cell.circled or game_map.card_covers(c, space))
               for c in turn.cards):
            return True
    return False


def writable(game_map: Map, script: Script) -> dict[SpaceId, frozenset[Cell]]:
    """Per space, every cell the seeded game could have left there, turn order aside: the
    setup's circled numbers in their cards' spaces, and what some turn could write there
    (as :func:`check_board` judges one space). A reader of photographed sheets narrows its
    readings by it."""
    values = sorted({n for step in script.setup for n in step.numbers}
                    | {n for turn in script.turns for n in turn.numbers})
    candidates = [Cell.number(v, circled) for v in values for circled in (False, True)]
    candidates += [Cell.star(False), Cell.star(True), Cell.cross()]
    out: dict[SpaceId, set[Cell]] = {
        space: {cell for cell in candidates if _possible(game_map, script, space, cell)}
        for space in game_map.space_ids}
    for card, number in script.setup_cells:
        for space in game_map.card_spaces(card):
            out[space].add(Cell.number(number, circled=True))
    return {space: frozenset(cells) for space, cells in out.items()}


def check_board(game_map: Map, script: Script, board: Board,
                budget: int | None = DEFAULT_BUDGET) -> CheckResult:
    """Decide whether ``board`` is a legal result of ``script`` on ``game_map``, within
    ``budget`` search states (None: no limit); past it the result is undecided."""
    if script.map_id != game_map.id:
        raise ValueError(f"the script is for map {script.map_id}, not {game_map.id}")
    if board.map_id != game_map.id:
        return CheckResult(False, f"the board is for map {board.map_id}, the game is on "
                           f"{game_map.id}")
    for space in board.cells:
        if space not in game_map.space_ids:
            return CheckResult(False, f"{space} is not a space of map {game_map.id}",
                               space=space)
    for space in game_map.space_ids:
        if space not in board.cells:
            return CheckResult(False, f"{space} is empty; a finished board fills every "
                               "space", space=space)
    setups = _setup_options(game_map, script, board)
    if isinstance(setups, CheckResult):
        return setups
    first: tuple[str, SpaceId | None, int | None] | None = None
    states = 0
    for setup in setups:
        try:
            result = _replay(game_map, script, board, setup,
                             None if budget is None else budget - states)
        except _OutOfBudget:
            return CheckResult(False, f"undecided: the search gave up after {budget} "
                               "states (the budget) without an answer", decided=False,
                               states=budget or 0)
        states += result.states
        if result.legal:
            return CheckResult(True, placements=result.placements, states=states)
        if first is None:
            first = (result.problem, result.space, result.turn)
    assert first is not None
    return CheckResult(False, first[0], space=first[1], turn=first[2], states=states)


def _setup_options(game_map: Map, script: Script,
                   board: Board) -> list[dict[SpaceId, int]] | CheckResult:
    """Every way the setup numbers can stand on the board (a card naming several spaces,
    a Paris arrondissement, lets the player pick), or the verdict when none can."""
    ways: list[dict[SpaceId, int]] = [{}]
    for card, number in script.setup_cells:
        options = game_map.card_spaces(card)
        fits = [s for s in options if board.cells[s] == Cell.number(number, circled=True)]
        if not fits:
            space = options[0]
            where = space if len(options) == 1 else (
                f"{game_map.card_name(card)} ({' or '.join(options)})")
            held = " and ".join(describe_cell(board.cells[s]) for s in options)
            bare = [s for s in options if board.cells[s] == Cell.number(number)]
            if bare:
                return CheckResult(False, f"{bare[0]} holds {number:02d} without its circle; "
                                   f"the setup wrote ({number:02d}) there: the circle is "
                                   f"missing (write ({number:02d}) in the CSV)", space=bare[0])
            return CheckResult(False, f"{space if len(options) == 1 else where} holds "
                               f"{held}; the setup wrote ({number:02d}) there",
                               space=space)
        ways = [{**way, s: number} for way in ways for s in fits if s not in way]
        if not ways:
            return CheckResult(False, f"the setup wrote ({number:02d}) in "
                               f"{game_map.card_name(card)}, whose clubs already hold "
                               "other setup numbers", space=options[0])
    return ways


def _replay(game_map: Map, script: Script, board: Board,
            setup: dict[SpaceId, int], budget: int | None) -> CheckResult:
    for space in game_map.space_ids:
        cell = board.cells[space]
        if space not in setup and not _possible(game_map, script, space, cell):
            return CheckResult(False, f"{space} holds {describe_cell(cell)}, which no turn of "
                               f"seed {script.seed} could have written there", space=space)
    game = _Game(game_map, script, board.cells, budget)
    empty = 0
    for space in game_map.space_ids:
        if space not in setup:
            empty |= game.bit[space]
    path: list[Placement] = []
    if game.solve(0, empty, path):
        return CheckResult(True, placements=tuple(path), states=game.states)
    words, blamed = game.why(game.deepest, game.deepest_empty)
    turn = game.turns[game.deepest].turn
    if game.deepest == 0 and words.startswith(f"turn {turn}: "):
        # ruled out before the first turn: the turns cannot fill the board's spaces
        return CheckResult(False, "no order of play explains the board: "
                           + words.removeprefix(f"turn {turn}: "), space=blamed, turn=turn,
                           states=game.states)
    return CheckResult(False, f"no order of play explains the board; the furthest replay "
                       f"stops at {words}", space=blamed, turn=turn, states=game.states)
