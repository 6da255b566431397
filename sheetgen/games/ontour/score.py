"""On Tour scoring: a board's best route and score, and the standings of several boards.

A board becomes a :class:`~sheetgen.games.ontour.route.RouteGraph`: one node per written space
that is not crossed (stars are wild), weight 2 for a circled space and 1 otherwise, the
map's links as moves. Extra one-way moves with a bonus (the Paris boat rides) are passed
as ``jumps``, so a later map type adds them without touching the search.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from sheetgen.games.ontour.route import Jump, RouteGraph, Solution, solve
from sheetgen.model import Board, CellKind, Map, SpaceId, ride_points


@dataclass(frozen=True)
class RouteResult:
    """One board's best route and its score."""

    route: tuple[SpaceId, ...]
    """Space ids in travel order (empty when no space can be visited)."""
    score: int
    """Spaces on the route + circled spaces on the route + ride bonuses."""
    spaces: int
    circled: int
    star_values: tuple[tuple[SpaceId, int], ...]
    """The number each star on the route stands for, in route order."""
    proven_optimal: bool
    rides: tuple[tuple[SpaceId, SpaceId], ...] = ()
    """Jumps taken (from, to); empty on maps without them."""
    bonus: int = 0
    """Points from jumps."""
    states: int = 0
    """Search states the solver expanded: its effort, the same on every machine."""


@dataclass(frozen=True)
class PlayerScore:
    """A player's line in the standings."""

    player: str
    result: RouteResult
    circled_on_board: int


@dataclass(frozen=True)
class Standings:
    map_id: str
    players: tuple[PlayerScore, ...]
    """In the order of the boards given (the CSV's column order)."""
    winners: tuple[str, ...]
    """The best score, ties broken by circled spaces on the whole board; several names
    only on a true tie (same score and same circled count)."""

    @property
    def ranked(self) -> tuple[PlayerScore, ...]:
        """Players best first (score, then circled on board, then board order)."""
        order = sorted(range(len(self.players)),
                       key=lambda i: (-self.players[i].result.score,
                                      -self.players[i].circled_on_board, i))
        return tuple(self.players[i] for i in order)


def dock_jumps(game_map: Map) -> dict[SpaceId, tuple[tuple[SpaceId, int], ...]]:
    """The boat rides of a map with docks (Paris): from every dock club to every other,
    worth the distance between the docks' letters (A to G = 6). Empty without docks."""
    return {a.space: tuple((b.space, ride_points(a.letter, b.letter))
                           for b in game_map.docks if b.space != a.space)
            for a in game_map.docks}


def route_graph(game_map: Map, board: Board,
                jumps: Mapping[SpaceId, Sequence[tuple[SpaceId, int]]] | None = None,
                ) -> tuple[RouteGraph, tuple[SpaceId, ...]]:
    """The search graph of a board and the space id of each node."""
    ids = tuple(s.id for s in game_map.spaces
                if s.id in board.cells and board.cells[s.id].kind is not CellKind.CROSS)
    index = {sid: i for i, sid in enumerate(ids)}
    cells = [board.cells[sid] for sid in ids]
    values = tuple(c.value if c.kind is CellKind.NUMBER else None for c in cells)
    weights = tuple(2 if c.circled else 1 for c in cells)
    neighbours = tuple(tuple(index[n] for n in game_map.neighbours[sid] if n in index)
                       for sid in ids)
    jump_moves: tuple[tuple[Jump, ...], ...] = ()
    if jumps:
        jump_moves = tuple(
            tuple(Jump(index[t], bonus) for t, bonus in jumps.get(sid, ()) if t in index)
            for sid in ids)
    return RouteGraph(values, weights, neighbours, jump_moves), ids


def star_values(values: Sequence[int | None]) -> tuple[int, ...]:
    """A number for every star of a legal route's value sequence: the last number before
    it, or the first number of the route when none comes before, or 0 with no number."""
    first = next((v for v in values if v is not None), 0)
    out: list[int] = []
    current = first
    for v in values:
        if v is None:
            out.append(current)
        else:
            current = v
    return tuple(out)


def result_from(solution: Solution, graph: RouteGraph,
                ids: tuple[SpaceId, ...]) -> RouteResult:
    nodes = solution.nodes
    route = tuple(ids[i] for i in nodes)
    values = [graph.values[i] for i in nodes]
    stars = [ids[i] for i in nodes if graph.values[i] is None]
    circled = sum(1 for i in nodes if graph.weights[i] == 2)
    rides = tuple((ids[a.node], ids[b.node])
                  for a, b in zip(solution.steps, solution.steps[1:], strict=False)
                  if b.by_jump)
    bonus = sum(s.bonus for s in solution.steps)
    return RouteResult(route=route, score=solution.total, spaces=len(route), circled=circled,
                       star_values=tuple(zip(stars, star_values(values), strict=True)),
                       proven_optimal=solution.proven_optimal, rides=rides, bonus=bonus,
                       states=solution.states)


def best_route(game_map: Map, board: Board, max_states: int | None = None,
               jumps: Mapping[SpaceId, Sequence[tuple[SpaceId, int]]] | None = None,
               progress: Callable[[str], None] | None = None) -> RouteResult:
    """The best route of ``board`` on ``game_map`` (exact unless ``max_states`` ran out).
    On a map with docks the boat rides are moves too, unless ``jumps`` says otherwise.
    ``progress`` is told now and then what the solver does on a board that takes long."""
    if jumps is None and game_map.docks:
        jumps = dock_jumps(game_map)
    graph, ids = route_graph(game_map, board, jumps)
    return result_from(solve(graph, max_states, progress=progress), graph, ids)


def standings(game_map: Map, boards: Sequence[Board], max_states: int | None = None,
              progress: Callable[[str], None] | None = None) -> Standings:
    """Every board's best route, and the winner(s)."""
    players = tuple(PlayerScore(b.player, best_route(game_map, b, max_states,
                                                     progress=progress),
                                b.circled_count) for b in boards)
    winners: tuple[str, ...] = ()
    if players:
        top = max((p.result.score, p.circled_on_board) for p in players)
        winners = tuple(p.player for p in players
                        if (p.result.score, p.circled_on_board) == top)
    return Standings(game_map.id, players, winners)
