"""``sheetgen maps`` and ``sheetgen map show``."""

from __future__ import annotations

import json

import click

from sheetgen.cli.common import load_game, map_argument, with_schema
from sheetgen.maps import find_map, map_ids


@click.command("maps")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of the tables.")
def maps_command(as_json: bool) -> None:
    """List the games (id, title, maps, the map a game id stands for) and the maps (id,
    game, title, number of spaces). A MAP argument takes a map id or a game id.

    \b
    Examples:
      sheetgen maps
      sheetgen maps --json
    """
    from sheetgen.games import games

    rows = [find_map(m) for m in map_ids()]
    entries = games()
    if as_json:
        click.echo(json.dumps(with_schema({
            "games": [{"id": g.id, "title": g.title, "maps": list(g.maps()),
                       "default_map": g.default_map()} for g in entries],
            "maps": [{"id": m.id, "game": m.game, "title": m.title,
                      "spaces": len(m.spaces)} for m in rows]}), indent=2,
            ensure_ascii=False))
        return
    click.echo("Games")
    click.echo(f"  {'id':<10} {'title':<20} {'maps':<24} default map")
    for g in entries:
        click.echo(f"  {g.id:<10} {g.title:<20} {', '.join(g.maps()):<24} "
                   f"{g.default_map() or '-'}")
    click.echo("\nMaps")
    click.echo(f"  {'id':<10} {'game':<10} {'title':<28} {'spaces':>6}")
    for m in rows:
        click.echo(f"  {m.id:<10} {m.game:<10} {m.title:<28} {len(m.spaces):>6}")


@click.group("map")
def map_group() -> None:
    """Inspect one map."""


@map_group.command("show")
@map_argument()
@click.option("--json", "as_json", is_flag=True,
              help="Print the whole map as JSON: its topology and what its game adds "
                   "(docs/json.md).")
def map_show(map_id: str, as_json: bool) -> None:
    """Show a map's spaces, links and deck.

    \b
    Examples:
      sheetgen map show usa --json
      sheetgen map show byways --json
    """
    game, game_map = load_game(map_id)
    if as_json:
        click.echo(json.dumps(with_schema(game.map_json(game_map)), indent=2,
                              ensure_ascii=False))
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
