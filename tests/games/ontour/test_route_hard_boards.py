"""The hardest boards found so far (tests/data/boards/adversarial/: by the adversarial
search of ``benchmarks/adversarial.py``, its classes and its hill climber), each scored
by ``sheetgen score``: proven, equal to the textbook constraint model built straight
from the map and the board (``board_oracle``), a legal route by the independent check,
the search within its budgets between the model's turns, and the command's memory
under 200 MB. On the maps without rides also the pure way (no OR-Tools): the sweep."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("ortools")

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "benchmarks"))

from adversarial import peak_memory  # noqa: E402
from board_oracle import oracle_score  # noqa: E402

from sheetgen.games.ontour import route  # noqa: E402
from sheetgen.games.ontour.grammar import parse_boards  # noqa: E402
from sheetgen.games.ontour.route import cpsat  # noqa: E402
from sheetgen.games.ontour.score import best_route  # noqa: E402
from sheetgen.games.ontour.verify import check_route  # noqa: E402
from sheetgen.maps import find_map  # noqa: E402
from sheetgen.model import Board, Map  # noqa: E402

BOARDS = sorted((ROOT / "tests" / "data" / "boards" / "adversarial").glob("*.csv"))
MEMORY_MB = 200


def _read(path: Path) -> tuple[Map, Board]:
    (board,) = parse_boards(path.read_text(encoding="utf-8"), str(path))[1]
    return find_map(board.map_id), board


@pytest.mark.slow
@pytest.mark.parametrize("path", BOARDS, ids=[p.stem for p in BOARDS])
def test_hard_board_is_proven_and_agrees_with_the_model(path: Path) -> None:
    game_map, board = _read(path)
    result = best_route(game_map, board)
    assert result.proven_optimal
    # The search keeps to its budgets (a run's search may end a pass).
    assert result.states <= max(states for _, states in route.ALTERNATION if states) + 200
    low, high = oracle_score(game_map, board)
    assert low <= result.score <= high
    if not game_map.docks:
        assert low == high
    assert check_route(game_map, board, result.route, result.rides).score == result.score


@pytest.mark.slow
@pytest.mark.parametrize("path", BOARDS, ids=[p.stem for p in BOARDS])
def test_scoring_a_hard_board_keeps_to_its_memory(path: Path) -> None:
    seconds, mb = peak_memory(path)
    assert mb < MEMORY_MB, f"{path.name}: {mb:.0f} MB in {seconds:.1f} s"


PURE = [p for p in BOARDS if not _read(p)[0].docks]


@pytest.mark.slow
@pytest.mark.parametrize("path", PURE, ids=[p.stem for p in PURE])
def test_hard_board_without_ortools_is_proven_the_same(path: Path,
                                                       monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    game_map, board = _read(path)
    with_model = best_route(game_map, board)
    monkeypatch.setattr(cpsat, "available", lambda: False)
    pure = best_route(game_map, board)
    assert pure.proven_optimal
    assert pure.score == with_model.score
    assert check_route(game_map, board, pure.route, pure.rides).score == pure.score
