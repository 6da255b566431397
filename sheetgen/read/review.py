"""The review pages: one page per sheet read, for a person to check the reading and settle
the doubtful cells in seconds.

Each page shows the straightened photo with every reading printed beside its circle
(green), the doubtful ones ringed and labelled in red with the best guess and ``?``; below
it the name as written (an image: the reader does not read names) and each doubtful
circle cut out, enlarged, with its space, guess and reason, and the other readings it
was torn between (wrapped under its crop). The
pages are drawings like every other command's (``sheetgen.draw``, the house fonts), so
the review is a PDF or one PNG a page; the photo is embedded as a JPEG, and the same
photos give the same bytes.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence

import cv2
import numpy as np
import svgwrite

from sheetgen.draw.text import PT, text, text_width, wrap
from sheetgen.read.cells import Reading
from sheetgen.read.register import PPM
from sheetgen.read.sheet import SheetReading

BAND = 62.0
"""Height of the band under the photo, mm."""
IMAGE_PPM = 5.0
"""Resolution of the embedded photo, pixels a mm (127 dpi)."""
OK_INK = "#0d7326"
DOUBT_INK = "#d90d0d"
CROP = 20.0
"""Side of an enlarged doubtful circle in the band, mm."""
GAP = 6.0
"""Between two crops side by side, mm."""
REASON_PT = 6.0
"""Type size of a doubtful cell's reason under its crop (the smallest type on any page)."""
REASON_LINES = 3
"""A reason wraps to at most this many lines under its crop."""


def _href(gray: np.ndarray, quality: int = 80) -> str:
    ok, data = cv2.imencode(".jpg", gray, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    return "data:image/jpeg;base64," + base64.b64encode(data.tobytes()).decode("ascii")


def _crop(page: np.ndarray, x: float, y: float, w: float, h: float) -> np.ndarray:
    x0, y0 = max(0, round(x * PPM)), max(0, round(y * PPM))
    return page[y0:round((y + h) * PPM), x0:round((x + w) * PPM)]


def _image(dwg: svgwrite.Drawing, gray: np.ndarray, x: float, y: float, w: float,
           h: float, quality: int = 80) -> None:
    dwg.add(dwg.image(_href(gray, quality), insert=(round(x, 2), round(y, 2)),
                      size=(round(w, 2), round(h, 2)), preserveAspectRatio="none"))


def _label(dwg: svgwrite.Drawing, content: str, x: float, y: float, ink: str,
           size: float) -> None:
    """``content`` in bold on a white plate, its left end at (x, y) mm (``y`` the
    plate's bottom)."""
    width = text_width(content, size, bold=True) + 2 * PT
    height = (size + 2.0) * PT
    dwg.add(dwg.rect((round(x, 2), round(y - height, 2)), (round(width, 2), round(height, 2)),
                     fill="white", stroke=ink, stroke_width=round(0.6 * PT, 3)))
    dwg.add(text(dwg, content, x + PT, y - 1.2 * PT - 0.8 * PT, size, bold=True, fill=ink))


def reasons(why: str) -> list[str]:
    """A doubtful cell's reason as the lines under its crop: wrapped to the crop's width
    and the gap beside it, at most ``REASON_LINES`` (the last one ends with ... when it
    was cut)."""
    lines = wrap(why, CROP + GAP - 2.5, REASON_PT, break_words=True)
    if len(lines) <= REASON_LINES:
        return lines
    kept = lines[:REASON_LINES]
    last = kept[-1]
    while last and text_width(last + "...", REASON_PT) > CROP + GAP - 2.5:
        last = last[:-1]
    kept[-1] = last.rstrip() + "..."
    return kept


def _why(reading: Reading) -> str:
    """A doubtful cell's reason, and its other close readings: "unsure (0.62); or (13)"."""
    others = reading.others()
    return reading.why + (f"; or {' or '.join(others)}" if others else "")


def review_pages(sheets: Sequence[SheetReading], names: Sequence[str]) -> list[str]:
    """The review of ``sheets`` (headed by ``names``): an SVG drawing a sheet."""
    return [_page(sheet, name) for sheet, name in zip(sheets, names, strict=True)]


def _page(sheet: SheetReading, name: str) -> str:
    layout = sheet.registered.layout
    width, height = layout.page
    total = height + BAND
    dwg = svgwrite.Drawing(size=(f"{width}mm", f"{total}mm"),
                           viewBox=f"0 0 {width} {total}", profile="full")
    dwg.add(dwg.rect((0, 0), (width, total), fill="white"))
    page = sheet.registered.page
    small = cv2.resize(page, (round(width * IMAGE_PPM), round(height * IMAGE_PPM)),
                       interpolation=cv2.INTER_AREA)
    _image(dwg, small, 0, 0, width, height)
    for reading in sheet.readings:
        cx, cy, r = layout.circles[reading.space]
        if reading.doubtful:
            dwg.add(dwg.circle((round(cx, 2), round(cy, 2)), round(r + 0.9, 2), fill="none",
                               stroke=DOUBT_INK, stroke_width=round(1.4 * PT, 3)))
            guess = f"{reading.guess or '?'}?" if reading.guess else "?"
            _label(dwg, f"{reading.space}: {guess}", cx + r * 0.75, cy - r * 0.55,
                   DOUBT_INK, 7.5)
        else:
            read = reading.cell.text if reading.cell is not None else "-"
            _label(dwg, read, cx + r * 0.75, cy - r * 0.55, OK_INK, 6.5)

    # the band: what was read, the name as written, the doubtful circles
    code = sheet.registered.code
    seed = "unseeded" if sheet.seed is None else f"seed {sheet.seed}"
    doubtful = sheet.doubtful
    y = height + 7.0
    head = (f"{sheet.source}: {code.map_id} sheet {code.sheet_text}, {seed}; column {name}; "
            f"{len(sheet.readings)} circles, {len(doubtful)} doubtful (red, written ? in "
            "the CSV)")
    for line in wrap(head, width - 12, 10, bold=True, break_words=True)[:2]:
        dwg.add(text(dwg, line, 6, y, 10, bold=True))
        y += 4.2
    status = ("not checked against a seed" if sheet.seed is None else
              "not checked: doubtful cells" if doubtful else
              f"not a legal board of that game: {sheet.problem}" if sheet.problem else
              "a legal board of that game")
    dwg.add(text(dwg, wrap(status, width - 12, 8, break_words=True)[0], 6, y, 8))
    nx, ny, nw, nh = layout.name
    name_img = _crop(page, nx, ny, nw, nh)
    dwg.add(text(dwg, "Name as written:", 6, y + 5.5, 8))
    if name_img.size:
        _image(dwg, name_img, 32, y + 1.0, nw, nh)
    first = y + 1.0 + max(nh, 5.0) + 6.0
    row = CROP + 5.0 + REASON_LINES * REASON_PT * PT * 1.25
    per_row = max(1, int((width - 10.0 + GAP) // (CROP + GAP)))
    rows = max(1, int((total - 1.0 - first - CROP) // row) + 1)
    room = per_row * rows
    shown = doubtful if len(doubtful) <= room else doubtful[:room - 1]
    for k, reading in enumerate(shown):
        x, top = 6.0 + (k % per_row) * (CROP + GAP), first + (k // per_row) * row
        cx, cy, r = layout.circles[reading.space]
        crop = _crop(page, cx - r - 1, cy - r - 1, 2 * r + 2, 2 * r + 2)
        if crop.size:
            _image(dwg, crop, x, top, CROP, CROP, 90)
        dwg.add(dwg.rect((round(x, 2), round(top, 2)), (CROP, CROP), fill="none",
                         stroke=DOUBT_INK, stroke_width=round(0.8 * PT, 3)))
        dwg.add(text(dwg, f"{reading.space}: {reading.guess or '?'}?", x, top - 1.2, 7,
                     bold=True, fill=DOUBT_INK))
        for n, line in enumerate(reasons(_why(reading))):
            dwg.add(text(dwg, line, x, top + CROP + 2.6 + n * REASON_PT * PT * 1.25,
                         REASON_PT, fill=DOUBT_INK))
    if len(shown) < len(doubtful):  # the last place says how many more are ringed above
        k = len(shown)
        x, top = 6.0 + (k % per_row) * (CROP + GAP), first + (k // per_row) * row
        for n, line in enumerate((f"and {len(doubtful) - k} more,", "ringed above")):
            dwg.add(text(dwg, line, x, top + CROP / 2 + n * 4.0, 8, bold=True,
                         fill=DOUBT_INK))
    return str(dwg.tostring())
