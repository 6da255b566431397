"""``sheetgen scorepad``: printable tally pads for a game family, and the league sheet."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import click

from sheetgen.cli.common import (
    FORMATS,
    UserError,
    choose_format,
    format_option,
    game_errors,
    names_tag,
    output_option,
    output_path,
    paper_option,
    parse_players,
    report,
    write_pages,
)
from sheetgen.templates import Paper

if TYPE_CHECKING:
    from sheetgen.model import Map
    from sheetgen.products.scorepad import Pad

DEFAULT_GAMES = 8


def _words(value: str, option: str) -> list[str]:
    words = [w.strip() for w in value.split(",")]
    if not all(words):
        raise UserError(f"{option}: {value!r} has a blank entry; expected words separated by "
                        "commas, e.g. usa,europe")
    return words


@click.command("scorepad")
@click.argument("game", metavar="GAME")
@click.option("-n", "--count", "count", type=click.IntRange(1, 60), default=4,
              show_default=True, help="Number of player blocks (blank names).")
@click.option("--players", default=None, metavar="A,B,...",
              help="Player names, comma-separated, printed once at the top of each block "
                   "(instead of -n); for `league`, the players of the evening.")
@click.option("--games", default=None, metavar="N | G1,G2,...",
              help=f"Pad: ruled rows, one a game (default {DEFAULT_GAMES}). League: the "
                   "games of the evening, comma-separated (map ids or any words).")
@paper_option
@format_option
@output_option
def scorepad_command(game: str, count: int, players: str | None, games: str | None,
                     paper: Paper, fmt: str | None, output: Path | None) -> None:
    """A printable scorepad for GAME: a block per player with the name written once, a
    ruled row per game holding the parts of the score, the total and the place, and a
    running total last, so a season fits one page.

    GAME is a game (ontour, dicetrip, byways) or one of its maps (usa, europe, paris,
    germany): a map's pad has only that map's columns (boat points on paris).

    `league` makes the sheet for an evening of several games: a row per game, and for each
    player the place, the points it earns and the running total.

    A filled pad for a scored board comes from `sheetgen score BOARD.csv --scorepad`.

    \b
    Examples:
      sheetgen scorepad usa
      sheetgen scorepad ontour -n 6 --games 10 --paper letter
      sheetgen scorepad paris --players Ann,Bo,Cy
      sheetgen scorepad league --players Ann,Bo,Cy --games usa,europe,usa
    """
    from sheetgen.games import game_of
    from sheetgen.products.scorepad import (
        League,
        PadError,
        PadFitError,
        find_pad,
        league_pages,
        load_pads,
        scorepad_pages,
    )

    fmt = choose_format(output, fmt, FORMATS)
    try:
        pads = load_pads()
        game_map = _map_of(game, pads)
        pad = find_pad(game_map.id if game_map else _pad_word(game), pads)
    except KeyError as exc:
        raise UserError(str(exc.args[0])) from None
    except PadError as exc:
        raise UserError(f"scorepad data: {exc}") from None
    names: list[str] | int
    if isinstance(pad, League):
        if players is None or games is None:
            raise UserError("league: give --players A,B,... and --games G1,G2,...")
        names = parse_players(players)
        game_words = [_game_title(g, pads) for g in _words(games, "--games")]
        tag = names_tag([*names, "", *game_words]).removeprefix("named-")
        name = f"league-scorepad-{paper.id}-{len(names)}p-{len(game_words)}g-{tag}"
    else:
        rows = _game_count(games)
        names = parse_players(players) if players else count
        who = (f"{len(names)}p-{names_tag(names)}" if isinstance(names, list)
               else f"{names}p")
        name = f"{pad.map_id or pad.id}-scorepad-{paper.id}-{who}-{rows}g"
    path = output_path(output, name, fmt)
    try:
        if isinstance(pad, League):
            assert isinstance(names, list)
            svgs = league_pages(pad, paper, names, game_words)
        elif game_map is not None:
            # the pad the kit and `score --scorepad` print for this map
            with game_errors("scorepad: "):
                svgs = game_of(game_map).scorepad_pages(game_map, paper, names, rows)
        else:
            svgs = scorepad_pages(pad, paper, names, rows, heading=_heading(pad))
    except PadFitError as exc:
        raise UserError(f"scorepad: {exc}") from None
    report(write_pages(path, fmt, svgs, title=f"{pad.title}: scorepad"))


def _map_of(word: str, pads: Mapping[str, object]) -> Map | None:
    """The map whose pad ``word`` asks for, or None for a whole pad (``ontour``,
    ``league``). A map id names its map (``paris``, ``byways``); a game that keeps no pad
    of its own stands for its one map (``on-tour-paris``: the Paris pad, with boat points);
    a pad's own id (``ontour``, ``dicetrip``) is the pad with the columns of every map."""
    from sheetgen.games import GameError, find_game
    from sheetgen.maps import UnknownMapError, find_map

    try:
        return find_map(word)
    except UnknownMapError:
        pass
    if word.strip().lower() in pads:
        return None
    try:
        game = find_game(word)
    except GameError:
        return None
    default = game.default_map()
    if game.scorepad == game.id or game.scorepad is None or default is None:
        return None
    return find_map(default)


def _pad_word(word: str) -> str:
    """A registered game's alias as its pad's id (``on-tour`` -> ``ontour``); any other
    word as given (pads and maps are looked up in the pad files)."""
    from sheetgen.games import GameError, find_game

    try:
        pad = find_game(word).scorepad
    except GameError:
        return word
    return pad or word


def _game_count(value: str | None) -> int:
    if value is None:
        return DEFAULT_GAMES
    try:
        rows = int(value)
    except ValueError:
        raise UserError(f"--games: expected a number of games, got {value!r}") from None
    if not 1 <= rows <= 40:
        raise UserError(f"--games: {rows} is outside 1-40")
    return rows


def _heading(pad: Pad) -> str | None:
    """The title of the map a pad was narrowed to (the pad's title and the map id while
    the map is not installed); None for a whole game family."""
    if pad.map_id is None:
        return None
    title = _game_title(pad.map_id, {})
    return title if title != pad.map_id else f"{pad.title} · {pad.map_id}"


def _game_title(word: str, pads: Mapping[str, object]) -> str:
    """A map id as its title (``usa`` -> ``On Tour: USA``), a pad's id as its game's title
    (``dicetrip`` -> ``Dice Trip``); other words as given."""
    from sheetgen.maps import UnknownMapError, find_map

    try:
        return find_map(word).title
    except UnknownMapError:
        pad = pads.get(word.strip().lower())
        return str(getattr(pad, "title", word))


COMMANDS = (scorepad_command,)
