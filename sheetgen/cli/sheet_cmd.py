"""``sheetgen sheet``: blank player sheets, one page per player."""

from __future__ import annotations

from pathlib import Path

import click

from sheetgen.cli.common import (
    UserError,
    format_option,
    load_map,
    output_option,
    output_path,
    paper_option,
    report,
    write_pages,
)
from sheetgen.maps import MapDataError, attribution, find_geometry
from sheetgen.templates import Paper

MAX_PLAYERS = 8


@click.command("sheet")
@click.argument("map_id", metavar="MAP")
@click.option("-n", "--players", type=int, default=4, show_default=True,
              help=f"Number of player sheets (1-{MAX_PLAYERS}), one page each.")
@paper_option
@format_option
@output_option
def sheet_command(map_id: str, players: int, paper: Paper, fmt: str,
                  output: Path | None) -> None:
    """Blank player sheets for MAP, one landscape page per player.

    \b
    Examples:
      sheetgen sheet usa
      sheetgen sheet europe -n 6 --paper letter
      sheetgen sheet usa -n 1 --format png -o usa.png
    """
    from sheetgen.render.sheet import SheetOptions, sheet_svg

    if not 1 <= players <= MAX_PLAYERS:
        raise UserError(f"-n/--players: {players} is outside 1-{MAX_PLAYERS}")
    game_map = load_map(map_id)
    try:
        geometry = find_geometry(game_map.id)
    except MapDataError as exc:
        raise UserError(str(exc)) from None
    path = output_path(output, f"{game_map.id}-sheets-{paper.id}", fmt)
    credit = attribution(game_map.id)
    svgs = [sheet_svg(game_map, geometry, paper,
                      SheetOptions(attribution=credit,
                                   page_label=f"Player {i} of {players}" if players > 1 else ""))
            for i in range(1, players + 1)]
    report(write_pages(path, fmt, svgs, title=f"{game_map.title}: player sheets"))


COMMANDS = (sheet_command,)
