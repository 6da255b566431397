"""The boards folder read at start-up and written after every entry: whatever is found there
(a symbolic link out of it or in a loop, a named pipe, a folder, a huge file, a history
nested deep) is skipped with one line, read no further than its limit, and never written
through."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from sheetgen.serve.boards import MAX_HISTORY, Entry, EntryError, new_board
from sheetgen.serve.store import MAX_HISTORY_BYTES, Store


def saved_board(folder: Path, name: str, players: tuple[str, ...] = ("Ann",)) -> None:
    store = Store(folder)
    store.save(new_board(name, "usa", list(players)))


def load(folder: Path) -> Store:
    """The folder loaded in a thread, which must end (a pipe must not stop it)."""
    store = Store(folder)
    thread = threading.Thread(target=store.load, daemon=True)
    thread.start()
    thread.join(60)
    assert not thread.is_alive(), "loading the boards folder hangs"
    return store


def test_hostile_files_are_skipped_each_in_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "boards"
    outside = tmp_path / "outside"
    saved_board(outside, "elsewhere")
    saved_board(folder, "good")
    (folder / "out.csv").symlink_to(outside / "elsewhere.csv")
    (folder / "loop.csv").symlink_to(folder / "loop.csv")
    os.mkfifo(folder / "pipe.csv")
    (folder / "dir.csv").mkdir()
    with open(folder / "huge.csv", "wb") as handle:  # sparse: 300 MB of nothing on disk
        handle.truncate(300 * 1024 * 1024)
    for name, history in [("longhistory", None), ("deephistory", b"[" * 5000),
                          ("pipehistory", "fifo"), ("linkhistory", "link")]:
        saved_board(folder, name)
        path = folder / f"{name}.json"
        path.unlink()
        if history is None:
            with open(path, "wb") as handle:
                handle.truncate(150 * 1024 * 1024)
        elif history == "fifo":
            os.mkfifo(path)
        elif history == "link":
            path.symlink_to(outside / "elsewhere.json")
        else:
            assert isinstance(history, bytes)
            path.write_bytes(history)
    store = load(folder)
    assert sorted(store.boards) == ["deephistory", "good", "linkhistory", "longhistory",
                                    "pipehistory"]
    notes = {line.split(":", 1)[0].rsplit("/", 1)[1]: line for line in store.skipped}
    assert sorted(notes) == ["deephistory.json", "dir.csv", "huge.csv", "linkhistory.json",
                             "longhistory.json", "loop.csv", "out.csv", "pipe.csv",
                             "pipehistory.json"]
    assert all("\n" not in line for line in store.skipped)
    assert "a symbolic link" in notes["out.csv"] and "a symbolic link" in notes["loop.csv"]
    assert "a named pipe" in notes["pipe.csv"] and "a folder" in notes["dir.csv"]
    assert "314572800 bytes; at most 1048576" in notes["huge.csv"]
    assert f"at most {MAX_HISTORY_BYTES}" in notes["longhistory.json"]
    assert "nested deeper than 3" in notes["deephistory.json"]


def test_no_board_is_written_through_a_link_or_over_a_pipe(tmp_path: Path) -> None:
    folder = tmp_path / "boards"
    outside = tmp_path / "outside"
    saved_board(outside, "elsewhere")
    before = (outside / "elsewhere.csv").read_bytes()
    saved_board(folder, "good")
    (folder / "out.csv").symlink_to(outside / "elsewhere.csv")
    (folder / "hist.json").symlink_to(outside / "elsewhere.json")
    os.mkfifo(folder / "pipe.csv")
    store = load(folder)
    for name in ("out", "hist", "pipe"):
        with pytest.raises(EntryError, match="will not write over it"):
            store.put(new_board(name, "usa", ["Ben"]))
        with pytest.raises(EntryError, match="will not write over it"):
            store.save(new_board(name, "usa", ["Ben"]))
    assert (outside / "elsewhere.csv").read_bytes() == before
    assert sorted(store.boards) == ["good"]


def test_the_history_saved_stays_within_its_limit(tmp_path: Path) -> None:
    """2,000 entries of a 250-emoji name are 2 MB of JSON: the oldest are let go."""
    name = "\U0001F600" * 250
    state = new_board("long", "usa", [name])
    state.history = [Entry(name, "WA", f"{i % 100:02d}", f"{(i + 1) % 100:02d}")
                     for i in range(MAX_HISTORY)]
    store = Store(tmp_path)
    store.save(state)
    raw = (tmp_path / "long.json").read_bytes()
    assert MAX_HISTORY_BYTES // 2 < len(raw) <= MAX_HISTORY_BYTES
    kept = [Entry(**e) for e in json.loads(raw)["history"]]
    assert kept == state.history[-len(kept):]
    again = load(tmp_path)
    assert again.skipped == [] and again.boards["long"].history == kept
