"""Scoring CSVs from files to boards, for any game: the one reading path of every command.

``read_boards`` reads each file (``csvio.read_file``: size limit, decoding), finds its map
(``--map`` or its ``# map:`` line), asks the registry for the map's game and hands the
text to that game's grammar (``Game.parse_boards``). Files scored together must be of one
map, their players' names must differ, and names that are going to be drawn must be
printable with the shipped fonts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from sheetgen.csvio import BoardFormatError, map_of_csv, read_file, short
from sheetgen.games import Game, game_of, resolve_map
from sheetgen.model import Board, Map


def header_line(text: str) -> int:
    """The line number of a scoring CSV's header (its first line that is neither blank
    nor a comment), counting only CR and LF as line ends, as the reader does."""
    for number, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n")
                                  .split("\n"), start=1):
        bare = line.strip().lstrip("\ufeff")
        if bare and not bare.lstrip('"').startswith("#"):
            return number
    return 1


def read_boards(paths: Sequence[Path], map_word: str | None = None,
                encoding: str | None = None, *, printed: bool = False,
                note: Callable[[str], None] = lambda line: None
                ) -> tuple[Game, Map, list[Board]]:
    """The game, map and boards of one or more scoring CSVs of the same map.

    ``map_word`` (a map id, or a game id standing for one map: the command's ``--map``)
    wins over the files' map lines; ``encoding`` is given to every file. ``printed``: the
    names are going to be drawn, so a name no shipped font can print is refused. What is
    worth saying but is no error (a guessed encoding, ``-16`` read as a circled 16) goes
    to ``note``, as it is found. Raises ``BoardFormatError`` (every problem of the file,
    each with its line and column) or ``GameError`` (an unknown ``map_word``, a game
    without a scoring CSV)."""
    # An unknown --map is the option's fault, whatever the files say.
    override = None if map_word is None else resolve_map(map_word).id
    found: tuple[Game, Map, Path] | None = None
    boards: list[Board] = []
    owner: dict[str, Path] = {}
    for path in paths:
        decoded = read_file(path, encoding)
        if decoded.note:
            note(decoded.note)
        text = decoded.text
        game_map = map_of_csv(text, str(path), override)
        game = game_of(game_map)
        notes: list[str] = []
        read = game.parse_boards(text, str(path), game_map, notes=notes)
        for line in notes:
            note(line)
        if found is not None and found[1].id != game_map.id:
            raise BoardFormatError(str(path), None, None,
                                   f"a board of map {game_map.id}, but {found[2]} is of map "
                                   f"{found[1].id}; score one map's files together")
        found = found or (game, game_map, path)
        if printed:
            header = header_line(text)
            for column, board in enumerate(read, start=2):
                refuse_unprintable(board.player, str(path), header, column)
        for board in read:
            key = board.player.casefold()
            if key in owner:
                raise BoardFormatError(str(path), None, None,
                                       f"player {board.player!r} is also in {owner[key]}; "
                                       "names must differ across the files")
            owner[key] = path
        boards.extend(read)
    if found is None:
        raise ValueError("read_boards needs at least one file")
    return found[0], found[1], boards


def unprintable_name(name: str) -> str | None:
    """Why ``name`` cannot be drawn as typed (characters no shipped font holds), as the
    end of an error message; None when it can."""
    from sheetgen.draw.text import unprintable

    problems = unprintable(name)
    if not problems:
        return None
    return (f"the name {short(name)} cannot be printed: " + "; ".join(problems[:3])
            + ("; ..." if len(problems) > 3 else ""))


def refuse_unprintable(name: str, source: str, line: int, column: int) -> None:
    """A ``BoardFormatError`` at ``source:line:column`` for an unprintable name."""
    problem = unprintable_name(name)
    if problem:
        raise BoardFormatError(source, line, column, problem)
