"""Highways & Byways: seeded setups (pure). The same seed deals the same cards on every
machine: ``random.Random(seed)`` draws from decks in the map's order.

One seed is one deal everywhere (``script``, ``plan``, ``kit``): :func:`make_setup` runs the
byway draft, then draws, from the same generator and in a fixed order and number,
everything chance decides in the driving stage: the construction cards' order cycle by
cycle, the event deck's order, the blind pick of every turn, the solo challenge's spare
stack and the seed of the event reshuffles. Nothing a player does changes what chance has
dealt; the players' choices only decide which of it they meet.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sheetgen.games.byways.roadmap import LETTERS, Byway, Colour, RoadMap

RED_CARDS = 2
BLUE_CARDS = 10
"""Every player ends the byway draft with 2 red and 10 blue byway cards."""

MIN_PLAYERS, MAX_PLAYERS = 2, 4
DEFAULT_PLAYERS = 4
"""The seats a seed deals for when no number is given (``script``, ``plan``, ``kit``)."""
EVENT_HAND = 5
SLOTS = 5
"""Construction-card slots: a cycle is five rounds, one card a round."""
ROUND_LIMIT = 100
"""The rounds a seed deals for (construction cycles, blind picks). A race still running
then is an error, not a longer deal; races of built-in drivers end near round 20."""
CYCLES = ROUND_LIMIT // SLOTS


def check_seed(seed: int) -> None:
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"a seed is a whole number 0 or more, got {seed!r}")


def check_players(players: int) -> None:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Highways & Byways is for {MIN_PLAYERS}-{MAX_PLAYERS} players, "
                         f"got {players}")


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
    """A seeded game of Highways & Byways: everything chance decides."""

    map_id: str
    seed: int
    players: int
    red_draft: tuple[DraftStep, ...]
    blue_draft: tuple[DraftStep, ...]
    hands: tuple[tuple[str, ...], ...]
    """Each seat's 2 red + 10 blue byway ids under the draft convention."""
    construction: tuple[tuple[str, ...], ...]
    """The construction cards' order, cycle by cycle (``CYCLES`` cycles of five)."""
    event_order: tuple[int, ...]
    """The shuffled event deck, top first, as indexes into ``decks.event_deck()``."""
    event_hands: tuple[tuple[int, ...], ...]
    """Each seat's first five event cards: dealt off the top, seat by seat."""
    picks: tuple[tuple[float, ...], ...]
    """Per round (from round 1) and seat (``MAX_PLAYERS`` of them, whatever the number
    playing), a number in [0, 1): the blind pick takes card ``floor(u * n)`` of a hand of
    ``n`` in the order the cards were received."""
    spare: tuple[int, ...]
    """The solo challenge's spare stack: a second shuffle of the event deck."""
    reshuffle_seed: int
    """Seeds the generator that shuffles the event discards when the deck runs out."""

    def cycle(self, round_no: int) -> int:
        """The construction cycle of a round (0 from round 1)."""
        return (round_no - 1) // SLOTS

    def slot(self, round_no: int) -> int:
        """The slot (1-5) a round's construction card goes into."""
        return (round_no - 1) % SLOTS + 1

    def letter(self, round_no: int) -> str:
        """The construction card face up in a round."""
        if not 1 <= round_no <= ROUND_LIMIT:
            raise ValueError(f"round {round_no} is outside 1-{ROUND_LIMIT}")
        return self.construction[self.cycle(round_no)][self.slot(round_no) - 1]

    @staticmethod
    def reshuffled(round_no: int) -> bool:
        """Whether Player 1 reshuffled the construction cards (and hands were passed) at
        the start of this round: every round after five full slots, never the first."""
        return round_no > 1 and (round_no - 1) % SLOTS == 0

    @property
    def remaining_deck(self) -> tuple[int, ...]:
        """The event deck after the deal, top first."""
        return self.event_order[sum(len(hand) for hand in self.event_hands):]


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
    check_players(players)
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
    picks = tuple(tuple(rng.random() for _ in range(MAX_PLAYERS)) for _ in range(ROUND_LIMIT))
    spare = list(range(event_count))
    rng.shuffle(spare)
    return Setup(road.map.id, seed, players, tuple(red_steps), tuple(blue_steps),
                 tuple(tuple(r + b) for r, b in zip(red_hands, blue_hands, strict=True)),
                 tuple(cycles), tuple(deck), hands, picks, tuple(spare),
                 rng.getrandbits(64))


def deal_hand(road: RoadMap, seed: int, seat: int = 1, players: int = DEFAULT_PLAYERS
              ) -> tuple[Byway, ...]:
    """Seat ``seat``'s byway hand in the seeded game of ``players``: the same draft as
    ``script`` and ``kit`` deal (one seed, one deal)."""
    check_seed(seed)
    check_players(players)
    if not 1 <= seat <= players:
        raise ValueError(f"seat {seat} is not one of the {players} seats")
    rng = random.Random(seed)
    reds = list(road.of_colour(Colour.RED))
    blues = list(road.of_colour(Colour.BLUE))
    rng.shuffle(reds)
    rng.shuffle(blues)
    red_hands = draft(reds, players, RED_CARDS)[1]
    blue_hands = draft(blues, players, BLUE_CARDS)[1]
    return tuple(road.byway(b) for b in red_hands[seat - 1] + blue_hands[seat - 1])
