"""How much of a printed page is inked, measured on its raster (for ``--ink`` and the
ink benchmark)."""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image

from sheetgen.draw.pdf import Page, page_svg, svg_to_png


@dataclass(frozen=True)
class Coverage:
    """Ink on one page, measured on a greyscale raster."""

    inked: float
    """Share of the page's pixels darker than paper (luminance under 245 of 255)."""
    mean: float
    """Mean ink over the page: 0 blank paper, 1 solid black (1 - luminance / 255)."""


def coverage(page: Page, dpi: int = 50) -> Coverage:
    """The ink one drawn page (a drawing, or a page of layers) puts on paper, rendered
    at ``dpi``."""
    image = Image.open(io.BytesIO(svg_to_png(page_svg(page), dpi=dpi))).convert("L")
    histogram = image.histogram()
    total = sum(histogram)
    inked = sum(histogram[:245]) / total
    mean = sum((255 - level) * count for level, count in enumerate(histogram)) / (255 * total)
    return Coverage(round(inked, 4), round(mean, 4))
