"""SVG to PDF and PNG (cairosvg), several pages into one PDF (pypdf).

Output is byte-for-byte reproducible: cairo's creation date is dropped when the pages are
re-written by pypdf, which adds no date and no random document id.
"""

from __future__ import annotations

import io
import os
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


def svg_to_pdf_page(svg: str) -> bytes:
    """One SVG drawing as a one-page PDF (the page size is the SVG's width and height)."""
    return bytes(cairosvg.svg2pdf(bytestring=svg.encode("utf-8")))


def svg_to_png(svg: str, dpi: int = 150) -> bytes:
    """One SVG drawing as a PNG at ``dpi`` dots per inch, on a white background."""
    return bytes(cairosvg.svg2png(bytestring=svg.encode("utf-8"), dpi=dpi,
                                  background_color="white"))


def build_pdf(svgs: Sequence[str], title: str, bookmarks: Sequence[Bookmark] = ()) -> bytes:
    """Pages drawn as SVG, in order, as one PDF with a title and bookmarks."""
    return merge_pdfs([svg_to_pdf_page(s) for s in svgs], title, bookmarks)


def merge_pdfs(documents: Sequence[bytes], title: str,
               bookmarks: Sequence[Bookmark] = ()) -> bytes:
    """Concatenate PDF documents; set the title, producer and bookmarks; no dates."""
    writer = PdfWriter()
    for doc in documents:
        writer.append(PdfReader(io.BytesIO(doc)))
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
