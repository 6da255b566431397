"""Dice Trip through the commands: template, score, check, script, sheet and kit for
``germany``, all found through the game registry."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from sheetgen.cli import main
from sheetgen.games.dicetrip.grammar import format_trip_boards
from sheetgen.games.dicetrip.player import play
from sheetgen.games.dicetrip.rules import make_script
from sheetgen.maps import find_map
from sheetgen.model import Board, Cell

MM = 72 / 25.4
GERMANY = find_map("germany")


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def par_board(seed: int, name: str) -> Board:
    return Board("germany", name, play(GERMANY, make_script("germany", seed)).board.cells)


@pytest.fixture(scope="module")
def boards_csv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("trip") / "trip.csv"
    a = par_board(5, "Anna")
    path.write_text(format_trip_boards(GERMANY, [a, Board("germany", "Bo", a.cells)], [2, 2]),
                    encoding="utf-8")
    return path


def test_template_writes_a_blank_trip_csv(tmp_path: Path) -> None:
    out = tmp_path / "t.csv"
    result = run("template", "germany", "--players", "A,B", "-o", str(out))
    assert result.exit_code == 0, result.output
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[:3] == ["# map: germany", "city,A,B", "Kiel,,"] and lines[-1] == "variant,,"


def test_score_json_lists_every_part_and_a_tie(boards_csv: Path, tmp_path: Path) -> None:
    result = run("score", str(boards_csv), "--json", "-o", str(tmp_path / "s.pdf"))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["map"] == "germany" and data["schema"] == 1
    assert data["winner"] == data["winners"] == ["Anna", "Bo"]
    anna = data["players"][0]
    assert [p["rank"] for p in data["players"]] == [1, 1]
    assert set(anna) == {"name", "rank", "score", "bonus_cities", "crossed", "road", "road_points",
                         "series", "series_points", "clean_zones", "zone_points",
                         "variant_points"}
    assert anna["variant_points"] == 2 and anna["road_points"] == len(anna["road"])
    reader = PdfReader(io.BytesIO((tmp_path / "s.pdf").read_bytes()))
    assert len(reader.pages) == 3  # two sheets and the standings


def test_check_accepts_a_par_board_and_names_a_bad_cell(boards_csv: Path,
                                                        tmp_path: Path) -> None:
    result = run("check", str(boards_csv), "--seed", "5")
    assert result.exit_code == 0, result.output
    assert "Anna: legal for germany seed 5" in result.output
    # the par board of another seed does not fit seed 5's dice
    bad = tmp_path / "bad.csv"
    bad.write_text(format_trip_boards(GERMANY, [par_board(6, "C")]), "utf-8")
    result = run("check", str(bad), "--seed", "5")
    assert result.exit_code == 3  # an illegal board
    first = result.output.splitlines()[0]
    assert first.startswith("C: not legal for germany seed 5: ")
    city = first.split(": ")[2]
    assert GERMANY.find_space(city) is not None, first


def test_script_json_is_the_same_for_the_same_seed() -> None:
    a, b = run("script", "germany", "--seed", "11", "--json"), run("script", "germany",
                                                                   "--seed", "11", "--json")
    assert a.exit_code == 0 and a.output == b.output
    data = json.loads(a.output)
    assert len(data["rounds"]) == 13 and all(len(r["reroll"]) == 4 for r in data["rounds"])


def test_script_par_and_pdf(tmp_path: Path) -> None:
    result = run("script", "germany", "--seed", "11", "--par", "--json")
    assert result.exit_code == 0, result.output
    par = json.loads(result.output)
    assert par["par"] > 20 and par["map"] == "germany"
    out = tmp_path / "s.pdf"
    assert run("script", "germany", "--seed", "11", "-o", str(out)).exit_code == 0
    assert len(PdfReader(io.BytesIO(out.read_bytes())).pages) == 1


@pytest.mark.parametrize(("paper", "size"), [("a4", (210.0, 297.0)),
                                              ("letter", (215.9, 279.4))])
def test_sheet_one_portrait_page_per_player(tmp_path: Path, paper: str,
                                            size: tuple[float, float]) -> None:
    out = tmp_path / "sheet.pdf"
    result = run("sheet", "germany", "-n", "3", "--paper", paper, "-o", str(out))
    assert result.exit_code == 0, result.output
    reader = PdfReader(io.BytesIO(out.read_bytes()))
    assert len(reader.pages) == 3
    box = reader.pages[0].mediabox
    assert abs(float(box.width) / MM - size[0]) < 0.1
    assert abs(float(box.height) / MM - size[1]) < 0.1


@pytest.mark.slow
def test_kit_germany_builds_with_bookmarks(tmp_path: Path) -> None:
    out = tmp_path / "kit.pdf"
    result = run("kit", "germany", "-o", str(out))
    assert result.exit_code == 0, result.output
    reader = PdfReader(io.BytesIO(out.read_bytes()))
    titles = [o.title for o in reader.outline if not isinstance(o, list)]
    assert titles[:3] == ["Cover", "Rules summary", "Player sheets"]
    assert any(t.startswith("Seeded game 1 (par ") for t in titles)
    assert titles[-3:] == ["Scorepad", "Scoring with sheetgen", "Open data and fonts"]
    marks = {o.title: reader.get_destination_page_number(o) for o in reader.outline
             if not isinstance(o, list)}
    pad = reader.pages[marks["Scorepad"]].extract_text()
    assert "Longest" in pad and "Crossed" in pad and "Running" in pad
    # cover, rules, 8 sheets, dice, seeded game, scorepad, how-to, credits
    assert len(reader.pages) == 1 + 1 + 8 + 1 + 1 + 1 + 1 + 1


# --- the variant's points, held to the board and to the seed ---------------------------


def _variant_csv(tmp_path: Path, board: Board, points: int) -> Path:
    path = tmp_path / "variant.csv"
    path.write_text(format_trip_boards(GERMANY, [board], [points]), encoding="utf-8")
    return path


def test_score_refuses_variant_points_the_board_cannot_have(tmp_path: Path) -> None:
    board = par_board(3, "Ann")
    crossed = {c: Cell.cross() if cell.value and cell.value // 10 == 6 else cell
               for c, cell in board.cells.items()}  # no 6x: the tens never complete
    csv_path = _variant_csv(tmp_path, Board("germany", "Ann", crossed), 2)
    result = run("score", str(csv_path), "--json")
    assert result.exit_code == 1
    line = len(GERMANY.spaces) + 3  # the map line, the header, the cities, the variant
    assert result.output.strip() == (
        f"Error: {csv_path}:{line}:2: Ann: 2 variant points, but the board has no number "
        "of 61-66: the variant scores once a number of every ten is written; expected 0 "
        "or blank")


def test_check_says_when_the_seed_rules_the_variant_points_out(tmp_path: Path) -> None:
    # seed 3's par board: in any order 0-8 points, but seed 3's dice write its tens
    # complete with at most 3 coloured cities still empty (tests/games/dicetrip/
    # test_variant.py holds the search to an oracle)
    board = par_board(3, "Ann")
    fine = run("score", str(_variant_csv(tmp_path, board, 5)), "--json")
    assert fine.exit_code == 0, fine.output
    assert json.loads(fine.stdout)["players"][0]["variant_points"] == 5
    result = run("check", str(_variant_csv(tmp_path, board, 5)), "--seed", "3")
    assert result.exit_code == 3
    assert result.output.splitlines()[0] == (
        "Ann: not legal for germany seed 3: 5 variant points: in no way the dice of seed 3 "
        "can have written this board were 5 coloured cities still empty after the round "
        "that first completed the tens")
    result = run("check", str(_variant_csv(tmp_path, board, 3)), "--seed", "3")
    assert result.exit_code == 0, result.output
