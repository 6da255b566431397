"""A route step drawn from one circle to another so that it passes no third circle: the
least bend of a cubic Bezier that keeps a margin from the rim of every other circle.

The curve is a graph over its chord. With the chord laid along x from 0 to L, the two
inner control points stand at x = L/3 and x = 2L/3, lifted h1 and h2 across the chord, so
the curve is x = t L, y = 3 t (1 - t)^2 h1 + 3 t^2 (1 - t) h2: it moves steadily from one
circle to the other and can neither loop nor turn back. h1 = h2 = 0 is the straight line;
h1 = h2 a single bow; opposite signs an S between circles on both sides.

The lifts are tried on a grid of ``GRID`` of the chord, least bow first (the bow: the
curve's largest distance from its chord), up to ``MAX_BOW`` of the chord with lifts up to
``MAX_LIFT`` (no steeper than ``MAX_TURN`` off the chord at its ends); the first that
keeps ``margin`` from every circle to avoid, outside the two end circles, is the answer.
When none does, the answer is the straight line, marked as not clearing. Everything is
arithmetic on the inputs: the same inputs give the same curve.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from math import atan, degrees, hypot

Point = tuple[float, float]
Circle = tuple[Point, float]
"""A circle as its centre and radius, mm."""

GRID = 0.01
"""Step of the lifts h1, h2 tried, as a share of the chord."""
MAX_BOW = 0.25
"""Largest bow tried, as a share of the chord: a bend beyond it would read as a detour."""
MAX_LIFT = 0.5
"""Largest lift of an inner control point tried, as a share of the chord: an S between
two close circles with more leaves its circle steeper than ``MAX_TURN`` and swerves
out past them, where the line through the gap reads as the step."""
MAX_TURN = degrees(atan(3 * MAX_LIFT))
"""Largest angle between the chord and the curve at either end, degrees (56.3)."""
SAMPLES = 48
"""Pieces of the polyline a curve is checked as."""
SLACK = 0.05
"""Room kept beyond the margin for the curve between the checked polyline's corners, mm
(the polyline of ``SAMPLES`` pieces strays less than this from the curve at ``MAX_BOW``)."""


@dataclass(frozen=True)
class Bend:
    """A step's curve: the cubic Bezier's four control points, whether it keeps the
    margin from every circle to avoid, and its bow (largest distance from the chord, mm)."""

    controls: tuple[Point, Point, Point, Point]
    clears: bool
    bow: float

    @property
    def straight(self) -> bool:
        return self.bow == 0.0

    def at(self, t: float) -> Point:
        """The point of the curve at parameter ``t`` (0 at the start, 1 at the end)."""
        (ax, ay), (bx, by), (cx, cy), (dx, dy) = self.controls
        s = 1.0 - t
        w = (s * s * s, 3 * s * s * t, 3 * s * t * t, t * t * t)
        return (w[0] * ax + w[1] * bx + w[2] * cx + w[3] * dx,
                w[0] * ay + w[1] * by + w[2] * cy + w[3] * dy)

    def direction(self, t: float) -> Point:
        """The unit direction of travel at ``t``."""
        vx, vy = self._velocity(t)
        length = hypot(vx, vy) or 1.0
        return vx / length, vy / length

    def piece(self, t0: float, t1: float) -> tuple[Point, Point, Point, Point]:
        """The control points of the stretch of the curve from ``t0`` to ``t1``."""
        p0, p3 = self.at(t0), self.at(t1)
        k = (t1 - t0) / 3
        (u0, v0), (u1, v1) = self._velocity(t0), self._velocity(t1)
        return (p0, (p0[0] + u0 * k, p0[1] + v0 * k), (p3[0] - u1 * k, p3[1] - v1 * k), p3)

    def _velocity(self, t: float) -> Point:
        (ax, ay), (bx, by), (cx, cy), (dx, dy) = self.controls
        s = 1.0 - t
        return (3 * (s * s * (bx - ax) + 2 * s * t * (cx - bx) + t * t * (dx - cx)),
                3 * (s * s * (by - ay) + 2 * s * t * (cy - by) + t * t * (dy - cy)))

    def leaves(self, centre: Point, radius: float, *, backwards: bool = False) -> float:
        """The parameter where the curve last leaves (or, ``backwards``, first enters)
        the disc of ``radius`` around ``centre``: the start (end) when it is outside."""
        steps = 256
        ts = [k / steps for k in range(steps + 1)]
        if backwards:
            ts.reverse()
        inside = [hypot(p[0] - centre[0], p[1] - centre[1]) < radius
                  for p in (self.at(t) for t in ts)]
        if not inside[0]:
            return ts[0]
        k = next((i for i, flag in enumerate(inside) if not flag), len(ts) - 1)
        lo, hi = ts[k - 1], ts[k]
        for _ in range(30):  # bisect between the last point inside and the first outside
            mid = (lo + hi) / 2
            p = self.at(mid)
            if hypot(p[0] - centre[0], p[1] - centre[1]) < radius:
                lo = mid
            else:
                hi = mid
        return hi


def straight(a: Point, b: Point, *, clears: bool = True) -> Bend:
    """The straight line from ``a`` to ``b`` as a Bend."""
    third = ((b[0] - a[0]) / 3, (b[1] - a[1]) / 3)
    return Bend((a, (a[0] + third[0], a[1] + third[1]),
                 (a[0] + 2 * third[0], a[1] + 2 * third[1]), b), clears, 0.0)


def _profile(u1: float, u2: float, t: float) -> float:
    return 3 * t * (1 - t) * ((1 - t) * u1 + t * u2)


def _bow(u1: float, u2: float) -> float:
    """The largest |y| of the unit-chord curve with lifts u1, u2 (its extremes solved)."""
    # y'(t) = 3 [u1 (1 - 4t + 3t^2) + u2 (2t - 3t^2)] = 3 [a t^2 + b t + c]
    a, b, c = 3 * (u1 - u2), 2 * u2 - 4 * u1, u1
    roots: list[float] = []
    if abs(a) < 1e-12:
        if abs(b) > 1e-12:
            roots.append(-c / b)
    else:
        disc = b * b - 4 * a * c
        if disc >= 0:
            roots += [(-b - disc ** 0.5) / (2 * a), (-b + disc ** 0.5) / (2 * a)]
    return max([0.0] + [abs(_profile(u1, u2, t)) for t in roots if 0.0 < t < 1.0])


@cache
def _lifts() -> tuple[tuple[float, float, float], ...]:
    """Every (bow, u1, u2) of the grid with bow up to ``MAX_BOW`` and lifts up to
    ``MAX_LIFT``, least bow first; among equal bows the more even lift (a single bow
    before an S), then the left side."""
    span = int(round(min(MAX_BOW / 0.288, MAX_LIFT) / GRID))  # an S bows 0.289 of its lift
    found = []
    for i in range(-span, span + 1):
        for j in range(-span, span + 1):
            u1, u2 = i * GRID, j * GRID
            bow = _bow(u1, u2)
            if bow <= MAX_BOW + 1e-12:
                found.append((round(bow, 9), abs(i - j), -i, -j, u1, u2))
    found.sort()
    return tuple((bow, u1, u2) for bow, _, _, _, u1, u2 in found)


def distance_to_segment(p: Point, a: Point, b: Point) -> float:
    """The distance from ``p`` to the segment ``a``-``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx
                                                     + (p[1] - a[1]) * dy) / length2))
    return hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def _outside(p: Point, q: Point, centre: Point, radius: float) -> tuple[Point, Point] | None:
    """The part of the segment p-q outside the disc (``p`` inside it, ``q`` anywhere):
    from where it leaves the disc to ``q``; None when ``q`` is inside too."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    fx, fy = p[0] - centre[0], p[1] - centre[1]
    a = dx * dx + dy * dy
    b = 2 * (fx * dx + fy * dy)
    c = fx * fx + fy * fy - radius * radius
    if a == 0 or a + b + c < 0:
        return None
    s = (-b + max(0.0, b * b - 4 * a * c) ** 0.5) / (2 * a)
    return (p[0] + s * dx, p[1] + s * dy), q


def bend_around(start: Circle, end: Circle, avoid: Sequence[Circle],
                margin: float) -> Bend:
    """The least-bowed curve from ``start``'s centre to ``end``'s that keeps ``margin``
    (mm) from the rim of every circle of ``avoid`` wherever it runs outside the two end
    circles; the straight line, with ``clears`` false, when no curve up to ``MAX_BOW``
    does."""
    (a, ra), (b, rb) = start, end
    length = hypot(b[0] - a[0], b[1] - a[1])
    if length == 0:
        return straight(a, b, clears=not avoid)
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    nx, ny = -uy, ux
    ts = [k / SAMPLES for k in range(SAMPLES + 1)]
    xs = [t * length for t in ts]
    w1 = [3 * t * (1 - t) ** 2 * length for t in ts]
    w2 = [3 * t * t * (1 - t) * length for t in ts]
    ends = (((0.0, 0.0), ra), ((length, 0.0), rb))
    # Each circle near enough to matter, in chord coordinates (along, across), with the
    # room the curve must keep from its centre and the pieces of the polyline that can
    # come that near (the curve runs along the chord: x is t times the chord).
    near: list[tuple[Point, float, range]] = []
    for c, r in avoid:
        along = (c[0] - a[0]) * ux + (c[1] - a[1]) * uy
        across = (c[0] - a[0]) * nx + (c[1] - a[1]) * ny
        room = r + margin + SLACK
        if abs(across) - room > MAX_BOW * length or along + room < 0 or along - room > length:
            continue
        first = max(0, int((along - room) / length * SAMPLES))
        last = min(SAMPLES, int((along + room) / length * SAMPLES) + 1)
        near.append(((along, across), room, range(first, last)))

    def blocks(centre: Point, room: float, pieces: range, u1: float, u2: float) -> bool:
        for k in pieces:
            p = (xs[k], u1 * w1[k] + u2 * w2[k])
            q = (xs[k + 1], u1 * w1[k + 1] + u2 * w2[k + 1])
            for e, r in ends:  # only what is drawn outside the end circles counts
                p_in = hypot(p[0] - e[0], p[1] - e[1]) < r
                q_in = hypot(q[0] - e[0], q[1] - e[1]) < r
                if p_in or q_in:
                    cut = _outside(p, q, e, r) if p_in else _outside(q, p, e, r)
                    if cut is None:
                        break
                    p, q = cut
            else:
                if distance_to_segment(centre, p, q) < room:
                    return True
        return False

    order = list(range(len(near)))
    for bow, u1, u2 in _lifts():
        blocked = next((n for n in order if blocks(*near[n], u1, u2)), None)
        if blocked is None:
            controls = (a, _lift(a, ux, uy, nx, ny, length / 3, u1 * length),
                        _lift(a, ux, uy, nx, ny, 2 * length / 3, u2 * length), b)
            return Bend(controls, True, round(bow * length, 6))
        order.remove(blocked)  # try first, next time, the circle that blocked this lift
        order.insert(0, blocked)
    return straight(a, b, clears=False)


def _lift(a: Point, ux: float, uy: float, nx: float, ny: float, along: float,
          across: float) -> Point:
    return (a[0] + ux * along + nx * across, a[1] + uy * along + ny * across)


def step_curve(start: Circle, end: Circle, avoid: Sequence[Circle], width: float,
               margin: float) -> Bend:
    """A drawn step ``width`` wide: the least bend that keeps ``margin`` from every
    circle of ``avoid`` measured from the line's edge where one can, else from its
    middle; the straight line, not clearing, when neither can."""
    bend = bend_around(start, end, avoid, margin + width / 2)
    return bend if bend.clears else bend_around(start, end, avoid, margin)


def reverse(bend: Bend) -> Bend:
    """The same curve travelled the other way."""
    a, b, c, d = bend.controls
    return Bend((d, c, b, a), bend.clears, bend.bow)
