"""The generic reader under hostile input: encodings, line numbers a person can find,
bounded cells and files, linear time, every error at once, and names that survive the
trip from ``template`` to ``score``."""

from __future__ import annotations

import codecs
import contextlib
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.csvio import (
    MAX_CELL_CHARS,
    MAX_ERRORS,
    MAX_FILE_BYTES,
    BoardFormatError,
    decode,
    iter_lines,
    map_line_id,
    name_problem,
    seed_line,
    split_fields,
)
from sheetgen.games.ontour.grammar import format_boards, parse_boards, parse_cell, template_csv
from sheetgen.maps import UnknownMapError, find_map
from sheetgen.model import Board, Cell, Map, Space, make_edge

TINY = Map(id="tiny", game="ontour", title="Tiny",
           spaces=(Space("WA", "Washington", "WA"), Space("OR", "Oregon", "OR"),
                   Space("NY", "New York", "NY")),
           edges=(make_edge("OR", "WA"),))
GOOD = "# map: tiny\nspace,Alice,Bob\nWA,(12),07\nOR,*,x\nNY,(*),99\n"


def lookup(map_id: str) -> Map:
    if map_id.lower() == "tiny":
        return TINY
    raise UnknownMapError(map_id, ("tiny",))


def parse(text: str, notes: list[str] | None = None) -> tuple[str, list[Board]]:
    return parse_boards(text, "b.csv", None, lookup=lookup, notes=notes)


def error(text: str) -> BoardFormatError:
    with pytest.raises(BoardFormatError) as info:
        parse(text)
    return info.value


# --- decoding ----------------------------------------------------------------------------

@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32",
                                      "utf-8-sig"])
def test_unicode_with_a_byte_order_mark(encoding: str) -> None:
    text = GOOD.replace("Alice", "Zoë")
    data = text.encode(encoding)
    if encoding == "utf-16-le":
        data = codecs.BOM_UTF16_LE + data
    elif encoding == "utf-16-be":
        data = codecs.BOM_UTF16_BE + data
    decoded = decode(data, "b.csv")
    assert decoded.note is None
    assert parse(decoded.text)[1][0].player == "Zoë"


def test_windows_1252_is_read_with_a_note() -> None:
    data = GOOD.replace("Alice", "Zoë").encode("cp1252")
    decoded = decode(data, "b.csv")
    assert decoded.encoding == "cp1252"
    assert decoded.note is not None
    assert decoded.note.startswith("b.csv:2:9: byte 0xeb is not UTF-8")
    assert "Windows-1252" in decoded.note
    assert parse(decoded.text)[1][0].player == "Zoë"


def test_an_explicit_encoding_wins_and_errors_name_line_and_column() -> None:
    data = GOOD.replace("Alice", "Zoë").encode("latin-1")
    assert "Zoë" in decode(data, "b.csv", "latin-1").text
    with pytest.raises(BoardFormatError) as info:
        decode(data, "b.csv", "utf-8")
    assert str(info.value) == "b.csv:2:9: expected utf-8 text; got byte 0xeb"
    with pytest.raises(BoardFormatError) as info:
        decode(data, "b.csv", "klingon")
    assert "--encoding: unknown encoding 'klingon'" in str(info.value)


def test_bytes_that_are_no_text_at_all() -> None:
    with pytest.raises(BoardFormatError) as info:
        decode(b"# map: tiny\r\nspace,A\r\nWA,\x81\x8d\n", "b.csv")
    assert str(info.value).startswith("b.csv:3:4: expected UTF-8 text; got byte 0x81")


def test_size_limit() -> None:
    with pytest.raises(BoardFormatError) as info:
        decode(b"#" * (MAX_FILE_BYTES + 1), "b.csv")
    assert f"at most {MAX_FILE_BYTES} bytes" in str(info.value)


# --- lines, cells, numbers -------------------------------------------------------------

@pytest.mark.parametrize("odd", ["\f", "\v", "\u2028", "\u2029", "\x1c", "\x85"])
def test_only_cr_and_lf_end_a_line(odd: str) -> None:
    text = f"# map: tiny {odd}\nspace,A\nWA,1{odd}\nOR,1{odd}2\nNY,3\n"
    exc = error(text)
    assert (exc.line, exc.column) == (4, 2)
    assert [n for n, _ in iter_lines("a\r\nb\rc\nd" + odd + "e\n")] == [1, 2, 3, 4]


def test_a_huge_cell_is_refused_with_its_place() -> None:
    exc = error(f"# map: tiny\nspace,A,B\nWA,1,{'9' * 200_000}\nOR,1,2\nNY,1,2\n")
    assert (exc.line, exc.column) == (3, 3)
    assert f"at most {MAX_CELL_CHARS}" in exc.message
    exc = error(f"# map: tiny\nspace,A,B\nWA,1,\"{'x' * 200_000}\"\nOR,1,2\nNY,1,2\n")
    assert (exc.line, exc.column) == (3, 3)


def test_a_5000_digit_number_is_outside_0_99() -> None:
    with pytest.raises(ValueError, match=r"outside 0-99") as info:
        parse_cell("7" * 5000)
    assert "limit" not in str(info.value)
    assert len(str(info.value)) < 120
    assert parse_cell("0" * 5000 + "7") == Cell.number(7)


def test_negative_numbers_are_circled_with_one_note() -> None:
    notes: list[str] = []
    _, boards = parse("# map: tiny\nspace,A,B\nWA,-16,-0\nOR,*,-7\nNY,1,2\n", notes)
    assert boards[0].cells["WA"] == Cell.number(16, True)
    assert boards[1].cells["OR"] == Cell.number(7, True)
    assert len(notes) == 1
    assert notes[0].startswith("b.csv:3:2: note: read -16 as (16)")
    assert "outside 0-99" in error("# map: tiny\nspace,A\nWA,-100\nOR,1\nNY,1\n").message


def test_unterminated_quote() -> None:
    exc = error('# map: tiny\nspace,A,B\nWA,1,"2\nOR,1,2\nNY,1,2\n')
    assert (exc.line, exc.column) == (3, 3)
    assert "unterminated quote" in exc.message


def test_control_character_in_a_name_is_refused_at_its_cell() -> None:
    exc = error("# map: tiny\nspace,Ann,B\x07b\nWA,1,2\nOR,1,2\nNY,1,2\n")
    assert (exc.line, exc.column) == (2, 3)
    assert "control character U+0007" in exc.message
    assert name_problem("Zoë 🎲 שרה") is None


def test_every_error_is_reported_up_to_the_limit() -> None:
    text = "# map: tiny\nspace,A,B\nWA,1,q\nOR,z,2\nNY,1,(x)\n"
    exc = error(text)
    assert [(p.line, p.column) for p in exc.problems] == [(3, 3), (4, 2), (5, 3)]
    assert exc.report.count("\n") == 2
    rows = "".join(f"WA,{i}a,{i}b\n" for i in range(50))
    exc = error("# map: tiny\nspace,A,B\n" + rows)
    assert len(exc.problems) == MAX_ERRORS and exc.truncated
    assert exc.report.splitlines()[-1] == f"b.csv: stopped after {MAX_ERRORS} errors"


# --- the # map: line in linear time ----------------------------------------------------

def test_map_line_forms() -> None:
    assert map_line_id("# map: usa") == "usa"
    assert map_line_id('"# MAP : usa ";;;') == "usa"
    assert map_line_id("#map:usa,,") == "usa"
    assert map_line_id("# maps: usa") is None
    assert map_line_id("# map:") is None
    assert map_line_id("# note") is None


def _parse_time(line: str) -> float:
    text = line + "\nspace,A\nWA,1\nOR,1\nNY,1\n"
    start = time.perf_counter()
    with contextlib.suppress(BoardFormatError):
        parse(text)
    return time.perf_counter() - start


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(["# map:" + " " * 2, "# map: " + "x ", "#" + " ", "# map: a" + "\t",
                        "# map" + " :", '"# map: ' + '"', "# map: tiny" + ",;"]))
def test_header_parse_time_grows_linearly(unit: str) -> None:
    """Ten times the line takes about ten times as long, not a hundred."""
    small = unit * 2_000
    large = unit * 20_000
    t_small = min(_parse_time(small) for _ in range(3))
    t_large = min(_parse_time(large) for _ in range(3))
    assert t_large < 40 * max(t_small, 1e-4)
    assert t_large < 0.5


# --- names: what template writes, the reader reads -------------------------------------

PRINTABLE_NAMES = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Cf", "Zl", "Zp")),
                          min_size=1, max_size=20).map(str.strip).filter(bool)


@settings(max_examples=150, deadline=None)
@given(st.lists(PRINTABLE_NAMES, min_size=1, max_size=4, unique_by=str.casefold))
def test_template_names_read_back(names: list[str]) -> None:
    """Any name the template accepts (commas, semicolons, quotes, '#') reads back."""
    lines = template_csv(TINY, names).splitlines()
    body = lines[:2] + [ln.split(",")[0] + "," + ",".join("1" for _ in names)
                        for ln in lines[2:]]
    _, boards = parse("\n".join(body) + "\n")
    assert [b.player for b in boards] == names


@pytest.mark.parametrize("name", ["A\nB", "A\x07", "A\u2028B", "x" * (MAX_CELL_CHARS + 1)])
def test_template_refuses_what_the_reader_refuses(name: str) -> None:
    assert name_problem(name) is not None
    with pytest.raises(ValueError, match="player name"):
        template_csv(TINY, [name])


def test_split_fields_quotes() -> None:
    assert split_fields(' "a;b" ; "say ""hi""" ;x', ";") == ["a;b", 'say "hi"', "x"]
    assert split_fields("a,,b,", ",") == ["a", "", "b", ""]


def test_format_quotes_names_with_separators() -> None:
    text = format_boards(find_map("usa"), [Board("usa", "Smith, J."), Board("usa", 'a;"b"')])
    assert text.splitlines()[1] == 'space,"Smith, J.","a;""b"""'


def test_seed_line_forms() -> None:
    """`sheetgen read` writes `# seed: N` for `check`; spreadsheets quote it and pad it
    with separators as they do the map line."""
    assert seed_line("# map: usa\n# seed: 7\nspace,A\n") == ("7", 2)
    assert seed_line('\ufeff"# SEED : 4711 ";;;\n# map: usa\n') == ("4711", 1)
    assert seed_line("# map: usa\nspace,A\n# seed: 7\n") is None  # after the header
    assert seed_line("# seeds: 7\n# seed:\n") is None
    assert seed_line("") is None


@given(st.lists(st.text(max_size=30), max_size=6))
def test_a_seed_line_is_a_comment_before_the_first_record(lines: list[str]) -> None:
    found = seed_line("\n".join(lines))
    if found is not None:
        value, number = found
        line = lines[number - 1]
        assert line.lstrip().lstrip('"').startswith("#") and value in line and value
        assert all(not ln.strip() or ln.lstrip().lstrip('"').startswith("#")
                   for ln in lines[:number])
