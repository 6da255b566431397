"""Memory, time and size of long documents: 4, 64 and 400 player sheets, and the
Highways & Byways board and kit.

    python benchmarks/bench_pages.py [--counts 4,64,400] [--maps usa]

Each job is one run of the command line in a process of its own (``sheetgen sheet usa -n
400 -o ...``); the table gives that process's peak resident memory and CPU time (from
``os.wait4``, so other work on the machine does not count), its wall time, and the PDF's
size and bytes a page. Peak memory should stay flat as the pages grow: the sheet is drawn
once and stored once, and each page adds only its name and code.
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


def run(args: list[str], out: Path) -> tuple[float, float, float, int]:
    """(peak MB, CPU s, wall s, bytes written) of ``sheetgen ARGS -o OUT``."""
    command = [sys.executable, "-c", "from sheetgen.cli import main; main()", *args,
               "-o", str(out)]
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"{' '.join(args)} failed: "
                         f"{process.stderr.read().decode() if process.stderr else ''}")
    peak_mb = usage.ru_maxrss / 1024  # kilobytes on Linux
    return peak_mb, usage.ru_utime + usage.ru_stime, wall, out.stat().st_size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--counts", default="4,64,400")
    parser.add_argument("--maps", default="usa")
    args = parser.parse_args(argv)
    jobs = [(f"sheet {m} -n {n}", ["sheet", m, "-n", str(n)], n)
            for m in args.maps.split(",") for n in (int(c) for c in args.counts.split(","))]
    jobs += [("sheet byways", ["sheet", "byways"], 17), ("kit byways", ["kit", "byways"], 0),
             ("kit usa", ["kit", "usa"], 0)]
    print(f"load average {os.getloadavg()[0]:.1f}")
    print("| job | peak MB | CPU s | wall s | PDF KB | KB a page |")
    print("|---|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for label, command, pages in jobs:
            peak, cpu, wall, size = run(command, Path(tmp) / "out.pdf")
            per_page = f"{size / 1024 / pages:.1f}" if pages else ""
            print(f"| {label} | {peak:.0f} | {cpu:.1f} | {wall:.1f} | {size / 1024:.0f} | "
                  f"{per_page} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
