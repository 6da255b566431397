"""Speed of the exact Highways & Byways planner on full 12-card hands.

    python benchmarks/bench_plan.py [--seeds 0-19] [--starts CA,WY,IA,TX,GA,PA]

For every start and seed, deals the seeded hand (2 red + 10 blue), plans it (all 47 drops
the rules allow, every order and direction) with and without a construction letter, and
prints the median and worst time per plan and the spread of the plans' lengths.
"""

from __future__ import annotations

import argparse
import statistics
import time

from sheetgen.games.byways.planner import plan
from sheetgen.games.byways.roadmap import LETTERS, find_roadmap
from sheetgen.games.byways.rules import deal_hand


def _seeds(text: str) -> list[int]:
    if "-" in text:
        lo, hi = text.split("-")
        return list(range(int(lo), int(hi) + 1))
    return [int(s) for s in text.split(",")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="0-19")
    parser.add_argument("--starts", default="CA,WY,IA,TX,GA,PA")
    args = parser.parse_args()
    road = find_roadmap()
    seeds = _seeds(args.seeds)
    print(f"byways: {len(road.map.spaces)} spaces, {len(road.byways)} byways; "
          f"seeds {seeds[0]}-{seeds[-1]}, hands of 12")
    print(f"{'start':<6} {'avoid':<6} {'plans':>5} {'median ms':>10} {'max ms':>8} "
          f"{'spaces min/median/max':>22}")
    for state in args.starts.split(","):
        start = road.starts[state]
        for avoid in (None, "letter"):
            times, lengths = [], []
            for seed in seeds:
                hand = deal_hand(road, seed)
                letter = LETTERS[seed % 5] if avoid else None
                t0 = time.perf_counter()
                result = plan(road, start, hand, letter)
                times.append((time.perf_counter() - t0) * 1000)
                lengths.append(result.spaces)
            print(f"{state:<6} {'A-E' if avoid else '-':<6} {len(times):>5} "
                  f"{statistics.median(times):>10.1f} {max(times):>8.1f} "
                  f"{min(lengths):>8}/{statistics.median(lengths):.0f}/{max(lengths)}")


if __name__ == "__main__":
    main()
