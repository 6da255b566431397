"""Highways & Byways decks: byway cards with a locator map, construction, event, vehicle
and Player 1 cards, imposed with the shared imposition (``products.cards``) and placed the
way ``games.ontour.cards`` places On Tour's cards."""

from __future__ import annotations

from collections.abc import Callable

import svgwrite
from svgwrite.container import Group

from sheetgen.draw.layout import (
    CardSize,
    Imposition,
    LayoutError,
)
from sheetgen.draw.page import star_points
from sheetgen.draw.text import PT, text, wrap
from sheetgen.games.byways.board import board_style
from sheetgen.games.byways.decks import Event, Vehicle, events, immune_to, vehicles
from sheetgen.games.byways.roadmap import LETTERS, Byway, Colour, RoadMap
from sheetgen.model import MapGeometry
from sheetgen.products.cards import DeckOptions, fit_lines, impose
from sheetgen.templates import Paper

DECKS = ("red", "blue", "construction", "event", "vehicle", "all")
"""The ``--deck`` choices; ``vehicle`` holds the six vehicles and the Player 1 card."""

Face = Callable[[svgwrite.Drawing, CardSize, float, Imposition], Group]


# --- faces ----------------------------------------------------------------------------------


def _frame(dwg: svgwrite.Drawing, size: CardSize, bleed: float, imp: Imposition, colour: str,
           title: str, subtitle: str) -> tuple[Group, float]:
    """A card with a coloured head band (to the bleed) holding the title; returns the
    group and the y where the body starts."""
    w, h, s, b = size.width, size.height, imp.safe, bleed
    g = dwg.g(class_="card-face")
    g.add(dwg.rect((-b, -b), (w + 2 * b, h + 2 * b), fill="#ffffff"))
    lines, pt = fit_lines(title, w - 2 * s - 2, 0.055 * h / PT, 6.5)
    band = s + 3 + len(lines) * pt * PT * 1.05 + (4.5 if subtitle else 1.5)
    g.add(dwg.rect((-b, -b), (w + 2 * b, band + b), fill=colour))
    y = s + 1
    for line in lines:
        y += pt * PT * 1.05
        g.add(text(dwg, line, w / 2, y, pt, bold=True, anchor="middle", fill="#ffffff",
                   class_="card-text title"))
    if subtitle:
        g.add(text(dwg, subtitle, w / 2, y + 4, 7, anchor="middle", fill="#ffffff",
                   class_="card-text"))
    return g, band + 2


def _body(dwg: svgwrite.Drawing, g: Group, content: str, x: float, y: float, width: float,
          pt: float = 8.0) -> float:
    for line in wrap(content, width, pt):
        y += pt * PT * 1.3
        g.add(text(dwg, line, x, y, pt, class_="card-text"))
    return y


def _locator(dwg: svgwrite.Drawing, g: Group, geo: MapGeometry, box: tuple[float, float,
             float, float], marks: Callable[[Group, Callable[[str], tuple[float, float]],
                                             float], None]) -> None:
    """The USA in a box with ``marks`` drawn over it (given a space -> point function)."""
    x, y, w, h = box
    scale = min(w / geo.width, h / geo.height)
    ox, oy = x + (w - geo.width * scale) / 2, y + (h - geo.height * scale) / 2
    land = dwg.g(fill="#eeeae0", stroke="#a9a291", stroke_width=0.12)
    for ring in geo.context:
        if len(ring) < 4:
            continue
        land.add(dwg.polygon([(round(ox + px * scale, 2), round(oy + py * scale, 2))
                              for px, py in ring[::3]]))
    g.add(land)

    def at(space: str) -> tuple[float, float]:
        px, py = geo.shape(space).anchor
        return (round(ox + px * scale, 2), round(oy + py * scale, 2))

    marks(g, at, scale)


def byway_face(road: RoadMap, geo: MapGeometry, byway: Byway) -> Face:
    ink = board_style().ink
    colour = ink["red"] if byway.colour is Colour.RED else ink["blue"]

    def draw(dwg: svgwrite.Drawing, size: CardSize, bleed: float, imp: Imposition) -> Group:
        w, h, s = size.width, size.height, imp.safe
        kind = "Red byway" if byway.colour is Colour.RED else "Blue byway"
        g, y = _frame(dwg, size, bleed, imp, colour, byway.name, kind)
        g.add(text(dwg, str(byway.length), w - s - 1, h - s - 1, 0.11 * h / PT, bold=True,
                   anchor="end", fill=colour, class_="card-text length"))
        g.add(text(dwg, "spaces" if byway.length > 1 else "space", w - s - 1,
                   h - s - 1 - 0.11 * h - 0.5, 6.5, anchor="end", class_="card-text"))
        g.add(text(dwg, " · ".join(byway.states), s + 1, h - s - 2, 8, bold=True,
                   class_="card-text states"))
        box = (s, y, w - 2 * s, h - y - s - 0.11 * h - 4)

        def marks(grp: Group, at: Callable[[str], tuple[float, float]], scale: float) -> None:
            pts = [at(p) for p in byway.spaces]
            if len(pts) > 1:
                grp.add(dwg.polyline(pts, fill="none", stroke=colour, stroke_width=1.2,
                                     stroke_linecap="round", stroke_linejoin="round",
                                     stroke_dasharray="none" if byway.colour is Colour.RED
                                     else "1.4,0.7"))
            for px, py in pts:
                grp.add(dwg.circle((px, py), 0.9, fill=colour, stroke="#1a1a1a",
                                   stroke_width=0.15))
            cx = sum(p[0] for p in pts) / len(pts)
            cy = sum(p[1] for p in pts) / len(pts)
            grp.add(dwg.circle((round(cx, 2), round(cy, 2)), 4.5, fill="none",
                               stroke="#1a1a1a", stroke_width=0.35))

        _locator(dwg, g, geo, box, marks)
        return g

    return draw


def construction_face(road: RoadMap, geo: MapGeometry, letter: str) -> Face:
    def draw(dwg: svgwrite.Drawing, size: CardSize, bleed: float, imp: Imposition) -> Group:
        w, h, s = size.width, size.height, imp.safe
        g, y = _frame(dwg, size, bleed, imp, "#e8a317", "Construction", f"Letter {letter}")
        g.add(text(dwg, letter, w / 2, y + 0.2 * h, 0.2 * h / PT, bold=True, anchor="middle",
                   class_="card-text letter"))
        y = _body(dwg, g, f"While this card is face up, nobody may drive on a highway "
                  f"space marked {letter}. A car standing on one spends the turn planning: "
                  "discard up to three Event Cards and draw as many.", s + 1, y + 0.22 * h,
                  w - 2 * s - 2, 7)

        def marks(grp: Group, at: Callable[[str], tuple[float, float]], scale: float) -> None:
            for space in road.lettered(letter):
                px, py = at(space)
                grp.add(dwg.circle((px, py), 1.6, fill="#e8a317", stroke="#1a1a1a",
                                   stroke_width=0.2))

        _locator(dwg, g, geo, (s, y + 1, w - 2 * s, h - y - s - 1), marks)
        return g

    return draw


def event_face(event: Event) -> Face:
    def draw(dwg: svgwrite.Drawing, size: CardSize, bleed: float, imp: Imposition) -> Group:
        w, h, s = size.width, size.height, imp.safe
        colour = "#2e7d32" if event.kind == "luck" else "#5a5a5a"
        g, y = _frame(dwg, size, bleed, imp, colour, event.title, "Event")
        y = _body(dwg, g, event.text, s + 1, y + 2, w - 2 * s - 2, 8.5)
        immune = immune_to(event.kind)
        if immune:
            _body(dwg, g, "Does not touch: " + ", ".join(immune) + ".", s + 1,
                  h - s - 14, w - 2 * s - 2, 7.5)
        return g

    return draw


def vehicle_face(vehicle: Vehicle) -> Face:
    def draw(dwg: svgwrite.Drawing, size: CardSize, bleed: float, imp: Imposition) -> Group:
        w, h, s = size.width, size.height, imp.safe
        g, y = _frame(dwg, size, bleed, imp, vehicle.colour, vehicle.name, "Vehicle")
        cx, cy = w / 2, y + 0.18 * h
        car = dwg.g(fill=vehicle.colour, stroke="#1a1a1a", stroke_width=0.4)
        car.add(dwg.rect((cx - 18, cy - 4), (36, 9), rx=2.5))
        car.add(dwg.rect((cx - 10, cy - 10), (20, 7), rx=2))
        g.add(car)
        for dx in (-10, 10):
            g.add(dwg.circle((cx + dx, cy + 5.5), 3.2, fill="#1a1a1a"))
        _body(dwg, g, vehicle.ability, s + 1, cy + 12, w - 2 * s - 2, 8.5)
        return g

    return draw


def player_one_face() -> Face:
    def draw(dwg: svgwrite.Drawing, size: CardSize, bleed: float, imp: Imposition) -> Group:
        w, h, s = size.width, size.height, imp.safe
        g, y = _frame(dwg, size, bleed, imp, "#1a1a1a", "Player 1", "")
        g.add(dwg.polygon(star_points(w / 2, y + 0.14 * h, 0.11 * h), fill="#f2b705",
                          stroke="#1a1a1a", stroke_width=0.4))
        _body(dwg, g, "Chooses first. In the driving stage, before each of your turns: lay "
              "a Construction Card in the leftmost free slot and turn the cards to its left "
              "face down. When all five slots are full, gather and shuffle the five, lay a "
              "fresh one, and everyone passes their Event Cards clockwise.", s + 1,
              y + 0.28 * h, w - 2 * s - 2, 7.5)
        return g

    return draw


def back_face(deck: str) -> Face:
    colours = {"red": board_style().ink["red"], "blue": board_style().ink["blue"],
               "construction": "#e8a317", "event": "#5a5a5a", "vehicle": "#1a1a1a"}
    label = {"red": "Red Byway", "blue": "Blue Byway", "construction": "Construction",
             "event": "Event", "vehicle": "Vehicle"}[deck]

    def draw(dwg: svgwrite.Drawing, size: CardSize, bleed: float, imp: Imposition) -> Group:
        w, h, s, b = size.width, size.height, imp.safe, bleed
        g = dwg.g(class_=f"card-back {deck}")
        g.add(dwg.rect((-b, -b), (w + 2 * b, h + 2 * b), fill="#ffffff"))
        g.add(dwg.rect((s, s), (w - 2 * s, h - 2 * s), rx=2.5, fill="none",
                       stroke=colours[deck], stroke_width=1.2))
        g.add(text(dwg, "Highways & Byways", w / 2, h / 2 - 3, 10, bold=True,
                   anchor="middle", fill=colours[deck]))
        g.add(text(dwg, label, w / 2, h / 2 + 6, 13, bold=True, anchor="middle",
                   fill=colours[deck], class_="card-text"))
        return g

    return draw


def deck_cards(road: RoadMap, geo: MapGeometry, deck: str) -> list[tuple[str, Face]]:
    """(deck, face) of every card in ``deck`` (``all``: every deck in turn)."""
    if deck not in DECKS:
        raise LayoutError(f"unknown deck {deck!r}; decks: {', '.join(DECKS)}")
    out: list[tuple[str, Face]] = []
    for name in DECKS[:-1] if deck == "all" else (deck,):
        if name in ("red", "blue"):
            out += [(name, byway_face(road, geo, b)) for b in road.of_colour(Colour(name))]
        elif name == "construction":
            out += [(name, construction_face(road, geo, letter)) for letter in LETTERS]
        elif name == "event":
            out += [(name, event_face(e)) for e in events() for _ in range(e.count)]
        else:
            out += [(name, vehicle_face(v)) for v in vehicles()]
            out.append((name, player_one_face()))
    return out


# --- imposition ------------------------------------------------------------------------------


def deck_pages(road: RoadMap, geo: MapGeometry, paper: Paper, options: DeckOptions,
               imp: Imposition, deck: str = "all") -> list[str]:
    """The cards of ``deck`` imposed N-up with crop marks and the scale ruler; with
    duplex backs a back page follows each front page, with fold backs both share one."""
    size, bleed = options.size, options.bleed

    def side(face: Face) -> Callable[[svgwrite.Drawing], Group]:
        return lambda dwg: face(dwg, size, bleed, imp)

    return impose(paper, options, imp, [(side(face), side(back_face(kind)))
                                        for kind, face in deck_cards(road, geo, deck)])

