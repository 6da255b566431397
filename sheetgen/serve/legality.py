"""The legality of the boards so far, for a seeded game, away from the page's requests.

A check can take long on some boards, so it runs in a worker process and is given at most
``timeout`` seconds: past that the worker is ended (and a new one started for the next
check) and the answer says the check was not decided. The server's requests never wait
on it: the page asks for the verdicts of a board's version on their own endpoint.
"""

from __future__ import annotations

import multiprocessing
import threading
from dataclasses import dataclass
from functools import cache
from multiprocessing.pool import Pool
from typing import Any

CHECK_TIMEOUT_S = 5.0
"""How long one board's check may take before the worker is ended."""


@cache
def _script(map_id: str, seed: int) -> Any:
    from sheetgen.games import game_of, resolve_map

    game_map = resolve_map(map_id)
    return game_of(game_map).make_script(game_map, seed)


def check_csv(csv_text: str, source: str, seed: int) -> list[dict[str, Any]]:
    """Each board's verdict for ``seed`` (runs in the worker): the board's CSV read again
    as the page's entries are, then the game's check of a board so far."""
    from sheetgen.games import GameError, game_of, resolve_map
    from sheetgen.serve.boards import read_partial
    from sheetgen.serve.games import entry_kind

    read = read_partial(csv_text, source)
    game_map = resolve_map(read.map_id)
    game = game_of(game_map)
    try:
        script = _script(game_map.id, seed)
    except GameError as exc:
        return [{"player": b.player, "legal": None, "problem": str(exc)} for b in read.boards]
    kind = entry_kind(game_map)
    out = []
    for board in read.boards:
        verdict = kind.so_far(game, game_map, script, board)
        # an undecided board (its check used the budget) is neither legal nor illegal
        out.append({"player": board.player,
                    "legal": verdict.legal if verdict.decided else None,
                    "problem": verdict.problem or None,
                    # a full board's verdict is the game's whole check, not "so far"
                    "finished": all(s.id in board.cells for s in game_map.spaces)})
    return out


@dataclass
class Checker:
    """One worker process, started on first use and restarted after a check overran."""

    seed: int
    timeout: float = CHECK_TIMEOUT_S

    def __post_init__(self) -> None:
        self._pool: Pool | None = None
        self._lock = threading.Lock()

    def _worker(self) -> Pool:
        if self._pool is None:
            self._pool = multiprocessing.get_context("spawn").Pool(1)
        return self._pool

    def warm(self) -> None:
        """Start the worker and read the seed's script there now (not on the first
        entry)."""
        with self._lock:
            self._worker().apply_async(_script_size, ("usa", self.seed))

    def check(self, csv_text: str, source: str) -> dict[str, Any]:
        """The verdicts of a board's CSV (blocking; call from a thread): ``decided`` is
        False when the check did not end within ``timeout`` seconds."""
        with self._lock:
            pending = self._worker().apply_async(check_csv, (csv_text, source, self.seed))
            try:
                verdicts = pending.get(self.timeout)
            except multiprocessing.TimeoutError:
                self.close()
                return {"seed": self.seed, "decided": False, "players": [],
                        "problem": f"the check did not end within {self.timeout:g} s"}
            except Exception as exc:  # noqa: BLE001 - a reader error: the board is refused
                return {"seed": self.seed, "decided": False, "players": [],
                        "problem": str(exc)}
        return {"seed": self.seed, "decided": True, "players": verdicts}

    def close(self) -> None:
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None


def _script_size(map_id: str, seed: int) -> int:
    """Warm-up work for the worker: import the game code and make a script."""
    try:
        return len(_script(map_id, seed).turns)
    except Exception:  # noqa: BLE001 - only a warm-up
        return 0
