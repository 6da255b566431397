"""The perfect game: equal to a brute force over every legal play on a small map; on the
real maps its board is legal for the seed, scores what is reported, and the bound holds."""

from __future__ import annotations

import json
import sys
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from sheetgen.cli import main
from sheetgen.maps import find_map
from sheetgen.model import Board, Card, Cell, Map, Region, Space, SpaceId, make_edge
from sheetgen.perfect import PerfectUnavailableError, perfect_game
from sheetgen.players import par_result
from sheetgen.players.game import legal_moves, setup_cells
from sheetgen.rules.check import check_board
from sheetgen.rules.ontour import Script, make_script
from sheetgen.solve import best_route

N, S = Region.NORTH, Region.SOUTH
W, C, E = Region.WEST, Region.CENTRAL, Region.EAST

# Ten spaces, two rows of five (north above south), west to east:
#   A - B - C - D - E
#   |   |       |   |
#   F - G - H - I - J
SPACES = (("A", N, W), ("B", N, W), ("C", N, C), ("D", N, E), ("E", N, E),
          ("F", S, W), ("G", S, C), ("H", S, C), ("I", S, E), ("J", S, E))
LINKS = (("A", "B"), ("B", "C"), ("C", "D"), ("D", "E"), ("F", "G"), ("G", "H"),
         ("H", "I"), ("I", "J"), ("A", "F"), ("B", "G"), ("D", "I"), ("E", "J"))
# Each card shows one of its space's regions, alternating, so regions differ in size.
CARD_REGION = {"A": N, "B": W, "C": C, "D": N, "E": E, "F": S, "G": C, "H": S, "I": E,
               "J": S}


def small_map() -> Map:
    return Map(id="tiny", game="ontour", title="Tiny",
               spaces=tuple(Space(i, i, i, (lat, lon)) for i, lat, lon in SPACES),
               edges=tuple(sorted({make_edge(a, b) for a, b in LINKS})),
               cards=tuple(Card(i, CARD_REGION[i]) for i, _, _ in SPACES))


def brute_force(game_map: Map, script: Script) -> int:
    """The best final score over every sequence of legal moves (the referee's moves),
    each distinct position explored once."""

    @cache
    def best(t: int, cells: frozenset[tuple[SpaceId, Cell]]) -> int:
        board = dict(cells)
        if t == len(script.turns):
            return best_route(game_map, Board(game_map.id, "b", board)).score
        empty = [s for s in game_map.space_ids if s not in board]
        top = 0
        for move in legal_moves(game_map, script.turns[t], empty):
            after = dict(board)
            for w in move.writes:
                after[w.space] = w.cell
            top = max(top, best(t + 1, frozenset(after.items())))
        return top

    return best(0, frozenset(setup_cells(script).items()))


@pytest.mark.parametrize("seed", range(8))
def test_small_map_equals_brute_force(seed: int) -> None:
    game_map = small_map()
    script = make_script(game_map, seed)
    result = perfect_game(game_map, script, time_limit=20)
    assert result.proven
    assert result.score == result.upper_bound == brute_force(game_map, script)
    assert check_board(game_map, script, result.board).legal
    assert best_route(game_map, result.board).score == result.score


def test_small_map_seeds_include_star_turns_and_crosses() -> None:
    # The brute-force comparison above covers the rules' corners: star turns, and games
    # whose perfect play still holds an X (one forced by the cards).
    game_map = small_map()
    scripts = [make_script(game_map, seed) for seed in range(8)]
    assert any(t.star and not t.last for s in scripts for t in s.turns)
    boards = [perfect_game(game_map, s, 20).board for s in scripts]
    assert any(c.kind.value == "cross" for b in boards for c in b.cells.values())


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_real_maps_board_is_legal_and_scored(map_id: str) -> None:
    game_map = find_map(map_id)
    script = make_script(game_map, 5)
    result = perfect_game(game_map, script, time_limit=0.2)
    assert check_board(game_map, script, result.board).legal
    assert best_route(game_map, result.board).score == result.score
    assert result.upper_bound >= result.score >= par_result(game_map, script).score
    assert result.proven == (result.score == result.upper_bound)


def test_cli_json_and_csv(tmp_path: Path) -> None:
    runner = CliRunner()
    out = runner.invoke(main, ["script", "europe", "--seed", "2", "--perfect", "--json",
                               "--time-limit", "0.2"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    perfect = data["perfect"]
    assert set(perfect) == {"score", "upper_bound", "proven", "board"}
    assert perfect["upper_bound"] >= perfect["score"]
    assert list(perfect["board"]) == list(find_map("europe").space_ids)
    assert data["turns"] and data["seed"] == 2
    csv_path = tmp_path / "perfect.csv"
    out = runner.invoke(main, ["script", "europe", "--seed", "2", "--perfect",
                               "--time-limit", "0.2", "-o", str(csv_path)])
    assert out.exit_code == 0, out.output
    out = runner.invoke(main, ["check", str(csv_path), "--seed", "2"])
    assert out.exit_code == 0, out.output
    assert "legal for europe seed 2" in out.output


def test_cli_refuses_par_with_perfect() -> None:
    out = CliRunner().invoke(main, ["script", "usa", "--seed", "1", "--par", "--perfect"])
    assert out.exit_code == 2  # a usage error
    assert "--par and --perfect" in out.output
    assert "Traceback" not in out.output


def test_without_ortools_a_clear_user_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ortools.sat.python", None)
    game_map = find_map("usa")
    with pytest.raises(PerfectUnavailableError, match=r"sheetgen\[perfect\]"):
        perfect_game(game_map, make_script(game_map, 1), 1)
    out = CliRunner().invoke(main, ["script", "usa", "--seed", "1", "--perfect"])
    assert out.exit_code == 1
    assert "pip install 'sheetgen[perfect]'" in out.output
    assert "Traceback" not in out.output


def test_same_seed_and_limit_same_board() -> None:
    # The limit is counted in the solver's deterministic work, so an unproven search
    # stops at the same point every time.
    game_map = find_map("usa")
    script = make_script(game_map, 9)
    first = perfect_game(game_map, script, time_limit=0.2)
    assert perfect_game(game_map, script, time_limit=0.2) == first
