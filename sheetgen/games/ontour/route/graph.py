"""The problem the route solver answers, as data: a graph of numbered nodes and its routes.

The problem
-----------
Nodes ``0..n-1`` each carry a weight (On Tour: 1, or 2 when circled) and a value: a number,
or ``None`` for a wild star. A route is a simple path along the graph's links (and,
optionally, along one-way *jumps* that carry a bonus and may not follow one another: the
Paris boat rides) whose numbers never decrease, each star standing for a number of its
own. The score is the sum of the weights on the route plus the bonuses of the jumps taken.
Crossed spaces are simply not nodes.

The types here (``RouteGraph``, ``Jump``, ``Step``, ``Solution``) are what every method of
the package reads and returns; ``sheetgen.games.ontour.score`` makes a board into a
``RouteGraph``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

Value = int | None
"""A node's number, or None for a wild star."""


@dataclass(frozen=True)
class Jump:
    """A one-way move to a non-adjacent node worth ``bonus`` extra points (Paris: a boat
    ride between two docks). A node entered by a jump must be left on foot."""

    target: int
    bonus: int


@dataclass(frozen=True)
class RouteGraph:
    """The search problem: per node a value and a weight, its links, and optional jumps."""

    values: tuple[Value, ...]
    weights: tuple[int, ...]
    """Positive points a node adds to a route that visits it."""
    neighbours: tuple[tuple[int, ...], ...]
    """Undirected links (each listed at both ends), in the order moves are tried on ties."""
    jumps: tuple[tuple[Jump, ...], ...] = ()
    """Per node, the jumps that leave it; empty for maps without them."""

    def __post_init__(self) -> None:
        n = len(self.values)
        if len(self.weights) != n or len(self.neighbours) != n:
            raise ValueError("values, weights and neighbours must have one entry per node")
        if self.jumps and len(self.jumps) != n:
            raise ValueError("jumps must be empty or have one entry per node")
        for i, nbrs in enumerate(self.neighbours):
            for j in nbrs:
                if not 0 <= j < n or j == i or i not in self.neighbours[j]:
                    raise ValueError(f"link {i}-{j} is not a symmetric link between nodes")
        for w in self.weights:
            if w <= 0:
                raise ValueError(f"weights must be positive, got {w}")
        for jumps in self.jumps:
            for jump in jumps:
                if not 0 <= jump.target < n or jump.bonus < 0:
                    raise ValueError(f"bad jump {jump}")


@dataclass(frozen=True)
class Step:
    """One move of a solved route."""

    node: int
    by_jump: bool
    bonus: int


@dataclass(frozen=True)
class Solution:
    """The best route found: nodes in travel order and its total."""

    steps: tuple[Step, ...]
    total: int
    proven_optimal: bool
    states: int
    """Search states expanded (a measure of effort)."""
    method: str = "search"
    """What proved it: ``search`` (this module's search), ``model`` (the constraint
    model, ``cpsat``) or ``sweep`` (the sweep of ``frontier``)."""

    @property
    def nodes(self) -> tuple[int, ...]:
        return tuple(s.node for s in self.steps)


def route_total(graph: RouteGraph, steps: Sequence[Step]) -> int:
    """Points of a route: weights of its nodes plus its jump bonuses."""
    return sum(graph.weights[s.node] + s.bonus for s in steps)
