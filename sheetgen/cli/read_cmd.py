"""``sheetgen read``: photos or scans of filled sheets back into the scoring CSV."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from sheetgen.cli.common import (
    UserError,
    complete_maps,
    is_stdout,
    load_map,
    note,
    output_option,
    output_path,
    parse_players,
    report,
    safe_name,
    write_atomically,
)

EXTRA = "pip install 'sheetgen[read]'"


def _modules() -> tuple[object, ...]:
    """The reader's modules; a one-line answer when the optional extra is missing."""
    try:
        from sheetgen.read import cells, review, sheet
    except ImportError as exc:
        raise UserError(f"sheetgen read needs the optional extra ({exc.name} is missing): "
                        f"{EXTRA}") from None
    return cells, review, sheet


@click.command("read")
@click.argument("photos", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--map", "map_id", default=None, metavar="MAP", shell_complete=complete_maps,
              help="The map the sheets are for (the sheet's code says it; a code that says "
                   "another map is refused).")
@click.option("--seed", type=click.IntRange(min=0), default=None,
              help="The seeded game the sheets were played with, when their code carries "
                   "none: every number is checked against it.")
@click.option("--players", default=None, metavar="A,B,...",
              help="Names for the columns, in sheet-number order (default: Player 1, "
                   "Player 2 ...; the names as written are in the review PDF).")
@click.option("--threshold", type=click.FloatRange(0.0, 1.0), default=None,
              help="Confidence below which a cell is written ? (default 0.9).")
@click.option("--review", "review_path", type=click.Path(path_type=Path), default=None,
              help="The review PDF (default: beside the CSV, named ...-review.pdf).")
@output_option
def read_command(photos: tuple[Path, ...], map_id: str | None, seed: int | None,
                 players: str | None, threshold: float | None, review_path: Path | None,
                 output: Path | None) -> None:
    """Read photos or scans of filled sheets (JPEG, PNG, or a PDF of scanned pages; one
    sheet an image, in any order) into the scoring CSV that `score` and `check` take,
    one column per sheet in sheet-number order.

    Each sheet is found by its four corner marks and its QR code (map, paper, seed, sheet
    number), straightened, and every circle read with a confidence. A cell the reader is
    not sure of is written ? and listed on stderr; the review PDF shows each sheet
    straightened with every reading beside its circle, the doubtful ones in red, cut out
    and enlarged: type the right value over the ? and run `sheetgen score`. With a seed
    the reading is checked against the game like `sheetgen check`.

    Exit code 0 when every photo was read, 1 when one could not be (the others are still
    read and written), 3 when a board is not a legal result of its seed. Needs the
    optional extra: pip install 'sheetgen[read]'.

    \b
    Examples:
      sheetgen read IMG_0412.jpg IMG_0413.jpg -o evening.csv
      sheetgen read scans.pdf --players Ann,Bo,Cy
      sheetgen read photo.jpg --map usa --seed 4711
    """
    cells, review, sheet = _modules()
    names_given = parse_players(players) if players is not None else None
    if map_id is not None:
        map_id = load_map(map_id).id
    limit = cells.THRESHOLD if threshold is None else threshold  # type: ignore[attr-defined]
    read_any, failed = [], False
    for path in photos:
        try:
            images = sheet.load_images(path)  # type: ignore[attr-defined]
        except sheet.ReadError as exc:  # type: ignore[attr-defined]
            note(f"{path}: {exc}")
            failed = True
            continue
        for label, image in images:
            where = str(path) if label == str(path) else f"{path} ({label})"
            try:
                result = sheet.read_sheet(image, where, map_override=map_id,  # type: ignore[attr-defined]
                                          seed=seed, threshold=limit)
            except sheet.ReadError as exc:  # type: ignore[attr-defined]
                note(f"{where}: {exc}")
                failed = True
                continue
            read_any.append(result)
    if not read_any:
        raise UserError("no sheet could be read" + (" (see above)" if failed else ""))
    maps = {r.map_id for r in read_any}
    if len(maps) > 1:
        raise UserError(f"sheets of {len(maps)} maps ({', '.join(sorted(maps))}); read each "
                        "map's photos apart")
    game_map = load_map(read_any[0].map_id)
    read_any.sort(key=lambda r: r.registered.code.sheet)  # stable: ties keep their order
    names = list(names_given or [])
    if len(names) > len(read_any):
        raise UserError(f"--players: {len(names)} names for {len(read_any)} sheets read")
    taken = {n.casefold() for n in names}
    k = 1
    while len(names) < len(read_any):
        if f"player {k}" not in taken:
            names.append(f"Player {k}")
        k += 1
    seeds = sorted({r.seed for r in read_any if r.seed is not None})
    stem = (f"{game_map.id}-read-{len(read_any)}sheets"
            + (f"-seed-{safe_name(str(seeds[0]))}" if len(seeds) == 1 else ""))
    csv_path = output_path(output, stem, "csv", inputs=photos)
    if review_path is None:
        base = csv_path if not is_stdout(csv_path) else Path("output") / f"{stem}.csv"
        review_path = base.with_name(f"{base.stem}-review.pdf")
    review_target = output_path(review_path, stem, "pdf", inputs=photos)
    illegal = False
    for result, name in zip(read_any, names, strict=True):
        code = result.registered.code
        turned = result.registered.turned
        how = " (upside down)" if 135 <= turned <= 225 else ""
        seed_text = "unseeded" if result.seed is None else f"seed {result.seed}"
        note(f"{result.source}: {code.map_id} sheet {code.sheet}, {seed_text}{how} -> "
             f"column {name}: {len(result.readings)} circles, {len(result.doubtful)} "
             "doubtful")
        for reading in result.doubtful:
            guess = f"reads {reading.guess}, " if reading.guess else ""
            note(f"{result.source}: {reading.space}: ? ({guess}{reading.why})")
        for extra in result.notes:
            note(f"{result.source}: {extra}")
        if result.problem:
            illegal = True
            note(f"{result.source}: {name}: not a legal board of seed {result.seed}: "
                 f"{result.problem}")
    text = sheet.board_csv(game_map, read_any, names,  # type: ignore[attr-defined]
                           None if is_stdout(review_target) else str(review_target))
    pdf = review.review_pdf(read_any, names)  # type: ignore[attr-defined]
    write_atomically(csv_path, text.encode("utf-8"))
    write_atomically(review_target, pdf)
    report([csv_path, review_target])
    doubtful = sum(len(r.doubtful) for r in read_any)
    if doubtful:
        note(f"{doubtful} doubtful cell(s) written ?: look them up in {review_target} and "
             "type them in before `sheetgen score`")
    if failed:
        sys.exit(1)
    if illegal:
        sys.exit(3)


COMMANDS = (read_command,)
