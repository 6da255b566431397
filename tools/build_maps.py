"""Derive the print-scale map geometry (``maps/<id>/geometry.json``) from open data.

Run by developers, never at install or run time::

    python tools/build_maps.py            # every map this script knows
    python tools/build_maps.py usa        # one map

The npm packages named in SOURCES.md are fetched once with ``npm pack`` into the git-ignored
``tools/.cache/``. Their TopoJSON stores every border once, as an arc used by both
neighbours; the arcs are projected, scaled to millimetres and simplified one by one (the
arc ends stay put), and only then are the outlines rebuilt, so neighbours keep meeting
exactly. Adjacency is read off the shared arcs and compared with the declared edges.

Standard library only. The output is deterministic: the same bytes on every run.
"""

from __future__ import annotations

import heapq
import io
import json
import math
import subprocess
import sys
import tarfile
import tomllib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "tools" / ".cache"

Point = tuple[float, float]
Ring = list[Point]

BOX_W = 255.0
"""Largest map width in mm (the sheet puts the map on A4 / Letter landscape unscaled)."""
BOX_H = 150.0
CIRCLE_D = 10.0
"""Write-in circle diameter of the map being built (``use_circle`` sets it per map)."""
INSIDE_MIN_R = 5.6
"""A circle sits inside its space when the largest inscribed circle has at least this
radius (circle radius plus room for the outline's stroke)."""
GAP = 1.0
"""Least clear space between two circles, in mm."""
LABEL_RISE = 6.2
"""Label baseline above the circle centre."""


def use_circle(diameter: float) -> None:
    """Lay out the next map with write-in circles of ``diameter`` mm; the inside rule and
    the label's rise follow from it."""
    global CIRCLE_D, INSIDE_MIN_R, LABEL_RISE
    CIRCLE_D = diameter
    INSIDE_MIN_R = diameter / 2 + 0.6
    LABEL_RISE = diameter / 2 + 1.2
LABEL_H = 3.0
LABEL_CHAR_W = 1.8
"""Label box: height, and width per character (+1 mm), generous for 8 pt condensed bold."""


# --- fetching and decoding ------------------------------------------------------------


def fetch(package: str, version: str) -> Path:
    """The npm tarball of ``package@version`` in the cache, packed on first use."""
    path = CACHE / f"{package}-{version}.tgz"
    if not path.is_file():
        CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "pack", f"{package}@{version}"], cwd=CACHE, check=True,
                       stdout=subprocess.DEVNULL)
    return path


def read_member(tgz: Path, member: str) -> Any:
    with tarfile.open(tgz, "r:gz") as tar:
        handle = tar.extractfile(f"package/{member}")
        if handle is None:
            raise ValueError(f"{tgz.name}: no package/{member}")
        return json.load(io.TextIOWrapper(handle, encoding="utf-8"))


@dataclass
class Feature:
    """One TopoJSON geometry: id, name and polygons as lists of rings of arc references."""

    fid: str | None
    name: str
    polygons: list[list[list[int]]]


def decode_arcs(topo: dict[str, Any]) -> list[list[Point]]:
    """Absolute arc coordinates from delta-encoded quantized arcs and the transform."""
    (sx, sy), (tx, ty) = topo["transform"]["scale"], topo["transform"]["translate"]
    arcs: list[list[Point]] = []
    for arc in topo["arcs"]:
        x = y = 0
        pts: list[Point] = []
        for dx, dy in arc:
            x += dx
            y += dy
            pts.append((x * sx + tx, y * sy + ty))
        arcs.append(pts)
    return arcs


def features(topo: dict[str, Any], obj: str) -> list[Feature]:
    out = []
    for g in topo["objects"][obj]["geometries"]:
        if g["type"] == "Polygon":
            polys = [g["arcs"]]
        elif g["type"] == "MultiPolygon":
            polys = g["arcs"]
        else:
            continue
        out.append(Feature(g.get("id"), g.get("properties", {}).get("name", ""), polys))
    return out


def arc_index(ref: int) -> int:
    return ref if ref >= 0 else ~ref


def arc_points(arcs: list[list[Point]], ref: int) -> list[Point]:
    pts = arcs[arc_index(ref)]
    return list(pts) if ref >= 0 else pts[::-1]


# --- plane geometry -------------------------------------------------------------------


def ring_area(ring: Sequence[Point]) -> float:
    """Signed shoelace area."""
    s = 0.0
    for i in range(len(ring)):
        x1, y1 = ring[i - 1]
        x2, y2 = ring[i]
        s += x1 * y2 - x2 * y1
    return s / 2


def seg_dist2(p: Point, a: Point, b: Point) -> float:
    px, py = p
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    ex, ey = ax + t * dx - px, ay + t * dy - py
    return ex * ex + ey * ey


def inside(p: Point, rings: Iterable[Sequence[Point]]) -> bool:
    """Even-odd point-in-polygon over all rings."""
    x, y = p
    result = False
    for ring in rings:
        n = len(ring)
        for i in range(n):
            (x1, y1), (x2, y2) = ring[i - 1], ring[i]
            if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
                result = not result
    return result


def segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    def orient(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    d1, d2 = orient(c, d, a), orient(c, d, b)
    d3, d4 = orient(a, b, c), orient(a, b, d)
    return (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0) and d1 * d2 < 0 and d3 * d4 < 0


class Shape:
    """A set of rings (even-odd) with a bucketed segment index for fast distance queries."""

    CELL = 4.0

    def __init__(self, rings: Sequence[Sequence[Point]]) -> None:
        self.rings = [list(r) for r in rings]
        xs = [p[0] for r in rings for p in r]
        ys = [p[1] for r in rings for p in r]
        self.bbox = (min(xs), min(ys), max(xs), max(ys))
        self.buckets: dict[tuple[int, int], list[tuple[Point, Point]]] = {}
        for ring in self.rings:
            for i in range(len(ring)):
                a, b = ring[i - 1], ring[i]
                for key in self._cells(min(a[0], b[0]), min(a[1], b[1]),
                                       max(a[0], b[0]), max(a[1], b[1])):
                    self.buckets.setdefault(key, []).append((a, b))

    def _cells(self, x0: float, y0: float, x1: float, y1: float) -> Iterable[tuple[int, int]]:
        c = self.CELL
        for i in range(math.floor(x0 / c), math.floor(x1 / c) + 1):
            for j in range(math.floor(y0 / c), math.floor(y1 / c) + 1):
                yield i, j

    def edge_dist(self, p: Point, limit: float = math.inf) -> float:
        """Distance from p to the nearest edge; exact when below ``limit``."""
        best = math.inf
        reach = self.CELL
        while True:
            seen = self._cells(p[0] - reach, p[1] - reach, p[0] + reach, p[1] + reach)
            for key in seen:
                for a, b in self.buckets.get(key, ()):
                    best = min(best, seg_dist2(p, a, b))
            if best <= reach * reach or reach >= limit or reach > 400:
                return min(math.sqrt(best), limit) if best < math.inf else limit
            reach *= 2

    def contains(self, p: Point) -> bool:
        x0, y0, x1, y1 = self.bbox
        if not (x0 <= p[0] <= x1 and y0 <= p[1] <= y1):
            return False
        return inside(p, self.rings)

    def signed_dist(self, p: Point, limit: float = math.inf) -> float:
        d = self.edge_dist(p, limit)
        return d if self.contains(p) else -d

    def crosses(self, a: Point, b: Point) -> bool:
        """Does segment ab cross an edge of the shape?"""
        for key in self._cells(min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]),
                               max(a[1], b[1])):
            for c, d in self.buckets.get(key, ()):
                if segments_cross(a, b, c, d):
                    return True
        return False


def polylabel(shape: Shape, precision: float = 0.05) -> tuple[Point, float]:
    """Pole of inaccessibility (Mapbox's polylabel): the centre and radius of the largest
    circle inside the shape."""
    x0, y0, x1, y1 = shape.bbox
    size = min(x1 - x0, y1 - y0)
    if size <= 0:
        return (x0, y0), 0.0
    h = size / 2
    heap: list[tuple[float, int, float, float, float, float]] = []
    counter = 0

    def push(cx: float, cy: float, half: float) -> None:
        nonlocal counter
        d = shape.signed_dist((cx, cy))
        counter += 1
        heapq.heappush(heap, (-(d + half * math.sqrt(2)), counter, cx, cy, half, d))

    y = y0
    while y < y1:
        x = x0
        while x < x1:
            push(x + h, y + h, h)
            x += size
        y += size
    # first guesses: the area centroid of the largest ring and the bbox centre
    big = max(shape.rings, key=lambda r: abs(ring_area(r)))
    a = ring_area(big)
    cx = sum((p[0] + q[0]) * (p[0] * q[1] - q[0] * p[1])
             for p, q in zip(big, big[1:] + big[:1], strict=True)) / (6 * a)
    cy = sum((p[1] + q[1]) * (p[0] * q[1] - q[0] * p[1])
             for p, q in zip(big, big[1:] + big[:1], strict=True)) / (6 * a)
    best = ((cx, cy), shape.signed_dist((cx, cy)))
    centre = ((x0 + x1) / 2, (y0 + y1) / 2)
    d = shape.signed_dist(centre)
    if d > best[1]:
        best = (centre, d)
    while heap:
        _, _, cx, cy, half, d = heapq.heappop(heap)
        if d > best[1]:
            best = ((cx, cy), d)
        if d + half * math.sqrt(2) - best[1] <= precision:
            continue
        half /= 2
        for sx in (-1, 1):
            for sy in (-1, 1):
                push(cx + sx * half, cy + sy * half, half)
    return best


class Raster:
    """A shape cut into horizontal rows of inside intervals, for area shares of circles."""

    STEP = 0.25

    def __init__(self, shape: Shape) -> None:
        x0, y0, x1, y1 = shape.bbox
        self.y0 = y0
        self.rows: list[list[tuple[float, float]]] = []
        y = y0 + self.STEP / 2
        while y < y1:
            xs = []
            for ring in shape.rings:
                for i in range(len(ring)):
                    (xa, ya), (xb, yb) = ring[i - 1], ring[i]
                    if (ya > y) != (yb > y):
                        xs.append(xa + (y - ya) * (xb - xa) / (yb - ya))
            xs.sort()
            self.rows.append(list(zip(xs[0::2], xs[1::2], strict=True)))
            y += self.STEP

    def share(self, c: Point, r: float) -> float:
        """The share of the circle (centre c, radius r) that lies inside the shape."""
        total = inside = 0.0
        first = math.floor((c[1] - r - self.y0) / self.STEP)
        for k in range(first, first + math.ceil(2 * r / self.STEP) + 2):
            y = self.y0 + (k + 0.5) * self.STEP
            dy = y - c[1]
            if abs(dy) >= r:
                continue
            h = math.sqrt(r * r - dy * dy)
            total += 2 * h
            if 0 <= k < len(self.rows):
                for a, b in self.rows[k]:
                    inside += max(0.0, min(b, c[0] + h) - max(a, c[0] - h))
        return inside / total if total else 0.0


def douglas_peucker(pts: list[Point], tol: float) -> list[Point]:
    """Douglas-Peucker on an open polyline; the end points are kept. A closed arc (first
    point = last point) is split at its farthest point first."""
    if len(pts) <= 2:
        return pts
    if pts[0] == pts[-1]:
        far = max(range(len(pts)), key=lambda i: seg_dist2(pts[i], pts[0], pts[0]))
        return douglas_peucker(pts[: far + 1], tol)[:-1] + douglas_peucker(pts[far:], tol)
    keep = [False] * len(pts)
    keep[0] = keep[-1] = True
    stack = [(0, len(pts) - 1)]
    tol2 = tol * tol
    while stack:
        i, j = stack.pop()
        best, index = -1.0, -1
        for k in range(i + 1, j):
            d = seg_dist2(pts[k], pts[i], pts[j])
            if d > best:
                best, index = d, k
        if index >= 0 and best > tol2:
            keep[index] = True
            stack += [(i, index), (index, j)]
    return [p for p, k in zip(pts, keep, strict=True) if k]


def clip_ring(ring: Ring, x0: float, y0: float, x1: float, y1: float) -> Ring:
    """Sutherland-Hodgman clip of a ring to an axis-aligned box."""
    def clip(pts: Ring, inside_fn: Callable[[Point], bool],
             cut: Callable[[Point, Point], Point]) -> Ring:
        out: Ring = []
        for i in range(len(pts)):
            a, b = pts[i - 1], pts[i]
            if inside_fn(b):
                if not inside_fn(a):
                    out.append(cut(a, b))
                out.append(b)
            elif inside_fn(a):
                out.append(cut(a, b))
        return out

    def at_x(x: float) -> Callable[[Point, Point], Point]:
        return lambda a, b: (x, a[1] + (b[1] - a[1]) * (x - a[0]) / (b[0] - a[0]))

    def at_y(y: float) -> Callable[[Point, Point], Point]:
        return lambda a, b: (a[0] + (b[0] - a[0]) * (y - a[1]) / (b[1] - a[1]), y)

    pts = ring
    pts = clip(pts, lambda p: p[0] >= x0, at_x(x0))
    pts = clip(pts, lambda p: p[0] <= x1, at_x(x1))
    pts = clip(pts, lambda p: p[1] >= y0, at_y(y0))
    pts = clip(pts, lambda p: p[1] <= y1, at_y(y1))
    return pts


def laea(lat0: float, lon0: float, radius: float = 6371.0) -> Callable[[Point], Point]:
    """Lambert azimuthal equal-area projection (sphere), (lon, lat) degrees -> km with y
    pointing down (south)."""
    phi0, lam0 = math.radians(lat0), math.radians(lon0)
    s0, c0 = math.sin(phi0), math.cos(phi0)

    def project(p: Point) -> Point:
        lam, phi = math.radians(p[0]), math.radians(p[1])
        sp, cp, cl = math.sin(phi), math.cos(phi), math.cos(lam - lam0)
        k = math.sqrt(2 / (1 + s0 * sp + c0 * cp * cl))
        return (radius * k * cp * math.sin(lam - lam0), -radius * k * (c0 * sp - s0 * cp * cl))

    return project


# --- map specifications ---------------------------------------------------------------


@dataclass
class MapSpec:
    """Where a map's outlines come from and how features become spaces."""

    map_id: str
    package: str
    version: str
    member: str
    obj: str
    assign: Callable[[Feature], str | None]
    """A feature's space id, ``CONTEXT`` for land drawn for orientation, None to drop."""
    polygon_space: Callable[[str, list[list[Point]]], str | None] = lambda space, rings: space
    """Where one polygon of a feature goes, given the feature's space (or ``CONTEXT``) and
    the polygon's rings in source coordinates: a space, ``CONTEXT``, or None to drop it."""
    project: Callable[[Point], Point] = lambda p: p
    """Source coordinates -> plane coordinates with y down."""
    frame: Callable[[dict[str, list[Point]]], tuple[float, float, float, float]] | None = None
    """The plane-coordinate box to print, from each space's points; default: their bbox."""
    tolerance: float = 0.12
    """Douglas-Peucker tolerance for arcs of game spaces, in mm."""
    context_tolerance: float = 0.3
    min_island: float = 0.6
    """Drop rings smaller than this (mm^2) unless they are a space's only ring."""
    hints: dict[str, Point] = field(default_factory=dict)
    """Optional preferred circle positions in mm, for crowded corners: an inside circle
    moves to the valid spot nearest its hint, a call-out is drawn towards it."""
    water_links: dict[str, list[Point]] = field(default_factory=dict)
    """Hand-bent water links: ``"A-B"`` -> intermediate points in mm (may be empty)."""
    circle_d: float = 10.0
    """Write-in circle diameter in mm (at least 9: room for a handwritten two-digit
    number)."""
    circles: dict[str, Point] = field(default_factory=dict)
    """Hand-placed circle centres in mm (labels and leaders are still found
    automatically): inside the space, or outside it for a call-out."""
    box: tuple[float, float] = (BOX_W, BOX_H)
    """Largest map size (width, height) in mm: the map is scaled to fill it."""
    pins: dict[str, tuple[Point, Point]] = field(default_factory=dict)
    """Hand-placed circles for the most crowded corners: space -> (circle centre, label
    baseline centre), in mm. Applied after the automatic placement; a pinned call-out's
    leader is found by the same rule as any other's. The geometry tests check the result
    like any other layout."""
    inside_share: float | None = None
    """None: a circle sits inside its space only when it fits whole. A share (0-1): it also
    sits inside when its centre is inside and at least this share of its area is (it may
    overflow the border a little). Call-outs then point at the nearest point well inside
    the space (short leaders), keep clear of water links, and labels stay nearer their own
    circle than any other."""


CONTEXT = "~context"


# --- building -------------------------------------------------------------------------


@dataclass
class Built:
    """A map's rings in mm, by space, and what the build found."""

    width: float
    height: float
    spaces: dict[str, list[Ring]]
    context: list[Ring]
    derived_edges: set[tuple[str, str]]
    border_mm: dict[tuple[str, str], float]
    """Length of each derived edge's shared border on the printed map."""
    point_contacts: set[tuple[str, str]]
    points_before: int
    points_after: int
    arcs_used: int


def edge(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def stitch(refs: list[int], ends: dict[int, tuple[Point, Point]]) -> list[list[int]]:
    """Chain directed arc references into closed rings of references."""
    starts: dict[Point, list[int]] = {}
    for pos, ref in enumerate(refs):
        starts.setdefault(ends[ref][0], []).append(pos)
    used = [False] * len(refs)
    rings = []
    for first in range(len(refs)):
        if used[first]:
            continue
        ring = [refs[first]]
        used[first] = True
        start, end = ends[refs[first]]
        pos = first
        while end != start:
            options = [q for q in starts.get(end, []) if not used[q]]
            if not options:
                break
            nxt = pos + 1 if pos + 1 in options else options[0]
            used[nxt] = True
            ring.append(refs[nxt])
            end = ends[refs[nxt]][1]
            pos = nxt
        rings.append(ring)
    return rings


def build(spec: MapSpec, order: list[str]) -> Built:
    topo = read_member(fetch(spec.package, spec.version), spec.member)
    raw = decode_arcs(topo)
    feats = features(topo, spec.obj)

    # which polygons of which space use which arcs
    space_refs: dict[str, list[int]] = {}
    context_refs: list[list[int]] = []  # one list per context polygon ring set
    for feat in feats:
        owner = spec.assign(feat)
        if owner is None:
            continue
        for poly in feat.polygons:
            rings_src = [[p for ref in ring for p in arc_points(raw, ref)] for ring in poly]
            space = spec.polygon_space(owner, rings_src)
            if space is None:
                continue
            refs = [ref for ring in poly for ref in ring]
            if space == CONTEXT:
                context_refs.append(refs)
            else:
                space_refs.setdefault(space, []).extend(refs)
    missing = [s for s in order if s not in space_refs]
    if missing:
        raise ValueError(f"{spec.map_id}: no outline for {' '.join(missing)}")

    # adjacency from shared arcs, point contacts from shared arc ends
    users: dict[int, set[str]] = {}
    corners: dict[Point, set[str]] = {}
    for space, refs in space_refs.items():
        for ref in refs:
            users.setdefault(arc_index(ref), set()).add(space)
            arc = raw[arc_index(ref)]
            for p in (arc[0], arc[-1]):
                corners.setdefault(p, set()).add(space)
    derived = {edge(a, b) for s in users.values() for a in s for b in s if a < b}
    touching = {edge(a, b) for s in corners.values() for a in s for b in s if a < b}
    point_contacts = touching - derived

    # project, frame, scale to mm
    projected = [[spec.project(p) for p in arc] for arc in raw]
    by_space = {s: [p for ref in refs for p in projected[arc_index(ref)]]
                for s, refs in space_refs.items()}
    if spec.frame is not None:
        fx0, fy0, fx1, fy1 = spec.frame(by_space)
    else:
        xs = [p[0] for pts in by_space.values() for p in pts]
        ys = [p[1] for pts in by_space.values() for p in pts]
        fx0, fy0, fx1, fy1 = min(xs), min(ys), max(xs), max(ys)
    scale = min(spec.box[0] / (fx1 - fx0), spec.box[1] / (fy1 - fy0))
    width, height = round((fx1 - fx0) * scale, 2), round((fy1 - fy0) * scale, 2)

    def to_mm(p: Point) -> Point:
        return ((p[0] - fx0) * scale, (p[1] - fy0) * scale)

    game_arcs = {arc_index(r) for refs in space_refs.values() for r in refs}
    all_arcs = game_arcs | {arc_index(r) for refs in context_refs for r in refs}
    simple: dict[int, list[Point]] = {}
    before = after = 0
    for i in sorted(all_arcs):
        pts = [to_mm(p) for p in projected[i]]
        tol = spec.tolerance if i in game_arcs else spec.context_tolerance
        simple[i] = douglas_peucker(pts, tol)
        if i in game_arcs:
            before += len(pts)
            after += len(simple[i])
    border: dict[tuple[str, str], float] = {}
    for i, owners in users.items():
        if len(owners) == 2:
            a, b = sorted(owners)
            pts = simple[i]
            border[(a, b)] = border.get((a, b), 0.0) + sum(
                math.dist(pts[k - 1], pts[k]) for k in range(1, len(pts)))
    ends = {}
    for i in all_arcs:
        ends[i] = (simple[i][0], simple[i][-1])
        ends[~i] = (simple[i][-1], simple[i][0])

    def rings_of(refs: list[int]) -> list[Ring]:
        count: dict[int, int] = {}
        for ref in refs:
            count[ref] = count.get(ref, 0) + 1
        # an arc used in both directions by one space is an inner border: drop it
        kept = []
        for ref in refs:
            if count.get(~ref, 0) > 0:
                continue
            kept.append(ref)
        out = []
        for chain in stitch(kept, ends):
            pts: Ring = []
            for ref in chain:
                seg = simple[arc_index(ref)] if ref >= 0 else simple[~ref][::-1]
                pts.extend(seg if not pts else seg[1:])
            if len(pts) > 1 and pts[0] == pts[-1]:
                pts.pop()
            pts = clip_ring(pts, 0.0, 0.0, width, height)
            pts = [(round(x, 2), round(y, 2)) for x, y in pts]
            pts = [p for i, p in enumerate(pts) if p != pts[i - 1]] if pts else pts
            if len(pts) >= 3 and abs(ring_area(pts)) > 1e-6:
                out.append(pts)
        return out

    spaces: dict[str, list[Ring]] = {}
    for space in order:
        rings = rings_of(space_refs[space])
        biggest = max(abs(ring_area(r)) for r in rings)
        spaces[space] = [r for r in rings
                         if abs(ring_area(r)) >= spec.min_island or abs(ring_area(r)) == biggest]
    context = [r for refs in context_refs for r in rings_of(refs)
               if abs(ring_area(r)) >= 2 * spec.min_island]
    return Built(width, height, spaces, context, derived, border, point_contacts, before,
                 after, len(game_arcs))


# --- circles, call-outs and labels ----------------------------------------------------


@dataclass
class Placed:
    space: str
    anchor: Point
    label: Point
    leader_to: Point | None
    inscribed: float


def label_width(text: str) -> float:
    return LABEL_CHAR_W * len(text) + 1.0


def label_box(at: Point, text: str) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) a label with baseline centre ``at`` covers."""
    w = label_width(text)
    return (at[0] - w / 2, at[1] - LABEL_H, at[0] + w / 2, at[1])


def label_options(anchor: Point, text: str, diagonal: bool = False) -> list[Point]:
    """Label baseline centres around a circle, in order of preference: above, below,
    right, left (then, with ``diagonal``, the four corners)."""
    x, y = anchor
    r = CIRCLE_D / 2
    half = label_width(text) / 2
    out = [(x, y - LABEL_RISE), (x, y + LABEL_RISE + LABEL_H),
           (x + r + 1.0 + half, y + LABEL_H / 2), (x - r - 1.0 - half, y + LABEL_H / 2)]
    if diagonal:
        c = r * 0.72 + 0.6
        out += [(x + c + half, y - c), (x - c - half, y - c),
                (x + c + half, y + c + LABEL_H), (x - c - half, y + c + LABEL_H)]
    return out


def box_centre(box: tuple[float, float, float, float]) -> Point:
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def box_dist(p: Point, box: tuple[float, float, float, float]) -> float:
    dx = max(box[0] - p[0], 0.0, p[0] - box[2])
    dy = max(box[1] - p[1], 0.0, p[1] - box[3])
    return math.hypot(dx, dy)


def boxes_overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float],
                  pad: float) -> bool:
    return not (a[2] + pad <= b[0] or b[2] + pad <= a[0] or a[3] + pad <= b[1]
                or b[3] + pad <= a[1])


def box_points(box: tuple[float, float, float, float]) -> list[Point]:
    x0, y0, x1, y1 = box
    xm, ym = (x0 + x1) / 2, (y0 + y1) / 2
    return [(x0, y0), (xm, y0), (x1, y0), (x1, ym), (x1, y1), (xm, y1), (x0, y1), (x0, ym)]


def segment_box_hit(a: Point, b: Point, box: tuple[float, float, float, float]) -> bool:
    """Does segment ab pass through the box?"""
    x0, y0, x1, y1 = box
    if box_dist(a, box) == 0 or box_dist(b, box) == 0:
        return True
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    return any(segments_cross(a, b, corners[i - 1], corners[i]) for i in range(4))


def half_mm_grid(bbox: tuple[float, float, float, float]) -> Iterator[Point]:
    """The points of the 0.5 mm grid over ``bbox``, column by column, west to east."""
    x0, y0, x1, y1 = bbox
    gx = math.floor(x0 * 2) / 2
    while gx <= x1:
        gy = math.floor(y0 * 2) / 2
        while gy <= y1:
            yield (gx, gy)
            gy += 0.5
        gx += 0.5


def inside_anchor(shape: Shape, pole: Point, text: str, hint: Point | None = None) -> Point:
    """A circle centre inside the shape whose label (above) also fits inside, as close to
    the pole of inaccessibility (or to ``hint``) as that allows; without room for the
    label, the pole (or the valid centre nearest the hint)."""
    x0, y0, x1, y1 = shape.bbox
    fits: list[tuple[float, float, Point]] = []
    valid: list[tuple[float, Point]] = []
    goal = hint or pole
    step = 1.0
    gx = x0 + step / 2
    while gx < x1:
        gy = y0 + step / 2
        while gy < y1:
            p = (gx, gy)
            gy += step
            if not shape.contains(p) or shape.edge_dist(p, 40.0) < INSIDE_MIN_R:
                continue
            d = shape.edge_dist(p, 40.0)
            valid.append((math.dist(p, goal), p))
            box = label_box((p[0], p[1] - LABEL_RISE), text)
            lab = min(shape.signed_dist(q, 10.0) for q in box_points(box))
            score = min(d - INSIDE_MIN_R, lab - 0.4)
            if score >= 0:
                # without a hint prefer roomy spots, then closeness to the goal
                fits.append((0.0 if hint else -min(score, 2.0), math.dist(p, goal), p))
        gx += step
    if fits:
        return min(fits)[2]
    if hint and valid:
        return min(valid)[1]
    return pole


class Layout:
    """Circles inside roomy spaces, call-outs for the others, labels beside every circle.

    Call-outs are placed in two phases: every candidate position of every call-out is
    scored once against the fixed parts of the map (outlines, sea, inside circles), then a
    greedy pass takes call-outs one at a time, each at its cheapest position that clears
    the call-outs already placed; a call-out left without room moves to the front of the
    queue and the pass starts again.
    """

    STEP = 1.0
    REACH = 32.0
    RETRIES = 60

    def __init__(self, built: Built, labels: dict[str, str], hints: dict[str, Point],
                 inside_share: float | None = None,
                 water: Sequence[tuple[Point, Point]] = (),
                 fixed: dict[str, Point] | None = None) -> None:
        self.built = built
        self.fixed = dict(fixed or {})
        """Hand-placed circle centres: inside their space, or call-outs beside it."""
        self.labels = labels
        self.hints = hints
        self.inside_share = inside_share
        self.water = list(water)
        """Water-link segments: circles keep clear of them."""
        self.shapes = {s: Shape(r) for s, r in built.spaces.items()}
        self.land = Shape([r for rings in built.spaces.values() for r in rings]
                          + built.context)
        self.circles: dict[str, Point] = {}
        self.leaders: dict[str, tuple[Point, Point]] = {}
        self.label_boxes: dict[str, tuple[float, float, float, float]] = {}
        self.targets: dict[str, Point] = {}
        """Where each call-out's leader ends: no other circle may sit on it."""
        self.fixed_out: list[str] = []
        self.inside_labels: dict[str, Point] = {}
        """Labels already placed with their inside circles."""
        self.deep: dict[str, list[Point]] = {}
        """Points well inside each call-out's space, clear of circles: leader ends."""

    def circle_free(self, p: Point, ignore: str = "") -> bool:
        r = CIRCLE_D / 2
        if not (r + 0.5 <= p[0] <= self.built.width - r - 0.5
                and r + 0.5 <= p[1] <= self.built.height - r - 0.5):
            return False
        if any(math.dist(p, q) < CIRCLE_D + GAP for s, q in self.circles.items()
               if s != ignore):
            return False
        if any(box_dist(p, b) < r + 0.5 for s, b in self.label_boxes.items() if s != ignore):
            return False
        if self.inside_share is not None and any(
                box_dist(p, b) < box_dist(self.circles[s], b) + 1.0
                for s, b in self.label_boxes.items() if s != ignore and s in self.circles):
            return False  # a label stays nearer its own circle than any other
        if any(math.dist(p, t) < r + 0.8 for s, t in self.targets.items() if s != ignore):
            return False
        if any(math.sqrt(seg_dist2(p, a, b)) < r + 0.6 for a, b in self.water):
            return False
        return all(math.sqrt(seg_dist2(p, a, b)) >= r + 0.6
                   for s, (a, b) in self.leaders.items() if s != ignore)

    def place(self) -> list[Placed]:
        poles = {s: polylabel(shape) for s, shape in self.shapes.items()}
        self.circles.update(self.fixed)
        fixed_out = [s for s, p in self.fixed.items() if not self.shapes[s].contains(p)]
        self.fixed_out = fixed_out
        if self.inside_share is None:
            callouts = []
            for space, shape in self.shapes.items():
                (pole, r) = poles[space]
                if space in self.fixed:
                    continue
                if r >= INSIDE_MIN_R:
                    self.circles[space] = inside_anchor(shape, pole, self.labels[space],
                                                        self.hints.get(space))
                else:
                    callouts.append(space)
                    self.targets[space] = pole
        else:
            callouts = self.place_overflowing(poles, self.inside_share)
        callouts += [s for s in fixed_out if s not in callouts]
        for s in fixed_out:
            self.targets[s] = poles[s][0]
        label_at: dict[str, Point] = dict(self.inside_labels)
        for space in self.shapes:
            if space in self.circles and space not in label_at and space not in fixed_out:
                at = self.place_label(space)
                if at is None:
                    raise ValueError(f"no room for the label of {space}")
                label_at[space] = at
        if self.inside_share is not None:
            self.find_deep(callouts, poles)
            self.land_raster = Raster(self.land)
        candidates = {s: self.candidates(s, poles[s][0]) for s in callouts
                      if s not in self.fixed}
        for s in fixed_out:  # a hand-placed call-out has one place: its own
            p = self.fixed[s]
            candidates[s] = [(0.0, p, self.leader_end(s, p))]
        # the call-outs with the fewest good places go first; ties west to east
        queue = sorted(callouts, key=lambda s: (len(candidates[s]), poles[s][0]))
        fixed = (dict(self.circles), dict(self.label_boxes), dict(self.targets))
        for _ in range(self.RETRIES):
            self.circles, self.label_boxes = dict(fixed[0]), dict(fixed[1])
            self.targets = dict(fixed[2])
            self.leaders = {}
            placed_labels = dict(label_at)
            failed = None
            for space in queue:
                at = self.place_callout(space, candidates[space])
                if at is None:
                    failed = space
                    break
                placed_labels[space] = at
            if failed is None:
                label_at = placed_labels
                break
            queue.remove(failed)
            queue.insert(0, failed)
        else:
            raise ValueError(f"no room for the call-outs; last failure: {failed}")
        return [Placed(space, self.circles[space], label_at[space],
                       self.leaders[space][1] if space in self.leaders else None,
                       poles[space][1])
                for space in self.shapes]

    def place_overflowing(self, poles: dict[str, tuple[Point, float]],
                          share: float) -> list[str]:
        """Circles inside every space that can hold one whole, then inside the spaces that
        hold its centre and ``share`` of its area (most inside first), clear of each other
        and of the water links, the tightest first; the spaces left over (returned) get
        call-outs."""
        r = CIRCLE_D / 2
        options: dict[str, list[tuple[float, Point]]] = {}
        for space, shape in self.shapes.items():
            pole, pr = poles[space]
            if space in self.fixed:
                continue
            if pr >= INSIDE_MIN_R:
                self.circles[space] = inside_anchor(shape, pole, self.labels[space],
                                                    self.hints.get(space))
                continue
            raster = Raster(shape)
            found = []
            for p in half_mm_grid(shape.bbox):
                if shape.contains(p):
                    got = raster.share(p, r)
                    if got >= share + 0.02:  # a margin over the rule the tests check
                        found.append((got, p))
            options[space] = found
        callouts = [s for s in self.shapes if s not in self.circles and s not in self.fixed
                     and not options[s]]
        for s in callouts:
            self.targets[s] = poles[s][0]
        for space in self.shapes:
            if space in self.circles and space not in self.fixed_out:
                at = self.place_label(space)
                if at is None:
                    if space not in self.fixed:
                        raise ValueError(f"no room for the label of {space}")
                    at = self.fallback_label(space)
                self.inside_labels[space] = at
        # the spaces with the fewest positions go first
        order = sorted(options, key=lambda s: (len(options[s]), s))
        for space in order:
            if not options[space]:
                continue
            goal = self.hints.get(space, poles[space][0])
            rivals = [options[t] for t in order if t != space and t not in self.circles
                      and options[t] and math.dist(options[t][0][1], options[space][0][1]) < 60]

            def blocks(p: Point, rivals: list[list[tuple[float, Point]]] = rivals) -> float:
                """How much a circle at p takes from the spaces still to be placed."""
                out = 0.0
                for opts in rivals:
                    lost = sum(1 for _, q in opts if math.dist(p, q) < CIRCLE_D + GAP)
                    out += 2.0 if lost == len(opts) else 0.2 * lost / len(opts)
                return out

            ranked = sorted((-round(got, 2) + 0.02 * math.dist(p, goal) + blocks(p), p)
                            for got, p in options[space])
            for _, p in ranked:
                if self.circle_free(p):
                    self.circles[space] = p
                    at = self.place_label(space)
                    if at is not None:
                        self.inside_labels[space] = at
                        break
                    del self.circles[space]
            else:
                callouts.append(space)
                self.targets[space] = poles[space][0]
        return [s for s in self.shapes if s in callouts]

    def find_deep(self, callouts: list[str], poles: dict[str, tuple[Point, float]]) -> None:
        """Possible leader ends of each call-out: points at least 1 mm (less in tiny
        spaces) inside its outline and clear of the circles placed so far."""
        r = CIRCLE_D / 2
        for space in callouts:
            shape = self.shapes[space]
            depth = min(1.2, 0.7 * poles[space][1])
            pts = [p for p in half_mm_grid(shape.bbox)
                   if shape.contains(p) and shape.edge_dist(p, depth + 0.1) >= depth
                   and all(math.dist(p, q) >= r + 1.0 for q in self.circles.values())]
            self.deep[space] = pts or [poles[space][0]]

    def leader_end(self, space: str, p: Point) -> Point:
        if space not in self.deep:
            return self.targets[space]
        return min(self.deep[space], key=lambda q: (round(math.dist(p, q), 3), q))

    def candidates(self, space: str, target: Point) -> list[tuple[float, Point, Point]]:
        """Every position for the space's call-out circle that clears the fixed parts of
        the map, with its cost and leader end, cheapest first."""
        r = CIRCLE_D / 2
        out: list[tuple[float, Point, Point]] = []
        own = self.shapes[space]
        others = [(s, sh) for s, sh in self.shapes.items() if s != space]
        hint = self.hints.get(space)
        fixed = list(self.circles.values())
        reach = self.REACH
        x0, y0, x1, y1 = target[0], target[1], target[0], target[1]
        if space in self.deep:
            xs = [q[0] for q in self.deep[space]]
            ys = [q[1] for q in self.deep[space]]
            x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
            reach = 40.0 + r
        floor = math.floor if space in self.deep else float
        x = max(r + 0.5, floor(x0 - reach))
        while x <= min(self.built.width - r - 0.5, x1 + reach):
            y = max(r + 0.5, floor(y0 - reach))
            while y <= min(self.built.height - r - 0.5, y1 + reach):
                p = (round(x, 2), round(y, 2))
                y += self.STEP
                end = self.leader_end(space, p)
                length = math.dist(p, end)
                if length > reach or not self.circle_free(p, ignore=space):
                    continue
                if own.contains(p) or own.edge_dist(p, r + 0.6) < r + 0.5:
                    continue  # outside its own outline, clear of it
                if any(math.sqrt(seg_dist2(q, p, end)) < r + 0.6 for q in fixed):
                    continue
                if any(segment_box_hit(p, end, b) for b in self.label_boxes.values()):
                    continue
                if any(segments_cross(p, end, a, b) for a, b in self.water):
                    continue
                if space in self.deep:
                    over_land = 12.0 * self.land_raster.share(p, r + 0.5)
                else:
                    sea = self.land.edge_dist(p, r + 1.0)
                    on_land = self.land.contains(p)
                    over_land = (r + 1.0 - sea) if not on_land else (r + 1.0 + sea)
                covered = {s for s, sh in others
                           if sh.bbox[0] - r <= p[0] <= sh.bbox[2] + r
                           and sh.bbox[1] - r <= p[1] <= sh.bbox[3] + r
                           and (sh.contains(p) or sh.edge_dist(p, r) < r)}
                crossed = sum(1 for s, sh in others
                              if s not in covered
                              and sh.bbox[0] <= max(p[0], end[0])
                              and sh.bbox[2] >= min(p[0], end[0])
                              and sh.bbox[1] <= max(p[1], end[1])
                              and sh.bbox[3] >= min(p[1], end[1])
                              and sh.crosses(p, end))
                # short leaders; then cover and cross few other spaces; then prefer sea
                if space in self.deep:
                    cost = (2.5 * length + 6.0 * len(covered) + 10.0 * crossed
                            + 2.5 * over_land)
                else:
                    cost = 2.5 * length + 6.0 * len(covered) + 8.0 * crossed + 1.0 * over_land
                if hint is not None:
                    cost += 2.0 * math.dist(p, hint)
                out.append((round(cost, 6), p, end))
            x += self.STEP
        return sorted(out)

    def place_callout(self, space: str,
                      candidates: list[tuple[float, Point, Point]]) -> Point | None:
        """Put the call-out at its cheapest free candidate; its label position, or None."""
        r = CIRCLE_D / 2
        if space in self.fixed_out:  # hand-placed: the tests check what it crosses
            _, p, target = candidates[0]
            self.circles[space] = p
            d = math.dist(p, target)
            rim = (p[0] + (target[0] - p[0]) * r / d, p[1] + (target[1] - p[1]) * r / d)
            self.leaders[space] = (rim, target)
            self.targets[space] = target
            return self.place_label(space) or self.fallback_label(space)
        for _, p, target in candidates:
            if not self.circle_free(p, ignore=space):
                continue
            if any(segments_cross(p, target, a, b) for a, b in self.leaders.values()):
                continue
            if any(math.sqrt(seg_dist2(q, p, target)) < r + 0.6
                   for q in self.circles.values()):
                continue
            if any(math.dist(q, target) < r + 0.8 for q in self.circles.values()):
                continue
            if any(segment_box_hit(p, target, b) for b in self.label_boxes.values()):
                continue
            self.circles[space] = p
            # the leader runs from the circle's rim to the target
            d = math.dist(p, target)
            rim = (p[0] + (target[0] - p[0]) * r / d, p[1] + (target[1] - p[1]) * r / d)
            self.leaders[space] = (rim, target)
            old_target = self.targets.get(space)
            self.targets[space] = target
            at = self.place_label(space)
            if at is not None:
                return at
            del self.circles[space]
            del self.leaders[space]
            if old_target is not None:
                self.targets[space] = old_target
        return None

    def fallback_label(self, space: str) -> Point:
        """Above the circle: for a hand-placed circle whose label has no free spot (the
        label is then pinned by hand in ``pins``)."""
        print(f"  warning: no room for the label of {space}; pin it")
        x, y = self.circles[space]
        at = (x, y - LABEL_RISE)
        self.label_boxes[space] = label_box(at, self.labels[space])
        return at

    def place_label(self, space: str) -> Point | None:
        """The best free label position around the space's circle (recorded), or None."""
        text = self.labels[space]
        anchor = self.circles[space]
        own = self.shapes[space]
        careful = self.inside_share is not None
        best: tuple[float, Point] | None = None
        for rank, at in enumerate(label_options(anchor, text, careful)):
            box = label_box(at, text)
            if box[0] < 0 or box[1] < 0 or box[2] > self.built.width or box[3] > self.built.height:
                continue
            if any(box_dist(q, box) < CIRCLE_D / 2 + 0.3 for q in self.circles.values()):
                continue
            if any(boxes_overlap(box, b, 0.5) for s, b in self.label_boxes.items()
                   if s != space):
                continue
            if any(segment_box_hit(a, b, box) for s, (a, b) in self.leaders.items()
                   if s != space):
                continue
            cost = float(rank)
            if careful:
                mine = box_dist(anchor, box)
                if any(box_dist(q, box) < mine + 1.0 for s, q in self.circles.items()
                       if s != space):
                    continue
                if any(segment_box_hit(a, b, box) for a, b in self.water):
                    continue
                if any(math.dist(t, box_centre(box)) < 1.5 + label_width(text) / 2
                       and box_dist(t, box) < 1.0
                       for s, t in self.targets.items() if s != space):
                    continue
            if space in self.leaders and segment_box_hit(*self.leaders[space], box):
                cost += 10
            if careful and space in self.leaders:
                # call-outs: the label on the side away from land
                cost += 1.5 * sum(1 for q in box_points(box) if self.land.contains(q))
            else:
                outside = sum(1 for q in box_points(box) if not own.contains(q))
                cost += 1.5 * outside
            if best is None or cost < best[0]:
                best = (cost, at)
        if best is None:
            return None
        self.label_boxes[space] = label_box(best[1], text)
        return best[1]


# --- the maps -------------------------------------------------------------------------

USA_MERGED = {"23": "NENG", "33": "NENG", "50": "NENG", "25": "NENG", "44": "NENG",
              "09": "NENG", "34": "MIDC", "10": "MIDC", "24": "MIDC",
              "11": "MIDC"}  # the District of Columbia fills its hole in Maryland
USA_DROPPED = {"02", "15"}  # Alaska, Hawaii: not on the board


USA_POSTAL = {
    "01": "AL", "04": "AZ", "05": "AR", "06": "CA", "08": "CO", "12": "FL", "13": "GA",
    "16": "ID", "17": "IL", "18": "IN", "19": "IA", "20": "KS", "21": "KY", "22": "LA",
    "26": "MI", "27": "MN", "28": "MS", "29": "MO", "30": "MT", "31": "NE", "32": "NV",
    "35": "NM", "36": "NY", "37": "NC", "38": "ND", "39": "OH", "40": "OK", "41": "OR",
    "42": "PA", "45": "SC", "46": "SD", "47": "TN", "48": "TX", "49": "UT", "51": "VA",
    "53": "WA", "54": "WV", "55": "WI", "56": "WY",
}
"""FIPS code -> postal code for the states that are spaces of their own."""


def usa_assign(feat: Feature) -> str | None:
    if feat.fid in USA_DROPPED or feat.fid is None:
        return None
    return USA_MERGED.get(feat.fid) or USA_POSTAL.get(feat.fid)


USA = MapSpec(
    map_id="usa", package="us-atlas", version="3.0.1", member="states-albers-10m.json",
    obj="states", assign=usa_assign, tolerance=0.12, min_island=0.5, inside_share=0.85,
)

EUROPE_ISO = {
    "352": "IS", "372": "IE", "826": "GB", "620": "PT", "724": "ES", "250": "FR", "056": "BE",
    "528": "NL", "442": "LU", "276": "DE", "208": "DK", "578": "NO", "752": "SE", "246": "FI",
    "248": "FI", "233": "EE", "428": "LV", "440": "LT", "616": "PL", "203": "CZ", "703": "SK",
    "040": "AT", "756": "CH", "380": "IT", "705": "SI", "191": "HR", "070": "BA", "688": "RS",
    "499": "ME", "008": "AL", "807": "MK", "300": "GR", "100": "BG", "642": "RO", "498": "MD",
    "804": "UA", "112": "BY", "643": "RU", "348": "HU", "792": "TR",
}
"""ISO 3166 numeric id -> space id (Aaland goes with Finland)."""
EUROPE_BASE = laea(52.0, 15.0)
EUROPE_LENS = ((15.0, 48.0), 3.2, 1200.0)
"""The lens over central Europe: centre (lon, lat), magnification at the centre, and the
radius (km) of the magnified core; beyond it the scale falls back towards 1."""
EUROPE_SMALL_LENSES = (((6.1, 49.75), 5.5, 110.0), ((21.6, 41.6), 2.0, 100.0),
                       ((19.3, 42.7), 2.0, 80.0), ((20.0, 41.0), 1.8, 80.0),
                       ((18.4, 42.53), 20.0, 60.0), ((25.0, 58.8), 3.0, 150.0))
"""Small lenses applied first, where a country would hold no label or circle otherwise:
Luxembourg (wide enough for its leader's end and label), North Macedonia, Montenegro,
Albania; the Croatia-Montenegro border (about 15 km), long enough for its no-link bar to
keep 1 mm from the coast and from Bosnia; Estonia, large enough to hold its own circle
(a call-out would have to stand on the sea, and no sea spot is within a 5 mm leader of it
in the narrow Gulf of Finland and Gulf of Riga). Each lens is centred where the lenses
before it put its centre."""
EUROPE_NORTH = (60.0, 0.5)
"""North of this latitude the map is squeezed north-south by this factor (Scandinavia
and Finland are large, with one circle each)."""
EUROPE_STRETCH = 1.3
"""East-west stretch of the whole map, so it fills the sheet's wide box."""


_SMALL_CENTRES: dict[tuple[tuple[Point, float, float], ...], list[Point]] = {}


def _lens(x: float, y: float, centre: Point, mag: float, core: float) -> Point:
    """A radial lens: ``mag`` times at ``centre``, falling towards 1 beyond ``core`` (the
    map stays one piece: distance from the centre only grows with distance)."""
    dx, dy = x - centre[0], y - centre[1]
    r = math.hypot(dx, dy)
    if r == 0:
        return (x, y)
    s = mag / (1 + (mag - 1) * r / (r + core))
    return (centre[0] + dx * s, centre[1] + dy * s)


def _small_lens_centres(lenses: tuple[tuple[Point, float, float], ...]) -> list[Point]:
    """Where each small lens is centred: its (lon, lat) moved by the lenses before it, so a
    lens stays on its country whatever the others push (a lens moves far points by up
    to its core radius)."""
    out: list[Point] = []
    for centre, _, _ in lenses:
        x, y = EUROPE_BASE(centre)
        for c, (_, mag, core) in zip(out, lenses, strict=False):
            x, y = _lens(x, y, c, mag, core)
        out.append((x, y))
    return out


def europe_project(p: Point) -> Point:
    """Lambert azimuthal equal-area (52N 15E), then the small lenses, the squeeze of the
    north, the lens over central Europe and the east-west stretch."""
    x, y = EUROPE_BASE(p)
    centres = _SMALL_CENTRES.get(EUROPE_SMALL_LENSES)
    if centres is None:
        centres = _SMALL_CENTRES[EUROPE_SMALL_LENSES] = _small_lens_centres(EUROPE_SMALL_LENSES)
    for c, (_, mag, core) in zip(centres, EUROPE_SMALL_LENSES, strict=True):
        x, y = _lens(x, y, c, mag, core)
    _, north = EUROPE_BASE((15.0, EUROPE_NORTH[0]))
    if y < north:
        y = north + (y - north) * EUROPE_NORTH[1]
    centre = EUROPE_BASE(EUROPE_LENS[0])
    x, y = _lens(x, y, centre, EUROPE_LENS[1], EUROPE_LENS[2])
    return ((x - centre[0]) * EUROPE_STRETCH, y - centre[1])


def europe_assign(feat: Feature) -> str | None:
    if feat.name == "Kosovo":  # no ISO id in the data; drawn as part of Serbia
        return "RS"
    if feat.fid in EUROPE_ISO:
        return EUROPE_ISO[feat.fid]
    return CONTEXT


def europe_polygon(space: str, rings: list[list[Point]]) -> str | None:
    outer = rings[0]
    lons = [p[0] for p in outer]
    lats = [p[1] for p in outer]
    if not any(-24.6 <= lon <= 70 and 33 <= lat <= 72 for lon, lat in outer):
        return None  # overseas parts, the Azores, Svalbard, Asia
    if space == CONTEXT and min(lons) < -30 and max(lons) < 0:
        return None  # Greenland
    if space == "RU":
        if min(lons) >= 32 and max(lons) <= 37 and min(lats) >= 44 and max(lats) <= 46.5:
            return "UA"  # Crimea: drawn within Ukraine's internationally recognised borders
        if min(lons) >= 19 and max(lons) <= 23 and min(lats) >= 54 and max(lats) <= 56:
            return CONTEXT  # Kaliningrad: not part of the game's Russia
        if min(lats) > 68:
            return None  # Arctic islands
    return space


def europe_frame(by_space: dict[str, list[Point]]) -> tuple[float, float, float, float]:
    """North Cape to Crete, Portugal to the east of Turkey: Russia is cut where Turkey
    ends (about 45E), so it takes no more room than the other countries need."""
    pts = [p for s, ps in by_space.items() if s != "RU" for p in ps]
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    pad = 40.0
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


EUROPE = MapSpec(
    map_id="europe", package="world-atlas", version="2.0.2", member="countries-50m.json",
    obj="countries", assign=europe_assign, polygon_space=europe_polygon,
    project=europe_project, frame=europe_frame, tolerance=0.12,
    context_tolerance=0.3, min_island=0.6, inside_share=0.5,
    circle_d=10.0, box=(255.0, 146.0),
)
"""Circles and labels: ``tools/place_countries.py`` (every circle on its own country or a
call-out beside it, labels on their own country or the sea)."""

SPECS = {"usa": USA, "europe": EUROPE}


# --- output ---------------------------------------------------------------------------


def load_toml(map_id: str) -> dict[str, Any]:
    return tomllib.loads((ROOT / "maps" / map_id / "map.toml").read_text(encoding="utf-8"))


def declared_edges(data: dict[str, Any], key: str) -> set[tuple[str, str]]:
    return {edge(*pair.split("-", 1)) for pair in data.get(key, "").split()}


def fmt(x: float) -> float | int:
    v = round(x, 2)
    return int(v) if v == int(v) else v


def pt(p: Point) -> list[float | int]:
    return [fmt(p[0]), fmt(p[1])]


def water_link(a: list[Ring], b: list[Ring], bends: list[Point]) -> list[Point]:
    """A line between the nearest coast points of two spaces, through optional bends."""
    pa = [p for r in a for p in r]
    pb = [p for r in b for p in r]
    if bends:
        start = min(pa, key=lambda p: (math.dist(p, bends[0]), p))
        end = min(pb, key=lambda p: (math.dist(p, bends[-1]), p))
        return [start, *bends, end]
    best = min((math.dist(p, q), p, q) for p in pa for q in pb)
    return [best[1], best[2]]


def render_json(map_id: str, built: Built, placed: list[Placed],
                lines: list[tuple[str, str, list[Point]]]) -> str:
    shapes = []
    for pl in placed:
        shapes.append({
            "space": pl.space,
            "rings": [[pt(p) for p in ring] for ring in built.spaces[pl.space]],
            "anchor": pt(pl.anchor),
            "label": pt(pl.label),
            "leader_to": pt(pl.leader_to) if pl.leader_to else None,
        })
    doc = {
        "map": map_id, "width": fmt(built.width), "height": fmt(built.height),
        "circle_diameter": CIRCLE_D,
        "shapes": shapes,
        "context": [[pt(p) for p in ring] for ring in built.context],
        "lines": [{"kind": kind, "ref": ref, "points": [pt(p) for p in pts]}
                  for kind, ref, pts in lines],
    }
    text = json.dumps(doc, separators=(",", ":"))
    # one shape per line keeps diffs readable
    return text.replace(',{"space"', ',\n{"space"').replace('"context"', '\n"context"') + "\n"


def pinned(layout: Layout, placed: Placed, pin: tuple[Point, Point]) -> Placed:
    """``placed`` moved to its pinned circle and label. A circle pinned outside its space
    is a call-out, its leader drawn to the nearest point well inside the space."""
    anchor, label = pin
    shape = layout.shapes[placed.space]
    leader = None
    if not shape.contains(anchor):  # a call-out: towards the deep part of its space
        leader = (layout.leader_end(placed.space, anchor) if placed.space in layout.deep
                  else polylabel(shape)[0])
    return Placed(placed.space, anchor, label, leader, placed.inscribed)


def place_countries(built: Built, data: dict[str, Any], order: list[str],
                    labels: dict[str, str]) -> list[Placed]:
    """Circles and labels by ``tools/place_countries.py``; the no-link bars and the label
    plates are measured as the sheet draws them (sheetgen's own code)."""
    from place_countries import Placement

    from sheetgen.draw.text import text_width
    from sheetgen.games.ontour.sheet import border_marks
    from sheetgen.maps import parse_map
    from sheetgen.model import MapGeometry, SpaceShape

    game_map = parse_map((ROOT / "maps" / "europe" / "map.toml").read_text("utf-8"))
    outline = MapGeometry(
        map_id="europe", width=built.width, height=built.height, circle_diameter=CIRCLE_D,
        shapes=tuple(SpaceShape(s, tuple(tuple(p) for p in built.spaces[s]), (0.0, 0.0),
                                (0.0, 0.0)) for s in order))
    bars = [(m.points[0], m.points[1]) for m in border_marks(game_map, outline)
            if m.kind == "bar"]

    def plate(text: str) -> tuple[float, float, float]:
        return (text_width(text, 8, condensed=True) + 1.2, 2.6, 0.7)

    water = [tuple(pair.split("-", 1)) for pair in data.get("water_edges", "").split()]
    placement = Placement(built.width, built.height, order,
                          [built.spaces[s] for s in order], built.context, plate,
                          water, bars, CIRCLE_D)
    chosen = placement.solve()
    bad, cost = placement.total(placement.state)
    print(f"  placement: breaches {bad:.1f}, cost {cost:.1f}")
    return [Placed(s, c.centre, lab.at, c.leader[1] if c.leader else None, 0.0)
            for s, (c, lab) in zip(order, chosen, strict=True)]


def build_map(map_id: str) -> None:
    spec = SPECS[map_id]
    use_circle(spec.circle_d)
    data = load_toml(map_id)
    order = [s["id"] for s in data["spaces"]]
    labels = {s["id"]: s.get("label", s["id"]) for s in data["spaces"]}
    built = build(spec, order)
    declared = declared_edges(data, "edges")
    water = declared_edges(data, "water_edges")
    land_declared = declared - water
    lines = []
    for a, b in sorted(water):
        ref = f"{a}-{b}"
        bends = spec.water_links.get(ref, spec.water_links.get(f"{b}-{a}", []))
        lines.append(("water-link", ref, water_link(built.spaces[a], built.spaces[b], bends)))
    segments = [(pts[i - 1], pts[i]) for _, _, pts in lines for i in range(1, len(pts))]
    if map_id == "europe":
        placed = place_countries(built, data, order, labels)
    else:
        layout = Layout(built, labels, spec.hints, spec.inside_share, segments, spec.circles)
        placed = [pinned(layout, pl, spec.pins[pl.space]) if pl.space in spec.pins else pl
                  for pl in layout.place()]
    text = render_json(map_id, built, placed, lines)
    out = ROOT / "maps" / map_id / "geometry.json"
    out.write_text(text, encoding="utf-8")

    points = sum(len(r) for rings in built.spaces.values() for r in rings)
    ctx_points = sum(len(r) for r in built.context)
    print(f"{map_id}: {out.relative_to(ROOT)} {len(text.encode()) / 1024:.1f} KB, "
          f"{built.width} x {built.height} mm")
    print(f"  {built.arcs_used} arcs simplified from {built.points_before} to "
          f"{built.points_after} points; outlines {points} points, context "
          f"{len(built.context)} rings / {ctx_points} points")
    extra = sorted(built.derived_edges - land_declared)
    lost = sorted(land_declared - built.derived_edges)
    print(f"  shared-arc adjacency: {len(built.derived_edges)} pairs; declared land edges "
          f"{len(land_declared)}, water edges {len(water)}")
    print("  derived but not declared: " + (" ".join(f"{a}-{b}" for a, b in extra) or "none"))
    print("  declared but not derived: " + (" ".join(f"{a}-{b}" for a, b in lost) or "none"))
    contacts = sorted(built.point_contacts)
    print("  point contacts only (not edges): "
          + (" ".join(f"{a}-{b}" for a, b in contacts) or "none"))
    inside_n = [p.space for p in placed if p.leader_to is None]
    call = [f"{p.space}({p.inscribed:.1f})" for p in placed if p.leader_to is not None]
    gaps = [math.dist(p.anchor, q.anchor) - CIRCLE_D
            for i, p in enumerate(placed) for q in placed[i + 1:]]
    print(f"  circles inside: {len(inside_n)}; call-outs ({len(call)}, inscribed radius mm): "
          + " ".join(call))
    print(f"  least gap between circles: {min(gaps):.2f} mm")


def main(argv: Sequence[str]) -> int:
    for map_id in argv or sorted(SPECS):
        if map_id not in SPECS:
            print(f"unknown map {map_id!r}; known: {', '.join(sorted(SPECS))}", file=sys.stderr)
            return 1
        build_map(map_id)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
