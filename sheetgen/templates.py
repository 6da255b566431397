"""Layouts as data: paper sizes and styles read from ``templates/*.toml``."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from typing import Any

from sheetgen.resources import data_dir


class UnknownTemplateError(ValueError):
    """A paper, size or style name not in ``templates/``; lists the known ones."""


@cache
def load(name: str) -> dict[str, Any]:
    """The parsed ``templates/<name>.toml``."""
    with (data_dir("templates") / f"{name}.toml").open("rb") as handle:
        return tomllib.load(handle)


@dataclass(frozen=True)
class Paper:
    """A paper size in millimetres, portrait."""

    id: str
    name: str
    width: float
    height: float

    @property
    def landscape(self) -> tuple[float, float]:
        """(width, height) of the landscape page."""
        return (self.height, self.width)


def paper_ids() -> tuple[str, ...]:
    return tuple(load("paper"))


def paper(paper_id: str) -> Paper:
    """The paper named ``paper_id`` (``a4``, ``letter``)."""
    table = load("paper")
    key = paper_id.strip().lower()
    if key not in table:
        raise UnknownTemplateError(f"unknown paper {paper_id!r}; known: {', '.join(table)}")
    entry = table[key]
    return Paper(key, entry["name"], float(entry["width"]), float(entry["height"]))
