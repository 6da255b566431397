"""Scorepads read back from the drawing: every column's label, one ruled row a game,
cells a pen fits in, the running total last, names once, filled values equal to the
scores; pads are data (a new pad file renders with no new code)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.games import find_game
from sheetgen.maps import find_map
from sheetgen.model import Board, Cell
from sheetgen.products.scorepad import (
    MIN_ROW,
    League,
    Pad,
    PadError,
    PadFitError,
    find_pad,
    league_pages,
    load_pads,
    parse_pad,
    scorepad_pages,
)
from sheetgen.templates import paper

SVG = "{http://www.w3.org/2000/svg}"
PADS = load_pads()


def classes(el: ET.Element) -> list[str]:
    return (el.get("class") or "").split()


def read_blocks(svg: str) -> list[dict]:
    """Each player block: name, head text per column id (in x order), rows, values."""
    root = ET.fromstring(svg)
    blocks = []
    for group in root.iter(f"{SVG}g"):
        if "pad-block" not in classes(group):
            continue
        heads: dict[str, list[tuple[float, str]]] = {}
        values: dict[str, str] = {}
        name = ""
        for el in group.iter(f"{SVG}text"):
            css = classes(el)
            for c in css:
                if c.startswith("pad-head-"):
                    heads.setdefault(c.removeprefix("pad-head-"), []).append(
                        (float(el.get("x")), el.text))
                if c.startswith("pad-value-"):
                    values[c.removeprefix("pad-value-")] = el.text
            if "pad-player" in css:
                name = el.text
        rows = [el for el in group.iter(f"{SVG}rect") if "pad-row" in classes(el)]
        blocks.append({
            "name": name,
            "order": sorted(heads, key=lambda k: heads[k][0][0]),
            "labels": {k: " ".join(t for _, t in v) for k, v in heads.items()},
            "rows": [(float(r.get("x")), float(r.get("y")), float(r.get("width")),
                      float(r.get("height"))) for r in rows],
            "values": values,
        })
    return blocks


CASES = [("usa", "a4", 4, 8), ("europe", "letter", 2, 16), ("paris", "a4", 6, 5),
         ("dicetrip", "letter", 4, 8), ("byways", "a4", 4, 10), ("ontour", "letter", 3, 12)]


@pytest.mark.parametrize(("game", "paper_id", "players", "games"), CASES)
def test_pad_reads_back(game: str, paper_id: str, players: int, games: int) -> None:
    pad = find_pad(game, PADS)
    assert isinstance(pad, Pad)
    sheet = paper(paper_id)
    pages = scorepad_pages(pad, sheet, players, games)
    assert len(pages) == 1, "a season fits one page"
    blocks = read_blocks(pages[0])
    assert len(blocks) == players
    width, height = sheet.landscape
    for block in blocks:
        assert block["labels"] == {c.id: c.label for c in pad.all_columns}
        assert block["order"] == [c.id for c in pad.all_columns]
        assert block["order"][-1] == "running"
        assert len(block["rows"]) == games
        for x, y, w, h in block["rows"]:
            assert h >= MIN_ROW - 1e-9
            assert x >= 10.0 - 0.1 and x + w <= width - 10.0 + 0.1
            assert y >= 10.0 - 0.1 and y + h <= height - 10.0 + 0.1
        tops = sorted(y for _, y, _, _ in block["rows"])
        assert all(b - a >= MIN_ROW - 1e-9 for a, b in zip(tops, tops[1:], strict=False))


def test_each_game_has_its_own_columns() -> None:
    def ids(word: str) -> list[str]:
        pad = find_pad(word, PADS)
        assert isinstance(pad, Pad)
        return [c.id for c in pad.all_columns]

    assert ids("usa") == ["spaces", "circled", "total", "circled_on_board", "place", "running"]
    assert ids("paris") == ["spaces", "circled", "boat", "total", "circled_on_board", "place",
                            "running"]
    assert ids("dicetrip") == ["bonus_cities", "crossed_cities", "longest_road", "series",
                               "zones", "variant_bonus", "total", "place", "running"]
    assert ids("germany") == ids("dicetrip")
    assert ids("byways") == ["vehicle", "start", "round", "place", "running"]
    dicetrip = find_pad("dicetrip", PADS)
    assert isinstance(dicetrip, Pad)
    assert dicetrip.formula() == ("Total = Bonus cities − Crossed cities + Longest road + "
                                  "Series points + Zones + Variant bonus.")


def test_names_are_written_once_and_a_club_runs_over_pages() -> None:
    pad = find_pad("usa", PADS)
    assert isinstance(pad, Pad)
    names = [f"Member {k:02d}" for k in range(30)]
    pages = scorepad_pages(pad, paper("a4"), names, 6)
    assert len(pages) > 1
    drawn = [b["name"] for svg in pages for b in read_blocks(svg)]
    assert drawn == names


def test_too_many_games_is_refused_with_the_limit() -> None:
    pad = find_pad("usa", PADS)
    assert isinstance(pad, Pad)
    with pytest.raises(PadFitError, match=r"40 games do not fit .* at most \d+"):
        scorepad_pages(pad, paper("a4"), 2, 40)


def test_a_new_pad_is_a_data_file_only(tmp_path: Path) -> None:
    (tmp_path / "tiny.toml").write_text(
        'id = "tiny"\ntitle = "Tiny Game"\nmaps = ["tinymap"]\n'
        '[[column]]\nid = "gems"\nlabel = "Gems"\nwidth = 15\nsum = 1\n'
        '[[column]]\nid = "traps"\nlabel = "Traps"\nwidth = 15\nsum = -1\n'
        '[[column]]\nid = "total"\nlabel = "Total"\nwidth = 15\ntotal = true\n'
        '[running]\nlabel = "Season"\nof = "total"\nwidth = 15\n', encoding="utf-8")
    pads = load_pads(tmp_path)
    pad = find_pad("tinymap", pads)
    assert isinstance(pad, Pad)
    pages = scorepad_pages(pad, paper("letter"), ["Ann", "Bo"], 5,
                           filled={"Ann": {"gems": 4, "traps": 1, "total": 3}})
    blocks = read_blocks(pages[0])
    assert [b["name"] for b in blocks] == ["Ann", "Bo"]
    assert blocks[0]["order"] == ["gems", "traps", "total", "running"]
    assert blocks[0]["values"] == {"gems": "4", "traps": "1", "total": "3", "running": "3"}
    assert blocks[1]["values"] == {}
    assert "Total = Gems − Traps." in pages[0]


@pytest.mark.parametrize(("body", "message"), [
    ('title = "x"', "missing key 'id'"),
    ('id = "x"\ntitle = "x"\n[[column]]\nid = "a"\nwidth = 10\n'
     '[running]\nlabel = "R"\nof = "a"\nwidth = 10', "column 1: missing key 'label'"),
    ('id = "x"\ntitle = "x"\n[[column]]\nid = "a"\nlabel = "A"\nwidth = 10\n'
     '[running]\nlabel = "R"\nof = "b"\nwidth = 10', "of = 'b' is not a column"),
    ('id = "x"\ntitle = "x"\n[[column]]\nid = "a"\nlabel = "A"\nwidth = 10\n'
     '[[column]]\nid = "a"\nlabel = "B"\nwidth = 10\n'
     '[running]\nlabel = "R"\nof = "a"\nwidth = 10', "'a' is used twice"),
    ('id = "x"\ntitle = "x"\n[[column]]\nid = "a"\nlabel = "A"\nwidth = 300\n'
     '[running]\nlabel = "R"\nof = "a"\nwidth = 10', "width 300 mm is outside"),
    ('id = "x"\ntitle = "x"\n[[column]]\nid = "a"\nlabel = "A"\nwidth = 10\ncolour = 1\n'
     '[running]\nlabel = "R"\nof = "a"\nwidth = 10', "unknown key 'colour'"),
    ('id = "x"\ntitle = "x"\n[[column]]\nid = "a"\nlabel = "A"\nwidth = 10\nsum = 2\n'
     '[running]\nlabel = "R"\nof = "a"\nwidth = 10', "sum must be 1, -1 or 0"),
])
def test_a_broken_pad_file_names_the_file_and_key(tmp_path: Path, body: str,
                                                  message: str) -> None:
    (tmp_path / "bad.toml").write_text(body, encoding="utf-8")
    with pytest.raises(PadError, match="^bad.toml") as caught:
        load_pads(tmp_path)
    assert message in str(caught.value)


def test_filled_pad_equals_the_score_json() -> None:
    usa = find_map("usa")
    spine = ["WA", "OR", "CA", "NV", "ID", "MT", "WY", "UT", "AZ", "NM", "CO"]
    boards = [Board("usa", name, {s: Cell.number(k * step, k % 3 == 0) if k * step < 100
                                  else Cell.cross() for k, s in enumerate(spine)})
              for name, step in (("Ann", 3), ("Bo", 9), ("Cy", 12))]
    game = find_game("ontour")
    table = game.score(usa, boards)
    data = game.score_json(table)
    pages = game.scorepad_pages(usa, paper("a4"), [b.player for b in boards], result=table)
    blocks = read_blocks(pages[0])
    assert [b["name"] for b in blocks] == [p["name"] for p in data["players"]]
    def place(player: dict) -> int:  # tied players (score and tie-break) share a place
        key = (player["score"], player["circled_on_board"])
        return 1 + sum((p["score"], p["circled_on_board"]) > key for p in data["players"])

    for block, player in zip(blocks, data["players"], strict=True):
        values = {k: int(v) for k, v in block["values"].items()}
        assert values == {"spaces": player["spaces"], "circled": player["circled"],
                          "total": player["score"], "running": player["score"],
                          "circled_on_board": player["circled_on_board"],
                          "place": place(player)}
        assert values["total"] == values["spaces"] + values["circled"]


def test_league_sheet() -> None:
    league = PADS["league"]
    assert isinstance(league, League)
    games = ["On Tour: USA", "On Tour: Europe", "Dice Trip", "On Tour: USA"]
    svg = league_pages(league, paper("letter"), ["Ann", "Bo", "Cy"], games)[0]
    root = ET.fromstring(svg)
    texts = [(classes(el), el.text) for el in root.iter(f"{SVG}text")]
    assert [t for c, t in texts if "pad-player" in c] == ["Ann", "Bo", "Cy"]
    assert [t for c, t in texts if "pad-game-name" in c] == games
    for key, label in zip(("place", "points", "running"), league.labels, strict=True):
        assert [t for c, t in texts if f"pad-head-{key}" in c] == [label] * 3
    rows = [el for el in root.iter(f"{SVG}rect") if "pad-row" in classes(el)]
    assert len(rows) == len(games) and all(float(r.get("height")) >= MIN_ROW for r in rows)
    heads = [(float(el.get("x")), c) for el in root.iter(f"{SVG}text")
             for c in classes(el) if c.startswith("pad-head-") and c != "pad-head-game"]
    assert max(heads)[1] == "pad-head-running"
    assert "1st 10 · 2nd 7 · 3rd 5" in svg
    assert league.points_for(1) == 10 and league.points_for(9) == 0
    with pytest.raises(PadFitError):
        league_pages(league, paper("a4"), [f"P{k}" for k in range(20)], games)
    with pytest.raises(PadFitError):
        league_pages(league, paper("a4"), ["A", "B"], ["usa"] * 40)


def test_packaged_pads_parse_to_what_their_files_say() -> None:
    assert sorted(PADS) == ["byways", "dicetrip", "league", "ontour"]
    assert parse_pad({"id": "l", "title": "L", "kind": "league", "points": [3, 1],
                      "labels": {"place": "P", "points": "Pts", "running": "T"}},
                     "x") == League("l", "L", (3, 1), ("P", "Pts", "T"))


_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=True)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["id", "label", "width", "sum", "total", "hint", "maps", "of",
                         "colour"]), inner, max_size=5),
    max_leaves=12)
_tables = st.fixed_dictionaries({}, optional={
    "id": _values, "title": _values, "kind": st.sampled_from(["game", "league"]) | _values,
    "maps": _values, "note": _values, "points": _values, "labels": _values,
    "column": st.lists(st.dictionaries(st.sampled_from(
        ["id", "label", "width", "sum", "total", "hint", "maps", "of"]), _values,
        max_size=8), max_size=4) | _values,
    "running": _values})


@settings(max_examples=150, deadline=None)
@given(_tables)
def test_any_pad_table_parses_or_names_its_fault(data: dict) -> None:
    """Hostile pad data: a pad, or a PadError naming the source; never another error."""
    try:
        pad = parse_pad(data, "hostile.toml")
    except PadError as exc:
        assert str(exc).startswith("hostile.toml")
        return
    assert isinstance(pad, (Pad, League))
    if isinstance(pad, Pad):
        assert pad.all_columns[-1] is pad.running
        assert all(6.0 <= c.width <= 80.0 for c in pad.all_columns)
