"""Big inputs stay bounded: time and memory to read and score a club-sized scoring CSV.

    python benchmarks/bench_input.py [--players 1000] [--map usa] [--seed 1]

Boards are the realistic ones of bench_score.py (a long rising walk, stars, crosses, a
third circled), one column per player. Measures, each in a fresh process so the peak
memory is that step's own:

- reading: decode + parse the CSV (the reader alone), time and peak resident memory;
- ``sheetgen score --json``: the whole command (read, every route proven best, JSON),
  wall time and peak resident memory;
- the largest file the reader accepts (MAX_FILE_BYTES of cells), time to read it.

Prints a table.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_score import realistic  # noqa: E402

from sheetgen.csvio import MAX_FILE_BYTES  # noqa: E402
from sheetgen.games.ontour.grammar import format_boards  # noqa: E402
from sheetgen.maps import find_map  # noqa: E402

READ = """
import resource, sys, time
sys.path.insert(0, {root!r})
from pathlib import Path
from sheetgen.csvio import decode
from sheetgen.games.ontour.grammar import parse_boards
start = time.perf_counter()
data = Path({path!r}).read_bytes()
map_id, boards = parse_boards(decode(data, "x.csv").text, "x.csv")
took = time.perf_counter() - start
print(took, len(boards), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""

SCORE = """
import resource, sys, time
sys.path.insert(0, {root!r})
from sheetgen.cli import main
start = time.perf_counter()
try:
    main(["score", {path!r}, "--json"], standalone_mode=False)
finally:
    sys.stdout.flush()
    print(time.perf_counter() - start, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
          file=sys.stderr)
"""


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--map", default="usa")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    game_map = find_map(args.map)
    rng = random.Random(args.seed)
    boards = [realistic(game_map, rng, i) for i in range(args.players)]
    boards = [type(b)(b.map_id, f"Player {i + 1}", b.cells) for i, b in enumerate(boards)]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "club.csv"
        path.write_text(format_boards(game_map, boards), encoding="utf-8")
        size = path.stat().st_size

        read_s, count, read_kb = _run(READ.format(root=str(ROOT), path=str(path))
                                      ).stdout.split()
        assert int(count) == args.players
        done = _run(SCORE.format(root=str(ROOT), path=str(path)))
        score_s, score_kb = done.stderr.split()[-2:]
        players = json.loads(done.stdout)["players"]
        assert len(players) == args.players

        # the largest accepted file: as many columns as fit in MAX_FILE_BYTES
        per_player = size / args.players
        biggest = int(MAX_FILE_BYTES / per_player) - 1
        big = [type(boards[0])(game_map.id, f"P{i}", boards[i % len(boards)].cells)
               for i in range(biggest)]
        path.write_text(format_boards(game_map, big), encoding="utf-8")
        big_size = path.stat().st_size
        big_s, big_count, big_kb = _run(READ.format(root=str(ROOT), path=str(path))
                                        ).stdout.split()

    print(f"{'step':<44} {'players':>7} {'file':>9} {'time':>9} {'peak RSS':>9}")
    rows = [
        ("read (decode + parse)", args.players, size, float(read_s), int(read_kb)),
        ("sheetgen score --json (read, solve, JSON)", args.players, size, float(score_s),
         int(score_kb)),
        ("read the largest accepted file", int(big_count), big_size, float(big_s),
         int(big_kb)),
    ]
    for step, n, nbytes, seconds, kb in rows:
        print(f"{step:<44} {n:>7} {nbytes / 1024:>7.0f}KB {seconds:>8.2f}s "
              f"{kb / 1024:>7.0f}MB")
    print(f"per board: {float(score_s) / args.players * 1000:.1f} ms; "
          f"limit {MAX_FILE_BYTES} bytes")


if __name__ == "__main__":
    started = time.perf_counter()
    main()
    print(f"(benchmark took {time.perf_counter() - started:.0f} s)")
