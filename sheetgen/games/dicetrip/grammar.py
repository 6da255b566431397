"""The Dice Trip scoring CSV (map ``germany``) to and from boards, with precise errors.

```
# map: germany
city,Alice,Bob
Hamburg,34,x
Leipzig,(52),61
variant,3,0
```

The same forgiving reading as the On Tour CSV (``sheetgen.csvio``: a byte order mark,
``;`` or ``,``, CRLF, blank lines, spaces around cells, a city named by id or name in any
case), with this game's cells: a number 11-66 whose digits are 1-6, ``x`` for a crossed
city, the number in parentheses when it was written with a die of the city's colour (only
on coloured cities). No number may stand twice in one player's column. An optional row
``variant`` holds each player's points for "one number of each ten" (0-8, blank for 0),
refused when no order of writing the player's board gives them
(``sheetgen.games.dicetrip.variant``).
Every error names the file, the line and the column (1-based) and what was expected.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sheetgen.csvio import (
    UNREAD,
    Problems,
    Records,
    header_names,
    name_problem,
    near_space,
    quote_field,
    resolve_map,
    short,
    skipped_columns,
    trim,
    unread_problem,
)
from sheetgen.games.dicetrip.rules import TripBoard, is_number
from sheetgen.games.dicetrip.variant import board_problem
from sheetgen.maps import find_map
from sheetgen.model import Board, Cell, CellKind, Map, Space, SpaceId

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
    for board in boards:
        problem = name_problem(board.player)
        if problem:
            raise ValueError(f"player name: {problem}")
    rows = [f"# map: {game_map.id}", ",".join(["city", *(quote_field(b.player) for b in boards)])]
    for space in game_map.spaces:
        rows.append(",".join([quote_field(space.name),
                              *(cell_text(b.cells[space.id]) if space.id in b.cells else ""
                                for b in boards)]))
    if variants is not None and any(variants):
        rows.append(",".join([VARIANT_ROW, *(str(v) for v in variants)]))
    return "\n".join(rows) + "\n"


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
                      lookup: Callable[[str], Map] = find_map,
                      notes: list[str] | None = None, *, finished: bool = True) -> TripBoards:
    """The map, the boards and the variant points of a Dice Trip scoring CSV. Raises
    BoardFormatError carrying every error found (up to the shared reader's limit); things
    worth saying that are not errors (``-52`` read as ``(52)``) go to ``notes``.
    ``finished=False`` (sheets being filled in): the variant points are not yet held to
    the board."""
    problems = Problems(source)
    records = Records(text, problems)
    game_map: Map | None = None
    players: list[str] = []
    width = 0
    by_player: list[dict[SpaceId, Cell]] = []
    written: list[dict[int, tuple[int, str]]] = []
    variants: list[int] = []
    variant_line = 0
    seen_spaces: dict[SpaceId, int] = {}
    last_row = 0
    negative_note = False
    skipped: frozenset[int] = frozenset()
    for record in records:
        if game_map is None:
            game_map = resolve_map(records, problems, map_override, lookup, "germany")
            names = header_names(record, problems, game_map, "city", (VARIANT_ROW,))
            players = names[1:]
            width = len(names)
            by_player = [{} for _ in players]
            written = [{} for _ in players]
            variants = [0] * len(players)
            last_row = record.line
            skipped = skipped_columns(text, source, record.line, players, notes)
            continue
        line, cells = record.line, record.cells
        last_row = line
        if len(cells) > width:
            extra = trim(cells[width:])
            if extra:
                problems.add(line, width + 1, f"expected {width} cells (the city and "
                                              f"{len(players)} player(s)); got "
                                              f"{width + len(extra)}")
                continue
            cells = cells[:width]
        if cells[0].casefold() == VARIANT_ROW:
            if variant_line:
                problems.add(line, 1, f"a second 'variant' row (the first is on line "
                                      f"{variant_line})")
                continue
            variant_line = line
            for col in range(1, width):
                value = cells[col] if col < len(cells) else ""
                if not value:
                    continue
                if not _DIGITS.fullmatch(value) or int(value) > MAX_VARIANT:
                    problems.add(line, col + 1, f"expected the variant points, a whole "
                                                f"number 0-{MAX_VARIANT} (the coloured "
                                                f"cities still empty) or blank; got "
                                                f"{short(value)}")
                    continue
                variants[col - 1] = int(value)
            continue
        space = game_map.find_space(cells[0])
        if space is None:
            problems.add(line, 1, f"unknown city {short(cells[0])} on map {game_map.id}"
                                  f"{near_space(game_map, cells[0][:64])}; expected a city or "
                                  f"'{VARIANT_ROW}'")
            continue
        if space.id in seen_spaces:
            problems.add(line, 1, f"duplicated city {space.name}; it is already on line "
                                  f"{seen_spaces[space.id]}")
            continue
        seen_spaces[space.id] = line
        if len(cells) < width:
            problems.add(line, len(cells) + 1, f"expected {width} cells (the city and "
                                               f"{len(players)} player(s)); got "
                                               f"{len(cells)}")
            continue
        for col in range(1, width):
            if col - 1 in skipped:
                continue
            raw = cells[col]
            if raw.strip() == UNREAD:
                problems.add(line, col + 1, unread_problem(records))
                continue
            negative = len(raw) > 1 and raw[0] == "-" and _DIGITS.fullmatch(raw[1:]) is not None
            try:
                cell = parse_trip_cell(f"({raw[1:]})" if negative else raw, space)
            except ValueError as exc:
                problems.add(line, col + 1, str(exc))
                continue
            if negative and notes is not None and not negative_note:
                negative_note = True
                notes.append(f"{source}:{line}:{col + 1}: note: read {raw} as "
                             f"({cell.value}): a spreadsheet shows a number typed in "
                             "parentheses as negative")
            if cell.value is not None:
                earlier = written[col - 1].get(cell.value)
                if earlier is not None:
                    problems.add(line, col + 1, f"{cell.value} is written twice for "
                                                f"{players[col - 1]} (also in {earlier[1]}, "
                                                f"line {earlier[0]}); a number may stand "
                                                "once on a sheet")
                    continue
                written[col - 1][cell.value] = (line, space.name)
            by_player[col - 1][space.id] = cell

    if game_map is None:
        # raises if the map is missing or unknown
        resolve_map(records, problems, map_override, lookup, "germany")
        raise problems.fatal(max(records.last_line, 1), 1,
                             "expected a header line 'city,Player 1,...'; the file has none")
    missing = [s for s in game_map.spaces if s.id not in seen_spaces]
    if missing and not problems.items:
        shown = ", ".join(s.name for s in missing[:12])
        more = f" and {len(missing) - 12} more" if len(missing) > 12 else ""
        problems.add(last_row + 1, 1, f"missing rows for {len(missing)} "
                                      f"{'city' if len(missing) == 1 else 'cities'} of "
                                      f"{game_map.id}: {shown}{more}; expected one row per "
                                      "city")
    problems.raise_if_any()
    kept = [c for c in range(len(players)) if c not in skipped]
    boards = tuple(TripBoard(game_map.id, players[c], by_player[c], variants[c]) for c in kept)
    for c, board in zip(kept, boards, strict=True):
        wrong = board_problem(game_map, board, board.variant) if finished else None
        if wrong:
            problems.add(variant_line, c + 2, f"{board.player}: {wrong}")
    problems.raise_if_any()
    return TripBoards(game_map.id, boards, tuple(variants[c] for c in kept))
