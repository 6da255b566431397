"""Strength and speed of the built-in On Tour players over a fixed set of seeded games.

    python benchmarks/bench_player.py [--maps usa,europe] [--seeds 0-19] [--players all]

For every map and player: the mean, lowest and highest best-route score over the seeds and
the time per game (the par score of ``sheetgen script --par`` comes from the planner).
A map that is missing or has no cards yet is skipped with a note.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable

from sheetgen.games.ontour.players.game import Player, play
from sheetgen.games.ontour.players.planner import FirstFitPlayer, PlannerPlayer, RandomPlayer
from sheetgen.games.ontour.rules import make_script
from sheetgen.games.ontour.score import best_route
from sheetgen.maps import find_map
from sheetgen.model import Map

PLAYERS: dict[str, Callable[[], Player]] = {
    "planner": PlannerPlayer,
    "first-fit": FirstFitPlayer,
    "random": RandomPlayer,
}


def _seeds(text: str) -> list[int]:
    if "-" in text:
        lo, hi = text.split("-")
        return list(range(int(lo), int(hi) + 1))
    return [int(s) for s in text.split(",")]


def bench(game_map: Map, make: Callable[[], Player], seeds: list[int]) -> tuple[
        list[int], list[float]]:
    scores: list[int] = []
    times: list[float] = []
    for seed in seeds:
        script = make_script(game_map, seed)
        start = time.perf_counter()
        board = play(game_map, script, make()).board
        times.append(time.perf_counter() - start)
        scores.append(best_route(game_map, board).score)
    return scores, times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", default="usa,europe")
    parser.add_argument("--seeds", default="0-19")
    parser.add_argument("--players", default="all",
                        help="comma-separated: " + ", ".join(PLAYERS))
    parser.add_argument("--verbose", action="store_true", help="print every game's score")
    args = parser.parse_args(argv)
    seeds = _seeds(args.seeds)
    names = list(PLAYERS) if args.players == "all" else args.players.split(",")
    print(f"{'map':8} {'player':10} {'mean':>6} {'min':>4} {'max':>4} "
          f"{'s/game':>7} {'max s':>6}")
    for map_id in args.maps.split(","):
        try:
            game_map = find_map(map_id)
            make_script(game_map, 0)
        except ValueError as err:
            print(f"{map_id:8} skipped: {err}")
            continue
        for name in names:
            scores, times = bench(game_map, PLAYERS[name], seeds)
            print(f"{map_id:8} {name:10} {statistics.mean(scores):6.2f} {min(scores):4d} "
                  f"{max(scores):4d} {statistics.mean(times):7.3f} {max(times):6.2f}")
            if args.verbose:
                print("   ", " ".join(map(str, scores)))
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
