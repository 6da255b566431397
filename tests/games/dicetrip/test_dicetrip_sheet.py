"""The Dice Trip sheet and scored sheet, read back from the drawing: sizes within 0.1 mm,
every part present where a player needs it, on A4 and Letter."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from sheetgen.draw.pdf import page_svg
from sheetgen.games.dicetrip.player import play
from sheetgen.games.dicetrip.rules import TRACKER, make_script
from sheetgen.games.dicetrip.score import score_board
from sheetgen.games.dicetrip.sheet import TripSheetOptions, scored_page, sheet_page
from sheetgen.maps import find_geometry, find_map
from sheetgen.model import Board
from sheetgen.templates import paper

NS = "{http://www.w3.org/2000/svg}"
GERMANY = find_map("germany")
GEOMETRY = find_geometry("germany")


def tree(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def by_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [el for el in root.iter() if cls in (el.get("class") or "").split()]


def texts(root: ET.Element, cls: str) -> list[str]:
    return ["".join(el.itertext()) for el in by_class(root, cls)]


@pytest.fixture(scope="module", params=["a4", "letter"])
def blank(request: pytest.FixtureRequest) -> tuple[str, ET.Element]:
    p = paper(request.param)
    return request.param, tree(sheet_page(GERMANY, GEOMETRY, p,
                                          TripSheetOptions(player="Ada Lovelace")))


def test_page_size_and_everything_inside_the_margins(blank: tuple[str, ET.Element]) -> None:
    paper_id, root = blank
    p = paper(paper_id)
    assert root.get("viewBox") == f"0 0 {p.width:g} {p.height:g}"
    for el in by_class(root, "write-in"):
        cx, cy, r = (float(el.get(k, "0")) for k in ("cx", "cy", "r"))
        assert cx - r >= 8 and cx + r <= p.width - 8 and 8 <= cy - r <= p.height - 8
    for el in by_class(root, "tracker-box") + by_class(root, "score-box"):
        rect = el if el.tag == f"{NS}rect" else el.find(f"{NS}rect")
        assert rect is not None
        x, y = float(rect.get("x", "0")), float(rect.get("y", "0"))
        w, h = float(rect.get("width", "0")), float(rect.get("height", "0"))
        assert x >= 8 and x + w <= p.width - 8 + 0.1 and y >= 8 and y + h <= p.height - 8


def test_25_circles_of_10_mm_at_the_map_positions(blank: tuple[str, ET.Element]) -> None:
    """Every circle where the geometry has it, the whole map moved and scaled alike (the
    sheet draws it as large as its paper allows), within 0.1 mm; circles stay 10 mm."""
    _, root = blank
    circles = {el.get("data-space"): el for el in by_class(root, "write-in")}
    assert set(circles) == set(GERMANY.space_ids)

    def drawn(space: str) -> tuple[float, float]:
        return float(circles[space].get("cx", "0")), float(circles[space].get("cy", "0"))

    (ax, ay), (_, by) = drawn("Kiel"), drawn("Konstanz")
    (gx, gy), hy = GEOMETRY.shape("Kiel").anchor, GEOMETRY.shape("Konstanz").anchor[1]
    k = (by - ay) / (hy - gy)
    assert k >= 1.0
    for shape in GEOMETRY.shapes:
        el = circles[shape.space]
        assert 2 * float(el.get("r", "0")) >= 10.0
        x, y = drawn(shape.space)
        assert abs(x - (ax + (shape.anchor[0] - gx) * k)) < 0.1, shape.space
        assert abs(y - (ay + (shape.anchor[1] - gy) * k)) < 0.1, shape.space
    assert sorted(texts(root, "city-name")) == sorted(s.name for s in GERMANY.spaces)


def test_the_tracker_holds_36_numbers_with_16_right_before_21(
        blank: tuple[str, ET.Element]) -> None:
    _, root = blank
    boxes = by_class(root, "tracker-box")
    assert [int(b.get("data-number", "0")) for b in boxes] == list(TRACKER)
    at = {int(b.get("data-number", "0")): (float(b.get("x", "0")), float(b.get("y", "0")))
          for b in boxes}
    assert at[16][1] == at[21][1] and 0 < at[21][0] - at[16][0] < 13
    assert all(float(b.get("width", "0")) >= 9 for b in boxes)


def test_powers_variant_scoring_and_coloured_cities_are_marked(
        blank: tuple[str, ET.Element]) -> None:
    _, root = blank
    assert len(by_class(root, "power-box")) == 2
    assert len(by_class(root, "variant-box")) == 6
    rows = [el.get("class", "").split()[1] for el in by_class(root, "scoring-row")]
    assert rows == ["scoring-bonus", "scoring-crossed", "scoring-road", "scoring-series",
                    "scoring-zones", "scoring-variant", "scoring-total"]
    letters = sorted(texts(root, "die-letter"))
    assert letters == sorted(["R", "R", "B", "B", "G", "G", "Y", "Y"])
    zones = {el.get("class", "").split()[1] for el in by_class(root, "zone")}
    assert zones == {"zone-north-west", "zone-north-east", "zone-south"}
    assert texts(root, "player-name") == ["Ada Lovelace"]


def test_the_scored_sheet_draws_the_road_and_fills_the_scoring_area() -> None:
    game = play(GERMANY, make_script("germany", 3))
    board = Board("germany", "Par", game.board.cells)
    score = score_board(GERMANY, board)
    root = tree(scored_page(GERMANY, GEOMETRY, paper("a4"), board, score))
    road = by_class(root, "longest-road")[0]
    assert len(road.findall(f"{NS}line")) == len(score.road) - 1
    values = texts(root, "score-value")
    assert values == [str(v) for v in (score.bonus_points, score.crossed_points,
                                       score.road_points, score.series_points,
                                       score.zone_points, score.variant_points, score.score)]
    written = sorted(texts(root, "written-number"))
    assert written == sorted(c.text for c in board.cells.values() if c.value is not None)
    assert len(by_class(root, "bonus-tag")) == score.bonus_points
    assert len(by_class(root, "tracker-used")) == len(written)


@pytest.mark.parametrize("paper_id", ["a4", "letter"])
def test_the_script_page_shows_every_round_its_dice_and_reroll_values(paper_id: str) -> None:
    from sheetgen.games.dicetrip.script import script_page

    script = make_script("germany", 4)
    p = paper(paper_id)
    root = tree(script_page(GERMANY, script, p, par=31))
    rounds = by_class(root, "round")
    assert [int(r.get("data-round", "0")) for r in rounds] == list(range(1, 14))
    for rnd, el in zip(script.rounds, rounds, strict=True):
        assert texts(el, "die-value") == [str(d) for d in rnd.dice]
        assert texts(el, "reroll-value") == [str(d) for d in rnd.alternatives]
        for rect in el.iter(f"{NS}rect"):
            y = float(rect.get("y", "0")) + float(rect.get("height", "0"))
            assert y <= p.height - 10
    assert texts(root, "par") == ["Par 31"]


def test_each_zone_name_is_printed_inside_its_own_zone() -> None:
    from sheetgen.draw.text import text_width
    from sheetgen.games.dicetrip.sheet import zones

    def inside(p: tuple[float, float], ring: tuple[tuple[float, float], ...]) -> bool:
        x, y = p
        result = False
        for i in range(len(ring)):
            (x1, y1), (x2, y2) = ring[i - 1], ring[i]
            if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
                result = not result
        return result

    areas: dict[str, list[tuple[tuple[float, float], ...]]] = {}
    for ln in GEOMETRY.lines:
        if ln.kind == "zone":
            areas.setdefault(ln.ref, []).append(ln.points)
    for zone in zones():
        x, y = zone.label_at
        w = text_width(zone.label.upper(), 10, bold=True) + 0.4 * len(zone.label)
        for corner in ((x, y), (x + w, y), (x, y - 3.5), (x + w, y - 3.5)):
            assert any(inside(corner, ring) for ring in areas[zone.id]), (zone.id, corner)


@pytest.mark.parametrize("paper_id", ["a4", "letter"])
def test_the_sheet_fills_its_paper_down_to_the_credit(paper_id: str) -> None:
    """No empty foot: the lowest box (tracker or scoring) ends within 8 mm of the credit
    line at the bottom (main left 48 mm empty on A4), and the map is no smaller than
    built."""
    p = paper(paper_id)
    root = tree(sheet_page(GERMANY, GEOMETRY, p, TripSheetOptions(
        attribution="Outline: Natural Earth")))
    credit = float(by_class(root, "attribution")[0].get("y", "0"))
    boxes = by_class(root, "tracker-box") + [g.find(f"{NS}rect")
                                             for g in by_class(root, "score-box")]
    lowest = max(float(el.get("y", "0")) + float(el.get("height", "0")) for el in boxes)
    gap = credit - 2.0 - lowest  # the credit's capitals stand about 2 mm above it
    assert 0.0 < gap <= 8.0, gap
    circles = {el.get("data-space"): el for el in by_class(root, "write-in")}
    drawn = abs(float(circles["Konstanz"].get("cy", "0")) - float(circles["Kiel"].get("cy", "0")))
    built = GEOMETRY.shape("Konstanz").anchor[1] - GEOMETRY.shape("Kiel").anchor[1]
    assert drawn >= built - 0.1


def test_sheet_carries_registration_marks_and_its_code(blank: tuple[str, ET.Element]) -> None:
    """Four 4 mm squares 6 mm from the paper's edges and the code of layout, map, paper,
    seed and sheet number in the bottom right corner, clear of everything a player writes
    in, as on the On Tour sheets (``sheetgen read`` finds the page by them)."""
    paper_id, root = blank
    p = paper(paper_id)
    marks = [(float(el.get("x", "0")), float(el.get("y", "0")), float(el.get("width", "0")))
             for el in by_class(root, "registration-mark")]
    assert sorted(marks) == sorted([(6.0, 6.0, 4.0), (p.width - 10.0, 6.0, 4.0),
                                    (6.0, p.height - 10.0, 4.0),
                                    (p.width - 10.0, p.height - 10.0, 4.0)])
    (code,) = by_class(root, "qr")
    assert code.get("data-payload") == f"sheetgen:sheet:v3:germany:{paper_id}:-:1"
    frame = code.find(f"{NS}rect")
    assert frame is not None
    x, y, side = (float(frame.get(k, "0")) for k in ("x", "y", "width"))
    assert x + side <= p.width - 10.0 + 0.1 and y + side <= p.height - 10.0 + 0.1
    for el in by_class(root, "tracker-box") + by_class(root, "write-in"):
        if el.tag == f"{NS}circle":
            ex, ey = float(el.get("cx", "0")), float(el.get("cy", "0"))
            assert not (x - 6 < ex < x + side + 6 and y - 6 < ey < y + side + 6)
        else:
            assert float(el.get("y", "0")) + float(el.get("height", "0")) < y


def test_each_sheet_of_a_set_carries_its_number_and_seed() -> None:
    from sheetgen.games import find_game

    pages = find_game("dicetrip").sheet_pages(GERMANY, paper("a4"), ["Ann", "Bo"], seed=7)
    payloads = [by_class(tree(page_svg(page)), "qr")[0].get("data-payload") for page in pages]
    assert payloads == ["sheetgen:sheet:v3:germany:a4:7:1", "sheetgen:sheet:v3:germany:a4:7:2"]


def test_the_scoring_band_stands_beside_the_code(blank: tuple[str, ET.Element]) -> None:
    """Each scoring part's name and hint end before its box, and every box before the
    code's quiet zone: nothing of the band is hidden under the code (the band once ran
    the page's width and the code covered its last column)."""
    from sheetgen.draw.text import PT, text_width

    _, root = blank
    (code,) = by_class(root, "qr")
    frame = code.find(f"{NS}rect")
    assert frame is not None
    code_x = float(frame.get("x", "0"))
    rows = by_class(root, "scoring-row")
    assert len(rows) == 7
    for row in rows:
        box = row.find(f".//{NS}rect")
        assert box is not None
        left = float(box.get("x", "0"))
        assert left + float(box.get("width", "0")) <= code_x - 1.0, row.get("class")
        for el in row.findall(f"{NS}text"):  # the name and the hint
            words = "".join(el.itertext())
            size = float(el.get("font-size", "0")) / PT
            end = float(el.get("x", "0")) + text_width(words, size,
                                                       bold=el.get("font-weight") == "bold")
            assert end <= left - 0.3, (words, end, left)
