"""Every board the benchmarks make, scored by ``best_route`` and by the textbook constraint
model built straight from the map and the board (``board_oracle``): the same score, both
proven, and the solver's route legal by the independent check. A score below the best
printed as proven optimal is the worst thing the scorer can do (it did, on Paris seed 3,
long runs, board 35), so this runs on every class of ``benchmarks/bench_score.py`` (seed
1, and seeds 1-3 of the long runs) and of ``benchmarks/adversarial.py`` (seed 1)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

pytest.importorskip("ortools")

BENCHMARKS = Path(__file__).resolve().parents[3] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

from adversarial import CLASSES, classes_for  # noqa: E402
from bench_score import KINDS  # noqa: E402
from board_oracle import oracle_score  # noqa: E402

from sheetgen.games.ontour.score import best_route  # noqa: E402
from sheetgen.games.ontour.verify import check_route  # noqa: E402
from sheetgen.maps import find_map  # noqa: E402
from sheetgen.model import Board, Map  # noqa: E402

MAPS = ("usa", "europe", "paris")
BOARDS = 200
"""bench_score.py's default --boards: its classes' counts are shares of it."""
ADVERSARIAL_BOARDS = 20
"""adversarial.py's default --boards per class."""


def _agree(game_map: Map, board: Board) -> None:
    result = best_route(game_map, board)
    low, high = oracle_score(game_map, board)
    assert result.proven_optimal
    assert low <= result.score <= high, f"{board.player}: {result.score}, oracles {low}-{high}"
    if not game_map.docks:
        assert low == high
    checked = check_route(game_map, board, result.route, result.rides)
    assert checked.score == result.score


def _bench_cases() -> list[tuple[str, str, int]]:
    cases = [(m, kind, 1) for m in MAPS for kind, *_ in KINDS]
    cases += [(m, "equal-runs", seed) for m in MAPS for seed in (2, 3)]
    return cases


@pytest.mark.slow
@pytest.mark.parametrize(("map_id", "kind", "seed"), _bench_cases())
def test_benchmark_boards_agree_with_the_model(map_id: str, kind: str, seed: int) -> None:
    game_map = find_map(map_id)
    maker, share = next((k[1], k[2]) for k in KINDS if k[0] == kind)
    rng = random.Random(f"{seed}-{map_id}-{kind}")  # bench_score.py's boards
    for i in range(max(3, int(BOARDS * share))):
        _agree(game_map, maker(game_map, rng, i))


@pytest.mark.slow
@pytest.mark.parametrize(("map_id", "name"),
                         [(m, c) for m in MAPS for c in classes_for(find_map(m))])
def test_adversarial_boards_agree_with_the_model(map_id: str, name: str) -> None:
    game_map = find_map(map_id)
    rng = random.Random(f"1-{map_id}-{name}")  # adversarial.py's boards, seed 1
    for i in range(ADVERSARIAL_BOARDS):
        _agree(game_map, CLASSES[name](game_map, rng, i))
