"""SVG to PDF and PNG (cairosvg), several pages into one PDF (pypdf).

A page is one SVG drawing, or a stack of :class:`Layers`: full-page drawings laid over
each other, bottom first. A layer that several pages share (a map under every player's
marks) is converted once and stored once, as a PDF form that each page draws, so thirty
scored boards cost one map and thirty sets of marks.

Output is byte-for-byte reproducible: cairo's creation date is dropped when the pages are
re-written by pypdf, which adds no date and no random document id.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass

from sheetgen.resources import fonts_dir

# fontconfig reads this once, when cairo first looks up a font: it must be set before.
os.environ["FONTCONFIG_FILE"] = str(fonts_dir() / "fonts.conf")

import cairosvg  # noqa: E402
from pypdf import PageObject, PdfReader, PdfWriter  # noqa: E402
from pypdf.generic import (  # noqa: E402
    ArrayObject,
    DictionaryObject,
    FloatObject,
    IndirectObject,
    NameObject,
    StreamObject,
)

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
    """Pages drawn as SVG, in order, as one PDF with a title and bookmarks."""
    if any(isinstance(page, Layers) for page in svgs):
        return layered_pdf([p if isinstance(p, Layers) else Layers((p,)) for p in svgs],
                           title, bookmarks)
    return merge_pdfs(pdf_pages([p for p in svgs if isinstance(p, str)]), title, bookmarks)


def layered_pdf(pages: Sequence[Layers], title: str,
                bookmarks: Sequence[Bookmark] = ()) -> bytes:
    """Pages as stacks of layers: each distinct layer is converted once, stored once as a
    form XObject, and drawn by every page that has it."""
    writer = PdfWriter()
    forms: dict[str, tuple[IndirectObject, tuple[float, float]]] = {}
    for layers in pages:
        names = []
        resources = DictionaryObject()
        for k, svg in enumerate(layers.svgs):
            if svg not in forms:
                forms[svg] = _form(writer, svg)
            names.append(f"/L{k}")
            resources[NameObject(f"/L{k}")] = forms[svg][0]
        width, height = forms[layers.svgs[0]][1]
        page = writer.add_blank_page(width, height)
        page[NameObject("/Resources")] = DictionaryObject(
            {NameObject("/XObject"): resources})
        content = StreamObject()
        content.set_data("".join(f"q {name} Do Q\n" for name in names).encode("ascii"))
        page[NameObject("/Contents")] = writer._add_object(content)
    return _finish(writer, title, bookmarks)


def _form(writer: PdfWriter, svg: str) -> tuple[IndirectObject, tuple[float, float]]:
    """One drawing as a form XObject in ``writer``, and its page size in points."""
    page: PageObject = PdfReader(io.BytesIO(svg_to_pdf_page(svg))).pages[0]
    contents = page.get_contents()
    form = StreamObject()
    form.set_data(contents.get_data() if contents is not None else b"")
    box = page.mediabox
    form.update({
        NameObject("/Type"): NameObject("/XObject"),
        NameObject("/Subtype"): NameObject("/Form"),
        NameObject("/BBox"): ArrayObject([FloatObject(v) for v in
                                          (box.left, box.bottom, box.right, box.top)]),
        NameObject("/Resources"): page["/Resources"].clone(writer),
    })
    ref = writer._add_object(form.flate_encode())
    return ref, (float(box.width), float(box.height))


def pdf_pages(svgs: Sequence[str]) -> list[bytes]:
    """Each drawing as a one-page PDF; identical drawings are converted once and share
    their bytes, so ``merge_pdfs`` stores them once."""
    converted: dict[str, bytes] = {}
    pages = []
    for svg in svgs:
        if svg not in converted:
            converted[svg] = svg_to_pdf_page(svg)
        pages.append(converted[svg])
    return pages


def merge_pdfs(documents: Sequence[bytes], title: str,
               bookmarks: Sequence[Bookmark] = ()) -> bytes:
    """Concatenate PDF documents; set the title, producer and bookmarks; no dates.

    Repeated documents (equal bytes) are read once, so their pages share one content
    stream and one set of fonts in the output.
    """
    writer = PdfWriter()
    readers: dict[bytes, PdfReader] = {}
    for doc in documents:
        if doc not in readers:
            readers[doc] = PdfReader(io.BytesIO(doc))
        writer.append(readers[doc])
    return _finish(writer, title, bookmarks)


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
