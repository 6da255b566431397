"""A board entered on the page is the scoring CSV ``template`` writes, filled in: the same
bytes, read by the same reader, refused with the same messages."""

from __future__ import annotations

import csv
import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheetgen.csvio import BoardFormatError
from sheetgen.games import game_of, resolve_map
from sheetgen.games.dicetrip.grammar import format_trip_boards
from sheetgen.games.ontour.grammar import format_boards
from sheetgen.model import Board, Cell
from sheetgen.serve.boards import (
    EntryError,
    board_csv,
    board_from_csv,
    check_board_name,
    new_board,
    read_partial,
)
from sheetgen.serve.games import entry_maps

ONTOUR_MAPS = ("usa", "europe", "paris")
NAMES = st.lists(st.text(st.characters(codec="utf-8", categories=("L", "N", "P", "Zs")),
                         min_size=1, max_size=12).map(str.strip).filter(bool),
                 min_size=1, max_size=4, unique_by=str.casefold)


def ontour_cells() -> st.SearchStrategy[Cell]:
    return st.one_of(st.builds(Cell.number, st.integers(0, 99), st.booleans()),
                     st.builds(Cell.star, st.booleans()), st.just(Cell.cross()))


@pytest.mark.parametrize("map_id", entry_maps())
def test_an_empty_board_is_the_template_byte_for_byte(map_id: str) -> None:
    game_map = resolve_map(map_id)
    players = ["Ann", "Ben, Jr.", 'Cy "C"', "#4"]
    assert board_csv(map_id, players, {}) == game_of(game_map).template_csv(game_map, players)


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(map_id=st.sampled_from(ONTOUR_MAPS), names=NAMES, data=st.data())
def test_on_tour_board_csv_is_what_the_writer_writes(map_id: str, names: list[str],
                                                     data: st.DataObject) -> None:
    """The oracle: the library's own writer (``format_boards``), which writes the blank
    cells of unwritten spaces as the template does."""
    game_map = resolve_map(map_id)
    boards = []
    for name in names:
        spaces = data.draw(st.sets(st.sampled_from(game_map.space_ids)))
        boards.append(Board(map_id, name, {s: data.draw(ontour_cells()) for s in spaces}))
    cells = {b.player: {s: c.text for s, c in b.cells.items()} for b in boards}
    text = board_csv(map_id, names, cells)
    assert text == format_boards(game_map, boards)
    read = read_partial(text, "t.csv")
    assert list(read.boards) == boards
    assert read.texts == cells


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(names=NAMES, data=st.data())
def test_dice_trip_board_csv_is_what_the_writer_writes(names: list[str],
                                                       data: st.DataObject) -> None:
    game_map = resolve_map("germany")
    boards = []
    variants = [data.draw(st.integers(1, 8)) for _ in names]
    for name in names:
        spaces = data.draw(st.lists(st.sampled_from(game_map.space_ids), unique=True))
        numbers = data.draw(st.lists(st.sampled_from([a * 10 + b for a in range(1, 7)
                                                      for b in range(1, 7)]),
                                     min_size=len(spaces), max_size=len(spaces), unique=True))
        cells = {}
        for space, number in zip(spaces, numbers, strict=True):
            coloured = game_map.space(space).colour is not None
            kind = data.draw(st.sampled_from(["n", "x", "c"] if coloured else ["n", "x"]))
            cells[space] = (Cell.cross() if kind == "x" else Cell.number(number, kind == "c"))
        boards.append(Board("germany", name, cells))
    texts = {b.player: {s: c.text for s, c in b.cells.items()} for b in boards}
    for board, variant in zip(boards, variants, strict=True):
        texts[board.player]["variant"] = str(variant)
    text = board_csv("germany", names, texts)
    assert text == format_trip_boards(game_map, boards, variants)
    read = read_partial(text, "t.csv")
    assert [dict(b.cells) for b in read.boards] == [dict(b.cells) for b in boards]
    assert [b.variant for b in read.boards] == variants  # type: ignore[attr-defined]


def _hand_made(map_id: str, row: str, text: str) -> str:
    """The CSV a person makes from the template: every cell crossed, one cell typed (by a
    CSV writer, so any text survives), the way the reader's own tests build files."""
    game_map = resolve_map(map_id)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for line in game_of(game_map).template_csv(game_map, ["Ann"]).splitlines():
        cells = next(csv.reader([line]))
        if line.startswith("#") or cells[0] in ("space", "city"):
            out.write(line + "\n")
            continue
        space = game_map.find_space(cells[0])
        value = "" if space is None else "x"
        if space is not None and space.id == row:
            value = text
        writer.writerow([cells[0], value])
    return out.getvalue()


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(map_id=st.sampled_from(("usa", "germany")),
       text=st.one_of(st.text(max_size=8),
                      st.sampled_from(["7", "07", "(37)", "-16", "*", "(*)", "x", "X", "(x)",
                                       "100", "34", "(52)", "77", "3 4", "(", "()", ""])))
def test_an_entry_is_refused_as_the_reader_refuses_it(map_id: str, text: str) -> None:
    """Hostile text in a cell: the page says exactly what the reader says of the same file
    typed by hand, and accepts exactly what it accepts."""
    game_map = resolve_map(map_id)
    row = game_map.spaces[3].id
    state = new_board("t", map_id, ["Ann"])
    oracle_text = _hand_made(map_id, row, text)
    try:
        oracle = game_of(game_map).parse_boards(oracle_text, "t.csv", game_map)
    except BoardFormatError as exc:
        expected = exc.report.splitlines()
        oracle = None
    if text.strip() == "":
        state.apply("Ann", row, text)  # an empty entry empties the cell
        assert row not in state.boards[0].cells
        return
    if "\n" in text or "\r" in text:
        with pytest.raises(EntryError):
            state.apply("Ann", row, text)
        return
    if oracle is None:
        with pytest.raises(EntryError) as refused:
            state.apply("Ann", row, text)
        assert list(refused.value.problems) == expected
    else:
        state.apply("Ann", row, text)
        assert state.boards[0].cells[row] == oracle[0].cells[row]
        assert state.cells["Ann"][row] == oracle[0].cells[row].text


def test_entries_keep_the_canonical_text_and_undo_restores() -> None:
    state = new_board("t", "usa", ["Ann", "Ben"])
    state.apply("Ann", "wa", "7")
    state.apply("Ann", "Oregon", "-16")
    state.apply("Ben", "WA", "(*)")
    assert state.cells == {"Ann": {"WA": "07", "OR": "(16)"}, "Ben": {"WA": "(*)"}}
    assert state.csv().splitlines()[2:4] == ["WA,07,(*)", "OR,(16),"]
    state.apply("Ann", "WA", "12")
    assert state.undo("Ann") is not None
    assert state.cells["Ann"]["WA"] == "07"
    state.undo("Ann")
    state.undo("Ann")
    assert state.cells["Ann"] == {}
    assert state.undo("Ann") is None
    assert state.cells["Ben"] == {"WA": "(*)"}


def test_unknown_rows_players_and_names_are_refused() -> None:
    state = new_board("t", "usa", ["Ann"])
    with pytest.raises(EntryError,
                       match=r"unknown space 'Washingtn'.*did you mean WA \(Washington\)"):
        state.apply("Ann", "Washingtn", "7")
    with pytest.raises(EntryError, match="no player 'Bob'"):
        state.apply("Bob", "WA", "7")
    with pytest.raises(EntryError, match="given twice"):
        new_board("t", "usa", ["Ann", "ann"])
    with pytest.raises(EntryError, match="control character"):
        new_board("t", "usa", ["A\x07nn"])
    with pytest.raises(EntryError, match="cannot be printed"):
        new_board("t", "usa", ["\u4e2d\u6587"])
    with pytest.raises(EntryError, match="no scoring CSV"):
        new_board("t", "byways", ["Ann"])
    # a Highways & Byways drive log is read by check and score, not entered here
    log = "# map: byways\nseed,7\nplayers,2\nseat,1\nvehicle,Cowboy\nstart,TX\n" \
          "drop,Tioga Road\nround,spaces,actions\n1,Abilene\n"
    with pytest.raises(EntryError, match="no scoring CSV"):
        board_from_csv("t", log)


@pytest.mark.parametrize("name", ["../x", "a/b", "..", ".hidden", "a.csv", "x" * 49, "",
                                  "/etc/passwd", "a\\b", "a b", "\u00e9t\u00e9", "a\x00"])
def test_a_path_in_a_board_name_is_refused(name: str) -> None:
    with pytest.raises(EntryError, match="board name"):
        check_board_name(name)
    with pytest.raises(EntryError, match="board name"):
        new_board(name, "usa", ["Ann"])


def test_a_partial_csv_loads_with_the_files_own_line_numbers() -> None:
    text = "# map: usa\r\nspace;Ann;Ben\r\n\r\nWA;(12);\r\nOR;;07\r\n"
    state = board_from_csv("t", text + "".join(
        f"{s.id};;\r\n" for s in resolve_map("usa").spaces[2:]))
    assert state.cells == {"Ann": {"WA": "(12)"}, "Ben": {"OR": "07"}}
    with pytest.raises(EntryError) as refused:
        board_from_csv("t", "# map: usa\nspace,Ann\nWA,100\nOR,\nZZ,1\n")
    assert refused.value.problems[0] == ("t.csv:3:2: expected a number 0-99; got '100', "
                                         "outside 0-99")
    assert refused.value.problems[1].startswith("t.csv:5:1: unknown space 'ZZ'")
