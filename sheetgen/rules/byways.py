"""Highways & Byways: seeded deals (pure). The same seed deals the same cards on every
machine: ``random.Random(seed)`` draws from decks in the map's order."""

from __future__ import annotations

import random

from sheetgen.byways import Byway, Colour, RoadMap

RED_CARDS = 2
BLUE_CARDS = 10
"""Every player ends the byway draft with 2 red and 10 blue byway cards."""


def check_seed(seed: int) -> None:
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"a seed is a whole number 0 or more, got {seed!r}")


def deal_hand(road: RoadMap, seed: int) -> tuple[Byway, ...]:
    """A hand of 2 red and 10 blue byways, dealt from shuffled decks by ``seed``."""
    check_seed(seed)
    rng = random.Random(seed)
    reds = list(road.of_colour(Colour.RED))
    blues = list(road.of_colour(Colour.BLUE))
    rng.shuffle(reds)
    rng.shuffle(blues)
    return tuple(reds[:RED_CARDS] + blues[:BLUE_CARDS])
