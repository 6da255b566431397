"""The registry of maps: reads ``maps/<id>/map.toml`` and its derived geometry.

``parse_map`` and ``parse_geometry`` are pure (text in, model out); ``find_map`` and
``find_geometry`` are the only functions here that touch files, and they cache what they
read, so a map is parsed once per process.
"""

from __future__ import annotations

import json
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from sheetgen.model import (
    Card,
    Dock,
    Line,
    Map,
    MapGeometry,
    Point,
    Region,
    Ring,
    Space,
    SpaceShape,
    make_edge,
)
from sheetgen.resources import data_dir


class MapDataError(ValueError):
    """Map data that does not say what a map needs; names the file and the problem."""


class UnknownMapError(ValueError):
    """A map id that is not in the registry; the message lists the known ones."""

    def __init__(self, map_id: str, known: tuple[str, ...]) -> None:
        super().__init__(f"unknown map {map_id!r}; known maps: {', '.join(known)}")
        self.map_id = map_id
        self.known = known


def maps_dir() -> Path:
    return data_dir("maps")


@cache
def map_ids() -> tuple[str, ...]:
    """Every map id that has a ``map.toml``, sorted."""
    return tuple(sorted(p.parent.name for p in maps_dir().glob("*/map.toml")))


@cache
def find_map(map_id: str) -> Map:
    """The map with this id (case-insensitive); UnknownMapError lists the known ones."""
    key = map_id.strip().lower()
    return parse_map(map_text(key), source=str(maps_dir() / key / "map.toml"))


@cache
def map_text(map_id: str) -> str:
    """The text of ``maps/<id>/map.toml`` (games with data of their own parse it further)."""
    key = map_id.strip().lower()
    if key not in map_ids():
        raise UnknownMapError(map_id, map_ids())
    return (maps_dir() / key / "map.toml").read_text(encoding="utf-8")


@cache
def find_geometry(map_id: str) -> MapGeometry:
    """The print-scale geometry of a map (``maps/<id>/geometry.json``)."""
    game_map = find_map(map_id)
    path = maps_dir() / game_map.id / "geometry.json"
    if not path.is_file():
        raise MapDataError(f"{path}: map {game_map.id} has no geometry yet")
    return parse_geometry(path.read_text(encoding="utf-8"), source=str(path))


def attribution(map_id: str) -> str:
    """The open-data attribution line(s) for a map, as printed on its sheets."""
    path = maps_dir() / find_map(map_id).id / "ATTRIBUTION.txt"
    if not path.is_file():
        return ""
    return path.read_text(encoding="utf-8").strip()


# --- parsing (pure) -----------------------------------------------------------------------


def _regions(raw: Any, where: str) -> tuple[Region, ...]:
    try:
        return tuple(Region(r) for r in raw)
    except ValueError as exc:
        raise MapDataError(f"{where}: {exc}; expected regions from "
                           + ", ".join(r.value for r in Region)) from None


def parse_map(text: str, source: str = "<map>") -> Map:
    """A Map from the text of a ``map.toml``."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise MapDataError(f"{source}: {exc}") from None
    try:
        spaces = tuple(
            Space(id=s["id"], name=s["name"], label=s.get("label", s["id"]),
                  regions=_regions(s.get("regions", ()), f"{source}: space {s['id']}"),
                  group=s.get("group"), zone=s.get("zone"), colour=s.get("colour"))
            for s in data["spaces"])
        edges = tuple(sorted({make_edge(*pair.split("-", 1))
                              for pair in data.get("edges", "").split()}))
        water = tuple(sorted({make_edge(*pair.split("-", 1))
                              for pair in data.get("water_edges", "").split()}))
        cards: list[Card] = []
        for region_name, ids in data.get("deck", {}).items():
            region = _regions([region_name], f"{source}: deck")[0]
            cards += [Card(space_id, region) for space_id in ids.split()]
        docks = tuple(Dock(letter, space_id)
                      for letter, space_id in sorted(data.get("docks", {}).items()))
        return Map(id=data["id"], game=data["game"], title=data["title"], spaces=spaces,
                   edges=edges, cards=tuple(cards), docks=docks, water_edges=water,
                   notes=data.get("notes", "").strip(),
                   group_names=tuple((str(k), str(v))
                                     for k, v in data.get("groups", {}).items()))
    except KeyError as exc:
        raise MapDataError(f"{source}: missing key {exc}") from None
    except (TypeError, ValueError) as exc:
        raise MapDataError(f"{source}: {exc}") from None


def _point(raw: Any) -> Point:
    return (float(raw[0]), float(raw[1]))


def _ring(raw: Any) -> Ring:
    return tuple(_point(p) for p in raw)


def parse_geometry(text: str, source: str = "<geometry>") -> MapGeometry:
    """A MapGeometry from the text of a ``geometry.json`` written by ``tools/``."""
    try:
        data = json.loads(text)
        shapes = tuple(
            SpaceShape(space=s["space"], rings=tuple(_ring(r) for r in s["rings"]),
                       anchor=_point(s["anchor"]), label_at=_point(s["label"]),
                       leader_to=_point(s["leader_to"]) if s.get("leader_to") else None)
            for s in data["shapes"])
        return MapGeometry(
            map_id=data["map"], width=float(data["width"]), height=float(data["height"]),
            circle_diameter=float(data["circle_diameter"]), shapes=shapes,
            context=tuple(_ring(r) for r in data.get("context", ())),
            lines=tuple(Line(kind=ln["kind"], points=_ring(ln["points"]),
                             ref=ln.get("ref", "")) for ln in data.get("lines", ())))
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise MapDataError(f"{source}: {exc!r}") from None


def map_to_json(game_map: Map) -> dict[str, Any]:
    """The map's topology in the JSON form of ``sheetgen map show MAP --json``."""
    spaces: list[dict[str, Any]] = []
    for s in game_map.spaces:
        entry: dict[str, Any] = {"id": s.id, "name": s.name,
                                 "regions": [r.value for r in s.regions]}
        if s.group is not None:
            entry["arrondissement"] = s.group
        if s.zone is not None:
            entry["zone"] = s.zone
        if s.colour is not None:
            entry["colour"] = s.colour
        spaces.append(entry)
    out: dict[str, Any] = {
        "id": game_map.id, "game": game_map.game, "title": game_map.title,
        "spaces": spaces,
        "edges": [list(e) for e in game_map.edges],
        "cards": [{"space": c.space, "region": c.region.value} for c in game_map.cards],
    }
    if game_map.water_edges:
        out["water_edges"] = [list(e) for e in game_map.water_edges]
    if game_map.docks:
        out["docks"] = [{"letter": d.letter, "space": d.space} for d in game_map.docks]
    return out
