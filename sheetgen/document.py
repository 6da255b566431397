"""Documents made of bookmarked parts: a kit, a set of scored boards.

A :class:`Part` is a run of drawn pages under one bookmark; :func:`document_pdf` binds
parts into one PDF with a bookmark at the first page of each.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sheetgen.draw.pdf import Document, Page


@dataclass(frozen=True)
class Part:
    """A bookmarked run of pages."""

    title: str
    pages: tuple[Page, ...]
    """Each page: SVG text, or a stack of layers (``draw.pdf.Layers``)."""


def document_pdf(parts: Sequence[Part], title: str,
                 progress: Callable[[], None] | None = None,
                 document: Document | None = None) -> bytes:
    """The parts as one PDF, a bookmark at the first page of each (``progress`` is
    called after each page; ``document``: one whose drawings were prepared)."""
    from sheetgen.draw.pdf import Bookmark, build_pdf

    marks: list[Bookmark] = []
    svgs: list[Page] = []
    for part in parts:
        marks.append(Bookmark(part.title, len(svgs)))
        svgs.extend(part.pages)
    return build_pdf(svgs, title, marks, progress, document)
