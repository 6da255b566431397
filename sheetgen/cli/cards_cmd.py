"""``sheetgen cards`` (a map's deck, imposed with crop marks) and ``sheetgen dice``."""

from __future__ import annotations

from pathlib import Path

import click

from sheetgen.cli.common import (
    UserError,
    output_option,
    output_path,
    paper_option,
    report,
    write_pages,
)
from sheetgen.templates import Paper


@click.command("dice")
@click.argument("kind", metavar="d10|d6|dicetrip")
@paper_option
@output_option
def dice_command(kind: str, paper: Paper, output: Path | None) -> None:
    """Printable dice nets with glue tabs: two ten-sided dice (0-9), four six-sided dice,
    or the four coloured Dice Trip dice. Every page carries a 50 mm ruler to check that
    it printed at actual size.

    \b
    Examples:
      sheetgen dice d10
      sheetgen dice dicetrip --paper letter -o trip-dice.pdf
    """
    from sheetgen.render.dice import KINDS, dice_pages
    from sheetgen.render.layout import LayoutError

    key = kind.strip().lower()
    if key not in KINDS:
        raise UserError(f"KIND: unknown dice {kind!r}; expected one of {', '.join(KINDS)}")
    try:
        pages = dice_pages(key, paper)
    except LayoutError as exc:
        raise UserError(str(exc)) from None
    path = output_path(output, f"dice-{key}")
    report(write_pages(path, "pdf", pages, f"Dice: {key}"))


COMMANDS = (dice_command,)
