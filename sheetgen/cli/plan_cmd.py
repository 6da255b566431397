"""``sheetgen plan``: Highways & Byways, which byways to drop and the shortest drive."""

from __future__ import annotations

import json
import re
from pathlib import Path

import click

from sheetgen.cli.common import (
    DRAWN_FORMATS,
    SEED,
    PathName,
    complete_for_map,
    complete_with,
    count_option,
    drawing_paper_option,
    format_option,
    game_errors,
    honour,
    is_stdout,
    json_or_drawing,
    load_game,
    map_argument,
    only_with,
    only_without,
    option,
    output_option_saying,
    outputs,
    safe_name,
    with_schema,
)
from sheetgen.templates import Paper

LETTERS = ("A", "B", "C", "D", "E")
MAX_SEATS = 4
"""The most players a seeded deal seats (``--seat``, ``-n``)."""


def _word(text: str) -> str:
    """A start space as typed, as a part of a file name (``TX``, ``DES-MOINES``)."""
    return safe_name(re.sub(r"[^A-Za-z0-9]+", "-", text.strip().upper()).strip("-") or "X")


@click.command("plan")
@map_argument("planner", metavar="GAME")
@option("--start", required=True, metavar="STATE",
        shell_complete=complete_for_map(lambda game, game_map: game.start_spaces(game_map)),
        help="Start space, by its state (CA WY IA TX GA PA) or its name.")
@option("--hand", default=None, metavar="NAME,...",
        requires=only_without("seed", "give a hand or a seed to deal one, not both"),
        help="Byway cards in the hand (names or ids, comma-separated).")
@option("--seed", type=SEED, default=None,
        help="Take the hand the seeded game deals (the same draft as `script` and `kit`): "
             "seat --seat of -n players.")
@option("--seat", type=click.IntRange(min=1, max=MAX_SEATS), default=1, show_default=True,
        requires=only_with("seed", "it picks a seat of a seeded deal; give --seed (a "
                                   "--hand is already one seat's)"),
        help="With --seed: whose hand (seats count from Player 1, clockwise).")
@count_option(MAX_SEATS, "With --seed: the number of players the seed deals for (default 4, "
              "as `script` and `kit`)", minimum=2,
              requires=only_with("seed", "it is the number of players of a seeded deal; "
                                         "give --seed (a --hand is already one seat's)"))
@option("--avoid", default=None, metavar="LETTER", shell_complete=complete_with(lambda: LETTERS),
        help="Keep off the highway spaces of this construction letter (A-E).")
@click.option("--json", "as_json", is_flag=True,
              help="Print the plan as JSON (stdout holds only the JSON); no PDF unless -o "
                   "or --pdf asks for one.")
@click.option("--pdf", "pdf_path", type=PathName(path_type=Path), default=None,
              help="Write the PDF here (the same as -o).")
@drawing_paper_option
@format_option(DRAWN_FORMATS)
@output_option_saying("The PDF with the drive drawn on the board; '-' for standard output "
                    "(default: output/byways-plan-<START>-<seed N|hand>.pdf).")
def plan_command(map_id: str, start: str, hand: str | None, seed: int | None, seat: int,
                 count: int | None, avoid: str | None, as_json: bool, pdf_path: Path | None,
                 paper: Paper, fmt: str | None, output: Path | None) -> None:
    """Highways & Byways: which byways to drop and the shortest closed drive.

    For a start space and a hand of byway cards (the rules deal 2 red and 10 blue; --seed
    takes the hand of that seeded game's seat, as `script` and `kit` deal it), finds
    the drop the rules allow (one red, or two blue) and the fewest moves that drive every
    kept byway end to end in one go (either way) and return to the start; prints it turn by
    turn (six moves a turn) and writes a PDF with the drive drawn on the board (default:
    output/byways-plan-<START>-seed<N>.pdf). With --json the plan is printed as JSON
    (docs/json.md) and the PDF is written only when -o or --pdf names it. The plan is
    exact.

    \b
    Examples:
      sheetgen plan byways --start TX --seed 7
      sheetgen plan byways --start IA --seed 7 --seat 2 -n 3
      sheetgen plan byways --start GA --seed 7 --avoid C --json
      sheetgen plan byways --start CA --hand "The Loneliest Road,Tioga Road,Lake Tahoe"
    """
    target, want_pdf, fmt, option = json_or_drawing(as_json, output, pdf_path, fmt)
    entry, game_map = load_game(map_id)
    with game_errors():
        entry.ready("planner", "planner")
    honour(entry, draws=want_pdf)
    if hand is None and seed is None:
        raise click.UsageError("give --hand NAME,... or --seed N (to deal a hand)")
    tag = "hand"
    if seed is not None:
        tag = f"seed{safe_name(str(seed))}" + (f"-seat{seat}" if seat != 1 else "") \
            + (f"-{count}p" if count is not None else "")
    letter = f"-avoid{avoid.strip().upper()[:1]}" if avoid else ""
    with outputs() as out:
        path = (out.target(target, f"{game_map.id}-plan-{_word(start)}-{tag}{letter}",
                           fmt, option=option) if want_pdf else None)
        names = None if hand is None else hand.split(",")
        with game_errors():
            result = entry.plan(game_map, start=start, hand=names, seed=seed, avoid=avoid,
                                seat=seat, players=count)
        if as_json:
            data = with_schema({"map": game_map.id, "seed": seed, **result.json})
            click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        else:
            click.echo("\n".join(result.lines), err=is_stdout(path))
        if path is not None:
            with game_errors():
                pages = result.pages(paper)
            out.put_pages(path, fmt, pages, result.title)


COMMANDS = (plan_command,)
