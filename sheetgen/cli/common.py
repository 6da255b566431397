"""What every command shares: user errors, the map and paper options, safe output."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import click

from sheetgen.games import Game, GameError, game_of, resolve_map
from sheetgen.model import Map
from sheetgen.templates import Paper, UnknownTemplateError, paper, paper_ids

F = TypeVar("F", bound=Callable[..., Any])

DEFAULT_OUTPUT_DIR = Path("output")
FORMATS = ("pdf", "svg", "png")


class UserError(click.ClickException):
    """A mistake in the user's input: one line on stderr, exit code 1, nothing written."""

    exit_code = 1


def load_map(word: str) -> Map:
    """The map named by a map id, or by a game id that has one map."""
    with game_errors():
        return resolve_map(word)


def load_game(word: str) -> tuple[Game, Map]:
    """The map a word names and the game it is played in (the registry's entry)."""
    game_map = load_map(word)
    with game_errors():
        return game_of(game_map), game_map


@contextmanager
def game_errors(prefix: str = "") -> Iterator[None]:
    """Report a game's refusal (a part it lacks, a bad seed, no drawing yet) as a user
    error, optionally naming the option at fault."""
    try:
        yield
    except GameError as exc:
        raise UserError(f"{prefix}{exc}") from None


def read_text(path: Path) -> str:
    """A text input file (a scoring CSV) as text, or a UserError naming the line of the
    first byte that is not UTF-8."""
    if not path.is_file():
        raise UserError(f"{path}: no such file")
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise UserError(f"{path}:{line}: expected UTF-8 text; got byte "
                        f"0x{data[exc.start]:02x}") from None


def _paper_callback(ctx: click.Context, param: click.Parameter, value: str) -> Paper:
    try:
        return paper(value)
    except UnknownTemplateError as exc:
        raise UserError(f"--paper: {exc}") from None


def paper_option(func: F) -> F:
    return click.option(
        "--paper", default="a4", show_default=True, metavar="|".join(paper_ids()),
        callback=_paper_callback, help="Paper size.")(func)


def _format_callback(ctx: click.Context, param: click.Parameter, value: str) -> str:
    fmt = value.strip().lower()
    if fmt not in FORMATS:
        raise UserError(f"--format: unknown format {value!r}; known: {', '.join(FORMATS)}")
    return fmt


def format_option(func: F) -> F:
    return click.option(
        "--format", "fmt", default="pdf", show_default=True, metavar="|".join(FORMATS),
        callback=_format_callback,
        help="pdf: one file, a page each; svg/png: one file a page (-1, -2 ... when several).",
    )(func)


def output_option(func: F) -> F:
    return click.option(
        "-o", "--output", type=click.Path(path_type=Path), default=None,
        help="Output file (default: a descriptive name in ./output/).")(func)


def output_path(explicit: Path | None, default_name: str, fmt: str = "pdf",
                inputs: Iterable[Path] = ()) -> Path:
    """The file to write: ``explicit`` if given, else ``output/<default_name>.<fmt>``.

    Refuses a path that is one of the command's input files or an existing folder.
    """
    path = explicit if explicit is not None else DEFAULT_OUTPUT_DIR / f"{default_name}.{fmt}"
    if path.is_dir():
        raise UserError(f"-o: {path} is a folder; give a file name")
    for source in inputs:
        if path.exists() and source.exists() and path.resolve() == source.resolve():
            raise UserError(f"-o: {path} is an input file; refusing to overwrite it")
    return path


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file, so a failure leaves nothing
    half-written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        # mkstemp makes the file private (0600); give it the mode any new file gets.
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def page_paths(path: Path, count: int) -> list[Path]:
    """One path per page for formats that hold one page a file: ``x.svg`` or
    ``x-1.svg``, ``x-2.svg`` ..."""
    if count == 1:
        return [path]
    return [path.with_name(f"{path.stem}-{i}{path.suffix}") for i in range(1, count + 1)]


def write_pages(path: Path, fmt: str, svgs: Sequence[str], title: str,
                bookmarks: Sequence[Any] = ()) -> list[Path]:
    """Write drawn pages as one PDF, or as one SVG/PNG file a page. Returns what was
    written. Everything is rendered before the first byte is written."""
    from sheetgen.render import pdf

    if fmt == "pdf":
        blobs = [pdf.build_pdf(svgs, title, bookmarks)]
        targets = [path]
    elif fmt == "svg":
        blobs = [s.encode("utf-8") for s in svgs]
        targets = page_paths(path, len(svgs))
    else:
        blobs = [pdf.svg_to_png(s) for s in svgs]
        targets = page_paths(path, len(svgs))
    for target, blob in zip(targets, blobs, strict=True):
        write_atomically(target, blob)
    return targets


def report(paths: Sequence[Path]) -> None:
    """Tell the user what was written (stderr, so stdout stays clean for JSON)."""
    for p in paths:
        click.echo(f"wrote {p}", err=True)
