"""``sheetgen script``: a seeded game, every card and roll; ``--par`` the built-in player's
score for it. ``sheetgen check``: is a filled board a legal result of a seeded game?"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import click

from sheetgen.cli.common import (
    MAX_SEED_DIGITS,
    PERFECT_FINISH_S,
    SEED,
    STDOUT,
    PathName,
    choose_format,
    complete_maps,
    count_option,
    deadline,
    drawing_paper_option,
    encoding_option,
    file_seed,
    format_option,
    game_errors,
    honour,
    load_game,
    map_argument,
    option,
    output_option,
    outputs,
    perfect_limit,
    perfect_limit_options,
    perfect_tag,
    players_option,
    progress_callback,
    put_document,
    read_boards,
    safe_name,
    search_perfect,
    with_schema,
)
from sheetgen.games import CHECK_BUDGET, Game
from sheetgen.model import Deadline, Map
from sheetgen.output import Outputs
from sheetgen.templates import Paper

SEED_HELP = ("The game's seed: a whole number, 0 or more, of any length up to "
             f"{MAX_SEED_DIGITS} digits (a seed of more than 24 digits is shortened to its "
             "first digits and a hash in default file names and QR codes).")
ILLEGAL_EXIT = 3
"""``check``'s exit code when some board is not a legal result of the seed (1 is bad
input, 2 a usage error)."""
UNDECIDED_EXIT = 4
"""``check``'s exit code when no board is shown illegal but some board's search ran out of
its budget (``--budget``) without a verdict."""
MAX_BUDGET = 10_000_000
"""The largest ``--budget`` (states per board; some minutes of search)."""


class IllegalBoards(click.ClickException):
    """Some board is not legal for the seed: exit code ``ILLEGAL_EXIT``."""

    exit_code = ILLEGAL_EXIT


class UndecidedBoards(click.ClickException):
    """Some board has no verdict within the budget: exit code ``UNDECIDED_EXIT``."""

    exit_code = UNDECIDED_EXIT


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
@perfect_limit_options
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
                   perfect: bool, time_limit: float | None, work_limit: float | None,
                   count: int | None,
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
      sheetgen script usa --seed 7 --perfect --work-limit 20
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
    seconds, clocked = perfect_limit(time_limit, work_limit)
    produces = ("csv", "json", "pdf", "png") if perfect else ("pdf", "png", "json")
    fmt = choose_format(output, "json" if as_json else fmt, produces)
    game, game_map = load_game(map_id)
    honour(game, draws=not par and fmt in ("pdf", "png"))
    name = f"{game_map.id}-seed-{safe_name(str(seed))}"
    name += "" if count is None else f"-{count}p"
    name += f"-solo-{solo}" if solo is not None else "-script"
    name += f"-{paper.id}"
    if perfect and fmt in ("pdf", "png"):
        name += perfect_tag(seconds, work=not clocked)
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
            if fmt in ("pdf", "png"):
                _put_perfect_document(out, path, fmt, game, game_map, script, paper, seconds,
                                      clocked)
                return
            best = search_perfect(game, game_map, script,
                                  deadline(seconds, PERFECT_FINISH_S) if clocked else seconds)
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


PERFECT_PAGES_COST = 2.0
"""The perfect game's pages (the board drawn with its route, the turns) cost about this
many times one script page, drawn and converted (measured on usa, europe and paris)."""
BINDING_SHARE = 0.5
"""Laying converted pages into the file and finishing it takes about this share of the
time their conversion took."""


def _put_perfect_document(out: Outputs, path: Path, fmt: str, game: Game, game_map: Map,
                          script: Any, paper: Paper, seconds: float, clocked: bool) -> None:
    """The script's pages, then the perfect game's, each under a bookmark (a PDF, or PNG
    pages). By the clock, the script's pages are drawn and converted first (for a PDF),
    and the search keeps for the perfect game's pages what one of them took, times
    ``PERFECT_PAGES_COST``."""
    from sheetgen.document import Part
    from sheetgen.draw.pdf import Document

    document = Document() if fmt == "pdf" else None
    began = time.monotonic()
    with game_errors():
        script_pages = game.script_pages(game_map, script, paper)
    for page in script_pages:
        if document is not None:
            document.prepare(page)
    page_s = (time.monotonic() - began) / max(1, len(script_pages))
    limit: float | Deadline = seconds
    if clocked:
        limit = deadline(seconds, PERFECT_FINISH_S + (PERFECT_PAGES_COST + BINDING_SHARE
                                                       * len(script_pages)) * page_s)
    best = search_perfect(game, game_map, script, limit)
    with game_errors():
        perfect_pages = game.perfect_pages(game_map, script, best, paper)
    parts = [Part(f"Seeded game {safe_name(str(script.seed))}", tuple(script_pages)),
             Part(f"Perfect game: {best.headline}", tuple(perfect_pages))]
    put_document(out, path, fmt, parts, f"{game_map.title}: seeded game "
                 f"{safe_name(str(script.seed))} and its perfect game", document=document)


def _with_key(text: str, key: str, value: object) -> str:
    """A JSON object's text (one key a line, closing brace last) with one more key."""
    body = text.rstrip()
    assert body.endswith("}")
    entry = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    return f"{body[:-1].rstrip()},\n  {json.dumps(key)}: {entry}\n}}\n"


@click.command("check")
@click.argument("board_csv", metavar="BOARD.csv",
                type=PathName(dir_okay=False, path_type=Path))
@click.option("--seed", type=SEED, default=None,
              help="The seed of the game the board was played in (default: the CSV's "
                   "'# seed:' line, which `sheetgen read` writes).")
@click.option("--map", "map_id", default=None, shell_complete=complete_maps,
              help="The map (default: the CSV's '# map:' line).")
@click.option("--json", "as_json", is_flag=True,
              help="Print the verdicts as JSON (docs/json.md).")
@click.option("--budget", type=click.IntRange(min=1, max=MAX_BUDGET), default=CHECK_BUDGET,
              show_default=True, metavar="STATES",
              help="Search states one board may take (the slowest boards known take a few "
                   "thousand, under a second); past it that board is undecided (exit code "
                   f"4), never guessed. At most {MAX_BUDGET:,}.")
@encoding_option
def check_command(board_csv: Path, seed: int | None, map_id: str | None, as_json: bool,
                  budget: int, encoding: str | None) -> None:
    """Is every board in BOARD.csv a legal result of the seeded game SEED (given, or
    the file's '# seed:' line)?

    Prints one line per player: legal, not legal with the first thing that cannot be
    explained (space, value, turn), or undecided when the search used its --budget.
    Exit codes: 0 every board is legal, 3 some board is not, 4 none is shown illegal but
    some board is undecided, 1 the input is wrong (the file, the map, the seed), 2 a
    usage error. A Highways & Byways drive log (see the README) is held to the seed's
    race: every move under that round's construction card and event; a problem names the
    round, the move and the space.

    \b
    Examples:
      sheetgen check boards.csv --seed 7
      sheetgen check boards.csv --seed 7 --map usa
      sheetgen check boards.csv --seed 7 --json
      sheetgen check boards.csv --seed 7 --budget 1000000
      sheetgen check drive.csv --seed 7
      sheetgen check evening.csv        # the seed of its '# seed:' line
    """
    seed = file_seed(board_csv, seed, encoding)
    game, game_map, boards = read_boards((board_csv,), map_id, encoding)
    with game_errors("--seed: "):
        script = game.make_script(game_map, seed)
    verdicts = []
    step = progress_callback(len(boards), "Checking")
    for board in boards:
        with game_errors():
            verdicts.append(game.check(game_map, script, board, budget))
        step(board.player)
    failures = [v for v in verdicts if v.decided and not v.legal]
    undecided = [v for v in verdicts if not v.decided]
    shown = safe_name(str(seed))
    if as_json:
        click.echo(json.dumps(with_schema({
            "map": game_map.id, "seed": seed,
            "players": [{"name": v.player, "legal": v.legal if v.decided else None,
                         "verdict": v.word, "problem": v.problem or None}
                        for v in verdicts],
            "legal": False if failures else None if undecided else True,
            "budget": budget}), indent=2, ensure_ascii=False))
    else:
        for v in verdicts:
            if v.legal:
                click.echo(f"{v.player}: legal for {game_map.id} seed {shown}")
        for v in failures:
            click.echo(f"{v.player}: not legal for {game_map.id} seed {shown}: {v.problem}")
        for v in undecided:
            click.echo(f"{v.player}: undecided for {game_map.id} seed {shown}: {v.problem}; "
                       "a larger --budget may decide it")
    if failures:
        raise IllegalBoards(f"{board_csv}: {len(failures)} of {len(boards)} board(s) not "
                            "legal" + (f", {len(undecided)} undecided" if undecided else ""))
    if undecided:
        raise UndecidedBoards(f"{board_csv}: {len(undecided)} of {len(boards)} board(s) "
                              f"undecided within --budget {budget}")


COMMANDS = (script_command, check_command)
