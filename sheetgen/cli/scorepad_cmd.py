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
    count_option,
    format_option,
    game_errors,
    given,
    honour,
    names_tag,
    option,
    output_option,
    outputs,
    paper_option,
    players_option,
)
from sheetgen.templates import Paper

if TYPE_CHECKING:
    from sheetgen.model import Map
    from sheetgen.products.scorepad import Pad

DEFAULT_GAMES = 8
MAX_PAD_PLAYERS = 60
"""``scorepad -n``: the most player blocks (the pad refuses what does not fit the paper)."""
MAX_GAMES = 40
"""``scorepad --games``: the most ruled rows, or games of a league evening."""
MAX_GAME_WORD = 64
"""The longest game word of a league's ``--games``."""


def _words(value: str, option: str) -> list[str]:
    words = [w.strip() for w in value.split(",")]
    if not all(words):
        raise UserError(f"{option}: {value[:60]!r} has a blank entry; expected words "
                        "separated by commas, e.g. usa,europe")
    if len(words) > MAX_GAMES:
        raise UserError(f"{option}: {len(words)} games; at most {MAX_GAMES}")
    for word in words:
        if len(word) > MAX_GAME_WORD:
            raise UserError(f"{option}: a game of {len(word)} characters; at most "
                            f"{MAX_GAME_WORD}")
    return words


def _pad_words() -> list[str]:
    """What GAME takes: each pad (game families and ``league``), then each map."""
    from sheetgen.products.scorepad import Pad, load_pads

    pads = load_pads()
    words = list(pads)
    for pad in pads.values():
        if isinstance(pad, Pad):
            words += [m for m in pad.maps if m not in words]
    return words


def _complete_pads(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    return [w for w in _pad_words() if w.startswith(incomplete.lower())]


def _not_league(values: Mapping[str, object]) -> str | None:
    if str(values.get("game", "")).strip().lower() == "league":
        return "a league sheet has a column per player of --players; leave it out"
    return None


@click.command("scorepad")
@click.argument("game", metavar="GAME", shell_complete=_complete_pads)
@count_option(MAX_PAD_PLAYERS, "Number of player blocks (with --players, the blocks after "
              "the names are blank)", default=4, requires=_not_league)
@players_option(MAX_PAD_PLAYERS, "Player names printed once at the top of each block; for "
                "`league`, the players of the evening.")
@option("--games", default=None, metavar="N | G1,G2,...",
        help=f"Pad: ruled rows, one a game (default {DEFAULT_GAMES}, at most {MAX_GAMES}). "
             "League: the games of the evening, comma-separated (map ids or any words).")
@paper_option
@format_option()
@output_option
def scorepad_command(game: str, count: int, players: list[str] | None, games: str | None,
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
      sheetgen scorepad dicetrip --format png
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
    honour()
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
        names = players
        typed = _words(games, "--games")
        game_words = [_game_title(g, pads) for g in typed]
        name = f"league-{names_tag(names)}-{names_tag(typed)}-{paper.id}"
    else:
        rows = _game_count(games)
        names = count
        if players:
            if given(click.get_current_context(), "count"):
                if count < len(players):
                    raise UserError(f"-n: {count} is fewer than the {len(players)} names of "
                                    "--players")
                names = players + [""] * (count - len(players))
            else:
                names = players
        if isinstance(names, list):
            named = [n for n in names if n]
            who = names_tag(named) + ("" if len(named) == len(names) else f"-{len(names)}p")
        else:
            who = f"{names}p"
        name = f"{pad.map_id or pad.id}-scorepad-{paper.id}-{who}-{rows}g"
    with outputs() as out:
        path = out.target(output, name, fmt)
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
        out.put_pages(path, fmt, svgs, title=f"{pad.title}: scorepad")


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
    text = value.strip()
    if not (text.isdecimal() and len(text) <= 6):
        raise UserError(f"--games: expected a number of games 1-{MAX_GAMES}, got "
                        f"{value[:40]!r}")
    rows = int(text)
    if not 1 <= rows <= MAX_GAMES:
        raise UserError(f"--games: {rows} is outside 1-{MAX_GAMES}")
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
