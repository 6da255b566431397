"""The seeded On Tour script: deck, setup, star turns, last turns, JSON goldens."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from sheetgen.games.ontour.rules import (
    Script,
    ScriptError,
    make_script,
    numbers_of,
    script_to_data,
    script_to_json,
)
from sheetgen.maps import find_map
from sheetgen.model import Card, Map, Region, Space, make_edge

SEEDS = range(200)
GOLDENS = Path(__file__).resolve().parents[2] / "data" / "scripts"
GOLDEN_SEEDS = (7, 2024)
UPDATE = os.environ.get("SHEETGEN_UPDATE_GOLDENS") == "1"


@pytest.fixture(scope="module")
def usa_scripts() -> list[Script]:
    usa = find_map("usa")
    return [make_script(usa, seed) for seed in SEEDS]


def test_setup_rolls_no_doubles_and_numbers_lo_hi(usa_scripts: list[Script]) -> None:
    for script in usa_scripts:
        assert len(script.setup) == 2
        for step in script.setup:
            a, b = step.dice
            assert a != b and 0 <= a <= 9 and 0 <= b <= 9
            assert step.numbers == (min(10 * a + b, 10 * b + a), max(10 * a + b, 10 * b + a))
        spaces = [card.space for card, _ in script.setup_cells]
        assert len(set(spaces)) == 4


def test_cards_follow_the_deck(usa_scripts: list[Script]) -> None:
    """Oracle: a plain walk through the piles. Within one pass no card repeats; a new pass
    holds exactly the cards discarded before it; setup cards never come back."""
    deck = set(find_map("usa").cards)
    passes_seen = 0
    for script in usa_scripts:
        setup = {card for card, _ in script.setup_cells}
        pile = deck - setup
        discards: set[Card] = set()
        for turn in script.turns:
            for card in turn.cards:
                assert card not in setup, (script.seed, turn.turn, card)
                if not pile:
                    pile, discards = discards, set()
                    passes_seen += 1
                assert card in pile, (script.seed, turn.turn, card)
                pile.remove(card)
            discards |= set(turn.cards)
    assert passes_seen >= len(usa_scripts)  # every USA game needs a second pass


def test_star_turns_exactly_when_the_rule_says(usa_scripts: list[Script]) -> None:
    stars = 0
    same_region_stars = 0
    for script in usa_scripts:
        for turn in script.turns:
            doubles = turn.dice[0] == turn.dice[1]
            same_region = len(turn.cards) == 3 and len({c.region for c in turn.cards}) == 1
            assert turn.star == (doubles or same_region)
            assert turn.numbers == (() if turn.star else numbers_of(turn.dice))
            stars += turn.star
            same_region_stars += same_region and not doubles
    assert stars > 0 and same_region_stars > 0


def test_turns_fill_exactly_the_map(usa_scripts: list[Script]) -> None:
    size = len(find_map("usa").spaces)
    for script in usa_scripts:
        empty = size - 4
        for number, turn in enumerate(script.turns, start=1):
            assert turn.turn == number
            assert turn.empty_before == empty
            assert turn.last == (empty <= 2)
            assert (turn.cards == ()) == turn.last
            if not turn.last:
                assert len(turn.cards) == 3
            empty -= 1 if turn.star else min(2, empty)
            assert empty >= 0
        assert empty == 0


def test_last_turns_happen(usa_scripts: list[Script]) -> None:
    kinds = {(t.empty_before, t.star) for s in usa_scripts for t in s.turns if t.last}
    assert kinds == {(1, False), (2, False), (1, True), (2, True)}


def test_same_seed_same_bytes_and_seeds_differ() -> None:
    usa = find_map("usa")
    assert script_to_json(make_script(usa, 11)) == script_to_json(make_script(usa, 11))
    assert script_to_json(make_script(usa, 11)) != script_to_json(make_script(usa, 12))


def test_json_is_the_documented_shape() -> None:
    text = script_to_json(make_script(find_map("usa"), 3))
    assert text.endswith("}\n")
    data = json.loads(text)
    assert data == script_to_data(make_script(find_map("usa"), 3))
    assert list(data) == ["map", "seed", "setup", "turns"]
    assert list(data["setup"][0]) == ["dice", "cards", "numbers"]
    assert list(data["turns"][0]) == ["turn", "cards", "dice", "numbers", "star", "last"]
    assert set(data["turns"][0]["cards"][0]) == {"space", "region"}
    assert data["turns"][0]["cards"][0]["region"] in {r.value for r in Region}


@pytest.mark.parametrize("seed", GOLDEN_SEEDS)
def test_golden_scripts(seed: int) -> None:
    """Refresh with SHEETGEN_UPDATE_GOLDENS=1 (only when the rules change on purpose)."""
    text = script_to_json(make_script(find_map("usa"), seed))
    path = GOLDENS / f"usa-seed-{seed}.json"
    if UPDATE:
        path.write_text(text, encoding="utf-8", newline="\n")
    assert path.read_bytes() == text.encode("utf-8")


@pytest.mark.parametrize("seed", [-1, True, 1.5])
def test_bad_seeds(seed: object) -> None:
    with pytest.raises(ScriptError, match="seed"):
        make_script(find_map("usa"), seed)  # type: ignore[arg-type]


def _toy_map(size: int) -> Map:
    """A line of ``size`` spaces alternating north/west and south/east, one card each."""
    spaces = tuple(Space(f"S{i:02d}", f"Space {i}", f"S{i:02d}",
                         (Region.NORTH, Region.WEST) if i % 2 else (Region.SOUTH, Region.EAST))
                   for i in range(size))
    edges = tuple(make_edge(spaces[i].id, spaces[i + 1].id) for i in range(size - 1))
    cards = tuple(Card(s.id, s.regions[i % 3 == 0]) for i, s in enumerate(spaces))
    return Map("toy", "ontour", "Toy", spaces, edges, cards)


@pytest.mark.parametrize("size", [15, 16, 17])
def test_short_deck_draws_what_is_left_then_reshuffles(size: int) -> None:
    """15 spaces: 11 cards after setup, so the fourth turn finds 2 left; 16: 3 left
    (exact); 17: 1 left. The leftovers come first, the rest from the shuffled discards."""
    game_map = _toy_map(size)
    left = (size - 4) % 3
    for seed in range(100):
        script = make_script(game_map, seed)
        setup = {card for card, _ in script.setup_cells}
        drawn = [c for t in script.turns for c in t.cards]
        first_pass = drawn[:size - 4]
        assert set(first_pass) == set(game_map.cards) - setup
        if len(drawn) > size - 4 and left:
            turn = script.turns[(size - 4) // 3]
            earlier = {c for t in script.turns[:(size - 4) // 3] for c in t.cards}
            assert set(turn.cards[:left]) == set(game_map.cards) - setup - earlier
            assert set(turn.cards[left:]) <= earlier


def test_only_ontour_maps() -> None:
    game_map = _toy_map(15)
    other = Map("x", "dicetrip", "X", game_map.spaces, game_map.edges, game_map.cards)
    with pytest.raises(ScriptError, match="ontour"):
        make_script(other, 1)
