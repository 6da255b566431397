"""Where a sheet has what the reader needs, in page millimetres (x right, y down).

The geometry is read from the sheet renderer's own drawing: the blank sheet of that map
and paper is drawn and its registration marks, code, write-in circles and name line are
read back from the SVG, so no number is copied here. Each layout the renderer has drawn
is frozen, that drawing's geometry per map and paper, in ``layoutN.json`` beside this
module (``tools/freeze_read_layout.py``): a photo is read without drawing the sheet
(1-1.5 s of CPU a map and paper), and sheets printed earlier stay readable when the
sheets are laid out anew (their code carries their layout's number, or none: layout 1).
A test holds the frozen file of the layout the renderer draws to its drawing, so a
sheet moved without a new layout number is caught. A layout drawn but not yet frozen
(while a new layout is made) is read from the drawing.

The reader's whole interface to a layout is :func:`sheet_layout`.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

FROZEN = Path(__file__).with_name("layout1.json")
"""The geometry of layout 1, per map and paper (the other layouts: ``frozen_file``)."""


def frozen_file(layout: int) -> Path:
    """Where the geometry of ``layout`` is frozen (the file may not exist)."""
    return FROZEN.with_name(f"layout{layout}.json")

_SVG = "{http://www.w3.org/2000/svg}"
_PAYLOAD = re.compile(
    r"sheetgen:sheet:(?:v(?P<layout>\d+):)?(?P<map>[a-z0-9_-]+):(?P<paper>[a-z0-9_-]+):"
    r"(?P<seed>-|\d+|#[0-9a-f]+):(?P<n>\d+)")


class LayoutError(ValueError):
    """No geometry known for that map, paper and layout."""


@dataclass(frozen=True)
class Code:
    """What a sheet's QR code says."""

    map_id: str
    paper: str
    seed: int | None
    sheet: int
    layout: int
    """1 when the code names none (every sheet printed before layouts were numbered)."""
    seed_hash: str | None = None
    """A seed over 24 digits as the code carries it (``#`` and a hash, ``seed`` None)."""

    @property
    def sheet_text(self) -> str:
        """The sheet number as messages show it (0, a sheet read without its code: no
        number any sheet carries, so "(number unread)")."""
        return str(self.sheet) if self.sheet > 0 else "(number unread)"


def parse_code(text: str) -> Code | None:
    """The sheet code ``sheetgen:sheet:vL:MAP:PAPER:SEED:N`` (layout L), or
    ``sheetgen:sheet:MAP:PAPER:SEED:N`` (layout 1, before layouts were numbered); None for
    any other text. A long seed is carried as ``#`` and a hash (``draw.qr.seed_code``):
    its seed is not known from the code (None, as an unseeded sheet's)."""
    found = _PAYLOAD.fullmatch(text.strip())
    if found is None:
        return None
    seed = found["seed"]
    return Code(found["map"], found["paper"], None if seed[0] in "-#" else int(seed),
                int(found["n"]), int(found["layout"] or 1),
                seed if seed.startswith("#") else None)


@dataclass(frozen=True)
class SheetLayout:
    """Page-mm positions of what a photo of one sheet is read by."""

    map_id: str
    paper: str
    layout: int
    page: tuple[float, float]
    """Width and height of the page as printed (landscape On Tour, portrait Dice Trip)."""
    marks: tuple[tuple[float, float], ...]
    """Centres of the registration marks: top left, top right, bottom left, bottom right."""
    mark_size: float
    qr: tuple[float, float, float]
    """The code's modules (quiet zone excluded): left, top and side."""
    qr_module: float
    """The side of one module of the code."""
    circles: dict[str, tuple[float, float, float]]
    """Each space's write-in circle: centre x, centre y, radius, in map order."""
    name: tuple[float, float, float, float]
    """Where the player's name is written: left, top, width, height."""
    printed: dict[str, tuple[tuple[float, float, float], ...]]
    """What the sheet prints inside a circle (a dock's tag, a club's letter, a die's
    badge), as discs (x, y, radius) to leave out when reading what was written there;
    only the circles that have any."""

    def to_json(self) -> dict[str, Any]:
        return {"page": list(self.page), "marks": [list(m) for m in self.marks],
                "mark_size": self.mark_size, "qr": list(self.qr),
                "qr_module": self.qr_module,
                "circles": {k: list(v) for k, v in self.circles.items()},
                "name": list(self.name),
                "printed": {k: [list(d) for d in v] for k, v in self.printed.items()}}

    @classmethod
    def from_json(cls, map_id: str, paper: str, layout: int,
                  data: dict[str, Any]) -> SheetLayout:
        return cls(map_id, paper, layout, (float(data["page"][0]), float(data["page"][1])),
                   tuple((float(x), float(y)) for x, y in data["marks"]),
                   float(data["mark_size"]),
                   (float(data["qr"][0]), float(data["qr"][1]), float(data["qr"][2])),
                   float(data["qr_module"]),
                   {k: (float(v[0]), float(v[1]), float(v[2]))
                    for k, v in data["circles"].items()},
                   (float(data["name"][0]), float(data["name"][1]), float(data["name"][2]),
                    float(data["name"][3])),
                   {k: tuple((float(d[0]), float(d[1]), float(d[2])) for d in v)
                    for k, v in data.get("printed", {}).items()})


def _f(el: ET.Element, key: str) -> float:
    return float(el.get(key, "0"))


def layout_from_svg(svg: str, map_id: str, paper: str) -> SheetLayout:
    """The geometry a blank sheet's SVG draws: marks (``registration-mark``), code
    (``qr``), circles (``circle-SPACE`` ids) and name line (``name-line``)."""
    root = ET.fromstring(svg)
    view = [float(v) for v in root.get("viewBox", "0 0 0 0").split()]
    marks: list[tuple[float, float]] = []
    size = 0.0
    circles: dict[str, tuple[float, float, float]] = {}
    qr: tuple[float, float, float] | None = None
    module = 0.0
    name: tuple[float, float, float, float] | None = None
    payload = ""
    for el in root.iter():
        classes = (el.get("class") or "").split()
        ident = el.get("id") or ""
        if "registration-mark" in classes:
            size = _f(el, "width")
            marks.append((round(_f(el, "x") + size / 2, 3), round(_f(el, "y") + size / 2, 3)))
        elif "qr" in classes:
            frame = el.find(f"{_SVG}rect")
            module = float(el.get("data-module", "0"))
            payload = el.get("data-payload", "")
            if frame is not None:
                quiet = 4 * module
                qr = (round(_f(frame, "x") + quiet, 3), round(_f(frame, "y") + quiet, 3),
                      round(_f(frame, "width") - 2 * quiet, 3))
        elif el.tag == f"{_SVG}circle" and ident.startswith("circle-"):
            circles[ident[len("circle-"):]] = (_f(el, "cx"), _f(el, "cy"), _f(el, "r"))
        elif "name-line" in classes:
            x1, x2, y = _f(el, "x1"), _f(el, "x2"), _f(el, "y1")
            name = (x1, round(y - 8.0, 3), round(x2 - x1, 3), 9.5)
    if len(marks) != 4 or qr is None or not circles or name is None:
        raise LayoutError(f"the {map_id} sheet on {paper} draws no registration marks, code, "
                          "circles or name line to read it by")
    marks.sort(key=lambda m: (m[1] > view[3] / 2, m[0] > view[2] / 2))
    code = parse_code(payload)
    return SheetLayout(map_id, paper, code.layout if code else 1, (view[2], view[3]),
                       tuple(marks), size, qr, module, circles, name, _printed(root, circles))


def _printed(root: ET.Element,
             circles: dict[str, tuple[float, float, float]]
             ) -> dict[str, tuple[tuple[float, float, float], ...]]:
    """The smaller discs and the text drawn over each write-in circle, as discs."""
    found: dict[str, list[tuple[float, float, float]]] = {k: [] for k in circles}
    for el in root.iter():
        if el.tag == f"{_SVG}circle" and not (el.get("id") or "").startswith("circle-"):
            x, y, r = _f(el, "cx"), _f(el, "cy"), _f(el, "r")
            stroke = float(el.get("stroke-width", "0") or 0)
            disc = (x, y, round(r + stroke / 2, 3))
        elif el.tag == f"{_SVG}text" and el.get("font-size"):
            size = float(el.get("font-size", "0"))  # one small letter: about its x-height
            x, y = _f(el, "x"), round(_f(el, "y") - 0.3 * size, 3)
            disc = (x, y, round(0.4 * size, 3))
        else:
            continue
        for space, (cx, cy, cr) in circles.items():
            d = ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5
            if 0.3 < d < cr + disc[2] - 0.3 and disc[2] < cr:
                found[space].append(disc)
    return {k: tuple(sorted(v)) for k, v in found.items() if v}


@cache
def drawn_layout(map_id: str, paper: str) -> SheetLayout:
    """The geometry of the sheet this version of sheetgen draws for ``map_id`` on
    ``paper`` (its layout version is the one its own code carries)."""
    from sheetgen.draw.pdf import page_svg
    from sheetgen.games import game_of
    from sheetgen.maps import find_map
    from sheetgen.templates import paper as find_paper

    game_map = find_map(map_id)
    page = game_of(game_map).sheet_pages(game_map, find_paper(paper), [""])[0]
    return layout_from_svg(page_svg(page), map_id, paper)


@cache
def _frozen(layout: int) -> dict[str, Any]:
    """The frozen file of ``layout`` (``{"layout", "about", "sheets"}``; no sheets when
    the layout was never frozen)."""
    path = frozen_file(layout)
    if layout < 1 or not path.exists():
        return {"layout": layout, "sheets": {}}
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def frozen_layouts() -> tuple[int, ...]:
    """The layouts frozen beside this module, in order."""
    found = (re.fullmatch(r"layout(\d+)\.json", p.name) for p in FROZEN.parent.iterdir())
    return tuple(sorted(int(m[1]) for m in found if m))


def frozen_sheets(layout: int) -> tuple[str, ...]:
    """The sheets (``MAP:PAPER``) frozen for ``layout``, sorted."""
    return tuple(sorted(_frozen(layout)["sheets"]))


def frozen_layout(map_id: str, paper: str, layout: int = 1) -> SheetLayout | None:
    """The frozen geometry of ``layout`` for that map and paper; None when not frozen."""
    entry = _frozen(layout)["sheets"].get(f"{map_id}:{paper}")
    return None if entry is None else SheetLayout.from_json(map_id, paper, layout, entry)


def sheet_layout(map_id: str, paper: str, layout: int = 1) -> SheetLayout:
    """Page-mm positions of the marks, the code and each space's circle on the sheet of
    ``map_id`` printed on ``paper`` in layout version ``layout``: the frozen geometry of
    that layout, or the renderer's own drawing when it draws a layout not yet frozen."""
    frozen = frozen_layout(map_id, paper, layout)
    if frozen is not None:
        return frozen
    try:
        drawn = drawn_layout(map_id, paper)
    except (LookupError, ValueError) as exc:
        raise LayoutError(f"no sheet of map {map_id!r} on paper {paper!r}: {exc}") from None
    if drawn.layout == layout:
        return drawn
    raise LayoutError(f"sheet layout {layout} of {map_id} on {paper} is not known to this "
                      f"sheetgen (it draws layout {drawn.layout}); a newer sheetgen reads it")
