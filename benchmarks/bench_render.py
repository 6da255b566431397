"""Time to render print material, and the size of what comes out.

    python benchmarks/bench_render.py [--maps usa,europe] [--repeat 3]

For each map: one player sheet (SVG drawing alone, and as a PDF page), eight sheets as one
PDF, the whole deck imposed with duplex backs, a page of two d10 nets, the annotated PDF of
30 scored boards (random fills, solved once beforehand; drawing and PDF only), and the
whole kit.
Prints the median wall time over ``--repeat`` runs (after one warm-up) and the PDF sizes.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable

from sheetgen.document import document_pdf
from sheetgen.draw.layout import card_size, default_card_size, imposition
from sheetgen.draw.pdf import build_pdf
from sheetgen.games.ontour.cards import deck_pages
from sheetgen.games.ontour.kit import build_kit
from sheetgen.games.ontour.score import standings
from sheetgen.games.ontour.scored import scored_pages
from sheetgen.games.ontour.sheet import SheetOptions, sheet_svg
from sheetgen.maps import UnknownMapError, attribution, find_geometry, find_map
from sheetgen.model import Board, Cell, Map
from sheetgen.products.cards import Backs, DeckOptions
from sheetgen.products.dice import dice_pages
from sheetgen.templates import paper

CLUB = 30
"""Players in the scored-PDF job (a club evening)."""


def club_boards(game_map: Map, count: int = CLUB, seed: int = 0) -> list[Board]:
    """``count`` filled boards: numbers 0-99, a fifth circled, some stars and crosses."""
    rng = random.Random(seed)
    boards = []
    for k in range(count):
        cells = {}
        for sid in game_map.space_ids:
            draw = rng.random()
            cells[sid] = (Cell.cross() if draw < 0.08 else Cell.star() if draw < 0.14
                          else Cell.number(rng.randrange(100), rng.random() < 0.2))
        boards.append(Board(game_map.id, f"Player {k + 1}", cells))
    return boards


def timed(job: Callable[[], bytes | str], repeat: int) -> tuple[float, int]:
    """Median seconds of ``job`` over ``repeat`` runs after a warm-up, and its output size."""
    out = job()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        out = job()
        times.append(time.perf_counter() - start)
    size = len(out.encode("utf-8")) if isinstance(out, str) else len(out)
    return statistics.median(times), size


def jobs_for(map_id: str) -> list[tuple[str, Callable[[], bytes | str]]]:
    """What to time for one map: (label, job) pairs."""
    game_map, geometry = find_map(map_id), find_geometry(map_id)
    a4, imp = paper("a4"), imposition()
    options = SheetOptions(attribution=attribution(map_id))
    deck = DeckOptions(card_size(default_card_size()), imp.bleed, Backs.DUPLEX_LONG)

    def sheet() -> str:
        return sheet_svg(game_map, geometry, a4, options)

    club = club_boards(game_map)
    table = standings(game_map, club)

    return [
        ("sheet, SVG drawing", sheet),
        ("sheet, 1-page PDF", lambda: build_pdf([sheet()], "sheet")),
        ("8 sheets, one PDF", lambda: build_pdf([sheet() for _ in range(8)], "sheets")),
        (f"deck, {len(game_map.cards)} cards + duplex backs",
         lambda: build_pdf(deck_pages(game_map, a4, deck, imp, geometry), "deck")),
        ("two d10 nets", lambda: build_pdf(dice_pages("d10", a4), "d10")),
        (f"scored PDF, {CLUB} players",
         lambda: build_pdf(scored_pages(game_map, geometry, a4, club, table), "scored")),
        ("whole kit (par game included)",
         lambda: document_pdf(build_kit(game_map, a4, seed=1), "kit")),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", default="usa,europe")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"{'map':<8} {'what':<34} {'median s':>9} {'output':>10}")
    for map_id in args.maps.split(","):
        try:
            jobs = jobs_for(map_id)
        except (UnknownMapError, ValueError) as exc:
            print(f"{map_id:<8} skipped: {exc}", file=sys.stderr)
            continue
        for label, job in jobs:
            seconds, size = timed(job, args.repeat)
            print(f"{map_id:<8} {label:<34} {seconds:>9.3f} {size / 1024:>8.0f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
