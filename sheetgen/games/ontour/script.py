"""The script of a seeded game on paper: setup, one row a turn, a QR code of the seed.

``script_svgs`` returns one SVG string a page (portrait); a USA or Europe game fits on one
page, and longer games flow onto more. Each row: turn number, the three cards (a region
chip with the region's colour and pattern, the region, the space's name), the dice, the two
numbers, a mark on star and last turns, and a tick box.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import svgwrite

from sheetgen.draw.page import new_page, star_points
from sheetgen.draw.patterns import pattern_fill
from sheetgen.draw.qr import QUIET, add_qr, qr_side, seed_code
from sheetgen.draw.qr import qr_matrix as qr_matrix
from sheetgen.draw.style import Style, load_style
from sheetgen.draw.text import text, text_width
from sheetgen.games.ontour.rules import Script, Turn
from sheetgen.model import Card, Map, Region
from sheetgen.templates import Paper

MARGIN = 12.0
ROW_H = 8.2
HEADER_H = 34.0
TABLE_HEAD_H = 6.0
QR_MODULE = 0.9
"""Side of one QR module in mm (about 22 mm for the code with its quiet zone)."""

# Column layout: (key, width in mm). Card columns share what is left.
FIXED_COLUMNS = (("turn", 11.0), ("dice", 16.0), ("numbers", 24.0), ("mark", 16.0),
                 ("tick", 9.0))


def qr_payload(script: Script) -> str:
    """What the QR code carries: ``sheetgen:<map>:<seed>`` (a long seed hashed, see
    ``draw.qr.seed_code``)."""
    return f"sheetgen:{script.map_id}:{seed_code(script.seed)}"


def _add_qr(dwg: svgwrite.Drawing, payload: str, x: float, y: float) -> float:
    """Draw the QR code (with a 4-module quiet zone) at (x, y); returns its side in mm."""
    dwg.add(add_qr(dwg, payload, x, y, QR_MODULE))
    return qr_side(payload, QR_MODULE)


def _chip(dwg: svgwrite.Drawing, region: Region, x: float, y: float, side: float,
          style: Style) -> Any:
    group = dwg.g(class_=f"chip chip-{region.value}")
    group.add(dwg.rect((x, y), (side, side), rx=0.6, fill=style.region_colour[region]))
    texture = pattern_fill(dwg, style.region_pattern[region], "#ffffff", pitch=1.6,
                           opacity=0.9)
    if texture:
        group.add(dwg.rect((x, y), (side, side), rx=0.6, fill=texture))
    return group


def _columns(width: float) -> dict[str, tuple[float, float]]:
    """Each column's (left x, width)."""
    fixed = dict(FIXED_COLUMNS)
    card_w = (width - 2 * MARGIN - sum(fixed.values())) / 3
    order = ["turn", "card1", "card2", "card3", "dice", "numbers", "mark", "tick"]
    widths = {**fixed, "card1": card_w, "card2": card_w, "card3": card_w}
    cols, x = {}, MARGIN
    for key in order:
        cols[key] = (x, widths[key])
        x += widths[key]
    return cols


def _card_cell(dwg: svgwrite.Drawing, game_map: Map, card: Card, x: float, y: float,
               style: Style, width: float | None = None) -> None:
    chip = 4.2
    dwg.add(_chip(dwg, card.region, x + 1.0, y + (ROW_H - chip) / 2, chip, style))
    name = game_map.card_name(card)
    size = 8.5
    room = None if width is None else width - chip - 3.4
    while room is not None and size > 6.0 and text_width(name, size, bold=True) > room:
        size -= 0.25  # long names ("XVII Batignolles-Monceau") set smaller, not over
    dwg.add(text(dwg, name, x + chip + 2.4, y + ROW_H / 2 - 0.2, size, bold=True,
                 class_="card-space"))
    dwg.add(text(dwg, card.region.value, x + chip + 2.4, y + ROW_H / 2 + 2.9, 6.5,
                 fill=style.ink["muted"], class_="card-region"))


def _number(n: int) -> str:
    return f"{n:02d}"


def _add_row(dwg: svgwrite.Drawing, game_map: Map, turn: Turn, y: float,
             cols: dict[str, tuple[float, float]], shade: bool, style: Style) -> None:
    ink, muted = style.ink["text"], style.ink["muted"]
    left = cols["turn"][0]
    right = cols["tick"][0] + cols["tick"][1]
    row = dwg.g(class_="turn", id=f"turn-{turn.turn}")
    if shade:
        row.add(dwg.rect((left, y), (right - left, ROW_H), fill="#f3f3f3"))
    dwg.add(row)
    mid = y + ROW_H / 2 + 1.3
    tx, tw = cols["turn"]
    dwg.add(text(dwg, str(turn.turn), tx + tw - 2.5, mid, 10, bold=True, anchor="end"))
    if turn.cards:
        for i, card in enumerate(turn.cards):
            cx, cw = cols[f"card{i + 1}"]
            _card_cell(dwg, game_map, card, cx, y, style, cw)
    else:
        cx, _ = cols["card1"]
        left_word = "one space" if turn.empty_before == 1 else "two spaces"
        dwg.add(text(dwg, f"Last turn: no cards, {left_word} left, write anywhere", cx + 1.0,
                     mid, 8.5, fill=muted))
    dx, dw = cols["dice"]
    dwg.add(text(dwg, f"{turn.dice[0]} {turn.dice[1]}", dx + dw / 2, mid, 10,
                 anchor="middle", class_="dice"))
    nx, nw = cols["numbers"]
    if turn.star:
        dwg.add(dwg.polygon(star_points(nx + 4.5, y + ROW_H / 2, 2.6), fill=ink))
        dwg.add(text(dwg, "one star", nx + 8.5, mid, 8.5, class_="numbers"))
    else:
        sep = "  or  " if turn.last and turn.empty_before == 1 else "  "
        shown = sep.join(_number(n) for n in turn.numbers)
        dwg.add(text(dwg, shown, nx + nw / 2, mid, 11, bold=True, anchor="middle",
                     class_="numbers"))
    mx, mw = cols["mark"]
    marks = []
    if turn.star:
        marks.append("STAR")
    if turn.last:
        marks.append("LAST")
    if marks:
        dwg.add(text(dwg, " ".join(marks), mx + mw / 2, mid, 9, condensed=True,
                     anchor="middle", class_="mark"))
    kx, kw = cols["tick"]
    box = 4.4
    dwg.add(dwg.rect((kx + (kw - box) / 2, y + (ROW_H - box) / 2), (box, box),
                     fill="#ffffff", stroke=style.ink["outline"], stroke_width=0.35,
                     class_="tick"))


def _add_table_head(dwg: svgwrite.Drawing, y: float, cols: dict[str, tuple[float, float]],
                    style: Style) -> None:
    muted = style.ink["muted"]
    heads = {"turn": "Turn", "card1": "Cards", "dice": "Dice", "numbers": "Numbers",
             "mark": "", "tick": "Done"}
    for key, label in heads.items():
        x, w = cols[key]
        anchor = "end" if key == "turn" else ("start" if key == "card1" else "middle")
        hx = x + w - 2.5 if key == "turn" else (x + 1.0 if key == "card1" else x + w / 2)
        dwg.add(text(dwg, label, hx, y + TABLE_HEAD_H - 1.8, 7.5, bold=True, anchor=anchor,
                     fill=muted))
    left = cols["turn"][0]
    right = cols["tick"][0] + cols["tick"][1]
    dwg.add(dwg.line((left, y + TABLE_HEAD_H), (right, y + TABLE_HEAD_H),
                     stroke=style.ink["outline"], stroke_width=0.3))


def _add_header(dwg: svgwrite.Drawing, game_map: Map, script: Script, width: float,
                page: int, pages: int, style: Style, par: int | None = None) -> float:
    """Title, seed, setup and QR code; returns the y where the table starts."""
    muted = style.ink["muted"]
    top = MARGIN
    dwg.add(text(dwg, game_map.title, MARGIN, top + 7.0, 17, bold=True, class_="title"))
    seed_line = f"Seeded game · seed {seed_code(script.seed)}"
    if par is not None:
        seed_line += f" · par {par} (the built-in player's score)"
    dwg.add(text(dwg, seed_line, MARGIN, top + 12.5, 10, class_="seed"))
    if pages > 1:
        dwg.add(text(dwg, f"Page {page} of {pages}", MARGIN, top + 17.0, 7.5, fill=muted))
    side = qr_side(qr_payload(script), QR_MODULE)
    qr_x = width - MARGIN - side + QUIET * QR_MODULE
    _add_qr(dwg, qr_payload(script), qr_x, top - QUIET * QR_MODULE)
    if page > 1:
        return top + 22.0
    # Setup, two rolls.
    y = top + 20.0
    dwg.add(text(dwg, "Setup: write these four numbers and circle them", MARGIN, y, 8.5,
                 bold=True))
    for i, step in enumerate(script.setup):
        line_y = y + 5.0 + i * 5.2
        parts = [f"{_number(n)} in {game_map.card_name(c)}"
                 for c, n in zip(step.cards, step.numbers, strict=True)]
        dwg.add(text(dwg, f"Roll {step.dice[0]} {step.dice[1]}:  " + ",  ".join(parts),
                     MARGIN + 2.0, line_y, 8.5, class_="setup"))
    return top + HEADER_H


def _add_footer(dwg: svgwrite.Drawing, width: float, height: float, style: Style) -> None:
    lines = ("Each turn: write the two numbers in empty spaces in the regions of two different "
             "cards; circle a number written in a card's own space.",
             "STAR: one star in an empty space in a card's region (circled in the card's own "
             "space). No legal space for a number: an X in any empty space.")
    for i, line in enumerate(lines):
        dwg.add(text(dwg, line, MARGIN, height - MARGIN - 1.5 + i * 3.2, 7,
                     fill=style.ink["muted"], class_="rules"))


def rows_per_page(paper: Paper, first: bool) -> int:
    top = MARGIN + (HEADER_H if first else 22.0) + TABLE_HEAD_H
    return int((paper.height - MARGIN - 6.0 - top) // ROW_H)


def paginate(turns: Sequence[Turn], paper: Paper) -> list[Sequence[Turn]]:
    first = rows_per_page(paper, True)
    rest = rows_per_page(paper, False)
    pages: list[Sequence[Turn]] = [turns[:first]]
    i = first
    while i < len(turns):
        pages.append(turns[i:i + rest])
        i += rest
    return pages


def script_svgs(game_map: Map, script: Script, paper: Paper,
                style: Style | None = None, par: int | None = None) -> list[str]:
    """The script as portrait pages of SVG text; ``par``, when given, is printed as the
    challenge's target."""
    style = style or load_style()
    width, height = paper.width, paper.height
    cols = _columns(width)
    chunks = paginate(script.turns, paper)
    out = []
    for page, chunk in enumerate(chunks, start=1):
        dwg = new_page(width, height)
        dwg.add(dwg.rect((0, 0), (width, height), fill="#ffffff"))
        y = _add_header(dwg, game_map, script, width, page, len(chunks), style, par)
        _add_table_head(dwg, y, cols, style)
        y += TABLE_HEAD_H
        for turn in chunk:
            _add_row(dwg, game_map, turn, y, cols, turn.turn % 2 == 0, style)
            y += ROW_H
        _add_footer(dwg, width, height, style)
        out.append(dwg.tostring())
    return out
