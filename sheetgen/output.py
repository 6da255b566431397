"""Writing what a command makes: safe files, default names, formats, standard output.

Output conventions (every command follows them):

* ``-o PATH`` names the file; without it a descriptive name in ``./output/`` is used (a
  scored PDF: beside its CSV), and every option that changes the file is part of that
  name, in words a person can read (``usa-board-ann-ben.csv``).
* Every destination of a command is checked before any work: against the command's
  input files and against its other outputs (two outputs never share a path), and for
  being writable: an existing folder, a file standing where a folder is needed, a folder
  that cannot be written, a block device or socket, a file name over ``NAME_MAX_BYTES``
  bytes are refused.
* ``-o -`` is standard output for text formats (JSON, CSV, SVG); a binary format (PDF,
  PNG) goes to standard output only when it is not a terminal.
* The format follows the extension of ``-o`` where the command can produce it; an
  extension that contradicts ``--format``, or one the command cannot write, is a usage
  error (exit 2).
* Nothing is written until the command has succeeded: each file is written to a hidden
  temporary file in its folder, and all of a command's files (every page of a multi-page
  SVG or PNG, a scored PDF and its scorepad) are renamed into place together at the end.
  A failure, Ctrl-C, SIGTERM or SIGHUP before then removes the temporaries and any folder
  the command made; the next run to the same file removes any left by a process that was
  killed outright: only files named as sheetgen alone names its temporaries
  (``.<name>.sheetgen-<pid>-<8 hex>.tmp``) whose process is gone.
* ``-o`` onto a symbolic link writes the link's target (atomically, as any file); onto a
  FIFO, a character device or anything under ``/dev/`` or ``/proc/`` (``/dev/null``,
  ``/dev/stdout``) it writes into it directly, at the end, and never renames over it.
* One PDF holds at most ``MAX_PAGES`` pages.

A refusal is an :class:`OutputError` (one line for the user), or an
:class:`OutputUsageError` when the options contradict each other; the command line
reports them (``cli.common``). Nothing here knows a game.
"""

from __future__ import annotations

import glob
import hashlib
import os
import re
import secrets
import signal
import stat
import sys
import threading
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from types import FrameType, TracebackType
from typing import Any, BinaryIO

DEFAULT_OUTPUT_DIR = Path("output")
FORMATS = ("pdf", "svg", "png")
"""What a command that draws pages writes: one PDF, or one SVG or PNG file a page."""
DRAWN_FORMATS = ("pdf", "png")
"""What a command whose pages are bound into one document (a kit, scored boards) writes."""
TEXT_FORMATS = frozenset({"json", "csv", "svg", "txt"})
KNOWN_EXTENSIONS = frozenset({"pdf", "svg", "png", "json", "csv"})
STDOUT = Path("-")
PERFECT_TIME_LIMIT = 60.0
"""``--time-limit``'s default for the perfect game, seconds (left out of default file
names)."""
MAX_PAGES = 1000
"""The most pages one output holds (a PDF, or a run of SVG or PNG files)."""
NAME_MAX_BYTES = 255
"""The longest file name (one path component) in bytes of UTF-8, as Linux and macOS
file systems allow."""
_DIRECT_PREFIXES = ("/dev/", "/proc/")
"""Existing paths here are written into, never replaced (``/dev/null``, ``/dev/stdout``)."""


class OutputError(ValueError):
    """A destination that cannot be written, or output that cannot go where it is asked:
    one line for the user (exit 1). The line names the destination's option as ``-o``;
    :meth:`naming` names another (``--pdf``, ``--review``)."""

    def naming(self, option: str) -> OutputError:
        """The same refusal, of the same kind, naming ``option`` where it says ``-o``."""
        text = str(self)
        return type(self)(option + text[2:] if text.startswith("-o") else text)


class OutputUsageError(OutputError):
    """Options that contradict each other, e.g. ``-o x.png --format pdf`` (exit 2)."""


def is_stdout(path: Path | None) -> bool:
    return path is not None and str(path) == "-"


def choose_format(explicit: Path | None, fmt: str | None, produces: Sequence[str],
                  default: str | None = None, option: str = "-o") -> str:
    """The format to write: ``--format`` if given, else the extension of ``-o`` when the
    command can produce it, else ``default`` (the first of ``produces``). An extension
    naming a different known format than ``--format``, or (without ``--format``) any
    extension the command cannot write, is a usage error: ``-o game.txt`` is not
    silently a PDF. ``option`` names the path's option in a refusal."""
    ext = ""
    if explicit is not None and not is_stdout(explicit):
        ext = explicit.suffix.lower().lstrip(".")
    if fmt is not None:
        if ext in KNOWN_EXTENSIONS and ext != fmt:
            raise OutputUsageError(f"{option} {explicit}: the extension says {ext} but --format "
                                   f"says {fmt}; make them agree")
        return fmt
    if ext in produces:
        return ext
    if ext and explicit is not None:
        ends = " or ".join(f".{p}" for p in produces)
        raise OutputUsageError(f"{option} {short_path(explicit)}: this command writes "
                               f"{' or '.join(produces)}, not {ext}; end the name with "
                               f"{ends}" + (" or give --format" if len(produces) > 1 else ""))
    return default or produces[0]


def short_path(path: Path | str, limit: int = 80) -> str:
    """A path for a one-line message: long ones keep their start and end."""
    text = str(path)
    if len(text) <= limit:
        return text
    return f"{text[:40]}...{text[-30:]} ({len(text)} characters)"


def _name_bytes(name: str) -> int:
    return len(name.encode("utf-8", "surrogateescape"))


def _check_names(path: Path) -> None:
    """Refuse a path with a NUL character or a component longer than the file system
    takes, before any work (the error would otherwise come from the first write)."""
    if "\x00" in str(path):
        raise OutputError(f"-o: {short_path(path)!r} holds a NUL character; give a file name")
    for part in path.parts:
        size = _name_bytes(part)
        if size > NAME_MAX_BYTES:
            raise OutputError(f"-o: {short_path(path)}: a file name of {size} bytes; a name "
                              f"may be at most {NAME_MAX_BYTES} bytes")


def _is_direct(path: Path) -> bool:
    """Whether ``path`` is written into rather than replaced: an existing FIFO or
    character device, or anything existing under ``/dev/`` or ``/proc/``. A block device
    or a socket is refused."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return False
    if stat.S_ISBLK(info.st_mode) or stat.S_ISSOCK(info.st_mode):
        what = "a block device" if stat.S_ISBLK(info.st_mode) else "a socket"
        raise OutputError(f"-o: {short_path(path)} is {what}; give a file name")
    if stat.S_ISFIFO(info.st_mode) or stat.S_ISCHR(info.st_mode):
        return True
    absolute = os.path.abspath(path)
    return absolute.startswith(_DIRECT_PREFIXES) and not stat.S_ISDIR(info.st_mode)


def _real(path: Path) -> Path:
    """Where a file named ``path`` is written: a symbolic link's target (followed to the
    end), else ``path`` itself."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def check_destination(path: Path) -> None:
    """Refuse, before any work, a destination that cannot be written: an existing folder,
    a file standing where a folder is needed, a folder that cannot be written, a name the
    file system cannot hold. A FIFO or device is fine (written into directly)."""
    _check_names(path)
    try:
        if _is_direct(path):
            if not os.access(path, os.W_OK):
                raise OutputError(f"-o: {short_path(path)} cannot be written")
            return
        real = _real(path)
        _check_names(real)
        if real.is_dir():
            raise OutputError(f"-o: {short_path(path)} is a folder; give a file name")
        probe = real.parent
        while not probe.exists():
            if probe.parent == probe:
                break
            probe = probe.parent
        if probe.exists() and not probe.is_dir():
            raise OutputError(f"-o: {short_path(path)}: {probe} is a file, not a folder")
        if not os.access(probe, os.W_OK | os.X_OK) or not _can_create_in(probe):
            raise OutputError(f"-o: {short_path(path)}: the folder {probe} cannot be written")
        if real.exists() and not os.access(real, os.W_OK):
            raise OutputError(f"-o: {short_path(path)} exists and cannot be replaced "
                              "(read-only)")
    except OSError as exc:
        raise OutputError(f"-o: {short_path(path)} cannot be written "
                          f"({exc.strerror or exc})") from None


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
                inputs: Iterable[Path] = (), folder: Path = DEFAULT_OUTPUT_DIR) -> Path:
    """The file to write: ``explicit`` if given, else ``<folder>/<default_name>.<fmt>``;
    ``-`` (standard output) is returned as is. Checked before any work: see
    ``check_destination``; an input file of the command is refused too. A binary format
    to a terminal is refused."""
    if is_stdout(explicit):
        if fmt not in TEXT_FORMATS and sys.stdout.isatty():
            raise OutputError(f"-o -: {fmt.upper()} is binary and standard output is a "
                              "terminal; redirect it (> file) or give a file name")
        return STDOUT
    path = explicit if explicit is not None else folder / f"{default_name}.{fmt}"
    check_destination(path)
    for source in inputs:
        if same_file(path, source):
            raise OutputError(f"-o: {short_path(path)} is an input file; refusing to "
                              "overwrite it")
    return path


def _key(path: Path) -> str:
    """Two paths naming one file have one key (symbolic links followed, case kept)."""
    return os.path.realpath(path)


def same_file(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` name the same file (existing or not)."""
    if is_stdout(a) or is_stdout(b):
        return False
    try:
        if a.exists() and b.exists():
            return os.path.samefile(a, b)
    except (OSError, ValueError):
        pass
    return _key(a) == _key(b)


# --- default names ---------------------------------------------------------------------

def scored_name(boards: Sequence[Path]) -> str:
    """The start of ``score``'s default names for these CSV files: the first one's stem,
    with ``-and-N-more`` for several (``board``, ``night-and-2-more``)."""
    first = boards[0].stem
    return first if len(boards) == 1 else f"{first}-and-{len(boards) - 1}-more"


def scored_pdf(boards: Sequence[Path], paper_id: str) -> Path:
    """Where ``score`` writes the annotated PDF of these CSV files when no ``-o`` is
    given: beside the first one (the kits' scoring how-to names it too)."""
    return boards[0].parent / f"{scored_name(boards)}-scored-{paper_id}.pdf"


def safe_name(text: str, limit: int = 24) -> str:
    """A part of a default file name that stays short: long values (a thousand-digit
    seed) keep their first digits and a hash of the whole."""
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


NAMES_TAG_CHARS = 60
"""The longest run of player names in a default file name before it is cut and hashed."""
_PLAIN_NAME = re.compile(r"[A-Za-z0-9]+( [A-Za-z0-9]+)*")


def _slug(name: str) -> str:
    """A name in a file name: lower case, ASCII letters and digits, ``_`` between words."""
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    words = re.findall(r"[A-Za-z0-9]+", folded)
    return "_".join(w.lower() for w in words)


def names_tag(names: Sequence[str]) -> str:
    """Player names as a part of a default file name a person can read: ``ann-ben-cy``
    (``_`` between the words of one name). Names that do not survive the spelling
    (accents, other scripts, punctuation) or that make the part over ``NAMES_TAG_CHARS``
    keep what they can and add a short hash of the whole list, so different lists never
    share a name (names are compared ignoring case, as everywhere)."""
    slugs = [_slug(n) or "x" for n in names]
    tag = "-".join(slugs)
    plain = all(_PLAIN_NAME.fullmatch(n) for n in names)
    if plain and len(tag) <= NAMES_TAG_CHARS:
        return tag
    joined = "\n".join(n.casefold() for n in names)
    digest = hashlib.sha256(joined.encode("utf-8", "surrogateescape")).hexdigest()[:8]
    return f"{tag[:NAMES_TAG_CHARS - 9].rstrip('-_')}-{digest}".lstrip("-")


# --- writing ---------------------------------------------------------------------------

_TMP_SUFFIX = ".tmp"
_TMP_NAME_BYTES = 160
"""A longer file name is cut (and hashed) in its temporary's name, which must fit too."""


def _cut_bytes(text: str, size: int) -> str:
    return text.encode("utf-8", "surrogateescape")[:size].decode("utf-8", "ignore")


def _tmp_prefix(path: Path) -> str:
    """The start of the name of ``path``'s temporaries: ``.<name>.``, with a long name
    cut and hashed so that the temporary's name fits the file system."""
    name = path.name
    if _name_bytes(name) > _TMP_NAME_BYTES:
        digest = hashlib.sha256(name.encode("utf-8", "surrogateescape")).hexdigest()[:12]
        name = f"{_cut_bytes(name, 100)}~{digest}"
    return f".{name}."


_TMP_MARK = "sheetgen-"
"""The part of a temporary's name that says this program made it: ``.<name>.sheetgen-<pid>-
<8 hex digits>.tmp``."""
_TMP_OWNED = re.compile(r"sheetgen-([1-9][0-9]{0,9})-[0-9a-f]{8}")
"""The middle of a temporary's name (between the prefix and ``.tmp``), and its owner."""


def _tmp_name(path: Path) -> str:
    """A fresh name for a temporary of ``path``, one only this program writes."""
    return (f"{_tmp_prefix(path)}{_TMP_MARK}{os.getpid()}-{secrets.token_hex(4)}"
            f"{_TMP_SUFFIX}")


def _tmp_owner(path: Path, tmp_name: str) -> int | None:
    """The process that made ``tmp_name`` if it is a temporary of ``path`` this program
    wrote (its name exactly as ``_tmp_name`` writes it), else None."""
    prefix = _tmp_prefix(path)
    if not (tmp_name.startswith(prefix) and tmp_name.endswith(_TMP_SUFFIX)):
        return None
    found = _TMP_OWNED.fullmatch(tmp_name[len(prefix):-len(_TMP_SUFFIX)])
    return int(found.group(1)) if found else None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


def remove_stale_temporaries(path: Path) -> list[Path]:
    """Remove the temporary files an earlier, killed run of this program left beside
    ``path``: those named as only it names them (``_tmp_name``) whose process is gone.
    Nothing else is touched, whatever its name or age (``.notes.csv.mine.tmp``,
    ``.notes.csv.99999999.backup.tmp`` are someone else's)."""
    removed: list[Path] = []
    prefix = _tmp_prefix(path)
    pattern = f"{glob.escape(prefix)}{_TMP_MARK}*{_TMP_SUFFIX}"
    for tmp in path.parent.glob(pattern):
        owner = _tmp_owner(path, tmp.name)
        if owner is None or _alive(owner):
            continue
        try:
            if tmp.is_symlink() or not tmp.is_file():
                continue
            tmp.unlink()
            removed.append(tmp)
        except OSError:
            continue
    return removed


@contextmanager
def _cleanup_on_signal(cleanup: Callable[[], None]) -> Iterator[None]:
    """While the block runs, SIGTERM and SIGHUP call ``cleanup`` and then end the process
    as the signal would have."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    signals = [s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None))
               if s is not None]
    previous: dict[int, Any] = {}

    def handler(signum: int, frame: FrameType | None) -> None:
        cleanup()
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


@dataclass
class _Staged:
    """One output waiting for the command to succeed."""

    shown: Path
    """The path as the user named it (or the default name)."""
    kind: str
    """``file`` (a temporary renamed over ``real``), ``direct`` (written into ``real``)
    or ``stdout``."""
    real: Path
    tmp: Path | None = None
    data: bytes | None = None


class Outputs:
    """Every file one command writes, as one transaction.

    ``target`` names each destination before any work and checks it against the inputs
    and the other destinations; ``put`` and ``put_pages`` write each to a hidden
    temporary file beside it (making missing folders); ``commit`` renames them all into
    place, writes into FIFOs and devices, and then prints to standard output. Leaving the
    ``with`` block by an exception (or SIGTERM, SIGHUP) removes the temporaries and the
    folders made for them: nothing is written after a failure and nothing is left."""

    def __init__(self, inputs: Iterable[Path] = (),
                 progress: Callable[[int], Callable[[], None]] | None = None) -> None:
        self.inputs = [p for p in inputs if not is_stdout(p)]
        self.progress = progress
        """Makes the callback for ``put_pages`` of that many pages when none is given (a
        progress bar)."""
        self._claims: list[tuple[Path, str]] = []
        self._staged: list[_Staged] = []
        self._made: list[Path] = []
        self.written: list[Path] = []
        self._signals: Any = None

    # --- naming ----------------------------------------------------------------------

    def target(self, explicit: Path | None, default_name: str, fmt: str = "pdf", *,
               folder: Path = DEFAULT_OUTPUT_DIR, what: str = "", option: str = "-o"
               ) -> Path:
        """The file ``explicit`` names, or ``<folder>/<default_name>.<fmt>``, checked
        as ``output_path`` does and against the command's inputs and other outputs
        (``what`` names this output in a refusal: "the scorepad"; ``option`` is the
        option that named it: "--review")."""
        try:
            path = output_path(explicit, default_name, fmt, folder=folder)
            if not is_stdout(path):
                self.claim(path, what)
        except OutputError as exc:
            raise exc.naming(option) from None
        return path

    def claim(self, path: Path, what: str = "") -> None:
        """Refuse ``path`` if it is an input or another output of this command."""
        _check_names(path)
        label = f" ({what})" if what else ""
        for source in self.inputs:
            if same_file(path, source):
                raise OutputError(f"{short_path(path)}{label} is an input file of this "
                                  "command; refusing to overwrite it: name the output "
                                  "otherwise (-o)")
        for other, other_what in self._claims:
            if same_file(path, other):
                first = f" {other_what}" if other_what else " another output"
                raise OutputError(f"{short_path(path)}{label} is also where this command "
                                  f"writes{first}; name them differently")
        self._claims.append((path, what))

    # --- staging ---------------------------------------------------------------------

    def put(self, path: Path, data: bytes) -> None:
        """Stage ``data`` for ``path`` (``-``: standard output at commit)."""
        if is_stdout(path):
            self._staged.append(_Staged(path, "stdout", path, data=data))
            return
        if not any(same_file(path, p) for p, _ in self._claims):
            self.claim(path)
        if _is_direct(path):
            self._staged.append(_Staged(path, "direct", path, data=data))
            return
        real = _real(path)
        try:
            self._make_folders(real.parent)
            remove_stale_temporaries(real)
            tmp = real.parent / _tmp_name(real)
            staged = _Staged(path, "file", real, tmp=tmp)
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)  # umask applies
            self._staged.append(staged)
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
        except OSError as exc:
            raise OutputError(f"-o: {short_path(path)} cannot be written "
                              f"({exc.strerror or exc})") from None

    def put_pages(self, path: Path, fmt: str, pages: Sequence[Any], title: str,
                  bookmarks: Sequence[Any] = (), *,
                  progress: Callable[[], None] | None = None,
                  document: Any = None) -> list[Path]:
        """Drawn pages (SVG text, or ``draw.pdf`` layers) as one PDF, or as one SVG/PNG
        file a page (``x.png`` alone, or ``x-1.png``, ``x-2.png`` ...). A PDF's pages are
        taken, converted and let go one at a time (``document``: a ``draw.pdf.Document``
        whose drawings were prepared); ``progress`` is called after each page. Returns the
        paths (none for standard output)."""
        from sheetgen.draw import pdf

        if len(pages) > MAX_PAGES:
            raise OutputError(f"{len(pages)} pages; one output holds at most {MAX_PAGES}")
        if progress is None and self.progress is not None:
            progress = self.progress(len(pages))
        if fmt == "pdf":
            self.put(path, pdf.build_pdf(pages, title, bookmarks, progress, document))
            return [] if is_stdout(path) else [path]
        if len(pages) != 1 and (is_stdout(path) or _is_direct(path)):
            where = "standard output" if is_stdout(path) else short_path(path)
            raise OutputError(f"-o {'-' if is_stdout(path) else where}: {len(pages)} pages; "
                              f"{where} holds one {fmt.upper()} page: give a file name")
        targets = page_paths(path, len(pages))
        if len(targets) > 1:
            for target in targets:
                check_destination(target)
                self.claim(target)
        for target, page in zip(targets, pages, strict=True):
            blob = (pdf.page_svg(page).encode("utf-8") if fmt == "svg"
                    else pdf.page_png(page))
            self.put(target, blob)
            if progress is not None:
                progress()
        return [] if is_stdout(path) else targets

    def put_parts(self, path: Path, fmt: str, parts: Sequence[Any], title: str, *,
                  progress: Callable[[], None] | None = None,
                  document: Any = None) -> list[Path]:
        """A document of bookmarked parts (``document.Part``: a kit, scored boards) as
        one PDF with a bookmark at the first page of each part, or one PNG a page
        (``progress`` and ``document`` as for ``put_pages``)."""
        from sheetgen.draw.pdf import Bookmark

        marks: list[Bookmark] = []
        pages: list[Any] = []
        for part in parts:
            marks.append(Bookmark(part.title, len(pages)))
            pages.extend(part.pages)
        return self.put_pages(path, fmt, pages, title, marks, progress=progress,
                              document=document)

    def _make_folders(self, folder: Path) -> None:
        missing: list[Path] = []
        probe = folder
        while not probe.exists():
            missing.append(probe)
            if probe.parent == probe:
                break
            probe = probe.parent
        for made in reversed(missing):
            made.mkdir()
            self._made.append(made)

    # --- the end ---------------------------------------------------------------------

    def commit(self) -> list[Path]:
        """Put every staged output in place; returns the files written (not ``-``)."""
        staged = self._staged
        for item in staged:
            if item.kind == "file":
                assert item.tmp is not None
                os.replace(item.tmp, item.real)
                item.tmp = None
        self._made = []
        for item in staged:
            if item.kind == "direct":
                assert item.data is not None
                try:
                    with open(item.real, "wb") as handle:
                        handle.write(item.data)
                except OSError as exc:
                    raise OutputError(f"-o: {short_path(item.shown)} cannot be written "
                                      f"({exc.strerror or exc})") from None
        for item in staged:
            if item.kind == "stdout":
                assert item.data is not None
                write_stdout(item.data)
        self._staged = []
        self.written = [s.shown for s in staged if s.kind != "stdout"]
        return self.written

    def discard(self) -> None:
        """Remove every temporary and the folders made for them (if still empty)."""
        for item in self._staged:
            if item.tmp is not None:
                with suppress(OSError):
                    item.tmp.unlink(missing_ok=True)
        self._staged = []
        for folder in reversed(self._made):
            with suppress(OSError):
                folder.rmdir()
        self._made = []

    def __enter__(self) -> Outputs:
        self._signals = _cleanup_on_signal(self.discard)
        self._signals.__enter__()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 trace: TracebackType | None) -> None:
        try:
            if kind is None:
                self.commit()
        finally:
            self.discard()
            self._signals.__exit__(None, None, None)


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file, so that a failure or a signal
    leaves nothing half-written (``-`` writes to standard output)."""
    with Outputs() as out:
        out.put(path, data)


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
    file a page (``-``: standard output, one page only for SVG/PNG), all or nothing; a
    PDF's pages are taken one at a time, and ``progress`` is called after each. Returns
    what was written."""
    with Outputs() as out:
        written = out.put_pages(path, fmt, svgs, title, bookmarks, progress=progress)
    return written


# --- JSON ---------------------------------------------------------------------------------

SCHEMA_VERSION = 1


def with_schema(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with ``"schema": 1`` as its first key (every JSON output carries it)."""
    rest = {k: v for k, v in data.items() if k != "schema"}
    return {"schema": SCHEMA_VERSION, **rest}
