"""Command-line conventions a user relies on: ``-o`` does what it says, default names
never clobber a different output, spreadsheets are read as they are saved, clubs of any
size, and no hostile input ends in a traceback."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from pypdf import PdfReader

from sheetgen.cli import main
from sheetgen.games.ontour.grammar import format_boards
from sheetgen.maps import find_map
from sheetgen.model import Board, Cell

USA = find_map("usa")


def run(*args: str, stdin: bytes | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


def all_x(name: str, **cells: Cell) -> Board:
    board = {s: Cell.cross() for s in USA.space_ids}
    board.update(cells)
    return Board("usa", name, board)


def small_csv(path: Path, names: tuple[str, ...] = ("Ann", "Bo")) -> Path:
    # the second player also has Idaho: one space more on the best route
    boards = [all_x(n, WA=Cell.number(10 + i), OR=Cell.number(20, True),
                    **({"ID": Cell.number(30)} if i % 2 else {}))
              for i, n in enumerate(names)]
    path.write_text(format_boards(USA, boards), encoding="utf-8")
    return path


def one_error_line(result: Result, code: int = 1) -> str:
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    if code == 2:  # Click's usage errors: the usage line, a hint, then the one error line
        assert lines[0].startswith("Usage:")
        lines = lines[-1:]
    assert len(lines) == 1, lines
    return lines[0]


# --- -o does what it says (issue 9 item 2) ---------------------------------------------

def test_score_json_alone_renders_no_pdf(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    small_csv(tmp_path / "g.csv")
    result = run("score", "g.csv", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["winners"] == ["Bo"]
    assert not (tmp_path / "output").exists()
    result = run("score", "g.csv", "--json", "--pdf", "s.pdf")
    assert result.exit_code == 0
    assert (tmp_path / "s.pdf").read_bytes().startswith(b"%PDF")


def test_score_refuses_a_json_name_for_its_pdf(tmp_path: Path) -> None:
    csv_path = small_csv(tmp_path / "g.csv")
    line = one_error_line(run("score", str(csv_path), "--json", "-o",
                              str(tmp_path / "scores.json")), code=2)
    assert "writes pdf or png, not json" in line
    assert not (tmp_path / "scores.json").exists()


def test_dash_is_standard_output(tmp_path: Path) -> None:
    result = run("template", "usa", "--players", "A,B", "-o", "-")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[:2] == ["# map: usa", "space,A,B"]
    assert not Path("-").exists()
    svg = run("sheet", "usa", "-n", "1", "--format", "svg", "-o", "-")
    assert svg.exit_code == 0 and svg.stdout.lstrip().startswith("<")
    many = run("sheet", "usa", "-n", "2", "--format", "svg", "-o", "-")
    assert "standard output holds one SVG page" in one_error_line(many)
    csv_path = small_csv(tmp_path / "g.csv")
    pdf = run("score", str(csv_path), "-o", "-")
    assert pdf.exit_code == 0
    assert pdf.stdout_bytes.startswith(b"%PDF")
    assert "Winner: Bo" in pdf.stderr


def test_a_binary_format_is_refused_to_a_terminal(monkeypatch) -> None:
    import sys

    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    from sheetgen.cli.common import UserError, output_path

    with pytest.raises(UserError, match="PDF is binary and standard output is a terminal"):
        output_path(Path("-"), "x", "pdf")
    assert output_path(Path("-"), "x", "svg") == Path("-")


def test_format_follows_the_extension(tmp_path: Path) -> None:
    svg = tmp_path / "s.svg"
    assert run("sheet", "usa", "-n", "1", "-o", str(svg)).exit_code == 0
    assert svg.read_text(encoding="utf-8").lstrip().startswith("<")
    clash = run("sheet", "usa", "-n", "1", "--format", "png", "-o", str(tmp_path / "s.pdf"))
    assert clash.exit_code == 2 and "--format says png" in clash.output
    assert not (tmp_path / "s.pdf").exists()


# --- default names (issue 9 item 3) -------------------------------------------------------

def test_default_names_never_clobber(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    for args in (["dice", "d6"], ["dice", "d6", "--paper", "letter"],
                 ["cards", "usa", "--size", "mini", "--backs", "fold"],
                 ["cards", "usa", "--size", "mini", "--bleed", "0"],
                 ["sheet", "usa", "-n", "1", "--format", "svg"],
                 ["sheet", "usa", "-n", "2", "--format", "svg"],
                 ["sheet", "usa", "--players", "Ann", "--format", "svg"]):
        assert run(*args).exit_code == 0, args
    names = sorted(p.name for p in (tmp_path / "output").iterdir())
    assert "dice-d6-a4.pdf" in names and "dice-d6-letter.pdf" in names
    assert {"usa-cards-mini-a4-backs-fold.pdf", "usa-cards-mini-a4-bleed-0.pdf"} <= set(names)
    assert "usa-sheets-a4-1p.svg" in names
    assert {"usa-sheets-a4-2p-1.svg", "usa-sheets-a4-2p-2.svg"} <= set(names)
    assert "usa-sheets-a4-1p-ann.svg" in names
    assert len(names) == 8


# --- spreadsheets (issue 9 item 6) ---------------------------------------------------------

def test_windows_files_negative_numbers_and_every_error(tmp_path: Path) -> None:
    text = small_csv(tmp_path / "g.csv", ("Zoë", "Bo")).read_text(encoding="utf-8")
    path = tmp_path / "w.csv"
    path.write_bytes(text.replace("WA,10,11", "WA,-10,11").encode("cp1252"))
    result = run("score", str(path), "--json")
    assert result.exit_code == 0, result.output
    assert "read the file as Windows-1252" in result.stderr
    assert "note: read -10 as (10)" in result.stderr
    assert result.stderr.count("note:") == 1
    data = json.loads(result.stdout)
    assert data["players"][0]["name"] == "Zoë"
    assert data["players"][0]["circled"] == 2
    utf16 = tmp_path / "u.csv"
    utf16.write_bytes(text.encode("utf-16"))
    assert json.loads(run("score", str(utf16), "--json").stdout)["players"][0]["name"] == "Zoë"
    latin = run("score", str(path), "--json", "--encoding", "latin-1")
    assert latin.exit_code == 0 and "Windows-1252" not in latin.stderr
    bad = tmp_path / "bad.csv"
    bad.write_text(text.replace("WA,10,11", "WA,1o,11").replace("OR,(20),(20)", "OR,(20),q"),
                   encoding="utf-8")
    result = run("check", str(bad), "--seed", "1")
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    places = [ln.removeprefix("Error: ").split(": ")[0].rsplit(":", 2)[1:] for ln in lines]
    assert places == [["3", "2"], ["4", "3"]]


# --- clubs (issue 9 items 7, 9) -------------------------------------------------------------

def test_several_files_are_scored_together(tmp_path: Path) -> None:
    one = small_csv(tmp_path / "t1.csv", ("Ann", "Bo"))
    two = small_csv(tmp_path / "t2.csv", ("Cy", "Di"))
    result = run("score", str(one), str(two), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [p["name"] for p in data["players"]] == ["Ann", "Bo", "Cy", "Di"]
    assert data["winners"] == ["Bo", "Di"] and data["winner"] == ["Bo", "Di"]
    assert [p["rank"] for p in data["players"]] == [3, 1, 3, 1]
    alone = json.loads(run("score", str(one), "--json").stdout)
    assert alone["winners"] == ["Bo"] and alone["winner"] == "Bo"
    clash = run("score", str(one), str(one), "--json")
    assert "player 'Ann' is also in" in one_error_line(clash)


def test_score_with_a_seed_adds_legality_and_par(tmp_path: Path) -> None:
    result = run("score", str(small_csv(tmp_path / "g.csv")), "--json", "--seed", "7")
    assert result.exit_code == 3, result.output  # not legal for the seed, as check says
    data = json.loads(result.stdout)
    assert data["seed"] == 7 and isinstance(data["par"], int)
    assert all(p["legal"] is False and p["problem"] for p in data["players"])
    text = run("score", str(tmp_path / "g.csv"), "--seed", "7", "--pdf",
               str(tmp_path / "s.pdf"))
    assert f"Seed 7: par {data['par']}" in text.stdout
    assert "Ann: not legal for seed 7" in text.stdout


@pytest.mark.slow
def test_sheet_names_and_large_counts(tmp_path: Path) -> None:
    out = tmp_path / "s.pdf"
    assert run("sheet", "usa", "-n", "30", "-o", str(out)).exit_code == 0
    assert len(PdfReader(io.BytesIO(out.read_bytes())).pages) == 30
    assert run("sheet", "usa", "--players", "Ann,Zoë", "-n", "3", "-o", str(out)).exit_code == 0
    pages = PdfReader(io.BytesIO(out.read_bytes())).pages
    assert len(pages) == 3
    assert "Ann" in pages[0].extract_text() and "Zoë" in pages[1].extract_text()


def test_template_with_thirty_columns(tmp_path: Path) -> None:
    out = tmp_path / "club.csv"
    assert run("template", "usa", "-n", "30", "-o", str(out)).exit_code == 0
    header = out.read_text(encoding="utf-8").splitlines()[1].split(",")
    assert header[0] == "space" and header[-1] == "Player 30" and len(header) == 31


@pytest.mark.slow
def test_kit_takes_a_game_a_sheet_count_and_backs(tmp_path: Path) -> None:
    out = tmp_path / "kit.pdf"
    result = run("kit", "ontour", "-n", "2", "--backs", "none", "-o", str(out))
    assert result.exit_code == 0, result.output
    reader = PdfReader(io.BytesIO(out.read_bytes()))
    outline = [o.title for o in reader.outline]
    assert "Cards (fronts only)" in outline
    assert "On Tour: USA" in reader.pages[0].extract_text()


# --- hostile input (issue 15 item 1) ----------------------------------------------------

def test_check_reads_what_score_reads(tmp_path: Path) -> None:
    path = tmp_path / "b.csv"
    path.write_bytes(b"# map: usa\nspace,A\nWA,\x81\n")
    for command in (["score", str(path)], ["check", str(path), "--seed", "1"]):
        line = one_error_line(run(*command))
        assert f"{path}:3:4: expected UTF-8 text; got byte 0x81" in line


def test_score_into_a_folder_says_so_before_printing(tmp_path: Path) -> None:
    csv_path = small_csv(tmp_path / "g.csv")
    line = one_error_line(run("score", str(csv_path), "-o", str(tmp_path)))
    assert "is a folder" in line


def test_unwritable_destination_is_refused_before_work(tmp_path: Path, monkeypatch) -> None:
    csv_path = small_csv(tmp_path / "g.csv")
    real = os.access
    locked = tmp_path / "locked"
    locked.mkdir()
    monkeypatch.setattr(os, "access",
                        lambda p, mode: False if Path(p) == locked else real(p, mode))
    line = one_error_line(run("score", str(csv_path), "-o", str(locked / "s.pdf")))
    assert "cannot be written" in line
    assert list(locked.iterdir()) == []


def test_a_thousand_digit_seed_gets_a_short_name(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    seed = "7" * 1000
    result = run("script", "usa", "--seed", seed)
    assert result.exit_code == 0, result.output
    (written,) = (tmp_path / "output").iterdir()
    assert len(written.name) < 60 and written.name.startswith("usa-seed-77777777-")
