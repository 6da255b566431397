"""``sheetgen kit``: everything a game needs, one bookmarked PDF."""

from __future__ import annotations

from pathlib import Path

import click

from sheetgen.cli.common import (
    DRAWN_FORMATS,
    MAX_KIT_SHEETS,
    MAX_TIME_LIMIT,
    PERFECT_TIME_LIMIT,
    SEED,
    TimeLimit,
    UserError,
    choose_format,
    complete_with,
    count_option,
    format_option,
    game_errors,
    honour,
    ink_option,
    ink_tag,
    load_game,
    map_argument,
    names_tag,
    only_with,
    option,
    output_option,
    outputs,
    paper_option,
    perfect_tag,
    players_option,
    progress_callback,
    safe_name,
)
from sheetgen.cli.sheet_cmd import sheet_names
from sheetgen.draw.style import ink_mode
from sheetgen.templates import Paper

DEFAULT_KIT_SHEETS = 8
KIT_BACKS = ("none", "duplex-long", "duplex-short", "fold")


@click.command("kit")
@map_argument(metavar="MAP|GAME")
@paper_option
@click.option("--seed", type=SEED, default=1, show_default=True,
              help="The seeded game printed in the kit, with its par score.")
@count_option(MAX_KIT_SHEETS, f"Number of player sheets in the kit (default "
              f"{DEFAULT_KIT_SHEETS}, or one per name of --players)", needs="player sheets")
@players_option(MAX_KIT_SHEETS, "Player names printed on the kit's sheets (with -n "
                "larger, the rest are blank).", needs="player sheets")
@option("--backs", default="duplex-long", show_default=True, metavar="|".join(KIT_BACKS),
        shell_complete=complete_with(lambda: KIT_BACKS), needs="cards",
        help="Card backs, as `sheetgen cards --backs`: none, duplex-long, "
             "duplex-short or fold.")
@option("--perfect", is_flag=True, needs="perfect",
        help="Add the seeded game's perfect game (its best possible board drawn "
             "with its route, the proven upper bound, the par, the turns) after "
             "the scoring how-to, as in `sheetgen script --perfect` (On Tour: usa, "
             "europe, paris). Needs the 'perfect' extra (OR-Tools).")
@option("--time-limit", type=TimeLimit(), default=PERFECT_TIME_LIMIT, show_default=True,
        requires=only_with("perfect", "it limits the search of --perfect; add --perfect"),
        help=f"Seconds --perfect may search (as `sheetgen script --time-limit`; at most "
             f"{MAX_TIME_LIMIT:g}).")
@ink_option
@format_option(DRAWN_FORMATS)
@output_option
def kit_command(map_id: str, paper: Paper, seed: int, count: int | None,
                players: list[str] | None, backs: str, perfect: bool, time_limit: float,
                ink: str, fmt: str | None, output: Path | None) -> None:
    """Everything a game needs in one bookmarked PDF: a cover, the rules on one page,
    player sheets, the deck (fronts and backs), two d10, a seeded game with its par
    score, the game's scorepad, how to score with sheetgen, and the open-data credits;
    with --perfect, the seeded game's perfect game too.

    MAP|GAME is a map id (usa, europe), or a game id (ontour means its first map, usa).

    \b
    Examples:
      sheetgen kit usa
      sheetgen kit ontour -n 6 --backs fold
      sheetgen kit usa --players Ann,Ben,Cy
      sheetgen kit europe --paper letter -o europe-kit.pdf
      sheetgen kit usa --seed 7 --perfect --time-limit 20
      sheetgen kit germany
    """
    mode = backs.strip().lower()
    if mode not in KIT_BACKS:
        raise UserError(f"--backs: unknown mode {backs!r}; expected one of "
                        f"{', '.join(KIT_BACKS)}")
    fmt = choose_format(output, fmt, DRAWN_FORMATS)
    game, game_map = load_game(map_id)
    honour(game)
    names = sheet_names(count, players, DEFAULT_KIT_SHEETS)
    name = f"{game_map.id}-kit-{paper.id}"
    if seed != 1:
        name += f"-seed-{safe_name(str(seed))}"
    if len(names) != DEFAULT_KIT_SHEETS or players:
        name += f"-{len(names)}p"
    if players:
        name += f"-{names_tag(names)}"
    if mode != "duplex-long":
        name += f"-backs-{mode}"
    name += ink_tag(ink)
    if perfect:
        with game_errors("--perfect: "):
            game.perfect_ready()  # refuse before the rest of the kit is drawn
        name += perfect_tag(time_limit)
    with outputs() as out:
        path = out.target(output, name, fmt)
        # A bar on stderr once the build has taken two seconds, on a terminal only.
        step = progress_callback(len(game.kit_steps) + 1 + perfect, "Building the kit")
        with game_errors(), ink_mode(ink):
            parts = game.kit_parts(game_map, paper, seed=seed,
                                   players=names if "player sheets" in game.honours
                                   else DEFAULT_KIT_SHEETS, backs=mode,
                                   perfect=time_limit if perfect else None, progress=step)
        out.put_parts(path, fmt, parts, f"{game_map.title}: print-and-play kit")
        step("PDF")


COMMANDS = (kit_command,)
