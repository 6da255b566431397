"""Denial of service before the token check, on loopback only and bounded in count and
time: slow and silent connections are closed once their header is late, an endless
header is refused, a flood of idle connections (from other loopback addresses, as
other machines on the network would be) pushes out only its own kind, and the rightful
user is answered throughout; with the process out of file descriptors the log says so
once, not once per failed accept."""

from __future__ import annotations

import asyncio
import errno
import logging
import re
import resource
import socket
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from serving import Running, make_server, run
from test_serve_cli import serving

from sheetgen.serve.gate import Gate, connection_limit, quiet_accept_errors

SLACK_S = 30.0
"""How long a test waits for what must happen (a hang guard, not a measure of speed)."""


@contextmanager
def sockets(port: int, count: int, source: str = "127.0.0.2") -> Iterator[list[socket.socket]]:
    """``count`` connections from ``source``, all closed at the end."""
    opened: list[socket.socket] = []
    try:
        for _ in range(count):
            sock = socket.socket()
            sock.settimeout(SLACK_S)
            sock.bind((source, 0))
            sock.connect(("127.0.0.1", port))
            opened.append(sock)
        yield opened
    finally:
        for sock in opened:
            sock.close()


def answer(port: int, sock: socket.socket | None = None, source: str = "127.0.0.1") -> bytes:
    """The status line of a rightful GET /api/setup (on ``sock`` when given)."""
    own = sock is None
    if sock is None:
        sock = socket.socket()
        sock.settimeout(SLACK_S)
        sock.bind((source, 0))
        sock.connect(("127.0.0.1", port))
    try:
        sock.sendall(f"GET /api/setup HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        got = b""
        while b"\r\n\r\n" not in got:
            chunk = sock.recv(65536)
            if not chunk:
                break
            got += chunk
        head, _, rest = got.partition(b"\r\n\r\n")
        length = int(re.search(rb"content-length: (\d+)", head, re.I).group(1))  # type: ignore[union-attr]
        while len(rest) < length:
            rest += sock.recv(65536)
        return head.split(b"\r\n")[0]
    finally:
        if own:
            sock.close()


def closed_by_server(sock: socket.socket) -> bytes:
    """What the server sent before it closed ``sock`` (waits at most SLACK_S)."""
    got = b""
    while True:
        try:
            chunk = sock.recv(4096)
        except ConnectionResetError:
            return got
        if not chunk:
            return got
        got += chunk


@pytest.fixture
def gated(tmp_path: Path) -> Iterator[Running]:
    gate = Gate(total=48, per_client=8, header_timeout=1.5)
    yield from run(make_server(tmp_path / "boards"), gate=gate)


def test_slow_and_silent_connections_are_closed_when_their_header_is_late(
        gated: Running) -> None:
    gate = gated.gate
    with sockets(gated.port, 4) as silent, sockets(gated.port, 4, "127.0.0.3") as slow:
        start = time.monotonic()
        for sock in slow:
            sock.sendall(b"GET / HTTP/1.1\r\n")
        for _ in range(3):  # one more header line every 0.4 s: never the end of it
            time.sleep(0.4)
            for sock in slow:
                sock.sendall(b"X-Slow: 1\r\n")
        assert answer(gated.port) == b"HTTP/1.1 200 OK"  # the rightful user meanwhile
        for sock in slow:
            assert closed_by_server(sock).startswith(b"HTTP/1.1 408 ")
        for sock in silent:  # a browser's spare connection is closed without a word
            assert closed_by_server(sock) == b""
        took = time.monotonic() - start
    assert 1.5 <= took < SLACK_S
    assert gate.counts["timed_out"] == 8


def test_an_endless_header_is_refused(gated: Running) -> None:
    with sockets(gated.port, 1) as (sock,):
        sock.sendall(b"GET / HTTP/1.1\r\n")
        sent = 0
        try:
            while sent < 200_000:
                sock.sendall(b"X-Long: " + b"a" * 1000 + b"\r\n")
                sent += 1010
        except (BrokenPipeError, ConnectionResetError):
            pass
        assert closed_by_server(sock).startswith(b"HTTP/1.1 431 ")
    assert gated.gate.counts["too_large"] == 1


def test_a_flood_of_idle_connections_keeps_out_no_rightful_user(tmp_path: Path) -> None:
    """80 idle connections from eight other addresses, ten each, against a gate of 48 in
    all and 8 unproven a client: each address's two oldest are pushed out, then the
    oldest of all down to 48; a keep-alive connection the rightful user proved is kept
    throughout, and a new one of theirs gets in (pushing out one more idle one)."""
    gate = Gate(total=48, per_client=8, header_timeout=10 * SLACK_S)
    for live in run(make_server(tmp_path / "boards"), gate=gate):
        with sockets(live.port, 1, "127.0.0.1") as (mine,):
            assert answer(live.port, mine) == b"HTTP/1.1 200 OK"
            floods = [sockets(live.port, 10, f"127.0.0.{i}") for i in range(2, 10)]
            opened = [flood.__enter__() for flood in floods]
            try:
                wait_for(lambda: gate.counts["evicted"] == 16 + 17)
                assert len(gate.open) == 48 and len(gate.unproven) == 47
                assert answer(live.port, mine) == b"HTTP/1.1 200 OK"  # kept: proven
                assert answer(live.port) == b"HTTP/1.1 200 OK"  # a new one gets in
                wait_for(lambda: gate.counts["evicted"] == 34)
                pushed = [s for group in opened for s in group if closed_now(s)]
                assert len(pushed) == 34
            finally:
                for flood in floods:
                    flood.__exit__(None, None, None)
        assert gate.counts["timed_out"] == 0 and gate.counts["refused"] == 0


def wait_for(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + SLACK_S
    while not condition():
        assert time.monotonic() < deadline, "the server did not get there"
        time.sleep(0.01)


def closed_now(sock: socket.socket) -> bool:
    """Whether the server has closed ``sock`` (without waiting)."""
    sock.setblocking(False)
    try:
        return sock.recv(1) == b""
    except BlockingIOError:
        return False
    except ConnectionResetError:
        return True
    finally:
        sock.setblocking(True)


def test_the_limit_follows_the_open_files_limit() -> None:
    assert connection_limit(1024) == 960
    assert connection_limit(256) == 192
    assert connection_limit(100_000) == 1000
    assert connection_limit(-1) == 1000
    assert connection_limit(70) == 8


def test_accept_errors_are_said_once_a_minute(caplog: pytest.LogCaptureFixture) -> None:
    """The event loop calls its handler once per failed accept (51,158 times in seconds,
    each with a traceback): one line, then one a minute with the count."""
    loop = asyncio.new_event_loop()
    now = [0.0]
    try:
        quiet_accept_errors(loop, clock=lambda: now[0])
        error = OSError(errno.EMFILE, "Too many open files")
        with caplog.at_level(logging.ERROR, logger="sheetgen.serve"):
            for i in range(50_000):
                now[0] = i / 1000  # 50 s of failures
                loop.call_exception_handler({"message": "socket.accept() out of system "
                                             "resource", "exception": error})
            now[0] = 61.0
            loop.call_exception_handler({"message": "x", "exception": error})
    finally:
        loop.close()
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 2 and all("\n" not in line for line in lines)
    assert "Too many open files" in lines[0]
    assert "(49999 more since the last note)" in lines[1]
    assert all(r.exc_info is None for r in caplog.records)


def test_out_of_file_descriptors_the_rightful_user_is_answered(tmp_path: Path) -> None:
    """`sheetgen serve` under a soft limit of 256 open files, 300 idle connections from
    another address: the rightful request is answered and the log holds no traceback."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, resource.getrlimit(
            resource.RLIMIT_NOFILE)[1]))

    with serving(tmp_path, "usa", preexec_fn=limit) as (lines, process):
        port = int(re.findall(r"Open http://127\.0\.0\.1:(\d+)/", "\n".join(lines))[0])
        with sockets(port, 300):
            time.sleep(1.0)  # the server takes them in (and out)
            assert answer(port) == b"HTTP/1.1 200 OK"
        process.terminate()
        assert process.stdout is not None
        output = process.stdout.read()
    assert "Traceback" not in output and len(output) < 10_000
