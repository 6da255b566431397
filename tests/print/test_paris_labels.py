"""The Paris sheet read back from its SVG: nothing drawn over a club's writing circle,
and no link through a club's letter."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest

from sheetgen.draw.pdf import page_svg
from sheetgen.draw.text import PT
from sheetgen.games import find_game
from sheetgen.maps import find_map
from sheetgen.templates import paper

SVG = "{http://www.w3.org/2000/svg}"


def _sheet(paper_id: str) -> ET.Element:
    paris = find_map("paris")
    return ET.fromstring(page_svg(find_game("paris").sheet_pages(paris, paper(paper_id), [""],
                                                                 seed=7)[0]))


def _classed(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    return [el for el in root.iter(SVG + tag) if cls in (el.get("class") or "").split()]


def _circle(el: ET.Element) -> tuple[float, float, float]:
    return float(el.get("cx")), float(el.get("cy")), float(el.get("r"))


def _letter_box(el: ET.Element) -> tuple[float, float, float]:
    """A club letter as a disc round its glyph: centre and radius."""
    size = float(el.get("font-size"))
    x, y = float(el.get("x")), float(el.get("y"))
    return x, y - 0.36 * size, 0.36 * size


def _segment_distance(p: tuple[float, float], a: tuple[float, float],
                      b: tuple[float, float]) -> float:
    vx, vy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * vx + (p[1] - a[1]) * vy) / (vx * vx + vy * vy)))
    return math.hypot(p[0] - a[0] - t * vx, p[1] - a[1] - t * vy)


@pytest.mark.parametrize("paper_id", ["a4", "letter"])
def test_no_disc_tag_or_letter_on_a_writing_circle(paper_id: str) -> None:
    root = _sheet(paper_id)
    clubs = [_circle(el) for el in _classed(root, "circle", "circle")]
    assert len(clubs) == 40
    others = [(_circle(el), "dock") for el in _classed(root, "circle", "dock")]
    others += [(_circle(el), "tag") for el in _classed(root, "circle", "dock-tag")]
    others += [(_letter_box(el), "letter") for el in _classed(root, "text", "club-letter")]
    assert len(others) == 9 + 9 + 31
    worst = min(math.hypot(x - cx, y - cy) - r - cr
                for (x, y, r), _ in others for cx, cy, cr in clubs)
    assert worst >= 0.0, worst


@pytest.mark.parametrize("paper_id", ["a4", "letter"])
def test_club_letters_are_6_pt_and_clear_of_every_link(paper_id: str) -> None:
    root = _sheet(paper_id)
    letters = _classed(root, "text", "club-letter")
    assert min(float(el.get("font-size")) / PT for el in letters) >= 6.0 - 0.01
    links = [((float(el.get("x1")), float(el.get("y1"))),
              (float(el.get("x2")), float(el.get("y2")))) for el in _classed(root, "line",
                                                                            "link")]
    worst = min(_segment_distance((x, y), a, b) - r
                for x, y, r in map(_letter_box, letters) for a, b in links)
    assert worst >= 0.0, worst
