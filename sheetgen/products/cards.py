"""Cards of any game on pages: the imposition (N-up on a sheet, with crop marks and the
scale ruler; fronts only, duplex backs mirrored on the next page, or fronts and backs side
by side to fold) and the duplex alignment test sheet.

A game draws its card sides (``CardDrawing``: bleed included, the trim's top left at 0, 0)
and hands them to :func:`impose`. Every page also carries, in page coordinates and without
any transform, an invisible ``<rect class="trim">`` and ``<rect class="bleed">`` per card
(``data-card`` = index in the deck, ``data-side`` = front or back), so the imposition can
be read back from the drawing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

import svgwrite
from svgwrite.container import Group

from sheetgen.draw.layout import (
    CardSize,
    Flip,
    Imposition,
    LayoutError,
    Rect,
    balanced,
    card_grid,
    crop_marks,
    draw_crop_marks,
    draw_ruler,
    fold_grid,
    mirror_rect,
)
from sheetgen.draw.page import new_page
from sheetgen.draw.text import PT, text, text_width, wrap
from sheetgen.templates import Paper


class Backs(Enum):
    """How card backs are printed."""

    NONE = "none"
    DUPLEX_LONG = "duplex-long"
    DUPLEX_SHORT = "duplex-short"
    FOLD = "fold"

    @property
    def flip(self) -> Flip | None:
        return {Backs.DUPLEX_LONG: Flip.LONG, Backs.DUPLEX_SHORT: Flip.SHORT}.get(self)


class BackDesign(Enum):
    """How much ink a card back takes."""

    OUTLINE = "outline"
    """White card, the title and a double frame in navy: about a tenth of the ink."""
    SOLID = "solid"
    """A full navy flood with a lattice, to the edge of the bleed."""


@dataclass(frozen=True)
class DeckOptions:
    size: CardSize
    bleed: float
    backs: Backs = Backs.NONE
    back_offset: tuple[float, float] = (0.0, 0.0)
    """Shift of every back page in mm (x right, y down), to correct a printer's duplex
    misregistration measured with the test sheet."""
    back_design: BackDesign = BackDesign.OUTLINE
    deck: str = "all"
    """Which of a game's decks to print (Highways & Byways has five); ``all`` for every."""


def fit_lines(content: str, width: float, size_pt: float, min_pt: float,
               max_lines: int = 2) -> tuple[list[str], float]:
    """The largest size (down to ``min_pt``) at which ``content`` sets in at most
    ``max_lines`` lines of ``width`` mm, breaking only between words."""
    size = size_pt
    while True:
        lines = wrap(content, width, size, bold=True)
        if (len(lines) <= max_lines and all(text_width(x, size, bold=True) <= width
                                            for x in lines)) or size <= min_pt:
            return lines, size
        size -= 0.5


# --- pages --------------------------------------------------------------------------------


def _clip(dwg: svgwrite.Drawing, size: CardSize, bleed: float) -> str:
    cid = "card-bleed"
    if cid not in {str(el.attribs.get("id")) for el in dwg.defs.elements}:
        clip = dwg.clipPath(id=cid, clipPathUnits="userSpaceOnUse")
        clip.add(dwg.rect((-bleed, -bleed), (size.width + 2 * bleed, size.height + 2 * bleed)))
        dwg.defs.add(clip)
    return f"url(#{cid})"


def _place(dwg: svgwrite.Drawing, content: Group, trim: Rect, bleed: float, size: CardSize,
           index: int, side: str, turned: bool = False) -> None:
    transform = f"translate({trim.x:.4f} {trim.y:.4f})"
    if turned:
        transform += f" rotate(180 {size.width / 2:.4f} {size.height / 2:.4f})"
    holder = dwg.g(class_=f"card {side}", id=f"card-{index}-{side}", transform=transform,
                   clip_path=_clip(dwg, size, bleed))
    holder.add(content)
    dwg.add(holder)
    marks = dwg.g(class_="card-frame", fill="none", stroke="none", data_card=str(index),
                  data_side=side)
    marks.add(dwg.rect((trim.x, trim.y), (trim.w, trim.h), class_="trim",
                       data_card=str(index), data_side=side))
    bl = trim.expand(bleed)
    marks.add(dwg.rect((bl.x, bl.y), (bl.w, bl.h), class_="bleed", data_card=str(index),
                       data_side=side))
    dwg.add(marks)


CardDrawing = Callable[[svgwrite.Drawing], Group]
"""Draws one card side (bleed included, origin at the bleed's corner) into a page."""


def impose(paper: Paper, options: DeckOptions, imp: Imposition,
           cards: Sequence[tuple[CardDrawing, CardDrawing]]) -> list[str]:
    """Cards, each a (front, back) pair of drawings, imposed N-up on pages of ``paper``
    with crop marks and the scale ruler: fronts only, each front page followed by its
    mirrored back page (duplex), or fronts and backs side by side to fold."""
    size, bleed = options.size, options.bleed
    pages: list[str] = []
    if options.backs is Backs.FOLD:
        fold = fold_grid(paper, size, bleed, imp)
        for chunk in balanced(len(cards), fold.per_page):
            dwg = new_page(fold.page_w, fold.page_h)
            trims = []
            for slot, i in enumerate(chunk):
                front, back = cards[i]
                _place(dwg, front(dwg), fold.fronts[slot], bleed, size, i, "front")
                _place(dwg, back(dwg), fold.backs[slot], bleed, size, i, "back",
                       turned=not fold.vertical_fold)
                trims += [fold.fronts[slot], fold.backs[slot]]
            x1, y1, x2, y2 = fold.fold
            dwg.add(dwg.line((x1, y1), (x2, y2), class_="fold-line", stroke="#555555",
                             stroke_width=0.25, stroke_dasharray="3,2"))
            draw_crop_marks(dwg, crop_marks(trims, bleed, fold.page_w, fold.page_h, imp,
                                            [fold.ruler.box]), imp.crop_stroke_pt)
            draw_ruler(dwg, fold.ruler.box, fold.ruler.shape)
            pages.append(dwg.tostring())
        return pages
    grid = card_grid(paper, size, bleed, imp)
    for chunk in balanced(len(cards), grid.per_page):
        dwg = new_page(grid.page_w, grid.page_h)
        trims = []
        for slot, i in enumerate(chunk):
            _place(dwg, cards[i][0](dwg), grid.slots[slot], bleed, size, i, "front")
            trims.append(grid.slots[slot])
        draw_crop_marks(dwg, crop_marks(trims, bleed, grid.page_w, grid.page_h, imp,
                                        [grid.ruler.box]), imp.crop_stroke_pt)
        draw_ruler(dwg, grid.ruler.box, grid.ruler.shape)
        pages.append(dwg.tostring())
        flip = options.backs.flip
        if flip is None:
            continue
        ox, oy = options.back_offset
        back_page = new_page(grid.page_w, grid.page_h)
        for slot, i in enumerate(chunk):
            at = mirror_rect(grid.slots[slot], grid.page_w, grid.page_h, flip).moved(ox, oy)
            _place(back_page, cards[i][1](back_page), at, bleed, size, i, "back")
        box = mirror_rect(grid.ruler.box, grid.page_w, grid.page_h, flip).moved(ox, oy)
        draw_ruler(back_page, box, grid.ruler.shape)
        pages.append(back_page.tostring())
    return pages


# --- duplex alignment test ----------------------------------------------------------------


def _test_text(dwg: svgwrite.Drawing, lines: Sequence[str], slots: Sequence[Rect],
               arm: float, group: Group) -> None:
    """Instructions set inside the card slots, above and below the crosshair at each
    slot's centre, flowing from one slot to the next."""
    size_pt, leading = 6.5, 6.5 * PT * 1.3
    width = slots[0].w - 5.0
    wrapped = [part for line in lines for part in wrap(line, width, size_pt)]
    k = 0
    for slot in slots:
        cy = slot.centre[1]
        for top, bottom in ((slot.y + 3.0, cy - arm - 2.0), (cy + arm + 5.5, slot.y1 - 2.5)):
            y = top + leading
            while k < len(wrapped) and y <= bottom:
                group.add(text(dwg, wrapped[k], slot.x + 2.5, y, size_pt))
                y += leading
                k += 1
    if k < len(wrapped):
        raise LayoutError("the duplex test instructions do not fit in a card slot")


def alignment_pages(paper: Paper, options: DeckOptions, imp: Imposition) -> list[str]:
    """Two pages to print on the two sides of one sheet, imposed exactly as the deck is
    (same page orientation, card slots, mirroring and ``back_offset``): a crosshair at
    the centre of every front slot; on the back, scales where those slots' backs go.
    Held against the light, the back's scales read where the front's crosshairs landed:
    that reading is the ``--back-offset``."""
    flip = options.backs.flip or Flip.LONG
    grid = card_grid(paper, options.size, options.bleed, imp)
    w, h = grid.page_w, grid.page_h
    front, back = new_page(w, h), new_page(w, h)
    flip_name = "long" if flip is Flip.LONG else "short"
    ink = "#1a1a1a"
    arm = min(12.0, options.size.width / 2 - 3.0)
    frames = front.g(class_="slots", fill="none", stroke="#9a9a9a", stroke_width=0.15,
                     stroke_dasharray="1,1")
    marks = front.g(class_="crosshairs", stroke=ink, stroke_width=0.15)
    words = front.g(fill=ink)
    for i, slot in enumerate(grid.slots):
        frames.add(front.rect((slot.x, slot.y), (slot.w, slot.h), class_="slot"))
        cx, cy = slot.centre
        marks.add(front.line((cx - arm, cy), (cx + arm, cy), class_="crosshair"))
        marks.add(front.line((cx, cy - arm), (cx, cy + arm), class_="crosshair"))
        for mm in range(-int(arm), int(arm) + 1, 2):  # scale marks on the arms
            if mm:
                marks.add(front.line((cx + mm, cy - 0.8), (cx + mm, cy + 0.8)))
                marks.add(front.line((cx - 0.8, cy + mm), (cx + 0.8, cy + mm)))
        words.add(text(front, f"F{i + 1}", cx + 2, cy - 2, 7, fill=ink))
    _test_text(front, [
        f"Duplex test, front ({grid.per_page} cards a page, flip on the {flip_name} edge)",
        "Print this page and the next on the two sides of one sheet, at 100 % / actual "
        f"size, two-sided, 'flip on {flip_name} edge'. Then read the back."],
        grid.slots, arm, words)
    front.add(frames)
    front.add(marks)
    front.add(words)
    draw_ruler(front, grid.ruler.box, grid.ruler.shape)
    ox, oy = options.back_offset
    scales = back.g(class_="scales", stroke=ink, stroke_width=0.12)
    labels = back.g(fill=ink)
    span = int(arm) - 2
    spots = [mirror_rect(slot, w, h, flip).moved(ox, oy) for slot in grid.slots]
    for i, spot in enumerate(spots):
        cx, cy = spot.centre
        scales.add(back.line((cx - span, cy), (cx + span, cy), class_="scale-x"))
        scales.add(back.line((cx, cy - span), (cx, cy + span), class_="scale-y"))
        for mm in range(-span, span + 1):
            t = 2.0 if mm % 5 == 0 else 1.0
            scales.add(back.line((cx + mm, cy), (cx + mm, cy + t)))
            scales.add(back.line((cx, cy + mm), (cx + t, cy + mm)))
        for mm in range(-span // 5 * 5, span + 1, 5):
            if mm:
                labels.add(text(back, f"{mm:+d}", cx + mm, cy + 4.5, 6.0, anchor="middle"))
                labels.add(text(back, f"{mm:+d}", cx + 2.6, cy + mm + 0.75, 6.0))
        labels.add(text(back, f"B{i + 1}", cx - 2, cy - 2, 7, anchor="end"))
    _test_text(back, [
        "Duplex test, back. Hold the sheet against a window, this side facing you. Each "
        "front crosshair shows through near a scale: read its position, X across "
        "(right +) and Y down (down +).",
        "Make the cards with --back-offset X,Y and print this test again with the same "
        "offset: the crosshairs should then sit on the zeros."], spots, arm, labels)
    back.add(scales)
    back.add(labels)
    box = mirror_rect(grid.ruler.box, w, h, flip).moved(ox, oy)
    draw_ruler(back, box, grid.ruler.shape)
    return [front.tostring(), back.tostring()]
