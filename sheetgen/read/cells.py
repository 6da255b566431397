"""Reading the circles of a straightened sheet: what each holds, with a confidence.

Each circle is cut out around its centre from the layout (moved by up to a millimetre to
where the printed ring really is), its ink found against the paper inside it, whatever
the sheet prints inside the circle (a dock's tag, a club's letter, a die's badge) left
out. A ring drawn round the writing (On Tour's circled numbers) is found as the smooth
closed curve the outermost ink follows over a long arc, and its stroke taken away between
its fitted edges, so a digit touching it keeps itself. What remains falls into glyphs,
left to right, that the classifier reads (``glyphs``); the game's grammar then turns them
into the cell: On Tour a number 0-99 (one or two digits), a star or an X, circled or not;
Dice Trip a number of two digits 1-6, in parentheses on a coloured city, or an X.

Every reading has a confidence: the probability of the reading the classifier's glyph
probabilities give, restricted to what the grammar (and, with a seed, the numbers the
seed rolled) allows. A reading below the threshold is not guessed: it is doubtful.

The cells are then read together (:func:`read_jointly`) where the sheet limits how often
a number stands on it: Dice Trip each number once, On Tour with a seed as often as the
seed rolled it, and only where one of its turns could have written it. The whole
sheet's likeliest reading within those limits is taken, and each cell's confidence is
its share against the best whole-sheet readings that read it otherwise: a 1 that could
be a 7 is a 1 when the seed's only 7 stands clearly elsewhere.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace

import cv2
import numpy as np

from sheetgen.model import Cell, CellKind
from sheetgen.read.glyphs import CLASSES, classify
from sheetgen.read.layout import SheetLayout
from sheetgen.read.register import PPM

THRESHOLD = 0.9
"""A reading less sure than this is doubtful: written ``?``, for a person to settle. Chosen
on the validation corpus (``bench_read.py --photos 24 --seed 11``) and the development
corpora (seeds 21, 31, 41, 51: 13,920 cells), never the benchmark's, by the rule: the
lowest of 0.8, 0.85, 0.9 and 0.95 that leaves no more cells wrong and unflagged on them
than 0.95 does (0.85 left 4, 0.9 and 0.95 2 each; docs/benchmarks.md)."""
STRAY = 0.8
"""Ink (mm^2) in a circle that is neither a glyph, nor the ring, nor printed: more, and the
cell is doubtful (a digit may have been lost)."""
_DIGIT = [CLASSES.index(str(d)) for d in range(10)]
_X, _STAR, _OPEN, _CLOSE = (CLASSES.index(c) for c in ("x", "*", "(", ")"))


OTHER = 0.05
"""A doubtful cell's other readings at least this likely are named to the person who
settles it (``Reading.others``: under its crop in the review, on stderr)."""


@dataclass(frozen=True)
class Reading:
    """What one circle holds, as read."""

    space: str
    cell: Cell | None
    """The reading (None: the circle is empty)."""
    confidence: float
    doubtful: bool
    """Below the threshold, or against the grammar or the seed: written ``?``."""
    guess: str
    """The most likely text (even for a doubtful cell), for the review."""
    why: str = ""
    """Why a doubtful cell is doubtful."""
    alternatives: tuple[tuple[Cell, float], ...] = ()
    """A doubtful cell's readings as its glyphs weigh them (what the grammar and the
    seed's numbers allow, each with its probability, likeliest first, those of at least
    ``ALTERNATIVE`` only); empty where the cell was settled without weighing any."""

    def others(self) -> list[str]:
        """A doubtful cell's other close readings (at most two, at least ``OTHER`` likely,
        likeliest first), for the person who settles it."""
        guess = self.cell.text if self.cell is not None else self.guess
        return [cell.text for cell, p in self.alternatives
                if p >= OTHER and cell.text != guess][:2]

    @property
    def text(self) -> str:
        """The CSV cell: ``?`` when doubtful, blank when empty."""
        if self.doubtful:
            return "?"
        return "" if self.cell is None else self.cell.text


@dataclass
class _Cut:
    """One circle cut out: its glyphs (one or more ways to split the ink) and ring."""

    space: str
    splits: list[list[np.ndarray]]
    ring: float
    """How far round the circle a drawn ring runs (0-1)."""
    stray: float
    """Ink in mm^2 that is in no glyph."""
    ink_ratio: float = 1.0
    """Height of the smallest glyph over the tallest (one glyph: 1)."""
    span: float = 0.0
    """The largest glyph's lesser side (its height or width) over the cut's diameter."""
    under: list[np.ndarray] | None = None
    """The first split's glyphs with the drawn ring's stroke given back where each one
    runs into it (None: no glyph touches a ring): what they would be if a digit's stroke
    lay under the ring."""
    peeled: _Cut | None = None
    """Where a ring was found and the two glyphs within it differ in height more than
    ``RING_RATIO``: the circle cut again with ``PEEL`` more of the ring's inner edge
    taken away (a sliver of the ring left on a digit)."""
    ringless: _Cut | None = None
    """Where the ring found runs round less than ``RING_SURE`` of the rim: the circle
    cut as though no ring were drawn (the outline of a large 9 or 6 follows a smooth
    curve over a third of the rim, as a ring does)."""


def _disc(shape: tuple[int, int], cx: float, cy: float, r: float) -> np.ndarray:
    yy, xx = np.ogrid[:shape[0], :shape[1]]
    inside: np.ndarray = (xx - cx) ** 2 + (yy - cy) ** 2 <= r * r
    return inside


def _ring_template(radius: float, width: float) -> np.ndarray:
    n = int(math.ceil(radius + width + 2))
    yy, xx = np.mgrid[-n:n + 1, -n:n + 1]
    dist = np.hypot(xx, yy)
    ring: np.ndarray = (np.abs(dist - radius) <= width / 2).astype(np.float32)
    centred: np.ndarray = ring - ring.mean()
    return centred


def _centre(patch: np.ndarray, radius: float, reach: float) -> tuple[float, float]:
    """Where the printed circle's ring is in ``patch`` (centred about the middle)."""
    dark = (255.0 - patch.astype(np.float32))
    template = _ring_template(radius, 0.45 * PPM)
    if template.shape[0] > dark.shape[0] or template.shape[1] > dark.shape[1]:
        return patch.shape[1] / 2, patch.shape[0] / 2
    score = cv2.matchTemplate(dark, template, cv2.TM_CCORR)
    cy0 = (dark.shape[0] - template.shape[0]) / 2
    cx0 = (dark.shape[1] - template.shape[1]) / 2
    yy, xx = np.mgrid[:score.shape[0], :score.shape[1]]
    score[np.hypot(xx - cx0, yy - cy0) > reach] = -np.inf
    _, _, _, (bx, by) = cv2.minMaxLoc(score)
    half = template.shape[0] // 2
    return bx + half, by + half


PALE = 0.2
"""Darkness (a share of the paper's brightness) down to which a part of an On Tour cell's
writing paler than the rest is taken, at a level of its own (``_ink``): a digit of thin
strokes beside a bold one, blurred by the photo, fell apart under the level the bold one
set (a "48" read (x), a "42" (04)). Chosen on the validation corpus (seed 11) and the
development corpora (seeds 21-51) by the rule: of 0.15, 0.2 and 0.25, the one with the
most cells right and none wrong more. 0.2 read 13 more right of 14,790 and none worse
(0.15: 11, three of them worse; 0.25: 8)."""


def _darkness(patch: np.ndarray, where: np.ndarray) -> np.ndarray:
    """How much darker than the paper each pixel of ``patch`` is, as a share of the
    paper's brightness, the paper measured in ``where`` (its 85th percentile)."""
    values = patch[where]
    paper = max(float(np.percentile(values, 85)) if values.size else 255.0, 40.0)
    dark: np.ndarray = (paper - patch.astype(np.float32)) / paper
    return dark


def _ink(patch: np.ndarray, inside: np.ndarray, core: np.ndarray,
         printed: np.ndarray | None = None, pale: bool = False) -> np.ndarray:
    """Ink inside the circle: darker than the paper by a third; within ``core`` (clear
    of the printed outline's blur) by half of what the darkest writing there reaches, if
    that is less (a light pencil, a thin pen blurred by the photo); with ``pale``, a
    part of the core paler still is taken at half its own darkness, down to ``PALE``. The
    paper and the writing are measured off ``printed`` (what the sheet prints in the
    circle)."""
    written = inside if printed is None else inside & ~printed
    dark = _darkness(patch, written)
    centre = dark[core & written]
    level = 0.33
    if centre.size:
        level = min(0.33, max(0.2, 0.5 * float(np.percentile(centre, 99.5))))
    ink: np.ndarray = ((dark > 0.33) | ((dark > level) & core)) & inside
    if pale:
        # a digit written paler than the others beside it (a thinner stroke, blurred
        # by the photo) falls under the level they set: each faint part of the core
        # is taken at a level of its own
        count, labels = cv2.connectedComponents(((dark > PALE) & core & written
                                                 ).astype(np.uint8), connectivity=8)
        for k in range(1, count):
            part = labels == k
            own = max(PALE, 0.5 * float(np.percentile(dark[part], 99)))
            if own < level:
                ink |= part & (dark > own)
    return ink


FAINT = 0.12
"""Darkness (a share of the paper's brightness) of a faint stroke: a thin pen on a
low-resolution photo leaves a digit lighter than the ink threshold of :func:`_ink`
beside darker writing in the same circle (a bold parenthesis)."""


def _faint(patch: np.ndarray, where: np.ndarray, found: np.ndarray,
           min_area: float) -> list[np.ndarray]:
    """Strokes in ``where`` fainter than the parts ``found``: parts darker than ``FAINT``
    that touch none of them (a dark stroke's blurred edge does) and stand at least 1.5 mm
    tall (half a digit; a speck or a smudge is smaller)."""
    dark = _darkness(patch, where)
    near = cv2.dilate(found.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    out = []
    for part in _components((dark > FAINT) & where, min_area):
        if (part & near).any():
            continue
        _, y0, _, y1 = _bbox(part)
        if y1 - y0 >= 1.5 * PPM:
            out.append(part)
    return out


RING_FAINT = 0.15
"""Darkness (a share of the paper's brightness) of a ring drawn paler than the writing it
is drawn round: a thin pen's ring in a blurred photo beside a bold star."""
RING_CLEAR = 0.3
"""How far (mm) within the cut's edge, and from the writing, a pale ring is looked for:
the printed circle's blur, and the writing's, reach so far as faintly."""


def _faint_ink(patch: np.ndarray, where: np.ndarray) -> np.ndarray:
    """What in ``where`` is darker than ``RING_FAINT``, the paper measured there."""
    out: np.ndarray = (_darkness(patch, where) > RING_FAINT) & where
    return out


def _components(mask: np.ndarray, min_area: float) -> list[np.ndarray]:
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8),
                                                             connectivity=8)
    return [labels == k for k in range(1, count) if stats[k, cv2.CC_STAT_AREA] >= min_area]


def _bbox(mask: np.ndarray) -> tuple[int, int, int, int]:
    ys, xs = np.nonzero(mask)
    return int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1


def _group(parts: list[np.ndarray]) -> list[np.ndarray]:
    """Pieces that stand above one another (a broken stroke) as one glyph, left to
    right."""
    glyphs: list[np.ndarray] = []
    for part in sorted(parts, key=lambda m: _bbox(m)[0]):
        x0, _, x1, _ = _bbox(part)
        for k, g in enumerate(glyphs):
            gx0, _, gx1, _ = _bbox(g)
            overlap = min(x1, gx1) - max(x0, gx0)
            if overlap >= 0.5 * min(x1 - x0, gx1 - gx0):
                glyphs[k] = g | part
                break
        else:
            glyphs.append(part)
    return sorted(glyphs, key=lambda m: _bbox(m)[0])


def _merge_small(glyphs: list[np.ndarray]) -> list[np.ndarray] | None:
    """The glyphs with each one much shorter than the tallest joined to its nearest
    neighbour (a stroke of a digit that came apart); None when there is none."""
    if len(glyphs) < 2:
        return None
    out = list(glyphs)
    changed = False
    while len(out) > 1:
        heights = [_bbox(g)[3] - _bbox(g)[1] for g in out]
        small = [k for k, h in enumerate(heights) if h < 0.6 * max(heights)]
        if not small:
            break
        k = small[0]
        x0, _, x1, _ = _bbox(out[k])
        gaps = {j: max(_bbox(out[j])[0] - x1, x0 - _bbox(out[j])[2], 0)
                for j in range(len(out)) if j != k}
        j = min(gaps, key=lambda i: (gaps[i], i))
        out[j] = out[j] | out[k]
        del out[k]
        changed = True
    return sorted(out, key=lambda m: _bbox(m)[0]) if changed else None


WIDE = 1.05
"""A glyph this many times as wide as it is tall is no single digit: two digits written
touching, or (in a ring) a digit joined to a piece of the ring."""


def _wide(crop: np.ndarray) -> bool:
    """Is the glyph ``crop`` (its bounding box) ``WIDE``?"""
    return bool(crop.shape[1] >= WIDE * crop.shape[0])


def _split(glyph: np.ndarray) -> list[np.ndarray] | None:
    """A wide glyph cut in two at its thinnest column near the middle (two digits
    written touching)."""
    x0, y0, x1, y1 = _bbox(glyph)
    if not _wide(glyph[y0:y1, x0:x1]):
        return None
    cols = glyph[:, x0:x1].sum(axis=0)
    lo, hi = int((x1 - x0) * 0.3), int((x1 - x0) * 0.7)
    if hi <= lo:
        return None
    cut = x0 + lo + int(np.argmin(cols[lo:hi]))
    left, right = glyph.copy(), glyph.copy()
    left[:, cut:] = False
    right[:, :cut] = False
    if left.sum() < 10 or right.sum() < 10:
        return None
    return [left, right]


_BINS = 72
"""Rays round a circle the ring is followed along (5 degrees each)."""


@dataclass(frozen=True)
class _Ring:
    """A ring drawn round the writing, as found: where it runs and how thick."""

    radius: np.ndarray
    """Per ray (``_BINS``): the radius of the ring's outer edge (pixels), fitted."""
    inward: np.ndarray
    """Per ray: the radius of its inner edge, fitted."""
    runs: np.ndarray
    """Per ray: does the drawn ring run there (its ink lies on the fitted curve)."""
    coverage: float
    """The share of the rays, where the fitted curve is in sight, that the ring runs
    along."""


RING_RUN = 33
"""A ring drawn round the writing runs along at least this many rays (of ``_BINS``) in
one piece, where it is in sight. The outline of two digits side by side fits a squeezed
circle too, but in pieces. Chosen on the validation corpus (seed 11) as the midpoint
between the longest such piece of a plain number there (31 rays) and the shortest of a
circled one (36), rounded down (on the development corpus: at most 29 and at least 35)."""


def _harmonics(theta: np.ndarray) -> np.ndarray:
    return np.stack([np.ones_like(theta), np.cos(theta), np.sin(theta),
                     np.cos(2 * theta), np.sin(2 * theta)], axis=1)


def _fit_ring(ink: np.ndarray, dist: np.ndarray, angle: np.ndarray, radius: float,
              inner: float) -> _Ring | None:
    """The ring drawn round the writing in ``ink``, if there is one: the outermost ink on
    each ray, fitted by a closed curve (a circle off centre, squeezed: two harmonics)
    from the outside in, so the writing within pulls it no further; the ring runs where
    the outermost ink is on that curve, its inner edge fitted the same way. None when no
    smooth curve of a ring's size carries the outermost ink along ``RING_RUN`` rays in one
    piece and a quarter of the rays in all."""
    ys, xs = np.nonzero(ink & (dist >= 0.55 * radius))
    if ys.size == 0:
        return None
    bins = angle[ys, xs]
    outer = np.full(_BINS, -1.0)
    np.maximum.at(outer, bins, dist[ys, xs])
    seen = outer > 0
    if seen.sum() < 0.2 * _BINS:
        return None
    theta = (np.arange(_BINS) + 0.5) / _BINS * 2 * math.pi - math.pi
    basis = _harmonics(theta)

    def fit(use: np.ndarray, terms: int) -> np.ndarray | None:
        if use.sum() < 8:
            return None
        coef = np.zeros(5)
        coef[:terms], *_ = np.linalg.lstsq(basis[use, :terms], outer[use], rcond=None)
        return coef

    def near(curve: np.ndarray, tol: float) -> np.ndarray:
        # the writing lies within the ring: a ray whose outermost ink falls short of the
        # curve is writing, one beyond it only a little (a wobble of the pen) is kept
        return seen & (outer >= curve - tol) & (outer <= curve + 1.5 * tol)

    # a circle off centre first, then squeezed on the rays near that circle: a squeezed
    # curve fitted on every ray could bend to a digit's edge where the ring is out of sight
    use = seen.copy()
    coef: np.ndarray | None = None
    for terms in (3, 3, 3, 5, 5):
        coef = fit(use, terms)
        if coef is None:
            return None
        if terms == 3:
            circle = basis @ coef
            use = near(circle, 0.5 * PPM)
        else:
            use = near(basis @ coef, 0.3 * PPM) & near(circle, 0.6 * PPM)
    assert coef is not None
    fitted = basis @ coef
    shift, squeeze = math.hypot(coef[1], coef[2]), math.hypot(coef[3], coef[4])
    if not (0.6 * radius <= coef[0] <= inner + 0.3 * PPM) or shift > 0.25 * radius \
            or squeeze > 0.15 * radius:
        return None
    # the ring runs where the outermost ink is on the curve, or at the cut's edge with the
    # curve beyond it
    runs = use & ((np.abs(outer - fitted) <= 0.3 * PPM)
                  | ((outer >= inner - 0.15 * PPM) & (fitted >= outer)))
    in_sight = fitted <= inner + 0.2 * PPM  # at least half a stroke inside the cut
    coverage = float((runs & in_sight).sum() / max(1, in_sight.sum()))
    if _longest(runs | ~in_sight) < RING_RUN or runs.sum() < 0.25 * _BINS:
        return None  # the outline of the writing itself, never long in one piece
    # its inner edge: on each ray it runs along, where the ink running in from the
    # outermost ends; fitted the same way from the outside in (a digit touching the ring
    # runs the ink on further in, on a few rays)
    di = dist.astype(int)
    ay, ax = np.nonzero(ink)
    occupied = np.zeros((_BINS, int(di.max()) + 2), dtype=bool)
    occupied[angle[ay, ax], di[ay, ax]] = True
    edge = np.zeros(_BINS)
    for b in np.flatnonzero(runs):
        k = int(outer[b])
        # at the cut's edge the outermost ink may be the printed circle's blur, with the
        # drawn ring just within it across a paler gap: the run goes on over such a gap
        gap = int(RING_GAP * PPM) if outer[b] >= inner - 0.15 * PPM else 0
        j = k
        while j > 0 and k - j <= gap:
            j -= 1
            if occupied[b, j]:
                k = j
        edge[b] = k
    use = runs.copy()
    inward = fitted - 0.3 * PPM
    for tol in (0.4 * PPM, 0.25 * PPM, 0.25 * PPM):
        if use.sum() < 5:
            break
        fit_in, *_ = np.linalg.lstsq(basis[use], edge[use], rcond=None)
        inward = basis @ fit_in
        use = runs & (edge >= inward - tol)
    inward = np.clip(inward, fitted - RING_THICK * PPM, fitted - 0.15 * PPM)
    return _Ring(fitted, inward, runs, coverage)


RING_SURE = 0.7
"""A ring found round less than this share of the rim may be no ring: the outline of a
large digit (a 9 beside a 1, 5.5 mm high) runs along a smooth curve over 0.6-0.65 of the
rim, a drawn ring almost always 0.8 or more (on the development corpora, seeds 21, 31
and 41: 2 of 1904 ringed cells under 0.8, none under 0.7). Such a cell is read both ways
(``ringless``). The validation corpus (seed 11) reads the same at 0.7, 0.75 and 0.8; on
the development corpora 0.7 reads 3 cells more than 0.8, among them the one read wrong
there (a large "19" read (10))."""
PEEL = 0.4
"""How much more (mm) of a ring's inner edge ``_Cut.peeled`` takes away; the reading of
the cell so cut stands where it is the surer (``best_cut``). Where a ring merges with the
printed circle and a bold border beneath it (West Virginia's on the USA sheet), its inner
edge was fitted short and a sliver of it stayed on a digit. On the validation and
development corpora (seeds 11-51) 0.25, 0.4 and 0.55 all read the same 7 cells more right
(5 of them West Virginia's) and none worse; the middle one is kept."""
PEEL_ALIKE = 0.9
"""The peeled cut stands only where its two glyphs are then this alike in height (the
shorter over the taller): a sliver came off, and the digits of a number are written
alike. West Virginia's peeled digits are 0.95-1.0 alike; a piece of a ring lying deep in
a bold 3, peeled, left the 3 still half as tall again as the 5 beside it (0.74), and the
cut read (65) surely."""
RING_THICK = 1.2
"""How far (mm) within the ring's fitted outer curve its inner edge may be fitted. Where
a ring drawn off centre runs into the printed circle, its outer curve is the cut's edge
and its stroke, merged with the printed circle's blur, measures more than a pen's width
(a blurred photo of bold writing: 1.3 mm); 0.9 left a crescent of it joined to the
digits, or as ink left unread. Chosen with ``RING_GAP`` (see there)."""
RING_GAP = 0.5
"""Where the outermost ink on a ray is at the cut's edge (the printed circle's blur), the
ring's stroke is followed inward across a paler gap of up to this many mm: a ring drawn
within the printed circle there, seen through a blurred photo, is a separate arc just
inside that blur, and was left joined to a digit (a 7 and the arc read 0). Chosen with
``RING_THICK`` on the validation corpus (seed 11), where every pair of 0.9-1.2 mm and
0-0.6 mm reads the same 715 of 720 On Tour cells (1.5 mm: 714; 1.2 and 0.75: one wrong),
and then, among those, on drawn cells of bold numbers ringed in a blurred photo (300,
seed 100): main's 0.9 and 0 read 204 right and 4 wrong unflagged, 1.2 and 0.375 236 and
4, 1.2 and 0.5 (or 0.6, the same 4 pixels) 250 and 1."""


def _longest(flags: np.ndarray) -> int:
    """The longest run of True in ``flags`` taken round the circle."""
    if flags.all():
        return len(flags)
    start = int(np.argmin(flags))  # a False: no run crosses the start
    best = run = 0
    for flag in np.roll(flags, -start):
        run = run + 1 if flag else 0
        best = max(best, run)
    return best


RING_MARGIN = 0.15
"""How far (mm) within its fitted inner edge a ring's stroke is still taken away (the
blur of a photo). 0 keeps more of a digit touching a clean ring, but on the
development and validation corpora leaves 20 and 12 On Tour cells flagged against 16
and 7."""


def _ring_mask(ring: _Ring, dist: np.ndarray, angle: np.ndarray, peel: float = 0.0
               ) -> np.ndarray:
    """The pixels of the ring's stroke: on the rays it runs along (and one either side,
    where it fades out), between its edges (``peel`` mm more within the inner one)."""
    runs = ring.runs | np.roll(ring.runs, 1) | np.roll(ring.runs, -1)
    mask: np.ndarray = runs[angle] \
        & (dist >= ring.inward[angle] - (RING_MARGIN + peel) * PPM) \
        & (dist <= ring.radius[angle] + 0.25 * PPM)
    return mask


def _under_ring(glyph: np.ndarray, ringed: np.ndarray, ring: _Ring, dist: np.ndarray,
                angle: np.ndarray) -> np.ndarray | None:
    """``glyph`` with the inner half of the ring's stroke given back along the arc where
    the glyph runs into it (None: it does not touch the ring). A stroke drawn over a
    digit takes away whatever of the digit lies under it; what is left may read as
    another digit (an 8 whose side is under the ring leaves a 3). Given back the arc, a
    digit that only touched the ring reads as before, one the ring ran over reads again as
    what it was."""
    near = cv2.dilate(ringed.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
    touch = np.zeros(_BINS, dtype=bool)
    touch[np.unique(angle[glyph & near])] = True
    if not touch.any():
        return None
    # the shortest arc round the circle holding every ray the glyph touches the ring on:
    # all but the longest run of rays it does not touch
    arc = np.ones(_BINS, dtype=bool)
    if not touch.all():
        start = int(np.argmax(touch))  # a touched ray: no untouched run crosses it
        best, run, at = 0, 0, 0
        for k in range(1, _BINS + 1):
            if not touch[(start + k) % _BINS]:
                run += 1
                if run > best:
                    best, at = run, k
            else:
                run = 0
        arc[[(start + at - j) % _BINS for j in range(best)]] = False
    half = (ring.inward + ring.radius) / 2
    back = ringed & arc[angle] & (dist <= half[angle])
    out: np.ndarray = glyph | back
    return out


def _bracket(part: np.ndarray, cx: float, cy: float) -> bool:
    """Could ``part``, which lies on the rim, be a parenthesis: a stroke along the rim at
    the circle's left or right (its middle within 30 degrees of the horizontal through the
    centre), at least twice as tall as it is wide?"""
    x0, y0, x1, y1 = _bbox(part)
    ys, xs = np.nonzero(part)
    across = abs(float(xs.mean()) - cx)
    return y1 - y0 >= 2 * (x1 - x0) and abs(float(ys.mean()) - cy) <= across * math.tan(
        math.radians(30))


def cut_cell(page: np.ndarray, layout: SheetLayout, space: str, rings: bool,
             fit: bool = True, peel: float = 0.0) -> _Cut:
    """The glyphs and ring of one circle of the straightened ``page`` (``rings``: On
    Tour's cells, where a ring may be drawn round the writing; ``fit``: look for one).
    A ring found round less than ``RING_SURE`` of the rim may be a digit's outline: the
    cell is also cut as though there were none (``_Cut.ringless``)."""
    cx, cy, r = layout.circles[space]
    radius = r * PPM
    half = int(radius + 1.6 * PPM)
    px, py = round(cx * PPM), round(cy * PPM)
    y0, x0 = max(0, py - half), max(0, px - half)
    patch = page[y0:py + half + 1, x0:px + half + 1]
    ccx, ccy = _centre(patch, radius, 0.7 * PPM)
    inner = radius - 0.4 * PPM
    inside = _disc(patch.shape, ccx, ccy, inner)
    printed = np.zeros_like(inside)
    for dx, dy, dr in layout.printed.get(space, ()):
        printed |= _disc(patch.shape, (dx - cx) * PPM + ccx, (dy - cy) * PPM + ccy,
                         (dr + 0.2) * PPM)
    core = _disc(patch.shape, ccx, ccy, radius - 0.9 * PPM)
    min_area = 0.4 * PPM * PPM

    def written(core: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
        if rings:
            ink = _ink(patch, inside & ~printed, core, pale=True)
            # what the sheet prints in the circle (a tag, a letter) is no writing: a part
            # that lies in it is dropped, a stroke written across it keeps the rest of it
            parts = [p & ~printed for p in _components(_ink(patch, inside, core, pale=True),
                                                       min_area)
                     if (p & ~printed).sum() >= 0.4 * p.sum()]
        else:
            # the writing is cut from the very ink whose leftover is measured, its level
            # set off Dice Trip's dark badge (which reaches into the core): set by the
            # badge, it is higher than the pale writing's own, a pale digit falls apart
            # and a fringe round every pale glyph is left unread
            whole = _ink(patch, inside, core, printed)
            ink = whole & ~printed
            # the badge stands on the rim, where a parenthesis ends: a stroke that touches
            # the badge's blur keeps what lies outside it, however little of the part that
            # is (what is only the badge's blur is too small to keep, or on the rim)
            parts = [p & ~printed for p in _components(whole, min_area)]
        return ink, [q for p in parts for q in _components(p, min_area)]

    ink, parts = written(core)
    if not rings:
        seen = np.zeros_like(ink)
        for part in parts:
            seen |= part
        faint = _faint(patch, inside & core & ~printed, seen, min_area)
        parts.extend(faint)
        for part in faint:
            ink |= part
    yy, xx = np.mgrid[:patch.shape[0], :patch.shape[1]]
    dist = np.hypot(xx - ccx, yy - ccy)
    angle = ((np.arctan2(yy - ccy, xx - ccx) + math.pi) / (2 * math.pi) * _BINS
             ).astype(int) % _BINS
    band = dist >= 0.58 * radius
    ring = 0.0
    kept: list[np.ndarray] = []
    ringed = np.zeros_like(ink)
    found = None
    plain = None
    if rings and parts and fit:
        # a ring drawn round the writing: the curve its outer edge follows, and the
        # stroke along it where it runs; a digit touching it keeps what lies within
        found = _fit_ring(np.logical_or.reduce(parts), dist, angle, radius, inner)
        if found is not None:
            # the ink found again against the writing within the ring alone (a ring
            # drawn darker than the digits would set their level too high)
            ink, parts = written(core & (dist < found.inward[angle] - 0.3 * PPM))
            again = _fit_ring(np.logical_or.reduce(parts), dist, angle, radius, inner) \
                if parts else None
            found = again or found
            ringed = _ring_mask(found, dist, angle, peel) \
                & np.logical_or.reduce(parts or [ink])
            ring = found.coverage
            if ring < RING_SURE and not peel:
                plain = cut_cell(page, layout, space, rings, fit=False)
        else:
            # a ring drawn paler than the writing, beside its level, is no ink: it is
            # looked for again as faint strokes clear of the printed circle's blur and
            # of the writing's (a large bold digit's outline is as faint, and as round)
            reach = 2 * round(RING_CLEAR * PPM) + 1
            near = cv2.dilate(np.logical_or.reduce(parts).astype(np.uint8),
                              np.ones((reach, reach), np.uint8)) > 0
            pale_ink = _faint_ink(patch, inside & ~printed & ~near
                                  & (dist < inner - RING_CLEAR * PPM))
            pale = _fit_ring(pale_ink, dist, angle, radius, inner) if pale_ink.any() else None
            if pale is not None and pale.coverage >= RING_SURE:
                found, ring = pale, pale.coverage
    for part in parts:
        if found is not None and (part & ringed).any():
            rest = part & ~ringed
            kept.extend(p for p in _components(rest, min_area)
                        if (p & (dist < 0.62 * radius)).any())
            continue
        if not (part & band).any():
            kept.append(part)
            continue
        if not (part & (dist < 0.8 * radius)).any() and (rings or not _bracket(part, ccx, ccy)):
            continue  # a scrap on the rim, not writing
        kept.append(part)
    glyphs = _group(kept)
    under = None
    if found is not None and 1 <= len(glyphs) <= 2:
        given = [_under_ring(g, ringed, found, dist, angle) for g in glyphs]
        if any(g is not None for g in given):
            under = [_crop(g if b is None else b) for g, b in zip(glyphs, given, strict=True)]
    read = ringed.copy()
    if found is not None:  # ink outside the ring (where it runs out of the cut) is no writing
        read |= dist >= found.inward[angle] - 0.15 * PPM
    for g in glyphs:
        read |= g
    stray = float((ink & ~read).sum() / (PPM * PPM))
    crops = [_crop(g) for g in glyphs]
    splits = [crops]
    if len(glyphs) == 1:
        halves = _split(glyphs[0])
        if halves is not None:
            splits.append([_crop(h) for h in halves])
    merged = _merge_small(glyphs)
    if merged is not None:
        splits.append([_crop(g) for g in merged])
    heights = [c.shape[0] for c in crops]
    ratio = min(heights) / max(heights) if heights else 1.0
    span = max((min(c.shape) for c in crops), default=0) / (2 * inner)
    peeled = None
    if found is not None and not peel and len(crops) == 2 and ratio < RING_RATIO:
        peeled = cut_cell(page, layout, space, rings, fit, PEEL)
        if len(peeled.splits[0]) != 2 or peeled.ink_ratio < PEEL_ALIKE:
            peeled = None  # no sliver came off: a piece of the ring lies deeper in a digit
    return _Cut(space, splits, ring, stray, ratio, span, under, peeled=peeled, ringless=plain)


def _crop(mask: np.ndarray) -> np.ndarray:
    x0, y0, x1, y1 = _bbox(mask)
    return mask[y0:y1, x0:x1].astype(np.uint8) * 255


# --- the grammar -----------------------------------------------------------------------


@dataclass(frozen=True)
class Grammar:
    """What a cell may hold on a map's sheet."""

    dicetrip: bool
    coloured: Collection[str] = ()
    """Dice Trip: the cities whose numbers may stand in parentheses."""
    allowed: Collection[int] | None = None
    """With a seed: the numbers the seed rolled (any number when None)."""
    times: Mapping[int, int] | None = None
    """With a seed: how many times each number can be written at most (None: once each
    for Dice Trip, any number of times for On Tour)."""
    stars: int | None = None
    """With a seed (On Tour): how many stars can be written at most (None: any)."""
    fits: Mapping[str, Collection[Cell]] | None = None
    """With a seed (On Tour): per space, every cell the game could leave there (the
    setup's numbers in their spaces, a circle only where a card of that space came up,
    a number only in a region of a card of a turn that rolled it)."""


ROLLED_FLOOR = 0.25
"""With a seed, the readings the seed could have written must hold at least this share of
a cell's probability (the glyphs', before the seed chooses among them), or the cell is
doubtful. Chosen on the validation corpus (seed 11): 0.5, 0.25, 0.1 and 0.02 all leave no
cell wrong and unflagged there; 0.25 is the most cautious of those that pay."""

ONTOUR_ROLLED_FLOOR = 0.01
"""``ROLLED_FLOOR`` for On Tour's cells (Dice Trip keeps ``ROLLED_FLOOR``). Chosen on the
validation corpus (seed 11) and the development corpora (seeds 21-51, 13,920 cells) by
the rule: the lowest of 0.05, 0.01 and 0.005 that leaves no cell wrong and unflagged on
them that 0.05 reads right or flags; of two that read within a cell of each other, the
higher. 0.05 -> 0.01 read 14 cells more right, none wrong (0.005 one more). Below 0.25
the seed may choose a number its glyphs give a few per cent: a digit the classifier took
for another ("95" read 35 at 0.98 where the seed rolled 95 and no 35; the joint
decoding's counts and writable cells still apply)."""


def _number_options(probs: Sequence[np.ndarray], digits: Sequence[int]) -> dict[int, float]:
    """The probability of each number the digit glyphs can be."""
    out: dict[int, float] = {}
    if len(probs) == 1:
        for d in digits:
            out[d] = float(probs[0][_DIGIT[d]])
        return out
    for a in digits:
        for b in digits:
            value = 10 * a + b
            p = float(probs[0][_DIGIT[a]] * probs[1][_DIGIT[b]])
            out[value] = out.get(value, 0.0) + p
    return out


def _narrow(space: str, options: Mapping[str, tuple[Cell | None, float]],
            grammar: Grammar) -> tuple[dict[str, tuple[Cell | None, float]], Reading | None]:
    """``options`` (text: the cell it stands for, or None for one this space cannot hold,
    and its probability) normalized, and with a seed kept to the numbers the seed rolled
    (the seed's numbers choose between close readings); or a doubtful reading when the
    numbers the seed rolled hold less than ``ROLLED_FLOOR`` (On Tour:
    ``ONTOUR_ROLLED_FLOOR``) of the probability."""
    total = sum(p for _, p in options.values()) or 1.0
    ranked = sorted(options.items(), key=lambda kv: (-kv[1][1], kv[0]))
    raw_text, (raw_cell, raw_p) = ranked[0]
    allowed = grammar.allowed
    if allowed is not None:
        def rolled(cell: Cell | None) -> bool:
            return cell is None or cell.value is None or cell.value in allowed

        kept = {t: v for t, v in options.items() if rolled(v[0])}
        mass = sum(p for _, p in kept.values())
        floor = ROLLED_FLOOR if grammar.dicetrip else ONTOUR_ROLLED_FLOOR
        if not rolled(raw_cell) and mass < floor * total:
            return {}, Reading(space, None, raw_p / total, True, raw_text,
                               "a number the seed never rolled")
        if mass < floor * total:
            return {}, Reading(space, None, mass / total, True, raw_text,
                               unsure(mass / total))
        options, total = kept, mass
    return {t: (cell, p / total) for t, (cell, p) in options.items()}, None


def unsure(confidence: float) -> str:
    """Why a reading under the threshold is doubtful, its confidence rounded down to two
    places and at most 0.99 (rounded to nearest, 0.996 said "unsure (1.00)" under a
    threshold of 1). The probabilities are float32: a hair under a hundredth counts as
    on it (0.4999999 is 0.50)."""
    hundredths = min(99, math.floor(round(confidence * 100, 4)))
    return f"unsure ({hundredths / 100:.2f})"


def _settle(space: str, options: Mapping[str, tuple[Cell | None, float]], factor: float,
            threshold: float) -> Reading:
    """The likeliest of the normalized ``options``; doubtful when unsure, or when it is
    against the grammar."""
    text, (cell, p) = sorted(options.items(), key=lambda kv: (-kv[1][1], kv[0]))[0]
    conf = p * factor
    if cell is None:
        return Reading(space, None, conf, True, text, "not what this space can hold")
    if conf < threshold:
        return Reading(space, cell, conf, True, cell.text, unsure(conf))
    return Reading(space, cell, conf, False, cell.text)


@dataclass(frozen=True)
class Decoded:
    """A cell read on its own, and what the reading was chosen from."""

    reading: Reading
    options: Mapping[str, tuple[Cell | None, float]]
    """The readings it could be (text: the cell, or None for one the space cannot hold,
    and its probability, summing to 1); empty when the cell was settled without them
    (empty, or doubtful whatever the glyphs are)."""
    factor: float = 1.0
    """What the confidence is multiplied by (a doubtful ring, glyphs of odd sizes)."""
    support: float = 1.0
    """The share of the glyphs' weight on marks the reading is made of (On Tour's two
    glyphs: on digits), to choose between ways of cutting the ink into glyphs."""


def _decided(reading: Reading) -> Decoded:
    return Decoded(reading, {})


def _doubt(space: str, confidence: float, why: str) -> Decoded:
    """A cell doubtful whatever its glyphs are."""
    return _decided(Reading(space, None, confidence, True, "", why))


def _options(space: str, options: Mapping[str, tuple[Cell | None, float]], grammar: Grammar,
             factor: float, threshold: float) -> Decoded:
    narrowed, refused = _narrow(space, options, grammar)
    if refused is not None:
        return _decided(refused)
    return Decoded(_settle(space, narrowed, factor, threshold), narrowed, factor)


BRACKET_TALLER = 1.1
"""An outer glyph of four in a Dice Trip cell stands as a parenthesis, not a third digit,
when it is this much taller than the taller of the two digits (a parenthesis is written
taller than the digits it wraps; the digits of one number alike)."""


def _taller(glyph: np.ndarray, digits: Sequence[np.ndarray]) -> bool:
    """Does ``glyph`` stand ``BRACKET_TALLER`` times as tall as the taller of ``digits``?"""
    return bool(glyph.shape[0] >= BRACKET_TALLER * max(d.shape[0] for d in digits))


LONE_BRACKET = 0.9
"""How sure the classifier must be of a lone parenthesis beside two digits (``decode``)."""


def _lone_bracket(probs: Sequence[np.ndarray]) -> list[np.ndarray] | None:
    """Of three glyphs, the two digits beside a parenthesis at the side it opens to (the
    first "(", or the last ")"), where the classifier is ``LONE_BRACKET`` sure of it and
    of neither digit being one; None otherwise."""
    def digits(pair: Sequence[np.ndarray]) -> bool:
        return all(max(p[_OPEN], p[_CLOSE]) < 0.5 for p in pair)

    if probs[0][_OPEN] >= LONE_BRACKET and digits(probs[1:]):
        return list(probs[1:])
    if probs[2][_CLOSE] >= LONE_BRACKET and digits(probs[:2]):
        return list(probs[:2])
    return None


def _bracket_share(probs: np.ndarray, bracket: int, glyph: np.ndarray | None,
                   digits: Sequence[np.ndarray], partner: np.ndarray | None = None
                   ) -> float:
    """How surely the outer glyph of four in a Dice Trip cell is its parenthesis: the
    classifier's probability of it, and of any digit where the glyph stands taller than
    the digits it wraps (``BRACKET_TALLER``). A digit there would be a third one, which
    no Dice Trip cell holds, and the digits of a number are written alike in height; a
    parenthesis is written taller, and what the classifier sees in it besides (a nearly
    straight one as a 1, a curled one as a 3 or a 9) is its shape, not another reading.
    An X, a star or the other parenthesis there stays doubt: a stray mark, a cut gone
    wrong.

    A glyph no taller than the digits is its parenthesis all the same when it is a
    stroke (twice as tall as wide) and its ``partner``, the other outer glyph, stands
    taller: the pair is written together, and the rim of the circle clips a parenthesis
    written out at its edge to a sliver as short as the digits."""
    share = float(probs[bracket])
    if glyph is None or not digits:
        return share
    stroke = glyph.shape[0] >= 2 * glyph.shape[1]
    if _taller(glyph, digits) or (stroke and partner is not None
                                  and _taller(partner, digits)):
        share += float(sum(probs[d] for d in _DIGIT))
    return min(1.0, share)


RING_RATIO = 0.65
"""In a ring, two glyphs whose heights differ more than this (the shorter over the taller)
are doubtful: the digits of a number are written alike, and the taller may carry a piece
of the ring the cutting left (a 3 joined to an arc of it read as a 6). Everywhere else the
bound is 0.55. Chosen on the validation corpus (seed 11) by the rule: the highest of 0.55,
0.6, 0.65 and 0.7 that makes no On Tour cell read right there doubtful (its ringed
numbers' ratios start at 0.68; the development corpus's at 0.67, a cell already flagged)."""
SPAN = 0.65
"""A glyph larger than this share of the cut's diameter both ways (about 6 mm of an On
Tour circle's 9) is no digit (a star may be that large): the arc of a ring drawn too far
off centre to be fitted, with what it runs over, or a scrawl."""


def decode(cut: _Cut, probs: list[np.ndarray], grammar: Grammar,
           threshold: float, glyphs: Sequence[np.ndarray] | None = None) -> Decoded:
    """The reading of a cut cell from its glyphs' class probabilities (``glyphs``: the
    glyphs' masks, in the same order, where their shapes are known)."""
    n = len(probs)
    space = cut.space
    if n == 0:
        if cut.stray > 1.5 or cut.ring >= 0.3:
            return _doubt(space, 0.5, "marks but nothing legible")
        return _decided(Reading(space, None, 1.0, False, ""))
    if cut.stray > STRAY:
        return _doubt(space, 0.5, f"ink left unread ({cut.stray:.1f} mm2)")
    options: dict[str, tuple[Cell | None, float]] = {}
    if grammar.dicetrip:
        if n == 1:  # a crossed city (a single digit is no Dice Trip number)
            options["x"] = (Cell.cross(), float(probs[0][_X]))
            for d in range(1, 7):
                options[str(d)] = (None, float(probs[0][_DIGIT[d]]))
            return _options(space, options, grammar, 1.0, threshold)
        beside = _lone_bracket(probs) if n == 3 and space in grammar.coloured else None
        if beside is not None:
            # a parenthesis and two digits: the other parenthesis lost (written pale, or
            # clipped away by the rim), or a stray stroke beside a plain number; both are
            # offered at half weight, for the seed's rounds to choose
            for value, p in _number_options(beside, range(1, 7)).items():
                for wrapped in (True, False):
                    cell = Cell.number(value, wrapped)
                    options[cell.text] = (cell, p / 2)
            return _options(space, options, grammar, 1.0, threshold)
        wrapped = n == 4
        if n not in (2, 4):
            return _doubt(space, 0.0, f"{n} marks where a number has two")
        factor = 1.0
        if wrapped:
            first, last = (None, None) if glyphs is None else (glyphs[0], glyphs[3])
            inner = () if glyphs is None else glyphs[1:3]
            factor = (_bracket_share(probs[0], _OPEN, first, inner, last)
                      * _bracket_share(probs[3], _CLOSE, last, inner, first))
        digits = probs[1:3] if wrapped else probs
        for value, p in _number_options(digits, range(1, 7)).items():
            cell = Cell.number(value, wrapped)
            fits = not wrapped or space in grammar.coloured
            options[cell.text] = (cell if fits else None, p)
        # the digits 1-6 must hold a share of the glyphs' weight, as the seed's numbers
        # must (ROLLED_FLOOR): a glyph the classifier takes for an 8 is no sure 2 because
        # 2 is the likeliest of the digits a die has
        mass = sum(p for _, p in options.values())
        if mass < ROLLED_FLOOR:
            text = max(sorted(options), key=lambda t: options[t][1])
            return _decided(Reading(space, None, mass, True, text,
                                    f"digits 1-6 hardly show ({mass:.2f})"))
        return _options(space, options, grammar, factor, threshold)
    # A ring round part of the circle (0.3-0.6 of its rim) may be a circle drawn or not:
    # each reading is offered both ways at half its weight, and the seed (which spaces a
    # card circled) or the sheet's counts choose, or the cell stays unsure.
    ways = ((True, 1.0),) if cut.ring >= 0.6 else ((False, 1.0),) if cut.ring < 0.3 \
        else ((False, 0.5), (True, 0.5))
    factor = 1.0
    if n == 1:
        glyph = probs[0]
        if cut.ring >= 0.6 and glyphs is not None and _wide(glyphs[0]) \
                and int(np.argmax(glyph)) in _DIGIT:
            # in a ring, a mark wider than tall is no digit: a digit joined to a piece of
            # the ring (a star may be wide: it is read as ever)
            digit = _DIGIT.index(int(np.argmax(glyph)))
            return _decided(Reading(space, None, float(glyph.max()), True,
                                    Cell.number(digit, True).text,
                                    "a mark wider than a digit, in a ring"))
        for circled, weight in ways:
            options["(x)" if circled else "x"] = (None if circled else Cell.cross(),
                                                 weight * float(glyph[_X]))
            star = Cell.star(circled)
            options[star.text] = (star, weight * float(glyph[_STAR]))
            for value, q in _number_options([glyph], range(10)).items():
                cell = Cell.number(value, circled)
                # a star may be drawn as large as the circle, a digit is not
                options[cell.text] = (None if cut.span > SPAN else cell, weight * q)
        lone = _options(space, options, grammar, factor, threshold)
        if cut.span > SPAN and lone.reading.cell is None \
                and lone.reading.guess.strip("()").isdigit():
            return replace(lone, reading=replace(lone.reading,
                                                 why="a mark as large as the circle"))
        return lone
    if n == 2:
        if cut.span > SPAN:
            return _doubt(space, 0.5, "a mark as large as the circle")
        if cut.ink_ratio < 0.55 or (cut.ring >= 0.6 and cut.ink_ratio < RING_RATIO):
            factor *= 0.5  # two marks of very different sizes: a digit and a stray mark?
        for circled, weight in ways:
            for value, q in _number_options(probs, range(10)).items():
                cell = Cell.number(value, circled)
                options[cell.text] = (cell, weight * q)
        # how much of the glyphs' weight is on digits at all: two marks cut from a star
        # read as a number only among numbers, and must not outweigh the star
        support = float(np.prod([sum(p[_DIGIT]) for p in probs]))
        return replace(_options(space, options, grammar, factor, threshold),
                       support=support)
    return _doubt(space, 0.0, f"{n} marks where a number has at most two")


def best_cut(choices: Sequence[Decoded]) -> Decoded:
    """Of a cell's readings, one for each way of cutting its ink into glyphs, the one to
    keep: a sure one before a doubtful one, then the likeliest (its confidence times the
    share of the glyphs' weight on the marks it is made of)."""
    return max(choices, key=lambda d: (not d.reading.doubtful,
                                       d.reading.confidence * d.support))


UNDER_OTHER = 0.25
"""A number's digits given back the ring's stroke where they run into it may read as
another number with less than this share of their weight, and the reading stands.
Chosen on the validation corpus (seed 11) by the rule: the lowest of 0.5 and 0.25 that
flags no cell read right there (both flag none)."""


def under_ring(decoded: Decoded, under: Sequence[np.ndarray], grammar: Grammar,
               threshold: float) -> Decoded:
    """``decoded`` read again when its number's digits, given back the ring's stroke where
    they run into it (``_Cut.under``, classified as ``under``), read as another number
    with ``UNDER_OTHER`` of their weight: the ring may have been drawn over part of a
    digit, and the ink cannot tell. Both readings are offered at half their weight (as a
    ring round part of the rim is), and the seed or the sheet's counts choose, or the cell
    stays unsure."""
    cell = decoded.reading.cell
    if decoded.reading.doubtful or cell is None or cell.value is None or not under \
            or (len(under) == 1 and cell.value >= 10):
        return decoded
    numbers = _number_options(under, range(10))
    if max((p for v, p in numbers.items() if v != cell.value), default=0.0) < UNDER_OTHER:
        return decoded
    options = {text: (c, p / 2) for text, (c, p) in decoded.options.items()}
    for value, q in numbers.items():
        other = Cell.number(value, cell.circled)
        c, p = options.get(other.text, (other, 0.0))
        options[other.text] = (c, p + q / 2)
    again = _options(decoded.reading.space, options, grammar, decoded.factor, threshold)
    if again.reading.doubtful and again.reading.why.startswith("unsure"):
        again = replace(again, reading=replace(
            again.reading, why=f"a digit may lie under the ring ({again.reading.why})"))
    return replace(again, support=decoded.support)


def either(ringed: Decoded, plain: Decoded, grammar: Grammar, threshold: float) -> Decoded:
    """A cell read with the ring found taken away (``ringed``) and as though there were
    none (``plain``): each reading at half its weight, for the seed or the sheet's counts
    to choose, or the cell stays unsure. Where the ringless cut reads as nothing at all
    (a ring's arc left in it is no glyph), the ring stands; where the ringed cut does,
    the cell stays as that reads it (doubtful)."""
    if not ringed.options or not plain.options:
        return ringed
    options: dict[str, tuple[Cell | None, float]] = {}
    for decoded in (ringed, plain):
        for text, (cell, p) in decoded.options.items():
            c, q = options.get(text, (cell, 0.0))
            options[text] = (c if c is not None else cell, q + p / 2)
    again = _options(ringed.reading.space, options, grammar,
                     min(ringed.factor, plain.factor), threshold)
    if again.reading.doubtful and again.reading.why.startswith("unsure"):
        again = replace(again, reading=replace(
            again.reading, why=f"a ring, or a digit's outline? ({again.reading.why})"))
    return replace(again, support=min(ringed.support, plain.support))


def read_cells(page: np.ndarray, layout: SheetLayout, grammar: Grammar,
               threshold: float = THRESHOLD) -> list[Reading]:
    """Every circle of ``layout`` on the straightened ``page``, in the layout's order."""
    cuts = [cut_cell(page, layout, space, rings=not grammar.dicetrip)
            for space in layout.circles]
    # the cuts in the order they are read below: each cell's, its peeled and ringless
    every = [c for cut in cuts for c in (cut, cut.peeled, cut.ringless) if c is not None]
    masks = [g for cut in every for split in [*cut.splits, cut.under or []] for g in split]
    probs = iter(classify(masks))

    def read(cut: _Cut) -> Decoded:
        options = [[next(probs) for _ in split] for split in [*cut.splits, cut.under or []]]
        under = options.pop()
        return under_ring(best_cut([decode(cut, p, grammar, threshold, glyphs=split)
                                    for p, split in zip(options, cut.splits, strict=True)]),
                          under, grammar, threshold)

    decoded = []
    for cut in cuts:
        ringed = read(cut)
        if cut.peeled is not None:
            ringed = best_cut([ringed, read(cut.peeled)])
        if cut.ringless is not None:
            ringed = either(ringed, read(cut.ringless), grammar, threshold)
        decoded.append(ringed)
    if grammar.dicetrip or grammar.times is not None:
        return read_jointly(decoded, grammar, threshold)
    return [d.reading for d in decoded]


MIN_OPTION = 1e-6
"""A reading less likely than this (of a cell's options) is left out of the joint
decoding: it could move a confidence by no more than that."""
_BAD = "bad"
"""The label of a reading the grammar refuses (one of its own for each cell)."""
_OVER = "over"
"""The label of a cell whose every reading is a number already used up elsewhere (one of
its own for each cell): doubtful."""
OVER_COST = -math.log(1e-9)
"""The cost of ``_OVER``: a probability below any reading's the classifier gives."""
PUSH_FLOOR = 0.001
"""A reading the glyphs alone give less than this is doubtful, however sure the sheet's
limits make it (the limits moved the cell off what the classifier saw, so far that its
second choices are a guess). Chosen with ``ONTOUR_ROLLED_FLOOR``, on the same corpora, by
the rule: the lowest of 0.05, 0.01 and 0.001 that leaves no cell wrong and unflagged
there that 0.05 reads right or flags: every cell 0.05 flagged for it (9 of 13,920 on
the development corpora, each a handwritten digit the classifier was sure was another)
the limits had read right."""


ALTERNATIVE = 0.01
"""A reading less likely than this is not among a doubtful cell's ``alternatives``."""


def alternatives(options: Mapping[str, tuple[Cell | None, float]]
                 ) -> tuple[tuple[Cell, float], ...]:
    """The readings of ``options`` (text: the cell, or None for one the space cannot
    hold, and its probability) a cell can hold, likeliest first (then by text), those of
    at least ``ALTERNATIVE``; a cell circled and not (On Tour) are two."""
    ranked = sorted(((cell, p, text) for text, (cell, p) in options.items()
                     if cell is not None and p >= ALTERNATIVE),
                    key=lambda c: (-c[1], c[2]))
    return tuple((cell, p) for cell, p, _ in ranked)


def capacity(grammar: Grammar, label: tuple[str, int]) -> int | None:
    """How many cells a number (``("n", value)``) or the star (``("*", 0)``) can fill
    (None: any number): Dice Trip every number once (with a seed, only the numbers it
    rolled), On Tour with a seed as often as the seed rolled it and as many stars as it
    has star turns."""
    kind, value = label
    if kind == "n":
        if grammar.dicetrip:
            return 1 if grammar.allowed is None or value in grammar.allowed else 0
        return None if grammar.times is None else grammar.times.get(value, 0)
    if kind == "*":
        return grammar.stars
    return None


def _label(index: int, cell: Cell | None, text: str) -> tuple[str, int]:
    if cell is None:
        return (_BAD, index)
    if cell.kind is CellKind.NUMBER and cell.value is not None:
        return ("n", cell.value)
    if cell.kind is CellKind.STAR:
        return ("*", 0)
    return ("x:" + text, index)


def read_jointly(decoded: Sequence[Decoded], grammar: Grammar,
                 threshold: float = THRESHOLD) -> list[Reading]:
    """The cells read together: the likeliest reading of the whole sheet in which no
    number stands more often than it can (``capacity``), each cell's confidence its
    share against the best whole-sheet readings that read it otherwise
    (``sheetgen.read.assign``). Cells settled on their own (empty, or doubtful whatever
    their glyphs are) keep their reading."""
    from sheetgen.read.assign import assign, confidences

    index: list[int] = []
    costs: list[dict[tuple[str, int], float]] = []
    meaning: list[dict[tuple[str, int], tuple[Cell | None, str]]] = []
    unfit: set[int] = set()
    shares: list[dict[tuple[str, int], float]] = []
    for i, d in enumerate(decoded):
        if not d.options:
            continue
        best = max(p for _, p in d.options.values())
        cost: dict[tuple[str, int], float] = {}
        what: dict[tuple[str, int], tuple[Cell | None, str]] = {}
        top: dict[tuple[str, int], float] = {}
        here = None if grammar.fits is None else grammar.fits.get(d.reading.space, ())
        for text, (cell, p) in sorted(d.options.items()):
            if p < MIN_OPTION and p < best:
                continue
            if here is not None and cell is not None and cell not in here:
                continue  # no turn of the seed could have written it in this space
            label = _label(i, cell, text)
            # two texts of one label (a refused reading, a number circled or not): the
            # label takes both, and stands for the likelier (a share of it, see below)
            if label not in what or (cell is not None and (what[label][0] is None
                                                           or p > top[label])):
                what[label] = (cell, text)
                top[label] = p
            if label in cost:
                p += math.exp(-cost[label])
            cost[label] = -math.log(max(p, 1e-300))
        if not cost:
            unfit.add(i)
        cost[(_OVER, i)] = OVER_COST
        what[(_OVER, i)] = (None, decoded[i].reading.guess)
        index.append(i)
        costs.append(cost)
        meaning.append(what)
        shares.append({label: min(1.0, top[label] / math.exp(-c)) for label, c in cost.items()
                       if label in top and what[label][0] is not None})
    out = [d.reading for d in decoded]
    weighed = [alternatives(d.options) for d in decoded]
    limits = {label: limit for cost in costs for label in cost
              if (limit := capacity(grammar, label)) is not None}
    result = assign(costs, limits)
    assert result is not None  # every cell can take its own _OVER label
    for i, label, conf, what, share in zip(index, result.labels, confidences(result),
                                           meaning, shares, strict=True):
        space = decoded[i].reading.space
        cell, text = what[label]
        conf *= decoded[i].factor * share.get(label, 1.0)
        if label[0] == _OVER:
            why = ("no turn of the seed could write it here" if i in unfit else
                   "the same number read in another city" if grammar.dicetrip else
                   "read more often than the seed rolled it")
            out[i] = Reading(space, None, conf, True, text, why, weighed[i])
        elif cell is None:
            out[i] = Reading(space, None, conf, True, text, "not what this space can hold",
                             weighed[i])
        elif conf < threshold:
            out[i] = Reading(space, cell, conf, True, cell.text, unsure(conf), weighed[i])
        elif decoded[i].options[text][1] < PUSH_FLOOR:
            out[i] = Reading(space, cell, conf, True, cell.text, "the glyphs hardly show it",
                             weighed[i])
        else:
            out[i] = Reading(space, cell, conf, False, cell.text)
    return out
