"""``check_board``: accepts the boards players make, rejects tampered ones, and reads the
X rule turn by turn."""

from __future__ import annotations

import time

import pytest

from sheetgen.games.ontour.check import check_board, writable
from sheetgen.games.ontour.players.game import PlayedGame, play
from sheetgen.games.ontour.players.planner import PlannerPlayer, RandomPlayer
from sheetgen.games.ontour.rules import Script, SetupStep, Turn, make_script
from sheetgen.maps import find_map
from sheetgen.model import Board, Card, Cell, CellKind, Map, Region, Space, make_edge

PLANNER_SEEDS = range(6)
RANDOM_SEEDS = range(100, 130)


@pytest.fixture(scope="module")
def games() -> list[tuple[Script, PlayedGame]]:
    usa = find_map("usa")
    out = []
    for seed in PLANNER_SEEDS:
        script = make_script(usa, seed)
        out.append((script, play(usa, script, PlannerPlayer())))
    for seed in RANDOM_SEEDS:
        script = make_script(usa, seed)
        out.append((script, play(usa, script, RandomPlayer(seed))))
    return out


def _with(board: Board, **cells: Cell) -> Board:
    return Board(board.map_id, board.player, {**board.cells, **cells})


def test_accepts_every_board_players_make(games) -> None:
    usa = find_map("usa")
    slowest = 0.0
    for script, game in games:
        start = time.perf_counter()
        result = check_board(usa, script, game.board)
        slowest = max(slowest, time.perf_counter() - start)
        assert result.legal, (script.seed, result.problem)
        filled = [s for p in result.placements for s in p.spaces]
        assert len(filled) == len(set(filled)) == len(usa.spaces) - 4
    assert slowest < 1.0


def _setup_spaces(script: Script) -> set[str]:
    return {card.space for card, _ in script.setup_cells}


def _could_write(usa: Map, script: Script, space: str, cell: Cell) -> bool:
    """Oracle, order ignored: some turn could have written ``cell`` in ``space``."""
    for turn in script.turns:
        if turn.last:
            if not cell.circled and (cell.kind is CellKind.STAR) == turn.star and (
                    turn.star or cell.value in turn.numbers):
                return True
        elif (cell.kind is CellKind.STAR) == turn.star and (
                turn.star or cell.value in turn.numbers):
            for card in turn.cards:
                if card.region in usa.space(space).regions and (
                        not cell.circled or card.space == space):
                    return True
    return False


def test_writable_is_every_cell_a_turn_or_the_setup_could_leave(games) -> None:
    """What a reader of photographed sheets narrows its readings to: per space, the
    oracle's cells, the setup's circled numbers, an X; every played board lies in it."""
    usa = find_map("usa")
    for script, game in games[:6]:
        got = writable(usa, script)
        rolled = {n for step in (*script.setup, *script.turns) for n in step.numbers}
        every = [Cell.number(n, c) for n in range(100) for c in (False, True)]
        every += [Cell.star(False), Cell.star(True), Cell.cross()]
        setup = {(card.space, Cell.number(n, circled=True)) for card, n in script.setup_cells}
        for space in usa.space_ids:
            want = {cell for cell in every
                    if (space, cell) in setup or cell.kind is CellKind.CROSS
                    or _could_write(usa, script, space, cell)}
            assert got[space] == want, (script.seed, space)
            assert all(cell.value is None or cell.value in rolled for cell in got[space])
        for space, cell in game.board.cells.items():
            assert cell in got[space], (script.seed, space, cell)


def test_rejects_a_number_moved_where_no_card_allowed(games) -> None:
    usa = find_map("usa")
    tried = 0
    for script, game in games:
        board = game.board
        fixed = _setup_spaces(script)
        done = False
        for source in usa.space_ids:
            cell = board.cells[source]
            if source in fixed or cell.kind is not CellKind.NUMBER or cell.circled:
                continue
            for target in usa.space_ids:
                if target in fixed or target == source:
                    continue
                if not _could_write(usa, script, target, cell):
                    moved = _with(board, **{target: cell, source: board.cells[target]})
                    result = check_board(usa, script, moved)
                    assert not result.legal, (script.seed, source, target)
                    assert result.space in (source, target)
                    tried += 1
                    done = True
                    break
            if done:
                break
    assert tried >= len(games) - 2


def test_rejects_an_added_circle(games) -> None:
    usa = find_map("usa")
    tried = 0
    for script, game in games:
        fixed = _setup_spaces(script)
        for space in usa.space_ids:
            cell = game.board.cells[space]
            if space in fixed or cell.kind is CellKind.CROSS or cell.circled:
                continue
            circled = Cell(cell.kind, cell.value, circled=True)
            if not _could_write(usa, script, space, circled):
                result = check_board(usa, script, _with(game.board, **{space: circled}))
                assert not result.legal and result.space == space, (script.seed, space)
                tried += 1
                break
    assert tried == len(games)


def test_rejects_a_star_on_a_number_turn(games) -> None:
    usa = find_map("usa")
    for script, game in games:
        fixed = _setup_spaces(script)
        turn_of = {s: p.turn for p in check_board(usa, script, game.board).placements
                   for s in p.spaces}
        space = next(s for s in usa.space_ids if s not in fixed
                     and game.board.cells[s].kind is CellKind.NUMBER
                     and not script.turns[turn_of[s] - 1].star)
        result = check_board(usa, script, _with(game.board, **{space: Cell.star()}))
        assert not result.legal, (script.seed, space)


def test_rejects_a_changed_setup_number(games) -> None:
    usa = find_map("usa")
    for script, game in games:
        card, number = script.setup_cells[0]
        changed = Cell.number((number + 1) % 100, circled=True)
        result = check_board(usa, script, _with(game.board, **{card.space: changed}))
        assert not result.legal and result.space == card.space
        assert f"({number:02d})" in result.problem
        uncircled = Cell.number(number)
        assert not check_board(usa, script, _with(game.board, **{card.space: uncircled})).legal


def test_rejects_another_seeds_board(games) -> None:
    usa = find_map("usa")
    script, game = games[0]
    other = make_script(usa, 999)
    result = check_board(usa, other, game.board)
    assert not result.legal and result.problem


def test_incomplete_board() -> None:
    usa = find_map("usa")
    script = make_script(usa, 1)
    result = check_board(usa, script, Board("usa", "A", {}))
    assert not result.legal and result.space == usa.space_ids[0]


# --- the X rule on a small hand-made game ------------------------------------------------
#
# Eight spaces: A north/west, B north/east, C south/west, D south/east, E-H south/central.
# Four are filled at setup; turn 1 (under test) rolls 12 and 21 with four spaces empty;
# turn 2 is a last turn (34 / 43) that fills the two spaces left.

N, S, W, E, C = Region.NORTH, Region.SOUTH, Region.WEST, Region.EAST, Region.CENTRAL
REGIONS = {"A": (N, W), "B": (N, E), "C": (S, W), "D": (S, E), "E": (S, C), "F": (S, C),
           "G": (S, C), "H": (S, C)}


def _toy() -> Map:
    spaces = tuple(Space(k, k, k, v) for k, v in REGIONS.items())
    ids = list(REGIONS)
    edges = tuple(make_edge(a, b) for a, b in zip(ids, ids[1:], strict=False))
    cards = tuple(Card(k, v[0]) for k, v in REGIONS.items())
    return Map("toy", "ontour", "Toy", spaces, edges, cards)


def _script(turn_cards: tuple[Card, ...], setup: str = "EFGH") -> Script:
    steps = (SetupStep((1, 5), (Card(setup[0], S), Card(setup[1], S)), (15, 51)),
             SetupStep((2, 6), (Card(setup[2], S), Card(setup[3], S)), (26, 62)))
    turns = (Turn(1, turn_cards, (1, 2), (12, 21), False, False, 4),
             Turn(2, (), (3, 4), (34, 43), False, True, 2))
    return Script("toy", 0, steps, turns)


def _board(setup: str = "EFGH", **cells: Cell) -> Board:
    base = {space: Cell.number(n, True) for space, n in zip(setup, (15, 51, 26, 62),
                                                             strict=True)}
    return Board("toy", "P", {**base, **cells})


def test_x_only_when_no_legal_space_was_left() -> None:
    toy = _toy()
    # Only the north card has room (A, B): after one number the other has none.
    script = _script((Card("H", C), Card("G", C), Card("A", N)))
    legal = _board(A=Cell.number(12, True), B=Cell.cross(), C=Cell.number(34),
                   D=Cell.number(43))
    assert check_board(toy, script, legal).legal
    legal_too = _board(B=Cell.number(21), A=Cell.cross(), C=Cell.number(43),
                       D=Cell.number(34))
    assert check_board(toy, script, legal_too).legal
    # With north, west and east cards every number had a space: no X.
    roomy = _script((Card("B", N), Card("C", W), Card("D", E)))
    crossed = _board(A=Cell.number(12), B=Cell.cross(), C=Cell.number(34),
                     D=Cell.number(43))
    result = check_board(toy, roomy, crossed)
    assert not result.legal and "turn 1" in result.problem


def test_x_after_a_poor_first_choice_is_allowed() -> None:
    """Empty A B D E; cards north (A, B) and two west (only A). 12 in A with the north card
    leaves the west cards no room, so the second number becomes an X; 12 in B would have
    left A for a west card, so an X is not allowed then."""
    toy = _toy()
    setup = "CFGH"
    script = _script((Card("B", N), Card("C", W), Card("C", W)), setup)
    poor = _board(setup, A=Cell.number(12), D=Cell.cross(), B=Cell.number(34),
                  E=Cell.number(43))
    assert check_board(toy, script, poor).legal
    blocked = _board(setup, B=Cell.number(12, True), D=Cell.cross(), A=Cell.number(34),
                     E=Cell.number(43))
    assert not check_board(toy, script, blocked).legal
    both = _board(setup, A=Cell.number(21), B=Cell.number(12, True), D=Cell.number(34),
                  E=Cell.number(43))
    assert check_board(toy, script, both).legal


def test_numbers_need_two_different_cards() -> None:
    toy = _toy()
    script = _script((Card("A", N), Card("G", C), Card("H", C)))
    both_north = _board(A=Cell.number(12, True), B=Cell.number(21), C=Cell.number(34),
                        D=Cell.number(43))
    result = check_board(toy, script, both_north)
    assert not result.legal and "turn 1" in result.problem
    assert "different cards" in result.problem
    assert check_board(toy, script, _board(A=Cell.number(12, True), B=Cell.cross(),
                                           C=Cell.number(34), D=Cell.number(43))).legal


def test_last_turn_marks_are_never_circled() -> None:
    toy = _toy()
    script = _script((Card("A", N), Card("B", N), Card("C", W)))
    base = dict(A=Cell.number(12, True), C=Cell.number(21, True), B=Cell.number(34))
    assert check_board(toy, script, _board(**base, D=Cell.number(43))).legal
    result = check_board(toy, script, _board(**base, D=Cell.number(43, True)))
    assert not result.legal and result.space == "D"
