"""The Dice Trip scoring CSV: known errors with their line and column, spreadsheet exports,
round trips and hostile input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.csvio import BoardFormatError
from sheetgen.games.dicetrip.grammar import (
    format_trip_boards,
    parse_trip_boards,
    trip_template_csv,
)
from sheetgen.games.dicetrip.rules import TRACKER
from sheetgen.games.dicetrip.variant import board_allows
from sheetgen.maps import find_map
from sheetgen.model import Board, Cell

GERMANY = find_map("germany")
CITIES = [s.name for s in GERMANY.spaces]


def full_csv(first: dict[str, str] | None = None, extra: str = "") -> str:
    """A two-player file: Alice writes TRACKER numbers in map order, Bob crosses all."""
    cells = {name: str(TRACKER[i]) for i, name in enumerate(CITIES)}
    cells.update(first or {})
    body = "".join(f"{name},{cells[name]},x\n" for name in CITIES)
    return "# map: germany\ncity,Alice,Bob\n" + body + extra


def error(text: str) -> str:
    with pytest.raises(BoardFormatError) as info:
        parse_trip_boards(text, "b.csv")
    return str(info.value)


def test_a_full_file_reads_with_its_variant_row() -> None:
    # Hamburg's 61 completes Alice's tens (the variant is held to the board)
    got = parse_trip_boards(full_csv({"Hamburg": "61"}, extra="variant,3,\n"), "b.csv")
    assert got.map_id == "germany"
    assert [b.player for b in got.boards] == ["Alice", "Bob"]
    assert got.boards[0].cells["Kiel"] == Cell.number(11)
    assert got.boards[1].cells["Muenchen"] == Cell.cross()
    assert got.variants == (3, 0)


def test_a_number_twice_names_the_second_cell() -> None:
    # Kiel (line 3) holds 11; writing 11 again in Bremen (line 5) for Alice
    msg = error(full_csv({"Bremen": "11"}))
    assert msg.startswith("b.csv:5:2: ")
    assert "11 is written twice for Alice (also in Kiel, line 3)" in msg


def test_a_seven_names_the_cell_and_the_digit() -> None:
    msg = error(full_csv({"Hamburg": "27"}))
    assert msg.startswith("b.csv:4:2: ") and "the digit 7 is not on a die" in msg


def test_parentheses_on_a_plain_city_are_refused() -> None:
    msg = error(full_csv({"Kiel": "(11)"}))
    assert msg.startswith("b.csv:3:2: ") and "Kiel is not a coloured city" in msg


def test_parentheses_on_a_coloured_city_are_read_as_its_die() -> None:
    got = parse_trip_boards(full_csv({"Hamburg": "(12)"}), "b.csv")
    assert got.boards[0].cells["Hamburg"] == Cell.number(12, circled=True)


@pytest.mark.parametrize(("cells", "where", "words"), [
    ({"Kiel": ""}, "3:2", "blank cell"),
    ({"Kiel": "7"}, "3:2", "not a two-digit number"),
    ({"Kiel": "(x)"}, "3:2", "no parentheses"),
    ({"Kiel": "star"}, "3:2", "expected a number 11-66"),
])
def test_bad_cells(cells: dict[str, str], where: str, words: str) -> None:
    msg = error(full_csv(cells))
    assert msg.startswith(f"b.csv:{where}: ") and words in msg


def test_bad_variant_and_missing_rows_and_unknown_cities() -> None:
    assert error(full_csv(extra="variant,9,0\n")).startswith("b.csv:28:2: ")
    short = "\n".join(full_csv().splitlines()[:-1]) + "\n"
    assert "missing rows for 1 city of germany: Konstanz" in error(short)
    msg = error(full_csv().replace("Kassel,", "Kasel,"))
    assert msg.startswith("b.csv:10:1: ") and "did you mean Kassel" in msg


def test_spreadsheet_export_and_ascii_names_read() -> None:
    text = full_csv().replace("München", "muenchen").replace(",", ";").replace("\n", "\r\n")
    got = parse_trip_boards("\ufeff" + text + "\r\n\r\n", "b.csv")
    assert got.boards[0].cells["Muenchen"] == Cell.number(TRACKER[23])


def test_the_template_lists_every_city_and_a_blank_variant_row() -> None:
    text = trip_template_csv(GERMANY, ["A", "B"])
    lines = text.splitlines()
    assert lines[:2] == ["# map: germany", "city,A,B"]
    assert lines[2:-1] == [f"{name},," for name in CITIES]
    assert lines[-1] == "variant,,"


@st.composite
def boards(draw: st.DrawFn) -> tuple[list[Board], list[int]]:
    names = draw(st.lists(st.text("abcXYZ 1", min_size=1, max_size=6).map(str.strip)
                          .filter(bool), min_size=1, max_size=3, unique_by=str.casefold))
    out = []
    for name in names:
        values = draw(st.permutations(TRACKER))
        cells = {}
        for i, space in enumerate(GERMANY.spaces):
            if draw(st.integers(0, 4)) == 0:
                cells[space.id] = Cell.cross()
            else:
                circled = space.colour is not None and draw(st.booleans())
                cells[space.id] = Cell.number(values[i], circled)
        out.append(Board("germany", name, cells))
    # points the board can have (tests/games/dicetrip/test_variant.py holds board_allows
    # to its oracle; here the round trip is the point)
    variants = [draw(st.sampled_from(sorted(board_allows(GERMANY, b)))) for b in out]
    return out, variants


@settings(max_examples=60, deadline=None)
@given(boards())
def test_round_trip(data: tuple[list[Board], list[int]]) -> None:
    written, variants = data
    got = parse_trip_boards(format_trip_boards(GERMANY, written, variants), "r.csv")
    assert [(b.player, dict(b.cells)) for b in got.boards] == [
        (b.player, dict(b.cells)) for b in written]
    assert list(got.variants) == variants == [b.variant for b in got.boards]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(["11", "(12)", "x", "66", "70", "(x)", "", " ", ";", ",",
                                 '"', "\n", "\r\n", "variant", "Kiel", "city", "#",
                                 "# map: germany", "\ufeff", "(", "99", "-1"]),
                max_size=40).map("".join))
def test_hostile_input_gives_a_located_error_or_boards(text: str) -> None:
    try:
        parse_trip_boards("# map: germany\n" + text, "h.csv")
    except BoardFormatError as exc:
        assert str(exc).startswith("h.csv:")


def test_a_negative_number_is_a_parenthesis_typed_in_a_spreadsheet() -> None:
    notes: list[str] = []
    got = parse_trip_boards(full_csv({"Hamburg": "-12"}), "b.csv", notes=notes)
    assert got.boards[0].cells["Hamburg"] == Cell.number(12, circled=True)
    assert notes and notes[0].startswith("b.csv:4:2: note: read -12 as (12)")
    assert "not a coloured city" in error(full_csv({"Kiel": "-11"}))


def test_every_error_of_a_file_is_reported_at_once() -> None:
    with pytest.raises(BoardFormatError) as info:
        parse_trip_boards(full_csv({"Kiel": "70", "Bremen": "(13)", "Kassel": "99"}), "b.csv")
    where = [(p.line, p.column) for p in info.value.problems]
    assert where == [(3, 2), (5, 2), (10, 2)]


def test_an_unread_cell_is_refused_pointing_at_the_review_file() -> None:
    text = full_csv({"Bremen": "?"}).replace("city,", "# review: r.pdf\ncity,")
    assert error(text) == ("b.csv:6:2: '?' is a cell sheetgen read could not read; its "
                           "photo is in r.pdf: type what the sheet shows there")
