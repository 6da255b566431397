"""Kits as `sheetgen kit` writes them: CPU seconds, pages and size, per game.

    python benchmarks/bench_kits.py [--paper a4] [--seed 1] [--runs 3] [--maps usa,...]

Each kit is made by the command itself in a child process (`sheetgen kit MAP --seed S
--paper P -o FILE`, eight sheets), so the time includes starting Python and loading the
package, as a user waits for it. The time is the child's CPU time (user + system, from
the operating system's accounting), the median of --runs; pages and bytes are the same on
every run and machine. README.md quotes this table.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from pypdf import PdfReader

KITS = ("usa", "europe", "paris", "germany", "byways")


def child_cpu() -> float:
    usage = os.times()
    return usage.children_user + usage.children_system


def sheetgen() -> str:
    """The installed command, beside this Python (a virtual environment's) or on the PATH."""
    beside = Path(sys.executable).with_name("sheetgen")
    found = str(beside) if beside.exists() else shutil.which("sheetgen")
    if found is None:
        sys.exit("bench_kits: the sheetgen command is not installed (pip install -e .)")
    return found


def measure(map_id: str, paper: str, seed: int, folder: Path) -> tuple[float, int, int]:
    target = folder / f"{map_id}-kit.pdf"
    before = child_cpu()
    subprocess.run([sheetgen(), "kit", map_id, "--seed", str(seed), "--paper", paper,
                    "-o", str(target)], check=True, capture_output=True)
    cpu = child_cpu() - before
    return cpu, len(PdfReader(target).pages), target.stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--paper", default="a4")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--maps", default=",".join(KITS))
    args = parser.parse_args()
    print(f"load average at the start: {os.getloadavg()[0]:.1f}")
    print("| kit | CPU s | pages | size |")
    print("|---|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for map_id in args.maps.split(","):
            runs = [measure(map_id, args.paper, args.seed, Path(tmp))
                    for _ in range(args.runs)]
            cpu = statistics.median(r[0] for r in runs)
            pages, size = runs[0][1], runs[0][2]
            assert all(r[1:] == (pages, size) for r in runs), "a kit changed between runs"
            print(f"| {map_id} | {cpu:.1f} | {pages} | {size // 1024} KB |", flush=True)
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
