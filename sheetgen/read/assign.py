"""The likeliest reading of a whole sheet when the seed limits how often each number
can stand on it, and how sure each cell of it is.

Every cell has candidate readings (labels), each with a cost (minus the log of its
probability). A label with a capacity is given to at most that many cells: On Tour writes
a number as often as the seed rolled it, Dice Trip each number once. Other labels (a
reading the grammar refuses, an X) may stand in any number of cells.

:func:`assign` finds the least-cost reading of the whole sheet (the Hungarian method, one
column per place a label offers) and, for every cell and candidate, the least total cost
with the cell forced to that candidate: the optimum plus the cheapest cycle through that
choice in the residual graph (Floyd-Warshall; an optimal assignment leaves no negative
cycle). A cell's confidence is its reading's share against those alternatives
(:func:`confidences`).

Pure and deterministic: labels are ordered by their first appearance in the input.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import numpy as np

INF = math.inf
L = TypeVar("L", bound=Hashable)


@dataclass(frozen=True)
class Assignment(Generic[L]):
    """The best reading and, per cell, the extra cost of each of its candidates."""

    labels: tuple[L, ...]
    """The label of each cell in the best reading."""
    cost: float
    """Its total cost."""
    extra: tuple[dict[L, float], ...]
    """Per cell: each candidate's least total cost with the cell forced to it, minus
    ``cost`` (0 for the chosen label; INF where no reading allows it)."""


def assign(costs: Sequence[Mapping[L, float]],
           capacity: Mapping[L, int]) -> Assignment[L] | None:
    """The least-cost assignment of one candidate label to each cell (``costs[i]``: cell
    ``i``'s candidates and their finite costs): a label in ``capacity`` is given to at
    most that many cells, any other label to any number. None when no assignment
    respects the capacities."""
    order: dict[L, int] = {}
    for options in costs:
        for label, c in options.items():
            if not math.isfinite(c):
                raise ValueError(f"cost of {label!r} is not finite: {c}")
            order.setdefault(label, len(order))
    n = len(costs)
    if n == 0:
        return Assignment((), 0.0, ())
    labels = list(order)
    users = [0] * len(labels)
    for options in costs:
        for label in options:
            users[order[label]] += 1
    # the columns: a capacity's places (no more than cells want it), then each cell's
    # own place for every label without a capacity
    col_label: list[int] = []
    col_owner: list[int] = []  # the only row that may take a column (-1: any)
    for k, label in enumerate(labels):
        if label in capacity:
            room = max(0, min(capacity[label], users[k]))
            col_label += [k] * room
            col_owner += [-1] * room
    for i, options in enumerate(costs):
        for label in options:
            if label not in capacity:
                col_label.append(order[label])
                col_owner.append(i)
    if len(col_label) < n:
        return None
    label_of = np.array(col_label)
    owner = np.array(col_owner)
    matrix = np.full((n, len(col_label)), INF)
    for i, options in enumerate(costs):
        for label, c in options.items():
            matrix[i, (label_of == order[label]) & ((owner == -1) | (owner == i))] = c
    columns = _hungarian(matrix)
    if columns is None:
        return None
    total = float(sum(matrix[i, columns[i]] for i in range(n)))
    dist = _residual(matrix, columns)
    extra = []
    for i, options in enumerate(costs):
        held = columns[i]
        base = matrix[i, held]
        per_label: dict[L, float] = {}
        for label, c in options.items():
            k = order[label]
            if k == label_of[held]:
                per_label[label] = 0.0
                continue
            best = INF
            for j in np.nonzero(np.isfinite(matrix[i]) & (label_of == k))[0]:
                best = min(best, c - base + float(dist[n + j, n + held]))
            per_label[label] = max(0.0, best) if best < INF else INF
        extra.append(per_label)
    chosen = tuple(labels[int(label_of[columns[i]])] for i in range(n))
    return Assignment(chosen, total, tuple(extra))


def confidences(result: Assignment[L]) -> list[float]:
    """Each cell's confidence in its label: ``1 / sum(exp(-extra))`` over its
    candidates (the share of probability its reading keeps against the best whole-sheet
    readings that give the cell another label)."""
    return [1.0 / sum(math.exp(-e) for e in extra.values() if e < INF)
            for extra in result.extra]


def _hungarian(cost: np.ndarray) -> list[int] | None:
    """The column of each row in a least-cost assignment of the rows to distinct
    columns (rows <= columns; INF: not allowed); None when there is none."""
    n, m = cost.shape
    u = np.zeros(n + 1)
    v = np.zeros(m + 1)
    owner = np.zeros(m + 1, dtype=int)  # the row (1-based) holding each column, 0: free
    way = np.zeros(m + 1, dtype=int)
    for i in range(1, n + 1):
        owner[0] = i
        j0 = 0
        minv = np.full(m + 1, INF)
        used = np.zeros(m + 1, dtype=bool)
        while True:
            used[j0] = True
            i0 = owner[j0]
            reduced = cost[i0 - 1] - u[i0] - v[1:]
            free = ~used[1:]
            better = free & (reduced < minv[1:])
            minv[1:][better] = reduced[better]
            way[1:][better] = j0
            candidates = np.where(free, minv[1:], INF)
            j1 = int(np.argmin(candidates)) + 1
            delta = candidates[j1 - 1]
            if not math.isfinite(delta):
                return None
            held = np.nonzero(used)[0]
            u[owner[held]] += delta
            v[held] -= delta
            minv[~used] -= delta
            j0 = j1
            if owner[j0] == 0:
                break
        while j0:
            j1 = way[j0]
            owner[j0] = owner[j1]
            j0 = j1
    columns = [0] * n
    for j in range(1, m + 1):
        if owner[j]:
            columns[owner[j] - 1] = j - 1
    return columns


def _residual(matrix: np.ndarray, columns: Sequence[int]) -> np.ndarray:
    """Shortest distances in the residual graph of the assignment ``columns``. Nodes:
    the rows, the columns, a sink. Arcs: row -> column it does not hold (its cost),
    column -> the row holding it (minus the cost), free column -> sink, sink -> held
    column (both 0)."""
    rows, cols = matrix.shape
    sink = rows + cols
    dist = np.full((sink + 1, sink + 1), INF)
    dist[:rows, rows:sink] = matrix
    held = np.zeros(cols, dtype=bool)
    for r, j in enumerate(columns):
        dist[r, rows + j] = INF
        dist[rows + j, r] = -matrix[r, j]
        held[j] = True
    dist[rows:sink, sink][~held] = 0.0
    dist[sink, rows:sink][held] = 0.0
    np.fill_diagonal(dist, 0.0)
    for via in range(sink + 1):
        np.minimum(dist, dist[:, via, None] + dist[None, via, :], out=dist)
    return dist
