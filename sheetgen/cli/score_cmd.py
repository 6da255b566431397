"""``sheetgen template`` (a blank scoring CSV) and ``sheetgen score`` (best routes, the
standings and an annotated PDF)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from sheetgen.cli.common import (
    UserError,
    game_errors,
    load_game,
    load_map,
    output_option,
    output_path,
    paper_option,
    read_text,
    report,
    write_atomically,
)
from sheetgen.document import Part, document_pdf
from sheetgen.games import Game, GameError
from sheetgen.model import Board, Map
from sheetgen.templates import Paper

DEFAULT_PLAYERS = 4


def _players(value: str | None) -> list[str]:
    if value is None:
        return [f"Player {i}" for i in range(1, DEFAULT_PLAYERS + 1)]
    names = [n.strip() for n in value.split(",")]
    seen: set[str] = set()
    for name in names:
        if not name:
            raise UserError(f"--players: {value!r} has a blank name; expected names "
                            "separated by commas, e.g. Alice,Bob")
        if name.casefold() in seen:
            raise UserError(f"--players: {name!r} is given twice; names must differ")
        if name.startswith("#"):
            raise UserError(f"--players: {name!r} may not start with '#'")
        seen.add(name.casefold())
    return names


@click.command("template")
@click.argument("map_id", metavar="MAP")
@click.option("--players", default=None, metavar="A,B,...",
              help=f"Player names, comma-separated (default: Player 1 ... Player "
                   f"{DEFAULT_PLAYERS}).")
@output_option
def template_command(map_id: str, players: str | None, output: Path | None) -> None:
    """Write a blank scoring CSV for MAP: one row per space, one column per player.

    Fill each cell as written on the sheet: a number 0-99, * for a star, x for a cross,
    in parentheses when circled, e.g. (37) or (*). Then run `sheetgen score` on it.

    \b
    Examples:
      sheetgen template usa
      sheetgen template usa --players Alice,Bob -o game.csv
    """
    names = _players(players)
    game, game_map = load_game(map_id)
    path = output_path(output, f"{game_map.id}-board", "csv")
    with game_errors():
        text = game.template_csv(game_map, names)
    write_atomically(path, text.encode("utf-8"))
    report([path])


@click.command("score")
@click.argument("board_csv", metavar="BOARD.csv",
                type=click.Path(dir_okay=False, path_type=Path))
@click.option("--map", "map_id", default=None,
              help="The map (default: the CSV's '# map:' line).")
@click.option("--json", "as_json", is_flag=True,
              help="Print the scores as JSON (stdout holds only the JSON).")
@paper_option
@output_option
def score_command(board_csv: Path, map_id: str | None, as_json: bool, paper: Paper,
                  output: Path | None) -> None:
    """Best route and score of every player in BOARD.csv, and an annotated PDF.

    Prints the standings (best score first; ties broken by circled spaces on the whole
    board; a true tie names every tied player) and writes one page per player with the
    best route drawn, plus a standings page (default: output/<BOARD>-scored.pdf). With
    --json the scores are printed as JSON; "winner" is a name, or a list of names on a
    true tie. Each route is proven best.

    \b
    Examples:
      sheetgen template usa --players Alice,Bob -o game.csv
      sheetgen score game.csv
      sheetgen score game.csv --json -o scored.pdf
    """
    game, game_map, boards = read_boards(board_csv, map_id)
    with game_errors():
        result = game.score(game_map, boards)
    path = output_path(output, f"{board_csv.stem}-scored", "pdf", inputs=[board_csv])
    parts: list[Part] = []
    no_pdf = ""
    try:
        parts = game.scored_parts(game_map, paper, boards, result)
    except GameError as exc:
        no_pdf = f"no PDF: {exc}"
    if as_json:
        click.echo(json.dumps(game.score_json(result), indent=2, ensure_ascii=False))
    else:
        click.echo(game.standings_text(result))
    if no_pdf:
        click.echo(no_pdf, err=True)
        return
    write_atomically(path, document_pdf(parts, f"{game_map.title}: scored boards"))
    report([path])


def read_boards(board_csv: Path, map_id: str | None) -> tuple[Game, Map, list[Board]]:
    """The game, map and boards of a scoring CSV (``--map`` wins over its map line)."""
    from sheetgen.boardio import BoardFormatError, map_of_csv

    text = read_text(board_csv)
    # An unknown --map is the option's fault, whatever the file says.
    override = None if map_id is None else load_map(map_id).id
    try:
        game, game_map = load_game(map_of_csv(text, str(board_csv), override).id)
        with game_errors():
            return game, game_map, game.parse_boards(text, str(board_csv), game_map)
    except BoardFormatError as exc:
        raise UserError(str(exc)) from None


COMMANDS = (template_command, score_command)
