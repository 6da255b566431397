"""Drive logs: reading them (names as the board prints them, the unnamed highway spaces
left out, errors with line and column, hostile input), holding them to a seeded race
(``judge``) and placing them among the built-in drivers (``standings``)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.csvio import BoardFormatError
from sheetgen.games.byways.decks import event_deck
from sheetgen.games.byways.drivelog import (
    DriveLog,
    LoggedTurn,
    compact,
    format_drive_log,
    judge,
    leg_chain,
    parse_drive_log,
    standings,
)
from sheetgen.games.byways.driver import par_race
from sheetgen.games.byways.race import find_course

COURSE = find_course()
ROAD = COURSE.road
HEAD = "# map: byways\nseed,7\nplayers,3\nseat,1\nvehicle,Five-O\nstart,TX\n" \
       "drop,Tioga Road\nround,spaces,actions\n"


def read(text: str) -> DriveLog:
    return parse_drive_log(text, "drive.csv", ROAD)


def test_the_drivers_log_reads_back_to_its_moves() -> None:
    race = par_race("byways", 7, 3)
    for seat in (1, 2, 3):
        log = read(format_drive_log(race, COURSE, seat, "Ann"))
        moves = {t.round: t.moves for r in race.rounds for t in r.turns
                 if t.seat == seat and (t.moves or t.actions)}
        assert {t.round: t.moves for t in log.turns} == moves
        result = race.seats[seat - 1]
        assert (log.vehicle, log.start, log.finish) == (result.vehicle.name, result.start,
                                                        result.home_round)
        assert set(log.drop) == set(result.dropped) and log.player == "Ann"


def test_names_as_the_board_prints_them_and_the_unnamed_spaces_left_out() -> None:
    # Abilene - Dallas is the one unnamed space between Dallas and Abilene
    assert leg_chain(ROAD, "dallas", "abilene") == ["abilene__dallas_1", "abilene"]
    assert compact(ROAD, "dallas", ["abilene__dallas_1", "abilene"]) == ["abilene"]
    assert compact(ROAD, "dallas", ["abilene__dallas_1"]) == ["abilene__dallas_1"]
    # "Austin" is Austin, TX (two spaces from Dallas) or Austin, NV: the move decides
    log = read(HEAD + '1,"Abilene > Abilene - Dallas > dallas > Austin",draw\n')
    assert log.turns == (LoggedTurn(1, 9, ("abilene__dallas_1", "abilene",
                                           "abilene__dallas_1", "dallas", "austin__dallas_1",
                                           "austin"), ("draw",)),)
    assert log.player == "Seat 1" and log.start == "dallas"


@pytest.mark.parametrize(("row", "where", "fragment"), [
    ("colour,red\n", "drive.csv:2:1", "expected one of seed, players"),
    ('1,"Dalas"\n', "drive.csv:9:2", "did you mean dallas (Dallas, TX)"),
    ("1,Austin,fly\n", "drive.csv:9:3", "expected planning actions"),
    ("2,Abilene\n1,Dallas\n", "drive.csv:10:1", "round 1 after round 2"),
    ("0,Abilene\n", "drive.csv:9:1", "expected a round number 1-100"),
    ("1,Abilene > > Dallas\n", "drive.csv:9:2", "an empty space name"),
    ("1,Abilene,draw,more\n", "drive.csv:9:4", "expected 3 cells"),
])
def test_errors_name_the_line_and_the_column(row: str, where: str, fragment: str) -> None:
    text = HEAD + row
    if row.startswith("colour"):  # a key the header rows do not know, on line 2
        text = "# map: byways\n" + row + HEAD.split("\n", 1)[1]
    with pytest.raises(BoardFormatError) as caught:
        read(text)
    assert any(str(p).startswith(where) and fragment in str(p)
               for p in caught.value.problems), caught.value.report


@pytest.mark.parametrize(("change", "fragment"), [
    (("vehicle,Five-O", "vehicle,Batmobile"), "expected a vehicle (Cowboy"),
    (("start,TX", "start,NV"), "expected a start space (CA, WY"),
    (("drop,Tioga Road", "drop,Route 99"), "no byway called 'Route 99'"),
    (("players,3", "players,5"), "the number of players, 2-4"),
    (("seat,1", "seat,4"), "expected a seat 1-3"),
    (("seed,7\n", ""), "no 'seed' row"),
    (("seat,1", "seat,1\nplayer,A\x07nn"), "control character"),
])
def test_the_header_rows_say_what_they_expect(change: tuple[str, str], fragment: str) -> None:
    with pytest.raises(BoardFormatError) as caught:
        read(HEAD.replace(*change) + "1,Abilene\n")
    assert fragment in caught.value.report


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list('seadplyrvhictounb,;>+" \n\r#:0123456789'
                                             'DallsAbenTXFv-O')), max_size=300))
def test_hostile_input_is_an_error_with_a_place_never_a_crash(text: str) -> None:
    try:
        log = read(HEAD + text)
    except BoardFormatError as exc:
        assert exc.problems and all(p.file == "drive.csv" for p in exc.problems)
    else:
        assert isinstance(log, DriveLog)


def driver_log(seed: int, players: int, seat: int) -> tuple[DriveLog, object]:
    race = par_race("byways", seed, players)
    return read(format_drive_log(race, COURSE, seat)), race


def test_a_drivers_log_is_legal_and_home_when_the_driver_was() -> None:
    log, race = driver_log(7, 3, 2)
    result = judge(COURSE, race, log)  # type: ignore[arg-type]
    assert result.problem == "" and result.home_round == race.seats[1].home_round  # type: ignore[attr-defined]
    assert sorted(result.driven) == sorted(result.kept) and len(result.kept) == 10


@pytest.mark.parametrize(("change", "fragment"), [
    ({"vehicle": "Rustbucket"}, "the Rustbucket is driven by seat 3's built-in driver"),
    ({"start": "dallas"}, "is seat 3's start in this race"),
    ({"drop": ("tioga-road",)}, "drop: seat 2 may drop one of its red byways"),
    ({"finish": 3}, "finish: the log says round 3; the drive is home in round"),
    ({"seed": 8}, "the log is of seed 8 with 3 players; the race is seed 7"),
])
def test_what_the_table_forbids(change: dict[str, object], fragment: str) -> None:
    log, race = driver_log(7, 3, 2)
    assert race.seats[2].vehicle.name == "Rustbucket"  # type: ignore[attr-defined]
    assert race.seats[2].start == "dallas"  # type: ignore[attr-defined]
    result = judge(COURSE, race, dataclasses.replace(log, **change))  # type: ignore[arg-type]
    assert fragment in result.problem


def test_the_events_on_the_seat_bind_the_log() -> None:
    """Find a round where the table plays a Flat Tire on a seat that is not immune: a log
    moving that round breaks the rules, naming the round and the space."""
    race = par_race("byways", 7, 3)
    flat = {i for i, e in enumerate(event_deck()) if e.title == "Flat Tire"}
    found = None
    for record in race.rounds:
        for t in record.turns:
            if t.card in flat and t.outcome.value == "applied" and t.round > 1:  # type: ignore[union-attr]
                found = t
                break
        if found:
            break
    assert found is not None
    log, _ = driver_log(7, 3, found.seat)
    before = race.position(found.seat, found.round - 1)
    step = ROAD.map.neighbours[before][0]
    turns = [t for t in log.turns if t.round != found.round]
    turns.append(LoggedTurn(found.round, 0, (step,), ()))
    turns.sort(key=lambda t: t.round)
    result = judge(COURSE, race, dataclasses.replace(log, turns=tuple(turns)))
    assert result.problem.startswith(f"round {found.round}, move 1: 1 moves, at most 0")
    assert ROAD.map.space(step).name in result.problem


def test_moves_after_getting_home_are_refused() -> None:
    log, race = driver_log(7, 3, 1)
    home = race.seats[0].home_round  # type: ignore[attr-defined]
    extra = LoggedTurn(home + 1, 0, (ROAD.map.neighbours[log.start][0],), ())
    result = judge(COURSE, race,  # type: ignore[arg-type]
                   dataclasses.replace(log, turns=log.turns + (extra,), finish=None))
    assert result.problem == f"round {home + 1}: the car was home in round {home}"


def test_a_solo_log_is_placed_among_the_drivers_of_the_other_seats() -> None:
    race = par_race("byways", 7, 3)
    log, _ = driver_log(7, 3, 1)
    result = standings(COURSE, [dataclasses.replace(log, player="Ann")],
                       lambda seed, players: par_race("byways", seed, players))
    (entry,) = result.entries
    assert entry.place == race.seats[0].place and entry.judgement.problem == ""
    assert sorted(r.seat for r in result.rivals) == [2, 3]
    assert sorted([entry.place] + [r.place for r in result.rivals]) == [1, 2, 3]
    # a log that breaks a rule is placed after every car home
    broken = dataclasses.replace(log, player="Ann", finish=1)
    result = standings(COURSE, [broken], lambda seed, players: par_race("byways", seed,
                                                                        players))
    assert result.entries[0].place == 3 and result.entries[0].judgement.problem


def test_two_logs_in_one_seat_are_refused() -> None:
    log, _ = driver_log(7, 3, 1)
    with pytest.raises(ValueError, match="seat 1 of seed 7 is driven by both"):
        standings(COURSE, [log, dataclasses.replace(log, player="Bo")],
                  lambda seed, players: par_race("byways", seed, players))
