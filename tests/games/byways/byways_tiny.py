"""A tiny hand-made Highways & Byways board, hand-made setups and a scripted driver, for
rules whose outcome a test works out by hand.

```
                 b3 (5,-12)
                /    \\
   n (0,-10) --'      b2 (10,-8)       Blue Loop: b1 - b2 - b3 (blue byway)
       |                \\
       |                 b1 (14,-4)
       |                 |
w2 -- w -- c (0,0) ------ e (10,0)      c: Centre (start CC), w2: Westby (start WW)
 |   (B)   |             (C)            w: a leg lettered B, e: Easton, lettered C
 r2        s (0,10) (A)                 s: a leg lettered A
  \\        |
   r1 ---- s2 (0,20)                    Red Run: r1 - r2 (red byway), s2 - r1 - r2 - w2
```

North is up: a smaller y is farther north, a larger x farther east.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from sheetgen.games.byways.decks import Vehicle, event_deck, vehicles
from sheetgen.games.byways.race import Course, Limits, View
from sheetgen.games.byways.roadmap import Byway, parse_roadmap
from sheetgen.games.byways.rules import ROUND_LIMIT, Setup

TINY = """
id = "tiny"
game = "byways"
title = "Tiny"
spaces = [
  { id = "c", name = "Centre, CC", kind = "highway", state = "CC" },
  { id = "n", name = "Northtown, NN", kind = "highway", state = "NN" },
  { id = "e", name = "Easton, EE", kind = "highway", state = "EE", letter = "C" },
  { id = "s", name = "Centre - Southam", kind = "highway", state = "CC", letter = "A" },
  { id = "s2", name = "Southam, SS", kind = "highway", state = "SS" },
  { id = "w", name = "Centre - Westby", kind = "highway", state = "CC", letter = "B" },
  { id = "w2", name = "Westby, WW", kind = "highway", state = "WW" },
  { id = "b1", name = "Bluebell, EE", kind = "blue", state = "EE" },
  { id = "b2", name = "Bluewater, EE", kind = "blue", state = "EE" },
  { id = "b3", name = "Bluff, NN", kind = "blue", state = "NN" },
  { id = "r1", name = "Redrock, SS", kind = "red", state = "SS" },
  { id = "r2", name = "Redwood, WW", kind = "red", state = "WW" },
]
edges = "c-n c-e c-s s-s2 c-w w-w2 e-b1 b1-b2 b2-b3 b3-n s2-r1 r1-r2 r2-w2"
starts = { CC = "c", WW = "w2" }
byways = [
  { id = "blue-loop", name = "Blue Loop", colour = "blue", spaces = ["b1", "b2", "b3"], states = ["EE", "NN"] },
  { id = "red-run", name = "Red Run", colour = "red", spaces = ["r1", "r2"], states = ["SS", "WW"] },
]
"""  # noqa: E501 - a TOML inline table is one line

AT = {"c": (0.0, 0.0), "n": (0.0, -10.0), "e": (10.0, 0.0), "s": (0.0, 10.0),
      "s2": (0.0, 20.0), "w": (-10.0, 0.0), "w2": (-20.0, 0.0), "b1": (14.0, -4.0),
      "b2": (10.0, -8.0), "b3": (5.0, -12.0), "r1": (-10.0, 18.0), "r2": (-18.0, 10.0)}


def tiny_course() -> Course:
    return Course(parse_roadmap(TINY, "tiny"), AT)


def card(title: str, copy: int = 0) -> int:
    """The index in the event deck of a card by its title (``copy``: which copy)."""
    found = [i for i, e in enumerate(event_deck()) if e.title == title]
    return found[copy]


def vehicle(name: str) -> Vehicle:
    return next(v for v in vehicles() if v.name == name)


def tiny_setup(*, players: int = 1, hands: Sequence[Sequence[str]] = (("blue-loop",),),
               letters: Sequence[str] = "CABDE", event_hands: Sequence[Sequence[int]] = ((),),
               deck: Sequence[int] = (), picks: Sequence[Sequence[float]] = ()) -> Setup:
    """A setup whose every draw is given: ``letters`` the construction order (repeated
    cycle after cycle), ``deck`` the event deck after the deal, ``picks`` the blind pick
    numbers round by round."""
    rows = list(picks) + [(0.0,) * 4] * (ROUND_LIMIT - len(picks))
    return Setup("tiny", 0, players, (), (), tuple(tuple(h) for h in hands),
                 tuple(tuple(letters) for _ in range(ROUND_LIMIT // 5)),
                 tuple(c for h in event_hands for c in h) + tuple(deck),
                 tuple(tuple(h) for h in event_hands),
                 tuple(tuple(r) + (0.0,) * (4 - len(r)) for r in rows), tuple(deck), 0)


@dataclass
class Scripted:
    """A driver whose every decision is written down in advance; it records what the
    engine asked it."""

    vehicle: str = "Soccermobile"
    start: str = "c"
    dropped: tuple[str, ...] = ()
    moves: Mapping[int, Sequence[str]] = field(default_factory=dict)
    actions: Mapping[int, Sequence[str]] = field(default_factory=dict)
    throw: Mapping[str, Sequence[int]] = field(default_factory=dict)
    """Cards to discard, by why: "checkpoint", "planning day", "draw"."""
    keep_last: bool = False
    seen_limits: dict[int, Limits] = field(default_factory=dict)
    seen_views: list[View] = field(default_factory=list)
    drawn_seen: list[tuple[str, tuple[int, ...]]] = field(default_factory=list)

    @property
    def replans(self) -> int:
        return 0

    @property
    def plan_spaces(self) -> int:
        return 0

    def pick_vehicle(self, free: Sequence[Vehicle]) -> Vehicle:
        return next(v for v in free if v.name == self.vehicle)

    def pick_start(self, free: Sequence[str]) -> str:
        return self.start

    def drop(self, start: str, hand: Sequence[Byway]) -> tuple[str, ...]:
        return self.dropped

    def discard(self, view: View, most: int, least: int, why: str) -> Sequence[int]:
        self.seen_views.append(view)
        wanted = [c for c in self.throw.get(why, ()) if c in view.hand]
        return wanted[:most] if len(wanted) >= least else list(view.hand[:least])

    def move(self, view: View, lim: Limits) -> tuple[Sequence[str], Sequence[str]]:
        self.seen_limits[view.round] = lim
        self.seen_views.append(view)
        return self.moves.get(view.round, ()), self.actions.get(view.round, ())

    def keep(self, view: View, drawn: Sequence[int], why: str) -> int:
        self.drawn_seen.append((why, tuple(drawn)))
        return drawn[-1] if self.keep_last else drawn[0]
