"""On Tour ``check``: its verdicts against a plainly written oracle on small made-up games,
its hardest boards, and its budget.

The oracle replays the game turn by turn as the rules read (``sheetgen.games.ontour.check``'s
module text): a number turn writes its numbers one after the other, each with a card of
its own, an X only when no card left has room; it tries every way, remembers nothing and
knows no bound.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.games.boards import read_boards
from sheetgen.games.ontour.check import check_board
from sheetgen.games.ontour.rules import Script, SetupStep, Turn, make_script
from sheetgen.maps import find_map
from sheetgen.model import Board, Card, Cell, CellKind, Map, Region, Space, SpaceId, make_edge

HARD = Path(__file__).resolve().parents[2] / "data" / "boards" / "hard"
LATITUDES = (Region.NORTH, Region.SOUTH)
LONGITUDES = (Region.WEST, Region.CENTRAL, Region.EAST)


# --- the oracle ---------------------------------------------------------------------------

def _writes(game_map: Map, turn: Turn, cells: dict[SpaceId, Cell],
            empty: frozenset[SpaceId]) -> list[frozenset[SpaceId]]:
    """Every set of spaces ``turn`` can fill with what the board shows there."""
    def room(cards: Sequence[Card], spaces: frozenset[SpaceId]) -> bool:
        return any(c.region in game_map.space(s).regions for c in cards for s in spaces)

    def spots(kind: CellKind, value: int | None, card: Card) -> list[SpaceId]:
        return [s for s in empty if cells[s].kind is kind and cells[s].value == value
                and card.region in game_map.space(s).regions
                and (not cells[s].circled or game_map.card_covers(card, s))]

    crosses = [s for s in empty if cells[s].kind is CellKind.CROSS]
    out: set[frozenset[SpaceId]] = set()
    if turn.last:
        if turn.star:
            return [frozenset({s}) for s in empty
                    if cells[s].kind is CellKind.STAR and not cells[s].circled]
        plain = all(cells[s].kind is CellKind.NUMBER and not cells[s].circled for s in empty)
        values = sorted(cells[s].value or 0 for s in empty) if plain else []
        if len(empty) == 1 and plain and values[0] in turn.numbers:
            return [empty]
        return [empty] if plain and values == list(turn.numbers) else []
    if turn.star:
        for card in turn.cards:
            out |= {frozenset({s}) for s in spots(CellKind.STAR, None, card)}
        if not room(turn.cards, empty):
            out |= {frozenset({s}) for s in crosses}
        return sorted(out, key=sorted)
    lo, hi = turn.numbers
    for first, second in ((lo, hi), (hi, lo)):
        for i, card in enumerate(turn.cards):
            others = [c for j, c in enumerate(turn.cards) if j != i]
            for s in spots(CellKind.NUMBER, first, card):
                rest = empty - {s}
                for other in others:
                    out |= {frozenset({s, u}) for u in spots(CellKind.NUMBER, second, other)
                            if u != s}
                if not room(others, rest):
                    out |= {frozenset({s, x}) for x in crosses if x != s}
        if not room(turn.cards, empty):  # the first is an X, and so is the second
            out |= {frozenset({x, y}) for x in crosses for y in crosses if x != y}
    return sorted(out, key=sorted)


def oracle(game_map: Map, script: Script, board: Board) -> bool:
    cells = dict(board.cells)
    setup = {card.space for card, _ in script.setup_cells}
    if any(cells[card.space] != Cell.number(n, True) for card, n in script.setup_cells):
        return False

    def can(t: int, empty: frozenset[SpaceId]) -> bool:
        if t == len(script.turns):
            return not empty
        return any(can(t + 1, empty - w) for w in _writes(game_map, script.turns[t], cells,
                                                          empty))

    return can(0, frozenset(s for s in game_map.space_ids if s not in setup))


# --- small made-up games -------------------------------------------------------------------

def toy_game(rng: random.Random) -> tuple[Map, Script]:
    """A map of 8-11 spaces (a path), a card per space, and a script: the setup, turns of
    three cards until two spaces are left, then last turns; few distinct numbers, so
    that boards repeat them."""
    count = rng.randint(8, 11)
    ids = [f"S{k}" for k in range(count)]
    spaces = tuple(Space(s, s, s, (rng.choice(LATITUDES), rng.choice(LONGITUDES)))
                   for s in ids)
    cards = tuple(Card(s.id, rng.choice(s.regions)) for s in spaces)
    game_map = Map("toy", "ontour", "Toy", spaces,
                   tuple(make_edge(a, b) for a, b in zip(ids, ids[1:], strict=False)), cards)
    setup_cards = rng.sample(cards, 4)
    steps = (SetupStep((1, 2), (setup_cards[0], setup_cards[1]), (12, 21)),
             SetupStep((1, 3), (setup_cards[2], setup_cards[3]), (13, 31)))
    rolls = [(1, 4), (4, 1), (2, 4), (1, 5)]
    turns = []
    empty = count - 4
    while empty > 0:
        last = empty <= 2
        star = rng.random() < 0.25
        a, b = rng.choice(rolls)
        numbers = () if star else tuple(sorted((10 * a + b, 10 * b + a)))
        turns.append(Turn(len(turns) + 1, () if last else tuple(rng.sample(cards, 3)),
                          (a, a) if star else (a, b), numbers, star, last, empty))
        empty -= turns[-1].fills
    return game_map, Script("toy", 0, steps, tuple(turns))


def toy_board(game_map: Map, script: Script, rng: random.Random) -> Board:
    """A board: a game the built-in referee let a random player play (then, now and
    then, one cell changed), or the board filled at random with what the script rolls."""
    from sheetgen.games.ontour.players.game import play
    from sheetgen.games.ontour.players.planner import RandomPlayer

    free = [s for s in game_map.space_ids
            if s not in {card.space for card, _ in script.setup_cells}]
    values = sorted({n for t in script.turns for n in t.numbers}) or [14]

    def anything() -> Cell:
        pick = rng.random()
        return (Cell.cross() if pick < 0.15 else Cell.star(rng.random() < 0.3)
                if pick < 0.35 else Cell.number(rng.choice(values), rng.random() < 0.3))

    cells = dict(play(game_map, script, RandomPlayer(rng.randrange(1000))).board.cells)
    if rng.random() < 0.4:
        for s in free:
            cells[s] = anything()
    elif rng.random() < 0.6:
        cells[rng.choice(free)] = anything()
    return Board("toy", "T", cells)


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False))
def test_verdicts_agree_with_the_oracle(rng: random.Random) -> None:
    game_map, script = toy_game(rng)
    board = toy_board(game_map, script, rng)
    got = check_board(game_map, script, board)
    assert got.decided
    assert got.legal == oracle(game_map, script, board), got.problem
    if got.legal:  # the explanation fills every space once, turn by turn
        filled = [s for p in got.placements for s in p.spaces]
        setup = {card.space for card, _ in script.setup_cells}
        assert sorted(filled) == sorted(s for s in game_map.space_ids if s not in setup)
        assert [p.turn for p in got.placements] == [t.turn for t in script.turns]


@settings(max_examples=50, deadline=None)
@given(st.randoms(use_true_random=False))
def test_the_oracle_accepts_the_referees_games(rng: random.Random) -> None:
    """The oracle reads the rules as the built-in referee plays them (every game it lets
    a player play is legal)."""
    from sheetgen.games.ontour.players.game import play
    from sheetgen.games.ontour.players.planner import RandomPlayer

    game_map, script = toy_game(rng)
    assert oracle(game_map, script, play(game_map, script, RandomPlayer(rng.randrange(99))).board)


# --- the hardest boards known, and the budget ----------------------------------------------

def _hard_boards() -> list[tuple[str, int, Board]]:
    out = []
    for path in sorted(HARD.glob("*-seed-*.csv")):
        map_id, seed = path.stem.split("-seed-")
        if map_id == "germany":
            continue
        _, _, boards = read_boards((path,), None, None)
        out += [(map_id, int(seed), b) for b in boards]
    return out


@pytest.mark.parametrize(("map_id", "seed", "board"), _hard_boards(),
                         ids=lambda v: str(v) if not isinstance(v, Board) else "")
def test_the_hardest_boards_known_are_decided_in_a_few_thousand_states(
        map_id: str, seed: int, board: Board) -> None:
    """Boards made for another game: the slowest took 1.7 s (83,693 states) with the
    search of before; the turns left, ruled out at once when they cannot fill the
    spaces left, decide them in a few thousand states at most."""
    game_map = find_map(map_id)
    got = check_board(game_map, make_script(game_map, seed), board)
    assert got.decided and not got.legal and got.problem
    assert got.states <= 5_000


def test_turns_that_cannot_fill_the_board_are_named_at_once() -> None:
    """A board holding a number more often than the turns that could write it there:
    refused before the first turn is replayed, naming the spaces."""
    usa = find_map("usa")
    path = HARD / "usa-seed-16287.csv"
    _, _, (board,) = read_boards((path,), None, None)
    got = check_board(usa, make_script(usa, 16287), board)
    assert not got.legal and got.states == 1
    assert "WY 13, MN 13 need 2 marks, but only 1 mark" in got.problem
    assert got.space == "WY"


def test_past_its_budget_a_board_is_undecided_never_illegal() -> None:
    usa = find_map("usa")
    _, _, (board,) = read_boards((HARD / "usa-seed-75460.csv",), None, None)
    script = make_script(usa, 75460)
    got = check_board(usa, script, board, budget=20)
    assert not got.decided and not got.legal and got.states <= 20
    assert got.problem.startswith("undecided")
    assert check_board(usa, script, board, budget=None).decided
