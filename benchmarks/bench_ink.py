"""Ink on paper: how much of each page `--ink full` and `--ink low` put down.

    python benchmarks/bench_ink.py [--paper a4]

For a player sheet of each On Tour map, the first card page of the USA deck and the whole
USA kit: the share of the page inked (pixels darker than paper, luminance under 245) and
the mean ink coverage (1 - luminance, averaged), measured on a 50 dpi raster of the drawn
page. Counts, not times: the figures are the same on every machine.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from sheetgen.document import Part
from sheetgen.draw.ink import coverage
from sheetgen.draw.pdf import Page
from sheetgen.draw.style import ink_mode
from sheetgen.games import game_of
from sheetgen.maps import find_map
from sheetgen.templates import paper


def pages_of(parts: list[Part]) -> list[Page]:
    return [page for part in parts for page in part.pages]


def jobs(paper_id: str) -> list[tuple[str, Sequence[Page]]]:
    sheet = paper(paper_id)
    found = []
    for map_id in ("usa", "europe", "paris"):
        game_map = find_map(map_id)
        found.append((f"{map_id} sheet", game_of(game_map).sheet_pages(game_map, sheet, [""])))
    usa = find_map("usa")
    game = game_of(usa)
    from sheetgen.draw.layout import card_size, imposition
    from sheetgen.products.cards import Backs, DeckOptions

    imp = imposition()
    deck = game.deck_pages(usa, sheet, DeckOptions(card_size("poker"), imp.bleed, Backs.NONE))
    found.append(("usa card page", deck[:1]))
    found.append(("usa kit (every page)", pages_of(game.kit_parts(usa, sheet, seed=1))))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--paper", default="a4")
    args = parser.parse_args()
    print(f"{'page':<22} {'inked full':>11} {'inked low':>10} {'mean full':>10} "
          f"{'mean low':>9}")
    results = {}
    for mode in ("full", "low"):
        with ink_mode(mode):
            for name, pages in jobs(args.paper):
                measured = [coverage(svg) for svg in pages]
                results[name, mode] = (sum(m.inked for m in measured) / len(measured),
                                       sum(m.mean for m in measured) / len(measured))
    for name in dict.fromkeys(n for n, _ in results):
        full, low = results[name, "full"], results[name, "low"]
        print(f"{name:<22} {full[0]:>10.1%} {low[0]:>10.1%} {full[1]:>10.1%} {low[1]:>9.1%}")


if __name__ == "__main__":
    main()
