"""What every command shares: user errors, the map and paper options, reading a scoring
CSV, and safe output.

Output conventions (every command follows them):

* ``-o PATH`` names the file; without it a descriptive name in ``./output/`` is used, and
  every option that changes the file is part of that name.
* The destination is checked before any work or printing: an existing folder, a folder
  that does not exist and cannot be made, or one that cannot be written is refused.
* ``-o -`` is standard output for text formats (JSON, CSV, SVG); a binary format (PDF,
  PNG) goes to standard output only when it is not a terminal.
* The format follows the extension of ``-o`` where the command can produce it; an
  extension that contradicts ``--format`` is a usage error (exit 2).
* Files are written through a hidden temporary file in the same folder and renamed into
  place; an interrupted write (Ctrl-C, SIGTERM, SIGHUP) removes it, and the next run to
  the same file removes any left by a process that was killed outright.
"""

from __future__ import annotations

import glob
import os
import secrets
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any, BinaryIO, TypeVar

import click

from sheetgen.games import Game, GameError, game_of, resolve_map
from sheetgen.model import Map
from sheetgen.templates import Paper, UnknownTemplateError, paper, paper_ids

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")

DEFAULT_OUTPUT_DIR = Path("output")
FORMATS = ("pdf", "svg", "png")
TEXT_FORMATS = frozenset({"json", "csv", "svg", "txt"})
KNOWN_EXTENSIONS = frozenset({"pdf", "svg", "png", "json", "csv"})
STDOUT = Path("-")
PERFECT_TIME_LIMIT = 60.0
"""``--time-limit``'s default for the perfect game, seconds (left out of default file
names)."""
PROGRESS_AFTER_S = 2.0
"""A progress bar appears on a terminal once a run has taken this long."""
STALE_TMP_S = 600
"""A temporary file without a live owner older than this is removed by the next run."""


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


def read_text(path: Path, encoding: str | None = None) -> str:
    """A scoring CSV as text: see ``read_board_text``, the one reader of every command."""
    return read_board_text(path, encoding).text


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
    from sheetgen.render.style import INK_MODES

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


def is_stdout(path: Path | None) -> bool:
    return path is not None and str(path) == "-"


def choose_format(explicit: Path | None, fmt: str | None, produces: Sequence[str],
                  default: str | None = None) -> str:
    """The format to write: ``--format`` if given, else the extension of ``-o`` when the
    command can produce it, else ``default`` (the first of ``produces``). An extension
    naming a different known format than ``--format`` is a usage error."""
    ext = ""
    if explicit is not None and not is_stdout(explicit):
        ext = explicit.suffix.lower().lstrip(".")
    if fmt is not None:
        if ext in KNOWN_EXTENSIONS and ext != fmt:
            raise click.UsageError(f"-o {explicit}: the extension says {ext} but --format "
                                   f"says {fmt}; make them agree")
        return fmt
    if ext in produces:
        return ext
    if ext in KNOWN_EXTENSIONS and explicit is not None:
        raise click.UsageError(f"-o {explicit}: this command writes "
                               f"{' or '.join(produces)}, not {ext}")
    return default or produces[0]


def check_destination(path: Path) -> None:
    """Refuse, before any work, a destination that cannot be written: an existing folder,
    a file standing where a folder is needed, or a folder that cannot be written."""
    if path.is_dir():
        raise UserError(f"-o: {path} is a folder; give a file name")
    parent = path.parent
    probe = parent
    while not probe.exists():
        if probe.parent == probe:
            break
        probe = probe.parent
    if probe.exists() and not probe.is_dir():
        raise UserError(f"-o: {path}: {probe} is a file, not a folder")
    if not os.access(probe, os.W_OK | os.X_OK) or not _can_create_in(probe):
        raise UserError(f"-o: {path}: the folder {probe} cannot be written")
    if path.exists() and not os.access(path, os.W_OK):
        raise UserError(f"-o: {path} exists and cannot be replaced (read-only)")


def _can_create_in(folder: Path) -> bool:
    """Whether a file can be made in ``folder`` (a probe made and removed at once; the
    permission bits alone do not tell for root, read-only mounts or /proc)."""
    probe = folder / f".sheetgen-probe.{os.getpid()}.{secrets.token_hex(4)}{_TMP_SUFFIX}"
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError:
        return False
    os.close(fd)
    probe.unlink(missing_ok=True)
    return True


def output_path(explicit: Path | None, default_name: str, fmt: str = "pdf",
                inputs: Iterable[Path] = ()) -> Path:
    """The file to write: ``explicit`` if given, else ``output/<default_name>.<fmt>``;
    ``-`` (standard output) is returned as is. Checked before any work: see
    ``check_destination``; an input file of the command is refused too. A binary format
    to a terminal is refused."""
    if is_stdout(explicit):
        if fmt not in TEXT_FORMATS and sys.stdout.isatty():
            raise UserError(f"-o -: {fmt.upper()} is binary and standard output is a "
                            "terminal; redirect it (> file) or give a file name")
        return STDOUT
    path = explicit if explicit is not None else DEFAULT_OUTPUT_DIR / f"{default_name}.{fmt}"
    check_destination(path)
    for source in inputs:
        if path.exists() and source.exists() and path.resolve() == source.resolve():
            raise UserError(f"-o: {path} is an input file; refusing to overwrite it")
    return path


def safe_name(text: str, limit: int = 24) -> str:
    """A part of a default file name that stays short: long values (a thousand-digit
    seed) keep their first digits and a hash of the whole."""
    import hashlib

    if len(text) <= limit:
        return text
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]
    return f"{text[:8]}-{digest}"


def perfect_tag(time_limit: float) -> str:
    """A default file name's part for the perfect game: ``-perfect``, with the time limit
    when it is not the default (``-perfect-20s``)."""
    if time_limit == PERFECT_TIME_LIMIT:
        return "-perfect"
    return f"-perfect-{safe_name(f'{time_limit:g}')}s"



# --- writing ---------------------------------------------------------------------------

_TMP_SUFFIX = ".tmp"


def _tmp_pattern(path: Path) -> str:
    return f".{glob.escape(path.name)}.*{_TMP_SUFFIX}"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


def remove_stale_temporaries(path: Path) -> list[Path]:
    """Remove temporary files an earlier, killed run left beside ``path``: those whose
    owner process is gone, and unowned ones older than ``STALE_TMP_S``."""
    removed: list[Path] = []
    prefix = f".{path.name}."
    for tmp in path.parent.glob(_tmp_pattern(path)):
        middle = tmp.name[len(prefix):-len(_TMP_SUFFIX)]
        owner = middle.split(".", 1)[0]
        try:
            stale = not _alive(int(owner)) if owner.isdigit() else (
                time.time() - tmp.stat().st_mtime > STALE_TMP_S)
            if stale:
                tmp.unlink()
                removed.append(tmp)
        except OSError:
            continue
    return removed


@contextmanager
def _cleanup_on_signal(tmp: Path) -> Iterator[None]:
    """While the block runs, SIGTERM and SIGHUP remove ``tmp`` and then end the process
    as the signal would have."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    signals = [s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None))
               if s is not None]
    previous: dict[int, Any] = {}

    def handler(signum: int, frame: FrameType | None) -> None:
        tmp.unlink(missing_ok=True)
        for sig, old in previous.items():
            signal.signal(sig, old)
        old = previous.get(signum)
        if callable(old):
            old(signum, frame)
        else:
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)

    for sig in signals:
        previous[sig] = signal.signal(sig, handler)
    try:
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file, so that a failure or a signal
    leaves nothing half-written (``-`` writes to standard output)."""
    if is_stdout(path):
        write_stdout(data)
        return
    try:
        _write_file(path, data)
    except OSError as exc:
        raise UserError(f"-o: {path} cannot be written ({exc.strerror or exc})") from None


def _write_file(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temporaries(path)
    tmp = path.parent / f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}{_TMP_SUFFIX}"
    with _cleanup_on_signal(tmp):
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)  # umask applies
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.replace(tmp, path)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise


def write_stdout(data: bytes) -> None:
    sys.stdout.flush()
    stream: BinaryIO = sys.stdout.buffer
    stream.write(data)
    stream.flush()


def page_paths(path: Path, count: int) -> list[Path]:
    """One path per page for formats that hold one page a file: ``x.svg`` or
    ``x-1.svg``, ``x-2.svg`` ..."""
    if count == 1:
        return [path]
    return [path.with_name(f"{path.stem}-{i}{path.suffix}") for i in range(1, count + 1)]


def write_pages(path: Path, fmt: str, svgs: Sequence[str], title: str,
                bookmarks: Sequence[Any] = ()) -> list[Path]:
    """Write drawn pages as one PDF, or as one SVG/PNG file a page (``-``: standard
    output, one page only for SVG/PNG). Returns what was written. Everything is rendered
    before the first byte is written."""
    from sheetgen.render import pdf

    if fmt != "pdf" and is_stdout(path) and len(svgs) != 1:
        raise UserError(f"-o -: {len(svgs)} pages; standard output holds one {fmt.upper()} "
                        "page: give a file name")
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
    return [] if is_stdout(path) else targets


def report(paths: Sequence[Path]) -> None:
    """Tell the user what was written (stderr, so stdout stays clean for JSON)."""
    for p in paths:
        if not is_stdout(p):
            click.echo(f"wrote {p}", err=True)


def note(message: str) -> None:
    """Something worth knowing that is not an error: one line on stderr."""
    click.echo(message, err=True)


# --- reading a scoring CSV ---------------------------------------------------------------

@dataclass(frozen=True)
class BoardText:
    path: Path
    text: str


def read_board_text(path: Path, encoding: str | None = None) -> BoardText:
    """The text of a scoring CSV: refused over the size limit before it is read, decoded
    by byte order mark, UTF-8, or Windows-1252 (with a note on stderr), or ``encoding``.
    The one reader of every command that reads boards."""
    from sheetgen.boardio import BoardFormatError, check_size, decode

    if not path.is_file():
        raise UserError(f"{path}: no such file" if not path.exists()
                        else f"{path}: not a file")
    try:
        check_size(path.stat().st_size, str(path))
        data = path.read_bytes()
        decoded = decode(data, str(path), encoding)
    except BoardFormatError as exc:
        raise UserError(exc.report) from None
    except OSError as exc:
        raise UserError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    if decoded.note:
        note(decoded.note)
    return BoardText(path, decoded.text)


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

SCHEMA_VERSION = 1


def with_schema(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with ``"schema": 1`` as its first key (every JSON output carries it)."""
    rest = {k: v for k, v in data.items() if k != "schema"}
    return {"schema": SCHEMA_VERSION, **rest}


def names_tag(names: Sequence[str]) -> str:
    """A short, stable tag for a list of player names in a default file name."""
    import hashlib

    joined = "\n".join(names)
    return "named-" + hashlib.sha256(joined.encode("utf-8")).hexdigest()[:8]


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
    print as typed (``where`` names the option, or file, line and column)."""
    from sheetgen.boardio import short
    from sheetgen.render.text import unprintable

    problems = unprintable(name)
    if problems:
        raise UserError(f"{where}: the name {short(name)} cannot be printed: "
                        + "; ".join(problems[:3]) + ("; ..." if len(problems) > 3 else ""))


def parse_players(value: str, option: str = "--players") -> list[str]:
    """Comma-separated player names, each checked by the reader's name rule."""
    from sheetgen.boardio import name_problem, short

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
