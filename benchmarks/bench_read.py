"""How well and how fast `sheetgen read` reads photos of filled sheets.

    python benchmarks/bench_read.py [--photos 32] [--seed 1] [--threshold 0.9]
                                    [--cache FILE]

The corpus is made by the project (``sheetgen.read.synth.corpus``): sheets of every map
(usa, europe, paris, germany) on A4 and Letter, each a seeded game's finished board (the
built-in player's) written in a font the glyph classifier was not trained on or with
held-out handwritten digits, then photographed in software: perspective up to 20 degrees,
any rotation, blur, a shadow gradient, JPEG quality 50-90, 150-300 dpi. Every cell is
scored against what was written: right, flagged (written ?) or wrong and not flagged.
The goal: at least 99 % right, no wrong cell unflagged at the default threshold, at most
2 s per photo. Times are the process's CPU time from the photo's bytes to the readings
(decoding, finding the sheet, straightening, reading every circle, the seed's check),
median and maximum. A table at a few thresholds shows the trade between right and
flagged. Making the corpus takes minutes of CPU: ``--cache FILE`` keeps it (a pickle this
script writes on the first run and reads on later ones, for the same photos and seed).
"""

from __future__ import annotations

import argparse
import pickle
import statistics
import sys
import time
from pathlib import Path

import cv2
import numpy as np

from sheetgen.read import synth
from sheetgen.read.cells import THRESHOLD
from sheetgen.read.register import ReadError
from sheetgen.read.sheet import read_sheet

THRESHOLDS = (0.5, 0.8, 0.9, 0.95, 0.98, 0.99, 0.995)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=32)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threshold", type=float, default=THRESHOLD)
    parser.add_argument("--cache", type=Path, default=None)
    args = parser.parse_args()
    start = time.perf_counter()
    samples = _corpus(args.photos, args.seed, args.cache)
    print(f"corpus: {len(samples)} photos made in {time.perf_counter() - start:.0f} s",
          file=sys.stderr)
    rows: dict[str, list[tuple[synth.Tally, float]]] = {}
    sweep: list[tuple[float, bool, bool]] = []  # confidence, other doubt, right
    failures = 0
    wrong_cells: list[str] = []
    for sample in samples:
        t0 = time.process_time()
        image = cv2.imdecode(np.frombuffer(sample.jpeg, np.uint8), cv2.IMREAD_COLOR)
        try:
            result = read_sheet(image, sample.name, threshold=args.threshold)
        except ReadError as exc:
            print(f"{sample.name}: {exc}", file=sys.stderr)
            failures += 1
            continue
        cpu = time.process_time() - t0
        tally = synth.tally(sample, result.readings)
        rows.setdefault(sample.map_id, []).append((tally, cpu))
        wrong_cells += [f"{sample.name} {w}" for w in tally.wrong_spaces]
        loose = read_sheet(image, sample.name, threshold=0.0)
        for r in loose.readings:
            sweep.append((r.confidence, r.doubtful, r.cell == sample.cells.get(r.space)))
    print("| map | photos | cells | right | flagged ? | wrong, not flagged | CPU s/photo "
          "(median, max) |")
    print("|---|---|---|---|---|---|---|")
    every: list[tuple[synth.Tally, float]] = []
    for map_id, got in sorted(rows.items()):
        every += got
        print(_row(map_id, got))
    print(_row("all", every))
    print(f"\nphotos not read: {failures}; threshold {args.threshold}")
    for w in wrong_cells:
        print(f"  wrong: {w}")
    print("\n| threshold | right | flagged ? | wrong, not flagged |")
    print("|---|---|---|---|")
    n = len(sweep)
    for t in THRESHOLDS:
        flagged = sum(1 for c, d, _ in sweep if d or c < t)
        right = sum(1 for c, d, ok in sweep if not (d or c < t) and ok)
        wrong = n - flagged - right
        print(f"| {t} | {100 * right / n:.2f} % | {100 * flagged / n:.2f} % | {wrong} |")
    return 0


def _corpus(photos: int, seed: int, cache: Path | None) -> list[synth.Sample]:
    """The corpus, from ``cache`` when it holds this one (a file this script wrote)."""
    if cache is not None and cache.exists():
        with cache.open("rb") as f:
            kept = pickle.load(f)
        if kept["photos"] == photos and kept["seed"] == seed:
            return list(kept["samples"])
    samples = synth.corpus(photos, seed)
    if cache is not None:
        with cache.open("wb") as f:
            pickle.dump({"photos": photos, "seed": seed, "samples": samples}, f)
    return samples


def _row(label: str, got: list[tuple[synth.Tally, float]]) -> str:
    cells = sum(t.right + t.flagged + t.wrong for t, _ in got)
    right = sum(t.right for t, _ in got)
    flagged = sum(t.flagged for t, _ in got)
    wrong = sum(t.wrong for t, _ in got)
    times = [c for _, c in got]
    return (f"| {label} | {len(got)} | {cells} | {100 * right / cells:.2f} % | "
            f"{100 * flagged / cells:.2f} % | {wrong} | {statistics.median(times):.2f}, "
            f"{max(times):.2f} |")


if __name__ == "__main__":
    sys.exit(main())
