"""``sheetgen template`` (a blank scoring CSV) and ``sheetgen score`` (best routes, the
standings and an annotated PDF)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from sheetgen.cli.common import (
    UserError,
    load_map,
    output_option,
    output_path,
    paper_option,
    report,
    write_atomically,
)
from sheetgen.model import Board, Map, MapGeometry
from sheetgen.solve.ontour import Standings, standings
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
    from sheetgen.boardio import template_csv

    names = _players(players)
    game_map = load_map(map_id)
    path = output_path(output, f"{game_map.id}-board", "csv")
    write_atomically(path, template_csv(game_map, names).encode("utf-8"))
    report([path])


def score_json(result: Standings) -> dict[str, Any]:
    """The Score JSON of the spec. ``winner`` is a name, or, on a true tie (same score
    and same circled count on the board), the list of the tied names in CSV order."""
    winner: str | list[str] | None
    winner = list(result.winners) if len(result.winners) > 1 else (
        result.winners[0] if result.winners else None)
    return {
        "map": result.map_id,
        "players": [{"name": p.player, "score": p.result.score, "route": list(p.result.route),
                     "spaces": p.result.spaces, "circled": p.result.circled,
                     "circled_on_board": p.circled_on_board} for p in result.players],
        "winner": winner,
    }


def standings_text(result: Standings) -> str:
    """The standings as a plain table, best first, then each player's route."""
    from sheetgen.render.scored import place, winner_line

    name_w = max([len("player")] + [len(p.player) for p in result.players])
    lines = [f"{'#':>2}  {'player':<{name_w}}  score  spaces  circled  on board"]
    for entry in result.ranked:
        r = entry.result
        rank = place(result, entry)
        lines.append(f"{rank:>2}  {entry.player:<{name_w}}  {r.score:>5}  {r.spaces:>6}  "
                     f"{r.circled:>7}  {entry.circled_on_board:>8}")
    lines.append(winner_line(result))
    for entry in result.players:
        route = " ".join(entry.result.route) or "(none)"
        flag = "" if entry.result.proven_optimal else " (not proven best)"
        lines.append(f"{entry.player}: {route}{flag}")
    return "\n".join(lines)


@click.command("score")
@click.argument("board_csv", metavar="BOARD.csv",
                type=click.Path(dir_okay=False, path_type=Path))
@click.option("--map", "map_id", default=None,
              help="The map (default: the CSV's '# map:' line).")
@click.option("--json", "as_json", is_flag=True,
              help="Print the scores as JSON (stdout holds only the JSON).")
@click.option("--scorepad", "with_pad", is_flag=True,
              help="Also write the game's scorepad with these scores in its first row "
                   "(<BOARD>-scorepad.pdf beside the annotated PDF).")
@paper_option
@output_option
def score_command(board_csv: Path, map_id: str | None, as_json: bool, with_pad: bool,
                  paper: Paper, output: Path | None) -> None:
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
      sheetgen score game.csv --scorepad
    """
    from sheetgen.boardio import BoardFormatError, parse_boards
    from sheetgen.maps import MapDataError, find_geometry

    if not board_csv.is_file():
        raise UserError(f"{board_csv}: no such file")
    if map_id is not None:
        load_map(map_id)  # an unknown --map is reported as the option's fault
    try:
        text = board_csv.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        line = board_csv.read_bytes()[: exc.start].count(b"\n") + 1
        raise UserError(f"{board_csv}:{line}: expected UTF-8 text; got byte "
                        f"0x{exc.object[exc.start]:02x}") from None
    try:
        found, boards = parse_boards(text, str(board_csv), map_id)
    except BoardFormatError as exc:
        raise UserError(str(exc)) from None
    game_map = load_map(found)
    result = standings(game_map, boards)
    path = output_path(output, f"{board_csv.stem}-scored", "pdf", inputs=[board_csv])
    pdf: bytes | None = None
    try:
        geometry = find_geometry(game_map.id)
    except MapDataError:
        geometry = None
    if geometry is not None:
        pdf = _render(game_map, geometry, paper, boards, result)
    pad = _scorepad(game_map, paper, result) if with_pad else None
    if as_json:
        click.echo(json.dumps(score_json(result), indent=2, ensure_ascii=False))
    else:
        click.echo(standings_text(result))
    if pad is not None:
        pad_path = path.with_name(f"{board_csv.stem}-scorepad.pdf")
        write_atomically(pad_path, pad)
        report([pad_path])
    if pdf is None:
        click.echo(f"no PDF: map {game_map.id} has no drawing yet", err=True)
        return
    write_atomically(path, pdf)
    report([path])


def _scorepad(game_map: Map, paper: Paper, result: Standings) -> bytes:
    from sheetgen.render.pdf import build_pdf
    from sheetgen.render.scored import filled_scorepad

    return build_pdf(filled_scorepad(game_map, paper, result), f"{game_map.title}: scorepad")


def _render(game_map: Map, geometry: MapGeometry, paper: Paper, boards: list[Board],
            result: Standings) -> bytes:
    from sheetgen.render.pdf import Bookmark, build_pdf
    from sheetgen.render.scored import scored_pages

    pages = scored_pages(game_map, geometry, paper, boards, result)
    marks = [Bookmark(f"{b.player}: {p.result.score}", i)
             for i, (b, p) in enumerate(zip(boards, result.players, strict=True))]
    marks.append(Bookmark("Standings", len(boards)))
    return build_pdf(pages, f"{game_map.title}: scored boards", marks)


COMMANDS = (template_command, score_command)
