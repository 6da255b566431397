"""``sheetgen script``: a seeded game, every card and roll; ``--par`` the built-in player's
score for it. ``sheetgen check``: is a filled board a legal result of a seeded game?"""

from __future__ import annotations

from pathlib import Path

import click

from sheetgen.cli.common import (
    UserError,
    load_map,
    output_option,
    output_path,
    paper_option,
    report,
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
              help="Print the built-in player's score for this seed instead.")
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
        _print_par(game_map, script)
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

    path = output_path(output, f"{game_map.id}-seed-{seed}-script", "pdf")
    svgs = script_svgs(game_map, script, paper)
    report(write_pages(path, "pdf", svgs, title=f"{game_map.title}: seeded game {seed}"))


def _print_par(game_map: Map, script: Script) -> None:
    raise UserError("--par: the built-in player is not available yet")


COMMANDS = (script_command,)
