"""``sheetgen sheet``: blank player sheets, one page per player."""

from __future__ import annotations

from pathlib import Path

import click

from sheetgen.cli.common import (
    UserError,
    format_option,
    game_errors,
    load_game,
    output_option,
    output_path,
    paper_option,
    report,
    write_pages,
)
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
    if not 1 <= players <= MAX_PLAYERS:
        raise UserError(f"-n/--players: {players} is outside 1-{MAX_PLAYERS}")
    game, game_map = load_game(map_id)
    name = f"{game_map.id}-sheets-{paper.id}" + (f"-seed-{seed}" if seed is not None else "")
    path = output_path(output, name, fmt)
    with game_errors():
        svgs = game.sheet_pages(game_map, paper, [""] * players, seed=seed)
    report(write_pages(path, fmt, svgs, title=f"{game_map.title}: player sheets"))


COMMANDS = (sheet_command,)
