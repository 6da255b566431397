"""``sheetgen script``: a seeded game, every card and roll; ``--par`` the built-in player's
score for it. ``sheetgen check``: is a filled board a legal result of a seeded game?"""

from __future__ import annotations

import json
from pathlib import Path

import click

from sheetgen.cli.common import (
    UserError,
    game_errors,
    load_game,
    output_option,
    output_path,
    paper_option,
    report,
    write_atomically,
    write_pages,
)
from sheetgen.templates import Paper


@click.command("script")
@click.argument("map_id", metavar="MAP")
@click.option("--seed", type=click.IntRange(min=0), required=True,
              help="The game's seed (a whole number, 0 or more).")
@click.option("--json", "as_json", is_flag=True,
              help="Write the script as JSON (stdout unless -o is given) instead of a PDF.")
@click.option("--par", is_flag=True,
              help="Print the built-in player's score for this seed instead (JSON with "
                   "--json).")
@click.option("--players", type=int, default=None,
              help="Number of players, for a game whose setup depends on it "
                   "(Highways & Byways: 2-4, default 4).")
@paper_option
@output_option
def script_command(map_id: str, seed: int, as_json: bool, par: bool, players: int | None,
                   paper: Paper, output: Path | None) -> None:
    """A seeded game on MAP: the setup, then every turn's cards, dice and numbers.

    Everyone playing the same seed plays the same game; compare scores afterwards.

    \b
    Examples:
      sheetgen script usa --seed 7
      sheetgen script usa --seed 7 --json
      sheetgen script usa --seed 7 --json -o game7.json
      sheetgen script usa --seed 7 --par
      sheetgen script byways --seed 7 --players 3
    """
    game, game_map = load_game(map_id)
    with game_errors("--seed: " if players is None else ""):
        script = game.make_script(game_map, seed, players=players)
    if par:
        with game_errors():
            result = game.par(game_map, script)
        click.echo(json.dumps(dict(result.data)) if as_json else result.summary)
        return
    if as_json:
        text = game.script_json(script)
        if output is None:
            click.echo(text, nl=False)
            return
        path = output_path(output, "", "json")
        write_atomically(path, text.encode("utf-8"))
        report([path])
        return
    path = output_path(output, f"{game_map.id}-seed-{seed}-script", "pdf")
    with game_errors():
        svgs = game.script_pages(game_map, script, paper)
    report(write_pages(path, "pdf", svgs, title=f"{game_map.title}: seeded game {seed}"))


@click.command("check")
@click.argument("board_csv", metavar="BOARD.csv",
                type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--seed", type=click.IntRange(min=0), required=True,
              help="The seed of the game the board was played in.")
@click.option("--map", "map_id", default=None,
              help="The map (default: the CSV's '# map:' line).")
def check_command(board_csv: Path, seed: int, map_id: str | None) -> None:
    """Is every board in BOARD.csv a legal result of the seeded game SEED?

    Prints one line per player: legal, or the first thing that cannot be explained
    (space, value, turn). Exit code 1 when a board is not legal.

    \b
    Examples:
      sheetgen check boards.csv --seed 7
      sheetgen check boards.csv --seed 7 --map usa
    """
    from sheetgen.cli.score_cmd import read_boards

    game, game_map, boards = read_boards(board_csv, map_id)
    with game_errors("--seed: "):
        script = game.make_script(game_map, seed)
    failures = []
    for board in boards:
        with game_errors():
            verdict = game.check(game_map, script, board)
        if verdict.legal:
            click.echo(f"{board.player}: legal for {game_map.id} seed {seed}")
        else:
            failures.append(f"{board.player}: not legal for {game_map.id} seed {seed}: "
                            f"{verdict.problem}")
    for line in failures:
        click.echo(line)
    if failures:
        raise UserError(f"{board_csv}: {len(failures)} of {len(boards)} board(s) not legal")


COMMANDS = (script_command, check_command)
