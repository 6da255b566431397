"""Text in any script, read back from the drawing and the PDF: escaped, in visual order,
every glyph from a shipped font, long names fitted to their box."""

from __future__ import annotations

import io
import unicodedata
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from sheetgen.draw import FALLBACK, FONT
from sheetgen.draw.page import new_page
from sheetgen.draw.pdf import svg_to_pdf_page
from sheetgen.draw.text import (
    PT,
    REPLACEMENT,
    displayed,
    fit_text,
    text,
    text_width,
    unprintable,
    wrap,
)
from sheetgen.games.ontour.sheet import SheetOptions, sheet_svg
from sheetgen.maps import find_geometry, find_map
from sheetgen.templates import paper

SVG = "{http://www.w3.org/2000/svg}"
HOSTILE = ["bell\x07ring", "<b>&amp;\"'</b>", "nul\x00", "tab\there", "\ud800x", "\ufffe",
           "esc\x1b[31m", "line\u2028sep", "\U0010ffff"]


def _page(content: str, **kw: object) -> str:
    dwg = new_page(100, 20)
    dwg.add(text(dwg, content, 50, 10, 12, **kw))  # type: ignore[arg-type]
    return str(dwg.tostring())


def _fonts(pdf: bytes) -> set[str]:
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    fonts = page["/Resources"]["/Font"]
    return {str(fonts[k].get_object()["/BaseFont"]).split("+")[-1] for k in fonts}


@pytest.mark.parametrize("content", HOSTILE)
def test_hostile_text_still_makes_a_valid_page_and_pdf(content: str) -> None:
    svg = _page(content)
    ET.fromstring(svg)  # well-formed markup
    assert svg_to_pdf_page(svg).startswith(b"%PDF")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_any_string_gives_well_formed_markup(content: str) -> None:
    root = ET.fromstring(_page(content, anchor="middle"))
    drawn = "".join(next(root.iter(f"{SVG}text")).itertext())
    assert not any(unicodedata.category(c) in ("Cc", "Cs", "Co", "Cn") for c in drawn)


def test_hebrew_is_drawn_in_visual_order_by_the_fallback_font() -> None:
    assert displayed("שלום") == "םולש"
    assert displayed("Dana דנה") == "Dana הנד"
    root = ET.fromstring(_page("Dana דנה"))
    spans = [(s.get("font-family"), s.text) for s in root.iter(f"{SVG}tspan")]
    assert spans == [(FONT, "Dana "), (FALLBACK, "הנד")]


@pytest.mark.parametrize(("content", "families"), [
    ("Alice", {"OpenSans"}),
    ("Zoë 😀", {"OpenSans", "DejaVuSans"}),
    ("שלום", {"DejaVuSans"}),
    ("Ωμέγα Жук ★", {"OpenSans", "DejaVuSans"}),
])
def test_every_glyph_comes_from_a_shipped_font(content: str, families: set[str]) -> None:
    assert unprintable(content) == []
    assert REPLACEMENT not in displayed(content)
    fonts = _fonts(svg_to_pdf_page(_page(content)))
    assert {f.split("-")[0] for f in fonts} == families


@pytest.mark.parametrize(("content", "why"), [
    ("a\x07b", "control"), ("中文", "no shipped font"), ("👍", "no shipped font"),
    ("عربي", "must join"), ("\ue000", "private-use"),
])
def test_what_cannot_print_is_named(content: str, why: str) -> None:
    problems = unprintable(content)
    assert problems and all(why in p for p in problems)
    first = next(c for c in content if c not in "ab")
    assert problems[0].startswith(f"U+{ord(first):04X}")


def test_mixed_text_is_anchored_on_its_measured_width() -> None:
    content = "Zoë 😀 שלום"
    root = ET.fromstring(_page(content, anchor="middle"))
    el = next(root.iter(f"{SVG}text"))
    width = text_width(content, 12)
    assert float(el.get("x", "nan")) == pytest.approx(50 - width / 2, abs=0.01)


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.sampled_from("abcdefghij WMשלום😀Ж"), max_size=300),
       st.floats(min_value=10, max_value=120), st.integers(min_value=1, max_value=3))
def test_fit_text_never_leaves_its_box(content: str, width: float, max_lines: int) -> None:
    lines, size = fit_text(content, width, 14, min_pt=6, max_lines=max_lines, bold=True)
    assert 6 <= size <= 14 and 1 <= len(lines) <= max_lines
    assert all(text_width(line, size, bold=True) <= width + 1e-6 for line in lines)


def test_fit_text_shrinks_before_it_cuts() -> None:
    assert fit_text("Alexandra", 50, 11, min_pt=6) == (["Alexandra"], 11)
    lines, size = fit_text("Alexandra Montgomery-Featherstonehaugh", 50, 11, min_pt=6)
    assert lines == ["Alexandra Montgomery-Featherstonehaugh"] and 6 <= size < 11
    lines, size = fit_text("x" * 200, 50, 11, min_pt=6)
    assert size == 6 and lines[0].endswith("…") and len(lines) == 1


def test_a_word_wider_than_the_line_is_cut() -> None:
    lines = wrap("W" * 80, 30, 10, break_words=True)
    assert len(lines) > 1 and "".join(lines) == "W" * 80
    assert all(text_width(x, 10) <= 30 for x in lines)


@pytest.mark.parametrize("name", ["A" * 200, "😀" * 60, "דנה " * 50, "Ann"])
def test_the_sheet_name_stays_on_its_line(name: str) -> None:
    svg = sheet_svg(find_map("usa"), find_geometry("usa"), paper("a4"),
                    SheetOptions(player=name))
    root = ET.fromstring(svg)
    (el,) = [el for el in root.iter(f"{SVG}text") if el.get("class") == "player-name"]
    x, y = float(el.get("x", "nan")), float(el.get("y", "nan"))
    (line,) = [ln for ln in root.iter(f"{SVG}line") if ln.get("y1") == ln.get("y2")
               and float(ln.get("x1", "nan")) <= x <= float(ln.get("x2", "nan"))
               and 0 < float(ln.get("y1", "nan")) - y < 2]
    x_end = float(line.get("x2", "nan"))
    size_pt = float(el.get("font-size", "nan")) / PT
    shown = "".join(el.itertext())
    assert float(el.get("x", "nan")) + text_width(shown, size_pt, bold=True) <= x_end
    assert size_pt >= 6 - 1e-6
    if name == "Ann":
        assert shown == "Ann" and size_pt == pytest.approx(11, abs=0.01)


def test_scored_pages_fit_long_names() -> None:
    from sheetgen.draw.pdf import Layers
    from sheetgen.games.ontour.grammar import parse_boards, template_csv
    from sheetgen.games.ontour.score import standings
    from sheetgen.games.ontour.scored import scored_pages

    game_map = find_map("usa")
    names = ["Bartholomew " * 20, "Zoë 😀 שלום"]
    rows = template_csv(game_map, names).splitlines()
    filled = [r if r.startswith(("#", "space")) else r.split(",")[0] + ",5,x" for r in rows]
    _, boards = parse_boards("\n".join(filled) + "\n", "t.csv")
    # A player's page is a stack of layers: the names are in its top layer.
    pages = [page.svgs[-1] if isinstance(page, Layers) else page
             for page in scored_pages(game_map, find_geometry("usa"), paper("a4"), boards,
                                      standings(game_map, boards))]
    width = paper("a4").landscape[0]
    for svg in pages:
        for el in ET.fromstring(svg).iter(f"{SVG}text"):
            if el.get("class") in ("player", "winner", "score"):
                size_pt = float(el.get("font-size", "nan")) / PT
                right = float(el.get("x", "nan")) + text_width(
                    "".join(el.itertext()), size_pt, bold=True)
                if el.get("class") != "score":
                    assert right <= width - 10.0 + 1e-6
    first = ET.fromstring(pages[0])
    name = next(e for e in first.iter(f"{SVG}text") if e.get("class") == "player")
    score = next(e for e in first.iter(f"{SVG}text") if e.get("class") == "score")
    size_pt = float(name.get("font-size", "nan")) / PT
    name_right = float(name.get("x", "nan")) + text_width("".join(name.itertext()), size_pt,
                                                          bold=True)
    score_left = float(score.get("x", "nan")) - text_width("".join(score.itertext()), 15,
                                                           bold=True)
    assert name_right < score_left
