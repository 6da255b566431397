"""Dice nets read back from the drawing and checked against solids built here from scratch."""

from __future__ import annotations

import itertools
import math
import re
import xml.etree.ElementTree as ET

import pytest

from sheetgen.products.dice import dice_pages, dice_settings
from sheetgen.templates import paper

SVG = "{http://www.w3.org/2000/svg}"


def _faces(svg: str) -> list[tuple[str, str, int, list[tuple[float, float]]]]:
    """(die id, face name, value, points) of every drawn face."""
    root = ET.fromstring(svg)
    out = []
    for die in root.iter(f"{SVG}g"):
        if die.get("class") != "die":
            continue
        for poly in die.iter(f"{SVG}polygon"):
            if poly.get("class") == "face":
                pts = [tuple(map(float, p.split(","))) for p in poly.get("points", "").split()]
                out.append((die.get("id", ""), poly.get("data-face", ""),
                            int(poly.get("data-value", "-1")), pts))
    return out


def _sides_and_angles(pts: list[tuple[float, float]]) -> tuple[list[float], list[float]]:
    n = len(pts)
    sides = [math.dist(pts[i], pts[(i + 1) % n]) for i in range(n)]
    angles = []
    for i in range(n):
        a, b, c = pts[i - 1], pts[i], pts[(i + 1) % n]
        v1 = (a[0] - b[0], a[1] - b[1])
        v2 = (c[0] - b[0], c[1] - b[1])
        cos = (v1[0] * v2[0] + v1[1] * v2[1]) / (math.hypot(*v1) * math.hypot(*v2))
        angles.append(math.degrees(math.acos(max(-1.0, min(1.0, cos)))))
    return sides, angles


# --- an independent pentagonal trapezohedron -----------------------------------------------

C = math.cos(math.pi / 5)
Z = (1 - C) / (2 * math.sqrt(C))      # ring height: all 12 vertices on one sphere
H = Z * (1 + C) / (1 - C)             # apex height: kites planar


def _ring(k: int, upper: bool) -> tuple[float, float, float]:
    a = 2 * math.pi * k / 5 + (0 if upper else math.pi / 5)
    return (math.cos(a), math.sin(a), Z if upper else -Z)


TOP, BOTTOM = (0.0, 0.0, H), (0.0, 0.0, -H)
SOLID = {**{f"u{k}": (TOP, _ring(k, True), _ring(k, False), _ring(k + 1, True))
            for k in range(5)},
         **{f"l{k}": (BOTTOM, _ring(k, False), _ring(k, True), _ring(k - 1, False))
            for k in range(5)}}


def _v(a, b):
    return tuple(x - y for x, y in zip(a, b, strict=True))


def _angle3(at, p, q) -> float:
    u, w = _v(p, at), _v(q, at)
    dot = sum(x * y for x, y in zip(u, w, strict=True))
    return math.degrees(math.acos(dot / (math.dist(p, at) * math.dist(q, at))))


def _normal(face) -> tuple[float, float, float]:
    a, b, c = face[0], face[1], face[2]
    u, w = _v(b, a), _v(c, a)
    n = (u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0])
    length = math.sqrt(sum(x * x for x in n))
    return tuple(x / length for x in n)


def test_independent_solid_is_a_trapezohedron_on_a_sphere() -> None:
    for face in SOLID.values():  # planar kites
        n = _normal(face)
        d = [sum(x * y for x, y in zip(n, p, strict=True)) for p in face]
        assert max(d) - min(d) < 1e-9
    radii = {round(math.dist(p, (0, 0, 0)), 9) for f in SOLID.values() for p in f}
    assert len(radii) == 1


@pytest.fixture(scope="module")
def d10_faces() -> list[tuple[str, str, int, list[tuple[float, float]]]]:
    return _faces(dice_pages("d10", paper("a4"))[0])


def test_d10_page_has_two_dice_of_ten_kites(d10_faces) -> None:
    dice = sorted({d for d, *_ in d10_faces})
    assert len(dice) == 2
    for die in dice:
        names = sorted(n for d, n, _, _ in d10_faces if d == die)
        assert names == sorted(SOLID)
        assert sorted(v for d, _, v, _ in d10_faces if d == die) == list(range(10))


def test_d10_kites_congruent_and_true_to_the_solid(d10_faces) -> None:
    t, uk, lk, uk1 = SOLID["u0"]
    long3, short3 = math.dist(t, uk), math.dist(uk, lk)
    apex, side, far = _angle3(t, uk, uk1), _angle3(uk, t, lk), _angle3(lk, uk, uk1)
    long_mm = dice_settings().d10_long_edge
    expected_sides = [long_mm, long_mm * short3 / long3, long_mm * short3 / long3, long_mm]
    expected_angles = [apex, side, far, side]
    assert apex == pytest.approx(51.827, abs=0.01)
    assert far == pytest.approx(128.173, abs=0.01)
    first_sides, first_angles = _sides_and_angles(d10_faces[0][3])
    for _, name, _, pts in d10_faces:
        sides, angles = _sides_and_angles(pts)
        # drawn points run apex, side, far, side: the solid's own vertex order
        for got, want, ref in zip(sides, expected_sides, first_sides, strict=True):
            assert got == pytest.approx(want, abs=0.1), name
            assert got == pytest.approx(ref, abs=0.1), name
        for got, want, ref in zip(angles, expected_angles, first_angles, strict=True):
            assert got == pytest.approx(want, abs=0.1), name
            assert got == pytest.approx(ref, abs=0.1), name


def test_d10_opposite_faces_sum_to_nine(d10_faces) -> None:
    values = {n: v for d, n, v, _ in d10_faces if d == "die-1"}
    pairs = 0
    for a, b in itertools.combinations(SOLID, 2):
        na, nb = _normal(SOLID[a]), _normal(SOLID[b])
        if sum(x * y for x, y in zip(na, nb, strict=True)) < -0.9999:
            assert values[a] + values[b] == 9, (a, b)
            pairs += 1
    assert pairs == 5
    # the even numbers meet at one apex, the odd at the other, as on commercial dice
    assert {values[f"u{k}"] % 2 for k in range(5)} == {0}


def _key(p: tuple[float, float, float]) -> tuple[float, ...]:
    return tuple(round(x, 9) + 0.0 for x in p)


def test_d10_net_joins_only_faces_that_share_an_edge(d10_faces) -> None:
    """Two kites touching along a whole edge in the net must share that edge on the solid
    (so the net folds); and the net is connected (nine such joins for ten faces)."""
    faces = {n: p for d, n, _, p in d10_faces if d == "die-1"}
    joins = 0
    for a, b in itertools.combinations(faces, 2):
        pa, pb = faces[a], faces[b]
        for i, j in itertools.product(range(4), range(4)):
            e1 = (pa[i], pa[(i + 1) % 4])
            e2 = (pb[j], pb[(j + 1) % 4])
            if math.dist(e1[0], e2[1]) < 0.05 and math.dist(e1[1], e2[0]) < 0.05:
                joins += 1
                s1 = {_key(SOLID[a][i]), _key(SOLID[a][(i + 1) % 4])}
                s2 = {_key(SOLID[b][j]), _key(SOLID[b][(j + 1) % 4])}
                assert s1 == s2, (a, b)
    assert joins == 9


def test_d6_faces_are_squares_and_opposites_sum_to_seven() -> None:
    edge = dice_settings().d6_edge
    opposite = {"+x": "-x", "+y": "-y", "+z": "-z"}
    for kind in ("d6", "dicetrip"):
        faces = _faces(dice_pages(kind, paper("letter"))[0])
        dice = sorted({d for d, *_ in faces})
        assert len(dice) == 4
        for die in dice:
            values = {n: v for d, n, v, _ in faces if d == die}
            assert sorted(values.values()) == [1, 2, 3, 4, 5, 6]
            for a, b in opposite.items():
                assert values[a] + values[b] == 7
        for _, _, _, pts in faces:
            sides, angles = _sides_and_angles(pts)
            assert all(s == pytest.approx(edge, abs=0.1) for s in sides)
            assert all(a == pytest.approx(90, abs=0.1) for a in angles)


def test_dicetrip_dice_differ_in_colour_letter_and_pattern() -> None:
    svg = dice_pages("dicetrip", paper("a4"))[0]
    root = ET.fromstring(svg)
    letters = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "die-letter"]
    assert sorted(set(letters)) == ["B", "G", "R", "Y"]
    assert all(letters.count(x) == 6 for x in "BGRY")  # a letter on every face
    patterns = {el.get("id") for el in root.iter(f"{SVG}pattern")}
    assert len(patterns) == 4


def test_every_dice_page_has_a_50mm_ruler() -> None:
    for kind in ("d10", "d6", "dicetrip"):
        for p in ("a4", "letter"):
            root = ET.fromstring(dice_pages(kind, paper(p))[0])
            bars = [el for el in root.iter(f"{SVG}line") if el.get("class") == "ruler-bar"]
            assert len(bars) == 1
            x1, y1, x2, y2 = (float(bars[0].get(k)) for k in ("x1", "y1", "x2", "y2"))
            assert math.hypot(x2 - x1, y2 - y1) == pytest.approx(50.0, abs=0.01)
            texts = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
            assert "This bar measures 50 mm." in texts
            w = float(re.sub("mm$", "", root.get("width", "")))
            assert w == paper(p).width
