"""Dice Trip (map ``germany``): the dice, the numbers they make, and a seeded game.

RULES.md section 3 settles the rules. Four six-sided dice of four colours; a round's four
dice make two two-digit numbers, every die used once (numbers 11-66, digits 1-6). Twelve
rounds fill two cities each (a number or a cross); the thirteenth fills the last city with
one number made of any two of the dice. Two special powers, once per game each: re-roll
any of the dice, and use one die twice (it must be in both numbers, never paired with
itself).

A seeded game (``make_script``) is 13 rounds of four dice, each round with one pre-rolled
**alternative** for every die: whoever uses the re-roll power in that round replaces any
of the dice by their alternatives. So the power is playable from paper, and every player
of a seeded challenge may use it once, in the round of their choice (docs/rules.md).

How a seed becomes a game: ``rng = random.Random(seed)``; for each round 1-13, four draws
``rng.randint(1, 6)`` for the dice (red, blue, green, yellow), then four more for the
alternatives in the same order.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from sheetgen.model import Board

DICE_COLOURS: tuple[str, str, str, str] = ("red", "blue", "green", "yellow")
"""The four dice, in the order every roll lists them."""
ROUNDS = 13
"""Rounds in a game: 12 that fill two cities each, then one that fills the last city."""
TRACKER: tuple[int, ...] = tuple(10 * a + b for a in range(1, 7) for b in range(1, 7))
"""The 36 numbers in tracker order: 11 ... 16, 21 ... 26, ..., 61 ... 66."""
_TRACKER_INDEX = {n: i for i, n in enumerate(TRACKER)}
SERIES_POINTS = {4: 2, 5: 3, 6: 4, 7: 6, 8: 6, 9: 6}
"""Points for a consecutive series of this many cities (10 or more: 9; under 4: 0)."""
ZONE_POINTS = (0, 4, 7, 9)
"""Points for 0, 1, 2 or 3 zones without a crossed city."""

Dice = tuple[int, int, int, int]
PairIdx = tuple[int, int]
"""Two die indices (into ``DICE_COLOURS``)."""

SPLITS: tuple[tuple[PairIdx, PairIdx], ...] = (((0, 1), (2, 3)), ((0, 2), (1, 3)),
                                               ((0, 3), (1, 2)))
"""The three ways to split four dice into two pairs."""


class ScriptError(ValueError):
    """A map or seed a Dice Trip game cannot be made for; says what was expected."""


def is_number(value: int) -> bool:
    """Whether ``value`` is a Dice Trip number: two digits, each 1-6."""
    return value in _TRACKER_INDEX


def tracker_index(value: int) -> int:
    """The number's place on the tracker (11 is 0, 16 is 5, 21 is 6, 66 is 35)."""
    return _TRACKER_INDEX[value]


def consecutive(a: int, b: int) -> bool:
    """Whether ``b`` directly follows ``a`` on the tracker (16 -> 21 does)."""
    return is_number(a) and is_number(b) and tracker_index(b) == tracker_index(a) + 1


def is_double(value: int) -> bool:
    """11, 22, ..., 66."""
    return is_number(value) and value // 10 == value % 10


def series_points(length: int) -> int:
    """Points for the longest consecutive series of ``length`` cities."""
    return 9 if length >= 10 else SERIES_POINTS.get(length, 0)


def zone_points(clean: int) -> int:
    """Points for ``clean`` zones (0-3) without a crossed city."""
    return ZONE_POINTS[clean]


def pair_numbers(dice: Dice, pair: PairIdx) -> tuple[int, ...]:
    """The numbers two dice make (both orders; one when the faces are equal)."""
    a, b = dice[pair[0]], dice[pair[1]]
    return tuple(sorted({10 * a + b, 10 * b + a}))


# --- what a round allows -----------------------------------------------------------------


@dataclass(frozen=True)
class Mode:
    """One way a player may read a round: the dice they use and how they may pair them."""

    dice: Dice
    """The dice after any re-roll."""
    splits: tuple[tuple[PairIdx, PairIdx], ...]
    """The pairings allowed for two numbers."""
    reroll: bool
    """Whether the re-roll power was used."""
    double: bool
    """Whether the use-one-die-twice power was used."""


def modes(dice: Dice, alternatives: Dice, *, reroll: bool, double: bool) -> Iterator[Mode]:
    """Every way to read a round, given which powers are still free. The plain reading
    comes first."""
    rolls: list[tuple[Dice, bool]] = [(dice, False)]
    if reroll:
        for mask in range(1, 16):
            rolled = tuple(alternatives[i] if mask >> i & 1 else dice[i] for i in range(4))
            rolls.append((rolled, True))  # type: ignore[arg-type]
    for rolled, used_reroll in rolls:
        yield Mode(rolled, SPLITS, used_reroll, False)
        if double:
            for twice in range(4):
                others = [i for i in range(4) if i != twice]
                for ignored in others:
                    b, c = (i for i in others if i != ignored)
                    yield Mode(rolled, (((twice, b), (twice, c)),), used_reroll, True)


def any_two(dice: Dice) -> tuple[PairIdx, ...]:
    """Every pair of two different dice (the last round, and a round that writes one
    number and crosses a city)."""
    return tuple(combinations(range(4), 2))


# --- a seeded game ----------------------------------------------------------------------


@dataclass(frozen=True)
class Round:
    """One round of a seeded game, the same for every player."""

    round: int
    """1-based round number."""
    dice: Dice
    """Red, blue, green, yellow."""
    alternatives: Dice
    """The pre-rolled re-roll of each die, same order."""

    @property
    def last(self) -> bool:
        """The thirteenth round: one number, any two dice."""
        return self.round == ROUNDS


@dataclass(frozen=True)
class TripScript:
    """A seeded Dice Trip game."""

    map_id: str
    seed: int
    rounds: tuple[Round, ...]


def make_script(map_id: str, seed: int) -> TripScript:
    """The seeded game ``seed`` on map ``map_id`` (see the module text for the draws)."""
    if seed < 0:
        raise ScriptError(f"expected a seed of 0 or more; got {seed}")
    rng = random.Random(seed)
    rounds = []
    for number in range(1, ROUNDS + 1):
        dice = (rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6))
        alt = (rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6))
        rounds.append(Round(number, dice, alt))
    return TripScript(map_id, seed, tuple(rounds))


def script_to_json(script: TripScript) -> dict[str, Any]:
    """The script in the JSON form of ``sheetgen script germany --seed N --json``."""
    return {
        "map": script.map_id, "seed": script.seed, "dice": list(DICE_COLOURS),
        "rounds": [{"round": r.round, "dice": list(r.dice),
                    "reroll": list(r.alternatives), "last": r.last}
                   for r in script.rounds],
    }


def script_json_text(script: TripScript) -> str:
    """The script JSON, one round a line."""
    data = script_to_json(script)
    head = {k: v for k, v in data.items() if k != "rounds"}
    rounds = ",\n  ".join(json.dumps(r) for r in data["rounds"])
    return json.dumps(head)[:-1] + ',\n "rounds": [\n  ' + rounds + "]}\n"


# --- a board with its variant points ----------------------------------------------------


@dataclass(frozen=True, eq=True)
class TripBoard(Board):
    """A Dice Trip board: the cells, and the points recorded for the variant "one number
    of each ten" (0 when it was not played)."""

    variant: int = 0

    def __hash__(self) -> int:
        return hash((super().__hash__(), self.variant))
