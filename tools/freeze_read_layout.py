"""Freeze the geometry ``sheetgen read`` needs of the sheets the renderer draws today.

The reader finds a sheet's marks, code and circles in a frozen file per layout,
``sheetgen/read/layoutN.json``, so that reading a photo draws no sheet and sheets printed
in an older layout stay readable after the sheets are laid out anew. This script draws
the blank sheet of every map that has one (On Tour and Dice Trip) on every paper, reads
the geometry back from the SVG (``sheetgen.read.layout``) and writes the file of the
layout the renderer draws (its number is ``sheetgen.draw.marks.SHEET_LAYOUT``, carried in
every sheet's code).

A frozen file is the record of sheets that may have been printed: the script refuses to
change one that exists (when the renderer now draws a different geometry under the same
number, raise ``SHEET_LAYOUT`` and freeze the new layout). ``--force`` rewrites it, for a
layout no sheet was printed in yet. ``tests/read/test_read_layout.py`` holds the file of
the renderer's layout to its drawing.

    python tools/freeze_read_layout.py [--force]
"""

from __future__ import annotations

import argparse
import json
import sys

from sheetgen.maps import map_ids
from sheetgen.read.layout import LayoutError, drawn_layout, frozen_file
from sheetgen.templates import paper_ids


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true",
                        help="rewrite the layout's file when it exists and differs")
    args = parser.parse_args()
    sheets = {}
    layouts = set()
    for map_id in map_ids():
        for paper in paper_ids():
            try:
                found = drawn_layout(map_id, paper)
            except LayoutError:
                continue  # a map whose sheet has no marks (Highways & Byways' board)
            layouts.add(found.layout)
            sheets[f"{map_id}:{paper}"] = found.to_json()
    if len(layouts) != 1:
        print(f"the renderer draws layouts {sorted(layouts)}: one number for every sheet "
              "is expected", file=sys.stderr)
        return 1
    (layout,) = layouts
    data = {"layout": layout,
            "about": f"page-mm geometry of the sheets printed as layout {layout} "
                     "(tools/freeze_read_layout.py)",
            "sheets": sheets}
    text = json.dumps(data, indent=1, sort_keys=True) + "\n"
    path = frozen_file(layout)
    if path.exists() and path.read_text(encoding="utf-8") != text and not args.force:
        print(f"{path.name} exists and the renderer now draws layout {layout} "
              "differently: raise SHEET_LAYOUT (sheetgen/draw/marks.py) for a new "
              "layout, or --force if no sheet was printed in this one", file=sys.stderr)
        return 1
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path} ({len(sheets)} sheets)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
