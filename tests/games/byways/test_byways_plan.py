"""The Highways & Byways planner against a plainly written brute force."""

from __future__ import annotations

import math
import random
from collections import deque
from itertools import combinations, permutations, product

import pytest

from sheetgen.games.byways.planner import Plan, PlanError, plan
from sheetgen.games.byways.roadmap import LETTERS, Byway, Colour, find_roadmap
from sheetgen.games.byways.rules import deal_hand

ROAD = find_roadmap()
REDS = ROAD.of_colour(Colour.RED)
BLUES = ROAD.of_colour(Colour.BLUE)


LINKS: dict[str, list[str]] = {}
for _a, _b in ROAD.map.edges:
    LINKS.setdefault(_a, []).append(_b)
    LINKS.setdefault(_b, []).append(_a)


def distances(source: str, closed: set[str]) -> dict[str, int]:
    dist = {source: 0}
    todo = deque([source])
    while todo:
        here = todo.popleft()
        for there in LINKS[here]:
            if there not in dist and there not in closed:
                dist[there] = dist[here] + 1
                todo.append(there)
    return dist


def brute_force(start: str, hand: list[Byway], avoid: str | None,
                finish: str | None = None, drop: bool = True) -> float:
    """Every allowed drop, every order, every direction."""
    finish = start if finish is None else finish
    closed = set(ROAD.lettered(avoid)) if avoid else set()
    memo: dict[str, dict[str, int]] = {}

    def d(a: str, b: str) -> float:
        if a not in memo:
            memo[a] = distances(a, closed)
        return memo[a].get(b, math.inf)

    reds = [b for b in hand if b.colour is Colour.RED]
    blues = [b for b in hand if b.colour is Colour.BLUE]
    drops = [[r] for r in reds] + [list(p) for p in combinations(blues, 2)]
    best = math.inf
    for dropped in (drops or [[]]) if drop else [[]]:
        kept = [b for b in hand if b not in dropped]
        for order in permutations(kept):
            for flips in product((False, True), repeat=len(order)):
                at, total = start, 0.0
                for byway, flip in zip(order, flips, strict=True):
                    first, last = byway.ends[::-1] if flip else byway.ends
                    total += d(at, first) + byway.length - 1
                    at = last
                best = min(best, total + d(at, finish))
    return best


def check_drive(result: Plan, hand: list[Byway], finish: str | None = None) -> None:
    """The drive is a walk on open spaces that drives each kept byway end to end."""
    steps = [s.space for s in result.drive]
    assert steps[0] == result.start
    assert steps[-1] == (result.start if finish is None else finish)
    edges = set(ROAD.map.edges)
    for a, b in zip(steps, steps[1:], strict=False):
        assert (min(a, b), max(a, b)) in edges
    if result.avoid:
        assert not set(steps) & set(ROAD.lettered(result.avoid))
    kept = [b for b in hand if b.id not in result.dropped]
    assert sorted(result.order()) == sorted(b.id for b in kept)
    for byway in kept:
        run = [s.space for s in result.drive if s.byway == byway.id]
        assert run in (list(byway.spaces), list(byway.spaces[::-1]))
        at = [i for i, s in enumerate(result.drive) if s.byway == byway.id]
        assert at == list(range(at[0], at[0] + byway.length))  # in one go
    assert result.turns == math.ceil(result.spaces / 6)


def small_hand(rng: random.Random) -> list[Byway]:
    reds = rng.randint(0, 2)
    return rng.sample(REDS, reds) + rng.sample(BLUES, rng.randint(1 if reds else 2, 4 - reds))


@pytest.mark.parametrize("seed", range(24))
def test_agrees_with_brute_force_on_small_hands(seed: int) -> None:
    rng = random.Random(seed)
    hand = small_hand(rng)
    rng.shuffle(hand)
    start = rng.choice(sorted(ROAD.starts.values()))
    avoid = rng.choice([None, *LETTERS])
    result = plan(ROAD, start, hand, avoid)
    assert result.spaces == brute_force(start, hand, avoid)
    check_drive(result, hand)


@pytest.mark.parametrize("seed", range(16))
def test_a_replan_from_anywhere_home_agrees_with_brute_force(seed: int) -> None:
    """A car on its way re-plans from where it stands (a byway's end, often) to its
    start, keeping every byway left."""
    rng = random.Random(1000 + seed)
    hand = small_hand(rng)
    byway_ends = sorted({end for b in hand for end in b.ends})
    start = rng.choice(byway_ends + sorted(ROAD.map.space_ids)[:5])
    finish = rng.choice(sorted(ROAD.starts.values()))
    result = plan(ROAD, start, hand, finish=finish, drop=False)
    assert result.dropped == ()
    assert result.spaces == brute_force(start, hand, None, finish, drop=False)
    check_drive(result, hand, finish)
    legs = result.legs()
    assert [b for b, _ in legs] == list(result.order())
    for byway_id, entry in legs:
        assert entry in ROAD.byway(byway_id).ends


def test_standing_on_a_byway_end_the_drive_starts_on_it() -> None:
    byway = ROAD.find_byway("Tioga Road")
    assert byway is not None
    home = ROAD.starts["CA"]
    result = plan(ROAD, byway.spaces[0], [byway], finish=home, drop=False)
    assert result.drive[0].byway == byway.id  # the space stood on counts, once
    assert [s.space for s in result.drive[:byway.length]] == list(byway.spaces)
    assert result.spaces == byway.length - 1 + brute_force(byway.spaces[-1], [], None, home)


def test_a_far_red_byway_is_the_one_dropped() -> None:
    red = ROAD.find_byway("Lake Superior Circle Tour")
    blues = [ROAD.find_byway(n) for n in ("Texas Hill Country Trail", "Creole Nature Trail",
                                          "Wichita Mountains Scenic Byway")]
    hand = [red, *blues]
    assert all(b is not None for b in hand)
    result = plan(ROAD, ROAD.starts["TX"], hand)  # type: ignore[arg-type]
    assert result.dropped == (red.id,)  # type: ignore[union-attr]
    assert result.spaces == brute_force(ROAD.starts["TX"], hand, None)  # type: ignore[arg-type]


def test_avoiding_a_letter_on_the_best_drive_changes_the_plan() -> None:
    changed = 0
    for seed in range(6):
        hand = list(deal_hand(ROAD, seed))[:1] + list(deal_hand(ROAD, seed))[2:6]
        free = plan(ROAD, ROAD.starts["IA"], hand)
        used = sorted({ROAD.letters[s.space] for s in free.drive if s.space in ROAD.letters})
        for letter in used:
            blocked = plan(ROAD, ROAD.starts["IA"], hand, avoid=letter)
            check_drive(blocked, hand)
            assert blocked.spaces >= free.spaces
            assert blocked.drive != free.drive
            changed += blocked.spaces > free.spaces
    assert changed > 0


def test_full_hand_of_twelve_drops_one_red_or_two_blue() -> None:
    for seed in range(3):
        hand = list(deal_hand(ROAD, seed))
        assert [b.colour for b in hand].count(Colour.RED) == 2
        result = plan(ROAD, ROAD.starts["PA"], hand)
        dropped = [ROAD.byway(b) for b in result.dropped]
        assert [b.colour for b in dropped] in ([Colour.RED], [Colour.BLUE, Colour.BLUE])
        check_drive(result, hand)


def test_same_inputs_same_plan() -> None:
    hand = list(deal_hand(ROAD, 11))
    assert plan(ROAD, "dallas", hand) == plan(ROAD, "dallas", hand)


def test_errors_name_the_problem() -> None:
    hand = list(deal_hand(ROAD, 1))
    with pytest.raises(PlanError, match="unknown start"):
        plan(ROAD, "atlantis", hand)
    with pytest.raises(PlanError, match="empty"):
        plan(ROAD, "dallas", [])
    with pytest.raises(PlanError, match="twice"):
        plan(ROAD, "dallas", [hand[0], hand[0]])
