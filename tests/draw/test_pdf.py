"""The SVG-to-PDF pipeline: reproducible bytes, shared repeated pages, bookmarks."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image
from pypdf import PdfReader

from sheetgen.draw.pdf import (
    Bookmark,
    Layers,
    LazyPages,
    Placed,
    build_pdf,
    page_svg,
    svg_to_pdf_page,
    svg_to_png,
)

SQUARE = ('<svg xmlns="http://www.w3.org/2000/svg" width="20mm" height="10mm" '
          'viewBox="0 0 20 10"><rect width="{w}" height="5"/></svg>')


def test_a_page_carries_no_conversion_time() -> None:
    page = svg_to_pdf_page(SQUARE.format(w=5))
    assert b"/CreationDate (D:20000101000000" in page
    assert PdfReader(io.BytesIO(page)).pages[0].mediabox.width == \
        PdfReader(io.BytesIO(svg_to_pdf_page(SQUARE.format(w=5)))).pages[0].mediabox.width


def test_merged_pdf_has_no_dates_and_is_reproducible() -> None:
    svgs = [SQUARE.format(w=w) for w in (3, 5, 7)]
    first = build_pdf(svgs, "t", [Bookmark("a", 0), Bookmark("b", 2)])
    assert first == build_pdf(svgs, "t", [Bookmark("a", 0), Bookmark("b", 2)])
    assert b"CreationDate" not in first and b"ModDate" not in first
    reader = PdfReader(io.BytesIO(first))
    assert reader.metadata.title == "t"
    assert [(o.title, reader.get_destination_page_number(o)) for o in reader.outline] == \
        [("a", 0), ("b", 2)]


def test_repeated_pages_are_stored_once() -> None:
    dots = "".join(f'<circle cx="{i % 20}" cy="{i // 20}" r="0.4"/>' for i in range(200))
    page = SQUARE.format(w=5).replace("</svg>", f"{dots}</svg>")
    one = build_pdf([page], "t")
    eight = build_pdf([page] * 8, "t")
    assert len(PdfReader(io.BytesIO(eight)).pages) == 8
    assert len(eight) < 2 * len(one)


def test_layers_are_stored_once_and_drawn_in_order() -> None:
    """Pages stacked from layers: a shared layer is one object drawn by every page, the
    bytes repeat, and a page's text comes from all its layers, bottom first."""
    label = '<text x="{x}" y="9" font-size="2">{word}</text></svg>'
    base = SQUARE.format(w=5).replace("</svg>", label.format(x=1, word="base"))
    tops = [SQUARE.format(w=0).replace("</svg>", label.format(x=10, word=f"top{k}"))
            for k in range(3)]
    pages = [Layers((base, top)) for top in tops]
    blob = build_pdf(pages, "t")
    assert blob == build_pdf(pages, "t")
    reader = PdfReader(io.BytesIO(blob))
    assert len(reader.pages) == 3
    shared = {reader.pages[k]["/Resources"]["/XObject"].raw_get("/L0").idnum for k in range(3)}
    assert len(shared) == 1
    for k in range(3):
        assert reader.pages[k].extract_text().split() == ["base", f"top{k}"]
        assert reader.pages[k].get_contents().get_data() == b"q /L0 Do Q\nq /L1 Do Q\n"


# --- placed layers, pages taken one at a time ---------------------------------------------

BOARD = ('<svg xmlns="http://www.w3.org/2000/svg" width="120mm" height="80mm" '
         'viewBox="0 0 120 80"><rect width="120" height="80" fill="#dddddd"/>'
         '<rect x="30" y="20" width="4" height="4" fill="#000000"/></svg>')
FRAME = ('<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="70mm" '
         'viewBox="0 0 100 70"><rect x="10" y="10" width="60" height="40" fill="none" '
         'stroke="#ff0000" stroke-width="0.2"/></svg>')


def _placement(content: bytes) -> tuple[tuple[float, ...], tuple[float, float]]:
    """From a page's content stream: the first layer's clip rectangle and the translation
    of its drawing, in PDF points."""
    numbers = r"(-?[\d.]+)"
    clip = re.search(rf"{numbers} {numbers} {numbers} {numbers} re W n".encode(), content)
    move = re.search(rf"1 0 0 1 {numbers} {numbers} cm /L0".encode(), content)
    assert clip and move
    return tuple(float(v) for v in clip.groups()), (float(move[1]), float(move[2]))


def test_a_placed_layer_lands_where_it_is_placed_in_the_pdf_and_the_svg() -> None:
    """A drawing larger than the page, placed with its top left at (-10, 5) mm and seen
    through a window (10, 10, 60, 40): read back from the PDF's content stream within
    0.1 mm, and drawn the same in the page as one SVG drawing (pixels at 10 px/mm)."""
    page = Layers((Placed(BOARD, -10, 5, (10, 10, 60, 40)), FRAME), size=(100, 70))
    reader = PdfReader(io.BytesIO(build_pdf([page], "t")))
    pdf_page = reader.pages[0]
    mm = 72 / 25.4
    height = float(pdf_page.mediabox.height)
    assert float(pdf_page.mediabox.width) / mm == pytest.approx(100, abs=0.1)
    (cx, cy, cw, ch), (tx, ty) = _placement(pdf_page.get_contents().get_data())
    assert (cx / mm, (height - cy - ch) / mm, cw / mm, ch / mm) == pytest.approx(
        (10, 10, 60, 40), abs=0.1)
    # the drawing's top left (0, 80 mm up in its own PDF space) on the page, from the top
    assert (tx / mm, (height - ty) / mm - 80) == pytest.approx((-10, 5), abs=0.1)

    png = Image.open(io.BytesIO(svg_to_png(page_svg(page), dpi=254)))  # 10 px a mm
    grey = png.convert("L")
    assert grey.getpixel((int((30 - 10 + 2) * 10), int((20 + 5 + 2) * 10))) < 50  # marker
    assert grey.getpixel((50, 300)) > 250  # board outside the window: clipped
    assert 200 < grey.getpixel((150, 150)) < 240  # board inside the window


def test_a_drawing_under_many_pages_is_converted_and_stored_once() -> None:
    dots = "".join(f'<circle cx="{i % 120}" cy="{i // 120}" r="0.4"/>' for i in range(600))
    board = BOARD.replace("</svg>", f"{dots}</svg>")
    windows = [Layers((Placed(board, -20 * k, 0, (0, 0, 100, 70)),), size=(100, 70))
               for k in range(6)]
    blob = build_pdf(windows, "t")
    reader = PdfReader(io.BytesIO(blob))
    shared = {p["/Resources"]["/XObject"].raw_get("/L0").idnum for p in reader.pages}
    assert len(reader.pages) == 6 and len(shared) == 1
    assert len(blob) < 1.5 * len(build_pdf(windows[:1], "t"))


def test_pages_are_drawn_and_converted_one_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """A document of many pages holds one page's drawing at a time: each page is drawn
    when it is taken and converted before the next is drawn."""
    from sheetgen.draw import pdf

    events: list[str] = []
    convert = pdf._form

    def converting(writer: object, svg: str) -> object:
        events.append("convert")
        return convert(writer, svg)  # type: ignore[arg-type]

    def draw(k: int) -> str:
        events.append("draw")
        return SQUARE.format(w=k + 1)

    monkeypatch.setattr(pdf, "_form", converting)
    pages = LazyPages(5, draw)
    assert len(pages) == 5 and events == []
    build_pdf(pages, "t")
    assert events == ["draw", "convert"] * 5
