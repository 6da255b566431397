"""A whole print-and-play kit: every page a game needs, in order, with bookmarks.

``build_kit`` composes the renderers; it returns the pages as SVG text grouped into
bookmarked parts (``sheetgen.document``), and reports progress through a callback so the
CLI can show a bar.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sheetgen.document import Part
from sheetgen.games import Perfect, sheet_names
from sheetgen.maps import attribution, find_geometry
from sheetgen.model import Deadline, Map
from sheetgen.products.kit import prose, scoring_words
from sheetgen.products.textpage import Block
from sheetgen.templates import Paper

Progress = Callable[[str], None]


def howto_blocks(game_map: Map, paper_id: str = "a4", seed: int = 1) -> list[Block]:
    """The scoring how-to of ``game_map``'s kit: its commands name the map, the paper and
    the kit's seed and run as printed, and its example rows are the map's own first
    spaces (``SPACE1`` ... in the template)."""
    values = scoring_words(game_map.id, paper_id, seed)
    for k, space in enumerate(game_map.spaces[:3], start=1):
        values[f"SPACE{k}"] = space.id
    return prose("scoring-howto", **values)


def build_kit(game_map: Map, paper: Paper, *, players: int | Sequence[str] = 8, seed: int = 1,
              backs: str = "duplex-long",
              perfect: float | Deadline | Perfect | None = None,
              progress: Progress = lambda label: None) -> list[Part]:
    """Every part of the kit for ``game_map``, in print order; with ``perfect`` (the
    search's limit, or the perfect game found already) the seeded game's perfect game
    after the scoring how-to, an answer key to turn to once the seed is played."""
    from sheetgen.draw.layout import card_size, default_card_size, imposition
    from sheetgen.games import game_of
    from sheetgen.games.ontour.cards import deck_pages
    from sheetgen.games.ontour.players import par_result
    from sheetgen.games.ontour.rules import make_script
    from sheetgen.games.ontour.script import script_svgs
    from sheetgen.games.ontour.sheet import add_map
    from sheetgen.products.cards import Backs, DeckOptions
    from sheetgen.products.cover import cover_svg
    from sheetgen.products.dice import dice_pages
    from sheetgen.products.textpage import prose_page

    geometry = find_geometry(game_map.id)
    credit = attribution(game_map.id)
    parts: list[Part] = []

    progress("rules")
    rules = Part("Rules summary", (prose_page(paper, prose("ontour-rules")),))

    progress("player sheets")
    # the game's own sheets (Paris draws its own), the map drawn once under the codes
    sheets = Part("Player sheets",
                  tuple(game_of(game_map).sheet_pages(game_map, paper,
                                                      sheet_names(players))))

    progress("cards")
    imp = imposition()
    back_mode = Backs(backs)
    deck_options = DeckOptions(card_size(default_card_size()), imp.bleed, back_mode)
    deck_titles = {Backs.NONE: "Cards (fronts only)",
                   Backs.DUPLEX_LONG: "Cards (double-sided, flip on the long edge)",
                   Backs.DUPLEX_SHORT: "Cards (double-sided, flip on the short edge)",
                   Backs.FOLD: "Cards (fold each pair along the middle)"}
    deck = Part(deck_titles.get(back_mode, "Cards"),
                   tuple(deck_pages(game_map, paper, deck_options, imp, geometry)))

    progress("dice")
    d10 = Part("Two ten-sided dice", tuple(dice_pages("d10", paper)))

    progress("seeded game")
    game = make_script(game_map, seed)
    par = par_result(game_map, game).score
    seeded = Part(f"Seeded game {seed} (par {par})",
                     tuple(script_svgs(game_map, game, paper, par=par)))

    progress("scorepad")
    pad = Part("Scorepad", tuple(game_of(game_map).scorepad_pages(game_map, paper, 4, 8)))

    progress("scoring how-to")
    howto = Part("Scoring with sheetgen",
                 (prose_page(paper, howto_blocks(game_map, paper.id, seed)),))

    answer: list[Part] = []
    if perfect is not None:
        progress("perfect game")
        rules_of = game_of(game_map)
        best = (perfect if isinstance(perfect, Perfect)
                else rules_of.perfect(game_map, game, perfect))
        answer.append(Part(f"Perfect game of seed {seed}: {best.headline}",
                           tuple(rules_of.perfect_pages(game_map, game, best, paper))))

    progress("attribution")
    credits = Part("Open data and fonts", (prose_page(paper, [
        Block("h1", "Open data and fonts"),
        *[Block("p", line) for line in credit.splitlines()],
        Block("p", "Type: Open Sans, digitized data copyright (c) 2010-2011 Google "
                   "Corporation, Apache License 2.0, and DejaVu Sans (Bitstream Vera "
                   "licence; DejaVu changes public domain), embedded in this file."),
        Block("p", "This kit is an unofficial print-and-play aid for owners of On Tour. "
                   "Maps, cards and layout are sheetgen's own, drawn from the open data "
                   "above."),
    ]),))

    body = [rules, sheets, deck, d10, seeded, pad, howto, *answer, credits]
    progress("cover")
    def preview(dwg: Any, game_map: Map, geometry: Any, at: tuple[float, float],
                style: Any) -> Any:
        return add_map(dwg, game_map, geometry, at, style, labels=False)

    parts.append(Part("Cover", (cover_svg(game_map, geometry, paper, body, preview),)))
    parts.extend(body)
    return parts

