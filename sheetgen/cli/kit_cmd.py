"""``sheetgen kit``: everything a game needs, one bookmarked PDF."""

from __future__ import annotations

from pathlib import Path

import click

from sheetgen.cli.common import (
    PERFECT_TIME_LIMIT,
    UserError,
    choose_format,
    complete_maps,
    complete_with,
    game_errors,
    ink_option,
    ink_tag,
    load_game,
    output_option,
    output_path,
    paper_option,
    perfect_tag,
    progress_callback,
    report,
    safe_name,
    write_atomically,
)
from sheetgen.draw.style import ink_mode
from sheetgen.templates import Paper

DEFAULT_KIT_SHEETS = 8
KIT_BACKS = ("none", "duplex-long", "duplex-short", "fold")


@click.command("kit")
@click.argument("map_id", metavar="MAP|GAME", shell_complete=complete_maps)
@paper_option
@click.option("--seed", type=click.IntRange(min=0), default=1, show_default=True,
              help="The seeded game printed in the kit, with its par score.")
@click.option("--players", "sheets", type=click.IntRange(min=1), default=DEFAULT_KIT_SHEETS,
              show_default=True, help="Number of player sheets in the kit.")
@click.option("--backs", default="duplex-long", show_default=True, metavar="|".join(KIT_BACKS),
              shell_complete=complete_with(lambda: KIT_BACKS),
              help="Card backs, as `sheetgen cards --backs`: none, duplex-long, "
                   "duplex-short or fold.")
@click.option("--perfect", is_flag=True,
              help="Add the seeded game's perfect game (its best possible board drawn "
                   "with its route, the proven upper bound, the par, the turns) after "
                   "the scoring how-to, as in `sheetgen script --perfect` (On Tour: usa, "
                   "europe, paris). Needs the 'perfect' extra (OR-Tools).")
@click.option("--time-limit", type=click.FloatRange(min=0, min_open=True),
              default=PERFECT_TIME_LIMIT, show_default=True,
              help="Seconds --perfect may search (as `sheetgen script --time-limit`).")
@ink_option
@output_option
def kit_command(map_id: str, paper: Paper, seed: int, sheets: int, backs: str,
                perfect: bool, time_limit: float, ink: str, output: Path | None) -> None:
    """Everything a game needs in one bookmarked PDF: a cover, the rules on one page,
    player sheets, the deck (fronts and backs), two d10, a seeded game with its par
    score, the game's scorepad, how to score with sheetgen, and the open-data credits;
    with --perfect, the seeded game's perfect game too.

    MAP|GAME is a map id (usa, europe), or a game id (ontour means its first map, usa).

    \b
    Examples:
      sheetgen kit usa
      sheetgen kit ontour --players 6 --backs fold
      sheetgen kit europe --paper letter -o europe-kit.pdf
      sheetgen kit usa --seed 7 --perfect --time-limit 20
      sheetgen kit germany
    """
    from sheetgen.document import document_pdf

    mode = backs.strip().lower()
    if mode not in KIT_BACKS:
        raise UserError(f"--backs: unknown mode {backs!r}; expected one of "
                        f"{', '.join(KIT_BACKS)}")
    choose_format(output, None, ("pdf",))
    game, game_map = load_game(map_id)
    name = f"{game_map.id}-kit-{paper.id}"
    if seed != 1:
        name += f"-seed-{safe_name(str(seed))}"
    if sheets != DEFAULT_KIT_SHEETS:
        name += f"-{sheets}p"
    if mode != "duplex-long":
        name += f"-backs-{mode}"
    name += ink_tag(ink)
    if perfect:
        with game_errors("--perfect: "):
            game.perfect_ready()  # refuse before the rest of the kit is drawn
        name += perfect_tag(time_limit)
    path = output_path(output, name, "pdf")
    # A bar on stderr once the build has taken two seconds, on a terminal only.
    step = progress_callback(len(game.kit_steps) + 1 + perfect, "Building the kit")
    with game_errors(), ink_mode(ink):
        parts = game.kit_parts(game_map, paper, seed=seed, players=sheets, backs=mode,
                               perfect=time_limit if perfect else None, progress=step)
    blob = document_pdf(parts, f"{game_map.title}: print-and-play kit")
    step("PDF")
    write_atomically(path, blob)
    report([path])


COMMANDS = (kit_command,)
