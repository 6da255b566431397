"""The review PDF: one page per sheet read, for a person to check the reading and settle
the doubtful cells in seconds.

Each page shows the straightened photo with every reading printed beside its circle
(green), the doubtful ones ringed and labelled in red with the best guess and ``?``; below
it the name as written (an image: the reader does not read names) and each doubtful
circle cut out, enlarged, with its space and guess. Drawn with reportlab; the photo is
embedded as a JPEG; ``invariant`` output, so the same photos give the same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

import cv2
import numpy as np
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from sheetgen.read.register import PPM
from sheetgen.read.sheet import SheetReading

BAND = 62.0
"""Height of the band under the photo, mm."""
IMAGE_PPM = 5.0
"""Resolution of the embedded photo, pixels a mm (127 dpi)."""
OK_INK = (0.05, 0.45, 0.15)
DOUBT_INK = (0.85, 0.05, 0.05)


def _jpeg(gray: np.ndarray, quality: int = 80) -> ImageReader:
    ok, data = cv2.imencode(".jpg", gray, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    return ImageReader(io.BytesIO(data.tobytes()))


def _crop(page: np.ndarray, x: float, y: float, w: float, h: float) -> np.ndarray:
    x0, y0 = max(0, round(x * PPM)), max(0, round(y * PPM))
    return page[y0:round((y + h) * PPM), x0:round((x + w) * PPM)]


def _label(c: Canvas, text: str, x: float, y: float, ink: tuple[float, float, float],
           size: float = 7.0) -> None:
    """``text`` on a white plate, its left end at (x, y) in page mm from the top."""
    width = c.stringWidth(text, "Helvetica-Bold", size) + 2.0
    c.setFillColorRGB(1, 1, 1)
    c.setStrokeColorRGB(*ink)
    c.setLineWidth(0.6)
    c.rect(x * mm, y * mm - 1.2, width, size + 2.0, fill=1, stroke=1)
    c.setFillColorRGB(*ink)
    c.setFont("Helvetica-Bold", size)
    c.drawString(x * mm + 1.0, y * mm + 0.8, text)


def review_pdf(sheets: Sequence[SheetReading], names: Sequence[str]) -> bytes:
    """The review PDF of ``sheets`` (headed by ``names``), as bytes."""
    out = io.BytesIO()
    c = Canvas(out, invariant=1, pageCompression=1)
    c.setTitle("sheetgen read: review")
    c.setCreator("sheetgen")
    for sheet, name in zip(sheets, names, strict=True):
        _page(c, sheet, name)
        c.showPage()
    c.save()
    return out.getvalue()


def _page(c: Canvas, sheet: SheetReading, name: str) -> None:
    layout = sheet.registered.layout
    width, height = layout.page
    total = height + BAND
    c.setPageSize((width * mm, total * mm))
    page = sheet.registered.page
    small = cv2.resize(page, (round(width * IMAGE_PPM), round(height * IMAGE_PPM)),
                       interpolation=cv2.INTER_AREA)
    c.drawImage(_jpeg(small), 0, BAND * mm, width * mm, height * mm)

    def top(y: float) -> float:  # page mm from the top of the photo -> mm from the bottom
        return total - y

    for reading in sheet.readings:
        cx, cy, r = layout.circles[reading.space]
        if reading.doubtful:
            c.setStrokeColorRGB(*DOUBT_INK)
            c.setLineWidth(1.4)
            c.circle(cx * mm, top(cy) * mm, (r + 0.9) * mm, stroke=1, fill=0)
            text = f"{reading.guess or '?'}?" if reading.guess else "?"
            _label(c, f"{reading.space}: {text}", cx + r * 0.75, top(cy - r * 0.55), DOUBT_INK,
                   7.5)
        else:
            text = reading.cell.text if reading.cell is not None else "-"
            _label(c, text, cx + r * 0.75, top(cy - r * 0.55), OK_INK, 6.5)

    # the band: what was read, the name as written, the doubtful circles
    code = sheet.registered.code
    c.setFillColorRGB(0, 0, 0)
    c.setFont("Helvetica-Bold", 10)
    seed = "unseeded" if sheet.seed is None else f"seed {sheet.seed}"
    doubtful = sheet.doubtful
    c.drawString(6 * mm, (BAND - 7) * mm,
                 f"{_ascii(sheet.source)}: {code.map_id} sheet {code.sheet}, {seed}; "
                 f"column {_ascii(name)}; {len(sheet.readings)} circles, "
                 f"{len(doubtful)} doubtful (red, written ? in the CSV)")
    c.setFont("Helvetica", 8)
    status = ("not checked against a seed" if sheet.seed is None else
              "not checked: doubtful cells" if doubtful else
              f"not a legal board of that game: {sheet.problem}" if sheet.problem else
              "a legal board of that game")
    c.drawString(6 * mm, (BAND - 11.5) * mm, _ascii(status)[:180])
    nx, ny, nw, nh = layout.name
    name_img = _crop(page, nx, ny, nw, nh)
    c.drawString(6 * mm, (BAND - 17) * mm, "Name as written:")
    if name_img.size:
        c.drawImage(_jpeg(name_img), 32 * mm, (BAND - 22) * mm, nw * mm, nh * mm)
    x, y = 6.0, BAND - 28.0
    size = 20.0
    for reading in doubtful:
        if x + size > width - 4:
            x, y = 6.0, y - size - 8.0
        if y - size < 1:
            c.setFillColorRGB(*DOUBT_INK)
            c.drawString(x * mm, (y - 4) * mm, f"and {len(doubtful)} in all, ringed above")
            break
        cx, cy, r = layout.circles[reading.space]
        crop = _crop(page, cx - r - 1, cy - r - 1, 2 * r + 2, 2 * r + 2)
        if crop.size:
            c.drawImage(_jpeg(crop, 90), x * mm, (y - size) * mm, size * mm, size * mm)
        c.setStrokeColorRGB(*DOUBT_INK)
        c.setLineWidth(0.8)
        c.rect(x * mm, (y - size) * mm, size * mm, size * mm, stroke=1, fill=0)
        c.setFillColorRGB(*DOUBT_INK)
        c.setFont("Helvetica-Bold", 7)
        c.drawString(x * mm, (y + 1.2) * mm, f"{reading.space}: {reading.guess or '?'}?")
        c.setFont("Helvetica", 5.5)
        c.drawString(x * mm, (y - size - 3) * mm, _ascii(reading.why)[:40])
        x += size + 6.0


def _ascii(text: str) -> str:
    """What Helvetica can show (the review's fonts are the PDF standard ones)."""
    return "".join(ch if 32 <= ord(ch) < 256 else "?" for ch in text)
