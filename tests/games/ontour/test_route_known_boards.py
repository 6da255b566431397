"""Boards on which the search once proved a wrong optimum, held at their right scores.

Paris, ``bench_score.py --maps paris --seed 3``, long runs, board 35: the search said 61,
proven optimal, while the route below is legal and worth 62. The cause was a bound: at
the star 1a (value 39) the bound of a rise by boat to 13a (46) counted the numbers of the
run, its stars and the continuation from 13a with stars worth nothing, but left out the
star 15a, a dock on a piece of its own the run cannot walk to before that rise. The
continuation can still enter 15a (it does: 12a, boat to 15a, 15b), so the star must be
counted once: the bound was 44 where 45 points follow."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from sheetgen.cli import main
from sheetgen.games.ontour import route
from sheetgen.games.ontour.grammar import parse_boards
from sheetgen.games.ontour.route.search import _Search
from sheetgen.games.ontour.score import best_route, dock_jumps, route_graph
from sheetgen.games.ontour.verify import check_route
from sheetgen.maps import find_map
from sheetgen.model import Board, Map

DATA = Path(__file__).resolve().parents[2] / "data" / "boards"
BOARD35 = DATA / "paris-long-runs-seed3-board35.csv"

ROUTE62 = [
    "4b", "3b", "11b", "20a", "19b", "19a", "18b", "10a", "2b", "10b", "11a", "3a", "1a", "8a",
    "1b", "9a", "8b", "17b", "17a", "16b", "16a", "13a", "13b", "5b", "5a", "6b", "6a", "7b",
    "7a", "4a", "12a", "15a", "15b", "14a", "14b",
]
RIDES62 = (("1a", "8a"), ("16a", "13a"), ("7a", "4a"), ("12a", "15a"))


def _board35() -> tuple[Map, Board]:
    paris = find_map("paris")
    (board,) = parse_boards(BOARD35.read_text(encoding="utf-8"), str(BOARD35))[1]
    return paris, board


def test_paris_seed3_long_runs_board35_scores_62() -> None:
    paris, board = _board35()
    assert check_route(paris, board, ROUTE62, RIDES62).score == 62
    result = best_route(paris, board)
    assert result.proven_optimal
    assert result.score == 62
    checked = check_route(paris, board, result.route, result.rides)
    assert (checked.score, checked.boat_points) == (62, result.bonus)


def test_paris_board35_through_the_command_line() -> None:
    out = CliRunner().invoke(main, ["score", str(BOARD35), "--json"])
    assert out.exit_code == 0, out.output
    assert '"score": 62' in out.output


def test_bound_never_below_the_rest_of_the_62_route() -> None:
    """At every state along the 62 route, the search's upper bound is at least the
    points the route still collects: a bound below that is what pruned it."""
    paris, board = _board35()
    graph, ids = route_graph(paris, board, dock_jumps(paris))
    index = {sid: i for i, sid in enumerate(ids)}
    nodes = [index[s] for s in ROUTE62]
    bonus = {(i, j.target): j.bonus for i, jumps in enumerate(graph.jumps) for j in jumps}
    rides = {(index[a], index[b]) for a, b in RIDES62}
    gains = [graph.weights[x] + (bonus[p, x] if (p, x) in rides else 0)
             for p, x in zip([-1, *nodes], nodes, strict=False)]
    search = _Search(graph, None)
    c = min(v for v in graph.values if v is not None)
    visited = 0
    for k, x in enumerate(nodes):
        value = graph.values[x]
        c = c if value is None else value
        visited |= 1 << x
        jumped = k > 0 and (nodes[k - 1], x) in rides
        rest = sum(gains[k + 1:])
        assert search.upper_bound(x, c, visited, None, -1, jumped) >= rest, ROUTE62[k]


def test_a_board_handed_to_the_model_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    # A board that outgrows the search's limit (here lowered so that board 35 does):
    # the solver tells what it does next (the command line shows it on a terminal once a
    # board has taken two seconds), and the answer is the same.
    monkeypatch.setattr(route, "SEARCH_LIMIT", 100)
    paris, board = _board35()
    notes: list[str] = []
    result = best_route(paris, board, progress=notes.append)
    assert result.score == 62 and result.proven_optimal
    assert notes and all("best route" in note for note in notes)
