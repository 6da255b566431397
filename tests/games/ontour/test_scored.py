"""Scored boards read back: the route drawn under the circles and labels, badges clear of
the numbers, layers shared between players, and standings that never lose a player."""

from __future__ import annotations

import io
import random
import re
import xml.etree.ElementTree as ET
from math import hypot

import pytest
from pypdf import PdfReader

from sheetgen.draw.pdf import Layers, build_pdf
from sheetgen.games.ontour.score import standings
from sheetgen.games.ontour.scored import (
    BADGE_R,
    scored_pages,
    standings_pages,
    standings_rows_per_page,
)
from sheetgen.games.ontour.sheet import map_origin
from sheetgen.maps import find_geometry, find_map
from sheetgen.model import Board, Cell
from sheetgen.templates import paper
from tests.draw.test_pdf import _forms_drawn

SVG = "{http://www.w3.org/2000/svg}"


def random_boards(map_id: str, count: int, seed: int = 0) -> list[Board]:
    game_map = find_map(map_id)
    rng = random.Random(seed)
    boards = []
    for k in range(count):
        cells = {}
        for sid in game_map.space_ids:
            draw = rng.random()
            cells[sid] = (Cell.cross() if draw < 0.08 else Cell.star() if draw < 0.14
                          else Cell.number(rng.randrange(100), rng.random() < 0.2))
        boards.append(Board(map_id, f"Player {k + 1:03d}", cells))
    return boards


@pytest.fixture(scope="module")
def usa_pages() -> tuple[list[Board], list]:
    usa = find_map("usa")
    bs = random_boards("usa", 3)
    return bs, scored_pages(usa, find_geometry("usa"), paper("a4"), bs, standings(usa, bs))


def test_route_band_runs_centre_to_centre_under_the_circles(usa_pages) -> None:
    """Each step of the route is a band from one circle's centre to the next, in travel
    order, in a layer below the circles and labels; the top layer has no line at all
    over the map, so nothing strikes through a number or a name. (That the band passes
    no third circle: test_scored_routes.py.)"""
    bs, pages = usa_pages
    usa, geometry, a4 = find_map("usa"), find_geometry("usa"), paper("a4")
    table = standings(usa, bs)
    for k, page in enumerate(pages[:len(bs)]):
        assert isinstance(page, Layers) and len(page.svgs) == 4
        map_layer, band, circles, marks = page.svgs
        route = table.players[k].result.route
        ox, oy = map_origin(*a4.landscape, geometry)
        centres = [(geometry.shape(s).anchor[0] + ox, geometry.shape(s).anchor[1] + oy)
                   for s in route]
        steps = re.findall(r'<g class="route-step"><path d="M([\d.]+),([\d.]+)C[\d.,]+ '
                           r'[\d.,]+ ([\d.]+),([\d.]+)"', band)
        assert len(steps) == len(route) - 1 >= 1
        for (x1, y1, x2, y2), (a, b) in zip(steps, zip(centres, centres[1:], strict=False),
                                            strict=True):
            assert hypot(float(x1) - a[0], float(y1) - a[1]) < 0.1
            assert hypot(float(x2) - b[0], float(y2) - b[1]) < 0.1
        assert 'class="circle"' in circles and 'class="label"' in circles
        assert 'class="circle"' not in band + marks and 'class="label"' not in band + marks
        assert "<line" not in marks.split('class="route-badges"')[0].split(
            'class="route"')[1]
        assert re.findall(r'id="route-ring-(\w+)"', marks) == list(route)
        assert re.findall(r'id="step-(\d+)"', marks) == [str(i)
                                                         for i in range(1, len(route) + 1)]


def test_badges_sit_outside_their_circle(usa_pages) -> None:
    """A step badge never covers the number in its own circle."""
    bs, pages = usa_pages
    geometry, a4 = find_geometry("usa"), paper("a4")
    radius = geometry.circle_diameter / 2
    usa = find_map("usa")
    ox, oy = map_origin(*a4.landscape, geometry)
    for k, page in enumerate(pages[:len(bs)]):
        route = standings(usa, bs).players[k].result.route
        root = ET.fromstring(page.svgs[3])
        badges = [g for g in root.iter(f"{SVG}g") if g.get("class") == "route-badge"]
        assert len(badges) == len(route)
        for sid, badge in zip(route, badges, strict=True):
            dot = badge.find(f"{SVG}circle")
            cx, cy = geometry.shape(sid).anchor[0] + ox, geometry.shape(sid).anchor[1] + oy
            gap = hypot(float(dot.get("cx")) - cx, float(dot.get("cy")) - cy)
            assert gap >= radius + BADGE_R - 0.05


def test_players_share_the_map_layers(usa_pages) -> None:
    _, pages = usa_pages
    players = [p for p in pages if isinstance(p, Layers)]
    assert len({p.svgs[0] for p in players}) == 1 and len({p.svgs[2] for p in players}) == 1
    assert len({p.svgs[3] for p in players}) == len(players)


@pytest.mark.parametrize("paper_id", ["a4", "letter"])
def test_standings_of_100_players_lose_nobody(paper_id: str) -> None:
    """Every player appears exactly once, in rank order, and every row lies on its page."""
    usa = find_map("usa")
    bs = random_boards("usa", 100, seed=1)
    table = standings(usa, bs)
    sheet = paper(paper_id)
    pages = standings_pages(usa, sheet, table)
    per_page = standings_rows_per_page(sheet)
    assert len(pages) == -(-100 // per_page) > 1
    names = []
    _, height = sheet.landscape
    for svg in pages:
        root = ET.fromstring(svg)
        cells = [el for el in root.iter(f"{SVG}text") if el.get("class") == "standings-cell"]
        assert all(float(el.get("y")) <= height - 10.0 for el in cells)
        names += [el.text for el in cells if el.text and el.text.startswith("Player ")]
    assert names == [p.player for p in table.ranked]


def test_scored_pdf_reads_back_through_its_layers() -> None:
    """The PDF of stacked layers: one page per player with that player's name and
    numbers, then the standings; the shared map is stored once."""
    usa = find_map("usa")
    bs = random_boards("usa", 4, seed=2)
    table = standings(usa, bs)
    pages = scored_pages(usa, find_geometry("usa"), paper("a4"), bs, table)
    blob = build_pdf(pages, "t")
    reader = PdfReader(io.BytesIO(blob))
    assert len(reader.pages) == 5
    for k, board in enumerate(bs):
        text = reader.pages[k].extract_text()
        assert board.player in text and f"{table.players[k].result.score} points" in text
        assert "WA" in text  # the shared map's labels
    drawn = [_forms_drawn(reader.pages[k]) for k in range(4)]
    for layer, shared in ((0, True), (1, False), (2, True), (3, False)):
        objects = {forms[layer] for forms in drawn}
        assert len(objects) == (1 if shared else 4)
    standings_text = reader.pages[4].extract_text()
    assert all(b.player in standings_text for b in bs)


def test_written_numbers_sit_centred_in_their_circles(usa_pages) -> None:
    """The numbers are drawn as one run with a position per digit: each number's digits
    are centred on its circle (within 0.1 mm) on one baseline."""
    from sheetgen.draw.text import text_width
    from sheetgen.model import CellKind

    bs, pages = usa_pages
    geometry, a4 = find_geometry("usa"), paper("a4")
    ox, oy = map_origin(*a4.landscape, geometry)
    root = ET.fromstring(pages[0].svgs[3])
    run = next(el for el in root.iter(f"{SVG}text") if el.get("class") == "cell-numbers")
    xs = [float(v) for v in run.get("x").split()]
    ys = [float(v) for v in run.get("y").split()]
    numbers = [(s.space, f"{bs[0].cells[s.space].value:02d}") for s in geometry.shapes
               if bs[0].cells[s.space].kind is CellKind.NUMBER]
    assert run.text == "".join(n for _, n in numbers)
    for k, (sid, digits) in enumerate(numbers):
        cx, cy = geometry.shape(sid).anchor[0] + ox, geometry.shape(sid).anchor[1] + oy
        left = xs[2 * k]
        assert abs(left + text_width(digits, 14, bold=True) / 2 - cx) < 0.1
        assert ys[2 * k] == ys[2 * k + 1] and abs(ys[2 * k] - (cy + 1.75)) < 0.1
