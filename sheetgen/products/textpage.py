"""Pages of prose: headings, paragraphs and lists, wrapped with the real font metrics.

Inline code (a span between backticks, as in Markdown) is set in the condensed face on a
light tint, so the page shows the words a user types, never the backticks around them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sheetgen.draw.page import new_page
from sheetgen.draw.text import PT, text, text_width
from sheetgen.templates import Paper


@dataclass(frozen=True)
class Block:
    """One piece of a prose page."""

    kind: str
    """``"h1"``, ``"h2"``, ``"p"``, ``"li"`` (a bullet) or ``"mono"`` (a code line)."""
    content: str


CODE_PAD = 0.7
"""Tint beyond each end of an inline code span, mm."""
Segment = tuple[str, bool]
"""A stretch of one line: its text and whether it is inline code."""


def inline_spans(content: str) -> list[Segment]:
    """``content`` cut at its backticks into (text, is_code) spans; a backtick without a
    partner is kept as a character."""
    parts = content.split("`")
    if len(parts) % 2 == 0:  # an odd backtick out: the last one is literal
        parts = parts[:-2] + [parts[-2] + "`" + parts[-1]]
    return [(part, k % 2 == 1) for k, part in enumerate(parts) if part]


def _width(content: str, code: bool, size: float, bold: bool) -> float:
    return text_width(content, size, bold=bold, condensed=code)


def wrap_spans(content: str, width_mm: float, size: float, *,
               bold: bool = False) -> list[list[Segment]]:
    """Greedy word wrap of ``content`` with inline code: lines of segments (runs of one
    style, spaces inside), each line no wider than ``width_mm`` where words allow."""
    words: list[tuple[str, bool, bool]] = []  # (word, code, space before)
    space_next = False
    for part, code in inline_spans(content):
        if part[:1].isspace():
            space_next = True
        for k, word in enumerate(part.split()):
            words.append((word, code, space_next if k == 0 else True))
            space_next = False
        if part[-1:].isspace():
            space_next = True
    lines: list[list[Segment]] = []
    line: list[Segment] = []
    for word, code, space in words:
        gap = " " if space and line else ""
        if line and line[-1][1] == code:
            candidate = [*line[:-1], (line[-1][0] + gap + word, code)]
        else:
            candidate = [*line, (gap + word, code)]
        if line and _line_width(candidate, size, bold) > width_mm:
            lines.append(line)
            line = [(word, code)]
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines


def _line_width(segments: list[Segment], size: float, bold: bool) -> float:
    """Width as :func:`_draw_line` sets it: a segment's leading spaces in the text face."""
    total = 0.0
    for content, code in segments:
        body = content.lstrip(" ")
        total += _width(" " * (len(content) - len(body)), False, size, bold)
        total += _width(body, code, size, bold) + (2 * CODE_PAD if code else 0.0)
    return total


def _draw_line(dwg: Any, segments: list[Segment], x: float, y: float, size: float,
               bold: bool) -> None:
    for content, code in segments:
        lead = len(content) - len(content.lstrip(" "))
        if lead:
            x += _width(" " * lead, False, size, bold)
            content = content[lead:]
        w = _width(content, code, size, bold)
        if code:
            dwg.add(dwg.rect((round(x, 2), round(y - size * PT * 0.8, 2)),
                             (round(w + 2 * CODE_PAD, 2), round(size * PT * 1.05, 2)),
                             rx=0.6, fill="#ececec", class_="code-tint"))
            x += CODE_PAD
        dwg.add(text(dwg, content, x, y, size, bold=bold, condensed=code,
                     class_="code" if code else "prose"))
        x += w + (CODE_PAD if code else 0.0)


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
        lines = wrap_spans(block.content, column - indent, size, bold=bold)
        for k, line in enumerate(lines):
            y += leading
            if block.kind == "li" and k == 0:
                dwg.add(text(dwg, "•", margin + 1.0, y, size))
            _draw_line(dwg, line, margin + indent, y, size, bold)
        if block.kind == "h1":
            y += 2.0
    if y > height - margin:
        raise ValueError(f"prose page overflows by {y - (height - margin):.1f} mm")
    if footer:
        dwg.add(text(dwg, footer, width / 2, height - margin / 2, 7.5, anchor="middle",
                     fill="#6b6b6b"))
    return str(dwg.tostring())


def block_height(block: Block, column: float) -> float:
    """How far ``prose_page`` moves down for ``block`` in a column ``column`` mm wide."""
    size = _SIZES[block.kind]
    leading = size * PT * 1.38
    height = _BEFORE[block.kind]
    if block.kind == "mono":
        return height + leading
    indent = 5.0 if block.kind == "li" else 0.0
    lines = wrap_spans(block.content, column - indent, size,
                       bold=block.kind in ("h1", "h2"))
    return height + leading * len(lines) + (2.0 if block.kind == "h1" else 0.0)


def prose_pages(paper: Paper, blocks: list[Block], *, continued: str = "Continued",
                landscape: bool = False, margin: float = 18.0) -> list[str]:
    """As many prose pages as ``blocks`` need, each page after the first headed by an
    ``h2`` ``continued``; the blocks are measured, not drawn, to cut the pages, and a
    heading goes to the next page with the block under it."""
    width, height = paper.landscape if landscape else (paper.width, paper.height)
    column = width - 2 * margin
    pages: list[list[Block]] = [[]]
    y = margin
    for k, block in enumerate(blocks):
        advance = block_height(block, column)
        needed = advance
        if block.kind in ("h1", "h2") and k + 1 < len(blocks):  # no heading left alone
            needed += block_height(blocks[k + 1], column)
        if y + needed > height - margin and len(pages[-1]) > (len(pages) > 1):
            head = Block("h2", continued)
            pages.append([head])
            y = margin + block_height(head, column)
        pages[-1].append(block)
        y += advance
    return [prose_page(paper, chunk, landscape=landscape, margin=margin) for chunk in pages]
