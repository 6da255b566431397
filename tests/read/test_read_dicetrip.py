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

from sheetgen.model import CellKind  # noqa: E402
from sheetgen.read import synth  # noqa: E402
from sheetgen.read.cells import (  # noqa: E402
    ROLLED_FLOOR,
    THRESHOLD,
    Grammar,
    Reading,
    _Cut,
    cut_cell,
    decode,
    read_cells,
    read_jointly,
)
from sheetgen.read.glyphs import CLASSES  # noqa: E402
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


def _stamp(page: np.ndarray, glyph: np.ndarray, x: float, y: float, grey: int = 0) -> None:
    """``glyph`` (ink > 0) in ink of ``grey`` (0 black), its centre at pixel (x, y)."""
    h, w = glyph.shape
    x0, y0 = round(x - w / 2), round(y - h / 2)
    region = page[y0:y0 + h, x0:x0 + w].astype(np.float32)
    ink = glyph.astype(np.float32) / 255.0
    page[y0:y0 + h, x0:x0 + w] = (region * (1 - ink) + grey * ink).astype(np.uint8)


def _write(space: str, digits: str, *, rim: float = 0.86, upper: float = 40.0,
           lower: float = 25.0, stroke: float = 0.45, blur: float = 0.8, grey: int = 0,
           bracket_grey: int = 0) -> tuple[np.ndarray, SheetLayout]:
    """The blank sheet with ``(digits)`` written in ``space``: the digits 3.6 mm high in
    the middle, each parenthesis an arc along the rim at ``rim`` of the radius, from
    ``upper`` degrees above the horizontal to ``lower`` below, ``stroke`` mm wide; the
    page then blurred by ``blur`` pixels (a photo's softness). The digits are in ink of
    ``grey`` (0 black), the parentheses in ink of ``bracket_grey``."""
    blank, layout = _blank()
    page = blank.copy()
    cx, cy, r = layout.circles[space]
    px, py, radius = cx * PPM, cy * PPM, r * PPM
    glyphs = [synth.font_glyph(FONT, d, round(3.6 * PPM)) for d in digits]
    gap = 0.5 * PPM
    x = px - (sum(g.shape[1] for g in glyphs) + gap) / 2
    for g in glyphs:
        _stamp(page, g, x + g.shape[1] / 2, py, grey)
        x += g.shape[1] + gap
    arc = round(rim * radius)
    thick = max(1, round(stroke * PPM))
    centre = (round(px), round(py))
    # cv2 angles run clockwise from +x (y down): above the horizontal is negative
    cv2.ellipse(page, centre, (arc, arc), 0, 180 - lower, 180 + upper, bracket_grey, thick,
                cv2.LINE_AA)
    cv2.ellipse(page, centre, (arc, arc), 0, -upper, lower, bracket_grey, thick, cv2.LINE_AA)
    return cv2.GaussianBlur(page, (0, 0), blur), layout


def _coloured_with_badge() -> str:
    _, layout = _blank()
    grammar = _grammar()
    return next(s for s in layout.circles if s in grammar.coloured and s in layout.printed)


def _read(page: np.ndarray, layout: SheetLayout, space: str) -> Reading:
    readings = read_cells(page, layout, _grammar())
    return next(r for r in readings if r.space == space)


def _assert_four_glyphs_guessed(page: np.ndarray, layout: SheetLayout, space: str,
                                digits: str, stray: float) -> None:
    """``space`` is cut into four glyphs leaving less than ``stray`` mm2 of ink unread,
    and guessed ``(digits)``: read so, or ``?``."""
    cut = cut_cell(page, layout, space, rings=False)
    assert len(cut.splits[0]) == 4
    assert cut.stray < stray
    reading = _read(page, layout, space)
    assert reading.guess == f"({digits})"
    assert reading.text in (f"({digits})", "?")


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
    _assert_four_glyphs_guessed(page, layout, space, "45", stray=0.8)


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


@pytest.mark.parametrize("digits", ["45", "13", "62"])
def test_a_parenthesis_the_rim_clips_to_the_digits_height_pairs_with_a_taller_one(
        digits: str) -> None:
    """Parentheses written out at the rim: the opening one reaches high, the closing one
    is cut by the rim to a sliver no taller than the digits. It is its partner's pair, and
    the number is read surely."""
    space = _coloured_with_badge()
    page, layout = _write(space, digits, rim=0.9, upper=35.0, lower=20.0, stroke=0.4)
    cut = cut_cell(page, layout, space, rings=False)
    glyphs = cut.splits[0]
    assert len(glyphs) == 4
    assert glyphs[3].shape[0] < 1.1 * max(glyphs[1].shape[0], glyphs[2].shape[0])
    assert _read(page, layout, space).text == f"({digits})"


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


def test_digits_fainter_than_their_bold_parentheses_are_read() -> None:
    """A thin pen's digits on a low-resolution photo come out far lighter than the
    parentheses beside them: they are read, not left out."""
    space = _coloured_with_badge()
    page, layout = _write(space, "35", grey=175, stroke=0.6, upper=25.0, lower=25.0)
    cut = cut_cell(page, layout, space, rings=False)
    assert len(cut.splits[0]) == 4
    assert _read(page, layout, space).guess == "(35)"


@pytest.mark.parametrize("grey, blur", [(140, 0.8), (160, 0.8), (140, 1.2)])
def test_pale_writing_beside_the_badge_is_cut_whole_and_leaves_no_fringe(
        grey: int, blur: float) -> None:
    """The badge's dark outline reaches into the circle's core: the level pale writing is
    cut at follows the writing, not the badge, so no fringe of each pale glyph is left
    over as ink unread (which made the cell doubtful) and no pale digit falls apart."""
    space = _coloured_with_badge()
    page, layout = _write(space, "43", grey=grey, bracket_grey=grey, stroke=0.45,
                          upper=25.0, lower=25.0, blur=blur)
    _assert_four_glyphs_guessed(page, layout, space, "43", stray=0.3)


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(grey=st.integers(90, 190), bracket_grey=st.integers(0, 190),
       blur=st.floats(0.6, 1.3), stroke=st.floats(0.3, 0.6),
       digits=st.sampled_from(["13", "26", "43", "52", "64"]))
def test_pale_writing_of_any_shade_beside_the_badge_is_never_read_wrong(
        grey: int, bracket_grey: int, blur: float, stroke: float, digits: str) -> None:
    space = _coloured_with_badge()
    page, layout = _write(space, digits, grey=grey, bracket_grey=bracket_grey,
                          stroke=stroke, upper=25.0, lower=25.0, blur=blur)
    assert _read(page, layout, space).text in (f"({digits})", "?")


@pytest.mark.parametrize("badge", [True, False])
def test_a_faint_speck_or_shade_in_an_empty_circle_is_no_glyph(badge: bool) -> None:
    """What is fainter than the ink and smaller than half a digit (a speck, the paper's
    grain, a shade) leaves an empty circle empty, with a badge or without."""
    blank, layout = _blank()
    space = _coloured_with_badge() if badge else next(
        s for s in layout.circles if s not in layout.printed)
    page = blank.copy()
    cx, cy, _ = layout.circles[space]
    px, py = round(cx * PPM), round(cy * PPM)
    rng = np.random.default_rng(3)
    noise = rng.normal(0, 6, page.shape)
    page = np.clip(page.astype(np.float32) + noise, 0, 255).astype(np.uint8)
    # a light speck 1.1 mm tall: darker than a faint stroke (FAINT), lighter than ink
    page[py - 4:py + 5, px - 3:px + 4] = 210
    page = cv2.GaussianBlur(page, (0, 0), 0.8)
    cut = cut_cell(page, layout, space, rings=False)
    assert cut.splits == [[]]
    assert _read(page, layout, space).text == ""


# --- what four glyphs in a coloured city are ----------------------------------------------


def _probs(**shares: float) -> np.ndarray:
    """Class probabilities: ``shares`` by class (``one="1"``, ``open="("``, ...), the rest
    of the weight on ``x``."""
    names = {"open": "(", "close": ")", "one": "1", "two": "2", "three": "3", "four": "4",
             "five": "5", "six": "6", "eight": "8", "nine": "9"}
    out = np.zeros(len(CLASSES), dtype=np.float32)
    for name, p in shares.items():
        out[CLASSES.index(names[name])] = p
    out[CLASSES.index("x")] += 1.0 - out.sum()
    return out


def _mask(height: int, width: int) -> np.ndarray:
    return np.full((height, width), 255, dtype=np.uint8)


COLOURED = Grammar(dicetrip=True, coloured={"A"})


@pytest.mark.parametrize("open_height, open_width, close_height, factor", [
    (30, 8, 30, 0.99 * 0.99),  # both taller than the digits
    (24, 8, 30, 0.99 * 0.99),  # a stroke as tall as the digits, its partner taller
    (24, 14, 30, 0.78 * 0.99),  # as tall and as wide as a digit
    (24, 8, 24, 0.78 * 0.8),  # neither of the pair taller than the digits
])
def test_a_parenthesis_the_classifier_half_takes_for_a_digit_is_one_when_it_stands_tall(
        open_height: int, open_width: int, close_height: int, factor: float) -> None:
    """Four glyphs in a coloured city, the first 0.78 "(" and 0.21 "1", the last 0.8 ")"
    and 0.19 "3": a glyph taller than the digits beside a number is its parenthesis (a
    digit there would be a third one, written as tall as the others), and so is a stroke
    (twice as tall as wide) whose partner is taller (the rim clips a parenthesis); then
    (45) is sure. As tall as the digits and as wide, or with neither of the pair taller,
    the opening one stays unsure."""
    glyphs = [_mask(open_height, open_width), _mask(24, 14), _mask(24, 14),
              _mask(close_height, 12)]
    cut = _Cut("A", [glyphs], 0.0, 0.0)
    probs = [_probs(open=0.78, one=0.21), _probs(four=1.0), _probs(five=1.0),
             _probs(close=0.8, three=0.19)]
    got = decode(cut, probs, COLOURED, THRESHOLD, glyphs=glyphs)
    assert got.reading.guess == "(45)"
    sure = factor > THRESHOLD
    assert got.reading.doubtful is not sure
    assert got.factor == pytest.approx(factor, abs=1e-6)
    out = read_jointly([got], COLOURED)
    assert out[0].text == ("(45)" if sure else "?")


def test_an_x_or_a_star_beside_a_number_is_no_parenthesis_however_tall() -> None:
    """The outer glyph's weight on an X or a star (a stray mark) stays doubt."""
    glyphs = [_mask(30, 8), _mask(24, 14), _mask(24, 14), _mask(30, 12)]
    cut = _Cut("A", [glyphs], 0.0, 0.0)
    probs = [_probs(open=0.8), _probs(four=1.0), _probs(five=1.0), _probs(close=1.0)]
    got = decode(cut, probs, COLOURED, THRESHOLD, glyphs=glyphs)  # 0.2 on x
    assert got.factor == pytest.approx(0.8, abs=1e-6)
    assert read_jointly([got], COLOURED)[0].text == "?"


def test_a_glyph_the_classifier_takes_for_an_8_is_no_sure_2() -> None:
    """A digit read 0.78 "8" and 0.09 "2": 2 is the likeliest digit a die has, but the
    digits 1-6 hold too little of the glyph's weight to read it: the cell is ?."""
    glyphs = [_mask(30, 8), _mask(24, 14), _mask(12, 10), _mask(30, 8)]
    cut = _Cut("A", [glyphs], 0.0, 0.0)
    probs = [_probs(open=1.0), _probs(six=0.95), _probs(eight=0.78, two=0.09),
             _probs(close=1.0)]
    got = decode(cut, probs, COLOURED, THRESHOLD, glyphs=glyphs)
    assert got.reading.doubtful
    assert got.reading.guess == "(62)"
    assert got.reading.why.startswith("digits 1-6 hardly show")
    assert read_jointly([got], COLOURED)[0].text == "?"


shares = st.floats(0.0, 1.0, allow_nan=False)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(shares, min_size=len(CLASSES), max_size=len(CLASSES)),
                min_size=1, max_size=5),
       st.lists(st.tuples(st.integers(1, 60), st.integers(1, 60)), min_size=5, max_size=5),
       st.booleans())
def test_hostile_glyph_probabilities_never_read_a_sure_cell_the_glyphs_do_not_show(
        rows: list[list[float]], sizes: list[tuple[int, int]], coloured: bool) -> None:
    """Whatever the classifier says and whatever the glyphs' shapes, a sure Dice Trip
    reading has a confidence of at most 1, its digits hold at least ROLLED_FLOOR of the
    glyphs' weight, and a number in parentheses stands only in a coloured city."""
    probs = []
    for row in rows:
        v = np.asarray(row, dtype=np.float32)
        probs.append(v / v.sum() if v.sum() > 0 else np.full(len(CLASSES), 1 / len(CLASSES),
                                                            dtype=np.float32))
    glyphs = [_mask(h, w) for h, w in sizes[:len(probs)]]
    grammar = Grammar(dicetrip=True, coloured={"A"} if coloured else set())
    got = decode(_Cut("A", [glyphs], 0.0, 0.0), probs, grammar, THRESHOLD, glyphs=glyphs)
    for reading in (got.reading, read_jointly([got], grammar)[0]):
        assert 0.0 <= reading.confidence <= 1.0 + 1e-6
        if reading.doubtful or reading.cell is None:
            continue
        if reading.cell.kind is CellKind.NUMBER:
            assert len(probs) in (2, 4)
            digits = probs[1:3] if len(probs) == 4 else probs
            mass = math.prod(float(sum(d[CLASSES.index(str(k))] for k in range(1, 7)))
                             for d in digits)
            assert mass >= ROLLED_FLOOR - 1e-6
            assert not reading.cell.circled or coloured


@pytest.mark.parametrize("side", ["open", "close"])
def test_a_lone_parenthesis_beside_two_digits_offers_the_number_both_ways(side: str) -> None:
    """Three glyphs in a coloured city, a sure parenthesis at the side it opens to and two
    digits: the other parenthesis was lost (written pale, clipped by the rim) or the
    stroke is a stray one. The cell is doubtful, guessed (45), and torn between (45) and
    45 (for the seed's rounds to choose); in a city of no colour, three marks stay three
    marks."""
    digits = [_probs(four=1.0), _probs(five=1.0)]
    probs = [_probs(open=0.97), *digits] if side == "open" else [*digits, _probs(close=0.97)]
    glyphs = [_mask(30, 8), _mask(24, 14), _mask(24, 14)]
    cut = _Cut("A", [glyphs], 0.0, 0.0)
    out = read_jointly([decode(cut, probs, COLOURED, THRESHOLD, glyphs=glyphs)], COLOURED)[0]
    assert out.doubtful and out.guess == "(45)"
    assert {c.text for c, _ in out.alternatives} == {"(45)", "45"}
    assert out.others() == ["45"]
    plain = decode(cut, probs, Grammar(dicetrip=True), THRESHOLD, glyphs=glyphs)
    assert plain.reading.doubtful and plain.reading.why == "3 marks where a number has two"
