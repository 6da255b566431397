"""Text in drawings: the house fonts, point sizes, and real measurements.

Text is measured with reportlab's metrics of the shipped Open Sans files, so a line that
fits here fits in the PDF that cairo draws from the same font.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import svgwrite
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from sheetgen.render import FONT, FONT_CONDENSED
from sheetgen.resources import fonts_dir

PT = 25.4 / 72
"""One typographic point in millimetres."""

_FACES = {"regular": "OpenSans-Regular.ttf", "bold": "OpenSans-Bold.ttf",
          "condensed": "OpenSans-CondBold.ttf"}


def text(dwg: svgwrite.Drawing, content: str, x: float, y: float, size_pt: float, *,
         bold: bool = False, condensed: bool = False, anchor: str = "start",
         fill: str = "#1a1a1a", **extra: Any) -> Any:
    """A text element with the house fonts; ``size_pt`` in points, position in mm
    (``y`` is the baseline)."""
    family = FONT_CONDENSED if condensed else FONT
    return dwg.text(content, insert=(round(x, 2), round(y, 2)), font_family=family,
                    font_size=f"{size_pt * PT:.3f}", font_weight="bold" if bold or condensed
                    else "normal", text_anchor=anchor, fill=fill, **extra)


@cache
def _face(kind: str) -> str:
    name = f"sheetgen-{kind}"
    pdfmetrics.registerFont(TTFont(name, str(fonts_dir() / _FACES[kind])))
    return name


def text_width(content: str, size_pt: float, *, bold: bool = False,
               condensed: bool = False) -> float:
    """Width in mm of ``content`` set in the house font at ``size_pt``."""
    kind = "condensed" if condensed else "bold" if bold else "regular"
    return float(pdfmetrics.stringWidth(content, _face(kind), size_pt)) * PT


def wrap(content: str, width_mm: float, size_pt: float, *, bold: bool = False) -> list[str]:
    """Greedy word wrap of ``content`` to lines no wider than ``width_mm``."""
    lines: list[str] = []
    current = ""
    for word in content.split():
        candidate = f"{current} {word}".strip()
        if current and text_width(candidate, size_pt, bold=bold) > width_mm:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines
