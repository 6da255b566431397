"""The door of the server: connections are bounded before any request is read, so that
nobody on the network can keep the rightful user out.

Before its first complete request a connection is *unproven*: it has shown neither the
access token (off loopback) nor a Host that names the server (on loopback). Unproven
connections are what an attacker can make without the token, so they are held short:

* a request's header must be complete within ``header_timeout`` seconds of the
  connection (or of the last response on it) and within ``MAX_HEADER_BYTES``; a slow
  connection is closed (408, or without a word when it sent nothing), an endless header
  refused (431);
* one client (an IP address) holds at most ``per_client`` unproven connections, and the
  server at most ``total`` connections in all, well under the process's limit on open
  files (so ``accept`` never fails for want of one); a new connection past a bound
  closes the *oldest unproven* one (of that client, or of all), never a proven one:
  a fresh connection that sends its request at once gets in, a flood of idle ones
  pushes out only its own kind;
* a connection that is refused (no token, a foreign Host) is closed after the answer.

A request that passes the application's ``Guard`` *proves* its connection
(``prove`` in the scope's ``extensions``); proven connections keep the server's
ordinary keep-alive (uvicorn's ``timeout_keep_alive``).

``accept`` errors (no file descriptor left) are said once, then at most once a minute
with a count, instead of a traceback each (the event loop logged 51,158 of them, 21 MB,
in seconds).
"""

from __future__ import annotations

import asyncio
import errno
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

HEADER_TIMEOUT_S = 10.0
"""Time to a complete request header (a phone sends its header in one packet)."""
MAX_HEADER_BYTES = 32 * 1024
"""The largest request header (the page's are under 1 KiB)."""
PER_CLIENT = 32
"""Unproven connections one IP address may hold (a browser opens at most 6)."""
MAX_CONNECTIONS = 1000
"""Connections in all, when the limit on open files allows as many."""
RESERVED_FDS = 64
"""File descriptors kept for everything else: the boards' files, the checker's pipes,
the listening socket, the event loop's own."""
ACCEPT_LOG_EVERY_S = 60.0
BACKLOG = 128
"""Connections the kernel queues before they are accepted (also how many one turn of the
event loop accepts)."""
KEEP_ALIVE_S = 5
"""An idle proven connection is closed after this (uvicorn's default)."""

log = logging.getLogger("sheetgen.serve")


def connection_limit(soft_fd_limit: int | None = None) -> int:
    """How many connections the server holds: ``MAX_CONNECTIONS``, or fewer where the
    soft limit on open files (``ulimit -n``) leaves less than that beside
    ``RESERVED_FDS``."""
    if soft_fd_limit is None:
        try:
            import resource

            soft_fd_limit = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        except (ImportError, OSError, ValueError):  # no resource module (Windows)
            soft_fd_limit = 512
    if soft_fd_limit < 0:  # RLIM_INFINITY
        return MAX_CONNECTIONS
    return max(8, min(MAX_CONNECTIONS, soft_fd_limit - RESERVED_FDS))


@dataclass
class Gate:
    """The bounds, and the connections open now (see the module text)."""

    total: int = field(default_factory=connection_limit)
    per_client: int = PER_CLIENT
    header_timeout: float = HEADER_TIMEOUT_S
    open: dict[GatedProtocol, None] = field(default_factory=dict)
    unproven: OrderedDict[GatedProtocol, None] = field(default_factory=OrderedDict)
    by_client: dict[str, OrderedDict[GatedProtocol, None]] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=lambda: {
        "evicted": 0, "timed_out": 0, "too_large": 0, "refused": 0})

    def admit(self, conn: GatedProtocol) -> None:
        """Take a new connection in, closing the oldest unproven one of its client or of
        all when a bound is passed (the new one itself when every other is proven and
        busy)."""
        self.open[conn] = None
        self.unproven[conn] = None
        mine = self.by_client.setdefault(conn.peer, OrderedDict())
        mine[conn] = None
        while len(mine) > self.per_client:
            self._drop(next(iter(mine)), "evicted")
        while len(self.open) > self.total:
            victim = next(iter(self.unproven), None)
            if victim is None or victim is conn:
                victim = next((c for c in self.open if c.idle and c is not conn), conn)
            self._drop(victim, "evicted" if victim is not conn else "refused")

    def prove(self, conn: GatedProtocol) -> None:
        self.unproven.pop(conn, None)
        mine = self.by_client.get(conn.peer)
        if mine is not None:
            mine.pop(conn, None)
            if not mine:
                del self.by_client[conn.peer]

    def release(self, conn: GatedProtocol) -> None:
        self.prove(conn)
        self.open.pop(conn, None)

    def _drop(self, conn: GatedProtocol, why: str) -> None:
        self.counts[why] += 1
        self.release(conn)
        conn.transport.abort()


def gated(gate: Gate) -> type[HttpToolsProtocol]:
    """uvicorn's httptools protocol behind ``gate`` (for ``uvicorn.Config(http=...)``)."""
    return type("Gated", (GatedProtocol,), {"gate": gate})


class GatedProtocol(HttpToolsProtocol):
    """uvicorn's HTTP/1.1 protocol with the gate's bounds on each connection."""

    gate: Gate

    peer: str = ""
    idle: bool = True
    """Waiting for a request's header (none begun, or one not yet complete)."""
    _header_bytes: int = 0
    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.peer = self.client[0] if self.client else ""
        self._await_header()
        self.gate.admit(self)

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_deadline()
        self.gate.release(self)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.idle and not self.transport.is_closing():
            # the parser took every byte and the header is still not complete
            self._header_bytes += len(data)
            if self._header_bytes > MAX_HEADER_BYTES:
                self.gate.counts["too_large"] += 1
                self._refuse(431, "request header too large")

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self.scope["extensions"] = {"sheetgen.prove": self.prove}  # type: ignore[dict-item]

    def on_headers_complete(self) -> None:
        self.idle = False
        self._cancel_deadline()
        super().on_headers_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._await_header()

    def prove(self) -> None:
        """The request passed the Guard: this connection is the rightful user's."""
        self.gate.prove(self)

    def _await_header(self) -> None:
        self.idle = True
        self._header_bytes = 0
        self._cancel_deadline()
        self._deadline = self.loop.call_later(self.gate.header_timeout, self._too_slow)

    def _cancel_deadline(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self.idle and not self.transport.is_closing():
            self.gate.counts["timed_out"] += 1
            if self._header_bytes:
                self._refuse(408, "request header not complete in time")
            else:  # nothing begun (a browser's spare connection): closed without a word
                self.transport.close()

    def _refuse(self, status: int, text: str) -> None:
        body = text.encode("ascii")
        phrase = {408: b"Request Timeout", 431: b"Request Header Fields Too Large"}[status]
        self.transport.write(b"HTTP/1.1 %d %s\r\ncontent-type: text/plain; charset=utf-8\r\n"
                             b"content-length: %d\r\nconnection: close\r\n\r\n%s"
                             % (status, phrase, len(body), body))
        self.transport.close()


def quiet_accept_errors(loop: asyncio.AbstractEventLoop,
                        clock: Callable[[], float] = time.monotonic) -> None:
    """Say an ``accept`` that failed for want of a file descriptor once, then at most
    once a minute with a count, without a traceback; hand anything else on."""
    previous = loop.get_exception_handler()
    state = {"next": 0.0, "quiet": 0}

    def handler(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        exc = context.get("exception")
        if isinstance(exc, OSError) and exc.errno in (errno.EMFILE, errno.ENFILE,
                                                      errno.ENOBUFS, errno.ENOMEM):
            now = clock()
            if now < state["next"]:
                state["quiet"] += 1
                return
            more = f" ({state['quiet']} more since the last note)" if state["quiet"] else ""
            log.error("sheetgen serve: cannot accept a connection: %s%s; the server goes "
                      "on with those it has", exc.strerror or exc, more)
            state["next"], state["quiet"] = now + ACCEPT_LOG_EVERY_S, 0
            return
        if previous is not None:
            previous(loop, context)
        else:
            loop.default_exception_handler(context)

    loop.set_exception_handler(handler)


def server_config(app: Any, gate: Gate) -> Any:
    """The uvicorn configuration of ``sheetgen serve``: ``app`` behind ``gate``."""
    import uvicorn

    return uvicorn.Config(app, http=gated(gate), log_level="warning", access_log=False,
                          lifespan="on", timeout_graceful_shutdown=2, backlog=BACKLOG,
                          timeout_keep_alive=KEEP_ALIVE_S)
