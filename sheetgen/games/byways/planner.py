"""Highways & Byways: the best plan for a hand of byways.

For a start space and a hand (the rules deal 2 red + 10 blue), the plan says which byways
to drop (one red, or two blue: the rules make every player drop one of the two) and the
shortest closed drive from the start that drives every kept byway end to end in one go, in
either direction, and returns to the start. Moves between byways may use any space, byway
spaces included; with ``avoid`` the highway spaces of one construction letter are closed.

The search is exact. Shortest paths between the byways' end spaces come from a
breadth-first search on the board; the order and direction in which to drive the byways
come from a Held-Karp dynamic programme over (set of byways driven, last byway, direction).
One programme over the whole hand answers every drop at once: dropping byways D leaves the
best closed drive over the hand minus D, read off the same table.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from sheetgen.games.byways.roadmap import Byway, Colour, RoadMap
from sheetgen.model import SpaceId

MOVES_PER_TURN = 6
"""A car moves up to six spaces a turn."""

INF = math.inf


class PlanError(ValueError):
    """A plan that cannot be made: an unknown start, an empty hand, a closed road."""


@dataclass(frozen=True)
class Step:
    """One space of the drive, and the byway being driven there (None in between)."""

    space: SpaceId
    byway: str | None


@dataclass(frozen=True)
class Plan:
    """The best drive for one start and one hand."""

    start: SpaceId
    hand: tuple[str, ...]
    """Byway ids, as dealt."""
    dropped: tuple[str, ...]
    """Byway ids dropped (one red or two blue; empty when the hand allows neither)."""
    drive: tuple[Step, ...]
    """From the start back to the start; every kept byway driven end to end in one go."""
    avoid: str | None = None
    """The construction letter kept off, if any."""

    @property
    def spaces(self) -> int:
        """Moves: one per step after the start."""
        return len(self.drive) - 1

    @property
    def turns(self) -> int:
        """Turns of six moves, rounded up."""
        return -(-self.spaces // MOVES_PER_TURN)

    @property
    def kept(self) -> tuple[str, ...]:
        return tuple(b for b in self.hand if b not in self.dropped)

    def order(self) -> tuple[str, ...]:
        """The kept byways in the order the drive covers them."""
        return tuple(b for b, _ in self.legs())

    def legs(self) -> tuple[tuple[str, SpaceId], ...]:
        """The kept byways in the order the drive covers them, each with the end space it
        is entered by."""
        out: list[tuple[str, SpaceId]] = []
        for step in self.drive:
            if step.byway is not None and (not out or out[-1][0] != step.byway):
                out.append((step.byway, step.space))
        return tuple(out)


def drop_options(hand: Sequence[Byway]) -> list[tuple[int, ...]]:
    """Which hand positions may be dropped: each red alone, each pair of blues; when the
    hand has neither (no red, fewer than two blues), nothing."""
    reds = [i for i, b in enumerate(hand) if b.colour is Colour.RED]
    blues = [i for i, b in enumerate(hand) if b.colour is Colour.BLUE]
    options: list[tuple[int, ...]] = [(i,) for i in reds]
    options += list(combinations(blues, 2))
    return options or [()]


def open_graph(road: RoadMap, avoid: str | None) -> Mapping[SpaceId, tuple[SpaceId, ...]]:
    """The board's links without the spaces closed by construction letter ``avoid``."""
    closed = set(road.lettered(avoid)) if avoid else set()
    return {s: tuple(n for n in ns if n not in closed)
            for s, ns in road.map.neighbours.items() if s not in closed}


def bfs(graph: Mapping[SpaceId, tuple[SpaceId, ...]], source: SpaceId
        ) -> tuple[dict[SpaceId, SpaceId | None], dict[SpaceId, int]]:
    """Breadth-first search from ``source``: each reached space's parent and distance."""
    parent: dict[SpaceId, SpaceId | None] = {source: None}
    depth = {source: 0}
    todo = deque([source])
    while todo:
        here = todo.popleft()
        for nxt in graph[here]:
            if nxt not in parent:
                parent[nxt] = here
                depth[nxt] = depth[here] + 1
                todo.append(nxt)
    return parent, depth


def _path(tree: Mapping[SpaceId, SpaceId | None], target: SpaceId) -> list[SpaceId]:
    """The tree path from its root to ``target`` (both included)."""
    out = [target]
    while (up := tree[out[-1]]) is not None:
        out.append(up)
    return out[::-1]


def plan(road: RoadMap, start: SpaceId, hand: Sequence[Byway], avoid: str | None = None,
         *, finish: SpaceId | None = None, drop: bool = True) -> Plan:
    """The best plan: the drop and the drive with the fewest moves (ties: the drop listed
    first by ``drop_options``, then the first order found).

    ``finish`` ends the drive elsewhere than at ``start`` (a car on its way home re-plans
    from where it stands); ``drop=False`` keeps the whole hand (the drop is made once, at
    the start of the race)."""
    finish = start if finish is None else finish
    if start not in road.map.space_ids:
        raise PlanError(f"unknown start space {start!r}")
    if finish not in road.map.space_ids:
        raise PlanError(f"unknown finish space {finish!r}")
    if not hand and drop:
        raise PlanError("the hand is empty")
    ids = [b.id for b in hand]
    if len(set(ids)) != len(ids):
        raise PlanError("a byway is in the hand twice")
    graph = open_graph(road, avoid)
    for end in (start, finish):
        if end not in graph:
            raise PlanError(f"the space {end} is closed by construction {avoid}")
    n = len(hand)
    # state 2i + o: byway i driven from end o to end 1 - o
    entry = [hand[s // 2].ends[s % 2] for s in range(2 * n)]
    leave = [hand[s // 2].ends[1 - s % 2] for s in range(2 * n)]
    inner = [hand[s // 2].length - 1 for s in range(2 * n)]
    searched = {p: bfs(graph, p) for p in sorted({start, *leave})}
    trees = {p: tree for p, (tree, _) in searched.items()}

    def dist(a: SpaceId, b: SpaceId) -> float:
        return searched[a][1].get(b, INF)

    first = [dist(start, entry[t]) + inner[t] for t in range(2 * n)]
    home = [dist(leave[s], finish) for s in range(2 * n)]
    step = [[dist(leave[s], entry[t]) + inner[t] for t in range(2 * n)] for s in range(2 * n)]

    full = (1 << n) - 1
    best = [[INF] * (2 * n) for _ in range(full + 1)]
    came = [[-1] * (2 * n) for _ in range(full + 1)]
    for t in range(2 * n):
        best[1 << (t // 2)][t] = first[t]
    for mask in range(1, full + 1):
        row = best[mask]
        here = [s for s in range(2 * n) if row[s] < INF]
        if not here:
            continue
        for i in range(n):
            if mask >> i & 1:
                continue
            nxt = mask | 1 << i
            target = best[nxt]
            for t in (2 * i, 2 * i + 1):
                cost, via = INF, -1
                for s in here:
                    c = row[s] + step[s][t]
                    if c < cost:
                        cost, via = c, s
                if cost < target[t]:
                    target[t] = cost
                    came[nxt][t] = via

    chosen: tuple[float, tuple[int, ...], int, int] | None = None
    for dropped in drop_options(hand) if drop else [()]:
        kept = full & ~sum(1 << i for i in dropped)
        if kept == 0:
            total, last = dist(start, finish), -1
        else:
            total, last = min(((best[kept][s] + home[s], s) for s in range(2 * n)
                               if kept >> (s // 2) & 1), default=(INF, -1))
        if chosen is None or total < chosen[0]:
            chosen = (total, dropped, kept, last)
    assert chosen is not None
    total, dropped, kept, last = chosen
    if total == INF:
        raise PlanError(f"no closed drive covers the hand while construction {avoid} "
                        "is up")

    states: list[int] = []
    mask, s = kept, last
    while s >= 0:
        states.append(s)
        s, mask = came[mask][s], mask & ~(1 << (s // 2))
    states.reverse()
    drive: list[Step] = [Step(start, None)]
    at = start
    for s in states:
        byway = hand[s // 2]
        spaces = byway.spaces if s % 2 == 0 else byway.spaces[::-1]
        if drive[-1].space == spaces[0]:
            # Already standing on the entry (a re-plan from a byway's end, or two byways
            # sharing an end): the space was entered once and starts this byway.
            drive[-1] = Step(spaces[0], byway.id)
            drive += [Step(space, byway.id) for space in spaces[1:]]
        else:
            drive += [Step(space, None) for space in _path(trees[at], entry[s])[1:-1]]
            drive += [Step(space, byway.id) for space in spaces]
        at = leave[s]
    drive += [Step(space, None) for space in _path(trees[at], finish)[1:]]
    result = Plan(start, tuple(ids), tuple(ids[i] for i in dropped), tuple(drive), avoid)
    if result.spaces != total:
        raise AssertionError(f"drive of {result.spaces} moves, table says {total}")
    return result


# --- reporting --------------------------------------------------------------------------


def _state_of_start(road: RoadMap, space: SpaceId) -> str:
    for state, s in road.starts.items():
        if s == space:
            return state
    return space


def plan_json(road: RoadMap, result: Plan) -> dict[str, object]:
    """The plan JSON of the spec: names of byways, ids of spaces."""
    name = {b.id: b.name for b in road.byways}
    return {
        "start": _state_of_start(road, result.start),
        "hand": [name[b] for b in result.hand],
        "dropped": [name[b] for b in result.dropped],
        "spaces": result.spaces,
        "turns": result.turns,
        "drive": [{"space": s.space, "byway": name[s.byway] if s.byway else None}
                  for s in result.drive],
        "avoid": result.avoid,
    }


def plan_lines(road: RoadMap, result: Plan) -> list[str]:
    """The plan as text: the hand, what to drop, then the drive turn by turn."""
    by_id = {b.id: b for b in road.byways}

    def card(b: Byway) -> str:
        return f"{b.name} ({b.colour.value}, {b.length} spaces, {'/'.join(b.states)})"

    start_name = road.map.space(result.start).name
    lines = [f"Start: {start_name} ({_state_of_start(road, result.start)})"
             + (f"; construction {result.avoid} avoided" if result.avoid else "")]
    lines.append("Hand: " + "; ".join(card(by_id[b]) for b in result.hand))
    if result.dropped:
        lines.append("Drop: " + "; ".join(card(by_id[b]) for b in result.dropped))
    else:
        lines.append("Drop: nothing (the hand has no red byway and fewer than two blue)")
    lines.append("Drive them in this order: " + ", ".join(
        by_id[b].name for b in result.order()))
    lines.append(f"Total: {result.spaces} spaces, {result.turns} turns of "
                 f"{MOVES_PER_TURN}")
    moves = result.drive[1:]
    for turn in range(result.turns):
        chunk = moves[turn * MOVES_PER_TURN:(turn + 1) * MOVES_PER_TURN]
        parts = []
        for k, step in enumerate(chunk):
            index = turn * MOVES_PER_TURN + k  # position in moves
            name = road.map.space(step.space).name
            if step.byway is not None:
                prev = result.drive[index].byway  # the step before this one
                nxt = moves[index + 1].byway if index + 1 < len(moves) else None
                if prev != step.byway:
                    name = f"[{by_id[step.byway].name}: {name}"
                if nxt != step.byway:
                    name += "]"
            parts.append(name)
        lines.append(f"Turn {turn + 1:>2}: " + " > ".join(parts))
    return lines
