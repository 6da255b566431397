"""Reading a sheet's cells together under the seed's counts: the assignment against a
plainly written oracle (every combination tried), and the joint reading fed hostile
readings."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("cv2")

from sheetgen.model import Cell, CellKind  # noqa: E402
from sheetgen.read.assign import assign, confidences  # noqa: E402
from sheetgen.read.cells import (  # noqa: E402
    ONTOUR_ROLLED_FLOOR,
    PUSH_FLOOR,
    ROLLED_FLOOR,
    THRESHOLD,
    Decoded,
    Grammar,
    Reading,
    _Cut,
    best_cut,
    capacity,
    decode,
    read_jointly,
    unsure,
)
from sheetgen.read.glyphs import CLASSES  # noqa: E402

LABELS = "abcd"


def oracle(costs: list[dict[str, float]], capacity: dict[str, int]
           ) -> tuple[float, list[dict[str, float]]]:
    """Every combination of one candidate per cell tried: the least total cost of those
    that respect the capacities, and per cell and candidate the least total with the
    cell on that candidate (inf: none)."""
    best = math.inf
    forced: list[dict[str, float]] = [{label: math.inf for label in c} for c in costs]
    for combo in itertools.product(*(sorted(c) for c in costs)):
        if any(combo.count(label) > capacity[label] for label in capacity):
            continue
        total = sum(c[label] for c, label in zip(costs, combo, strict=True))
        best = min(best, total)
        for i, label in enumerate(combo):
            forced[i][label] = min(forced[i][label], total)
    return best, forced


cost_maps = st.dictionaries(st.sampled_from(LABELS),
                            st.floats(0.0, 30.0, allow_nan=False), min_size=1)


@settings(max_examples=150, deadline=None)
@given(st.lists(cost_maps, min_size=1, max_size=5),
       st.dictionaries(st.sampled_from(LABELS), st.integers(-1, 3)))
def test_the_assignment_is_the_oracles(costs: list[dict[str, float]],
                                       capacity: dict[str, int]) -> None:
    best, forced = oracle(costs, {k: max(0, v) for k, v in capacity.items()})
    result = assign(costs, capacity)
    if best == math.inf:
        assert result is None
        return
    assert result is not None
    assert result.cost == pytest.approx(best, abs=1e-7)
    assert sum(c[label] for c, label in zip(costs, result.labels, strict=True)) \
        == pytest.approx(best, abs=1e-7)
    for label in capacity:
        assert list(result.labels).count(label) <= max(0, capacity[label])
    for i, c in enumerate(costs):
        assert result.extra[i][result.labels[i]] == 0.0
        for label in c:
            want = forced[i][label] - best
            if want == math.inf:
                assert result.extra[i][label] == math.inf
            else:
                assert result.extra[i][label] == pytest.approx(want, abs=1e-6)
    for conf in confidences(result):
        assert 0.0 < conf <= 1.0 + 1e-12


def test_a_label_taken_elsewhere_pushes_a_cell_to_its_other_reading() -> None:
    # cell 0 is surely "b"; cell 1 hesitates between "a" and "b", and "b" fits once
    costs = [{"b": -math.log(0.99), "a": -math.log(0.01)},
             {"a": -math.log(0.4), "b": -math.log(0.6)}]
    result = assign(costs, {"b": 1})
    assert result is not None
    assert result.labels == ("b", "a")
    conf = confidences(result)
    assert conf[1] == pytest.approx(0.4 * 0.99 / (0.4 * 0.99 + 0.6 * 0.01))


def test_nothing_fits_when_the_capacities_are_too_small() -> None:
    assert assign([{"a": 1.0}, {"a": 2.0}], {"a": 1}) is None
    assert assign([{"a": 1.0}], {"a": 0}) is None
    empty = assign([], {})
    assert empty is not None and empty.labels == ()


def test_a_cost_that_is_not_finite_is_refused() -> None:
    with pytest.raises(ValueError, match="not finite"):
        assign([{"a": math.inf}], {})


# --- the joint reading -------------------------------------------------------------------


def number(value: int) -> Cell:
    return Cell.number(value, False)


def decoded(space: str, options: dict[int, float]) -> Decoded:
    total = sum(options.values())
    opts = {number(v).text: (number(v), p / total) for v, p in options.items()}
    best = max(opts.items(), key=lambda kv: kv[1][1])
    return Decoded(Reading(space, best[1][0], best[1][1], best[1][1] < THRESHOLD,
                           best[0]), opts)


def test_a_hesitant_cell_is_settled_by_a_number_read_elsewhere() -> None:
    """17 was rolled once and is written clearly in A; B's 1/7 hesitation is a 11."""
    grammar = Grammar(dicetrip=False, allowed={11, 17}, times={11: 1, 17: 1})
    out = read_jointly([decoded("A", {17: 0.995, 11: 0.005}),
                        decoded("B", {17: 0.45, 11: 0.55})], grammar)
    assert [r.text for r in out] == ["17", "11"]
    assert not out[1].doubtful and out[1].confidence > 0.99


def test_two_cells_that_both_read_a_number_rolled_once_are_doubtful() -> None:
    grammar = Grammar(dicetrip=False, allowed={11, 17}, times={11: 1, 17: 1})
    out = read_jointly([decoded("A", {17: 0.97, 11: 0.03}),
                        decoded("B", {17: 0.97, 11: 0.03})], grammar)
    assert all(r.doubtful for r in out)


def test_a_reading_no_turn_could_write_in_its_space_gives_way() -> None:
    """On Tour: 17 came up only on turns whose cards never showed A's regions."""
    grammar = Grammar(dicetrip=False, allowed={11, 17}, times={11: 1, 17: 1}, stars=0,
                      fits={"A": {number(11)}, "B": {number(11)}})
    out = read_jointly([decoded("A", {17: 0.6, 11: 0.4})], grammar)
    assert out[0].text == "11" and not out[0].doubtful
    out = read_jointly([decoded("B", {17: 1.0})], grammar)
    assert out[0].doubtful and out[0].why == "no turn of the seed could write it here"


def test_a_reading_the_glyphs_barely_give_is_doubtful() -> None:
    """The limits push B off its 17, but the glyphs give its 11 only half of
    ``PUSH_FLOOR`` (A's 17 is sure to 0.98, above the threshold given here)."""
    grammar = Grammar(dicetrip=False, allowed={11, 17}, times={11: 1, 17: 1})
    low = PUSH_FLOOR / 2
    out = read_jointly([decoded("A", {17: 1 - low / 50, 11: low / 50}),
                        decoded("B", {17: 1 - low, 11: low})], grammar, threshold=0.9)
    assert out[0].text == "17"
    assert out[1].doubtful and out[1].why == "the glyphs hardly show it"


def test_dice_trip_numbers_stand_once_even_without_a_seed() -> None:
    grammar = Grammar(dicetrip=True)
    assert capacity(grammar, ("n", 34)) == 1
    assert capacity(grammar, ("n", 34 + 40)) == 1  # the glyphs' grammar keeps out 74
    assert capacity(Grammar(dicetrip=True, allowed={34}), ("n", 35)) == 0
    out = read_jointly([decoded("A", {34: 0.99, 54: 0.01}),
                        decoded("B", {34: 0.99, 54: 0.01})], grammar)
    assert all(r.doubtful for r in out)
    assert {r.why for r in out} <= {"the same number read in another city",
                                    "unsure (0.50)"}


probabilities = st.floats(0.0, 1.0, allow_nan=False, allow_subnormal=True)
hostile = st.lists(
    st.one_of(
        st.none(),  # a cell settled on its own (empty)
        st.dictionaries(st.one_of(st.integers(0, 99), st.sampled_from(["x", "*", "?"])),
                        probabilities, min_size=1, max_size=6)),
    min_size=0, max_size=14)


def _hostile_decoded(k: int, options: dict[int | str, float] | None) -> Decoded:
    space = f"S{k}"
    if options is None:
        return Decoded(Reading(space, None, 1.0, False, ""), {})
    opts: dict[str, tuple[Cell | None, float]] = {}
    for key, p in options.items():
        cell = (number(key) if isinstance(key, int) else Cell.cross() if key == "x"
                else Cell.star(False) if key == "*" else None)
        opts[str(key) if cell is None else cell.text] = (cell, p)
    total = sum(p for _, p in opts.values())
    if total > 0:
        opts = {t: (c, p / total) for t, (c, p) in opts.items()}
    best = max(opts.items(), key=lambda kv: kv[1][1])
    return Decoded(Reading(space, best[1][0], best[1][1], True, best[0]), opts,
                   factor=0.5 if k % 3 == 0 else 1.0)


@settings(max_examples=80, deadline=None)
@given(hostile, st.dictionaries(st.integers(0, 99), st.integers(0, 2)),
       st.one_of(st.none(), st.integers(0, 2)), st.booleans())
def test_hostile_readings_never_break_the_counts(
        cells: list[dict[int | str, float] | None], times: dict[int, int],
        stars: int | None, dicetrip: bool) -> None:
    grammar = Grammar(dicetrip=dicetrip, allowed=set(times), times=times, stars=stars)
    given_ = [_hostile_decoded(k, c) for k, c in enumerate(cells)]
    out = read_jointly(given_, grammar)
    assert out == read_jointly(given_, grammar)  # deterministic
    assert [r.space for r in out] == [d.reading.space for d in given_]
    sure: dict[tuple[str, int], int] = {}
    for d, r in zip(given_, out, strict=True):
        assert 0.0 <= r.confidence <= 1.0 + 1e-9
        if not d.options:
            assert r == d.reading
            continue
        if r.doubtful:
            assert r.text == "?"
            continue
        assert r.cell is not None and r.confidence >= THRESHOLD
        assert r.text in d.options  # only a reading the cell was given
        if r.cell.kind is CellKind.NUMBER and r.cell.value is not None:
            key = ("n", r.cell.value)
        elif r.cell.kind is CellKind.STAR:
            key = ("*", 0)
        else:
            continue
        sure[key] = sure.get(key, 0) + 1
    for key, count in sure.items():
        limit = capacity(grammar, key)
        assert limit is None or count <= limit


def _one_hot(cls: str) -> np.ndarray:
    probs = np.zeros(len(CLASSES), dtype=np.float32)
    probs[CLASSES.index(cls)] = 1.0
    return probs


@pytest.mark.parametrize("ring, circled, sure", [(0.0, False, True), (0.8, True, True),
                                                 (0.45, False, False)])
def test_a_ring_round_part_of_a_circle_offers_the_number_both_ways(
        ring: float, circled: bool, sure: bool) -> None:
    """A clear 12 in a circle ringed all round is (12), with no ring 12; ringed round
    less than 0.6 of the rim it may be either, half each, and alone it is unsure."""
    cut = _Cut("A", [[np.ones((5, 3), np.uint8)] * 2], ring, 0.0)
    got = decode(cut, [_one_hot("1"), _one_hot("2")], Grammar(dicetrip=False), THRESHOLD)
    texts = {t: p for t, (_, p) in got.options.items() if p > 0}
    if sure:
        assert texts == {Cell.number(12, circled).text: 1.0}
    else:
        assert texts == {"12": 0.5, "(12)": 0.5}
    assert got.reading.doubtful is not sure
    out = read_jointly([got], Grammar(dicetrip=False))
    assert out[0].doubtful is not sure
    assert sure or out[0].confidence == pytest.approx(0.5)


@pytest.mark.parametrize("circled", [False, True])
def test_the_seed_settles_a_number_circled_or_not(circled: bool) -> None:
    """12 half circled: where no card of its space came up it cannot be circled (and
    where it can only be circled, it is): the seed's writable cells settle it."""
    options = {"12": (Cell.number(12, False), 0.5), "(12)": (Cell.number(12, True), 0.5)}
    cell = Cell.number(12, circled)
    grammar = Grammar(dicetrip=False, allowed={12}, times={12: 1}, stars=0,
                      fits={"A": {cell}})
    out = read_jointly([Decoded(Reading("A", None, 0.5, True, "12"), options)], grammar)
    assert out[0].cell == cell and not out[0].doubtful and out[0].confidence > 0.99
    # both writable: two readings equally likely, one number: the cell stays unsure
    both = Grammar(dicetrip=False, allowed={12}, times={12: 1}, stars=0,
                   fits={"A": {Cell.number(12, False), Cell.number(12, True)}})
    out = read_jointly([Decoded(Reading("A", None, 0.5, True, "12"), options)], both)
    assert out[0].doubtful and out[0].confidence == pytest.approx(0.5)


@pytest.mark.parametrize("dicetrip, floor", [(False, ONTOUR_ROLLED_FLOOR),
                                             (True, ROLLED_FLOOR)])
@pytest.mark.parametrize("above, sure", [(0.15, True), (0.01, True), (-0.01, False)])
def test_the_seed_chooses_between_close_readings_down_to_a_floor(
        dicetrip: bool, floor: float, above: float, sure: bool) -> None:
    """The glyphs say 56 or 52; the seed rolled only 52. It is read 52 while the glyphs
    give 52 at least the game's floor of their weight (On Tour's is lower than Dice
    Trip's); below it the cell is ?."""
    cut = _Cut("A", [[np.ones((5, 3), np.uint8)] * 2], 0.0, 0.0)
    share = floor + above
    second = _one_hot("2") * share + _one_hot("6") * (1 - share)
    grammar = Grammar(dicetrip=dicetrip, allowed={52}, times=None if dicetrip else {52: 1})
    got = decode(cut, [_one_hot("5"), second], grammar, THRESHOLD)
    assert got.reading.doubtful is not sure
    out = read_jointly([got], grammar)
    if sure:
        assert out[0].text == "52"
    else:
        assert out[0].text == "?" and out[0].guess == "56"
        assert out[0].why == "a number the seed never rolled"


def _mix(**weights: float) -> np.ndarray:
    probs = np.zeros(len(CLASSES), dtype=np.float32)
    for cls, p in weights.items():
        probs[CLASSES.index({"star": "*", "x": "x"}.get(cls, cls.lstrip("d")))] = p
    return probs


def test_a_star_cut_in_two_is_no_number_among_numbers() -> None:
    """A circled star whose ink also falls into two pieces: whole, the glyph is a star
    (0.98); in two, the pieces are a 9 or a star and a star or a 7, which among the
    numbers the seed rolled can only be 97. The star is read: the two pieces are digits
    at all by less than a tenth of their weight. (Seen on a photo: the cell read (97).)"""
    cut = _Cut("A", [[np.ones((5, 5), np.uint8)], [np.ones((5, 3), np.uint8)] * 2], 1.0,
               0.0)
    grammar = Grammar(dicetrip=False, allowed={97}, times={97: 1}, stars=1)
    whole = decode(cut, [_mix(star=0.98, x=0.01, d7=0.01)], grammar, THRESHOLD)
    halves = decode(cut, [_mix(d9=0.45, star=0.40, x=0.14, d0=0.01),
                          _mix(star=0.88, d7=0.08, d9=0.01, x=0.03)], grammar, THRESHOLD)
    assert halves.reading.cell == Cell.number(97, True)  # alone, it would pass
    assert not halves.reading.doubtful and halves.support < 0.1
    got = best_cut([whole, halves])
    assert got.reading.cell == Cell.star(True) and not got.reading.doubtful
    assert best_cut([halves, whole]) is got


@given(st.floats(0.0, 1.0, exclude_max=True))
def test_an_unsure_cell_never_says_a_confidence_it_does_not_have(confidence: float) -> None:
    """Rounded to nearest, a cell at 0.996 said "unsure (1.00)" under `--threshold 1`:
    the confidence said is rounded down, at most 0.01 under the true one."""
    said = unsure(confidence)
    value = float(said.removeprefix("unsure (").removesuffix(")"))
    assert said == f"unsure ({value:.2f})"
    assert confidence - 0.01 - 1e-4 <= value <= confidence + 1e-4
    assert value <= 0.99


def test_a_doubtful_cell_names_its_other_close_readings() -> None:
    """The person settling a doubtful cell is told what else it could be: the other
    readings of at least ``OTHER`` (at most two, likeliest first), never the guess again,
    under its crop in the review and on stderr."""
    from sheetgen.read.cells import OTHER
    from sheetgen.read.review import _why

    read = read_jointly([decoded("A", {12: 0.6, 13: 0.3, 15: 0.06, 16: OTHER / 2})],
                        Grammar(dicetrip=True))[0]
    assert read.doubtful and read.guess == "12"
    assert read.others() == ["13", "15"]
    assert _why(read) == f"{read.why}; or 13 or 15"
    sure = read_jointly([decoded("A", {12: 0.999, 13: 0.001})], Grammar(dicetrip=True))[0]
    assert not sure.doubtful and sure.others() == []
