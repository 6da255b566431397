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
    cells["Hamburg"] = Cell.number(61)  # every ten: the variant's 2 points can be
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


def on_tour_csv(folder: Path, map_id: str) -> Path:
    game_map = find_map(map_id)
    cells = {s: Cell.cross() for s in game_map.space_ids}
    first, second = game_map.space_ids[:2]
    cells.update({first: Cell.number(10), second: Cell.number(20, True)})
    path = folder / f"{map_id}.csv"
    path.write_text(format_boards(game_map, [Board(map_id, "Ann", cells)]), encoding="utf-8")
    return path


GAME_OF = {"usa": "ontour", "europe": "ontour", "paris": "ontour", "germany": "dicetrip",
           "byways": "byways"}
"""Which block of docs/json.md describes a map's outputs (Paris shares On Tour's)."""
HEADINGS = {
    ("map show", "ontour"): "sheetgen map show MAP --json",
    ("map show", "dicetrip"): "sheetgen map show germany --json",
    ("map show", "byways"): "sheetgen map show byways --json",
    ("script", "ontour"): "sheetgen script MAP --seed N --json",
    ("script", "dicetrip"): "sheetgen script germany --seed N --json",
    ("script", "byways"): "sheetgen script byways --seed N --json",
    ("script --par", "ontour"): "sheetgen script MAP --seed N --par --json",
    ("script --par", "dicetrip"): "sheetgen script germany --seed N --par --json",
    ("script --par", "byways"): "sheetgen script byways --seed N --par --json",
    ("score", "ontour"): "sheetgen score BOARD.csv... --json",
    ("score", "dicetrip"): "sheetgen score TRIP.csv... --json",
    ("check", "ontour"): "sheetgen check BOARD.csv --seed N --json",
    ("check", "dicetrip"): "sheetgen check BOARD.csv --seed N --json",
    ("score", "byways"): "sheetgen score DRIVE.csv... --json",
    ("check", "byways"): "sheetgen check BOARD.csv --seed N --json",
}


def outputs(board_csv: Path, trip_csv: Path | None = None,
            drive_csv: Path | None = None) -> dict[str, list[list[str]]]:
    """Every JSON output, for every map: each command with ``--json`` (found by walking
    the command tree, so a new one must be added here and documented) on each map it
    takes, under the heading of docs/json.md that describes it."""
    folder = board_csv.parent
    csvs = {"usa": board_csv, "europe": on_tour_csv(folder, "europe"),
            "paris": on_tour_csv(folder, "paris")}
    if trip_csv is not None:
        csvs["germany"] = trip_csv
    if drive_csv is not None:
        csvs["byways"] = drive_csv
    runs: dict[str, list[list[str]]] = {}

    def add(key: tuple[str, str], args: list[str]) -> None:
        runs.setdefault(HEADINGS[key], []).append(args)

    for map_id, game in GAME_OF.items():
        add(("map show", game), ["map", "show", map_id, "--json"])
        add(("script", game), ["script", map_id, "--seed", "7", "--json"])
        if game == "byways":
            add(("script", game), ["script", map_id, "--seed", "7", "-n", "2", "--json"])
        add(("script --par", game), ["script", map_id, "--seed", "7", "--par", "--json"])
        if map_id in csvs:
            add(("score", game), ["score", str(csvs[map_id]), "--json"])
            for seed in ("3", "7"):
                add(("score", game), ["score", str(csvs[map_id]), "--json", "--seed", seed])
                add(("check", game), ["check", str(csvs[map_id]), "--seed", seed, "--json"])
    runs["sheetgen maps --json"] = [["maps", "--json"]]
    runs["sheetgen script MAP --seed N --perfect --json"] = [
        ["script", m, "--seed", "7", "--perfect", "--json", "--time-limit", "0.2"]
        for m in ("usa", "paris")]
    runs["sheetgen plan byways --json"] = [
        ["plan", "byways", "--start", "TX", "--seed", "7", "--json"],
        ["plan", "byways", "--start", "CA", "--hand", "The Loneliest Road,Beartooth Highway",
         "--avoid", "B", "--json"]]
    return runs


def test_every_command_with_json_is_run() -> None:
    import click

    from sheetgen.cli import main

    walked = set()
    for name, command in main.commands.items():
        inner = command.commands.items() if isinstance(command, click.Group) else [("", command)]
        for sub, cmd in inner:
            if any("--json" in getattr(p, "opts", []) for p in cmd.params):
                walked.add(f"{name} {sub}".strip())
    assert walked == {"maps", "map show", "script", "score", "check", "plan"}


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
            if "map" in data:
                assert data["map"] in args or args[0] in ("score", "check"), args


def test_json_alone_draws_nothing(board_csv: Path, tmp_path: Path,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """score and plan: no PDF with --json unless -o or --pdf names one."""
    monkeypatch.chdir(tmp_path)
    for args in (["plan", "byways", "--start", "TX", "--seed", "7", "--json"],
                 ["score", str(board_csv), "--json"]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0, result.output
        assert result.stderr == ""
        assert list(tmp_path.iterdir()) == []
    result = CliRunner().invoke(main, ["plan", "byways", "--start", "TX", "--seed", "7",
                                       "--json", "--pdf", "p.pdf"])
    assert result.exit_code == 0 and (tmp_path / "p.pdf").read_bytes()[:4] == b"%PDF"


def test_map_json_is_the_whole_map() -> None:
    from sheetgen.games.byways.roadmap import find_roadmap

    byways = json.loads(CliRunner().invoke(main, ["map", "show", "byways", "--json"]).stdout)
    road = find_roadmap()
    assert byways["starts"] == dict(road.starts)
    assert [b["name"] for b in byways["byways"]] == [b.name for b in road.byways]
    kinds = {s["id"]: s["kind"] for s in byways["spaces"]}
    assert {kinds[s] for b in road.byways for s in b.spaces} <= {"red", "blue",
                                                                  "intersection"}
    assert sum(len(v) for v in byways["construction"].values()) == len(road.letters)
    trip = json.loads(CliRunner().invoke(main, ["map", "show", "germany", "--json"]).stdout)
    germany = find_map("germany")
    assert sorted(s for z in trip["zones"] for s in z["spaces"]) == sorted(germany.space_ids)
    assert {s for c in trip["colours"] for s in c["spaces"]} == {
        s.id for s in germany.spaces if s.colour}


def test_score_json_ties_share_a_rank_and_list_the_winners(board_csv: Path) -> None:
    data = json.loads(CliRunner().invoke(main, ["score", str(board_csv), "--json"]).stdout)
    assert [p["rank"] for p in data["players"]] == [1, 1]
    assert data["winners"] == ["Ann", "Bo"] == data["winner"]
