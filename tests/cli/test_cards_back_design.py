"""``sheetgen cards --back-design`` and the test page's imposition, through Click."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from pypdf import PdfReader

from sheetgen.cli import main

PT_PER_MM = 72 / 25.4


def test_unknown_back_design_is_a_one_line_error(tmp_path: Path) -> None:
    out = tmp_path / "deck.pdf"
    result = CliRunner().invoke(main, ["cards", "usa", "--back-design", "glitter", "-o",
                                       str(out)])
    assert result.exit_code == 1
    assert "--back-design" in result.output and "outline, solid" in result.output
    assert "Traceback" not in result.output and not out.exists()


def test_letter_mini_test_page_is_the_decks_page(tmp_path: Path) -> None:
    out = tmp_path / "test.pdf"
    result = CliRunner().invoke(main, ["cards", "usa", "--paper", "letter", "--size", "mini",
                                       "--bleed", "0", "--backs", "duplex-short",
                                       "--test-page", "-o", str(out)])
    assert result.exit_code == 0, result.output
    sizes = [(round(float(p.mediabox.width) / PT_PER_MM, 1),
              round(float(p.mediabox.height) / PT_PER_MM, 1))
             for p in PdfReader(str(out)).pages]
    # the deck's grid: portrait 4 x 4 (landscape 6 x 3 left 1.1 mm crop marks)
    assert sizes == [(215.9, 279.4)] * 2
