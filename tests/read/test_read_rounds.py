"""Dice Trip sheets read under the seed's rounds: the sure numbers must be a legal part of
a board of the seeded game (the game's own check), or the ones the rounds cannot explain
are doubtful; and a doubtful cell is settled where the rounds make only one of its
readings."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("cv2")

from sheetgen.games.dicetrip.check import check_trip_board  # noqa: E402
from sheetgen.games.dicetrip.player import play  # noqa: E402
from sheetgen.games.dicetrip.rules import make_script  # noqa: E402
from sheetgen.maps import find_map  # noqa: E402
from sheetgen.model import Board, Cell, CellKind  # noqa: E402
from sheetgen.read.cells import Reading  # noqa: E402
from sheetgen.read.sheet import (  # noqa: E402
    CHOICE_BUDGET,
    ROUNDS_BUDGET,
    ROUNDS_CHOSE,
    ROUNDS_FIRST,
    ROUNDS_TOTAL,
    ROUNDS_WHY,
    rounds_choose,
    rounds_suspects,
)

GERMANY = find_map("germany")


def played(seed: int) -> dict[str, Cell]:
    return dict(play(GERMANY, make_script("germany", seed)).board.cells)


def readings(cells: dict[str, Cell], confidence: float = 0.99) -> list[Reading]:
    return [Reading(space, cell, confidence, False, cell.text)
            for space, cell in sorted(cells.items())]


def sure_numbers_legal(seed: int, out: list[Reading]) -> bool:
    cells = {r.space: r.cell for r in out if not r.doubtful and r.cell is not None
             and r.cell.kind is CellKind.NUMBER}
    return check_trip_board(GERMANY, make_script("germany", seed),
                            Board("germany", "sheet", cells), None).legal


def other_number(cells: dict[str, Cell], seed: int, legal: bool, budget: int
                 ) -> tuple[str, Cell] | None:
    """A cell of the board and another number for it (one no other cell holds) with which
    the whole board is legal (``legal``) or provably not, within ``budget`` states."""
    script = make_script("germany", seed)
    taken = {c.value for c in cells.values()}
    for space, cell in sorted(cells.items()):
        if cell.kind is not CellKind.NUMBER or cell.circled:
            continue
        for value in (10 * a + b for a in range(1, 7) for b in range(1, 7)):
            if value in taken:
                continue
            other = Cell.number(value)
            verdict = check_trip_board(GERMANY, script,
                                       Board("germany", "x", dict(cells, **{space: other})),
                                       budget)
            if verdict.decided and verdict.legal == legal:
                return space, other
    return None


def misread(cells: dict[str, Cell], seed: int) -> tuple[str, dict[str, Cell]]:
    """The board with one number read as another that makes it illegal, provably within
    the states the reader gives a sheet's first check."""
    found = other_number(cells, seed, False, ROUNDS_FIRST)
    assert found is not None, "no misreading makes this board illegal"
    space, wrong = found
    return space, dict(cells, **{space: wrong})


@pytest.mark.parametrize("seed", [3, 41, 2026])
def test_a_legal_reading_is_left_as_it_is(seed: int) -> None:
    read = readings(played(seed))
    assert rounds_suspects(GERMANY, make_script("germany", seed), read) == read


@pytest.mark.parametrize("seed", [3, 41, 2026])
def test_a_number_the_rounds_cannot_make_with_the_others_is_doubtful(seed: int) -> None:
    space, wrong = misread(played(seed), seed)
    out = rounds_suspects(GERMANY, make_script("germany", seed), readings(wrong))
    by_space = {r.space: r for r in out}
    assert by_space[space].doubtful and by_space[space].why == ROUNDS_WHY
    assert by_space[space].guess == wrong[space].text  # the guess is kept for the review
    assert sure_numbers_legal(seed, out)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000),
       changes=st.lists(st.tuples(st.integers(0, 24), st.integers(11, 66),
                                  st.floats(0.0, 1.0), st.booleans()), max_size=4))
def test_what_stays_sure_is_always_a_legal_part_of_a_board(
        seed: int, changes: list[tuple[int, int, float, bool]]) -> None:
    """Hostile readings (numbers changed to anything, any confidences, some already
    doubtful): cells only ever become doubtful, never change, and the sure numbers left
    are legal, unless the bounded search gave up and left the readings as they were."""
    cells = played(seed)
    spaces = sorted(cells)
    read = readings(cells)
    for index, value, confidence, doubtful in changes:
        space = spaces[index % len(spaces)]
        cell = Cell.number(value) if value % 10 and value % 10 < 7 else Cell.cross()
        read[spaces.index(space)] = Reading(space, cell, confidence, doubtful, cell.text)
    out = rounds_suspects(GERMANY, make_script("germany", seed), read)
    assert [(r.space, r.cell, r.guess) for r in out] == [(r.space, r.cell, r.guess)
                                                         for r in read]
    assert all(o.doubtful for o, r in zip(out, read, strict=True) if r.doubtful)
    assert sure_numbers_legal(seed, out) or out == read


def test_a_sheet_is_settled_within_its_budget() -> None:
    """Boards with up to five numbers misread: the search stays within its states for a
    sheet (about half a second of CPU; states, not seconds: the check counts them)."""
    import random

    from sheetgen.games.dicetrip import check

    counted: list[int] = []
    real = check.check_trip_board

    def counting(*args: object, **kwargs: object) -> check.TripCheck:
        verdict = real(*args, **kwargs)  # type: ignore[arg-type]
        counted.append(verdict.states)
        return verdict

    check.check_trip_board = counting  # type: ignore[assignment]
    try:
        for seed in range(12):
            rng = random.Random(seed)
            read = readings(played(seed))
            for k in rng.sample(range(len(read)), rng.randint(1, 5)):
                value = 10 * rng.randint(1, 6) + rng.randint(1, 6)
                read[k] = Reading(read[k].space, Cell.number(value), rng.uniform(0.95, 1.0),
                                  False, str(value))
            counted.clear()
            rounds_suspects(GERMANY, make_script("germany", seed), read)
            assert sum(counted) <= ROUNDS_TOTAL + ROUNDS_BUDGET
    finally:
        check.check_trip_board = real


@pytest.mark.parametrize("seed, legal", [(3, False), (41, False), (2026, False), (3, True),
                                         (41, True)])
def test_the_rounds_settle_a_doubtful_cell_where_only_one_of_its_readings_fits(
        seed: int, legal: bool) -> None:
    """A cell read 60:40 between another number and the number written. Where the other
    number makes the board illegal, the rounds choose the one written, surely; where both
    make a legal board, the cell stays as it was."""
    cells = played(seed)
    found = other_number(cells, seed, legal, CHOICE_BUDGET)
    assert found is not None
    space, other = found
    read = [Reading(r.space, r.cell, 0.6, True, other.text, "unsure (0.60)",
                    ((other, 0.6), (r.cell, 0.4))) if r.space == space else r
            for r in readings(cells)]
    out = rounds_choose(GERMANY, make_script("germany", seed), read)
    if legal:
        assert out == read
        return
    chosen = {r.space: r for r in out}[space]
    assert not chosen.doubtful and chosen.cell == cells[space]
    assert chosen.why == ROUNDS_CHOSE and chosen.confidence >= 0.95


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000),
       doubts=st.lists(st.tuples(st.integers(0, 24),
                                 st.lists(st.tuples(st.integers(11, 66), st.floats(0.01, 1.0)),
                                          min_size=1, max_size=5)), max_size=5))
def test_what_the_rounds_choose_is_always_one_of_a_cell_s_readings_and_legal(
        seed: int, doubts: list[tuple[int, list[tuple[int, float]]]]) -> None:
    """Hostile doubtful cells (any readings, any weights): sure cells never change, a cell
    made sure takes one of its own readings, and the sure numbers are then a legal part of
    a board, unless a bounded check was not settled."""
    cells = played(seed)
    spaces = sorted(cells)
    read = readings(cells)
    for index, options in doubts:
        k = index % len(spaces)
        total = sum(p for _, p in options)
        weighed = tuple(sorted(((Cell.number(v) if v % 10 and v % 10 < 7 else Cell.cross(),
                                 p / total) for v, p in options), key=lambda o: -o[1]))
        read[k] = Reading(spaces[k], None, 0.5, True, "", "unsure (0.50)", weighed)
    out = rounds_choose(GERMANY, make_script("germany", seed), read)
    for before, after in zip(read, out, strict=True):
        if not before.doubtful:
            assert after == before
        elif not after.doubtful:
            assert after.cell in [c for c, _ in before.alternatives]
    sure = {r.space: r.cell for r in out if not r.doubtful and r.cell is not None}
    verdict = check_trip_board(GERMANY, make_script("germany", seed),
                               Board("germany", "sheet", sure), CHOICE_BUDGET)
    assert verdict.legal or not verdict.decided or out == read
