"""A name that is going to be drawn and that no shipped font prints as typed is refused
up front, naming where it came from; where nothing is drawn, it is accepted."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from sheetgen.cli import main
from sheetgen.maps import find_map


def _board(tmp_path: Path, names: list[str]) -> Path:
    rows = ["# map: usa", ",".join(["space", *names])]
    rows += [",".join([space.id, *("07" for _ in names)]) for space in find_map("usa")]
    path = tmp_path / "b.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def test_score_refuses_a_name_it_cannot_draw_with_its_position(tmp_path: Path) -> None:
    board = _board(tmp_path, ["Ann", "中文"])
    pdf = tmp_path / "out.pdf"
    result = CliRunner().invoke(main, ["score", str(board), "-o", str(pdf)])
    assert result.exit_code == 1
    message = result.output.strip().splitlines()[-1]
    assert f"{board}:2:3: the name" in message and "U+4E2D" in message
    assert "cannot be printed" in message
    assert not pdf.exists()


def test_score_json_draws_nothing_and_so_accepts_the_name(tmp_path: Path) -> None:
    board = _board(tmp_path, ["Ann", "中文"])
    result = CliRunner().invoke(main, ["score", str(board), "--json"])
    assert result.exit_code == 0, result.output
    assert '"中文"' in result.output


def test_sheet_players_refuses_an_undrawable_name(tmp_path: Path) -> None:
    target = tmp_path / "s.pdf"
    result = CliRunner().invoke(main, ["sheet", "usa", "--players", "Ann,👍",
                                       "-o", str(target)])
    assert result.exit_code == 1
    assert result.output.strip().splitlines()[-1].startswith("Error: --players: the name")
    assert not target.exists()


def test_hebrew_and_accented_names_print(tmp_path: Path) -> None:
    target = tmp_path / "s.pdf"
    result = CliRunner().invoke(main, ["sheet", "usa", "--players", "שרה,Zoë",
                                       "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert target.exists()
