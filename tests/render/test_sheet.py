"""The sheet drawing read back: circle sizes, overlaps, margins, prefilled cells."""

from __future__ import annotations

import itertools
import math
import xml.etree.ElementTree as ET

import pytest

from sheetgen.maps import find_geometry, find_map
from sheetgen.model import Cell
from sheetgen.render.sheet import SheetOptions, sheet_svg
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
