"""The perfect game of seeded On Tour games against the built-in player's par.

    python benchmarks/bench_perfect.py [--maps usa,europe,paris] [--seeds 0-19] [--time-limit 60]

For every map: per seed the par (the built-in player's score), the best board found, the
proven upper bound, whether the optimum was proven and the time taken; then a summary line
(seeds proven, mean par, mean best, mean gap, mean and highest time). Every board is checked
against its seed and rescored by the route solver before it is counted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from sheetgen.games.ontour.check import check_board
from sheetgen.games.ontour.perfect import perfect_game
from sheetgen.games.ontour.players import par_result
from sheetgen.games.ontour.rules import make_script
from sheetgen.games.ontour.score import best_route
from sheetgen.maps import find_map


def _seeds(text: str) -> list[int]:
    if "-" in text:
        lo, hi = text.split("-")
        return list(range(int(lo), int(hi) + 1))
    return [int(s) for s in text.split(",")]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", default="usa,europe,paris")
    parser.add_argument("--seeds", default="0-19")
    parser.add_argument("--time-limit", type=float, default=60.0)
    args = parser.parse_args(argv)
    seeds = _seeds(args.seeds)
    print(f"{'map':8} {'seed':>4} {'par':>4} {'best':>5} {'bound':>6} {'gap':>4} "
          f"{'proven':>6} {'s':>6}")
    for map_id in args.maps.split(","):
        game_map = find_map(map_id)
        pars: list[int] = []
        bests: list[int] = []
        gaps: list[int] = []
        times: list[float] = []
        for seed in seeds:
            script = make_script(game_map, seed)
            par = par_result(game_map, script).score
            start = time.perf_counter()
            result = perfect_game(game_map, script, args.time_limit)
            elapsed = time.perf_counter() - start
            assert check_board(game_map, script, result.board).legal
            assert best_route(game_map, result.board).score == result.score
            pars.append(par)
            bests.append(result.score)
            gaps.append(result.gap)
            times.append(elapsed)
            print(f"{map_id:8} {seed:>4} {par:>4} {result.score:>5} {result.upper_bound:>6} "
                  f"{result.gap:>4} {'yes' if result.proven else 'no':>6} {elapsed:>6.1f}",
                  flush=True)
        proven = sum(1 for g in gaps if g == 0)
        print(f"{map_id:8} summary: proven {proven}/{len(seeds)}, mean par "
              f"{statistics.mean(pars):.2f}, mean best {statistics.mean(bests):.2f} "
              f"(+{statistics.mean(b - p for b, p in zip(bests, pars, strict=True)):.2f}), "
              f"mean gap {statistics.mean(gaps):.2f}, time mean {statistics.mean(times):.1f} s "
              f"max {max(times):.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
