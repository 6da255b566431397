"""Highways & Byways: the road network's own value types, on top of the shared ``Map``.

A board space is a highway space (white), a red or blue byway space, or an intersection
(on one red and one blue byway). A byway is a simple path of byway spaces, driven end to
end in either direction. ``parse_roadmap`` is pure (text in, model out); ``find_roadmap``
reads ``maps/byways/map.toml`` once through the map registry.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache, cached_property
from types import MappingProxyType
from typing import Any

from sheetgen.maps import MapDataError, map_text, maps_dir, parse_map
from sheetgen.model import Map, SpaceId

LETTERS = ("A", "B", "C", "D", "E")
"""The five construction letters."""


class SpaceKind(StrEnum):
    """What a board space is."""

    HIGHWAY = "highway"
    RED = "red"
    BLUE = "blue"
    INTERSECTION = "intersection"


class Colour(StrEnum):
    """A byway's colour: red byways are few and long, blue ones many and short."""

    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True)
class Byway:
    """One scenic road: a byway card and the spaces it covers on the board."""

    id: str
    """Unique id (a slug of the name): ``"the-loneliest-road"``."""
    name: str
    """Display name, as on the card: "The Loneliest Road"."""
    colour: Colour
    spaces: tuple[SpaceId, ...]
    """The byway's spaces in order from one end to the other."""
    states: tuple[str, ...]
    """Postal codes of the states its spaces lie in, in the order driven."""

    @property
    def length(self) -> int:
        """Length in spaces (the number printed on its card)."""
        return len(self.spaces)

    @property
    def ends(self) -> tuple[SpaceId, SpaceId]:
        return (self.spaces[0], self.spaces[-1])


@dataclass(frozen=True)
class RoadMap:
    """The Highways & Byways board: the map's topology plus what this game adds."""

    map: Map
    kinds: Mapping[SpaceId, SpaceKind]
    states: Mapping[SpaceId, str]
    """Each space's state (postal code)."""
    letters: Mapping[SpaceId, str]
    """Construction letter A-E of the highway spaces that carry one."""
    starts: Mapping[str, SpaceId]
    """The six start spaces by state: ``{"CA": "sacramento", ...}``."""
    byways: tuple[Byway, ...]
    """Red byways first, then blue, each in the map's order."""

    @cached_property
    def _by_key(self) -> Mapping[str, Byway]:
        keys: dict[str, Byway] = {}
        for b in self.byways:
            keys[b.name.casefold()] = b
        for b in self.byways:
            keys[b.id.casefold()] = b
        return MappingProxyType(keys)

    @cached_property
    def byway_of_space(self) -> Mapping[SpaceId, tuple[Byway, ...]]:
        """The byways each byway space lies on (two for an intersection)."""
        out: dict[SpaceId, list[Byway]] = {}
        for b in self.byways:
            for s in b.spaces:
                out.setdefault(s, []).append(b)
        return MappingProxyType({k: tuple(v) for k, v in out.items()})

    def byway(self, byway_id: str) -> Byway:
        """The byway with this exact id; KeyError if none."""
        found = self._by_key.get(byway_id.casefold())
        if found is None or found.id != byway_id:
            raise KeyError(byway_id)
        return found

    def find_byway(self, text: str) -> Byway | None:
        """A byway by id or name, ignoring case and surrounding spaces."""
        return self._by_key.get(text.strip().casefold())

    def of_colour(self, colour: Colour) -> tuple[Byway, ...]:
        return tuple(b for b in self.byways if b.colour is colour)

    def lettered(self, letter: str) -> tuple[SpaceId, ...]:
        """The highway spaces closed while construction card ``letter`` is up."""
        return tuple(s for s in self.map.space_ids if self.letters.get(s) == letter)

    def start_space(self, text: str) -> SpaceId | None:
        """A start space by state code (``TX``) or by space id or name."""
        key = text.strip()
        if key.upper() in self.starts:
            return self.starts[key.upper()]
        space = self.map.find_space(key)
        if space is not None and space.id in self.starts.values():
            return space.id
        return None


def _check(road: RoadMap, source: str) -> None:
    known = set(road.map.space_ids)
    edges = set(road.map.edges)
    on: dict[SpaceId, list[Colour]] = {}
    for b in road.byways:
        if len(set(b.spaces)) != len(b.spaces):
            raise MapDataError(f"{source}: byway {b.id} visits a space twice")
        for s in b.spaces:
            if s not in known:
                raise MapDataError(f"{source}: byway {b.id} names unknown space {s}")
            on.setdefault(s, []).append(b.colour)
        for a, c in zip(b.spaces, b.spaces[1:], strict=False):
            if (min(a, c), max(a, c)) not in edges:
                raise MapDataError(f"{source}: byway {b.id}: {a} and {c} are not linked")
    for s, kind in road.kinds.items():
        colours = sorted(on.get(s, []))
        expected = {SpaceKind.HIGHWAY: [], SpaceKind.RED: [Colour.RED],
                    SpaceKind.BLUE: [Colour.BLUE],
                    SpaceKind.INTERSECTION: [Colour.BLUE, Colour.RED]}[kind]
        if colours != sorted(expected):
            raise MapDataError(f"{source}: space {s} is {kind.value} but lies on byways "
                               f"{', '.join(colours) or 'none'}")
    for s, letter in road.letters.items():
        if letter not in LETTERS or road.kinds[s] is not SpaceKind.HIGHWAY:
            raise MapDataError(f"{source}: space {s}: letter {letter} needs a highway space")
    for state, s in road.starts.items():
        if s not in known:
            raise MapDataError(f"{source}: start {state} names unknown space {s}")


def parse_roadmap(text: str, source: str = "<map>") -> RoadMap:
    """A RoadMap from the text of the byways ``map.toml``."""
    game_map = parse_map(text, source)
    try:
        data: dict[str, Any] = tomllib.loads(text)
        kinds = {s["id"]: SpaceKind(s["kind"]) for s in data["spaces"]}
        states = {s["id"]: str(s["state"]) for s in data["spaces"]}
        letters = {s["id"]: str(s["letter"]) for s in data["spaces"] if "letter" in s}
        starts = {str(k): str(v) for k, v in data["starts"].items()}
        byways = tuple(Byway(id=b["id"], name=b["name"], colour=Colour(b["colour"]),
                             spaces=tuple(b["spaces"]), states=tuple(b["states"]))
                       for b in data["byways"])
    except KeyError as exc:
        raise MapDataError(f"{source}: missing key {exc}") from None
    except (TypeError, ValueError) as exc:
        raise MapDataError(f"{source}: {exc}") from None
    byways = tuple(sorted(byways, key=lambda b: b.colour is not Colour.RED))
    road = RoadMap(game_map, MappingProxyType(kinds), MappingProxyType(states),
                   MappingProxyType(letters), MappingProxyType(starts), byways)
    _check(road, source)
    return road


@cache
def find_roadmap(map_id: str = "byways") -> RoadMap:
    """The road network of a Highways & Byways map (``maps/<id>/map.toml``)."""
    key = map_id.strip().lower()
    return parse_roadmap(map_text(key), source=str(maps_dir() / key / "map.toml"))
