"""Highways & Byways: seeded deals (pure). The same seed deals the same cards on every
machine: ``random.Random(seed)`` draws from decks in the map's order."""

from __future__ import annotations

import random
from dataclasses import dataclass

from sheetgen.games.byways.roadmap import LETTERS, Byway, Colour, RoadMap

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


MIN_PLAYERS, MAX_PLAYERS = 2, 4
EVENT_HAND = 5
CYCLES = 4
"""Construction cycles printed in a seeded setup (Player 1 reshuffles the five each cycle)."""


@dataclass(frozen=True)
class DraftStep:
    """One step of the byway draft: who draws which cards, and the card passed to them."""

    player: int
    """Seat, 1 = Player 1, then clockwise."""
    drawn: tuple[str, ...]
    """Byway ids drawn from the deck (two at the first step, then one)."""
    passed_in: str | None
    """The card passed by the player before (None at the first step)."""
    kept: str
    """The card kept under the script's convention (see ``draft``)."""
    passed_on: str


@dataclass(frozen=True)
class Setup:
    """A seeded game of Highways & Byways: everything chance decides before driving."""

    map_id: str
    seed: int
    players: int
    red_draft: tuple[DraftStep, ...]
    blue_draft: tuple[DraftStep, ...]
    hands: tuple[tuple[str, ...], ...]
    """Each seat's 2 red + 10 blue byway ids under the draft convention."""
    construction: tuple[tuple[str, ...], ...]
    """The construction cards' order, cycle by cycle."""
    event_hands: tuple[tuple[int, ...], ...]
    """Each seat's first five event cards, as indexes into the event deck's card list."""


def draft(deck: list[Byway], players: int, each: int) -> tuple[list[DraftStep],
                                                               list[list[str]]]:
    """The rules' draft over a shuffled deck: Player 1 draws two, keeps one and passes
    the other clockwise; each next player draws one more, keeps one of their two and
    passes the other; until every seat holds ``each``. The script's convention for the
    choice: keep the card passed in (Player 1: the first drawn), pass the new one."""
    hands: list[list[str]] = [[] for _ in range(players)]
    steps: list[DraftStep] = []
    cards = [b.id for b in deck]
    pos, passed, seat = 0, None, 0
    while any(len(h) < each for h in hands):
        if len(hands[seat]) >= each:  # a full seat hands the card straight on
            seat = (seat + 1) % players
            continue
        if passed is None:
            drawn = tuple(cards[pos:pos + 2])
            pos += 2
            keep, give = drawn[0], drawn[1]
        else:
            drawn = (cards[pos],)
            pos += 1
            keep, give = passed, drawn[0]
        hands[seat].append(keep)
        steps.append(DraftStep(seat + 1, drawn, passed, keep, give))
        passed = give
        seat = (seat + 1) % players
    return steps, hands


def make_setup(road: RoadMap, seed: int, players: int, event_count: int) -> Setup:
    """The seeded setup for ``players`` (2-4) from shuffled red, blue, construction and
    event decks (``event_count`` cards, in the deck's printed order)."""
    check_seed(seed)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Highways & Byways is for {MIN_PLAYERS}-{MAX_PLAYERS} players, "
                         f"got {players}")
    rng = random.Random(seed)
    reds = list(road.of_colour(Colour.RED))
    blues = list(road.of_colour(Colour.BLUE))
    rng.shuffle(reds)
    rng.shuffle(blues)
    red_steps, red_hands = draft(reds, players, RED_CARDS)
    blue_steps, blue_hands = draft(blues, players, BLUE_CARDS)
    cycles = []
    for _ in range(CYCLES):
        order = list(LETTERS)
        rng.shuffle(order)
        cycles.append(tuple(order))
    deck = list(range(event_count))
    rng.shuffle(deck)
    hands = tuple(tuple(deck[i * EVENT_HAND:(i + 1) * EVENT_HAND]) for i in range(players))
    return Setup(road.map.id, seed, players, tuple(red_steps), tuple(blue_steps),
                 tuple(tuple(r + b) for r, b in zip(red_hands, blue_hands, strict=True)),
                 tuple(cycles), hands)
