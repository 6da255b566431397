"""The sheet drawing read back: circle sizes, overlaps, margins, prefilled cells, bars
and connectors, furniture, registration marks, the sheet's code and its colours."""

from __future__ import annotations

import itertools
import math
import re
import xml.etree.ElementTree as ET

import pytest
from reportlab.graphics.barcode.qr import QrCodeWidget

from sheetgen.draw.style import load_style
from sheetgen.games.ontour.sheet import SheetOptions, map_origin, sheet_svg
from sheetgen.maps import find_geometry, find_map
from sheetgen.model import Cell, Ring
from sheetgen.templates import paper

NS = {"svg": "http://www.w3.org/2000/svg"}


def circles(svg: str) -> dict[str, tuple[float, float, float]]:
    root = ET.fromstring(svg)
    out = {}
    for el in root.iter("{http://www.w3.org/2000/svg}circle"):
        if el.get("class") == "circle":
            out[el.get("id").removeprefix("circle-")] = (
                float(el.get("cx")), float(el.get("cy")), float(el.get("r")))
    return out


@pytest.mark.parametrize("map_id", ["usa", "europe"])
@pytest.mark.parametrize("paper_id", ["a4", "letter"])
def test_write_in_circles_are_big_apart_and_inside_the_margins(map_id: str,
                                                                paper_id: str) -> None:
    game_map = find_map(map_id)
    sheet = paper(paper_id)
    svg = sheet_svg(game_map, find_geometry(map_id), sheet)
    found = circles(svg)
    assert sorted(found) == sorted(game_map.space_ids)
    width, height = sheet.landscape
    for cx, cy, r in found.values():
        assert 2 * r >= 9.0
        assert cx - r >= 8.0 and cx + r <= width - 8.0
        assert cy - r >= 8.0 and cy + r <= height - 8.0
    for (a, (ax, ay, ar)), (b, (bx, by, br)) in itertools.combinations(found.items(), 2):
        assert math.hypot(ax - bx, ay - by) >= ar + br, f"{a} and {b} overlap"


def test_prefilled_cells_are_written_and_circled() -> None:
    game_map = find_map("usa")
    svg = sheet_svg(game_map, find_geometry("usa"), paper("a4"),
                    SheetOptions(prefilled={"WA": Cell.number(7, circled=True),
                                            "TX": Cell.number(41, circled=True)}, seed=12))
    root = ET.fromstring(svg)
    texts = ["".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "07" in texts and "41" in texts and any("seed 12" in t for t in texts)
    rings = [el for el in root.iter("{http://www.w3.org/2000/svg}circle")
             if el.get("class") == "circled"]
    assert len(rings) == 2


# --- what the map says about links -----------------------------------------------------


def _segments(rings) -> set[tuple[tuple[float, float], tuple[float, float]]]:
    out = set()
    for ring in rings:
        for i in range(len(ring)):
            a, b = ring[i - 1], ring[i]
            out.add((a, b) if a < b else (b, a))
    return out


def _bordering(map_id: str) -> set[tuple[str, str]]:
    """Pairs of spaces whose drawn outlines share at least one segment (a border)."""
    geometry = find_geometry(map_id)
    segs = {s.space: _segments(s.rings) for s in geometry.shapes}
    return {(a, b) for a, b in itertools.combinations(sorted(segs), 2) if segs[a] & segs[b]}


def _ids(svg: str, prefix: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    return {el.get("id").removeprefix(prefix): el for el in root.iter()
            if (el.get("id") or "").startswith(prefix)}


def edge_distance(p: tuple[float, float], rings: tuple[Ring, ...]) -> float:
    """The distance from ``p`` to the nearest edge of ``rings``."""
    best = math.inf
    for ring in rings:
        for (ax, ay), (bx, by) in zip(ring[-1:] + ring[:-1], ring, strict=True):
            dx, dy = bx - ax, by - ay
            length2 = dx * dx + dy * dy
            t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx
                                                            + (p[1] - ay) * dy) / length2))
            best = min(best, math.hypot(ax + t * dx - p[0], ay + t * dy - p[1]))
    return best


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_bars_and_connectors_exactly_where_map_and_links_disagree(map_id: str) -> None:
    game_map = find_map(map_id)
    geometry = find_geometry(map_id)
    svg = sheet_svg(game_map, geometry, paper("a4"))
    links = set(game_map.edges)
    bordering = _bordering(map_id)
    bars = _ids(svg, "no-link-")
    assert set(bars) == {f"{a}-{b}" for a, b in bordering - links}
    connectors = _ids(svg, "link-")
    assert set(connectors) == {f"{a}-{b}" for a, b in links - bordering}
    # every bar crosses its border: its middle lies on both outlines (within 0.1 mm)
    for ref, el in bars.items():
        a, b = ref.split("-")
        mx = (float(el.get("x1")) + float(el.get("x2"))) / 2
        my = (float(el.get("y1")) + float(el.get("y2"))) / 2
        ox, oy = map_origin(*paper("a4").landscape, geometry)
        p = (mx - ox, my - oy)
        assert edge_distance(p, geometry.shape(a).rings) < 0.1, ref
        assert edge_distance(p, geometry.shape(b).rings) < 0.1, ref
        assert math.hypot(float(el.get("x2")) - float(el.get("x1")),
                          float(el.get("y2")) - float(el.get("y1"))) >= 3.0 - 0.05


def test_usa_bars_are_the_two_borders_the_board_does_not_link() -> None:
    svg = sheet_svg(find_map("usa"), find_geometry("usa"), paper("letter"))
    assert set(_ids(svg, "no-link-")) == {"GA-NC", "MIDC-WV"}
    assert not _ids(svg, "link-")  # Four Corners: points, neither border nor link


def test_europe_water_links_are_the_connectors() -> None:
    game_map = find_map("europe")
    svg = sheet_svg(game_map, find_geometry("europe"), paper("a4"))
    assert set(_ids(svg, "link-")) == {f"{a}-{b}" for a, b in game_map.water_edges}


# --- furniture, marks and code ---------------------------------------------------------


def _classed(root: ET.Element, cls: str) -> list[ET.Element]:
    return [el for el in root.iter() if cls in (el.get("class") or "").split()]


@pytest.mark.parametrize("map_id", ["usa", "europe"])
@pytest.mark.parametrize("paper_id", ["a4", "letter"])
def test_registration_marks_sit_in_the_four_corners_6_mm_in(map_id: str,
                                                            paper_id: str) -> None:
    sheet = paper(paper_id)
    width, height = sheet.landscape
    root = ET.fromstring(sheet_svg(find_map(map_id), find_geometry(map_id), sheet))
    marks = [tuple(float(el.get(k)) for k in ("x", "y", "width", "height"))
             for el in _classed(root, "registration-mark")]
    assert len(marks) == 4
    corners = set()
    for x, y, w, h in marks:
        assert w >= 3.0 and h >= 3.0
        # layouts 2 and 3 (the code says v2, v3): each mark's outer edges 6.0 mm from the paper's
        assert abs(min(x, width - x - w) - 6.0) <= 0.01
        assert abs(min(y, height - y - h) - 6.0) <= 0.01
        corners.add((x < width / 2, y < height / 2))
    assert len(corners) == 4
    # The code's white quiet zone (drawn later) paints over no part of a mark.
    frame = next(el for el in root.iter() if el.get("class") == "qr")[0]
    qx, qy = float(frame.get("x")), float(frame.get("y"))
    qs = float(frame.get("width"))
    for x, y, w, h in marks:
        assert x >= qx + qs - 0.1 or x + w <= qx + 0.1 or y >= qy + qs - 0.1 \
            or y + h <= qy + 0.1


def _everything_else(root: ET.Element) -> list[tuple[float, float, float, float]]:
    """Boxes of the furniture's rectangles (score, tie-break, turn boxes, key, code)."""
    out = []
    for cls in ("score-box", "tie-break-box", "turn-box", "key-chip"):
        for el in _classed(root, cls):
            out.append(tuple(float(el.get(k)) for k in ("x", "y", "width", "height")))
    return out


@pytest.mark.parametrize("map_id", ["usa", "europe"])
@pytest.mark.parametrize("paper_id", ["a4", "letter"])
def test_sheet_has_what_players_write_clear_of_the_map(map_id: str, paper_id: str) -> None:
    game_map = find_map(map_id)
    geometry = find_geometry(map_id)
    sheet = paper(paper_id)
    width, height = sheet.landscape
    root = ET.fromstring(sheet_svg(game_map, geometry, sheet))
    assert len(_classed(root, "score-box")) == 3  # spaces + circled = total
    assert len(_classed(root, "tie-break-box")) == 1
    turns = _classed(root, "turn-box")
    assert len(turns) >= (len(game_map.spaces) - 4) // 2 + 1
    assert _classed(root, "seed-field") and _classed(root, "date-field")
    ox, oy = map_origin(width, height, geometry)
    for x, y, w, h in _everything_else(root):
        assert x >= 8.0 and y >= 8.0 and x + w <= width - 8.0 and y + h <= height - 8.0
        beside = x >= ox + geometry.width or x + w <= ox
        below = y >= oy + geometry.height
        assert beside or below, (x, y)


def _code(svg: str) -> tuple[str, ET.Element]:
    root = ET.fromstring(svg)
    group = next(el for el in root.iter(f"{{{NS['svg']}}}g") if el.get("class") == "qr")
    return group.get("data-payload"), group


def test_sheet_code_carries_map_paper_seed_and_sheet_number() -> None:
    game_map = find_map("europe")
    svg = sheet_svg(game_map, find_geometry("europe"), paper("letter"),
                    SheetOptions(seed=4711, sheet_number=3))
    payload, group = _code(svg)
    assert payload == "sheetgen:sheet:v3:europe:letter:4711:3"
    # the drawn modules are the library's matrix for that payload
    frame, modules = group[0], group[1]
    x0, y0 = float(frame.get("x")), float(frame.get("y"))
    module = float(group.get("data-module"))
    dark = set()
    for mx, my in re.findall(r"M([\d.]+),([\d.]+)", modules.get("d")):
        c = round((float(mx) - x0) / module) - 4
        r = round((float(my) - y0) / module) - 4
        assert abs(x0 + (c + 4) * module - float(mx)) < 0.1
        dark.add((r, c))
    widget = QrCodeWidget(payload, barLevel="M")
    widget.qr.make()
    expected = {(r, c) for r, row in enumerate(widget.qr.modules) for c, v in enumerate(row)
                if v}
    assert dark == expected
    unseeded, _ = _code(sheet_svg(game_map, find_geometry("europe"), paper("a4")))
    assert unseeded == "sheetgen:sheet:v3:europe:a4:-:1"


def test_sheet_code_decodes_from_the_printed_page() -> None:
    zxingcpp = pytest.importorskip("zxingcpp")
    import io

    from PIL import Image

    from sheetgen.draw.pdf import svg_to_png

    svg = sheet_svg(find_map("usa"), find_geometry("usa"), paper("a4"),
                    SheetOptions(seed=12, sheet_number=2))
    png = svg_to_png(svg, dpi=200)  # the product's renderer, with the house fonts
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
    assert [b.text for b in found] == ["sheetgen:sheet:v3:usa:a4:12:2"]


# --- colours ----------------------------------------------------------------------------


def _lightness(colour: str) -> float:
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))

    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    y = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    return 116 * y ** (1 / 3) - 16


def test_a_region_has_one_colour_on_cards_and_sheet() -> None:
    from sheetgen.draw.layout import card_size, imposition
    from sheetgen.draw.page import new_page
    from sheetgen.games.ontour.cards import card_face

    game_map = find_map("usa")
    style = load_style()
    svg = sheet_svg(game_map, find_geometry("usa"), paper("a4"))
    root = ET.fromstring(svg)
    for card in {c.region: c for c in game_map.cards}.values():
        dwg = new_page(100, 100)
        face = card_face(dwg, game_map, card, card_size("poker"), 0.0, imposition(),
                         find_geometry("usa"), style)
        band = ET.fromstring(face.tostring())
        fills = {el.get("fill") for el in band.iter() if el.get("class") == "region-band"}
        key = next(el for el in root.iter() if el.get("class") == f"key key-{card.region.value}")
        chip = next(el for el in key if el.get("class") == "key-chip")
        assert fills == {chip.get("fill")}, card.region
    # the map: every space in its longitude region's tint; tints apart in greyscale
    tints = {}
    for space in game_map.spaces:
        el = root.find(f".//*[@id='space-{space.id}']")
        tints.setdefault(space.area.longitude, set()).add(el.get("fill"))
    assert all(len(v) == 1 for v in tints.values())
    levels = sorted(_lightness(next(iter(v))) for v in tints.values())
    assert all(b - a >= 8.0 for a, b in itertools.pairwise(levels)), levels


def test_old_callers_still_draw_a_sheet() -> None:
    """The Paris sheet and the kit call these with the arguments they always had."""
    from sheetgen.draw.page import new_page
    from sheetgen.games.ontour.sheet import add_legend, add_map

    game_map = find_map("usa")
    geometry = find_geometry("usa")
    dwg = new_page(297, 210)
    add_map(dwg, game_map, geometry, map_origin(297, 210, geometry), load_style())
    add_legend(dwg, (10.0, 180.0), load_style())
    assert "<svg" in sheet_svg(game_map, geometry, paper("a4"), SheetOptions(player="Ada"))
