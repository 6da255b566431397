"""No request holds the server's event loop: whatever takes time (the first drawing of
a map, a 1 MiB CSV loaded, an entry scored, the annotated PDF) runs beside it, so every
other client is answered meanwhile.

Measured without the clock's help: a sentinel task on the server's loop wakes every
5 ms and reads the CPU time of the loop's own thread and of the whole process. Work done
on the loop shows as CPU time of its thread between two wake-ups; work in another thread
that holds the interpreter's lock past its turn (a full sweep of the garbage collector)
shows as CPU time of the process while the loop waited. A busy machine, which only
delays the wake-ups, shows as neither. Both must stay under 100 ms between two
wake-ups."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path

from serving import Running, make_server, run
from test_app import call, enter, request

from sheetgen.games import game_of, resolve_map
from sheetgen.serve.games import map_view

LONGEST_S = 0.1


async def sentinel(stop: threading.Event, stretches: list[tuple[float, float]]) -> None:
    """Until ``stop``: per wake-up, the CPU time of the loop's thread and of the process
    since the last one."""
    last = time.thread_time(), time.process_time()
    while not stop.is_set():
        await asyncio.sleep(0.005)
        now = time.thread_time(), time.process_time()
        stretches.append((now[0] - last[0], now[1] - last[1]))
        last = now


def big_csv(players: int) -> bytes:
    """A scoring CSV of the USA map with ``players`` columns, every cell 07 (under 1 MiB
    for 7000): the reader reads all of it, then the page refuses it (over 12 players)."""
    game_map = resolve_map("usa")
    lines = game_of(game_map).template_csv(game_map, [f"P{i}" for i in range(players)])
    rows = lines.splitlines()
    return ("\n".join(rows[:2] + [r.split(",")[0] + ",07" * players for r in rows[2:]])
            + "\n").encode()


def test_no_request_holds_the_event_loop(tmp_path: Path) -> None:
    map_view.cache_clear()  # the first page load draws its maps again
    for live in run(make_server(tmp_path / "boards", seed=7)):
        stretches: list[tuple[float, float]] = []
        stop = threading.Event()
        watch = asyncio.run_coroutine_threadsafe(sentinel(stop, stretches), live.loop)
        try:
            work(live)
        finally:
            stop.set()
            watch.result(30)
        on_loop = max(loop for loop, _ in stretches)
        held = max(process for _, process in stretches)
        print(f"\nlongest between two wake-ups of {len(stretches)}: {on_loop * 1000:.1f} ms "
              f"of CPU on the loop's thread, {held * 1000:.1f} ms in the process")
        assert on_loop < LONGEST_S
        assert held < LONGEST_S


def work(live: Running) -> None:
    status, setup = call(live, "GET", "/api/setup")
    assert status == 200 and [m["id"] for m in setup["maps"]] == [
        "europe", "germany", "paris", "usa"]
    for map_id in ("usa", "europe"):
        status, _ = call(live, "GET", f"/api/maps/{map_id}")
        assert status == 200
    body = big_csv(7000)
    assert len(body) < 1 << 20
    status, raw, _ = request(live.url, "PUT", "/api/boards/big/csv", body,
                             {"X-Sheetgen": "1"})
    assert status == 422 and b"at most 12" in raw
    for row, text in [("WA", "12"), ("OR", "(20)"), ("ID", "*")]:
        status, _ = enter(live, "usa", "Ann", row, text)
        assert status == 200
    assert call(live, "GET", "/api/boards/usa")[0] == 200
    assert request(live.url, "GET", "/api/boards/usa/scored.pdf")[0] == 200
    assert call(live, "GET", "/api/boards/usa/legality")[0] == 200


def test_the_first_page_load_draws_only_the_boards_map(tmp_path: Path) -> None:
    """`api/setup` drew every map (8-12 s on a busy machine) before the page showed
    anything: it draws none, and a map is drawn once, when a board on it is opened."""
    map_view.cache_clear()
    for live in run(make_server(tmp_path / "boards")):
        assert request(live.url, "GET", "/")[0] == 200
        status, setup = call(live, "GET", "/api/setup")
        assert status == 200 and len(setup["maps"]) == 4
        assert map_view.cache_info().currsize == 0
        assert call(live, "GET", "/api/boards/usa")[0] == 200
        assert map_view.cache_info().currsize == 0
        answers = [call(live, "GET", "/api/maps/usa")[1] for _ in range(2)]
        assert answers[0] == answers[1] and answers[0]["id"] == "usa"
        assert map_view.cache_info().currsize == 1
