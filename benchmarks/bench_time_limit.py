"""How closely ``--time-limit`` holds: the wall time of whole commands against the limit.

    python benchmarks/bench_time_limit.py [--limits 10,20,40] [--seed 7] [--maps usa]

Each run is the command line in a process of its own, timed from outside (start-up
included): ``script MAP --seed N --perfect`` to a CSV and to a PDF, and ``kit MAP
--perfect``. The table gives the wall time, how far it is from the limit (the promise is
within 10 %), and the load average when it ran: the limit is kept on a busy machine too,
where the board found may be weaker.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def wall(args: list[str]) -> float:
    command = [sys.executable, "-c", "from sheetgen.cli import main; main()", *args]
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)}: {done.stderr}")
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limits", default="10,20,40")
    parser.add_argument("--seed", default="7")
    parser.add_argument("--maps", default="usa")
    args = parser.parse_args(argv)
    print("| command | limit s | wall s | off by | load |")
    print("|---|---:|---:|---:|---:|")
    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        for map_id in args.maps.split(","):
            for limit in (float(v) for v in args.limits.split(",")):
                base = ["--perfect", "--time-limit", f"{limit:g}"]
                jobs = [
                    (f"script {map_id} (CSV)", ["script", map_id, "--seed", args.seed, *base,
                                                "-o", str(out / "p.csv")]),
                    (f"script {map_id} (PDF)", ["script", map_id, "--seed", args.seed, *base,
                                                "-o", str(out / "p.pdf")]),
                    (f"kit {map_id}", ["kit", map_id, "--seed", args.seed, *base,
                                       "-o", str(out / "k.pdf")]),
                ]
                for label, command in jobs:
                    load = os.getloadavg()[0]
                    seconds = wall(command)
                    off = (seconds - limit) / limit
                    worst = max(worst, abs(off))
                    print(f"| {label} | {limit:g} | {seconds:.1f} | {off:+.0%} | {load:.1f} |")
    print(f"\nworst: {worst:.0%} off the limit")
    return 0


if __name__ == "__main__":
    sys.exit(main())
