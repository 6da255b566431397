"""Frozen value types shared by every game: maps, their geometry, cards and boards.

Nothing here draws, reads files or knows about paper. Geometry is plain numbers in one
unit: **millimetres at print scale** ("map mm"), x to the right and y downwards, the origin
at the top left of the map's own bounding box. A sheet places the map on the page without
rescaling it, so a write-in circle of 10 map mm is 10 mm on paper.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from functools import cached_property
from types import MappingProxyType

SpaceId = str
"""A space's id as written in the map data: ``"WA"``, ``"NENG"``, ``"FR"``, ``"C11"``."""

Point = tuple[float, float]
"""A point in map mm."""

Ring = tuple[Point, ...]
"""A closed polygon ring in map mm (the last point is not repeated)."""


class Region(StrEnum):
    """The five On Tour regions. Every space lies in one of north/south and one of
    west/central/east."""

    NORTH = "north"
    SOUTH = "south"
    WEST = "west"
    CENTRAL = "central"
    EAST = "east"


LATITUDES: tuple[Region, Region] = (Region.NORTH, Region.SOUTH)
LONGITUDES: tuple[Region, Region, Region] = (Region.WEST, Region.CENTRAL, Region.EAST)


@dataclass(frozen=True, order=True)
class Area:
    """One of the six areas: the meet of a latitude and a longitude region."""

    latitude: Region
    """``Region.NORTH`` or ``Region.SOUTH``."""
    longitude: Region
    """``Region.WEST``, ``Region.CENTRAL`` or ``Region.EAST``."""

    def __post_init__(self) -> None:
        if self.latitude not in LATITUDES or self.longitude not in LONGITUDES:
            raise ValueError(f"not an area: {self.latitude.value}/{self.longitude.value}")

    @property
    def code(self) -> str:
        """Short code: ``NW``, ``NC``, ``NE``, ``SW``, ``SC``, ``SE``."""
        return self.latitude.value[0].upper() + self.longitude.value[0].upper()

    @property
    def name(self) -> str:
        """Display name: ``North-West`` ... ``South-East``."""
        return f"{self.latitude.value.title()}-{self.longitude.value.title()}"

    @property
    def regions(self) -> tuple[Region, Region]:
        return (self.latitude, self.longitude)


ALL_AREAS: tuple[Area, ...] = tuple(Area(lat, lon) for lat in LATITUDES for lon in LONGITUDES)


@dataclass(frozen=True)
class Space:
    """A place a value is written in: a state, a country, a jazz club, a city, a road stop."""

    id: SpaceId
    """Unique id within its map."""
    name: str
    """Full display name ("Washington", "New England")."""
    label: str
    """Short label printed on the sheet (usually the id)."""
    regions: tuple[Region, ...] = ()
    """On Tour family: exactly two, latitude first (north/south, then west/central/east)."""
    group: str | None = None
    """Paris: the arrondissement ("I".."XX") a club belongs to; None elsewhere."""
    zone: str | None = None
    """Dice Trip: the zone ("north-west", "north-east", "south")."""
    colour: str | None = None
    """Dice Trip: the dice colour of a coloured city, else None."""

    @property
    def area(self) -> Area:
        """The space's area (On Tour family only)."""
        if len(self.regions) != 2:
            raise ValueError(f"space {self.id} has no area (regions: {self.regions})")
        return Area(self.regions[0], self.regions[1])


@dataclass(frozen=True, order=True)
class Card:
    """An On Tour card: a space and the one region it shows."""

    space: SpaceId
    region: Region


@dataclass(frozen=True)
class Dock:
    """Paris: a Bateaux Mouches dock, by letter in river order (A upstream)."""

    letter: str
    space: SpaceId


def ride_points(a: str, b: str) -> int:
    """The points of a boat ride between the docks lettered ``a`` and ``b``: their letters'
    distance (A to G = 6)."""
    return abs(ord(a) - ord(b))


Edge = tuple[SpaceId, SpaceId]
"""An undirected link, stored with the smaller id first."""


@dataclass(frozen=True)
class Map:
    """A game map: spaces, links and the deck. Pure topology, no geometry."""

    id: str
    """Registry id: ``usa``, ``europe``, ``paris``, ``germany``, ``byways``."""
    game: str
    """Game id: ``ontour``, ``paris``, ``dicetrip``, ``byways``."""
    title: str
    """Display title, e.g. "On Tour: USA"."""
    spaces: tuple[Space, ...]
    """In the map's natural order (the order of the scoring CSV)."""
    edges: tuple[Edge, ...]
    """Sorted, each with the smaller id first, no duplicates."""
    cards: tuple[Card, ...] = ()
    """The deck in its printed order."""
    docks: tuple[Dock, ...] = ()
    """Paris only: docks in river order."""
    water_edges: tuple[Edge, ...] = ()
    """Edges that cross water (ferry, tunnel, bridge); a subset of ``edges``."""
    notes: str = ""
    """Design choices recorded in the map data (shown by ``map show``)."""
    group_names: tuple[tuple[str, str], ...] = ()
    """Paris: (arrondissement numeral, its name), e.g. ("XIV", "Observatoire")."""

    def __post_init__(self) -> None:
        ids = [s.id for s in self.spaces]
        if len(set(ids)) != len(ids):
            raise ValueError(f"map {self.id}: duplicate space ids")
        known = set(ids)
        for a, b in self.edges:
            if a not in known or b not in known:
                raise ValueError(f"map {self.id}: edge {a}-{b} names an unknown space")
            if not a < b:
                raise ValueError(f"map {self.id}: edge {a}-{b} is not stored smaller id first")
        if len(set(self.edges)) != len(self.edges):
            raise ValueError(f"map {self.id}: duplicate edges")
        groups = {s.group for s in self.spaces if s.group is not None}
        for card in self.cards:
            if card.space not in known and card.space not in groups:
                raise ValueError(f"map {self.id}: card for unknown space {card.space}")
        for dock in self.docks:
            if dock.space not in known:
                raise ValueError(f"map {self.id}: dock {dock.letter} at unknown space "
                                 f"{dock.space}")
        if not set(self.water_edges) <= set(self.edges):
            raise ValueError(f"map {self.id}: a water edge is not an edge")

    @cached_property
    def _by_id(self) -> Mapping[SpaceId, Space]:
        return MappingProxyType({s.id: s for s in self.spaces})

    @cached_property
    def _by_key(self) -> Mapping[str, Space]:
        keys: dict[str, Space] = {}
        for s in self.spaces:
            for alias in group_aliases(s):
                keys[fold(alias)] = s
        for s in self.spaces:
            keys[fold(s.name)] = s
        for s in self.spaces:  # ids win over names, names over aliases
            keys[fold(s.id)] = s
        return MappingProxyType(keys)

    @property
    def space_keys(self) -> Mapping[str, Space]:
        """Every word ``find_space`` knows, folded (``fold``), and its space."""
        return self._by_key

    @cached_property
    def neighbours(self) -> Mapping[SpaceId, tuple[SpaceId, ...]]:
        """Each space's neighbours, in map order."""
        order = {s.id: i for i, s in enumerate(self.spaces)}
        adj: dict[SpaceId, list[SpaceId]] = {s.id: [] for s in self.spaces}
        for a, b in self.edges:
            adj[a].append(b)
            adj[b].append(a)
        return MappingProxyType({k: tuple(sorted(v, key=order.__getitem__))
                                 for k, v in adj.items()})

    @cached_property
    def _card_spaces(self) -> Mapping[SpaceId, tuple[SpaceId, ...]]:
        out: dict[SpaceId, list[SpaceId]] = {}
        for s in self.spaces:
            out.setdefault(s.id, []).append(s.id)
            if s.group is not None and s.group not in self._by_id:
                out.setdefault(s.group, []).append(s.id)
        return MappingProxyType({k: tuple(v) for k, v in out.items()})

    def card_spaces(self, card: Card) -> tuple[SpaceId, ...]:
        """The spaces a card names, where a number is circled: its space, or on Paris
        (cards name an arrondissement) both clubs of its group, in map order."""
        return self._card_spaces.get(card.space, ())

    def card_covers(self, card: Card, space_id: SpaceId) -> bool:
        """Whether a number written in ``space_id`` with ``card`` is circled."""
        return space_id in self._card_spaces.get(card.space, ())

    def card_title(self, card: Card) -> tuple[str, str]:
        """(name, short label) of what a card names: a space's name and label, or a
        group's name and id ("Observatoire", "XIV")."""
        if card.space in self._by_id:
            space = self._by_id[card.space]
            return space.name, space.label
        return dict(self.group_names).get(card.space, card.space), card.space

    def card_name(self, card: Card) -> str:
        """What a card names, in words: "Ohio", or a group as "XIV Observatoire"."""
        name, label = self.card_title(card)
        return name if card.space in self._by_id else f"{label} {name}"

    @property
    def groups(self) -> tuple[str, ...]:
        """The groups (Paris: arrondissements) in map order; empty on other maps."""
        return tuple(dict.fromkeys(s.group for s in self.spaces if s.group is not None))

    @property
    def space_ids(self) -> tuple[SpaceId, ...]:
        return tuple(s.id for s in self.spaces)

    def space(self, space_id: SpaceId) -> Space:
        """The space with this exact id; KeyError if none."""
        return self._by_id[space_id]

    def find_space(self, text: str) -> Space | None:
        """A space by id, full name or (Paris) arrondissement numeral and letter, ignoring
        case, accents, spaces and punctuation: ``17a``, ``XVIIa``, ``xvii a``,
        ``Batignolles-Monceau a`` and ``batignolles monceau A`` are one club."""
        return self._by_key.get(fold(text))

    def spaces_in(self, region: Region) -> tuple[Space, ...]:
        """The spaces lying in ``region``, in map order."""
        return tuple(s for s in self.spaces if region in s.regions)

    def __iter__(self) -> Iterator[Space]:
        return iter(self.spaces)

    def __len__(self) -> int:
        return len(self.spaces)


def fold(text: str) -> str:
    """A space's word as lookups compare it: case, accents, spaces and punctuation
    ignored (``Hôtel-de-Ville a`` -> ``hoteldevillea``, ``Köln`` -> ``koln``)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if c.isalnum() and not unicodedata.combining(c))


def group_aliases(space: Space) -> tuple[str, ...]:
    """Other words for a space of a group (Paris: ``XVIIa`` for the club ``17a``, as the
    sheet prints the arrondissement's numeral): the group and the letters the space's id
    adds to its number. Empty for a space of no group."""
    if space.group is None:
        return ()
    letters = space.id.lstrip("0123456789")
    return (f"{space.group}{letters}",) if letters != space.id else ()


def make_edge(a: SpaceId, b: SpaceId) -> Edge:
    """The canonical (sorted) form of an undirected edge."""
    if a == b:
        raise ValueError(f"an edge needs two spaces, got {a}-{b}")
    return (a, b) if a < b else (b, a)


# --- geometry ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SpaceShape:
    """Where a space is drawn, in map mm."""

    space: SpaceId
    rings: tuple[Ring, ...]
    """Outline polygons (outer rings and holes, filled even-odd)."""
    anchor: Point
    """Centre of the write-in circle."""
    label_at: Point
    """Where the short label is printed (its baseline centre)."""
    leader_to: Point | None = None
    """For a space too small to hold its circle: the circle sits outside at ``anchor`` and a
    leader line runs from it to this point inside the outline. None when the circle is
    inside."""


@dataclass(frozen=True)
class Line:
    """A decorative or semantic polyline: a ferry link, a river, a road."""

    kind: str
    """``"water-link"``, ``"river"``, ``"road"``, ``"coast"``..."""
    points: tuple[Point, ...]
    ref: str = ""
    """What it belongs to: the edge ``"GB-FR"``, a byway id, ``"seine"``."""


@dataclass(frozen=True)
class MapGeometry:
    """The drawing of a map at print scale."""

    map_id: str
    width: float
    """Bounding box width in map mm."""
    height: float
    """Bounding box height in map mm."""
    circle_diameter: float
    """Diameter of every write-in circle, in map mm (at least 9)."""
    shapes: tuple[SpaceShape, ...]
    context: tuple[Ring, ...] = ()
    """Land that is not part of the game (neighbouring countries, other states), drawn
    quietly for orientation."""
    lines: tuple[Line, ...] = ()

    @cached_property
    def _by_space(self) -> Mapping[SpaceId, SpaceShape]:
        return MappingProxyType({s.space: s for s in self.shapes})

    def shape(self, space_id: SpaceId) -> SpaceShape:
        return self._by_space[space_id]


# --- what players write ----------------------------------------------------------------


class CellKind(Enum):
    """What a filled space holds."""

    NUMBER = "number"
    STAR = "star"
    CROSS = "cross"


@dataclass(frozen=True)
class Cell:
    """A filled space on a player's board."""

    kind: CellKind
    value: int | None = None
    """0-99 for a number, None for a star or a cross."""
    circled: bool = False

    def __post_init__(self) -> None:
        if self.kind is CellKind.NUMBER:
            if self.value is None or not 0 <= self.value <= 99:
                raise ValueError(f"a number cell needs a value 0-99, got {self.value!r}")
        elif self.value is not None:
            raise ValueError(f"a {self.kind.value} cell has no value")
        if self.kind is CellKind.CROSS and self.circled:
            raise ValueError("a crossed space cannot be circled")

    @classmethod
    def number(cls, value: int, circled: bool = False) -> Cell:
        return cls(CellKind.NUMBER, value, circled)

    @classmethod
    def star(cls, circled: bool = False) -> Cell:
        return cls(CellKind.STAR, None, circled)

    @classmethod
    def cross(cls) -> Cell:
        return cls(CellKind.CROSS)

    @property
    def text(self) -> str:
        """As written in the scoring CSV: ``07``, ``(37)``, ``*``, ``(*)``, ``x``."""
        core = {CellKind.NUMBER: f"{self.value:02d}" if self.value is not None else "",
                CellKind.STAR: "*", CellKind.CROSS: "x"}[self.kind]
        return f"({core})" if self.circled else core


@dataclass(frozen=True)
class Board:
    """One player's finished (or partly filled) board."""

    map_id: str
    player: str
    cells: Mapping[SpaceId, Cell] = field(default_factory=lambda: MappingProxyType({}))
    """Filled spaces only; read-only."""

    def __post_init__(self) -> None:
        if not isinstance(self.cells, MappingProxyType):
            object.__setattr__(self, "cells", MappingProxyType(dict(self.cells)))

    def __hash__(self) -> int:
        return hash((self.map_id, self.player, tuple(sorted(self.cells.items(),
                                                            key=lambda kv: kv[0]))))

    @property
    def circled_count(self) -> int:
        """Circled spaces on the whole board (the tie-break)."""
        return sum(1 for c in self.cells.values() if c.circled)


@dataclass(frozen=True)
class Deadline:
    """A wall-clock limit for a search: the ``time.monotonic()`` reading by which it ends.
    (A plain number of seconds, where a search takes one, is deterministic work instead:
    the same answer on every machine.)"""

    at: float
    seconds: float
    """The limit as the user gave it (for words such as "not proven within 20 s")."""

    def left(self, now: float) -> float:
        """Seconds left at the clock reading ``now`` (negative once passed)."""
        return self.at - now
