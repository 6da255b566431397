"""On Tour boards: known answers, the real USA map, and agreement with a brute force over
small random maps; every route returned passes the independent legality check."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from route_oracle import best_board_score

from sheetgen.games.ontour.score import best_route, standings
from sheetgen.games.ontour.verify import IllegalRouteError, check_route
from sheetgen.maps import find_map
from sheetgen.model import Board, Cell, Map, Space, make_edge


def make_map(ids: list[str], links: list[tuple[str, str]]) -> Map:
    return Map(id="test", game="ontour", title="Test",
               spaces=tuple(Space(i, i, i) for i in ids),
               edges=tuple(sorted({make_edge(a, b) for a, b in links})))


def parse_cell(text: str) -> Cell:
    circled = text.startswith("(")
    core = text.strip("()")
    if core == "*":
        return Cell.star(circled)
    if core == "x":
        return Cell.cross()
    return Cell.number(int(core), circled)


def board(game_map: Map, cells: dict[str, str], player: str = "P") -> Board:
    return Board(game_map.id, player, {k: parse_cell(v) for k, v in cells.items()})


def checked(game_map: Map, b: Board) -> int:
    result = best_route(game_map, b)
    assert result.proven_optimal
    score = check_route(game_map, b, result.route)
    assert (score.score, score.spaces, score.circled) == (result.score, result.spaces,
                                                          result.circled)
    return result.score


# --- known answers ------------------------------------------------------------------------

def test_back_and_forth_through_equal_numbers() -> None:
    #  P(1) - a1 - a2 - a3        all a*, b* hold 5: the only 8-space route snakes
    #          |    |    |        east along the top row and back west along the bottom.
    #  Q(9) - b1 - b2 - b3
    m = make_map(["P", "Q", "a1", "a2", "a3", "b1", "b2", "b3"],
                 [("P", "a1"), ("a1", "a2"), ("a2", "a3"), ("Q", "b1"), ("b1", "b2"),
                  ("b2", "b3"), ("a1", "b1"), ("a2", "b2"), ("a3", "b3")])
    b = board(m, {"P": "1", "Q": "9", **{s: "5" for s in ["a1", "a2", "a3", "b1", "b2", "b3"]}})
    result = best_route(m, b)
    assert result.route == ("P", "a1", "a2", "a3", "b3", "b2", "b1", "Q")
    assert result.score == 8 == best_board_score(m, b)


def test_stars_at_both_ends() -> None:
    m = make_map(["S", "A", "B", "T", "C"],
                 [("S", "A"), ("A", "B"), ("B", "T"), ("T", "C")])
    b = board(m, {"S": "(*)", "A": "20", "B": "30", "T": "*", "C": "10"})
    result = best_route(m, b)
    assert result.route == ("S", "A", "B", "T")
    assert result.score == 5
    assert result.star_values == (("S", 20), ("T", 30))


def test_route_must_avoid_a_cross() -> None:
    # A(1) - X - B(3) - C(4), and a detour A - D(2) - B.
    m = make_map(["A", "X", "B", "C", "D"],
                 [("A", "X"), ("X", "B"), ("B", "C"), ("A", "D"), ("D", "B")])
    b = board(m, {"A": "1", "X": "x", "B": "3", "C": "4", "D": "2"})
    result = best_route(m, b)
    assert result.route == ("A", "D", "B", "C")
    # Crossing the detour out leaves only pieces of two.
    b2 = board(m, {"A": "1", "X": "x", "B": "3", "C": "4", "D": "x"})
    assert best_route(m, b2).score == 2 == best_board_score(m, b2)


def test_all_crossed_scores_zero() -> None:
    m = make_map(["A", "B"], [("A", "B")])
    result = best_route(m, board(m, {"A": "x", "B": "x"}))
    assert (result.route, result.score, result.spaces, result.circled) == ((), 0, 0, 0)
    assert result.proven_optimal


def test_circles_count_double() -> None:
    # 1 - 2 - 3 scores 3; the circled 5 next to 1 makes 1 - (5) worth 3 too, and
    # 1 - (5) - (6) worth 5.
    m = make_map(["A", "B", "C", "D", "E"],
                 [("A", "B"), ("B", "C"), ("A", "D"), ("D", "E")])
    b = board(m, {"A": "1", "B": "2", "C": "3", "D": "(5)", "E": "(6)"})
    result = best_route(m, b)
    assert result.route == ("A", "D", "E")
    assert (result.score, result.spaces, result.circled) == (5, 3, 2)


def test_tie_broken_by_circles_on_the_board() -> None:
    m = make_map(["A", "B", "C"], [("A", "B")])
    alice = board(m, {"A": "1", "B": "2", "C": "9"}, "Alice")
    bob = board(m, {"A": "1", "B": "2", "C": "(9)"}, "Bob")
    table = standings(m, [alice, bob])
    assert [p.result.score for p in table.players] == [2, 2]
    assert table.winners == ("Bob",)
    assert [p.player for p in table.ranked] == ["Bob", "Alice"]
    carol = board(m, {"A": "1", "B": "2", "C": "(9)"}, "Carol")
    assert standings(m, [alice, bob, carol]).winners == ("Bob", "Carol")


# --- the real USA map ---------------------------------------------------------------------

USA_PATH = ["NENG", "NY", "PA", "MIDC", "VA", "NC", "SC", "GA", "FL", "AL", "MS", "TN", "KY",
            "WV", "OH", "MI", "IN", "IL", "WI", "MN", "IA", "MO", "AR", "LA", "TX", "OK",
            "KS", "NE", "SD", "ND", "MT", "WY", "CO", "NM", "AZ", "UT", "NV", "CA", "OR",
            "WA", "ID"]


def test_usa_path_constant_is_a_tour_of_every_space() -> None:
    usa = find_map("usa")
    assert sorted(USA_PATH) == sorted(usa.space_ids)
    assert all(b in usa.neighbours[a] for a, b in zip(USA_PATH, USA_PATH[1:], strict=False))


def test_usa_rising_numbers_along_a_tour() -> None:
    usa = find_map("usa")
    cells = {sid: Cell.number(i * 2, circled=i % 3 == 0) for i, sid in enumerate(USA_PATH)}
    b = Board("usa", "P", cells)
    result = best_route(usa, b)
    assert result.route == tuple(USA_PATH)
    assert result.score == 41 + 14
    assert checked(usa, b) == 55


def test_usa_all_equal_and_all_stars_use_every_space() -> None:
    usa = find_map("usa")
    for cell in (Cell.number(42), Cell.star()):
        b = Board("usa", "P", {sid: cell for sid in usa.space_ids})
        assert checked(usa, b) == 41


def test_usa_west_coast() -> None:
    usa = find_map("usa")
    cells = {sid: Cell.cross() for sid in usa.space_ids}
    cells.update(CA=Cell.number(12, True), OR=Cell.number(12), WA=Cell.number(40, True),
                 NV=Cell.number(13), ID=Cell.star())
    b = Board("usa", "P", cells)
    result = best_route(usa, b)
    # CA(12) OR(12) NV(13) ID(*) WA(40): all five, two of them circled.
    assert result.score == 7 == checked(usa, b)
    assert result.route[-1] == "WA"


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9))
def test_usa_small_boards_match_brute_force(seed: int) -> None:
    """A connected patch of 8-11 written spaces (the rest empty or crossed)."""
    usa = find_map("usa")
    rng = random.Random(seed)
    patch = [rng.choice(usa.space_ids)]
    size = rng.randint(8, 11)
    while len(patch) < size:
        options = sorted({n for s in patch for n in usa.neighbours[s]} - set(patch))
        patch.append(rng.choice(options))
    cells = {}
    for sid in patch:
        roll = rng.random()
        if roll < 0.15:
            cells[sid] = Cell.star(rng.random() < 0.3)
        elif roll < 0.25:
            cells[sid] = Cell.cross()
        else:
            cells[sid] = Cell.number(rng.choice([10, 20, 20, 30, 30, 40]), rng.random() < 0.3)
    b = Board("usa", "P", cells)
    assert checked(usa, b) == best_board_score(usa, b)


# --- small random maps --------------------------------------------------------------------

CELL_TEXTS = st.sampled_from(["1", "2", "2", "3", "(1)", "(2)", "(3)", "*", "(*)", "x"])


@st.composite
def maps_and_boards(draw: st.DrawFn) -> tuple[Map, Board]:
    n = draw(st.integers(1, 9))
    ids = [f"S{i}" for i in range(n)]
    pairs = draw(st.lists(st.tuples(st.sampled_from(ids), st.sampled_from(ids)), max_size=15))
    m = make_map(ids, [(a, b) for a, b in pairs if a != b])
    texts = draw(st.lists(st.one_of(st.none(), CELL_TEXTS), min_size=n, max_size=n))
    return m, board(m, {sid: t for sid, t in zip(ids, texts, strict=True) if t is not None})


@settings(max_examples=400, deadline=None)
@given(maps_and_boards())
def test_random_boards_match_brute_force(case: tuple[Map, Board]) -> None:
    m, b = case
    assert checked(m, b) == best_board_score(m, b)


# --- the independent checker ----------------------------------------------------------------

@pytest.mark.parametrize(("route", "message"), [
    (["A", "B", "A"], "visited twice"),
    (["A", "C"], "not linked"),
    (["A", "B", "X"], "crossed"),
    (["E"], "empty"),
    (["B", "A"], "below"),
    (["Z"], "not a space"),
])
def test_checker_rejects(route: list[str], message: str) -> None:
    m = make_map(["A", "B", "C", "X", "E"], [("A", "B"), ("B", "C"), ("B", "X"), ("X", "E")])
    b = board(m, {"A": "1", "B": "2", "C": "3", "X": "x"})
    with pytest.raises(IllegalRouteError, match=message):
        check_route(m, b, route)


def test_checker_scores_stars_between_numbers() -> None:
    m = make_map(["A", "B", "C"], [("A", "B"), ("B", "C")])
    b = board(m, {"A": "(5)", "B": "(*)", "C": "5"})
    assert check_route(m, b, ["A", "B", "C"]).score == 5
    with pytest.raises(IllegalRouteError):
        check_route(m, board(m, {"A": "6", "B": "*", "C": "5"}), ["A", "B", "C"])
