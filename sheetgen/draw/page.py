"""Drawing primitives every page shares: a page in millimetres, a star."""

from __future__ import annotations

from math import cos, pi, sin

import svgwrite


def new_page(width: float, height: float) -> svgwrite.Drawing:
    """An empty page ``width`` x ``height`` mm whose user unit is one millimetre."""
    return svgwrite.Drawing(size=(f"{width:g}mm", f"{height:g}mm"),
                            viewBox=f"0 0 {width:g} {height:g}", debug=False)


def star_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """A five-pointed star of outer radius ``r`` centred on (cx, cy), point up."""
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.42
        angle = -pi / 2 + i * pi / 5
        points.append((round(cx + radius * cos(angle), 3), round(cy + radius * sin(angle), 3)))
    return points
