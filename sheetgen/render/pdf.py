"""SVG to PDF and PNG (cairosvg), several pages into one PDF (pypdf).

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
from pypdf import PdfReader, PdfWriter  # noqa: E402

PRODUCER = "sheetgen"


@dataclass(frozen=True)
class Bookmark:
    """An outline entry: ``title`` pointing at page ``page`` (0-based) of the merged PDF."""

    title: str
    page: int
    level: int = 0
    """0 for a top-level entry, 1 for an entry under the previous top-level one."""


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


def build_pdf(svgs: Sequence[str], title: str, bookmarks: Sequence[Bookmark] = ()) -> bytes:
    """Pages drawn as SVG, in order, as one PDF with a title and bookmarks."""
    return merge_pdfs(pdf_pages(svgs), title, bookmarks)


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
