"""The reader measured on the project's own corpus (``sheetgen.read.synth.corpus``):
sheets of every map filled with a held-out font or held-out handwriting, photographed in
software. The benchmark's corpus and two slices run with the slow tests (a corpus takes
long to make; the quick run reads one sheet of today's `sheet` command, in
test_read_cli.py); ``benchmarks/bench_read.py`` measures the same corpus map by map, and
at other thresholds (docs/benchmarks.md).

The issue's goals are at least 99 % of cells right, none wrong and unflagged, at most 2 s
per photo: the benchmark's corpus (32 photos, seed 1, 1160 cells) meets them (99.22 %
right, none wrong) and is held to them here. The slices are smaller, and one sheet's
doubtful cells weigh more in them (a handwritten Dice Trip sheet flags four of its 25):
the larger reads 98.28 % right, the smaller all its cells; they are held to a lower
level (at least 96 % right, at most 0.5 % wrong unflagged)."""

from __future__ import annotations

import time

import cv2
import numpy as np
import pytest

from sheetgen.read import synth
from sheetgen.read.sheet import read_sheet

GOAL_RIGHT = 0.99
"""The share of cells the benchmark's corpus must read right (the issue's goal)."""
RIGHT_AT_LEAST = 0.96
"""The share of cells read right the slices must reach."""
WRONG_AT_MOST = 0.005
"""The share of cells read wrong and not flagged they may hold."""
CPU_PER_PHOTO = 2.0


def _measure(samples: list[synth.Sample]) -> tuple[int, int, int, float, list[str]]:
    right = flagged = wrong = 0
    worst = 0.0
    bad: list[str] = []
    for sample in samples:
        start = time.process_time()
        image = cv2.imdecode(np.frombuffer(sample.jpeg, np.uint8), cv2.IMREAD_COLOR)
        result = read_sheet(image, sample.name)
        worst = max(worst, time.process_time() - start)
        tally = synth.tally(sample, result.readings)
        right, flagged, wrong = right + tally.right, flagged + tally.flagged, \
            wrong + tally.wrong
        bad += [f"{sample.name} {w}" for w in tally.wrong_spaces]
    return right, flagged, wrong, worst, bad


def _check(samples: list[synth.Sample], right_at_least: float = RIGHT_AT_LEAST,
           wrong_at_most: float = WRONG_AT_MOST) -> None:
    right, flagged, wrong, worst, bad = _measure(samples)
    cells = right + flagged + wrong
    assert wrong <= wrong_at_most * cells, bad
    assert right / cells >= right_at_least, (right, flagged, cells)
    assert worst <= CPU_PER_PHOTO


@pytest.mark.slow
def test_the_benchmark_corpus_meets_the_goals() -> None:
    """The benchmark's 32 photos (every map and paper, held-out fonts and handwriting):
    at least 99 % of cells right, none wrong and unflagged, at most 2 s of CPU a photo."""
    _check(synth.corpus(32, seed=1), GOAL_RIGHT, 0.0)


@pytest.mark.slow
def test_a_slice_of_the_corpus() -> None:
    """A USA sheet in a held-out font and a Dice Trip sheet in held-out handwriting."""
    samples = synth.corpus(4, seed=3, dpi=(150.0, 200.0))
    _check([samples[0], samples[3]])


@pytest.mark.slow
def test_every_map_and_paper_of_the_corpus() -> None:
    _check(synth.corpus(8, seed=5))
