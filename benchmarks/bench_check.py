"""Time and search states of ``check``: the hardest boards known, and players' boards.

    python benchmarks/bench_check.py [--repeat 3]

The hardest boards are ``tests/data/boards/hard/<map>-seed-<seed>.csv``: boards made for
a game they do not come from, each once among the slowest to decide (docs/benchmarks.md
says how they were found). For each: the verdict, the search states (the same on every
machine) and the process's CPU time (the best of ``--repeat`` runs). Then the players'
boards: 20 seeds per map, the built-in player's and a random player's game, each checked
against its own seed (legal) and against the next seed (not legal). The last line is the
worst board's time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sheetgen.games import find_game  # noqa: E402
from sheetgen.games.boards import read_boards  # noqa: E402
from sheetgen.maps import find_map  # noqa: E402
from sheetgen.model import Board, Map  # noqa: E402

HARD = ROOT / "tests" / "data" / "boards" / "hard"


def _cpu(job: Callable[[], object], repeat: int) -> tuple[float, object]:
    best, out = float("inf"), None
    for _ in range(repeat):
        start = time.process_time()
        out = job()
        best = min(best, time.process_time() - start)
    return best, out


def _check(game_map: Map, seed: int, board: Board) -> Callable[[], object]:
    if game_map.game == "dicetrip":
        from sheetgen.games.dicetrip.check import check_trip_board
        from sheetgen.games.dicetrip.rules import make_script as trip_script

        script = trip_script(game_map.id, seed)
        return lambda: check_trip_board(game_map, script, board)
    from sheetgen.games.ontour.check import check_board

    tour = find_game(game_map.game).make_script(game_map, seed)
    return lambda: check_board(game_map, tour, board)


def players_boards(game_map: Map, seeds: range) -> list[tuple[int, Board]]:
    """(seed, board): the built-in player's and a random player's game of each seed."""
    out = []
    if game_map.game == "dicetrip":
        from sheetgen.games.dicetrip.player import play, play_random
        from sheetgen.games.dicetrip.rules import make_script as trip_script

        for seed in seeds:
            script = trip_script(game_map.id, seed)
            out += [(seed, play(game_map, script).board),
                    (seed, play_random(game_map, script, seed))]
        return out
    from sheetgen.games.ontour.players.game import play as tour_play
    from sheetgen.games.ontour.players.planner import PlannerPlayer, RandomPlayer
    from sheetgen.games.ontour.rules import make_script

    for seed in seeds:
        script = make_script(game_map, seed)
        out += [(seed, tour_play(game_map, script, PlannerPlayer()).board),
                (seed, tour_play(game_map, script, RandomPlayer(seed)).board)]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seeds", type=int, default=20)
    args = parser.parse_args(argv)
    worst = (0.0, "")
    print("| board | verdict | states | CPU ms |")
    print("|---|---|---:|---:|")
    for path in sorted(HARD.glob("*-seed-*.csv")):
        seed = int(path.stem.split("-seed-")[1])
        _, game_map, boards = read_boards((path,), None, None)
        for board in boards:
            seconds, got = _cpu(_check(game_map, seed, board), args.repeat)
            verdict = ("undecided" if not got.decided  # type: ignore[attr-defined]
                       else "legal" if got.legal else "not legal")  # type: ignore[attr-defined]
            print(f"| {path.name} | {verdict} | {got.states} | "  # type: ignore[attr-defined]
                  f"{seconds * 1000:.0f} |")
            worst = max(worst, (seconds, path.name))
    print()
    print("| map | boards | own seed: median ms, max ms, max states | next seed: median ms, "
          "max ms, max states |")
    print("|---|---:|---|---|")
    for map_id in ("usa", "europe", "paris", "germany"):
        game_map = find_map(map_id)
        rows = []
        for own in (True, False):
            times, states = [], []
            for seed, board in players_boards(game_map, range(args.seeds)):
                seconds, got = _cpu(_check(game_map, seed if own else seed + 1, board), 1)
                times.append(seconds * 1000)
                states.append(got.states)  # type: ignore[attr-defined]
                if seconds > worst[0]:
                    worst = (seconds, f"{map_id} seed {seed} ({'own' if own else 'next'})")
            rows.append(f"{statistics.median(times):.1f}, {max(times):.1f}, {max(states)}")
        print(f"| {map_id} | {2 * args.seeds} | {rows[0]} | {rows[1]} |")
    print()
    print(f"worst board: {worst[0] * 1000:.0f} ms CPU ({worst[1]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
