"""Dice Trip scoring: hand-made boards with known totals for every part, and Hypothesis
boards against a plainly written brute-force scorer."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.games.dicetrip.rules import TRACKER, series_points
from sheetgen.games.dicetrip.score import score_board, trip_standings
from sheetgen.maps import find_map
from sheetgen.model import Board, Cell, CellKind, Map

GERMANY = find_map("germany")


def board(cells: dict[str, str], player: str = "P") -> Board:
    out: dict[str, Cell] = {}
    for city, text in cells.items():
        if text == "x":
            out[city] = Cell.cross()
        elif text.startswith("("):
            out[city] = Cell.number(int(text[1:-1]), circled=True)
        else:
            out[city] = Cell.number(int(text))
    return Board("germany", player, out)


def test_series_across_16_21_and_its_road() -> None:
    got = score_board(GERMANY, board({"Konstanz": "14", "Stuttgart": "15", "Frankfurt": "16",
                                      "Koblenz": "21", "Koeln": "22"}))
    assert got.series == ("Konstanz", "Stuttgart", "Frankfurt", "Koblenz", "Koeln")
    assert got.series_points == 3
    assert got.road == got.series and got.road_points == 5
    assert got.bonus_cities == ("Koeln",)  # 22 is a double
    assert got.crossed == () and got.zone_points == 9
    assert got.score == 1 + 5 + 3 + 9


def test_a_crossed_city_breaks_the_road() -> None:
    cells = {"Kiel": "11", "Hamburg": "23", "Hannover": "35", "Kassel": "41",
             "Frankfurt": "52"}
    whole = score_board(GERMANY, board(cells))
    assert whole.road == ("Kiel", "Hamburg", "Hannover", "Kassel", "Frankfurt")
    broken = score_board(GERMANY, board({**cells, "Hannover": "x"}))
    assert broken.road == ("Kiel", "Hamburg")  # equal to Kassel-Frankfurt; ends lower
    assert broken.crossed == ("Hannover",)
    assert broken.clean_zones == ("north-east", "south") and broken.zone_points == 7
    assert broken.bonus_cities == ("Kiel",) and broken.series_points == 0
    assert broken.score == 1 - 1 + 2 + 0 + 7


def test_one_zone_clean() -> None:
    got = score_board(GERMANY, board({"Kiel": "x", "Berlin": "x", "Passau": "12"}))
    assert got.clean_zones == ("south",) and got.zone_points == 4
    assert got.score == -2 + 1 + 4


def test_a_coloured_city_bonus_is_not_doubled_by_a_double() -> None:
    got = score_board(GERMANY, board({"Hamburg": "(33)", "Berlin": "(25)", "Leipzig": "44",
                                      "Dresden": "36", "Kiel": "55"}))
    # Hamburg: colour and double, one point; Berlin: colour; Leipzig, Kiel: doubles;
    # Dresden: coloured but written without its die (no parentheses)
    assert got.bonus_cities == ("Kiel", "Hamburg", "Berlin", "Leipzig")
    assert got.bonus_points == 4


def test_series_points_table() -> None:
    assert [series_points(n) for n in range(1, 13)] == [0, 0, 0, 2, 3, 4, 6, 6, 6, 9, 9, 9]


def test_variant_points_are_added_and_ties_are_listed() -> None:
    a = board({"Kiel": "11"}, "A")
    b = board({"Kiel": "22"}, "B")
    standings = trip_standings(GERMANY, [a, b], [3, 3])
    assert [p.score for p in standings.players] == [1 + 1 + 9 + 3] * 2
    assert standings.winners == ("A", "B")


# --- brute force -------------------------------------------------------------------------


def brute_force(game_map: Map, b: Board) -> dict[str, int]:
    numbers = {c: cell.value for c, cell in b.cells.items() if cell.kind is CellKind.NUMBER}
    road = series = 0
    # ascending paths only: every other path is cut as soon as it descends
    for path in ascending_paths(game_map, numbers):
        values = [numbers[c] for c in path]
        if all(x < y for x, y in zip(values, values[1:], strict=False)):
            road = max(road, len(path))
        if all(TRACKER.index(y) == TRACKER.index(x) + 1
               for x, y in zip(values, values[1:], strict=False)):
            series = max(series, len(path))
    bonus = 0
    for city, cell in b.cells.items():
        if cell.kind is not CellKind.NUMBER:
            continue
        double = cell.value is not None and cell.value // 10 == cell.value % 10
        colour = game_map.space(city).colour is not None and cell.circled
        if double or colour:
            bonus += 1
    crossed = [c for c, cell in b.cells.items() if cell.kind is CellKind.CROSS]
    dirty = {game_map.space(c).zone for c in crossed}
    clean = 3 - len(dirty)
    zone = {0: 0, 1: 4, 2: 7, 3: 9}[clean]
    s_points = 0
    for length, points in ((4, 2), (5, 3), (6, 4), (7, 6), (10, 9)):
        if series >= length:
            s_points = points
    return {"bonus": bonus, "crossed": len(crossed), "road": road, "series": series,
            "series_points": s_points, "zones": zone,
            "total": bonus - len(crossed) + road + s_points + zone}


def ascending_paths(game_map: Map, numbers: dict[str, int | None]) -> list[list[str]]:
    paths: list[list[str]] = []

    def walk(path: list[str]) -> None:
        paths.append(list(path))
        here = numbers[path[-1]]
        for nxt in game_map.neighbours[path[-1]]:
            there = numbers.get(nxt)
            if there is not None and here is not None and there > here and nxt not in path:
                path.append(nxt)
                walk(path)
                path.pop()

    for start in sorted(numbers):
        walk([start])
    return paths


@st.composite
def boards(draw: st.DrawFn) -> Board:
    ids = list(GERMANY.space_ids)
    values = draw(st.permutations(TRACKER))
    cells: dict[str, Cell] = {}
    for i, city in enumerate(ids):
        kind = draw(st.sampled_from(["number", "number", "number", "cross", "empty"]))
        if kind == "cross":
            cells[city] = Cell.cross()
        elif kind == "number":
            circled = GERMANY.space(city).colour is not None and draw(st.booleans())
            cells[city] = Cell.number(values[i], circled)
    return Board("germany", "H", cells)


@settings(max_examples=150, deadline=None)
@given(boards())
def test_scorer_matches_brute_force(b: Board) -> None:
    got = score_board(GERMANY, b)
    want = brute_force(GERMANY, b)
    assert len(got.road) == want["road"]
    assert len(got.series) == want["series"]
    assert got.series_points == want["series_points"]
    assert got.bonus_points == want["bonus"]
    assert len(got.crossed) == want["crossed"]
    assert got.zone_points == want["zones"]
    assert got.score == want["total"]
    # the reported chains are real chains of the board
    for chain in (got.road, got.series):
        assert all(b_ in GERMANY.neighbours[a_] for a_, b_ in zip(chain, chain[1:],
                                                                  strict=False))
        assert len(set(chain)) == len(chain)


def test_score_json_lists_every_part_and_ties() -> None:
    from sheetgen.games.dicetrip.score import score_to_json, standings_text

    a = board({"Konstanz": "14", "Stuttgart": "15", "Frankfurt": "16", "Koblenz": "21"}, "A")
    b = board({"Konstanz": "14", "Stuttgart": "15", "Frankfurt": "16", "Koblenz": "21"}, "B")
    standings = trip_standings(GERMANY, [a, b])
    data = score_to_json(standings)
    assert data["winner"] == data["winners"] == ["A", "B"]
    first = data["players"][0]  # type: ignore[index]
    assert first == {"name": "A", "rank": 1, "score": 4 + 2 + 9, "bonus_cities": [], "crossed": [],
                     "road": ["Konstanz", "Stuttgart", "Frankfurt", "Koblenz"],
                     "road_points": 4,
                     "series": ["Konstanz", "Stuttgart", "Frankfurt", "Koblenz"],
                     "series_points": 2, "clean_zones": ["north-west", "north-east", "south"],
                     "zone_points": 9, "variant_points": 0}
    assert standings_text(standings).splitlines()[-1] == "Tie: A, B share the best score"
