"""Plainly written brute force: enumerate every simple path and keep the best score."""

from __future__ import annotations

from collections.abc import Iterator

from sheetgen.games.ontour.route import RouteGraph
from sheetgen.model import Board, CellKind, Map, SpaceId


def _legal_values(values: list[int | None]) -> bool:
    numbers = [v for v in values if v is not None]
    return all(a <= b for a, b in zip(numbers, numbers[1:], strict=False))


def all_paths(graph: RouteGraph) -> Iterator[tuple[list[int], int]]:
    """Every legal route (as nodes) with its total, by exhaustive enumeration."""
    n = len(graph.values)
    jumps = graph.jumps or tuple(() for _ in range(n))

    def extend(path: list[int], total: int, jumped: bool) -> Iterator[tuple[list[int], int]]:
        yield path, total
        last = path[-1]
        moves = [(j, False, 0) for j in graph.neighbours[last]]
        if not jumped:
            moves += [(jp.target, True, jp.bonus) for jp in jumps[last]]
        for j, by_jump, bonus in moves:
            if j in path:
                continue
            if not _legal_values([graph.values[i] for i in path + [j]]):
                continue
            yield from extend(path + [j], total + graph.weights[j] + bonus, by_jump)

    for s in range(n):
        yield from extend([s], graph.weights[s], False)


def best_total(graph: RouteGraph) -> int:
    return max((t for _, t in all_paths(graph)), default=0)


def best_board_score(game_map: Map, board: Board) -> int:
    """Best score straight from a map and a board: every simple path over written,
    uncrossed spaces whose numbers (stars skipped) never decrease."""
    usable = [s.id for s in game_map.spaces
              if s.id in board.cells and board.cells[s.id].kind is not CellKind.CROSS]
    best = 0

    def score(path: list[SpaceId]) -> int:
        return len(path) + sum(1 for s in path if board.cells[s].circled)

    def extend(path: list[SpaceId]) -> None:
        nonlocal best
        best = max(best, score(path))
        for nxt in game_map.neighbours[path[-1]]:
            if nxt in usable and nxt not in path:
                vals = [board.cells[s].value for s in path + [nxt]]
                if _legal_values(vals):
                    extend(path + [nxt])

    for s in usable:
        extend([s])
    return best
