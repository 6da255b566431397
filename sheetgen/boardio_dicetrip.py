"""The Dice Trip scoring CSV (map ``germany``) to and from boards, with precise errors.

```
# map: germany
city,Alice,Bob
Hamburg,34,x
Leipzig,(52),61
variant,3,0
```

The same forgiving reading as the On Tour CSV (``sheetgen.boardio``: a byte order mark,
``;`` or ``,``, CRLF, blank lines, spaces around cells, a city named by id or name in any
case), with this game's cells: a number 11-66 whose digits are 1-6, ``x`` for a crossed
city, the number in parentheses when it was written with a die of the city's colour (only
on coloured cities). No number may stand twice in one player's column. An optional row
``variant`` holds each player's points for "one number of each ten" (0-8, blank for 0).
Every error names the file, the line and the column (1-based) and what was expected.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sheetgen.boardio import (
    _MAP_LINE,
    BoardFormatError,
    _is_comment,
    _near,
    _separator,
    _split,
    _trim,
)
from sheetgen.maps import UnknownMapError, find_map
from sheetgen.model import Board, Cell, CellKind, Map, Space, SpaceId
from sheetgen.rules.dicetrip import TripBoard, is_number

VARIANT_ROW = "variant"
CELL_EXPECTED = ("expected a number 11-66 with digits 1-6, 'x', or on a coloured city the "
                 "number in parentheses")
_DIGITS = re.compile(r"\d+")
MAX_VARIANT = 8
"""The variant scores the coloured cities still empty: at most 8."""


@dataclass(frozen=True)
class TripBoards:
    """What a Dice Trip scoring CSV holds."""

    map_id: str
    boards: tuple[TripBoard, ...]
    variants: tuple[int, ...]
    """Each player's recorded variant points (0 when the row is absent), board order."""


def cell_text(cell: Cell) -> str:
    """A cell as written in the CSV: ``34``, ``(52)``, ``x``."""
    if cell.kind is CellKind.CROSS:
        return "x"
    core = f"{cell.value}"
    return f"({core})" if cell.circled else core


def format_trip_boards(game_map: Map, boards: Sequence[Board],
                       variants: Sequence[int] | None = None) -> str:
    """Boards as a scoring CSV (unwritten cities blank, the variant row when any player
    has variant points). ``parse_trip_boards`` reads it back to equal boards."""
    out = io.StringIO()
    out.write(f"# map: {game_map.id}\n")
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["city", *(b.player for b in boards)])
    for space in game_map.spaces:
        writer.writerow([space.name, *(cell_text(b.cells[space.id]) if space.id in b.cells
                                       else "" for b in boards)])
    if variants is not None and any(variants):
        writer.writerow([VARIANT_ROW, *(str(v) for v in variants)])
    return out.getvalue()


def trip_template_csv(game_map: Map, players: Sequence[str]) -> str:
    """A blank Dice Trip scoring CSV, with an empty variant row to fill in or delete."""
    text = format_trip_boards(game_map, [Board(game_map.id, p) for p in players])
    return text + VARIANT_ROW + "," * len(players) + "\n"


def parse_trip_cell(text: str, space: Space) -> Cell:
    """One cell's text (stripped) as a Cell for ``space``; ValueError saying what is
    wrong."""
    if not text:
        raise ValueError(f"{CELL_EXPECTED}; got a blank cell")
    core, circled = text, False
    if len(core) >= 2 and core[0] == "(" and core[-1] == ")":
        core, circled = core[1:-1].strip(), True
    if core in ("x", "X"):
        if circled:
            raise ValueError(f"a crossed city has no parentheses; got {text!r}")
        return Cell.cross()
    if not _DIGITS.fullmatch(core):
        raise ValueError(f"{CELL_EXPECTED}; got {text!r}")
    value = int(core)
    if not is_number(value) or len(core) != 2:
        bad = [d for d in core if d not in "123456"]
        why = (f"the digit {bad[0]} is not on a die (1-6)" if bad and len(core) == 2
               else "not a two-digit number")
        raise ValueError(f"{CELL_EXPECTED}; got {text!r}: {why}")
    if circled and space.colour is None:
        raise ValueError(f"parentheses mark a number written with a die of the city's "
                         f"colour, and {space.name} is not a coloured city; expected "
                         f"{core} without parentheses")
    return Cell.number(value, circled)


def parse_trip_boards(text: str, source: str, map_override: str | None = None,
                      lookup: Callable[[str], Map] = find_map) -> TripBoards:
    """The map, the boards and the variant points of a Dice Trip scoring CSV."""
    def fail(line: int | None, column: int | None, message: str) -> BoardFormatError:
        return BoardFormatError(source, line, column, message)

    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.splitlines()
    sep = next((_separator(raw) for raw in lines
                if raw.strip() and not _is_comment(raw)), ",")
    map_id: str | None = None
    map_line = 0
    header: tuple[int, list[str]] | None = None
    rows: list[tuple[int, list[str]]] = []
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
            header = (number, cells)
        else:
            rows.append((number, cells))

    if map_override is not None:
        map_id, map_line = map_override, 0
    if map_id is None:
        raise fail(1, 1, "no '# map: MAP' line (and no --map); expected the map id, "
                         "e.g. '# map: germany'")
    try:
        game_map = lookup(map_id)
    except UnknownMapError as exc:
        if map_line:
            raise fail(map_line, 1, str(exc)) from None
        raise fail(None, None, f"--map: {exc}") from None
    if header is None:
        raise fail(max(len(lines), 1), 1, "expected a header line 'city,Player 1,...'; "
                                          "the file has none")
    header_line, header_cells = header
    names = _trim(header_cells)
    if names and (game_map.find_space(names[0]) is not None
                  or names[0].casefold() == VARIANT_ROW):
        raise fail(header_line, 1, "expected a header line 'city,Player 1,...' before the "
                                   f"rows; got a row for {names[0]!r}")
    players = names[1:]
    if not players:
        raise fail(header_line, 2, "expected at least one player column after 'city'; "
                                   "the header has none")
    seen_players: dict[str, int] = {}
    for col, name in enumerate(players, start=2):
        if not name:
            raise fail(header_line, col, "expected a player name; got a blank header cell")
        if name.casefold() in seen_players:
            raise fail(header_line, col, f"duplicated player name {name!r} "
                                         f"(also column {seen_players[name.casefold()]})")
        seen_players[name.casefold()] = col

    width = len(names)
    by_player: list[dict[SpaceId, Cell]] = [{} for _ in players]
    written: list[dict[int, tuple[int, str]]] = [{} for _ in players]
    variants = [0] * len(players)
    variant_line = 0
    seen_spaces: dict[SpaceId, int] = {}
    for line, cells in rows:
        if len(cells) > width:
            extra = _trim(cells[width:])
            if extra:
                raise fail(line, width + 1, f"expected {width} cells (the city and "
                                            f"{len(players)} player(s)); got "
                                            f"{width + len(extra)}")
            cells = cells[:width]
        if cells[0].casefold() == VARIANT_ROW:
            if variant_line:
                raise fail(line, 1, f"a second 'variant' row (the first is on line "
                                    f"{variant_line})")
            variant_line = line
            for col in range(1, width):
                value = cells[col] if col < len(cells) else ""
                if not value:
                    continue
                if not _DIGITS.fullmatch(value) or int(value) > MAX_VARIANT:
                    raise fail(line, col + 1, f"expected the variant points, a whole "
                                              f"number 0-{MAX_VARIANT} (the coloured "
                                              f"cities still empty) or blank; got "
                                              f"{value!r}")
                variants[col - 1] = int(value)
            continue
        space = game_map.find_space(cells[0])
        if space is None:
            raise fail(line, 1, f"unknown city {cells[0]!r} on map {game_map.id}"
                                f"{_near(game_map, cells[0])}; expected a city or "
                                f"'{VARIANT_ROW}'")
        if space.id in seen_spaces:
            raise fail(line, 1, f"duplicated city {space.name}; it is already on line "
                                f"{seen_spaces[space.id]}")
        seen_spaces[space.id] = line
        if len(cells) < width:
            raise fail(line, len(cells) + 1, f"expected {width} cells (the city and "
                                             f"{len(players)} player(s)); got {len(cells)}")
        for col in range(1, width):
            try:
                cell = parse_trip_cell(cells[col], space)
            except ValueError as exc:
                raise fail(line, col + 1, str(exc)) from None
            if cell.value is not None:
                earlier = written[col - 1].get(cell.value)
                if earlier is not None:
                    raise fail(line, col + 1, f"{cell.value} is written twice for "
                                              f"{players[col - 1]} (also in {earlier[1]}, "
                                              f"line {earlier[0]}); a number may stand "
                                              "once on a sheet")
                written[col - 1][cell.value] = (line, space.name)
            by_player[col - 1][space.id] = cell

    missing = [s for s in game_map.spaces if s.id not in seen_spaces]
    if missing:
        last = rows[-1][0] if rows else header_line
        shown = ", ".join(s.name for s in missing[:12])
        more = f" and {len(missing) - 12} more" if len(missing) > 12 else ""
        raise fail(last + 1, 1, f"missing rows for {len(missing)} "
                                f"{'city' if len(missing) == 1 else 'cities'} of "
                                f"{game_map.id}: {shown}{more}; expected one row per city")
    boards = tuple(TripBoard(game_map.id, name, cells, variant)
                   for name, cells, variant in zip(players, by_player, variants, strict=True))
    return TripBoards(game_map.id, boards, tuple(variants))
