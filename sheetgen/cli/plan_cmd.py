"""``sheetgen plan``: Highways & Byways, which byways to drop and the shortest drive."""

from __future__ import annotations

import json
from pathlib import Path

import click

from sheetgen.cli.common import (
    UserError,
    load_map,
    output_option,
    output_path,
    paper_option,
    report,
    write_atomically,
)
from sheetgen.templates import Paper


def _road(map_id: str):  # type: ignore[no-untyped-def]
    from sheetgen.byways import find_roadmap

    game_map = load_map(map_id)
    if game_map.game != "byways":
        raise UserError(f"GAME: {map_id!r} is not a Highways & Byways map; "
                        "plan works for byways")
    return find_roadmap(game_map.id)


@click.command("plan")
@click.argument("game", metavar="GAME")
@click.option("--start", required=True, metavar="STATE",
              help="Start space, by its state (CA WY IA TX GA PA) or its name.")
@click.option("--hand", default=None, metavar="NAME,...",
              help="Byway cards in the hand (names or ids, comma-separated).")
@click.option("--seed", type=int, default=None,
              help="Deal a hand of 2 red and 10 blue byways with this seed instead.")
@click.option("--avoid", default=None, metavar="LETTER",
              help="Keep off the highway spaces of this construction letter (A-E).")
@click.option("--json", "as_json", is_flag=True,
              help="Print the plan as JSON (stdout holds only the JSON).")
@paper_option
@output_option
def plan_command(game: str, start: str, hand: str | None, seed: int | None,
                 avoid: str | None, as_json: bool, paper: Paper, output: Path | None) -> None:
    """Highways & Byways: which byways to drop and the shortest closed drive.

    For a start space and a hand of byway cards (the rules deal 2 red and 10 blue), finds
    the drop the rules allow (one red, or two blue) and the fewest moves that drive every
    kept byway end to end in one go (either way) and return to the start; prints it turn by
    turn (six moves a turn) and writes a PDF with the drive drawn on the board (default:
    output/byways-plan-<START>.pdf). The plan is exact.

    \b
    Examples:
      sheetgen plan byways --start TX --seed 7
      sheetgen plan byways --start GA --seed 7 --avoid C --json
      sheetgen plan byways --start CA --hand "The Loneliest Road,Tioga Road,Lake Tahoe"
    """
    from sheetgen.maps import attribution, find_geometry
    from sheetgen.rules.byways import deal_hand
    from sheetgen.solve.byways import PlanError, plan, plan_json, plan_lines

    road = _road(game)
    start_space = road.start_space(start)
    if start_space is None:
        known = ", ".join(f"{st} ({road.map.space(s).name})" for st, s in road.starts.items())
        raise UserError(f"--start: {start!r} is not a start space; start spaces: {known}")
    if (hand is None) == (seed is None):
        raise UserError("--hand/--seed: give exactly one of them")
    if seed is not None:
        if seed < 0:
            raise UserError(f"--seed: expected a whole number 0 or more, got {seed}")
        cards = list(deal_hand(road, seed))
    else:
        assert hand is not None
        cards = []
        for name in hand.split(","):
            found = road.find_byway(name)
            if found is None:
                raise UserError(f"--hand: no byway called {name.strip()!r}; "
                                "`sheetgen cards byways` lists them")
            if found in cards:
                raise UserError(f"--hand: {found.name!r} is named twice")
            cards.append(found)
    letter = None
    if avoid is not None:
        letter = avoid.strip().upper()
        if letter not in ("A", "B", "C", "D", "E"):
            raise UserError(f"--avoid: expected a construction letter A-E, got {avoid!r}")
    try:
        result = plan(road, start_space, cards, letter)
    except PlanError as exc:
        raise UserError(str(exc)) from None
    lines = plan_lines(road, result)
    tag = f"seed{seed}" if seed is not None else "hand"
    name = f"{road.map.id}-plan-{start.strip().upper()}-{tag}" + (f"-avoid{letter}"
                                                                   if letter else "")
    path = output_path(output, name, "pdf")
    from sheetgen.render.byways import plan_pages
    from sheetgen.render.pdf import build_pdf

    title = f"{road.map.title}: the best drive from {road.map.space(start_space).name}"
    pages = plan_pages(road, find_geometry(road.map.id), paper,
                       [s.space for s in result.drive], title, lines[:5], lines[5:],
                       attribution(road.map.id))
    data = build_pdf(pages, title)
    if as_json:
        click.echo(json.dumps(plan_json(road, result), indent=2, ensure_ascii=False))
    else:
        click.echo("\n".join(lines))
    write_atomically(path, data)
    report([path])


COMMANDS = (plan_command,)
