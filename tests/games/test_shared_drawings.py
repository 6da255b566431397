"""Drawings that many pages show are drawn once and stored once: the map under every
player sheet, the board under every tile of the full-size Highways & Byways board. Read
back from the PDFs."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from sheetgen.draw.pdf import build_pdf, page_svg
from sheetgen.games import game_of
from sheetgen.maps import find_map
from sheetgen.templates import paper


def _forms(page) -> list[int]:  # type: ignore[no-untyped-def]
    """The object numbers of the forms a page draws, in drawing order (its layers)."""
    names = re.findall(rb"/(\w+) Do", page.get_contents().get_data())
    xobjects = page["/Resources"]["/XObject"]
    return [xobjects.raw_get("/" + name.decode()).idnum for name in names]


def _layer_refs(reader: PdfReader, layer: int) -> list[int]:
    return [_forms(page)[layer] for page in reader.pages]


@pytest.mark.parametrize("map_id", ["usa", "europe", "paris", "germany"])
def test_a_set_of_sheets_stores_the_sheet_once_and_each_code_apart(map_id: str) -> None:
    """Twelve sheets: one drawing of the sheet under all of them (two at most, where the
    sheet number's digits make the code a size larger), a code of its own on each, and
    each page after the first costs a few kilobytes, not a map."""
    game_map = find_map(map_id)
    game = game_of(game_map)
    names = ["Ann", "", "Bo"] + [""] * 9
    pages = game.sheet_pages(game_map, paper("a4"), names)
    blob = build_pdf(pages, "t")
    reader = PdfReader(io.BytesIO(blob))
    assert len(reader.pages) == 12
    assert len(set(_layer_refs(reader, 0))) <= 2
    assert len(set(_layer_refs(reader, 1))) == 12
    one = build_pdf(game.sheet_pages(game_map, paper("a4"), ["Ann"]), "t")
    assert (len(blob) - len(one)) / 11 < 12_000
    # what each page shows: its name and its own number in its code
    assert "Ann" in reader.pages[0].extract_text() and "Bo" in reader.pages[2].extract_text()
    svg = page_svg(pages[11])
    assert f"sheetgen:sheet:v3:{map_id}:a4:-:12" in svg


def test_the_sheets_pages_are_drawn_when_taken() -> None:
    """Four hundred sheets are a sequence that draws a page only when asked for it."""
    usa = find_map("usa")
    pages = game_of(usa).sheet_pages(usa, paper("a4"), [""] * 400)
    assert len(pages) == 400
    assert pages[399] is not pages[399]  # drawn afresh, not kept
    assert "sheetgen:sheet:v3:usa:a4:-:400" in page_svg(pages[-1])


def test_the_tiles_of_the_full_size_board_store_the_board_once() -> None:
    byways = find_map("byways")
    pages = game_of(byways).sheet_pages(byways, paper("a4"), [])
    reader = PdfReader(io.BytesIO(build_pdf(pages, "t")))
    tiles = reader.pages[1:]
    assert len(tiles) == 16
    boards = {_forms(page)[0] for page in tiles}
    furniture = {_forms(page)[1] for page in tiles}
    assert len(boards) == 1 and len(furniture) == 16
    # each tile draws the board through its own window
    contents = {page.get_contents().get_data() for page in tiles}
    assert len(contents) == 16 and all(b" re W n\n" in c for c in contents)


def test_pages_drawn_later_keep_the_ink_they_were_asked_in() -> None:
    """Sheets are drawn when the PDF takes them, after the command's ``--ink`` block has
    ended: they are drawn in the ink in force when they were asked for."""
    from sheetgen.draw.style import ink_mode

    usa = find_map("usa")
    with ink_mode("low"):
        pages = game_of(usa).sheet_pages(usa, paper("a4"), ["", ""])
        low = page_svg(game_of(usa).sheet_pages(usa, paper("a4"), ["", ""])[1])
    full = page_svg(game_of(usa).sheet_pages(usa, paper("a4"), ["", ""])[1])
    assert low != full
    assert page_svg(pages[1]) == low


def test_every_tile_draws_the_whole_board_not_only_the_first_tiles_part() -> None:
    """The board stored once holds all that any tile shows of it: the first tile's form
    carries the name of the place farthest from it (at the other corner of the board),
    which only the last tiles show."""
    from sheetgen.maps import find_geometry

    byways = find_map("byways")
    geometry = find_geometry("byways")
    far = max(byways.spaces, key=lambda s: geometry.shape(s.id).anchor[0]
              + geometry.shape(s.id).anchor[1])
    pages = game_of(byways).sheet_pages(byways, paper("a4"), [])
    reader = PdfReader(io.BytesIO(build_pdf(pages, "t")))
    assert far.name.split(",")[0] in reader.pages[1].extract_text()
