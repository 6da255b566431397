"""Highways & Byways: seeded races of built-in drivers, against blind ones.

For 2, 3 and 4 players over SEEDS seeds: the rounds each seat took to get home (mean,
min, max), how often a driver's plan had to change, the same races with blind drivers
(each follows its first plan and waits where it is blocked), and the process CPU time per
race. With --vehicles, each vehicle in seat 1 of a two-player race, against its first
plan's turns: the rounds over a perfect drive (lower is better), which orders the
built-in driver's choice of vehicle.

    python benchmarks/bench_byways_race.py [SEEDS] [--vehicles]   # default 50 seeds
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sheetgen.games.byways.decks import Vehicle, event_deck, vehicles  # noqa: E402
from sheetgen.games.byways.driver import BuiltInDriver  # noqa: E402
from sheetgen.games.byways.race import Race, find_course, run_race  # noqa: E402
from sheetgen.games.byways.rules import make_setup  # noqa: E402


def race(seed: int, players: int, blind: bool) -> tuple[Race, float]:
    course = find_course()
    setup = make_setup(course.road, seed, players, len(event_deck()))
    t0 = time.process_time()
    result = run_race(course, setup, [BuiltInDriver(course, blind=blind)
                                      for _ in range(players)])
    return result, time.process_time() - t0


def main(seeds: int) -> None:
    find_course().distances("dallas")  # load the board before timing
    print(f"Highways & Byways, seeds 0-{seeds - 1}, load average "
          f"{os.getloadavg()[0]:.1f}")
    print("| players | driver | seat | mean round home | min | max | plan changes (mean) |")
    print("|---:|---|---:|---:|---:|---:|---:|")
    summary = []
    for players in (2, 3, 4):
        times: list[float] = []
        means = {}
        for blind in (False, True):
            rounds: dict[int, list[int]] = {s: [] for s in range(1, players + 1)}
            changes: dict[int, list[int]] = {s: [] for s in range(1, players + 1)}
            for seed in range(seeds):
                result, cpu = race(seed, players, blind)
                if not blind:
                    times.append(cpu)
                for s in result.seats:
                    rounds[s.seat].append(s.home_round)
                    changes[s.seat].append(s.replans)
            name = "blind" if blind else "built-in"
            for seat in range(1, players + 1):
                xs = rounds[seat]
                print(f"| {players} | {name} | {seat} | {statistics.mean(xs):.2f} | "
                      f"{min(xs)} | {max(xs)} | {statistics.mean(changes[seat]):.2f} |")
            means[name] = statistics.mean(x for xs in rounds.values() for x in xs)
            if not blind:
                summary.append((players, max(x for xs in rounds.values() for x in xs)))
        print(f"| {players} | all seats | | built-in {means['built-in']:.2f}, blind "
              f"{means['blind']:.2f} | | | |")
        print(f"CPU per race, {players} built-in drivers: median "
              f"{statistics.median(times):.2f} s, max {max(times):.2f} s")
    print("latest car home: " + ", ".join(f"{p} players round {r}" for p, r in summary))


class Forced(BuiltInDriver):
    def __init__(self, vehicle: Vehicle) -> None:
        super().__init__(find_course())
        self.forced = vehicle

    def pick_vehicle(self, free: object) -> Vehicle:
        return self.forced


def by_vehicle(seeds: int) -> None:
    course = find_course()
    print("| vehicle in seat 1 of 2 | rounds over its plan's turns (mean) |")
    print("|---|---:|")
    for v in vehicles():
        over = []
        for seed in range(seeds):
            setup = make_setup(course.road, seed, 2, len(event_deck()))
            result = run_race(course, setup, [Forced(v), BuiltInDriver(course)])
            s = result.seats[0]
            over.append(s.home_round - -(-s.plan_spaces // 6))
        print(f"| {v.name} | {statistics.mean(over):.2f} |")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    count = int(args[0]) if args else 50
    if "--vehicles" in sys.argv:
        by_vehicle(count)
    else:
        main(count)
