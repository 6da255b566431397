"""What every command shares: user errors, the contract of options (what a command and a
game honour, numbers with bounds, player names), the map, paper, format and output
options, progress bars.

The work itself is the library's: files are read by ``sheetgen.csvio`` (through
``sheetgen.games.boards.read_boards`` for scoring CSVs) and written by ``sheetgen.output``,
whose conventions every command follows. Their refusals reach the user here, as one line
and exit code 1 (:class:`UserError`), or 2 for options that contradict each other or ask
for something the command cannot do.
"""

from __future__ import annotations

import functools
import math
import os
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

import click
from click.core import ParameterSource

from sheetgen import output
from sheetgen.csvio import BoardFormatError, read_file, seed_line
from sheetgen.games import FEATURES, Game, GameError, game_of, resolve_map
from sheetgen.model import Board, Deadline, Map
from sheetgen.output import (
    DEFAULT_OUTPUT_DIR,
    DRAWN_FORMATS,
    FORMATS,
    KNOWN_EXTENSIONS,
    MAX_PAGES,
    PERFECT_TIME_LIMIT,
    STDOUT,
    TEXT_FORMATS,
    OutputError,
    Outputs,
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

__all__ = ["DEFAULT_OUTPUT_DIR", "DRAWN_FORMATS", "FORMATS", "KNOWN_EXTENSIONS", "MAX_PAGES",
           "PERFECT_TIME_LIMIT", "STDOUT", "TEXT_FORMATS", "is_stdout", "names_tag",
           "page_paths", "perfect_tag", "remove_stale_temporaries", "safe_name",
           "with_schema", "write_stdout"]

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")
P = ParamSpec("P")

PROGRESS_AFTER_S = 2.0
"""A progress bar appears on a terminal once a run has taken this long."""

# --- the documented bounds (README, "Limits") ---------------------------------------------

MAX_SEED_DIGITS = 100_000
"""The longest seed, in digits (more than a shell passes in one argument on most systems);
a seed over ``SHORT_SEED_DIGITS`` digits is written as a hash in file names and QR codes."""
MAX_TIME_LIMIT = 3600.0
"""The longest ``--time-limit``, seconds."""
MAX_SHEETS = 500
"""``sheet -n``: the most player sheets in one run (one page each)."""
MAX_KIT_SHEETS = 100
"""``kit -n``: the most player sheets in one kit."""
MAX_TEMPLATE_PLAYERS = 1000
"""``template -n``: the most player columns in one scoring CSV."""
MAX_SCORED_PLAYERS = 500
"""``score``: the most boards drawn in one annotated PDF (a page each)."""


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


# --- what a command and a game honour ------------------------------------------------------

Requirement = Callable[[Mapping[str, Any]], "str | None"]
"""Given the command's parameters (and the facts it adds, e.g. ``draws``), why an option
cannot be honoured with them (the rest of the usage error), or None when it can."""


class ContractOption(click.Option):
    """An option that declares when it means something: ``needs`` a feature of the game
    (``sheetgen.games.FEATURES``: "player sheets", "perfect", ...), and ``requires`` of
    the other parameters (a :data:`Requirement`). :func:`honour` refuses it, naming it,
    when it was given and cannot be honoured: an option is never silently ignored."""

    def __init__(self, *decls: Any, needs: str | None = None,
                 requires: Requirement | None = None, **attrs: Any) -> None:
        super().__init__(*decls, **attrs)
        if needs is not None and needs not in FEATURES:
            raise ValueError(f"unknown feature {needs!r}")
        self.needs = needs
        self.requires = requires


def option(*decls: Any, needs: str | None = None, requires: Requirement | None = None,
           **attrs: Any) -> Callable[[F], F]:
    """``click.option`` with a declaration of what the option needs (see
    :class:`ContractOption`)."""
    return click.option(*decls, cls=ContractOption, needs=needs, requires=requires, **attrs)


def option_name(param: click.Parameter) -> str:
    """How an option is named in a message: ``-n/--count``, ``--players``."""
    return "/".join(param.opts) if param.opts else (param.name or "?")


def given(ctx: click.Context, name: str) -> bool:
    """Whether the parameter ``name`` was given (not its default)."""
    return ctx.get_parameter_source(name) not in (None, ParameterSource.DEFAULT,
                                                  ParameterSource.DEFAULT_MAP)


def honour(game: Game | None = None, **facts: Any) -> None:
    """Refuse (a usage error, exit 2) every option given to the running command that it
    cannot honour: one the ``game`` lacks the feature for, or one whose requirement the
    other options (and ``facts``, what the command has worked out: ``draws=True``) do not
    meet. Called by each command once it knows its game, before any work."""
    ctx = click.get_current_context()
    values = {**ctx.params, **facts}
    for param in ctx.command.params:
        if not isinstance(param, ContractOption) or param.name is None:
            continue
        if not given(ctx, param.name):
            continue
        name = option_name(param)
        if param.needs is not None and game is not None and param.needs not in game.honours:
            raise click.UsageError(f"{name}: {game.title} {FEATURES[param.needs]}; leave "
                                   f"out {name}", ctx)
        if param.requires is not None:
            why = param.requires(values)
            if why:
                raise click.UsageError(f"{name}: {why}", ctx)


def only_with(key: str, why: str) -> Requirement:
    """A requirement: the parameter (or fact) ``key`` is set."""
    return lambda values: None if values.get(key) else why


def only_without(key: str, why: str) -> Requirement:
    """A requirement: the parameter (or fact) ``key`` is not set."""
    return lambda values: why if values.get(key) else None


DRAWS = only_with("draws", "this run draws nothing (JSON or text only); leave it out, or "
                           "ask for a PDF")
"""``--paper`` and the like: only where the command draws pages."""


# --- numbers --------------------------------------------------------------------------------

def _decimal(text: str) -> bool:
    """Digits only, of any script (what ``int`` reads: ``٣٤``, ``３４``), and no sign,
    underscore or space inside."""
    return bool(text) and all(c.isdecimal() for c in text)


class SeedType(click.ParamType):  # type: ignore[type-arg]
    """A seed: a whole number 0 or more, of any length up to ``MAX_SEED_DIGITS`` digits
    (digits of any script read as their value)."""

    name = "seed"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            if value < 0:
                self.fail(f"expected a whole number 0 or more, got {value}", param, ctx)
            return value
        text = str(value).strip()
        if len(text) > MAX_SEED_DIGITS:
            self.fail(f"a seed of {len(text)} characters; a seed has at most "
                      f"{MAX_SEED_DIGITS} digits", param, ctx)
        if not _decimal(text):
            self.fail(f"expected a whole number 0 or more (digits only), got "
                      f"{_short(text)}", param, ctx)
        return _int(text)


def _int(text: str) -> int:
    """``int(text)`` for digit strings of any length (the interpreter's guard against
    slow conversions refuses more than 4300 digits; seeds are bounded here instead)."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return int(text)
    finally:
        sys.set_int_max_str_digits(limit)


SEED = SeedType()


class TimeLimit(click.FloatRange):
    """Seconds: more than 0, at most ``MAX_TIME_LIMIT``; not ``nan`` or ``inf``."""

    def __init__(self) -> None:
        super().__init__(min=0, max=MAX_TIME_LIMIT, min_open=True)

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> float:
        number = super().convert(value, param, ctx)
        if math.isnan(number):
            self.fail(f"expected a number of seconds, more than 0 and at most "
                      f"{MAX_TIME_LIMIT:g}; got {value!r}", param, ctx)
        return float(number)


def _short(text: str) -> str:
    from sheetgen.csvio import short

    return short(text)


def count_option(maximum: int, help: str, default: int | None = None,
                 minimum: int = 1, needs: str | None = None,
                 requires: Requirement | None = None) -> Callable[[F], F]:
    """``-n/--count``: a number (of sheets, columns, blocks, seats), everywhere."""
    return option("-n", "--count", "count", type=click.IntRange(minimum, maximum),
                  default=default, show_default=default is not None, needs=needs,
                  requires=requires, help=f"{help} ({minimum}-{maximum}).")


def _players_callback(maximum: int) -> Callable[..., list[str] | None]:
    def callback(ctx: click.Context, param: click.Parameter,
                 value: str | None) -> list[str] | None:
        if value is None:
            return None
        text = value.strip()
        if text and all(c.isdigit() or c.isnumeric() for c in text):
            count = text if text.isascii() else "COUNT"
            counted = any(p.name == "count" for p in ctx.command.params)
            then = (f"for a number write -n {count}" if counted else
                    "this command takes no number of players, only their names")
            raise click.UsageError(f"--players takes player names, e.g. --players Ann,Ben; "
                                   f"{then}", ctx)
        names = parse_players(value)
        if len(names) > maximum:
            raise click.UsageError(f"--players: {len(names)} names; at most {maximum}", ctx)
        return names
    return callback


def players_option(maximum: int, help: str, needs: str | None = None,
                   requires: Requirement | None = None, hidden: bool = False
                   ) -> Callable[[F], F]:
    """``--players A,B,...``: player names, everywhere (a number is ``-n``)."""
    return option("--players", default=None, metavar="A,B,...",
                  callback=_players_callback(maximum), needs=needs, requires=requires,
                  hidden=hidden, help=f"{help} Names are printed text, comma-separated; at "
                                      f"most {maximum}.")


# --- the map, paper, format, output -------------------------------------------------------

class MapWord(click.ParamType):  # type: ignore[type-arg]
    """A MAP argument: a map id or a game id, any case (checked when the map is loaded);
    when it is missing, the error lists the words it takes."""

    name = "map"

    def __init__(self, feature: str | None = None) -> None:
        self.feature = feature

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> str:
        return str(value)

    def get_missing_message(self, param: click.Parameter,
                            ctx: click.Context | None) -> str | None:
        return f"Name one: {', '.join(map_words(self.feature))}"

    def shell_complete(self, ctx: click.Context, param: click.Parameter,
                       incomplete: str) -> list[Any]:
        from click.shell_completion import CompletionItem

        return [CompletionItem(w) for w in map_words(self.feature)
                if w.startswith(incomplete.lower())]


def map_argument(feature: str | None = None, metavar: str = "MAP",
                 **attrs: Any) -> Callable[[F], F]:
    """The MAP argument; completion offers the maps whose game has ``feature``."""
    return click.argument("map_id", metavar=metavar, type=MapWord(feature), **attrs)


def _paper_callback(ctx: click.Context, param: click.Parameter, value: str) -> Paper:
    try:
        return paper(value.strip().lower())
    except UnknownTemplateError as exc:
        raise UserError(f"--paper: {exc}") from None


def _paper_option(requires: Requirement | None) -> Callable[[F], F]:
    return option(
        "--paper", default="a4", show_default=True, metavar="|".join(paper_ids()),
        callback=_paper_callback, shell_complete=_complete(paper_ids), requires=requires,
        help="Paper size.")


def paper_option(func: F) -> F:
    """``--paper``, for a command that always draws."""
    return _paper_option(None)(func)


def drawing_paper_option(func: F) -> F:
    """``--paper``, for a command that may draw nothing (JSON or text only): there it is
    refused (``DRAWS``)."""
    return _paper_option(DRAWS)(func)


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


def complete_for_map(choices: Callable[[Game, Map], Iterable[str]],
                     argument: str = "map_id") -> Callable[..., list[str]]:
    """A ``shell_complete`` callback offering ``choices(game, map)`` for the map already
    typed as the command's argument ``argument`` (nothing before it is typed)."""
    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
        # While an option waits for its value, Click leaves the positionals unparsed.
        word = ctx.params.get(argument) or (ctx.args[0] if ctx.args else None)
        if not word:
            return []
        try:
            game_map = resolve_map(str(word))
            found = choices(game_of(game_map), game_map)
        except (GameError, ValueError, KeyError):
            return []
        return [c for c in found if c.lower().startswith(incomplete.lower())]
    return complete


def format_option(formats: Sequence[str] = FORMATS,
                  help: str | None = None) -> Callable[[F], F]:
    """``--format``; None when not given, so that the extension of ``-o`` can decide
    (see ``choose_format``)."""
    def callback(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
        if value is None:
            return None
        fmt = value.strip().lower()
        if fmt not in formats:
            raise UserError(f"--format: unknown format {_short(value)}; known: "
                            f"{', '.join(formats)}")
        return fmt

    pages = " and svg" if "svg" in formats else ""
    return click.option(
        "--format", "fmt", default=None, metavar="|".join(formats), callback=callback,
        shell_complete=_complete(lambda: formats),
        help=help or (f"pdf (default): one file, a page each; png{pages}: one file a page "
                      "(-1, -2 ... when several). Default: the extension of -o, else pdf."))


def json_or_drawing(as_json: bool, output: Path | None, pdf_path: Path | None,
                    fmt: str | None) -> tuple[Path | None, bool, str, str]:
    """The one JSON convention of the commands that print JSON and draw (``score``,
    ``plan``): ``-o`` or ``--pdf`` names the drawing (not both), ``--json`` prints JSON
    and draws only when one of them or ``--format`` asks. Returns the named path (or
    None), whether to draw, the format, and the option that named the path (for
    refusals)."""
    if output is not None and pdf_path is not None:
        raise click.UsageError("-o and --pdf both name the PDF; give one")
    target, option = (output, "-o") if output is not None else (pdf_path, "--pdf")
    if as_json and is_stdout(target):
        raise click.UsageError(f"--json and {option} - both want standard output; write "
                               "the PDF to a file")
    draws = target is not None or not as_json or fmt is not None
    return target, draws, choose_format(target, fmt, DRAWN_FORMATS, option=option), option


class PathName(click.Path):
    """click's Path, refusing an empty name (which it would take for the current
    folder: ``-o ""`` said ". is a folder") and, for a file, a name ending in a slash
    (``-o new/`` wrote a file named ``new``)."""

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not value.strip():
            kind = "file" if self.file_okay else "folder"
            said = "a name of spaces only" if value else "an empty name"
            self.fail(f"{said}; give a {kind} name", param, ctx)
        if (isinstance(value, str) and self.file_okay
                and value.endswith(tuple(s for s in (os.sep, os.altsep, "/") if s))):
            self.fail(f"{output.short_path(value)} names a folder; give a file name",
                      param, ctx)
        return super().convert(value, param, ctx)


def output_option_saying(help: str) -> Callable[[F], F]:
    """``-o/--output`` with its own help text."""
    return click.option("-o", "--output", type=PathName(path_type=Path), default=None,
                        help=help)


def output_option(func: F) -> F:
    return output_option_saying("Output file; '-' for standard output (default: a "
                                "descriptive name in ./output/).")(func)


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


@contextmanager
def outputs(inputs: Iterable[Path] = ()) -> Iterator[Outputs]:
    """The command's outputs as one transaction (``sheetgen.output.Outputs``): name each
    with ``target`` before any work, ``put`` them as they are made; when the block ends
    without an error they are put in place together and reported ("wrote ..."). Their
    refusals are user errors (exit 1) or usage errors (exit 2)."""
    out = Outputs(inputs, progress=lambda pages: progress_callback(pages, "Drawing the pages"))
    try:
        with out:
            yield out
    except OutputUsageError as exc:
        raise click.UsageError(str(exc)) from None
    except OutputError as exc:
        raise UserError(str(exc)) from None
    report(out.written)


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


def file_seed(path: Path, given: int | None, encoding: str | None) -> int:
    """The seed to check ``path`` against: ``given`` (``--seed``), else the file's
    ``# seed:`` line; a file whose line says another seed than ``--seed`` is refused,
    as a ``# map:`` line against ``--map`` is."""
    try:
        found = seed_line(read_file(path, encoding).text)
    except BoardFormatError as exc:
        raise UserError(exc.report) from None
    if found is None:
        if given is None:
            raise click.UsageError(f"give --seed N: {path} has no '# seed: N' line")
        return given
    text, line = found
    try:
        said = SEED.convert(text, None, None)
    except click.BadParameter as exc:
        raise UserError(f"{path}:{line}:1: '# seed:' {exc.message}") from None
    if given is not None and given != said:
        raise UserError(f"{path}:{line}:1: the file says '# seed: {safe_name(text)}' but "
                        f"--seed says {safe_name(str(given))}; leave out --seed, or check "
                        "the file against the game it was played in")
    return said


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
        self.item_start = self.start
        self.note = ""
        self.noted = False
        self.ticker: threading.Thread | None = None

    def working(self, text: str) -> None:
        """What the current item's work is doing. On a terminal, once one item has taken
        ``after_s`` seconds, a line on stderr says so (the item, what it does, its
        seconds so far), again every second until the item is done."""
        self.note = text
        if self.shown and self.ticker is None:
            self.ticker = threading.Thread(target=self._tick, daemon=True)
            self.ticker.start()

    def _tick(self) -> None:
        while self.done < self.total:
            time.sleep(0.25)
            note = self.note
            seconds = time.monotonic() - self.item_start
            if note and seconds >= self.after_s:
                sys.stderr.write(f"\r\x1b[K{self.label} {note} ({seconds:.0f} s)")
                sys.stderr.flush()
                self.noted = True
                time.sleep(0.75)

    def grow(self, more: int) -> None:
        """``more`` items join the job (pages known once their parts are drawn)."""
        self.total += more
        if self.bar is not None:
            self.bar.length = self.total

    def __call__(self, step: str = "") -> None:
        self.done += 1
        self.item_start = time.monotonic()
        if self.note:
            self.note = ""
            if self.noted:
                self.noted = False
                sys.stderr.write("\r\x1b[K")
                sys.stderr.flush()
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
    """A callback to call once per finished item of ``total`` (and its ``working`` with
    what a long item does): see ``_LateBar`` (``after_s`` defaults to
    ``PROGRESS_AFTER_S``)."""
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
    (deterministic), for commands that search the perfect game; each only with
    ``--perfect``, each at most ``MAX_TIME_LIMIT``."""
    func = option(
        "--work-limit", type=TimeLimit(), default=None, metavar="S",
        requires=only_with("perfect", "it limits the search of --perfect; add --perfect"),
        help="Instead of the clock, a deterministic budget for --perfect: S seconds of the "
             "solver's work on a 2-core reference machine, so the same seed and budget "
             "give the same board and bound on every machine (a busy or slow machine "
             f"takes longer). Not with --time-limit. At most {MAX_TIME_LIMIT:g}.")(func)
    return option(
        "--time-limit", type=TimeLimit(), default=None, metavar="S",
        requires=only_with("perfect", "it limits the search of --perfect; add --perfect"),
        help=f"Wall-clock seconds for the whole command with --perfect (default "
             f"{PERFECT_TIME_LIMIT:g}): the search gets what the rest leaves and the "
             "command ends within S (give or take a tenth) unless the machine is too "
             "busy to do the rest of the command within S; when the "
             "optimum is not proven by then, the best board, a proven upper bound and the "
             "gap are reported. The board may differ between machines: --work-limit "
             f"gives the same answer everywhere. At most {MAX_TIME_LIMIT:g}.")(func)


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


def put_document(out: Outputs, path: Path, fmt: str, parts: Sequence[Any], title: str,
                 bar: _LateBar | None = None, document: Any = None) -> None:
    """The parts (``sheetgen.document.Part``) as one bookmarked PDF, or PNG pages, staged
    in ``out``, with a bar over the pages on a terminal (``bar``, grown by the pages, or
    a new one); ``document``: a ``draw.pdf.Document`` whose drawings were prepared."""
    pages = sum(len(part.pages) for part in parts)
    if bar is None:
        bar = progress_callback(pages, "Drawing the pages")
    else:
        bar.grow(pages)
    out.put_parts(path, fmt, parts, title, progress=bar, document=document)


# --- small shared pieces -------------------------------------------------------------------

def map_words(feature: str | None = None) -> list[str]:
    """The words a MAP argument takes: map ids, then games that stand for one map; with
    ``feature``, only those whose game has it (``scoring``: maps with a scoring CSV)."""
    from sheetgen.games import games
    from sheetgen.maps import find_map, map_ids

    words = [m for m in map_ids()
             if feature is None or feature in game_of(find_map(m)).honours]
    for g in games():
        default = g.default_map()
        if g.id in words or default is None:
            continue
        if feature is None or feature in game_of(find_map(default)).honours:
            words.append(g.id)
    return words


def complete_maps(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Shell completion of a MAP argument: map ids, and games that stand for a map."""
    return [w for w in map_words() if w.startswith(incomplete.lower())]


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
