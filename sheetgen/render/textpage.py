"""Pages of prose: headings, paragraphs and lists, wrapped with the real font metrics."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sheetgen.render.draw import new_page
from sheetgen.render.text import PT, text, wrap
from sheetgen.templates import Paper


@dataclass(frozen=True)
class Block:
    """One piece of a prose page."""

    kind: str
    """``"h1"``, ``"h2"``, ``"p"``, ``"li"`` (a bullet) or ``"mono"`` (a code line)."""
    content: str


_SIZES = {"h1": 20.0, "h2": 12.5, "p": 10.0, "li": 10.0, "mono": 9.0}
_BEFORE = {"h1": 0.0, "h2": 4.5, "p": 1.6, "li": 0.8, "mono": 0.4}


def prose_page(paper: Paper, blocks: list[Block], *, landscape: bool = False,
               margin: float = 18.0, footer: str = "") -> str:
    """A page of blocks set top to bottom. Raises ValueError when they do not fit."""
    width, height = paper.landscape if landscape else (paper.width, paper.height)
    dwg = new_page(width, height)
    dwg.add(dwg.rect((0, 0), (width, height), fill="#ffffff"))
    column = width - 2 * margin
    y = margin
    for block in blocks:
        size = _SIZES[block.kind]
        leading = size * PT * 1.38
        y += _BEFORE[block.kind]
        bold = block.kind in ("h1", "h2")
        indent = 5.0 if block.kind == "li" else 0.0
        if block.kind == "mono":  # a line of a file, set as is in a tinted band
            y += leading
            dwg.add(dwg.rect((margin + 2.0, round(y - size * PT * 1.02, 2)),
                             (column - 4.0, round(leading, 2)), fill="#f1f1f1"))
            preserve: dict[str, Any] = {"xml:space": "preserve"}
            dwg.add(text(dwg, block.content, margin + 4.0, y, size, condensed=True, **preserve))
            continue
        lines = wrap(block.content, column - indent, size, bold=bold)
        for k, line in enumerate(lines):
            y += leading
            if block.kind == "li" and k == 0:
                dwg.add(text(dwg, "•", margin + 1.0, y, size))
            dwg.add(text(dwg, line, margin + indent, y, size, bold=bold))
        if block.kind == "h1":
            y += 2.0
    if y > height - margin:
        raise ValueError(f"prose page overflows by {y - (height - margin):.1f} mm")
    if footer:
        dwg.add(text(dwg, footer, width / 2, height - margin / 2, 7.5, anchor="middle",
                     fill="#6b6b6b"))
    return str(dwg.tostring())
