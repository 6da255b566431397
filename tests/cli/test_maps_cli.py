from __future__ import annotations

import json

from click.testing import CliRunner

from sheetgen.cli import main


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_maps_json_lists_usa_with_its_space_count() -> None:
    result = run("maps", "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["schema"] == 1
    assert {"id": "ontour", "title": "On Tour", "maps": ["europe", "usa"],
            "default_map": "usa"} in data["games"]
    rows = {row["id"]: row for row in data["maps"]}
    assert rows["usa"] == {"id": "usa", "game": "ontour", "title": "On Tour: USA",
                           "spaces": 41}


def test_map_show_json_has_the_spec_shape() -> None:
    result = run("map", "show", "usa", "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert list(data) == ["schema", "id", "game", "title", "spaces", "edges", "cards"]
    assert data["spaces"][0] == {"id": "WA", "name": "Washington",
                                 "regions": ["north", "west"]}
    assert ["GA", "SC"] in data["edges"] and len(data["edges"]) == 90
    assert {"space": "NENG", "region": "east"} in data["cards"]


def test_map_names_are_case_insensitive() -> None:
    assert run("map", "show", "USA", "--json").exit_code == 0


def test_unknown_map_lists_the_known_ones_without_a_traceback() -> None:
    result = run("map", "show", "mars")
    assert result.exit_code == 1
    assert "unknown map 'mars'" in result.output and "usa" in result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_maps_table_has_headers_for_games_and_maps() -> None:
    lines = run("maps").output.splitlines()
    assert lines[0] == "Games" and lines[1].split()[:2] == ["id", "title"]
    assert any(ln.split()[:1] == ["ontour"] for ln in lines)
    maps_at = lines.index("Maps")
    assert lines[maps_at + 1].split() == ["id", "game", "title", "spaces"]
    assert any(ln.split()[:2] == ["usa", "ontour"] for ln in lines[maps_at:])


def test_a_game_id_stands_for_its_default_map() -> None:
    assert run("map", "show", "ontour").output.startswith("On Tour: USA (usa)")
