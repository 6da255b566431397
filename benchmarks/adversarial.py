"""Legal boards built to be hard for the route search, by class, and a hill climber.

    python benchmarks/adversarial.py [--maps usa,europe,paris] [--boards 20] [--seed 1]
        [--classes ...] [--climb SECONDS] [--keep DIR] [--cpsat]
    python benchmarks/adversarial.py --again tests/data/boards/adversarial/*.csv [--cpsat]

A board is legal when every space holds a number 0-99, a star or an X, circled or not,
or is left empty: ``sheetgen score`` must answer for every such board. The classes aim at
what makes the search long: runs of equal numbers (a route may cross a run back and forth,
and the search must prove how far), stars that join the runs, and stars where the runs
hang together.

- ``cut-stars``: long runs of equal numbers along a walk over the map, stars on the
  articulation points of the runs (the spaces whose removal splits a run);
- ``starred-docks`` (maps with docks): every dock a star, over two runs, three runs, or
  runs of varied length;
- ``interleaved``: two or three numbers alternating in runs of 2-6 spaces along the
  walk, some stars;
- ``big-rises``: a few numbers far apart, each in a long run, with 4-10 stars scattered;
- ``long-runs``: one or two numbers in runs of 10-25 spaces, a few stars and X.

The climber starts from a class's hardest board and changes one space at a time (a
number to a neighbour's number or another of the board's numbers, a star, an X, a
circle), keeping a change when the scorer works no less: its search states, plus the
constraint model's deterministic time where the search hands the board on (both the
same on every machine). Prints, per map and class, the scorer's CPU time per board
(median and max), its most search states, how many boards went on to the model and the
model's most work, and the peak memory of ``sheetgen score`` on the class's hardest board
(the most work; in a process of its own); with ``--cpsat`` the textbook CP-SAT model's
time (median and max, stopped at ``TEXTBOOK_LIMIT``) and how many boards both score the
same, proven by both.
``--again`` measures kept boards one by one, with the peak memory of ``sheetgen score``
on each in a process of its own. ``--pure`` measures the scorer as it is without
OR-Tools.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "games" / "ontour"))

from bench_score import _walk_order  # noqa: E402

from sheetgen.games.ontour import route  # noqa: E402
from sheetgen.games.ontour.grammar import format_boards, parse_boards  # noqa: E402
from sheetgen.games.ontour.route import cpsat  # noqa: E402
from sheetgen.games.ontour.score import dock_jumps, route_graph  # noqa: E402
from sheetgen.maps import find_map  # noqa: E402
from sheetgen.model import Board, Cell, CellKind, Map, SpaceId  # noqa: E402

BoardMaker = Callable[[Map, random.Random, int], Board]


def articulation_points(nodes: set[SpaceId], game_map: Map) -> set[SpaceId]:
    """The spaces of ``nodes`` whose removal splits the part of the map they span."""
    points: set[SpaceId] = set()
    for sid in sorted(nodes):
        rest = nodes - {sid}
        before = _pieces(rest | {sid}, game_map)
        if _pieces(rest, game_map) > before:
            points.add(sid)
    return points


def _pieces(nodes: set[SpaceId], game_map: Map) -> int:
    seen: set[SpaceId] = set()
    count = 0
    for sid in sorted(nodes):
        if sid in seen:
            continue
        count += 1
        stack = [sid]
        seen.add(sid)
        while stack:
            u = stack.pop()
            for v in game_map.neighbours[u]:
                if v in nodes and v not in seen:
                    seen.add(v)
                    stack.append(v)
    return count


def _runs(game_map: Map, rng: random.Random, lengths: tuple[int, int],
          values: list[int]) -> dict[SpaceId, int]:
    """Numbers in runs along a walk: each run ``lengths`` spaces long, its number the
    next of ``values`` (cycling)."""
    order = _walk_order(game_map, rng)
    out: dict[SpaceId, int] = {}
    i = k = 0
    while i < len(order):
        size = rng.randint(*lengths)
        for sid in order[i:i + size]:
            out[sid] = values[k % len(values)]
        i += size
        k += 1
    return out


def _rising(rng: random.Random, count: int, step: tuple[int, int]) -> list[int]:
    value = rng.randint(0, 20)
    out = []
    for _ in range(count):
        out.append(min(value, 99))
        value += rng.randint(*step)
    return out


def _board(game_map: Map, name: str, numbers: dict[SpaceId, int], stars: set[SpaceId],
           crosses: set[SpaceId], rng: random.Random) -> Board:
    cells: dict[SpaceId, Cell] = {}
    for sid in game_map.space_ids:
        circled = rng.random() < 1 / 3
        if sid in crosses:
            cells[sid] = Cell.cross()
        elif sid in stars:
            cells[sid] = Cell.star(circled)
        else:
            cells[sid] = Cell.number(numbers[sid], circled)
    return Board(game_map.id, name, cells)


def cut_stars(game_map: Map, rng: random.Random, index: int) -> Board:
    numbers = _runs(game_map, rng, (8, 20), _rising(rng, 6, (1, 12)))
    stars: set[SpaceId] = set()
    for value in sorted(set(numbers.values())):
        run = {s for s, v in numbers.items() if v == value}
        cut = sorted(articulation_points(run, game_map))
        stars |= set(rng.sample(cut, min(len(cut), rng.randint(1, 4))))
    extra = rng.randint(0, 3)
    stars |= set(rng.sample(game_map.space_ids, extra))
    return _board(game_map, f"cut-stars-{index}", numbers, stars, set(), rng)


def starred_docks(game_map: Map, rng: random.Random, index: int) -> Board:
    kind = index % 3
    if kind == 0:  # two runs
        numbers = _runs(game_map, rng, (15, 25), _rising(rng, 2, (1, 20)))
    elif kind == 1:  # three runs
        numbers = _runs(game_map, rng, (10, 16), _rising(rng, 3, (1, 20)))
    else:  # runs of varied length
        numbers = _runs(game_map, rng, (3, 18), _rising(rng, 6, (0, 10)))
    stars = {d.space for d in game_map.docks}
    stars |= set(rng.sample(game_map.space_ids, rng.randint(0, 2)))
    return _board(game_map, f"starred-docks-{index}", numbers, stars, set(), rng)


def interleaved(game_map: Map, rng: random.Random, index: int) -> Board:
    count = rng.randint(2, 3)
    values = _rising(rng, count, (1, 30))
    numbers = _runs(game_map, rng, (2, 6), values)
    stars = set(rng.sample(game_map.space_ids, rng.randint(1, 5)))
    return _board(game_map, f"interleaved-{index}", numbers, stars, set(), rng)


def big_rises(game_map: Map, rng: random.Random, index: int) -> Board:
    numbers = _runs(game_map, rng, (6, 14), _rising(rng, rng.randint(3, 5), (15, 30)))
    stars = set(rng.sample(game_map.space_ids, rng.randint(4, 10)))
    return _board(game_map, f"big-rises-{index}", numbers, stars, set(), rng)


def long_runs(game_map: Map, rng: random.Random, index: int) -> Board:
    numbers = _runs(game_map, rng, (10, 25), _rising(rng, rng.randint(1, 2), (1, 20)))
    special = rng.sample(game_map.space_ids, rng.randint(2, 8))
    cut = rng.randint(0, len(special) // 2)
    return _board(game_map, f"long-runs-{index}", numbers, set(special[cut:]),
                  set(special[:cut]), rng)


CLASSES: dict[str, BoardMaker] = {
    "cut-stars": cut_stars,
    "starred-docks": starred_docks,
    "interleaved": interleaved,
    "big-rises": big_rises,
    "long-runs": long_runs,
}


def classes_for(game_map: Map) -> list[str]:
    return [c for c in CLASSES if c != "starred-docks" or game_map.docks]


MODEL_WEIGHT = 50_000
"""Search states per unit of CP-SAT's deterministic time in ``Effort.units``: about what
the search does in the CPU time CP-SAT takes for one unit."""


@dataclass(frozen=True)
class Effort:
    """What the scorer did on one board: the search's states, and when the search handed
    the board on, the model's branches and deterministic time; its score and CPU time."""

    score: int
    method: str
    states: int
    branches: int
    model_time: float
    ms: float

    @property
    def units(self) -> float:
        """The climber's measure: states, plus the model's work in states."""
        return self.states + MODEL_WEIGHT * self.model_time


def effort(game_map: Map, board: Board) -> Effort:
    """``sheetgen score``'s solver on one board (the portfolio of ``route.solve``), its
    model's work read from the model directly."""
    graph, _ = route_graph(game_map, board, dock_jumps(game_map) if game_map.docks else None)
    seen: list[cpsat.ModelResult | None] = []
    solve_model = cpsat.solve_model

    def watched(*args: object, **kwargs: object) -> cpsat.ModelResult | None:
        result = solve_model(*args, **kwargs)  # type: ignore[arg-type]
        seen.append(result)
        return result

    cpsat.solve_model = watched
    try:
        t0 = time.process_time()
        solution = route.solve(graph)
        ms = (time.process_time() - t0) * 1000
    finally:
        cpsat.solve_model = solve_model
    assert solution.proven_optimal
    # The model's work in all its turns (the portfolio may call it more than once).
    branches = sum(model.branches for model in seen if model is not None)
    model_time = sum(model.deterministic_time for model in seen if model is not None)
    return Effort(solution.total, solution.method, solution.states, branches, model_time, ms)


def mutate(game_map: Map, board: Board, rng: random.Random) -> Board:
    """One space changed: a neighbour's number, another of the board's numbers, a star,
    an X or the circle toggled."""
    cells = dict(board.cells)
    sid = rng.choice(game_map.space_ids)
    cell = cells.get(sid)
    numbers = sorted({c.value for c in cells.values() if c.value is not None})
    circled = cell is not None and cell.circled
    roll = rng.random()
    if roll < 0.35:
        nbr = cells.get(rng.choice(game_map.neighbours[sid]))
        if nbr is not None and nbr.kind is CellKind.NUMBER and nbr.value is not None:
            cells[sid] = Cell.number(nbr.value, circled)
        else:
            cells[sid] = Cell.star(circled)
    elif roll < 0.55 and numbers:
        cells[sid] = Cell.number(rng.choice(numbers), circled)
    elif roll < 0.75:
        cells[sid] = Cell.star(circled)
    elif roll < 0.85:
        cells[sid] = Cell.cross()
    elif cell is not None and cell.kind is not CellKind.CROSS:
        cells[sid] = Cell(cell.kind, cell.value, not cell.circled)
    return Board(board.map_id, board.player, cells)


def climb(game_map: Map, board: Board, rng: random.Random, seconds: float,
          log: Callable[[str], None],
          keep: Callable[[Board], None] = lambda board: None) -> tuple[Board, Effort]:
    """Hill climbing for ``seconds`` of CPU time on the scorer's work (``Effort.units``):
    a change is kept when it takes no less; ``keep`` is given each board that takes
    more."""
    best = effort(game_map, board)
    keep(board)
    end = time.process_time() + seconds
    tried = 0
    while time.process_time() < end:
        candidate = mutate(game_map, board, rng)
        found = effort(game_map, candidate)
        tried += 1
        if found.units >= best.units:
            if found.units > best.units:
                log(f"  {tried} changes: {found.units:,.0f} units ({found.method}, "
                    f"{found.states} states, model {found.model_time:.2f}, {found.ms:.0f} ms)")
                keep(candidate)
            board, best = candidate, found
    return board, best


def peak_memory(path: Path, pure: bool = False) -> tuple[float, float]:
    """CPU seconds and peak memory (MB) of ``sheetgen score PATH --json`` in a process of
    its own (``pure``: as without OR-Tools). The peak is the process's own high-water mark
    (``VmHWM``, Linux): ``ru_maxrss`` of a child starts from its parent's peak at the fork,
    so under a large parent (a test run) it would report the parent."""
    patch = ("from sheetgen.games.ontour.route import cpsat\n"
             "cpsat.available = lambda: False\n") if pure else ""
    code = ("import resource, sys, time\n"
            "from sheetgen.cli import main\n"
            + patch
            + "t = time.process_time()\n"
            "try:\n"
            f"    main(['score', {str(path)!r}, '--json'])\n"
            "except SystemExit:\n"
            "    pass\n"
            "peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
            "try:\n"
            "    with open('/proc/self/status') as status:\n"
            "        peak = next(int(line.split()[1]) for line in status\n"
            "                    if line.startswith('VmHWM:'))\n"
            "except (OSError, StopIteration):\n"
            "    pass\n"
            "print(time.process_time() - t, peak / 1024, file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    seconds, mb = done.stderr.split()[-2:]
    return float(seconds), float(mb)


TEXTBOOK_LIMIT = 300.0
"""Seconds the textbook model may take per board (past them it counts as unproven)."""


def _textbook(game_map: Map, board: Board) -> tuple[int, int, float]:
    """The textbook model's best score found, its bound, and its milliseconds."""
    from board_oracle import score_bounds

    low, high, seconds = score_bounds(game_map, board, TEXTBOOK_LIMIT)
    return low, high, seconds * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", default="usa,europe,paris")
    parser.add_argument("--boards", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--classes", default="all")
    parser.add_argument("--climb", type=float, default=0.0,
                        help="CPU seconds of hill climbing per map and class")
    parser.add_argument("--keep", type=Path, default=None,
                        help="write the hardest board of each map and class here as CSV")
    parser.add_argument("--cpsat", action="store_true",
                        help="also the textbook CP-SAT model on every board (its time, "
                             "and whether both agree)")
    parser.add_argument("--again", type=Path, nargs="*", default=(),
                        help="measure these kept boards (CSV) instead of generating")
    parser.add_argument("--pure", action="store_true",
                        help="as without OR-Tools: the search hands long boards to the "
                             "sweep and the search with bounded tables")
    args = parser.parse_args(argv)
    if args.pure:
        cpsat.available = lambda: False
    if args.again:
        return _again(args.again, args.cpsat, args.pure)
    print(f"{'map':<7} {'class':<14} {'n':>3} {'median ms':>9} {'max ms':>8} "
          f"{'max states':>10} {'to model':>8} {'max model':>9} {'MB':>6}"
          + (f" {'CP-SAT median':>13} {'max ms':>8} {'agree':>6}" if args.cpsat else ""))
    for map_id in args.maps.split(","):
        game_map = find_map(map_id)
        for name in classes_for(game_map):
            if args.classes != "all" and name not in args.classes.split(","):
                continue
            rng = random.Random(f"{args.seed}-{map_id}-{name}")
            boards = [CLASSES[name](game_map, rng, i) for i in range(args.boards)]
            efforts = [effort(game_map, b) for b in boards]
            line = _line(map_id, name, efforts)
            hardest = max(range(len(boards)), key=lambda i: efforts[i].units)
            line += f" {_memory(game_map, boards[hardest], args.pure):>6.1f}"
            if args.cpsat:
                theirs = [_textbook(game_map, b) for b in boards]
                agree = sum(t[0] == e.score == t[1]
                            for e, t in zip(efforts, theirs, strict=True))
                within = sum(t[0] <= e.score <= t[1]
                             for e, t in zip(efforts, theirs, strict=True))
                times = [t[2] for t in theirs]
                line += (f" {statistics.median(times):>13.1f} {max(times):>8.1f} "
                         f"{agree:>3}/{len(boards):<3}"
                         + (f" ({len(boards) - agree} unproven by it, "
                            f"{within - agree} within its bounds)" if agree < len(boards)
                            else ""))
            print(line, flush=True)
            if args.climb:
                worst = hardest
                target = (None if args.keep is None
                          else args.keep / f"{map_id}-{name}-{args.seed}.csv")

                def keep(board: Board, target: Path | None = target, name: str = name,
                         game_map: Map = game_map) -> None:
                    if target is not None:
                        target.parent.mkdir(parents=True, exist_ok=True)
                        named = Board(board.map_id, f"{name}-{args.seed}", board.cells)
                        target.write_text(format_boards(game_map, [named]), encoding="utf-8")

                board, found = climb(game_map, boards[worst], rng, args.climb,
                                     lambda text: print(text, flush=True), keep)
                print(f"  climbed: {found.units:,.0f} units, {found.method}, "
                      f"{found.states} states, model {found.model_time:.2f}, "
                      f"{found.ms:.0f} ms", flush=True)
    return 0


def _line(map_id: str, name: str, efforts: list[Effort]) -> str:
    ms = [e.ms for e in efforts]
    handed = sum(e.method != "search" for e in efforts)
    return (f"{map_id:<7} {name:<14} {len(efforts):>3} {statistics.median(ms):>9.1f} "
            f"{max(ms):>8.1f} {max(e.states for e in efforts):>10} {handed:>8} "
            f"{max(e.model_time for e in efforts):>9.2f}")


def _memory(game_map: Map, board: Board, pure: bool) -> float:
    """Peak memory (MB) of ``sheetgen score --json`` on ``board`` in a process of its own."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "board.csv"
        path.write_text(format_boards(game_map, [board]), encoding="utf-8")
        return peak_memory(path, pure)[1]


def _again(paths: list[Path], with_cpsat: bool, pure: bool) -> int:
    """Measure kept boards: the scorer's effort, CPU time and peak memory through
    ``sheetgen score`` in a process of its own, and the textbook model's time."""
    for path in paths:
        (board,) = parse_boards(path.read_text(encoding="utf-8"), str(path))[1]
        game_map = find_map(board.map_id)
        found = effort(game_map, board)
        seconds, mb = peak_memory(path, pure)
        line = (f"{path.name:<32} score {found.score:>3} {found.method:<6} "
                f"{found.states:>6} states  model {found.model_time:5.2f}  "
                f"{found.ms:7.1f} ms  command {seconds * 1000:7.1f} ms {mb:6.1f} MB")
        if with_cpsat:
            low, high, ms = _textbook(game_map, board)
            verdict = ("agrees" if low == found.score == high else
                       f"unproven, {low}-{high}" if low <= found.score <= high else "DIFFERS")
            line += f"  CP-SAT {ms:8.1f} ms {verdict}"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
