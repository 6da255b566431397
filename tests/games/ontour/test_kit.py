"""The kit: every part present, bookmarked, in order, and the same bytes every time."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from sheetgen.cli import main
from sheetgen.products.kit import parse_prose
from sheetgen.products.textpage import Block

MM = 72 / 25.4


@pytest.fixture(scope="module")
def kit_pdf(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    path = tmp_path_factory.mktemp("kit") / "kit.pdf"
    result = CliRunner().invoke(main, ["kit", "usa", "--seed", "3", "-o", str(path)])
    assert result.exit_code == 0, (result.output, result.exception)
    return path.read_bytes()


def outline(reader: PdfReader) -> list[tuple[str, int]]:
    return [(item.title, reader.get_destination_page_number(item))
            for item in reader.outline if not isinstance(item, list)]


@pytest.mark.slow
def test_kit_has_every_part_bookmarked_in_order(kit_pdf: bytes) -> None:
    reader = PdfReader(io.BytesIO(kit_pdf))
    marks = outline(reader)
    titles = [t for t, _ in marks]
    assert titles[:5] == ["Cover", "Rules summary", "Player sheets",
                          "Cards (double-sided, flip on the long edge)", "Two ten-sided dice"]
    assert titles[5].startswith("Seeded game 3 (par ")
    assert titles[6:] == ["Scorepad", "Scoring with sheetgen", "Open data and fonts"]
    pad = reader.pages[marks[6][1]].extract_text()
    assert "On Tour: USA · scorepad" in pad and "Running" in pad
    pages = [p for _, p in marks]
    assert pages == sorted(pages) and pages[0] == 0
    sheets_first, deck_first = pages[2], pages[3]
    assert deck_first - sheets_first == 8
    # The deck: 41 fronts plus their backs, in front/back page pairs.
    deck_pages = pages[4] - deck_first
    assert deck_pages % 2 == 0
    for number in range(sheets_first, deck_first):
        box = reader.pages[number].mediabox
        assert float(box.width) / MM == pytest.approx(297.0, abs=0.1)
        assert float(box.height) / MM == pytest.approx(210.0, abs=0.1)


@pytest.mark.slow
def test_the_cover_lists_the_parts_with_their_page_numbers(kit_pdf: bytes) -> None:
    reader = PdfReader(io.BytesIO(kit_pdf))
    cover = reader.pages[0].extract_text()
    for title, page in outline(reader)[1:]:
        line = next(line for line in cover.splitlines() if line.startswith(title[:20]))
        assert line.rstrip().endswith(str(page + 1)), line


@pytest.mark.slow
def test_same_seed_same_bytes(kit_pdf: bytes, tmp_path: Path) -> None:
    path = tmp_path / "again.pdf"
    result = CliRunner().invoke(main, ["kit", "usa", "--seed", "3", "-o", str(path)])
    assert result.exit_code == 0
    assert path.read_bytes() == kit_pdf


def test_kit_refuses_an_unknown_game() -> None:
    result = CliRunner().invoke(main, ["kit", "monopoly"])
    assert result.exit_code == 1 and "known maps" in result.output


def test_prose_markup() -> None:
    blocks = parse_prose("# Title\n\nA paragraph\nthat continues.\n\n## Head\n- one\n  more\n"
                         "- two\n    code, line\n")
    assert blocks == [Block("h1", "Title"), Block("p", "A paragraph that continues."),
                      Block("h2", "Head"), Block("li", "one more"), Block("li", "two"),
                      Block("mono", "code, line")]
