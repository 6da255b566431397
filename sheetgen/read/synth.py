"""Marks, filled sheets and photos made in software: the training glyphs of
``tools/train_glyphs.py`` and the test corpus of the tests and the benchmark.

Glyph sources are named ``ttf:FILE``, ``hershey:NAME`` (OpenCV's stroke fonts),
``hand:INDEX`` (a handwritten digit from scikit-learn's set, as an 8 x 8 image) and
``pen`` (strokes drawn here: crosses, stars, parentheses, rings). ``TRAIN_FONTS`` and
``TEST_FONTS`` share no font family, and the handwritten digits of the test corpus are
held out of training (``HELD_OUT``), so the corpus measures the reader on writing it has
not seen.

Everything takes a ``numpy.random.Generator``: the same seed makes the same images.
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import cv2
import numpy as np

from sheetgen.model import Cell, CellKind
from sheetgen.resources import fonts_dir

if TYPE_CHECKING:
    from sheetgen.read.cells import Reading

HERSHEY = {"simplex": cv2.FONT_HERSHEY_SIMPLEX, "plain": cv2.FONT_HERSHEY_PLAIN,
           "duplex": cv2.FONT_HERSHEY_DUPLEX, "complex": cv2.FONT_HERSHEY_COMPLEX,
           "triplex": cv2.FONT_HERSHEY_TRIPLEX, "complex_small": cv2.FONT_HERSHEY_COMPLEX_SMALL,
           "script_simplex": cv2.FONT_HERSHEY_SCRIPT_SIMPLEX,
           "script_complex": cv2.FONT_HERSHEY_SCRIPT_COMPLEX}
SYSTEM_FONTS = Path("/usr/share/fonts")
TRAIN_FONTS = ("ttf:DejaVuSans.ttf", "ttf:DejaVuSans-Bold.ttf",
               "ttf:DejaVuSansCondensed-Bold.ttf", "sys:truetype/dejavu/DejaVuSerif.ttf",
               "sys:truetype/dejavu/DejaVuSerif-Bold.ttf",
               "sys:truetype/dejavu/DejaVuSansMono.ttf",
               "sys:truetype/dejavu/DejaVuSans-Oblique.ttf",
               "sys:truetype/dejavu/DejaVuSans-ExtraLight.ttf",
               "sys:truetype/dejavu/DejaVuSerifCondensed-Italic.ttf",
               "sys:truetype/liberation2/LiberationSans-Regular.ttf",
               "sys:truetype/liberation2/LiberationSans-BoldItalic.ttf",
               "sys:truetype/liberation2/LiberationSerif-Italic.ttf",
               "sys:truetype/liberation2/LiberationMono-Bold.ttf",
               "sys:truetype/freefont/FreeSans.ttf", "sys:truetype/freefont/FreeSerifBold.ttf",
               "sys:truetype/freefont/FreeMonoOblique.ttf",
               "sys:opentype/urw-base35/NimbusSans-Bold.otf",
               "sys:opentype/urw-base35/NimbusSansNarrow-Regular.otf",
               "sys:opentype/urw-base35/NimbusRoman-Italic.otf",
               "sys:opentype/urw-base35/C059-Roman.otf", "sys:opentype/urw-base35/P052-Bold.otf",
               "sys:opentype/urw-base35/URWBookman-Light.otf",
               "sys:opentype/urw-base35/URWGothic-Demi.otf",
               "sys:opentype/urw-base35/URWGothic-BookOblique.otf",
               "sys:opentype/urw-base35/Z003-MediumItalic.otf",
               "hershey:simplex", "hershey:duplex", "hershey:complex", "hershey:triplex",
               "hershey:script_simplex")
"""Fonts the classifier learns from. ``sys:`` fonts are Debian's (fonts-dejavu,
fonts-liberation2, fonts-freefont-ttf, fonts-urw-base35), used by the training script
only."""
TEST_FONTS = ("ttf:OpenSans-Regular.ttf", "ttf:OpenSans-Bold.ttf", "ttf:OpenSans-CondBold.ttf",
              "hershey:plain", "hershey:complex_small", "hershey:script_complex")
"""Fonts of the test corpus: none of their families is in ``TRAIN_FONTS``."""
HELD_OUT = 1500
"""scikit-learn's handwritten digits from this index on are kept out of training."""
HANDWRITTEN = Path(__file__).with_name("heldout_digits.npz")
"""The held-out handwritten digits (8 x 8, values 0-16) with their labels, for the corpus
(written by ``tools/train_glyphs.py``, 8 kB; the tests and the benchmark need no
scikit-learn)."""


def _ttf_path(source: str) -> Path:
    kind, name = source.split(":", 1)
    return (fonts_dir() if kind == "ttf" else SYSTEM_FONTS) / name


@cache
def _font(source: str, size: int):  # type: ignore[no-untyped-def]
    from PIL import ImageFont

    return ImageFont.truetype(str(_ttf_path(source)), size)


def _crop(mask: np.ndarray) -> np.ndarray:
    ys, xs = np.nonzero(mask > 40)
    if len(xs) == 0:
        return np.zeros((1, 1), dtype=np.uint8)
    return mask[ys.min():ys.max() + 1, xs.min():xs.max() + 1]


def font_glyph(source: str, char: str, height: int) -> np.ndarray:
    """``char`` in font ``source``, its ink as uint8 (255 = ink), about ``height`` pixels
    for a digit."""
    if source.startswith("hershey:"):
        face = HERSHEY[source.split(":", 1)[1]]
        (w, h), base = cv2.getTextSize("8", face, 1.0, 1)
        scale = height / h
        thick = max(1, round(height / 14))
        canvas = np.zeros((height * 3, height * 3), dtype=np.uint8)
        cv2.putText(canvas, char, (height // 2, height * 2), face, scale, 255, thick,
                    cv2.LINE_AA)
        return _crop(canvas)
    from PIL import Image, ImageDraw

    size = max(4, round(height * 1.4))
    image = Image.new("L", (size * 3, size * 3), 0)
    ImageDraw.Draw(image).text((size // 2, size // 2), char, fill=255, font=_font(source, size))
    return _crop(np.asarray(image))


def hand_glyph(image8: np.ndarray, height: int) -> np.ndarray:
    """A handwritten digit from an 8 x 8 image (values 0-16), ``height`` pixels high."""
    image = (np.asarray(image8, dtype=np.float32) / 16.0)
    big = cv2.resize(image, (height, height), interpolation=cv2.INTER_CUBIC)
    big = cv2.GaussianBlur(big, (0, 0), height / 40)
    return _crop((np.clip((big - 0.3) * 3.0, 0, 1) * 255).astype(np.uint8))


def pen_glyph(kind: str, height: int, rng: np.random.Generator) -> np.ndarray:
    """A mark drawn with a pen: ``x`` (two strokes), ``*`` (a star, outlined, filled or
    as strokes), ``(`` or ``)`` (an arc)."""
    size = height * 2
    canvas = np.zeros((size, size), dtype=np.uint8)
    thick = max(1, round(height / rng.uniform(8, 16)))
    c = size / 2

    def jit(v: float) -> float:
        return v + rng.normal(0, height * 0.04)

    if kind == "x":
        h = height / 2 * rng.uniform(0.7, 1.0)
        w = h * rng.uniform(0.7, 1.3)
        for sx in (-1, 1):
            p = (round(jit(c - w * sx)), round(jit(c - h)))
            q = (round(jit(c + w * sx)), round(jit(c + h)))
            cv2.line(canvas, p, q, 255, thick, cv2.LINE_AA)
    elif kind == "*":
        style = rng.integers(3)
        r_out = height / 2 * rng.uniform(0.8, 1.0)
        turn = rng.uniform(-0.3, 0.3)
        if style == 2:  # an asterisk: three or four strokes through the centre
            n = int(rng.integers(3, 5))
            for k in range(n):
                a = turn + math.pi * k / n
                p = (round(jit(c + r_out * math.cos(a))), round(jit(c + r_out * math.sin(a))))
                q = (round(jit(c - r_out * math.cos(a))), round(jit(c - r_out * math.sin(a))))
                cv2.line(canvas, p, q, 255, thick, cv2.LINE_AA)
        else:
            r_in = r_out * rng.uniform(0.35, 0.5)
            pts = []
            for k in range(10):
                a = turn - math.pi / 2 + math.pi * k / 5
                r = r_out if k % 2 == 0 else r_in
                pts.append((jit(c + r * math.cos(a)), jit(c + r * math.sin(a))))
            poly = [np.array(pts, dtype=np.int32)]
            if style == 0:
                cv2.polylines(canvas, poly, True, 255, thick, cv2.LINE_AA)
            else:
                cv2.fillPoly(canvas, poly, 255, cv2.LINE_AA)
    else:
        h = height / 2 * rng.uniform(1.0, 1.25)
        bow = h * rng.uniform(0.25, 0.45) * (1 if kind == "(" else -1)
        pts = []
        for k in range(13):
            t = -1 + k / 6
            pts.append((c - bow * (1 - t * t) + rng.normal(0, height * 0.01), c + h * t))
        cv2.polylines(canvas, [np.array(pts, dtype=np.int32)], False, 255, thick, cv2.LINE_AA)
    return _crop(canvas)


def degrade(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The glyph as a blurred, low-resolution photo shows it after thresholding."""
    image: np.ndarray = mask.astype(np.float32) / 255.0
    h, w = image.shape
    factor = rng.uniform(1.0, 2.2)
    small = cv2.resize(image, (max(2, round(w / factor)), max(2, round(h / factor))),
                       interpolation=cv2.INTER_AREA)
    image = cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)
    sigma = rng.uniform(0.0, 1.2)
    if sigma > 0.2:
        image = cv2.GaussianBlur(image, (0, 0), sigma)
    return _crop(((image > rng.uniform(0.3, 0.6)) * 255).astype(np.uint8))


def jitter(mask: np.ndarray, rng: np.random.Generator, amount: float = 1.0) -> np.ndarray:
    """The glyph slanted, turned, stretched and its stroke made thicker or thinner."""
    h, w = mask.shape
    pad = max(h, w)
    canvas = np.zeros((h + 2 * pad, w + 2 * pad), dtype=np.uint8)
    canvas[pad:pad + h, pad:pad + w] = mask
    shear = rng.uniform(-0.3, 0.3) * amount
    angle = rng.uniform(-10, 10) * amount
    sx = math.exp(rng.uniform(-0.2, 0.2) * amount)
    centre = (canvas.shape[1] / 2, canvas.shape[0] / 2)
    rot = cv2.getRotationMatrix2D(centre, angle, 1.0)
    affine = np.array([[sx, shear, 0], [0, 1, 0]], dtype=np.float64)
    affine[:, 2] = np.array(centre) - affine[:, :2] @ np.array(centre)
    full = np.vstack([rot, [0, 0, 1]]) @ np.vstack([affine, [0, 0, 1]])
    out = cv2.warpAffine(canvas, full[:2], (canvas.shape[1], canvas.shape[0]),
                         flags=cv2.INTER_LINEAR)
    k = int(rng.integers(-1, 2)) if amount > 0 and max(h, w) > 14 else 0
    if k > 0:
        out = cv2.dilate(out, np.ones((2, 2), np.uint8))
    elif k < 0 and max(h, w) > 24:
        out = cv2.erode(out, np.ones((2, 2), np.uint8))
    return _crop(out)


@cache
def handwritten() -> tuple[np.ndarray, np.ndarray]:
    """The held-out handwritten digits and their labels."""
    data = np.load(HANDWRITTEN)
    return data["images"], data["labels"]


@dataclass(frozen=True)
class Hand:
    """How one sheet is written: which font (or the handwritten digits), ink, size."""

    source: str
    """A font of ``TEST_FONTS``, or ``hand`` for the held-out handwritten digits."""
    ink: int
    """Grey level of the ink (0 black ... 110 a soft pencil)."""
    height_mm: float
    """Height of a digit."""


_HANDWRITING: dict[str, tuple[np.ndarray, np.ndarray]] = {}


def register_handwriting(source: str, images: np.ndarray, labels: np.ndarray) -> None:
    """Let ``Hand(source, ...)`` write with these 8 x 8 digits (the training script
    registers scikit-learn's training digits as ``hand-train``)."""
    _HANDWRITING[source] = (images, labels)


def char_glyph(hand: Hand, char: str, px: int, rng: np.random.Generator) -> np.ndarray:
    """One character of a cell written by ``hand``, ``px`` pixels high."""
    by_hand = hand.source.startswith("hand")
    if char in "x*()" and (by_hand or rng.random() < 0.5):
        return jitter(pen_glyph(char, px, rng), rng, 0.5)
    if by_hand:
        images, labels = _HANDWRITING.get(hand.source) or handwritten()
        pool = np.nonzero(labels == int(char))[0]
        return jitter(hand_glyph(images[int(rng.choice(pool))], px), rng, 0.4)
    glyph = font_glyph(hand.source, "X" if char == "x" and rng.random() < 0.5 else char, px)
    return jitter(glyph, rng, 0.4)


def cell_chars(cell: Cell, dicetrip: bool, rng: np.random.Generator) -> tuple[str, bool]:
    """What a player writes for ``cell``: the characters and whether a ring goes round
    them (On Tour's circled cells; Dice Trip writes parentheses instead)."""
    if cell.kind is CellKind.CROSS:
        return "x", False
    if cell.kind is CellKind.STAR:
        return "*", cell.circled
    assert cell.value is not None
    text = str(cell.value)
    if not dicetrip and cell.value < 10 and rng.random() < 0.4:
        text = f"{cell.value:02d}"
    if dicetrip and cell.circled:
        return f"({text})", False
    return text, cell.circled


def write_cell(page: np.ndarray, cx: float, cy: float, radius: float, ppm: float,
               cell: Cell, hand: Hand, dicetrip: bool, rng: np.random.Generator) -> str:
    """Write ``cell`` into the circle at (cx, cy) mm of ``page`` (grey, ``ppm`` pixels a
    mm) as ``hand`` would."""
    chars, ring = cell_chars(cell, dicetrip, rng)
    height = hand.height_mm * (0.82 if ring or len(chars) > 2 else 1.0)
    px = max(6, round(height * ppm * rng.uniform(0.92, 1.08)))
    glyphs = []
    for ch in chars:
        size = px if ch not in "()" else round(px * 1.2)
        if ch == "*":
            size = round(px * 1.15)
        glyphs.append(char_glyph(hand, ch, size, rng))
    gap = max(1, round(ppm * rng.uniform(0.35, 0.8)))
    total = sum(g.shape[1] for g in glyphs) + gap * (len(glyphs) - 1)
    limit = 2 * radius * ppm * (0.62 if ring else 0.8)
    if total > limit:  # a writer squeezes a wide number into the circle
        scale = limit / total
        glyphs = [cv2.resize(g, (max(1, round(g.shape[1] * scale)),
                                 max(1, round(g.shape[0] * scale))),
                             interpolation=cv2.INTER_AREA) for g in glyphs]
        total = sum(g.shape[1] for g in glyphs) + gap * (len(glyphs) - 1)
    x = cx * ppm - total / 2 + rng.normal(0, 0.25 * ppm)
    base = cy * ppm + rng.normal(0, 0.25 * ppm)
    for g in glyphs:
        y = base - g.shape[0] / 2
        _stamp(page, g, round(x), round(y), hand.ink)
        x += g.shape[1] + gap
    if ring:
        size = round(2.6 * radius * ppm)
        canvas = np.zeros((size, size), dtype=np.uint8)
        r = radius * ppm * rng.uniform(0.76, 0.86)
        start = rng.uniform(0, 360)
        sweep = rng.uniform(340, 380)
        ecc = rng.uniform(0.92, 1.08)
        ox, oy = round(cx * ppm) - size // 2, round(cy * ppm) - size // 2
        cv2.ellipse(canvas, (round(cx * ppm + rng.normal(0, 0.2 * ppm)) - ox,
                             round(cy * ppm + rng.normal(0, 0.2 * ppm)) - oy),
                    (round(r * ecc), round(r / ecc)), rng.uniform(0, 180), start,
                    start + sweep, 255, max(1, round(ppm * rng.uniform(0.25, 0.45))),
                    cv2.LINE_AA)
        _stamp(page, canvas, ox, oy, hand.ink)
    return chars


def _stamp(page: np.ndarray, glyph: np.ndarray, x: int, y: int, ink: int) -> None:
    h, w = glyph.shape
    x0, y0 = max(0, x), max(0, y)
    x1, y1 = min(page.shape[1], x + w), min(page.shape[0], y + h)
    if x1 <= x0 or y1 <= y0:
        return
    part = glyph[y0 - y:y1 - y, x0 - x:x1 - x].astype(np.float32) / 255.0
    region = page[y0:y1, x0:x1].astype(np.float32)
    page[y0:y1, x0:x1] = (region * (1 - part) + ink * part).astype(np.uint8)


def write_name(page: np.ndarray, box: tuple[float, float, float, float], ppm: float,
               name: str, ink: int) -> None:
    """The player's name on the name line."""
    from PIL import Image, ImageDraw

    x, y, w, h = box
    size = round(5.0 * ppm)
    image = Image.new("L", (round(w * ppm), round(h * ppm)), 0)
    ImageDraw.Draw(image).text((round(2 * ppm), round(1.5 * ppm)), name, fill=255,
                               font=_font("ttf:OpenSans-Regular.ttf", size))
    _stamp(page, np.asarray(image), round(x * ppm), round(y * ppm), ink)


# --- the photo ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Shot:
    """How a sheet is photographed."""

    dpi: float
    """Pixels per inch of the page in the photo (150-300)."""
    tilt: float
    """Degrees between the camera's axis and the page's normal (0-20)."""
    tilt_dir: float
    """Direction of the tilt, degrees."""
    rotation: float
    """The page turned in the picture, degrees (any)."""
    blur: float
    """Gaussian blur, pixels (sigma)."""
    shadow: float
    """How much darker the darkest edge of the light gradient is (0-0.6)."""
    quality: int
    """JPEG quality (50-90)."""


def random_shot(rng: np.random.Generator) -> Shot:
    return Shot(dpi=float(rng.uniform(150, 300)), tilt=float(rng.uniform(0, 20)),
                tilt_dir=float(rng.uniform(0, 360)), rotation=float(rng.uniform(0, 360)),
                blur=float(rng.uniform(0.3, 1.5)), shadow=float(rng.uniform(0.1, 0.55)),
                quality=int(rng.integers(50, 91)))


def camera(page_px: tuple[int, int], shot: Shot) -> tuple[np.ndarray, tuple[int, int]]:
    """The homography that photographs a page of ``page_px`` (width, height) pixels as
    ``shot`` says, and the photo's size: the page turned ``rotation`` degrees, seen at
    ``tilt`` degrees from square by a camera with a 60-degree field of view."""
    w, h = page_px
    corners = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]])
    t, d = math.radians(shot.tilt), math.radians(shot.tilt_dir)
    axis = np.array([math.cos(d), math.sin(d), 0.0])
    rot_tilt, _ = cv2.Rodrigues(axis * t)
    rot_turn, _ = cv2.Rodrigues(np.array([0.0, 0.0, math.radians(shot.rotation)]))
    rot = rot_tilt @ rot_turn
    focal = max(w, h) / (2 * math.tan(math.radians(30)))
    distance = focal * 1.15
    pts3 = np.column_stack([corners, np.zeros(4)]) @ rot.T + np.array([0, 0, distance])
    proj = pts3[:, :2] / pts3[:, 2:3] * focal
    proj -= proj.min(axis=0)
    margin = 0.06 * max(w, h)
    proj += margin
    size = (int(proj[:, 0].max() + margin), int(proj[:, 1].max() + margin))
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], dtype=np.float32)
    return cv2.getPerspectiveTransform(src, proj.astype(np.float32)), size


def photograph(page: np.ndarray, shot: Shot, rng: np.random.Generator) -> bytes:
    """A JPEG photo of ``page`` (grey, rendered at ``shot.dpi``) lying on a table."""
    h, w = page.shape
    matrix, size = camera((w, h), shot)
    table = np.full((size[1], size[0]), 0, dtype=np.uint8)
    base = rng.uniform(70, 150)
    noise = cv2.GaussianBlur(rng.normal(0, 25, (size[1] // 8 + 1, size[0] // 8 + 1)),
                             (0, 0), 2)
    table[:] = np.clip(base + cv2.resize(noise, size), 0, 255).astype(np.uint8)
    colour = cv2.cvtColor(page, cv2.COLOR_GRAY2BGR)
    warped = cv2.warpPerspective(colour, matrix, size, flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0))
    inside = cv2.warpPerspective(np.full((h, w), 255, np.uint8), matrix, size,
                                 flags=cv2.INTER_NEAREST)
    photo = np.where(inside[..., None] > 0, warped,
                     cv2.cvtColor(table, cv2.COLOR_GRAY2BGR)).astype(np.float32)
    # warm light and a shadow gradient across the picture
    angle = rng.uniform(0, 2 * math.pi)
    yy, xx = np.mgrid[0:size[1], 0:size[0]].astype(np.float32)
    ramp = (xx * math.cos(angle) + yy * math.sin(angle))
    ramp = (ramp - ramp.min()) / max(1e-6, float(np.ptp(ramp)))
    light = 1.0 - shot.shadow * ramp
    tint = np.array([rng.uniform(0.85, 1.0), rng.uniform(0.92, 1.0), 1.0], dtype=np.float32)
    photo = photo * light[..., None] * tint
    if shot.blur > 0:
        photo = cv2.GaussianBlur(photo, (0, 0), shot.blur)
    photo += rng.normal(0, 3.0, photo.shape).astype(np.float32)
    ok, data = cv2.imencode(".jpg", np.clip(photo, 0, 255).astype(np.uint8),
                            [cv2.IMWRITE_JPEG_QUALITY, shot.quality])
    assert ok
    return bytes(data.tobytes())


def render_page(svg: str, ppm: float) -> np.ndarray:
    """A sheet's SVG rendered in grey at ``ppm`` pixels a millimetre."""
    import re

    import cairosvg
    from PIL import Image

    found = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg)
    assert found is not None
    width = round(float(found.group(1)) * ppm)
    png = cairosvg.svg2png(bytestring=svg.encode(), output_width=width,
                           background_color="white")
    return np.asarray(Image.open(io.BytesIO(png)).convert("L")).copy()


@dataclass(frozen=True)
class Sample:
    """One photo of the corpus and what is written on the sheet in it."""

    name: str
    map_id: str
    paper: str
    seed: int
    sheet: int
    hand: Hand
    shot: Shot
    cells: Mapping[str, Cell]
    """What the player wrote (and the setup numbers printed), by space."""
    jpeg: bytes
    written: Mapping[str, str] = field(default_factory=dict)
    """The characters in each circle, left to right (a ring drawn round them is not a
    character; Dice Trip's parentheses are)."""


def filled_sheet(map_id: str, paper: str, seed: int, sheet: int, cells: Mapping[str, Cell],
                 hand: Hand, ppm: float, rng: np.random.Generator,
                 printed: Sequence[str] = (), name: str = ""
                 ) -> tuple[np.ndarray, dict[str, str]]:
    """The blank sheet of ``map_id`` rendered at ``ppm`` with ``cells`` written in by
    ``hand`` (spaces in ``printed`` are already on the sheet, printed by the renderer),
    and the characters in each circle."""
    from sheetgen.draw.pdf import page_svg
    from sheetgen.games import game_of
    from sheetgen.maps import find_map
    from sheetgen.read.layout import layout_from_svg
    from sheetgen.templates import paper as find_paper

    game_map = find_map(map_id)
    game = game_of(game_map)
    pages = game.sheet_pages(game_map, find_paper(paper), [""] * sheet, seed=seed)
    svg = page_svg(pages[sheet - 1])  # a sheet may be layers (drawn once, named apart)
    page = render_page(svg, ppm)
    geometry = layout_from_svg(svg, map_id, paper)
    dicetrip = map_id == "germany"
    written = {}
    for space, cell in cells.items():
        if space in printed:
            written[space] = cell.text.strip("()")
            continue
        cx, cy, r = geometry.circles[space]
        written[space] = write_cell(page, cx, cy, r, ppm, cell, hand, dicetrip, rng)
    if name:
        write_name(page, geometry.name, ppm, name, hand.ink)
    return page, written


def played_board(map_id: str, seed: int) -> tuple[dict[str, Cell], tuple[str, ...]]:
    """A finished board of the seeded game (the built-in player's), and the spaces whose
    numbers the seeded sheet prints (On Tour's setup numbers)."""
    from sheetgen.maps import find_map

    game_map = find_map(map_id)
    if map_id == "germany":
        from sheetgen.games.dicetrip.player import play as trip_play
        from sheetgen.games.dicetrip.rules import make_script as trip_script

        board = trip_play(game_map, trip_script(map_id, seed)).board
        return dict(board.cells), ()
    from sheetgen.games.ontour.players.game import play, setup_cells
    from sheetgen.games.ontour.players.planner import PlannerPlayer
    from sheetgen.games.ontour.rules import make_script

    script = make_script(game_map, seed)
    board = play(game_map, script, PlannerPlayer()).board
    printed = tuple(setup_cells(script, game_map)) if map_id != "paris" else ()
    return dict(board.cells), printed


def make_sample(map_id: str, paper: str, seed: int, sheet: int, hand: Hand, shot: Shot,
                rng: np.random.Generator, name: str = "",
                hand_over: tuple[float, float] | None = None) -> Sample:
    """A seeded sheet filled with the built-in player's board by ``hand``, photographed
    as ``shot`` says; ``hand_over`` puts a hand (a skin-coloured blob 30 mm across) over
    that point of the page (mm)."""
    cells, printed = played_board(map_id, seed)
    ppm = shot.dpi / 25.4
    page, written = filled_sheet(map_id, paper, seed, sheet, cells, hand, ppm, rng, printed,
                                 name)
    if hand_over is not None:
        x, y = hand_over
        cv2.ellipse(page, (round(x * ppm), round(y * ppm)), (round(18 * ppm), round(13 * ppm)),
                    35.0, 0, 360, 150, -1)
    jpeg = photograph(page, shot, rng)
    label = f"{map_id}-{paper}-s{seed}-n{sheet}-{hand.source.split(':')[-1]}"
    return Sample(label, map_id, paper, seed, sheet, hand, shot, cells, jpeg, written)


def random_hand(rng: np.random.Generator) -> Hand:
    """A test font or the held-out handwriting, an ink and a size."""
    sources = (*TEST_FONTS, "hand", "hand")
    return Hand(sources[int(rng.integers(len(sources)))], int(rng.integers(0, 110)),
                float(rng.uniform(4.2, 5.6)))


MAPS = (("usa", "a4"), ("europe", "letter"), ("paris", "a4"), ("germany", "a4"),
        ("usa", "letter"), ("europe", "a4"), ("paris", "letter"), ("germany", "letter"))


def corpus(count: int, seed: int = 1, dpi: tuple[float, float] = (150.0, 300.0),
           only: Sequence[int] | None = None) -> list[Sample]:
    """``count`` photos of filled sheets: the maps and papers in turn, each with its own
    game seed, hand and shot drawn from ``seed``; ``only``: just the photos of these
    places among them (each photo is made the same alone)."""
    out = []
    for k in range(count) if only is None else only:
        rng = np.random.default_rng([seed, k])
        map_id, paper = MAPS[k % len(MAPS)]
        hand = random_hand(rng)
        shot = random_shot(rng)
        shot = Shot(float(rng.uniform(*dpi)), shot.tilt, shot.tilt_dir, shot.rotation,
                    shot.blur, shot.shadow, shot.quality)
        game_seed = int(rng.integers(0, 10_000))
        out.append(make_sample(map_id, paper, game_seed, 1 + k % 5, hand, shot, rng,
                               name=("Ann", "Bo", "Cy", "Di")[k % 4]))
    return out


@dataclass(frozen=True)
class Tally:
    """How the cells of a photo were read against what was written."""

    right: int
    flagged: int
    """Written ``?``: doubtful, for a person to settle."""
    wrong: int
    """Read as something else, and not flagged: the reader's one unforgivable mistake."""
    wrong_spaces: tuple[str, ...] = ()


def tally(sample: Sample, readings: Sequence[Reading]) -> Tally:
    """Each reading (``sheetgen.read.cells.Reading``) against the sample's cells."""
    right = flagged = wrong = 0
    bad = []
    for reading in readings:
        space = reading.space
        truth = sample.cells.get(space)
        if reading.doubtful:
            flagged += 1
        elif reading.cell == truth:
            right += 1
        else:
            wrong += 1
            bad.append(f"{space}:{reading.text}!={truth.text if truth else ''}")
    return Tally(right, flagged, wrong, tuple(bad))
