"""Highways & Byways: the vehicle and event decks as typed values (pure).

The texts, counts and effects are data (``templates/byways.toml``); :func:`vehicles` and
:func:`events` read them once. The rules engine (``games/byways/race.py``) applies an
event's :class:`Effect`; the card faces (``games/byways/cards.py``) print its text.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Any

from sheetgen.templates import load


class Direction(StrEnum):
    """Where a traffic card sweeps you, by the board's own geometry (north is up)."""

    NORTH = "north"
    SOUTH = "south"
    EAST = "east"
    WEST = "west"


class Extra(StrEnum):
    """What a vehicle adds to the rules besides its immunities."""

    NONE = ""
    BETTER_DRAW = "better-draw"
    """A Draw action discards up to ``amount`` cards and draws as many."""
    MORE_PRUNE = "more-prune"
    """Draws ``amount`` more event cards at the end of each turn (keeps one)."""
    RESHUFFLE_MOVES = "reshuffle-moves"
    """``amount`` more moves in a round whose construction cards were reshuffled."""


@dataclass(frozen=True)
class Vehicle:
    name: str
    colour: str
    ability: str
    immune: tuple[str, ...]
    """The event kinds that do not touch this vehicle."""
    extra: Extra = Extra.NONE
    amount: int = 0


@dataclass(frozen=True)
class Effect:
    """What an event card does to the player it is played on. At most one field is set."""

    toward: Direction | None = None
    """If you move, your first move goes to a linked space farther this way."""
    cap: int | None = None
    """Move at most this many spaces this turn."""
    no_byways: bool = False
    """You may not enter a byway space this turn."""
    discard: int = 0
    """Discard this many event cards of your choice before you move."""
    allowance: int | None = None
    """You may move up to this many spaces this turn (instead of six)."""
    draw: int = 0
    """Draw this many event cards now and keep one."""


@dataclass(frozen=True)
class Event:
    kind: str
    count: int
    title: str
    text: str
    effect: Effect = Effect()


def _effect(data: dict[str, Any]) -> Effect:
    toward = data.get("toward")
    return Effect(toward=Direction(toward) if toward is not None else None,
                  cap=int(data["cap"]) if "cap" in data else None,
                  no_byways=bool(data.get("no_byways", False)),
                  discard=int(data.get("discard", 0)),
                  allowance=int(data["allowance"]) if "allowance" in data else None,
                  draw=int(data.get("draw", 0)))


@cache
def vehicles() -> tuple[Vehicle, ...]:
    """The six vehicles, in the order of their cards."""
    return tuple(Vehicle(v["name"], v["colour"], v["ability"], tuple(v["immune"]),
                         Extra(v.get("extra", "")), int(v.get("amount", 0)))
                 for v in load("byways")["vehicles"])


@cache
def events() -> tuple[Event, ...]:
    """Each kind of event card once, in the order of the deck (``count`` copies each)."""
    return tuple(Event(e["kind"], int(e["count"]), e["title"], e["text"], _effect(e))
                 for e in load("byways")["events"])


@cache
def event_deck() -> tuple[Event, ...]:
    """Every event card of the deck, copies included: a card is its index here."""
    return tuple(e for e in events() for _ in range(e.count))


def immune_to(kind: str) -> tuple[str, ...]:
    """The vehicles an event of ``kind`` does not touch."""
    return tuple(v.name for v in vehicles() if kind in v.immune)


def find_vehicle(text: str) -> Vehicle | None:
    """A vehicle by name, ignoring case, spaces and hyphens (``five-o``, ``Five O``)."""
    def key(s: str) -> str:
        return "".join(ch for ch in s.casefold() if ch.isalnum())

    wanted = key(text)
    return next((v for v in vehicles() if key(v.name) == wanted), None)
