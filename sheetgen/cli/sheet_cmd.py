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
from sheetgen.model import Map
from sheetgen.players.game import setup_cells
from sheetgen.rules.ontour import Script, ScriptError, make_script
from sheetgen.templates import Paper

MAX_PLAYERS = 8


@click.command("sheet")
@click.argument("map_id", metavar="MAP")
@click.option("-n", "--players", type=int, default=4, show_default=True,
              help=f"Number of player sheets (1-{MAX_PLAYERS}), one page each.")
@paper_option
@click.option("--seed", type=click.IntRange(min=0), default=None,
              help="Pre-fill the four circled setup numbers of this seeded game "
                   "(see `sheetgen script`).")
@format_option
@output_option
def sheet_command(map_id: str, players: int, paper: Paper, seed: int | None, fmt: str,
                  output: Path | None) -> None:
    """Blank player sheets for MAP, one landscape page per player.

    \b
    Examples:
      sheetgen sheet usa
      sheetgen sheet europe -n 6 --paper letter
      sheetgen sheet usa -n 1 --format png -o usa.png
      sheetgen sheet usa --seed 4711
    """
    from sheetgen.render.sheet import SheetOptions, sheet_svg

    if not 1 <= players <= MAX_PLAYERS:
        raise UserError(f"-n/--players: {players} is outside 1-{MAX_PLAYERS}")
    game_map = load_map(map_id)
    try:
        geometry = find_geometry(game_map.id)
    except MapDataError as exc:
        raise UserError(str(exc)) from None
    prefilled = None
    if seed is not None:
        prefilled = setup_cells(_script(game_map, seed))
    name = f"{game_map.id}-sheets-{paper.id}" + (f"-seed-{seed}" if seed is not None else "")
    path = output_path(output, name, fmt)
    credit = attribution(game_map.id)
    # Each sheet carries its number in its code, so every page is drawn.
    svgs = [sheet_svg(game_map, geometry, paper,
                      SheetOptions(attribution=credit, seed=seed, prefilled=prefilled,
                                   sheet_number=number))
            for number in range(1, players + 1)]
    report(write_pages(path, fmt, svgs, title=f"{game_map.title}: player sheets"))


def _script(game_map: Map, seed: int) -> Script:
    try:
        return make_script(game_map, seed)
    except ScriptError as exc:
        raise UserError(f"--seed: {exc}") from None


COMMANDS = (sheet_command,)
