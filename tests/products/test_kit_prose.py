"""Kit prose pages read back: text, not markup; examples that the kit's own map accepts."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest
from pypdf import PdfReader

from sheetgen.draw.pdf import svg_to_pdf_page
from sheetgen.draw.text import text_width
from sheetgen.games.ontour.grammar import parse_cell
from sheetgen.games.ontour.kit import howto_blocks
from sheetgen.maps import find_map
from sheetgen.products.textpage import inline_spans, prose_page, wrap_spans
from sheetgen.templates import paper

SVG = "{http://www.w3.org/2000/svg}"


def test_inline_code_spans() -> None:
    assert inline_spans("a `b c` d") == [("a ", False), ("b c", True), (" d", False)]
    assert inline_spans("`*` for a star") == [("*", True), (" for a star", False)]
    assert inline_spans("odd ` tick") == [("odd ` tick", False)]
    assert inline_spans("`a` and ` b") == [("a", True), (" and ` b", False)]


def test_wrapped_spans_keep_words_and_fit() -> None:
    content = "Run `sheetgen score board.csv --json` to print the result as JSON for tools."
    lines = wrap_spans(content, 60, 10)
    assert len(lines) > 1
    words = " ".join("".join(t for t, _ in line) for line in lines).split()
    assert words == content.replace("`", "").split()
    for line in lines:
        width = sum(text_width(t, 10, condensed=c) for t, c in line)
        assert width <= 60 + 2.0  # a leading space is measured in the text face


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_scoring_page_shows_text_not_backticks(map_id: str) -> None:
    svg = prose_page(paper("a4"), howto_blocks(find_map(map_id)))
    root = ET.fromstring(svg)
    drawn = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    assert not any("`" in t for t in drawn)
    code = [t for el in root.iter(f"{SVG}text") if el.get("class") == "code"
            for t in el.itertext()]
    assert "*" in code and any("sheetgen score board.csv --json" in c for c in code)
    page_text = PdfReader(io.BytesIO(svg_to_pdf_page(svg))).pages[0].extract_text()
    assert "`" not in page_text and "sheetgen" in page_text


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_scoring_examples_come_from_the_kits_map(map_id: str) -> None:
    game_map = find_map(map_id)
    mono = [b.content for b in howto_blocks(game_map) if b.kind == "mono"]
    header = mono.index(f"# map: {map_id}")
    assert mono[header + 1] == "space,Alice,Bob"
    rows = mono[header + 2:header + 5]
    assert len(rows) == 3
    for row in rows:
        space, *cells = row.split(",")
        assert game_map.space(space).id == space  # the map knows it
        for cell in cells:
            parse_cell(cell)
    assert f"sheetgen template {map_id} " in mono[0]
    if map_id == "europe":
        assert not any(r.split(",")[0] in ("WA", "OR", "ID") for r in rows)
