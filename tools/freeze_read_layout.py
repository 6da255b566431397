"""Freeze the geometry ``sheetgen read`` needs of today's sheets as layout 1.

Sheets already printed carry a code without a layout version; when the sheets are laid
out anew, the reader still needs where those old sheets had their marks, code and circles.
This script draws the blank sheet of every map that has one (On Tour and Dice Trip) on
every paper, reads the geometry back from the SVG (``sheetgen.read.layout``) and writes
``sheetgen/read/layout1.json``. Run it only while the renderer draws layout 1 (it refuses
otherwise); ``tests/read/test_layout.py`` checks the file against the drawing meanwhile.

    python tools/freeze_read_layout.py
"""

from __future__ import annotations

import json
import sys

from sheetgen.maps import map_ids
from sheetgen.read.layout import FROZEN, LayoutError, drawn_layout
from sheetgen.templates import paper_ids


def main() -> int:
    sheets = {}
    for map_id in map_ids():
        for paper in paper_ids():
            try:
                found = drawn_layout(map_id, paper)
            except LayoutError:
                continue  # a map whose sheet has no marks (Highways & Byways' board)
            if found.layout != 1:
                print(f"{map_id} on {paper}: the renderer draws layout {found.layout}, "
                      "not 1; layout 1 stays as frozen", file=sys.stderr)
                return 1
            sheets[f"{map_id}:{paper}"] = found.to_json()
    data = {"layout": 1,
            "about": "page-mm geometry of the sheets printed as layout 1 "
                     "(tools/freeze_read_layout.py)",
            "sheets": sheets}
    FROZEN.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {FROZEN} ({len(sheets)} sheets)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
