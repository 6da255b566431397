"""``sheetgen kit``: everything a game needs, one bookmarked PDF."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from sheetgen.cli.common import (
    game_errors,
    load_game,
    output_option,
    output_path,
    paper_option,
    report,
    write_atomically,
)
from sheetgen.templates import Paper


@click.command("kit")
@click.argument("map_id", metavar="GAME")
@paper_option
@click.option("--seed", type=click.IntRange(min=0), default=1, show_default=True,
              help="The seeded game printed in the kit, with its par score.")
@output_option
def kit_command(map_id: str, paper: Paper, seed: int, output: Path | None) -> None:
    """Everything a game needs in one bookmarked PDF: a cover, the rules on one page,
    eight player sheets, the deck (fronts and backs), two d10, a seeded game with its
    par score, how to score with sheetgen, and the open-data credits.

    GAME is a map id (usa, europe), or a game that has one map.

    \b
    Examples:
      sheetgen kit usa
      sheetgen kit europe --paper letter -o europe-kit.pdf
    """
    from sheetgen.document import document_pdf

    game, game_map = load_game(map_id)
    path = output_path(output, f"{game_map.id}-kit-{paper.id}", "pdf")
    with click.progressbar(length=len(game.kit_steps) + 1, label="Building the kit",
                           file=sys.stderr,
                           item_show_func=lambda s: s) as bar:
        def progress(label: str) -> None:
            bar.update(1, label)

        with game_errors():
            parts = game.kit_parts(game_map, paper, seed=seed, progress=progress)
        bar.update(1, "PDF")
        blob = document_pdf(parts, f"{game_map.title}: print-and-play kit")
    write_atomically(path, blob)
    report([path])


COMMANDS = (kit_command,)
