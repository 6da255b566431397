"""The script page read back from its SVG: rows, chips, numbers, the QR code."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from sheetgen.draw.style import load_style
from sheetgen.games.ontour.rules import Script, make_script
from sheetgen.games.ontour.script import QR_MODULE, qr_matrix, qr_payload, script_svgs
from sheetgen.maps import find_map
from sheetgen.templates import paper

NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def drawn() -> tuple[Script, ET.Element]:
    script = make_script(find_map("usa"), 33)  # has star turns and a last turn
    svgs = script_svgs(find_map("usa"), script, paper("a4"))
    assert len(svgs) == 1
    return script, ET.fromstring(svgs[0])


def _texts(root: ET.Element, cls: str) -> list[str]:
    return ["".join(e.itertext()) for e in root.iter(f"{NS}text") if e.get("class") == cls]


def test_page_is_a4_portrait_in_mm(drawn) -> None:
    _, root = drawn
    assert root.get("width") == "210mm" and root.get("height") == "297mm"
    assert root.get("viewBox") == "0 0 210 297"


def test_one_row_per_turn_with_its_numbers_and_marks(drawn) -> None:
    script, root = drawn
    rows = [e.get("id") for e in root.iter(f"{NS}g") if e.get("class") == "turn"]
    assert rows == [f"turn-{t.turn}" for t in script.turns]
    numbers = _texts(root, "numbers")
    expected = []
    for t in script.turns:
        if t.star:
            expected.append("one star")
        elif t.last and t.empty_before == 1:
            expected.append(f"{t.numbers[0]:02d}  or  {t.numbers[1]:02d}")
        else:
            expected.append(f"{t.numbers[0]:02d}  {t.numbers[1]:02d}")
    assert numbers == expected
    marks = _texts(root, "mark")
    assert marks.count("STAR") + marks.count("STAR LAST") == sum(t.star for t in script.turns)
    assert sum("LAST" in m for m in marks) == sum(t.last for t in script.turns)
    assert len([e for e in root.iter(f"{NS}rect") if e.get("class") == "tick"]) == len(
        script.turns)


def test_card_chips_carry_region_colours(drawn) -> None:
    script, root = drawn
    style = load_style()
    chips = [e for e in root.iter(f"{NS}g") if (e.get("class") or "").startswith("chip ")]
    cards = [c for t in script.turns for c in t.cards]
    assert len(chips) == len(cards)
    for chip, card in zip(chips, cards, strict=True):
        assert chip.get("class") == f"chip chip-{card.region.value}"
        assert chip[0].get("fill") == style.region_colour[card.region]
    spaces = _texts(root, "card-space")
    assert spaces == [find_map("usa").space(c.space).name for c in cards]


def test_qr_modules_drawn_as_the_matrix(drawn) -> None:
    script, root = drawn
    assert qr_payload(script) == "sheetgen:usa:33"
    matrix = qr_matrix(qr_payload(script))
    group = next(e for e in root.iter(f"{NS}g") if e.get("class") == "qr")
    frame = group[0]
    x0, y0 = float(frame.get("x")), float(frame.get("y"))
    path = group[1].get("d")
    dark = set()
    for mx, my in re.findall(r"M([\d.]+),([\d.]+)", path):
        c = round((float(mx) - x0) / QR_MODULE) - 4
        r = round((float(my) - y0) / QR_MODULE) - 4
        assert abs(x0 + (c + 4) * QR_MODULE - float(mx)) < 0.1
        dark.add((r, c))
    assert dark == {(r, c) for r, row in enumerate(matrix) for c, v in enumerate(row) if v}
    side = float(frame.get("width"))
    assert abs(side - (len(matrix) + 8) * QR_MODULE) < 0.1
    assert x0 + side <= 210 and y0 >= 0
