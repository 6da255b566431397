"""The route solver's constraint model on the boards the search hands to it.

    python benchmarks/bench_model.py [--boards DIR_OR_CSV ...] [--cache FILE]
        [--set name=value ...] [--baseline] [--only SUBSTRING]

Needs the optional extra: pip install 'sheetgen[perfect]'.

The fixed set: every board of ``adversarial.py``'s classes (seed 1, 20 per class) and of
``bench_score.py``'s classes (seed 1 on every map, and seeds 2 and 3 of Paris's long runs)
that the search does not prove within ``route.SEARCH_LIMIT`` states, plus the kept hard
boards given with ``--boards`` (CSV files or folders of them; by default
``tests/data/boards/adversarial/``). Each board goes to ``cpsat.solve_model`` exactly as
``route.solve`` hands it on: the graph and the search's best route as the hint. The
search is run once per board and the set stored in ``--cache`` (built when missing).

Printed per board: the model's deterministic time (CP-SAT's machine-independent measure
of work, about seconds of one core), its branches and its CPU time, then the total, the
worst and the median of each over the set. ``--params`` passes CP-SAT parameters (text
form) on top of the model's own (to compare settings; with a ``max_deterministic_time``
there, a board it stops on unproven is marked ``?``); ``--plain`` builds the model
without its ranks and layer constraints (as it was before them). With ``--check FILE``
every board's total is checked against the run that wrote FILE, so a faster model that
answers differently shows up.
"""

from __future__ import annotations

import argparse
import pickle
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from adversarial import CLASSES, classes_for  # noqa: E402
from bench_score import KINDS  # noqa: E402

from sheetgen.games.ontour import route  # noqa: E402
from sheetgen.games.ontour.grammar import parse_boards  # noqa: E402
from sheetgen.games.ontour.route import cpsat  # noqa: E402
from sheetgen.games.ontour.route.graph import RouteGraph, Step  # noqa: E402
from sheetgen.games.ontour.route.search import _search_solve  # noqa: E402
from sheetgen.games.ontour.score import dock_jumps, route_graph  # noqa: E402
from sheetgen.maps import find_map  # noqa: E402
from sheetgen.model import Board  # noqa: E402


@dataclass(frozen=True)
class Case:
    """One board as the model receives it."""

    name: str
    graph: RouteGraph
    hint: tuple[Step, ...]
    found: int
    """The search's best total."""


def _case(name: str, board: Board) -> Case | None:
    game_map = find_map(board.map_id)
    graph, _ = route_graph(game_map, board, dock_jumps(game_map) if game_map.docks else None)
    best = _search_solve(graph, None, route.SEARCH_LIMIT)
    if best.proven_optimal:
        return None
    return Case(name, graph, best.steps, best.total)


def collect(kept: list[Path]) -> list[Case]:
    cases: list[Case] = []

    def add(name: str, board: Board) -> None:
        case = _case(name, board)
        if case is not None:
            cases.append(case)
            print(f"  {name}: search {case.found}", file=sys.stderr)

    for path in kept:
        for board in parse_boards(path.read_text(encoding="utf-8"), str(path))[1]:
            add(path.stem, board)
    for map_id in ("usa", "europe", "paris"):
        game_map = find_map(map_id)
        for name in classes_for(game_map):
            rng = random.Random(f"1-{map_id}-{name}")
            for i in range(20):
                add(f"{map_id} {name} {i}", CLASSES[name](game_map, rng, i))
        for kind, maker, share, _, _ in KINDS:
            seeds = (1, 2, 3) if map_id == "paris" and kind == "equal-runs" else (1,)
            for seed in seeds:
                rng = random.Random(f"{seed}-{map_id}-{kind}")
                for i in range(max(3, int(200 * share))):
                    add(f"{map_id} {kind} s{seed} {i}", maker(game_map, rng, i))
    return cases


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    root = Path(__file__).resolve().parents[1]
    parser.add_argument("--boards", type=Path, nargs="*",
                        default=[root / "tests" / "data" / "boards" / "adversarial"])
    parser.add_argument("--cache", type=Path, default=Path("/tmp/bench_model.pkl"))
    parser.add_argument("--params", default="",
                        help="CP-SAT parameters in text form, over the model's own")
    parser.add_argument("--plain", action="store_true",
                        help="the model without its ranks and layer constraints")
    parser.add_argument("--only", default="")
    parser.add_argument("--check", type=Path, default=None,
                        help="totals of an earlier run (written when missing)")
    args = parser.parse_args(argv)
    if not cpsat.available():
        print("needs OR-Tools: pip install 'sheetgen[perfect]'", file=sys.stderr)
        return 2
    if args.cache.exists():
        cases: list[Case] = pickle.loads(args.cache.read_bytes())
    else:
        kept = sorted(p for b in args.boards
                      for p in ([b] if b.is_file() else b.glob("*.csv")))
        cases = collect(kept)
        args.cache.write_bytes(pickle.dumps(cases))
    expected: dict[str, int] = {}
    if args.check is not None and args.check.exists():
        expected = {k: int(v) for k, v in
                    (line.split("\t") for line in args.check.read_text().splitlines())}
    totals: dict[str, int] = {}
    work: list[float] = []
    branches: list[int] = []
    cpu: list[float] = []
    for case in cases:
        if args.only not in case.name:
            continue
        t0 = time.process_time()
        result = cpsat.solve_model(case.graph, case.hint, parameters=args.params,
                                   plain=args.plain)
        seconds = time.process_time() - t0
        if result is None:
            print(f"{case.name:<36} UNPROVEN (stopped at its memory) "
                  f"{seconds * 1000:8.1f} ms", flush=True)
            cpu.append(seconds)
            continue
        if result.proven:  # (unproven: stopped at a work limit in --params)
            totals[case.name] = max(result.total, case.found)
        if case.name in expected and expected[case.name] != totals.get(case.name):
            print(f"DIFFERS {case.name}: {totals[case.name]} vs {expected[case.name]}")
        work.append(result.deterministic_time)
        branches.append(result.branches)
        cpu.append(seconds)
        shown = f"{max(result.total, case.found):>3}" + ("" if result.proven else "?")
        print(f"{case.name:<36} {shown} (search {case.found:>3})  "
              f"{result.deterministic_time:7.3f} det  "
              f"{result.branches:>8} branches  {seconds * 1000:8.1f} ms", flush=True)
    if not work:
        return 0
    if args.check is not None and not expected:
        args.check.write_text("".join(f"{k}\t{v}\n" for k, v in totals.items()))
    print(f"{len(work)} boards: deterministic time total {sum(work):.2f}, worst "
          f"{max(work):.2f}, median {statistics.median(work):.3f}; branches total "
          f"{sum(branches)}, median {statistics.median(branches):.0f}; CPU total "
          f"{sum(cpu):.1f} s, worst {max(cpu):.2f} s, "
          f"median {statistics.median(cpu) * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
