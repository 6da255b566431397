"""The perfect game of a seed on paper, after its scored map: the score against the proven
upper bound and the built-in player's par, then where every mark was written, turn by turn.

The map page itself is the scored page of ``games.ontour.scored`` (``player_page``), titled for
the perfect game; this module draws the portrait page (or pages) that follow it. A game
that does not fit one page flows onto more, the summary on the first only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import svgwrite

from sheetgen.draw.page import new_page
from sheetgen.draw.style import Style, load_style
from sheetgen.draw.text import fit_text, text, text_width, wrap
from sheetgen.games.ontour.rules import Script, Turn
from sheetgen.model import Board, Cell, CellKind, Map, SpaceId, ride_points

MARGIN = 15.0
ROW_H = 6.4
"""Height of a turn's row, mm."""
HEAD_ROOM = 11.0
"""From the table's top to its first row's top: the column heads, mm."""
FOOT_ROOM = 10.0
"""Kept under the last row for the page's footnote, mm."""
COLUMNS = (("turn", 13.0), ("dice", 15.0), ("numbers", 24.0))
"""The fixed columns (key, width in mm); the marks written take what is left."""


@dataclass(frozen=True)
class PerfectSummary:
    """What the pages state about the perfect game (every figure as the CSV and the
    JSON state it)."""

    seed: int
    score: int
    upper_bound: int
    par: int
    time_limit: float
    route: tuple[SpaceId, ...]
    rides: tuple[tuple[SpaceId, SpaceId], ...] = ()
    """The route's boat rides (Paris), as (from, to)."""
    clocked: bool = False
    """``time_limit`` was wall-clock seconds (else seconds of deterministic work)."""

    @property
    def proven(self) -> bool:
        return self.score >= self.upper_bound


def verdict_line(summary: PerfectSummary) -> str:
    """One line: proven, or the bound and the gap."""
    if summary.proven:
        return (f"{summary.score} points, proven optimal: no legal way of playing this "
                "seed scores more")
    gap = summary.upper_bound - summary.score
    return (f"best found {summary.score} points · upper bound {summary.upper_bound} · gap "
            f"{gap} (not proven within {summary.time_limit:g} s of "
            f"{'search' if summary.clocked else 'work'})")


def par_line(summary: PerfectSummary) -> str:
    """The par for comparison, and how far the perfect game is ahead of it."""
    ahead = summary.score - summary.par
    words = (f"{ahead} more" if ahead > 0 else "the same" if ahead == 0 else
             f"{-ahead} fewer")
    return (f"Par {summary.par} (the built-in player's score on the same cards and dice): "
            f"the perfect game scores {words}.")


def _columns(width: float) -> dict[str, tuple[float, float]]:
    cols, x = {}, MARGIN
    for key, w in COLUMNS:
        cols[key] = (x, w)
        x += w
    cols["written"] = (x, width - MARGIN - x)
    return cols


def _mark(cell: Cell) -> str:
    """A mark as a reader says it: ``45``, ``(45)`` circled, a star, a circled star."""
    if cell.kind is CellKind.STAR:
        return "a circled star" if cell.circled else "a star"
    return cell.text


def _written(game_map: Map, board: Board, spaces: Sequence[SpaceId],
             turn: Turn | None = None) -> str:
    """The marks of one turn as written: ``(45) in Colorado, 67 in Utah``; an X says which
    number (or the star) had no legal space."""
    unplaced = list(turn.numbers) if turn is not None else []
    for sid in spaces:
        cell = board.cells[sid]
        if cell.kind is CellKind.NUMBER and cell.value in unplaced:
            unplaced.remove(cell.value)
    words = []
    for sid in spaces:
        cell = board.cells[sid]
        name = game_map.space(sid).name
        if cell.kind is CellKind.CROSS:
            if turn is not None and turn.star:
                why = "the star had no legal space"
            elif unplaced:
                why = f"{unplaced.pop(0):02d} had no legal space"
            else:  # pragma: no cover - every X of a legal board stands for a mark
                why = "no legal space"
            words.append(f"X in {name} ({why})")
        else:
            words.append(f"{_mark(cell)} in {name}")
    return ", ".join(words)


def _numbers(turn: Turn) -> str:
    if turn.star:
        return "star"
    sep = " or " if turn.last and turn.empty_before == 1 else "  "
    return sep.join(f"{n:02d}" for n in turn.numbers)


Row = tuple[str, str, str, str]
"""A table row: turn, dice, numbers, the marks written."""


def turn_rows(game_map: Map, script: Script, board: Board,
              placements: Mapping[int, Sequence[SpaceId]]) -> list[Row]:
    """The setup, then one row a turn: ``placements`` maps a turn number to the spaces it
    filled (``games.ontour.check``'s explanation of the board)."""
    setup_spaces = []
    for card, number in script.setup_cells:
        spaces = [s for s in game_map.card_spaces(card)
                  if board.cells.get(s) == Cell.number(number, circled=True)]
        setup_spaces.append(spaces[0] if spaces else card.space)
    rows: list[Row] = [("Setup", "", "", _written(game_map, board, setup_spaces))]
    for turn in script.turns:
        rows.append((str(turn.turn), f"{turn.dice[0]} {turn.dice[1]}", _numbers(turn),
                     _written(game_map, board, placements.get(turn.turn, ()), turn)))
    return rows


def _summary(dwg: svgwrite.Drawing, game_map: Map, summary: PerfectSummary, board: Board,
             width: float, y: float, style: Style) -> float:
    """The score, the proof, the par and the route; returns the y below them."""
    muted, highlight = style.ink["muted"], style.ink["highlight"]
    column = width - 2 * MARGIN
    dwg.add(text(dwg, f"{summary.score} points", MARGIN, y + 9.0, 24, bold=True,
                 fill=highlight, class_="perfect-score"))
    y += 16.0
    (line,), size = fit_text(verdict_line(summary), column, 10.5, min_pt=7, bold=True)
    dwg.add(text(dwg, line, MARGIN, y, size, bold=True, class_="perfect-proof"))
    y += 5.4
    for line in wrap(par_line(summary), column, 9.5):
        dwg.add(text(dwg, line, MARGIN, y, 9.5, class_="perfect-par"))
        y += 4.4
    circled = sum(1 for sid in summary.route if board.cells[sid].circled)
    letter = {d.space: d.letter for d in game_map.docks}
    rides = set(summary.rides)
    if game_map.docks:
        points = sum(ride_points(letter[a], letter[b]) for a, b in summary.rides)
        head = (f"Route ({len(summary.route)} clubs, {circled} circled, {points} boat "
                "points):")
    else:
        head = f"Route ({len(summary.route)} spaces, {circled} circled):"
    steps = []
    for i, sid in enumerate(summary.route):
        step = f"{sid} {board.cells[sid].text}"
        if i and (summary.route[i - 1], sid) in rides:
            a, b = letter[summary.route[i - 1]], letter[sid]
            step = f"boat {a}-{b} +{ride_points(a, b)} › {step}"
        steps.append(step)
    steps = steps or ["none"]
    for line in _flow(head, steps, column, 8.5):
        dwg.add(text(dwg, line, MARGIN, y + 0.6, 8.5, fill=muted, class_="perfect-route"))
        y += 3.9
    return y + 3.0


def _flow(head: str, steps: Sequence[str], width: float, size: float) -> list[str]:
    """``head`` and the route's steps joined by arrows, wrapped between steps only (a
    space id and its value stay on one line)."""
    lines: list[str] = []
    current = head
    for k, step in enumerate(steps):
        joined = f"{current} {step}" if k == 0 else f"{current} › {step}"
        if text_width(joined, size) > width and current:
            lines.append(current if k == 0 else f"{current} ›")
            current = step
        else:
            current = joined
    lines.append(current)
    return lines


def _table_head(dwg: svgwrite.Drawing, cols: dict[str, tuple[float, float]], y: float,
                style: Style) -> None:
    heads = {"turn": "Turn", "dice": "Dice", "numbers": "Numbers",
             "written": "Written (as on the sheet; brackets: circled)"}
    for key, label in heads.items():
        x, w = cols[key]
        anchor = "end" if key == "turn" else "start"
        hx = x + w - 2.5 if key == "turn" else x + 1.0
        dwg.add(text(dwg, label, hx, y + HEAD_ROOM - 3.0, 7.5, bold=True, anchor=anchor,
                     fill=style.ink["muted"]))
    right = cols["written"][0] + cols["written"][1]
    dwg.add(dwg.line((MARGIN, y + HEAD_ROOM - 1.6), (right, y + HEAD_ROOM - 1.6),
                     stroke=style.ink["outline"], stroke_width=0.3))


def _row(dwg: svgwrite.Drawing, row: Row, cols: dict[str, tuple[float, float]], y: float,
         shade: bool, style: Style) -> None:
    right = cols["written"][0] + cols["written"][1]
    if shade:
        dwg.add(dwg.rect((MARGIN, round(y, 2)), (right - MARGIN, ROW_H), fill="#f3f3f3"))
    base = y + ROW_H / 2 + 1.2
    turn, dice, numbers, written = row
    tx, tw = cols["turn"]
    dwg.add(text(dwg, turn, tx + tw - 2.5, base, 9 if turn != "Setup" else 8, bold=True,
                 anchor="end"))
    dx, _ = cols["dice"]
    dwg.add(text(dwg, dice, dx + 1.0, base, 9, class_="dice"))
    nx, _ = cols["numbers"]
    dwg.add(text(dwg, numbers, nx + 1.0, base, 9, bold=True, class_="numbers"))
    wx, ww = cols["written"]
    (shown,), size = fit_text(written, ww - 2.0, 9, min_pt=6, bold=False)
    dwg.add(text(dwg, shown, wx + 1.0, base, size, class_="written"))


def rows_on_page(height: float, top: float) -> int:
    return max(int((height - MARGIN - FOOT_ROOM - top - HEAD_ROOM) // ROW_H), 1)


def perfect_turn_pages(game_map: Map, paper_size: tuple[float, float],
                       summary: PerfectSummary, board: Board, rows: Sequence[Row],
                       style: Style | None = None) -> list[str]:
    """Portrait pages (``paper_size`` is width, height in mm): the title, the summary,
    then the turns' table, flowing onto more pages when it must."""
    style = style or load_style()
    width, height = paper_size
    cols = _columns(width)
    pages: list[str] = []
    start = 0
    while start < len(rows) or not pages:
        dwg = new_page(width, height)
        dwg.add(dwg.rect((0, 0), (width, height), fill="#ffffff"))
        dwg.add(text(dwg, game_map.title, MARGIN, MARGIN + 7.0, 17, bold=True,
                     class_="title"))
        heading = f"The perfect game of seed {summary.seed}"
        if pages:
            heading += " (continued)"
        key = "an answer key: play the seed first"
        room = width - 2 * MARGIN - text_width(key, 8) - 6.0
        (heading,), size = fit_text(heading, room, 11, min_pt=7)
        dwg.add(text(dwg, heading, MARGIN, MARGIN + 13.0, size, class_="seed"))
        dwg.add(text(dwg, key, width - MARGIN, MARGIN + 13.0, 8, anchor="end",
                     fill=style.ink["muted"]))
        y = MARGIN + 16.0
        if not pages:
            y = _summary(dwg, game_map, summary, board, width, y, style)
        else:
            y += 3.0
        count = rows_on_page(height, y)
        chunk = rows[start:start + count]
        _table_head(dwg, cols, y, style)
        y += HEAD_ROOM
        for k, row in enumerate(chunk):
            _row(dwg, row, cols, y, (start + k) % 2 == 1, style)
            y += ROW_H
        start += len(chunk)
        note = ("The best play knowing every card and roll in advance: the board is a "
                "legal result of the seed (sheetgen check) and sheetgen score confirms its "
                "points.")
        if start < len(rows):
            note = "continued on the next page"
        dwg.add(text(dwg, note, MARGIN, height - MARGIN, 7.5, fill=style.ink["muted"],
                     class_="footnote"))
        pages.append(str(dwg.tostring()))
    return pages
