"""The sheet's QR code read back from a rendered page as a phone would meet it: a 100 dpi
scan, a blurred one, and a tilted JPEG photo; and what its payload says."""

from __future__ import annotations

import io
import math
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from PIL import Image, ImageFilter

from sheetgen.draw.pdf import page_svg, svg_to_png
from sheetgen.games.ontour.sheet import SheetOptions, sheet_svg
from sheetgen.games.paris.render import paris_sheet_svg
from sheetgen.maps import find_geometry, find_map
from sheetgen.templates import paper

zxingcpp = pytest.importorskip("zxingcpp")


def _sheet(map_id: str, paper_id: str, options: SheetOptions) -> str:
    draw = paris_sheet_svg if map_id == "paris" else sheet_svg
    return draw(find_map(map_id), find_geometry(map_id), paper(paper_id), options)


def _decode(image: Image.Image) -> list[str]:
    return [b.text for b in zxingcpp.read_barcodes(image)]


def _page(svg: str, dpi: int) -> Image.Image:
    return Image.open(io.BytesIO(svg_to_png(svg, dpi=dpi))).convert("L")


def _tilted(image: Image.Image, degrees: float) -> Image.Image:
    """The page as a camera turned ``degrees`` about the vertical axis sees it (a pinhole
    camera, focal length the page's width), the whole page in the frame."""
    w, h = image.size
    f = float(w)
    t = math.radians(degrees)
    k = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1]])
    r = np.array([[math.cos(t), 0, math.sin(t)], [0, 1, 0], [-math.sin(t), 0, math.cos(t)]])
    forward = k @ r @ np.linalg.inv(k)  # page pixel -> photo pixel
    corners = np.array([[0, 0, 1], [w, 0, 1], [0, h, 1], [w, h, 1]], dtype=float).T
    seen = forward @ corners
    seen = seen[:2] / seen[2]
    x0, y0 = seen.min(axis=1)
    x1, y1 = seen.max(axis=1)
    shift = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]])
    inverse = np.linalg.inv(shift @ forward)  # photo pixel -> page pixel
    inverse /= inverse[2, 2]
    return image.transform((math.ceil(x1 - x0), math.ceil(y1 - y0)),
                           Image.Transform.PERSPECTIVE, tuple(inverse.flatten()[:8]),
                           Image.Resampling.BILINEAR, fillcolor=255)


CASES = [("usa", "a4"), ("europe", "letter"), ("paris", "a4")]


@pytest.mark.parametrize(("map_id", "paper_id"), CASES)
def test_code_reads_from_a_100_dpi_scan_plain_and_blurred(map_id: str, paper_id: str) -> None:
    svg = _sheet(map_id, paper_id, SheetOptions(seed=4711, sheet_number=3))
    want = [f"sheetgen:sheet:v3:{map_id}:{paper_id}:4711:3"]
    scan = _page(svg, 100)
    assert _decode(scan) == want
    assert _decode(scan.filter(ImageFilter.GaussianBlur(1))) == want


@pytest.mark.parametrize(("map_id", "paper_id"), CASES)
def test_code_reads_from_a_tilted_jpeg_photo(map_id: str, paper_id: str) -> None:
    svg = _sheet(map_id, paper_id, SheetOptions(sheet_number=2))
    photo = _tilted(_page(svg, 100), 10.0)
    buffer = io.BytesIO()
    photo.save(buffer, "JPEG", quality=60)
    buffer.seek(0)
    assert _decode(Image.open(buffer)) == [f"sheetgen:sheet:v3:{map_id}:{paper_id}:-:2"]


@pytest.mark.parametrize(("map_id", "paper_id"), CASES)
def test_code_modules_are_08_mm_at_level_m(map_id: str, paper_id: str) -> None:
    root = ET.fromstring(_sheet(map_id, paper_id, SheetOptions()))
    code = next(el for el in root.iter() if el.get("id") == "sheet-code")
    assert "qr" in code.get("class", "").split()
    assert float(code.get("data-module")) >= 0.8
    assert code.get("data-level") in ("M", "Q", "H")
    # the module size as drawn: the white square holds the matrix and its quiet zone
    found = zxingcpp.read_barcodes(_page(_sheet(map_id, paper_id, SheetOptions()), 254))
    (barcode,) = found
    ec = str(barcode.ec_level)
    assert ec in ("M", "Q", "H"), ec
    side_px = abs(barcode.position.top_right.x - barcode.position.top_left.x)
    modules = 17 + 4 * int(barcode.extra["Version"])
    # 254 dpi: 10 px a millimetre; the corners zxing gives are the outer module corners
    assert side_px / 10 / modules >= 0.8 - 0.05


def test_kit_sheets_say_they_carry_no_seed() -> None:
    from sheetgen.games.ontour.kit import build_kit

    parts = build_kit(find_map("usa"), paper("a4"), players=2, seed=7)
    sheets = next(p for p in parts if p.title.lower().startswith("player sheet"))
    payloads = []
    for page in sheets.pages:
        root = ET.fromstring(page_svg(page))
        payloads.append(next(el for el in root.iter() if el.get("id") == "sheet-code")
                        .get("data-payload"))
    assert payloads == ["sheetgen:sheet:v3:usa:a4:-:1", "sheetgen:sheet:v3:usa:a4:-:2"]
