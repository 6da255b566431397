"""Highways & Byways decks: what each deck holds and that events agree with vehicles."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from sheetgen.cli import main
from sheetgen.games.byways.cards import events, immune_to, vehicles
from sheetgen.games.byways.roadmap import Colour, find_roadmap

ROAD = find_roadmap()


def test_six_vehicles_with_the_abilities_of_the_sources() -> None:
    names = [v.name for v in vehicles()]
    assert names == ["Cowboy", "Stationary Wagon", "Five-O", "Ancient One", "Soccermobile",
                     "Rustbucket"]
    assert set(immune_to("accident")) == set(immune_to("repair")) == {"Ancient One"}
    assert set(immune_to("weather")) == set(immune_to("traffic")) == {"Cowboy"}
    assert immune_to("police") == ("Five-O",)
    # the rulebook names the Stationary Wagon among the vehicles some events leave alone
    assert immune_to("papers") == ("Stationary Wagon", "Five-O")
    for v in vehicles():
        if v.name in ("Cowboy", "Stationary Wagon", "Five-O", "Ancient One"):
            assert v.immune, v.name
    for v in vehicles():  # each ability names the event titles it shrugs off
        for kind in v.immune:
            titles = [e.title for e in events() if e.kind == kind]
            assert titles, kind


def test_events_cover_traffic_both_ways_and_name_their_immune_vehicles() -> None:
    titles = {e.title for e in events()}
    for way in ("North", "South", "East", "West"):
        assert any(way in t for t in titles)
    assert {e.kind for e in events()} >= {"traffic", "accident", "repair", "weather"}
    # every card has an effect the rules engine applies, named in its text
    for e in events():
        effect = e.effect
        set_fields = [effect.toward, effect.cap, effect.no_byways or None,
                      effect.discard or None, effect.allowance, effect.draw or None]
        assert sum(f is not None for f in set_fields) == 1, e.title
        if effect.toward is not None:
            assert effect.toward.value in e.text
        for number in (effect.cap, effect.allowance):
            if number:
                assert str(number) in e.text, e.title


def pages_text(pdf: bytes) -> list[str]:
    return [p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages]


def svg_pages(deck: str) -> list[str]:
    from sheetgen.draw.layout import card_size, imposition
    from sheetgen.games.byways.cards import deck_pages
    from sheetgen.maps import find_geometry
    from sheetgen.products.cards import DeckOptions
    from sheetgen.templates import paper

    return deck_pages(ROAD, find_geometry("byways"), paper("a4"),
                      DeckOptions(card_size("poker"), 3.0), imposition(), deck)


@pytest.mark.parametrize(("deck", "names"), [
    ("red", [b.name for b in ROAD.of_colour(Colour.RED)]),
    ("vehicle", [v.name for v in vehicles()] + ["Player 1"]),
    ("event", sorted({e.title for e in events()})),
])
def test_each_deck_holds_its_cards(deck: str, names: list[str]) -> None:
    svgs = svg_pages(deck)
    faces = sum(svg.count('class="card front"') for svg in svgs)
    expected = len(names) if deck != "event" else sum(e.count for e in events())
    assert faces == expected
    titles = "\n".join(re.sub(r"<[^>]+>", "\n", svg) for svg in svgs)
    for name in names:
        assert name.split()[-1].replace("&", "&amp;") in titles, name


@pytest.mark.slow
def test_duplex_backs_follow_each_front_page(tmp_path: Path) -> None:
    out = tmp_path / "d.pdf"
    result = CliRunner().invoke(main, ["cards", "byways", "--deck", "construction", "--backs",
                                       "duplex-long", "-o", str(out)])
    assert result.exit_code == 0, result.output
    texts = pages_text(out.read_bytes())
    assert len(texts) == 2
    assert texts[0].count("Construction") == 5
    assert texts[1].count("Construction") == 5 and "Highways & Byways" in texts[1]


def test_unknown_deck_is_a_one_line_error() -> None:
    result = CliRunner().invoke(main, ["cards", "byways", "--deck", "green"])
    assert result.exit_code == 1 and "--deck: unknown deck 'green'" in result.output
    result = CliRunner().invoke(main, ["cards", "usa", "--deck", "red"])
    # an option the game cannot honour: a usage error, as for every command
    assert result.exit_code == 2 and "has one deck; leave out --deck" in result.output
