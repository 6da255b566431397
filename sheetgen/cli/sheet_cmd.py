"""``sheetgen sheet``: blank player sheets, one page per player."""

from __future__ import annotations

from pathlib import Path

import click

from sheetgen.cli.common import (
    FORMATS,
    MAX_SHEETS,
    SEED,
    UserError,
    choose_format,
    count_option,
    format_option,
    game_errors,
    honour,
    ink_option,
    ink_tag,
    load_game,
    map_argument,
    names_tag,
    option,
    output_option,
    outputs,
    paper_option,
    players_option,
    safe_name,
)
from sheetgen.draw.style import ink_mode
from sheetgen.templates import Paper

DEFAULT_SHEETS = 4


def sheet_names(count: int | None, names: list[str] | None, default: int) -> list[str]:
    """One entry per sheet: a player's name, or "" for a blank name line."""
    names = names or []
    total = count if count is not None else max(len(names), default if not names else 0)
    if total < len(names):
        raise UserError(f"-n: {total} is fewer than the {len(names)} names of --players")
    return names + [""] * (total - len(names))


def sheets_name(names: list[str]) -> str:
    """The part of a default file name that says how many sheets and whose."""
    named = [n for n in names if n]
    return f"{len(names)}p" + (f"-{names_tag(names)}" if named else "")


@click.command("sheet")
@map_argument()
@count_option(MAX_SHEETS, "Number of player sheets, one page each (default 4, or one per "
              "name of --players)", needs="player sheets")
@players_option(MAX_SHEETS, "Player names printed on the sheets (with -n larger, the rest "
                "are blank).", needs="player sheets")
@paper_option
@option("--seed", type=SEED, default=None, needs="sheet setup",
        help="Pre-fill the setup of this seeded game (the four circled numbers of On "
             "Tour; see `sheetgen script`).")
@ink_option
@format_option()
@output_option
def sheet_command(map_id: str, count: int | None, players: list[str] | None, paper: Paper,
                  seed: int | None, ink: str, fmt: str | None, output: Path | None) -> None:
    """Player sheets for MAP, one page per player (landscape for On Tour, portrait for
    Dice Trip; Highways & Byways: its one board, an overview and then the full-size board
    tiled over the paper).

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
      sheetgen sheet byways
    """
    fmt = choose_format(output, fmt, FORMATS)
    game, game_map = load_game(map_id)
    honour(game)
    names = sheet_names(count, players, DEFAULT_SHEETS)
    if "player sheets" in game.honours:
        name = (f"{game_map.id}-sheets-{paper.id}-{sheets_name(names)}"
                + (f"-seed-{safe_name(str(seed))}" if seed is not None else ""))
    else:
        name = f"{game_map.id}-board-{paper.id}"
    with outputs() as out:
        path = out.target(output, name + ink_tag(ink), fmt)
        with game_errors(), ink_mode(ink):
            svgs = game.sheet_pages(game_map, paper, names, seed=seed)
        out.put_pages(path, fmt, svgs, title=f"{game_map.title}: player sheets")


COMMANDS = (sheet_command,)
