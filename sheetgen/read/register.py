"""Finding the sheet in a photo: its code, its four registration marks, the page made
straight.

The code (QR) is looked for first: it says the map, the paper, the seed, the sheet number
and the layout, and its four corners place the page roughly, whatever way it is turned.
Each registration mark is then looked for near where that rough placement puts it, and a
homography from the four marks' centres straightens the page; the code's corners, carried
through it, must land where the code is (the cross-check). Where the code cannot be read
in the whole photo, the four marks are found alone (the corners of the largest
quadrilateral of square dark blobs), and the code is read again from the straightened
corner it must be in, for each way the page can be turned.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import combinations

import cv2
import numpy as np

from sheetgen.read.layout import Code, LayoutError, SheetLayout, parse_code, sheet_layout

PPM = 8.0
"""Pixels a millimetre of the straightened page (203 dpi)."""
WORK = 1800
"""Long side, in pixels, of the copy of the photo the marks are searched in."""
CROSS_CHECK_MM = 2.5
"""How far the code's corners may land from where the marks put them."""
CORNERS = ("top left", "top right", "bottom left", "bottom right")
HULL_POINTS = 40
"""Points of the dark squares' hull the largest quadrilateral is sought among (evenly
taken where there are more: a table's texture may leave many)."""
QUAD_TRIES = 21
"""Quadrilaterals of dark squares tried as the four marks: the largest, then the largest
without one of its corners, then without two (a dark square on the table beyond the
page)."""


class ReadError(ValueError):
    """A photo that cannot be read; the message is one line saying what is missing."""


@dataclass(frozen=True)
class Registered:
    """A photo's sheet, found and straightened."""

    code: Code
    layout: SheetLayout
    to_photo: np.ndarray
    """Homography from page millimetres to photo pixels."""
    page: np.ndarray
    """The straightened page in grey, ``PPM`` pixels a millimetre."""
    turned: float
    """Degrees the page is turned in the photo (0: upright; about 180: upside down)."""
    code_error_mm: float
    """How far the code's corners landed from where the marks put them."""
    code_read: bool
    """False when the code could not be read and ``--map`` stood in for it."""


def _qr_codes(gray: np.ndarray) -> list[tuple[str, np.ndarray]]:
    import zxingcpp

    found = []
    for result in zxingcpp.read_barcodes(gray, formats=zxingcpp.BarcodeFormats(
            zxingcpp.BarcodeFormat.QRCode)):
        p = result.position
        corners = np.array([[p.top_left.x, p.top_left.y], [p.top_right.x, p.top_right.y],
                            [p.bottom_right.x, p.bottom_right.y],
                            [p.bottom_left.x, p.bottom_left.y]], dtype=np.float64)
        found.append((result.text, corners))
    return found


def _qr_page_corners(layout: SheetLayout) -> np.ndarray:
    x, y, side = layout.qr
    return np.array([[x, y], [x + side, y], [x + side, y + side], [x, y + side]],
                    dtype=np.float64)


def _project(h: np.ndarray, pts: np.ndarray) -> np.ndarray:
    out = cv2.perspectiveTransform(pts.reshape(-1, 1, 2).astype(np.float64), h)
    return np.asarray(out.reshape(-1, 2))


def _scale_at(h: np.ndarray, pt: tuple[float, float]) -> float:
    """Photo pixels per page mm near ``pt`` (page mm)."""
    a = _project(h, np.array([pt, (pt[0] + 1.0, pt[1]), (pt[0], pt[1] + 1.0)]))
    return float((np.linalg.norm(a[1] - a[0]) + np.linalg.norm(a[2] - a[0])) / 2)


def _mark_near(gray: np.ndarray, h: np.ndarray, centre: tuple[float, float],
               size: float, reach_mm: float) -> tuple[float, float] | None:
    """The centre (photo pixels) of the dark, solid, square blob of side ``size`` mm
    nearest to where ``h`` puts ``centre`` (page mm), within ``reach_mm``; None when
    there is none."""
    scale = _scale_at(h, centre)
    guess = _project(h, np.array([centre]))[0]
    reach = max(12.0, reach_mm * scale)
    x0, y0 = int(max(0, guess[0] - reach)), int(max(0, guess[1] - reach))
    x1 = int(min(gray.shape[1], guess[0] + reach))
    y1 = int(min(gray.shape[0], guess[1] + reach))
    if x1 - x0 < 8 or y1 - y0 < 8:
        return None
    window = gray[y0:y1, x0:x1]
    blur = cv2.GaussianBlur(window, (0, 0), max(0.6, scale * 0.15))
    block = max(3, int(size * scale * 3) | 1)
    binary = cv2.adaptiveThreshold(blur, 1, cv2.ADAPTIVE_THRESH_MEAN_C,
                                   cv2.THRESH_BINARY_INV, block, 10)
    count, labels, stats, centroids = cv2.connectedComponentsWithStats(binary, connectivity=8)
    expected = (size * scale) ** 2
    best: tuple[float, tuple[float, float]] | None = None
    for k in range(1, count):
        area = stats[k, cv2.CC_STAT_AREA]
        w, hgt = stats[k, cv2.CC_STAT_WIDTH], stats[k, cv2.CC_STAT_HEIGHT]
        if not 0.35 * expected <= area <= 2.2 * expected:
            continue
        if area < 0.45 * w * hgt or max(w, hgt) > 2.2 * min(w, hgt):
            continue
        cx, cy = centroids[k]
        if float(np.mean(blur[labels == k])) > float(np.percentile(blur, 60)) * 0.75:
            continue  # not dark enough for printed black
        dist = math.hypot(cx + x0 - guess[0], cy + y0 - guess[1])
        if dist > reach:
            continue
        if best is None or dist < best[0]:
            best = (dist, (float(cx + x0), float(cy + y0)))
    return None if best is None else best[1]


def _square_blobs(gray: np.ndarray) -> list[tuple[float, float, float]]:
    """Dark, solid, square-ish blobs anywhere, turned any way: (x, y, side) in pixels."""
    side = max(gray.shape)
    block = max(15, (side // 30) | 1)
    binary = cv2.adaptiveThreshold(gray, 1, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV,
                                   block, 12)
    # thin strokes (text printed next to a mark) cut off: solid squares stay
    binary = cv2.morphologyEx(binary, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    count, labels, stats, centroids = cv2.connectedComponentsWithStats(binary, connectivity=8)
    out = []
    for k in range(1, count):
        area = stats[k, cv2.CC_STAT_AREA]
        x, y = stats[k, cv2.CC_STAT_LEFT], stats[k, cv2.CC_STAT_TOP]
        w, hgt = stats[k, cv2.CC_STAT_WIDTH], stats[k, cv2.CC_STAT_HEIGHT]
        if area < 30 or area > side * side / 400:
            continue
        if area < 0.4 * w * hgt or max(w, hgt) > 2.5 * min(w, hgt):
            continue
        patch = (labels[y:y + hgt, x:x + w] == k).astype(np.uint8)
        contours, _ = cv2.findContours(patch, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        outline = max(contours, key=cv2.contourArea)
        hull = cv2.contourArea(cv2.convexHull(outline))
        (_, _), (rw, rh), _ = cv2.minAreaRect(outline)
        if hull <= 0 or rw <= 0 or rh <= 0:
            continue
        if area < 0.85 * hull or area < 0.7 * rw * rh or max(rw, rh) > 2.0 * min(rw, rh):
            continue
        out.append((float(centroids[k][0]), float(centroids[k][1]), math.sqrt(area)))
    return out


def _page_quad(blobs: list[tuple[float, float, float]]) -> np.ndarray | None:
    """The four blobs that span the largest quadrilateral (in cyclic order), among blobs
    of about the same size."""
    if len(blobs) < 4:
        return None
    pts = np.array([(x, y) for x, y, _ in blobs], dtype=np.float32)
    hull = cv2.convexHull(pts).reshape(-1, 2)
    if len(hull) < 4:
        return None
    if len(hull) > HULL_POINTS:
        hull = hull[np.linspace(0, len(hull) - 1, HULL_POINTS).astype(int)]
    # every four of the hull's points in its order: a convex quadrilateral, whose area is
    # half the cross product of its diagonals
    a, b, c, d = np.array(list(combinations(range(len(hull)), 4))).T
    ac, bd = hull[c] - hull[a], hull[d] - hull[b]
    area = np.abs(ac[:, 0] * bd[:, 1] - ac[:, 1] * bd[:, 0])
    k = int(np.argmax(area))
    if area[k] <= 0:
        return None
    return hull[[a[k], b[k], c[k], d[k]]].astype(np.float64)


def straighten(gray: np.ndarray, to_photo: np.ndarray, layout: SheetLayout) -> np.ndarray:
    """The page, straight, ``PPM`` pixels a millimetre."""
    w, h = layout.page
    scale = np.diag([1.0 / PPM, 1.0 / PPM, 1.0])
    size = (round(w * PPM), round(h * PPM))
    return cv2.warpPerspective(gray, to_photo @ scale, size,
                               flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)


def _turned(to_photo: np.ndarray, layout: SheetLayout) -> float:
    w, h = layout.page
    a, b = _project(to_photo, np.array([(w * 0.25, h / 2), (w * 0.75, h / 2)]))
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360.0


def _read_straight_code(gray: np.ndarray, to_photo: np.ndarray,
                        layout: SheetLayout) -> tuple[str, np.ndarray] | None:
    """The code read where ``layout`` has it, once the page is placed: from the corner
    straightened and enlarged, then from its modules sampled one by one on the grid the
    layout gives and drawn anew, crisp (a blurred or low-resolution code that no reader
    decodes as it is often reads this way)."""
    x, y, side = layout.qr
    corners = _project(to_photo, _qr_page_corners(layout))
    margin = side * 0.5
    ppm = 12.0
    box = (x - margin, y - margin, side + 2 * margin)
    shift = np.array([[1 / ppm, 0, box[0]], [0, 1 / ppm, box[1]], [0, 0, 1]])
    n = round(box[2] * ppm)
    patch = cv2.warpPerspective(gray, to_photo @ shift, (n, n),
                                flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                                borderMode=cv2.BORDER_REPLICATE)
    for text, _ in _qr_codes(patch):
        if parse_code(text) is not None:
            return text, corners
    if layout.qr_module <= 0:
        return None
    count = round(side / layout.qr_module)
    step = side / count
    centres = np.array([(x + (i + 0.5) * step, y + (j + 0.5) * step)
                        for j in range(count) for i in range(count)])
    fine = 8.0
    shift = np.array([[1 / fine, 0, 0], [0, 1 / fine, 0], [0, 0, 1]])
    w, h = layout.page
    page = cv2.warpPerspective(gray, to_photo @ shift, (round(w * fine), round(h * fine)),
                               flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)
    page = cv2.GaussianBlur(page, (0, 0), step * fine * 0.2)
    px = np.clip((centres * fine).round().astype(int), 0, [page.shape[1] - 1,
                                                          page.shape[0] - 1])
    values = page[px[:, 1], px[:, 0]].astype(np.uint8)
    level, _ = cv2.threshold(values.reshape(1, -1), 0, 255,
                             cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    dark = (values < level).reshape(count, count)
    cell = 8
    crisp = np.full(((count + 8) * cell, (count + 8) * cell), 255, np.uint8)
    for j, i in zip(*np.nonzero(dark), strict=True):
        crisp[(j + 4) * cell:(j + 5) * cell, (i + 4) * cell:(i + 5) * cell] = 0
    for text, _ in _qr_codes(crisp):
        if parse_code(text) is not None:
            return text, corners
    return None


def _layout_for(code: Code, map_override: str | None) -> SheetLayout:
    if map_override is not None and code.map_id != map_override:
        raise ReadError(f"the sheet's code says map {code.map_id}, but --map says "
                        f"{map_override}")
    try:
        return sheet_layout(code.map_id, code.paper, code.layout)
    except LayoutError as exc:
        raise ReadError(str(exc)) from None


def _affine(page: np.ndarray, photo: np.ndarray) -> np.ndarray:
    """The least-squares affine map from page mm to photo pixels, as a 3 x 3 matrix."""
    a = np.column_stack([page, np.ones(len(page))])
    sol, *_ = np.linalg.lstsq(a, photo, rcond=None)
    return np.vstack([sol.T, [0.0, 0.0, 1.0]])


def _fit(gray: np.ndarray, to_photo: np.ndarray, layout: SheetLayout) -> float:
    """How well the printed circles are where ``to_photo`` puts them: the median, over
    the circles, of how much darker the photo is on each circle's outline than just
    inside it (about 0.5 when they are there, about 0 when not)."""
    angles = np.linspace(0, 2 * np.pi, 24, endpoint=False)
    circles = np.array(list(layout.circles.values()))
    cos, sin = np.cos(angles), np.sin(angles)

    def ring(offset: float) -> np.ndarray:
        r = circles[:, 2:3] + offset
        pts = np.stack([circles[:, 0:1] + r * cos, circles[:, 1:2] + r * sin], axis=-1)
        photo = _project(to_photo, pts.reshape(-1, 2)).round().astype(int)
        x = np.clip(photo[:, 0], 0, gray.shape[1] - 1)
        y = np.clip(photo[:, 1], 0, gray.shape[0] - 1)
        values: np.ndarray = gray[y, x].astype(np.float64).reshape(len(circles), -1)
        return values

    inside, outline = ring(-0.9), ring(0.0)
    contrast = (np.median(inside, axis=1) - np.median(outline, axis=1)) / (
        np.median(inside, axis=1) + 1.0)
    return float(np.median(contrast))


FIT = 0.12
"""The least ``_fit`` of a page taken as found."""


def _orient(quad: np.ndarray, layout: SheetLayout, qr_photo: np.ndarray
            ) -> tuple[float, np.ndarray]:
    """The homography that puts the marks on ``quad``'s corners (cyclic order) the way
    the code's corners say the page is turned, and the code's error under it."""
    page = np.array([layout.marks[0], layout.marks[1], layout.marks[3], layout.marks[2]],
                    dtype=np.float32)
    best: tuple[float, np.ndarray] | None = None
    for turn in range(4):
        cyc = np.roll(quad, turn, axis=0)
        for seq in (cyc, cyc[::-1]):
            h = cv2.getPerspectiveTransform(page, seq.astype(np.float32))
            error = _code_error(h, layout, qr_photo)
            if best is None or error < best[0]:
                best = (error, h)
    assert best is not None
    return best


def _from_marks(gray: np.ndarray, work: np.ndarray, factor: float, code: Code,
                layout: SheetLayout, qr_photo: np.ndarray) -> Registered:
    """The four marks: the corners of the largest quadrilateral of dark squares of a
    mark's size, turned as the code says; the printed circles must then be where they
    land."""
    qr_work = qr_photo / factor
    rough = _affine(_qr_page_corners(layout), qr_work)
    side = layout.mark_size * _scale_at(rough, (layout.qr[0], layout.qr[1]))
    blobs = [b for b in _square_blobs(work) if 0.4 * side <= b[2] <= 2.2 * side]
    missing: list[str] | None = None
    # a dark square beyond the page (on the table, in a shadow) may span a larger
    # quadrilateral than the marks: the quadrilaterals of the squares without one, then
    # two of the corners of the one before are tried, breadth first
    tries: list[list[tuple[float, float, float]]] = [blobs]
    tried = 0
    while tries and tried < QUAD_TRIES:
        some = tries.pop(0)
        quad = _page_quad(some)
        tried += 1
        if quad is None:
            continue
        error, to_photo = _orient(quad * factor, layout, qr_photo)
        if error <= 2 * CROSS_CHECK_MM and _fit(gray, to_photo, layout) >= FIT:
            return Registered(code, layout, to_photo, straighten(gray, to_photo, layout),
                              _turned(to_photo, layout), error, True)
        if missing is None:
            odd = _odd_corner(layout, quad * factor, to_photo, qr_photo)
            missing = [CORNERS[odd]] if odd is not None else list(CORNERS)
        for x, y in sorted(map(tuple, quad)):
            tries.append([b for b in some if math.hypot(b[0] - x, b[1] - y) > 0.5])
    missing = missing or list(CORNERS)
    which = " and ".join(missing)
    raise ReadError(f"registration mark{'s' if len(missing) > 1 else ''} at the {which} "
                    f"corner{'s' if len(missing) > 1 else ''} of the sheet not found "
                    "(covered, cut off or in deep shadow?): photograph the whole sheet "
                    "with all four corner squares in view")


def _odd_corner(layout: SheetLayout, quad: np.ndarray, to_photo: np.ndarray,
                qr_photo: np.ndarray) -> int | None:
    """Which corner's mark (its index in ``CORNERS`` and ``layout.marks``) is not where
    the other three and the code put it (a hand over it, or a dark square mistaken for
    it); None when no three agree."""
    found = _project(to_photo, np.array(layout.marks))  # each mark's assigned quad corner
    assigned = [quad[int(np.argmin(np.linalg.norm(quad - p, axis=1)))] for p in found]
    qr_page = _qr_page_corners(layout)
    worst: list[tuple[float, int]] = []
    for k in range(4):
        others = [j for j in range(4) if j != k]
        page = np.vstack([qr_page, [layout.marks[j] for j in others]])
        photo = np.vstack([qr_photo, [assigned[j] for j in others]])
        h, _ = cv2.findHomography(page, photo, 0)
        if h is None:
            continue
        residual = np.linalg.norm(_project(h, page) - photo, axis=1).max()
        scale = _scale_at(h, layout.marks[k])
        off = float(np.linalg.norm(_project(h, np.array([layout.marks[k]]))[0] - assigned[k]))
        worst.append((off / scale - residual / scale, k))
    if not worst:
        return None
    worst.sort(reverse=True)
    return worst[0][1]


def _code_error(to_photo: np.ndarray, layout: SheetLayout, qr_photo: np.ndarray) -> float:
    expected = _project(to_photo, _qr_page_corners(layout))
    scale = _scale_at(to_photo, (layout.qr[0], layout.qr[1]))
    return float(np.max(np.linalg.norm(expected - qr_photo, axis=1)) / scale)


def register(image: np.ndarray, map_override: str | None = None) -> Registered:
    """Find the sheet in ``image`` (BGR or grey) and straighten it; ReadError saying what
    is missing when it cannot."""
    gray = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    factor = max(1.0, max(gray.shape) / WORK)
    work = gray if factor == 1.0 else cv2.resize(
        gray, (round(gray.shape[1] / factor), round(gray.shape[0] / factor)),
        interpolation=cv2.INTER_AREA)
    codes = [(t, c * factor) for t, c in _qr_codes(work)]
    if not any(parse_code(t) for t, _ in codes) and factor > 1.0:
        codes = _qr_codes(gray)
    ours = [(parse_code(t), c) for t, c in codes if parse_code(t) is not None]
    if len(ours) > 1:
        raise ReadError(f"{len(ours)} sheet codes in one photo: photograph one sheet at a "
                        "time")
    if ours:
        code, corners = ours[0]
        assert code is not None
        return _from_marks(gray, work, factor, code, _layout_for(code, map_override),
                           corners)
    return _without_code(gray, work, factor, map_override, bool(codes))


def _without_code(gray: np.ndarray, work: np.ndarray, factor: float,
                  map_override: str | None, other_code: bool) -> Registered:
    """The marks found alone, every known sheet tried on them each way the page can be
    turned: the code read where that sheet has it; failing that, the sheet whose printed
    circles fit the photo (map and paper known, seed and sheet number not)."""
    blobs = _square_blobs(work)
    quad = _page_quad(blobs)
    if quad is None:
        what = "a QR code that is not a sheet's" if other_code else "no sheet code"
        raise ReadError(f"not a sheetgen sheet: {what} and no four registration marks found")
    quad = quad * factor
    fits: list[tuple[float, SheetLayout, np.ndarray]] = []
    for layout in _known_layouts():
        page = np.array([layout.marks[0], layout.marks[1], layout.marks[3],
                         layout.marks[2]], dtype=np.float32)
        for turn in range(4):
            cyc = np.roll(quad, turn, axis=0)
            for seq in (cyc, cyc[::-1]):
                to_photo = cv2.getPerspectiveTransform(page, seq.astype(np.float32))
                if np.linalg.det(to_photo[:2, :2]) < 0:
                    continue  # a mirror image: photos are not mirrored
                fits.append((_fit(gray, to_photo, layout), layout, to_photo))
    fits.sort(key=lambda f: -f[0])
    for score, layout, to_photo in fits[:3]:
        if score < FIT:
            break
        read = _read_straight_code(gray, to_photo, layout)
        if read is None:
            continue
        text, qr_photo = read
        code = parse_code(text)
        assert code is not None
        real = _layout_for(code, map_override)
        if real != layout:
            continue
        return Registered(code, real, to_photo, straighten(gray, to_photo, real),
                          _turned(to_photo, real), _code_error(to_photo, real, qr_photo),
                          True)
    if not fits or fits[0][0] < FIT:
        raise ReadError("not a sheetgen sheet: no sheet code found, and four squares "
                        "that could be its corner marks frame no known sheet")
    score, layout, to_photo = fits[0]
    if map_override is not None and layout.map_id != map_override:
        raise ReadError(f"the sheet's code cannot be read and the sheet is a {layout.map_id} "
                        f"sheet, but --map says {map_override}")
    code = Code(layout.map_id, layout.paper, None, 0, layout.layout)
    return Registered(code, layout, to_photo, straighten(gray, to_photo, layout),
                      _turned(to_photo, layout), float("nan"), False)


def _known_layouts() -> list[SheetLayout]:
    """Every layout a sheet may have been printed in, per map and paper: each frozen
    one, and the renderer's own drawing when its layout is not frozen yet."""
    from sheetgen.draw.marks import SHEET_LAYOUT
    from sheetgen.read.layout import drawn_layout, frozen_layout, frozen_layouts, frozen_sheets

    out: list[SheetLayout] = []
    sheets: set[str] = set()
    for layout in frozen_layouts():
        for key in frozen_sheets(layout):
            sheets.add(key)
            map_id, paper = key.split(":")
            found = frozen_layout(map_id, paper, layout)
            assert found is not None
            out.append(found)
    if SHEET_LAYOUT not in frozen_layouts():
        out += [drawn_layout(*key.split(":")) for key in sorted(sheets)]
    return out
