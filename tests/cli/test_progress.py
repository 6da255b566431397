"""Every command that can run for more than two seconds shows a progress bar on a
terminal (and only there): drawing and converting pages, building a kit, scoring and
checking boards, searching the perfect game."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from sheetgen.cli import common, main

DATA = Path(__file__).resolve().parents[1] / "data" / "boards"
USA = str(DATA / "usa-three-players.csv")
GERMANY = str(DATA / "germany-seed-5-two-players.csv")

COMMANDS = [
    (["sheet", "usa", "-n", "3"], "Drawing the pages"),
    (["sheet", "byways"], "Drawing the pages"),
    (["sheet", "germany", "-n", "2", "--format", "png"], "Drawing the pages"),
    (["cards", "usa"], "Drawing the pages"),
    (["dice", "d10"], "Drawing the pages"),
    (["scorepad", "usa"], "Drawing the pages"),
    (["script", "usa", "--seed", "3"], "Drawing the pages"),
    (["script", "usa", "--seed", "3", "--perfect", "--work-limit", "0.3"],
     "Perfect game of usa seed 3"),
    (["kit", "germany"], "Building the kit"),
    (["score", USA], "Scoring"),
    (["score", USA], "Drawing the pages"),
    (["check", GERMANY, "--seed", "5"], "Checking"),
    (["plan", "byways", "--start", "CA", "--seed", "3"], "Drawing the pages"),
]


@pytest.mark.parametrize(("args", "label"), COMMANDS, ids=lambda v: " ".join(v)
                         if isinstance(v, list) else v)
def test_a_bar_on_a_terminal(args: list[str], label: str, tmp_path: Path,
                             monkeypatch: pytest.MonkeyPatch) -> None:
    """With stderr a terminal and the two seconds already gone (the bar's delay set to
    nothing), the command's bar appears on stderr; not a line on stdout."""
    if args[0] == "script" and "--perfect" in args:
        pytest.importorskip("ortools")
    monkeypatch.setattr(common, "_terminal", lambda: True)
    monkeypatch.setattr(common, "PROGRESS_AFTER_S", 0.0)
    out = ["-o", str(tmp_path / "out.pdf")] if args[0] not in ("check",) else []
    if args[0] == "script" and "--perfect" in args:
        out = ["-o", str(tmp_path / "out.csv")]
    if "png" in args:
        out = ["-o", str(tmp_path / "out.png")]
    result = CliRunner().invoke(main, [*args, *out])
    assert result.exit_code in (0, 3), result.output
    assert label in result.stderr
    assert label not in result.stdout


def test_no_bar_off_a_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "_terminal", lambda: False)
    monkeypatch.setattr(common, "PROGRESS_AFTER_S", 0.0)
    result = CliRunner().invoke(main, ["sheet", "usa", "-n", "3", "-o",
                                       str(tmp_path / "s.pdf")])
    assert result.exit_code == 0
    assert "Drawing the pages" not in result.stderr


def test_a_kit_counts_its_pages_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kit's bar counts a step a part, then grows by the pages it converts."""
    bar = common.progress_callback(3, "Building the kit", after_s=3600)
    bar()
    bar.grow(10)
    assert bar.total == 13 and bar.done == 1
