"""QR codes from reportlab's encoder (``reportlab.graphics.barcode.qr``), drawn into SVG.

``qr_matrix`` asks the library's ``QrCodeWidget`` for the module matrix (version and mask
chosen by the library); ``add_qr`` draws it as one path of dark modules on a white square
with the standard quiet zone, so every page that carries a code draws it the same way.
"""

from __future__ import annotations

from functools import lru_cache

import svgwrite
from reportlab.graphics.barcode.qr import QrCodeWidget
from svgwrite.container import Group

QUIET = 4
"""Modules of white around the code (the QR standard's quiet zone)."""
SEED_DIGITS_IN_CODE = 24
"""A longer seed is written in a code as ``#`` and a hash (see ``seed_code``)."""


def seed_code(seed: int) -> str:
    """A seed as a QR code carries it: its digits, or for a seed of more than
    ``SEED_DIGITS_IN_CODE`` digits ``#`` and the first 16 hexadecimal digits of the
    SHA-256 of its decimal digits (a code holds a few thousand characters at most, and
    must stay small enough to scan)."""
    import hashlib

    digits = str(seed)
    if len(digits) <= SEED_DIGITS_IN_CODE:
        return digits
    return "#" + hashlib.sha256(digits.encode("ascii")).hexdigest()[:16]


@lru_cache(maxsize=256)
def qr_matrix(payload: str, level: str = "M") -> tuple[tuple[bool, ...], ...]:
    """The code's modules (True = dark), rows top to bottom, error correction ``level``
    (L, M, Q or H)."""
    widget = QrCodeWidget(payload, barLevel=level)
    code = widget.qr
    code.make()
    n = code.getModuleCount()
    return tuple(tuple(bool(code.isDark(r, c)) for c in range(n)) for r in range(n))


def qr_side(payload: str, module: float, level: str = "M") -> float:
    """Side in mm of the code with its quiet zone."""
    return (len(qr_matrix(payload, level)) + 2 * QUIET) * module


def add_qr(dwg: svgwrite.Drawing, payload: str, x: float, y: float, module: float,
           level: str = "M", id_: str | None = None) -> Group:
    """The code for ``payload`` with its quiet zone, top left at (x, y), ``module`` mm a
    module; the group (class ``qr``, id ``id_`` when given) carries the payload in
    ``data-payload``, the module size in ``data-module`` and the level in ``data-level``."""
    matrix = qr_matrix(payload, level)
    side = (len(matrix) + 2 * QUIET) * module
    group = dwg.g(class_="qr", **({"id": id_} if id_ else {}))
    group.attribs["data-level"] = level
    group.attribs["data-payload"] = payload
    group.attribs["data-module"] = f"{module:g}"
    group.add(dwg.rect((round(x, 3), round(y, 3)), (round(side, 3), round(side, 3)),
                       fill="#ffffff"))
    path = []
    for r, row in enumerate(matrix):
        for c, dark in enumerate(row):
            if dark:
                mx = x + (c + QUIET) * module
                my = y + (r + QUIET) * module
                path.append(f"M{mx:.3f},{my:.3f}h{module:g}v{module:g}h-{module:g}z")
    group.add(dwg.path(d="".join(path), fill="#000000", shape_rendering="crispEdges",
                       class_="qr-modules"))
    return group
