"""Card grids, crop marks, mirroring and the scale ruler, against plainly written oracles."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest

from sheetgen.draw.layout import (
    HAIRLINE_PT,
    PT,
    Flip,
    Rect,
    card_grid,
    card_size,
    card_size_ids,
    crop_marks,
    draw_ruler,
    every_line_marked,
    fold_grid,
    imposition,
    mirror_rect,
    segment_box,
)
from sheetgen.draw.page import new_page
from sheetgen.templates import paper

SVG = "{http://www.w3.org/2000/svg}"
IMP = imposition()
CASES = [(p, s, b) for p in ("a4", "letter") for s in ("poker", "bridge", "mini", "tarot")
         for b in (0.0, 3.0)]


def _oracle_count(avail: float, size: float, bleed: float) -> int:
    """Cards in a row of a page ``avail`` mm across, counted one by one: each with its
    bleed, a gutter between bleeds, and at both ends of the row room for a crop mark of
    the shortest useful length beyond the bleed, crop_edge from the paper's edge."""
    gap = 0.0 if bleed == 0 else IMP.gutter
    mark_room = IMP.crop_edge + IMP.crop_offset + IMP.crop_min
    n = 0
    while (n + 1) * (size + 2 * bleed) + n * gap <= avail - 2 * mark_room + 1e-9:
        n += 1
    return n


def test_card_sizes_from_the_template() -> None:
    assert card_size_ids() == ("poker", "bridge", "mini", "tarot")
    assert (card_size("poker").width, card_size("poker").height) == (63.5, 88.9)
    assert (card_size("bridge").width, card_size("bridge").height) == (57.15, 88.9)
    assert (card_size("mini").width, card_size("mini").height) == (44.45, 63.5)
    assert (card_size("tarot").width, card_size("tarot").height) == (69.85, 120.65)
    assert IMP.bleed == 2.0 and IMP.safe == 4.0 and IMP.margin == 6.0


@pytest.mark.parametrize(("paper_id", "size_id", "bleed"), CASES)
def test_grid_is_the_fullest_and_stays_in_the_margin(paper_id: str, size_id: str,
                                                     bleed: float) -> None:
    pap, size = paper(paper_id), card_size(size_id)
    grid = card_grid(pap, size, bleed, IMP)
    best = max(_oracle_count(w, size.width, bleed) * _oracle_count(h, size.height, bleed)
               for w, h in ((pap.width, pap.height), (pap.height, pap.width)))
    assert grid.per_page == best
    assert {(grid.page_w, grid.page_h)} <= {(pap.width, pap.height), (pap.height, pap.width)}
    inner = Rect(IMP.margin, IMP.margin, grid.page_w - 2 * IMP.margin,
                 grid.page_h - 2 * IMP.margin)
    bleeds = [t.expand(bleed) for t in grid.slots]
    for t, b in zip(grid.slots, bleeds, strict=True):
        assert (t.w, t.h) == (size.width, size.height)
        assert b.within(inner)
    for i, a in enumerate(bleeds):
        for b in bleeds[i + 1:]:
            assert not a.overlaps(b)
    if bleed == 0:  # edge to edge: neighbours share cut lines
        xs = sorted({t.x for t in grid.slots})
        assert all(math.isclose(b - a, size.width) for a, b in zip(xs, xs[1:], strict=False))


def _segment_hits(seg: tuple[float, float, float, float], r: Rect) -> bool:
    """Does the segment (axis-parallel) enter the rectangle's interior?"""
    box = segment_box(seg)
    return (box.x < r.x1 - 1e-6 and r.x < box.x1 + 1e-6 and box.y < r.y1 - 1e-6
            and r.y < box.y1 + 1e-6 and not (box.w == 0 and (box.x <= r.x or box.x >= r.x1))
            and not (box.h == 0 and (box.y <= r.y or box.y >= r.y1)))


@pytest.mark.parametrize(("paper_id", "size_id", "bleed"), CASES)
def test_crop_marks_stay_out_of_every_bleed(paper_id: str, size_id: str,
                                            bleed: float) -> None:
    grid = card_grid(paper(paper_id), card_size(size_id), bleed, IMP)
    marks = crop_marks(grid.slots, bleed, grid.page_w, grid.page_h, IMP, [grid.ruler.box])
    assert marks
    bleeds = [t.expand(bleed) for t in grid.slots]
    lines_x = {round(v, 4) for t in grid.slots for v in (t.x, t.x1)}
    lines_y = {round(v, 4) for t in grid.slots for v in (t.y, t.y1)}
    for seg in marks:
        assert not any(_segment_hits(seg, b) for b in bleeds), seg
        assert not _segment_hits(seg, grid.ruler.box)
        x1, y1, x2, y2 = seg
        assert min(x1, x2) > 0 and max(x1, x2) < grid.page_w
        assert min(y1, y2) > 0 and max(y1, y2) < grid.page_h
        # every mark continues a trim line
        assert (x1 == x2 and round(x1, 4) in lines_x) or (y1 == y2 and round(y1, 4) in lines_y)
    # every trim line has at least one mark at each end of the grid
    for x in lines_x:
        ys = [s[1] for s in marks if s[0] == s[2] and round(s[0], 4) == x]
        assert ys, x


def test_no_stub_marks_in_a_narrow_gutter() -> None:
    # A 2 mm gutter between bleeds held 0.8 mm stubs: no blade can be set by them, and
    # the same trim lines carry full marks in the page margin.
    grid = card_grid(paper("a4"), card_size("poker"), 3.0, IMP)
    marks = crop_marks(grid.slots, 3.0, grid.page_w, grid.page_h, IMP)
    top_row_bottom = grid.slots[0].y1 + 3.0
    next_row_top = grid.slots[grid.cols].y - 3.0
    assert not [m for m in marks if m[0] == m[2] and top_row_bottom < m[1] < next_row_top]
    assert every_line_marked(grid.slots, 3.0, grid.page_w, grid.page_h, IMP)


def test_mirroring_follows_the_paper_edge() -> None:
    r = Rect(10, 20, 30, 40)
    # portrait 210 x 297: long edge upright
    assert mirror_rect(r, 210, 297, Flip.LONG) == Rect(170, 20, 30, 40)
    assert mirror_rect(r, 210, 297, Flip.SHORT) == Rect(10, 237, 30, 40)
    # landscape 297 x 210: the long edge lies along the top
    assert mirror_rect(r, 297, 210, Flip.LONG) == Rect(10, 150, 30, 40)
    assert mirror_rect(r, 297, 210, Flip.SHORT) == Rect(257, 20, 30, 40)


@pytest.mark.parametrize("paper_id", ["a4", "letter"])
@pytest.mark.parametrize("size_id", ["poker", "mini"])
def test_fold_layout_mirrors_about_the_fold(paper_id: str, size_id: str) -> None:
    bleed = 3.0
    fold = fold_grid(paper(paper_id), card_size(size_id), bleed, IMP)
    grid = card_grid(paper(paper_id), card_size(size_id), bleed, IMP)
    assert 0 < fold.per_page < grid.per_page
    x1, y1, x2, y2 = fold.fold
    for f, b in zip(fold.fronts, fold.backs, strict=True):
        if fold.vertical_fold:
            assert f.y == b.y and math.isclose((f.x1 + b.x) / 2, x1, abs_tol=1e-3)
        else:
            assert f.x == b.x and math.isclose((f.y1 + b.y) / 2, y1, abs_tol=1e-3)
        for r in (f, b):
            assert not _segment_hits(fold.fold, r.expand(bleed))


def test_ruler_is_50mm_with_mm_ticks() -> None:
    dwg = new_page(100, 40)
    draw_ruler(dwg, Rect(10, 10, 58, 8))
    root = ET.fromstring(dwg.tostring())
    bar = next(el for el in root.iter(f"{SVG}line") if el.get("class") == "ruler-bar")
    x1, x2 = float(bar.get("x1")), float(bar.get("x2"))
    assert x2 - x1 == pytest.approx(50.0, abs=1e-6)
    ticks = [el for g in root.iter(f"{SVG}g") if g.get("class") == "ruler-ticks"
             for el in g.iter(f"{SVG}line")]
    xs = sorted(float(t.get("x1")) for t in ticks)
    assert len(xs) == 51
    assert all(b - a == pytest.approx(1.0) for a, b in zip(xs, xs[1:], strict=False))
    texts = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert "Print at 100 % / actual size. This bar measures 50 mm." in texts


def test_crop_mark_hairline_is_at_least_a_quarter_point() -> None:
    assert IMP.crop_stroke_pt >= HAIRLINE_PT
    assert pytest.approx(0.0882, abs=1e-4) == HAIRLINE_PT * PT
