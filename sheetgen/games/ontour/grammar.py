"""The On Tour scoring CSV (On Tour and Paris): cells to boards and back.

A cell is a number 0-99 (``07`` and ``7`` alike), ``*`` for a star or ``x`` for a cross,
wrapped in parentheses when circled (a cross cannot be); a negative number is what a
spreadsheet shows for a number typed in parentheses (accounting format), so ``-16`` reads
as ``(16)``, with a note. The reading itself (encodings, separators, quotes, line and
column numbers, the ``# map:`` line, the header) is ``sheetgen.csvio``'s.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

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
from sheetgen.maps import find_map
from sheetgen.model import Board, Cell, Map, SpaceId

CELL_EXPECTED = "expected a number 0-99, '*', 'x' or one of them in parentheses"
_NUMBER = re.compile(r"([+-]?)(\d+)")


def template_csv(game_map: Map, players: Sequence[str]) -> str:
    """A blank scoring CSV: the ``# map:`` line, the header, one row per space."""
    return format_boards(game_map, [Board(game_map.id, p) for p in players])


def format_boards(game_map: Map, boards: Sequence[Board]) -> str:
    """Boards as a scoring CSV (unwritten spaces as blank cells). ``parse_boards`` reads
    it back to equal boards: a name holding ``,`` ``;`` or ``"`` is quoted. Raises
    ValueError for a name ``name_problem`` refuses."""
    for board in boards:
        problem = name_problem(board.player)
        if problem:
            raise ValueError(f"player name: {problem}")
    rows = [f"# map: {game_map.id}",
            ",".join(["space", *(quote_field(b.player) for b in boards)])]
    for space in game_map.spaces:
        rows.append(",".join([quote_field(space.id),
                              *(b.cells[space.id].text if space.id in b.cells else ""
                                for b in boards)]))
    return "\n".join(rows) + "\n"


def parse_cell(text: str) -> Cell:
    """One cell's text (already stripped) as a Cell; ValueError saying what is wrong.

    A negative number is a circled one (what a spreadsheet shows for ``(16)``)."""
    core = text
    circled = False
    if len(core) >= 2 and core[0] == "(" and core[-1] == ")":
        circled = True
        core = core[1:-1].strip()
    if core == "*":
        return Cell.star(circled)
    if core in ("x", "X"):
        if circled:
            raise ValueError(f"a crossed space cannot be circled; got {short(text)}")
        return Cell.cross()
    number = _NUMBER.fullmatch(core)
    if number:
        sign, digits = number.groups()
        significant = digits.lstrip("0") or "0"
        if len(significant) > 2 or (sign == "-" and circled):
            raise ValueError(f"expected a number 0-99; got {short(text)}, outside 0-99")
        value = int(significant)
        return Cell.number(value, circled or sign == "-")
    if not text:
        raise ValueError(f"{CELL_EXPECTED}; got a blank cell")
    raise ValueError(f"{CELL_EXPECTED}; got {short(text)}")


def parse_boards(text: str, source: str, map_override: str | None = None,
                 lookup: Callable[[str], Map] = find_map,
                 notes: list[str] | None = None) -> tuple[str, list[Board]]:
    """The map id and one board per player column of a scoring CSV.

    ``map_override`` (the command's ``--map``) wins over the file's ``# map:`` line;
    ``lookup`` finds a map by id (the registry by default). Things worth saying that are
    not errors (a ``-16`` read as ``(16)``) are appended to ``notes``, once each. Raises
    BoardFormatError carrying every error found (up to ``MAX_ERRORS``)."""
    problems = Problems(source)
    records = Records(text, problems)
    game_map: Map | None = None
    players: list[str] = []
    width = 0
    by_player: list[dict[SpaceId, Cell]] = []
    seen_spaces: dict[SpaceId, int] = {}
    last_row = 0
    negative_note = False
    skipped: frozenset[int] = frozenset()
    for record in records:
        if game_map is None:
            game_map = resolve_map(records, problems, map_override, lookup)
            names = header_names(record, problems, game_map, "space")
            players = names[1:]
            width = len(names)
            by_player = [{} for _ in players]
            last_row = record.line
            skipped = skipped_columns(text, source, record.line, players, notes)
            continue
        last_row = record.line
        cells = record.cells
        if len(cells) > width:
            extra = trim(cells[width:])
            if extra:
                problems.add(record.line, width + 1,
                             f"expected {width} cells (the space and {len(players)} "
                             f"player(s)); got {width + len(extra)}")
                continue
            cells = cells[:width]
        space = game_map.find_space(cells[0])
        if space is None:
            problems.add(record.line, 1, f"unknown space {short(cells[0])} on map "
                                         f"{game_map.id}{near_space(game_map, cells[0][:64])}; "
                                         "expected a space id or name")
            continue
        if space.id in seen_spaces:
            problems.add(record.line, 1, f"duplicated space {space.id} ({space.name}); it "
                                         f"is already on line {seen_spaces[space.id]}")
            continue
        seen_spaces[space.id] = record.line
        if len(cells) < width:
            problems.add(record.line, len(cells) + 1,
                         f"expected {width} cells (the space and {len(players)} "
                         f"player(s)); got {len(cells)}")
            continue
        for col in range(1, width):
            if col - 1 in skipped:
                continue
            if cells[col].strip() == UNREAD:
                problems.add(record.line, col + 1, unread_problem(records))
                continue
            try:
                cell = parse_cell(cells[col])
            except ValueError as exc:
                problems.add(record.line, col + 1, str(exc))
                continue
            by_player[col - 1][space.id] = cell
            if (notes is not None and not negative_note and cell.circled
                    and cells[col].startswith("-")):
                negative_note = True
                notes.append(f"{source}:{record.line}:{col + 1}: note: read {cells[col]} "
                             f"as ({cell.value}), a circled {cell.value}: a spreadsheet "
                             "shows a number typed in parentheses as negative")

    if game_map is None:
        resolve_map(records, problems, map_override, lookup)  # raises if missing or unknown
        raise problems.fatal(max(records.last_line, 1), 1,
                             "expected a header line 'space,Player 1,...'; the file has none")
    missing = [s for s in game_map.spaces if s.id not in seen_spaces]
    if missing and not problems.items:
        shown = ", ".join(f"{s.id} ({s.name})" for s in missing[:12])
        more = f" and {len(missing) - 12} more" if len(missing) > 12 else ""
        problems.add(last_row + 1, 1, f"missing rows for {len(missing)} space(s) of "
                                      f"{game_map.id}: {shown}{more}; expected one row per "
                                      "space")
    problems.raise_if_any()
    return game_map.id, [Board(game_map.id, name, cells)
                         for col, (name, cells) in enumerate(zip(players, by_player,
                                                                 strict=True))
                         if col not in skipped]
