"""The entry page's server under load: the first page load, and twenty honest clients
entering boards beside hundreds of slow-header sockets.

    python benchmarks/bench_serve.py [--clients 20] [--slow 500] [--sources 16]
                                     [--entries 41] [--pace 0.5]

``sheetgen serve usa`` runs in a process of its own, on loopback, as a club runs it, with
the usual soft limit of 1024 open files.

1. **First page load**: the time from the address printed to each of the page's first
   answers (``/``, ``api/setup``, the board, its map), wall clock, and the server's CPU
   time to then.
2. **Slow headers**: an attacker process holds ``--slow`` connections open from
   ``--sources`` loopback addresses (127.0.0.2, .3, ..., as machines on the network would
   be), each sending one more header line a second and never the end of it (slowloris);
   a connection the server closes is opened again at once. Meanwhile ``--clients``
   honest clients (from 127.0.0.1, one keep-alive connection each, four to a board)
   each enter ``--entries`` cells, one every ``--pace`` seconds, out of step. Printed:
   the honest entries' median, 95th percentile and slowest response, the failures, how
   often the attacker had to reconnect, and the server's peak memory.

The load average is printed beside the figures: on a busy machine the wall times grow.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import re
import selectors
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

BOARDS = 5
HEADERS = {"X-Sheetgen": "1", "Content-Type": "application/json"}


@dataclass
class Serving:
    process: subprocess.Popen[str]
    port: int
    printed_at: float


NOFILE = 1024
"""The server's soft limit on open files: the usual default (``ulimit -n``)."""


def _limit_files() -> None:
    import resource

    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(NOFILE, hard) if hard > 0 else NOFILE,
                                                hard))


def start(folder: Path) -> Serving:
    """``sheetgen serve usa`` in a process of its own, with the usual limit of 1024 open
    files; returns once it printed its address."""
    process = subprocess.Popen(
        [sys.executable, "-c", "from sheetgen.cli import main; main()", "serve", "usa",
         "--boards", str(folder)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"}, preexec_fn=_limit_files)
    assert process.stdout is not None
    port = 0
    for line in process.stdout:
        found = re.match(r"Open http://127\.0\.0\.1:(\d+)/$", line.strip())
        port = int(found.group(1)) if found else port
        if line.startswith("Stop with Ctrl-C"):
            break
    if not port:
        process.kill()
        raise SystemExit("sheetgen serve printed no address")
    threading.Thread(target=process.stdout.read, daemon=True).start()  # drain the log
    return Serving(process, port, time.perf_counter())


def stop(serving: Serving) -> None:
    serving.process.terminate()
    serving.process.wait(30)
    if serving.process.stdout is not None:
        serving.process.stdout.close()


def cpu_s(pid: int) -> float:
    """User and system CPU time of a running process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def call(conn: http.client.HTTPConnection, method: str, path: str,
         body: object = None) -> tuple[int, bytes]:
    conn.request(method, path, None if body is None else json.dumps(body), HEADERS)
    response = conn.getresponse()
    return response.status, response.read()


def first_load(serving: Serving) -> dict[str, float]:
    """Milliseconds from the address printed to each of the page's first answers."""
    conn = http.client.HTTPConnection("127.0.0.1", serving.port, timeout=120)
    out: dict[str, float] = {}
    for path in ("/", "/api/setup", "/api/boards/usa", "/api/maps/usa"):
        status, _ = call(conn, "GET", path)
        if status != 200:
            raise SystemExit(f"GET {path}: {status}")
        out[path] = (time.perf_counter() - serving.printed_at) * 1000
    conn.close()
    out["server CPU s"] = cpu_s(serving.process.pid)
    return out


# --- the attacker ------------------------------------------------------------------------

def attacker(port: int, count: int, sources: int, seconds: float) -> None:
    """Hold ``count`` slow-header connections for ``seconds`` or until its standard input
    ends (run in its own process: ``bench_serve.py --attacker PORT COUNT SOURCES
    SECONDS``); prints how many times it had to connect."""
    selector = selectors.DefaultSelector()
    selector.register(sys.stdin, selectors.EVENT_READ, None)
    opened = 0
    next_line: dict[socket.socket, float] = {}
    begun: set[socket.socket] = set()

    def connect(index: int) -> None:
        nonlocal opened
        sock = socket.socket()
        sock.bind((f"127.0.0.{2 + index % sources}", 0))
        sock.setblocking(False)
        with contextlib.suppress(BlockingIOError):
            sock.connect(("127.0.0.1", port))
        selector.register(sock, selectors.EVENT_READ, index)
        next_line[sock] = time.monotonic()
        opened += 1

    for index in range(count):
        connect(index)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        events = selector.select(0.05)
        if any(key.data is None for key, _ in events):
            break  # standard input ended: the run is over
        for key, _ in events:
            sock = key.fileobj
            assert isinstance(sock, socket.socket)
            try:
                data = sock.recv(4096)
            except (BlockingIOError, InterruptedError):
                continue
            except OSError:
                data = b""
            if not data:  # closed by the server: open another at once
                selector.unregister(sock)
                next_line.pop(sock, None)
                begun.discard(sock)
                sock.close()
                connect(key.data)
        now = time.monotonic()
        for sock, due in list(next_line.items()):
            if due <= now:
                try:
                    sock.send(b"X-Slow: 1\r\n" if sock in begun else b"GET / HTTP/1.1\r\n")
                    begun.add(sock)
                except OSError:  # not connected yet, or closed: its turn comes again
                    pass
                next_line[sock] = now + 1.0
    print(json.dumps({"connections": opened}), flush=True)
    for key in list(selector.get_map().values()):
        if key.data is not None:
            key.fileobj.close()  # type: ignore[union-attr]


def start_attacker(port: int, count: int, sources: int, seconds: float
                   ) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, __file__, "--attacker", str(port), str(count),
                             str(sources), str(seconds)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)


# --- honest clients ----------------------------------------------------------------------

@dataclass
class Honest:
    times_ms: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)


def honest(port: int, clients: int, entries: int, pace: float) -> Honest:
    """``clients`` phones entering ``entries`` cells each, one every ``pace`` seconds."""
    from sheetgen.games import resolve_map

    rows = list(resolve_map("usa").space_ids)
    result = Honest()
    lock = threading.Lock()
    setup = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    for b in range(BOARDS):
        status, raw = call(setup, "POST", "/api/boards", {
            "name": f"table-{b}", "map": "usa",
            "players": [f"P{b}-{k}" for k in range((clients + BOARDS - 1) // BOARDS)]})
        if status != 201:
            raise SystemExit(f"making board table-{b}: {status} {raw[:200]!r}")
    setup.close()
    barrier = threading.Barrier(clients)

    def client(index: int) -> None:
        board, player = f"table-{index % BOARDS}", f"P{index % BOARDS}-{index // BOARDS}"
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        barrier.wait()
        due = time.monotonic() + index * pace / clients
        for i in range(entries):
            due += pace
            time.sleep(max(0.0, due - time.monotonic()))
            body = {"player": player, "row": rows[i % len(rows)], "text": f"{i % 100:02d}"}
            t0 = time.perf_counter()
            try:
                status, _ = call(conn, "POST", f"/api/boards/{board}/cell", body)
            except (OSError, http.client.HTTPException) as exc:
                status = 0
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                with lock:
                    result.failures.append(f"{player}: {exc!r}")
            elapsed = (time.perf_counter() - t0) * 1000
            with lock:
                result.times_ms.append(elapsed)
                if status not in (0, 200):
                    result.failures.append(f"{player}: {status}")
        conn.close()

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return result


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(share * len(ordered)) - 1)]


@dataclass
class LoadRun:
    honest: Honest
    attacker_connections: int
    peak_mb: float
    load: tuple[float, float, float]

    @property
    def p95(self) -> float:
        return percentile(self.honest.times_ms, 0.95)

    def line(self) -> str:
        t = self.honest.times_ms
        return (f"{len(t)} entries: median {percentile(t, 0.5):.1f} ms, p95 {self.p95:.1f} "
                f"ms, slowest {max(t):.1f} ms; {len(self.honest.failures)} failed; "
                f"the attacker connected {self.attacker_connections} times; server peak "
                f"{self.peak_mb:.0f} MB; load average {self.load[0]:.2f} {self.load[1]:.2f} "
                f"{self.load[2]:.2f}")


def under_attack(folder: Path, *, clients: int = 20, slow: int = 500, sources: int = 16,
                 entries: int = 41, pace: float = 0.5) -> LoadRun:
    """The honest clients' run beside the slow-header sockets (see the module text)."""
    serving = start(folder)
    try:
        seconds = entries * pace + 15.0
        attack = start_attacker(serving.port, slow, sources, seconds)
        time.sleep(2.0)  # the slow sockets are in before the first honest entry
        result = honest(serving.port, clients, entries, pace)
        load = os.getloadavg()
        peak = peak_mb(serving.process.pid)
        out = attack.communicate(timeout=60)[0]  # its standard input ends: it stops
        found = re.search(r'"connections": (\d+)', out)
        made = int(found.group(1)) if found else slow
    finally:
        stop(serving)
    return LoadRun(result, made, peak, load)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--attacker"]:
        port, count, sources, seconds = argv[1:5]
        attacker(int(port), int(count), int(sources), float(seconds))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--slow", type=int, default=500)
    parser.add_argument("--sources", type=int, default=16)
    parser.add_argument("--entries", type=int, default=41)
    parser.add_argument("--pace", type=float, default=0.5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        serving = start(Path(folder) / "first")
        try:
            first = first_load(serving)
        finally:
            stop(serving)
        print("first page load, ms after the address was printed: " + ", ".join(
            f"{k} {v:.0f}" for k, v in first.items() if k != "server CPU s")
            + f"; server CPU {first['server CPU s']:.2f} s; load average "
            + " ".join(f"{x:.2f}" for x in os.getloadavg()))
        run = under_attack(Path(folder) / "attack", clients=args.clients, slow=args.slow,
                           sources=args.sources, entries=args.entries, pace=args.pace)
        print(f"{args.clients} honest clients beside {args.slow} slow-header sockets from "
              f"{args.sources} addresses: {run.line()}")
        for failure in run.honest.failures[:5]:
            print(f"  failed: {failure}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
