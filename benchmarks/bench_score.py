"""Time to the proven-best On Tour route, on realistic and adversarial boards.

    python benchmarks/bench_score.py [--maps usa,europe,paris] [--boards 200] [--seed 1]
        [--max-states N]

Player boards are finished games of the built-in player on seeded scripts. Realistic
boards imitate finished games without playing them, so they are quick to make in numbers:
the numbers (two-digit dice numbers, so many ties) rise along a long random walk over the
map with some out-of-place numbers, 2-4 stars, a few crosses and about a third of the
spaces circled. Adversarial boards: every space a star; every space a star but a few X;
half the spaces stars and the rest one number; two values only; long runs of equal
numbers with some stars; every space the same number. Every adversarial class has the same
target as the worst a player should ever wait: max <= 100 ms. Times are the process's CPU
time per board, so other work on a shared machine inflates them less (but still does: a
busy machine runs slower); the most search states a board of the class took (the
solver's effort) is the same on every machine and every run. Prints a table and whether
each target is met.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable

from sheetgen.games.ontour.score import best_route
from sheetgen.maps import UnknownMapError, find_map, map_ids
from sheetgen.model import Board, Cell, Map

BoardMaker = Callable[[Map, random.Random, int], Board]


def _walk_order(game_map: Map, rng: random.Random) -> list[str]:
    """The spaces in the order of a randomised depth-first walk: long runs of neighbours."""
    start = rng.choice(game_map.space_ids)
    order: list[str] = []
    seen: set[str] = set()
    stack = [start]
    while stack:
        sid = stack.pop()
        if sid in seen:
            continue
        seen.add(sid)
        order.append(sid)
        nbrs = [n for n in game_map.neighbours[sid] if n not in seen]
        rng.shuffle(nbrs)
        stack.extend(nbrs)
    order += [s for s in game_map.space_ids if s not in seen]
    return order


def _dice_number(rng: random.Random) -> int:
    while True:
        a, b = rng.randrange(10), rng.randrange(10)
        if a != b:
            return 10 * a + b


def realistic(game_map: Map, rng: random.Random, index: int) -> Board:
    order = _walk_order(game_map, rng)
    numbers = sorted(_dice_number(rng) for _ in order)
    for _ in range(len(order) // 4):  # out-of-place numbers
        i, j = rng.randrange(len(order)), rng.randrange(len(order))
        numbers[i], numbers[j] = numbers[j], numbers[i]
    cells: dict[str, Cell] = {}
    special = rng.sample(range(len(order)), rng.randint(2, 4) + rng.randint(0, 3))
    stars = set(special[: rng.randint(2, 4)])
    crosses = set(special) - stars
    for i, sid in enumerate(order):
        circled = rng.random() < 1 / 3
        if i in crosses:
            cells[sid] = Cell.cross()
        elif i in stars:
            cells[sid] = Cell.star(circled)
        else:
            cells[sid] = Cell.number(numbers[i], circled)
    return Board(game_map.id, f"realistic-{index}", cells)


def played(game_map: Map, rng: random.Random, index: int) -> Board:
    """The built-in player's finished board for a seeded game (about 0.7 s to play)."""
    from sheetgen.games.ontour.players.game import play
    from sheetgen.games.ontour.players.planner import PlannerPlayer
    from sheetgen.games.ontour.rules import make_script

    script = make_script(game_map, rng.randrange(1_000_000))
    return play(game_map, script, PlannerPlayer()).board


def all_stars(game_map: Map, rng: random.Random, index: int) -> Board:
    return Board(game_map.id, f"stars-{index}",
                 {sid: Cell.star(rng.random() < 1 / 3) for sid in game_map.space_ids})


def equal_runs(game_map: Map, rng: random.Random, index: int) -> Board:
    """Few distinct numbers in long runs along a walk, some stars."""
    order = _walk_order(game_map, rng)
    cells: dict[str, Cell] = {}
    value = rng.randint(0, 20)
    for i, sid in enumerate(order):
        if i % rng.randint(6, 12) == 0:
            value += rng.randint(0, 15)
        circled = rng.random() < 1 / 3
        cells[sid] = (Cell.star(circled) if rng.random() < 0.08
                      else Cell.number(min(value, 99), circled))
    return Board(game_map.id, f"runs-{index}", cells)


def stars_and_crosses(game_map: Map, rng: random.Random, index: int) -> Board:
    """Every space a star except 2-5 crosses: a Hamiltonian-path maze with holes."""
    crosses = set(rng.sample(game_map.space_ids, rng.randint(2, 5)))
    return Board(game_map.id, f"stars-x-{index}",
                 {sid: Cell.cross() if sid in crosses else Cell.star(rng.random() < 1 / 3)
                  for sid in game_map.space_ids})


def half_stars(game_map: Map, rng: random.Random, index: int) -> Board:
    """Half the spaces stars, the rest one number."""
    stars = set(rng.sample(game_map.space_ids, len(game_map.space_ids) // 2))
    value = rng.randrange(100)
    return Board(game_map.id, f"half-{index}",
                 {sid: Cell.star(rng.random() < 1 / 3) if sid in stars
                  else Cell.number(value, rng.random() < 1 / 3)
                  for sid in game_map.space_ids})


def two_values(game_map: Map, rng: random.Random, index: int) -> Board:
    """Two numbers only, scattered at random."""
    low = rng.randrange(99)
    high = rng.randint(low + 1, 99)
    return Board(game_map.id, f"two-{index}",
                 {sid: Cell.number(rng.choice((low, high)), rng.random() < 1 / 3)
                  for sid in game_map.space_ids})


def all_equal(game_map: Map, rng: random.Random, index: int) -> Board:
    return Board(game_map.id, f"equal-{index}",
                 {sid: Cell.number(42, rng.random() < 1 / 3) for sid in game_map.space_ids})


# (kind, maker, boards as a fraction of --boards, target median ms, target max ms)
KINDS: list[tuple[str, BoardMaker, float, float | None, float | None]] = [
    ("realistic", realistic, 1.0, 2.0, 50.0),
    ("player", played, 0.2, 2.0, 50.0),
    ("all-star", all_stars, 0.1, None, 100.0),
    ("stars-x", stars_and_crosses, 0.1, None, 100.0),
    ("half-star", half_stars, 0.1, None, 100.0),
    ("two-values", two_values, 0.1, None, 100.0),
    ("equal-runs", equal_runs, 0.25, None, 100.0),
    ("all-equal", all_equal, 0.1, None, 100.0),
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", default="usa,europe")
    parser.add_argument("--boards", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kinds", default="all",
                        help="comma-separated: " + ", ".join(k[0] for k in KINDS))
    parser.add_argument("--max-states", type=int, default=None,
                        help="search states per board before giving up unproven (the "
                             "'proven' column counts the boards solved exactly)")
    args = parser.parse_args(argv)
    print(f"{'map':<8} {'boards':<11} {'n':>4} {'median ms':>10} {'max ms':>8} "
          f"{'max states':>10} {'proven':>7} {'mean score':>10}  target")
    all_met = True
    for map_id in args.maps.split(","):
        try:
            game_map = find_map(map_id)
        except UnknownMapError:
            print(f"{map_id:<8} (not available; maps: {', '.join(map_ids())})")
            continue
        if not game_map.edges:
            print(f"{map_id:<8} (no links in the map data yet)")
            continue
        for kind, maker, share, target_median, target_max in KINDS:
            if args.kinds != "all" and kind not in args.kinds.split(","):
                continue
            rng = random.Random(f"{args.seed}-{map_id}-{kind}")
            count = max(3, int(args.boards * share))
            boards = [maker(game_map, rng, i) for i in range(count)]
            times: list[float] = []
            scores: list[int] = []
            states: list[int] = []
            proven = 0
            for board in boards:
                t0 = time.process_time()
                result = best_route(game_map, board, args.max_states)
                times.append((time.process_time() - t0) * 1000)
                scores.append(result.score)
                states.append(result.states)
                proven += result.proven_optimal
            median, worst = statistics.median(times), max(times)
            verdicts = []
            if target_median is not None:
                ok = median <= target_median
                all_met &= ok
                verdicts.append(f"median <= {target_median:g} ms {'met' if ok else 'MISSED'}")
            if target_max is not None:
                ok = worst <= target_max
                all_met &= ok
                verdicts.append(f"max <= {target_max:g} ms {'met' if ok else 'MISSED'}")
            print(f"{map_id:<8} {kind:<11} {count:>4} {median:>10.2f} {worst:>8.1f} "
                  f"{max(states):>10} {proven:>3}/{count:<3} {statistics.mean(scores):>10.1f}  "
                  + "; ".join(verdicts), flush=True)
    print("all targets met" if all_met else "some targets missed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
