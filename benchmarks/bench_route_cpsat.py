"""The route solver against a general-purpose model of the same problem (OR-Tools CP-SAT).

    python benchmarks/bench_route_cpsat.py [--maps usa,europe,paris] [--boards 200]
        [--seed 1] [--kinds equal-runs,all-star,half-star]

Needs the optional extra: pip install 'sheetgen[perfect]'.

The boards are those of bench_score.py (same classes, same seeds, so the same boards). The
model (tests/games/ontour/board_oracle.py, the tests' oracle on full maps) is the textbook
one: a circuit through a dummy node (``AddCircuit``; a space off the route takes a
self-loop) over the map's links in both directions and, on Paris, a ride arc from every
dock to every other (at most one ride at each dock, as the rules say); a value per space
on the route (a number's own, a star's free in 0-99) that never decreases along an arc;
maximise spaces + circled spaces + ride points. One worker, like the route solver's one
thread. CP-SAT's time is the process's CPU time during its solve (the Python model build
left out, in its favour); the route solver's is the process's CPU time, as in bench_score.py.
Every board must get the same score from both, proven optimal by both; the last column
counts the boards where that holds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "games" / "ontour"))

from bench_score import KINDS  # noqa: E402
from board_oracle import cp_sat_route  # noqa: E402

from sheetgen.games.ontour.score import best_route  # noqa: E402
from sheetgen.maps import find_map  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", default="usa,europe,paris")
    parser.add_argument("--boards", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kinds", default="equal-runs,all-star,half-star",
                        help="comma-separated: " + ", ".join(k[0] for k in KINDS))
    args = parser.parse_args(argv)
    try:
        import ortools  # noqa: F401
    except ImportError:
        print("needs OR-Tools: pip install 'sheetgen[perfect]'", file=sys.stderr)
        return 2
    print(f"{'map':<8} {'boards':<11} {'n':>4} {'CP-SAT median':>14} {'max ms':>8} "
          f"{'solver median':>14} {'max ms':>8} {'agree':>7}")
    for map_id in args.maps.split(","):
        game_map = find_map(map_id)
        for kind, maker, share, _, _ in KINDS:
            if kind not in args.kinds.split(","):
                continue
            rng = random.Random(f"{args.seed}-{map_id}-{kind}")  # bench_score.py's boards
            count = max(3, int(args.boards * share))
            boards = [maker(game_map, rng, i) for i in range(count)]
            theirs: list[float] = []
            ours: list[float] = []
            agree = 0
            for board in boards:
                score, proven, seconds = cp_sat_route(game_map, board)
                theirs.append(seconds * 1000)
                t0 = time.process_time()
                result = best_route(game_map, board)
                ours.append((time.process_time() - t0) * 1000)
                agree += proven and result.proven_optimal and score == result.score
            print(f"{map_id:<8} {kind:<11} {count:>4} {statistics.median(theirs):>14.2f} "
                  f"{max(theirs):>8.1f} {statistics.median(ours):>14.2f} {max(ours):>8.1f} "
                  f"{agree:>3}/{count:<3}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
