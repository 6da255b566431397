"""``sheetgen sheet``: blank player sheets, one page per player."""

from __future__ import annotations

from pathlib import Path

import click

from sheetgen.cli.common import (
    FORMATS,
    UserError,
    choose_format,
    complete_maps,
    format_option,
    game_errors,
    ink_option,
    ink_tag,
    load_game,
    names_tag,
    output_option,
    output_path,
    paper_option,
    parse_players,
    report,
    safe_name,
    write_pages,
)
from sheetgen.draw.style import ink_mode
from sheetgen.templates import Paper

DEFAULT_SHEETS = 4

def sheet_names(count: int | None, players: str | None, default: int) -> list[str]:
    """One entry per sheet: a player's name, or "" for a blank name line. ``--players``
    may also be a plain number (the count), as it was before it took names."""
    if players is not None and players.strip().isdigit():
        if count is not None:
            raise click.UsageError("-n and a number for --players both give the count")
        count, players = int(players), None
        if count < 1:
            raise UserError("--players: expected at least 1 sheet")
    names = parse_players(players) if players is not None else []
    total = count if count is not None else max(len(names), default if not names else 0)
    if total < len(names):
        raise UserError(f"-n: {total} is fewer than the {len(names)} names of --players")
    return names + [""] * (total - len(names))


def sheets_name(names: list[str]) -> str:
    """The part of a default file name that says how many sheets and whose."""
    named = [n for n in names if n]
    return f"{len(names)}p" + (f"-{names_tag(names)}" if named else "")


@click.command("sheet")
@click.argument("map_id", metavar="MAP", shell_complete=complete_maps)
@click.option("-n", "count", type=click.IntRange(min=1), default=None,
              help="Number of player sheets, one page each (default 4, or one per name of "
                   "--players); any number.")
@click.option("--players", default=None, metavar="A,B,...",
              help="Player names printed on the sheets, comma-separated (with -n larger, "
                   "the rest are blank).")
@paper_option
@click.option("--seed", type=click.IntRange(min=0), default=None,
              help="Pre-fill the four circled setup numbers of this seeded game "
                   "(see `sheetgen script`).")
@ink_option
@format_option
@output_option
def sheet_command(map_id: str, count: int | None, players: str | None, paper: Paper,
                  seed: int | None, ink: str, fmt: str | None, output: Path | None) -> None:
    """Player sheets for MAP, one page per player (landscape for On Tour, portrait for
    Dice Trip).

    The format follows the extension of -o (.pdf, .svg, .png) unless --format says it;
    -o - writes one SVG page to standard output (or a PDF, when that is not a terminal).

    \b
    Examples:
      sheetgen sheet usa
      sheetgen sheet europe -n 6 --paper letter
      sheetgen sheet usa --players Ann,Bo,Cy
      sheetgen sheet usa -n 30
      sheetgen sheet usa -n 1 -o usa.png
      sheetgen sheet usa --seed 4711
      sheetgen sheet germany -n 8 --paper letter
      sheetgen sheet europe --ink low
    """
    fmt = choose_format(output, fmt, FORMATS)
    names = sheet_names(count, players, DEFAULT_SHEETS)
    game, game_map = load_game(map_id)
    name = (f"{game_map.id}-sheets-{paper.id}-{sheets_name(names)}"
            + (f"-seed-{safe_name(str(seed))}" if seed is not None else "") + ink_tag(ink))
    path = output_path(output, name, fmt)
    with game_errors(), ink_mode(ink):
        svgs = game.sheet_pages(game_map, paper, names, seed=seed)
    report(write_pages(path, fmt, svgs, title=f"{game_map.title}: player sheets"))


COMMANDS = (sheet_command,)
