"""What every command shares: user errors, the map, paper, format and output options,
progress bars, player names.

The work itself is the library's: files are read by ``sheetgen.csvio`` (through
``sheetgen.games.boards.read_boards`` for scoring CSVs) and written by ``sheetgen.output``,
whose conventions every command follows. Their refusals reach the user here, as one line
and exit code 1 (:class:`UserError`), or 2 for options that contradict each other.
"""

from __future__ import annotations

import functools
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

import click

from sheetgen import output
from sheetgen.csvio import BoardFormatError
from sheetgen.games import Game, GameError, game_of, resolve_map
from sheetgen.model import Board, Map
from sheetgen.output import (
    DEFAULT_OUTPUT_DIR,
    FORMATS,
    KNOWN_EXTENSIONS,
    PERFECT_TIME_LIMIT,
    STDOUT,
    TEXT_FORMATS,
    OutputError,
    OutputUsageError,
    is_stdout,
    names_tag,
    page_paths,
    perfect_tag,
    remove_stale_temporaries,
    safe_name,
    with_schema,
    write_stdout,
)
from sheetgen.templates import Paper, UnknownTemplateError, paper, paper_ids

__all__ = ["DEFAULT_OUTPUT_DIR", "FORMATS", "KNOWN_EXTENSIONS", "PERFECT_TIME_LIMIT",
           "STDOUT", "TEXT_FORMATS", "is_stdout", "names_tag", "page_paths", "perfect_tag",
           "remove_stale_temporaries", "safe_name", "with_schema", "write_stdout"]

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")
P = ParamSpec("P")

PROGRESS_AFTER_S = 2.0
"""A progress bar appears on a terminal once a run has taken this long."""


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


def _paper_callback(ctx: click.Context, param: click.Parameter, value: str) -> Paper:
    try:
        return paper(value)
    except UnknownTemplateError as exc:
        raise UserError(f"--paper: {exc}") from None


def paper_option(func: F) -> F:
    return click.option(
        "--paper", default="a4", show_default=True, metavar="|".join(paper_ids()),
        callback=_paper_callback, shell_complete=_complete(paper_ids),
        help="Paper size.")(func)


def _ink_callback(ctx: click.Context, param: click.Parameter, value: str) -> str:
    from sheetgen.draw.style import INK_MODES

    mode = value.strip().lower()
    if mode not in INK_MODES:
        raise UserError(f"--ink: unknown ink mode {value!r}; known: {', '.join(INK_MODES)}")
    return mode


def ink_option(func: F) -> F:
    """``--ink full|low``: low draws outlines and patterns, no large fills."""
    return click.option(
        "--ink", default="full", show_default=True, metavar="full|low",
        callback=_ink_callback, shell_complete=_complete(lambda: ("full", "low")),
        help="low: outlines and hatching, no large fills (white card headers with a "
             "coloured rule); still reads in greyscale.")(func)


def ink_tag(ink: str) -> str:
    """What ``--ink`` adds to a default file name."""
    return "" if ink == "full" else f"-ink-{ink}"


def _complete(choices: Callable[[], Iterable[str]]) -> Callable[..., list[str]]:
    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
        return [c for c in choices() if c.startswith(incomplete.lower())]
    return complete


def complete_with(choices: Callable[[], Iterable[str]]) -> Callable[..., list[str]]:
    """A Click ``shell_complete`` callback offering ``choices()``."""
    return _complete(choices)


def _format_callback(ctx: click.Context, param: click.Parameter,
                     value: str | None) -> str | None:
    if value is None:
        return None
    fmt = value.strip().lower()
    if fmt not in FORMATS:
        raise UserError(f"--format: unknown format {value!r}; known: {', '.join(FORMATS)}")
    return fmt


def format_option(func: F) -> F:
    """``--format``; None when not given, so that the extension of ``-o`` can decide
    (see ``choose_format``)."""
    return click.option(
        "--format", "fmt", default=None, metavar="|".join(FORMATS),
        callback=_format_callback, shell_complete=_complete(lambda: FORMATS),
        help="pdf (default): one file, a page each; svg/png: one file a page (-1, -2 ... "
             "when several). Default: the extension of -o, else pdf.",
    )(func)


def output_option(func: F) -> F:
    return click.option(
        "-o", "--output", type=click.Path(path_type=Path), default=None,
        help="Output file; '-' for standard output (default: a descriptive name in "
             "./output/).")(func)




def report(paths: Sequence[Path]) -> None:
    """Tell the user what was written (stderr, so stdout stays clean for JSON)."""
    for p in paths:
        if not is_stdout(p):
            click.echo(f"wrote {p}", err=True)


def note(message: str) -> None:
    """Something worth knowing that is not an error: one line on stderr."""
    click.echo(message, err=True)


# --- the library's refusals ----------------------------------------------------------------

def _output_errors(func: Callable[P, T]) -> Callable[P, T]:
    """``func`` of ``sheetgen.output`` with its refusals as the command line's errors."""
    @functools.wraps(func)
    def reporting(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return func(*args, **kwargs)
        except OutputUsageError as exc:
            raise click.UsageError(str(exc)) from None
        except OutputError as exc:
            raise UserError(str(exc)) from None
    return reporting


choose_format = _output_errors(output.choose_format)
check_destination = _output_errors(output.check_destination)
output_path = _output_errors(output.output_path)
write_atomically = _output_errors(output.write_atomically)
write_pages = _output_errors(output.write_pages)


def require_file(path: Path) -> None:
    """Refuse, before any work, an input path that names no file."""
    from sheetgen.csvio import require_file

    try:
        require_file(path)
    except BoardFormatError as exc:
        raise UserError(exc.report) from None


def read_boards(paths: Sequence[Path], map_word: str | None, encoding: str | None = None,
                *, printed: bool = False) -> tuple[Game, Map, list[Board]]:
    """``sheetgen.games.boards.read_boards`` with its notes on stderr and its refusals
    (every problem of a file, with its line and column) as a user error."""
    from sheetgen.games.boards import read_boards as read

    try:
        return read(paths, map_word, encoding, printed=printed, note=note)
    except BoardFormatError as exc:
        raise UserError(exc.report) from None
    except GameError as exc:
        raise UserError(str(exc)) from None


def encoding_option(func: F) -> F:
    return click.option(
        "--encoding", default=None, metavar="NAME",
        help="The CSV's text encoding, e.g. utf-8, utf-16, cp1252 (default: by byte order "
             "mark, else UTF-8, else Windows-1252 with a note).")(func)


# --- progress ----------------------------------------------------------------------------

class _LateBar:
    """A progress callback: after ``after_s`` seconds of a long job, a bar on stderr,
    only when stderr is a terminal (never in a pipe or a log)."""

    def __init__(self, total: int, label: str, after_s: float) -> None:
        self.total = total
        self.label = label
        self.after_s = after_s
        self.done = 0
        self.start = time.monotonic()
        self.bar: Any = None
        self.shown = sys.stderr.isatty()

    def __call__(self, step: str = "") -> None:
        self.done += 1
        if self.bar is None and self.shown and time.monotonic() - self.start >= self.after_s:
            self.bar = click.progressbar(length=self.total, label=self.label,
                                         file=sys.stderr)
            self.bar.__enter__()
            self.bar.update(self.done - 1)
        if self.bar is not None:
            self.bar.update(1)
            if self.done >= self.total:
                self.bar.__exit__(None, None, None)
                self.bar = None
                self.shown = False


def progress_callback(total: int, label: str,
                      after_s: float = PROGRESS_AFTER_S) -> Callable[[str], None]:
    """A callback to call once per finished item of ``total``: see ``_LateBar``."""
    return _LateBar(total, label, after_s)


# --- small shared pieces -------------------------------------------------------------------

def _map_words() -> list[str]:
    from sheetgen.games import games
    from sheetgen.maps import map_ids

    words = list(map_ids())
    words += [g.id for g in games() if g.id not in words and g.default_map() is not None]
    return words


def complete_maps(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Shell completion of a MAP argument: map ids, and games that stand for a map."""
    return [w for w in _map_words() if w.startswith(incomplete.lower())]


def refuse_unprintable(name: str, where: str) -> None:
    """A UserError when a name that is to be drawn holds characters no shipped font can
    print as typed (``where`` names the option)."""
    from sheetgen.games.boards import unprintable_name

    problem = unprintable_name(name)
    if problem:
        raise UserError(f"{where}: {problem}")


def parse_players(value: str, option: str = "--players") -> list[str]:
    """Comma-separated player names, each checked by the reader's name rule."""
    from sheetgen.csvio import name_problem, short

    names = [n.strip() for n in value.split(",")]
    seen: set[str] = set()
    for name in names:
        if not name:
            raise UserError(f"{option}: {short(value)} has a blank name; expected names "
                            "separated by commas, e.g. Alice,Bob")
        problem = name_problem(name)
        if problem:
            raise UserError(f"{option}: {problem}")
        refuse_unprintable(name, option)
        if name.casefold() in seen:
            raise UserError(f"{option}: {short(name)} is given twice; names must differ")
        seen.add(name.casefold())
    return names
