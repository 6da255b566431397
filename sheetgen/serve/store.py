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
import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

from sheetgen.serve.boards import (
    BOARD_NAME,
    BoardState,
    Entry,
    EntryError,
    board_from_csv,
    check_board_name,
)

HISTORY_SCHEMA = 1
MAX_BOARDS = 200
"""Boards one server keeps (each a small CSV)."""


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
        check_board_name(name)
        path = (self.folder / f"{name}{suffix}").resolve()
        if path.parent != self.folder.resolve():  # pragma: no cover - the name rule forbids it
            raise EntryError([f"board name {name!r} leaves the boards folder"])
        return path

    def load(self) -> None:
        """Read every saved board back (a file that does not read is skipped, and said)."""
        if not self.folder.is_dir():
            return
        for path in sorted(self.folder.glob("*.csv")):
            name = path.stem
            if not BOARD_NAME.fullmatch(name) or len(self.boards) >= MAX_BOARDS:
                continue
            try:
                state = board_from_csv(name, path.read_text(encoding="utf-8"), str(path))
            except (EntryError, OSError, UnicodeDecodeError) as exc:
                self.skipped.append(f"{path}: not loaded: "
                                    + (exc.problems[0] if isinstance(exc, EntryError)
                                       else str(exc)))
                continue
            state.history = self._history(name)
            self.boards[name] = state

    def _history(self, name: str) -> list[Entry]:
        path = self._path(name, ".json")
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return [Entry(str(e["player"]), str(e["row"]), str(e["old"]), str(e["new"]))
                    for e in data["history"]]
        except (OSError, ValueError, KeyError, TypeError):
            return []

    def save(self, state: BoardState) -> None:
        """Write the board's CSV and its history (blocking; call it in a thread)."""
        self._path(state.name, ".csv").parent.mkdir(parents=True, exist_ok=True)
        _write(self._path(state.name, ".csv"), state.csv().encode("utf-8"))
        history = {"schema": HISTORY_SCHEMA, "board": state.name,
                   "history": [asdict(e) for e in state.history]}
        _write(self._path(state.name, ".json"),
               (json.dumps(history, ensure_ascii=False) + "\n").encode("utf-8"))

    def get(self, name: str) -> BoardState:
        check_board_name(name)
        state = self.boards.get(name)
        if state is None:
            raise KeyError(name)
        return state

    def put(self, state: BoardState) -> None:
        if state.name not in self.boards and len(self.boards) >= MAX_BOARDS:
            raise EntryError([f"this server keeps at most {MAX_BOARDS} boards"])
        self.boards[state.name] = state

    def listing(self) -> list[dict[str, Any]]:
        return [{"name": s.name, "map": s.map_id, "players": list(s.players),
                 "version": s.version} for s in sorted(self.boards.values(),
                                                       key=lambda s: s.name)]
