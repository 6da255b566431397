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
from sheetgen.model import Board, Deadline, Map
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
_write_pages = _output_errors(output.write_pages)


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

def _terminal() -> bool:
    """Whether a progress bar may be shown: stderr is a terminal (never a pipe or a
    log)."""
    return sys.stderr.isatty()


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
        self.shown = _terminal()

    def grow(self, more: int) -> None:
        """``more`` items join the job (pages known once their parts are drawn)."""
        self.total += more
        if self.bar is not None:
            self.bar.length = self.total

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
                      after_s: float | None = None) -> _LateBar:
    """A callback to call once per finished item of ``total``: see ``_LateBar``
    (``after_s`` defaults to ``PROGRESS_AFTER_S``)."""
    return _LateBar(total, label, PROGRESS_AFTER_S if after_s is None else after_s)


@contextmanager
def clock_progress(seconds: float, label: str) -> Iterator[None]:
    """A bar that fills with the wall clock over ``seconds`` while the block runs (a
    search that has a time limit and no steps to count), on a terminal, after
    ``PROGRESS_AFTER_S``; it ends with the block."""
    import threading

    if not _terminal() or seconds <= 0:
        yield
        return
    done = threading.Event()
    steps = max(1, int(seconds * 4))

    def tick() -> None:
        bar = progress_callback(steps, label)
        for _ in range(steps):
            if done.wait(seconds / steps):
                break
            bar()
        if bar.bar is not None:
            bar.bar.__exit__(None, None, None)

    worker = threading.Thread(target=tick, daemon=True)
    worker.start()
    try:
        yield
    finally:
        done.set()
        worker.join()


# --- the perfect game's limits ----------------------------------------------------------

PERFECT_FINISH_S = 0.2
"""Seconds kept after the search for writing a CSV or JSON answer."""
MAX_TIME_LIMIT = 86_400.0
"""The largest ``--time-limit`` and ``--work-limit``: a day."""


def started() -> float:
    """When this run of the command line began (``time.monotonic()``): the clock
    ``--time-limit`` counts from."""
    ctx = click.get_current_context(silent=True)
    while ctx is not None and ctx.parent is not None:
        ctx = ctx.parent
    if ctx is not None and "sheetgen.started" in ctx.meta:
        return float(ctx.meta["sheetgen.started"])
    return time.monotonic()


def perfect_limit_options(func: F) -> F:
    """``--time-limit S`` (wall clock, the default) and ``--work-limit S``
    (deterministic), for commands that search the perfect game."""
    func = click.option(
        "--work-limit", type=click.FloatRange(min=0, min_open=True, max=MAX_TIME_LIMIT),
        default=None, metavar="S",
        help="Instead of the clock, a deterministic budget for --perfect: S seconds of the "
             "solver's work on a 2-core reference machine, so the same seed and budget "
             "give the same board and bound on every machine (a busy or slow machine "
             "takes longer). Not with --time-limit.")(func)
    return click.option(
        "--time-limit", type=click.FloatRange(min=0, min_open=True, max=MAX_TIME_LIMIT),
        default=None, metavar="S",
        help=f"Wall-clock seconds for the whole command with --perfect (default "
             f"{PERFECT_TIME_LIMIT:g}): the search gets what the rest leaves and the "
             "command ends within S (give or take a tenth) unless the machine is too "
             "busy to do the rest of the command within S; when the "
             "optimum is not proven by then, the best board, a proven upper bound and the "
             "gap are reported. The board may differ between machines: --work-limit "
             "gives the same answer everywhere.")(func)


def perfect_limit(time_limit: float | None, work_limit: float | None) -> tuple[float, bool]:
    """(seconds, clocked) from the two options: the work limit when given (deterministic),
    else the time limit or its default (the wall clock)."""
    if time_limit is not None and work_limit is not None:
        raise click.UsageError("--time-limit and --work-limit: choose one (the clock, or "
                               "a deterministic budget)")
    if work_limit is not None:
        return work_limit, False
    return (PERFECT_TIME_LIMIT if time_limit is None else time_limit), True


def deadline(seconds: float, reserve: float) -> Deadline:
    """The search's deadline: ``seconds`` after the command began, less ``reserve`` for
    what the command does after the search."""
    return Deadline(started() + seconds - reserve, seconds)


def search_perfect(game: Game, game_map: Map, script: Any,
                   limit: float | Deadline) -> Any:
    """The game's perfect game (``Game.perfect``), with a bar filling with the clock on
    a terminal."""
    seconds = limit.left(time.monotonic()) if isinstance(limit, Deadline) else limit
    with clock_progress(seconds, f"Perfect game of {game_map.id} seed {script.seed}"), \
            game_errors("--perfect: "):
        return game.perfect(game_map, script, limit)


def write_pages(path: Path, fmt: str, pages: Sequence[Any], title: str,
                bookmarks: Sequence[Any] = ()) -> list[Path]:
    """``sheetgen.output.write_pages``, with a bar over the pages on a terminal once it
    has taken ``PROGRESS_AFTER_S``."""
    bar = progress_callback(len(pages), "Drawing the pages")
    return _write_pages(path, fmt, pages, title, bookmarks, progress=bar)


def write_document(path: Path, parts: Sequence[Any], title: str,
                   bar: _LateBar | None = None, document: Any = None) -> None:
    """The parts (``sheetgen.document.Part``) as one bookmarked PDF at ``path``, with a
    bar over the pages on a terminal (``bar``, grown by the pages, or a new one);
    ``document``: a ``draw.pdf.Document`` whose drawings were prepared."""
    from sheetgen.document import document_pdf

    pages = sum(len(part.pages) for part in parts)
    if bar is None:
        bar = progress_callback(pages, "Drawing the pages")
    else:
        bar.grow(pages)
    write_atomically(path, document_pdf(parts, title, progress=bar, document=document))


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
