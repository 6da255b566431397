"""An On Tour number whose digits are written in inks of different darkness (a thin
stroke beside a bold one, blurred by the photo): the paler digit is read whole."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")
pytest.importorskip("onnxruntime")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from sheetgen.model import Cell  # noqa: E402
from sheetgen.read import synth  # noqa: E402
from sheetgen.read.cells import Grammar, read_cells  # noqa: E402
from sheetgen.read.register import PPM  # noqa: E402
from tests.read.test_read_rings import RADIUS, _layout, _stamp  # noqa: E402


def _two_inks(text: str, inks: tuple[int, int], blur: float, height_mm: float = 4.4,
              ringed: bool = False) -> np.ndarray:
    """The circle with ``text``'s two digits in the two ``inks`` (grey levels on paper of
    235), thin strokes, blurred as a photo blurs them."""
    size = round(20.0 * PPM)
    page = np.full((size, size), 235, dtype=np.uint8)
    centre = size // 2
    cv2.circle(page, (centre, centre), round(RADIUS * PPM), 70, max(1, round(0.3 * PPM)),
               cv2.LINE_AA)
    glyphs = [synth.font_glyph("ttf:OpenSans-Regular.ttf", ch, round(height_mm * PPM))
              for ch in text]
    gap = round(0.5 * PPM)
    x = centre - (sum(g.shape[1] for g in glyphs) + gap) // 2
    for glyph, ink in zip(glyphs, inks, strict=True):
        _stamp(page, glyph, x, centre - glyph.shape[0] // 2, ink)
        x += glyph.shape[1] + gap
    if ringed:
        canvas = np.zeros_like(page)
        cv2.circle(canvas, (centre, centre), round(RADIUS * PPM * 0.82), 255,
                   max(1, round(0.35 * PPM)), cv2.LINE_AA)
        _stamp(page, canvas, 0, 0, min(inks))
    return cv2.GaussianBlur(page, (0, 0), blur)


@pytest.mark.parametrize("text", ["42", "48", "28", "94", "36", "73"])
def test_a_pale_digit_beside_a_bold_one_is_read(text: str) -> None:
    """The second digit at a third of the first's darkness (a "48" whose pale 8 fell apart
    read (x), a "42" (04)): both are read."""
    page = _two_inks(text, (30, 165), 1.0)
    got = read_cells(page, _layout(), Grammar(dicetrip=False))[0]
    assert got.cell == Cell.number(int(text)) and not got.doubtful


@settings(max_examples=30, deadline=None)
@given(number=st.integers(10, 99), dark=st.integers(0, 90), pale=st.integers(120, 170),
       blur=st.floats(0.5, 1.2), swap=st.booleans(), ringed=st.booleans())
def test_digits_of_two_inks_are_read_right_or_flagged(number: int, dark: int, pale: int,
                                                      blur: float, swap: bool,
                                                      ringed: bool) -> None:
    """Any number, one digit dark and one pale (either first; the pale one at least a
    quarter as dark as the paper before the blur: paler still, it is no ink to the
    reader, as an empty circle's paper is not), ringed or not: read as written or
    doubtful, never as another number."""
    inks = (pale, dark) if swap else (dark, pale)
    page = _two_inks(str(number), inks, blur, ringed=ringed)
    got = read_cells(page, _layout(), Grammar(dicetrip=False))[0]
    assert got.doubtful or got.cell == Cell.number(number, ringed)
