"""The driving stage round by round (``race.run_race``) on the tiny board with scripted
drivers and setups whose every draw is written down, so each outcome is worked out by
hand: the blind pick, pruning, planning days, planning actions, the hand pass, finishing
and places."""

from __future__ import annotations

import pytest
from byways_tiny import Scripted, card, tiny_course, tiny_setup

from sheetgen.games.byways.decks import event_deck
from sheetgen.games.byways.race import Outcome, RaceError, run_race

COURSE = tiny_course()
QUIET = [card("Open Road", 1), card("Roadside Diner", 1)]


def test_a_byway_driven_whole_and_home_finishes_the_race() -> None:
    driver = Scripted(vehicle="Rustbucket", moves={1: ["e", "b1", "b2", "b3", "n", "c"]})
    race = run_race(COURSE, tiny_setup(letters="DABCE"), [driver])
    (turn,) = race.rounds[0].turns
    assert turn.completed == ("blue-loop",) and turn.home and turn.at == "c"
    assert race.seats[0].home_round == 1 and race.seats[0].place == 1
    assert len(race.rounds) == 1


def test_a_byway_left_halfway_must_be_driven_again() -> None:
    driver = Scripted(vehicle="Rustbucket", moves={1: ["e", "b1", "b2", "b1", "e", "c"],
                                                   2: ["e", "b1", "b2", "b3", "n"],
                                                   3: ["c"]})
    race = run_race(COURSE, tiny_setup(letters="DEABC"), [driver])
    assert [t.completed for r in race.rounds for t in r.turns] == [(), ("blue-loop",), ()]
    assert race.seats[0].home_round == 3


def test_a_move_onto_the_face_up_letter_is_refused() -> None:
    driver = Scripted(vehicle="Rustbucket", moves={1: ["e"]})  # round 1 lays C: e closed
    with pytest.raises(RaceError, match="Easton, EE .e. is closed: construction C"):
        run_race(COURSE, tiny_setup(letters="CABDE"), [driver])


def test_the_neighbour_picks_blind_and_the_event_limits_the_moves() -> None:
    hand = [card("Flat Tire"), card("Open Road"), card("Accident Ahead"),
            card("Speed Trap"), card("Thunderstorm")]
    # 0.5 of a hand of five is position 2: the third card, Accident Ahead (at most 3 moves)
    driver = Scripted(vehicle="Rustbucket", moves={1: ["e", "b1", "b2"],
                                                   3: ["b3", "n", "c"]})
    race = run_race(COURSE, tiny_setup(letters="DABCE", event_hands=[hand],
                                       picks=[(0.5,), (0.0,)]), [driver])
    first = race.rounds[0].turns[0]
    assert first.card == card("Accident Ahead") and first.pick == (3, 5)
    assert first.outcome is Outcome.APPLIED
    assert driver.seen_limits[1].cap == 3 and driver.seen_limits[1].allowance == 6
    # the deck is empty: the prune draws the one discard, Accident Ahead, back
    assert first.pruned == (card("Accident Ahead"),)
    second = race.rounds[1].turns[0]  # pick 0.0 of the five: the first, Flat Tire
    assert second.card == card("Flat Tire") and second.pick == (1, 5)
    assert driver.seen_limits[2].cap == 0 and second.moves == ()
    third = race.rounds[2].turns[0]  # then Open Road: eight spaces
    assert third.card == card("Open Road") and driver.seen_limits[3].allowance == 8


def test_pruning_draws_two_five_after_a_choice_and_one_more_for_the_soccermobile() -> None:
    deck = list(range(6, 26))  # Westbound, Westbound, Accident x3, Flat Tire x3, ...
    rust = Scripted(vehicle="Rustbucket", actions={1: ["choice"]},
                    moves={1: ["e", "b1"], 2: ["b2", "b3", "n", "c"]})
    run_race(COURSE, tiny_setup(letters="DABCE", deck=deck), [rust])
    assert rust.drawn_seen == [("prune", tuple(deck[0:5]))]  # round 2 is home: no prune
    soccer = Scripted(vehicle="Soccermobile", actions={1: ["choice"], 2: ["draw"]},
                      moves={1: ["e", "b1"], 2: ["b2", "b3"], 4: ["n", "c"]})
    hand = [card("Open Road")]
    race = run_race(COURSE, tiny_setup(letters="DABCE", deck=deck, event_hands=[hand]),
                    [soccer])
    # round 1: Open Road is played; the Choice draws 3 + 3 = 6 and the first is kept
    assert soccer.drawn_seen[0] == ("prune", tuple(deck[0:6]))
    # round 2: the kept Westbound is played (b2 lies west of b1); a Draw swaps nothing
    # from an empty hand; three drawn, Flat Tire kept and played in round 3
    assert race.rounds[1].turns[0].card == deck[0]
    assert soccer.drawn_seen[1] == ("prune", tuple(deck[6:9]))
    assert race.rounds[2].turns[0].card == deck[6] == card("Flat Tire", 1)


def test_a_planning_day_swaps_up_to_three_cards_and_moves_nothing() -> None:
    hand = [card("Open Road"), card("Open Road", 1), card("Flat Tire", 1), card("Speed Trap"),
            card("Checkpoint")]
    deck = [card("Thunderstorm"), card("Accident Ahead"), card("Snow on the Pass"),
            card("Flat Tire", 2), card("Accident Ahead", 1)]
    driver = Scripted(vehicle="Rustbucket", moves={1: ["s"], 3: ["c"]},
                      throw={"planning day": [card("Flat Tire", 1), card("Speed Trap")]})
    # round 1 lays C (s open), round 2 lays A: the car on s spends a planning day
    race = run_race(COURSE, tiny_setup(hands=[()], letters="CABDE", event_hands=[hand],
                                       deck=deck), [driver])
    day = race.rounds[1].turns[0]
    assert day.planning_day and day.moves == () and day.actions == ()
    assert day.discarded == (card("Flat Tire", 1), card("Speed Trap"))
    # round 1 pruned the first two of the deck; the planning day draws the next two
    assert day.drawn == (card("Snow on the Pass"), card("Flat Tire", 2))
    assert 2 not in driver.seen_limits  # no moves were asked for
    assert race.seats[0].home_round == 3


def test_draw_swaps_one_card_and_the_stationary_wagon_two() -> None:
    hand = [card("Open Road"), card("Flat Tire"), card("Speed Trap"), card("Checkpoint"),
            card("Thunderstorm")]
    deck = list(range(20, 28))
    for name, swapped in (("Rustbucket", 1), ("Stationary Wagon", 2)):
        driver = Scripted(vehicle=name, actions={1: ["draw"]},
                          moves={1: ["e", "b1", "b2", "b3"], 2: ["n", "c"]},
                          throw={"draw": [card("Flat Tire"), card("Speed Trap")]})
        race = run_race(COURSE, tiny_setup(letters="DABCE", event_hands=[hand], deck=deck),
                        [driver])
        turn = race.rounds[0].turns[0]
        assert turn.card == card("Open Road")  # pick 0.0: the first card
        assert turn.discarded == (card("Flat Tire"), card("Speed Trap"))[:swapped]
        assert turn.drawn == tuple(deck[:swapped])


def test_checkpoint_discards_a_card_and_the_diner_draws_two_keeps_one() -> None:
    hand = [card("Checkpoint"), card("Open Road", 1), card("Speed Trap")]
    deck = [card("Open Road"), card("Thunderstorm"), card("Thunderstorm", 1),
            card("Accident Ahead"), card("Accident Ahead", 1)]
    driver = Scripted(vehicle="Rustbucket", throw={"checkpoint": [card("Speed Trap")]},
                      moves={1: ["e", "b1"], 2: ["b2", "b3", "n", "c"]})
    race = run_race(COURSE, tiny_setup(letters="DABCE", event_hands=[hand], deck=deck),
                    [driver])
    assert race.rounds[0].turns[0].discarded == (card("Speed Trap"),)
    diner = Scripted(vehicle="Rustbucket", keep_last=True,
                     moves={1: ["e", "b1"], 2: ["b2", "b3", "n", "c"]})
    race = run_race(COURSE, tiny_setup(letters="DABCE", event_hands=[[card("Roadside Diner")]],
                                       deck=deck), [diner])
    assert diner.drawn_seen[0] == ("draw now", (card("Open Road"), card("Thunderstorm")))
    assert race.rounds[0].turns[0].drawn == (card("Thunderstorm"),)  # the one kept


def test_hands_pass_clockwise_when_the_construction_cards_are_reshuffled() -> None:
    """Every round the neighbour takes the first card (pick 0.0), so a hand holds, at the
    end of round 5, the five cards kept in rounds 1-5; in round 6 each player is played
    the first card of the hand passed to them."""
    hands = [list(range(0, 5)), list(range(5, 10))]
    finish = {7: ["e", "c"]}
    one = Scripted(vehicle="Rustbucket", start="c", moves=finish)
    two = Scripted(vehicle="Cowboy", start="w2", moves={7: ["r2", "w2"]})
    race = run_race(COURSE, tiny_setup(players=2, hands=[(), ()], letters="DABCE",
                                       event_hands=hands, deck=list(range(10, 28))),
                    [one, two])
    kept = {seat: race.turn(seat, 1).kept for seat in (1, 2)}
    assert race.rounds[5].reshuffled and race.rounds[5].passed
    assert race.turn(2, 6).card == kept[1] and race.turn(1, 6).card == kept[2]
    assert race.order == (2, 1)  # the last to pick drives first
    assert one.seen_limits[6].allowance == 9 and two.seen_limits[6].allowance == 6
    # both home in round 7: seat 2 drives first, so it is first
    assert [(s.seat, s.home_round, s.place) for s in race.seats] == [(1, 7, 2), (2, 7, 1)]


def test_a_finished_player_returns_their_events_and_the_others_race_on() -> None:
    hands = [[card("Open Road"), card("Flat Tire")], []]
    one = Scripted(vehicle="Rustbucket", start="c", moves={1: ["e", "c"]})
    two = Scripted(vehicle="Ancient One", start="w2", moves={3: ["r2", "w2"]})
    race = run_race(COURSE, tiny_setup(players=2, hands=[(), ()], letters="DABCE",
                                       event_hands=hands, deck=[]), [one, two])
    assert race.seats[0].home_round == 1 and race.seats[1].home_round == 3
    assert [len(r.turns) for r in race.rounds] == [2, 1, 1]
    assert race.turn(1, 1).home and race.turn(1, 2) is None
    # seat 1's Flat Tire went to the discards with its Open Road: seat 2 draws both
    assert race.turn(2, 1).pruned == ()
    assert sorted(race.turn(2, 2).pruned) == sorted(hands[0])
    assert [(s.seat, s.place) for s in race.seats] == [(1, 1), (2, 2)]


def test_the_event_discards_become_the_deck_when_it_runs_out() -> None:
    driver = Scripted(vehicle="Rustbucket",
                      moves={1: ["e"], 2: ["b1"], 3: ["b2"], 4: ["b3", "n", "c"]})
    hand = [card("Open Road"), card("Open Road", 1), card("Roadside Diner"),
            card("Roadside Diner", 1)]
    race = run_race(COURSE, tiny_setup(letters="DDDDD", event_hands=[hand], deck=[20]),
                    [driver])
    assert sum(r.deck_reshuffles for r in race.rounds) >= 1
    seen = [c for r in race.rounds for t in r.turns for c in t.pruned]
    assert set(seen) <= set(hand) | {20}
    assert all(event_deck()[c].title in ("Open Road", "Roadside Diner") or c == 20
               for c in seen)


def test_player_one_home_first_the_construction_cards_still_come_each_round() -> None:
    one = Scripted(vehicle="Rustbucket", start="c", moves={3: ["e", "c"]})
    two = Scripted(vehicle="Cowboy", start="w2", moves={1: ["r2", "w2"]})  # Player 1
    race = run_race(COURSE, tiny_setup(players=2, hands=[(), ()], letters="DABCE",
                                       event_hands=[(), ()]), [one, two])
    assert race.order == (2, 1) and race.seats[1].home_round == 1
    assert [(r.round, r.letter, r.slot) for r in race.rounds] == [(1, "D", 1), (2, "A", 2),
                                                                 (3, "B", 3)]
    assert one.seen_limits[2].letter == "A" and one.seen_limits[3].letter == "B"
