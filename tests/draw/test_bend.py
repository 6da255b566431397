"""A route step's curve held to a plain oracle: sampled densely, it keeps the margin from
every circle it does not join (outside its two end circles), or the function says it
cannot and gives the straight line; it never loops and never bows beyond its limit."""

from __future__ import annotations

from math import atan2, degrees, hypot

from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.draw.bend import MAX_BOW, MAX_TURN, Bend, Circle, bend_around, step_curve

DENSE = 1000


def cubic(controls: tuple[tuple[float, float], ...], t: float) -> tuple[float, float]:
    (ax, ay), (bx, by), (cx, cy), (dx, dy) = controls
    s = 1 - t
    return (s ** 3 * ax + 3 * s * s * t * bx + 3 * s * t * t * cx + t ** 3 * dx,
            s ** 3 * ay + 3 * s * s * t * by + 3 * s * t * t * cy + t ** 3 * dy)


def least_room(controls: tuple[tuple[float, float], ...], start: Circle, end: Circle,
               avoid: list[Circle]) -> float:
    """The oracle: the smallest distance from a rim of ``avoid`` to any of DENSE points
    of the curve that lie outside both end circles."""
    room = float("inf")
    for k in range(DENSE + 1):
        x, y = cubic(controls, k / DENSE)
        if any(hypot(x - c[0], y - c[1]) < r for c, r in (start, end)):
            continue
        for (cx, cy), r in avoid:
            room = min(room, hypot(x - cx, y - cy) - r)
    return room


def chord_frame(bend: Bend) -> list[tuple[float, float]]:
    """The curve's points in the frame of its chord: (along, across)."""
    (ax, ay), (bx, by) = bend.controls[0], bend.controls[3]
    length = hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    out = []
    for k in range(DENSE + 1):
        x, y = cubic(bend.controls, k / DENSE)
        out.append(((x - ax) * ux + (y - ay) * uy, -(x - ax) * uy + (y - ay) * ux))
    return out


coordinate = st.floats(0, 120, allow_nan=False).map(lambda v: round(v, 2))
point = st.tuples(coordinate, coordinate)


@settings(max_examples=120, deadline=None)
@given(a=point, b=point, radius=st.floats(3.0, 6.0),
       anywhere=st.lists(st.tuples(point, st.floats(3.0, 7.0)), max_size=5),
       astride=st.lists(st.tuples(st.floats(0, 1), st.floats(-12, 12), st.floats(3.0, 7.0)),
                        max_size=4),
       margin=st.floats(0.3, 2.5))
def test_a_step_clears_every_other_circle_or_says_it_cannot(
        a: tuple[float, float], b: tuple[float, float], radius: float,
        anywhere: list[Circle], astride: list[tuple[float, float, float]],
        margin: float) -> None:
    """Circles anywhere, and circles astride the step (at a share of the way along it
    and an offset across it), of any size; any margin."""
    length = hypot(b[0] - a[0], b[1] - a[1])
    if length < 2 * radius + 0.5:
        return  # circles that overlap or touch: no step to draw between them
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    others = anywhere + [((a[0] + ux * s * length - uy * d, a[1] + uy * s * length + ux * d), r)
                         for s, d, r in astride]
    start, end = (a, radius), (b, radius)
    # circles apart, as on a map: none overlaps an end circle
    others = [(c, r) for c, r in others
              if all(hypot(c[0] - e[0], c[1] - e[1]) >= r + radius for e in (a, b))]
    bend = bend_around(start, end, others, margin)
    assert bend.controls[0] == a and bend.controls[3] == b
    assert bend == bend_around(start, end, others, margin)  # no RNG, no order by hash
    straight_room = least_room(cubic_line(a, b), start, end, others)
    if bend.clears:
        assert least_room(bend.controls, start, end, others) >= margin - 1e-6
        if straight_room >= margin + 0.1:  # a clear straight line is never bent
            assert bend.straight
    else:
        # the straight line, said so; and indeed the straight line did not clear
        assert bend.straight and bend.controls == cubic_line(a, b)
        assert straight_room < margin + 0.1
    frame = chord_frame(bend)
    length = hypot(b[0] - a[0], b[1] - a[1])
    # no loop, no turning back: it runs steadily along its chord, and bows no further
    # than its limit
    assert all(q[0] > p[0] for p, q in zip(frame, frame[1:], strict=False))
    assert max(abs(y) for _, y in frame) <= MAX_BOW * length + 1e-6
    assert abs(max(abs(y) for _, y in frame) - bend.bow) < 0.01 * length
    # nor swerves: it leaves and meets its circles at most MAX_TURN off its chord
    assert max(end_turns(bend)) <= MAX_TURN + 1e-6


def end_turns(bend: Bend) -> tuple[float, float]:
    """The angles (degrees) between the chord and the curve where it leaves its start
    and where it meets its end, measured on the sampled curve."""
    frame = chord_frame(bend)
    (x0, y0), (x1, y1) = frame[0], frame[1]
    (x2, y2), (x3, y3) = frame[-2], frame[-1]
    return (degrees(atan2(abs(y1 - y0), x1 - x0)), degrees(atan2(abs(y3 - y2), x3 - x2)))


def cubic_line(a: tuple[float, float], b: tuple[float, float]) -> tuple[tuple[float, float], ...]:
    third = ((b[0] - a[0]) / 3, (b[1] - a[1]) / 3)
    return (a, (a[0] + third[0], a[1] + third[1]), (a[0] + 2 * third[0], a[1] + 2 * third[1]), b)


def test_a_circle_on_the_chord_is_passed_round_with_the_least_bow() -> None:
    """A circle astride the middle of a 40 mm step, its centre 1 mm to the left: the
    curve goes round it the short way (right), just clear: the bow is what the circle
    reaches across the chord plus the margin, to within the grid's step (0.4 mm)."""
    start, end = ((0.0, 0.0), 6.2), ((40.0, 0.0), 6.2)
    avoid = [((20.0, 1.0), 5.35)]
    bend = bend_around(start, end, avoid, 2.1)
    assert bend.clears and not bend.straight
    room = least_room(bend.controls, start, end, avoid)
    assert 2.1 <= room < 2.1 + 0.5
    ys = [y for _, y in chord_frame(bend)]
    assert max(ys) <= 1e-9  # one bow, to the right
    assert 5.35 - 1.0 + 2.1 <= bend.bow < 5.35 - 1.0 + 2.1 + 0.5


def test_circles_on_both_sides_get_an_s_and_a_wall_gets_the_straight_line() -> None:
    start, end = ((0.0, 0.0), 5.0), ((60.0, 0.0), 5.0)
    staggered = [((20.0, 3.0), 5.0), ((40.0, -3.0), 5.0)]
    bend = bend_around(start, end, staggered, 0.8)
    ys = [y for _, y in chord_frame(bend)]
    assert bend.clears and min(ys) < -1.0 and max(ys) > 1.0
    assert least_room(bend.controls, start, end, staggered) >= 0.8
    wall = [((30.0, y), 5.0) for y in range(-40, 41, 8)]
    blocked = bend_around(start, end, wall, 0.8)
    assert not blocked.clears and blocked.straight


def test_a_narrow_gap_is_threaded_by_the_line_not_swerved_round() -> None:
    """Europe's LV-RU step (88.6 mm) passes between EE and LT, whose rims leave 3.3 mm:
    too narrow for the band's edges (2.6 mm wide, 0.8 mm each side), so the least bend
    clearing them from the edges was an S lifted 0.66 of the chord, which swept 17 mm
    out over Belarus and crossed the BY-LV step. The line through the gap, cleared from
    its middle, reads as the step."""
    start, end = ((0.0, 0.0), 6.2), ((88.6, 0.0), 6.2)
    gap = [((16.58, -7.95), 5.35), ((17.87, 6.0), 5.35), ((28.94, 15.89), 5.35)]
    bend = step_curve(start, end, gap, 2.6, 0.8)
    assert bend.clears and bend.bow < 1.0
    assert least_room(bend.controls, start, end, gap) >= 0.8
    assert max(end_turns(bend)) <= MAX_TURN
