"""``sheetgen kit``: everything a game needs, one bookmarked PDF."""

from __future__ import annotations

import time
from pathlib import Path

import click

from sheetgen.cli.common import (
    DRAWN_FORMATS,
    MAX_KIT_SHEETS,
    PERFECT_FINISH_S,
    SEED,
    UserError,
    choose_format,
    complete_with,
    count_option,
    deadline,
    format_option,
    game_errors,
    honour,
    ink_option,
    ink_tag,
    load_game,
    map_argument,
    names_tag,
    option,
    output_option,
    outputs,
    paper_option,
    perfect_limit,
    perfect_limit_options,
    perfect_tag,
    players_option,
    progress_callback,
    put_document,
    safe_name,
    search_perfect,
)
from sheetgen.cli.sheet_cmd import sheet_names
from sheetgen.draw.style import ink_mode
from sheetgen.templates import Paper

DEFAULT_KIT_SHEETS = 8
KIT_PERFECT_PAGES = 4.0
"""The perfect game's pages and the cover redrawn cost about this many of the kit's
pages, drawn and converted (kept for them when the search runs by the clock)."""
BINDING_SHARE = 0.5
"""Laying converted pages into the file and finishing it takes about this share of the
time their conversion took (measured on the On Tour kits)."""
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
@perfect_limit_options
@ink_option
@format_option(DRAWN_FORMATS)
@output_option
def kit_command(map_id: str, paper: Paper, seed: int, count: int | None,
                players: list[str] | None, backs: str, perfect: bool,
                time_limit: float | None, work_limit: float | None,
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
      sheetgen kit usa --seed 7 --perfect --time-limit 30
      sheetgen kit usa --seed 7 --perfect --work-limit 20
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
    seconds, clocked = perfect_limit(time_limit, work_limit)
    if perfect:
        with game_errors("--perfect: "):
            game.perfect_ready()  # refuse before the rest of the kit is drawn
        name += perfect_tag(seconds, work=not clocked)
    kit_players = names if "player sheets" in game.honours else DEFAULT_KIT_SHEETS
    title = f"{game_map.title}: print-and-play kit"
    with outputs() as out:
        path = out.target(output, name, fmt)
        # A bar on stderr once the build has taken two seconds, on a terminal only: a step
        # a part, then a step a page.
        step = progress_callback(len(game.kit_steps) + perfect, "Building the kit")
        if not (perfect and clocked):
            with game_errors(), ink_mode(ink):
                parts = game.kit_parts(game_map, paper, seed=seed, players=kit_players,
                                       backs=mode, perfect=seconds if perfect else None,
                                       progress=step)
                put_document(out, path, fmt, parts, title, step)
            return
        # By the clock: the kit without its perfect game first, drawn and converted
        # (timed), and drawn once more (timed: what drawing it again will take, with what
        # the first drawing found kept); then the search with what is left, less that
        # drawing, the perfect game's pages and binding the converted pages into the file.
        from sheetgen.draw.pdf import Document

        document = Document() if fmt == "pdf" else None
        with ink_mode(ink):
            with game_errors():
                parts = game.kit_parts(game_map, paper, seed=seed, players=kit_players,
                                       backs=mode, progress=step)
            pages = [page for part in parts for page in part.pages]
            step.grow(len(pages))
            began = time.monotonic()
            for page in pages:
                if document is not None:
                    document.prepare(page)
                step()
            prepared = time.monotonic() - began
            began = time.monotonic()
            with game_errors():
                game.kit_parts(game_map, paper, seed=seed, players=kit_players, backs=mode)
            redrawn = time.monotonic() - began
            with game_errors("--seed: "):
                script = game.make_script(game_map, seed)
            page_s = prepared / max(1, len(pages))
            best = search_perfect(game, game_map, script, deadline(
                seconds, PERFECT_FINISH_S + redrawn + KIT_PERFECT_PAGES * page_s
                + BINDING_SHARE * prepared))
            with game_errors():
                parts = game.kit_parts(game_map, paper, seed=seed, players=kit_players,
                                       backs=mode, perfect=best)
            put_document(out, path, fmt, parts, title, step, document=document)


COMMANDS = (kit_command,)
