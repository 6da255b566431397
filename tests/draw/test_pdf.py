"""The SVG-to-PDF pipeline: reproducible bytes, shared repeated pages, bookmarks."""

from __future__ import annotations

import io
import re

from pypdf import PdfReader

from sheetgen.draw.pdf import Bookmark, Layers, build_pdf, svg_to_pdf_page

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
    fonts = set()
    for page in reader.pages:
        for form in page["/Resources"]["/XObject"].values():
            for ref in form.get_object()["/Resources"]["/Font"].values():
                fonts.add(ref.idnum)
    assert len(fonts) == 1
    assert [p.extract_text() for p in reader.pages] == words
