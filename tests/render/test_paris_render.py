"""Paris drawings read back: sheet circles, links, docks and ruler; the seeded sheet's
setup notes; scored pages drawing rides along the river; the Score JSON of a Paris CSV."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from math import dist
from pathlib import Path

import pytest
from click.testing import CliRunner

from sheetgen.cli import main
from sheetgen.games import find_game
from sheetgen.maps import find_geometry, find_map
from sheetgen.model import Board, Cell
from sheetgen.render.text import text_width
from sheetgen.templates import paper

SVG = "{http://www.w3.org/2000/svg}"


def by_class(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    return [el for el in root.iter(SVG + tag) if cls in (el.get("class") or "").split()]


@pytest.mark.parametrize("paper_id", ["a4", "letter"])
def test_sheet_circles_links_docks_and_ruler(paper_id: str) -> None:
    paris = find_map("paris")
    geometry = find_geometry("paris")
    sheet = paper(paper_id)
    svg = find_game("paris").sheet_pages(paris, sheet, [""])[0]
    root = ET.fromstring(svg)
    width, height = sheet.landscape
    circles = {el.get("id", "")[7:]: (float(el.get("cx", 0)), float(el.get("cy", 0)),
                                      float(el.get("r", 0)))
               for el in by_class(root, "circle", "circle")}
    assert set(circles) == set(paris.space_ids)
    for x, y, r in circles.values():
        assert 2 * r >= 9.0 - 0.1
        assert x - r >= 8 and x + r <= width - 8 and y - r >= 8 and y + r <= height - 8
    # A 2-digit number (14 pt bold, as written on scored boards) fits inside the ring
    # drawn round a circled number.
    assert text_width("88", 14, bold=True) < 2 * (geometry.circle_diameter / 2 - 0.9) - 1
    # Links end on the circles' rims: each link's ends lie one radius from two centres.
    links = by_class(root, "line", "link")
    assert len(links) == len(paris.edges)
    for el in links:
        a, b = el.get("id", "")[5:].split("-")
        p = (float(el.get("x1", 0)), float(el.get("y1", 0)))
        q = (float(el.get("x2", 0)), float(el.get("y2", 0)))
        assert abs(dist(p, circles[a][:2]) - circles[a][2]) < 0.1
        assert abs(dist(q, circles[b][:2]) - circles[b][2]) < 0.1
    assert len(by_class(root, "circle", "dock")) == 9
    ruler = ["".join(t.itertext()) for t in by_class(root, "text", "ruler-step")]
    assert ruler == [str(i) for i in range(9)]
    assert [el.get("id") for el in root.iter(SVG + "rect")
            if el.get("class") == "score-box"] == ["score-clubs", "score-circled",
                                                   "score-boats", "score-total"]


def test_seeded_sheet_shows_setup_numbers_beside_their_arrondissement() -> None:
    paris = find_map("paris")
    game = find_game("paris")
    script = game.make_script(paris, 7)
    root = ET.fromstring(game.sheet_pages(paris, paper("a4"), [""], seed=7)[0])
    notes = ["".join(t.itertext()) for t in by_class(root, "text", "setup-note")]
    wanted = sorted(f"({n:02d})" for _, n in script.setup_cells)
    assert sorted(" ".join(notes).split()) == wanted


def test_score_json_and_scored_page_show_the_rides(tmp_path: Path) -> None:
    paris = find_map("paris")
    cells = {"16a": "10", "12a": "20", "4a": "(30)", "15a": "40"}
    rows = ["# map: paris", "space,Ann"] + [f"{s},{cells.get(s, 'x')}"
                                            for s in paris.space_ids]
    board = tmp_path / "b.csv"
    board.write_text("\n".join(rows) + "\n", encoding="utf-8")
    out = tmp_path / "scored.pdf"
    result = CliRunner().invoke(main, ["score", str(board), "--json", "-o", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output[:result.output.rindex("}") + 1])
    ann = data["players"][0]
    assert (ann["score"], ann["boat_points"], ann["rides"]) == (17, 12, [["H", "B"],
                                                                         ["C", "I"]])
    assert out.stat().st_size > 0
    game = find_game("paris")
    boards = [Board("paris", "Ann", {s: Cell.number(int(v.strip("()")), v.startswith("("))
                                     if s in cells else Cell.cross() for s, v in
                                     ((s, cells.get(s, "x")) for s in paris.space_ids)})]
    parts = game.scored_parts(paris, paper("a4"), boards, game.score(paris, boards))
    root = ET.fromstring(parts[0].pages[0])
    rides = [el.get("id") for el in root.iter(SVG + "g") if el.get("class") == "boat-ride"]
    assert rides == ["ride-H-B", "ride-C-I"]
    texts = ["".join(t.itertext()) for t in root.iter(SVG + "text")]
    assert "Score 17 = 4 clubs + 1 circled + 12 boat points · proven best route" in texts
