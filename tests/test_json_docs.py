"""Every JSON output matches the shape docs/json.md writes down for it."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from sheetgen.cli import main
from sheetgen.games.ontour.grammar import format_boards
from sheetgen.maps import find_map
from sheetgen.model import Board, Cell

ROOT = Path(__file__).resolve().parent.parent
TYPES = {"int": int, "str": str, "bool": bool, "null": type(None)}


def shapes() -> dict[str, Any]:
    text = (ROOT / "docs" / "json.md").read_text(encoding="utf-8")
    found = {}
    for heading, block in re.findall(r"^## `([^`]+)`.*?\n```shape\n(.*?)```", text,
                                     re.S | re.M):
        found[heading] = json.loads(block)
    return found


def conforms(value: Any, shape: Any, where: str = "$") -> list[str]:
    """Where ``value`` departs from ``shape`` (empty when it conforms)."""
    if isinstance(shape, str):
        if shape == "any":
            return []
        for option in shape.split("|"):
            if option == "[str]":
                if isinstance(value, list) and all(isinstance(v, str) for v in value):
                    return []
            elif type(value) is TYPES[option]:
                return []
        return [f"{where}: {value!r} is not {shape}"]
    if isinstance(shape, list):
        if not isinstance(value, list):
            return [f"{where}: not a list"]
        return [e for i, v in enumerate(value) for e in conforms(v, shape[0], f"{where}[{i}]")]
    if not isinstance(value, dict):
        return [f"{where}: not an object"]
    errors = []
    keys = {k.rstrip("?"): (v, k.endswith("?")) for k, v in shape.items() if k != "..."}
    for key, (sub, optional) in keys.items():
        if key in value:
            errors += conforms(value[key], sub, f"{where}.{key}")
        elif not optional:
            errors.append(f"{where}: missing {key!r}")
    if "..." not in shape:
        errors += [f"{where}: unexpected {k!r}" for k in value if k not in keys]
    return errors


def test_the_checker_catches_departures() -> None:
    shape = {"a": "int", "b?": ["str"], "c": "str|[str]|null"}
    assert conforms({"a": 1, "c": None}, shape) == []
    assert conforms({"a": 1, "c": ["x"], "b": ["y"]}, shape) == []
    assert conforms({"a": "1", "c": 2, "d": 0}, shape) == [
        "$.a: '1' is not int", "$.c: 2 is not str|[str]|null", "$: unexpected 'd'"]
    assert conforms({"c": "x"}, shape) == ["$: missing 'a'"]


@pytest.fixture(scope="module")
def board_csv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    usa = find_map("usa")
    cells = {s: Cell.cross() for s in usa.space_ids}
    cells.update(WA=Cell.number(10), OR=Cell.number(20, True))
    path = tmp_path_factory.mktemp("json") / "g.csv"
    path.write_text(format_boards(usa, [Board("usa", "Ann", cells),
                                        Board("usa", "Bo", dict(cells))]), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def trip_csv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from sheetgen.games.dicetrip.grammar import format_trip_boards
    from sheetgen.games.dicetrip.rules import TRACKER

    germany = find_map("germany")
    cells = {s: Cell.number(TRACKER[i]) for i, s in enumerate(germany.space_ids)}
    cells["Kiel"] = Cell.cross()
    path = tmp_path_factory.mktemp("json") / "trip.csv"
    path.write_text(format_trip_boards(germany, [Board("germany", "Ann", cells)], [2]),
                    encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def drive_csv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from sheetgen.games.byways.drivelog import format_drive_log
    from sheetgen.games.byways.driver import par_race
    from sheetgen.games.byways.race import find_course

    path = tmp_path_factory.mktemp("json") / "drive.csv"
    path.write_text(format_drive_log(par_race("byways", 7, 2), find_course(), 1, "Ann"),
                    encoding="utf-8")
    return path


def outputs(board_csv: Path, trip_csv: Path | None = None,
            drive_csv: Path | None = None) -> dict[str, list[list[str]]]:
    trip = [] if trip_csv is None else [["score", str(trip_csv), "--json"],
                                        ["score", str(trip_csv), "--json", "--seed", "3"]]
    drive = [] if drive_csv is None else [["score", str(drive_csv), "--json"],
                                          ["score", str(drive_csv), "--json", "--seed", "7"]]
    return {
        "sheetgen script byways --seed N --json": [["script", "byways", "--seed", "7",
                                                    "--players", "2", "--json"]],
        "sheetgen script byways --seed N --par --json": [["script", "byways", "--seed", "7",
                                                          "--par", "--json"]],
        "sheetgen score DRIVE.csv... --json": drive,
        "sheetgen score TRIP.csv... --json": trip,
        "sheetgen script germany --seed N --json": [["script", "germany", "--seed", "7",
                                                     "--json"]],
        "sheetgen script germany --seed N --par --json": [["script", "germany", "--seed",
                                                           "7", "--par", "--json"]],
        "sheetgen maps --json": [["maps", "--json"]],
        "sheetgen map show MAP --json": [["map", "show", "usa", "--json"],
                                         ["map", "show", "europe", "--json"]],
        "sheetgen score BOARD.csv... --json": [["score", str(board_csv), "--json"],
                                               ["score", str(board_csv), "--json",
                                                "--seed", "3"]],
        "sheetgen script MAP --seed N --json": [["script", "usa", "--seed", "7", "--json"]],
        "sheetgen script MAP --seed N --par --json": [["script", "usa", "--seed", "7",
                                                       "--par", "--json"]],
        "sheetgen script MAP --seed N --perfect --json": [["script", "usa", "--seed", "7",
                                                           "--perfect", "--json",
                                                           "--time-limit", "0.2"]],
        "sheetgen check BOARD.csv --seed N --json": [["check", str(board_csv), "--seed", "3",
                                                      "--json"]]
        + ([] if drive_csv is None else [["check", str(drive_csv), "--seed", "7", "--json"],
                                         ["check", str(drive_csv), "--seed", "8", "--json"]]),
    }


def test_every_json_output_is_documented_and_matches(board_csv: Path, trip_csv: Path,
                                                    drive_csv: Path) -> None:
    documented = shapes()
    runs = outputs(board_csv, trip_csv, drive_csv)
    assert set(documented) == set(runs)
    for heading, commands in runs.items():
        for args in commands:
            result = CliRunner().invoke(main, args)
            assert result.exit_code in (0, 3), (args, result.output)
            data = json.loads(result.stdout)
            assert list(data)[0] == "schema" and data["schema"] == 1, args
            assert conforms(data, documented[heading]) == [], args


def test_score_json_ties_share_a_rank_and_list_the_winners(board_csv: Path) -> None:
    data = json.loads(CliRunner().invoke(main, ["score", str(board_csv), "--json"]).stdout)
    assert [p["rank"] for p in data["players"]] == [1, 1]
    assert data["winners"] == ["Ann", "Bo"] == data["winner"]
