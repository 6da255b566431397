"""The best route as a constraint model, solved by OR-Tools CP-SAT: the complete method the
search hands a board to when its own bounds say too little.

The model
---------
A route is a circuit through a dummy node: the dummy goes to the route's first node, each
node to the next, the last back to the dummy, and every node off the route takes a loop
to itself (``circuit``, whose propagation and linear relaxation know what a path is).
Per link and per ride an arc, left out where the numbers would fall (a higher number
before a lower one); a star has a value among the board's numbers, and an arc into or
out of a star keeps the values non-decreasing. A node takes at most one ride. The
objective is the weights of the nodes on the route plus the bonuses of the rides.

The numbers are replaced by their ranks (the same order), so a star's domain is one
interval with no holes. And for each rank ``k`` the model states what the circuit's
linear relaxation does not know: a route's numbers never fall, so at most one of its
arcs climbs from a number below ``k`` to one at ``k`` or above, and none does when the
route starts at ``k`` or above (or ends below it). Together these two take a third off
CP-SAT's work on the boards the search hands on (figures in docs/benchmarks.md; each
alone does little).

The search's best route is given as a hint, so the model starts from it and only has to
improve it or prove it best; one worker (the same answer on every run), a bound on
memory (``MEMORY_MB``), and no time limit: the answer is proven.

Only ``ortools.sat.python.cp_model_helper`` is imported (about 0.1 s), not the modelling
layer above it (``cp_model`` brings pandas: about 1 s); the model is written as a
``CpModelProto`` in text form. ``available()`` says whether OR-Tools is installed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sheetgen.games.ontour.route.graph import RouteGraph, Step, route_total

MEMORY_MB = 150
"""CP-SAT's own bound on its memory (``max_memory_in_mb``)."""


@dataclass(frozen=True)
class ModelResult:
    """The best route by the model, and its effort."""

    total: int
    steps: tuple[Step, ...]
    branches: int
    """CP-SAT's search branches (its effort, the same on every run)."""
    deterministic_time: float
    """CP-SAT's deterministic time (a machine-independent measure of work)."""
    proven: bool = True
    """Whether ``total`` is proven best (else CP-SAT stopped at ``work_limit``: its best
    route so far, none when ``total`` is -1)."""
    bound: int | None = None
    """CP-SAT's bound on the best total when it stopped unproven above its route (None:
    no bound known)."""


def available() -> bool:
    """Whether OR-Tools is installed."""
    try:
        from ortools.sat.python import cp_model_helper  # noqa: F401
    except ImportError:
        return False
    return True


class _Proto:
    """A ``CpModelProto`` written as text: variables, then constraints and the rest."""

    def __init__(self) -> None:
        self.domains: list[tuple[int, ...]] = []
        self.parts: list[str] = []

    def var(self, *domain: int) -> int:
        self.domains.append(domain)
        return len(self.domains) - 1

    def text(self) -> str:
        head = "".join("variables { " + " ".join(f"domain: {d}" for d in domain) + " } "
                       for domain in self.domains)
        return head + " ".join(self.parts)


def _intervals(numbers: Sequence[int]) -> tuple[int, ...]:
    """Sorted distinct numbers as a domain: the bounds of each run of consecutive ones."""
    out: list[int] = []
    for v in numbers:
        if out and out[-1] == v - 1:
            out[-1] = v
        else:
            out += [v, v]
    return tuple(out)


def _list(name: str, items: Sequence[int]) -> str:
    return " ".join(f"{name}: {x}" for x in items)


def solve_model(graph: RouteGraph, hint: Sequence[Step] = (),
                progress: Callable[[float], None] | None = None,
                work_limit: float | None = None,
                upper: int | None = None, *,
                parameters: str = "", plain: bool = False) -> ModelResult | None:
    """The best route of ``graph``, proven; None when CP-SAT stops without a proof at its
    bound on memory. ``hint``: a route to start from (the search's best).
    ``progress(bound)`` is called when CP-SAT's bound on the best total improves.
    ``work_limit``: CP-SAT's deterministic time at most (``max_deterministic_time``);
    stopped there it gives its best route and bound unproven (``ModelResult.proven``).
    ``upper``: a bound on the best total known beforehand (the objective's domain).
    ``parameters``: CP-SAT parameters in text form over the model's own
    (``SatParameters``; a ``max_deterministic_time`` there is the work limit, as
    ``work_limit`` is); ``plain``: the model without the ranks and the layer
    constraints (to measure what they do)."""
    from ortools.sat.python import cp_model_helper as helper

    n = len(graph.values)
    if n == 0:
        return ModelResult(0, (), 0, 0.0)
    numbers = sorted({v for v in graph.values if v is not None})
    if plain:
        values = graph.values
        domain = _intervals(numbers)
    else:
        # The numbers as their ranks: the same order, a star's domain one interval.
        rank = {v: k for k, v in enumerate(numbers)}
        values = tuple(None if v is None else rank[v] for v in graph.values)
        domain = (0, len(numbers) - 1)
    p = _Proto()
    on = [p.var(0, 1) for _ in range(n)]
    value = {i: p.var(*domain) for i in range(n) if values[i] is None and len(numbers) > 1}
    tails: list[int] = []
    heads: list[int] = []
    literals: list[int] = []
    arcs: dict[int, tuple[int, int, bool, int]] = {}  # literal: (from, to, ride, bonus)
    rides_at: list[list[int]] = [[] for _ in range(n)]
    objective: list[tuple[int, int]] = [(on[i], graph.weights[i]) for i in range(n)]
    for i in range(n):
        tails.append(i + 1)
        heads.append(i + 1)
        literals.append(-on[i] - 1)
        for a, b in ((0, i + 1), (i + 1, 0)):
            tails.append(a)
            heads.append(b)
            literals.append(p.var(0, 1))

    def arc(a: int, b: int, ride: bool, bonus: int) -> None:
        va, vb = values[a], values[b]
        if va is not None and vb is not None and va > vb:
            return
        lit = p.var(0, 1)
        tails.append(a + 1)
        heads.append(b + 1)
        literals.append(lit)
        arcs[lit] = (a, b, ride, bonus)
        # value[a] <= value[b] along the arc (a number is a constant).
        terms = [(value[x], c) for x, c in ((a, 1), (b, -1)) if x in value]
        if terms:
            bound = (0 if b in value else vb or 0) - (0 if a in value else va or 0)
            p.parts.append(f"constraints {{ enforcement_literal: {lit} linear {{ "
                           f"{_list('vars', [v for v, _ in terms])} "
                           f"{_list('coeffs', [c for _, c in terms])} "
                           f"domain: {-(1 << 40)} domain: {bound} }} }}")
        if ride:
            rides_at[a].append(lit)
            rides_at[b].append(lit)
            if bonus:
                objective.append((lit, bonus))

    for a in range(n):
        for b in graph.neighbours[a]:
            arc(a, b, False, 0)
        for jump in graph.jumps[a] if graph.jumps else ():
            arc(a, jump.target, True, jump.bonus)
    for lits in rides_at:
        if len(lits) > 1:
            p.parts.append(f"constraints {{ at_most_one {{ {_list('literals', lits)} }} }}")
    if not plain:
        p.parts += _layers(values, len(numbers), arcs, tails, heads, literals)
    p.parts.append(f"constraints {{ circuit {{ {_list('tails', tails)} "
                   f"{_list('heads', heads)} {_list('literals', literals)} }} }}")
    p.parts.append(f"constraints {{ bool_or {{ {_list('literals', on)} }} }}")
    # CP-SAT minimises: the negated total, read back with scaling -1.
    p.parts.append("objective { " + _list("vars", [v for v, _ in objective]) + " "
                   + _list("coeffs", [-c for _, c in objective]) + " scaling_factor: -1"
                   + (f" domain: {-upper} domain: 0" if upper is not None else "") + " }")
    if hint:
        p.parts.append(_hint(values, hint, on, value, arcs, tails, heads, literals))
    model = helper.CpModelProto()
    model.parse_text_format(p.text())
    params = helper.SatParameters()
    params.num_workers = 1
    params.max_memory_in_mb = MEMORY_MB
    if work_limit is not None:
        params.max_deterministic_time = work_limit
    if parameters:
        params.merge_text_format(parameters)
    solver = helper.SolveWrapper()
    solver.set_parameters(params)
    if progress is not None:
        solver.add_best_bound_callback(progress)
    response: Any = solver.solve(model)  # type: ignore[no-untyped-call]
    proven = response.status == helper.CpSolverStatus.OPTIMAL
    if not proven:
        if math.isinf(params.max_deterministic_time):
            return None  # no work limit: stopped at its memory
        if response.status != helper.CpSolverStatus.FEASIBLE:
            # Stopped before a route: its bound may be unset (0), so none is given.
            return ModelResult(-1, (), response.num_branches, response.deterministic_time,
                               False)
    solution = list(response.solution)
    nxt: dict[int, tuple[int, bool, int]] = {}
    first = -1
    for lit, (a, b, ride, bonus) in arcs.items():
        if solution[lit]:
            nxt[a] = (b, ride, bonus)
    for t, h, lit in zip(tails, heads, literals, strict=True):
        if t == 0 and lit >= 0 and solution[lit]:
            first = h - 1
    steps = [Step(first, False, 0)]
    while steps[-1].node in nxt:
        b, ride, bonus = nxt[steps[-1].node]
        steps.append(Step(b, ride, bonus))
    total = route_total(graph, steps)
    if total != round(response.objective_value):
        raise RuntimeError("CP-SAT's route does not add up to its objective")
    bound = None
    if not proven and response.best_objective_bound > total + 1e-6:
        bound = int(response.best_objective_bound + 1e-6)  # (only a bound above the route)
    return ModelResult(total, tuple(steps), response.num_branches,
                       response.deterministic_time, proven, bound)


def _layers(values: Sequence[int | None], count: int,
            arcs: dict[int, tuple[int, int, bool, int]], tails: list[int], heads: list[int],
            literals: list[int]) -> list[str]:
    """Redundant constraints the circuit's linear relaxation lacks: a route's numbers
    never fall, so it crosses from the numbers below rank ``k`` to those at ``k`` or
    above at most once, and not at all when it starts at ``k`` or above (or ends
    below)."""
    out: list[str] = []
    for k in range(1, count):
        up = [lit for lit, (a, b, _, _) in arcs.items()
              if (va := values[a]) is not None and va < k
              and (vb := values[b]) is not None and vb >= k]
        if not up:
            continue
        starts = [lit for t, h, lit in zip(tails, heads, literals, strict=True)
                  if t == 0 and lit >= 0 and (v := values[h - 1]) is not None and v >= k]
        ends = [lit for t, h, lit in zip(tails, heads, literals, strict=True)
                if h == 0 and lit >= 0 and (v := values[t - 1]) is not None and v < k]
        for group in (up + starts, up + ends):
            if len(group) > 1:
                out.append(f"constraints {{ at_most_one {{ {_list('literals', group)} }} }}")
    return out


def _hint(values: Sequence[int | None], route: Sequence[Step], on: list[int],
          value: dict[int, int],
          arcs: dict[int, tuple[int, int, bool, int]], tails: list[int], heads: list[int],
          literals: list[int]) -> str:
    """The solution hint of a route: every literal and every star's value."""
    nodes = [s.node for s in route]
    used = {(a.node, b.node, b.by_jump) for a, b in zip(route, route[1:], strict=False)}
    hint: dict[int, int] = {}
    for i, lit in enumerate(on):
        hint[lit] = int(i in nodes)
    for lit, (a, b, ride, _) in arcs.items():
        hint[lit] = int((a, b, ride) in used)
    for t, h, lit in zip(tails, heads, literals, strict=True):
        if lit >= 0 and (t == 0 or h == 0):
            hint[lit] = int(t == 0 and h - 1 == nodes[0] or h == 0 and t - 1 == nodes[-1])
    current = next((values[x] for x in nodes if values[x] is not None), None)
    for x in nodes:
        v = values[x]
        if v is not None:
            current = v
        elif x in value and current is not None:
            hint[value[x]] = current
    return ("solution_hint { " + _list("vars", list(hint)) + " "
            + _list("values", list(hint.values())) + " }")
