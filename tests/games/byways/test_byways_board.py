"""The Highways & Byways board: tiles read back assemble into the board."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from sheetgen.games.byways.board import board_size, board_style, slot_rects, tile_svg, tiles
from sheetgen.games.byways.roadmap import find_roadmap
from sheetgen.maps import find_geometry
from sheetgen.templates import paper

NS = {"s": "http://www.w3.org/2000/svg"}
ROAD = find_roadmap()
GEO = find_geometry("byways")


def read_tile(svg: str) -> dict[str, object]:
    """What a tile page shows, in board mm: its window, its marks and its trim lines. The
    page is a window on the whole board: the board's drawing is placed (its top left at
    the nested drawing's x, y) and clipped to the window."""
    root = ET.fromstring(svg)
    board = next(e for e in root.iter(f"{{{NS['s']}}}svg")
                 if e is not root and e.find(".//s:g[@class='board']", NS) is not None)
    dx, dy = float(board.get("x", 0)), float(board.get("y", 0))
    rect = root.find(".//s:clipPath/s:rect", NS)
    assert rect is not None
    x, y = float(rect.get("x", 0)) - dx, float(rect.get("y", 0)) - dy
    w, h = float(rect.get("width", 0)), float(rect.get("height", 0))
    marks = {}
    for g in root.findall(".//s:g[@class='align-mark']", NS):
        c = g.find("s:circle", NS)
        assert c is not None
        marks[g.get("id")] = (float(c.get("cx", 0)) - dx, float(c.get("cy", 0)) - dy)
    trims = []
    for line in root.findall(".//s:g[@class='trim']/s:line", NS):
        x1, y1 = float(line.get("x1", 0)) - dx, float(line.get("y1", 0)) - dy
        x2 = float(line.get("x2", 0)) - dx
        trims.append(("v", x1) if x1 == x2 else ("h", y1))
    page = root.get("viewBox", "").split()
    return {"window": (x, y, w, h), "marks": marks, "trims": trims,
            "page": (float(page[2]), float(page[3]))}


@pytest.mark.slow
@pytest.mark.parametrize("paper_id", ["a4", "letter"])
def test_tiles_overlap_and_their_marks_coincide(paper_id: str) -> None:
    p = paper(paper_id)
    all_tiles, rows, cols = tiles(p, GEO)
    read = {(t.row, t.col): read_tile(tile_svg(ROAD, GEO, p, t, all_tiles, rows, cols))
            for t in all_tiles}
    st = board_style()
    bw, bh = board_size(GEO)
    # the windows cover the board
    assert max(r["window"][0] + r["window"][2] for r in read.values()) == pytest.approx(bw)
    assert max(r["window"][1] + r["window"][3] for r in read.values()) == pytest.approx(bh)
    for (row, col), r in read.items():
        x, y, w, h = r["window"]  # type: ignore[misc]
        pw, ph = r["page"]  # type: ignore[misc]
        assert w <= pw - 2 * st.tile_margin + 0.01 and h <= ph - 2 * st.tile_margin
        for (nr, nc) in ((row, col + 1), (row + 1, col)):
            if (nr, nc) not in read:
                continue
            other = read[(nr, nc)]
            ox, oy, _, _ = other["window"]  # type: ignore[misc]
            if nc != col:
                assert x + w - ox == pytest.approx(st.tile_overlap, abs=0.1)
            else:
                assert y + h - oy == pytest.approx(st.tile_overlap, abs=0.1)
            shared = set(r["marks"]) & set(other["marks"])  # type: ignore[arg-type]
            assert len(shared) == 3
            for name in shared:
                (ax, ay), (bx, by) = r["marks"][name], other["marks"][name]  # type: ignore[index]
                assert abs(ax - bx) <= 0.1 and abs(ay - by) <= 0.1
                assert x <= ax <= x + w and y <= ay <= y + h
            # each trim line of the seam lies on the marks, on both pages
            kind, at = ("v", ox + st.tile_overlap / 2) if nc != col else (
                "h", oy + st.tile_overlap / 2)
            for page in (r, other):
                assert any(k == kind and abs(v - at) <= 0.1 for k, v in page["trims"])
            for name in shared:
                mx, my = r["marks"][name]  # type: ignore[index]
                assert abs((mx if kind == "v" else my) - at) <= 0.1


def test_five_construction_slots_inside_the_board_clear_of_the_map() -> None:
    bw, bh = board_size(GEO)
    slots = slot_rects(GEO)
    assert len(slots) == 5
    for x, y, w, h in slots:
        assert x > 0 and x + w < bw and y > GEO.height + board_style().margin and y + h < bh
    xs = [s[0] for s in slots]
    assert xs == sorted(xs)
