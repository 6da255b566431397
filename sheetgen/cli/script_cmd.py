"""``sheetgen script``: a seeded game, every card and roll; ``--par`` the built-in player's
score for it. ``sheetgen check``: is a filled board a legal result of a seeded game?"""

from __future__ import annotations

import json
from pathlib import Path

import click

from sheetgen.cli.common import (
    UserError,
    load_map,
    note,
    output_option,
    output_path,
    paper_option,
    read_board_text,
    report,
    safe_name,
    write_atomically,
    write_pages,
)
from sheetgen.model import Map
from sheetgen.rules.ontour import Script, ScriptError, make_script, script_to_json
from sheetgen.templates import Paper


def _script(game_map: Map, seed: int) -> Script:
    try:
        return make_script(game_map, seed)
    except ScriptError as exc:
        raise UserError(str(exc)) from None


@click.command("script")
@click.argument("map_id", metavar="MAP")
@click.option("--seed", type=click.IntRange(min=0), required=True,
              help="The game's seed (a whole number, 0 or more).")
@click.option("--json", "as_json", is_flag=True,
              help="Write the script as JSON (stdout unless -o is given) instead of a PDF.")
@click.option("--par", is_flag=True,
              help="Print the built-in player's score for this seed instead (JSON with "
                   "--json).")
@paper_option
@output_option
def script_command(map_id: str, seed: int, as_json: bool, par: bool, paper: Paper,
                   output: Path | None) -> None:
    """A seeded game on MAP: the setup, then every turn's cards, dice and numbers.

    Everyone playing the same seed plays the same game; compare scores afterwards.

    \b
    Examples:
      sheetgen script usa --seed 7
      sheetgen script usa --seed 7 --json
      sheetgen script usa --seed 7 --json -o game7.json
      sheetgen script usa --seed 7 --par
    """
    game_map = load_map(map_id)
    script = _script(game_map, seed)
    if par:
        _print_par(game_map, script, as_json)
        return
    if as_json:
        text = script_to_json(script)
        if output is None:
            click.echo(text, nl=False)
            return
        path = output_path(output, "", "json")
        write_atomically(path, text.encode("utf-8"))
        report([path])
        return
    from sheetgen.render.script import script_svgs

    path = output_path(output, f"{game_map.id}-seed-{safe_name(str(seed))}-script", "pdf")
    svgs = script_svgs(game_map, script, paper)
    report(write_pages(path, "pdf", svgs, title=f"{game_map.title}: seeded game {seed}"))


def _print_par(game_map: Map, script: Script, as_json: bool) -> None:
    from sheetgen.players import par_result

    result = par_result(game_map, script)
    if as_json:
        click.echo(json.dumps({"map": game_map.id, "seed": script.seed, "par": result.score,
                               "route": list(result.route), "spaces": result.spaces,
                               "circled": result.circled}))
        return
    click.echo(f"{game_map.id} seed {script.seed}: par {result.score} "
               f"({result.spaces} spaces, {result.circled} circled; route "
               f"{'-'.join(result.route)})")


@click.command("check")
@click.argument("board_csv", metavar="BOARD.csv",
                type=click.Path(path_type=Path))
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
    from sheetgen.boardio import BoardFormatError, parse_boards
    from sheetgen.rules.check import check_board

    source = read_board_text(board_csv)
    notes: list[str] = []
    try:
        found_map, boards = parse_boards(source.text, str(board_csv), map_id, notes=notes)
    except BoardFormatError as exc:
        raise UserError(exc.report) from None
    for line in notes:
        note(line)
    game_map = load_map(found_map)
    script = _script(game_map, seed)
    failures = []
    for board in boards:
        result = check_board(game_map, script, board)
        if result.legal:
            click.echo(f"{board.player}: legal for {game_map.id} seed {seed}")
        else:
            failures.append(f"{board.player}: not legal for {game_map.id} seed {seed}: "
                            f"{result.problem}")
    for line in failures:
        click.echo(line)
    if failures:
        raise UserError(f"{board_csv}: {len(failures)} of {len(boards)} board(s) not legal")


COMMANDS = (script_command, check_command)
