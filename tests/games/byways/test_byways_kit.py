"""``kit byways``: the parts the issue lists, in order, through the game registry."""

from __future__ import annotations

import pytest

from sheetgen.games import find_game
from sheetgen.maps import find_map
from sheetgen.templates import paper


@pytest.mark.slow
def test_kit_has_rules_board_decks_aid_race_solo_and_credits() -> None:
    game = find_game("byways")
    steps: list[str] = []
    parts = game.kit_parts(find_map("byways"), paper("a4"), seed=3, players=3,
                           backs="none", progress=steps.append)
    titles = [p.title for p in parts]
    assert titles[0] == "Rules summary"
    assert titles[1].startswith("The board") and len(parts[1].pages) == 17
    assert titles[2] == "Cards" and len(parts[2].pages) >= 14
    assert titles[3:] == ["Vehicles and events", "Events and construction", "Seeded race 3",
                          "Solo challenge 3", "Scorepad", "Open data and fonts"]
    assert len(parts[4].pages) == 1  # the reference is one page
    assert "Round 1: construction" in "".join(parts[5].pages)
    solo = "".join(parts[6].pages)
    assert "Solo challenge: seed 3, player 1 of 3" in solo
    assert "Solo challenge log: seed 3" in solo
    pad = parts[7].pages
    assert len(pad) == 1 and ">Home in<" in pad[0] and "Sum of places" in pad[0]
    assert steps == list(game.kit_steps)
    assert "Highways &amp; Byways: the rules on one page" in parts[0].pages[0]
