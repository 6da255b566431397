"""Finding the sheet in a photo: the four registration marks among other dark squares."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from sheetgen.read import synth
from sheetgen.read.register import PPM, register
from tests.read.conftest import sample


def _marks_on_page(found_to_photo: np.ndarray, marks: tuple[tuple[float, float], ...]
                   ) -> np.ndarray:
    pts = np.array(marks, dtype=np.float64).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(pts, found_to_photo).reshape(-1, 2)


@pytest.mark.parametrize("corner", [(0.02, 0.02), (0.98, 0.02), (0.02, 0.98), (0.98, 0.98)])
def test_a_dark_square_on_the_table_beyond_the_page_is_not_taken_for_a_mark(
        corner: tuple[float, float]) -> None:
    """A square as dark and as large as a mark, on the table beyond a corner of the page,
    spans a larger quadrilateral with three marks than the four marks do: the marks are
    found all the same, each within half a millimetre of where the sheet has it."""
    s: synth.Sample = sample("usa", tilt=6.0, rotation=3.0)
    photo = cv2.imdecode(np.frombuffer(s.jpeg, np.uint8), cv2.IMREAD_COLOR)
    plain = register(photo)
    h, w = photo.shape[:2]
    side = round(4.0 * s.shot.dpi / 25.4)  # a mark's 4 mm, about
    x, y = round(corner[0] * w), round(corner[1] * h)
    x0, y0 = max(0, x - side // 2), max(0, y - side // 2)
    photo[y0:y0 + side, x0:x0 + side] = 20
    found = register(photo)
    placed = _marks_on_page(found.to_photo, found.layout.marks)
    truth = _marks_on_page(plain.to_photo, plain.layout.marks)
    scale = s.shot.dpi / 25.4
    assert np.abs(placed - truth).max() / scale < 0.5
    assert found.page.shape == (round(found.layout.page[1] * PPM),
                                round(found.layout.page[0] * PPM))
