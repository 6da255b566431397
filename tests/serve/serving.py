"""Helpers of the serve tests: a running entry server, the application as ``sheetgen
serve`` builds it, on a loopback port, in a thread of the test process, with its boards
in a temporary folder."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from ipaddress import ip_address
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from sheetgen.serve.address import LoopbackHosts  # noqa: E402
from sheetgen.serve.app import Server, create_app  # noqa: E402
from sheetgen.serve.boards import new_board  # noqa: E402
from sheetgen.serve.gate import BACKLOG, Gate, server_config  # noqa: E402
from sheetgen.serve.store import Store  # noqa: E402
from sheetgen.templates import paper  # noqa: E402


@dataclass
class Running:
    url: str
    folder: Path
    server: Server
    port: int
    loop: asyncio.AbstractEventLoop
    """The server's event loop (a test may run a sentinel task on it)."""
    gate: Gate


def make_server(folder: Path, *, seed: int | None = None, map_id: str = "usa",
                players: tuple[str, ...] = ("Ann", "Ben")) -> Server:
    store = Store(folder)
    store.load()
    if map_id not in store.boards:
        first = new_board(map_id, map_id, list(players))
        store.put(first)
        store.save(first)
    return Server(store, default_map=map_id, players=list(players), seed=seed,
                  paper=paper("a4"))


def run(server: Server, token: str | None = None, gate: Gate | None = None
        ) -> Iterator[Running]:
    import uvicorn

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(BACKLOG)
    port = sock.getsockname()[1]
    hosts = LoopbackHosts(ip_address("127.0.0.1"), port) if token is None else None
    app = create_app(server, token=token, hosts=hosts)
    gate = gate or Gate()
    uv = uvicorn.Server(server_config(app, gate))
    uv.install_signal_handlers = lambda: None  # type: ignore[method-assign]
    thread = threading.Thread(target=uv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not uv.started and time.monotonic() < deadline:
        time.sleep(0.02)
    assert uv.started, "the server did not start"
    url = f"http://127.0.0.1:{port}/" + (f"{token}/" if token else "")
    try:
        yield Running(url, server.store.folder, server, port, uv.servers[0].get_loop(), gate)
    finally:
        uv.should_exit = True
        thread.join(10)
        sock.close()
        server.close()
