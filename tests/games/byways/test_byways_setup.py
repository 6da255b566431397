"""Highways & Byways seeded setup: the rules' draft, decks, determinism, and par."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from sheetgen.cli import main
from sheetgen.games.byways.roadmap import LETTERS, Colour, find_roadmap
from sheetgen.games.byways.rules import deal_hand, draft, make_setup

ROAD = find_roadmap()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_draft_gives_every_seat_2_red_and_10_blue_all_different(players: int) -> None:
    setup = make_setup(ROAD, 5, players, 28)
    assert len(setup.hands) == players
    seen: set[str] = set()
    for hand in setup.hands:
        colours = [ROAD.byway(b).colour for b in hand]
        assert colours.count(Colour.RED) == 2 and colours.count(Colour.BLUE) == 10
        assert not seen & set(hand)
        seen |= set(hand)
    for order in setup.construction:
        assert sorted(order) == list(LETTERS)
    dealt = [c for hand in setup.event_hands for c in hand]
    assert len(dealt) == 5 * players == len(set(dealt))


def test_draft_follows_the_rules_order() -> None:
    reds = list(ROAD.of_colour(Colour.RED))
    steps, hands = draft(reds, 3, 2)
    assert steps[0].player == 1 and len(steps[0].drawn) == 2 and steps[0].passed_in is None
    for before, after in zip(steps, steps[1:], strict=False):
        assert len(after.drawn) == 1
        assert after.passed_in == before.passed_on  # passed clockwise
        assert after.player == before.player % 3 + 1
    drawn = [c for st in steps for c in st.drawn]
    assert drawn == [b.id for b in reds[:len(drawn)]]  # straight off the deck
    assert [len(h) for h in hands] == [2, 2, 2]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_seed_is_one_deal_for_every_seat(players: int) -> None:
    """``plan --seed`` deals a seat the hand ``script`` and ``kit`` give it."""
    setup = make_setup(ROAD, 31, players, 26)
    for seat in range(1, players + 1):
        assert tuple(b.id for b in deal_hand(ROAD, 31, seat, players)) == setup.hands[seat - 1]
    assert deal_hand(ROAD, 31) == deal_hand(ROAD, 31, 1, 4)
    with pytest.raises(ValueError, match="seat 4"):
        deal_hand(ROAD, 31, 4, 3)


def test_chance_is_dealt_once_for_the_whole_race() -> None:
    setup = make_setup(ROAD, 8, 3, 26)
    assert len(setup.construction) * 5 == len(setup.picks) == 100
    assert all(len(row) == 4 and all(0 <= u < 1 for u in row) for row in setup.picks)
    assert sorted(setup.event_order) == sorted(setup.spare) == list(range(26))
    assert setup.remaining_deck == setup.event_order[15:]
    # round 6 takes the first card of the second cycle, after a reshuffle
    assert setup.letter(6) == setup.construction[1][0] and setup.reshuffled(6)
    assert setup.slot(10) == 5 and not setup.reshuffled(10)
    # the same seed deals the same for two players as for four, where it can
    four = make_setup(ROAD, 8, 4, 26)
    assert four.construction == setup.construction and four.picks == setup.picks


def test_same_seed_same_setup_and_other_seeds_differ() -> None:
    assert make_setup(ROAD, 3, 4, 28) == make_setup(ROAD, 3, 4, 28)
    assert make_setup(ROAD, 3, 4, 28).hands != make_setup(ROAD, 4, 4, 28).hands
    assert deal_hand(ROAD, 9) == deal_hand(ROAD, 9)


@pytest.mark.parametrize("bad", [1, 5])
def test_seats_outside_2_to_4_are_refused(bad: int) -> None:
    with pytest.raises(ValueError, match="2-4 players"):
        make_setup(ROAD, 1, bad, 28)


def test_script_json_has_the_race_and_par_for_each_player() -> None:
    result = CliRunner().invoke(main, ["script", "byways", "--seed", "2", "-n", "2",
                                       "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["players"] == 2 and len(data["hands"]) == 2
    assert data["driving_order"] == [2, 1]
    last = max(entry["round"] for entry in data["par"])
    assert len(data["rounds"]) == last
    for entry in data["par"]:
        assert entry["start"] in ("CA", "WY", "IA", "TX", "GA", "PA")
        assert entry["turns"] == -(-entry["spaces"] // 6) <= entry["round"]
        home = [t for r in data["rounds"] for t in r["turns"]
                if t["player"] == entry["player"] and t["home"]]
        assert [t for t in home] and data["rounds"][entry["round"] - 1]["turns"]
    assert sorted(e["place"] for e in data["par"]) == [1, 2]
    for r in data["rounds"]:
        assert r["construction"] == data["construction"][(r["round"] - 1) // 5][
            (r["round"] - 1) % 5]
