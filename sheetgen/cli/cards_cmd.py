"""``sheetgen cards`` (a map's deck, imposed with crop marks) and ``sheetgen dice``."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import click

from sheetgen.cli.common import (
    DRAWN_FORMATS,
    UserError,
    choose_format,
    complete_for_map,
    complete_with,
    format_option,
    game_errors,
    honour,
    ink_option,
    ink_tag,
    load_game,
    map_argument,
    only_without,
    option,
    output_option,
    outputs,
    paper_option,
)
from sheetgen.draw.style import ink_mode
from sheetgen.templates import Paper


@click.command("dice")
@click.argument("kind", metavar="d10|d6|dicetrip",
                shell_complete=complete_with(lambda: ("d10", "d6", "dicetrip")))
@paper_option
@format_option(DRAWN_FORMATS)
@output_option
def dice_command(kind: str, paper: Paper, fmt: str | None, output: Path | None) -> None:
    """Printable dice nets with glue tabs: two ten-sided dice (0-9), four six-sided dice,
    or the four coloured Dice Trip dice. Every page carries a 50 mm ruler to check that
    it printed at actual size.

    \b
    Examples:
      sheetgen dice d10
      sheetgen dice dicetrip --paper letter -o trip-dice.pdf
      sheetgen dice d6 --format png
    """
    from sheetgen.draw.layout import LayoutError
    from sheetgen.products.dice import KINDS, dice_pages

    key = kind.strip().lower()
    if key not in KINDS:
        raise UserError(f"KIND: unknown dice {kind!r}; expected one of {', '.join(KINDS)}")
    fmt = choose_format(output, fmt, DRAWN_FORMATS)
    with outputs() as out:
        path = out.target(output, f"dice-{key}-{paper.id}", fmt)
        try:
            pages = dice_pages(key, paper)
        except LayoutError as exc:
            raise UserError(str(exc)) from None
        out.put_pages(path, fmt, pages, f"Dice: {key}")


def _size_ids() -> tuple[str, ...]:
    from sheetgen.draw.layout import card_size_ids

    return card_size_ids()


def _backs_ids() -> tuple[str, ...]:
    from sheetgen.products.cards import Backs

    return tuple(b.value for b in Backs)


def _offset_tag(offset: tuple[float, float]) -> str:
    """Shifted backs are a different file: the offset goes into the default name."""
    return "" if offset == (0.0, 0.0) else f"-offset-{offset[0]:g},{offset[1]:g}"


def _offset(text: str, limit: float) -> tuple[float, float]:
    parts = text.split(",")
    try:
        x, y = (float(p) for p in parts)
    except ValueError:
        raise UserError(f"--back-offset: expected X,Y in mm (e.g. 1.5,-0.5), got {text!r}"
                        ) from None
    if not (abs(x) <= limit and abs(y) <= limit):
        raise UserError(f"--back-offset: each of X and Y must be within +-{limit:g} mm, "
                        f"got {text!r}")
    return (x, y)


def _backs(values: Mapping[str, Any]) -> str:
    return str(values.get("backs") or "none").strip().lower()


def _with_duplex_backs(values: Mapping[str, Any]) -> str | None:
    """``--back-offset`` shifts back pages: only duplex backs (or the test page) have
    them."""
    if values.get("test_page") or _backs(values).startswith("duplex"):
        return None
    return ("it shifts the back pages of duplex printing; add --backs duplex-long or "
            "duplex-short (or --test-page)")


def _with_backs(values: Mapping[str, Any]) -> str | None:
    """``--back-design`` draws the card backs."""
    if values.get("test_page"):
        return "the duplex test page has no card backs to design"
    if _backs(values) == "none":
        return "it draws the card backs; add --backs duplex-long, duplex-short or fold"
    return None


@click.command("cards")
@map_argument("cards")
@paper_option
@click.option("--size", "size_id", default=None, metavar="poker|bridge|mini|tarot",
              shell_complete=complete_with(_size_ids),
              help="Card size (default: poker, 63.5 x 88.9 mm).")
@click.option("--bleed", type=float, default=None,
              help="Printed bleed round each card in mm, 0-6 (default: 2).")
@option("--backs", default="none", show_default=True,
        metavar="none|duplex-long|duplex-short|fold",
        shell_complete=complete_with(_backs_ids),
        help="Card backs: none; on the next page, mirrored for a printer that flips "
             "on the long or the short edge; or beside the fronts, to fold.")
@option("--back-design", default="outline", show_default=True,
        metavar="outline|solid", shell_complete=complete_with(lambda: ("outline", "solid")),
        requires=_with_backs,
        help="Card backs in outline (white, navy frame and title: little ink) or "
             "solid (a full navy flood); with --backs.")
@option("--back-offset", default="0,0", show_default=True, metavar="X,Y",
        requires=_with_duplex_backs,
        help="Shift the back pages by X,Y mm (right, down) to correct your printer; "
             "measure it with --test-page; with duplex --backs.")
@click.option("--test-page", is_flag=True,
              help="Print the duplex alignment test sheet (two pages) instead of the deck.")
@option("--deck", default="all", show_default=True,
        metavar="all|red|blue|construction|event|vehicle", needs="decks",
        requires=only_without("test_page", "the duplex test page holds no deck"),
        shell_complete=complete_for_map(lambda game, game_map: game.decks()),
        help="Which deck, for a game with several (Highways & Byways).")
@ink_option
@format_option(DRAWN_FORMATS)
@output_option
def cards_command(map_id: str, paper: Paper, size_id: str | None, bleed: float | None,
                  backs: str, back_design: str, back_offset: str, test_page: bool,
                  deck: str, ink: str, fmt: str | None, output: Path | None) -> None:
    """The map's card deck, as many cards a page as fit, with crop marks and a 50 mm
    ruler to check the print scale.

    \b
    Examples:
      sheetgen cards usa
      sheetgen cards usa --paper letter --size bridge --bleed 0
      sheetgen cards usa --backs duplex-long --test-page
      sheetgen cards usa --backs duplex-long --back-offset 1.5,-0.5
      sheetgen cards usa --backs fold --size mini
      sheetgen cards usa --backs duplex-long --back-design solid
      sheetgen cards byways --deck event --backs duplex-long
      sheetgen cards europe --format png
    """
    from sheetgen.draw.layout import (
        Flip,
        LayoutError,
        card_size,
        default_card_size,
        imposition,
    )
    from sheetgen.products.cards import BackDesign, Backs, DeckOptions, alignment_pages
    from sheetgen.templates import UnknownTemplateError

    imp = imposition()
    try:
        size = card_size((size_id or default_card_size()).strip().lower())
    except UnknownTemplateError as exc:
        raise UserError(f"--size: {exc}") from None
    if bleed is None:
        bleed = imp.bleed
    if not 0 <= bleed <= imp.max_bleed:
        raise UserError(f"--bleed: expected 0 to {imp.max_bleed:g} mm, got {bleed:g}")
    try:
        back_mode = Backs(backs.strip().lower())
    except ValueError:
        raise UserError(f"--backs: unknown mode {backs!r}; expected one of "
                        + ", ".join(b.value for b in Backs)) from None
    try:
        design = BackDesign(back_design.strip().lower())
    except ValueError:
        raise UserError(f"--back-design: unknown design {back_design!r}; expected one of "
                        + ", ".join(d.value for d in BackDesign)) from None
    offset = _offset(back_offset, imp.max_back_offset)
    fmt = choose_format(output, fmt, DRAWN_FORMATS)
    game, game_map = load_game(map_id)
    if not test_page:
        with game_errors():
            game.ready("cards", "cards")
    honour(game)
    with outputs() as out:
        if test_page:
            flip = back_mode.flip or Flip.LONG
            test_mode = Backs.DUPLEX_SHORT if flip is Flip.SHORT else Backs.DUPLEX_LONG
            test_name = f"duplex-test-{flip.value}-{size.id}-{paper.id}"
            if bleed != imp.bleed:
                test_name += f"-bleed-{bleed:g}"
            path = out.target(output, test_name + _offset_tag(offset), fmt)
            try:
                pages = alignment_pages(paper, DeckOptions(size, bleed, test_mode, offset),
                                        imp)
            except LayoutError as exc:
                raise UserError(str(exc)) from None
            out.put_pages(path, fmt, pages, "Duplex alignment test")
            return
        deck = deck.strip().lower()
        name = f"{game_map.id}-cards-{size.id}-{paper.id}"
        if deck != "all":
            name += f"-{deck}"
        if bleed != imp.bleed:
            name += f"-bleed-{bleed:g}"
        if back_mode is not Backs.NONE:
            name += f"-backs-{back_mode.value}"
            if design is not BackDesign.OUTLINE:
                name += f"-{design.value}"
        path = out.target(output, name + _offset_tag(offset) + ink_tag(ink), fmt)
        with game_errors("--deck: " if deck != "all" else ""), ink_mode(ink):
            pages = game.deck_pages(game_map, paper,
                                    DeckOptions(size, bleed, back_mode, offset, design, deck))
        out.put_pages(path, fmt, pages, f"{game_map.title}: cards")


COMMANDS = (cards_command, dice_command)
