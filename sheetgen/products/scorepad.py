"""Scorepads: ruled tally sheets drawn from data (``templates/scorepads/*.toml``).

A game pad has one block per player: the name written once at the top, then a row per
game with the pad's columns (the parts of the score, the total, the place) and, last, a
running total. A league sheet has a row per game of an evening and, for each player, the
place, the points that place earns and the running total of points.

Both are plain data: :func:`parse_pad` reads a pad's table (pure), :func:`scorepad_pages`
and :func:`league_pages` draw any pad, so a new game's pad is a new file and no new code.
A filled pad takes, per player, a plain mapping column id -> value, written in the first
row; each game supplies that mapping from its own score.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import svgwrite

from sheetgen.draw.page import new_page
from sheetgen.draw.style import Style, load_style
from sheetgen.draw.text import fit_text, text, text_width, wrap
from sheetgen.resources import data_dir
from sheetgen.templates import Paper

MARGIN = 10.0
"""Page margin, mm."""
MIN_ROW = 7.0
"""The lowest row a pen writes in comfortably, mm."""
MAX_ROW = 10.0
"""Rows are never drawn taller than this, mm."""
GAME_W = 9.0
"""Width of the game-number column, mm."""
NAME_H = 8.5
"""Height of the name band of a player's block, mm."""
HEAD_H = 12.0
"""Height of the column heads, mm."""
GAP = 6.0
"""Space between blocks, mm."""
MIN_SCALE = 0.72
"""Blocks may be drawn this much narrower than the pad's widths to fit one more across."""
"""Space between blocks, mm."""
TOP = 24.0
"""Height of the page heading, mm."""
BOTTOM = 5.0
"""Room under the blocks for the page footer, mm."""

Value = int | str
Fill = Mapping[str, Mapping[str, Value]]
"""A filled pad's first row: player name -> column id -> value."""


class PadError(ValueError):
    """A pad file that does not say what a pad needs; names the file and the key."""


class PadFitError(ValueError):
    """More games or players than one pad can hold with rows a pen fits in."""


@dataclass(frozen=True)
class Column:
    """One column of a game pad."""

    id: str
    """The word a filled pad's mapping uses for this column."""
    label: str
    width: float
    """Millimetres."""
    sum: int = 0
    """1 adds to the total, -1 subtracts, 0 does not count."""
    total: bool = False
    """The column holding the sum of the counted columns."""
    hint: str = ""
    """A second, smaller line of the column head."""
    maps: tuple[str, ...] = ()
    """Only on these maps (empty: every map of the pad)."""


@dataclass(frozen=True)
class Pad:
    """A game family's pad: its columns, then the running total."""

    id: str
    title: str
    maps: tuple[str, ...]
    """Map ids whose games the pad records."""
    note: str
    columns: tuple[Column, ...]
    running: Column
    """The last column: the running total of ``running_of``."""
    running_of: str
    map_id: str | None = None
    """The map this pad was narrowed to (``for_map``), None for the whole family."""

    @property
    def all_columns(self) -> tuple[Column, ...]:
        """Every column left to right, the running total last."""
        return (*self.columns, self.running)

    def for_map(self, map_id: str | None) -> Pad:
        """The pad with only the columns that ``map_id``'s games have (None: the columns
        every map of the pad has)."""
        return replace(self, map_id=map_id, columns=tuple(
            c for c in self.columns if not c.maps or (map_id is not None and map_id in c.maps)))

    def formula(self) -> str:
        """The total spelt out from the columns, e.g. ``Total = Spaces + Circled``."""
        totals = [c for c in self.columns if c.total]
        parts = [c for c in self.columns if c.sum]
        if not totals or not parts:
            return ""
        words = parts[0].label if parts[0].sum > 0 else f"− {parts[0].label}"
        for column in parts[1:]:
            words += f" {'+' if column.sum > 0 else '−'} {column.label}"
        return f"{totals[0].label} = {words}."


@dataclass(frozen=True)
class League:
    """The league sheet: points per place and the three heads under each player."""

    id: str
    title: str
    points: tuple[int, ...]
    """Points for 1st, 2nd, ... place."""
    labels: tuple[str, str, str]
    """Heads of the place, points and running-total columns."""

    def points_for(self, place: int) -> int:
        return self.points[place - 1] if 1 <= place <= len(self.points) else 0


def _get(data: Mapping[str, Any], key: str, kind: type, source: str,
         default: Any = None) -> Any:
    value = data.get(key, default)
    if value is None:
        raise PadError(f"{source}: missing key {key!r}")
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise PadError(f"{source}: {key!r} must be a {kind.__name__}, got {value!r}")
    return value


def _column(data: Any, source: str) -> Column:
    if not isinstance(data, dict):
        raise PadError(f"{source}: expected a table")
    known = {"id", "label", "width", "sum", "total", "hint", "maps", "of"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise PadError(f"{source}: unknown key {unknown[0]!r}; known: {', '.join(sorted(known))}")
    width = _get(data, "width", float, source)
    if not 6.0 <= width <= 80.0:
        raise PadError(f"{source}: width {width:g} mm is outside 6-80")
    weight = _get(data, "sum", int, source, 0)
    if weight not in (-1, 0, 1):
        raise PadError(f"{source}: sum must be 1, -1 or 0, got {weight}")
    maps = _get(data, "maps", list, source, [])
    if not all(isinstance(m, str) for m in maps):
        raise PadError(f"{source}: maps must be a list of map ids")
    return Column(_get(data, "id", str, source, data.get("of")), _get(data, "label", str, source),
                  width, weight, _get(data, "total", bool, source, False),
                  _get(data, "hint", str, source, ""), tuple(maps))


def parse_pad(data: Mapping[str, Any], source: str) -> Pad | League:
    """A pad from its parsed TOML table. Raises PadError naming ``source`` and the key."""
    pad_id = _get(data, "id", str, source)
    title = _get(data, "title", str, source)
    if data.get("kind", "game") == "league":
        points = _get(data, "points", list, source)
        if not points or not all(isinstance(p, int) and p >= 0 for p in points):
            raise PadError(f"{source}: points must be a list of whole numbers >= 0")
        labels = _get(data, "labels", dict, source)
        heads = tuple(_get(labels, k, str, f"{source} [labels]")
                      for k in ("place", "points", "running"))
        return League(pad_id, title, tuple(points), (heads[0], heads[1], heads[2]))
    raw = _get(data, "column", list, source)
    columns = tuple(_column(c, f"{source} column {k + 1}") for k, c in enumerate(raw))
    running_data = _get(data, "running", dict, source)
    running = _column({"id": "running", **running_data}, f"{source} [running]")
    ids = [c.id for c in columns]
    for column in columns:
        if ids.count(column.id) > 1:
            raise PadError(f"{source}: column id {column.id!r} is used twice")
    of = _get(running_data, "of", str, f"{source} [running]")
    if of not in ids:
        raise PadError(f"{source} [running]: of = {of!r} is not a column; columns: "
                       f"{', '.join(ids)}")
    if sum(c.total for c in columns) > 1:
        raise PadError(f"{source}: only one column may be the total")
    maps = _get(data, "maps", list, source, [])
    return Pad(pad_id, title, tuple(str(m) for m in maps), _get(data, "note", str, source, ""),
               columns, running, of)


def load_pads(directory: Path | None = None) -> dict[str, Pad | League]:
    """Every ``*.toml`` pad in ``directory`` (default: ``templates/scorepads``), by id."""
    folder = directory or data_dir("templates") / "scorepads"
    pads: dict[str, Pad | League] = {}
    for path in sorted(folder.glob("*.toml")):
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise PadError(f"{path.name}: {exc}") from None
        pad = parse_pad(data, path.name)
        pads[pad.id] = pad
    return pads


def find_pad(word: str, pads: Mapping[str, Pad | League]) -> Pad | League:
    """The pad named ``word``, or the game pad whose maps include ``word`` (narrowed to
    that map's columns)."""
    key = word.strip().lower()
    if key in pads:
        found = pads[key]
        return found.for_map(None) if isinstance(found, Pad) else found
    for pad in pads.values():
        if isinstance(pad, Pad) and key in pad.maps:
            return pad.for_map(key)
    words = sorted(set(pads) | {m for p in pads.values() if isinstance(p, Pad) for m in p.maps})
    raise KeyError(f"no scorepad for {word!r}; known: {', '.join(words)}")


# --- drawing ----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Fit:
    row: float
    across: int
    down: int
    scale: float


def _fit(pad: Pad, paper: Paper, players: int, games: int) -> _Fit:
    """Row height, block width and the grid of blocks: every player on one page if rows of
    at least MIN_ROW allow it (the tallest rows up to MAX_ROW, then narrower blocks, down
    to MIN_SCALE of the pad's widths), else MIN_ROW rows on as few pages as it takes."""
    width, height = paper.landscape
    avail_w, avail_h = width - 2 * MARGIN, height - 2 * MARGIN - TOP - BOTTOM
    block_w = GAME_W + sum(c.width for c in pad.all_columns)
    natural = min(1.0, avail_w / block_w)
    across = max(1, int((avail_w + GAP) // (block_w * natural + GAP)))
    scales = [(natural, across)]
    while True:
        scale = (avail_w - across * GAP) / ((across + 1) * block_w)
        if scale < MIN_SCALE:
            break
        across += 1
        scales.append((scale, across))
    for scale, across in scales:
        row = MAX_ROW
        while row >= MIN_ROW:
            down = int((avail_h + GAP) // (NAME_H + HEAD_H + games * row + GAP))
            if down * across >= players:
                return _Fit(row, across, down, scale)
            row -= 0.5
    scale, across = scales[0]
    down = int((avail_h + GAP) // (NAME_H + HEAD_H + games * MIN_ROW + GAP))
    if down < 1:
        most = int((avail_h - NAME_H - HEAD_H) // MIN_ROW)
        raise PadFitError(f"{games} games do not fit on a {paper.name} page with rows "
                          f"{MIN_ROW:g} mm high; at most {most}")
    return _Fit(MIN_ROW, across, down, scale)


def _heading(dwg: svgwrite.Drawing, title: str, note: str, width: float, style: Style,
             page: int, pages: int) -> None:
    dwg.add(text(dwg, title, MARGIN, MARGIN + 7.0, 17, bold=True, class_="pad-title"))
    if note:
        for k, line in enumerate(wrap(note, width - 2 * MARGIN - 75.0, 8)[:3]):
            dwg.add(text(dwg, line, MARGIN, MARGIN + 12.5 + 3.6 * k, 8,
                         fill=style.ink["muted"], class_="pad-note"))
    x = width - MARGIN - 70.0
    dwg.add(text(dwg, "Date / season", x, MARGIN + 6.5, 8, fill=style.ink["muted"]))
    dwg.add(dwg.line((x + 21.0, MARGIN + 7.0), (width - MARGIN, MARGIN + 7.0),
                     stroke=style.ink["outline"], stroke_width=0.3))
    if pages > 1:
        dwg.add(text(dwg, f"page {page} of {pages}", width - MARGIN, MARGIN + 12.5, 8,
                     anchor="end", fill=style.ink["muted"]))


def _head_cell(dwg: svgwrite.Drawing, into: Any, label: str, hint: str, x: float, y: float,
               w: float, h: float, style: Style, css: str) -> None:
    """A column head: the label wrapped (up to three lines), the hint under it."""
    size = 6.5
    lines = wrap(label, w - 1.4, size, bold=True)
    while len(lines) > 3 and size > 6.0:
        size -= 0.5
        lines = wrap(label, w - 1.4, size, bold=True)
    leading = size * 0.42
    rows = len(lines) + (1 if hint else 0)
    base = y + (h - rows * leading) / 2 + leading * 0.8
    for k, line in enumerate(lines):
        into.add(text(dwg, line, x + w / 2, base + k * leading, size, bold=True,
                      anchor="middle", class_=f"pad-head {css}"))
    if hint:
        into.add(text(dwg, hint, x + w / 2, base + len(lines) * leading, 6.0,
                     anchor="middle", fill=style.ink["muted"], class_="pad-hint"))


def _block(dwg: svgwrite.Drawing, pad: Pad, x: float, y: float, fit: _Fit, games: int,
           name: str, values: Mapping[str, Value] | None, style: Style) -> None:
    """One player's block: the name band, the column heads, a ruled row a game."""
    s = fit.scale
    widths = [GAME_W * s] + [c.width * s for c in pad.all_columns]
    block_w = sum(widths)
    group = dwg.g(class_="pad-block")
    line = {"stroke": style.ink["outline"], "stroke_width": 0.25}
    # Name band.
    group.add(dwg.rect((round(x, 2), round(y, 2)), (round(block_w, 2), NAME_H),
                       fill="#ffffff", stroke=style.ink["outline"], stroke_width=0.45,
                       class_="pad-name"))
    group.add(text(dwg, "Name", x + 1.6, y + NAME_H - 2.6, 7, fill=style.ink["muted"]))
    if name:
        (shown,), size = fit_text(name, block_w - 14.0, 11, min_pt=7, bold=True)
        group.add(text(dwg, shown, x + 11.0, y + NAME_H - 2.4, size, bold=True,
                       class_="pad-player"))
    # Shaded total columns: where the sums go.
    top = y + NAME_H
    rows_h = HEAD_H + games * fit.row
    cx = x
    for k, w in enumerate(widths):
        column = pad.all_columns[k - 1] if k else None
        if column is not None and (column.total or column is pad.running):
            group.add(dwg.rect((round(cx, 2), round(top, 2)), (round(w, 2), round(rows_h, 2)),
                               fill=style.ink["highlight"], fill_opacity=0.09,
                               class_="pad-sum-shade"))
        cx += w
    # Heads.
    cx = x
    group.add(text(dwg, "Game", x + widths[0] / 2, top + HEAD_H / 2 + 1.0, 6, bold=True,
                   anchor="middle", fill=style.ink["muted"]))
    cx += widths[0]
    for column, w in zip(pad.all_columns, widths[1:], strict=True):
        hint = column.hint or ("so far" if column is pad.running else "")
        _head_cell(dwg, group, column.label, hint, cx, top, w, HEAD_H, style,
                   f"pad-head-{column.id}")
        cx += w
    # Ruled rows (each a rectangle the height of a cell) and the column rules.
    for i in range(games):
        ry = top + HEAD_H + i * fit.row
        group.add(dwg.rect((round(x, 2), round(ry, 2)), (round(block_w, 2), round(fit.row, 2)),
                           fill="none", **line, class_="pad-row"))
        group.add(text(dwg, str(i + 1), x + widths[0] / 2, ry + fit.row / 2 + 1.2, 8,
                       anchor="middle", fill=style.ink["muted"], class_="pad-game"))
    cx = x
    for k, w in enumerate(widths[:-1]):
        cx += w  # the rule after column k: heavy after the game number and before the
        heavy = k in (0, len(widths) - 2)  # running total
        group.add(dwg.line((round(cx, 2), round(top, 2)), (round(cx, 2), round(top + rows_h, 2)),
                           stroke=style.ink["outline"],
                           stroke_width=0.45 if heavy else 0.25,
                           class_="pad-rule"))
    group.add(dwg.rect((round(x, 2), round(top, 2)), (round(block_w, 2), round(rows_h, 2)),
                       fill="none", stroke=style.ink["outline"], stroke_width=0.45))
    group.add(dwg.line((round(x, 2), round(top + HEAD_H, 2)),
                       (round(x + block_w, 2), round(top + HEAD_H, 2)),
                       stroke=style.ink["outline"], stroke_width=0.45))
    # A filled first row.
    if values:
        cx = x + widths[0]
        ry = top + HEAD_H
        for column, w in zip(pad.all_columns, widths[1:], strict=True):
            key = pad.running_of if column is pad.running else column.id
            if key in values:  # a word (a vehicle's name) set smaller to fit its cell
                lines, size = fit_text(str(values[key]), w - 1.5, 11, min_pt=6.5, bold=True)
                group.add(text(dwg, lines[0], cx + w / 2, ry + fit.row / 2 + 1.6, size,
                               bold=True, anchor="middle",
                               class_=f"pad-value pad-value-{column.id}"))
            cx += w
    dwg.add(group)


def scorepad_pages(pad: Pad, paper: Paper, players: Sequence[str] | int, games: int,
                   filled: Fill | None = None, style: Style | None = None, *,
                   heading: str | None = None) -> list[str]:
    """A game pad as SVG pages: a block per player (``players`` names, or a count of
    blank blocks), ``games`` ruled rows each; with ``filled``, each player's values in
    the first row; ``heading`` names the game (default: the pad's title). Raises
    PadFitError when a block of ``games`` rows cannot fit a page."""
    style = style or load_style()
    names = [""] * players if isinstance(players, int) else list(players)
    if not names or games < 1:
        raise PadFitError("a pad needs at least one player and one game")
    fit = _fit(pad, paper, len(names), games)
    per_page = fit.across * fit.down
    chunks = [names[i:i + per_page] for i in range(0, len(names), per_page)]
    width, height = paper.landscape
    block_w = (GAME_W + sum(c.width for c in pad.all_columns)) * fit.scale
    block_h = NAME_H + HEAD_H + games * fit.row
    note = " ".join(part for part in (pad.formula(), pad.note,
                                      f"{pad.running.label}: {_label(pad, pad.running_of)} "
                                      "added up game after game.") if part)
    title = f"{heading or pad.title} · scorepad"
    pages = []
    for k, chunk in enumerate(chunks):
        dwg = new_page(width, height)
        dwg.add(dwg.rect((0, 0), (width, height), fill="#ffffff"))
        _heading(dwg, title, note, width, style, k + 1, len(chunks))
        across = min(fit.across, len(chunk))
        x0 = (width - (across * block_w + (across - 1) * GAP)) / 2
        for i, name in enumerate(chunk):
            row, col = divmod(i, fit.across)
            _block(dwg, pad, x0 + col * (block_w + GAP),
                   MARGIN + TOP + row * (block_h + GAP), fit, games, name,
                   (filled or {}).get(name), style)
        pages.append(str(dwg.tostring()))
    return pages


def _label(pad: Pad, column_id: str) -> str:
    return next(c.label for c in pad.columns if c.id == column_id)


def league_pages(league: League, paper: Paper, players: Sequence[str],
                 games: Sequence[str], style: Style | None = None) -> list[str]:
    """The league sheet on one page: a row per game, and under each player's name the
    place, the points it earns and the running total. Raises PadFitError when the
    players or games do not fit."""
    style = style or load_style()
    width, height = paper.landscape
    avail_w = width - 2 * MARGIN
    name_w = min(38.0, max(text_width(g, 9, bold=True) for g in games) + 4.0)
    fixed = GAME_W + name_w
    sub_w = (avail_w - fixed) / (3 * len(players)) if players else 0.0
    if not players or sub_w < 9.0:
        most = int((avail_w - fixed) // 27.0)
        raise PadFitError(f"a league sheet holds 1 to {most} players on {paper.name}")
    sub_w = min(sub_w, 22.0)
    avail_h = height - 2 * MARGIN - TOP - BOTTOM - 12.0 - NAME_H - HEAD_H
    row = min(MAX_ROW + 2.0, avail_h / len(games)) if games else 0.0
    if not games or row < MIN_ROW:
        raise PadFitError(f"a league sheet holds 1 to {int(avail_h // MIN_ROW)} games on "
                          f"{paper.name}")
    dwg = new_page(width, height)
    dwg.add(dwg.rect((0, 0), (width, height), fill="#ffffff"))
    places = " · ".join(f"{_ordinal(k + 1)} {p}" for k, p in enumerate(league.points))
    _heading(dwg, f"{league.title} · scorepad",
             f"Points per place: {places}; later places 0. The most points wins the "
             "evening; a tie is shared.", width, style, 1, 1)
    total_w = fixed + 3 * sub_w * len(players)
    x0 = (width - total_w) / 2
    y0 = MARGIN + TOP
    body_h = NAME_H + HEAD_H + row * len(games)
    line = {"stroke": style.ink["outline"]}
    # Player groups: name band, three heads, shading of the running total.
    for p, name in enumerate(players):
        gx = x0 + fixed + 3 * sub_w * p
        dwg.add(dwg.rect((round(gx, 2), round(y0, 2)), (round(3 * sub_w, 2), NAME_H),
                         fill="#ffffff", stroke_width=0.45, class_="pad-name", **line))
        (shown,), size = fit_text(name, 3 * sub_w - 2.0, 10, min_pt=6.5, bold=True)
        dwg.add(text(dwg, shown, gx + 1.5 * sub_w, y0 + NAME_H - 2.6, size, bold=True,
                     anchor="middle", class_="pad-player"))
        dwg.add(dwg.rect((round(gx + 2 * sub_w, 2), round(y0 + NAME_H, 2)),
                         (round(sub_w, 2), round(HEAD_H + row * len(games), 2)),
                         fill=style.ink["highlight"], fill_opacity=0.09,
                         class_="pad-sum-shade"))
        for j, (label, key) in enumerate(zip(league.labels, ("place", "points", "running"),
                                             strict=True)):
            _head_cell(dwg, dwg, label, "", gx + j * sub_w, y0 + NAME_H, sub_w, HEAD_H, style,
                       f"pad-head-{key}")
    _head_cell(dwg, dwg, "Game", "", x0 + GAME_W, y0 + NAME_H, name_w, HEAD_H, style,
               "pad-head-game")
    for i, game in enumerate(games):
        ry = y0 + NAME_H + HEAD_H + i * row
        dwg.add(dwg.rect((round(x0, 2), round(ry, 2)), (round(total_w, 2), round(row, 2)),
                         fill="none", stroke_width=0.25, class_="pad-row", **line))
        dwg.add(text(dwg, str(i + 1), x0 + GAME_W / 2, ry + row / 2 + 1.2, 8,
                     anchor="middle", fill=style.ink["muted"], class_="pad-game"))
        (shown,), size = fit_text(game, name_w - 2.0, 9, min_pt=6.5, bold=True)
        dwg.add(text(dwg, shown, x0 + GAME_W + 1.5, ry + row / 2 + 1.3, size, bold=True,
                     class_="pad-game-name"))
    xs = [x0 + GAME_W, x0 + fixed] + [x0 + fixed + sub_w * k
                                      for k in range(1, 3 * len(players))]
    for k, x in enumerate(xs):
        heavy = k == 1 or (k >= 2 and (k - 1) % 3 == 0)
        dwg.add(dwg.line((round(x, 2), round(y0 + NAME_H, 2)), (round(x, 2), round(y0 + body_h, 2)),
                         stroke_width=0.45 if heavy else 0.25, class_="pad-rule", **line))
    dwg.add(dwg.rect((round(x0, 2), round(y0 + NAME_H, 2)),
                     (round(total_w, 2), round(HEAD_H + row * len(games), 2)),
                     fill="none", stroke_width=0.45, **line))
    dwg.add(dwg.line((round(x0, 2), round(y0 + NAME_H + HEAD_H, 2)),
                     (round(x0 + total_w, 2), round(y0 + NAME_H + HEAD_H, 2)),
                     stroke_width=0.45, **line))
    foot = y0 + body_h + 9.0
    dwg.add(text(dwg, "Winner of the evening", x0, foot, 9, fill=style.ink["muted"]))
    dwg.add(dwg.line((x0 + 36.0, foot + 0.6), (x0 + 120.0, foot + 0.6), stroke_width=0.3,
                     **line))
    return [str(dwg.tostring())]


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
