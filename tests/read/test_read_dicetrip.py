"""Dice Trip's cells as the reader cuts and reads them: parentheses written at the
circle's rim (where a coloured city's badge stands) are taken into the number."""

from __future__ import annotations

import math
from functools import cache

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

cv2 = pytest.importorskip("cv2")
pytest.importorskip("onnxruntime")

from sheetgen.read import synth  # noqa: E402
from sheetgen.read.cells import Grammar, Reading, cut_cell, read_cells  # noqa: E402
from sheetgen.read.layout import SheetLayout, drawn_layout  # noqa: E402
from sheetgen.read.register import PPM  # noqa: E402

FONT = "ttf:OpenSans-Regular.ttf"
"""A font of the test corpus (the classifier was not trained on it)."""


@cache
def _blank() -> tuple[np.ndarray, SheetLayout]:
    """The Dice Trip sheet on A4, straightened as the reader sees it (``PPM``)."""
    from sheetgen.draw.pdf import page_svg
    from sheetgen.games import game_of
    from sheetgen.maps import find_map
    from sheetgen.templates import paper

    game_map = find_map("germany")
    page = game_of(game_map).sheet_pages(game_map, paper("a4"), [""])[0]
    return synth.render_page(page_svg(page), PPM), drawn_layout("germany", "a4")


def _grammar() -> Grammar:
    from sheetgen.maps import find_map

    spaces = find_map("germany").spaces
    return Grammar(dicetrip=True,
                   coloured=frozenset(s.id for s in spaces if getattr(s, "colour", None)))


def _stamp(page: np.ndarray, glyph: np.ndarray, x: float, y: float) -> None:
    """``glyph`` (ink > 0) in black ink, its centre at pixel (x, y)."""
    h, w = glyph.shape
    x0, y0 = round(x - w / 2), round(y - h / 2)
    region = page[y0:y0 + h, x0:x0 + w].astype(np.float32)
    ink = glyph.astype(np.float32) / 255.0
    page[y0:y0 + h, x0:x0 + w] = (region * (1 - ink)).astype(np.uint8)


def _write(space: str, digits: str, *, rim: float = 0.86, upper: float = 40.0,
           lower: float = 25.0, stroke: float = 0.45, blur: float = 0.8
           ) -> tuple[np.ndarray, SheetLayout]:
    """The blank sheet with ``(digits)`` written in ``space``: the digits 3.6 mm high in
    the middle, each parenthesis an arc along the rim at ``rim`` of the radius, from
    ``upper`` degrees above the horizontal to ``lower`` below, ``stroke`` mm wide; the
    page then blurred by ``blur`` pixels (a photo's softness)."""
    blank, layout = _blank()
    page = blank.copy()
    cx, cy, r = layout.circles[space]
    px, py, radius = cx * PPM, cy * PPM, r * PPM
    glyphs = [synth.font_glyph(FONT, d, round(3.6 * PPM)) for d in digits]
    gap = 0.5 * PPM
    x = px - (sum(g.shape[1] for g in glyphs) + gap) / 2
    for g in glyphs:
        _stamp(page, g, x + g.shape[1] / 2, py)
        x += g.shape[1] + gap
    arc = round(rim * radius)
    thick = max(1, round(stroke * PPM))
    centre = (round(px), round(py))
    # cv2 angles run clockwise from +x (y down): above the horizontal is negative
    cv2.ellipse(page, centre, (arc, arc), 0, 180 - lower, 180 + upper, 0, thick, cv2.LINE_AA)
    cv2.ellipse(page, centre, (arc, arc), 0, -upper, lower, 0, thick, cv2.LINE_AA)
    return cv2.GaussianBlur(page, (0, 0), blur), layout


def _coloured_with_badge() -> str:
    _, layout = _blank()
    grammar = _grammar()
    return next(s for s in layout.circles if s in grammar.coloured and s in layout.printed)


def _read(page: np.ndarray, layout: SheetLayout, space: str) -> Reading:
    readings = read_cells(page, layout, _grammar())
    return next(r for r in readings if r.space == space)


def test_parentheses_at_the_rim_touching_the_badge_are_read_with_the_number() -> None:
    space = _coloured_with_badge()
    # the closing parenthesis runs up into the blur round the badge at the top right
    page, layout = _write(space, "26", rim=0.86, upper=50.0)
    cut = cut_cell(page, layout, space, rings=False)
    assert len(cut.splits[0]) == 4  # ( 2 6 )
    assert cut.stray < 0.8
    assert _read(page, layout, space).text == "(26)"


def test_a_parenthesis_wholly_beyond_four_fifths_of_the_radius_is_a_glyph() -> None:
    space = _coloured_with_badge()
    page, layout = _write(space, "45", rim=0.88, upper=25.0, lower=25.0)
    cut = cut_cell(page, layout, space, rings=False)
    assert len(cut.splits[0]) == 4
    assert cut.stray < 0.8
    reading = _read(page, layout, space)
    assert reading.guess == "(45)"
    assert reading.text in ("(45)", "?")


def test_a_scrap_on_the_rim_above_the_number_is_no_glyph() -> None:
    space = _coloured_with_badge()
    page, layout = _write(space, "45", rim=0.88, upper=25.0, lower=25.0)
    cx, cy, r = layout.circles[space]
    arc = round(0.88 * r * PPM)
    # a short stroke along the rim at the bottom: not where a parenthesis stands
    cv2.ellipse(page, (round(cx * PPM), round(cy * PPM)), (arc, arc), 0, 75, 105, 0, 3,
                cv2.LINE_AA)
    cut = cut_cell(page, layout, space, rings=False)
    assert len(cut.splits[0]) == 4
    assert cut.stray > 0.8  # the scrap is ink left unread: the cell is doubtful
    assert _read(page, layout, space).text == "?"


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(rim=st.floats(0.78, 0.9), upper=st.floats(15.0, 50.0), lower=st.floats(15.0, 35.0),
       stroke=st.floats(0.3, 0.7), digits=st.sampled_from(["13", "26", "45", "52", "64"]))
def test_a_number_in_parentheses_anywhere_along_the_rim_is_never_read_wrong(
        rim: float, upper: float, lower: float, stroke: float, digits: str) -> None:
    space = _coloured_with_badge()
    page, layout = _write(space, digits, rim=rim, upper=upper, lower=lower, stroke=stroke)
    assert _read(page, layout, space).text in (f"({digits})", "?")


def test_the_rim_test_asks_for_a_tall_stroke_beside_the_number() -> None:
    from sheetgen.read.cells import _bracket

    size = 81
    c = size // 2
    for angle, tall, expected in ((0.0, True, True), (180.0, True, True),
                                  (90.0, True, False), (0.0, False, False)):
        part = np.zeros((size, size), dtype=bool)
        x = c + round(34 * math.cos(math.radians(angle)))
        y = c + round(34 * math.sin(math.radians(angle)))
        hh, hw = (10, 2) if tall else (2, 10)
        part[y - hh:y + hh, x - hw:x + hw] = True
        assert _bracket(part, c, c) is expected
