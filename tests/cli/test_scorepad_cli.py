"""``sheetgen scorepad`` and ``score --scorepad``: files written, read back, and one-line
errors that write nothing."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from pypdf import PdfReader

from sheetgen.cli import main
from sheetgen.games.ontour.grammar import format_boards
from sheetgen.maps import find_map
from sheetgen.model import Board, Cell

MM = 72 / 25.4


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def test_default_pad_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run("scorepad", "usa", "--paper", "letter")
    assert result.exit_code == 0, result.output
    reader = PdfReader(io.BytesIO((tmp_path / "output" / "usa-scorepad-letter-4p-8g.pdf")
                                  .read_bytes()))
    assert len(reader.pages) == 1
    assert float(reader.pages[0].mediabox.width) / MM == pytest.approx(279.4, abs=0.1)
    text = reader.pages[0].extract_text()
    assert "On Tour: USA · scorepad" in text and "Running" in text
    assert "Boat" not in text


def test_named_players_and_games(tmp_path: Path) -> None:
    out = tmp_path / "pad.pdf"
    result = run("scorepad", "dicetrip", "--players", "Ann,Bo", "--games", "12", "-o", str(out))
    assert result.exit_code == 0, result.output
    text = PdfReader(io.BytesIO(out.read_bytes())).pages[0].extract_text()
    assert "Ann" in text and "Bo" in text and "Longest" in text and "12" in text


def test_league(tmp_path: Path) -> None:
    out = tmp_path / "league.pdf"
    result = run("scorepad", "league", "--players", "Ann,Bo,Cy", "--games",
                 "usa,europe,usa", "-o", str(out))
    assert result.exit_code == 0, result.output
    text = PdfReader(io.BytesIO(out.read_bytes())).pages[0].extract_text()
    assert text.count("On Tour: USA") == 2 and "On Tour: Europe" in text
    assert "Points per place" in text


@pytest.mark.parametrize(("args", "message"), [
    (["atlantis"], "no scorepad for 'atlantis'; known: "),
    (["usa", "--games", "x"], "--games: expected a number"),
    (["usa", "--games", "99"], "--games: 99 is outside 1-40"),
    (["usa", "--players", "Ann,ann"], "--players: 'ann' is given twice"),
    (["usa", "--players", "Ann,\u0007"], "--players: a control character U+0007"),
    (["league", "--players", "Ann"], "league: give --players A,B,... and --games"),
    (["league", "--players", ",".join(f"P{k}" for k in range(20)), "--games", "usa"],
     "a league sheet holds 1 to"),
])
def test_errors_are_one_line_and_write_nothing(tmp_path: Path, args: list[str],
                                               message: str) -> None:
    out = tmp_path / "x.pdf"
    result = run("scorepad", *args, "-o", str(out))
    assert result.exit_code == 1
    assert message in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert not out.exists()


def test_score_scorepad_agrees_with_the_json(tmp_path: Path) -> None:
    usa = find_map("usa")
    spine = ["WA", "OR", "CA", "NV", "ID", "MT", "WY", "UT", "AZ", "NM", "CO"]
    crossed = {s: Cell.cross() for s in usa.space_ids}
    boards = [Board("usa", "Ann", crossed | {s: Cell.number(10 + k, k % 2 == 0)
                                             for k, s in enumerate(spine)}),
              Board("usa", "Bo", crossed | {s: Cell.number(50 - k)
                                            for k, s in enumerate(spine)})]
    csv_path = tmp_path / "night.csv"
    csv_path.write_text(format_boards(usa, boards), encoding="utf-8")
    result = run("score", str(csv_path), "--json", "--scorepad", "-o",
                 str(tmp_path / "night-scored.pdf"))
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "night-scored.pdf", "night-scorepad-a4.pdf", "night.csv"]
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    pad = PdfReader(io.BytesIO((tmp_path / "night-scorepad-a4.pdf").read_bytes()))
    text = pad.pages[0].extract_text()
    ann, bo = data["players"]
    assert (ann["score"], ann["spaces"], ann["circled"]) == (17, 11, 6)
    assert (bo["score"], bo["spaces"], bo["circled"]) == (11, 11, 0)
    # Ann's block, then Bo's: the name, then the first row's spaces, circled, total,
    # circled on the board, place, running total.
    assert "Ann" in text and "Bo" in text
    assert "11 6 17 6 1 17" in " ".join(text.split())
    assert "11 0 11 0 2 11" in " ".join(text.split())


def test_dicetrip_scorepad_agrees_with_the_json(tmp_path: Path) -> None:
    from sheetgen.games.dicetrip.grammar import format_trip_boards
    from sheetgen.games.dicetrip.player import play
    from sheetgen.games.dicetrip.rules import make_script

    germany = find_map("germany")
    boards = [Board("germany", name, play(germany, make_script("germany", seed)).board.cells)
              for name, seed in (("Anna", 5), ("Bo", 6))]
    csv_path = tmp_path / "germany-board.csv"
    csv_path.write_text(format_trip_boards(germany, boards, [2, 0]), encoding="utf-8")
    result = run("score", str(csv_path), "--json", "--scorepad", "-o",
                 str(tmp_path / "trip-scored.pdf"))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    pad = PdfReader(io.BytesIO((tmp_path / "germany-board-scorepad-a4.pdf").read_bytes()))
    text = " ".join(pad.pages[0].extract_text().split())
    assert "Total = Bonus cities − Crossed cities + Longest road" in text
    for player in data["players"]:
        # bonus cities, crossed cities (a count the pad subtracts), longest road, series,
        # zones, variant bonus, total, place, running total
        row = [len(player["bonus_cities"]), len(player["crossed"]), player["road_points"],
               player["series_points"], player["zone_points"], player["variant_points"],
               player["score"], player["rank"], player["score"]]
        assert row[0] - row[1] + sum(row[2:6]) == row[6]
        assert f"Name {player['name']} " in text
        block = text.split(f"Name {player['name']} ", 1)[1]
        assert f"8 {' '.join(map(str, row))}" in block
    assert {p["variant_points"] for p in data["players"]} == {2, 0}
    assert any(p["crossed"] for p in data["players"])


# --- a map id narrows the pad, in every command that prints one --------------------------

SVG_TEXT = "{http://www.w3.org/2000/svg}text"


def pad_oracle(map_id: str) -> tuple[str, list[str], list[str], list[str]]:
    """Read plainly from templates/scorepads/: the title of the map's pad, the column heads
    the map's games have (the running total last), the heads only other maps have, and
    the heads the total adds up."""
    import tomllib

    from sheetgen.resources import data_dir

    for path in sorted((data_dir("templates") / "scorepads").glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        if map_id in data.get("maps", []):
            mine = [c for c in data["column"] if map_id in c.get("maps", [map_id])]
            others = [c["label"] for c in data["column"] if c not in mine]
            return (data["title"], [c["label"] for c in mine] + [data["running"]["label"]],
                    others, [c["label"] for c in mine if c.get("sum", 0)])
    raise AssertionError(f"no pad records {map_id}")


def words(text: str) -> str:
    return " ".join(text.split())


def svg_words(svg: str) -> str:
    import xml.etree.ElementTree as ET

    return words(" ".join("".join(t.itertext()) for t in ET.fromstring(svg).iter(SVG_TEXT)))


def assert_the_maps_pad(map_id: str, text: str) -> list[str]:
    """``text`` (a pad's words) is ``map_id``'s pad: its title, every head of the map's
    columns and none of another map's. Returns the heads the total adds up."""
    _, heads, others, summed = pad_oracle(map_id)
    assert text.startswith(f"{find_map(map_id).title} · scorepad")
    for head in heads:
        assert words(head) in text, head
    for head in others:
        assert words(head) not in text, head
    return summed


def all_maps() -> list[str]:
    from sheetgen.maps import map_ids

    return list(map_ids())


@pytest.mark.parametrize("map_id", all_maps())
def test_scorepad_map_is_that_maps_pad(map_id: str, tmp_path: Path) -> None:
    from sheetgen.games import game_of
    from sheetgen.templates import paper

    out = tmp_path / "pad.svg"
    result = run("scorepad", map_id, "--format", "svg", "-o", str(out))
    assert result.exit_code == 0, result.output
    svg = out.read_text(encoding="utf-8")
    text = svg_words(svg)
    game_map = find_map(map_id)
    summed = assert_the_maps_pad(map_id, text)
    if len(summed) > 1:
        assert f"= {summed[0]}" in text and all(f" {h}" in text for h in summed[1:])
    # the very pad the kit carries and `score --scorepad` fills (four blocks, eight games)
    assert svg == game_of(game_map).scorepad_pages(game_map, paper("a4"), 4, 8)[0]


def test_paris_pad_has_boat_points_and_the_family_pad_has_not(tmp_path: Path) -> None:
    texts = {}
    for word in ("paris", "on-tour-paris", "ontour", "usa"):
        out = tmp_path / f"{word}.svg"
        assert run("scorepad", word, "--format", "svg", "-o", str(out)).exit_code == 0
        texts[word] = svg_words(out.read_text(encoding="utf-8"))
    paris = "Total = Spaces on the route + Circled on the route + Boat points."
    assert paris in texts["paris"] and paris in texts["on-tour-paris"]
    assert "Boat points rides" in texts["paris"]
    for word in ("ontour", "usa"):
        assert "Boat" not in texts[word]
        assert "Total = Spaces on the route + Circled on the route." in texts[word]


def _paris_board_with_a_ride() -> Board:
    """Clubs at dock A and at dock G, 10 then 20: a route of two clubs by one ride (A to G
    scores 6)."""
    paris = find_map("paris")
    dock = {d.letter: d.space for d in paris.docks}
    cells = {s: Cell.cross() for s in paris.space_ids}
    cells[dock["A"]] = Cell.number(10)
    cells[dock["G"]] = Cell.number(20, True)
    return Board("paris", "Ann", cells)


@pytest.mark.parametrize("map_id", ["usa", "europe", "paris", "germany"])
def test_score_scorepad_is_the_maps_pad(map_id: str, tmp_path: Path) -> None:
    game_map = find_map(map_id)
    if map_id == "germany":
        from sheetgen.games.dicetrip.grammar import format_trip_boards
        from sheetgen.games.dicetrip.player import play
        from sheetgen.games.dicetrip.rules import make_script

        board = Board("germany", "Ann", play(game_map, make_script("germany", 5)).board.cells)
        csv_text = format_trip_boards(game_map, [board])
    elif map_id == "paris":
        csv_text = format_boards(game_map, [_paris_board_with_a_ride()])
    else:
        first, second = game_map.space_ids[0], game_map.neighbours[game_map.space_ids[0]][0]
        cells = {s: Cell.cross() for s in game_map.space_ids}
        cells |= {first: Cell.number(10), second: Cell.number(20, True)}
        csv_text = format_boards(game_map, [Board(map_id, "Ann", cells)])
    csv_path = tmp_path / "night.csv"
    csv_path.write_text(csv_text, encoding="utf-8")
    result = run("score", str(csv_path), "--json", "--scorepad", "-o",
                 str(tmp_path / "night-scored.pdf"))
    assert result.exit_code == 0, result.output
    text = words(PdfReader(io.BytesIO((tmp_path / "night-scorepad-a4.pdf").read_bytes()))
                 .pages[0].extract_text())
    assert_the_maps_pad(map_id, text)
    if map_id == "paris":
        ann = json.loads(result.stdout)["players"][0]
        assert (ann["spaces"], ann["circled"], ann["boat_points"], ann["score"]) == (2, 1, 6, 9)
        # spaces, circled, boat points, total, circled on the board, place, running total
        assert "8 2 1 6 9 1 1 9" in text


@pytest.mark.slow
@pytest.mark.parametrize("map_id", all_maps())
def test_kit_scorepad_is_the_maps_pad(map_id: str, tmp_path: Path) -> None:
    out = tmp_path / "kit.pdf"
    pad = tmp_path / "pad.pdf"
    # Highways & Byways has one board for every player: no sheet count to give
    count = () if map_id == "byways" else ("-n", "1")
    assert run("kit", map_id, *count, "-o", str(out)).exit_code == 0
    assert run("scorepad", map_id, "-o", str(pad)).exit_code == 0
    reader = PdfReader(io.BytesIO(out.read_bytes()))
    marks = {m.title: reader.get_destination_page_number(m) for m in reader.outline
             if not isinstance(m, list)}
    kit_pad = words(reader.pages[marks["Scorepad"]].extract_text())
    assert kit_pad == words(PdfReader(io.BytesIO(pad.read_bytes())).pages[0].extract_text())
    _, heads, others, _ = pad_oracle(map_id)
    assert all(words(h) in kit_pad for h in heads)
    assert not any(words(h) in kit_pad for h in others)
