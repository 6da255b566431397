"""The built-in player: full legal boards, determinism, the path evaluation, a baseline."""

from __future__ import annotations

import random

import pytest

from sheetgen.games.ontour.players.game import legal_moves, play, setup_cells
from sheetgen.games.ontour.players.planner import (
    BREAK,
    FirstFitPlayer,
    PlannerPlayer,
    gap_fill,
    long_paths,
    path_value,
)
from sheetgen.games.ontour.rules import make_script
from sheetgen.games.ontour.score import best_route
from sheetgen.maps import find_map
from sheetgen.model import Cell, CellKind

SEEDS = range(8)


@pytest.fixture(scope="module")
def games():
    """Eight games of the built-in player (slow: the tests that read them are marked)."""
    usa = find_map("usa")
    return {seed: play(usa, make_script(usa, seed), PlannerPlayer()) for seed in SEEDS}


@pytest.mark.slow
def test_boards_are_full_and_keep_the_setup(games) -> None:
    usa = find_map("usa")
    for seed, game in games.items():
        assert set(game.board.cells) == set(usa.space_ids)
        for space, cell in setup_cells(make_script(usa, seed)).items():
            assert game.board.cells[space] == cell
        assert len(game.moves) == len(make_script(usa, seed).turns)


@pytest.mark.slow
def test_same_seed_same_board(games) -> None:
    usa = find_map("usa")
    assert play(usa, make_script(usa, 3), PlannerPlayer()).board == games[3].board


@pytest.mark.slow
def test_beats_the_first_fit_baseline(games) -> None:
    usa = find_map("usa")
    planner = [best_route(usa, games[s].board).score for s in SEEDS]
    baseline = [best_route(usa, play(usa, make_script(usa, s), FirstFitPlayer()).board).score
                for s in SEEDS]
    assert sum(planner) > sum(baseline) + 12 * len(SEEDS)
    # The path evaluation without the dice odds and the charge for short gaps averaged
    # 24.25 on these seeds; with them 27.9; with the end game scored by the solver 28.4.
    assert sum(planner) / len(planner) >= 28


@pytest.mark.slow
def test_the_solver_scored_end_game_gains(games) -> None:
    usa = find_map("usa")
    with_end = sum(best_route(usa, games[s].board).score for s in SEEDS)
    path_only = sum(best_route(usa, play(usa, make_script(usa, s),
                                         PlannerPlayer(endgame=0)).board).score for s in SEEDS)
    # 225 against 223 on these seeds (227 while the route solver's budgeted answers on
    # the end game's wild boards were more often short of the best: the solver now gives
    # the best on 206 of those 238 calls instead of 199, and never less).
    assert with_end >= path_only + 2


def test_long_paths_are_simple_paths_of_the_map() -> None:
    usa = find_map("usa")
    paths = long_paths(usa)
    assert len(paths[0]) == len(usa.spaces)  # the USA board has a path through every state
    edges = set(usa.edges)
    for path in paths:
        assert len(set(path)) == len(path)
        for a, b in zip(path, path[1:], strict=False):
            assert (min(a, b), max(a, b)) in edges


def _brute_path_value(path, cells, left) -> float:
    """Oracle: every stretch that cannot be extended either way, scored plainly."""
    def ok(i: int, j: int) -> bool:
        seg = [cells.get(s) for s in path[i:j + 1]]
        if any(c is not None and c.kind is CellKind.CROSS for c in seg):
            return False
        nums = [c.value for c in seg if c is not None and c.kind is CellKind.NUMBER]
        return nums == sorted(nums)

    best, n = 0.0, len(path)
    for i in range(n):
        for j in range(i, n):
            if not ok(i, j) or (i > 0 and ok(i - 1, j)) or (j < n - 1 and ok(i, j + 1)):
                continue
            value, last, k, inner = 0.0, 0, 0, False
            for c in (cells.get(s) for s in path[i:j + 1]):
                if c is None:
                    k += 1
                elif c.kind is CellKind.STAR:
                    value += 1 + c.circled
                else:
                    filled, short = gap_fill(k, last, c.value, left)
                    value += filled + 1 + c.circled - (BREAK * short if inner else 0)
                    last, k, inner = c.value, 0, True
            best = max(best, value + gap_fill(k, last, 99, left)[0])
    return best


def test_gap_fill_is_a_poisson_expectation() -> None:
    # Plain sum over the Poisson distribution of fitting arrivals: E[min(k, N)].
    from math import exp, factorial

    from sheetgen.games.ontour.players.planner import REACH, fitting_numbers
    assert fitting_numbers(0, 99) == 90 and fitting_numbers(10, 19) == 9
    for k, lo, hi, left in [(1, 0, 99, 10), (3, 20, 40, 12), (5, 50, 52, 30), (2, 9, 9, 4)]:
        lam = REACH * left * fitting_numbers(lo, hi) / 100
        oracle = sum(min(k, n) * exp(-lam) * lam ** n / factorial(n) for n in range(80))
        filled, short = gap_fill(k, lo, hi, left)
        assert filled == pytest.approx(oracle) and short == pytest.approx(k - oracle)
    assert gap_fill(0, 0, 99, 10) == (0.0, 0.0)


def test_path_value_matches_a_brute_force_oracle() -> None:
    rng = random.Random(1)
    for _ in range(1500):
        path = [f"s{i}" for i in range(rng.randrange(1, 12))]
        cells = {}
        for s in path:
            r = rng.random()
            if r < 0.3:
                continue
            if r < 0.4:
                cells[s] = Cell.star(rng.random() < 0.3)
            elif r < 0.5:
                cells[s] = Cell.cross()
            else:
                cells[s] = Cell.number(rng.randrange(100), rng.random() < 0.3)
        left = rng.randrange(30)
        assert path_value(path, cells, left) == pytest.approx(
            _brute_path_value(path, cells, left))


def test_legal_moves_respect_regions_and_distinct_cards() -> None:
    usa = find_map("usa")
    script = make_script(usa, 5)
    cells = setup_cells(script)
    turn = next(t for t in script.turns if not t.star)
    empty = [s for s in usa.space_ids if s not in cells]
    moves = legal_moves(usa, turn, empty)
    assert moves
    for move in moves:
        (a, b) = move.writes
        assert a.card != b.card and a.space != b.space
        for w in move.writes:
            card = turn.cards[w.card]
            assert card.region in usa.space(w.space).regions
            assert w.cell.circled == (card.space == w.space)
        assert {a.cell.value, b.cell.value} == set(turn.numbers)
    expected = {(s, t) for i, ci in enumerate(turn.cards) for j, cj in enumerate(turn.cards)
                if i != j for s in empty if ci.region in usa.space(s).regions
                for t in empty if cj.region in usa.space(t).regions and s != t}
    assert {(m.writes[0].space, m.writes[1].space) for m in moves} == expected
