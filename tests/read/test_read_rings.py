"""A ring drawn round an On Tour number: found, taken away, and the digits left whole.

Each test draws one write-in circle as a straightened sheet shows it (the printed outline,
the digits in a held-out font, a ring drawn by hand round them) and reads it with the
reader's own cutting and classifier."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")
pytest.importorskip("onnxruntime")

from hypothesis import assume, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from sheetgen.model import Cell  # noqa: E402
from sheetgen.read import synth  # noqa: E402
from sheetgen.read.cells import Grammar, cut_cell, read_cells  # noqa: E402
from sheetgen.read.layout import SheetLayout  # noqa: E402
from sheetgen.read.register import PPM  # noqa: E402

SIDE = 20.0
"""The drawing's side (mm); the circle is in its middle."""
RADIUS = 5.0
FONT = "ttf:OpenSans-Regular.ttf"


def _layout() -> SheetLayout:
    return SheetLayout("usa", "a4", 2, (SIDE, SIDE), (), 0.0, (0.0, 0.0, 0.0), 0.0,
                       {"A": (SIDE / 2, SIDE / 2, RADIUS)}, (0.0, 0.0, 0.0, 0.0), {})


def _stamp(page: np.ndarray, glyph: np.ndarray, x: int, y: int, ink: int = 20) -> None:
    h, w = glyph.shape
    part = glyph.astype(np.float32) / 255.0
    region = page[y:y + h, x:x + w].astype(np.float32)
    page[y:y + h, x:x + w] = (region * (1 - part) + ink * part).astype(np.uint8)


def _circle(text: str, height_mm: float = 4.0) -> tuple[np.ndarray, list[tuple[int, int,
                                                                              int, int]]]:
    """The circle with ``text`` written in its middle, and each digit's box (x0, y0, x1,
    y1) in pixels."""
    size = round(SIDE * PPM)
    page = np.full((size, size), 235, dtype=np.uint8)
    centre = (size // 2, size // 2)
    cv2.circle(page, centre, round(RADIUS * PPM), 70, max(1, round(0.3 * PPM)), cv2.LINE_AA)
    glyphs = [synth.font_glyph(FONT, ch, round(height_mm * PPM)) for ch in text]
    gap = round(0.5 * PPM)
    total = sum(g.shape[1] for g in glyphs) + gap * (len(glyphs) - 1)
    x = centre[0] - total // 2
    boxes = []
    for g in glyphs:
        y = centre[1] - g.shape[0] // 2
        _stamp(page, g, x, y)
        boxes.append((x, y, x + g.shape[1], y + g.shape[0]))
        x += g.shape[1] + gap
    return page, boxes


def _ring(page: np.ndarray, centre: tuple[float, float], axes: tuple[float, float],
          turn: float = 0.0, start: float = 0.0, sweep: float = 360.0,
          width_mm: float = 0.35) -> None:
    """A ring drawn by hand (an ellipse, ``axes`` in pixels), darkening the page."""
    canvas = np.zeros_like(page)
    cv2.ellipse(canvas, (round(centre[0]), round(centre[1])),
                (round(axes[0]), round(axes[1])), turn, start, start + sweep, 255,
                max(1, round(width_mm * PPM)), cv2.LINE_AA)
    _stamp(page, canvas, 0, 0)


def _heights(cut_glyphs: list[np.ndarray]) -> list[int]:
    return [g.shape[0] for g in cut_glyphs]


@pytest.mark.parametrize("text, shift, sure", [("47", 0.0, True), ("47", 0.6, True),
                                               ("95", -0.6, False), ("30", 0.6, False),
                                               ("82", 0.0, True), ("16", -0.6, False)])
def test_a_ring_touching_a_digit_is_read_circled_with_both_digits(text: str, shift: float,
                                                                  sure: bool) -> None:
    """A ring drawn tight round a number (centred, or off centre by ``shift`` mm), running
    into the digits' ink where it reaches furthest, is found all round and taken away;
    both digits stay whole and the cell is read as the circled number. Sure, unless the
    ends of a digit's strokes lie on the ring where another digit's stroke could go on
    under it (a 3 whose ends touch the ring is an 8 whose side the ring runs over; a 5
    a 9, a 6 a 0): then it is flagged, with the circled number as its guess."""
    page, boxes = _circle(text)
    centre = (page.shape[1] / 2 + shift * PPM, page.shape[0] / 2)
    ys, xs = np.nonzero(page < 128)
    digits = np.zeros(len(xs), dtype=bool)
    for x0, y0, x1, y1 in boxes:
        digits |= (xs >= x0) & (xs < x1) & (ys >= y0) & (ys < y1)
    reach = float(np.hypot(xs[digits] - centre[0], ys[digits] - centre[1]).max())
    edge = reach + 0.5 * 0.35 * PPM  # the ring's inner edge on the digit's furthest ink
    _ring(page, centre, (edge, edge), width_mm=0.35)
    page = cv2.GaussianBlur(page, (0, 0), 0.8)  # as a photo blurs it
    cut = cut_cell(page, _layout(), "A", rings=True)
    assert cut.ring >= 0.9
    assert len(cut.splits[0]) == 2
    tall = min(y1 - y0 for _, y0, _, y1 in boxes)
    assert min(_heights(cut.splits[0])) >= 0.85 * tall  # neither digit cut short
    got = read_cells(page, _layout(), Grammar(dicetrip=False))[0]
    assert got.cell == Cell.number(int(text), True)
    assert got.doubtful is not sure
    if not sure:
        assert got.why.startswith("a digit may lie under the ring")


@pytest.mark.parametrize("text, height", [("15", 6.2), ("59", 5.8), ("80", 6.2), ("12", 6.2),
                                          ("13", 5.8), ("43", 6.2)])
def test_a_plain_number_filling_its_circle_is_no_ring(text: str, height: float) -> None:
    """Two digits written large, whose outline runs near the rim, are not a ring (their
    outline was taken for one round 0.4-0.8 of the rim: the cell read both ways, `?`, or
    circled): nothing is taken away and the cell is read as the plain number."""
    page, _ = _circle(text, height_mm=height)
    cut = cut_cell(page, _layout(), "A", rings=True)
    assert cut.ring == 0.0
    got = read_cells(page, _layout(), Grammar(dicetrip=False))[0]
    assert got.cell == Cell.number(int(text), False) and not got.doubtful


@settings(max_examples=30, deadline=None)
@given(number=st.integers(10, 99), height=st.floats(3.4, 4.6),
       shift=st.tuples(st.floats(-0.2, 0.2), st.floats(-0.2, 0.2)),
       size=st.floats(0.78, 0.88), squeeze=st.floats(0.92, 1.08),
       turn=st.floats(0, 180), start=st.floats(0, 360), sweep=st.floats(340, 380),
       width=st.floats(0.25, 0.45))
def test_any_ring_a_hand_draws_is_found_and_the_digits_kept(
        number: int, height: float, shift: tuple[float, float], size: float,
        squeeze: float, turn: float, start: float, sweep: float, width: float) -> None:
    """However a hand draws the ring (off centre, squeezed, turned, short of a full turn
    or past it, thin or thick), as the test corpus draws it: it is found round most of
    the circle and the number stays two glyphs."""
    page, boxes = _circle(str(number), height)
    mid = page.shape[1] / 2
    r = RADIUS * PPM * size
    _ring(page, (mid + shift[0] * PPM, mid + shift[1] * PPM), (r * squeeze, r / squeeze),
          turn, start, sweep, width)
    cut = cut_cell(page, _layout(), "A", rings=True)
    assert cut.ring >= 0.6
    assert len(cut.splits[0]) == 2
    tall = min(y1 - y0 for _, y0, _, y1 in boxes)
    assert min(_heights(cut.splits[0])) >= 0.75 * tall


@settings(max_examples=30, deadline=None)
@given(number=st.integers(0, 99), height=st.floats(3.4, 6.2))
def test_no_number_written_alone_is_taken_for_a_ring(number: int, height: float) -> None:
    """A number with no ring round it, at any size a hand writes, shows no ring (but for
    the known cases of the test below)."""
    assume(not (number in (19, 61) and height >= 5.5))
    page, _ = _circle(str(number), height)
    assert cut_cell(page, _layout(), "A", rings=True).ring == 0.0


@pytest.mark.xfail(strict=True, reason="the outline of a large 9 (or 6) beside a 1 runs "
                   "along a smooth curve over 35 rays in one piece, as a ring does")
@pytest.mark.parametrize("text, height", [("19", 5.6), ("19", 6.0), ("61", 6.0)])
def test_a_large_19_shows_no_ring(text: str, height: float) -> None:
    """"19" or "61" written 5.6-6.2 mm tall shows a ring round 0.65-0.7 of the circle (the
    cell is then flagged, not read wrong). Known and left."""
    page, _ = _circle(text, height)
    assert cut_cell(page, _layout(), "A", rings=True).ring == 0.0


@settings(max_examples=30, deadline=None)
@given(text=st.sampled_from(["*", "5", "38", "71"]), shade=st.integers(120, 185),
       size=st.floats(0.78, 0.86), blur=st.floats(0.6, 1.2), bold=st.booleans())
def test_a_ring_drawn_paler_than_the_writing_is_found(text: str, shade: int, size: float,
                                                      blur: float, bold: bool) -> None:
    """A ring drawn in a paler ink than the dark writing it goes round (a thin pen beside
    a bold star, blurred by the photo: lighter than the ink level the writing sets) is
    found all the same, and the cell read circled, or flagged: never as the plain mark (a
    circled star read "*" at 1.0 in a photo)."""
    page, _ = _circle(text, 4.0)
    if bold:
        page = cv2.erode(page, np.ones((3, 3), np.uint8))
    mid = page.shape[1] / 2
    r = RADIUS * PPM * size
    canvas = np.zeros_like(page)
    cv2.ellipse(canvas, (round(mid), round(mid)), (round(r), round(r)), 0, 0, 360, 255,
                max(1, round(0.25 * PPM)), cv2.LINE_AA)
    part = canvas.astype(np.float32) / 255.0
    page = (page * (1 - part) + shade * part).astype(np.uint8)
    page = cv2.GaussianBlur(page, (0, 0), blur)
    got = read_cells(page, _layout(), Grammar(dicetrip=False))[0]
    written = Cell.star(True) if text == "*" else Cell.number(int(text), True)
    assert got.doubtful or got.cell == written


@settings(max_examples=30, deadline=None)
@given(text=st.sampled_from(["19", "61", "16", "91", "69", "96"]),
       height=st.floats(5.0, 6.2))
def test_a_large_number_whose_outline_runs_like_a_ring_is_never_read_wrong(
        text: str, height: float) -> None:
    """Where the outline of a large 9 or 6 is taken for a part ring, the cell is also read
    as though there were none: it is read as written or doubtful (with the number as
    its guess), never as what is left once the "ring" is taken away (a "19" read (10) at
    0.998 in a photo)."""
    page, _ = _circle(text, height)
    got = read_cells(page, _layout(), Grammar(dicetrip=False))[0]
    assert got.text in (text, "?")
    if got.doubtful and cut_cell(page, _layout(), "A", rings=True).ringless is not None:
        assert got.guess == text


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.floats(0, SIDE), st.floats(0, SIDE), st.floats(0.1, 6),
                          st.floats(0.05, 1.5), st.integers(0, 255)), max_size=6),
       st.integers(0, 2 ** 32 - 1))
def test_hostile_ink_never_breaks_the_ring_finder(
        marks: list[tuple[float, float, float, float, int]], noise_seed: int) -> None:
    """Circles, arcs and noise anywhere in and round the circle: the cutting answers,
    with a ring share between 0 and 1 and every glyph a mask."""
    page, _ = _circle("")
    rng = np.random.default_rng(noise_seed)
    page = np.clip(page.astype(np.int16) + rng.integers(-40, 40, page.shape), 0, 255
                   ).astype(np.uint8)
    for x, y, r, w, ink in marks:
        cv2.circle(page, (round(x * PPM), round(y * PPM)), round(r * PPM), ink,
                   max(1, round(w * PPM)))
    cut = cut_cell(page, _layout(), "A", rings=True)
    assert 0.0 <= cut.ring <= 1.0 and math.isfinite(cut.stray)
    assert all(g.ndim == 2 and g.size for split in cut.splits for g in split)


@pytest.mark.parametrize("text, digit_box", [("82", 0), ("38", 1), ("86", 0), ("69", 1)])
def test_a_ring_drawn_over_a_digit_is_flagged(text: str, digit_box: int) -> None:
    """A ring drawn off centre whose stroke runs over the outer side of a digit (an 8
    whose left side is under it leaves a 3; a 6 or a 9 leaves a 5 or a 3-like hook): the
    ink left cannot tell which digit it was, so the cell is flagged, never read as the
    number the rest of the ink shows."""
    page, boxes = _circle(text)
    x0, y0, x1, y1 = boxes[digit_box]
    mid = page.shape[1] / 2
    # the ring drawn 1.2 mm off centre, away from the digit, its stroke along the digit's
    # outer quarter
    side = x0 + 0.25 * (x1 - x0) if digit_box == 0 else x1 - 0.25 * (x1 - x0)
    centre = (mid + (1.2 if digit_box == 0 else -1.2) * PPM, mid)
    r = abs(centre[0] - side)
    _ring(page, centre, (r, r), width_mm=0.45)
    page = cv2.GaussianBlur(page, (0, 0), 0.8)
    got = read_cells(page, _layout(), Grammar(dicetrip=False))[0]
    assert got.doubtful or got.cell == Cell.number(int(text), True)


@settings(max_examples=40, deadline=None)
@given(number=st.integers(10, 99).filter(lambda n: "1" not in str(n)),
       height=st.floats(3.4, 4.6), towards=st.floats(0, 2 * math.pi), off=st.floats(0.0, 1.2),
       size=st.floats(0.76, 0.9), start=st.floats(0, 360), width=st.floats(0.25, 0.45))
def test_a_ring_off_centre_over_the_digits_is_never_read_wrong(
        number: int, height: float, towards: float, off: float, size: float, start: float,
        width: float) -> None:
    """A ring round a number drawn up to 1.2 mm off centre, so that its stroke may run
    over part of a digit: the cell is read as the circled number or flagged, never as
    another reading. (A 1, all of whose ink a ring can cover, is left to the test
    below.)"""
    page, _ = _circle(str(number), height)
    mid = page.shape[1] / 2
    r = RADIUS * PPM * size
    _ring(page, (mid + off * PPM * math.cos(towards), mid + off * PPM * math.sin(towards)),
          (r, r), 0.0, start, 360.0, width)
    page = cv2.GaussianBlur(page, (0, 0), 0.8)
    got = read_cells(page, _layout(), Grammar(dicetrip=False))[0]
    assert got.doubtful or got.cell == Cell.number(number, True), got


@pytest.mark.xfail(strict=True, reason="a 1 wholly under the ring's stroke leaves no ink; "
                   "the other digit alone reads as a one-digit number")
@pytest.mark.parametrize("text", ["61", "71", "31"])
def test_a_ring_drawn_along_a_1_is_not_read_as_the_other_digit(text: str) -> None:
    """A ring drawn 1.1 mm off centre whose stroke runs along the 1 of a number covers
    all of it: what is left is the other digit, read (06), (07), (03) surely. Known and
    left: no ink tells the 1 was there."""
    page, _ = _circle(text)
    mid = page.shape[1] / 2
    r = 0.78 * RADIUS * PPM
    _ring(page, (mid - 1.1 * PPM, mid), (r, r), width_mm=0.4)
    page = cv2.GaussianBlur(page, (0, 0), 0.8)
    got = read_cells(page, _layout(), Grammar(dicetrip=False))[0]
    assert got.doubtful or got.cell == Cell.number(int(text), True)


BOLD = "ttf:OpenSans-Bold.ttf"
COND = "ttf:OpenSans-CondBold.ttf"


@dataclass(frozen=True)
class Bold:
    """A number written in a bold font in a circle of ``radius`` mm printed dark and bold,
    ``height`` mm tall, and a ring drawn round it ``size`` of the radius (squeezed, turned
    ``turn`` degrees, ``width`` mm), ``off`` mm off centre towards ``towards`` (radians),
    in a photo blurred by ``blur`` pixels."""

    number: int
    radius: float
    font: str
    height: float
    off: float
    towards: float
    size: float
    squeeze: float
    turn: float
    width: float
    blur: float


def _bold_ringed(d: Bold) -> tuple[np.ndarray, SheetLayout]:
    """``d`` drawn: a ring large enough to run into the printed circle on one side and
    leave a paler gap on the other."""
    size_px = round(SIDE * PPM)
    page = np.full((size_px, size_px), 235, dtype=np.uint8)
    mid = size_px // 2
    cv2.circle(page, (mid, mid), round(d.radius * PPM), 50, round(0.35 * PPM), cv2.LINE_AA)
    glyphs = [synth.font_glyph(d.font, ch, round(d.height * PPM)) for ch in f"{d.number:02d}"]
    gap = round(0.4 * PPM)
    x = mid - (sum(g.shape[1] for g in glyphs) + gap) // 2
    for g in glyphs:
        _stamp(page, g, x, mid - g.shape[0] // 2, ink=30)
        x += g.shape[1] + gap
    r = d.radius * PPM * d.size
    canvas = np.zeros_like(page)
    cv2.ellipse(canvas, (round(mid + d.off * PPM * math.cos(d.towards)),
                         round(mid + d.off * PPM * math.sin(d.towards))),
                (round(r * d.squeeze), round(r / d.squeeze)), d.turn, 0, 360, 255,
                max(1, round(d.width * PPM)), cv2.LINE_AA)
    _stamp(page, canvas, 0, 0, ink=30)
    layout = SheetLayout("paris", "a4", 2, (SIDE, SIDE), (), 0.0, (0.0, 0.0, 0.0), 0.0,
                         {"A": (SIDE / 2, SIDE / 2, d.radius)}, (0.0, 0.0, 0.0, 0.0), {})
    return cv2.GaussianBlur(page, (0, 0), d.blur), layout


@pytest.mark.parametrize("drawn", [
    Bold(11, 5.0, BOLD, 3.95, 0.31, 1.94, 0.83, 1.05, 36.22, 0.45, 2.06),
    Bold(17, 4.5, COND, 3.51, 0.48, 3.81, 0.82, 1.02, 23.47, 0.4, 1.92),
    Bold(15, 4.5, COND, 3.55, 0.59, 3.89, 0.81, 0.98, 117.03, 0.34, 2.25)])
def test_a_bold_ring_merging_with_the_printed_circle_is_taken_away_whole(drawn: Bold) -> None:
    """A ring drawn large and off centre round a bold number, in a blurred photo: on one
    side it runs into the printed circle (its stroke and the circle's blur, 1.3 mm of ink
    together), on the other it is an arc just within the printed circle's blur across a
    paler gap. Both are the ring: taken away, the two digits are read, circled and sure.
    (The crescent left on one side was ink left unread, the arc on the other joined to a
    digit: "17" read (10) surely, "15" a mark as large as the circle.)"""
    page, layout = _bold_ringed(drawn)
    cut = cut_cell(page, layout, "A", rings=True)
    assert cut.ring >= 0.9 and len(cut.splits[0]) == 2 and cut.stray < 0.5
    got = read_cells(page, layout, Grammar(dicetrip=False))[0]
    assert got.cell == Cell.number(drawn.number, True) and not got.doubtful, got


@pytest.mark.parametrize("drawn", [
    Bold(35, 4.5, COND, 3.47, 0.58, 0.84, 0.8, 1.03, 100.34, 0.37, 1.92),
    Bold(61, 5.0, COND, 3.42, 0.46, 4.54, 0.82, 1.0, 133.05, 0.43, 1.35)])
def test_a_piece_of_the_ring_left_on_a_digit_is_flagged(drawn: Bold) -> None:
    """Where a ring's arc lies further within the printed circle's blur than the cutting
    follows it, the arc stays joined to the writing: a 3 with it is a glyph half again as
    tall as the 5 beside it (read (65) surely), a "61" with it one glyph wider than tall
    (read (09) surely). The digits of a number are written alike, a digit is taller than
    wide: the cell is flagged, not read."""
    page, layout = _bold_ringed(drawn)
    got = read_cells(page, layout, Grammar(dicetrip=False))[0]
    assert got.doubtful, got


@settings(max_examples=25, deadline=None)
@given(st.builds(Bold, number=st.integers(10, 99), radius=st.sampled_from([4.5, 5.0]),
                 font=st.sampled_from([BOLD, COND]), height=st.floats(3.4, 4.2),
                 off=st.floats(0.0, 0.6), towards=st.floats(0, 2 * math.pi),
                 size=st.floats(0.8, 0.88), squeeze=st.floats(0.94, 1.06),
                 turn=st.floats(0, 180), width=st.floats(0.3, 0.45), blur=st.floats(1.0, 2.4)))
def test_a_bold_ringed_number_in_a_blurred_photo_is_never_read_wrong(drawn: Bold) -> None:
    """Any two digits in a bold font, a ring drawn large round them up to 0.6 mm off
    centre (running into the printed circle or just within its blur), a photo blurred
    by 1-2.4 pixels: the cell is read as the circled number, or flagged."""
    page, layout = _bold_ringed(drawn)
    got = read_cells(page, layout, Grammar(dicetrip=False))[0]
    assert got.doubtful or got.cell == Cell.number(drawn.number, True), got


@pytest.mark.parametrize("place", [0, 144])
def test_a_sliver_of_the_ring_left_on_a_digit_is_peeled_off(place: int) -> None:
    """West Virginia's circle stands on the state's bold border: a ring drawn round its
    number merges with the printed circle and the border below, its inner edge is fitted
    short there, and a sliver of it stayed on the first digit (glyph heights apart: the
    cell was `?` at 0.5). Cut again with more of the ring's inner edge taken away, the
    digits are alike and the cell is read (photos of a development corpus, seed 51)."""
    from sheetgen.read.register import register
    from sheetgen.read.sheet import read_sheet

    sample = synth.corpus(192, seed=51, only=(place,))[0]
    assert sample.map_id == "usa" and sample.cells["WV"].circled
    photo = cv2.imdecode(np.frombuffer(sample.jpeg, np.uint8), cv2.IMREAD_COLOR)
    found = register(photo)
    cut = cut_cell(found.page, found.layout, "WV", rings=True)
    assert cut.peeled is not None and cut.peeled.ink_ratio > cut.ink_ratio
    read = {r.space: r for r in read_sheet(photo, sample.name).readings}
    assert read["WV"].cell == sample.cells["WV"] and not read["WV"].doubtful
