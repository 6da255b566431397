"""Printable dice: nets that fold into true solids, with glue tabs.

A net is computed, not drawn by hand: the solid's 3D vertices and faces are unfolded along
a spanning tree of its faces, each face keeping its true shape. So whatever is printed
folds back into the solid, and neighbouring faces of the net meet at their true angles.

The ten-sided die (d10) is a pentagonal trapezohedron with every vertex on one sphere, the
shape of a commercial d10. With ring radius 1 and c = cos 36 deg:

* upper ring  U_k = (cos 72k, sin 72k, +z),   lower ring L_k = (cos(72k+36), sin(72k+36), -z)
* apexes      T = (0, 0, +h),                 B = (0, 0, -h)
* upper kite k: T, U_k, L_k, U_(k+1);  lower kite k: B, L_k, U_k, L_(k-1)   (k = 0..4)

A kite T, U_k, L_k, U_(k+1) is planar when L_k lies on the line from T through the midpoint
of U_k U_(k+1), which sits at radius c and height z; the line reaches radius 1 at height
h + (z - h) / c, so planarity is ``h = z (1 + c) / (1 - c)``. All vertices on one sphere
means ``h^2 = 1 + z^2``; together ``z = (1 - c) / (2 sqrt(c)) = 0.10617`` and
``h = (1 + c) / (2 sqrt(c)) = 1.00562``. The kite's long edge is |T U_k| = 1.34500, its
short edge |U_k L_k| = 0.65349 (ratio 2.0582); its angles are 51.83 deg at the apex,
90 deg at both side vertices and 128.17 deg at the far vertex. (The same formulas, with
``z`` free, give every pentagonal trapezohedron; :func:`trapezohedron` takes ``z``.)

Faces are numbered as on commercial dice: even numbers round the top apex, odd round the
bottom, opposite faces summing to 9; each digit's top points to its face's apex, 6 and 9
are underlined. The six-sided die is a unit cube with opposite faces summing to 7.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import svgwrite
from svgwrite.container import Group

from sheetgen.draw import FONT
from sheetgen.draw.layout import LayoutError, Rect, place_ruler
from sheetgen.draw.page import new_page
from sheetgen.draw.patterns import pattern_fill
from sheetgen.draw.style import DiceColour, dice_colours
from sheetgen.draw.text import PT, text
from sheetgen.templates import Paper, load

Vec3 = tuple[float, float, float]
Vec2 = tuple[float, float]

KINDS = ("d10", "d6", "dicetrip")


class UnknownDiceError(ValueError):
    """A dice kind that is not one of ``KINDS``."""


# --- vectors ------------------------------------------------------------------------------


def _sub(a: Vec3, b: Vec3) -> Vec3:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def _dot(a: Vec3, b: Vec3) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _cross(a: Vec3, b: Vec3) -> Vec3:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _unit(a: Vec3) -> Vec3:
    n = math.sqrt(_dot(a, a))
    return (a[0] / n, a[1] / n, a[2] / n)


# --- solids -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Solid:
    """A convex polyhedron: vertices and faces (vertex indices, counter-clockwise seen
    from outside), each face with a name and the value printed on it."""

    vertices: tuple[Vec3, ...]
    faces: tuple[tuple[int, ...], ...]
    names: tuple[str, ...]
    values: tuple[int, ...]
    apex: tuple[int | None, ...] = ()
    """For each face, the vertex its number's top points to (None: the face's own frame)."""

    def normal(self, face: int) -> Vec3:
        p = [self.vertices[i] for i in self.faces[face]]
        return _unit(_cross(_sub(p[1], p[0]), _sub(p[2], p[0])))

    def face_index(self, name: str) -> int:
        return self.names.index(name)


COS36 = math.cos(math.radians(36))
SPHERICAL_Z = (1 - COS36) / (2 * math.sqrt(COS36))
"""Ring height of the pentagonal trapezohedron whose 12 vertices lie on one sphere."""

UPPER_VALUES = (0, 4, 6, 2, 8)
"""Upper kite k's number; lower kite k+3 (opposite it) carries 9 minus it."""


def trapezohedron(z: float = SPHERICAL_Z) -> Solid:
    """The pentagonal trapezohedron with ring radius 1 and ring height ``z`` (see the
    module text for the formulas). Faces ``u0``..``u4`` round the top apex, ``l0``..``l4``
    round the bottom; vertices 0 = T, 1 = B, 2..6 = U_0..U_4, 7..11 = L_0..L_4."""
    h = z * (1 + COS36) / (1 - COS36)
    verts: list[Vec3] = [(0.0, 0.0, h), (0.0, 0.0, -h)]
    for k in range(5):
        a = math.radians(72 * k)
        verts.append((math.cos(a), math.sin(a), z))
    for k in range(5):
        a = math.radians(72 * k + 36)
        verts.append((math.cos(a), math.sin(a), -z))

    def u(k: int) -> int:
        return 2 + k % 5

    def low(k: int) -> int:
        return 7 + k % 5

    faces: list[tuple[int, ...]] = []
    names: list[str] = []
    values: list[int] = []
    apex: list[int | None] = []
    for k in range(5):  # seen from outside, counter-clockwise
        faces.append((0, u(k), low(k), u(k + 1)))
        names.append(f"u{k}")
        values.append(UPPER_VALUES[k])
        apex.append(0)
    for k in range(5):
        faces.append((1, low(k), u(k), low(k - 1)))
        names.append(f"l{k}")
        values.append(9 - UPPER_VALUES[(k - 3) % 5])
        apex.append(1)
    solid = Solid(tuple(verts), tuple(faces), tuple(names), tuple(values), tuple(apex))
    for f in range(len(faces)):  # orientation check: normals point away from the centre
        centre = _mean3([solid.vertices[i] for i in faces[f]])
        if _dot(solid.normal(f), centre) <= 0:
            raise AssertionError(f"face {names[f]} is not counter-clockwise from outside")
    return solid


def cube() -> Solid:
    """A cube of edge 2: faces ``+x -x +y -y +z -z``, opposite faces summing to 7."""
    verts = tuple((float(x), float(y), float(z))
                  for x in (-1, 1) for y in (-1, 1) for z in (-1, 1))

    def v(x: int, y: int, z: int) -> int:
        return verts.index((float(x), float(y), float(z)))

    faces = (
        (v(1, -1, -1), v(1, 1, -1), v(1, 1, 1), v(1, -1, 1)),      # +x
        (v(-1, -1, -1), v(-1, -1, 1), v(-1, 1, 1), v(-1, 1, -1)),  # -x
        (v(-1, 1, -1), v(-1, 1, 1), v(1, 1, 1), v(1, 1, -1)),      # +y
        (v(-1, -1, -1), v(1, -1, -1), v(1, -1, 1), v(-1, -1, 1)),  # -y
        (v(-1, -1, 1), v(1, -1, 1), v(1, 1, 1), v(-1, 1, 1)),      # +z
        (v(-1, -1, -1), v(-1, 1, -1), v(1, 1, -1), v(1, -1, -1)),  # -z
    )
    return Solid(verts, faces, ("+x", "-x", "+y", "-y", "+z", "-z"), (2, 5, 3, 4, 1, 6),
                 (None,) * 6)


def _mean3(points: Sequence[Vec3]) -> Vec3:
    n = len(points)
    return (sum(p[0] for p in points) / n, sum(p[1] for p in points) / n,
            sum(p[2] for p in points) / n)


@dataclass(frozen=True)
class Kite:
    """The d10 face: edge lengths (for ring radius 1) and angles in degrees."""

    long_edge: float
    short_edge: float
    apex_angle: float
    side_angle: float
    far_angle: float


def kite(solid: Solid | None = None) -> Kite:
    """The kite of upper face 0, measured from the 3D coordinates."""
    s = solid or trapezohedron()
    t, uk, lk, uk1 = (s.vertices[i] for i in s.faces[0])

    def angle(at: Vec3, p: Vec3, q: Vec3) -> float:
        a, b = _sub(p, at), _sub(q, at)
        return math.degrees(math.acos(_dot(a, b) / math.sqrt(_dot(a, a) * _dot(b, b))))

    return Kite(math.dist(t, uk), math.dist(uk, lk), angle(t, uk, uk1), angle(uk, t, lk),
                angle(lk, uk, uk1))


# --- unfolding ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Net:
    """A solid unfolded in the plane (mm, y down): each face's points in the order of the
    solid's face, which edges fold and which are glued with a tab."""

    solid: Solid
    faces: tuple[tuple[Vec2, ...], ...]
    folds: tuple[tuple[int, int], ...]
    """Pairs of faces joined along a fold in the net."""
    tabs: tuple[tuple[Vec2, Vec2, Vec2, Vec2], ...]
    """Glue tabs: base P, Q (on a face edge) then the outer corners Q', P'."""

    def bounds(self) -> Rect:
        pts = [p for f in self.faces for p in f] + [p for t in self.tabs for p in t]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _local(solid: Solid, face: int, scale: float) -> list[Vec2]:
    """The face in its own plane, as seen from outside, y pointing down."""
    pts = [solid.vertices[i] for i in solid.faces[face]]
    n = solid.normal(face)
    e1 = _unit(_sub(pts[1], pts[0]))
    e2 = _cross(n, e1)
    return [(_dot(_sub(p, pts[0]), e1) * scale, -_dot(_sub(p, pts[0]), e2) * scale)
            for p in pts]


def unfold(solid: Solid, tree: Sequence[tuple[str, str]], scale: float) -> list[list[Vec2]]:
    """Lay the faces flat: the first tree edge's parent keeps its own frame, every child is
    turned and moved so its shared edge lands on its parent's."""
    placed: dict[int, list[Vec2]] = {}
    root = solid.face_index(tree[0][0])
    placed[root] = _local(solid, root, scale)
    for parent_name, child_name in tree:
        parent, child = solid.face_index(parent_name), solid.face_index(child_name)
        shared = [v for v in solid.faces[child] if v in solid.faces[parent]]
        if len(shared) != 2:
            raise ValueError(f"faces {parent_name} and {child_name} share no edge")
        a, b = shared
        pa = placed[parent][solid.faces[parent].index(a)]
        pb = placed[parent][solid.faces[parent].index(b)]
        local = _local(solid, child, scale)
        ca, cb = local[solid.faces[child].index(a)], local[solid.faces[child].index(b)]
        rot = (math.atan2(pb[1] - pa[1], pb[0] - pa[0])
               - math.atan2(cb[1] - ca[1], cb[0] - ca[0]))
        cos, sin = math.cos(rot), math.sin(rot)

        def move(p: Vec2, ca: Vec2 = ca, pa: Vec2 = pa, cos: float = cos,
                 sin: float = sin) -> Vec2:
            dx, dy = p[0] - ca[0], p[1] - ca[1]
            return (pa[0] + dx * cos - dy * sin, pa[1] + dx * sin + dy * cos)

        placed[child] = [move(p) for p in local]
    if len(placed) != len(solid.faces):
        raise ValueError("the tree does not reach every face")
    return [placed[i] for i in range(len(solid.faces))]


def _compact(faces: list[list[Vec2]]) -> list[list[Vec2]]:
    """The net turned (in whole degrees) to its smallest bounding box, wider than tall."""
    pts = [p for f in faces for p in f]

    def box(deg: int) -> tuple[float, float]:
        c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
        xs = [x * c - y * s for x, y in pts]
        ys = [x * s + y * c for x, y in pts]
        return (max(xs) - min(xs), max(ys) - min(ys))

    best = min(range(180), key=lambda d: (round(box(d)[0] * box(d)[1], 3),
                                          box(d)[1] > box(d)[0], d))
    c, s = math.cos(math.radians(best)), math.sin(math.radians(best))
    return [[(x * c - y * s, x * s + y * c) for x, y in f] for f in faces]


def _convex_overlap(a: Sequence[Vec2], b: Sequence[Vec2], tol: float = 0.05) -> bool:
    """Separating-axis test for two convex polygons (touching does not count)."""
    for poly in (a, b):
        for i in range(len(poly)):
            p, q = poly[i], poly[(i + 1) % len(poly)]
            nx, ny = q[1] - p[1], p[0] - q[0]
            pa = [nx * x + ny * y for x, y in a]
            pb = [nx * x + ny * y for x, y in b]
            length = math.hypot(nx, ny)
            if max(pa) <= min(pb) + tol * length or max(pb) <= min(pa) + tol * length:
                return False
    return True


def _tab(p: Vec2, q: Vec2, inside: Vec2, depth: float) -> tuple[Vec2, Vec2, Vec2, Vec2]:
    ex, ey = q[0] - p[0], q[1] - p[1]
    length = math.hypot(ex, ey)
    tx, ty = ex / length, ey / length
    nx, ny = -ty, tx
    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
    if (inside[0] - mx) * nx + (inside[1] - my) * ny > 0:
        nx, ny = -nx, -ny
    d = min(depth, 0.42 * length)
    inset = min(d * 0.9, 0.32 * length)
    return (p, q, (q[0] + nx * d - tx * inset, q[1] + ny * d - ty * inset),
            (p[0] + nx * d + tx * inset, p[1] + ny * d + ty * inset))


def build_net(solid: Solid, tree: Sequence[tuple[str, str]], scale: float,
              tab_depth: float) -> Net:
    """Unfold ``solid`` along ``tree`` and put one glue tab on every edge the net leaves
    open (on whichever side of the pair the tab fits without covering the net)."""
    faces = _compact(unfold(solid, tree, scale))
    folded = {frozenset(v for v in solid.faces[solid.face_index(a)]
                        if v in solid.faces[solid.face_index(b)]) for a, b in tree}
    seen: dict[frozenset[int], list[tuple[int, int]]] = {}
    for f, verts in enumerate(solid.faces):
        for i in range(len(verts)):
            key = frozenset((verts[i], verts[(i + 1) % len(verts)]))
            if key not in folded:
                seen.setdefault(key, []).append((f, i))
    tabs: list[tuple[Vec2, Vec2, Vec2, Vec2]] = []
    for key in sorted(seen, key=sorted):
        options = seen[key]
        chosen = None
        for shrink in (1.0, 0.7, 0.45):
            for f, i in options:
                poly = faces[f]
                p, q = poly[i], poly[(i + 1) % len(poly)]
                centre = (sum(x for x, _ in poly) / len(poly), sum(y for _, y in poly) / len(poly))
                tab = _tab(p, q, centre, tab_depth * shrink)
                if any(_convex_overlap(tab, other) for other in faces) or any(
                        _convex_overlap(tab, other) for other in tabs):
                    continue
                chosen = tab
                break
            if chosen:
                break
        if chosen is None:
            raise LayoutError(f"no room for a glue tab on edge {sorted(key)}")
        tabs.append(chosen)
    folds = tuple((solid.face_index(a), solid.face_index(b)) for a, b in tree)
    return Net(solid, tuple(tuple(f) for f in faces), folds, tuple(tabs))


D10_TREE = (("u0", "u1"), ("u1", "u2"), ("u2", "u3"), ("u3", "u4"),
            ("u2", "l3"), ("l3", "l2"), ("l2", "l1"), ("l3", "l4"), ("l4", "l0"))
"""Two rings of five kites round the two apexes, joined across the zigzag (u2 - l3); the
lower ring opens both ways from the join, so the net stays compact."""

D6_TREE = (("+y", "+z"), ("+y", "-z"), ("-z", "-y"), ("+y", "+x"), ("+y", "-x"))
"""The cross: a column +z, +y, -z, -y with -x and +x either side of +y."""


# --- drawing ------------------------------------------------------------------------------


@dataclass(frozen=True)
class DiceSettings:
    d6_edge: float
    d10_long_edge: float
    tab_depth: float


def dice_settings() -> DiceSettings:
    d = load("cards")["dice"]
    return DiceSettings(float(d["d6_edge"]), float(d["d10_long_edge"]), float(d["tab_depth"]))


def _pts(poly: Sequence[Vec2], dx: float, dy: float) -> list[tuple[float, float]]:
    return [(round(x + dx, 4), round(y + dy, 4)) for x, y in poly]


PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def draw_net(dwg: svgwrite.Drawing, net: Net, origin: Vec2, *, fill: str = "#ffffff",
             colour: DiceColour | None = None, die_id: str = "die") -> Group:
    """Draw ``net`` with its top-left bound at ``origin``: faces (``<polygon
    class="face" data-face data-value>``), tabs, fold lines (dashed) and cut lines."""
    b = net.bounds()
    dx, dy = origin[0] - b.x, origin[1] - b.y
    group = dwg.g(class_="die", id=die_id)
    ink = "#1a1a1a"
    for tab in net.tabs:
        group.add(dwg.polygon(_pts(tab, dx, dy), class_="tab", fill="#e6e6e6"))
    for f, poly in enumerate(net.faces):
        group.add(dwg.polygon(_pts(poly, dx, dy), class_="face", fill=fill,
                              data_face=net.solid.names[f],
                              data_value=str(net.solid.values[f])))
        if colour is not None:
            _colour_face(dwg, group, poly, dx, dy, colour)
        _face_mark(dwg, group, net, f, dx, dy, colour)
    folds = dwg.g(class_="folds", stroke="#555555", stroke_width=0.2,
                  stroke_dasharray="1.2,0.9")
    cuts = dwg.g(class_="cuts", stroke=ink, stroke_width=0.3, stroke_linecap="round")
    fold_keys = set()
    for a, c in net.folds:
        shared = [v for v in net.solid.faces[a] if v in net.solid.faces[c]]
        fold_keys.add(frozenset(shared))
        pa = net.faces[a][net.solid.faces[a].index(shared[0])]
        pb = net.faces[a][net.solid.faces[a].index(shared[1])]
        folds.add(dwg.line(*_pts((pa, pb), dx, dy), class_="fold"))
    tab_bases = {(round(t[0][0], 3), round(t[0][1], 3), round(t[1][0], 3), round(t[1][1], 3))
                 for t in net.tabs}
    for f, verts in enumerate(net.solid.faces):
        poly = net.faces[f]
        for i in range(len(verts)):
            if frozenset((verts[i], verts[(i + 1) % len(verts)])) in fold_keys:
                continue
            p, q = poly[i], poly[(i + 1) % len(poly)]
            key = (round(p[0], 3), round(p[1], 3), round(q[0], 3), round(q[1], 3))
            if key in tab_bases:
                folds.add(dwg.line(*_pts((p, q), dx, dy), class_="fold"))
            else:
                cuts.add(dwg.line(*_pts((p, q), dx, dy), class_="cut"))
    for tab in net.tabs:
        _, q, q2, p2 = tab
        cuts.add(dwg.polyline(_pts((q, q2, p2, tab[0]), dx, dy), class_="cut", fill="none"))
    group.add(folds)
    group.add(cuts)
    dwg.add(group)
    return group


BAND = 0.17
"""Width of a Dice Trip face's coloured band, as a fraction of the edge."""


def _colour_face(dwg: svgwrite.Drawing, group: Group, poly: Sequence[Vec2], dx: float,
                 dy: float, colour: DiceColour) -> None:
    """A Dice Trip face: a band of the die's colour and pattern round a white centre."""
    pts = _pts(poly, dx, dy)
    group.add(dwg.polygon(pts, fill=colour.colour))
    pattern = pattern_fill(dwg, colour.pattern, _letter_ink(colour.colour), pitch=1.6,
                           opacity=0.45)
    if pattern:
        group.add(dwg.polygon(pts, fill=pattern))
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    k = 1 - 2 * BAND
    inner = [(round(cx + (x - cx) * k, 4), round(cy + (y - cy) * k, 4)) for x, y in pts]
    group.add(dwg.polygon(inner, fill="#ffffff"))


def _letter_ink(colour: str) -> str:
    """White on dark colours, near-black on light ones (relative luminance 0.45)."""
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return "#ffffff" if 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.45 else "#1a1a1a"


def _face_mark(dwg: svgwrite.Drawing, group: Group, net: Net, f: int, dx: float, dy: float,
               colour: DiceColour | None) -> None:
    solid = net.solid
    poly = [(x + dx, y + dy) for x, y in net.faces[f]]
    value = solid.values[f]
    apex = solid.apex[f] if solid.apex else None
    ink = "#1a1a1a"
    if apex is not None:  # d10: a digit whose top points to the apex
        top = poly[solid.faces[f].index(apex)]
        far = poly[2]
        ax, ay = far[0] - top[0], far[1] - top[1]
        length = math.hypot(ax, ay)
        cx, cy = top[0] + ax * 0.64, top[1] + ay * 0.64
        # rotation that maps "down" (0, 1) to the apex-to-far direction
        angle = math.degrees(math.atan2(ay, ax)) - 90
        size = 0.34 * length
        g = dwg.g(transform=f"translate({cx:.4f} {cy:.4f}) rotate({angle:.4f})")
        g.add(dwg.text(str(value), insert=(0, round(0.36 * size, 4)), font_family=FONT,
                       font_weight="bold", font_size=f"{size:.3f}", text_anchor="middle",
                       fill=ink, class_="face-number"))
        if value in (6, 9):
            g.add(dwg.line((-0.2 * size, 0.52 * size), (0.2 * size, 0.52 * size),
                           stroke=ink, stroke_width=0.08 * size))
        group.add(g)
        return
    # d6: pips in the face's frame (edge 0 is the face's "top")
    p0, p1, _, p3 = poly
    ux, uy = (p1[0] - p0[0]) / 2, (p1[1] - p0[1]) / 2
    vx, vy = (p3[0] - p0[0]) / 2, (p3[1] - p0[1]) / 2
    cx, cy = p0[0] + ux + vx, p0[1] + uy + vy
    edge = 2 * math.hypot(ux, uy)
    spread = 0.26 if colour is None else 0.2
    r = edge * (0.085 if colour is None else 0.068)
    pips = dwg.g(class_="pips", fill=ink, data_value=str(value))
    for px, py in PIPS[value]:
        s, t = px * spread * 2, py * spread * 2
        pips.add(dwg.circle((round(cx + s * ux + t * vx, 4), round(cy + s * uy + t * vy, 4)),
                            round(r, 4)))
    group.add(pips)
    if colour is not None:  # the colour's letter, centred in the band over the top edge
        t = -(1 - BAND)
        lx, ly = cx + t * vx, cy + t * vy
        angle = math.degrees(math.atan2(uy, ux))
        size = 0.9 * BAND * edge
        group.add(dwg.text(colour.letter, insert=(0, round(0.36 * size, 4)), font_family=FONT,
                           font_weight="bold", font_size=f"{size:.3f}", text_anchor="middle",
                           fill=_letter_ink(colour.colour), class_="die-letter",
                           transform=f"translate({lx:.4f} {ly:.4f}) rotate({angle:.3f})"))


def d10_net(settings: DiceSettings | None = None) -> Net:
    s = settings or dice_settings()
    solid = trapezohedron()
    return build_net(solid, D10_TREE, s.d10_long_edge / kite(solid).long_edge, s.tab_depth)


def d6_net(settings: DiceSettings | None = None) -> Net:
    s = settings or dice_settings()
    return build_net(cube(), D6_TREE, s.d6_edge / 2, s.tab_depth)


TITLES = {"d10": "Ten-sided dice (0-9)", "d6": "Six-sided dice",
          "dicetrip": "Dice Trip: four coloured dice"}


def dice_pages(kind: str, paper: Paper) -> list[str]:
    """One page of dice nets as SVG: two d10, four d6 or the four Dice Trip dice."""
    key = kind.strip().lower()
    if key not in KINDS:
        raise UnknownDiceError(f"unknown dice {kind!r}; expected one of {', '.join(KINDS)}")
    settings = dice_settings()
    w, h = paper.width, paper.height
    dwg = new_page(w, h)
    margin = 12.0
    dwg.add(text(dwg, TITLES[key], margin, margin + 4, 16, bold=True))
    lines = ["Cut along the solid lines, fold every dashed line away from you (print side out),",
             "then glue each grey tab under the face it meets. Opposite faces sum to "
             + ("9." if key == "d10" else "7.")]
    for i, line in enumerate(lines):
        dwg.add(text(dwg, line, margin, margin + 10 + i * 4.2, 9))
    top = margin + 20
    if key == "d10":
        net = d10_net(settings)
        items: list[tuple[Net, str, DiceColour | None]] = [
            (net, "#e3eef9", None), (net, "#fbe9d3", None)]
        cols = 1
    elif key == "d6":
        net = d6_net(settings)
        items = [(net, "#ffffff", None)] * 4
        cols = 2
    else:
        net = d6_net(settings)
        items = [(net, "#ffffff", c) for c in dice_colours()]
        cols = 2
    b = net.bounds()
    rows = math.ceil(len(items) / cols)
    avail_w, avail_h = w - 2 * margin, h - top - margin - 12
    if cols * b.w > avail_w or rows * b.h > avail_h:
        raise LayoutError(f"{key} nets do not fit on {paper.name}")
    gap_x = (avail_w - cols * b.w) / (cols + 1)
    gap_y = (avail_h - rows * b.h) / (rows + 1)
    boxes = []
    for i, (n, fill, colour) in enumerate(items):
        r, c = divmod(i, cols)
        x = margin + gap_x + c * (b.w + gap_x)
        y = top + gap_y + r * (b.h + gap_y)
        draw_net(dwg, n, (x, y), fill=fill, colour=colour, die_id=f"die-{i + 1}")
        boxes.append(Rect(x, y, b.w, b.h))
        if colour is not None:
            dwg.add(text(dwg, f"{colour.name} ({colour.letter})", x, y - 1.5, 8, bold=True,
                         fill="#1a1a1a"))
    place_ruler(dwg, w, h, boxes + [Rect(0, 0, w, top)], margin=6.0)
    return [dwg.tostring()]


__all__ = ["PT", "Kite", "Net", "Solid", "build_net", "cube", "d10_net", "d6_net",
           "dice_pages", "kite", "trapezohedron"]
