"""The On Tour maps' topology against plainly written oracles (SOURCES.md for the USA, the
design rules of docs/maps.md for Europe)."""

from __future__ import annotations

from collections import Counter, deque

import pytest

from sheetgen.maps import find_map
from sheetgen.model import LATITUDES, LONGITUDES, Map, Region

USA_AREAS = {
    "NW": "WA OR ID MT WY",
    "SW": "CA NV UT CO AZ NM",
    "NC": "ND SD NE MN IA WI IL IN MI",
    "SC": "KS OK TX MO AR LA",
    "NE": "NY PA OH WV NENG MIDC",
    "SE": "VA KY TN NC SC GA AL MS FL",
}

USA_EDGES = """
AL-FL AL-GA AL-MS AL-TN AR-LA AR-MO AR-MS AR-OK AR-TN AR-TX AZ-CA AZ-NM AZ-NV AZ-UT CA-NV
CA-OR CO-KS CO-NE CO-NM CO-OK CO-UT CO-WY FL-GA GA-SC GA-TN IA-IL IA-MN IA-MO IA-NE IA-SD
IA-WI ID-MT ID-NV ID-OR ID-UT ID-WA ID-WY IL-IN IL-KY IL-MO IL-WI IN-KY IN-MI IN-OH KS-MO
KS-NE KS-OK KY-MO KY-OH KY-TN KY-VA KY-WV LA-MS LA-TX MI-OH MI-WI MIDC-NY MIDC-PA MIDC-VA
MN-ND MN-SD MN-WI MO-NE MO-OK MO-TN MS-TN MT-ND MT-SD MT-WY NC-SC NC-TN NC-VA ND-SD NE-SD
NE-WY NENG-NY NM-OK NM-TX NV-OR NV-UT NY-PA OH-PA OH-WV OK-TX OR-WA PA-WV SD-WY TN-VA
UT-WY VA-WV
"""

USA_DECK = {
    "north": "MN OH MT OR IL NE NY ND WV MI",
    "south": "MO TN AL OK GA NV CO KY AZ TX",
    "west": "ID WY CA UT WA NM",
    "central": "LA SD WI AR KS IA IN",
    "east": "VA PA MIDC NC NENG MS SC FL",
}


def pairs(text: str) -> set[tuple[str, str]]:
    return {(a, b) if a < b else (b, a) for a, b in (p.split("-") for p in text.split())}


def distances(game_map: Map, start: str) -> dict[str, int]:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in game_map.neighbours[here]:
            if there not in dist:
                dist[there] = dist[here] + 1
                queue.append(there)
    return dist


def test_usa_spaces_and_areas_are_the_published_ones() -> None:
    usa = find_map("usa")
    assert len(usa.spaces) == 41
    got = {code: {s.id for s in usa.spaces if s.area.code == code} for code in USA_AREAS}
    assert got == {code: set(ids.split()) for code, ids in USA_AREAS.items()}


def test_usa_edges_are_the_90_of_sources() -> None:
    usa = find_map("usa")
    assert len(pairs(USA_EDGES)) == 90
    assert set(usa.edges) == pairs(USA_EDGES)
    assert usa.water_edges == ()


def test_usa_deck_is_the_published_one() -> None:
    usa = find_map("usa")
    assert len(usa.cards) == 41
    got = {r.value: sorted(c.space for c in usa.cards if c.region is r) for r in Region}
    assert got == {r: sorted(ids.split()) for r, ids in USA_DECK.items()}


def test_europe_has_39_spaces_each_in_one_latitude_and_one_longitude() -> None:
    europe = find_map("europe")
    assert len(europe.spaces) == 39
    for space in europe.spaces:
        assert len(space.regions) == 2, space.id
        assert space.regions[0] in LATITUDES and space.regions[1] in LONGITUDES, space.id


def test_europe_areas_hold_5_to_8_countries() -> None:
    counts = Counter(s.area.code for s in find_map("europe").spaces)
    assert set(counts) == {"NW", "NC", "NE", "SW", "SC", "SE"}
    assert all(5 <= n <= 8 for n in counts.values()), counts


def test_europe_deck_one_card_per_country_showing_one_of_its_regions() -> None:
    europe = find_map("europe")
    assert sorted(c.space for c in europe.cards) == sorted(europe.space_ids)
    for card in europe.cards:
        assert card.region in europe.space(card.space).regions, card
    per_region = Counter(c.region for c in europe.cards)
    assert set(per_region) == set(Region)
    assert all(6 <= n <= 10 for n in per_region.values()), per_region


def test_europe_links_connected_about_70_with_water_links_among_them() -> None:
    europe = find_map("europe")
    assert 65 <= len(europe.edges) <= 75
    assert europe.water_edges and set(europe.water_edges) <= set(europe.edges)
    assert ("FR", "GB") in europe.water_edges and ("GB", "IS") in europe.water_edges
    assert set(distances(europe, "FR")) == set(europe.space_ids)


def test_europe_longest_shortest_path_is_6_like_the_published_board() -> None:
    europe = find_map("europe")
    diameter = max(max(distances(europe, s).values()) for s in europe.space_ids)
    assert diameter == 6
    assert distances(europe, "IS")["MD"] == 6


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_edges_join_known_spaces_once(map_id: str) -> None:
    game_map = find_map(map_id)
    ids = set(game_map.space_ids)
    assert all(a in ids and b in ids and a < b for a, b in game_map.edges)
    assert len(set(game_map.edges)) == len(game_map.edges)
