"""Write-in circles and labels for a map of countries (On Tour: Europe), under the rules a
player needs to read the sheet without a doubt:

- each circle's centre lies in its own country and more of the circle is on that country
  than on any other (a country too small for that gets a call-out: the circle beside it,
  clear of it, with a short leader that ends at least 1 mm inside it; the call-out of a
  country with a coast stands on the sea, clear of all land);
- circles are ``GAP`` mm apart or more;
- a label stands on its own country or on the sea, never on another country or on
  context land, and it is at least ``MARGIN`` mm nearer its own circle's rim than any
  other circle's;
- labels, circles, leaders, the links over water (drawn from rim to rim) and the no-link
  bars keep clear of one another.

The map is rasterised at 0.25 mm (which space owns each cell; the share of a circle on
each space is one FFT convolution per space); every space gets its candidate circles
(inside, or call-outs) and each candidate its label places; a simulated annealing with a
fixed seed then picks one circle and one label per space, minimising the rule breaches
first and then the call-outs, the leaders' length and the land a call-out covers.

Used by ``tools/build_maps.py`` (developers only). numpy is the one library beyond the
standard one (it comes with the development extras); the result is deterministic.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

Point = tuple[float, float]
Box = tuple[float, float, float, float]

CELL = 0.25
"""Raster step, mm."""
GAP = 3.0
"""Least clear space between two circles, mm."""
MARGIN = 2.0
"""A label is at least this much nearer its own circle's rim than any other's, mm."""
LABEL_CLEAR = 0.6
"""Least room between a label and a circle, another label, a leader or a line, mm."""
LEADER_MAX = 5.0
"""Longest leader (from the circle's rim to its end inside the country), mm."""
SEA_CLEAR = 0.3
"""A call-out of a country with a coast stands on the sea this far from all land, mm (the
circle reads as the country's, not as a neighbour's)."""
SEA = -1
CONTEXT = -2


def seg_dist(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = dx * dx + dy * dy
    t = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / n))
    return math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1])


def box_dist(p: Point, box: Box) -> float:
    return math.hypot(max(box[0] - p[0], 0.0, p[0] - box[2]),
                      max(box[1] - p[1], 0.0, p[1] - box[3]))


def boxes_gap(a: Box, b: Box) -> float:
    return math.hypot(max(a[0] - b[2], 0.0, b[0] - a[2]), max(a[1] - b[3], 0.0, b[1] - a[3]))


def seg_box_dist(a: Point, b: Point, box: Box) -> float:
    """Least distance between a segment and a box (0 when they meet)."""
    x0, y0, x1, y1 = box
    if box_dist(a, box) == 0 or box_dist(b, box) == 0:
        return 0.0
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    if any(cross(a, b, corners[i - 1], corners[i]) for i in range(4)):
        return 0.0
    return min(box_dist(a, box), box_dist(b, box), *(seg_dist(c, a, b) for c in corners))


def cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    def o(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return o(c, d, a) * o(c, d, b) < 0 and o(a, b, c) * o(a, b, d) < 0


def seg_seg_dist(a: Point, b: Point, c: Point, d: Point) -> float:
    if cross(a, b, c, d):
        return 0.0
    return min(seg_dist(a, c, d), seg_dist(b, c, d), seg_dist(c, a, b), seg_dist(d, a, b))


@dataclass
class Label:
    at: Point
    """Baseline centre."""
    box: Box
    cost: float


@dataclass
class Candidate:
    centre: Point
    cost: float
    leader: tuple[Point, Point] | None
    """(rim point, end inside the country) for a call-out."""
    labels: list[Label]


class Raster:
    """Which space owns each 0.25 mm cell of the map (SEA, CONTEXT or a space index)."""

    def __init__(self, width: float, height: float, spaces: Sequence[Sequence[Sequence[Point]]],
                 context: Sequence[Sequence[Point]]) -> None:
        self.nx, self.ny = math.ceil(width / CELL), math.ceil(height / CELL)
        self.owner = np.full((self.ny, self.nx), SEA, dtype=np.int16)
        xs = (np.arange(self.nx) + 0.5) * CELL
        for index, rings in [(CONTEXT, [context_ring]) for context_ring in context] + \
                list(enumerate(spaces)):
            self._fill(rings, index, xs)

    def _fill(self, rings: Sequence[Sequence[Point]], value: int, xs: np.ndarray) -> None:
        ax = np.array([p[0] for r in rings for p in r])
        ay = np.array([p[1] for r in rings for p in r])
        bx = np.array([r[i - 1][0] for r in rings for i in range(len(r))])
        by = np.array([r[i - 1][1] for r in rings for i in range(len(r))])
        j0 = max(0, int(min(ay.min(), by.min()) / CELL) - 1)
        j1 = min(self.ny, int(max(ay.max(), by.max()) / CELL) + 2)
        for j in range(j0, j1):
            y = (j + 0.5) * CELL
            hit = (ay > y) != (by > y)
            if not hit.any():
                continue
            x = ax[hit] + (y - ay[hit]) * (bx[hit] - ax[hit]) / (by[hit] - ay[hit])
            x.sort()
            inside = np.zeros(self.nx, dtype=bool)
            for x0, x1 in zip(x[0::2], x[1::2], strict=True):
                inside |= (xs >= x0) & (xs < x1)
            self.owner[j, inside] = value

    def cell(self, p: Point) -> tuple[int, int]:
        return (min(self.ny - 1, max(0, int(p[1] / CELL))),
                min(self.nx - 1, max(0, int(p[0] / CELL))))

    def at(self, p: Point) -> int:
        j, i = self.cell(p)
        return int(self.owner[j, i])

    def box_owners(self, box: Box, inset: float = -0.15) -> set[int]:
        """The owners of every cell that meets ``box`` grown by ``-inset`` mm (the default
        reaches past the box, so a border just inside it is not missed between two cell
        centres)."""
        j0, i0 = self.cell((box[0] + inset, box[1] + inset))
        j1, i1 = self.cell((box[2] - inset, box[3] - inset))
        return {int(v) for v in np.unique(self.owner[j0:j1 + 1, i0:i1 + 1])}


def disk_shares(raster: Raster, n_spaces: int, radius: float) -> np.ndarray:
    """share[s, j, i]: the part of a circle of ``radius`` centred on cell (j, i) that lies
    on space s (index n_spaces: context land)."""
    k = math.ceil(radius / CELL)
    yy, xx = np.mgrid[-k:k + 1, -k:k + 1]
    disk = ((xx * CELL) ** 2 + (yy * CELL) ** 2 <= radius * radius).astype(float)
    shape = (raster.ny + 2 * k + 1, raster.nx + 2 * k + 1)
    kernel = np.fft.rfft2(disk, shape)
    out = np.zeros((n_spaces + 1, raster.ny, raster.nx), dtype=np.float32)
    for s in range(n_spaces + 1):
        mask = (raster.owner == (s if s < n_spaces else CONTEXT)).astype(float)
        conv = np.fft.irfft2(np.fft.rfft2(mask, shape) * kernel, shape)
        out[s] = conv[k:k + raster.ny, k:k + raster.nx] / disk.sum()
    return out


class Placement:
    """Circles and labels for every space (see the module's docstring)."""

    def __init__(self, width: float, height: float, ids: list[str],
                 spaces: list[list[list[Point]]], context: list[list[Point]],
                 label_size: Callable[[str], tuple[float, float, float]],
                 water: list[tuple[str, str]], bars: list[tuple[Point, Point]],
                 diameter: float = 10.0, fixed: dict[str, Point] | None = None,
                 seed: int = 2026) -> None:
        self.width, self.height = width, height
        self.ids = ids
        self.index = {s: k for k, s in enumerate(ids)}
        self.r = diameter / 2
        self.raster = Raster(width, height, spaces, context)
        self.label_size = label_size
        """text -> (plate width, plate rise above the baseline, drop below it), mm."""
        self.water = [(self.index[a], self.index[b]) for a, b in water]
        self.bars = bars
        self.fixed = fixed or {}
        self.rng = random.Random(seed)
        self.shares = disk_shares(self.raster, len(ids), self.r)
        self._room: dict[tuple[int, float, float], list[Point]] = {}
        self._sea_only = self._clear_of(self.raster.owner != SEA, self.r + SEA_CLEAR)
        self.candidates = [self._candidates(k) for k in range(len(ids))]

    # --- candidates --------------------------------------------------------------------

    def _deep(self, k: int, depth: float = 1.0) -> np.ndarray:
        """Cells of space k at least ``depth`` mm inside it (its pole's cells if none)."""
        own = self.raster.owner == k
        n = max(1, round(depth / CELL))
        deep = own.copy()
        for dj in range(-n, n + 1):
            for di in range(-n, n + 1):
                if dj * dj + di * di <= n * n:
                    deep &= np.roll(np.roll(own, dj, axis=0), di, axis=1)
        if not deep.any():
            deep = own
        js, is_ = np.nonzero(deep)
        return np.stack([(is_ + 0.5) * CELL, (js + 0.5) * CELL], axis=1)

    def _candidates(self, k: int) -> list[Candidate]:
        sid = self.ids[k]
        r = self.r
        step = 2  # every 0.5 mm
        share = self.shares[:, ::step, ::step]
        owner = self.raster.owner[::step, ::step]
        ys = (np.arange(owner.shape[0]) * step + 0.5) * CELL
        xs = (np.arange(owner.shape[1]) * step + 0.5) * CELL
        inside_box = ((xs[None, :] >= r + 0.5) & (xs[None, :] <= self.width - r - 0.5)
                      & (ys[:, None] >= r + 0.5) & (ys[:, None] <= self.height - r - 0.5))
        mine = share[k]
        others = np.delete(share, k, axis=0).max(axis=0)
        out: list[Candidate] = []
        if sid in self.fixed:
            p = self.fixed[sid]
            return [self._with_labels(k, Candidate(p, 0.0, self._leader(k, p), []))]
        ok = (owner == k) & (mine >= 0.5) & (mine > others + 0.05) & inside_box
        js, is_ = np.nonzero(ok)
        for j, i in zip(js, is_, strict=True):
            out.append(Candidate((float(xs[i]), float(ys[j])),
                                 round(12.0 * (1.0 - float(mine[j, i])), 4), None, []))
        best = max((float(mine[j, i]) for j, i in zip(js, is_, strict=True)), default=0.0)
        if best < 0.9:  # small or narrow: call-outs may serve it better
            deep = self._deep(k)
            reach = r + 6.5
            clear = self._clear_of(self.raster.owner == k, r + 0.3)[::step, ::step]
            if self._has_coast(k):  # on the sea, off every land
                clear &= self._sea_only[::step, ::step]
            near = (clear & inside_box
                    & (xs[None, :] >= deep[:, 0].min() - reach)
                    & (xs[None, :] <= deep[:, 0].max() + reach)
                    & (ys[:, None] >= deep[:, 1].min() - reach)
                    & (ys[:, None] <= deep[:, 1].max() + reach))
            js, is_ = np.nonzero(near)
            pts = np.stack([xs[is_], ys[js]], axis=1)
            if len(pts):
                d = np.sqrt(((pts[:, None, :] - deep[None, :, :]) ** 2).sum(axis=2))
                nearest = d.argmin(axis=1)
                length = d[np.arange(len(pts)), nearest] - r
                sea = 1.0 - share[:, js, is_].sum(axis=0)
                for n in np.nonzero((length >= 1.0) & (length <= LEADER_MAX))[0]:
                    p = (float(pts[n, 0]), float(pts[n, 1]))
                    end = (float(deep[nearest[n], 0]), float(deep[nearest[n], 1]))
                    cost = 6.0 + 0.8 * float(length[n]) + 20.0 * (1.0 - float(sea[n]))
                    out.append(Candidate(p, round(cost, 4), self._rim(p, end), []))
        out.sort(key=lambda c: (c.cost, c.centre))
        out = self._thin(out, 260)
        return [c for c in (self._with_labels(k, c) for c in out) if c.labels]

    def _has_coast(self, k: int) -> bool:
        """Whether space k meets the sea (a cell of it beside a sea cell)."""
        own = self.raster.owner == k
        sea = self.raster.owner == SEA
        return bool((own[1:, :] & sea[:-1, :]).any() or (own[:-1, :] & sea[1:, :]).any()
                    or (own[:, 1:] & sea[:, :-1]).any() or (own[:, :-1] & sea[:, 1:]).any())

    def _clear_of(self, cells: np.ndarray, radius: float) -> np.ndarray:
        """Cells where a circle of ``radius`` holds none of ``cells`` (a call-out's circle
        stays off its own country, so it cannot be read as standing on it; the call-out of
        a country with a coast stays off all land)."""
        n = math.ceil(radius / CELL)
        yy, xx = np.mgrid[-n:n + 1, -n:n + 1]
        disk = ((xx * CELL) ** 2 + (yy * CELL) ** 2 <= radius * radius).astype(float)
        shape = (self.raster.ny + 2 * n + 1, self.raster.nx + 2 * n + 1)
        mask = cells.astype(float)
        conv = np.fft.irfft2(np.fft.rfft2(mask, shape) * np.fft.rfft2(disk, shape), shape)
        return np.asarray(conv[n:n + self.raster.ny, n:n + self.raster.nx] < 0.5)

    def _rim(self, p: Point, end: Point) -> tuple[Point, Point]:
        d = math.dist(p, end)
        return ((p[0] + (end[0] - p[0]) * self.r / d, p[1] + (end[1] - p[1]) * self.r / d),
                end)

    def _leader(self, k: int, p: Point) -> tuple[Point, Point] | None:
        if self.raster.at(p) == k:
            return None
        deep = self._deep(k)
        n = int(np.argmin(((deep - np.array(p)) ** 2).sum(axis=1)))
        return self._rim(p, (float(deep[n, 0]), float(deep[n, 1])))

    @staticmethod
    def _thin(cands: list[Candidate], limit: int) -> list[Candidate]:
        """The cheapest candidates, spread out: at most ``limit``, each at least a
        growing distance from the ones kept before it."""
        if len(cands) <= limit:
            return cands
        for spacing in (0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0):
            kept: list[Candidate] = []
            for c in cands:
                if all(math.dist(c.centre, o.centre) >= spacing for o in kept):
                    kept.append(c)
            if len(kept) <= limit:
                return kept
        return kept[:limit]

    def _with_labels(self, k: int, cand: Candidate) -> Candidate:
        """The label places of a candidate circle whose plate stands on its own country
        or the sea, inside the map, off the circle and its leader and off every bar."""
        text = self.ids[k]
        w, rise, drop = self.label_size(text)
        h = rise + drop
        r = self.r
        x, y = cand.centre
        spots: list[tuple[float, Point]] = []
        for rank, deg in enumerate(range(0, 360, 30)):
            t = math.radians(deg - 90)  # 0: above, clockwise
            ux, uy = math.cos(t), math.sin(t)
            for gap in (0.8, 1.6):
                reach = r + gap + abs(ux) * w / 2 + abs(uy) * h / 2
                cx, cy = x + ux * reach, y + uy * reach
                spots.append((0.1 * min(rank, 12 - rank) + 0.3 * (gap > 1), (cx, cy)))
        if cand.leader is not None:  # on the country, near the leader's end
            ex, ey = cand.leader[1]
            for cx, cy in self._label_room(k, w, h):
                spots.append((0.5 + 0.1 * math.dist((cx, cy), (ex, ey)), (cx, cy)))
        out: list[Label] = []
        for cost, (cx, cy) in spots:
            box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
            if box[0] < 0.3 or box[1] < 0.3 or box[2] > self.width - 0.3 or \
                    box[3] > self.height - 0.3:
                continue
            if not self.raster.box_owners(box) <= {k, SEA}:
                continue
            if box_dist(cand.centre, box) < r + LABEL_CLEAR - 0.2:
                continue
            if cand.leader and seg_box_dist(*cand.leader, box) < 0.3:
                continue
            if any(seg_box_dist(a, b, box) < LABEL_CLEAR for a, b in self.bars):
                continue
            at = (round(cx, 2), round(cy + h / 2 - drop, 2))
            out.append(Label(at, box, cost))
        cand.labels = out
        return cand

    def _label_room(self, k: int, w: float, h: float) -> list[Point]:
        """Plate centres (every 0.5 mm) whose plate lies on space k or the sea, within
        8 mm of the space (cached per space)."""
        key = (k, round(w, 2), round(h, 2))
        if key not in self._room:
            js, is_ = np.nonzero(self.raster.owner == k)
            x0, x1 = is_.min() * CELL - 8, (is_.max() + 1) * CELL + 8
            y0, y1 = js.min() * CELL - 8, (js.max() + 1) * CELL + 8
            out = []
            y = y0
            while y <= y1:
                x = x0
                while x <= x1:
                    box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
                    if min(box[0], box[1]) >= 0.3 and box[2] <= self.width - 0.3 and \
                            box[3] <= self.height - 0.3 and \
                            self.raster.box_owners(box) == {k}:
                        out.append((round(x, 2), round(y, 2)))
                    x += 0.5
                y += 0.5
            self._room[key] = out
        return self._room[key]

    # --- the search --------------------------------------------------------------------

    def _pair(self, a: int, ca: Candidate, la: Label, b: int, cb: Candidate,
              lb: Label) -> float:
        """What spaces a and b (their circles, labels and leaders) break together."""
        r = self.r
        bad = 0.0
        d = math.dist(ca.centre, cb.centre)
        if d < 2 * r + GAP:
            bad += 10.0 + 10.0 * (2 * r + GAP - d)
        for (c1, l1), c2 in (((ca, la), cb), ((cb, lb), ca)):
            # l1 (a label) against c2's circle
            other = box_dist(c2.centre, l1.box)
            own = box_dist(c1.centre, l1.box)
            if other < r + LABEL_CLEAR:
                bad += 10.0 + 5 * (r + LABEL_CLEAR - other)
            if other - own < MARGIN:
                bad += 10.0 + 5 * (MARGIN - (other - own))
            if c2.leader is not None:
                if seg_box_dist(*c2.leader, l1.box) < LABEL_CLEAR:
                    bad += 10.0
                if seg_dist(c1.centre, *c2.leader) < r + 0.5:
                    bad += 10.0
                if math.dist(c2.leader[1], c1.centre) < r + 1.0:
                    bad += 10.0
        if boxes_gap(la.box, lb.box) < LABEL_CLEAR:
            bad += 10.0
        if ca.leader and cb.leader and seg_seg_dist(*ca.leader, *cb.leader) < 0.5:
            bad += 10.0
        return bad

    def _ferry(self, f: int, state: list[tuple[int, int]]) -> float:
        """What the link over water f, drawn straight from rim to rim, breaks: too short,
        through a third circle, over a label or a leader; and (a little) its length and
        how much of it runs over a third country."""
        a, b = self.water[f]
        ca = self.candidates[a][state[a][0]]
        cb = self.candidates[b][state[b][0]]
        p, q = ca.centre, cb.centre
        d = math.dist(p, q)
        n = max(1, int(d / 0.5))
        over = sum(1 for k in range(n + 1)
                   if self.raster.at((p[0] + (q[0] - p[0]) * k / n,
                                      p[1] + (q[1] - p[1]) * k / n)) not in (a, b, SEA))
        bad = 0.02 * d + 0.2 * over * d / n
        if math.dist(p, q) < 2 * self.r + 10.0:
            bad += 10.0 + (2 * self.r + 10.0 - math.dist(p, q))
        for k, (ci, li) in enumerate(state):
            c = self.candidates[k][ci]
            lab = c.labels[li]
            if k in (a, b):
                if seg_box_dist(p, q, lab.box) < 0.4:
                    bad += 10.0
                continue
            if seg_dist(c.centre, p, q) < self.r + 0.8:
                bad += 10.0
            if seg_box_dist(p, q, lab.box) < 0.4:
                bad += 10.0
            if c.leader and seg_seg_dist(p, q, *c.leader) < 0.3:
                bad += 10.0
        return bad

    def _bars(self, k: int, c: Candidate) -> float:
        return 10.0 * sum(1 for a, b in self.bars if seg_dist(c.centre, a, b) < self.r + 0.6)

    def _unary(self, k: int, ci: int, li: int) -> float:
        c = self.candidates[k][ci]
        return c.cost + c.labels[li].cost + self._bars(k, c)

    def cost_of(self, k: int, state: list[tuple[int, int]]) -> float:
        """Every term that involves space k."""
        ci, li = state[k]
        c = self.candidates[k][ci]
        lab = c.labels[li]
        total = self._unary(k, ci, li)
        for m, (cj, lj) in enumerate(state):
            if m != k:
                o = self.candidates[m][cj]
                total += self._pair(k, c, lab, m, o, o.labels[lj])
        total += sum(self._ferry(f, state) for f in range(len(self.water)))
        return total

    def total(self, state: list[tuple[int, int]]) -> tuple[float, float]:
        """(rule breaches, cost) of a whole layout."""
        unary = sum(self._unary(k, *state[k]) - self._bars(k, self.candidates[k][state[k][0]])
                    for k in range(len(state)))
        bad = sum(self._bars(k, self.candidates[k][state[k][0]]) for k in range(len(state)))
        for k in range(len(state)):
            ck = self.candidates[k][state[k][0]]
            for m in range(k + 1, len(state)):
                cm = self.candidates[m][state[m][0]]
                bad += self._pair(k, ck, ck.labels[state[k][1]], m, cm, cm.labels[state[m][1]])
        bad += sum(self._ferry(f, state) for f in range(len(self.water)))
        return bad, unary

    def _label_cost(self, k: int, c: Candidate, lab: Label,
                    state: list[tuple[int, int]]) -> float:
        """The terms of :meth:`cost_of` that depend on space k's label."""
        r = self.r
        total = lab.cost
        own = box_dist(c.centre, lab.box)
        for m, (cj, lj) in enumerate(state):
            if m == k:
                continue
            o = self.candidates[m][cj]
            other = box_dist(o.centre, lab.box)
            if other < r + LABEL_CLEAR:
                total += 10.0 + 5 * (r + LABEL_CLEAR - other)
            if other - own < MARGIN:
                total += 10.0 + 5 * (MARGIN - (other - own))
            if o.leader is not None and seg_box_dist(*o.leader, lab.box) < LABEL_CLEAR:
                total += 10.0
            if boxes_gap(lab.box, o.labels[lj].box) < LABEL_CLEAR:
                total += 10.0
        for a, b in self.water:
            p = self.candidates[a][state[a][0]].centre
            q = self.candidates[b][state[b][0]].centre
            if seg_box_dist(p, q, lab.box) < 0.4:
                total += 10.0
        return total

    def best_label(self, k: int, ci: int, state: list[tuple[int, int]]) -> int:
        c = self.candidates[k][ci]
        trial = list(state)
        trial[k] = (ci, 0)
        return min(range(len(c.labels)),
                   key=lambda li: (self._label_cost(k, c, c.labels[li], trial), li))

    def solve(self, rounds: int = 5000) -> list[tuple[Candidate, Label]]:
        missing = [self.ids[k] for k, c in enumerate(self.candidates) if not c]
        if missing:
            raise ValueError(f"no place for a circle and its label: {' '.join(missing)}")
        state = [(0, 0) for _ in self.ids]
        for k in range(len(state)):
            state[k] = (0, self.best_label(k, 0, state))
        current = sum(self.total(state))
        best_state, best_cost = list(state), current
        temp0 = 6.0
        for step in range(rounds):
            temp = temp0 * (1 - step / rounds) + 0.05
            k = self.rng.randrange(len(state))
            cands = self.candidates[k]
            old = state[k]
            before = self.cost_of(k, state)
            if self.rng.random() < 0.75:
                ci = self.rng.randrange(len(cands)) if self.rng.random() < 0.5 else \
                    min(len(cands) - 1, max(0, old[0] + self.rng.randint(-8, 8)))
                state[k] = (ci, 0)
                state[k] = (ci, self.best_label(k, ci, state))
            else:
                state[k] = (old[0], self.best_label(k, old[0], state))
            delta = self.cost_of(k, state) - before
            if delta <= 0 or self.rng.random() < math.exp(-delta / temp):
                current += delta
                if current < best_cost - 1e-9:
                    best_state, best_cost = list(state), current
            else:
                state[k] = old
        state = best_state
        partners = [sorted({b if a == k else a for a, b in self.water if k in (a, b)})
                    for k in range(len(state))]
        improved = True
        while improved:  # polish: the best circle and label of each space in turn
            improved = False
            for k in range(len(state)):
                # the labels of the spaces it shares a link over water with follow it
                # (a label may have to leave the line's way)
                group = [k, *partners[k]]
                before = sum(self.cost_of(m, state) for m in group)
                old = [state[m] for m in group]
                for ci in range(min(len(self.candidates[k]), 120)):
                    state[k] = (ci, 0)
                    state[k] = (ci, self.best_label(k, ci, state))
                    for m in partners[k]:
                        state[m] = (state[m][0], self.best_label(m, state[m][0], state))
                    after = sum(self.cost_of(m, state) for m in group)
                    if after < before - 1e-9:
                        before = after
                        old = [state[m] for m in group]
                        improved = True
                for m, kept in zip(group, old, strict=True):
                    state[m] = kept
        self.state = state
        best_state = state
        return [(self.candidates[k][ci], self.candidates[k][ci].labels[li])
                for k, (ci, li) in enumerate(best_state)]
