"""Seeded races of built-in drivers: every one ends with every car home within a bound,
the same seed gives the same race, and each driver's own log passes the check while one
illegal move in it fails."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.games.byways.decks import event_deck
from sheetgen.games.byways.drivelog import LoggedTurn, format_drive_log, judge, parse_drive_log
from sheetgen.games.byways.driver import BuiltInDriver, par_race
from sheetgen.games.byways.race import find_course, run_race
from sheetgen.games.byways.rules import make_setup

COURSE = find_course()
ROAD = COURSE.road
BOUND = 45
"""No car of a seeded race of built-in drivers is still out after this round (measured:
the slowest of 150 races got home in round 27; see docs/benchmarks.md)."""


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(2, 4), pick=st.integers(0, 10**6))
def test_every_car_gets_home_and_its_log_checks(seed: int, players: int, pick: int) -> None:
    race = par_race("byways", seed, players)
    assert all(1 <= s.home_round <= BOUND for s in race.seats)
    assert sorted(s.place for s in race.seats) == list(range(1, players + 1))
    assert len(race.rounds) == max(s.home_round for s in race.seats)
    seat = pick % players + 1
    log = parse_drive_log(format_drive_log(race, COURSE, seat), "drive.csv", ROAD)
    result = judge(COURSE, race, log)
    assert result.problem == "" and result.home_round == race.seats[seat - 1].home_round
    # one illegal move: a round's first move to a space not linked to where the car stood
    moving = [t for t in log.turns if t.moves]
    bad = moving[pick % len(moving)]
    here = race.position(seat, bad.round - 1)
    far = next(s for s in ROAD.map.space_ids
               if s != here and s not in ROAD.map.neighbours[here])
    turns = tuple(dataclasses.replace(t, moves=(far, *t.moves[1:])) if t is bad else t
                  for t in log.turns)
    broken = judge(COURSE, race, dataclasses.replace(log, turns=turns))
    assert broken.problem.startswith(f"round {bad.round}, move 1: ")
    assert ROAD.map.space(far).name in broken.problem


def test_the_same_seed_gives_the_same_race() -> None:
    setup = make_setup(ROAD, 123, 3, len(event_deck()))
    races = [run_race(COURSE, setup, [BuiltInDriver(COURSE) for _ in range(3)])
             for _ in range(2)]
    assert races[0] == races[1]
    assert par_race("byways", 123, 3) == races[0]


def test_one_move_too_many_is_named_with_its_round() -> None:
    race = par_race("byways", 5, 2)
    log = parse_drive_log(format_drive_log(race, COURSE, 1), "drive.csv", ROAD)
    deck = event_deck()

    def plain(round_no: int) -> bool:  # six moves at most: no Open Road, no reshuffle
        card = race.event_on(1, round_no)
        return not race.setup.reshuffled(round_no) and (
            card is None or deck[card].effect.allowance is None)

    full = next(t for t in log.turns if len(t.moves) == 6 and plain(t.round))
    here = full.moves[-1]
    extra = ROAD.map.neighbours[here][0]
    turns = tuple(LoggedTurn(t.round, t.line, t.moves + (extra,), t.actions)
                  if t is full else t for t in log.turns)
    problem = judge(COURSE, race, dataclasses.replace(log, turns=turns)).problem
    assert problem.startswith(f"round {full.round}, move 7: ")
    assert ROAD.map.space(extra).name in problem
