"""One turn of the driving stage on the tiny hand-made board (byways_tiny.py): events and
their conflicts, immunities, the limits of a turn, moves and byways driven whole. Every
expected outcome is read off the drawing in byways_tiny.py."""

from __future__ import annotations

import pytest
from byways_tiny import tiny_course, vehicle

from sheetgen.games.byways.decks import Direction, Effect, event_deck
from sheetgen.games.byways.race import (
    Limits,
    Outcome,
    completed,
    limits,
    next_pass,
    resolve,
    turn_problem,
)
from sheetgen.games.byways.rules import Setup

COURSE = tiny_course()
ROAD = COURSE.road


def event(title: str):  # noqa: ANN201 - a test helper
    return next(e for e in event_deck() if e.title == title)


@pytest.mark.parametrize(("title", "at", "letter", "expected"), [
    # from c only s (0,10) lies farther south, and s carries letter A
    ("Traffic: Southbound", "c", "B", Outcome.APPLIED),
    ("Traffic: Southbound", "c", "A", Outcome.CONFLICT),
    # from c, w lies farther west and is closed by B; nothing else is west of c
    ("Traffic: Westbound", "c", "B", Outcome.CONFLICT),
    ("Traffic: Eastbound", "c", "B", Outcome.APPLIED),
    # s2 (0,20) is the southernmost space: its links s and r1 lie north of it
    ("Traffic: Southbound", "s2", "B", Outcome.CANNOT),
    # b3 (5,-12) is the northernmost: b2 (-8) and n (-10) lie south of it
    ("Traffic: Northbound", "b3", "B", Outcome.CANNOT),
    ("Traffic: Northbound", "n", "B", Outcome.APPLIED),  # b3 lies north of n
])
def test_traffic_goes_by_the_board_and_yields_to_construction(title: str, at: str,
                                                              letter: str,
                                                              expected: Outcome) -> None:
    assert resolve(COURSE, event(title), vehicle("Soccermobile"), at, letter,
                   planning_day=False, hand_after=4) is expected


def test_traffic_on_a_planning_day_cannot_be_done() -> None:
    assert resolve(COURSE, event("Traffic: Eastbound"), vehicle("Rustbucket"), "s", "A",
                   planning_day=True, hand_after=4) is Outcome.CANNOT


@pytest.mark.parametrize(("title", "name"), [
    ("Traffic: Eastbound", "Cowboy"), ("Snow on the Pass", "Cowboy"),
    ("Thunderstorm", "Cowboy"), ("Accident Ahead", "Ancient One"),
    ("Flat Tire", "Ancient One"), ("Speed Trap", "Five-O"), ("Checkpoint", "Five-O"),
    ("Checkpoint", "Stationary Wagon"),
])
def test_each_vehicle_shrugs_off_its_events(title: str, name: str) -> None:
    assert resolve(COURSE, event(title), vehicle(name), "c", "B", planning_day=False,
                   hand_after=4) is Outcome.IMMUNE
    assert resolve(COURSE, event(title), vehicle("Rustbucket"), "c", "B",
                   planning_day=False, hand_after=4) is Outcome.APPLIED


def test_the_stationary_wagon_is_immune_to_the_checkpoint_and_nothing_else() -> None:
    wagon = vehicle("Stationary Wagon")
    touched = {e.title for e in event_deck()
               if resolve(COURSE, e, wagon, "c", "D", planning_day=False, hand_after=4)
               is Outcome.IMMUNE}
    assert touched == {"Checkpoint"}


def test_a_checkpoint_with_no_card_left_cannot_be_done() -> None:
    assert resolve(COURSE, event("Checkpoint"), vehicle("Rustbucket"), "c", "B",
                   planning_day=False, hand_after=0) is Outcome.CANNOT


@pytest.mark.parametrize(("title", "name", "reshuffled", "allowance", "cap"), [
    (None, "Soccermobile", False, 6, 6),
    (None, "Rustbucket", False, 6, 6),
    (None, "Rustbucket", True, 9, 9),       # three more in a reshuffled round
    (None, "Soccermobile", True, 6, 6),     # only the Rustbucket
    ("Open Road", "Soccermobile", False, 8, 8),
    ("Open Road", "Rustbucket", True, 11, 11),
    ("Accident Ahead", "Soccermobile", False, 6, 3),
    ("Thunderstorm", "Soccermobile", False, 6, 4),
    ("Speed Trap", "Soccermobile", False, 6, 2),
    ("Flat Tire", "Soccermobile", False, 6, 0),
    ("Accident Ahead", "Rustbucket", True, 9, 3),
])
def test_the_limits_of_a_turn(title: str | None, name: str, reshuffled: bool,
                              allowance: int, cap: int) -> None:
    effect = event(title).effect if title else Effect()
    lim = limits(COURSE, "c", "D", vehicle(name), effect, reshuffled)
    assert (lim.allowance, lim.cap, lim.planning_day) == (allowance, cap, False)


def test_standing_on_the_face_up_letter_is_a_planning_day() -> None:
    lim = limits(COURSE, "s", "A", vehicle("Rustbucket"), Effect(), True)
    assert lim.planning_day and lim.cap == 0 and lim.allowance == 0
    assert not limits(COURSE, "s", "B", vehicle("Rustbucket"), Effect(), True).planning_day
    problem = turn_problem(COURSE, lim, "s", ["c"], [])
    assert problem is not None and "planning day" in problem[1]
    assert turn_problem(COURSE, lim, "s", [], ["draw"]) is not None
    assert turn_problem(COURSE, lim, "s", [], []) is None


PLAIN = Limits("A", False, 6, 6)


@pytest.mark.parametrize(("path", "actions", "fault"), [
    (["e", "b1", "b2", "b3", "n", "c"], [], None),     # six moves round the loop
    (["e", "c", "e", "c"], ["draw"], None),             # backtracking; 4 + 2 spaces
    (["e", "c", "e"], ["choice"], None),
    ([], ["draw", "draw", "choice"], None),             # no moves, three actions
    (["n", "b3"], ["choice", "choice"], "at most one Choice"),
    (["e", "c", "e", "c", "e"], ["draw"], "use 7 spaces"),
    (["e", "b1", "b2", "b3", "n", "c", "e"], [], "7 moves, at most 6"),
    (["s"], [], "closed: construction A"),
    (["e", "b2"], [], "not linked"),
    (["e"], ["fly"], "unknown planning action"),
])
def test_moves_and_planning_actions(path: list[str], actions: list[str],
                                    fault: str | None) -> None:
    problem = turn_problem(COURSE, PLAIN, "c", path, actions)
    if fault is None:
        assert problem is None
    else:
        assert problem is not None and fault in problem[1]


def test_snow_keeps_cars_off_byway_spaces_and_traffic_sets_the_first_move() -> None:
    snow = Limits("D", False, 6, 6, no_byways=True)
    assert turn_problem(COURSE, snow, "c", ["e", "c", "n"], []) is None
    problem = turn_problem(COURSE, snow, "c", ["e", "b1"], [])
    assert problem is not None and problem[0] == 1 and "byway space" in problem[1]
    north = Limits("D", False, 6, 6, toward=Direction.NORTH)
    assert turn_problem(COURSE, north, "c", ["n", "c", "e"], []) is None  # then any way
    problem = turn_problem(COURSE, north, "c", ["e"], [])
    assert problem is not None and problem[0] == 0 and "must go north" in problem[1]
    assert turn_problem(COURSE, north, "c", [], []) is None  # staying is allowed


@pytest.mark.parametrize(("trail", "done"), [
    (["e", "b1", "b2", "b3"], ("blue-loop",)),
    (["n", "b3", "b2", "b1"], ("blue-loop",)),         # either way
    (["e", "b1", "b2", "b1", "b2", "b3"], ("blue-loop",)),  # the last three in one go
    (["e", "b1", "b2", "b3", "n"], ()),               # completed one move earlier
    (["n", "b3", "b2", "b1", "e", "b1"], ()),
    (["e", "b1", "b2"], ()),                           # left halfway
    (["s2", "r1", "r2"], ("red-run",)),
])
def test_a_byway_counts_when_its_spaces_end_the_trail_in_order(trail: list[str],
                                                               done: tuple[str, ...]) -> None:
    assert completed(ROAD, trail) == done


def test_reshuffles_and_passes_come_every_five_rounds() -> None:
    assert [r for r in range(1, 17) if Setup.reshuffled(r)] == [6, 11, 16]
    assert [next_pass(r) for r in (1, 4, 5, 6, 10, 11)] == [6, 6, 6, 11, 11, 16]
