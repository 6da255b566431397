"""Highways & Byways on the command line: the seeded race (``script``, ``--par``,
``--solo``), drive logs (``check``, ``score``, ``--scorepad``) and one seed, one deal in
``script`` and ``plan``."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from sheetgen.cli import main
from sheetgen.games.byways.drivelog import format_drive_log
from sheetgen.games.byways.driver import par_race
from sheetgen.games.byways.race import find_course
from sheetgen.games.byways.script import ordinal


def run(*args: str):  # noqa: ANN201 - click's Result
    return CliRunner().invoke(main, list(args))


def pdf_text(path: Path) -> list[str]:
    return [p.extract_text() for p in PdfReader(io.BytesIO(path.read_bytes())).pages]


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    race = par_race("byways", 7, 3)
    folder = tmp_path_factory.mktemp("drives")
    out = []
    for seat, name in ((1, "Ann"), (2, "Ben")):
        path = folder / f"{name.lower()}.csv"
        path.write_text(format_drive_log(race, find_course(), seat, name), encoding="utf-8")
        out.append(path)
    return out


def test_par_plays_every_seat_and_prints_rounds_and_places() -> None:
    result = run("script", "byways", "--seed", "7", "-n", "3", "--par")
    assert result.exit_code == 0, result.output
    race = par_race("byways", 7, 3)
    for s in race.seats:
        assert f"player {s.seat} ({s.vehicle.name} from" in result.stdout
        assert f"home in round {s.home_round}" in result.stdout
    data = json.loads(run("script", "byways", "--seed", "7", "-n", "3", "--par",
                          "--json").stdout)
    assert [(p["player"], p["round"], p["place"]) for p in data["par"]] == [
        (s.seat, s.home_round, s.place) for s in race.seats]


@pytest.mark.slow
def test_plan_deals_the_hand_script_gives_the_seat(tmp_path: Path) -> None:
    """Issue: ``plan byways --seed N`` dealt another hand than ``script`` gave the seats."""
    script = json.loads(run("script", "byways", "--seed", "7", "-n", "3",
                            "--json").stdout)
    for seat in (1, 2, 3):
        result = run("plan", "byways", "--start", "TX", "--seed", "7", "--seat", str(seat),
                     "-n", "3", "--json", "-o", str(tmp_path / f"p{seat}.pdf"))
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)["hand"] == script["hands"][seat - 1]
    four = json.loads(run("script", "byways", "--seed", "7", "--json").stdout)
    result = run("plan", "byways", "--start", "TX", "--seed", "7", "--json", "-o",
                 str(tmp_path / "p.pdf"))
    assert json.loads(result.stdout)["hand"] == four["hands"][0]


@pytest.mark.parametrize(("args", "code", "fragment"), [
    (["--seed", "7", "--seat", "4", "-n", "3"], 1, "--seat: seat 4 is not one of the 3"),
    (["--seed", "7", "-n", "5"], 2, "'-n' / '--count': 5 is not in the range 2<=x<=4"),
    (["--hand", "Tioga Road", "--seat", "2"], 2, "--seat: it picks a seat of a seeded deal"),
    (["--hand", "Tioga Road", "-n", "3"], 2, "-n/--count: it is the number of players of"),
])
def test_plan_seat_errors_are_one_line(args: list[str], code: int, fragment: str) -> None:
    result = run("plan", "byways", "--start", "TX", *args)
    assert result.exit_code == code and fragment in result.output
    assert "Traceback" not in result.output


@pytest.mark.slow
def test_the_race_script_and_the_solo_pages(tmp_path: Path) -> None:
    race_pdf, solo_pdf = tmp_path / "race.pdf", tmp_path / "solo.pdf"
    assert run("script", "byways", "--seed", "7", "-n", "3", "-o",
               str(race_pdf)).exit_code == 0
    text = "\n".join(pdf_text(race_pdf))
    race = par_race("byways", 7, 3)
    for record in race.rounds:
        assert f"Round {record.round}: construction {record.letter}" in text
    assert "Finishing order" in text
    result = run("script", "byways", "--seed", "7", "-n", "3", "--solo", "2", "-o",
                 str(solo_pdf))
    assert result.exit_code == 0, result.output
    pages = pdf_text(solo_pdf)
    assert "Solo challenge: seed 7, player 2 of 3" in pages[0]
    for s in race.seats:
        if s.seat != 2:
            assert f"home in round {s.home_round}" in pages[0]
    sheet = "\n".join(pages[1:])
    assert "Solo challenge log" in sheet and "Your spaces this round" in sheet
    for s in race.seats:
        if s.seat != 2:
            assert f"home ({ordinal(s.place)})" in sheet


def test_default_names_carry_the_players_and_the_seat(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["script", "byways", "--seed", "7", "-n", "2",
                                       "--solo", "1"], env={"HOME": str(tmp_path)})
    assert result.exit_code == 0, result.output
    assert "byways-seed-7-2p-solo-1-a4.pdf" in result.output


@pytest.mark.parametrize(("args", "fragment"), [
    (["--solo", "1", "--par"], "--solo: it writes the solo challenge's pages"),
    (["--solo", "1", "--json"], "--solo: it writes"),
])
def test_solo_with_another_output_is_a_usage_error(args: list[str], fragment: str) -> None:
    result = run("script", "byways", "--seed", "7", *args)
    assert result.exit_code == 2 and fragment in result.output


def test_solo_seat_outside_the_table_is_one_line() -> None:
    result = run("script", "byways", "--seed", "7", "-n", "2", "--solo", "3")
    assert result.exit_code == 1 and "--solo: expected a seat 1-2, got 3" in result.output


def test_check_exit_codes(logs: list[Path], tmp_path: Path) -> None:
    ok = run("check", str(logs[0]), "--seed", "7")
    assert ok.exit_code == 0 and "Ann: legal for byways seed 7" in ok.output
    text = logs[0].read_text(encoding="utf-8").splitlines()
    row = next(i for i, line in enumerate(text) if line.startswith("3,"))
    text[row] = '3,"Key West, FL > Seattle, WA"'
    bad = tmp_path / "bad.csv"
    bad.write_text("\n".join(text) + "\n", encoding="utf-8")
    illegal = run("check", str(bad), "--seed", "7")
    assert illegal.exit_code == 3
    assert "round 3, move 1: Key West, FL (key_west_fl) is not linked to" in illegal.output
    text[row] = "3,Atlantis"
    bad.write_text("\n".join(text) + "\n", encoding="utf-8")
    broken = run("check", str(bad), "--seed", "7")
    assert broken.exit_code == 1 and f"bad.csv:{row + 1}:2: no space called 'Atlantis'" \
        in broken.output


@pytest.mark.slow
def test_score_places_the_logs_among_the_drivers_and_fills_the_pad(logs: list[Path],
                                                                   tmp_path: Path) -> None:
    race = par_race("byways", 7, 3)
    result = run("score", *map(str, logs), "--scorepad", "-o", str(tmp_path / "s.pdf"))
    assert result.exit_code == 0, result.output
    for name, seat in (("Ann", 1), ("Ben", 2)):
        s = race.seats[seat - 1]
        assert f"Ann (player 1, {race.seats[0].vehicle.name}" in result.output
        assert f"{name} (player {seat}" in result.output
        assert f"home in round {s.home_round}" in result.output
    assert "built-in driver (player 3" in result.output
    pad = "\n".join(pdf_text(tmp_path / "ann-and-1-more-scorepad-a4.pdf"))
    assert race.seats[0].vehicle.name in pad and str(race.seats[0].home_round) in pad
    scored = pdf_text(tmp_path / "s.pdf")
    assert "Standings" in scored[-1] and len(scored) >= 5
    data = json.loads(run("score", *map(str, logs), "--json").stdout)
    assert [p["place"] for p in data["players"]] == [s.place for s in race.seats[:2]]
    assert [d["player"] for d in data["drivers"]] == [3]


def test_the_readme_drive_log_checks(tmp_path: Path) -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    block = readme.split("```\n# map: byways\n", 1)[1].split("```", 1)[0]
    log = tmp_path / "ann.csv"
    log.write_text("# map: byways\n" + block, encoding="utf-8")
    result = run("check", str(log), "--seed", "7")
    assert result.exit_code == 0, result.output
    assert "Ann: legal for byways seed 7" in result.output
