"""``sheetgen cards`` and ``sheetgen dice`` through Click: files, page sizes, user errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from sheetgen.cli import main

PT_PER_MM = 72 / 25.4


def _sizes_mm(path: Path) -> list[tuple[float, float]]:
    reader = PdfReader(str(path))
    return [(round(float(p.mediabox.width) / PT_PER_MM, 1),
             round(float(p.mediabox.height) / PT_PER_MM, 1)) for p in reader.pages]


@pytest.mark.slow
def test_cards_default_name_and_a4_pages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                         ) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["cards", "usa"])
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "output" / "usa-cards-poker-a4.pdf"
    assert pdf.is_file()
    sizes = _sizes_mm(pdf)
    # 41 cards, 8 a landscape A4 page with the default 3 mm bleed
    assert len(sizes) == 6
    assert set(sizes) == {(297.0, 210.0)}
    reader = PdfReader(str(pdf))
    box = reader.pages[0].mediabox
    assert float(box.width) == pytest.approx(841.89, abs=0.05)
    assert float(box.height) == pytest.approx(595.28, abs=0.05)


@pytest.mark.slow
def test_cards_letter_duplex_pages_pair_up(tmp_path: Path) -> None:
    out = tmp_path / "deck.pdf"
    result = CliRunner().invoke(main, ["cards", "usa", "--paper", "letter", "--size", "bridge",
                                       "--bleed", "0", "--backs", "duplex-short",
                                       "--back-offset", "0.5,-1", "-o", str(out)])
    assert result.exit_code == 0, result.output
    sizes = _sizes_mm(out)
    # 8 bridge cards a page without bleed (3 x 3 left 1.1 mm crop marks): 6 fronts, 6 backs
    assert len(sizes) == 2 * 6
    reader = PdfReader(str(out))
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx((792.0, 612.0), abs=0.05)


def test_test_page_is_two_pages(tmp_path: Path) -> None:
    out = tmp_path / "test.pdf"
    result = CliRunner().invoke(main, ["cards", "usa", "--test-page", "--backs",
                                       "duplex-long", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert _sizes_mm(out) == [(297.0, 210.0)] * 2  # landscape, as the A4 poker deck is


@pytest.mark.parametrize("kind", ["d10", "d6", "dicetrip"])
def test_dice_default_names(kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                            ) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["dice", kind, "--paper", "letter"])
    assert result.exit_code == 0, result.output
    assert _sizes_mm(tmp_path / "output" / f"dice-{kind}-letter.pdf") == [(215.9, 279.4)]


@pytest.mark.parametrize(("args", "fragment"), [
    (["cards", "usa", "--size", "jumbo"], "--size"),
    (["cards", "usa", "--paper", "a3"], "--paper"),
    (["cards", "usa", "--backs", "both"], "--backs"),
    (["cards", "usa", "--bleed", "-1"], "--bleed"),
    (["cards", "usa", "--bleed", "6.5"], "--bleed"),
    (["cards", "usa", "--back-offset", "1"], "--back-offset"),
    (["cards", "usa", "--back-offset", "a,b"], "--back-offset"),
    (["cards", "usa", "--back-offset", "9,0"], "--back-offset"),
    (["cards", "atlantis"], "atlantis"),
    (["dice", "d20"], "d20"),
])
def test_user_errors_are_one_line_exit_1(args: list[str], fragment: str,
                                         tmp_path: Path) -> None:
    result = CliRunner().invoke(main, [*args, "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 1, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and fragment in lines[0]
    assert "Traceback" not in result.output
    assert not (tmp_path / "x.pdf").exists()


def test_help_has_examples() -> None:
    for cmd in ("cards", "dice"):
        result = CliRunner().invoke(main, [cmd, "--help"])
        assert result.exit_code == 0
        assert "Example" in result.output and f"sheetgen {cmd}" in result.output
