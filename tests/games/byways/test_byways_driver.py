"""The built-in driver against the blind one on the tiny board, and its choice of cards."""

from __future__ import annotations

import pytest
from byways_tiny import card, tiny_course, tiny_setup, vehicle

from sheetgen.games.byways.decks import event_deck
from sheetgen.games.byways.driver import BuiltInDriver, card_value, start_ranking
from sheetgen.games.byways.race import View, run_race

COURSE = tiny_course()


def test_the_nearest_start_on_average_is_picked_first() -> None:
    # Centre: 2 + 3 + 2 to the blue spaces, 3 + 3 to the red ones (13); Westby: 16
    assert start_ranking(COURSE) == ("c", "w2")


def test_a_closed_road_changes_the_plan_where_the_blind_driver_waits() -> None:
    """The best drive from c runs c e b1 b2 b3 n c (6 moves, Easton first). Rounds 1 and
    2 lay C, closing Easton: the built-in driver takes the loop the other way (c n b3 b2
    b1) and comes back the way it went (b2 b3 n c), home in round 2; the blind driver
    waits at c twice and is home in round 3."""
    setup = tiny_setup(letters="CCABD")
    smart = BuiltInDriver(COURSE)
    race = run_race(COURSE, setup, [smart])
    first = race.rounds[0].turns[0]
    assert first.moves[:4] == ("n", "b3", "b2", "b1") and first.replanned
    assert first.completed == ("blue-loop",)
    assert race.seats[0].home_round == 2 and race.seats[0].replans >= 1
    assert race.rounds[1].turns[0].moves == ("b2", "b3", "n", "c")
    blind = run_race(COURSE, setup, [BuiltInDriver(COURSE, blind=True)])
    assert [r.turns[0].moves for r in blind.rounds] == [
        (), (), ("e", "b1", "b2", "b3", "n", "c")]
    assert blind.seats[0].home_round == 3 and blind.seats[0].replans == 0


class Rusty(BuiltInDriver):
    """The built-in driver in a Rustbucket (the Cowboy it would pick shrugs off traffic)."""

    def pick_vehicle(self, free):  # noqa: ANN001, ANN201 - the protocol's types
        return vehicle("Rustbucket")


def test_traffic_the_wrong_way_is_driven_round_rather_than_waited_out() -> None:
    """Westbound traffic at c: if the car moves, its first move goes to w (open: round 1
    lays D). The driver goes w, back to c and on round the loop, either way (two moves
    left after, against six if it waited); the blind driver, whose plan starts east,
    stays."""
    hand = [card("Traffic: Westbound")]
    setup = tiny_setup(letters="DABCE", event_hands=[hand], deck=[card("Open Road")])
    race = run_race(COURSE, setup, [Rusty(COURSE)])
    first = race.rounds[0].turns[0]
    assert first.card == card("Traffic: Westbound") and first.outcome.value == "applied"
    assert first.moves in (("w", "c", "e", "b1", "b2", "b3"), ("w", "c", "n", "b3", "b2", "b1"))
    assert first.completed == ("blue-loop",)
    blind = run_race(COURSE, setup, [Rusty(COURSE, blind=True)])
    assert blind.rounds[0].turns[0].moves == ()
    assert race.seats[0].home_round <= blind.seats[0].home_round


def test_spare_spaces_buy_a_draw_of_the_worst_card() -> None:
    hand = [card("Accident Ahead"), card("Flat Tire"), card("Open Road"),
            card("Open Road", 1), card("Roadside Diner")]
    setup = tiny_setup(letters="DABCE", event_hands=[hand], deck=list(range(14, 20)))
    race = run_race(COURSE, setup, [Rusty(COURSE)])
    first = race.rounds[0].turns[0]  # Accident Ahead: three moves, three spaces spare
    assert first.card == card("Accident Ahead") and len(first.moves) == 3
    assert first.actions == ("draw",) and first.discarded == (card("Flat Tire"),)


def view(hand: list[int], turns_to_pass: int, receiver: str | None) -> View:
    return View(5, 1, vehicle("Soccermobile"), "c", "c", (), frozenset(), tuple(hand), "A",
                5, tuple("CDBEA"), vehicle(receiver) if receiver else None, turns_to_pass)


@pytest.mark.parametrize(("turns", "receiver", "kept"), [
    (4, "Rustbucket", "Open Road"),     # four blind picks to come: keep the good card
    (4, None, "Open Road"),
    (0, "Rustbucket", "Flat Tire"),     # the hand goes next: keep what hurts them
    (0, "Ancient One", "Speed Trap"),   # ... and not what they shrug off
])
def test_the_hand_keeps_what_hurts_least_and_passes_what_hurts_most(
        turns: int, receiver: str | None, kept: str) -> None:
    hand = [card("Speed Trap"), card("Checkpoint")]
    driver = BuiltInDriver(COURSE)
    offered = [card("Flat Tire"), card("Open Road")]
    if receiver == "Ancient One":
        offered = [card("Flat Tire"), card("Speed Trap", 1)]
    got = driver.keep(view(hand, turns, receiver), offered, "prune")
    assert event_deck()[got].title == kept


def test_an_immune_card_costs_its_holder_nothing() -> None:
    v = view([], 4, None)
    flat = event_deck()[card("Flat Tire")]
    assert card_value(flat, v, 5) > 0
    ancient = View(*[getattr(v, f) for f in ("round", "seat")], vehicle("Ancient One"),
                   *[getattr(v, f) for f in ("start", "at", "trail", "remaining", "hand",
                                             "letter", "slot", "cycle_letters", "receiver",
                                             "turns_to_pass")])
    assert card_value(flat, ancient, 5) == 0
