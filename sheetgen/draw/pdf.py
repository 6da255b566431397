"""SVG to PDF and PNG (cairosvg drawing onto cairo), pages bound into one PDF.

A page is one SVG drawing, or a stack of :class:`Layers`: full-page drawings laid over
each other, bottom first. Every page of a document is drawn onto one cairo PDF surface,
so each font is embedded once, as one subset for the whole document. A drawing that
several pages share (a map under every player's marks, a repeated page) is recorded once
and stored once, as a PDF form that each page draws, so thirty scored boards cost one
map and thirty sets of marks.

Output is byte-for-byte reproducible: cairo's creation date is dropped when the pages are
re-written by pypdf, which adds no date and no random document id.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sheetgen.resources import fonts_dir

# fontconfig reads this once, when cairo first looks up a font: it must be set before.
os.environ["FONTCONFIG_FILE"] = str(fonts_dir() / "fonts.conf")

import cairosvg  # noqa: E402
from cairosvg.parser import Tree  # noqa: E402
from cairosvg.surface import PDFSurface as _SvgPdfSurface  # noqa: E402
from cairosvg.surface import cairo as _cairo  # noqa: E402
from pypdf import PdfReader, PdfWriter  # noqa: E402

PRODUCER = "sheetgen"


@dataclass(frozen=True)
class Bookmark:
    """An outline entry: ``title`` pointing at page ``page`` (0-based) of the merged PDF."""

    title: str
    page: int
    level: int = 0
    """0 for a top-level entry, 1 for an entry under the previous top-level one."""


@dataclass(frozen=True)
class Layers:
    """One page drawn as full-page SVG drawings of the same size, bottom first. Each layer
    but the first should leave its background transparent."""

    svgs: tuple[str, ...]


Page = str | Layers
"""A page for :func:`build_pdf`: one drawing, or a stack of layers."""


class _Recording(_SvgPdfSurface):  # type: ignore[misc]
    """cairosvg's PDF drawing of one SVG, recorded instead of written: the recording is
    painted onto the pages that show it."""

    def _create_surface(self, width: float, height: float) -> tuple[Any, float, float]:
        surface = _cairo.RecordingSurface(_cairo.CONTENT_COLOR_ALPHA, (0, 0, width, height))
        return surface, width, height


_CAIRO_DATE = re.compile(rb"(/CreationDate \(D:)\d{14}")
"""The conversion time cairo writes into every file (14 digits, YYYYMMDDHHmmSS)."""


def svg_to_pdf_page(svg: str) -> bytes:
    """One SVG drawing as a one-page PDF (the page size is the SVG's width and height).

    cairo stamps the time of conversion into the file; it is overwritten in place, byte
    for byte (so the cross-reference offsets stay true), so that the same drawing always
    gives the same bytes.
    """
    pdf = bytes(cairosvg.svg2pdf(bytestring=svg.encode("utf-8")))
    return _CAIRO_DATE.sub(rb"\g<1>20000101000000", pdf, count=1)


def svg_to_png(svg: str, dpi: int = 150) -> bytes:
    """One SVG drawing as a PNG at ``dpi`` dots per inch, on a white background."""
    return bytes(cairosvg.svg2png(bytestring=svg.encode("utf-8"), dpi=dpi,
                                  background_color="white"))


def page_png(page: Page, dpi: int = 150) -> bytes:
    """One page as a PNG on a white background: a drawing, or a stack of layers laid
    over each other in order (each layer drawn at the same size)."""
    if isinstance(page, str):
        return svg_to_png(page, dpi)
    if len(page.svgs) == 1:
        return svg_to_png(page.svgs[0], dpi)
    import cairocffi

    base = cairocffi.ImageSurface.create_from_png(io.BytesIO(svg_to_png(page.svgs[0], dpi)))
    context = cairocffi.Context(base)
    for svg in page.svgs[1:]:
        layer = bytes(cairosvg.svg2png(bytestring=svg.encode("utf-8"), dpi=dpi))
        context.set_source_surface(cairocffi.ImageSurface.create_from_png(io.BytesIO(layer)))
        context.paint()
    out = io.BytesIO()
    base.write_to_png(out)
    return out.getvalue()


def build_pdf(svgs: Sequence[Page], title: str, bookmarks: Sequence[Bookmark] = ()) -> bytes:
    """Pages drawn as SVG, in order, as one PDF with a title and bookmarks.

    Every page is drawn onto one cairo PDF surface, so each font is embedded once for the
    whole document, as one subset holding every glyph any page uses. A drawing that
    several pages show (a repeated page, a shared layer) is recorded once and painted by
    each of them, which cairo stores once, as a form."""
    surface = _Document()
    for page in svgs:
        surface.page(page.svgs if isinstance(page, Layers) else (page,))
    writer = PdfWriter()
    writer.append(PdfReader(io.BytesIO(surface.finish())))
    return _finish(writer, title, bookmarks)


class _Document:
    """One cairo PDF surface that pages are drawn onto in turn."""

    def __init__(self) -> None:
        self.output = io.BytesIO()
        self.surface: Any = None
        self.recorded: dict[str, tuple[Any, float, float]] = {}
        self.count: dict[str, int] = {}

    def page(self, layers: Sequence[str]) -> None:
        first = self._record(layers[0])
        _, width, height = first
        if self.surface is None:
            self.surface = _cairo.PDFSurface(self.output, width, height)
        else:
            self.surface.set_size(width, height)
        context = _cairo.Context(self.surface)
        for svg in layers:
            recording, _, _ = self._record(svg)
            context.set_source_surface(recording, 0, 0)
            context.paint()
        self.surface.show_page()

    def _record(self, svg: str) -> tuple[Any, float, float]:
        """The drawing recorded once (in points, the PDF's unit), with its size."""
        if svg not in self.recorded:
            tree = Tree(bytestring=svg.encode("utf-8"))
            drawn = _Recording(tree, None, 96)
            self.recorded[svg] = (drawn.cairo, drawn.width, drawn.height)
        return self.recorded[svg]

    def finish(self) -> bytes:
        if self.surface is None:
            raise ValueError("a PDF needs at least one page")
        self.surface.finish()
        return _CAIRO_DATE.sub(rb"\g<1>20000101000000", self.output.getvalue(), count=1)


def _finish(writer: PdfWriter, title: str, bookmarks: Sequence[Bookmark]) -> bytes:
    """Title, producer and bookmarks (no dates), and the file's bytes."""
    writer.add_metadata({"/Title": title, "/Producer": PRODUCER, "/Creator": PRODUCER})
    parent = None
    for mark in bookmarks:
        if mark.level == 0:
            parent = writer.add_outline_item(title=mark.title, page_number=mark.page)
        else:
            writer.add_outline_item(title=mark.title, page_number=mark.page, parent=parent)
    if bookmarks:
        writer.page_mode = "/UseOutlines"
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
