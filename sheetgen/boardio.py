"""The scoring CSV (On Tour family) to and from boards, with precise errors.

```
# map: usa
space,Alice,Bob
WA,(12),07
OR,*,x
```

Pure: text in, boards out (and back); the command line reads and writes the files. What
spreadsheets export is accepted: a UTF-8 byte order mark, ``;`` or ``,`` as separator (read
from the header line), CRLF line ends, blank lines, spaces around cells, padding cells left
empty at the end of a row. A space is named by its id or its full name in any case. A cell
is a number 0-99 (``07`` and ``7`` alike), ``*`` for a star or ``x`` for a cross, wrapped in
parentheses when circled (a cross cannot be). Every error names the file, the line and the
CSV column (both 1-based) and what was expected there.
"""

from __future__ import annotations

import csv
import difflib
import io
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sheetgen.maps import UnknownMapError, find_map
from sheetgen.model import Board, Cell, Map, SpaceId

CELL_EXPECTED = "expected a number 0-99, '*', 'x' or one of them in parentheses"
_MAP_LINE = re.compile(r"#\s*map\s*:\s*(?P<id>.*?)\s*", re.IGNORECASE)
_NUMBER = re.compile(r"[+-]?\d+")
_QUOTED = re.compile(r'"(?:[^"]|"")*"')


class BoardFormatError(ValueError):
    """A scoring CSV that does not say what it must: ``file:line:column: message``."""

    def __init__(self, file: str, line: int | None, column: int | None, message: str) -> None:
        where = file
        if line is not None:
            where += f":{line}"
            if column is not None:
                where += f":{column}"
        super().__init__(f"{where}: {message}")
        self.file = file
        self.line = line
        self.column = column
        self.message = message


@dataclass(frozen=True)
class _Row:
    line: int
    cells: list[str]


def template_csv(game_map: Map, players: Sequence[str]) -> str:
    """A blank scoring CSV: the ``# map:`` line, the header, one row per space."""
    return format_boards(game_map, [Board(game_map.id, p) for p in players])


def format_boards(game_map: Map, boards: Sequence[Board]) -> str:
    """Boards as a scoring CSV (unwritten spaces as blank cells). ``parse_boards`` reads
    it back to equal boards."""
    out = io.StringIO()
    out.write(f"# map: {game_map.id}\n")
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["space", *(b.player for b in boards)])
    for space in game_map.spaces:
        writer.writerow([space.id, *(b.cells[space.id].text if space.id in b.cells else ""
                                     for b in boards)])
    return out.getvalue()


def parse_cell(text: str) -> Cell:
    """One cell's text (already stripped) as a Cell; ValueError saying what is wrong."""
    core = text
    circled = False
    if len(core) >= 2 and core[0] == "(" and core[-1] == ")":
        circled = True
        core = core[1:-1].strip()
    if core == "*":
        return Cell.star(circled)
    if core in ("x", "X"):
        if circled:
            raise ValueError(f"a crossed space cannot be circled; got {text!r}")
        return Cell.cross()
    if _NUMBER.fullmatch(core):
        value = int(core)
        if not 0 <= value <= 99:
            raise ValueError(f"expected a number 0-99; got {text!r}, outside 0-99")
        return Cell.number(value, circled)
    if not text:
        raise ValueError(f"{CELL_EXPECTED}; got a blank cell")
    raise ValueError(f"{CELL_EXPECTED}; got {text!r}")


def _separator(line: str) -> str:
    bare = _QUOTED.sub("", line)
    return ";" if bare.count(";") > bare.count(",") else ","


def _is_comment(line: str) -> bool:
    return line.lstrip().lstrip('"').startswith("#")


def _split(line: str, sep: str) -> list[str]:
    fields = next(csv.reader([line], delimiter=sep, skipinitialspace=True), [])
    return [f.strip() for f in fields]


def _trim(cells: list[str]) -> list[str]:
    end = len(cells)
    while end > 0 and not cells[end - 1]:
        end -= 1
    return cells[:end]


def _near(game_map: Map, text: str) -> str:
    keys = {s.id.casefold(): s.id for s in game_map.spaces}
    keys.update({s.name.casefold(): s.name for s in game_map.spaces})
    close = difflib.get_close_matches(text.casefold(), list(keys), n=3, cutoff=0.6)
    return f" (did you mean {' or '.join(keys[c] for c in close)}?)" if close else ""


def map_of_csv(text: str, source: str, map_override: str | None = None,
               lookup: Callable[[str], Map] = find_map) -> Map:
    """The map a scoring CSV is for: ``map_override`` (the command's ``--map``) or the
    file's ``# map:`` line, looked up with ``lookup``. Any game's CSV starts this way, so
    the command reads this first and then hands the text to the map's game."""
    if map_override is not None:
        try:
            return lookup(map_override)
        except UnknownMapError as exc:
            raise BoardFormatError(source, None, None, f"--map: {exc}") from None
    for number, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        if not raw.strip():
            continue
        if not _is_comment(raw):
            break
        comment = re.split(r"[;,]", raw.strip().strip('"'), maxsplit=1)[0]
        found = _MAP_LINE.fullmatch(comment.strip().strip('"'))
        if found and found["id"]:
            try:
                return lookup(found["id"])
            except UnknownMapError as exc:
                raise BoardFormatError(source, number, 1, str(exc)) from None
    raise BoardFormatError(source, 1, 1, "no '# map: MAP' line (and no --map); expected "
                                         "the map id, e.g. '# map: usa'")


def parse_boards(text: str, source: str, map_override: str | None = None,
                 lookup: Callable[[str], Map] = find_map) -> tuple[str, list[Board]]:
    """The map id and one board per player column of a scoring CSV.

    ``map_override`` (the command's ``--map``) wins over the file's ``# map:`` line;
    ``lookup`` finds a map by id (the registry by default)."""
    def fail(line: int | None, column: int | None, message: str) -> BoardFormatError:
        return BoardFormatError(source, line, column, message)

    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.splitlines()
    sep = next((_separator(raw) for raw in lines
                if raw.strip() and not _is_comment(raw)), ",")
    map_id: str | None = None
    map_line = 0
    header: _Row | None = None
    rows: list[_Row] = []
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        if _is_comment(raw):
            comment = re.split(r"[;,]", raw.strip().strip('"'), maxsplit=1)[0]
            found = _MAP_LINE.fullmatch(comment.strip().strip('"'))
            if found and header is None and found["id"]:
                map_id, map_line = found["id"], number
            continue
        cells = _split(raw, sep)
        if not _trim(cells):
            continue
        if header is None:
            header = _Row(number, cells)
        else:
            rows.append(_Row(number, cells))

    if map_override is not None:
        map_id, map_line = map_override, 0
    if map_id is None:
        raise fail(1, 1, "no '# map: MAP' line (and no --map); expected the map id, "
                         "e.g. '# map: usa'")
    try:
        game_map = lookup(map_id)
    except UnknownMapError as exc:
        if map_line:
            raise fail(map_line, 1, str(exc)) from None
        raise fail(None, None, f"--map: {exc}") from None

    if header is None:
        raise fail(max(len(lines), 1), 1, "expected a header line 'space,Player 1,...'; "
                                          "the file has none")
    names = _trim(header.cells)
    if names and game_map.find_space(names[0]) is not None:
        raise fail(header.line, 1, "expected a header line 'space,Player 1,...' before the "
                                   f"rows; got a row for {names[0]!r}")
    players = names[1:]
    if not players:
        raise fail(header.line, 2, "expected at least one player column after 'space'; "
                                   "the header has none")
    seen_players: dict[str, int] = {}
    for col, name in enumerate(players, start=2):
        if not name:
            raise fail(header.line, col, "expected a player name; got a blank header cell")
        key = name.casefold()
        if key in seen_players:
            raise fail(header.line, col, f"duplicated player name {name!r} "
                                         f"(also column {seen_players[key]})")
        seen_players[key] = col

    width = len(names)
    by_player: list[dict[SpaceId, Cell]] = [{} for _ in players]
    seen_spaces: dict[SpaceId, int] = {}
    for row in rows:
        cells = row.cells
        if len(cells) > width:
            extra = _trim(cells[width:])
            if extra:
                raise fail(row.line, width + 1, f"expected {width} cells (the space and "
                                                f"{len(players)} player(s)); got "
                                                f"{width + len(extra)}")
            cells = cells[:width]
        space = game_map.find_space(cells[0])
        if space is None:
            raise fail(row.line, 1, f"unknown space {cells[0]!r} on map {game_map.id}"
                                    f"{_near(game_map, cells[0])}; expected a space id or "
                                    "name")
        if space.id in seen_spaces:
            raise fail(row.line, 1, f"duplicated space {space.id} ({space.name}); it is "
                                    f"already on line {seen_spaces[space.id]}")
        seen_spaces[space.id] = row.line
        if len(cells) < width:
            raise fail(row.line, len(cells) + 1, f"expected {width} cells (the space and "
                                                 f"{len(players)} player(s)); got "
                                                 f"{len(cells)}")
        for col in range(1, width):
            try:
                by_player[col - 1][space.id] = parse_cell(cells[col])
            except ValueError as exc:
                raise fail(row.line, col + 1, str(exc)) from None

    missing = [s for s in game_map.spaces if s.id not in seen_spaces]
    if missing:
        last = rows[-1].line if rows else header.line
        shown = ", ".join(f"{s.id} ({s.name})" for s in missing[:12])
        more = f" and {len(missing) - 12} more" if len(missing) > 12 else ""
        raise fail(last + 1, 1, f"missing rows for {len(missing)} space(s) of "
                                f"{game_map.id}: {shown}{more}; expected one row per space")
    return game_map.id, [Board(game_map.id, name, cells)
                         for name, cells in zip(players, by_player, strict=True)]
