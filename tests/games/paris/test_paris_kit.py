"""``kit paris``: the On Tour kit with Paris parts (rules with boats, Paris sheets, a cover
showing the Seine), every part present and bookmarked."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from sheetgen.draw.pdf import page_svg
from sheetgen.games import find_game
from sheetgen.maps import find_map
from sheetgen.templates import paper

SVG = "{http://www.w3.org/2000/svg}"


def texts(svg: str) -> list[str]:
    return ["".join(t.itertext()) for t in ET.fromstring(svg).iter(SVG + "text")]


@pytest.mark.slow
def test_paris_kit_has_every_part_drawn_for_paris() -> None:
    paris = find_map("paris")
    parts = find_game("paris").kit_parts(paris, paper("a4"), seed=1, players=2)
    titles = [p.title for p in parts]
    assert titles[:3] == ["Cover", "Rules summary", "Player sheets"]
    assert any(t.startswith("Cards") for t in titles)
    assert any(t.startswith("Seeded game 1 (par ") for t in titles)
    assert "Two ten-sided dice" in titles and "Open data and fonts" in titles
    rules = " ".join(texts(parts[1].pages[0]))
    assert "Boats:" in rules and "A to G is 6" in rules
    sheets = parts[2].pages
    assert len(sheets) == 2
    for page in (parts[0].pages[0], sheets[0]):
        root = ET.fromstring(page_svg(page))  # a sheet is layers: drawn once, named apart
        assert [el for el in root.iter(SVG + "polyline") if el.get("class") == "river"]
    assert "Bateaux Mouches" in texts(page_svg(sheets[0]))
    credits = " ".join(texts(parts[-1].pages[0]))
    assert "Licence Ouverte 2.0" in credits
