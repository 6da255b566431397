"""The scoring CSV: spreadsheet flavours, every error with its line and column, round trips."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.csvio import BoardFormatError
from sheetgen.games.ontour.grammar import format_boards, parse_boards, parse_cell, template_csv
from sheetgen.maps import UnknownMapError, find_map
from sheetgen.model import Board, Cell, Map, Space, make_edge

DATA = Path(__file__).resolve().parents[2] / "data" / "boards"

TINY = Map(id="tiny", game="ontour", title="Tiny",
           spaces=(Space("WA", "Washington", "WA"), Space("OR", "Oregon", "OR"),
                   Space("NY", "New York", "NY")),
           edges=(make_edge("OR", "WA"),))


def lookup(map_id: str) -> Map:
    if map_id.lower() == "tiny":
        return TINY
    raise UnknownMapError(map_id, ("tiny",))


def parse(text: str, override: str | None = None) -> tuple[str, list[Board]]:
    return parse_boards(text, "board.csv", override, lookup=lookup)


def error(text: str, override: str | None = None) -> BoardFormatError:
    with pytest.raises(BoardFormatError) as info:
        parse(text, override)
    return info.value


GOOD = "# map: tiny\nspace,Alice,Bob\nWA,(12),07\nOR,*,x\nNY,(*),99\n"


def test_reads_the_specs_example() -> None:
    map_id, boards = parse(GOOD)
    assert map_id == "tiny"
    assert [b.player for b in boards] == ["Alice", "Bob"]
    alice, bob = boards
    assert alice.cells == {"WA": Cell.number(12, True), "OR": Cell.star(),
                           "NY": Cell.star(True)}
    assert bob.cells == {"WA": Cell.number(7), "OR": Cell.cross(), "NY": Cell.number(99)}


def test_reads_a_spreadsheet_export() -> None:
    text = ("\ufeff# map: tiny;;\r\n\r\n Space ; Alice ; Bob ;\r\n"
            "washington ; ( 12 ) ; 7 ;\r\n;;;\r\n  OREGON;*;X\r\n\r\nny ; (*) ; 099\r\n")
    assert parse(text) == parse(GOOD)


def test_map_override_wins_and_may_replace_a_missing_line() -> None:
    assert parse(GOOD.replace("# map: tiny", "# map: nowhere"), "tiny")[0] == "tiny"
    assert parse(GOOD.replace("# map: tiny\n", ""), "TINY")[0] == "tiny"


@pytest.mark.parametrize(("text", "cell"), [
    ("0", Cell.number(0)), ("07", Cell.number(7)), ("7", Cell.number(7)),
    ("(37)", Cell.number(37, True)), ("*", Cell.star()), ("(*)", Cell.star(True)),
    ("x", Cell.cross()), ("X", Cell.cross()), ("99", Cell.number(99)),
])
def test_cells(text: str, cell: Cell) -> None:
    assert parse_cell(text) == cell


@pytest.mark.parametrize(("text", "line", "column", "expected"), [
    # unknown space, with a suggestion
    ("# map: tiny\nspace,A\nWashingtn,1\nOR,2\nNY,3\n", 3, 1,
     "unknown space 'Washingtn' on map tiny (did you mean WA (Washington)?)"),
    # duplicated space (by name and id)
    ("# map: tiny\nspace,A\nWA,1\nOR,2\nwashington,3\nNY,4\n", 5, 1,
     "duplicated space WA (Washington); it is already on line 3"),
    # missing spaces, named
    ("# map: tiny\nspace,A\nWA,1\n", 4, 1,
     "missing rows for 2 space(s) of tiny: OR (Oregon), NY (New York)"),
    # blank cell
    ("# map: tiny\nspace,A,B\nWA,1,2\nOR,,2\nNY,3,4\n", 4, 2, "got a blank cell"),
    # number outside 0-99
    ("# map: tiny\nspace,A,B\nWA,1,2\nOR,1,100\nNY,3,4\n", 4, 3, "outside 0-99"),
    ("# map: tiny\nspace,A,B\nWA,1,2\nOR,1,(-3)\nNY,3,4\n", 4, 3, "outside 0-99"),
    # circled cross
    ("# map: tiny\nspace,A,B\nWA,1,(x)\nOR,1,2\nNY,3,4\n", 3, 3,
     "a crossed space cannot be circled; got '(x)'"),
    # unreadable cell: the message form of the spec
    ("# map: tiny\nspace,A,B\n\n\nWA,1,2\nOR,1,2\nNY,3,1oo\n", 7, 3,
     "expected a number 0-99, '*', 'x' or one of them in parentheses; got '1oo'"),
    ("# map: tiny\nspace,A,B\nWA,1,2\nOR,(1,2\nNY,3,4\n", 4, 2, "got '(1'"),
    # no map line and no override
    ("space,A\nWA,1\nOR,2\nNY,3\n", 1, 1, "no '# map: MAP' line"),
    # unknown map, listing the known ones
    ("\n# map: atlantis\nspace,A\nWA,1\nOR,2\nNY,3\n", 2, 1,
     "unknown map 'atlantis'; known maps: tiny"),
    # no player columns
    ("# map: tiny\nspace\nWA\nOR\nNY\n", 2, 2, "expected at least one player column"),
    # duplicated player name (case-insensitive)
    ("# map: tiny\nspace,Ann,Bob,ann\nWA,1,2,3\nOR,1,2,3\nNY,1,2,3\n", 2, 4,
     "duplicated player name 'ann' (also column 2)"),
    # blank player name
    ("# map: tiny\nspace,Ann,,Bob\nWA,1,2,3\nOR,1,2,3\nNY,1,2,3\n", 2, 3,
     "expected a player name"),
    # ragged rows: too short, too long
    ("# map: tiny\nspace,A,B\nWA,1,2\nOR,1\nNY,3,4\n", 4, 3,
     "expected 3 cells (the space and 2 player(s)); got 2"),
    ("# map: tiny\nspace,A,B\nWA,1,2,5\nOR,1,2\nNY,3,4\n", 3, 4,
     "expected 3 cells (the space and 2 player(s)); got 4"),
    # a data row where the header should be
    ("# map: tiny\nWA,1,2\nOR,1,2\nNY,3,4\n", 2, 1, "expected a header line"),
    # semicolons: columns are counted the same way
    ("# map: tiny\r\nspace;A;B\r\nWA;1;2\r\nOR;1;*x\r\nNY;3;4\r\n", 4, 3, "got '*x'"),
])
def test_errors_name_line_column_and_what_was_expected(
        text: str, line: int, column: int, expected: str) -> None:
    exc = error(text)
    assert (exc.file, exc.line, exc.column) == ("board.csv", line, column)
    assert expected in exc.message
    assert str(exc).startswith(f"board.csv:{line}:{column}: ")


def test_message_form() -> None:
    exc = error("# map: tiny\nspace,A,B\nWA,1,2\nOR,1,2\nNY,3,1oo\n")
    assert str(exc) == ("board.csv:5:3: expected a number 0-99, '*', 'x' or one of them in "
                        "parentheses; got '1oo'")


def test_unknown_map_from_the_override() -> None:
    exc = error(GOOD, "atlantis")
    assert exc.line is None
    assert str(exc) == "board.csv: --map: unknown map 'atlantis'; known maps: tiny"


def test_template_lists_every_space_in_map_order_with_blank_cells() -> None:
    usa = find_map("usa")
    text = template_csv(usa, ["Ann", "Bo"])
    lines = text.splitlines()
    assert lines[0] == "# map: usa"
    assert lines[1] == "space,Ann,Bo"
    assert [ln.split(",")[0] for ln in lines[2:]] == list(usa.space_ids)
    assert all(ln.endswith(",,") for ln in lines[2:])
    exc = error(template_csv(TINY, ["Ann"]))
    assert (exc.line, exc.column) == (3, 2)


def test_fixtures_read_alike() -> None:
    plain = (DATA / "usa-three-players.csv").read_text(encoding="utf-8")
    excel = (DATA / "usa-three-players-excel.csv").read_bytes().decode("utf-8")
    assert excel.startswith("\ufeff") and "\r\n" in excel and ";" in excel
    map_id, boards = parse_boards(plain, "plain.csv")
    assert map_id == "usa"
    assert [b.player for b in boards] == ["Alice", "Bob", "Chloé"]
    assert all(len(b.cells) == 41 for b in boards)
    assert parse_boards(excel, "excel.csv") == (map_id, boards)
    assert format_boards(find_map("usa"), boards) == plain


CELLS = st.one_of(
    st.builds(Cell.number, st.integers(0, 99), st.booleans()),
    st.builds(Cell.star, st.booleans()),
    st.just(Cell.cross()),
)
# Format characters (Cf: U+202E, a soft hyphen, zero-width joiners) are refused in names.
NAMES = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Cf", "Zl", "Zp")),
                min_size=1, max_size=12).map(str.strip).filter(
                    lambda s: bool(s) and not s.startswith(("#", '"')))


@settings(max_examples=100, deadline=None)
@given(st.lists(NAMES, min_size=1, max_size=4, unique_by=str.casefold), st.data())
def test_round_trip(names: list[str], data: st.DataObject) -> None:
    usa = find_map("usa")
    boards = [Board("usa", name, {sid: data.draw(CELLS) for sid in usa.space_ids})
              for name in names]
    text = format_boards(usa, boards)
    assert parse_boards(text, "x.csv") == ("usa", boards)
    assert format_boards(usa, parse_boards(text, "x.csv")[1]) == text
    # the same through a spreadsheet: semicolons, CRLF and a byte order mark
    excel = "\ufeff" + text.replace(",", ";").replace("\n", "\r\n")
    if all("," not in n and ";" not in n and '"' not in n for n in names):
        assert parse_boards(excel, "x.csv") == ("usa", boards)


def test_an_unread_cell_is_refused_pointing_at_the_review_file() -> None:
    """``sheetgen read`` writes ``?`` for a cell it could not read and names its review
    PDF in a comment; the reader refuses the cell and says where to look it up."""
    text = "# map: tiny\n# review: out/evening-review.pdf\nspace,Alice,Bob\n" \
           "WA,(12),?\nOR,*,x\nNY, ? ,99\n"
    report = error(text).report
    assert report.splitlines() == [
        "board.csv:4:3: '?' is a cell sheetgen read could not read; its photo is in "
        "out/evening-review.pdf: type what the sheet shows there",
        "board.csv:6:2: '?' is a cell sheetgen read could not read; its photo is in "
        "out/evening-review.pdf: type what the sheet shows there"]
    bare = str(error(GOOD.replace("07", "?")))
    assert bare.startswith("board.csv:3:3: '?' is a cell sheetgen read could not read; "
                           "its photo is in the review PDF")
