"""Could a filled On Tour board be a legal result of a seeded game?

The script fixes every turn's cards and numbers; the board shows only where things ended
up. Numbers repeat across turns, and whether a space was legal depends on what was still
empty, so the check replays the game: turn by turn, in order, it tries every way the
board's cells can be that turn's writes, keeping the set of spaces still empty, and backs
up when a turn cannot be explained. Failed (turn, filled spaces) states are remembered, so
no state is explored twice; the search is exact.

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


def _describe(cell: Cell) -> str:
    return {CellKind.NUMBER: f"{cell.value:02d}" if cell.value is not None else "",
            CellKind.STAR: "a star", CellKind.CROSS: "an X"}[cell.kind] + (
        " (circled)" if cell.circled else "")


def _cards(turn: Turn) -> str:
    return ", ".join(f"{c.space} {c.region.value}" for c in turn.cards)


class _Game:
    def __init__(self, game_map: Map, script: Script, cells: Mapping[SpaceId, Cell]) -> None:
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
        if t > self.deepest:
            self.deepest, self.deepest_empty = t, empty
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
                            f"holding {_describe(self.cells[holding[0]])} is in no region of "
                            "its cards (or circled without its card)", holding[0])
                return (f"{head} (cards {_cards(turn)}) rolls {n:02d}: no space still empty "
                        f"holds {n:02d}, and an X is only allowed when no legal space was "
                        "left", None)
        return (f"{head} (cards {_cards(turn)}) rolls {_pair(turn.numbers)}: its two numbers "
                "cannot stand on two different cards' regions in the spaces still empty", None)


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


def check_board(game_map: Map, script: Script, board: Board) -> CheckResult:
    """Decide whether ``board`` is a legal result of ``script`` on ``game_map``."""
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
        result = _replay(game_map, script, board, setup)
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
            held = " and ".join(_describe(board.cells[s]) for s in options)
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
            setup: dict[SpaceId, int]) -> CheckResult:
    for space in game_map.space_ids:
        cell = board.cells[space]
        if space not in setup and not _possible(game_map, script, space, cell):
            return CheckResult(False, f"{space} holds {_describe(cell)}, which no turn of "
                               f"seed {script.seed} could have written there", space=space)
    game = _Game(game_map, script, board.cells)
    empty = 0
    for space in game_map.space_ids:
        if space not in setup:
            empty |= game.bit[space]
    path: list[Placement] = []
    if game.solve(0, empty, path):
        return CheckResult(True, placements=tuple(path), states=game.states)
    words, blamed = game.why(game.deepest, game.deepest_empty)
    turn = game.turns[game.deepest].turn
    return CheckResult(False, f"no order of play explains the board; the furthest replay "
                       f"stops at {words}", space=blamed, turn=turn, states=game.states)
