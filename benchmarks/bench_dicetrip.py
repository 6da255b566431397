"""Dice Trip: the built-in player's scores (par) against random play, and the time to
play, score and check a board. Prints a table; quote it in the README with the machine.

    python benchmarks/bench_dicetrip.py [SEEDS]      # default 50 seeds (0 ... 49)
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sheetgen.games.dicetrip.check import check_trip_board  # noqa: E402
from sheetgen.games.dicetrip.player import play, play_random  # noqa: E402
from sheetgen.games.dicetrip.rules import make_script  # noqa: E402
from sheetgen.games.dicetrip.score import score_board  # noqa: E402
from sheetgen.maps import find_map  # noqa: E402


def main(seeds: int) -> None:
    germany = find_map("germany")
    par, rnd, play_s, score_s, check_s, parts = [], [], [], [], [], []
    for seed in range(seeds):
        script = make_script("germany", seed)
        t0 = time.perf_counter()
        game = play(germany, script)
        t1 = time.perf_counter()
        score = score_board(germany, game.board)
        t2 = time.perf_counter()
        verdict = check_trip_board(germany, script, game.board)
        t3 = time.perf_counter()
        assert verdict.legal, (seed, verdict.problem)
        par.append(score.score)
        parts.append((score.bonus_points, score.crossed_points, score.road_points,
                      score.series_points, score.zone_points))
        play_s.append(t1 - t0)
        score_s.append(t2 - t1)
        check_s.append(t3 - t2)
        rnd.append(score_board(germany, play_random(germany, script, seed)).score)

    def row(name: str, xs: list[int]) -> str:
        return (f"| {name} | {len(xs)} | {statistics.mean(xs):.2f} | {statistics.median(xs)} "
                f"| {min(xs)} | {max(xs)} |")

    print(f"Dice Trip germany, seeds 0-{seeds - 1}")
    print("| player | games | mean | median | min | max |")
    print("|---|---:|---:|---:|---:|---:|")
    print(row("built-in (par)", par))
    print(row("random", rnd))
    names = ("bonus", "crossed", "road", "series", "zones")
    means = [statistics.mean(p[i] for p in parts) for i in range(5)]
    print("par parts (mean): " + ", ".join(f"{n} {m:.2f}" for n, m in zip(names, means,
                                                                           strict=True)))
    print("| step | median ms | max ms |")
    print("|---|---:|---:|")
    for name, xs in (("play a game", play_s), ("score a board", score_s),
                     ("check a board", check_s)):
        print(f"| {name} | {1000 * statistics.median(xs):.2f} | {1000 * max(xs):.2f} |")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50)
