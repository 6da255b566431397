"""Card decks read back from the drawn SVG pages: trims, grid, crop marks, backs, text."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from functools import cache

import pytest

from sheetgen.draw.layout import PT, Flip, card_size, imposition
from sheetgen.draw.text import text_width
from sheetgen.games.ontour.cards import BACK_COLOUR, deck_pages
from sheetgen.maps import find_geometry, find_map
from sheetgen.products.cards import BackDesign, Backs, DeckOptions, alignment_pages
from sheetgen.templates import paper

SVG = "{http://www.w3.org/2000/svg}"
IMP = imposition()
USA = find_map("usa")

Box = tuple[float, float, float, float]  # x, y, w, h


@cache
def _pages(paper_id: str, size_id: str, bleed: float, backs: str = "none",
           offset: tuple[float, float] = (0.0, 0.0)) -> tuple[ET.Element, ...]:
    svgs = deck_pages(USA, paper(paper_id),
                      DeckOptions(card_size(size_id), bleed, Backs(backs), offset), IMP,
                      find_geometry("usa"))
    return tuple(ET.fromstring(s) for s in svgs)


def _rects(root: ET.Element, cls: str, side: str | None = None) -> dict[int, Box]:
    out = {}
    for el in root.iter(f"{SVG}rect"):
        if el.get("class") == cls and (side is None or el.get("data-side") == side):
            out[int(el.get("data-card", "-1"))] = tuple(
                float(el.get(k, "nan")) for k in ("x", "y", "width", "height"))
    return out


def _marks(root: ET.Element) -> list[tuple[float, float, float, float]]:
    return [tuple(float(el.get(k, "nan")) for k in ("x1", "y1", "x2", "y2"))
            for el in root.iter(f"{SVG}line") if el.get("class") == "crop-mark"]


def _page_mm(root: ET.Element) -> tuple[float, float]:
    return (float(re.sub("mm$", "", root.get("width", ""))),
            float(re.sub("mm$", "", root.get("height", ""))))


def _enters(seg: tuple[float, float, float, float], box: Box) -> bool:
    """Does a horizontal or vertical mark (with its hairline width) enter the box?"""
    half = IMP.crop_stroke_pt * PT / 2
    x1, y1, x2, y2 = seg
    sx0, sx1 = min(x1, x2) - half, max(x1, x2) + half
    sy0, sy1 = min(y1, y2) - half, max(y1, y2) + half
    bx, by, bw, bh = box
    return sx0 < bx + bw and bx < sx1 and sy0 < by + bh and by < sy1


SIZES = ["poker", "bridge", "mini", "tarot"]


@pytest.mark.parametrize("size_id", SIZES)
@pytest.mark.parametrize("paper_id", ["a4", "letter"])
def test_every_card_trim_grid_and_marks(paper_id: str, size_id: str) -> None:
    bleed = 3.0
    pages = _pages(paper_id, size_id, bleed)
    size = card_size(size_id)
    seen: list[int] = []
    first = None
    pw, ph = paper(paper_id).width, paper(paper_id).height
    for root in pages:
        assert sorted(_page_mm(root)) == sorted((pw, ph))
        trims = _rects(root, "trim", "front")
        bleeds = _rects(root, "bleed", "front")
        seen += sorted(trims)
        for x, y, w, h in trims.values():
            assert w == pytest.approx(size.width, abs=0.1)
            assert h == pytest.approx(size.height, abs=0.1)
            assert x >= IMP.margin + bleed - 0.1 and y >= IMP.margin + bleed - 0.1
        positions = [trims[k][:2] for k in sorted(trims)]
        if first is None:
            first = positions
        assert positions == first[:len(positions)]  # same grid, part-filled last page too
        for seg in _marks(root):
            for box in bleeds.values():
                assert not _enters(seg, box), (seg, box)
    assert seen == list(range(len(USA.cards)))


def test_bleed_zero_cards_sit_edge_to_edge_with_marks_outside() -> None:
    pages = _pages("a4", "poker", 0.0)
    trims = _rects(pages[0], "trim")
    assert len(trims) == 9
    xs = sorted({round(t[0], 3) for t in trims.values()})
    assert [round(b - a, 3) for a, b in zip(xs, xs[1:], strict=False)] == [63.5, 63.5]
    for seg in _marks(pages[0]):
        for box in trims.values():
            assert not _enters(seg, box)


@pytest.mark.parametrize(("backs", "flip"), [("duplex-long", Flip.LONG),
                                             ("duplex-short", Flip.SHORT)])
@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.5, -0.75)])
def test_duplex_backs_land_behind_their_fronts(backs: str, flip: Flip,
                                               offset: tuple[float, float]) -> None:
    pages = _pages("a4", "poker", 3.0, backs, offset)
    assert len(pages) % 2 == 0
    for front, back in zip(pages[0::2], pages[1::2], strict=True):
        pw, ph = _page_mm(front)
        assert _page_mm(back) == (pw, ph)
        fronts, backs_ = _rects(front, "trim", "front"), _rects(back, "trim", "back")
        assert sorted(fronts) == sorted(backs_)
        portrait = ph >= pw
        mirror_x = (flip is Flip.LONG) == portrait
        for k, (x, y, w, h) in fronts.items():
            ex, ey = (pw - x - w, y) if mirror_x else (x, ph - y - h)
            bx, by, bw, bh = backs_[k]
            assert (bw, bh) == (w, h)
            assert bx == pytest.approx(ex + offset[0], abs=0.01)
            assert by == pytest.approx(ey + offset[1], abs=0.01)


def test_a4_poker_duplex_long_mirrors_top_bottom_on_its_landscape_page() -> None:
    front, back = _pages("a4", "poker", 3.0, "duplex-long")[:2]
    assert _page_mm(front) == (297.0, 210.0)
    f, b = _rects(front, "trim", "front")[0], _rects(back, "trim", "back")[0]
    assert b[0] == pytest.approx(f[0]) and b[1] == pytest.approx(210 - f[1] - f[3])


def test_portrait_duplex_long_mirrors_left_right() -> None:
    front, back = _pages("a4", "poker", 0.0, "duplex-long")[:2]
    assert _page_mm(front) == (210.0, 297.0)
    f, b = _rects(front, "trim", "front")[0], _rects(back, "trim", "back")[0]
    assert b[1] == pytest.approx(f[1]) and b[0] == pytest.approx(210 - f[0] - f[2])


@pytest.mark.parametrize("size_id", ["poker", "mini"])
def test_fold_layout_pairs_fronts_and_backs_across_the_fold(size_id: str) -> None:
    pages = _pages("letter", size_id, 3.0, "fold")
    n = 0
    for root in pages:
        fold = next(el for el in root.iter(f"{SVG}line") if el.get("class") == "fold-line")
        fx1, fy1, fx2, fy2 = (float(fold.get(k, "nan")) for k in ("x1", "y1", "x2", "y2"))
        fronts, backs = _rects(root, "trim", "front"), _rects(root, "trim", "back")
        assert sorted(fronts) == sorted(backs)
        n += len(fronts)
        bleeds = list(_rects(root, "bleed").values())
        for k, (x, y, w, h) in fronts.items():
            bx, by, _, _ = backs[k]
            if fx1 == fx2:  # upright fold: mirrored left-right about it
                assert by == pytest.approx(y) and (x + w + bx) / 2 == pytest.approx(fx1)
            else:
                assert bx == pytest.approx(x) and (y + h + by) / 2 == pytest.approx(fy1)
        for box in bleeds:
            assert not _enters((fx1, fy1, fx2, fy2), box)
            for seg in _marks(root):
                assert not _enters(seg, box)
    assert n == len(USA.cards)


def _translate(el: ET.Element) -> tuple[float, float]:
    m = re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", el.get("transform", ""))
    assert m
    return float(m.group(1)), float(m.group(2))


@pytest.mark.parametrize("size_id", SIZES)
def test_card_text_inside_the_safe_zone(size_id: str) -> None:
    size = card_size(size_id)
    s = IMP.safe
    checked = 0
    for root in _pages("a4", size_id, 3.0, "fold"):
        for card in root.iter(f"{SVG}g"):
            if not (card.get("class") or "").startswith("card "):
                continue
            for t in card.iter(f"{SVG}text"):
                if "card-text" not in (t.get("class") or ""):
                    continue
                x, y = float(t.get("x", "nan")), float(t.get("y", "nan"))
                pt = float(t.get("font-size", "nan")) / PT
                condensed = "Condensed" in (t.get("font-family") or "")
                width = text_width(t.text or "", pt, bold=t.get("font-weight") == "bold",
                                   condensed=condensed)
                assert t.get("text-anchor") == "middle"
                assert x - width / 2 >= s - 0.1 and x + width / 2 <= size.width - s + 0.1
                assert y - pt * PT * 0.75 >= s - 0.1 and y + pt * PT * 0.25 <= size.height - s
                checked += 1
    assert checked > 0


def test_faces_show_region_name_and_pattern() -> None:
    root = _pages("a4", "poker", 3.0)[0]
    first = USA.cards[0]
    card = next(g for g in root.iter(f"{SVG}g") if g.get("id") == "card-0-front")
    texts = [t.text for t in card.iter(f"{SVG}text")]
    assert first.region.value.upper() in texts
    assert USA.space(first.space).name in " ".join(t or "" for t in texts)
    assert any(p.get("class") == "locator-space" for p in card.iter(f"{SVG}path"))
    # every region but north carries a pattern on its band
    patterned = _pages("a4", "poker", 3.0)
    ids = {el.get("id") for r in patterned for el in r.iter(f"{SVG}pattern")}
    for kind in ("hatch", "dots", "grid", "vertical"):
        assert any(i and f"pat-{kind}-" in i for i in ids), kind


def _centres(root: ET.Element, cls: str) -> list[tuple[float, float]]:
    """Centres of the crosshairs (front) or scales (back) of a duplex test page."""
    out = []
    for el in root.iter(f"{SVG}line"):
        if el.get("class") == cls:
            x1, y1, x2, y2 = (float(el.get(k, "nan")) for k in ("x1", "y1", "x2", "y2"))
            if y1 == y2:
                out.append((round((x1 + x2) / 2, 3), round(y1, 3)))
    return sorted(out)


@pytest.mark.parametrize(("backs", "flip"), [("duplex-long", Flip.LONG),
                                             ("duplex-short", Flip.SHORT)])
@pytest.mark.parametrize(("paper_id", "size_id", "bleed"), [("a4", "poker", 3.0),
                                                           ("letter", "poker", 3.0),
                                                           ("letter", "mini", 0.0)])
def test_duplex_test_page_shares_the_decks_imposition(backs: str, flip: Flip,
                                                      paper_id: str, size_id: str,
                                                      bleed: float) -> None:
    offset = (1.0, -2.0)
    options = DeckOptions(card_size(size_id), bleed, Backs(backs), offset)
    front, back = (ET.fromstring(s) for s in alignment_pages(paper(paper_id), options, IMP))
    deck_front, deck_back = _pages(paper_id, size_id, bleed, backs, offset)[:2]
    # Same page (orientation included) as the deck it tests.
    assert _page_mm(front) == _page_mm(back) == _page_mm(deck_front)
    # A crosshair at the centre of every slot of the deck's grid ...
    slots = _rects(deck_front, "trim", "front")
    assert len(_centres(front, "crosshair")) == len(slots) or len(slots) < len(
        _centres(front, "crosshair"))
    grid_slots = [(round(x + w / 2, 3), round(y + h / 2, 3))
                  for x, y, w, h in _rects(deck_front, "trim", "front").values()]
    assert set(grid_slots) <= set(_centres(front, "crosshair"))
    # ... and the back's scales exactly where the deck's back pages put those cards' backs,
    # offset included: --back-offset moves the test page and the deck along the same axes.
    backs_at = [(round(x + w / 2, 3), round(y + h / 2, 3))
                for x, y, w, h in _rects(deck_back, "trim", "back").values()]
    assert set(backs_at) <= set(_centres(back, "scale-x"))
    assert len(_centres(back, "scale-x")) == len(_centres(front, "crosshair"))
    for root in (front, back):
        bars = [el for el in root.iter(f"{SVG}line") if el.get("class") == "ruler-bar"]
        assert len(bars) == 1
        b = bars[0]
        length = math.dist((float(b.get("x1", "nan")), float(b.get("y1", "nan"))),
                           (float(b.get("x2", "nan")), float(b.get("y2", "nan"))))
        assert length == pytest.approx(50.0, abs=0.01)


def test_a4_poker_test_page_is_landscape_like_its_deck() -> None:
    options = DeckOptions(card_size("poker"), 3.0, Backs.DUPLEX_LONG, (0.0, 1.0))
    front, back = (ET.fromstring(s) for s in alignment_pages(paper("a4"), options, IMP))
    assert _page_mm(front) == (297.0, 210.0)
    # A long-edge flip of a landscape sheet mirrors top-bottom: a +1 mm Y offset moves
    # every scale down by 1 mm from the mirror image of its crosshair, X unchanged.
    fronts = _centres(front, "crosshair")
    expect = sorted((x, round(210.0 - y + 1.0, 3)) for x, y in fronts)
    assert _centres(back, "scale-x") == expect


@pytest.mark.parametrize("paper_id", ["a4", "letter"])
@pytest.mark.parametrize("size_id", SIZES)
@pytest.mark.parametrize(("bleed", "backs"), [(0.0, "none"), (2.0, "duplex-long"),
                                              (3.0, "duplex-long"), (3.0, "fold"),
                                              (6.0, "none")])
def test_marks_stay_6mm_from_the_paper_edge_and_mark_both_ends_of_every_cut(
        paper_id: str, size_id: str, bleed: float, backs: str) -> None:
    for root in _pages(paper_id, size_id, bleed, backs):
        pw, ph = _page_mm(root)
        half = IMP.crop_stroke_pt * PT / 2
        marks = _marks(root)
        for x1, y1, x2, y2 in marks:
            xs, ys = (x1, x2) if x1 != x2 else (x1 - half, x1 + half), \
                (y1, y2) if y1 != y2 else (y1 - half, y1 + half)
            assert min(xs) >= 6.0 - 1e-6 and max(xs) <= pw - 6.0 + 1e-6
            assert min(ys) >= 6.0 - 1e-6 and max(ys) <= ph - 6.0 + 1e-6
        if not _rects(root, "trim", "front"):
            continue  # a duplex back page: cut along the front's marks
        trims = list(_rects(root, "trim").values())
        assert unmarked_ends(trims, marks, bleed) == []


def unmarked_ends(trims: list[tuple[float, float, float, float]],
                  marks: list[tuple[float, float, float, float]], bleed: float) -> list[str]:
    """Each end of a cut line (x or y of a trim edge, run through the whole sheet) that has
    no crop mark beyond the bleed of the first or the last card on it."""
    missing = []
    for vertical in (True, False):
        lines = {round(v, 3) for x, y, w, h in trims
                 for v in ((x, x + w) if vertical else (y, y + h))}
        for pos in sorted(lines):
            on = [(y, y + h) if vertical else (x, x + w) for x, y, w, h in trims
                  if pos in ({round(x, 3), round(x + w, 3)} if vertical
                             else {round(y, 3), round(y + h, 3)})]
            first = min(a for a, _ in on) - bleed
            last = max(b for _, b in on) + bleed
            along = [sorted((y1, y2) if vertical else (x1, x2)) for x1, y1, x2, y2 in marks
                     if (x1 == x2 if vertical else y1 == y2)
                     and abs((x1 if vertical else y1) - pos) < 1e-3]
            if not any(b <= first + 1e-6 for _, b in along):
                missing.append(f"{'x' if vertical else 'y'}={pos} start")
            if not any(a >= last - 1e-6 for a, _ in along):
                missing.append(f"{'x' if vertical else 'y'}={pos} end")
    return missing


@pytest.mark.parametrize(("paper_id", "size_id", "bleed", "backs"), [
    ("a4", "poker", 3.0, "none"), ("a4", "poker", 3.0, "duplex-long"),
    ("letter", "poker", 3.0, "none"), ("letter", "mini", 0.0, "none"),
    ("a4", "tarot", 3.0, "fold"), ("letter", "bridge", 6.0, "none")])
def test_cards_are_spread_evenly_over_the_pages(paper_id: str, size_id: str, bleed: float,
                                                backs: str) -> None:
    pages = _pages(paper_id, size_id, bleed, backs)
    fronts = [len(_rects(r, "trim", "front")) for r in pages if _rects(r, "trim", "front")]
    n = len(USA.cards)
    per_page = max(fronts)
    assert len(fronts) == -(-n // per_page)  # no more pages than the fullest grid needs
    assert sum(fronts) == n and max(fronts) - min(fronts) <= 1
    if per_page > 2:  # two a page and an odd deck: one page has to hold a single card
        assert min(fronts) > 1


def test_a4_poker_deck_keeps_six_pages_and_no_lone_card() -> None:
    # At the default 2 mm bleed 8 poker cards fit with 3 mm crop marks (with 3 mm of
    # bleed a fourth column leaves 0.9 mm marks, so that deck takes 6 a page).
    fronts = [len(_rects(r, "trim", "front")) for r in _pages("a4", "poker", IMP.bleed)]
    assert fronts == [7, 7, 7, 7, 7, 6]
    assert [len(_rects(r, "trim", "front")) for r in _pages("a4", "poker", 3.0)] == [6] * 6 + [5]


def _dark_area(root: ET.Element) -> float:
    """Area (mm^2) of back rectangles filled with the navy back colour."""
    total = 0.0
    for el in root.iter(f"{SVG}rect"):
        if el.get("fill") == BACK_COLOUR:
            total += float(el.get("width", "0")) * float(el.get("height", "0"))
    return total


def test_outline_backs_use_no_navy_flood_and_solid_ones_do() -> None:
    options = DeckOptions(card_size("poker"), 3.0, Backs.DUPLEX_LONG)
    light = deck_pages(USA, paper("a4"), options, IMP)[1]
    solid = deck_pages(USA, paper("a4"), replace(options, back_design=BackDesign.SOLID),
                       IMP)[1]
    card = (63.5 + 6) * (88.9 + 6)
    assert _dark_area(ET.fromstring(light)) == 0
    assert _dark_area(ET.fromstring(solid)) >= 6 * card - 1
    assert "card-back outline" in light and "card-back solid" in solid


def test_every_card_page_has_a_50mm_ruler() -> None:
    for key in [("a4", "poker", 3.0, "duplex-short"), ("letter", "mini", 0.0, "fold"),
                ("letter", "tarot", 6.0, "none")]:
        for root in _pages(*key):
            bars = [el for el in root.iter(f"{SVG}line") if el.get("class") == "ruler-bar"]
            assert len(bars) == 1
            b = bars[0]
            length = math.dist((float(b.get("x1", "nan")), float(b.get("y1", "nan"))),
                               (float(b.get("x2", "nan")), float(b.get("y2", "nan"))))
            assert length == pytest.approx(50.0, abs=0.01)


def test_a4_poker_fold_deck_with_3mm_bleed_takes_two_pairs_a_page() -> None:
    # Three pairs (a fold across the landscape page) leave no room for marks at both ends
    # of every cut with 3 mm bleed; the 2 mm default keeps four pairs.
    pages = _pages("a4", "poker", 3.0, "fold")
    fronts = [len(_rects(r, "trim", "front")) for r in pages]
    assert max(fronts) == 2 and len(pages) == 21
    default = _pages("a4", "poker", 2.0, "fold")
    assert max(len(_rects(r, "trim", "front")) for r in default) == 4


@pytest.mark.parametrize("paper_id", ["a4", "letter"])
@pytest.mark.parametrize("size_id", ["poker", "bridge", "mini", "tarot"])
def test_every_crop_mark_is_long_enough_to_cut_by_and_6_mm_in(paper_id: str,
                                                              size_id: str) -> None:
    """Read back from the drawn pages of every back mode at the default bleed: each mark
    at least 3 mm long (a blade can be set by it) and 6 mm from the paper's edge."""
    imp = imposition()
    usa = find_map("usa")
    pages = []
    for backs in Backs:
        options = DeckOptions(card_size(size_id), imp.bleed, backs)
        pages += deck_pages(usa, paper(paper_id), options, imp)
    lengths = []
    for svg in pages:
        root = ET.fromstring(svg)
        w, h = (float(root.get(k, "0").removesuffix("mm")) for k in ("width", "height"))
        for el in root.iter("{http://www.w3.org/2000/svg}line"):
            if el.get("class") != "crop-mark":
                continue
            x1, y1, x2, y2 = (float(el.get(k, 0)) for k in ("x1", "y1", "x2", "y2"))
            lengths.append(abs(x2 - x1) + abs(y2 - y1))
            assert min(x1, x2, y1, y2) >= 6.0 - 0.1
            assert max(x1, x2) <= w - 6.0 + 0.1 and max(y1, y2) <= h - 6.0 + 0.1
    assert lengths and min(lengths) >= 3.0 - 0.1
