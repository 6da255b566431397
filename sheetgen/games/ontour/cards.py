"""On Tour card decks: each card's face and back, imposed on pages by ``products.cards``.

A card is drawn in its own frame (the trim's top left at 0, 0; bleed at negative
coordinates) and placed on the page with a translation.

Faces: the card's region as a colour band with its greyscale pattern and name, the space's
full name large, and a locator map with the space highlighted (when the map has geometry).
Backs: the game's title on a lattice. Text stays inside the safe zone.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import svgwrite
from svgwrite.container import Group

from sheetgen.draw.layout import CardSize, Imposition, LayoutError, Rect
from sheetgen.draw.patterns import pattern_fill
from sheetgen.draw.style import Style, load_style
from sheetgen.draw.text import PT, text, text_width
from sheetgen.model import Card, Map, MapGeometry, Region, Ring
from sheetgen.products.cards import BackDesign, CardDrawing, DeckOptions, fit_lines, impose
from sheetgen.templates import Paper

BACK_COLOUR = "#1d3b5c"


# --- one card -----------------------------------------------------------------------------


_PATHS: dict[tuple[str, float], tuple[dict[str, str], tuple[str, ...]]] = {}


def _simplify(ring: Ring, scale: float, tolerance: float = 0.15) -> list[tuple[float, float]]:
    """The ring scaled, simplified by Douglas-Peucker to ``tolerance`` mm: far below what a
    0.12 mm line shows at locator size, and a fraction of the points for cairo to parse."""
    pts = [(x * scale, y * scale) for x, y in ring]
    if len(pts) < 4:
        return pts
    keep = [False] * len(pts)
    keep[0] = keep[-1] = True
    stack = [(0, len(pts) - 1)]
    while stack:
        first, last = stack.pop()
        (ax, ay), (bx, by) = pts[first], pts[last]
        dx, dy = bx - ax, by - ay
        norm = math.hypot(dx, dy)
        worst, index = -1.0, -1
        for i in range(first + 1, last):
            px, py = pts[i]
            dist = (abs(dx * (ay - py) - dy * (ax - px)) / norm if norm
                    else math.hypot(px - ax, py - ay))
            if dist > worst:
                worst, index = dist, i
        if index >= 0 and worst > tolerance:
            keep[index] = True
            stack += [(first, index), (index, last)]
    kept = [p for p, k in zip(pts, keep, strict=True) if k]
    return kept if len(kept) >= 3 else pts


def _path(rings: Sequence[Ring], scale: float) -> str:
    parts = []
    for ring in rings:
        pts = " ".join(f"{x:.2f},{y:.2f}" for x, y in _simplify(ring, scale))
        parts.append(f"M{pts}Z")
    return "".join(parts)


def _locator_paths(geometry: MapGeometry, scale: float) -> tuple[dict[str, str],
                                                                  tuple[str, ...]]:
    """Path data of every space and of the context land at ``scale``, origin 0, 0
    (computed once per map and scale)."""
    key = (geometry.map_id, round(scale, 6))
    if key not in _PATHS:
        _PATHS[key] = ({sh.space: _path(sh.rings, scale) for sh in geometry.shapes},
                       tuple(_path((ring,), scale) for ring in geometry.context))
    return _PATHS[key]


def _mix(colour: str, amount: float) -> str:
    """``colour`` at ``amount`` (0-1) over white."""
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(255 + (c - 255) * amount):02x}" for c in rgb)


def _locator(dwg: svgwrite.Drawing, game_map: Map, geometry: MapGeometry, card: Card,
             box: Rect, style: Style) -> Group:
    """The whole map shrunk into ``box``: the card's region tinted, its space in the
    region's colour and pattern, ringed so a small space still shows."""
    scale = min(box.w / geometry.width, box.h / geometry.height)
    ox = box.x + (box.w - geometry.width * scale) / 2
    oy = box.y + (box.h - geometry.height * scale) / 2
    colour = style.region_colour[card.region]
    paths, context = _locator_paths(geometry, scale)
    group = dwg.g(class_="locator", stroke="#8c8c8c", stroke_width=0.12,
                  stroke_linejoin="round", transform=f"translate({ox:.3f} {oy:.3f})")
    low = style.low_ink
    for d in context:
        group.add(dwg.path(d=d, fill="#ffffff" if low else "#f2f2f2", stroke="#d6d6d6"))
    in_region = {s.id for s in game_map.spaces_in(card.region)}
    tint = _mix(colour, 0.12 if low else 0.25)
    own = [sh.space for sh in geometry.shapes if game_map.card_covers(card, sh.space)]
    for other in geometry.shapes:
        if other.space in own:
            continue
        group.add(dwg.path(d=paths[other.space], fill_rule="evenodd",
                           fill=tint if other.space in in_region
                           else "#ffffff" if low else "#ececec"))
    if own:  # a Paris card's two clubs share their arrondissement's outline: drawn once
        shape = geometry.shape(own[0])
        d = paths[own[0]]
        group.add(dwg.path(d=d, fill=colour, stroke="#1a1a1a", stroke_width=0.3,
                           fill_rule="evenodd", class_="locator-space"))
        pattern = pattern_fill(dwg, style.region_pattern[card.region], "#ffffff",
                               pitch=1.2, opacity=0.5)
        if pattern:
            group.add(dwg.path(d=d, fill=pattern, stroke="none", fill_rule="evenodd"))
        xs = [x for ring in shape.rings for x, _ in ring]
        ys = [y for ring in shape.rings for _, y in ring]
        extent = max(max(xs) - min(xs), max(ys) - min(ys)) * scale
        if extent < 6:  # small spaces get a ring round them
            cx = (min(xs) + max(xs)) / 2 * scale
            cy = (min(ys) + max(ys)) / 2 * scale
            group.add(dwg.circle((round(cx, 3), round(cy, 3)), round(extent / 2 + 1.6, 3),
                                 fill="none", stroke="#1a1a1a", stroke_width=0.35))
    return group


def card_face(dwg: svgwrite.Drawing, game_map: Map, card: Card, size: CardSize, bleed: float,
              imp: Imposition, geometry: MapGeometry | None, style: Style) -> Group:
    """The face of ``card`` in the card's own frame (trim from 0, 0)."""
    w, h, s, b = size.width, size.height, imp.safe, bleed
    space_name, space_label = game_map.card_title(card)
    colour = style.region_colour[card.region]
    group = dwg.g(class_="card-face")
    group.add(dwg.rect((-b, -b), (w + 2 * b, h + 2 * b), fill="#ffffff"))
    band = round(0.2 * h, 3)
    low = style.low_ink
    for y0, y1 in ((-b, band), (h - 0.045 * h, h + b)):
        if low:  # a white header: the region's colour as a rule under it, and at the foot
            rule = band if y0 < 0 else y0
            group.add(dwg.line((-b, rule), (w + b, rule), stroke=colour, stroke_width=1.0,
                               class_="region-rule", data_region=card.region.value))
            continue
        group.add(dwg.rect((-b, y0), (w + 2 * b, y1 - y0), fill=colour, class_="region-band",
                           data_region=card.region.value))
        pattern = pattern_fill(dwg, style.region_pattern[card.region], "#ffffff", pitch=1.8,
                               opacity=0.32)
        if pattern:
            group.add(dwg.rect((-b, y0), (w + 2 * b, y1 - y0), fill=pattern))
    # Region name: white capitals on the band, on a soft plate so the pattern stays quiet.
    region = card.region.value.upper()
    region_pt = min(0.36 * (band - s) / PT / 0.72 * 1.0, 20.0)
    while text_width(region, region_pt, condensed=True) > w - 2 * s - 4:
        region_pt -= 0.5
    cap = region_pt * PT * 0.72
    base = s + (band - s + cap) / 2
    plate_w = text_width(region, region_pt, condensed=True) + 4
    if not low:
        group.add(dwg.rect((round((w - plate_w) / 2, 3), round(base - cap - 1.4, 3)),
                           (round(plate_w, 3), round(cap + 2.8, 3)), rx=1.2, fill=colour,
                           fill_opacity=0.85))
    group.add(text(dwg, region, w / 2, base, region_pt, condensed=True,
                   anchor="middle", fill=colour if low else "#ffffff",
                   class_="card-text region-name", letter_spacing="0.4"))
    # The space's name, large.
    name_lines, name_pt = fit_lines(space_name, w - 2 * s, 0.21 * h / PT * 0.72 * 0.8,
                                     7.0)
    line_h = name_pt * PT * 1.08
    y = band + 3.0 + name_pt * PT * 0.75
    for line in name_lines:
        group.add(text(dwg, line, w / 2, y, name_pt, bold=True, anchor="middle",
                       fill=style.ink["text"], class_="card-text space-name"))
        y += line_h
    y += -line_h + name_pt * PT * 0.25 + 2.0
    label_pt = max(6.0, 0.08 * h / PT * 0.72 * 0.9)
    group.add(text(dwg, space_label, w / 2, y + label_pt * PT * 0.75, label_pt,
                   anchor="middle", fill=style.ink["muted"], class_="card-text space-label"))
    y += label_pt * PT + 2.0
    bottom = h - 0.045 * h - 2.5
    if geometry is not None and bottom - y > 8:
        box = Rect(s, y, w - 2 * s, bottom - y)
        group.add(_locator(dwg, game_map, geometry, card, box, style))
    return group


def card_back(dwg: svgwrite.Drawing, game_map: Map, size: CardSize, bleed: float,
              imp: Imposition, style: Style,
              design: BackDesign = BackDesign.OUTLINE) -> Group:
    """The back of every card of ``game_map``: its title in a double frame, on white
    (``OUTLINE``) or on a navy diamond lattice (``SOLID``)."""
    w, h, s, b = size.width, size.height, imp.safe, bleed
    group = dwg.g(class_=f"card-back {design.value}")
    if design is BackDesign.SOLID:
        group.add(dwg.rect((-b, -b), (w + 2 * b, h + 2 * b), fill=BACK_COLOUR))
        lattice = pattern_fill(dwg, "grid", "#ffffff", pitch=3.2, opacity=0.13, angle=45)
        group.add(dwg.rect((-b, -b), (w + 2 * b, h + 2 * b), fill=lattice))
        frame, frame_opacity = "#ffffff", (0.85, 0.6)
    else:
        group.add(dwg.rect((-b, -b), (w + 2 * b, h + 2 * b), fill="#ffffff"))
        lattice = pattern_fill(dwg, "grid", BACK_COLOUR, pitch=4.0, opacity=0.16, angle=45)
        group.add(dwg.rect((s + 1.2, s + 1.2), (w - 2 * s - 2.4, h - 2 * s - 2.4), rx=1.8,
                           fill=lattice))
        frame, frame_opacity = BACK_COLOUR, (1.0, 1.0)
    group.add(dwg.rect((s, s), (w - 2 * s, h - 2 * s), rx=2.5, fill="none", stroke=frame,
                       stroke_width=0.45, stroke_opacity=frame_opacity[0]))
    group.add(dwg.rect((s + 1.2, s + 1.2), (w - 2 * s - 2.4, h - 2 * s - 2.4), rx=1.8,
                       fill="none", stroke=frame, stroke_width=0.2,
                       stroke_opacity=frame_opacity[1]))
    head, _, tail = game_map.title.partition(":")
    lines = [head.strip(), tail.strip()] if tail else [head.strip()]
    plate_w = w - 2 * s - 6
    sizes = []
    for i, line in enumerate(lines):
        pt = (0.085 if i == 0 else 0.13) * h / PT
        while text_width(line, pt, condensed=True) > plate_w - 4:
            pt -= 0.5
        sizes.append(pt)
    dots = 3.0
    plate_h = sum(pt * PT * 0.95 for pt in sizes) + 4 + dots + 2
    py = (h - plate_h) / 2
    group.add(dwg.rect((round((w - plate_w) / 2, 3), round(py, 3)),
                       (round(plate_w, 3), round(plate_h, 3)), rx=2, fill="#ffffff",
                       stroke=BACK_COLOUR if design is BackDesign.OUTLINE else "none",
                       stroke_width=0.3))
    y = py + 2
    for line, pt in zip(lines, sizes, strict=True):
        y += pt * PT * 0.95
        group.add(text(dwg, line, w / 2, y - pt * PT * 0.18, pt, bold=True,
                       condensed=True, anchor="middle", fill=BACK_COLOUR,
                       class_="card-text title"))
    y += 2 + dots / 2
    for i, region in enumerate(Region):
        cx = w / 2 + (i - 2) * (dots + 1.4)
        group.add(dwg.circle((round(cx, 3), round(y, 3)), dots / 2,
                             fill=style.region_colour[region]))
    return group


def deck_pages(game_map: Map, paper: Paper, options: DeckOptions, imp: Imposition,
               geometry: MapGeometry | None = None) -> list[str]:
    """Every card of ``game_map`` imposed on pages of ``paper``, as SVG strings."""
    if not game_map.cards:
        raise LayoutError(f"map {game_map.id} has no cards")
    style = load_style()
    size, bleed = options.size, options.bleed

    def front(card: Card) -> CardDrawing:
        return lambda dwg: card_face(dwg, game_map, card, size, bleed, imp, geometry, style)

    def back(dwg: svgwrite.Drawing) -> Group:
        return card_back(dwg, game_map, size, bleed, imp, style, options.back_design)

    return impose(paper, options, imp, [(front(card), back) for card in game_map.cards])


