"""``sheetgen plan``: Highways & Byways, which byways to drop and the shortest drive."""

from __future__ import annotations

import json
from pathlib import Path

import click

from sheetgen.cli.common import (
    game_errors,
    load_game,
    output_option,
    output_path,
    paper_option,
    progress_callback,
    report,
    write_atomically,
)
from sheetgen.templates import Paper


@click.command("plan")
@click.argument("game", metavar="GAME")
@click.option("--start", required=True, metavar="STATE",
              help="Start space, by its state (CA WY IA TX GA PA) or its name.")
@click.option("--hand", default=None, metavar="NAME,...",
              help="Byway cards in the hand (names or ids, comma-separated).")
@click.option("--seed", type=int, default=None,
              help="Take the hand the seeded game deals (the same draft as `script` and "
                   "`kit`): seat --seat of -n players.")
@click.option("--seat", type=click.IntRange(min=1), default=1, show_default=True,
              help="With --seed: whose hand (seats count from Player 1, clockwise).")
@click.option("-n", "--count", "count", type=click.IntRange(min=1), default=None,
              help="With --seed: the number of players the seed deals for (2-4, default "
                   "4, as `script` and `kit`).")
@click.option("--avoid", default=None, metavar="LETTER",
              help="Keep off the highway spaces of this construction letter (A-E).")
@click.option("--json", "as_json", is_flag=True,
              help="Print the plan as JSON (stdout holds only the JSON).")
@paper_option
@output_option
def plan_command(game: str, start: str, hand: str | None, seed: int | None, seat: int,
                 count: int | None, avoid: str | None, as_json: bool, paper: Paper,
                 output: Path | None) -> None:
    """Highways & Byways: which byways to drop and the shortest closed drive.

    For a start space and a hand of byway cards (the rules deal 2 red and 10 blue; --seed
    takes the hand of that seeded game's seat, as `script` and `kit` deal it), finds
    the drop the rules allow (one red, or two blue) and the fewest moves that drive every
    kept byway end to end in one go (either way) and return to the start; prints it turn by
    turn (six moves a turn) and writes a PDF with the drive drawn on the board (default:
    output/byways-plan-<START>-seed<N>.pdf). The plan is exact.

    \b
    Examples:
      sheetgen plan byways --start TX --seed 7
      sheetgen plan byways --start IA --seed 7 --seat 2 -n 3
      sheetgen plan byways --start GA --seed 7 --avoid C --json
      sheetgen plan byways --start CA --hand "The Loneliest Road,Tioga Road,Lake Tahoe"
    """
    entry, game_map = load_game(game)
    names = None if hand is None else hand.split(",")
    with game_errors():
        result = entry.plan(game_map, start=start, hand=names, seed=seed, avoid=avoid,
                            seat=seat, players=count)
        pages = result.pages(paper)
    tag = "hand"
    if seed is not None:
        tag = f"seed{seed}" + (f"-seat{seat}" if seat != 1 else "") \
            + (f"-{count}p" if count is not None else "")
    letter = f"-avoid{avoid.strip().upper()}" if avoid else ""
    path = output_path(output, f"{game_map.id}-plan-{start.strip().upper()}-{tag}{letter}")
    from sheetgen.draw.pdf import build_pdf

    data = build_pdf(pages, result.title,
                     progress=progress_callback(len(pages), "Drawing the pages"))
    if as_json:
        click.echo(json.dumps(result.json, indent=2, ensure_ascii=False))
    else:
        click.echo("\n".join(result.lines))
    write_atomically(path, data)
    report([path])


COMMANDS = (plan_command,)
