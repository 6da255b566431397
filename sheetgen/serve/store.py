"""The boards of a running server, kept on disk so that they survive a restart.

Each board is saved under the boards folder as its scoring CSV (``<name>.csv``, the very
file ``sheetgen score`` reads once it is full) and its undo history (``<name>.json``),
both written atomically (a temporary file renamed into place) after every change. File
names come only from board names that passed ``BOARD_NAME`` (letters, digits, ``-``,
``_``), never from a request's path. Changes to one board are made one at a time under
the board's lock, so two phones entering at once both land.
"""

from __future__ import annotations

import asyncio
import errno
import heapq
import json
import os
import stat
from collections.abc import Iterator
from dataclasses import asdict
from pathlib import Path
from typing import Any

from sheetgen.csvio import MAX_FILE_BYTES
from sheetgen.serve.boards import (
    BOARD_NAME,
    MAX_HISTORY,
    BoardState,
    Entry,
    EntryError,
    board_from_csv,
    check_board_name,
)
from sheetgen.serve.jsontext import json_depth

HISTORY_SCHEMA = 1
MAX_BOARDS = 200
"""Boards one server keeps (each a small CSV)."""
MAX_HISTORY_BYTES = 1 << 20
"""The largest undo history file read or written (2,000 entries of long names fit)."""
HISTORY_DEPTH = 3
"""An undo history nests three deep: the file, its list, an entry."""


class NotAFile(ValueError):
    """A board's path that is not a regular file (said in one line)."""


def _kind(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    return "not a regular file"


def read_bounded(path: Path, limit: int) -> bytes:
    """The bytes of the regular file ``path``, without following a symbolic link there
    and without waiting on a pipe: NotAFile for anything else or for a file over
    ``limit`` bytes (never more than ``limit`` + 1 bytes are read)."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        if exc.errno == errno.ELOOP or path.is_symlink():
            raise NotAFile("a symbolic link; a board's file must be a regular file in the "
                           "boards folder") from None
        raise
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotAFile(f"{_kind(info.st_mode)}, not a regular file")
        if info.st_size > limit:
            raise NotAFile(f"{info.st_size} bytes; at most {limit} are read")
    except BaseException:
        os.close(fd)
        raise
    with os.fdopen(fd, "rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise NotAFile(f"over {limit} bytes; at most {limit} are read")
    return data


def _write(path: Path, data: bytes) -> None:
    from sheetgen.output import write_atomically

    write_atomically(path, data)


class Store:
    """Boards by name, their locks, and their files in ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.boards: dict[str, BoardState] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self.skipped: list[str] = []
        """Files found in the folder that could not be read back (one line each)."""

    def lock(self, name: str) -> asyncio.Lock:
        return self._locks.setdefault(name, asyncio.Lock())

    def _path(self, name: str, suffix: str) -> Path:
        """The file of board ``name`` (its name checked: it names a file in the folder,
        never a path out of it). The file itself is not resolved: a symbolic link there
        is refused where it is read or written, never followed."""
        check_board_name(name)
        return self.folder / f"{name}{suffix}"

    def load(self) -> None:
        """Read every saved board back: the first ``MAX_BOARDS`` by name. A file that is
        not a board's (a symbolic link, a pipe, a folder, over its size, or what the
        reader refuses) is skipped and said in one line; nothing is read past its limit,
        so no folder takes the server's memory."""
        try:
            names = heapq.nsmallest(MAX_BOARDS, self._board_names())
        except OSError as exc:
            self.skipped.append(f"{self.folder}: not read ({exc.strerror or exc})")
            return
        for name in names:
            path = self._path(name, ".csv")
            try:
                raw = read_bounded(path, MAX_FILE_BYTES)
                state = board_from_csv(name, raw.decode("utf-8"), str(path))
            except (EntryError, OSError, UnicodeDecodeError, NotAFile) as exc:
                why = (exc.problems[0] if isinstance(exc, EntryError) else
                       exc.strerror or str(exc) if isinstance(exc, OSError) else str(exc))
                self.skipped.append(f"{path}: not loaded: {why}")
                continue
            history, problem = self._history(name)
            if problem:
                self.skipped.append(f"{self._path(name, '.json')}: undo history not "
                                    f"loaded: {problem}")
            state.history = history
            self.boards[name] = state

    def _board_names(self) -> Iterator[str]:
        """The names of the board files (``NAME.csv``) in the folder, in no order."""
        if not self.folder.is_dir():
            return
        with os.scandir(self.folder) as entries:
            for entry in entries:
                stem, dot, suffix = entry.name.rpartition(".")
                if dot and suffix == "csv" and BOARD_NAME.fullmatch(stem):
                    yield stem

    def _history(self, name: str) -> tuple[list[Entry], str | None]:
        """The board's undo history, and why it could not be read (None: it was, or there
        is none)."""
        path = self._path(name, ".json")
        try:
            raw = read_bounded(path, MAX_HISTORY_BYTES)
        except FileNotFoundError:
            return [], None
        except (OSError, NotAFile) as exc:
            return [], exc.strerror or str(exc) if isinstance(exc, OSError) else str(exc)
        if json_depth(raw, HISTORY_DEPTH) > HISTORY_DEPTH:
            return [], f"nested deeper than {HISTORY_DEPTH} levels"
        try:
            data = json.loads(raw.decode("utf-8"))
            entries = [Entry(str(e["player"]), str(e["row"]), str(e["old"]), str(e["new"]))
                       for e in data["history"]]
        except (ValueError, KeyError, TypeError) as exc:
            return [], f"not an undo history ({type(exc).__name__})"
        return entries[-MAX_HISTORY:], None

    def check_free(self, name: str) -> None:
        """EntryError when a file of board ``name`` in the folder is something other than
        a regular file (a symbolic link, a pipe, a folder): it is not the server's to
        write over (a link would be written through, out of the folder)."""
        for suffix in (".csv", ".json"):
            path = self._path(name, suffix)
            try:
                mode = os.lstat(path).st_mode
            except FileNotFoundError:
                continue
            except OSError as exc:
                raise EntryError([f"{path.name} in the boards folder cannot be used "
                                  f"({exc.strerror or exc})"]) from None
            if not stat.S_ISREG(mode):
                raise EntryError([f"{path.name} in the boards folder is {_kind(mode)}, not "
                                  "a board's file; sheetgen will not write over it: choose "
                                  "another name"])

    def save(self, state: BoardState) -> None:
        """Write the board's CSV and its history (blocking; call it in a thread). The
        history keeps its newest entries within ``MAX_HISTORY_BYTES``."""
        self.check_free(state.name)
        self.folder.mkdir(parents=True, exist_ok=True)
        _write(self._path(state.name, ".csv"), state.csv().encode("utf-8"))
        entries = [asdict(e) for e in state.history]
        while True:
            history = {"schema": HISTORY_SCHEMA, "board": state.name, "history": entries}
            data = (json.dumps(history, ensure_ascii=False) + "\n").encode("utf-8")
            if len(data) <= MAX_HISTORY_BYTES or not entries:
                break
            entries = entries[len(entries) // 4 + 1:]
        _write(self._path(state.name, ".json"), data)

    def get(self, name: str) -> BoardState:
        check_board_name(name)
        state = self.boards.get(name)
        if state is None:
            raise KeyError(name)
        return state

    def put(self, state: BoardState) -> None:
        if state.name not in self.boards and len(self.boards) >= MAX_BOARDS:
            raise EntryError([f"this server keeps at most {MAX_BOARDS} boards"])
        self.check_free(state.name)
        self.boards[state.name] = state

    def listing(self) -> list[dict[str, Any]]:
        return [{"name": s.name, "map": s.map_id, "players": list(s.players),
                 "version": s.version} for s in sorted(self.boards.values(),
                                                       key=lambda s: s.name)]
