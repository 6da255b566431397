"""`--ink low` read back from the drawn pages: less ink on the raster, no solid fills
left on a sheet's map or a card's header, and the three longitude regions still told
apart without colour (each its own pattern)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from sheetgen.draw.ink import coverage
from sheetgen.draw.layout import card_size, imposition
from sheetgen.draw.pdf import page_svg
from sheetgen.draw.style import ink_mode
from sheetgen.games import game_of
from sheetgen.maps import find_map
from sheetgen.products.cards import Backs, DeckOptions
from sheetgen.templates import paper

SVG = "{http://www.w3.org/2000/svg}"


def _sheet(map_id: str, mode: str) -> str:
    game_map = find_map(map_id)
    with ink_mode(mode):
        return page_svg(game_of(game_map).sheet_pages(game_map, paper("a4"), [""])[0])


def _cards(mode: str) -> str:
    usa = find_map("usa")
    imp = imposition()
    with ink_mode(mode):
        return game_of(usa).deck_pages(usa, paper("a4"), DeckOptions(
            card_size("poker"), imp.bleed, Backs.NONE))[0]


@pytest.mark.parametrize("map_id", ["usa", "europe", "paris"])
def test_low_ink_sheet_uses_less_ink_and_no_tints(map_id: str) -> None:
    full, low = _sheet(map_id, "full"), _sheet(map_id, "low")
    assert coverage(low).mean <= 0.7 * coverage(full).mean
    root = ET.fromstring(low)
    fills = {el.get("fill") for el in root.iter(SVG + "path")
             if (el.get("id") or "").startswith(("space-", "arrondissement-"))}
    assert fills == {"#ffffff"}


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_low_ink_regions_keep_a_pattern_each(map_id: str) -> None:
    game_map = find_map(map_id)
    root = ET.fromstring(_sheet(map_id, "low"))
    patterns: dict[str, set[str]] = {}
    paths = list(root.iter(SVG + "path"))
    for k, el in enumerate(paths):
        ident = el.get("id") or ""
        if not ident.startswith("space-"):
            continue
        space = game_map.space(ident.removeprefix("space-"))
        if len(space.regions) != 2:
            continue
        overlays = set()
        for nxt in paths[k + 1:k + 3]:
            if nxt.get("d") == el.get("d") and (nxt.get("fill") or "").startswith("url("):
                overlays.add(re.sub(r"url\(#(.*)\)", r"\1", nxt.get("fill")))
        patterns.setdefault(space.area.longitude.value, set()).update(overlays)
    # each longitude region has a pattern of its own, in greyscale as in colour
    own = {region: found - set().union(*(v for r, v in patterns.items() if r != region))
           for region, found in patterns.items()}
    assert sorted(patterns) == ["central", "east", "west"]
    assert all(own.values()), patterns


def test_low_ink_card_headers_are_white_with_a_coloured_rule() -> None:
    full, low = _cards("full"), _cards("low")
    assert coverage(low).mean <= 0.35 * coverage(full).mean
    root = ET.fromstring(low)
    assert not [el for el in root.iter(SVG + "rect") if el.get("class") == "region-band"]
    rules = [el for el in root.iter(SVG + "line") if el.get("class") == "region-rule"]
    faces = [el for el in root.iter(SVG + "g") if el.get("class") == "card-face"]
    assert faces and len(rules) == 2 * len(faces)


def test_ink_option_names_the_file_and_refuses_an_unknown_mode(tmp_path, monkeypatch) -> None:
    from click.testing import CliRunner

    from sheetgen.cli import main

    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    done = runner.invoke(main, ["sheet", "usa", "-n", "1", "--ink", "low"])
    assert done.exit_code == 0, done.output
    assert (tmp_path / "output" / "usa-sheets-a4-1p-ink-low.pdf").is_file()
    bad = runner.invoke(main, ["cards", "usa", "--ink", "heavy"])
    assert bad.exit_code == 1 and "--ink: unknown ink mode 'heavy'" in bad.output
