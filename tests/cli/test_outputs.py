"""Where a command's files go: nothing written after a failure and nothing overwritten
(issue 29 item 5), names a person can read and the scored PDF beside its CSV (issue 27
item 14), and PNG pages from every command that draws (item 15)."""

from __future__ import annotations

import errno
import io
import os
import stat
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from pypdf import PdfReader

from sheetgen import output
from sheetgen.cli import main
from sheetgen.games.ontour.grammar import format_boards
from sheetgen.maps import find_map
from sheetgen.model import Board, Cell

USA = find_map("usa")
PNG = b"\x89PNG\r\n\x1a\n"


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def board_csv(path: Path, names: tuple[str, ...] = ("Ann", "Bo")) -> Path:
    boards = []
    for i, name in enumerate(names):
        cells = {s: Cell.cross() for s in USA.space_ids}
        cells.update(WA=Cell.number((10 + i) % 100), OR=Cell.number(20, True))
        boards.append(Board("usa", name, cells))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(format_boards(USA, boards), encoding="utf-8")
    return path


def tree(folder: Path) -> list[str]:
    """Every file and folder under ``folder``, hidden ones too."""
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def fail_nth_temporary(monkeypatch: pytest.MonkeyPatch, n: int) -> None:
    """The ``n``-th temporary file a command opens fails as a full disk would."""
    real = os.open
    count = {"tmp": 0}

    def opener(path: object, flags: int, mode: int = 0o777, **kw: object) -> int:
        if str(path).endswith(".tmp") and ".sheetgen-probe." not in str(path):
            count["tmp"] += 1
            if count["tmp"] == n:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
        return real(path, flags, mode, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(output.os, "open", opener)


# --- nothing written after a failure -----------------------------------------------------

def test_pages_are_written_together_or_not_at_all(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Page 3 of four cannot be written: pages 1 and 2 are not left behind."""
    fail_nth_temporary(monkeypatch, 3)
    result = run("sheet", "usa", "-n", "4", "--format", "svg", "-o", str(tmp_path / "s.svg"))
    assert result.exit_code == 1
    assert "No space left on device" in result.output
    assert tree(tmp_path) == []


def test_a_page_name_taken_by_a_folder_is_refused_before_any_page(tmp_path: Path) -> None:
    (tmp_path / "s-3.png").mkdir()
    result = run("sheet", "usa", "-n", "4", "-o", str(tmp_path / "s.png"))
    assert result.exit_code == 1 and "s-3.png is a folder" in result.output
    assert tree(tmp_path) == ["s-3.png"]


def test_a_folder_made_for_a_failed_run_is_removed(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    fail_nth_temporary(monkeypatch, 1)
    result = run("sheet", "usa", "-n", "1", "-o", str(tmp_path / "new" / "deeper" / "s.pdf"))
    assert result.exit_code == 1
    assert tree(tmp_path) == []


def test_the_scorepad_goes_with_the_pdf(tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """score --scorepad wrote the pad first and kept it when the PDF then failed."""
    csv_path = board_csv(tmp_path / "b.csv")
    fail_nth_temporary(monkeypatch, 2)
    result = run("score", str(csv_path), "--scorepad", "-o", str(tmp_path / "out" / "s.pdf"))
    assert result.exit_code == 1, result.output
    assert tree(tmp_path) == ["b.csv"]


def test_an_output_never_replaces_an_input(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                          ) -> None:
    """The scorepad's default name is the second input's name: refused before any work."""
    monkeypatch.chdir(tmp_path)
    first = board_csv(tmp_path / "output" / "b.csv")
    second = board_csv(tmp_path / "output" / "b-and-1-more-scorepad-a4.pdf", ("Cy", "Di"))
    before = second.read_bytes()
    result = run("score", str(first), str(second), "--scorepad")
    assert result.exit_code == 1, result.output
    assert "(the scorepad) is an input file of this command" in result.output
    assert second.read_bytes() == before
    assert tree(tmp_path) == ["output", "output/b-and-1-more-scorepad-a4.pdf", "output/b.csv"]


def test_two_outputs_never_share_a_name(tmp_path: Path) -> None:
    csv_path = board_csv(tmp_path / "b.csv")
    result = run("score", str(csv_path), "--scorepad", "-o", str(tmp_path / "b-scorepad-a4.pdf"))
    assert result.exit_code == 1, result.output
    assert "is also where this command writes the annotated boards" in result.output
    assert tree(tmp_path) == ["b.csv"]


def test_plan_checks_its_output_before_it_plans(tmp_path: Path) -> None:
    (tmp_path / "taken").mkdir()
    result = run("plan", "byways", "--start", "TX", "--seed", "7", "-o", str(tmp_path / "taken"))
    assert result.exit_code == 1 and "is a folder" in result.output
    assert "Drop:" not in result.output  # no plan printed: refused before the work


# --- links, FIFOs and devices ---------------------------------------------------------------

def test_a_symlink_is_followed_and_its_target_written(tmp_path: Path) -> None:
    target = tmp_path / "real" / "sheet.pdf"
    target.parent.mkdir()
    target.write_bytes(b"old")
    link = tmp_path / "link.pdf"
    link.symlink_to(target)
    assert run("sheet", "usa", "-n", "1", "-o", str(link)).exit_code == 0
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_bytes().startswith(b"%PDF")
    dangling = tmp_path / "dangling.pdf"
    dangling.symlink_to(tmp_path / "real" / "new.pdf")
    assert run("sheet", "usa", "-n", "1", "-o", str(dangling)).exit_code == 0
    assert dangling.is_symlink() and (tmp_path / "real" / "new.pdf").read_bytes()[:4] == b"%PDF"
    assert [p.name for p in (tmp_path / "real").iterdir() if p.name.startswith(".")] == []


def test_a_fifo_is_written_into_not_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.pdf"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    result = run("sheet", "usa", "-n", "1", "-o", str(fifo))
    reader.join(timeout=60)
    assert result.exit_code == 0, result.output
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert got and got[0].startswith(b"%PDF")
    assert tree(tmp_path) == ["pipe.pdf"]


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")
def test_a_character_device_is_written_into_not_replaced(tmp_path: Path) -> None:
    """A null device of our own (as /dev/null is, as root, where a rename would have
    replaced the system's)."""
    null = tmp_path / "null"
    os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    result = run("template", "usa", "-o", str(null))
    assert result.exit_code == 0, result.output
    assert stat.S_ISCHR(null.stat().st_mode)
    assert tree(tmp_path) == ["null"]


def test_dev_and_proc_are_written_into() -> None:
    assert output._is_direct(Path("/dev/null"))
    assert not output._is_direct(Path("/tmp/not-there-at-all.pdf"))


def test_a_file_name_the_file_system_cannot_hold_is_one_line(tmp_path: Path) -> None:
    for args in (["sheet", "usa"], ["template", "usa"], ["script", "usa", "--seed", "1"],
                 ["dice", "d6"], ["scorepad", "usa"], ["cards", "usa"], ["kit", "usa"],
                 ["plan", "byways", "--start", "TX", "--seed", "1"],
                 ["score", str(board_csv(tmp_path / "b.csv"))]):
        ext = ".csv" if args[0] == "template" else ".pdf"
        result = run(*args, "-o", str(tmp_path / ("x" * 300 + ext)))
        assert result.exit_code == 1, (args, result.output)
        assert "a file name of 304 bytes; a name may be at most 255 bytes" in result.output
        assert "Traceback" not in result.output
    assert tree(tmp_path) == ["b.csv"]


def test_a_long_name_that_fits_gets_a_temporary_that_fits(tmp_path: Path) -> None:
    out = tmp_path / ("y" * 250 + ".csv")
    assert run("template", "usa", "-o", str(out)).exit_code == 0
    assert tree(tmp_path) == [out.name]


# --- names a person can read -----------------------------------------------------------------

def test_default_names_are_readable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for args in (["template", "usa", "--players", "Ann,Ben"],
                 ["template", "usa", "--players", "Ann Lee,Ben", "-n", "3"],
                 ["scorepad", "league", "--players", "Ann,Ben,Cy", "--games", "usa,europe"],
                 ["sheet", "byways"]):
        assert run(*args).exit_code == 0, args
    names = sorted(p.name for p in (tmp_path / "output").iterdir())
    assert names == ["byways-board-a4.pdf", "league-ann-ben-cy-usa-europe-a4.pdf",
                     "usa-board-ann-ben.csv", "usa-board-ann_lee-ben-3p.csv"]


def test_names_that_do_not_spell_plainly_keep_a_hash() -> None:
    assert output.names_tag(["Ann", "Ben"]) == "ann-ben"
    zoe = output.names_tag(["Zoë", "Ben"])
    assert zoe.startswith("zoe-ben-") and len(zoe) == len("zoe-ben-") + 8
    assert output.names_tag(["Zoe", "Ben"]) != zoe
    assert output.names_tag(["Ann Lee"]) != output.names_tag(["Ann", "Lee"])
    assert len(output.names_tag([f"Player{i}" for i in range(40)])) <= 60


def test_the_scored_pdf_lands_beside_its_csv_standings_first(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    monkeypatch.chdir(tmp_path)
    csv_path = board_csv(tmp_path / "club" / "night.csv")
    result = run("score", "club/night.csv", "--scorepad")
    assert result.exit_code == 0, result.output
    assert tree(tmp_path / "club") == ["night-scored-a4.pdf", "night-scorepad-a4.pdf",
                                       "night.csv"]
    reader = PdfReader(io.BytesIO((csv_path.parent / "night-scored-a4.pdf").read_bytes()))
    assert "standings" in reader.pages[0].extract_text()
    assert reader.outline[0].title == "Standings"
    assert not (tmp_path / "output").exists()


# --- PNG from every command that draws --------------------------------------------------------

def pdf_pages(path: Path) -> int:
    return len(PdfReader(io.BytesIO(path.read_bytes())).pages)


@pytest.mark.parametrize("args", [
    ["cards", "usa", "--backs", "duplex-long"],
    ["dice", "d10"],
    ["script", "usa", "--seed", "7"],
    ["scorepad", "paris"],
    ["plan", "byways", "--start", "TX", "--seed", "7"],
    ["score", "{csv}"],
])
def test_png_gives_one_file_a_page(tmp_path: Path, args: list[str]) -> None:
    csv_path = board_csv(tmp_path / "b.csv")
    args = [a.replace("{csv}", str(csv_path)) for a in args]
    assert run(*args, "-o", str(tmp_path / "x.pdf")).exit_code == 0
    pages = pdf_pages(tmp_path / "x.pdf")
    result = run(*args, "--format", "png", "-o", str(tmp_path / "x.png"))
    assert result.exit_code == 0, result.output
    pngs = sorted(tmp_path.glob("x*.png"))
    assert len(pngs) == pages
    assert all(p.read_bytes().startswith(PNG) for p in pngs)


def test_png_kit(tmp_path: Path) -> None:
    result = run("kit", "germany", "-n", "1", "-o", str(tmp_path / "k.png"))
    assert result.exit_code == 0, result.output
    assert run("kit", "germany", "-n", "1", "-o", str(tmp_path / "k.pdf")).exit_code == 0
    assert len(list(tmp_path.glob("k-*.png"))) == pdf_pages(tmp_path / "k.pdf")


# --- bounds on what one output holds (issue 29 item 2) ---------------------------------------

def test_one_output_holds_at_most_max_pages(tmp_path: Path) -> None:
    page = '<svg xmlns="http://www.w3.org/2000/svg" width="1mm" height="1mm"/>'
    with pytest.raises(output.OutputError,
                       match=f"{output.MAX_PAGES + 1} pages; one output holds at most "
                             f"{output.MAX_PAGES}"), output.Outputs() as out:
        out.put_pages(tmp_path / "x.pdf", "pdf", [page] * (output.MAX_PAGES + 1), "t")
    assert tree(tmp_path) == []


def test_score_draws_at_most_500_players(tmp_path: Path) -> None:
    path = board_csv(tmp_path / "club.csv", tuple(f"P{i}" for i in range(501)))
    result = run("score", str(path))
    assert result.exit_code == 1
    assert "501 players; the annotated PDF draws at most 500" in result.output
    assert tree(tmp_path) == ["club.csv"]
    scored = run("score", str(path), "--json")
    assert scored.exit_code == 0 and len(scored.stdout) > 501 * 50


# --- names given empty, and the option a refusal names ----------------------------------------

@pytest.mark.parametrize("args", [["sheet", "usa", "-o", ""], ["sheet", "usa", "-o", "  "],
                                  ["score", "b.csv", "--pdf", ""], ["score", ""],
                                  ["check", "", "--seed", "7"], ["read", ""],
                                  ["serve", "usa", "--boards", ""],
                                  ["read", "p.jpg", "--review", " "],
                                  ["serve", "usa", "--boards", "   "]])
def test_an_empty_name_is_a_usage_error_not_the_current_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]) -> None:
    """click takes "" for the current folder: `-o ""` said ". is a folder" and `score ""`
    ". : not a file"."""
    monkeypatch.chdir(tmp_path)
    board_csv(tmp_path / "b.csv")
    result = run(*args)
    assert result.exit_code == 2, result.output
    kind = "folder" if "--boards" in args else "file"
    said = "an empty name" if "" in args else "a name of spaces only"
    assert f"{said}; give a {kind} name" in result.output
    assert ". is a folder" not in result.output and "Traceback" not in result.output
    assert tree(tmp_path) == ["b.csv"]


@pytest.mark.parametrize("args", [["sheet", "usa", "-o", "new/"],
                                  ["score", "b.csv", "--pdf", "deep/x/"],
                                  ["read", "p.jpg", "-o", "evening/"],
                                  ["read", "p.jpg", "--review", "new/"]])
def test_a_file_name_ending_in_a_slash_is_refused_not_written_as_a_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]) -> None:
    """`-o new/` wrote a PDF named `new` (and `read -o evening/` a CSV `evening` beside
    `evening-review.pdf`): the user asked for a folder."""
    monkeypatch.chdir(tmp_path)
    board_csv(tmp_path / "b.csv")
    (tmp_path / "p.jpg").write_bytes(b"not a photo")
    result = run(*args)
    assert result.exit_code == 2, result.output
    option = args[-2]
    assert f"{args[-1]} names a folder; give a file name" in result.output
    assert (f"'{option}'" if option == "--pdf" or option == "--review"
            else "'-o' / '--output'") in result.output
    assert tree(tmp_path) == ["b.csv", "p.jpg"]


@pytest.mark.parametrize("option", ["--pdf", "-o"])
def test_a_refused_destination_is_named_by_the_option_that_gave_it(
        tmp_path: Path, option: str) -> None:
    """`score --pdf FOLDER` said "-o: FOLDER is a folder": the user never typed -o."""
    csv_path = board_csv(tmp_path / "b.csv")
    (tmp_path / "taken").mkdir()
    for command in (["score", str(csv_path), "--map", "usa"],
                    ["plan", "byways", "--start", "TX", "--seed", "7"]):
        result = run(*command, option, str(tmp_path / "taken"))
        assert result.exit_code == 1, result.output
        assert result.output.splitlines()[-1] == (
            f"Error: {option}: {tmp_path / 'taken'} is a folder; give a file name")
    assert tree(tmp_path) == ["b.csv", "taken"]
