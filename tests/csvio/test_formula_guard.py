"""Player names that a spreadsheet would run as formulas (``=1+1``, ``=cmd|' /C calc'!A0``)
are written with a single quote before them, as OWASP's CSV-injection guidance says, by
every writer of a CSV (the template, the entry page's board, the reader of photos, the
drive log), and each reader takes the guard off again: the names read back the same.

The oracle of what a spreadsheet sees is Python's own ``csv`` module, which unquotes a
cell as a spreadsheet does."""

from __future__ import annotations

import csv
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.csvio import (
    FORMULA_LEADS,
    guard_formula,
    quote_field,
    split_fields,
    unguard_formula,
)
from sheetgen.games import game_of
from sheetgen.maps import find_map
from sheetgen.model import Board

ATTACKS = ["=1+1", "=cmd|' /C calc'!A0", "+1", "-1+2", "@SUM(A1:A2)", "'=1+1", "''+x",
           "' =x", "=HYPERLINK(\"http://x\",\"y\")", "-", "=", "'", "''", "a=b"]
PRINTABLE = st.characters(blacklist_categories=("Cs", "Cc", "Cf", "Zl", "Zp"))
NAMES = st.builds(lambda head, tail: (head + tail).strip(),
                  st.sampled_from(["", "=", "+", "-", "@", "'", "'=", "''+", " '-", "' "]),
                  st.text(PRINTABLE, max_size=12)).filter(bool)


def spreadsheet_cells(line: str) -> list[str]:
    """The cells of one line as a spreadsheet reads them (the csv module's dialect)."""
    return next(csv.reader(io.StringIO(line)))


def runs(cell: str) -> bool:
    """Whether a spreadsheet would take the cell for a formula."""
    return cell.lstrip(" ")[:1] in FORMULA_LEADS


@given(st.text(PRINTABLE, max_size=30).map(str.strip))
def test_a_field_reads_back_and_never_runs(text: str) -> None:
    written = quote_field(text)
    assert split_fields(written, ",") == [text]
    assert not runs(spreadsheet_cells(written)[0]) if written else True
    assert unguard_formula(guard_formula(text)) == text


def test_the_guard_is_one_quote_before_a_formula() -> None:
    assert quote_field("=1+1") == "'=1+1"
    assert quote_field("=cmd|' /C calc'!A0") == "'=cmd|' /C calc'!A0"
    assert quote_field("@SUM(A1:A2)") == "'@SUM(A1:A2)"
    assert quote_field("'=1") == "''=1"  # a quote of the name's own is kept
    assert quote_field("Ann") == "Ann" and quote_field("O'Neil") == "O'Neil"
    assert quote_field("'quoted'") == "'quoted'"
    assert quote_field("-") == "'-"


@pytest.mark.parametrize("map_id", ["usa", "germany"])
def test_the_template_guards_names_and_reads_them_back(map_id: str) -> None:
    game_map = find_map(map_id)
    game = game_of(game_map)
    names = ATTACKS[:6]
    text = game.template_csv(game_map, names)
    header = text.splitlines()[1]
    assert not any(runs(c) for c in spreadsheet_cells(header)[1:])
    boards = game.parse_boards(filled(text, len(names)), "t.csv", game_map)
    assert [b.player for b in boards] == names


def filled(text: str, players: int) -> str:
    """The CSV with every space's cell crossed (comments, header and variant row kept)."""
    lines = text.splitlines()
    head = next(i for i, line in enumerate(lines) if not line.startswith("#")) + 1
    return "\n".join(lines[:head] + [line.split(",")[0] + ",x" * players if not
                                      line.startswith(("#", "variant")) else line
                                      for line in lines[head:]]) + "\n"


@settings(max_examples=80, deadline=None)
@given(st.lists(NAMES, min_size=1, max_size=4, unique_by=str.casefold))
def test_any_name_round_trips_through_the_template_and_the_page(names: list[str]) -> None:
    from sheetgen.csvio import name_problem
    from sheetgen.serve.boards import board_csv, read_partial

    if any(name_problem(n) for n in names):
        return
    game_map = find_map("usa")
    game = game_of(game_map)
    text = game.template_csv(game_map, names)
    assert not any(runs(c) for c in spreadsheet_cells(text.splitlines()[1])[1:])
    assert [b.player for b in game.parse_boards(filled(text, len(names)), "t.csv",
                                                game_map)] == names
    page = board_csv("usa", names, {names[0]: {"WA": "12"}})
    assert page == text.replace("\nWA," + "," * (len(names) - 1),
                                "\nWA,12" + "," * (len(names) - 1), 1)
    assert list(read_partial(page, "b.csv").players) == names


def test_the_drive_log_guards_its_player() -> None:
    from sheetgen.games.byways.drivelog import format_drive_log, parse_drive_log
    from sheetgen.games.byways.driver import par_race
    from sheetgen.games.byways.race import find_course

    course = find_course()
    for name in ("=1+1", "=cmd|' /C calc'!A0", 'say "hi", Ann'):
        text = format_drive_log(par_race("byways", 7, 2), course, 1, name)
        row = next(line for line in text.splitlines() if line.startswith("player,"))
        assert not runs(spreadsheet_cells(row)[1])
        assert parse_drive_log(text, "log.csv", course.road).player == name


def test_the_read_csv_guards_its_names() -> None:
    pytest.importorskip("cv2")
    from sheetgen.read.sheet import board_csv

    game_map = find_map("usa")
    text = board_csv(game_map, [], ["=1+1", "@x"], None)
    header = next(line for line in text.splitlines() if line.startswith("space,"))
    assert header == "space,'=1+1,'@x"
    boards = game_of(game_map).parse_boards(filled(text, 2), "r.csv", game_map)
    assert [b.player for b in boards] == ["=1+1", "@x"]
    assert boards[0] == Board("usa", "=1+1", boards[0].cells)
