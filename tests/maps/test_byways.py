"""The Highways & Byways board: what the rules and the issue promise of its data."""

from __future__ import annotations

from collections import deque

import pytest

from sheetgen.games.byways.roadmap import LETTERS, Colour, SpaceKind, find_roadmap, parse_roadmap
from sheetgen.maps import MapDataError, find_geometry, map_text

ROAD = find_roadmap()
STATES_48 = {"AL", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "ID", "IL", "IN", "IA",
             "KS", "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV",
             "NH", "NJ", "NM", "NY", "NC", "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD",
             "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY"}


def reachable(graph: dict[str, tuple[str, ...]], source: str) -> set[str]:
    seen = {source}
    todo = deque([source])
    while todo:
        for n in graph[todo.popleft()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def test_network_is_connected_and_every_byway_reachable_from_every_start() -> None:
    graph = dict(ROAD.map.neighbours)
    for start in ROAD.starts.values():
        seen = reachable(graph, start)
        assert seen == set(ROAD.map.space_ids)


def test_closing_any_one_letter_keeps_the_network_connected() -> None:
    for letter in LETTERS:
        closed = set(ROAD.lettered(letter))
        graph = {s: tuple(n for n in ns if n not in closed)
                 for s, ns in ROAD.map.neighbours.items() if s not in closed}
        assert reachable(graph, ROAD.starts["TX"]) == set(graph)


def test_about_72_byways_red_few_and_long_blue_many_and_short() -> None:
    reds, blues = ROAD.of_colour(Colour.RED), ROAD.of_colour(Colour.BLUE)
    assert 68 <= len(ROAD.byways) <= 76
    assert 10 <= len(reds) < len(blues) / 3
    mean = lambda bs: sum(b.length for b in bs) / len(bs)  # noqa: E731
    assert mean(reds) >= 1.5 * mean(blues)
    assert min(b.length for b in reds) >= 3
    assert ROAD.find_byway("The Loneliest Road") is not None
    assert "NV" in ROAD.find_byway("the loneliest road").states  # type: ignore[union-attr]
    assert ROAD.find_byway("Catskill Mountains Scenic Byway") is not None


def test_each_byway_is_a_simple_path_of_its_own_colour() -> None:
    edges = set(ROAD.map.edges)
    for b in ROAD.byways:
        assert len(set(b.spaces)) == len(b.spaces), b.id
        for a, c in zip(b.spaces, b.spaces[1:], strict=False):
            assert (min(a, c), max(a, c)) in edges, (b.id, a, c)
        for s in b.spaces:
            assert ROAD.kinds[s] in (SpaceKind(b.colour.value), SpaceKind.INTERSECTION)
        # a byway's ends are its only way on and off, apart from intersections
        inner = b.spaces[1:-1]
        for s in inner:
            if ROAD.kinds[s] is not SpaceKind.INTERSECTION:
                assert set(ROAD.map.neighbours[s]) <= set(b.spaces), (b.id, s)


def test_intersections_lie_on_one_red_and_one_blue_byway() -> None:
    crossings = [s for s, k in ROAD.kinds.items() if k is SpaceKind.INTERSECTION]
    assert len(crossings) >= 6
    for s in crossings:
        assert sorted(b.colour.value for b in ROAD.byway_of_space[s]) == ["blue", "red"]
        for b in ROAD.byway_of_space[s]:  # a crossing, not a meeting of ends
            assert s not in b.ends, (s, b.id)
    for s, kind in ROAD.kinds.items():
        if kind is SpaceKind.HIGHWAY:
            assert s not in ROAD.byway_of_space


def test_every_one_of_the_48_states_is_touched_by_a_byway() -> None:
    touched = {ROAD.states[s] for b in ROAD.byways for s in b.spaces}
    assert touched == STATES_48
    for b in ROAD.byways:
        assert b.states == tuple(dict.fromkeys(ROAD.states[s] for s in b.spaces))


def test_six_starts_in_the_states_the_rules_name() -> None:
    assert sorted(ROAD.starts) == ["CA", "GA", "IA", "PA", "TX", "WY"]
    for state, space in ROAD.starts.items():
        assert ROAD.states[space] == state
        assert ROAD.kinds[space] is SpaceKind.HIGHWAY
        assert space not in ROAD.letters


def test_construction_letters_spread_over_the_country() -> None:
    geo = find_geometry("byways")
    for letter in LETTERS:
        spaces = ROAD.lettered(letter)
        assert len(spaces) >= 5
        xs = [geo.shape(s).anchor[0] for s in spaces]
        ys = [geo.shape(s).anchor[1] for s in spaces]
        assert max(xs) - min(xs) > geo.width / 2, letter
        assert max(ys) - min(ys) > geo.height / 4, letter
        assert all(ROAD.kinds[s] is SpaceKind.HIGHWAY for s in spaces)


def test_highway_spaces_are_about_100_miles_apart() -> None:
    # 860 mm for ~2,800 miles: 100 miles is about 30 mm on the full-size board
    geo = find_geometry("byways")
    lengths = [((geo.shape(a).anchor[0] - geo.shape(b).anchor[0]) ** 2
                + (geo.shape(a).anchor[1] - geo.shape(b).anchor[1]) ** 2) ** 0.5
               for a, b in ROAD.map.edges
               if ROAD.kinds[a] is SpaceKind.HIGHWAY and ROAD.kinds[b] is SpaceKind.HIGHWAY]
    lengths.sort()
    assert 20 <= lengths[len(lengths) // 2] <= 40


def test_geometry_has_a_point_for_every_space_inside_the_board() -> None:
    geo = find_geometry("byways")
    assert {s.space for s in geo.shapes} == set(ROAD.map.space_ids)
    for s in geo.shapes:
        assert 0 <= s.anchor[0] <= geo.width and 0 <= s.anchor[1] <= geo.height


@pytest.mark.parametrize(("old", "new", "fragment"), [
    ('kind = "red", state = "NV"', 'kind = "blue", state = "NV"', "lies on byways"),
    ('spaces = ["fallon_nv", "austin_nv"', 'spaces = ["austin_nv", "fallon_nv"', "not linked"),
    ('spaces = ["fallon_nv"', 'spaces = ["nowhere"', "unknown space nowhere"),
])
def test_inconsistent_data_is_refused_with_its_reason(old: str, new: str,
                                                      fragment: str) -> None:
    text = map_text("byways")
    assert old in text
    with pytest.raises(MapDataError, match=fragment):
        parse_roadmap(text.replace(old, new, 1), source="bad.toml")
