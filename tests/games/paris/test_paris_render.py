"""Paris drawings read back: sheet circles, links, docks and ruler; the seeded sheet's
setup notes; scored pages drawing rides along the river; the Score JSON of a Paris CSV."""

from __future__ import annotations

import itertools
import json
import re
import xml.etree.ElementTree as ET
from math import dist
from pathlib import Path

import pytest
from click.testing import CliRunner

from sheetgen.cli import main
from sheetgen.draw.pdf import page_svg
from sheetgen.draw.text import text_width
from sheetgen.games import find_game
from sheetgen.maps import find_geometry, find_map
from sheetgen.model import Board, Cell
from sheetgen.templates import paper

SVG = "{http://www.w3.org/2000/svg}"


def by_class(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    return [el for el in root.iter(SVG + tag) if cls in (el.get("class") or "").split()]


@pytest.mark.parametrize("paper_id", ["a4", "letter"])
def test_sheet_circles_links_docks_and_ruler(paper_id: str) -> None:
    paris = find_map("paris")
    geometry = find_geometry("paris")
    sheet = paper(paper_id)
    svg = page_svg(find_game("paris").sheet_pages(paris, sheet, [""])[0])
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
    assert [el.get("class") for el in by_class(root, "rect", "score-box")] == [
        "score-box score-clubs", "score-box score-circled", "score-box score-boats",
        "score-box score-total"]


def test_seeded_sheet_shows_setup_numbers_beside_their_arrondissement() -> None:
    paris = find_map("paris")
    game = find_game("paris")
    script = game.make_script(paris, 7)
    root = ET.fromstring(page_svg(game.sheet_pages(paris, paper("a4"), [""], seed=7)[0]))
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
    # the standings come first, then a page per player
    ann_page = next(p for p in parts if p.title.startswith("Ann"))
    root = ET.fromstring(ann_page.pages[0])
    rides = [el.get("id") for el in root.iter(SVG + "g") if el.get("class") == "boat-ride"]
    assert rides == ["ride-H-B", "ride-C-I"]
    texts = ["".join(t.itertext()) for t in root.iter(SVG + "text")]
    assert ("Score 17 = 4 clubs + 1 circled + 12 boat points · no route on this board "
            "scores more (proven)") in texts


def test_boat_ride_plates_on_a_scored_page_stand_apart() -> None:
    """Each ride's points stand on a plate at the middle of its stretch of the Seine: on a
    board of four rides two stretches overlap, and "G-B +5" covered "F-A +5", "C-I +6"
    covered "E-H +3". Every plate, read back from the page, is clear of the others and
    of every circle with its ring."""
    from sheetgen.games.boards import read_boards

    csv = Path(__file__).parents[2] / "data" / "boards" / "paris-long-runs-seed3-board35.csv"
    game, paris, boards = read_boards([csv])
    parts = game.scored_parts(paris, paper("a4"), boards, game.score(paris, boards))
    page = next(p for p in parts if p.title.startswith("board35"))
    root = ET.fromstring(page.pages[0])
    plates = []
    for ride in by_class(root, "g", "ride-plate"):
        (rect,) = ride.iter(SVG + "rect")
        x, y = float(rect.get("x", 0)), float(rect.get("y", 0))
        plates.append((ride.get("id"), (x, y, x + float(rect.get("width", 0)),
                                        y + float(rect.get("height", 0)))))
    assert len(plates) == 4
    for (one, a), (other, b) in itertools.combinations(plates, 2):
        assert not _overlap(a, b), (one, other)
    geometry = find_geometry("paris")
    (rings,) = by_class(root, "g", "route-rings")
    ring = next(rings.iter(SVG + "circle"))
    reach = float(ring.get("r", 0)) + float(rings.get("stroke-width", 0)) / 2
    circles = [(float(c.get("cx", 0)), float(c.get("cy", 0)))
               for c in by_class(root, "circle", "circle")]
    assert len(circles) == len(geometry.shapes)
    under = {name for name, (x0, y0, x1, y1) in plates for cx, cy in circles
             if dist((min(max(cx, x0), x1), min(max(cy, y0), y1)), (cx, cy)) < reach}
    # G-B's stretch runs between F-A's plate and the circles by the Ile de la Cite
    assert under <= {"ride-plate-G-B"}
    drawn = [el.get("class") for el in root.iter(SVG + "g")
             if el.get("class") in ("boat-ride", "ride-plate")]
    assert drawn == ["boat-ride"] * 4 + ["ride-plate"] * 4  # plates over every ride's line


# --- the sheet's furniture, read back -----------------------------------------------------

Box = tuple[float, float, float, float]
"""x0, y0, x1, y1 in mm."""


def _text_box(el: ET.Element) -> Box:
    size_pt = float(el.get("font-size", 0)) / (25.4 / 72)
    content = "".join(el.itertext())
    width = text_width(content, size_pt, bold=el.get("font-weight") == "bold")
    x, y = float(el.get("x", 0)), float(el.get("y", 0))
    x0 = x - width * {"start": 0.0, "middle": 0.5, "end": 1.0}[el.get("text-anchor",
                                                                        "start")]
    height = float(el.get("font-size", 0))
    return (x0, y - 0.75 * height, x0 + width, y + 0.25 * height)


def _extent(group: ET.Element) -> Box:
    """The box round everything a group draws (strokes of the river and links included,
    text by its font metrics)."""
    boxes: list[Box] = []
    for el in group.iter():
        tag = el.tag.removeprefix(SVG)
        pad = float(el.get("stroke-width") or 0) / 2
        if tag == "rect":
            x, y = float(el.get("x", 0)), float(el.get("y", 0))
            boxes.append((x, y, x + float(el.get("width", 0)), y + float(el.get("height", 0))))
        elif tag == "circle":
            cx, cy, r = (float(el.get(k, 0)) for k in ("cx", "cy", "r"))
            boxes.append((cx - r - pad, cy - r - pad, cx + r + pad, cy + r + pad))
        elif tag == "line":
            xs = (float(el.get("x1", 0)), float(el.get("x2", 0)))
            ys = (float(el.get("y1", 0)), float(el.get("y2", 0)))
            boxes.append((min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad))
        elif tag in ("polyline", "path"):
            numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?",
                                                   el.get("points") or el.get("d") or "")]
            if tag == "path" and "h" in (el.get("d") or ""):
                continue  # the QR modules: inside the code's white square
            xs, ys = numbers[0::2], numbers[1::2]
            if xs:
                boxes.append((min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad))
        elif tag == "text":
            boxes.append(_text_box(el))
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
            max(b[3] for b in boxes))


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] - 0.1 and b[0] < a[2] - 0.1 and a[1] < b[3] - 0.1 and b[1] < a[3] - 0.1


def _sheet_parts(root: ET.Element) -> dict[str, Box]:
    """Each part a player sees, by name, with the box it takes."""
    parts = {}
    for cls in ("map", "ride-ruler", "legend", "score-boxes", "turn-tracker", "qr"):
        (group,) = by_class(root, "g", cls)
        parts[cls] = _extent(group)
    for el in root.iter(SVG + "text"):
        cls = el.get("class") or ""
        if cls in ("rules", "attribution", "player-name", "seed-field-value"):
            parts[f"{cls} {el.get('y')}"] = _text_box(el)
    for k, el in enumerate(by_class(root, "rect", "registration-mark")):
        x, y = float(el.get("x", 0)), float(el.get("y", 0))
        parts[f"mark {k}"] = (x, y, x + float(el.get("width", 0)),
                              y + float(el.get("height", 0)))
    return parts


@pytest.mark.parametrize("paper_id", ["a4", "letter"])
def test_sheet_carries_every_on_tour_sheets_furniture_clear_of_map_and_ruler(
        paper_id: str) -> None:
    paris = find_map("paris")
    sheet = paper(paper_id)
    width, height = sheet.landscape
    svg = page_svg(find_game("paris").sheet_pages(paris, sheet, ["Ann", "Bo"], seed=7)[1])
    root = ET.fromstring(svg)
    # Score: clubs + circled + boat rides = total, a tie-break box, seed and date fields.
    assert len(by_class(root, "rect", "score-box")) == 4
    assert len(by_class(root, "rect", "tie-break-box")) == 1
    assert by_class(root, "line", "seed-field") and by_class(root, "line", "date-field")
    assert ["".join(t.itertext()) for t in by_class(root, "text", "seed-field-value")] == ["7"]
    # One box a turn, counted as for every On Tour map: the turns that write two of the
    # clubs left after setup, plus five for stars and the last turns.
    turns = by_class(root, "rect", "turn-box")
    assert len(turns) == -(-(len(paris.space_ids) - 4) // 2) + 5 == 23
    marks = by_class(root, "rect", "registration-mark")
    assert len(marks) == 4
    parts = _sheet_parts(root)
    assert len([k for k in parts if k.startswith("rules")]) >= 2
    for name, (x0, y0, x1, y1) in parts.items():
        edge = 6.0 if name.startswith("mark") else 8.0
        assert x0 >= edge - 0.1 and y0 >= edge - 0.1, name
        assert x1 <= width - edge + 0.1 and y1 <= height - edge + 0.1, name
    for (a, box_a), (b, box_b) in itertools.combinations(parts.items(), 2):
        assert not _overlap(box_a, box_b), (a, b, box_a, box_b)


@pytest.mark.parametrize("paper_id", ["a4", "letter"])
def test_sheet_code_decodes_from_the_printed_page(paper_id: str) -> None:
    zxingcpp = pytest.importorskip("zxingcpp")
    import io

    from PIL import Image

    from sheetgen.draw.pdf import svg_to_png

    paris = find_map("paris")
    pages = find_game("paris").sheet_pages(paris, paper(paper_id), ["", ""], seed=41)
    png = svg_to_png(page_svg(pages[1]), dpi=200)  # the product's renderer and fonts
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
    assert [b.text for b in found] == [f"sheetgen:sheet:v3:paris:{paper_id}:41:2"]
