"""Boards players could have written, for tests that walk through a user's steps: the
built-in player's (Dice Trip) or a random player's (On Tour) game of a seed, and a scoring
CSV from `template` filled in with them."""

from __future__ import annotations

from pathlib import Path

from sheetgen.games import game_of
from sheetgen.maps import find_map
from sheetgen.model import Board


def legal_board(map_id: str, seed: int, player: str) -> Board:
    """A board a player of seed ``seed`` could have written (the built-in player's, or a
    random player's on On Tour)."""
    game_map = find_map(map_id)
    script = game_of(game_map).make_script(game_map, seed)
    if game_map.game == "dicetrip":
        from sheetgen.games.dicetrip.player import play

        return Board(map_id, player, play(game_map, script).board.cells)
    from sheetgen.games.ontour.players.game import play as play_ontour
    from sheetgen.games.ontour.players.planner import RandomPlayer

    return Board(map_id, player, play_ontour(game_map, script, RandomPlayer(seed)).board.cells)


def fill_in(csv_path: Path, seed: int) -> None:
    """What a group does between `template` and `score`: every column filled with a board
    of seed ``seed``, as `template` named the players."""
    text = csv_path.read_text(encoding="utf-8")
    map_id = text.splitlines()[0].removeprefix("# map:").strip()
    game_map = find_map(map_id)
    names = [n.strip() for n in text.splitlines()[1].split(",")[1:]]
    boards = [legal_board(map_id, seed, name) for name in names]
    if game_map.game == "dicetrip":
        from sheetgen.games.dicetrip.grammar import format_trip_boards

        out = format_trip_boards(game_map, boards)
    else:
        from sheetgen.games.ontour.grammar import format_boards

        out = format_boards(game_map, boards)
    csv_path.write_text(out, encoding="utf-8")


def drive_log(seed: int, players: int, seat: int = 1) -> str:
    """Highways & Byways: the log the built-in driver of ``seat`` drove in the seeded race
    of ``players`` (what a solo player types, driving as well as the driver)."""
    from sheetgen.games.byways.drivelog import format_drive_log
    from sheetgen.games.byways.driver import par_race
    from sheetgen.games.byways.race import find_course

    return format_drive_log(par_race("byways", seed, players), find_course(), seat, "Ann")
