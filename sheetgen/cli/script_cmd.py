"""``sheetgen script``: a seeded game, every card and roll; ``--par`` the built-in player's
score for it. ``sheetgen check``: is a filled board a legal result of a seeded game?"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import click

from sheetgen.cli.common import (
    MAX_SEED_DIGITS,
    MAX_TIME_LIMIT,
    PERFECT_TIME_LIMIT,
    SEED,
    STDOUT,
    TimeLimit,
    choose_format,
    complete_maps,
    count_option,
    drawing_paper_option,
    encoding_option,
    format_option,
    game_errors,
    honour,
    load_game,
    map_argument,
    only_with,
    option,
    output_option,
    outputs,
    perfect_tag,
    players_option,
    read_boards,
    safe_name,
    with_schema,
)
from sheetgen.games import Game, Perfect
from sheetgen.model import Map
from sheetgen.templates import Paper

SEED_HELP = ("The game's seed: a whole number, 0 or more, of any length up to "
             f"{MAX_SEED_DIGITS} digits (a seed of more than 24 digits is shortened to its "
             "first digits and a hash in default file names and QR codes).")
ILLEGAL_EXIT = 3
"""``check``'s exit code when some board is not a legal result of the seed (1 is bad
input, 2 a usage error)."""


class IllegalBoards(click.ClickException):
    """Some board is not legal for the seed: exit code ``ILLEGAL_EXIT``."""

    exit_code = ILLEGAL_EXIT


def _schema_text(text: str) -> str:
    """A game's JSON text with ``"schema": 1`` first, its layout kept."""
    if text.startswith("{\n") and '"schema"' not in text.split("\n", 2)[1]:
        return '{\n  "schema": 1,\n' + text[2:]
    return json.dumps(with_schema(json.loads(text)), indent=2, ensure_ascii=False) + "\n"


SCRIPT_FORMATS = ("pdf", "png", "json", "csv")
MAX_SEATS = 4
"""``script -n``: the most seats a seeded game sets up (Highways & Byways: 2-4)."""


def _solo_alone(values: Mapping[str, Any]) -> str | None:
    """``--solo`` writes pages of its own: not with --par, --perfect or JSON."""
    if values.get("par") or values.get("perfect") or values.get("as_json") or values.get(
            "fmt") in ("json", "csv"):
        return ("it writes the solo challenge's pages (a PDF or PNG); the script's JSON, "
                "without --solo, holds the same table")
    return None


@click.command("script")
@map_argument()
@click.option("--seed", type=SEED, required=True, help=SEED_HELP)
@click.option("--json", "as_json", is_flag=True,
              help="Write the script as JSON (stdout unless -o is given) instead of a PDF.")
@click.option("--par", is_flag=True,
              help="Print the built-in player's score for this seed instead (JSON with "
                   "--json).")
@format_option(SCRIPT_FORMATS,
               help="pdf: the printable script (the default); png: its pages, one file "
                    "each; json: as --json; csv: the perfect board (--perfect only, its "
                    "default). Default: the extension of -o.")
@option("--perfect", is_flag=True, needs="perfect",
        help="The perfect game: the best score anyone could reach knowing every "
             "card and roll in advance, with a board reaching it. Written as a "
             "scoring CSV (the default), in the script JSON as a \"perfect\" object "
             "(--json), or as the script PDF plus pages drawing the perfect board "
             "and its turns (--format pdf, -o x.pdf). On Tour maps (usa, europe, "
             "paris). Needs the 'perfect' extra (OR-Tools).")
@option("--time-limit", type=TimeLimit(), default=PERFECT_TIME_LIMIT, show_default=True,
        requires=only_with("perfect", "it limits the search of --perfect; add --perfect"),
        help="Seconds --perfect may search on a 2-core reference machine (counted "
             "as the solver's work, so the same seed and limit give the same board "
             "everywhere; a busy machine takes longer); when the optimum is not "
             "proven by then, the best board, a proven upper bound and the gap are "
             f"reported. At most {MAX_TIME_LIMIT:g}.")
@count_option(MAX_SEATS, "Number of players, for a game whose setup depends on it "
              "(Highways & Byways, default 4)", minimum=2, needs="seats")
@players_option(MAX_SEATS, "Not taken here: a script seats players by number (-n).",
                requires=lambda values: "a script seats players by number, not by name; "
                                        "give -n COUNT", hidden=True)
@option("--solo", "solo", type=click.IntRange(min=1, max=MAX_SEATS), default=None,
        metavar="SEAT", needs="solo", requires=_solo_alone,
        help="Highways & Byways: the solo challenge for one person in seat SEAT "
             "against built-in drivers in the others: the targets, and a log sheet "
             "with each round's construction card, the event played on you and the "
             "drivers' positions (a PDF, or PNG pages).")
@drawing_paper_option
@output_option
def script_command(map_id: str, seed: int, as_json: bool, fmt: str | None, par: bool,
                   perfect: bool, time_limit: float, count: int | None,
                   players: list[str] | None, solo: int | None, paper: Paper,
                   output: Path | None) -> None:
    """A seeded game on MAP: the setup, then every turn's cards, dice and numbers.

    Everyone playing the same seed plays the same game; compare scores afterwards.
    The format follows -o: game7.json writes JSON (as --json does), -o - writes to
    standard output (a PDF only when that is not a terminal). With --perfect the
    default is the perfect board as a scoring CSV on standard output; --format pdf (or
    -o x.pdf) writes the script with the perfect game's pages after it.

    \b
    Examples:
      sheetgen script usa --seed 7
      sheetgen script usa --seed 7 --json
      sheetgen script usa --seed 7 -o game7.json
      sheetgen script usa --seed 7 --format png
      sheetgen script usa --seed 7 --par
      sheetgen script usa --seed 7 --perfect -o perfect7.csv
      sheetgen script usa --seed 7 --perfect --json --time-limit 20
      sheetgen script usa --seed 7 --perfect --format pdf
      sheetgen script germany --seed 7 --par
      sheetgen script byways --seed 7 -n 3
      sheetgen script byways --seed 7 -n 3 --par
      sheetgen script byways --seed 7 -n 3 --solo 1
    """
    if par and perfect:
        raise click.UsageError("--par and --perfect: choose one")
    if as_json and fmt not in (None, "json"):
        raise click.UsageError(f"--json and --format {fmt}: choose one")
    if par and fmt not in (None, "json"):
        raise click.UsageError("--par prints to standard output; it takes no --format "
                               "(--json for JSON)")
    if par and output is not None:
        raise click.UsageError("--par prints to standard output; it takes no -o")
    if fmt == "csv" and not perfect:
        raise click.UsageError("--format csv: the CSV is the perfect board; add --perfect")
    produces = ("csv", "json", "pdf", "png") if perfect else ("pdf", "png", "json")
    fmt = choose_format(output, "json" if as_json else fmt, produces)
    game, game_map = load_game(map_id)
    honour(game, draws=not par and fmt in ("pdf", "png"))
    name = f"{game_map.id}-seed-{safe_name(str(seed))}"
    name += "" if count is None else f"-{count}p"
    name += f"-solo-{solo}" if solo is not None else "-script"
    name += f"-{paper.id}"
    if perfect and fmt in ("pdf", "png"):
        name += perfect_tag(time_limit)
    if perfect:
        with game_errors("--perfect: "):
            game.perfect_ready()  # refuse before the script is made (seconds on some maps)
    with outputs() as out:
        if par:
            path = STDOUT
        elif fmt in ("csv", "json"):
            path = STDOUT if output is None else out.target(output, "", fmt)
        else:
            path = out.target(output, name, fmt)
        with game_errors("--seed: " if count is None else ""):
            script = game.make_script(game_map, seed, players=count)
        if perfect:
            if sys.stderr.isatty():  # a minute of silence would look like a hang
                click.echo(f"searching the perfect game of {game_map.id} seed "
                           f"{safe_name(str(seed))} (up to {time_limit:g} s of work)...",
                           err=True)
            with game_errors("--perfect: "):
                best = game.perfect(game_map, script, time_limit)
            if fmt in ("pdf", "png"):
                out.put_parts(path, fmt, _perfect_parts(game, game_map, script, best, paper),
                              f"{game_map.title}: seeded game {safe_name(str(seed))} and "
                              "its perfect game")
                return
            if fmt == "json":
                text = _with_key(_schema_text(game.script_json(script)), "perfect",
                                 best.data())
            else:
                text = best.board_csv
            out.put(path, text.encode("utf-8"))
            return
        if par:
            with game_errors():
                result = game.par(game_map, script)
            click.echo(json.dumps(with_schema(dict(result.data))) if as_json
                       else result.summary)
            return
        if fmt == "json":
            out.put(path, _schema_text(game.script_json(script)).encode("utf-8"))
            return
        if solo is not None:
            with game_errors():
                svgs = game.solo_pages(game_map, script, solo, paper)
            out.put_pages(path, fmt, svgs, title=f"{game_map.title}: solo challenge "
                                                 f"{safe_name(str(seed))}, seat {solo}")
            return
        with game_errors():
            svgs = game.script_pages(game_map, script, paper)
        out.put_pages(path, fmt, svgs,
                      title=f"{game_map.title}: seeded game {safe_name(str(seed))}")


def _perfect_parts(game: Game, game_map: Map, script: Any, best: Perfect,
                   paper: Paper) -> list[Any]:
    """The script's pages, then the perfect game's, each under a bookmark."""
    from sheetgen.document import Part

    with game_errors():
        script_pages = game.script_pages(game_map, script, paper)
        perfect_pages = game.perfect_pages(game_map, script, best, paper)
    return [Part(f"Seeded game {safe_name(str(script.seed))}", tuple(script_pages)),
            Part(f"Perfect game: {best.headline}", tuple(perfect_pages))]


def _with_key(text: str, key: str, value: object) -> str:
    """A JSON object's text (one key a line, closing brace last) with one more key."""
    body = text.rstrip()
    assert body.endswith("}")
    entry = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    return f"{body[:-1].rstrip()},\n  {json.dumps(key)}: {entry}\n}}\n"


@click.command("check")
@click.argument("board_csv", metavar="BOARD.csv",
                type=click.Path(dir_okay=False, path_type=Path))
@click.option("--seed", type=SEED, required=True,
              help="The seed of the game the board was played in.")
@click.option("--map", "map_id", default=None, shell_complete=complete_maps,
              help="The map (default: the CSV's '# map:' line).")
@click.option("--json", "as_json", is_flag=True,
              help="Print the verdicts as JSON (docs/json.md).")
@encoding_option
def check_command(board_csv: Path, seed: int, map_id: str | None, as_json: bool,
                  encoding: str | None) -> None:
    """Is every board in BOARD.csv a legal result of the seeded game SEED?

    Prints one line per player: legal, or the first thing that cannot be explained
    (space, value, turn). Exit codes: 0 every board is legal, 3 some board is not, 1 the
    input is wrong (the file, the map, the seed), 2 a usage error. A Highways & Byways
    drive log (see the README) is held to the seed's race: every move under that round's
    construction card and event; a problem names the round, the move and the space.

    \b
    Examples:
      sheetgen check boards.csv --seed 7
      sheetgen check boards.csv --seed 7 --map usa
      sheetgen check boards.csv --seed 7 --json
      sheetgen check drive.csv --seed 7
    """
    game, game_map, boards = read_boards((board_csv,), map_id, encoding)
    with game_errors("--seed: "):
        script = game.make_script(game_map, seed)
    verdicts = []
    for board in boards:
        with game_errors():
            verdicts.append(game.check(game_map, script, board))
    failures = [v for v in verdicts if not v.legal]
    shown = safe_name(str(seed))
    if as_json:
        click.echo(json.dumps(with_schema({
            "map": game_map.id, "seed": seed,
            "players": [{"name": v.player, "legal": v.legal, "problem": v.problem or None}
                        for v in verdicts],
            "legal": not failures}), indent=2, ensure_ascii=False))
    else:
        for v in verdicts:
            if v.legal:
                click.echo(f"{v.player}: legal for {game_map.id} seed {shown}")
        for v in failures:
            click.echo(f"{v.player}: not legal for {game_map.id} seed {shown}: {v.problem}")
    if failures:
        raise IllegalBoards(f"{board_csv}: {len(failures)} of {len(boards)} board(s) not "
                            "legal")


COMMANDS = (script_command, check_command)
