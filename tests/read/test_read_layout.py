"""The reader's geometry of a sheet, read back from the renderer's drawing, and the
frozen layouts: the one the renderer draws (so a photo is read without drawing the sheet)
and the older ones (so sheets printed earlier stay readable)."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetgen.draw.qr import SEED_DIGITS_IN_CODE, seed_code
from sheetgen.games import game_of
from sheetgen.maps import find_map
from sheetgen.read.layout import (
    LayoutError,
    SheetLayout,
    drawn_layout,
    frozen_file,
    frozen_layout,
    frozen_layouts,
    frozen_sheets,
    layout_from_svg,
    parse_code,
    sheet_layout,
)
from sheetgen.templates import paper

SHEETS = [(m, p) for m in ("usa", "europe", "paris", "germany") for p in ("a4", "letter")]


def _same(frozen: SheetLayout, drawn: SheetLayout, map_id: str) -> None:
    """``frozen`` is ``drawn`` within 0.1 mm."""
    assert frozen.page == drawn.page and frozen.mark_size == drawn.mark_size
    assert set(frozen.circles) == set(drawn.circles) == set(find_map(map_id).space_ids)
    pairs = [*zip(frozen.marks, drawn.marks, strict=True),
             *((frozen.circles[k][:2], drawn.circles[k][:2]) for k in drawn.circles)]
    assert max(math.dist(a, b) for a, b in pairs) <= 0.1
    assert max(abs(a - b) for a, b in zip(frozen.qr, drawn.qr, strict=True)) <= 0.1
    assert abs(frozen.qr_module - drawn.qr_module) <= 0.01
    assert all(abs(frozen.circles[k][2] - drawn.circles[k][2]) <= 0.1 for k in drawn.circles)
    assert max(abs(a - b) for a, b in zip(frozen.name, drawn.name, strict=True)) <= 0.1
    assert frozen.printed == drawn.printed


@pytest.mark.parametrize(("map_id", "paper_id"), SHEETS)
def test_the_layout_the_renderer_draws_is_frozen_as_drawn(map_id: str, paper_id: str) -> None:
    """The frozen file of the renderer's layout is its drawing within 0.1 mm. When this
    fails, the sheet moved under the same layout number: sheets already printed would be
    read at the wrong places. Raise SHEET_LAYOUT (sheetgen/draw/marks.py) and run
    tools/freeze_read_layout.py for the new layout."""
    drawn = drawn_layout(map_id, paper_id)
    frozen = frozen_layout(map_id, paper_id, drawn.layout)
    assert frozen is not None, f"layout {drawn.layout} is not frozen"
    assert frozen.layout == drawn.layout
    _same(frozen, drawn, map_id)


@pytest.mark.parametrize(("map_id", "paper_id"), SHEETS)
def test_layout_1_is_kept(map_id: str, paper_id: str) -> None:
    """Layout 1 (every sheet printed before layouts were numbered): marks 5 mm from the
    edges, 0.5 mm modules, and every circle where the renderer puts it today (the map
    did not move; the marks and the code did)."""
    old = frozen_layout(map_id, paper_id, 1)
    drawn = drawn_layout(map_id, paper_id)
    assert old is not None and old.layout == 1 and drawn.layout > 1
    w, h = old.page
    assert old.marks == ((7.0, 7.0), (w - 7.0, 7.0), (7.0, h - 7.0), (w - 7.0, h - 7.0))
    assert old.qr_module == 0.5
    assert set(old.circles) == set(find_map(map_id).space_ids)


@pytest.mark.parametrize("paper_id", ["a4", "letter"])
def test_layout_2_is_kept_with_europe_s_earlier_circles(paper_id: str) -> None:
    """Layout 3 moved Europe's circles (Estonia's onto its own country; the lenses over
    Luxembourg, Estonia and the Croatia-Montenegro border moved every other one, 0.6 mm
    at the least) and nothing else: a Europe sheet printed in layout 2 is read at its own
    circles; the other maps' circles did not move."""
    for map_id in ("usa", "europe", "paris", "germany"):
        old = frozen_layout(map_id, paper_id, 2)
        new = frozen_layout(map_id, paper_id, 3)
        assert old is not None and new is not None
        assert (old.page, old.marks, old.qr, old.qr_module, old.name) == (
            new.page, new.marks, new.qr, new.qr_module, new.name)
        moved = [math.dist(old.circles[k][:2], new.circles[k][:2]) for k in new.circles]
        if map_id == "europe":
            assert min(moved) > 0.5
            assert math.dist(old.circles["EE"][:2], new.circles["EE"][:2]) > 5.0
        else:
            assert max(moved) == 0.0


def test_a_photo_is_read_without_drawing_the_sheet(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every layout the renderer has drawn is frozen, so the reader needs no drawing: the
    geometry of every map and paper in every layout comes from the frozen files."""
    from sheetgen.read import layout as module
    from sheetgen.read.register import _known_layouts

    def refuse(*_: object) -> None:
        raise AssertionError("the sheet was drawn")

    monkeypatch.setattr(module, "drawn_layout", refuse)
    for n in frozen_layouts():
        for key in frozen_sheets(n):
            map_id, paper_id = key.split(":")
            assert sheet_layout(map_id, paper_id, n).layout == n
    known = _known_layouts()
    assert sorted((x.layout, x.map_id, x.paper) for x in known) == sorted(
        (n, m, p) for n in frozen_layouts() for m, p in SHEETS)


@pytest.mark.parametrize(("map_id", "paper_id"), SHEETS)
def test_the_geometry_is_what_the_sheet_draws(map_id: str, paper_id: str) -> None:
    """Marks: 4 mm squares 5 mm from the paper's edges (centres 7 mm in), in the order
    top left, top right, bottom left, bottom right; the code's modules inside the page's
    10 mm margin, at the bottom right; each circle inside the page."""
    found = sheet_layout(map_id, paper_id)
    w, h = found.page
    p = paper(paper_id)
    assert sorted((w, h)) == sorted((p.width, p.height))
    assert found.marks == ((7.0, 7.0), (w - 7.0, 7.0), (7.0, h - 7.0), (w - 7.0, h - 7.0))
    x, y, side = found.qr
    assert x > w / 2 and y > h / 2 and x + side <= w - 10.0 + 2.0 + 0.01
    assert 12.0 <= side <= 16.0
    for cx, cy, r in found.circles.values():
        assert cx - r >= 10.0 and cx + r <= w - 10.0 and 10.0 <= cy - r <= h - 10.0
        assert r in (4.5, 5.0)
    nx, ny, nw, nh = found.name
    assert 0 < ny < 20 and nw > 50


def test_what_a_paris_or_germany_sheet_prints_inside_a_circle_is_left_out() -> None:
    """Paris: every club has its letter or its dock's tag inside the rim; Germany: each
    coloured city its die's badge; the USA sheet prints nothing inside a circle."""
    paris = sheet_layout("paris", "a4")
    assert set(paris.printed) == set(paris.circles)
    germany = sheet_layout("germany", "a4")
    coloured = {s.id for s in find_map("germany").spaces if s.colour}
    assert set(germany.printed) == coloured
    assert not any(sheet_layout("usa", "a4").printed.values())


def test_a_layout_this_version_does_not_know_is_refused() -> None:
    with pytest.raises(LayoutError, match="layout 9 .* not known"):
        sheet_layout("usa", "a4", 9)
    with pytest.raises(LayoutError):
        sheet_layout("nowhere", "a4", 2)


def test_a_drawing_without_marks_is_refused() -> None:
    game_map = find_map("byways")
    svg = game_of(game_map).sheet_pages(game_map, paper("a4"), [""])[0]
    with pytest.raises(LayoutError, match="no registration marks"):
        layout_from_svg(svg, "byways", "a4")


def test_the_frozen_files_name_their_layout_and_tool() -> None:
    assert frozen_layouts()[:2] == (1, 2)
    for n in frozen_layouts():
        data = json.loads(frozen_file(n).read_text(encoding="utf-8"))
        assert data["layout"] == n and "freeze_read_layout" in data["about"]
        assert sorted(data["sheets"]) == sorted(f"{m}:{p}" for m, p in SHEETS)


@pytest.mark.parametrize(("text", "expected"), [
    ("sheetgen:sheet:usa:a4:4711:3", ("usa", "a4", 4711, 3, 1)),
    ("sheetgen:sheet:germany:letter:-:1", ("germany", "letter", None, 1, 1)),
    ("sheetgen:sheet:v2:europe:a4:7:2", ("europe", "a4", 7, 2, 2)),
    ("sheetgen:sheet:v3:germany:letter:-:12", ("germany", "letter", None, 12, 3)),
    ("sheetgen:sheet:v2:usa:a4:#0123456789abcdef:4", ("usa", "a4", None, 4, 2)),
])
def test_codes_are_parsed(text: str, expected: tuple[object, ...]) -> None:
    code = parse_code(text)
    assert code is not None
    assert (code.map_id, code.paper, code.seed, code.sheet, code.layout) == expected
    assert code.seed_hash == ("#0123456789abcdef" if "#" in text else None)


@given(st.text(max_size=80))
def test_any_other_text_is_no_sheet_code(text: str) -> None:
    code = parse_code(text)
    assert code is None or text.strip().startswith("sheetgen:sheet:")


@given(st.integers(0, 10**30), st.integers(1, 10**4), st.sampled_from(["usa", "germany"]))
def test_every_code_the_renderer_writes_reads_back(seed: int, number: int, map_id: str) -> None:
    from sheetgen.games.ontour.sheet import SheetOptions, sheet_code

    text = sheet_code(find_map(map_id), paper("a4"), SheetOptions(seed=seed,
                                                                  sheet_number=number))
    code = parse_code(text)
    # a seed of more than SEED_DIGITS_IN_CODE digits is carried as a hash: not known back
    known = seed if len(str(seed)) <= SEED_DIGITS_IN_CODE else None
    assert code is not None and (code.seed, code.sheet) == (known, number)
    assert code.seed_hash == (None if known is not None else seed_code(seed))
    assert code.layout == drawn_layout(map_id, "a4").layout
