"""The Dice Trip print-and-play kit: cover, rules, eight sheets, the four dice, a seeded
game with its par, a blank scorepad, how to score with sheetgen, and the credits;
bookmarked parts."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sheetgen.document import Part
from sheetgen.games import sheet_names
from sheetgen.maps import attribution, find_geometry
from sheetgen.model import Map, MapGeometry
from sheetgen.products.kit import prose, scoring_words
from sheetgen.products.textpage import Block
from sheetgen.templates import Paper

Progress = Callable[[str], None]


def cover_page(game_map: Map, geometry: MapGeometry, paper: Paper,
               parts: Sequence[Part]) -> str:
    """A portrait cover: title, the map small, the contents with page numbers."""
    from sheetgen.draw.page import new_page
    from sheetgen.draw.text import text
    from sheetgen.games.dicetrip.sheet import add_trip_map

    width, height = paper.width, paper.height
    margin = 18.0
    dwg = new_page(width, height)
    dwg.add(dwg.rect((0, 0), (width, height), fill="#ffffff"))
    dwg.add(text(dwg, "Print-and-play kit", margin, margin + 6.0, 11, fill="#6b6b6b"))
    dwg.add(text(dwg, game_map.title, margin, margin + 19.0, 30, bold=True))
    scale = min((width - 2 * margin) / geometry.width, 120.0 / geometry.height)
    top = margin + 27.0
    left = (width - geometry.width * scale) / 2
    preview = dwg.g(transform=f"translate({left:.2f},{top:.2f}) scale({scale:.5f})")
    preview.add(add_trip_map(dwg, game_map, geometry, (0.0, 0.0), names=False))
    dwg.add(preview)
    y = top + geometry.height * scale + 12.0
    dwg.add(text(dwg, "Contents", margin, y, 14, bold=True))
    page = 2
    for part in parts:
        y += 6.5
        dwg.add(text(dwg, part.title, margin, y, 10.5))
        dwg.add(text(dwg, f"{page}", width - margin, y, 10.5, anchor="end"))
        dwg.add(dwg.line((margin + 2, y + 1.4), (width - margin, y + 1.4), stroke="#dddddd",
                         stroke_width=0.2))
        page += len(part.pages)
    y += 11.0
    dwg.add(text(dwg, "Printing", margin, y, 14, bold=True))
    for line in ("Print at 100 % (\u201cactual size\u201d), never \u201cfit to page\u201d.",
                 "Dice: thick paper (160 g/m\u00b2 or more) folds best; score the dashed "
                 "lines first.",
                 "Sheets read in black and white too: zones by texture, colours by letter."):
        y += 6.0
        dwg.add(text(dwg, line, margin, y, 9))
    return str(dwg.tostring())


def build_trip_kit(game_map: Map, paper: Paper, *, players: int | Sequence[str] = 8,
                   seed: int = 1,
                   progress: Progress = lambda label: None) -> list[Part]:
    """Every part of the Dice Trip kit for ``game_map``, in print order."""
    from sheetgen.games import game_of
    from sheetgen.games.dicetrip.player import par_score
    from sheetgen.games.dicetrip.rules import make_script
    from sheetgen.games.dicetrip.script import script_page
    from sheetgen.products.dice import dice_pages
    from sheetgen.products.textpage import prose_page

    geometry = find_geometry(game_map.id)
    credit = attribution(game_map.id)

    progress("rules")
    rules = Part("Rules summary", (prose_page(paper, prose("dicetrip-rules"), margin=16.0),))

    progress("player sheets")
    sheets = Part("Player sheets", tuple(game_of(game_map).sheet_pages(
        game_map, paper, sheet_names(players))))

    progress("dice")
    dice = Part("Four coloured dice", tuple(dice_pages("dicetrip", paper)))

    progress("seeded game")
    script = make_script(game_map.id, seed)
    par = par_score(game_map, script)[0].score
    seeded = Part(f"Seeded game {seed} (par {par})",
                  (script_page(game_map, script, paper, par),))

    progress("scorepad")
    pad = Part("Scorepad", tuple(game_of(game_map).scorepad_pages(game_map, paper, 4, 8)))

    progress("scoring how-to")
    howto = Part("Scoring with sheetgen",
                 (prose_page(paper, prose("dicetrip-scoring-howto",
                                          **scoring_words(game_map.id, paper.id, seed))),))

    progress("attribution")
    credits = Part("Open data and fonts", (prose_page(paper, [
        Block("h1", "Open data and fonts"),
        *[Block("p", line) for line in credit.splitlines()],
        Block("p", "GeoNames data is licensed under Creative Commons Attribution 4.0 "
                   "(https://creativecommons.org/licenses/by/4.0/); city positions are "
                   "taken as published, the choice of cities and roads is sheetgen's."),
        Block("p", "Type: Open Sans, digitized data copyright (c) 2010-2011 Google "
                   "Corporation, Apache License 2.0, embedded in this file."),
        Block("p", "This kit is an unofficial print-and-play aid for owners of Dice Trip. "
                   "The map, the rules text and the layout are sheetgen's own."),
    ]),))

    body = [rules, sheets, dice, seeded, pad, howto, credits]
    progress("cover")
    return [Part("Cover", (cover_page(game_map, geometry, paper, body),)), *body]
