"""``sheetgen read`` as a player uses it: photos in, the scoring CSV and the review PDF
out, every failure a one-line answer naming the photo. The tests on photographed sheets
share the session's photos, which take long to make: they run with the slow tests."""

from __future__ import annotations

import io
from pathlib import Path

import cv2
import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheetgen.cli import main
from sheetgen.read import synth

Photos = dict[str, tuple[Path, synth.Sample]]


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["read", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception
    return result.exit_code, result.stdout, result.stderr


def csv_columns(path: Path) -> dict[str, dict[str, str]]:
    lines = [ln for ln in path.read_text(encoding="utf-8").splitlines()
             if not ln.startswith("#")]
    header = lines[0].split(",")
    return {name: {row.split(",")[0]: row.split(",")[k] for row in lines[1:]}
            for k, name in enumerate(header[1:], start=1)}


@pytest.mark.slow
def test_photos_in_any_order_become_the_scoring_csv_and_a_review(photos: Photos,
                                                                 tmp_path: Path) -> None:
    out, review = tmp_path / "evening.csv", tmp_path / "evening-review.pdf"
    usa, europe = photos["usa"], photos["europe"]
    code, _, err = run(str(usa[0]), "-o", str(out), "--players", "Ann")
    assert code == 0, err
    assert f"{usa[0]}: usa sheet 2, seed 7 -> column Ann" in err
    text = out.read_text(encoding="utf-8")
    assert text.startswith(f"# map: usa\n# seed: 7\n# review: {review}\n")
    column = csv_columns(out)["Ann"]
    truth = usa[1].cells
    for space, cell in column.items():
        assert cell in ("?", truth[space].text), space  # never silently wrong
    from pypdf import PdfReader

    assert len(PdfReader(review).pages) == 1
    assert review.stat().st_size < 300_000  # the photo embedded as a JPEG (~180 kB)
    # a photo of another map among them: read apart
    code, _, err = run(str(usa[0]), str(europe[0]), "-o", str(tmp_path / "x.csv"))
    assert code == 1 and "sheets of 2 maps: europe (" in err


@pytest.mark.slow
def test_a_csv_with_doubtful_cells_is_refused_by_score_pointing_at_the_review(
        photos: Photos, tmp_path: Path) -> None:
    out = tmp_path / "b.csv"
    code, _, err = run(str(photos["usa"][0]), "-o", str(out), "--threshold", "1.0")
    assert code == 0, err
    assert err.splitlines()[-1].endswith(
        f"doubtful cells written ?: look them up in {tmp_path / 'b-review.pdf'} and type "
        f"them in before `sheetgen score`; then `sheetgen check {out}` holds them to the "
        "game")
    assert out.read_text(encoding="utf-8").splitlines()[:2] == ["# map: usa", "# seed: 7"]
    result = CliRunner().invoke(main, ["score", str(out), "--json"])
    assert result.exit_code == 1
    assert f"is a cell sheetgen read could not read; its photo is in {tmp_path / 'b-review.pdf'}" \
        in result.stderr


@pytest.mark.slow
def test_an_upside_down_photo_is_read_and_said_to_be(photos: Photos, tmp_path: Path) -> None:
    path, s = photos["upside-down"]
    code, _, err = run(str(path), "-o", str(tmp_path / "u.csv"))
    assert code == 0, err
    assert "(upside down)" in err
    column = csv_columns(tmp_path / "u.csv")["Player 1"]
    assert all(cell in ("?", s.cells[space].text) for space, cell in column.items())


@pytest.mark.slow
def test_a_hand_over_a_corner_is_one_line_naming_the_corner(photos: Photos,
                                                             tmp_path: Path) -> None:
    path, _ = photos["hand"]
    code, _, err = run(str(path), str(photos["usa"][0]), "-o", str(tmp_path / "h.csv"))
    assert code == 1
    lines = [ln for ln in err.splitlines() if ln.startswith(str(path))]
    assert lines == [f"{path}: registration mark at the bottom left corner of the sheet not "
                     "found (covered, cut off or in deep shadow?): photograph the whole "
                     "sheet with all four corner squares in view"]
    assert (tmp_path / "h.csv").exists()  # the other photo is still read


@pytest.mark.slow
def test_another_maps_sheet_with_a_contradicting_map_is_one_line(photos: Photos) -> None:
    path, _ = photos["europe"]
    code, _, err = run(str(path), "--map", "usa", "-o", "-")
    assert code == 1
    assert err.splitlines()[0] == f"{path}: the sheet's code says map europe, but --map " \
                                  "says usa"


@pytest.mark.slow
def test_a_seed_that_contradicts_the_code_is_one_line(photos: Photos) -> None:
    path, _ = photos["usa"]
    code, _, err = run(str(path), "--seed", "8", "-o", "-")
    assert code == 1
    assert err.splitlines()[0] == f"{path}: the sheet's code says seed 7, but --seed says 8"


def _png(image: np.ndarray, path: Path) -> Path:
    ok, data = cv2.imencode(".png", image)
    assert ok
    path.write_bytes(data.tobytes())
    return path


def test_something_that_is_not_a_sheet_is_one_line(tmp_path: Path) -> None:
    rng = np.random.default_rng(3)
    page = np.full((900, 1200), 235, np.uint8)
    for _ in range(40):  # a page of scribbles and boxes
        x, y = (int(v) for v in rng.integers(0, 1100, 2))
        cv2.rectangle(page, (x, y % 850), (x + 60, y % 850 + 30), 30, 2)
    photo = _png(page, tmp_path / "notes.png")
    text = tmp_path / "list.txt"
    text.write_text("milk, eggs\n")
    code, _, err = run(str(photo), str(text), "-o", str(tmp_path / "n.csv"))
    assert code == 1
    assert err.splitlines() == [
        f"{photo}: not a sheetgen sheet: no sheet code and no four registration marks found",
        f"{text}: not an image: expected a JPEG or PNG photo, or a PDF of scanned pages",
        "Error: no sheet could be read (see above)"]
    assert not (tmp_path / "n.csv").exists()


@pytest.mark.slow
def test_a_pdf_of_scanned_pages_is_read_page_by_page(photos: Photos, tmp_path: Path) -> None:
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen.canvas import Canvas

    scan = tmp_path / "scans.pdf"
    canvas = Canvas(str(scan), invariant=1)
    for name in ("usa", "upside-down"):
        image = ImageReader(io.BytesIO(photos[name][1].jpeg))
        canvas.drawImage(image, 0, 0, 595, 842)
        canvas.showPage()
    canvas.save()
    code, _, err = run(str(scan), "-o", str(tmp_path / "s.csv"))
    assert code == 0, err
    assert f"{scan} (page 1): usa sheet 2" in err and f"{scan} (page 2): usa sheet 2" in err
    assert list(csv_columns(tmp_path / "s.csv")) == ["Player 1", "Player 2"]


def test_a_photo_of_a_sheet_printed_by_today_s_sheet_command_is_read(tmp_path: Path) -> None:
    """``sheetgen sheet usa --seed 7`` prints the setup numbers: a photo of that page,
    unfilled, reads as those four circled numbers and 37 empty circles."""
    result = CliRunner().invoke(main, ["sheet", "usa", "--seed", "7", "-n", "1", "-o",
                                       str(tmp_path / "s.png")])
    assert result.exit_code == 0
    page = cv2.imread(str(tmp_path / "s.png"), cv2.IMREAD_GRAYSCALE)
    shot = synth.Shot(150.0, 15.0, 120.0, 95.0, 0.6, 0.3, 75)
    photo = tmp_path / "today.jpg"
    photo.write_bytes(synth.photograph(page, shot, np.random.default_rng(5)))
    code, _, err = run(str(photo), "-o", str(tmp_path / "t.csv"))
    # read, and said to be no finished game of seed 7, as `check` would say (exit 3)
    assert code == 3, err
    assert f"{photo}: Player 1: not a legal board of seed 7: " in err
    from sheetgen.games.ontour.players.game import setup_cells
    from sheetgen.games.ontour.rules import make_script
    from sheetgen.maps import find_map

    usa = find_map("usa")
    setup = {k: c.text for k, c in setup_cells(make_script(usa, 7), usa).items()}
    column = csv_columns(tmp_path / "t.csv")["Player 1"]
    assert {k: v for k, v in column.items() if v} == setup


def test_a_sheet_whose_code_is_covered_is_read_by_its_circles(tmp_path: Path) -> None:
    """A Dice Trip sheet with its code taped over: the four marks and the printed circles
    say which sheet it is (map and paper; no seed), said on one line, and read."""
    result = CliRunner().invoke(main, ["sheet", "germany", "-n", "1", "-o",
                                       str(tmp_path / "g.png")])
    assert result.exit_code == 0
    page = cv2.imread(str(tmp_path / "g.png"), cv2.IMREAD_GRAYSCALE)
    h, w = page.shape
    from sheetgen.read.layout import sheet_layout

    layout = sheet_layout("germany", "a4", 2)
    x, y, side = (v * w / layout.page[0] for v in layout.qr)
    pad = 1.0 * w / layout.page[0]
    page[int(y - pad):int(y + side + pad), int(x - pad):int(x + side + pad)] = 255
    shot = synth.Shot(150.0, 10.0, 40.0, 185.0, 0.6, 0.3, 80)
    photo = tmp_path / "taped.jpg"
    photo.write_bytes(synth.photograph(page, shot, np.random.default_rng(3)))
    code, _, err = run(str(photo), "-o", str(tmp_path / "g.csv"))
    assert code == 0, err
    assert (f"{photo}: the sheet's code could not be read: read as a germany sheet on a4 "
            "by its printed circles") in err
    assert f"{photo}: germany sheet (number unread), unseeded (upside down) -> " in err
    column = csv_columns(tmp_path / "g.csv")["Player 1"]
    assert len(column) == 25 and not any(column.values())


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=3000))
def test_hostile_bytes_are_one_line_each(tmp_path: Path, data: bytes) -> None:
    photo = tmp_path / "x.jpg"
    photo.write_bytes(data)
    code, _, err = run(str(photo), "-o", str(tmp_path / "x.csv"))
    assert code == 1
    assert "Traceback" not in err
    assert err.splitlines()[0].startswith(f"{photo}: ")
    assert len(err.splitlines()) == 2


def test_a_seed_over_24_digits_is_checked_against_the_hash_in_the_code(tmp_path: Path
                                                                      ) -> None:
    """A sheet of a seed over 24 digits carries ``#`` and a hash of it in its code: read
    without --seed it says to give one; --seed of another seed is refused; the seed itself
    is taken."""
    from tests.read.conftest import sample

    long = int("7" * 30)
    path = tmp_path / "long.jpg"
    path.write_bytes(sample("usa", seed=long, sheet=1).jpeg)
    code, _, err = run(str(path), "-o", str(tmp_path / "a.csv"))
    assert code == 0, err
    assert "usa sheet 1, unseeded" in err and "give --seed to check the numbers" in err
    code, _, err = run(str(path), "--seed", "8", "-o", str(tmp_path / "b.csv"))
    assert code == 1
    assert "the hash of another seed than --seed gives" in err.splitlines()[0]
    assert not (tmp_path / "b.csv").exists()
    code, _, err = run(str(path), "--seed", str(long), "-o", str(tmp_path / "c.csv"))
    assert code in (0, 3), err
    assert f"usa sheet 1, seed {long}" in err


@pytest.mark.slow
def test_the_review_is_a_png_a_sheet_with_format_png(photos: Photos, tmp_path: Path) -> None:
    """--format png (or a .png --review) writes the review as one PNG a sheet, each the
    straightened photo above the band, and the CSV names them."""
    from PIL import Image

    out = tmp_path / "r.csv"
    code, _, err = run(str(photos["usa"][0]), str(photos["upside-down"][0]), "-o", str(out),
                       "--format", "png", "--threshold", "1.0")
    assert code == 0, err
    pages = [tmp_path / "r-review-1.png", tmp_path / "r-review-2.png"]
    assert f"# review: {pages[0]}, {pages[1]}\n" in out.read_text(encoding="utf-8")
    assert f"look them up in {pages[0]}, {pages[1]}" in err
    for page in pages:
        with Image.open(page) as image:
            width, height = image.size
        assert abs(height / width - (210 + 62) / 297) < 0.01  # a landscape A4 sheet, its band
    code, _, err = run(str(photos["usa"][0]), "-o", str(tmp_path / "one.csv"), "--review",
                       str(tmp_path / "one.png"))
    assert code == 0 and (tmp_path / "one.png").exists(), err


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_a_reason_under_a_crop_never_runs_into_the_next(why: str) -> None:
    """Any reason wraps to at most three lines no wider than its crop and the gap
    beside it (less a margin): the next crop's reason starts clear of it."""
    from sheetgen.draw.text import text_width
    from sheetgen.read.review import CROP, GAP, REASON_LINES, REASON_PT, reasons

    lines = reasons(why)
    assert len(lines) <= REASON_LINES
    assert all(text_width(line, REASON_PT) <= CROP + GAP - 2.5 for line in lines)
    if why.split() and len(lines) < REASON_LINES:
        assert " ".join(lines).split() == why.split() or any(
            text_width(w, REASON_PT) > CROP + GAP - 2.5 for w in why.split())


def test_a_photo_too_small_to_hold_a_sheet_says_so(tmp_path: Path) -> None:
    """A 200 x 150 thumbnail is not "not a sheet": it is too small to read one from."""
    photo = _png(np.full((150, 200, 3), 200, np.uint8), tmp_path / "thumb.png")
    code, _, err = run(str(photo), "-o", str(tmp_path / "t.csv"))
    assert code == 1
    assert err.splitlines()[0] == (
        f"{photo}: 200 x 150 pixels is too small to read a sheet from; at least 400 "
        "pixels on the shorter side (a phone photo, or a scan at 100 dpi or more)")
    assert not (tmp_path / "t.csv").exists()


def test_a_pdf_sheetgen_drew_is_not_taken_for_a_scan(tmp_path: Path) -> None:
    drawn = tmp_path / "sheets.pdf"
    result = CliRunner().invoke(main, ["sheet", "usa", "--seed", "7", "-n", "1", "-o",
                                       str(drawn)])
    assert result.exit_code == 0
    code, _, err = run(str(drawn), "-o", str(tmp_path / "d.csv"))
    assert code == 1
    assert err.splitlines()[0] == (
        f"{drawn}: page 1 holds no scanned image: a PDF sheetgen drew is for printing; "
        "print it, fill it in, then photograph or scan it")


def test_a_photo_given_twice_is_a_usage_error_and_a_copy_is_read_once(tmp_path: Path
                                                                         ) -> None:
    photo = _png(np.full((600, 800, 3), 235, np.uint8), tmp_path / "a.png")
    code, _, err = run(str(photo), str(photo), "-o", str(tmp_path / "x.csv"))
    assert code == 2 and f"PHOTOS: {photo} given twice" in err
    copy = tmp_path / "b.png"
    copy.write_bytes(photo.read_bytes())
    code, _, err = run(str(photo), str(copy), "-o", str(tmp_path / "x.csv"))
    assert code == 1
    lines = err.splitlines()
    assert lines[0].startswith(f"{photo}: not a sheetgen sheet")
    assert lines[1] == f"{copy}: the same file as {photo}: read once"
    assert not (tmp_path / "x.csv").exists()


def test_columns_without_a_given_name_are_named_by_their_place() -> None:
    from sheetgen.cli.read_cmd import _names

    assert _names(["Ann"], 3) == ["Ann", "Player 2", "Player 3"]
    assert _names(["Player 3"], 3) == ["Player 3", "Player 2", "Player 4"]
    assert _names(None, 2) == ["Player 1", "Player 2"]


@pytest.mark.slow
def test_two_photos_of_the_same_sheet_are_told(photos: Photos, tmp_path: Path) -> None:
    """The same sheet photographed twice would score one player twice: said, both
    photos named (a seeded set numbers its sheets, so one code twice is one sheet)."""
    first, second = photos["usa"][0], photos["upside-down"][0]
    code, _, err = run(str(first), str(second), "-o", str(tmp_path / "d.csv"))
    assert code == 0, err
    assert (f"{second}: the same sheet's code as {first} (usa sheet 2, seed 7): if it is "
            "the same sheet photographed twice, leave one photo out") in err


@pytest.mark.slow
def test_photos_of_two_maps_name_the_photos_of_each(photos: Photos, tmp_path: Path
                                                     ) -> None:
    usa, europe = photos["usa"][0], photos["europe"][0]
    code, _, err = run(str(usa), str(europe), "-o", str(tmp_path / "x.csv"))
    assert code == 1
    assert err.splitlines()[-1] == (
        f"Error: sheets of 2 maps: europe ({europe}), usa ({usa}); read each map's photos "
        "apart")


@pytest.mark.slow
def test_a_name_for_a_photo_that_could_not_be_read_does_not_lose_the_others(
        photos: Photos, tmp_path: Path) -> None:
    """A name a player for each photo, one photo unreadable: the others are still written
    (which name is whose is not known: the columns are numbered, and it is said)."""
    thumb = _png(np.full((150, 200, 3), 200, np.uint8), tmp_path / "thumb.png")
    out = tmp_path / "e.csv"
    code, _, err = run(str(photos["usa"][0]), str(thumb), "--players", "Ann,Bo", "-o",
                       str(out))
    assert code == 1
    assert ("--players: 2 names for 1 sheet read, as a photo could not be read: the "
            "columns are named Player 1 ...; type the names over them") in err
    assert list(csv_columns(out)) == ["Player 1"]
    # every photo read: more names than sheets is still refused, nothing written
    code, _, err = run(str(photos["usa"][0]), "--players", "Ann,Bo", "-o",
                       str(tmp_path / "f.csv"))
    assert code == 1 and "--players: 2 names for 1 sheet read" in err
    assert not (tmp_path / "f.csv").exists()


def test_a_map_whose_sheets_cannot_be_read_is_a_usage_error(tmp_path: Path) -> None:
    """Highways & Byways sheets carry no marks or code: said before any photo is read."""
    photo = _png(np.full((600, 800, 3), 235, np.uint8), tmp_path / "a.png")
    code, _, err = run(str(photo), "--map", "byways", "-o", str(tmp_path / "x.csv"))
    assert code == 2
    assert err.splitlines()[-1] == (
        "Error: --map byways: its sheets carry no corner marks or code to read; sheetgen "
        "read reads europe, germany, paris and usa sheets")


def _png_header(width: int, height: int) -> bytes:
    """A PNG that says it is ``width`` x ``height`` pixels (its pixels cut short)."""
    import struct
    import zlib

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body)))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
            + chunk(b"IDAT", zlib.compress(b"\x00" * 1000)) + chunk(b"IEND", b""))


@pytest.mark.parametrize("width, height", [(12000, 8000), (40000, 30000)])
def test_a_photo_too_large_is_refused_from_its_header_before_it_is_decoded(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, width: int, height: int) -> None:
    """A 100 kB PNG of 1.2 billion white pixels would take gigabytes to decode: its size
    is read from its header and it is refused without being decoded."""
    photo = tmp_path / "pano.png"
    photo.write_bytes(_png_header(width, height))

    def never(*_: object) -> None:
        raise AssertionError("decoded")

    monkeypatch.setattr(cv2, "imdecode", never)
    code, _, err = run(str(photo), "-o", str(tmp_path / "p.csv"))
    assert code == 1
    size = f"{width} x {height}" if width * height <= 178_956_970 else "over 178 million"
    assert err.splitlines()[0] == f"{photo}: {size} pixels is too large; at most 80 million"


@pytest.mark.slow
def test_the_default_names_say_how_many_sheets_in_words(photos: Photos, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = run(str(photos["usa"][0]))
    assert code == 0, err
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == [
        "usa-read-1-sheet-seed-7-review.pdf", "usa-read-1-sheet-seed-7.csv"]


@pytest.mark.slow
def test_sheets_of_two_seeded_games_in_one_file_are_told(photos: Photos, tmp_path: Path
                                                         ) -> None:
    """One board file of two seeds' sheets scores, but `check` takes one seed: said,
    with the photos of each seed."""
    from tests.read.conftest import sample

    other = tmp_path / "seed-8.jpg"
    other.write_bytes(sample("usa", seed=8, sheet=1).jpeg)
    first = photos["usa"][0]
    code, _, err = run(str(first), str(other), "-o", str(tmp_path / "two.csv"))
    assert code == 0, err
    assert (f"sheets of 2 seeded games in one board file (seed 7: {first}; seed 8: "
            f"{other}): `sheetgen check` takes one seed; read each game's photos apart "
            "to check them") in err
    assert len(csv_columns(tmp_path / "two.csv")) == 2
    assert "# seed:" not in (tmp_path / "two.csv").read_text(encoding="utf-8")


def test_a_review_destination_refused_names_review(tmp_path: Path) -> None:
    """--review FOLDER said "-o: FOLDER is a folder", before any photo was read."""
    photo = tmp_path / "not-read.jpg"
    photo.write_bytes(b"not read: refused before")
    code, _, err = run(str(photo), "--review", str(tmp_path))
    assert code == 1
    assert err.splitlines() == [f"Error: --review: {tmp_path} is a folder; give a file name"]


def test_the_help_names_the_default_threshold() -> None:
    """``--help`` says the threshold the reader uses when none is given."""
    from sheetgen.read.cells import THRESHOLD

    result = CliRunner().invoke(main, ["read", "--help"])
    assert f"(default {THRESHOLD})" in " ".join(result.output.split())
