"""Playing a scripted On Tour game: the legal moves of a turn and the referee's loop.

A player is any object with ``choose(view) -> Move``; it sees the board so far, the current
turn (its cards and dice, never a later turn) and how many spaces the game will still fill.
The referee offers only legal moves and applies the chosen one.

Which moves are legal:

- A number turn writes each number in an empty space in the region of a card, the two
  numbers on two different cards, circled when the space is the card's own.
- A number with no legal space becomes an X in any empty space. The referee offers one
  number and an X only when no placement of both numbers on two different cards exists,
  and two X only when no card has an empty space in its region at all. (``sheetgen
  check`` reads the numbers one after the other and also accepts an X after a number
  whose card left the other number no room, even where another placement of both
  existed: every game the referee plays passes the check, not the other way round.)
- A star turn writes one star in an empty space in the region of a card (circled in the
  card's own space); with no such space, an X in any empty space.
- Last turns: a star anywhere (doubles, never circled), or the numbers in the empty spaces
  (with one space left, either number); never circled.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from sheetgen.games.ontour.rules import Script, Turn
from sheetgen.model import Board, Cell, Map, SpaceId


@dataclass(frozen=True)
class Write:
    """One mark a move makes: a cell in a space, and the card that allowed it."""

    space: SpaceId
    cell: Cell
    card: int | None = None
    """Index into the turn's cards; None for an X and on last turns."""


@dataclass(frozen=True)
class Move:
    """Everything a player writes in one turn."""

    writes: tuple[Write, ...]


@dataclass(frozen=True)
class View:
    """What a player knows when choosing a move."""

    game_map: Map
    cells: Mapping[SpaceId, Cell]
    """The board so far (filled spaces only)."""
    turn: Turn
    turns_done: int
    """Turns already played."""
    numbers_left: int
    """Spaces the game will still fill after this turn (known from the rules, not from
    future cards)."""
    moves: tuple[Move, ...]
    """The legal moves of this turn."""


class Player(Protocol):
    name: str

    def choose(self, view: View) -> Move: ...


def _in_region(game_map: Map, space: SpaceId, turn: Turn, card: int) -> bool:
    return turn.cards[card].region in game_map.space(space).regions


def legal_moves(game_map: Map, turn: Turn, empty: Sequence[SpaceId]) -> tuple[Move, ...]:
    """Every legal move of ``turn`` with these spaces empty (in map order)."""
    if turn.last:
        return _last_moves(turn, empty)
    cards = range(len(turn.cards))
    allowed = {i: [s for s in empty if _in_region(game_map, s, turn, i)] for i in cards}

    def write(space: SpaceId, card: int, number: int | None) -> Write:
        circled = game_map.card_covers(turn.cards[card], space)
        cell = Cell.star(circled) if number is None else Cell.number(number, circled)
        return Write(space, cell, card)

    moves: list[Move] = []
    if turn.star:
        moves = [Move((write(s, i, None),)) for i in cards for s in allowed[i]]
        if not moves:
            moves = [Move((Write(s, Cell.cross()),)) for s in empty]
        return _unique(moves)
    first, second = turn.numbers
    for i in cards:
        for j in cards:
            if i == j:
                continue
            for s in allowed[i]:
                for t in allowed[j]:
                    if s != t:
                        moves.append(Move((write(s, i, first), write(t, j, second))))
    if moves:
        return _unique(moves)
    # At most one number has a legal space: write it, then X the other.
    for i in cards:
        for s in allowed[i]:
            for number in (first, second):
                rest = [x for x in empty if x != s]
                moves += [Move((write(s, i, number), Write(x, Cell.cross()))) for x in rest]
    if moves:
        return _unique(moves)
    return _unique([Move((Write(a, Cell.cross()), Write(b, Cell.cross())))
                    for a in empty for b in empty if a < b])


def _last_moves(turn: Turn, empty: Sequence[SpaceId]) -> tuple[Move, ...]:
    if turn.star:
        return tuple(Move((Write(s, Cell.star()),)) for s in empty)
    lo, hi = turn.numbers
    if len(empty) == 1:
        return tuple(Move((Write(empty[0], Cell.number(n)),)) for n in (lo, hi))
    a, b = empty
    return _unique([Move((Write(a, Cell.number(lo)), Write(b, Cell.number(hi)))),
                    Move((Write(a, Cell.number(hi)), Write(b, Cell.number(lo))))])


def _unique(moves: Sequence[Move]) -> tuple[Move, ...]:
    """Moves that write different things (the card used is kept from the first)."""
    seen: set[tuple[tuple[SpaceId, Cell], ...]] = set()
    out = []
    for move in moves:
        key = tuple(sorted((w.space, w.cell) for w in move.writes))
        if key not in seen:
            seen.add(key)
            out.append(move)
    return tuple(out)


@dataclass(frozen=True)
class PlayedGame:
    """A finished game: the board and the move made each turn."""

    board: Board
    moves: tuple[Move, ...]


def setup_cells(script: Script, game_map: Map | None = None) -> dict[SpaceId, Cell]:
    """The circled setup numbers. A card naming several spaces (a Paris arrondissement)
    puts its number in the first of them still empty (given ``game_map``)."""
    cells: dict[SpaceId, Cell] = {}
    for card, number in script.setup_cells:
        options = game_map.card_spaces(card) if game_map is not None else (card.space,)
        space = next((s for s in options if s not in cells), options[0])
        cells[space] = Cell.number(number, circled=True)
    return cells


def play(game_map: Map, script: Script, player: Player) -> PlayedGame:
    """Play the whole script with ``player``; the referee only offers legal moves."""
    cells = setup_cells(script, game_map)
    moves: list[Move] = []
    left = len(game_map.spaces) - len(cells)
    for index, turn in enumerate(script.turns):
        empty = [s for s in game_map.space_ids if s not in cells]
        options = legal_moves(game_map, turn, empty)
        left -= turn.fills
        move = player.choose(View(game_map, dict(cells), turn, index, left, options))
        if move not in options:
            raise ValueError(f"turn {turn.turn}: player {player.name} chose an illegal move")
        for w in move.writes:
            cells[w.space] = w.cell
        moves.append(move)
    ordered = {s: cells[s] for s in game_map.space_ids}
    return PlayedGame(Board(game_map.id, player.name, ordered), tuple(moves))
