"""``sheetgen template`` (a blank scoring CSV) and ``sheetgen score`` (best routes, the
standings and an annotated PDF)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from sheetgen.cli.common import (
    UserError,
    choose_format,
    complete_maps,
    encoding_option,
    game_errors,
    is_stdout,
    load_game,
    names_tag,
    output_option,
    output_path,
    paper_option,
    parse_players,
    progress_callback,
    read_boards,
    report,
    require_file,
    with_schema,
    write_atomically,
    write_document,
)
from sheetgen.csvio import MAX_CELL_CHARS
from sheetgen.document import Part
from sheetgen.games import GameError
from sheetgen.templates import Paper

DEFAULT_PLAYERS = 4
MAX_PLAYERS_PER_FILE = 1000


def _players(value: str | None) -> list[str]:
    if value is None:
        return [f"Player {i}" for i in range(1, DEFAULT_PLAYERS + 1)]
    return parse_players(value)


def _template_players(names: str | None, count: int | None) -> list[str]:
    if names is not None and count is not None:
        listed = _players(names)
        if count < len(listed):
            raise UserError(f"-n: {count} is fewer than the {len(listed)} names of --players")
        return listed + [f"Player {i}" for i in range(len(listed) + 1, count + 1)]
    if count is not None:
        return [f"Player {i}" for i in range(1, count + 1)]
    return _players(names)


@click.command("template")
@click.argument("map_id", metavar="MAP", shell_complete=complete_maps)
@click.option("--players", default=None, metavar="A,B,...",
              help=f"Player names, comma-separated (default: Player 1 ... Player "
                   f"{DEFAULT_PLAYERS}). Names are printed text: no control characters, "
                   f"at most {MAX_CELL_CHARS} characters; a name holding ',' ';' or '\"' "
                   "is quoted in the file.")
@click.option("-n", "count", type=click.IntRange(min=1, max=MAX_PLAYERS_PER_FILE),
              default=None,
              help="Number of player columns (Player 1 ... Player N, after any --players).")
@output_option
def template_command(map_id: str, players: str | None, count: int | None,
                     output: Path | None) -> None:
    """Write a blank scoring CSV for MAP: one row per space, one column per player.

    Fill each cell as written on the sheet: a number 0-99, * for a star, x for a cross,
    in parentheses when circled, e.g. (37) or (*). Then run `sheetgen score` on it.
    -o - writes the CSV to standard output.

    \b
    Examples:
      sheetgen template usa
      sheetgen template usa --players Alice,Bob -o game.csv
      sheetgen template usa -n 30 -o club.csv
      sheetgen template germany --players Alice,Bob -o trip.csv
    """
    names = _template_players(players, count)
    game, game_map = load_game(map_id)
    choose_format(output, None, ("csv",))
    path = output_path(output, f"{game_map.id}-board-{len(names)}p"
                       + (f"-{names_tag(names)}" if players else ""), "csv")
    with game_errors():
        text = game.template_csv(game_map, names)
    write_atomically(path, text.encode("utf-8"))
    report([path])


@click.command("score")
@click.argument("board_csvs", metavar="BOARD.csv...", nargs=-1, required=True,
                type=click.Path(dir_okay=False, path_type=Path))
@click.option("--map", "map_id", default=None, shell_complete=complete_maps,
              help="The map (default: the CSVs' '# map:' line).")
@click.option("--json", "as_json", is_flag=True,
              help="Print the scores as JSON instead of the table (stdout holds only the "
                   "JSON); no PDF unless -o or --pdf asks for one.")
@click.option("--pdf", "pdf_path", type=click.Path(path_type=Path), default=None,
              help="Write the annotated PDF here (the same as -o).")
@click.option("--seed", type=click.IntRange(min=0), default=None,
              help="The seeded game the boards were played in: adds whether each board is "
                   "legal for it and the seed's par to the standings.")
@click.option("--scorepad", "with_pad", is_flag=True,
              help="Also write the game's scorepad with these scores in its first row "
                   "(<BOARD>-scorepad-<paper>.pdf, beside the annotated PDF).")
@encoding_option
@paper_option
@output_option
def score_command(board_csvs: tuple[Path, ...], map_id: str | None, as_json: bool,
                  pdf_path: Path | None, seed: int | None, with_pad: bool,
                  encoding: str | None, paper: Paper, output: Path | None) -> None:
    """Best route and score of every player in BOARD.csv, and an annotated PDF.

    Several CSV files of the same map are scored together (player names must differ
    across them). Prints the standings (best score first; ties broken by circled spaces on
    the whole board; a true tie names every tied player) and writes one page per player
    with the best route drawn, plus the standings (default:
    output/<BOARD>-scored-<paper>.pdf). With --json the scores are printed as JSON
    (docs/json.md) and the PDF is written only when -o or --pdf names it. -o - writes the
    PDF to standard output (when it is not a terminal) and the table to stderr. Each route
    is proven best.

    \b
    Examples:
      sheetgen template usa --players Alice,Bob -o game.csv
      sheetgen score game.csv
      sheetgen score game.csv --json > scores.json
      sheetgen score game.csv --json --pdf scored.pdf
      sheetgen score table1.csv table2.csv --seed 7
      sheetgen score game.csv --scorepad
      sheetgen score ann.csv ben.csv --scorepad

    Highways & Byways drive logs are placed in their race, among the logs and the
    built-in drivers of the other seats, by the round each car got home.
    """
    if output is not None and pdf_path is not None:
        raise click.UsageError("-o and --pdf both name the PDF; give one")
    target = output if output is not None else pdf_path
    if target is not None:
        choose_format(target, None, ("pdf",))
    if as_json and is_stdout(target):
        raise click.UsageError("--json and -o - both want standard output; write the PDF "
                               "to a file")
    for board_csv in board_csvs:
        require_file(board_csv)
    want_pdf = target is not None or not as_json
    first = board_csvs[0].stem
    name = first if len(board_csvs) == 1 else f"{first}-and-{len(board_csvs) - 1}-more"
    path = (output_path(target, f"{name}-scored-{paper.id}", "pdf", inputs=board_csvs)
            if want_pdf else None)
    game, game_map, boards = read_boards(board_csvs, map_id, encoding,
                                         printed=want_pdf or with_pad)
    with game_errors():
        result = game.score(game_map, boards,
                            progress=progress_callback(len(boards), "Scoring"))
    data = with_schema(game.score_json(result))
    lines = game.standings_text(result)
    if seed is not None:
        with game_errors("--seed: "):
            script = game.make_script(game_map, seed)
        with game_errors():
            par = game.par(game_map, script)
            verdicts = [game.check(game_map, script, b) for b in boards]
        data["seed"] = seed
        data["par"] = par.score
        by_name = {v.player: v for v in verdicts}
        for entry in data.get("players", []):
            verdict = by_name.get(entry.get("name"))
            if verdict is not None:
                entry["legal"] = verdict.legal if verdict.decided else None
                entry["problem"] = verdict.problem or None
        lines += f"\nSeed {seed}: par {par.score}"
        for verdict in verdicts:
            lines += (f"\n{verdict.player}: legal for seed {seed}" if verdict.legal else
                      f"\n{verdict.player}: {verdict.word} for seed {seed}: "
                      f"{verdict.problem}")
    pad: list[str] = []
    if with_pad:
        with game_errors():
            pad = game.scorepad_pages(game_map, paper, [b.player for b in boards],
                                      result=result)
    if as_json:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        click.echo(lines, err=is_stdout(path))
    if pad:
        pad_name = f"{name}-scorepad-{paper.id}"
        pad_path = (path.with_name(f"{pad_name}.pdf") if path is not None and not
                    is_stdout(path) else output_path(None, pad_name, "pdf", inputs=board_csvs))
        write_document(pad_path, [Part("Scorepad", tuple(pad))],
                       f"{game_map.title}: scorepad")
        report([pad_path])
    if path is None:
        return
    try:
        parts = game.scored_parts(game_map, paper, boards, result)
    except GameError as exc:
        click.echo(f"no PDF: {exc}", err=True)
        return
    write_document(path, parts, f"{game_map.title}: scored boards")
    report([path])


COMMANDS = (template_command, score_command)
