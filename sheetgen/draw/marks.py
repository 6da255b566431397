"""What a player sheet carries so that a photo of it can be read back (``sheetgen read``):
four registration marks, one per corner, and the sheet's code (a QR code of map, paper,
seed and sheet number). Every game whose sheets are read draws them the same way."""

from __future__ import annotations

import svgwrite
from svgwrite.container import Group

from sheetgen.draw.qr import seed_code

MARK_INSET = 6.0
"""Registration marks: distance of each mark's outer edge from the paper edge, mm (home
printers do not print the outer 3-5 mm; nothing on a page comes nearer than 6 mm). Sheets
of layout 1 had them at 5 mm."""
MARK_SIZE = 4.0
"""Side of a registration mark (a filled square), mm."""
QR_MODULE = 0.8
"""Side of one module of the sheet's code, mm: a phone reads it from a 100 dpi scan or a
slightly blurred, tilted photo (layout 1 had 0.5 mm)."""
SHEET_LAYOUT = 3
"""The sheet layout these marks and this code belong to, carried in the sheet's code: a
reader finds the registration marks and the circles where this layout puts them. Layout 1
(marks 5 mm from the edge, 0.5 mm modules) carried no number; layout 3 has the marks and
the code of layout 2, with Europe's circles moved (Estonia's on its own country, Belgium's
and Luxembourg's moved, Croatia-Montenegro's border lengthened)."""


def sheet_code(map_id: str, paper_id: str, seed: int | None, number: int) -> str:
    """What the sheet's QR code carries: ``sheetgen:sheet:v3:<map>:<paper>:<seed>:<n>``
    (seed ``-`` for an unseeded sheet, a long one as ``#`` and a hash: ``seed_code``), so
    a photo of a filled sheet can be matched to its layout, map, paper and game later (the
    form of On Tour's ``sheet_code``)."""
    seed_text = "-" if seed is None else seed_code(seed)
    return f"sheetgen:sheet:v{SHEET_LAYOUT}:{map_id}:{paper_id}:{seed_text}:{number}"


def add_registration_marks(dwg: svgwrite.Drawing, page_w: float, page_h: float) -> Group:
    """Four filled squares, one per corner, ``MARK_INSET`` mm from both paper edges."""
    group = dwg.g(class_="registration-marks", fill="#000000", id="registration-marks")
    far_x, far_y = page_w - MARK_INSET - MARK_SIZE, page_h - MARK_INSET - MARK_SIZE
    for x, y in ((MARK_INSET, MARK_INSET), (far_x, MARK_INSET), (MARK_INSET, far_y),
                 (far_x, far_y)):
        group.add(dwg.rect((round(x, 2), round(y, 2)), (MARK_SIZE, MARK_SIZE),
                           class_="registration-mark"))
    return group
