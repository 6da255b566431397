"""SVG patterns that make the palette's regions and areas readable without colour.

The five kinds match ``templates/style.toml``: ``none``, ``hatch`` (diagonal lines),
``dots`` (staggered dots), ``grid`` (a square lattice) and ``vertical`` (upright lines).
A pattern is laid over a fill of its own colour (or drawn with a background), so the
same shape reads in colour by its hue and in greyscale by its texture.

Usage::

    fill = pattern_fill(dwg, "dots", ink="#ffffff", opacity=0.5)
    if fill:
        group.add(dwg.rect(..., fill=fill))      # over a rect already filled in colour

Patterns are added to the drawing's ``<defs>`` once, under an id derived from their
parameters, so calling ``pattern_fill`` for every card of a page costs one definition.
All sizes are in the drawing's user units (millimetres) and in ``userSpaceOnUse``: the
texture has the same pitch wherever it is used.
"""

from __future__ import annotations

import re
from enum import StrEnum

import svgwrite


class PatternKind(StrEnum):
    """A greyscale-distinct texture."""

    NONE = "none"
    HATCH = "hatch"
    DOTS = "dots"
    GRID = "grid"
    VERTICAL = "vertical"


class UnknownPatternError(ValueError):
    """A pattern name that is not one of :class:`PatternKind`."""


def pattern_kind(name: str | PatternKind) -> PatternKind:
    """The kind named ``name`` (``"hatch"``...); raises UnknownPatternError naming the
    known ones."""
    if isinstance(name, PatternKind):
        return name
    try:
        return PatternKind(name.strip().lower())
    except ValueError:
        raise UnknownPatternError(f"unknown pattern {name!r}; expected one of "
                                  + ", ".join(k.value for k in PatternKind)) from None


def _defined_ids(dwg: svgwrite.Drawing) -> set[str]:
    return {str(el.attribs.get("id")) for el in dwg.defs.elements}


def pattern_id(kind: PatternKind, ink: str, pitch: float, opacity: float,
               background: str | None) -> str:
    """The deterministic id of a pattern definition with these parameters."""
    raw = f"pat-{kind.value}-{ink}-{pitch:g}-{opacity:g}-{background or 'none'}"
    return re.sub(r"[^A-Za-z0-9_-]", "", raw.replace(".", "_"))


def pattern_fill(dwg: svgwrite.Drawing, kind: str | PatternKind, ink: str = "#ffffff", *,
                 pitch: float = 2.0, opacity: float = 0.55,
                 background: str | None = None, angle: float = 0.0) -> str | None:
    """A ``fill`` value (``url(#id)``) for the pattern ``kind``, adding its definition to
    ``dwg`` if needed; None for ``none`` without a background.

    ``pitch`` is the spacing of the texture in mm, ``ink`` the colour of its marks and
    ``opacity`` theirs. With ``background`` the tile is filled first, so the pattern alone
    paints a shape; without it the tile is transparent and meant to overlay a colour.
    ``angle`` turns the texture (degrees, clockwise): a grid at 45 is a diamond lattice.
    """
    k = pattern_kind(kind)
    if k is PatternKind.NONE and background is None:
        return None
    pid = pattern_id(k, ink, pitch, opacity, background) + (f"-r{angle:g}" if angle else "")
    pid = pid.replace(".", "_")
    if pid not in _defined_ids(dwg):
        dwg.defs.add(_pattern(dwg, pid, k, ink, pitch, opacity, background, angle))
    return f"url(#{pid})"


def _pattern(dwg: svgwrite.Drawing, pid: str, kind: PatternKind, ink: str, pitch: float,
             opacity: float, background: str | None,
             angle: float = 0.0) -> svgwrite.pattern.Pattern:
    s = pitch
    line = 0.18 * s
    tile = {PatternKind.DOTS: (2 * s, 2 * s), PatternKind.GRID: (1.4 * s, 1.4 * s)}.get(
        kind, (s, s))
    turn = angle + (45 if kind is PatternKind.HATCH else 0)
    extra = {"patternTransform": f"rotate({turn:g})"} if turn else {}
    pat = dwg.pattern(id=pid, size=tile, patternUnits="userSpaceOnUse", **extra)
    if background is not None:
        pat.add(dwg.rect((0, 0), tile, fill=background))
    marks = dwg.g(fill=ink, fill_opacity=f"{opacity:g}")
    if kind in (PatternKind.HATCH, PatternKind.VERTICAL):
        marks.add(dwg.rect((0, 0), (line, s)))
    elif kind is PatternKind.GRID:
        w, h = tile
        marks.add(dwg.rect((0, 0), (line, h)))
        marks.add(dwg.rect((line, 0), (w - line, line)))
    elif kind is PatternKind.DOTS:
        r = 0.24 * s
        for cx, cy in ((0.5 * s, 0.5 * s), (1.5 * s, 1.5 * s)):
            marks.add(dwg.circle((cx, cy), r))
    pat.add(marks)
    return pat
