"""On Tour (maps ``usa``, ``europe`` and ``paris``): a seeded game as a script of cards and
rolls. On Paris a card names an arrondissement and a setup number goes in either of its
two clubs (the player's choice, so the script names the card, not the club).

The script is the whole game and the same for every player: every turn fills one space
(a star turn) or two (any other turn; an X counts as filled), so how many spaces are still
empty after each turn is known without looking at any player's board.

How a seed becomes a game (every draw is explicit, so the same seed gives the same game on
every machine and Python version):

1. ``rng = random.Random(seed)``. The deck is the map's cards in the map's card order,
   shuffled once with ``rng.shuffle``. Cards are drawn from the front of the list.
2. Setup, twice: roll two d10 (``rng.randrange(10)`` each, first die then second),
   re-rolling both while they show the same face; lo < hi are the two numbers. Draw a
   card: lo goes in its space, circled. Draw a card: hi, circled. These four cards leave
   the game for good.
3. Turns, while more than two spaces are empty: reveal three cards, then roll. When a card
   must be drawn and the deck is empty, the discard pile (every card revealed in earlier
   turns since the last reshuffle) is shuffled with ``rng.shuffle`` and becomes the deck.
   So with one or two cards left, those are drawn first and the discards are shuffled for
   the rest; the cards already revealed this turn are on the table, not in the discards,
   and setup cards never return. The turn is a star turn when the dice show doubles or
   the three cards show the same region.
4. Last turns, while one or two spaces are empty: no cards; roll. Doubles: a star (one
   space, not circled), then another last turn. Otherwise the two numbers go in the empty
   spaces, free of regions; with one space left the player writes either number.

Numbers of a turn are listed smallest first; a star turn lists none (the star replaces
them, even when the star comes from the cards and the dice are not doubles).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sheetgen.model import Card, Map

GAMES = ("ontour", "paris")
"""Games whose maps this module can script."""

SETUP_ROUNDS = 2
"""Setup rolls; each writes two circled numbers."""
CARDS_PER_TURN = 3
LAST_TURN_SPACES = 2
"""A turn is a last turn (no cards) when at most this many spaces are empty."""

Dice = tuple[int, int]


class ScriptError(ValueError):
    """A map or seed a script cannot be made for; says what was expected."""


@dataclass(frozen=True)
class SetupStep:
    """One setup roll: the dice, the two cards drawn and the two circled numbers."""

    dice: Dice
    """The roll that was kept (re-rolled doubles are not recorded)."""
    cards: tuple[Card, Card]
    """The card taking the lower number, then the card taking the higher."""
    numbers: tuple[int, int]
    """(lo, hi), lo < hi."""


@dataclass(frozen=True)
class Turn:
    """One turn of the game, the same for every player."""

    turn: int
    """1-based turn number."""
    cards: tuple[Card, ...]
    """The three revealed cards, in draw order; empty on last turns."""
    dice: Dice
    numbers: tuple[int, ...]
    """The two numbers, smallest first; empty on star turns."""
    star: bool
    """Doubles were rolled, or the three cards show the same region."""
    last: bool
    """A card-less turn at the end of the game (one or two spaces empty)."""
    empty_before: int
    """Spaces still empty when the turn starts (not part of the JSON)."""

    @property
    def fills(self) -> int:
        """Spaces this turn fills on every board."""
        if self.star:
            return 1
        return min(2, self.empty_before)


@dataclass(frozen=True)
class Script:
    """A whole seeded game: the setup and every turn."""

    map_id: str
    seed: int
    setup: tuple[SetupStep, ...]
    turns: tuple[Turn, ...]

    @property
    def setup_cells(self) -> tuple[tuple[Card, int], ...]:
        """(card, number) for the four setup numbers, in the order they were written."""
        return tuple((card, number) for step in self.setup
                     for card, number in zip(step.cards, step.numbers, strict=True))


def numbers_of(dice: Dice) -> tuple[int, int]:
    """The two numbers a non-doubles roll makes, smallest first."""
    a, b = dice
    if a == b:
        raise ValueError(f"doubles {a}{b} make no pair of numbers")
    first, second = 10 * a + b, 10 * b + a
    return (first, second) if first < second else (second, first)


class _Deck:
    """The draw pile and the discard pile of one game."""

    def __init__(self, cards: Sequence[Card], rng: random.Random) -> None:
        self._rng = rng
        self._pile = list(cards)
        rng.shuffle(self._pile)
        self._discards: list[Card] = []

    def draw(self) -> Card:
        if not self._pile:
            if not self._discards:
                raise ScriptError("the deck and the discard pile are both empty")
            self._pile = self._discards
            self._discards = []
            self._rng.shuffle(self._pile)
        return self._pile.pop(0)

    def discard(self, cards: Sequence[Card]) -> None:
        self._discards.extend(cards)


def _roll(rng: random.Random) -> Dice:
    first = rng.randrange(10)
    second = rng.randrange(10)
    return (first, second)


def make_script(game_map: Map, seed: int) -> Script:
    """The seeded game ``seed`` on ``game_map`` (an On Tour map)."""
    if game_map.game not in GAMES:
        raise ScriptError(f"map {game_map.id} is a {game_map.game} map; scripts are made for "
                          + ", ".join(GAMES) + " maps")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ScriptError(f"seed must be a whole number 0 or more, got {seed!r}")
    spaces = set(game_map.space_ids)
    if {s for c in game_map.cards for s in game_map.card_spaces(c)} != spaces:
        raise ScriptError(f"map {game_map.id}: the deck must name every space")
    if len(game_map.cards) < 2 * SETUP_ROUNDS + 2 * CARDS_PER_TURN:
        raise ScriptError(f"map {game_map.id}: a deck of {len(game_map.cards)} cards is too "
                          f"small; expected at least {2 * SETUP_ROUNDS + 2 * CARDS_PER_TURN}")

    rng = random.Random(seed)
    deck = _Deck(game_map.cards, rng)
    setup: list[SetupStep] = []
    for _ in range(SETUP_ROUNDS):
        dice = _roll(rng)
        while dice[0] == dice[1]:
            dice = _roll(rng)
        lo, hi = numbers_of(dice)
        setup.append(SetupStep(dice, (deck.draw(), deck.draw()), (lo, hi)))

    empty = len(spaces) - 2 * SETUP_ROUNDS
    turns: list[Turn] = []
    while empty > 0:
        last = empty <= LAST_TURN_SPACES
        cards: tuple[Card, ...] = ()
        if not last:
            cards = tuple(deck.draw() for _ in range(CARDS_PER_TURN))
        dice = _roll(rng)
        doubles = dice[0] == dice[1]
        star = doubles or (bool(cards) and len({c.region for c in cards}) == 1)
        turn = Turn(turn=len(turns) + 1, cards=cards, dice=dice,
                    numbers=() if star else numbers_of(dice), star=star, last=last,
                    empty_before=empty)
        turns.append(turn)
        deck.discard(cards)
        empty -= turn.fills
    return Script(game_map.id, seed, tuple(setup), tuple(turns))


# --- JSON ---------------------------------------------------------------------------------


def _card_json(card: Card) -> dict[str, str]:
    return {"space": card.space, "region": card.region.value}


def script_to_data(script: Script) -> dict[str, Any]:
    """The Script JSON of SPEC.md as plain data."""
    return {
        "map": script.map_id,
        "seed": script.seed,
        "setup": [{"dice": list(s.dice), "cards": [_card_json(c) for c in s.cards],
                   "numbers": list(s.numbers)} for s in script.setup],
        "turns": [{"turn": t.turn, "cards": [_card_json(c) for c in t.cards],
                   "dice": list(t.dice), "numbers": list(t.numbers), "star": t.star,
                   "last": t.last} for t in script.turns],
    }


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def script_to_json(script: Script) -> str:
    """The Script JSON text: one setup step or turn a line, keys in SPEC order, a trailing
    newline. The same script always gives the same bytes."""
    data = script_to_data(script)
    lines = ["{", f'  "map": {_dumps(data["map"])},', f'  "seed": {_dumps(data["seed"])},']
    for key, closing in (("setup", "],"), ("turns", "]")):
        lines.append(f'  "{key}": [')
        entries = [f"    {_dumps(entry)}" for entry in data[key]]
        lines.append(",\n".join(entries))
        lines.append(f"  {closing}")
    lines.append("}")
    return "\n".join(lines) + "\n"
