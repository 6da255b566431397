"""``sheetgen plan``: JSON per the spec, the text, the PDF, and one-line errors."""

from __future__ import annotations

import io
import json
import math
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from sheetgen.cli import main
from sheetgen.games.byways.roadmap import find_roadmap


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_json_follows_the_spec(tmp_path: Path) -> None:
    out = tmp_path / "plan.pdf"
    result = run("plan", "byways", "--start", "TX", "--seed", "7", "--json", "-o", str(out))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) == {"schema", "map", "seed", "start", "hand", "dropped", "spaces",
                         "turns", "drive", "avoid"}
    assert data["start"] == "TX" and data["avoid"] is None
    assert len(data["hand"]) == 12 and len(data["dropped"]) in (1, 2)
    road = find_roadmap()
    assert data["drive"][0]["space"] == data["drive"][-1]["space"] == road.starts["TX"]
    assert data["spaces"] == len(data["drive"]) - 1
    assert data["turns"] == math.ceil(data["spaces"] / 6)
    kept = set(data["hand"]) - set(data["dropped"])
    assert {s["byway"] for s in data["drive"]} - {None} == kept
    reader = PdfReader(io.BytesIO(out.read_bytes()))
    assert len(reader.pages) >= 2
    assert "Dallas" in reader.pages[1].extract_text()


def test_text_names_the_drop_and_every_turn(tmp_path: Path) -> None:
    result = run("plan", "byways", "--start", "ga", "--hand",
                 "Oregon Coast Highway, cherohala skyway,Catskill Mountains Scenic Byway,"
                 "russell-brasstown-scenic-byway", "--avoid", "b", "-o", str(tmp_path / "p.pdf"))
    assert result.exit_code == 0, result.output
    assert "Drop: Oregon Coast Highway" in result.stdout
    assert "construction B avoided" in result.stdout
    turns = [line for line in result.stdout.splitlines() if line.startswith("Turn")]
    total = int(result.stdout.split("Total: ")[1].split()[0])
    assert len(turns) == math.ceil(total / 6)


@pytest.mark.parametrize(("args", "fragment"), [
    (["--start", "NV", "--seed", "1"], "--start: 'NV' is not a start space"),
    (["--start", "TX", "--hand", "Route 99"], "--hand: no byway called 'Route 99'"),
    (["--start", "TX", "--hand", "Tioga Road,tioga road"], "named twice"),
    (["--start", "TX", "--seed", "1", "--avoid", "Q"], "--avoid: expected a construction"),
])
def test_mistakes_are_one_line_errors_and_write_nothing(tmp_path: Path, args: list[str],
                                                          fragment: str) -> None:
    out = tmp_path / "p.pdf"
    result = run("plan", "byways", *args, "-o", str(out))
    assert result.exit_code == 1
    assert fragment in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert not out.exists()


@pytest.mark.parametrize(("args", "fragment"), [
    (["--start", "TX"], "give --hand NAME,... or --seed N"),
    (["--start", "TX", "--seed", "1", "--hand", "Tioga Road"],
     "--hand: give a hand or a seed to deal one, not both"),
])
def test_a_hand_or_a_seed_is_a_usage_error(tmp_path: Path, args: list[str],
                                           fragment: str) -> None:
    out = tmp_path / "p.pdf"
    result = run("plan", "byways", *args, "-o", str(out))
    assert result.exit_code == 2
    assert fragment in result.output.strip().splitlines()[-1]
    assert not out.exists()


def test_a_game_without_a_planner_says_so() -> None:
    result = run("plan", "usa", "--start", "TX", "--seed", "1")
    assert result.exit_code == 1 and "has no planner" in result.output
