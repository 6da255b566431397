"""Text in drawings: the house fonts, point sizes, and real measurements.

Text is measured with reportlab's metrics of the shipped font files, so a line that fits
here fits in the PDF that cairo draws from the same fonts.

Names come in any script, so every string passes through :func:`displayed` before it is
drawn or measured:

* characters that cannot be printed (controls, unassigned code points, private use,
  surrogates) are dropped, so nothing drawn can break the page's markup (svgwrite escapes
  ``<``, ``&`` and quotes);
* right-to-left runs (Hebrew) are put in visual order (cairo draws glyphs left to right
  and does not reorder);
* each character is drawn in Open Sans when it has the glyph, else in DejaVu Sans (Greek,
  Cyrillic, Hebrew, arrows, symbols, the emoticons U+1F600-1F64F), else as U+FFFD.
  cairosvg takes only the first name of a ``font-family`` list and cairo's text API does
  not fall back on its own, so mixed text is split into ``<tspan>`` runs, one font each.

:func:`unprintable` names what a caller should refuse up front (CJK, most emoji, scripts
whose letters must join, controls), because it would not print as typed.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from typing import Any

import svgwrite
from bidi import get_display
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from sheetgen.draw import FALLBACK, FALLBACK_CONDENSED, FONT, FONT_CONDENSED
from sheetgen.resources import fonts_dir

PT = 25.4 / 72
"""One typographic point in millimetres."""
TYPE_MIN_PT = 6.0
"""The smallest type on any printed page, points: everything on a page is meant to be
read (rules text: 7 pt)."""

_FACES = {
    ("house", "regular"): "OpenSans-Regular.ttf",
    ("house", "bold"): "OpenSans-Bold.ttf",
    ("house", "condensed"): "OpenSans-CondBold.ttf",
    ("fallback", "regular"): "DejaVuSans.ttf",
    ("fallback", "bold"): "DejaVuSans-Bold.ttf",
    ("fallback", "condensed"): "DejaVuSansCondensed-Bold.ttf",
}
_FAMILIES = {("house", False): FONT, ("house", True): FONT_CONDENSED,
             ("fallback", False): FALLBACK, ("fallback", True): FALLBACK_CONDENSED}
REPLACEMENT = "\ufffd"
_DROP = {"Cc", "Cs", "Co", "Cn"}
"""Categories never drawn: controls, surrogates, private use, unassigned."""
_ZERO_WIDTH = {"\u200d", "\ufe0e", "\ufe0f"}
"""Joiners and emoji/text presentation selectors: cairo cannot compose sequences."""


def _kind(bold: bool, condensed: bool) -> str:
    return "condensed" if condensed else "bold" if bold else "regular"


@cache
def _face(font: str, kind: str) -> str:
    name = f"sheetgen-{font}-{kind}"
    pdfmetrics.registerFont(TTFont(name, str(fonts_dir() / _FACES[font, kind])))
    return name


@cache
def _cmap(font: str, kind: str) -> frozenset[int]:
    registered = pdfmetrics.getFont(_face(font, kind))
    return frozenset(registered.face.charToGlyph)


def _has(char: str, font: str, kind: str) -> bool:
    return ord(char) in _cmap(font, kind)


def unprintable(content: str) -> list[str]:
    """What in ``content`` cannot be printed as typed, each as ``U+XXXX 'c' (why)``; empty
    when every character prints. Callers refuse such text with these words."""
    problems: list[str] = []
    for char in dict.fromkeys(content):
        cat = unicodedata.category(char)
        code = f"U+{ord(char):04X}"
        if cat in _DROP:
            what = {"Cc": "a control character", "Cs": "a lone surrogate",
                    "Co": "a private-use character", "Cn": "not a character"}[cat]
            problems.append(f"{code} ({what})")
        elif char in _ZERO_WIDTH or cat in ("Zl", "Zp"):
            continue
        elif unicodedata.bidirectional(char) == "AL":
            problems.append(f"{code} {char!r} (its letters must join, which the PDF "
                            "renderer cannot do)")
        elif cat != "Cf" and not any(_has(char, f, "regular") for f in ("house", "fallback")):
            problems.append(f"{code} {char!r} (no shipped font has this character)")
    return problems


def displayed(content: str) -> str:
    """``content`` as it is drawn: unprintable characters dropped, right-to-left runs in
    visual order, format characters removed, glyphs no font has replaced by U+FFFD."""
    content = unicodedata.normalize("NFC", content)
    chars = []
    for char in content:
        cat = unicodedata.category(char)
        if cat in _DROP or cat in ("Zl", "Zp"):
            if char in "\t\n\r\v\f\x1c\x1d\x1e\x85" or cat in ("Zl", "Zp"):
                chars.append(" ")
            continue
        chars.append(char)
    content = "".join(chars)
    if any(unicodedata.bidirectional(c) in ("R", "AL", "RLE", "RLO", "RLI") for c in content):
        content = get_display(content)
    out = []
    for char in content:
        if unicodedata.category(char) == "Cf" or char in _ZERO_WIDTH:
            continue
        if not (_has(char, "house", "regular") or _has(char, "fallback", "regular")):
            char = REPLACEMENT
        out.append(char)
    return "".join(out)


def _runs(shown: str, kind: str) -> list[tuple[str, str]]:
    """``shown`` cut into (font, text) runs: the house font where it has the glyph, the
    fallback elsewhere; spaces join the run they are in."""
    runs: list[tuple[str, str]] = []
    for char in shown:
        if char == " " and runs:
            font = runs[-1][0]
        else:
            font = "house" if _has(char, "house", kind) else "fallback"
        if runs and runs[-1][0] == font:
            runs[-1] = (font, runs[-1][1] + char)
        else:
            runs.append((font, char))
    return runs


def text(dwg: svgwrite.Drawing, content: str, x: float, y: float, size_pt: float, *,
         bold: bool = False, condensed: bool = False, anchor: str = "start",
         fill: str = "#1a1a1a", **extra: Any) -> Any:
    """A text element with the house fonts; ``size_pt`` in points, position in mm
    (``y`` is the baseline). Any string is safe: see :func:`displayed`."""
    shown = displayed(content)
    kind = _kind(bold, condensed)
    runs = _runs(shown, kind)
    weight = "bold" if bold or condensed else "normal"
    size = f"{size_pt * PT:.3f}"
    if len(runs) <= 1:
        font = runs[0][0] if runs else "house"
        return dwg.text(shown, insert=(round(x, 2), round(y, 2)),
                        font_family=_FAMILIES[font, condensed], font_size=size,
                        font_weight=weight, text_anchor=anchor, fill=fill, **extra)
    # Mixed fonts: cairosvg anchors each run on its own, so the start is computed here.
    width = text_width(content, size_pt, bold=bold, condensed=condensed)
    x0 = x - width * {"start": 0.0, "middle": 0.5, "end": 1.0}[anchor]
    element = dwg.text("", insert=(round(x0, 2), round(y, 2)), font_size=size,
                       font_weight=weight, fill=fill, **extra)
    for font, part in runs:
        element.add(dwg.tspan(part, font_family=_FAMILIES[font, condensed]))
    return element


def text_width(content: str, size_pt: float, *, bold: bool = False,
               condensed: bool = False) -> float:
    """Width in mm of ``content`` as :func:`text` draws it at ``size_pt``."""
    kind = _kind(bold, condensed)
    return sum(float(pdfmetrics.stringWidth(part, _face(font, kind), size_pt))
               for font, part in _runs(displayed(content), kind)) * PT


def _break_word(word: str, width_mm: float, size_pt: float, bold: bool,
                condensed: bool) -> list[str]:
    """A word too wide for a line, cut between characters into pieces that fit."""
    pieces: list[str] = []
    current = ""
    for char in word:
        if current and text_width(current + char, size_pt, bold=bold,
                                  condensed=condensed) > width_mm:
            pieces.append(current)
            current = char
        else:
            current += char
    if current:
        pieces.append(current)
    return pieces


def wrap(content: str, width_mm: float, size_pt: float, *, bold: bool = False,
         condensed: bool = False, break_words: bool = False) -> list[str]:
    """Greedy word wrap of ``content`` to lines no wider than ``width_mm``. A word wider
    than a whole line stands on a line of its own, or with ``break_words`` is cut between
    characters."""
    lines: list[str] = []
    current = ""
    for word in content.split():
        if break_words and text_width(word, size_pt, bold=bold,
                                      condensed=condensed) > width_mm:
            pieces = _break_word(word, width_mm, size_pt, bold, condensed)
        else:
            pieces = [word]
        for piece in pieces:
            candidate = f"{current} {piece}".strip()
            if current and text_width(candidate, size_pt, bold=bold,
                                      condensed=condensed) > width_mm:
                lines.append(current)
                current = piece
            else:
                current = candidate
    if current:
        lines.append(current)
    return lines


ELLIPSIS = "…"


def fit_text(content: str, width_mm: float, size_pt: float, *, min_pt: float,
             max_lines: int = 1, bold: bool = False, condensed: bool = False,
             step_pt: float = 0.5) -> tuple[list[str], float]:
    """``content`` set to fit a box ``width_mm`` wide in at most ``max_lines`` lines: the
    largest size from ``size_pt`` down to ``min_pt`` (in ``step_pt`` steps) at which it
    wraps into that many lines without cutting a word; if none does, at the smallest size
    with over-wide words cut between characters and the last line cut short and ended
    with an ellipsis. Every line returned is at most ``width_mm`` wide."""
    def fits(lines: list[str], size: float) -> bool:
        return len(lines) <= max_lines and all(
            text_width(line, size, bold=bold, condensed=condensed) <= width_mm
            for line in lines)

    size = size_pt
    while True:
        lines = wrap(content, width_mm, size, bold=bold, condensed=condensed)
        if fits(lines, size):
            return lines or [""], size
        if size - step_pt < min_pt - 1e-9:
            break
        size -= step_pt
    lines = wrap(content, width_mm, size, bold=bold, condensed=condensed, break_words=True)
    if len(lines) > max_lines:
        kept = lines[:max_lines]
        last = kept[-1]
        while last and text_width(last + ELLIPSIS, size, bold=bold,
                                  condensed=condensed) > width_mm:
            last = last[:-1].rstrip()
        kept[-1] = last + ELLIPSIS
        lines = kept
    return lines or [""], size


def route_proof(proven: bool) -> str:
    """What a scored page says of its route: proven the best of its board, or not."""
    return ("no route on this board scores more (proven)" if proven
            else "best route found (not proven)")
