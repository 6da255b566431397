"""Dice Trip scoring: the five-part tally of RULES.md section 3, exactly.

A board is the model's :class:`~sheetgen.model.Board`: a number cell is ``circled`` when it
was written with a die of its city's colour (the parentheses of the scoring CSV), a cross
is a crossed-out city. The variant's points are recorded during play and passed in
(the CSV reader and ``check`` hold them to the board: ``sheetgen.games.dicetrip.variant``).

- **Bonus cities**: +1 for every city holding a double (11 ... 66) or a circled number in
  a coloured city; at most one point a city.
- **Crossed cities**: -1 each.
- **Longest road**: +1 a city on the longest chain of linked cities whose numbers strictly
  ascend along it (crossed cities break it). Strictly ascending links make a DAG, so the
  longest path is exact by dynamic programming in number order.
- **Series**: the longest chain of linked cities whose numbers follow each other on the
  tracker (16 -> 21 counts), scored by :func:`~sheetgen.games.dicetrip.rules.series_points`.
  Also a DAG, also exact.
- **Zones** without a crossed city: 1 = 4, 2 = 7, 3 = 9.

Equal-length chains are told apart by a fixed rule (the one ending on the smaller number,
then the one whose earlier cities hold smaller numbers), so the same board always shows
the same road.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from sheetgen.games.dicetrip.rules import (
    TripBoard,
    consecutive,
    is_double,
    series_points,
    zone_points,
)
from sheetgen.model import Board, CellKind, Map, SpaceId

ZONES: tuple[str, ...] = ("north-west", "north-east", "south")
"""The zones in the order the scoring area and the Score JSON list them."""


@dataclass(frozen=True)
class TripScore:
    """One board's tally."""

    player: str
    score: int
    """The total of the parts below."""
    bonus_cities: tuple[SpaceId, ...]
    """Cities scoring +1 (map order)."""
    crossed: tuple[SpaceId, ...]
    """Crossed cities, -1 each (map order)."""
    road: tuple[SpaceId, ...]
    """The longest strictly ascending chain, lowest number first."""
    series: tuple[SpaceId, ...]
    """The longest consecutive series, lowest number first."""
    series_points: int
    clean_zones: tuple[str, ...]
    """Zones without a crossed city."""
    zone_points: int
    variant_points: int

    @property
    def road_points(self) -> int:
        return len(self.road)

    @property
    def bonus_points(self) -> int:
        return len(self.bonus_cities)

    @property
    def crossed_points(self) -> int:
        return -len(self.crossed)


@dataclass(frozen=True)
class TripStandings:
    map_id: str
    players: tuple[TripScore, ...]
    """In the order of the boards given."""
    winners: tuple[str, ...]
    """Every player with the best score: several names are a tie (the rules break none)."""

    @property
    def ranked(self) -> tuple[TripScore, ...]:
        order = sorted(range(len(self.players)), key=lambda i: (-self.players[i].score, i))
        return tuple(self.players[i] for i in order)


def _numbers(board: Board) -> dict[SpaceId, int]:
    return {sid: c.value for sid, c in board.cells.items()
            if c.kind is CellKind.NUMBER and c.value is not None}


def longest_chain(game_map: Map, numbers: Mapping[SpaceId, int],
                  link: Callable[[int, int], bool]) -> tuple[SpaceId, ...]:
    """The longest path over linked cities where every step ``a -> b`` has
    ``link(a, b)`` true; ``link`` must imply ``a < b`` (so the steps form a DAG).

    Exact: cities are taken in number order, each keeping the best chain ending there.
    """
    order = {sid: i for i, sid in enumerate(game_map.space_ids)}
    cities = sorted(numbers, key=lambda s: (numbers[s], order[s]))
    best: dict[SpaceId, tuple[SpaceId, ...]] = {}
    for city in cities:
        chain: tuple[SpaceId, ...] = (city,)
        for prev in game_map.neighbours[city]:
            if prev in best and link(numbers[prev], numbers[city]):
                candidate = (*best[prev], city)
                if _better(candidate, chain, numbers):
                    chain = candidate
        best[city] = chain
    winner: tuple[SpaceId, ...] = ()
    for chain in best.values():
        if _better(chain, winner, numbers):
            winner = chain
    return winner


def _better(a: Sequence[SpaceId], b: Sequence[SpaceId], numbers: Mapping[SpaceId, int]) -> bool:
    """Longer wins; on equal length the smaller last number, then smaller numbers from
    the start."""
    if len(a) != len(b):
        return len(a) > len(b)
    if not a:
        return False
    key_a = (numbers[a[-1]], [numbers[s] for s in a])
    key_b = (numbers[b[-1]], [numbers[s] for s in b])
    return key_a < key_b


def score_board(game_map: Map, board: Board, variant_points: int = 0) -> TripScore:
    """The exact tally of one finished board."""
    numbers = _numbers(board)
    bonus = tuple(
        s.id for s in game_map.spaces if s.id in numbers
        and (is_double(numbers[s.id]) or (s.colour is not None and board.cells[s.id].circled)))
    crossed = tuple(s.id for s in game_map.spaces
                    if s.id in board.cells and board.cells[s.id].kind is CellKind.CROSS)
    road = longest_chain(game_map, numbers, lambda a, b: a < b)
    series = longest_chain(game_map, numbers, consecutive)
    dirty = {game_map.space(c).zone for c in crossed}
    clean = tuple(z for z in ZONES if z not in dirty
                  and any(s.zone == z for s in game_map.spaces))
    s_points = series_points(len(series))
    z_points = zone_points(len(clean))
    total = len(bonus) - len(crossed) + len(road) + s_points + z_points + variant_points
    return TripScore(player=board.player, score=total, bonus_cities=bonus, crossed=crossed,
                     road=road, series=series, series_points=s_points, clean_zones=clean,
                     zone_points=z_points, variant_points=variant_points)


def trip_standings(game_map: Map, boards: Sequence[Board],
                   variants: Sequence[int] | None = None) -> TripStandings:
    """Every board's tally and the winner(s); ties are listed as ties. The variant points
    are ``variants`` when given, else each :class:`TripBoard`'s own."""
    points = (list(variants) if variants is not None
              else [b.variant if isinstance(b, TripBoard) else 0 for b in boards])
    players = tuple(score_board(game_map, b, v) for b, v in zip(boards, points, strict=True))
    top = max((p.score for p in players), default=None)
    winners = tuple(p.player for p in players if p.score == top)
    return TripStandings(game_map.id, players, winners)


def rank(standings: TripStandings, entry: TripScore) -> int:
    """1 + the number of players with a strictly higher score (tied players share)."""
    return 1 + sum(1 for p in standings.players if p.score > entry.score)


def score_to_json(standings: TripStandings) -> dict[str, object]:
    """The Score JSON of ``sheetgen score`` for a Dice Trip map (docs/json.md)."""
    winners = list(standings.winners)
    return {
        "map": standings.map_id, "schema": 1,
        "players": [{"name": p.player, "rank": rank(standings, p), "score": p.score,
                     "bonus_cities": list(p.bonus_cities), "crossed": list(p.crossed),
                     "road": list(p.road), "road_points": p.road_points,
                     "series": list(p.series), "series_points": p.series_points,
                     "clean_zones": list(p.clean_zones), "zone_points": p.zone_points,
                     "variant_points": p.variant_points}
                    for p in standings.players],
        "winner": winners[0] if len(winners) == 1 else (winners or None),
        "winners": winners,
    }


def standings_text(standings: TripStandings) -> str:
    """The standings as plain lines, best first; a tie says so."""
    lines = []
    for p in standings.ranked:
        lines.append(f"{p.player}: {p.score} (bonus {p.bonus_points}, crossed "
                     f"{p.crossed_points}, road {p.road_points}, series {p.series_points}, "
                     f"zones {p.zone_points}, variant {p.variant_points})")
    if len(standings.winners) > 1:
        lines.append("Tie: " + ", ".join(standings.winners) + " share the best score")
    elif standings.winners:
        lines.append(f"Winner: {standings.winners[0]}")
    return "\n".join(lines) + "\n"
