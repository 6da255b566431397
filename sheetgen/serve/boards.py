"""Boards entered on the page: each one is a scoring CSV being filled in, cell by cell.

A board holds a map, the player columns and, for each player, the text of each filled
row, exactly as a person would type it into the file ``sheetgen template`` writes. The
board's CSV is that template with the typed cells put in (``board_csv``): the same bytes
``template`` plus hand entry give, and it is the board's saved form.

Every change is checked by the game's own scoring CSV reader, so an entry is refused with
the reader's rules and messages (``file:line:column: what was expected``). A board being
entered has empty cells, which the reader refuses ("got a blank cell"); ``read_partial``
writes a placeholder into each blank cell of a space row, reads the text with the game's
reader (line and column numbers stay the file's own), and takes the placeholders out of
the boards it returns. The placeholder is a cross, a cell every game with a scoring CSV
accepts anywhere; a row that is not a space (Dice Trip's ``variant``) keeps its blanks,
which its reader allows.

Pure: text in, boards and text out. Nothing here reads a file, a clock or a socket.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from sheetgen.csvio import (
    BoardFormatError,
    FieldError,
    is_comment,
    iter_lines,
    map_of_csv,
    name_problem,
    quote_field,
    short,
    sniff_separator,
    split_fields,
    trim,
)
from sheetgen.games import Game, GameError, game_of, resolve_map
from sheetgen.model import Board, Map

PLACEHOLDER = "x"
"""Written into a blank cell of a space row while a board is read (see the module text)."""
BOARD_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,47}")
"""A board's name: letters, digits, ``-`` and ``_``, at most 48; it names the board's files,
so nothing else (no dot, no slash) is allowed."""
MAX_PLAYERS = 12
"""Player columns on one board (a table of phones, not a club's season)."""
MAX_HISTORY = 2000
"""Entries kept for undo, per board."""


class EntryError(ValueError):
    """A change the board refuses: ``problems`` are the reader's lines (or one line saying
    what was expected)."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__(problems[0] if problems else "refused")
        self.problems = tuple(problems)


def check_board_name(name: str) -> str:
    """``name`` when it can name a board, else EntryError saying what is allowed."""
    if not BOARD_NAME.fullmatch(name):
        raise EntryError([f"board name {short(name)}: expected 1-48 letters, digits, '-' or "
                          "'_', starting with a letter or digit"])
    return name


def check_players(names: Sequence[str]) -> list[str]:
    """Player names as the reader and the annotated PDF accept them, else EntryError."""
    from sheetgen.draw.text import unprintable

    if not names:
        raise EntryError(["expected at least one player"])
    if len(names) > MAX_PLAYERS:
        raise EntryError([f"{len(names)} players; a board holds at most {MAX_PLAYERS}"])
    seen: set[str] = set()
    out = []
    for raw in names:
        name = raw.strip()
        problem = name_problem(name) if name else "a blank name"
        if problem:
            raise EntryError([f"player name: {problem}"])
        bad = unprintable(name)
        if bad:
            raise EntryError([f"player name {short(name)} cannot be printed: "
                              + "; ".join(bad[:3])])
        if name.casefold() in seen:
            raise EntryError([f"player name {short(name)} is given twice; names must differ"])
        seen.add(name.casefold())
        out.append(name)
    return out


# --- the template's layout -----------------------------------------------------------------

@dataclass(frozen=True)
class Layout:
    """The lines of a game's template for some players, and the row each line holds."""

    lines: tuple[str, ...]
    keys: tuple[str | None, ...]
    """Per line: a space id, an extra row's word (``variant``), or None (comment, header)."""
    width: int
    """Player columns."""
    spaces: tuple[str, ...] = ()
    """The map's space ids."""

    @property
    def rows(self) -> tuple[str, ...]:
        """The row keys in file order: the order the page tabs through."""
        return tuple(k for k in self.keys if k is not None)

    @property
    def extra_rows(self) -> tuple[str, ...]:
        """Rows that are not spaces (Dice Trip: ``variant``)."""
        return tuple(k for k in self.rows if k not in self.spaces)


@lru_cache(maxsize=256)
def layout(map_id: str, players: tuple[str, ...]) -> Layout:
    """The template of ``map_id`` for ``players``, line by line (``Game.template_csv``)."""
    game_map = resolve_map(map_id)
    text = game_of(game_map).template_csv(game_map, list(players))
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    keys: list[str | None] = []
    header_seen = False
    for line in lines:
        if not line.strip() or is_comment(line) or not header_seen:
            header_seen = header_seen or (bool(line.strip()) and not is_comment(line))
            keys.append(None)
            continue
        cells = split_fields(line, ",")
        space = game_map.find_space(cells[0])
        keys.append(space.id if space is not None else cells[0].casefold())
    spaces = tuple(s.id for s in game_map.spaces)
    return Layout(tuple(lines), tuple(keys), len(players), spaces)


def board_csv(map_id: str, players: Sequence[str],
              cells: Mapping[str, Mapping[str, str]]) -> str:
    """The board's scoring CSV: the template with each player's typed cells put in
    (``cells``: player -> row key -> text). With no cells it is the template itself."""
    plan = layout(map_id, tuple(players))
    out = []
    for line, key in zip(plan.lines, plan.keys, strict=True):
        if key is None:
            out.append(line)
            continue
        head = line[:len(line) - plan.width]
        out.append(head + "".join("," + quote_field(cells.get(p, {}).get(key, ""))
                                  for p in players))
    return "\n".join(out) + "\n"


# --- reading a board that is being filled in ----------------------------------------------

@dataclass(frozen=True)
class Partial:
    """What a scoring CSV being filled in holds."""

    map_id: str
    players: tuple[str, ...]
    boards: tuple[Board, ...]
    """The game's boards (its reader's type), with the filled cells only."""
    texts: Mapping[str, Mapping[str, str]]
    """Player -> row key -> the cell's text as the board keeps it (a space's cell in its
    canonical form, ``07`` for ``7``; another row's as typed)."""
    notes: tuple[str, ...] = ()


def read_partial(text: str, source: str, map_override: str | None = None) -> Partial:
    """The boards of a scoring CSV whose space cells may be blank, read by the map's game.
    Raises BoardFormatError (every problem with the file's own line and column), or
    GameError when the map's game has no scoring CSV."""
    game_map = map_of_csv(text, source, map_override)
    game = game_of(game_map)
    game.template_csv(game_map, ["x"])  # GameError for a game without a scoring CSV
    lines: list[str] = []
    blanks: list[tuple[int, str]] = []
    extra: dict[int, dict[str, str]] = {}
    sep: str | None = None
    width = 0
    for _number, raw in iter_lines(text):
        if not raw.strip() or is_comment(raw):
            lines.append(raw)
            continue
        if sep is None:
            sep = sniff_separator(raw)
            try:
                width = len(trim(split_fields(raw, sep)))
            except FieldError:
                width = 0
            lines.append(raw)
            continue
        try:
            cells = split_fields(raw, sep)
        except FieldError:
            lines.append(raw)
            continue
        space = game_map.find_space(cells[0]) if cells else None
        if space is None or len(cells) < width:
            if cells and space is None:
                for col in range(1, min(width, len(cells))):
                    if cells[col]:
                        extra.setdefault(col - 1, {})[cells[0].casefold()] = cells[col]
            lines.append(raw)
            continue
        changed = False
        for col in range(1, width):
            if not cells[col]:
                cells[col] = PLACEHOLDER
                blanks.append((col - 1, space.id))
                changed = True
        lines.append(sep.join(quote_field(c) for c in cells) if changed else raw)
    notes: list[str] = []
    filled = "\n".join(lines) + "\n"
    read = game.parse_boards(filled, source, game_map, notes=notes, finished=False)
    drop: dict[int, set[str]] = {}
    for column, space_id in blanks:
        drop.setdefault(column, set()).add(space_id)
    boards = []
    texts: dict[str, dict[str, str]] = {}
    for column, board in enumerate(read):
        gone = drop.get(column, set())
        cells_kept = {s: c for s, c in board.cells.items() if s not in gone}
        boards.append(dataclasses.replace(board, cells=cells_kept))
        row_texts = {s: c.text for s, c in cells_kept.items()}
        row_texts.update(extra.get(column, {}))
        texts[board.player] = row_texts
    return Partial(game_map.id, tuple(b.player for b in read), tuple(boards), texts,
                   tuple(notes))


# --- a board and its changes -----------------------------------------------------------------

@dataclass(frozen=True)
class Entry:
    """One change of one cell: what it held before and after ("" for empty)."""

    player: str
    row: str
    old: str
    new: str


@dataclass
class BoardState:
    """A board being entered: its name, map, players, cells, and the entries to undo."""

    name: str
    map_id: str
    players: list[str]
    cells: dict[str, dict[str, str]]
    history: list[Entry] = field(default_factory=list)
    version: int = 0
    boards: tuple[Board, ...] = ()
    """The game's boards for the current cells (kept in step by ``apply``)."""
    _scored: tuple[tuple[Board, ...], dict[str, Any]] | None = field(default=None,
                                                                      repr=False)

    @property
    def game_map(self) -> Map:
        return resolve_map(self.map_id)

    @property
    def game(self) -> Game:
        return game_of(self.game_map)

    def csv(self) -> str:
        return board_csv(self.map_id, self.players, self.cells)

    def source(self) -> str:
        return f"{self.name}.csv"

    def row_key(self, word: str) -> str:
        """The row a word names: a space by id or name (any case), or an extra row of the
        template (``variant``); EntryError otherwise."""
        space = self.game_map.find_space(word)
        if space is not None:
            return space.id
        key = word.strip().casefold()
        if key in layout(self.map_id, tuple(self.players)).extra_rows:
            return key
        from sheetgen.csvio import near_space

        raise EntryError([f"unknown space {short(word)} on map {self.map_id}"
                          f"{near_space(self.game_map, word[:64])}; expected a space id or "
                          "name"])

    def player_named(self, name: str) -> str:
        for player in self.players:
            if player == name:
                return player
        raise EntryError([f"no player {short(name)} on board {self.name}; players: "
                          + ", ".join(self.players)])

    def _reread(self, cells: dict[str, dict[str, str]],
                players: list[str] | None = None) -> Partial:
        players = self.players if players is None else players
        text = board_csv(self.map_id, players, cells)
        try:
            return read_partial(text, self.source(), self.map_id)
        except BoardFormatError as exc:
            raise EntryError(exc.report.splitlines()) from None
        except GameError as exc:
            raise EntryError([str(exc)]) from None

    def refresh(self) -> None:
        """Re-read the cells (after loading): the boards, and the texts in canonical form."""
        read = self._reread(self.cells)
        self.cells = {p: dict(read.texts.get(p, {})) for p in self.players}
        self.boards = read.boards

    def apply(self, player: str, word: str, text: str) -> Entry:
        """Write ``text`` in ``player``'s cell of row ``word`` ("" empties it); EntryError
        with the reader's message when the board's CSV would not read."""
        player = self.player_named(player)
        row = self.row_key(word)
        text = text.strip()
        if "\n" in text or "\r" in text:
            raise EntryError(["a cell is one line; got a line break"])
        cells = {p: dict(c) for p, c in self.cells.items()}
        old = cells.setdefault(player, {}).get(row, "")
        if text:
            cells[player][row] = text
        else:
            cells[player].pop(row, None)
        read = self._reread(cells)
        new = read.texts.get(player, {}).get(row, "")
        entry = Entry(player, row, old, new)
        self.cells = {p: dict(read.texts.get(p, {})) for p in self.players}
        self.boards = read.boards
        self.history.append(entry)
        del self.history[:-MAX_HISTORY]
        self.version += 1
        return entry

    def undo(self, player: str) -> Entry | None:
        """Take back ``player``'s last entry (the cell gets its earlier text back); None
        when there is nothing to undo."""
        player = self.player_named(player)
        for index in range(len(self.history) - 1, -1, -1):
            entry = self.history[index]
            if entry.player != player:
                continue
            cells = {p: dict(c) for p, c in self.cells.items()}
            if entry.old:
                cells[player][entry.row] = entry.old
            else:
                cells[player].pop(entry.row, None)
            read = self._reread(cells)
            self.cells = {p: dict(read.texts.get(p, {})) for p in self.players}
            self.boards = read.boards
            del self.history[index]
            self.version += 1
            return entry
        return None

    def add_player(self, name: str) -> None:
        players = check_players([*self.players, name])
        read = self._reread(self.cells, players)
        self.players = players
        self.cells = {p: dict(read.texts.get(p, {})) for p in players}
        self.boards = read.boards
        self.version += 1

    def score(self) -> dict[str, Any]:
        """The Score JSON of the boards so far (the game's own, as ``score --json``),
        worked out once per version of the board."""
        cached = self._scored
        if cached is not None and cached[0] == self.boards:
            return cached[1]
        game = self.game
        data = game.score_json(game.score(self.game_map, self.boards))
        self._scored = (self.boards, data)
        return data

    def view(self) -> dict[str, Any]:
        """Everything the page shows of the board."""
        plan = layout(self.map_id, tuple(self.players))
        return {"name": self.name, "map": self.map_id, "players": list(self.players),
                "rows": list(plan.rows), "extra_rows": list(plan.extra_rows),
                "cells": {p: dict(self.cells.get(p, {})) for p in self.players},
                "version": self.version,
                "undo": sorted({e.player for e in self.history}),
                "score": self.score()}


def new_board(name: str, map_word: str, players: Sequence[str]) -> BoardState:
    """An empty board; EntryError for a bad name, map or player list."""
    check_board_name(name)
    try:
        game_map = resolve_map(map_word)
        game_of(game_map).template_csv(game_map, ["x"])
    except GameError as exc:
        raise EntryError([str(exc)]) from None
    state = BoardState(name, game_map.id, check_players(players), {})
    state.refresh()
    return state


def board_from_csv(name: str, text: str, source: str | None = None) -> BoardState:
    """A board from a scoring CSV, finished or being filled in (blank cells allowed), read
    by the map's game; EntryError with the reader's messages."""
    check_board_name(name)
    try:
        read = read_partial(text, source or f"{name}.csv")
    except BoardFormatError as exc:
        raise EntryError(exc.report.splitlines()) from None
    except GameError as exc:
        raise EntryError([str(exc)]) from None
    players = check_players(read.players)
    state = BoardState(name, read.map_id, players,
                       {p: dict(read.texts.get(p, {})) for p in players})
    state.refresh()
    return state
