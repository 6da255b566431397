"""Seeded Paris games: cards name arrondissements, setup numbers go in either club, the
check and the built-in player follow the same reading, and the player rides the boats."""

from __future__ import annotations

import pytest

from sheetgen.games import find_game
from sheetgen.games.ontour.check import check_board
from sheetgen.games.ontour.players.game import play
from sheetgen.games.ontour.players.planner import PlannerPlayer
from sheetgen.games.ontour.rules import make_script, script_to_json
from sheetgen.maps import find_map
from sheetgen.model import Board, Cell, CellKind


@pytest.fixture(scope="module")
def game() -> tuple[object, Board]:
    paris = find_map("paris")
    script = make_script(paris, 7)
    return script, play(paris, script, PlannerPlayer()).board


def test_script_names_arrondissements_and_is_repeatable() -> None:
    paris = find_map("paris")
    script = make_script(paris, 7)
    assert script_to_json(script) == script_to_json(make_script(paris, 7))
    groups = set(paris.groups)
    assert all(card.space in groups for card, _ in script.setup_cells)
    assert all(c.space in groups for t in script.turns for c in t.cards)
    assert sum(t.fills for t in script.turns) == 40 - 4


def test_player_board_is_legal_and_setup_may_sit_in_either_club(game: tuple) -> None:
    script, board = game
    paris = find_map("paris")
    assert check_board(paris, script, board).legal
    # The two clubs of an arrondissement share regions and cards: swapping them keeps
    # the board legal, and moves a setup number to the other club.
    group = script.setup_cells[0][0].space
    a, b = paris.card_spaces(script.setup_cells[0][0])
    swapped = dict(board.cells)
    swapped[a], swapped[b] = board.cells[b], board.cells[a]
    assert swapped != dict(board.cells), group
    assert check_board(paris, script, Board("paris", "P", swapped)).legal


def test_a_circle_needs_a_card_of_that_arrondissement(game: tuple) -> None:
    script, board = game
    paris = find_map("paris")
    setup = {s for s, c in board.cells.items() if c.circled}
    sid = next(s for s in paris.space_ids if s not in setup
               and board.cells[s].kind is CellKind.NUMBER and not board.cells[s].circled
               and not any(paris.card_covers(c, s) and board.cells[s].value in t.numbers
                           for t in script.turns for c in t.cards))
    cells = dict(board.cells)
    cells[sid] = Cell.number(board.cells[sid].value or 0, circled=True)
    result = check_board(paris, script, Board("paris", "P", cells))
    assert not result.legal


def test_setup_number_missing_from_both_clubs_is_named(game: tuple) -> None:
    script, board = game
    paris = find_map("paris")
    card, number = script.setup_cells[0]
    cells = dict(board.cells)
    for s in paris.card_spaces(card):
        if cells[s] == Cell.number(number, circled=True):
            cells[s] = Cell.cross()
    result = check_board(paris, script, Board("paris", "P", cells))
    assert not result.legal
    assert f"the setup wrote ({number:02d})" in result.problem
    assert paris.card_name(card) in result.problem


def test_par_rides_the_boats() -> None:
    paris = find_map("paris")
    par = find_game("paris").par(paris, make_script(paris, 7))
    assert par.data["rides"] and par.data["boat_points"] > 0
    assert par.score == (par.data["spaces"] + par.data["circled"] + par.data["boat_points"])
