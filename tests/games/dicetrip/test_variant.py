"""The variant "one number of each ten": the points a board allows, against two plainly
written oracles that try every order of writing (docs/rules.md says when the points are
counted: after the round that first completes the six tens)."""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations, permutations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.games.dicetrip.rules import Round, TripScript, any_two, make_script, modes
from sheetgen.games.dicetrip.variant import (
    board_allows,
    board_problem,
    script_allows,
    spans,
)
from sheetgen.maps import find_map
from sheetgen.model import Board, Cell, CellKind

GERMANY = find_map("germany")
COLOURED = {s.id for s in GERMANY.spaces if s.colour}
COLOURS = ("red", "blue", "green", "yellow")


def ten_of(cell: Cell) -> int | None:
    return cell.value // 10 if cell.kind is CellKind.NUMBER and cell.value else None


def oracle_any_order(board: Board) -> set[int]:
    """Every order of the board's marks; the completing round is the completing mark and
    at most one more, before or after it, so the count is taken after the completing
    mark or after the next one."""
    values = {0}
    marks = list(board.cells)
    for order in permutations(marks):
        seen: set[int] = set()
        for i, city in enumerate(order):
            ten = ten_of(board.cells[city])
            if ten is not None:
                seen.add(ten)
            if len(seen) == 6:
                for end in (i, i + 1):
                    if end < len(order):
                        filled = sum(c in COLOURED for c in order[:end + 1])
                        values.add(len(COLOURED) - filled)
                break
    return values


@st.composite
def small_boards(draw: st.DrawFn) -> Board:
    """Six to seven marks: a number of each ten (or one missing), maybe a cross."""
    cities = draw(st.permutations([s.id for s in GERMANY.spaces]))
    tens = draw(st.lists(st.integers(1, 6), min_size=6, max_size=7))
    cells: dict[str, Cell] = {}
    used: set[int] = set()
    for city, ten in zip(cities, tens, strict=False):
        free = [10 * ten + u for u in range(1, 7) if 10 * ten + u not in used]
        if not free or draw(st.integers(0, 5)) == 0:
            cells[city] = Cell.cross()
            continue
        value = free[0]
        used.add(value)
        cells[city] = Cell.number(value)
    return Board("germany", "P", cells)


@settings(max_examples=80, deadline=None)
@given(small_boards())
def test_board_allows_every_value_some_order_gives_and_no_other(board: Board) -> None:
    assert set(board_allows(GERMANY, board)) == oracle_any_order(board)


def test_a_board_missing_a_ten_allows_only_zero() -> None:
    cells = {s.id: Cell.cross() for s in GERMANY.spaces}
    for k, city in enumerate(["Kiel", "Hamburg", "Bremen", "Hannover", "Berlin"]):
        cells[city] = Cell.number(11 * (k + 1))
    board = Board("germany", "P", cells)
    assert board_allows(GERMANY, board) == {0}
    assert board_problem(GERMANY, board, 0) is None
    problem = board_problem(GERMANY, board, 2)
    assert problem is not None and "no number of 61-66" in problem


def test_spans() -> None:
    assert spans([0, 2, 3, 4, 5, 6, 8]) == "0, 2-6, 8"
    assert spans([1, 2]) == "1, 2"


# --- against a seed's dice ------------------------------------------------------------


def round_needs(rnd: Round, written: tuple[Cell, ...], cities: tuple[str, ...]) \
        -> set[tuple[bool, bool]]:
    """The powers (re-roll, die twice) with which ``rnd`` writes exactly these numbers:
    one number from any two dice (no die twice), two from one split of the dice."""
    if not written:
        return {(False, False)}

    def makes(dice: tuple[int, ...], pair: tuple[int, int], cell: Cell, city: str) -> bool:
        a, b = dice[pair[0]], dice[pair[1]]
        colour = GERMANY.space(city).colour
        return (cell.value in (10 * a + b, 10 * b + a)
                and (not cell.circled or COLOURS.index(str(colour)) in pair))

    needs = set()
    for mode in modes(rnd.dice, rnd.alternatives, reroll=True, double=not rnd.last):
        dice = mode.dice
        if len(written) == 1 and not mode.double and any(
                makes(dice, p, written[0], cities[0]) for p in any_two(dice)):
            needs.add((mode.reroll, False))
        if len(written) == 2 and not rnd.last:
            for p, q in mode.splits:
                if ((makes(dice, p, written[0], cities[0])
                     and makes(dice, q, written[1], cities[1]))
                        or (makes(dice, q, written[0], cities[0])
                            and makes(dice, p, written[1], cities[1]))):
                    needs.add((mode.reroll, mode.double))
    return needs


def completing_round(board: Board, per_round: list[tuple[str, ...]]) -> int | None:
    """The first round after which the board holds a number of every ten."""
    seen: set[int] = set()
    for k, written in enumerate(per_round):
        seen |= {ten for c in written if (ten := ten_of(board.cells[c])) is not None}
        if len(seen) == 6:
            return k
    return None


def oracle_seeded(script: TripScript, board: Board) -> set[int]:
    """Every assignment of the board's numbers to rounds, every choice of powers (each
    once), crosses in any free places; the count after the round completing the tens."""
    numbers = [c for c in board.cells if board.cells[c].kind is CellKind.NUMBER]
    crosses = [c for c in board.cells if board.cells[c].kind is CellKind.CROSS]
    capacity = [1 if r.last else 2 for r in script.rounds]
    values = {0}
    known: dict[tuple[int, tuple[str, ...]], set[tuple[bool, bool]]] = {}

    def needs(k: int, written: tuple[str, ...]) -> set[tuple[bool, bool]]:
        if (k, written) not in known:
            known[k, written] = round_needs(script.rounds[k],
                                            tuple(board.cells[c] for c in written), written)
        return known[k, written]

    for rounds in product(range(len(script.rounds)), repeat=len(numbers)):
        per_round = [tuple(c for c, r in zip(numbers, rounds, strict=True) if r == k)
                     for k in range(len(capacity))]
        if any(len(w) > capacity[k] for k, w in enumerate(per_round)):
            continue
        options = [needs(k, w) for k, w in enumerate(per_round)]
        if not all(options):
            continue
        if not any(sum(n[0] for n in pick) <= 1 and sum(n[1] for n in pick) <= 1
                   for pick in product(*options)):
            continue
        k = completing_round(board, per_round)
        if k is None:
            continue
        before = sum(capacity[:k + 1]) - sum(len(w) for w in per_round[:k + 1])
        after = sum(capacity[k + 1:]) - sum(len(w) for w in per_round[k + 1:])
        numbered = sum(c in COLOURED for w in per_round[:k + 1] for c in w)
        for early in range(len(crosses) + 1):
            for chosen in map(frozenset, combinations(crosses, early)):
                if early <= before and len(crosses) - early <= after:
                    values.add(len(COLOURED) - numbered - len(chosen & COLOURED))
    return values


def simulated_board(seed: int) -> tuple[TripScript, Board]:
    """Five rounds of a real seed's dice, written by a random player (powers, crosses and
    parentheses included): six or seven numbers and a few crosses."""
    rng = random.Random(seed)
    script = make_script("germany", seed)
    script = TripScript("germany", seed, script.rounds[:5])
    cities = [s.id for s in GERMANY.spaces]
    rng.shuffle(cities)
    cells: dict[str, Cell] = {}
    powers = [True, True]
    for rnd in script.rounds:
        choices = list(modes(rnd.dice, rnd.alternatives, reroll=powers[0], double=powers[1]))
        mode = rng.choice(choices)
        powers = [powers[0] and not mode.reroll, powers[1] and not mode.double]
        p, q = rng.choice(mode.splits)
        for pair in (p, q):
            city = cities.pop()
            a, b = (mode.dice[pair[0]], mode.dice[pair[1]])
            tens = {c.value // 10 for c in cells.values() if c.value}
            # mostly the order that brings a new ten, so that the tens often complete
            value = 10 * a + b if (a not in tens) != (rng.random() < 0.2) else 10 * b + a
            numbers = sum(c.kind is CellKind.NUMBER for c in cells.values())
            if (value in {c.value for c in cells.values()} or numbers >= 7
                    or rng.random() < 0.1):
                cells[city] = Cell.cross()
                continue
            colour = GERMANY.space(city).colour
            circled = colour is not None and COLOURS.index(colour) in pair \
                and rng.random() < 0.5
            cells[city] = Cell.number(value, circled)
    return script, Board("germany", "P", cells)


QUICK = (0, 1, 7, 20, 35)
"""Seeds whose boards complete the tens (but 1), with bounds from above and below."""
SEEDS = [seed if seed in QUICK else pytest.param(seed, marks=pytest.mark.slow)
         for seed in range(40)]


@cache
def seeded_case(seed: int) -> tuple[TripScript, Board, frozenset[int]]:
    script, board = simulated_board(seed)
    return script, board, frozenset(oracle_seeded(script, board))


@pytest.mark.parametrize("seed", SEEDS)
def test_script_allows_exactly_what_some_legal_order_gives(seed: int) -> None:
    script, board, want = seeded_case(seed)
    got = {v for v in range(len(COLOURED) + 1) if script_allows(GERMANY, script, board, v)}
    assert got == want
    assert got <= board_allows(GERMANY, board)


def test_the_simulated_boards_reach_the_interesting_cases() -> None:
    sets = [seeded_case(seed)[2] for seed in QUICK]
    assert sum(len(s) > 1 for s in sets) >= 3  # the tens complete
    assert any(len(s) > 1 and 1 not in s for s in sets)  # a bound from below
    assert any(len(s) > 2 for s in sets)  # several values
    assert any(len(s) > 1 and max(s) < 8 for s in sets)  # and a bound below 8
