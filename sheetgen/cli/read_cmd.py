"""``sheetgen read``: photos or scans of filled sheets back into the scoring CSV."""

from __future__ import annotations

import hashlib
import math
import sys
from pathlib import Path
from typing import Any

import click

from sheetgen.cli.common import (
    DRAWN_FORMATS,
    MAX_SCORED_PLAYERS,
    SEED,
    PathName,
    UserError,
    choose_format,
    complete_maps,
    format_option,
    is_stdout,
    load_map,
    note,
    output_option,
    outputs,
    page_paths,
    players_option,
    safe_name,
)

EXTRA = "pip install 'sheetgen[read]'"
MAX_PHOTOS = MAX_SCORED_PLAYERS
"""Photos, and sheets read, in one run: each sheet is a column of the CSV, and `score`
draws at most this many players."""


class Confidence(click.FloatRange):
    """``--threshold``: a number from 0 to 1, not ``nan`` (which every range admits)."""

    def __init__(self) -> None:
        super().__init__(min=0.0, max=1.0)

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> float:
        number = float(super().convert(value, param, ctx))
        if math.isnan(number):
            self.fail(f"expected a number from 0 to 1, e.g. 0.95; got {value!r}", param, ctx)
        return number


def _modules() -> tuple[object, ...]:
    """The reader's modules; a one-line answer when the optional extra is missing."""
    try:
        from sheetgen.read import cells, review, sheet
    except ImportError as exc:
        raise UserError(f"sheetgen read needs the optional extra ({exc.name} is missing): "
                        f"{EXTRA}") from None
    return cells, review, sheet


@click.command("read")
@click.argument("photos", nargs=-1, required=True, type=PathName(path_type=Path))
@click.option("--map", "map_id", default=None, metavar="MAP", shell_complete=complete_maps,
              help="The map the sheets are for (the sheet's code says it; a code that says "
                   "another map is refused).")
@click.option("--seed", type=SEED, default=None,
              help="The seeded game the sheets were played with, when their code carries "
                   "none (or only a hash: a seed over 24 digits): every number is checked "
                   "against it.")
@players_option(MAX_SCORED_PLAYERS, "Names for the columns, in sheet-number order "
                "(default: Player 1, Player 2 ...; the names as written are in the review "
                "PDF).")
@click.option("--threshold", type=Confidence(), default=None, metavar="T",
              help="Confidence (0-1) below which a cell is written ? (default 0.9).")
@click.option("--review", "review_path", type=PathName(path_type=Path), default=None,
              help="The review PDF, or PNG (default: beside the CSV, named "
                   "...-review.pdf).")
@format_option(DRAWN_FORMATS,
               help="The review's format: pdf (default), one file a page each sheet; png: "
                    "one file a sheet (-1, -2 ... when several). Default: the extension "
                    "of --review, else pdf.")
@output_option
def read_command(photos: tuple[Path, ...], map_id: str | None, seed: int | None,
                 players: list[str] | None, threshold: float | None,
                 review_path: Path | None, fmt: str | None,
                 output: Path | None) -> None:
    """Read photos or scans of filled sheets (JPEG, PNG, or a PDF of scanned pages; one
    sheet an image, in any order) into the scoring CSV that `score` and `check` take,
    one column per sheet in sheet-number order.

    Each sheet is found by its four corner marks and its QR code (map, paper, seed, sheet
    number), straightened, and every circle read with a confidence. A cell the reader is
    not sure of is written ? and listed on stderr; the review (a PDF, or a PNG a sheet
    with --format png) shows each sheet straightened with every reading beside its
    circle, the doubtful ones in red, cut out and enlarged: type the right value over
    the ? and run `sheetgen score`. With a seed
    the reading is checked against the game like `sheetgen check`.

    Exit code 0 when every photo was read, 1 when one could not be or was a copy of
    another (the others are still read and written), 3 when a board is not a legal
    result of its seed. At most 500 photos or sheets a run. -o (a .csv) and --review (a
    .pdf or .png) are checked before any photo is read. Needs the optional extra: pip
    install 'sheetgen[read]'.

    \b
    Examples:
      sheetgen read IMG_0412.jpg IMG_0413.jpg -o evening.csv
      sheetgen read scans.pdf --players Ann,Bo,Cy
      sheetgen read photo.jpg --map usa --seed 4711
      sheetgen read IMG_0412.jpg --review check.png
    """
    if len(photos) > MAX_PHOTOS:
        raise click.UsageError(f"PHOTOS: {len(photos)} given; at most {MAX_PHOTOS} a run")
    seen: dict[Path, Path] = {}
    for path in photos:
        if seen.setdefault(path.resolve(), path) is not path:
            raise click.UsageError(f"PHOTOS: {path} given twice; each photo is read once")
    choose_format(output, None, ("csv",))
    fmt = choose_format(review_path, fmt, DRAWN_FORMATS, option="--review")
    if review_path is not None and is_stdout(review_path):
        raise click.UsageError("--review -: the review goes to a file; name one")
    cells, review, sheet = _modules()
    if map_id is not None:
        map_id = load_map(map_id).id
        readable = sheet.readable_maps()  # type: ignore[attr-defined]
        if map_id not in readable:
            raise click.UsageError(
                f"--map {map_id}: its sheets carry no corner marks or code to read; "
                f"sheetgen read reads {', '.join(readable[:-1])} and {readable[-1]} sheets")
    limit = cells.THRESHOLD if threshold is None else threshold  # type: ignore[attr-defined]
    failed = illegal = False
    with outputs(inputs=photos) as out:
        # Named outputs are checked before any photo is read; default names wait for
        # the sheets' map and seed.
        csv_path = out.target(output, "", "csv") if output is not None else None
        review_target = (out.target(review_path, "", fmt, what="the review",
                                    option="--review")
                         if review_path is not None else None)
        read_any, failed = _read_photos(sheet, photos, map_id, seed, limit)
        maps: dict[str, list[str]] = {}
        for r in read_any:
            maps.setdefault(r.map_id, []).append(r.source)
        if len(maps) > 1:
            which = ", ".join(f"{m} ({', '.join(maps[m])})" for m in sorted(maps))
            raise UserError(f"sheets of {len(maps)} maps: {which}; read each map's photos "
                            "apart")
        game_map = load_map(read_any[0].map_id)
        read_any.sort(key=lambda r: r.registered.code.sheet)  # stable: ties keep order
        if failed and players and len(players) > len(read_any):
            note(f"--players: {len(players)} names for {_sheets(len(read_any))} read, as a "
                 "photo could not be read: the columns are named Player 1 ...; type the "
                 "names over them")
            players = None
        names = _names(players, len(read_any))
        seeds = sorted({r.seed for r in read_any if r.seed is not None})
        if len(seeds) > 1:
            which = "; ".join(f"seed {s}: " + ", ".join(r.source for r in read_any
                                                        if r.seed == s) for s in seeds)
            note(f"sheets of {len(seeds)} seeded games in one board file ({which}): "
                 "`sheetgen check` takes one seed; read each game's photos apart to "
                 "check them")
        stem = (f"{game_map.id}-read-{_sheets(len(read_any)).replace(' ', '-')}"
                + (f"-seed-{safe_name(str(seeds[0]))}" if len(seeds) == 1 else ""))
        if csv_path is None:
            csv_path = out.target(None, stem, "csv")
        if review_target is None:
            base = csv_path if not is_stdout(csv_path) else Path("output") / f"{stem}.csv"
            review_target = out.target(base.with_name(f"{base.stem}-review.{fmt}"), stem,
                                       fmt, what="the review")
        illegal = _tell(read_any, names)
        pages = review.review_pages(read_any, names)  # type: ignore[attr-defined]
        shown = (str(review_target) if fmt == "pdf" or len(pages) == 1 else
                 ", ".join(str(p) for p in page_paths(review_target, len(pages))))
        text = sheet.board_csv(game_map, read_any, names,  # type: ignore[attr-defined]
                               shown)
        out.put(csv_path, text.encode("utf-8"))
        out.put_pages(review_target, fmt, pages, "sheetgen read: review")
    doubtful = sum(len(r.doubtful) for r in read_any)
    if doubtful:
        then = (f"; then `sheetgen check {csv_path}` holds them to the game"
                if len(seeds) == 1 and not is_stdout(csv_path) else "")
        note(f"{doubtful} doubtful {'cell' if doubtful == 1 else 'cells'} written ?: look "
             f"them up in {shown} and type them in before `sheetgen score`{then}")
    if failed:
        sys.exit(1)
    if illegal:
        sys.exit(3)


def _read_photos(sheet: Any, photos: tuple[Path, ...], map_id: str | None,
                 seed: int | None, limit: float) -> tuple[list[Any], bool]:
    """Every sheet of every photo that could be read, and whether one could not (each
    failure a line on stderr); a user error when none could be read."""
    read_any: list[Any] = []
    failed = False
    files: dict[bytes, Path] = {}
    codes: dict[tuple[str, int, int], str] = {}
    for path in photos:
        try:
            data = sheet.file_bytes(path)
            first = files.setdefault(hashlib.sha256(data).digest(), path)
            if first is not path:
                raise sheet.ReadError(f"the same file as {first}: read once")
            images = sheet.load_images(path, data)
        except sheet.ReadError as exc:
            note(f"{path}: {exc}")
            failed = True
            continue
        for label, image in images:
            where = str(path) if label == str(path) else f"{path} ({label})"
            try:
                result = sheet.read_sheet(image, where, map_override=map_id, seed=seed,
                                          threshold=limit)
            except sheet.ReadError as exc:
                note(f"{where}: {exc}")
                failed = True
                continue
            read_any.append(result)
            code = result.registered.code
            if result.seed is not None and code.sheet > 0:
                key = (code.map_id, result.seed, code.sheet)
                seen = codes.setdefault(key, where)
                if seen != where:
                    note(f"{where}: the same sheet's code as {seen} ({code.map_id} sheet "
                         f"{code.sheet}, seed {result.seed}): if it is the same sheet "
                         "photographed twice, leave one photo out")
            if len(read_any) > MAX_PHOTOS:
                raise UserError(f"more than {MAX_PHOTOS} sheets in these photos; at most "
                                f"{MAX_PHOTOS} a run: read them in several runs")
    if not read_any:
        raise UserError("no sheet could be read" + (" (see above)" if failed else ""))
    return read_any, failed


def _names(given: list[str] | None, count: int) -> list[str]:
    """A column name per sheet read: the ``--players`` given, then Player K."""
    names = list(given or [])
    if len(names) > count:
        raise UserError(f"--players: {len(names)} names for {_sheets(count)} read")
    taken = {n.casefold() for n in names}
    k = len(names)  # a column's place, past any name --players already took
    while len(names) < count:
        k += 1
        while f"player {k}" in taken:
            k += 1
        names.append(f"Player {k}")
    return names


def _sheets(count: int) -> str:
    return f"{count} sheet" + ("" if count == 1 else "s")


def _tell(read_any: list[Any], names: list[str]) -> bool:
    """What was read, a line a sheet and a line a doubtful cell (stderr); whether a board
    is not a legal result of its seed."""
    illegal = False
    for result, name in zip(read_any, names, strict=True):
        code = result.registered.code
        turned = result.registered.turned
        how = " (upside down)" if 135 <= turned <= 225 else ""
        seed_text = "unseeded" if result.seed is None else f"seed {result.seed}"
        note(f"{result.source}: {code.map_id} sheet {code.sheet_text}, {seed_text}{how} -> "
             f"column {name}: {len(result.readings)} circles, {len(result.doubtful)} "
             "doubtful")
        for reading in result.doubtful:
            guess = (f"reads {' or '.join([reading.guess, *reading.others()])}, "
                     if reading.guess else "")
            note(f"{result.source}: {reading.space}: ? ({guess}{reading.why})")
        for extra in result.notes:
            note(f"{result.source}: {extra}")
        if result.problem:
            illegal = True
            note(f"{result.source}: {name}: not a legal board of seed {result.seed}: "
                 f"{result.problem}")
    return illegal

COMMANDS = (read_command,)
