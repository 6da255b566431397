"""``--time-limit`` is the wall clock for the whole command, ``--work-limit`` a
deterministic budget: what reaches the search, and the options' contract."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from sheetgen.cli import main
from sheetgen.cli.common import PERFECT_FINISH_S
from sheetgen.games.ontour.entry import OnTour
from sheetgen.model import Deadline

pytest.importorskip("ortools")


@pytest.fixture
def limits(monkeypatch: pytest.MonkeyPatch) -> list[tuple[float, Any]]:
    """The limits the perfect game is asked for, with the clock when asked."""
    seen: list[tuple[float, Any]] = []
    search = OnTour.perfect

    def spy(self: OnTour, game_map: Any, script: Any, limit: Any) -> Any:
        seen.append((time.monotonic(), limit))
        quick = Deadline(time.monotonic() + 0.5, 0.5) if isinstance(limit, Deadline) else 0.2
        return search(self, game_map, script, quick)

    monkeypatch.setattr(OnTour, "perfect", spy)
    return seen


def test_the_time_limit_is_a_deadline_for_the_whole_command(
        limits: list[tuple[float, Any]], tmp_path: Path) -> None:
    began = time.monotonic()
    result = CliRunner().invoke(main, ["script", "usa", "--seed", "1", "--perfect",
                                       "--time-limit", "30", "-o", str(tmp_path / "p.csv")])
    assert result.exit_code == 0, result.output
    ((_, limit),) = limits
    assert isinstance(limit, Deadline) and limit.seconds == 30
    # counted from the command's start, less what writing the answer keeps
    assert began - 1 <= limit.at - 30 + PERFECT_FINISH_S <= began + 1


def test_a_pdf_keeps_time_for_its_pages(limits: list[tuple[float, Any]],
                                        tmp_path: Path) -> None:
    """With the PDF, the script's pages are drawn and converted before the search, and
    the search keeps for the perfect game's pages what a page took (times a factor)."""
    result = CliRunner().invoke(main, ["script", "usa", "--seed", "1", "--perfect",
                                       "--time-limit", "30", "-o", str(tmp_path / "p.pdf")])
    assert result.exit_code == 0, result.output
    ((asked, limit),) = limits
    assert isinstance(limit, Deadline)
    assert limit.at < asked + (30 - PERFECT_FINISH_S)


def test_the_work_limit_is_seconds_of_work(limits: list[tuple[float, Any]],
                                           tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["script", "usa", "--seed", "1", "--perfect",
                                       "--work-limit", "7", "-o", str(tmp_path / "p.csv")])
    assert result.exit_code == 0, result.output
    assert [limit for _, limit in limits] == [7.0]


def test_the_kit_by_the_clock_is_drawn_and_timed_before_it_searches(
        limits: list[tuple[float, Any]], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[Any] = []
    kit = OnTour.kit_parts

    def spy(self: OnTour, *args: Any, **kwargs: Any) -> Any:
        drawn.append(kwargs.get("perfect"))
        return kit(self, *args, **kwargs)

    monkeypatch.setattr(OnTour, "kit_parts", spy)
    result = CliRunner().invoke(main, ["kit", "usa", "--perfect", "--time-limit", "60",
                                       "-o", str(tmp_path / "k.pdf")])
    assert result.exit_code == 0, result.output
    ((_, limit),) = limits
    assert isinstance(limit, Deadline)
    # drawn (and converted), drawn again to time it, searched once, drawn with the answer
    assert drawn[:-1] == [None, None] and drawn[-1] is not None
    assert drawn[-1].clocked and drawn[-1].time_limit == pytest.approx(0.5)


def test_both_limits_are_a_usage_error_and_names_tell_them_apart(tmp_path: Path) -> None:
    both = CliRunner().invoke(main, ["script", "usa", "--seed", "1", "--perfect",
                                     "--time-limit", "5", "--work-limit", "5"])
    assert both.exit_code == 2 and "choose one" in both.output
    from sheetgen.output import perfect_tag

    assert perfect_tag(60.0) == "-perfect"
    assert perfect_tag(20.0) == "-perfect-20s"
    assert perfect_tag(20.0, work=True) == "-perfect-work-20s"
    assert perfect_tag(60.0, work=True) == "-perfect-work-60s"


def test_help_says_what_each_limit_means() -> None:
    for command in ("script", "kit"):
        text = CliRunner().invoke(main, [command, "--help"]).output
        assert "Wall-clock seconds for the whole command" in " ".join(text.split())
        assert "same answer everywhere" in " ".join(text.split())
