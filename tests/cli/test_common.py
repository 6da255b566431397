"""Writing output: atomic, with the usual permissions, checked before any work, cleaned
up after a signal and on the next run; formats from extensions; standard output."""

from __future__ import annotations

import os
import re
import signal
import stat
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import click
import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetgen.cli.common import (
    UserError,
    check_destination,
    choose_format,
    output_path,
    remove_stale_temporaries,
    safe_name,
    write_atomically,
)

ROOT = Path(__file__).resolve().parent.parent.parent


def test_output_gets_the_usual_file_mode(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        path = tmp_path / "sub" / "out.pdf"
        write_atomically(path, b"%PDF-1.5")
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    assert path.read_bytes() == b"%PDF-1.5"
    assert [p.name for p in path.parent.iterdir()] == ["out.pdf"]  # no temporary left


def test_destination_is_checked_before_any_work(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="is a folder"):
        check_destination(tmp_path)
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(UserError, match="is a file, not a folder"):
        check_destination(blocker / "sub" / "out.pdf")
    check_destination(tmp_path / "new" / "deeper" / "out.pdf")  # folders are made later
    assert not (tmp_path / "new").exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_unwritable_folder_is_refused(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        with pytest.raises(UserError, match="cannot be written"):
            check_destination(locked / "out.pdf")
    finally:
        locked.chmod(0o700)


def test_unwritable_folder_is_refused_by_access_check(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The same refusal where the tests run as root: ``os.access`` says no."""
    monkeypatch.setattr(os, "access", lambda path, mode: False)
    with pytest.raises(UserError, match=f"the folder {tmp_path} cannot be written"):
        check_destination(tmp_path / "out.pdf")


@pytest.mark.skipif(not Path("/proc/self").exists(), reason="needs /proc")
def test_a_folder_that_takes_no_files_is_refused_even_for_root() -> None:
    """/proc looks writable to root; a probe file tells the truth before any work."""
    with pytest.raises(UserError, match="the folder /proc cannot be written"):
        check_destination(Path("/proc/out.pdf"))
    with pytest.raises(UserError, match="-o: /proc/out.pdf cannot be written"):
        write_atomically(Path("/proc/out.pdf"), b"x")


def test_input_file_is_never_the_output(tmp_path: Path) -> None:
    source = tmp_path / "game.csv"
    source.write_text("x")
    with pytest.raises(UserError, match="is an input file"):
        output_path(source, "x", "pdf", inputs=[source])


@pytest.mark.parametrize(("output", "fmt", "produces", "expected"), [
    (None, None, ("pdf", "svg", "png"), "pdf"),
    ("s.svg", None, ("pdf", "svg", "png"), "svg"),
    ("s.PNG", None, ("pdf", "svg", "png"), "png"),
    ("s.png", "png", ("pdf", "svg", "png"), "png"),
    ("s.out", "svg", ("pdf", "svg", "png"), "svg"),
    ("sheet", None, ("pdf", "svg", "png"), "pdf"),
    ("-", None, ("pdf", "json"), "pdf"),
    ("g.json", None, ("pdf", "json"), "json"),
])
def test_format_follows_the_extension(output: str | None, fmt: str | None,
                                      produces: tuple[str, ...], expected: str) -> None:
    path = None if output is None else Path(output)
    assert choose_format(path, fmt, produces) == expected


@pytest.mark.parametrize(("output", "fmt", "produces"), [
    ("s.pdf", "png", ("pdf", "svg", "png")),
    ("scores.json", None, ("pdf",)),
    ("s.csv", "svg", ("pdf", "svg", "png")),
])
def test_a_contradicting_extension_is_a_usage_error(output: str, fmt: str | None,
                                                     produces: tuple[str, ...]) -> None:
    with pytest.raises(click.UsageError):
        choose_format(Path(output), fmt, produces)


def test_long_seeds_are_hashed_in_names() -> None:
    assert safe_name("4711") == "4711"
    long = safe_name("9" * 1000)
    assert len(long) <= 24 and long.startswith("99999999-")
    assert safe_name("9" * 999 + "8") != long


def test_stale_temporaries_of_dead_processes_are_removed(tmp_path: Path) -> None:
    """Only this program's own temporaries (named as only it names them) whose process
    is gone are removed: files of similar names are someone else's, however old."""
    target = tmp_path / "out.pdf"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    pid = dead.stdout.strip()
    stale = tmp_path / f".out.pdf.sheetgen-{pid}-0123abcd.tmp"
    live = tmp_path / f".out.pdf.sheetgen-{os.getpid()}-0123abcd.tmp"
    other = tmp_path / f".other.pdf.sheetgen-{pid}-0123abcd.tmp"
    foreign = [tmp_path / name for name in (
        ".out.pdf.x1y2.tmp", ".out.pdf.mine.tmp", ".out.pdf.99999999.backup.tmp",
        f".out.pdf.{pid}.abcd.tmp", f".out.pdf.sheetgen-{pid}-0123abcd.backup.tmp",
        f".out.pdf.sheetgen-{pid}-0123ABCD.tmp", f".out.pdf.sheetgen-0{pid}-0123abcd.tmp",
        f".out.pdf.sheetgen-{pid}-0123abcd.tmp.tmp")]
    hour_ago = time.time() - 3600
    for p in (stale, live, other, *foreign):
        p.write_bytes(b"half")
        os.utime(p, (hour_ago, hour_ago))
    assert remove_stale_temporaries(target) == [stale]
    assert live.exists() and other.exists() and all(p.exists() for p in foreign)
    write_atomically(target, b"whole")  # the next run cleans up as well
    assert target.read_bytes() == b"whole"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".out.pdf.")) == \
        sorted(p.name for p in (live, *foreign))


@given(st.text(alphabet="0123456789abcdefsheting-.ABC", max_size=40))
def test_only_names_this_program_writes_are_its_temporaries(middle: str) -> None:
    """A name is this program's temporary exactly when it is what the writer makes."""
    from sheetgen.output import _tmp_name, _tmp_owner

    target = Path("out.pdf")
    name = f".out.pdf.{middle}.tmp"
    owner = _tmp_owner(target, name)
    found = re.fullmatch(r"sheetgen-([1-9][0-9]{0,9})-[0-9a-f]{8}", middle)
    assert owner == (int(found.group(1)) if found else None)
    assert _tmp_owner(target, _tmp_name(target)) == os.getpid()


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_between_write_and_rename_leaves_nothing(tmp_path: Path,
                                                          signum: int) -> None:
    target = tmp_path / "out.pdf"
    script = textwrap.dedent(f"""
        import os, signal, sys
        sys.path.insert(0, {str(ROOT)!r})
        from pathlib import Path
        import sheetgen.output as common
        real = os.replace
        def replace(a, b):
            os.kill(os.getpid(), {int(signum)})
            real(a, b)
        common.os.replace = replace
        common.write_atomically(Path({str(target)!r}), b"x" * 100000)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=60)
    assert done.returncode == -signum, done.stderr
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_between_write_and_rename_leaves_nothing(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    def interrupted(a: object, b: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomically(tmp_path / "out.pdf", b"data")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("tty", "after_s", "shown"), [
    (False, 0.0, False), (True, 0.0, True), (True, 3600.0, False)])
def test_progress_bar_only_on_a_terminal_and_only_for_long_runs(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tty: bool, after_s: float, shown: bool) -> None:
    from sheetgen.cli.common import progress_callback

    monkeypatch.setattr(sys.stderr, "isatty", lambda: tty)
    step = progress_callback(5, "Scoring", after_s=after_s)
    for name in "abcde":
        step(name)
    captured = capsys.readouterr()
    assert captured.out == ""
    assert ("Scoring" in captured.err) is shown


@pytest.mark.parametrize(("tty", "after_s", "shown"), [
    (False, 0.0, False), (True, 0.0, True), (True, 3600.0, False)])
def test_a_long_item_says_what_it_does_only_on_a_terminal(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tty: bool, after_s: float, shown: bool) -> None:
    # A board whose scoring runs long: its line names the player and what the solver
    # does, and is cleared when the board is done.
    from sheetgen.cli.common import progress_callback

    monkeypatch.setattr(sys.stderr, "isatty", lambda: tty)
    bar = progress_callback(1, "Scoring", after_s=after_s)
    bar.working("Alice: proving the best route")
    time.sleep(0.6)
    bar("Alice")
    err = capsys.readouterr().err
    assert ("Alice: proving the best route" in err) is shown
    if shown:
        assert err.endswith("\r\x1b[K") or "\r\x1b[K" in err
