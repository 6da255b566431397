"""``sheetgen maps`` and ``sheetgen map show``."""

from __future__ import annotations

import json

import click

from sheetgen.cli.common import load_map
from sheetgen.maps import find_map, map_ids, map_to_json


@click.command("maps")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def maps_command(as_json: bool) -> None:
    """List the maps: id, game, title, number of spaces.

    \b
    Example:
      sheetgen maps --json
    """
    rows = [find_map(m) for m in map_ids()]
    if as_json:
        click.echo(json.dumps([{"id": m.id, "game": m.game, "title": m.title,
                                "spaces": len(m.spaces)} for m in rows], indent=2))
        return
    for m in rows:
        click.echo(f"{m.id:<10} {m.game:<10} {m.title:<28} {len(m.spaces):>3} spaces")


@click.group("map")
def map_group() -> None:
    """Inspect one map."""


@map_group.command("show")
@click.argument("map_id", metavar="MAP")
@click.option("--json", "as_json", is_flag=True, help="Print the topology as JSON.")
def map_show(map_id: str, as_json: bool) -> None:
    """Show a map's spaces, links and deck.

    \b
    Example:
      sheetgen map show usa --json
    """
    game_map = load_map(map_id)
    if as_json:
        click.echo(json.dumps(map_to_json(game_map), indent=2, ensure_ascii=False))
        return
    click.echo(f"{game_map.title} ({game_map.id}): {len(game_map.spaces)} spaces, "
               f"{len(game_map.edges)} links, {len(game_map.cards)} cards")
    for space in game_map.spaces:
        regions = "/".join(r.value for r in space.regions)
        links = " ".join(game_map.neighbours[space.id])
        click.echo(f"  {space.id:<6} {space.name:<22} {regions:<16} {links}")
    if game_map.notes:
        click.echo("\n" + game_map.notes)


COMMANDS = (maps_command, map_group)
