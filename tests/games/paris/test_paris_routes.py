"""Paris scoring with boat rides: a plainly written brute force that knows docks (small
maps and patches of the real map), and known-answer Paris boards worked out by hand.
Every route returned passes the independent legality check, rides included."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.games.ontour.score import best_route
from sheetgen.games.ontour.verify import IllegalRouteError, check_route
from sheetgen.maps import find_map
from sheetgen.model import Board, Cell, CellKind, Dock, Map, Space, SpaceId, make_edge


def ride_points(game_map: Map, a: SpaceId, b: SpaceId) -> int:
    letter = {d.space: d.letter for d in game_map.docks}
    return abs(ord(letter[a]) - ord(letter[b]))


def oracle(game_map: Map, board: Board) -> int:
    """Every route: walks along links, rides from a dock to another dock not straight after
    a ride; numbers (stars skipped) never fall; no club twice. The best score."""
    usable = {s.id for s in game_map.spaces
              if s.id in board.cells and board.cells[s.id].kind is not CellKind.CROSS}
    docks = [d.space for d in game_map.docks]
    best = 0

    def extend(path: list[SpaceId], last: int, points: int, rode: bool) -> None:
        nonlocal best
        best = max(best, points)
        here = path[-1]
        moves = [(n, False) for n in game_map.neighbours[here]]
        if here in docks and not rode:
            moves += [(d, True) for d in docks if d != here]
        for nxt, ride in moves:
            if nxt not in usable or nxt in path:
                continue
            cell = board.cells[nxt]
            value = cell.value if cell.kind is CellKind.NUMBER else None
            if value is not None and value < last:
                continue
            gain = 1 + cell.circled + (ride_points(game_map, here, nxt) if ride else 0)
            extend(path + [nxt], last if value is None else value, points + gain, ride)

    for s in sorted(usable):
        cell = board.cells[s]
        start = cell.value if cell.kind is CellKind.NUMBER and cell.value is not None else -1
        extend([s], start, 1 + cell.circled, False)
    return best


def scored(game_map: Map, board: Board) -> tuple[int, list[tuple[str, str]]]:
    """The solver's score, checked step by step; and its rides as dock letters."""
    result = best_route(game_map, board)
    assert result.proven_optimal
    check = check_route(game_map, board, result.route, result.rides)
    assert (check.score, check.boat_points) == (result.score, result.bonus)
    letter = {d.space: d.letter for d in game_map.docks}
    return result.score, [(letter[a], letter[b]) for a, b in result.rides]


def crossed_except(game_map: Map, cells: dict[str, Cell]) -> Board:
    full = {s.id: cells.get(s.id, Cell.cross()) for s in game_map.spaces}
    return Board(game_map.id, "P", full)


# --- known answers on the Paris map (docks: A 13a, B 12a, C 4a, D 5a, E 1a, F 8a, G 7a,
# H 16a, I 15a; 12a and 4a are linked) ---------------------------------------------------


def test_paris_docks_are_where_the_answers_assume() -> None:
    paris = find_map("paris")
    assert {d.letter: d.space for d in paris.docks} == {
        "A": "13a", "B": "12a", "C": "4a", "D": "5a", "E": "1a", "F": "8a", "G": "7a",
        "H": "16a", "I": "15a"}
    assert "4a" in paris.neighbours["12a"]


def test_best_route_rides_twice() -> None:
    """16a(10) rides H->B (6) to 12a(20), walks to 4a(30), rides C->I (6) to 15a(40):
    4 clubs + 12 boat points = 16. One ride gets at most 3 clubs + 8."""
    paris = find_map("paris")
    board = crossed_except(paris, {"16a": Cell.number(10), "12a": Cell.number(20),
                                   "4a": Cell.number(30), "15a": Cell.number(40)})
    assert scored(paris, board) == (16, [("H", "B"), ("C", "I")])
    assert oracle(paris, board) == 16


def test_chained_rides_are_refused() -> None:
    """16a(10) H->B 12a(20) B->I 15a(40) would make 3 clubs + 6 + 7 = 16 if rides could
    follow each other; they cannot, and the best is 12a(20) B->I 15a(40) = 2 + 7 = 9."""
    paris = find_map("paris")
    board = crossed_except(paris, {"16a": Cell.number(10), "12a": Cell.number(20),
                                   "15a": Cell.number(40)})
    assert scored(paris, board) == (9, [("B", "I")])
    assert oracle(paris, board) == 9
    with pytest.raises(IllegalRouteError, match="straight after another"):
        check_route(paris, board, ["16a", "12a", "15a"], [("16a", "12a"), ("12a", "15a")])


WALK = ["12a", "11b", "3b", "3a", "2b", "2a", "1b", "8b", "9a", "9b", "10a", "10b"]
"""A walk of 12 right-bank clubs from dock B through no other dock."""


def test_riding_loses_to_walking() -> None:
    """12 clubs rising along WALK from dock B (12a) score 12; riding from 12a to the only
    other written club, 15a (dock I, 7 points), scores 2 + 7 = 9."""
    paris = find_map("paris")
    cells = {sid: Cell.number(10 + i) for i, sid in enumerate(WALK)}
    cells["15a"] = Cell.number(15)
    board = crossed_except(paris, cells)
    result = best_route(paris, board)
    assert (result.score, result.rides, result.route) == (12, (), tuple(WALK))
    assert check_route(paris, board, result.route).score == 12


def test_a_to_i_is_worth_eight() -> None:
    paris = find_map("paris")
    board = crossed_except(paris, {"13a": Cell.number(10), "15a": Cell.number(11)})
    assert scored(paris, board) == (10, [("A", "I")])


def test_checker_refuses_a_ride_that_is_not_dock_to_dock() -> None:
    paris = find_map("paris")
    board = crossed_except(paris, {"13a": Cell.number(10), "14a": Cell.number(11)})
    with pytest.raises(IllegalRouteError, match="dock to dock"):
        check_route(paris, board, ["13a", "14a"], [("13a", "14a")])
    with pytest.raises(IllegalRouteError, match="not linked"):
        check_route(paris, board, ["13a", "15a"])


# --- brute force: small maps with docks, and patches of Paris -----------------------------


@st.composite
def docked_boards(draw: st.DrawFn) -> tuple[Map, Board]:
    n = draw(st.integers(2, 9))
    ids = [f"S{i}" for i in range(n)]
    pairs = draw(st.lists(st.tuples(st.sampled_from(ids), st.sampled_from(ids)), max_size=12))
    dock_ids = draw(st.lists(st.sampled_from(ids), min_size=2, max_size=min(n, 5),
                             unique=True))
    letters = sorted(draw(st.lists(st.sampled_from("ABCDEFGHI"), min_size=len(dock_ids),
                                   max_size=len(dock_ids), unique=True)))
    m = Map(id="test", game="paris", title="Test", spaces=tuple(Space(i, i, i) for i in ids),
            edges=tuple(sorted({make_edge(a, b) for a, b in pairs if a != b})),
            docks=tuple(Dock(letter, sid) for letter, sid in zip(letters, dock_ids,
                                                                  strict=True)))
    texts = draw(st.lists(st.sampled_from(["1", "2", "2", "3", "(2)", "*", "(*)", "x", ""]),
                          min_size=n, max_size=n))
    cells = {}
    for sid, t in zip(ids, texts, strict=True):
        if t:
            circled = t.startswith("(")
            core = t.strip("()")
            cells[sid] = (Cell.star(circled) if core == "*" else Cell.cross() if core == "x"
                          else Cell.number(int(core), circled))
    return m, Board("test", "P", cells)


@settings(max_examples=150, deadline=None)
@given(docked_boards())
def test_small_maps_with_docks_match_brute_force(case: tuple[Map, Board]) -> None:
    m, b = case
    assert scored(m, b)[0] == oracle(m, b)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9))
def test_paris_patches_match_brute_force(seed: int) -> None:
    """Dock clubs and a few of their neighbours written (10-13 clubs), the rest crossed."""
    paris = find_map("paris")
    rng = random.Random(seed)
    docks = [d.space for d in paris.docks]
    patch = set(rng.sample(docks, rng.randint(3, 6)))
    while len(patch) < rng.randint(10, 13):
        options = sorted({n for s in patch for n in paris.neighbours[s]} - patch)
        if not options:  # no club next to the patch is left to add
            break
        patch.add(rng.choice(options))
    cells = {}
    for sid in sorted(patch):
        roll = rng.random()
        cells[sid] = (Cell.star(rng.random() < 0.3) if roll < 0.12 else
                      Cell.number(rng.choice([10, 20, 20, 30, 40, 50]), rng.random() < 0.3))
    board = crossed_except(paris, cells)
    assert scored(paris, board)[0] == oracle(paris, board)
