"""Every page of every kit, on A4 and Letter, read back from what was drawn: the PDF's
fonts and text, and the pages' ink near the paper's edge."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from PIL import Image, ImageOps
from pypdf import PdfReader

from sheetgen.draw.pdf import svg_to_png
from sheetgen.draw.text import PT
from tests.print.kits import KITS, embedded_fonts, kit, text_spans

pytestmark = pytest.mark.slow

EDGE = 6.0
"""Nothing is printed nearer the paper's edge than this, mm."""


@pytest.mark.parametrize(("map_id", "paper_id"), KITS)
def test_each_font_is_embedded_once_per_kit(map_id: str, paper_id: str) -> None:
    """One subset a font and encoding for the whole kit (it was one a page)."""
    fonts = embedded_fonts(kit(map_id, paper_id).pdf)
    per_font = Counter(name.split("+", 1)[-1] for name in fonts)
    assert fonts and max(per_font.values()) == 1, per_font


def doubled(line: str) -> bool:
    """A line of extracted text that shows its words twice: ``KielKiel`` (a copy drawn
    over the text, read in drawing order) or ``KKiieell`` (read letter by letter)."""
    line = line.strip()
    half = len(line) // 2
    if len(line) >= 4 and len(line) % 2 == 0 and line[:half] == line[half:]:
        return True
    return any(len(w) >= 4 and w[0::2] == w[1::2] and not w.isdigit()
               for w in re.findall(r"\w+", line))


def test_doubled_catches_both_readings() -> None:
    assert doubled("KielKiel") and doubled("KKiieell") and doubled("S O U T HS O U T H")
    assert not doubled("Kiel") and not doubled("1100") and not doubled("Hannover")


@pytest.mark.parametrize(("map_id", "paper_id"), KITS)
def test_extracted_text_spells_every_word_once(map_id: str, paper_id: str) -> None:
    reader = PdfReader(io.BytesIO(kit(map_id, paper_id).pdf))
    twice = sorted({line for page in reader.pages for line in page.extract_text().splitlines()
                    if doubled(line)})
    assert twice == []


def _band(svg: str, box: tuple[float, float, float, float]) -> Image.Image:
    """The drawing's part inside ``box`` (x, y, w, h in mm) at 10 pixels a millimetre."""
    x, y, w, h = box
    head, rest = svg.split(">", 1)
    head = re.sub(r'\s(width|height|viewBox)="[^"]*"', "", head)
    head += f' width="{w}mm" height="{h}mm" viewBox="{x} {y} {w} {h}"'
    return Image.open(io.BytesIO(svg_to_png(head + ">" + rest, dpi=254))).convert("L")


def _page_size(svg: str) -> tuple[float, float]:
    head = svg.split(">", 1)[0]
    w = float(re.search(r'\swidth="([\d.]+)mm"', head).group(1))
    h = float(re.search(r'\sheight="([\d.]+)mm"', head).group(1))
    return w, h


def ink_near_edge(svg: str, edge: float = EDGE) -> list[str]:
    """Where a page is inked within ``edge`` mm of the paper's edge (a pixel darker than
    paper white, 0.1 mm of tolerance), side by side."""
    w, h = _page_size(svg)
    band = edge - 0.1
    found = []
    for side, box in (("top", (0, 0, w, band)), ("bottom", (0, h - band, w, band)),
                      ("left", (0, 0, band, h)), ("right", (w - band, 0, band, h))):
        image = _band(svg, box)
        if image.getextrema()[0] < 250:
            found.append(f"{side}: {ImageOps.invert(image).getbbox()} px")
    return found


@pytest.mark.parametrize(("map_id", "paper_id"), KITS)
def test_nothing_is_printed_within_6_mm_of_the_edge(map_id: str, paper_id: str) -> None:
    pages = kit(map_id, paper_id).svgs
    near = {k: where for k, svg in enumerate(pages) if (where := ink_near_edge(svg))}
    assert near == {}


TYPE_MIN_PT = 6.0
RULES_MIN_PT = 7.0


def small_type(pdf: bytes, least: float = TYPE_MIN_PT) -> list[tuple[int, str, float]]:
    """(page, text, size) of every run of text printed smaller than ``least`` points."""
    return sorted({(s.page, s.text.strip()[:24], s.size_pt) for s in text_spans(pdf)
                   if s.size_pt < least - 0.01})


@pytest.mark.parametrize(("map_id", "paper_id"), KITS)
def test_no_type_under_6_pt(map_id: str, paper_id: str) -> None:
    assert small_type(kit(map_id, paper_id).pdf) == []


@pytest.mark.parametrize(("map_id", "paper_id"), KITS)
def test_rules_on_sheets_are_at_least_7_pt(map_id: str, paper_id: str) -> None:
    """The rules a sheet prints (``class="rules"``), at their printed size."""
    sizes = []
    for svg in kit(map_id, paper_id).svgs:
        root = ET.fromstring(svg)
        for el in root.iter("{http://www.w3.org/2000/svg}text"):
            if "rules" in (el.get("class") or "").split():
                sizes.append(float(el.get("font-size")) / PT)
    assert min(sizes, default=RULES_MIN_PT) >= RULES_MIN_PT - 0.01


@pytest.mark.parametrize("paper_id", ["a4", "letter"])
@pytest.mark.parametrize("backs", ["duplex-long", "duplex-short"])
def test_duplex_test_page_has_6_pt_type_and_a_clear_edge(paper_id: str, backs: str) -> None:
    from sheetgen.draw.layout import card_size, imposition
    from sheetgen.draw.pdf import build_pdf
    from sheetgen.products.cards import Backs, DeckOptions, alignment_pages
    from sheetgen.templates import paper

    imp = imposition()
    options = DeckOptions(card_size("poker"), imp.bleed, Backs(backs))
    pages = alignment_pages(paper(paper_id), options, imp)
    assert small_type(build_pdf(pages, "test")) == []
    assert {k: w for k, svg in enumerate(pages) if (w := ink_near_edge(svg))} == {}
