"""Page geometry for printed parts: paper, margins, card grids, crop marks, the scale ruler.

Everything is in millimetres, x to the right and y downwards from the page's top left.
The geometry functions are pure (numbers in, numbers out) so tests can check them without
drawing; the ``draw_*`` functions add elements to an svgwrite drawing.

Card imposition rules (``templates/cards.toml [imposition]``):

* Cards, bleed included, stay inside the page ``margin`` (6 mm: home printers do not print
  reliably closer to the edge), and far enough in that every cut line gets a crop mark at
  both of its ends (:func:`end_room`).
* Cards without bleed are laid edge to edge and share their cut lines. Cards with bleed are
  separated by ``2 * bleed + gutter``: the gutter between two bleed areas holds crop marks.
* Crop marks extend the trim lines, never enter any card's bleed area, are hairlines
  of at least 0.25 pt, and stay ``crop_edge`` (6 mm) from the paper's edge: inside what a
  home printer prints. Every trim line carries a mark at both of its ends, beyond the
  first and the last card on it; a grid that cannot give every line both is not used.
* The page is portrait or landscape, whichever holds more cards; every page of a deck uses
  the same grid, and the cards are spread evenly over the pages (no last page with one
  card): see :func:`balanced`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Any

import svgwrite
from svgwrite.container import Group

from sheetgen.draw.text import PT, text
from sheetgen.templates import Paper, UnknownTemplateError, load

"""One typographic point in mm."""
HAIRLINE_PT = 0.25
"""The thinnest line a page may hold, in points."""
RULER_LENGTH = 50.0
RULER_NOTE = "Print at 100 % / actual size. This bar measures 50 mm."
PRINTABLE_EDGE = 6.0
"""Nothing (the ruler, notes, the fold line) comes nearer the paper's edge than this, mm:
home printers do not print the outer 3-5 mm reliably."""
EPS = 1e-6

Segment = tuple[float, float, float, float]
"""A line from (x1, y1) to (x2, y2)."""


class LayoutError(ValueError):
    """Parts that cannot be laid out on the chosen paper (say what does not fit)."""


def balanced(n: int, per_page: int) -> list[range]:
    """``n`` cards over as few pages of ``per_page`` slots as hold them, spread evenly:
    page sizes differ by at most one card (41 on 8-card pages: 7, 7, 7, 7, 7, 6)."""
    if n <= 0:
        return []
    pages = -(-n // per_page)
    base, extra = divmod(n, pages)
    out, start = [], 0
    for k in range(pages):
        size = base + (1 if k < extra else 0)
        out.append(range(start, start + size))
        start += size
    return out


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle: top-left corner and size."""

    x: float
    y: float
    w: float
    h: float

    @property
    def x1(self) -> float:
        return self.x + self.w

    @property
    def y1(self) -> float:
        return self.y + self.h

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def expand(self, d: float) -> Rect:
        """Grown by ``d`` on every side (shrunk when ``d`` < 0)."""
        return Rect(self.x - d, self.y - d, self.w + 2 * d, self.h + 2 * d)

    def moved(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)

    def overlaps(self, other: Rect, tol: float = EPS) -> bool:
        """True if the interiors meet (touching edges do not count)."""
        return (self.x < other.x1 - tol and other.x < self.x1 - tol
                and self.y < other.y1 - tol and other.y < self.y1 - tol)

    def within(self, other: Rect, tol: float = EPS) -> bool:
        return (self.x >= other.x - tol and self.y >= other.y - tol
                and self.x1 <= other.x1 + tol and self.y1 <= other.y1 + tol)


def segment_box(seg: Segment) -> Rect:
    x1, y1, x2, y2 = seg
    return Rect(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))


# --- templates --------------------------------------------------------------------------


@dataclass(frozen=True)
class CardSize:
    """A card's trim size."""

    id: str
    name: str
    width: float
    height: float


@dataclass(frozen=True)
class Imposition:
    """The ``[imposition]`` table of ``templates/cards.toml``; see the comments there."""

    margin: float
    bleed: float
    max_bleed: float
    safe: float
    gutter: float
    crop_length: float
    crop_offset: float
    crop_edge: float
    crop_min: float
    crop_stroke_pt: float
    fold_clearance: float
    max_back_offset: float


def card_size_ids() -> tuple[str, ...]:
    return tuple(load("cards")["sizes"])


def default_card_size() -> str:
    return str(load("cards")["default"])


def card_size(size_id: str) -> CardSize:
    """The card size named ``size_id`` (``poker``, ``bridge``, ``mini``, ``tarot``)."""
    sizes = load("cards")["sizes"]
    key = size_id.strip().lower()
    if key not in sizes:
        raise UnknownTemplateError(f"unknown card size {size_id!r}; known: "
                                   + ", ".join(sizes))
    entry = sizes[key]
    return CardSize(key, entry["name"], float(entry["width"]), float(entry["height"]))


@cache
def imposition() -> Imposition:
    data = load("cards")["imposition"]
    imp = Imposition(**{k: float(v) for k, v in data.items()})
    if imp.crop_stroke_pt < HAIRLINE_PT:
        raise ValueError(f"templates/cards.toml: crop_stroke_pt {imp.crop_stroke_pt} is "
                         f"below the {HAIRLINE_PT} pt hairline")
    return imp


def page_size(paper: Paper, landscape: bool) -> tuple[float, float]:
    """(width, height) of the page in mm."""
    return paper.landscape if landscape else (paper.width, paper.height)


# --- card grids ---------------------------------------------------------------------------


def pitch_gap(bleed: float, imp: Imposition) -> float:
    """Space between the trims of neighbouring cards: 0 (shared cut) without bleed, else
    both bleeds and a gutter for the crop marks."""
    return 0.0 if bleed <= EPS else 2 * bleed + imp.gutter


def end_room(imp: Imposition) -> float:
    """Paper a card's bleed leaves between itself and the paper's edge on every side: a
    crop mark of the shortest useful length beyond the bleed, stopping ``crop_edge`` short
    of the edge (9.6 mm with the template's numbers)."""
    return max(imp.margin, imp.crop_edge + imp.crop_offset + imp.crop_min)


def fit_count(available: float, size: float, bleed: float, imp: Imposition) -> int:
    """How many cards of ``size`` (trim) fit in a row of ``available`` mm, bleed included."""
    gap = pitch_gap(bleed, imp)
    if size + 2 * bleed > available + EPS:
        return 0
    return int((available - size - 2 * bleed + EPS) // (size + gap)) + 1


def _grid_extent(count: int, size: float, bleed: float, imp: Imposition) -> float:
    """Trim-to-trim extent of ``count`` cards in a row."""
    return count * size + (count - 1) * pitch_gap(bleed, imp)


@dataclass(frozen=True)
class RulerPlace:
    """Where the scale ruler of a page goes."""

    box: Rect
    shape: RulerShape


@dataclass(frozen=True)
class PageGrid:
    """Where the cards of one page go: the same slots on every page of a deck."""

    page_w: float
    page_h: float
    bleed: float
    cols: int
    rows: int
    slots: tuple[Rect, ...]
    """Trim rectangles, row by row from the top left."""
    ruler: RulerPlace
    """The scale ruler's place on a front page (clear of cards and crop marks)."""

    @property
    def landscape(self) -> bool:
        return self.page_w > self.page_h

    @property
    def per_page(self) -> int:
        return len(self.slots)


def _slots(size: CardSize, bleed: float, cols: int, rows: int, imp: Imposition, area: Rect,
           align: tuple[float, float] = (0.5, 0.5)) -> tuple[Rect, ...]:
    """Trims of a ``cols`` x ``rows`` grid placed in ``area`` (which bounds the trims):
    ``align`` 0 puts the grid at the area's left/top, 0.5 centres it, 1 at the right/bottom."""
    gap = pitch_gap(bleed, imp)
    ext_w = _grid_extent(cols, size.width, bleed, imp)
    ext_h = _grid_extent(rows, size.height, bleed, imp)
    x0 = area.x + (area.w - ext_w) * align[0]
    y0 = area.y + (area.h - ext_h) * align[1]
    return tuple(Rect(round(x0 + c * (size.width + gap), 4),
                      round(y0 + r * (size.height + gap), 4), size.width, size.height)
                 for r in range(rows) for c in range(cols))


def _ruler_for(trims: Sequence[Rect], bleed: float, page_w: float, page_h: float,
               imp: Imposition, extra: Sequence[Rect] = ()) -> RulerPlace | None:
    """A place for the ruler clear of the cards and their crop marks; failing that, one
    that only shortens the crop marks it meets (leaving each at least 1.5 mm long)."""
    bleeds = [t.expand(bleed) for t in trims]
    marks = [segment_box(m) for m in crop_marks(trims, bleed, page_w, page_h, imp)]
    found = ruler_spot(page_w, page_h, bleeds + marks + list(extra), margin=imp.margin)
    if found is None:
        guard = imp.crop_offset + 1.5 - 1.0
        found = ruler_spot(page_w, page_h, [b.expand(guard) for b in bleeds] + list(extra),
                           margin=imp.margin)
    return RulerPlace(*found) if found else None


ALIGNMENTS = ((0.5, 0.5), (0.5, 0.0), (0.0, 0.5), (0.5, 1.0), (1.0, 0.5))
"""Grid placements tried in turn until the ruler has room: centred first."""


def card_grid(paper: Paper, size: CardSize, bleed: float, imp: Imposition) -> PageGrid:
    """The fullest grid of ``size`` cards on ``paper`` that leaves room for the ruler and a
    crop mark on every trim line, portrait or landscape (portrait on a tie), centred on
    the page if the ruler has room so, else pushed to one side."""
    candidates: list[tuple[int, float, float, int, int]] = []
    for landscape in (False, True):
        w, h = page_size(paper, landscape)
        room = end_room(imp)
        cols = fit_count(w - 2 * room, size.width, bleed, imp)
        rows = fit_count(h - 2 * room, size.height, bleed, imp)
        # Smaller grids too: when the fullest leaves no room for the ruler or the marks.
        candidates += [(c * r, w, h, c, r) for c in range(cols, 0, -1)
                       for r in range(rows, 0, -1)]
    candidates.sort(key=lambda c: -c[0])  # stable: portrait first on a tie
    for count, w, h, cols, rows in candidates:
        if count == 0:
            break
        inner = end_room(imp) + bleed
        area = Rect(inner, inner, w - 2 * inner, h - 2 * inner)
        for align in ALIGNMENTS:
            slots = _slots(size, bleed, cols, rows, imp, area, align)
            ruler = _ruler_for(slots, bleed, w, h, imp)
            if ruler is not None and every_line_marked(slots, bleed, w, h, imp,
                                                       [ruler.box]):
                return PageGrid(w, h, bleed, cols, rows, slots, ruler)
    raise LayoutError(f"a {size.name} card with {bleed:g} mm bleed, its crop marks and the "
                      f"scale ruler do not fit on {paper.name} with crop marks at both ends "
                      f"of every cut, {imp.crop_edge:g} mm from the paper's edge")


class Flip(Enum):
    """How a duplex printer turns the sheet."""

    LONG = "long"
    SHORT = "short"


def mirror_rect(rect: Rect, page_w: float, page_h: float, flip: Flip) -> Rect:
    """Where a rectangle of a front page lies on the back page after the sheet is turned
    over its long or short edge.

    The axis of the turn is a physical edge of the paper: on a portrait page the long edge
    is upright, so a long-edge flip mirrors left-right and a short-edge flip top-bottom; on
    a landscape page the long edge lies horizontal and the two swap.
    """
    long_is_upright = page_h >= page_w
    mirror_x = (flip is Flip.LONG) == long_is_upright
    if mirror_x:
        return Rect(page_w - rect.x - rect.w, rect.y, rect.w, rect.h)
    return Rect(rect.x, page_h - rect.y - rect.h, rect.w, rect.h)


@dataclass(frozen=True)
class FoldGrid:
    """Fronts and backs side by side on one page, mirrored about a fold line."""

    page_w: float
    page_h: float
    bleed: float
    fronts: tuple[Rect, ...]
    backs: tuple[Rect, ...]
    """``backs[i]`` folds onto ``fronts[i]``."""
    fold: Segment
    vertical_fold: bool
    """True when the fold line runs top to bottom (backs to the right of the fronts)."""
    ruler: RulerPlace

    @property
    def per_page(self) -> int:
        return len(self.fronts)


def fold_grid(paper: Paper, size: CardSize, bleed: float, imp: Imposition) -> FoldGrid:
    """The fullest fold layout: page orientation, fold direction and grid that hold the
    most front/back pairs with room for the ruler and a crop mark on every line. Fronts
    sit on the left (or top) half against the fold, backs are their mirror images on the
    other half."""
    options: list[tuple[int, bool, bool, int, int]] = []
    for landscape in (False, True):
        w, h = page_size(paper, landscape)
        for vertical in (True, False):
            clear = bleed + imp.fold_clearance
            room = end_room(imp)
            half_w = (w / 2 - clear - room) if vertical else w - 2 * room
            half_h = h - 2 * room if vertical else (h / 2 - clear - room)
            cols = fit_count(half_w, size.width, bleed, imp)
            rows = fit_count(half_h, size.height, bleed, imp)
            options += [(c * r, landscape, vertical, c, r) for c in range(cols, 0, -1)
                        for r in range(rows, 0, -1)]
    options.sort(key=lambda o: -o[0])
    for count, landscape, vertical, cols, rows in options:
        if count == 0:
            break
        w, h = page_size(paper, landscape)
        clear = bleed + imp.fold_clearance
        ext_w = _grid_extent(cols, size.width, bleed, imp)
        ext_h = _grid_extent(rows, size.height, bleed, imp)
        inner = end_room(imp) + bleed
        if vertical:
            c = w / 2
            area = Rect(c - clear - ext_w, inner, ext_w, h - 2 * inner)
            fold: Segment = (c, PRINTABLE_EDGE, c, h - PRINTABLE_EDGE)
        else:
            c = h / 2
            area = Rect(inner, c - clear - ext_h, w - 2 * inner, ext_h)
            fold = (PRINTABLE_EDGE, c, w - PRINTABLE_EDGE, c)
        for align in ALIGNMENTS:
            fronts = _slots(size, bleed, cols, rows, imp, area, align)
            if vertical:
                backs = tuple(Rect(round(2 * c - r.x1, 4), r.y, r.w, r.h) for r in fronts)
            else:
                backs = tuple(Rect(r.x, round(2 * c - r.y1, 4), r.w, r.h) for r in fronts)
            ruler = _ruler_for(fronts + backs, bleed, w, h, imp, [segment_box(fold)])
            if ruler is not None and every_line_marked(fronts + backs, bleed, w, h, imp,
                                                       [ruler.box]):
                return FoldGrid(w, h, bleed, fronts, backs, fold, vertical, ruler)
    raise LayoutError(f"a {size.name} card with {bleed:g} mm bleed does not fit twice "
                      f"(front and back) with the scale ruler on {paper.name}")


# --- crop marks ---------------------------------------------------------------------------


def _merge(intervals: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
    merged: list[tuple[float, float]] = []
    for a, b in sorted(intervals):
        if merged and a <= merged[-1][1] + EPS:
            merged[-1] = (merged[-1][0], max(merged[-1][1], b))
        else:
            merged.append((a, b))
    return merged


def _marks_along(lines: Sequence[float], trims: Sequence[Rect], bleed: float, length: float,
                 imp: Imposition, vertical: bool, obstacles: Sequence[Rect]) -> list[Segment]:
    """Marks on the lines x = const (``vertical``) or y = const through the trim edges."""
    min_len = imp.crop_min
    marks: list[Segment] = []
    for pos in lines:
        cards = [t for t in trims
                 if abs((t.x if vertical else t.y) - pos) < EPS
                 or abs((t.x1 if vertical else t.y1) - pos) < EPS]
        blocks = []
        for t in trims:
            b = t.expand(bleed)
            lo, hi = (b.x, b.x1) if vertical else (b.y, b.y1)
            if lo - EPS <= pos <= hi + EPS:
                blocks.append((b.y, b.y1) if vertical else (b.x, b.x1))
        for o in obstacles:
            o = o.expand(0.5)
            lo, hi = (o.x, o.x1) if vertical else (o.y, o.y1)
            if lo <= pos <= hi:
                blocks.append((o.y, o.y1) if vertical else (o.x, o.x1))
        starts = {round((t.y1 if vertical else t.x1) + bleed, 6) for t in cards}
        ends = {round((t.y if vertical else t.x) - bleed, 6) for t in cards}
        lo_limit, hi_limit = imp.crop_edge, length - imp.crop_edge
        edges = [lo_limit] + [v for iv in _merge(blocks) for v in iv] + [hi_limit]
        for free_lo, free_hi in zip(edges[0::2], edges[1::2], strict=True):
            a, z = max(free_lo, lo_limit), min(free_hi, hi_limit)
            after_card = round(a, 6) in starts
            before_card = round(z, 6) in ends
            if after_card and before_card:
                s, e = a + imp.crop_offset, z - imp.crop_offset
            elif after_card:
                s, e = a + imp.crop_offset, min(a + imp.crop_offset + imp.crop_length, z)
            elif before_card:
                s, e = max(z - imp.crop_offset - imp.crop_length, a), z - imp.crop_offset
            else:
                continue
            if e - s >= min_len:
                s, e = round(s, 4), round(e, 4)
                marks.append((pos, s, pos, e) if vertical else (s, pos, e, pos))
    return marks


def crop_marks(trims: Sequence[Rect], bleed: float, page_w: float, page_h: float,
               imp: Imposition, obstacles: Sequence[Rect] = ()) -> list[Segment]:
    """Crop marks for cards at ``trims``: on every trim line, in the page margin and in the
    gutters between cards, outside every card's bleed area and clear of ``obstacles``
    (the ruler)."""
    xs = sorted({round(v, 6) for t in trims for v in (t.x, t.x1)})
    ys = sorted({round(v, 6) for t in trims for v in (t.y, t.y1)})
    return (_marks_along(xs, trims, bleed, page_h, imp, True, obstacles)
            + _marks_along(ys, trims, bleed, page_w, imp, False, obstacles))


def every_line_marked(trims: Sequence[Rect], bleed: float, page_w: float, page_h: float,
                      imp: Imposition, obstacles: Sequence[Rect] = ()) -> bool:
    """Does every trim line of ``trims`` get a crop mark at both of its ends, one before
    the first card on it and one after the last?"""
    marks = crop_marks(trims, bleed, page_w, page_h, imp, obstacles)
    for vertical in (True, False):
        for pos in {round(v, 6) for t in trims
                    for v in ((t.x, t.x1) if vertical else (t.y, t.y1))}:
            on = [t for t in trims if pos in {round(v, 6) for v in
                                              ((t.x, t.x1) if vertical else (t.y, t.y1))}]
            first = min(t.y if vertical else t.x for t in on) - bleed
            last = max(t.y1 if vertical else t.x1 for t in on) + bleed
            along = [(m[1], m[3]) if vertical else (m[0], m[2]) for m in marks
                     if (m[0] == m[2]) == vertical
                     and abs((m[0] if vertical else m[1]) - pos) < 1e-3]
            if not any(e <= first + EPS for _, e in along) or \
                    not any(s >= last - EPS for s, _ in along):
                return False
    return True


# --- drawing ------------------------------------------------------------------------------


def draw_crop_marks(dwg: svgwrite.Drawing, marks: Iterable[Segment],
                    stroke_pt: float) -> Group:
    """The marks as ``<line class="crop-mark">`` in a ``crop-marks`` group."""
    group = dwg.g(class_="crop-marks", stroke="#000000",
                  stroke_width=f"{max(stroke_pt, HAIRLINE_PT) * PT:.4f}", stroke_linecap="butt")
    for x1, y1, x2, y2 in marks:
        group.add(dwg.line((x1, y1), (x2, y2), class_="crop-mark"))
    dwg.add(group)
    return group


@dataclass(frozen=True)
class RulerShape:
    """The box a scale ruler with its note takes: ``stacked`` puts the note under the bar,
    otherwise it sits to the right; ``vertical`` turns the whole block to run upwards."""

    stacked: bool
    vertical: bool

    @property
    def size(self) -> tuple[float, float]:
        w, h = (59.0, 6.3) if self.stacked else (87.0, 6.3)
        return (h, w) if self.vertical else (w, h)


RULER_SHAPES = (RulerShape(True, False), RulerShape(False, False),
                RulerShape(True, True), RulerShape(False, True))
RULER_PT = 6.0
"""Type size of the ruler's numbers and note (the least any printed text has)."""


def draw_ruler(dwg: svgwrite.Drawing, box: Rect, shape: RulerShape = RULER_SHAPES[0],
               ink: str = "#1a1a1a") -> Group:
    """A 50 mm scale bar with mm ticks and the 100 % note, filling ``box`` (of
    ``shape.size``). The bar is ``<line class="ruler-bar">`` in page coordinates (no
    transform), so its length can be read back from the drawing."""
    if shape.vertical:
        # Local u runs up the page from the box's bottom-left, v runs right.
        def at(u: float, v: float) -> tuple[float, float]:
            return (round(box.x + v, 4), round(box.y1 - u, 4))
        rotate = -90
    else:
        def at(u: float, v: float) -> tuple[float, float]:
            return (round(box.x + u, 4), round(box.y + v, 4))
        rotate = 0
    group = dwg.g(class_="scale-ruler", stroke=ink, fill="none")
    u0, bar_v = 3.0, 4.0
    group.add(dwg.line(at(u0, bar_v), at(u0 + RULER_LENGTH, bar_v), class_="ruler-bar",
                       stroke_width=0.25))
    ticks = dwg.g(class_="ruler-ticks", stroke_width=0.12)
    for mm in range(int(RULER_LENGTH) + 1):
        tick = 1.7 if mm % 10 == 0 else 1.2 if mm % 5 == 0 else 0.8
        ticks.add(dwg.line(at(u0 + mm, bar_v), at(u0 + mm, bar_v - tick)))
    group.add(ticks)
    labels = dwg.g(stroke="none", fill=ink)

    def label(content: str, u: float, v: float, anchor: str) -> None:
        x, y = at(u, v)
        extra: dict[str, Any] = {"transform": f"rotate({rotate} {x} {y})"} if rotate else {}
        labels.add(text(dwg, content, x, y, RULER_PT, anchor=anchor, fill=ink, **extra))

    for mm in range(0, int(RULER_LENGTH) + 1, 10):
        label(f"{mm}", u0 + mm, 1.7, "middle")
    label("mm", u0 + RULER_LENGTH + 1.6, 1.7, "start")
    if shape.stacked:
        label(RULER_NOTE, u0, 6.0, "start")
    else:
        label("Print at 100 % / actual size.", u0 + RULER_LENGTH + 6.5, 2.6, "start")
        label("This bar measures 50 mm.", u0 + RULER_LENGTH + 6.5, 5.4, "start")
    group.add(labels)
    dwg.add(group)
    return group


def find_spot(size: tuple[float, float], page_w: float, page_h: float,
              obstacles: Sequence[Rect], edge: float = PRINTABLE_EDGE,
              margin: float | None = None) -> Rect | None:
    """A free box of ``size`` on the page, clear of ``obstacles`` and ``edge`` mm from the
    paper's edge; preferably inside ``margin``, then as low and as central as possible."""
    w, h = size
    xs = {edge, page_w - edge - w, (page_w - w) / 2}
    ys = {edge, page_h - edge - h}
    for o in obstacles:
        xs |= {o.x1, o.x - w}
        ys |= {o.y1, o.y - h}
    page = Rect(edge, edge, page_w - 2 * edge, page_h - 2 * edge)
    inner = Rect(margin, margin, page_w - 2 * margin, page_h - 2 * margin) if margin else page
    best: tuple[tuple[int, float, float], Rect] | None = None
    for x in sorted(xs):
        for y in sorted(ys):
            box = Rect(x, y, w, h)
            if not box.within(page) or any(box.overlaps(o) for o in obstacles):
                continue
            key = (0 if box.within(inner) else 1, -round(y, 3),
                   round(abs(x + w / 2 - page_w / 2), 3))
            if best is None or key < best[0]:
                best = (key, box)
    return best[1] if best else None


def place_ruler(dwg: svgwrite.Drawing, page_w: float, page_h: float,
                obstacles: Sequence[Rect], clearance: float = 1.0,
                margin: float | None = None) -> Rect:
    """Draw the scale ruler in the first free spot (stacked, side by side, then upright)
    clear of ``obstacles`` by ``clearance``; raises LayoutError if the page has no room."""
    grown = [o.expand(clearance) for o in obstacles]
    for shape in RULER_SHAPES:
        box = find_spot(shape.size, page_w, page_h, grown, margin=margin)
        if box is not None:
            draw_ruler(dwg, box, shape)
            return box
    raise LayoutError("no room on the page for the 50 mm scale ruler")


def ruler_spot(page_w: float, page_h: float, obstacles: Sequence[Rect],
               clearance: float = 1.0,
               margin: float | None = None) -> tuple[Rect, RulerShape] | None:
    """Where :func:`place_ruler` would draw, without drawing."""
    grown = [o.expand(clearance) for o in obstacles]
    for shape in RULER_SHAPES:
        box = find_spot(shape.size, page_w, page_h, grown, margin=margin)
        if box is not None:
            return box, shape
    return None
