"""The kit's cover: title, a map preview, contents with page numbers, printing advice."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from sheetgen.draw.page import new_page
from sheetgen.draw.style import load_style
from sheetgen.draw.text import text
from sheetgen.model import Map, MapGeometry
from sheetgen.templates import Paper


class _Part(Protocol):
    @property
    def title(self) -> str: ...
    @property
    def pages(self) -> tuple[object, ...]: ...


def cover_svg(game_map: Map, geometry: MapGeometry, paper: Paper,
              parts: Sequence[_Part], draw_map: Callable[..., Any]) -> str:
    """A portrait cover listing ``parts`` (which follow the cover, from page 2).
    ``draw_map(dwg, game_map, geometry, origin, style)`` draws the map's preview: each
    game passes its own."""
    style = load_style()
    width, height = paper.width, paper.height
    margin = 18.0
    dwg = new_page(width, height)
    dwg.add(dwg.rect((0, 0), (width, height), fill="#ffffff"))
    dwg.add(text(dwg, "Print-and-play kit", margin, margin + 6.0, 11,
                 fill=style.ink["muted"]))
    dwg.add(text(dwg, game_map.title, margin, margin + 19.0, 30, bold=True))

    # The map, scaled to the column width, tinted, without circles' labels.
    scale = min((width - 2 * margin) / geometry.width, 95.0 / geometry.height)
    top = margin + 28.0
    preview = dwg.g(transform=f"translate({margin:.2f},{top:.2f}) scale({scale:.5f})")
    preview.add(draw_map(dwg, game_map, geometry, (0.0, 0.0), style))
    dwg.add(preview)

    y = top + geometry.height * scale + 14.0
    dwg.add(text(dwg, "Contents", margin, y, 14, bold=True))
    page = 2
    for part in parts:
        y += 7.0
        dwg.add(text(dwg, part.title, margin, y, 10.5))
        dwg.add(text(dwg, f"{page}", width - margin, y, 10.5, anchor="end"))
        dwg.add(dwg.line((margin + 2, y + 1.4), (width - margin, y + 1.4), stroke="#dddddd",
                         stroke_width=0.2))
        page += len(part.pages)

    y += 14.0
    dwg.add(text(dwg, "Printing", margin, y, 14, bold=True))
    for line in ("Print at 100 % (\u201cactual size\u201d), never \u201cfit to page\u201d: "
                 "the cards and dice carry a 50 mm bar to check.",
                 "Cards: print their pages double-sided, flipping on the long edge; "
                 "cut on the crop marks.",
                 "Dice: thick paper (160 g/m\u00b2 or more) folds best; score the dashed "
                 "lines before folding."):
        y += 6.5
        dwg.add(text(dwg, line, margin, y, 9))
    return str(dwg.tostring())
