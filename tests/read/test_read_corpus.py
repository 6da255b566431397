"""The reader measured on the project's own corpus (``sheetgen.read.synth.corpus``):
sheets of every map filled with a held-out font or held-out handwriting, photographed in
software. A slice of two photos runs in the quick run, the benchmark's corpus and a slice
of eight photos with the slow tests (a corpus takes long to make); the quick run also
reads one sheet of today's `sheet` command, in test_read_cli.py.
``benchmarks/bench_read.py`` measures the benchmark's corpus map by map, and at other
thresholds (docs/benchmarks.md).

The issue's goals are at least 99 % of cells right, none wrong and unflagged, at most 2 s
per photo: the benchmark's corpus (32 photos, seed 1, 1160 cells) meets them (99.22 %
right, none wrong) and is held to them here. The slices are smaller, and one sheet's
doubtful cells weigh more in them (a handwritten Dice Trip sheet flags four of its 25):
the larger reads 98.28 % right and is held to a lower level (at least 96 % right, at
most 0.5 % wrong unflagged); the two photos of the quick run read every cell right and
are held to the goals."""

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


def test_a_slice_of_the_corpus_in_the_quick_run() -> None:
    """A USA sheet in held-out handwriting and a Dice Trip sheet in a held-out font (two
    photos of a corpus of four, made alone): held to the goals, every cell right (its
    least sure reading 0.98, the threshold 0.9)."""
    samples = synth.corpus(4, seed=3, dpi=(150.0, 200.0), only=(0, 3))
    assert [s.map_id for s in samples] == ["usa", "germany"]
    _check(samples, GOAL_RIGHT, 0.0)


def test_a_photo_of_the_corpus_is_the_same_made_alone() -> None:
    alone = synth.corpus(2, seed=3, dpi=(150.0, 200.0), only=(1,))
    assert alone[0].jpeg == synth.corpus(2, seed=3, dpi=(150.0, 200.0))[1].jpeg


@pytest.mark.slow
def test_every_map_and_paper_of_the_corpus() -> None:
    _check(synth.corpus(8, seed=5))
