"""The SVG-to-PDF pipeline: reproducible bytes, shared repeated pages, bookmarks."""

from __future__ import annotations

import base64
import io
import re
from typing import Any

import numpy as np
import pytest
from PIL import Image
from pypdf import PdfReader

from sheetgen.draw.pdf import (
    _CAIROSVG_IMAGE,
    _SVG_TAGS,
    Bookmark,
    Document,
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
    drawn = [_forms_drawn(reader.pages[k]) for k in range(3)]
    assert all(len(forms) == 2 for forms in drawn)
    assert len({forms[0] for forms in drawn}) == 1  # the base: one object for all three
    assert len({forms[1] for forms in drawn}) == 3
    for k in range(3):
        assert reader.pages[k].extract_text().split() == ["base", f"top{k}"]


def _forms_drawn(page) -> list[int]:
    """The object numbers of the forms a page draws, in drawing order."""
    names = re.findall(rb"/(\w+) Do", page.get_contents().get_data())
    xobjects = page["/Resources"]["/XObject"]
    return [xobjects.raw_get("/" + name.decode()).idnum for name in names]


def test_one_font_subset_per_font_for_the_whole_document() -> None:
    """Pages with different words in the same font: the document embeds that font once."""
    words = ["alpha", "bravo", "charlie", "delta"]
    svgs = [SQUARE.format(w=1).replace(
        "</svg>", f'<text x="2" y="9" font-size="2" font-family="Open Sans">{w}</text></svg>')
        for w in words]
    reader = PdfReader(io.BytesIO(build_pdf(svgs, "t")))
    fonts: set[int] = set()

    def walk(resources) -> None:  # type: ignore[no-untyped-def]
        """The fonts of the forms a page draws, and of the forms they draw."""
        for ref in (resources.get("/Font") or {}).values():
            fonts.add(ref.idnum)
        for form in (resources.get("/XObject") or {}).values():
            walk(form.get_object().get("/Resources") or {})

    for page in reader.pages:
        walk(page["/Resources"])
    assert len(fonts) == 1
    assert [p.extract_text() for p in reader.pages] == words


# --- placed layers, pages taken one at a time ---------------------------------------------

BOARD = ('<svg xmlns="http://www.w3.org/2000/svg" width="120mm" height="80mm" '
         'viewBox="0 0 120 80"><rect width="120" height="80" fill="#dddddd"/>'
         '<rect x="30" y="20" width="4" height="4" fill="#000000"/></svg>')
FRAME = ('<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="70mm" '
         'viewBox="0 0 100 70"><rect x="10" y="10" width="60" height="40" fill="none" '
         'stroke="#ff0000" stroke-width="0.2"/></svg>')
MM = 72 / 25.4


def _placement(page) -> tuple[tuple[float, ...], tuple[float, float]]:  # type: ignore[no-untyped-def]
    """From a page's content stream, in mm from the page's top left: the first layer's
    clip rectangle and where its drawing's top left is put. cairo's stream first turns
    the page upside down (y from the top, as in SVG), so the numbers read directly."""
    content = page.get_contents().get_data()
    height = float(page.mediabox.height)
    number = rb"(-?[\d.]+)"
    flip = re.match(rb"1 0 0 -1 0 " + number + rb" cm", content)
    assert flip and float(flip[1]) == pytest.approx(height, abs=0.01)
    clip = re.search(number + b" " + number + b" " + number + b" " + number + rb" re W n",
                     content)
    move = re.search(rb"1 0 0 1 " + number + b" " + number + rb" cm\s*(?:/\w+ gs )?/\w+ Do",
                     content)
    assert clip and move
    return (tuple(float(v) / MM for v in clip.groups()),
            (float(move[1]) / MM, float(move[2]) / MM))


def test_a_placed_layer_lands_where_it_is_placed_in_the_pdf_and_the_svg() -> None:
    """A drawing larger than the page, placed with its top left at (-10, 5) mm and seen
    through a window (10, 10, 60, 40): read back from the PDF's content stream within
    0.1 mm, and drawn the same in the page as one SVG drawing (pixels at 10 px a mm)."""
    page = Layers((Placed(BOARD, -10, 5, (10, 10, 60, 40)), FRAME), size=(100, 70))
    pdf_page = PdfReader(io.BytesIO(build_pdf([page], "t"))).pages[0]
    assert float(pdf_page.mediabox.width) / MM == pytest.approx(100, abs=0.1)
    assert float(pdf_page.mediabox.height) / MM == pytest.approx(70, abs=0.1)
    clip, at = _placement(pdf_page)
    assert clip == pytest.approx((10, 10, 60, 40), abs=0.1)
    assert at == pytest.approx((-10, 5), abs=0.1)

    grey = Image.open(io.BytesIO(svg_to_png(page_svg(page), dpi=254))).convert("L")
    assert grey.getpixel((int((30 - 10 + 2) * 10), int((20 + 5 + 2) * 10))) < 50  # marker
    assert grey.getpixel((50, 300)) > 250  # board outside the window: clipped
    assert 200 < grey.getpixel((150, 150)) < 240  # board inside the window


def test_a_drawing_under_many_pages_is_converted_and_stored_once() -> None:
    """A drawing four pages wide, seen through a window on each of four pages: stored once,
    and whole (each page's part of it is there, not only what the first page showed)."""
    dots = "".join(f'<circle cx="{i % 400}" cy="{i // 400}" r="0.4"/>' for i in range(800))
    words = "".join(f'<text x="{100 * k + 40}" y="50" font-size="4">part{k}</text>'
                    for k in range(4))
    board = ('<svg xmlns="http://www.w3.org/2000/svg" width="400mm" height="70mm" '
             f'viewBox="0 0 400 70">{dots}{words}</svg>')
    windows = [Layers((Placed(board, -100 * k, 0, (0, 0, 100, 70)),), size=(100, 70))
               for k in range(4)]
    reader = PdfReader(io.BytesIO(build_pdf(windows, "t")))
    shared = {_forms_drawn(page)[0] for page in reader.pages}
    assert len(reader.pages) == 4 and len(shared) == 1
    # the one form holds every page's part: the first page's text (all the form's text,
    # the window aside) names all four
    assert sorted(reader.pages[0].extract_text().split()) == [f"part{k}" for k in range(4)]


def test_pages_are_drawn_and_converted_one_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """A document of many pages holds one page's drawing at a time: each page is drawn
    when it is taken and converted before the next is drawn."""
    events: list[str] = []
    record = Document._record

    def recording(self: Document, svg: str) -> object:
        events.append("convert")
        return record(self, svg)

    def draw(k: int) -> str:
        events.append("draw")
        return SQUARE.format(w=k + 1)

    monkeypatch.setattr(Document, "_record", recording)
    pages = LazyPages(5, draw)
    assert len(pages) == 5 and events == []
    build_pdf(pages, "t")
    assert events == ["draw", "convert"] * 5


def _photo_svg(data: bytes, mime: str) -> str:
    href = f"data:{mime};base64," + base64.b64encode(data).decode("ascii")
    return ('<svg xmlns="http://www.w3.org/2000/svg" '
            'xmlns:xlink="http://www.w3.org/1999/xlink" width="60mm" height="40mm" '
            f'viewBox="0 0 60 40"><image xlink:href="{href}" x="5" y="4" width="50" '
            'height="30" preserveAspectRatio="none"/><circle cx="30" cy="20" r="6" '
            'fill="none" stroke="red"/></svg>')


def _photo(mode: str) -> Image.Image:
    """A photo-like picture: a gradient under seeded noise (deflate cannot shrink it)."""
    rng = np.random.default_rng(7)
    ramp = np.linspace(40, 220, 300)[None, :] + rng.normal(0, 25, (180, 300))
    gray = np.clip(ramp, 0, 255).astype(np.uint8)
    picture = Image.fromarray(gray)
    return picture.convert(mode)


@pytest.mark.parametrize("mode", ["L", "RGB"])
def test_a_jpeg_photo_is_embedded_as_the_jpeg_file_itself(mode: str) -> None:
    jpeg = io.BytesIO()
    _photo(mode).save(jpeg, "JPEG", quality=80)
    pdf = build_pdf([_photo_svg(jpeg.getvalue(), "image/jpeg")], "photo")
    assert pdf == build_pdf([_photo_svg(jpeg.getvalue(), "image/jpeg")], "photo")
    images = [obj for obj in (o.get_object() for o in _xobjects(pdf))
              if obj.get("/Subtype") == "/Image"]
    assert len(images) == 1
    assert images[0]["/Filter"] == "/DCTDecode"
    assert images[0]._data == jpeg.getvalue()  # the file as it was, not decoded pixels
    # the same picture as PNG is stored as pixels: far larger than the JPEG
    png = io.BytesIO()
    Image.open(jpeg).save(png, "PNG")
    assert len(pdf) < 0.6 * len(build_pdf([_photo_svg(png.getvalue(), "image/png")], "p"))


@pytest.mark.parametrize("aspect", ["none", "xMidYMid slice", "xMinYMax meet"])
def test_a_jpeg_photo_draws_the_pixels_cairosvg_draws(aspect: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    jpeg = io.BytesIO()
    _photo("RGB").save(jpeg, "JPEG", quality=80)
    svg = _photo_svg(jpeg.getvalue(), "image/jpeg").replace('"none"', f'"{aspect}"')
    ours = svg_to_png(svg)
    monkeypatch.setitem(_SVG_TAGS, "image", _CAIROSVG_IMAGE)
    assert ours == svg_to_png(svg)


def _xobjects(pdf: bytes) -> list[Any]:
    """Every XObject the PDF's pages reach, forms opened."""
    found: list[Any] = []
    todo = [page.get("/Resources", {}) for page in PdfReader(io.BytesIO(pdf)).pages]
    while todo:
        resources = todo.pop().get_object() if hasattr(todo[-1], "get_object") else todo.pop()
        for ref in resources.get("/XObject", {}).values():
            obj = ref.get_object()
            found.append(obj)
            if obj.get("/Subtype") == "/Form" and "/Resources" in obj:
                todo.append(obj["/Resources"])
    return found
