"""The perfect game by the clock (a ``Deadline``) or by deterministic work (seconds of
work): which limit each part of the search gets."""

from __future__ import annotations

import time
from typing import Any

import pytest

pytest.importorskip("ortools")

from sheetgen.games.ontour import perfect  # noqa: E402
from sheetgen.games.ontour.check import check_board  # noqa: E402
from sheetgen.games.ontour.perfect_bound import (  # noqa: E402
    CLOCK_EVERY,
    perfect_upper_bound,
)
from sheetgen.games.ontour.rules import make_script  # noqa: E402
from sheetgen.maps import find_map  # noqa: E402
from sheetgen.model import Deadline  # noqa: E402

USA = find_map("usa")


def _spy(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[Any]]:
    """Record the limits the searches and the bound are given."""
    seen: dict[str, list[Any]] = {"search": [], "bound": []}
    search, bound = perfect._search, perfect_upper_bound

    def spy_search(cp_model: Any, m: Any, work: float | None, seed: int,
                   seconds: float | None = None) -> Any:
        seen["search"].append((work, seconds))
        return search(cp_model, m, work, seed, seconds)

    def spy_bound(*args: Any, **kwargs: Any) -> Any:
        seen["bound"].append((kwargs.get("budget"), kwargs.get("deadline")))
        return bound(*args, **kwargs)

    monkeypatch.setattr(perfect, "_search", spy_search)
    monkeypatch.setattr("sheetgen.games.ontour.perfect_bound.perfect_upper_bound", spy_bound)
    return seen


def test_seconds_of_work_are_deterministic_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _spy(monkeypatch)
    perfect.perfect_game(USA, make_script(USA, 1), 0.4)
    work = 0.4 * (1 - perfect.BOUND_SHARE) * perfect.WORK_PER_SECOND
    assert seen["search"] == [(pytest.approx(work), None)] * len(perfect.SEARCH_SEEDS)
    ((budget, deadline),) = seen["bound"]
    assert deadline is None
    assert budget == int(0.4 * perfect.BOUND_SHARE * perfect.BOUND_STATES_PER_SECOND)


def test_a_deadline_gives_wall_clock_limits_that_end_by_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """By the clock the searches get a wall-time limit (no work limit) from what is left
    once the model is built, and the bound and the patches stop at the deadline less the
    time kept for the final checks; the board is still legal."""
    seen = _spy(monkeypatch)
    script = make_script(USA, 1)
    start = time.monotonic()
    clock = Deadline(start + 6.0, 6.0)
    result = perfect.perfect_game(USA, script, clock)
    assert check_board(USA, script, result.board, None).legal
    assert result.upper_bound >= result.score
    for work, seconds in seen["search"]:
        assert work is None
        assert 0 <= seconds <= (6.0 - perfect.FINISH_S) * (1 - perfect.BOUND_SHARE) + 1e-6
    ((budget, deadline),) = seen["bound"]
    assert deadline == pytest.approx(clock.at - perfect.FINISH_S)
    assert budget >= 10**9


def test_a_deadline_already_passed_still_answers_with_the_par_board() -> None:
    script = make_script(USA, 2)
    result = perfect.perfect_game(USA, script, Deadline(time.monotonic() - 1.0, 1.0))
    assert check_board(USA, script, result.board, None).legal
    assert result.score >= 0 and result.upper_bound >= result.score


def test_the_bound_stops_at_its_deadline() -> None:
    """Given a deadline already passed, the bound's programme reads the clock within
    ``CLOCK_EVERY`` states and answers with the bound it has (no better than the score
    it was told of)."""
    script = make_script(USA, 3)
    got = perfect_upper_bound(USA, script, known=10, budget=10**12,
                              deadline=time.monotonic() - 1.0)
    assert got.states <= 2 * CLOCK_EVERY
    assert got.value >= 10
