"""Dice Trip ``check``: its verdicts against a plainly written oracle, its hardest boards,
and its budget.

The oracle reads the rules round by round, in order: a round writes nothing, one number
from any two of its dice, or two numbers from a split of its dice (with the die-twice
power, two pairs sharing a die), its dice possibly re-rolled; each power at most once. It
remembers nothing but what it has already answered, and knows no bound.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheetgen.games.boards import read_boards
from sheetgen.games.dicetrip import check as trip_check
from sheetgen.games.dicetrip.check import check_trip_board
from sheetgen.games.dicetrip.rules import DICE_COLOURS, TripScript, make_script
from sheetgen.maps import find_map
from sheetgen.model import Board, Cell, CellKind

GERMANY = find_map("germany")
HARD = Path(__file__).resolve().parents[2] / "data" / "boards" / "hard"


def _numbers(a: int, b: int) -> set[int]:
    return {10 * a + b, 10 * b + a}


def oracle(script: TripScript, board: Board) -> bool:
    """Could the board's numbers have been written in ``script``? Round by round."""
    tokens = []
    for space in GERMANY.spaces:
        cell = board.cells.get(space.id)
        if cell is None or cell.kind is not CellKind.NUMBER:
            continue
        die = DICE_COLOURS.index(space.colour) if cell.circled and space.colour else None
        tokens.append((cell.value, die))
    if len({v for v, _ in tokens}) < len(tokens):
        return False
    rounds = script.rounds

    def fits(token: int, dice: tuple[int, ...], i: int, j: int) -> bool:
        value, die = tokens[token]
        return value in _numbers(dice[i], dice[j]) and (die is None or die in (i, j))

    @cache
    def can(r: int, left: frozenset[int], reroll: bool, double: bool) -> bool:
        if not left:
            return True
        if r == len(rounds):
            return False
        if can(r + 1, left, reroll, double):  # the round writes crosses only
            return True
        rnd = rounds[r]
        rolls = [(rnd.dice, False)]
        if reroll:
            for mask in range(1, 16):
                rolls.append((tuple(rnd.alternatives[i] if mask >> i & 1 else rnd.dice[i]
                                    for i in range(4)), True))
        for dice, rerolled in rolls:
            free = reroll and not rerolled
            for i, j in combinations(range(4), 2):  # one number, any two dice
                for t in left:
                    if fits(t, dice, i, j) and can(r + 1, left - {t}, free, double):
                        return True
            if rnd.last:
                continue
            pairings = [((a, b), tuple(k for k in range(4) if k not in (a, b)))
                        for a, b in ((0, 1), (0, 2), (0, 3))]
            for (p, q) in pairings:
                for x in left:
                    for y in left - {x}:
                        if fits(x, dice, *p) and fits(y, dice, *q) and can(
                                r + 1, left - {x, y}, free, double):
                            return True
            if not double:
                continue
            for twice in range(4):
                for b, c in combinations([k for k in range(4) if k != twice], 2):
                    for x in left:
                        for y in left - {x}:
                            if fits(x, dice, twice, b) and fits(y, dice, twice, c) and can(
                                    r + 1, left - {x, y}, free, False):
                                return True
        return False

    return can(0, frozenset(range(len(tokens))), True, True)


def _makeable(script: TripScript) -> list[int]:
    out: set[int] = set()
    for rnd in script.rounds:
        for dice in (rnd.dice, rnd.alternatives):
            for i, j in combinations(range(4), 2):
                out |= _numbers(dice[i], dice[j])
    return sorted(out)


def _board(script: TripScript, rng: random.Random, count: int) -> Board:
    """``count`` distinct numbers the script's dice could make, in random cities; some in
    parentheses."""
    values = rng.sample(_makeable(script), min(count, len(_makeable(script))))
    cities = rng.sample(GERMANY.space_ids, len(values))
    cells = {c: Cell.number(v, GERMANY.space(c).colour is not None and rng.random() < 0.3)
             for c, v in zip(cities, values, strict=True)}
    return Board("germany", "T", cells)


def _explained(script: TripScript, board: Board, got: trip_check.TripCheck) -> None:
    """A legal verdict's explanation uses each round once, each power once, and covers
    every number."""
    rounds = [r for r, _ in got.rounds]
    assert len(rounds) == len(set(rounds))
    assert all(len(c) <= (1 if r == 13 else 2) for r, c in got.rounds)
    cities = sorted(c for _, cs in got.rounds for c in cs)
    assert cities == sorted(s for s, cell in board.cells.items() if cell.value is not None)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(1, 9), st.randoms(use_true_random=False),
       st.booleans())
def test_verdicts_agree_with_the_oracle(seed: int, count: int, rng: random.Random,
                                        quick: bool) -> None:
    """On boards of up to nine numbers the dice could make, ``check`` says legal exactly
    when the oracle does; with no quick search, the search with the powers' rounds fixed
    decides alone. An illegal board names the first city whose number cannot join the
    ones before it."""
    script = make_script("germany", seed)
    board = _board(script, rng, count)
    with pytest.MonkeyPatch.context() as patch:
        if not quick:
            patch.setattr(trip_check, "QUICK_STATES", 0)
        got = check_trip_board(GERMANY, script, board)
    assert got.decided
    assert got.legal == oracle(script, board), got.problem
    if got.legal:
        _explained(script, board, got)
        return
    # the named city: its number and those before it (map order) cannot all be explained,
    # those before it can
    order = [s.id for s in GERMANY.spaces if s.id in board.cells]
    assert got.space in order
    cut = order.index(got.space)
    before = {s: board.cells[s] for s in order[:cut]}
    assert oracle(script, Board("germany", "T", before))
    assert not oracle(script, Board("germany", "T", {**before,
                                                      got.space: board.cells[got.space]}))


def _hard_boards(game: str) -> list[tuple[Path, int, Board]]:
    """The boards of ``tests/data/boards/hard/`` for ``game``'s map: each was made for a
    game it does not come from, and was once among the slowest to decide."""
    out = []
    for path in sorted(HARD.glob(f"{game}-seed-*.csv")):
        seed = int(path.stem.split("-seed-")[1])
        _, _, boards = read_boards((path,), None, None)
        out += [(path, seed, b) for b in boards]
    return out


@pytest.mark.parametrize(("path", "seed", "board"), _hard_boards("germany"),
                         ids=lambda v: v.name if isinstance(v, Path) else "")
def test_the_hardest_boards_known_are_decided_in_a_few_thousand_states(
        path: Path, seed: int, board: Board) -> None:
    """Each took 3-17 s (up to 322,863 states) with the search of before; the verdict now
    takes a few thousand states, naming the city included."""
    got = check_trip_board(GERMANY, make_script("germany", seed), board)
    assert got.decided and not got.legal
    assert got.space is not None and "cannot be explained" in got.problem
    assert got.states <= 10_000


def test_past_its_budget_a_board_is_undecided_never_illegal() -> None:
    path, seed, board = _hard_boards("germany")[0]
    script = make_script("germany", seed)
    got = check_trip_board(GERMANY, script, board, budget=50)
    assert not got.decided and not got.legal and got.states <= 50
    assert got.problem.startswith("undecided")
    assert check_trip_board(GERMANY, script, board, budget=None).decided


def test_a_legal_board_needs_few_states() -> None:
    from sheetgen.games.dicetrip.player import play_random

    for seed in range(6):
        script = make_script("germany", seed)
        got = check_trip_board(GERMANY, script, play_random(GERMANY, script, seed), budget=300)
        assert got.decided and got.legal
