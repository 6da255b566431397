"""The perfect game's oracle: a brute force over every legal play of a seeded game (every
setup, every move the referee offers), and a small On Tour: Paris map with boats for it."""

from __future__ import annotations

from functools import cache
from itertools import product

from sheetgen.games.ontour.players.game import legal_moves
from sheetgen.games.ontour.rules import Script
from sheetgen.games.ontour.score import best_route
from sheetgen.model import Board, Card, Cell, Dock, Map, Region, Space, SpaceId, make_edge

N, S = Region.NORTH, Region.SOUTH
W, C, E = Region.WEST, Region.CENTRAL, Region.EAST

# Five arrondissements of two clubs each; the river runs between the north bank (I, II)
# and the south bank (III, IV, V), which no link crosses:
#   1a - 1b(A) - 2a - 2b(C)
#   ~~~~~~~~~~~~~~~~~~~~~~~~~
#   3a - 3b - 4a(B) - 4b - 5a - 5b
ARRONDISSEMENTS = (("I", N, W), ("II", N, E), ("III", S, W), ("IV", S, C), ("V", S, E))
NUMERAL_TO_DIGIT = {"I": "1", "II": "2", "III": "3", "IV": "4", "V": "5"}
LINKS = (("1a", "1b"), ("1b", "2a"), ("2a", "2b"), ("3a", "3b"), ("3b", "4a"),
         ("4a", "4b"), ("4b", "5a"), ("5a", "5b"))
DOCKS = (("A", "1b"), ("B", "4a"), ("C", "2b"))


def small_paris() -> Map:
    """Ten clubs in five arrondissements, three docks on both banks, a card per
    (arrondissement, region)."""
    spaces = tuple(Space(f"{NUMERAL_TO_DIGIT[g]}{club}", f"{g} {club}",
                         f"{NUMERAL_TO_DIGIT[g]}{club}", (lat, lon), group=g)
                   for g, lat, lon in ARRONDISSEMENTS for club in "ab")
    cards = tuple(Card(g, region) for g, lat, lon in ARRONDISSEMENTS for region in (lat, lon))
    return Map(id="tinyparis", game="paris", title="Tiny Paris", spaces=spaces,
               edges=tuple(sorted({make_edge(a, b) for a, b in LINKS})), cards=cards,
               docks=tuple(Dock(letter, space) for letter, space in DOCKS),
               group_names=tuple((g, g) for g, _, _ in ARRONDISSEMENTS))


def setup_boards(game_map: Map, script: Script) -> list[dict[SpaceId, Cell]]:
    """Every way the setup numbers can be written: each in an empty space its card names
    (On Tour: its space; Paris: either club of its arrondissement)."""
    cards = script.setup_cells
    out = []
    for choice in product(*(game_map.card_spaces(card) for card, _ in cards)):
        if len(set(choice)) == len(choice):
            out.append({space: Cell.number(number, circled=True)
                        for space, (_, number) in zip(choice, cards, strict=True)})
    return out


def brute_force(game_map: Map, script: Script) -> int:
    """The best final score (boat rides included) over every setup and every sequence of
    legal moves (the referee's moves), each distinct position explored once."""

    @cache
    def best(t: int, cells: frozenset[tuple[SpaceId, Cell]]) -> int:
        board = dict(cells)
        if t == len(script.turns):
            return best_route(game_map, Board(game_map.id, "b", board)).score
        empty = [s for s in game_map.space_ids if s not in board]
        top = 0
        for move in legal_moves(game_map, script.turns[t], empty):
            after = dict(board)
            for w in move.writes:
                after[w.space] = w.cell
            top = max(top, best(t + 1, frozenset(after.items())))
        return top

    return max(best(0, frozenset(cells.items())) for cells in setup_boards(game_map, script))
