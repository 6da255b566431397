"""Writing what a command makes: safe files, default names, formats, standard output.

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

A refusal is an :class:`OutputError` (one line for the user), or an
:class:`OutputUsageError` when the options contradict each other; the command line
reports them (``cli.common``). Nothing here knows a game.
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
from pathlib import Path
from types import FrameType
from typing import Any, BinaryIO

DEFAULT_OUTPUT_DIR = Path("output")
FORMATS = ("pdf", "svg", "png")
TEXT_FORMATS = frozenset({"json", "csv", "svg", "txt"})
KNOWN_EXTENSIONS = frozenset({"pdf", "svg", "png", "json", "csv"})
STDOUT = Path("-")
PERFECT_TIME_LIMIT = 60.0
"""``--time-limit``'s default for the perfect game, seconds (left out of default file
names)."""
STALE_TMP_S = 600
"""A temporary file without a live owner older than this is removed by the next run."""


class OutputError(ValueError):
    """A destination that cannot be written, or output that cannot go where it is asked:
    one line for the user (exit 1)."""


class OutputUsageError(OutputError):
    """Options that contradict each other, e.g. ``-o x.png --format pdf`` (exit 2)."""


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
            raise OutputUsageError(f"-o {explicit}: the extension says {ext} but --format "
                                   f"says {fmt}; make them agree")
        return fmt
    if ext in produces:
        return ext
    if ext in KNOWN_EXTENSIONS and explicit is not None:
        raise OutputUsageError(f"-o {explicit}: this command writes "
                               f"{' or '.join(produces)}, not {ext}")
    return default or produces[0]


def check_destination(path: Path) -> None:
    """Refuse, before any work, a destination that cannot be written: an existing folder,
    a file standing where a folder is needed, or a folder that cannot be written."""
    if path.is_dir():
        raise OutputError(f"-o: {path} is a folder; give a file name")
    parent = path.parent
    probe = parent
    while not probe.exists():
        if probe.parent == probe:
            break
        probe = probe.parent
    if probe.exists() and not probe.is_dir():
        raise OutputError(f"-o: {path}: {probe} is a file, not a folder")
    if not os.access(probe, os.W_OK | os.X_OK) or not _can_create_in(probe):
        raise OutputError(f"-o: {path}: the folder {probe} cannot be written")
    if path.exists() and not os.access(path, os.W_OK):
        raise OutputError(f"-o: {path} exists and cannot be replaced (read-only)")


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
            raise OutputError(f"-o -: {fmt.upper()} is binary and standard output is a "
                            "terminal; redirect it (> file) or give a file name")
        return STDOUT
    path = explicit if explicit is not None else DEFAULT_OUTPUT_DIR / f"{default_name}.{fmt}"
    check_destination(path)
    for source in inputs:
        if path.exists() and source.exists() and path.resolve() == source.resolve():
            raise OutputError(f"-o: {path} is an input file; refusing to overwrite it")
    return path


def safe_name(text: str, limit: int = 24) -> str:
    """A part of a default file name that stays short: long values (a thousand-digit
    seed) keep their first digits and a hash of the whole."""
    import hashlib

    if len(text) <= limit:
        return text
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]
    return f"{text[:8]}-{digest}"


def perfect_tag(time_limit: float, work: bool = False) -> str:
    """A default file name's part for the perfect game: ``-perfect``, with the time limit
    when it is not the default (``-perfect-20s``), or the work limit (``-perfect-work-20s``:
    a deterministic budget, whose result is the same everywhere, so it is named apart)."""
    if time_limit == PERFECT_TIME_LIMIT and not work:
        return "-perfect"
    return f"-perfect{'-work' if work else ''}-{safe_name(f'{time_limit:g}')}s"


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
        raise OutputError(f"-o: {path} cannot be written ({exc.strerror or exc})") from None


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


def write_pages(path: Path, fmt: str, svgs: Sequence[Any], title: str,
                bookmarks: Sequence[Any] = (),
                progress: Callable[[], None] | None = None) -> list[Path]:
    """Write drawn pages (SVG text, or ``draw.pdf`` layers) as one PDF, or as one SVG/PNG
    file a page (``-``: standard output, one page only for SVG/PNG). Returns what was
    written. Everything is rendered before the first byte is written; a PDF's pages are
    taken one at a time, and ``progress`` is called after each."""
    from sheetgen.draw import pdf

    if fmt != "pdf" and is_stdout(path) and len(svgs) != 1:
        raise OutputError(f"-o -: {len(svgs)} pages; standard output holds one {fmt.upper()} "
                        "page: give a file name")
    if fmt == "pdf":
        blobs = [pdf.build_pdf(svgs, title, bookmarks, progress)]
        targets = [path]
    else:
        blobs = []
        for page in svgs:
            drawing = pdf.page_svg(page)
            blobs.append(drawing.encode("utf-8") if fmt == "svg" else pdf.svg_to_png(drawing))
            if progress is not None:
                progress()
        targets = page_paths(path, len(svgs))
    for target, blob in zip(targets, blobs, strict=True):
        write_atomically(target, blob)
    return [] if is_stdout(path) else targets


# --- JSON ---------------------------------------------------------------------------------

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
