"""A seeded Dice Trip game on one page: the 13 rounds' dice and their pre-rolled
alternatives (the re-roll power played from paper), with the par when known."""

from __future__ import annotations

from sheetgen.draw.page import new_page
from sheetgen.draw.qr import seed_code
from sheetgen.draw.style import dice_colours
from sheetgen.draw.text import text, wrap
from sheetgen.games.dicetrip.rules import TripScript
from sheetgen.games.dicetrip.sheet import die_chip, layout
from sheetgen.model import Map
from sheetgen.templates import Paper


def script_page(game_map: Map, script: TripScript, paper: Paper,
                par: int | None = None) -> str:
    """The seeded game ``script`` as SVG text, one page."""
    margin = float(layout()["margin"]) + 4.0
    width, height = paper.width, paper.height
    dwg = new_page(width, height)
    dwg.add(dwg.rect((0, 0), (width, height), fill="#ffffff"))
    y = margin + 7.0
    title = f"{game_map.title} · seeded game {seed_code(script.seed)}"
    dwg.add(text(dwg, title, margin, y, 16, bold=True))
    if par is not None:
        dwg.add(text(dwg, f"Par {par}", width - margin, y, 16, bold=True, anchor="end",
                     fill="#d4145a", class_="par"))
    y += 6.0
    how = ("Play round by round: do not roll, read the four dice of the round. Make two "
           "numbers using each die once and write them (or cross a city instead). Re-roll "
           "power, once a game: in any one round, replace any of the dice by the grey "
           "re-roll value printed beside it, then read that round with the new values. "
           "One die twice: as the rules say. Round 13 fills the last city: one number "
           "from any two dice. Compare your total with the par (the built-in player's "
           "score), or check your sheet: sheetgen check BOARD.csv --seed "
           f"{script.seed}.")
    for line in wrap(how, width - 2 * margin, 8.5):
        y += 4.0
        dwg.add(text(dwg, line, margin, y, 8.5))
    y += 7.0
    side = 9.0
    alt = 6.0
    colours = dice_colours()
    col_x = [margin + 16.0 + k * 25.0 for k in range(4)]
    dwg.add(text(dwg, "Round", margin, y, 8, bold=True, fill="#6b6b6b"))
    for k, colour in enumerate(colours):
        dwg.add(text(dwg, f"{colour.name} ({colour.letter})  re-roll", col_x[k], y, 8,
                     bold=True, fill="#6b6b6b"))
    dwg.add(text(dwg, "Notes", col_x[3] + 28.0, y, 8, bold=True, fill="#6b6b6b"))
    y += 2.5
    row_h = min(14.5, (height - margin - 8.0 - y) / len(script.rounds))
    for rnd in script.rounds:
        row = dwg.g(class_="round", data_round=str(rnd.round))
        if rnd.round % 2 == 0:
            row.add(dwg.rect((margin - 2.0, round(y, 2)), (width - 2 * margin + 4.0, row_h),
                             fill="#f4f4f4"))
        mid = y + row_h / 2
        row.add(text(dwg, str(rnd.round), margin + 4.0, mid + 2.0, 13, bold=True,
                     anchor="middle"))
        for k, colour in enumerate(colours):
            row.add(die_chip(dwg, colour, col_x[k], mid - side / 2, side, rnd.dice[k]))
            ax = col_x[k] + side + 2.5
            row.add(dwg.rect((round(ax, 2), round(mid - alt / 2, 2)), (alt, alt), rx=1.0,
                             fill="#ffffff", stroke="#9a9a9a", stroke_width=0.3,
                             stroke_dasharray="0.8,0.5"))
            row.add(text(dwg, str(rnd.alternatives[k]), ax + alt / 2, mid + 1.6, 10,
                         anchor="middle", fill="#7a7a7a", class_="reroll-value"))
        if rnd.last:
            row.add(text(dwg, "last round: one number, any two dice", col_x[3] + 28.0,
                         mid + 1.2, 8, fill="#6b6b6b"))
        else:
            row.add(dwg.line((round(col_x[3] + 28.0, 2), round(mid + 3.0, 2)),
                             (round(width - margin, 2), round(mid + 3.0, 2)),
                             stroke="#c8c8c8", stroke_width=0.25))
        dwg.add(row)
        y += row_h
    dwg.add(text(dwg, f"Same seed, same dice on every machine: sheetgen script "
                      f"{game_map.id} --seed {script.seed}", margin, height - margin + 2.0,
                 7, fill="#6b6b6b"))
    return str(dwg.tostring())
