"""Reading rules every game's CSV shares: blank player columns skipped with one note (issue
27 item 8), digits of any script read as their value everywhere and look-alikes refused
everywhere (issue 29 item 6), invisible characters refused in names, and encodings that
are not text encodings (issue 29 item 1)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.cli import main
from sheetgen.csvio import BoardFormatError, decode, name_problem
from sheetgen.games.dicetrip.grammar import parse_trip_boards
from sheetgen.games.ontour.grammar import parse_boards


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def filled(map_id: str, path: Path, columns: list[str | None], cells: str = "07",
           variant: str = "0") -> Path:
    """A template for ``map_id`` with one column per entry: filled with ``cells`` (the
    first row) and x (the rest), or left blank (None). Dice Trip's variant points are 0:
    a board with one number has no number of every ten, so no other value is possible."""
    names = ",".join(f"P{i + 1}" for i in range(len(columns)))
    template = path.with_suffix(".template.csv")
    assert run("template", map_id, "--players", names, "-o", str(template)).exit_code == 0
    lines = template.read_text(encoding="utf-8").splitlines()
    template.unlink()
    rows = lines[:2]
    for k, line in enumerate(lines[2:]):
        space = line.split(",")[0]
        row = [space]
        for col in columns:
            if col is None:
                row.append("")
            elif space == "variant":
                row.append(variant)
            else:
                row.append(cells if k == 0 else "x")
        rows.append(",".join(row))
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


# --- blank columns ---------------------------------------------------------------------------

@pytest.mark.parametrize("map_id", ["usa", "paris", "germany"])
def test_a_column_with_no_cell_filled_is_skipped_with_one_note(tmp_path: Path,
                                                                map_id: str) -> None:
    """A group of two on a four-column template: two columns scored, one note."""
    cell = "34" if map_id == "germany" else "07"
    path = filled(map_id, tmp_path / "b.csv", [cell, None, cell, None], cells=cell)
    result = run("score", str(path), "--json")
    assert result.exit_code == 0, result.output
    assert [p["name"] for p in json.loads(result.stdout)["players"]] == ["P1", "P3"]
    notes = [ln for ln in result.stderr.splitlines() if "note:" in ln]
    assert notes == [f"{path}:2: note: skipped 2 player column(s) with no cell filled "
                     "('P2', 'P4')"]
    checked = run("check", str(path), "--seed", "1", "--json")
    assert [p["name"] for p in json.loads(checked.stdout)["players"]] == ["P1", "P3"]


def test_a_column_with_one_cell_is_still_read_and_its_blanks_are_errors(tmp_path: Path
                                                                        ) -> None:
    path = filled("usa", tmp_path / "b.csv", ["07", "07"])
    text = path.read_text(encoding="utf-8").replace(",x,x\n", ",x,\n")
    path.write_text(text, encoding="utf-8")
    result = run("score", str(path), "--json")
    assert result.exit_code == 1 and "got a blank cell" in result.output


def test_an_unfilled_template_is_still_an_error(tmp_path: Path) -> None:
    path = filled("usa", tmp_path / "b.csv", [None, None])
    result = run("score", str(path), "--json")
    assert result.exit_code == 1 and "got a blank cell" in result.output


# --- digits of any script ----------------------------------------------------------------------

DIGITS = {"ascii": "0123456789", "arabic": "٠١٢٣٤٥٦٧٨٩", "fullwidth": "０１２３４５６７８９",
          "devanagari": "०१२३४५६७८९"}


def spelled(number: str, script: str) -> str:
    return "".join(DIGITS[script][int(d)] for d in number)


@pytest.mark.parametrize("script", ["arabic", "fullwidth", "devanagari"])
@pytest.mark.parametrize("map_id", ["usa", "paris", "germany"])
def test_digits_of_any_script_read_as_their_value_in_cells(tmp_path: Path, map_id: str,
                                                          script: str) -> None:
    cell = "34" if map_id == "germany" else "(07)"
    ours = filled(map_id, tmp_path / "ascii.csv", [cell], cells=cell, variant="0")
    theirs = filled(map_id, tmp_path / "other.csv", [cell], variant=spelled("0", script),
                    cells=cell.replace("34", spelled("34", script))
                    .replace("07", spelled("07", script)))
    for command in (["score"], ["check", "--seed", "1"]):
        a = run(command[0], str(ours), *command[1:], "--json")
        b = run(command[0], str(theirs), *command[1:], "--json")
        assert a.exit_code == b.exit_code and a.exit_code in (0, 3), b.output
        assert json.loads(a.stdout) == json.loads(b.stdout)


@pytest.mark.parametrize("args", [
    ["script", "usa", "--seed", "{7}", "--json"],
    ["template", "usa", "-n", "{3}", "-o", "-"],
    ["scorepad", "usa", "--games", "{12}", "-o", "{out}"],
    ["cards", "usa", "--bleed", "{1}", "-o", "{out}"],
])
def test_digits_of_any_script_read_as_their_value_in_options(tmp_path: Path,
                                                            args: list[str]) -> None:
    def filled_in(script: str) -> list[str]:
        out = str(tmp_path / f"{script}.pdf")
        return [a.replace("{out}", out) if a == "{out}" else
                spelled(a[1:-1], script) if a.startswith("{") else a for a in args]

    plain = run(*filled_in("ascii"))
    other = run(*filled_in("arabic"))
    assert plain.exit_code == other.exit_code == 0, other.output
    assert plain.stdout == other.stdout
    if "{out}" in args:
        assert (tmp_path / "ascii.pdf").read_bytes() == (tmp_path / "arabic.pdf").read_bytes()


@pytest.mark.parametrize("lookalike", ["²", "①", "⁷", "Ⅶ"])
def test_digit_lookalikes_are_refused_everywhere(tmp_path: Path, lookalike: str) -> None:
    """Characters ``str.isdigit`` or ``isnumeric`` accepts and ``int`` refuses: refused
    with a message, in a cell, a seed, a count and --players, never a traceback."""
    path = filled("usa", tmp_path / "b.csv", [lookalike], cells=lookalike)
    cell = run("score", str(path), "--json")
    assert cell.exit_code == 1 and "expected a number 0-99" in cell.output
    for args in (["script", "usa", "--seed", lookalike], ["sheet", "usa", "-n", lookalike],
                 ["sheet", "usa", "--players", lookalike]):
        result = run(*args)
        assert result.exit_code == 2, (args, result.output)
        assert "Traceback" not in result.output and result.exception is None or isinstance(
            result.exception, SystemExit)


@settings(max_examples=200, deadline=None)
@given(number=st.integers(0, 99), script=st.sampled_from(sorted(DIGITS)),
       circled=st.booleans())
def test_a_cell_reads_the_same_in_every_script(number: int, script: str,
                                               circled: bool) -> None:
    from sheetgen.games.ontour.grammar import parse_cell

    text = spelled(f"{number:02d}", script)
    if circled:
        text = f"({text})"
    assert parse_cell(text) == parse_cell(f"({number:02d})" if circled else f"{number:02d}")


# --- names --------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["\u202eevil", "A\u200bnn", "Zo\u200de", "B\u2066ob",
                                  "soft\u00adhyphen", "\ufeffAnn"])
def test_invisible_characters_are_refused_in_names(tmp_path: Path, name: str) -> None:
    assert name_problem(name) is not None and "invisible character" in (name_problem(name)
                                                                         or "")
    result = run("template", "usa", "--players", f"Ann2,{name}", "-o", str(tmp_path / "t.csv"))
    assert result.exit_code == 1 and "invisible character U+" in result.output
    path = tmp_path / "b.csv"
    path.write_text(f"# map: usa\nspace,{name}\nWA,07\n", encoding="utf-8")
    for args in (["score", str(path), "--json"], ["check", str(path), "--seed", "1"]):
        read = run(*args)
        assert read.exit_code == 1 and f"{path}:2:2: expected a player name" in read.output


def test_accents_and_scripts_stay_names() -> None:
    for name in ("Zoë", "Ωμέγα", "Алиса", "שרה", "Anne-Marie O'Neil"):
        assert name_problem(name) is None


# --- encodings ------------------------------------------------------------------------------

@pytest.mark.parametrize("encoding", ["rot13", "base64", "hex", "zlib", "bz2", "uu", "quopri"])
def test_a_codec_that_is_no_text_encoding_is_one_line(tmp_path: Path, encoding: str) -> None:
    with pytest.raises(BoardFormatError, match=f"--encoding: '{encoding}' is not a text "
                                               "encoding"):
        decode(b"# map: usa\n", "b.csv", encoding)
    path = filled("usa", tmp_path / "b.csv", ["07"])
    for args in (["score", str(path), "--json"], ["check", str(path), "--seed", "1"]):
        result = run(*args, "--encoding", encoding)
        assert result.exit_code == 1 and result.output.count("\n") == 1, result.output
        assert "is not a text encoding" in result.output


@pytest.mark.parametrize("encoding", ["undefined", "punycode", "idna"])
@pytest.mark.parametrize("data", [b"# map: usa\nspace,A\nWA,07\n", b"\xff\xfe\x00\x80--",
                                  b"abc-\xc3\xa9-", b""])
def test_a_codec_that_fails_in_its_own_way_is_one_line(tmp_path: Path, encoding: str,
                                                       data: bytes) -> None:
    path = tmp_path / "b.csv"
    path.write_bytes(data)
    result = run("check", str(path), "--seed", "1", "--encoding", encoding)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert result.output.startswith(f"Error: {path}")


def test_the_readers_agree_on_skipping() -> None:
    text = "# map: germany\ncity,A,B\nKiel,34,\nvariant,,\n"
    with pytest.raises(BoardFormatError):  # B is blank, A is missing rows: still an error
        parse_trip_boards(text, "t.csv")
    notes: list[str] = []
    with pytest.raises(BoardFormatError):
        parse_boards("# map: usa\nspace,A,B\nWA,07,\n", "b.csv", notes=notes)
    assert notes == ["b.csv:2: note: skipped 1 player column(s) with no cell filled ('B')"]
