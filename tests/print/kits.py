"""Every kit of every game on A4 and Letter, built once per test session: the drawn pages
(SVG) and the PDF bound from them, for the tests that walk every page."""

from __future__ import annotations

import io
import math
import re
from dataclasses import dataclass
from functools import cache

from pypdf import PdfReader
from pypdf.generic import IndirectObject

from sheetgen.document import document_pdf
from sheetgen.draw.pdf import page_svg
from sheetgen.games import game_of, resolve_map
from sheetgen.templates import paper

KITS = [(game, paper_id) for game in ("usa", "europe", "paris", "germany", "byways")
        for paper_id in ("a4", "letter")]


@dataclass(frozen=True)
class Kit:
    name: str
    svgs: tuple[str, ...]
    """Every page as one SVG drawing, in order (a page of layers as ``page_svg`` nests
    them, each placed and clipped as in the PDF: a tile of the byways board shows only
    its window on the whole board)."""
    pdf: bytes


@cache
def kit(map_id: str, paper_id: str) -> Kit:
    game_map = resolve_map(map_id)
    parts = game_of(game_map).kit_parts(game_map, paper(paper_id), seed=7, players=2)
    svgs: list[str] = []
    for part in parts:
        for page in part.pages:
            svgs.append(page_svg(page))
    return Kit(f"{map_id}-{paper_id}", tuple(svgs), document_pdf(parts, "kit"))


def _mul(m: list[float], n: list[float]) -> list[float]:
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return [a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s,
            e * p + f * r + t, e * q + f * s + u]


@dataclass(frozen=True)
class Span:
    page: int
    text: str
    size_pt: float
    """The size the text is printed at, transforms included."""


def text_spans(pdf: bytes) -> list[Span]:
    """Every run of text the PDF shows, with its printed size in points."""
    reader = PdfReader(io.BytesIO(pdf))
    spans: list[Span] = []
    for k, page in enumerate(reader.pages):
        def visit(text: str, cm: list[float], tm: list[float], font: object, size: float,
                  k: int = k) -> None:
            if text.strip():
                m = _mul(tm, cm)
                scale = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
                spans.append(Span(k, text, round(size * scale, 2)))
        page.extract_text(visitor_text=visit)
    return spans


def page_words(pdf: bytes) -> list[list[str]]:
    """The words of each page's extracted text."""
    reader = PdfReader(io.BytesIO(pdf))
    return [re.findall(r"\w+", page.extract_text()) for page in reader.pages]


def embedded_fonts(pdf: bytes) -> list[str]:
    """Every font object in the document as ``BaseFont/Subtype``, one entry per object
    (``ABCDEF+OpenSans-Bold/TrueType``: a subset). cairo puts a font's characters that
    WinAnsi encodes in a TrueType subset and any others (a minus sign, an arrow) in one
    CID subset (``Type0``) of the same font."""
    reader = PdfReader(io.BytesIO(pdf))
    found: dict[int, str] = {}
    seen: set[int] = set()

    def walk(resources: object) -> None:
        if resources is None:
            return
        res = resources.get_object()  # type: ignore[attr-defined]
        for ref in (res.get("/Font") or {}).values():
            if isinstance(ref, IndirectObject):
                font = ref.get_object()
                found[ref.idnum] = f"{font['/BaseFont']}{font['/Subtype']}"
        for key in ("/XObject", "/Pattern"):
            for ref in (res.get(key) or {}).values():
                if isinstance(ref, IndirectObject):
                    if ref.idnum in seen:
                        continue
                    seen.add(ref.idnum)
                walk(ref.get_object().get("/Resources"))

    for page in reader.pages:
        walk(page.get("/Resources"))
    return sorted(found.values())
