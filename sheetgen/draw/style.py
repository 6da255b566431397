"""The palette of ``templates/style.toml`` as typed values."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from sheetgen.model import ALL_AREAS, Area, Region
from sheetgen.templates import load


@dataclass(frozen=True)
class Style:
    """Colours (``#rrggbb``) and pattern names shared by every drawing."""

    ink: Mapping[str, str]
    """Named ink colours: text, outline, muted, context_land, water, route, highlight."""
    areas: Mapping[Area, str]
    """Tint of each of the six areas."""
    area_pattern: Mapping[Region, str]
    """Pattern laid over the areas of a latitude region: "none" or "hatch"."""
    region_colour: Mapping[Region, str]
    """Strong colour of each of the five regions (cards, legends, script chips)."""
    region_pattern: Mapping[Region, str]
    """Greyscale-distinct pattern of each region: none, hatch, dots, grid, vertical."""
    low_ink: bool = False
    """Draw with little ink (``--ink low``): outlines and hatching, no large fills."""


INK_MODES = ("full", "low")
"""``--ink``: full colour (tinted maps, solid card headers), or low (outlines and the
regions' patterns, white card headers with a coloured rule)."""
_INK: ContextVar[str] = ContextVar("sheetgen_ink", default="full")


@contextmanager
def ink_mode(mode: str) -> Iterator[None]:
    """Every drawing made inside uses ``mode`` (one of :data:`INK_MODES`)."""
    if mode not in INK_MODES:
        raise ValueError(f"unknown ink mode {mode!r}; known: {', '.join(INK_MODES)}")
    token = _INK.set(mode)
    try:
        yield
    finally:
        _INK.reset(token)


def load_style() -> Style:
    """The palette, in the ink mode in force (:func:`ink_mode`)."""
    return _style(_INK.get())


@cache
def _style(mode: str) -> Style:
    data = load("style")
    areas = {a: data["areas"][a.name.lower()] for a in ALL_AREAS}
    return Style(
        ink=MappingProxyType(dict(data["ink"])),
        areas=MappingProxyType(areas),
        area_pattern=MappingProxyType({Region(k): v for k, v in data["area_pattern"].items()}),
        region_colour=MappingProxyType({r: data["regions"][r.value]["colour"] for r in Region}),
        region_pattern=MappingProxyType({r: data["regions"][r.value]["pattern"]
                                         for r in Region}),
        low_ink=mode == "low",
    )


@dataclass(frozen=True)
class DiceColour:
    """A Dice Trip die colour: its name (as map data spells it), ink, letter and pattern."""

    name: str
    colour: str
    letter: str
    pattern: str


@cache
def dice_colours() -> tuple[DiceColour, ...]:
    """The four Dice Trip dice colours, in the order of ``templates/style.toml``."""
    data = load("style").get("dice_colours", {})
    return tuple(DiceColour(name, entry["colour"], entry["letter"], entry["pattern"])
                 for name, entry in data.items())
