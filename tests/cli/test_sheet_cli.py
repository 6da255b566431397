"""``sheetgen sheet``: page sizes, pages per player, text layer, fonts, errors."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from sheetgen.cli import main
from sheetgen.maps import find_map

MM = 72 / 25.4
PAPERS = {"a4": (297.0, 210.0), "letter": (279.4, 215.9)}


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture(scope="module")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], PdfReader]:
    out = tmp_path_factory.mktemp("sheets")
    readers = {}
    for map_id in ("usa", "europe"):
        for paper in PAPERS:
            path = out / f"{map_id}-{paper}.pdf"
            result = run("sheet", map_id, "-n", "2", "--paper", paper, "-o", str(path))
            assert result.exit_code == 0, result.output
            readers[(map_id, paper)] = PdfReader(io.BytesIO(path.read_bytes()))
    return readers


@pytest.mark.parametrize("map_id", ["usa", "europe"])
@pytest.mark.parametrize("paper", list(PAPERS))
def test_landscape_page_of_exact_size_per_player(sheets, map_id: str, paper: str) -> None:
    reader = sheets[(map_id, paper)]
    assert len(reader.pages) == 2
    width, height = PAPERS[paper]
    for page in reader.pages:
        box = page.mediabox
        assert float(box.width) / MM == pytest.approx(width, abs=0.1)
        assert float(box.height) / MM == pytest.approx(height, abs=0.1)


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_every_space_label_is_in_the_text_layer(sheets, map_id: str) -> None:
    chunks: list[str] = []
    sheets[(map_id, "a4")].pages[0].extract_text(
        visitor_text=lambda text, *_: chunks.append(text.strip()))
    missing = [s.label for s in find_map(map_id).spaces if s.label not in chunks]
    assert missing == []


def _fonts(resources) -> list:  # type: ignore[no-untyped-def]
    """The fonts a page uses: its own and those of the forms it draws (a sheet draws the
    map, shared by every sheet, as a form)."""
    out = list(resources.get("/Font", {}).values())
    for ref in resources.get("/XObject", {}).values():
        form = ref.get_object()
        if "/Resources" in form:
            out += _fonts(form["/Resources"])
    return out


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_fonts_are_embedded(sheets, map_id: str) -> None:
    page = sheets[(map_id, "a4")].pages[0]
    fonts = _fonts(page["/Resources"])
    assert fonts, "the page uses fonts"
    for ref in fonts:
        font = ref.get_object()
        descriptor = font["/FontDescriptor"].get_object()
        assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), \
            font["/BaseFont"]
        assert "OpenSans" in font["/BaseFont"]


def test_one_svg_file_per_page(tmp_path: Path) -> None:
    result = run("sheet", "usa", "-n", "2", "--format", "svg", "-o", str(tmp_path / "s.svg"))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s-1.svg", "s-2.svg"]


def test_png_of_a_single_sheet(tmp_path: Path) -> None:
    path = tmp_path / "s.png"
    result = run("sheet", "usa", "-n", "1", "--format", "png", "-o", str(path))
    assert result.exit_code == 0, result.output
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("args, message", [
    (["--players", "Ann,,Bo"], "--players: 'Ann,,Bo' has a blank name"),
    (["--players", "Ann,B\x07"], "control character U+0007"),
    (["-n", "1", "--players", "Ann,Bo"], "-n: 1 is fewer than the 2 names"),
    (["--paper", "a3"], "unknown paper 'a3'"),
    (["--format", "tiff"], "unknown format 'tiff'"),
])
def test_bad_options_fail_with_one_line_and_write_nothing(tmp_path: Path, args: list[str],
                                                          message: str) -> None:
    result = run("sheet", "usa", *args, "-o", str(tmp_path / "x.pdf"))
    assert result.exit_code == 1
    assert message in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_a_zero_count_is_a_usage_error(tmp_path: Path) -> None:
    result = run("sheet", "usa", "-n", "0", "-o", str(tmp_path / "x.pdf"))
    assert result.exit_code == 2
    assert list(tmp_path.iterdir()) == []


def test_output_path_that_is_a_folder_is_refused(tmp_path: Path) -> None:
    result = run("sheet", "usa", "-o", str(tmp_path))
    assert result.exit_code == 1 and "is a folder" in result.output


def test_seeded_sheet_prefills_the_setup_numbers_in_their_circles(tmp_path: Path) -> None:
    import xml.etree.ElementTree as ET

    from sheetgen.games.ontour.rules import make_script

    svg_path = tmp_path / "seeded.svg"
    result = run("sheet", "usa", "-n", "1", "--seed", "4711", "--format", "svg",
                 "-o", str(svg_path))
    assert result.exit_code == 0, result.output
    root = ET.fromstring(svg_path.read_text())
    svg = "{http://www.w3.org/2000/svg}"
    centres = {el.get("id").removeprefix("circle-"): (float(el.get("cx")), float(el.get("cy")))
               for el in root.iter(f"{svg}circle") if el.get("class") == "circle"}
    written = {}
    for group in root.iter(f"{svg}g"):
        if group.get("class") == "cell cell-number":
            label = next(group.iter(f"{svg}text"))
            written[(float(label.get("x")), "".join(label.itertext()))] = float(label.get("y"))
    script = make_script(find_map("usa"), 4711)
    expected = [(card.space, number) for card, number in script.setup_cells]
    assert len(written) == 4
    for space, number in expected:
        cx, cy = centres[space]
        y = written.get((cx, f"{number:02d}"))
        assert y is not None and abs(y - cy) < 5.0, (space, number)
    assert any("seed 4711" in "".join(t.itertext()) for t in root.iter(f"{svg}text"))
