"""Built-in Dice Trip players: a planner that aims for a long road, and a random player.

The planner fixes a plan before the first roll: a long simple path through the map (the
road it hopes to build) and, for every city, a target place on the tracker (cities along
the path rise from 11 to 66; the others take their path neighbours' mean). Each round it
tries every way to read the dice (every split and order, and the powers while they are
free) and writes each number where it misses its target least, crossing a city when no
number comes near enough. A power is used only when it saves a clear amount. Bonus
cities (doubles, coloured dice) count as a small pull. It sees only the round in front of
it. The exact scorer then scores the board: that score is the seed's par.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sheetgen.games.dicetrip.rules import (
    DICE_COLOURS,
    Round,
    TripScript,
    any_two,
    is_double,
    modes,
    pair_numbers,
    tracker_index,
)
from sheetgen.games.dicetrip.score import TripScore, score_board
from sheetgen.model import Board, Cell, Map, SpaceId

CROSS_COST = 5.5
"""Cost of crossing a city, in tracker places missed (a cross is -1 and may cost a zone)."""
BONUS_PULL = 1.5
"""How many tracker places of miss a bonus city is worth."""
POWER_SAVING = 4.0
"""A power is used when it saves at least this much cost in a round."""


@dataclass(frozen=True)
class Write:
    """One thing written in a round: a number (circled or not) or a cross."""

    space: SpaceId
    cell: Cell


@dataclass(frozen=True)
class PlayedGame:
    board: Board
    rounds: tuple[tuple[Write, ...], ...]
    reroll_round: int | None
    double_round: int | None


def plan_path(game_map: Map) -> tuple[SpaceId, ...]:
    """A longest simple path, found by exhaustive depth-first search with a node budget
    (the first found of the greatest length; deterministic)."""
    best: list[SpaceId] = []
    budget = [200_000]

    def walk(path: list[SpaceId], seen: set[SpaceId]) -> None:
        if len(path) > len(best):
            best[:] = path
        if budget[0] <= 0 or len(best) == len(game_map.spaces):
            return
        budget[0] -= 1
        nexts = [n for n in game_map.neighbours[path[-1]] if n not in seen]
        nexts.sort(key=lambda n: sum(1 for m in game_map.neighbours[n] if m not in seen))
        for n in nexts:
            path.append(n)
            seen.add(n)
            walk(path, seen)
            seen.discard(n)
            path.pop()

    starts = sorted(game_map.space_ids, key=lambda s: (len(game_map.neighbours[s]), s))
    for start in starts[:4]:
        walk([start], {start})
    return tuple(best)


def targets(game_map: Map) -> dict[SpaceId, float]:
    """Every city's target place on the tracker (0-35)."""
    path = plan_path(game_map)
    out: dict[SpaceId, float] = {}
    step = 35 / max(len(path) - 1, 1)
    for i, city in enumerate(path):
        out[city] = i * step
    for _ in range(3):
        for city in game_map.space_ids:
            if city in path:
                continue
            near = [out[n] for n in game_map.neighbours[city] if n in out]
            if near:
                out[city] = sum(near) / len(near)
    return {c: out.get(c, 17.5) for c in game_map.space_ids}


class Planner:
    def __init__(self, game_map: Map) -> None:
        self.map = game_map
        self.target = targets(game_map)
        self.memo: dict[tuple[int, frozenset[str]], list[tuple[float, Write]]] = {}
        """Each number's best cities this round (empty cities and used numbers are fixed
        within a round)."""

    def cost(self, value: int, city: SpaceId, dice_colours: set[str]) -> tuple[float, bool]:
        """(cost, circled) of writing ``value`` in ``city`` made of dice of these colours."""
        colour = self.map.space(city).colour
        circled = colour is not None and colour in dice_colours
        miss = abs(tracker_index(value) - self.target[city])
        bonus = is_double(value) or circled
        return miss - (BONUS_PULL if bonus else 0.0), circled

    def best_two(self, numbers: list[tuple[int, set[str]]], empty: list[SpaceId],
                 used: set[int]) -> tuple[float, list[Write]]:
        """The cheapest way to write these (one or two) numbers or cross instead."""
        choices: list[list[tuple[float, Write]]] = []
        for value, colours in numbers:
            key = (value, frozenset(colours))
            if key not in self.memo:
                opts: list[tuple[float, Write]] = []
                if value not in used:
                    for city in empty:
                        c, circled = self.cost(value, city, colours)
                        opts.append((c, Write(city, Cell.number(value, circled))))
                opts.sort(key=lambda o: (o[0], o[1].space))
                self.memo[key] = opts[:3]
            choices.append(self.memo[key])
        cross = self.cross_choice(empty)
        best_cost = float("inf")
        best: list[Write] = []
        slots = len(numbers)
        if slots == 1:
            for c, w in choices[0][:1]:
                if c < best_cost:
                    best_cost, best = c, [w]
            if best_cost > CROSS_COST:
                best_cost, best = CROSS_COST, [Write(cross[0], Cell.cross())]
            return best_cost, best
        a_opts = choices[0] + [(CROSS_COST, Write("", Cell.cross()))]
        b_opts = choices[1] + [(CROSS_COST, Write("", Cell.cross()))]
        for ca, wa in a_opts:
            for cb, wb in b_opts:
                if wa.space and wa.space == wb.space:
                    continue
                if (wa.cell.value is not None and wa.cell.value == wb.cell.value):
                    continue
                total = ca + cb
                if total < best_cost:
                    best_cost, best = total, [wa, wb]
        return best_cost, self.fill_crosses(best, empty, cross)

    def cross_choice(self, empty: list[SpaceId]) -> list[SpaceId]:
        """Cities to cross, least useful first (the ones whose targets are hardest to hit:
        at the ends of the tracker)."""
        return sorted(empty, key=lambda c: (-abs(self.target[c] - 17.5), c))

    def fill_crosses(self, writes: list[Write], empty: list[SpaceId],
                     cross: list[SpaceId]) -> list[Write]:
        taken = {w.space for w in writes if w.space}
        out = []
        for w in writes:
            if w.space:
                out.append(w)
                continue
            city = next(c for c in cross if c not in taken)
            taken.add(city)
            out.append(Write(city, Cell.cross()))
        return out

    def play_round(self, rnd: Round, empty: list[SpaceId], used: set[int], reroll: bool,
                   double: bool, rounds_left: int) -> tuple[list[Write], bool, bool]:
        best: dict[tuple[bool, bool], tuple[float, list[Write]]] = {}
        self.memo.clear()
        for mode in modes(rnd.dice, rnd.alternatives, reroll=reroll,
                          double=double and not rnd.last and len(empty) >= 2):
            key = (mode.reroll, mode.double)
            if rnd.last or len(empty) == 1:
                numbers_sets = [[(v, {DICE_COLOURS[p[0]], DICE_COLOURS[p[1]]})]
                                for p in any_two(mode.dice) for v in pair_numbers(mode.dice, p)]
            else:
                numbers_sets = []
                for p, q in mode.splits:
                    for a in pair_numbers(mode.dice, p):
                        for b in pair_numbers(mode.dice, q):
                            numbers_sets.append(
                                [(a, {DICE_COLOURS[p[0]], DICE_COLOURS[p[1]]}),
                                 (b, {DICE_COLOURS[q[0]], DICE_COLOURS[q[1]]})])
            for numbers in numbers_sets:
                c, writes = self.best_two(numbers, empty, used)
                if key not in best or c < best[key][0]:
                    best[key] = (c, writes)
        plain_cost, plain = best[(False, False)]
        choice, use = plain, (False, False)
        choice_cost = plain_cost
        # powers save more late in the game only if there is no later round to use them
        threshold = POWER_SAVING if rounds_left > 1 else 0.01
        for key, (c, writes) in sorted(best.items()):
            if key != (False, False) and c < choice_cost - threshold * sum(key):
                choice, choice_cost, use = writes, c, key
        return choice, use[0], use[1]


def play(game_map: Map, script: TripScript, player: str = "Par") -> PlayedGame:
    """The planner's game on ``script``."""
    planner = Planner(game_map)
    cells: dict[SpaceId, Cell] = {}
    used: set[int] = set()
    reroll = double = True
    reroll_round = double_round = None
    rounds = []
    for rnd in script.rounds:
        empty = [c for c in game_map.space_ids if c not in cells]
        if not empty:
            break
        writes, used_reroll, used_double = planner.play_round(
            rnd, empty, used, reroll, double, len(script.rounds) - rnd.round + 1)
        if used_reroll:
            reroll, reroll_round = False, rnd.round
        if used_double:
            double, double_round = False, rnd.round
        for w in writes:
            cells[w.space] = w.cell
            if w.cell.value is not None:
                used.add(w.cell.value)
        rounds.append(tuple(writes))
    return PlayedGame(Board(game_map.id, player, cells), tuple(rounds), reroll_round,
                      double_round)


def play_random(game_map: Map, script: TripScript, seed: int,
                player: str = "Random") -> Board:
    """A player choosing uniformly among the plain ways to write each round (no powers,
    a cross only when a number is already on the sheet): the baseline par is held to."""
    rng = random.Random(seed)
    cells: dict[SpaceId, Cell] = {}
    used: set[int] = set()
    for rnd in script.rounds:
        empty = [c for c in game_map.space_ids if c not in cells]
        if not empty:
            break
        split = rng.choice([((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2))])
        pairs = split[:1] if len(empty) == 1 else split
        for pair in pairs:
            city = rng.choice(empty)
            empty.remove(city)
            value = rng.choice(pair_numbers(rnd.dice, pair))
            colour = game_map.space(city).colour
            if value in used:
                cells[city] = Cell.cross()
            else:
                circled = colour in (DICE_COLOURS[pair[0]], DICE_COLOURS[pair[1]])
                cells[city] = Cell.number(value, circled)
                used.add(value)
    return Board(game_map.id, player, cells)


def par_score(game_map: Map, script: TripScript) -> tuple[TripScore, PlayedGame]:
    """The planner's game on ``script``, scored exactly: the seed's par."""
    game = play(game_map, script)
    return score_board(game_map, game.board), game
