"""``sheetgen template`` (a blank scoring CSV) and ``sheetgen score`` (best routes, the
standings and an annotated PDF)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from sheetgen.cli.common import (
    DRAWN_FORMATS,
    MAX_SCORED_PLAYERS,
    MAX_TEMPLATE_PLAYERS,
    SEED,
    PathName,
    UserError,
    choose_format,
    complete_maps,
    count_option,
    drawing_paper_option,
    encoding_option,
    file_seed,
    format_option,
    game_errors,
    honour,
    is_stdout,
    json_or_drawing,
    load_game,
    map_argument,
    names_tag,
    output_option,
    output_option_saying,
    outputs,
    players_option,
    progress_callback,
    read_boards,
    require_file,
    with_schema,
)
from sheetgen.cli.script_cmd import IllegalBoards
from sheetgen.csvio import MAX_CELL_CHARS
from sheetgen.games import GameError
from sheetgen.templates import Paper

DEFAULT_PLAYERS = 4


def _template_players(names: list[str] | None, count: int | None) -> list[str]:
    listed = names or []
    if count is None:
        count = len(listed) if listed else DEFAULT_PLAYERS
    if count < len(listed):
        raise UserError(f"-n: {count} is fewer than the {len(listed)} names of --players")
    return listed + [f"Player {i}" for i in range(len(listed) + 1, count + 1)]


@click.command("template")
@map_argument("scoring")
@players_option(MAX_TEMPLATE_PLAYERS, f"Player names (default: Player 1 ... Player "
                f"{DEFAULT_PLAYERS}), at most {MAX_CELL_CHARS} characters each; a name "
                "holding ',' ';' or '\"' is quoted in the file.")
@count_option(MAX_TEMPLATE_PLAYERS, "Number of player columns (Player 1 ... Player N, after "
              "any --players)")
@output_option
def template_command(map_id: str, players: list[str] | None, count: int | None,
                     output: Path | None) -> None:
    """Write a blank scoring CSV for MAP: one row per space, one column per player.

    Fill each cell as written on the sheet: a number 0-99, * for a star, x for a cross,
    in parentheses when circled, e.g. (37) or (*). Then run `sheetgen score` on it. A
    column left blank (a group of two on a four-column template) is skipped with a note.
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
    honour(game)
    choose_format(output, None, ("csv",))
    if players:
        who = names_tag(players) + ("" if len(names) == len(players) else f"-{len(names)}p")
    else:
        who = f"{len(names)}p"
    with outputs() as out:
        path = out.target(output, f"{game_map.id}-board-{who}", "csv")
        with game_errors():
            text = game.template_csv(game_map, names)
        out.put(path, text.encode("utf-8"))


@click.command("score")
@click.argument("board_csvs", metavar="BOARD.csv...", nargs=-1, required=True,
                type=PathName(dir_okay=False, path_type=Path))
@click.option("--map", "map_id", default=None, shell_complete=complete_maps,
              help="The map (default: the CSVs' '# map:' line).")
@click.option("--json", "as_json", is_flag=True,
              help="Print the scores as JSON instead of the table (stdout holds only the "
                   "JSON); no PDF unless -o or --pdf asks for one.")
@click.option("--pdf", "pdf_path", type=PathName(path_type=Path), default=None,
              help="Write the annotated PDF here (the same as -o).")
@click.option("--seed", type=SEED, default=None,
              help="The seeded game the boards were played in: adds whether each board is "
                   "legal for it and the seed's par to the standings (exit code 3 when a "
                   "board is not legal, as `sheetgen check`).")
@click.option("--scorepad", "with_pad", is_flag=True,
              help="Also write the game's scorepad with these scores in its first row "
                   "(<BOARD>-scorepad-<paper>.pdf, beside the annotated PDF).")
@encoding_option
@drawing_paper_option
@format_option(DRAWN_FORMATS)
@output_option_saying("The annotated PDF; '-' for standard output (default: "
                    "<BOARD>-scored-<paper>.pdf beside the first CSV).")
def score_command(board_csvs: tuple[Path, ...], map_id: str | None, as_json: bool,
                  pdf_path: Path | None, seed: int | None, with_pad: bool,
                  encoding: str | None, paper: Paper, fmt: str | None,
                  output: Path | None) -> None:
    """Best route and score of every player in BOARD.csv, and an annotated PDF.

    Several CSV files of the same map are scored together (player names must differ
    across them). Prints the standings (best score first; ties broken by circled spaces on
    the whole board; a true tie names every tied player) and writes the standings and
    then one page per player with the best route drawn (default:
    <BOARD>-scored-<paper>.pdf beside the first CSV). With --json the scores are printed
    as JSON (docs/json.md) and the PDF is written only when -o or --pdf names it. -o -
    writes the PDF to standard output (when it is not a terminal) and the table to
    stderr. Each route is proven best. With --seed, exit code 3 says some board is not a
    legal result of that seed (the scores are printed and written all the same).

    \b
    Examples:
      sheetgen template usa --players Alice,Bob -o game.csv
      sheetgen score game.csv
      sheetgen score game.csv --json > scores.json
      sheetgen score game.csv --json --pdf scored.pdf
      sheetgen score table1.csv table2.csv --seed 7
      sheetgen score game.csv --scorepad
      sheetgen score ann.csv ben.csv --scorepad
      sheetgen score game.csv --format png

    Highways & Byways drive logs are placed in their race, among the logs and the
    built-in drivers of the other seats, by the round each car got home.
    """
    target, want_pdf, fmt, option = json_or_drawing(as_json, output, pdf_path, fmt)
    honour(draws=want_pdf or with_pad)
    for board_csv in board_csvs:
        require_file(board_csv)
        if seed is not None:  # a --seed against the file's '# seed:' line, as check says
            file_seed(board_csv, seed, encoding)
    first = board_csvs[0]
    name = first.stem if len(board_csvs) == 1 else (
        f"{first.stem}-and-{len(board_csvs) - 1}-more")
    with outputs(inputs=board_csvs) as out:
        path = (out.target(target, f"{name}-scored-{paper.id}", fmt, folder=first.parent,
                           what="the annotated boards", option=option)
                if want_pdf else None)
        pad_path = None
        if with_pad:
            beside = path.parent if path is not None and not is_stdout(path) else first.parent
            pad_path = out.target(None, f"{name}-scorepad-{paper.id}", fmt, folder=beside,
                                  what="the scorepad")
        game, game_map, boards = read_boards(board_csvs, map_id, encoding,
                                             printed=want_pdf or with_pad)
        if want_pdf and len(boards) > MAX_SCORED_PLAYERS:
            raise UserError(f"{len(boards)} players; the annotated PDF draws at most "
                            f"{MAX_SCORED_PLAYERS} (a page each): score them with --json, "
                            "or split the file")
        bar = progress_callback(len(boards), "Scoring")
        with game_errors():
            result = game.score(game_map, boards, progress=bar, working=bar.working)
        data = with_schema(game.score_json(result))
        lines = game.standings_text(result)
        illegal = 0
        if seed is not None:
            with game_errors("--seed: "):
                script = game.make_script(game_map, seed)
            with game_errors():
                par = game.par(game_map, script)
                verdicts = [game.check(game_map, script, b) for b in boards]
            illegal = sum(v.decided and not v.legal for v in verdicts)
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
        if pad_path is not None:
            with game_errors():
                pad = game.scorepad_pages(game_map, paper, [b.player for b in boards],
                                          result=result)
            out.put_pages(pad_path, fmt, pad, f"{game_map.title}: scorepad")
        if as_json:
            click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        else:
            click.echo(lines, err=is_stdout(path))
        if path is not None:
            try:
                parts = game.scored_parts(game_map, paper, boards, result)
            except GameError as exc:
                click.echo(f"no PDF: {exc}", err=True)
            else:
                out.put_parts(path, fmt, parts, f"{game_map.title}: scored boards")
    if illegal:
        raise IllegalBoards(f"{illegal} of {len(boards)} board(s) not legal for seed "
                            f"{seed}")


COMMANDS = (template_command, score_command)
